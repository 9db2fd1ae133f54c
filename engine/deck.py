"""Deck legality: 1.1.4 (constructed; the Standard and Multiplayer pages state the same rules)
and the Sealed and Booster Draft pages.

Every rule a deck breaks is reported: by rule number where the rule has one (1.1.4.b-g),
otherwise by a stable id for the game-mode rule (`sealed.min-cards`, ...; see DECK_RULES).
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field

from .messages import Card, Items, Message, Term, msg
from .trace import Trace
from .vocabulary import DeckFormat, Faction, Rarity

__all__ = ["DeckCard", "DeckReport", "DECK_RULES", "check_deck", "requires_said"]


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
    why: dict[str, Message] = field(default_factory=dict)
    """For each rule broken, why (the message its trace line gives)."""

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


def requires_said(rule: str) -> Message:
    """What a deck rule of DECK_RULES requires, as a message ("deck.requires.1.1.4.b",
    "deck.requires.min-cards"): the same words as DECK_RULES, in each catalogue."""
    return msg("deck.requires." + (rule if rule.startswith("1.") else rule.split(".", 1)[1]))


def _faction(faction: Faction | None) -> Message:
    return msg("deck.faction", faction=Term(faction.value)) if faction else msg("deck.no_faction")


def check_deck(cards: list[DeckCard], deck_format: DeckFormat) -> DeckReport:
    report = DeckReport(deck_format)
    trace = report.trace
    # Tokens start outside the deck and never count (Standard, Sealed and Draft pages).
    tokens = sum(c.count for c in cards if c.type == "token")
    real = [c for c in cards if c.type != "token"]
    if tokens:
        trace.add(msg("deck.tokens", n=tokens))
    for card in cards:
        if card.printed_name:
            trace.add(msg("deck.printing", printed=Card(card.printed_name), card=Card(card.name)), "2.2.3.c")
        if card.type in ("hero", "token") and card.rarity is not None:
            trace.add(msg("deck.no_rarity", card=Card(card.name), type=Term(card.type)), "2.2.4.c")
    heroes = [c for c in real for _ in range(c.count) if c.type == "hero"]
    others = [c for c in real for _ in range(c.count) if c.type != "hero"]

    def broken(rule: str, why: Message) -> None:
        report.violations.append(rule)
        report.why.setdefault(rule, why)
        trace.add(msg("deck.broken", why=why), rule)

    def kept(rule: str, why: Message) -> None:
        trace.add(msg("deck.kept", why=why), rule)

    if deck_format in (DeckFormat.STANDARD, DeckFormat.CONSTRUCTED, DeckFormat.MULTIPLAYER):
        if deck_format is not DeckFormat.CONSTRUCTED:
            trace.add(msg("deck.constructed", format=Term(deck_format.value)))
        (broken if len(heroes) != 1 else kept)("1.1.4.b", msg("deck.heroes_exactly", n=len(heroes)))
        (broken if len(others) < 39 else kept)("1.1.4.c", msg("deck.others", n=len(others)))
        if heroes:
            faction = heroes[0].faction
            off = sorted({c.name for c in real if c.faction is not faction})
            if off:
                broken("1.1.4.d", msg("deck.off_faction", faction=_faction(faction), cards=Items(tuple(Card(n) for n in off))))
            else:
                kept("1.1.4.d", msg("deck.same_faction", faction=_faction(faction)))
        else:
            trace.add(msg("deck.no_hero_faction"), "1.1.4.d")
        names = Counter(c.name for c in heroes + others)
        over = sorted(name for name, n in names.items() if n > 3)
        if over:
            broken("1.1.4.e", msg("deck.names_over", cards=Items(tuple(msg("deck.name_count", card=Card(n), n=names[n]) for n in over))))
        else:
            kept("1.1.4.e", msg("deck.names_within"))
        rares = sum(1 for c in others if c.rarity is Rarity.RARE)
        uniques = sum(1 for c in others if c.rarity is Rarity.UNIQUE)
        (broken if rares > 15 else kept)("1.1.4.f", msg("deck.rares", n=rares))
        (broken if uniques > 3 else kept)("1.1.4.g", msg("deck.uniques", n=uniques))
        return report

    mode = deck_format.value
    trace.add(msg("deck.sealed" if deck_format is DeckFormat.SEALED else "deck.draft"))
    total = len(heroes) + len(others)
    (broken if total < 30 else kept)(f"{mode}.min-cards", msg("deck.total", n=total))
    (broken if len(heroes) > 1 else kept)(f"{mode}.max-heroes", msg("deck.heroes_one", n=len(heroes)))
    factions = {c.faction for c in others if c.faction is not None}
    listed = Items(tuple(Term(f.value) for f in sorted(factions, key=lambda f: f.value)))
    (broken if len(factions) > 3 else kept)(f"{mode}.max-factions", msg("deck.factions", n=len(factions), factions=listed))
    for hero in heroes:
        if hero.faction not in factions:
            broken(f"{mode}.hero-faction", msg("deck.hero_off", card=Card(hero.name), faction=_faction(hero.faction), factions=listed))
            break
    else:
        if heroes:
            kept(f"{mode}.hero-faction", msg("deck.hero_in"))
    return report
