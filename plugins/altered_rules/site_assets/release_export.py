"""The glossary's history as data, beside the export (issue 41): `export/releases.json` lists every
release (its version, date, notes in the site's language, what it is based on, and the ids it
changed by kind of change), and `export/releases/<version>.json` is each release's diff, every
change with its texts before and after in every language and their word-level pieces (the data of
`altered-rules diff --json`). Both have a JSON Schema beside them. A tool learns what changed in
the latest release from these files alone:

    releases = json.load(open("export/releases.json"))
    latest = releases["releases"][-1]        # latest["changes"]["changed"], ... and latest["diff"]
    diff = json.load(open("export/" + latest["diff"]))

Each entry's key is the id the releases give it: a rule's number (4.2.4.c) or a section's (4.2.4),
`term-<id>`, `mode-<id>`, `<mode>-<n>` (a game mode's section), a deck rule's id, `ruling-<id>`;
the glossary export's `changed_in` beside an entry is the release it last changed in.
"""

from __future__ import annotations

from typing import Any

from ..content.glossary.releases import ENTRY_KINDS, VERSION
from ..languages import LANGUAGES
from ..pages.history import ChangeKind, History, changes_data
from .export import indented_json

# 1.0.0: the releases, their changed ids by kind, and one diff per release (issue 41).
FORMAT_VERSION = "1.0.0"
RELEASES_FILE = "export/releases.json"
RELEASES_SCHEMA_FILE = "releases.schema.json"
DIFF_SCHEMA_FILE = "release-diff.schema.json"
KINDS = tuple(kind.value for kind in ChangeKind)


def diff_path(version: str) -> str:
    """A release's diff, relative to export/ (as releases.json gives it)."""
    return f"releases/{version}.json"


def releases_document(history: History, language: str) -> dict[str, Any]:
    """Every release, oldest first, as RELEASES_SCHEMA describes it."""
    releases = []
    for diff in history.diffs:
        release = diff.release
        changes: dict[str, list[str]] = {kind: [] for kind in KINDS}
        for change in diff.changes:
            changes[change.kind.value].append(change.key)
        releases.append({
            "version": release.version,
            "date": release.date,
            "previous": diff.previous.version if diff.previous else None,
            "notes": release.notes.get(language),
            "based_on": {"sources": list(release.based_on.sources), "version": release.based_on.version.get(language),
                         "date": release.based_on.date},
            "diff": diff_path(release.version),
            "count": len(diff.changes),
            "changes": changes,
            "renumbered_from": {c.key: c.renumbered_from for c in diff.changes if c.renumbered_from},
        })
    latest = history.latest
    return {"$schema": RELEASES_SCHEMA_FILE, "format_version": FORMAT_VERSION, "language": language,
            "latest": latest.version if latest else None, "unreleased_changes": history.unreleased, "releases": releases}


def diff_document(history: History, version: str) -> dict[str, Any]:
    """What release `version` changed, as DIFF_SCHEMA describes it (the first release: the
    corrections it made to its sources, `from` null)."""
    diff = next(d for d in history.diffs if d.release.version == version)
    return {"$schema": f"../{DIFF_SCHEMA_FILE}", "format_version": FORMAT_VERSION,
            "version": version, "date": diff.release.date,
            "from": diff.previous.version if diff.previous else None, "to": version,
            "count": len(diff.changes), "changes": changes_data(diff.changes)}


def release_files(history: History, language: str) -> dict[str, str]:
    """export/releases.json, every release's diff and both schemas (path in the site -> text)."""
    files = {RELEASES_FILE: indented_json(releases_document(history, language)) + "\n",
             f"export/{RELEASES_SCHEMA_FILE}": indented_json(RELEASES_SCHEMA) + "\n",
             f"export/{DIFF_SCHEMA_FILE}": indented_json(DIFF_SCHEMA) + "\n"}
    for release in history.releases:
        files[f"export/{diff_path(release.version)}"] = indented_json(diff_document(history, release.version)) + "\n"
    return files


_VERSION = {"type": "string", "pattern": VERSION.pattern}
_OPTIONAL_VERSION = {"oneOf": [{"type": "null"}, _VERSION]}
_KEY = {"type": "string", "minLength": 1}
_DATE = {"type": "string", "format": "date", "pattern": r"^[0-9]{4}-[0-9]{2}-[0-9]{2}$"}


