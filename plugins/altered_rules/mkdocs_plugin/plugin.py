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
from ..content.pool import CardPool, read_pool
from ..log_text import neutral
from ..messages import read_messages, template_problems
from ..strings import read_strings
from ..content.page_markup import html_problems, page_problems
from ..content.sourcefiles import display, file_problem, read_text
from ..content.yamlsource import SourceError
from ..languages import language_selector
from ..pages.navigation import expand_nav
from ..pages.page_references import link_rule_references
from ..pages.pool_pages import POOL_PREFIX, POOL_SHELL, SHELL_CONTENT, PoolPages
from ..pages.release_cycle import ReleaseCycle, changed_entries
from ..pages.render import SANDBOX_PAGE, Renderer
from ..pages.site_pages import site_pages
from ..pages.source_links import SourceLinks
from ..pages.versions import ShellError
from ..site_paths import SitePathError
from ..strings import theme_texts
from ..site_assets.finish import finish_site, shared_assets
from ..site_assets.sandbox import SandboxError, card_index_file, page_head, page_start, place_head, scenario_file
from ..verification.checks import Verification, verify_glossary_once
from .config import AlteredRulesConfig
from .deferred import restore
from .session import BuildSession, LanguageBuild, ServeSession

CARD_POOL_VARIABLE = "ALTERED_RULES_CARDS"
"""The environment variable naming the card pool file when the plugin's `cards` option is empty."""

log = logging.getLogger("mkdocs.plugins.altered_rules")


