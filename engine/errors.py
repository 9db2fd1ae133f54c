"""The engine's errors: every one of them is an `EngineError`.

A caller (the command line, the glossary build, a test) catches `EngineError`
and prints it: the message names what is wrong, where (file and line when the
input came from a file) and, where it helps, what is allowed. Anything else
escaping the engine is a bug in the engine.

    EngineError
    ├── ScenarioError        a scenario (or deck, or board) cannot be read
    ├── BoardError           a board given to the checked API is impossible
    │   ├── UnknownPlayer
    │   └── RegionOutOfRange
    ├── MissingRegionTypes   a Tumult card must be revealed but its types were not given
    ├── UnsupportedText      card text the engine cannot read (it lists what it can)
    ├── RulesSilent          the rules in the sources do not decide; the engine will not guess
    ├── Forbidden            the rules forbid this action or choice (a target not in play, out of turn...)
    ├── GameOver             an action after the game has ended
    ├── LoopLimit            a situation that never ends (too many steps)
    └── WorkLimit            a scenario past the engine's work budget (limits.MAX_WORK)
"""

from __future__ import annotations

from dataclasses import dataclass

from .catalogue import ENGLISH_RENDERER
from .messages import Message

__all__ = [
    "Location",
    "EngineError",
    "ScenarioError",
    "BoardError",
    "UnknownPlayer",
    "RegionOutOfRange",
    "MissingRegionTypes",
    "UnsupportedText",
    "RulesSilent",
    "Forbidden",
    "GameOver",
    "LoopLimit",
    "WorkLimit",
]


@dataclass(frozen=True)
class Location:
    """Where some input came from: a file and a 1-based line (0 if unknown)."""

    path: str
    line: int = 0

    def __str__(self) -> str:
        return f"{self.path}:{self.line}" if self.line else self.path


class EngineError(Exception):
    """Base of every error the engine raises on purpose. Given a Message (engine.messages), it keeps
    it as `said` for a reader to render in its language; `message` is its English."""

    said: Message | None = None

    def __init__(self, message: str | Message, location: Location | None = None) -> None:
        if isinstance(message, Message):
            self.said = message
            message = ENGLISH_RENDERER.render(message)
        self.message = message
        self.location = location
        super().__init__(f"{location}: {message}" if location else message)

    def at(self, location: Location | None) -> "EngineError":
        """The same error, placed at `location` unless it already has a place."""
        if self.location is None and location is not None:
            self.location = location
            self.args = (f"{location}: {self.message}",)
        return self


class ScenarioError(EngineError):
    """A scenario cannot be read: unknown key, bad statistics, unknown player or action..."""


class BoardError(EngineError):
    """A board that cannot exist in a game (checked public API only)."""


class UnknownPlayer(BoardError):
    """A player name that is not seated at this game."""


class RegionOutOfRange(BoardError):
    """A region number outside 0-7 (3.2.1.b)."""


class MissingRegionTypes(EngineError):
    """A face-down Tumult card must be revealed (7.3.11.b), but the scenario did not say
    which region types its halves show."""


class UnsupportedText(EngineError):
    """Card text (an effect, a reaction, a passive ability) the engine cannot read."""


class RulesSilent(EngineError):
    """The rules in the engine's sources do not decide this situation (or their text was
    lost); the engine refuses rather than guess. Where the readings the sources allow can be
    listed, the engine works each out instead (engine.readings); `unenumerable` says why they
    cannot be here (an engine.readings.Unenumerable), when the refusal says so."""

    unenumerable: object | None = None


class Forbidden(EngineError):
    """The rules forbid what the scenario asks: a choice they exclude (2.2.1.h: a target in play),
    an action out of turn (1.3.2.d), a cost that cannot be paid in full (6.4.c). The message cites
    the rule and, where it helps, what is allowed."""


class GameOver(EngineError):
    """An action was asked for after the game had ended."""


class LoopLimit(EngineError):
    """More steps than any real game could take: a loop no rule in the sources ends."""


class WorkLimit(EngineError):
    """A scenario that would make the engine work past its budget (limits.MAX_WORK): far more
    actions, objects or trace lines than any game. Not a refusal a scenario can expect: the rules
    decide nothing here, the engine only stops in time."""
