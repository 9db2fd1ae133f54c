"""Building the glossary's records (model.py) from the entries read (reading.py) and checked
(checking.py): sources, symbols, chapters, the termbase, cards and keywords, then each section with
its paragraphs and notes, each term, game mode and ruling. A builder returns None for an entry it
cannot build; its problems are the `_Reader`'s.
"""

from __future__ import annotations

import engine

from pathlib import Path
from typing import Any

from ...languages import LANGUAGES, TRANSLATIONS
from ..yamlsource import LineDict, LineList, SourceError
from . import schema as S
from .checking import _Citation, _Reader
from .model import (
    Ability,
    Block,
    CardData,
    Chapter,
    DeckRule,
    ExternalRule,
    GameMode,
    Illustration,
    JargonEntry,
    Keyword,
    ListKind,
    NoScenario,
    Note,
    NoteKind,
    Paragraph,
    RESERVED_CARD_SLUGS,
    Ruling,
    Section,
    SectionBody,
    Source,
    Symbol,
    Term,
    TermbaseEntry,
    TermForm,
    Text,
    card_slug,
)
from .reading import _entry_file, _load_yaml, _mappings, _not_a_mapping
from .releases import _iso_date


def _load_sources(root: Path, reader: _Reader) -> dict[str, Source]:
    sources: dict[str, Source] = {}
    for entry in _mappings(root, "sources.yaml", reader, S.SOURCE_KEYS, "a source"):
        sid = reader.string(entry, "id", "a source")
        title, description = reader.text(entry, "title", "a source"), reader.text(entry, "description", "a source")
        if sid is None or title is None or description is None:
            continue
        if not S.SOURCE_ID.match(sid):
            reader.error(entry, "id", f"source id '{sid}' must be seed-NNN, editorial, or an imported document's name and "
                                      "version such as cr-3.0")
        if sid in sources:
            reader.error(entry, "id", f"duplicate source id '{sid}'")
        file = entry.get("file")
        facts = {key: reader.string(entry, key, f"source {sid}") if key in entry else None
                 for key in ("version", "date", "sha256", "licence")}
        sources[sid] = Source(sid, title, str(file) if file else None, description, f"{entry.path}:{entry.line}", **facts)
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
        if sid is None or kind is None or label is None or glyph is None or color is None:
            continue
        if not S.SLUG.match(sid):
            reader.error(entry, "id", f"symbol id '{sid}' must be lowercase words joined by dashes")
        if sid in symbols:
            reader.error(entry, "id", f"duplicate symbol '{sid}'")
        symbols[sid] = Symbol(sid, kind, label, glyph, color, f"{entry.path}:{entry.line}")
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
        chapters[number] = Chapter(number, title, reader.boolean(entry, "title_editorial", "a chapter"),
                                   where=f"{entry.path}:{entry.line}")
        places[number] = (entry.path, entry.line)
    return chapters, places


def _load_external(root: Path, reader: _Reader) -> dict[str, ExternalRule]:
    external: dict[str, ExternalRule] = {}
    for entry in _mappings(root, "external-rules.yaml", reader, S.EXTERNAL_RULE_KEYS, "an external rule"):
        rid, title = reader.string(entry, "id", "an external rule"), reader.text(entry, "title", "an external rule")
        if rid and title:
            external[rid] = ExternalRule(rid, title, f"{entry.path}:{entry.line_of('title')}")
    return external


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


def _term_words(termbase: list[TermbaseEntry]) -> dict[str, dict[str, str]]:
    """language -> folded Altered term (each form: term, trigger, status...) -> its termbase id."""
    words: dict[str, dict[str, str]] = {language: {} for language in LANGUAGES}
    for entry in termbase:
        words["en"][entry.en.casefold()] = entry.id
        for language, form in entry.forms.items():
            for word in (form.term, *(value for _, value in form.extra)):
                words[language][word.casefold()] = entry.id
    return words