def _refused(message: str) -> PluginError:
    """The build's error, its text (which quotes content: a key, a scenario's name) safe for a
    terminal and a CI log: no control character, no line read as a workflow command (log_text.py)."""
    return PluginError(neutral(message))


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
        self.build: LanguageBuild | None = None   # what this language's build made (session.py)
        self.project = ""
        self.glossary_dir = ""
        self.assets_dir = ""
        self.deferred: dict[str, list[str]] = {}   # page -> its verified scenarios (deferred.py)
        self.nav: Any = None
        # What the build keeps between rebuilds (session.py): nothing in a build; in a serve
        # session, one ServeSession per language, as MkDocs gives every configuration loaded in one
        # process the same plugin object (the preview builds the three languages in one).
        self.session: BuildSession = BuildSession()
        self.sessions: dict[str, ServeSession] | None = None

    def on_startup(self, *, command: str, dirty: bool) -> None:
        # A serve session keeps its finished pages between rebuilds; a build keeps none. (With
        # this hook, MkDocs keeps this plugin object for the whole session.)
        self.sessions = {} if command == "serve" else None

    def on_shutdown(self) -> None:
        for session in (self.sessions or {}).values():
            session.close()

    # Runs before other plugins' on_config (priority 50) so that the
    # navigation they see already lists the generated pages.
    @event_priority(50)
    def on_config(self, config: MkDocsConfig) -> MkDocsConfig:
        project = os.path.dirname(config.config_file_path)
        self.project = project
        self.glossary_dir = os.path.join(project, self.config.glossary)
        self.assets_dir = os.path.join(project, self.config.assets)
        self.session = (self.sessions.setdefault(self.config.language, ServeSession()) if self.sessions is not None
                        else BuildSession())
        with _collected_after():
            self.build = self._language_build(config, project)
            config = self._configure(config, self.build)
        _kept_out_of_collection()
        return config

    def _language_build(self, config: MkDocsConfig, project: str) -> LanguageBuild:
        try:
            # The interface strings and the engine's messages first: a malformed file is an
            # error with its file and line, not a traceback in a later hook (F-2).
            read_strings()
            refused = template_problems(read_messages())   # a message no renderer may fill (F-3 to F-5)
            if refused:
                raise _refused(f"{len(refused)} problem(s) in the engine's messages:\n" + "\n".join(f"  {e}" for e in refused))
            glossary = load_glossary(self.glossary_dir)
        except SourceError as exc:
            raise _refused(str(exc)) from None
        except GlossaryError as exc:
            raise _refused(str(exc)) from None
        verification = self._verify(glossary) if self.config.verify else None
        language = self.config.language
        try:
            # The judge's sandbox: its page needs to know the runtime build_site writes in site/_sandbox/.
            sandbox = self.session.runtime(Path(project), glossary, Path(self.glossary_dir))
            # The scenarios the rule pages' links name, for the sandbox page to open by id.
            scenarios = scenario_file(glossary, verification, self.session.published) if verification else None
        except SandboxError as exc:
            raise _refused(str(exc)) from None
        try:
            # The language build's one Renderer, made whole: the glossary's pages, the releases' pages,
            # the card export, the sandbox's links, and the rule numbers of the hand-written pages.
            links = SourceLinks.for_site(config.repo_url, self.config.source_uri, project)
            renderer = Renderer(glossary, language, verification, changed_in=changed_entries(glossary, language),
                                source_links=links)
            releases = ReleaseCycle(glossary, language, renderer)
            version_pages = releases.pages()   # releases and history (versions.py), not in the nav
            # Page paths are made from data (site_paths.py): one that would leave the site stops the build.
            card_pool = self._card_pool(project)
            pool = PoolPages(renderer, card_pool) if card_pool is not None else None
            pages = site_pages(renderer, pool)
        except (SourceError, SitePathError) as exc:
            raise _refused(str(exc)) from None
        # The cards the sandbox's form offers and its decklist reads: the pool's, else the glossary's.
        card_index = card_index_file(glossary, card_pool, language) if sandbox is not None else None
        return LanguageBuild(glossary, language, verification, renderer, releases, pages, version_pages, sandbox, scenarios,
                             card_index, card_pool is not None, pool)

    def _configure(self, config: MkDocsConfig, build: LanguageBuild) -> MkDocsConfig:
        config.extra["altered_rules_release"] = build.releases.site_label()
        config.extra["alternate"] = language_selector()   # the declared languages (altered_rules/languages.py)
        theme_texts(config, self.config.language)
        try:
            # The releases' index in the navigation too (issue 40: a judge found no way to it but the footer).
            config.nav = expand_nav(config.nav, [*build.pages, *build.version_pages])
        except ValueError as exc:
            raise _refused(f"mkdocs.yml nav: {exc}") from None
        return config

    def _card_pool(self, project: str) -> CardPool | None:
        """The imported card pool the site configuration names (`cards`, else ALTERED_RULES_CARDS), if any."""
        named = self.config.cards or os.environ.get(CARD_POOL_VARIABLE, "")
        if not named:
            return None
        try:
            return read_pool(Path(project) / named)
        except ValueError as exc:
            raise _refused(f"the card pool (the plugin's `cards` option or {CARD_POOL_VARIABLE}): {exc}") from None

    @staticmethod
    def _verify(glossary: Glossary) -> Verification:
        verification = verify_glossary_once(glossary)   # once for the three languages of build_site
        log.info(f"altered-rules: the engine ran {verification.ran} of the {len(verification.checks)} scenarios "
                 "(the others' results are kept from an earlier run of the same input)")
        if verification.failures:
            details = "\n".join(check.failure() for check in verification.failures)
            raise _refused(f"{len(verification.failures)} scenario(s) of the glossary fail:\n{details}")
        return verification

    def on_pre_build(self, *, config: MkDocsConfig) -> None:
        # Before MkDocs empties the site: a serve session's folders of our files set aside, to be
        # put back after the pages with only what changed written (site_files.py).
        self.session.set_aside(Path(config.site_dir))

    def on_files(self, files: Files, *, config: MkDocsConfig) -> Files:
        build = self.build
        for page in build.pages if build else []:
            if files.get_file_from_path(page.path) is not None:
                raise _refused(f"docs/{page.path} clashes with a page generated from the glossary; remove or rename it")
            # The card pool's pages are reached from the cards' index, not the nav (thousands of them).
            inclusion = InclusionLevel.NOT_IN_NAV if page.path.startswith(POOL_PREFIX) else InclusionLevel.UNDEFINED
            files.append(File.generated(config, page.path, content=page.markdown, inclusion=inclusion))
        for page in build.version_pages if build else []:   # reached from the footer and the rules, not from the nav
            if files.get_file_from_path(page.path) is not None:
                raise _refused(f"docs/{page.path} clashes with a page generated from the glossary; remove or rename it")
            files.append(File.generated(config, page.path, content=page.markdown, inclusion=InclusionLevel.NOT_IN_NAV))
        # The shared assets live outside each language's docs_dir; serve them in every build.
        shared_root = os.path.dirname(self.assets_dir)
        for src_uri in shared_assets(Path(self.assets_dir)):
            if files.get_file_from_path(src_uri) is None:
                files.append(File(src_uri, shared_root, config.site_dir, config.use_directory_urls))
        # Every file MkDocs found in docs/ is a regular file inside it: MkDocs follows links,
        # which would publish a file from outside the repository (F-9; sourcefiles.py).
        # (The theme's own files are code, outside docs/.)
        docs = os.path.abspath(shared_root) + os.sep
        refused = [f"{display(file.abs_src_path)}: {problem}" for file in files
                   if file.generated_by is None and file.abs_src_path and os.path.abspath(file.abs_src_path).startswith(docs)
                   and (problem := file_problem(file.abs_src_path, shared_root)) is not None]
        if refused:
            raise _refused(f"{len(refused)} problem(s) in {display(shared_root)}:\n" + "\n".join(f"  {e}" for e in refused))
        return files

    def on_nav(self, nav: Any, *, config: MkDocsConfig, files: Files) -> Any:
        self.nav = nav
        self.session.files_known(files, config)
        return nav

    def on_env(self, env: Any, *, config: MkDocsConfig, files: Files) -> Any:
        # Every page is read from Markdown: in a serve session, those whose every input is as
        # when they were last drawn are not drawn by the theme again (served_pages.py).
        return self.session.pages_read(env, config, files, self.nav, self.deferred, self._head())

    def _head(self) -> str:
        """What every page's head is given: the site's interface strings in the page's language
        (the site's script reads them from the page), and the release's."""
        head = ui_strings(self.config.language)
        if self.build is not None and self.build.releases.head:
            head += "\n" + self.build.releases.head
        return head

    def on_page_markdown(self, markdown: str, *, page: Any, config: MkDocsConfig, files: Files) -> str:
        build = self.build
        if page.file.generated_by is None and build is not None:
            # A hand-written page: its rule numbers are linked and checked as the glossary's are,
            # and its links to a release's text name a release that exists.
            path = os.path.relpath(page.file.abs_src_path, self.project).replace(os.sep, "/")
            try:   # contributed text: Markdown and the little HTML the pages need, no script (F-20)
                source = read_text(page.file.abs_src_path, os.path.dirname(self.assets_dir))
            except SourceError as exc:
                raise _refused(str(exc)) from None
            markup = page_problems(source, path)
            if markup:
                raise _refused(f"{len(markup)} problem(s) in {path}:\n" + "\n".join(f"  {e}" for e in markup))
            markdown, errors = link_rule_references(markdown, path, page.file.src_uri, build.glossary, build.renderer)
            if errors:
                raise _refused(f"{len(errors)} problem(s) in {path}:\n" + "\n".join(f"  {e}" for e in errors))
            problems = build.releases.check_links(markdown, path)
            if problems:
                raise _refused("\n".join(problems))
        # Verified scenarios skip Markdown and the search index; on_post_page puts them back.
        markdown, self.deferred[page.file.src_uri] = self.session.defer(markdown)
        # In a serve session, Markdown converted before with the same files is not converted again.
        return self.session.before(page, markdown)

    def on_page_content(self, html: str, *, page: Any, config: MkDocsConfig, files: Files) -> str:
        if page.file.generated_by is None:   # the last check of a hand-written page: whatever route, no script
            problems = html_problems(html)
            if problems:
                raise _refused(f"{page.file.src_uri}: " + "; ".join(problems))
        html = self.session.after(page, html, files)
        if page.file.src_uri == POOL_SHELL:   # the cards' pages' frame: each card's content goes here (pool_site.py)
            return SHELL_CONTENT
        return html

    def on_post_page(self, output: str, *, page: Any, config: MkDocsConfig) -> str:
        blocks = self.deferred.pop(page.file.src_uri, [])
        if self.session.reused(page.file.src_uri):
            return self.session.finished(page.file.src_uri, output)
        output = restore(output, blocks)
        head = self._head()
        build = self.build
        if page.file.src_uri == SANDBOX_PAGE and build is not None and build.sandbox is not None:
            scenarios = build.scenarios[0] if build.scenarios else None
            cards = (build.card_index[0], build.card_pool) if build.card_index else None
            head += "\n" + page_head(build.glossary, build.language, build.sandbox, scenarios, build.renderer, cards)  # only this page loads it
            # The engine's worker starts before the page's stylesheets, which an inline script waits for.
            return self.session.finished(page.file.src_uri, place_head(output, page_start(build.sandbox), head))
        output = output.replace("</head>", f"{head}\n</head>", 1)
        return self.session.finished(page.file.src_uri, output)

    # After the search plugin (priority 0) has written its index, which the rule entries
    # extend and the service worker keeps for offline search.
    @event_priority(-100)
    def on_post_build(self, *, config: MkDocsConfig) -> None:
        build = self.build
        if build is None:
            return
        self.session.report_pages()
        try:
            with _collected_after():
                finish_site(Path(config.site_dir), build.glossary, build.language, build.pages,
                            releases=build.releases, verification=build.verification, sandbox=build.sandbox,
                            scenarios=build.scenarios, card_index=build.card_index, site_url=config.site_url or "", renderer=build.renderer,
                            pieces=self.session.export_pieces, kept=self.session.kept_folders, pool=build.pool)
        except (ShellError, SitePathError) as exc:
            raise _refused(str(exc)) from None
        finally:
            gc.unfreeze()
        self.session.report_files()

    def on_build_error(self, *, error: Exception) -> None:
        gc.unfreeze()   # what on_config kept out of collection is collected again

    def on_serve(self, server: Any, *, config: MkDocsConfig, builder: Any) -> Any:
        # Rebuild when a rules editor saves a glossary file.
        server.watch(self.glossary_dir)
        server.watch(self.assets_dir)
        return server
