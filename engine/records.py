"""The game's plain records: players and their expeditions, what happened, what is unknown, and
what the engine decided (outcomes, Progress, effects, costs, the players' decisions).

Records hold values and say nothing about the rules that make them: they import no rule module,
and every rule module may import them (engine.state holds the game that carries them).
"""

from __future__ import annotations

import functools

from dataclasses import dataclass, field
from enum import Enum

from .errors import Location, RulesSilent
from .catalogue import ENGLISH_RENDERER
from .messages import Items, Message, Param, Player as MessagePlayer, Term, msg
from .objects import Card
from .rulings import Ruling
from .vocabulary import ARENA, ExpeditionKind, Phase, PlayerName, Position, RegionType, Statistics, Word, Zone

__all__ = [
    "Expedition", "Player", "Termination", "Outcome", "HappeningKind", "Happening", "CardInZone", "UnknownScope", "Unknown", "Answer",
    "ProgressRecord", "EffectRecord", "CostRecord",
]


@functools.lru_cache(maxsize=4096)
def _expedition_said(player: PlayerName, kind: ExpeditionKind) -> Message:
    # A message is an immutable value, and an expedition is named in most lines of a Dusk.
    return msg("place.expedition", player=MessagePlayer(player), kind=Term(kind.value))


@dataclass
class Expedition:
    """A player's hero or companion expedition (3.2.4.b); it always exists, even empty (3.2.4.c)."""

    player: PlayerName
    kind: ExpeditionKind
    position: Position

    @property
    def label(self) -> str:
        return f"{self.player}'s {self.kind.value} expedition"

    def __post_init__(self) -> None:
        # The expedition as a message, "Alice's hero expedition": named in most lines of a Dusk, so
        # kept (a player's name and an expedition's kind never change).
        self.said: Message = _expedition_said(self.player, self.kind)

    def distance(self) -> int:
        """Distance from its starting region (1.3.3.b)."""
        assert self.position != ARENA
        return abs(int(self.position) - self.kind.origin)


@dataclass
class Player:
    name: PlayerName
    hero: Expedition
    companion: Expedition
    deck: list[Card] = field(default_factory=list)
    """Top card first. Hidden zone: cards, not objects (2.1.g)."""
    hand: list[Card] = field(default_factory=list)

    def expedition(self, kind: ExpeditionKind) -> Expedition:
        return self.hero if kind is ExpeditionKind.HERO else self.companion

    @property
    def expeditions(self) -> tuple[Expedition, Expedition]:
        return (self.hero, self.companion)

    def hidden(self, zone: Zone) -> list[Card]:
        return self.deck if zone is Zone.DECK else self.hand


class Termination(Enum):
    """Why the game ended, or that it goes on: each with the message the trace gives for it (its
    parameters are "winners" and the outcome's `details`), and the rules and rulings that decide it
    (1.3.3, 4.3, the game-mode pages; engine.ending)."""

    CONTINUES = ("end.continues", (), ())
    EXPEDITIONS_MET = ("end.expeditions_met", ("4.3.a",), ())
    EXPEDITIONS_CROSSED = ("end.expeditions_crossed", ("4.3.b",), ())
    GREATER_DISTANCE = ("end.greater_distance", ("1.3.3.b",), (Ruling.SAME_DUSK_FINISH,))
    TEAM_FINISHED = ("end.team_finished", ("2v2.victory",), (Ruling.MULTIPLAYER_FINISH,))
    THREE_FINISHED = ("end.three_finished", ("2v2.victory",), (Ruling.MULTIPLAYER_FINISH,))
    TEAM_ADVANCED_FURTHER = ("end.team_advanced_further", ("2v2.victory",), (Ruling.MULTIPLAYER_FINISH,))
    ONLY_FINISHER = ("end.only_finisher", ("free-for-all.victory",), (Ruling.MULTIPLAYER_FINISH,))
    ADVANCED_FURTHER = ("end.advanced_further", ("free-for-all.victory",), (Ruling.MULTIPLAYER_FINISH,))
    REGION_TYPES_WON = ("end.region_types_won", ("4.3.h", "1.3.3.e"), ())
    TEAM_REGION_TYPES_WON = ("end.team_region_types_won", ("2v2.tiebreaker",), ())
    HIGHEST_TOTAL = ("end.highest_total", ("1.3.3.d",), (Ruling.FREE_FOR_ALL_TIEBREAKER,))

    def __init__(self, message_id: str, rules: tuple[str, ...], rulings: tuple[Ruling, ...]) -> None:
        self.message_id = message_id
        self.rules = rules
        self.rulings = rulings


