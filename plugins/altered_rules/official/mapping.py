"""The imported document as the glossary's YAML, with what rides on each rule following it.

- sections and subsections: `rules/<chapter>/<id>.yaml` (title, sources, a heading's own text as
  `body:`, never an invented letter); lettered rules: paragraphs (label, text, list and items,
  remarks and examples in print order, `sources`, `text_from`);
- chapters.yaml: the document's chapter titles (no longer editorial), chapter 5 included;
- terms/<id>.yaml for the document's glossary; sources.yaml: the source with its version,
  effective date and file hash; symbols the glossary lacks; external rules that are now real;
- what rides on a matched rule follows it: its scenarios (every rule number in them renamed, as
  `renumber` does), its translations (re-stamped where the English is unchanged once typography
  is normalised, else left stale for the translators), its `no_scenario`;
- a rule with no counterpart is not lost: its scenarios go to the review file, listed.

`plan` returns every file's new text (None: the file goes) and what the report says; it writes
nothing (importing.py does, all or nothing).
"""

from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import yaml

from ..content.glossary.identity import WAS_NEW, mask_references, rename_references
from ..content.glossary.model import Glossary, english_hash
from ..content.glossary.releases import Entry, Snapshot, editable_yaml_files
from ..content.sourcefiles import load_yaml_file
from ..content.yamlsource import plain_data
from .matching import Result
from .decisions import Hedged, Stated, read_statements
from .superseded import Superseded
from .model import Document, EntryKind, kind_of

GENERATED = "# {what}. Written by `altered-rules import` from {source}; edit it, a new import keeps what rides on it.\n"
SUPPORT = {"id": "support", "kind": "cost",
           "label": {"en": "Support ability (usable from Reserve)", "fr": "Capacité de soutien (utilisable depuis la Réserve)",
                     "it": "Abilità di supporto (utilizzabile dalla Riserva)"},
           "glyph": {"en": "sup", "fr": "sou", "it": "sup"}, "color": "#00838f"}

def _mana(amount: str) -> dict:
    return {"id": f"mana-{amount.lower()}", "kind": "cost",
            "label": {"en": f"{amount} Mana", "fr": f"{amount} de Mana", "it": f"{amount} di mana"},
            "glyph": amount, "color": "#3949ab"}


# Symbols the readers write and the seeds' vocabulary may lack: the support icon and the mana
# circles of the icon font (the PDF reader reads them; a text dump leaves digits). The Tumult
# pairs (two region glyphs side by side) stay two region symbols.
NEW_SYMBOLS = {"support": SUPPORT, **{f"mana-{a.lower()}": _mana(a) for a in ("1", "2", "3", "X")}}
_QUOTES = str.maketrans({"“": '"', "”": '"', "‘": "'", "’": "'", "–": "-", "—": "-"})


def _printed_typos() -> list[tuple[str, str, str]]:
    """The lint's known defects that have a plain fix (lint.KNOWN_DEFECTS: "the the" -> "the"):
    when the official text prints one, the import writes the fix and records it as a correction."""
    from ..content.lint import KNOWN_DEFECTS

    return [(pattern, fix, "grammar" if re.search(r"(\w+) \1\b", pattern) else "typo")   # a doubled word: grammar
            for pattern, fix in KNOWN_DEFECTS.items() if re.fullmatch(r"[A-Za-z ]+", fix)]


def corrected(text: str, corrections: list[dict[str, str]]) -> str:
    """`text` with the typos the document prints fixed, each fix added to `corrections`."""
    for pattern, fix, why in _printed_typos():
        for found in re.finditer(pattern, text):
            correction = {"was": found.group(0), "now": fix, "why": why}
            if correction not in corrections:
                corrections.append(correction)
        text = re.sub(pattern, fix, text)
    return text


