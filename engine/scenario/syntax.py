"""The scenario language's small pieces, shared by its reader (engine.scenario.reader, reader_given,
reader_actions, reader_expectations) and its registries (paths, actions):
where a value was written, the errors that name that place and what is allowed, and the few
shapes several parts read (text, region types, a region, an expedition, an object).
"""

from __future__ import annotations

from functools import partial
from typing import Any, Callable, Mapping, Sequence

from ..errors import EngineError, Location, ScenarioError
from ..messages import Message, Quote, Term, msg
from ..limits import number_within_limit
from .model import PLACES_WORDS, Setup, shown
from ..vocabulary import ARENA, REGION_COUNT, ExpeditionKind, RegionType, parse_enum

__all__ = [
    "location_of", "fail", "told", "close_to", "did_you_mean", "check_keys", "read_text", "located", "located_value", "read_types",
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


def fail(message: Message, container: Any, key: Any = None, fallback: Location | None = None) -> ScenarioError:
    """The reader's error at the place of `key` in `container`: a message of the catalogue (`told`), so
    the editor reads it in their language (tests/engine_tests/test_reader_errors_said.py)."""
    return ScenarioError(message, location_of(container, key, fallback))


def _close_matches(word: str, choices: list[str]) -> list[str]:
    """difflib's closest match, imported when a word is wrong, not when the engine is: the judge's
    sandbox imports the engine on every first visit, and Pyodide compiles difflib from its source
    there (issue 43)."""
    import difflib

    return difflib.get_close_matches(word, choices, n=1, cutoff=0.75)


def told(id: str, /, **params: Any) -> Message:
    """A reader's error as a message (engine.catalogue's `read.*`), its parameters the file's own
    words: a str, or a list of them (joined by ", ": the words allowed), is quoted as written, as
    every language shows it (a key, a name, a value, `[Alice, Bob]`); a number stays a number, a
    Message (or a Term) is said in the reader's language."""
    typed: dict[str, Any] = {}
    for name, value in params.items():
        if isinstance(value, (Message, Quote, Term)) or (isinstance(value, int) and not isinstance(value, bool)):
            typed[name] = value
        elif isinstance(value, (list, tuple)):
            typed[name] = Quote(", ".join(str(v) for v in value))
        else:
            typed[name] = Quote(str(value))
    return msg(id, **typed)


def close_to(word: Any, choices: Sequence[str]) -> str | None:
    """The allowed word nearest to a misspelt one, as written (quoted), or None."""
    close = _close_matches(str(word), list(choices))
    return repr(close[0]) if close else None


def told_close(id: str, near: Any, choices: Sequence[str], /, **params: Any) -> Message:
    """`id` with the allowed word nearest to `near` (`id`_close, its {close}), or `id` when none is near."""
    close = close_to(near, choices)
    return told(f"{id}_close", close=close, **params) if close is not None else told(id, **params)


def did_you_mean(word: Any, choices: Sequence[str]) -> str:
    close = _close_matches(str(word), list(choices))
    return f" (did you mean {close[0]!r}?)" if close else ""


def check_keys(mapping: Mapping[Any, Any], allowed: Sequence[str], what: str | Message, fallback: Location | None) -> None:
    """ScenarioError at an unknown key; `what` names the mapping: a YAML token as written (`Alice:`),
    or a message when it is said in words ("a scenario", read.what.*)."""
    for key in mapping:
        if key not in allowed:
            close = _close_matches(str(key), list(allowed))
            said = dict(key=Quote(repr(key)), what=what if isinstance(what, Message) else Quote(what), allowed=Quote(", ".join(allowed)))
            raise ScenarioError(msg("read.unknown_key_close", close=Quote(repr(close[0])), **said) if close
                                else msg("read.unknown_key", **said), location_of(mapping, key, fallback))


def read_text(value: Any, what: str | Message, container: Any, key: Any, fallback: Location | None) -> str:
    """The text of a value; `what` names it: a YAML token as written (`name`), or a message (read.what.*)."""
    if isinstance(value, bool) or not isinstance(value, (str, int)) or (isinstance(value, str) and not value.strip()):
        raise fail(told("read.not_text", what=what, value=repr(value)), container, key, fallback)
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
        raise fail(told("read.types_list"), container, key, where)
    return frozenset(located(partial(parse_enum, RegionType, v, told("read.enum.region_type")), value, i, where) for i, v in enumerate(value))


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


def read_position_expected(value: Any, bad: Callable[[Message], ScenarioError]) -> Any:
    value = normal_position(value)
    if value == ARENA:
        return ARENA
    if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value < REGION_COUNT:
        raise bad(told("read.region_out_of_range_expected", value=shown(value)))
    return value


def text_key(text: str) -> str:
    """Texts compared as written, give or take spaces and a final full stop."""
    return " ".join(str(text).split()).rstrip(".")


def expedition_ref(value: Any, container: Any, key: Any, setup: Setup, where: Location | None, *, with_name: bool = False) -> tuple[str, ExpeditionKind, str | None]:
    text = read_text(value, told("read.what.expedition"), container, key, where)
    parts = text.split(".", 2) if with_name else text.split(".")
    if len(parts) != (3 if with_name else 2):
        raise fail(told("read.not_expedition_named" if with_name else "read.not_expedition", text=repr(text)), container, key, where)
    player, kind_word = parts[0].strip(), parts[1].strip()
    if player not in setup.players:
        raise fail(msg("read.unknown_player_in", name=Quote(repr(player)), text=Quote(repr(text)), players=Quote(", ".join(setup.players))),
                   container, key, where)
    kind = located(lambda: parse_enum(ExpeditionKind, kind_word, told("read.enum.expedition")), container, key, where)
    return player, kind, parts[2].strip() if with_name else None


def object_ref(value: Any, container: Any, key: Any, setup: Setup, where: Location | None) -> tuple[str, str, str]:
    """"Player.place.Name": an object (or a card in a hidden zone) and where it is (PLACES_WORDS)."""
    text = read_text(value, told("read.what.object"), container, key, where)
    parts = text.split(".", 2)
    if len(parts) != 3 or not parts[2].strip():
        raise fail(told("read.not_object", text=repr(text), places=PLACES_WORDS), container, key, where)
    player, place_word, name = (p.strip() for p in parts)
    if player not in setup.players:
        raise fail(msg("read.unknown_player_in", name=Quote(repr(player)), text=Quote(repr(text)), players=Quote(", ".join(setup.players))),
                   container, key, where)
    if place_word not in PLACES_WORDS:
        raise fail(told_close("read.unknown_place_in", place_word, PLACES_WORDS, word=repr(place_word), text=repr(text), places=PLACES_WORDS),
                   container, key, where)
    return player, place_word, name


def declined(entry: Any, place: Location | None) -> bool:
    """`cost: decline` (6.4.b): the player declines to pay; `cost: pay` is the default."""
    if "cost" not in entry:
        return False
    word = str(entry["cost"]).strip().lower()
    if word not in ("pay", "decline"):
        raise fail(told("read.cost_pay_or_decline"), entry, "cost", place)
    return word == "decline"
