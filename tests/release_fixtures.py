"""FIXTURE releases, for the tests and the benchmark only: never a real version of the rules.

`make_fixture_releases(root, rounds)` edits a *copy* of the glossary and records a release after
each round with `altered-rules release` (record_release, without git), so that every path of a
release is the real one. Each round's edits are marked "FIXTURE" in the text they write:

- changed: a word is added to the English text (and the French and Italian) of a paragraph;
- translated: only the Italian text of a term changes;
- added: a paragraph is added at the end of a section;
- removed: a paragraph is removed (round 0: a paragraph of the real glossary that nothing cites;
  later rounds: the paragraph the round before added);
- renumbered (round 0 only): a paragraph nothing cites gets a new letter, its text unchanged.

The real glossary may hold content editors landed after its latest release (pending changes):
round 0's release records them too. `pending_changes` computes them on the unedited copy and
`edits_only` takes them out of a diff again, so that a test asserts exactly what its edits did
whatever editors changed since the last release; the rounds never edit an entry a pending
change touches.
"""

from __future__ import annotations

import datetime as dt
import re
from dataclasses import dataclass, field
from pathlib import Path

from altered_rules.content.glossary import load_glossary
from altered_rules.content.glossary.model import rule_sort_key
from altered_rules.content.translations import stale_problems
from altered_rules.cli.release_cli import record_release
from altered_rules.pages.history import Change, ChangeKind, compare, glossary_history

FIXTURE = "FIXTURE"
LETTERS = "abcdefghijklmnopqrstuvwxyz"


@dataclass
class Round:
    """What one fixture round did, for the tests to check against."""

    version: str
    changed: str = ""
    translated: str = ""
    added: str = ""
    removed: str = ""
    renumbered: tuple[str, str] = ("", "")
    notes: dict[str, str] = field(default_factory=dict)
    pending: tuple[Change, ...] = ()   # the changes since the real latest release this release records too
    unchanged: str = ""                # a paragraph neither the round nor a pending change touched


def pending_changes(root: Path) -> tuple[Change, ...]:
    """The changes of the glossary copy at `root` since its latest release: call it before editing."""
    history = glossary_history(load_glossary(root))
    return compare(history.snapshots[history.releases[-1].version], history.current)


def stale_translations(root: Path) -> list[str]:
    """The lint's stale translation lines for the glossary copy at `root`: an English text edited
    since its translations may be pending (the lint lists it, it is no error); call it before editing."""
    return stale_problems(load_glossary(root))[0]


def new_stale(stale: list[str], before: list[str]) -> list[str]:
    """The lines of `stale` that were not stale `before` the edit (compared without their file:line)."""
    seen = {line.split(": ", 1)[1] for line in before}
    return [line for line in stale if line.split(": ", 1)[1] not in seen]


_ABSORBED_BY_RENUMBERING = (ChangeKind.TRANSLATED, ChangeKind.CORRECTED)


def edits_only(changes: tuple[Change, ...], pending: tuple[Change, ...]) -> tuple[Change, ...]:
    """`changes` less the `pending` ones, which must all still be there, each the same change
    (same key, kind and former number): an edit that disturbed one fails here instead of hiding."""
    found = {c.key: c for c in changes}
    # A pending change to a text (a translation fixed since the release) of a paragraph that the
    # edits renumber is reported as the renumbering, which says more: that is the edit's change.
    absorbed = {p.key for p in pending if p.key in found and found[p.key].kind is ChangeKind.RENUMBERED
                and p.kind in _ABSORBED_BY_RENUMBERING and p.renumbered_from is None}
    disturbed = [f"{p.key} ({p.kind.value}): now {found[p.key].kind.value if p.key in found else 'missing'}"
                 for p in pending if p.key not in absorbed and
                 (p.key not in found or (found[p.key].kind, found[p.key].renumbered_from) != (p.kind, p.renumbered_from))]
    assert not disturbed, f"the edits changed pending changes: {disturbed}"
    keys = {p.key for p in pending} - absorbed
    return tuple(c for c in changes if c.key not in keys)


