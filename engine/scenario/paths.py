"""The registry of `then:` paths: each path of the scenario language declared once, with how its
expected value is read from YAML (and the error a bad one gets), how the engine's value is
observed on a game, and the line that describes it in docs/*/scenarios.md.

The reader (engine.scenario.reader_expectations), the runner (engine.scenario.runner) and the sandbox
(plugins/altered_rules/site_assets/sandbox_runtime.py) all look paths up here. Adding a path is one `_path(...)`
entry below, plus its test (docs/en/editing.md, "Adding a scenario path", walks through one).

A path is a family (what its first words name: the whole game, a region, an emblem, a player, an
expedition, an object, what a player sees) and an attribute:

    winner                    Family.GAME        "winner"
    adventure.3.face          Family.REGION      "face"         At(region=3)
    emblems.1.text            Family.EMBLEM      "text"         At(number=1)
    Alice.reserve.count       Family.PLAYER      "reserve.count" At(player="Alice")
    Alice.hero.region         Family.EXPEDITION  "region"       At(player="Alice", expedition=HERO)
    Alice.hero.Kuwat.boosts   Family.OBJECT      "boosts"       At(player, place="hero", name="Kuwat")
    Bob.sees.Alice.hand       Family.SEES        ""             At(player="Bob", seen=("Alice", "hand"))
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum
from typing import Any, Callable, Mapping

from .. import api
from ..messages import Card as Named, Message, Quote, msg
from ..choices import NO, YES
from ..errors import BoardError, Location, ScenarioError
from ..information import sees
from ..objects import Card, EmblemInfo, GameObject
from ..readings import Unenumerable, silent
from .reader_given import read_character
from .model import REFUSALS, Expectation, Setup, character_key, shown
from .syntax import located_value, location_of, read_position_expected, read_types, text_key, told
from ..board import Board
from ..state import Game
from ..vocabulary import (
    ARENA,
    Duration,
    ExpeditionKind,
    Face,
    Faction,
    Mode,
    ObjectType,
    Phase,
    Rarity,
    Statistics,
    Status,
    Zone,
    parse_enum,
)

__all__ = [
    "Family", "Given", "Knowledge", "At", "Written", "PathForm", "PATHS", "form", "forms_of", "spell", "locate_known",
    "observe", "shown_actual", "EXPEDITION_WORDS",
    "Compared", "compared", "REFUSED", "UNDECIDED",
]


class Family(Enum):
    """What the first words of a path name, and so what its placeholders are."""

    GAME = "game"                 # winner, effect.steps
    REGION = "adventure.N"        # adventure.3.face
    EMBLEM = "emblems.N"          # emblems.1.text
    PLAYER = "Player"             # Alice.hand, Alice.reserve.count
    EXPEDITION = "Player.expedition"  # Alice.hero.region
    OBJECT = "Player.place.Name"  # Alice.hero.Kuwat.boosts
    SEES = "Player.sees"          # Bob.sees.Alice.hand


class Given(Enum):
    """The scenarios a path belongs to: a board's, a deck's, or both."""

    BOARD = "board"
    DECK = "deck"
    EITHER = "either"


class Compared(Enum):
    """How the runner compares a path's expected value: most are observed on the game; three are
    outcomes of the run itself, compared by the runner (engine.scenario.runner)."""

    OBSERVED = "observed"    # the engine's value on the game (the entry's `observe`)
    DECK = "deck"            # the deck check's report (legal, violations)
    REFUSAL = "refusal"      # the refusal the run ends with (refused)
    READINGS = "readings"    # each reading's outcome where the sources leave a question open (undecided)


class Knowledge(Enum):
    """Whether a value stays known after a step whose game effect the sources do not give
    (Resupply, Sabotage, a lost effect: game.log.unknowns)."""

    BOARD = "board"    # a value of the board: refused once anything is unknown
    RECORD = "record"  # a record of what happened: always known
    MANA = "mana"      # refused only when that player's Mana zone is unknown


@dataclass(frozen=True)
class At:
    """The placeholders a path fills in."""

    player: str = ""
    expedition: ExpeditionKind | None = None
    region: int = 0
    number: int = 0
    """emblems.N: the N-th emblem created, from 1."""
    place: str = ""
    """Player.place.Name: where the object is (engine.places.PLACES)."""
    name: str = ""
    seen: tuple[str, ...] = ()
    """Player.sees...: the place the player looks at (["limbo"], ["adventure", "3"], ["Alice", "hand"])."""


_WHOLE_VALUE: Any = object()


@dataclass(slots=True)
class Written:
    """An expected value as the judge wrote it, and what reading it needs."""

    value: Any
    path: str
    setup: Setup
    place: Location | None
    container: Any = None
    key: Any = None
    read_nested: Callable[[Any, Setup, Location | None], tuple[Expectation, ...]] | None = None
    """Reads a mapping of paths nested in this value (`undecided:`), as `then:` is read."""

    def bad(self, message: Message) -> ScenarioError:
        return ScenarioError(told("read.at_path", path=self.path, said=message), self.place)

    def enum(self, kind: Any, what: str | Message, value: Any = _WHOLE_VALUE) -> Any:
        """An enum word (the value, or one item of it), or the enum's own error (what is allowed) at the path's line."""
        return located_value(lambda: parse_enum(kind, self.value if value is _WHOLE_VALUE else value, what), self.place)


Read = Callable[[Written], Any]
Observe = Callable[[Game, At], Any]


@dataclass(frozen=True)
class PathForm:
    family: Family
    attribute: str
    read: Read
    """The expected value, normalized as `observe` gives the engine's; ScenarioError if it is bad."""
    observe: Observe | None
    """The engine's value on a game; None for the paths the runner compares (`compared`)."""
    doc: str
    """One line for the spec's list of paths (docs/*/scenarios.md, checked by a test)."""
    given: Given = Given.BOARD
    knowledge: Knowledge = Knowledge.BOARD
    show: Callable[[Any], str] | None = None
    """How the expected value is shown, when not as written (undecided)."""
    show_actual: Callable[[Any], str] | None = None
    """How the engine's value is shown in a difference, when not as a plain value (winner)."""
    compared: Compared = Compared.OBSERVED

    @property
    def pattern(self) -> str:
        """The path with its placeholders named: `Player.expedition.region`."""
        return self.attribute if self.family is Family.GAME else f"{self.family.value}.{self.attribute}".rstrip(".")


