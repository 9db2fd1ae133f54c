"""The scenario language's registries (engine.scenario.paths, engine.scenario.actions) against the
spec's lists of paths and actions in each language, and the path added through them as the
contributing docs show (`Player.reserve.count`)."""

from __future__ import annotations

import re

import pytest
import yaml

import engine
from altered_rules.content.yamlsource import load_yaml_text
from engine.scenario import ACTIONS, PATHS, At, Family, PathForm, Setup, Shape, action_form, locate, locate_known, mapping_actions, path_form, spell
from engine.vocabulary import DeckFormat, ExpeditionKind

from project_paths import PROJECT

from altered_rules.languages import LANGUAGES  # noqa: E402 (the declared languages)
BOARD = Setup(players=["Alice", "Bob"])
DECK = Setup(deck_format=DeckFormat.STANDARD)
EXAMPLE = At(player="Alice", expedition=ExpeditionKind.HERO, region=3, number=1, place="hero", name="Kuwat")
"""The names the spec's tables write paths with: Alice.hero.Kuwat.boosts, adventure.3.face, emblems.1.text."""


def _table(language: str, first_row: str) -> list[tuple[list[str], str]]:
    """The rows of the table in docs/<language>/scenarios.md that holds `first_row`: each row's
    code spans in its first column, and the whole row."""
    text = (PROJECT / "docs" / language / "scenarios.md").read_text(encoding="utf-8")
    start = text.index(first_row)
    start = text.rindex("\n\n", 0, start)
    rows = []
    for line in text[start:].strip().split("\n"):
        if not line.startswith("|"):
            break
        first = line.split(" | ")[0]
        rows.append((re.findall(r"`([^`]+)`", first), line))
    return rows[2:]  # after the header and its rule


def _paths_table(language: str) -> list[tuple[list[str], str]]:
    return _table(language, "| `winner` |")


def _documented(entry: PathForm, rows: list[tuple[list[str], str]]) -> bool:
    """Whether the spec's table names the path: its whole example in a first column, or, for an
    emblem's or an object's attribute, the attribute in the row of that family's example."""
    if entry.family in (Family.EMBLEM, Family.OBJECT):
        family_row = next(row for codes, row in rows if any(c.startswith(("emblems.1.", "Alice.hero.Kuwat.")[entry.family is Family.OBJECT])
                                                             for c in codes))
        return f"`{spell(entry, EXAMPLE)}`" in family_row or f"`.{entry.attribute}`" in family_row or f"`{entry.attribute}`" in family_row
    if entry.family is Family.SEES:
        return any(c.startswith("Bob.sees.") for codes, _ in rows for c in codes)
    return any(spell(entry, EXAMPLE) in codes for codes, _ in rows)


@pytest.mark.parametrize("language", LANGUAGES)
def test_every_path_of_the_registry_is_in_the_spec(language: str) -> None:
    rows = _paths_table(language)
    missing = [entry for entry in PATHS if not _documented(entry, rows)]
    rows_to_add = "\n".join(f"| `{spell(entry, EXAMPLE)}` | {entry.doc} |" for entry in missing)  # the registry's own line
    assert not missing, f"docs/{language}/scenarios.md does not list these paths of engine.scenario.paths; add rows like:\n{rows_to_add}"


@pytest.mark.parametrize("language", LANGUAGES)
def test_every_path_of_the_spec_is_in_the_registry(language: str) -> None:
    unknown = []
    for codes, _ in _paths_table(language):
        for code in codes:
            if code.startswith("."):
                continue  # `.name`: an attribute of the row's first path
            try:
                locate(code, DECK if code in ("legal", "violations") else BOARD)
            except engine.ScenarioError as exc:
                unknown.append(exc.message)
    assert not unknown, f"docs/{language}/scenarios.md lists paths the registry does not hold: {unknown}"


@pytest.mark.parametrize("language", LANGUAGES)
def test_every_action_of_the_registry_is_in_the_spec_and_back(language: str) -> None:
    written = set()
    for codes, _ in _table(language, "| `dusk` |"):
        for code in codes:
            if re.fullmatch(r"[a-z_]+", code):
                written.add((code, Shape.WORD))
            elif code.startswith("{"):
                (main,) = [k for k in yaml.safe_load(code) if k in mapping_actions()]
                written.add((main, Shape.MAPPING))
    declared = {(f.word, f.shape) for f in ACTIONS}
    assert declared - written == set(), f"docs/{language}/scenarios.md does not list {sorted(f'{w} ({s.value})' for w, s in declared - written)}"
    assert written - declared == set(), f"docs/{language}/scenarios.md lists actions the registry does not hold: {written - declared}"
    assert all(action_form(word, shape) is not None for word, shape in written)


def test_each_path_is_found_again_from_its_spelling() -> None:
    """The runner and the sandbox find a path the reader accepted by its text: every entry's
    spelling leads back to it and to the same placeholders."""
    for entry in PATHS:
        at = EXAMPLE if entry.family is not Family.SEES else At(player="Bob", seen=("Alice", "hand"))
        found, found_at = locate_known(spell(entry, at))
        assert found is entry
        setup = DECK if entry.family is Family.GAME and entry.given.value == "deck" else BOARD
        assert locate(spell(entry, at), Setup(players=["Alice", "Bob"]) if setup is BOARD else setup)[0] is entry
        assert spell(found, found_at) == spell(entry, at)


# ---- Player.reserve.count: the path the contributing docs add -------------------------------
RESERVE = """\
- name: Putting a character in the Reserve
  given:
    players: [Alice, Bob]
    Alice:
      hero: {characters: ["Kuwat 2/2/2 Soldier"]}
      reserve: [Goat]
  when: {put: Alice.hero.Kuwat, in: reserve}
  then:
    Alice.reserve.count: COUNT
"""


