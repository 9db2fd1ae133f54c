"""Reading and checking the glossary folder.

`load_glossary(root)` reads every YAML file, checks it against the schema and
the cross-references, and returns a `Glossary`, or raises `GlossaryError`
listing every problem found (file, line, what is wrong, what is allowed), so
that an editor fixes them all in one pass.

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
"""

from __future__ import annotations

import hashlib
import os
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Iterable, Iterator

from engine.limits import MAX_FILE_BYTES

from ..yamlsource import LineDict, LineList, SourceError, load_yaml_file
from . import schema as S
from .releases import read_releases
from .model import (
    Ability,
    Block,
    CardData,
    Chapter,
    Correction,
    CorrectionKind,
    DeckRule,
    ExternalRule,
    GameMode,
    Glossary,
    Illustration,
    Keyword,
    LANGUAGES,
    ListKind,
    NoScenario,
    Note,
    NoteKind,
    Paragraph,
    RESERVED_CARD_SLUGS,
    Ruling,
    Section,
    Source,
    Symbol,
    Term,
    TermbaseEntry,
    TermForm,
    Text,
    card_slug,
)


class GlossaryError(Exception):
    """The glossary has problems; `errors` lists each with its file and line."""

    def __init__(self, errors: list[SourceError]) -> None:
        self.errors = errors
        lines = "\n".join(f"  {e}" for e in errors)
        super().__init__(f"{len(errors)} problem(s) in the glossary:\n{lines}")


def _key_order(rule: str) -> list[Any]:
    return [int(p) if p.isdigit() else p for p in rule.split(".")]


def rule_sort_key(rule: str) -> list[Any]:
    """Sort rule numbers as a reader expects: 2.2.2 before 2.2.10."""
    return _key_order(rule)


def _display(path: Path) -> str:
    """A path as an editor types it: relative to the working folder when inside it."""
    absolute = Path(os.path.abspath(path))
    try:
        return str(absolute.relative_to(Path.cwd()))
    except ValueError:
        return str(absolute)


@dataclass
class _Citation:
    rule: str
    citing: str
    path: str
    line: int
    shown: bool = True   # listed under the rule as citing it (a scenario's `rules:` is checked, not shown)