@dataclass
class Riding:
    """What followed one imported rule from the glossary."""

    scenarios: int = 0
    restamped: int = 0
    stale: int = 0
    notes: int = 0
    dropped: list[str] = field(default_factory=list)     # seeds' gap/corrections the official text replaces
    typos: list[dict[str, str]] = field(default_factory=list)   # typos the document prints, corrected and recorded


@dataclass
class Plan:
    files: dict[Path, str | None] = field(default_factory=dict)
    riding: dict[str, Riding] = field(default_factory=dict)      # new id -> what rode on it
    review: list[dict[str, Any]] = field(default_factory=list)   # rules with no counterpart that carried scenarios
    untranslated: int = 0
    terms: dict[str, str] = field(default_factory=dict)          # term id -> "added" | "continued"
    pins: dict[str, str] = field(default_factory=dict)           # removed rule -> its number pinned ("4.3.b@2026.1")
    pinned: dict[str, list[str]] = field(default_factory=dict)   # removed rule -> the files whose citations were pinned
    pages: dict[str, int] = field(default_factory=dict)          # hand-written page (docs/en/x.md) -> numbers rewritten or pinned
    engine: list[str] = field(default_factory=list)              # "engine/x.py:12: cites ..." (not rewritten: the editors' to check)
    supersedes: dict[str, list[str]] = field(default_factory=dict)   # imported rule -> the pinned rules whose content it holds
    decides: dict[str, dict[str, str]] = field(default_factory=dict)  # imported rule or heading -> the `decides:` the import writes
    stated: list[Stated] = field(default_factory=list)               # what the document was read to decide (official.decisions)
    decided: set[str] = field(default_factory=set)                   # every question the imported glossary decides
    decision_notes: list[tuple[str, str]] = field(default_factory=list)   # (entry, what the editors should check)
    decision_problems: list[Hedged] = field(default_factory=list)   # what the import would not declare (official.decisions)


def typography(text: str) -> str:
    """The English as compared for a translation's re-stamp: ligatures, quotes, dashes, case, spaces."""
    return " ".join(mask_references(unicodedata.normalize("NFKC", text)).translate(_QUOTES).casefold().split())


def slug(text: str) -> str:
    ascii_text = unicodedata.normalize("NFKD", text).encode("ascii", "ignore").decode()
    return re.sub(r"[^a-z0-9]+", "-", ascii_text.lower()).strip("-") or "term"


def document_snapshot(document: Document) -> Snapshot:
    """The document's rules as a release's entries, for the matcher."""
    entries: dict[str, Entry] = {}
    for entry in document.entries:
        kind = kind_of(entry.id)
        group = f"chapter-{entry.id.split('.')[0]}"
        if kind is EntryKind.CHAPTER:
            continue
        if kind is EntryKind.RULE:
            fields: list[tuple[str, dict[str, str]]] = []
            if entry.label:
                fields.append(("label", {"en": entry.label}))
            fields.append(("text", {"en": entry.text}))
            fields += [(f"item.{i}", {"en": item}) for i, item in enumerate(entry.items, 1)]
            counts: dict[str, int] = {}
            for note in entry.notes:
                counts[note.kind] = counts.get(note.kind, 0) + 1
                fields.append((f"{note.kind}.{counts[note.kind]}", {"en": note.text}))
            entries[entry.id] = Entry(entry.id, "paragraph", group, tuple(fields))
        else:
            entries[entry.id] = Entry(entry.id, "section", group, (("title", {"en": entry.title}),))
    return Snapshot("import", {}, entries)


def _hash_of(mapping: dict[str, Any], language: str) -> str | None:
    recorded = mapping.get("from")
    if isinstance(recorded, dict):
        return recorded.get(language)
    return recorded if isinstance(recorded, str) else None


