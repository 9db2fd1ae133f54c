"""pytest collects every scenario of tests/engine_tests/scenarios/*.yaml as its own test item.

A failing item prints its file and line, the scenario's name, each differing path with
expected and actual values, and the engine's trace.
"""

from __future__ import annotations

from functools import cache
from pathlib import Path
from typing import Any, Iterator

import pytest

import engine
from altered_rules.content.glossary import load_glossary
from altered_rules.verification.scenarios import load_scenario_file
from altered_rules.content.yamlsource import SourceError

from project_paths import GLOSSARY

SCENARIOS = Path(__file__).parent / "scenarios"


@cache
def glossary_deck_limits() -> engine.DeckLimitsByFormat:
    """The deck limits of the glossary's game modes, which a deck scenario is checked with."""
    return load_glossary(GLOSSARY).deck_limits


class ScenarioFailure(Exception):
    def __init__(self, result: engine.ScenarioResult) -> None:
        super().__init__(result.name)
        self.result = result


def pytest_collect_file(file_path: Path, parent: pytest.Collector) -> pytest.Collector | None:
    if file_path.suffix in (".yaml", ".yml") and SCENARIOS in file_path.parents:
        return ScenarioFile.from_parent(parent, path=file_path)
    return None


class ScenarioFile(pytest.File):
    def collect(self) -> Iterator[pytest.Item]:
        try:
            scenarios = load_scenario_file(self.path)
        except SourceError as exc:
            yield UnreadableFile.from_parent(self, name="(file)", error=exc)
            return
        for scenario in scenarios:
            yield ScenarioItem.from_parent(self, name=scenario.name, scenario=scenario)


class UnreadableFile(pytest.Item):
    def __init__(self, *, error: SourceError, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.error = error

    def runtest(self) -> None:
        raise self.error

    def repr_failure(self, excinfo: pytest.ExceptionInfo[BaseException], style: Any = None) -> str:
        return f"cannot read scenario file: {self.error}"


class ScenarioItem(pytest.Item):
    def __init__(self, *, scenario: engine.Scenario, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.scenario = scenario

    def runtest(self) -> None:
        result = engine.run_scenario(self.scenario, glossary_deck_limits() if self.scenario.setup.is_deck else None)
        if not result.passed:
            raise ScenarioFailure(result)

    def repr_failure(self, excinfo: pytest.ExceptionInfo[BaseException], style: Any = None) -> str:
        if not isinstance(excinfo.value, ScenarioFailure):
            return str(super().repr_failure(excinfo))
        result = excinfo.value.result
        lines = [f"{self.scenario.location}: scenario {result.name!r}"]
        if result.error is not None:
            lines.append(f"  error: {result.error}")
        for difference in result.differences:
            lines.append(f"  {difference.path}: expected {difference.expected}, actual {difference.actual}")
        lines.append("  trace:")
        lines.extend(f"    {line}" for line in result.trace)
        return "\n".join(lines)

    def reportinfo(self) -> tuple[Path, int | None, str]:
        line = self.scenario.location.line - 1 if self.scenario.location and self.scenario.location.line else None
        return self.path, line, f"scenario: {self.name}"
