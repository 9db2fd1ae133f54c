"""No English-only sentence reaches an editor who reads the engine in French or Italian (issue 44).

A scenario the reader cannot read, or a refusal because the rules are silent, is said by a message
of engine/catalogue.py (`read.*`, `choice.*`, `refusal.*`), which the French and Italian catalogues
translate, so `altered-rules verify --lang fr` and `explain --lang it` say it in the editor's
language. A sentence written straight into the error (`ScenarioError(f"unknown ...")`) has no
translation: it would reach a French reader in English. This test reads the engine's source (its
syntax tree, not its text) and names each such sentence with its file and line."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

from altered_rules.cli.main import main
from engine import errors as engine_errors
from engine import messages as engine_messages
from engine.catalogue import ENGLISH

ENGINE = Path(__file__).resolve().parents[2] / "engine"

def _errors(cls: type = engine_errors.EngineError) -> set[str]:
    return {cls.__name__}.union(*(_errors(sub) for sub in cls.__subclasses__()))


RAISERS = frozenset(_errors() | {"fail", "bad", "_count", "_list_of", "_texts"})
"""The errors an editor reads (every EngineError: ScenarioError, RulesSilent, UnsupportedText,
BoardError...), and the reader's helpers that make one from their first argument
(engine.scenario.syntax.fail, paths.Written.bad, reader_expectations.locate's bad, paths._count,
reader_given._list_of, paths._texts)."""


def _is_sentence(node: ast.expr) -> bool:
    """A finished sentence: text, an f-string, text joined to text, or either of two."""
    if isinstance(node, ast.Constant):
        return isinstance(node.value, str)
    if isinstance(node, ast.JoinedStr):
        return True
    if isinstance(node, ast.BinOp) and isinstance(node.op, (ast.Add, ast.Mod)):
        return _is_sentence(node.left) or _is_sentence(node.right)
    if isinstance(node, ast.IfExp):
        return _is_sentence(node.body) or _is_sentence(node.orelse)
    if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and node.func.attr in ("format", "join"):
        return isinstance(node.func.value, (ast.Constant, ast.JoinedStr))
    return False


def _called(node: ast.Call) -> str:
    return node.func.id if isinstance(node.func, ast.Name) else node.func.attr if isinstance(node.func, ast.Attribute) else ""


def english_sentences(root: Path) -> list[str]:
    """`file:line: text` for each error an editor reads whose sentence is written in the code."""
    found = []
    for path in sorted(root.rglob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"), str(path))
        for node in ast.walk(tree):
            if isinstance(node, ast.Call) and _called(node) in RAISERS:
                said = node.args[0] if node.args else next((k.value for k in node.keywords if k.arg == "message"), None)
                if said is not None and _is_sentence(said):
                    found.append(f"{path.relative_to(root.parent)}:{node.lineno}: {ast.unparse(said)[:100]}")
    return found


def test_no_error_an_editor_reads_is_an_english_only_sentence() -> None:
    found = english_sentences(ENGINE)
    assert not found, ("errors said in English only (a French or Italian reader would read them in English): give each a "
                       "message of engine/catalogue.py and its French and Italian in plugins/altered_rules/strings/engine/:\n"
                       + "\n".join(found))


def test_the_readers_helpers_take_a_message_not_a_sentence() -> None:
    """A sentence held in a variable escapes the scan: the helpers' types refuse it (mypy, `make check`)."""
    import typing

    from engine.scenario import paths, syntax
    for helper, name in ((syntax.fail, "message"), (paths.Written.bad, "message"), (paths._count, "message"), (paths._texts, "example")):
        assert typing.get_type_hints(helper)[name] is engine_messages.Message, helper


def test_the_scan_finds_a_sentence_in_each_shape(tmp_path: Path) -> None:
    """The scan sees each way of writing a sentence into an error, and lets a message through."""
    (tmp_path / "engine").mkdir()
    (tmp_path / "engine" / "bad.py").write_text(
        "raise ScenarioError('a')\n"
        "raise ScenarioError(f'{x} b', place)\n"
        "raise fail('c' + key, item, key, where)\n"
        "raise w.bad(f'd {x}')\n"
        "raise RulesSilent('e' if x else 'f')\n"
        "_count('g')\n"
        "raise ScenarioError(message='h')\n"
        "raise ScenarioError(msg('read.x'), place)\n"
        "raise fail(told('read.y'), item, key, where)\n", encoding="utf-8")
    assert [line.split(":")[1] for line in english_sentences(tmp_path / "engine")] == [str(n) for n in range(1, 8)]
    assert {"ScenarioError", "RulesSilent", "UnsupportedText", "BoardError", "UnknownPlayer", "Forbidden"} <= RAISERS


def _message_ids(root: Path) -> set[str]:
    ids = set()
    for path in root.rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Call) and _called(node) in ("told", "told_close") and node.args:
                first = node.args[0]
                for value in (first.body, first.orelse) if isinstance(first, ast.IfExp) else (first,):
                    if isinstance(value, ast.Constant) and isinstance(value.value, str):
                        ids.add(value.value)
                        if _called(node) == "told_close":
                            ids.add(value.value + "_close")
    return ids


def test_every_message_the_reader_raises_is_in_the_catalogue() -> None:
    ids = _message_ids(ENGINE)
    assert len(ids) > 100
    assert not sorted(ids - set(ENGLISH)), "messages told by the reader that engine/catalogue.py does not have"


