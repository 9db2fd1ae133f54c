"""Where each French and Italian text stands against its English: current, stale, unrecorded.

Every text of the glossary is a mapping of languages; beside the translations, `from:` holds the
short hash of the English text they were made from (model.english_hash):

    text:
      en: A tie is not sufficient to advance.
      fr: Une égalité ne suffit pas pour avancer.
      it: Un pareggio non basta per avanzare.
      from: 3fa2c1d0

When the English changes, its hash no longer matches: the translation is stale. `translation_states`
lists each translated text with its state (for the lint, the site's report page and the PO export);
`stamp_glossary` writes `from:` beside translations that have none, as a mechanical edit of the
YAML text (one line added per text, nothing reformatted), so that merges stay easy.
"""

from __future__ import annotations

import functools
import os
from dataclasses import dataclass, field
from pathlib import Path

import yaml
from typing import Any, Iterator

from .glossary.identity import How, explained_hash
from .glossary.model import LANGUAGES, Glossary, Text, TranslationStatus, english_hash, rule_sort_key
from .glossary.schema import TRANSLATED_FROM
from .lint import iter_texts
from .sourcefiles import checked_file, load_yaml_file, read_text, walk_files, write_text
from .yamlsource import LineDict, LineList, SourceError, load_yaml_text

TRANSLATIONS = LANGUAGES[1:]


@dataclass(frozen=True)
class TranslationState:
    """One translated text of the glossary in one language, and where it stands."""

    where: str          # "file:line: entry"
    anchor: str         # the id of the element that shows it on the site ("" when none)
    language: str
    text: Text
    status: TranslationStatus


def translation_states(glossary: Glossary, language: str) -> Iterator[TranslationState]:
    """Every text of the glossary translated into `language`, with its state."""
    for located in iter_texts(glossary):
        status = located.text.status(language)
        if status is not TranslationStatus.MISSING:
            yield TranslationState(located.where, located.anchor, language, located.text, status)


def stale_problems(glossary: Glossary) -> tuple[list[str], list[str]]:
    """(stale, unrecorded): one line each, `file:line: entry: ...`, for the lint."""
    stale, unrecorded = [], []
    for language in TRANSLATIONS:
        for state in translation_states(glossary, language):
            if state.status is TranslationStatus.STALE:
                stale.append(f"{state.where}: the {language} text was translated from an older English text "
                             f"({state.text.translated_from[language]}; the English is now {english_hash(state.text.en)}): "
                             f"update it, then set `from` to {english_hash(state.text.en)}")
            elif state.status is TranslationStatus.UNRECORDED:
                unrecorded.append(f"{state.where}: the {language} text does not record the English it was translated from; "
                                  f"if it is current, run `altered-rules i18n stamp` (writes from: {english_hash(state.text.en)})")
    return stale, unrecorded


# -- the texts of the YAML files, with their addresses -----------------------------------------

# A symbol's glyph may be given per language ({en: W, fr: E, it: A}): a badge, not a translation.
_NOT_TRANSLATIONS = ("glyph",)
# How a text's address starts, by file: "4.2.4.c text", "term draw title", "ruling sacrifice why".
_FOLDER_PREFIX = {"rules": "", "terms": "term", "modes": "mode", "rulings": "ruling"}
_FILE_PREFIX = {"sources.yaml": "source", "symbols.yaml": "symbol", "chapters.yaml": "chapter",
                "external-rules.yaml": "external rule"}


@dataclass(frozen=True)
class TextSlot:
    """A per-language text mapping of a glossary file, where it is, and its address."""

    context: str        # "4.2.4.c text", "4.2.4.a scenarios 1 caption", "mode standard blocks 2 title"
    path: Path
    file: str           # the path relative to the glossary folder
    mapping: LineDict
    nth: int            # how many text mappings start on the same line before it (flow mappings)

    @property
    def english(self) -> str:
        return str(self.mapping["en"]).strip()


def _is_text(node: LineDict) -> bool:
    keys = set(node)
    return "en" in keys and keys <= {*LANGUAGES, TRANSLATED_FROM} and all(isinstance(node[k], str) for k in LANGUAGES if k in node)


