"""Reading a scenario's `given:`: a board (players, their expeditions and zones, the Adventure)
or a deck. Every mistake is a `ScenarioError` naming its file and line and what is allowed
(docs/en/scenarios.md, "A board" and "A deck")."""

from __future__ import annotations

import re
from functools import lru_cache, partial
from typing import Any, Mapping

from ..deck import DeckCard
from ..cardtext import check_subtypes, parse_activated, parse_character_template, parse_effect, parse_passive, parse_reaction
from ..errors import Location, ScenarioError, UnsupportedText
from ..messages import Quote, msg
from ..objects import Card, Reaction
from .model import (
    BOARD_KEYS,
    CHARACTER_KEYS,
    DECK_CARD_KEYS,
    DECK_CARD_TYPES,
    DECK_KEYS,
    EXPEDITION_KEYS,
    PLAYER_KEYS,
    CharacterSetup,
    ObjectSetup,
    PlayerSetup,
    Setup,
)
from .syntax import check_keys, fail, located, location_of, normal_position, read_text, read_types
from ..state import Region
from ..vocabulary import ARENA, CHARACTER_SUBTYPES, COMPANION_REGION, HERO_REGION, REGION_COUNT, DeckFormat, ExpeditionKind, Face, Faction, Keyword, Mode, ObjectType, Rarity, Statistics, Status, UnmodelledKeyword, Zone, parse_enum, unmodelled_keyword, BOOSTER_WAR_DECK, BoosterWar

__all__ = ["read_given", "read_object", "read_character"]


@lru_cache(maxsize=1024)
def _reaction(text: str) -> Reaction:
    """parse_reaction, once per text: YAML aliases can repeat a card's reactions tens of thousands of
    times within the limits on values (a Reaction is a frozen value: sharing it is safe)."""
    return parse_reaction(text)


def read_given(given: Mapping[Any, Any], where: Location | None) -> Setup:
    if "format" in given or "deck" in given:
        check_keys(given, DECK_KEYS, "`given:` of a deck scenario", where)
        if "format" not in given or "deck" not in given:
            raise fail("a deck scenario's `given:` needs both `format:` and `deck:`", given, None, where)
        deck_format = located(lambda: parse_enum(DeckFormat, given["format"], "deck format"), given, "format", where)
        return Setup(deck_format=deck_format, deck=_read_deck(given["deck"], given, where))
    setup = Setup()
    if "players" not in given:
        raise fail("`given:` needs `players:`, the players in seating order (e.g. players: [Alice, Bob]), or `format:` and `deck:`", given, None, where)
    players = given["players"]
    if not isinstance(players, list) or not players:
        raise fail("`players:` is a list of names in seating order, e.g. [Alice, Bob]", given, "players", where)
    for i, name in enumerate(players):
        text = read_text(name, "a player's name", players, i, where)
        if text in BOARD_KEYS or "." in text or text in setup.players or text.lower() in ("none", "arena", "adventure"):
            raise fail(f"player name {text!r} is not allowed (a name is unique and cannot contain '.' or be a keyword)", players, i, where)
        setup.players.append(text)
    if "mode" in given and str(given["mode"]).strip().lower() == "booster-war":
        # The Booster War page: a two-player game with three differences, in two variants.
        setup.booster_war = BoosterWar.LEAST_TECHNICAL
        if "variant" in given:
            setup.booster_war = located(lambda: parse_enum(BoosterWar, given["variant"], "Booster War variant"), given, "variant", where)
    elif "mode" in given:
        setup.mode = located(lambda: parse_enum(Mode, given["mode"], "mode (or booster-war)"), given, "mode", where)
    if "variant" in given and setup.booster_war is None:
        raise fail("`variant:` is a Booster War variant (least-technical, most-technical): give `mode: booster-war`", given, "variant", where)
    wanted = 2 if setup.mode is Mode.TWO_PLAYER else 4
    if len(setup.players) != wanted:
        raise fail(
            f"a {setup.mode.value} game has {wanted} players, `players:` lists {len(setup.players)}"
            + ("; for four players write `mode: 2v2` or `mode: free-for-all`" if setup.mode is Mode.TWO_PLAYER else ""),
            given,
            "players",
            where,
        )
    for key in given:
        if key in BOARD_KEYS or key in setup.players:
            continue
        raise fail(
            f"unknown key or player {key!r} in `given:`; allowed: {', '.join(BOARD_KEYS)}, or a player of `players:` ({', '.join(setup.players)})",
            given,
            key,
            where,
        )
    if "first_player" in given:
        first = read_text(given["first_player"], "`first_player`", given, "first_player", where)
        if first not in setup.players:
            raise fail(f"unknown player {first!r} as first player; players: {', '.join(setup.players)}", given, "first_player", where)
        setup.first_player = first
    if "tiebreakers" in given:
        if not isinstance(given["tiebreakers"], bool):
            raise fail("`tiebreakers:` is true or false", given, "tiebreakers", where)
        setup.tiebreakers = given["tiebreakers"]
    if "day" in given:
        day = given["day"]
        if isinstance(day, bool) or not isinstance(day, int) or day < 1:
            raise fail("`day:` is a day number, 1 or more", given, "day", where)
        setup.day = day
    if "adventure" in given:
        if setup.mode is not Mode.TWO_PLAYER:
            raise fail("`adventure:` describes the two-player Adventure; multiplayer layouts are not modelled", given, "adventure", where)
        if setup.tiebreakers:
            raise fail("during tiebreakers the regions are replaced by the Arena (4.3.d): leave `adventure:` out", given, "adventure", where)
        setup.adventure = _read_adventure(given["adventure"], given, where)
    for name in setup.players:
        block = given.get(name)
        setup.per_player[name] = _read_player(name, block, given, setup, where) if block is not None else PlayerSetup()
    return setup


