"""A page per card of the imported card pool, and an index page per set: what a judge looks up
when asked about a card (a card database's page, with the rules and both kinds of rulings).

Each page gives, in the page's language (English where the data lacks it, marked): the card's
names in every language and its code (both searched), type and sub-types, faction, rarity, set,
collector number, costs and statistics, its text box and support ability with their symbols, the
rules its abilities use (linked), "suspended" and "errata" where they apply, the publisher's
rulings (marked official, dated; each with the other cards that print the same ruling) and the
project's rulings on the card (marked editorial, from the glossary card of the same English name).

Every text of the pool is the publisher's data: escaped where it lands (html.escape), its markup
(symbols {J}, #...#, [[Keyword]], (reminder text)) drawn by code from the escaped text.
Pool pages are left out of the navigation (thousands of them): the cards' index links the sets,
each set's page its cards.

A card's page skips MkDocs (issue 39: through its Markdown, theme and search plugin, 5,000 cards
cost 19 times the CPU of the site without them): `card_page` draws its content as HTML, which
site_assets/pool_site.py sets into the theme's frame drawn once for all of them (the shell page,
POOL_SHELL, whose content, title and address it replaces), and `search_entry` is its entry of the
search index. The sets' pages are MkDocs pages as any other.
"""

from __future__ import annotations

import functools
import html
import re
from dataclasses import dataclass
from typing import Any, Callable, Iterator

from ..content.cards import CARDS_DIR, CARDS_INDEX, card_page
from ..content.glossary.model import CardData
from ..content.pool.coverage import abilities
from ..content.pool.model import DATA_LANGUAGES, SYMBOL_CODES, SYMBOL_PATTERN, CardPool, PoolCard, SymbolKind, fold
from ..site_paths import site_path
from .render import KEYWORDS_PAGE, Page, PageNotices, Renderer, page_url, relative_url
from .card_pages import UNSEARCHED, term_word, unsearched_heading

__all__ = ["POOL_PREFIX", "POOL_SHELL", "SHELL_TITLE", "SHELL_ANCHOR", "SHELL_CONTENT", "SECTIONS", "CardPage",
           "pool_card_page", "pool_set_page", "PoolPages", "is_pool_page", "heading_html"]

POOL_PREFIX = f"{CARDS_DIR}/set-"
"""Pool pages live in cards/set-<set>/ (a glossary card's page is cards/<name>.md: no clash)."""

POOL_SHELL = f"{POOL_PREFIX}_shell/card.md"
"""The one page MkDocs draws for every card's page: at a card page's depth (cards/set-x/<card>/),
in a folder no set has ('_' is never in a set's slug). Removed from the site once the cards' pages
are made from it (site_assets/pool_site.py)."""
SHELL_TITLE = "ARPOOLCARDTITLE"
"""The shell's title, where the theme writes a page's title (<title>, the header): a card's name there."""
SHELL_ANCHOR = "ar-pool-card-title"
"""The anchor of the shell's heading (the theme's skip link): a card's heading's there."""
SHELL_CONTENT = "<!--ar-pool-card-content <h1> -->"
"""The shell's content, as the plugin hands it to the theme: a card's content there. ("<h1" in it:
the theme adds a heading of its own to a page's content that has none.)"""
SECTIONS = (("rules", "card_rules_used"), ("rulings", "rulings"), ("mentions", "card_mentions"),
            ("printings", "card_printings"))
"""A card page's sections (anchor, title's string), each in its table of contents when the page has it."""


@dataclass(frozen=True)
class CardPage:
    """A pool card's page: its path (as a generated page's, cards/set-x/<card>.md), its title, its
    content as HTML (what MkDocs would have made of it), and the sections it has (SECTIONS' anchors)."""

    path: str
    title: str
    html: str
    sections: tuple[str, ...]


def heading_html(level: int, title: str, anchor: str, link_title: str, searched: bool = False, lang: str = "") -> str:
    """A heading as MkDocs's toc extension writes one (its permalink, whose tooltip `link_title` is the
    page language's, as strings.theme_texts gives the toc extension), with `data-search-exclude` unless
    `searched`, and the language of its title when it is not the page's."""
    attrs = ("" if searched else f" {UNSEARCHED}") + (f' lang="{lang}"' if lang else "")
    return (f'<h{level}{attrs} id="{anchor}">{html.escape(title, quote=False)}<a class="headerlink" '
            f'href="#{anchor}" title="{html.escape(link_title)}">&para;</a></h{level}>\n')

