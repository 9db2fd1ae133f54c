"""Moving expeditions forward (7.3.11) and backward (7.3.10)."""

from __future__ import annotations

from .readings import Unenumerable, silent
from .objects import Direction
from .messages import Card, Items, Quote, Term, msg
from .places import types_said
from .records import Expedition
from .state import Game
from .vocabulary import ARENA, Face, Mode

__all__ = ["move_forward", "move_backward"]


def _stays(game: Game, expedition: Expedition, direction: Direction, arena_rule: str) -> bool:
    """Whether the expedition cannot move `direction` at all, told in the trace: it is in the Arena
    (`arena_rule`, 4.3.g), or an Emblem-Ongoing says "Expeditions can't move <direction>" (2.2.2.m,
    2.2.13.c)."""
    if expedition.position == ARENA:
        game.log.trace.add(msg("move.in_arena", expedition=expedition.said, direction=Term(direction.value)), arena_rule, "4.3.g")
        return True
    emblem = game.board.expeditions_cannot_move(direction)
    if emblem is None or emblem.emblem is None:
        return False
    said = msg("move.emblem_stops", expedition=expedition.said, direction=Term(direction.value), text=Quote(emblem.emblem.text))
    if direction is Direction.FORWARD:  # the refusal to move forward also names the emblem's duration
        said = msg("move.emblem_stops_for", stops=said, duration=Term(emblem.emblem.duration.value if emblem.emblem.duration else "no duration"))
    game.log.trace.add(said, "2.2.2.m", "2.2.13.c")
    return True


def move_forward(game: Game, expedition: Expedition) -> bool:
    """Move one region toward the far end (7.3.11.a); True if the expedition moved."""
    trace = game.log.trace
    if _stays(game, expedition, Direction.FORWARD, "7.3.11.d"):
        return False
    here = int(expedition.position)
    if here == expedition.kind.other.origin:
        trace.add(msg("move.opposite_region", expedition=expedition.said), "7.3.11.c")
        return False
    target = here + expedition.kind.forward
    region = game.board.adventure[target]
    if not region.is_end and region.face is Face.DOWN:
        if game.board.mode is not Mode.TWO_PLAYER:
            # The 2v2 page places Tumult cards by each Hero card, by each Companion card and in the
            # center, turning the central ones "in the opposite direction": which card a player's
            # region N is, and its types, are only partly in the sources.
            raise silent(
                msg("refusal.multiplayer_tumult", expedition=expedition.said, target=target, mode=Term(game.board.mode.value)),
                Unenumerable.MULTIPLAYER_LAYOUT,
            )
        game.board.adventure.reveal(target, trace, expedition.said)
    expedition.position = target
    trace.add(msg("move.forward", expedition=expedition.said, here=here, target=target), "7.3.11.a")
    _tell_changed_types(game, target)
    return True


def _tell_changed_types(game: Game, index: int) -> None:
    """2.2.2.p: abilities that change region types change sub-types; the region stays a Region (2.2.1.e)."""
    passives = game.board.region_passives()
    if passives:
        givers = Items(tuple(msg("move.giver", card=Card(o.name), text=Quote(p.text)) for o, p in passives))
        trace = game.log.trace
        trace.add(
            msg("move.changed_types", givers=givers, index=index, types=types_said(game.region_types_at(index))),
            "2.2.2.p",
            "2.2.1.e",
        )


def move_backward(game: Game, expedition: Expedition) -> bool:
    """Move one region back toward its region of origin (7.3.10.a); True if it moved."""
    trace = game.log.trace
    if _stays(game, expedition, Direction.BACKWARD, "7.3.10.c"):
        return False
    here = int(expedition.position)
    if here == expedition.kind.origin:
        trace.add(msg("move.region_of_origin", expedition=expedition.said), "7.3.10.b")
        return False
    target = here - expedition.kind.forward
    # 7.3.10 reveals nothing: only moving forward into a face-down half reveals it (7.3.11.b).
    expedition.position = target
    trace.add(msg("move.backward", expedition=expedition.said, here=here, target=target), "7.3.10.a")
    return True
