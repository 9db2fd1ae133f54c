"""The trace: what the engine did, one line per step, citing the rules it applied.

Each line is a message (engine.messages: an id with typed parameters) that a page, the command
line or the sandbox renders in the judge's language; `text` is its English sentence. Rule numbers
(and ruling ids, for readings the glossary documents as rulings) are kept apart as well, so that a
page can link them.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Iterable, Iterator, Sequence, overload

from .catalogue import ENGLISH_RENDERER
from .citations import CITED_NUMBER, Citations
from .messages import Message

__all__ = ["TraceLine", "TraceLines", "Trace", "inline_rules"]

_PARENS = re.compile(r"\(([^()]*)\)")
_RULE = CITED_NUMBER


def inline_rules(text: str) -> list[str]:
    """Rule numbers cited in parentheses inside a sentence: "(4.2.4.c)" -> ["4.2.4.c"]; a number
    pinned to a release stays whole: "(4.2.4.c@2026.1)" -> ["4.2.4.c@2026.1"] (engine.citations)."""
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
    message: Message | None = None
    """What the engine said, as data; `text` is its English rendering."""

    def __init__(self, text: str, rules: tuple[str, ...] = (), rulings: tuple[str, ...] = (), depth: int = 0,
                 message: Message | None = None) -> None:
        # The generated __init__ of a frozen dataclass sets each field through object.__setattr__;
        # a trace makes a line per step, so the fields go straight into the instance dict (the
        # line stays frozen: assigning a field still raises).
        fields = self.__dict__
        fields["text"] = text
        fields["rules"] = rules
        fields["rulings"] = rulings
        fields["depth"] = depth
        fields["message"] = message

    @classmethod
    def of(cls, message: Message, rules: tuple[str, ...] = (), rulings: tuple[str, ...] = (), depth: int = 0) -> "TraceLine":
        """A line made from a message (its text the English)."""
        return _made((message, rules, rulings, depth))

    def deeper(self) -> "TraceLine":
        """The same line, one level deeper."""
        return TraceLine(self.text, self.rules, self.rulings, self.depth + 1, self.message)

    def __str__(self) -> str:
        return self.said(self.text)

    def said(self, text: str, ruling_word: str = "ruling") -> str:
        """The line as printed, its sentence `text` (in any language) followed by the rules it does
        not cite inline."""
        # Rules already cited inside the sentence are not repeated at its end.
        cites = [r for r in self.rules if f"({r}" not in text and f" {r})" not in text and f", {r}," not in text]
        cites += [f"{ruling_word} {ruling}" for ruling in self.rulings if ruling not in text]
        suffix = f" ({', '.join(cites)})" if cites else ""
        return "  " * self.depth + text + suffix


Said = tuple[Message, tuple[str, ...], tuple[str, ...], int]
"""A line as the engine said it: its message, the rules and rulings it was given, its depth."""


def _made(said: Said, citations: Citations | None = None) -> TraceLine:
    """The line as it reads: the rules cited inline, then the rules given, each once; with
    `citations` (never empty), each in the glossary's numbering (engine.citations)."""
    message, rules, rulings, depth = said
    if citations is None:
        text = ENGLISH_RENDERER.render(message)
    else:
        message = citations.message(message)
        rules = citations.rules(rules)
        text = citations.english.render(message)
    # Most lines cite no rule inline: without a parenthesis there is nothing for the regexes to
    # find, and a single rule needs no removal of repeats.
    inline = inline_rules(text) if "(" in text else None
    if inline:
        rules = tuple(dict.fromkeys([*inline, *rules]))
    elif len(rules) > 1:
        rules = tuple(dict.fromkeys(rules))
    return TraceLine(text, rules, rulings, depth, message)


def _cited_line(line: TraceLine, citations: Citations) -> TraceLine:
    """A line made before its run was given `citations` (a readings' summary), citing as they say."""
    if line.message is None:
        return TraceLine(citations.text(line.text), citations.rules(line.rules), line.rulings, line.depth)
    cited = _made((line.message, line.rules, line.rulings, line.depth), citations)
    return cited


