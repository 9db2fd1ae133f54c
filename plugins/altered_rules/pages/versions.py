"""The glossary's releases on the site: pages, versioned permalinks, the feed, the footer label.

Plain functions of a `History` (history.py) and the current glossary, in one language:

- `releases/` lists every release; `releases/<version>/` shows what it changed since the one
  before, grouped by chapter, word by word (<ins>/<del>);
- `history/<group>/` shows, for each entry of a chapter (or the terms, game modes, rulings) that
  a release changed, each change;
- `v/<version>/r/<rule>/` is a rule's text in a release, with a banner when a newer text exists
  (written as plain HTML pages beside the MkDocs build: one per rule and release, so ten
  releases do not make ten MkDocs builds);
- `releases/feed.xml` is an Atom feed of the releases;
- the footer label and the citation data the copy button reads.

Every text from the YAML is escaped where it lands (html.escape for HTML, ElementTree for the
feed, json.dumps for the script data).
"""

from __future__ import annotations

import html
import json
import re
import xml.etree.ElementTree as ET
from dataclasses import dataclass, field
from typing import Callable, Iterable

from ..content.glossary.model import Glossary, rule_sort_key
from ..content.glossary.releases import Entry, Release
from ..content.glossary.schema import PARAGRAPH_ID, RULE_QUOTE_ANY, SECTION_ID, SYMBOL_REFERENCE
from ..site_paths import site_path
from ..strings import tr
from .history import Change, ChangeKind, FieldChange, History, ReleaseDiff, group_order, word_diff
from .redirects import SHORT_URL_PREFIX, redirect_page
from .render import Page, PageNotices, Renderer, link_rule_numbers, mode_page, page_url, relative_url, script_json

RELEASES_PAGE = "releases/index.md"
FEED = "releases/feed.xml"
VERSIONED_PREFIX = "v"


def release_page(version: str) -> str:
    return site_path(f"releases/{version}.md")


def history_page(group: str) -> str:
    return site_path(f"history/{group}.md")


def versioned_path(version: str, rule: str) -> str:
    """Where a rule's text in a release is, from the language's root: v/2026.1/r/4.2.4.c/."""
    return site_path(f"{VERSIONED_PREFIX}/{version}/r/{rule}/")


def is_rule(key: str) -> bool:
    return bool(SECTION_ID.match(key) or PARAGRAPH_ID.match(key))


# Generated pages that are no part of the search index (they repeat the rules' texts).
_NO_SEARCH = "---\nsearch:\n  exclude: true\n---\n\n"


@dataclass(frozen=True)
class Label:
    """Which release the site shows, for the footer and the copied citation."""

    text: str
    href: str                 # from the language's root
    version: str | None       # None: no release recorded yet
    unreleased: bool


def _latest(history: History) -> Release:
    """The latest release, where one exists: the release pages are written only for releases."""
    assert history.latest is not None
    return history.latest


def site_label(history: History, language: str, renderer_t) -> Label:
    latest = history.latest
    if latest is None:
        return Label(renderer_t("release_none"), "", None, False)
    key = "release_footer_unreleased" if history.unreleased else "release_footer"
    return Label(renderer_t(key, version=latest.version, date=latest.date), page_url(release_page(latest.version)),
                 latest.version, history.unreleased)


@dataclass(frozen=True)
class ReleaseStamp:
    """Which release an export is (release_stamp makes it from the history)."""

    version: str
    date: str
    unreleased: bool   # the glossary has changed since that release
    # rule -> the numbers it had before, newest first, each with the last release so numbered
    renumbered: dict[str, tuple[tuple[str, str], ...]] = field(default_factory=dict)
    # entry key (4.2.4.c, term-draw, mode-standard, ruling-sacrifice...) -> the release it last
    # changed in (History.changed_in); absent: added since the latest release
    changed_in: dict[str, str] = field(default_factory=dict)
    versions: tuple[str, ...] = ()   # every release, oldest first

    def last_changed(self, *keys: str) -> str | None:
        """The latest release any of the entries `keys` changed in (None: none is in a release)."""
        found = [self.changed_in[key] for key in keys if key in self.changed_in]
        return max(found, key=self.versions.index) if found else None


def release_stamp(history: History) -> ReleaseStamp | None:
    """Which release the export is (None before the first)."""
    latest = history.latest
    if latest is None:
        return None
    formers = {key: history.former_numbers(key) for key in history.current.entries if PARAGRAPH_ID.match(key)}
    return ReleaseStamp(latest.version, latest.date, history.unreleased, {k: v for k, v in formers.items() if v},
                        history.changed_in(), tuple(r.version for r in history.releases))


def citation_script(label: Label, language: str) -> str:
    """The release the copy button cites, as a JSON script element (read by altered-rules.js)."""
    data = {"version": label.version, "unreleased": label.unreleased, "prefix": VERSIONED_PREFIX,
            "cite": tr(language, "cite_unreleased" if label.unreleased else "cite_release",
                       version=label.version or "")}
    payload = script_json(json.dumps(data, ensure_ascii=False))
    return f'<script id="ar-release" type="application/json">{payload}</script>'


