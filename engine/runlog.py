"""The run log: what the engine recorded while it decided a game, as against the board a judge sees
on the table (engine.board). The trace it says, what happened (that reactions trigger on), the
records of the last Progress, effect and cost, the emblems made and the reactions played and
counted, the steps whose result the sources do not give, the players' decisions given for the run
and those made, the readings it follows where the sources leave a question open, and the work it
spent.

A record of values: it imports no rule module. engine.state pairs it with the board in a `Game`.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Mapping

from .decisions import Decisions, Question
from .messages import Message, msg
from .objects import GameObject
from .readings import Unenumerable, silent
from .records import Answer, CostRecord, EffectRecord, Happening, ProgressRecord, Unknown, UnknownScope
from .trace import Trace
from .vocabulary import ExpeditionKind, PlayerName, Zone

__all__ = ["RunLog"]


@dataclass
class RunLog:
    trace: Trace = field(default_factory=Trace)
    # ---- what happened, and what the engine decided ----
    happenings: list[Happening] = field(default_factory=list)
    """What happened since the reactions were last checked: what reactions trigger on (6.3.b)."""
    last_progress: dict[tuple[PlayerName, ExpeditionKind], ProgressRecord] = field(default_factory=dict)
    last_effect: EffectRecord | None = None
    last_cost: CostRecord | None = None
    emblem_log: list[GameObject] = field(default_factory=list)
    """Every emblem created, in order (an emblem ceases to exist, but the record stays)."""
    used_emblems: set[int] = field(default_factory=set)
    """The Emblems-Ongoing that have applied to the next card played: each applies once (2.2.13.c)."""
    reactions_played: list[str] = field(default_factory=list)
    """Every Emblem-Reaction played, in order: "Player: text" (4.4.b)."""
    activations: dict[tuple[int, int], int] = field(default_factory=dict)
    """(object id, reaction index) -> activations this day (6.3.f)."""
    unknowns: list[Unknown] = field(default_factory=list)
    """The steps whose game effect the sources do not give, and what each leaves unknown."""
    checking_reactions: bool = False
    """Whether reactions are being checked now (4.4.a): a check does not start inside another."""
    held_reactions: set[int] = field(default_factory=set)
    """Emblem-Reactions created by an internal action, not played until the end of the effect that
    contains it (4.4.a remark): checking reactions passes them over until then."""
    reactions_unchecked: Unknown | None = None
    """The lost step after which the trace has said that reactions cannot be checked any more (4.4.a)."""
    # ---- the players' decisions and the readings the run follows ----
    answers: list[Answer] = field(default_factory=list)
    """The decisions the scenario gives for its current action, in the order they are asked."""
    choices_made: list[str] = field(default_factory=list)
    """Every decision made, in order: "Player: answer" (engine.choices)."""
    # The mapping below is rarely filled: a log has none until a run gives it one (no new
    # containers per game on the hot path).
    readings: Mapping[str, str] | None = None
    """Where the sources leave a question open, the reading this run follows, by question key
    (engine.readings); a question without one stops the run with ReadingNeeded. Give a game's log its
    own: `game.log.readings = {"token-controller": "the creator controls it"}`."""
    readings_said: frozenset[str] = frozenset()
    """The questions whose reading the trace has already named."""
    decisions: Decisions | None = None
    """The questions the glossary's rules decide where the seeds are silent (engine.decisions): the
    run follows each and cites its rule. None: every such question is refused or enumerated."""
    decisions_said: frozenset[Question] = frozenset()
    """The decided questions whose rule the trace has already cited."""
    # ---- the engine's work budget (limits.MAX_WORK; Game.spend_work) ----
    steps_taken: int = 0
    work: int = 0
    """Units of the engine's work budget spent so far. A scenario run once per reading starts each
    run's game at what the runs before it spent."""
    work_lines: int = 0
    """The trace's length when work was last counted: its lines since then are counted next."""

    def board_unknown(self) -> Unknown | None:
        """The first step whose lost game effect leaves the whole board unknown, if any."""
        if not self.unknowns:  # asked at every check of reactions: most games lose no step
            return None
        return next((u for u in self.unknowns if u.scope is UnknownScope.ALL), None)

    def refuse_if_unknown(self, what: Message, *, player: PlayerName | None = None, zone: Zone | None = None,
                          object_id: int | None = None) -> None:
        """RulesSilent when `what` depends on a step whose game effect the sources do not give."""
        for unknown in self.unknowns:
            if (
                unknown.scope is UnknownScope.ALL
                or (unknown.scope is UnknownScope.MANA and zone is Zone.MANA and unknown.player == player)
                or (unknown.scope is UnknownScope.OBJECT and object_id is not None and unknown.object_id == object_id)
            ):
                raise silent(msg("refusal.depends_on_unknown", what=what, unknown=unknown.said), Unenumerable.UNKNOWN_BOARD)
