"""Dusk Progress (4.2.4), told as small games."""

from __future__ import annotations

import engine
from engine import ARENA
from engine_boards import COMPANION, HERO, game, put_character, trace_text


def test_alice_wins_mountain_at_the_hero_region_and_moves_to_region_1() -> None:
    g = game()
    put_character(g, "Alice", HERO, "Ordis Recruit 2/1/0 Soldier")
    put_character(g, "Bob", HERO, "Kelon Elemental 2/0/0")
    engine.dusk(g)
    assert g.board.expedition("Alice", HERO).position == 1
    assert g.board.expedition("Bob", HERO).position == 0


def test_bob_reads_aloud_why_his_hero_expedition_stays() -> None:
    g = game()
    put_character(g, "Alice", HERO, "Ordis Recruit 2/1/0 Soldier")
    put_character(g, "Bob", HERO, "Kelon Elemental 2/0/0")
    engine.dusk(g)
    assert "Bob's hero expedition does not advance: 2 forest against 2 is a tie (4.2.4.c)" in trace_text(g)
    assert "Bob's hero expedition fails to move forward (4.2.4.g)" in trace_text(g)


def test_a_zero_statistic_does_not_advance_against_a_negative_one() -> None:
    g = game()
    put_character(g, "Alice", HERO, "Wisp 0/0/0 Spirit")
    put_character(g, "Bob", HERO, "Bog Thing -1/-1/-1 Plant")
    engine.dusk(g)
    assert g.board.expedition("Alice", HERO).position == 0
    assert "0 forest, 0 mountain and 0 water are not sufficient (4.2.4.d)" in trace_text(g)


def test_winning_three_statistics_still_moves_one_region() -> None:
    g = game()
    put_character(g, "Alice", HERO, "Titan 3/3/3 Titan")
    engine.dusk(g)
    assert g.board.expedition("Alice", HERO).position == 1
    record = g.log.last_progress[("Alice", HERO)]
    assert [s.value for s in record.due_to] == ["forest", "mountain", "water"]


def test_a_statistic_that_is_not_a_type_of_the_region_does_not_count() -> None:
    g = game({("Alice", HERO): 2}, face_up={1, 2})  # region 2 is mountain only
    put_character(g, "Alice", HERO, "Druid 5/0/5 Druid")
    engine.dusk(g)
    assert g.board.expedition("Alice", HERO).position == 2
    assert g.log.last_progress[("Alice", HERO)].failed


def test_an_expedition_on_a_face_down_half_has_no_region_types() -> None:
    g = game({("Alice", HERO): 3})
    put_character(g, "Alice", HERO, "Titan 5/5/5 Titan")
    engine.dusk(g)
    assert g.board.expedition("Alice", HERO).position == 3
    assert "face-down Tumult half, which has no region types (remark of 2.2.2.k)" in trace_text(g)


def test_a_gigantic_character_pushes_both_expeditions_of_its_controller() -> None:
    g = game()
    put_character(g, "Alice", HERO, "Ogre 2/0/0 Titan", gigantic=True)
    put_character(g, "Bob", COMPANION, "Kelon Elemental 1/0/0 Elemental")
    engine.dusk(g)
    assert g.board.expedition("Alice", HERO).position == 1
    assert g.board.expedition("Alice", COMPANION).position == 6
    assert "(7.4.3.e)" in trace_text(g)


def test_moves_forward_due_to_cites_its_ruling_because_4_2_4_h_is_lost() -> None:
    g = game()
    put_character(g, "Alice", HERO, "Scout 1/0/0 Adventurer")
    engine.dusk(g)
    lines = [line for line in g.log.trace if "moves forward due to forest" in line.text]
    assert lines and lines[0].rulings == ("moves-forward-due-to",)


def test_an_expedition_that_did_not_move_moves_forward_due_to_nothing() -> None:
    g = game()
    put_character(g, "Bob", HERO, "Scout 1/0/0 Adventurer")
    engine.dusk(g)
    assert g.log.last_progress[("Alice", HERO)].due_to == ()
    assert g.log.last_progress[("Alice", HERO)].failed


def test_no_expedition_fails_to_move_forward_during_tiebreakers() -> None:
    g = game(tiebreakers=True)
    put_character(g, "Alice", HERO, "Scout 1/0/0 Adventurer")
    put_character(g, "Bob", HERO, "Scout 1/0/0 Adventurer")
    engine.dusk(g)
    assert g.log.last_progress == {}
    assert g.board.expedition("Alice", HERO).position == ARENA


def test_the_kraken_leaves_every_region_water_only() -> None:
    g = game()
    kraken = engine.parse_token_template('Create a Kraken 3/3/0 Leviathan token with "All regions are water and lose their other types" in your hero Expedition').card
    g.enter(kraken, engine.Zone.EXPEDITION, "Alice", expedition=HERO)
    engine.dusk(g)
    assert g.region_types_at(0) == frozenset({engine.RegionType.WATER})
    assert g.board.expedition("Alice", HERO).position == 0
    assert "2.2.2.p" in trace_text(g)


def test_two_abilities_that_replace_region_types_need_a_reading_and_follow_the_one_fixed() -> None:
    import pytest

    def board() -> engine.Game:
        g = game()
        for text in ("All regions are water and lose their other types", "All regions are forest and lose their other types"):
            card = engine.parse_token_template(f'Create a Giant 0/0/0 Titan token with "{text}" in your hero Expedition').card
            g.enter(card, engine.Zone.EXPEDITION, "Alice", expedition=HERO)
        return g

    g = board()
    with pytest.raises(engine.ReadingNeeded, match="leave open the order") as raised:
        engine.dusk(g)
    assert isinstance(raised.value, engine.RulesSilent)  # a caller that knows nothing of readings sees a refusal
    question = raised.value.question
    assert len(question.readings) == 2  # two orders; the Giants share a name, so each is named by its text too
    for order, expected in zip(question.readings, ("forest", "water")):
        g = board()
        g.log.readings = {question.key: order}
        engine.dusk(g)
        assert g.region_types_at(0) == frozenset({engine.RegionType(expected)}), order
        assert f'reading "{order}"' in trace_text(g)
