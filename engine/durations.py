"""Durations (2.2.13.a): "this Turn", "this Afternoon", "this Day". One place says where the span a
duration names stands, for the emblem being created (engine.cardtext.performing) and for the phase that
begins (engine.day): an Ongoing Emblem lasts until its span ends (the example of 2.2.13.c)."""

from __future__ import annotations

from enum import Enum

from .state import Game
from .vocabulary import Duration, Phase

__all__ = ["Span", "span_of", "spans_over_at"]


class Span(Enum):
    """Where the span a duration names stands when an emblem with that duration is created."""

    RUNNING = "running"
    """It has begun, or is the day's one Afternoon still ahead (this Afternoon at Noon): the emblem lasts until it ends."""
    OVER = "over"
    """It has ended in the current day (this Afternoon, this Turn at Dusk): ruling expired-duration."""
    NO_TURN = "no turn"
    """"this Turn" before the day's first turn: no turn is "this" one, and the sources do not say which."""


_AFTER_AFTERNOON = (Phase.DUSK, Phase.NIGHT)


def _afternoon_over(game: Game) -> bool:
    """The day's Afternoon has ended: every player passed (1.3.2.d), or a later phase has begun."""
    return game.board.phase in _AFTER_AFTERNOON or (game.board.phase is Phase.AFTERNOON and game.board.turn is None)


def span_of(game: Game, duration: Duration) -> Span:
    if duration is Duration.DAY:
        return Span.RUNNING  # the day in progress always runs until its end
    if _afternoon_over(game):
        return Span.OVER
    if duration is Duration.TURN and game.board.turn is None:
        return Span.NO_TURN
    return Span.RUNNING


def spans_over_at(phase: Phase) -> set[Duration]:
    """The durations whose span of the current day is over once `phase` begins: Dusk and Night come
    after the Afternoon and its turns (1.3.2.a), whether or not every player was seen to pass."""
    return {Duration.TURN, Duration.AFTERNOON} if phase in _AFTER_AFTERNOON else set()