class VersionRenderer:
    """The releases' pages in one language, drawn with the glossary's renderer (its words, symbols
    and links to the current rules)."""

    def __init__(self, glossary: Glossary, history: History, language: str, renderer: Renderer | None = None) -> None:
        self.glossary = glossary
        self.history = history
        self.language = language
        # The language build's one Renderer (release_cycle.py passes it); a renderer of its own elsewhere.
        self.r = renderer or Renderer(glossary, language)
        self.t = self.r.t
        # Where each current entry is shown: page and anchor.
        self.location: dict[str, tuple[str, str]] = {key: (page, key) for key, page in self.r.page_of.items()}
        for mode in glossary.modes:
            for index, _ in enumerate(mode.blocks, 1):
                self.location[f"{mode.id}-{index}"] = (mode_page(mode.id), f"{mode.id}-{index}")
            for rule in mode.deck_rules:
                self.location[rule.id] = (mode_page(mode.id), rule.id)

    # -- pieces -----------------------------------------------------------------------------
    def plain(self, notices: PageNotices, raw: str, link: Callable[[str, str | None], str] | None = None) -> str:
        """Escaped text with known symbols as badges (a symbol since removed stays as typed), a
        ruling's quotation of a rule ("{rule-text 4.3.c}") as "text of rule 4.3.c", and with `link`
        (render.link_rule_numbers': of a rule number and the release a pinned one names), rule
        numbers linked first: a number in a symbol's label is never linked (nor inside its attribute)."""
        escaped = RULE_QUOTE_ANY.sub(lambda m: html.escape(self.t("rule_text_quote", rule=m.group(0)[len("{rule-text"):].strip(" }"))),
                                     html.escape(raw, quote=False))
        if link is not None:
            escaped = link_rule_numbers(escaped, link)
        escaped = SYMBOL_REFERENCE.sub(
            lambda m: self.r.symbol(notices, m.group(1)) if m.group(1) in self.glossary.symbols else m.group(0), escaped)
        return escaped.replace("\n", "<br>\n")

    def diff_html(self, notices: PageNotices, old: str, new: str, page: str) -> str:
        """Word-level difference, every piece escaped, its symbols as badges and its rule numbers
        linked (plain(): a symbol is one unit of the difference, never cut in two; issue 40: the
        pages showed "{separator}" and "{etb}" as typed)."""
        parts = []
        for op, text in word_diff(old, new):
            escaped = self.plain(notices, text, self.rule_links(notices, page))
            parts.append(escaped if op == "=" else f"<{'del' if op == '-' else 'ins'}>{escaped}</{'del' if op == '-' else 'ins'}>")
        return "".join(parts)

    def field_name(self, name: str) -> str:
        base, _, rest = name.partition(".")
        number, _, sub = rest.partition(".")
        label = self.t(f"field_{base}", n=number) if number else self.t(f"field_{base}")
        return f"{label} ({self.t('field_gap')})" if sub == "gap" else label

    def languages_shown(self, change: FieldChange) -> tuple[str, ...]:
        """This page's language where it changed; else the languages that did (marked)."""
        return (self.language,) if self.language in change.languages else change.languages

    def rule_links(self, notices: PageNotices, page: str) -> Callable[[str, str | None], str]:
        """plain()'s `link`: a rule number linked to the rule as it stands now (a number no rule has
        now stays text), a pinned one (4.3.b@2026.1) to its release's text, as on the rule pages."""
        return self.r.rule_numbers(notices, page)

    def fields_html(self, notices: PageNotices, change: Change, page: str) -> str:
        rows = []
        if change.kind in (ChangeKind.ADDED, ChangeKind.REMOVED):
            entry = change.entry
            for name, texts in entry.fields:
                language = self.language if texts.get(self.language) else "en"
                text = texts.get(language, "")
                css = "ar-change__text" + (" ar-untranslated" if language != self.language else "")
                lang = f' lang="{language}"' if language != self.language else ""
                rows.append(f'<dt>{html.escape(self.field_name(name))}</dt><dd class="{css}"{lang}>{self.plain(notices, text, self.rule_links(notices, page))}</dd>')
        else:
            for field in change.fields:
                for language in self.languages_shown(field):
                    marker = f' <span class="ar-change__lang">({language})</span>' if language != self.language else ""
                    lang = f' lang="{language}"' if language != self.language else ""
                    rows.append(f'<dt>{html.escape(self.field_name(field.field))}{marker}</dt>'
                                f'<dd class="ar-diff"{lang}>{self.diff_html(notices, field.old.get(language, ""), field.new.get(language, ""), page)}</dd>')
        en = "" if self.language == "en" else ' lang="en"'   # a correction is of the English source
        for was, now, why in change.corrections:
            why_label = self.t(f"correction_{why}") if f"correction_{why}" in _CORRECTION_KINDS else why
            rows.append(f'<dt>{html.escape(self.t("corrections", count=1).split(" (")[0])}</dt>'
                        f'<dd class="ar-diff"><del{en}>{self.plain(notices, was, self.rule_links(notices, page))}</del> → <ins{en}>{self.plain(notices, now, self.rule_links(notices, page))}</ins> '
                        f'<span class="ar-correction__why">({html.escape(why_label)})</span></dd>')
        return f'<dl class="ar-change__fields">{"".join(rows)}</dl>\n' if rows else ""

    def entry_title(self, entry: Entry) -> str:
        """How an entry is named in a list of changes: its number, or its title."""
        if is_rule(entry.key):
            return entry.key
        title = entry.field("title").get(self.language) or entry.field("title").get("en")
        if entry.kind == "mode-section":
            mode = self.history.current.entries.get(f"mode-{entry.key.rsplit('-', 1)[0]}")
            mode_title = (mode.field("title").get(self.language) or mode.field("title").get("en")) if mode else ""
            return f"{mode_title} · {title}" if title and mode_title else (title or entry.key)
        if entry.kind == "deck-rule":
            return entry.key
        return title or entry.key

    def link_to_current(self, key: str, page: str, label: str) -> str:
        where = self.location.get(key)
        if where is None:
            return html.escape(label)
        return f'<a href="{relative_url(page, where[0], where[1])}">{html.escape(label)}</a>'

    def versioned_link(self, page: str, version: str, key: str, named: bool = False) -> str:
        """A link to `key`'s text in `version` ("text in 2026.1"; `named`: "4.2.4.c, text in 2026.1")."""
        if not is_rule(key) or key not in self.history.snapshots[version].entries:
            return ""
        href = relative_url(page, "index.md") + versioned_anchor(version, key)
        label = self.t("text_in", version=version)
        return f'<a href="{html.escape(href)}">{html.escape(f"{key}, {label}" if named else label)}</a>'

    def text_link(self, page: str, version: str, change: Change) -> str:
        """A link to the entry's text as `version` left it (a removed one: as the release before)."""
        if change.kind is ChangeKind.REMOVED:
            versions = [d.release.version for d in self.history.diffs]
            version = versions[versions.index(version) - 1]
        return self.versioned_link(page, version, change.key)

    def kind_html(self, change: Change, arrow: bool = False) -> str:
        """The kind of a change; `arrow`: its head already shows "4.2.4.c → 4.2.4.d"."""
        text = self.t(f"change_{change.kind.value}")
        if change.renumbered_from and arrow:
            text = self.t("change_renumbered") + ("" if change.kind is ChangeKind.RENUMBERED else ", " + text)
        elif change.renumbered_from:
            key = "renumbered_from" if change.kind is ChangeKind.RENUMBERED else "renumbered_changed_from"
            text = self.t(key, old=change.renumbered_from)
        return f'<span class="ar-change__kind ar-change__kind--{change.kind.value}">{html.escape(text)}</span>'

    def group_title(self, group: str) -> str:
        if group.startswith("chapter-"):
            number = group.split("-", 1)[1]
            titles = self.history.current.chapters.get(number) or next(
                (s.chapters[number] for s in reversed(list(self.history.snapshots.values())) if number in s.chapters), {})
            title = titles.get(self.language) or titles.get("en") or ""
            return f"{number}. {title}"
        return {"terms": self.t("terms_title"), "modes": self.t("group_modes"), "rulings": self.t("rulings_title")}[group]

    def release_meta(self, notices: PageNotices, release: Release, page: str) -> str:
        sources = ", ".join(f'<a href="{relative_url(page, "sources.md", s)}">{html.escape(s)}</a>' for s in release.based_on.sources)
        based = self.r.markup("release_based_on", version=html.escape(self.r.text(notices, release.based_on.version)),
                              date=html.escape(release.based_on.date), sources=sources)
        return (f'<p class="ar-meta"><span class="ar-meta__item">{html.escape(self.t("release_date", date=release.date))}</span>'
                f' · <span class="ar-meta__item">{based}</span></p>\n')

    # -- pages -------------------------------------------------------------------------------
    def releases_index(self) -> Page:
        notices = PageNotices()   # this page's own record of the texts it shows in English
        page = RELEASES_PAGE
        title = self.t("releases_title")
        out = [_NO_SEARCH, self.r.heading(1, title, "releases"),
               f'<p class="ar-intro">{html.escape(self.t("releases_intro"))}</p>\n',
               f'<p><a class="ar-feed" href="feed.xml" type="application/atom+xml">{html.escape(self.t("releases_feed"))}</a></p>\n\n']
        if self.history.unreleased:
            out.append(f'<p class="ar-release-note" role="note">{html.escape(self.t("release_unreleased_note"))}</p>\n\n')
        for diff in reversed(self.history.diffs):
            release = diff.release
            out.append(self.r.heading(2, self.t("release_title", version=release.version), f"release-{release.version}"))
            out.append(self.release_meta(notices, release, page))
            out.append(f'<div class="ar-release">{self.r.paragraphs_html(notices, self.r.text(notices, release.notes), page)}')
            out.append(f'<p><a href="{relative_url(page, release_page(release.version))}">{html.escape(self.summary(diff))}</a></p></div>\n\n')
        if not self.history.releases:
            out.append(f"<p>{html.escape(self.t('release_none'))}</p>\n")
        return self.r.finish(notices, page, title, out)

    def summary(self, diff: ReleaseDiff) -> str:
        if diff.previous is None:
            return self.t("release_first", count=len(diff.changes))
        return self.t("release_since", previous=diff.previous.version, count=len(diff.changes))

    def release(self, diff: ReleaseDiff) -> Page:
        notices = PageNotices()   # this page's own record of the texts it shows in English
        release = diff.release
        page = release_page(release.version)
        title = self.t("release_title", version=release.version)
        out = [_NO_SEARCH, self.r.heading(1, title, "release"), self.release_meta(notices, release, page),
               f'<div class="ar-release">{self.r.paragraphs_html(notices, self.r.text(notices, release.notes), page)}</div>\n',
               f'<p class="ar-intro">{html.escape(self.summary(diff))} {html.escape(self.t("diff_legend"))}</p>\n\n']
        if not diff.changes:
            out.append(f"<p>{html.escape(self.t('release_no_changes'))}</p>\n")
        for group, changes in _by_group(diff.changes):
            out.append(self.r.heading(2, self.group_title(group), group))
            for change in changes:
                out.append(self.change_html(notices, change, page, release.version, history=True))
        return self.r.finish(notices, page, title, out)

    def change_html(self, notices: PageNotices, change: Change, page: str, version: str, history: bool) -> str:
        title = self.link_to_current(change.key, page, self.entry_title(change.entry))
        if change.renumbered_from and is_rule(change.key):   # "4.2.4.c → 4.2.4.d"
            title = f'<span class="ar-change__was">{html.escape(change.renumbered_from)}</span> → {title}'
        head = [title, self.kind_html(change, arrow=bool(change.renumbered_from and is_rule(change.key)))]
        if history:
            head.append(f'<a href="{relative_url(page, history_page(change.group), change.key)}">{html.escape(self.t("history_link"))}</a>')
        head.append(self.text_link(page, version, change))
        return (f'<div class="ar-change ar-change--{change.kind.value}" data-key="{html.escape(change.key)}">'
                f'<p class="ar-change__head">{" · ".join(h for h in head if h)}</p>\n{self.fields_html(notices, change, page)}</div>\n')

    def history_pages(self) -> list[Page]:
        groups = group_order(self.history.current, *self.history.snapshots.values())
        return [self.history_of(group) for group in groups]

    def history_of(self, group: str) -> Page:
        notices = PageNotices()   # this page's own record of the texts it shows in English
        page = history_page(group)
        title = self.t("history_title", group=self.group_title(group))
        out = [_NO_SEARCH, self.r.heading(1, title, "history"), f'<p class="ar-intro">{html.escape(self.t("history_intro"))} '
               f'{html.escape(self.t("diff_legend"))}</p>\n\n']
        keys = sorted({k for k, changes in self.history.by_key.items() if any(c.group == group for _, c in changes)},
                      key=lambda k: (0, rule_sort_key(k)) if is_rule(k) else (1, [self.order(k)]))
        if not keys:
            out.append(f"<p>{html.escape(self.t('history_none'))}</p>\n")
        for key in keys:
            changes = self.history.by_key[key]
            entry = changes[-1][1].entry if changes[-1][1].key == key else (changes[-1][1].old or changes[-1][1].entry)
            out.append(self.r.heading(2, self.entry_title(entry) if not is_rule(key) else key, key))
            out.append('<div class="ar-history">\n')
            if key in self.location:
                out.append(f'<p class="ar-meta">{self.link_to_current(key, page, self.t("current_text"))}</p>\n')
            for release, change in reversed(changes):
                # Its life under every number: a change made while it had another number says which.
                moved = "" if change.key == key else " · " + html.escape(self.t("history_as", rule=change.key))
                text = self.text_link(page, release.version, change)
                if change.renumbered_from and self.previous(release):   # and its text under the old number
                    before = self.versioned_link(page, self.previous(release), change.renumbered_from, named=True)
                    text = " · ".join(link for link in (text, before) if link)
                out.append(f'<div class="ar-history__release"><p class="ar-change__head"><a href="{relative_url(page, release_page(release.version))}">'
                           f'{html.escape(release.version)}</a> ({html.escape(release.date)}) · {self.kind_html(change)}{moved}'
                           f'{" · " + text if text else ""}</p>\n{self.fields_html(notices, change, page)}</div>\n')
            out.append("</div>\n\n")
        return self.r.finish(notices, page, title, out)

    def previous(self, release: Release) -> str:
        """The version of the release before `release` ("" for the first)."""
        versions = [r.version for r in self.history.releases]
        index = versions.index(release.version)
        return versions[index - 1] if index else ""

    def order(self, key: str) -> int:
        keys = list(self.history.current.entries)
        return keys.index(key) if key in keys else len(keys)

    def pages(self) -> list[Page]:
        return [self.releases_index(), *(self.release(d) for d in self.history.diffs), *self.history_pages()]

    # -- the "changed in" label of a rule page ------------------------------------------------
    def changed_in(self) -> dict[str, tuple[str, str]]:
        """anchor -> (label, history page path + anchor) for entries changed since the first release."""
        return changed_entries(self.history, self.language)


