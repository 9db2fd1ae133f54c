"""Cards and objects.

A `Card` is a set of characteristics (1.2.2.c). A `GameObject` is a card, token
or emblem in a visible zone: it has an identity (`id`) and a `timestamp`. An
object never changes zones (2.1.c): `Game.move` ends it and makes a new object
with a new id and timestamp in the destination. Cards in hidden zones (Deck,
Hand) are not objects (2.1.g); they are kept as plain `Card`s.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Iterable

from .vocabulary import (
    Duration,
    Status,
    RegionType,
    ExpeditionKind,
    Faction,
    Keyword,
    ObjectType,
    PlayerName,
    Rarity,
    Statistics,
    Word,
    Zone,
)

__all__ = [
    "Trigger", "TRIGGER_SYMBOLS", "Reaction", "RegionPassive", "CannotActivate", "Passive", "StatusCondition", "EmblemKind", "Direction",
    "CannotMove", "NextCardPlayed", "OngoingPassive", "Activated", "Card",
    "EmblemInfo", "GameObject", "alike", "describe_character",
]


class Trigger(Word):
    """The reaction triggers the engine can read ("Trigger | Effect", 2.2.10.i, 6.3.a)."""

    AT_NOON = "At Noon"
    AT_DUSK = "At Dusk"
    ETB = "When I enter play"
    HAND = "When I am played from Hand"
    RESERVE = "When I am played from Reserve"
    JOINS_MY_EXPEDITION = "When a Character joins my Expedition"
    SACRIFICED = "When I'm sacrificed"
    TO_RESERVE_FROM_HAND = "When I go to Reserve from your Hand"
    LEAVES_LANDMARK_ZONE = "When I leave your Landmark zone"
    LEAVES_PLAY = "When I leave play"
    YOU_SACRIFICE = "When you sacrifice a Character"
    CHARACTER_LEAVES_MY_EXPEDITION = "When a Character leaves my Expedition"
    CARD_JOINS_RESERVE = "When a card joins your Reserve"
    CARD_JOINS_DISCARD = "When a card joins your Discard pile"
    CARD_LEAVES_RESERVE = "When a card leaves your Reserve"

    @property
    def symbol(self) -> str | None:
        """The trigger symbol that stands for it (2.2.10.i remark), if any."""
        return {Trigger.ETB: "etb", Trigger.HAND: "hand", Trigger.RESERVE: "reserve"}.get(self)

    @property
    def on_own_move(self) -> bool:
        """It triggers on its own object moving to a visible zone: it need not exist before the
        event (6.3.d), and its ability finds the object in its new zone (2.1.e)."""
        return self in (Trigger.ETB, Trigger.HAND, Trigger.RESERVE, Trigger.TO_RESERVE_FROM_HAND)

    @property
    def on_own_departure(self) -> bool:
        """It triggers on its own object leaving (6.3.e: the reaction need not exist after the
        event); its ability finds the object in its new zone (2.1.e)."""
        return self in (Trigger.SACRIFICED, Trigger.LEAVES_LANDMARK_ZONE, Trigger.LEAVES_PLAY)


TRIGGER_SYMBOLS = {t.symbol: t for t in Trigger if t.symbol}
"""{etb} "When I enter play from anywhere", {hand} "When I am played from Hand", {reserve}
"When I am played from Reserve" (2.2.10.i remark), written etb, hand and reserve."""


@dataclass(frozen=True)
class StatusCondition:
    """A condition written with a trigger on the bearer's own status: "if I'm Fleeting", "if I'm not Asleep"."""

    status: Status
    negated: bool = False

    def holds(self, bearer: GameObject) -> bool:
        return (self.status in bearer.statuses) != self.negated


