"""The card pool: every card the publisher's card database holds, as the project reads it.

Vocabulary first. The codes below are the publisher's (its JSON-LD card data, as the community
mirrors keep it: ../shared/spec/card-data.md); each is declared once here with what the project
makes of it. A code the data uses and this module does not declare is reported by the importer
(file and JSON path) and kept as printed, never dropped.

A card is keyed by its `reference` (its code, ALT_CORE_B_AX_04_R1): one PoolCard holds every
language's printing of that code (names, texts, sub-type and set names, rulings). The texts are
the publisher's: they live in the imported pool file (outside the repository), never in it.
"""

from __future__ import annotations

import functools
import re
import unicodedata
from dataclasses import dataclass, field
from enum import Enum

from engine.vocabulary import Faction, Rarity

__all__ = [
    "DATA_LANGUAGES", "SymbolKind", "SymbolCode", "SYMBOL_CODES", "CARD_TYPES", "FACTION_CODES", "RARITY_CODES",
    "TEXT_FIELDS", "STAT_FIELDS", "COST_FIELDS", "OfficialRuling", "PoolCard", "CardPool", "fold", "SYMBOL_PATTERN",
]

DATA_LANGUAGES: tuple[str, ...] = ("en", "fr", "it", "de", "es")
"""The languages the publisher prints cards in (English first: the engine reads English)."""


class SymbolKind(str, Enum):
    TRIGGER = "trigger"      # opens a reaction (2.2.10.i remark)
    COST = "cost"            # a cost symbol of a quick action or a support ability (2.2.10.h)
    REGION = "region"        # a region type / statistic (2.2.2.m-p)
    MANA = "mana"            # a number of Mana Orbs to pay, or the variable X
    SUPPORT = "support"      # marks a support ability that works while the card is in Reserve


@dataclass(frozen=True)
class SymbolCode:
    """One symbol code of the data's texts ({J}): what it stands for, as the glossary's symbols
    (glossary/symbols.yaml) draw it where one of them is the same symbol, and as the engine reads it."""

    code: str
    kind: SymbolKind
    symbol: str | None      # the glossary symbol id ({etb}), or None (drawn as the code's own badge)
    engine: str             # what the engine's card text says in its place ("etb", "exhaust", "1")
    meaning: str            # English, for the coverage report and the problems


def _mana(n: str) -> SymbolCode:
    return SymbolCode(n, SymbolKind.MANA, None, n, f"{n} Mana")


# Read off the data (every code its texts use, 2025 mirror); upper case is the symbol as it opens
# an ability, lower case the same symbol named inside a text ("activate its {r} abilities").
SYMBOL_CODES: dict[str, SymbolCode] = {s.code: s for s in (
    SymbolCode("J", SymbolKind.TRIGGER, "etb", "etb", "When I am played (from anywhere)"),
    SymbolCode("H", SymbolKind.TRIGGER, "hand", "hand", "When I am played from Hand"),
    SymbolCode("R", SymbolKind.TRIGGER, "reserve", "reserve", "When I am played from Reserve"),
    SymbolCode("j", SymbolKind.TRIGGER, "etb", "etb", "the When I am played symbol, named in a text"),
    SymbolCode("h", SymbolKind.TRIGGER, "hand", "hand", "the When I am played from Hand symbol, named in a text"),
    SymbolCode("r", SymbolKind.TRIGGER, "reserve", "reserve", "the When I am played from Reserve symbol, named in a text"),
    SymbolCode("T", SymbolKind.COST, "exhaust", "exhaust", "Exhaust me"),
    SymbolCode("D", SymbolKind.COST, "discard", "discard", "Discard me from Reserve"),
    SymbolCode("I", SymbolKind.SUPPORT, None, "", "a support ability that works while I am in Reserve"),
    SymbolCode("V", SymbolKind.REGION, "forest", "forest", "forest"),
    SymbolCode("M", SymbolKind.REGION, "mountain", "mountain", "mountain"),
    SymbolCode("O", SymbolKind.REGION, "water", "water", "water (ocean)"),
    SymbolCode("X", SymbolKind.MANA, None, "X", "X Mana"),
    *(_mana(str(n)) for n in range(10)),
)}

SYMBOL_PATTERN = re.compile(r"\{([^{}]{0,20})\}")
"""A symbol code in a text: {J}, {1}."""

CARD_TYPES: dict[str, str] = {
    "HERO": "hero", "CHARACTER": "character", "SPELL": "spell",
    "PERMANENT": "permanent", "LANDMARK_PERMANENT": "permanent", "EXPEDITION_PERMANENT": "permanent",
    "TOKEN": "token", "TOKEN_MANA": "token", "TOKEN_LANDMARK_PERMANENT": "token",
}
"""The data's type codes -> the deck check's type words (engine.deck.DeckCard.type). A Landmark
and an Expedition Permanent are Permanents (2.2.1.e); every token type is a token (2.2.1.d)."""

FACTION_CODES: dict[str, Faction | None] = {
    "AX": Faction.AXIOM, "BR": Faction.BRAVOS, "LY": Faction.LYRA, "MU": Faction.MUNA,
    "OR": Faction.ORDIS, "YZ": Faction.YZMIR, "NE": None,
}
"""The data's faction codes; NE is neutral: no faction (2.2.8.b)."""

RARITY_CODES: dict[str, Rarity | None] = {
    "COMMON": Rarity.COMMON, "RARE": Rarity.RARE, "UNIQUE": Rarity.UNIQUE, "EXALTED": None,
}
"""The data's rarity codes. EXALTED is a rarity of later sets that the Complete Rules (2.2.4.a)
do not name: the deck check says so for each Exalted card rather than count it as rare or unique."""

