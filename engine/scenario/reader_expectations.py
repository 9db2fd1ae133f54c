"""Reading a scenario's `then:`: each path is found in the registry (engine.scenario.paths), which
reads its value. What is here is the grammar of paths, with the error each misspelling gets: the
file and line, what is wrong, and the paths allowed (docs/en/scenarios.md, "Expectations")."""

from __future__ import annotations

import re
from typing import Any, Mapping

from ..errors import Location, ScenarioError
from ..limits import number_within_limit
from ..places import REGION_RANGE
from .model import PLACES_WORDS, REFUSALS, Expectation, RefusedAt, Setup, shown
from .paths import EXPEDITION_WORDS, At, Compared, Family, Given, PathForm, Written, form, forms_of
from .syntax import did_you_mean, fail, location_of
from ..vocabulary import ExpeditionKind

__all__ = ["read_then", "read_expectation", "locate"]


def read_then(raw: Any, item: Any, setup: Setup, where: Location | None) -> list[Expectation]:
    if not isinstance(raw, Mapping) or not raw:
        raise fail("`then:` maps paths to expected values, e.g. `winner: none`", item, "then", where)
    return [read_expectation(str(path), value, raw, path, setup, location_of(raw, path, where)) for path, value in raw.items()]


def read_expectation(path: str, value: Any, raw: Any, key: Any, setup: Setup, place: Location | None) -> Expectation:
    entry, at = locate(path, setup, place)
    if isinstance(value, Mapping) and list(value) == ["refused"] and entry.compared is Compared.OBSERVED:
        # `cost.mana: {refused: rules-silent}`: the engine must refuse that value, for that reason.
        word = str(value["refused"]).strip().lower()
        if word not in REFUSALS:
            raise ScenarioError(f"{path}: unknown refusal {value['refused']!r}; allowed: {', '.join(REFUSALS)}", place)
        return Expectation(path, RefusedAt(word), f"refused: {word}", place)
    expected = entry.read(Written(value, path, setup, place, raw, key, _read_nested))
    return Expectation(path, expected, entry.show(expected) if entry.show else shown(value), place)


def _read_nested(inner: Mapping[Any, Any], setup: Setup, where: Location | None) -> tuple[Expectation, ...]:
    """Paths nested in a value (`undecided:`'s readings), read as `then:` is."""
    return tuple(read_expectation(str(p), v, inner, p, setup, location_of(inner, p, where)) for p, v in inner.items())


def locate(path: str, setup: Setup, place: Location | None = None) -> tuple[PathForm, At]:
    """The registry's entry for `path` and what it points at, or the error that says why none is."""
    def bad(message: str) -> ScenarioError:
        return ScenarioError(f"{path}: {message}", place)

    def unknown() -> ScenarioError:
        return bad(f"unknown path{did_you_mean(path, _known(setup))}; allowed: {_allowed(setup)}")

    whole = form(Family.GAME, path)
    if whole is not None and whole.given in (Given.DECK if setup.is_deck else Given.BOARD, Given.EITHER):
        return whole, At()
    if setup.is_deck:
        raise unknown()
    parts = path.split(".")
    players = setup.players
    if parts[0] == "emblems":
        attribute = form(Family.EMBLEM, parts[2]) if len(parts) == 3 else None
        if attribute is None or not parts[1].isdecimal() or not number_within_limit(parts[1]) or int(parts[1]) < 1:
            names = ", ".join(f.attribute for f in forms_of(Family.EMBLEM))
            raise bad(f"an emblem's path is emblems.N.{{{names}}}, N counting the emblems created from 1")
        return attribute, At(number=int(parts[1]))
    if parts[0] in players and len(parts) >= 2 and parts[1] == "sees":
        rest = parts[2:]
        if not (rest == ["limbo"] or (len(rest) == 2 and rest[0] == "adventure" and re.fullmatch(r"[0-7]", rest[1]) is not None)
                or (len(rest) == 2 and rest[0] in players and rest[1] in PLACES_WORDS)):
            raise bad(f"a player sees `limbo`, `adventure.N` or `Player.place` (places: {', '.join(PLACES_WORDS)})")
        return _only(Family.SEES), At(player=parts[0], seen=tuple(rest))
    if parts[0] in players and len(parts) >= 4 and parts[1] in PLACES_WORDS:
        attribute = form(Family.OBJECT, parts[-1])
        if attribute is None:
            attributes = [f.attribute for f in forms_of(Family.OBJECT)]
            raise bad(f"unknown attribute {parts[-1]!r}{did_you_mean(parts[-1], attributes)}; an object's attributes: {', '.join(attributes)}")
        return attribute, At(player=parts[0], place=parts[1], name=".".join(parts[2:-1]))
    if parts[0] == "adventure":
        region = form(Family.REGION, parts[2]) if len(parts) == 3 else None
        if region is None:
            raise unknown()
        if not re.fullmatch(r"[0-7]", parts[1]):
            raise bad(f"region out of range: {REGION_RANGE}")
        return region, At(region=int(parts[1]))
    if parts[0] not in players:
        if len(parts) >= 2 and (form(Family.PLAYER, parts[1]) is not None or parts[1] in EXPEDITION_WORDS):
            raise bad(f"unknown player {parts[0]!r}; players: {', '.join(players)}")
        raise unknown()
    if len(parts) >= 2 and parts[1] not in EXPEDITION_WORDS:
        of_player = form(Family.PLAYER, ".".join(parts[1:]))
        if of_player is not None:
            return of_player, At(player=parts[0])
    expedition = form(Family.EXPEDITION, parts[2]) if len(parts) == 3 and parts[1] in EXPEDITION_WORDS else None
    if expedition is None:
        if len(parts) >= 4 and parts[1] not in PLACES_WORDS:
            raise bad(f"unknown place {parts[1]!r}{did_you_mean(parts[1], PLACES_WORDS)}; "
                      f"an object's path is Player.place.Name.attribute, places: {', '.join(PLACES_WORDS)}")
        raise unknown()
    return expedition, At(player=parts[0], expedition=ExpeditionKind(parts[1]))


def _only(family: Family) -> PathForm:
    (entry,) = forms_of(family)
    return entry


def _known(setup: Setup) -> list[str]:
    """The paths a misspelt one is compared with, for "did you mean"."""
    if setup.is_deck:
        return [f.attribute for f in forms_of(Family.GAME, Given.DECK)]
    known = [f.attribute for f in forms_of(Family.GAME)]
    known += [f"{p}.{f.attribute}" for p in setup.players for f in forms_of(Family.PLAYER)]
    known += [f"{p}.{k}.{f.attribute}" for p in setup.players for k in EXPEDITION_WORDS for f in forms_of(Family.EXPEDITION)]
    return known


def _allowed(setup: Setup) -> str:
    """The paths an unknown one's error lists: the whole game's, a region's, and those of the first
    player (objects, emblems and what a player sees have their own errors)."""
    if setup.is_deck:
        return ", ".join(f.attribute for f in forms_of(Family.GAME, Given.DECK))
    p = setup.players[0]
    return ", ".join(
        [f.attribute for f in forms_of(Family.GAME)]
        + [f"adventure.N.{f.attribute}" for f in forms_of(Family.REGION)]
        + [f"{p}.{f.attribute}" for f in forms_of(Family.PLAYER)]
        + [f"{p}.hero.{f.attribute}" for f in forms_of(Family.EXPEDITION)]
    )
