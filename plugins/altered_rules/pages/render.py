"""The glossary as site pages: plain functions from a `Glossary` to Markdown.

No MkDocs here: the `Renderer` makes `Page` values (a path in the docs tree and its
Markdown), and any static-site generator can take them; site_pages.pages lists them all.

Every piece of glossary text is HTML-escaped before symbols and rule links
are put in, so text in the YAML can never reach the page as markup. Headings
are Markdown (for the table of contents and search) with the rule number as
their id; everything else is HTML built here.
"""

from __future__ import annotations

import functools
import html
import posixpath
import re
from dataclasses import dataclass
from typing import Callable, Iterable
from urllib.parse import quote

from ..content.cards import Mention, card_mentions, card_page, cards_by_place
from ..content.glossary.citing import engine_citations
from ..content.glossary.model import (
    Block,
    CardData,
    Chapter,
    Correction,
    DeckRule,
    GameMode,
    Glossary,
    LANGUAGES,
    ListKind,
    Note,
    mode_block_anchor,
    NoteKind,
    Paragraph,
    Ruling,
    SectionBody,
    Term,
    Text,
    TranslationStatus,
    rule_sort_key,
)
from ..content.glossary.schema import JARGON_GAMES, PINNED_REFERENCE, PINNED_RULE_ID, RULE_REFERENCE, SYMBOL_REFERENCE
from engine.decisions import Question, question_said
from engine.messages import Message, Reading, Renderer as MessageRenderer, msg, typed_key
from engine.trace import TraceLine

from ..content.translations import translation_states
from ..languages import BY_CODE, SOURCE, KeywordPlural
from ..messages import card_names, message_states, read_messages, renderer as message_renderer
from ..site_paths import site_path
from ..strings import FILES, LanguageStrings, fill, string_states, tr
from ..verification.checks import Check, CheckKind, Verification, coverage, illustration_anchor, stats
from .source_links import SourceLinks

# Material's search leaves out what an element so marked holds: the page's chrome around an answer
# (its sources, the editors' corrections, "Open in the sandbox", "Checked by the engine as
# max_rare: 15"), whose words made a game mode's deck rules the answer to "max rares in a deck"
# (issue 40); and a ruling's "Why", its editors' argument, whose words are not what it answers
# (4.2.4.b "ties moving forward to a statistic" made that ruling the answer to "can a tie move
# expeditions"). The same attribute as card_pages.UNSEARCHED.
UNSEARCHED = "data-search-exclude"

TERMS_PAGE = "glossary-terms.md"
# The terms page's section of other games' words ("Coming from another game?", issue 27).
JARGON_ANCHOR = "jargon"
KEYWORDS_PAGE = "keywords.md"
COVERAGE_PAGE = "coverage.md"
RULINGS_PAGE = "rulings.md"
SOURCES_PAGE = "sources.md"
SANDBOX_PAGE = "sandbox.md"   # hand-written in each language (docs/<language>/sandbox.md)
TRANSLATIONS_PAGE = "translations.md"   # the translations that may lag behind (each language: its own; English: all)
SOURCE_LANGUAGE = SOURCE.code


@dataclass(frozen=True)
class Page:
    """A generated page: where it goes in the docs tree, and its Markdown."""

    path: str
    title: str
    markdown: str

    def __post_init__(self) -> None:
        site_path(self.path)   # a path made from data never leaves the docs tree


def chapter_page(number: str) -> str:
    return site_path(f"rules/chapter-{number}.md")


def mode_page(mode_id: str) -> str:
    return site_path(f"modes/{mode_id}.md")


def page_url(path: str) -> str:
    """The URL folder of a page with directory URLs: rules/chapter-1.md -> rules/chapter-1/."""
    stem = path[:-3] if path.endswith(".md") else path
    if posixpath.basename(stem) == "index":
        stem = posixpath.dirname(stem)
    return f"{stem}/" if stem else ""


@functools.lru_cache(maxsize=4096)
def _relative_folder(from_page: str, to_page: str) -> str:
    # Cached: a build asks it for every rule link (posixpath.relpath was a third of rendering).
    here, there = page_url(from_page), page_url(to_page)
    rel = posixpath.relpath(there or ".", here or ".")
    return "" if rel == "." else rel + "/"


def relative_url(from_page: str, to_page: str, anchor: str = "") -> str:
    rel = _relative_folder(from_page, to_page)
    if anchor and rel == "":
        return f"#{anchor}"
    return f"{rel or './'}{'#' + anchor if anchor else ''}"


# A rule as a release had it (4.3.b@2026.1) or as it is (4.3.b), in one pass: a pinned link's
# own text is never linked again.
_ANY_REFERENCE = re.compile(f"{PINNED_REFERENCE.pattern}|{RULE_REFERENCE.pattern}")
ANY_REFERENCE = _ANY_REFERENCE   # the sandbox's script finds the numbers of its texts with it (rule_pattern)


def link_rule_numbers(escaped: str, link: Callable[[str, str | None], str]) -> str:
    """Every rule number of `escaped` (HTML) text through `link(rule, version)`: `version` is the
    release a pinned citation names ("4.3.b@2026.1" -> "4.3.b", "2026.1"), None for a number as it
    is now. The one place that finds them, for the rule pages, the hand-written pages and the
    release pages alike (issue 37: a pinned number stayed raw text on the release pages); the search
    index reads a pinned one as pinned_label, the sandbox's script finds them with ANY_REFERENCE."""
    return _ANY_REFERENCE.sub(lambda m: link(m.group(1), m.group(2)) if m.group(1) else link(m.group(3), None), escaped)


def pinned_label(rule: str, version: str) -> str:
    """How a pinned citation reads, as its link's text and where no link can be (a search result,
    itself a link): "4.3.b (2026.1)"."""
    return f"{rule} ({version})"


def pinned_path(rule: str, version: str) -> str:
    """Where a pinned citation leads, from the language's root: the rule's text in that release."""
    return site_path(f"v/{version}/r/{rule}/")

_MD_SPECIAL = re.compile(r"([\\`*_\[\]{}<>#+!|])")


def language_url(page: str, language: str, anchor: str = "", target: str | None = None) -> str:
    """From `page` of one language's site, a page of the `language` site (site/<language>/ side by
    side): the same page, or `target`, at `anchor`."""
    depth = page_url(page).count("/")
    return f"{'../' * (depth + 1)}{language}/{page_url(target or page)}{'#' + anchor if anchor else ''}"


def english_url(page: str, anchor: str = "", target: str | None = None) -> str:
    return language_url(page, SOURCE_LANGUAGE, anchor, target)


def script_json(text: str) -> str:
    """JSON text made safe for a `<script type="application/json">` element: no string in it can
    close the element ("</script>") or open a comment that keeps the next "</script>" from
    closing it ("<!--"). Both only occur inside JSON strings, where the escapes mean the same."""
    return text.replace("<!--", "\\u003c!--").replace("</", "<\\/")


# The "Edit this rule" icon (a pencil), drawn here like the copy icon: a font may lack the glyph.
EDIT_ICON = ('<svg viewBox="0 0 24 24" width="1em" height="1em" aria-hidden="true"><path fill="currentColor" '
             'd="M3 17.25V21h3.75L17.81 9.94l-3.75-3.75L3 17.25zM20.71 7.04a1 1 0 0 0 0-1.41l-2.34-2.34a1 1 0 0 0-1.41 0l-1.83 1.83 3.75 3.75 1.83-1.83z"/></svg>')


