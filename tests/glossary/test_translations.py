"""The French and Italian lint: a missing language, a text left in English, and a game
term written in English or in a non-official variant are each reported with where."""

from __future__ import annotations

from pathlib import Path

from altered_rules.content.glossary import load_glossary
from altered_rules.content.lint import lint_glossary
from edits import replace_once

TIE = Path("rules/4/4.2.4.yaml")


def _edit(root: Path, relative: Path, old: str, new: str) -> None:
    replace_once(root / relative, old, new)


def _set_translations(root: Path, fr: str, it: str) -> None:
    """Give 4.2.4.c exactly these French and Italian texts, whatever it had."""
    path = root / TIE
    lines = path.read_text(encoding="utf-8").splitlines()
    start = lines.index("    en: A tie is not sufficient to advance.")
    end = start + 1
    while end < len(lines) and lines[end].startswith(("    fr:", "    it:", "      ")):
        end += 1
    lines[start + 1:end] = [f"    fr: {fr}", f"    it: {it}"]
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")


def _problems_about(root: Path, needle: str) -> list[str]:
    return [p for p in lint_glossary(load_glossary(root)) if needle in p]


def test_a_missing_language_is_reported(glossary_copy):
    _set_translations(glossary_copy, "Une égalité ne suffit pas pour avancer.", "Un pareggio non basta per avanzare.")
    path = glossary_copy / TIE
    path.write_text(path.read_text(encoding="utf-8").replace("    it: Un pareggio non basta per avanzare.\n", ""), encoding="utf-8")
    problems = _problems_about(glossary_copy, "4.2.4.c")
    assert any("no it text" in p for p in problems), problems
    assert not any("no fr text" in p for p in problems), problems


def test_a_translation_identical_to_the_english_is_reported(glossary_copy):
    _set_translations(glossary_copy, "A tie is not sufficient to advance.", "Un pareggio non basta per avanzare.")
    problems = _problems_about(glossary_copy, "4.2.4.c")
    assert any("fr text is identical to the English" in p for p in problems), problems


def test_names_and_numbers_may_stay_the_same():
    from altered_rules.content.lint import _only_names
    assert _only_names("Faction (Axiom {axiom}, Bravos {bravos})")
    assert _only_names("Standard")
    assert not _only_names("Structure: Best of one game")


def test_an_english_game_term_in_a_translation_is_reported(glossary_copy):
    _set_translations(glossary_copy, "Une égalité ne suffit pas pour avancer.", "Un pareggio non basta, la Reserve resta.")
    problems = _problems_about(glossary_copy, "4.2.4.c")
    assert any("English term 'Reserve' in the it text" in p and "'Riserva'" in p for p in problems), problems


def test_a_non_official_variant_is_reported(glossary_copy):
    _set_translations(glossary_copy, "Une égalité ne suffit pas pour avancer.", "Un pareggio non basta, nemmeno con un gettone.")
    problems = _problems_about(glossary_copy, "4.2.4.c")
    assert any("non-official variant 'gettone'" in p and "'Pedina'" in p for p in problems), problems


def test_an_english_word_inside_a_card_name_is_not_a_term(glossary_copy):
    _set_translations(glossary_copy, "Celebration Day ne suffit pas pour avancer.", "Celebration Day e Brassbug (Ottonblatta) non bastano.")
    problems = _problems_about(glossary_copy, "4.2.4.c")
    assert not any("English term" in p for p in problems), problems


# -- issue 18: the termbase's pairs, on every kind of text ------------------------------------

def test_a_paired_term_missing_from_a_translation_is_reported(glossary_copy):
    """7.3.1.d's example said "marqueurs Kelon" for "Kelon counters": counter is compteur."""
    _edit(glossary_copy, Path("rules/7/7.3.1.yaml"), "c'est\n        Brassbug Hub qui gagne trois compteurs Kelon", "c'est\n        Brassbug Hub qui gagne trois marqueurs Kelon")
    _edit(glossary_copy, Path("rules/7/7.3.1.yaml"), "Je gagne trois compteurs Kelon", "Je gagne trois marqueurs Kelon")
    problems = _problems_about(glossary_copy, "7.3.1.d-example-1")
    assert any("the English says 'counters' but the fr text lacks the official term 'compteur'" in p for p in problems), problems
    # "the corresponding counter" of an expedition is its marqueur d'Expédition (7.3.11.a): no complaint.
    assert not _problems_about(glossary_copy, "7.3.11.a")


