"""Proposals for `decides:` (engine.decisions) from an imported document's headings, for the editors
to confirm: the importer never writes a declaration, since only an editor who has read the rule
can tie it to a question (the engine never reads prose).

A heading whose title names what a question is about ("Asleep", "Boost Counters", "Fleeting",
"Mana Zone") is proposed as the place of that question's rule: on its body if it has one and no
lettered rule (2.4.3 Asleep in the Complete Rules), else on one of its rules, which the editor picks.

    for task in decision_tasks(document):
        document.tasks.append(task)      # kind "decides", listed with the import's other tasks
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from engine.decisions import DECIDABLE, Question

from .model import Document, EntryKind, Task

__all__ = ["HEADING_QUESTIONS", "Proposal", "propose_decisions", "decision_tasks"]

HEADING_QUESTIONS: dict[str, Question] = {
    "boosted": Question.BOOSTED_STATISTICS,
    "boost counters": Question.BOOSTED_STATISTICS,
    "boosts": Question.BOOSTED_STATISTICS,
    "asleep": Question.ASLEEP_STATISTICS,
    "fleeting": Question.FLEETING_TO_RESERVE,
    "mana zone": Question.MANA_PAYMENT,
}
"""A heading's title, in lower case without its punctuation, and the question whose answer the
rules under it may give."""


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


def decision_tasks(document: Document) -> list[Task]:
    """The proposals as the editors' tasks (kind "decides"): where to write which `decides:`."""
    tasks = []
    for p in propose_decisions(document):
        answers = " or ".join(f"'{a}'" for a in DECIDABLE[p.question])
        where = (f"on the body of {p.heading}" if p.on_body
                 else f"on the rule of {p.heading} that decides it ({', '.join(p.rules) or 'it has no rule'})")
        tasks.append(Task("decides", p.heading, f"{p.heading} '{p.title}' may decide {p.question.value}: if it does, write "
                                                f"`decides: {{{p.question.value}: ...}}` {where}, with {answers}"))
    return tasks
