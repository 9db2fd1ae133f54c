"""The instructions card text is read into (6.1): one frozen record per kind of step, with the
words it was read from as values. Reading them is engine.cardtext.reading's (through the wordings
of engine.cardtext.wordings); performing them is engine.cardtext.performing's, one handler per
record type."""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from ..errors import UnsupportedText
from ..messages import Quote, msg
from ..objects import CannotMove, Card, Direction, NextCardPlayed, OngoingPassive, Trigger
from ..vocabulary import Duration, ExpeditionKind, ObjectType, Status, Word, Zone
from .text import number

_CANNOT_MOVE = re.compile(r"^expeditions can't move (forward|backward)$", re.I)
_NEXT_CARD = re.compile(r"^the next (card|character) you play (?:costs (\w+) (less|more)|gains (\w+) boosts?)$", re.I)


class TokenDestination(Word):
    """Where an effect creates tokens."""

    MINE = "mine"
    """My expedition: the expedition of the object bearing the ability (7.2.1)."""
    OTHER = "other"
    """My other expedition: the other expedition of my controller (7.4.3.g)."""
    HERO = "hero"
    COMPANION = "companion"
    EACH = "each"
    TARGET = "target"


class Gainer(Word):
    """Who gains (or loses) what an effect gives."""

    ME = "me"
    """The object bearing the ability, or that created the reaction (7.2.1)."""
    YOURS = "yours"
    """The Characters you control (7.2.2)."""
    TARGET = "target"
    """A target in play (2.2.1.h)."""


class Whose(Word):
    """Whose expeditions an effect moves."""

    YOU = "you"
    """Yours: "you" is the ability's controller (7.2.2.a)."""
    OPPONENT = "opponent"
    """Each of your opponents' (in multiplayer: the game-mode pages)."""
    TARGET = "target"


@dataclass(frozen=True)
class CreateTokens:
    card: Card
    count: int
    destination: TokenDestination
    ability_after_location: bool = False
    """Abilities written after the expedition, as 2.2.10.e has it (ruling token-ability-position)."""


@dataclass(frozen=True)
class Draw:
    count: int


@dataclass(frozen=True)
class CreateOngoing:
    passive: str
    duration: Duration
    effect: OngoingPassive = field(init=False, compare=False, repr=False)
    """The passive as a value, read from its text once (parse_ongoing)."""

    def __post_init__(self) -> None:
        effect = parse_ongoing(self.passive)
        if effect is None:
            raise UnsupportedText(msg("text.ongoing", text=Quote(repr(self.passive))))
        object.__setattr__(self, "effect", effect)


@dataclass(frozen=True)
class KeywordAction:
    """Resupply or Sabotage: named by the sources, never defined in them."""

    word: str
    each_player_may: bool = False


@dataclass(frozen=True)
class LostEffect:
    """An effect whose text is lost in the sources ("...")."""


@dataclass(frozen=True)
class Sacrifice:
    each_player: bool = False


@dataclass(frozen=True)
class Gain:
    """"I gain 1 boost", "Characters you control gain 1 boost", "I gain three Kelon counters",
    "I gain Asleep", "I lose Fleeting"."""

    who: Gainer
    boosts: int = 0
    counter: str | None = None
    counters: int = 0
    status: Status | None = None
    lose: bool = False
    types: tuple[ObjectType, ...] = ()
    """For "target Character gains ...": the types a target may have."""


@dataclass(frozen=True)
class PutMe:
    zone: Zone


@dataclass(frozen=True)
class PutFromHand:
    zone: Zone
    optional: bool = False


@dataclass(frozen=True)
class PlayMe:
    free: bool
    optional: bool


@dataclass(frozen=True)
class DiscardTarget:
    types: tuple[ObjectType, ...]


@dataclass(frozen=True)
class ActivateTriggers:
    trigger: Trigger
    type: ObjectType
    optional: bool


@dataclass(frozen=True)
class ItIs:
    """"If it's a Permanent", "If it's a Landmark": the card an earlier step moved, wherever it is
    now (2.2.1.i, 2.2.2.o, 2.1.e)."""

    type: ObjectType | None = None
    subtype: str | None = None

    @property
    def what(self) -> str:
        return self.subtype or (self.type.value.capitalize() if self.type else "?")


@dataclass(frozen=True)
class YouControl:
    """"If you control two or more Landmarks": objects in play (2.2.1.h, 2.2.2.n)."""

    at_least: int
    subtype: str | None = None
    type: ObjectType | None = None

    @property
    def what(self) -> str:
        return f"{self.subtype or (self.type.value.capitalize() if self.type else '?')}s"


@dataclass(frozen=True)
class FirstPlayer:
    """"If you are the first player" / "If you are not the first player": in 2v2, a team member
    holding the first player token counts (the 2v2 page); in Free for All, only the holder."""

    negated: bool = False


@dataclass(frozen=True)
class MoveExpeditions:
    """"Move your hero Expedition forward", "Move your opponent's Expeditions backward", "Move target
    Expedition forward" (7.3.10, 7.3.11): each expedition moved is one atomic action of one step."""

    whose: Whose
    kind: ExpeditionKind | None
    """hero or companion; None for both ("Expeditions")."""
    forward: bool


@dataclass(frozen=True)
class Conditional:
    condition: ItIs | YouControl | FirstPlayer
    then: "Instruction"


@dataclass(frozen=True)
class Pay:
    amount: int


@dataclass(frozen=True)
class WithCost:
    """"You may [cost] to [effect]": the cost is one step (6.1.d, 6.4.a); a player may decline it
    (6.4.b), and then the internal action is ignored (6.4.f)."""

    cost: tuple[Pay | PutFromHand, ...]
    then: "Instruction"


Instruction = (
    CreateTokens | Draw | CreateOngoing | KeywordAction | LostEffect | Sacrifice | Gain | PutMe | PutFromHand | PlayMe
    | DiscardTarget | ActivateTriggers | Conditional | WithCost | MoveExpeditions
)


def parse_ongoing(passive: str) -> OngoingPassive | None:
    """An Ongoing emblem's passive (2.2.13) as a value, or None when the engine cannot read it."""
    cannot = _CANNOT_MOVE.match(passive)
    if cannot is not None:
        return CannotMove(Direction(cannot.group(1).lower()))
    next_card = _NEXT_CARD.match(passive)
    if next_card is not None:
        amount, direction, boosts = next_card.group(2), next_card.group(3), next_card.group(4)
        change = 0
        if amount is not None:
            change = (number(amount) or 0) * (-1 if direction.lower() == "less" else 1)
        return NextCardPlayed(next_card.group(1).lower() == "character", (number(boosts) or 0) if boosts else 0, change)
    return None
