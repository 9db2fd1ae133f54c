"""A judge types a card's name in the site's search box and gets the card's page, in each language."""

from __future__ import annotations

import pytest
from playwright.sync_api import Page


ONE_TAB = True   # the `page` fixture's tests share one browser tab (conftest.py, Tab)

FIRST_RESULT_IS = """([query, expected]) => {
    const first = document.querySelector(".md-search-result__link");
    return document.querySelector("input.md-search__input").value === query
        && first !== null && new URL(first.href).pathname === expected;
}"""


def _first_result_becomes(page: Page, base_url: str, language: str, query: str, expected: str) -> None:
    """Type `query` and wait until the first result leads to `expected`, then check it stays so.

    It waits for that result rather than for a fixed time, so a slow machine only waits longer
    (it fails when the time runs out); the second look, half a second later, is for results of
    a prefix typed on the way that the worker's answer to the whole query replaces."""
    page.goto(f"{base_url}/{language}/")
    page.locator(".md-search__input").first.click()
    page.locator("input.md-search__input").press_sequentially(query, delay=20)
    page.wait_for_function(FIRST_RESULT_IS, arg=[query, expected], timeout=20_000)
    page.wait_for_timeout(500)
    shown = page.eval_on_selector_all(".md-search-result__link", "links => links.map(link => new URL(link.href).pathname)")
    assert shown[:1] == [expected], shown[:5]


@pytest.mark.parametrize(("language", "query", "slug"), [
    ("en", "Kuwat, the Dissenter", "kuwat-the-dissenter"),
    ("en", "Aloe Vera", "aloe-vera"),
    ("fr", "Coppélia", "coppelia"),
    ("fr", "Fée Clochette", "tinker-bell"),       # the name printed on French cards (cards.yaml names)
    ("it", "Lindiwe & Maw", "lindiwe-maw"),
    ("it", "The Kraken", "the-kraken"),
])
def test_a_card_s_name_finds_its_page_first(page, base_url, language, query, slug):
    _first_result_becomes(page, base_url, language, query, f"/{language}/cards/{slug}/")
