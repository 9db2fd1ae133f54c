"""The machine-readable export of the glossary, one file per language, and its JSON Schema.

Bots and apps build on `export/glossary.json`; `export/glossary.schema.json` describes
it. `format_version` follows semantic versioning: a new optional field is a minor
version, a removed or changed field a major one. `content_hash` changes whenever the
glossary's content does. Each entry with translated text says whether it is `stale`: its
translation was made from an older English text and may lag behind it (the site marks it too).
"""

from __future__ import annotations

import hashlib
import json
from contextlib import contextmanager, nullcontext
from json.encoder import encode_basestring as _string   # a string as JSON text, non-ASCII kept (C)
from typing import Any, Iterator, NamedTuple

from ..caches import Cache
from ..pages.card_pages import CardPages
from ..content.cards import MentionKind, card_page
from ..content.glossary.model import Correction, Glossary, Paragraph, Text
from ..content.glossary.releases import VERSION
from ..content.glossary.schema import RULING_AUTHORITIES
from ..content.glossary.schema import ABILITY_KINDS, CARD_TYPES, STATS
from ..pages.render import Renderer, chapter_page, mode_page, page_url
from ..pages.versions import ReleaseStamp
from ..verification.checks import Check, Verification, line_data
from ..languages import BY_CODE, LANGUAGES, SOURCE, TRANSLATIONS

# 1.1.0: `cards` (the cards the glossary names, their pages and where they are mentioned).
# 1.2.0: `stale` beside each entry's translated text (issue 18).
# 1.3.0: `release` (which release of the glossary the export is, issue 19).
# 1.4.0: `renumbered_from` beside each paragraph (the numbers it had in earlier releases, issue 30).
# 1.5.0: `verified`: each verified scenario's trace as the engine's messages, ids and typed parameters (issue 25).
# 1.6.0: `changed_in` beside each section, paragraph, term, game mode, deck rule and ruling: the release it
#        last changed in; the releases and their diffs in export/releases.json (release_export.py, issue 41).
# 1.7.0: a term's `see` and a ruling's `rules` may name a rule as a release had it, "4.3.b@2026.1" (a rule
#        the imported official text removed: its citations pinned to the release that held it, issue 37).
FORMAT_VERSION = "1.7.0"
SCHEMA_FILE = "glossary.schema.json"


def _text(text: Text | None, language: str) -> str | None:
    return text.get(language) if text is not None else None


def _stale(language: str, *texts: Text | None) -> bool:
    """Whether any of an entry's texts was translated from an older English text (never in English)."""
    return any(text is not None and text.stale(language) for text in texts)


def _corrections(corrections: tuple[Correction, ...]) -> list[dict[str, str]]:
    return [{"was": c.was, "now": c.now, "why": c.why.value} for c in corrections]


def _changed_in(release: ReleaseStamp | None, *keys: str) -> str | None:
    """The release the entries `keys` (as releases key them: 4.2.4.c, term-draw...) last changed in."""
    return release.last_changed(*keys) if release else None


