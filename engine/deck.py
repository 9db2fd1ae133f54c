"""Deck legality: 1.1.4 (constructed; the Standard and Multiplayer pages state the same rules)
and the Sealed and Booster Draft pages.

Every rule a deck breaks is reported: by rule number where the rule has one (1.1.4.b-g),
otherwise by a stable id for the game-mode rule (`sealed.min-cards`, ...; see DECK_RULES).
"""

from __future__ import annotations

from dataclasses import dataclass, field

from .messages import Card, Items, Message, Term, msg
from .trace import Trace
from .vocabulary import DeckFormat, Faction, Rarity

__all__ = ["DeckCard", "DeckReport", "DeckLimits", "DECK_LIMITS", "DECK_RULES", "check_deck", "requires_said"]


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


@dataclass(frozen=True)
class DeckLimits:
    """A format's numbers, named as the glossary's game modes name them in their deck rules'
    `check:` data (glossary/modes/*.yaml; tests/glossary/test_deck_rules.py compares the two)."""

    min_cards: int
    """Cards at least: besides the Hero (constructed, `counting: non-hero`), or the Hero included
    (limited, `counting: all`); tokens never count."""
    heroes_exactly: int | None = None
    heroes_at_most: int | None = None
    max_copies_per_name: int | None = None
    max_rare: int | None = None
    max_unique: int | None = None
    max_factions: int | None = None


_CONSTRUCTED = DeckLimits(min_cards=39, heroes_exactly=1, max_copies_per_name=3, max_rare=15, max_unique=3)  # 1.1.4.b-g
_LIMITED = DeckLimits(min_cards=30, heroes_at_most=1, max_factions=3)   # the Sealed and Booster Draft pages
DECK_LIMITS: dict[DeckFormat, DeckLimits] = {
    DeckFormat.STANDARD: _CONSTRUCTED,
    DeckFormat.CONSTRUCTED: _CONSTRUCTED,
    DeckFormat.MULTIPLAYER: _CONSTRUCTED,
    DeckFormat.SEALED: _LIMITED,
    DeckFormat.DRAFT: _LIMITED,
}
"""Each format's numbers, once in the engine: its checks and its rules' descriptions read them."""

_NUMBER_WORDS = {1: "one", 2: "two", 3: "three", 4: "four", 5: "five"}


def _constructed_rules(limits: DeckLimits) -> dict[str, str]:
    return {
        "1.1.4.b": f"exactly {limits.heroes_exactly} Hero",
        "1.1.4.c": f"at least {limits.min_cards} other cards (tokens do not count)",
        "1.1.4.d": "only cards of the same faction as its Hero",
        "1.1.4.e": f"at most {limits.max_copies_per_name} cards with the same name, whatever their rarity",
        "1.1.4.f": f"at most {limits.max_rare} rare cards",
        "1.1.4.g": f"at most {limits.max_unique} unique cards",
    }


def _limited_rules(mode: str, limits: DeckLimits) -> dict[str, str]:
    return {
        f"{mode}.min-cards": f"at least {limits.min_cards} cards, a Hero counting toward them, tokens not",
        f"{mode}.max-heroes": f"at most {_NUMBER_WORDS.get(limits.heroes_at_most, limits.heroes_at_most)} Hero card",
        f"{mode}.max-factions": f"cards from at most {_NUMBER_WORDS.get(limits.max_factions, limits.max_factions)} factions",
        f"{mode}.hero-faction": "the Hero belongs to one of the factions of the deck",
    }


DECK_RULES: dict[DeckFormat, dict[str, str]] = {
    deck_format: (_limited_rules(deck_format.value, limits) if deck_format in (DeckFormat.SEALED, DeckFormat.DRAFT)
                  else _constructed_rules(limits))
    for deck_format, limits in DECK_LIMITS.items()
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
    limits = DECK_LIMITS[deck_format]
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
    heroes = [c for c in real if c.type == "hero" for _ in range(c.count)]
    # The other cards are counted, not listed copy by copy: a deck holds dozens of copies.
    others = [c for c in real if c.type != "hero" and c.count > 0]
    other_count = sum(c.count for c in others)

    def broken(rule: str, why: Message) -> None:
        report.violations.append(rule)
        report.why.setdefault(rule, why)
        trace.add(msg("deck.broken", why=why), rule)

    def kept(rule: str, why: Message) -> None:
        trace.add(msg("deck.kept", why=why), rule)

    if deck_format in (DeckFormat.STANDARD, DeckFormat.CONSTRUCTED, DeckFormat.MULTIPLAYER):
        if deck_format is not DeckFormat.CONSTRUCTED:
            trace.add(msg("deck.constructed", format=Term(deck_format.value)))
        (broken if len(heroes) != limits.heroes_exactly else kept)(
            "1.1.4.b", msg("deck.heroes_exactly", n=len(heroes), limit=limits.heroes_exactly))
        (broken if other_count < limits.min_cards else kept)("1.1.4.c", msg("deck.others", n=other_count, limit=limits.min_cards))
        if heroes:
            faction = heroes[0].faction
            off = sorted({c.name for c in real if c.faction is not faction})
            if off:
                broken("1.1.4.d", msg("deck.off_faction", faction=_faction(faction), cards=Items(tuple(Card(n) for n in off))))
            else:
                kept("1.1.4.d", msg("deck.same_faction", faction=_faction(faction)))
        else:
            trace.add(msg("deck.no_hero_faction"), "1.1.4.d")
        names: dict[str, int] = {}
        for card in heroes:
            names[card.name] = names.get(card.name, 0) + 1
        for card in others:
            names[card.name] = names.get(card.name, 0) + card.count
        copies = limits.max_copies_per_name
        over = sorted(name for name, n in names.items() if n > copies)
        if over:
            broken("1.1.4.e", msg("deck.names_over", limit=copies,
                                  cards=Items(tuple(msg("deck.name_count", card=Card(n), n=names[n]) for n in over))))
        else:
            kept("1.1.4.e", msg("deck.names_within", limit=copies))
        rares = sum(c.count for c in others if c.rarity is Rarity.RARE)
        uniques = sum(c.count for c in others if c.rarity is Rarity.UNIQUE)
        (broken if rares > limits.max_rare else kept)("1.1.4.f", msg("deck.rares", n=rares, limit=limits.max_rare))
        (broken if uniques > limits.max_unique else kept)("1.1.4.g", msg("deck.uniques", n=uniques, limit=limits.max_unique))
        return report

    mode = deck_format.value
    trace.add(msg("deck.sealed" if deck_format is DeckFormat.SEALED else "deck.draft"))
    total = len(heroes) + other_count
    (broken if total < limits.min_cards else kept)(f"{mode}.min-cards", msg("deck.total", n=total, limit=limits.min_cards))
    (broken if len(heroes) > limits.heroes_at_most else kept)(
        f"{mode}.max-heroes", msg("deck.heroes_one", n=len(heroes), limit=limits.heroes_at_most))
    factions = {c.faction for c in others if c.faction is not None}
    listed = Items(tuple(Term(f.value) for f in sorted(factions, key=lambda f: f.value)))
    (broken if len(factions) > limits.max_factions else kept)(
        f"{mode}.max-factions", msg("deck.factions", n=len(factions), factions=listed, limit=limits.max_factions))
    for hero in heroes:
        if hero.faction not in factions:
            broken(f"{mode}.hero-faction", msg("deck.hero_off", card=Card(hero.name), faction=_faction(hero.faction), factions=listed))
            break
    else:
        if heroes:
            kept(f"{mode}.hero-faction", msg("deck.hero_in"))
    return report
