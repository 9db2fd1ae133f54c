"""The machine-readable export of the glossary, one file per language, and its JSON Schema.

Bots and apps build on `export/glossary.json`; `export/glossary.schema.json` describes
it. `format_version` follows semantic versioning: a new optional field is a minor
version, a removed or changed field a major one. `content_hash` changes whenever the
glossary's content does.
"""

from __future__ import annotations

import hashlib
import json
from dataclasses import dataclass
from typing import Any

from .card_pages import CardPages
from .cards import MentionKind, card_page
from .glossary.model import Correction, Glossary, Paragraph, Text
from .glossary.releases import VERSION
from .glossary.schema import ABILITY_KINDS, CARD_TYPES, STATS
from .render import Renderer, chapter_page, mode_page, page_url
from .verification import Verification

# 1.1.0: `cards` (the cards the glossary names, their pages and where they are mentioned).
# 1.2.0: `release` (which release of the glossary the export is, issue 19).
FORMAT_VERSION = "1.2.0"
SCHEMA_FILE = "glossary.schema.json"


def _text(text: Text | None, language: str) -> str | None:
    return text.get(language) if text is not None else None


def _corrections(corrections: tuple[Correction, ...]) -> list[dict[str, str]]:
    return [{"was": c.was, "now": c.now, "why": c.why.value} for c in corrections]


def _paragraph(glossary: Glossary, paragraph: Paragraph, language: str, chapter: str,
               verified: dict[str, bool]) -> dict[str, Any]:
    return {
        "id": paragraph.id,
        "permalink": f"{page_url(chapter_page(chapter))}#{paragraph.id}",
        "label": _text(paragraph.label, language),
        "text": paragraph.text.get(language),
        "translated": paragraph.text.has(language),
        "list": paragraph.list_kind.value if paragraph.list_kind else None,
        "items": [item.get(language) for item in paragraph.items],
        "gap": _text(paragraph.gap, language),
        "sources": list(paragraph.sources),
        "text_from": paragraph.text_from,
        "corrections": _corrections(paragraph.corrections),
        "notes": [
            {
                "kind": note.kind.value,
                "text": note.text.get(language),
                "gap": _text(note.gap, language),
                "verified": verified.get(note.anchor, False),
                "corrections": _corrections(note.corrections),
            }
            for note in paragraph.notes
        ],
        "verified_scenarios": sum(1 for i in range(1, len(paragraph.scenarios) + 1)
                                  if verified.get(f"{paragraph.id}-scenario-{i}", False)),
        "cited_by": sorted(c for c in glossary.cited_by.get(paragraph.id, []) if not c.startswith("ruling-")),
        "rulings": [r.id for r in glossary.rulings_by_rule.get(paragraph.id, [])],
    }


def content_hash(glossary_json: dict[str, Any]) -> str:
    body = json.dumps(glossary_json, sort_keys=True, ensure_ascii=False).encode()
    return hashlib.sha256(body).hexdigest()


def _cards(glossary: Glossary, language: str, verification: Verification | None) -> list[dict[str, Any]]:
    """Each card with its page and its mentions, linked as the card's page links them."""
    pages = CardPages(Renderer(glossary, language, verification))
    root = "index.md"   # permalinks are relative to the language's site root
    return [
        {
            "name": card.name, "permalink": page_url(card_page(card)), "type": card.type,
            "subtypes": list(card.subtypes), "stats": card.stats, "faction": card.faction, "rarity": card.rarity,
            "names": dict(card.names),
            "abilities": [{"printed": a.printed, "kind": a.kind} for a in card.abilities],
            "mentions": [{"kind": m.kind.value, "rule": m.rule, "permalink": pages.mention_href(m, root)}
                         for m in pages.r.card_mentions[card.name]],
        }
        for card in glossary.cards.values()
    ]


@dataclass(frozen=True)
class ReleaseStamp:
    """Which release an export is (versions.release_stamp makes it from the history)."""

    version: str
    date: str
    unreleased: bool   # the glossary has changed since that release


