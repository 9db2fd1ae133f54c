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
from ..messages import Card as Named, Message, Player, Quote, Term, msg
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
from .syntax import check_keys, fail, located, location_of, normal_position, read_text, read_types, told
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
        check_keys(given, DECK_KEYS, told("read.what.deck_given"), where)
        if "format" not in given or "deck" not in given:
            raise fail(told("read.deck_given_needs"), given, None, where)
        deck_format = located(lambda: parse_enum(DeckFormat, given["format"], told("read.enum.deck_format")), given, "format", where)
        return Setup(deck_format=deck_format, deck=_read_deck(given["deck"], given, where))
    setup = Setup()
    if "players" not in given:
        raise fail(told("read.given_needs_players"), given, None, where)
    players = given["players"]
    if not isinstance(players, list) or not players:
        raise fail(told("read.players_shape"), given, "players", where)
    for i, name in enumerate(players):
        text = read_text(name, told("read.what.player_name"), players, i, where)
        if text in BOARD_KEYS or "." in text or text in setup.players or text.lower() in ("none", "arena", "adventure"):
            raise fail(told("read.player_name_refused", name=repr(text)), players, i, where)
        setup.players.append(text)
    if "mode" in given and str(given["mode"]).strip().lower() == "booster-war":
        # The Booster War page: a two-player game with three differences, in two variants.
        setup.booster_war = BoosterWar.LEAST_TECHNICAL
        if "variant" in given:
            setup.booster_war = located(lambda: parse_enum(BoosterWar, given["variant"], told("read.enum.booster_war_variant")), given, "variant", where)
    elif "mode" in given:
        setup.mode = located(lambda: parse_enum(Mode, given["mode"], told("read.enum.mode")), given, "mode", where)
    if "variant" in given and setup.booster_war is None:
        raise fail(told("read.variant_needs_mode"), given, "variant", where)
    wanted = 2 if setup.mode is Mode.TWO_PLAYER else 4
    if len(setup.players) != wanted:
        said = dict(mode=setup.mode.value, wanted=wanted, n=len(setup.players))
        raise fail(told("read.players_count_two" if setup.mode is Mode.TWO_PLAYER else "read.players_count", **said), given, "players", where)
    for key in given:
        if key in BOARD_KEYS or key in setup.players:
            continue
        raise fail(told("read.unknown_given_key", key=repr(key), allowed=BOARD_KEYS, players=setup.players), given, key, where)
    if "first_player" in given:
        first = read_text(given["first_player"], "`first_player`", given, "first_player", where)
        if first not in setup.players:
            raise fail(told("read.unknown_first_player", name=repr(first), players=setup.players), given, "first_player", where)
        setup.first_player = first
    if "tiebreakers" in given:
        if not isinstance(given["tiebreakers"], bool):
            raise fail(told("read.flag_shape", key="`tiebreakers:`"), given, "tiebreakers", where)
        setup.tiebreakers = given["tiebreakers"]
    if "day" in given:
        day = given["day"]
        if isinstance(day, bool) or not isinstance(day, int) or day < 1:
            raise fail(told("read.day_shape"), given, "day", where)
        setup.day = day
    if "adventure" in given:
        if setup.mode is not Mode.TWO_PLAYER:
            raise fail(told("read.adventure_two_players"), given, "adventure", where)
        if setup.tiebreakers:
            raise fail(told("read.adventure_tiebreakers"), given, "adventure", where)
        setup.adventure = _read_adventure(given["adventure"], given, where)
    for name in setup.players:
        block = given.get(name)
        setup.per_player[name] = _read_player(name, block, given, setup, where) if block is not None else PlayerSetup()
    return setup