def _id_pattern(rule: str) -> re.Pattern[str]:
    return re.compile(rf"(?<![\w.]){re.escape(rule)}(?![\w]|\.[0-9a-z])")


def _texts(root: Path) -> dict[Path, str]:
    return {p: p.read_text(encoding="utf-8") for p in sorted(root.rglob("*.yaml"))}


def _isolated(root: Path, paragraphs: list[str], texts: dict[Path, str]) -> list[tuple[Path, str]]:
    """Paragraphs whose number appears in their own file only (nothing else cites them)."""
    found = []
    for pid in paragraphs:
        pattern = _id_pattern(pid)
        files = [p for p, t in texts.items() if pattern.search(t)]
        own = root / "rules" / pid.split(".")[0] / f"{pid.rsplit('.', 1)[0]}.yaml"
        if files == [own] and len(pattern.findall(texts[own])) == 1:
            found.append((own, pid))
    return found


def _block(lines: list[str], pid: str) -> tuple[int, int, str]:
    """The lines [start, end) of paragraph `pid` in a section file, and its item indentation."""
    start = next(i for i, line in enumerate(lines) if re.fullmatch(rf"(\s*)- id: {re.escape(pid)}", line))
    indent = lines[start][: len(lines[start]) - len(lines[start].lstrip())]
    end = start + 1
    while end < len(lines):
        line = lines[end]
        stripped = line.lstrip()
        if stripped and (len(line) - len(stripped) < len(indent) or (line.startswith(indent + "- ") and len(line) - len(stripped) == len(indent))):
            break
        end += 1
    return start, end, indent


def _remove(path: Path, pid: str) -> None:
    lines = path.read_text(encoding="utf-8").split("\n")
    start, end, _ = _block(lines, pid)
    path.write_text("\n".join(lines[:start] + lines[end:]), encoding="utf-8")


def _add(path: Path, section: str, letter: str, version: str) -> str:
    pid = f"{section}.{letter}"
    text = path.read_text(encoding="utf-8").rstrip("\n")
    last_item = [line for line in text.split("\n") if re.fullmatch(r"\s*- id: [0-9.]+[a-z]", line)][-1]
    indent = last_item[: len(last_item) - len(last_item.lstrip())]
    body = (f"{indent}- id: {pid}\n{indent}  text:\n"
            f"{indent}    en: {FIXTURE} paragraph added in release {version}; not rules text.\n"
            f"{indent}    fr: Paragraphe {FIXTURE} ajouté dans la version {version} ; pas un texte de règles.\n"
            f"{indent}    it: Paragrafo {FIXTURE} aggiunto nella versione {version}; non è testo delle regole.\n"
            f"{indent}  sources: [editorial]\n")
    path.write_text(text + "\n" + body, encoding="utf-8")
    return pid


def _edit_text(path: Path, pid: str, version: str, languages: tuple[str, ...]) -> None:
    """Puts a marked word at the start of the paragraph's texts in `languages`."""
    lines = path.read_text(encoding="utf-8").split("\n")
    start, end, indent = _block(lines, pid)
    in_text = False
    for i in range(start, end):
        line = lines[i]
        if line == f"{indent}  text:":
            in_text = True
            continue
        if in_text and re.match(rf"{indent}    ({'|'.join(languages)}): ", line):
            key, value = line.split(": ", 1)
            if value.startswith((">", "|")):
                lines[i + 1] = re.sub(r"^(\s*)", rf"\g<1>{FIXTURE}-{version} ", lines[i + 1], count=1)
            elif value.startswith(('"', "'")):
                lines[i] = f"{key}: {value[0]}{FIXTURE}-{version} {value[1:]}"
            else:
                lines[i] = f"{key}: {FIXTURE}-{version} {value}"
        elif in_text and not line.startswith(indent + "    "):
            in_text = False
    path.write_text("\n".join(lines), encoding="utf-8")


