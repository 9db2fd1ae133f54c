"""Reading the glossary folder: its layout, its YAML files and their entries.

Each file is read once per content (`_load_yaml`, for `mkdocs serve` rebuilds) with every node's
path shown as an editor types it; a file that cannot be read, an empty one, a list file that is not
a list, or a file the glossary does not read is an error for the `_Reader` (checking.py), never a
crash and never content lost without a word.
"""

from __future__ import annotations

import hashlib
import os
from pathlib import Path
from typing import Any, Iterator

from engine.limits import MAX_GLOSSARY_BYTES

from ...caches import Cache
from ..sourcefiles import display as _display
from ..sourcefiles import file_problem, read_bytes, walk_files
from ..yamlsource import LineDict, LineList, SourceError, copy_tree, load_yaml_bytes
from . import schema as S
from .checking import _Reader


def _read(path: Path, data: bytes, reader: _Reader) -> Any:
    try:
        parsed = load_yaml_bytes(data, path)
    except SourceError as exc:
        reader.errors.append(SourceError(_display(path), exc.line, exc.message))
        return None
    if parsed is None:
        # An emptied file would take its entries, and every link to them, away without a word.
        reader.errors.append(SourceError(_display(path), 1, "the file holds nothing (it is empty, only comments, or null); "
                                                            "write its content back, or delete the file to remove it"))
    return parsed


# Glossary files this process has read, by the path shown for them and their bytes: a
# `mkdocs serve` rebuild after an edit parses only the edited file again (issue 8). The values
# are shared by the loads: nothing changes a node once it is read. The bytes hashed are the bytes
# parsed (read once), and the reader records them: the glossary's `digest` is what was read, even
# when an editor saves while a build reads (verification/checks.py keeps results under it).
_READ: Cache[tuple[str, bytes], Any] = Cache("glossary files read", 4096)
# The same bytes read at another path (a glossary copied elsewhere: a scratch copy to break, a
# synthetic glossary's first copy, a project copied to build it changed) give the same nodes but
# for the path they name: the first tree read from them is copied with the new path, which is
# several times cheaper than parsing the bytes again (a glossary copy loads in 0.09 s, not 0.24 s).
_PARSED: Cache[bytes, Any] = Cache("glossary files parsed", 4096)


def _load_yaml(path: Path, reader: _Reader) -> Any:
    display = _display(path)
    try:   # a regular file inside the glossary: never a link, a device or a pipe (sourcefiles.py)
        data = read_bytes(path, reader.root)
    except SourceError as exc:
        reader.errors.append(SourceError(display, exc.line, exc.message))
        return None
    key = (display, hashlib.sha256(data).digest())
    reader.read.append(key)
    kept = _READ.get(key)
    if kept is not None:
        return kept
    same_bytes = _PARSED.get(key[1])
    if same_bytes is not None:
        parsed = copy_tree(same_bytes, display)
    else:
        parsed = _read(path, data, reader)
        if parsed is not None:
            _relabel(parsed, display)
    if parsed is not None:
        _READ.put(key, parsed)
        _PARSED.setdefault(key[1], parsed)
    return parsed


def _relabel(node: Any, display: str) -> None:
    """Show paths relative to the working folder in every message."""
    if isinstance(node, (LineDict, LineList)):
        node.path = display
        for child in node.values() if isinstance(node, LineDict) else node:
            _relabel(child, display)


# List files that may be an empty list: no rule the text cites is missing from every source.
_MAY_BE_EMPTY = ("external-rules.yaml",)


_OPTIONAL_FILES = ("keywords.yaml", "cards.yaml", "releases.yaml", "jargon.yaml")


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


def _yaml_files(folder: Path, reader: _Reader) -> list[Path]:
    if not folder.is_dir():
        return []
    files = []
    for path, problem in walk_files(folder, reader.root):
        if problem is not None:   # a link, a pipe, a device: named, never read nor skipped in silence
            reader.errors.append(SourceError(_display(path), None, problem))
        elif path.suffix in (".yml", ".yaml"):
            files.append(path)
        else:
            reader.errors.append(SourceError(_display(path), None, "not a YAML file: glossary files end in .yaml"))
    return files


def _not_a_mapping(path: Path, data: Any, keys: dict[str, bool], what: str, reader: _Reader) -> None:
    found = "a list" if isinstance(data, LineList) else f"the single value {str(data)[:40]!r}"
    reader.errors.append(SourceError(_display(path), getattr(data, "line", 1) or 1,
                                     f"the file holds {found}; the file of {what} holds one mapping with keys: {S.allowed(keys)}"))


def _entry_file(path: Path, reader: _Reader, keys: dict[str, bool], kind: str) -> tuple[LineDict, str, str] | None:
    """A file holding one entry named by its id (a term, a game mode, a ruling): its mapping,
    its id, checked against the file's name so editors find it, and how messages name it."""
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
    return entry, eid, f"{kind} {eid}"


# What the glossary folder holds (see the module's docstring): anything else would be read by nothing.
GLOSSARY_FILES = ("sources.yaml", "symbols.yaml", "chapters.yaml", "external-rules.yaml", "termbase.yaml", *_OPTIONAL_FILES)


GLOSSARY_FOLDERS = ("rules", "terms", "modes", "rulings", "releases")


def _too_large(root: Path) -> SourceError | None:
    """The glossary past MAX_GLOSSARY_BYTES in all, from the files' sizes alone (nothing is
    read): an error naming the largest files, or None. Refused in well under a second, where
    reading it all would take many (F-19)."""
    sizes = []
    for path, problem in walk_files(root, root):
        if problem is None and path.suffix in (".yaml", ".yml"):
            sizes.append((os.lstat(path).st_size, path))
    total = sum(size for size, _ in sizes)
    if total <= MAX_GLOSSARY_BYTES:
        return None
    largest = ", ".join(f"{_display(path)} ({size:,} bytes)" for size, path in sorted(sizes, reverse=True)[:3])
    return SourceError(_display(root), None, f"the glossary's YAML files hold {total:,} bytes in all, and the glossary holds "
                                             f"at most {MAX_GLOSSARY_BYTES:,} (the limit); nothing was read. The largest: {largest}")


def _check_layout(root: Path, reader: _Reader) -> None:
    """A file or folder the loader does not read (a misspelt `term/`, a `glossary.yaml`) is an
    error, not content that silently never reaches the site. Hidden files are an editor's own."""
    for path in sorted(root.iterdir()):
        if path.name.startswith("."):
            continue
        if path.name in GLOSSARY_FILES and path.is_file():
            continue   # read by _load_yaml, which refuses a link to a file (sourcefiles.py)
        if path.is_symlink() or path.name in GLOSSARY_FILES:
            # A link (to a folder, dangling) or a pipe would read what is outside the glossary,
            # or make a file vanish without a word.
            reader.errors.append(SourceError(_display(path), None, file_problem(path, root) or "not a regular file"))
            continue
        if path.is_dir() and path.name in GLOSSARY_FOLDERS:
            continue
        reader.errors.append(SourceError(_display(path), None, f"the glossary does not read this {'folder' if path.is_dir() else 'file'}; "
                                         f"it holds the files {', '.join(GLOSSARY_FILES)} and the folders "
                                         f"{', '.join(f + '/' for f in GLOSSARY_FOLDERS)}"))
