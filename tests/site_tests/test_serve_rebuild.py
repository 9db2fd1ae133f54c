"""`mkdocs serve` after a saved glossary file (issue 29): the rebuild shows the edit, the engine runs
only the scenarios that changed, the theme draws only the pages that changed, and what it serves
is byte for byte what a session that kept nothing serves for the same files."""

from __future__ import annotations

import logging
import os
from pathlib import Path

import pytest
from mkdocs.commands.build import build as mkdocs_build
from mkdocs.config import load_config

from altered_rules.verification.checks import forget
from altered_rules.verification.synth import synthesize
from edits import replace_in_paragraph, replace_once
from project_paths import GLOSSARY, PROJECT

SERVE_URL = "http://127.0.0.1:8000/en/"


class Session:
    """A serve session as `mkdocs serve` runs it: on_startup('serve') once, then one build per save."""

    def __init__(self, project: Path, site: Path) -> None:
        self.project, self.site = project, site
        self.config = None
        self.log: list[str] = []

    def rebuild(self) -> list[str]:
        """Build once; the plugin's messages of this build."""
        config = load_config(str(self.project / "mkdocs.yml"), site_dir=str(self.site))
        if self.config is None:
            config.plugins.on_startup(command="serve", dirty=False)
        self.config = config
        config.site_url = SERVE_URL
        records: list[str] = []
        handler = logging.Handler(logging.INFO)
        handler.emit = lambda record: records.append(record.getMessage())  # type: ignore[method-assign]
        logger = logging.getLogger("mkdocs.plugins.altered_rules")
        logger.addHandler(handler)
        level = logger.level
        logger.setLevel(logging.INFO)
        try:
            mkdocs_build(config, serve_url=SERVE_URL)
        finally:
            logger.removeHandler(handler)
            logger.setLevel(level)
        return records

    def close(self) -> None:
        if self.config is not None:
            self.config.plugins.on_shutdown()


def _files(site: Path) -> dict[str, bytes]:
    return {p.relative_to(site).as_posix(): (os.readlink(p).encode() if p.is_symlink() else p.read_bytes())
            for p in sorted(site.rglob("*")) if p.is_file() or p.is_symlink()}


def _figures(records: list[str], words: str) -> list[int]:
    """The numbers of the plugin's message that holds `words`."""
    line = next(r for r in records if words in r)
    return [int(word) for word in line.replace("(", " ").split() if word.isdigit()]


@pytest.fixture
def project(tmp_path, monkeypatch) -> Path:
    target = tmp_path / "project"
    # A session starts from what this process remembers: another test of this worker may have
    # verified the same glossary already, and the first rebuild must run every scenario.
    forget()
    synthesize(GLOSSARY, target, 1, project=PROJECT, force=True)
    monkeypatch.chdir(target)
    return target


def test_a_saved_edit_redraws_only_what_changed_and_serves_the_same_site(project, tmp_path):
    session = Session(project, tmp_path / "served")
    try:
        first = session.rebuild()
        ran, total = _figures(first, "the engine ran")
        assert ran == total > 300
        drawn, reused = _figures(first, "page(s) drawn")
        assert reused == 0 and drawn > 50

        # A paragraph's text, and one scenario's name on its own line: no line moves, so that
        # scenario alone is new; the page that shows both, and the pages that show the scenario
        # or its rule's text, are drawn again.
        path = project / "glossary" / "rules" / "4" / "4.2.4.yaml"
        marker = "Servedmarker"
        replace_in_paragraph(path, "4.2.4.a", "    en: ", f"    en: {marker} ")
        replace_in_paragraph(path, "4.2.4.c", "    name: ", "    name: Renamed ")
        second = session.rebuild()
        assert _figures(second, "the engine ran") == [1, total], second
        drawn, reused = _figures(second, "page(s) drawn")
        assert reused > 50 and 1 <= drawn <= 4, second
        # Of our files after the pages, the export and the sandbox's scenarios are written again;
        # the short URLs and the releases' pages are kept in their folders (site_files.py).
        written, kept = _figures(second, "after the pages written")
        assert kept > 400 and 2 <= written <= 5, second
        chapter = (session.site / "rules" / "chapter-4" / "index.html").read_text(encoding="utf-8")
        assert marker in chapter and "Renamed" in chapter

        # A chapter's title is in the navigation of every page: every page is drawn again. And a
        # theme override edited: its template is compiled again (the session keeps compiled ones).
        replace_once(project / "glossary" / "chapters.yaml", "title: {en: Zones,", "title: {en: Zones Navmarker,")
        replace_once(project / "docs" / "overrides" / "main.html", '<meta charset="utf-8">',
                     '<meta charset="utf-8"><meta name="ar-override-marker">')
        third = session.rebuild()
        assert _figures(third, "the engine ran") == [0, total]
        drawn, reused = _figures(third, "page(s) drawn")
        assert reused == 0 and drawn > 50, third
        keywords = (session.site / "keywords" / "index.html").read_text(encoding="utf-8")
        assert "Zones Navmarker" in keywords and "ar-override-marker" in keywords
        served = _files(session.site)
    finally:
        session.close()

    fresh = Session(project, tmp_path / "fresh")   # a session that kept nothing, same files
    try:
        records = fresh.rebuild()
        assert _figures(records, "page(s) drawn")[1] == 0
        expected = _files(fresh.site)
    finally:
        fresh.close()
    assert served.keys() == expected.keys()
    different = [name for name in expected if served[name] != expected[name]]
    assert not different, different[:10]
