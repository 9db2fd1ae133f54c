"""The end of the game and tiebreakers (1.3.3, 4.3, game-mode pages)."""

from __future__ import annotations

import pytest

import engine
from engine import ARENA, GameOver, Mode, RulesSilent
from engine.ending import check_end
from engine_boards import COMPANION, HERO, game, put_character, trace_text


def test_alice_alone_meets_and_wins() -> None:
    g = game({("Alice", HERO): 4, ("Alice", COMPANION): 4})
    check_end(g)
    assert g.board.outcome.winners == ("Alice",)


def test_alice_alone_crosses_and_wins_by_4_3_b() -> None:
    g = game({("Alice", HERO): 5, ("Alice", COMPANION): 4})
    check_end(g)
    assert g.board.outcome.winner == "Alice"
    assert g.board.outcome.termination is engine.Termination.EXPEDITIONS_CROSSED
    assert g.board.outcome.rules == ("4.3.b",)
    assert g.board.outcome.reason == "only Alice's expeditions crossed"


def test_both_meet_at_once_and_tiebreakers_send_everyone_to_the_arena() -> None:
    g = game({("Alice", HERO): 4, ("Alice", COMPANION): 4, ("Bob", HERO): 2, ("Bob", COMPANION): 2})
    check_end(g)
    assert not g.board.outcome.over
    assert g.board.tiebreakers
    assert {e.position for e in g.board.expeditions()} == {ARENA}
    assert "same-dusk-finish" in g.log.trace.rulings_cited()


def test_bob_crossed_while_alice_only_met_so_bob_wins_on_distance() -> None:
    g = game({("Alice", HERO): 4, ("Alice", COMPANION): 4, ("Bob", HERO): 5, ("Bob", COMPANION): 4})
    check_end(g)
    assert g.board.outcome.winner == "Bob"
    assert g.board.outcome.rulings == ("same-dusk-finish",)
    assert g.board.outcome.termination is engine.Termination.GREATER_DISTANCE
    assert g.board.outcome.reason == "both players finished at the same time; Bob's total distance 8 is greater than Alice's 7"
    assert g.log.trace.render()[-1].startswith("Bob wins the game: " + g.board.outcome.reason)


def test_every_termination_sentence_names_only_values_an_outcome_gives() -> None:
    # Each sentence is formatted from the winners and the details engine.ending gives it: a
    # placeholder nobody fills would raise KeyError when that outcome is told.
    from engine.catalogue import ENGLISH
    from engine.messages import template_fields

    given = {"winners", "distance", "other", "other_distance", "finishers", "more", "fewer", "others"}
    for termination in engine.Termination:
        names = template_fields(ENGLISH[termination.message_id])
        assert names <= given, termination


def test_no_action_is_played_after_the_game_is_won() -> None:
    g = game({("Alice", HERO): 4, ("Alice", COMPANION): 4})
    check_end(g)
    with pytest.raises(GameOver, match="Alice won"):
        engine.dusk(g)


def test_the_tiebreaker_counts_a_gigantic_character_twice() -> None:
    g = game(tiebreakers=True)
    put_character(g, "Alice", HERO, "Ogre 2/0/0 Titan", gigantic=True)
    put_character(g, "Bob", HERO, "Scout 3/0/0 Adventurer")
    engine.dusk(g)
    assert g.board.outcome.winner == "Alice"
    assert "forest 4 against 3 goes to Alice" in trace_text(g)


def test_the_tiebreaker_compares_totals_whatever_their_sign() -> None:
    g = game(tiebreakers=True)
    put_character(g, "Alice", HERO, "Wisp 0/0/0 Spirit")
    put_character(g, "Bob", HERO, "Bog Thing -1/0/0 Plant")
    engine.dusk(g)
    assert g.board.outcome.winner == "Alice"
    assert "tiebreaker-comparison" in g.log.trace.rulings_cited()


def test_a_drawn_tiebreaker_day_leaves_the_game_going() -> None:
    g = game(tiebreakers=True)
    engine.dusk(g)
    engine.dusk(g)
    assert not g.board.outcome.over and g.board.tiebreakers


def test_free_for_all_tiebreaker_is_refused_because_its_text_is_lost() -> None:
    g = engine.Game.new(["A", "B", "C", "D"], mode=Mode.FREE_FOR_ALL, tiebreakers=True)
    with pytest.raises(RulesSilent, match="lost in the sources"):
        engine.dusk(g)


def test_free_for_all_tiebreaker_day_has_only_the_players_who_advanced_furthest() -> None:
    positions = {("B", HERO): 4, ("B", COMPANION): 4, ("C", HERO): 4, ("C", COMPANION): 4, ("D", HERO): 4, ("D", COMPANION): 4}
    g = engine.Game.new(["A", "B", "C", "D"], mode=Mode.FREE_FOR_ALL, positions=positions)
    engine.check_victory(g)
    assert g.board.tiebreaker_players == ("B", "C", "D")


def test_in_2v2_teammates_sit_opposite_each_other() -> None:
    g = engine.Game.new(["Alice", "Bob", "Carol", "Dave"], mode=Mode.TWO_VS_TWO, positions={("Dave", HERO): 5, ("Dave", COMPANION): 5})
    engine.check_victory(g)
    assert g.board.outcome.winners == ("Bob", "Dave")


def test_without_the_ruling_the_engine_says_the_rules_disagree(monkeypatch) -> None:
    """4.3.h and 1.3.3.e name different winners: with ruling arena-region-types the trace cites it;
    without a ruling for the pair the engine refuses and says what each rule gives (issue 38)."""
    from altered_rules.content.yamlsource import load_yaml_text
    import engine.ending
    text = """\
- name: A water-only Arena
  given:
    players: [Alice, Bob]
    tiebreakers: true
    Alice:
      hero: {characters: [{name: The Kraken, stats: 2/0/0, passives: ["All regions are water and lose their other types"]}]}
    Bob:
      hero: {characters: ["Fish 0/0/1 Animal"]}
  when: dusk
  then: {winner: none}
"""
    (scenario,) = engine.read_scenarios(load_yaml_text(text, "judge.yaml"))
    result = engine.run_scenario(scenario)
    assert result.passed
    assert any("arena-region-types" in line.rulings for line in result.trace)
    monkeypatch.setitem(engine.ending.SETTLED, "4.3.h/1.3.3.e", None)
    refused = engine.run_scenario(scenario)
    assert isinstance(refused.error, engine.RulesSilent)
    assert "the rules disagree" in refused.error.message and "4.3.h" in refused.error.message and "1.3.3.e" in refused.error.message
