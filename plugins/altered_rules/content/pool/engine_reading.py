"""The one place the card pool asks the engine whether it reads an ability.

`engine_reads` is the adapter: it calls the engine's public card-text readers in the order a
scenario's `textbox:` reads a line (engine/scenario/reader_given.py, 1.2.4.a-b, 2.2.10.d-i).
When the engine's card-text reading moves (engine/cardtext/, issue 42), only this function
changes.
"""

from __future__ import annotations

from typing import Callable
import re

import engine
from engine.vocabulary import Keyword

__all__ = ["engine_reads"]

_KEYWORD_WORDS = frozenset(k.value for k in Keyword)


def engine_reads(line: str, *, spell: bool = False) -> bool:
    """Whether the engine reads (and so can run) one ability, written as its card text reader
    takes it ("etb | Draw a card", "support: discard: ...", a Spell's effect)."""
    text = line.strip()
    if not text:
        return True
    try:
        if text.lower().startswith("support:"):
            engine.parse_activated(text)
            return True
        words = [w.strip().lower() for w in re.split(r"[,\s]+", text) if w.strip()]
        if words and all(w in _KEYWORD_WORDS for w in words):
            return True
    except engine.UnsupportedText:
        return False
    readers: list[Callable[[str], object]] = [engine.parse_reaction, engine.parse_passive]
    if ":" in text:
        readers.append(engine.parse_activated)
    if spell:
        readers.append(engine.parse_effect)
    for read in readers:
        try:
            read(text)
            return True
        except (engine.UnsupportedText, engine.ScenarioError):
            continue
    return False
