"""What an imported document decides for the engine (engine.decisions): the `decides:` an import
writes where a rule states, in so many words, an answer the engine can follow; and the headings an
editor should read where no rule states it.

The engine never reads prose; the importer reads it only this far. A `Statement` is how a rule
says one answer: groups of words, one of each group in one sentence of the rule's text, its list
or its remarks (never an example, which illustrates, nor a glossary term, which defines). A
sentence that also says "not", "unless", "except" or "only" beside them is not taken (it may say the
opposite, or less): it becomes a task. Where several rules state the same answer, the first in
print order is cited and the others are named; where rules state different answers, nothing is
written and the editors choose. Every declaration written is a task to check, and an editor's
declaration (one the glossary holds on a rule the import continues) always wins.

    stated, hedged = read_statements(document)
    # mapping.plan writes `stated`; importing.report lists both, and decision_tasks, as tasks
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Sequence, Set as AbstractSet
from dataclasses import dataclass

from engine.decisions import (ASLEEP_NOT_COUNTED, BOOST_ADDS_ONE, DECIDABLE, EXPEDITION_PLAYER_CONTROLS, FLEETING_DISCARDED,
                              FREE_WINS, ORB_PER_MANA, Question)

from .model import Document, Entry, EntryKind, NoteKind, Task

__all__ = ["HEADING_QUESTIONS", "STATEMENTS", "Statement", "Stated", "Hedged", "Proposal", "Reading",
           "read_statements", "propose_decisions", "decision_tasks"]

HEADING_QUESTIONS: dict[str, Question] = {
    "boosted": Question.BOOSTED_STATISTICS,
    "boost counters": Question.BOOSTED_STATISTICS,
    "boosts": Question.BOOSTED_STATISTICS,
    "asleep": Question.ASLEEP_STATISTICS,
    "fleeting": Question.FLEETING_TO_RESERVE,
    "mana zone": Question.MANA_PAYMENT,
    "play for free": Question.FREE_COST,
    "controls": Question.TOKEN_CONTROLLER,
    "control": Question.TOKEN_CONTROLLER,
}
"""A heading's title, in lower case without its punctuation, and the question whose answer the
rules under it may give: where no rule states it, the editors are asked to read them."""


@dataclass(frozen=True)
class Statement:
    """How a rule says `answer` to `question`: one phrase of each group in one sentence."""

    question: Question
    answer: str
    says: tuple[tuple[str, ...], ...]


STATEMENTS: tuple[Statement, ...] = (
    # 2.5.1.b in the Complete Rules 3.0 and 4.0: a boost counter and what it adds to each statistic.
    Statement(Question.BOOSTED_STATISTICS, BOOST_ADDS_ONE,
              (("boost",), ("adds 1 to each", "add 1 to each", "adds +1 to each", "+1 to each"), ("statistic",))),
    # 2.4.3 (3.0), 2.4.4 (4.0): the body of the Asleep heading, at Progress.
    Statement(Question.ASLEEP_STATISTICS, ASLEEP_NOT_COUNTED,
              (("asleep",), ("statistics are not counted", "statistics aren't counted", "statistics are not added"),
               ("expedition",))),
    # 2.4.6.d (3.0), 2.4.7.d (4.0): from the Expedition zone; a spell leaving Limbo is another question.
    Statement(Question.FLEETING_TO_RESERVE, FLEETING_DISCARDED,
              (("fleeting",), ("go to the reserve", "go to reserve", "be sent to reserve", "be sent to the reserve"),
               ("expedition",), ("discarded instead", "put in the discard pile instead", "goes to the discard pile instead"))),
    # 1.2.5.e: what pays a Mana cost.
    Statement(Question.MANA_PAYMENT, ORB_PER_MANA,
              (("mana cost",), ("paid by exhausting", "payed by exhausting"), ("mana orb",))),
    # 7.5.4.a (3.0), 7.5.5.a (4.0): control follows the zone, so a token created in another player's
    # expedition is theirs to control (its owner stays its creator, 1.1.7.b).
    Statement(Question.TOKEN_CONTROLLER, EXPEDITION_PLAYER_CONTROLS,
              (("controls",), ("object",), ("in their expedition",))),
    # a remark of 5.1.2.e: "for free" skips the payment whatever alters the cost.
    Statement(Question.FREE_COST, FREE_WINS,
              (("for free",), ("skipped", "skipping", "not paid"), ("regardless of",), ("alteration", "increase", "reduction"))),
)
"""The statements the importer recognises, each one answer of engine.decisions.DECIDABLE. None for
play-cost: 5.1.2.d of the Complete Rules names the Hand cost and the Reserve cost of a card played
from those zones only, and the question is about any other zone, so it stays a reading."""

# Words that may turn a sentence against what it states, or narrow it: such a sentence is read by an editor.
_HEDGES = re.compile(r"\b(?:not|never|no longer|cannot|can't|unless|except|only)\b|n't\b")
_SENTENCE = re.compile(r"(?<=[.;!?])\s+")
_QUOTES = str.maketrans({"“": '"', "”": '"', "‘": "'", "’": "'", "–": "-", "—": "-", "\u00a0": " "})


def _plain(text: str) -> str:
    return " ".join(unicodedata.normalize("NFKC", text).translate(_QUOTES).casefold().split())


@dataclass(frozen=True)
class Reading:
    """Where a statement was seen: the entry that decides (a rule, or a heading whose body says it)."""

    entry: str
    where: str            # "text", "list", "remark"


@dataclass(frozen=True)
class Stated:
    """A question a rule of the document answers: the rule cited, and the others that say the same."""

    question: Question
    answer: str
    entry: str
    where: str
    also: tuple[str, ...] = ()


@dataclass(frozen=True)
class Hedged:
    """A sentence with a statement's words and a word that may turn or narrow it ("not", "unless"),
    or rules that state different answers: nothing is written, the editors read it."""

    question: Question
    entries: tuple[str, ...]
    why: str


def _sentences(entry: Entry) -> list[tuple[str, str]]:
    pieces = [("text", entry.text)] + [("list", item) for item in entry.items]
    pieces += [("remark", note.text) for note in entry.notes if note.kind == NoteKind.REMARK.value]
    return [(where, sentence) for where, text in pieces for sentence in _SENTENCE.split(_plain(text)) if sentence]


def _says(statement: Statement, sentence: str) -> str | None:
    """The sentence without the statement's phrases when it holds one of each group, else None."""
    rest = sentence
    for group in statement.says:
        phrase = next((p for p in group if p in rest), None)
        if phrase is None:
            return None
        rest = rest.replace(phrase, " ", 1)
    return rest


