"""Deck legality: 1.1.4 (constructed; the Standard and Multiplayer pages state the same rules)
and the Sealed and Booster Draft pages.

Every rule a deck breaks is reported: by rule number where the rule has one (1.1.4.b-g),
otherwise by a stable id for the game-mode rule (`sealed.min-cards`, ...; see DECK_RULE_IDS).

The numbers (how many cards at least, rares at most...) are not here: they live once, in the
glossary's game modes (their deck rules' `check:` data), and whoever checks a deck gives them as
`DeckLimits`.
"""

from __future__ import annotations

from dataclasses import dataclass, field, fields
from typing import Mapping

from .catalogue import ENGLISH_RENDERER
from .messages import Card, Items, Message, Term, msg
from .trace import Trace
from .vocabulary import DeckFormat, Faction, Rarity

__all__ = ["DeckCard", "DeckReport", "DeckLimits", "DeckLimitsByFormat", "CONSTRUCTED_PLAY", "DECK_RULE_IDS", "check_deck",
           "check_limits", "deck_limits_data", "deck_rules", "hero_counts", "limits_checked", "read_deck_limits", "requires_said"]


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
    `check:` data (glossary/modes/*.yaml). The engine holds none of them: whoever checks a deck
    gives them (the plugin builds them from the glossary, the sandbox reads them from its archive)."""

    min_cards: int
    """Cards at least: besides the Hero (constructed, `counting: non-hero`), or the Hero included
    (limited, `counting: all`); tokens never count."""
    heroes_exactly: int | None = None
    heroes_at_most: int | None = None
    max_copies_per_name: int | None = None
    max_rare: int | None = None
    max_unique: int | None = None
    max_factions: int | None = None


DeckLimitsByFormat = Mapping[DeckFormat, DeckLimits]
"""Each format's limits, as a deck check is given them."""

CONSTRUCTED_PLAY: tuple[DeckFormat, ...] = (DeckFormat.STANDARD, DeckFormat.CONSTRUCTED, DeckFormat.MULTIPLAYER)
"""The formats whose deck rules are those of constructed play (1.1.4; the Standard and Multiplayer
pages restate them): they share one set of limits. The others (Sealed, Draft) each have their page's."""


def hero_counts(deck_format: DeckFormat) -> bool:
    """Whether the Hero counts toward `min_cards` (the glossary's `counting: all`), or not
    (`counting: non-hero`, 1.1.4.c: "other cards", besides the Hero)."""
    return deck_format not in CONSTRUCTED_PLAY


def check_limits(deck_format: DeckFormat, limits: DeckLimits) -> None:
    """Raise ValueError unless `limits` gives every number the format's checks read."""
    missing = [name for name in limits_checked(deck_format) if not isinstance(getattr(limits, name), int)]
    if missing:
        raise ValueError(f"the {deck_format.value} deck limits lack {', '.join(missing)}; "
                         f"its checks read {', '.join(limits_checked(deck_format))}")


def _checked(limit: int | None) -> int:
    """A number check_limits found given (a format's checks read only those)."""
    assert limit is not None, "check_limits runs first"
    return limit


_CONSTRUCTED_RULES = ("1.1.4.b", "1.1.4.c", "1.1.4.d", "1.1.4.e", "1.1.4.f", "1.1.4.g")
_LIMITED_RULES = ("min-cards", "max-heroes", "max-factions", "hero-faction")   # after "<format>."
DECK_RULE_IDS: dict[DeckFormat, tuple[str, ...]] = {
    deck_format: (_CONSTRUCTED_RULES if deck_format in CONSTRUCTED_PLAY
                  else tuple(f"{deck_format.value}.{rule}" for rule in _LIMITED_RULES))
    for deck_format in DeckFormat
}
"""Every rule checked, by format: by rule number where the rule has one, else `<format>.<what>`."""

# The number each rule's requirement names (the others name none).
_RULE_LIMIT = {"1.1.4.b": "heroes_exactly", "1.1.4.c": "min_cards", "1.1.4.e": "max_copies_per_name",
               "1.1.4.f": "max_rare", "1.1.4.g": "max_unique",
               "min-cards": "min_cards", "max-heroes": "heroes_at_most", "max-factions": "max_factions"}


def _short(rule: str) -> str:
    return rule if rule.startswith("1.") else rule.split(".", 1)[1]


_LIMITS_CHECKED = {deck_format: tuple(dict.fromkeys(_RULE_LIMIT[_short(rule)] for rule in rules if _short(rule) in _RULE_LIMIT))
                   for deck_format, rules in DECK_RULE_IDS.items()}


def limits_checked(deck_format: DeckFormat) -> tuple[str, ...]:
    """The DeckLimits fields check_deck reads for `deck_format` (those its rules name): each must
    be given a number."""
    return _LIMITS_CHECKED[deck_format]


def requires_said(rule: str, limits: DeckLimits) -> Message:
    """What a deck rule of DECK_RULE_IDS requires, with the limits given, as a message
    ("deck.requires.1.1.4.b", "deck.requires.min-cards"), in each catalogue."""
    short = _short(rule)
    name = _RULE_LIMIT.get(short)
    return msg("deck.requires." + short, limit=getattr(limits, name)) if name else msg("deck.requires." + short)


def deck_rules(deck_format: DeckFormat, limits: DeckLimits) -> dict[str, str]:
    """Every rule checked for `deck_format` -> what it requires with these limits, in English."""
    return {rule: ENGLISH_RENDERER.render(requires_said(rule, limits)) for rule in DECK_RULE_IDS[deck_format]}


def deck_limits_data(deck_limits: DeckLimitsByFormat) -> dict[str, dict[str, int | None]]:
    """The limits as plain data (JSON): format -> field -> number or null. read_deck_limits reads it back."""
    return {f.value: {name.name: getattr(deck_limits[f], name.name) for name in fields(DeckLimits)}
            for f in DeckFormat if f in deck_limits}


def read_deck_limits(data: object, source: str = "deck limits") -> dict[DeckFormat, DeckLimits]:
    """deck_limits_data's output read back; anything else raises ValueError naming what is wrong."""
    if not isinstance(data, dict):
        raise ValueError(f"{source}: a mapping of formats is required, not {type(data).__name__}")
    names = [f.name for f in fields(DeckLimits)]
    formats = [f.value for f in DeckFormat]
    found = {}
    for key, numbers in data.items():
        if key not in formats:
            raise ValueError(f"{source}: unknown format {key!r}; formats: {', '.join(formats)}")
        if not isinstance(numbers, dict) or set(numbers) != set(names) or not all(
                v is None or (isinstance(v, int) and not isinstance(v, bool) and v >= 0) for v in numbers.values()):
            raise ValueError(f"{source}: {key} must map exactly {', '.join(names)} to a number or null")
        deck_format = DeckFormat(key)
        found[deck_format] = DeckLimits(**numbers)
        check_limits(deck_format, found[deck_format])
    return found


def _faction(faction: Faction | None) -> Message:
    return msg("deck.faction", faction=Term(faction.value)) if faction else msg("deck.no_faction")


_CHECKED: dict[DeckFormat, DeckLimits] = {}
"""The limits each format was last checked with, found complete (check_limits): a run of many decks
checks its limits once."""


def check_deck(cards: list[DeckCard], deck_format: DeckFormat, limits: DeckLimits) -> DeckReport:
    """Every rule of `deck_format` the deck breaks, with `limits`, the format's numbers (ValueError
    if they lack one its checks read)."""
    if _CHECKED.get(deck_format) is not limits:   # the same frozen limits, checked once
        check_limits(deck_format, limits)
        _CHECKED[deck_format] = limits
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

    if deck_format in CONSTRUCTED_PLAY:
        heroes_exactly, copies = _checked(limits.heroes_exactly), _checked(limits.max_copies_per_name)
        max_rare, max_unique = _checked(limits.max_rare), _checked(limits.max_unique)
        if deck_format is not DeckFormat.CONSTRUCTED:
            trace.add(msg("deck.constructed", format=Term(deck_format.value)))
        (broken if len(heroes) != heroes_exactly else kept)(
            "1.1.4.b", msg("deck.heroes_exactly", n=len(heroes), limit=heroes_exactly))
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
        over = sorted(name for name, n in names.items() if n > copies)
        if over:
            broken("1.1.4.e", msg("deck.names_over", limit=copies,
                                  cards=Items(tuple(msg("deck.name_count", card=Card(n), n=names[n]) for n in over))))
        else:
            kept("1.1.4.e", msg("deck.names_within", limit=copies))
        rares = sum(c.count for c in others if c.rarity is Rarity.RARE)
        uniques = sum(c.count for c in others if c.rarity is Rarity.UNIQUE)
        (broken if rares > max_rare else kept)("1.1.4.f", msg("deck.rares", n=rares, limit=max_rare))
        (broken if uniques > max_unique else kept)("1.1.4.g", msg("deck.uniques", n=uniques, limit=max_unique))
        return report

    mode = deck_format.value
    heroes_at_most, max_factions = _checked(limits.heroes_at_most), _checked(limits.max_factions)
    trace.add(msg("deck.sealed" if deck_format is DeckFormat.SEALED else "deck.draft"))
    total = len(heroes) + other_count
    (broken if total < limits.min_cards else kept)(f"{mode}.min-cards", msg("deck.total", n=total, limit=limits.min_cards))
    (broken if len(heroes) > heroes_at_most else kept)(
        f"{mode}.max-heroes", msg("deck.heroes_one", n=len(heroes), limit=heroes_at_most))
    factions = {c.faction for c in others if c.faction is not None}
    listed = Items(tuple(Term(f.value) for f in sorted(factions, key=lambda f: f.value)))
    (broken if len(factions) > max_factions else kept)(
        f"{mode}.max-factions", msg("deck.factions", n=len(factions), factions=listed, limit=max_factions))
    for hero in heroes:
        if hero.faction not in factions:
            broken(f"{mode}.hero-faction", msg("deck.hero_off", card=Card(hero.name), faction=_faction(hero.faction), factions=listed))
            break
    else:
        if heroes:
            kept(f"{mode}.hero-faction", msg("deck.hero_in"))
    return report
