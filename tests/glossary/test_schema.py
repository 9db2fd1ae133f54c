"""One bad glossary file per kind of mistake, each with the words its error must contain:
the file, the line, what is wrong and what is allowed."""

from __future__ import annotations

from pathlib import Path

import pytest

from altered_rules.content.glossary import GlossaryError, load_glossary

DUSK = Path("rules/4/4.2.4.yaml")


def _break(root: Path, relative: Path, old: str, new: str, count: int = 1) -> None:
    path = root / relative
    text = path.read_text(encoding="utf-8")
    assert old in text, f"test setup: {old!r} not in {relative}"
    path.write_text(text.replace(old, new, count), encoding="utf-8")


def _line_of(root: Path, relative: Path, needle: str) -> int:
    for number, line in enumerate((root / relative).read_text(encoding="utf-8").splitlines(), 1):
        if needle in line:
            return number
    raise AssertionError(f"{needle!r} not in {relative}")


def _errors(root: Path) -> list[str]:
    with pytest.raises(GlossaryError) as caught:
        load_glossary(root)
    return [str(e) for e in caught.value.errors]


def _one_error(root: Path) -> str:
    errors = _errors(root)
    assert len(errors) == 1, errors
    return errors[0]


def test_the_real_glossary_loads(glossary):
    assert len(glossary.paragraphs) == 205


def test_a_yaml_syntax_error_names_file_and_line(glossary_copy):
    _break(glossary_copy, DUSK, "- id: 4.2.4.c\n", "- id: 4.2.4.c\n   bad: [unclosed\n")
    error = _one_error(glossary_copy)
    assert "rules/4/4.2.4.yaml:" in error and "YAML syntax error" in error


def test_a_misspelt_key_is_rejected_with_the_allowed_keys(glossary_copy):
    _break(glossary_copy, DUSK, "  - kind: remark", "  - knid: remark")
    line = _line_of(glossary_copy, DUSK, "knid: remark")
    errors = _errors(glossary_copy)
    assert any(f"rules/4/4.2.4.yaml:{line}: unknown key 'knid'" in e and "allowed keys: kind, text" in e for e in errors), errors


def test_a_duplicate_paragraph_id_is_rejected(glossary_copy):
    _break(glossary_copy, DUSK, "- id: 4.2.4.d", "- id: 4.2.4.c")
    line = _line_of(glossary_copy, DUSK, "- id: 4.2.4.c") 
    error = _one_error(glossary_copy)
    assert "duplicate paragraph id 4.2.4.c" in error and "rules/4/4.2.4.yaml:" in error
    assert "first at " in error and str(line) in error


def test_a_malformed_paragraph_id_says_what_an_id_looks_like(glossary_copy):
    _break(glossary_copy, DUSK, "- id: 4.2.4.d", "- id: 4.2.4.D")
    error = _one_error(glossary_copy)
    assert "paragraph id '4.2.4.D' is malformed" in error and "e.g. 4.2.4.c" in error


def test_a_paragraph_filed_under_the_wrong_section_is_rejected(glossary_copy):
    _break(glossary_copy, DUSK, "- id: 4.2.4.d", "- id: 4.2.5.d")
    assert "does not belong to section 4.2.4" in _one_error(glossary_copy)


def test_a_reference_to_a_missing_rule_names_file_and_line(glossary_copy):
    _break(glossary_copy, DUSK, "A tie is not sufficient to advance.", "A tie is not sufficient to advance (see Rule 4.2.9.z).")
    line = _line_of(glossary_copy, DUSK, "Rule 4.2.9.z")
    error = _one_error(glossary_copy)
    assert f"rules/4/4.2.4.yaml:{line}: reference to rule 4.2.9.z, which does not exist" in error
    assert "rules nearby: 4.2.9" not in error  # no invented neighbours


def test_a_symbol_outside_the_vocabulary_lists_the_allowed_ones(glossary_copy):
    _break(glossary_copy, Path("rules/4/4.3.yaml"), "{forest}", "{forrest}")
    error = _one_error(glossary_copy)
    assert "symbol '{forrest}'" in error and "not in the vocabulary" in error and "{forest}" in error


def test_a_missing_english_text_is_rejected(glossary_copy):
    _break(glossary_copy, DUSK, "    en: A tie is not sufficient to advance.\n", "")
    error = _one_error(glossary_copy)
    assert "has no English text (en)" in error and "rules/4/4.2.4.yaml:" in error


def test_an_unknown_language_is_rejected(glossary_copy):
    _break(glossary_copy, DUSK, "    en: A tie is not sufficient to advance.", "    en: A tie is not sufficient to advance.\n    de: Gleichstand.")
    error = _one_error(glossary_copy)
    assert "unknown language 'de'" in error and "allowed: en, fr, it" in error


def test_an_unknown_source_lists_the_known_ones(glossary_copy):
    _break(glossary_copy, DUSK, "sources: [seed-000]", "sources: [seed-009]")
    errors = _errors(glossary_copy)
    assert any("unknown source 'seed-009'" in e and "seed-000" in e for e in errors), errors


def test_a_duplicate_key_is_rejected(glossary_copy):
    _break(glossary_copy, DUSK, "title:\n  en: Dusk\n", "title:\n  en: Dusk\ntitle:\n  en: Dusk\n")
    error = _one_error(glossary_copy)
    assert "duplicate key 'title'" in error and "rules/4/4.2.4.yaml:" in error


def test_a_section_in_the_wrong_file_is_rejected(glossary_copy):
    (glossary_copy / DUSK).rename(glossary_copy / "rules/4/dusk.yaml")
    error = _one_error(glossary_copy)
    assert "must be in rules/4/4.2.4.yaml" in error


