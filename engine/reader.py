"""Reading scenarios from plain data (what a YAML reader returns: lists, mappings, text, ints, bools).

Containers that have `path` and `line_of(key)` (the project's line-aware YAML reader) give
every error its file and line; every mistake is a `ScenarioError` that says what is wrong and
what is allowed. The format is documented for judges in docs/en/scenarios.md.
"""

from __future__ import annotations

import difflib
import re
from functools import partial
from typing import Any, Callable, Mapping, Sequence

from .choices import NO, YES, Answer
from .deck import DeckCard
from .effects import check_subtypes, parse_activated, parse_character_template, parse_effect, parse_passive, parse_reaction
from .errors import EngineError, Location, ScenarioError, UnsupportedText
from .limits import MAX_CARDS, MAX_DEPTH, MAX_NUMBER, MAX_VALUES, number_within_limit
from .objects import Card
from .scenario_model import (
    BOARD_KEYS,
    CHARACTER_KEYS,
    EMBLEM_PATHS,
    OBJECT_PATHS,
    PLACES_WORDS,
    ObjectSetup,
    DECK_CARD_KEYS,
    DECK_CARD_TYPES,
    DECK_KEYS,
    DECK_PATHS,
    EXPEDITION_KEYS,
    EXPEDITION_PATHS,
    GAME_PATHS,
    MAPPING_ACTIONS,
    PLAYER_KEYS,
    PLAYER_PATHS,
    REFUSALS,
    SCENARIO_KEYS,
    WORD_ACTIONS,
    ZONES_FOR_PUT,
    Action,
    CharacterSetup,
    Expectation,
    PlayerSetup,
    Scenario,
    Setup,
    character_key,
    shown,
)
from .state import Region
from .vocabulary import (
    ARENA,
    CHARACTER_SUBTYPES,
    Duration,
    COMPANION_REGION,
    HERO_REGION,
    REGION_COUNT,
    DeckFormat,
    ExpeditionKind,
    Face,
    Faction,
    Keyword,
    Mode,
    ObjectType,
    Phase,
    Rarity,
    RegionType,
    Statistics,
    Status,
    Zone,
    parse_enum,
)

__all__ = ["read_scenario", "read_scenarios"]

# ---- locations -------------------------------------------------------------------------------
def _loc(container: Any, key: Any = None, fallback: Location | None = None) -> Location | None:
    path = getattr(container, "path", None)
    line_of = getattr(container, "line_of", None)
    if path is None or not callable(line_of):
        return fallback
    try:
        line = line_of(key) if key is not None else getattr(container, "line", 0)
    except Exception:  # a foreign container's line_of: a location is a courtesy, never a crash
        line = 0
    return Location(str(path), int(line or 0))


def _fail(message: str, container: Any, key: Any = None, fallback: Location | None = None) -> ScenarioError:
    return ScenarioError(message, _loc(container, key, fallback))


def _did_you_mean(word: Any, choices: Sequence[str]) -> str:
    close = difflib.get_close_matches(str(word), list(choices), n=1, cutoff=0.75)
    return f" (did you mean {close[0]!r}?)" if close else ""


def _check_keys(mapping: Mapping[Any, Any], allowed: Sequence[str], what: str, fallback: Location | None) -> None:
    for key in mapping:
        if key not in allowed:
            raise _fail(f"unknown key {key!r} in {what}{_did_you_mean(key, allowed)}; allowed: {', '.join(allowed)}", mapping, key, fallback)


def _text(value: Any, what: str, container: Any, key: Any, fallback: Location | None) -> str:
    if isinstance(value, bool) or not isinstance(value, (str, int)) or (isinstance(value, str) and not value.strip()):
        raise _fail(f"{what} must be text, got {value!r}", container, key, fallback)
    return str(value).strip()


def _located(call: Callable[[], Any], container: Any, key: Any, fallback: Location | None) -> Any:
    """Run a parser; an EngineError without a place gets the place of `key`."""
    try:
        return call()
    except EngineError as exc:
        raise exc.at(_loc(container, key, fallback)) from None


# ---- reading ---------------------------------------------------------------------------------
def read_scenarios(data: Any, source: str | None = None) -> list[Scenario]:
    """Scenarios from a file's data: a list of scenarios, or a mapping with a `scenarios:` list."""
    fallback = Location(source) if source else _loc(data)
    if isinstance(data, Mapping):
        _check_keys(data, ("scenarios",), "a scenario file (a list of scenarios, or `scenarios:` and a list)", fallback)
        if "scenarios" not in data:
            raise _fail("a scenario file is a list of scenarios, or a mapping with a `scenarios:` list", data, None, fallback)
        items = data["scenarios"]
        holder, key = data, "scenarios"
    else:
        items, holder, key = data, data, None
    if not isinstance(items, list) or isinstance(items, str):
        raise _fail(f"expected a list of scenarios, got {type(items).__name__ if items is not None else 'nothing'}", holder, key, fallback)
    if not items:
        raise _fail("the file holds no scenario", holder, key, fallback)
    scenarios = []
    names: dict[str, Location | None] = {}
    for index, item in enumerate(items):
        where = _loc(items, index, fallback)
        try:
            scenario = _read_scenario(item, where)
        except ScenarioError:
            raise
        except EngineError as exc:  # e.g. card text the engine cannot read: the file cannot be read
            raise ScenarioError(exc.message, exc.location or where) from None
        if scenario.name in names:
            raise ScenarioError(f"two scenarios are named {scenario.name!r}; each name may appear once in a file", where)
        names[scenario.name] = where
        scenarios.append(scenario)
    return scenarios


def read_scenario(item: Any, source: str | None = None) -> Scenario:
    """One scenario (a mapping), e.g. embedded in a glossary entry; ScenarioError if it cannot be read."""
    where = _loc(item, None, Location(source) if source else None)
    try:
        return _read_scenario(item, where)
    except ScenarioError:
        raise
    except EngineError as exc:
        raise ScenarioError(exc.message, exc.location or where) from None


def _check_limits(item: Any, where: Location | None) -> None:
    """engine/limits.py: no number, nesting or size a game never needs reaches the engine, which
    would build that many cards or recurse that deep. Checked before anything is read."""
    pending: list[tuple[Any, Any, Any, int]] = [(item, None, None, 0)]   # value, container, key, depth
    values = 0
    while pending:
        value, container, key, depth = pending.pop()
        values += 1
        if values > MAX_VALUES:
            raise _fail(f"the scenario holds more than {MAX_VALUES:,} values (the limit)", item, None, where)
        if isinstance(value, int) and not isinstance(value, bool) and not -MAX_NUMBER <= value <= MAX_NUMBER:
            raise _fail(f"a number larger than {MAX_NUMBER:,}, the limit for any number in a scenario "
                        "(a game has a few dozen cards)", container, key, where)
        if isinstance(value, (Mapping, list)):
            if depth >= MAX_DEPTH:
                raise _fail(f"lists and mappings are nested more than {MAX_DEPTH} deep (the limit)", container, key, where)
            children = value.items() if isinstance(value, Mapping) else enumerate(value)
            pending.extend((child, value, k, depth + 1) for k, child in children)


