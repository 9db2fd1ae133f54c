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
from typing import Any, Iterable, Sequence

from ..content.cards import card_page
from ..content.glossary.model import CardData, Glossary, JargonEntry, Paragraph, TermbaseEntry, Text
from ..content.glossary.schema import PINNED_REFERENCE, SYMBOL_REFERENCE
from ..languages import BY_CODE, LANGUAGES
from ..pages.card_pages import ABILITY_TERMS
from ..pages.render import (COVERAGE_PAGE, JARGON_ANCHOR, RULINGS_PAGE, SOURCES_PAGE, TERMS_PAGE, Page, chapter_page,
                            mode_page, page_url, pinned_label)
from ..strings import tr

# Bumped when the worker must read the index differently (2: `altered` moved into `config`).
INDEX_FORMAT = 2
# The boost of entries on pages about the site rather than the game (the home page, the scenario
# format, the editors' guide, coverage, sources): still found, after the rules that answer.
ABOUT_THE_SITE = 0.5
# The boost of a rule paragraph (the numbered rules are the authority), and of what answers a
# question as a paragraph does, a ruling or a section of a game mode's page: at 1, half a
# paragraph's, they landed at ranks 3-9 for their questions (issue 40); at a paragraph's own, a
# ruling that quotes the rule outranked the rule it is about (benchmarks/search-results.md).
PARAGRAPH = 2
ANSWER = 1.6


def _plain(glossary: Glossary, text: Text | None, language: str) -> str:
    if text is None:
        return ""
    raw = text.get(language)
    # A pinned citation reads as on the rule page, "4.3.b (2026.1)": a result is itself a link.
    raw = PINNED_REFERENCE.sub(lambda m: pinned_label(m.group(1), m.group(2)), raw)
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
                    section_title: str, cards: list[str], jargon: Sequence[str] = ()) -> dict[str, Any]:
    parts = [_plain(glossary, paragraph.label, language), _plain(glossary, paragraph.text, language)]
    parts += [_plain(glossary, item, language) for item in paragraph.items]
    parts += [_plain(glossary, note.text, language) for note in paragraph.notes]
    entry: dict[str, Any] = {
        "location": f"{page_url(chapter_page(chapter))}#{paragraph.id}",
        # The number, then its section: a result says which rule answers and where it stands.
        "title": f"{paragraph.id} · {section_title}",
        "text": " ".join(p for p in parts if p),
        # Ahead of a ruling or a game mode's section (ANSWER); pages about the site come after.
        "boost": PARAGRAPH,
    }
    if cards:
        # A judge searches a card's name to find the rules its examples illustrate.
        entry["cards"] = html.escape(" · ".join(dict.fromkeys(cards)), quote=False)
    return with_jargon(entry, jargon)


def with_jargon(entry: dict[str, Any], words: Iterable[str]) -> dict[str, Any]:
    """The entry with the other games' words for what it answers (jargon_of), which the worker
    searches as it searches a title: "loop" finds 6.3.f, whose text says "100 times"."""
    words = list(dict.fromkeys(words))
    return {**entry, "jargon": html.escape(" · ".join(words), quote=False)} if words else entry


def _official(entry: TermbaseEntry, language: str) -> str:
    form = entry.forms.get(language)
    return entry.en if language == "en" else (form.term if form else "")


_WORDS = re.compile(r"\w+")


def judge_words(glossary: Glossary, language: str, vocabulary: set[str] | frozenset[str] = frozenset()) -> list[list[str]]:
    """[word a judge types, the term as the rules write it in `language`], from the termbase: its
    `avoid` variants and its `search` words; on the French and Italian sites also its English term
    and English search words (a judge often types the English game word: the termbase pairs every
    term across the languages); the other languages' terms and search words ("jeton" and "sfera"
    on the English site, "pedina" on the French one, issue 40), but for a one-word one that is a
    word of this site's own text (`vocabulary`, casefolded: French "Sort" is English "sort");
    and the jargon table's words from other games (jargon.yaml), in `language` and, on the French
    and Italian sites, in English too (issue 27)."""
    pairs: list[list[str]] = []
    terms: dict[str, str] = {}
    others = [code for code in LANGUAGES if code not in (language, "en")]
    for entry in glossary.termbase:
        official = _official(entry, language)
        if not official:
            continue
        terms[entry.id] = official
        form = entry.forms.get(language)
        words = [*(form.avoid if form and language != "en" else ()), *entry.search.get(language, ())]
        if language != "en":
            words += [entry.en, *entry.search.get("en", ())]
        foreign = [word for other in others for word in (_official(entry, other), *entry.search.get(other, ())) if word]
        words += [word for word in foreign if len(_WORDS.findall(word)) > 1 or word.casefold() not in vocabulary]
        pairs += [[word, official] for word in dict.fromkeys(words) if word.casefold() != official.casefold()]
    for jargon in glossary.jargon:
        if jargon.term in terms:
            pairs += [[word, terms[jargon.term]] for word in jargon_words(jargon, language)]
    return pairs