def _run(count: str, when: str | None = None) -> engine.ScenarioResult:
    text = RESERVE.replace("COUNT", count)
    if when is not None:
        text = text.replace("{put: Alice.hero.Kuwat, in: reserve}", when)
    (scenario,) = engine.read_scenarios(load_yaml_text(text, "reserve.yaml"))
    return engine.run_scenario(scenario)


def test_reserve_count_is_the_number_of_cards_in_the_reserve() -> None:
    assert _run("2").passed
    failed = _run("1")
    assert [str(d) for d in failed.differences] == ["Alice.reserve.count: expected 1, actual 2 (line 9)"]


def test_reserve_count_after_a_step_the_sources_do_not_give_is_refused() -> None:
    result = _run("1", "{effect: Resupply, controller: Alice}")
    assert result.status == "error" and isinstance(result.error, engine.RulesSilent)
    assert "`Alice.reserve.count` depends on Alice's Resupply" in result.error.message


@pytest.mark.parametrize("value", ["[Goat]", "-1", "two", "true"])
def test_reserve_count_is_a_whole_number(value: str) -> None:
    with pytest.raises(engine.ScenarioError) as caught:
        _run(value)
    assert caught.value.location == engine.Location("reserve.yaml", 9)
    assert caught.value.message == "Alice.reserve.count: expected the number of cards in the Reserve, 0 or more"


def test_an_unknown_path_lists_reserve_count_among_those_allowed() -> None:
    with pytest.raises(engine.ScenarioError) as caught:
        _run("2".replace("2", "2\n    Alice.reserve.cuont: 2"))
    assert "did you mean 'Alice.reserve.count'?" in caught.value.message and "Alice.reserve.count," in caught.value.message


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_worked_example_quotes_the_registry_and_its_scenario_passes(language: str) -> None:
    """docs/<language>/editing.md, "Adding a scenario path": its entry is the registry's as written,
    and its scenario passes."""
    text = (PROJECT / "docs" / language / "editing.md").read_text(encoding="utf-8")
    section = text[text.index("{ #adding-a-scenario-path }"):]
    (code,) = re.findall(r"```python\n(.*?)```", section, re.S)
    (scenario,) = re.findall(r"```yaml\n(.*?)```", section, re.S)
    registry = (PROJECT / "engine" / "scenario" / "paths.py").read_text(encoding="utf-8")
    declared = "\n".join(line.strip() for line in code.strip().split("\n"))
    assert declared in "\n".join(line.strip() for line in registry.split("\n")), "the worked example no longer quotes the registry"
    (read,) = engine.read_scenarios(load_yaml_text(re.sub(r"(?m)^   ", "", scenario), f"docs/{language}/editing.md"))
    assert engine.run_scenario(read).passed


def test_the_sandbox_board_asks_for_registered_paths_and_its_form_for_registered_actions() -> None:
    from altered_rules.site_assets import sandbox_runtime

    assert all(path_form(Family.EXPEDITION, a) is not None for a in sandbox_runtime.BEFORE_PATHS + sandbox_runtime.AFTER_PATHS)
    assert all(action_form(word, Shape.WORD) is not None for word in sandbox_runtime.FORM_ACTIONS)
    assert all(action_form(word, Shape.MAPPING) is not None for word in sandbox_runtime.FORM_MOVES)


def test_the_registries_refuse_a_second_declaration_with_an_error_not_an_assert() -> None:
    """Raised, so that the check holds under `python -O` too (an AssertionError would be gone)."""
    from engine.scenario import actions, paths

    winner = path_form(Family.GAME, "winner")
    with pytest.raises(ValueError, match="winner is declared twice"):
        paths._path(Family.GAME, "winner", winner.read, winner.observe, winner.doc)
    dusk = action_form("dusk", Shape.WORD)
    with pytest.raises(ValueError, match="dusk .word. is declared twice"):
        actions._action("dusk", Shape.WORD, dusk.read, dusk.apply, dusk.describe, dusk.doc)
    with pytest.raises(ValueError, match="either observed on the game .* or compared by the runner"):
        paths._path(Family.GAME, "not-a-path", winner.read, None, "a path neither observed nor compared")
    assert path_form(Family.GAME, "not-a-path") is None


def test_refused_and_undecided_are_forms_of_the_path_registry_that_the_runner_compares() -> None:
    from engine.scenario.paths import REFUSED, UNDECIDED, Compared, compared

    assert (compared("refused"), compared("undecided")) == (Compared.REFUSAL, Compared.READINGS)
    assert REFUSED is path_form(Family.GAME, "refused") and UNDECIDED is path_form(Family.GAME, "undecided")
    by_runner = {entry.pattern for entry in PATHS if entry.compared is not Compared.OBSERVED}
    assert by_runner == {"refused", "undecided", "legal", "violations"}
    assert all((entry.observe is None) == (entry.pattern in by_runner) for entry in PATHS)


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_scenario_format_lists_every_keyword_the_engine_models(language: str) -> None:
    """docs/<language>/scenarios.md says which words `keywords:` accepts: engine.Keyword's, no other."""
    from engine.vocabulary import Keyword

    text = (PROJECT / "docs" / language / "scenarios.md").read_text(encoding="utf-8")
    (line,) = [line for line in text.splitlines() if line.strip().startswith("`keywords`")]
    listed = set(re.findall(r"`([a-z][a-z-]*)`", line)) - {"keywords"}
    assert listed == {k.value for k in Keyword}, f"docs/{language}/scenarios.md: {line.strip()}"
