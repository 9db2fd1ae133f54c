"""The game state is two records (issue 26): the board a judge sees on the table (engine.board) and
the run log of what the engine recorded while deciding (engine.runlog), paired in engine.state's
`Game`. A field joins the record it belongs to by what it is; the walk of the game state from the
Dusk entry point (benchmarks/state_walk.py) keeps to engine/state.py's few members.
"""

from __future__ import annotations

import ast
import dataclasses
import sys
from pathlib import Path

import engine
from engine.board import Board
from engine.runlog import RunLog
from engine.state import Game

from project_paths import PROJECT

sys.path.insert(0, str(PROJECT / "benchmarks"))
from state_walk import walk  # noqa: E402

BOARD_FIELDS = {
    "players", "first_player", "mode", "adventure", "tiebreakers", "tiebreaker_players", "day", "phase", "turn",
    "passed", "outcome", "objects", "presented", "hosted", "_clock", "booster_war",
}
"""What a judge sees on the table: seats, zones, expeditions, objects, the Adventure, the mode, the
first player, where the game is in its day, who has passed, the presented cards, whether it is over."""

RUN_LOG_FIELDS = {
    "trace", "happenings", "last_progress", "last_effect", "last_cost", "emblem_log", "used_emblems",
    "reactions_played", "activations", "unknowns", "checking_reactions", "held_reactions", "reactions_unchecked", "answers",
    "choices_made", "readings", "readings_said", "decisions", "decisions_said", "steps_taken", "work", "work_lines",
}
"""What the engine recorded while deciding: its trace, what happened, what it played and counted, what
is unknown, the decisions given and made, the readings followed, the glossary rules' decisions followed (engine.decisions), the work spent."""

# The Dusk walk of engine/state.py, measured before the split (one Game of 32 fields): 120 visits
# (function, member), 43 of them calls of its code, 45 members. After it: 67 visits, 9 calls, 6
# members (Game.board, Game.log, and the changes that touch both: spend_work, region_types_at,
# enter, move). The members' bound leaves no room for a board or run-log member to come back to
# state.py; the calls' leaves a little for new rules on the Dusk's path that make or move objects.
# Visits are not bounded: every function that reads the game names game.board or game.log.
MAX_STATE_MEMBERS = 6
MAX_STATE_CALLS = 12


def _fields(cls: type) -> set[str]:
    return {f.name for f in dataclasses.fields(cls)}


def test_a_game_is_the_board_and_the_run_log() -> None:
    assert _fields(Game) == {"board", "log"}


def test_the_board_holds_only_what_is_on_the_table() -> None:
    fields = _fields(Board)
    assert fields == BOARD_FIELDS, (
        f"Board fields changed: added {sorted(fields - BOARD_FIELDS)}, removed {sorted(BOARD_FIELDS - fields)}; "
        "a record of what the engine did goes in engine.runlog.RunLog, and BOARD_FIELDS documents the board"
    )


def test_the_run_log_holds_what_the_engine_recorded() -> None:
    fields = _fields(RunLog)
    assert fields == RUN_LOG_FIELDS, (
        f"RunLog fields changed: added {sorted(fields - RUN_LOG_FIELDS)}, removed {sorted(RUN_LOG_FIELDS - fields)}"
    )
    assert not BOARD_FIELDS & RUN_LOG_FIELDS


def test_a_new_game_has_an_empty_run_log_of_its_own() -> None:
    first, second = engine.Game.new(["Alice", "Bob"]), engine.Game.new(["Alice", "Bob"])
    assert first.log is not second.log and first.log == RunLog()
    assert first.board.names == ["Alice", "Bob"]


def test_the_dusk_walk_visits_state_py_within_its_bound() -> None:
    figures = walk("engine.api.dusk", "engine.state")
    # The walk must still see the engine: it reaches the rules, and the board's members through game.board.
    assert figures.functions > 80
    assert len(walk("engine.api.dusk", "engine.board").members) > 20
    assert len(figures.members) <= MAX_STATE_MEMBERS, figures.members
    assert figures.calls <= MAX_STATE_CALLS, figures.members


def test_the_walk_counts_each_member_once_per_function(tmp_path: Path) -> None:
    """The measuring tool itself, on a tiny engine: a field read twice in one function is one visit
    and two uses; a method it calls is walked into and counted as a call; a chain is followed."""
    (tmp_path / "state.py").write_text(
        "from dataclasses import dataclass\n"
        "from .log import Log\n"
        "@dataclass\n"
        "class Game:\n"
        "    log: Log\n"
        "    day: int = 0\n"
        "    def tick(self) -> None:\n"
        "        self.day += 1\n",
        encoding="utf-8",
    )
    (tmp_path / "log.py").write_text("class Log:\n    lines: list\n", encoding="utf-8")
    (tmp_path / "api.py").write_text(
        "from .state import Game\n"
        "def dusk(game: Game) -> None:\n"
        "    game.day, game.day\n"
        "    game.log.lines\n"
        "    _helper(game)\n"
        "def _helper(game: Game) -> None:\n"
        "    game.tick()\n",
        encoding="utf-8",
    )
    figures = walk("engine.api.dusk", "engine.state", root=tmp_path)
    assert figures.functions == 3  # dusk, _helper, Game.tick
    assert set(figures.members) == {"Game.day", "Game.log", "Game.tick"}
    assert (figures.visits, figures.calls, figures.uses) == (3, 1, 4)
    assert walk("engine.api.dusk", "engine.log", root=tmp_path).members == ("Log.lines",)


def test_no_engine_module_reads_a_record_member_from_the_game_itself() -> None:
    """`game.<member of the board or the run log>` is an AttributeError at run time, perhaps on a path
    no scenario takes: the engine's code reads every one through its record."""
    members = _fields(Board) | _fields(RunLog) | {n for n in vars(Board) | vars(RunLog) if not n.startswith("__")}
    members -= set(vars(Game))
    wrong = []
    for path in sorted((PROJECT / "engine").rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"), str(path))):
            if isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name) and node.value.id == "game" \
                    and node.attr in members:
                wrong.append(f"{path.relative_to(PROJECT)}:{node.lineno}: game.{node.attr}")
    assert wrong == []
