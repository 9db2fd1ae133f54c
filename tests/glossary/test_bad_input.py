"""One bad glossary file per kind an adversarial editor could write (issue 15): each is refused
by `altered-rules lint` with the exact message, naming the file and the line, at once, and
nothing else goes wrong (no traceback, no cascade of errors hiding the cause). The limits come
from engine/limits.py, so that the messages quoted here follow them."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from altered_rules.cli.main import main
from engine.limits import MAX_DEPTH, MAX_DIGITS, MAX_EXPANDED_CHARACTERS, MAX_FILE_BYTES, MAX_VALUES

from guards import no_hang
from edits import replace_once

DUSK = "rules/4/4.2.4.yaml"
SECTION_KEYS = "id, title, title_editorial?, sources, body?, paragraphs"
EMPTY = "the file holds nothing (it is empty, only comments, or null); write its content back, or delete the file to remove it"


def _lint(root: Path, capsys) -> list[str]:
    """The errors lint prints (it must fail), each 'file:line: message'."""
    with no_hang(10):
        assert main(["lint", "--glossary", str(root)]) == 1
    err = capsys.readouterr().err
    assert "Traceback" not in err
    return [line.removeprefix("error: ") for line in err.splitlines() if line.startswith("error: ")]


def _write(root: Path, relative: str, text: str | bytes) -> Path:
    path = root / relative
    path.write_bytes(text.encode("utf-8") if isinstance(text, str) else text)
    return path


def _replace(root: Path, relative: str, old: str, new: str) -> int:
    """Replace the first `old` by `new`; the line `new` starts on."""
    return replace_once(root / relative, old, new)


# ---- silent loss: a file emptied, or left with something that is not its content --------------
@pytest.mark.parametrize("relative", [DUSK, "terms/gift.yaml", "modes/standard.yaml", "rulings/sacrifice.yaml",
                                      "keywords.yaml", "cards.yaml", "chapters.yaml"])
@pytest.mark.parametrize("content", ["# all gone\n", "", "~\n"])
def test_an_emptied_file_is_an_error_naming_it(glossary_copy, capsys, relative, content):
    _write(glossary_copy, relative, content)
    errors = _lint(glossary_copy, capsys)
    assert errors[0] == f"{glossary_copy / relative}:1: {EMPTY}"
    if relative != "chapters.yaml":   # without chapters every section is out of place: said too
        assert errors == [errors[0]]


def test_a_section_file_holding_an_empty_list_names_the_file_not_every_reference(glossary_copy, capsys):
    _write(glossary_copy, DUSK, "# the section, emptied\n[]\n")
    assert _lint(glossary_copy, capsys) == [
        f"{glossary_copy / DUSK}:2: the file holds a list; the file of a section holds one mapping with keys: {SECTION_KEYS}"]


def test_a_scalar_only_file_names_the_file(glossary_copy, capsys):
    _write(glossary_copy, DUSK, "dusk\n")
    _write(glossary_copy, "terms/gift.yaml", "gift\n")
    assert _lint(glossary_copy, capsys) == [
        f"{glossary_copy / DUSK}:1: the file holds the single value 'dusk'; the file of a section holds one mapping with "
        f"keys: {SECTION_KEYS}",
        f"{glossary_copy / 'terms/gift.yaml'}:1: the file holds the single value 'gift'; the file of a term holds one "
        "mapping with keys: id, title, text?, gap?, sources, see?, corrections?",
    ]


def test_an_empty_list_file_is_an_error_unless_it_may_be_empty(glossary_copy, capsys):
    _write(glossary_copy, "keywords.yaml", "[]\n")
    _write(glossary_copy, "termbase.yaml", "# gone\n[]\n")
    errors = _lint(glossary_copy, capsys)
    assert f"{glossary_copy / 'keywords.yaml'}:1: keywords.yaml is an empty list; it lists its entries (delete the file if there are none)" in errors
    assert f"{glossary_copy / 'termbase.yaml'}:2: termbase.yaml is an empty list; it lists its entries" in errors


def test_a_chapter_left_without_sections_is_an_error(glossary_copy, capsys):
    path = glossary_copy / "chapters.yaml"
    text = path.read_text(encoding="utf-8")
    path.write_text(text + "- {number: 5, title: {en: Lost chapter, fr: Chapitre perdu, it: Capitolo perso}}\n", encoding="utf-8")
    line = text.count("\n") + 1
    assert _lint(glossary_copy, capsys) == [
        f"{path}:{line}: chapter 5 has no section: chapters.yaml lists it, rules/5/ holds no section file; add its sections "
        "or remove it from chapters.yaml"]


def test_a_scenario_naming_a_rule_that_does_not_exist_is_an_error(glossary_copy, capsys):
    line = _replace(glossary_copy, DUSK, "    rules: [4.2.4.a]\n", "    rules: [4.2.4.a, 4.2.4.z]\n")
    assert _lint(glossary_copy, capsys) == [
        f"{glossary_copy / DUSK}:{line}: reference to rule 4.2.4.z, which does not exist in the glossary; rules nearby: "
        "4.2.4.a, 4.2.4.b, 4.2.4.c, 4.2.4.d, 4.2.4.e, 4.2.4.f, 4.2.4.g, 4.2.4.h"]


def test_a_scenario_naming_an_unknown_deck_rule_is_an_error(glossary_copy, capsys):
    line = _replace(glossary_copy, DUSK, "    rules: [4.2.4.a]\n", "    rules: [4.2.4.a, standard.max-everything]\n")
    errors = _lint(glossary_copy, capsys)
    assert len(errors) == 1 and errors[0].startswith(
        f"{glossary_copy / DUSK}:{line}: 'standard.max-everything' in 'rules' of a scenario is neither a rule number of the "
        "glossary (such as 4.2.4.c) nor a deck rule of a game mode; deck rules: ")


@pytest.mark.parametrize(("scenario", "message"), [
    ("[{name: x}]", "'scenario' of note 1 of 4.2.4.g must be a scenario mapping (see docs/en/scenarios.md)"),
    ("{name: x, given: {}, when: dusk, then: {}}", "note 1 of 4.2.4.g is a remark: only an example note has a 'scenario'"),
])
def test_a_note_scenario_that_would_never_run_is_an_error(glossary_copy, capsys, scenario, message):
    line = _replace(glossary_copy, DUSK, "  - kind: remark\n    text:\n      en: An expedition never",
                    f"  - kind: remark\n    scenario: {scenario}\n    text:\n      en: An expedition never") + 1
    assert _lint(glossary_copy, capsys) == [f"{glossary_copy / DUSK}:{line}: {message}"]


# ---- markup: refused where it cannot be escaped ---------------------------------------------------
@pytest.mark.parametrize("color", ["red;background:url(https://example.com/x)", "#2e7d32;}body{display:none", "'#fff\"><script>'",
                                   "blue", "#12345"])
def test_a_symbol_colour_is_a_hex_colour_only(glossary_copy, capsys, color):
    line = _replace(glossary_copy, "symbols.yaml", 'color: "#2e7d32"}', f"color: {color}}}" if color.startswith("'") else f'color: "{color}"}}')
    shown = color.strip("'")
    assert _lint(glossary_copy, capsys) == [
        f"{glossary_copy / 'symbols.yaml'}:{line}: 'color' of a symbol is '{shown}'; write a hex colour: #rgb or #rrggbb, "
        'e.g. "#2e7d32"']


# ---- tracebacks that were: numbers, chapter numbers, control characters, encodings -------------
def test_a_number_longer_than_the_digit_limit(glossary_copy, capsys):
    line = _replace(glossary_copy, DUSK, "Bob.hero.region: 0", "Bob.hero.region: " + "9" * 5000)
    assert _lint(glossary_copy, capsys) == [
        f"{glossary_copy / DUSK}:{line}: a number of 5,000 digits; numbers have at most {MAX_DIGITS} digits (quote it if it is text)"]


@pytest.mark.parametrize("number", ["seven", "7.1", "0", "10", "'7 '"])
def test_a_chapter_number_that_is_not_one_digit(glossary_copy, capsys, number):
    line = _replace(glossary_copy, "chapters.yaml", "number: 7,", f"number: {number},")
    errors = _lint(glossary_copy, capsys)
    assert errors[0] == (f"{glossary_copy / 'chapters.yaml'}:{line}: chapter number '{number.strip(chr(39))}' must be a number "
                         "from 1 to 9, the first part of its rules' numbers")


@pytest.mark.parametrize(("character", "code"), [("\x00", "0000"), ("\x07", "0007"), ("\ufffe", "FFFE")])
def test_a_control_character_gives_its_line_and_column(glossary_copy, capsys, character, code):
    line = _replace(glossary_copy, DUSK, "when: dusk", f"when: du{character}sk")
    assert _lint(glossary_copy, capsys) == [
        f"{glossary_copy / DUSK}:{line}: the character U+{code} (column 13) is not allowed in YAML: a file holds printable text, "
        "tabs and line breaks"]


def test_a_file_that_is_not_utf8_gives_its_line(glossary_copy, capsys):
    path = glossary_copy / DUSK
    data = path.read_bytes().replace("when: dusk".encode(), "when: d\xe9sk".encode("latin-1"), 1)
    path.write_bytes(data)
    at = data.index(b"d\xe9sk") + 1
    line = data.count(b"\n", 0, at) + 1
    assert _lint(glossary_copy, capsys) == [
        f"{path}:{line}: not UTF-8 text (invalid continuation byte at byte {at}); save the file as UTF-8"]


# ---- hangs and memory: limits -------------------------------------------------------------------
def test_aliases_of_aliases_are_refused_before_they_expand(glossary_copy, capsys):
    lines = ["id: gift", "x0: &a0 [lol, lol, lol, lol, lol, lol, lol, lol, lol, lol]"]
    lines += [f"x{i}: &a{i} [" + ", ".join([f"*a{i - 1}"] * 10) + "]" for i in range(1, 9)]
    _write(glossary_copy, "terms/gift.yaml", "\n".join(lines) + "\n")
    assert _lint(glossary_copy, capsys) == [
        f"{glossary_copy / 'terms/gift.yaml'}:6: the document holds more than {MAX_VALUES:,} values, each alias counted as all it "
        f"repeats (the limit is {MAX_VALUES:,})"]


def test_an_alias_of_a_long_text_repeated_is_refused_before_it_expands(glossary_copy, capsys):
    text = "x" * 100_000
    _write(glossary_copy, "terms/gift.yaml", f"id: gift\ntitle: {{en: &t {text}}}\nsee:\n" + "  - *t\n" * 30)
    characters, line = len("id" "gift" "title" "en" "see") + len(text), 3
    while characters <= MAX_EXPANDED_CHARACTERS:
        characters, line = characters + len(text), line + 1
    assert _lint(glossary_copy, capsys) == [
        f"{glossary_copy / 'terms/gift.yaml'}:{line}: the document holds more than {MAX_EXPANDED_CHARACTERS:,} characters of text, "
        f"each alias counted as all it repeats (the limit is {MAX_EXPANDED_CHARACTERS:,})"]


def test_a_file_past_the_size_limit_is_refused_unread(glossary_copy, capsys):
    line = "# a line of a pasted dump, sixty-four bytes long with its line break ....\n"[-64:]
    _write(glossary_copy, "cards.yaml", line * (MAX_FILE_BYTES // len(line) + 10))
    assert _lint(glossary_copy, capsys) == [
        f"{glossary_copy / 'cards.yaml'}:{MAX_FILE_BYTES // len(line) + 1}: the file is longer than {MAX_FILE_BYTES:,} bytes "
        "(the limit) from this line on"]


def test_nesting_past_the_limit_is_refused(glossary_copy, capsys):
    _write(glossary_copy, "terms/gift.yaml", "id: gift\ntitle:\n  en: " + "[" * (MAX_DEPTH + 50) + "\n")
    assert _lint(glossary_copy, capsys) == [
        f"{glossary_copy / 'terms/gift.yaml'}:3: lists and mappings are nested more than {MAX_DEPTH} deep (the limit)"]


def test_a_duplicate_anchor_is_an_error(glossary_copy, capsys):
    _write(glossary_copy, "terms/gift.yaml", "id: gift\ntitle: &a {en: Gift}\ntext: &a {en: Gift}\nsources: [editorial]\n")
    assert _lint(glossary_copy, capsys) == [
        f"{glossary_copy / 'terms/gift.yaml'}:3: duplicate anchor '&a' (first on line 2); each anchor may be defined once"]


# ---- the site build says the same, without a traceback ----------------------------------------------
def test_the_site_build_fails_on_an_emptied_section_naming_it(tmp_path):
    from altered_rules.verification.synth import synthesize
    from project_paths import GLOSSARY, PROJECT

    project = tmp_path / "project"
    synthesize(GLOSSARY, project, 1, project=PROJECT)
    _write(project / "glossary", DUSK, "# emptied by mistake\n")
    result = subprocess.run([sys.executable, "-m", "altered_rules.build_site"], cwd=project, capture_output=True, text=True,
                            timeout=300)
    output = result.stdout + result.stderr
    assert result.returncode != 0
    assert f"glossary/{DUSK}:1: {EMPTY}" in output, output[-3000:]
    assert "Traceback" not in output


def test_a_file_or_folder_the_glossary_does_not_read_is_an_error(glossary_copy, capsys):
    """A term put in a misspelt folder would never reach the site."""
    (glossary_copy / "term").mkdir()
    (glossary_copy / "term" / "gift.yaml").write_bytes((glossary_copy / "terms" / "gift.yaml").read_bytes())
    (glossary_copy / ".editor-settings").write_text("ignored: an editor's own hidden file\n", encoding="utf-8")
    assert _lint(glossary_copy, capsys) == [
        f"{glossary_copy / 'term'}: the glossary does not read this folder; it holds the files sources.yaml, symbols.yaml, "
        "chapters.yaml, external-rules.yaml, termbase.yaml, keywords.yaml, cards.yaml, releases.yaml, jargon.yaml and the folders rules/, terms/, "
        "modes/, rulings/, releases/"]
