"""The scenario language's small pieces, shared by its reader (engine.scenario.reader, reader_given,
reader_actions, reader_expectations) and its registries (paths, actions):
where a value was written, the errors that name that place and what is allowed, and the few
shapes several parts read (text, region types, a region, an expedition, an object).
"""

from __future__ import annotations

from functools import partial
from typing import Any, Callable, Mapping, Sequence

from ..errors import EngineError, Location, ScenarioError
from ..messages import Message, Quote, msg
from ..limits import number_within_limit
from .model import PLACES_WORDS, Setup, shown
from ..vocabulary import ARENA, REGION_COUNT, ExpeditionKind, RegionType, parse_enum

__all__ = [
    "location_of", "fail", "did_you_mean", "check_keys", "read_text", "located", "located_value", "read_types",
    "normal_position", "read_position_expected", "text_key", "expedition_ref", "object_ref", "declined",
]


def location_of(container: Any, key: Any = None, fallback: Location | None = None) -> Location | None:
    path = getattr(container, "path", None)
    line_of = getattr(container, "line_of", None)
    if path is None or not callable(line_of):
        return fallback
    try:
        line = line_of(key) if key is not None else getattr(container, "line", 0)
    except Exception:  # a foreign container's line_of: a location is a courtesy, never a crash
        line = 0
    return Location(str(path), int(line or 0))


def fail(message: str | Message, container: Any, key: Any = None, fallback: Location | None = None) -> ScenarioError:
    return ScenarioError(message, location_of(container, key, fallback))


def _close_matches(word: str, choices: list[str]) -> list[str]:
    """difflib's closest match, imported when a word is wrong, not when the engine is: the judge's
    sandbox imports the engine on every first visit, and Pyodide compiles difflib from its source
    there (issue 43)."""
    import difflib

    return difflib.get_close_matches(word, choices, n=1, cutoff=0.75)


def did_you_mean(word: Any, choices: Sequence[str]) -> str:
    close = _close_matches(str(word), list(choices))
    return f" (did you mean {close[0]!r}?)" if close else ""


def check_keys(mapping: Mapping[Any, Any], allowed: Sequence[str], what: str, fallback: Location | None) -> None:
    for key in mapping:
        if key not in allowed:
            close = _close_matches(str(key), list(allowed))
            said = dict(key=Quote(repr(key)), what=Quote(what), allowed=Quote(", ".join(allowed)))
            raise ScenarioError(msg("read.unknown_key_close", close=Quote(repr(close[0])), **said) if close
                                else msg("read.unknown_key", **said), location_of(mapping, key, fallback))


def read_text(value: Any, what: str, container: Any, key: Any, fallback: Location | None) -> str:
    if isinstance(value, bool) or not isinstance(value, (str, int)) or (isinstance(value, str) and not value.strip()):
        raise fail(f"{what} must be text, got {value!r}", container, key, fallback)
    return str(value).strip()


def located(call: Callable[[], Any], container: Any, key: Any, fallback: Location | None) -> Any:
    """Run a parser; an EngineError without a place gets the place of `key`."""
    try:
        return call()
    except EngineError as exc:
        raise exc.at(location_of(container, key, fallback)) from None


def read_types(value: Any, container: Any, key: Any, where: Location | None) -> frozenset[RegionType]:
    if isinstance(value, str):
        value = [value]
    if not isinstance(value, list):
        raise fail("region types are a list: [forest, mountain, water] or fewer", container, key, where)
    return frozenset(located(partial(parse_enum, RegionType, v, "region type"), value, i, where) for i, v in enumerate(value))


def normal_position(value: Any) -> Any:
    """`arena` in any case, and a region number written as text, read like the plain forms."""
    if isinstance(value, str):
        text = value.strip()
        if text.lower() == ARENA:
            return ARENA
        if text.isdecimal() and number_within_limit(text):  # not "²" (a digit int() refuses), nor 4,300 digits
            return int(text)
    return value


def located_value(call: Callable[[], Any], place: Location | None) -> Any:
    try:
        return call()
    except EngineError as exc:
        raise exc.at(place) from None


def read_position_expected(value: Any, bad: Callable[[str], ScenarioError]) -> Any:
    value = normal_position(value)
    if value == ARENA:
        return ARENA
    if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value < REGION_COUNT:
        raise bad(f"region out of range: {shown(value)}; regions are 0 to 7, or arena")
    return value


def text_key(text: str) -> str:
    """Texts compared as written, give or take spaces and a final full stop."""
    return " ".join(str(text).split()).rstrip(".")


def expedition_ref(value: Any, container: Any, key: Any, setup: Setup, where: Location | None, *, with_name: bool = False) -> tuple[str, ExpeditionKind, str | None]:
    text = read_text(value, "an expedition (Player.hero or Player.companion)", container, key, where)
    parts = text.split(".", 2) if with_name else text.split(".")
    shape = "Player.hero.Character Name" if with_name else "Player.hero or Player.companion"
    if len(parts) != (3 if with_name else 2):
        raise fail(f"{text!r} is not {shape}", container, key, where)
    player, kind_word = parts[0].strip(), parts[1].strip()
    if player not in setup.players:
        raise fail(msg("read.unknown_player_in", name=Quote(repr(player)), text=Quote(repr(text)), players=Quote(", ".join(setup.players))),
                   container, key, where)
    kind = located(lambda: parse_enum(ExpeditionKind, kind_word, "expedition"), container, key, where)
    return player, kind, parts[2].strip() if with_name else None


def object_ref(value: Any, container: Any, key: Any, setup: Setup, where: Location | None) -> tuple[str, str, str]:
    """"Player.place.Name": an object (or a card in a hidden zone) and where it is (PLACES_WORDS)."""
    text = read_text(value, "an object, e.g. Alice.hero.Kuwat or Alice.reserve.Kuwat", container, key, where)
    parts = text.split(".", 2)
    if len(parts) != 3 or not parts[2].strip():
        raise fail(f"{text!r} is not Player.place.Name; places: {', '.join(PLACES_WORDS)}", container, key, where)
    player, place_word, name = (p.strip() for p in parts)
    if player not in setup.players:
        raise fail(msg("read.unknown_player_in", name=Quote(repr(player)), text=Quote(repr(text)), players=Quote(", ".join(setup.players))),
                   container, key, where)
    if place_word not in PLACES_WORDS:
        raise fail(f"unknown place {place_word!r} in {text!r}{did_you_mean(place_word, PLACES_WORDS)}; places: {', '.join(PLACES_WORDS)}", container, key, where)
    return player, place_word, name


def declined(entry: Any, place: Location | None) -> bool:
    """`cost: decline` (6.4.b): the player declines to pay; `cost: pay` is the default."""
    if "cost" not in entry:
        return False
    word = str(entry["cost"]).strip().lower()
    if word not in ("pay", "decline"):
        raise fail("`cost:` is pay or decline (6.4.b)", entry, "cost", place)
    return word == "decline"