def carry(old: dict[str, Any] | None, english: str, renames: dict[str, str], riding: Riding | None) -> dict[str, Any]:
    """A text mapping: the new English, and the old translations where there were some:
    re-stamped when the English is the same once typography is normalised, else stale."""
    text: dict[str, Any] = {"en": english}
    if not isinstance(old, dict) or not old.get("en"):
        return text
    same = typography(str(old["en"])) == typography(english)
    hashes: dict[str, str] = {}
    for language in ("fr", "it"):
        if not old.get(language):
            continue
        text[language] = _refer(str(old[language]), renames)
        recorded = _hash_of(old, language)
        current = recorded == english_hash(str(old["en"]))
        if same and current:
            hashes[language] = english_hash(english)
            if riding:
                riding.restamped += 1
        elif recorded:
            hashes[language] = recorded
            if riding:
                riding.stale += 1
    if hashes:
        text["from"] = next(iter(hashes.values())) if len(set(hashes.values())) == 1 and len(hashes) == len(
            [lang for lang in ("fr", "it") if lang in text]) else hashes
    return text


_QUOTED = re.compile(r"\{rule-text ([1-9]\.[0-9]{1,2}(?:\.[0-9]{1,2})?\.[a-z])(-(?:remark|example|item)-[0-9]+)?\}")


def _refer(text: str, renames: dict[str, str]) -> str:
    """`text` with its rule numbers renamed (renumber's code, identity.rename_references), where
    `renames` also maps each removed rule to itself as the latest release had it ("4.3.b" ->
    "4.3.b@2026.1"): a citation pinned keeps quoting the text it was written against, and a
    quotation's anchor keeps its part ("{rule-text 4.3.h-item-2@2026.1}")."""
    def quoted(match: re.Match[str]) -> str:
        pinned = renames.get(match.group(1), "")
        if "@" not in pinned:
            return match.group(0)
        rule, version = pinned.split("@")
        return f"{{rule-text {rule}{match.group(2) or ''}@{version}}}"

    return rename_references(_QUOTED.sub(quoted, text), renames)


def pins(result: Result, old_paragraphs: dict[str, dict], release: Snapshot | None) -> dict[str, str]:
    """Each rule no imported rule continues -> its number pinned to the latest release that held it
    ("4.3.b@2026.1", through a `was:` the glossary holds); none without a release, or for a rule
    added since it (its citations then stop the import, as any citation of a rule that is gone)."""
    if release is None:
        return {}
    out = {}
    for key in result.removed:
        was = live_was(key, old_paragraphs.get(key), release)
        origin = key if not was or was == WAS_NEW else was
        if origin in release.entries and not was == WAS_NEW:
            out[key] = f"{origin}@{release.version}"
    return out


def live_was(key: str, old: dict | None, release: Snapshot) -> str | None:
    """The glossary's `was:` on rule `key`, if it still speaks of `release`: one the release holds
    on that rule too was written against the release before, and is ignored (identity.match's rule),
    so a re-import after recording a release finds every rule continued, not new."""
    was = (old or {}).get("was")
    if not was:
        return None
    held = release.entries.get(key)
    return None if held is not None and held.was == str(was) else str(was)


def _renamed(data: Any, renames: dict[str, str]) -> Any:
    """Every string of a scenario with its rule numbers renamed (renumber's code)."""
    if isinstance(data, dict):
        return {k: _renamed(v, renames) for k, v in data.items()}
    if isinstance(data, list):
        return [_renamed(v, renames) for v in data]
    return _refer(data, renames) if isinstance(data, str) else data


def _dump(data: Any) -> str:
    return yaml.safe_dump(data, sort_keys=False, allow_unicode=True, width=100, default_flow_style=None)


def _old_rules(glossary: Glossary) -> tuple[dict[str, dict], dict[str, dict], dict[str, Path]]:
    """The glossary's section files as plain data: section id -> data, paragraph id -> data."""
    sections: dict[str, dict] = {}
    paragraphs: dict[str, dict] = {}
    files: dict[str, Path] = {}
    for section in glossary.sections.values():
        data = plain_data(load_yaml_file(section.file))
        sections[section.id] = data
        files[section.id] = Path(section.file).resolve()   # the loader shows paths relative to the working folder
        for paragraph in data.get("paragraphs") or []:
            paragraphs[str(paragraph["id"])] = paragraph
    return sections, paragraphs, files