def _object(properties: dict[str, Any], **more: Any) -> dict[str, Any]:
    return {"type": "object", "additionalProperties": False, "required": list(properties), "properties": properties, **more}


RELEASES_SCHEMA: dict[str, Any] = {
    "$schema": "https://json-schema.org/draft/2020-12/schema",
    "$id": RELEASES_SCHEMA_FILE,
    "title": "Altered Rules releases",
    "description": ("Every release of the glossary, oldest first, in one language of the site, with the ids of the "
                    "entries each changed by kind of change; each release's diff is in the file `diff` names "
                    "(relative to this file's folder, described by " + DIFF_SCHEMA_FILE + ")."),
    **_object({
        "$schema": {"const": RELEASES_SCHEMA_FILE},
        "format_version": {"type": "string", "pattern": r"^1\.[0-9]+\.[0-9]+$"},
        "language": {"enum": list(LANGUAGES)},
        "latest": {**_OPTIONAL_VERSION, "description": "the latest release (null: none yet)"},
        "unreleased_changes": {"type": "boolean", "description": "the glossary has changed since the latest release"},
        "releases": {"type": "array", "items": _object({
            "version": _VERSION,
            "date": _DATE,
            "previous": {**_OPTIONAL_VERSION, "description": "the release before (null: the first, compared with its sources)"},
            "notes": {"type": "string", "description": "what the release changes, in the file's language (else English)"},
            "based_on": _object({"sources": {"type": "array", "items": _KEY},
                                 "version": {"type": "string"}, "date": _DATE}),
            "diff": {"type": "string", "pattern": r"^releases/[0-9A-Za-z.-]+\.json$"},
            "count": {"type": "integer", "minimum": 0},
            "changes": {**_object({kind: {"type": "array", "items": _KEY} for kind in KINDS}),
                        "description": ("the keys of the entries the release changed, by kind: added, changed (its "
                                        "English text), translated (another language only), renumbered, references "
                                        "(only rule numbers a renumbering changed), removed, corrected (a correction "
                                        "of the source recorded)")},
            "renumbered_from": {"type": "object", "additionalProperties": _KEY,
                                "description": "new key -> the number it had in the release before"},
        })},
    }),
}

_TEXTS = {"oneOf": [{"type": "null"}, {"type": "string"}]}

DIFF_SCHEMA: dict[str, Any] = {
    "$schema": "https://json-schema.org/draft/2020-12/schema",
    "$id": DIFF_SCHEMA_FILE,
    "title": "Altered Rules release diff",
    "description": ("What one release changed since the release before (`from`; null for the first release, whose "
                    "changes are the corrections it made to its sources), entry by entry, every language."),
    **_object({
        "$schema": {"const": f"../{DIFF_SCHEMA_FILE}"},
        "format_version": {"type": "string", "pattern": r"^1\.[0-9]+\.[0-9]+$"},
        "version": _VERSION, "date": _DATE, "from": _OPTIONAL_VERSION, "to": _VERSION,
        "count": {"type": "integer", "minimum": 0},
        "changes": {"type": "array", "items": _object({
            "key": _KEY,
            "kind": {"enum": list(KINDS)},
            "entry": {"enum": list(ENTRY_KINDS)},
            "group": {"type": "string", "description": "chapter-<n>, terms, modes or rulings"},
            "renumbered_from": {"oneOf": [{"type": "null"}, _KEY]},
            "matched": {"oneOf": [{"type": "null"}, {"type": "string"}],
                        "description": "how the entry was followed across the releases (null: added or removed)"},
            "fields": {"type": "array", "items": _object({
                "field": {"type": "string"},
                "languages": {"type": "object", "propertyNames": {"enum": list(LANGUAGES)},
                              "additionalProperties": _object({
                                  "old": _TEXTS, "new": _TEXTS,
                                  "diff": {"type": "array", "items": {
                                      "type": "array", "prefixItems": [{"enum": ["=", "-", "+"]}, {"type": "string"}],
                                      "minItems": 2, "maxItems": 2},
                                      "description": "word-level pieces: [\"=\", same], [\"-\", deleted], [\"+\", inserted]"}})},
            })},
            "corrections": {"type": "array", "items": _object({"was": {"type": "string"}, "now": {"type": "string"},
                                                               "why": {"type": "string"}})},
        })},
    }),
}
