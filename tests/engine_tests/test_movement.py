"""Moving forward and backward (7.3.10, 7.3.11)."""

from __future__ import annotations

import pytest

import engine
from engine import ARENA, Face, MissingRegionTypes
from engine.movement import move_forward
from engine_boards import COMPANION, HERO, game


def test_moving_into_region_3_turns_both_halves_of_its_tumult_card_face_up() -> None:
    g = game({("Alice", HERO): 2}, face_up={1, 2})
    assert engine.advance(g, "Alice", HERO)
    assert (g.board.adventure[3].face, g.board.adventure[4].face, g.board.adventure[5].face) == (Face.UP, Face.UP, Face.DOWN)


def test_a_reveal_without_known_types_names_the_regions_that_need_them() -> None:
    g = engine.Game.new(["Alice", "Bob"])
    with pytest.raises(MissingRegionTypes) as caught:
        engine.advance(g, "Bob", COMPANION)
    assert "region 5 and region 6" in str(caught.value)
    assert "adventure:" in str(caught.value)
    assert g.board.expedition("Bob", COMPANION).position == 7


def test_an_expedition_at_the_far_end_does_not_move_forward() -> None:
    g = game({("Alice", HERO): 7})
    assert not move_forward(g, g.board.expedition("Alice", HERO))
    assert g.board.expedition("Alice", HERO).position == 7
    assert "7.3.11.c" in g.log.trace.rules_cited()


def test_moving_backward_from_the_region_of_origin_does_nothing() -> None:
    g = game()
    assert not engine.retreat(g, "Alice", HERO)
    assert not engine.retreat(g, "Alice", COMPANION)
    assert g.board.expedition("Alice", COMPANION).position == 7


def test_a_companion_expedition_moves_backward_toward_region_7() -> None:
    g = game({("Alice", COMPANION): 4}, face_up={3, 4, 5, 6})
    assert engine.retreat(g, "Alice", COMPANION)
    assert g.board.expedition("Alice", COMPANION).position == 5


def test_nothing_moves_in_the_arena() -> None:
    g = game(tiebreakers=True)
    assert not engine.advance(g, "Alice", HERO)
    assert not engine.retreat(g, "Bob", COMPANION)
    assert g.board.expedition("Alice", HERO).position == ARENA


def test_meeting_by_an_effect_wins_at_once() -> None:
    g = game({("Alice", HERO): 3, ("Alice", COMPANION): 4}, face_up={1, 2, 3, 4})
    engine.advance(g, "Alice", HERO)
    assert g.board.outcome.winner == "Alice"
    assert "4.3.a" in g.board.outcome.rules