_CORRECTION_KINDS = {"correction_typo", "correction_grammar", "correction_symbol", "correction_residue"}


def _by_group(changes: Iterable[Change]) -> list[tuple[str, list[Change]]]:
    groups: list[tuple[str, list[Change]]] = []
    for change in changes:
        if not groups or groups[-1][0] != change.group:
            groups.append((change.group, []))
        groups[-1][1].append(change)
    return groups



def changed_entries(history: History, language: str) -> dict[str, tuple[str, str]]:
    """anchor -> (label, history page path + anchor) for entries changed since the first release,
    in `language`: what each entry's "changed in" line says (render.Renderer's changed_in), known
    before the language's Renderer is made."""
    def t(key: str, **values: object) -> str:
        return tr(language, key, **values)

    def previous(release: Release) -> str:
        versions = [r.version for r in history.releases]
        index = versions.index(release.version)
        return versions[index - 1] if index else ""

    result = {}
    for key in history.by_key:
        found = history.changed_since_first(key)
        if found is None or key not in history.current.entries:
            continue
        release, change = found
        if change.renumbered_from:
            label = t("renumbered_in", old=change.renumbered_from, version=previous(release))
        elif change.kind is ChangeKind.ADDED and previous(release) and \
                key in history.snapshots[previous(release)].entries:
            # The number was another rule's: say where that one went.
            new = history.follow(previous(release), key)
            label = (t("number_reused", version=release.version, rule=key, new=new) if new
                     else t("added_in", version=release.version))
        else:
            label = t("added_in" if change.kind is ChangeKind.ADDED else "changed_in", version=release.version)
        result[key] = (label, history_page(change.group))
    return result