PATHS: list[PathForm] = []
_BY_KEY: dict[tuple[Family, str], PathForm] = {}


def _path(family: Family, attribute: str, read: Read, observe: Observe | None, doc: str, **options: Any) -> PathForm:
    """Declare a path (a raise, not an assert: the checks hold under `python -O` too)."""
    entry = PathForm(family, attribute, read, observe, doc, **options)
    if (family, attribute) in _BY_KEY:
        raise ValueError(f"the scenario path {entry.pattern} is declared twice in engine.scenario.paths")
    if (observe is None) != (entry.compared is not Compared.OBSERVED):
        raise ValueError(f"the scenario path {entry.pattern}: a path is either observed on the game (an observe function) "
                         f"or compared by the runner (compared={entry.compared.name}), not both nor neither")
    PATHS.append(entry)
    _BY_KEY[family, attribute] = entry
    return entry


def form(family: Family, attribute: str) -> PathForm | None:
    return _BY_KEY.get((family, attribute))


def compared(path: str) -> Compared:
    """How the runner compares an accepted path (observed on the game, or an outcome of the run)."""
    found = _LOCATED.get(path)  # asked several times per expectation of every run
    return (found if found is not None else locate_known(path))[0].compared


def forms_of(family: Family, given: Given = Given.BOARD) -> list[PathForm]:
    """The family's paths, in the order they are declared (the order error messages list them)."""
    return [f for f in PATHS if f.family is family and f.given in (given, Given.EITHER)]


def spell(entry: PathForm, at: At) -> str:
    """The path that names `at`: spell(EXPEDITION region, At("Alice", HERO)) == "Alice.hero.region"."""
    if entry.family is Family.GAME:
        return entry.attribute
    if entry.family is Family.REGION:
        return f"adventure.{at.region}.{entry.attribute}"
    if entry.family is Family.EMBLEM:
        return f"emblems.{at.number}.{entry.attribute}"
    if entry.family is Family.PLAYER:
        return f"{at.player}.{entry.attribute}"
    if entry.family is Family.EXPEDITION:
        assert at.expedition is not None
        return f"{at.player}.{at.expedition.value}.{entry.attribute}"
    if entry.family is Family.OBJECT:
        return f"{at.player}.{at.place}.{at.name}.{entry.attribute}"
    return ".".join((at.player, "sees", *at.seen))


EXPEDITION_WORDS = tuple(k.value for k in ExpeditionKind)
"""`hero`, `companion`: the second word of an expedition's paths (Alice.hero.region)."""


def locate_known(path: str) -> tuple[PathForm, At]:
    """A path the reader has accepted, and what it points at: the runner's and the sandbox's way
    in (the reader checks every path against the board first, engine.scenario.reader_expectations)."""
    found = _LOCATED.get(path)
    if found is None:
        found = _locate(path)
        if len(_LOCATED) < 4096:  # the paths of a file's scenarios repeat: found once each
            _LOCATED[path] = found
    return found


_LOCATED: dict[str, tuple[PathForm, At]] = {}


def _locate(path: str) -> tuple[PathForm, At]:
    game = _BY_KEY.get((Family.GAME, path))
    if game is not None:
        return game, At()
    parts = path.split(".")
    if parts[0] == "emblems":
        return _BY_KEY[Family.EMBLEM, parts[2]], At(number=int(parts[1]))
    if parts[0] == "adventure":
        return _BY_KEY[Family.REGION, parts[2]], At(region=int(parts[1]))
    player = parts[0]
    if parts[1] == "sees":
        return _BY_KEY[Family.SEES, ""], At(player=player, seen=tuple(parts[2:]))
    if len(parts) >= 4:
        return _BY_KEY[Family.OBJECT, parts[-1]], At(player=player, place=parts[1], name=".".join(parts[2:-1]))
    if parts[1] in EXPEDITION_WORDS and len(parts) == 3:
        return _BY_KEY[Family.EXPEDITION, parts[2]], At(player=player, expedition=ExpeditionKind(parts[1]))
    return _BY_KEY[Family.PLAYER, ".".join(parts[1:])], At(player=player)


