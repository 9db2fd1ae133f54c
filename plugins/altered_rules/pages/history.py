"""What changed between releases: a parsed comparison of the glossary's entries, not a line diff.

Each release's texts are a snapshot (glossary/releases.py). Two snapshots are compared entry by
entry (a rule paragraph, a section title, a term, a mode section, a deck rule, a ruling): an
entry is added, removed, renumbered (its number changed, its English text did not), changed (its
English text changed), translated (only another language changed) or corrected (the editors
recorded a correction of the source, `corrections: was/now/why`, and nothing else changed).

The first release is compared with its sources: the glossary does not hold the sources' full
text (and none is invented), so what it changed from them is exactly the editors' recorded
corrections, shown as that release's changes.
"""

from __future__ import annotations

import difflib
import functools
import re
from dataclasses import dataclass, field
from enum import Enum
from pathlib import Path
from typing import Iterable

from ..content.glossary.model import LANGUAGES, Glossary, rule_sort_key
from ..content.glossary.releases import Entry, Release, Snapshot, read_snapshot, snapshot_of


class ChangeKind(str, Enum):
    ADDED = "added"
    CHANGED = "changed"
    TRANSLATED = "translated"     # only a language other than English changed (or was added)
    RENUMBERED = "renumbered"
    REMOVED = "removed"
    CORRECTED = "corrected"       # a correction of the source recorded, the text otherwise the same


class EntryKind(str, Enum):
    SECTION = "section"
    PARAGRAPH = "paragraph"
    TERM = "term"
    MODE = "mode"
    MODE_SECTION = "mode-section"
    DECK_RULE = "deck-rule"
    RULING = "ruling"


WORKING = "current"
"""The name `altered-rules diff` gives the glossary as it is on disk (not a release)."""

FIXED_GROUPS = ("terms", "modes", "rulings")


@dataclass(frozen=True)
class FieldChange:
    """One text of an entry in two releases ({} where it did not exist)."""

    field: str
    old: dict[str, str]
    new: dict[str, str]

    @property
    def languages(self) -> tuple[str, ...]:
        return tuple(lang for lang in LANGUAGES if self.old.get(lang) != self.new.get(lang))


@dataclass(frozen=True)
class Change:
    key: str
    kind: ChangeKind
    group: str
    entry_kind: str
    old: Entry | None
    new: Entry | None
    fields: tuple[FieldChange, ...] = ()
    corrections: tuple[tuple[str, str, str], ...] = ()   # corrections recorded in this release
    renumbered_from: str | None = None                   # the old number of a renumbered entry

    @property
    def entry(self) -> Entry:
        return self.new or self.old  # type: ignore[return-value]


@dataclass(frozen=True)
class ReleaseDiff:
    """What `release` changed since `previous` (None: the first release, against its sources)."""

    release: Release
    previous: Release | None
    changes: tuple[Change, ...]


def _field_changes(old: Entry | None, new: Entry | None) -> tuple[FieldChange, ...]:
    old_fields = dict(old.fields) if old else {}
    new_fields = dict(new.fields) if new else {}
    names = list(new_fields) + [n for n in old_fields if n not in new_fields]
    return tuple(FieldChange(n, old_fields.get(n, {}), new_fields.get(n, {}))
                 for n in names if old_fields.get(n, {}) != new_fields.get(n, {}))


def _english(entry: Entry) -> tuple[tuple[str, str | None], ...]:
    return tuple((name, texts.get("en")) for name, texts in entry.fields)


def group_order(*snapshots: Snapshot) -> list[str]:
    chapters = sorted({n for s in snapshots for n in s.chapters}, key=lambda n: int(n) if n.isdigit() else 99)
    return [f"chapter-{n}" for n in chapters] + list(FIXED_GROUPS)


def _sort(changes: Iterable[Change], groups: list[str], order: dict[str, int]) -> tuple[Change, ...]:
    def key(change: Change) -> tuple:
        within = rule_sort_key(change.key) if change.group.startswith("chapter-") else [order.get(change.key, 0)]
        return (groups.index(change.group) if change.group in groups else len(groups), within)

    return tuple(sorted(changes, key=key))


def compare(old: Snapshot | None, new: Snapshot) -> tuple[Change, ...]:
    """The changes from `old` to `new`; with no `old`, the corrections `new` made to its sources."""
    groups = group_order(new, *([old] if old else []))
    order = {k: i for i, k in enumerate(new.entries)}
    if old is None:
        return _sort((Change(e.key, ChangeKind.CORRECTED, e.group, e.kind, None, e, (), e.corrections)
                      for e in new.entries.values() if e.corrections), groups, order)
    for i, k in enumerate(old.entries):
        order.setdefault(k, i)
    changes: list[Change] = []
    added = [e for k, e in new.entries.items() if k not in old.entries]
    removed = {k: e for k, e in old.entries.items() if k not in new.entries}
    # An added entry whose English texts are those of a removed one of the same kind was renumbered.
    by_text = {(e.kind, _english(e)): e for e in removed.values()}
    for entry in added:
        was = by_text.pop((entry.kind, _english(entry)), None)
        if was is not None and was.key in removed:
            del removed[was.key]
            changes.append(Change(entry.key, ChangeKind.RENUMBERED, entry.group, entry.kind, was, entry,
                                  _field_changes(was, entry), _new_corrections(was, entry), was.key))
        else:
            changes.append(Change(entry.key, ChangeKind.ADDED, entry.group, entry.kind, None, entry,
                                  _field_changes(None, entry), entry.corrections))
    for entry in removed.values():
        changes.append(Change(entry.key, ChangeKind.REMOVED, entry.group, entry.kind, entry, None, _field_changes(entry, None)))
    for key, entry in new.entries.items():
        before = old.entries.get(key)
        if before is None:
            continue
        fields = _field_changes(before, entry)
        corrections = _new_corrections(before, entry)
        if not fields and not corrections:
            continue
        if any("en" in f.languages for f in fields):
            kind = ChangeKind.CHANGED
        elif fields:
            kind = ChangeKind.TRANSLATED
        else:
            kind = ChangeKind.CORRECTED
        changes.append(Change(key, kind, entry.group, entry.kind, before, entry, fields, corrections))
    return _sort(changes, groups, order)