def _check_cards(setup: Setup, where: Location | None) -> None:
    """At most MAX_CARDS cards in all: hands, decks, Mana Orbs, expeditions, other zones, a deck's counts
    (`where`: the line of `given:`)."""
    total = sum(card.count for card in setup.deck)
    for player in setup.per_player.values():
        total += len(player.characters) + player.mana + sum(len(cards) for cards in player.zones.values())
    if total > MAX_CARDS:
        raise ScenarioError(f"the scenario gives {total:,} cards in all (zones, Mana Orbs, expeditions, deck counts); "
                            f"the limit is {MAX_CARDS:,}", where)


def _read_scenario(item: Any, where: Location | None) -> Scenario:
    if not isinstance(item, Mapping):
        raise ScenarioError(f"a scenario is a mapping with keys {', '.join(SCENARIO_KEYS)}; got {item!r}", where)
    _check_limits(item, where)
    _check_keys(item, SCENARIO_KEYS, "a scenario", where)
    for required in ("name", "given", "when", "then"):
        if required not in item:
            raise ScenarioError(f"a scenario needs `{required}:` (keys: {', '.join(SCENARIO_KEYS)})", _loc(item, None, where))
    name = _text(item["name"], "`name`", item, "name", where)
    rules: list[str] = []
    raw_rules = item.get("rules", [])
    if raw_rules is not None:
        if not isinstance(raw_rules, list):
            raw_rules = [raw_rules]
        for i, rule in enumerate(raw_rules):
            rules.append(_text(rule, "a rule number", raw_rules, i, where))
    given = item["given"]
    if not isinstance(given, Mapping):
        raise _fail("`given:` is a mapping (players and their expeditions, or a deck)", item, "given", where)
    setup = _read_given(given, _loc(item, "given", where))
    _check_cards(setup, _loc(item, "given", where))
    actions = _read_when(item["when"], item, setup, where)
    expectations = _read_then(item["then"], item, setup, where)
    choices = _read_choices(item.get("choices"), item, setup, where) if "choices" in item else []
    note = item.get("note")
    return Scenario(name, tuple(rules), setup, actions, expectations, where, None if note is None else str(note), choices)


def _read_choices(raw: Any, item: Any, setup: Setup, where: Location | None) -> list[Answer]:
    """`choices:` a list of decisions, `{Player: answer}` each, in the order the engine asks them."""
    shape = "`choices:` is a list of decisions in the order they are asked, e.g. [{Alice: yes}, {Bob: Kelon Elemental}]"
    if not isinstance(raw, list):
        raise _fail(shape, item, "choices", where)
    answers = []
    for i, entry in enumerate(raw):
        place = _loc(raw, i, where)
        if not isinstance(entry, Mapping) or len(entry) != 1:
            raise ScenarioError(shape, place)
        ((player, value),) = entry.items()
        if player not in setup.players:
            raise ScenarioError(f"unknown player {player!r} in `choices:`; players: {', '.join(setup.players)}", place)
        if isinstance(value, bool):
            value = YES if value else NO
        answers.append(Answer(str(player), _text(value, "a decision", entry, player, where), place))
    return answers


def _read_given(given: Mapping[Any, Any], where: Location | None) -> Setup:
    if "format" in given or "deck" in given:
        _check_keys(given, DECK_KEYS, "`given:` of a deck scenario", where)
        if "format" not in given or "deck" not in given:
            raise _fail("a deck scenario's `given:` needs both `format:` and `deck:`", given, None, where)
        deck_format = _located(lambda: parse_enum(DeckFormat, given["format"], "deck format"), given, "format", where)
        return Setup(deck_format=deck_format, deck=_read_deck(given["deck"], given, where))
    setup = Setup()
    if "players" not in given:
        raise _fail("`given:` needs `players:`, the players in seating order (e.g. players: [Alice, Bob]), or `format:` and `deck:`", given, None, where)
    players = given["players"]
    if not isinstance(players, list) or not players:
        raise _fail("`players:` is a list of names in seating order, e.g. [Alice, Bob]", given, "players", where)
    for i, name in enumerate(players):
        text = _text(name, "a player's name", players, i, where)
        if text in BOARD_KEYS or "." in text or text in setup.players or text.lower() in ("none", "arena", "adventure"):
            raise _fail(f"player name {text!r} is not allowed (a name is unique and cannot contain '.' or be a keyword)", players, i, where)
        setup.players.append(text)
    if "mode" in given:
        setup.mode = _located(lambda: parse_enum(Mode, given["mode"], "mode"), given, "mode", where)
    wanted = 2 if setup.mode is Mode.TWO_PLAYER else 4
    if len(setup.players) != wanted:
        raise _fail(
            f"a {setup.mode.value} game has {wanted} players, `players:` lists {len(setup.players)}"
            + ("; for four players write `mode: 2v2` or `mode: free-for-all`" if setup.mode is Mode.TWO_PLAYER else ""),
            given,
            "players",
            where,
        )
    for key in given:
        if key in BOARD_KEYS or key in setup.players:
            continue
        raise _fail(
            f"unknown key or player {key!r} in `given:`; allowed: {', '.join(BOARD_KEYS)}, or a player of `players:` ({', '.join(setup.players)})",
            given,
            key,
            where,
        )
    if "first_player" in given:
        first = _text(given["first_player"], "`first_player`", given, "first_player", where)
        if first not in setup.players:
            raise _fail(f"unknown player {first!r} as first player; players: {', '.join(setup.players)}", given, "first_player", where)
        setup.first_player = first
    if "tiebreakers" in given:
        if not isinstance(given["tiebreakers"], bool):
            raise _fail("`tiebreakers:` is true or false", given, "tiebreakers", where)
        setup.tiebreakers = given["tiebreakers"]
    if "day" in given:
        day = given["day"]
        if isinstance(day, bool) or not isinstance(day, int) or day < 1:
            raise _fail("`day:` is a day number, 1 or more", given, "day", where)
        setup.day = day
    if "adventure" in given:
        if setup.mode is not Mode.TWO_PLAYER:
            raise _fail("`adventure:` describes the two-player Adventure; multiplayer layouts are not modelled", given, "adventure", where)
        if setup.tiebreakers:
            raise _fail("during tiebreakers the regions are replaced by the Arena (4.3.d): leave `adventure:` out", given, "adventure", where)
        setup.adventure = _read_adventure(given["adventure"], given, where)
    for name in setup.players:
        block = given.get(name)
        setup.per_player[name] = _read_player(name, block, given, setup, where) if block is not None else PlayerSetup()
    return setup