def export_glossary(glossary: Glossary, language: str, verification: Verification | None,
                    release: ReleaseStamp | None = None) -> dict[str, Any]:
    """The whole glossary in `language`, as plain data described by SCHEMA."""
    verified = {c.anchor: c.passed for c in verification.checks} if verification else {}
    chapters = []
    for chapter in glossary.chapters:
        chapters.append({
            "number": chapter.number,
            "title": chapter.title.get(language),
            "title_editorial": chapter.title_editorial,
            "sections": [
                {
                    "id": section.id,
                    "title": section.title.get(language),
                    "title_editorial": section.title_editorial,
                    "permalink": f"{page_url(chapter_page(chapter.number))}#{section.id}",
                    "sources": list(section.sources),
                    "paragraphs": [_paragraph(glossary, p, language, chapter.number, verified) for p in section.paragraphs],
                }
                for section in chapter.sections
            ],
        })
    body: dict[str, Any] = {
        "chapters": chapters,
        "terms": [
            {"id": t.id, "title": t.title.get(language), "text": _text(t.text, language), "gap": _text(t.gap, language),
             "see": list(t.see), "sources": list(t.sources)}
            for t in glossary.terms
        ],
        "game_modes": [
            {
                "id": m.id,
                "title": m.title.get(language),
                "permalink": page_url(mode_page(m.id)),
                "sources": list(m.sources),
                "deck": None if not m.deck_format else {
                    "format": m.deck_format,
                    "rules": [{"id": r.id, "text": r.text.get(language), "check": r.check, "rule": r.rule}
                              for r in m.deck_rules],
                },
            }
            for m in glossary.modes
        ],
        "rulings": [
            {"id": r.id, "title": r.title.get(language), "rules": list(r.rules),
             "conflict": glossary.in_language(r.conflict, language),
             "reading": glossary.in_language(r.reading, language), "why": glossary.in_language(r.why, language)}
            for r in glossary.rulings
        ],
        "symbols": [{"id": s.id, "kind": s.kind, "label": s.label.get(language)} for s in glossary.symbols.values()],
        "sources": [{"id": s.id, "title": s.title.get(language), "file": s.file} for s in glossary.sources.values()],
        "termbase": [
            {"id": t.id, "kind": t.kind, "en": t.en, "fr": t.forms["fr"].term, "it": t.forms["it"].term,
             "confirmed": t.confirmed}
            for t in glossary.termbase
        ],
        "cards": _cards(glossary, language, verification),
    }
    return {
        "$schema": SCHEMA_FILE,
        "format_version": FORMAT_VERSION,
        "language": language,
        "content_hash": content_hash(body),
        "release": None if release is None else {"version": release.version, "date": release.date,
                                                  "unreleased_changes": release.unreleased},
        **body,
    }


_TEXT = {"type": "string", "minLength": 1}
_OPTIONAL_TEXT = {"type": ["string", "null"]}
_RULE = {"type": "string", "pattern": r"^[1-9]\.[0-9]{1,2}(\.[0-9]{1,2})?(\.[a-z])?$"}
_CORRECTIONS = {
    "type": "array",
    "items": {
        "type": "object", "additionalProperties": False, "required": ["was", "now", "why"],
        "properties": {"was": {"type": "string"}, "now": {"type": "string"},
                       "why": {"enum": ["typo", "grammar", "symbol", "residue"]}},
    },
}