def _load_jargon(root: Path, reader: _Reader, termbase: list[TermbaseEntry]) -> list[JargonEntry]:
    """The jargon table (jargon.yaml; optional): other games' words for the Altered terms (issue 27).
    A word is never an Altered term of its language (it would send the term's own searches elsewhere),
    nor listed twice in one language (a search could not tell which entry it means)."""
    if not (root / "jargon.yaml").is_file():
        return []
    terms = {t.id for t in termbase}
    altered = _term_words(termbase)
    seen: dict[tuple[str, str], int] = {}
    entries: list[JargonEntry] = []
    for entry in _mappings(root, "jargon.yaml", reader, S.JARGON_KEYS, "a jargon entry"):
        what = f"the jargon entry at line {entry.line}"
        games = entry.get("games")
        if not isinstance(games, list) or not games or any(g not in S.JARGON_GAMES for g in games):
            reader.error(entry, "games", f"'games' of {what} must be a non-empty list of: {', '.join(S.JARGON_GAMES)}")
            continue
        words: dict[str, tuple[str, ...]] = {}
        for language in LANGUAGES:
            value = entry.get(language)
            if not isinstance(value, list) or not all(isinstance(w, str) and w.strip() for w in value) or (
                    language == "en" and not value):
                reader.error(entry, language, f"'{language}' of {what} must be a list of words"
                             + (" (at least one)" if language == "en" else " ([] when that game has none of its own there)"))
                continue
            listed = tuple(w.strip() for w in value)
            for index, word in enumerate(listed):
                at = value.line_of(index) if isinstance(value, LineList) else entry.line_of(language)
                if word.casefold() in altered[language]:
                    reader.errors.append(SourceError(entry.path, at,
                        f"'{word}' in '{language}' of {what} is the Altered term '{altered[language][word.casefold()]}' "
                        "(termbase.yaml): a jargon word is another game's word; say the clash in the entry's note"))
                elif (language, word.casefold()) in seen:
                    reader.errors.append(SourceError(entry.path, at,
                        f"'{word}' in '{language}' of {what} is already listed at line {seen[(language, word.casefold())]}; "
                        "list a word once, in the entry whose Altered term it means"))
                else:
                    seen[(language, word.casefold())] = entry.line
            words[language] = listed
        term = entry.get("term")
        if term is not None and term not in terms:
            reader.error(entry, "term", f"'term' of {what} is '{term}', which is not a termbase.yaml id")
            term = None
        rules = reader.rule_ids(entry, "rules", what, f"jargon-{entry.line}")
        modes = entry.get("modes") or []
        if not isinstance(modes, list) or not all(isinstance(m, str) for m in modes):
            reader.error(entry, "modes", f"'modes' of {what} must be a list of game mode ids (modes/<id>.yaml)")
            modes = []
        note = reader.text(entry, "note", what)
        if "term" not in entry and note is None:
            reader.error(entry, None, f"{what} has no 'term': where Altered has no equivalent, a 'note' says so")
        if len(words) == len(LANGUAGES) and (term is not None or "term" not in entry):
            entries.append(JargonEntry(tuple(games), words, term, rules, tuple(modes), note, entry.path, entry.line))
    return entries


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
        names: Any = entry.get("names") or {}
        if not isinstance(names, dict) or any(k not in TRANSLATIONS for k in names):
            reader.error(entry, "names", f"'names' of {what} maps {' and '.join(TRANSLATIONS)} to the printed names")
            names = {}
        names = {k: v for k in names if (v := reader.string(names, k, f"'names' of {what}")) is not None}
        subtypes = reader.strings(entry, "subtypes", what)
        faction = reader.string(entry, "faction", what) if entry.get("faction") is not None else None
        rarity = reader.string(entry, "rarity", what) if entry.get("rarity") is not None else None
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
                name, kind, subtypes, stats, faction,
                rarity, {str(k): str(v) for k, v in names.items()}, tuple(abilities), seen_in,
                entry.path, entry.line,
            )
    return cards


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
        for language in TRANSLATIONS:
            form = reader.mapping(entry.get(language), S.TERM_FORM_KEYS, f"'{language}' of {what}", entry, language)
            if form is None:
                continue
            term = reader.string(form, "term", f"'{language}' of {what}")
            gender = reader.string(form, "gender", f"'{language}' of {what}", S.GENDERS)
            avoid = form.get("avoid") or []
            if not isinstance(avoid, list) or not all(isinstance(a, str) for a in avoid):
                reader.error(form, "avoid", f"'avoid' of '{language}' of {what} must be a list of words")
                avoid = []
            extra = tuple((k, str(form[k])) for k in ("trigger", "status", "feminine", "has_status", "third_person") if k in form)
            stem = str(form.get("stem") or "")
            if stem and term and not term.casefold().startswith(stem.casefold()):
                reader.error(form, "stem", f"'stem' of '{language}' of {what} is '{stem}', which '{term}' does not start with")
            if term and gender:
                forms[language] = TermForm(term, gender, tuple(avoid), extra, stem)
        confirmed = entry.get("confirmed", True)
        if not isinstance(confirmed, bool):
            reader.error(entry, "confirmed", f"'confirmed' of {what} must be true or false")
        search = _search_words(entry, reader, what)
        if tid and kind and english and seen and len(forms) == len(TRANSLATIONS):
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


