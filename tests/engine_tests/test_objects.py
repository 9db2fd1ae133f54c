"""Objects and zones (2.1), switching expeditions (7.3.22), join and leave (7.5.4, 7.5.5)."""

from __future__ import annotations

import engine
from engine import Zone
from engine_boards import COMPANION, HERO, game, put_character


def test_kuwat_put_in_reserve_is_a_new_object_with_a_new_timestamp() -> None:
    g = game()
    kuwat = put_character(g, "Alice", HERO, "Kuwat 2/2/2 Soldier")
    new = engine.put(g, "Alice", HERO, "Kuwat", Zone.RESERVE)
    assert new is not None
    assert new.id != kuwat.id and new.timestamp > kuwat.timestamp
    assert kuwat.id not in g.board.objects
    assert [o.name for o in g.board.in_zone(Zone.RESERVE, "Alice")] == ["Kuwat"]


def test_a_token_put_in_reserve_joins_it_then_ceases_to_exist() -> None:
    g = game()
    recruit = put_character(g, "Alice", HERO, "Ordis Recruit 1/1/1 Soldier token")
    kinds: list[str] = []
    original_move = g.move

    def spy(obj, zone, **kw):  # type: ignore[no-untyped-def]
        result = original_move(obj, zone, **kw)
        kinds.extend(h.kind.value for h in g.log.happenings)
        return result

    g.move = spy  # type: ignore[method-assign]
    assert engine.put(g, "Alice", HERO, "Ordis Recruit", Zone.RESERVE) is None
    assert kinds == ["leaves-expedition", "enters", "leaves-zone", "ceases"]
    assert g.board.in_zone(Zone.RESERVE) == [] and recruit.id not in g.board.objects


def test_a_card_returned_to_the_hand_is_no_longer_an_object() -> None:
    g = game()
    put_character(g, "Alice", HERO, "Kuwat 2/2/2 Soldier")
    assert engine.put(g, "Alice", HERO, "Kuwat", Zone.HAND) is None
    assert [c.name for c in g.board.player("Alice").hand] == ["Kuwat"]
    assert g.board.objects == {}


def test_switching_expeditions_keeps_the_same_object() -> None:
    g = game()
    scout = put_character(g, "Alice", HERO, "Scout 1/0/0 Adventurer")
    engine.switch_expeditions(g, "Alice", HERO, "Scout")
    assert g.board.objects[scout.id] is scout
    assert scout.expedition is COMPANION
    assert str(g.board.expedition_statistics("Alice", COMPANION)) == "1/0/0"
    assert {"7.3.22.b", "7.5.4.c", "7.5.5.c", "3.2.4.d"} <= g.log.trace.rules_cited()


def test_a_gigantic_character_that_switches_neither_leaves_nor_joins() -> None:
    g = game()
    ogre = put_character(g, "Alice", HERO, "Ogre 2/0/0 Titan", gigantic=True)
    g.switch(ogre)
    assert ogre.expedition is COMPANION
    assert g.log.happenings == []
    assert g.board.characters_in("Alice", HERO) == [ogre] == g.board.characters_in("Alice", COMPANION)


def test_a_token_created_in_an_expedition_joins_it_and_the_expedition_zone() -> None:
    g = game()
    card = engine.parse_token_template("Create a Brassbug 2/2/2 Robot token in your hero Expedition").card
    obj = g.enter(card, Zone.EXPEDITION, "Alice", expedition=HERO)
    assert [(h.kind.value, h.expedition) for h in g.log.happenings] == [("enters", HERO), ("joins-expedition", HERO)]
    assert obj.card.token and obj.card.subtypes == ("Robot",)


def test_an_action_on_one_of_two_different_characters_with_the_same_name_is_refused() -> None:
    import pytest

    g = game()
    put_character(g, "Alice", HERO, "Scout 1/0/0 Adventurer")
    put_character(g, "Alice", HERO, "Scout 0/2/0 Adventurer")
    with pytest.raises(engine.BoardError, match="different characters are named 'Scout'"):
        engine.switch_expeditions(g, "Alice", HERO, "Scout")


def test_two_characters_of_one_card_that_differ_in_boosts_are_not_alike() -> None:
    # engine.objects.alike: one definition for every place that takes the oldest of same-named objects.
    import pytest

    g = game()
    put_character(g, "Alice", HERO, "Ordis Recruit 1/1/1 Soldier token")
    put_character(g, "Alice", HERO, "Ordis Recruit 1/1/1 Soldier token").boosts = 1
    with pytest.raises(engine.BoardError, match="different characters are named 'Ordis Recruit'"):
        engine.switch_expeditions(g, "Alice", HERO, "Ordis Recruit")


def test_of_two_identical_tokens_the_oldest_switches() -> None:
    g = game()
    first = put_character(g, "Alice", HERO, "Ordis Recruit 1/1/1 Soldier token")
    put_character(g, "Alice", HERO, "Ordis Recruit 1/1/1 Soldier token")
    engine.switch_expeditions(g, "Alice", HERO, "Ordis Recruit")
    assert first.expedition is COMPANION and len(g.board.characters_in("Alice", HERO)) == 1