def _read_adventure(data: Any, given: Any, where: Location | None) -> list[Region]:
    if not isinstance(data, list) or len(data) != REGION_COUNT:
        raise fail(told("read.adventure_shape", up="{types: [forest, water]}", down="{face: down, types: [mountain]}"), given, "adventure", where)
    regions: list[Region] = []
    for i, item in enumerate(data):
        if i in (HERO_REGION, COMPANION_REGION):
            word = "hero" if i == HERO_REGION else "companion"
            if item != word:
                raise fail(told("read.region_is_hero" if i == HERO_REGION else "read.region_is_companion", region=i, word=f"`{word}`"), data, i, where)
            regions.append(Region(i, Face.UP, None))
            continue
        if not isinstance(item, Mapping):
            raise fail(told("read.region_tumult_shape", region=i, up="{types: [forest, water]}", down="{face: down, types: [mountain]}", got=repr(item)),
                       data, i, where)
        check_keys(item, ("face", "types"), told("read.what.region", region=i), where)
        face = located(lambda: parse_enum(Face, item.get("face", "up"), told("read.enum.face")), item, "face", where)  # noqa: B023 (called at once)
        if "types" not in item:
            if face is Face.UP:
                raise fail(told("read.region_needs_types", region=i), data, i, where)
            regions.append(Region(i, face, None))
            continue
        types = read_types(item["types"], item, "types", where)
        regions.append(Region(i, face, types))
    for first in (1, 3, 5):
        if regions[first].face is not regions[first + 1].face:
            raise fail(told("read.tumult_halves", first=first, second=first + 1), data, first, where)
    return regions


def _read_position(value: Any, container: Any, key: Any, setup: Setup, where: Location | None) -> Any:
    value = normal_position(value)
    if setup.tiebreakers:
        if value != ARENA:
            raise fail(told("read.tiebreakers_arena", value=repr(value)), container, key, where)
        return ARENA
    if value == ARENA:
        raise fail(told("read.arena_needs_tiebreakers"), container, key, where)
    if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value < REGION_COUNT:
        raise ScenarioError(msg("read.region_out_of_range", value=Quote(repr(value))), location_of(container, key, where))
    return value


def _read_player(name: str, block: Any, given: Any, setup: Setup, where: Location | None) -> PlayerSetup:
    if not isinstance(block, Mapping):
        raise fail(told("read.mapping_shape", key=f"`{name}:`", keys=PLAYER_KEYS), given, name, where)
    check_keys(block, PLAYER_KEYS, f"`{name}:`", where)
    result = PlayerSetup()
    for kind in ExpeditionKind:
        if kind.value not in block:
            continue
        expedition = block[kind.value]
        if not isinstance(expedition, Mapping):
            raise fail(told("read.expedition_shape", key=f"`{kind.value}:`", example="{region: 0, characters: [...]}"), block, kind.value, where)
        check_keys(expedition, EXPEDITION_KEYS, told("read.what.expedition_of", player=Player(name), expedition=Term(kind.value)), where)
        if "region" in expedition:
            result.positions[kind] = _read_position(expedition["region"], expedition, "region", setup, where)
        characters = expedition.get("characters") or []
        if not isinstance(characters, list):
            raise fail(told("read.characters_shape"), expedition, "characters", where)
        for i, item in enumerate(characters):
            setup_ = read_object(item, characters, i, where, ObjectType.CHARACTER)
            if setup_.card.type is not ObjectType.CHARACTER:
                raise fail(told("read.only_characters", card=Named(setup_.card.name), type=Term(setup_.card.type.value)), characters, i, where)
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
        raise fail(told("read.booster_war_deck", limit=BOOSTER_WAR_DECK, player=Player(name), n=len(result.zones[Zone.DECK])), block, "deck", where)
    if "mana" in block:
        mana = block["mana"]
        if isinstance(mana, Mapping):
            check_keys(mana, ("orbs", "exhausted"), "`mana:`", where)
            orbs, spent = mana.get("orbs", 0), mana.get("exhausted", 0)
        else:
            orbs, spent = mana, 0
        for value in (orbs, spent):
            if isinstance(value, bool) or not isinstance(value, int) or value < 0:
                raise fail(told("read.mana_shape", example="{orbs: 3, exhausted: 1}"), block, "mana", where)
        if spent > orbs:
            raise fail(told("read.mana_exhausted"), block, "mana", where)
        result.mana, result.mana_exhausted = orbs, spent
    return result


_ZONE_TYPES = {Zone.LANDMARK: ObjectType.PERMANENT, Zone.HERO: ObjectType.HERO}
"""The type of a card given in a zone without `type:`: the Landmark zone holds Permanents, the Hero
zone the Hero (4.1.h); anywhere else a Character."""