@dataclass(frozen=True)
class Reaction:
    trigger: Trigger
    effect: str
    """The effect as printed; read by engine.cardtext when the Emblem-Reaction is played."""
    condition: str | None = None
    """A condition written with the trigger ("When I'm sacrificed, if I'm not Fleeting"), as printed."""
    requires: StatusCondition | None = None
    """The condition as a value (engine.cardtext.parse_reaction reads it)."""

    def __str__(self) -> str:
        trigger = self.trigger.symbol or self.trigger.value
        condition = f", {self.condition}" if self.condition else ""
        return f"{trigger}{condition} | {self.effect}"


@dataclass(frozen=True)
class RegionPassive:
    """A passive ability that changes the sub-types of every region (2.2.2.p), e.g. The Kraken's
    "All regions are water and lose their other types"."""

    text: str
    region_type: RegionType
    lose_others: bool


@dataclass(frozen=True)
class CannotActivate:
    """A passive ability saying that triggers "don't activate" or "cannot activate" (7.3.1.e), e.g.
    The Council's "The etb, hand, and reserve triggers of Characters facing me don't activate"."""

    text: str
    triggers: frozenset[Trigger]


Passive = RegionPassive | CannotActivate


class EmblemKind(Word):
    """The sub-type of an emblem (2.2.2.h): it carries a reaction's effect, or an Ongoing passive."""

    REACTION = "Reaction"
    ONGOING = "Ongoing"


class Direction(Word):
    """The two ways an expedition moves (7.3.10, 7.3.11)."""

    FORWARD = "forward"
    BACKWARD = "backward"


@dataclass(frozen=True)
class CannotMove:
    """The Ongoing passive "Expeditions can't move forward" (or backward): the example of 2.2.2.m."""

    direction: Direction


@dataclass(frozen=True)
class NextCardPlayed:
    """The Ongoing passive "The next card (Character) you play costs N less/more" or "... gains N
    boosts" (2.2.13.c): it applies once, to the next card its controller plays (engine.costs)."""

    characters_only: bool
    boosts: int = 0
    cost_change: int = 0
    """-N for "costs N less", +N for "costs N more"."""


OngoingPassive = CannotMove | NextCardPlayed


@dataclass(frozen=True)
class Activated:
    """A quick action, written "Cost: Effect" (2.2.10.h), or a support ability (2.2.10.d), which
    may be written the same way or as an effect alone."""

    text: str
    cost: tuple[str, ...]
    """The cost's parts as printed: "exhaust" ({exhaust}: Exhaust me), "discard" ({discard}:
    Discard me from Reserve), "pay 1", or "lost" for a cost symbol lost in the sources."""
    effect: str
    more_unless_first: int = 0
    """"This action costs 1 more if you are not the first player" (Lindiwe & Maw)."""


@dataclass(frozen=True)
class Card:
    """Characteristics of a card, token or emblem (1.2.2.c); a characteristic may be missing (1.2.2.d)."""

    name: str | None
    type: ObjectType = ObjectType.CHARACTER
    subtypes: tuple[str, ...] = ()
    statistics: Statistics | None = None
    keywords: frozenset[Keyword] = frozenset()
    reactions: tuple[Reaction, ...] = ()
    passives: tuple[Passive, ...] = ()
    rarity: Rarity | None = None
    faction: Faction | None = None
    token: bool = False
    hand_cost: int | None = None
    """Tokens have a hand cost of 0 (2.2.6.c); emblems have none (2.2.6.d)."""
    reserve_cost: int | None = None
    """Tokens have a reserve cost of 0 (2.2.7.c); emblems have none (2.2.7.d)."""
    effect: str | None = None
    """A Spell's effect, as printed."""
    quick_actions: tuple[Activated, ...] = ()
    supports: tuple[Activated, ...] = ()
    """Support abilities: they work only while the object is in the Reserve (2.2.10.g)."""
    unread: tuple[str, ...] = ()
    """In-play abilities of a textbox that the engine keeps as printed and does not run."""
    printed_name: str | None = None
    """The name printed on a card in another language (2.2.3.c: the name is still the English one)."""
    language: str | None = None

    def __post_init__(self) -> None:
        if self.token:
            # 2.2.1.d, 2.2.4.c, 2.2.6.c, 2.2.7.c, 2.2.8.d: a token is a Character with costs 0,
            # no rarity and no faction, whatever created it.
            object.__setattr__(self, "type", ObjectType.CHARACTER)
            object.__setattr__(self, "hand_cost", 0)
            object.__setattr__(self, "reserve_cost", 0)
            object.__setattr__(self, "rarity", None)
            object.__setattr__(self, "faction", None)

    def has(self, keyword: Keyword) -> bool:
        """Whether it has the keyword ability (the one seam the engine's keyword rules read:
        Gigantic's, 7.4.3, are `card.has(Keyword.GIGANTIC)`)."""
        return keyword in self.keywords

    def in_play_abilities(self) -> list[str]:
        """Its abilities other than support abilities, as text (2.2.10.a, 1.2.4.a: one per line)."""
        texts = [k.value.capitalize() for k in sorted(self.keywords, key=lambda k: k.value)]
        texts += [str(r) for r in self.reactions]
        texts += [p.text for p in self.passives]
        texts += [a.text for a in self.quick_actions]
        texts += list(self.unread)
        if self.effect:
            texts.append(self.effect)
        return texts

    def support_abilities(self) -> list[str]:
        return [a.text for a in self.supports]


