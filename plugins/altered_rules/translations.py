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

import re
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Iterator

from .glossary.model import LANGUAGES, Glossary, Text, TranslationStatus, english_hash
from .glossary.schema import TRANSLATED_FROM
from .lint import Located, iter_texts
from .yamlsource import LineDict, LineList, load_yaml_file

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


# -- stamping: `from:` beside translations that have none ------------------------------------

# A symbol's glyph may be given per language ({en: W, fr: E, it: A}): a badge, not a translation.
_NOT_TRANSLATIONS = ("glyph",)


def _text_mappings(node: Any) -> Iterator[LineDict]:
    """Every per-language text mapping in a YAML tree, in document order: only language keys
    (and `from`), all text."""
    if isinstance(node, LineDict):
        keys = set(node)
        if "en" in keys and keys <= {*LANGUAGES, TRANSLATED_FROM} and all(isinstance(node[k], str) for k in LANGUAGES if k in node):
            yield node
            return
        for key, value in node.items():
            if key not in _NOT_TRANSLATIONS:
                yield from _text_mappings(value)
    elif isinstance(node, LineList):
        for value in node:
            yield from _text_mappings(value)


def _indent(line: str) -> int:
    return len(line) - len(line.lstrip(" "))


def _flow_close(lines: list[str], row: int, column: int) -> tuple[int, int]:
    """The (row, column) of the `}` closing the flow mapping opened at (row, column)."""
    depth, quote, previous = 0, "", ""
    while row < len(lines):
        line = lines[row]
        while column < len(line):
            char = line[column]
            if quote:
                if char == quote and not (quote == '"' and line[column - 1] == "\\"):
                    quote = "" if not (quote == "'" and line[column + 1:column + 2] == "'") else quote
            elif char in "\"'" and previous in "{[,:":   # a quote opens a scalar, not "d'un"
                quote = char
            elif char in "{[":
                depth += 1
            elif char in "}]":
                depth -= 1
                if depth == 0:
                    return row, column
            if not quote and not char.isspace():
                previous = char
            column += 1
        row, column = row + 1, 0
    raise ValueError("unclosed flow mapping")


_FLOW_TEXT = re.compile(r"\{\s*(?:en|fr|it)\s*:")


def _insertion(lines: list[str], mapping: LineDict, value: str, nth: int) -> tuple[int, int, str]:
    """Where and what to insert so that `mapping` gains `from: value`: (row, column, text).
    `nth`: how many text mappings start on the same line before this one (the line numbers
    yamlsource keeps have no column: {en: ...} mappings on one line are told apart by order)."""
    rows = [mapping.line_of(k) - 1 for k in mapping]
    first = min(rows)
    line = lines[first]
    flows = [m.start() for m in _FLOW_TEXT.finditer(line)]
    key = next(k for k in mapping if mapping.line_of(k) - 1 == first)
    column = line.index(f"{key}:")
    if line[:column].strip(" -"):
        row, close = _flow_close(lines, first, flows[nth])   # a flow mapping: {en: ..., fr: ...}
        return row, close, f", {TRANSLATED_FROM}: {value}"
    last = max(rows)
    row = last + 1
    while row < len(lines) and (not lines[row].strip() or _indent(lines[row]) > column):
        if lines[row].strip():
            last = row
        row += 1
    return last + 1, -1, " " * column + f"{TRANSLATED_FROM}: {value}"


def stamp_file(path: Path, languages: tuple[str, ...] = TRANSLATIONS) -> int:
    """Write `from:` beside each text of `path` whose translations record none; return how many.
    Only lines are added (or `, from: ...` inside a one-line mapping): nothing is reformatted."""
    data = load_yaml_file(path)
    lines = path.read_text(encoding="utf-8").split("\n")
    edits = []
    on_line: dict[int, int] = {}
    for mapping in _text_mappings(data):
        first = min(mapping.line_of(k) for k in mapping)
        nth = on_line.get(first, 0)
        on_line[first] = nth + 1
        if TRANSLATED_FROM in mapping or not any(language in mapping for language in languages):
            continue
        english = str(mapping["en"]).strip()
        edits.append(_insertion(lines, mapping, english_hash(english), nth))
    for row, column, text in sorted(edits, reverse=True):
        if column < 0:
            lines.insert(row, text)
        else:
            lines[row] = lines[row][:column] + text + lines[row][column:]
    if edits:
        path.write_text("\n".join(lines), encoding="utf-8")
    return len(edits)


def glossary_files(root: Path) -> list[Path]:
    """The glossary's YAML files that hold per-language texts."""
    files = [root / name for name in ("sources.yaml", "symbols.yaml", "chapters.yaml", "external-rules.yaml")]
    for folder in ("rules", "terms", "modes", "rulings"):
        files += sorted((root / folder).rglob("*.yaml"))
    return [f for f in files if f.is_file()]


def stamp_glossary(root: Path) -> dict[Path, int]:
    """`from:` beside every translation of the glossary that records none (declaring it current)."""
    counts = {path: stamp_file(path) for path in glossary_files(root)}
    return {path: count for path, count in counts.items() if count}