def md_escape(text: str) -> str:
    """Escape text for a Markdown heading (titles are plain text, never markup)."""
    return _MD_SPECIAL.sub(r"\\\1", html.escape(text, quote=False))


@dataclass
class PageNotices:
    """One page's record of the texts it shows that fall back to English (not translated yet) and
    of the translations made from an older English text (they may lag behind it): each page
    method makes its own, `Renderer.text` notes into it, `Renderer.finish` reads it for the notices
    at the top. Kept per page, not on the Renderer, which every page of a language build shares."""

    untranslated: int = 0
    stale: int = 0

    def see(self, text: Text, language: str) -> None:
        if not text.has(language):
            self.untranslated += 1
        elif text.stale(language):
            self.stale += 1

    def add(self, other: "PageNotices") -> None:
        """What another record noted, as if noted here (a piece of HTML made once, shown again)."""
        self.untranslated += other.untranslated
        self.stale += other.stale


class Renderer:
    """Renders one language of the glossary; knows on which page every rule lives."""

    def __init__(self, glossary: Glossary, language: str = "en", verification: Verification | None = None, *,
                 changed_in: dict[str, tuple[str, str]] | None = None, source_links: SourceLinks | None = None) -> None:
        self.glossary = glossary
        self.language = language
        # The engine's results for the glossary's scenarios; None when verification is off.
        self.verification = verification
        self.checks = verification.for_anchor() if verification else {}
        self.keyword_pattern, self.keyword_order = keyword_pattern(glossary, language)
        # Entries a release changed since the first: anchor -> (label, history page) (versions.changed_entries).
        self.changed_in: dict[str, tuple[str, str]] = dict(changed_in or {})
        # Where each entry's YAML is on the forge ("Edit this rule"); None: the site names no forge.
        self.source_links: SourceLinks | None = source_links
        self.page_of: dict[str, str] = {}
        self._said: dict[tuple[object, ...], str] = {}   # said(): a message, typed (typed_key) -> its text
        # said_trace(): a check's lines in this language, by the check (kept with it: the rule page, then the export).
        self._said_checks: dict[int, tuple[Check, list[str]]] = {}
        # _trace_line(): a trace line's HTML on a page, and what it noted, by its text, rules, rulings and page.
        self._trace_lines: dict[tuple[str, tuple[str, ...], tuple[str, ...], str], tuple[str, PageNotices]] = {}
        for chapter in glossary.chapters:
            for section in chapter.sections:
                self.page_of[section.id] = chapter_page(chapter.number)
                for paragraph in section.paragraphs:
                    self.page_of[paragraph.id] = chapter_page(chapter.number)
                    for note in paragraph.notes:
                        self.page_of[note.anchor] = chapter_page(chapter.number)
        # A removed rule, pinned (4.3.a@2026.1) -> the rules that now hold its content (`supersedes:`).
        self.now_in: dict[str, list[str]] = {}
        for paragraph in glossary.paragraphs.values():
            for pinned in paragraph.supersedes:
                self.now_in.setdefault(pinned, []).append(paragraph.id)
        for term in glossary.terms:
            self.page_of[f"term-{term.id}"] = TERMS_PAGE
        for mode in glossary.modes:
            self.page_of[f"mode-{mode.id}"] = mode_page(mode.id)
        for ruling in glossary.rulings:
            self.page_of[f"ruling-{ruling.id}"] = RULINGS_PAGE

    # Every card's mentions (its page lists them) and, per entry, the cards it names (linked back);
    # made when a page first needs them: the sandbox's and the releases' renderers never do.
    @functools.cached_property
    def card_mentions(self) -> dict[str, list[Mention]]:
        return card_mentions(self.glossary)

    @functools.cached_property
    def cards_at(self) -> dict[str, list[CardData]]:
        return cards_by_place(self.glossary, self.card_mentions)

    # -- words ------------------------------------------------------------
    def t(self, key: str, **values: object) -> str:
        """An interface string as plain text (for a heading, a title, or to escape where it lands)."""
        return tr(self.language, key, **values)

    def h(self, key: str, **values: object) -> str:
        """An interface string as HTML text or attribute value: escaped (a translator's text is no markup)."""
        return html.escape(tr(self.language, key, **values))

    def markup(self, key: str, **fragments: str) -> str:
        """An interface string as HTML with markup built by code at its placeholders: the string
        is escaped first, then each {name} becomes its fragment (which the caller escaped)."""
        return fill(html.escape(tr(self.language, key)), fragments)

    def label(self, key: str) -> str:
        """An interface word followed by a colon, as the language writes it ("Sources\u00a0:" in French), as HTML."""
        return html.escape(self.t(key) + self.t("colon"))

    def text(self, notices: PageNotices, text: Text) -> str:
        """`text` in this language (English where it has no translation), noted in the page's `notices`."""
        notices.see(text, self.language)
        return self.in_language(text)

    def in_language(self, text: Text) -> str:
        """`text` in this language, off any page (a feed, the sandbox): nothing to note."""
        return self.glossary.in_language(text, self.language)

    def stale_html(self, texts: Iterable[Text | None], page: str, anchor: str) -> str:
        """A note under an entry whose translation may lag behind the English, linking to the English."""
        if not any(text is not None and text.stale(self.language) for text in texts):
            return ""
        return (f'<p class="ar-stale" role="note">{html.escape(self.t("stale_note"))} '
                f'<a href="{html.escape(english_url(page, anchor))}" hreflang="{SOURCE_LANGUAGE}">{html.escape(self.t("stale_link"))}</a></p>\n')

    def lang_attrs(self, text: Text, css: str) -> str:
        """class (and lang="en" where the text falls back to English) for an element holding `text`."""
        if text.has(self.language):
            return f'class="{css}"'
        return f'class="{css} ar-untranslated" lang="en" data-untranslated="{html.escape(self.t("untranslated_badge"))}"'

    def finish(self, notices: PageNotices, path: str, title: str, parts: list[str]) -> Page:
        """Assemble a page; one that shows English in place of missing translations says so at the top."""
        if notices.untranslated:
            notice = f'<div class="ar-untranslated-notice" role="note">{html.escape(self.t("untranslated_page"))}</div>\n\n'
            parts = parts[:1] + [notice] + parts[1:]
        if notices.stale:
            notice = (f'<div class="ar-stale-notice" role="note">{html.escape(self.t("stale_page"))} '
                      f'<a href="{html.escape(english_url(path))}" hreflang="{SOURCE_LANGUAGE}">{html.escape(self.t("stale_link"))}</a> · '
                      f'<a href="{relative_url(path, TRANSLATIONS_PAGE)}">{html.escape(self.t("translations_title"))}</a></div>\n\n')
            parts = parts[:1] + [notice] + parts[1:]
        return Page(path, title, "".join(parts))

    # -- inline text --------------------------------------------------------
    def symbol(self, notices: PageNotices, symbol_id: str) -> str:
        symbol = self.glossary.symbols[symbol_id]
        label = html.escape(self.text(notices, symbol.label))
        return (
            f'<span class="ar-symbol ar-symbol--{symbol.kind}" style="--ar-symbol-color:{html.escape(symbol.color)}" '
            f'title="{label}"><span class="ar-symbol__glyph" aria-hidden="true">{html.escape(symbol.glyph.get(self.language))}</span>'
            f'<span class="ar-sr">{label}</span></span>'
        )

    def pinned_link(self, rule: str, version: str, page: str) -> str:
        """A rule cited as release `version` had it (4.3.b@2026.1): its text in that release
        (v/<version>/r/<rule>/, versions.versioned_path), the release named beside the number."""
        href = html.escape(relative_url(page, pinned_path(rule, version)))
        link = f'<a class="ar-ref ar-ref--pinned" href="{href}">{html.escape(pinned_label(rule, version))}</a>'
        now = [r for r in self.now_in.get(f"{rule}@{version}", ()) if r in self.page_of]
        if not now:
            return link
        # where its content went, when the glossary knows (the import's `supersedes:`): "(now in 4.2.5.d)"
        rules = ", ".join(f'<a class="ar-ref" href="{html.escape(relative_url(page, self.page_of[r], r))}">{html.escape(r)}</a>' for r in now)
        return f'{link} <span class="ar-ref__now">({self.markup("pinned_now_in", rules=rules)})</span>'

    def rule_numbers(self, notices: PageNotices, page: str) -> Callable[[str, str | None], str]:
        """link_rule_numbers' `link` on `page`: a pinned number to its release's text, a number as
        it is now to the rule as it stands (rule_link)."""
        return lambda rule, version: self.pinned_link(rule, version, page) if version else self.rule_link(notices, rule, page)

    def rule_link(self, notices: PageNotices, rule: str, page: str) -> str:
        pinned = PINNED_RULE_ID.match(rule)
        if pinned:
            return self.pinned_link(pinned.group(1), pinned.group(2), page)
        if rule in self.page_of:
            return f'<a class="ar-ref" href="{relative_url(page, self.page_of[rule], rule)}">{rule}</a>'
        external = self.glossary.external_rules.get(rule)
        if external is None:  # engine traces may cite a number the glossary does not hold
            return rule
        # The title goes into an attribute: its symbols as their labels, plain text, so that the
        # badges drawn afterwards never land inside the attribute (F-14).
        title = SYMBOL_REFERENCE.sub(lambda m: self.text(notices, self.glossary.symbols[m.group(1)].label)
                                     if m.group(1) in self.glossary.symbols else m.group(0), self.text(notices, external.title))
        note = html.escape(self.t("external_rule", rule=rule, title=title))
        return f'<span class="ar-ref ar-ref--external" title="{note}">{rule}<span class="ar-sr"> ({note})</span></span>'

    def link_keywords(self, escaped: str, page: str, rule: str, used: set[str]) -> str:
        """The first mention of each keyword in a paragraph links to the keyword index,
        except in the rules that define it (no self-links)."""
        if self.keyword_pattern is None:
            return escaped

        def replace(match: re.Match[str]) -> str:
            keyword = self.keyword_order[int(match.lastgroup[1:])]  # type: ignore[index]
            if keyword.term.id in used or any(rule == d or rule.startswith(d + ".") for d in keyword.defined_in):
                return match.group(0)
            used.add(keyword.term.id)
            href = relative_url(page, KEYWORDS_PAGE, keyword.anchor)
            return f'<a class="ar-term" href="{href}">{match.group(0)}</a>'

        return self.keyword_pattern.sub(replace, escaped)

    def inline(self, notices: PageNotices, raw: str, page: str, *, links: bool = True,
               keywords: tuple[str, set[str]] | None = None) -> str:
        """Escaped text with symbols as badges, rule numbers as links and line breaks kept."""
        escaped = html.escape(raw, quote=False)
        if keywords is not None:
            escaped = self.link_keywords(escaped, page, *keywords)
        if links:   # before the symbols: a rule number in a symbol's label is no link (and never inside its attribute)
            escaped = link_rule_numbers(escaped, self.rule_numbers(notices, page))
        # A {name} that is no symbol stays as typed: the glossary's texts are linted, but an engine
        # trace repeats a scenario's names ("{zz}" as a character's name is no symbol).
        escaped = SYMBOL_REFERENCE.sub(lambda m: self.symbol(notices, m.group(1)) if m.group(1) in self.glossary.symbols
                                       else m.group(0), escaped)
        return escaped.replace("\n", "<br>\n")

    def paragraphs_html(self, notices: PageNotices, raw: str, page: str, css: str = "") -> str:
        parts = [p for p in re.split(r"\n\s*\n", raw) if p.strip()]
        cls = f' class="{css}"' if css else ""
        return "".join(f"<p{cls}>{self.inline(notices, p, page)}</p>\n" for p in parts)

    # -- pieces -------------------------------------------------------------
    def list_html(self, notices: PageNotices, kind: ListKind | None, items: Iterable[Text], page: str,
                  keywords: tuple[str, set[str]] | None = None) -> str:
        items = list(items)
        if not items:
            return ""
        tag = "ol" if kind is ListKind.ORDERED else "ul"
        inner = "".join(f"<li>{self.inline(notices, self.text(notices, i), page, keywords=keywords)}</li>" for i in items)
        return f'<{tag} class="ar-list">{inner}</{tag}>\n'

    def gap_html(self, notices: PageNotices, gap: Text | None, page: str) -> str:
        if gap is None:
            return ""
        return (
            f'<div class="ar-gap" role="note"><strong class="ar-gap__title">{self.h("gap_title")}</strong> '
            f'{self.inline(notices, self.text(notices, gap), page)}</div>\n'
        )

    def sources_html(self, sources: Iterable[str], page: str, text_from: str | None = None) -> str:
        links = []
        for source in sources:
            label = html.escape(source)
            links.append(f'<a href="{relative_url(page, SOURCES_PAGE, source)}">{label}</a>')
        extra = f" ({self.h('text_from', source=text_from)})" if text_from else ""
        return (f'<span class="ar-meta__item ar-meta__sources" {UNSEARCHED}>{self.label("sources")} {", ".join(links)}'
                f'{extra}</span>')

    def corrections_html(self, notices: PageNotices, corrections: Iterable[Correction], page: str) -> str:
        corrections = list(corrections)
        if not corrections:
            return ""
        # A correction is of the English source: its two texts are English on every page.
        en = "" if self.language == "en" else ' lang="en"'
        rows = "".join(
            f'<li><del{en}>{self.inline(notices, c.was, page, links=False) or "&#8203;"}</del> → '
            f'<ins{en}>{self.inline(notices, c.now, page, links=False) or "∅"}</ins> '
            f'<span class="ar-correction__why">({self.h("correction_" + c.why.value)})</span></li>'
            for c in corrections
        )
        return (
            f'<details class="ar-corrections" {UNSEARCHED}><summary>{self.h("corrections", count=len(corrections))}</summary>'
            f'<ul>{rows}</ul></details>\n'
        )

    def citing_label(self, notices: PageNotices, citing: str) -> str:
        for kind in ("remark", "example"):
            marker = f"-{kind}-"
            if marker in citing:
                return f"{citing.split(marker)[0]} ({self.t(kind).rstrip('.').lower()})"
        if citing.startswith("term-"):
            term = next(t for t in self.glossary.terms if f"term-{t.id}" == citing)
            return self.text(notices, term.title)
        if citing.startswith("mode-"):
            mode = next(m for m in self.glossary.modes if f"mode-{m.id}" == citing)
            return self.text(notices, mode.title)
        if citing.startswith("ruling-"):
            ruling = next(r for r in self.glossary.rulings if f"ruling-{r.id}" == citing)
            return f"{self.t('ruling')}{self.t('colon')} {self.text(notices, ruling.title)}"
        return citing

    def cited_by_html(self, notices: PageNotices, rule: str, page: str) -> str:
        # Rulings about a rule have their own line (rulings_html); they are not repeated here.
        citing = sorted((c for c in self.glossary.cited_by.get(rule, []) if not c.startswith("ruling-")), key=lambda c: rule_sort_key(c.split("-")[0]) if c[0].isdigit() else [99, c])
        return self.labelled_links("cited", "cited_by", [
            f'<a href="{relative_url(page, self.page_of[c], c)}">{html.escape(self.citing_label(notices, c))}</a>' for c in citing
        ])

    def rulings_html(self, notices: PageNotices, rule: str, page: str) -> str:
        return self.labelled_links("rulings", "rulings", [
            f'<a href="{relative_url(page, RULINGS_PAGE, "ruling-" + r.id)}">{html.escape(self.text(notices, r.title))}</a>'
            for r in self.glossary.rulings_by_rule.get(rule, [])
        ])

    def decides_html(self, decides: dict[str, str]) -> str:
        """The questions the seeds leave open that the rule decides (its `decides:`, engine.decisions),
        each with the answer the engine follows, in the page's language: "The engine follows it on: ..."."""
        return self.labelled_links("decides", "decides", [
            html.escape(self.say.render(msg("decision.page", question=question_said(Question(key)), answer=Reading(answer))))
            for key, answer in decides.items()
        ], separator="; ")

    def cards_html(self, place: str, page: str) -> str:
        """Links to the pages of the cards that the entry `place` names (cards.py finds them)."""
        # Card names hold commas ("Kuwat, the Dissenter"): a semicolon separates them.
        return self.labelled_links("cards", "cards_named", [
            f'<a class="ar-card-link" href="{relative_url(page, card_page(card))}">{html.escape(card.name)}</a>'
            for card in self.cards_at.get(place, ())
        ], separator="; ")

    def labelled_links(self, kind: str, key: str, links: list[str], separator: str = ", ") -> str:
        """An item of an entry's meta line: its label, then its links ("Rulings: a, b"); nothing without links."""
        if not links:
            return ""
        return f'<span class="ar-meta__item ar-meta__{kind}">{self.label(key)} {separator.join(links)}</span>'

    def changed_html(self, anchor: str, page: str) -> str:
        """"Changed in <release>", linking to the entry's history (only once a release changed it)."""
        if anchor not in self.changed_in:
            return ""
        label, history = self.changed_in[anchor]
        return (f'<span class="ar-meta__item ar-meta__changed"><a href="{relative_url(page, history, anchor)}">'
                f'{html.escape(label)}</a></span>')

    def edit_link(self, file: str, line: int, rule: str | None = None) -> str:
        """The link to an entry's YAML on the forge: an icon among a rule's tools (beside the
        copy button the site's script adds), or a meta item "Edit this entry" for other entries."""
        url = self.source_links.url(file, line) if self.source_links else None
        if url is None or self.source_links is None:
            return ""
        where = self.t("edit_where", file=self.source_links.path(file), line=line)
        if rule is not None:
            title = html.escape(self.t("edit_rule", rule=rule) + " (" + where + ")")
            return f'<a class="ar-edit" href="{html.escape(url)}" title="{title}" aria-label="{title}">{EDIT_ICON}</a>'
        return (f'<span class="ar-meta__item"><a class="ar-edit ar-edit--entry" href="{html.escape(url)}" '
                f'title="{html.escape(where)}">{EDIT_ICON} {html.escape(self.t("edit_entry"))}</a></span>')

    def meta_html(self, *items: str) -> str:
        items = tuple(i for i in items if i)
        return f'<p class="ar-meta">{" · ".join(items)}</p>\n' if items else ""

    def note_html(self, notices: PageNotices, note: Note, page: str) -> str:
        kind = note.kind.value
        body = self.paragraphs_html(notices, self.text(notices, note.text), page)
        # The kind label goes inside the first paragraph so it reads "Example. Foundry Armorer..."
        body = body.replace("<p>", f'<p><span class="ar-note__kind">{self.h(kind)}</span> ', 1)
        return (
            f'<aside {self.lang_attrs(note.text, f"ar-note ar-note--{kind}")} id="{note.anchor}">\n{body}'
            f"{self.gap_html(notices, note.gap, page)}{self.stale_html((note.text, note.gap), page, note.anchor)}"
            f"{self.check_html(notices, self.checks.get(note.anchor), page) if note.kind is NoteKind.EXAMPLE else ''}"
            f"{self.meta_html(self.cards_html(note.anchor, page))}"
            f"{self.corrections_html(notices, note.corrections, page)}</aside>\n"
        )

    # -- verified scenarios ---------------------------------------------------
    @functools.cached_property
    def say(self) -> MessageRenderer:
        """Renders the engine's messages in the page's language (plugins/altered_rules/messages.py),
        citing the glossary's rule numbers (content/glossary/citing.py)."""
        return message_renderer(self.language, card_names(self.glossary.cards.values(), self.language),
                                citations=engine_citations(self.glossary))

    def said(self, line: TraceLine) -> str:
        """A trace line in this language: its message rendered, else its text. Made once per
        message in a language build: the glossary's traces say 3,559 lines with 1,158 different
        messages, and the rule pages and the export both show each (issue 29)."""
        return line.text if line.message is None else self._said_typed(typed_key(line.message), line.message)

    def _said_typed(self, key: tuple[object, ...], message: Message) -> str:
        text = self._said.get(key)
        if text is None:
            text = self._said[key] = self.say.line(message)
        return text

    def said_trace(self, check: Check) -> list[str]:
        """Each line of a check's trace in this language, as `said` says it, by its message's typed
        key (made once for every language, Check.message_keys): a site build says each line in
        three languages, on the rule page and in the export (which takes the page's list: callers
        only read it)."""
        kept = self._said_checks.get(id(check))
        if kept is not None and kept[0] is check:
            return kept[1]
        assert check.result is not None
        said = [line.text if key is None else self._said_typed(key, line.message)  # type: ignore[arg-type]
                for line, key in zip(check.result.trace, check.message_keys)]
        self._said_checks[id(check)] = (check, said)
        return said

    def ruling_cited(self, title: str) -> str:
        """A ruling a trace line cites, by its title in this language ("ruling: Which Expedition
        opposes which during Progress"), where its id is English (plain text, to be escaped)."""
        return f"{self.t('ruling').lower()}{self.t('colon')} {title}"

    def trace_html(self, notices: PageNotices, check: Check, page: str) -> str:
        assert check.result is not None
        items = [f'<li style="--ar-depth:{line.depth}">{self._trace_line(notices, said, line, page)}</li>'
                 for line, said in zip(check.result.trace, self.said_trace(check))]
        return f'<ul class="ar-trace" lang="{self.language}">{"".join(items)}</ul>'

    def _trace_line(self, notices: PageNotices, said: str, line: TraceLine, page: str) -> str:
        """A trace line's HTML (`said`, its text in this language, and the rules and rulings it cites
        but does not name), made once per page: a page's traces repeat many lines (issue 29). What it
        notes of the texts it shows (a symbol's label, a ruling's title) is noted again each time."""
        key = (said, line.rules, line.rulings, page)
        kept = self._trace_lines.get(key)
        if kept is None:
            own = PageNotices()
            text = self.inline(own, said, page)
            extra = [self.rule_link(own, r, page) for r in line.rules if r not in said]
            for ruling in line.rulings:
                found = next((r for r in self.glossary.rulings if r.id == ruling), None)
                if found is not None:
                    said_ruling = html.escape(self.ruling_cited(self.text(own, found.title)))
                    extra.append(f'<a href="{relative_url(page, RULINGS_PAGE, "ruling-" + ruling)}">{said_ruling}</a>')
            suffix = f' <span class="ar-trace__rules">({", ".join(extra)})</span>' if extra else ""
            kept = self._trace_lines[key] = (text + suffix, own)
        notices.add(kept[1])
        return kept[0]

    def check_html(self, notices: PageNotices, check: Check | None, page: str, caption: Text | None = None) -> str:
        """The verified badge, and the scenario with the engine's trace, opened on demand."""
        if self.verification is None:
            return ""
        if check is None:
            return f'<p class="ar-verified ar-verified--none">{self.h("not_verified")}</p>\n'
        if not check.passed:  # the build fails before a page shows this; kept for `make dev`
            return f'<p class="ar-verified ar-verified--failed">{html.escape(check.failure())}</p>\n'
        scenario = check.shown
        label = self.h("verified_example" if check.kind is CheckKind.EXAMPLE else "verified_illustration")
        # An illustration shows its caption in the page's language; an example needs no title:
        # its own text, translated, is right above (the scenario's English name is in the YAML).
        title = (f'<span class="ar-verified__name">{self.inline(notices, self.text(notices, caption), page, links=False)}</span>'
                 if caption else "")
        anchor = check.anchor if check.kind is CheckKind.ILLUSTRATION else f"{check.anchor}-check"
        sandbox = sandbox_link(page, check.anchor)
        english = "" if self.language == "en" else ' lang="en"'
        # "Open in the sandbox" beside the badge, not inside what it opens: a judge on a phone reaches
        # it without expanding the example (issue 40); not in the summary, a button that holds no link.
        return (
            f'<div class="ar-check" id="{anchor}"><details class="ar-verified"><summary><span class="ar-verified__badge">✓ {label}</span> '
            f'{title}</summary>\n'
            f'<p class="ar-verified__what">{self.h("scenario")}</p>\n'
            # The scenario is written in the format's English words (and its author's `name:`):
            # screen readers of a translated page read it as English.
            f'<pre class="ar-scenario"{english}><code>{html.escape(scenario)}</code></pre>\n'
            f'<p class="ar-verified__what">{self.h("engine_trace")}</p>\n{self.trace_html(notices, check, page)}\n'
            f"</details>\n"
            f'<p class="ar-verified__open" {UNSEARCHED}><a class="ar-sandbox-link" href="{html.escape(sandbox)}">{self.h("open_in_sandbox")}</a></p>'
            f"</div>\n"
        )

    def illustrations_html(self, notices: PageNotices, paragraph: Paragraph, page: str) -> str:
        if not paragraph.scenarios or self.verification is None:
            return ""
        parts = [self.check_html(notices, self.checks.get(illustration_anchor(paragraph, i)), page, illustration.caption)
                 for i, illustration in enumerate(paragraph.scenarios, 1)]
        return f'<div class="ar-illustrations" id="{paragraph.id}-scenarios">\n{"".join(parts)}</div>\n'

    def keywords(self) -> Page:
        """The keyword index: each game term, the rules that define it and the rules that use it."""
        notices = PageNotices()   # this page's own record of the texts it shows in English
        title = self.t("keywords_title")
        out = [self.heading(1, title, "keywords"), f'<p class="ar-intro">{html.escape(self.t("keywords_intro"))}</p>\n\n']
        used_in = keyword_uses(self.glossary, self.language)
        for keyword in sorted(self.glossary.keywords, key=lambda k: k.form(self.language).casefold()):
            name = keyword.form(self.language)
            english = f' <span class="ar-meta" lang="en">({html.escape(keyword.term.en)})</span>' if self.language != "en" else ""
            unconfirmed = "" if keyword.term.confirmed or self.language == "en" else (
                f' <span class="ar-meta">· {html.escape(self.t("unconfirmed_term"))}</span>')
            defined = ", ".join(self.rule_link(notices, r, KEYWORDS_PAGE) for r in keyword.defined_in)
            uses = [r for r in used_in.get(keyword.term.id, []) if not any(r == d or r.startswith(d + ".") for d in keyword.defined_in)]
            out.append(
                f'<div class="ar-keyword" id="{keyword.anchor}"><p><strong>{html.escape(name[:1].upper() + name[1:])}</strong>{english}{unconfirmed}</p>\n'
                f'<p class="ar-meta">{self.label("defined_in")} {defined}'
                + (f' · {self.label("used_in")} {", ".join(self.rule_link(notices, r, KEYWORDS_PAGE) for r in uses)}' if uses else "")
                + "</p></div>\n"
            )
        return self.finish(notices, KEYWORDS_PAGE, title, out)

    def coverage(self) -> Page:
        notices = PageNotices()   # this page's own record of the texts it shows in English
        assert self.verification is not None
        title = self.t("coverage_title")
        figures = stats(self.glossary, self.verification)
        out = [self.heading(1, title, "coverage")]
        out.append(f'<p class="ar-intro">{html.escape(self.t("coverage_intro", **figures))}</p>\n\n')
        rows = []
        for row in coverage(self.glossary, self.verification):
            uncovered = ", ".join(
                f'{self.rule_link(notices, rule, COVERAGE_PAGE)} <span class="ar-reason">({html.escape(self.t("reason_" + (reason or "none")))})</span>'
                for rule, reason in row.uncovered
            ) or "—"
            rows.append(
                f'<tr><td>{self.rule_link(notices, row.section, COVERAGE_PAGE)}</td><td>{row.covered}/{row.paragraphs}</td><td>{uncovered}</td></tr>'
            )
        out.append(
            f'<table class="ar-coverage"><thead><tr><th>{self.h("coverage_section")}</th><th>{self.h("coverage_verified")}</th>'
            f'<th>{self.h("coverage_without")}</th></tr></thead><tbody>{"".join(rows)}</tbody></table>\n'
        )
        return self.finish(notices, COVERAGE_PAGE, title, out)

    def paragraph_html(self, notices: PageNotices, paragraph: Paragraph, page: str) -> str:
        pid = paragraph.id
        number = (
            f'<a class="ar-rule__number" href="#{pid}" title="{html.escape(self.t("permalink", rule=pid))}">{pid}</a>'
        )
        label = f' <strong class="ar-rule__label">{self.inline(notices, self.text(notices, paragraph.label), page)}</strong>' if paragraph.label else ""
        first, *rest = [p for p in re.split(r"\n\s*\n", self.text(notices, paragraph.text)) if p.strip()]
        used: set[str] = set()
        kw = (pid, used)
        edit = self.edit_link(paragraph.file, paragraph.line, pid)
        out = [f'<div {self.lang_attrs(paragraph.text, "ar-rule")} id="{pid}">\n<p class="ar-rule__text">{number}{edit}{label} {self.inline(notices, first, page, keywords=kw)}</p>\n']
        out += [f"<p>{self.inline(notices, p, page, keywords=kw)}</p>\n" for p in rest]
        out.append(self.list_html(notices, paragraph.list_kind, paragraph.items, page, keywords=kw))
        out.append(self.gap_html(notices, paragraph.gap, page))
        out.append(self.stale_html(paragraph.texts(), page, pid))
        out += [self.note_html(notices, note, page) for note in paragraph.notes]
        out.append(self.illustrations_html(notices, paragraph, page))
        out.append(self.meta_html(
            self.sources_html(paragraph.sources, page, paragraph.text_from),
            self.cited_by_html(notices, pid, page),
            self.rulings_html(notices, pid, page),
            self.decides_html(paragraph.decides),
            self.cards_html(pid, page),
            self.changed_html(pid, page),
        ))
        out.append(self.corrections_html(notices, paragraph.corrections, page))
        out.append("</div>\n")
        return "".join(out)

    def section_body_html(self, notices: PageNotices, body: SectionBody, page: str) -> str:
        """A heading's own text (no lettered rule): its text, list and notes, as a paragraph's."""
        out = ['<div class="ar-section-body">\n']
        if body.text:
            out.append(self.paragraphs_html(notices, self.text(notices, body.text), page))
        out.append(self.list_html(notices, body.list_kind, body.items, page))
        out += [self.note_html(notices, note, page) for note in body.notes]
        out.append(self.meta_html(self.decides_html(body.decides)))
        out.append("</div>\n")
        return "".join(out)

    def heading(self, level: int, title: str, anchor: str, editorial: bool = False) -> str:
        # The editorial badge is drawn by CSS from an attribute, so that it stays out of the
        # table of contents and the search titles.
        attrs = f"#{anchor}"
        if editorial:
            attrs += (f' .ar-editorial-title data-editorial="{html.escape(self.t("editorial_badge"))}"'
                      f' title="{html.escape(self.t("editorial_title"))}"')
        return f"{'#' * level} {md_escape(title)} {{ {attrs} }}\n\n"

    # -- pages --------------------------------------------------------------
    def chapter(self, chapter: Chapter) -> Page:
        notices = PageNotices()   # this page's own record of the texts it shows in English
        page = chapter_page(chapter.number)
        title = f"{chapter.number}. {self.text(notices, chapter.title)}"
        out = [self.heading(1, title, chapter.slug, chapter.title_editorial)]
        section_ids = {s.id for s in chapter.sections}
        for section in chapter.sections:
            # A section sits one level below the section that groups it (1.3 > 1.3.1), if that exists.
            parent = section.id.rsplit(".", 1)[0]
            level = 3 if parent in section_ids else 2
            out.append(self.heading(level, f"{section.id} {self.text(notices, section.title)}", section.id, section.title_editorial))
            out.append(self.meta_html(
                self.sources_html(section.sources, page),
                self.cited_by_html(notices, section.id, page),
                self.rulings_html(notices, section.id, page),
            ))
            if section.body:
                out.append(self.section_body_html(notices, section.body, page))
            for paragraph in section.paragraphs:
                out.append(self.paragraph_html(notices, paragraph, page))
                out.append("\n")
        return self.finish(notices, page, title, out)

    def term_html(self, notices: PageNotices, term: Term, page: str) -> str:
        out = [self.heading(2, self.text(notices, term.title), f"term-{term.id}")]
        if term.text:
            out.append(f'<div class="ar-term">\n{self.paragraphs_html(notices, self.text(notices, term.text), page)}')
        else:
            out.append('<div class="ar-term">\n')
        out.append(self.gap_html(notices, term.gap, page))
        out.append(self.stale_html((term.title, term.text, term.gap), page, f"term-{term.id}"))
        see = ", ".join(self.rule_link(notices, r, page) for r in term.see)
        out.append(self.meta_html(
            f'<span class="ar-meta__item">{self.label("see_rules")} {see}</span>' if see else "",
            self.sources_html(term.sources, page),
            self.cards_html(f"term-{term.id}", page),
            self.changed_html(f"term-{term.id}", page),
            self.edit_link(term.file, term.line),
        ))
        out.append(self.corrections_html(notices, term.corrections, page))
        out.append("</div>\n\n")
        return "".join(out)

    def terms(self) -> Page:
        notices = PageNotices()   # this page's own record of the texts it shows in English
        title = self.t("terms_title")
        out = [self.heading(1, title, "glossary-terms")]
        for term in sorted(self.glossary.terms, key=lambda t: self.text(notices, t.title).casefold()):
            out.append(self.term_html(notices, term, TERMS_PAGE))
        out.append(self.jargon_html(notices, TERMS_PAGE))
        return self.finish(notices, TERMS_PAGE, title, out)

    def jargon_html(self, notices: PageNotices, page: str) -> str:
        """"Coming from another game?": the jargon table (jargon.yaml, issue 27), one table per game,
        each entry under the first game it names: the other game's words (and their English, on
        the French and Italian sites), the Altered term or "no equivalent", and how Altered differs."""
        if not self.glossary.jargon:
            return ""
        terms = {entry.id: entry for entry in self.glossary.termbase}
        keywords = {keyword.term.id: keyword for keyword in self.glossary.keywords}
        out = [self.heading(2, self.t("jargon_title"), JARGON_ANCHOR),
               f'<p class="ar-intro">{html.escape(self.t("jargon_intro"))}</p>\n\n']
        for game, name in JARGON_GAMES.items():
            entries = [e for e in self.glossary.jargon if e.games[0] == game]
            if not entries:
                continue
            out.append(self.heading(3, name, f"{JARGON_ANCHOR}-{game}"))
            rows = []
            for entry in entries:
                own = entry.words[self.language] or entry.words["en"]
                words = html.escape(", ".join(own))
                if self.language != "en" and not entry.words[self.language]:
                    # The game has no words of its own in this language: its players say the English.
                    words = f'<span lang="en">{words}</span>'
                elif self.language != "en":
                    words += f' <span class="ar-meta" lang="en">({html.escape(", ".join(entry.words["en"]))})</span>'
                others = [JARGON_GAMES[g] for g in entry.games[1:]]
                if others:
                    words += f'<br><span class="ar-meta">{html.escape(self.t("jargon_also", games=", ".join(others)))}</span>'
                if entry.term is None:
                    altered = f'<em>{html.escape(self.t("jargon_none"))}</em>'
                else:
                    term = terms[entry.term]
                    form = term.en if self.language == "en" else term.forms[self.language].term
                    altered = html.escape(form[:1].upper() + form[1:])
                    if entry.term in keywords:
                        altered = f'<a class="ar-term" href="{relative_url(page, KEYWORDS_PAGE, keywords[entry.term].anchor)}">{altered}</a>'
                    altered = f"<strong>{altered}</strong>"
                notes = [self.inline(notices, self.text(notices, entry.note), page)] if entry.note else []
                links = [self.rule_link(notices, r, page) for r in entry.rules]
                links += [f'<a href="{relative_url(page, mode_page(m))}">{html.escape(self.text(notices, self.modes[m].title))}</a>'
                          for m in entry.modes]
                if links:
                    notes.append(f'<span class="ar-meta">{self.label("see_rules")} {", ".join(links)}</span>')
                rows.append(f'<tr id="{entry.anchor}"><td>{words}</td><td>{altered}</td><td>{" ".join(notes)}</td></tr>')
            out.append(f'<table class="ar-jargon"><thead><tr><th>{html.escape(self.t("jargon_their_word", game=name))}</th>'
                       f'<th>{html.escape(self.t("jargon_altered"))}</th><th>{html.escape(self.t("jargon_notes"))}</th></tr></thead>'
                       f'<tbody>{"".join(rows)}</tbody></table>\n\n')
        return "".join(out)

    @functools.cached_property
    def modes(self) -> dict[str, GameMode]:
        return {mode.id: mode for mode in self.glossary.modes}

    def block_html(self, notices: PageNotices, block: Block, page: str, anchor: str) -> str:
        out = []
        if block.title:
            out.append(self.heading(2, self.text(notices, block.title), anchor))
        out.append('<div class="ar-block">\n')
        out += [f"<p>{self.inline(notices, self.text(notices, p), page)}</p>\n" for p in block.paragraphs]
        out.append(self.list_html(notices, block.list_kind, block.items, page))
        out.append(self.gap_html(notices, block.gap, page))
        out.append(self.stale_html((block.title, *block.paragraphs, *block.items, block.gap, block.example), page, anchor))
        if block.example:
            out.append(
                f'<aside class="ar-note ar-note--example" id="{anchor}-example"><p><span class="ar-note__kind">'
                f'{self.h("mode_example")}</span> {self.inline(notices, self.text(notices, block.example), page)}</p>\n'
                f'{self.check_html(notices, self.checks.get(anchor + "-example"), page)}</aside>\n'
            )
        out.append("</div>\n\n")
        return "".join(out)

    def deck_rule_html(self, notices: PageNotices, rule: DeckRule, page: str) -> str:
        checks = ", ".join(f"<code>{html.escape(k)}: {html.escape(_yaml_value(v))}</code>" for k, v in rule.check.items())
        restates = f' · {self.h("restates")} {self.rule_link(notices, rule.rule, page)}' if rule.rule else ""
        illustrations = "".join(
            self.check_html(notices, self.checks.get(f"{rule.id}-scenario-{i}"), page, illustration.caption)
            for i, illustration in enumerate(rule.scenarios, 1)
        ) if self.verification is not None else ""
        return (
            f'<li id="{rule.id}" class="ar-deck-rule">{self.inline(notices, self.text(notices, rule.text), page)}'
            f'{self.stale_html((rule.text,), page, rule.id)}<br><span class="ar-meta" {UNSEARCHED}>{self.h("deck_check")} {checks}{restates}</span>{illustrations}</li>'
        )

    def mode(self, mode: GameMode) -> Page:
        notices = PageNotices()   # this page's own record of the texts it shows in English
        page = mode_page(mode.id)
        title = self.text(notices, mode.title)
        out = [self.heading(1, title, f"mode-{mode.id}")]
        for number, block in enumerate(mode.blocks, 1):
            out.append(self.block_html(notices, block, page, mode_block_anchor(mode.id, number)))
        if mode.deck_rules:
            out.append(self.heading(2, self.t("deck_rules"), f"{mode.id}-deck"))
            out.append('<div class="ar-block ar-deck">\n')
            if mode.deck_intro:
                out.append(f"<p>{self.inline(notices, self.text(notices, mode.deck_intro), page)}</p>\n")
            out.append(f'<ul class="ar-list">{"".join(self.deck_rule_html(notices, r, page) for r in mode.deck_rules)}</ul>\n')
            out.append("</div>\n\n")
        out.append(self.meta_html(self.sources_html(mode.sources, page), self.cards_html(f"mode-{mode.id}", page),
                                  self.edit_link(mode.file, mode.line)))
        out.append(self.corrections_html(notices, mode.corrections, page))
        return self.finish(notices, page, title, out)

    def ruling_html(self, notices: PageNotices, ruling: Ruling, page: str) -> str:
        rules = ", ".join(self.rule_link(notices, r, page) for r in ruling.rules)
        parts = [self.heading(2, self.text(notices, ruling.title), f"ruling-{ruling.id}"), '<div class="ar-ruling">\n']
        cards = self.cards_html(f"ruling-{ruling.id}", page)
        changed = self.changed_html(f"ruling-{ruling.id}", page)
        edit = self.edit_link(ruling.file, ruling.line)
        extra = "".join(" · " + item for item in (cards, changed, edit) if item)
        parts.append(f'<p class="ar-meta">{self.authority_html(ruling)} · {self.label("about_rules")} {rules}{extra}</p>\n')
        for key in ("conflict", "reading", "why"):
            unsearched = f" {UNSEARCHED}" if key == "why" else ""
            parts.append(f'<p{unsearched}><strong>{self.h(key)}.</strong> '
                         f'{self.inline(notices, self.text(notices, getattr(ruling, key)), page)}</p>\n')
        parts.append(self.stale_html((ruling.title, ruling.conflict, ruling.reading, ruling.why), page, f"ruling-{ruling.id}"))
        parts.append("</div>\n\n")
        return "".join(parts)

    def authority_html(self, ruling: Ruling) -> str:
        """Whose reading a ruling is and when it was last decided ("[Editorial reading] updated
        2026-11-25"), as NetrunnerDB marks an official FAQ's answer (issue 40)."""
        said = self.t("ruling_authority_" + ruling.authority.replace("-", "_"))
        when = html.escape(self.t("ruling_updated")).replace("{date}", f'<time datetime="{html.escape(ruling.date)}">'
                                                                       f'{html.escape(ruling.date)}</time>')
        return (f'<span class="ar-ruling__authority" data-authority="{html.escape(ruling.authority)}">'
                f'[{html.escape(said)}]</span> {when}')

    def rulings(self) -> Page:
        notices = PageNotices()   # this page's own record of the texts it shows in English
        title = self.t("rulings_title")
        out = [self.heading(1, title, "rulings"), f'<p class="ar-intro">{html.escape(self.t("rulings_intro"))}</p>\n\n']
        for ruling in sorted(self.glossary.rulings, key=lambda r: min(rule_sort_key(x) for x in r.rules)):
            out.append(self.ruling_html(notices, ruling, RULINGS_PAGE))
        return self.finish(notices, RULINGS_PAGE, title, out)

    def anchor_page(self, anchor: str) -> str | None:
        """The page that shows the element `anchor` (a rule, a note, a mode's block, a source...)."""
        if anchor in self.page_of:
            return self.page_of[anchor]
        for chapter in self.glossary.chapters:
            if anchor == chapter.slug:
                return chapter_page(chapter.number)
        for mode in self.glossary.modes:
            if anchor.startswith(f"{mode.id}-") or any(anchor.startswith(r.id) for r in mode.deck_rules):
                return mode_page(mode.id)
        if anchor in self.glossary.sources or anchor == "symbols":
            return SOURCES_PAGE
        paragraph = anchor.split("-scenario-")[0]
        return self.page_of.get(paragraph)

    def translations(self, strings: dict[str, LanguageStrings] | None = None) -> Page:
        """For translators: the texts translated from an older English text, with the English now;
        then the interface strings (`strings`, the package's files unless given) likewise."""
        notices = PageNotices()   # never shown: this page is the list of the translations behind
        title = self.t("translations_title")
        page = TRANSLATIONS_PAGE
        languages = [self.language] if self.language != SOURCE_LANGUAGE else [lang for lang in LANGUAGES if lang != SOURCE_LANGUAGE]
        states = [state for language in languages for state in translation_states(self.glossary, language)]
        stale = [s for s in states if s.status is TranslationStatus.STALE]
        current = sum(1 for s in states if s.status is TranslationStatus.CURRENT)
        out = [self.heading(1, title, "translations"), f'<p class="ar-intro">{html.escape(self.t("translations_intro"))}</p>\n\n',
               f'<p>{html.escape(self.t("translations_counts", current=current, total=len(states), stale=len(stale)))}</p>\n\n']
        if not stale:
            out.append(f'<p class="ar-translations-none">{html.escape(self.t("translations_none"))}</p>\n')
        for state in stale:
            target = self.anchor_page(state.anchor)
            links = []
            if target is not None and self.language == SOURCE_LANGUAGE:   # the English report: each translation's page
                links.append(f'<a href="{html.escape(language_url(page, state.language, state.anchor, target))}" '
                             f'hreflang="{state.language}">{html.escape(state.anchor)} ({state.language})</a>')
            elif target is not None:
                links.append(f'<a href="{relative_url(page, target, state.anchor)}">{html.escape(state.anchor)}</a>')
                links.append(f'<a href="{html.escape(english_url(page, state.anchor, target))}" '
                             f'hreflang="{SOURCE_LANGUAGE}">{html.escape(self.t("stale_link"))}</a>')
            out.append(self._stale_entry(
                f'<code>{html.escape(state.where)}</code>' + (f' · {" · ".join(links)}' if links else ""), state.language,
                self.inline(notices, self.glossary.in_language(state.text, SOURCE_LANGUAGE), page, links=False),
                self.inline(notices, self.glossary.in_language(state.text, state.language), page, links=False)))
        # The interface strings: shown as written (their {placeholders} are the site's to fill in).
        strings_states = string_states(strings or FILES, tuple(languages))
        # ...and the engine's messages, in the same flow (plugins/altered_rules/messages.py).
        strings_states += [m for m in message_states(read_messages()) if m.language in languages]
        stale_strings = [s for s in strings_states if s.status is TranslationStatus.STALE]
        current = sum(1 for s in strings_states if s.status is TranslationStatus.CURRENT)
        out += ["\n", self.heading(2, self.t("translations_strings_title"), "translations-strings"),
                f'<p>{html.escape(self.t("translations_strings_counts", current=current, total=len(strings_states), stale=len(stale_strings)))}</p>\n\n']
        if not stale_strings:
            out.append(f'<p class="ar-translations-none">{html.escape(self.t("translations_strings_none"))}</p>\n')
        for string in stale_strings:
            out.append(self._stale_entry(
                f'<code>{html.escape(string.where)}</code> · {self.label("translations_key")} '
                f'<code>{html.escape(string.key)}</code>' + (f" ({string.language})" if self.language == SOURCE_LANGUAGE else ""),
                string.language, html.escape(string.english), html.escape(string.text)))
        return Page(page, title, "".join(out))

    def _stale_entry(self, meta: str, language: str, english: str, translation: str) -> str:
        """One entry of the translators' report: where it is (HTML), the English now and the
        translation (both HTML, escaped by the caller)."""
        return (f'<div class="ar-stale-entry"><p class="ar-meta">{meta}</p>\n'
                f'<p><strong>{html.escape(self.t("translations_english"))}.</strong> <span lang="{SOURCE_LANGUAGE}">{english}</span></p>\n'
                f'<p><strong>{html.escape(self.t("translations_text"))} ({language}).</strong> <span lang="{language}">'
                f'{translation}</span></p></div>\n')

    def sources(self) -> Page:
        notices = PageNotices()   # this page's own record of the texts it shows in English
        title = self.t("sources_title")
        out = [self.heading(1, title, "sources"), f'<p class="ar-intro">{html.escape(self.t("sources_intro"))}</p>\n\n']
        for source in self.glossary.sources.values():
            out.append(self.heading(2, self.text(notices, source.title), source.id))
            file = f' · {self.label("sources_file")} <code>{html.escape(source.file)}</code>' if source.file else ""
            out.append(f'<div class="ar-source"><p>{self.inline(notices, self.text(notices, source.description), SOURCES_PAGE)}{file}</p></div>\n\n')
        out.append(self.heading(2, self.t("symbols_title"), "symbols"))
        rows = "".join(
            f"<li>{self.symbol(notices, s.id)} <code>{{{html.escape(s.id)}}}</code> {html.escape(self.text(notices, s.label))}</li>"
            for s in self.glossary.symbols.values()
        )
        out.append(f'<div class="ar-block"><p>{html.escape(self.t("symbol_legend"))}</p><ul class="ar-list">{rows}</ul></div>\n')
        return self.finish(notices, SOURCES_PAGE, title, out)


