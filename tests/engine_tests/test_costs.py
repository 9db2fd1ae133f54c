"""A played card's cost as a value (2.2.6, 2.2.7, 2.2.13.c, 6.4): where no source gives the number
it asks for, asking about it is refused, naming what is missing; never a guessed number."""

from __future__ import annotations

import engine
from altered_rules.content.yamlsource import load_yaml_text

BOARD = """
- name: cost
  given:
    players: [Alice, Bob]
    Alice: {{hand: [{card}]}}
  when: {when}
  then:
    {path}: {value}
"""


def _run(card: str, path: str, value: str, when: str = "{play: Alice.hand.Kuwat, to: hero}") -> engine.ScenarioResult:
    text = BOARD.format(card=card, path=path, value=value, when=when)
    return engine.run_scenario(engine.read_scenarios(load_yaml_text(text, "costs.yaml"))[0])


def test_a_hand_cost_no_source_gives_is_refused_naming_the_card_and_the_cost() -> None:
    result = _run("{name: Kuwat, stats: 1/1/1, reserve_cost: 2}", "cost.mana", "0")
    assert isinstance(result.error, engine.RulesSilent)
    assert "no source gives the Hand cost of Kuwat" in result.error.message
    # the printed cost it would pay is still known, and its number is none
    assert _run("{name: Kuwat, stats: 1/1/1, reserve_cost: 2}", "cost.base", "none").passed
    assert _run("{name: Kuwat, stats: 1/1/1, reserve_cost: 2}", "cost.printed", "Hand cost").passed


def test_a_cost_reduced_below_zero_is_refused_not_floored() -> None:
    when = '[{effect: "The next card you play this Day costs 2 less", controller: Alice}, {play: Alice.hand.Kuwat, to: hero}]'
    for path in ("cost.mana", "cost.parts"):
        result = _run("{name: Kuwat, stats: 1/1/1, hand_cost: 1, reserve_cost: 1}", path, "0" if path == "cost.mana" else "[]", when)
        assert isinstance(result.error, engine.RulesSilent), path
        assert "falls below 0 (1, 2 less)" in result.error.message
    # exactly 0 is a cost, not a refusal
    when_one = when.replace("2 less", "1 less")
    assert _run("{name: Kuwat, stats: 1/1/1, hand_cost: 1, reserve_cost: 1}", "cost.mana", "0", when_one).passed


def test_the_trace_says_which_printed_cost_and_which_changes_with_their_rules() -> None:
    when = '[{effect: "The next card you play this Day costs 1 more", controller: Alice}, {play: Alice.hand.Kuwat, to: hero}]'
    result = _run("{name: Kuwat, stats: 1/1/1, hand_cost: 3, reserve_cost: 2}", "cost.mana", "4", when)
    assert result.passed
    line = next(line for line in result.trace if "plays Kuwat from their Hand paying" in line.text)
    assert "paying its Hand cost, 3, 1 more: 4 Mana" in line.text
    assert {"2.2.6.a", "2.2.13.c"} <= set(line.rules)


def test_an_expeditions_statistics_with_a_boost_are_refused_naming_the_character_and_the_boosts() -> None:
    text = """
- name: boost
  given:
    players: [Alice, Bob]
    Alice: {hero: {characters: [{name: Ordis Recruit, stats: 2/0/0, boosts: 2}, "Deer 1/0/0"]}}
  when: check_victory
  then:
    Alice.hero.statistics: 3/0/0
"""
    result = engine.run_scenario(engine.read_scenarios(load_yaml_text(text, "boosts.yaml"))[0])
    assert isinstance(result.error, engine.RulesSilent)
    assert "Ordis Recruit has 2 boosts" in result.error.message
    assert "Alice's hero expedition" in result.error.message