def observe(game: Game, path: str) -> Any:
    """The engine's value at a `then:` path, normalized like the expectation."""
    entry, at = locate_known(path)
    if game.log.unknowns:  # only a lost game effect makes a value unknown
        if entry.knowledge is Knowledge.MANA:
            game.log.refuse_if_unknown(msg("observe.path", path=Quote(path)), player=at.player, zone=Zone.MANA)
        elif entry.knowledge is Knowledge.BOARD:
            game.log.refuse_if_unknown(msg("observe.path", path=Quote(path)))
    if entry.observe is None:
        raise ValueError(f"{path} is compared by the runner ({entry.compared.name}), not observed on the game")
    return entry.observe(game, at)


def shown_actual(path: str, actual: Any) -> str:
    """The engine's value at `path` as a difference shows it."""
    entry, _ = locate_known(path)
    if entry.show_actual is not None:
        return entry.show_actual(actual)
    if isinstance(actual, (list, tuple)):
        return shown(list(actual))
    return shown(actual)


# ---- reading values: the shapes several paths share -------------------------------------------
def _is_count(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool) and value >= 0


def _is_none(value: Any) -> bool:
    return value is None or (isinstance(value, str) and value.strip().lower() == "none")


def _boolean(w: Written) -> bool:
    if not isinstance(w.value, bool):
        raise w.bad(told("read.expected_boolean", value=shown(w.value)))
    return w.value


def _count(message: Message) -> Read:
    def read(w: Written) -> int:
        if not _is_count(w.value):
            raise w.bad(message)
        count: int = w.value
        return count
    return read


def _count_or_names(w: Written) -> Any:
    if _is_count(w.value):
        return w.value
    if isinstance(w.value, list) and all(isinstance(v, str) for v in w.value):
        return sorted(v.strip() for v in w.value)
    raise w.bad(told("read.expected_count_or_names"))


def _player(w: Written) -> str:
    if not isinstance(w.value, str) or w.value not in w.setup.players:
        raise w.bad(told("read.unknown_player", name=shown(w.value), players=w.setup.players))
    return w.value


def _player_or_none(w: Written) -> str | None:
    if _is_none(w.value):
        return None
    if not isinstance(w.value, str) or w.value.strip() not in w.setup.players:
        raise w.bad(told("read.unknown_player", name=shown(w.value), players=w.setup.players))
    return w.value.strip()


def _controller(w: Written) -> str:
    if str(w.value).strip() not in w.setup.players:
        raise w.bad(told("read.unknown_player", name=shown(w.value), players=w.setup.players))
    return str(w.value).strip()


def _texts(example: Message) -> Read:
    def read(w: Written) -> list[str]:
        if not isinstance(w.value, list) or not all(isinstance(v, str) for v in w.value):
            raise w.bad(example)
        return [text_key(v) for v in w.value]
    return read


def _types(w: Written) -> list[str]:
    return sorted(t.value for t in located_value(lambda: read_types(w.value, w.container, w.key, w.place), w.place))


def _statistics(w: Written) -> str:
    return str(located_value(lambda: Statistics.parse(w.value), w.place))


def _statistics_or_none(w: Written) -> str | None:
    return None if w.value is None or str(w.value).strip().lower() == "none" else _statistics(w)


def _choice_log(w: Written) -> list[str]:
    if not isinstance(w.value, list):
        raise w.bad(told("read.expected_choice_log", example="[{Alice: yes}, {Bob: Kelon Elemental}]"))
    log = []
    for entry in w.value:
        if isinstance(entry, Mapping) and len(entry) == 1:
            ((player, answer),) = entry.items()
            answer = (YES if answer else NO) if isinstance(answer, bool) else answer
            log.append(text_key(f"{player}: {answer}"))
        elif isinstance(entry, str) and ":" in entry:
            log.append(text_key(entry))
        else:
            raise w.bad(told("read.decision_shape", shape="{Player: answer}", value=shown(entry)))
    return log


def _printed(attribute: str) -> Read:
    """Costs (2.2.6-7), faction (2.2.8), rarity (2.2.4): a value, or none."""
    def read(w: Written) -> Any:
        if _is_none(w.value):
            return None
        if attribute == "faction":
            return w.enum(Faction, told("read.enum.faction")).value
        if attribute == "rarity":
            return w.enum(Rarity, told("read.enum.rarity")).value
        if isinstance(w.value, bool) or not isinstance(w.value, int) or w.value < 0:
            raise w.bad(told("read.expected_number_or_none"))
        return w.value
    return read


def _text(w: Written) -> str:
    if not isinstance(w.value, str):
        raise w.bad(told("read.expected_text"))
    return text_key(w.value)


def _word(expected: str, message: Message) -> Read:
    """A value that can only be one word (a type the rules fix)."""
    def read(w: Written) -> str:
        if not isinstance(w.value, str) or w.value.strip().lower() != expected:
            raise w.bad(message)
        return expected
    return read


# ---- the whole game --------------------------------------------------------------------------
def _read_winner(w: Written) -> tuple[str, ...]:
    if _is_none(w.value):
        return ()
    names = w.value if isinstance(w.value, list) else [w.value]
    for name in names:
        if not isinstance(name, str) or name.strip() not in w.setup.players:
            raise w.bad(told("read.unknown_winner", name=shown(name), players=w.setup.players))
    winners = {n.strip() for n in names}
    if w.setup.mode is Mode.TWO_VS_TWO and len(winners) == 1:
        # "wins the game for their team" (2v2 page): one name stands for that player's team,
        # as the engine seats it.
        winners = set(Board.new(list(w.setup.players), mode=w.setup.mode).team_of(next(iter(winners))))
    return tuple(sorted(winners))


