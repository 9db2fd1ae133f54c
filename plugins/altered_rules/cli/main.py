"""`altered-rules`: the command line for rules editors and judges.

Subcommands:
  lint [--format plain|github|json]
                    check the glossary (schema, ids, references, symbols, translations)
  verify [FILE...] [--format plain|github|json]
                    run scenario files (default: every scenario of the glossary);
                    one line per scenario, the failing ones named, "N passed, M failed"
  explain FILE      the same run with the engine's step-by-step trace
  stats [--json]    how much of the glossary the engine verifies
  synth --factor N --out DIR
                    a synthetic glossary N times the size of the real one (benchmarks)
  i18n stamp|export|import
                    translators' files: record current translations, PO files out and in
  release VERSION --date D --notes TEXT [--allow-stale]
                    record a release of the glossary (and tag it in git); refused while a
                    translation is stale, unless --allow-stale
  diff A B [--json] what changed between two releases (or `current`), word by word
  renumber [--shift N] [OLD=NEW...]
                    new numbers for paragraphs and every reference to them, all or nothing
  cards import PATH | cards coverage
                    the publisher's card pool read into the pool file; how much of it the engine reads
  deck check FILE [--format F]
                    a pasted decklist (codes or names, with counts) checked with the card pool
  import FILE --source NAME [--check|--write] [--json]
                    the publisher's Complete Rules (PDF or text dump) into the glossary

Bad input is reported as `file:line: what is wrong`, never as a traceback.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import Callable, Sequence

from ..languages import TRANSLATIONS

DEFAULT_GLOSSARY = Path("glossary")


def _cmd_lint(args: argparse.Namespace) -> int:
    from ..content.glossary import GlossaryError, load_glossary
    from ..content.lint import lint_glossary
    from .lint_report import LintFormat, Severity, finding, located, print_findings

    form = LintFormat(args.format)
    try:
        glossary = load_glossary(args.glossary)
    except GlossaryError as exc:
        summary = f"lint: {len(exc.errors)} error(s) in {args.glossary}"
        if form is LintFormat.PLAIN:
            for error in exc.errors:
                print(f"error: {error}", file=sys.stderr)
            print(summary, file=sys.stderr)
        else:
            print_findings((located(error.path, error.line, error.message) for error in exc.errors),
                           summary, form, sys.stdout, sys.stderr)
        return 1
    from ..content.glossary.model import TranslationStatus
    from ..content.translations import renumbering_notes, stale_problems

    pending = getattr(args, "pending_translations", False)
    problems = lint_glossary(glossary, translations=not pending)
    problems += _lint_interface(glossary, args.glossary)
    stale, unrecorded = stale_problems(glossary)
    if pending:
        # An official text just imported waits for its translators (docs/en/editing.md#official-import):
        # its missing and unrecorded translations are listed as warnings, every other check stays.
        from ..content.lint import lint_glossary as _all

        waiting = sorted(set(_all(glossary)) - set(problems)) + unrecorded
    else:
        waiting = []
        problems += unrecorded
    for state in _string_states():
        if state.status is not TranslationStatus.CURRENT:
            (stale if state.status is TranslationStatus.STALE else problems).append(f"{state.where}: {state.advice}")
    # A stale translation is listed, not an error: an English correction must not wait for the
    # translators, and the site says which texts may lag behind (issue 18).
    # The matches of a renumbering since the latest release (issue 30): listed for the editors to confirm.
    findings = ([finding(line) for line in problems] + [finding(line, Severity.WARNING) for line in stale + waiting]
                + [finding(line, Severity.NOTICE) for line in renumbering_notes(glossary)])
    summary = (f"lint: {len(glossary.sections)} sections, {len(glossary.paragraphs)} paragraphs, "
               f"{len(problems)} problem(s)" + (f", {len(stale)} stale translation(s)" if stale else "")
               + (f", {len(waiting)} translation(s) pending" if waiting else ""))
    print_findings(findings, summary, form, sys.stdout, sys.stderr)
    return 1 if problems else 0


def _lint_interface(glossary, folder: Path) -> list[str]:
    """The interface strings and the translations' hand-written pages (docs/fr, docs/it, beside
    the glossary folder when they are there)."""
    from ..content.lint import lint_interface, lint_messages
    from ..content.sourcefiles import display, walk_files
    from ..languages import LANGUAGES
    from ..messages import read_messages
    from ..strings import read_strings
    from ..content.yamlsource import SourceError

    try:
        files = read_strings()
        messages = read_messages()
    except SourceError as exc:
        return [str(exc)]
    docs = Path(folder).parent / "docs"
    # Every language's hand-written pages (their markup: page_markup.py), the translations' for
    # their terms too; a link or a pipe among them is named (sourcefiles.py).
    found = [(path, problem) for language in LANGUAGES for path, problem in walk_files(docs / language, docs)]
    pages = [path for path, problem in found if path.suffix == ".md" and problem is None and path.parent.parent == docs]
    refused = [f"{display(path)}: {problem}" for path, problem in found if problem is not None]
    return refused + lint_interface(glossary, files, pages) + lint_messages(glossary, messages)


def _string_states():
    from ..messages import message_states, read_messages
    from ..strings import read_strings, string_states
    from ..content.yamlsource import SourceError

    try:
        return string_states(read_strings()) + message_states(read_messages())
    except SourceError:
        return []   # _lint_interface reports the file


def _load_or_report(folder: Path):
    from ..content.glossary import GlossaryError, load_glossary

    try:
        return load_glossary(folder)
    except GlossaryError as exc:
        for error in exc.errors:
            print(f"error: {error}", file=sys.stderr)
        print(f"{len(exc.errors)} error(s) in {folder}", file=sys.stderr)
        return None


def _verify_glossary(args: argparse.Namespace) -> int:
    """Every scenario of the glossary: its examples and the further checks of its rules."""
    from ..content.glossary import GlossaryError, load_glossary
    from ..verification.checks import verify_glossary
    from .lint_report import LintFormat, located
    from .cli_words import CliWords
    from .verify_report import glossary_cases, print_cases, print_nothing_ran, summary

    form = LintFormat(args.format)
    try:
        glossary = load_glossary(args.glossary)
    except GlossaryError as exc:
        # Nothing ran: saying "0 passed, 1 failed" would count a scenario that never ran.
        print_nothing_ran([located(error.path, error.line, error.message) for error in exc.errors],
                          f"verify: nothing ran: the glossary folder {args.glossary} has {len(exc.errors)} error(s), "
                          "which stop every scenario; fix them (altered-rules lint lists them) and verify again",
                          form, sys.stdout, sys.stderr)
        return 1
    verification = verify_glossary(glossary)
    if not verification.checks:
        print_nothing_ran([], f"verify: nothing ran: the glossary folder {args.glossary} holds no scenario",
                          form, sys.stdout, sys.stderr)
        return 1
    cases = glossary_cases(verification)
    if form is not LintFormat.PLAIN:
        print_cases(cases, form, sys.stdout, sys.stderr)
    else:
        words = CliWords(args.lang or "en")   # the contract's English unless --lang asks
        for check in verification.checks:
            if check.passed:
                print(f"{words.label('pass')}{check.file}:{check.line}: {check.rule} {check.kind.value}: {check.name}")
            else:
                erred = check.error or (check.result is not None and check.result.error)
                print(words.label("error" if erred else "fail") + check.failure())
        # The failing ones again, by name, just above the last line: among hundreds of PASS lines.
        for line in summary(cases, words):
            print(line)
    return 1 if any(not check.passed for check in verification.checks) else 0


def _scenario_command(name: str) -> Callable[[argparse.Namespace], int]:
    def run(args: argparse.Namespace) -> int:
        from . import scenario_cli

        if name == "verify" and not args.files:
            return _verify_glossary(args)
        return getattr(scenario_cli, f"cmd_{name}")(args)

    return run


def _cmd_stats(args: argparse.Namespace) -> int:
    import json

    from ..verification.checks import coverage, stats, verify_glossary

    glossary = _load_or_report(args.glossary)
    if glossary is None:
        return 1
    verification = verify_glossary(glossary)
    figures = stats(glossary, verification)
    if args.json:
        print(json.dumps(figures, sort_keys=True))
        return 0
    for key, value in figures.items():
        print(f"{key}: {value}")
    for row in coverage(glossary, verification):
        missing = ", ".join(f"{rule} ({reason or 'no reason given'})" for rule, reason in row.uncovered)
        print(f"  {row.section}: {row.covered}/{row.paragraphs}" + (f"; without: {missing}" if missing else ""))
    return 0


def _cmd_synth(args: argparse.Namespace) -> int:
    from ..verification.synth import SynthError, synthesize

    try:
        print(synthesize(args.glossary, args.out, args.factor, force=args.force))
    except SynthError as exc:
        print(f"synth: {exc}", file=sys.stderr)
        return 1
    if args.cards:
        from ..content.pool import import_pool, write_pool
        from ..content.pool.synth import synth_card_data
        # The mirrors' shape (one list per set and language), imported as an editor imports the real data.
        import shutil
        shutil.rmtree(args.out / "card-data", ignore_errors=True)   # synth's own folder: a smaller run leaves no old set behind
        files = synth_card_data(args.out / "card-data", args.cards)
        write_pool(import_pool(args.out / "card-data"), args.out / "card-pool.json")
        print(f"synth: {args.cards:,} cards x 5 languages in {len(files)} files in {args.out / 'card-data'}, imported to "
              f"{args.out / 'card-pool.json'} (build with ALTERED_RULES_CARDS=card-pool.json)")
    return 0


def _export_target_problem(out: Path, glossary: Path) -> str | None:
    """Why `i18n export --out` may not write `out` (None: it may): a folder that does not exist,
    a file of the glossary (overwritten, it would be lost), or a file that is no PO file."""
    if out.suffix != ".po":
        return f"--out {out}: a PO file's name ends in .po"
    if not out.parent.is_dir():
        return f"--out {out}: the folder {out.parent} does not exist; create it first"
    if out.is_dir():
        return f"--out {out} is a folder; name the PO file to write"
    if out.resolve().is_relative_to(Path(glossary).resolve()):
        return f"--out {out} is inside the glossary folder {glossary}; write the PO file elsewhere"
    return None


def _cmd_i18n(args: argparse.Namespace) -> int:
    """Translators' files: stamp, export and import (issue 18)."""
    from .po import PoError, export_po, import_po
    from ..content.translations import stamp_glossary
    from ..content.yamlsource import SourceError

    glossary = _load_or_report(args.glossary)
    if glossary is None:
        return 1
    try:
        if args.action == "stamp":
            from ..strings import STRINGS_DIR, stamp_strings

            counts = stamp_glossary(args.glossary)
            for path, count in counts.items():
                print(f"{path}: {count} text(s) stamped")
            from ..messages import MESSAGES_DIR, stamp_messages

            strings = stamp_strings(STRINGS_DIR)
            if strings:
                print(f"{STRINGS_DIR}: {strings} interface string(s) stamped")
            messages = stamp_messages()
            if messages:
                print(f"{MESSAGES_DIR}: {messages} engine message(s) stamped")
            strings += messages
            print(f"i18n stamp: {sum(counts.values()) + strings} translation(s) recorded as made from the English as it is now")
            return 0
        if args.action == "export":
            out = args.out or Path(f"altered-rules-{args.lang}.po")
            problem = _export_target_problem(out, args.glossary)
            if problem:
                print(f"i18n export: {problem}; nothing was written", file=sys.stderr)
                return 1
            out.write_bytes(export_po(args.glossary, args.lang, glossary.releases[-1].version if glossary.releases else None))
            print(f"i18n export: wrote {out}")
            return 0
        result = import_po(args.glossary, args.file, args.lang)
    except PoError as exc:
        for problem in exc.problems:
            print(f"error: {problem}", file=sys.stderr)
        print(f"i18n {args.action}: {len(exc.problems)} error(s); the glossary is unchanged", file=sys.stderr)
        return 1
    except SourceError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 1
    for line in result.behind:
        print(f"note: {line}", file=sys.stderr)
    for path, count in result.changed.items():
        print(f"{path}: {count} text(s) updated")
    print(f"i18n import: {sum(result.changed.values())} text(s) updated, {result.unchanged} unchanged, "
          f"{result.fuzzy} fuzzy and {result.empty} empty left as they are")
    return 0


