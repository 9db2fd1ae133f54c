"""Releases of the glossary: what releases.yaml declares, and what each release's text was.

A release has a version, a date, what it is based on (the source documents, their version and
date) and notes in each language. `releases.yaml` lists them oldest first; the first is the
glossary as it stood when releases began (never text invented for earlier versions).

What a release said is kept as a *snapshot*: the parsed glossary's texts only (no scenarios, no
sources lists), one gzip JSON file per release in `releases/<version>.json.gz`, written by
`altered-rules release`. Snapshots are committed, so that a build from a tarball without .git
shows every release; they are written byte for byte the same from the same glossary (sorted,
no timestamp in the gzip header), and they are small (65 kB for release 2026.1: 240 kB of JSON).
"""

from __future__ import annotations

import datetime as _dt
import gzip
import json
import re
from dataclasses import dataclass
from enum import Enum
from pathlib import Path
from typing import Any, Iterator

from ...caches import Cache
from ..sourcefiles import checked_file, walk_files, write_bytes
from ..yamlsource import LineDict, SourceError, character_problem
from .checking import _Reader
from .schema import CHAPTER_NUMBER
from .model import LANGUAGES, Correction, Glossary, Text
from .reading import _entries

RELEASES_FILE = "releases.yaml"
SNAPSHOT_DIR = "releases"
SNAPSHOT_FORMAT = 1
WORKING = "current"
"""The name `altered-rules diff` gives the glossary as it is on disk (not a release)."""

# A version is part of URLs (/v/2026.1/r/4.2.4.c/) and of git tags: digits and dots, with an
# optional lowercase suffix ("2026.2-rc1").
VERSION = re.compile(r"^[0-9]{1,4}(\.[0-9]{1,4}){0,3}(-[a-z0-9]{1,16})?$")
DATE = re.compile(r"^[0-9]{4}-[0-9]{2}-[0-9]{2}$")
# Refused past these, with file:line (a release list is short; each release is one snapshot).
MAX_RELEASES = 200
MAX_SNAPSHOT_BYTES = 8_000_000   # uncompressed JSON of one release
MAX_SNAPSHOT_DEPTH = 6           # the file, entries, an entry, its fields, a field, its texts

# What a snapshot holds (read_snapshot refuses anything else, naming the entry and the key):
SNAPSHOT_KEYS = {"format": True, "version": True, "chapters": True, "entries": True}
ENTRY_KEYS = {"k": True, "t": True, "g": True, "f": True, "c": False, "w": False}   # key, kind, group, fields, corrections, was


class EntryKind(str, Enum):
    """What an entry of a release is."""

    SECTION = "section"
    PARAGRAPH = "paragraph"
    TERM = "term"
    MODE = "mode"
    MODE_SECTION = "mode-section"
    DECK_RULE = "deck-rule"
    RULING = "ruling"


ENTRY_KINDS = tuple(kind.value for kind in EntryKind)
# Where an entry is listed: chapter-<number> for a rule, else one of these.
FIXED_GROUPS = ("terms", "modes", "rulings")
# An entry's key is an anchor and part of URLs (v/<version>/r/<rule>/): an id, never a path.
ENTRY_KEY = re.compile(r"^[a-z0-9]+([.-][a-z0-9]+){0,20}$")
# A field: its kind, its number, whether it is the text lost there ("remark.1.gap").
FIELD_NAME = re.compile(r"^(title|label|text|item|gap|remark|example|see|intro|paragraph|rules|conflict|reading|why)"
                        r"(\.[1-9][0-9]{0,3})?(\.gap)?$")

RELEASE_KEYS = {"version": True, "date": True, "based_on": True, "notes": True}
BASED_ON_KEYS = {"sources": True, "version": True, "date": True}

Fields = tuple[tuple[str, dict[str, str]], ...]
"""An entry's texts, in the order printed: (field, {language: text}); fields are "title",
"text", "item.2", "example.1"..."""


@dataclass(frozen=True)
class BasedOn:
    """The source documents a release is based on, their version and date."""

    sources: tuple[str, ...]
    version: Text
    date: str


@dataclass(frozen=True)
class Release:
    version: str
    date: str              # ISO date, YYYY-MM-DD
    based_on: BasedOn
    notes: Text
    file: str = ""
    line: int = 0

    def snapshot_path(self, root: str | Path) -> Path:
        return snapshot_path(root, self.version)


