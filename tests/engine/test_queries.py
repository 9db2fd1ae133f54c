"""In play versus regardless of location (2.2.1.h-i, 2.2.2.n-o)."""

from __future__ import annotations

from engine import Card, ObjectType, Zone
from engine.queries import has_subtype, is_a, objects_of_type, objects_with_subtype
from engine_boards import HERO, game, put_character

LANDMARK = Card("Haven", ObjectType.PERMANENT, ("Landmark",))


def test_three_little_pigs_counts_only_landmarks_in_the_landmark_zone() -> None:
    g = game()
    g.enter(LANDMARK, Zone.LANDMARK, "Alice")
    g.enter(LANDMARK, Zone.RESERVE, "Alice")
    g.enter(LANDMARK, Zone.DISCARD, "Alice")
    assert len(objects_with_subtype(g, "Landmark", "Alice")) == 1


def test_banishing_gate_can_only_choose_a_character_in_play() -> None:
    g = game()
    kuwat = put_character(g, "Bob", HERO, "Kuwat 2/2/2 Soldier")
    g.enter(Card("Moonlight Jellyfish", ObjectType.CHARACTER), Zone.RESERVE, "Bob")
    assert objects_of_type(g, ObjectType.CHARACTER) == [kuwat]
    assert len(objects_of_type(g, ObjectType.CHARACTER, zone=Zone.RESERVE)) == 1


def test_ada_lovelace_sees_a_permanent_in_reserve_as_a_permanent() -> None:
    g = game()
    in_reserve = g.enter(LANDMARK, Zone.RESERVE, "Alice")
    assert is_a(in_reserve, ObjectType.PERMANENT) and has_subtype(in_reserve, "landmark")
    assert not is_a(in_reserve, ObjectType.CHARACTER)
