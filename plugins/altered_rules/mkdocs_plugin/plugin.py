"""MkDocs hooks: load the glossary, add its generated pages, fill the navigation.

Each hook only wires MkDocs to plain functions of `altered_rules` (loading, rendering,
navigation, the releases' life cycle in pages/release_cycle.py, what is written after the pages
in site_assets/finish.py) and turns their errors into MkDocs's: no file work of its own, so
moving to a fork of MkDocs costs nothing.
"""

from __future__ import annotations

import gc
import logging
import os
from contextlib import contextmanager
from pathlib import Path
from typing import Any, Iterator

from mkdocs.config.defaults import MkDocsConfig
from mkdocs.exceptions import PluginError
from mkdocs.plugins import BasePlugin, event_priority
from mkdocs.structure.files import File, Files, InclusionLevel

from ..site_assets.extra_files import ui_strings
from ..content.glossary import Glossary, GlossaryError, load_glossary
from ..content.yamlsource import SourceError
from ..languages import language_selector
from ..pages.navigation import expand_nav
from ..pages.page_references import link_rule_references
from ..pages.release_cycle import ReleaseCycle
from ..pages.render import SANDBOX_PAGE, Page, Renderer
from ..pages.served_pages import nav_outline, settings_files, toc_outline
from ..pages.site_pages import site_pages
from ..pages.source_links import SourceLinks
from ..pages.versions import ShellError
from ..site_paths import SitePathError
from ..site_assets.finish import finish_site, shared_assets
from ..site_assets.sandbox import Runtime, SandboxError, page_head, scenario_file
from ..site_assets.sandbox import runtime as sandbox_runtime
from ..verification.checks import Verification, verify_glossary_once
from .config import AlteredRulesConfig
from .deferred import defer, restore
from .session import ServeSession

log = logging.getLogger("mkdocs.plugins.altered_rules")


@contextmanager
def _collected_after() -> Iterator[None]:
    """Python's cycle collector paused while a hook builds the language's pages or its files
    after the build: they make hundreds of thousands of dicts, lists and strings (the export
    alone is 3 MB of JSON), none in a cycle, and each pass of the collector they set off walks
    every object of the build; freed as usual by their counts meanwhile, collected after.
    About 0.5 s of CPU in a three-language build (issue 29)."""
    paused = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if paused:
            gc.enable()


def _kept_out_of_collection() -> None:
    """Everything made so far (the glossary, the verification with every scenario's trace, the
    language's pages: hundreds of thousands of objects that live until the build ends) kept out of
    the cycle collector's passes while MkDocs makes the pages, each of which walked them all; on_post_build
    (or on_build_error) gives them back to it (gc.unfreeze), so a process that builds again, or
    serves, collects them as usual. Half of the collector's time in a three-language build (issue 29)."""
    gc.freeze()