def editable_yaml_files(root: Path) -> list[Path]:
    """The glossary's YAML files an edit may rewrite: all but the releases (releases.yaml and
    releases/), which keep what each release said (renumber, import)."""
    skip = {root / RELEASES_FILE}
    # Each a regular file inside the glossary, never a link: refused before any is written (sourcefiles.py).
    files = sorted(p for p, _ in walk_files(root, root) if p.suffix == ".yaml" and p not in skip and (root / SNAPSHOT_DIR) not in p.parents)
    for path in files:
        checked_file(path, root)
    return files


def snapshot_path(root: str | Path, version: str) -> Path:
    return Path(root) / SNAPSHOT_DIR / f"{version}.json.gz"


def _iso_date(reader: _Reader, node: LineDict, key: str, what: str) -> str | None:
    value = node.get(key)
    text = str(value) if isinstance(value, (str, int)) and not isinstance(value, bool) else ""
    try:
        if not DATE.match(text):
            raise ValueError
        _dt.date.fromisoformat(text)
    except ValueError:
        reader.error(node, key, f"'{key}' of {what} is {value!r}; write a real date as YYYY-MM-DD, e.g. 2026-11-25")
        return None
    return text


def read_releases(root: Path, reader: _Reader, sources: dict[str, Any]) -> list[Release]:
    """releases.yaml (optional), checked: unknown keys, versions (unique, well formed), dates
    (real, in order, not before what they are based on), the sources they name, their snapshots."""
    if not (root / RELEASES_FILE).is_file():
        return []
    entries = _entries(root, RELEASES_FILE, reader)
    if len(entries) > MAX_RELEASES:
        reader.error(entries, None, f"{RELEASES_FILE} lists {len(entries)} releases; at most {MAX_RELEASES} are allowed")
        return []
    releases: list[Release] = []
    seen: dict[str, str] = {}   # version -> where it is first declared
    for index, item in enumerate(entries):
        entry = reader.mapping(item, RELEASE_KEYS, "a release", entries, index)
        if entry is None:
            continue
        version = reader.string(entry, "version", "a release")
        if version is None:
            continue
        what = f"release {version}"
        if not VERSION.match(version):
            reader.error(entry, "version", f"version '{version}' of a release must be numbers joined by dots, "
                                           "with an optional suffix, e.g. 2026.1 or 2026.2-rc1")
            continue
        if version in seen:
            reader.error(entry, "version", f"two releases have the version {version} (first at {seen[version]}); "
                                           "each version is declared once")
            continue
        seen[version] = f"{entry.path}:{entry.line_of('version')}"
        date = _iso_date(reader, entry, "date", what)
        notes = reader.text(entry, "notes", what)
        base = reader.mapping(entry.get("based_on"), BASED_ON_KEYS, f"'based_on' of {what}", entry, "based_on")
        based_on = None
        if base is not None:
            base_sources = reader.sources(base, "sources", f"'based_on' of {what}", sources)
            base_version = reader.text(base, "version", f"'based_on' of {what}")
            base_date = _iso_date(reader, base, "date", f"'based_on' of {what}")
            if len(base_sources) == len(base.get("sources") or ()) and base_version and base_date:
                based_on = BasedOn(base_sources, base_version, base_date)
                if date and base_date > date:
                    reader.error(base, "date", f"{what} of {date} is based on sources dated {base_date}, after it")
        if releases and date and date < releases[-1].date:
            reader.error(entry, "date", f"{what} is dated {date}, before the release listed above it "
                                        f"({releases[-1].version} of {releases[-1].date}); list releases oldest first")
        if date is None or notes is None or based_on is None:
            continue
        release = Release(version, date, based_on, notes, entry.path, entry.line)
        if not release.snapshot_path(root).is_file():
            reader.error(entry, "version", f"{what} has no snapshot {SNAPSHOT_DIR}/{version}.json.gz; "
                                           "record releases with `altered-rules release`, which writes it")
            continue
        try:   # linted like every file of the glossary: its pages are made from it
            read_snapshot(root, release)
        except SourceError as exc:
            reader.errors.append(exc)
            continue
        releases.append(release)
    return releases


