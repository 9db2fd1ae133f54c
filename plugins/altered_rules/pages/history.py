"""What changed between releases: a parsed comparison of the glossary's entries, not a line diff.

Each release's texts are a snapshot (glossary/releases.py). Two snapshots are compared entry by
entry (a rule paragraph, a section title, a term, a mode section, a deck rule, a ruling), each
followed by its identity across numbers (content/glossary/identity.py): an entry is added,
removed, renumbered (its number changed, its English text only by the rule numbers the
renumbering changed), changed (its English text changed; with `renumbered_from` when its number
did too), references (only rule numbers the renumbering changed were updated in it), translated
(only another language changed) or corrected (the editors recorded a correction of the source,
`corrections: was/now/why`, and nothing else changed).

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
from typing import Any, Iterable

from ..caches import Cache
from ..content.glossary.model import LANGUAGES, Glossary, rule_sort_key
from ..content.glossary.identity import match, renamed_entry
from ..content.glossary.schema import PINNED_REFERENCE, RULE_REFERENCE
from ..content.glossary.releases import FIXED_GROUPS, WORKING, Entry, EntryKind, Release, Snapshot, read_snapshot, snapshot_of


class ChangeKind(str, Enum):
    ADDED = "added"
    CHANGED = "changed"
    TRANSLATED = "translated"     # only a language other than English changed (or was added)
    RENUMBERED = "renumbered"     # its number changed, its English text only by the numbers the renumbering changed
    REFERENCES = "references"     # only rule numbers that the renumbering changed were updated in its texts
    REMOVED = "removed"
    CORRECTED = "corrected"       # a correction of the source recorded, the text otherwise the same


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
    matched: str = ""                                    # how its identity was found (identity.How), "" if added/removed

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


def group_order(*snapshots: Snapshot) -> list[str]:
    chapters = sorted({n for s in snapshots for n in s.chapters}, key=lambda n: int(n) if n.isdigit() else 99)
    return [f"chapter-{n}" for n in chapters] + list(FIXED_GROUPS)


def _sort(changes: Iterable[Change], groups: list[str], order: dict[str, int]) -> tuple[Change, ...]:
    def key(change: Change) -> tuple:
        within = rule_sort_key(change.key) if change.group.startswith("chapter-") else [order.get(change.key, 0)]
        return (groups.index(change.group) if change.group in groups else len(groups), within)

    return tuple(sorted(changes, key=key))


def compare(old: Snapshot | None, new: Snapshot) -> tuple[Change, ...]:
    """The changes from `old` to `new`; with no `old`, the corrections `new` made to its sources.
    Entries are followed by their identity (identity.match), not their number: a rule shifted to
    another number is renumbered (and changed, if its text changed beyond the numbers the
    renumbering made); a number that now holds another rule is that rule's, added."""
    groups = group_order(new, *([old] if old else []))
    order = {k: i for i, k in enumerate(new.entries)}
    if old is None:
        return _sort((Change(e.key, ChangeKind.CORRECTED, e.group, e.kind, None, e, (), e.corrections)
                      for e in new.entries.values() if e.corrections), groups, order)
    for i, k in enumerate(old.entries):
        order.setdefault(k, i)
    matching = match(old, new)
    renames = matching.renames
    changes: list[Change] = []
    for key, entry in new.entries.items():
        pair = matching.pairs.get(key)
        if pair is None:
            changes.append(Change(key, ChangeKind.ADDED, entry.group, entry.kind, None, entry,
                                  _field_changes(None, entry), entry.corrections))
            continue
        before = old.entries[pair.old]
        fields = _field_changes(before, entry)
        corrections = _new_corrections(before, entry)
        # The old texts with the numbers this renumbering changed: what is left differs for real.
        real = _field_changes(renamed_entry(before, renames), entry)
        moved = pair.old if pair.old != key else None
        if moved is None and not fields and not corrections:
            continue
        if any("en" in f.languages for f in real):
            kind = ChangeKind.CHANGED
        elif moved is not None:
            kind = ChangeKind.RENUMBERED
        elif real:
            kind = ChangeKind.TRANSLATED
        elif fields:
            kind = ChangeKind.REFERENCES
        else:
            kind = ChangeKind.CORRECTED
        changes.append(Change(key, kind, entry.group, entry.kind, before, entry, fields, corrections, moved, pair.how))
    gone = matching.matched_old()
    for key, entry in old.entries.items():
        if key not in gone:
            changes.append(Change(key, ChangeKind.REMOVED, entry.group, entry.kind, entry, None, _field_changes(entry, None)))
    return _sort(changes, groups, order)


