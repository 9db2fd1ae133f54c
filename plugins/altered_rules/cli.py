"""`altered-rules`: the command line for rules editors and judges.

Subcommands:
  lint              check the glossary (schema, ids, references, symbols)
  verify FILE...    run scenario files; one line per scenario, "N passed, M failed"
  explain FILE      the same run with the engine's step-by-step trace

Bad input is reported as `file:line: what is wrong`, never as a traceback.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import Callable, Sequence

DEFAULT_GLOSSARY = Path("glossary")


def _cmd_lint(args: argparse.Namespace) -> int:
    from .glossary import GlossaryError, load_glossary
    from .lint import lint_glossary

    try:
        glossary = load_glossary(args.glossary)
    except GlossaryError as exc:
        for error in exc.errors:
            print(f"error: {error}", file=sys.stderr)
        print(f"lint: {len(exc.errors)} error(s) in {args.glossary}", file=sys.stderr)
        return 1
    problems = lint_glossary(glossary)
    for problem in problems:
        print(problem, file=sys.stderr)
    print(
        f"lint: {len(glossary.sections)} sections, {len(glossary.paragraphs)} paragraphs, "
        f"{len(problems)} problem(s)"
    )
    return 1 if problems else 0


def _scenario_command(name: str) -> Callable[[argparse.Namespace], int]:
    def run(args: argparse.Namespace) -> int:
        from . import scenario_cli

        return getattr(scenario_cli, f"cmd_{name}")(args)

    return run


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="altered-rules",
        description="Lint the Altered rules glossary, verify and explain scenario files.",
    )
    sub = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")

    lint = sub.add_parser("lint", help="check the glossary for schema, id, reference and symbol errors")
    lint.add_argument("--glossary", type=Path, default=DEFAULT_GLOSSARY, help="glossary folder (default: glossary)")
    lint.set_defaults(func=_cmd_lint)

    verify = sub.add_parser("verify", help="run scenario files and compare with their expected outcomes")
    verify.add_argument("files", nargs="+", type=Path, metavar="FILE")
    verify.set_defaults(func=_scenario_command("verify"))

    explain = sub.add_parser("explain", help="run scenario files and print the engine's trace with rule citations")
    explain.add_argument("files", nargs="+", type=Path, metavar="FILE")
    explain.set_defaults(func=_scenario_command("explain"))
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    args = build_parser().parse_args(argv)
    try:
        return args.func(args)
    except KeyboardInterrupt:
        return 130
    except BrokenPipeError:
        return 0


if __name__ == "__main__":
    sys.exit(main())
