"""Every reading the sources allow, where they leave a question open.

A careful judge at a table does not guess where the rules are silent: they work the situation out
under each reading the texts allow. If every reading gives the same outcome, the open question
does not matter and they answer; if the outcomes differ, they say so, with each reading and its
outcome. The engine does the same.

At an open question the engine calls `reading(game.log, question)`. A game run for one reading has
it fixed in its run log's `readings`, and goes on under it (the trace says so once). A game without
one raises `ReadingNeeded`, a `RulesSilent` that names the question and its readings: the scenario runner
(engine.scenario.runner) then runs the scenario once per reading and compares the outcomes. A caller of
the public API (engine.dusk...) gets that refusal, or fixes a reading first:

    game.log.readings = {"token-controller": "the creator controls it"}

Results are values: `Readings` holds the open questions and one `ReadingOutcome` per combination
of readings, with the values observed at the scenario's paths.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum
from itertools import islice
from typing import Iterator, Mapping, Protocol

from .errors import RulesSilent
from .catalogue import ENGLISH_RENDERER
from .decisions import (CHANGE_APPLIES, CREATOR_CONTROLS, EXPEDITION_PLAYER_CONTROLS, FREE_WINS, HAND_COST, RESERVE_COST, Decisions,
                        Question, decided)
from .messages import Card, Message, Items, Param, Quote, Reading, msg
from .trace import Trace

__all__ = ["OpenQuestion", "ReadingNeeded", "ReadingOutcome", "Readings", "reading", "MAX_READINGS", "TOKEN_CONTROLLER",
           "CREATOR_CONTROLS", "EXPEDITION_PLAYER_CONTROLS", "region_order_question", "token_controller_question",
           "Unenumerable", "silent", "play_cost_question", "HAND_COST", "RESERVE_COST", "FollowsReadings",
           "free_cost_question", "FREE_WINS", "CHANGE_APPLIES", "progress_cases_question",
           "mana_payment_question", "MANA_PAYS", "MANA_CANNOT_PAY"]

MAX_READINGS = 24
"""A scenario is run at most this many times, once per combination of readings; past that the
engine refuses, naming the questions (a judge would not enumerate them at a table either)."""


@dataclass(frozen=True)
class OpenQuestion:
    """A question the sources leave open, and the readings they allow (each a short label)."""

    key: str
    """Stable within a scenario: the same question asked twice in a run is one question."""
    question: str
    readings: tuple[str, ...]
    rules: tuple[str, ...] = ()
    said: Message | None = None
    """The question as a message (`question` is its English)."""
    value_cases: bool = False
    """Its readings are the cases of a value no source gives (what a boost or Asleep does to a
    character's statistics), not readings of a text a judge could follow: where the cases give the
    same outcome the engine answers; where they differ it refuses (`rules-silent`), naming the paths
    that depend on the value, unless the scenario lists each case under `undecided:`."""
    decidable: Question | None = None
    """The question a rule of the glossary may decide (engine.decisions), its answer then one of
    `readings`: the run follows that rule and cites it, instead of asking for a reading."""


class Unenumerable(Enum):
    """Why a question the sources leave open has no readings to work out, one by one."""

    LOST_TEXT = "its text is lost in every source, and no set of readings can stand in for a lost text"
    NO_CANDIDATES = "the sources name no answer at all, so there are no readings to choose among"
    UNPRINTED_VALUE = "no source prints the value, and any number could be it"
    UNKNOWN_BOARD = "what the step does to the board is not in the sources, so nothing after it can be worked out"
    MULTIPLAYER_LAYOUT = (
        "which expedition faces which could be enumerated, but where an expedition goes on the shared 2v2 and "
        "Free for All Adventure is only partly in the sources"
    )


def silent(message: Message, why: Unenumerable) -> RulesSilent:
    """A refusal where the sources are silent, saying why the engine cannot work out every reading
    instead (the reason is kept as a value on the error, `unenumerable`)."""
    error = RulesSilent(msg("refusal.silent", refusal=message, why=msg("unenumerable." + why.name.lower())))
    error.unenumerable = why
    return error


class ReadingNeeded(RulesSilent):
    """An open question with no reading fixed: the scenario runner runs each reading."""

    def __init__(self, question: OpenQuestion) -> None:
        self.question = question
        assert question.said is not None, f"the open question {question.key} has no message"
        super().__init__(msg("refusal.reading_needed", question=question.said, readings=Items(tuple(Reading(r) for r in question.readings))))


@dataclass(frozen=True)
class ReadingOutcome:
    """One combination of readings, and what the scenario's paths show under it."""

    readings: tuple[tuple[str, str], ...]
    """(question key, reading), in the order the questions came up."""
    observed: tuple[tuple[str, str], ...]
    """(path, value as shown), for each path the scenario asks about; a refusal is shown as
    `refused: <kind>`."""

    @property
    def label(self) -> str:
        return "; ".join(r for _, r in self.readings)

    @property
    def said(self) -> Message:
        return msg("readings.label", readings=Items(tuple(Reading(r) for _, r in self.readings)))

    @property
    def outcome(self) -> tuple[tuple[str, str], ...]:
        return self.observed


@dataclass(frozen=True)
class Readings:
    """The open questions of a run and the outcome under each combination of their readings."""

    questions: tuple[OpenQuestion, ...]
    outcomes: tuple[ReadingOutcome, ...]

    @property
    def decided(self) -> bool:
        """Every reading gives the same outcome: the open questions do not matter here."""
        return len({o.observed for o in self.outcomes}) <= 1

    @property
    def said(self) -> Message:
        """What the readings come to, as a message: the same outcome under every reading, or each
        reading's outcome (its observed values as the scenario's paths show them)."""
        questions = Items(tuple(q.said for q in self.questions if q.said is not None))
        if self.decided:
            return msg("readings.decided", questions=questions, readings=Items(tuple(o.said for o in self.outcomes)))
        parts = tuple(msg("readings.outcome", reading=o.said, values=Items(tuple(Quote(f"{p} {v}") for p, v in o.observed)))
                      for o in self.outcomes)
        return msg("readings.differ", questions=questions, outcomes=Items(parts))

    def describe(self) -> str:
        return ENGLISH_RENDERER.render(self.said)


class FollowsReadings(Protocol):
    """What `reading` needs of a run: the readings fixed for it, and its trace (engine.runlog.RunLog)."""

    readings: Mapping[str, str] | None
    readings_said: frozenset[str]
    decisions: Decisions | None
    decisions_said: frozenset[Question]
    trace: Trace


def reading(log: FollowsReadings, question: OpenQuestion) -> str:
    """The reading a rule of the glossary decides for `question` (engine.decisions, cited in the
    trace), else the one fixed for it in this run; ReadingNeeded when there is neither."""
    if question.decidable is not None and log.decisions:
        answer = decided(log, question.decidable)
        if answer is not None:
            return answer
    chosen = log.readings.get(question.key) if log.readings else None
    if chosen is None:
        raise ReadingNeeded(question)
    if question.key not in log.readings_said:
        log.readings_said = log.readings_said | {question.key}
        assert question.said is not None, f"the open question {question.key} has no message"
        log.trace.add(msg("reading.follows", question=question.said, reading=Reading(chosen)), *question.rules)
    return chosen


# ---- the questions the engine knows how to enumerate ------------------------------------------
TOKEN_CONTROLLER = Question.TOKEN_CONTROLLER.value


def token_controller_question() -> OpenQuestion:
    """7.3.3.a says a token is created in an expedition; no rule of the seeds says who controls a token
    created in another player's expedition (the 2v2 page allows creating tokens in a teammate's
    expedition). The Complete Rules do (7.5.4.a of 3.0: control follows the zone): an import declares it."""
    return OpenQuestion(
        TOKEN_CONTROLLER,
        "who controls a token created in another player's expedition",
        (CREATOR_CONTROLS, EXPEDITION_PLAYER_CONTROLS),
        ("7.3.3.a",),
        msg("question.token_controller"),
        decidable=Question.TOKEN_CONTROLLER,
    )


def region_order_question(names: list[str]) -> OpenQuestion:
    """2.2.2.p: abilities that change region types; no rule gives the order in which several apply.
    Each order is a reading, named by the objects bearing them: "Tidecaller, then Grovekeeper".
    At most MAX_READINGS + 1 orders are listed, which the scenario runner refuses as too many: n
    abilities have n! orders, and listing 12! of them would take an hour."""
    orders = tuple(", then ".join(order) for order in islice(_orders(names), MAX_READINGS + 1))
    return OpenQuestion(
        "region-order:" + "|".join(sorted(names)),
        f"the order in which the abilities changing region types apply ({', '.join(names)})",
        orders,
        ("2.2.2.p",),
        msg("question.region_order", cards=Items(tuple(Card(n) for n in names))),
    )


def _orders(names: list[str]) -> Iterator[tuple[str, ...]]:
    """Each distinct order of `names`, one at a time: the orders of their places in `names` (of its
    first place, for a name given twice), from the order given, in lexicographic order; the same
    orders as itertools.permutations when the names differ, each once when some repeat."""
    rank = {name: i for i, name in reversed(list(enumerate(names)))}
    order = sorted(names, key=rank.__getitem__)
    while True:
        yield tuple(order)
        # The next order: the rightmost place that can grow takes the next larger name after it,
        # and the names after it are put back in ascending order.
        i = len(order) - 2
        while i >= 0 and rank[order[i]] >= rank[order[i + 1]]:
            i -= 1
        if i < 0:
            return
        j = len(order) - 1
        while rank[order[j]] <= rank[order[i]]:
            j -= 1
        order[i], order[j] = order[j], order[i]
        order[i + 1:] = reversed(order[i + 1:])


def play_cost_question() -> OpenQuestion:
    """A card's own text plays it from a zone other than the Hand or the Reserve, not for free
    (ruling card-text-over-rules): which of its two printed costs is paid (2.2.6, 2.2.7), no rule says."""
    return OpenQuestion(
        "play-cost", "which cost a card played from another zone than the Hand or the Reserve pays",
        (HAND_COST, RESERVE_COST), ("2.2.6.a", "2.2.7.a"), msg("question.play_cost"), decidable=Question.PLAY_COST,
    )


def free_cost_question() -> OpenQuestion:
    """A card played "for free" while "The next card you play costs N less/more" waits for it: the
    card is the next card played (2.2.13.c), but whether the change applies to a cost of nothing, or
    "for free" wins, no rule says."""
    return OpenQuestion(
        "free-cost", "what a change to the next card's cost does to a card played \"for free\"",
        (FREE_WINS, CHANGE_APPLIES), ("2.2.13.c",), msg("question.free_cost"), decidable=Question.FREE_COST,
    )


def progress_cases_question(key: str, cases: tuple[str, ...], expeditions: Message, unknown: Param) -> OpenQuestion:
    """Progress (4.2.4.b) between two opposing expeditions when the statistics of a character in
    one of them are not in the sources (boosted, Asleep, not printed): what it adds could be any
    number, so each case is an outcome Progress can have there ("Alice's hero expedition moves
    forward, Bob's does not"), worked out from every value the statistics may take (engine.dusk)."""
    return OpenQuestion(
        key, "which of two opposing expeditions move forward, when statistics no source gives decide it",
        cases, ("4.2.4.b",), msg("question.progress_cases", expeditions=expeditions, unknown=unknown), value_cases=True,
    )


MANA_PAYS = "the Mana zone pays it"
MANA_CANNOT_PAY = "it cannot be paid in full"


def mana_payment_question(key: str, said: Message) -> OpenQuestion:
    """6.4.c: a player who pays a cost must be able to pay it in full; no source says how Mana pays a
    cost. Asked where it matters: fewer ready Mana Orbs than the Mana asked, or a Mana zone an earlier
    payment left unknown. Each answer is a reading, and the engine answers where they agree."""
    return OpenQuestion(key, "whether the player's Mana zone can pay the Mana a cost asks for", (MANA_PAYS, MANA_CANNOT_PAY),
                        ("6.4.c",), said, value_cases=True)