def _read_adventure(data: Any, given: Any, where: Location | None) -> list[Region]:
    if not isinstance(data, list) or len(data) != REGION_COUNT:
        raise _fail(
            "`adventure:` lists the 8 regions from 0 to 7: hero, six Tumult halves ({types: [forest, water]} or "
            "{face: down, types: [mountain]}), companion",
            given,
            "adventure",
            where,
        )
    regions: list[Region] = []
    for i, item in enumerate(data):
        if i in (HERO_REGION, COMPANION_REGION):
            word = "hero" if i == HERO_REGION else "companion"
            if item != word:
                raise _fail(f"region {i} is the {word.capitalize()} Region: write `{word}`", data, i, where)
            regions.append(Region(i, Face.UP, None))
            continue
        if not isinstance(item, Mapping):
            raise _fail(f"region {i} is a Tumult half: {{types: [forest, water]}}, or {{face: down, types: [mountain]}}; got {item!r}", data, i, where)
        _check_keys(item, ("face", "types"), f"region {i}", where)
        face = _located(lambda: parse_enum(Face, item.get("face", "up"), "face"), item, "face", where)
        if "types" not in item:
            if face is Face.UP:
                raise _fail(f"region {i} is face up: give its `types:` (forest, mountain, water)", data, i, where)
            regions.append(Region(i, face, None))
            continue
        types = _read_types(item["types"], item, "types", where)
        regions.append(Region(i, face, types))
    for first in (1, 3, 5):
        if regions[first].face is not regions[first + 1].face:
            raise _fail(
                f"regions {first} and {first + 1} are the two halves of one Tumult card: both face up or both face down",
                data,
                first,
                where,
            )
    return regions


def _read_types(value: Any, container: Any, key: Any, where: Location | None) -> frozenset[RegionType]:
    if isinstance(value, str):
        value = [value]
    if not isinstance(value, list):
        raise _fail("region types are a list: [forest, mountain, water] or fewer", container, key, where)
    return frozenset(_located(partial(parse_enum, RegionType, v, "region type"), value, i, where) for i, v in enumerate(value))


def _normal_position(value: Any) -> Any:
    """`arena` in any case, and a region number written as text, read like the plain forms."""
    if isinstance(value, str):
        text = value.strip()
        if text.lower() == ARENA:
            return ARENA
        if text.isdecimal() and number_within_limit(text):  # not "²" (a digit int() refuses), nor 4,300 digits
            return int(text)
    return value


def _read_position(value: Any, container: Any, key: Any, setup: Setup, where: Location | None) -> Any:
    value = _normal_position(value)
    if setup.tiebreakers:
        if value != ARENA:
            raise _fail(f"during tiebreakers every expedition is in the Arena (1.3.3.d): write `region: arena`, got {value!r}", container, key, where)
        return ARENA
    if value == ARENA:
        raise _fail("`arena` is a region only during tiebreakers: add `tiebreakers: true` to `given:`", container, key, where)
    if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value < REGION_COUNT:
        raise _fail(f"region out of range: {value!r}; regions are 0 (Hero Region) to 7 (Companion Region), or `arena` during tiebreakers", container, key, where)
    return value


def _read_player(name: str, block: Any, given: Any, setup: Setup, where: Location | None) -> PlayerSetup:
    if not isinstance(block, Mapping):
        raise _fail(f"`{name}:` is a mapping with keys {', '.join(PLAYER_KEYS)}", given, name, where)
    _check_keys(block, PLAYER_KEYS, f"`{name}:`", where)
    result = PlayerSetup()
    for kind in ExpeditionKind:
        if kind.value not in block:
            continue
        expedition = block[kind.value]
        if not isinstance(expedition, Mapping):
            raise _fail(f"`{kind.value}:` is a mapping: {{region: 0, characters: [...]}}", block, kind.value, where)
        _check_keys(expedition, EXPEDITION_KEYS, f"{name}'s {kind.value} expedition", where)
        if "region" in expedition:
            result.positions[kind] = _read_position(expedition["region"], expedition, "region", setup, where)
        characters = expedition.get("characters") or []
        if not isinstance(characters, list):
            raise _fail("`characters:` is a list of characters", expedition, "characters", where)
        for i, item in enumerate(characters):
            setup_ = _read_object(item, characters, i, where, ObjectType.CHARACTER)
            if setup_.card.type is not ObjectType.CHARACTER:
                raise _fail(f"only Characters are in an expedition; {setup_.card.name} is a {setup_.card.type.value}", characters, i, where)
            result.characters.append(CharacterSetup(setup_.card, kind, setup_.exhausted, setup_))
    for key, zone in (
        ("hand", Zone.HAND), ("deck", Zone.DECK), ("reserve", Zone.RESERVE), ("discard", Zone.DISCARD),
        ("landmarks", Zone.LANDMARK), ("hero_zone", Zone.HERO),
    ):
        if key in block:
            value = block[key]
            if zone is Zone.HERO and isinstance(value, (Mapping, str)):
                value = [value]
            result.zones[zone] = _read_zone_cards(value, block, key, zone, where)
    if "presented" in block:  # 4.1.e-f: a Hero, or a card from outside the game, face down until 4.1.h
        result.presented = _read_object(block["presented"], block, "presented", where, ObjectType.HERO).card
    if "mana" in block:
        mana = block["mana"]
        if isinstance(mana, Mapping):
            _check_keys(mana, ("orbs", "exhausted"), "`mana:`", where)
            orbs, spent = mana.get("orbs", 0), mana.get("exhausted", 0)
        else:
            orbs, spent = mana, 0
        for value in (orbs, spent):
            if isinstance(value, bool) or not isinstance(value, int) or value < 0:
                raise _fail("`mana:` is a number of Mana Orbs, or {orbs: 3, exhausted: 1}", block, "mana", where)
        if spent > orbs:
            raise _fail("more exhausted Mana Orbs than Mana Orbs", block, "mana", where)
        result.mana, result.mana_exhausted = orbs, spent
    return result


_ZONE_TYPES = {Zone.LANDMARK: ObjectType.PERMANENT, Zone.HERO: ObjectType.HERO}
"""The type of a card given in a zone without `type:`: the Landmark zone holds Permanents, the Hero
zone the Hero (4.1.h); anywhere else a Character."""


def _read_zone_cards(value: Any, block: Any, key: str, zone: Zone, where: Location | None) -> list[ObjectSetup]:
    default = _ZONE_TYPES.get(zone, ObjectType.CHARACTER)
    if zone in (Zone.HAND, Zone.DECK) and isinstance(value, int) and not isinstance(value, bool):
        if value < 0:
            raise _fail(f"`{key}:` cannot hold a negative number of cards", block, key, where)
        return [ObjectSetup(Card("card")) for _ in range(value)]
    if not isinstance(value, list):
        raise _fail(f"`{key}:` is a list of cards" + (" or a number of cards" if zone in (Zone.HAND, Zone.DECK) else ""), block, key, where)
    cards = []
    for i, item in enumerate(value):
        if isinstance(item, str) and not re.search(r"-?\d+/-?\d+/-?\d+", item):
            cards.append(ObjectSetup(Card(_text(item, "a card name", value, i, where), default)))
            continue
        setup = _read_object(item, value, i, where, default)
        if setup.card.token:
            raise _fail("a token exists only in the Expedition zone (2.1.d): it cannot start in " + key, value, i, where)
        if zone in (Zone.HAND, Zone.DECK) and (setup.boosts or setup.counters or setup.statuses or setup.exhausted):
            raise _fail(f"a card in the {key} is not an object (2.1.g): it has no boosts, counters, statuses or exhaustion", value, i, where)
        cards.append(setup)
    return cards