def _yaml_value(value: object) -> str:
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "true" if value else "false"
    return str(value)


def _keyword_regex(form: str, language: str) -> str:
    """A keyword as written in running text: any case, and its plural."""
    if BY_CODE[language].keyword_plural is KeywordPlural.FINAL_VOWEL and form[-1:] in "aeio":
        body = re.escape(form[:-1]) + "[aeio]"
    elif form.endswith("s"):
        body = re.escape(form[:-1]) + "s?"
    else:
        body = re.escape(form) + "s?"
    return body


def keyword_pattern(glossary: Glossary, language: str) -> tuple[re.Pattern[str] | None, list]:
    """One pattern for every keyword (longest first, so "Expedition zone" wins over "Expedition")."""
    if not glossary.keywords:
        return None, []
    order = sorted(glossary.keywords, key=lambda k: -len(k.form(language)))
    alternatives = "|".join(f"(?P<k{i}>{_keyword_regex(k.form(language), language)})" for i, k in enumerate(order))
    # Not inside {symbol} markup, nor a [placeholder] of a template ("in [expedition]"), nor an
    # entity of the escaped text (a keyword "lt" would otherwise break "&lt;" apart).
    return re.compile(rf"(?<![{{\[\w'&-])(?:{alternatives})(?![}}\]\w-])", re.IGNORECASE), order


