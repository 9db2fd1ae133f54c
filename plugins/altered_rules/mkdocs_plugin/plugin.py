"""MkDocs hooks: load the glossary, add its generated pages, fill the navigation.

Each hook only calls plain functions of `altered_rules` (loading, rendering,
navigation), so moving to a fork of MkDocs costs nothing.
"""

from __future__ import annotations

import json
import os
import shutil
from pathlib import Path
from typing import Any

from mkdocs.config.defaults import MkDocsConfig
from mkdocs.exceptions import PluginError
from mkdocs.plugins import BasePlugin, event_priority
from mkdocs.structure.files import File, Files, InclusionLevel

from ..site_assets.export import export_files
from ..site_assets.extra_files import service_worker, short_url_pages, sitemap_gzip, ui_strings, without_url
from ..content.glossary import Glossary, GlossaryError, load_glossary
from ..pages.history import History, glossary_history
from ..content.yamlsource import SourceError
from ..pages import versions
from ..pages.navigation import expand_nav
from ..pages.page_references import link_rule_references
from ..pages.render import SANDBOX_PAGE, Page, Renderer
from ..pages.site_pages import pages
from ..pages.source_links import SourceLinks
from ..site_paths import SitePathError, inside, site_file
from ..site_assets.sandbox import PAGE_ASSETS, SANDBOX_DIR, Runtime, SandboxError, page_head, scenario_file
from ..site_assets.sandbox import runtime as sandbox_runtime
from ..site_assets.search_index import game_page_urls, with_rule_entries
from ..verification.checks import Verification, verify_glossary_once
from .config import AlteredRulesConfig
from .deferred import defer, restore