def _read_character(item: Any, container: Any, index: Any, where: Location | None) -> tuple[Card, bool]:
    setup = _read_object(item, container, index, where, ObjectType.CHARACTER)
    return setup.card, setup.exhausted


def _list_of(item: Any, key: str, shape: str, where: Location | None) -> list[Any]:
    raw = item.get(key) or []
    if isinstance(raw, str):
        raw = [raw]
    if not isinstance(raw, list):
        raise _fail(shape, item, key, where)
    return raw


def _read_object(item: Any, container: Any, index: Any, where: Location | None, default: ObjectType) -> ObjectSetup:
    """A card or token: the template "Name F/M/W Subtype" or a mapping (CHARACTER_KEYS)."""
    if isinstance(item, str):
        return ObjectSetup(_located(lambda: parse_character_template(item), container, index, where))
    if not isinstance(item, Mapping):
        raise _fail(f"a card is \"Name F/M/W Subtype, Subtype\" or a mapping with keys {', '.join(CHARACTER_KEYS)}; got {item!r}", container, index, where)
    _check_keys(item, CHARACTER_KEYS, "a card", where)
    if "name" not in item:
        raise _fail("a card mapping needs `name:`", container, index, where)
    name = _text(item["name"], "`name`", item, "name", where)
    object_type = default
    if "type" in item:
        object_type = _located(lambda: parse_enum(ObjectType, item["type"], "type"), item, "type", where)
        if object_type in (ObjectType.EMBLEM, ObjectType.REGION, ObjectType.MANA_ORB):
            raise _fail(f"a card given on the board is a character, spell, permanent or hero, not {object_type.value}", item, "type", where)
    stats = None
    if "stats" in item:
        stats = _located(lambda: Statistics.parse(item["stats"]), item, "stats", where)
    subtypes_raw = item.get("subtypes") or []
    if isinstance(subtypes_raw, str):
        subtypes_raw = [s for s in subtypes_raw.split(",")]
    if not isinstance(subtypes_raw, list):
        raise _fail(f"`subtypes:` is a list, e.g. [Soldier]; allowed: {', '.join(CHARACTER_SUBTYPES)}", item, "subtypes", where)
    subtypes = _located(lambda: check_subtypes(tuple(str(s).strip() for s in subtypes_raw), object_type), item, "subtypes", where)
    keywords_raw = _list_of(item, "keywords", "`keywords:` is a list, e.g. [gigantic]", where)
    keywords = frozenset(
        _located(partial(parse_enum, Keyword, k, "keyword (the engine models only the keywords whose rules are in its sources)"), keywords_raw, i, where)
        for i, k in enumerate(keywords_raw)
    )
    statuses_raw = _list_of(item, "statuses", "`statuses:` is a list, e.g. [Fleeting]", where)
    statuses = frozenset(_located(partial(parse_enum, Status, s, "status"), statuses_raw, i, where) for i, s in enumerate(statuses_raw))
    reactions_raw = _list_of(item, "reactions", "`reactions:` is a list of \"Trigger | Effect\"", where)
    reactions = tuple(_located(partial(parse_reaction, r), reactions_raw, i, where) for i, r in enumerate(reactions_raw))
    passives_raw = _list_of(item, "passives", "`passives:` is a list of passive abilities, e.g. [All regions are water and lose their other types]", where)
    passives = tuple(_located(partial(parse_passive, p), passives_raw, i, where) for i, p in enumerate(passives_raw))
    quick_raw = _list_of(item, "quick_actions", "`quick_actions:` is a list of \"Cost: Effect\"", where)
    quick = tuple(_located(partial(parse_activated, q), quick_raw, i, where) for i, q in enumerate(quick_raw))
    supports_raw = _list_of(item, "supports", "`supports:` is a list of support abilities", where)
    supports = tuple(_located(partial(parse_activated, q), supports_raw, i, where) for i, q in enumerate(supports_raw))
    effect = None
    if "effect" in item:
        effect = _text(item["effect"], "`effect:` (a Spell's printed effect)", item, "effect", where)
        _located(lambda: parse_effect(effect), item, "effect", where)
    unread: tuple[str, ...] = ()
    if "textbox" in item:
        textbox = _read_textbox(item["textbox"], item, where)
        reactions += textbox["reactions"]
        passives += textbox["passives"]
        quick += textbox["quick"]
        supports += textbox["supports"]
        unread = textbox["unread"]
    for flag in ("token", "exhausted"):
        if flag in item and not isinstance(item[flag], bool):
            raise _fail(f"`{flag}:` is true or false", item, flag, where)
    rarity = _located(lambda: parse_enum(Rarity, item["rarity"], "rarity"), item, "rarity", where) if "rarity" in item else None
    faction = _located(lambda: parse_enum(Faction, item["faction"], "faction"), item, "faction", where) if item.get("faction") else None
    costs = {}
    for cost_key in ("hand_cost", "reserve_cost"):
        if cost_key in item:
            value = item[cost_key]
            if isinstance(value, bool) or not isinstance(value, int) or value < 0:
                raise _fail(f"`{cost_key}:` is a number (2.2.6.a, 2.2.7.a)", item, cost_key, where)
            costs[cost_key] = value
    boosts = item.get("boosts", 0)
    if isinstance(boosts, bool) or not isinstance(boosts, int) or boosts < 0:
        raise _fail("`boosts:` is a whole number, 0 or more", item, "boosts", where)
    counters = item.get("counters") or {}
    if not isinstance(counters, Mapping) or any(isinstance(v, bool) or not isinstance(v, int) or v < 0 for v in counters.values()):
        raise _fail("`counters:` maps a kind of counter to a number, e.g. {Kelon: 3}", item, "counters", where)
    printed = {k: _text(item[k], f"`{k}`", item, k, where) for k in ("printed_name", "language") if k in item}
    card = Card(
        name, object_type, subtypes, stats, keywords, reactions, passives, rarity=rarity, faction=faction,
        token=bool(item.get("token", False)), hand_cost=costs.get("hand_cost"), reserve_cost=costs.get("reserve_cost"), effect=effect, quick_actions=quick, supports=supports, unread=unread,
        printed_name=printed.get("printed_name"), language=printed.get("language"),
    )
    return ObjectSetup(card, bool(item.get("exhausted", False)), boosts, {str(k): int(v) for k, v in counters.items()}, statuses)


def _read_textbox(raw: Any, item: Any, where: Location | None) -> dict[str, tuple[Any, ...]]:
    """A printed textbox, line by line: each line is an ability (1.2.4.a); text in italics, written
    between *asterisks*, has no existence rules-wise (2.2.10.c): flavour and reminder text; a line in
    the support box is written with "support:" in front (2.2.10.d)."""
    if not isinstance(raw, list) or not all(isinstance(line, str) for line in raw):
        raise _fail("`textbox:` is a list of printed lines; italics between *asterisks*, a support ability with \"support:\" in front", item, "textbox", where)
    found: dict[str, list[Any]] = {"reactions": [], "passives": [], "quick": [], "supports": [], "unread": []}
    for i, line in enumerate(raw):
        text = re.sub(r"\*[^*]*\*", "", line).strip()  # 2.2.10.c: italics are not rules text
        if not text:
            continue
        if text.lower().startswith("support:"):
            found["supports"].append(_located(partial(parse_activated, text), raw, i, where))
            continue
        for kind, parse in (("reactions", parse_reaction), ("passives", parse_passive), ("quick", parse_activated)):
            if kind == "quick" and ":" not in text:
                continue
            try:
                found[kind].append(parse(text))
                break
            except UnsupportedText:
                continue
        else:
            found["unread"].append(" ".join(text.split()))
    return {k: tuple(v) for k, v in found.items()}


