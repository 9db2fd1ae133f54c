"""What one language build is made of (LanguageBuild), and what a build keeps between its rebuilds
(the session): one interface for `mkdocs build` and `mkdocs serve` (issue 42).

A build (`mkdocs build`, `make site`) has a BuildSession, which keeps nothing: each method does
the plain thing (`defer` defers, `before` gives the Markdown as it is, `finished` the page as it is).
A serve session (issue 29) is a ServeSession: MkDocs rebuilds everything after each save, and each
part below is kept under a key of all its inputs, so that a rebuild redoes only what the edit
changed, and what it serves is byte for byte what a cold build writes. The plugin's hooks call the
session's methods and never ask which kind it is.
"""

from __future__ import annotations

import logging
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from ..caches import Cache
from ..content.glossary import Glossary
from ..pages.pool_pages import PoolPages
from ..pages.release_cycle import ReleaseCycle
from ..pages.render import SANDBOX_PAGE, Page, Renderer
from ..pages.served_pages import CompiledTemplates, SearchEntries, ServedPages, nav_outline, settings_files, toc_outline
from ..site_assets.export import IndentedPieces
from ..site_assets.sandbox import KEPT_SCENARIOS, KeptRuntime, Runtime
from ..site_assets.sandbox import runtime as sandbox_runtime
from ..site_assets.site_files import KeptFolders
from ..verification.checks import Verification
from .conversions import Conversions
from .deferred import KeptDeferrals, defer

log = logging.getLogger("mkdocs.plugins.altered_rules")


@dataclass(frozen=True)
class LanguageBuild:
    """Everything one language's build made before MkDocs reads its pages (plugin.on_config): the
    glossary as loaded, the engine's verification of it (None when verification is off), the one
    Renderer of the language, the releases' life cycle, the generated pages (in the navigation) and
    the releases' pages (reached from the footer), the sandbox's runtime and its scenarios' file;
    with a card pool, its pages (the cards' pages are made after MkDocs's, site_assets/pool_site.py)."""

    glossary: Glossary
    language: str
    verification: Verification | None
    renderer: Renderer
    releases: ReleaseCycle
    pages: list[Page]
    version_pages: list[Page]
    sandbox: Runtime | None
    scenarios: tuple[str, str] | None   # the sandbox's scenario file: (path in the site, text)
    # The sandbox's card index (sandbox.card_index_file): (path in the site, text), and whether it
    # is the imported pool's (else glossary/cards.yaml's).
    card_index: tuple[str, str] | None = None
    card_pool: bool = False
    pool: PoolPages | None = None


class BuildSession:
    """A cold build's session: keeps nothing, and each step is done as it is."""

    export_pieces: IndentedPieces | None = None   # export.py's kept pieces (a serve session's)
    kept_folders: KeptFolders | None = None       # site_files.py's kept folders (a serve session's)
    published: Cache[bytes, Any] | None = None    # sandbox.published_scenarios' kept scenarios

    def runtime(self, project: Path, glossary: Glossary, glossary_dir: Path) -> Runtime:
        """The sandbox's runtime the language's page links to."""
        return sandbox_runtime(project)

    def set_aside(self, site: Path) -> None:
        """Before MkDocs empties the site (on_pre_build)."""

    def files_known(self, files: Any, config: Any) -> None:
        """MkDocs has every file of the rebuild (on_nav)."""

    def pages_read(self, env: Any, config: Any, files: Any, nav: Any, deferred: dict[str, list[str]], head: str) -> Any:
        """Every page is read from Markdown (on_env): the theme's environment to draw them with."""
        return env

    def defer(self, markdown: str) -> tuple[str, list[str]]:
        """The page's Markdown with its verified blocks set aside (deferred.py), and the blocks."""
        return defer(markdown)

    def before(self, page: Any, markdown: str) -> str:
        """The Markdown MkDocs is to convert."""
        return markdown

    def after(self, page: Any, html: str, files: Any) -> str:
        """The page's HTML from Markdown."""
        return html

    def reused(self, page: str) -> bool:
        """Whether the page's finished HTML is the one kept (then it is not finished again)."""
        return False

    def finished(self, page: str, output: str) -> str:
        """The page's finished HTML."""
        return output

    def report_pages(self) -> None:
        """What the theme drew this rebuild, said in the terminal."""

    def report_files(self) -> None:
        """What was written after the pages this rebuild, said in the terminal."""

    def close(self) -> None:
        """The session ends (on_shutdown)."""


