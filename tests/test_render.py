"""The renderer on its own: escaping, links across pages, headings."""

from __future__ import annotations

import dataclasses
import gzip
import html
import re

from altered_rules.content.glossary.model import Keyword, Text
from altered_rules.pages.render import PageNotices, Renderer, md_escape, relative_url
from altered_rules.pages.site_pages import pages
from altered_rules.verification.checks import verify_glossary

from edits import replace_once


def test_markup_in_rule_text_reaches_the_page_as_text(glossary):
    renderer = Renderer(glossary)
    html = renderer.inline(PageNotices(), '<script>alert("x")</script> & <b>bold</b> {forest}', "rules/chapter-4.md")
    assert "<script>" not in html and "&lt;script&gt;" in html and "&lt;b&gt;" in html
    assert 'class="ar-symbol ar-symbol--region"' in html


def test_a_paragraph_with_markup_is_escaped_in_its_block(glossary):
    renderer = Renderer(glossary)
    paragraph = glossary.paragraphs["4.2.4.c"]
    original = paragraph.text
    try:
        paragraph.text = Text({"en": 'A tie <img src=x onerror="alert(1)"> is not sufficient.'})
        html = renderer.paragraph_html(PageNotices(), paragraph, "rules/chapter-4.md")
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
    assert 'href="../chapter-7/#7.4.3.i"' in renderer.inline(PageNotices(), "see 7.4.3.i", "rules/chapter-1.md")


def test_a_keyword_links_once_per_paragraph_and_never_in_its_own_rule(glossary):
    renderer = Renderer(glossary, "en")
    used: set[str] = set()
    html = renderer.inline(PageNotices(), "Gigantic characters count twice; Gigantic again.", "rules/chapter-4.md", keywords=("4.3.h", used))
    assert html.count('class="ar-term"') == 1 and 'href="../../keywords/#kw-gigantic"' in html
    own = renderer.inline(PageNotices(), "A Gigantic object is present in both expeditions.", "rules/chapter-7.md", keywords=("7.4.3.b", set()))
    assert "kw-gigantic" not in own and "kw-expedition" in own  # its own term only is not linked


def test_a_keyword_never_links_inside_an_entity_of_the_escaped_text(glossary):
    """A keyword spelt like an entity's name ("lt", "amp") must not break "&lt;" apart."""
    term = dataclasses.replace(glossary.keywords[0].term, id="lt", en="lt")
    renderer = Renderer(dataclasses.replace(glossary, keywords=[Keyword(term, ("9.9",))]), "en")
    html = renderer.inline(PageNotices(), "a <b> & lt", "rules/chapter-4.md", keywords=("4.3.h", set()))
    assert html == 'a &lt;b&gt; &amp; <a class="ar-term" href="../../keywords/#kw-lt">lt</a>'


def test_keywords_follow_the_page_language_and_skip_placeholders(glossary):
    renderer = Renderer(glossary, "it")
    html = renderer.inline(PageNotices(), "Un Personaggio con Colossale nelle spedizioni", "rules/chapter-4.md", keywords=("4.3.h", set()))
    assert '#kw-gigantic">Colossale</a>' in html and '#kw-expedition">spedizioni</a>' in html
    english = Renderer(glossary, "en").inline(PageNotices(), "in [expedition] or {reserve}", "rules/chapter-7.md", keywords=("7.3.3.b", set()))
    assert "ar-term" not in english


def test_a_verified_scenario_opens_in_the_sandbox_by_its_id(glossary):
    verification = verify_glossary(glossary)
    renderer = Renderer(glossary, "fr", verification)
    example, illustration = (next(c for c in verification.checks if c.anchor == anchor)
                             for anchor in ("2.1.c-example-1", "4.2.4.c-scenario-1"))
    for check in (example, illustration):
        html = renderer.check_html(PageNotices(), check, "rules/chapter-2.md")
        links = re.findall(r'<a class="ar-sandbox-link" href="([^"]*)">Ouvrir dans le bac à sable</a>', html)
        assert links == [f"../../sandbox/?scenario={check.anchor}"]
    # A link from a game mode's page, whose deck scenarios open in the deck checker.
    deck = next(c for c in verification.checks if c.anchor.startswith("sealed."))
    assert f'href="../../sandbox/?scenario={deck.anchor}"' in renderer.check_html(PageNotices(), deck, "modes/sealed.md")


def test_a_chapter_s_sandbox_links_weigh_little(glossary):
    """A link names its scenario: the fifty links of chapter 4 were 8 kB of its page gzipped as
    base64 JSON; named, they must not come back to that."""
    verification = verify_glossary(glossary)
    markdown = next(p for p in pages(glossary, "en", verification) if p.path == "rules/chapter-4.md").markdown
    without = re.sub(r'(href="[^"]*sandbox/)\?[^"]*"', r'\1"', markdown)
    assert markdown.count("ar-sandbox-link") >= 40
    assert _gzipped(markdown) - _gzipped(without) < 1000