def version_pages(glossary: Glossary, history: History, language: str, renderer: Renderer | None = None) -> list[Page]:
    """The releases' pages in `language` (none before the first release)."""
    if not history.releases:
        return []
    return VersionRenderer(glossary, history, language, renderer).pages()


# ---- versioned pages: a chapter's text in a release, in the site's frame ---------------------
# One page per release and chapter (v/<version>/<chapter>/), its paragraphs anchored by number,
# drawn in the frame MkDocs drew for SHELL_PAGE (header, search, language switch, footer) so that
# a judge opening a cited link on a phone lands on the site, not on a bare page. The permalink
# of a rule in a release, v/<version>/r/<rule>/, is a redirect to its anchor there. Its target is
# relative (../../<chapter>/#<rule>), the same in every release: the redirects are written once,
# in the first release's r/, and each later release's r/ links there (a symlink), instead of one
# file per rule and release (2,500 a language with ten releases, which cost the build more than
# all else did). In the first release, not in a folder of their own: every URL they are served
# at is then a rule's permalink in a release, whose relative target is right.
SHELL_PAGE = "v/shell/page.md"     # at the depth of v/<version>/<chapter>/: its relative links hold
SHELL_URL = "v/shell/page/"
SHELL_MARK = '<div id="ar-versioned-shell"></div>'


