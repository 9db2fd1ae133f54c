"""Reading and checking the glossary folder.

`load_glossary(root)` reads every YAML file, checks it against the schema and
the cross-references, and returns a `Glossary`, or raises `GlossaryError`
listing every problem found (file, line, what is wrong, what is allowed), so
that an editor fixes them all in one pass. The work is done in four steps, one module each:
reading.py (the folder and its files), checking.py (each node against the schema), building.py
(the records of model.py) and linking.py (the cross-references, once all is built).

Layout of the folder:
  sources.yaml           the seed documents and the editorial source
  symbols.yaml           the closed vocabulary of game symbols
  chapters.yaml          chapter numbers and titles
  external-rules.yaml    rules the text cites that no source contains
  rules/<chapter>/<section>.yaml   one file per numbered section
  terms/<id>.yaml        unnumbered glossary terms
  modes/<id>.yaml        game-mode pages with their deck-building rules
  rulings/<id>.yaml      which reading we follow where two texts disagree
  releases.yaml          releases of the glossary (optional), with releases/<version>.json.gz
  jargon.yaml            other card games' words for the Altered terms (optional; issue 27)
"""

from __future__ import annotations

import dataclasses
import hashlib
from pathlib import Path
from typing import Any, Iterator

import engine

from ..yamlsource import SourceError
from .building import (
    _load_cards,
    _load_chapters,
    _load_external,
    _load_jargon,
    _load_keywords,
    _load_mode,
    _load_ruling,
    _load_section,
    _load_sources,
    _load_symbols,
    _load_term,
    _load_termbase,
)
from .checking import _Reader
from .deck_limits import build_deck_limits
from .linking import _cite_scenario_rules, _resolve_citations
from .identity import WAS_NEW, accept_renumbered, match
from .model import LANGUAGES, Glossary, Paragraph, Section, Text, english_hash, rule_sort_key
from .reading import _check_layout, _display, _too_large, _yaml_files
from .releases import WORKING, read_releases, read_snapshot, snapshot_of


class GlossaryError(Exception):
    """The glossary has problems; `errors` lists each with its file and line."""

    def __init__(self, errors: list[SourceError]) -> None:
        self.errors = errors
        lines = "\n".join(f"  {e}" for e in errors)
        super().__init__(f"{len(errors)} problem(s) in the glossary:\n{lines}")


def _decisions(sections: dict[str, Section], reader: _Reader) -> dict[engine.Question, engine.Decision]:
    """What the rules' and heading bodies' `decides:` declare (engine.decisions; each key and answer
    was checked as read): one rule per question, a second one an error."""
    declared: dict[str, dict[str, str]] = {}
    first: dict[str, str] = {}
    for section in sections.values():
        entries = [(section.id, section.body.decides if section.body else {}, section.file, section.line)]
        entries += [(p.id, p.decides, p.file, p.line) for p in section.paragraphs]
        for rule, table, file, line in entries:
            for key in table:
                if key in first:
                    reader.errors.append(SourceError(file, line or None, f"rules {first[key]} and {rule} both decide {key}: "
                                                                          "one rule decides a question; keep `decides:` on one of them"))
                else:
                    first[key] = rule
                    declared.setdefault(rule, {})[key] = table[key]
    return engine.read_decisions(declared)


