"""`altered-rules release` and `altered-rules diff`: recording a release, and what changed.

`release VERSION --date D --notes TEXT` appends the release to glossary/releases.yaml, writes its
snapshot (glossary/releases/VERSION.json.gz, the texts as they are now) and, in a git checkout,
commits those two files and tags the commit `release-VERSION`. It refuses, changing nothing, when
the glossary has errors, the version or the date is wrong, a translation is stale (translated from
an older English text; `--allow-stale` records the release anyway, naming each), or (in git) the
glossary has uncommitted edits, which the tag would not hold.
"""

from __future__ import annotations

import argparse
import datetime as _dt
import json
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

from ..content.sourcefiles import read_text, write_text
from ..content.translations import restamp_renumbered, stale_problems
from ..content.yamlsource import FORBIDDEN_CHARACTER
from ..languages import BY_CODE, LANGUAGES, SOURCE, TRANSLATIONS
from ..content.glossary.releases import DATE, RELEASES_FILE, VERSION, Release, snapshot_of, snapshot_path, write_snapshot

TAG_PREFIX = "release-"

_HEADER = (
    "# Releases of the glossary, oldest first. Each has a snapshot of its texts in\n"
    "# releases/<version>.json.gz. Record one with `altered-rules release` (docs/en/editing.md, Releases).\n"
)


class ReleaseError(Exception):
    """A release could not be recorded; the message says why and what to do."""


