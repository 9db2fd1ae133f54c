"""HTML or script in the glossary's text never reaches a page as markup: a script element and
an image with an onerror handler put in every kind of text (a chapter's and a section's title,
a game mode's title, which the navigation and the title element show on every page, a rule's
text in three languages, a note, a scenario's caption and name, a term, a deck rule, a ruling,
a card's name and ability) are shown as typed in the built site, and nothing runs in Chromium,
on the pages or in search."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any, Iterator

import pytest
from playwright.sync_api import expect

from altered_rules.build_site import build
from altered_rules.content.glossary.model import card_slug
from altered_rules.verification.synth import _dump, synthesize
from altered_rules.content.sourcefiles import load_yaml_file

from project_paths import GLOSSARY, PROJECT
from serving import serve

ONE_TAB = True   # the `page` fixture's tests share one browser tab (conftest.py, Tab)

MARK = "pwnedword"


def payload(where: str) -> str:
    return (f'{MARK} <script>window.__pwned = "{where}"</script><img src="x" onerror="window.__pwned = \'{where}\'">'
            f"<b>bold</b> ")


# A card named with markup: its page, the cards' index and the navigation of every page show it;
# its page's <title> too, which "</title>" would close if the name were not escaped there.
CARD = payload("card").strip() + "</title><script>window.__pwned = 'title'</script>"


def _edit(path: Path, change) -> None:
    data = load_yaml_file(path)
    change(data)
    _dump(data, path, "test_escaping: markup in the text")


# Material prints a page's title in the title element through `striptags`, which unescapes it.
TITLE_BREAKOUT = "</title><script>window.__pwned = 'title-element'</script>"


def _inject(glossary: Path) -> None:
    def chapter(data: list[dict[str, Any]]) -> None:
        four = next(c for c in data if c["number"] == 4)
        four["title"]["en"] = payload("chapter") + TITLE_BREAKOUT + four["title"]["en"]
        four["title"]["fr"] = payload("chapter-fr") + four["title"]["fr"]

    def dusk(data: dict[str, Any]) -> None:
        data["title"]["en"] = payload("title") + data["title"]["en"]
        paragraph = next(p for p in data["paragraphs"] if p["id"] == "4.2.4.c")
        for language in ("en", "fr", "it"):
            paragraph["text"][language] = payload(f"text-{language}") + paragraph["text"][language]
        scenario = paragraph["scenarios"][0]
        scenario["caption"]["en"] = payload("caption") + scenario["caption"]["en"]
        scenario["name"] = payload("name") + scenario["name"]
        noted = next(p for p in data["paragraphs"] if p.get("notes"))
        noted["notes"][0]["text"]["en"] = payload("note") + noted["notes"][0]["text"]["en"]

    _edit(glossary / "rules/4/4.2.4.yaml", dusk)
    _edit(glossary / "chapters.yaml", chapter)
    _edit(glossary / "modes/free-for-all.yaml", lambda d: d["title"].update(en=payload("mode") + d["title"]["en"]))
    _edit(glossary / "terms/gift.yaml", lambda d: d["text"].update(en=payload("term") + d["text"]["en"]))
    _edit(glossary / "modes/standard.yaml",
          lambda d: d["deck"]["rules"][0]["text"].update(en=payload("deck-rule") + d["deck"]["rules"][0]["text"]["en"]))
    _edit(glossary / "rulings/sacrifice.yaml", lambda d: d["reading"].update(en=payload("ruling") + d["reading"]["en"]))
    # The ruling names the card, so that it links to the card's page and the page back to it.
    _edit(glossary / "rulings/sacrifice.yaml", lambda d: d["why"].update(en=f"{d['why']['en']} See {CARD}."))
    _edit(glossary / "cards.yaml", lambda cards: cards.append(
        {"name": CARD, "type": "spell", "abilities": [{"printed": payload("ability") + "{etb} Draw", "kind": "effect"}],
         "seen_in": ["2.1.c"]}))


@pytest.fixture(scope="module")
def marked_site(tmp_path_factory) -> Path:
    project = tmp_path_factory.mktemp("escaping")
    synthesize(GLOSSARY, project, 1, project=PROJECT)
    _inject(project / "glossary")
    # In this process, as the run's shared site is built: a new process would import MkDocs and
    # verify the unchanged scenarios again.
    assert build(project, project / "site") == 0, "the build failed: its messages are in the captured output below"
    return project / "site"


@pytest.fixture(scope="module")
def marked_url(marked_site) -> Iterator[str]:
    with serve(marked_site) as url:
        yield url


def test_the_markup_is_in_the_built_pages_as_text_only(marked_site):
    shown = 0
    for path in marked_site.rglob("*.html"):
        html = path.read_text(encoding="utf-8")
        assert "<script>window.__pwned" not in html and '<img src="x"' not in html, path
        shown += html.count("&lt;script&gt;window.__pwned")
    assert shown >= 9  # every place it was put, in the pages that show it


def test_chapter_and_mode_titles_are_text_in_the_navigation_and_the_title_element(marked_site):
    chapter = (marked_site / "en/rules/chapter-4/index.html").read_text(encoding="utf-8")
    title = chapter[chapter.index("<title>"):chapter.index("</title>") + len("</title>")]
    # In the title element only "<" and "&" need escaping: it holds text up to "</title>".
    assert title.startswith("<title>4. pwnedword &lt;script>window.__pwned") and "&lt;/title>&lt;script>" in title, title
    other = (marked_site / "en/rules/chapter-1/index.html").read_text(encoding="utf-8")  # the navigation of any page
    for where in ("chapter", "mode"):
        assert f'&lt;img src="x" onerror="window.__pwned = \'{where}\'"&gt;' in other, where


def test_the_search_indexes_hold_it_as_text_only(marked_site):
    for language in ("en", "fr", "it"):
        index = json.loads((marked_site / language / "search/search_index.json").read_text(encoding="utf-8"))
        texts = [doc["title"] + " " + doc["text"] for doc in index["docs"]]
        assert any(MARK in text for text in texts), language
        assert not any("<script" in text or "<img" in text for text in texts), language


@pytest.mark.parametrize("path", ["en/rules/chapter-4/", "fr/rules/chapter-4/", "it/rules/chapter-4/", "en/glossary-terms/",
                                  "en/modes/standard/", "en/modes/free-for-all/", "en/rulings/", "fr/rules/chapter-1/",
                                  f"en/cards/{card_slug(CARD)}/", f"fr/cards/{card_slug(CARD)}/", "it/cards/"])
def test_nothing_runs_on_the_pages(page, marked_url, path):
    page.goto(f"{marked_url}/{path}")
    expect(page.get_by_text(MARK).first).to_be_attached()
    page.wait_for_timeout(300)
    assert page.evaluate("window.__pwned") is None
    assert page.locator('img[src="x"]').count() == 0


@pytest.mark.parametrize("language", ["en", "fr"])
def test_nothing_runs_in_the_search_results(page, marked_url, language):
    page.goto(f"{marked_url}/{language}/")
    page.locator(".md-search__input").first.click()
    page.locator("input.md-search__input").press_sequentially(MARK, delay=20)
    results = page.locator(".md-search-result__item")
    expect(results.first).to_be_visible(timeout=10_000)
    page.wait_for_timeout(300)
    assert page.evaluate("window.__pwned") is None
    assert page.locator('img[src="x"]').count() == 0


def test_a_card_named_with_markup_shows_its_name_as_typed(page, marked_url):
    """In its page's heading, its tab title, the navigation and the ruling that names it."""
    page.goto(f"{marked_url}/en/cards/{card_slug(CARD)}/")
    assert page.locator("article h1").inner_text().removesuffix("¶").strip() == CARD   # ¶: its permalink
    assert page.title() == f"{CARD} - Altered Rules"
    expect(page.locator(".md-nav__link", has_text=CARD).first).to_be_attached()
    page.goto(f"{marked_url}/en/rulings/")
    expect(page.locator("a.ar-card-link", has_text=CARD)).to_have_count(1)
    assert page.evaluate("window.__pwned") is None
