"""How `altered-rules verify` reports its scenarios: plain lines for a terminal (the default),
GitHub workflow commands that put each failure on its YAML line of a pull request, or JSON.

A scenario's outcome is read once into a `Case`: where it is, what it is, whether it passed, and
each problem as a lint `Finding` placed on its own line (a differing value on the line of its
`then:` entry, an error where the engine or the loader found it). The formats print cases, and a
GitHub annotation is made by lint_report.github_command only: one place escapes workflow commands.

A run where nothing ran (the glossary cannot be read) says so; it never counts as "0 passed, 1 failed".
"""

from __future__ import annotations

import enum
import json
from dataclasses import dataclass
from typing import Iterable, TextIO

import engine
from engine.messages import Message, Renderer

from .cli_words import ENGLISH, CliWords
from .lint_report import Finding, LintFormat, escape_data, finding, github_command, located, print_findings
from ..verification.checks import Check, Verification
from ..content.yamlsource import SourceError
from ..verification.scenarios import FileReport


class Outcome(str, enum.Enum):
    PASSED = "passed"
    FAILED = "failed"   # ran, and did not reach its documented outcome
    ERROR = "error"     # could not be read or run


@dataclass(frozen=True)
class Case:
    """One scenario and what came of it."""

    file: str
    line: int | None
    label: str                      # "4.2.4.b illustration 'A tie...'" (glossary) or "'A tie...'" (a file)
    outcome: Outcome
    problems: tuple[Finding, ...]   # empty when it passed

    @property
    def where(self) -> str:
        return f"{self.file}:{self.line}" if self.line else self.file

    def as_json(self) -> dict:
        return {"file": self.file, "line": self.line, "label": self.label, "status": self.outcome.value,
                "problems": [item.as_json() for item in self.problems]}


def _placed(text: str, file: str, line: int | None, prefix: str) -> Finding:
    """A `file:line: message` text on its own line, else on the scenario's (`file`, `line`)."""
    item = finding(text)
    if item.file is not None and item.line is not None:
        return located(item.file, item.line, f"{prefix}{item.message}")
    return located(file, line, f"{prefix}{text}")


def _differences(result: engine.ScenarioResult, file: str, line: int | None, label: str) -> tuple[Finding, ...]:
    """Each differing value on the line of its `then:` entry (the scenario's line if it has none)."""
    head = f"{label} does not reach its documented outcome: "
    return tuple(
        located(d.location.path if d.location and d.location.path else file,
                d.location.line if d.location and d.location.line else line,
                f"{head}{d.path}: expected {d.expected}, actual {d.actual}")
        for d in result.differences)


def _engine_error(error: engine.EngineError, file: str, line: int | None, label: str, why: str | None = None) -> Finding:
    where = error.location
    return located(where.path if where and where.path else file, where.line if where and where.line else line,
                   f"{label} cannot be run: {why if why is not None else error.message}")


def glossary_case(check: Check) -> Case:
    label = f"{check.rule} {check.kind.value} '{check.name}'"
    if check.error is not None:
        return Case(check.file, check.line, label, Outcome.ERROR,
                    (_placed(check.error, check.file, check.line, f"{label} cannot be run: "),))
    assert check.result is not None
    if check.result.error is not None:
        return Case(check.file, check.line, label, Outcome.ERROR,
                    (_engine_error(check.result.error, check.file, check.line, label),))
    if check.result.differences:
        return Case(check.file, check.line, label, Outcome.FAILED,
                    _differences(check.result, check.file, check.line, label))
    return Case(check.file, check.line, label, Outcome.PASSED, ())


def glossary_cases(verification: Verification) -> list[Case]:
    return [glossary_case(check) for check in verification.checks]


def file_error(error: SourceError, say: Renderer | None) -> str:
    """A file's error, `file:line: message`, its message in the reader's language where the engine said it."""
    said = error.said
    if say is None or not isinstance(said, Message):
        return str(error)
    return f"{error.path}:{error.line}: {say.render(said)}" if error.line else f"{error.path}: {say.render(said)}"


def file_cases(reports: Iterable[FileReport], say: Renderer | None = None) -> list[Case]:
    """The cases of `verify FILE...`; `say` renders an engine error's message (scenario_cli's renderer)."""
    cases = []
    for report in reports:
        file = str(report.path)
        if report.error is not None:
            cases.append(Case(file, None, f"'{file}'", Outcome.ERROR,
                              (_placed(file_error(report.error, say), file, None, "the file cannot be read: "),)))
            continue
        for result in report.results:
            where = result.scenario.location
            path = where.path if where and where.path else file
            line = where.line if where and where.line else None
            label = f"'{result.name}'"
            if result.error is not None:
                why = say.render(result.error.said) if say is not None and result.error.said is not None else None
                cases.append(Case(path, line, label, Outcome.ERROR, (_engine_error(result.error, path, line, label, why),)))
            elif result.differences:
                cases.append(Case(path, line, label, Outcome.FAILED, _differences(result, path, line, label)))
            else:
                cases.append(Case(path, line, label, Outcome.PASSED, ()))
    return cases


def summary(cases: list[Case], words: CliWords = ENGLISH) -> list[str]:
    """The closing lines: every failing case by its place and name, then exactly "N passed, M failed"
    (in English; in the language `words` speak with --lang)."""
    failing = [case for case in cases if case.outcome is not Outcome.PASSED]
    passed = len(cases) - len(failing)
    lines = []
    if failing:
        lines.append(words.did_not_pass(len(failing)))
        lines += [f"  {words.case_outcome(case.outcome.value):6} {case.where}: {case.label}" for case in failing]
    return lines + [words.count(passed, len(failing))]


def print_cases(cases: list[Case], form: LintFormat, out: TextIO, err: TextIO) -> None:
    """Every case in `form` (github or json; the plain lines are scenario_cli's and _verify_glossary's)."""
    closing = summary(cases)
    if form is LintFormat.JSON:
        failed = sum(1 for case in cases if case.outcome is not Outcome.PASSED)
        json.dump({"ran": True, "passed": len(cases) - failed, "failed": failed,
                   "scenarios": [case.as_json() for case in cases]}, out, ensure_ascii=False, indent=2)
        out.write("\n")
        for line in closing:
            print(line, file=err)
        return
    for case in cases:
        for item in case.problems:
            print(github_command(item), file=out)
    for line in closing:   # a scenario's name on one line: no line break of it can start a command
        print(escape_data(line), file=out)


def print_nothing_ran(problems: list[Finding], reason: str, form: LintFormat, out: TextIO, err: TextIO) -> None:
    """No scenario ran (`reason` says why): the problems that stopped it, then that sentence, in `form`."""
    if form is LintFormat.JSON:
        json.dump({"ran": False, "reason": reason, "passed": 0, "failed": 0, "scenarios": [],
                   "problems": [item.as_json() for item in problems]}, out, ensure_ascii=False, indent=2)
        out.write("\n")
        print(reason, file=err)
        return
    print_findings(problems, escape_data(reason) if form is LintFormat.GITHUB else reason, form, out, err)