def _paragraph(glossary: Glossary, paragraph: Paragraph, language: str, chapter: str,
               verified: dict[str, bool], release: ReleaseStamp | None) -> dict[str, Any]:
    formers = release.renumbered.get(paragraph.id, ()) if release else ()
    return {
        "id": paragraph.id,
        "changed_in": _changed_in(release, paragraph.id),
        "renumbered_from": [{"number": number, "until": version} for number, version in formers],
        "permalink": f"{page_url(chapter_page(chapter))}#{paragraph.id}",
        "label": _text(paragraph.label, language),
        "text": paragraph.text.get(language),
        "translated": paragraph.text.has(language),
        "stale": _stale(language, *paragraph.texts()),
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
                "stale": _stale(language, note.text, note.gap),
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


def _shown_checks(verification: Verification | None) -> list[Check]:
    return [c for c in verification.checks if c.passed and c.result is not None] if verification else []


def _check_head(check: Check) -> dict[str, str]:
    return {"anchor": check.anchor, "rule": check.rule, "kind": check.kind.value}


def _verified(verification: Verification | None, renderer: Renderer) -> list[dict[str, Any]]:
    """Every verified scenario with the engine's trace: each line as its message (an id and its typed
    parameters, engine.messages) and as the text it renders to in the renderer's language (the
    text its rule page shows, made once for both). export_files writes the same as _verified_text."""
    return [
        {**_check_head(check),
         "trace": [{"text": text, **data} for text, data in zip(renderer.said_trace(check), check.trace_data)]}
        for check in _shown_checks(verification)
    ]


# Where `verified` is in the export (in pads): the list under the document (1), a check (2), its
# trace (3), a line (4), a line's fields (5). Its text is made at these depths (_verified_text).
_VERIFIED_PAD, _CHECK_PAD, _TRACE_PAD, _LINE_PAD = 1, 2, 3, 4


class _TraceText(NamedTuple):
    """A check's trace as the export's JSON text, but for each line's text (the one part that
    depends on the language): made once per result, for every language (Check.made)."""

    indented: tuple[str, ...]   # each line after its text, as export_files writes it
    compact: tuple[str, ...]    # each line before its text, as content_hash reads it (keys sorted)


def _trace_text(check: Check, lines: dict[tuple[object, ...], tuple[str, str]]) -> _TraceText:
    """`lines`: the lines' pieces made before, by what their JSON is made from (the message's typed
    key, the rules, the rulings, the depth): a third of the glossary's trace lines are different."""
    made = check.made.get("export")
    if made is None:
        assert check.result is not None
        pieces = []
        for line, message in zip(check.result.trace, check.message_keys):
            key = (message, line.rules, line.rulings, line.depth)
            piece = lines.get(key)
            if piece is None:
                data = line_data(line)
                # A line is {"text": ..., **data}: written, its text comes first; keys sorted, last.
                assert all(name < "text" for name in data)
                piece = lines[key] = ("," + indented_json(data, depth=_LINE_PAD)[1:],
                                      json.dumps(data, sort_keys=True, ensure_ascii=False)[:-1] + ', "text": ')
            pieces.append(piece)
        made = check.made["export"] = _TraceText(tuple(p[0] for p in pieces), tuple(p[1] for p in pieces))
    return made


def _indented_list(items: list[str], depth: int) -> str:
    """A JSON list at `depth` (in pads) of items already written at depth + 1, as indented_json writes it."""
    if not items:
        return "[]"
    inner = "\n" + " " * (depth + 1)
    return "[" + inner + ("," + inner).join(items) + "\n" + " " * depth + "]"


def _verified_text(verification: Verification | None, renderer: Renderer) -> tuple[str, str]:
    """`_verified(verification, renderer)` as JSON text: as indented_json writes it where the export
    holds it, and as content_hash reads it (keys sorted). The same text, but only each line's text
    is made per language (issue 29: indenting every trace was a third of a language's export)."""
    line_head = "{\n" + " " * (_LINE_PAD + 1) + '"text": '
    indented, compact = [], []
    lines: dict[tuple[object, ...], tuple[str, str]] = {}
    for check in _shown_checks(verification):
        pieces = _trace_text(check, lines)
        texts = [_string(text) for text in renderer.said_trace(check)]
        head = _check_head(check)
        trace = _indented_list([line_head + text + after for text, after in zip(texts, pieces.indented)], _TRACE_PAD)
        closing = "\n" + " " * _CHECK_PAD + "}"
        indented.append(indented_json(head, depth=_CHECK_PAD)[:-len(closing)] + ",\n" + " " * (_CHECK_PAD + 1)
                        + '"trace": ' + trace + closing)
        compact.append(json.dumps(head, sort_keys=True, ensure_ascii=False)[:-1] + ', "trace": ['
                       + ", ".join(before + text + "}" for before, text in zip(pieces.compact, texts)) + "]}")
    return _indented_list(indented, _VERIFIED_PAD), "[" + ", ".join(compact) + "]"


def content_hash(glossary_json: dict[str, Any], verified: str | None = None, pieces: IndentedPieces | None = None) -> str:
    """The SHA-256 of the body as JSON, keys sorted. `verified`: its `verified` list as JSON text
    (_verified_text), when `glossary_json` holds the rest. `pieces`: a serve session's, whose
    pieces written so before are taken as kept (sorted_json)."""
    body = sorted_json(glossary_json, pieces) if pieces is not None else json.dumps(glossary_json, sort_keys=True, ensure_ascii=False)
    if verified is not None:
        assert "verified" not in glossary_json and all(key < "verified" for key in glossary_json)
        body = body[:-1] + ', "verified": ' + verified + "}"   # its last key, sorted
    return hashlib.sha256(body.encode()).hexdigest()


def _cards(glossary: Glossary, renderer: Renderer) -> list[dict[str, Any]]:
    """Each card with its page and its mentions, linked as the card's page links them."""
    pages = CardPages(renderer)
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


def export_glossary(glossary: Glossary, language: str, verification: Verification | None,
                    release: ReleaseStamp | None = None, renderer: Renderer | None = None) -> dict[str, Any]:
    """The whole glossary in `language`, as plain data described by SCHEMA (its links and traces as
    `renderer`, the language build's, draws them on the pages; else a Renderer of its own)."""
    renderer = renderer or Renderer(glossary, language, verification)
    body = _body(glossary, language, verification, release, renderer)
    body["verified"] = _verified(verification, renderer)
    return _document(language, content_hash(body), release, body)


def _document(language: str, hashed: str, release: ReleaseStamp | None, body: dict[str, Any]) -> dict[str, Any]:
    return {
        "$schema": SCHEMA_FILE,
        "format_version": FORMAT_VERSION,
        "language": language,
        "content_hash": hashed,
        "release": None if release is None else {"version": release.version, "date": release.date,
                                                  "unreleased_changes": release.unreleased},
        **body,
    }


def _body(glossary: Glossary, language: str, verification: Verification | None, release: ReleaseStamp | None,
          renderer: Renderer) -> dict[str, Any]:
    """The export's content but its `verified` list (which comes last)."""
    verified = {c.anchor: c.passed for c in verification.checks} if verification else {}
    chapters = []
    for chapter in glossary.chapters:
        chapters.append({
            "number": chapter.number,
            "title": chapter.title.get(language),
            "title_editorial": chapter.title_editorial,
            "stale": _stale(language, chapter.title),
            "sections": [
                {
                    "id": section.id,
                    "changed_in": _changed_in(release, section.id),
                    "title": section.title.get(language),
                    "title_editorial": section.title_editorial,
                    "stale": _stale(language, section.title),
                    "permalink": f"{page_url(chapter_page(chapter.number))}#{section.id}",
                    "sources": list(section.sources),
                    "paragraphs": [_paragraph(glossary, p, language, chapter.number, verified, release) for p in section.paragraphs],
                }
                for section in chapter.sections
            ],
        })
    body: dict[str, Any] = {
        "chapters": chapters,
        "terms": [
            {"id": t.id, "changed_in": _changed_in(release, f"term-{t.id}"),
             "title": t.title.get(language), "text": _text(t.text, language), "gap": _text(t.gap, language),
             "see": list(t.see), "sources": list(t.sources), "stale": _stale(language, t.title, t.text, t.gap)}
            for t in glossary.terms
        ],
        "game_modes": [
            {
                "id": m.id,
                # the mode's title and introduction, its sections and its deck rules
                "changed_in": _changed_in(release, f"mode-{m.id}", *(f"{m.id}-{i}" for i in range(1, len(m.blocks) + 1)),
                                          *(r.id for r in m.deck_rules)),
                "title": m.title.get(language),
                "stale": _stale(language, m.title),
                "permalink": page_url(mode_page(m.id)),
                "sources": list(m.sources),
                "deck": None if not m.deck_format else {
                    "format": m.deck_format,
                    "rules": [{"id": r.id, "changed_in": _changed_in(release, r.id), "text": r.text.get(language),
                               "stale": _stale(language, r.text), "check": r.check, "rule": r.rule}
                              for r in m.deck_rules],
                },
            }
            for m in glossary.modes
        ],
        "rulings": [
            {"id": r.id, "changed_in": _changed_in(release, f"ruling-{r.id}"), "title": r.title.get(language), "rules": list(r.rules), "authority": r.authority, "date": r.date,
             "conflict": glossary.in_language(r.conflict, language),
             "reading": glossary.in_language(r.reading, language), "why": glossary.in_language(r.why, language),
             "stale": _stale(language, r.title, r.conflict, r.reading, r.why)}
            for r in glossary.rulings
        ],
        "symbols": [{"id": s.id, "kind": s.kind, "label": s.label.get(language), "stale": _stale(language, s.label)}
                    for s in glossary.symbols.values()],
        "sources": [{"id": s.id, "title": s.title.get(language), "file": s.file, "stale": _stale(language, s.title)}
                    for s in glossary.sources.values()],
        "termbase": [
            {"id": t.id, "kind": t.kind, SOURCE.code: t.en, **{code: t.forms[code].term for code in TRANSLATIONS},
             "confirmed": t.confirmed}
            for t in glossary.termbase
        ],
        "cards": _cards(glossary, renderer),
    }
    return body


_TEXT = {"type": "string", "minLength": 1}
_OPTIONAL_TEXT = {"type": ["string", "null"]}
_STALE = {"type": "boolean", "description": (
    "true: this entry's translation was made from an older English text and may lag behind it "
    "(the English is in the `en` export); always false in English and for text not translated yet")}
_RULE = {"type": "string", "pattern": r"^[1-9]\.[0-9]{1,2}(\.[0-9]{1,2})?(\.[a-z])?$"}
_CITED = {"type": "string", "pattern": r"^[1-9]\.[0-9]{1,2}(\.[0-9]{1,2})?(\.[a-z])?(@" + VERSION.pattern.strip("^$") + ")?$",
          "description": "a rule number, or a rule as a release had it (4.3.b@2026.1: its text is that release's, v/2026.1/r/4.3.b/)"}
_CHANGED_IN = {"oneOf": [{"type": "null"}, {"type": "string", "pattern": VERSION.pattern}], "description": (
    "The release this entry last changed in, any kind of change (its text, a translation, its number, a "
    "correction), or its first release if none changed it since; null: added since the latest release (or no "
    "release yet). What changed: export/releases.json and its diff of that release")}


def _records(required: list[str], properties: dict[str, Any]) -> dict[str, Any]:
    """A list of records: objects that hold every key `properties` names and no other."""
    return {"type": "array",
            "items": {"type": "object", "additionalProperties": False, "required": required, "properties": properties}}


_CORRECTIONS = _records(["was", "now", "why"], {"was": {"type": "string"}, "now": {"type": "string"},
                                                "why": {"enum": ["typo", "grammar", "symbol", "residue"]}})

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
        "language": {"enum": list(LANGUAGES)},
        "content_hash": {"type": "string", "pattern": "^[0-9a-f]{64}$"},
        "release": {
            "description": ("The glossary release the export is (glossary/releases.yaml): its version, its date, and "
                            "whether the glossary has changed since (then the text is newer than that release). "
                            "null before the first release. Cite a rule in it as "
                            "<site>/<language>/v/<version>/r/<rule>/. Every release and what each changed: "
                            "releases.json beside this file."),
            "oneOf": [
                {"type": "null"},
                {"type": "object", "additionalProperties": False, "required": ["version", "date", "unreleased_changes"],
                 "properties": {"version": {"type": "string", "pattern": VERSION.pattern},
                                "date": {"type": "string", "format": "date"},
                                "unreleased_changes": {"type": "boolean"}}},
            ],
        },
        "verified": _records(["anchor", "rule", "kind", "trace"], {
            "anchor": _TEXT, "rule": _TEXT, "kind": _TEXT,
            "trace": {
                "description": ("What the engine did, one line per step: `message` is what the engine said as data (a "
                                "message id and its parameters, each typed: player, card, quote, term, reading, number, "
                                "rules, items, message, english), `text` its rendering in the export's language; the "
                                "English catalogue is engine/catalogue.py, the others plugins/altered_rules/strings/engine/."),
                **_records(["text", "message", "rules", "rulings", "depth"], {
                    "text": _TEXT,
                    "message": {"oneOf": [{"type": "null"}, {"$ref": "#/$defs/message"}]},
                    "rules": {"type": "array", "items": _TEXT}, "rulings": {"type": "array", "items": _TEXT},
                    "depth": {"type": "integer", "minimum": 0}}),
            },
        }),
        "chapters": _records(["number", "title", "title_editorial", "stale", "sections"], {
            "number": {"type": "string"}, "title": _TEXT, "title_editorial": {"type": "boolean"}, "stale": _STALE,
            "sections": _records(["id", "changed_in", "title", "title_editorial", "stale", "permalink", "sources", "paragraphs"], {
                "id": _RULE, "changed_in": _CHANGED_IN, "title": _TEXT, "title_editorial": {"type": "boolean"}, "stale": _STALE,
                "permalink": _TEXT, "sources": {"type": "array", "items": _TEXT},
                "paragraphs": {"type": "array", "items": {"$ref": "#/$defs/paragraph"}},
            }),
        }),
        "terms": _records(["id", "changed_in", "title", "text", "gap", "see", "sources", "stale"],
                          {"id": _TEXT, "changed_in": _CHANGED_IN, "title": _TEXT, "text": _OPTIONAL_TEXT, "gap": _OPTIONAL_TEXT, "stale": _STALE,
                           "see": {"type": "array", "items": _CITED}, "sources": {"type": "array", "items": _TEXT}}),
        "game_modes": _records(["id", "changed_in", "title", "stale", "permalink", "sources", "deck"], {
            "id": _TEXT, "changed_in": _CHANGED_IN, "title": _TEXT, "stale": _STALE, "permalink": _TEXT, "sources": {"type": "array", "items": _TEXT},
            "deck": {
                "oneOf": [
                    {"type": "null"},
                    {
                        "type": "object", "additionalProperties": False, "required": ["format", "rules"],
                        "properties": {
                            "format": {"enum": ["standard", "constructed", "multiplayer", "sealed", "draft"]},
                            "rules": _records(["id", "changed_in", "text", "stale", "check", "rule"], {
                                "id": _TEXT, "changed_in": _CHANGED_IN, "text": _TEXT, "stale": _STALE,
                                "check": {"type": "object", "description": "Closed vocabulary: see the editors' guide."},
                                "rule": {"oneOf": [{"type": "null"}, _RULE]},
                            }),
                        },
                    },
                ],
            },
        }),
        "rulings": _records(["id", "changed_in", "title", "rules", "authority", "date", "conflict", "reading", "why", "stale"],
                            {"id": _TEXT, "changed_in": _CHANGED_IN, "title": _TEXT, "rules": {"type": "array", "items": _CITED},
                             "authority": {"enum": list(RULING_AUTHORITIES)},
                             "date": {"type": "string", "pattern": "^[0-9]{4}-[0-9]{2}-[0-9]{2}$"},
                             "conflict": _TEXT, "reading": _TEXT, "why": _TEXT, "stale": _STALE}),
        "symbols": _records(["id", "kind", "label", "stale"], {"id": _TEXT, "kind": _TEXT, "label": _TEXT, "stale": _STALE}),
        "sources": _records(["id", "title", "file", "stale"], {"id": _TEXT, "title": _TEXT, "file": _OPTIONAL_TEXT, "stale": _STALE}),
        "termbase": _records(["id", "kind", *LANGUAGES, "confirmed"],
                             {"id": _TEXT, "kind": _TEXT, **{code: _TEXT for code in LANGUAGES},
                              "confirmed": {"type": "boolean"}}),
        "cards": {
            "description": "The cards the glossary names (names are proper names: the same in every language).",
            **_records(["name", "permalink", "type", "subtypes", "stats", "faction", "rarity", "names", "abilities", "mentions"], {
                "name": _TEXT, "permalink": _TEXT,
                "type": {"enum": list(CARD_TYPES)},
                "subtypes": {"type": "array", "items": _TEXT},
                "stats": {"oneOf": [{"type": "null"}, {"type": "string", "pattern": STATS.pattern}],
                          "description": "forest/mountain/water, where a source gives them"},
                "faction": _OPTIONAL_TEXT, "rarity": _OPTIONAL_TEXT,
                "names": {"type": "object", "additionalProperties": False,
                          "properties": {code: _TEXT for code in TRANSLATIONS},
                          "description": f"printed names in {', '.join(BY_CODE[code].name for code in TRANSLATIONS)}"},
                "abilities": _records(["printed", "kind"],
                                      {"printed": {**_TEXT, "description": "as printed, in English; symbols as {id}"},
                                       "kind": {"enum": list(ABILITY_KINDS)}}),
                "mentions": _records(["kind", "rule", "permalink"],
                                     {"kind": {"enum": [k.value for k in MentionKind]},
                                      "rule": {"oneOf": [{"type": "null"}, _RULE]}, "permalink": _TEXT}),
            }),
        },
    },
    "$defs": {
        "message": {
            "type": "object", "additionalProperties": False, "required": ["id", "params"],
            "properties": {"id": {"type": "string", "pattern": r"^[a-z_]+\.[A-Za-z0-9_. '-]+$"},
                           "params": {"type": "object", "additionalProperties": {"$ref": "#/$defs/param"}}},
        },
        "param": {
            "type": "object", "additionalProperties": False, "required": ["type", "value"],
            "properties": {
                "type": {"enum": ["player", "card", "quote", "term", "reading", "english", "number", "rules", "items", "message"]},
                "value": {"description": "a string (player, card, quote, term, reading, english), an integer (number), a "
                                         "list of rule numbers (rules), a list of parameters (items) or a message"},
            },
        },
        "paragraph": {
            "type": "object", "additionalProperties": False,
            "required": ["id", "changed_in", "renumbered_from", "permalink", "label", "text", "translated", "stale", "list", "items", "gap", "sources",
                         "text_from", "corrections", "notes", "verified_scenarios", "cited_by", "rulings"],
            "properties": {
                "id": _RULE,
                "changed_in": _CHANGED_IN,
                "renumbered_from": {
                    "type": "array", "description": ("The numbers this rule had in earlier releases, newest first, "
                                                     "each with the last release that numbered it so (empty: never renumbered)"),
                    "items": {"type": "object", "additionalProperties": False, "required": ["number", "until"],
                              "properties": {"number": _RULE, "until": {"type": "string", "pattern": VERSION.pattern}}}},
                "permalink": _TEXT, "label": _OPTIONAL_TEXT, "text": _TEXT,
                "translated": {"type": "boolean", "description": "false: the text is the English, not translated yet"},
                "stale": _STALE,
                "list": {"enum": [None, "ordered", "unordered"]},
                "items": {"type": "array", "items": _TEXT},
                "gap": {"type": ["string", "null"], "description": "Text lost in every source, when some is"},
                "sources": {"type": "array", "items": _TEXT},
                "text_from": _OPTIONAL_TEXT,
                "corrections": _CORRECTIONS,
                "notes": _records(["kind", "text", "gap", "stale", "verified", "corrections"],
                                  {"kind": {"enum": ["remark", "example"]}, "text": _TEXT, "gap": _OPTIONAL_TEXT, "stale": _STALE,
                                   "verified": {"type": "boolean"}, "corrections": _CORRECTIONS}),
                "verified_scenarios": {"type": "integer", "minimum": 0},
                "cited_by": {"type": "array", "items": _TEXT},
                "rulings": {"type": "array", "items": _TEXT},
            },
        },
    },
}


