"""Moving expeditions forward (7.3.11) and backward (7.3.10)."""

from __future__ import annotations

from .state import Expedition, Game, format_types
from .vocabulary import ARENA, Face

__all__ = ["move_forward", "move_backward"]


def move_forward(game: Game, expedition: Expedition) -> bool:
    """Move one region toward the far end (7.3.11.a); True if the expedition moved."""
    trace = game.trace
    if expedition.position == ARENA:
        trace.add(f"{expedition.label} is in the Arena: it does not move forward", "7.3.11.d", "4.3.g")
        return False
    emblem = game.expeditions_cannot_move("forward")
    if emblem is not None and emblem.emblem is not None:
        trace.add(
            f"{expedition.label} does not move forward: an Emblem-Ongoing says \"{emblem.emblem.text}\" "
            f"({emblem.emblem.duration.value if emblem.emblem.duration else 'no duration'})",
            "2.2.2.m",
            "2.2.13.c",
        )
        return False
    here = int(expedition.position)
    if here == expedition.kind.other.origin:
        trace.add(
            f"{expedition.label} is in the region opposite its region of origin: nothing happens", "7.3.11.c"
        )
        return False
    target = here + expedition.kind.forward
    region = game.adventure[target]
    if not region.is_end and region.face is Face.DOWN:
        game.adventure.reveal(target, trace, expedition.label)
    expedition.position = target
    trace.add(f"{expedition.label} moves forward from region {here} to region {target}", "7.3.11.a")
    _tell_changed_types(game, target)
    return True


def _tell_changed_types(game: Game, index: int) -> None:
    """2.2.2.p: abilities that change region types change sub-types; the region stays a Region (2.2.1.e)."""
    passives = game.region_passives()
    if passives:
        givers = ", ".join(f'{o.name} ("{p.text}")' for o, p in passives)
        trace = game.trace
        trace.add(
            f"With {givers} in play, region {index} is {format_types(game.region_types_at(index))}; "
            "its type is still Region: only its sub-types change",
            "2.2.2.p",
            "2.2.1.e",
        )


def move_backward(game: Game, expedition: Expedition) -> bool:
    """Move one region back toward its region of origin (7.3.10.a); True if it moved."""
    trace = game.trace
    if expedition.position == ARENA:
        trace.add(f"{expedition.label} is in the Arena: it does not move backward", "7.3.10.c", "4.3.g")
        return False
    emblem = game.expeditions_cannot_move("backward")
    if emblem is not None and emblem.emblem is not None:
        trace.add(
            f"{expedition.label} does not move backward: an Emblem-Ongoing says \"{emblem.emblem.text}\"",
            "2.2.2.m",
            "2.2.13.c",
        )
        return False
    here = int(expedition.position)
    if here == expedition.kind.origin:
        trace.add(f"{expedition.label} is in its region of origin: nothing happens", "7.3.10.b")
        return False
    target = here - expedition.kind.forward
    # 7.3.10 reveals nothing: only moving forward into a face-down half reveals it (7.3.11.b).
    expedition.position = target
    trace.add(f"{expedition.label} moves backward from region {here} to region {target}", "7.3.10.a")
    return True
