"""Properties that hold on every board (hypothesis)."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import engine
from altered_rules.content.yamlsource import SourceError, load_yaml_text
from engine import ARENA, Adventure, ExpeditionKind, Face, Keyword, Region, RegionType, Statistics, Zone
from engine.objects import Card

HERO, COMPANION = ExpeditionKind.HERO, ExpeditionKind.COMPANION
PLAYERS = ("Alice", "Bob")

statistics = st.builds(Statistics, st.integers(-3, 5), st.integers(-3, 5), st.integers(-3, 5))
characters = st.lists(st.tuples(statistics, st.booleans(), st.sampled_from([HERO, COMPANION])), max_size=4)
types = st.frozensets(st.sampled_from(list(RegionType)), max_size=3)


@st.composite
def adventures(draw: st.DrawFn) -> list[Region]:
    regions = [Region(0, Face.UP)]
    for first in (1, 3, 5):
        face = draw(st.sampled_from([Face.UP, Face.DOWN]))
        regions += [Region(first, face, draw(types)), Region(first + 1, face, draw(types))]
    return regions + [Region(7, Face.UP)]


@st.composite
def boards(draw: st.DrawFn) -> dict[str, Any]:
    tiebreakers = draw(st.integers(0, 4)) == 0  # one board in five is in the Arena
    positions: dict[tuple[str, ExpeditionKind], Any] = {}
    for name in PLAYERS:
        for kind in ExpeditionKind:
            positions[(name, kind)] = ARENA if tiebreakers else draw(st.integers(0, 7))
    return {
        "tiebreakers": tiebreakers,
        "positions": positions,
        "adventure": draw(adventures()),
        "characters": {name: draw(characters) for name in PLAYERS},
        "first": draw(st.sampled_from(PLAYERS)),
    }


def build(board: dict[str, Any], order: tuple[str, ...]) -> engine.Game:
    adventure = Adventure([replace(r) for r in board["adventure"]], given=True)
    game = engine.Game.new(
        list(order), first_player=board["first"], positions=board["positions"], adventure=adventure, tiebreakers=board["tiebreakers"]
    )
    for name in order:
        for stats, gigantic, kind in board["characters"][name]:
            card = Card("Someone", statistics=stats, keywords=frozenset({Keyword.GIGANTIC}) if gigantic else frozenset())
            game.enter(card, Zone.EXPEDITION, name, expedition=kind)
    game.log.happenings.clear()
    return game


def dusk_or_refusal(game: engine.Game) -> str | None:
    try:
        engine.dusk(game)
    except engine.EngineError as exc:  # the only errors allowed out of the engine
        return type(exc).__name__
    return None


SETTINGS = settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])


@SETTINGS
@given(boards())
def test_dusk_moves_each_expedition_at_most_once_and_keeps_it_on_the_adventure(board: dict[str, Any]) -> None:
    game = build(board, PLAYERS)
    before = {(e.player, e.kind): e.position for e in game.board.expeditions()}
    dusk_or_refusal(game)
    for expedition in game.board.expeditions():
        old = before[(expedition.player, expedition.kind)]
        assert expedition.position == ARENA or 0 <= int(expedition.position) <= 7
        if expedition.position != ARENA and old != ARENA:
            assert int(expedition.position) - int(old) in (0, expedition.kind.forward)
        if old == ARENA:
            assert expedition.position == ARENA


@SETTINGS
@given(boards())
def test_the_result_does_not_depend_on_the_order_players_are_listed_in(board: dict[str, Any]) -> None:
    forward, backward = build(board, PLAYERS), build(board, PLAYERS[::-1])
    assert dusk_or_refusal(forward) == dusk_or_refusal(backward)
    positions = lambda g: {(e.player, e.kind): e.position for e in g.board.expeditions()}  # noqa: E731
    assert positions(forward) == positions(backward)
    assert sorted(forward.board.outcome.winners) == sorted(backward.board.outcome.winners)
    assert forward.board.tiebreakers == backward.board.tiebreakers
    assert [r.face for r in forward.board.adventure.regions] == [r.face for r in backward.board.adventure.regions]


@SETTINGS
@given(boards())
def test_an_expedition_that_moved_stands_on_a_face_up_region(board: dict[str, Any]) -> None:
    game = build(board, PLAYERS)
    dusk_or_refusal(game)
    for expedition in game.board.expeditions():
        if expedition.position != ARENA:
            assert game.board.adventure[int(expedition.position)].face is Face.UP or expedition.position == board["positions"][(expedition.player, expedition.kind)]


ACTIONS = st.lists(
    st.tuples(st.sampled_from(["dusk", "advance", "retreat", "create", "switch", "put", "victory"]), st.sampled_from(PLAYERS), st.sampled_from([HERO, COMPANION])),
    max_size=6,
)


@SETTINGS
@given(boards(), ACTIONS)
def test_any_sequence_of_actions_raises_only_documented_engine_errors(board: dict[str, Any], actions: list[Any]) -> None:
    game = build(board, PLAYERS)
    for action, player, kind in actions:
        try:
            if action == "dusk":
                engine.dusk(game)
            elif action == "advance":
                engine.advance(game, player, kind)
            elif action == "retreat":
                engine.retreat(game, player, kind)
            elif action == "create":
                engine.resolve(game, "Create two Ordis Recruit 1/1/1 Soldier tokens in each of your Expeditions", player)
            elif action == "switch":
                engine.switch_expeditions(game, player, kind, "Someone")
            elif action == "put":
                engine.put(game, player, kind, "Someone", Zone.RESERVE)
            else:
                engine.check_victory(game)
        except engine.EngineError:
            continue
        for expedition in game.board.expeditions():
            assert expedition.position == ARENA or 0 <= int(expedition.position) <= 7


# ---- the scenario reader on garbled input ---------------------------------------------------
WORDS = st.sampled_from(
    ["name", "rules", "given", "when", "then", "players", "Alice", "Bob", "hero", "companion", "region", "characters",
     "adventure", "tiebreakers", "dusk", "move_forward", "Alice.hero", "winner", "none", "arena", "format", "deck",
     "check_deck", "legal", "violations", "types", "face", "down", "forest", "effect", "controller", "2/1/0", "put", "in",
     "Alice.hero.region", "Ordis Recruit 2/1/0 Soldier", "scenarios", "mode", "2v2", "refused", "stats", "keywords"]
)
scalars = st.one_of(WORDS, st.integers(-3, 10), st.booleans(), st.none(), st.text(max_size=12))
garbled = st.recursive(scalars, lambda inner: st.one_of(st.lists(inner, max_size=4), st.dictionaries(WORDS, inner, max_size=5)), max_leaves=30)


@settings(max_examples=500, deadline=None)
@given(garbled)
def test_the_reader_raises_only_scenario_errors_on_garbled_data(deck_limits, data: Any) -> None:
    try:
        scenarios = engine.read_scenarios(data, source="garbled.yaml")
    except engine.ScenarioError as exc:
        assert exc.location is not None and exc.message
        return
    for scenario in scenarios:
        result = engine.run_scenario(scenario, deck_limits)  # never raises: errors are in the result
        assert result.status in ("passed", "failed", "error")


VALID = """\
- name: A board
  given:
    players: [Alice, Bob]
    adventure: [hero, {types: [forest]}, {types: [water]}, {face: down, types: [forest]}, {face: down}, {types: [forest]}, {types: [water]}, companion]
    Alice:
      hero: {region: 2, characters: ["Ordis Recruit 2/1/0 Soldier", {name: Ogre, stats: 1/1/1, keywords: [gigantic]}]}
  when: [dusk, {move_forward: Alice.hero}, {effect: Create two Ordis Recruit 1/1/1 Soldier tokens in each of your Expeditions, controller: Bob}]
  then:
    Alice.hero.region: 3
    winner: none
    adventure.3.face: up