@dataclass(frozen=True)
class EmblemInfo:
    """What an emblem carries (2.2.1.g, 2.2.2.m): a reaction's effect, or an Ongoing passive and its duration."""

    text: str
    source_id: int | None
    """The object that created it: "I" in its text means that object (7.2.1.b)."""
    source_name: str | None
    duration: Duration | None = None
    """Only Ongoing emblems have a duration (2.2.13.b)."""
    kind: EmblemKind = EmblemKind.REACTION
    ongoing: OngoingPassive | None = None
    """An Ongoing emblem's passive, as read (engine.cardtext.parse_ongoing)."""
    ends: Duration | None = None
    """For a duration no source defines ("until your next turn"): the span it ends with in the case
    this run follows (engine.durations); None there means it outlasts the day. Otherwise its duration."""

    @property
    def ends_with(self) -> Duration | None:
        return self.duration if self.duration is None or self.duration.defined else self.ends


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
    """Counters are markers on objects, not objects (2.1.i), e.g. Kelon counters."""
    boosts: int = 0
    """Boosts the object has gained. The sources never say what a boost does to statistics: the
    engine counts them and changes nothing else."""
    statuses: set[Status] = field(default_factory=set)
    face_down: Card | None = None
    """For a Mana Orb: the card it represents, face down (2.2.1.f)."""
    host: PlayerName | None = None
    """In the Expedition zone, the player whose expedition holds it when that player does not control
    it: a token created in another player's expedition, under the reading that its creator controls
    it (engine.readings, token-controller)."""

    @property
    def side(self) -> PlayerName:
        """The player whose expedition holds it (its controller, unless it is hosted)."""
        return self.host or self.controller

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


def alike(objects: Iterable[GameObject]) -> bool:
    """Whether objects of one name are alike: the same card, and the same exhausted state, boosts,
    counters and statuses. Choosing among alike objects changes nothing but which identity is
    chosen, so a choice that names them may take the oldest; objects that differ need names that
    tell them apart."""
    return len({(o.card, o.exhausted, o.boosts, tuple(sorted(o.counters.items())), frozenset(o.statuses)) for o in objects}) <= 1


def describe_character(card: Card) -> str:
    """The token template of 7.3.3.b: "Ordis Recruit 1/1/1 Soldier"."""
    parts = [card.name or "(no name)"]
    if card.statistics is not None:
        parts.append(str(card.statistics))
    if card.subtypes:
        parts.append(", ".join(card.subtypes))
    text = " ".join(parts)
    if card.has(Keyword.GIGANTIC):
        text += " (gigantic)"
    return text
