"""A decklist as people paste it, read against the card pool, and checked.

A line is a count and a card: `1 ALT_CORE_B_AX_01_C` (the official export), `3 Rocket Puffin`,
`3x Macareux à Roquettes`, `Rocket Puffin x3`; the card by its code or by its name in any of the
five languages (case and accents ignored). A blank line, or one starting with `#` or `//`, is a
comment. Every other line the reader cannot tie to exactly one card is listed with why, never
skipped: a deck with an unread line gets no verdict of legality, only the rules its read lines
already break.

A unique card's code the pool does not hold (the data lists few of the many uniques) is read off
the code and its family's card: the name and type of ALT_CORE_B_YZ_10, the faction of the code,
the unique rarity; the report says so.

A name printed on several cards that differ in what the deck rules read (the common and the rare
of one card: rarity; a rare printed in another faction: faction) is not guessed: the line is
listed with the codes to paste instead.

Suspension is the publisher's (the data's `isSuspended`), not a rule of the Complete Rules: a
suspended card is not allowed in Standard organised play (SUSPENSION_APPLIES); in the other
formats it is flagged, not counted against the deck.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field, replace

from engine.deck import DeckCard, DeckLimits, DeckReport, check_deck
from engine.limits import MAX_NUMBER
from engine.vocabulary import DeckFormat

from .model import RARITY_CODES, CardPool, PoolCard, fold

__all__ = ["DeckLine", "Unread", "PastedDeck", "PoolDeckReport", "SUSPENSION_APPLIES", "read_decklist",
           "check_pasted_deck", "MAX_DECKLIST_LINES", "MAX_DECKLIST_BYTES", "UNREAD_CODES"]

SUSPENSION_APPLIES: frozenset[DeckFormat] = frozenset({DeckFormat.STANDARD})
"""The formats the publisher's suspensions apply to (its organised play's Standard)."""

MAX_DECKLIST_LINES = 1_000
"""Lines of one pasted decklist: a deck has a few dozen."""
MAX_DECKLIST_BYTES = 200_000
"""Bytes of one decklist file (`deck check FILE`)."""

UNREAD_CODES = ("too_many_lines", "not_counted", "count", "no_code", "no_name", "ambiguous", "unknown_type", "unknown_rarity")
"""Why a line is not read, as the sandbox says it in its page's language (strings: sandbox_unread_<code>)."""

_COUNT_FIRST = re.compile(r"^(\d{1,4})\s*[xX×]?\s+(\S.*?)$")
_COUNT_LAST = re.compile(r"^(\S.*?)\s+[xX×](\d{1,4})$")
_CODE = re.compile(r"^[A-Za-z0-9]+(?:_[A-Za-z0-9]+){3,}$")


@dataclass(frozen=True)
class DeckLine:
    line: int
    text: str
    count: int
    card: PoolCard
    by_name: bool        # named, not given by its code
    given: str           # the code or name as pasted

    @property
    def read_off_code(self) -> bool:
        """A unique the pool does not hold, read off its code and its family's card (_unique)."""
        return self.card.sources == ("(read off its code)",)


@dataclass(frozen=True)
class Unread:
    line: int
    text: str
    why: str            # in English (the command line's)
    code: str = ""      # why, as a key the sandbox says in its page's language (sandbox_unread_<code>)
    params: dict[str, str] = field(default_factory=dict)   # the values `why` names


@dataclass
class PastedDeck:
    cards: list[DeckLine] = field(default_factory=list)
    unread: list[Unread] = field(default_factory=list)


def _differs(cards: list[PoolCard]) -> bool:
    return len({(c.deck_type, c.faction, c.rarity_code, c.name) for c in cards}) > 1


def _describe(card: PoolCard) -> str:
    faction = card.faction.value if card.faction else "neutral"
    return f"{card.reference} ({card.rarity_code.lower()}, {faction})"


_UNIQUE_CODE = re.compile(r"^(?P<family>[A-Z0-9]+_[A-Z0-9]+_[A-Z0-9]+_[A-Z]{2}_[0-9]+)_U_[0-9]+$")


def _unique(pool: CardPool, code: str) -> PoolCard | None:
    """A unique card the pool does not hold (the data lists few of the many uniques), read off its
    code: a unique is a variant of its family's card (ALT_CORE_B_YZ_10_U_2381 of ALT_CORE_B_YZ_10),
    with its name and type, the faction of its code and the unique rarity. Its statistics and text
    are its own, and unknown: the deck rules read none of them."""
    match = _UNIQUE_CODE.match(code)
    if match is None:
        return None
    family = sorted((c for c in pool.cards.values() if c.family == match.group("family")), key=lambda c: c.reference)
    if not family:
        return None
    base = family[0]
    return replace(base, reference=code, rarity_code="UNIQUE", texts={}, rulings=(), suspended=False, errated=False,
                   banned=False, forest=None, mountain=None, water=None, sources=("(read off its code)",))


