"""`altered-rules cards coverage`: how many cards of the pool have every ability read by the engine.

A card's abilities are its English text box and support ability, one ability per part the data
separates with two spaces (1.2.4.a: each is an ability). Each is written as the engine's card text
reader takes it (engine_form): reminder text in parentheses is not rules text (2.2.10.c), `#...#`
only marks a part printed differently, a trigger symbol or "Trigger — Effect" becomes
"trigger | Effect" (2.2.10.i), a cost symbol its word ("exhaust: ..."), a support ability takes
"support:" in front (2.2.10.d). Then engine_reads (the one adapter to the engine) says whether the
engine reads it. A card is covered when it reads every one; a card with no ability is counted
apart, never as read.
"""

from __future__ import annotations

import re
from collections import Counter
from dataclasses import dataclass, field

from .engine_reading import engine_reads
from .model import SYMBOL_CODES, SYMBOL_PATTERN, SymbolKind, CardPool, PoolCard

__all__ = ["abilities", "engine_form", "Coverage", "card_coverage", "pool_coverage", "phrasing"]

_SEPARATOR = re.compile(r"\s{2,}|\n+")
_REMINDER = re.compile(r"\s*\([^()]*\)")
_DASH = re.compile(r"\s+[—–]\s+")


def abilities(text: str) -> list[str]:
    """The abilities of a text box as the data writes it (two spaces between abilities); the
    options of a "Choose one:" ability (each after a bullet) belong to it."""
    found: list[str] = []
    for part in _SEPARATOR.split(text.replace("\u00a0", " ").replace("\u202f", " ")):
        part = part.strip()
        if not part:
            continue
        if part.startswith("•") and found:
            found[-1] += " " + part
        else:
            found.append(part)
    return found


def _symbol(match: re.Match[str]) -> str:
    known = SYMBOL_CODES.get(match.group(1))
    return known.engine if known is not None else match.group(0)


def engine_form(ability: str, *, support: bool = False) -> str:
    """One ability of the data's text, written as the engine's card text reader takes it."""
    text = _REMINDER.sub("", ability.replace("#", "")).strip()
    text = re.sub(r"\[\[([^\[\]]+)\]\]", r"\1", text)
    text = text.replace("[]", "")    # the data's empty marker after a word ("I gain 1 boost[]."): no text
    text = re.sub(r"\[([^\[\]]+)\]", r"\1", text)
    if re.match(r"^\{I\}", text):
        support = True   # a support ability that works while in Reserve: the engine reads it as one
        text = text[3:].strip()
    lead = re.match(r"^\{([A-Za-z])\}\s*(.*)$", text)
    if lead and lead.group(1) in SYMBOL_CODES and SYMBOL_CODES[lead.group(1)].kind is SymbolKind.TRIGGER:
        text = f"{SYMBOL_CODES[lead.group(1)].engine} | {lead.group(2)}"
    else:
        parts = _DASH.split(text, maxsplit=1)
        if len(parts) == 2 and not re.match(r"^\{[TD]\}", text):
            text = f"{parts[0]} | {parts[1]}"
    text = re.sub(r"\s*:\s+", ": ", text)
    text = SYMBOL_PATTERN.sub(_symbol, text)
    text = " ".join(text.split()).rstrip(".")
    return f"support: {text}" if support else text


def phrasing(text: str) -> str:
    """An unread ability with its numbers and bracketed names generalised, to count alike ones together."""
    out = re.sub(r"\d+", "N", text)
    return out


@dataclass
class Coverage:
    """Counts over a pool (or one set or faction of it)."""

    cards: int = 0
    read: int = 0          # cards whose every ability the engine reads
    no_text: int = 0       # cards with no ability at all
    abilities: int = 0
    abilities_read: int = 0

    def add(self, other: "Coverage") -> None:
        self.cards += other.cards
        self.read += other.read
        self.no_text += other.no_text
        self.abilities += other.abilities
        self.abilities_read += other.abilities_read

    @property
    def with_text(self) -> int:
        return self.cards - self.no_text

    def share(self) -> str:
        return f"{self.read / self.with_text:.1%}" if self.with_text else "-"


@dataclass
class PoolCoverage:
    total: Coverage = field(default_factory=Coverage)
    by_set: dict[str, Coverage] = field(default_factory=dict)
    by_faction: dict[str, Coverage] = field(default_factory=dict)
    unread: Counter[str] = field(default_factory=Counter)
    examples: dict[str, str] = field(default_factory=dict)   # phrasing -> one card code showing it


def card_coverage(card: PoolCard) -> tuple[Coverage, list[str]]:
    """The card's counts, and its abilities the engine does not read (in the engine's form)."""
    found = Coverage(cards=1)
    unread: list[str] = []
    spell = card.deck_type == "spell"
    parts = [(a, False) for a in abilities(card.texts.get("main", {}).get("en", ""))]
    parts += [(a, True) for a in abilities(card.texts.get("echo", {}).get("en", ""))]
    # Reminder text alone (a token's "(If I leave the Expedition zone, ...)") is no ability (2.2.10.c).
    forms = [(form, support) for form, support in ((engine_form(a, support=s), s) for a, s in parts)
             if form.removeprefix("support:").strip()]
    if not forms:
        found.no_text = 1
        return found, unread
    for form, support in forms:
        found.abilities += 1
        if engine_reads(form, spell=spell and not support):
            found.abilities_read += 1
        else:
            unread.append(form)
    found.read = int(not unread)
    return found, unread


def pool_coverage(pool: CardPool) -> PoolCoverage:
    result = PoolCoverage()
    for card in pool.cards.values():
        counts, unread = card_coverage(card)
        result.total.add(counts)
        result.by_set.setdefault(card.set_code, Coverage()).add(counts)
        result.by_faction.setdefault(card.faction_code, Coverage()).add(counts)
        for form in unread:
            key = phrasing(form)
            result.unread[key] += 1
            result.examples.setdefault(key, card.reference)
    return result
