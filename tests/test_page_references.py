"""Rule numbers in the hand-written pages: linked as in the glossary's text, checked with the
page's file and line, and left alone where they are not prose."""

from __future__ import annotations

import pytest

from altered_rules.pages.page_references import link_rule_references
from altered_rules.pages.render import Renderer

from project_paths import PROJECT

PAGE = "docs/en/scenarios.md"


@pytest.fixture(scope="module")
def renderer(glossary) -> Renderer:
    return Renderer(glossary, "en")


def _link(markdown: str, glossary, renderer, page: str = "scenarios.md"):
    return link_rule_references(markdown, PAGE, page, glossary, renderer)


def test_a_rule_number_in_the_prose_is_linked_as_the_rule_pages_link_it(glossary, renderer):
    linked, errors = _link("Dusk (4.2.4), then the end of the game (see rule 4.3).\n", glossary, renderer)
    assert errors == []
    assert linked == ('Dusk (<a class="ar-ref" href="../rules/chapter-4/#4.2.4">4.2.4</a>), then the end of the game '
                      '(see rule <a class="ar-ref" href="../rules/chapter-4/#4.3">4.3</a>).\n')
    # From a page in a folder, the link climbs out of it; on a rule's own page it is an anchor.
    assert 'href="../../rules/chapter-7/#7.3.3.b"' in _link("rule 7.3.3.b", glossary, renderer, "guides/tokens.md")[0]


def test_an_unknown_rule_fails_with_the_page_file_and_line(glossary, renderer):
    _, errors = _link("# Title\n\nFine: 4.3.\nBroken: see rule 4.3.z and 9.9.\n", glossary, renderer)
    assert [str(e) for e in errors] == [
        f"{PAGE}:4: reference to rule 4.3.z, which does not exist in the glossary; rules nearby: 4.3.a, 4.3.b, "
        "4.3.c, 4.3.d, 4.3.e, 4.3.f, 4.3.g, 4.3.h (a number that is not a rule goes in `code`)",
        f"{PAGE}:4: reference to rule 9.9, which does not exist in the glossary (a number that is not a rule goes in `code`)",
    ]


def test_a_rule_the_sources_lack_but_external_rules_lists_is_accepted(glossary, renderer):
    external = next(iter(glossary.external_rules))
    linked, errors = _link(f"As {external} says.", glossary, renderer)
    assert errors == [] and "ar-ref--external" in linked


@pytest.mark.parametrize("markdown", [
    "`rules: [4.3, 9.9.z]` names rule `9.9`, not the number ``9.9``.",      # code spans
    "```yaml\nrules: [9.9.z]\n```",                                          # a fenced block
    "~~~\n9.9.z\n~~~",
    "See [rule 9.9.z](../rules/chapter-4.md#9.9.z) and ![9.9](x.png).",    # a link's text and target
    "[9.9.z]: https://example.org/9.9.z",                                   # a link definition
    "<https://example.org/rules/9.9.z> and https://example.org/9.9",       # addresses
])
def test_what_is_not_prose_is_left_as_written_and_not_checked(glossary, renderer, markdown):
    assert _link(markdown, glossary, renderer) == (markdown, [])


def test_a_raw_html_line_is_checked_but_not_linked(glossary, renderer):
    line = '<span class="ar-rule__number" data-x="9.9.z">4.2.4.c</span>'
    assert _link(line, glossary, renderer) == (line, [])
    _, errors = _link("<p>9.9.z</p>", glossary, renderer)
    assert [e.line for e in errors] == [1]


def test_every_hand_written_page_has_only_known_rules(glossary):
    pages = sorted((PROJECT / "docs").glob("*/*.md"))
    assert len(pages) >= 12
    for path in pages:
        language = path.parent.name
        _, errors = link_rule_references(path.read_text(encoding="utf-8"), str(path), path.name, glossary, Renderer(glossary, language))
        assert errors == [], errors