def _read_zone_cards(value: Any, block: Any, key: str, zone: Zone, where: Location | None) -> list[ObjectSetup]:
    default = _ZONE_TYPES.get(zone, ObjectType.CHARACTER)
    if zone in (Zone.HAND, Zone.DECK) and isinstance(value, int) and not isinstance(value, bool):
        if value < 0:
            raise fail(told("read.negative_cards", key=f"`{key}:`"), block, key, where)
        return [ObjectSetup(Card("card")) for _ in range(value)]
    if not isinstance(value, list):
        raise fail(told("read.cards_or_count" if zone in (Zone.HAND, Zone.DECK) else "read.cards_list", key=f"`{key}:`"), block, key, where)
    cards = []
    for i, item in enumerate(value):
        if isinstance(item, str) and not re.search(r"-?\d+/-?\d+/-?\d+", item):
            cards.append(ObjectSetup(Card(read_text(item, told("read.what.card_name"), value, i, where), default)))
            continue
        setup = read_object(item, value, i, where, default)
        if setup.card.token:
            raise fail(told("read.token_zone", key=f"`{key}:`"), value, i, where)
        if zone in (Zone.HAND, Zone.DECK) and (setup.boosts or setup.counters or setup.statuses or setup.exhausted):
            raise fail(told("read.card_not_object", zone=Term(zone.value)), value, i, where)
        cards.append(setup)
    return cards


def read_character(item: Any, container: Any, index: Any, where: Location | None) -> tuple[Card, bool]:
    setup = read_object(item, container, index, where, ObjectType.CHARACTER)
    return setup.card, setup.exhausted


def _list_of(item: Any, key: str, shape: Message, where: Location | None) -> list[Any]:
    raw = item.get(key) or []
    if isinstance(raw, str):
        raw = [raw]
    if not isinstance(raw, list):
        raise fail(shape, item, key, where)
    return raw


def _card_name(item: Any, keys: tuple[str, ...], deck: bool, container: Any, index: Any,
               where: Location | None) -> str:
    """The name of a card written as a mapping, once its keys are checked: a card of a deck (`deck`)
    or of the board."""
    if not isinstance(item, Mapping):
        raise fail(told("read.deck_card_shape" if deck else "read.card_shape", keys=keys, got=repr(item)), container, index, where)
    check_keys(item, keys, told("read.what.deck_card" if deck else "read.what.card"), where)
    if "name" not in item:
        raise fail(told("read.deck_card_needs_name" if deck else "read.card_needs_name"), container, index, where)
    return read_text(item["name"], "`name`", item, "name", where)


