"""The words of the game: zones, phases, statistics, types, rarities, factions...

Every enum's value is the word a judge writes in a scenario file. `parse_enum`
turns such a word into the enum, or raises `ScenarioError` listing what is
allowed.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, fields
from enum import Enum
from typing import Final, Literal, TypeAlias, TypeVar

from .messages import Message, Quote, msg
from .errors import ScenarioError
from .limits import MAX_NUMBER, number_within_limit

__all__ = [
    "PlayerName",
    "RuleNumber",
    "Position",
    "ARENA",
    "HERO_REGION",
    "COMPANION_REGION",
    "REGION_COUNT",
    "Word",
    "Zone",
    "HIDDEN_ZONES",
    "Phase",
    "RegionType",
    "Statistic",
    "ALL_REGION_TYPES",
    "ExpeditionKind",
    "ObjectType",
    "Rarity",
    "Faction",
    "Keyword",
    "Status",
    "Duration",
    "Face",
    "Mode",
    "DeckFormat",
    "CHARACTER_SUBTYPES",
    "PERMANENT_SUBTYPES",
    "SPELL_SUBTYPES",
    "SUBTYPES_BY_TYPE",
    "Statistics",
    "parse_enum",
    "allowed_words",
]

PlayerName: TypeAlias = str
"""A player, by the name the scenario gives them ("Alice")."""

RuleNumber: TypeAlias = str
"""A rule number, always text: "4.2.4.c", "4.3" (never the float 4.3)."""

ARENA: Final = "arena"
"""The single region of tiebreakers (3.2.1.c, 4.3.e)."""

Position: TypeAlias = int | Literal["arena"]
"""Where an expedition is: a region number 0-7, or the Arena during tiebreakers."""

HERO_REGION: Final = 0
COMPANION_REGION: Final = 7
REGION_COUNT: Final = 8  # 3.2.1.b: hero region, six Tumult halves, companion region


class Word(Enum):
    """An enum of the game's words. Its members hash by identity: `Enum.__hash__` hashes the
    member's name in Python code, which made every dict or set keyed by a zone, a statistic or an
    expedition kind cost a Python call. Members are singletons compared by identity (`Enum` has no
    `__eq__`), so the identity hash agrees with equality; no order of the engine depends on it."""

    __hash__ = object.__hash__


class Zone(Word):
    """The zones of the game (3.2). Deck and Hand are hidden: cards there are not objects (2.1.g)."""

    DECK = "deck"
    HAND = "hand"
    RESERVE = "reserve"
    DISCARD = "discard"
    MANA = "mana"
    HERO = "hero zone"
    LANDMARK = "landmarks"
    EXPEDITION = "expedition"
    LIMBO = "limbo"
    ADVENTURE = "adventure"


HIDDEN_ZONES: Final = frozenset({Zone.DECK, Zone.HAND})


class Phase(Word):
    """The five phases of a day (1.3.2.a)."""

    MORNING = "morning"
    NOON = "noon"
    AFTERNOON = "afternoon"
    DUSK = "dusk"
    NIGHT = "night"


class RegionType(Word):
    """Region sub-types (2.2.2.f), which are also the three statistics (1.2.2.c)."""

    FOREST = "forest"
    MOUNTAIN = "mountain"
    WATER = "water"


Statistic: TypeAlias = RegionType
ALL_REGION_TYPES: Final = frozenset(RegionType)


class ExpeditionKind(Word):
    """Each player has a hero expedition and a companion expedition (3.2.4.b)."""

    HERO = "hero"
    COMPANION = "companion"

    @property
    def other(self) -> "ExpeditionKind":
        return ExpeditionKind.COMPANION if self is ExpeditionKind.HERO else ExpeditionKind.HERO

    @property
    def origin(self) -> int:
        """Starting region (1.3.1.b): the hero region or the companion region."""
        return HERO_REGION if self is ExpeditionKind.HERO else COMPANION_REGION

    @property
    def forward(self) -> int:
        """The direction of travel along the region numbers (7.3.11.a)."""
        return 1 if self is ExpeditionKind.HERO else -1


class ObjectType(Word):
    """Types (2.2.1.a), plus Mana Orb (2.2.1.f). Deck cards also use `token` (never in a deck)."""

    CHARACTER = "character"
    EMBLEM = "emblem"
    HERO = "hero"
    PERMANENT = "permanent"
    REGION = "region"
    SPELL = "spell"
    MANA_ORB = "mana orb"


class Rarity(Word):
    """2.2.4.a. Heroes, regions, tokens and emblems have none (2.2.4.c)."""

    COMMON = "common"
    RARE = "rare"
    UNIQUE = "unique"


class Faction(Word):
    """2.2.8.a. An object without a faction is neutral (2.2.8.b)."""

    AXIOM = "Axiom"
    BRAVOS = "Bravos"
    LYRA = "Lyra"
    MUNA = "Muna"
    ORDIS = "Ordis"
    YZMIR = "Yzmir"


class Keyword(Word):
    """Keyword abilities the engine models. Only Gigantic's rules (7.4.3) are in the sources."""

    GIGANTIC = "gigantic"