@pytest.mark.parametrize("language, said", [
    ("fr", ["est une liste de Personnages", "ne nomme aucune «\u00a0Expédition ciblée\u00a0»", "le nombre de cartes en Réserve est attendu",
            "doit décider (quel Personnage sacrifier)"]),
    ("it", ["è una lista di Personaggi", "non nomina nessuna «spedizione bersaglio»", "è atteso il numero di carte nella Riserva",
            "deve decidere (quale Personaggio sacrificare)"]),
])
def test_the_rarer_errors_are_said_in_the_editors_language(tmp_path: Path, capsys: pytest.CaptureFixture[str], language: str,
                                                         said: list[str]) -> None:
    path = tmp_path / "rare.yaml"
    path.write_text(RARE, encoding="utf-8")
    main(["verify", "--lang", language, str(path)])
    out = capsys.readouterr().out
    for words in said:
        assert words in out, (words, out)


RARE = """\
- name: Characters not a list
  given:
    players: [Alice, Bob]
    Alice:
      hero: {region: 0, characters: Kuwat}
  when: dusk
  then:
    winner: none
- name: Target unused
  given:
    players: [Alice, Bob]
  when: {effect: "Draw a card", controller: Alice, target: Alice.hero}
  then:
    winner: none
- name: Bad reserve count
  given:
    players: [Alice, Bob]
  when: dusk
  then:
    Alice.reserve.count: many
- name: Decision missing
  given:
    players: [Alice, Bob]
    Alice:
      hero: {region: 0, characters: ["Scout 1/1/1 Soldier", "Goat 1/1/1 Animal"]}
  when: {effect: "Sacrifice a Character", controller: Alice}
  then:
    winner: none
"""


WORDS = """\
- name: Tokens
  given:
    players: [Alice, Bob]
  when: {effect: "Create a Clockwork Knight 2/1/0 Robot, Soldier token in your hero Expedition", controller: Alice}
  then:
    Alice.hero.characters: 1
- name: Gigantic token
  given:
    players: [Alice, Bob]
  when: {effect: "Create an Ogre 3/3/3 Titan token with Gigantic in your companion Expedition", controller: Alice}
  then:
    winner: none
- name: Resupply
  given:
    players: [Alice, Bob]
  when: {effect: "Resupply", controller: Alice}
  then:
    winner: none
- name: A cost
  given:
    players: [Alice, Bob]
    Alice:
      hero: {region: 0, characters: [{name: Kuwat, stats: 1/1/1, subtypes: [Soldier], quick_actions: ["{exhaust}: Draw a card"]}]}
      deck: 3
  when: {quick_action: Alice.hero.Kuwat}
  then:
    Alice.hand: 1
"""


@pytest.mark.parametrize("language, said, english", [
    ("fr", ["crée 1 jeton Clockwork Knight 2/1/0 Robot, Soldat (", "jeton Ogre 3/3/3 Titan (Gigantesque) (", "Alice effectue Ravitaillez\u00a0:",
            "(épuiser) en une seule étape"], ["Soldier (", "(gigantic)", "(Gigantic)", "effectue Resupply", "(exhaust)"]),
    ("it", ["crea 1 pedina Clockwork Knight 2/1/0 Robot, Soldato (", "pedina Ogre 3/3/3 Titano (Colossale) (", "Alice esegue Rifornisci:",
            "(consumare) in un solo passaggio"], ["Soldier (", "Titan (", "(gigantic)", "(Gigantic)", "esegue Resupply", "(exhaust)"]),
])
def test_a_traces_tokens_costs_and_keyword_actions_are_said_in_the_readers_words(
        tmp_path: Path, capsys: pytest.CaptureFixture[str], language: str, said: list[str], english: list[str]) -> None:
    """A token's sub-types and Gigantic, a cost's parts and a keyword action are the catalogue's words
    (the termbase's), not the English of the card text; the card text itself stays quoted as printed."""
    path = tmp_path / "words.yaml"
    path.write_text(WORDS, encoding="utf-8")
    main(["explain", "--lang", language, str(path)])
    out = capsys.readouterr().out
    for words in said:
        assert words in out, (words, out)
    created = [line for line in out.splitlines() if "7.3.3.a" in line or "6.4.a" in line or "6.1.e)" in line]
    for words in english:
        assert not any(words in line for line in created), (words, created)


@pytest.mark.parametrize("language, said", [
    ("fr", "clé inconnue 'id' dans un fichier de scénarios"), ("it", "chiave sconosciuta 'id' in un file di scenari"),
])
def test_a_files_own_error_is_said_in_the_editors_language(tmp_path: Path, capsys: pytest.CaptureFixture[str], language: str, said: str) -> None:
    """An error of the file as a whole (not a list of scenarios) keeps the engine's message to the CLI."""
    path = tmp_path / "rule.yaml"
    path.write_text("id: 1.1\nscenarios: []\n", encoding="utf-8")
    for command in ("verify", "explain"):
        main([command, "--lang", language, str(path)])
        out = capsys.readouterr().out
        assert said in out and "unknown key" not in out, out


@pytest.mark.parametrize("language, said, english", [
    ("fr", ["le Mana que demande le coût de Kuwat est inconnu", "Kuwat en jeu a Coriace,"], ["the cost of", "a Tough,"]),
    ("it", ["il mana richiesto dal costo di Kuwat è sconosciuto", "Kuwat in gioco ha Tenace,"], ["the cost of", "ha Tough,"]),
])
def test_a_refusals_cost_and_unmodelled_keyword_are_said_in_the_readers_words(capsys: pytest.CaptureFixture[str], language: str,
                                                                             said: list[str], english: list[str]) -> None:
    scenarios = ENGINE.parent / "tests" / "engine_tests" / "scenarios"
    main(["explain", "--lang", language, str(scenarios / "costs.yaml"), str(scenarios / "cards.yaml")])
    out = capsys.readouterr().out
    for words in said:
        assert words in out, words
    refusals = [line for line in out.splitlines() if line.strip().startswith(("Le moteur refuse", "Il motore rifiuta"))]
    for words in english:
        assert not any(words in line for line in refusals), words