def _read_deck(data: Any, given: Any, where: Location | None) -> list[DeckCard]:
    if not isinstance(data, list):
        raise _fail("`deck:` is a list of cards: {name, type, faction, rarity, count}", given, "deck", where)
    cards = []
    for i, item in enumerate(data):
        if not isinstance(item, Mapping):
            raise _fail(f"a deck card is a mapping with keys {', '.join(DECK_CARD_KEYS)}; got {item!r}", data, i, where)
        _check_keys(item, DECK_CARD_KEYS, "a deck card", where)
        if "name" not in item:
            raise _fail("a deck card needs `name:`", data, i, where)
        name = _text(item["name"], "`name`", item, "name", where)
        card_type = str(item.get("type", "character")).strip().lower()
        if card_type not in DECK_CARD_TYPES:
            raise _fail(f"unknown card type {item.get('type')!r}; allowed: {', '.join(DECK_CARD_TYPES)}", item, "type", where)
        faction = None
        if item.get("faction") is not None:
            faction = _located(lambda: parse_enum(Faction, item["faction"], "faction"), item, "faction", where)
        rarity = None
        if "rarity" in item:
            rarity = _located(lambda: parse_enum(Rarity, item["rarity"], "rarity"), item, "rarity", where)
        elif card_type not in ("hero", "token"):
            rarity = Rarity.COMMON
        count = item.get("count", 1)
        if isinstance(count, bool) or not isinstance(count, int) or count < 1:
            raise _fail("`count:` is a whole number, 1 or more", item, "count", where)
        printed = _text(item["printed_name"], "`printed_name`", item, "printed_name", where) if "printed_name" in item else None
        cards.append(DeckCard(name, card_type, faction, rarity, count, printed))
    return cards


def _expedition_ref(value: Any, container: Any, key: Any, setup: Setup, where: Location | None, *, with_name: bool = False) -> tuple[str, ExpeditionKind, str | None]:
    text = _text(value, "an expedition (Player.hero or Player.companion)", container, key, where)
    parts = text.split(".", 2) if with_name else text.split(".")
    shape = "Player.hero.Character Name" if with_name else "Player.hero or Player.companion"
    if len(parts) != (3 if with_name else 2):
        raise _fail(f"{text!r} is not {shape}", container, key, where)
    player, kind_word = parts[0].strip(), parts[1].strip()
    if player not in setup.players:
        raise _fail(f"unknown player {player!r} in {text!r}; players: {', '.join(setup.players)}", container, key, where)
    kind = _located(lambda: parse_enum(ExpeditionKind, kind_word, "expedition"), container, key, where)
    return player, kind, parts[2].strip() if with_name else None


def _read_when(raw: Any, item: Any, setup: Setup, where: Location | None) -> list[Action]:
    items = raw if isinstance(raw, list) else [raw]
    holder, base = (raw, None) if isinstance(raw, list) else (item, "when")
    if not items:
        raise _fail("`when:` needs at least one action", item, "when", where)
    actions = []
    for i, entry in enumerate(items):
        key: Any = i if isinstance(raw, list) else base
        place = _loc(holder, key, where)
        actions.append(_read_action(entry, holder, key, setup, place))
    return actions


def _read_action(entry: Any, holder: Any, key: Any, setup: Setup, place: Location | None) -> Action:
    allowed = ", ".join(WORD_ACTIONS) + ", " + ", ".join(f"{{{k}: ...}}" for k in MAPPING_ACTIONS)
    if isinstance(entry, str):
        word = entry.strip()
        if word not in WORD_ACTIONS:
            raise ScenarioError(f"unknown action {entry!r}{_did_you_mean(word, WORD_ACTIONS + tuple(MAPPING_ACTIONS))}; allowed: {allowed}", place)
        if word == "check_deck" and not setup.is_deck:
            raise ScenarioError("`check_deck` needs a deck: give `format:` and `deck:` under `given:`", place)
        if word != "check_deck" and setup.is_deck:
            raise ScenarioError(f"`{word}` needs a board, but `given:` holds a deck; a deck scenario's action is check_deck", place)
        return Action(word, location=place)
    if not isinstance(entry, Mapping) or not entry:
        raise ScenarioError(f"an action is a word or a mapping; got {entry!r}; allowed: {allowed}", place)
    if setup.is_deck:
        raise ScenarioError("a deck scenario's only action is check_deck", place)
    main = [k for k in entry if k in MAPPING_ACTIONS]
    if len(main) != 1:
        raise ScenarioError(f"unknown action {dict(entry)!r}; allowed: {allowed}", _loc(entry, next(iter(entry)), place))
    kind = main[0]
    _check_keys(entry, (kind,) + MAPPING_ACTIONS[kind], f"the action {kind}", place)
    if kind in ("move_forward", "move_backward"):
        player, expedition, _ = _expedition_ref(entry[kind], entry, kind, setup, place)
        return Action(kind, player, expedition, location=place)
    if kind in ("switch_expeditions", "lose_gigantic"):
        player, expedition, name = _expedition_ref(entry[kind], entry, kind, setup, place, with_name=True)
        return Action(kind, player, expedition, name=name, location=place)
    if kind == "put":
        player, where_, name = _object_ref(entry[kind], entry, kind, setup, place)
        if "in" not in entry:
            raise ScenarioError(f"`put:` needs `in:` the zone; allowed: {', '.join(ZONES_FOR_PUT)}", place)
        zone_word = str(entry["in"]).strip().lower()
        if zone_word not in ZONES_FOR_PUT:
            raise _fail(f"unknown zone {entry['in']!r}; allowed: {', '.join(ZONES_FOR_PUT)}", entry, "in", place)
        origin = ExpeditionKind(where_) if where_ in ("hero", "companion") else None
        to = ExpeditionKind(zone_word) if zone_word in ("hero", "companion") else None
        return Action(kind, player, origin, name=name, zone=ZONES_FOR_PUT[zone_word], location=place, place=where_, to=to)
    if kind == "play":
        player, where_, name = _object_ref(entry[kind], entry, kind, setup, place)
        if where_ not in ("hand", "reserve"):
            raise _fail(f"a card is played from the hand or the reserve (2.2.10.i remark), not from {where_}", entry, kind, place)
        if "to" not in entry:
            raise ScenarioError("`play:` needs `to:`, the expedition it is played into: hero or companion", place)
        to_player = None
        if "." in str(entry["to"]):  # `to: Carol.hero`: an expedition named with its player
            to_player, to, _ = _expedition_ref(entry["to"], entry, "to", setup, place)
        else:
            to = _located(lambda: parse_enum(ExpeditionKind, entry["to"], "expedition"), entry, "to", place)
        return Action(kind, player, name=name, location=place, place=where_, to=to, decline_cost=_declined(entry, place), to_player=to_player)
    if kind == "morning":
        if str(entry[kind]).strip().lower() != "expand":
            raise _fail("`{morning: expand}` plays the Morning with the players' Expand decisions given in `choices:` (4.2.1.e)", entry, kind, place)
        return Action(kind, location=place, expand=True)
    if kind in ("pass", "mulligan"):
        player = _text(entry[kind], "a player", entry, kind, place)
        if player not in setup.players:
            raise _fail(f"unknown player {player!r}; players: {', '.join(setup.players)}", entry, kind, place)
        return Action(kind, player, location=place)
    if kind in ("quick_action", "support"):
        player, where_, name = _object_ref(entry[kind], entry, kind, setup, place)
        ability = entry.get("ability", 1)
        if isinstance(ability, bool) or not isinstance(ability, int) or ability < 1:
            raise _fail("`ability:` is the number of the ability on the card, from 1", entry, "ability", place)
        return Action(kind, player, name=name, location=place, place=where_, ability=ability, decline_cost=_declined(entry, place))
    text = _text(entry["effect"], "`effect:` (the printed text)", entry, "effect", place)
    _located(lambda: parse_effect(text), entry, "effect", place)
    if "controller" not in entry:
        raise ScenarioError(f"an effect needs `controller:`, the player who controls it ({', '.join(setup.players)})", place)
    controller = _text(entry["controller"], "`controller`", entry, "controller", place)
    if controller not in setup.players:
        raise _fail(f"unknown player {controller!r} as controller; players: {', '.join(setup.players)}", entry, "controller", place)
    target = None
    target_object = None
    if "target" in entry:
        if str(entry["target"]).count(".") >= 2:
            target_object = _object_ref(entry["target"], entry, "target", setup, place)
        else:
            p, k, _ = _expedition_ref(entry["target"], entry, "target", setup, place)
            target = (p, k)
    return Action("effect", controller, text=text, target=target, location=place, target_object=target_object)