class _Reader:
    """Checks nodes against the schema, collecting errors instead of stopping at the first."""

    def __init__(self) -> None:
        self.errors: list[SourceError] = []
        self.symbols: dict[str, Symbol] = {}
        self.citations: list[_Citation] = []
        self.quotes: list[_Citation] = []   # {rule-text ...} in rulings, resolved once all is read
        # Sections whose file could not be read: references to them are not reported again.
        self.unreadable: set[str] = set()

    # -- errors -----------------------------------------------------------
    def error(self, node: Any, key: Any, message: str) -> None:
        path = getattr(node, "path", "<glossary>")
        line = node.line_of(key) if isinstance(node, (LineDict, LineList)) and key is not None else getattr(node, "line", None)
        self.errors.append(SourceError(path, line, message))

    # -- shapes -----------------------------------------------------------
    def mapping(self, node: Any, keys: dict[str, bool], what: str, parent: Any = None, key: Any = None) -> LineDict | None:
        if not isinstance(node, LineDict):
            self.error(parent if parent is not None else node, key, f"{what} must be a mapping with keys: {S.allowed(keys)}")
            return None
        ok = True
        for k in node:
            if k not in keys:
                self.error(node, k, f"unknown key '{k}' in {what}; allowed keys: {S.allowed(keys)} (? = optional)")
                ok = False
        for k, required in keys.items():
            if required and k not in node:
                self.error(node, None, f"{what} is missing the required key '{k}'; allowed keys: {S.allowed(keys)} (? = optional)")
                ok = False
        return node if ok else None

    def list_of(self, node: LineDict, key: str, what: str) -> LineList:
        value = node.get(key)
        if value is None:
            return LineList()
        if not isinstance(value, LineList):
            self.error(node, key, f"'{key}' of {what} must be a list")
            return LineList()
        return value

    def string(self, node: LineDict, key: str, what: str, choices: Iterable[str] | None = None) -> str | None:
        value = node.get(key)
        if isinstance(value, bool) or value is None or not isinstance(value, (str, int)):
            self.error(node, key, f"'{key}' of {what} must be text")
            return None
        value = str(value)
        if choices is not None and value not in choices:
            self.error(node, key, f"'{key}' of {what} is '{value}'; allowed: {', '.join(choices)}")
            return None
        return value

    def boolean(self, node: LineDict, key: str, what: str) -> bool:
        value = node.get(key, False)
        if not isinstance(value, bool):
            self.error(node, key, f"'{key}' of {what} must be true or false")
            return False
        return value

    def text(self, node: LineDict, key: str, what: str, citing: str | None = None) -> Text | None:
        """A per-language text: a mapping such as {en: ..., fr: ...}; `en` is required."""
        value = node.get(key)
        if value is None and key not in node:
            return None
        if not isinstance(value, LineDict):
            self.error(node, key, f"'{key}' of {what} must be a mapping of languages to text, e.g. {{en: ...}}; languages: {', '.join(LANGUAGES)}")
            return None
        texts: dict[str, str] = {}
        translated_from = self._translated_from(value, key, what)
        for language, string in value.items():
            if language == S.TRANSLATED_FROM:
                continue
            if language not in LANGUAGES:
                self.error(value, language, f"unknown language '{language}' in '{key}' of {what}; allowed: {', '.join(LANGUAGES)}")
                continue
            if not isinstance(string, str) or not string.strip():
                self.error(value, language, f"'{key}.{language}' of {what} must be non-empty text")
                continue
            texts[language] = string.strip()
            self._scan(string, value, language, what, citing)
        if "en" not in texts:
            if not any(e.line == value.line for e in self.errors[-3:]):
                self.error(node, key, f"'{key}' of {what} has no English text (en); English is the source language and required")
            return None
        for language in translated_from:
            if language not in texts:
                self.error(value, S.TRANSLATED_FROM, f"'{key}.{S.TRANSLATED_FROM}' of {what} names {language}, which has no text here")
        return Text(texts, {language: translated_from[language] for language in texts if language in translated_from})

    def _translated_from(self, value: LineDict, key: str, what: str) -> dict[str, str]:
        """`from:` beside the translations: the English text's hash they were made from, one for all
        (`from: 3fa2c1d0`) or one per language (`from: {fr: 3fa2c1d0, it: 9b8e7f10}`)."""
        raw = value.get(S.TRANSLATED_FROM)
        if raw is None and S.TRANSLATED_FROM not in value:
            return {}
        translations = [language for language in LANGUAGES[1:] if language in value]
        # An all-digit hash reads as a number (yamlsource's small schema): it is the same text.
        digits = lambda v: str(v) if isinstance(v, int) and not isinstance(v, bool) else v  # noqa: E731
        raw = {k: digits(v) for k, v in raw.items()} if isinstance(raw, LineDict) else digits(raw)
        if isinstance(raw, str) and S.ENGLISH_HASH.match(raw):
            return {language: raw for language in translations}
        if isinstance(raw, dict) and all(k in LANGUAGES[1:] and isinstance(v, str) and S.ENGLISH_HASH.match(v) for k, v in raw.items()):
            return dict(raw)
        self.error(value, S.TRANSLATED_FROM, f"'{key}.{S.TRANSLATED_FROM}' of {what} must be the {S.ENGLISH_HASH_LENGTH}-digit hash of the "
                   "English text the translations were made from (from: 3fa2c1d0), or one per language "
                   "(from: {fr: 3fa2c1d0, it: 9b8e7f10}); `altered-rules i18n stamp` writes it")
        return {}

    def _scan(self, string: str, node: LineDict, key: str, what: str, citing: str | None) -> None:
        if S.RULE_QUOTE_START in string:
            self._scan_quotes(string, node, key, what, citing)
        for match in S.SYMBOL_REFERENCE.finditer(string):
            if match.group(1) not in self.symbols:
                self.error(node, key, f"symbol '{{{match.group(1)}}}' in {what} is not in the vocabulary; allowed: "
                           + ", ".join("{" + s + "}" for s in self.symbols))
        if citing is not None:
            for match in S.RULE_REFERENCE.finditer(string):
                if match.group(1) != citing:
                    self.citations.append(_Citation(match.group(1), citing, node.path, node.line_of(key)))

    def _scan_quotes(self, string: str, node: LineDict, key: str, what: str, citing: str | None) -> None:
        found = S.RULE_QUOTE.findall(string)
        if string.count(S.RULE_QUOTE_START) != len(found):
            malformed = [q for q in S.RULE_QUOTE_ANY.findall(string) if not S.RULE_QUOTE.fullmatch(q)]
            self.error(node, key, f"malformed rule quotation {', '.join(malformed)} in {what}; write {{rule-text 4.2.4.b}} (a paragraph), "
                       "{rule-text 4.3.h-item-2} (an item of its list), {rule-text 4.2.4.h-remark-1} (a remark or "
                       "an example) or {rule-text multiplayer-2v2-5-item-2} (a game mode's text: its block's anchor, "
                       "then paragraph-N, item-N or example), with one space")
        if not (citing or "").startswith("ruling-"):
            self.error(node, key, f"{{rule-text ...}} in {what}: only a ruling quotes a rule's text this way")
            return
        for rule in found:
            self.quotes.append(_Citation(rule, citing or "", node.path, node.line_of(key)))

    def sources(self, node: LineDict, key: str, what: str, known: dict[str, Source]) -> tuple[str, ...]:
        items = node.get(key)
        if not isinstance(items, LineList) or not items:
            self.error(node, key, f"'{key}' of {what} must be a non-empty list of sources; known: {', '.join(known)}")
            return ()
        result = []
        for index, item in enumerate(items):
            if not isinstance(item, str) or item not in known:
                self.error(items, index, f"unknown source '{item}' in {what}; known: {', '.join(known)}")
            else:
                result.append(item)
        return tuple(result)

    def corrections(self, node: LineDict, what: str) -> tuple[Correction, ...]:
        result = []
        for index, item in enumerate(self.list_of(node, "corrections", what)):
            entry = self.mapping(item, S.CORRECTION_KEYS, f"a correction of {what}", node.get("corrections"), index)
            if entry is None:
                continue
            was, now = entry.get("was"), entry.get("now")
            why = self.string(entry, "why", f"a correction of {what}", [k.value for k in CorrectionKind])
            if not isinstance(was, str) or not isinstance(now, str):
                self.error(entry, "was", f"'was' and 'now' of a correction of {what} must be text (quote an empty one: '')")
                continue
            if why:
                result.append(Correction(was, now, CorrectionKind(why)))
        return tuple(result)

    def rule_ids(self, node: LineDict, key: str, what: str, citing: str) -> tuple[str, ...]:
        items = node.get(key)
        if items is None:
            return ()
        if not isinstance(items, LineList):
            self.error(node, key, f"'{key}' of {what} must be a list of rule numbers")
            return ()
        result = []
        for index, item in enumerate(items):
            rule = str(item) if isinstance(item, (str, int)) and not isinstance(item, bool) else ""
            if not (S.SECTION_ID.match(rule) or S.PARAGRAPH_ID.match(rule)):
                self.error(items, index, f"'{item}' in '{key}' of {what} is not a rule number such as 4.2.4 or 4.2.4.c")
                continue
            self.citations.append(_Citation(rule, citing, items.path, items.line_of(index)))
            result.append(rule)
        return tuple(result)


def _read(path: Path, reader: _Reader) -> Any:
    try:
        data = load_yaml_file(path)
    except SourceError as exc:
        exc.path = _display(path)
        reader.errors.append(SourceError(_display(path), exc.line, exc.message))
        return None
    if data is None:
        # An emptied file would take its entries, and every link to them, away without a word.
        reader.errors.append(SourceError(_display(path), 1, "the file holds nothing (it is empty, only comments, or null); "
                                                            "write its content back, or delete the file to remove it"))
    return data


# Glossary files this process has read, by the path shown for them and their bytes: a
# `mkdocs serve` rebuild after an edit parses only the edited file again (issue 8). The values
# are shared by the loads: nothing changes a node once it is read.
_READ: dict[tuple[str, bytes], Any] = {}


