"""The glossary schema: which keys each kind of entry takes, and the patterns of ids.

Kept apart from the loader so that editors' documentation and error messages
quote one source of truth.
"""

from __future__ import annotations

import re

from engine.vocabulary import DeckFormat

from .model import ENGLISH_HASH_LENGTH, LANGUAGES, RULE_QUOTE, RULE_QUOTE_START  # noqa: F401 (the schema's vocabulary)

CHAPTER_NUMBER = re.compile(r"^[1-9]$")  # the first part of SECTION_ID
SECTION_ID = re.compile(r"^[1-9]\.[0-9]{1,2}(\.[0-9]{1,2})?$")
PARAGRAPH_ID = re.compile(r"^[1-9]\.[0-9]{1,2}(\.[0-9]{1,2})?\.[a-z]$")
# A symbol's colour goes into the page's CSS: a hex colour only, nothing that could end the declaration.
COLOR = re.compile(r"^#(?:[0-9a-fA-F]{3}|[0-9a-fA-F]{6})$")
SLUG = re.compile(r"^[a-z0-9]+(-[a-z0-9]+)*$")
DECK_RULE_ID = re.compile(r"^[a-z0-9-]+\.[a-z0-9-]+$")
# A seed, the editors, or an official document imported by `altered-rules import` (cr-3.0).
SOURCE_ID = re.compile(r"^(seed-[0-9]{3}|editorial|[a-z][a-z0-9]{0,15}-[0-9]{1,4}(\.[0-9]{1,4}){0,3})$")

# A rule number cited in running text: "Rule 2.1.e", "see 7.4.3.i", "4.2.4".
# A number in code (`2.0`, "version `2.0`" of an imported text) is no reference.
# A pinned one ("4.3.b@2026.1") is not: it names the rule as a release had it (PINNED_REFERENCE).
RULE_REFERENCE = re.compile(r"(?<![\w./`-])([1-9]\.[0-9]{1,2}(?:\.[0-9]{1,2})?(?:\.[a-z])?)(?![\w/@-]|\.[0-9]|\.[a-z][@-])")
# A rule as a release had it, "4.3.b@2026.1": the text a ruling, a term or a scenario was written
# against, kept when a later text removed the rule (`altered-rules import` pins its citations to
# the latest release that held it). The version is a release's (releases.VERSION).
PIN = r"@([0-9]{1,4}(?:\.[0-9]{1,4}){0,3}(?:-[a-z0-9]{1,16})?)"
PINNED_REFERENCE = re.compile(r"(?<![\w./`-])([1-9]\.[0-9]{1,2}(?:\.[0-9]{1,2})?(?:\.[a-z])?)" + PIN + r"(?![\w/-]|\.[0-9])")
PINNED_RULE_ID = re.compile(r"^([1-9]\.[0-9]{1,2}(?:\.[0-9]{1,2})?(?:\.[a-z])?)" + PIN + "$")
# A ruling's quotation of a rule's own text, "{rule-text 4.2.4.b}": RULE_QUOTE (model.py).
# Anything that starts like a quotation, to name the malformed ones in an error.
RULE_QUOTE_ANY = re.compile(r"\{rule-text[^{}]*\}?")
# The game mode and the block a quotation of a mode's text names ("multiplayer-2v2" and
# "multiplayer-2v2-5" in "multiplayer-2v2-5-item-2").
MODE_QUOTE_BLOCK = re.compile(r"^(([a-z][a-z0-9]*(?:-[a-z0-9]+)*?)-[1-9][0-9]*)-")
# Beside the translations of a text, the English text they were made from (model.english_hash).
TRANSLATED_FROM = "from"
ENGLISH_HASH = re.compile(rf"^[0-9a-f]{{{ENGLISH_HASH_LENGTH}}}$")
# A game symbol of the closed vocabulary: "{forest}".
SYMBOL_REFERENCE = re.compile(r"\{([^{}\s]*)\}")

# Texts shown on one line (a heading, a badge's label, a caption, a version's name): no tab, no
# line break (a newline in a title became Markdown: a list, a rule, a code block, a heading without its id).
ONE_LINE_KEYS = frozenset({"title", "label", "glyph", "caption", "version"})

# key -> required?
SECTION_KEYS = {"id": True, "title": True, "title_editorial": False, "sources": True, "body": False, "paragraphs": True}
# A heading's own text, printed under it with no letter (2.4.2 Anchored: bullets); never given one.
BODY_KEYS = {"text": False, "list": False, "items": False, "notes": False, "decides": False}
PARAGRAPH_KEYS = {
    "id": True, "label": False, "text": True, "list": False, "items": False, "gap": False,
    "sources": True, "text_from": False, "corrections": False, "notes": False,
    "scenarios": False, "no_scenario": False, "was": False, "decides": False, "supersedes": False,
}
# `supersedes:` of a rule: the removed rules whose content it now holds, each as the release that
# held it had it (`[4.3.a@2026.1]`, PINNED_RULE_ID; `altered-rules import` writes it where the
# document's change list or its words show it): their pinned citations read "now in 4.2.5.d".
# `decides:` of a rule: the questions the seeds leave open that it decides, each with the answer the
# engine follows (`{boosted-statistics: each boost adds 1 to each statistic}`). The questions and
# their answers are the engine's (engine.decisions.DECIDABLE), declared there once.
NO_SCENARIO_KEYS = {"reason": True, "note": False}
# Why a paragraph has no verified scenario (shown on the coverage page).
NO_SCENARIO_REASONS = ("definition", "no-checkable-claim", "text-lost", "not-modelled")
NOTE_KEYS = {"kind": True, "text": True, "gap": False, "corrections": False, "sources": False, "scenario": False}
CORRECTION_KEYS = {"was": True, "now": True, "why": True}
TERM_KEYS = {"id": True, "title": True, "text": False, "gap": False, "sources": True, "see": False, "corrections": False}
MODE_KEYS = {"id": True, "title": True, "sources": True, "blocks": True, "deck": False, "corrections": False}
BLOCK_KEYS = {"title": False, "paragraphs": False, "list": False, "items": False, "gap": False, "example": False,
              "scenario": False}
