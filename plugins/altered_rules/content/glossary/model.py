"""The glossary's vocabulary: what an entry is, independent of YAML and of MkDocs.

Every piece of text is a `Text`, one string per language, so that French and
Italian join without a change to the model. `en` is the source language and
always present.
"""

from __future__ import annotations

import hashlib
import re
import unicodedata
from dataclasses import dataclass, field
from enum import Enum
from typing import Any, Iterator

from ...languages import DECLARED
from ...languages import LANGUAGES as LANGUAGES  # re-exported: the glossary's modules read it here

QUOTE_MARKS: dict[str, tuple[str, str]] = {language.code: language.quotes for language in DECLARED}
"""How each language opens and closes a quotation (a ruling quoting a rule's text): altered_rules.languages."""
INNER_QUOTE_MARKS = ("\u201c", "\u201d")
"""A quotation whose text holds the language's own quotation marks is opened with these instead."""

# A ruling quotes a rule's own text, expanded in each language when the page is built, so that it
# never paraphrases the rule it discusses: "{rule-text 4.2.4.b}", a remark or an example by its
# anchor, "{rule-text 4.2.4.h-remark-1}", or an item of a paragraph's list, "{rule-text 4.3.h-item-2}".
# A game-mode page's text is quoted by its block's anchor on the mode page (the mode's id and the
# block's place, "multiplayer-2v2-5") and the part of the block: "{rule-text multiplayer-2v2-5-item-2}",
# "{rule-text free-for-all-4-paragraph-1}", "{rule-text free-for-all-4-example}".
# The space keeps it apart from symbols ("{forest}").
QUOTABLE_BLOCK_PARTS = re.compile(r"(?:paragraph|item)-[1-9][0-9]*|example")
"""The parts of a game mode's block a ruling may quote (not its title, nor the gap, which is the editors' note of a lost text)."""
# A quotation pinned to a release, "{rule-text 4.3.h-item-2@2026.1}", quotes that release's text.
RULE_QUOTE = re.compile(r"\{rule-text ([1-9]\.[0-9]{1,2}(?:\.[0-9]{1,2})?\.[a-z](?:-(?:remark|example|item)-[0-9]+)?"
                        r"(?:@[0-9]{1,4}(?:\.[0-9]{1,4}){0,3}(?:-[a-z0-9]{1,16})?)?"
                        rf"|[a-z][a-z0-9]*(?:-[a-z0-9]+)*?-[1-9][0-9]*-(?:{QUOTABLE_BLOCK_PARTS.pattern}))\}}")
RULE_QUOTE_START = "{rule-text"

RuleId = str
"""A rule number as text: a section (``4.2.4``) or a paragraph (``4.2.4.c``)."""


def rule_sort_key(rule: RuleId) -> list[Any]:
    """Sort rule numbers as a reader expects: 2.2.2 before 2.2.10, and a section's lettered rules
    before its subsections, as the Complete Rules print them (2.5.a ... 2.5.k, then 2.5.1.a)."""
    # Letters as negative numbers: every part an int, comparable with the numbers beside it.
    return [int(p) if p.isdigit() else ord(p[0]) - 256 for p in rule.split(".")]


SourceId = str
"""A seed document (``seed-000``) or ``editorial`` for text the editors wrote."""


ENGLISH_HASH_LENGTH = 8
"""Hex digits of the hash that names the English text a translation was made from."""


def english_hash(english: str) -> str:
    """The short hash that names an English text. Whitespace does not count, so rewrapping a
    folded YAML block does not make its translations stale."""
    return hashlib.sha256(" ".join(english.split()).encode("utf-8")).hexdigest()[:ENGLISH_HASH_LENGTH]


class TranslationStatus(str, Enum):
    """Where a translation stands against the English text it belongs to."""

    SOURCE = "source"           # English itself
    MISSING = "missing"         # not translated (the site shows the English)
    CURRENT = "current"         # translated from the English text as it is now
    STALE = "stale"             # translated from an older English text: it may lag behind
    UNRECORDED = "unrecorded"   # translated, but the YAML does not say from which English text


