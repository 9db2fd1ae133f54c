"""A real build of the site, checked on its HTML: permalinks, notes, gaps, links."""

from __future__ import annotations

import re
import shutil
import subprocess
import sys
from html.parser import HTMLParser
from pathlib import Path
from urllib.parse import unquote, urlsplit

import pytest


from edits import replace_in_paragraph
from project_paths import PROJECT


class _Page(HTMLParser):
    """Collects the ids, links and classes of one HTML page."""

    def __init__(self) -> None:
        super().__init__()
        self.ids: list[str] = []
        self.links: list[str] = []
        self.classes: list[tuple[str, str | None]] = []  # (class, id)

    def handle_starttag(self, tag, attrs):
        attrs = dict(attrs)
        if "id" in attrs:
            self.ids.append(attrs["id"])
        if tag == "a" and attrs.get("href"):
            self.links.append(attrs["href"])
        for cls in (attrs.get("class") or "").split():
            self.classes.append((cls, attrs.get("id")))


def _parse(path: Path) -> _Page:
    page = _Page()
    page.feed(path.read_text(encoding="utf-8"))
    return page


@pytest.fixture(scope="module")
def pages(site) -> dict[Path, _Page]:
    return {path: _parse(path) for path in site.rglob("*.html")}


def test_the_site_is_built_under_en_and_the_root_leads_there(site):
    assert (site / "en" / "index.html").is_file()
    assert 'url=en/' in (site / "index.html").read_text(encoding="utf-8")


def test_every_paragraph_has_its_permalink(site, pages, glossary):
    ids = {i for page in pages.values() for i in page.ids}
    assert set(glossary.paragraphs) <= ids
    assert set(glossary.sections) <= ids
    chapter4 = pages[site / "en/rules/chapter-4/index.html"]
    assert "4.2.4.c" in chapter4.ids and "#4.2.4.c" in chapter4.links


def test_every_remark_and_example_is_rendered_after_its_paragraph(pages, glossary):
    notes = {note.anchor: note for p in glossary.paragraphs.values() for note in p.notes}
    rendered = {i for page in pages.values() for cls, i in page.classes if cls == "ar-note" and i}
    assert set(notes) <= rendered
    assert len(notes) >= 40


def test_every_gap_is_visible(site, pages, glossary):
    gaps = sum(1 for p in glossary.paragraphs.values() if p.gap) + sum(
        1 for p in glossary.paragraphs.values() for n in p.notes if n.gap)
    rendered = sum(1 for path, page in pages.items() if path.is_relative_to(site / "en")
                   for cls, _ in page.classes if cls == "ar-gap")
    # The home page shows one gap in its legend; terms and game modes have their own.
    extra_gaps = sum(1 for t in glossary.terms if t.gap) + sum(1 for m in glossary.modes for b in m.blocks if b.gap)
    assert rendered == gaps + extra_gaps + 1


def test_every_internal_link_and_anchor_resolves(site, pages):
    broken = []
    for path, page in pages.items():
        if path.name == "404.html":
            continue  # its links are absolute to the site root
        for href in page.links:
            parts = urlsplit(href)
            if parts.scheme or parts.netloc or href.startswith(("mailto:", "javascript:")):
                continue
            target = path if not parts.path else (path.parent / unquote(parts.path)).resolve()
            if target.is_dir():
                target = target / "index.html"
            if target not in pages:
                if not target.exists():
                    broken.append(f"{path.relative_to(site)}: {href} (no such file)")
                continue
            if parts.fragment and unquote(parts.fragment) not in pages[target].ids:
                broken.append(f"{path.relative_to(site)}: {href} (no such anchor)")
    assert broken == []


def test_rule_references_in_the_text_are_links(site):
    chapter2 = (site / "en/rules/chapter-2/index.html").read_text(encoding="utf-8")
    # 2.1.c says "(see Rule 2.1.e)"; 2.1.e is on the same page.
    assert re.search(r'see Rule <a class="ar-ref" href="#2\.1\.e">2\.1\.e</a>', chapter2)
    chapter3 = (site / "en/rules/chapter-3/index.html").read_text(encoding="utf-8")
    assert 'href="../chapter-2/#2.2.1.e"' in chapter3


def test_every_rule_shows_the_rules_that_cite_it(site):
    chapter2 = (site / "en/rules/chapter-2/index.html").read_text(encoding="utf-8")
    block = chapter2.split('id="2.2.1.e"', 1)[1].split('class="ar-rule"', 1)[0]
    assert "Cited by" in block and "../chapter-3/#3.2.1.c-remark-1" in block