def _declined(entry: Any, place: Location | None) -> bool:
    """`cost: decline` (6.4.b): the player declines to pay; `cost: pay` is the default."""
    if "cost" not in entry:
        return False
    word = str(entry["cost"]).strip().lower()
    if word not in ("pay", "decline"):
        raise _fail("`cost:` is pay or decline (6.4.b)", entry, "cost", place)
    return word == "decline"


def _object_ref(value: Any, container: Any, key: Any, setup: Setup, where: Location | None) -> tuple[str, str, str]:
    """"Player.place.Name": an object (or a card in a hidden zone) and where it is (PLACES_WORDS)."""
    text = _text(value, "an object, e.g. Alice.hero.Kuwat or Alice.reserve.Kuwat", container, key, where)
    parts = text.split(".", 2)
    if len(parts) != 3 or not parts[2].strip():
        raise _fail(f"{text!r} is not Player.place.Name; places: {', '.join(PLACES_WORDS)}", container, key, where)
    player, place_word, name = (p.strip() for p in parts)
    if player not in setup.players:
        raise _fail(f"unknown player {player!r} in {text!r}; players: {', '.join(setup.players)}", container, key, where)
    if place_word not in PLACES_WORDS:
        raise _fail(f"unknown place {place_word!r} in {text!r}{_did_you_mean(place_word, PLACES_WORDS)}; places: {', '.join(PLACES_WORDS)}", container, key, where)
    return player, place_word, name


# ---- expectations ----------------------------------------------------------------------------
def _read_then(raw: Any, item: Any, setup: Setup, where: Location | None) -> list[Expectation]:
    if not isinstance(raw, Mapping) or not raw:
        raise _fail("`then:` maps paths to expected values, e.g. `winner: none`", item, "then", where)
    return [_read_expectation(str(path), value, raw, path, setup, _loc(raw, path, where)) for path, value in raw.items()]


def _read_undecided(value: Any, setup: Setup, place: Location | None, bad: Callable[[str], ScenarioError]) -> Expectation:
    """`undecided:` maps each reading the sources allow (its label, as the engine names it) to the
    values expected under it: the readings give different outcomes (engine.readings)."""
    if setup.is_deck or not isinstance(value, Mapping) or len(value) < 2:
        raise bad(
            "expected each reading and what happens under it, e.g. "
            "{\"Tidecaller, then Grovekeeper\": {arena.types: [forest]}, \"Grovekeeper, then Tidecaller\": {arena.types: [water]}}"
        )
    readings = []
    for label, inner in value.items():
        where = _loc(value, label, place)
        if not isinstance(inner, Mapping) or not inner:
            raise ScenarioError(f"undecided: the reading {label!r} maps paths to expected values, e.g. {{winner: Alice}}", where)
        if "undecided" in inner:
            raise ScenarioError(f"undecided: the reading {label!r} cannot hold another `undecided:`", where)
        readings.append((text_key(label), tuple(_read_expectation(str(p), v, inner, p, setup, _loc(inner, p, where)) for p, v in inner.items())))
    return Expectation("undecided", tuple(readings), ", ".join(f"\"{label}\"" for label, _ in readings), place)


def _sees_expectation(rest: list[str], value: Any, expect: Callable[[Any], Expectation], bad: Callable[[str], ScenarioError],
                      setup: Setup) -> Expectation:
    """`Bob.sees.Alice.hand`: what one player may look at in a place (engine.information)."""
    shape = (rest == ["limbo"] or (len(rest) == 2 and rest[0] == "adventure" and re.fullmatch(r"[0-7]", rest[1]) is not None)
             or (len(rest) == 2 and rest[0] in setup.players and rest[1] in PLACES_WORDS))
    if not shape:
        raise bad(f"a player sees `limbo`, `adventure.N` or `Player.place` (places: {', '.join(PLACES_WORDS)})")
    if isinstance(value, str) and value.strip().lower() in ("hidden", "face down"):
        return expect(value.strip().lower())
    if isinstance(value, list) and all(isinstance(v, str) for v in value):
        return expect(sorted(v.strip() for v in value))
    if isinstance(value, int) and not isinstance(value, bool) and value >= 0:
        return expect(value)
    raise bad("expected `hidden`, `face down`, a number, or the list of what the player sees there")


def _paths_allowed(setup: Setup) -> str:
    if setup.is_deck:
        return ", ".join(DECK_PATHS)
    p = setup.players[0]
    return (
        ", ".join(GAME_PATHS)
        + ", adventure.N.face, adventure.N.types, "
        + ", ".join(f"{p}.{x}" for x in PLAYER_PATHS)
        + ", "
        + ", ".join(f"{p}.hero.{x}" for x in EXPEDITION_PATHS)
    )