def _load_list(entry: LineDict, what: str, reader: _Reader, citing: str) -> tuple[str | None, list[Text]]:
    """`list:` (ordered or unordered) and its `items:`, which go together (a paragraph, a section's body)."""
    list_kind = reader.string(entry, "list", what, [k.value for k in ListKind]) if "list" in entry else None
    items: list[Text] = []
    for i, raw in enumerate(reader.list_of(entry, "items", what)):
        holder = LineDict({"item": raw})
        holder.path, holder.line, holder.key_lines = entry.path, entry["items"].line_of(i), {"item": entry["items"].line_of(i)}
        item_text = reader.text(holder, "item", f"item {i + 1} of {what}", citing=citing)
        if item_text:
            items.append(item_text)
    if bool(items) != bool(list_kind):
        reader.error(entry, "list" if list_kind else "items", f"{what}: 'list' (ordered or unordered) and 'items' go together")
    return list_kind, items


def _load_decides(entry: LineDict, what: str, reader: _Reader) -> dict[str, str]:
    """`decides:` of a rule or a heading's body: each question it decides, with the answer the engine
    follows, both from the engine's one table (engine.decisions.DECIDABLE); anything else is an
    error naming the allowed questions, or the question's allowed answers."""
    if "decides" not in entry:
        return {}
    table = entry.get("decides")
    questions = ", ".join(q.value for q in engine.Question)
    if not isinstance(table, LineDict) or not table:
        reader.error(entry, "decides", f"'decides' of {what} must be a mapping of a question to its answer, "
                                       f"e.g. {{boosted-statistics: {engine.DECIDABLE[engine.Question.BOOSTED_STATISTICS][0]}}}; "
                                       f"the questions: {questions}")
        return {}
    decides: dict[str, str] = {}
    for key, answer in table.items():
        if key not in {q.value for q in engine.Question}:
            reader.error(table, key, f"'decides' of {what} names the question {key!r}, which the engine does not know; "
                                     f"the questions a rule may decide: {questions}")
            continue
        answers = engine.DECIDABLE[engine.Question(key)]
        if not isinstance(answer, str) or answer not in answers:
            reader.error(table, key, f"'decides' of {what} gives {key} the answer {answer!r}, which the engine cannot follow; "
                                     "its answers: " + "; ".join(answers))
            continue
        decides[key] = answer
    return decides


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
    list_kind, items = _load_list(entry, what, reader, pid)
    paragraph_sources = reader.sources(entry, "sources", what, sources)
    text_from = entry.get("text_from")
    if text_from is not None and text_from not in paragraph_sources:
        reader.error(entry, "text_from", f"'text_from' of {what} is '{text_from}', which is not among its sources: {', '.join(paragraph_sources)}")
    was = entry.get("was")
    if was is not None and not (isinstance(was, str) and (was == "new" or S.PARAGRAPH_ID.match(was)) and was != pid):
        reader.error(entry, "was", f"'was' of {what} is {was!r}; write the number it had in the latest release "
                                   "(a paragraph id such as 4.2.4.c, not its own), or `new` for a new paragraph")
        was = None
    # `supersedes:`: removed rules, pinned (schema.py); rule_ids checks each against its release
    supersedes = reader.rule_ids(entry, "supersedes", what, citing=pid)
    listed = [str(r) for r in entry.get("supersedes") or []]
    for rule in supersedes:
        if not S.PINNED_RULE_ID.match(rule):
            reader.error(entry.get("supersedes"), listed.index(rule), f"'{rule}' in 'supersedes' of {what} is a rule as it is now; "
                         "write a removed rule as the release that held it had it, e.g. 4.3.a@2026.1")
    supersedes = tuple(rule for rule in supersedes if S.PINNED_RULE_ID.match(rule))
    if text is None:
        return None
    paragraph = Paragraph(
        id=pid, section=section_id, text=text, sources=paragraph_sources,
        label=reader.text(entry, "label", what), list_kind=ListKind(list_kind) if list_kind else None,
        items=tuple(items), gap=reader.text(entry, "gap", what, citing=pid), text_from=text_from,
        corrections=reader.corrections(entry, what), was=was, decides=_load_decides(entry, what, reader), supersedes=supersedes,
        file=entry.path, line=entry.line,
    )
    paragraph.scenarios.extend(_load_illustrations(entry, what, reader, citing=pid))
    if "no_scenario" in entry:
        reason = reader.mapping(entry.get("no_scenario"), S.NO_SCENARIO_KEYS, f"'no_scenario' of {what}", entry, "no_scenario")
        if reason is not None:
            code = reader.string(reason, "reason", f"'no_scenario' of {what}", S.NO_SCENARIO_REASONS)
            if code:
                paragraph.no_scenario = NoScenario(code, reader.text(reason, "note", f"'no_scenario' of {what}", citing=pid))
    notes: Any = entry.get("notes")   # a list, wherever list_of gives an item
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
    body = _load_body(entry, sid, section_sources, reader, sources) if "body" in entry else None
    if title is None:
        return None
    return Section(sid, title, section_sources, paragraphs, reader.boolean(entry, "title_editorial", what), entry.path, entry.line,
                   body)