def _git(folder: Path, *args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(["git", *args], cwd=folder, capture_output=True, text=True)


def _in_git(folder: Path) -> bool:
    try:
        return _git(folder, "rev-parse", "--is-inside-work-tree").stdout.strip() == "true"
    except OSError:
        return False


def _scalar(value: str) -> str:
    # A JSON string is a YAML double-quoted scalar: any text is written safely.
    return json.dumps(value, ensure_ascii=False)


def _texts(texts: dict[str, str]) -> str:
    return "{" + ", ".join(f"{lang}: {_scalar(text)}" for lang, text in texts.items() if text) + "}"


def release_yaml(version: str, date: str, based_on: dict[str, Any], notes: dict[str, str]) -> str:
    return (
        f"- version: {_scalar(version)}\n"
        f"  date: {_scalar(date)}\n"
        f"  based_on:\n"
        f"    sources: [{', '.join(based_on['sources'])}]\n"
        f"    version: {_texts(based_on['version'])}\n"
        f"    date: {_scalar(based_on['date'])}\n"
        f"  notes: {_texts(notes)}\n"
    )


def record_release(glossary_dir: Path, version: str, date: str, notes: dict[str, str],
                   based_on: dict[str, Any] | None = None, git: bool = True, today: str | None = None,
                   allow_stale: bool = False) -> list[str]:
    """Record release `version`; returns what was done, line by line. Raises ReleaseError.

    A stale translation (made from an older English text) refuses the release, each named with its
    file and line: a release's French or Italian would say less, or other, than its English.
    `allow_stale` records it anyway (an English correction need not wait for the translators; the
    site marks those texts), and the lines returned name each one.

    Given `today` (the command line gives the UTC date), a release is dated that day or before,
    never later: a release dated in the future would make every release recorded before that date
    "earlier than the latest", blocking them. One already recorded with a future date (written by
    hand) is named, with its line, so that its date is corrected. (Without `today`, as the test
    fixtures that record releases ahead of the clock call it, dates are only checked for order.)"""
    from ..content.glossary import GlossaryError, load_glossary

    glossary_dir = Path(glossary_dir)
    if not VERSION.match(version):
        raise ReleaseError(f"version '{version}' must be numbers joined by dots, with an optional suffix, e.g. 2026.1")
    try:
        if not DATE.match(date):
            raise ValueError
        _dt.date.fromisoformat(date)
    except ValueError:
        raise ReleaseError(f"--date '{date}' is not a date written YYYY-MM-DD") from None
    if not notes.get("en"):
        raise ReleaseError("--notes (English) is required: say what the release changes")
    try:
        glossary = load_glossary(glossary_dir)
    except GlossaryError as exc:
        raise ReleaseError(f"the glossary has errors; fix them first:\n{exc}") from None
    releases: list[Release] = glossary.releases
    if any(r.version == version for r in releases):
        raise ReleaseError(f"release {version} is already recorded in {glossary_dir / RELEASES_FILE}")
    if today is not None and date > today:
        raise ReleaseError(f"--date {date} is in the future (today is {today}, UTC); a release is dated the day it is "
                           "recorded: record it on that day, or leave --date out")
    future = next((r for r in releases if r.date > today), None) if today is not None else None
    if future is not None:
        raise ReleaseError(f"release {future.version} ({future.file}:{future.line}) is dated {future.date}, after today "
                           f"({today}, UTC); a release is dated the day it is recorded: correct that date, then record this one")
    if releases and date < releases[-1].date:
        raise ReleaseError(f"--date {date} is before the latest release ({releases[-1].version} of {releases[-1].date})")
    stale = stale_problems(glossary)[0]
    if stale and not allow_stale:
        raise ReleaseError(f"{len(stale)} translation(s) are stale, made from an older English text; update them "
                           "(altered-rules i18n export/import, or the YAML), or record the release with them as they "
                           "are with --allow-stale (the site marks them):\n" + "\n".join(f"  {line}" for line in stale))
    if based_on is None:
        if not releases:
            raise ReleaseError("the first release needs what it is based on: --based-on-sources, "
                               "--based-on-version and --based-on-date")
        base = releases[-1].based_on
        based_on = {"sources": list(base.sources), "version": dict(base.version.by_language), "date": base.date}
    use_git = git and _in_git(glossary_dir)
    if use_git:
        dirty = _git(glossary_dir, "status", "--porcelain", "--", ".").stdout.strip()
        if dirty:
            raise ReleaseError("the glossary has uncommitted changes, which the release's git tag would not hold; "
                               f"commit them first (or pass --no-git):\n{dirty}")
        if _git(glossary_dir, "rev-parse", "-q", "--verify", f"refs/tags/{TAG_PREFIX}{version}").returncode == 0:
            raise ReleaseError(f"the git tag {TAG_PREFIX}{version} exists already")

    releases_file = glossary_dir / RELEASES_FILE
    before = read_text(releases_file, glossary_dir) if os.path.lexists(releases_file) else None
    # Translations that lag only by the numbers this release's renumbering changed: their `from:`
    # follows, or they would be stale once this release is the latest.
    restamped = restamp_renumbered(glossary)
    snapshot_file = snapshot_path(glossary_dir, version)
    text = (before if before is not None else _HEADER)
    if text and not text.endswith("\n"):
        text += "\n"
    write_text(releases_file, glossary_dir, text + release_yaml(version, date, based_on, notes))
    write_snapshot(glossary_dir, snapshot_of(glossary, version))
    try:
        load_glossary(glossary_dir)
    except GlossaryError as exc:
        # Put everything back as it was: a release is recorded whole or not at all.
        if before is None:
            releases_file.unlink()
        else:
            write_text(releases_file, glossary_dir, before)
        snapshot_file.unlink(missing_ok=True)
        for path, text in restamped.items():
            write_text(path, glossary_dir, text)
        raise ReleaseError(f"the release was not recorded:\n{exc}") from None
    done = [f"release {version} ({date}) recorded in {releases_file}",
            f"snapshot {snapshot_file} ({snapshot_file.stat().st_size:,} bytes)"]
    if stale:
        done.append(f"recorded with {len(stale)} stale translation(s) (--allow-stale):")
        done += [f"  stale: {line}" for line in stale]
    if restamped:
        done.append(f"`from:` follows the renumbering in {len(restamped)} file(s): " + ", ".join(
            str(p.relative_to(glossary_dir)) for p in sorted(restamped)))
    if use_git:
        paths = [str(releases_file.resolve()), str(snapshot_file.resolve()), *(str(p.resolve()) for p in sorted(restamped))]
        steps = [("add", "--", *paths), ("commit", "-q", "-m", f"Release {version} of the glossary ({date})", "--", *paths),
                 ("tag", "-a", f"{TAG_PREFIX}{version}", "-m", f"Altered Rules release {version} ({date})")]
        for step in steps:
            result = _git(glossary_dir, *step)
            if result.returncode != 0:
                raise ReleaseError(f"git {step[0]} failed: {result.stderr.strip()}; the release files are written, "
                                   "commit and tag them by hand")
        done.append(f"committed and tagged {TAG_PREFIX}{version}")
    return done


def cmd_release(args: argparse.Namespace) -> int:
    based_on = None
    if args.based_on_sources or args.based_on_version or args.based_on_date:
        if not (args.based_on_sources and args.based_on_version and args.based_on_date):
            print("release: give --based-on-sources, --based-on-version and --based-on-date together", file=sys.stderr)
            return 2
    today = _dt.datetime.now(_dt.timezone.utc).date().isoformat()
    date = args.date or today
    try:
        notes = {SOURCE.code: args.notes, **_per_language(args, "notes")}
        if args.based_on_sources:
            based_on = {"sources": [s.strip() for s in args.based_on_sources.split(",") if s.strip()],
                        "version": {SOURCE.code: args.based_on_version, **_per_language(args, "based_on_version")},
                        "date": args.based_on_date}
        for line in record_release(args.glossary, args.version, date, {k: v for k, v in notes.items() if v},
                                   based_on, git=not args.no_git, today=today, allow_stale=args.allow_stale):
            print(f"release: {line}")
    except ReleaseError as exc:
        print(f"release: {exc}", file=sys.stderr)
        return 1
    return 0


def _terminal_diff(segments: Any) -> str:
    """git's word-diff markers: [-deleted-]{+inserted+}."""
    return _printable("".join(text if op == "=" else (f"[-{text}-]" if op == "-" else f"{{+{text}+}}") for op, text in segments))


def _printable(text: str) -> str:
    """Text for a reviewer's terminal: a control character or bidi override (which the loader
    refuses anyway) is shown as its escape (\\x1b, \\u202e), never sent raw: ESC sequences move the
    cursor, erase lines or set the window's title."""
    return FORBIDDEN_CHARACTER.sub(lambda m: m.group().encode("unicode_escape").decode("ascii"), text)


def diff_data(changes: Any, old: str, new: str) -> dict[str, Any]:
    """The changes from release `old` to `new` as JSON-ready data, every language."""
    from ..pages.history import changes_data

    return {"from": old, "to": new, "count": len(changes), "changes": changes_data(changes)}


def cmd_diff(args: argparse.Namespace) -> int:
    from ..content.glossary import GlossaryError, load_glossary
    from ..pages.history import WORKING, compare, glossary_history, word_diff
    from ..content.yamlsource import SourceError

    try:
        glossary = load_glossary(args.glossary)
        history = glossary_history(glossary)
    except GlossaryError as exc:
        print(f"diff: the glossary has errors:\n{exc}", file=sys.stderr)
        return 1
    except SourceError as exc:
        print(f"diff: {exc}", file=sys.stderr)
        return 1
    known = [r.version for r in history.releases] + [WORKING]
    snapshots = {**history.snapshots, WORKING: history.current}
    for version in (args.old, args.new):
        if version not in snapshots:
            print(f"diff: unknown release '{version}'; known: {', '.join(known)}", file=sys.stderr)
            return 2
    changes = compare(snapshots[args.old], snapshots[args.new])
    if args.json:
        print(json.dumps(diff_data(changes, args.old, args.new), ensure_ascii=False, indent=1))
        return 0
    language = args.language
    print(f"{len(changes)} change(s) from {args.old} to {args.new}")
    group = None
    for change in changes:
        if change.group != group:
            group = change.group
            print(f"\n== {_printable(group)}")
        if change.renumbered_from:   # "4.2.4.c → 4.2.4.d renumbered", "4.2.4.d → 4.2.4.e renumbered, changed"
            kind = "renumbered" if change.kind.value == "renumbered" else f"renumbered, {change.kind.value}"
            print(_printable(f"{change.renumbered_from} → {change.key} {kind}"))
        else:
            print(_printable(f"{change.key} {change.kind.value}"))
        for field in change.fields:
            for lang in ((language,) if language in field.languages else field.languages):
                line = _terminal_diff(word_diff(field.old.get(lang, ""), field.new.get(lang, "")))
                print(f"  {field.field} [{lang}]: {line}")
        for was, now, why in change.corrections:
            print(_printable(f"  correction ({why}): [-{was}-]{{+{now}+}}"))
    return 0


def _add_per_language(parser: argparse.ArgumentParser, option: str, help_text: str) -> None:
    """`--OPTION-in LANGUAGE TEXT` (repeatable) for every translation, and `--OPTION-<code>` for
    each (the documented --notes-fr, --notes-it): both from altered_rules.languages."""
    dest = option.replace("-", "_")
    codes = ", ".join(TRANSLATIONS)
    parser.add_argument(f"--{option}-in", nargs=2, action="append", default=[], metavar=("LANGUAGE", "TEXT"), dest=f"{dest}_in",
                        help=f"{help_text.format(name='LANGUAGE')}; LANGUAGE is one of {codes}; repeat for each")
    for code in TRANSLATIONS:
        parser.add_argument(f"--{option}-{code}", dest=f"{dest}_{code}", help=help_text.format(name=BY_CODE[code].name))


def _per_language(args: argparse.Namespace, dest: str) -> dict[str, str]:
    """The translations given for `dest`, by language (`--notes-fr` and `--notes-in fr` alike)."""
    given = {code: getattr(args, f"{dest}_{code}") for code in TRANSLATIONS if getattr(args, f"{dest}_{code}")}
    for code, text in getattr(args, f"{dest}_in"):
        if code not in TRANSLATIONS:
            raise ReleaseError(f"--{dest.replace('_', '-')}-in {code}: not a translation; languages: {', '.join(TRANSLATIONS)}")
        if code in given and given[code] != text:
            raise ReleaseError(f"--{dest.replace('_', '-')}-in {code} and --{dest.replace('_', '-')}-{code} give two texts; give one")
        given[code] = text
    return given


def add_parsers(sub: Any, default_glossary: Path) -> None:
    release = sub.add_parser("release", help="record a release of the glossary (and tag it in git)")
    release.add_argument("version", help="the release's version, e.g. 2026.2")
    release.add_argument("--date", help="its date, YYYY-MM-DD (default: today, UTC)")
    release.add_argument("--notes", required=True, help="what it changes, in English")
    _add_per_language(release, "notes", "the notes in {name}")
    release.add_argument("--based-on-sources", help="source ids, comma-separated (default: as the latest release)")
    release.add_argument("--based-on-version", help="the sources' version, in English (default: as the latest release)")
    _add_per_language(release, "based-on-version", "the sources' version in {name}")
    release.add_argument("--based-on-date", help="the sources' date, YYYY-MM-DD (default: as the latest release)")
    release.add_argument("--allow-stale", action="store_true",
                         help="record the release though translations are stale (each is named); without it, they refuse it")
    release.add_argument("--no-git", action="store_true", help="do not commit and tag, even in a git checkout")
    release.add_argument("--glossary", type=Path, default=default_glossary, help="glossary folder (default: glossary)")
    release.set_defaults(func=cmd_release)
    diff = sub.add_parser("diff", help="what changed between two releases (or `current`, the glossary on disk), word by word")
    diff.add_argument("old", help="a release's version")
    diff.add_argument("new", help="a later release's version, or current")
    diff.add_argument("--json", action="store_true", help="print JSON: every change, every language, word-level pieces")
    diff.add_argument("--language", choices=LANGUAGES, default=SOURCE.code, help=f"language of the text output (default: {SOURCE.code})")
    diff.add_argument("--glossary", type=Path, default=default_glossary, help="glossary folder (default: glossary)")
    diff.set_defaults(func=cmd_diff)
