"""The trace keeps each line as said and makes it a TraceLine when first read: a reader gets
exactly the lines an eager trace made (rules cited inline first, then those given, each once)."""

from __future__ import annotations

import pickle

import engine
from engine.trace import Trace, TraceLine, TraceLines, inline_rules
from engine_boards import HERO, game, put_character


def eager(text: str, *rules: str, rulings: tuple[str, ...] = (), depth: int = 0) -> TraceLine:
    """The line as add() made it before lines were made when read."""
    cited = tuple(dict.fromkeys([*inline_rules(text), *rules]))
    return TraceLine(text, cited, rulings, depth)


def test_a_line_reads_as_it_was_made_eagerly() -> None:
    trace = Trace()
    trace.add("Alice's hero expedition advances: 2 forest against 1 is greater (4.2.4.b)", "4.2.4.b", "7.3.11.a")
    trace.depth = 1
    trace.add("A step (see 6.1.f, 6.1.g) and (not a rule)", "6.1.g", rulings=["initiative-order"])
    trace.add("No citation at all", "4.2.4.e", "4.2.4.e")
    assert trace.lines == [
        eager("Alice's hero expedition advances: 2 forest against 1 is greater (4.2.4.b)", "4.2.4.b", "7.3.11.a"),
        eager("A step (see 6.1.f, 6.1.g) and (not a rule)", "6.1.g", rulings=("initiative-order",), depth=1),
        eager("No citation at all", "4.2.4.e", "4.2.4.e", depth=1),
    ]
    assert trace.lines[0].rules == ("4.2.4.b", "7.3.11.a")
    assert trace.lines[1].rules == ("6.1.f", "6.1.g")
    assert trace.lines[2].rules == ("4.2.4.e",)


def test_a_line_put_before_others_and_muted_lines_keep_their_places() -> None:
    trace = Trace()
    trace.add("first")
    mark = trace.mark()
    trace.add("third")
    trace.add("second", at=mark)
    trace.muted = True
    trace.add("counted, not kept")
    trace.add("kept anyway", always=True)
    assert [line.text for line in trace] == ["first", "second", "third", "kept anyway"]
    assert trace.omitted == 1 and len(trace) == 4


def test_what_was_read_stays_as_it_was_read() -> None:
    trace = Trace()
    trace.add("before (1.3.2.a)")
    read = trace.read()
    trace.add("after")
    assert len(read) == 1 and len(trace) == 2
    assert read[0] is read[0]  # made once, then kept
    assert read == [eager("before (1.3.2.a)")] and [eager("before (1.3.2.a)")] == read
    assert read[-1:] == [eager("before (1.3.2.a)")] and read[5:] == []
    assert read != [eager("after")] and read != "before (1.3.2.a)"
    assert repr(read) == repr([eager("before (1.3.2.a)")])


def test_a_results_trace_reads_like_the_games_and_survives_pickling() -> None:
    g = game()
    put_character(g, "Alice", HERO, "Ordis Recruit 2/1/0 Soldier")
    engine.dusk(g)
    read = g.trace.read()
    assert isinstance(read, TraceLines)
    assert list(read) == g.trace.lines and [str(line) for line in read] == g.trace.render()
    copy = pickle.loads(pickle.dumps(read, protocol=pickle.HIGHEST_PROTOCOL))
    assert copy == read and [str(line) for line in copy] == g.trace.render()
    assert "4.2.4.b" in g.trace.rules_cited() and "opposing-expeditions" in g.trace.rulings_cited()