def read_statements(document: Document) -> tuple[list[Stated], list[Hedged]]:
    """The questions the document's rules and heading bodies answer, in the order of `STATEMENTS`,
    and what an editor must read instead (a hedged sentence, two answers to one question)."""
    seen: dict[Statement, list[Reading]] = {}
    hedged: dict[Question, list[str]] = {}
    for entry in document.entries:
        if entry.kind == EntryKind.CHAPTER.value:
            continue
        for where, sentence in _sentences(entry):
            for statement in STATEMENTS:
                rest = _says(statement, sentence)
                if rest is None:
                    continue
                if _HEDGES.search(rest):
                    hedged.setdefault(statement.question, []).append(entry.id)
                else:
                    readings = seen.setdefault(statement, [])
                    if entry.id not in [r.entry for r in readings]:
                        readings.append(Reading(entry.id, where))
    stated: list[Stated] = []
    problems: list[Hedged] = []
    for question in Question:
        answers = [(s, seen[s]) for s in STATEMENTS if s.question is question and s in seen]
        if len(answers) > 1:
            problems.append(Hedged(question, tuple(r.entry for _, rs in answers for r in rs),
                                   "rules state different answers: " + "; ".join(f"{', '.join(r.entry for r in rs)}: '{s.answer}'"
                                                                                for s, rs in answers)))
        elif answers:
            statement, readings = answers[0]
            first = readings[0]
            stated.append(Stated(question, statement.answer, first.entry, first.where, tuple(r.entry for r in readings[1:])))
        if question in hedged:
            entries = tuple(dict.fromkeys(hedged[question]))
            problems.append(Hedged(question, entries, "a sentence with the words of the answer also says 'not', 'unless', "
                                                      "'except' or 'only' (it may say the opposite, or less)"))
    return stated, problems


@dataclass(frozen=True)
class Proposal:
    heading: str          # the heading's number (2.4.3)
    title: str
    question: Question
    on_body: bool         # the heading has a body and no lettered rule: `decides:` goes on the body
    rules: tuple[str, ...]   # its lettered rules, among which the editor picks the one that decides


def _key(title: str) -> str:
    return " ".join(re.sub(r"[^\w\s]", " ", title.lower()).split())


def propose_decisions(document: Document) -> list[Proposal]:
    """Each heading whose title names a question of engine.decisions, in print order."""
    proposals = []
    headings = [e for e in document.entries if e.kind != EntryKind.RULE.value and e.title]
    for heading in headings:
        question = HEADING_QUESTIONS.get(_key(heading.title))
        if question is None:
            continue
        rules = tuple(e.id for e in document.entries
                      if e.kind == EntryKind.RULE.value and e.id.rsplit(".", 1)[0] == heading.id)
        proposals.append(Proposal(heading.id, heading.title, question, bool(heading.text or heading.items) and not rules, rules))
    return proposals


def decision_tasks(document: Document, settled: AbstractSet[Question] = frozenset(),
                   problems: Sequence[Hedged] | None = None) -> list[Task]:
    """The editors' tasks (kind "decides"): each heading that names a question no rule was found to
    answer (`settled`: those the import wrote or the glossary already declares), where to write which
    `decides:` if it does; and each sentence or pair of rules the import would not read for them
    (`problems`, read_statements' second half, which mapping.plan has already read: read here if not given)."""
    tasks = []
    for problem in read_statements(document)[1] if problems is None else problems:
        tasks.append(Task("decides", problem.entries[0], f"{', '.join(problem.entries)} may decide {problem.question.value}, "
                                                         f"but {problem.why}: nothing is written; read them, and write "
                                                         f"`decides:` on the rule that decides it, if one does"))
    for p in propose_decisions(document):
        if p.question in settled:
            continue
        answers = " or ".join(f"'{a}'" for a in DECIDABLE[p.question])
        where = (f"on the body of {p.heading}" if p.on_body
                 else f"on the rule of {p.heading} that decides it ({', '.join(p.rules) or 'it has no rule'})")
        tasks.append(Task("decides", p.heading, f"{p.heading} '{p.title}' may decide {p.question.value}: if it does, write "
                                                f"`decides: {{{p.question.value}: ...}}` {where}, with {answers}"))
    return tasks