def _load_body(entry: LineDict, sid: str, section_sources: tuple[str, ...], reader: _Reader, sources: dict[str, Source]) -> SectionBody | None:
    """A heading's own `body:` (text, list and items, notes): the paragraph's keys, no letter."""
    what = f"the body of section {sid}"
    body = reader.mapping(entry.get("body"), S.BODY_KEYS, what, entry, "body")
    if body is None:
        return None
    list_kind, items = _load_list(body, what, reader, sid)
    result = SectionBody(reader.text(body, "text", what, citing=sid), ListKind(list_kind) if list_kind else None, tuple(items),
                         decides=_load_decides(body, what, reader))
    holder_paragraph = Paragraph(id=sid, section=sid, text=Text({"en": ""}), sources=section_sources)
    notes = body.get("notes") or LineList()
    for i, raw in enumerate(reader.list_of(body, "notes", what)):
        note = _load_note(raw, notes, i, holder_paragraph, reader, sources)
        if note:
            result.notes.append(note)
    if result.text is None and not result.items and not result.notes:
        reader.error(entry, "body", f"{what} is empty; give it text, items or notes, or remove it")
    return result


def _load_term(path: Path, reader: _Reader, sources: dict[str, Source]) -> Term | None:
    found = _entry_file(path, reader, S.TERM_KEYS, "term")
    if found is None:
        return None
    entry, tid, what = found
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
    paragraphs: list[Text] = []
    items: list[Text] = []
    # Each part's line, for lint (the parts' names are Block.parts()'s).
    lines = {key: entry.line_of(key) for key in ("title", "gap", "example") if key in entry}
    for key, part, bucket in (("paragraphs", "paragraph", paragraphs), ("items", "item", items)):
        seq: Any = entry.get(key)   # a list, wherever list_of gives an item
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
            # A deck rule restating a rule the next official version removed keeps citing it as the
            # release had it ("1.1.4.c@2026.2", written by the import as for every other citation).
            cited = reader.pinned if S.PINNED_RULE_ID.match(restates) else reader.citations
            cited.append(_Citation(restates, citing, rule.path, rule.line_of("rule")))
        scenarios = tuple(_load_illustrations(rule, rwhat, reader, citing=citing))
        if text:
            rules.append(DeckRule(rid, text, dict(check), restates, scenarios, rule.line_of("text"),
                                  {key: check.line_of(key) for key in check}))
    return fmt, reader.text(deck, "intro", f"'deck' of {what}", citing=citing), rules


def _load_mode(path: Path, reader: _Reader, sources: dict[str, Source]) -> GameMode | None:
    found = _entry_file(path, reader, S.MODE_KEYS, "game mode")
    if found is None:
        return None
    entry, mid, what = found
    citing = f"mode-{mid}"
    raw_blocks: Any = entry.get("blocks")   # a list, wherever list_of gives an item
    blocks = [b for i, raw in enumerate(reader.list_of(entry, "blocks", what)) if (b := _load_block(raw, raw_blocks, i, what, reader, citing))]
    fmt, intro, deck_rules = _load_deck(entry, what, reader, citing) if "deck" in entry else (None, None, [])
    title = reader.text(entry, "title", what)
    if title is None:
        return None
    deck = entry.get("deck")
    lines = {"title": entry.line_of("title"),
             **({"deck": deck.line_of("intro"), "deck-format": deck.line_of("format")} if isinstance(deck, LineDict) else {})}
    return GameMode(mid, title, reader.sources(entry, "sources", what, sources), blocks, fmt, intro, deck_rules,
                    reader.corrections(entry, what), entry.path, entry.line, lines)


def _load_ruling(path: Path, reader: _Reader) -> Ruling | None:
    found = _entry_file(path, reader, S.RULING_KEYS, "ruling")
    if found is None:
        return None
    entry, rid, what = found
    citing = f"ruling-{rid}"
    texts = {k: reader.text(entry, k, what, citing=citing) for k in ("title", "conflict", "reading", "why")}
    rules = reader.rule_ids(entry, "rules", what, citing)
    if not rules:
        reader.error(entry, "rules", f"'rules' of {what} must list the rule numbers the ruling is about")
    authority = entry.get("authority")
    if authority not in S.RULING_AUTHORITIES:
        reader.error(entry, "authority", f"'authority' of {what} is {authority!r}; allowed: {', '.join(S.RULING_AUTHORITIES)}")
    date = _iso_date(reader, entry, "date", what)
    if any(t is None for t in texts.values()) or authority not in S.RULING_AUTHORITIES or date is None:
        return None
    lines = {key: entry.line_of(key) for key in texts}
    return Ruling(rid, texts["title"], rules, texts["conflict"], texts["reading"], texts["why"],  # type: ignore[arg-type]
                  entry.path, entry.line, lines, authority=authority, date=date)
