"""Reading scenario files: every mistake is an error with file and line, naming what is allowed."""

from __future__ import annotations

from pathlib import Path

import pytest

import engine
from altered_rules.verification.scenarios import load_scenario_file
from altered_rules.content.yamlsource import SourceError, load_yaml_text

BOARD = """\
- name: A board
  rules: [4.3, 2.1.e]
  given:
    players: [Alice, Bob]
    Alice:
      hero: {region: 0, characters: ["Ordis Recruit 2/1/0 Soldier"]}
  when: dusk
  then:
    winner: none
"""


def read(text: str) -> list[engine.Scenario]:
    return engine.read_scenarios(load_yaml_text(text, "judge.yaml"))


def error(text: str) -> engine.ScenarioError:
    with pytest.raises(engine.ScenarioError) as caught:
        read(text)
    return caught.value


def test_rule_numbers_stay_text() -> None:
    (scenario,) = read(BOARD)
    assert scenario.rules == ("4.3", "2.1.e")


def test_a_mapping_with_a_scenarios_list_reads_like_a_list() -> None:
    listed = read(BOARD)
    mapped = read("scenarios:\n" + "".join("  " + line + "\n" for line in BOARD.splitlines()))
    assert [s.name for s in mapped] == [s.name for s in listed]
    assert mapped[0].setup.per_player["Alice"].characters == listed[0].setup.per_player["Alice"].characters


def test_an_unknown_key_names_its_line_and_the_keys_allowed() -> None:
    exc = error(BOARD.replace("  when: dusk", "  whne: dusk"))
    assert exc.location == engine.Location("judge.yaml", 7)
    assert "unknown key 'whne'" in exc.message and "name, rules, given, when, then" in exc.message


@pytest.mark.parametrize(
    ("change", "line", "words"),
    [
        (("2/1/0 Soldier", "2/1 Soldier"), 6, "F/M/W"),
        (("region: 0", "region: 8"), 6, "region out of range"),
        (("    Alice:", "    Alcie:"), 5, "unknown key or player 'Alcie'"),
        (("when: dusk", "when: dawn"), 7, "allowed: morning"),
        (("winner: none", "winner: Carol"), 9, "unknown player Carol"),
        (("winner: none", "Alice.hero.regoin: 0"), 9, "unknown path (did you mean 'Alice.hero.region'?)"),
        (("Soldier", "Soldeir"), 6, "sub-type 'Soldeir'"),
        (("characters:", "charactres:"), 6, "allowed: region, characters"),
        (("when: dusk", "when: {move_forward: Alice.heroes}"), 7, "unknown expedition 'heroes' (did you mean 'hero'?); allowed: hero, companion"),
        (("when: dusk", "when: {move_forward: Carol.hero}"), 7, "unknown player 'Carol'"),
        (("when: dusk", "when: {effect: Exhaust target Character, controller: Alice}"), 7, "cannot read the effect"),
        (("when: dusk", "when: check_deck"), 7, "needs a deck"),
    ],
)
def test_a_misspelt_scenario_is_an_error_at_its_line(change: tuple[str, str], line: int, words: str) -> None:
    exc = error(BOARD.replace(*change))
    assert exc.location is not None and exc.location.line == line
    assert words in exc.message


def test_an_arena_region_outside_tiebreakers_says_how_to_start_them() -> None:
    assert "tiebreakers: true" in error(BOARD.replace("region: 0", "region: arena")).message


def test_a_deck_card_with_a_bad_rarity_lists_the_rarities() -> None:
    text = "- name: D\n  given:\n    format: sealed\n    deck:\n      - {name: X, rarity: mythic}\n  when: check_deck\n  then: {legal: true}\n"
    exc = error(text)
    assert exc.location == engine.Location("judge.yaml", 5)
    assert "common, rare, unique" in exc.message


def test_the_halves_of_one_tumult_card_share_their_face() -> None:
    adventure = "    adventure: [hero, {types: [forest]}, {face: down, types: [water]}, {types: [forest]}, {types: [water]}, {types: [forest]}, {types: [water]}, companion]\n"
    exc = error(BOARD.replace("    players: [Alice, Bob]\n", "    players: [Alice, Bob]\n" + adventure))
    assert "regions 1 and 2 are the two halves of one Tumult card" in exc.message


def test_a_missing_reveal_is_an_error_result_at_the_action_line_not_a_pass() -> None:
    (scenario,) = read(BOARD.replace("winner: none", "Alice.hero.region: 0"))
    result = engine.run_scenario(scenario)
    assert result.status == "error"
    assert isinstance(result.error, engine.MissingRegionTypes)
    assert result.error.location == engine.Location("judge.yaml", 7)


def test_a_failed_expectation_reports_the_path_expected_and_actual() -> None:
    text = BOARD.replace("winner: none", "Alice.hero.statistics: 2/1/1").replace("when: dusk", "when: {move_backward: Alice.hero}")
    result = engine.run_scenario(read(text)[0])
    assert result.status == "failed"
    assert [str(d) for d in result.differences] == ["Alice.hero.statistics: expected 2/1/1, actual 2/1/0 (line 9)"]