@dataclass(frozen=True)
class Outcome:
    """How the game stands: over (with its winners) or not, and why (a `Termination`, with the names
    and numbers its sentence gives). Decided in engine.ending."""

    winners: tuple[PlayerName, ...] = ()
    termination: Termination = Termination.CONTINUES
    details: tuple[tuple[str, Param], ...] = ()
    """The values the termination's message names, e.g. (("distance", 8), ("other", Player("Alice")))."""

    @property
    def message(self) -> Message:
        """Why, as data: the termination's message with the winners and the outcome's values."""
        return msg(self.termination.message_id, winners=Items(tuple(MessagePlayer(w) for w in self.winners)), **dict(self.details))

    @property
    def reason(self) -> str:
        """Why, in English."""
        return ENGLISH_RENDERER.render(self.message)

    @property
    def rules(self) -> tuple[str, ...]:
        return self.termination.rules

    @property
    def rulings(self) -> tuple[Ruling, ...]:
        return self.termination.rulings

    @property
    def over(self) -> bool:
        return bool(self.winners)

    @property
    def winner(self) -> PlayerName | None:
        """The single winner of a two-player or Free for All game (None if the game is not over)."""
        return self.winners[0] if len(self.winners) == 1 else None


class HappeningKind(Word):
    """What an atomic action or a phase did, that a reaction may trigger on (6.3.b, 7.5.4-5)."""

    ENTERS = "enters"
    """An object enters a visible zone."""
    LEAVES_ZONE = "leaves-zone"
    JOINS_EXPEDITION = "joins-expedition"
    LEAVES_EXPEDITION = "leaves-expedition"
    CEASES = "ceases"
    PLAYED = "played"
    """A card is played from the Hand or the Reserve."""
    SACRIFICED = "sacrificed"
    PHASE = "phase"
    """A phase begins."""


@dataclass(frozen=True)
class Happening:
    """Something an atomic action did that a reaction may trigger on (6.3.b)."""

    kind: HappeningKind
    object_id: int | None = None
    player: PlayerName | None = None
    expedition: ExpeditionKind | None = None
    zone: Zone | None = None
    phase: Phase | None = None
    from_zone: Zone | None = None
    """"enters", "played": the zone it came from; "leaves-zone": the zone it went to."""
    new_id: int | None = None
    """"leaves-zone", "sacrificed": the new object the card became in a visible zone (2.1.c, 2.1.e)."""

    def __init__(
        self,
        kind: HappeningKind,
        object_id: int | None = None,
        player: PlayerName | None = None,
        expedition: ExpeditionKind | None = None,
        zone: Zone | None = None,
        phase: Phase | None = None,
        from_zone: Zone | None = None,
        new_id: int | None = None,
    ) -> None:
        # Every atomic action and phase makes happenings: the fields go straight into the instance
        # dict instead of through object.__setattr__ one by one, as the generated __init__ of a
        # frozen dataclass does (the happening stays frozen: assigning a field still raises).
        fields = self.__dict__
        fields["kind"] = kind
        fields["object_id"] = object_id
        fields["player"] = player
        fields["expedition"] = expedition
        fields["zone"] = zone
        fields["phase"] = phase
        fields["from_zone"] = from_zone
        fields["new_id"] = new_id


@dataclass(frozen=True)
class CardInZone:
    """A card in a hidden zone (Deck, Hand): not an object (2.1.g), found by its owner and position."""

    owner: PlayerName
    card: Card
    zone: Zone

    @property
    def name(self) -> str:
        return self.card.name or "(no name)"


class UnknownScope(Enum):
    """What a step whose game effect is lost in the sources may have changed."""

    ALL = "all"
    """Anything: the board is unknown (Resupply, Sabotage, a lost effect)."""
    MANA = "mana"
    """A player's Mana zone (how Mana pays a cost)."""
    OBJECT = "object"
    """One object (a cost symbol lost in the sources)."""