class UnmodelledKeyword(Word):
    """Keywords printed on cards whose rules are not in the engine's sources (6.4.g's remark names
    Tough; the termbase lists the others). A card may be given with one (`keywords: [tough]`, a
    textbox line `Tough 1`): the engine names it as such and refuses every action while its object
    is in play, as it does for any printed ability it cannot read."""

    TOUGH = "Tough"
    ETERNAL = "Eternal"
    DEFENDER = "Defender"
    SEASONED = "Seasoned"
    SCOUT = "Scout"
    COOLDOWN = "Cooldown"


def unmodelled_keyword(text: str) -> str | None:
    """The keyword a printed line or word names, as printed ("Tough 1"), when it is one of
    UnmodelledKeyword (with an optional number), else None."""
    words = text.split()
    if not words or len(words) > 2 or (len(words) == 2 and not words[1].isdecimal()):
        return None
    found = next((k for k in UnmodelledKeyword if k.value.lower() == words[0].lower()), None)
    return None if found is None else " ".join([found.value, *words[1:]])


class Status(Word):
    """Statuses the sources name (the Hua Mulan, Moonlight Jellyfish and Coppélia examples). Their
    rules are lost: the engine records whether an object has one, and nothing more."""

    FLEETING = "Fleeting"
    ASLEEP = "Asleep"


class Duration(Word):
    """Durations of Ongoing emblems: the three of 2.2.13.a, then those card texts use that no
    source defines (the engine reads them and works out every end they may have, engine.durations)."""

    TURN = "this Turn"
    AFTERNOON = "this Afternoon"
    DAY = "this Day"
    UNTIL_YOUR_NEXT_TURN = "until your next turn"
    UNTIL_END_OF_TURN = "until end of turn"
    UNTIL_END_OF_NEXT_TURN = "until the end of your next turn"

    @property
    def defined(self) -> bool:
        """One of the durations 2.2.13.a names."""
        return self in _DEFINED_DURATIONS


_DEFINED_DURATIONS = frozenset({Duration.TURN, Duration.AFTERNOON, Duration.DAY})


class Face(Word):
    UP = "up"
    DOWN = "down"


class Mode(Word):
    """Game modes with boards: two players (Standard, Sealed, Draft), Multiplayer 2v2, Free for All."""

    TWO_PLAYER = "two-player"
    TWO_VS_TWO = "2v2"
    FREE_FOR_ALL = "free-for-all"


class BoosterWar(Word):
    """The variants of the Booster War page (two players, a new booster each)."""

    LEAST_TECHNICAL = "least-technical"
    MOST_TECHNICAL = "most-technical"


BOOSTER_WAR_DECK = 12
"""The most technical variant: "Each player builds a 12-card deck" (the Booster War page)."""
BOOSTER_WAR_DRAW = 3
"""Both variants: "You draw 3 cards ... instead of 2" (the Booster War page)."""
BOOSTER_WAR_DAYS = 4
"""Both variants: "The game ends after 4 days" (the Booster War page)."""


class DeckFormat(Word):
    """Deck-building rules: 1.1.4 and the game-mode pages."""

    STANDARD = "standard"
    CONSTRUCTED = "constructed"
    MULTIPLAYER = "multiplayer"
    SEALED = "sealed"
    DRAFT = "draft"


