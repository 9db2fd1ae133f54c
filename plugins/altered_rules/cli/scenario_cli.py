"""`altered-rules verify FILE...` and `altered-rules explain FILE...`.

One line per scenario (PASS, FAIL or ERROR, with file, line and name); a failure lists
each differing path with expected and actual values; `explain` adds the engine's trace,
one line per step with its rule citations. The last line is exactly "N passed, M failed";
the exit status is 1 if anything failed or could not be read. A deck is checked with the numbers
of the glossary's game modes (`--glossary`, default glossary/), loaded only if a file holds a deck.
"""

from __future__ import annotations

import argparse
import os
import sys
from functools import cache
from pathlib import Path
from typing import Any, Callable, TextIO

import engine
from engine.messages import Renderer

from ..content.glossary.model import LANGUAGES
from ..messages import renderer
from ..strings import tr
from ..verification.scenarios import FileReport, run_files
from .cli_words import ENGLISH, CliWords
from .lint_report import LintFormat
from .verify_report import file_error

__all__ = ["cmd_verify", "cmd_explain", "glossary_deck_limits", "print_report"]


def _where(result: engine.ScenarioResult, fallback: str) -> str:
    location = result.scenario.location
    return str(location) if location else fallback


def locale_language(environ: dict[str, str] | None = None) -> str:
    """The language of the user's locale (LC_ALL, LC_MESSAGES, then LANG: "fr_FR.UTF-8" -> fr), if
    the site has it; English otherwise."""
    environ = dict(os.environ) if environ is None else environ
    for name in ("LC_ALL", "LC_MESSAGES", "LANG"):
        value = environ.get(name, "")
        if value:
            code = value.split(".")[0].split("_")[0].lower()
            return code if code in LANGUAGES else "en"
    return "en"


def print_report(report: FileReport, *, explain: bool, out: TextIO, say: Renderer | None = None, language: str = "en",
                 words: CliWords = ENGLISH) -> None:
    """`say` renders the engine's messages (its trace, its refusals) in `language`; `words` the
    lines' own words (PASS, FAIL, ERROR, expected and actual: English unless `--lang` asks); the
    scenario's own paths stay as the scenario format writes them."""
    say = say or renderer(language)
    if report.error is not None:
        print(f"{words.label('error')}{file_error(report.error, say)}", file=out)
        return
    for result in report.results:
        where = _where(result, str(report.path))
        if result.error is not None:
            place = str(result.error.location) if result.error.location else where
            why = say.render(result.error.said) if result.error.said is not None else result.error.message
            print(f"{words.label('error')}{place}: {result.name}: {why}", file=out)
        elif result.differences:
            print(f"{words.label('fail')}{where}: {result.name}", file=out)
            for difference in result.differences:
                place = f"{difference.location.path}:{difference.location.line}: " if difference.location else ""
                print(f"{words.indent}{place}{words.difference(difference.path, difference.expected, difference.actual)}", file=out)
        else:
            print(f"{words.label('pass')}{where}: {result.name}", file=out)
        if explain:
            ruling = tr(language, "ruling").lower()
            for step in result.trace:
                text = say.line(step.message) if step.message is not None else step.text
                print(f"        {step.said(text, ruling)}", file=out)


def _glossary_reader(folder: Path) -> Callable[[], Any]:
    """The glossary in `folder`, loaded the first time a scenario needs it (a deck's limits, an open
    question's decisions), or None when it cannot be read: its errors are reported on stderr once."""

    @cache
    def glossary() -> Any:
        from ..content.glossary import GlossaryError, load_glossary

        try:
            return load_glossary(folder)
        except GlossaryError as exc:
            for error in exc.errors:
                print(f"error: {error}", file=sys.stderr)
            print(f"the deck limits come from the glossary folder {folder}, which cannot be read ({len(exc.errors)} "
                  f"error(s)), and so do the rules that decide open questions; name another with --glossary", file=sys.stderr)
            return None

    return glossary


def glossary_deck_limits(folder: Path) -> Callable[[], engine.DeckLimitsByFormat]:
    """The deck limits of the glossary in `folder`, loaded the first time a deck scenario needs
    them (a board scenario needs no glossary). A glossary that cannot be read is reported on
    stderr with its errors; its deck scenarios then end in an error saying they have no limits."""
    glossary = _glossary_reader(folder)
    return lambda: getattr(glossary(), "deck_limits", {})


def _glossary_sources(folder: Path) -> tuple[Callable[[], engine.DeckLimitsByFormat], Callable[[], engine.Decisions],
                                             Callable[[], engine.Citations | None]]:
    """The deck limits, the decisions (engine.decisions) and the rule numbers cited
    (content/glossary/citing.py) of the glossary in `folder`, from one load made when first needed;
    no citations when it cannot be read (the trace then cites the engine's own numbers)."""
    from ..content.glossary.citing import engine_citations

    glossary = _glossary_reader(folder)

    def citations() -> engine.Citations | None:
        loaded = glossary()
        return engine_citations(loaded) if loaded is not None else None

    return (lambda: getattr(glossary(), "deck_limits", {})), (lambda: getattr(glossary(), "decisions", {})), citations


def _run(args: argparse.Namespace, *, explain: bool) -> int:
    out = sys.stdout
    # A trace printed cites the glossary's numbers; `verify` prints none, and reads the glossary only if a scenario needs it.
    limits, decisions, cited = _glossary_sources(args.glossary)   # both commands have --glossary
    citations = cited() if explain else None
    reports = run_files(args.files, limits, decisions, citations)
    missing = [p for p in args.files if not p.exists()]
    passed = sum(r.passed for r in reports)
    failed = sum(r.failed for r in reports)
    asked = getattr(args, "lang", None)
    language = asked or locale_language()
    say = renderer(language, citations=citations)
    # The lines' own words and the count follow --lang only: without it they are the contract's English.
    words = CliWords(asked or "en")
    form = LintFormat(getattr(args, "format", LintFormat.PLAIN.value))   # verify --format; explain is plain
    if form is not LintFormat.PLAIN:
        return _report_in(form, reports, say, args.files)
    for report in reports:
        print_report(report, explain=explain, out=out, say=say, language=language, words=words)
    if not reports and not missing:
        print(f"{words.label('error')}{words.no_files()}", file=out)
        failed += 1
    print(words.count(passed, failed), file=out)
    return 1 if failed else 0


def _report_in(form: LintFormat, reports: list[FileReport], say: Renderer, named: list[Path]) -> int:
    """`verify FILE... --format github|json`: each failure on its own line (verify_report.py). A
    file that cannot be read is a report with its error; no report at all: folders without any."""
    from .verify_report import file_cases, print_cases, print_nothing_ran

    if not reports:
        print_nothing_ran([], "verify: nothing ran: no scenario files found in " + ", ".join(map(str, named)),
                          form, sys.stdout, sys.stderr)
        return 1
    cases = file_cases(reports, say)
    print_cases(cases, form, sys.stdout, sys.stderr)
    return 1 if any(case.outcome.value != "passed" for case in cases) else 0


def cmd_verify(args: argparse.Namespace) -> int:
    return _run(args, explain=False)


def cmd_explain(args: argparse.Namespace) -> int:
    return _run(args, explain=True)
