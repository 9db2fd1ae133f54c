"""The engine's work budget (engine.limits.MAX_WORK, issue 23): a scenario within every limit on
what it holds, but asking for far more work than any game, is refused with its file, the line of
the action that spent the budget, and the limit, instead of keeping the engine busy for a minute.

The budget is counted in units of work, not in seconds: these tests check what is counted and
where the refusal comes, never how long it takes (benchmarks/run.py times the heavy shapes)."""

from __future__ import annotations

from engine.messages import msg

from pathlib import Path

import pytest

import engine
import heavy_scenarios
from altered_rules.cli.main import main
from altered_rules.content.yamlsource import load_yaml_text
from altered_rules.verification.scenarios import read_scenario_data
from engine.scenario import reader_given
from engine.limits import MAX_WORK
from engine.readings import MAX_READINGS
from engine.vocabulary import Phase

from guards import no_hang

MESSAGE = (
    f"past the engine's work budget of {MAX_WORK:,} units (each action and step counts one, one per object in the "
    f"game and one per trace line; every reading counts): far more actions, objects or trace lines than any game; "
    f"split the scenario or give fewer of them (the limit is {MAX_WORK:,})"
)


def _verify(tmp_path: Path, capsys: pytest.CaptureFixture[str], text: str) -> tuple[int, list[str], Path]:
    path = tmp_path / "heavy.yaml"
    path.write_text(text, encoding="utf-8")
    with no_hang(120):  # a guard against a hang, not a timing: the benchmark times these
        status = main(["verify", str(path)])
    return status, capsys.readouterr().out.splitlines(), path


def _scenario(text: str) -> engine.Scenario:
    return read_scenario_data(load_yaml_text(text, "heavy.yaml"), "heavy.yaml")[0]


@pytest.mark.parametrize("shape", list(heavy_scenarios.SHAPES))
def test_a_heavy_scenario_is_refused_with_file_line_and_the_limit(tmp_path, capsys, shape):
    text = heavy_scenarios.SHAPES[shape]()
    status, out, path = _verify(tmp_path, capsys, text)
    name = _scenario(text).name
    assert status == 1
    assert out == [f"ERROR {path}:{heavy_scenarios.action_line(text)}: {name}: {MESSAGE}", "0 passed, 1 failed"], out[-3:]


@pytest.mark.parametrize("shape", list(heavy_scenarios.SHAPES))
def test_the_refusal_is_an_error_a_scenario_cannot_expect(shape):
    """Running out of budget says nothing about the rules: it is never an outcome a scenario passes with."""
    text = heavy_scenarios.SHAPES[shape]().replace("  then:\n", "  then:\n    refused: loop-limit\n", 1)
    result = engine.run_scenario(_scenario(text))
    assert isinstance(result.error, engine.WorkLimit)
    assert result.status != "pass"


@pytest.mark.parametrize("shape", list(heavy_scenarios.SHAPES))
def test_the_same_shapes_at_the_size_of_a_game_run_to_their_outcome(shape):
    """The budget leaves room: each shape, at a tenth of its board and of its actions or fewer, is answered."""
    result = engine.run_scenario(_scenario(heavy_scenarios.SHAPES[shape](**heavy_scenarios.ROOMY[shape])))
    assert result.error is None and not result.differences, (result.error, result.differences)


def test_the_runs_of_every_reading_share_one_budget():
    """One run of these Dusks is within the budget; run once per reading (and once to find the open
    question), the same Dusks are refused."""
    alone = engine.run_scenario(_scenario(heavy_scenarios.readings_dusks(open_question=False)))
    assert alone.error is None and not alone.differences, (alone.error, alone.differences)
    both = engine.run_scenario(_scenario(heavy_scenarios.readings_dusks(open_question=True)))
    assert isinstance(both.error, engine.WorkLimit)
    small = engine.run_scenario(_scenario(heavy_scenarios.readings_dusks(dusks=10)))
    assert small.error is None and not small.differences and small.readings is not None


# ---- what is counted -----------------------------------------------------------------------------------
def _game(characters: int) -> engine.Game:
    return engine.build_game(_scenario(heavy_scenarios.aliased_dusks(characters=characters, dusks=1)).setup)


