"""The rule pages' links to the judge's sandbox name a scenario by its id; each language's build
publishes the scenarios in one file beside the sandbox page, which opens them from it."""

from __future__ import annotations

import dataclasses
import json
import re
from html import unescape
from pathlib import Path
from urllib.parse import parse_qs, urlsplit

import pytest

from altered_rules.pages.render import PageNotices, Renderer
from altered_rules.site_assets.sandbox import PAGE_ASSETS, published_scenarios, scenario_file
from altered_rules.verification.checks import Verification, expand_cards, verify_glossary
from altered_rules.content.yamlsource import plain_data as _plain

LANGUAGES = ("en", "fr", "it")
_LINK = re.compile(r'<a class="ar-sandbox-link" href="([^"]*)"')


def _sandbox_data(site: Path, language: str) -> dict:
    page = (site / language / "sandbox" / "index.html").read_text(encoding="utf-8")
    found = re.search(r'<script id="ar-sandbox-data" type="application/json">(.*?)</script>', page, re.S)
    assert found, "the sandbox page carries no data"
    return json.loads(found.group(1))


def _published(site: Path, language: str) -> dict:
    name = _sandbox_data(site, language)["scenarios"]
    assert name and "/" not in name
    return json.loads((site / language / "sandbox" / name).read_text(encoding="utf-8"))


def _linked_ids(site: Path, language: str) -> list[tuple[str, str]]:
    """(page, id) for every "Open in the sandbox" link of the language's pages."""
    found = []
    for page in sorted((site / language).rglob("index.html")):
        for href in _LINK.findall(page.read_text(encoding="utf-8")):
            url = urlsplit(unescape(href))
            assert url.path.endswith("sandbox/"), href
            query = parse_qs(url.query)
            assert set(query) == {"scenario"}, f"{page}: {href}"
            found.append((str(page.relative_to(site)), query["scenario"][0]))
    return found


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_published_scenario_file_holds_every_linked_id(site, language):
    published = _published(site, language)
    linked = _linked_ids(site, language)
    assert len(linked) > 200
    assert [f"{page} -> {scenario}" for page, scenario in linked if scenario not in published] == []
    # Each scenario is linked once, and the file holds nothing no page links.
    ids = [scenario for _, scenario in linked]
    assert len(ids) == len(set(ids)) and set(ids) == set(published)


def test_each_id_opens_the_scenario_the_rule_page_shows_with_its_cards_written_out(site, glossary):
    """The same data the `?s=` links carried: the scenario as the glossary gives it, its cards
    written out. The three languages publish the same file (a link keeps its id across them)."""
    published = _published(site, "en")
    checks = verify_glossary(glossary).checks
    assert {c.anchor: _plain(expand_cards(c.data, glossary.cards)) for c in checks} == published
    assert any('"card"' in json.dumps(c.data) for c in checks)
    assert not any('"card"' in json.dumps(data) for data in published.values())
    assert _published(site, "fr") == published == _published(site, "it")


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_service_worker_keeps_the_scenario_file_and_the_sandbox_assets_with_the_sandbox_page(site, language):
    worker = (site / language / "sw.js").read_text(encoding="utf-8")
    kept = json.loads(re.search(r"const SANDBOX_DATA = (\[.*?\]);", worker).group(1))
    data = _sandbox_data(site, language)
    # And the card index the form's names and the decklist read (issue 39): without card data, the glossary's cards.
    assert data["cards"].startswith("cards-") and data["pool"] is False
    assert kept == sorted([f"sandbox/{data['scenarios']}", f"sandbox/{data['cards']}", *PAGE_ASSETS])
    assert all((site / language / path).is_file() for path in kept)
    # Not on every first visit: a reader of the rules never loads them.
    precache = json.loads(re.search(r"const PRECACHE = (\[.*?\]);", worker).group(1))
    assert not set(PAGE_ASSETS) & set(precache)
    page = (site / language / "sandbox" / "index.html").read_text(encoding="utf-8")
    assert all(f"../{asset}" in page for asset in PAGE_ASSETS)


def test_the_scenario_file_is_named_after_its_content(glossary):
    verification = verify_glossary(glossary)
    path, text = scenario_file(glossary, verification)
    assert re.fullmatch(r"sandbox/scenarios-[0-9a-f]{12}\.json", path)
    assert scenario_file(glossary, verification) == (path, text)
    fewer = Verification(verification.checks[1:], verification.examples_total)
    assert scenario_file(glossary, fewer)[0] != path


def test_an_id_opens_the_scenario_its_page_shows(glossary):
    """Game modes of one format may each list a deck rule with its scenarios (the benchmarks'
    synthetic glossaries do): the page shows one scenario under the id, and the id opens that one."""
    checks = verify_glossary(glossary).checks
    twin = next(c for c in checks if c.anchor == "draft.min-cards-scenario-1")
    other = dataclasses.replace(twin, data={**twin.data, "name": "Another"}, file="glossary/modes/other.yaml")
    verification = Verification([twin, other], 0)
    html = Renderer(glossary, "en", verification).check_html(PageNotices(), verification.for_anchor()[twin.anchor], "modes/other.md")
    assert "name: Another" in html and f"?scenario={twin.anchor}" in html
    assert published_scenarios(glossary, verification) == {twin.anchor: {**_plain(twin.data), "name": "Another"}}