def read_object(item: Any, container: Any, index: Any, where: Location | None, default: ObjectType) -> ObjectSetup:
    """A card or token: the template "Name F/M/W Subtype" or a mapping (CHARACTER_KEYS)."""
    if isinstance(item, str):
        return ObjectSetup(located(lambda: parse_character_template(item), container, index, where))
    name = _card_name(item, CHARACTER_KEYS, False, container, index, where)
    object_type = default
    line_type, line_subtypes = _type_line(item, where) if "type_line" in item else (None, None)
    if line_type is not None:
        object_type = line_type
    if "type" in item:
        object_type = located(lambda: parse_enum(ObjectType, item["type"], told("read.enum.type")), item, "type", where)
        if line_type is not None and object_type is not line_type:
            raise fail(told("read.type_and_line_differ", type=f"`type: {item['type']}`", line=repr(line_type.value)), item, "type", where)
        if object_type in (ObjectType.EMBLEM, ObjectType.REGION, ObjectType.MANA_ORB):
            raise fail(told("read.board_card_type", type=Term(object_type.value)), item, "type", where)
    stats = None
    if "stats" in item:
        stats = located(lambda: Statistics.parse(item["stats"]), item, "stats", where)
    subtypes_raw = item.get("subtypes") or list(line_subtypes or ())
    if line_subtypes is not None and "subtypes" in item and sorted(map(str, item["subtypes"] or [])) != sorted(line_subtypes):
        raise fail(told("read.subtypes_and_line_differ"), item, "subtypes", where)
    if isinstance(subtypes_raw, str):
        subtypes_raw = [s for s in subtypes_raw.split(",")]
    if not isinstance(subtypes_raw, list):
        raise fail(told("read.subtypes_shape", example="[Soldier]", allowed=CHARACTER_SUBTYPES), item, "subtypes", where)
    subtypes = located(lambda: check_subtypes(tuple(str(s).strip() for s in subtypes_raw), object_type), item, "subtypes", where)
    keywords_raw = _list_of(item, "keywords", told("read.keywords_shape"), where)
    # A keyword printed on cards whose rules are not in the sources (Tough...) is named as such: kept
    # as an ability the engine cannot read, which refuses every action while its object is in play.
    unmodelled = tuple(u for u in (unmodelled_keyword(str(k)) for k in keywords_raw) if u is not None)
    keywords = frozenset(
        located(partial(parse_enum, Keyword, k, told("read.enum.keyword", unmodelled=[u.value for u in UnmodelledKeyword])),
                keywords_raw, i, where)
        for i, k in enumerate(keywords_raw) if unmodelled_keyword(str(k)) is None
    )
    statuses_raw = _list_of(item, "statuses", told("read.statuses_shape", example="[Fleeting]"), where)
    statuses = frozenset(located(partial(parse_enum, Status, s, told("read.enum.status")), statuses_raw, i, where) for i, s in enumerate(statuses_raw))
    reactions_raw = _list_of(item, "reactions", told("read.reactions_shape"), where)
    reactions = tuple(located(partial(_reaction if isinstance(r, str) else parse_reaction, r), reactions_raw, i, where) for i, r in enumerate(reactions_raw))
    passives_raw = _list_of(item, "passives", told("read.passives_shape", example="[All regions are water and lose their other types]"), where)
    passives = tuple(located(partial(parse_passive, p), passives_raw, i, where) for i, p in enumerate(passives_raw))
    quick_raw = _list_of(item, "quick_actions", told("read.quick_actions_shape"), where)
    quick = tuple(located(partial(parse_activated, q), quick_raw, i, where) for i, q in enumerate(quick_raw))
    supports_raw = _list_of(item, "supports", told("read.supports_shape"), where)
    supports = tuple(located(partial(parse_activated, q), supports_raw, i, where) for i, q in enumerate(supports_raw))
    effect = None
    if "effect" in item:
        if object_type is not ObjectType.SPELL:
            # Only a Spell's effect resolves when it is played; on another card it would never run.
            raise fail(told("read.effect_needs_spell"), item, "effect", where)
        effect = read_text(item["effect"], told("read.what.spell_effect"), item, "effect", where)
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
            raise fail(told("read.flag_shape", key=f"`{flag}:`"), item, flag, where)
    rarity = located(lambda: parse_enum(Rarity, item["rarity"], told("read.enum.rarity")), item, "rarity", where) if "rarity" in item else None
    faction = located(lambda: parse_enum(Faction, item["faction"], told("read.enum.faction")), item, "faction", where) if item.get("faction") else None
    costs = {}
    for cost_key in ("hand_cost", "reserve_cost"):
        if cost_key in item:
            value = item[cost_key]
            if isinstance(value, bool) or not isinstance(value, int) or value < 0:
                raise fail(told("read.cost_shape", key=f"`{cost_key}:`"), item, cost_key, where)
            costs[cost_key] = value
    boosts = item.get("boosts", 0)
    if isinstance(boosts, bool) or not isinstance(boosts, int) or boosts < 0:
        raise fail(told("read.boosts_shape"), item, "boosts", where)
    counters = item.get("counters") or {}
    if not isinstance(counters, Mapping) or any(isinstance(v, bool) or not isinstance(v, int) or v < 0 for v in counters.values()):
        raise fail(told("read.counters_shape", example="{Kelon: 3}"), item, "counters", where)
    printed = {k: read_text(item[k], f"`{k}`", item, k, where) for k in ("printed_name", "language") if k in item}
    if object_type is ObjectType.HERO and rarity is not None:
        raise fail(told("read.hero_rarity"), item, "rarity", where)
    if item.get("token") is True:
        # A token's type, costs, rarity and faction are fixed by the rules: another value would be dropped.
        fixed = {"hand_cost": 0, "reserve_cost": 0, "rarity": None, "faction": None, "type": "character"}
        for key, allowed in fixed.items():
            if key in item and (item[key] if key != "type" else str(item[key]).strip().lower()) != allowed:
                raise fail(told("read.token_fixed", key=f"`{key}`"), item, key, where)
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
        raise fail(told("read.booster_variant", limit=BOOSTER_WAR_DECK), block, "booster", where)
    if "deck" in block or "presented" in block:
        raise fail(told("read.booster_alone"), block, "booster", where)
    cards = _read_zone_cards(block["booster"], block, "booster", Zone.DECK, where)
    heroes = [c for c in cards if c.card.type is ObjectType.HERO]
    if len(heroes) != 1:
        raise fail(told("read.booster_hero", n=len(heroes)), block, "booster", where)
    result.presented = heroes[0].card
    result.zones[Zone.DECK] = [c for c in cards if c is not heroes[0]]


