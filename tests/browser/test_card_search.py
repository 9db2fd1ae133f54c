"""A judge types a card's name in the site's search box and gets the card's page, in each language."""

from __future__ import annotations

import pytest
from playwright.sync_api import Page, expect


def _results_for(page: Page, base_url: str, language: str, query: str, expected: str) -> list[str]:
    """The result links, best first, once a result leads to `expected` (a path under the language).

    It waits for that result rather than for a fixed time, so that a slow machine only waits
    longer; the results of a prefix typed on the way are never read as the answer."""
    page.goto(f"{base_url}/{language}/")
    page.locator(".md-search__input").first.click()
    page.locator("input.md-search__input").press_sequentially(query, delay=20)
    expect(page.locator(".md-search-result__link").first).to_be_visible(timeout=20_000)
    page.wait_for_function(
        """([query, expected]) => document.querySelector("input.md-search__input").value === query
             && [...document.querySelectorAll(".md-search-result__link")]
                  .some(link => new URL(link.href).pathname.endsWith(expected))""",
        arg=[query, f"/{language}/{expected}"], timeout=20_000,
    )
    # The worker may still answer a prefix typed on the way: read the results once they hold still.
    page.wait_for_function(
        """() => {
             const now = document.querySelector(".md-search-result__list").innerHTML;
             const seen = window.__arCardResults;
             window.__arCardResults = {html: now, since: seen && seen.html === now ? seen.since : performance.now()};
             return performance.now() - window.__arCardResults.since > 400;
           }""",
        polling=100, timeout=20_000,
    )
    return page.eval_on_selector_all(".md-search-result__link", "links => links.map(link => new URL(link.href).pathname)")


@pytest.mark.parametrize(("language", "query", "slug"), [
    ("en", "Kuwat, the Dissenter", "kuwat-the-dissenter"),
    ("en", "Aloe Vera", "aloe-vera"),
    ("fr", "Coppélia", "coppelia"),
    ("fr", "Fée Clochette", "tinker-bell"),       # the name printed on French cards (cards.yaml names)
    ("it", "Lindiwe & Maw", "lindiwe-maw"),
    ("it", "The Kraken", "the-kraken"),
])
def test_a_card_s_name_finds_its_page_first(page, base_url, language, query, slug):
    results = _results_for(page, base_url, language, query, f"cards/{slug}/")
    assert results[0] == f"/{language}/cards/{slug}/", results[:5]
