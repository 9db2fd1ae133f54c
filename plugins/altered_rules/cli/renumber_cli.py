"""`altered-rules renumber`: give paragraphs new numbers, and every reference to them, in one step.

    altered-rules renumber --shift 4.2.4.c          # 4.2.4.c..h become d..i: room for a new 4.2.4.c
    altered-rules renumber 4.2.4.f=4.2.4.g 4.2.4.g=4.2.4.f

Every occurrence of the old numbers in the glossary's YAML files is rewritten at once (ids,
`rules:` lists, references and `{rule-text ...}` quotations in English, French and Italian alike;
a shift c->d, d->e is never applied twice), and the `from:` of each translation renumbered alike
with its English follows, so that no translation turns stale for a number. Then the glossary is
loaded and linted again: if it has an error or a problem it did not have before, every file is put
back as it was and the command says why. Releases (releases.yaml, releases/) are never touched:
the next `altered-rules release` finds the renumbering by itself (content/glossary/identity.py).

Refused, with file:line, before anything is written: a number that is no paragraph of the
glossary, a new number that is malformed, outside the paragraph's section, past the letter z, or
that another paragraph keeps, two paragraphs given the same new number. Rule numbers cited outside
the glossary (the engine's code, the docs) are listed for the editor to check by hand.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import Any

from ..content.glossary.identity import REFERENCE, rename_references
from ..content.glossary.releases import editable_yaml_files
from ..content.glossary.schema import PARAGRAPH_ID
from ..content.sourcefiles import read_text, walk_files, write_text
from ..content.writing import replace_all
from ..content.yamlsource import SourceError

LETTERS = "abcdefghijklmnopqrstuvwxyz"


class RenumberError(Exception):
    """Renumbering refused; the message says why, with file:line."""


def _where(paragraph: Any) -> str:
    return f"{paragraph.file}:{paragraph.line}"


def shift_map(glossary: Any, start: str) -> dict[str, str]:
    """`start` and every later paragraph of its section, one letter on."""
    paragraph = glossary.paragraphs.get(start)
    if paragraph is None:
        raise RenumberError(f"--shift {start}: no paragraph of the glossary is numbered {start}")
    section = glossary.sections[paragraph.section]
    ids = [p.id for p in section.paragraphs]
    renames = {}
    for pid in ids[ids.index(start):]:
        letter = pid.rsplit(".", 1)[1]
        if letter == LETTERS[-1]:
            raise RenumberError(f"{_where(glossary.paragraphs[pid])}: {pid} cannot shift past the letter z; "
                                "split the section instead")
        renames[pid] = f"{paragraph.section}.{LETTERS[LETTERS.index(letter) + 1]}"
    return renames


def check_map(glossary: Any, renames: dict[str, str]) -> None:
    """RenumberError naming file:line for each rename that cannot be made."""
    problems = []
    taken: dict[str, str] = {}
    for old, new in renames.items():
        paragraph = glossary.paragraphs.get(old)
        if paragraph is None:
            problems.append(f"{old}={new}: no paragraph of the glossary is numbered {old} "
                            "(renumber moves paragraphs within their section; sections are renamed by hand)")
            continue
        if not PARAGRAPH_ID.match(new):
            problems.append(f"{_where(paragraph)}: {old}={new}: '{new}' is not a paragraph number (e.g. 4.2.4.d)")
            continue
        if new.rsplit(".", 1)[0] != paragraph.section:
            problems.append(f"{_where(paragraph)}: {old}={new}: {new} is outside section {paragraph.section}; "
                            "a paragraph moves to another section by hand (cut it into that section's file, then lint)")
        if new in glossary.paragraphs and new not in renames:
            problems.append(f"{_where(glossary.paragraphs[new])}: {old}={new}: {new} is already a paragraph, "
                            f"which this renumbering keeps; renumber it too (e.g. --shift {new})")
        if new in taken:
            problems.append(f"{_where(paragraph)}: {old}={new}: {taken[new]} is given {new} too")
        taken[new] = old
    if problems:
        raise RenumberError("nothing was changed:\n" + "\n".join(problems))


def _yaml_files(root: Path) -> list[Path]:
    return editable_yaml_files(root)


def _outside(root: Path, renames: dict[str, str]) -> list[str]:
    """`file:line: number` where the engine's code cites an old number (not rewritten: a trace's
    citation is the editor's to check; the hand-written pages are rewritten, _pages)."""
    found = []
    project = root.resolve().parent
    for folder, pattern in (("engine", "*.py"),):
        for path in (p for p, problem in walk_files(project / folder) if problem is None and p.match(pattern)):
            for number, line in enumerate(read_text(path, project / folder).splitlines(), 1):
                cited = sorted({m.group(1) for m in REFERENCE.finditer(line) if m.group(1) in renames})
                if cited:
                    found.append(f"{path.relative_to(project)}:{number}: cites {', '.join(cited)}")
    return found


def _pages(root: Path, renames: dict[str, str]) -> tuple[dict[Path, tuple[Path, str | None]], list[str]]:
    """The hand-written pages (docs/<language>/*.md, the project's own as the glossary is) with the
    numbers of their prose renamed, written by the caller with the glossary (writing.replace_all);
    `file: N number(s) rewritten` for each page changed."""
    from ..content.page_prose import page_files, rename_page_references

    project = root.resolve().parent
    edits: dict[Path, tuple[Path, str | None]] = {}
    done = []
    for path in page_files(project / "docs"):
        text = read_text(path, project / "docs")
        renamed, count = rename_page_references(text, renames)
        if renamed != text:
            edits[path] = (project / "docs", renamed)
            done.append(f"{path.relative_to(project)}: {count} number(s) rewritten")
    return edits, done