def test_a_rule_the_sources_lack_is_shown_as_such(site):
    chapter2 = (site / "en/rules/chapter-2/index.html").read_text(encoding="utf-8")
    assert 'class="ar-ref ar-ref--external"' in chapter2 and "no source contains it" in chapter2


def test_symbols_render_with_a_text_alternative(site):
    chapter4 = (site / "en/rules/chapter-4/index.html").read_text(encoding="utf-8")
    arena = chapter4.split('id="4.3.f"', 1)[1].split("</p>", 1)[0]
    assert arena.count('class="ar-symbol ar-symbol--region"') == 3
    assert '<span class="ar-sr">forest</span>' in arena and "{forest}" not in chapter4


def test_editorial_titles_are_marked(site):
    chapter7 = (site / "en/rules/chapter-7/index.html").read_text(encoding="utf-8")
    heading = re.search(r'<h2[^>]*id="7\.3\.10"[^>]*>[^<]*', chapter7).group(0)
    assert "Move backward" in heading and 'class="ar-editorial-title"' in heading and 'data-editorial="editorial"' in heading
    plain = re.search(r'<h2[^>]*id="4\.2\.4"[^>]*>', (site / "en/rules/chapter-4/index.html").read_text(encoding="utf-8")).group(0)
    assert "ar-editorial-title" not in plain


def test_sources_and_corrections_are_shown_on_the_entry(site):
    chapter7 = (site / "en/rules/chapter-7/index.html").read_text(encoding="utf-8")
    entry = chapter7.split('id="7.3.22.b"', 1)[1].split('<div class="ar-rule"', 1)[0]
    assert "seed-000" in entry and "<del>neither leaves not joins</del>" in entry


def test_deck_rules_are_listed_with_their_checks(site):
    standard = (site / "en/modes/standard/index.html").read_text(encoding="utf-8")
    assert 'id="standard.max-rare"' in standard and "max_rare: 15" in standard
    assert 'href="../../rules/chapter-1/#1.1.4.f"' in standard


def _project_copy(tmp_path: Path) -> Path:
    copy = tmp_path / "project"
    copy.mkdir()
    for name in ("mkdocs.yml", "mkdocs.fr.yml", "mkdocs.it.yml", "docs", "glossary"):
        source = PROJECT / name
        (shutil.copytree if source.is_dir() else shutil.copy)(source, copy / name)
    return copy


def _build_copy(copy: Path) -> subprocess.CompletedProcess:
    return subprocess.run(
        [sys.executable, "-m", "altered_rules.build_site"], cwd=copy, capture_output=True, text=True,
    )


def test_a_misspelt_key_fails_the_site_build_with_file_and_line(tmp_path):
    copy = _project_copy(tmp_path)
    path = copy / "glossary/rules/4/4.3.yaml"
    text = path.read_text(encoding="utf-8").replace("  text:\n", "  txet:\n", 1)
    path.write_text(text, encoding="utf-8")
    line = next(n for n, written in enumerate(text.splitlines(), 1) if "txet:" in written)
    result = _build_copy(copy)
    assert result.returncode != 0
    assert f"glossary/rules/4/4.3.yaml:{line}: unknown key 'txet'" in result.stdout + result.stderr
    assert "Traceback" not in result.stdout + result.stderr


def test_a_reference_to_a_missing_rule_fails_the_site_build(tmp_path):
    copy = _project_copy(tmp_path)
    path = copy / "glossary/rules/4/4.3.yaml"
    path.write_text(path.read_text(encoding="utf-8").replace("The new region is called the Arena.",
                                                             "The new region is called the Arena (see 4.3.z).", 1), encoding="utf-8")
    result = _build_copy(copy)
    assert result.returncode != 0
    assert "glossary/rules/4/4.3.yaml:" in result.stderr and "reference to rule 4.3.z, which does not exist" in result.stderr


from altered_rules.languages import LANGUAGES  # noqa: E402 (the declared languages)


def test_a_broken_example_expectation_fails_the_site_build_naming_it(tmp_path):
    copy = _project_copy(tmp_path)
    # 4.2.4.c's first illustration: neither hero expedition advances; claim that Bob's does.
    line = replace_in_paragraph(copy / "glossary/rules/4/4.2.4.yaml", "4.2.4.c", "      Bob.hero.region: 0\n", "      Bob.hero.region: 1\n")
    result = _build_copy(copy)
    output = result.stdout + result.stderr
    assert result.returncode != 0
    assert "glossary/rules/4/4.2.4.yaml:" in output and "4.2.4.c illustration" in output
    assert f"Bob.hero.region: expected 1, actual 0 (line {line})" in output
    assert "Traceback" not in output