# 2.2.2.d
CHARACTER_SUBTYPES: Final = (
    "Adventurer", "Animal", "Apprentice", "Artist", "Bureaucrat", "Citizen", "Companion",
    "Deity", "Dragon", "Druid", "Elemental", "Engineer", "Fairy", "Leviathan", "Mage",
    "Messenger", "Noble", "Plant", "Robot", "Soldier", "Scholar", "Spirit", "Titan", "Trainer",
)

# 2.2.2.e, 2.2.2.g
PERMANENT_SUBTYPES: Final = ("Landmark",)
SPELL_SUBTYPES: Final = ("Boon", "Conjuration", "Disruption", "Maneuver", "Song")

SUBTYPES_BY_TYPE: Final = {
    ObjectType.CHARACTER: CHARACTER_SUBTYPES,
    ObjectType.PERMANENT: PERMANENT_SUBTYPES,
    ObjectType.SPELL: SPELL_SUBTYPES,
    ObjectType.HERO: (),  # 2.2.2.b: Heroes have no sub-types
}
"""The sub-types each type may have (2.2.2.b-h); regions and emblems are made by the engine."""

_STATISTICS = re.compile(r"^\s*(-?\d+)\s*/\s*(-?\d+)\s*/\s*(-?\d+)\s*$")


@dataclass(frozen=True, order=True)
class Statistics:
    """Forest, mountain and water statistics (1.2.2.c), written "F/M/W"; they may be negative."""

    forest: int = 0
    mountain: int = 0
    water: int = 0

    def __init__(self, forest: int = 0, mountain: int = 0, water: int = 0) -> None:
        # A frozen dataclass's own __init__ sets each field through object.__setattr__; every Dusk
        # sums each expedition's total, so the fields go straight into the instance dict (the
        # record stays frozen: assigning a field still raises).
        fields = self.__dict__
        fields["forest"] = forest
        fields["mountain"] = mountain
        fields["water"] = water

    @classmethod
    def parse(cls, text: object) -> "Statistics":
        """Read "2/1/0" (ScenarioError otherwise)."""
        match = _STATISTICS.match(str(text)) if isinstance(text, str) else None
        if match is None or not all(number_within_limit(match[i]) for i in (1, 2, 3)):  # engine/limits.py
            raise ScenarioError(
                msg("read.bad_statistics", text=Quote(repr(text)), limit=MAX_NUMBER)
            )
        return cls(int(match[1]), int(match[2]), int(match[3]))

    def __getitem__(self, statistic: RegionType) -> int:
        # Progress reads a statistic per region type of every expedition (4.2.4.b): compared by
        # identity, with no dict built and no enum hashed per read.
        if statistic is RegionType.FOREST:
            return self.forest
        if statistic is RegionType.MOUNTAIN:
            return self.mountain
        if statistic is RegionType.WATER:
            return self.water
        raise KeyError(statistic)

    def __add__(self, other: "Statistics") -> "Statistics":
        return Statistics(self.forest + other.forest, self.mountain + other.mountain, self.water + other.water)

    def __str__(self) -> str:
        return f"{self.forest}/{self.mountain}/{self.water}"


assert [f.name for f in fields(Statistics)] == [t.value for t in RegionType], "a statistic's field is named by its region type"


E = TypeVar("E", bound=Enum)


def allowed_words(enum: type[Enum]) -> str:
    return ", ".join(str(member.value) for member in enum)


def parse_enum(enum: type[E], word: object, what: str | Message) -> E:
    """The member of `enum` a judge wrote (case-insensitive), or ScenarioError listing the words allowed;
    `what` names the word: a message (read.enum.*), said in the reader's language, or a word as written."""
    if isinstance(word, str):
        wanted = word.strip().lower()
        for member in enum:
            if str(member.value).lower() == wanted:
                return member
    import difflib  # when a word is wrong, not on the engine's import (the sandbox's first visit, issue 43)

    close = difflib.get_close_matches(str(word).strip().lower(), [str(m.value).lower() for m in enum], n=1, cutoff=0.75)
    said = dict(what=what if isinstance(what, Message) else Quote(what), word=Quote(repr(word)), allowed=Quote(allowed_words(enum)))
    raise ScenarioError(msg("read.unknown_word_close", close=Quote(repr(close[0])), **said) if close else msg("read.unknown_word", **said))
