"""`altered-rules verify FILE...` and `altered-rules explain FILE...`.

One line per scenario (PASS, FAIL or ERROR, with file, line and name); a failure lists
each differing path with expected and actual values; `explain` adds the engine's trace,
one line per step with its rule citations. The last line is exactly "N passed, M failed";
the exit status is 1 if anything failed or could not be read.
"""

from __future__ import annotations

import argparse
import sys
from typing import TextIO

import engine

from ..verification.scenarios import FileReport, run_files

__all__ = ["cmd_verify", "cmd_explain", "print_report"]


def _where(result: engine.ScenarioResult, fallback: str) -> str:
    location = result.scenario.location
    return str(location) if location else fallback


def print_report(report: FileReport, *, explain: bool, out: TextIO) -> None:
    if report.error is not None:
        print(f"ERROR {report.error}", file=out)
        return
    for result in report.results:
        where = _where(result, str(report.path))
        if result.error is not None:
            place = str(result.error.location) if result.error.location else where
            print(f"ERROR {place}: {result.name}: {result.error.message}", file=out)
        elif result.differences:
            print(f"FAIL  {where}: {result.name}", file=out)
            for difference in result.differences:
                place = f"{difference.location.path}:{difference.location.line}: " if difference.location else ""
                print(f"      {place}{difference.path}: expected {difference.expected}, actual {difference.actual}", file=out)
        else:
            print(f"PASS  {where}: {result.name}", file=out)
        if explain:
            for step in result.trace:
                print(f"        {step}", file=out)


def _run(args: argparse.Namespace, *, explain: bool) -> int:
    out = sys.stdout
    reports = run_files(args.files)
    missing = [p for p in args.files if not p.exists()]
    passed = sum(r.passed for r in reports)
    failed = sum(r.failed for r in reports)
    for report in reports:
        print_report(report, explain=explain, out=out)
    if not reports and not missing:
        print("ERROR no scenario files found", file=out)
        failed += 1
    print(f"{passed} passed, {failed} failed", file=out)
    return 1 if failed else 0


def cmd_verify(args: argparse.Namespace) -> int:
    return _run(args, explain=False)


def cmd_explain(args: argparse.Namespace) -> int:
    return _run(args, explain=True)