_FACTION_SYMBOLS = {"AX": "axiom", "BR": "bravos", "LY": "lyra", "MU": "muna", "OR": "ordis", "YZ": "yzmir"}
_RARITY_SYMBOLS = {"COMMON": "common", "RARE": "rare", "UNIQUE": "unique"}
# The rules a card's parts are read by (the glossary's numbers).
_RULE_COSTS = ("2.2.6", "2.2.7")          # Hand Cost, Reserve Cost
_RULE_STATS = "2.2.2.k"
_RULE_REMINDER = "2.2.10.c"              # reminder text in parentheses has no existence rules-wise
_RULE_SUPPORT = "2.2.10.d"
_RULE_QUICK = "2.2.10.h"                 # "Cost: Effect"
_RULE_REACTION = "2.2.10.i"              # "Trigger — Effect", or a trigger symbol
_RULE_NAME = "2.2.3.c"                   # a card's name is its English name in every language


@functools.lru_cache(maxsize=1024)
def _slug(code: str) -> str:
    return re.sub(r"[^a-z0-9]+", "-", code.casefold()).strip("-") or "none"


def pool_set_page(set_code: str) -> str:
    return site_path(f"{POOL_PREFIX}{_slug(set_code)}/index.md")


def pool_card_page(card: PoolCard) -> str:
    return site_path(f"{POOL_PREFIX}{_slug(card.set_code)}/{card.slug}.md")


def is_pool_page(path: str) -> bool:
    """Whether a generated page is a pool card's (not listed in the navigation)."""
    return path.startswith(POOL_PREFIX) and not path.endswith("/index.md")


# A ruling's question and answer are prose: only their symbols are drawn (a parenthesis there is no reminder text).
_SYMBOL = re.compile(r"\{([^{}]{0,20})\}")
_MARKUP = re.compile(r"#([^#]*)#|\[\[([^\[\]]+)\]\]|\[([^\[\]]+)\]|\(([^()]*)\)|\{([^{}]{0,20})\}")


