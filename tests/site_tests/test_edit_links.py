""""Edit this rule" (issue 28): every rule paragraph, term, ruling, game mode and card of the
built site links to its YAML file and line in the repository, and each link resolves to a file
that exists, at a line within it that holds the entry."""

from __future__ import annotations

import html
import re
from pathlib import Path
from urllib.parse import unquote, urlsplit

import pytest

from project_paths import PROJECT

LANGUAGES = ("en", "fr", "it")
# mkdocs.yml's default repo_url and the plugin's default source_uri.
BASE = "https://github.com/altered-rules/altered-rules/blob/main/"
EDIT_LINK = re.compile(r'<a class="ar-edit(?: ar-edit--entry)?" href="([^"]*)"')
RULE = re.compile(r'<div class="ar-rule[^"]*"[^>]*id="([^"]+)">\s*<p class="ar-rule__text">(.*?)</p>', re.DOTALL)


def _links(page: Path) -> list[str]:
    return [html.unescape(href) for href in EDIT_LINK.findall(page.read_text(encoding="utf-8"))]


def _target(href: str) -> tuple[Path, int]:
    assert href.startswith(BASE), href
    parts = urlsplit(href)
    path = unquote(parts.path).split("/blob/main/", 1)[1]
    assert re.fullmatch(r"L\d+", parts.fragment), href
    return PROJECT / path, int(parts.fragment[1:])


@pytest.mark.parametrize("language", LANGUAGES)
def test_every_edit_link_names_a_file_of_the_repository_and_a_line_within_it(site: Path, language: str):
    checked = 0
    for page in sorted((site / language).rglob("*.html")):
        for href in _links(page):
            path, line = _target(href)
            assert path.is_file(), f"{page}: {href} names {path}, which does not exist"
            lines = path.read_text(encoding="utf-8").splitlines()
            assert 1 <= line <= len(lines), f"{page}: {href}: line {line} is not within {path} ({len(lines)} lines)"
            checked += 1
    assert checked > 205


@pytest.mark.parametrize("language", LANGUAGES)
def test_every_rule_paragraph_links_to_the_line_that_starts_it(site: Path, language: str, glossary):
    seen = set()
    for page in sorted((site / language / "rules").glob("*/index.html")):
        for rule, first_line in RULE.findall(page.read_text(encoding="utf-8")):
            (href,) = [html.unescape(h) for h in EDIT_LINK.findall(first_line)]
            path, line = _target(href)
            assert path.resolve() == Path(glossary.paragraphs[rule].file).resolve(), (rule, href)
            assert path.read_text(encoding="utf-8").splitlines()[line - 1] == f"- id: {rule}", (rule, href)
            seen.add(rule)
    assert seen == set(glossary.paragraphs)


def test_every_term_ruling_mode_and_card_has_its_edit_link(site: Path, glossary):
    en = site / "en"
    terms = _links(en / "glossary-terms" / "index.html")
    assert sorted(_target(h)[0].name for h in terms) == sorted(f"{t.id}.yaml" for t in glossary.terms)
    rulings = _links(en / "rulings" / "index.html")
    assert sorted(_target(h)[0].name for h in rulings) == sorted(f"{r.id}.yaml" for r in glossary.rulings)
    for mode in glossary.modes:
        (href,) = _links(en / "modes" / mode.id / "index.html")
        assert _target(href) == (PROJECT / "glossary" / "modes" / f"{mode.id}.yaml", mode.line)
    cards = PROJECT / "glossary" / "cards.yaml"
    text = cards.read_text(encoding="utf-8").splitlines()
    pages = sorted((en / "cards").glob("*/index.html"))
    assert len(pages) == len(glossary.cards)
    for page in pages:
        (href,) = _links(page)
        path, line = _target(href)
        assert path == cards and text[line - 1].startswith("- name:"), (page, href)
