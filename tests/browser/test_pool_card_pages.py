"""The card pool's pages in a browser (issue 39): a card's page, made from the frame the theme drew
once (site_assets/pool_site.py), works as the theme's pages do (its scripts run, its search answers),
and the search finds a card by its code and by its name in another language. The English and
French sites of the project with the synthetic samples of tests/card_data/ (no publisher text)."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path
from typing import Iterator
from urllib.parse import urlsplit

import pytest
from playwright.sync_api import Page

from altered_rules.content.pool import import_pool, write_pool
from project_paths import PROJECT
from serving import serve

SAMPLES = Path(__file__).parent.parent / "card_data" / "per_card"

FIRST_RESULT = """([query, expected]) => {
    const first = document.querySelector(".md-search-result__link");
    return document.querySelector("input.md-search__input").value === query
        && first !== null && expected.includes(new URL(first.href).pathname);
}"""


@pytest.fixture(scope="module")
def pool_url(tmp_path_factory) -> Iterator[str]:
    work = tmp_path_factory.mktemp("pool-browser")
    write_pool(import_pool(SAMPLES), work / "pool.json")
    site = work / "site"
    for language, config in (("en", "mkdocs.yml"), ("fr", "mkdocs.fr.yml")):
        env = {**os.environ, "ALTERED_RULES_CARDS": str(work / "pool.json"), "NO_MKDOCS_2_WARNING": "1"}
        env.pop("ALTERED_RULES_LANGUAGE_URL", None)
        done = subprocess.run([sys.executable, "-m", "mkdocs", "build", "-q", "-f", str(PROJECT / config), "-d", str(site / language)],
                              cwd=PROJECT, env=env, capture_output=True, text=True)
        assert done.returncode == 0, done.stderr
    with serve(site) as url:
        yield url
    shutil.rmtree(work, ignore_errors=True)


def _search(page: Page, query: str, expected: list[str]) -> None:
    page.locator(".md-search__input").first.click()
    page.locator("input.md-search__input").press_sequentially(query, delay=20)
    page.wait_for_function(FIRST_RESULT, arg=[query, expected], timeout=20_000)


HERON = ["alt-test-b-ax-02-c", "alt-test-b-ax-02-r1", "alt-test-b-ax-02-u-0417", "alt-test-b-ax-02-u-0981"]


def test_a_card_page_runs_the_sites_scripts_and_searches(page, pool_url):
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    page.goto(f"{pool_url}/en/cards/set-test/alt-test-b-ax-02-c/")
    assert page.locator("h1").inner_text().startswith("Copper Heron")
    # the theme's script ran on it (it reads the page's configuration): the search opens and answers
    _search(page, "ALT_TEST_B_AX_02_R1", ["/en/cards/set-test/alt-test-b-ax-02-r1/"])
    assert errors == []


def test_a_cards_name_in_another_language_finds_it(page, pool_url):
    page.goto(f"{pool_url}/en/")
    _search(page, "Kupferreiher", [f"/en/cards/set-test/{slug}/" for slug in HERON[:2]])   # German, on the English site


def test_the_french_site_finds_the_french_name_and_shows_it(page, pool_url):
    page.goto(f"{pool_url}/fr/")
    _search(page, "Héron de Cuivre", [f"/fr/cards/set-test/{slug}/" for slug in HERON])
    page.locator(".md-search-result__link").first.click()
    page.wait_for_url("**/fr/cards/set-test/**")
    assert page.locator("h1").inner_text().startswith("Héron de Cuivre")
    assert "Piochez une carte." in page.locator("article").inner_text()
    language_links = json.loads(page.evaluate(
        "() => JSON.stringify([...document.querySelectorAll('a.ar-language-link')].map(a => new URL(a.href).pathname))"))
    assert "/en" + urlsplit(page.url).path.removeprefix("/fr") in language_links   # the same card in English
