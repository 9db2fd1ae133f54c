"""The intermediate model every reader fills: the document's entries in print order, its
glossary and change list, and what the reader noticed (the editors' tasks).

It is plain data, written and read as JSON (`--dump-parsed`, `--format json`), so that tests and
other sources (a community edition) share it with the PDF and text readers.
"""

from __future__ import annotations

import json
import re
from dataclasses import asdict, dataclass, field
from enum import Enum
from typing import Any

MODEL_FORMAT = 1

# The numbering of the Complete Rules (layout 1.2): chapter N, section N.N, subsection N.N.N,
# rule = its parent's number plus one letter. Never a four-level numeric number.
NUMBER = re.compile(r"^[1-9](?:\.[0-9]{1,2}){0,2}(?:\.[a-z])?$")


class EntryKind(str, Enum):
    """What a numbered entry of the document is."""

    CHAPTER = "chapter"
    SECTION = "section"          # N.N
    SUBSECTION = "subsection"    # N.N.N
    RULE = "rule"                # N.N.a, N.N.N.a


class NoteKind(str, Enum):
    REMARK = "remark"
    EXAMPLE = "example"


def kind_of(number: str) -> EntryKind:
    parts = number.split(".")
    if parts[-1].isalpha():
        return EntryKind.RULE
    return (EntryKind.CHAPTER, EntryKind.SECTION, EntryKind.SUBSECTION)[len(parts) - 1]


def parent_of(number: str) -> str | None:
    return number.rsplit(".", 1)[0] if "." in number else None


@dataclass
class Note:
    kind: str            # NoteKind value
    text: str


@dataclass
class Placeholder:
    """An image icon the reader could not read (rarity, faction): `{lost}` in the text."""

    page: int
    context: str


@dataclass
class Entry:
    id: str
    kind: str                        # EntryKind value
    title: str = ""                  # a heading's title
    label: str = ""                  # the name of a daily effect before a rule's text
    text: str = ""                   # a rule's text; a heading's body (text without lettered rules)
    list_kind: str = ""              # "ordered" | "unordered" | "" (the glossary's `list:`)
    items: list[str] = field(default_factory=list)
    notes: list[Note] = field(default_factory=list)   # in print order
    references: list[str] = field(default_factory=list)
    chapter_references: list[str] = field(default_factory=list)
    defined: list[str] = field(default_factory=list)  # terms in italics in the rule's own text
    placeholders: list[Placeholder] = field(default_factory=list)
    page: int = 0

    @property
    def parent(self) -> str | None:
        return parent_of(self.id)


@dataclass
class Term:
    term: str
    definition: str
    pages: list[str] = field(default_factory=list)


@dataclass
class Change:
    section: str         # New Rules | Rule Changes | Other Changes
    text: str
    rules: list[str] = field(default_factory=list)


@dataclass
class Task:
    """Something the editors must look at (a guessed symbol, a lost icon, a displaced tail...)."""

    kind: str
    entry: str
    message: str


@dataclass
class Document:
    version: str = ""
    effective: str = ""              # ISO date
    sha256: str = ""                 # of the file read
    reader: str = ""                 # pdf | text | json
    entries: list[Entry] = field(default_factory=list)
    glossary: list[Term] = field(default_factory=list)
    changes: list[Change] = field(default_factory=list)
    tasks: list[Task] = field(default_factory=list)

    def by_id(self) -> dict[str, Entry]:
        return {e.id: e for e in self.entries}

    def counts(self) -> dict[str, int]:
        kinds = [e.kind for e in self.entries]
        return {
            "entries": len(self.entries),
            **{k.value: kinds.count(k.value) for k in EntryKind},
            "remarks": sum(1 for e in self.entries for n in e.notes if n.kind == NoteKind.REMARK.value),
            "examples": sum(1 for e in self.entries for n in e.notes if n.kind == NoteKind.EXAMPLE.value),
            "terms": len(self.glossary),
            "changes": len(self.changes),
        }

    def to_json(self) -> dict[str, Any]:
        return {"format": MODEL_FORMAT, **asdict(self)}

    def dumps(self) -> str:
        return json.dumps(self.to_json(), ensure_ascii=False, indent=1, sort_keys=True) + "\n"


class ModelError(ValueError):
    """A model file that cannot be read; the message names the file and what is wrong."""


