"""What the loaded glossary's rules decide where the seeds are silent (issue 37).

The engine never reads a rule's text. Where the sources it was written from are silent, it refuses
(engine.readings.silent) or works out every reading (engine.readings). A glossary rule that decides
such a question says so as declared data beside its text, which an editor confirms:

    - id: 2.5.1.b
      text: {en: "...", ...}
      decides: {boosted-statistics: each boost adds 1 to each statistic}

The questions a rule may decide, and the answers the engine can follow for each, are declared here
once (`DECIDABLE`); the glossary's lint checks every `decides:` against this table and names the
allowed keys and answers. A run is given the glossary's decisions (`run_scenario(...,
decisions=...)`, or `game.log.decisions`): at a decided question the engine follows the rule's
answer and cites the rule's id in its trace, once per run; a run without a decision for the
question refuses or enumerates exactly as it always did.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum
from typing import Mapping, Protocol

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
vocabulary of `decides:` (the glossary's lint, the docs' table, the importer's proposals)."""

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
    """The question as a message (the same words as the open question it closes, where it was one)."""
    return msg(_SAID[question])


@dataclass(frozen=True)
class Decision:
    """A rule of the glossary that decides a question: the answer the engine follows, and the rule's id it cites."""

    question: Question
    answer: str
    rule: str


Decisions = Mapping[Question, Decision]


def read_decisions(declared: Mapping[str, Mapping[str, str]]) -> tuple[dict[Question, Decision], list[tuple[str, str]]]:
    """The decisions of `{rule id: {question key: answer}}` (every rule's `decides:`), and (rule id,
    sentence) for each declaration that is not one of `DECIDABLE`'s or that decides a question a
    rule before it decides too. A bad declaration is left out: its question stays open."""
    decisions: dict[Question, Decision] = {}
    problems: list[tuple[str, str]] = []
    for rule, table in declared.items():
        for key, answer in table.items():
            try:
                question = Question(key)
            except ValueError:
                problems.append((rule, f"rule {rule} decides an unknown question {key!r}; the questions a rule may decide are: "
                                 + ", ".join(q.value for q in Question)))
                continue
            if answer not in DECIDABLE[question]:
                problems.append((rule, f"rule {rule} gives {question.value} the answer {answer!r}, which the engine cannot follow; "
                                 "its answers are: " + "; ".join(repr(a) for a in DECIDABLE[question])))
                continue
            if question in decisions:
                problems.append((rule, f"rules {decisions[question].rule} and {rule} both decide {question.value}: "
                                       "one rule decides a question; keep `decides:` on one of them"))
                continue
            decisions[question] = Decision(question, answer, rule)
    return decisions, problems


def decisions_data(decisions: Decisions) -> dict[str, dict[str, str]]:
    """The decisions as `read_decisions` reads them, `{rule id: {question key: answer}}` (the
    sandbox's archive carries the glossary's)."""
    data: dict[str, dict[str, str]] = {}
    for question, decision in sorted(decisions.items()):
        data.setdefault(decision.rule, {})[question.value] = decision.answer
    return data


class FollowsDecisions(Protocol):
    """What `decided` needs of a run: the glossary's decisions, and its trace (engine.runlog.RunLog)."""

    decisions: Decisions | None
    decisions_said: frozenset[Question]
    trace: Trace


def decided(log: FollowsDecisions, question: Question) -> str | None:
    """The answer a rule of the glossary gives `question`, cited in the trace the first time a run
    follows it; None when no rule decides it (the engine then does what it does without one)."""
    decisions = log.decisions
    if not decisions:
        return None
    decision = decisions.get(question)
    if decision is None:
        return None
    if question not in log.decisions_said:
        log.decisions_said = log.decisions_said | {question}
        log.trace.add(msg("decision.follows", question=question_said(question),
                          answer=Reading(decision.answer)), decision.rule)
    return decision.answer
