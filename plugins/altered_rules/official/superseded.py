"""Where the content of a rule the import removed went, when the document says so or its words show it.

A rule no imported rule continues is removed and its citations pinned (mapping.pins). Its content
often went into another rule: CR 3.0 moved the seeds' 4.3.a-c (a player wins when their
expeditions meet...) into the new Check Victory daily effect, 4.2.5.d. That is a hint for the
editors and the readers ("now in 4.2.5.d"), given only when a real source shows it:

- **the change list**: a bullet that names the rule, or a heading above it, before a verb of
  moving ("moved to", "merged into", "split into"...), and after it the rule that now holds it, by
  its number or by its label ("moved to the Check Victory daily effect": the one rule labelled
  Check Victory), which must also hold at least SUPPORT of the removed rule's words, in order
  (the bullet's heading may hold other rules that went elsewhere);
- **containment**: one imported rule holding at least CONTAINED of the removed rule's words in
  order, the matcher's measure (matching.containment), and none other as much.

Otherwise nothing is said: no hint is invented.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from ..content.glossary.releases import Snapshot
from .matching import CONTAINED, Result, containment, tokens
from .model import Document, EntryKind, kind_of

# The share of a removed rule's words, in order, that the rule a change list names must hold.
SUPPORT = 0.4
_MOVED = re.compile(r"\b(?:moved|merged|folded|transferred|incorporated|split|integrated)\b(?:\s+\w+){0,2}?\s+(?:to|into|in)\b",
                    re.IGNORECASE)
_NUMBER = re.compile(r"(?<![\w.])([1-9](?:\.[0-9]{1,2}){1,2}(?:\.[a-z])?)(?![\w])")


@dataclass(frozen=True)
class Superseded:
    """The rules of the document that hold a removed rule's content, and what shows it."""

    rules: tuple[str, ...]
    why: str          # "change list: “…”" or "holds 82% of its words"


def _named_before(text: str, key: str) -> bool:
    """Whether `text` names rule `key`, or a heading above it ("Section 4.3" for 4.3.b)."""
    for number in _NUMBER.findall(text):
        if key == number or key.startswith(number + "."):
            return True
    return False


def _targets(after: str, document: Document) -> list[str]:
    """The rules of the document that `after` (a bullet's words after its verb of moving) names:
    by number, else the one rule whose label it names."""
    held = {e.id for e in document.entries}
    numbers = [n for n in _NUMBER.findall(after) if n in held and kind_of(n) is EntryKind.RULE]
    if numbers:
        return list(dict.fromkeys(numbers))
    labelled = [e.id for e in document.entries if e.label and re.search(rf"\b{re.escape(e.label)}\b", after)]
    return labelled if len(labelled) == 1 else []


def superseded_by(document: Document, result: Result, old: Snapshot, new: Snapshot) -> dict[str, Superseded]:
    """Each removed rule (the glossary's number) whose content a source places in imported rules."""
    out: dict[str, Superseded] = {}
    paragraphs = {k: tokens(e) for k, e in new.entries.items() if e.kind == "paragraph"}
    for key in result.removed:
        entry = old.entries.get(key)
        if entry is None or entry.kind != "paragraph":
            continue
        words = tokens(entry)
        for change in document.changes:
            moved = _MOVED.search(change.text)
            if moved is None or not _named_before(change.text[:moved.start()], key):
                continue
            rules = [r for r in _targets(change.text[moved.start():], document)
                     if r in paragraphs and containment(words, paragraphs[r]) >= SUPPORT]
            if rules:
                excerpt = " ".join(change.text.split())
                out[key] = Superseded(tuple(rules), f"change list: “{excerpt[:80]}{'…' if len(excerpt) > 80 else ''}”")
                break
        if key in out or not words:
            continue
        scores = sorted(((containment(words, toks), rule) for rule, toks in paragraphs.items()), reverse=True)
        if scores and scores[0][0] >= CONTAINED and (len(scores) == 1 or scores[1][0] < scores[0][0]):
            out[key] = Superseded((scores[0][1],), f"holds {round(scores[0][0] * 100)}% of its words")
    return out