# ---- snapshots ---------------------------------------------------------------------------------
@dataclass(frozen=True)
class Entry:
    """One entry of a release: a rule paragraph, a section, a term, a mode section, a ruling..."""

    key: str              # its anchor on the site: 4.2.4.c, term-gift, standard-2, ruling-sacrifice
    kind: str             # EntryKind value
    group: str            # where it is listed: chapter-4, terms, modes, rulings
    fields: Fields
    corrections: tuple[tuple[str, str, str], ...] = ()   # (was, now, why) as recorded by the editors
    was: str = ""         # the editors' `was:` (identity.py): the old number it continues, or "new"

    def field(self, name: str) -> dict[str, str]:
        return next((texts for n, texts in self.fields if n == name), {})


@dataclass(frozen=True)
class Snapshot:
    version: str
    chapters: dict[str, dict[str, str]]   # chapter number -> title by language
    entries: dict[str, Entry]             # in the glossary's order

    def to_json(self) -> dict[str, Any]:
        return {
            "format": SNAPSHOT_FORMAT, "version": self.version, "chapters": self.chapters,
            "entries": [{"k": e.key, "t": e.kind, "g": e.group, "f": [list(f) for f in e.fields],
                         **({"c": [list(c) for c in e.corrections]} if e.corrections else {}),
                         **({"w": e.was} if e.was else {})}
                        for e in self.entries.values()],
        }


def _texts(text: Text | None) -> dict[str, str]:
    return {} if text is None else {lang: text.by_language[lang] for lang in LANGUAGES if text.by_language.get(lang)}


def _corrections(corrections: tuple[Correction, ...]) -> tuple[tuple[str, str, str], ...]:
    return tuple((c.was, c.now, c.why.value) for c in corrections)


def _fields(*pairs: tuple[str, Text | None]) -> Fields:
    return tuple((name, _texts(text)) for name, text in pairs if text is not None)


def _numbered(prefix: str, texts: Any) -> Iterator[tuple[str, Text | None]]:
    for index, text in enumerate(texts, 1):
        yield f"{prefix}.{index}", text


def snapshot_of(glossary: Glossary, version: str) -> Snapshot:
    """The texts of `glossary` as release `version` keeps them."""
    entries: dict[str, Entry] = {}

    def add(entry: Entry) -> None:
        entries[entry.key] = entry

    for chapter in glossary.chapters:
        group = chapter.slug
        for section in chapter.sections:
            body = section.body
            add(Entry(section.id, "section", group, _fields(("title", section.title), *(
                [("text", body.text), *_numbered("item", body.items),
                 *((f"{note.kind.value}.{note.index}", note.text) for note in body.notes)] if body else []))))
            for p in section.paragraphs:
                fields = [("label", p.label), ("text", p.text), *_numbered("item", p.items), ("gap", p.gap)]
                corrections = list(p.corrections)
                for note in p.notes:
                    fields += [(f"{note.kind.value}.{note.index}", note.text), (f"{note.kind.value}.{note.index}.gap", note.gap)]
                    corrections += note.corrections
                add(Entry(p.id, "paragraph", group, _fields(*fields), _corrections(tuple(corrections)), p.was or ""))
    for term in glossary.terms:
        see = Text({"en": ", ".join(term.see)}) if term.see else None
        add(Entry(f"term-{term.id}", "term", "terms",
                  _fields(("title", term.title), ("text", term.text), ("gap", term.gap), ("see", see)),
                  _corrections(term.corrections)))
    for mode in glossary.modes:
        add(Entry(f"mode-{mode.id}", "mode", "modes", _fields(("title", mode.title), ("intro", mode.deck_intro)),
                  _corrections(mode.corrections)))
        for index, block in enumerate(mode.blocks, 1):
            add(Entry(f"{mode.id}-{index}", "mode-section", "modes", _fields(
                ("title", block.title), *_numbered("paragraph", block.paragraphs), *_numbered("item", block.items),
                ("gap", block.gap), ("example", block.example))))
        for rule in mode.deck_rules:
            add(Entry(rule.id, "deck-rule", "modes", _fields(("text", rule.text))))
    for ruling in glossary.rulings:
        add(Entry(f"ruling-{ruling.id}", "ruling", "rulings", _fields(
            ("title", ruling.title), ("rules", Text({"en": ", ".join(ruling.rules)})),
            ("conflict", ruling.conflict), ("reading", ruling.reading), ("why", ruling.why))))
    chapters = {c.number: _texts(c.title) for c in glossary.chapters}
    return Snapshot(version, chapters, entries)