class AlteredRulesPlugin(BasePlugin[AlteredRulesConfig]):
    def __init__(self) -> None:
        self.glossary: Glossary | None = None
        self.verification: Verification | None = None
        self.pages: list[Page] = []
        self.project = ""
        self.glossary_dir = ""
        # The language build's one Renderer: the glossary's pages, the releases' pages, the card
        # export, the sandbox's links, and the rule numbers of the hand-written pages.
        self.renderer: Renderer | None = None
        self.assets_dir = ""
        self.deferred: dict[str, list[str]] = {}   # page -> its verified scenarios (deferred.py)
        self.sandbox: Runtime | None = None
        self.scenarios: tuple[str, str] | None = None   # the sandbox's scenario file: (path, text)
        self.releases: ReleaseCycle | None = None   # the releases' life cycle in this build
        self.version_pages: list[Page] = []   # releases and history (versions.py), not in the nav
        self.nav: Any = None
        self.session: ServeSession | None = None   # what a serve session keeps between rebuilds (session.py)

    def on_startup(self, *, command: str, dirty: bool) -> None:
        # A serve session keeps its finished pages between rebuilds; a build keeps none. (With
        # this hook, MkDocs keeps this plugin object for the whole session.)
        self.session = ServeSession() if command == "serve" else None

    def on_shutdown(self) -> None:
        if self.session is not None:
            self.session.close()

    # Runs before other plugins' on_config (priority 50) so that the
    # navigation they see already lists the generated pages.
    @event_priority(50)
    def on_config(self, config: MkDocsConfig) -> MkDocsConfig:
        project = os.path.dirname(config.config_file_path)
        self.project = project
        self.glossary_dir = os.path.join(project, self.config.glossary)
        self.assets_dir = os.path.join(project, self.config.assets)
        with _collected_after():
            config = self._configure(config, project)
        _kept_out_of_collection()
        return config

    def _configure(self, config: MkDocsConfig, project: str) -> MkDocsConfig:
        try:
            self.glossary = load_glossary(self.glossary_dir)
        except GlossaryError as exc:
            raise PluginError(str(exc)) from None
        self.verification = self._verify(self.glossary) if self.config.verify else None
        try:
            # The judge's sandbox: its page needs to know the runtime build_site writes in site/_sandbox/.
            session = self.session
            self.sandbox = (session.runtimes.runtime(Path(project), self.glossary, Path(self.glossary_dir))
                            if session is not None else sandbox_runtime(Path(project)))
            # The scenarios the rule pages' links name, for the sandbox page to open by id.
            self.scenarios = (scenario_file(self.glossary, self.verification, session.published if session else None)
                              if self.verification else None)
        except SandboxError as exc:
            raise PluginError(str(exc)) from None
        try:
            self.renderer = Renderer(self.glossary, self.config.language, self.verification)
            self.releases = ReleaseCycle(self.glossary, self.config.language, self.renderer)
            self.version_pages = self.releases.pages()
            links = SourceLinks.for_site(config.repo_url, self.config.source_uri, project)
            # Page paths are made from data (site_paths.py): one that would leave the site stops the build.
            self.pages = site_pages(self.renderer, self.releases.changed_in(), links)
        except (SourceError, SitePathError) as exc:
            raise PluginError(str(exc)) from None
        config.extra["altered_rules_release"] = self.releases.site_label()
        config.extra["alternate"] = language_selector()   # the declared languages (altered_rules/languages.py)
        try:
            # The releases' index in the navigation too (issue 40: a judge found no way to it but the footer).
            config.nav = expand_nav(config.nav, [*self.pages, *self.version_pages])
        except ValueError as exc:
            raise PluginError(f"mkdocs.yml nav: {exc}") from None
        return config

    @staticmethod
    def _verify(glossary: Glossary) -> Verification:
        verification = verify_glossary_once(glossary)   # once for the three languages of build_site
        log.info(f"altered-rules: the engine ran {verification.ran} of the {len(verification.checks)} scenarios "
                 "(the others' results are kept from an earlier run of the same input)")
        if verification.failures:
            details = "\n".join(check.failure() for check in verification.failures)
            raise PluginError(f"{len(verification.failures)} scenario(s) of the glossary fail:\n{details}")
        return verification

    def on_pre_build(self, *, config: MkDocsConfig) -> None:
        # Before MkDocs empties the site: a serve session's folders of our files set aside, to be
        # put back after the pages with only what changed written (site_files.py).
        if self.session is not None:
            self.session.kept_folders.set_aside(Path(config.site_dir))

    def on_files(self, files: Files, *, config: MkDocsConfig) -> Files:
        for page in self.pages:
            if files.get_file_from_path(page.path) is not None:
                raise PluginError(f"docs/{page.path} clashes with a page generated from the glossary; remove or rename it")
            files.append(File.generated(config, page.path, content=page.markdown))
        for page in self.version_pages:   # reached from the footer and the rules, not from the nav
            if files.get_file_from_path(page.path) is not None:
                raise PluginError(f"docs/{page.path} clashes with a page generated from the glossary; remove or rename it")
            files.append(File.generated(config, page.path, content=page.markdown, inclusion=InclusionLevel.NOT_IN_NAV))
        # The shared assets live outside each language's docs_dir; serve them in every build.
        shared_root = os.path.dirname(self.assets_dir)
        for src_uri in shared_assets(Path(self.assets_dir)):
            if files.get_file_from_path(src_uri) is None:
                files.append(File(src_uri, shared_root, config.site_dir, config.use_directory_urls))
        return files

    def on_nav(self, nav: Any, *, config: MkDocsConfig, files: Files) -> Any:
        self.nav = nav
        if self.session is not None:
            self.session.served.files_known(files=[(f.src_uri, f.url) for f in files],
                                    settings=settings_files(config.config_file_path, config.theme.custom_dir))
        return nav

    def on_env(self, env: Any, *, config: MkDocsConfig, files: Files) -> Any:
        # Every page is read from Markdown: in a serve session, those whose every input is as
        # when they were last drawn are not drawn by the theme again (served_pages.py).
        session = self.session
        if session is None:
            return env
        env.bytecode_cache = session.templates   # MkDocs makes a new environment each rebuild: its templates compiled once
        for plugin in config.plugins.values():   # the search plugin's index of this rebuild (on_config made it)
            index = getattr(plugin, "search_index", None)
            if index is not None and hasattr(index, "add_entry_from_context"):
                session.search_entries.wrap(index, getattr(index, "config", None))
        if self.nav is None:
            return env
        session.served.begin(nav=nav_outline(self.nav.items), extra=dict(config.extra), head=self._head())
        empty = env.from_string("")
        for file in files.documentation_pages():
            page = file.page
            if page is None or file.src_uri == SANDBOX_PAGE:   # the sandbox page's head holds the scenarios
                continue
            if session.served.reuse(file.src_uri, url=page.url, title=page.title, meta=page.meta, toc=toc_outline(page.toc),
                                 content=page.content or "", deferred=self.deferred.get(file.src_uri, [])):
                page.meta["template"] = empty
        return env

    def _head(self) -> str:
        """What every page's head is given: the site's interface strings in the page's language
        (the site's script reads them from the page), and the release's."""
        head = ui_strings(self.config.language)
        if self.releases is not None and self.releases.head:
            head += "\n" + self.releases.head
        return head

    def on_page_markdown(self, markdown: str, *, page: Any, config: MkDocsConfig, files: Files) -> str:
        if page.file.generated_by is None and self.glossary is not None and self.renderer is not None:
            # A hand-written page: its rule numbers are linked and checked as the glossary's are,
            # and its links to a release's text name a release that exists.
            path = os.path.relpath(page.file.abs_src_path, self.project).replace(os.sep, "/")
            markdown, errors = link_rule_references(markdown, path, page.file.src_uri, self.glossary, self.renderer)
            if errors:
                raise PluginError(f"{len(errors)} problem(s) in {path}:\n" + "\n".join(f"  {e}" for e in errors))
            problems = self.releases.check_links(markdown, path) if self.releases else []
            if problems:
                raise PluginError("\n".join(problems))
        # Verified scenarios skip Markdown and the search index; on_post_page puts them back.
        if self.session is None:
            markdown, self.deferred[page.file.src_uri] = defer(markdown)
            return markdown
        markdown, self.deferred[page.file.src_uri] = self.session.deferrals.defer(markdown)
        # In a serve session, Markdown converted before with the same files is not converted again.
        return self.session.conversions.before(page, markdown)

    def on_page_content(self, html: str, *, page: Any, config: MkDocsConfig, files: Files) -> str:
        return self.session.conversions.after(page, html, files) if self.session is not None else html

    def on_post_page(self, output: str, *, page: Any, config: MkDocsConfig) -> str:
        blocks = self.deferred.pop(page.file.src_uri, [])
        served = self.session.served if self.session is not None else None
        if served is not None and served.reused(page.file.src_uri):
            return served.finished(page.file.src_uri, output)
        output = restore(output, blocks)
        head = self._head()
        if page.file.src_uri == SANDBOX_PAGE and self.glossary is not None and self.sandbox is not None:
            scenarios = self.scenarios[0] if self.scenarios else None
            head += "\n" + page_head(self.glossary, self.config.language, self.sandbox, scenarios, self.renderer)  # only this page loads it
        output = output.replace("</head>", f"{head}\n</head>", 1)
        return served.finished(page.file.src_uri, output) if served is not None else output

    # After the search plugin (priority 0) has written its index, which the rule entries
    # extend and the service worker keeps for offline search.
    @event_priority(-100)
    def on_post_build(self, *, config: MkDocsConfig) -> None:
        if self.glossary is None:
            return
        session = self.session
        if session is not None:
            reused, drawn = session.served.counts
            log.info(f"altered-rules: {drawn} page(s) drawn, {reused} unchanged page(s) reused")
        try:
            with _collected_after():
                finish_site(Path(config.site_dir), self.glossary, self.config.language, self.pages,
                            releases=self.releases, verification=self.verification, sandbox=self.sandbox,
                            scenarios=self.scenarios, site_url=config.site_url or "", renderer=self.renderer,
                            pieces=session.export_pieces if session else None,
                            kept=session.kept_folders if session else None)
        except (ShellError, SitePathError) as exc:
            raise PluginError(str(exc)) from None
        finally:
            gc.unfreeze()
        if session is not None:
            log.info(f"altered-rules: {session.kept_folders.written} file(s) after the pages written, "
                     f"{session.kept_folders.kept} unchanged file(s) kept")

    def on_build_error(self, *, error: Exception) -> None:
        gc.unfreeze()   # what on_config kept out of collection is collected again

    def on_serve(self, server: Any, *, config: MkDocsConfig, builder: Any) -> Any:
        # Rebuild when a rules editor saves a glossary file.
        server.watch(self.glossary_dir)
        server.watch(self.assets_dir)
        return server