def _type_line(item: Any, where: Location | None) -> tuple[ObjectType, tuple[str, ...]]:
    """`type_line: "Character - Adventurer, Soldier"`, as the card prints it: its type is the first
    word, before the dash (2.2.1.c); its sub-types are to the right of the dash, separated by commas
    (2.2.2.i). A dash is "-", "–" or "—"; a line without one has no sub-types."""
    raw = read_text(item["type_line"], told("read.what.type_line", example='"Permanent - Landmark"'), item, "type_line", where)
    head, _, tail = re.split(r"\s*([-–—])\s*", raw.strip(), maxsplit=1) if re.search(r"[-–—]", raw) else (raw.strip(), "", "")
    words = head.split()
    if len(words) != 1:
        raise fail(told("read.type_line_shape", line=repr(raw), example='"Character - Soldier"'), item, "type_line", where)
    object_type = located(lambda: parse_enum(ObjectType, words[0], told("read.enum.type_on_line")), item, "type_line", where)
    subtypes = tuple(s.strip() for s in (tail or "").split(",") if s.strip())
    return object_type, subtypes


def _read_textbox(raw: Any, item: Any, where: Location | None) -> dict[str, tuple[Any, ...]]:
    """A printed textbox, line by line: each line is an ability (1.2.4.a); text in italics, written
    between *asterisks*, has no existence rules-wise (2.2.10.c): flavour and reminder text; a line in
    the support box is written with "support:" in front (2.2.10.d)."""
    if not isinstance(raw, list) or not all(isinstance(line, str) for line in raw):
        raise fail(told("read.textbox_shape"), item, "textbox", where)
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
        raise fail(told("read.deck_shape", keys="{name, type, faction, rarity, count}"), given, "deck", where)
    cards = []
    for i, item in enumerate(data):
        name = _card_name(item, DECK_CARD_KEYS, True, data, i, where)
        card_type = str(item.get("type", "character")).strip().lower()
        if card_type not in DECK_CARD_TYPES:
            raise fail(told("read.unknown_card_type", type=repr(item.get("type")), allowed=DECK_CARD_TYPES), item, "type", where)
        faction = None
        if item.get("faction") is not None:
            faction = located(lambda: parse_enum(Faction, item["faction"], told("read.enum.faction")), item, "faction", where)  # noqa: B023 (called at once)
        rarity = None
        if "rarity" in item:
            rarity = located(lambda: parse_enum(Rarity, item["rarity"], told("read.enum.rarity")), item, "rarity", where)  # noqa: B023 (called at once)
        elif card_type not in ("hero", "token"):
            rarity = Rarity.COMMON
        count = item.get("count", 1)
        if isinstance(count, bool) or not isinstance(count, int) or count < 1:
            raise fail(told("read.count_shape"), item, "count", where)
        printed = read_text(item["printed_name"], "`printed_name`", item, "printed_name", where) if "printed_name" in item else None
        cards.append(DeckCard(name, card_type, faction, rarity, count, printed))
    return cards
