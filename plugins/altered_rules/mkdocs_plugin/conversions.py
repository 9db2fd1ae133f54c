"""A serve session's Markdown conversions, skipped for a page converted before with the same
input (issue 29; the keys are served_pages.py's).

MkDocs converts every page's Markdown on every rebuild. `before` gives a page whose conversion is
kept empty Markdown; `after` puts back what the kept conversion set on the page (MkDocs 1.6's
Page.render: its HTML, table of contents, title and anchors, and the anchors its links ask for),
or keeps a new conversion that logged no warning (a strict build must see a warning again).
The only module that reads or sets those attributes of MkDocs' pages.
"""

from __future__ import annotations

import logging
from dataclasses import dataclass
from typing import Any

from ..pages.served_pages import ServedPages


class _WarningCount(logging.Handler):
    """Warnings MkDocs logged in a serve session (a strict build stops on them)."""

    def __init__(self) -> None:
        super().__init__(logging.WARNING)
        self.count = 0

    def emit(self, record: logging.LogRecord) -> None:
        self.count += 1


@dataclass(frozen=True)
class _Conversion:
    """What MkDocs' Page.render made of a page's Markdown, kept for a serve session's next rebuild."""

    html: str
    toc: Any
    title: str | None
    anchors: frozenset[str]
    links: dict[str, dict[str, str]]


class Conversions:
    """The conversions of one serve session (kept in its ServedPages)."""

    def __init__(self, served: ServedPages) -> None:
        self.served = served
        self.warnings = _WarningCount()   # a page whose conversion warned is converted again
        self.pending: dict[str, tuple[bytes, int] | _Conversion] = {}   # page -> its key and warnings so far, or the kept one
        logging.getLogger("mkdocs").addHandler(self.warnings)

    def close(self) -> None:
        logging.getLogger("mkdocs").removeHandler(self.warnings)

    def before(self, page: Any, markdown: str) -> str:
        """The Markdown MkDocs is to convert: none for a page converted before with the same input."""
        key = self.served.conversion_key(page.file.src_uri, page.file.url, markdown)
        kept = self.served.converted(key)
        self.pending[page.file.src_uri] = kept if kept is not None else (key, self.warnings.count)
        return "" if kept is not None else markdown

    def after(self, page: Any, html: str, files: Any) -> str:
        """The page's HTML from Markdown: the kept conversion given back, or this one, now kept."""
        pending = self.pending.pop(page.file.src_uri, None)
        if pending is None:
            return html
        if isinstance(pending, _Conversion):   # kept: what Page.render (MkDocs 1.6) sets, given back
            page.toc, page._title_from_render, page.present_anchor_ids = pending.toc, pending.title, set(pending.anchors)
            page.links_to_anchors = {files.get_file_from_path(uri): dict(links) for uri, links in pending.links.items()}
            return pending.html
        key, warnings = pending
        if self.warnings.count == warnings:
            links = {file.src_uri: dict(anchors) for file, anchors in getattr(page, "links_to_anchors", {}).items()}
            self.served.keep_converted(
                key, _Conversion(html, page.toc, page._title_from_render, frozenset(page.present_anchor_ids or ()), links))
        return html
