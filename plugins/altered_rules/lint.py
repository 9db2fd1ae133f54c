"""Editorial checks beyond the schema (the loader already rejected malformed entries).

Each problem is a line `file:line: what is wrong (what to do)`.
"""

from __future__ import annotations

import re

from .glossary.model import Correction, Glossary, Text

# Scraping defects of the seeds that must never reach the site again.
KNOWN_DEFECTS = {
    r"\babilitys\b": "abilities",
    r"\braritys\b": "rarities",
    r"\$cmomon": "{common}",
    r"Open the Games": "Open the Gates",
    r"neither leaves not joins": "neither leaves nor joins",
    r"\+\+": "(remove the markup residue)",
    r"\bthe the\b": "the",
    r"Noonl\b|Handl\b|Reservel\b|Triggerl\b": "{separator} between trigger and effect",
    r"´": "'",
}


def _texts(text: Text | None) -> list[str]:
    return list(text.by_language.values()) if text else []


def _check_corrections(where: str, corrections: tuple[Correction, ...], texts: list[str], problems: list[str]) -> None:
    joined = "\n".join(texts).replace("\n", " ")
    for correction in corrections:
        now = correction.now.strip()
        # A correction whose new text is gone from the entry no longer describes it.
        if now and correction.why.value in ("typo", "grammar") and now not in joined:
            problems.append(f"{where}: correction '{correction.was}' -> '{correction.now}' does not match the text any more (update or remove it)")


def lint_glossary(glossary: Glossary) -> list[str]:
    problems: list[str] = []
    for paragraph in glossary.paragraphs.values():
        where = f"{paragraph.file}:{paragraph.line}: {paragraph.id}"
        texts = [t for text in paragraph.texts() for t in _texts(text)]
        if paragraph.text.en.rstrip().endswith(":") and not paragraph.items and not paragraph.gap:
            problems.append(f"{where}: the text ends with ':' but has neither 'items' nor a 'gap' saying the list is lost")
        _check_corrections(where, paragraph.corrections, texts, problems)
        for note in paragraph.notes:
            note_where = f"{note.file}:{note.line}: {note.anchor}"
            _check_corrections(note_where, note.corrections, _texts(note.text), problems)
            texts += _texts(note.text)
        for pattern, fix in KNOWN_DEFECTS.items():
            for text in texts:
                if re.search(pattern, text):
                    problems.append(f"{where}: known scraping defect /{pattern}/ in the text; write {fix}")
    return problems
