"""What a player may look at (3.2.1.a, 3.2.4.a, 3.2.4.e, 3.2.8.a, 2.1.g): the `Player.sees...` paths.

The engine keeps one board; this says which part of it a given player may look at. Shared, visible
zones show their objects to every player; a face-down card shows no face; another player's hidden
zones show nothing. What a player may look at in their own Hand and Deck is not in the sources.
"""

from __future__ import annotations

from typing import Any

from .messages import Player, Term, msg
from .places import PLACES
from .readings import Unenumerable, silent
from .state import Game
from .vocabulary import ExpeditionKind, Face, PlayerName, Zone

__all__ = ["sees", "HIDDEN", "FACE_DOWN"]

HIDDEN = "hidden"
FACE_DOWN = "face down"


def sees(game: Game, viewer: PlayerName, place: list[str]) -> Any:
    """What `viewer` sees at `place` (["limbo"], ["adventure", "3"], ["Alice", "hand"]...): a sorted
    list of what shows there, `face down`, or `hidden`."""
    if place == ["limbo"]:
        return sorted(o.describe() for o in game.board.in_zone(Zone.LIMBO))  # 3.2.8.a: shared and visible
    if place[0] == "adventure":
        # 3.2.1.a: the Adventure is shared and visible, but no player looks at a face-down card's face.
        index = int(place[1])
        if game.board.tiebreakers:
            return FACE_DOWN if index == 7 else []  # 4.3.d: the Arena face down, the rest discarded
        region = game.board.adventure[index]
        if region.face is Face.DOWN and not region.is_end:
            return FACE_DOWN
        return sorted(t.value for t in game.region_types_at(index))
    owner, where = place
    game.board.player(owner)
    if where in ("hero", "companion"):
        # 3.2.4.a, 3.2.4.e: shared and visible; every player knows which expedition each object is in.
        return sorted(o.name for o in game.board.characters_in(owner, ExpeditionKind(where)))
    if where in ("hand", "deck"):
        if viewer != owner:
            return HIDDEN  # 2.1.g: a hidden zone; the 2v2 page forbids showing one's Hand even to a teammate
        raise silent(
            msg("refusal.own_hidden_zone", player=Player(viewer), zone=Term(where)),
            Unenumerable.NO_CANDIDATES,
        )
    # Objects exist only in visible zones (2.1.a): a Reserve, Discard pile, Landmark or Hero zone shows
    # its objects; a Mana Orb is a face-down card (2.2.1.f) and shows no face.
    return sorted(o.describe() if o.card.name is None else o.name for o in game.board.in_zone(PLACES[where], owner))