@dataclass(frozen=True)
class Text:
    """One piece of text in every language it has been written in."""

    by_language: dict[str, str]
    # language -> english_hash() of the English text the translation was made from (the YAML's
    # `from:` beside the translations); see docs/en/editing.md#translations.
    translated_from: dict[str, str] = field(default_factory=dict)
    # language -> the `from:` hash a renumbering explains: the translation was made from this English
    # text before a renumbering changed only rule numbers in it, and was renumbered alike
    # (identity.accept_renumbered, filled in by the loader). Not the text's value: not compared.
    renumbered: dict[str, str] = field(default_factory=dict, compare=False, hash=False, repr=False)

    @property
    def en(self) -> str:
        return self.by_language["en"]

    def get(self, language: str) -> str:
        """The text in `language`, falling back to English (the site marks the fallback)."""
        return self.by_language.get(language) or self.by_language["en"]

    def has(self, language: str) -> bool:
        return bool(self.by_language.get(language))

    def status(self, language: str) -> TranslationStatus:
        if language == "en":
            return TranslationStatus.SOURCE
        if not self.has(language):
            return TranslationStatus.MISSING
        recorded = self.translated_from.get(language)
        if recorded is None:
            return TranslationStatus.UNRECORDED
        if recorded == english_hash(self.en) or recorded == self.renumbered.get(language):
            return TranslationStatus.CURRENT
        return TranslationStatus.STALE

    def stale(self, language: str) -> bool:
        """Whether the translation was made from an older English text (the site marks it)."""
        return self.status(language) is TranslationStatus.STALE


class CorrectionKind(str, Enum):
    """Why the editors changed the text of the sources."""

    TYPO = "typo"          # a spelling mistake of the source ("abilitys")
    GRAMMAR = "grammar"    # a missing or doubled word ("the the")
    SYMBOL = "symbol"      # a game symbol lost in scraping, restored from its context
    RESIDUE = "residue"    # scraping residue removed ("++", a stray space, leaked alt text)


@dataclass(frozen=True)
class Correction:
    was: str
    now: str
    why: CorrectionKind


class NoteKind(str, Enum):
    REMARK = "remark"
    EXAMPLE = "example"


@dataclass
class Note:
    """A Remark or an Example printed after a paragraph."""

    kind: NoteKind
    text: Text
    paragraph: RuleId
    index: int                      # 1-based position among the paragraph's notes
    sources: tuple[SourceId, ...]
    corrections: tuple[Correction, ...] = ()
    gap: Text | None = None
    scenario: Any = None            # room for a scenario (see the scenario format)
    file: str = ""
    line: int = 0

    @property
    def anchor(self) -> str:
        return f"{self.paragraph}-{self.kind.value}-{self.index}"


class ListKind(str, Enum):
    ORDERED = "ordered"
    UNORDERED = "unordered"


@dataclass(frozen=True)
class Illustration:
    """A further check of a rule: a scenario, with a caption in every language."""

    caption: Text
    scenario: Any          # the scenario as read (without its caption), for the engine


@dataclass(frozen=True)
class NoScenario:
    """Why a paragraph has no verified scenario: a definition, no checkable claim, text lost..."""

    reason: str
    note: Text | None = None


@dataclass
class Paragraph:
    """A lettered rule paragraph such as 4.2.4.c."""

    id: RuleId
    section: RuleId
    text: Text
    sources: tuple[SourceId, ...]
    label: Text | None = None           # a daily effect's name printed before the text ("Progress")
    list_kind: ListKind | None = None
    items: tuple[Text, ...] = ()
    gap: Text | None = None             # text lost in every source
    text_from: SourceId | None = None   # the seed whose text was the most complete
    corrections: tuple[Correction, ...] = ()
    notes: list[Note] = field(default_factory=list)
    scenarios: list[Illustration] = field(default_factory=list)   # further checks of the rule
    no_scenario: NoScenario | None = None
    # The editors' word on its identity across releases (identity.py): the number it had in the
    # latest release (`was: 4.2.4.c`), or "new"; None: matched by its text.
    was: str | None = None
    # `decides:`: question key -> the answer the engine follows where the seeds are silent
    # (engine.decisions), declared by the editors beside the rule that decides it.
    decides: dict[str, str] = field(default_factory=dict)
    # `supersedes:`: the removed rules whose content it holds, pinned ("4.3.a@2026.1", schema.py).
    supersedes: tuple[str, ...] = ()
    file: str = ""
    line: int = 0

    def texts(self) -> Iterator[Text]:
        """Every rule text of the paragraph itself (not its notes)."""
        if self.label:
            yield self.label
        yield self.text
        yield from self.items
        if self.gap:
            yield self.gap