# The termbase entry of the word that names every zone ("zone", Italian "area"), and the kind of the
# entries that are zones: a question about a particular zone also finds the rules that say "a zone".
GENERIC_ZONE = "zone"
ZONE_KIND = "zone"


def broader_words(glossary: Glossary, language: str) -> list[list[str]]:
    """[a zone's name (the term, or a word a judge types for it), the word for any zone]: a token
    "sent to the Reserve" or "to the graveyard" is answered by 2.1.d, which says "another zone". The
    worker weighs these below the judge's words: the particular zone's own rules still come first."""
    generic = next((e for e in glossary.termbase if e.id == GENERIC_ZONE), None)
    if generic is None:
        return []
    word = _official(generic, language)
    zones = {entry.id: _official(entry, language) for entry in glossary.termbase if entry.kind == ZONE_KIND}
    names = [name for name in zones.values() if name]
    names += [w for w, term in judge_words(glossary, language) if term in zones.values()]
    return [[name, word] for name in dict.fromkeys(names) if name.casefold() != word.casefold()]


def jargon_words(jargon: JargonEntry, language: str) -> list[str]:
    """The words of a jargon entry a judge may type on the `language` site: that language's first,
    then the other languages' (English ones on the French and Italian sites, issue 27; Italian
    "energia" or French "pile ou face" on the English site too, issue 40: a judge brings the game
    words of the language they play in)."""
    return list(dict.fromkeys([*jargon.words.get(language, ()),
                               *(word for other in LANGUAGES if other != language for word in jargon.words.get(other, ()))]))


def jargon_of(glossary: Glossary, language: str) -> dict[str, list[str]]:
    """Anchor (a rule paragraph or section, mode-<id>) -> the other games' words for what it answers
    (the jargon table's `rules` and `modes`): searched as words of the entry's title."""
    out: dict[str, list[str]] = {}
    for jargon in glossary.jargon:
        words = jargon_words(jargon, language)
        for anchor in (*jargon.rules, *(f"mode-{m}" for m in jargon.modes)):
            out.setdefault(anchor, []).extend(words)
    return out


_TAG = re.compile(r"<[^>]*>")
_SPACE = re.compile(r"\s+")


def _untagged(text: str) -> str:
    """Material's entry text without its markup (the worker shows its own snippet of the
    words; the tags only cost bytes): its words, still HTML-escaped."""
    return _SPACE.sub(" ", _TAG.sub(" ", text)).strip()


def card_entry_text(glossary: Glossary, card: CardData, language: str) -> str:
    """A card page's searched text, from the card's data: each ability's kind and its text as
    printed (English: cards.yaml holds no other), its symbols as their names with the words around
    them apart, and the names printed in the other languages. Material's text of the page glued a
    symbol's name to the next word ("handWhen I am played") and ended on "Edit this entry" (issue 40)."""
    kinds = {entry.id: _official(entry, language) for entry in glossary.termbase}
    parts = []
    for ability in card.abilities:
        term = ABILITY_TERMS.get(ability.kind)
        parts.append(kinds.get(term, "") if term else tr(language, "card_effect"))
        parts.append(SYMBOL_REFERENCE.sub(lambda m: " — " if m.group(1) == SEPARATOR_SYMBOL else
                                          (f" {glossary.symbols[m.group(1)].label.get(language)} " if m.group(1) in glossary.symbols
                                           else " "), ability.printed))
    parts += [name for lang, name in sorted(card.names.items()) if lang in LANGUAGES]
    return html.escape(_SPACE.sub(" ", " ".join(p for p in parts if p)).strip(), quote=False)