def make_fixture_releases(root: Path, rounds: int = 1, first_date: str = "2026-12-01") -> list[Round]:
    """`rounds` fixture releases (2026.2, 2026.3, ...) recorded in the glossary copy at `root`."""
    pending = pending_changes(root)
    touched = {c.key for c in pending} | {c.renumbered_from for c in pending if c.renumbered_from}
    glossary = load_glossary(root)
    texts = _texts(root)
    paragraphs = sorted(glossary.paragraphs, key=rule_sort_key)
    isolated = [(path, pid) for path, pid in _isolated(root, paragraphs, texts) if pid not in touched]
    assert len(isolated) >= 3, "fixture: not enough paragraphs that nothing cites"
    # Sections whose paragraphs are the file's last list, at column 0 or 2: a paragraph can be appended.
    sections = [s for s in sorted(glossary.sections.values(), key=lambda s: rule_sort_key(s.id))
                if s.paragraphs and len(s.paragraphs) < 20
                and Path(s.file).read_text(encoding="utf-8").rstrip().split("\n")[-1].startswith((" ", "-"))]
    terms = [t for t in sorted(glossary.terms, key=lambda t: t.id) if f"term-{t.id}" not in touched]
    done: list[Round] = []
    added_before = ""
    base = dt.date.fromisoformat(first_date)
    for number in range(rounds):
        version = f"2026.{number + 2}"
        fixture = Round(version, pending=pending if number == 0 else ())
        # changed: a paragraph with a plain English text line (past the glossary's uncited ones, an
        # earlier round's again: make bench's ten releases need nine, the glossary has a few)
        path, pid = isolated[2 + number % (len(isolated) - 2)]
        _edit_text(path, pid, version, ("en", "fr", "it"))
        fixture.changed = pid
        # translated: the Italian of a term only
        term = terms[number % len(terms)]
        term_path = root / "terms" / f"{term.id}.yaml"
        term_text = term_path.read_text(encoding="utf-8")
        term_path.write_text(re.sub(r"(?m)^(\s*it: )(>-\n\s*)?", lambda m: f"{m.group(1)}{m.group(2) or ''}{FIXTURE}-{version} ",  # noqa: B023 (sub calls it at once)
                                    term_text, count=1) if "text:" in term_text else term_text, encoding="utf-8")
        fixture.translated = f"term-{term.id}"
        # removed
        if number == 0:
            path0, removed = isolated[0]
            _remove(path0, removed)
        else:
            removed = added_before
            _remove(root / "rules" / removed.split(".")[0] / f"{removed.rsplit('.', 1)[0]}.yaml", removed)
        fixture.removed = removed
        # renumbered (once)
        if number == 0:
            path1, old = isolated[1]
            section = old.rsplit(".", 1)[0]
            taken = {p for p in paragraphs if p.startswith(section + ".")}
            new = next(f"{section}.{letter}" for letter in reversed(LETTERS) if f"{section}.{letter}" not in taken)
            path1.write_text(_id_pattern(old).sub(new, path1.read_text(encoding="utf-8")), encoding="utf-8")
            fixture.renumbered = (old, new)
        # added
        section = sections[number % len(sections)]
        current = load_glossary(root)
        taken = {p for p in current.paragraphs if p.startswith(section.id + ".")}
        letter = next(letter for letter in LETTERS[10:] if f"{section.id}.{letter}" not in taken)
        added_before = _add(Path(section.file) if Path(section.file).is_absolute() else Path.cwd() / section.file,
                            section.id, letter, version)
        fixture.added = added_before
        edited = touched | {fixture.changed, fixture.removed, *fixture.renumbered, fixture.added}
        fixture.unchanged = next(p for p in reversed(paragraphs) if p not in edited)   # the tests edit the front
        fixture.notes = {"en": f"{FIXTURE} release {version} for tests; not a real version of the rules.",
                         "fr": f"Version {FIXTURE} {version} pour les tests ; pas une vraie version des règles.",
                         "it": f"Versione {FIXTURE} {version} per i test; non è una vera versione delle regole."}
        # The rounds edit an English text and leave its translations stale, on purpose (the site's marks).
        record_release(root, version, (base + dt.timedelta(days=7 * number)).isoformat(), fixture.notes, git=False,
                       allow_stale=True)
        done.append(fixture)
    return done
