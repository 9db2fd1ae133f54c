"""What the glossary's rules decide where the seeds are silent (issue 37).

The engine never reads a rule's text: a rule says which open question it decides as declared data,
`decides: {boosted-statistics: each boost adds 1 to each statistic}` (docs/en/editing.md), checked
against `DECIDABLE`, the questions and answers declared here once. A run given the glossary's
decisions (`run_scenario(..., decisions=...)`) follows each and cites its rule in the trace; without
one the engine refuses or enumerates as before.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum
from typing import Mapping, Protocol

from .citations import Current
from .messages import Message, Reading, msg
from .trace import Trace

__all__ = ["Question", "Decision", "Decisions", "DECIDABLE", "FollowsDecisions", "decided", "read_decisions", "decisions_data", "question_said",
           "BOOST_ADDS_ONE", "ASLEEP_NOT_COUNTED", "FLEETING_DISCARDED", "ORB_PER_MANA",
           "CREATOR_CONTROLS", "EXPEDITION_PLAYER_CONTROLS", "HAND_COST", "RESERVE_COST", "FREE_WINS", "CHANGE_APPLIES"]


class Question(StrEnum):
    """A question the seeds leave open that a rule of the glossary may decide: its key in `decides:`."""

    BOOSTED_STATISTICS = "boosted-statistics"
    """What a boost does to a character's statistics (refused today: engine.board.expedition_sum)."""
    ASLEEP_STATISTICS = "asleep-statistics"
    """What Asleep does to a character's statistics in its expedition's total (refused today)."""
    FLEETING_TO_RESERVE = "fleeting-to-reserve"
    """Where a Fleeting object goes that would go from play to the Reserve (refused today: Game.move)."""
    MANA_PAYMENT = "mana-payment"
    """How Mana pays a cost (enumerated today: engine.costs.can_pay_mana, and the Mana zone is then unknown)."""
    TOKEN_CONTROLLER = "token-controller"
    """Who controls a token created in another player's expedition (a reading today)."""
    PLAY_COST = "play-cost"
    """Which cost a card played from another zone than the Hand or the Reserve pays (a reading today)."""
    FREE_COST = "free-cost"
    """What a change to the next card's cost does to a card played "for free" (a reading today)."""


# The answers the engine can follow, each a label the catalogues say (`reading.<label>`).
BOOST_ADDS_ONE = "each boost adds 1 to each statistic"
ASLEEP_NOT_COUNTED = "its statistics are not counted in its expedition's"
FLEETING_DISCARDED = "it is discarded instead"
ORB_PER_MANA = "each Mana is paid by exhausting one ready Mana Orb"
CREATOR_CONTROLS = "the creator controls it"
EXPEDITION_PLAYER_CONTROLS = "the expedition's player controls it"
HAND_COST = "its Hand cost"
RESERVE_COST = "its Reserve cost"
FREE_WINS = "\"for free\" leaves nothing to change"
CHANGE_APPLIES = "the change applies to a cost of 0"

DECIDABLE: dict[Question, tuple[str, ...]] = {
    Question.BOOSTED_STATISTICS: (BOOST_ADDS_ONE,),
    Question.ASLEEP_STATISTICS: (ASLEEP_NOT_COUNTED,),
    Question.FLEETING_TO_RESERVE: (FLEETING_DISCARDED,),
    Question.MANA_PAYMENT: (ORB_PER_MANA,),
    Question.TOKEN_CONTROLLER: (CREATOR_CONTROLS, EXPEDITION_PLAYER_CONTROLS),
    Question.PLAY_COST: (HAND_COST, RESERVE_COST),
    Question.FREE_COST: (FREE_WINS, CHANGE_APPLIES),
}
"""Each question a rule may decide, and the answers the engine implements for it: the one
vocabulary of `decides:` (the glossary's lint, the docs' table, the importer's statements and proposals)."""

_SAID = {
    Question.BOOSTED_STATISTICS: "question.boosted_statistics",
    Question.ASLEEP_STATISTICS: "question.asleep_statistics",
    Question.FLEETING_TO_RESERVE: "question.fleeting_to_reserve",
    Question.MANA_PAYMENT: "question.mana_paying",
    Question.TOKEN_CONTROLLER: "question.token_controller",
    Question.PLAY_COST: "question.play_cost",
    Question.FREE_COST: "question.free_cost",
}


def question_said(question: Question) -> Message:
    return msg(_SAID[question])


@dataclass(frozen=True)
class Decision:
    """A rule of the glossary that decides a question: the answer followed, the rule cited (by the
    glossary's own number: the trace cites it as a `Current`, which engine.citations never maps)."""

    question: Question
    answer: str
    rule: str


Decisions = Mapping[Question, Decision]
_KEYS = frozenset(q.value for q in Question)


def read_decisions(declared: Mapping[str, Mapping[str, str]]) -> dict[Question, Decision]:
    """The decisions of `{rule id: {question key: answer}}` (the rules' `decides:`) that `DECIDABLE`
    allows, the first rule for each question; the glossary's loader reports any other as an error."""
    decisions: dict[Question, Decision] = {}
    for rule, table in declared.items():
        for key, answer in table.items():
            if key in _KEYS and answer in DECIDABLE[Question(key)]:
                decisions.setdefault(Question(key), Decision(Question(key), answer, rule))
    return decisions


def decisions_data(decisions: Decisions) -> dict[str, dict[str, str]]:
    """The decisions as `read_decisions` reads them (the sandbox's archive carries them)."""
    data: dict[str, dict[str, str]] = {}
    for question, decision in sorted(decisions.items()):
        data.setdefault(decision.rule, {})[question.value] = decision.answer
    return data


class FollowsDecisions(Protocol):
    """What `decided` needs of a run (engine.runlog.RunLog)."""

    decisions: Decisions | None
    decisions_said: frozenset[Question]
    trace: Trace


def decided(log: FollowsDecisions, question: Question) -> str | None:
    """The answer a rule of the glossary gives `question`, cited in the trace once per run; None: no rule decides it."""
    decisions = log.decisions
    if not decisions:
        return None
    decision = decisions.get(question)
    if decision is None:
        return None
    if question not in log.decisions_said:
        log.decisions_said = log.decisions_said | {question}
        log.trace.add(msg("decision.follows", question=question_said(question),
                          answer=Reading(decision.answer)), Current(decision.rule))
    return decision.answer