def chapter_of(rule: str) -> str:
    return rule.split(".", 1)[0]


def versioned_chapter_path(version: str, chapter: str) -> str:
    return site_path(f"{VERSIONED_PREFIX}/{version}/{chapter}/")


def versioned_anchor(version: str, rule: str) -> str:
    """Where a rule's text in a release is shown, from the language's root: v/2026.1/4/#4.2.4.c."""
    return f"{versioned_chapter_path(version, chapter_of(rule))}#{rule}"


def shell_page() -> Page:
    """The page whose built HTML frames the versioned pages (removed from the site after use)."""
    return Page(SHELL_PAGE, "Altered Rules", f"---\ntitle: Altered Rules\nsearch:\n  exclude: true\n---\n\n{SHELL_MARK}\n")


class ShellError(ValueError):
    """The theme's page for SHELL_PAGE lacks what the versioned pages are cut from."""


@dataclass(frozen=True)
class Shell:
    """The built frame, cut around its article."""

    head: str    # up to <title>'s text
    middle: str  # from </title> to the article's content
    tail: str    # from </article> to the end

    @classmethod
    def cut(cls, built: str) -> "Shell":
        title_open, title_close = built.find("<title>"), built.find("</title>")
        article = re.search(r'<article class="md-content__inner md-typeset">', built)
        close = built.rfind("</article>")
        if min(title_open, title_close, close) < 0 or article is None:
            raise ShellError(f"the built {SHELL_URL}index.html has no <title> or no <article class=\"md-content__inner "
                             "md-typeset\">: did the theme change? The versioned pages are cut from it")
        head = built[:title_open + len("<title>")]
        middle = built[title_close:article.end()].replace("</head>", '<meta name="robots" content="noindex">\n</head>', 1)
        return cls(head, middle, built[close:])

    def page(self, url: str, title: str, content: str) -> str:
        # The frame names its own URL (canonical, hreflang, language links): the page's instead.
        return (self.head.replace(SHELL_URL, url) + html.escape(title) + self.middle.replace(SHELL_URL, url) + "\n"
                + content + "\n" + self.tail.replace(SHELL_URL, url))