class AlteredRulesPlugin(BasePlugin[AlteredRulesConfig]):
    def __init__(self) -> None:
        self.glossary: Glossary | None = None
        self.verification: Verification | None = None
        self.pages: list[Page] = []
        self.project = ""
        self.glossary_dir = ""
        self.renderer: Renderer | None = None   # links the rule numbers of the hand-written pages
        self.assets_dir = ""
        self.deferred: dict[str, list[str]] = {}   # page -> its verified scenarios (deferred.py)
        self.sandbox: Runtime | None = None
        self.scenarios: tuple[str, str] | None = None   # the sandbox's scenario file: (path, text)
        self.history: History | None = None
        self.version_pages: list[Page] = []   # releases and history (versions.py), not in the nav
        self.release_head = ""   # the release the copy button cites, in every page's head

    # Runs before other plugins' on_config (priority 50) so that the
    # navigation they see already lists the generated pages.
    @event_priority(50)
    def on_config(self, config: MkDocsConfig) -> MkDocsConfig:
        project = os.path.dirname(config.config_file_path)
        self.project = project
        self.glossary_dir = os.path.join(project, self.config.glossary)
        self.assets_dir = os.path.join(project, self.config.assets)
        try:
            self.glossary = load_glossary(self.glossary_dir)
        except GlossaryError as exc:
            raise PluginError(str(exc)) from None
        self.verification = self._verify(self.glossary) if self.config.verify else None
        try:
            # The judge's sandbox: its page needs to know the runtime build_site writes in site/_sandbox/.
            self.sandbox = sandbox_runtime(Path(project))
            # The scenarios the rule pages' links name, for the sandbox page to open by id.
            self.scenarios = scenario_file(self.glossary, self.verification) if self.verification else None
        except SandboxError as exc:
            raise PluginError(str(exc)) from None
        try:
            self.history = glossary_history(self.glossary)
            releases = versions.VersionRenderer(self.glossary, self.history, self.config.language)
            self.version_pages = versions.version_pages(self.glossary, self.history, self.config.language)
            if self.history.releases:   # the frame of the versioned pages, drawn by the theme (versions.py)
                self.version_pages.append(versions.shell_page())
            label = versions.site_label(self.history, self.config.language, releases.t)
            links = SourceLinks.for_site(config.repo_url, self.config.source_uri, project)
            self.pages = pages(self.glossary, self.config.language, self.verification, releases.changed_in(), links)
        except (SourceError, SitePathError) as exc:
            raise PluginError(str(exc)) from None
        config.extra["altered_rules_release"] = {"text": label.text, "href": label.href}
        self.release_head = versions.citation_script(label, self.config.language)
        self.renderer = Renderer(self.glossary, self.config.language)
        try:
            config.nav = expand_nav(config.nav, self.pages)
        except ValueError as exc:
            raise PluginError(f"mkdocs.yml nav: {exc}") from None
        return config

    @staticmethod
    def _verify(glossary: Glossary) -> Verification:
        verification = verify_glossary_once(glossary)   # once for the three languages of build_site
        if verification.failures:
            details = "\n".join(check.failure() for check in verification.failures)
            raise PluginError(f"{len(verification.failures)} scenario(s) of the glossary fail:\n{details}")
        return verification

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
        for folder, _, names in sorted(os.walk(self.assets_dir)):
            for name in sorted(names):
                src_uri = os.path.relpath(os.path.join(folder, name), shared_root).replace(os.sep, "/")
                if files.get_file_from_path(src_uri) is None:
                    files.append(File(src_uri, shared_root, config.site_dir, config.use_directory_urls))
        return files

    def on_page_markdown(self, markdown: str, *, page: Any, config: MkDocsConfig, files: Files) -> str:
        if page.file.generated_by is None and self.glossary is not None and self.renderer is not None:
            # A hand-written page: its rule numbers are linked and checked as the glossary's are,
            # and its links to a release's text name a release that exists.
            path = os.path.relpath(page.file.abs_src_path, self.project).replace(os.sep, "/")
            markdown, errors = link_rule_references(markdown, path, page.file.src_uri, self.glossary, self.renderer)
            if errors:
                raise PluginError(f"{len(errors)} problem(s) in {path}:\n" + "\n".join(f"  {e}" for e in errors))
            problems = versions.check_versioned_links(markdown, path, self.history) if self.history else []
            if problems:
                raise PluginError("\n".join(problems))
        # Verified scenarios skip Markdown and the search index; on_post_page puts them back.
        markdown, self.deferred[page.file.src_uri] = defer(markdown)
        return markdown

    def on_post_page(self, output: str, *, page: Any, config: MkDocsConfig) -> str:
        output = restore(output, self.deferred.pop(page.file.src_uri, []))
        # The site's script reads its interface strings, in the page's language, from the page.
        head = ui_strings(self.config.language)
        if self.release_head:
            head += "\n" + self.release_head
        if page.file.src_uri == SANDBOX_PAGE and self.glossary is not None and self.sandbox is not None:
            scenarios = self.scenarios[0] if self.scenarios else None
            head += "\n" + page_head(self.glossary, self.config.language, self.sandbox, scenarios)  # only this page loads it
        return output.replace("</head>", f"{head}\n</head>", 1)

    # After the search plugin (priority 0) has written its index, which the rule entries
    # extend and the service worker keeps for offline search.
    @event_priority(-100)
    def on_post_build(self, *, config: MkDocsConfig) -> None:
        if self.glossary is None:
            return
        site = config.site_dir
        index_path = os.path.join(site, "search", "search_index.json")
        if os.path.isfile(index_path):
            with open(index_path, encoding="utf-8") as handle:
                index = json.load(handle)
            index = with_rule_entries(index, self.glossary, self.config.language, game_page_urls(self.pages))
            with open(index_path, "w", encoding="utf-8") as handle:
                json.dump(index, handle, ensure_ascii=False, separators=(",", ":"))
        shell = self._take_shell(site)
        sitemap = os.path.join(site, "sitemap.xml")
        if os.path.isfile(sitemap):  # MkDocs's gzip of it carries the build's date: written again without it
            with open(sitemap, "rb") as handle:
                content = handle.read()
            if shell is not None:   # the frame is no page of the site
                content = without_url(content, versions.SHELL_URL)
                with open(sitemap, "wb") as handle:
                    handle.write(content)
            packed = sitemap_gzip(content)
            with open(sitemap + ".gz", "wb") as handle:
                handle.write(packed)
        removed = versions.removed_rule_redirects(self.history) if self.history else {}
        for relative, text in short_url_pages(self.glossary, self.config.language, removed).items():
            _write(site, relative, text)
        if self.history is not None and shell is not None:
            try:
                files = versions.versioned_pages(self.glossary, self.history, self.config.language, shell)
            except versions.ShellError as exc:
                raise PluginError(str(exc)) from None
            files[versions.FEED] = versions.atom_feed(self.glossary, self.history, self.config.language, config.site_url or "")
            for relative, text in files.items():
                _write(site, relative, text)
            for relative, target in versions.versioned_links(self.history).items():
                _link(site, relative, target)
        stamp = versions.release_stamp(self.history) if self.history else None
        for relative, text in export_files(self.glossary, self.config.language, self.verification, stamp).items():
            _write(site, relative, text)
        sandbox = None
        if self.sandbox is not None:
            sandbox = (self.sandbox.cache, [f"../{SANDBOX_DIR}/{path}" for path, _ in self.sandbox.files])
        if self.scenarios is not None:
            _write(site, *self.scenarios)
        sandbox_data = [*PAGE_ASSETS, *([self.scenarios[0]] if self.scenarios else [])] if sandbox else []
        _write(site, "sw.js", service_worker(*_offline_files(site), sandbox=sandbox,
                                             sandbox_data=sandbox_data))

    def _take_shell(self, site: str) -> str | None:
        """The built frame of the versioned pages, removed from the site (None: no release)."""
        path = os.path.join(site, *versions.SHELL_URL.split("/"), "index.html")
        if not (self.history is not None and self.history.releases and os.path.isfile(path)):
            return None
        with open(path, encoding="utf-8") as handle:
            shell = handle.read()
        os.remove(path)
        os.rmdir(os.path.dirname(path))
        os.rmdir(os.path.dirname(os.path.dirname(path)))
        return shell

    def on_serve(self, server: Any, *, config: MkDocsConfig, builder: Any) -> Any:
        # Rebuild when a rules editor saves a glossary file.
        server.watch(self.glossary_dir)
        server.watch(self.assets_dir)
        return server


