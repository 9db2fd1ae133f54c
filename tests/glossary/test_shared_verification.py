"""The three language builds of one site build verify the glossary once between them
(verification.verify_glossary_once, in build_site's one process): the same checks, the same
pages, never a stale result."""

from __future__ import annotations

from altered_rules.content.glossary import load_glossary
from altered_rules.pages.site_pages import pages
from altered_rules.verification.checks import forget, verify_glossary_once

from edits import replace_in_paragraph


def _markdown(glossary, verification) -> list[str]:
    return [page.markdown for language in ("en", "fr") for page in pages(glossary, language, verification)]


def test_the_second_build_takes_the_first_ones_result(glossary_copy):
    forget()   # another test of this worker may have verified the same files
    first_glossary = load_glossary(glossary_copy)
    first = verify_glossary_once(first_glossary)
    assert first.ran == len(first.checks) > 300
    second_glossary = load_glossary(glossary_copy)   # another language's build: the glossary read again
    second = verify_glossary_once(second_glossary)
    assert second.ran == 0 and second.checks is first.checks
    assert _markdown(second_glossary, second) == _markdown(first_glossary, first)


def test_a_changed_glossary_is_verified_again_and_a_failure_is_never_kept(glossary_copy):
    verify_glossary_once(load_glossary(glossary_copy))
    replace_in_paragraph(glossary_copy / "rules/4/4.2.4.yaml", "4.2.4.c", "      Bob.hero.region: 0\n", "      Bob.hero.region: 1\n")
    failed = verify_glossary_once(load_glossary(glossary_copy))
    assert [c.rule for c in failed.failures] == ["4.2.4.c"]
    again = verify_glossary_once(load_glossary(glossary_copy))
    assert [c.rule for c in again.failures] == ["4.2.4.c"]  # a failing verification is never kept as passing
