"""The renderer on its own: escaping, links across pages, headings."""

from __future__ import annotations

from altered_rules.glossary.model import Text
from altered_rules.render import Renderer, md_escape, relative_url


def test_markup_in_rule_text_reaches_the_page_as_text(glossary):
    renderer = Renderer(glossary)
    html = renderer.inline('<script>alert("x")</script> & <b>bold</b> {forest}', "rules/chapter-4.md")
    assert "<script>" not in html and "&lt;script&gt;" in html and "&lt;b&gt;" in html
    assert 'class="ar-symbol ar-symbol--region"' in html


def test_a_paragraph_with_markup_is_escaped_in_its_block(glossary):
    renderer = Renderer(glossary)
    paragraph = glossary.paragraphs["4.2.4.c"]
    original = paragraph.text
    try:
        paragraph.text = Text({"en": 'A tie <img src=x onerror="alert(1)"> is not sufficient.'})
        html = renderer.paragraph_html(paragraph, "rules/chapter-4.md")
    finally:
        paragraph.text = original
    assert "<img" not in html and "&lt;img" in html


def test_headings_escape_markdown():
    assert md_escape("Charge! *now* <b>") == "Charge\\! \\*now\\* &lt;b&gt;"


def test_links_between_pages_are_relative():
    assert relative_url("rules/chapter-3.md", "rules/chapter-2.md", "2.2.1.e") == "../chapter-2/#2.2.1.e"
    assert relative_url("rules/chapter-2.md", "rules/chapter-2.md", "2.1.e") == "#2.1.e"
    assert relative_url("modes/standard.md", "rules/chapter-1.md", "1.1.4.f") == "../../rules/chapter-1/#1.1.4.f"
    assert relative_url("index.md", "sources.md", "seed-000") == "sources/#seed-000"


def test_a_rule_link_points_to_the_page_that_holds_the_rule(glossary):
    renderer = Renderer(glossary)
    assert 'href="../chapter-7/#7.4.3.i"' in renderer.inline("see 7.4.3.i", "rules/chapter-1.md")


def test_a_keyword_links_once_per_paragraph_and_never_in_its_own_rule(glossary):
    renderer = Renderer(glossary, "en")
    used: set[str] = set()
    html = renderer.inline("Gigantic characters count twice; Gigantic again.", "rules/chapter-4.md", keywords=("4.3.h", used))
    assert html.count('class="ar-term"') == 1 and 'href="../../keywords/#kw-gigantic"' in html
    own = renderer.inline("A Gigantic object is present in both expeditions.", "rules/chapter-7.md", keywords=("7.4.3.b", set()))
    assert "kw-gigantic" not in own and "kw-expedition" in own  # its own term only is not linked


def test_keywords_follow_the_page_language_and_skip_placeholders(glossary):
    renderer = Renderer(glossary, "it")
    html = renderer.inline("Un Personaggio con Colossale nelle spedizioni", "rules/chapter-4.md", keywords=("4.3.h", set()))
    assert '#kw-gigantic">Colossale</a>' in html and '#kw-expedition">spedizioni</a>' in html
    english = Renderer(glossary, "en").inline("in [expedition] or {reserve}", "rules/chapter-7.md", keywords=("7.3.3.b", set()))
    assert "ar-term" not in english
