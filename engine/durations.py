"""Durations (2.2.13.a): "this Turn", "this Afternoon", "this Day". One place says where the span a
duration names stands, for the emblem being created (engine.cardtext.performing) and for the phase that
begins (engine.day): an Ongoing Emblem lasts until its span ends (the example of 2.2.13.c)."""

from __future__ import annotations

from enum import Enum

from .state import Game
from .vocabulary import Duration, Phase

from .messages import Message, Quote, Term, msg
from .readings import OpenQuestion, reading

__all__ = ["Span", "span_of", "spans_over_at", "undefined_duration_ends", "OUTLASTS_THE_DAY"]


class Span(Enum):
    """Where the span a duration names stands when an emblem with that duration is created."""

    RUNNING = "running"
    """It has begun, or is the day's one Afternoon still ahead (this Afternoon at Noon): the emblem lasts until it ends."""
    OVER = "over"
    """It has ended in the current day (this Afternoon, this Turn at Dusk): what the duration means
    then is not in the sources (2.2.13.a names it, nothing says which span "this" is), so it is refused."""
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


OUTLASTS_THE_DAY = "it outlasts this Day"


def undefined_duration_ends(game: Game, duration: Duration, text: str) -> Duration | None:
    """A duration card texts use that no source defines ("until your next turn"; 2.2.13.a names only
    this Turn, this Afternoon and this Day): when the emblem ends is not in the sources, so each end
    the engine can tell apart is a case (engine.readings): with each span of the day still running,
    or after the day. The engine answers where the cases agree and refuses what they change.
    Returns the span it ends with in the case this run follows; None: it outlasts the day."""
    running = [d for d in (Duration.TURN, Duration.AFTERNOON, Duration.DAY) if span_of(game, d) is Span.RUNNING
               and not (d is Duration.TURN and game.board.turn is None)]
    labels: dict[str, Duration | None] = {f"it ends with {d.value}": d for d in running}
    labels[OUTLASTS_THE_DAY] = None
    said: Message = msg("question.undefined_duration", text=Quote(text), duration=Term(duration.value))
    question = OpenQuestion(f"duration:{len(game.log.emblem_log)}", f"when an emblem lasting \"{duration.value}\" ends",
                            tuple(labels), ("2.2.13.a",), said, value_cases=True)
    return labels[reading(game.log, question)]