"""


@settings(max_examples=500, deadline=None)
@given(st.lists(st.tuples(st.integers(0, len(VALID) - 1), st.sampled_from(["", " ", "\n", ":", "-", "[", "{", "x", "9", "/", "."])), min_size=1, max_size=4))
def test_the_file_reader_raises_only_source_errors_on_garbled_text(edits: list[tuple[int, str]]) -> None:
    text = VALID
    for position, replacement in edits:
        text = text[:position] + replacement + text[position + 1 :]
    try:
        scenarios = engine.read_scenarios(load_yaml_text(text, "garbled.yaml"), source="garbled.yaml")
    except (SourceError, engine.ScenarioError):
        return
    for scenario in scenarios:
        engine.run_scenario(scenario)


@given(boards(), st.sampled_from(PLAYERS))
def test_each_player_sacrifices_one_character_they_control_all_in_one_step(board: dict[str, Any], turn: str) -> None:
    if board["tiebreakers"]:
        return
    game = build(board, PLAYERS)
    for name in PLAYERS:  # distinct names, so each decision says which Character
        for i, obj in enumerate(game.board.in_zone(Zone.EXPEDITION, name)):
            obj.card = replace(obj.card, name=f"{name} {i}")
    game.board.turn = turn
    before = {name: len(game.board.in_zone(Zone.EXPEDITION, name)) for name in PLAYERS}
    order = game.board.initiative_order()
    game.log.answers = [engine.Answer(name, f"{name} 0") for name in order if before[name] > 1]
    record = engine.resolve(game, "Each player sacrifices a Character", PLAYERS[0])
    assert game.log.answers == []
    assert [c.split(":")[0] for c in game.log.choices_made] == [n for n in order if before[n] > 1]  # initiative order (6.1.g)
    for name in PLAYERS:
        assert len(game.board.in_zone(Zone.EXPEDITION, name)) == max(before[name] - 1, 0)
        assert len(game.board.in_zone(Zone.DISCARD, name)) == min(before[name], 1)
    assert (record.steps, record.atomic_actions) == (1, sum(1 for n in PLAYERS if before[n]))
