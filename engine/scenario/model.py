"""What a scenario is once read: its setup, actions and expectations, and the result of a run.

The keys of the format live here too; its actions and paths are declared in their registries
(engine.scenario.actions, engine.scenario.paths), which the reader and the runner share.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Sequence

from ..deck import DeckCard
from ..errors import EngineError, Forbidden, GameOver, Location, LoopLimit, MissingRegionTypes, RulesSilent
from ..objects import Card, describe_character
from ..places import PLACES
from ..readings import Readings
from ..state import Region
from ..trace import TraceLine
from ..vocabulary import BoosterWar, DeckFormat, ExpeditionKind, Mode, Status, Zone

__all__ = [
    "Action", "Expectation", "Difference", "CharacterSetup", "PlayerSetup", "Setup", "Scenario", "ScenarioResult",
    "REFUSALS", "RefusedAt", "character_key", "shown", "ObjectSetup", "PLACES_WORDS",
]

SCENARIO_KEYS = ("name", "rules", "given", "when", "then", "choices", "note")
BOARD_KEYS = ("players", "first_player", "mode", "variant", "adventure", "tiebreakers", "day")
DECK_KEYS = ("format", "deck")
PLAYER_KEYS = ("hero", "companion", "deck", "hand", "reserve", "discard", "mana", "landmarks", "hero_zone", "presented", "booster")
EXPEDITION_KEYS = ("region", "characters")
CHARACTER_KEYS = (
    "name", "type", "stats", "subtypes", "keywords", "statuses", "token", "exhausted", "boosts", "counters", "reactions",
    "passives", "quick_actions", "supports", "effect", "textbox", "rarity", "faction", "hand_cost", "reserve_cost",
    "printed_name", "language", "type_line",
)
DECK_CARD_KEYS = ("name", "type", "faction", "rarity", "count", "printed_name")
DECK_CARD_TYPES = ("hero", "character", "spell", "permanent", "token")
# Where `put:` may send a card: every place but the Hero zone, in the order its error lists them.
ZONES_FOR_PUT = {word: PLACES[word] for word in ("reserve", "discard", "hand", "deck", "mana", "landmarks", "hero", "companion")}
PLACES_WORDS = tuple(PLACES)   # the scenario's words for a player's places (engine.places.PLACES)
"""Where an object is named: Alice.hero.Kuwat (an expedition), Alice.reserve.Kuwat, Alice.hand.Kuwat..."""
REFUSALS: dict[str, type[EngineError]] = {
    "rules-silent": RulesSilent,
    "missing-region-types": MissingRegionTypes,
    "game-over": GameOver,
    "loop-limit": LoopLimit,
    "forbidden": Forbidden,
}


# ---- the parsed scenario --------------------------------------------------------------------
@dataclass(frozen=True)
class Action:
    kind: str
    """The action's word in engine.scenario.actions: a phase (dusk, morning...), check_deck,
    check_victory, move_forward, put, effect..."""
    player: str | None = None
    expedition: ExpeditionKind | None = None
    name: str | None = None
    text: str | None = None
    zone: Zone | None = None
    target: tuple[str, ExpeditionKind] | None = None
    location: Location | None = None
    place: str | None = None
    """Where the named object is (PLACES_WORDS), for put, play, quick_action and support."""
    to: ExpeditionKind | None = None
    """The expedition a card is played or put into."""
    to_player: str | None = None
    """`to: Carol.hero`: the player whose expedition that is, when the scenario names one."""
    target_object: tuple[str, str, str] | None = None
    ability: int = 1
    decline_cost: bool = False
    """6.4.d-e: the player declines to pay the cost, so the card or quick action is not played."""
    expand: bool = False
    """`{morning: expand}`: the players' Expand decisions are given in `choices:` (4.2.1.e)."""


@dataclass(frozen=True)
class Expectation:
    path: str
    expected: Any
    """Normalized: the value compared with what the engine observes."""
    shown: str
    """The expected value as the judge wrote it."""
    location: Location | None = None


@dataclass(frozen=True)
class RefusedAt:
    """`cost.mana: {refused: rules-silent}`: the engine must refuse to give that path's value, for
    that reason (a value no source gives, a cost below 0...). Every refusal the engine can make is
    expectable where it arises: at an action with `refused:`, at a path with this form."""

    kind: str
    """A word of REFUSALS."""

    def __str__(self) -> str:
        return f"refused: {self.kind}"


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
class ObjectSetup:
    """A card given on the board, and what is on it: exhausted, boosts, counters, statuses."""

    card: Card
    exhausted: bool = False
    boosts: int = 0
    counters: dict[str, int] = field(default_factory=dict)
    statuses: frozenset[Status] = frozenset()


@dataclass
class CharacterSetup:
    card: Card
    expedition: ExpeditionKind
    exhausted: bool = False
    extra: ObjectSetup | None = None


@dataclass
class PlayerSetup:
    positions: dict[ExpeditionKind, Any] = field(default_factory=dict)
    characters: list[CharacterSetup] = field(default_factory=list)
    zones: dict[Zone, list[ObjectSetup]] = field(default_factory=dict)
    mana: int = 0
    mana_exhausted: int = 0
    presented: Card | None = None
    """4.1.e-f: the card presented face down before the game begins (`setup` reveals it, 4.1.h)."""


@dataclass
class Setup:
    players: list[str] = field(default_factory=list)
    first_player: str | None = None
    mode: Mode = Mode.TWO_PLAYER
    adventure: list[Region] | None = None
    tiebreakers: bool = False
    booster_war: BoosterWar | None = None
    """`mode: booster-war` (a two-player game), with its `variant:`."""
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
    choices: list[Any] = field(default_factory=list)
    """Decisions (engine.choices.Answer), in the order the engine asks them."""
    unreadable: EngineError | None = None
    """A case of a file that could not be read (a misspelt key, an unknown form...): it fails alone,
    with its file and line, and the other cases of the file still run (engine.scenario.reader)."""

    @property
    def path(self) -> str | None:
        return self.location.path if self.location else None


@dataclass
class ScenarioResult:
    scenario: Scenario
    differences: list[Difference] = field(default_factory=list)
    trace: Sequence[TraceLine] = field(default_factory=list)
    """What the engine did, line by line (a `TraceLines` after a run: each line made when read)."""
    error: EngineError | None = None
    refused: EngineError | None = None
    """The refusal the run ended with (rules-silent, forbidden...), whether expected or not."""
    readings: Readings | None = None
    """Where the sources leave a question open: each reading and its outcome (engine.readings)."""

    @property
    def undecided(self) -> bool:
        """The readings the sources allow give different outcomes."""
        return self.readings is not None and not self.readings.decided

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