def _read_expectation(path: str, value: Any, raw: Any, key: Any, setup: Setup, place: Location | None) -> Expectation:
    def bad(message: str) -> ScenarioError:
        return ScenarioError(f"{path}: {message}", place)

    def expect(normalized: Any) -> Expectation:
        return Expectation(path, normalized, shown(value), place)

    def boolean() -> Expectation:
        if not isinstance(value, bool):
            raise bad(f"expected true or false, got {shown(value)}")
        return expect(value)

    def count_or_names() -> Expectation:
        if isinstance(value, int) and not isinstance(value, bool) and value >= 0:
            return expect(value)
        if isinstance(value, list) and all(isinstance(v, str) for v in value):
            return expect(sorted(v.strip() for v in value))
        raise bad("expected a number of cards, or a list of names")

    def unknown() -> ScenarioError:
        known = list(DECK_PATHS if setup.is_deck else GAME_PATHS)
        if not setup.is_deck:
            known += [f"{p}.{x}" for p in setup.players for x in PLAYER_PATHS]
            known += [f"{p}.{k}.{x}" for p in setup.players for k in ("hero", "companion") for x in EXPEDITION_PATHS]
        return bad(f"unknown path{_did_you_mean(path, known)}; allowed: {_paths_allowed(setup)}")

    if path == "undecided":
        return _read_undecided(value, setup, place, bad)
    if path == "refused":
        word = str(value).strip().lower()
        if word not in REFUSALS:
            raise bad(f"unknown refusal {value!r}; allowed: {', '.join(REFUSALS)}")
        return expect(word)
    if setup.is_deck:
        if path == "legal":
            return boolean()
        if path == "violations":
            if not isinstance(value, list):
                raise bad("expected a list of rule numbers or ids, e.g. [1.1.4.c, 1.1.4.e]")
            return expect(sorted({str(v).strip() for v in value}))
        raise unknown()
    if path == "winner":
        if value is None or (isinstance(value, str) and value.strip().lower() == "none"):
            return expect(())
        names = value if isinstance(value, list) else [value]
        for name in names:
            if not isinstance(name, str) or name.strip() not in setup.players:
                raise bad(f"unknown player {shown(name)}; a winner is a player ({', '.join(setup.players)}), a list of players (a 2v2 team), or none")
        winners = {n.strip() for n in names}
        if setup.mode is Mode.TWO_VS_TWO and len(winners) == 1:
            # "wins the game for their team" (2v2 page): one name stands for that player's team.
            seat = setup.players.index(next(iter(winners))) % 2
            winners = {setup.players[seat], setup.players[seat + 2]}
        return expect(tuple(sorted(winners)))
    if path == "tiebreakers":
        return boolean()
    if path == "first_player":
        if not isinstance(value, str) or value not in setup.players:
            raise bad(f"unknown player {shown(value)}; players: {', '.join(setup.players)}")
        return expect(value)
    if path == "day":
        if isinstance(value, bool) or not isinstance(value, int):
            raise bad("expected a day number")
        return expect(value)
    if path == "phase":
        return expect(_located_value(lambda: parse_enum(Phase, value, "phase"), place).value)
    if path in ("effect.steps", "effect.atomic_actions", "cost.steps", "cost.atomic_actions", "cost.mana"):
        if isinstance(value, bool) or not isinstance(value, int) or value < 0:
            raise bad("expected a whole number")
        return expect(value)
    if path == "cost.paid":
        return boolean()
    if path in ("passed", "reactions_played"):
        if path == "passed":
            names = value if isinstance(value, list) else ([] if value is None or str(value).lower() == "none" else [value])
            for n in names:
                if str(n) not in setup.players:
                    raise bad(f"unknown player {shown(n)}; players: {', '.join(setup.players)}")
            return expect(sorted(str(n) for n in names))
        return expect(_read_choice_log(value, bad))
    if path == "arena.types":
        return expect(sorted(t.value for t in _located_value(lambda: _read_types(value, raw, key, place), place)))
    if path in ("turn", "effect.controller"):
        if value is None or (isinstance(value, str) and value.strip().lower() == "none"):
            return expect(None)
        if not isinstance(value, str) or value.strip() not in setup.players:
            raise bad(f"unknown player {shown(value)}; players: {', '.join(setup.players)}")
        return expect(value.strip())
    if path == "effect.step_texts":
        if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
            raise bad("expected the steps' texts, in order, e.g. [Sabotage, Resupply]")
        return expect([text_key(v) for v in value])
    if path == "cost.parts":
        if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
            raise bad("expected the cost's parts as paid, in order, e.g. [exhaust, pay 1]; `...` for a cost symbol lost in the sources")
        return expect([text_key(v) for v in value])
    if path == "choices":
        return expect(_read_choice_log(value, bad))
    if path in ("limbo", "emblems"):
        return count_or_names()
    parts = path.split(".")
    if parts[0] == "emblems":
        if len(parts) != 3 or not parts[1].isdecimal() or not number_within_limit(parts[1]) or int(parts[1]) < 1 or parts[2] not in EMBLEM_PATHS:
            raise bad(f"an emblem's path is emblems.N.{{{', '.join(EMBLEM_PATHS)}}}, N counting the emblems created from 1")
        return _emblem_expectation(parts[2], value, expect, boolean, bad, setup, place)
    if parts[0] in setup.players and len(parts) >= 2 and parts[1] == "sees":
        return _sees_expectation(parts[2:], value, expect, bad, setup)
    if parts[0] in setup.players and len(parts) >= 4 and parts[1] in PLACES_WORDS:
        return _object_expectation(parts[-1], value, expect, boolean, bad, setup, place)
    if parts[0] == "adventure":
        if len(parts) == 3 and parts[2] == "type" and re.fullmatch(r"[0-7]", parts[1]):
            if not isinstance(value, str) or value.strip().lower() != "region":
                raise bad("the type of an object represented by an Adventure card or a Tumult half is Region (2.2.1.e)")
            return expect("region")
        if len(parts) != 3 or parts[2] not in ("face", "types"):
            raise unknown()
        if not re.fullmatch(r"[0-7]", parts[1]):
            raise bad("region out of range: regions are 0 (Hero Region) to 7 (Companion Region)")
        if parts[2] == "face":
            if isinstance(value, str) and value.strip().lower() == "discarded":
                return expect("discarded")  # 4.3.d: once tiebreakers start
            return expect(_located_value(lambda: parse_enum(Face, value, "face"), place).value)
        return expect(sorted(t.value for t in _located_value(lambda: _read_types(value, raw, key, place), place)))
    if parts[0] not in setup.players:
        if len(parts) >= 2 and (parts[1] in PLAYER_PATHS or parts[1] in ("hero", "companion")):
            raise bad(f"unknown player {parts[0]!r}; players: {', '.join(setup.players)}")
        raise unknown()
    if len(parts) == 2:
        if parts[1] == "statistics":
            return expect(str(_located_value(lambda: Statistics.parse(value), place)))
        if parts[1] == "exhausted":
            if isinstance(value, bool) or not isinstance(value, int) or value < 0:
                raise bad("expected the number of exhausted Characters, Permanents and Mana Orbs the player controls")
            return expect(value)
        if parts[1] in PLAYER_PATHS:
            return count_or_names()
        raise unknown()
    if len(parts) != 3 or parts[1] not in ("hero", "companion") or parts[2] not in EXPEDITION_PATHS:
        if len(parts) >= 4 and parts[1] not in PLACES_WORDS:
            raise bad(f"unknown place {parts[1]!r}{_did_you_mean(parts[1], PLACES_WORDS)}; an object's path is Player.place.Name.attribute, places: {', '.join(PLACES_WORDS)}")
        raise unknown()
    attribute = parts[2]
    if attribute == "region":
        position = _read_position_expected(value, bad)
        return expect(position)
    if attribute == "statistics":
        return expect(str(_located_value(lambda: Statistics.parse(value), place)))
    if attribute in ("moved_forward", "failed_to_move_forward"):
        return boolean()
    if attribute == "moved_forward_due_to":
        return expect(sorted(t.value for t in _located_value(lambda: _read_types(value, raw, key, place), place)))
    if attribute == "exhausted":
        if isinstance(value, bool) or not isinstance(value, int) or value < 0:
            raise bad("expected the number of exhausted characters")
        return expect(value)
    # characters, tokens: a number, or a list of characters compared as a multiset
    if isinstance(value, int) and not isinstance(value, bool) and value >= 0:
        return expect(value)
    if not isinstance(value, list):
        raise bad("expected a number of characters or a list of characters (\"Name F/M/W Subtype\")")
    cards = [_read_character(v, value, i, place)[0] for i, v in enumerate(value)]
    return expect(sorted(character_key(c) for c in cards))