def _load_yaml(path: Path, reader: _Reader) -> Any:
    display = _display(path)
    try:
        key: tuple[str, bytes] | None = None
        if path.stat().st_size <= MAX_FILE_BYTES:  # a larger one is refused by _read, unread
            key = (display, hashlib.sha256(path.read_bytes()).digest())
    except OSError:
        key = None  # _read reports it
    if key is not None and key in _READ:
        return _READ[key]
    data = _read(path, reader)
    if data is not None:
        _relabel(data, display)
        if key is not None:
            if len(_READ) >= 4096:
                _READ.clear()
            _READ[key] = data
    return data


def _relabel(node: Any, display: str) -> None:
    """Show paths relative to the working folder in every message."""
    if isinstance(node, (LineDict, LineList)):
        node.path = display
        for child in node.values() if isinstance(node, LineDict) else node:
            _relabel(child, display)


# List files that may be an empty list: no rule the text cites is missing from every source.
_MAY_BE_EMPTY = ("external-rules.yaml",)


def _entries(root: Path, name: str, reader: _Reader) -> LineList:
    path = root / name
    if not path.is_file():
        reader.errors.append(SourceError(_display(path), None, f"missing file: the glossary needs {name}"))
        return LineList()
    data = _load_yaml(path, reader)
    if data is None:
        return LineList()
    if not isinstance(data, LineList):
        reader.errors.append(SourceError(_display(path), getattr(data, "line", 1), f"{name} must be a YAML list of entries"))
        return LineList()
    if not data and name not in _MAY_BE_EMPTY:
        reader.errors.append(SourceError(_display(path), data.line, f"{name} is an empty list; it lists its entries"
                                         + (" (delete the file if there are none)" if name in _OPTIONAL_FILES else "")))
    return data


def _mappings(root: Path, name: str, reader: _Reader, keys: Any, what: str) -> Iterator[LineDict]:
    """Each entry of a list file (sources.yaml, cards.yaml...) that is a mapping of allowed keys;
    the others are reported to `reader`."""
    entries = _entries(root, name, reader)
    for index, item in enumerate(entries):
        entry = reader.mapping(item, keys, what, entries, index)
        if entry is not None:
            yield entry


def _load_sources(root: Path, reader: _Reader) -> dict[str, Source]:
    sources: dict[str, Source] = {}
    for entry in _mappings(root, "sources.yaml", reader, S.SOURCE_KEYS, "a source"):
        sid = reader.string(entry, "id", "a source")
        title, description = reader.text(entry, "title", "a source"), reader.text(entry, "description", "a source")
        if sid is None or title is None or description is None:
            continue
        if not S.SOURCE_ID.match(sid):
            reader.error(entry, "id", f"source id '{sid}' must be seed-NNN or editorial")
        if sid in sources:
            reader.error(entry, "id", f"duplicate source id '{sid}'")
        file = entry.get("file")
        sources[sid] = Source(sid, title, str(file) if file else None, description)
    return sources


def _load_symbols(root: Path, reader: _Reader) -> dict[str, Symbol]:
    symbols: dict[str, Symbol] = {}
    for entry in _mappings(root, "symbols.yaml", reader, S.SYMBOL_KEYS, "a symbol"):
        sid = reader.string(entry, "id", "a symbol")
        kind = reader.string(entry, "kind", "a symbol", S.SYMBOL_KINDS)
        label = reader.text(entry, "label", "a symbol")
        # A glyph is one text for every language ("◆"), or one per language (forest: F, F, F;
        # water: W, E for eau, A for acqua), so that no English initial is left on a French page.
        raw_glyph = entry.get("glyph")
        glyph = reader.text(entry, "glyph", "a symbol") if isinstance(raw_glyph, LineDict) else (
            Text({"en": str(raw_glyph)}) if isinstance(raw_glyph, (str, int)) and not isinstance(raw_glyph, bool) else None)
        if glyph is None:
            reader.error(entry, "glyph", "'glyph' of a symbol is a short text, or one per language ({en: ..., fr: ..., it: ...})")
        color = reader.string(entry, "color", "a symbol")
        if color is not None and not S.COLOR.match(color):
            # The colour is written into the page's style attribute: only a hex colour may go there.
            # The symbol stays known (the glossary fails anyway), so that its uses are not reported too.
            reader.error(entry, "color", f"'color' of a symbol is '{color}'; write a hex colour: #rgb or #rrggbb, e.g. \"#2e7d32\"")
        if None in (sid, kind, label, glyph, color):
            continue
        if not S.SLUG.match(sid):
            reader.error(entry, "id", f"symbol id '{sid}' must be lowercase words joined by dashes")
        if sid in symbols:
            reader.error(entry, "id", f"duplicate symbol '{sid}'")
        symbols[sid] = Symbol(sid, kind, label, glyph, color)
    return symbols


def _load_chapters(root: Path, reader: _Reader) -> tuple[dict[str, Chapter], dict[str, tuple[str, int]]]:
    """The chapters, and where chapters.yaml lists each (file, line)."""
    chapters: dict[str, Chapter] = {}
    places: dict[str, tuple[str, int]] = {}
    for entry in _mappings(root, "chapters.yaml", reader, S.CHAPTER_KEYS, "a chapter"):
        number, title = reader.string(entry, "number", "a chapter"), reader.text(entry, "title", "a chapter")
        if number is None or title is None:
            continue
        if not S.CHAPTER_NUMBER.match(number):
            reader.error(entry, "number", f"chapter number '{number}' must be a number from 1 to 9, the first part of its rules' numbers")
            continue
        if number in chapters:
            reader.error(entry, "number", f"duplicate chapter {number}")
        chapters[number] = Chapter(number, title, reader.boolean(entry, "title_editorial", "a chapter"))
        places[number] = (entry.path, entry.line)
    return chapters, places


def _load_external(root: Path, reader: _Reader) -> dict[str, ExternalRule]:
    external: dict[str, ExternalRule] = {}
    for entry in _mappings(root, "external-rules.yaml", reader, S.EXTERNAL_RULE_KEYS, "an external rule"):
        rid, title = reader.string(entry, "id", "an external rule"), reader.text(entry, "title", "an external rule")
        if rid and title:
            external[rid] = ExternalRule(rid, title)
    return external