def test_an_expected_refusal_that_does_not_happen_fails() -> None:
    text = BOARD.replace("winner: none", "refused: rules-silent").replace("when: dusk", "when: {move_backward: Alice.hero}")
    result = engine.run_scenario(read(text)[0])
    assert [d.actual for d in result.differences] == ["no refusal"]


def test_a_path_expected_refused_fails_when_the_engine_gives_its_value() -> None:
    text = BOARD.replace("winner: none", "Alice.hero.statistics: {refused: rules-silent}").replace("when: dusk", "when: check_victory")
    result = engine.run_scenario(read(text)[0])
    assert [str(d) for d in result.differences] == ["Alice.hero.statistics: expected refused: rules-silent, actual 2/1/0 (line 9)"]
    boosted = BOARD.replace('["Ordis Recruit 2/1/0 Soldier"]', "[{name: Ordis Recruit, stats: 2/1/0, boosts: 1}]")
    text = boosted.replace("winner: none", "Alice.hero.statistics: {refused: game-over}").replace("when: dusk", "when: check_victory")
    assert "refused: rules-silent" in result_actual(text)
    assert "unknown refusal" in str(error(BOARD.replace("winner: none", "winner: {refused: silent}")))


def result_actual(text: str) -> str:
    return engine.run_scenario(read(text)[0]).differences[0].actual


def test_a_file_that_is_not_yaml_is_a_source_error(tmp_path: Path) -> None:
    path = tmp_path / "broken.yaml"
    path.write_text("- name: x\n  given: [\n", encoding="utf-8")
    with pytest.raises(SourceError) as caught:
        load_scenario_file(path)
    assert caught.value.path == str(path)


def test_an_unreadable_case_fails_alone_with_its_file_and_line_and_the_others_run(tmp_path: Path) -> None:
    # Issue 38: an unknown format, duration or form in one case used to stop the whole file.
    path = tmp_path / "judge.yaml"
    board = BOARD.replace("when: dusk", "when: check_victory")
    bad = board.replace("when: check_victory", "when: dawn").replace("name: A board", "name: A misspelt action")
    unknown_duration = board.replace("name: A board", "name: An unknown duration").replace(
        "when: check_victory", "when: {effect: \"Expeditions can't move forward this Week\", controller: Alice}")
    deck = ("- name: An unknown format\n  given: {format: pauper, deck: [{name: Kelon Elemental}]}\n"
            "  when: check_deck\n  then: {legal: true}\n")
    path.write_text(board + bad + unknown_duration + deck, encoding="utf-8")
    scenarios = load_scenario_file(path)
    assert [s.name for s in scenarios] == ["A board", "A misspelt action", "An unknown duration", "An unknown format"]
    results = [engine.run_scenario(s) for s in scenarios]
    assert [r.status for r in results] == ["passed", "error", "error", "error"]
    lines = [r.error.location.line for r in results[1:] if r.error is not None and r.error.location is not None]
    assert lines == [16, 25, 29]  # the `when:` of each, and the deck case's `given:` that names the format
    assert all(r.error.location.path == str(path) for r in results[1:] if r.error and r.error.location)
    assert "dawn" in str(results[1].error)
    with pytest.raises(engine.ScenarioError):  # the engine's own reader still stops at the first, for callers that want that
        engine.read_scenarios(load_yaml_text(board + bad, "judge.yaml"))


def test_one_embedded_scenario_reads_with_its_own_lines() -> None:
    data = load_yaml_text(BOARD, "glossary/rules/4/4.2.4.yaml")
    scenario = engine.read_scenario(data[0])
    assert scenario.location == engine.Location("glossary/rules/4/4.2.4.yaml", 1)
    with pytest.raises(engine.ScenarioError) as caught:
        engine.read_scenario(load_yaml_text(BOARD.replace("region: 0", "region: -1"), "x.yaml")[0])
    assert caught.value.location == engine.Location("x.yaml", 6)


def test_running_a_scenario_twice_gives_the_same_result() -> None:
    text = """\
- name: Reveal
  given:
    players: [Alice, Bob]
    adventure: [hero, {types: [forest]}, {types: [water]}, {face: down, types: [forest]}, {face: down, types: [water]}, {types: [forest]}, {types: [water]}, companion]
    Alice: {hero: {region: 2}}
  when: {move_forward: Alice.hero}
  then: {adventure.4.face: up, Alice.hero.region: 3}
"""
    (scenario,) = read(text)
    first, second = engine.run_scenario(scenario), engine.run_scenario(scenario)
    assert first.passed and second.passed
    assert [str(line) for line in first.trace] == [str(line) for line in second.trace]
    assert scenario.setup.adventure is not None and scenario.setup.adventure[3].face is engine.Face.DOWN