def _checked(site: str, relative: str, target: str | None = None) -> str:
    """site_file, as the build's error: nothing is written outside site/, whatever the data says."""
    try:
        path = site_file(site, relative)
        if target is not None:   # a link shows a folder of the site
            inside(site, os.path.join(os.path.dirname(path), target))
        return path
    except SitePathError as exc:
        raise PluginError(str(exc)) from None


def _write(site: str, relative: str, text: str) -> None:
    path = _checked(site, relative)
    os.makedirs(os.path.dirname(path), exist_ok=True)
    with open(path, "w", encoding="utf-8") as handle:
        handle.write(text)


def _link(site: str, relative: str, target: str) -> None:
    """`relative` shows the folder `target` (relative to it): a symlink, or a copy where the
    file system has none."""
    path = _checked(site, relative, target)
    os.makedirs(os.path.dirname(path), exist_ok=True)
    if os.path.islink(path):   # a --dirty build (mkdocs serve --dirty) left the last one
        os.unlink(path)
    elif os.path.isdir(path):
        shutil.rmtree(path)
    try:
        os.symlink(target, path, target_is_directory=True)
    except OSError:
        shutil.copytree(os.path.normpath(os.path.join(os.path.dirname(path), target)), path)


def _offline_files(site: str) -> tuple[list[str], list[bytes]]:
    """What the service worker keeps at once (the home page, styles, scripts, the search
    index and our search worker), and the bytes its cache name is derived from. The sandbox
    page's assets are kept with that page, when it asks."""
    keep = ["./", "search/search_index.json"]
    # Our search worker (assets/javascripts/workers/altered-rules-search.js) answers every
    # search itself: Material's lunr worker and its stemmers are never loaded (issue 14).
    unused = ("assets/javascripts/lunr/", "assets/javascripts/workers/search.")
    versions: list[bytes] = []
    for folder, _, names in sorted(os.walk(site)):
        for name in sorted(names):
            path = os.path.join(folder, name)
            relative = os.path.relpath(path, site).replace(os.sep, "/")
            if relative == "sw.js" or relative.endswith(".map"):
                continue
            with open(path, "rb") as handle:
                versions.append(relative.encode() + handle.read())
            if relative in PAGE_ASSETS or relative.startswith(unused):
                continue
            if relative.startswith("assets/") and relative.endswith((".css", ".js")):
                keep.append(relative)
    return keep, versions