_OPTIONAL_FILES = ("keywords.yaml", "cards.yaml", "releases.yaml")


def _load_keywords(root: Path, reader: _Reader, termbase: list[TermbaseEntry]) -> list[Keyword]:
    """The keyword index (keywords.yaml; optional): termbase terms and their defining rules."""
    if not (root / "keywords.yaml").is_file():
        return []
    terms = {t.id: t for t in termbase}
    keywords: list[Keyword] = []
    for entry in _mappings(root, "keywords.yaml", reader, S.KEYWORD_KEYS, "a keyword"):
        term_id = reader.string(entry, "term", "a keyword")
        if term_id not in terms:
            reader.error(entry, "term", f"keyword '{term_id}' is not a termbase.yaml id; add it there first")
            continue
        defined_in = reader.rule_ids(entry, "defined_in", f"keyword '{term_id}'", f"keyword-{term_id}")
        if not defined_in:
            reader.error(entry, "defined_in", f"keyword '{term_id}' needs the rules that define it")
            continue
        if any(k.term.id == term_id for k in keywords):
            reader.error(entry, "term", f"duplicate keyword '{term_id}'")
        keywords.append(Keyword(terms[term_id], defined_in))
    return keywords


def _load_cards(root: Path, reader: _Reader) -> dict[str, CardData]:
    """The cards the examples name (cards.yaml; optional)."""
    if not (root / "cards.yaml").is_file():
        return {}
    cards: dict[str, CardData] = {}
    for entry in _mappings(root, "cards.yaml", reader, S.CARD_KEYS, "a card"):
        name = reader.string(entry, "name", "a card")
        what = f"card '{name}'"
        kind = reader.string(entry, "type", what, S.CARD_TYPES)
        stats = entry.get("stats")
        if stats is not None and not (isinstance(stats, str) and S.STATS.match(stats)):
            reader.error(entry, "stats", f"'stats' of {what} is {stats!r}; write forest/mountain/water as F/M/W, e.g. 2/2/2")
            stats = None
        names = entry.get("names") or {}
        if not isinstance(names, dict) or any(k not in ("fr", "it") for k in names):
            reader.error(entry, "names", f"'names' of {what} maps fr and it to the printed names")
            names = {}
        abilities = []
        raw = entry.get("abilities")
        for i, ability in enumerate(reader.list_of(entry, "abilities", what)):
            body = reader.mapping(ability, S.ABILITY_KEYS, f"ability {i + 1} of {what}", raw, i)
            if body is None:
                continue
            printed = reader.string(body, "printed", f"ability {i + 1} of {what}")
            ability_kind = reader.string(body, "kind", f"ability {i + 1} of {what}", S.ABILITY_KINDS)
            if printed:
                reader._scan(printed, body, "printed", f"ability {i + 1} of {what}", None)
            engine_text = body.get("engine")
            if printed and ability_kind:
                abilities.append(Ability(printed, ability_kind, str(engine_text) if engine_text is not None else None))
        seen_in = reader.rule_ids(entry, "seen_in", what, f"card-{name}")
        if name in cards:
            reader.error(entry, "name", f"duplicate card '{name}'")
        elif name:
            _check_card_slug(name, entry, cards, reader)
        if name and kind:
            cards[name] = CardData(
                name, kind, tuple(str(s) for s in entry.get("subtypes") or ()), stats, entry.get("faction"),
                entry.get("rarity"), {str(k): str(v) for k, v in names.items()}, tuple(abilities), seen_in,
                entry.path, entry.line,
            )
    return cards


def _load_termbase(root: Path, reader: _Reader) -> list[TermbaseEntry]:
    entries: list[TermbaseEntry] = []
    seen_ids: set[str] = set()
    for entry in _mappings(root, "termbase.yaml", reader, S.TERMBASE_KEYS, "a termbase entry"):
        tid = reader.string(entry, "id", "a termbase entry")
        what = f"termbase entry '{tid}'"
        kind = reader.string(entry, "kind", what, S.TERMBASE_KINDS)
        english = reader.string(entry, "en", what)
        seen = reader.string(entry, "seen", what, S.TERMBASE_SEEN)
        if tid in seen_ids:
            reader.error(entry, "id", f"duplicate termbase id '{tid}'")
        seen_ids.add(tid or "")
        forms: dict[str, TermForm] = {}
        for language in ("fr", "it"):
            form = reader.mapping(entry.get(language), S.TERM_FORM_KEYS, f"'{language}' of {what}", entry, language)
            if form is None:
                continue
            term = reader.string(form, "term", f"'{language}' of {what}")
            gender = reader.string(form, "gender", f"'{language}' of {what}", S.GENDERS)
            avoid = form.get("avoid") or []
            if not isinstance(avoid, list) or not all(isinstance(a, str) for a in avoid):
                reader.error(form, "avoid", f"'avoid' of '{language}' of {what} must be a list of words")
                avoid = []
            extra = tuple((k, str(form[k])) for k in ("trigger", "status", "feminine", "has_status") if k in form)
            stem = str(form.get("stem") or "")
            if stem and term and not term.casefold().startswith(stem.casefold()):
                reader.error(form, "stem", f"'stem' of '{language}' of {what} is '{stem}', which '{term}' does not start with")
            if term and gender:
                forms[language] = TermForm(term, gender, tuple(avoid), extra, stem)
        confirmed = entry.get("confirmed", True)
        if not isinstance(confirmed, bool):
            reader.error(entry, "confirmed", f"'confirmed' of {what} must be true or false")
        search = _search_words(entry, reader, what)
        if tid and kind and english and seen and len(forms) == 2:
            # An entry seen only in the old community glossary is never confirmed.
            if seen == "fan" and confirmed is True and "confirmed" in entry:
                reader.error(entry, "confirmed", f"{what} is seen only in the community glossary (fan): it cannot be confirmed")
            paired = reader.boolean(entry, "paired", what)
            source = str(entry.get("source") or "")
            entries.append(TermbaseEntry(tid, kind, english, forms, seen, bool(confirmed) and seen != "fan", paired, source, search))
    return entries