def _read_refused(w: Written) -> str:
    word = str(w.value).strip().lower()
    if word not in REFUSALS:
        raise w.bad(told("read.unknown_refusal", word=repr(w.value), allowed=REFUSALS))
    return word


def _read_violations(w: Written) -> list[str]:
    if not isinstance(w.value, list):
        raise w.bad(told("read.expected_rules"))
    return sorted({str(v).strip() for v in w.value})


def _read_passed(w: Written) -> list[str]:
    value = w.value
    names = value if isinstance(value, list) else ([] if value is None or str(value).lower() == "none" else [value])
    for n in names:
        if str(n) not in w.setup.players:
            raise w.bad(told("read.unknown_player", name=shown(n), players=w.setup.players))
    return sorted(str(n) for n in names)


def _read_day(w: Written) -> int:
    if isinstance(w.value, bool) or not isinstance(w.value, int):
        raise w.bad(told("read.expected_day"))
    return w.value


def _arena_types(game: Game, at: At) -> Any:
    if not game.board.tiebreakers:
        return "no Arena: tiebreakers have not started"
    return sorted(t.value for t in game.region_types_at(ARENA))


def _cost_value(attribute: str) -> Observe:
    def observe_cost(game: Game, at: At) -> Any:
        cost = game.log.last_cost
        if cost is None:
            return None
        if attribute in ("mana", "parts") and cost.unknown is not None:
            raise silent(msg("refusal.cost_mana_why", cost=cost.said or Quote(cost.text), why=cost.unknown),
                         Unenumerable.UNPRINTED_VALUE if cost.base is None and not cost.free else Unenumerable.NO_CANDIDATES)
        if attribute == "atomic_actions" and cost.atomic_actions is None:
            raise silent(msg("refusal.cost_atomic_unknown_named", cost=cost.said) if cost.said is not None
                         else msg("refusal.cost_atomic_unknown", cost=Quote(cost.text)), Unenumerable.LOST_TEXT)
        if attribute == "mana" and cost.mana is None:
            raise silent(msg("refusal.cost_mana_unknown_named", cost=cost.said) if cost.said is not None
                         else msg("refusal.cost_mana_unknown", cost=Quote(cost.text)), Unenumerable.LOST_TEXT)
        if attribute == "parts":
            return [text_key("..." if p == "lost" else p) for p in cost.parts]
        if attribute == "changes":
            return list(cost.changes)
        return getattr(cost, attribute)
    return observe_cost


def _read_printed_cost(w: Written) -> str | None:
    if _is_none(w.value):
        return None
    words = {"hand cost": "Hand cost", "reserve cost": "Reserve cost"}
    if not isinstance(w.value, str) or w.value.strip().lower() not in words:
        raise w.bad(told("read.expected_cost_kind", words="`Hand cost`, `Reserve cost`", value=shown(w.value)))
    return words[w.value.strip().lower()]


def _read_cost_changes(w: Written) -> list[int]:
    if not isinstance(w.value, list) or not all(isinstance(v, int) and not isinstance(v, bool) and v != 0 for v in w.value):
        raise w.bad(told("read.expected_cost_changes", value=shown(w.value)))
    return list(w.value)


def _effect_value(attribute: str) -> Observe:
    def observe_effect(game: Game, at: At) -> Any:
        effect = game.log.last_effect
        if effect is None:
            return None
        if attribute == "step_texts":
            return [text_key(t) for t in effect.step_texts]
        return getattr(effect, attribute)
    return observe_effect


_WHOLE = Family.GAME
_RECORD = {"knowledge": Knowledge.RECORD}
_path(_WHOLE, "winner", _read_winner, lambda game, at: tuple(sorted(game.board.outcome.winners)),
      "a player's name, or `none`; in 2v2 the winning team as a list, or one of its players' names",
      show_actual=lambda winners: shown(list(winners)) if len(winners) > 1 else (winners[0] if winners else "none"))
_path(_WHOLE, "tiebreakers", _boolean, lambda game, at: game.board.tiebreakers, "`true` / `false`")
_path(_WHOLE, "first_player", _player, lambda game, at: game.board.first_player, "the first player's name")
_path(_WHOLE, "day", _read_day, lambda game, at: game.board.day, "the day number", **_RECORD)
_path(_WHOLE, "phase", lambda w: w.enum(Phase, told("read.enum.phase")).value, lambda game, at: game.board.phase.value if game.board.phase else None,
      "the phase", **_RECORD)
_path(_WHOLE, "turn", _player_or_none, lambda game, at: game.board.turn, "the player whose turn it is, or `none`", **_RECORD)
_path(_WHOLE, "passed", _read_passed, lambda game, at: sorted(game.board.passed), "the players who have passed this Afternoon", **_RECORD)
_path(_WHOLE, "limbo", _count_or_names, lambda game, at: sorted(o.describe() for o in game.board.in_zone(Zone.LIMBO)),
      "a number of objects in Limbo, or their descriptions")
_path(_WHOLE, "choices", _choice_log, lambda game, at: [text_key(c) for c in game.log.choices_made],
      "every decision made, in order, written like `choices:`", **_RECORD)
_path(_WHOLE, "emblems", _count_or_names, lambda game, at: sorted(o.describe() for o in game.log.emblem_log),
      "a number, or the emblems created during the scenario", **_RECORD)
