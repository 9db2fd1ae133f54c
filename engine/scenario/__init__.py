"""The scenario language: how a situation is written (given:, when:, then:), read and run.

Its public face; the engine's other modules, the plugin, the sandbox and the tools import from
here, not from the modules below (which may move). The modules, in the order they import one
another:

- model: the records a scenario is read into (Setup, Action, Expectation, Scenario...);
- syntax: the language's small pieces (locations, positions, did-you-mean, errors);
- paths and actions: the registries, where each path of `then:` and each action of `when:` is
  declared once (docs/en/editing.md tells how to add one);
- reader_given, reader_actions, reader_expectations, reader: reading plain data into a Scenario;
- runner: a fresh game at the scenario's board, its actions, and each value compared.
"""

from .actions import ACTIONS, Shape, action_form, mapping_actions
from .model import CHARACTER_KEYS, REFUSALS, Action, Difference, Expectation, Scenario, ScenarioResult, Setup
from .paths import EXPEDITION_WORDS, PATHS, At, Family, PathForm, locate_known, spell
from .paths import form as path_form
from .reader_expectations import locate
from .runner import build_game, read_scenario, read_scenarios, run_scenario, run_scenarios

__all__ = [
    "ACTIONS", "CHARACTER_KEYS", "EXPEDITION_WORDS", "PATHS", "REFUSALS", "Action", "At", "Difference", "Expectation",
    "Family", "PathForm", "Scenario", "ScenarioResult", "Setup", "Shape", "action_form", "build_game", "locate",
    "locate_known", "mapping_actions", "path_form", "read_scenario", "read_scenarios", "run_scenario", "run_scenarios",
    "spell",
]