def keyword_uses(glossary: Glossary, language: str) -> dict[str, list[str]]:
    """For each keyword, the paragraphs whose text mentions it (in `language`)."""
    pattern, order = keyword_pattern(glossary, language)
    uses: dict[str, list[str]] = {}
    if pattern is None:
        return uses
    for paragraph in sorted(glossary.paragraphs.values(), key=lambda p: rule_sort_key(p.id)):
        text = " ".join(t.get(language) for t in (paragraph.text, *paragraph.items))
        for match in pattern.finditer(text):
            keyword = order[int(match.lastgroup[1:])]  # type: ignore[index]
            found = uses.setdefault(keyword.term.id, [])
            if paragraph.id not in found:
                found.append(paragraph.id)
    return uses


SCENARIO_PARAMETER = "scenario"
"""The sandbox page's query parameter that names one of the glossary's scenarios by its id."""


def sandbox_link(page: str, scenario_id: str) -> str:
    """The link from `page` that opens the glossary's scenario `scenario_id` in the judge's sandbox.

    The scenario is named, not carried: the sandbox reads it from the file this language's build
    publishes (sandbox.scenario_file). Carried as base64url JSON (`?s=`), the fifty scenarios of a
    chapter were 8 kB of its 28 kB gzipped (base64 hardly compresses); an id is a few bytes."""
    return f"{relative_url(page, SANDBOX_PAGE)}?{SCENARIO_PARAMETER}={quote(scenario_id, safe='')}"