def _search_words(entry: LineDict, reader: _Reader, what: str) -> dict[str, tuple[str, ...]]:
    """`search: {en: [giant], it: [gigante]}`: the words judges type for a term, per language."""
    if "search" not in entry:
        return {}
    node = reader.mapping(entry.get("search"), {language: False for language in S.SEARCH_LANGUAGES},
                          f"'search' of {what}", entry, "search")
    if node is None:
        return {}
    words: dict[str, tuple[str, ...]] = {}
    for language, value in node.items():
        if not isinstance(value, list) or not value or not all(isinstance(w, str) and w.strip() for w in value):
            reader.error(node, language, f"'{language}' of 'search' of {what} must be a non-empty list of words")
            continue
        words[str(language)] = tuple(w.strip() for w in value)
    return words


def _load_note(item: Any, parent: LineList, index: int, paragraph: Paragraph, reader: _Reader, sources: dict[str, Source]) -> Note | None:
    what = f"note {index + 1} of {paragraph.id}"
    entry = reader.mapping(item, S.NOTE_KEYS, what, parent, index)
    if entry is None:
        return None
    kind = reader.string(entry, "kind", what, [k.value for k in NoteKind])
    anchor = f"{paragraph.id}-{kind}-{index + 1}" if kind else paragraph.id
    text = reader.text(entry, "text", what, citing=anchor)
    if kind is None or text is None:
        return None
    note_sources = reader.sources(entry, "sources", what, sources) if "sources" in entry else paragraph.sources
    scenario = entry.get("scenario")
    if scenario is not None and not isinstance(scenario, LineDict):
        reader.error(entry, "scenario", f"'scenario' of {what} must be a scenario mapping (see docs/en/scenarios.md)")
        scenario = None
    elif scenario is not None and kind != NoteKind.EXAMPLE.value:
        # Only examples are verified and shown with their scenario: another note's would be lost.
        reader.error(entry, "scenario", f"{what} is a {kind}: only an example note has a 'scenario'")
        scenario = None
    return Note(
        kind=NoteKind(kind), text=text, paragraph=paragraph.id, index=index + 1, sources=note_sources,
        corrections=reader.corrections(entry, what), gap=reader.text(entry, "gap", what),
        scenario=scenario, file=entry.path, line=entry.line,
    )


def _load_illustrations(entry: LineDict, what: str, reader: _Reader, citing: str) -> list[Illustration]:
    """The `scenarios:` of an entry: each a scenario with a `caption` in every language."""
    result = []
    for i, raw in enumerate(reader.list_of(entry, "scenarios", what)):
        if not isinstance(raw, LineDict):
            reader.error(entry.get("scenarios"), i, f"scenario {i + 1} of {what} must be a scenario mapping (caption, name, given, when, then)")
            continue
        if "caption" not in raw:
            reader.error(raw, None, f"scenario {i + 1} of {what} needs a 'caption' (what it shows, in every language) beside name, given, when, then")
            continue
        caption = reader.text(raw, "caption", f"scenario {i + 1} of {what}", citing=citing)
        if caption is not None:
            result.append(Illustration(caption, _without(raw, "caption")))
    return result


def _without(node: LineDict, key: str) -> LineDict:
    """A copy of a mapping without one key, keeping the lines of the others."""
    copy = LineDict((k, v) for k, v in node.items() if k != key)
    copy.path, copy.line = node.path, node.line
    copy.key_lines = {k: v for k, v in node.key_lines.items() if k != key}
    return copy


def _load_paragraph(item: Any, parent: LineList, index: int, section_id: str, reader: _Reader, sources: dict[str, Source]) -> Paragraph | None:
    entry = reader.mapping(item, S.PARAGRAPH_KEYS, f"paragraph {index + 1} of section {section_id}", parent, index)
    if entry is None:
        return None
    pid = reader.string(entry, "id", f"paragraph {index + 1} of section {section_id}")
    if pid is None:
        return None
    what = f"paragraph {pid}"
    if not S.PARAGRAPH_ID.match(pid):
        reader.error(entry, "id", f"paragraph id '{pid}' is malformed; a paragraph id is its section number and a letter, e.g. 4.2.4.c")
        return None
    if pid.rsplit(".", 1)[0] != section_id:
        reader.error(entry, "id", f"paragraph {pid} does not belong to section {section_id}; its id must start with '{section_id}.'")
        return None
    text = reader.text(entry, "text", what, citing=pid)
    list_kind = reader.string(entry, "list", what, [k.value for k in ListKind]) if "list" in entry else None
    items: list[Text] = []
    for i, raw in enumerate(reader.list_of(entry, "items", what)):
        holder = LineDict({"item": raw})
        holder.path, holder.line, holder.key_lines = entry.path, entry.get("items").line_of(i), {"item": entry.get("items").line_of(i)}
        item_text = reader.text(holder, "item", f"item {i + 1} of {what}", citing=pid)
        if item_text:
            items.append(item_text)
    if bool(items) != bool(list_kind):
        reader.error(entry, "list" if list_kind else "items", f"{what}: 'list' (ordered or unordered) and 'items' go together")
    paragraph_sources = reader.sources(entry, "sources", what, sources)
    text_from = entry.get("text_from")
    if text_from is not None and text_from not in paragraph_sources:
        reader.error(entry, "text_from", f"'text_from' of {what} is '{text_from}', which is not among its sources: {', '.join(paragraph_sources)}")
    if text is None:
        return None
    paragraph = Paragraph(
        id=pid, section=section_id, text=text, sources=paragraph_sources,
        label=reader.text(entry, "label", what), list_kind=ListKind(list_kind) if list_kind else None,
        items=tuple(items), gap=reader.text(entry, "gap", what, citing=pid), text_from=text_from,
        corrections=reader.corrections(entry, what), file=entry.path, line=entry.line,
    )
    paragraph.scenarios.extend(_load_illustrations(entry, what, reader, citing=pid))
    if "no_scenario" in entry:
        reason = reader.mapping(entry.get("no_scenario"), S.NO_SCENARIO_KEYS, f"'no_scenario' of {what}", entry, "no_scenario")
        if reason is not None:
            code = reader.string(reason, "reason", f"'no_scenario' of {what}", S.NO_SCENARIO_REASONS)
            if code:
                paragraph.no_scenario = NoScenario(code, reader.text(reason, "note", f"'no_scenario' of {what}", citing=pid))
    notes = entry.get("notes")
    for i, raw in enumerate(reader.list_of(entry, "notes", what)):
        note = _load_note(raw, notes, i, paragraph, reader, sources)
        if note:
            paragraph.notes.append(note)
    return paragraph


