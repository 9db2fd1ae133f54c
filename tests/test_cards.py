"""The cards of cards.yaml: their page slugs, where the glossary mentions them (found in the
content, checked against seen_in), their pages and the links back from the rules."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from altered_rules.content.cards import MentionKind, card_mentions, scenario_cards, seen_in_problems
from altered_rules.content.glossary import GlossaryError, load_glossary
from altered_rules.content.glossary.model import card_slug
from altered_rules.content.lint import lint_glossary
from altered_rules.pages.navigation import expand_nav
from altered_rules.pages.site_pages import pages

MARKUP = '<img src=x onerror="alert(1)"> & <b>Bold</b>'


def _append_card(root: Path, entry: str) -> int:
    """Add a card at the end of cards.yaml; return the line of its entry."""
    path = root / "cards.yaml"
    text = path.read_text(encoding="utf-8")
    path.write_text(text + entry, encoding="utf-8")
    return text.count("\n") + 1


def _replace(path: Path, old: str, new: str) -> None:
    text = path.read_text(encoding="utf-8")
    assert old in text, f"test setup: {old!r} not in {path}"
    path.write_text(text.replace(old, new), encoding="utf-8")


def _anchors(glossary, name: str, kind: MentionKind | None = None) -> list[str]:
    return [m.anchor for m in card_mentions(glossary)[name] if kind is None or m.kind is kind]


# -- slugs --------------------------------------------------------------------------------
@pytest.mark.parametrize(("name", "slug"), [
    ("Kuwat, the Dissenter", "kuwat-the-dissenter"), ("Coppélia", "coppelia"), ("Charge!", "charge"),
    ("Lindiwe & Maw", "lindiwe-maw"), ("Dr. Frankenstein", "dr-frankenstein"), (MARKUP, "img-src-x-onerror-alert-1-b-bold-b"),
])
def test_a_card_s_slug_is_its_name_in_plain_lowercase_words(name, slug):
    assert card_slug(name) == slug


def test_every_card_of_the_glossary_has_its_own_slug(glossary):
    slugs = [card.slug for card in glossary.cards.values()]
    assert len(slugs) == len(set(slugs)) == len(glossary.cards) > 20


def test_two_cards_with_the_same_slug_are_refused_with_file_and_line(glossary_copy):
    line = _append_card(glossary_copy, "- name: Kuwat the Dissenter\n  type: character\n  seen_in: [2.1.c]\n")
    with pytest.raises(GlossaryError) as caught:
        load_glossary(glossary_copy)
    (error,) = [str(e) for e in caught.value.errors]
    assert f"cards.yaml:{line}:" in error and "'cards/kuwat-the-dissenter/'" in error
    assert "'Kuwat, the Dissenter' (" in error and "cards.yaml:8); rename one" in error   # where the first one is


@pytest.mark.parametrize("name", ["'!!!'", "Index"])
def test_a_name_without_a_letter_or_taking_the_index_is_refused(glossary_copy, name):
    line = _append_card(glossary_copy, f"- name: {name}\n  type: spell\n  seen_in: [2.1.c]\n")
    with pytest.raises(GlossaryError) as caught:
        load_glossary(glossary_copy)
    (error,) = [str(e) for e in caught.value.errors]
    assert f"cards.yaml:{line}:" in error and "a card name needs a letter or digit" in error


# -- mentions -------------------------------------------------------------------------------
def test_mentions_are_found_in_the_content_not_only_in_seen_in(glossary):
    assert _anchors(glossary, "Kuwat, the Dissenter") == ["2.1.c-example-1"]
    aloe = card_mentions(glossary)["Aloe Vera"]
    assert glossary.cards["Aloe Vera"].seen_in == ("2.2.2.m",)
    # Scenarios whose caption or board names it, in rule order, besides the example seen_in lists.
    assert [m.anchor for m in aloe][:3] == ["1.2.4.d-scenario-1", "1.3.2.c-scenario-2", "2.2.2.m-example-1"]
    assert {m.kind for m in aloe} == {MentionKind.SCENARIO, MentionKind.EXAMPLE}
    assert _anchors(glossary, "Moonlight Jellyfish", MentionKind.RULING) == ["ruling-card-text-over-rules", "ruling-played-from-reserve"]
    assert _anchors(glossary, "Lindiwe & Maw", MentionKind.MODE) == ["free-for-all-5", "multiplayer-2v2-7"]


def test_a_card_on_a_scenario_s_board_is_a_mention_though_the_text_does_not_name_it(glossary_copy):
    rules = glossary_copy / "rules/2/2.1.yaml"
    text = rules.read_text(encoding="utf-8")
    # The example of 2.1.c names Haven in its text and holds it on its scenario's board.
    rules.write_text(re.sub(r"Haven, Bravos Bastion(?= (et|and|e) )", "a Landmark", text), encoding="utf-8")
    glossary = load_glossary(glossary_copy)
    example = next(n for n in glossary.paragraphs["2.1.c"].notes if n.anchor == "2.1.c-example-1")
    assert "Haven, Bravos Bastion" not in " ".join(example.text.by_language.values())
    assert _anchors(glossary, "Haven, Bravos Bastion", MentionKind.EXAMPLE) == ["2.1.c-example-1"]


def test_scenario_cards_looks_at_every_depth():
    board = {"given": {"Alice": {"hero": {"characters": [{"card": "Aloe Vera", "stats": "1/1/1"}, "Goat 0/1/0"]},
                                "landmarks": [{"card": "Haven, Bravos Bastion"}]}}, "then": {"card": 3}}
    assert scenario_cards(board) == {"Aloe Vera", "Haven, Bravos Bastion"}


def test_a_rule_text_names_a_card_in_any_language_as_a_whole_word(glossary_copy):
    dusk = glossary_copy / "rules/4/4.2.4.yaml"
    _replace(dusk, "fr: Une égalité ne suffit pas pour avancer.", "fr: Une égalité ne suffit pas, même avec Fée Clochette.")
    _replace(dusk, "en: A tie is not sufficient to advance.", "en: A tie is not sufficient to advance, even for Kitsunes.")
    _replace(dusk, "it: Un pareggio non è sufficiente per avanzare.", "it: Un pareggio non basta, nemmeno a MegaAnubis.")
    glossary = load_glossary(glossary_copy)
    # Tinker Bell's French printed name (names: fr) in the French text only.
    assert "4.2.4.c" in _anchors(glossary, "Tinker Bell", MentionKind.RULE)
    # "Kitsunes" and "MegaAnubis" are other words.
    assert "4.2.4.c" not in _anchors(glossary, "Kitsune") + _anchors(glossary, "Anubis")


def test_seen_in_that_disagrees_with_the_examples_is_reported_with_file_and_line(glossary, glossary_copy):
    assert seen_in_problems(glossary) == []
    _replace(glossary_copy / "cards.yaml", 'seen_in: ["2.1.f"]', 'seen_in: ["2.1.e"]')
    broken = load_glossary(glossary_copy)
    card = broken.cards["Coppélia"]
    problems = seen_in_problems(broken)
    assert problems == [
        f"{card.file}:{card.line}: card 'Coppélia': seen_in lists 2.1.e, but no example of 2.1.e names the card; "
        "it is named in 2.1.f (name it in the example, or remove the rule from seen_in)",
        f"{card.file}:{card.line}: card 'Coppélia': an example of 2.1.f names the card, but seen_in does not list 2.1.f (add it)",
    ]
    assert set(problems) <= set(lint_glossary(broken, translations=False))
    # The rule seen_in lists still gets its link, until the editors fix it.
    assert _anchors(broken, "Coppélia", MentionKind.LISTED) == ["2.1.e"]


# -- pages and links --------------------------------------------------------------------------
@pytest.mark.parametrize(("language", "words"), [
    ("en", ("Character", "Reaction", "Where the rules mention it", "Cards named")),
    ("fr", ("Personnage", "Réaction", "Où les règles la mentionnent", "Cartes nommées")),
    ("it", ("Personaggio", "Reazione", "Dove le regole la menzionano", "Carte nominate")),
])
def test_a_card_page_and_the_rule_that_names_it_link_to_each_other(glossary, language, words):
    generated = {page.path: page for page in pages(glossary, language)}
    kuwat = generated["cards/kuwat-the-dissenter.md"]
    assert kuwat.title == "Kuwat, the Dissenter"   # a proper name, never translated
    assert 'href="../../rules/chapter-2/#2.1.c-example-1"' in kuwat.markdown
    assert all(word in kuwat.markdown + generated["rules/chapter-2.md"].markdown for word in words)
    # The {etb} symbol drawn as elsewhere, with its text alternative.
    assert re.search(r'ar-symbol--trigger.*<span class="ar-sr">[^<]+</span></span> Sacrifice a Character', kuwat.markdown)
    example = generated["rules/chapter-2.md"].markdown.split('id="2.1.c-example-1"')[1].split("</aside>")[0]
    assert '<a class="ar-card-link" href="../../cards/kuwat-the-dissenter/">Kuwat, the Dissenter</a>' in example
    index = generated["cards/index.md"].markdown
    assert all(f'href="{card.slug}/"' in index for card in glossary.cards.values())


def test_the_cards_come_after_their_index_in_the_navigation(glossary):
    generated = pages(glossary, "it")
    (cards,) = expand_nav([{"Carte": "altered-rules:cards"}], generated)
    children = cards["Carte"]
    assert children[0] == {"Carte": "cards/index.md"}
    assert [next(iter(c.values())) for c in children[1:]] == sorted(f"cards/{c.slug}.md" for c in glossary.cards.values())


def test_a_card_name_with_markup_is_shown_as_text(glossary_copy):
    _append_card(glossary_copy, f"- name: '{MARKUP}'\n  type: spell\n  abilities:\n"
                                "    - {printed: '<i>x</i> {etb} Draw', kind: effect}\n  seen_in: [4.2.4.c]\n")
    _replace(glossary_copy / "rules/4/4.2.4.yaml", "en: A tie is not sufficient to advance.",
             f"en: 'A tie is not sufficient to advance, even with {MARKUP}.'")
    glossary = load_glossary(glossary_copy)
    generated = {page.path: page for page in pages(glossary, "en")}
    card = generated[f"cards/{card_slug(MARKUP)}.md"]
    chapter = generated["rules/chapter-4.md"].markdown
    for markdown in (card.markdown, chapter, generated["cards/index.md"].markdown):
        assert "<img" not in markdown and "<b>" not in markdown and "<i>" not in markdown
    # The page's title is the name as text; the navigation MkDocs prints as HTML gets it escaped.
    assert card.title == MARKUP
    (cards,) = expand_nav([{"Cards": "altered-rules:cards"}], list(generated.values()))
    assert {'&lt;img src=x onerror="alert(1)"&gt; &amp; &lt;b&gt;Bold&lt;/b&gt;': card.path} in cards["Cards"]
    assert f'href="../../cards/{card_slug(MARKUP)}/">&lt;img' in chapter
    assert 'href="../../rules/chapter-4/#4.2.4.c">rule text</a>' in card.markdown


def test_the_export_lists_each_card_with_its_page_and_mentions_and_stays_valid(glossary):
    import jsonschema

    from altered_rules.site_assets.export import SCHEMA, export_glossary

    data = export_glossary(glossary, "fr", None)
    jsonschema.validate(data, SCHEMA, cls=jsonschema.Draft202012Validator)
    cards = {card["name"]: card for card in data["cards"]}
    assert set(cards) == set(glossary.cards)
    kuwat = cards["Kuwat, the Dissenter"]
    assert kuwat["permalink"] == "cards/kuwat-the-dissenter/"
    assert kuwat["mentions"] == [{"kind": "example", "rule": "2.1.c", "permalink": "rules/chapter-2/#2.1.c-example-1"}]
    assert cards["Tinker Bell"]["names"] == {"fr": "Fée Clochette"}
    # Without verification the illustrations are not drawn: their mention links to the rule itself.
    assert {"kind": "scenario", "rule": "1.2.4.d", "permalink": "rules/chapter-1/#1.2.4.d"} in cards["Aloe Vera"]["mentions"]


def test_a_card_s_facts_use_the_termbase_words_and_the_site_s_symbols(glossary):
    from altered_rules.pages.card_pages import CardPages
    from altered_rules.content.glossary.model import CardData
    from altered_rules.pages.render import PageNotices, Renderer

    card = CardData("Test", "character", ("Soldier",), "2/1/3", "Ordis", "rare", {"it": "Prova"}, (), ())
    facts = CardPages(Renderer(glossary, "it")).facts_html(PageNotices(), card)
    assert "Tipo: <strong>Personaggio — Soldato</strong>" in facts and "Rarità: rara" in facts
    # forest 2, mountain 1, water 3: each a badge with its label for screen readers.
    assert re.findall(r'ar-symbol--region.*?<span class="ar-sr">(\w+)</span></span> (\d)', facts) == [
        ("foresta", "2"), ("montagna", "1"), ("acqua", "3")]
    assert '<span lang="it">Prova</span> (italiano)' in facts
