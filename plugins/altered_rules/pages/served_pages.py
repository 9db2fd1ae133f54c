"""A `mkdocs serve` session's finished pages, kept by everything they are drawn from (issue 29).

MkDocs' serve rebuilds every page after any save: an editor who fixes one paragraph waits for
the theme to draw the 60-odd pages again, each with the whole navigation. This session keeps
each page's finished HTML under a key of all that the theme and our hooks draw it from:
- the site: the navigation as drawn (each entry's kind, title, address, children: every page's
  title, and so every page's previous and next link), every file's address, the configuration
  files, the extra values the plugins put in the configuration, the theme overrides' files, and
  what our hooks add to each page's head;
- the page: its address, title, metadata, table of contents, its HTML from Markdown and the
  verified blocks put back into it (deferred.py).
A page whose key is kept is not drawn again (the theme is given an empty template for it, and
the kept HTML is written); any other is drawn and kept.

Before that, each page's HTML from Markdown is kept the same way, under its Markdown (as our hooks
give it to Python-Markdown), its address, every file's address (its links resolve against them)
and the configuration files (the Markdown extensions): a page whose key is kept is given empty
Markdown and its kept HTML, table of contents, title and anchors. A page whose conversion logged a
warning is never kept: a strict build must see the warning again. A cold `mkdocs build` keeps nothing:
only a serve session (plugin.on_startup) makes one of these, so built sites are unchanged.

The search plugin's entries of a page are kept the same way (SearchEntries), under all that
Material's search reads of the page (its address, title, metadata, table of contents, HTML) and
its settings: an unchanged page is not parsed again.

The theme's templates are compiled once a session (CompiledTemplates): MkDocs makes a new Jinja
environment for every rebuild, which compiled the 40-odd templates of the theme again each time
(a quarter of a rebuild's CPU); each one's Python code is kept under its name, file, source and
the environment's syntax settings, so an edited override is compiled again.

Plain values only: the MkDocs layer hands over what it read from MkDocs' objects.
"""

from __future__ import annotations

import hashlib
import json
import os
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Iterable

from jinja2.bccache import Bucket, BytecodeCache

from ..caches import Cache

# A serve session's pages over its rebuilds: past this many, the oldest are forgotten together.
MAX_KEPT = 400


def _digest(*parts: Any) -> bytes:
    """One digest of all the parts, each told apart by its kind and length. A text (a page's HTML,
    its Markdown: megabytes at each rebuild) goes in as its bytes, a list of texts (the verified
    blocks) text by text; anything else as its JSON (sorted keys, repr for what JSON has not).
    JSON's escaping of the pages' texts cost twice the hash itself."""
    digest = hashlib.sha256()

    def add(part: Any) -> None:
        if isinstance(part, str):
            data = part.encode("utf-8", "surrogatepass")
            digest.update(b"s%d:" % len(data))
            digest.update(data)
        elif isinstance(part, (list, tuple)) and all(isinstance(item, str) for item in part):
            digest.update(b"l%d:" % len(part))
            for item in part:
                add(item)
        else:
            data = json.dumps(part, ensure_ascii=False, sort_keys=True, default=repr, separators=(",", ":")).encode("utf-8", "surrogatepass")
            digest.update(b"j%d:" % len(data))
            digest.update(data)

    for part in parts:
        add(part)
    return digest.digest()


def files_digest(paths: Iterable[Path]) -> list[tuple[str, str]]:
    """Each file under these paths (a file or a folder) with the digest of its bytes, in a stable order."""
    found: list[tuple[str, str]] = []
    for path in paths:
        if path.is_file():
            found.append((str(path), hashlib.sha256(path.read_bytes()).hexdigest()))
        elif path.is_dir():
            for folder, directories, names in os.walk(path):
                directories.sort()
                for name in sorted(names):
                    file = Path(folder) / name
                    found.append((str(file), hashlib.sha256(file.read_bytes()).hexdigest()))
    return found


def settings_files(config_file: str | None, custom_dir: str | None) -> list[tuple[str, str]]:
    """The configuration file, the one it inherits (`INHERIT:`), and the theme overrides' files,
    with their digests. Named by their absolute paths: `mkdocs serve` names the configuration file
    as given on the command line for its first build ("mkdocs.yml") and by its absolute path for the
    rebuilds, and the first save after `make dev` drew every page again (issue 29)."""
    paths: list[Path] = []
    if config_file:
        config = Path(os.path.abspath(config_file))
        paths.append(config)
        for line in config.read_text(encoding="utf-8").splitlines():
            if line.startswith("INHERIT:"):
                paths.append(config.parent / line.split(":", 1)[1].strip().strip("'\""))
    if custom_dir:
        paths.append(Path(os.path.abspath(custom_dir)))
    return files_digest(paths)


def nav_outline(items: Iterable[Any]) -> list[Any]:
    """The navigation as the theme draws it: each entry's kind, title, address and children."""
    return [[type(item).__name__, item.title, getattr(item, "url", None), nav_outline(getattr(item, "children", None) or [])]
            for item in items]


def toc_outline(items: Iterable[Any]) -> list[Any]:
    """A page's table of contents as the theme draws it."""
    return [[item.title, item.url, item.level, toc_outline(item.children)] for item in items]


