"""Place words: how the trace names the zones and the regions, in one table.

Zones and regions are values (engine.vocabulary); these are the words a judge reads for them
("the Discard pile", "region 0 (the Hero Region)", "the Arena").
"""

from __future__ import annotations

from functools import cache, lru_cache
from typing import Iterable

from .messages import Items, Message, Player, Term, msg
from .vocabulary import ARENA, COMPANION_REGION, HERO_REGION, Position, RegionType, Statistics, Zone

__all__ = ["ZONE_WORDS", "PLACES", "REGION_NAMES", "ARENA_WORDS", "REGION_RANGE", "zone_words", "region_label",
           "position_label", "format_types", "zone_term", "position_said", "types_said", "statistics_said"]

ZONE_WORDS: dict[Zone, str] = {
    Zone.RESERVE: "Reserve", Zone.DISCARD: "Discard pile", Zone.HAND: "Hand", Zone.DECK: "Deck",
    Zone.MANA: "Mana zone", Zone.LANDMARK: "Landmark zone", Zone.EXPEDITION: "Expedition zone",
    Zone.LIMBO: "Limbo", Zone.HERO: "Hero zone",
}
"""A zone as the rules name it (3.2); a zone not listed is named by its value."""

PLACES: dict[str, Zone] = {
    "hero": Zone.EXPEDITION, "companion": Zone.EXPEDITION, "reserve": Zone.RESERVE, "discard": Zone.DISCARD,
    "landmarks": Zone.LANDMARK, "hero_zone": Zone.HERO, "mana": Zone.MANA, "hand": Zone.HAND, "deck": Zone.DECK,
}
"""The words a scenario names a player's places by (Alice.hero.Kuwat, Alice.reserve.Kuwat,
Alice.hand.Kuwat...) and the zone each is: the reader, the API and `sees` all take them from here."""

REGION_NAMES: dict[int, str] = {HERO_REGION: "Hero Region", COMPANION_REGION: "Companion Region"}
"""The two regions with a name of their own, at either end of the Adventure (3.2.1.b)."""

ARENA_WORDS = "the Arena"
"""The single region of tiebreakers (3.2.1.c, 4.3.e)."""

REGION_RANGE = (
    f"regions are {HERO_REGION} ({REGION_NAMES[HERO_REGION]}) to {COMPANION_REGION} ({REGION_NAMES[COMPANION_REGION]})"
)
"""What a region number may be, as an error says it."""


def zone_words(zone: Zone) -> str:
    return ZONE_WORDS.get(zone, zone.value)


def region_label(index: int) -> str:
    """ "region 3"; an end region with its name: "region 0 (the Hero Region)"."""
    name = REGION_NAMES.get(index)
    return f"region {index} (the {name})" if name else f"region {index}"


def position_label(position: Position) -> str:
    """Where an expedition is: a region, or the Arena during tiebreakers."""
    return ARENA_WORDS if position == ARENA else region_label(int(position))


def format_types(types: Iterable[RegionType]) -> str:
    return _type_words(frozenset(types))


@cache
def _type_words(types: frozenset[RegionType]) -> str:
    # Only eight sets of region types exist, and Progress names one per expedition: each set's
    # words are made once, in the order of 2.2.2.f.
    words = [t.value for t in RegionType if t in types]
    return ", ".join(words) if words else "no region types"


# What the trace says (engine.messages): the same places as message parameters, which each
# language's catalogue words.
def zone_term(zone: Zone) -> Term:
    return Term(zone.value)


@lru_cache(maxsize=256)   # a few positions, each said at every Dusk; a message is an immutable value
def position_said(position: Position) -> Message:
    """Where an expedition is, as a message: a region (an end region with its name), or the Arena."""
    if position == ARENA:
        return msg("place.arena")
    index = int(position)
    if index == HERO_REGION:
        return msg("place.hero_region", index=index)
    if index == COMPANION_REGION:
        return msg("place.companion_region", index=index)
    return msg("place.region", index=index)


# The region types in the order of 2.2.2.f with their Terms, made once (said at every Dusk).
_TYPE_TERMS = tuple((t, Term(t.value)) for t in RegionType)


def types_said(types: Iterable[RegionType]) -> Message:
    """Region types in the order of 2.2.2.f, or "no region types"."""
    return _types_said(types if types.__class__ is frozenset else frozenset(types))


@cache
def _types_said(types: frozenset[RegionType]) -> Message:
    # Eight sets of region types, said twice per expedition at every Dusk: each set's message is
    # made once (a message is an immutable value).
    words = [term for t, term in _TYPE_TERMS if t in types]
    return msg("place.types", types=Items(tuple(words))) if words else msg("place.no_region_types")


def owned_zone(owner: str | None, zone: Zone) -> Message:
    """ "Alice's Reserve" ("its Reserve" for an object without an owner)."""
    if owner is None:
        return msg("place.its_zone", zone=zone_term(zone))
    return msg("place.owned_zone", player=Player(owner), zone=zone_term(zone))


def statistics_said(statistics: Statistics) -> Message:
    key = (statistics.forest, statistics.mountain, statistics.water)
    said = _STATISTICS_SAID.get(key)
    if said is None:
        said = msg("place.statistics", forest=key[0], mountain=key[1], water=key[2])
        if len(_STATISTICS_SAID) < 4096:  # Progress says each expedition's total twice; totals repeat across games
            _STATISTICS_SAID[key] = said
    return said


_STATISTICS_SAID: dict[tuple[int, int, int], Message] = {}
