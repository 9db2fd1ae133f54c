"""Interface strings of the generated pages, per language.

Only English exists yet; French and Italian join here (issue 5) without a
change elsewhere. A missing key falls back to English.
"""

from __future__ import annotations

STRINGS: dict[str, dict[str, str]] = {
    "en": {
        "chapter": "Chapter {number}",
        "rules": "Rules",
        "editorial_title": "title supplied by the editors",
        "editorial_badge": "editorial",
        "remark": "Remark.",
        "example": "Example.",
        "gap_title": "Text lost in every source.",
        "sources": "Sources",
        "text_from": "text from {source}",
        "corrections": "Editors' corrections ({count})",
        "correction_typo": "spelling",
        "correction_grammar": "grammar",
        "correction_symbol": "symbol restored",
        "correction_residue": "scraping residue",
        "cited_by": "Cited by",
        "rulings": "Rulings",
        "ruling": "Ruling",
        "external_rule": "Rule {rule} ({title}) is cited, but no source contains it.",
        "permalink": "Permanent link to rule {rule}",
        "see_rules": "See",
        "terms_title": "Glossary terms",
        "rulings_title": "Rulings",
        "rulings_intro": (
            "Where two texts of the rules disagree, the engine follows one reading. Each ruling states "
            "the conflict, the reading chosen and why. Rulings are editorial: they are not official text."
        ),
        "conflict": "Conflict",
        "reading": "Reading we follow",
        "why": "Why",
        "about_rules": "About rules",
        "sources_title": "Sources",
        "sources_intro": (
            "Every entry records the source documents its text was taken from. Where several sources "
            "hold a paragraph, the most complete text was taken, and the editors' corrections are "
            "listed on the entry."
        ),
        "sources_file": "File",
        "deck_rules": "Deck building rules",
        "deck_check": "Checked by the engine as",
        "restates": "restates",
        "mode_example": "Example.",
        "symbols_title": "Symbols",
        "symbol_legend": "Game symbols lost from the sources are restored as badges; hover or tap one for its meaning.",
        "mode_format": "Format",
    },
}


def tr(language: str, key: str, **values: object) -> str:
    """The interface string `key` in `language` (English if not translated yet)."""
    table = STRINGS.get(language, STRINGS["en"])
    template = table.get(key, STRINGS["en"][key])
    return template.format(**values) if values else template