def _code_versions(text: str, versions: list[str]) -> str:
    """"version 2.0": the number put in code, so that it is not read as a reference to a rule."""
    for number in versions:
        text = re.sub(rf"(\bversions?\s+){re.escape(number)}\b", rf"\1`{number}`", text)
    return text


def plan(root: Path, glossary: Glossary, document: Document, result: Result, source: str,
         release: Snapshot | None, superseded: dict[str, Superseded] | None = None) -> Plan:
    out = Plan()
    old_sections, old_paragraphs, old_files = _old_rules(glossary)
    out.pins = pins(result, old_paragraphs, release)
    # A removed rule whose content went into an imported rule (superseded.py): the imported rule
    # says so, `supersedes: [4.3.a@2026.1]`, and the pinned citations read "now in 4.2.5.d".
    for key, found in (superseded or {}).items():
        if key in out.pins:
            for rule in found.rules:
                out.supersedes.setdefault(rule, []).append(out.pins[key])
    renames = {**result.renames, **out.pins}   # disjoint: a rule renamed was continued, a rule pinned was not
    _decisions(document, result, old_sections, old_paragraphs, out)
    versions = {t.entry: re.findall(r"'([^']+)'", t.message)[0] for t in document.tasks if t.kind == "version-number"}
    by_parent: dict[str, list] = {}
    for entry in document.entries:
        if entry.parent:
            by_parent.setdefault(entry.parent, []).append(entry)
    written: set[Path] = set()
    for entry in document.entries:
        kind = kind_of(entry.id)
        if kind in (EntryKind.CHAPTER, EntryKind.RULE):
            continue
        pair = result.pairs.get(entry.id)
        old = old_sections.get(pair.old) if pair else None
        data: dict[str, Any] = {"id": entry.id, "title": carry(old.get("title") if old else None, entry.title, renames, None),
                                "sources": [source]}
        if entry.text or entry.items or entry.notes:
            body: dict[str, Any] = {}
            if entry.text:
                body["text"] = {"en": entry.text}
            if entry.items:
                body["list"], body["items"] = entry.list_kind, [{"en": item} for item in entry.items]
            if entry.notes:
                body["notes"] = [{"kind": n.kind, "text": {"en": n.text}} for n in entry.notes]
            decides = {**_body_decides(old), **out.decides.get(entry.id, {})}
            if decides:
                body["decides"] = decides   # the editors' declaration (engine.decisions) rides on the body
            data["body"] = body
        data["paragraphs"] = [_paragraph(rule, result, old_paragraphs, renames, source, release, versions, glossary, out)
                              for rule in by_parent.get(entry.id, []) if kind_of(rule.id) is EntryKind.RULE]
        path = root / "rules" / entry.id.split(".")[0] / f"{entry.id}.yaml"
        out.files[path] = GENERATED.format(what=f"Section {entry.id}", source=source) + _dump(data)
        written.add(path)
    for _sid, path in old_files.items():
        if path not in written:
            out.files[path] = None
    matched_old = {p.old for p in result.pairs.values()}
    for pid, data in old_paragraphs.items():
        if pid not in matched_old and (data.get("scenarios") or any(n.get("scenario") for n in data.get("notes") or [])):
            out.review.append({"was": pid, "text": data.get("text"), "scenarios": _renamed(data.get("scenarios") or [], renames),
                               "example_scenarios": [_renamed(n["scenario"], renames) for n in data.get("notes") or [] if n.get("scenario")]})
    _chapters(root, glossary, document, out)
    _terms(root, glossary, document, source, renames, out)
    _sources(root, document, source, out)
    _symbols(root, glossary, document, out)
    _external(root, glossary, document, out)
    _elsewhere(root, renames, out)
    _pages(root, renames, out)
    out.engine = _engine_citations(root, renames, {e.id for e in document.entries})
    out.untranslated = sum(1 for text in _texts_written(out) if not text.get("fr") or not text.get("it"))
    for key, pinned in out.pins.items():
        citing = sorted(str(path.relative_to(root)) for path, text in out.files.items()
                        if text is not None and pinned in _SUPERSEDES.sub("", text) and path.resolve().is_relative_to(root.resolve()))
        if citing:
            out.pinned[key] = citing
    for row in out.review:
        row["pinned_as"] = out.pins.get(row["was"])
        row["cited_by"] = out.pinned.get(row["was"], [])
    known = {row["was"] for row in out.review}
    out.review += [{"was": key, "pinned_as": out.pins[key], "cited_by": files} for key, files in out.pinned.items() if key not in known]
    if out.review:
        review = root.parent / f"import-review-{source}.yaml"
        out.files[review] = ("# Rules of the glossary that the import of " + source + " continued with no rule: their scenarios,\n"
                             "# kept for the editors to place again (altered-rules import). Nothing here is read by the site.\n"
                             + _dump(out.review))
    return out


