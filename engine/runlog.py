"""The run log: what the engine recorded while it decided a game, as against the board a judge sees
on the table (engine.state). The trace it says, the readings it follows where the sources leave a
question open, and the work it spent.

A record of values: it imports no rule module. engine.state's `Game` holds one.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Mapping

from .trace import Trace

__all__ = ["RunLog"]


@dataclass
class RunLog:
    trace: Trace = field(default_factory=Trace)
    # ---- the readings the run follows ----
    # The mapping below is rarely filled: a log has none until a run gives it one (no new
    # containers per game on the hot path).
    readings: Mapping[str, str] | None = None
    """Where the sources leave a question open, the reading this run follows, by question key
    (engine.readings); a question without one stops the run with ReadingNeeded. Give a game's log its
    own: `game.log.readings = {"token-controller": "the creator controls it"}`."""
    readings_said: frozenset[str] = frozenset()
    """The questions whose reading the trace has already named."""
    # ---- the engine's work budget (limits.MAX_WORK; Game.spend_work) ----
    steps_taken: int = 0
    work: int = 0
    """Units of the engine's work budget spent so far. A scenario run once per reading starts each
    run's game at what the runs before it spent."""
    work_lines: int = 0
    """The trace's length when work was last counted: its lines since then are counted next."""
