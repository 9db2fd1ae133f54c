"""The card pages of the built site: one per card in each language, in the navigation, each
mention a link to an element that exists, and that element's entry linking back to the card."""

from __future__ import annotations

import posixpath
from html.parser import HTMLParser
from pathlib import Path
from urllib.parse import unquote, urlsplit

import pytest

LANGUAGES = ("en", "fr", "it")


class _Links(HTMLParser):
    """The ids of a page, its links, and which links sit in a card page's mention lists,
    in an entry's "Cards named" line, or in the navigation."""

    def __init__(self) -> None:
        super().__init__()
        self.ids: set[str] = set()
        self.mentions: list[str] = []
        self.card_links: list[str] = []
        self.nav: list[str] = []
        self.title = ""
        self._in: list[str] = []   # the classes of the open <ul>/<nav> elements that matter here
        self._in_title = False

    def handle_starttag(self, tag, attrs):
        attrs = dict(attrs)
        if "id" in attrs:
            self.ids.add(attrs["id"])
        classes = (attrs.get("class") or "").split()
        if tag in ("ul", "nav"):
            self._in.append("mentions" if "ar-card__mentions" in classes else "nav" if "md-nav--primary" in classes else "")
        if tag == "title":
            self._in_title = True
        if tag == "a" and attrs.get("href"):
            if "ar-card-link" in classes:
                self.card_links.append(attrs["href"])
            elif "mentions" in self._in:
                self.mentions.append(attrs["href"])
            elif "nav" in self._in:
                self.nav.append(attrs["href"])

    def handle_endtag(self, tag):
        if tag in ("ul", "nav") and self._in:
            self._in.pop()
        if tag == "title":
            self._in_title = False

    def handle_data(self, data):
        if self._in_title:
            self.title += data


def _parse(path: Path) -> _Links:
    page = _Links()
    page.feed(path.read_text(encoding="utf-8"))
    return page


def _target(page_url: str, href: str) -> tuple[str, str]:
    """A relative link from the page at `page_url` (a folder: cards/x/) as (folder, anchor)."""
    parts = urlsplit(href)
    folder = posixpath.normpath(posixpath.join(page_url, parts.path)) + "/"
    return ("" if folder == "./" else folder), unquote(parts.fragment)


@pytest.fixture(scope="module")
def parsed(site):
    cache: dict[Path, _Links] = {}

    def get(language: str, folder: str) -> _Links:
        path = site / language / folder / "index.html"
        assert path.is_file(), f"no page {language}/{folder}"
        if path not in cache:
            cache[path] = _parse(path)
        return cache[path]

    return get


@pytest.mark.parametrize("language", LANGUAGES)
def test_every_card_has_its_page_in_the_navigation(site, glossary, parsed, language):
    home = parsed(language, "")
    for card in glossary.cards.values():
        page = parsed(language, f"cards/{card.slug}/")
        assert page.title.startswith(card.name + " - "), page.title   # its name, as printed, in every language
        assert f"cards/{card.slug}/" in home.nav
    assert "cards/" in home.nav


@pytest.mark.parametrize("language", LANGUAGES)
def test_each_mention_exists_and_links_back_to_the_card(glossary, parsed, language):
    """A card page's every mention is a link to an element on its target page, and the entry
    there (its "Cards named" line) links back to the card's page: linked both ways."""
    checked = 0
    for card in glossary.cards.values():
        here = f"cards/{card.slug}/"
        page = parsed(language, here)
        assert page.mentions, f"{language}: {card.name} has no mention"
        for href in page.mentions:
            folder, anchor = _target(here, href)
            target = parsed(language, folder)
            assert anchor in target.ids, f"{language}/{here}: {href} points to no element"
            back = {_target(folder, link)[0] for link in target.card_links}
            assert here in back, f"{language}/{folder}#{anchor} does not link back to {here}"
            checked += 1
    assert checked >= 2 * len(glossary.cards)


@pytest.mark.parametrize("language", LANGUAGES)
def test_every_link_from_a_rule_to_a_card_lands_on_a_card_page(site, glossary, parsed, language):
    slugs = {f"cards/{card.slug}/" for card in glossary.cards.values()}
    found = 0
    for path in (site / language / "rules").rglob("index.html"):
        folder = path.parent.relative_to(site / language).as_posix() + "/"
        for href in parsed(language, folder).card_links:
            assert _target(folder, href)[0] in slugs, href
            found += 1
    assert found >= len(glossary.cards)