def test_the_italian_verbs_of_moving_and_joining_are_checked_in_rules_and_rulings(glossary_copy):
    _edit(glossary_copy, Path("rules/4/4.3.yaml"), "né avanzare né arretrare.", "né avanzare né indietreggiare.")
    _edit(glossary_copy, Path("rulings/multiplayer-finish.yaml"), "inizia una giornata di spareggio.", "inizia un giorno di spareggio.")
    _edit(glossary_copy, Path("rules/3/3.2.4.yaml"), "«Quando un Personaggio entra nella mia spedizione", "«Quando un Personaggio si unisce alla mia spedizione")
    problems = lint_glossary(load_glossary(glossary_copy))
    assert any("4.3.g: non-official variant 'indietreggiare'" in p and "'arretrare'" in p for p in problems), problems
    assert any("ruling multiplayer-finish reading: non-official variant 'giorno di spareggio'" in p for p in problems), problems
    assert any("3.2.4.yaml" in p and "non-official variant 'si unisce'" in p and "'entrare'" in p for p in problems), problems


def test_interface_strings_and_translated_pages_are_checked(glossary, tmp_path):
    import shutil
    from altered_rules.content.lint import lint_interface
    from altered_rules.strings import STRINGS_DIR, read_strings
    strings = tmp_path / "strings"
    shutil.copytree(STRINGS_DIR, strings)
    path = strings / "it.yaml"
    path.write_text(path.read_text(encoding="utf-8").replace('"{expedition} arretra"', '"{expedition} indietreggia"'), encoding="utf-8")
    page = tmp_path / "it" / "index.md"
    page.parent.mkdir()
    page.write_text("# Titolo\n\nUna pedina si unisce alla spedizione.\n", encoding="utf-8")
    line = next(n for n, text in enumerate(path.read_text(encoding="utf-8").splitlines(), 1) if "indietreggia" in text)
    problems = lint_interface(glossary, read_strings(strings), [page])
    assert any(f"it.yaml:{line}: 'sandbox_moves_backward': non-official variant 'indietreggia'" in p for p in problems), problems
    assert any(f"{page}:3: non-official variant 'si unisce'" in p for p in problems), problems
    assert lint_interface(glossary, read_strings(), []) == []


def _line_before(path: Path, line: int, start: str) -> int:
    """The number of the last line at or before `line` that starts with `start` (where a text begins)."""
    lines = path.read_text(encoding="utf-8").splitlines()
    return next(n for n in range(line, 0, -1) if lines[n - 1].startswith(start))


def test_a_game_modes_text_is_reported_at_its_own_line(glossary_copy):
    """Lint points at the line where the mode text at fault begins (a list item, a paragraph, an
    example), not at the mode's first line."""
    mode, ffa = glossary_copy / "modes/multiplayer-2v2.yaml", glossary_copy / "modes/free-for-all.yaml"
    item = _line_before(mode, replace_once(mode, '        it: "Se tre giocatori soddisfano', '        it: "Se tre giocatori con un gettone soddisfano'), "      - en:")
    paragraph = _line_before(mode, replace_once(mode, "          Gioca una giornata aggiuntiva", "          Gioca un giorno di spareggio aggiuntivo"), "      - en:")
    example = _line_before(ffa, replace_once(ffa, '      it: "In questo esempio,', '      it: "In questo esempio con un gettone,'), "    example:")
    assert 1 < item < paragraph and example > 1
    problems = lint_glossary(load_glossary(glossary_copy))
    assert any(p.startswith(f"{mode}:{item}: game mode multiplayer-2v2 block 5 item-3: non-official variant 'gettone'")
               for p in problems), problems
    assert any(p.startswith(f"{mode}:{paragraph}: game mode multiplayer-2v2 block 6 paragraph-1: non-official variant 'giorno di spareggio'")
               for p in problems), problems
    assert any(p.startswith(f"{ffa}:{example}: game mode free-for-all block 4 example: non-official variant 'gettone'")
               for p in problems), problems


def test_a_rulings_symbols_and_external_rules_text_is_reported_at_its_own_line(glossary_copy):
    """A ruling is one file: lint points at the line of the field at fault (not line 1); symbols,
    sources, chapters and external rules name their file and their entry's line."""
    ruling, symbols = glossary_copy / "rulings/card-text-over-rules.yaml", glossary_copy / "symbols.yaml"
    external = glossary_copy / "external-rules.yaml"
    reading = _line_before(ruling, replace_once(ruling, "    «giocami» gioca la carta", "    «giocami» gioca la carta come un gettone"), "reading:")
    symbol = replace_once(symbols, "it: foresta, from:", "it: foresta con un gettone, from:")
    rule = replace_once(external, "it: Simboli di innesco,", "it: Simboli di innesco del gettone,")
    assert reading > 1 and symbol > 1 and rule > 1
    problems = lint_glossary(load_glossary(glossary_copy))
    assert any(p.startswith(f"{ruling}:{reading}: ruling card-text-over-rules reading: non-official variant 'gettone'")
               for p in problems), problems
    assert any(p.startswith(f"{symbols}:{symbol}: symbol forest: non-official variant 'gettone'") for p in problems), problems
    assert any(p.startswith(f"{external}:{rule}: rule 7.1.1: non-official variant 'gettone'") for p in problems), problems
