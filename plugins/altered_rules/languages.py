"""The site's languages, declared once: every module, command-line option and schema reads them here.

A language is its code (the folder of its pages, docs/<code>/, and of its site, site/<code>/),
its name, how it quotes, how its words take the plural, its MkDocs configuration and how search
analyses its words. The first is the source language (English): every text has it, and the
others translate it. Adding a language is one entry here plus its content files (docs/en/editing.md,
"Adding a language"). This module imports nothing from the package, so that every stage may read it.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum


class KeywordPlural(Enum):
    """How a keyword's plural is found in running text (the glossary's keyword forms are singular)."""

    ADD_S = "add-s"              # Expedition, Expeditions; expédition, expéditions
    FINAL_VOWEL = "final-vowel"  # spedizione, spedizioni: the last vowel changes (a, e, i, o)


@dataclass(frozen=True)
class Language:
    code: str
    """ISO 639-1 code: the folder of the language's pages (docs/<code>/) and site (site/<code>/)."""
    name: str
    """Its name in English, as the command line's help says it ("the notes in French")."""
    own_name: str
    """Its name in itself, as the site's language selector shows it ("Français")."""
    quotes: tuple[str, str]
    """How it opens and closes a quotation (a ruling quoting a rule's text)."""
    config: str
    """Its MkDocs configuration, beside mkdocs.yml (a translation's inherits the English one)."""
    keyword_plural: KeywordPlural = KeywordPlural.ADD_S
    search: str = ""
    """The search worker's analysis of its words (its stop words and stemmer, keyed by language
    in docs/assets/javascripts/workers/altered-rules-search.js): empty for the language's own; a
    language the worker has no analysis for names the closest one ("en" at least)."""

    @property
    def analysis(self) -> str:
        return self.search or self.code

    @property
    def plural_forms(self) -> str:
        """Its plural rule for message catalogues (the PO header's Plural-Forms), from Babel's CLDR data."""
        from babel.messages.plurals import get_plural  # here, not above: 55 ms every command and build would pay

        return get_plural(self.code).plural_forms


DECLARED: tuple[Language, ...] = (
    Language("en", "English", "English", ('"', '"'), "mkdocs.yml"),
    Language("fr", "French", "Français", ("«\u00a0", "\u00a0»"), "mkdocs.fr.yml"),
    Language("it", "Italian", "Italiano", ("«", "»"), "mkdocs.it.yml", KeywordPlural.FINAL_VOWEL),
)
"""The languages, the source language first."""

SOURCE = DECLARED[0]
LANGUAGES: tuple[str, ...] = tuple(language.code for language in DECLARED)
"""Their codes, the source language first."""
TRANSLATIONS: tuple[str, ...] = LANGUAGES[1:]
"""The codes of the languages translated from the source language."""
BY_CODE: dict[str, Language] = {language.code: language for language in DECLARED}


def language_selector() -> list[dict[str, str]]:
    """The theme's language selector (mkdocs-material's `extra.alternate`): every language's site,
    from a page of one language's site (site/<code>/) to the other's home."""
    return [{"name": language.own_name, "link": f"../{language.code}/", "lang": language.code} for language in DECLARED]


def _check(declared: tuple[Language, ...]) -> None:
    """Refuse a declaration the site cannot build (a raise, not an assert: it holds under `python -O`)."""
    codes = [language.code for language in declared]
    if len(set(codes)) != len(codes):
        raise ValueError(f"altered_rules/languages.py declares a language twice: {codes}")
    for language in declared:
        if not (len(language.code) == 2 and language.code.isascii() and language.code.islower() and language.code.isalpha()):
            raise ValueError(f"altered_rules/languages.py: language code {language.code!r} must be two lowercase letters (ISO 639-1)")


_check(DECLARED)
