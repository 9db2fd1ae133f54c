"""Finding, reading and running scenario files: shared by `altered-rules verify/explain`,
the glossary build and the pytest plugin.

    for report in run_files([Path("tests/engine_tests/scenarios")], glossary.deck_limits):
        report.error            # a file that cannot be read (SourceError), or None
        for result in report.results:
            result.passed, result.differences, result.trace, result.error
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Callable, Iterable, Union

import engine

from ..content.sourcefiles import load_yaml_file
from ..content.yamlsource import SourceError

__all__ = ["DeckLimitsSource", "DecisionsSource", "FileReport", "find_scenario_files", "load_scenario_file", "read_scenario_data", "run_scenario", "run_file", "run_files"]

SUFFIXES = (".yaml", ".yml")

DeckLimitsSource = Union[engine.DeckLimitsByFormat, Callable[[], engine.DeckLimitsByFormat]]
"""The numbers a deck is checked with (Glossary.deck_limits), or a function that gives them: the
command line loads the glossary only when a file holds a deck scenario."""


DecisionsSource = Union[engine.Decisions, Callable[[], engine.Decisions], None]
"""The questions the glossary's rules decide (Glossary.decisions, engine.decisions), or a function
that gives them: the command line loads the glossary for them only when a scenario meets an open
question, so that a scenario file is judged as the glossary's own scenarios are (issue 37)."""


def _limits(source: DeckLimitsSource) -> engine.DeckLimitsByFormat:
    return source() if callable(source) else source


def find_scenario_files(paths: Iterable[Path]) -> list[Path]:
    """The files named, and the .yaml/.yml files under folders named, in a stable order."""
    found: list[Path] = []
    for path in paths:
        if path.is_dir():
            found.extend(sorted(p for p in path.rglob("*") if p.suffix in SUFFIXES and p.is_file()))
        else:
            found.append(path)
    return found


def load_scenario_file(path: Path) -> list[engine.Scenario]:
    """The scenarios of one file; a file that cannot be read raises SourceError (file, line, message)."""
    return read_scenario_data(load_yaml_file(path), path)


def read_scenario_data(data: object, source: str | Path) -> list[engine.Scenario]:
    """Scenarios from YAML-read data (a file's, or text pasted in the sandbox). A case that cannot be
    read is kept as an error of its own (file, line, message) and the others run; data that is not a
    list of cases raises SourceError (file, line, message)."""
    try:
        return engine.read_scenarios(data, source=str(source), each_alone=True)
    except engine.EngineError as exc:
        location = exc.location
        error = SourceError(location.path if location else source, location.line if location else None, exc.message)
        error.said = exc.said   # said in the reader's language by `verify --lang`, `explain --lang`, the sandbox
        raise error from None


def run_scenario(scenario: engine.Scenario, deck_limits: DeckLimitsSource,
                 decisions: DecisionsSource = None, citations: engine.Citations | None = None) -> engine.ScenarioResult:
    """`citations`: the glossary's numbers for the rules the engine cites (engine.citations)."""
    limits = _limits(deck_limits) if scenario.setup.is_deck else None
    if decisions is not None and not callable(decisions):
        return engine.run_scenario(scenario, limits, decisions or None, citations)
    result = engine.run_scenario(scenario, limits, None, citations)
    # Decisions change a run only at an open question, which ends the run without them in readings or
    # a refusal (expected or not): only then is the glossary read for them, and the scenario run again.
    open_question = (result.readings is not None or result.refused is not None
                     or isinstance(result.error, engine.RulesSilent))
    if decisions is not None and open_question:
        decided = decisions()
        if decided:
            result = engine.run_scenario(scenario, limits, decided, citations)
    return result


@dataclass
class FileReport:
    path: Path
    results: list[engine.ScenarioResult] = field(default_factory=list)
    error: SourceError | None = None

    @property
    def passed(self) -> int:
        return sum(1 for r in self.results if r.passed)

    @property
    def failed(self) -> int:
        return sum(1 for r in self.results if not r.passed) + (1 if self.error else 0)


def run_file(path: Path, deck_limits: DeckLimitsSource, decisions: DecisionsSource = None,
             citations: engine.Citations | None = None) -> FileReport:
    report = FileReport(path)
    try:
        scenarios = load_scenario_file(path)
    except SourceError as exc:
        report.error = exc
        return report
    report.results = [run_scenario(s, deck_limits, decisions, citations) for s in scenarios]
    return report


def run_files(paths: Iterable[Path], deck_limits: DeckLimitsSource, decisions: DecisionsSource = None,
              citations: engine.Citations | None = None) -> list[FileReport]:
    return [run_file(path, deck_limits, decisions, citations) for path in find_scenario_files(paths)]