def renumber(glossary_dir: Path, renames: dict[str, str] | None = None, shift: str | None = None) -> list[str]:
    """Renumbers, all or nothing; returns what was done, line by line. Raises RenumberError."""
    from ..content.glossary import GlossaryError, load_glossary
    from ..content.lint import lint_glossary
    from ..content.translations import restamp_renumbered

    root = Path(glossary_dir)
    try:
        glossary = load_glossary(root)
    except GlossaryError as exc:
        raise RenumberError(f"the glossary has errors; fix them first:\n{exc}") from None
    renames = dict(renames or {})
    if shift:
        renames.update(shift_map(glossary, shift))
    renames = {old: new for old, new in renames.items() if old != new}
    if not renames:
        raise RenumberError("nothing to renumber: give --shift NUMBER or OLD=NEW pairs")
    check_map(glossary, renames)
    before_problems = set(_unnumbered(lint_glossary(glossary)))
    originals: dict[Path, str] = {}
    counts: dict[Path, int] = {}
    try:
        files = _yaml_files(root)
    except SourceError as exc:
        raise RenumberError(f"nothing was changed: {exc}") from None
    restamped: dict[Path, str] = {}   # filled by restamp_renumbered before each of its writes

    def put_back() -> None:
        for path, text in restamped.items():
            originals.setdefault(path, text)   # a file renumbered, then restamped: its text before both
        for path, text in originals.items():
            write_text(path, root, text)

    try:   # every file written so far is put back if any write, the load or the lint fails
        for path in files:
            text = read_text(path, root)
            count = sum(1 for m in REFERENCE.finditer(text) if m.group(1) in renames)
            if count:
                originals[path] = text
                counts[path] = count
                write_text(path, root, rename_references(text, renames))
        renumbered = load_glossary(root)
        restamp_renumbered(renumbered, renames, before=restamped)
        renumbered = load_glossary(root)
        new_problems = [p for p in lint_glossary(renumbered) if _unnumbered([p])[0] not in before_problems]
    except GlossaryError as exc:
        put_back()
        raise RenumberError(f"the renumbered glossary would have errors; nothing was changed:\n{exc}") from None
    except BaseException as exc:
        put_back()
        if isinstance(exc, (OSError, SourceError)):
            raise RenumberError(f"writing failed ({exc}); every file was put back, nothing was changed") from None
        raise
    if new_problems:
        put_back()
        raise RenumberError("the renumbered glossary would have new lint problems; nothing was changed:\n" + "\n".join(new_problems))
    done = [f"{old} -> {new}" for old, new in renames.items()]
    done += [f"{path.relative_to(root)}: {count} number(s) rewritten" for path, count in counts.items()]
    if restamped:
        done.append(f"`from:` follows the new numbers in {len(restamped)} file(s)")
    try:   # the pages with the glossary: a page that cannot be written puts the glossary back too
        pages, rewritten = _pages(root, renames)
        replace_all(pages)
    except BaseException as exc:
        put_back()
        if isinstance(exc, (OSError, SourceError)):
            raise RenumberError(f"writing the pages failed ({exc}); every file was put back, nothing was changed") from None
        raise
    done += rewritten
    done += [f"check by hand, not rewritten: {line}" for line in _outside(root, renames)]
    return done


def _unnumbered(problems: list[str]) -> list[str]:
    """Lint lines without their line numbers (a renumbering moves lines, not problems)."""
    import re

    return [re.sub(r":\d+:", ":", p) for p in problems]


def _pair(text: str) -> tuple[str, str]:
    old, sep, new = text.partition("=")
    if not sep or not old or not new:
        raise argparse.ArgumentTypeError(f"'{text}' is not OLD=NEW (e.g. 4.2.4.c=4.2.4.d)")
    return old.strip(), new.strip()


def cmd_renumber(args: argparse.Namespace) -> int:
    given: dict[str, str] = {}
    for old, new in args.pairs:   # dict() would keep the last of two pairs without a word (F-18)
        if old in given and given[old] != new:
            print(f"renumber: {old} is given two new numbers ({given[old]} and {new}); give it one; nothing was changed",
                  file=sys.stderr)
            return 1
        given[old] = new
    try:
        for line in renumber(args.glossary, given, args.shift):
            print(f"renumber: {line}")
    except RenumberError as exc:
        print(f"renumber: {exc}", file=sys.stderr)
        return 1
    return 0


def add_parsers(sub: Any, default_glossary: Path) -> None:
    parser = sub.add_parser("renumber", help="give paragraphs new numbers and rewrite every reference to them, all or nothing")
    parser.add_argument("pairs", nargs="*", type=_pair, metavar="OLD=NEW", help="paragraphs to renumber, e.g. 4.2.4.c=4.2.4.d")
    parser.add_argument("--shift", metavar="NUMBER", help="this paragraph and every later one of its section, one letter on")
    parser.add_argument("--glossary", type=Path, default=default_glossary, help="glossary folder (default: glossary)")
    parser.set_defaults(func=cmd_renumber)