def _gzipped(text: str) -> int:
    return len(gzip.compress(text.encode("utf-8"), 6))


def test_a_ruling_quotes_the_rule_text_of_its_language(glossary):
    """{rule-text 4.2.4.b} is the rule's own text in the page's language: the ruling cannot
    disagree with the rule page (issue 18)."""
    ruling = next(r for r in glossary.rulings if r.id == "opposing-expeditions")
    assert "{rule-text 4.2.4.b}" in ruling.conflict.by_language["fr"]
    for language, (opening, closing) in (("fr", ("«\u00a0", "\u00a0»")), ("it", ("«", "»")), ("en", ('"', '"'))):
        html = Renderer(glossary, language).ruling_html(PageNotices(), ruling, "rulings.md")
        rule = glossary.paragraphs["4.2.4.b"].text.by_language[language]
        assert Renderer(glossary, language).inline(PageNotices(), f"{opening}{rule}{closing}", "rulings.md") in html
        assert "rule-text" not in html


def test_a_ruling_quotes_a_game_modes_text_of_its_language(glossary):
    """{rule-text multiplayer-2v2-5-item-2} is the mode page's own text in the page's language, by
    its block's anchor on the mode page (issue 18): the ruling says what the mode page says."""
    ruling = next(r for r in glossary.rulings if r.id == "multiplayer-finish")
    mode = next(m for m in glossary.modes if m.id == "multiplayer-2v2")
    for language, (opening, closing) in (("fr", ("«\u00a0", "\u00a0»")), ("it", ("«", "»")), ("en", ('"', '"'))):
        renderer = Renderer(glossary, language)
        html = renderer.ruling_html(PageNotices(), ruling, "rulings.md")
        victory = mode.blocks[4].items[1].by_language[language]   # block 5, item 2 of the YAML
        assert renderer.inline(PageNotices(), f"{opening}{victory}{closing}", "rulings.md") in html
        assert "{ #multiplayer-2v2-5 }" in renderer.mode(mode).markdown   # the block the id names
        assert "rule-text" not in html


def test_a_game_mode_quotation_that_names_no_text_is_refused_at_its_line(glossary_copy):
    import pytest
    from altered_rules.content.glossary import GlossaryError, load_glossary
    path = glossary_copy / "rulings" / "multiplayer-finish.yaml"
    replace_once(path, "{rule-text multiplayer-2v2-5-item-1} and", "{rule-text multiplayer-2v2-5-item-9} and")
    replace_once(path, "{rule-text free-for-all-3-item-1} La", "{rule-text free-for-all-3-title} La")
    with pytest.raises(GlossaryError) as caught:
        load_glossary(glossary_copy)
    message = str(caught.value)
    lines = path.read_text(encoding="utf-8").splitlines()
    conflict = lines.index("conflict:")
    english, french = lines.index("  en: >-", conflict) + 1, lines.index("  fr: >-", conflict) + 1
    assert (f"multiplayer-finish.yaml:{english}: {{rule-text multiplayer-2v2-5-item-9}} quotes a text the glossary "
            "does not hold") in message
    assert "this block's quotable texts: multiplayer-2v2-5-item-1, multiplayer-2v2-5-item-2, multiplayer-2v2-5-item-3, multiplayer-2v2-5-item-4" in message
    # A mode's title is not quotable: the quotation is malformed, and said so at its text's line.
    assert f"multiplayer-finish.yaml:{french}: malformed rule quotation {{rule-text free-for-all-3-title}}" in message
    assert "{rule-text multiplayer-2v2-5-item-2} (a game mode's text" in message


def test_a_rule_quotation_that_names_no_text_is_refused(glossary_copy):
    import pytest
    from altered_rules.content.glossary import GlossaryError, load_glossary
    path = glossary_copy / "rulings" / "opposing-expeditions.yaml"
    path.write_text(path.read_text(encoding="utf-8").replace("{rule-text 7.4.3.h}", "{rule-text 7.4.3.z}", 1), encoding="utf-8")
    terms = glossary_copy / "terms" / "draw.yaml"
    terms.write_text(terms.read_text(encoding="utf-8").replace("A draw occurs", "{rule-text 4.2.4.b} A draw occurs", 1), encoding="utf-8")
    with pytest.raises(GlossaryError) as caught:
        load_glossary(glossary_copy)
    message = str(caught.value)
    assert "opposing-expeditions.yaml" in message and "{rule-text 7.4.3.z} quotes a text the glossary does not hold" in message
    assert "draw.yaml" in message and "only a ruling quotes a rule's text" in message