class TraceLines(Sequence[TraceLine]):
    """The lines of a trace, each made a `TraceLine` when first read, then kept.

    Finding the rules a sentence cites takes longer than most steps it tells, and most runs are
    only compared with their expectations: a run's result holds its lines as said, and a reader
    (a page, the command line) gets exactly the lines an eager trace would have made."""

    __slots__ = ("_items", "_citations")

    def __init__(self, lines: Iterable[TraceLine | Said] = ()) -> None:
        self._items: list[TraceLine | Said] = list(lines)
        self._citations: Citations | None = None

    def cited(self, citations: Citations | None) -> "TraceLines":
        """These lines citing the glossary's numbers (engine.citations); themselves when `citations`
        changes nothing. A line already made is made again from what was said."""
        if not citations:
            return self
        out = TraceLines(item if not isinstance(item, TraceLine) else _cited_line(item, citations) for item in self._items)
        out._citations = citations
        return out

    def _line(self, index: int) -> TraceLine:
        item = self._items[index]
        if isinstance(item, TraceLine):
            return item
        line = self._items[index] = _made(item, self._citations)
        return line

    def _lines(self) -> list[TraceLine]:
        return [self._line(i) for i in range(len(self._items))]

    @overload
    def __getitem__(self, index: int) -> TraceLine: ...

    @overload
    def __getitem__(self, index: slice) -> list[TraceLine]: ...

    def __getitem__(self, index: int | slice) -> TraceLine | list[TraceLine]:
        if isinstance(index, slice):
            return [self._line(i) for i in range(len(self._items))[index]]
        return self._line(index)

    def __len__(self) -> int:
        return len(self._items)

    def __iter__(self) -> Iterator[TraceLine]:
        for i in range(len(self._items)):
            yield self._line(i)

    def __eq__(self, other: object) -> bool:
        # Equal to the same lines, as a list (what a result's trace used to be) or another trace.
        if isinstance(other, TraceLines):
            return self._lines() == other._lines()
        if isinstance(other, list):
            return self._lines() == other
        return NotImplemented


    def __repr__(self) -> str:
        return repr(self._lines())

    def __reduce__(self) -> tuple[type[TraceLines], tuple[list[TraceLine]]]:
        return (TraceLines, (self._lines(),))  # pickled as read: plain TraceLines


@dataclass
class Trace:
    depth: int = 0
    muted: bool = False
    """While muted (a reaction repeating itself), lines are counted, not kept."""
    omitted: int = 0
    _said: TraceLines = field(default_factory=TraceLines, repr=False)

    def add(self, message: Message, *rules: str, rulings: Sequence[str] = (), always: bool = False, at: int | None = None) -> None:
        """Add a line (a message, engine.messages: never a finished sentence); `at` (a `mark()`) puts it before the lines added since, e.g. an action told
        before the reactions its event triggered. The line is kept as said (its sentence, rules and
        rulings are immutable values) and made a `TraceLine` when first read."""
        if self.muted and not always:
            self.omitted += 1
            return
        if message.__class__ is not Message:
            raise TypeError(f"a trace line is a Message (engine.messages), not {type(message).__name__}: {message!r}")
        # A line per step of every run: rulings are mostly given as a tuple already, kept as given.
        said: Said = (message, rules, rulings if rulings.__class__ is tuple else tuple(rulings), self.depth)
        if at is None:
            self._said._items.append(said)
        else:
            self._said._items.insert(at, said)

    @property
    def lines(self) -> list[TraceLine]:
        """The lines so far, oldest first."""
        return self._said._lines()

    def read(self) -> TraceLines:
        """The lines so far, as a sequence that makes each line when it is first read; later lines
        of this trace are not added to it."""
        return TraceLines(self._said._items)

    def mark(self) -> int:
        """The place of the next line, for `add(..., at=)`."""
        return len(self._said._items)

    def __iter__(self) -> Iterator[TraceLine]:
        return iter(self._said)

    def __len__(self) -> int:
        return len(self._said._items)  # asked at every unit of the work budget (Game.spend_work)

    def render(self) -> list[str]:
        return [str(line) for line in self._said]

    def rules_cited(self) -> set[str]:
        return {rule for line in self._said for rule in line.rules}

    def rulings_cited(self) -> set[str]:
        return {ruling for line in self._said for ruling in line.rulings}
