"""Line-aware YAML reading for the glossary and for scenario files.

Every mapping and list read from a file remembers the line it starts on and
the line of each of its keys or items, so that any later check (the glossary
schema, the scenario reader) can name the file and the line of what it
rejects.

Scalars follow a deliberately small schema, because rule numbers are text
wherever they appear (`rules: [4.3, 2.1.e]` names rule 4.3, and 4.10 must
never become 4.1):

- ``true``/``false`` are booleans, ``null``/``~``/an empty value is None;
- a plain decimal integer (``0``, ``-2``) is an int;
- everything else, floats included, is text. Quoted scalars are always text.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import yaml

from engine.limits import MAX_DEPTH, MAX_DIGITS, MAX_EXPANDED_CHARACTERS, MAX_FILE_BYTES, MAX_VALUES

__all__ = [
    "SourceError",
    "Located",
    "FORBIDDEN_CHARACTER",
    "character_problem",
    "LineDict",
    "LineList",
    "load_yaml_bytes",
    "load_yaml_text",
    "line_of",
    "copy_tree",
    "plain_data",
    "scenario_yaml",
]

_INT = re.compile(r"^[-+]?(0|[1-9][0-9]*)$")

# Characters no text of the glossary, a scenario, a release or a translation holds: the C0
# controls but tab and newline (CR included: a text's line breaks are newlines), DEL, the C1
# controls (U+0080-U+009F: a terminal reads some as escape sequences, XML 1.0 refuses them in a
# feed), the line and paragraph separators, and the bidi overrides and isolates, which reorder
# what a reader sees and can hide text from a reviewer (U+202A-U+202E, U+2066-U+2069).
# Also, written as escapes (PyYAML refuses them raw): a lone surrogate (U+D800-U+DFFF, half of a
# UTF-16 pair, which no UTF-8 text can hold: writing it crashed lint, the build and verify, F-16)
# and the non-characters (U+FDD0-U+FDEF, U+FFFE, U+FFFF, which XML 1.0 refuses: the Atom feed, F-15).
_NOT_TEXT = "\ud800-\udfff\ufdd0-\ufdef\ufffe\uffff"
FORBIDDEN_CHARACTER = re.compile("[\x00-\x08\x0b-\x1f\x7f-\x9f\u2028\u2029\u202a-\u202e\u2066-\u2069" + _NOT_TEXT + "]")
# In a one-line text (a title, an interface string's label), tabs and newlines too.
FORBIDDEN_IN_LINE = re.compile("[\x00-\x1f\x7f-\x9f\u2028\u2029\u202a-\u202e\u2066-\u2069" + _NOT_TEXT + "]")
_CHARACTER_NAMES = {"\t": "a tab", "\n": "a line break", "\r": "a carriage return (CR)", "\x1b": "ESC, a control character",
                    "\x85": "NEL, a control character", "\u2028": "a line separator", "\u2029": "a paragraph separator"}


def character_problem(text: str, one_line: bool = False) -> str | None:
    """What is wrong with the first character `text` may not hold (None: nothing): which one,
    where, and what is allowed. `one_line`: a title or label, which holds no tab or line break."""
    found = (FORBIDDEN_IN_LINE if one_line else FORBIDDEN_CHARACTER).search(text)
    if found is None:
        return None
    character = found.group()
    code = ord(character)
    name = _CHARACTER_NAMES.get(character) or (
        "a lone surrogate, half of a UTF-16 pair, which UTF-8 text cannot hold" if 0xD800 <= code <= 0xDFFF else
        "a non-character, which XML and feeds refuse" if code >= 0xFDD0 else
        "a bidi override, which can reorder or hide text" if code >= 0x2000 else "a control character")
    column = found.start() - (text.rfind("\n", 0, found.start()) + 1) + 1
    allowed = ("one line of printable text (no tab or line break)" if one_line
               else "printable text, tabs and line breaks (newlines)")
    line = text.count("\n", 0, found.start())
    at = f"line {line + 1} of the text, column {column}" if line else f"column {column} of the text"
    return f"the character U+{code:04X} ({name}) at {at} is not allowed here: write {allowed}"
_NULL = {"", "~", "null", "Null", "NULL"}
_TRUE = {"true", "True", "TRUE"}
_FALSE = {"false", "False", "FALSE"}


@dataclass(frozen=True)
class Located:
    """A place in a source file: a path and a 1-based line number."""

    path: str
    line: int

    def __str__(self) -> str:
        return f"{self.path}:{self.line}"


class SourceError(Exception):
    """Bad input in a source file, with the file and line it was found at.

    The message says what is wrong and, where it helps, what is allowed. `said`, when the engine
    found it (a scenario file's error), is the engine's message, which a reader renders in its language.
    """

    said: object | None = None

    def __init__(self, path: str | Path, line: int | None, message: str) -> None:
        self.path = str(path)
        self.line = line
        self.message = message
        where = f"{self.path}:{line}" if line else self.path
        super().__init__(f"{where}: {message}")


class LineDict(dict):
    """A mapping read from YAML, with the line of the mapping and of each key."""

    path: str = "<string>"
    line: int = 0
    key_lines: dict[Any, int]

    def line_of(self, key: Any) -> int:
        return self.key_lines.get(key, self.line)

    def at(self, key: Any | None = None) -> Located:
        return Located(self.path, self.line_of(key) if key is not None else self.line)


class LineList(list):
    """A list read from YAML, with the line of the list and of each item."""

    path: str = "<string>"
    line: int = 0
    item_lines: list[int]

    def line_of(self, index: int) -> int:
        if 0 <= index < len(self.item_lines):
            return self.item_lines[index]
        return self.line

    def at(self, index: int | None = None) -> Located:
        return Located(self.path, self.line_of(index) if index is not None else self.line)


def line_of(container: Any, key: Any = None) -> int | None:
    """The line of `key` in `container` (or of the container), if it was read from YAML."""
    if isinstance(container, (LineDict, LineList)):
        return container.line_of(key) if key is not None else container.line
    return None


def _scalar(value: str, style: str | None) -> Any:
    if style:  # quoted or block scalar: always text
        return value
    if value in _NULL:
        return None
    if value in _TRUE:
        return True
    if value in _FALSE:
        return False
    if _INT.match(value):
        return int(value)
    return value


# Bad input must end in a SourceError, never in a crash or a hang (the limits, with their
# reasons, are in engine/limits.py): lists and mappings nested deeper than MAX_DEPTH are refused
# as soon as the parser meets them (deeper nesting makes PyYAML slow, and libyaml's composer
# overflows the C stack), and aliases may not expand a document beyond MAX_VALUES values or
# MAX_EXPANDED_CHARACTERS characters of text (a "billion laughs"): they are counted before
# they are expanded.
_MERGE = "tag:yaml.org,2002:merge"
_TAG_REFUSED = ("the YAML tag '{tag}' is not allowed: a value is written as plain text, a number, true/false, "
                "a list or a mapping, and a tag (!!binary, !!python/..., !x) would be read as something else than it shows")


class _Open:
    """A list or mapping being read: its value, and for a mapping the key waiting for its value."""

    __slots__ = ("value", "anchor", "size", "chars", "height", "key", "key_line", "has_key")

    def __init__(self, value: Any, anchor: str | None) -> None:
        self.value, self.anchor = value, anchor
        self.size, self.chars, self.height = 1, 0, 1
        self.key: Any = None
        self.key_line = 0
        self.has_key = False


def copy_tree(value: Any, path: str | None = None) -> Any:
    """A value read from YAML as a value of its own, with the same lines, naming `path` as its
    file when given: an aliased value (with the lines of its anchor), or a file's tree read again
    from the same bytes at another path (content/glossary/reading.py)."""
    if isinstance(value, LineDict):
        result = LineDict((k, copy_tree(v, path)) for k, v in value.items())
        result.path, result.line, result.key_lines = path or value.path, value.line, dict(value.key_lines)
        return result
    if isinstance(value, LineList):
        items = LineList(copy_tree(v, path) for v in value)
        items.path, items.line, items.item_lines = path or value.path, value.line, list(value.item_lines)
        return items
    return value


def _build(events: Any, path: str) -> Any:
    """Plain values with their lines, from the parser's events.

    Syntax errors (from the parser) and nesting deeper than MAX_DEPTH stop the reading at
    once; the first other problem (a duplicate key, an undefined alias...) is raised once the
    whole document has been parsed, so that a syntax error further down is reported instead,
    as the parser would.
    """
    stack: list[_Open] = []
    # anchor -> value, line, size, characters, height (the last one wins)
    anchors: dict[str, tuple[Any, int, int, int, int]] = {}
    problem: SourceError | None = None
    result: Any = None
    documents = values = characters = 0
    defined: dict[str, int] = {}  # anchor -> the line it is defined on

    def define(anchor: str | None, line: int) -> None:
        if anchor is None:
            return
        if anchor in defined:  # as PyYAML's composer refuses it
            note(line, f"duplicate anchor '&{anchor}' (first on line {defined[anchor]}); each anchor may be defined once")
        defined.setdefault(anchor, line)

    def note(line: int, message: str) -> None:
        nonlocal problem
        if problem is None:
            problem = SourceError(path, line, message)

    def within_limits(line: int, size: int, chars: int) -> None:
        """Refuse a value that would take the document past the limits, before it is built."""
        if values + size > MAX_VALUES:
            raise SourceError(path, line, f"the document holds more than {MAX_VALUES:,} values, each alias counted as all it "
                                          f"repeats (the limit is {MAX_VALUES:,})")
        if characters + chars > MAX_EXPANDED_CHARACTERS:
            raise SourceError(path, line, f"the document holds more than {MAX_EXPANDED_CHARACTERS:,} characters of text, "
                                          f"each alias counted as all it repeats (the limit is {MAX_EXPANDED_CHARACTERS:,})")

    def add(value: Any, line: int, size: int, chars: int, height: int, container: bool) -> None:
        nonlocal result, values, characters
        within_limits(line, size, chars)
        values += size
        characters += chars
        if not stack:
            result = value
            return
        parent = stack[-1]
        parent.size += size
        parent.chars += chars
        parent.height = max(parent.height, height + 1)
        if isinstance(parent.value, LineList):
            parent.value.append(value)
            parent.value.item_lines.append(line)
        elif not parent.has_key:
            parent.key, parent.key_line, parent.has_key = value, line, True
            if container:
                note(line, "a key must be a plain word or number, not a list or mapping")
        else:
            parent.has_key = False
            key, mapping = parent.key, parent.value
            if isinstance(key, (LineDict, LineList)):
                return  # already reported
            if key in mapping:
                note(parent.key_line, f"duplicate key '{key}' (first on line {mapping.key_lines[key]}); each key may appear once")
                return
            mapping[key] = value
            mapping.key_lines[key] = parent.key_line

    for event in events:
        line = event.start_mark.line + 1 if event.start_mark is not None else 0
        if isinstance(event, yaml.DocumentStartEvent):
            documents += 1
            if documents > 1:
                note(line, "a file holds one YAML document; remove the extra '---'")
        elif isinstance(event, (yaml.MappingStartEvent, yaml.SequenceStartEvent)):
            if len(stack) >= MAX_DEPTH:
                raise SourceError(path, line, f"lists and mappings are nested more than {MAX_DEPTH} deep (the limit)")
            if event.tag is not None:
                note(line, _TAG_REFUSED.format(tag=event.tag))
            value: Any = LineDict() if isinstance(event, yaml.MappingStartEvent) else LineList()
            value.path, value.line = path, line
            if isinstance(value, LineDict):
                value.key_lines = {}
            else:
                value.item_lines = []
            define(event.anchor, line)
            stack.append(_Open(value, event.anchor))
        elif isinstance(event, (yaml.MappingEndEvent, yaml.SequenceEndEvent)):
            done = stack.pop()
            if done.anchor is not None:
                anchors[done.anchor] = (done.value, done.value.line, done.size, done.chars, done.height)
            values -= done.size - 1  # its items were counted as they came
            characters -= done.chars
            add(done.value, done.value.line, done.size, done.chars, done.height, True)
        elif isinstance(event, yaml.ScalarEvent):
            in_key = bool(stack) and isinstance(stack[-1].value, LineDict) and not stack[-1].has_key
            if event.tag is not None and event.tag != _MERGE:   # a tag was dropped without a word (F-17)
                note(line, _TAG_REFUSED.format(tag=event.tag))
            if in_key and (event.tag == _MERGE or (event.value == "<<" and not event.style and event.tag is None)):
                note(line, "merge keys (<<) are not allowed: write the keys out")
            if not event.style and _INT.match(event.value) and len(event.value.lstrip("+-")) > MAX_DIGITS:
                # Python's int() refuses more than 4,300 digits; no number the glossary or a game needs is this long.
                note(line, f"a number of {len(event.value.lstrip('+-')):,} digits; numbers have at most {MAX_DIGITS} digits "
                           "(quote it if it is text)")
                value = event.value
            else:
                value = _scalar(event.value, event.style)
            if FORBIDDEN_CHARACTER.search(event.value):   # written as an escape ("\e", "\x85"), or a raw CR or bidi override
                note(line, character_problem(event.value) or "")
            define(event.anchor, line)
            if event.anchor is not None:
                anchors[event.anchor] = (value, line, 1, len(event.value), 0)
            add(value, line, 1, len(event.value), 0, False)
        elif isinstance(event, yaml.AliasEvent):
            if event.anchor not in anchors:
                note(line, f"YAML syntax error: found undefined alias '{event.anchor}'")
                add(None, line, 1, 0, 0, False)
                continue
            value, first, size, chars, height = anchors[event.anchor]
            if len(stack) + height > MAX_DEPTH:
                raise SourceError(path, line, f"lists and mappings are nested more than {MAX_DEPTH} deep (the limit)")
            within_limits(line, size, chars)  # before copy_tree expands it
            add(copy_tree(value), first, size, chars, height, height > 0)
    if problem is not None:
        raise problem
    return result


_CLoader = getattr(yaml, "CSafeLoader", None)


def load_yaml_text(text: str, path: str | Path = "<string>") -> Any:
    """Parse one YAML document into plain values with line information.

    Raises SourceError (never a yaml exception) for syntax errors, several
    documents in one file, duplicate keys, and nesting or aliases beyond the limits above.
    """
    path = str(path)
    if len(text) > MAX_FILE_BYTES:  # characters: at least as many bytes
        raise SourceError(path, text.count("\n", 0, MAX_FILE_BYTES) + 1,
                          f"the file is longer than {MAX_FILE_BYTES:,} bytes (the limit) from this line on")
    if _CLoader is not None:
        # libyaml reads the glossary ten times faster than the Python parser (that was most of
        # a glossary load). Where it refuses the text, the Python parser says why more clearly.
        try:
            return _build(yaml.parse(text, Loader=_CLoader), path)
        except (yaml.YAMLError, UnicodeError):
            pass
    try:
        return _build(yaml.parse(text, Loader=yaml.SafeLoader), path)
    except yaml.MarkedYAMLError as exc:
        mark = exc.problem_mark or exc.context_mark
        problem = exc.problem or exc.context or "invalid YAML"
        raise SourceError(path, mark.line + 1 if mark else None, f"YAML syntax error: {problem}") from None
    except yaml.reader.ReaderError as exc:  # a control character: its line, not only its position
        line = text.count("\n", 0, exc.position) + 1
        column = exc.position - (text.rfind("\n", 0, exc.position) + 1) + 1
        character = exc.character if isinstance(exc.character, str) else chr(exc.character)
        raise SourceError(path, line, f"the character U+{ord(character):04X} (column {column}) is not allowed in YAML: "
                                      "a file holds printable text, tabs and line breaks") from None
    except yaml.YAMLError as exc:
        raise SourceError(path, None, f"YAML error: {exc}") from None


def load_yaml_bytes(data: bytes, path: str | Path) -> Any:
    """load_yaml_text of a file's bytes (UTF-8), as read by sourcefiles.read_bytes."""
    if len(data) > MAX_FILE_BYTES:
        raise SourceError(path, data.count(b"\n", 0, MAX_FILE_BYTES) + 1,
                          f"the file is longer than {MAX_FILE_BYTES:,} bytes (the limit) from this line on")
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as exc:
        line = data.count(b"\n", 0, exc.start) + 1
        raise SourceError(path, line, f"not UTF-8 text ({exc.reason} at byte {exc.start}); save the file as UTF-8") from None
    return load_yaml_text(text, path)


def plain_data(node: Any) -> Any:
    """Data read by this module as plain lists and dicts (without their lines)."""
    if isinstance(node, dict):
        return {str(k): plain_data(v) for k, v in node.items()}
    if isinstance(node, list):
        return [plain_data(v) for v in node]
    return node


# libyaml's emitter where present: the same text, four times faster (issue 8). The sandbox's
# Pyodide has only the pure-Python one, which writes the same text.
_DUMPER = getattr(yaml, "CSafeDumper", yaml.SafeDumper)


def scenario_yaml(data: Any) -> str:
    """A scenario as YAML text, keys in the author's order: as a rule page shows it and the
    judge's sandbox writes it back."""
    return yaml.dump(plain_data(data), Dumper=_DUMPER, sort_keys=False, allow_unicode=True, width=72,
                     default_flow_style=None).strip()