def test_the_terms_page_shows_other_games_words_with_the_altered_term_or_none(glossary):
    """"Coming from another game?" (jargon.yaml, issue 27), in each language."""
    for language, title, none, term in (("en", "Coming from another game?", "No equivalent", "Exhaust"),
                                        ("fr", "Vous venez d'un autre jeu\u00a0?", "Pas d'équivalent", "Épuiser"),
                                        ("it", "Vieni da un altro gioco?", "Nessun equivalente", "Consumare")):
        page = Renderer(glossary, language).terms().markdown
        assert md_escape(title) in page and "{ #jargon }" in page, language
        for game in ("Magic: The Gathering", "Disney Lorcana", "Flesh and Blood", "Hearthstone", "Yu-Gi-Oh!"):
            assert f"### {md_escape(game)} {{ #jargon-" in page, (language, game)
        row = re.search(r'<tr id="jargon-\d+"><td>[^<]*\(?[^<]*tap[^<]*</td>.*?</tr>|<tr id="jargon-\d+"><td>[^<]*<span class="ar-meta" lang="en">\(tap, .*?</tr>', page)
        assert row and f"<strong>{term}</strong>" in row.group(0), (language, row and row.group(0))
        burn = re.search(r'<tr id="jargon-\d+"><td>[^<]*(?:mana burn|brûlure de mana)[^<]*(?:<span[^>]*>[^<]*</span>)?</td><td>(.*?)</td>', page)
        assert burn and burn.group(1) == f"<em>{html.escape(none)}</em>", (language, burn and burn.group(1))


def test_a_jargon_note_is_escaped_on_the_terms_page(glossary):
    entry = glossary.jargon[0]
    bad = dataclasses.replace(entry, note=Text({"en": '<img src=x onerror="alert(1)"> tapped'}),
                              words={**entry.words, "en": ("<b>tap</b>",)})
    page = Renderer(dataclasses.replace(glossary, jargon=[bad]), "en").terms().markdown
    assert "<img" not in page and "&lt;img" in page and "<b>tap" not in page and "&lt;b&gt;tap" in page


def test_a_trace_message_is_said_once_per_typed_value():
    """Renderer.said keeps each message's text by its value and its parameters' types: a Card
    and a Term of the same text are equal strings, but never the same message to say."""
    from engine.messages import Card, Items, Term, msg
    from engine.messages import typed_key as _typed

    card, term = msg("x.said", who=Card("Forest")), msg("x.said", who=Term("Forest"))
    assert card == term and _typed(card) != _typed(term)
    nested = [msg("x.list", items=Items((kind("Forest"),))) for kind in (Card, Term)]
    assert nested[0] == nested[1] and _typed(nested[0]) != _typed(nested[1])
    inner = [msg("x.outer", said=msg("x.said", who=kind("Forest"))) for kind in (Card, Term)]
    assert inner[0] == inner[1] and _typed(inner[0]) != _typed(inner[1])
    assert _typed(msg("x.said", who=Card("Forest"))) == _typed(card)   # the same typed value: one text


def test_a_trace_cites_a_ruling_by_its_title_in_the_page_language(glossary):
    """A ruling's id is an English identifier: a trace line on a French page names the ruling by its
    French title; the link still leads to the ruling's anchor."""
    verification = verify_glossary(glossary)
    renderer = Renderer(glossary, "fr", verification)
    check = next(c for c in verification.checks
                 if c.result and any("opposing-expeditions" in line.rulings for line in c.result.trace))
    said = renderer.trace_html(PageNotices(), check, "rules/chapter-4.md")
    title = next(r for r in glossary.rulings if r.id == "opposing-expeditions").title.get("fr")
    cited = html.escape("décision\u00a0: " + title)
    assert f'#ruling-opposing-expeditions">{cited}</a>' in said
    assert "décision opposing-expeditions" not in said


def test_a_trace_line_drawn_once_per_page_notes_its_english_texts_each_time_it_is_shown(glossary):
    """A page's traces repeat lines, each drawn once per page (Renderer._trace_line): what a line
    shows in English (here a ruling's title not translated yet) is still counted for every line
    that shows it, on every page and every time, so the page says it shows English."""
    verification = verify_glossary(glossary)
    ruling = next(r for r in glossary.rulings if r.id == "opposing-expeditions")
    english_only = dataclasses.replace(ruling, title=Text({"en": ruling.title.get("en")}))
    edited = dataclasses.replace(glossary, rulings=[english_only if r is ruling else r for r in glossary.rulings])
    renderer = Renderer(edited, "fr", verification)
    citing = [c for c in verification.checks
              if c.result and any("opposing-expeditions" in line.rulings for line in c.result.trace)]
    lines = sum(1 for c in citing for line in c.result.trace if "opposing-expeditions" in line.rulings)
    assert len(citing) > 1 and lines > len(citing)
    for page in ("rules/chapter-4.md", "rules/chapter-4.md", "rules/chapter-2.md"):
        notices = PageNotices()
        drawn = [renderer.trace_html(notices, check, page) for check in citing]
        assert notices.untranslated == lines, page
        assert drawn == [Renderer(edited, "fr", verification).trace_html(PageNotices(), c, page) for c in citing]
    assert all(relative_url("rules/chapter-2.md", "rulings.md", "ruling-opposing-expeditions") in d for d in drawn)
