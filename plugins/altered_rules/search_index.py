"""The search index, one entry per rule paragraph.

Material's search indexes a page by its headings, so a rule number or a word
found in a paragraph would land on its section. Each lettered paragraph gets
its own entry here (titled by its number, located at its permalink), and the
section entries keep only their title, so that "4.2.4.c" lands on 4.2.4.c and
a word lands on the paragraph that holds it.
"""

from __future__ import annotations

import html
import re
import unicodedata
from typing import Any

from .glossary.model import Glossary, Paragraph, Text
from .glossary.schema import SYMBOL_REFERENCE
from .render import chapter_page, page_url


def _plain(glossary: Glossary, text: Text | None, language: str) -> str:
    if text is None:
        return ""
    raw = text.get(language)
    raw = SYMBOL_REFERENCE.sub(lambda m: glossary.symbols[m.group(1)].label.get(language), raw)
    return html.escape(raw, quote=False).replace("\n", " ")


_WORD = re.compile(r"\w+", re.UNICODE)


def unaccented(text: str) -> str:
    """The words of `text` that carry accents, without them ("Réserve" -> "Reserve")."""
    words = []
    for word in _WORD.findall(text):
        plain = "".join(c for c in unicodedata.normalize("NFD", word) if unicodedata.category(c) != "Mn")
        if plain != word and plain not in words:
            words.append(plain)
    return " ".join(words)


def paragraph_entry(glossary: Glossary, paragraph: Paragraph, language: str, chapter: str) -> dict[str, Any]:
    parts = [_plain(glossary, paragraph.label, language), _plain(glossary, paragraph.text, language)]
    parts += [_plain(glossary, item, language) for item in paragraph.items]
    parts += [_plain(glossary, note.text, language) for note in paragraph.notes]
    text = " ".join(p for p in parts if p)
    # A judge may type "reserve" for "Réserve": the unaccented words are indexed too,
    # in an element the results do not show.
    folded = unaccented(text)
    hidden = f'<span class="ar-folded" hidden>{folded}</span>' if folded else ""
    return {
        "location": f"{page_url(chapter_page(chapter))}#{paragraph.id}",
        "title": paragraph.id,
        "text": f"<p>{text}</p>{hidden}",
        # The numbered rules are the authority: ahead of rulings and game-mode pages.
        "boost": 2,
    }


def with_rule_entries(index: dict[str, Any], glossary: Glossary, language: str) -> dict[str, Any]:
    """Material's search index with an entry per paragraph, placed after its section's entry."""
    sections = {
        f"{page_url(chapter_page(chapter.number))}#{section.id}": (chapter.number, section)
        for chapter in glossary.chapters for section in chapter.sections
    }
    docs: list[dict[str, Any]] = []
    for doc in index.get("docs", []):
        found = sections.get(doc.get("location", ""))
        if found is None:
            docs.append(doc)
            continue
        chapter, section = found
        # Its paragraphs have their own entries; the boost puts "4.2.4 Dusk" before 4.2.4.a
        # when a judge types the section's number.
        docs.append({**doc, "text": "", "boost": 4})
        docs += [paragraph_entry(glossary, p, language, chapter) for p in section.paragraphs]
    return {**index, "docs": docs}
