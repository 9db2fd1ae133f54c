"""Scenario files past the limits of engine/limits.py, as a scenario writer would run them
(`altered-rules verify`): each is refused at once with its file, line and the limit, never with a
traceback, a hang or memory running out (issue 15: a hand of 10**100 cards, 200 Characters whose
reactions trigger one another, numbers longer than Python reads)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

import engine
from altered_rules.cli.main import main
from engine.limits import MAX_CARDS, MAX_DEPTH, MAX_DIGITS, MAX_NUMBER, MAX_OBJECTS, MAX_VALUES

from guards import no_hang

NUMBER = f"a number larger than {MAX_NUMBER:,}, the limit for any number in a scenario (a game has a few dozen cards)"


def scenario(alice: str = "      hero: {region: 0}", then: str = "Alice.hero.region: 0", when: str = "dusk") -> str:
    return f"""\
- name: Past a limit
  given:
    players: [Alice, Bob]
    Alice:
{alice}
  when: {when}
  then:
    {then}
"""


REACTING = ", ".join(
    f'{{name: C{i}, stats: 1/1/1, subtypes: [Plant], reactions: ["When a Character joins my Expedition | '
    f'Create a Brassbug 2/2/2 Robot token in your hero Expedition"]}}' for i in range(200))
DECK = """\
- name: Past a limit
  given:
    format: standard
    deck:
      - {name: Lyra Hero, type: hero, faction: Lyra}
      - {name: Card A, faction: Lyra, count: 999}
      - {name: Card B, faction: Lyra, count: 999}
  when: check_deck
  then: {legal: false}
"""

CASES = {
    "hand of 10**5": (scenario("      hand: 100000"), 5, NUMBER),
    "hand of 10**100": (scenario("      hand: 1" + "0" * 100), 5,
                        f"a number of 101 digits; numbers have at most {MAX_DIGITS} digits (quote it if it is text)"),
    "a million Mana Orbs": (scenario("      mana: {orbs: 1000000}"), 5, NUMBER),
    "a negative count past the limit": (scenario("      hero: {region: 0, characters: [{name: K, stats: 1/1/1, boosts: -5000}]}"),
                                        5, NUMBER),
    "cards past the limit in all": (scenario("      hand: 1000\n      deck: 500"), 2,
                                    f"the scenario gives 1,500 cards in all (zones, Mana Orbs, expeditions, deck counts); "
                                    f"the limit is {MAX_CARDS:,}"),
    "a deck of 1,999 cards": (DECK, 2, f"the scenario gives 1,999 cards in all (zones, Mana Orbs, expeditions, deck counts); "
                                       f"the limit is {MAX_CARDS:,}"),
    "statistics past the limit": (scenario('      hero: {region: 0, characters: ["Kelon 99999/1/1"]}'), 5,
                                  f"bad statistics '99999/1/1': write forest/mountain/water as three whole numbers, e.g. 2/1/0 "
                                  f"or -1/0/3, each from -{MAX_NUMBER:,} to {MAX_NUMBER:,}"),
    "statistics of 5,000 digits": (scenario('      hero: {region: 0, characters: ["Kelon ' + "9" * 5000 + '/1/1"]}'), 5,
                                   f"bad statistics '{'9' * 5000}/1/1': write forest/mountain/water as three whole numbers, "
                                   f"e.g. 2/1/0 or -1/0/3, each from -{MAX_NUMBER:,} to {MAX_NUMBER:,}"),
    "a number in card text": (
        scenario('      hero: {region: 0, characters: [{name: K, stats: 1/1/1, reactions: ["At Noon | Draw 50000 cards"]}]}'),
        5, f"the number 50000 in card text is larger than {MAX_NUMBER:,}, the limit for any number in a scenario"),
    "a superscript region number": (scenario('      hero: {region: "\u00b2"}'), 5,
                                    "region out of range: '\u00b2'; regions are 0 (Hero Region) to 7 (Companion Region), or "
                                    "`arena` during tiebreakers"),
    "a superscript emblem number": (scenario(then="emblems.\u00b2.text: x"), 8,
                                    "emblems.\u00b2.text: an emblem's path is emblems.N.{type, name, subtype, text, duration, "
                                    "controller, source, exists, hand_cost, reserve_cost, faction, rarity}, N counting the "
                                    "emblems created from 1"),
    "200 Characters reacting to one another": (
        scenario(f"      hero: {{characters: [{REACTING}]}}", then="Alice.hand: 0",
                 when="{effect: Create a Brassbug 2/2/2 Robot token in your hero Expedition, controller: Alice}"),
        6, f"Past a limit: more than {MAX_OBJECTS:,} objects (cards, tokens, Mana Orbs, Emblems) at once: reactions that keep "
           f"triggering one another, or a board larger than any game (the limit is {MAX_OBJECTS:,})"),
}


@pytest.mark.parametrize("case", list(CASES))
def test_a_scenario_past_a_limit_is_refused_with_file_line_and_limit(tmp_path: Path, capsys, case):
    text, line, message = CASES[case]
    path = tmp_path / "limits.yaml"
    path.write_text(text, encoding="utf-8")
    with no_hang(10):
        assert main(["verify", str(path)]) == 1
    out = capsys.readouterr().out
    lines = out.splitlines()
    # One case of the file: its line is an ERROR at its file and line (with its name when it has one).
    assert len(lines) == 2 and lines[1] == "0 passed, 1 failed", out[-1000:]
    assert lines[0].startswith(f"ERROR {path}:{line}: ") and lines[0].endswith(message), out[-1000:]


def _nested(depth: int) -> Any:
    value: Any = 1
    for _ in range(depth):
        value = [value]
    return value


def test_nesting_past_the_limit_in_plain_data_is_refused_without_recursion():
    """Data that did not come from a YAML file (the sandbox reads JSON) meets the same limit."""
    data = {"name": "deep", "given": {"players": ["Alice", "Bob"]}, "when": "dusk", "then": {"winner": _nested(100_000)}}
    with pytest.raises(engine.ScenarioError, match=f"nested more than {MAX_DEPTH} deep"):
        engine.read_scenario(data)


def test_values_past_the_limit_in_plain_data_are_refused():
    data = {"name": "wide", "given": {"players": ["Alice", "Bob"], "Alice": {"hand": ["x"] * (MAX_VALUES + 1)}},
            "when": "dusk", "then": {"winner": "none"}}
    with pytest.raises(engine.ScenarioError, match=f"more than {MAX_VALUES:,} values"):
        engine.read_scenario(data)


def test_the_limits_leave_room_for_real_scenarios(tmp_path: Path, capsys):
    """A full deck, a full hand and a full Mana zone are far inside the limits and still run."""
    text = scenario("      hero: {region: 0}\n      hand: 40\n      deck: 60\n      mana: {orbs: 10, exhausted: 2}")
    path = tmp_path / "ok.yaml"
    path.write_text(text, encoding="utf-8")
    assert main(["verify", str(path)]) == 0, capsys.readouterr().out