class ServeSession(BuildSession):
    """What a `mkdocs serve` session of one language keeps between its rebuilds (issue 29)."""

    def __init__(self) -> None:
        self.served = ServedPages()                  # finished pages (served_pages.py)
        self.conversions = Conversions(self.served)  # Markdown conversions (conversions.py)
        self.templates = CompiledTemplates()         # the theme's compiled templates (served_pages.py)
        self.export_pieces = IndentedPieces()        # the export's text (export.py)
        self.search_entries = SearchEntries()        # the search index's entries (served_pages.py)
        self.runtimes = KeptRuntime()                # the sandbox's runtime (sandbox.py)
        self.kept_folders = KeptFolders()            # our own folders of the site (site_files.py)
        self.deferrals = KeptDeferrals()             # verified blocks set aside (deferred.py)
        self.published = Cache("published scenarios", KEPT_SCENARIOS)   # sandbox.published_scenarios

    def runtime(self, project: Path, glossary: Glossary, glossary_dir: Path) -> Runtime:
        return self.runtimes.runtime(project, glossary, glossary_dir)

    def set_aside(self, site: Path) -> None:
        # Our folders set aside, to be put back after the pages with only what changed written (site_files.py).
        assert self.kept_folders is not None   # a serve session's, made in __init__
        self.kept_folders.set_aside(site)

    def files_known(self, files: Any, config: Any) -> None:
        self.served.files_known(files=[(f.src_uri, f.url) for f in files],
                                settings=settings_files(config.config_file_path, config.theme.custom_dir))

    def pages_read(self, env: Any, config: Any, files: Any, nav: Any, deferred: dict[str, list[str]], head: str) -> Any:
        # Pages whose every input is as when they were last drawn are not drawn by the theme again (served_pages.py).
        env.bytecode_cache = self.templates   # MkDocs makes a new environment each rebuild: its templates compiled once
        for plugin in config.plugins.values():   # the search plugin's index of this rebuild (on_config made it)
            index = getattr(plugin, "search_index", None)
            if index is not None and hasattr(index, "add_entry_from_context"):
                self.search_entries.wrap(index, getattr(index, "config", None))
        if nav is None:
            return env
        self.served.begin(nav=nav_outline(nav.items), extra=dict(config.extra), head=head)
        empty = env.from_string("")
        for file in files.documentation_pages():
            page = file.page
            if page is None or file.src_uri == SANDBOX_PAGE:   # the sandbox page's head holds the scenarios
                continue
            if self.served.reuse(file.src_uri, url=page.url, title=page.title, meta=page.meta, toc=toc_outline(page.toc),
                                 content=page.content or "", deferred=deferred.get(file.src_uri, [])):
                page.meta["template"] = empty
        return env

    def defer(self, markdown: str) -> tuple[str, list[str]]:
        return self.deferrals.defer(markdown)

    def before(self, page: Any, markdown: str) -> str:
        # Markdown converted before with the same files is not converted again.
        return self.conversions.before(page, markdown)

    def after(self, page: Any, html: str, files: Any) -> str:
        return self.conversions.after(page, html, files)

    def reused(self, page: str) -> bool:
        return self.served.reused(page)

    def finished(self, page: str, output: str) -> str:
        return self.served.finished(page, output)

    def report_pages(self) -> None:
        reused, drawn = self.served.counts
        log.info(f"altered-rules: {drawn} page(s) drawn, {reused} unchanged page(s) reused")

    def report_files(self) -> None:
        assert self.kept_folders is not None
        log.info(f"altered-rules: {self.kept_folders.written} file(s) after the pages written, "
                 f"{self.kept_folders.kept} unchanged file(s) kept")

    def close(self) -> None:
        self.conversions.close()