_path(_WHOLE, "reactions_played", _choice_log, lambda game, at: [text_key(r) for r in game.log.reactions_played],
      "every Emblem-Reaction played, in order (4.4.b-c)", **_RECORD)
_path(_WHOLE, "arena.types", _types, _arena_types, "the Arena's region types once tiebreakers have started (4.3.f, 2.2.2.p)")
_STEPS = told("read.expected_whole_number")
_path(_WHOLE, "effect.steps", _count(_STEPS), _effect_value("steps"), "the steps of the last effect resolved (6.1.b-c)", **_RECORD)
_path(_WHOLE, "effect.atomic_actions", _count(_STEPS), _effect_value("atomic_actions"),
      "the atomic actions of the last effect resolved (6.1.e)", **_RECORD)
_path(_WHOLE, "effect.step_texts", _texts(told("read.expected_step_texts", example="[Sabotage, Resupply]")), _effect_value("step_texts"),
      "the last effect's steps as written, in order", **_RECORD)
_path(_WHOLE, "effect.controller", _player_or_none, _effect_value("controller"), "the player who controlled the last effect", **_RECORD)
_path(_WHOLE, "cost.steps", _count(_STEPS), _cost_value("steps"), "the steps of the last cost paid or declined (6.1.d, 6.4)", **_RECORD)
_path(_WHOLE, "cost.atomic_actions", _count(_STEPS), _cost_value("atomic_actions"), "the atomic actions of the last cost", **_RECORD)
_path(_WHOLE, "cost.paid", _boolean, _cost_value("paid"), "whether the last cost was paid", **_RECORD)
_path(_WHOLE, "cost.parts", _texts(told("read.expected_cost_parts", example="[exhaust, pay 1]")),
      _cost_value("parts"), "the last cost's parts as paid", **_RECORD)
_path(_WHOLE, "cost.mana", _count(_STEPS), _cost_value("mana"), "the Mana the last cost asks for", **_RECORD)
_path(_WHOLE, "cost.declined", _boolean, _cost_value("declined"), "whether the last cost was declined (6.4.b)", **_RECORD)
_path(_WHOLE, "cost.printed", _read_printed_cost, _cost_value("printed"),
      "the printed cost of the last card played or declined: `Hand cost` (2.2.6), `Reserve cost` (2.2.7), or none", **_RECORD)
_path(_WHOLE, "cost.base", _printed("cost"), _cost_value("base"), "that printed cost's number, before changes (none where no source prints it)", **_RECORD)
_path(_WHOLE, "cost.changes", _read_cost_changes, _cost_value("changes"),
      "the changes applied to the last card's cost, in order: -1 for \"costs 1 less\", 1 for \"costs 1 more\" (2.2.13.c)", **_RECORD)
_path(_WHOLE, "cost.free", _boolean, _cost_value("free"), "whether the last card was played \"for free\"", **_RECORD)
_path(_WHOLE, "legal", _boolean, None, "deck scenarios: whether the deck is legal", given=Given.DECK, compared=Compared.DECK)
_path(_WHOLE, "violations", _read_violations, None, "deck scenarios: every rule broken, compared as a set", given=Given.DECK,
      compared=Compared.DECK)
REFUSED = _path(_WHOLE, "refused", _read_refused, None, "the refusal the engine must end with", given=Given.EITHER,
                compared=Compared.REFUSAL, **_RECORD)


def _read_undecided(w: Written) -> tuple[tuple[str, tuple[Expectation, ...]], ...]:
    """Each reading the sources allow (its label, as the engine names it) and the values expected
    under it: the readings give different outcomes (engine.readings)."""
    value = w.value
    if w.setup.is_deck or not isinstance(value, Mapping) or len(value) < 2:
        raise w.bad(told("read.expected_readings", example='{"Tidecaller, then Grovekeeper": {arena.types: [forest]}, '
                                                      '"Grovekeeper, then Tidecaller": {arena.types: [water]}}'))
    assert w.read_nested is not None
    readings = []
    for label, inner in value.items():
        where = location_of(value, label, w.place)
        if not isinstance(inner, Mapping) or not inner:
            raise ScenarioError(told("read.reading_shape", label=repr(label), example="{winner: Alice}"), where)
        if UNDECIDED.attribute in inner:
            raise ScenarioError(told("read.reading_nested", label=repr(label)), where)
        readings.append((text_key(label), w.read_nested(inner, w.setup, where)))
    return tuple(readings)


UNDECIDED = _path(_WHOLE, "undecided", _read_undecided, None, "each reading the sources allow and the values expected under it",
                  show=lambda readings: ", ".join(f"\"{label}\"" for label, _ in readings), compared=Compared.READINGS, **_RECORD)


# ---- a region of the Adventure ---------------------------------------------------------------
def _region_face(game: Game, at: At) -> str:
    if game.board.tiebreakers:  # 4.3.d: the companion region card is turned face down as the Arena; the others are discarded
        return "down" if at.region == 7 else "discarded"
    return game.board.adventure[at.region].face.value


def _region_types(game: Game, at: At) -> Any:
    if game.board.tiebreakers:
        return sorted(t.value for t in game.region_types_at(ARENA)) if at.region == 7 else "discarded"
    return sorted(t.value for t in game.region_types_at(game.board.adventure[at.region].index))