# A rule's `supersedes: [4.3.a@2026.1]` as _dump writes it (a flow list): where a removed rule's
# content is now, no citation of it.
_SUPERSEDES = re.compile(r"^\s*supersedes: \[[^\]]*\]", re.MULTILINE)


def _texts_written(out: Plan):
    for path, text in out.files.items():
        if text is None or path.suffix != ".yaml" or "rules" not in path.parts:
            continue
        data = yaml.safe_load(text)
        for paragraph in data.get("paragraphs") or []:
            yield paragraph["text"]


def _paragraph(rule, result: Result, old_paragraphs: dict[str, dict], renames: dict[str, str], source: str,
               release: Snapshot | None, versions: dict[str, str], glossary: Glossary, out: Plan) -> dict[str, Any]:
    pair = result.pairs.get(rule.id)
    old = old_paragraphs.get(pair.old) if pair else None
    riding = Riding()
    out.riding[rule.id] = riding
    numbers = [versions[rule.id]] if rule.id in versions else []
    fixes: list[dict[str, str]] = []
    text = corrected(_code_versions(rule.text, numbers), fixes)
    data: dict[str, Any] = {"id": rule.id}
    if rule.label:
        data["label"] = carry(old.get("label") if old else None, rule.label, renames, riding)
    data["text"] = carry(old.get("text") if old else None, text, renames, riding)
    if rule.items:
        old_items = (old.get("items") if old else None) or []
        data["list"] = rule.list_kind
        data["items"] = [carry(old_items[i] if i < len(old_items) and isinstance(old_items[i], dict) else None,
                               corrected(_code_versions(item, numbers), fixes), renames, riding)
                         for i, item in enumerate(rule.items)]
    if rule.notes:
        old_notes = (old.get("notes") if old else None) or []
        notes = []
        for i, note in enumerate(rule.notes):
            before = old_notes[i] if i < len(old_notes) and old_notes[i].get("kind") == note.kind else None
            note_fixes: list[dict[str, str]] = []
            item: dict[str, Any] = {"kind": note.kind, "text": carry(before.get("text") if before else None,
                                                                     corrected(_code_versions(note.text, numbers), note_fixes),
                                                                     renames, riding)}
            if note_fixes:
                item["corrections"] = note_fixes
                riding.typos += note_fixes
            if before and before.get("scenario"):
                item["scenario"] = _renamed(before["scenario"], renames)
                riding.scenarios += 1
            notes.append(item)
            riding.notes += 1
        data["notes"] = notes
    if fixes:
        data["corrections"] = fixes
        riding.typos += fixes
    data["sources"] = [source]
    data["text_from"] = source
    was = _was(rule.id, pair.old if pair else None, old, release)
    if was:
        data["was"] = was
    held = list(dict.fromkeys([*((old or {}).get("supersedes") or []), *out.supersedes.get(rule.id, [])]))
    if held:
        data["supersedes"] = held
    if old:
        for key in ("gap", "corrections"):
            if old.get(key):
                riding.dropped.append(key)
        if old.get("scenarios"):
            data["scenarios"] = _renamed(old["scenarios"], renames)
            riding.scenarios += len(old["scenarios"])
        if old.get("no_scenario"):
            data["no_scenario"] = old["no_scenario"]
    decides = {**((old or {}).get("decides") or {}), **out.decides.get(rule.id, {})}
    if decides:
        data["decides"] = decides   # the editors' declaration (engine.decisions) rides on the rule
    return data