def text_key(text: str) -> str:
    """Texts compared as written, give or take spaces and a final full stop."""
    return " ".join(str(text).split()).rstrip(".")


def _read_choice_log(value: Any, bad: Callable[[str], ScenarioError]) -> list[str]:
    if not isinstance(value, list):
        raise bad("expected the decisions made, in order, like `choices:`: [{Alice: yes}, {Bob: Kelon Elemental}]")
    log = []
    for entry in value:
        if isinstance(entry, Mapping) and len(entry) == 1:
            ((player, answer),) = entry.items()
            answer = (YES if answer else NO) if isinstance(answer, bool) else answer
            log.append(text_key(f"{player}: {answer}"))
        elif isinstance(entry, str) and ":" in entry:
            log.append(text_key(entry))
        else:
            raise bad(f"a decision is {{Player: answer}}, got {shown(entry)}")
    return log


def _emblem_expectation(attribute: str, value: Any, expect: Callable[[Any], Expectation], boolean: Callable[[], Expectation],
                        bad: Callable[[str], ScenarioError], setup: Setup, place: Location | None) -> Expectation:
    if attribute == "exists":
        return boolean()
    if attribute == "subtype":
        word = str(value).strip().capitalize()
        if word not in ("Reaction", "Ongoing"):
            raise bad("the sub-type of an emblem is Reaction or Ongoing (2.2.2.h)")
        return expect(word)
    if attribute == "duration":
        if value is None or str(value).strip().lower() == "none":
            return expect(None)
        return expect(_located_value(lambda: parse_enum(Duration, value, "duration"), place).value)
    if attribute == "controller":
        if str(value).strip() not in setup.players:
            raise bad(f"unknown player {shown(value)}; players: {', '.join(setup.players)}")
        return expect(str(value).strip())
    if attribute in ("hand_cost", "reserve_cost", "faction", "rarity"):
        return _cost_or_none(attribute, value, expect, bad, place)
    if attribute == "type":
        if not isinstance(value, str) or value.strip().lower() != "emblem":
            raise bad("the type of an emblem is Emblem (2.2.1.g)")
        return expect("emblem")
    if attribute == "name":
        if value is None or str(value).strip().lower() == "none":
            return expect(None)  # 2.2.3.g: emblems have no name
        if not isinstance(value, str):
            raise bad("expected a name, or none")
        return expect(value.strip())
    if not isinstance(value, str):
        raise bad("expected text")
    return expect(text_key(value))


def _cost_or_none(attribute: str, value: Any, expect: Callable[[Any], Expectation], bad: Callable[[str], ScenarioError],
                  place: Location | None) -> Expectation:
    if value is None or (isinstance(value, str) and value.strip().lower() == "none"):
        return expect(None)
    if attribute == "faction":
        return expect(_located_value(lambda: parse_enum(Faction, value, "faction"), place).value)
    if attribute == "rarity":
        return expect(_located_value(lambda: parse_enum(Rarity, value, "rarity"), place).value)
    if isinstance(value, bool) or not isinstance(value, int) or value < 0:
        raise bad("expected a number, or none")
    return expect(value)


def _object_expectation(attribute: str, value: Any, expect: Callable[[Any], Expectation], boolean: Callable[[], Expectation],
                        bad: Callable[[str], ScenarioError], setup: Setup, place: Location | None) -> Expectation:
    if attribute not in OBJECT_PATHS:
        raise bad(f"unknown attribute {attribute!r}{_did_you_mean(attribute, OBJECT_PATHS)}; an object's attributes: {', '.join(OBJECT_PATHS)}")
    if attribute in ("token", "fleeting", "asleep", "exhausted", "exists"):
        return boolean()
    if attribute in ("hand_cost", "reserve_cost", "faction", "rarity"):
        return _cost_or_none(attribute, value, expect, bad, place)
    if attribute == "boosts":
        if isinstance(value, bool) or not isinstance(value, int) or value < 0:
            raise bad("expected a number of boosts")
        return expect(value)
    if attribute == "counters":
        if isinstance(value, int) and not isinstance(value, bool) and value >= 0:
            return expect(value)
        if isinstance(value, Mapping) and all(isinstance(v, int) and not isinstance(v, bool) for v in value.values()):
            return expect(sorted((str(k), int(v)) for k, v in value.items() if v))
        raise bad("expected a number of counters, or counters by kind, e.g. {Kelon: 3}")
    if attribute == "type":
        return expect(_located_value(lambda: parse_enum(ObjectType, value, "type"), place).value)
    if attribute == "statistics":
        if value is None or str(value).strip().lower() == "none":
            return expect(None)
        return expect(str(_located_value(lambda: Statistics.parse(value), place)))
    if attribute == "statuses":
        items = value if isinstance(value, list) else [value]
        return expect(sorted(_located_value(lambda: parse_enum(Status, s, "status"), place).value for s in items))
    if attribute == "subtypes":
        items = value if isinstance(value, list) else [value]
        return expect(sorted(str(s).strip() for s in items))
    if attribute in ("abilities", "in_play_abilities", "support_abilities"):
        if isinstance(value, int) and not isinstance(value, bool) and value >= 0:
            return expect(value)
        if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
            raise bad("expected a number of abilities, or the abilities as printed (a list)")
        return expect(sorted(text_key(v) for v in value))
    if attribute == "controller":
        if str(value).strip() not in setup.players:
            raise bad(f"unknown player {shown(value)}; players: {', '.join(setup.players)}")
        return expect(str(value).strip())
    if not isinstance(value, str):
        raise bad("expected text")
    return expect(value.strip())


def _located_value(call: Callable[[], Any], place: Location | None) -> Any:
    try:
        return call()
    except EngineError as exc:
        raise exc.at(place) from None


def _read_position_expected(value: Any, bad: Callable[[str], ScenarioError]) -> Any:
    value = _normal_position(value)
    if value == ARENA:
        return ARENA
    if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value < REGION_COUNT:
        raise bad(f"region out of range: {shown(value)}; regions are 0 to 7, or arena")
    return value