def _new_corrections(old: Entry, new: Entry) -> tuple[tuple[str, str, str], ...]:
    return tuple(c for c in new.corrections if c not in old.corrections)


# ---- word-level differences --------------------------------------------------------------------
_TOKEN = re.compile(r"\s+|\w+|[^\w\s]")

Segment = tuple[str, str]
"""A piece of a word-level difference: ("=", same), ("-", deleted) or ("+", inserted)."""


@functools.lru_cache(maxsize=8192)
def word_diff(old: str, new: str) -> tuple[Segment, ...]:
    """`old` to `new` word by word (words, spaces and punctuation are the units)."""
    a, b = _TOKEN.findall(old), _TOKEN.findall(new)
    segments: list[list[str]] = []

    def push(op: str, text: str) -> None:
        if not text:
            return
        if segments and segments[-1][0] == op:
            segments[-1][1] += text
        else:
            segments.append([op, text])

    for tag, i1, i2, j1, j2 in difflib.SequenceMatcher(None, a, b, autojunk=False).get_opcodes():
        if tag == "equal":
            push("=", "".join(a[i1:i2]))
        else:
            push("-", "".join(a[i1:i2]))
            push("+", "".join(b[j1:j2]))
    return tuple((op, text) for op, text in segments)


# ---- a glossary's history ----------------------------------------------------------------------
@dataclass
class History:
    """Every release of a glossary, what each changed, and each entry's changes."""

    releases: list[Release]
    snapshots: dict[str, Snapshot]
    diffs: list[ReleaseDiff]
    current: Snapshot                       # the glossary on disk
    unreleased: bool                        # it differs from its latest release
    by_key: dict[str, list[tuple[Release, Change]]] = field(default_factory=dict)

    @property
    def latest(self) -> Release | None:
        return self.releases[-1] if self.releases else None

    def release(self, version: str) -> Release | None:
        return next((r for r in self.releases if r.version == version), None)

    def changed_since_first(self, key: str) -> tuple[Release, Change] | None:
        """The latest change of `key` in a release after the first (None: as first released)."""
        first = self.releases[0] if self.releases else None
        later = [(r, c) for r, c in self.by_key.get(key, []) if r is not first]
        return later[-1] if later else None

    def newer(self, version: str, key: str) -> tuple[Release, Change] | None:
        """The first change of `key` released after `version` (None: its text is still the latest)."""
        index = next(i for i, r in enumerate(self.releases) if r.version == version)
        return next(((r, c) for r, c in self.by_key.get(key, []) if self.releases.index(r) > index), None)

    def last_release_with(self, key: str) -> Release | None:
        return next((r for r in reversed(self.releases) if key in self.snapshots[r.version].entries), None)


def build_history(releases: list[Release], snapshots: dict[str, Snapshot], current: Snapshot) -> History:
    diffs: list[ReleaseDiff] = []
    previous: Release | None = None
    for release in releases:
        old = snapshots[previous.version] if previous else None
        diffs.append(ReleaseDiff(release, previous, compare(old, snapshots[release.version])))
        previous = release
    unreleased = bool(releases) and not _same(snapshots[releases[-1].version], current)
    history = History(releases, snapshots, diffs, current, unreleased)
    for diff in diffs:
        for change in diff.changes:
            history.by_key.setdefault(change.key, []).append((diff.release, change))
            if change.renumbered_from:
                history.by_key.setdefault(change.renumbered_from, []).append((diff.release, change))
    return history


def _same(a: Snapshot, b: Snapshot) -> bool:
    return a.chapters == b.chapters and a.entries == b.entries


def load_snapshots(glossary: Glossary) -> dict[str, Snapshot]:
    """Every release's snapshot; SourceError naming the file if one is not readable."""
    return {r.version: read_snapshot(glossary.root, r) for r in glossary.releases}


_CACHE: dict[tuple, History] = {}


def glossary_history(glossary: Glossary) -> History:
    """The history of a loaded glossary (cached per glossary folder and snapshot files)."""
    root = Path(glossary.root)
    stamp = tuple((r.version, r.snapshot_path(root).stat().st_mtime_ns) for r in glossary.releases)
    key = (str(root.resolve()), stamp, id(glossary))
    if key not in _CACHE:
        _CACHE.clear()
        _CACHE[key] = build_history(glossary.releases, load_snapshots(glossary), snapshot_of(glossary, WORKING))
    return _CACHE[key]


__all__ = ["ChangeKind", "EntryKind", "Change", "FieldChange", "ReleaseDiff", "History", "compare", "word_diff",
           "build_history", "glossary_history", "WORKING"]