TEXT_FIELDS = {"MAIN_EFFECT": "main", "ECHO_EFFECT": "echo"}
"""The text box (2.2.10) and the support ability (2.2.10.d), in the file's language."""
COST_FIELDS = {"MAIN_COST": "hand_cost", "RECALL_COST": "reserve_cost"}
STAT_FIELDS = {"FOREST_POWER": "forest", "MOUNTAIN_POWER": "mountain", "OCEAN_POWER": "water"}
"""The statistics in the order a card prints them (forest/mountain/water, 2.2.2.k)."""


def fold(text: str) -> str:
    """A name as search and the decklist compare it: case, accents and spacing ignored."""
    plain = "".join(c for c in unicodedata.normalize("NFKD", text) if not unicodedata.combining(c))
    return " ".join(plain.casefold().replace("’", "'").split())


@dataclass(frozen=True)
class OfficialRuling:
    """One of the publisher's rulings on a card: a question and its answer (per language), dated."""

    created: str                       # ISO date, YYYY-MM-DD
    event_format: str                  # the data's eventFormat (STANDARD ...), "" when absent
    question: dict[str, str]
    answer: dict[str, str]

    def key(self) -> str:
        """What identifies the ruling across cards (one ruling printed on several cards)."""
        return fold(self.question.get("en") or next(iter(self.question.values()), ""))


@dataclass(frozen=True)
class PoolCard:
    """One card code, every language's printing of it merged."""

    reference: str
    type_code: str
    faction_code: str
    rarity_code: str
    set_code: str
    names: dict[str, str]                          # language -> printed name
    subtypes: tuple[str, ...] = ()                 # sub-type codes (ANIMAL)
    subtype_names: dict[str, dict[str, str]] = field(default_factory=dict)   # code -> language -> name
    set_names: dict[str, str] = field(default_factory=dict)
    type_names: dict[str, str] = field(default_factory=dict)
    hand_cost: str | None = None
    reserve_cost: str | None = None
    forest: str | None = None
    mountain: str | None = None
    water: str | None = None
    texts: dict[str, dict[str, str]] = field(default_factory=dict)   # "main"/"echo" -> language -> text
    suspended: bool = False
    errated: bool = False
    banned: bool = False
    rulings: tuple[OfficialRuling, ...] = ()
    collector_numbers: dict[str, str] = field(default_factory=dict)
    highlighted: tuple[str, ...] = ()     # the costs and statistics printed differently (#4#)
    other_elements: dict[str, str] = field(default_factory=dict)   # the data's other elements (a Hero's PERMANENT, RESERVE)
    sources: tuple[str, ...] = ()         # the files it was read from

    @property
    def name(self) -> str:
        """Its English name (the object's name everywhere, 2.2.3.c), else the first language's."""
        return self.names.get("en") or next(iter(self.names.values()), self.reference)

    @property
    def deck_type(self) -> str | None:
        return CARD_TYPES.get(self.type_code)

    @property
    def faction(self) -> Faction | None:
        return FACTION_CODES.get(self.faction_code)

    @property
    def rarity(self) -> Rarity | None:
        if self.deck_type in ("hero", "token"):
            return None   # 2.2.4.c: heroes and tokens have no rarity, whatever the data says
        return RARITY_CODES.get(self.rarity_code)

    @property
    def family(self) -> str:
        """The code without its rarity part: the common, its rares and its uniques share it."""
        parts = self.reference.split("_")
        return "_".join(parts[:5]) if len(parts) >= 6 else self.reference

    @functools.cached_property
    def slug(self) -> str:
        """Its page's stable URL part: the code, lower case (unique, unlike names)."""
        return re.sub(r"[^a-z0-9]+", "-", self.reference.casefold()).strip("-")

    @property
    def stats(self) -> str | None:
        values = (self.forest, self.mountain, self.water)
        return "/".join(values) if all(v is not None for v in values) else None  # type: ignore[arg-type]

    def text(self, part: str, language: str) -> tuple[str, str] | None:
        """The text box ("main") or support ability ("echo") in `language`, else in English:
        (the language it is given in, the text)."""
        by_language = self.texts.get(part, {})
        for lang in (language, "en", *DATA_LANGUAGES):
            if by_language.get(lang):
                return lang, by_language[lang]
        return None


@dataclass
class CardPool:
    """Every card of the import, by code; `warnings` are what the import reported and kept."""

    cards: dict[str, PoolCard] = field(default_factory=dict)
    warnings: list[str] = field(default_factory=list)
    _names: dict[str, list[str]] | None = field(default=None, repr=False, compare=False)

    def by_name(self, name: str) -> list[PoolCard]:
        """The cards printed with this name in any language (case and accents ignored)."""
        if self._names is None:
            self._names = {}
            for card in self.cards.values():
                for printed in set(card.names.values()):
                    refs = self._names.setdefault(fold(printed), [])
                    if card.reference not in refs:
                        refs.append(card.reference)
        return [self.cards[ref] for ref in self._names.get(fold(name), [])]

    def shared_rulings(self) -> dict[str, list[str]]:
        """For each ruling printed on more than one card (by its English question), the cards' codes."""
        found: dict[str, list[str]] = {}
        for card in self.cards.values():
            for ruling in card.rulings:
                refs = found.setdefault(ruling.key(), [])
                if card.reference not in refs:
                    refs.append(card.reference)
        return {key: refs for key, refs in found.items() if len(refs) > 1}
