"""The words card text is written with, shared by its records, its wordings and its readers: how a
text is cleaned before it is read, the numbers it prints, and the words the sources name without
defining (Resupply, Sabotage, a lost text "...")."""

from __future__ import annotations

import re

from ..errors import UnsupportedText
from ..messages import Quote, msg
from ..limits import MAX_NUMBER, number_within_limit
from ..vocabulary import ObjectType

__all__ = ["KEYWORD_ACTIONS", "LOST", "TYPES", "number", "normalize", "pay_amount", "split_outside_quotes"]

KEYWORD_ACTIONS = ("Resupply", "Sabotage")
"""Keyword actions the sources name (Aloe Vera, Spy Craft, Kitsune, Armored Jammer) but never define."""
LOST = "..."
"""Written for an effect or a cost whose text is lost in the sources."""

TYPES = {t.value: t for t in ObjectType}
"""A type as card text writes it ("target Permanent"), by its lower-case word."""

_NUMBERS = {
    "a": 1, "an": 1, "one": 1, "two": 2, "three": 3, "four": 4, "five": 5,
    "six": 6, "seven": 7, "eight": 8, "nine": 9, "ten": 10,
}


def normalize(text: str) -> str:
    text = text.replace("\u2019", "'").replace("\u00b4", "'").replace("`", "'").replace("\u2026", LOST)
    text = text.replace("\u201c", '"').replace("\u201d", '"')
    return re.sub(r"\s+", " ", text).strip().rstrip(".") if text.strip() != LOST else LOST


def split_outside_quotes(text: str, separator: str) -> list[str]:
    """Split at `separator`, except inside double quotes (a token's quoted abilities)."""
    parts, start, quoted, i = [], 0, False, 0
    lower, sep = text.lower(), separator.lower()
    while i < len(text):
        if text[i] == '"':
            quoted = not quoted
        elif not quoted and lower.startswith(sep, i):
            parts.append(text[start:i])
            i += len(sep)
            start = i
            continue
        i += 1
    parts.append(text[start:])
    return [p.strip() for p in parts if p.strip()]


def number(word: str) -> int | None:
    """A number as printed: 2, or a word from "a" and "one" to "ten"."""
    if not word.isdecimal():
        return _NUMBERS.get(word.lower())
    if not number_within_limit(word):
        raise UnsupportedText(msg("text.number_too_large", number=Quote(word[:12] + ("..." if len(word) > 12 else "")), limit=MAX_NUMBER))
    return int(word)


def pay_amount(part: str) -> int | None:
    """N in a cost part "pay N" (a number as printed, not zero), or None: how an effect's cost and
    a quick action's cost both write a Mana payment."""
    pay = re.match(r"^pay (\w+)$", part, re.I)
    return (number(pay.group(1)) or None) if pay else None