def _walk(node: Any, base: list[str], name: list[str], found: list[tuple[str, LineDict]]) -> None:
    if isinstance(node, LineDict):
        if _is_text(node):
            found.append((" ".join(name), node))
            return
        ident = node.get("id", node.get("number"))
        if isinstance(ident, (str, int)) and not isinstance(ident, bool):
            name = [*base, str(ident)]
        for key, value in node.items():
            if key not in _NOT_TRANSLATIONS:
                _walk(value, base, [*name, str(key)], found)
    elif isinstance(node, LineList):
        for index, value in enumerate(node, 1):
            _walk(value, base, [*name, str(index)], found)


def _mark(event: yaml.Event) -> Any:
    """Where a parsed event starts: the parser marks every event it gives."""
    assert event.start_mark is not None
    return event.start_mark


def _slots(path: Path, root: Path) -> list[TextSlot]:
    relative = path.relative_to(root)
    prefix = _FILE_PREFIX.get(relative.name) if len(relative.parts) == 1 else _FOLDER_PREFIX.get(relative.parts[0], relative.parts[0])
    found: list[tuple[str, LineDict]] = []
    _walk(load_yaml_file(path, root), [prefix] if prefix else [], [prefix] if prefix else [], found)
    slots: list[TextSlot] = []
    on_line: dict[int, int] = {}
    for context, mapping in found:
        first = min(mapping.line_of(k) for k in mapping)
        slots.append(TextSlot(context, path, relative.as_posix(), mapping, on_line.get(first, 0)))
        on_line[first] = on_line.get(first, 0) + 1
    return slots


def text_slots(root: Path) -> list[TextSlot]:
    """Every per-language text of the glossary's files, in file order, each with a unique address."""
    root = Path(root)
    slots = [slot for path in glossary_files(root) for slot in _slots(path, root)]
    seen: dict[str, TextSlot] = {}
    for slot in slots:
        if slot.context in seen:   # ids are unique in a glossary that loads; say so if not
            raise ValueError(f"{slot.file}:{slot.mapping.line}: the address '{slot.context}' is also at "
                             f"{seen[slot.context].file}:{seen[slot.context].mapping.line}")
        seen[slot.context] = slot
    return slots


def translated_from(mapping: LineDict) -> dict[str, str]:
    """The `from:` of a text mapping, per language (a single hash applies to every translation)."""
    raw = mapping.get(TRANSLATED_FROM)
    if isinstance(raw, dict):
        return {str(k): str(v) for k, v in raw.items()}
    if raw is None:
        return {}
    return {language: str(raw) for language in TRANSLATIONS if language in mapping}


# -- where a mapping lies in the YAML text ----------------------------------------------------

def _indent(line: str) -> int:
    return len(line) - len(line.lstrip(" "))


@dataclass
class _Open:
    """A collection being read by _flow_texts: where it opened, its keys, where its first key is."""

    mapping: bool
    flow: bool
    start: tuple[int, int]
    keys: set = field(default_factory=set)
    first_key_row: int = -1
    expect_key: bool = True


@functools.lru_cache(maxsize=8)   # an import edits several texts of one file: parsed once
def _flow_texts(text: str) -> dict[int, list[tuple[tuple[int, int], tuple[int, int]]]]:
    """Every one-line-style text mapping ({en: ..., fr: ...}) of a YAML text, found by a real YAML
    parse (a scanner of quotes was fooled by a translation ending in a backslash): the row of its
    first key -> the ((row, column) of `{`, (row, column) of `}`) of each, in the order they open."""
    found: dict[int, list[tuple[tuple[int, int], tuple[int, int]]]] = {}
    stack: list[_Open] = []
    for event in yaml.parse(text, Loader=yaml.SafeLoader):
        if isinstance(event, (yaml.MappingStartEvent, yaml.SequenceStartEvent)):
            if stack and stack[-1].mapping:
                stack[-1].expect_key = True   # a collection is a value here (keys are scalars)
            mark = _mark(event)
            stack.append(_Open(isinstance(event, yaml.MappingStartEvent), bool(event.flow_style), (mark.line, mark.column)))
        elif isinstance(event, (yaml.MappingEndEvent, yaml.SequenceEndEvent)):
            done = stack.pop()
            if done.mapping and done.flow and "en" in done.keys and done.keys <= {*LANGUAGES, TRANSLATED_FROM}:
                end = (_mark(event).line, _mark(event).column)
                found.setdefault(done.first_key_row, []).append((done.start, end))
        elif isinstance(event, (yaml.ScalarEvent, yaml.AliasEvent)) and stack and stack[-1].mapping:
            top = stack[-1]
            if top.expect_key and isinstance(event, yaml.ScalarEvent):
                top.keys.add(event.value)
                if top.first_key_row < 0:
                    top.first_key_row = _mark(event).line
            top.expect_key = not top.expect_key
    for spans in found.values():
        spans.sort()
    return found


