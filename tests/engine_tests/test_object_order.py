"""The engine lists a zone's objects oldest first without sorting them (Game.in_zone, the bearers of
reactions and of region-changing abilities): the objects dict is kept in timestamp order, because
`enter` is the only place an object is added, under a new, growing timestamp. Every scenario of
tests/engine_tests/scenarios is run and its game checked, so that an object added any other way
fails here rather than reordering a trace."""

from __future__ import annotations

from pathlib import Path

import pytest

from engine.objects import Card
from engine.scenario import read_scenarios
from engine.scenario.runner import _run_once
from engine.state import Game
from engine.vocabulary import ObjectType, Zone
from altered_rules.content.sourcefiles import load_yaml_file

SCENARIOS = sorted((Path(__file__).parent / "scenarios").glob("*.yaml"))


def _board(game: Game) -> Game:
    return getattr(game, "board", game)  # the board, wherever the Game record keeps it (issue 26's split)


def _objects(game: Game) -> dict[int, object]:
    return _board(game).objects  # type: ignore[no-any-return]


def _in_timestamp_order(game: Game) -> bool:
    stamps = [obj.timestamp for obj in _objects(game).values()]  # type: ignore[attr-defined]
    return stamps == sorted(stamps)


@pytest.mark.parametrize("path", SCENARIOS, ids=lambda p: p.name)
def test_every_game_keeps_its_objects_in_timestamp_order(path: Path) -> None:
    games = 0
    for scenario in read_scenarios(load_yaml_file(path), source=str(path)):
        run = _run_once(scenario, {})
        if run.game is not None:
            games += 1
            assert _in_timestamp_order(run.game), scenario.name
    assert games or path.name == "deck.yaml", "no scenario of the file built a game"


def test_in_zone_is_oldest_first_even_after_objects_leave() -> None:
    game = Game.new(["Alice", "Bob"])
    made = [game.enter(Card(f"C{i}", ObjectType.CHARACTER), Zone.RESERVE, "Alice") for i in range(5)]
    del _objects(game)[made[1].id]
    later = game.enter(Card("Late", ObjectType.CHARACTER), Zone.RESERVE, "Alice")
    assert [o.name for o in _board(game).in_zone(Zone.RESERVE)] == ["C0", "C2", "C3", "C4", "Late"]
    assert _board(game).in_zone(Zone.RESERVE)[-1] is later
    assert _in_timestamp_order(game)