def build_parser() -> argparse.ArgumentParser:
    from ..content.glossary.model import LANGUAGES

    parser = argparse.ArgumentParser(
        prog="altered-rules",
        description="Lint the Altered rules glossary, verify and explain scenario files.",
    )
    sub = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")

    lint = sub.add_parser("lint", help="check the glossary for schema, id, reference and symbol errors")
    lint.add_argument("--glossary", type=Path, default=DEFAULT_GLOSSARY, help="glossary folder (default: glossary)")
    from .lint_report import LintFormat
    lint.add_argument("--format", choices=[form.value for form in LintFormat], default=LintFormat.PLAIN.value,
                      help="plain lines (default), GitHub Actions annotations (::error file=...,line=N::...), or a JSON list")
    lint.add_argument("--pending-translations", action="store_true",
                      help="list the glossary's missing and unrecorded translations as warnings, not problems "
                           "(an imported official text waiting for its translators); every other check stays")
    lint.set_defaults(func=_cmd_lint)

    verify = sub.add_parser("verify", help="run scenario files (default: the glossary's) and compare with their expected outcomes")
    verify.add_argument("files", nargs="*", type=Path, metavar="FILE")
    verify.add_argument("--glossary", type=Path, default=DEFAULT_GLOSSARY,
                        help="glossary folder: its scenarios when no FILE is given, and the deck limits (default: glossary)")
    verify.add_argument("--format", choices=[form.value for form in LintFormat], default=LintFormat.PLAIN.value,
                        help="plain lines (default), GitHub Actions annotations on each failure's YAML line "
                             "(::error file=...,line=N::...), or one JSON object")
    verify.add_argument("--lang", choices=LANGUAGES, default=None,
                        help="the language of the lines and the count, and of the engine's sentences (default: the lines "
                             "and the count in English, as the scenario format says; the sentences in the locale's language)")
    verify.set_defaults(func=_scenario_command("verify"))

    explain = sub.add_parser("explain", help="run scenario files and print the engine's trace with rule citations")
    explain.add_argument("files", nargs="+", type=Path, metavar="FILE")
    explain.add_argument("--glossary", type=Path, default=DEFAULT_GLOSSARY,
                         help="glossary folder whose game modes give the deck limits (default: glossary)")
    explain.add_argument("--lang", choices=LANGUAGES, default=None,
                         help="the language of the trace and refusals (default: the locale's, LC_ALL/LC_MESSAGES/LANG; else en)")
    explain.set_defaults(func=_scenario_command("explain"))
    stats_parser = sub.add_parser("stats", help="coverage: rules, examples and scenarios the engine verifies")
    stats_parser.add_argument("--json", action="store_true", help="print one JSON object")
    stats_parser.add_argument("--glossary", type=Path, default=DEFAULT_GLOSSARY, help="glossary folder (default: glossary)")
    stats_parser.set_defaults(func=_cmd_stats)
    synth = sub.add_parser("synth", help="write a synthetic glossary N times the size of the real one, with its site configuration")
    synth.add_argument("--factor", type=int, default=10, help="how many copies of the glossary (default: 10)")
    synth.add_argument("--out", type=Path, required=True, help="folder to write (DIR/glossary, DIR/mkdocs*.yml, DIR/docs)")
    synth.add_argument("--force", action="store_true", help="replace what synth wrote in DIR before")
    synth.add_argument("--cards", type=int, default=0, choices=range(0, 100_001), metavar="N",
                       help="also a synthetic card pool of N cards x 5 languages (DIR/card-data, DIR/card-pool.json)")
    synth.add_argument("--glossary", type=Path, default=DEFAULT_GLOSSARY, help="glossary folder to copy (default: glossary)")
    synth.set_defaults(func=_cmd_synth)
    i18n = sub.add_parser("i18n", help="translators' files: stamp current translations, export and import PO files")
    actions = i18n.add_subparsers(dest="action", required=True, metavar="ACTION")
    stamp = actions.add_parser("stamp", help="record every translation that records nothing as made from the English as it is now")
    export = actions.add_parser("export", help="write a PO file of the glossary's texts in one language (stale ones fuzzy)")
    export.add_argument("--lang", required=True, choices=TRANSLATIONS)
    export.add_argument("--out", type=Path, help="the PO file to write (default: altered-rules-LANG.po)")
    load = actions.add_parser("import", help="read a PO file back into the glossary, all or nothing")
    load.add_argument("file", type=Path, metavar="FILE")
    load.add_argument("--lang", required=True, choices=TRANSLATIONS)
    for action in (stamp, export, load):
        action.add_argument("--glossary", type=Path, default=DEFAULT_GLOSSARY, help="glossary folder (default: glossary)")
    i18n.set_defaults(func=_cmd_i18n)
    from .release_cli import add_parsers as add_release_parsers
    add_release_parsers(sub, DEFAULT_GLOSSARY)
    from .renumber_cli import add_parsers as add_renumber_parsers
    add_renumber_parsers(sub, DEFAULT_GLOSSARY)
    from .cards_cli import add_parsers as add_cards_parsers
    add_cards_parsers(sub, DEFAULT_GLOSSARY)
    from .import_cli import add_parsers as add_import_parsers
    add_import_parsers(sub, DEFAULT_GLOSSARY)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    # Whatever a command prints (it quotes content) is neutralised for the terminal and for CI
    # logs, in every --format (log_text.py); a malformed shipped file is an error with its file
    # and line, never a traceback, even before the command is known (F-2).
    from ..content.yamlsource import SourceError
    from ..log_text import neutral_output

    with neutral_output():
        try:
            args = build_parser().parse_args(argv)
            return args.func(args)
        except SourceError as exc:
            _report_source_error(exc, sys.argv[1:] if argv is None else list(argv))
            return 1
        except KeyboardInterrupt:
            return 130
        except BrokenPipeError:
            return 0


def _report_source_error(exc: Exception, argv: list[str]) -> None:
    """A file no command could start without (the interface strings, the engine's messages), in
    the format asked for, if the arguments say one: as the lint reports its findings."""
    from ..content.yamlsource import SourceError
    from .lint_report import LintFormat, located, print_findings

    assert isinstance(exc, SourceError)
    form = LintFormat.PLAIN
    for index, argument in enumerate(argv):
        value = argument.split("=", 1)[1] if argument.startswith("--format=") else (
            argv[index + 1] if argument == "--format" and index + 1 < len(argv) else None)
        if value in {f.value for f in LintFormat}:
            form = LintFormat(value)
    found = located(exc.path, exc.line, exc.message)
    print_findings([found], "altered-rules: 1 problem(s); fix it, then run the command again", form, sys.stdout, sys.stderr)


if __name__ == "__main__":
    sys.exit(main())