def _versioned_text(vr: VersionRenderer, entry: Entry, snapshot_keys: set[str], note: str, page: str) -> str:
    """A rule's texts in a release, escaped, rule numbers linked to their text in the same release,
    a pinned one (4.3.b@2026.1) to its release's text (`page`: where the release's chapter is)."""

    def link(rule: str, version: str | None) -> str:
        if version:
            return vr.r.pinned_link(rule, version, page)
        return (f'<a class="ar-ref" href="../{chapter_of(rule)}/#{rule}">{rule}</a>'
                if rule in snapshot_keys and rule != entry.key else rule)

    def inline(raw: str) -> str:
        return vr.plain(PageNotices(), raw, link)

    parts = []
    items = []
    lang = vr.language
    for name, texts in entry.fields:
        language = lang if texts.get(lang) else "en"
        attrs = ' lang="en" class="ar-untranslated"' if language != lang else ""
        text = inline(texts.get(language, ""))
        if name == "text":
            label = entry.field("label")
            label_html = ""
            if label:
                label_html = f' <strong class="ar-rule__label">{inline(label.get(lang) or label.get("en", ""))}</strong>'
            parts.append(f'<p class="ar-rule__text"{attrs}><span class="ar-rule__number">{html.escape(entry.key)}</span>{label_html} {text}</p>')
        elif name.startswith("item."):
            items.append(f"<li{attrs}>{text}</li>")
        elif name in ("title", "label"):
            continue
        else:
            # The field's name starts a sentence here ("Remark 1."), where a diff row says "remark 1 changed".
            field = vr.field_name(name)
            parts.append(f'<p{attrs}><strong>{html.escape(field[:1].upper() + field[1:])}.</strong> {text}</p>')
    if items:
        parts.insert(1, f'<ul class="ar-list">{"".join(items)}</ul>')
    return f'<div class="ar-rule ar-rule--versioned" id="{html.escape(entry.key)}">{note}{"".join(parts)}</div>\n'