def load_glossary(root: str | Path) -> Glossary:
    """Read and check the glossary in `root`; raise GlossaryError listing every problem."""
    root = Path(root)
    if not root.is_dir():
        raise GlossaryError([SourceError(_display(root), None, "glossary folder not found")])
    too_large = _too_large(root)
    if too_large is not None:
        raise GlossaryError([too_large])
    reader = _Reader(root)
    _check_layout(root, reader)
    sources = _load_sources(root, reader)
    releases = read_releases(root, reader, sources)
    reader.symbols = _load_symbols(root, reader)
    chapters, chapter_files = _load_chapters(root, reader)
    external = _load_external(root, reader)
    termbase = _load_termbase(root, reader)
    cards = _load_cards(root, reader)
    keywords = _load_keywords(root, reader, termbase)
    jargon = _load_jargon(root, reader, termbase)

    sections: dict[str, Section] = {}
    paragraphs: dict[str, Paragraph] = {}
    for path in _yaml_files(root / "rules", reader):
        section = _load_section(path, reader, sources)
        if section is None:
            continue
        if section.id in sections:
            reader.errors.append(SourceError(section.file, section.line, f"duplicate section {section.id} (also in {sections[section.id].file})"))
            continue
        sections[section.id] = section
        for paragraph in section.paragraphs:
            if paragraph.id in paragraphs:
                first = paragraphs[paragraph.id]
                reader.errors.append(SourceError(paragraph.file, paragraph.line, f"duplicate paragraph id {paragraph.id} (first at {first.file}:{first.line})"))
                reader.unreadable.add(section.id)  # a paragraph id may be lost: no cascade of references
                continue
            paragraphs[paragraph.id] = paragraph
        if section.chapter not in chapters:
            reader.errors.append(SourceError(section.file, section.line, f"section {section.id} belongs to chapter {section.chapter}, which chapters.yaml does not list; listed: {', '.join(chapters)}"))

    terms = [t for p in _yaml_files(root / "terms", reader) if (t := _load_term(p, reader, sources))]
    modes = [m for p in _yaml_files(root / "modes", reader) if (m := _load_mode(p, reader, sources))]
    deck_limits = build_deck_limits(modes, reader.errors)
    rulings = [r for p in _yaml_files(root / "rulings", reader) if (r := _load_ruling(p, reader))]
    for kind, entries in (("term", terms), ("game mode", modes), ("ruling", rulings)):
        seen: dict[str, str] = {}
        for item in entries:
            if item.id in seen:
                reader.errors.append(SourceError(item.file, item.line, f"duplicate {kind} id '{item.id}' (also in {seen[item.id]})"))
            seen[item.id] = item.file

    glossary = Glossary(
        root=str(root), chapters=[], sections=sections, paragraphs=paragraphs, terms=terms, modes=modes,
        rulings=rulings, symbols=reader.symbols, sources=sources, external_rules=external, termbase=termbase,
        cards=cards, keywords=keywords, releases=releases, jargon=jargon, deck_limits=deck_limits,
    )
    glossary.decisions = _decisions(sections, reader)
    _cite_scenario_rules(glossary, reader)
    known_modes = {m.id for m in modes}
    for entry in jargon:
        for mode in entry.modes:
            if mode not in known_modes:
                reader.errors.append(SourceError(entry.file, entry.line, f"the jargon entry at line {entry.line} names the game mode "
                                                 f"'{mode}', which modes/ does not hold; known: {', '.join(sorted(known_modes))}"))
    _resolve_citations(glossary, reader)
    for section in sorted(sections.values(), key=lambda s: rule_sort_key(s.id)):
        if section.chapter in chapters:
            chapters[section.chapter].sections.append(section)
    for number, chapter in chapters.items():
        if not chapter.sections and not any(s == number or s.startswith(number + ".") for s in reader.unreadable):
            # A chapter whose sections all went would leave the site without a word.
            reader.errors.append(SourceError(chapter_files[number][0], chapter_files[number][1],
                                             f"chapter {number} has no section: chapters.yaml lists it, rules/{number}/ holds "
                                             "no section file; add its sections or remove it from chapters.yaml"))
    glossary.chapters = [chapters[n] for n in sorted(chapters, key=int) if chapters[n].sections]
    if reader.errors:
        raise GlossaryError(reader.errors)
    _follow_renumbering(glossary, reader)
    if reader.errors:
        raise GlossaryError(reader.errors)
    glossary.digest = hashlib.sha256(b"".join(path.encode() + b"\0" + digest for path, digest in reader.read)).hexdigest()
    return glossary


def _texts_in(node: Any, seen: set[int]) -> Iterator[Text]:
    if id(node) in seen:
        return
    seen.add(id(node))
    if isinstance(node, Text):
        yield node
    elif dataclasses.is_dataclass(node) and not isinstance(node, type):
        for f in dataclasses.fields(node):
            yield from _texts_in(getattr(node, f.name), seen)
    elif isinstance(node, (list, tuple)):
        for item in node:
            yield from _texts_in(item, seen)
    elif isinstance(node, dict):
        for item in node.values():
            yield from _texts_in(item, seen)


def _follow_renumbering(glossary: Glossary, reader: _Reader) -> None:
    """Matches the entries on disk with the latest release's (identity.match): checks each `was:`,
    keeps the matches for the lint and accepts the translations that only the renumbering made lag."""
    if not glossary.releases:
        return
    latest = glossary.releases[-1]
    try:
        old = read_snapshot(glossary.root, latest)
    except SourceError:
        return   # the history reports an unreadable snapshot, naming it
    new = snapshot_of(glossary, WORKING)
    claimed: dict[str, Paragraph] = {}
    for paragraph in sorted(glossary.paragraphs.values(), key=lambda p: rule_sort_key(p.id)):
        before = old.entries.get(paragraph.id)
        if not paragraph.was or paragraph.was == WAS_NEW or (before and before.was == paragraph.was):
            continue   # none, or a `was:` the latest release already used (identity.match ignores it)
        if paragraph.was not in old.entries:
            reader.errors.append(SourceError(paragraph.file, paragraph.line, f"paragraph {paragraph.id}: 'was: {paragraph.was}' names "
                                 f"no rule of release {latest.version}, the latest; write the number it had there, `new`, or remove `was`"))
        elif paragraph.was in claimed:
            first = claimed[paragraph.was]
            reader.errors.append(SourceError(paragraph.file, paragraph.line, f"paragraph {paragraph.id}: 'was: {paragraph.was}' "
                                 f"is also on {first.id} ({first.file}:{first.line}); a rule continues in one paragraph only"))
        claimed.setdefault(paragraph.was, paragraph)
    if old.entries == new.entries:
        return
    glossary.identity = dict(match(old, new).pairs)
    renames = {p.old: p.new for p in glossary.identity.values() if p.old != p.new}
    if renames:
        parts = (glossary.sections, glossary.paragraphs, glossary.terms, glossary.modes, glossary.rulings)
        accept_renumbered(_texts_in(parts, set()), renames, english_hash, LANGUAGES[1:])