def test_a_count_is_one_unit_one_per_object_and_one_per_new_trace_line():
    game = _game(50)
    objects = len(game.board.objects)
    assert objects == 51
    game.log.work, game.log.work_lines = 0, len(game.log.trace)
    game.spend_work()
    assert game.log.work == 1 + objects
    game.log.trace.add(msg("dusk.all_move"))   # any two lines: a line is a message (engine.messages)
    game.log.trace.add(msg("day.draw"))
    game.spend_work()
    assert game.log.work == 2 * (1 + objects) + 2
    game.spend_work(7)  # a caller counting its own work: no unit for the objects
    assert game.log.work == 2 * (1 + objects) + 2 + 7


def test_the_budget_is_refused_past_the_limit_not_at_it():
    game = _game(1)
    game.log.work_lines = len(game.log.trace)
    game.log.work = MAX_WORK - 3
    game.spend_work(3)
    assert game.log.work == MAX_WORK
    with pytest.raises(engine.WorkLimit) as refused:
        game.spend_work(1)
    assert refused.value.message == MESSAGE


def test_every_action_counts_the_objects_in_the_game():
    """A Dusk spends as much again as the Dusk before it, and that much grows with the board."""
    def per_dusk(characters: int) -> list[int]:
        game = _game(characters)
        spent = []
        for _ in range(4):
            before = game.log.work
            engine.dusk(game)
            spent.append(game.log.work - before)
        return spent
    small, large = per_dusk(10), per_dusk(110)
    assert len(set(small[1:])) == 1 and len(set(large[1:])) == 1  # the same Dusk costs the same
    assert large[1] - small[1] >= 100  # at least one unit per object more, for each Dusk


def test_an_action_that_is_no_step_counts_too():
    """Checking victory takes no step of the game (6.1) and plays no reaction: the action itself is counted."""
    game = _game(100)
    before = game.log.work
    engine.check_victory(game)
    assert game.log.work - before >= len(game.board.objects) + 1


def test_comparing_reactions_with_events_is_counted():
    """Reactions that never trigger still cost: each is compared with each event."""
    def dusk_cost(reactions: int) -> int:
        game = engine.build_game(_scenario(heavy_scenarios.reacting_dusks(characters=5, reactions=reactions, dusks=1)).setup)
        engine.dusk(game)
        before = game.log.work
        engine.play_phase(game, Phase.DUSK)
        return game.log.work - before
    assert dusk_cost(41) - dusk_cost(1) >= 5 * 40  # five characters, forty more reactions each, one event


# ---- heavy shapes of reading, not of running ------------------------------------------------------------
def test_many_abilities_changing_region_types_are_refused_without_listing_every_order(tmp_path, capsys):
    """11 abilities have 39,916,800 orders: listing them all took minutes. The runner refuses more
    than MAX_READINGS, so no more than that many are listed."""
    text = heavy_scenarios.region_orders(11)
    status, out, path = _verify(tmp_path, capsys, text)
    assert status == 1
    assert out[0].startswith(f"ERROR {path}:1: ") and out[0].endswith(
        f"(T0, T1, T2, T3, T4, T5, T6, T7, T8, T9 and G): more than {MAX_READINGS} combinations of readings, too many to compare")


def test_the_orders_listed_are_each_distinct_order_once():
    from itertools import permutations

    from engine.readings import region_order_question

    for names in (["A", "B", "C"], ["A", "B", "A"], ["Tidecaller", "Grovekeeper"]):
        listed = region_order_question(names).readings
        assert list(listed) == list(dict.fromkeys(", then ".join(o) for o in sorted(
            permutations(names), key=lambda o: [names.index(n) for n in o])))
    with no_hang(60):  # 12! orders, 201 names: listing them all would never end
        assert len(region_order_question([f"T{i}" for i in range(12)]).readings) == MAX_READINGS + 1
        assert len(region_order_question(["T"] * 200 + ["G"]).readings) == MAX_READINGS + 1


def test_a_reaction_repeated_by_aliases_is_read_once(monkeypatch):
    calls: list[str] = []
    original = reader_given.parse_reaction

    def counting(text: object) -> engine.Reaction:
        calls.append(str(text))
        return original(text)

    monkeypatch.setattr(reader_given, "parse_reaction", counting)
    reader_given._reaction.cache_clear()
    scenario = _scenario(heavy_scenarios.aliased_reactions(characters=200, reactions=400))
    characters = scenario.setup.per_player["Alice"].characters
    assert sum(len(c.card.reactions) for c in characters) == 80_000
    assert calls == ["At Noon | Draw a card"]