def _decisions(document: Document, result: Result, old_sections: dict[str, dict], old_paragraphs: dict[str, dict],
               out: Plan) -> None:
    """The `decides:` the import writes (official.decisions): a question the document's rules state
    an answer to, unless the glossary's own declaration for it rides on a rule the import continues
    (an editor's, or an earlier import's, wins; where it now sits elsewhere, the editors are told)."""
    def declared(old_id: str) -> dict[str, str]:
        if old_id in old_paragraphs:
            return old_paragraphs[old_id].get("decides") or {}
        return _body_decides(old_sections.get(old_id))

    carried = {key: new for new, pair in result.pairs.items() for key in declared(pair.old)}
    out.decided = set(carried)
    stated, out.decision_problems = read_statements(document)
    for found in stated:
        key = found.question.value
        if key in carried:
            if carried[key] != found.entry:
                out.decision_notes.append((found.entry, f"{found.entry} states an answer to {key}, which the glossary's "
                                                        f"`decides:` on {carried[key]} already gives: kept there; move it "
                                                        f"if {found.entry} is the rule that decides it"))
            continue
        out.decides.setdefault(found.entry, {})[key] = found.answer
        out.stated.append(found)
        out.decided.add(key)
    for old_id in result.removed:
        for key, answer in declared(old_id).items():
            if key not in out.decided:
                out.decision_notes.append((old_id, f"{old_id}: no rule continues it, and its `decides: {{{key}: {answer}}}` "
                                                   "goes with it: the engine no longer follows it; declare it on the rule "
                                                   "that decides it now, if one does"))


def _body_decides(section: dict | None) -> dict[str, str]:
    """The `decides:` (engine.decisions) on a glossary section's body, if it has one."""
    body = (section or {}).get("body")
    return (body.get("decides") or {}) if isinstance(body, dict) else {}


def _was(new: str, old_id: str | None, old: dict | None, release: Snapshot | None) -> str | None:
    """The `was:` against the latest release: the number the rule had there (through a `was:` the
    glossary already holds), `new` where the release holds this number for another rule."""
    if release is None:
        return None
    origin: str | None = old_id
    was = live_was(new if old_id is None else old_id, old, release)
    if was:
        origin = None if was == WAS_NEW else was
    if origin and origin != new and origin in release.entries:
        return origin
    if (origin is None or origin not in release.entries) and new in release.entries:
        return WAS_NEW
    # a `was:` written against an earlier release says nothing now: left as the editors wrote it
    return str(old["was"]) if old and old.get("was") and not was else None


def _chapters(root: Path, glossary: Glossary, document: Document, out: Plan) -> None:
    path = root / "chapters.yaml"
    old = {str(c["number"]): c for c in plain_data(load_yaml_file(path)) or []} if path.is_file() else {}
    rows = []
    for entry in document.entries:
        if kind_of(entry.id) is EntryKind.CHAPTER:
            before = old.get(entry.id)
            rows.append({"number": int(entry.id), "title": carry(before.get("title") if before else None, entry.title, {}, None),
                         "title_editorial": False})
    out.files[path] = "# The chapters of the official Complete Rules (altered-rules import).\n" + _dump(rows)