def _load_section(path: Path, reader: _Reader, sources: dict[str, Source]) -> Section | None:
    data = _load_yaml(path, reader)
    if not isinstance(data, LineDict):
        # Empty (reported by _read), a list or a single value: the section is lost; references
        # into it are not reported again, the file is.
        reader.unreadable.add(path.stem)
        if data is not None:
            _not_a_mapping(path, data, S.SECTION_KEYS, "a section", reader)
        return None
    entry = reader.mapping(data, S.SECTION_KEYS, "a section")
    if entry is None:
        return None
    sid = reader.string(entry, "id", "a section")
    if sid is None:
        return None
    if not S.SECTION_ID.match(sid):
        reader.error(entry, "id", f"section id '{sid}' is malformed; a section id is a rule number such as 4.3 or 4.2.4")
        return None
    if path.stem != sid or path.parent.name != sid.split(".")[0]:
        reader.error(entry, "id", f"section {sid} must be in rules/{sid.split('.')[0]}/{sid}.yaml so editors find it by number")
    what = f"section {sid}"
    title = reader.text(entry, "title", what)
    section_sources = reader.sources(entry, "sources", what, sources)
    raw = entry.get("paragraphs")
    if not isinstance(raw, LineList):
        reader.error(entry, "paragraphs", f"'paragraphs' of {what} must be a list (empty for a section that only groups others)")
        return None
    paragraphs = [p for i, item in enumerate(raw) if (p := _load_paragraph(item, raw, i, sid, reader, sources))]
    if len(paragraphs) < len(raw):
        # A paragraph was rejected: references into this section are not reported again.
        reader.unreadable.add(sid)
    if title is None:
        return None
    return Section(sid, title, section_sources, paragraphs, reader.boolean(entry, "title_editorial", what), entry.path, entry.line)


def _not_a_mapping(path: Path, data: Any, keys: dict[str, bool], what: str, reader: _Reader) -> None:
    found = "a list" if isinstance(data, LineList) else f"the single value {str(data)[:40]!r}"
    reader.errors.append(SourceError(_display(path), getattr(data, "line", 1) or 1,
                                     f"the file holds {found}; the file of {what} holds one mapping with keys: {S.allowed(keys)}"))


def _entry_file(path: Path, reader: _Reader, keys: dict[str, bool], kind: str) -> tuple[LineDict, str] | None:
    """A file holding one entry named by its id (a term, a game mode, a ruling): its mapping
    and its id, checked against the file's name so editors find it."""
    data = _load_yaml(path, reader)
    if data is not None and not isinstance(data, LineDict):
        _not_a_mapping(path, data, keys, f"a {kind}", reader)
        return None
    entry = reader.mapping(data, keys, f"a {kind}") if data is not None else None
    if entry is None:
        return None
    eid = reader.string(entry, "id", f"a {kind}")
    if eid is None:
        return None
    if not S.SLUG.match(eid) or path.stem != eid:
        reader.error(entry, "id", f"{kind} id '{eid}' must be lowercase words joined by dashes and match its file name ({path.name})")
    return entry, eid


def _load_term(path: Path, reader: _Reader, sources: dict[str, Source]) -> Term | None:
    found = _entry_file(path, reader, S.TERM_KEYS, "term")
    if found is None:
        return None
    entry, tid = found
    what = f"term {tid}"
    title, text = reader.text(entry, "title", what), reader.text(entry, "text", what, citing=f"term-{tid}")
    gap = reader.text(entry, "gap", what, citing=f"term-{tid}")
    if "text" not in entry and "gap" not in entry:
        reader.error(entry, None, f"{what} needs 'text', or 'gap' where its text is lost in every source")
    see = reader.rule_ids(entry, "see", what, f"term-{tid}")
    if title is None:
        return None
    return Term(tid, title, text, reader.sources(entry, "sources", what, sources), gap, see,
                reader.corrections(entry, what), entry.path, entry.line)


def _load_block(item: Any, parent: LineList, index: int, what: str, reader: _Reader, citing: str) -> Block | None:
    entry = reader.mapping(item, S.BLOCK_KEYS, f"block {index + 1} of {what}", parent, index)
    if entry is None:
        return None
    bwhat = f"block {index + 1} of {what}"
    paragraphs, items = [], []
    # Each part's line, for lint (the parts' names are Block.parts()'s).
    lines = {key: entry.line_of(key) for key in ("title", "gap", "example") if key in entry}
    for key, part, bucket in (("paragraphs", "paragraph", paragraphs), ("items", "item", items)):
        seq = entry.get(key)
        for i, raw in enumerate(reader.list_of(entry, key, bwhat)):
            holder = LineDict({"text": raw})
            holder.path, holder.line, holder.key_lines = entry.path, seq.line_of(i), {"text": seq.line_of(i)}
            text = reader.text(holder, "text", f"{key} {i + 1} of {bwhat}", citing=citing)
            if text:
                bucket.append(text)
                lines[f"{part}-{len(bucket)}"] = seq.line_of(i)
    list_kind = reader.string(entry, "list", bwhat, [k.value for k in ListKind]) if "list" in entry else None
    if bool(items) != bool(list_kind):
        reader.error(entry, "list" if list_kind else "items", f"{bwhat}: 'list' (ordered or unordered) and 'items' go together")
    scenario = entry.get("scenario")
    if scenario is not None and not isinstance(scenario, LineDict):
        reader.error(entry, "scenario", f"'scenario' of {bwhat} must be a scenario mapping (name, given, when, then)")
        scenario = None
    if scenario is not None and "example" not in entry:
        reader.error(entry, "scenario", f"{bwhat} has a 'scenario' but no 'example' for it to verify")
    return Block(
        title=reader.text(entry, "title", bwhat), paragraphs=tuple(paragraphs),
        list_kind=ListKind(list_kind) if list_kind else None, items=tuple(items),
        gap=reader.text(entry, "gap", bwhat), example=reader.text(entry, "example", bwhat, citing=citing),
        scenario=scenario, lines=lines,
    )


