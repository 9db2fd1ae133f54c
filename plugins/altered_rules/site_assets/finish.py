"""What a language's build does to the site once MkDocs has written its pages, as plain functions
(the MkDocs adapter only calls them): the search index extended with an entry per rule, the
sitemap without the versioned pages' frame and gzipped without a date, the short URLs, the
releases' pages, the export, the sandbox's scenarios, and the service worker that keeps it all
offline. And the shared assets every language's build serves.
"""

from __future__ import annotations

import json
import os
import re
from pathlib import Path

from ..content.glossary.model import Glossary
from ..pages.pool_pages import PoolPages
from ..pages.release_cycle import ReleaseCycle, write
from ..pages.render import Page, Renderer
from ..pages.versions import SHELL_URL
from ..verification.checks import Verification
from .export import IndentedPieces, export_files
from .release_export import release_files
from .extra_files import OFFLINE_PAGE, offline_page, service_worker, short_url_pages, sitemap_gzip, without_url
from .sandbox import PAGE_ASSETS, SANDBOX_DIR, Runtime
from .pool_site import pool_site_files, with_card_entries, with_card_urls
from .site_files import KeptFolders, write_site_files
from .search_index import game_page_urls, with_rule_entries


def shared_assets(assets_dir: Path) -> list[str]:
    """The files of the shared assets folder (stylesheets, scripts; outside each language's
    docs_dir), as paths relative to its parent, in a stable order: every build serves them."""
    root = assets_dir.parent
    return [(Path(folder) / name).relative_to(root).as_posix()
            for folder, _, names in sorted(os.walk(assets_dir)) for name in sorted(names)]


def finish_site(site: Path, glossary: Glossary, language: str, pages: list[Page], *,
                releases: ReleaseCycle | None, verification: Verification | None,
                sandbox: Runtime | None, scenarios: tuple[str, str] | None, site_url: str,
                card_index: tuple[str, str] | None = None, renderer: Renderer | None = None, pieces: IndentedPieces | None = None,
                kept: KeptFolders | None = None, pool: PoolPages | None = None) -> None:
    """Everything written after MkDocs (and its search plugin) wrote the pages. Raises
    versions.ShellError when the versioned pages' frame (or the card pages', pool_site.py) is not as
    the theme should draw it. `card_index`: the sandbox's card index (sandbox.card_index_file), kept
    offline with it. A serve session's `pieces` (export.IndentedPieces) and `kept` folders
    (site_files.KeptFolders); None in a build. `pool`: the card pool's pages, whose cards' pages
    are made here from the frame the theme drew once (pool_site.py)."""
    # The cards' pages first: their frame is removed from the site before anything lists its files.
    card_files, card_entries, card_urls = pool_site_files(site, pool) if pool is not None else ({}, [], [])
    index_path = site / "search" / "search_index.json"
    if index_path.is_file():
        index = json.loads(index_path.read_text(encoding="utf-8"))
        index = with_card_entries(index, [])   # the cards' frame is no page to find
        index = with_rule_entries(index, glossary, language, game_page_urls(pages))
        index = with_card_entries(index, card_entries)
        index_path.write_text(json.dumps(index, ensure_ascii=False, separators=(",", ":")), encoding="utf-8")
    shell = releases.take_shell(site) if releases else None
    sitemap = site / "sitemap.xml"
    if sitemap.is_file():  # MkDocs's gzip of it carries the build's date: written again without it
        content = sitemap.read_bytes()
        if shell is not None or pool is not None:   # the frames are no pages of the site; the cards' pages are
            if shell is not None:
                content = without_url(content, SHELL_URL)
            if pool is not None:
                content = with_card_urls(content, card_urls)
            sitemap.write_bytes(content)
        (site / "sitemap.xml.gz").write_bytes(sitemap_gzip(content))
    removed = releases.removed_rules() if releases else {}
    files = short_url_pages(glossary, language, removed)
    files.update(card_files)
    links: dict[str, str] = {}
    if releases is not None:
        versioned, links = releases.after_build(shell, site_url)
        files.update(versioned)
    stamp = releases.stamp() if releases else None
    files.update(export_files(glossary, language, verification, stamp, renderer, pieces))
    if releases is not None:   # the history as data: export/releases.json and a diff per release
        files.update(release_files(releases.history, language))
    if scenarios is not None:
        files[scenarios[0]] = scenarios[1]
    if card_index is not None:
        files[card_index[0]] = card_index[1]
    if kept is not None:
        kept.write(site, files, links)
    else:
        write_site_files(site, files, links)
    offline_sandbox = None
    if sandbox is not None:
        offline_sandbox = (sandbox.cache, [f"../{SANDBOX_DIR}/{path}" for path, _ in sandbox.files])
    sandbox_data = [*PAGE_ASSETS, *([scenarios[0]] if scenarios else []),
                    *([card_index[0]] if card_index else [])] if offline_sandbox else []
    home = site / "index.html"
    body = re.search(r"<body[^>]*>", home.read_text(encoding="utf-8")) if home.is_file() else None
    write(site, OFFLINE_PAGE, offline_page(language, offline_stylesheets(site), body.group(0) if body else "<body>"))
    keep, versions = offline_files(site, files)
    write(site, "sw.js", service_worker(keep, versions, sandbox=offline_sandbox, sandbox_data=sandbox_data,
                                        everything=whole_language(site), release=stamp.version if stamp else ""))