# The depths (in pads) whose objects and arrays a serve session keeps as text: a chapter, a card,
# a ruling (2); a section (4); a paragraph (6).
_KEPT_DEPTHS = (2, 4, 6)


class IndentedPieces:
    """A `mkdocs serve` session's JSON pieces (issue 29): each object or array at a _KEPT_DEPTHS
    depth, as indented text and as the content hash writes it (sorted keys), under its compact JSON
    (the C encoder's, a fraction of the cost of either) and its depth. An edit to one rule writes its
    chapter, section and paragraph again; the other pieces are the text kept. The same JSON gives the
    same text, so what is written is byte for byte what a build that keeps nothing writes."""

    def __init__(self, limit: int = 20_000) -> None:
        self._kept: Cache[tuple[int, str], str] = Cache("export's indented pieces", limit)
        self._sorted: Cache[tuple[int, str], str] = Cache("export's sorted pieces", limit)
        self.indented = 0   # pieces indented (not found here) this session
        self.sorted = 0     # pieces written with sorted keys (not found here) this session
        # While export_files writes one export: each piece's compact JSON by the piece (its id: the
        # export's data is alive meanwhile), made once for the hash and the indented text.
        self._compact: dict[int, str] | None = None

    def get(self, depth: int, compact: str) -> str | None:
        return self._kept.get((depth, compact))

    def keep(self, depth: int, compact: str, text: str) -> None:
        self._kept.put((depth, compact), text)
        self.indented += 1

    def compact(self, node: Any) -> str:
        """`node` as compact JSON."""
        if self._compact is None:
            return json.dumps(node, ensure_ascii=False, separators=(",", ":"))
        text = self._compact.get(id(node))
        if text is None:
            text = self._compact[id(node)] = json.dumps(node, ensure_ascii=False, separators=(",", ":"))
        return text

    def sorted_piece(self, depth: int, node: Any, write: Any) -> str:
        """The piece as json.dumps(sort_keys=True) writes it: kept, or made by `write` and kept."""
        key = (depth, self.compact(node))
        text = self._sorted.get(key)
        if text is None:
            text = self._sorted.put(key, write())
            self.sorted += 1
        return text

    @contextmanager
    def one_export(self) -> Iterator[None]:
        """While one export is written: compact JSON made once per piece, forgotten after."""
        self._compact = {}
        try:
            yield
        finally:
            self._compact = None