def _load_deck(entry: LineDict, what: str, reader: _Reader, citing: str) -> tuple[str | None, Text | None, list[DeckRule]]:
    deck = reader.mapping(entry.get("deck"), S.DECK_KEYS, f"'deck' of {what}", entry, "deck")
    if deck is None:
        return None, None, []
    fmt = reader.string(deck, "format", f"'deck' of {what}", S.DECK_FORMATS)
    rules: list[DeckRule] = []
    raw_rules = reader.list_of(deck, "rules", f"'deck' of {what}")
    seen: set[str] = set()
    for i, raw in enumerate(raw_rules):
        rwhat = f"deck rule {i + 1} of {what}"
        rule = reader.mapping(raw, S.DECK_RULE_KEYS, rwhat, raw_rules, i)
        if rule is None:
            continue
        rid = reader.string(rule, "id", rwhat)
        if rid is None:
            continue
        if not S.DECK_RULE_ID.match(rid):
            reader.error(rule, "id", f"deck rule id '{rid}' must look like format.what, e.g. standard.max-rare")
        if rid in seen:
            reader.error(rule, "id", f"duplicate deck rule id '{rid}'")
        seen.add(rid)
        text = reader.text(rule, "text", rwhat, citing=citing)
        check = rule.get("check")
        if not isinstance(check, LineDict) or not check:
            reader.error(rule, "check", f"'check' of {rwhat} must be a mapping; allowed checks: {', '.join(S.DECK_CHECKS)}")
            continue
        for key, value in check.items():
            if key not in S.DECK_CHECKS:
                reader.error(check, key, f"unknown deck check '{key}' in {rwhat}; allowed: {', '.join(S.DECK_CHECKS)}")
                continue
            kind, meaning = S.DECK_CHECKS[key]
            if isinstance(value, bool) and kind is not bool or not isinstance(value, kind):
                reader.error(check, key, f"deck check '{key}' of {rwhat} has the value {value!r}; it means: {meaning}")
            if key == "counting" and value not in S.COUNTING:
                reader.error(check, key, f"'counting' of {rwhat} is '{value}'; allowed: {', '.join(S.COUNTING)}")
        restates = rule.get("rule")
        if restates is not None:
            restates = str(restates)
            reader.citations.append(_Citation(restates, citing, rule.path, rule.line_of("rule")))
        scenarios = tuple(_load_illustrations(rule, rwhat, reader, citing=citing))
        if text:
            rules.append(DeckRule(rid, text, dict(check), restates, scenarios, rule.line_of("text")))
    return fmt, reader.text(deck, "intro", f"'deck' of {what}", citing=citing), rules


def _load_mode(path: Path, reader: _Reader, sources: dict[str, Source]) -> GameMode | None:
    found = _entry_file(path, reader, S.MODE_KEYS, "game mode")
    if found is None:
        return None
    entry, mid = found
    what = f"game mode {mid}"
    citing = f"mode-{mid}"
    raw_blocks = entry.get("blocks")
    blocks = [b for i, raw in enumerate(reader.list_of(entry, "blocks", what)) if (b := _load_block(raw, raw_blocks, i, what, reader, citing))]
    fmt, intro, deck_rules = _load_deck(entry, what, reader, citing) if "deck" in entry else (None, None, [])
    title = reader.text(entry, "title", what)
    if title is None:
        return None
    deck = entry.get("deck")
    lines = {"title": entry.line_of("title"), **({"deck": deck.line_of("intro")} if isinstance(deck, LineDict) else {})}
    return GameMode(mid, title, reader.sources(entry, "sources", what, sources), blocks, fmt, intro, deck_rules,
                    reader.corrections(entry, what), entry.path, entry.line, lines)


def _load_ruling(path: Path, reader: _Reader) -> Ruling | None:
    found = _entry_file(path, reader, S.RULING_KEYS, "ruling")
    if found is None:
        return None
    entry, rid = found
    what = f"ruling {rid}"
    citing = f"ruling-{rid}"
    texts = {k: reader.text(entry, k, what, citing=citing) for k in ("title", "conflict", "reading", "why")}
    rules = reader.rule_ids(entry, "rules", what, citing)
    if not rules:
        reader.error(entry, "rules", f"'rules' of {what} must list the rule numbers the ruling is about")
    if any(t is None for t in texts.values()):
        return None
    return Ruling(rid, texts["title"], rules, texts["conflict"], texts["reading"], texts["why"], entry.path, entry.line)  # type: ignore[arg-type]


def _yaml_files(folder: Path, reader: _Reader) -> list[Path]:
    if not folder.is_dir():
        return []
    files = []
    for path in sorted(folder.rglob("*")):
        if path.is_file() and path.suffix in (".yml", ".yaml"):
            files.append(path)
        elif path.is_file() and not path.name.startswith("."):
            reader.errors.append(SourceError(_display(path), None, "not a YAML file: glossary files end in .yaml"))
    return files


# What the glossary folder holds (see the module's docstring): anything else would be read by nothing.
GLOSSARY_FILES = ("sources.yaml", "symbols.yaml", "chapters.yaml", "external-rules.yaml", "termbase.yaml", *_OPTIONAL_FILES)
GLOSSARY_FOLDERS = ("rules", "terms", "modes", "rulings", "releases")


def _check_layout(root: Path, reader: _Reader) -> None:
    """A file or folder the loader does not read (a misspelt `term/`, a `glossary.yaml`) is an
    error, not content that silently never reaches the site. Hidden files are an editor's own."""
    for path in sorted(root.iterdir()):
        if path.name.startswith(".") or (path.is_file() and path.name in GLOSSARY_FILES) or (
                path.is_dir() and path.name in GLOSSARY_FOLDERS):
            continue
        reader.errors.append(SourceError(_display(path), None, f"the glossary does not read this {'folder' if path.is_dir() else 'file'}; "
                                         f"it holds the files {', '.join(GLOSSARY_FILES)} and the folders "
                                         f"{', '.join(f + '/' for f in GLOSSARY_FOLDERS)}"))


