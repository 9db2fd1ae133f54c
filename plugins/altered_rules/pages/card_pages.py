"""A page per card of glossary/cards.yaml, and the cards' index: like a card database's page
with its rulings, for a judge who knows the card's name and not the rule.

Each page gives the card's type, statistics, rarity and faction where cards.yaml gives them,
its abilities as printed (English; symbols as the rules pages draw them), and every rule
paragraph, example, scenario, ruling, glossary term and game mode that mentions it, each a
link (cards.py finds them; the links back are render.Renderer.cards_html). Card names are
proper names and stay as printed; the words around them are the page's language, game
words from glossary/termbase.yaml.
"""

from __future__ import annotations

import html
from typing import Any, Protocol

from ..content.cards import CARDS_INDEX, Mention, MentionKind, card_page
from ..content.glossary.model import CardData
from ..languages import TRANSLATIONS
from .render import UNSEARCHED, Page, PageNotices, Renderer, md_escape, relative_url


class PoolPages(Protocol):
    """What the glossary's card pages ask of the card pool's pages (pool_pages.PoolPages, which
    builds on this module's helpers and so is not imported here)."""

    def printings_of(self, name: str) -> list[Any]: ...
    def printings_html(self, cards: list[Any], page: str) -> str: ...
    def index_html(self) -> str: ...
    def pages(self) -> list[Page]: ...

# The termbase entry of each ability kind of cards.yaml (schema.ABILITY_KINDS); an effect
# has none (a Spell's text), its word is the interface string card_effect.
ABILITY_TERMS = {"reaction": "reaction", "passive": "passive-ability", "quick-action": "quick-action",
                 "support": "support-ability"}
STAT_SYMBOLS = ("forest", "mountain", "water")   # the order of a card's statistics, 2/2/2

# Material's search leaves out an element (or a heading's whole section) with this attribute.
# A card page is found by its name, its printed names and its abilities; its lists of rule
# numbers and its interface words ("Type: Character" on every card) would only crowd the
# results of a search for a rule number or a common word.


def unsearched_heading(level: int, title: str, anchor: str) -> str:
    """A heading (in the table of contents) whose section the search does not index."""
    return f"{'#' * level} {md_escape(title)} {{ #{anchor} {UNSEARCHED} }}\n\n"


def _upper_first(word: str) -> str:
    return word[:1].upper() + word[1:]


def term_word(renderer: Renderer, term_id: str, fallback: str) -> str:
    """A game word in the page's language, from the termbase (`fallback` if it has no such term)."""
    for entry in renderer.glossary.termbase:
        if entry.id == term_id:
            return entry.en if renderer.language == "en" else entry.forms[renderer.language].term
    return fallback


def _subtype_word(renderer: Renderer, subtype: str) -> str:
    for entry in renderer.glossary.termbase:
        if entry.kind == "subtype" and entry.en == subtype:
            return term_word(renderer, entry.id, subtype)
    return subtype


