"""The card pool's pages in the built site, made without MkDocs (issue 39).

MkDocs draws one page for them all, the shell (pool_pages.POOL_SHELL: a card page's depth, its
title, heading anchor and content marked, and every section a card page may have in its table of
contents). Each card's page is that page with the card's address, title, heading anchor and
content set in, and its table of contents keeping the sections the card has: the theme's frame
(header, navigation, language links, scripts) as MkDocs draws it, at the cost of a few string
joins a card rather than a pass of Markdown, of the theme and of the search plugin each (the
site with 5,000 cards took 19 times the CPU of the site without them).

Then the shell is no page of the site: its file is removed, its search entry is replaced by the
cards' entries (PoolPages.search_entry), its sitemap entry by the cards' ones.
"""

from __future__ import annotations

import html
import re
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from ..pages.pool_pages import POOL_SHELL, SECTIONS, SHELL_ANCHOR, SHELL_CONTENT, SHELL_TITLE, CardPage, PoolPages
from ..pages.render import page_url
from ..pages.versions import ShellError

__all__ = ["CardFrame", "card_frame", "pool_site_files", "with_card_entries", "with_card_urls", "SHELL_URL"]

SHELL_URL = page_url(POOL_SHELL)
"""The shell's address (cards/set-_shell/card/), relative to the language's root."""


def _toc_item(anchor: str) -> str:
    # Material's table of contents: one <li> per heading of level 2 (a card page has no deeper one).
    return rf'<li class="md-nav__item">\s*<a href="#{re.escape(anchor)}" class="md-nav__link">.*?</li>\s*'


@dataclass(frozen=True)
class CardFrame:
    """The shell page cut at what each card's page puts in: `pieces[0] value pieces[1] value ...`,
    each value named by `slots` ("url", "title", "anchor", "content", or "toc:<anchor>": that
    section's item of the table of contents, kept when the card has the section)."""

    pieces: tuple[str, ...]
    slots: tuple[str, ...]
    toc: dict[str, str]

    def page(self, card: CardPage) -> str:
        url = page_url(card.path)
        values = {"url": url, "title": html.escape(card.title), "anchor": f"card-{url.rstrip('/').rsplit('/', 1)[-1]}",
                  "content": card.html}
        out = [self.pieces[0]]
        for slot, piece in zip(self.slots, self.pieces[1:]):
            if slot.startswith("toc:"):
                anchor = slot[4:]
                out.append(self.toc[anchor] if anchor in card.sections else "")
            else:
                out.append(values[slot])
            out.append(piece)
        return "".join(out)


_INDENT = re.compile(r"\n[ \t\r\n]+")


def _compact(shell: str) -> str:
    """The shell without the theme's indentation and blank lines (a line break and the spaces after it
    are one line break): the same page to a reader (HTML reads a run of white space as one space; the
    frame's scripts are unchanged by it), a quarter lighter, thousands of times over in a judge's
    offline copy. Left as it is where white space shows (<pre>, <textarea>)."""
    return shell if "<pre" in shell or "<textarea" in shell else _INDENT.sub("\n", shell)


def card_frame(shell: str) -> CardFrame:
    """The frame of every card's page, cut from the shell page as the theme drew it. ShellError when
    it lacks one of the marks (the theme's markup changed: the cards' pages would be wrong)."""
    shell = _compact(shell)
    marks = {re.escape(SHELL_URL): "url", re.escape(SHELL_TITLE): "title", re.escape(SHELL_ANCHOR): "anchor",
             re.escape(SHELL_CONTENT): "content"}
    toc: dict[str, str] = {}
    for anchor, _ in SECTIONS:
        found = re.findall(_toc_item(anchor), shell, flags=re.DOTALL)
        if len(found) != 1:
            raise ShellError(f"the card pages' frame ({POOL_SHELL}): the theme's table of contents has "
                             f"{len(found)} item(s) for the section #{anchor}, where one was expected")
        toc[anchor] = found[0]
    pattern = re.compile("|".join([*(f"(?P<toc_{i}>{_toc_item(a)})" for i, (a, _) in enumerate(SECTIONS)), *marks]),
                         flags=re.DOTALL)
    pieces, slots, last = [], [], 0
    for match in pattern.finditer(shell):
        pieces.append(shell[last:match.start()])
        group = match.lastgroup
        slots.append(f"toc:{SECTIONS[int(group[4:])][0]}" if group else marks[re.escape(match.group(0))])
        last = match.end()
    pieces.append(shell[last:])
    for needed in ("url", "title", "anchor", "content"):
        if needed not in slots:
            raise ShellError(f"the card pages' frame ({POOL_SHELL}): the theme's page has no place for the card's {needed}")
    return CardFrame(tuple(pieces), tuple(slots), toc)


def pool_site_files(site: Path, pool: PoolPages) -> tuple[dict[str, str], list[dict[str, Any]], list[str]]:
    """Every card's page (relative path -> HTML), made from the shell the theme drew, which is then
    removed from the site; the cards' search entries; and their addresses (relative to the
    language's root). ShellError when the theme drew no shell or a shell without its marks."""
    shell_file = site.joinpath(*SHELL_URL.strip("/").split("/"), "index.html")
    if not shell_file.is_file():
        raise ShellError(f"the card pages' frame ({POOL_SHELL}) was not drawn: {shell_file} is missing")
    frame = card_frame(shell_file.read_text(encoding="utf-8"))
    shell_file.unlink()
    for folder in (shell_file.parent, shell_file.parent.parent):   # cards/set-_shell/card/, cards/set-_shell/
        if folder.is_dir() and not any(folder.iterdir()):
            folder.rmdir()
    files: dict[str, str] = {}
    urls: list[str] = []
    for card in pool.card_pages():
        url = page_url(card.path)
        files[f"{url}index.html"] = frame.page(card)
        urls.append(url)
    entries = [pool.search_entry(card) for cards in pool.sets().values() for card in cards]
    return files, entries, urls


def with_card_entries(index: dict[str, Any], entries: list[dict[str, Any]]) -> dict[str, Any]:
    """The search index without the shell's entries, with the cards' entries after the others."""
    docs = [doc for doc in index.get("docs", []) if not str(doc.get("location", "")).startswith(SHELL_URL)]
    return {**index, "docs": [*docs, *entries]}


def with_card_urls(sitemap: bytes, urls: list[str]) -> bytes:
    """The sitemap with the cards' pages in place of the shell's entry (each as MkDocs wrote the shell's:
    its address and, if any, its date)."""
    entry = re.compile(rb"(\n?[ \t]*<url>\s*<loc>[^<]*/)" + re.escape(SHELL_URL.encode()) + rb"(</loc>.*?</url>)", re.DOTALL)
    found = entry.search(sitemap)
    if found is None:
        return sitemap
    before, after = found.group(1), found.group(2)
    cards = b"".join(before + url.encode() + after for url in urls)
    return sitemap[:found.start()] + cards + sitemap[found.end():]
