"""Questions effects ask about objects: "a [type]" / "a [sub-type]" means an object in play
(2.2.1.h, 2.2.2.n); "is it a [type]" checks the card or object wherever it is (2.2.1.i, 2.2.2.o)."""

from __future__ import annotations

from .objects import Card, GameObject
from .state import IN_PLAY, Game
from .vocabulary import ObjectType, PlayerName, Zone

__all__ = ["IN_PLAY", "in_play", "objects_of_type", "objects_with_subtype", "is_a", "has_subtype"]


def in_play(game: Game, controller: PlayerName | None = None) -> list[GameObject]:
    return [
        o
        for o in sorted(game.objects.values(), key=lambda o: o.timestamp)
        if o.zone in IN_PLAY and (controller is None or o.controller == controller)
    ]


def objects_of_type(game: Game, object_type: ObjectType, controller: PlayerName | None = None, zone: Zone | None = None) -> list[GameObject]:
    """2.2.1.h: "a [type]" is an object in play with that type, unless a zone is named."""
    pool = game.in_zone(zone, controller) if zone is not None else in_play(game, controller)
    return [o for o in pool if o.card.type is object_type]


def objects_with_subtype(game: Game, subtype: str, controller: PlayerName | None = None) -> list[GameObject]:
    """2.2.2.n: "a [sub-type]" is an object in play with that sub-type (Three Little Pigs counts
    Landmarks in the Landmark zone, not in Reserve)."""
    return [o for o in in_play(game, controller) if subtype.lower() in (s.lower() for s in o.card.subtypes)]


def is_a(thing: Card | GameObject, object_type: ObjectType) -> bool:
    """2.2.1.i: whether a card or object is a [type], wherever it is (Ada Lovelace's Permanent in Reserve)."""
    card = thing.card if isinstance(thing, GameObject) else thing
    return card.type is object_type


def has_subtype(thing: Card | GameObject, subtype: str) -> bool:
    """2.2.2.o: whether a card or object has a sub-type, wherever it is."""
    card = thing.card if isinstance(thing, GameObject) else thing
    return subtype.lower() in (s.lower() for s in card.subtypes)