def _first_key(lines: list[str], mapping: LineDict) -> tuple[int, int]:
    first = min(mapping.line_of(k) for k in mapping) - 1
    key = next(k for k in mapping if mapping.line_of(k) - 1 == first)
    return first, lines[first].index(f"{key}:")


def flow_span(lines: list[str], slot: TextSlot) -> tuple[tuple[int, int], tuple[int, int]] | None:
    """((row, column) of `{`, (row, column) of `}`) of a flow text mapping; None for a block one.
    yamlsource's lines have no column: mappings on one line are told apart by their order."""
    first, column = _first_key(lines, slot.mapping)
    if not lines[first][:column].strip(" -"):
        return None
    spans = _flow_texts("\n".join(lines)).get(first, [])
    if slot.nth >= len(spans):
        raise SourceError(slot.path, first + 1, f"the text '{slot.context}' is not a mapping of languages the YAML "
                                                "parser finds on this line; write it as a block mapping (en: on its own line)")
    return spans[slot.nth]


def block_layout(lines: list[str], mapping: LineDict) -> tuple[int, dict[str, tuple[int, int]], tuple[int, int]]:
    """A block text mapping's key column, each key's rows (first, last) and the mapping's rows."""
    first, column = _first_key(lines, mapping)
    rows = sorted((mapping.line_of(k) - 1, str(k)) for k in mapping)
    last = rows[-1][0]
    row = last + 1
    while row < len(lines) and (not lines[row].strip() or _indent(lines[row]) > column):
        if lines[row].strip():
            last = row
        row += 1
    spans = {key: (start, (rows[i + 1][0] - 1) if i + 1 < len(rows) else last) for i, (start, key) in enumerate(rows)}
    return column, spans, (first, last)


# -- stamping: `from:` beside translations that have none ------------------------------------

def stamp_file(path: Path, root: Path | None = None) -> int:
    """Write `from:` beside each text of `path` whose translations record none; return how many.
    Only lines are added (or `, from: ...` inside a one-line mapping): nothing is reformatted."""
    lines = read_text(path, root or path.parent).split("\n")
    edits = []
    for slot in _slots(path, root or path.parent):
        mapping = slot.mapping
        if TRANSLATED_FROM in mapping or not any(language in mapping for language in TRANSLATIONS):
            continue
        value = english_hash(slot.english)
        span = flow_span(lines, slot)
        if span is not None:
            row, close = span[1]
            edits.append((row, close, f", {TRANSLATED_FROM}: {value}"))
        else:
            column, _, (_, last) = block_layout(lines, mapping)
            edits.append((last + 1, -1, " " * column + f"{TRANSLATED_FROM}: {value}"))
    for row, column, text in sorted(edits, reverse=True):
        if column < 0:
            lines.insert(row, text)
        else:
            lines[row] = lines[row][:column] + text + lines[row][column:]
    if edits:
        stamped = "\n".join(lines)
        try:   # the file must still load, each stamped text with its `from:`, before a byte is written
            _check_stamped(stamped, path, root or path.parent, len(edits))
        except SourceError as exc:
            raise SourceError(path, exc.line, f"`i18n stamp` would break this file ({exc.message}); "
                                              "nothing was written: add `from:` here by hand") from None
        write_text(path, root or path.parent, stamped)
    return len(edits)


def _check_stamped(text: str, path: Path, root: Path, count: int) -> None:
    """SourceError unless `text` loads and holds `count` more texts recording their English."""
    before = sum(1 for slot in _slots(path, root) if TRANSLATED_FROM in slot.mapping)
    data = load_yaml_text(text, path)
    found: list[tuple[str, LineDict]] = []
    _walk(data, [], [], found)
    after = sum(1 for _, mapping in found if TRANSLATED_FROM in mapping)
    if after != before + count:
        raise SourceError(path, None, f"{after - before} text(s) would record their English, not {count}")