_ENTRY_FIELDS = {f for f in Entry.__dataclass_fields__}
_DOCUMENT_FIELDS = {f for f in Document.__dataclass_fields__} | {"format"}


def _fields(value: Any, allowed: set[str], where: str) -> dict:
    if not isinstance(value, dict):
        raise ModelError(f"{where}: expected a mapping, found {type(value).__name__}")
    unknown = set(value) - allowed
    if unknown:
        raise ModelError(f"{where}: unknown key(s) {', '.join(sorted(unknown))}; allowed: {', '.join(sorted(allowed))}")
    return value


# The type of each field the JSON model holds (checked: a model is input like any other).
_STRINGS = {"id", "kind", "title", "label", "text", "list_kind"}
_STRING_LISTS = {"items", "references", "chapter_references", "defined"}


def _typed(raw: dict, at: str) -> None:
    for key, value in raw.items():
        if key in _STRINGS and not isinstance(value, str):
            raise ModelError(f"{at}: '{key}' must be text, found {type(value).__name__}")
        if key in _STRING_LISTS and not (isinstance(value, list) and all(isinstance(v, str) for v in value)):
            raise ModelError(f"{at}: '{key}' must be a list of texts")
        if key == "page" and (not isinstance(value, int) or isinstance(value, bool)):
            raise ModelError(f"{at}: 'page' must be a whole number")
    if raw.get("list_kind") not in (None, "", "ordered", "unordered"):
        raise ModelError(f"{at}: 'list_kind' is {raw['list_kind']!r}; allowed: ordered, unordered, or empty")
    if bool(raw.get("items")) != bool(raw.get("list_kind")):
        raise ModelError(f"{at}: 'list_kind' and 'items' go together")


def document_from_json(data: Any, where: str) -> Document:
    """The model back from its JSON (the JSON reader), every key checked."""
    data = dict(_fields(data, _DOCUMENT_FIELDS, where))
    if data.pop("format", MODEL_FORMAT) != MODEL_FORMAT:
        raise ModelError(f"{where}: 'format' must be {MODEL_FORMAT}")
    try:
        entries = []
        for i, raw in enumerate(data.pop("entries", [])):
            at = f"{where}: entries[{i}]"
            raw = dict(_fields(raw, _ENTRY_FIELDS, at))
            if not isinstance(raw.get("id"), str) or not NUMBER.match(raw["id"]):
                raise ModelError(f"{at}: 'id' {raw.get('id')!r} is not a rule number (e.g. 2.1, 4.2.4.c)")
            _typed(raw, at)
            raw.setdefault("kind", kind_of(raw["id"]).value)
            if raw["kind"] != kind_of(raw["id"]).value:
                raise ModelError(f"{at}: {raw['id']} is a {kind_of(raw['id']).value}, not a {raw['kind']}")
            raw["notes"] = [Note(**_fields(n, {"kind", "text"}, f"{at}.notes")) for n in raw.get("notes", [])]
            for note in raw["notes"]:
                if note.kind not in {k.value for k in NoteKind} or not isinstance(note.text, str):
                    raise ModelError(f"{at}.notes: a note is {{kind: remark|example, text: ...}}")
            raw["placeholders"] = [Placeholder(**_fields(p, {"page", "context"}, f"{at}.placeholders"))
                                   for p in raw.get("placeholders", [])]
            entries.append(Entry(**raw))
        glossary = [Term(**_fields(t, {"term", "definition", "pages"}, f"{where}: glossary")) for t in data.pop("glossary", [])]
        if not all(isinstance(t.term, str) and isinstance(t.definition, str) for t in glossary):
            raise ModelError(f"{where}: glossary: each term is {{term: text, definition: text, pages: [...]}}")
        for key in ("version", "effective", "sha256", "reader"):
            if not isinstance(data.get(key, ""), str):
                raise ModelError(f"{where}: '{key}' must be text")
        changes = [Change(**_fields(c, {"section", "text", "rules"}, f"{where}: changes")) for c in data.pop("changes", [])]
        tasks = [Task(**_fields(t, {"kind", "entry", "message"}, f"{where}: tasks")) for t in data.pop("tasks", [])]
        return Document(**data, entries=entries, glossary=glossary, changes=changes, tasks=tasks)
    except TypeError as exc:   # a required field missing
        raise ModelError(f"{where}: {exc}") from None
