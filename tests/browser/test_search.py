"""Finding a rule: by its number, by a word, and by a search URL, in each language."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Page, expect


def _search(page: Page, base_url: str, language: str, query: str, limit: int = 5) -> list[str]:
    """The links of the matching results, best first (the pages' group headers, scored 0, left out)."""
    page.goto(f"{base_url}/{language}/")
    page.locator(".md-search__input").first.click()
    page.locator("input.md-search__input").press_sequentially(query, delay=20)
    results = page.locator(".md-search-result__link:has(article:not([data-md-score='0.00']))")
    expect(results.first).to_be_visible(timeout=10_000)
    # The results on screen may still be those of a prefix typed on the way ("2.1.", "tiebr").
    if re.fullmatch(r"[0-9.a-z]+", query) and query[0].isdigit():
        # A rule number's results carry it whole in their links (?h=2.1.e).
        page.wait_for_function(
            """query => [...document.querySelectorAll(".md-search-result__link")]
                         .some(link => new URL(link.href).searchParams.get("h") === query)""",
            arg=query, timeout=10_000,
        )
    else:
        # A word's links carry the matched terms, not what was typed: wait until the results
        # have stayed the same for a moment after the last key.
        page.wait_for_function(
            """() => {
                 const now = document.querySelector(".md-search-result__list").innerHTML;
                 const seen = window.__arResults;
                 window.__arResults = {html: now, since: seen && seen.html === now ? seen.since : performance.now()};
                 return performance.now() - window.__arResults.since > 400;
               }""",
            polling=100, timeout=10_000,
        )
    hrefs = page.eval_on_selector_all(".md-search-result__link:has(article:not([data-md-score='0.00']))",
                                      "links => links.map(link => link.href)")
    return hrefs[:limit]


@pytest.mark.parametrize("language", ["en", "fr", "it"])
@pytest.mark.parametrize("number", ["4.2.4.c", "7.4.3.i", "2.1.e"])
def test_a_rule_number_lands_on_that_rule_first(page, base_url, language, number):
    hrefs = _search(page, base_url, language, number)
    assert hrefs[0].endswith(f"#{number}"), hrefs


@pytest.mark.parametrize("language", ["en", "fr", "it"])
def test_a_section_number_lands_on_the_section_first(page, base_url, language):
    hrefs = _search(page, base_url, language, "4.2.4")
    assert hrefs[0].endswith("#4.2.4"), hrefs


@pytest.mark.parametrize(("language", "word"), [
    ("en", "tiebreakers"), ("fr", "départage"), ("it", "spareggio"),
    ("fr", "Réserve"), ("it", "pedina"),
])
def test_a_word_finds_rule_paragraphs_in_the_page_language(page, base_url, language, word):
    hrefs = _search(page, base_url, language, word, limit=50)
    assert all(f"/{language}/" in href for href in hrefs), hrefs
    assert any(re.search(r"/rules/chapter-\d/\?h=[^#]*#\d\.\d+(\.\d+)?\.[a-z]$", href) for href in hrefs), hrefs


@pytest.mark.parametrize(("language", "typed", "accented"), [("fr", "reserve", "Réserve"), ("fr", "expedition", "Expédition"),
                                                             ("it", "abilita", "abilità")])
def test_a_word_typed_without_its_accents_finds_the_same_rules(page, base_url, language, typed, accented):
    rule = re.compile(r"#\d\.\d+(\.\d+)?\.[a-z]$")
    plain = {h.split("#")[1] for h in _search(page, base_url, language, typed, limit=100) if rule.search(h)}
    exact = {h.split("#")[1] for h in _search(page, base_url, language, accented, limit=100) if rule.search(h)}
    assert exact, f"no rule found for {accented!r}"
    assert plain & exact, (sorted(plain), sorted(exact))


@pytest.mark.parametrize(("language", "word"), [("en", "expedition"), ("fr", "expédition"), ("it", "spedizione")])
def test_a_common_word_draws_a_pages_best_matches_and_opens_the_rest_highlighted(page, base_url, language, word):
    """A page with many matches draws its six best and a last entry with how many more, which
    opens the page with them highlighted (assets/javascripts/workers/altered-rules-search.js)."""
    _search(page, base_url, language, word, limit=1)
    groups = page.eval_on_selector_all(
        ".md-search-result__item",
        "items => items.map(item => [...item.querySelectorAll('a.md-search-result__link')]"
        "  .map(a => [a.href, a.querySelector('h1, h2').textContent.trim()]))")
    assert groups and all(len(links) <= 8 for links in groups), [len(links) for links in groups]
    # Material draws the page first, then its matches; the last is ours, in Material's own words.
    template = page.evaluate("() => JSON.parse(document.getElementById('__config').textContent)"
                             "  .translations['search.result.more.other']")
    pattern = re.compile(re.escape(template).replace("\\#", "#").replace("#", r"(\d+)") + "$")
    more = [(links[0][0], *links[-1]) for links in groups if len(links) == 8]
    assert more, "no page had more matches than it draws"
    group_page, href, title = more[0]
    found = pattern.match(title)
    assert found and int(found.group(1)) > 0, (title, template)
    assert all(not pattern.match(title) for links in groups for _, title in links[:-1])
    # It opens its group's page, with the query's terms to highlight.
    assert href.split("?")[0] == group_page.split("?")[0].split("#")[0] and "?h=" in href, (href, group_page)
    page.goto(href)
    # Material's search.highlight marks the query's terms on the page it opens.
    expect(page.locator("article mark[data-md-highlight]").first).to_be_attached(timeout=10_000)
    assert page.locator("article mark[data-md-highlight]").count() >= int(found.group(1))