def _terms(root: Path, glossary: Glossary, document: Document, source: str, renames: dict[str, str], out: Plan) -> None:
    seen: dict[str, int] = {}
    for term in document.glossary:
        tid = slug(term.term)
        seen[tid] = seen.get(tid, 0) + 1
        if seen[tid] > 1:
            tid = f"{tid}-{seen[tid]}"
        path = root / "terms" / f"{tid}.yaml"
        old = plain_data(load_yaml_file(path)) if path.is_file() else None
        data = {"id": tid, "title": carry(old.get("title") if old else None, term.term, {}, None),
                "text": carry(old.get("text") if old else None, term.definition, {}, None), "sources": [source]}
        if old and old.get("see"):
            data["see"] = _renamed(old["see"], renames)
        out.terms[tid] = "continued" if old else "added"
        out.files[path] = GENERATED.format(what=f"Term {term.term}", source=source) + _dump(data)


def _sources(root: Path, document: Document, source: str, out: Plan) -> None:
    path = root / "sources.yaml"
    rows = plain_data(load_yaml_file(path)) or []
    version = document.version or "?"
    title = {"en": f"Complete Rules {version}", "fr": f"Règles complètes {version}", "it": f"Regole complete {version}"}
    description = {"en": f"The official Complete Rules, version {version}, effective {document.effective}. No licence is stated: "
                         "the site shows the text, the repository's importer reads the editor's copy.",
                   "fr": f"Les Règles complètes officielles, version {version}, en vigueur le {document.effective}. Aucune licence "
                         "n'est indiquée : le site montre le texte, l'importeur du dépôt lit la copie de la rédaction.",
                   "it": f"Le Regole complete ufficiali, versione {version}, in vigore dal {document.effective}. Nessuna licenza "
                         "è indicata: il sito mostra il testo, l'importatore del repository legge la copia della redazione."}
    for text in (title, description):
        text["from"] = english_hash(text["en"])
    entry = {"id": source, "title": title, "description": description, "version": version, "date": document.effective,
             "sha256": document.sha256, "licence": "none stated"}
    rows = [row for row in rows if row.get("id") != source] + [entry]
    out.files[path] = "# Where the text of each entry comes from (seeds, the editors, the official rules).\n" + _dump(rows)


def _symbols(root: Path, glossary: Glossary, document: Document, out: Plan) -> None:
    used = set()
    for entry in document.entries:
        for text in (entry.title, entry.text, *entry.items, *(n.text for n in entry.notes)):
            used |= set(re.findall(r"\{([a-z0-9-]+)\}", text))
    for term in document.glossary:   # the document's glossary writes symbols too (the Mana term: its circles)
        used |= set(re.findall(r"\{([a-z0-9-]+)\}", term.term + " " + term.definition))
    missing = [NEW_SYMBOLS[s] for s in sorted(used) if s not in glossary.symbols and s in NEW_SYMBOLS]
    if not missing:
        return
    path = root / "symbols.yaml"
    text = path.read_text(encoding="utf-8")
    for symbol in missing:
        label = dict(symbol["label"], **{"from": english_hash(symbol["label"]["en"])})
        text = text.rstrip("\n") + "\n" + yaml.safe_dump([dict(symbol, label=label)], sort_keys=False, allow_unicode=True,
                                                         default_flow_style=None, width=1000)
    out.files[path] = text


def _external(root: Path, glossary: Glossary, document: Document, out: Plan) -> None:
    path = root / "external-rules.yaml"
    if not path.is_file():
        return
    numbers = {e.id for e in document.entries}
    rows = plain_data(load_yaml_file(path)) or []
    kept = [row for row in rows if str(row.get("id")) not in numbers]
    if len(kept) != len(rows):
        out.files[path] = ("# Rules that the text cites but that no source contains (shown as such, never invented).\n"
                           + (_dump(kept) if kept else "[]\n"))