def offline_stylesheets(site: Path) -> list[str]:
    """The stylesheets of the site's pages (Material's, hashed, and ours), relative to the language's root."""
    sheets = sorted(path.relative_to(site).as_posix() for path in (site / "assets" / "stylesheets").glob("*.min.css"))
    return [*sheets, *(["assets/altered-rules.css"] if (site / "assets" / "altered-rules.css").is_file() else [])]


# What "Make this site available offline" leaves out: the releases before this one (v/: their own
# pages, each a copy of the site), the export for tool builders, the sitemaps, Material's lunr
# search and its worker (ours answers every search, issue 14), source maps and the worker itself.
NOT_KEPT_WHOLE = ("v/", "export/", "assets/javascripts/lunr/", "assets/javascripts/workers/search.")
NOT_KEPT_FILES = ("sw.js", "sitemap.xml", "sitemap.xml.gz")


def whole_language(site: Path) -> list[str]:
    """Every file of a language's site a judge reads offline (relative to its root; a page by its
    folder's address, as a reader asks for it: `rules/chapter-4/`): the rules, terms, rulings, game
    modes, cards, releases and history pages, the short rule addresses, the search index and
    worker, the sandbox page and its scenarios, styles and scripts. The sandbox's runtime is the
    worker's SANDBOX_FILES, kept with them."""
    out = []
    for folder, _, names in sorted(os.walk(site)):
        for name in sorted(names):
            relative = (Path(folder) / name).relative_to(site).as_posix()
            if relative.startswith(NOT_KEPT_WHOLE) or relative in NOT_KEPT_FILES or relative.endswith(".map"):
                continue
            out.append("./" if relative == "index.html" else relative[:-len("index.html")] if relative.endswith("/index.html") else relative)
    return out


def offline_files(site: Path, written: dict[str, str] | None = None) -> tuple[list[str], list[bytes]]:
    """What the service worker keeps at once (the home page, styles, scripts, the search
    index and our search worker), and the bytes its cache name is derived from. The sandbox
    page's assets are kept with that page, when it asks. `written`: files just written as this
    text (relative path -> text), not read back."""
    written = written or {}
    keep = ["./", "search/search_index.json", OFFLINE_PAGE]
    # Our search worker (assets/javascripts/workers/altered-rules-search.js) answers every
    # search itself: Material's lunr worker and its stemmers are never loaded (issue 14).
    unused = ("assets/javascripts/lunr/", "assets/javascripts/workers/search.")
    versions: list[bytes] = []
    for folder, _, names in sorted(os.walk(site)):
        for name in sorted(names):
            path = Path(folder) / name
            relative = path.relative_to(site).as_posix()
            if relative == "sw.js" or relative.endswith(".map"):
                continue
            text = written.get(relative)
            versions.append(relative.encode() + (text.encode("utf-8") if text is not None else path.read_bytes()))
            if relative in PAGE_ASSETS or relative.startswith(unused):
                continue
            if relative.startswith("assets/") and relative.endswith((".css", ".js")):
                keep.append(relative)
    return keep, versions
