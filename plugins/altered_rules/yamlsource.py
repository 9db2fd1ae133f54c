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

__all__ = [
    "SourceError",
    "Located",
    "LineDict",
    "LineList",
    "load_yaml_file",
    "load_yaml_text",
    "line_of",
]

_INT = re.compile(r"^[-+]?(0|[1-9][0-9]*)$")
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

    The message says what is wrong and, where it helps, what is allowed.
    """

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


def _scalar(node: yaml.ScalarNode) -> Any:
    text = node.value
    if node.style:  # quoted or block scalar: always text
        return text
    if text in _NULL:
        return None
    if text in _TRUE:
        return True
    if text in _FALSE:
        return False
    if _INT.match(text):
        return int(text)
    return text


def _construct(node: yaml.Node, path: str) -> Any:
    line = node.start_mark.line + 1
    if isinstance(node, yaml.ScalarNode):
        return _scalar(node)
    if isinstance(node, yaml.SequenceNode):
        result = LineList(_construct(item, path) for item in node.value)
        result.path, result.line = path, line
        result.item_lines = [item.start_mark.line + 1 for item in node.value]
        return result
    if isinstance(node, yaml.MappingNode):
        result = LineDict()
        result.path, result.line, result.key_lines = path, line, {}
        for key_node, value_node in node.value:
            key_line = key_node.start_mark.line + 1
            if not isinstance(key_node, yaml.ScalarNode):
                raise SourceError(path, key_line, "a key must be a plain word or number, not a list or mapping")
            if key_node.tag == "tag:yaml.org,2002:merge":
                raise SourceError(path, key_line, "merge keys (<<) are not allowed: write the keys out")
            key = _scalar(key_node)
            if key in result:
                raise SourceError(
                    path,
                    key_line,
                    f"duplicate key '{key}' (first on line {result.key_lines[key]}); each key may appear once",
                )
            result[key] = _construct(value_node, path)
            result.key_lines[key] = key_line
        return result
    raise SourceError(path, line, f"unsupported YAML node {type(node).__name__}")


def load_yaml_text(text: str, path: str | Path = "<string>") -> Any:
    """Parse one YAML document into plain values with line information.

    Raises SourceError (never a yaml exception) for syntax errors, several
    documents in one file, and duplicate keys.
    """
    path = str(path)
    try:
        node = yaml.compose(text, Loader=yaml.SafeLoader)
    except yaml.composer.ComposerError as exc:
        mark = exc.problem_mark
        raise SourceError(path, mark.line + 1 if mark else None, "a file holds one YAML document; remove the extra '---'") from None
    except yaml.MarkedYAMLError as exc:
        mark = exc.problem_mark or exc.context_mark
        problem = exc.problem or exc.context or "invalid YAML"
        raise SourceError(path, mark.line + 1 if mark else None, f"YAML syntax error: {problem}") from None
    except yaml.YAMLError as exc:  # e.g. reader errors on control characters
        raise SourceError(path, None, f"YAML error: {exc}") from None
    if node is None:
        return None
    return _construct(node, path)


def load_yaml_file(path: str | Path) -> Any:
    """Read a YAML file (UTF-8) with line information; see load_yaml_text."""
    path = Path(path)
    try:
        text = path.read_text(encoding="utf-8")
    except UnicodeDecodeError as exc:
        raise SourceError(path, None, f"not UTF-8 text ({exc.reason} at byte {exc.start})") from None
    except OSError as exc:
        raise SourceError(path, None, f"cannot read file: {exc.strerror}") from None
    return load_yaml_text(text, path)