def snapshot_bytes(snapshot: Snapshot) -> bytes:
    """The snapshot as committed: sorted compact JSON, gzipped without a timestamp (reproducible)."""
    data = json.dumps(snapshot.to_json(), ensure_ascii=False, sort_keys=True, separators=(",", ":")).encode()
    return gzip.compress(data, compresslevel=9, mtime=0)


def write_snapshot(root: str | Path, snapshot: Snapshot) -> Path:
    path = snapshot_path(root, snapshot.version)
    path.parent.mkdir(parents=True, exist_ok=True)
    write_bytes(path, root, snapshot_bytes(snapshot))
    return path


def _shape_error(path: Path, message: str) -> SourceError:
    return SourceError(str(path), None, f"release snapshot: {message}; write it again with `altered-rules release`")


def _depth(text: str) -> int:
    """How deep the JSON `text` nests lists and objects (strings skipped), without parsing it:
    json.loads recurses, and a file nested 200,000 deep would crash it."""
    depth = deepest = 0
    for bracket in _BRACKET.findall(_JSON_STRING.sub("", text)):
        depth += 1 if bracket in "[{" else -1
        deepest = max(deepest, depth)
        if deepest > MAX_SNAPSHOT_DEPTH:
            break
    return deepest


_JSON_STRING = re.compile(r'"(?:[^"\\]|\\.)*"')
_BRACKET = re.compile(r"[\[\]{}]")


class _Shape:
    """Checks a parsed snapshot against its schema; each problem names the entry and the key."""

    def __init__(self, path: Path) -> None:
        self.path = path

    def fail(self, where: str, message: str) -> SourceError:
        return _shape_error(self.path, f"{where}: {message}")

    def mapping(self, value: Any, keys: dict[str, bool], where: str) -> dict:
        if not isinstance(value, dict):
            raise self.fail(where, f"must be an object with the keys {', '.join(keys)}")
        unknown = [k for k in value if k not in keys]
        missing = [k for k, required in keys.items() if required and k not in value]
        if unknown or missing:
            raise self.fail(where, f"{'unknown key ' + repr(unknown[0]) if unknown else 'missing key ' + repr(missing[0])}; "
                                   f"the keys are {', '.join(k + ('' if r else '?') for k, r in keys.items())}")
        return value

    def name(self, value: Any, pattern: re.Pattern[str], where: str, what: str) -> str:
        if not isinstance(value, str) or not pattern.match(value):
            raise self.fail(where, f"{what} {value!r} is not allowed; it must match {pattern.pattern}")
        return value

    def text(self, value: Any, where: str) -> str:
        if not isinstance(value, str):
            raise self.fail(where, "must be text")
        problem = character_problem(value)
        if problem:
            raise self.fail(where, problem)
        return value

    def texts(self, value: Any, where: str) -> dict[str, str]:
        if not isinstance(value, dict):
            raise self.fail(where, f"must be an object of languages ({', '.join(LANGUAGES)}) to text")
        for language in value:
            if language not in LANGUAGES:
                raise self.fail(where, f"unknown language {language!r}; allowed: {', '.join(LANGUAGES)}")
        return {language: self.text(text, f"{where}.{language}") for language, text in value.items()}

    def array(self, value: Any, where: str, length: int | None = None) -> list:
        if not isinstance(value, list) or (length is not None and len(value) != length):
            raise self.fail(where, "must be a list" + (f" of {length} items" if length is not None else ""))
        return value