def _elsewhere(root: Path, renames: dict[str, str], out: Plan) -> None:
    """Every other file citing a renumbered rule (rulings, modes, terms' `see`...), rewritten by
    renumber's code path."""
    if not renames:
        return
    for path in editable_yaml_files(root):
        if path in out.files or path.parent.name in {"1", "2", "3", "4", "5", "6", "7", "8", "9"}:
            continue
        text = path.read_text(encoding="utf-8")
        renamed = _refer(text, renames)
        if renamed != text:   # (pins included: a ruling citing a removed rule cites it as the release had it)
            out.files[path] = restamped(text, renamed, renames)


def _pages(root: Path, renames: dict[str, str], out: Plan) -> None:
    """The hand-written pages (docs/<language>/*.md, the project's own files as the glossary is)
    with the rule numbers of their prose renamed, or pinned where no rule continues one
    ("4.3.h" -> "4.3.h@2026.1"): a number left as it was would name another rule, or none."""
    from ..content.page_prose import page_files, rename_page_references

    if not renames:
        return
    for path in page_files(root.parent / "docs"):
        text = path.read_text(encoding="utf-8")
        renamed, count = rename_page_references(text, renames)
        if renamed != text:
            out.files[path.resolve()] = renamed
            out.pages[str(path.relative_to(root.parent))] = count


def _engine_citations(root: Path, renames: dict[str, str], numbers: set[str]) -> list[str]:
    """`engine/x.py:line: cites N (now M)` for each old number the engine's code cites (its traces'
    citations and messages): never rewritten, listed for the editors; "names another rule" where
    the document gives that number to another rule, the case nothing else would show."""
    from ..content.glossary.identity import REFERENCE

    engine = root.parent / "engine"
    found = []
    for path in sorted(engine.rglob("*.py")) if engine.is_dir() else []:
        if path.is_symlink() or not path.is_file():
            continue
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
            cited = sorted({m.group(1) for m in REFERENCE.finditer(line) if m.group(1) in renames})
            if cited:
                found.append(f"{path.relative_to(root.parent)}:{number}: cites " + ", ".join(
                    f"{old} (now {renames[old]}{'; the document gives ' + old + ' to another rule' if old in numbers else ''})"
                    for old in cited))
    return found


def restamped(before: str, after: str, renames: dict[str, str]) -> str:
    """`after` (the file `before` with its rule numbers renamed or pinned) with the `from:` of each
    translation that was current, and cites the numbers touched as often as its English does,
    set to its new English (identity.explained_hash's rule): translators see no change where only
    numbers changed."""
    from ..content.glossary.identity import _counts

    touched = set(renames)
    hashes: dict[str, str] = {}

    def walk(old: Any, new: Any) -> None:
        if isinstance(old, dict) and isinstance(new, dict):
            if isinstance(old.get("en"), str) and isinstance(new.get("en"), str) and old["en"] != new["en"]:
                for language in ("fr", "it"):
                    recorded = _hash_of(old, language)
                    if (recorded and recorded == english_hash(old["en"]) and isinstance(old.get(language), str)
                            and _counts(old["en"], touched) == _counts(old[language], touched)):
                        hashes[recorded] = english_hash(new["en"])
            for key in old:
                if key in new:
                    walk(old[key], new[key])
        elif isinstance(old, list) and isinstance(new, list):
            for a, b in zip(old, new):
                walk(a, b)

    try:
        walk(yaml.safe_load(before), yaml.safe_load(after))
    except yaml.YAMLError:
        return after
    for old_hash, new_hash in hashes.items():
        after = re.sub(rf"(?<![0-9a-f]){old_hash}(?![0-9a-f])", new_hash, after)
    return after
