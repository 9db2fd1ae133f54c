"""Deck legality: 1.1.4 (constructed; the Standard and Multiplayer pages state the same rules)
and the Sealed and Booster Draft pages.

Every rule a deck breaks is reported: by rule number where the rule has one (1.1.4.b-g),
otherwise by a stable id for the game-mode rule (`sealed.min-cards`, ...; see DECK_RULES).
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field

from .trace import Trace
from .vocabulary import DeckFormat, Faction, Rarity

__all__ = ["DeckCard", "DeckReport", "DECK_RULES", "check_deck"]


@dataclass(frozen=True)
class DeckCard:
    name: str
    type: str = "character"
    """hero, character, spell, permanent or token."""
    faction: Faction | None = None
    rarity: Rarity | None = None
    """None for heroes and tokens (2.2.4.c); common otherwise unless given."""
    count: int = 1
    printed_name: str | None = None
    """The name printed on a card in another language; its name is still the English `name` (2.2.3.c)."""


@dataclass
class DeckReport:
    format: DeckFormat
    violations: list[str] = field(default_factory=list)
    trace: Trace = field(default_factory=Trace)

    @property
    def legal(self) -> bool:
        return not self.violations


CONSTRUCTED_RULES = {
    "1.1.4.b": "exactly 1 Hero",
    "1.1.4.c": "at least 39 other cards (tokens do not count)",
    "1.1.4.d": "only cards of the same faction as its Hero",
    "1.1.4.e": "at most 3 cards with the same name, whatever their rarity",
    "1.1.4.f": "at most 15 rare cards",
    "1.1.4.g": "at most 3 unique cards",
}


def _limited_rules(mode: str) -> dict[str, str]:
    return {
        f"{mode}.min-cards": "at least 30 cards, a Hero counting toward them, tokens not",
        f"{mode}.max-heroes": "at most one Hero card",
        f"{mode}.max-factions": "cards from at most three factions",
        f"{mode}.hero-faction": "the Hero belongs to one of the factions of the deck",
    }


DECK_RULES: dict[DeckFormat, dict[str, str]] = {
    DeckFormat.STANDARD: CONSTRUCTED_RULES,
    DeckFormat.CONSTRUCTED: CONSTRUCTED_RULES,
    DeckFormat.MULTIPLAYER: CONSTRUCTED_RULES,
    DeckFormat.SEALED: _limited_rules("sealed"),
    DeckFormat.DRAFT: _limited_rules("draft"),
}
"""Every rule checked, by format: id -> what it requires."""


def check_deck(cards: list[DeckCard], deck_format: DeckFormat) -> DeckReport:
    report = DeckReport(deck_format)
    trace = report.trace
    # Tokens start outside the deck and never count (Standard, Sealed and Draft pages).
    tokens = sum(c.count for c in cards if c.type == "token")
    real = [c for c in cards if c.type != "token"]
    if tokens:
        trace.add(f"{tokens} token card(s) start outside the deck and are not counted")
    for card in cards:
        if card.printed_name:
            trace.add(f"{card.printed_name} is a printing of {card.name}: its name is {card.name}, its English name", "2.2.3.c")
        if card.type in ("hero", "token") and card.rarity is not None:
            trace.add(f"{card.name} is a {card.type}: it has no rarity, so the rarity given is not counted", "2.2.4.c")
    heroes = [c for c in real for _ in range(c.count) if c.type == "hero"]
    others = [c for c in real for _ in range(c.count) if c.type != "hero"]

    def broken(rule: str, why: str) -> None:
        report.violations.append(rule)
        trace.add(f"Broken: {why}", rule)

    def kept(rule: str, why: str) -> None:
        trace.add(f"Kept: {why}", rule)

    if deck_format in (DeckFormat.STANDARD, DeckFormat.CONSTRUCTED, DeckFormat.MULTIPLAYER):
        if deck_format is not DeckFormat.CONSTRUCTED:
            trace.add(f"The {deck_format.value} deck rules are those of constructed play (1.1.4)")
        (broken if len(heroes) != 1 else kept)("1.1.4.b", f"{len(heroes)} Hero card(s); exactly 1 is required")
        (broken if len(others) < 39 else kept)("1.1.4.c", f"{len(others)} other cards; at least 39 are required")
        if heroes:
            faction = heroes[0].faction
            off = sorted({c.name for c in real if c.faction is not faction})
            label = faction.value if faction else "no faction"
            if off:
                broken("1.1.4.d", f"not of the Hero's faction ({label}): {', '.join(off)}")
            else:
                kept("1.1.4.d", f"every card is of the Hero's faction ({label})")
        else:
            trace.add("Without a Hero, the faction rule has no Hero to compare with", "1.1.4.d")
        names = Counter(c.name for c in heroes + others)
        over = sorted(name for name, n in names.items() if n > 3)
        if over:
            broken("1.1.4.e", "more than 3 cards named " + ", ".join(f"{n} ({names[n]})" for n in over))
        else:
            kept("1.1.4.e", "no name appears more than 3 times")
        rares = sum(1 for c in others if c.rarity is Rarity.RARE)
        uniques = sum(1 for c in others if c.rarity is Rarity.UNIQUE)
        (broken if rares > 15 else kept)("1.1.4.f", f"{rares} rare card(s); at most 15")
        (broken if uniques > 3 else kept)("1.1.4.g", f"{uniques} unique card(s); at most 3")
        return report

    mode = deck_format.value
    page = "Sealed Format" if deck_format is DeckFormat.SEALED else "Booster Draft"
    trace.add(f"The {page} page's deck rules apply; there is no limit on names, rare or unique cards")
    total = len(heroes) + len(others)
    (broken if total < 30 else kept)(f"{mode}.min-cards", f"{total} cards counting the Hero; at least 30")
    (broken if len(heroes) > 1 else kept)(f"{mode}.max-heroes", f"{len(heroes)} Hero card(s); a deck may include one")
    factions = {c.faction for c in others if c.faction is not None}
    listed = ", ".join(sorted(f.value for f in factions)) or "none"
    (broken if len(factions) > 3 else kept)(f"{mode}.max-factions", f"{len(factions)} faction(s) ({listed}); up to three")
    for hero in heroes:
        if hero.faction not in factions:
            broken(f"{mode}.hero-faction", f"the Hero {hero.name} ({hero.faction.value if hero.faction else 'no faction'}) is not of the deck's factions ({listed})")
            break
    else:
        if heroes:
            kept(f"{mode}.hero-faction", "the Hero is of one of the deck's factions")
    return report
