"""Cards and objects.

A `Card` is a set of characteristics (1.2.2.c). A `GameObject` is a card, token
or emblem in a visible zone: it has an identity (`id`) and a `timestamp`. An
object never changes zones (2.1.c): `Game.move` ends it and makes a new object
with a new id and timestamp in the destination. Cards in hidden zones (Deck,
Hand) are not objects (2.1.g); they are kept as plain `Card`s.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import Enum

from .vocabulary import (
    Duration,
    RegionType,
    ExpeditionKind,
    Faction,
    Keyword,
    ObjectType,
    PlayerName,
    Rarity,
    Statistics,
    Zone,
)

__all__ = ["Trigger", "Reaction", "RegionPassive", "Card", "EmblemInfo", "GameObject", "describe_character"]


class Trigger(Enum):
    """The reaction triggers the engine can read ("Trigger | Effect", 2.2.10.i, 6.3.a)."""

    AT_NOON = "At Noon"
    AT_DUSK = "At Dusk"
    ETB = "When I enter play"
    JOINS_MY_EXPEDITION = "When a Character joins my Expedition"


@dataclass(frozen=True)
class Reaction:
    trigger: Trigger
    effect: str
    """The effect as printed; read by engine.effects when the Emblem-Reaction is played."""

    def __str__(self) -> str:
        return f"{self.trigger.value} | {self.effect}"


@dataclass(frozen=True)
class RegionPassive:
    """A passive ability that changes the sub-types of every region (2.2.2.p), e.g. The Kraken's
    "All regions are water and lose their other types"."""

    text: str
    region_type: RegionType
    lose_others: bool


@dataclass(frozen=True)
class Card:
    """Characteristics of a card, token or emblem (1.2.2.c); a characteristic may be missing (1.2.2.d)."""

    name: str | None
    type: ObjectType = ObjectType.CHARACTER
    subtypes: tuple[str, ...] = ()
    statistics: Statistics | None = None
    keywords: frozenset[Keyword] = frozenset()
    reactions: tuple[Reaction, ...] = ()
    passives: tuple[RegionPassive, ...] = ()
    rarity: Rarity | None = None
    faction: Faction | None = None
    token: bool = False
    hand_cost: int | None = None
    """Tokens have a hand cost of 0 (2.2.6.c); emblems have none (2.2.6.d)."""
    reserve_cost: int | None = None
    """Tokens have a reserve cost of 0 (2.2.7.c); emblems have none (2.2.7.d)."""

    def __post_init__(self) -> None:
        if self.token:
            # 2.2.1.d, 2.2.4.c, 2.2.6.c, 2.2.7.c, 2.2.8.d: a token is a Character with costs 0,
            # no rarity and no faction, whatever created it.
            object.__setattr__(self, "type", ObjectType.CHARACTER)
            object.__setattr__(self, "hand_cost", 0)
            object.__setattr__(self, "reserve_cost", 0)
            object.__setattr__(self, "rarity", None)
            object.__setattr__(self, "faction", None)

    @property
    def gigantic(self) -> bool:
        return Keyword.GIGANTIC in self.keywords


@dataclass(frozen=True)
class EmblemInfo:
    """What an emblem carries (2.2.1.g, 2.2.2.m): a reaction's effect, or an Ongoing passive and its duration."""

    text: str
    source_id: int | None
    """The object that created it: "I" in its text means that object (7.2.1.b)."""
    source_name: str | None
    duration: Duration | None = None
    """Only Ongoing emblems have a duration (2.2.13.b)."""
    created_day: int = 0


@dataclass
class GameObject:
    id: int
    timestamp: int
    card: Card
    zone: Zone
    owner: PlayerName
    controller: PlayerName
    expedition: ExpeditionKind | None = None
    """In the Expedition zone: the expedition of the card or token that represents it (7.4.3.j)."""
    exhausted: bool = False
    emblem: EmblemInfo | None = None
    counters: dict[str, int] = field(default_factory=dict)
    """Counters are markers on objects, not objects (2.1.i)."""

    @property
    def name(self) -> str:
        return self.card.name or "(no name)"

    def describe(self) -> str:
        if self.emblem is not None:
            kind = self.card.subtypes[0] if self.card.subtypes else "Emblem"
            return f"Emblem-{kind} \"{self.emblem.text}\""
        if self.card.type is ObjectType.MANA_ORB:
            return "Mana Orb"
        return describe_character(self.card)


def describe_character(card: Card) -> str:
    """The token template of 7.3.3.b: "Ordis Recruit 1/1/1 Soldier"."""
    parts = [card.name or "(no name)"]
    if card.statistics is not None:
        parts.append(str(card.statistics))
    if card.subtypes:
        parts.append(", ".join(card.subtypes))
    text = " ".join(parts)
    if card.gigantic:
        text += " (gigantic)"
    return text