@dataclass(frozen=True)
class Unknown:
    """Part of the game state the engine cannot know, because a step's game effect is lost in
    the sources (Resupply, Sabotage, a lost effect or cost symbol, how Mana pays a cost)."""

    said: Message
    """What is unknown, as a message ("how Alice paid ... with Mana")."""
    scope: UnknownScope
    player: PlayerName | None = None
    object_id: int | None = None

    @property
    def reason(self) -> str:
        return ENGLISH_RENDERER.render(self.said)


@dataclass(frozen=True)
class Answer:
    """One decision a scenario gives: who makes it and what they choose (a name, yes or no)."""

    player: PlayerName
    answer: str
    location: Location | None = None


@dataclass(frozen=True)
class ProgressRecord:
    """What Progress decided for one expedition."""

    statistics: Statistics
    opposing: Statistics
    region_types: frozenset[RegionType]
    won: tuple[RegionType, ...]
    """Statistics that meet 4.2.4.b: a region type of its region, positive, greater than the opposing one."""
    moved: bool = False
    failed: bool = False
    """4.2.4.g: it did not move forward during Progress (never during tiebreakers)."""
    unknown: Param | None = None
    """Statistics no source gives decided it (a case of them, engine.dusk): `statistics`, `opposing`
    and `won` are then what the sources give, and which statistics it won is not known."""

    def __init__(self, statistics: Statistics, opposing: Statistics, region_types: frozenset[RegionType],
                 won: tuple[RegionType, ...], moved: bool = False, failed: bool = False, unknown: Param | None = None) -> None:
        # As Statistics: made for every expedition at every Dusk, its fields set straight into the
        # instance dict rather than through object.__setattr__ (still frozen).
        fields = self.__dict__
        fields["statistics"] = statistics
        fields["opposing"] = opposing
        fields["region_types"] = region_types
        fields["won"] = won
        fields["moved"] = moved
        fields["failed"] = failed
        fields["unknown"] = unknown

    @property
    def due_to(self) -> tuple[RegionType, ...]:
        """4.2.4.h (ruling moves-forward-due-to): the statistics it won, if it moved forward."""
        if self.unknown is not None and self.moved:
            raise RulesSilent(msg("refusal.due_to_unknown", unknown=self.unknown))
        return self.won if self.moved else ()


@dataclass(frozen=True)
class EffectRecord:
    """The last effect resolved: its text, its steps (6.1.b-c) and its own atomic actions (6.1.e)."""

    text: str
    steps: int
    atomic_actions: int
    controller: str = ""
    step_texts: tuple[str, ...] = ()


@dataclass(frozen=True)
class CostRecord:
    """The last cost paid or declined: always a single step (6.1.d, 6.4.a)."""

    text: str
    paid: bool
    steps: int
    atomic_actions: int | None
    """None when a part of the cost is lost in the sources."""
    parts: tuple[str, ...] = ()
    """What was paid, as read (Activated.cost): "exhaust", "discard", "pay 1", "lost"; "pay 1" added
    when an ability costs more (Lindiwe & Maw's "if you are not the first player")."""
    printed: str | None = None
    """A played card's printed cost, named by the zone it is paid from: "Hand cost" (2.2.6) or
    "Reserve cost" (2.2.7); None for an ability's cost and for a card played for free."""
    base: int | None = None
    """That printed number, before changes; None where no source prints it."""
    changes: tuple[int, ...] = ()
    """The changes applied, in order: -1 for "costs 1 less", +1 for "costs 1 more" (2.2.13.c)."""
    free: bool = False
    """Played "for free": its printed cost is not paid."""
    unknown: Message | None = None
    """Why the Mana it asks for is not known (a printed cost no source gives, a cost below 0)."""
    said: Message | None = None
    """The cost named in the reader's words ("le coût de Kuwat"); `text` is its English."""

    @property
    def declined(self) -> bool:
        """Declined (6.4.b): the card or ability is not played (6.4.d-e), an internal action is ignored (6.4.f)."""
        return not self.paid

    @property
    def mana(self) -> int | None:
        """The Mana the cost asks for, the sum of its "pay N" parts; None when a part is lost in the
        sources (a lost cost symbol may ask for Mana too) or the amount is unknown (`unknown`)."""
        if "lost" in self.parts or self.unknown is not None:
            return None
        return sum(int(p.split()[1]) for p in self.parts if p.startswith("pay "))