@dataclass
class ServedPages:
    """The finished pages of one `mkdocs serve` session, and what the current rebuild reuses."""

    _kept: Cache[bytes, str] = field(default_factory=lambda: Cache("served pages", MAX_KEPT))
    # Markdown -> what the conversion gave.
    _converted: Cache[bytes, Any] = field(default_factory=lambda: Cache("served conversions", MAX_KEPT))
    _files: bytes = b""                                          # this rebuild: files and settings
    _site: bytes = b""
    _keys: dict[str, bytes] = field(default_factory=dict)     # this rebuild: page -> its key
    _reused: set[str] = field(default_factory=set)            # this rebuild: pages not drawn again

    def files_known(self, *, files: list[Any], settings: list[tuple[str, str]]) -> None:
        """A rebuild has its files (before any page is read): what every page's Markdown is converted with."""
        self._files = _digest(files, settings)
        self._keys.clear()
        self._reused.clear()

    def conversion_key(self, page: str, url: str, markdown: str) -> bytes:
        return self._files + _digest(page, url, markdown)

    def converted(self, key: bytes) -> Any:
        """What converting this Markdown gave before (our MkDocs layer's record), or None."""
        return self._converted.get(key)

    def keep_converted(self, key: bytes, conversion: Any) -> None:
        self._converted.put(key, conversion)

    def begin(self, *, nav: list[Any], extra: Any, head: str) -> None:
        """Every page is read from Markdown: what every page of the site is drawn from."""
        self._site = self._files + _digest(nav, extra, head)

    def reuse(self, page: str, *, url: str, title: Any, meta: Any, toc: list[Any], content: str, deferred: list[str]) -> bool:
        """Whether the page's finished HTML is kept for these inputs (then it is not drawn again)."""
        key = self._site + _digest(page, url, title, meta, toc, content, deferred)
        self._keys[page] = key
        if key in self._kept:
            self._reused.add(page)
            return True
        return False

    def reused(self, page: str) -> bool:
        return page in self._reused

    def finished(self, page: str, output: str) -> str:
        """The page's finished HTML: the kept one if it was reused, else `output`, now kept."""
        key = self._keys.get(page)
        if key is None:
            return output
        if page in self._reused:
            return self._kept[key]
        return self._kept.put(key, output)

    @property
    def counts(self) -> tuple[int, int]:
        """(pages reused, pages drawn) in this rebuild."""
        return len(self._reused), len(self._keys) - len(self._reused)


# What a template's compiled code depends on besides its source: the environment's syntax settings.
_SYNTAX = ("block_start_string", "block_end_string", "variable_start_string", "variable_end_string",
           "comment_start_string", "comment_end_string", "line_statement_prefix", "line_comment_prefix",
           "trim_blocks", "lstrip_blocks", "newline_sequence", "keep_trailing_newline", "optimized",
           "is_async", "autoescape")


class CompiledTemplates(BytecodeCache):
    """A serve session's compiled theme templates, in memory (a Jinja bytecode cache): a template
    is compiled again only when its source (Jinja checks it: the bucket's checksum), its name, its
    file or the environment's syntax or extensions differ."""

    def __init__(self) -> None:
        self._codes: Cache[tuple[str, str, str], Any] = Cache("compiled templates", MAX_KEPT)
        self.compiled = 0   # templates compiled (not found here) this session

    @staticmethod
    def _key(bucket: Bucket) -> tuple[str, str, str]:
        env = bucket.environment
        syntax = repr([getattr(env, name, None) for name in _SYNTAX] + sorted(env.extensions)
                      + [getattr(env.code_generator_class, "__qualname__", "")])
        return bucket.key, bucket.checksum, syntax

    def load_bytecode(self, bucket: Bucket) -> None:
        code = self._codes.get(self._key(bucket))
        if code is not None:
            bucket.code = code
        else:
            self.compiled += 1

    def dump_bytecode(self, bucket: Bucket) -> None:
        self._codes.put(self._key(bucket), bucket.code)

    def clear(self) -> None:
        self._codes.clear()


# The metadata Material's search reads of a page (its title, tags and search settings).
_SEARCH_META = ("title", "tags", "search")


class SearchEntries:
    """A serve session's search entries by page (Material's search parses every page's HTML at
    every rebuild): `wrap` gives the search index's `add_entry_from_context` that, for a page whose
    every input is as before, adds the entries it made then (copies, from their JSON)."""

    def __init__(self) -> None:
        self._kept: Cache[bytes, str] = Cache("search entries", MAX_KEPT)
        self.parsed = 0   # pages parsed (not found here) this session

    def wrap(self, index: Any, settings: Any) -> None:
        add = index.add_entry_from_context
        if getattr(add, "kept_by", None) is self:
            return

        def add_entry_from_context(page: Any) -> None:
            # Of the metadata, what the search reads (never the template our hooks may set).
            meta = {name: page.meta.get(name) for name in _SEARCH_META}
            key = _digest(settings, page.url, page.title, meta, toc_outline(page.toc),
                          [item.id for item in _toc_items(page.toc)], page.content)
            kept = self._kept.get(key)
            if kept is not None:
                index.entries.extend(json.loads(kept))
                return
            before = len(index.entries)
            add(page)
            self.parsed += 1
            self._kept.put(key, json.dumps(index.entries[before:], ensure_ascii=False))

        add_entry_from_context.kept_by = self   # type: ignore[attr-defined]
        index.add_entry_from_context = add_entry_from_context


def _toc_items(items: Iterable[Any]) -> Iterable[Any]:
    for item in items:
        yield item
        yield from _toc_items(item.children)
