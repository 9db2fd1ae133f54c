""""Edit this rule" links on their own (issue 28): the URL of an entry's YAML on the forge,
escaped where it lands, absent where the site names no forge or the file is not in the repository."""

from __future__ import annotations

import dataclasses
import re

from altered_rules.pages.render import PageNotices, Renderer
from altered_rules.pages.site_pages import pages
from altered_rules.pages.source_links import SourceLinks

from project_paths import PROJECT

PAGE = "rules/chapter-4.md"
EDIT = re.compile(r'class="ar-edit[ "]')   # not ar-editorial


def _links(repo_url: str | None = "https://forge.example/team/altered-rules", uri: str = "blob/main/") -> SourceLinks | None:
    return SourceLinks.for_site(repo_url, uri, PROJECT)


def test_a_rule_links_to_its_file_and_line_beside_its_number(glossary):
    renderer = Renderer(glossary, source_links=_links())
    paragraph = glossary.paragraphs["4.2.4.c"]
    html = renderer.paragraph_html(PageNotices(), paragraph, PAGE)
    url = f"https://forge.example/team/altered-rules/blob/main/glossary/rules/4/4.2.4.yaml#L{paragraph.line}"
    assert f'</a><a class="ar-edit" href="{url}" title="Edit rule 4.2.4.c in the repository (glossary/rules/4/4.2.4.yaml, line {paragraph.line})"' in html


def test_the_label_is_in_the_page_language(glossary):
    renderer = Renderer(glossary, "fr", source_links=_links())
    assert "Modifier la règle 4.2.4.c dans le dépôt (glossary/rules/4/4.2.4.yaml, ligne" in renderer.paragraph_html(PageNotices(), glossary.paragraphs["4.2.4.c"], PAGE)
    renderer = Renderer(glossary, "it", source_links=_links())
    assert "Modifica questa voce" in renderer.term_html(PageNotices(), glossary.terms[0], "glossary-terms.md")


def test_the_url_and_the_label_are_escaped(glossary):
    renderer = Renderer(glossary, source_links=_links('https://forge.example/"><script>alert(1)</script>', "blob/a b&c/"))
    html = renderer.paragraph_html(PageNotices(), glossary.paragraphs["4.2.4.c"], PAGE)
    assert "<script>" not in html and 'href="https://forge.example/&quot;&gt;&lt;script&gt;' in html
    assert "blob/a b&amp;c/glossary/rules/4/4.2.4.yaml" in html
    odd = dataclasses.replace(glossary.paragraphs["4.2.4.c"], file=str(PROJECT / "glossary/rules/4/a b#<c>.yaml"))
    html = renderer.paragraph_html(PageNotices(), odd, PAGE)
    assert "glossary/rules/4/a%20b%23%3Cc%3E.yaml#L" in html and "a b#&lt;c&gt;.yaml, line" in html


def test_no_forge_no_links(glossary):
    assert _links(None) is None
    generated = pages(glossary, "en", source_links=None)
    assert not any(EDIT.search(page.markdown) for page in generated)


def test_a_file_outside_the_repository_gets_no_link(glossary, tmp_path):
    renderer = Renderer(glossary, source_links=_links())
    outside = dataclasses.replace(glossary.paragraphs["4.2.4.c"], file=str(tmp_path / "glossary/rules/4/4.2.4.yaml"))
    assert not EDIT.search(renderer.paragraph_html(PageNotices(), outside, PAGE))


def test_every_entry_kind_gets_a_link(glossary):
    generated = {page.path: page.markdown for page in pages(glossary, "en", source_links=_links())}
    assert generated["glossary-terms.md"].count('class="ar-edit ar-edit--entry"') == len(glossary.terms)
    assert generated["rulings.md"].count('class="ar-edit ar-edit--entry"') == len(glossary.rulings)
    for mode in glossary.modes:
        assert sum(markdown.count(f"glossary/modes/{mode.id}.yaml#L{mode.line}") for markdown in generated.values()) == 1
    chapters = "".join(markdown for path, markdown in generated.items() if path.startswith("rules/"))
    assert chapters.count('<a class="ar-edit" href=') == len(glossary.paragraphs)
    cards = [markdown for path, markdown in generated.items() if path.startswith("cards/") and path != "cards/index.md"]
    assert len(cards) == len(glossary.cards) and all("glossary/cards.yaml#L" in markdown for markdown in cards)