def sorted_json(value: Any, pieces: IndentedPieces) -> str:
    """`json.dumps(value, sort_keys=True, ensure_ascii=False)`, the same text, the pieces written
    before for the same JSON taken from `pieces`."""

    def write(node: Any, depth: int) -> str:
        if depth in _KEPT_DEPTHS and isinstance(node, (dict, list, tuple)) and node:
            return pieces.sorted_piece(depth, node, lambda: write_node(node, depth))
        return write_node(node, depth)

    def write_node(node: Any, depth: int) -> str:
        if isinstance(node, dict) and node and all(isinstance(key, str) for key in node):
            return "{" + ", ".join(_string(key) + ": " + write(item, depth + 1) for key, item in sorted(node.items())) + "}"
        if isinstance(node, (list, tuple)) and node:
            return "[" + ", ".join(write(item, depth + 1) for item in node) + "]"
        return json.dumps(node, sort_keys=True, ensure_ascii=False)

    return write(value, 0)


def indented_json(value: Any, pieces: IndentedPieces | None = None, depth: int = 0) -> str:
    """`json.dumps(value, ensure_ascii=False, indent=1)`, the same text, in a fifth of the time:
    with an indent, the json module leaves its C encoder for a generator per value, and the
    export (every verified trace, line by line) was a third of what a language's build added
    after MkDocs (issue 29). Strings go through the C encoder's own escaping. With `pieces` (a
    serve session), the pieces indented before for the same JSON are taken as they were.
    `depth`: the value as written that many levels down a document (its inner lines indented so)."""
    parts: list[str] = []
    add = parts.append

    def write(node: Any, pad: str) -> None:
        if pieces is not None and len(pad) in _KEPT_DEPTHS and isinstance(node, (dict, list, tuple)) and node:
            compact = pieces.compact(node)
            text = pieces.get(len(pad), compact)
            if text is None:
                start = len(parts)
                write_node(node, pad)
                text = "".join(parts[start:])
                del parts[start:]
                pieces.keep(len(pad), compact, text)
            add(text)
            return
        write_node(node, pad)

    def write_node(node: Any, pad: str) -> None:
        if isinstance(node, str):
            add(_string(node))
        elif node is None:
            add("null")
        elif node is True:
            add("true")
        elif node is False:
            add("false")
        elif isinstance(node, int):
            add(int.__repr__(node))
        elif isinstance(node, float):
            add(json.dumps(node))
        elif isinstance(node, dict):
            if not node:
                add("{}")
                return
            inner = "\n" + pad + " "
            separator = "{" + inner
            for key, item in node.items():
                add(separator + _string(key if isinstance(key, str) else json.dumps(key)) + ": ")
                write(item, pad + " ")
                separator = "," + inner
            add("\n" + pad + "}")
        elif isinstance(node, (list, tuple)):
            if not node:
                add("[]")
                return
            inner = "\n" + pad + " "
            separator = "[" + inner
            for item in node:
                add(separator)
                write(item, pad + " ")
                separator = "," + inner
            add("\n" + pad + "]")
        else:
            raise TypeError(f"Object of type {type(node).__name__} is not JSON serializable")

    write(value, " " * depth)
    return "".join(parts)


def export_files(glossary: Glossary, language: str, verification: Verification | None,
                 release: ReleaseStamp | None = None, renderer: Renderer | None = None,
                 pieces: IndentedPieces | None = None) -> dict[str, str]:
    """`export/glossary.json` and its schema, as text, for the language's site. `pieces`: a serve
    session's indented pieces (IndentedPieces), None in a build."""
    renderer = renderer or Renderer(glossary, language, verification)
    with pieces.one_export() if pieces is not None else nullcontext():
        body = _body(glossary, language, verification, release, renderer)
        indented, compact = _verified_text(verification, renderer)
        document = indented_json(_document(language, content_hash(body, compact, pieces), release, body), pieces)
        # export_glossary's JSON: `verified` is its last key (document[-2:] closes the object).
        return {
            "export/glossary.json": document[:-2] + ',\n "verified": ' + indented + "\n}\n",
            f"export/{SCHEMA_FILE}": indented_json(SCHEMA, pieces) + "\n",
        }