def _new_corrections(old: Entry, new: Entry) -> tuple[tuple[str, str, str], ...]:
    return tuple(c for c in new.corrections if c not in old.corrections)


# ---- word-level differences --------------------------------------------------------------------
# A symbol ("{etb}") and a ruling's quotation of a rule ("{rule-text 4.3.c}") are one unit: the pages
# draw them as a badge and a linked number, which a difference cut in two could not be (issue 40).
# So is a rule number, pinned to a release ("4.3.b@2026.1") or not: "4.3.b" -> "4.3.b@2026.1" is
# the one number replaced by the other, each linked, never "4.3.b" and a raw "@2026.1" (issue 37).
_TOKEN = re.compile(r"\{rule-text[^{}]*\}|\{[^{}\s]*\}|" + f"{PINNED_REFERENCE.pattern}|{RULE_REFERENCE.pattern}|" + r"\s+|\w+|[^\w\s]")

Segment = tuple[str, str]
"""A piece of a word-level difference: ("=", same), ("-", deleted) or ("+", inserted)."""


@functools.lru_cache(maxsize=8192)
def word_diff(old: str, new: str) -> tuple[Segment, ...]:
    """`old` to `new` word by word (words, spaces and punctuation are the units)."""
    a, b = [m.group(0) for m in _TOKEN.finditer(old)], [m.group(0) for m in _TOKEN.finditer(new)]
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
    _matching: Any = field(default=None, repr=False)   # identity.Matching of the latest release and the disk

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

    def _index(self, version: str) -> int:
        return next(i for i, r in enumerate(self.releases) if r.version == version)

    def newer(self, version: str, key: str) -> tuple[Release, Change] | None:
        """The first change, released after `version`, of the rule numbered `key` in `version`
        (followed by its identity: its renumbering, not the rule that took its number)."""
        for diff in self.diffs[self._index(version) + 1:]:
            change = _continuing(diff, key)
            if change is not None:
                return diff.release, change
        return None

    def follow(self, version: str, key: str) -> str | None:
        """The number, in the latest release, of the rule numbered `key` in `version` (None: removed)."""
        for diff in self.diffs[self._index(version) + 1:]:
            change = _continuing(diff, key)
            if change is not None:
                if change.kind is ChangeKind.REMOVED:
                    return None
                key = change.key
        return key

    def lineage(self, key: str, upto: int | None = None) -> list[tuple[Release, Change]]:
        """Every change of the rule numbered `key` in release `upto` (index; default the latest),
        under each number it had, oldest first: its life across renumberings."""
        found: list[tuple[Release, Change]] = []
        last = len(self.diffs) - 1 if upto is None else upto
        for diff in reversed(self.diffs[:last + 1]):
            change = next((c for c in diff.changes if c.key == key and c.kind is not ChangeKind.REMOVED), None)
            if change is None:
                continue
            found.append((diff.release, change))
            if change.kind is ChangeKind.ADDED:
                break
            key = change.renumbered_from or key
        return found[::-1]

    def former_numbers(self, key: str) -> tuple[tuple[str, str], ...]:
        """The numbers the rule numbered `key` on disk had before, newest first, each with the last
        release that numbered it so: (("4.2.4.c", "2026.1"), ...)."""
        if not self.releases:
            return ()
        found: list[tuple[str, str]] = []
        latest = self.releases[-1].version
        if self.unreleased:
            pair = self._unreleased_matching().pairs.get(key)
            if pair is None:
                return ()
            if pair.old != key:
                found.append((pair.old, latest))
            key = pair.old
        versions = [r.version for r in self.releases]
        for release, change in reversed(self.lineage(key)):
            if change.renumbered_from:
                found.append((change.renumbered_from, versions[versions.index(release.version) - 1]))
        return tuple(found)

    def changed_in(self) -> dict[str, str]:
        """Each entry on disk -> the release it last changed in, of any kind of change (its first
        release when no later one changed it), followed by its identity across renumberings. An
        entry added since the latest release is in none: it has no key here."""
        if not self.releases:
            return {}
        latest = self.snapshots[self.releases[-1].version].entries
        pairs = self._unreleased_matching().pairs if self.unreleased else None
        found: dict[str, str] = {}
        for key in self.current.entries:
            released = key
            if pairs is not None:
                pair = pairs.get(key)
                if pair is None:
                    continue
                released = pair.old
            if released not in latest:
                continue
            lineage = self.by_key.get(released)
            found[key] = lineage[-1][0].version if lineage else self.releases[0].version
        return found

    def _unreleased_matching(self):
        if self._matching is None:
            self._matching = match(self.snapshots[self.releases[-1].version], self.current)
        return self._matching

    def last_release_with(self, key: str) -> Release | None:
        return next((r for r in reversed(self.releases) if key in self.snapshots[r.version].entries), None)


