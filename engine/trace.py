"""The trace: what the engine did, one line per step, citing the rules it applied.

Each line is a sentence a judge can read aloud at the table. Rule numbers (and
ruling ids, for readings the glossary documents as rulings) are kept apart as
well, so that a page can link them.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Iterator, Sequence

__all__ = ["TraceLine", "Trace", "inline_rules"]

_PARENS = re.compile(r"\(([^()]*)\)")
_RULE = re.compile(r"\b\d+\.\d+(?:\.\d+)*(?:\.[a-z])?\b")


def inline_rules(text: str) -> list[str]:
    """Rule numbers cited in parentheses inside a sentence: "(4.2.4.c)" -> ["4.2.4.c"]."""
    # One search of the parenthesized groups joined by spaces finds what a search of each would:
    # a rule number holds no space, and a space bounds a word as the end of a group does.
    return _RULE.findall(" ".join(_PARENS.findall(text)))


@dataclass(frozen=True)
class TraceLine:
    text: str
    """The sentence; it may cite rules inline, "(4.2.4.c)"."""
    rules: tuple[str, ...] = ()
    rulings: tuple[str, ...] = ()
    depth: int = 0
    """Nesting: 0 for an action of the scenario, 1 for a step inside it..."""

    def __init__(self, text: str, rules: tuple[str, ...] = (), rulings: tuple[str, ...] = (), depth: int = 0) -> None:
        # The generated __init__ of a frozen dataclass sets each field through object.__setattr__;
        # a trace makes a line per step, so the fields go straight into the instance dict (the
        # line stays frozen: assigning a field still raises).
        fields = self.__dict__
        fields["text"] = text
        fields["rules"] = rules
        fields["rulings"] = rulings
        fields["depth"] = depth

    def __str__(self) -> str:
        # Rules already cited inside the sentence are not repeated at its end.
        cites = [r for r in self.rules if f"({r}" not in self.text and f" {r})" not in self.text and f", {r}," not in self.text]
        cites += [f"ruling {ruling}" for ruling in self.rulings if ruling not in self.text]
        suffix = f" ({', '.join(cites)})" if cites else ""
        return "  " * self.depth + self.text + suffix


@dataclass
class Trace:
    lines: list[TraceLine] = field(default_factory=list)
    depth: int = 0
    muted: bool = False
    """While muted (a reaction repeating itself), lines are counted, not kept."""
    omitted: int = 0

    def add(self, text: str, *rules: str, rulings: Sequence[str] = (), always: bool = False, at: int | None = None) -> None:
        """Add a line; `at` (a `mark()`) puts it before the lines added since, e.g. an action told
        before the reactions its event triggered."""
        if self.muted and not always:
            self.omitted += 1
            return
        # Most lines cite no rule inline: without a parenthesis there is nothing for the regexes to
        # find, and a single rule needs no removal of repeats.
        inline = inline_rules(text) if "(" in text else None
        if inline:
            rules = tuple(dict.fromkeys([*inline, *rules]))
        elif len(rules) > 1:
            rules = tuple(dict.fromkeys(rules))
        line = TraceLine(text, rules, tuple(rulings), self.depth)
        if at is None:
            self.lines.append(line)
        else:
            self.lines.insert(at, line)

    def mark(self) -> int:
        """The place of the next line, for `add(..., at=)`."""
        return len(self.lines)

    def __iter__(self) -> Iterator[TraceLine]:
        return iter(self.lines)

    def __len__(self) -> int:
        return len(self.lines)

    def render(self) -> list[str]:
        return [str(line) for line in self.lines]

    def rules_cited(self) -> set[str]:
        return {rule for line in self.lines for rule in line.rules}

    def rulings_cited(self) -> set[str]:
        return {ruling for line in self.lines for ruling in line.rulings}
