"""`altered-rules verify` and `explain`, as a judge runs them."""

from __future__ import annotations

from pathlib import Path

import pytest

from altered_rules.cli.main import main

PASSING = """\
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
FAILING = PASSING.replace("name: A tie is not sufficient to advance", "name: Wrong on purpose").replace(
    "Alice.hero.region: 0", "Alice.hero.region: 1"
)


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, list[str]]:
    code = main(list(argv))
    return code, capsys.readouterr().out.splitlines()


def test_verify_prints_one_line_per_scenario_and_the_count(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "ok.yaml"
    path.write_text(PASSING, encoding="utf-8")
    code, lines = run(capsys, "verify", str(path))
    assert code == 0
    assert lines == [f"PASS  {path}:1: A tie is not sufficient to advance", "1 passed, 0 failed"]


def test_a_failure_names_file_scenario_path_expected_and_actual(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "bad.yaml"
    path.write_text(PASSING + FAILING, encoding="utf-8")
    code, lines = run(capsys, "verify", str(path))
    assert code == 1
    assert f"FAIL  {path}:12: Wrong on purpose" in lines
    assert f"      {path}:21: Alice.hero.region: expected 1, actual 0" in lines
    assert lines[-1] == "1 passed, 1 failed"


def test_an_unreadable_case_counts_as_a_failure_and_the_others_still_run(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "typo.yaml"
    path.write_text(PASSING.replace("when: dusk", "when: dsuk") + PASSING.replace("name: ", "name: Again, "), encoding="utf-8")
    code, lines = run(capsys, "verify", str(path))
    assert code == 1
    assert lines[0].startswith(f"ERROR {path}:8: ") and "unknown action 'dsuk'" in lines[0]
    assert lines[1].startswith("PASS")
    assert lines[-1] == "1 passed, 1 failed"


def test_explain_adds_the_trace_with_rule_citations(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "ok.yaml"
    path.write_text(PASSING, encoding="utf-8")
    code, lines = run(capsys, "explain", str(path))
    assert code == 0
    assert any("Bob's hero expedition does not advance: 2 forest against 2 is a tie (4.2.4.c)" in line for line in lines)
    assert lines[-1] == "1 passed, 0 failed"


def test_verify_accepts_a_folder(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    (tmp_path / "a.yaml").write_text(PASSING, encoding="utf-8")
    (tmp_path / "b.yaml").write_text(FAILING, encoding="utf-8")
    code, lines = run(capsys, "verify", str(tmp_path))
    assert (code, lines[-1]) == (1, "1 passed, 1 failed")


DECK = """\
- name: A Hero and 39 other cards
  given:
    format: standard
    deck:
    - {name: Sierra & Oddball, type: hero, faction: Axiom}
""" + "".join(f"    - {{name: Card {i}, faction: Axiom, count: 3}}\n" for i in range(13)) + """\
  when: check_deck
  then:
    legal: true
"""


def test_a_deck_is_checked_with_the_numbers_of_the_glossary_named(tmp_path: Path, glossary_copy: Path,
                                                                  capsys: pytest.CaptureFixture[str]) -> None:
    """The deck limits are the glossary's: 39 -> 40 in a copy (--glossary) makes the same deck short."""
    path = tmp_path / "deck.yaml"
    path.write_text(DECK, encoding="utf-8")
    assert run(capsys, "verify", str(path)) == (0, [f"PASS  {path}:1: A Hero and 39 other cards", "1 passed, 0 failed"])
    for name in ("standard.yaml", "multiplayer-2v2.yaml"):
        mode = glossary_copy / "modes" / name
        mode.write_text(mode.read_text(encoding="utf-8").replace("min_cards: 39,", "min_cards: 40,"), encoding="utf-8")
    code, lines = run(capsys, "verify", "--glossary", str(glossary_copy), str(path))
    assert code == 1 and lines[0] == f"FAIL  {path}:1: A Hero and 39 other cards"
    code, lines = run(capsys, "explain", "--glossary", str(glossary_copy), "--lang", "en", str(path))
    assert "        Broken: 39 other cards; at least 40 are required (1.1.4.c)" in lines


def test_a_board_needs_no_glossary_and_a_deck_without_one_says_where_its_numbers_come_from(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.chdir(tmp_path)   # no glossary/ here
    (tmp_path / "board.yaml").write_text(PASSING, encoding="utf-8")
    (tmp_path / "deck.yaml").write_text(DECK, encoding="utf-8")
    assert run(capsys, "verify", "board.yaml")[0] == 0
    code = main(["verify", "deck.yaml"])
    out, err = capsys.readouterr()
    assert code == 1
    assert "deck.yaml:1: A Hero and 39 other cards: no deck limits were given for the standard format" in out
    assert "the deck limits come from the glossary folder glossary, which cannot be read" in err