@dataclass
class SectionBody:
    """A heading's own text, with no lettered rule (2.4.2 Anchored in the Complete Rules: bullets
    under the heading, and a remark): shown under the heading, never given a letter."""

    text: Text | None = None
    list_kind: ListKind | None = None
    items: tuple[Text, ...] = ()
    notes: list[Note] = field(default_factory=list)
    decides: dict[str, str] = field(default_factory=dict)   # as a paragraph's (engine.decisions)


@dataclass
class Section:
    """A numbered section (4.2.4 Dusk); a section may only group others (1.3)."""

    id: RuleId
    title: Text
    sources: tuple[SourceId, ...]
    paragraphs: list[Paragraph]
    title_editorial: bool = False
    file: str = ""
    line: int = 0
    body: SectionBody | None = None

    @property
    def chapter(self) -> str:
        return self.id.split(".")[0]

    @property
    def depth(self) -> int:
        return self.id.count(".")


@dataclass
class Chapter:
    number: str
    title: Text
    title_editorial: bool
    sections: list[Section] = field(default_factory=list)
    where: str = field(default="", compare=False)   # "file:line" of its entry (an external rule: its title) in the YAML, for messages

    @property
    def slug(self) -> str:
        return f"chapter-{self.number}"


@dataclass
class Term:
    """An unnumbered glossary term (Draw, Card Advantage, ...)."""

    id: str
    title: Text
    text: Text | None
    sources: tuple[SourceId, ...]
    gap: Text | None = None
    see: tuple[RuleId, ...] = ()
    corrections: tuple[Correction, ...] = ()
    file: str = ""
    line: int = 0


@dataclass
class Block:
    """A titled part of a game-mode page: paragraphs, then an optional list."""

    title: Text | None
    paragraphs: tuple[Text, ...]
    list_kind: ListKind | None
    items: tuple[Text, ...]
    gap: Text | None
    example: Text | None = None
    scenario: Any = None            # the example as a scenario
    lines: dict[str, int] = field(default_factory=dict)   # part (see parts()) -> its line in the YAML

    def parts(self) -> Iterator[tuple[str, Text]]:
        """Each text of the block with its part's name: "title", "paragraph-1", "item-2", "gap",
        "example" (a ruling quotes one as {rule-text multiplayer-2v2-5-item-2})."""
        if self.title:
            yield "title", self.title
        yield from ((f"paragraph-{index}", text) for index, text in enumerate(self.paragraphs, 1))
        yield from ((f"item-{index}", text) for index, text in enumerate(self.items, 1))
        if self.gap:
            yield "gap", self.gap
        if self.example:
            yield "example", self.example


@dataclass(frozen=True)
class DeckRule:
    """One deck-building rule of a game mode, as text and as a check a program can run."""

    id: str                        # stable id, e.g. "standard.max-rare"
    text: Text
    check: dict[str, Any]          # closed vocabulary, see schema.DECK_CHECKS
    rule: RuleId | None = None     # the numbered rule it restates, if any
    scenarios: tuple["Illustration", ...] = ()   # decks that show the rule at work
    line: int = 0                  # of its text in the YAML
    check_lines: dict[str, int] = field(default_factory=dict, compare=False)   # each `check:` key's line


def mode_block_anchor(mode: str, number: int) -> str:
    """The anchor of a game mode's block on its page, `number` counted from 1: "multiplayer-2v2-5"."""
    return f"{mode}-{number}"


@dataclass
class GameMode:
    id: str
    title: Text
    sources: tuple[SourceId, ...]
    blocks: list[Block]
    deck_format: str | None = None
    deck_intro: Text | None = None
    deck_rules: list[DeckRule] = field(default_factory=list)
    corrections: tuple[Correction, ...] = ()
    file: str = ""
    line: int = 0
    lines: dict[str, int] = field(default_factory=dict)   # "title", "deck" (its intro) -> line in the YAML


@dataclass
class Ruling:
    """Which reading the project follows where two texts disagree, and why."""

    id: str
    title: Text
    rules: tuple[RuleId, ...]
    conflict: Text
    reading: Text
    why: Text
    file: str = ""
    line: int = 0
    lines: dict[str, int] = field(default_factory=dict)   # "title", "conflict", "reading", "why" -> line in the YAML
    # schema.RULING_AUTHORITIES: whose reading it is (the editors', an official FAQ...), and the date
    # (YYYY-MM-DD) it was last decided or changed (issue 40).
    authority: str = "editorial"
    date: str = ""


