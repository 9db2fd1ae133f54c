"""What a scenario is once read: its setup, actions and expectations, and the result of a run.

The words of the format (keys, actions, paths) live here too, so that the reader
(engine.reader) and the runner (engine.scenario) agree on them.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from .deck import DeckCard
from .errors import EngineError, GameOver, Location, LoopLimit, MissingRegionTypes, RulesSilent
from .objects import Card, describe_character
from .state import Region
from .trace import TraceLine
from .vocabulary import DeckFormat, ExpeditionKind, Mode, Phase, Zone

__all__ = [
    "Action", "Expectation", "Difference", "CharacterSetup", "PlayerSetup", "Setup", "Scenario", "ScenarioResult",
    "REFUSALS", "character_key", "shown",
]

SCENARIO_KEYS = ("name", "rules", "given", "when", "then", "note")
BOARD_KEYS = ("players", "first_player", "mode", "adventure", "tiebreakers", "day")
DECK_KEYS = ("format", "deck")
PLAYER_KEYS = ("hero", "companion", "deck", "hand", "reserve", "discard", "mana", "landmarks")
EXPEDITION_KEYS = ("region", "characters")
CHARACTER_KEYS = ("name", "stats", "subtypes", "keywords", "token", "exhausted", "reactions", "passives")
DECK_CARD_KEYS = ("name", "type", "faction", "rarity", "count")
DECK_CARD_TYPES = ("hero", "character", "spell", "permanent", "token")
PHASE_ACTIONS = {p.value: p for p in Phase}
WORD_ACTIONS = tuple(PHASE_ACTIONS) + ("check_deck", "check_victory")
MAPPING_ACTIONS = {
    "move_forward": (),
    "move_backward": (),
    "switch_expeditions": (),
    "lose_gigantic": (),
    "put": ("in",),
    "effect": ("controller", "target"),
}
ZONES_FOR_PUT = {"reserve": Zone.RESERVE, "discard": Zone.DISCARD, "hand": Zone.HAND, "deck": Zone.DECK, "mana": Zone.MANA, "landmarks": Zone.LANDMARK}
REFUSALS: dict[str, type[EngineError]] = {
    "rules-silent": RulesSilent,
    "missing-region-types": MissingRegionTypes,
    "game-over": GameOver,
    "loop-limit": LoopLimit,
}
GAME_PATHS = ("winner", "tiebreakers", "first_player", "day", "phase", "limbo", "effect.steps", "effect.atomic_actions", "refused")
DECK_PATHS = ("legal", "violations", "refused")
PLAYER_PATHS = ("statistics", "exhausted", "hand", "deck", "reserve", "discard", "mana", "landmarks")
EXPEDITION_PATHS = ("region", "statistics", "characters", "moved_forward", "failed_to_move_forward", "moved_forward_due_to", "exhausted")


# ---- the parsed scenario --------------------------------------------------------------------
@dataclass(frozen=True)
class Action:
    kind: str
    """A phase (dusk, morning...), check_deck, check_victory, move_forward, move_backward,
    switch_expeditions, put, effect."""
    player: str | None = None
    expedition: ExpeditionKind | None = None
    name: str | None = None
    text: str | None = None
    zone: Zone | None = None
    target: tuple[str, ExpeditionKind] | None = None
    location: Location | None = None

    def describe(self) -> str:
        if self.kind in WORD_ACTIONS:
            return self.kind
        where = f"{self.player}.{self.expedition.value}" if self.expedition else str(self.player)
        if self.kind == "effect":
            target = f" targeting {self.target[0]}.{self.target[1].value}" if self.target else ""
            return f"effect \"{self.text}\" controlled by {self.player}{target}"
        if self.kind == "put":
            return f"put {where}.{self.name} in {self.zone.value if self.zone else '?'}"
        if self.kind in ("switch_expeditions", "lose_gigantic"):
            return f"{self.kind} {where}.{self.name}"
        return f"{self.kind} {where}"


@dataclass(frozen=True)
class Expectation:
    path: str
    expected: Any
    """Normalized: the value compared with what the engine observes."""
    shown: str
    """The expected value as the judge wrote it."""
    location: Location | None = None


@dataclass(frozen=True)
class Difference:
    path: str
    expected: str
    actual: str
    location: Location | None = None

    def __str__(self) -> str:
        where = f" (line {self.location.line})" if self.location and self.location.line else ""
        return f"{self.path}: expected {self.expected}, actual {self.actual}{where}"


@dataclass
class CharacterSetup:
    card: Card
    expedition: ExpeditionKind
    exhausted: bool = False


@dataclass
class PlayerSetup:
    positions: dict[ExpeditionKind, Any] = field(default_factory=dict)
    characters: list[CharacterSetup] = field(default_factory=list)
    zones: dict[Zone, list[Card]] = field(default_factory=dict)
    mana: int = 0
    mana_exhausted: int = 0


@dataclass
class Setup:
    players: list[str] = field(default_factory=list)
    first_player: str | None = None
    mode: Mode = Mode.TWO_PLAYER
    adventure: list[Region] | None = None
    tiebreakers: bool = False
    day: int | None = None
    per_player: dict[str, PlayerSetup] = field(default_factory=dict)
    deck_format: DeckFormat | None = None
    deck: list[DeckCard] = field(default_factory=list)

    @property
    def is_deck(self) -> bool:
        return self.deck_format is not None


@dataclass
class Scenario:
    name: str
    rules: tuple[str, ...]
    setup: Setup
    actions: list[Action]
    expectations: list[Expectation]
    location: Location | None = None
    note: str | None = None

    @property
    def path(self) -> str | None:
        return self.location.path if self.location else None


@dataclass
class ScenarioResult:
    scenario: Scenario
    differences: list[Difference] = field(default_factory=list)
    trace: list[TraceLine] = field(default_factory=list)
    error: EngineError | None = None

    @property
    def passed(self) -> bool:
        return self.error is None and not self.differences

    @property
    def status(self) -> str:
        return "error" if self.error is not None else ("passed" if not self.differences else "failed")

    @property
    def name(self) -> str:
        return self.scenario.name


def shown(value: Any) -> str:
    if isinstance(value, list):
        return "[" + ", ".join(shown(v) for v in value) + "]"
    if value is None:
        return "none"
    if isinstance(value, bool):
        return "true" if value else "false"
    return str(value)


def character_key(card: Card) -> str:
    """Compared as a multiset: name, statistics, sub-types (in any order), Gigantic."""
    return describe_character(Card(card.name, card.type, tuple(sorted(card.subtypes)), card.statistics, card.keywords))