def _read_face(w: Written) -> str:
    if isinstance(w.value, str) and w.value.strip().lower() == "discarded":
        return "discarded"  # 4.3.d: once tiebreakers start
    face: str = w.enum(Face, told("read.enum.face")).value
    return face


_path(Family.REGION, "face", _read_face, _region_face, "`up` / `down`; once tiebreakers have started `discarded`, and `down` for region 7, the Arena (4.3.d)")
_path(Family.REGION, "types", _types, _region_types, "a list of region types (`[]` for a face-down half)")
_path(Family.REGION, "type", _word("region", told("read.region_type_word")),
      lambda game, at: "discarded" if game.board.tiebreakers and at.region != 7 else "region",
      "`region`: whatever its sub-types, a region's type is Region (2.2.1.e)")


# ---- an emblem, the N-th created -------------------------------------------------------------
def _emblem(observe_one: Callable[[Game, GameObject, At], Any]) -> Observe:
    def observe_emblem(game: Game, at: At) -> Any:
        if at.number > len(game.log.emblem_log):
            return f"no emblem {at.number} (created: {len(game.log.emblem_log)})"
        emblem = game.log.emblem_log[at.number - 1]
        assert emblem.emblem is not None
        return observe_one(game, emblem, at)
    return observe_emblem


def _emblem_exists(game: Game, emblem: GameObject, at: At) -> bool:
    exists = emblem.id in game.board.objects
    if exists:
        game.log.refuse_if_unknown(msg("observe.emblem_exists", number=at.number))
    return exists


def _read_subtype(w: Written) -> str:
    word = str(w.value).strip().capitalize()
    if word not in ("Reaction", "Ongoing"):
        raise w.bad(told("read.emblem_subtype"))
    return word


def _read_name_or_none(w: Written) -> str | None:
    if _is_none(w.value):
        return None  # 2.2.3.g: emblems have no name
    if not isinstance(w.value, str):
        raise w.bad(told("read.expected_name_or_none"))
    return w.value.strip()


def _read_duration(w: Written) -> str | None:
    return None if _is_none(w.value) else w.enum(Duration, told("read.enum.duration")).value


_EMBLEM = Family.EMBLEM


def _info(emblem: GameObject) -> EmblemInfo:
    """What an emblem holds: every object `emblems.N` finds is an emblem (2.2.1.g)."""
    assert emblem.emblem is not None
    return emblem.emblem


def _duration_of(info: EmblemInfo) -> str | None:
    return info.duration.value if info.duration else None


_path(_EMBLEM, "type", _word("emblem", told("read.emblem_type_word")), _emblem(lambda game, e, at: e.card.type.value),
      "`emblem` (2.2.1.g)", **_RECORD)
_path(_EMBLEM, "name", _read_name_or_none, _emblem(lambda game, e, at: e.card.name), "`none`: emblems have no name (2.2.3.g)", **_RECORD)
_path(_EMBLEM, "subtype", _read_subtype, _emblem(lambda game, e, at: e.card.subtypes[0] if e.card.subtypes else None),
      "`Reaction` or `Ongoing`", **_RECORD)
_path(_EMBLEM, "text", _text, _emblem(lambda game, e, at: text_key(_info(e).text)), "its text", **_RECORD)
_path(_EMBLEM, "duration", _read_duration,
      _emblem(lambda game, e, at: _duration_of(_info(e))), "`this Turn`...", **_RECORD)
_path(_EMBLEM, "controller", _controller, _emblem(lambda game, e, at: e.controller), "who controls it", **_RECORD)
_path(_EMBLEM, "source", _text, _emblem(lambda game, e, at: text_key(_info(e).source_name or "")), "the object that created it", **_RECORD)
_path(_EMBLEM, "exists", _boolean, _emblem(_emblem_exists), "whether it still exists", **_RECORD)
for _attribute in ("hand_cost", "reserve_cost", "faction", "rarity"):
    _path(_EMBLEM, _attribute, _printed(_attribute), _emblem(lambda game, e, at: None),
          "`none` (2.2.6.d, 2.2.7.d, 2.2.8.d, 2.2.4.c)", **_RECORD)


# ---- a player --------------------------------------------------------------------------------
def _player_statistics(game: Game, at: At) -> str:
    total = Statistics()
    for kind in ExpeditionKind:
        total = total + game.board.expedition_statistics(at.player, kind, game.log)
    return str(total)


def _zone_names(zone: Zone) -> Observe:
    """The names in one of the player's zones; a Mana Orb (a card with no name) as it is described."""
    def observe_zone(game: Game, at: At) -> list[str]:
        return sorted(o.describe() if o.card.name is None else o.name for o in game.board.in_zone(zone, at.player))
    return observe_zone


_CARDS = "a number of cards, or a list of names"
_PLAYER = Family.PLAYER
_path(_PLAYER, "statistics", _statistics, _player_statistics, "`F/M/W` over both expeditions, as tiebreakers count them (4.3.h, 7.4.3.i)")
_path(_PLAYER, "exhausted", _count(told("read.expected_exhausted_player")),
      lambda game, at: sum(1 for o in game.board.objects.values() if o.controller == at.player and o.exhausted),
      "exhausted Characters, Permanents and Mana Orbs the player controls", knowledge=Knowledge.MANA)