# The symbol between a reaction's trigger and its effect: a dash in the searched text, not its name.
SEPARATOR_SYMBOL = "separator"


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
    jargon = jargon_of(glossary, language)
    modes = {page_url(mode_page(mode.id)): f"mode-{mode.id}" for mode in glossary.modes}
    mode_titles = {page_url(mode_page(mode.id)): html.escape(mode.title.get(language), quote=False) for mode in glossary.modes}
    # A card's page is also known by the name printed on the language's cards ("Fée Clochette").
    printed = {page_url(card_page(card)): [card.names[language]] for card in glossary.cards.values()
               if card.names.get(language, card.name) != card.name}
    card_texts = {page_url(card_page(card)): card_entry_text(glossary, card, language) for card in glossary.cards.values()}
    rulings = page_url(RULINGS_PAGE)
    # The link to an entry's YAML, which Material's text of a ruling or a mode holds: no answer's words.
    edit = html.escape(tr(language, "edit_entry"), quote=False)
    docs: list[dict[str, Any]] = []
    for doc in index.get("docs", []):
        found = sections.get(doc.get("location", ""))
        if found is None:
            entry = {**doc, "text": _untagged(doc.get("text", "")).replace(edit, " ").strip()}
            if doc.get("location", "") in printed:
                entry["names"] = printed[doc["location"]]
            if doc.get("location", "") in card_texts:
                entry["text"] = card_texts[doc["location"]]
            if doc.get("location", "") in modes:
                entry = with_jargon(entry, jargon.get(modes[doc["location"]], ()))
            page, _, anchor = doc.get("location", "").partition("#")
            if page == page_url(TERMS_PAGE) and anchor.startswith(JARGON_ANCHOR):
                # The terms page's jargon tables: found by their headings; their words are searched
                # in the entries they answer (jargon_of), where a result leads to the rule itself.
                entry["text"] = ""
            if anchor and page in mode_titles:
                # A block of a game mode's page is titled by its heading and the mode, as a rule
                # paragraph by its number and section: "Victory conditions · Free for All" is found
                # by a question naming the mode (issue 27: "ffa two players finish the same dusk").
                entry["title"] = f"{doc.get('title', '')} · {mode_titles[page]}"
                entry["boost"] = ANSWER
            if page == rulings and anchor.startswith("ruling-"):
                entry["boost"] = ANSWER
            if game is not None and doc.get("location", "").split("#")[0] not in game:
                # A page about the site (the scenario format, the editors' guide, security) is
                # found by its headings only: its prose would cost the judges' index about a
                # third of its bytes (issue 14: 40 kB a language) and answers no rules question.
                entry["boost"] = ABOUT_THE_SITE * float(doc.get("boost", 1))
                entry["text"] = ""
            docs.append(entry)
            continue
        chapter, section = found
        # Its paragraphs have their own entries. Weighed as a paragraph: the worker puts "4.2.4 Dusk"
        # first when a judge types its number, and before its paragraphs when they answer only by
        # its name (headingsFirst()); at twice a paragraph's weight (4), a heading that holds one word
        # of a question ("4.4 Checking reactions") came above the paragraph that answers it (issue 40).
        docs.append(with_jargon({**doc, "text": "", "boost": PARAGRAPH}, jargon.get(section.id, ())))
        title = html.escape(section.title.get(language), quote=False)
        docs += [paragraph_entry(glossary, p, language, chapter, title, quoted.get(p.id, []), jargon.get(p.id, []))
                 for p in section.paragraphs]
    vocabulary = {word.casefold() for doc in docs for field in ("title", "text")
                  for word in _WORDS.findall(html.unescape(str(doc.get(field, ""))))}
    altered = {"format": INDEX_FORMAT, "language": language, "synonyms": judge_words(glossary, language, vocabulary),
               "broader": broader_words(glossary, language),
               # Shown when a query finds nothing, before the nearest terms' results (issue 27); a rule
               # number the glossary lacks, before the nearest numbers; nothing near at all, leading
               # to the terms page (issue 40).
               "nothing": tr(language, "search_nothing"), "no_rule": tr(language, "search_no_rule"),
               "nothing_far": tr(language, "search_nothing_far"), "terms_page": page_url(TERMS_PAGE)}
    if BY_CODE[language].analysis != language:   # a language analysed as another (altered_rules.languages)
        altered["analysis"] = BY_CODE[language].analysis
    # In `config`: Material hands its search worker only the index's `config` and `docs`, so a key
    # beside them never reached the worker (the judges' words were not searched on the site).
    return {**index, "config": {**index.get("config", {}), "altered": altered}, "docs": docs}