def _card(pool: CardPool, what: str) -> tuple[PoolCard | None, bool, str, str, dict[str, str]]:
    """The one card `what` names (by code, else by name); else None and why (in English, and as a
    code with its values)."""
    if _CODE.match(what):
        card = pool.cards.get(what.upper()) or next((c for c in pool.cards.values() if c.reference.casefold() == what.casefold()), None)
        if card is not None:
            return card, False, "", "", {}
        card = _unique(pool, what.upper())
        if card is not None:
            return card, False, "", "", {}
        return (None, False, f"no card of the pool ({len(pool.cards):,} cards) has the code {what}", "no_code",
                {"cards": str(len(pool.cards)), "code": what})
    named = pool.by_name(what)
    if not named:
        return (None, True, "no card of the pool is named so, in any of its languages (give its code, e.g. ALT_CORE_B_AX_04_C)",
                "no_name", {})
    if _differs(named):
        codes = ", ".join(_describe(c) for c in sorted(named, key=lambda c: c.reference))
        return (None, True, f"the name is printed on cards that differ in rarity or faction: {codes}; paste the code of the one in the deck",
                "ambiguous", {"codes": codes})
    return sorted(named, key=lambda c: c.reference)[0], True, "", "", {}


def read_decklist(text: str, pool: CardPool) -> PastedDeck:
    deck = PastedDeck()
    lines = text.splitlines()
    if len(lines) > MAX_DECKLIST_LINES:
        deck.unread.append(Unread(MAX_DECKLIST_LINES + 1, lines[MAX_DECKLIST_LINES],
                                  f"more than {MAX_DECKLIST_LINES:,} lines (the limit): this line and those after it are not read",
                                  "too_many_lines", {"limit": str(MAX_DECKLIST_LINES)}))
        lines = lines[:MAX_DECKLIST_LINES]
    for number, raw in enumerate(lines, 1):
        line = " ".join(raw.split())
        if not line or line.startswith(("#", "//")):
            continue
        match = _COUNT_FIRST.match(line)
        count_text, what = (match.group(1), match.group(2)) if match else (None, None)
        if match is None:
            last = _COUNT_LAST.match(line)
            if last:
                what, count_text = last.group(1), last.group(2)
        if count_text is None or what is None:
            deck.unread.append(Unread(number, raw, "not a count and a card (write `3 ALT_CORE_B_AX_04_C` or `3 Card name`)",
                                      "not_counted"))
            continue
        count = int(count_text)
        if not 1 <= count <= MAX_NUMBER:
            deck.unread.append(Unread(number, raw, f"the count {count} is not between 1 and {MAX_NUMBER:,}", "count",
                                      {"count": str(count), "limit": str(MAX_NUMBER)}))
            continue
        card, by_name, why, code, params = _card(pool, what)
        if card is None:
            deck.unread.append(Unread(number, raw, why, code, params))
        elif card.deck_type is None:
            deck.unread.append(Unread(number, raw, f"{card.reference} has the card type {card.type_code!r}, "
                                                   "which the deck check does not know",
                                      "unknown_type", {"code": card.reference, "type": card.type_code}))
        elif card.rarity_code not in RARITY_CODES:
            deck.unread.append(Unread(number, raw, f"{card.reference} has the rarity {card.rarity_code!r}, "
                                                   "which the deck check does not know",
                                      "unknown_rarity", {"code": card.reference, "rarity": card.rarity_code}))
        else:
            deck.cards.append(DeckLine(number, raw, count, card, by_name, what))
    return deck


@dataclass
class PoolDeckReport:
    """The engine's report on the lines read, with what the card data adds."""

    deck: PastedDeck
    report: DeckReport
    suspended: list[DeckLine]                       # suspended cards in the deck
    suspension_applies: bool                        # whether the format's decks may not hold them
    unranked: list[DeckLine]                        # cards of a rarity the deck rules do not name (Exalted)

    @property
    def legal(self) -> bool | None:
        """Legal, not legal, or None: undecided while a line is unread (it might hold any card)."""
        if not self.report.legal or (self.suspended and self.suspension_applies):
            return False
        if self.deck.unread or self.unranked:
            return None
        return True


def check_pasted_deck(deck: PastedDeck, deck_format: DeckFormat, limits: DeckLimits) -> PoolDeckReport:
    cards: list[DeckCard] = []
    for line in deck.cards:
        card = line.card
        english = card.name
        # A card named in another language keeps its English name (2.2.3.c); the trace says which printing.
        printed = next((n for n in card.names.values() if fold(n) == fold(line.given) and n != english),
                       None) if line.by_name else None
        cards.append(DeckCard(english, card.deck_type or "character", card.faction, card.rarity, line.count, printed))
    report = check_deck(cards, deck_format, limits)
    suspended = [line for line in deck.cards if line.card.suspended]
    unranked = [line for line in deck.cards if line.card.rarity is None and line.card.deck_type not in ("hero", "token")]
    return PoolDeckReport(deck, report, suspended, deck_format in SUSPENSION_APPLIES, unranked)