_path(_PLAYER, "hand", _count_or_names, lambda game, at: sorted(c.name or "card" for c in game.board.player(at.player).hand), _CARDS)
_path(_PLAYER, "deck", _count_or_names, lambda game, at: sorted(c.name or "card" for c in game.board.player(at.player).deck), _CARDS)
_path(_PLAYER, "reserve", _count_or_names, _zone_names(Zone.RESERVE), _CARDS)
_path(_PLAYER, "discard", _count_or_names, _zone_names(Zone.DISCARD), _CARDS)
_path(_PLAYER, "mana", _count_or_names, _zone_names(Zone.MANA), _CARDS, knowledge=Knowledge.MANA)
_path(_PLAYER, "landmarks", _count_or_names, _zone_names(Zone.LANDMARK), _CARDS)
_path(_PLAYER, "hero_zone", _count_or_names, lambda game, at: sorted(o.name for o in game.board.in_zone(Zone.HERO, at.player)),
      "the names in the player's Hero zone")
_path(_PLAYER, "reserve.count", _count(told("read.expected_reserve_count")),
      lambda game, at: len(game.board.in_zone(Zone.RESERVE, at.player)), "the number of cards in the player's Reserve")


# ---- an expedition ---------------------------------------------------------------------------
def _progress(read_record: Callable[[Any], Any]) -> Observe:
    """What the last Progress recorded for the expedition (4.2.4)."""
    def observe_progress(game: Game, at: At) -> Any:
        assert at.expedition is not None
        return read_record(game.log.last_progress.get((at.player, at.expedition)))
    return observe_progress


def _characters_of(keep: Callable[[GameObject], bool]) -> Observe:
    def observe_characters(game: Game, at: At) -> Any:
        assert at.expedition is not None
        return sorted(character_key(o.card) for o in game.board.characters_in(at.player, at.expedition) if keep(o))
    return observe_characters


def _read_characters(w: Written) -> Any:
    """A number, or a list of characters compared as a multiset."""
    if _is_count(w.value):
        return w.value
    if not isinstance(w.value, list):
        raise w.bad(told("read.expected_characters"))
    return sorted(character_key(read_character(v, w.value, i, w.place)[0]) for i, v in enumerate(w.value))


def _expedition(game: Game, at: At) -> Any:
    assert at.expedition is not None
    return game.board.player(at.player).expedition(at.expedition)


_EXPEDITION = Family.EXPEDITION
_path(_EXPEDITION, "region", lambda w: read_position_expected(w.value, w.bad), lambda game, at: _expedition(game, at).position,
      "a region number, or `arena`")
_path(_EXPEDITION, "statistics", _statistics,
      lambda game, at: str(game.board.expedition_statistics(at.player, at.expedition, game.log)),  # type: ignore[arg-type]
      "`F/M/W`, the sum of its characters (Gigantic ones in both expeditions, 7.4.3.e)")
_path(_EXPEDITION, "characters", _read_characters, _characters_of(lambda o: True), "a number, or a list of characters (compared as a multiset)")
_path(_EXPEDITION, "tokens", _read_characters, _characters_of(lambda o: o.card.token),
      "the tokens there, as `Ordis Recruit 1/1/1 Soldier` (compared as a multiset)")
_path(_EXPEDITION, "moved_forward", _boolean, _progress(lambda record: bool(record and record.moved)), "`true` / `false`, during the last Progress")
_path(_EXPEDITION, "failed_to_move_forward", _boolean, _progress(lambda record: bool(record and record.failed)), "`true` / `false` (4.2.4.g)")
_path(_EXPEDITION, "moved_forward_due_to", _types, _progress(lambda record: sorted(s.value for s in record.due_to) if record else []),
      "a list of statistics (4.2.4.h; ruling `moves-forward-due-to`)")
_path(_EXPEDITION, "exhausted", _count(told("read.expected_exhausted_expedition")),
      lambda game, at: sum(1 for o in game.board.characters_in(at.player, at.expedition) if o.exhausted),  # type: ignore[arg-type, misc]
      "the number of exhausted characters there")


# ---- an object (or a card in a hidden zone) ---------------------------------------------------
def _object(observe_card: Callable[[Card, GameObject | None, Any], Any], *, only_objects: str = "") -> Observe:
    """An attribute of the object `at` names; `only_objects`: the attribute, which only an object
    has, not a card in a hidden zone (2.1.g)."""
    def observe_object(game: Game, at: At) -> Any:
        try:
            found = api.find_object(game, at.player, at.place, at.name)
        except BoardError as exc:
            return f"no such object ({exc.message})"
        obj = found if isinstance(found, GameObject) else None
        if obj is not None:
            game.log.refuse_if_unknown(msg("observe.state_of", card=Named(obj.name)), object_id=obj.id)
        elif only_objects:
            return f"{at.name} is a card in a hidden zone, not an object (2.1.g): it has no {only_objects}"
        return observe_card(found.card, obj, found)
    return observe_object


def _exists(game: Game, at: At) -> bool:
    try:
        api.find_object(game, at.player, at.place, at.name)
    except BoardError:
        return False
    return True


def _printed_value(attribute: str) -> Callable[[Card, GameObject | None, Any], Any]:
    """Costs (2.2.6-7), faction (2.2.8) and rarity (2.2.4): a token's are 0 and none; a card's as given."""
    def value(card: Card, obj: GameObject | None, found: Any) -> Any:
        if attribute == "faction":
            return card.faction.value if card.faction else None  # no faction: neutral (2.2.8.b)
        if attribute == "rarity":
            if card.rarity is None and not (card.token or card.type is ObjectType.HERO):
                raise silent(msg("refusal.rarity_unknown", card=Named(card.name or "")), Unenumerable.UNPRINTED_VALUE)
            return card.rarity.value if card.rarity else None
        printed = card.hand_cost if attribute == "hand_cost" else card.reserve_cost
        if printed is None:
            raise silent(msg("refusal.cost_unprinted_" + attribute, card=Named(card.name or "")), Unenumerable.UNPRINTED_VALUE)
        return printed
    return value