def _continuing(diff: ReleaseDiff, key: str) -> Change | None:
    """The change of `diff` to the rule that was numbered `key` before it (None: unchanged)."""
    moved = next((c for c in diff.changes if c.renumbered_from == key), None)
    if moved is not None:
        return moved
    return next((c for c in diff.changes if c.key == key and c.renumbered_from is None and c.kind is not ChangeKind.ADDED), None)


def changes_data(changes: Iterable[Change]) -> list[dict[str, Any]]:
    """Changes as JSON-ready data, every language, each text's word-level pieces: what `altered-rules
    diff --json` prints and each release's diff file of the export (site_assets/release_export.py)."""
    def fields(change: Change) -> list[dict[str, Any]]:
        return [{"field": f.field, "languages": {lang: {"old": f.old.get(lang), "new": f.new.get(lang),
                                                       "diff": [list(s) for s in word_diff(f.old.get(lang, ""), f.new.get(lang, ""))]}
                                                for lang in f.languages}} for f in change.fields]

    return [{"key": c.key, "kind": c.kind.value, "entry": c.entry_kind, "group": c.group, "renumbered_from": c.renumbered_from,
             "matched": c.matched or None,
             "fields": fields(c), "corrections": [{"was": w, "now": n, "why": y} for w, n, y in c.corrections]}
            for c in changes]


def build_history(releases: list[Release], snapshots: dict[str, Snapshot], current: Snapshot) -> History:
    diffs: list[ReleaseDiff] = []
    previous: Release | None = None
    for release in releases:
        old = snapshots[previous.version] if previous else None
        diffs.append(ReleaseDiff(release, previous, compare(old, snapshots[release.version])))
        previous = release
    unreleased = bool(releases) and not _same(snapshots[releases[-1].version], current)
    history = History(releases, snapshots, diffs, current, unreleased)
    # Each rule's changes under the number it has in the latest release, across its renumberings;
    # a removed one's under the number it had when removed (unless a rule has that number now).
    if releases:
        for key in snapshots[releases[-1].version].entries:
            lineage = history.lineage(key)
            if lineage:
                history.by_key[key] = lineage
        for index, diff in enumerate(diffs):
            for change in diff.changes:
                if change.kind is ChangeKind.REMOVED and change.key not in history.by_key:
                    history.by_key[change.key] = [*history.lineage(change.key, index - 1), (diff.release, change)]
    return history


def _same(a: Snapshot, b: Snapshot) -> bool:
    return a.chapters == b.chapters and a.entries == b.entries


def load_snapshots(glossary: Glossary) -> dict[str, Snapshot]:
    """Every release's snapshot; SourceError naming the file if one is not readable."""
    return {r.version: read_snapshot(glossary.root, r) for r in glossary.releases}


_HISTORIES: Cache[tuple, History] = Cache("release histories", 1)


def glossary_history(glossary: Glossary) -> History:
    """The history of a loaded glossary (kept per glossary folder, snapshot files, and the glossary:
    its digest of every file read, and the object itself, which a test may change in memory)."""
    root = Path(glossary.root)
    stamp = tuple((r.version, r.snapshot_path(root).stat().st_mtime_ns) for r in glossary.releases)
    key = (str(root.resolve()), stamp, glossary.digest, id(glossary))
    return _HISTORIES.made(key, lambda: build_history(glossary.releases, load_snapshots(glossary),
                                                      snapshot_of(glossary, WORKING)))


__all__ = ["ChangeKind", "EntryKind", "Change", "FieldChange", "ReleaseDiff", "History", "compare", "word_diff",
           "build_history", "changes_data", "glossary_history", "WORKING"]
