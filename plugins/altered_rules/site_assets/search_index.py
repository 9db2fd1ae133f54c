"""The search index, one entry per rule paragraph, and what the search worker needs to read it.

Material's search indexes a page by its headings, so a rule number or a word found in a
paragraph would land on its section. Each lettered paragraph gets its own entry here (titled by
its number and its section, located at its permalink), and the section entries keep only their
title, so that "4.2.4.c" lands on 4.2.4.c and a word lands on the paragraph that holds it.

The site's search worker (docs/assets/javascripts/workers/altered-rules-search.js) ranks these
entries itself (issue 14). Its `config` carries `altered`: the language, and the judges' words
for game terms from the termbase (its `avoid` variants and its `search` words), which the worker
searches as the term. Entries are generic: any page
Material indexes (a card page, a mode, a ruling) is searched the same way.
"""

from __future__ import annotations

import html
import re
from typing import Any, Iterable

from ..content.cards import card_page
from ..content.glossary.model import Glossary, Paragraph, Text
from ..content.glossary.schema import SYMBOL_REFERENCE
from ..pages.render import COVERAGE_PAGE, SOURCES_PAGE, Page, chapter_page, page_url

# Bumped when the worker must read the index differently (2: `altered` moved into `config`).
INDEX_FORMAT = 2
# The boost of entries on pages about the site rather than the game (the home page, the scenario
# format, the editors' guide, coverage, sources): still found, after the rules that answer.
ABOUT_THE_SITE = 0.5


def _plain(glossary: Glossary, text: Text | None, language: str) -> str:
    if text is None:
        return ""
    raw = text.get(language)
    raw = SYMBOL_REFERENCE.sub(lambda m: glossary.symbols[m.group(1)].label.get(language) if m.group(1) in glossary.symbols
                               else m.group(0), raw)
    return html.escape(raw, quote=False).replace("\n", " ")


def cards_quoted_in(glossary: Glossary, language: str) -> dict[str, list[str]]:
    """Rule -> the names of the cards its examples name (cards.yaml `seen_in`), in file order:
    the English name (the object's name, 2.2.3.c) and the name printed in `language`."""
    quoted: dict[str, list[str]] = {}
    for card in glossary.cards.values():
        names = [card.name, *([card.names[language]] if card.names.get(language, card.name) != card.name else [])]
        for rule in card.seen_in:
            quoted.setdefault(rule, []).extend(names)
    return quoted


def paragraph_entry(glossary: Glossary, paragraph: Paragraph, language: str, chapter: str,
                    section_title: str, cards: list[str]) -> dict[str, Any]:
    parts = [_plain(glossary, paragraph.label, language), _plain(glossary, paragraph.text, language)]
    parts += [_plain(glossary, item, language) for item in paragraph.items]
    parts += [_plain(glossary, note.text, language) for note in paragraph.notes]
    entry: dict[str, Any] = {
        "location": f"{page_url(chapter_page(chapter))}#{paragraph.id}",
        # The number, then its section: a result says which rule answers and where it stands.
        "title": f"{paragraph.id} · {section_title}",
        "text": " ".join(p for p in parts if p),
        # The numbered rules are the authority: ahead of rulings and game-mode pages.
        "boost": 2,
    }
    if cards:
        # A judge searches a card's name to find the rules its examples illustrate.
        entry["cards"] = html.escape(" · ".join(dict.fromkeys(cards)), quote=False)
    return entry


def judge_words(glossary: Glossary, language: str) -> list[list[str]]:
    """[word a judge types, the term as the rules write it], from the termbase: its `avoid`
    variants and its `search` words, in `language`."""
    pairs: list[list[str]] = []
    for entry in glossary.termbase:
        form = entry.forms.get(language)
        official = entry.en if language == "en" else (form.term if form else "")
        if not official:
            continue
        words = [*(form.avoid if form and language != "en" else ()), *entry.search.get(language, ())]
        pairs += [[word, official] for word in dict.fromkeys(words) if word.casefold() != official.casefold()]
    return pairs


_TAG = re.compile(r"<[^>]*>")
_SPACE = re.compile(r"\s+")


def _untagged(text: str) -> str:
    """Material's entry text without its markup (the worker shows its own snippet of the
    words; the tags only cost bytes): its words, still HTML-escaped."""
    return _SPACE.sub(" ", _TAG.sub(" ", text)).strip()


def game_page_urls(pages: Iterable[Page]) -> set[str]:
    """The URLs of the generated pages about the game: all but coverage and sources."""
    return {page_url(page.path) for page in pages if page.path not in (COVERAGE_PAGE, SOURCES_PAGE)}


def with_rule_entries(index: dict[str, Any], glossary: Glossary, language: str,
                      game_pages: Iterable[str] | None = None) -> dict[str, Any]:
    """Material's search index with an entry per paragraph, placed after its section's entry,
    and the termbase's judge words for the worker. `game_pages` are the URLs of the pages about
    the game (rules, rulings, terms, modes, keywords, cards...); entries of any other page are
    boosted down (ABOUT_THE_SITE). None: every page is about the game."""
    game = None if game_pages is None else set(game_pages)
    sections = {
        f"{page_url(chapter_page(chapter.number))}#{section.id}": (chapter.number, section)
        for chapter in glossary.chapters for section in chapter.sections
    }
    quoted = cards_quoted_in(glossary, language)
    # A card's page is also known by the name printed on the language's cards ("Fée Clochette").
    printed = {page_url(card_page(card)): [card.names[language]] for card in glossary.cards.values()
               if card.names.get(language, card.name) != card.name}
    docs: list[dict[str, Any]] = []
    for doc in index.get("docs", []):
        found = sections.get(doc.get("location", ""))
        if found is None:
            entry = {**doc, "text": _untagged(doc.get("text", ""))}
            if doc.get("location", "") in printed:
                entry["names"] = printed[doc["location"]]
            if game is not None and doc.get("location", "").split("#")[0] not in game:
                # A page about the site (the scenario format, the editors' guide, security) is
                # found by its headings only: its prose would cost the judges' index about a
                # third of its bytes (issue 14: 40 kB a language) and answers no rules question.
                entry["boost"] = ABOUT_THE_SITE * float(doc.get("boost", 1))
                entry["text"] = ""
            docs.append(entry)
            continue
        chapter, section = found
        # Its paragraphs have their own entries; the boost puts "4.2.4 Dusk" before 4.2.4.a
        # when a judge types the section's number.
        docs.append({**doc, "text": "", "boost": 4})
        title = html.escape(section.title.get(language), quote=False)
        docs += [paragraph_entry(glossary, p, language, chapter, title, quoted.get(p.id, []))
                 for p in section.paragraphs]
    altered = {"format": INDEX_FORMAT, "language": language, "synonyms": judge_words(glossary, language)}
    # In `config`: Material hands its search worker only the index's `config` and `docs`, so a key
    # beside them never reached the worker (the judges' words were not searched on the site).
    return {**index, "config": {**index.get("config", {}), "altered": altered}, "docs": docs}
