"""The engine's messages in French and Italian (plugins/altered_rules/messages.py): every id of the
English catalogue translated, with its parameters, rule numbers and CLDR plural forms; stale marks
and stamps as the interface strings have them; the command line explains in the judge's language."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from babel import Locale

from altered_rules.cli.main import main
from altered_rules.cli.scenario_cli import locale_language
from altered_rules.content.glossary.model import TranslationStatus
from altered_rules.content.lint import lint_messages
from altered_rules.messages import (MESSAGES_DIR, message_problems, message_states, plural_rules, read_messages,
                                    renderer)
from edits import replace_once
from engine.catalogue import ENGLISH
from engine.messages import Card, Items, Player, Term, cldr_plural, english_plural, msg, template_fields

SCENARIO = """\
- name: A tie is not sufficient to advance
  given:
    players: [Alice, Bob]
    Alice:
      hero: {region: 0, characters: ["Ordis Recruit 2/0/0 Soldier"]}
    Bob:
      hero: {region: 0, characters: ["Kelon Elemental 2/0/0"]}
  when: dusk
  then:
    Alice.hero.region: 0
    winner: none
"""


@pytest.fixture
def messages_copy(tmp_path: Path) -> Path:
    target = tmp_path / "engine"
    shutil.copytree(MESSAGES_DIR, target)
    return target


def test_the_shipped_catalogues_have_no_problem(glossary) -> None:
    files = read_messages()
    assert set(files) == {"en", "fr", "it"}
    assert message_problems(files) == []
    assert lint_messages(glossary, files) == []
    assert all(state.status is TranslationStatus.CURRENT for state in message_states(files))


@pytest.mark.parametrize("edit, problem", [
    (('"dusk.fails_to_move": "{expedition} échoue à avancer"', '"dusk.fails_to_move": "{expeditionn} échoue à avancer"'),
     "'dusk.fails_to_move' names the parameters ['expeditionn']"),
    (('(4.2.4.c)"', '(4.2.4.b)"'), "'dusk.tie' cites the rules ['4.2.4.b']"),
    (('{n, plural, one {# carte} other {# cartes}}\\u00a0: les cartes du dessus', '{n, plural, one {# carte} few {# cartes}}\\u00a0: les cartes du dessus'),
     "'effect.draws' has the plural forms ['few'], which fr does not have"),
    (('"day.draw": "Pioche\\u00a0: chaque joueur pioche deux cartes"', '"day.draw": "Draw: each player draws two cards"'),
     "'day.draw' is the English text"),
])
def test_a_broken_translation_is_reported_with_its_line(messages_copy: Path, edit: tuple[str, str], problem: str) -> None:
    replace_once(messages_copy / "fr.yaml", *edit)
    problems = message_problems(read_messages(messages_copy))
    assert any(problem in p and "fr.yaml:" in p for p in problems), problems


def test_a_missing_message_is_reported(messages_copy: Path) -> None:
    path = messages_copy / "it.yaml"
    path.write_text("".join(line for line in path.read_text(encoding="utf-8").splitlines(keepends=True)
                            if not line.startswith('  "day.draw"')), encoding="utf-8")
    assert any("missing the message 'day.draw'" in p for p in message_problems(read_messages(messages_copy)))


def test_a_translation_with_a_word_the_termbase_avoids_is_reported(glossary, messages_copy: Path) -> None:
    replace_once(messages_copy / "it.yaml", '"gigantic.not_gigantic": "{card} non ha Colossale', '"gigantic.not_gigantic": "{card} non è Gigantesco')
    assert any("gigantic.not_gigantic" in p for p in lint_messages(glossary, read_messages(messages_copy)))


def test_a_message_whose_english_changed_is_stale_and_an_unrecorded_one_is_stamped(messages_copy: Path, monkeypatch) -> None:
    import altered_rules.messages as messages

    monkeypatch.setitem(ENGLISH, "day.draw", "Draw: each player draws two cards from their Deck")
    replace_once(messages_copy / "it.yaml", '"Pesca: ogni giocatore pesca due carte"  # from ', '"Pesca: ogni giocatore pesca due carte"  # was ')
    states = {(s.language, s.key): s.status for s in message_states(read_messages(messages_copy))
              if s.status is not TranslationStatus.CURRENT}
    assert states == {("fr", "day.draw"): TranslationStatus.STALE, ("it", "day.draw"): TranslationStatus.UNRECORDED}
    assert messages.stamp_messages(messages_copy) == 1
    assert {s.status for s in message_states(read_messages(messages_copy)) if s.key == "day.draw"} == \
        {TranslationStatus.STALE, TranslationStatus.CURRENT}


def test_plurals_follow_cldr_through_babel() -> None:
    for language in ("en", "fr", "it"):
        rule, babel = cldr_plural(plural_rules(language)), Locale.parse(language).plural_form
        assert all(rule(n) == babel(n) for n in [*range(2100), 10**6, 3 * 10**6]), language
        assert all(rule(n) == babel(n) for n in range(2100)), language   # as each number's category was kept
    assert all(english_plural(n) == Locale.parse("en").plural_form(n) for n in range(2100))
    # French says "0 carte", English "0 cards".
    draws = msg("effect.draws", player=Player("Alice"), n=0)
    assert renderer("fr").line(draws).startswith("Alice pioche 0 carte\u00a0:")
    assert renderer("en").line(draws).startswith("Alice draws 0 cards:")


def test_third_person_forms_and_contractions_read_as_the_rules_write_them() -> None:
    expedition = msg("place.expedition", player=Player("Alice"), kind=Term("hero"))
    line = msg("dusk.fails_to_move", expedition=expedition)
    assert renderer("it").line(line) == "La spedizione dell'eroe di Alice non riesce ad avanzare"
    assert renderer("fr").line(line) == "L'Expédition Héros d'Alice échoue à avancer"
    put = msg("put.hidden", card=Card("Kuwat"), where=msg("place.owned_zone", player=Player("Bob"), zone=Term("deck")))
    assert renderer("fr").line(put).startswith("Kuwat va dans le Deck de Bob")
    moved = msg("put.new_object", card=Card("Kuwat"), origin=msg("place.owned_zone", player=Player("Bob"), zone=Term("reserve")),
                where=msg("place.owned_zone", player=Player("Bob"), zone=Term("deck")), timestamp=3, was=2)
    assert renderer("fr").line(moved).startswith("Kuwat va de la Réserve de Bob au Deck de Bob")
    assert renderer("it").line(moved).startswith("Kuwat va dalla Riserva di Bob al Mazzo di Bob")


def test_a_cards_printed_name_is_shown_beside_the_rules_name(glossary) -> None:
    from altered_rules.messages import card_names

    names = card_names(glossary.cards.values(), "fr")
    assert names.get("Tinker Bell") == "Fée Clochette"
    line = msg("begin.reveals_hero", player=Player("Alice"), card=Card("Tinker Bell"))
    assert "Tinker Bell (Fée Clochette)" in renderer("fr", names).line(line)
    assert "Fée Clochette" not in renderer("it", card_names(glossary.cards.values(), "it")).line(line)


def test_explain_speaks_the_language_asked_for(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "tie.yaml"
    path.write_text(SCENARIO, encoding="utf-8")
    assert main(["explain", "--lang", "it", str(path)]) == 0
    out = capsys.readouterr().out.splitlines()
    assert out[0].startswith("RIUSCITO") and out[-1] == "riusciti: 1, falliti: 0"   # --lang: the lines' words too
    trace = "\n".join(out[1:-1])
    assert "Quando: crepuscolo" in trace    # the scenario's `when: dusk`, in the reader's words
    assert "La spedizione dell'eroe di Alice non avanza: 2 di foresta contro 2 è un pareggio (4.2.4.c)" in trace
    assert "Inizia la fase del crepuscolo (1.3.2.a)" in trace
    assert "decisione opposing-expeditions" in trace
    assert "expedition" not in trace.replace("opposing-expeditions", "")
    assert main(["explain", "--lang", "en", str(path)]) == 0
    assert "Alice's hero expedition does not advance: 2 forest against 2 is a tie (4.2.4.c)" in capsys.readouterr().out


def test_explain_takes_its_default_language_from_the_locale() -> None:
    assert locale_language({"LANG": "fr_FR.UTF-8"}) == "fr"
    assert locale_language({"LC_ALL": "it_IT.UTF-8", "LANG": "fr_FR.UTF-8"}) == "it"
    assert locale_language({"LANG": "de_DE.UTF-8"}) == "en"
    assert locale_language({}) == "en"


def test_the_translation_status_page_lists_a_stale_engine_message(glossary, monkeypatch) -> None:
    from altered_rules.pages.render import Renderer as PageRenderer

    import altered_rules.messages as messages

    monkeypatch.setitem(ENGLISH, "day.draw", "Draw: each player draws two cards from their Deck")
    messages._catalogue.cache_clear()
    page = PageRenderer(glossary, "fr").translations()
    assert "<code>day.draw</code>" in page.markdown and "Draw: each player draws two cards from their Deck" in page.markdown
    monkeypatch.undo()
    assert "<code>day.draw</code>" not in PageRenderer(glossary, "fr").translations().markdown


def test_every_catalogues_templates_read_once_say_what_their_regexes_say() -> None:
    """Renderer._fill joins each template's parts, read once (engine.messages._parts), where the
    regexes filled the plurals and then the fields every time: every template of every language,
    with numbers of each plural category, says the same as the regexes do (issue 29)."""
    from engine.messages import _PLURAL, _parts

    compared = 0
    for language in ("en", "fr", "it"):
        say = renderer(language)
        for key, template in say.catalogue.items():
            if key.startswith(("term.", "form.", "list.", "number.", "reading.")) or key == "contractions":
                continue
            assert _parts(template) is not None, (language, key)   # no template of ours needs the regexes
            plurals = {found.group(1) for found in _PLURAL.finditer(template)}
            for n in (0, 1, 2, 5, 21, 1000):
                params = {name: n if name in plurals else Player(f"P-{name}") for name in template_fields(template)}
                assert say._fill(msg(key, **params)) == say._fill_as_written(key, template, params), (language, key, n)
                compared += 1
    assert compared > 3000


@pytest.mark.parametrize("language, edit, stray", [
    # The review's two: a literal "?" written for a narrow no-break space and for an ellipsis.
    ("fr", ('"number.group": "1\\u202f000"', '"number.group": "1?000"'), "'?' (U+003F)"),
    ("fr", ('"react.repeated": "…', '"react.repeated": "?'), "'?' (U+003F)"),
    # Neighbours: the replacement character in Italian, and a stray symbol in a plural.
    ("it", ('"day.draw": "', '"day.draw": "\\ufffd'), "(U+FFFD)"),
    ("it", ("{# segnalino}", "{# segnalino¤}"), "'¤' (U+00A4)"),
])
def test_a_character_lost_in_a_catalogue_is_reported(messages_copy: Path, language: str, edit: tuple[str, str], stray: str) -> None:
    replace_once(messages_copy / f"{language}.yaml", *edit)
    problems = message_problems(read_messages(messages_copy))
    assert any(f"{language}.yaml:" in p and stray in p and "a character lost in an encoding" in p for p in problems), problems


def test_a_translations_own_typography_is_not_a_lost_character() -> None:
    from altered_rules.strings import stray_characters

    assert stray_characters("«\u00a0Quand\u00a0» l’Emblème… — 1\u202f000", "When the Emblem - 1,000") == []
    assert stray_characters("Pourquoi ?", "Why?") == []
    assert stray_characters("Pourquoi ?", "Why") == ["?"]
    assert stray_characters("sous `undecided:`, la lecture", "undecided: the reading") == []   # code marks (review e, E5)


def test_the_card_words_of_the_catalogues_are_the_termbases(glossary) -> None:
    """A type or sub-type a condition names ("if it's a Landmark") is said in the reader's words:
    each `term.<Type>` of the catalogues is the termbase's word (review 2026-12: « Landmark » in
    French and Italian traces)."""
    files = read_messages()
    checked = 0
    for entry in glossary.termbase:
        if entry.kind not in ("type", "subtype") or f"term.{entry.en}" not in ENGLISH:
            continue
        for language in ("fr", "it"):
            assert files[language].strings[f"term.{entry.en}"] == entry.forms[language].term, (language, entry.en)
        checked += 1
    assert checked >= 30
    french = renderer("fr")
    assert french.render(msg("effect.controls_fewer", player=Player("Alice"), n=1, what=Term("Landmark"),
                             names=Items((Card("Old Mill"),)), at_least=2)) == "Alice contrôle 1 Repère en jeu (Old Mill)\u00a0: moins de 2"


def test_a_plain_space_before_a_french_colon_is_a_lint_problem(tmp_path) -> None:
    """Review f (FR-R1, RU1, J1): 325 plain spaces before ; : ! ? » and after « in the French
    glossary, which nothing caught; the lint now names each with its file and line."""
    import shutil

    from altered_rules.content.glossary import load_glossary
    from altered_rules.content.lint import french_spacing, lint_glossary

    assert french_spacing("la règle\u00a0: «\u00a0texte\u00a0»\u00a0; oui\u202f!") == []
    assert len(french_spacing("la règle : « texte » ; oui !")) == 5
    root = tmp_path / "glossary"
    shutil.copytree(Path(__file__).resolve().parents[1] / "glossary", root)
    ruling = sorted((root / "rulings").glob("*.yaml"))[0]
    text = ruling.read_text(encoding="utf-8")
    assert "\u00a0:" in text
    ruling.write_text(text.replace("\u00a0:", " :", 1), encoding="utf-8")
    problems = [p for p in lint_glossary(load_glossary(root)) if "no-break" in p]
    assert len(problems) == 1 and ruling.name in problems[0] and " :" in problems[0]


def test_a_french_page_with_a_plain_space_before_a_colon_is_reported_with_its_line(tmp_path, capsys):
    # Review h: 912 plain spaces in the prose of docs/fr/*.md, which the lint did not read for
    # typography. Code, links and fenced blocks are left as written; the prose is checked.
    from altered_rules.content.lint import page_spacing_problems

    page = "Titre\u00a0: oui\n\n`code : x` et [lien : y](a.md)\n\n```yaml\nkey : value\n```\nla règle : « texte »\n"
    found = page_spacing_problems(page, "p.md")
    assert [line.split(": ")[0] for line in found] == ["p.md:8"] * 3, found   # " :", "« ", " »"
    # The command reads the French pages beside the glossary: one slip is one problem, named.
    project = Path(__file__).resolve().parents[1]
    shutil.copytree(project / "glossary", tmp_path / "glossary")
    shutil.copytree(project / "docs", tmp_path / "docs")
    index = tmp_path / "docs" / "fr" / "index.md"
    index.write_text(index.read_text(encoding="utf-8").replace("\u00a0:", " :", 1), encoding="utf-8")
    assert main(["lint", "--glossary", str(tmp_path / "glossary")]) == 1
    said = capsys.readouterr()
    out = said.out + said.err
    assert out.count("no-break") == 1 and "docs/fr/index.md:" in out, out


def test_a_plain_space_in_a_french_interface_string_or_message_is_a_lint_problem() -> None:
    # Review i: 111 plain spaces before ; : ? » and after « in 80 French interface strings, which
    # the lint read for the termbase but not for typography; the engine's messages are read the same way.
    import dataclasses

    from altered_rules.content.glossary import load_glossary
    from altered_rules.content.lint import lint_interface
    from altered_rules.strings import read_strings

    glossary = load_glossary(Path(__file__).resolve().parents[1] / "glossary")
    strings = read_strings()
    assert [p for p in lint_interface(glossary, strings) if "no-break" in p] == []
    french = strings["fr"]
    key = next(k for k, v in french.strings.items() if "\u00a0:" in v)
    strings["fr"] = dataclasses.replace(french, strings={**french.strings, key: french.strings[key].replace("\u00a0:", " :", 1)})
    found = [p for p in lint_interface(glossary, strings) if "no-break" in p]
    assert len(found) == 1 and f"'{key}'" in found[0] and found[0].startswith(f"{french.path}:{french.lines[key]}:"), found
    messages = read_messages()
    french = messages["fr"]
    key = next(k for k, v in french.strings.items() if "\u00a0:" in v and not k.startswith(("form.", "contractions")))
    messages["fr"] = dataclasses.replace(french, strings={**french.strings, key: french.strings[key].replace("\u00a0:", " :", 1)})
    found = [p for p in lint_messages(glossary, messages) if "no-break" in p]
    assert len(found) == 1 and f"'{key}'" in found[0], found