def test_every_language_has_every_paragraph_permalink(site, pages, glossary):
    for language in LANGUAGES:
        ids = {i for path, page in pages.items() if path.is_relative_to(site / language) for i in page.ids}
        missing = sorted(set(glossary.paragraphs) - ids)
        assert missing == [], f"{language}: {missing[:10]}"


def test_every_language_has_the_same_pages(site):
    paths = {language: {p.relative_to(site / language) for p in (site / language).rglob("*.html")} for language in LANGUAGES}
    assert paths["fr"] == paths["en"] and paths["it"] == paths["en"]


def test_pages_carry_hreflang_alternates_to_the_same_page(site):
    html = (site / "fr/rules/chapter-4/index.html").read_text(encoding="utf-8")
    assert '<html lang="fr"' in html
    for language in LANGUAGES:
        assert f'<link rel="alternate" href="../../../{language}/rules/chapter-4/" hreflang="{language}">' in html
    assert 'hreflang="x-default"' in html


def test_the_language_switch_leads_to_the_same_page(site):
    html = (site / "it/rules/chapter-4/index.html").read_text(encoding="utf-8")
    assert 'href="../../../fr/rules/chapter-4/" hreflang="fr" lang="fr" class="md-select__link ar-language-link"' in html
    assert "assets/altered-rules.js" in html


def test_the_theme_speaks_the_page_language(site):
    french = (site / "fr/rules/chapter-4/index.html").read_text(encoding="utf-8")
    italian = (site / "it/rules/chapter-4/index.html").read_text(encoding="utf-8")
    assert "Rechercher" in french and "Cerca" in italian
    assert "Remarque." in french and "Nota." in italian


def test_each_language_has_its_own_search_index(site):
    import json
    for language in LANGUAGES:
        index = json.loads((site / language / "search/search_index.json").read_text(encoding="utf-8"))
        assert index["config"]["lang"] == [language]


def test_a_language_build_draws_every_page_with_one_renderer(tmp_path, monkeypatch):
    """Issue 26: the glossary's pages, the releases' pages, the card export, the sandbox's links
    and the hand-written pages' rule numbers all come from the one Renderer of the build."""
    from mkdocs.commands.build import build as mkdocs_build
    from mkdocs.config import load_config

    from altered_rules.pages import render

    made = []
    original = render.Renderer.__init__

    def counted(self, *args, **kwargs):
        made.append(args[1:2])
        original(self, *args, **kwargs)

    monkeypatch.setattr(render.Renderer, "__init__", counted)
    monkeypatch.chdir(PROJECT)
    mkdocs_build(load_config(str(PROJECT / "mkdocs.fr.yml"), site_dir=str(tmp_path / "fr")))
    assert (tmp_path / "fr" / "releases" / "feed.xml").is_file() and (tmp_path / "fr" / "sandbox" / "index.html").is_file()
    assert made == [("fr",)]


def test_what_a_build_keeps_is_out_of_the_collectors_passes_while_pages_are_made_and_given_back_after(tmp_path, monkeypatch):
    """The plugin freezes what on_config made (gc.freeze: the glossary, the verification, the
    pages) while MkDocs makes the pages, and gives it back to the collector after the build, or
    after a failed one, so a process that builds again or serves collects it as usual (issue 29)."""
    import gc

    from mkdocs.commands.build import build as mkdocs_build
    from mkdocs.config import load_config

    from altered_rules.mkdocs_plugin import plugin

    drawn = 0
    frozen_while_drawn: list[int] = []
    original = plugin.restore

    def watched(html, blocks):
        # Every eighth page, not every page: gc.get_freeze_count() walks the whole frozen
        # generation (Python 3.11), a tenth of a second per call in a worker that has run a few
        # hundred tests before this one, and this test took 20 s of `make test` calling it 69 times.
        nonlocal drawn
        if drawn % 8 == 0:
            frozen_while_drawn.append(gc.get_freeze_count())
        drawn += 1
        return original(html, blocks)

    monkeypatch.setattr(plugin, "restore", watched)
    monkeypatch.chdir(PROJECT)
    mkdocs_build(load_config(str(PROJECT / "mkdocs.it.yml"), site_dir=str(tmp_path / "it")))
    assert drawn > 40 and len(frozen_while_drawn) > 5 and min(frozen_while_drawn) > 100_000
    assert gc.get_freeze_count() == 0
    gc.freeze()
    plugin.AlteredRulesPlugin().on_build_error(error=RuntimeError("a page failed"))
    assert gc.get_freeze_count() == 0
