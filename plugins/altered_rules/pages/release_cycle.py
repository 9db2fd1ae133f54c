"""The glossary's releases in one language's build, behind one object: what the build asks of
them before (pages, the site's release label, the citation script), during (links to a release's
text in hand-written pages) and after the pages are written (the versioned pages, the feed, the
redirects of renumbered rules). The MkDocs adapter holds one and calls it; pages/versions.py
draws each part.
"""

from __future__ import annotations

import os
import shutil
from pathlib import Path

from ..content.glossary.model import Glossary
from ..site_paths import inside, site_file
from .history import History, glossary_history
from .render import Page, Renderer
from . import versions


def changed_entries(glossary: Glossary, language: str) -> dict[str, tuple[str, str]]:
    """The entries a release changed since the first, with what each one's "changed in" line says
    (versions.changed_entries): known before the language's Renderer is made, which shows them.
    Raises SourceError (file:line) when a release's snapshot cannot be read."""
    return versions.changed_entries(glossary_history(glossary), language)


class ReleaseCycle:
    """Raises SourceError (file:line) when a release's snapshot cannot be read."""

    def __init__(self, glossary: Glossary, language: str, renderer: Renderer | None = None) -> None:
        self.glossary = glossary
        self.language = language
        self.history: History = glossary_history(glossary)
        # The language build's one Renderer draws every release page too (None: one of its own).
        self.base = renderer or Renderer(glossary, language)
        self.renderer = versions.VersionRenderer(glossary, self.history, language, self.base)
        self.label = versions.site_label(self.history, language, self.renderer.t)
        self.head = versions.citation_script(self.label, language)
        """The release the copy button cites, for every page's head."""

    # ---- before the pages: what the build adds ------------------------------------------
    def pages(self) -> list[Page]:
        """The releases' and history pages, and the frame of the versioned pages (drawn by the
        theme, then taken out of the site by `after_build`); reached from the footer, not the nav."""
        pages = versions.version_pages(self.glossary, self.history, self.language, self.base)
        if self.history.releases:
            pages.append(versions.shell_page())
        return pages

    def changed_in(self) -> dict[str, tuple[str, str]]:
        return self.renderer.changed_in()

    def site_label(self) -> dict[str, str]:
        """The theme's `altered_rules_release`: the release the site shows, and its page."""
        return {"text": self.label.text, "href": self.label.href}

    # ---- during: a hand-written page -------------------------------------------------------
    def check_links(self, markdown: str, path: str) -> list[str]:
        """Problems with the page's links to a release's text of a rule (one a line)."""
        return versions.check_versioned_links(markdown, path, self.history)

    # ---- after the pages are written -----------------------------------------------------
    def removed_rules(self) -> dict[str, str]:
        """A short URL of each rule a release removed or renumbered, and where it now leads."""
        return versions.removed_rule_redirects(self.history)

    def stamp(self) -> versions.ReleaseStamp | None:
        return versions.release_stamp(self.history)

    def take_shell(self, site: Path) -> str | None:
        """The built frame of the versioned pages, removed from the site (None: no release)."""
        path = site.joinpath(*versions.SHELL_URL.split("/"), "index.html")
        if not (self.history.releases and path.is_file()):
            return None
        shell = path.read_text(encoding="utf-8")
        path.unlink()
        path.parent.rmdir()
        path.parent.parent.rmdir()
        return shell

    def after_build(self, shell: str | None, site_url: str) -> tuple[dict[str, str], dict[str, str]]:
        """The versioned pages (drawn in the frame `shell`) and the releases' feed (path -> text), and
        the links from each release's folder to the text it shares with another (path -> target), for
        the caller to write (site_assets/site_files.py). Raises versions.ShellError."""
        if shell is None:
            return {}, {}
        files = versions.versioned_pages(self.glossary, self.history, self.language, shell, self.base)
        files[versions.FEED] = versions.atom_feed(self.glossary, self.history, self.language, site_url, self.base)
        return files, versions.versioned_links(self.history)


def write(site: Path, relative: str, text: str) -> None:
    """Write `text` at `relative` (a URL path) under the built site. Raises SitePathError
    (site_paths.py) when `relative`, made from data, would leave the site: nothing is written outside it."""
    path = Path(site_file(str(site), relative))
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text, encoding="utf-8")


def link(site: Path, relative: str, target: str) -> None:
    """`relative` shows the folder `target` (relative to it): a symlink, or a copy where the
    file system has none. Raises SitePathError when the link or the folder it shows is outside the site."""
    path = Path(site_file(str(site), relative))
    inside(str(site), os.path.join(path.parent, target))
    path.parent.mkdir(parents=True, exist_ok=True)
    if path.is_symlink():   # a --dirty build (mkdocs serve --dirty) left the last one
        path.unlink()
    elif path.is_dir():
        shutil.rmtree(path)
    try:
        os.symlink(target, path, target_is_directory=True)
    except OSError:
        shutil.copytree(os.path.normpath(os.path.join(path.parent, target)), path)
