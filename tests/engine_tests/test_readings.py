"""Every reading the sources allow (engine.readings): a scenario is run once per reading and the
outcomes compared; results are values."""

from __future__ import annotations

import pytest

import engine
from altered_rules.content.yamlsource import load_yaml_text

BOARD = """
- name: Two abilities that each keep one region type
  given:
    players: [Alice, Bob]
    tiebreakers: true
    Alice:
      hero: {characters: [{name: Tidecaller, stats: 0/0/0, subtypes: [Mage], passives: ["All regions are water and lose their other types"]}]}
    Bob:
      hero: {characters: [{name: Grovekeeper, stats: 0/0/0, subtypes: [Druid], passives: ["%s"]}]}
  when: check_victory
  then:
%s
"""
REPLACE = "All regions are forest and lose their other types"
GAIN = "All regions are water"


def run(passive: str, then: str) -> engine.ScenarioResult:
    (scenario,) = engine.read_scenarios(load_yaml_text(BOARD % (passive, then), "judge.yaml"))
    return engine.run_scenario(scenario)


UNDECIDED = """    undecided:
      "Tidecaller, then Grovekeeper": {arena.types: [%s]}
      "Grovekeeper, then Tidecaller": {arena.types: [%s]}"""


def test_the_readings_and_their_outcomes_are_values() -> None:
    result = run(REPLACE, UNDECIDED % ("forest", "water"))
    assert result.passed, (result.differences, result.error)
    assert result.undecided
    readings = result.readings
    assert readings is not None and not readings.decided
    (question,) = readings.questions
    assert question.readings == ("Tidecaller, then Grovekeeper", "Grovekeeper, then Tidecaller")
    assert [dict(o.observed)["arena.types"] for o in readings.outcomes] == ["[forest]", "[water]"]


def test_an_outcome_written_under_the_wrong_reading_fails() -> None:
    result = run(REPLACE, UNDECIDED % ("water", "forest"))
    assert not result.passed and result.error is None
    assert {d.path for d in result.differences} == {
        "undecided.Tidecaller, then Grovekeeper.arena.types", "undecided.Grovekeeper, then Tidecaller.arena.types"}


def test_readings_that_differ_without_undecided_are_an_error_naming_each_reading() -> None:
    result = run(REPLACE, "    arena.types: [water]")
    assert isinstance(result.error, engine.RulesSilent)
    assert '"Tidecaller, then Grovekeeper": arena.types [forest]' in result.error.message
    assert '"Grovekeeper, then Tidecaller": arena.types [water]' in result.error.message


def test_readings_that_agree_answer_and_the_trace_says_the_question_did_not_matter() -> None:
    result = run(GAIN, "    arena.types: [water]")
    assert result.passed and result.readings is not None and result.readings.decided
    assert "does not matter" in result.trace[0].text


def test_expecting_undecided_where_every_reading_agrees_fails() -> None:
    result = run(GAIN, UNDECIDED % ("water", "water"))
    assert [d.path for d in result.differences] == ["undecided"]
    assert "decided" in result.differences[0].actual


def test_readings_named_otherwise_than_the_engine_names_them_fail() -> None:
    then = """    undecided:
      "water first": {arena.types: [forest]}
      "forest first": {arena.types: [water]}"""
    result = run(REPLACE, then)
    assert [d.path for d in result.differences] == ["undecided"]
    assert "Tidecaller, then Grovekeeper" in result.differences[0].actual


@pytest.mark.parametrize("then, message", [
    ("    undecided: yes", "each reading and what happens under it"),
    ("    undecided: {only one: {winner: none}}", "each reading and what happens under it"),
    ("    undecided: {a: {winner: none}, b: 3}", "maps paths to expected values"),
    ("    undecided: {a: {winner: none}, b: {wins: none}}", "unknown path"),
])
def test_a_misspelt_undecided_is_an_error_with_its_line(then: str, message: str) -> None:
    with pytest.raises(engine.ScenarioError, match=message) as raised:
        engine.read_scenarios(load_yaml_text(BOARD % (REPLACE, then), "judge.yaml"))
    assert "judge.yaml:" in str(raised.value)


@pytest.mark.parametrize("board, when, why", [
    ("players: [Alice, Bob]", "night", engine.Unenumerable.LOST_TEXT),
    ("players: [Alice, Bob, Carol, Dave]\n    mode: 2v2", "dusk", engine.Unenumerable.MULTIPLAYER_LAYOUT),
    ("players: [Alice, Bob]\n    day: 2", "morning", engine.Unenumerable.NO_CANDIDATES),
])
def test_a_refusal_that_remains_says_why_its_readings_cannot_be_worked_out(board: str, when: str, why: engine.Unenumerable) -> None:
    text = f"- name: refused\n  given:\n    {board}\n  when: {when}\n  then:\n    refused: rules-silent\n"
    (scenario,) = engine.read_scenarios(load_yaml_text(text, "judge.yaml"))
    result = engine.run_scenario(scenario)
    assert result.passed and result.refused is not None
    assert result.refused.unenumerable is why
    assert why.value in result.refused.message


def test_what_a_player_may_look_at_in_their_own_hand_is_refused_as_not_in_the_sources() -> None:
    text = "- name: own hand\n  given:\n    players: [Alice, Bob]\n    Alice: {hand: [Kelon Elemental]}\n  when: check_victory\n  then:\n    Alice.sees.Alice.hand: [Kelon Elemental]\n"
    (scenario,) = engine.read_scenarios(load_yaml_text(text, "judge.yaml"))
    result = engine.run_scenario(scenario)
    assert isinstance(result.error, engine.RulesSilent) and result.error.unenumerable is engine.Unenumerable.NO_CANDIDATES
    assert "judge.yaml:7" in str(result.error)