PLAY = """\
- name: Play
  given:
    players: [Alice, Bob]
    Alice:
      hero: {characters: ["Scout 1/0/0 Adventurer", "Goat 0/1/0 Animal"]}
  when: {effect: Sacrifice a Character, controller: Alice}
  choices:
    - {Alice: Goat}
  then:
    Alice.discard: [Goat]
    Alice.hero.Scout.boosts: 0
"""


def test_decisions_are_read_and_made_in_order() -> None:
    result = engine.run_scenario(read(PLAY)[0])
    assert result.passed, (result.error, [str(d) for d in result.differences])


@pytest.mark.parametrize(
    ("change", "line", "words"),
    [
        (("{Alice: Goat}", "{Carol: Goat}"), 8, "unknown player 'Carol' in `choices:`"),
        (("Alice.hero.Scout.boosts", "Alice.heap.Scout.boosts"), 11, "unknown place 'heap'"),
        (("Alice.hero.Scout.boosts", "Alice.hero.Scout.bosts"), 11, "did you mean 'boosts'?"),
        (("when: {effect: Sacrifice a Character, controller: Alice}", "when: {play: Alice.discard.Goat, to: hero}"), 6, "played from the hand or the reserve"),
    ],
)
def test_a_misspelt_card_scenario_is_an_error_at_its_line(change: tuple[str, str], line: int, words: str) -> None:
    exc = error(PLAY.replace(*change))
    assert exc.location is not None and exc.location.line == line, exc
    assert words in exc.message


def test_a_decision_never_asked_is_an_error_naming_it() -> None:
    result = engine.run_scenario(read(PLAY.replace("- {Alice: Goat}", "- {Alice: Goat}\n    - {Bob: yes}"))[0])
    assert result.status == "error" and result.error is not None
    assert "never asked, from {Bob: yes}" in result.error.message and result.error.location == engine.Location("judge.yaml", 9)


def test_a_wrong_decision_lists_what_is_allowed() -> None:
    result = engine.run_scenario(read(PLAY.replace("{Alice: Goat}", "{Alice: Kelon}"))[0])
    assert result.error is not None and "allowed: Scout, Goat" in result.error.message


# ---- inputs that would otherwise be dropped in silence (issue 24's audit) ---------------------
def test_a_target_the_effect_never_names_is_an_error_on_its_line() -> None:
    text = BOARD.replace("  when: dusk", "  when: {effect: Draw a card, controller: Alice, target: Alice.hero}")
    exc = error(text)
    assert exc.location is not None and exc.location.line == 7
    assert "names no \"target Expedition\"" in exc.message
    objects = BOARD.replace("  when: dusk", "  when: {effect: Draw a card, controller: Alice, target: Alice.hero.Ordis Recruit}")
    assert "\"target Character\" or \"target Permanent\"" in error(objects).message
    # the same target, asked for by the text, is read
    read(BOARD.replace("  when: dusk", "  when: {effect: Move target Expedition forward, controller: Alice, target: Alice.hero}"))


def test_a_presented_card_without_setup_is_an_error() -> None:
    text = BOARD.replace("    Alice:\n", "    Alice:\n      presented: {name: Sierra & Oddball}\n")
    assert "has `presented:`, but `when:` has no `setup`" in error(text).message


def test_an_effect_on_a_card_that_is_not_a_spell_is_an_error() -> None:
    text = BOARD.replace('characters: ["Ordis Recruit 2/1/0 Soldier"]', 'characters: [{name: Kuwat, stats: 1/1/1, effect: Draw a card}]')
    assert "`effect:` is a Spell's printed effect" in error(text).message
    read(BOARD.replace("    Alice:\n", "    Alice:\n      reserve: [{name: Zap, type: spell, effect: Draw a card}]\n"))


def test_a_tokens_fixed_characteristics_given_otherwise_are_an_error() -> None:
    for extra, key in (("hand_cost: 3", "hand_cost"), ("rarity: rare", "rarity"), ("faction: Axiom", "faction"), ("type: permanent", "type")):
        text = BOARD.replace('characters: ["Ordis Recruit 2/1/0 Soldier"]', f"characters: [{{name: Brassbug, stats: 1/1/1, token: true, {extra}}}]")
        assert f"a token's `{key}` is fixed by the rules" in error(text).message
    # the values the rules give are accepted
    read(BOARD.replace('characters: ["Ordis Recruit 2/1/0 Soldier"]', "characters: [{name: Brassbug, stats: 1/1/1, token: true, hand_cost: 0}]"))


def test_a_hero_given_a_rarity_on_a_board_is_an_error() -> None:
    text = BOARD.replace("    Alice:\n", "    Alice:\n      hero_zone: {name: Sierra & Oddball, rarity: rare}\n")
    assert "a Hero has no rarity (2.2.4.c)" in error(text).message
    read(BOARD.replace("    Alice:\n", "    Alice:\n      hero_zone: {name: Sierra & Oddball, faction: Axiom}\n"))
