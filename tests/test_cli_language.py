"""The scenario commands speak the language asked for (issue 44): `verify --lang` and `explain
--lang` print their lines' own words (PASS, FAIL, ERROR, expected and actual, the count) in that
language; without `--lang`, verify's lines and its last line are the scenario format's English
contract ("N passed, M failed"), whatever the locale."""

from __future__ import annotations

from pathlib import Path

import pytest

from altered_rules.cli.main import main
from altered_rules.strings import read_strings

SCENARIOS = """\
- name: A tie is not sufficient to advance
  given:
    players: [Alice, Bob]
    Alice:
      hero: {region: 0, characters: ["Ordis Recruit 2/0/0 Soldier"]}
    Bob:
      hero: {region: 0, characters: ["Kelon Elemental 2/0/0"]}
  when: dusk
  then:
    Alice.hero.region: 1
- name: Nobody wins a quiet Dusk
  given:
    players: [Alice, Bob]
  when: dusk
  then:
    winner: none
"""

BROKEN = """\
- name: Unreadable
  given:
    players: [Alice, Bob]
    Alice:
      hero: {region: 9}
  when: dusk
  then:
    winner: none
"""


@pytest.fixture
def scenarios(tmp_path: Path) -> list[str]:
    """A file with a failing and a passing case, and a file that cannot be read."""
    (tmp_path / "cases.yaml").write_text(SCENARIOS, encoding="utf-8")
    (tmp_path / "broken.yaml").write_text(BROKEN, encoding="utf-8")
    return [str(tmp_path / "cases.yaml"), str(tmp_path / "broken.yaml")]


def _run(argv: list[str], capsys: pytest.CaptureFixture[str]) -> list[str]:
    assert main(argv) == 1
    captured = capsys.readouterr()
    assert "Traceback" not in captured.err
    return captured.out.splitlines()


@pytest.mark.parametrize("language, labels, difference, last", [
    ("fr", ("ÉCHEC ", "RÉUSSI", "ERREUR"), "Alice.hero.region\u00a0: attendu 1, obtenu 0", "réussis\u00a0: 1, en échec\u00a0: 2"),
    ("it", ("FALLITO", "RIUSCITO", "ERRORE"), "Alice.hero.region: atteso 1, ottenuto 0", "riusciti: 1, falliti: 2"),
])
def test_verify_and_explain_speak_the_language_asked_for(scenarios, capsys, monkeypatch, language, labels, difference, last):
    monkeypatch.setenv("LANG", "en_GB.UTF-8")
    for command in ("verify", "explain"):
        lines = _run([command, "--lang", language, *scenarios], capsys)
        assert lines[-1] == last
        firsts = [line for line in lines if not line.startswith(" ")]
        assert [line.split(" ")[0] for line in firsts[:3]] == [label.strip() for label in labels]
        assert any(line.strip().endswith(difference) for line in lines), lines
        english = ("PASS ", "FAIL ", "ERROR ", "expected ", " passed, ")
        assert not any(word in line for line in lines for word in english), lines


def test_without_lang_verify_keeps_the_contracts_english_whatever_the_locale(scenarios, capsys, monkeypatch):
    monkeypatch.setenv("LC_ALL", "fr_FR.UTF-8")
    lines = _run(["verify", *scenarios], capsys)
    assert lines[-1] == "1 passed, 2 failed"
    assert lines[0].startswith("FAIL  ") and lines[1].endswith("Alice.hero.region: expected 1, actual 0")


def test_the_glossarys_verification_speaks_the_language_asked_for(capsys):
    assert main(["verify", "--lang", "fr"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[0].startswith("RÉUSSI ") and lines[-1].startswith("réussis\u00a0: ")


def test_every_cli_word_is_translated():
    files = read_strings()
    for key, english in files["en"].strings.items():
        if key.startswith("cli_"):
            for language in ("fr", "it"):
                assert files[language].strings[key] != english, (language, key)


MOVES = """\
- name: Moves
  given:
    players: [Alice, Bob]
    adventure: [hero, {types: [forest]}, {types: [forest]}, {types: [water]}, {types: [water]}, {types: [mountain]}, {types: [mountain]}, companion]
    Alice:
      hero: {region: 0, characters: ["Kuwat 1/1/1"]}
  when:
    - {move_forward: Alice.hero}
    - {move_backward: Alice.hero}
    - {put: Alice.hero.Kuwat, in: reserve}
    - check_victory
    - dusk
  then:
    winner: none
"""


@pytest.mark.parametrize("language, said", [
    ("fr", ["Quand\u00a0: l'Expédition Héros d'Alice avance", "Quand\u00a0: l'Expédition Héros d'Alice recule",
            "Quand\u00a0: on met Kuwat d'Alice dans la Réserve", "Quand\u00a0: la fin de la partie est vérifiée", "Quand\u00a0: Crépuscule"]),
    ("it", ["Quando: la spedizione dell'eroe di Alice avanza", "Quando: la spedizione dell'eroe di Alice arretra",
            "Quando: Kuwat di Alice va nella Riserva", "Quando: viene verificata la fine della partita", "Quando: crepuscolo"]),
    ("en", ["When: Alice's hero expedition moves forward", "When: Alice's hero expedition moves backward",
            "When: Kuwat of Alice is put in the Reserve", "When: the end of the game is checked", "When: Dusk"]),
])
def test_the_scenarios_actions_are_said_in_the_readers_words(tmp_path, capsys, language, said):
    path = tmp_path / "moves.yaml"
    path.write_text(MOVES, encoding="utf-8")
    assert main(["explain", "--lang", language, str(path)]) == 0
    whens = [line.strip() for line in capsys.readouterr().out.splitlines() if line.startswith("        ") and not line.startswith("         ")]
    assert whens == said


MISSPELT = """\
- name: Misspelt key
  given:
    players: [Alice, Bob]
    Alice:
      heroo: {region: 0}
  when: dusk
  then:
    winner: none
- name: Misspelt word
  given:
    players: [Alice, Bob]
  when: {move_forward: Alice.heor}
  then:
    winner: none
- name: Unknown player
  given:
    players: [Alice, Bob]
  when: {move_forward: Carol.hero}
  then:
    winner: none
"""


@pytest.mark.parametrize("language, said", [
    ("fr", ["clé inconnue 'heroo' dans `Alice:` (vouliez-vous dire 'hero'\u00a0?)", "'heor' n'est pas un mot admis ici (Expédition)",
            "joueur inconnu 'Carol' dans 'Carol.hero'\u00a0; joueurs\u00a0: Alice, Bob"]),
    ("it", ["chiave sconosciuta 'heroo' in `Alice:` (forse 'hero'?)", "'heor' non è una parola ammessa qui (spedizione)",
            "giocatore sconosciuto 'Carol' in 'Carol.hero'; giocatori: Alice, Bob"]),
    ("en", ["unknown key 'heroo' in `Alice:` (did you mean 'hero'?)", "unknown expedition 'heor' (did you mean 'hero'?)",
            "unknown player 'Carol' in 'Carol.hero'; players: Alice, Bob"]),
])
def test_the_readers_errors_are_said_in_the_editors_language(tmp_path, capsys, language, said):
    path = tmp_path / "misspelt.yaml"
    path.write_text(MISSPELT, encoding="utf-8")
    lines = _run(["verify", "--lang", language, str(path)], capsys)
    for line, words in zip(lines, said):
        assert words in line, (line, words)