class PoolPages:
    """The pool's pages in one language, drawn with that language's Renderer.

    Made for thousands of cards: the words every card page repeats are looked up once (`word`), and
    the links of a card's page are made without posixpath: to another card's page from the set
    folders' layout (`card_href`), to any other page from POOL_SHELL, a page at the same depth
    whose relative links are the same as every card page's and are cached (render.relative_url)."""

    def __init__(self, renderer: Renderer, pool: CardPool) -> None:
        self.r = renderer
        self.pool = pool
        self.shared = pool.shared_rulings()
        self.glossary_cards: dict[str, CardData] = {fold(c.name): c for c in renderer.glossary.cards.values()}
        self.printings: dict[str, list[PoolCard]] = {}
        for card in pool.cards.values():
            self.printings.setdefault(fold(card.name), []).append(card)
        self._sets: dict[str, list[PoolCard]] | None = None
        self._words: dict[tuple[str, str], str] = {}
        self.keywords = {fold(k.form(lang)): k for k in renderer.glossary.keywords for lang in ("en", renderer.language)}

    # -- words -------------------------------------------------------------------------------
    def word(self, kind: str, key: str) -> str:
        """An interface string of the language, as the Renderer gives it (`kind`: "t" plain, "h"
        escaped, "label" with its colon, "term" a termbase word), looked up once."""
        found = self._words.get((kind, key))
        if found is None:
            r = self.r
            found = (r.t(key) if kind == "t" else r.h(key) if kind == "h" else r.label(key) if kind == "label"
                     else term_word(r, key, ""))
            self._words[(kind, key)] = found
        return found

    def card_href(self, from_set: str, card: PoolCard) -> str:
        """The link from a card page of the set `from_set` to `card`'s page (cards/set-<set>/<card>/)."""
        if card.set_code == from_set:
            return f"../{card.slug}/"
        return f"../../set-{_slug(card.set_code)}/{card.slug}/"

    def in_language(self, values: dict[str, str]) -> tuple[str, str] | None:
        """A value of the data in the page's language, else English, else the first given: (language, value)."""
        for lang in (self.r.language, "en", *DATA_LANGUAGES):
            if values.get(lang):
                return lang, values[lang]
        return None

    def name(self, card: PoolCard) -> str:
        """The card's name in the page's language (else English)."""
        return (self.in_language(card.names) or ("en", card.reference))[1]

    def name_html(self, card: PoolCard) -> str:
        """The card's name in the page's language as HTML; in English, marked so, where the data lacks it."""
        lang, name = self.in_language(card.names) or ("en", card.reference)
        return html.escape(name) if lang == self.r.language else f'<span lang="{lang}">{html.escape(name)}</span>'

    def lang_span(self, notices: PageNotices, values: dict[str, str], css: str = "") -> str:
        found = self.in_language(values)
        if found is None:
            return ""
        lang, value = found
        cls = f' class="{css}"' if css else ""
        if lang != self.r.language:
            notices.untranslated += 1
            return f'<span{cls} lang="{lang}">{html.escape(value)}</span>'
        return f"<span{cls}>{html.escape(value)}</span>"

    def prose_html(self, notices: PageNotices, values: dict[str, str]) -> str:
        """A ruling's question or answer in the page's language (else marked with its own), escaped,
        with the data's symbol codes ({T}, {r}) drawn as on the card's text."""
        found = self.in_language(values)
        if found is None:
            return ""
        lang, value = found
        out, last = [], 0
        for match in _SYMBOL.finditer(value):
            out.append(html.escape(value[last:match.start()]))
            out.append(self.symbol_html(notices, match.group(1)))
            last = match.end()
        out.append(html.escape(value[last:]))
        if lang != self.r.language:
            notices.untranslated += 1
            return f'<span lang="{lang}">{"".join(out)}</span>'
        return f'<span>{"".join(out)}</span>'

    def rarity_word(self, card: PoolCard) -> str:
        rarity = _RARITY_SYMBOLS.get(card.rarity_code)
        return (self.word("term", f"rarity-{rarity}") or rarity) if rarity else card.rarity_code.lower()

    def faction_word(self, card: PoolCard) -> str:
        symbol = self.r.glossary.symbols.get(_FACTION_SYMBOLS.get(card.faction_code, ""))
        if symbol is not None:
            return self.r.in_language(symbol.label)
        return self.word("t", "card_neutral") if card.faction_code == "NE" else card.faction_code

    def symbol_html(self, notices: PageNotices, code: str) -> str:
        known = SYMBOL_CODES.get(code)
        if known is not None and known.symbol in self.r.glossary.symbols:
            return self.r.symbol(notices, known.symbol)
        if known is not None and known.kind is SymbolKind.MANA:   # a number: read as printed, its meaning in the title
            return f'<span class="ar-symbol ar-symbol--mana" title="{html.escape(known.meaning)}">{html.escape(code)}</span>'
        if known is not None:
            glyph = "∞" if known.kind is SymbolKind.SUPPORT else code
            return (f'<span class="ar-symbol ar-symbol--{known.kind.value}" title="{html.escape(known.meaning)}">'
                    f'<span class="ar-symbol__glyph" aria-hidden="true">{html.escape(glyph)}</span>'
                    f'<span class="ar-sr">{html.escape(known.meaning)}</span></span>')
        return html.escape("{" + code + "}")   # a code the project does not know: shown as printed (the import said so)

    def text_html(self, notices: PageNotices, text: str, page: str) -> str:
        """One ability of the data's text as HTML: every piece escaped, its markup drawn."""
        # The data's empty "[]" (a bracket printed around nothing: "I gain 1 boost[].") is no markup.
        text = text.replace("[]", "")
        out, last = [], 0
        for match in _MARKUP.finditer(text):
            out.append(html.escape(text[last:match.start()]))
            variant, keyword, action, reminder, symbol = match.groups()
            if variant is not None:
                out.append(f'<span class="ar-card__variant" title="{self.word("h", "card_variant")}">'
                           f'{self.text_html(notices, variant, page)}</span>')
            elif keyword is not None:
                found = self.keywords.get(fold(keyword))
                word = html.escape(keyword)
                out.append(f'<a class="ar-term" href="{relative_url(POOL_SHELL, KEYWORDS_PAGE, found.anchor)}">{word}</a>'
                           if found else f'<strong class="ar-card__keyword">{word}</strong>')
            elif action is not None:
                out.append(f'<span class="ar-card__action">{self.text_html(notices, action, page)}</span>')
            elif reminder is not None:
                out.append(f'<i class="ar-card__reminder">({self.text_html(notices, reminder, page)})</i>')
            else:
                out.append(self.symbol_html(notices, symbol))
            last = match.end()
        out.append(html.escape(text[last:]))
        return "".join(out)

    # -- the card ----------------------------------------------------------------------------
    def facts_html(self, notices: PageNotices, card: PoolCard) -> str:
        r = self.r
        kind = self.lang_span(notices, card.type_names) or html.escape(card.type_code)
        subs = [self.lang_span(notices, card.subtype_names.get(code, {})) or html.escape(code) for code in card.subtypes]
        facts = [f'{self.word("label", "card_type")} <strong>{kind}{" — " + ", ".join(subs) if subs else ""}</strong>']
        faction = _FACTION_SYMBOLS.get(card.faction_code)
        if faction in r.glossary.symbols:
            facts.append(f'{self.word("label", "card_faction")} {r.symbol(notices, faction)} {html.escape(r.text(notices, r.glossary.symbols[faction].label))}')
        else:
            facts.append(f'{self.word("label", "card_faction")} {html.escape(self.word("t", "card_neutral") if card.faction_code == "NE" else card.faction_code)}')
        if card.deck_type not in ("hero", "token"):   # 2.2.4.c: they have no rarity
            facts.append(f'{self.word("label", "card_rarity")} {html.escape(self.rarity_word(card))}')
        set_name = self.lang_span(notices, card.set_names) or html.escape(card.set_code)
        facts.append(f'{self.word("label", "card_set")} <a href="../">{set_name}</a>')
        number = self.in_language(card.collector_numbers)
        if number:
            facts.append(f'{self.word("label", "card_collector_number")} {html.escape(number[1])}')
        line = " · ".join(f'<span class="ar-card__fact">{f}</span>' for f in facts)
        numbers = []
        for _rule, word, value in ((_RULE_COSTS[0], (self.word("term", "hand-cost") or "Hand Cost"), card.hand_cost),
                                  (_RULE_COSTS[1], (self.word("term", "reserve-cost") or "Reserve cost"), card.reserve_cost)):
            if value is not None:
                numbers.append(f'<span class="ar-card__fact">{html.escape(word)}{html.escape(self.word("t", "colon"))} <strong>{html.escape(value)}</strong></span>')
        if card.stats:
            stats = " ".join(f"{r.symbol(notices, s)} {html.escape(v)}" if s in r.glossary.symbols else html.escape(v)
                             for s, v in zip(("forest", "mountain", "water"), card.stats.split("/")))
            numbers.append(f'<span class="ar-card__fact">{self.word("label", "card_stats")} {stats}</span>')
        out = f'<p class="ar-card__facts" {UNSEARCHED}>{line}</p>\n'
        if numbers:
            out += f'<p class="ar-card__facts" {UNSEARCHED}>{" · ".join(numbers)}</p>\n'
        # The code and the names printed in the other languages are searched: a judge may type any of them.
        out += f'<p class="ar-card__facts">{self.word("label", "card_code")} <code>{html.escape(card.reference)}</code>'
        names = [f'<span lang="{lang}">{html.escape(name)}</span>' for lang, name in card.names.items() if lang != r.language]
        if names:
            out += f' · {self.word("label", "card_printed_names")} {" · ".join(names)}'
        return out + "</p>\n"

    def flags_html(self, card: PoolCard) -> str:
        out = ""
        if card.suspended:
            out += f'<div class="admonition warning ar-card__suspended" role="note"><p>{self.word("h", "card_suspended")}</p></div>\n'
        if card.banned:
            out += f'<div class="admonition danger ar-card__banned" role="note"><p>{self.word("h", "card_banned")}</p></div>\n'
        if card.errated:
            out += f'<div class="admonition note ar-card__errata" role="note"><p>{self.word("h", "card_errated")}</p></div>\n'
        return out

    def abilities_html(self, notices: PageNotices, card: PoolCard, page: str) -> str:
        items = []
        for part, label in (("main", None), ("echo", (self.word("term", "support-ability") or "support ability"))):
            found = card.text(part, self.r.language)
            if found is None:
                continue
            lang, text = found
            if lang != self.r.language:
                notices.untranslated += 1
            attr = f' lang="{lang}"' if lang != self.r.language else ""
            for ability in abilities(text):
                kind = (f'<span class="ar-card__kind" {UNSEARCHED}>{html.escape(label[:1].upper() + label[1:])}</span> '
                        if label else "")
                items.append(f'<li class="ar-card__ability">{kind}<span{attr}>{self.text_html(notices, ability, page)}</span></li>')
        if not items:
            return f'<p class="ar-card__none" {UNSEARCHED}>{self.word("h", "card_pool_no_text")}</p>\n'
        return f'<ul class="ar-card__abilities">{"".join(items)}</ul>\n'

    def rules_used(self, card: PoolCard) -> list[str]:
        """The rules the card's parts and abilities are read by, in the glossary's order."""
        english = " ".join(card.texts.get(p, {}).get("en", "") for p in ("main", "echo"))
        rules = [_RULE_NAME]
        if card.hand_cost is not None or card.reserve_cost is not None:
            rules += _RULE_COSTS
        if card.stats:
            rules.append(_RULE_STATS)
        codes = {m.group(1) for m in SYMBOL_PATTERN.finditer(english)}
        if "(" in english:
            rules.append(_RULE_REMINDER)
        if "echo" in card.texts:
            rules.append(_RULE_SUPPORT)
        if re.search(r"\{[TD]\}\s*:", english) or re.search(r"\s:\s", english):
            rules.append(_RULE_QUICK)
        if codes & {"J", "H", "R"} or " — " in english.replace("\u00a0", " "):
            rules.append(_RULE_REACTION)
        for keyword in re.findall(r"\[\[([^\[\]]+)\]\]", english):
            found = self.keywords.get(fold(keyword))
            if found is not None:
                rules += [str(rule) for rule in found.defined_in]
        return [rule for rule in dict.fromkeys(rules) if rule in self.r.page_of]

    def rulings_html(self, notices: PageNotices, card: PoolCard, page: str) -> str:
        r = self.r
        items = []
        for ruling in card.rulings:
            others = [ref for ref in self.shared.get(ruling.key(), []) if ref != card.reference]
            also = ""
            if others:
                links = ", ".join(f'<a href="{self.card_href(card.set_code, self.pool.cards[ref])}">'
                                  f'{self.name_html(self.pool.cards[ref])} <code>{html.escape(ref)}</code></a>' for ref in others)
                also = f'<p class="ar-ruling__shared" {UNSEARCHED}>{self.word("label", "card_shared_ruling")} {links}</p>'
            event = f" · {html.escape(ruling.event_format.title())}" if ruling.event_format else ""
            items.append(
                f'<li class="ar-ruling ar-ruling--official"><p class="ar-ruling__meta" {UNSEARCHED}>'
                f'<span class="ar-badge ar-badge--official">{self.word("h", "ruling_official_badge")}</span> '
                f'<time datetime="{html.escape(ruling.created)}">{html.escape(ruling.created)}</time>{event}</p>'
                f'<p><strong>{self.word("label", "ruling_question")}</strong> {self.prose_html(notices, ruling.question)}</p>'
                f'<p><strong>{self.word("label", "ruling_answer")}</strong> {self.prose_html(notices, ruling.answer)}</p>{also}</li>')
        glossary_card = self.glossary_cards.get(fold(card.name))
        if glossary_card is not None:
            for editorial in r.glossary.rulings:
                place = f"ruling-{editorial.id}"
                if any(m.place == place for m in r.card_mentions[glossary_card.name]):
                    items.append(
                        f'<li class="ar-ruling ar-ruling--editorial"><p class="ar-ruling__meta" {UNSEARCHED}>'
                        f'<span class="ar-badge ar-badge--editorial">{self.word("h", "editorial_badge")}</span></p>'
                        f'<p><a href="{relative_url(POOL_SHELL, r.page_of[place], place)}">{html.escape(r.text(notices, editorial.title))}</a></p></li>')
        if not items:
            return f'<p class="ar-card__none">{self.word("h", "card_no_rulings")}</p>\n'
        return f'<ul class="ar-rulings">{"".join(items)}</ul>\n'

    def card(self, card: PoolCard) -> CardPage:
        """The card's page, as HTML (it skips MkDocs: see the module's docstring)."""
        r = self.r
        notices = PageNotices()
        page = pool_card_page(card)
        title_lang, title = self.in_language(card.names) or ("en", card.reference)
        if title_lang != r.language:
            notices.untranslated += 1
        link = self.word("t", "permalink_title")
        h1 = heading_html(1, title, f"card-{card.slug}", link, searched=True, lang=title_lang if title_lang != r.language else "")
        out = [h1, '<div class="ar-card">\n', self.flags_html(card),
               self.facts_html(notices, card), self.abilities_html(notices, card, page), "</div>\n\n"]
        sections = []
        rules = self.rules_used(card)
        if rules:
            sections.append("rules")
            out += [heading_html(2, self.word("t", "card_rules_used"), "rules", link),
                    f'<p class="ar-card__rules" {UNSEARCHED}>{" · ".join(r.rule_link(notices, rule, POOL_SHELL) for rule in rules)}</p>\n\n']
        sections.append("rulings")
        out += [heading_html(2, self.word("t", "rulings"), "rulings", link), self.rulings_html(notices, card, page)]
        glossary_card = self.glossary_cards.get(fold(card.name))
        if glossary_card is not None:
            sections.append("mentions")
            out += ["\n", heading_html(2, self.word("t", "card_mentions"), "mentions", link),
                    f'<p><a href="{relative_url(POOL_SHELL, card_page(glossary_card))}">{html.escape(glossary_card.name)}</a></p>\n']
        others = [c for c in self.printings.get(fold(card.name), []) if c.reference != card.reference]
        if others:
            sections.append("printings")
            out += ["\n", heading_html(2, self.word("t", "card_printings"), "printings", link),
                    self.printings_list(others, lambda c: self.card_href(card.set_code, c))]
        finished = r.finish(notices, page, title, out)
        return CardPage(page, title, finished.markdown, tuple(sections))

    def card_pages(self) -> Iterator[CardPage]:
        """Every card's page, set by set."""
        for cards in self.sets().values():
            for card in cards:
                yield self.card(card)

    def shell(self) -> Page:
        """The page MkDocs draws once for every card's page (POOL_SHELL): a title and every section
        a card's page may have, for the theme's table of contents (site_assets/pool_site.py)."""
        parts = [f"# {SHELL_TITLE} {{ #{SHELL_ANCHOR} }}\n\n"]
        parts += [unsearched_heading(2, self.r.t(key), anchor) for anchor, key in SECTIONS]
        return Page(POOL_SHELL, SHELL_TITLE, "".join(parts))

    # -- search ------------------------------------------------------------------------------
    def plain_text(self, text: str) -> str:
        """A text of the data as the search reads it: its symbols by their names in the page's
        language, its markup (#...#, [[...]], [...]) gone; not escaped."""
        def symbol(code: str) -> str:
            known = SYMBOL_CODES.get(code)
            if known is None:
                return "{" + code + "}"
            if known.kind is SymbolKind.MANA:
                return code
            found = self.r.glossary.symbols.get(known.symbol or "")
            # A symbol the glossary does not draw has no name in the page's language: a space.
            return f" {self.r.in_language(found.label)} " if found is not None else " "
        plain = SYMBOL_PATTERN.sub(lambda m: symbol(m.group(1)), text)
        plain = re.sub(r"\[\[([^\[\]]+)\]\]|\[([^\[\]]+)\]", lambda m: m.group(1) or m.group(2), plain).replace("#", "")
        return " ".join(plain.split())

    def search_entry(self, card: PoolCard) -> dict[str, Any]:
        """The card's entry of the search index: its page, its name in the page's language (else
        English) as the title, and as the text its code, its abilities (in the page's language, else
        English; symbols by their names) and its names in the other languages, each searched as the
        words of a text are. Escaped as Material's entries are (HTML, no quotes). No `names` list:
        the names are in the text, and a list of them too cost 37 kB gzip of the index with 5,000
        cards (a quarter of it)."""
        title = self.name(card)
        others = [name for name in dict.fromkeys(card.names.get(lang, "") for lang in DATA_LANGUAGES) if name and name != title]
        texts = [found[1] for part in ("main", "echo") if (found := card.text(part, self.r.language)) is not None]
        text = " · ".join([card.reference, *(self.plain_text(t) for t in texts), *others])
        return {"location": page_url(pool_card_page(card)), "title": html.escape(title, quote=False),
                "text": html.escape(text, quote=False)}

    def printings_of(self, name: str) -> list[PoolCard]:
        """The pool's cards printed with this English name (a glossary card's printings)."""
        return self.printings.get(fold(name), [])

    def printings_html(self, cards: list[PoolCard], page: str) -> str:
        """The list of `cards`' pages, linked from `page`."""
        return self.printings_list(cards, lambda c: relative_url(page, pool_card_page(c)))

    def printings_list(self, cards: list[PoolCard], href: Callable[[PoolCard], str]) -> str:
        items = "".join(f'<li><a href="{href(c)}"><code>{html.escape(c.reference)}</code></a> '
                        f'<span class="ar-meta">{html.escape(self.rarity_word(c))}, {html.escape(self.faction_word(c))}'
                        f'{", " + html.escape(c.stats) if c.stats else ""}</span></li>' for c in sorted(cards, key=lambda c: c.reference))
        return f'<ul class="ar-card-index" {UNSEARCHED}>{items}</ul>\n'

    # -- indexes -----------------------------------------------------------------------------
    def sets(self) -> dict[str, list[PoolCard]]:
        """The pool's cards by set, each set's in the order of their codes (made once)."""
        if self._sets is None:
            self._sets = {}
            for card in sorted(self.pool.cards.values(), key=lambda c: c.reference):
                self._sets.setdefault(card.set_code, []).append(card)
        return self._sets

    def set_index(self, set_code: str, cards: list[PoolCard]) -> Page:
        r = self.r
        notices = PageNotices()
        page = pool_set_page(set_code)
        name = (self.in_language(cards[0].set_names) or ("en", set_code))[1]
        title = f"{name} ({set_code})"
        rows = "".join(
            f'<li><a href="{c.slug}/">{self.name_html(c)}</a> '
            f'<code>{html.escape(c.reference)}</code></li>' for c in cards)
        out = [r.heading(1, title, f"set-{_slug(set_code)}"),
               f'<p class="ar-intro">{r.h("card_set_count", count=len(cards))}</p>\n\n',
               # Each card's page is searched by its names and code: the list would only repeat them.
               f'<ul class="ar-card-index" {UNSEARCHED}>{rows}</ul>\n']
        return r.finish(notices, page, title, out)

    def pages(self) -> list[Page]:
        """The pages MkDocs draws: every set's index page, and the cards' pages' shell (POOL_SHELL).
        The cards' pages are `card_pages`."""
        return [*(self.set_index(code, cards) for code, cards in self.sets().items()), self.shell()]

    def index_html(self) -> str:
        """The list of sets for the cards' index page."""
        items = "".join(
            f'<li><a href="{relative_url(CARDS_INDEX, pool_set_page(code))}">'
            f'{html.escape((self.in_language(cards[0].set_names) or ("en", code))[1])}</a> '
            f'<span class="ar-meta">{html.escape(code)} · {self.r.h("card_set_count", count=len(cards))}</span></li>'
            for code, cards in self.sets().items())
        return (f'{unsearched_heading(2, self.word("t", "cards_pool_title"), "pool")}'
                f'<p class="ar-intro">{self.r.h("cards_pool_intro", count=len(self.pool.cards))}</p>\n\n'
                f'<ul class="ar-card-index" {UNSEARCHED}>{items}</ul>\n')


