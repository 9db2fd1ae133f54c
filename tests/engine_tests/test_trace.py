"""The trace keeps each line as said and makes it a TraceLine when first read: a reader gets
exactly the lines an eager trace made (rules cited inline first, then those given, each once)."""

from __future__ import annotations

import pickle

import pytest

import engine
from engine.catalogue import ENGLISH_RENDERER
from engine.messages import Items, Message, Player, Term, msg
from engine.trace import Trace, TraceLine, TraceLines, inline_rules
from engine_boards import HERO, game, put_character


def eager(message: Message, *rules: str, rulings: tuple[str, ...] = (), depth: int = 0) -> TraceLine:
    """The line as add() made it before lines were made when read."""
    text = ENGLISH_RENDERER.render(message)
    cited = tuple(dict.fromkeys([*inline_rules(text), *rules]))
    return TraceLine(text, cited, rulings, depth, message)


ADVANCES = msg("dusk.greater", statistics=Items((msg("place.statistic_against", n=2, type=Term("forest"), other=1),)), count=1)
TURN = {name: msg("day.takes_turn", player=Player(name)) for name in ("first", "second", "third", "kept anyway", "counted")}
PASSES = msg("dusk.all_move")


def test_a_line_reads_as_it_was_made_eagerly() -> None:
    trace = Trace()
    trace.add(ADVANCES, "4.2.4.b", "7.3.11.a")
    trace.depth = 1
    trace.add(PASSES, "4.2.4.e", "4.2.4.e")
    assert trace.lines == [
        eager(ADVANCES, "4.2.4.b", "7.3.11.a"),
        eager(PASSES, "4.2.4.e", "4.2.4.e", depth=1),
    ]
    assert trace.lines[0].text == "2 forest against 1 is greater (4.2.4.b)"
    assert trace.lines[0].rules == ("4.2.4.b", "7.3.11.a")
    assert trace.lines[1].rules == ("4.2.4.e",)
    assert trace.lines[0].message is ADVANCES


def test_a_line_is_a_message_never_a_finished_sentence() -> None:
    trace = Trace()
    with pytest.raises(TypeError, match="a trace line is a Message"):
        trace.add("Alice takes a turn")  # type: ignore[arg-type]
    # A bare str is refused where the message is used: rendered in any language, or exported.
    bare = msg("day.takes_turn", player="Alice")  # type: ignore[arg-type]
    with pytest.raises(TypeError, match="bare str"):
        ENGLISH_RENDERER.render(bare)
    with pytest.raises(TypeError, match="bare str"):
        bare.to_json()
    with pytest.raises(TypeError, match="bare str"):   # inside a clause too
        ENGLISH_RENDERER.render(msg("dusk.fails_to_move", expedition=bare))


def test_a_line_put_before_others_and_muted_lines_keep_their_places() -> None:
    trace = Trace()
    trace.add(TURN["first"])
    mark = trace.mark()
    trace.add(TURN["third"])
    trace.add(TURN["second"], at=mark)
    trace.muted = True
    trace.add(TURN["counted"])
    trace.add(TURN["kept anyway"], always=True)
    assert [line.text for line in trace] == [f"{n} takes a turn" for n in ("first", "second", "third", "kept anyway")]
    assert trace.omitted == 1 and len(trace) == 4


def test_what_was_read_stays_as_it_was_read() -> None:
    trace = Trace()
    trace.add(ADVANCES)
    read = trace.read()
    trace.add(PASSES)
    assert len(read) == 1 and len(trace) == 2
    assert read[0] is read[0]  # made once, then kept
    assert read == [eager(ADVANCES)] and [eager(ADVANCES)] == read
    assert read[-1:] == [eager(ADVANCES)] and read[5:] == []
    assert read != [eager(PASSES)] and read != "before (1.3.2.a)"
    assert repr(read) == repr([eager(ADVANCES)])


def test_a_results_trace_reads_like_the_games_and_survives_pickling() -> None:
    g = game()
    put_character(g, "Alice", HERO, "Ordis Recruit 2/1/0 Soldier")
    engine.dusk(g)
    read = g.log.trace.read()
    assert isinstance(read, TraceLines)
    assert list(read) == g.log.trace.lines and [str(line) for line in read] == g.log.trace.render()
    copy = pickle.loads(pickle.dumps(read, protocol=pickle.HIGHEST_PROTOCOL))
    assert copy == read and [str(line) for line in copy] == g.log.trace.render()
    assert "4.2.4.b" in g.log.trace.rules_cited() and "opposing-expeditions" in g.log.trace.rulings_cited()


# ---- wording a judge reads (issue 38) ---------------------------------------------------------
def _explained(text: str) -> list[engine.TraceLine]:
    from altered_rules.content.yamlsource import load_yaml_text
    (scenario,) = engine.read_scenarios(load_yaml_text(text, "judge.yaml"))
    result = engine.run_scenario(scenario)
    assert result.passed, (result.error, result.differences)
    return list(result.trace)


def test_a_which_card_decision_answered_yes_names_the_card_not_yes() -> None:
    lines = _explained("""\
- name: Alice may put a card from her Hand in Reserve, and does
  given:
    players: [Alice, Bob]
    Alice: {hand: [Kuwat]}
  when: {effect: "You may put a card from your Hand in Reserve", controller: Alice}
  choices: [{Alice: yes}]
  then: {Alice.reserve: [Kuwat]}
""")
    said = [line.text for line in lines if "decides" in line.text]
    assert said == ["Alice decides which card to put from their Hand in Reserve: Kuwat"], said


def test_a_which_card_decision_declined_says_none_is_chosen_not_no() -> None:
    lines = _explained("""\
- name: Alice may put a card from her Hand in Reserve, and does not
  given:
    players: [Alice, Bob]
    Alice: {hand: [Kuwat]}
  when: {effect: "You may put a card from your Hand in Reserve", controller: Alice}
  choices: [{Alice: no}]
  then: {Alice.hand: [Kuwat]}
""")
    said = [line.text for line in lines if "Alice" in line.text and ("decides" in line.text or "chooses" in line.text)]
    assert said and all(": no" not in t for t in said) and any("chooses none" in t for t in said), said


def test_the_first_player_check_cites_the_first_player_token_rule_4_2_1_b() -> None:
    lines = _explained("""\
- name: If you are the first player, draw a card
  given:
    players: [Alice, Bob]
    Alice: {deck: [Kuwat]}
  when: {effect: "If you are the first player, draw a card", controller: Alice}
  then: {Alice.hand: [Kuwat]}
""")
    cited = [line.rules for line in lines if "first player" in line.text and "is the first player" in line.text]
    assert cited and all("4.2.1.b" in rules and "4.1.g" not in rules for rules in cited), cited
