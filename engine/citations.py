"""Which rule the engine cites: its code's numbers, in one declared release's numbering, mapped to
the glossary's (issue 37).

The engine's code cites rules by number, `trace.add(msg(...), "4.2.4.c")`, and its sentences cite
some inline, "(4.2.4.c)" (engine.catalogue and each translation). Those numbers are those of one
release of the glossary, `CITED_RELEASE`, and only of it: a check (tests/test_engine_citations.py)
finds every number the code and the catalogues cite in that release's snapshot. A renumbering or an
official import gives rules other numbers, and may give an old number to another rule; the plugin
derives from the glossary's releases which rule each number of `CITED_RELEASE` is now
(content/glossary/citing.py) and hands the run a `Citations`: each number that changed -> its
number now, or pinned to the last release that held it ("4.2.4.c@2026.1") where no rule continues
it. A run given one (`run_scenario(..., citations=)`) cites the glossary's numbers in every trace
line, its rules and its English sentence; a renderer of any language says them too
(`Citations.catalogue`: the templates' inline numbers). Without one, or with none changed, the
trace is exactly the code's.

A rule the glossary itself names to the engine (the rule that decides a question,
engine.decisions) is already in the glossary's numbering: it is given as a `Current`, which no
mapping changes.
"""

from __future__ import annotations

import re
from typing import Mapping

from .catalogue import ENGLISH
from .messages import Items, Message, Param, Renderer, Rules

__all__ = ["CITED_RELEASE", "Citations", "Current", "CITED_NUMBER"]

CITED_RELEASE = "2026.1"
"""The release whose rule numbers the engine's code and catalogues write (the seed release)."""

CITED_NUMBER = re.compile(r"\b\d+\.\d+(?:\.\d+)*(?:\.[a-z])?(?:@\d+(?:\.\d+)*(?:-[a-z0-9]+)?)?\b")
"""A rule number a sentence cites, pinned to a release or not: "4.2.4.c", "4.2.4.c@2026.1"."""
_PARENS = re.compile(r"\(([^()]*)\)")


class Current(str):
    """A rule number in the glossary's own numbering (a decision's rule): `Citations` leaves it as it is."""


class Citations:
    """Each rule number of `CITED_RELEASE` the glossary numbers otherwise -> the number it cites
    instead ("4.2.4.e", or "4.2.4.c@2026.1" for a rule that is gone). Only numbers that changed are
    held: an empty one (falsy) changes nothing, and a run given it is not touched at all."""

    __slots__ = ("renames", "_english")

    def __init__(self, renames: Mapping[str, str] = ()) -> None:  # type: ignore[assignment]
        self.renames: dict[str, str] = {str(k): str(v) for k, v in dict(renames).items() if k != v}
        self._english: Renderer | None = None

    def __bool__(self) -> bool:
        return bool(self.renames)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Citations) and other.renames == self.renames

    def __hash__(self) -> int:
        return hash(tuple(sorted(self.renames.items())))

    def __repr__(self) -> str:
        return f"Citations({self.renames!r})"

    def rule(self, rule: str) -> str:
        """`rule` as the glossary numbers it (a `Current` as given)."""
        if rule.__class__ is Current:
            return str(rule)
        return self.renames.get(rule, rule)

    def rules(self, rules: tuple[str, ...]) -> tuple[str, ...]:
        return tuple(self.rule(r) for r in rules)

    def text(self, text: str) -> str:
        """A sentence or a template with the rule numbers it cites in parentheses mapped (engine.trace
        reads its citations there, and only there)."""
        if not self.renames or "(" not in text:
            return text
        renames = self.renames
        return _PARENS.sub(lambda group: "(" + CITED_NUMBER.sub(lambda m: renames.get(m.group(0), m.group(0)), group.group(1)) + ")",
                           text)

    def message(self, message: Message) -> Message:
        """The message with the rule numbers of its parameters mapped (Rules, and those of the clauses
        and lists it holds); itself when none changes."""
        params = message.params
        changed: dict[str, Param] = {}
        for name, value in params.items():
            mapped = self._param(value)
            if mapped is not value:
                changed[name] = mapped
        return message if not changed else Message(message.id, {**params, **changed})

    def _param(self, value: Param) -> Param:
        if value.__class__ is Rules:
            mapped = Rules(self.rule(r) for r in value)
            return value if mapped == value else mapped
        if value.__class__ is Message:
            return self.message(value)
        if value.__class__ is Items:
            items = tuple(self._param(v) for v in value)
            return value if all(a is b for a, b in zip(items, value)) else Items(items)
        return value

    def catalogue(self, catalogue: Mapping[str, str]) -> dict[str, str]:
        """A catalogue (any language's) whose sentences cite the glossary's numbers."""
        return {key: self.text(template) for key, template in catalogue.items()}

    @property
    def english(self) -> Renderer:
        """The English renderer of the mapped catalogue (engine.trace's lines' text)."""
        if self._english is None:
            self._english = Renderer(self.catalogue(ENGLISH))
        return self._english

    def data(self) -> dict[str, str]:
        """As JSON data (the sandbox's archive carries it); `Citations(data)` reads it back."""
        return dict(sorted(self.renames.items()))