@dataclass(frozen=True)
class Symbol:
    """A game symbol of the closed vocabulary, written ``{id}`` in text."""

    id: str
    kind: str
    label: Text
    glyph: Text          # the badge's short text; the same in every language unless given per language
    color: str
    where: str = field(default="", compare=False)   # "file:line" of its entry (an external rule: its title) in the YAML, for messages


@dataclass(frozen=True)
class Source:
    id: SourceId
    title: Text
    file: str | None
    description: Text
    where: str = field(default="", compare=False)   # "file:line" of its entry (an external rule: its title) in the YAML, for messages
    # An imported official document (altered-rules import): its version, effective date, the
    # SHA-256 of the file read, and its licence as stated ("none stated").
    version: str | None = None
    date: str | None = None
    sha256: str | None = None
    licence: str | None = None


@dataclass(frozen=True)
class ExternalRule:
    """A rule the text cites that no source contains (shown as such, never invented)."""

    id: RuleId
    title: Text
    where: str = field(default="", compare=False)   # "file:line" of its entry (an external rule: its title) in the YAML, for messages


@dataclass(frozen=True)
class Ability:
    """An ability as printed (English, symbols as {id}) and, where it can, as the engine reads it."""

    printed: str
    kind: str            # reaction, passive, effect, quick-action, support
    engine: str | None   # "Trigger | Effect" or effect text; None: the engine cannot read it yet


@dataclass(frozen=True)
class CardData:
    """A card an example names: only what the examples need (glossary/cards.yaml)."""

    name: str            # its English name, the object's name everywhere (2.2.3.c)
    type: str
    subtypes: tuple[str, ...]
    stats: str | None
    faction: str | None
    rarity: str | None
    names: dict[str, str]            # printed names in other languages
    abilities: tuple[Ability, ...]
    seen_in: tuple[str, ...]         # the rules whose examples name it
    file: str = ""
    line: int = 0

    @property
    def slug(self) -> str:
        return card_slug(self.name)


# Slugs a card's page cannot take: the cards' index page is cards/index.md.
RESERVED_CARD_SLUGS = ("index",)


def card_slug(name: str) -> str:
    """The stable part of a card page's URL: "Kuwat, the Dissenter" -> "kuwat-the-dissenter",
    "Coppélia" -> "coppelia". Empty when the name has no letter or digit (the loader refuses it)."""
    plain = "".join(c for c in unicodedata.normalize("NFKD", name) if not unicodedata.combining(c))
    return re.sub(r"[^a-z0-9]+", "-", plain.casefold()).strip("-")


@dataclass(frozen=True)
class TermForm:
    """A game term in one language: the official word, its gender, and variants to avoid."""

    term: str
    gender: str
    avoid: tuple[str, ...] = ()
    extra: tuple[tuple[str, str], ...] = ()   # other forms: trigger, status, feminine, has_status, third_person
    stem: str = ""                            # the word's invariable start, for a paired term's check

    @property
    def root(self) -> str:
        """What every form of the word starts with (a paired term's check looks for it)."""
        return self.stem or self.term


@dataclass(frozen=True)
class TermbaseEntry:
    """One game term in English, French and Italian (glossary/termbase.yaml)."""

    id: str
    kind: str
    en: str
    forms: dict[str, TermForm]
    seen: str
    confirmed: bool
    paired: bool = False    # where the English uses the term, a translation must use its word
    source: str = ""        # where an editorial term was taken from
    # Words a judge types for the term, per language, that search finds it by (issue 14).
    search: dict[str, tuple[str, ...]] = field(default_factory=dict)


@dataclass(frozen=True)
class JargonEntry:
    """Words from another card game and the Altered term that says the same (glossary/jargon.yaml,
    issue 27): shown on the terms page, and searched as the term and the rules listed."""

    games: tuple[str, ...]                  # schema.JARGON_GAMES ids
    words: dict[str, tuple[str, ...]]       # language -> that game's words ((): none of its own)
    term: str | None                        # termbase id; None where Altered has no equivalent
    rules: tuple[RuleId, ...] = ()          # the rules that answer a question asked in these words
    modes: tuple[str, ...] = ()             # the game modes that do
    note: Text | None = None                # how Altered differs (required without a term)
    file: str = ""
    line: int = 0

    @property
    def anchor(self) -> str:
        return f"jargon-{self.line}"