def glossary_files(root: Path) -> list[Path]:
    """The glossary's YAML files that hold per-language texts."""
    files = [root / name for name in _FILE_PREFIX if os.path.lexists(root / name)]
    for folder in _FOLDER_PREFIX:
        files += [path for path, _ in walk_files(root / folder, root) if path.suffix == ".yaml"]
    for path in files:   # a link or a pipe is refused before any file is written (sourcefiles.py)
        checked_file(path, root)
    return files


def stamp_glossary(root: Path) -> dict[Path, int]:
    """`from:` beside every translation of the glossary that records none (declaring it current)."""
    root = Path(root)
    counts = {path: stamp_file(path, root) for path in glossary_files(root)}
    return {path: count for path, count in counts.items() if count}


# -- after a renumbering: `from:` follows the numbers -------------------------------------------

def renumbering_of(glossary: Glossary) -> dict[str, str]:
    """old number -> new number, for the rules renumbered since the latest release (identity.py)."""
    return {pair.old: pair.new for pair in glossary.identity.values() if pair.old != pair.new}


def restamp_renumbered(glossary: Glossary, renames: dict[str, str] | None = None,
                       before: dict[Path, str] | None = None) -> dict[Path, str]:
    """Sets `from:` to the English as it is now beside each translation that lags only by the rule
    numbers the renumbering since the latest release changed, and that was renumbered alike (the
    loader already counts it current: this makes it so once that release is no longer the latest).
    `renames` (old -> new): that renumbering instead (`altered-rules renumber`'s).
    Returns each file changed and its text before, so that a caller can put it back (`before`: the
    caller's mapping, filled before each write, so that it holds them when a write fails half way)."""
    before = {} if before is None else before
    renames = renumbering_of(glossary) if renames is None else renames
    if not renames:
        return before
    root = Path(glossary.root)
    for path in glossary_files(root):
        slots = _slots(path, root)
        lines: list[str] | None = None
        for slot in slots:
            mapping = slot.mapping
            recorded = translated_from(mapping)
            if not recorded or TRANSLATED_FROM not in mapping:
                continue
            now = english_hash(slot.english)
            languages = [lang for lang in TRANSLATIONS if lang in mapping and recorded.get(lang) not in (None, now)]
            explained = [lang for lang in languages
                         if explained_hash(slot.english, str(mapping[lang]), renames, english_hash) == recorded[lang]]
            shared = any(recorded[a] == recorded[b] for a in explained for b in languages if b not in explained)
            if not explained or shared:
                continue   # one hash for several translations: rewritten only when all of them lag alike
            if lines is None:
                lines = read_text(path, root).split("\n")
            row = mapping.line_of(TRANSLATED_FROM) - 1
            for lang in explained:
                lines[row] = lines[row].replace(recorded[lang], now)
        if lines is not None:
            text = "\n".join(lines)
            original = read_text(path, root)
            if text != original:
                before[path] = original
                write_text(path, root, text)
    return before


def renumbering_notes(glossary: Glossary) -> list[str]:
    """`file:line: ...` for each rule the matching found renumbered since the latest release, and
    how (the lint lists them for the editors to confirm, or to correct with `was:`)."""
    if not glossary.releases:
        return []
    version = glossary.releases[-1].version
    notes = []
    moved = [p for p in glossary.identity.values() if p.old != p.new]
    rules = sorted((p for p in moved if p.new in glossary.paragraphs or p.new in glossary.sections), key=lambda p: rule_sort_key(p.new))
    for pair in rules + sorted((p for p in moved if p not in rules), key=lambda p: p.new):
        rule = glossary.paragraphs.get(pair.new) or glossary.sections.get(pair.new)
        where = f"{rule.file}:{rule.line}" if rule else glossary.root
        how = {How.EDITOR: "as its `was:` says", How.TEXT: "same text"}.get(pair.how, f"text {pair.score:.0%} alike")
        notes.append(f"{where}: {pair.new} is {pair.old} of release {version}, renumbered ({how}); "
                     f"if not, write `was: <its number in {version}>` or `was: new` on it")
    return notes
