"""Reading a scenario's `then:`: each path is found in the registry (engine.scenario.paths), which
reads its value. What is here is the grammar of paths, with the error each misspelling gets: the
file and line, what is wrong, and the paths allowed (docs/en/scenarios.md, "Expectations")."""

from __future__ import annotations

import re
from typing import Any, Mapping

from ..errors import Location, ScenarioError
from ..limits import number_within_limit
from ..messages import Message
from .model import PLACES_WORDS, REFUSALS, Expectation, RefusedAt, Setup, shown
from .paths import EXPEDITION_WORDS, At, Compared, Family, Given, PathForm, Written, form, forms_of
from .syntax import fail, location_of, told, told_close
from ..vocabulary import ExpeditionKind

__all__ = ["read_then", "read_expectation", "locate"]


def read_then(raw: Any, item: Any, setup: Setup, where: Location | None) -> list[Expectation]:
    if not isinstance(raw, Mapping) or not raw:
        raise fail(told("read.then_shape"), item, "then", where)
    return [read_expectation(str(path), value, raw, path, setup, location_of(raw, path, where)) for path, value in raw.items()]


def read_expectation(path: str, value: Any, raw: Any, key: Any, setup: Setup, place: Location | None) -> Expectation:
    entry, at = locate(path, setup, place)
    if isinstance(value, Mapping) and list(value) == ["refused"] and entry.compared is Compared.OBSERVED:
        # `cost.mana: {refused: rules-silent}`: the engine must refuse that value, for that reason.
        word = str(value["refused"]).strip().lower()
        if word not in REFUSALS:
            raise ScenarioError(told("read.at_path", path=path, said=told("read.unknown_refusal", word=repr(value["refused"]), allowed=REFUSALS)), place)
        return Expectation(path, RefusedAt(word), f"refused: {word}", place)
    expected = entry.read(Written(value, path, setup, place, raw, key, _read_nested))
    return Expectation(path, expected, entry.show(expected) if entry.show else shown(value), place)


def _read_nested(inner: Mapping[Any, Any], setup: Setup, where: Location | None) -> tuple[Expectation, ...]:
    """Paths nested in a value (`undecided:`'s readings), read as `then:` is."""
    return tuple(read_expectation(str(p), v, inner, p, setup, location_of(inner, p, where)) for p, v in inner.items())


def locate(path: str, setup: Setup, place: Location | None = None) -> tuple[PathForm, At]:
    """The registry's entry for `path` and what it points at, or the error that says why none is."""
    def bad(message: Message) -> ScenarioError:
        return ScenarioError(told("read.at_path", path=path, said=message), place)

    def unknown() -> ScenarioError:
        return bad(told_close("read.unknown_path", path, _known(setup), allowed=_allowed(setup)))

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
            raise bad(told("read.emblem_path", names="{" + names + "}"))
        return attribute, At(number=int(parts[1]))
    if parts[0] in players and len(parts) >= 2 and parts[1] == "sees":
        rest = parts[2:]
        if not (rest == ["limbo"] or (len(rest) == 2 and rest[0] == "adventure" and re.fullmatch(r"[0-7]", rest[1]) is not None)
                or (len(rest) == 2 and rest[0] in players and rest[1] in PLACES_WORDS)):
            raise bad(told("read.sees_path", places=PLACES_WORDS))
        return _only(Family.SEES), At(player=parts[0], seen=tuple(rest))
    if parts[0] in players and len(parts) >= 4 and parts[1] in PLACES_WORDS:
        attribute = form(Family.OBJECT, parts[-1])
        if attribute is None:
            attributes = [f.attribute for f in forms_of(Family.OBJECT)]
            raise bad(told_close("read.unknown_attribute", parts[-1], attributes, word=repr(parts[-1]), allowed=attributes))
        return attribute, At(player=parts[0], place=parts[1], name=".".join(parts[2:-1]))
    if parts[0] == "adventure":
        region = form(Family.REGION, parts[2]) if len(parts) == 3 else None
        if region is None:
            raise unknown()
        if not re.fullmatch(r"[0-7]", parts[1]):
            raise bad(told("read.region_path_out_of_range"))
        return region, At(region=int(parts[1]))
    if parts[0] not in players:
        if len(parts) >= 2 and (form(Family.PLAYER, parts[1]) is not None or parts[1] in EXPEDITION_WORDS):
            raise bad(told("read.unknown_player", name=repr(parts[0]), players=players))
        raise unknown()
    if len(parts) >= 2 and parts[1] not in EXPEDITION_WORDS:
        of_player = form(Family.PLAYER, ".".join(parts[1:]))
        if of_player is not None:
            return of_player, At(player=parts[0])
    expedition = form(Family.EXPEDITION, parts[2]) if len(parts) == 3 and parts[1] in EXPEDITION_WORDS else None
    if expedition is None:
        if len(parts) >= 4 and parts[1] not in PLACES_WORDS:
            raise bad(told_close("read.unknown_place_path", parts[1], PLACES_WORDS, word=repr(parts[1]), places=PLACES_WORDS))
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
