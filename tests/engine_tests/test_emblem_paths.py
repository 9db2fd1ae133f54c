"""An emblem's type and name, as a judge reads them in `then:` (2.2.1.g, 2.2.3.g)."""

from __future__ import annotations

import engine
from altered_rules.content.yamlsource import load_yaml_text

BOARD = """
- name: {name}
  given:
    players: [Alice, Bob]
    Alice:
      hero:
        characters:
        - {{name: Drillmaster, stats: 1/1/1, reactions: ["At Noon | Expeditions can't move forward this Day"]}}
  when: noon
  then:
    {path}: {value}
"""


def _run(path: str, value: str) -> engine.ScenarioResult:
    scenarios = engine.read_scenarios(load_yaml_text(BOARD.format(name="emblem", path=path, value=value), "board.yaml"))
    return engine.run_scenario(scenarios[0])


def test_an_emblem_named_after_its_creator_is_a_difference():
    result = _run("emblems.1.name", "Drillmaster")
    assert not result.passed
    assert [(d.path, d.expected, d.actual) for d in result.differences] == [("emblems.1.name", "Drillmaster", "none")]


def test_an_emblem_has_no_name_and_the_type_emblem():
    assert _run("emblems.1.name", "none").passed
    assert _run("emblems.2.type", "emblem").passed


def test_an_emblem_of_another_type_is_refused_as_a_misreading():
    try:
        _run("emblems.1.type", "character")
    except engine.ScenarioError as error:
        assert "2.2.1.g" in error.message
    else:
        raise AssertionError("an emblem expected to be a Character must be refused")