def _read_counters(w: Written) -> Any:
    if _is_count(w.value):
        return w.value
    if isinstance(w.value, Mapping) and all(isinstance(v, int) and not isinstance(v, bool) for v in w.value.values()):
        return sorted((str(k), int(v)) for k, v in w.value.items() if v)
    raise w.bad(told("read.expected_counters", example="{Kelon: 3}"))


def _read_abilities(w: Written) -> Any:
    if _is_count(w.value):
        return w.value
    if not isinstance(w.value, list) or not all(isinstance(v, str) for v in w.value):
        raise w.bad(told("read.expected_abilities"))
    return sorted(text_key(v) for v in w.value)


def _read_statuses(w: Written) -> list[str]:
    items = w.value if isinstance(w.value, list) else [w.value]
    return sorted(w.enum(Status, told("read.enum.status"), s).value for s in items)


def _read_subtypes(w: Written) -> list[str]:
    items = w.value if isinstance(w.value, list) else [w.value]
    return sorted(str(s).strip() for s in items)


def _read_plain_text(w: Written) -> str:
    if not isinstance(w.value, str):
        raise w.bad(told("read.expected_text"))
    return w.value.strip()


def _in_play(attribute: str, value: Callable[[GameObject], Any]) -> Observe:
    return _object(lambda card, obj, found: value(obj), only_objects=attribute)  # type: ignore[arg-type]


_OBJECT = Family.OBJECT
_path(_OBJECT, "name", _read_plain_text, _object(lambda card, obj, found: card.name), "its name")
_path(_OBJECT, "printed_name", _read_plain_text, _object(lambda card, obj, found: card.printed_name), "its name as printed (2.2.3.c)")
_path(_OBJECT, "type", lambda w: w.enum(ObjectType, told("read.enum.type")).value, _object(lambda card, obj, found: (obj.card.type if obj else card.type).value), "its type")
_path(_OBJECT, "subtypes", _read_subtypes, _object(lambda card, obj, found: sorted(card.subtypes)), "its sub-types")
_path(_OBJECT, "statistics", _statistics_or_none,
      _object(lambda card, obj, found: str(card.statistics) if card.statistics is not None else None), "`F/M/W`, or `none`")
_path(_OBJECT, "token", _boolean, _object(lambda card, obj, found: card.token), "whether it is a token")
_path(_OBJECT, "boosts", _count(told("read.expected_boosts")), _in_play("boosts", lambda obj: obj.boosts), "its boosts")
_path(_OBJECT, "counters", _read_counters, _in_play("counters", lambda obj: sorted((k, v) for k, v in obj.counters.items() if v)),
      "its counters: `{Kelon: 3}` or a number")
_path(_OBJECT, "statuses", _read_statuses, _in_play("statuses", lambda obj: sorted(s.value for s in obj.statuses)), "its statuses")
_path(_OBJECT, "fleeting", _boolean, _in_play("fleeting", lambda obj: Status.FLEETING in obj.statuses), "whether it is Fleeting")
_path(_OBJECT, "asleep", _boolean, _in_play("asleep", lambda obj: Status.ASLEEP in obj.statuses), "whether it is Asleep")
_path(_OBJECT, "abilities", _read_abilities,
      _object(lambda card, obj, found: sorted(text_key(t) for t in card.in_play_abilities() + card.support_abilities())),
      "its abilities: a number or the texts")
_path(_OBJECT, "in_play_abilities", _read_abilities, _object(lambda card, obj, found: sorted(text_key(t) for t in card.in_play_abilities())),
      "its in-play abilities")
_path(_OBJECT, "support_abilities", _read_abilities, _object(lambda card, obj, found: sorted(text_key(t) for t in card.support_abilities())),
      "its support abilities")
_path(_OBJECT, "exhausted", _boolean, _in_play("exhausted", lambda obj: obj.exhausted), "whether it is exhausted")
_path(_OBJECT, "controller", _controller, _object(lambda card, obj, found: obj.controller if obj else found.owner), "who controls it")
_path(_OBJECT, "exists", _boolean, _exists, "whether it exists there")
for _attribute in ("hand_cost", "reserve_cost", "faction", "rarity"):
    _path(_OBJECT, _attribute, _printed(_attribute), _object(_printed_value(_attribute)), "`none` where it has none")


# ---- what a player sees ----------------------------------------------------------------------
def _read_seen(w: Written) -> Any:
    if isinstance(w.value, str) and w.value.strip().lower() in ("hidden", "face down"):
        return w.value.strip().lower()
    if isinstance(w.value, list) and all(isinstance(v, str) for v in w.value):
        return sorted(v.strip() for v in w.value)
    if _is_count(w.value):
        return w.value
    raise w.bad(told("read.expected_seen"))


_path(Family.SEES, "", _read_seen, lambda game, at: sees(game, at.player, list(at.seen)),
      "what the player may look at there: the names in a shared, visible zone, `face down`, `hidden` (engine.information)")