def _read_adventure(data: Any, given: Any, where: Location | None) -> list[Region]:
    if not isinstance(data, list) or len(data) != REGION_COUNT:
        raise fail(
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
                raise fail(f"region {i} is the {word.capitalize()} Region: write `{word}`", data, i, where)
            regions.append(Region(i, Face.UP, None))
            continue
        if not isinstance(item, Mapping):
            raise fail(f"region {i} is a Tumult half: {{types: [forest, water]}}, or {{face: down, types: [mountain]}}; got {item!r}", data, i, where)
        check_keys(item, ("face", "types"), f"region {i}", where)
        face = located(lambda: parse_enum(Face, item.get("face", "up"), "face"), item, "face", where)  # noqa: B023 (called at once)
        if "types" not in item:
            if face is Face.UP:
                raise fail(f"region {i} is face up: give its `types:` (forest, mountain, water)", data, i, where)
            regions.append(Region(i, face, None))
            continue
        types = read_types(item["types"], item, "types", where)
        regions.append(Region(i, face, types))
    for first in (1, 3, 5):
        if regions[first].face is not regions[first + 1].face:
            raise fail(
                f"regions {first} and {first + 1} are the two halves of one Tumult card: both face up or both face down",
                data,
                first,
                where,
            )
    return regions


def _read_position(value: Any, container: Any, key: Any, setup: Setup, where: Location | None) -> Any:
    value = normal_position(value)
    if setup.tiebreakers:
        if value != ARENA:
            raise fail(f"during tiebreakers every expedition is in the Arena (1.3.3.d): write `region: arena`, got {value!r}", container, key, where)
        return ARENA
    if value == ARENA:
        raise fail("`arena` is a region only during tiebreakers: add `tiebreakers: true` to `given:`", container, key, where)
    if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value < REGION_COUNT:
        raise ScenarioError(msg("read.region_out_of_range", value=Quote(repr(value))), location_of(container, key, where))
    return value


def _read_player(name: str, block: Any, given: Any, setup: Setup, where: Location | None) -> PlayerSetup:
    if not isinstance(block, Mapping):
        raise fail(f"`{name}:` is a mapping with keys {', '.join(PLAYER_KEYS)}", given, name, where)
    check_keys(block, PLAYER_KEYS, f"`{name}:`", where)
    result = PlayerSetup()
    for kind in ExpeditionKind:
        if kind.value not in block:
            continue
        expedition = block[kind.value]
        if not isinstance(expedition, Mapping):
            raise fail(f"`{kind.value}:` is a mapping: {{region: 0, characters: [...]}}", block, kind.value, where)
        check_keys(expedition, EXPEDITION_KEYS, f"{name}'s {kind.value} expedition", where)
        if "region" in expedition:
            result.positions[kind] = _read_position(expedition["region"], expedition, "region", setup, where)
        characters = expedition.get("characters") or []
        if not isinstance(characters, list):
            raise fail("`characters:` is a list of characters", expedition, "characters", where)
        for i, item in enumerate(characters):
            setup_ = read_object(item, characters, i, where, ObjectType.CHARACTER)
            if setup_.card.type is not ObjectType.CHARACTER:
                raise fail(f"only Characters are in an expedition; {setup_.card.name} is a {setup_.card.type.value}", characters, i, where)
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
        result.presented = read_object(block["presented"], block, "presented", where, ObjectType.HERO).card
    if "booster" in block:
        _read_booster(block, result, setup, where)
    if setup.booster_war is BoosterWar.MOST_TECHNICAL and Zone.DECK in result.zones and len(result.zones[Zone.DECK]) != BOOSTER_WAR_DECK:
        raise fail(f"the most technical Booster War variant: each player builds a {BOOSTER_WAR_DECK}-card deck "
                   f"(booster-war.twelve-cards); {name}'s `deck:` holds {len(result.zones[Zone.DECK])}", block, "deck", where)
    if "mana" in block:
        mana = block["mana"]
        if isinstance(mana, Mapping):
            check_keys(mana, ("orbs", "exhausted"), "`mana:`", where)
            orbs, spent = mana.get("orbs", 0), mana.get("exhausted", 0)
        else:
            orbs, spent = mana, 0
        for value in (orbs, spent):
            if isinstance(value, bool) or not isinstance(value, int) or value < 0:
                raise fail("`mana:` is a number of Mana Orbs, or {orbs: 3, exhausted: 1}", block, "mana", where)
        if spent > orbs:
            raise fail("more exhausted Mana Orbs than Mana Orbs", block, "mana", where)
        result.mana, result.mana_exhausted = orbs, spent
    return result


_ZONE_TYPES = {Zone.LANDMARK: ObjectType.PERMANENT, Zone.HERO: ObjectType.HERO}
"""The type of a card given in a zone without `type:`: the Landmark zone holds Permanents, the Hero
zone the Hero (4.1.h); anywhere else a Character."""


def _read_zone_cards(value: Any, block: Any, key: str, zone: Zone, where: Location | None) -> list[ObjectSetup]:
    default = _ZONE_TYPES.get(zone, ObjectType.CHARACTER)
    if zone in (Zone.HAND, Zone.DECK) and isinstance(value, int) and not isinstance(value, bool):
        if value < 0:
            raise fail(f"`{key}:` cannot hold a negative number of cards", block, key, where)
        return [ObjectSetup(Card("card")) for _ in range(value)]
    if not isinstance(value, list):
        raise fail(f"`{key}:` is a list of cards" + (" or a number of cards" if zone in (Zone.HAND, Zone.DECK) else ""), block, key, where)
    cards = []
    for i, item in enumerate(value):
        if isinstance(item, str) and not re.search(r"-?\d+/-?\d+/-?\d+", item):
            cards.append(ObjectSetup(Card(read_text(item, "a card name", value, i, where), default)))
            continue
        setup = read_object(item, value, i, where, default)
        if setup.card.token:
            raise fail("a token exists only in the Expedition zone (2.1.d): it cannot start in " + key, value, i, where)
        if zone in (Zone.HAND, Zone.DECK) and (setup.boosts or setup.counters or setup.statuses or setup.exhausted):
            raise fail(f"a card in the {key} is not an object (2.1.g): it has no boosts, counters, statuses or exhaustion", value, i, where)
        cards.append(setup)
    return cards


def read_character(item: Any, container: Any, index: Any, where: Location | None) -> tuple[Card, bool]:
    setup = read_object(item, container, index, where, ObjectType.CHARACTER)
    return setup.card, setup.exhausted


def _list_of(item: Any, key: str, shape: str, where: Location | None) -> list[Any]:
    raw = item.get(key) or []
    if isinstance(raw, str):
        raw = [raw]
    if not isinstance(raw, list):
        raise fail(shape, item, key, where)
    return raw


def _card_name(item: Any, keys: tuple[str, ...], words: tuple[str, str, str], container: Any, index: Any,
               where: Location | None) -> str:
    """The name of a card written as a mapping, once its keys are checked. `words`: what the card is
    called, the start of the sentence giving its shapes, and what needs a name."""
    what, shapes, named = words
    if not isinstance(item, Mapping):
        raise fail(f"{shapes} a mapping with keys {', '.join(keys)}; got {item!r}", container, index, where)
    check_keys(item, keys, what, where)
    if "name" not in item:
        raise fail(f"{named} needs `name:`", container, index, where)
    return read_text(item["name"], "`name`", item, "name", where)


def read_object(item: Any, container: Any, index: Any, where: Location | None, default: ObjectType) -> ObjectSetup:
    """A card or token: the template "Name F/M/W Subtype" or a mapping (CHARACTER_KEYS)."""
    if isinstance(item, str):
        return ObjectSetup(located(lambda: parse_character_template(item), container, index, where))
    name = _card_name(item, CHARACTER_KEYS, ("a card", "a card is \"Name F/M/W Subtype, Subtype\" or", "a card mapping"), container, index, where)
    object_type = default
    line_type, line_subtypes = _type_line(item, where) if "type_line" in item else (None, None)
    if line_type is not None:
        object_type = line_type
    if "type" in item:
        object_type = located(lambda: parse_enum(ObjectType, item["type"], "type"), item, "type", where)
        if line_type is not None and object_type is not line_type:
            raise fail(f"`type: {item['type']}` and the type line's {line_type.value!r} differ: give one of them", item, "type", where)
        if object_type in (ObjectType.EMBLEM, ObjectType.REGION, ObjectType.MANA_ORB):
            raise fail(f"a card given on the board is a character, spell, permanent or hero, not {object_type.value}", item, "type", where)
    stats = None
    if "stats" in item:
        stats = located(lambda: Statistics.parse(item["stats"]), item, "stats", where)
    subtypes_raw = item.get("subtypes") or list(line_subtypes or ())
    if line_subtypes is not None and "subtypes" in item and sorted(map(str, item["subtypes"] or [])) != sorted(line_subtypes):
        raise fail("`subtypes:` and the type line's sub-types differ: give one of them", item, "subtypes", where)
    if isinstance(subtypes_raw, str):
        subtypes_raw = [s for s in subtypes_raw.split(",")]
    if not isinstance(subtypes_raw, list):
        raise fail(f"`subtypes:` is a list, e.g. [Soldier]; allowed: {', '.join(CHARACTER_SUBTYPES)}", item, "subtypes", where)
    subtypes = located(lambda: check_subtypes(tuple(str(s).strip() for s in subtypes_raw), object_type), item, "subtypes", where)
    keywords_raw = _list_of(item, "keywords", "`keywords:` is a list, e.g. [gigantic]", where)
    # A keyword printed on cards whose rules are not in the sources (Tough...) is named as such: kept
    # as an ability the engine cannot read, which refuses every action while its object is in play.
    unmodelled = tuple(u for u in (unmodelled_keyword(str(k)) for k in keywords_raw) if u is not None)
    keywords = frozenset(
        located(partial(parse_enum, Keyword, k, "keyword (the engine models only the keywords whose rules are in its sources; "
                        f"it also names {', '.join(u.value for u in UnmodelledKeyword)}, whose rules the sources do not give)"),
                keywords_raw, i, where)
        for i, k in enumerate(keywords_raw) if unmodelled_keyword(str(k)) is None
    )
    statuses_raw = _list_of(item, "statuses", "`statuses:` is a list, e.g. [Fleeting]", where)
    statuses = frozenset(located(partial(parse_enum, Status, s, "status"), statuses_raw, i, where) for i, s in enumerate(statuses_raw))
    reactions_raw = _list_of(item, "reactions", "`reactions:` is a list of \"Trigger | Effect\"", where)
    reactions = tuple(located(partial(_reaction if isinstance(r, str) else parse_reaction, r), reactions_raw, i, where) for i, r in enumerate(reactions_raw))
    passives_raw = _list_of(item, "passives", "`passives:` is a list of passive abilities, e.g. [All regions are water and lose their other types]", where)
    passives = tuple(located(partial(parse_passive, p), passives_raw, i, where) for i, p in enumerate(passives_raw))
    quick_raw = _list_of(item, "quick_actions", "`quick_actions:` is a list of \"Cost: Effect\"", where)
    quick = tuple(located(partial(parse_activated, q), quick_raw, i, where) for i, q in enumerate(quick_raw))
    supports_raw = _list_of(item, "supports", "`supports:` is a list of support abilities", where)
    supports = tuple(located(partial(parse_activated, q), supports_raw, i, where) for i, q in enumerate(supports_raw))
    effect = None
    if "effect" in item:
        if object_type is not ObjectType.SPELL:
            # Only a Spell's effect resolves when it is played; on another card it would never run.
            raise fail("`effect:` is a Spell's printed effect: give `type: spell`, or write the ability as a reaction, a quick "
                       "action or a `textbox:` line", item, "effect", where)
        effect = read_text(item["effect"], "`effect:` (a Spell's printed effect)", item, "effect", where)
        located(lambda: parse_effect(effect), item, "effect", where)
    unread: tuple[str, ...] = unmodelled
    if "textbox" in item:
        textbox = _read_textbox(item["textbox"], item, where)
        reactions += textbox["reactions"]
        passives += textbox["passives"]
        quick += textbox["quick"]
        supports += textbox["supports"]
        keywords |= frozenset(textbox["keywords"])
        unread += textbox["unread"]
    for flag in ("token", "exhausted"):
        if flag in item and not isinstance(item[flag], bool):
            raise fail(f"`{flag}:` is true or false", item, flag, where)
    rarity = located(lambda: parse_enum(Rarity, item["rarity"], "rarity"), item, "rarity", where) if "rarity" in item else None
    faction = located(lambda: parse_enum(Faction, item["faction"], "faction"), item, "faction", where) if item.get("faction") else None
    costs = {}
    for cost_key in ("hand_cost", "reserve_cost"):
        if cost_key in item:
            value = item[cost_key]
            if isinstance(value, bool) or not isinstance(value, int) or value < 0:
                raise fail(f"`{cost_key}:` is a number (2.2.6.a, 2.2.7.a)", item, cost_key, where)
            costs[cost_key] = value
    boosts = item.get("boosts", 0)
    if isinstance(boosts, bool) or not isinstance(boosts, int) or boosts < 0:
        raise fail("`boosts:` is a whole number, 0 or more", item, "boosts", where)
    counters = item.get("counters") or {}
    if not isinstance(counters, Mapping) or any(isinstance(v, bool) or not isinstance(v, int) or v < 0 for v in counters.values()):
        raise fail("`counters:` maps a kind of counter to a number, e.g. {Kelon: 3}", item, "counters", where)
    printed = {k: read_text(item[k], f"`{k}`", item, k, where) for k in ("printed_name", "language") if k in item}
    if object_type is ObjectType.HERO and rarity is not None:
        raise fail("a Hero has no rarity (2.2.4.c): leave `rarity` out", item, "rarity", where)
    if item.get("token") is True:
        # A token's type, costs, rarity and faction are fixed by the rules: another value would be dropped.
        fixed = {"hand_cost": 0, "reserve_cost": 0, "rarity": None, "faction": None, "type": "character"}
        for key, allowed in fixed.items():
            if key in item and (item[key] if key != "type" else str(item[key]).strip().lower()) != allowed:
                raise fail(
                    f"a token's `{key}` is fixed by the rules (a Character, 2.2.1.d; costs 0, 2.2.6.c, 2.2.7.c; no rarity, 2.2.4.c; "
                    "no faction, 2.2.8.d): leave it out", item, key, where)
    card = Card(
        name, object_type, subtypes, stats, keywords, reactions, passives, rarity=rarity, faction=faction,
        token=bool(item.get("token", False)), hand_cost=costs.get("hand_cost"), reserve_cost=costs.get("reserve_cost"), effect=effect, quick_actions=quick, supports=supports, unread=unread,
        printed_name=printed.get("printed_name"), language=printed.get("language"),
    )
    return ObjectSetup(card, bool(item.get("exhausted", False)), boosts, {str(k): int(v) for k, v in counters.items()}, statuses)


_KEYWORD_WORDS = frozenset(k.value for k in Keyword)


def _read_booster(block: Any, result: PlayerSetup, setup: Setup, where: Location | None) -> None:
    """`booster:` (least technical Booster War, for `setup`): the booster's cards. "Each player takes a
    booster, removes the Hero card, and puts it into play" (booster-war.hero): the Hero is presented
    and revealed into the Hero zone; "Shuffle the remaining cards from the booster to form your deck"
    (booster-war.deck): the others, in the order given, are the Deck as the shuffle leaves it."""
    if setup.booster_war is not BoosterWar.LEAST_TECHNICAL:
        raise fail("`booster:` is for the least technical Booster War variant (`mode: booster-war`); in the most technical one "
                   f"each player builds a {BOOSTER_WAR_DECK}-card `deck:` in the order of their choice", block, "booster", where)
    if "deck" in block or "presented" in block:
        raise fail("with `booster:` the Deck and the Hero come from the booster: leave out `deck:` and `presented:`", block, "booster", where)
    cards = _read_zone_cards(block["booster"], block, "booster", Zone.DECK, where)
    heroes = [c for c in cards if c.card.type is ObjectType.HERO]
    if len(heroes) != 1:
        raise fail(f"a booster's Hero card is taken out and put into play (booster-war.hero): `booster:` needs exactly one card "
                   f"with `type: hero`, it has {len(heroes)}", block, "booster", where)
    result.presented = heroes[0].card
    result.zones[Zone.DECK] = [c for c in cards if c is not heroes[0]]


def _type_line(item: Any, where: Location | None) -> tuple[ObjectType, tuple[str, ...]]:
    """`type_line: "Character - Adventurer, Soldier"`, as the card prints it: its type is the first
    word, before the dash (2.2.1.c); its sub-types are to the right of the dash, separated by commas
    (2.2.2.i). A dash is "-", "–" or "—"; a line without one has no sub-types."""
    raw = read_text(item["type_line"], "`type_line` (the card's type line, e.g. \"Permanent - Landmark\")", item, "type_line", where)
    head, _, tail = re.split(r"\s*([-–—])\s*", raw.strip(), maxsplit=1) if re.search(r"[-–—]", raw) else (raw.strip(), "", "")
    words = head.split()
    if len(words) != 1:
        raise fail(f"the type line {raw!r}: its type is one word before the dash (2.2.1.c), e.g. \"Character - Soldier\"",
                   item, "type_line", where)
    object_type = located(lambda: parse_enum(ObjectType, words[0], "type on the type line"), item, "type_line", where)
    subtypes = tuple(s.strip() for s in (tail or "").split(",") if s.strip())
    return object_type, subtypes


def _read_textbox(raw: Any, item: Any, where: Location | None) -> dict[str, tuple[Any, ...]]:
    """A printed textbox, line by line: each line is an ability (1.2.4.a); text in italics, written
    between *asterisks*, has no existence rules-wise (2.2.10.c): flavour and reminder text; a line in
    the support box is written with "support:" in front (2.2.10.d)."""
    if not isinstance(raw, list) or not all(isinstance(line, str) for line in raw):
        raise fail("`textbox:` is a list of printed lines; italics between *asterisks*, a support ability with \"support:\" in front", item, "textbox", where)
    found: dict[str, list[Any]] = {"reactions": [], "passives": [], "quick": [], "supports": [], "keywords": [], "unread": []}
    for i, line in enumerate(raw):
        text = re.sub(r"\*[^*]*\*", "", line).strip()  # 2.2.10.c: italics are not rules text
        if not text:
            continue
        if text.lower().startswith("support:"):
            found["supports"].append(located(partial(parse_activated, text), raw, i, where))
            continue
        words = [w.strip().lower() for w in re.split(r"[,\s]+", text) if w.strip()]
        if words and all(w in _KEYWORD_WORDS for w in words):
            # 1.2.4.b: keywords represent abilities, several of them may share a line.
            found["keywords"].extend(Keyword(w) for w in words)
            continue
        parts = [p.strip() for p in text.split(",") if p.strip()]
        if parts and all(p.lower() in _KEYWORD_WORDS or unmodelled_keyword(p) for p in parts):
            # A line of keywords with one whose rules are not in the sources ("Gigantic, Tough 1").
            found["keywords"].extend(Keyword(p.lower()) for p in parts if p.lower() in _KEYWORD_WORDS)
            found["unread"].extend(u for u in (unmodelled_keyword(p) for p in parts) if u is not None)
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
        raise fail("`deck:` is a list of cards: {name, type, faction, rarity, count}", given, "deck", where)
    cards = []
    for i, item in enumerate(data):
        name = _card_name(item, DECK_CARD_KEYS, ("a deck card", "a deck card is", "a deck card"), data, i, where)
        card_type = str(item.get("type", "character")).strip().lower()
        if card_type not in DECK_CARD_TYPES:
            raise fail(f"unknown card type {item.get('type')!r}; allowed: {', '.join(DECK_CARD_TYPES)}", item, "type", where)
        faction = None
        if item.get("faction") is not None:
            faction = located(lambda: parse_enum(Faction, item["faction"], "faction"), item, "faction", where)  # noqa: B023 (called at once)
        rarity = None
        if "rarity" in item:
            rarity = located(lambda: parse_enum(Rarity, item["rarity"], "rarity"), item, "rarity", where)  # noqa: B023 (called at once)
        elif card_type not in ("hero", "token"):
            rarity = Rarity.COMMON
        count = item.get("count", 1)
        if isinstance(count, bool) or not isinstance(count, int) or count < 1:
            raise fail("`count:` is a whole number, 1 or more", item, "count", where)
        printed = read_text(item["printed_name"], "`printed_name`", item, "printed_name", where) if "printed_name" in item else None
        cards.append(DeckCard(name, card_type, faction, rarity, count, printed))
    return cards