DECK_KEYS = {"format": True, "intro": False, "rules": True}
DECK_RULE_KEYS = {"id": True, "text": True, "check": True, "rule": False, "scenarios": False}
RULING_KEYS = {"id": True, "title": True, "rules": True, "authority": True, "date": True, "conflict": True, "reading": True,
               "why": True}
# Who stands behind a ruling's reading (issue 40), as NetrunnerDB marks an "[Official FAQ]" and Scryfall
# a ruling's source: shown beside it in each language (strings ruling_authority_<id>) and exported.
RULING_AUTHORITIES = ("editorial", "official-faq", "official-ruling", "publisher-answer")
CHAPTER_KEYS = {"number": True, "title": True, "title_editorial": False}
SYMBOL_KEYS = {"id": True, "kind": True, "label": True, "glyph": True, "color": True}
SOURCE_KEYS = {"id": True, "title": True, "file": False, "description": True,
               # an imported official document: its version, effective date, the file's SHA-256, its licence
               "version": False, "date": False, "sha256": False, "licence": False}
EXTERNAL_RULE_KEYS = {"id": True, "title": True}

TERMBASE_KEYS = {"id": True, "kind": True, **{language: True for language in LANGUAGES}, "seen": True, "confirmed": False,
                 "paired": False, "source": False, "search": False}
# `search` of a termbase entry: per language, the words a judge types for the term (issue 14).
SEARCH_LANGUAGES = LANGUAGES
TERM_FORM_KEYS = {"term": True, "gender": True, "avoid": False, "trigger": False, "status": False,
                  "feminine": False, "has_status": False, "third_person": False, "stem": False}
TERMBASE_KINDS = ("type", "subtype", "zone", "phase", "keyword", "status", "game", "region-type", "faction", "card")
TERMBASE_SEEN = ("card", "meta", "fan", "editorial")
GENDERS = ("m", "f")

CARD_KEYS = {"name": True, "type": True, "subtypes": False, "stats": False, "faction": False, "rarity": False,
             "names": False, "abilities": False, "seen_in": True}
ABILITY_KEYS = {"printed": True, "kind": True, "engine": False}
CARD_TYPES = ("character", "spell", "permanent", "hero", "token")
ABILITY_KINDS = ("reaction", "passive", "effect", "quick-action", "support")
STATS = re.compile(r"^-?[0-9]+/-?[0-9]+/-?[0-9]+$")

KEYWORD_KEYS = {"term": True, "defined_in": True}

# jargon.yaml (issue 27): another game's words for an Altered term.
JARGON_KEYS = {"games": True, **{language: True for language in LANGUAGES}, "term": False, "rules": False, "modes": False,
               "note": False}
# The games whose words the table holds, and their names as printed (the same in every language).
JARGON_GAMES = {"magic": "Magic: The Gathering", "lorcana": "Disney Lorcana", "flesh-and-blood": "Flesh and Blood",
                "hearthstone": "Hearthstone", "yu-gi-oh": "Yu-Gi-Oh!", "pokemon": "Pokémon TCG",
                "netrunner": "Netrunner", "keyforge": "KeyForge", "one-piece": "One Piece Card Game",
                "star-wars-unlimited": "Star Wars: Unlimited"}

SYMBOL_KINDS = ("region", "trigger", "cost", "rarity", "faction", "separator", "lost")
DECK_FORMATS = tuple(f.value for f in DeckFormat)   # the engine's formats (engine.vocabulary.DeckFormat)

# The closed vocabulary of deck checks: key -> (type, meaning).
DECK_CHECKS: dict[str, tuple[type | tuple[type, ...], str]] = {
    "heroes_exactly": (int, "the deck has exactly this many Hero cards"),
    "heroes_at_most": (int, "the deck has at most this many Hero cards"),
    "min_cards": (int, "at least this many cards (see `counting`)"),
    "counting": (str, "which cards count toward min_cards: non-hero or all (tokens never count)"),
    "tokens_count": (bool, "whether token cards count toward the deck size"),
    "same_faction_as_hero": (bool, "every card belongs to the Hero's faction"),
    "max_factions": (int, "cards come from at most this many factions"),
    "hero_faction_in_deck": (bool, "the Hero belongs to one of the deck's factions"),
    "max_copies_per_name": ((int, type(None)), "at most this many cards with the same name (null: no limit)"),
    "max_rare": ((int, type(None)), "at most this many rare cards (null: no limit)"),
    "max_unique": ((int, type(None)), "at most this many unique cards (null: no limit)"),
    "any_hero": (bool, "any Hero may be chosen, the same Hero by several players included"),
}
COUNTING = ("non-hero", "all")


def allowed(keys: dict[str, bool]) -> str:
    """Keys listed for an error message, required ones marked."""
    return ", ".join(f"{k}{'' if req else '?'}" for k, req in keys.items())