class VersionedChapters:
    """The chapters' texts in each release, in one language."""

    def __init__(self, glossary: Glossary, history: History, language: str, renderer: Renderer | None = None) -> None:
        self.vr = VersionRenderer(glossary, history, language, renderer)
        self.t = self.vr.t
        self.history = history
        self.language = language
        self.root = "../../../"   # from v/<version>/<chapter>/
        self.changed_in: dict[str, set[str]] = {}   # group -> the releases that changed it
        for changes in history.by_key.values():
            for release, change in changes:
                self.changed_in.setdefault(change.group, set()).add(release.version)

    def current_link(self, key: str) -> str:
        return f'<a href="{self.root}{SHORT_URL_PREFIX}/{html.escape(key)}/">{html.escape(self.t("read_current"))}</a>'

    def note(self, release: Release, key: str, entry: Entry) -> str:
        """The banner of one rule: what became of its text after `release` (none if it is the
        latest text: the page's banner says so)."""
        t, history = self.t, self.history
        newer = history.newer(release.version, key)
        current = self.current_link(key) if key in history.current.entries else ""
        css = "ar-version-banner ar-version-banner--newer"
        if newer is None:
            if release is history.latest and history.unreleased and history.current.entries.get(key) != entry:
                text = t("version_banner_unreleased", rule=key, version=release.version)
            else:   # shown only to the reader the link brought to this rule (:target): the page's banner says it for all
                css = "ar-version-banner ar-version-banner--quiet"
                text = (t("version_banner_latest", rule=key, version=release.version) if release is history.latest
                        else t("version_banner_same", rule=key, version=release.version, latest=_latest(history).version))
                current = ""
        else:
            newer_release, change = newer
            if change.renumbered_from == key:
                banner = "version_banner_renumbered" if change.kind is ChangeKind.RENUMBERED else "version_banner_renumbered_changed"
                text = t(banner, rule=key, new=change.key, removed=newer_release.version, version=release.version)
                now = history.follow(newer_release.version, change.key)
                current = self.current_link(now) if now in history.current.entries else ""
            elif change.kind is ChangeKind.REMOVED:
                text = t("version_banner_removed", rule=key, removed=newer_release.version, version=release.version)
            else:
                text = t("version_banner_newer", rule=key, version=release.version, newer=newer_release.version)
        links = [current] if current else []
        latest = history.follow(release.version, key) or key   # where its history is listed
        if latest in history.by_key:
            group = history.by_key[latest][-1][1].group
            links.append(f'<a href="{self.root}{page_url(history_page(group))}#{html.escape(latest)}">'
                         f'{html.escape(t("history_of", rule=key))}</a>')
        return f'<p class="{css}" role="note">{html.escape(text)}{" " + " · ".join(links) if links else ""}</p>'

    def banner(self, release: Release, chapter: str, label: str) -> str:
        """The page's banner: whether a later release changed this chapter."""
        t, history = self.t, self.history
        later = history.releases[history.releases.index(release) + 1:]
        group = f"chapter-{chapter}"
        newer = next((r for r in later if r.version in self.changed_in.get(group, ())), None)
        current = f' <a href="{self.root}{page_url(f"rules/chapter-{chapter}.md")}">{html.escape(t("read_current"))}</a>' \
            if chapter in history.current.chapters else ""
        if newer is not None:
            return (f'<div class="ar-version-banner ar-version-banner--newer" role="note">'
                    f'{html.escape(t("version_banner_newer", rule=label, version=release.version, newer=newer.version))}{current}</div>')
        if release is history.latest and history.unreleased and self.unreleased(chapter):
            return (f'<div class="ar-version-banner ar-version-banner--newer" role="note">'
                    f'{html.escape(t("version_banner_unreleased", rule=label, version=release.version))}{current}</div>')
        text = (t("version_banner_latest", rule=label, version=release.version) if release is history.latest
                else t("version_banner_same", rule=label, version=release.version, latest=_latest(history).version))
        return f'<div class="ar-version-banner" role="note">{html.escape(text)}</div>'

    def unreleased(self, chapter: str) -> bool:
        """Whether the glossary changed a rule of `chapter` since its latest release."""
        latest = self.history.snapshots[_latest(self.history).version].entries
        current = self.history.current.entries
        return any(is_rule(k) and chapter_of(k) == chapter and latest.get(k) != current.get(k) for k in set(latest) | set(current))

    def chapter(self, release: Release, chapter: str, keys: list[str]) -> tuple[str, str]:
        """(title, content) of a chapter in a release."""
        t = self.t
        snapshot = self.history.snapshots[release.version]
        titles = snapshot.chapters.get(chapter, {})
        label = f"{t('chapter', number=chapter)}"
        name = titles.get(self.language) or titles.get("en") or ""
        title = t("version_page_title", rule=f"{chapter}. {name}".rstrip(". ") if name else label, version=release.version)
        all_keys = set(snapshot.entries)
        out = [self.banner(release, chapter, label), f'<h1 id="{html.escape(chapter)}">{html.escape(title)}</h1>\n',
               f'<p class="ar-meta"><a href="{self.root}{page_url(release_page(release.version))}">'
               f'{html.escape(t("release_title", version=release.version))}</a></p>\n']
        for key in keys:
            entry = snapshot.entries[key]
            note = self.note(release, key, entry)
            if SECTION_ID.match(key):
                name = entry.field("title").get(self.language) or entry.field("title").get("en", "")
                out.append(f'<h2 id="{html.escape(key)}">{html.escape(f"{key} {name}".strip())}</h2>\n{note}\n')
            else:
                out.append(_versioned_text(self.vr, entry, all_keys, note, f"{VERSIONED_PREFIX}/{release.version}/{chapter}.md"))
        return title, "".join(out)


def versioned_pages(glossary: Glossary, history: History, language: str, shell: str,
                    renderer: Renderer | None = None) -> dict[str, str]:
    """`v/<version>/<chapter>/index.html` for every chapter of every release, in the frame
    `shell` (the built HTML of SHELL_PAGE), and the shared redirects `v/<first release>/r/<rule>/index.html` of
    every rule any release holds to its anchor there, in the first release's r/ (versioned_links
    shows them in the others')."""
    if not history.releases:
        return {}
    frame = Shell.cut(shell)
    chapters = VersionedChapters(glossary, history, language, renderer)
    # The copy button cites the release the page shows, not the latest one (the frame's).
    latest_citation = citation_script(site_label(history, language, chapters.t), language)
    files: dict[str, str] = {}
    rules: set[str] = set()
    for release in history.releases:
        by_chapter: dict[str, list[str]] = {}
        for key in sorted((k for k in history.snapshots[release.version].entries if is_rule(k)), key=rule_sort_key):
            by_chapter.setdefault(chapter_of(key), []).append(key)
            rules.add(key)
        for chapter, keys in by_chapter.items():
            url = versioned_chapter_path(release.version, chapter)
            title, content = chapters.chapter(release, chapter, keys)
            citation = citation_script(Label("", "", release.version, False), language)
            files[f"{url}index.html"] = frame.page(url, f"{title} - Altered Rules", content).replace(latest_citation, citation, 1)
    first = history.releases[0].version
    for rule in sorted(rules, key=rule_sort_key):
        files[f"{versioned_path(first, rule)}index.html"] = redirect_page(language, rule, f"../../{chapter_of(rule)}/#{rule}")
    return files