def _snapshot_from(data: Any, path: Path, release: Release) -> Snapshot:
    """The snapshot `data` holds, checked against the schema: every key, id, group, kind, field
    name and language is one the glossary writes, every text free of control characters."""
    shape = _Shape(path)
    top = shape.mapping(data, SNAPSHOT_KEYS, "the file")
    if top["format"] != SNAPSHOT_FORMAT:
        raise _shape_error(path, f"format is {top['format']!r}, expected {SNAPSHOT_FORMAT}")
    if top["version"] != release.version:
        raise _shape_error(path, f"it holds release {top['version']!r}, not {release.version} "
                                 f"({release.file}:{release.line})")
    if not isinstance(top["chapters"], dict):
        raise shape.fail("chapters", "must be an object of chapter numbers to titles")
    chapters = {shape.name(n, CHAPTER_NUMBER, "chapters", "the chapter number"): shape.texts(t, f"chapters.{n}")
                for n, t in top["chapters"].items()}
    groups = {f"chapter-{n}" for n in chapters} | set(FIXED_GROUPS)
    entries: dict[str, Entry] = {}
    for index, item in enumerate(shape.array(top["entries"], "entries")):
        where = f"entries[{index}]"
        item = shape.mapping(item, ENTRY_KEYS, where)
        key = shape.name(item["k"], ENTRY_KEY, f"{where}.k", "the key")
        where = f"entry {key}"
        if key in entries:
            raise shape.fail(where, "the key is listed twice")
        kind = item["t"]
        if kind not in ENTRY_KINDS:
            raise shape.fail(f"{where}.t", f"kind {kind!r} is not allowed; allowed: {', '.join(ENTRY_KINDS)}")
        group = item["g"]
        if group not in groups:
            raise shape.fail(f"{where}.g", f"group {group!r} is not allowed; allowed: {', '.join(sorted(groups))}")
        fields = []
        for number, pair in enumerate(shape.array(item["f"], f"{where}.f")):
            name, texts = shape.array(pair, f"{where}.f[{number}]", 2)
            shape.name(name, FIELD_NAME, f"{where}.f[{number}]", "the field name")
            fields.append((name, shape.texts(texts, f"{where}.{name}")))
        corrections = []
        for number, correction in enumerate(shape.array(item.get("c", []), f"{where}.c")):
            was, now, why = shape.array(correction, f"{where}.c[{number}]", 3)
            corrections.append((shape.text(was, f"{where}.c[{number}]"), shape.text(now, f"{where}.c[{number}]"),
                                shape.text(why, f"{where}.c[{number}]")))
        was = item.get("w", "")
        if was != "" and was != "new" and not (isinstance(was, str) and ENTRY_KEY.match(was)):
            raise shape.fail(f"{where}.w", f"'was' {was!r} is not allowed; it is the number the entry continues, or new")
        entries[key] = Entry(key, kind, group, tuple(fields), tuple(corrections), was)
    return Snapshot(release.version, chapters, entries)


# Read once per file state (the loader checks it, the build reads it).
_SNAPSHOTS: Cache[tuple[str, int, int, str], Snapshot] = Cache("release snapshots", 64)


def read_snapshot(root: str | Path, release: Release) -> Snapshot:
    """A release's snapshot; SourceError naming the file (and what is wrong) if it is not one:
    not gzip JSON, larger than MAX_SNAPSHOT_BYTES, nested deeper than MAX_SNAPSHOT_DEPTH, or not
    what the schema allows (see _snapshot_from)."""
    path = release.snapshot_path(root)
    checked_file(path, root)   # a regular file inside the glossary, never a link (sourcefiles.py)
    try:
        stat = path.stat()
        cache_key = (str(path.resolve()), stat.st_mtime_ns, stat.st_size, release.version)
        kept = _SNAPSHOTS.get(cache_key)
        if kept is not None:
            return kept
        with gzip.open(path, "rb") as handle:
            raw = handle.read(MAX_SNAPSHOT_BYTES + 1)
        if len(raw) > MAX_SNAPSHOT_BYTES:
            raise _shape_error(path, f"more than {MAX_SNAPSHOT_BYTES:,} bytes of JSON (the limit)")
        text = raw.decode("utf-8")
        if _depth(text) > MAX_SNAPSHOT_DEPTH:
            raise _shape_error(path, f"lists and objects are nested more than {MAX_SNAPSHOT_DEPTH} deep (the limit: "
                                     "a snapshot is entries of fields of texts)")
        data = json.loads(text)
    except (OSError, EOFError, UnicodeDecodeError, ValueError, RecursionError) as exc:
        if isinstance(exc, SourceError):
            raise
        raise _shape_error(path, f"not a gzip JSON file ({exc})") from None
    return _SNAPSHOTS.put(cache_key, _snapshot_from(data, path, release))