class CardPages:
    """The card pages of one language, rendered with that language's Renderer; with the card
    pool's pages (`pool`), each glossary card links its printings and the index the pool's sets."""

    def __init__(self, renderer: Renderer, pool: PoolPages | None = None) -> None:
        self.r = renderer
        self.pool = pool

    # -- the card itself -------------------------------------------------------
    def stats_html(self, notices: PageNotices, stats: str) -> str:
        values = stats.split("/")
        if all(s in self.r.glossary.symbols for s in STAT_SYMBOLS):
            return " ".join(f"{self.r.symbol(notices, s)} {html.escape(v)}" for s, v in zip(STAT_SYMBOLS, values))
        return html.escape(stats)

    def facts_html(self, notices: PageNotices, card: CardData) -> str:
        kind = _upper_first(term_word(self.r, card.type, card.type))
        if card.subtypes:
            kind += " — " + ", ".join(_subtype_word(self.r, s) for s in card.subtypes)
        facts = [f'<span class="ar-card__fact">{self.r.label("card_type")} <strong>{html.escape(kind)}</strong></span>']
        if card.stats:
            facts.append(f'<span class="ar-card__fact">{self.r.label("card_stats")} {self.stats_html(notices, card.stats)}</span>')
        if card.rarity:
            rarity = term_word(self.r, f"rarity-{card.rarity}", card.rarity)
            facts.append(f'<span class="ar-card__fact">{self.r.label("card_rarity")} {html.escape(rarity)}</span>')
        if card.faction:
            facts.append(f'<span class="ar-card__fact">{self.r.label("card_faction")} {html.escape(str(card.faction))}</span>')
        out = f'<p class="ar-card__facts" {UNSEARCHED}>{" · ".join(facts)}</p>\n'
        # The names printed in French and Italian are searched: a judge may type either.
        names = [f'<span lang="{lang}">{html.escape(name)}</span> ({self.r.h("card_language_" + lang)})'
                 for lang, name in sorted(card.names.items()) if lang in TRANSLATIONS]
        if names:
            out += f'<p class="ar-card__facts">{self.r.label("card_printed_names")} {", ".join(names)}</p>\n'
        return out

    def abilities_html(self, notices: PageNotices, card: CardData, page: str) -> str:
        if not card.abilities:
            return f'<p class="ar-card__none" {UNSEARCHED}>{html.escape(self.r.t("card_no_text"))}</p>\n'
        items = []
        for ability in card.abilities:
            term = ABILITY_TERMS.get(ability.kind)
            kind = term_word(self.r, term, ability.kind) if term else self.r.t("card_effect")
            items.append(
                f'<li class="ar-card__ability"><span class="ar-card__kind">{html.escape(_upper_first(kind))}</span> '
                f'<span lang="en">{self.r.inline(notices, ability.printed, page, links=False)}</span></li>'
            )
        return (f'<p class="ar-meta" {UNSEARCHED}>{html.escape(self.r.t("card_text"))}</p>\n'
                f'<ul class="ar-card__abilities">{"".join(items)}</ul>\n')

    # -- where it is mentioned ---------------------------------------------------
    def mention_label(self, mention: Mention) -> str:
        if mention.kind in (MentionKind.RULE, MentionKind.LISTED):
            return self.r.t("card_mention_rule")
        number = mention.anchor.rsplit("-", 1)[-1]
        if mention.kind is MentionKind.SCENARIO:
            return self.r.t("card_mention_scenario", number=number)
        label = self.r.t(mention.kind.value).rstrip(".").lower()   # "example", "remark"
        return label if number == "1" else f"{label} {number}"

    def mention_href(self, mention: Mention, page: str) -> str:
        anchor = mention.anchor
        # An illustration is drawn (with its anchor) only when the build verifies the scenarios.
        if mention.kind is MentionKind.SCENARIO and anchor not in self.r.checks:
            anchor = mention.place
        return relative_url(page, self.r.page_of[mention.place], anchor)

    def rules_html(self, notices: PageNotices, mentions: list[Mention], page: str) -> str:
        by_rule: dict[str, list[Mention]] = {}
        for mention in mentions:
            if mention.rule is not None:
                by_rule.setdefault(mention.rule, []).append(mention)
        items = []
        for rule, found in by_rule.items():
            paragraph = self.r.glossary.paragraphs[rule]
            section = self.r.glossary.sections[paragraph.section]
            where = html.escape(f"{section.id} {self.r.text(notices, section.title)}")
            links = " · ".join(f'<a href="{self.mention_href(m, page)}">{html.escape(self.mention_label(m))}</a>'
                               for m in found)
            items.append(f'<li>{self.r.rule_link(notices, rule, page)} <span class="ar-card__section">({where})</span>: {links}</li>')
        return f'<ul class="ar-card__mentions">{"".join(items)}</ul>\n' if items else ""

    def others_html(self, notices: PageNotices, mentions: list[Mention], kind: MentionKind, page: str) -> str:
        """The rulings, glossary terms or game modes that mention the card, by their titles."""
        items = []
        for mention in (m for m in mentions if m.kind is kind):
            title = self.r.citing_label(notices, mention.place)
            if kind is MentionKind.RULING:   # citing_label says "Ruling: <title>"; the heading says it already
                ruling = next(r for r in self.r.glossary.rulings if f"ruling-{r.id}" == mention.place)
                title = self.r.text(notices, ruling.title)
            item = f'<li><a href="{self.mention_href(mention, page)}">{html.escape(title)}</a></li>'
            if item not in items:
                items.append(item)
        return f'<ul class="ar-card__mentions">{"".join(items)}</ul>\n' if items else ""

    # -- pages -------------------------------------------------------------------
    def card(self, card: CardData) -> Page:
        notices = PageNotices()   # this page's own record of the texts it shows in English
        page = card_page(card)
        mentions = self.r.card_mentions[card.name]
        out = [self.r.heading(1, card.name, f"card-{card.slug}"), '<div class="ar-card">\n',
               self.facts_html(notices, card), self.abilities_html(notices, card, page),
               self.r.meta_html(self.r.edit_link(card.file, card.line)), "</div>\n\n",
               unsearched_heading(2, self.r.t("card_mentions"), "mentions")]
        rules = self.rules_html(notices, mentions, page)
        out.append(rules or f'<p class="ar-card__none">{html.escape(self.r.t("card_no_mentions"))}</p>\n')
        for kind, title, anchor in ((MentionKind.RULING, self.r.t("rulings"), "rulings"),
                                    (MentionKind.TERM, self.r.t("terms_title"), "terms"),
                                    (MentionKind.MODE, self.r.t("card_modes"), "modes")):
            listed = self.others_html(notices, mentions, kind, page)
            if listed:
                out += ["\n", unsearched_heading(2, title, anchor), listed]
        printings = self.pool.printings_of(card.name) if self.pool is not None else []
        if printings and self.pool is not None:
            out += ["\n", unsearched_heading(2, self.r.t("card_printings"), "printings"), self.pool.printings_html(printings, page)]
        # The title is text: navigation.py escapes every generated page's title for the theme.
        return self.r.finish(notices, page, card.name, out)

    def index(self, cards: list[CardData]) -> Page:
        notices = PageNotices()   # this page's own record of the texts it shows in English
        title = self.r.t("cards_title")
        out = [self.r.heading(1, title, "cards"), f'<p class="ar-intro">{html.escape(self.r.t("cards_intro"))}</p>\n\n']
        items = "".join(
            f'<li><a href="{relative_url(CARDS_INDEX, card_page(card))}">{html.escape(card.name)}</a> '
            f'<span class="ar-meta">{html.escape(_upper_first(term_word(self.r, card.type, card.type)))}</span></li>'
            for card in cards
        )
        out.append(f'<ul class="ar-card-index" {UNSEARCHED}>{items}</ul>\n')
        if self.pool is not None:
            out.append("\n" + self.pool.index_html())
        return self.r.finish(notices, CARDS_INDEX, title, out)


def card_pages(renderer: Renderer, pool: PoolPages | None = None) -> list[Page]:
    """The cards' index and one page per card, in the order of their URLs (cards/<slug>/); with
    the card pool, its sets' and cards' pages after them (pool_pages.py)."""
    cards = sorted(renderer.glossary.cards.values(), key=lambda c: c.slug)
    if not cards and pool is None:
        return []
    pages = CardPages(renderer, pool)
    return [pages.index(cards), *(pages.card(card) for card in cards), *(pool.pages() if pool is not None else [])]