SCHEMA: dict[str, Any] = {
    "$schema": "https://json-schema.org/draft/2020-12/schema",
    "$id": SCHEMA_FILE,
    "title": "Altered Rules glossary export",
    "description": (
        "The Altered rules glossary in one language. Text may hold game symbols written {id} "
        "(see `symbols`) and rule numbers; `permalink`s are relative to the language's site root."
    ),
    "type": "object",
    "additionalProperties": False,
    "required": ["$schema", "format_version", "language", "content_hash", "release", "chapters", "terms", "game_modes",
                 "rulings", "symbols", "sources", "termbase"],
    "properties": {
        "$schema": {"const": SCHEMA_FILE},
        "format_version": {"type": "string", "pattern": r"^1\.[0-9]+\.[0-9]+$"},
        "language": {"enum": ["en", "fr", "it"]},
        "content_hash": {"type": "string", "pattern": "^[0-9a-f]{64}$"},
        "release": {
            "description": ("The glossary release the export is (glossary/releases.yaml): its version, its date, and "
                            "whether the glossary has changed since (then the text is newer than that release). "
                            "null before the first release. Cite a rule in it as "
                            "<site>/<language>/v/<version>/r/<rule>/."),
            "oneOf": [
                {"type": "null"},
                {"type": "object", "additionalProperties": False, "required": ["version", "date", "unreleased_changes"],
                 "properties": {"version": {"type": "string", "pattern": VERSION.pattern},
                                "date": {"type": "string", "format": "date"},
                                "unreleased_changes": {"type": "boolean"}}},
            ],
        },
        "chapters": {
            "type": "array",
            "items": {
                "type": "object", "additionalProperties": False,
                "required": ["number", "title", "title_editorial", "sections"],
                "properties": {
                    "number": {"type": "string"}, "title": _TEXT, "title_editorial": {"type": "boolean"},
                    "sections": {
                        "type": "array",
                        "items": {
                            "type": "object", "additionalProperties": False,
                            "required": ["id", "title", "title_editorial", "permalink", "sources", "paragraphs"],
                            "properties": {
                                "id": _RULE, "title": _TEXT, "title_editorial": {"type": "boolean"},
                                "permalink": _TEXT, "sources": {"type": "array", "items": _TEXT},
                                "paragraphs": {"type": "array", "items": {"$ref": "#/$defs/paragraph"}},
                            },
                        },
                    },
                },
            },
        },
        "terms": {
            "type": "array",
            "items": {
                "type": "object", "additionalProperties": False,
                "required": ["id", "title", "text", "gap", "see", "sources"],
                "properties": {"id": _TEXT, "title": _TEXT, "text": _OPTIONAL_TEXT, "gap": _OPTIONAL_TEXT,
                               "see": {"type": "array", "items": _RULE}, "sources": {"type": "array", "items": _TEXT}},
            },
        },
        "game_modes": {
            "type": "array",
            "items": {
                "type": "object", "additionalProperties": False,
                "required": ["id", "title", "permalink", "sources", "deck"],
                "properties": {
                    "id": _TEXT, "title": _TEXT, "permalink": _TEXT, "sources": {"type": "array", "items": _TEXT},
                    "deck": {
                        "oneOf": [
                            {"type": "null"},
                            {
                                "type": "object", "additionalProperties": False, "required": ["format", "rules"],
                                "properties": {
                                    "format": {"enum": ["standard", "constructed", "multiplayer", "sealed", "draft"]},
                                    "rules": {
                                        "type": "array",
                                        "items": {
                                            "type": "object", "additionalProperties": False,
                                            "required": ["id", "text", "check", "rule"],
                                            "properties": {
                                                "id": _TEXT, "text": _TEXT,
                                                "check": {"type": "object", "description": "Closed vocabulary: see the editors' guide."},
                                                "rule": {"oneOf": [{"type": "null"}, _RULE]},
                                            },
                                        },
                                    },
                                },
                            },
                        ],
                    },
                },
            },
        },
        "rulings": {
            "type": "array",
            "items": {
                "type": "object", "additionalProperties": False,
                "required": ["id", "title", "rules", "conflict", "reading", "why"],
                "properties": {"id": _TEXT, "title": _TEXT, "rules": {"type": "array", "items": _RULE},
                               "conflict": _TEXT, "reading": _TEXT, "why": _TEXT},
            },
        },
        "symbols": {
            "type": "array",
            "items": {"type": "object", "additionalProperties": False, "required": ["id", "kind", "label"],
                      "properties": {"id": _TEXT, "kind": _TEXT, "label": _TEXT}},
        },
        "sources": {
            "type": "array",
            "items": {"type": "object", "additionalProperties": False, "required": ["id", "title", "file"],
                      "properties": {"id": _TEXT, "title": _TEXT, "file": _OPTIONAL_TEXT}},
        },
        "termbase": {
            "type": "array",
            "items": {"type": "object", "additionalProperties": False,
                      "required": ["id", "kind", "en", "fr", "it", "confirmed"],
                      "properties": {"id": _TEXT, "kind": _TEXT, "en": _TEXT, "fr": _TEXT, "it": _TEXT,
                                     "confirmed": {"type": "boolean"}}},
        },
        "cards": {
            "description": "The cards the glossary names (names are proper names: the same in every language).",
            "type": "array",
            "items": {
                "type": "object", "additionalProperties": False,
                "required": ["name", "permalink", "type", "subtypes", "stats", "faction", "rarity", "names",
                             "abilities", "mentions"],
                "properties": {
                    "name": _TEXT, "permalink": _TEXT,
                    "type": {"enum": list(CARD_TYPES)},
                    "subtypes": {"type": "array", "items": _TEXT},
                    "stats": {"oneOf": [{"type": "null"}, {"type": "string", "pattern": STATS.pattern}],
                              "description": "forest/mountain/water, where a source gives them"},
                    "faction": _OPTIONAL_TEXT, "rarity": _OPTIONAL_TEXT,
                    "names": {"type": "object", "additionalProperties": False,
                              "properties": {"fr": _TEXT, "it": _TEXT}, "description": "printed names in French, Italian"},
                    "abilities": {
                        "type": "array",
                        "items": {"type": "object", "additionalProperties": False, "required": ["printed", "kind"],
                                  "properties": {"printed": {**_TEXT, "description": "as printed, in English; symbols as {id}"},
                                                 "kind": {"enum": list(ABILITY_KINDS)}}},
                    },
                    "mentions": {
                        "type": "array",
                        "items": {"type": "object", "additionalProperties": False, "required": ["kind", "rule", "permalink"],
                                  "properties": {"kind": {"enum": [k.value for k in MentionKind]},
                                                 "rule": {"oneOf": [{"type": "null"}, _RULE]}, "permalink": _TEXT}},
                    },
                },
            },
        },
    },
    "$defs": {
        "paragraph": {
            "type": "object", "additionalProperties": False,
            "required": ["id", "permalink", "label", "text", "translated", "list", "items", "gap", "sources",
                         "text_from", "corrections", "notes", "verified_scenarios", "cited_by", "rulings"],
            "properties": {
                "id": _RULE, "permalink": _TEXT, "label": _OPTIONAL_TEXT, "text": _TEXT,
                "translated": {"type": "boolean", "description": "false: the text is the English, not translated yet"},
                "list": {"enum": [None, "ordered", "unordered"]},
                "items": {"type": "array", "items": _TEXT},
                "gap": {"type": ["string", "null"], "description": "Text lost in every source, when some is"},
                "sources": {"type": "array", "items": _TEXT},
                "text_from": _OPTIONAL_TEXT,
                "corrections": _CORRECTIONS,
                "notes": {
                    "type": "array",
                    "items": {
                        "type": "object", "additionalProperties": False,
                        "required": ["kind", "text", "gap", "verified", "corrections"],
                        "properties": {"kind": {"enum": ["remark", "example"]}, "text": _TEXT, "gap": _OPTIONAL_TEXT,
                                       "verified": {"type": "boolean"}, "corrections": _CORRECTIONS},
                    },
                },
                "verified_scenarios": {"type": "integer", "minimum": 0},
                "cited_by": {"type": "array", "items": _TEXT},
                "rulings": {"type": "array", "items": _TEXT},
            },
        },
    },
}


def export_files(glossary: Glossary, language: str, verification: Verification | None,
                 release: ReleaseStamp | None = None) -> dict[str, str]:
    """`export/glossary.json` and its schema, as text, for the language's site."""
    data = export_glossary(glossary, language, verification, release)
    return {
        "export/glossary.json": json.dumps(data, ensure_ascii=False, indent=1, sort_keys=False) + "\n",
        f"export/{SCHEMA_FILE}": json.dumps(SCHEMA, ensure_ascii=False, indent=1) + "\n",
    }