def test_a_correction_with_an_unknown_reason_lists_the_reasons(glossary_copy):
    _break(glossary_copy, Path("rules/2/2.2.4.yaml"), "why: symbol", "why: symbols")
    error = _one_error(glossary_copy)
    assert "'why' of a correction" in error and "allowed: typo, grammar, symbol, residue" in error


def test_an_unknown_deck_check_lists_the_allowed_checks(glossary_copy):
    _break(glossary_copy, Path("modes/standard.yaml"), "check: {max_rare: 15}", "check: {max_rares: 15}")
    error = _one_error(glossary_copy)
    assert "modes/standard.yaml:" in error and "unknown deck check 'max_rares'" in error and "max_rare" in error


def test_every_problem_is_reported_in_one_pass(glossary_copy):
    _break(glossary_copy, DUSK, "  - kind: remark", "  - knid: remark")
    _break(glossary_copy, Path("rules/4/4.3.yaml"), "{forest}", "{forrest}")
    errors = _errors(glossary_copy)
    assert any("rules/4/4.2.4.yaml" in e and "'knid'" in e for e in errors)
    assert any("rules/4/4.3.yaml" in e and "{forrest}" in e for e in errors)


def test_a_non_yaml_file_in_the_glossary_is_reported(glossary_copy):
    (glossary_copy / "rules/4/notes.txt").write_text("scratch", encoding="utf-8")
    assert "not a YAML file" in _one_error(glossary_copy)


TERMBASE = Path("termbase.yaml")


@pytest.mark.parametrize(("search", "message"), [
    ("search: {en: [giant], de: [Riese]}", "unknown key 'de' in 'search' of termbase entry 'gigantic'"),
    ("search: {en: giant}", "'en' of 'search' of termbase entry 'gigantic' must be a non-empty list of words"),
    ("search: {fr: []}", "'fr' of 'search' of termbase entry 'gigantic' must be a non-empty list of words"),
    ("search: [giant]", "'search' of termbase entry 'gigantic' must be a mapping with keys"),
])
def test_a_malformed_search_word_list_is_rejected_with_its_line(glossary_copy, search, message):
    """Judges' words for a term (issue 14): per language, a list of words."""
    _break(glossary_copy, TERMBASE, "search: {en: [giant], fr: [géant]}", search)
    line = _line_of(glossary_copy, TERMBASE, search)
    error = _one_error(glossary_copy)
    assert f"termbase.yaml:{line}: {message}" in error, error


JARGON = Path("jargon.yaml")
GRAVEYARD = "  en: [graveyard, yard, GY]\n  fr: [cimetière]\n  it: [cimitero]\n  term: discard-pile\n"


@pytest.mark.parametrize(("new", "needle", "message"), [
    # A word that is the Altered term of its language would send the term's own searches elsewhere.
    (GRAVEYARD.replace("fr: [cimetière]", "fr: [cimetière, Réserve]"), "Réserve]",
     "'Réserve' in 'fr' of the jargon entry at line {entry} is the Altered term 'reserve' (termbase.yaml)"),
    (GRAVEYARD.replace("it: [cimitero]", "it: [cimitero, stappare]"), "it: [cimitero, stappare]",
     "'stappare' in 'it' of the jargon entry at line {entry} is already listed at line"),
    (GRAVEYARD.replace("term: discard-pile", "term: graveyard"), "term: graveyard",
     "'term' of the jargon entry at line {entry} is 'graveyard', which is not a termbase.yaml id"),
    (GRAVEYARD.replace("  term: discard-pile\n", ""), "games: [magic, flesh-and-blood, yu-gi-oh]",
     "the jargon entry at line {entry} has no 'term': where Altered has no equivalent, a 'note' says so"),
    (GRAVEYARD.replace("en: [graveyard, yard, GY]", "en: []"), "en: []",
     "'en' of the jargon entry at line {entry} must be a list of words (at least one)"),
    (GRAVEYARD.replace("  term: discard-pile\n", "  term: discard-pile\n  modes: [commander]\n"), "games: [magic, flesh-and-blood, yu-gi-oh]",
     "the jargon entry at line {entry} names the game mode 'commander', which modes/ does not hold"),
])
def test_a_bad_jargon_entry_is_rejected_with_its_line(glossary_copy, new, needle, message):
    """The jargon table (issue 27): each word another game's, once, for a known term or a note."""
    _break(glossary_copy, JARGON, GRAVEYARD, new)
    entry = _line_of(glossary_copy, JARGON, "games: [magic, flesh-and-blood, yu-gi-oh]")
    line = _line_of(glossary_copy, JARGON, needle)
    error = _one_error(glossary_copy)
    assert f"jargon.yaml:{line}: {message.format(entry=entry)}" in error, error


def test_a_jargon_entry_of_an_unknown_game_is_rejected(glossary_copy):
    _break(glossary_copy, JARGON, "games: [magic, flesh-and-blood, yu-gi-oh]", "games: [gwent]")
    line = _line_of(glossary_copy, JARGON, "games: [gwent]")
    error = _one_error(glossary_copy)
    assert f"jargon.yaml:{line}: 'games' of the jargon entry at line {line} must be a non-empty list of: magic, lorcana" in error, error


def test_the_jargon_table_maps_other_games_words_to_altered_terms(glossary):
    by_word = {word: entry for entry in glossary.jargon for word in entry.words["en"]}
    assert by_word["tap"].term == "exhaust" and by_word["graveyard"].term == "discard-pile"
    assert by_word["mana burn"].term is None and by_word["mana burn"].note is not None
    assert {"magic", "lorcana", "flesh-and-blood", "hearthstone", "yu-gi-oh"} <= {g for e in glossary.jargon for g in e.games}