def _check_card_slug(name: str, entry: LineDict, cards: dict[str, CardData], reader: _Reader) -> None:
    """Each card has a page of its own at cards/<slug>/: two cards may not share a slug."""
    slug = card_slug(name)
    if not slug or slug in RESERVED_CARD_SLUGS:
        reader.error(entry, "name", f"card '{name}' gives its page the URL 'cards/{slug}/', which is "
                                    f"{'empty' if not slug else 'the cards index'}; a card name needs a letter or digit "
                                    f"and may not be {', '.join(repr(s) for s in RESERVED_CARD_SLUGS)}")
        return
    other = next((card for card in cards.values() if card.slug == slug), None)
    if other is not None:
        reader.error(entry, "name", f"card '{name}' gives its page the same URL 'cards/{slug}/' as card "
                                    f"'{other.name}' ({other.file}:{other.line}); rename one of them")


def load_glossary(root: str | Path) -> Glossary:
    """Read and check the glossary in `root`; raise GlossaryError listing every problem."""
    root = Path(root)
    if not root.is_dir():
        raise GlossaryError([SourceError(_display(root), None, "glossary folder not found")])
    reader = _Reader()
    _check_layout(root, reader)
    sources = _load_sources(root, reader)
    releases = read_releases(root, reader, sources)
    reader.symbols = _load_symbols(root, reader)
    chapters, chapter_files = _load_chapters(root, reader)
    external = _load_external(root, reader)
    termbase = _load_termbase(root, reader)
    cards = _load_cards(root, reader)
    keywords = _load_keywords(root, reader, termbase)

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
        cards=cards, keywords=keywords, releases=releases,
    )
    _cite_scenario_rules(glossary, reader)
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
    return glossary


def _scenarios(glossary: Glossary) -> Iterator[LineDict]:
    """Every scenario mapping of the glossary: examples and illustrations of rules and game modes."""
    for section in glossary.sections.values():
        for paragraph in section.paragraphs:
            yield from (note.scenario for note in paragraph.notes if isinstance(note.scenario, LineDict))
            yield from (i.scenario for i in paragraph.scenarios)
    for mode in glossary.modes:
        yield from (block.scenario for block in mode.blocks if isinstance(block.scenario, LineDict))
        yield from (i.scenario for rule in mode.deck_rules for i in rule.scenarios)


def _cite_scenario_rules(glossary: Glossary, reader: _Reader) -> None:
    """The rules a scenario names (`rules:`) exist: a rule number of the glossary, checked like a
    cross-reference, or a game mode's deck rule. Other values are the scenario reader's to refuse."""
    deck_rules = {rule.id for mode in glossary.modes for rule in mode.deck_rules}
    for scenario in _scenarios(glossary):
        named = scenario.get("rules")
        if not isinstance(named, LineList):
            continue
        for index, item in enumerate(named):
            rule = str(item) if isinstance(item, (str, int)) and not isinstance(item, bool) else None
            if rule is None:
                continue
            if S.SECTION_ID.match(rule) or S.PARAGRAPH_ID.match(rule):
                reader.citations.append(_Citation(rule, "scenario", named.path, named.line_of(index), shown=False))
            elif rule not in deck_rules:
                reader.error(named, index, f"'{rule}' in 'rules' of a scenario is neither a rule number of the glossary (such as "
                                           f"4.2.4.c) nor a deck rule of a game mode; deck rules: {', '.join(sorted(deck_rules))}")


def _nearby_mode_quotes(wanted: str, quotable: dict[str, Text]) -> str:
    """For a game mode's text the glossary does not hold: what its block holds, or else what its
    mode holds, so the editor sees the parts and the blocks' numbers (counted from 1 in the file)."""
    found = S.MODE_QUOTE_BLOCK.match(wanted)
    if not found:
        return ""
    for prefix, what in ((found.group(1), "this block's"), (found.group(2), "this mode's")):
        near = [key for key in quotable if key.startswith(prefix + "-")]
        if near:
            return f"; {what} quotable texts: {', '.join(near[:12])}{' ...' if len(near) > 12 else ''}"
    return ""


def _resolve_citations(glossary: Glossary, reader: _Reader) -> None:
    """Every cited rule exists (or is a known external rule); build the cited-by index."""
    for citation in reader.citations:
        if glossary.rule_exists(citation.rule):
            if not citation.shown or citation.citing.startswith(("card-", "keyword-")):
                continue  # checked, not shown as a citation
            citing = glossary.cited_by.setdefault(citation.rule, [])
            if citation.citing not in citing:
                citing.append(citation.citing)
        elif any(citation.rule == s or citation.rule.startswith(s + ".") for s in reader.unreadable):
            continue  # already reported: the file that holds this rule could not be read
        elif citation.rule not in glossary.external_rules:
            near = sorted((r for r in list(glossary.paragraphs) + list(glossary.sections) if r.startswith(citation.rule.rsplit(".", 1)[0] + ".")), key=rule_sort_key)[:8]
            hint = f"; rules nearby: {', '.join(near)}" if near else ""
            reader.errors.append(SourceError(citation.path, citation.line, f"reference to rule {citation.rule}, which does not exist in the glossary{hint}"))
    for ruling in glossary.rulings:
        for rule in ruling.rules:
            glossary.rulings_by_rule.setdefault(rule, []).append(ruling)
    quotable = glossary.quotable()
    for quote in reader.quotes:
        if quote.rule not in quotable and not any(quote.rule.startswith(s + ".") for s in reader.unreadable):
            reader.errors.append(SourceError(quote.path, quote.line, f"{{rule-text {quote.rule}}} quotes a text the glossary does not hold; "
                                             "quote a paragraph (4.2.4.b), an item (4.3.h-item-2), a remark or example by its anchor (4.2.4.h-remark-1), "
                                             "or a game mode's paragraph, item or example by its block's anchor (multiplayer-2v2-5-item-2)"
                                             + _nearby_mode_quotes(quote.rule, quotable)))