@dataclass(frozen=True)
class Keyword:
    """A game term of the keyword index and the rules that define it."""

    term: TermbaseEntry
    defined_in: tuple[RuleId, ...]

    @property
    def anchor(self) -> str:
        return f"kw-{self.term.id}"

    def form(self, language: str) -> str:
        return self.term.en if language == "en" else self.term.forms[language].term


@dataclass
class Glossary:
    root: str
    chapters: list[Chapter]
    sections: dict[RuleId, Section]
    paragraphs: dict[RuleId, Paragraph]
    terms: list[Term]
    modes: list[GameMode]
    rulings: list[Ruling]
    symbols: dict[str, Symbol]
    sources: dict[SourceId, Source]
    external_rules: dict[RuleId, ExternalRule]
    termbase: list[TermbaseEntry] = field(default_factory=list)
    cards: dict[str, CardData] = field(default_factory=dict)
    keywords: list[Keyword] = field(default_factory=list)
    jargon: list[JargonEntry] = field(default_factory=list)   # jargon.yaml (issue 27)
    digest: str = ""   # of every YAML file as read (their paths and bytes): the same digest, the same glossary
    cited_by: dict[RuleId, list[str]] = field(default_factory=dict)  # rule -> anchors citing it
    rulings_by_rule: dict[RuleId, list[Ruling]] = field(default_factory=dict)
    releases: list[Any] = field(default_factory=list)   # releases.Release, oldest first (releases.yaml)
    # How the entries on disk continue those of the latest release (identity.Pair, new key -> pair;
    # the loader fills it in): the renumbering the editors made since, and how each match was found.
    identity: dict[str, Any] = field(default_factory=dict)
    # Each deck format's numbers (engine.DeckFormat -> engine.DeckLimits), built from the game modes'
    # deck rules' `check:` by deck_limits.build_deck_limits: what every deck check is given.
    deck_limits: dict[Any, Any] = field(default_factory=dict)
    # The questions the glossary's rules decide where the seeds are silent (engine.Question ->
    # engine.Decision), from every rule's and heading body's `decides:`: what every scenario run is given.
    decisions: dict[Any, Any] = field(default_factory=dict)
    # The glossary's numbers for the rules the engine's code cites (engine.Citations), derived from
    # the releases when first asked (citing.engine_citations): what every scenario run is given.
    citations: Any = None
    # Rules cited as a release had them ("4.3.b@2026.1", schema.PINNED_REFERENCE): each pinned
    # number and quoted anchor -> that release's text (the loader fills it in from the snapshots).
    pinned: dict[str, Text] = field(default_factory=dict)

    def quotable(self) -> dict[str, Text]:
        """The texts a ruling may quote with {rule-text ...}: each paragraph's text, each item of
        its list (4.3.h-item-2), each remark and example by its anchor, and each paragraph, item
        and example of a game mode's block by the block's anchor (multiplayer-2v2-5-item-2)."""
        texts: dict[str, Text] = {}
        for paragraph in self.paragraphs.values():
            texts[paragraph.id] = paragraph.text
            for index, item in enumerate(paragraph.items, 1):
                texts[f"{paragraph.id}-item-{index}"] = item
            for note in paragraph.notes:
                texts[note.anchor] = note.text
        for mode in self.modes:
            for number, block in enumerate(mode.blocks, 1):
                anchor = mode_block_anchor(mode.id, number)
                texts.update((f"{anchor}-{part}", text) for part, text in block.parts() if QUOTABLE_BLOCK_PARTS.fullmatch(part))
        texts.update(self.pinned)
        return texts

    def in_language(self, text: Text, language: str) -> str:
        """`text` in `language` (English where it is not translated), with every {rule-text ...}
        replaced by the quoted rule's own text in that language, so a ruling and the rule page
        can never disagree."""
        value = text.get(language)
        if RULE_QUOTE_START not in value:
            return value
        quotable = self.quotable()
        marks = QUOTE_MARKS.get(language, QUOTE_MARKS["en"])

        def quote(match: re.Match[str]) -> str:
            quoted = quotable[match.group(1)].get(language)
            opening, closing = INNER_QUOTE_MARKS if marks[0].strip() in quoted else marks
            return f"{opening}{quoted}{closing}"

        return RULE_QUOTE.sub(quote, value)

    def rule_exists(self, rule: RuleId) -> bool:
        return rule in self.sections or rule in self.paragraphs

    def chapter_of(self, rule: RuleId) -> str:
        return rule.split(".")[0]