def versioned_links(history: History) -> dict[str, str]:
    """`v/<version>/r` -> the first release's redirects (relative to it), for every later release."""
    first = history.releases[0].version if history.releases else ""
    return {f"{VERSIONED_PREFIX}/{r.version}/{SHORT_URL_PREFIX}": f"../{first}/{SHORT_URL_PREFIX}" for r in history.releases[1:]}


def removed_rule_redirects(history: History) -> dict[str, str]:
    """rule -> its text in the last release that had it, for rule numbers no longer in the glossary
    (their old short URL r/<rule>/ leads there, where a notice says what became of them: removed,
    or renumbered, with a link to where it went)."""
    result = {}
    numbers = {key for snapshot in history.snapshots.values() for key in snapshot.entries if is_rule(key)}
    for key in numbers - set(history.current.entries):
        last = history.last_release_with(key)
        if last is not None:
            result[key] = versioned_anchor(last.version, key)
    return dict(sorted(result.items(), key=lambda item: rule_sort_key(item[0])))


# ---- the Atom feed ---------------------------------------------------------------------------
ATOM = "http://www.w3.org/2005/Atom"


def atom_feed(glossary: Glossary, history: History, language: str, site_url: str, renderer: Renderer | None = None) -> str:
    """An Atom feed of the releases, newest first. Dated by the releases (a build of the same
    glossary writes the same bytes); ids are the release pages' URLs under site_url."""
    vr = VersionRenderer(glossary, history, language, renderer)
    base = site_url if site_url.endswith("/") else site_url + "/"
    ET.register_namespace("", ATOM)
    feed = ET.Element(f"{{{ATOM}}}feed", {"xml:lang": language})

    def sub(parent: ET.Element, tag: str, text: str | None = None, **attrs: str) -> ET.Element:
        node = ET.SubElement(parent, f"{{{ATOM}}}{tag}", attrs)
        if text is not None:
            node.text = text
        return node

    sub(feed, "title", vr.t("feed_title"))
    sub(feed, "id", base + page_url(RELEASES_PAGE))
    sub(feed, "link", rel="self", href=base + FEED)
    sub(feed, "link", rel="alternate", type="text/html", href=base + page_url(RELEASES_PAGE))
    sub(feed, "updated", f"{history.latest.date}T00:00:00Z" if history.latest else "1970-01-01T00:00:00Z")
    author = sub(feed, "author")
    sub(author, "name", "Altered Rules")
    for diff in reversed(history.diffs):
        release = diff.release
        entry = sub(feed, "entry")
        url = base + page_url(release_page(release.version))
        sub(entry, "title", vr.t("release_title", version=release.version))
        sub(entry, "id", url)
        sub(entry, "link", rel="alternate", type="text/html", href=url)
        sub(entry, "updated", f"{release.date}T00:00:00Z")
        sub(entry, "published", f"{release.date}T00:00:00Z")
        notes = html.escape(vr.r.in_language(release.notes))
        counts = html.escape(vr.summary(diff))
        sub(entry, "content", f"<p>{notes}</p><p>{counts}</p>", type="html")
    ET.indent(feed)
    return '<?xml version="1.0" encoding="utf-8"?>\n' + ET.tostring(feed, encoding="unicode") + "\n"


# ---- links to a release that editors write --------------------------------------------------
# The target of a Markdown link, a reference definition or an HTML href (not text in `code`):
# [cited](v/2026.1/r/4.2.4.c/), [id]: ../v/2026.1/r/4.2.4.c/, <a href="v/2026.1/r/4.2.4.c/">.
VERSIONED_LINK = re.compile(r"(?:\]\(<?|href=[\"']|^\s*\[[^\]]+\]:\s*)(?:\.{1,2}/)*v/([^/\s()\"'<>]+)/r/([^/\s()\"'<>#]+)")


def check_versioned_links(text: str, path: str, history: History) -> list[str]:
    """`file:line: ...` for each link to a release (v/<version>/r/<rule>/) that names a version
    releases.yaml does not declare, or a rule that release does not hold."""
    problems = []
    versions = [r.version for r in history.releases]
    for number, line in enumerate(text.splitlines(), 1):
        for match in VERSIONED_LINK.finditer(line):
            version, rule = match.group(1), match.group(2)
            if version not in history.snapshots:
                problems.append(f"{path}:{number}: link to release {version}, which releases.yaml does not declare; "
                                f"declared: {', '.join(versions) or 'none'}")
            elif rule not in history.snapshots[version].entries or not is_rule(rule):
                problems.append(f"{path}:{number}: link to rule {rule} in release {version}, which that release does not hold")
    return problems


__all__ = ["version_pages", "versioned_pages", "versioned_links", "shell_page", "ShellError", "atom_feed", "site_label", "citation_script", "removed_rule_redirects",
           "check_versioned_links", "VersionRenderer"]
