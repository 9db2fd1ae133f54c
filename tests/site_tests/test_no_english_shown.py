"""No English of the interface reaches a French or Italian reader (issue 44): every phrase of the
English interface strings and engine messages, taken from the English files themselves, is looked
for in the visible text and the tooltips of every page of the French and Italian sites. A phrase
is the literal text between placeholders, two words or more; one its translation keeps (a name)
is not looked for. Code (`pre`, `code`) and anything marked `lang="en"` (a scenario, written in the
format's English words) are not the page's language and are left out."""

from __future__ import annotations

import re
from html.parser import HTMLParser
from pathlib import Path

import pytest

from altered_rules.messages import read_messages
from altered_rules.strings import read_strings

TRANSLATED = ("fr", "it")
_NOT_PROSE = {"script", "style", "code", "pre", "template", "svg", "kbd", "samp"}
_VOID = {"area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "param", "source", "track", "wbr"}
_TOOLTIPS = ("title", "aria-label", "placeholder", "alt")
_BRACED = re.compile(r"\{[^{}]*\}")


class _Shown(HTMLParser):
    """A page's text as a reader sees or hears it: its text and its tooltips, without code or English."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.open: list[tuple[str, bool]] = []
        self.parts: list[str] = []

    def _hidden(self) -> bool:
        return bool(self.open) and self.open[-1][1]

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        values = {name: value or "" for name, value in attrs}
        hidden = self._hidden() or tag in _NOT_PROSE or values.get("lang", "").startswith("en")
        if not hidden:
            self.parts.extend(values[name] for name in _TOOLTIPS if values.get(name))
        if tag not in _VOID:
            self.open.append((tag, hidden))

    def handle_endtag(self, tag: str) -> None:
        while self.open and self.open.pop()[0] != tag:
            pass

    def handle_data(self, data: str) -> None:
        if not self._hidden():
            self.parts.append(data)


# A card's own words quoted in a trace or a caption («When I'm played | ...»): the glossary holds
# the cards' English text (the review's "by design"), quoted, not the interface's.
_QUOTED = re.compile(r"«[^«»]*»")


def shown_text(page: str) -> str:
    parser = _Shown()
    parser.feed(page)
    text = _QUOTED.sub("«»", re.sub(r"\s+", " ", " ".join(parser.parts)))
    return _IDENTIFIER.sub("", text)


# An id a trace cites (a mode's rule "free-for-all.victory", a ruling's id): a name, not a phrase.
_IDENTIFIER = re.compile(r"(?<![\w-])[a-z0-9]+(?:-[a-z0-9]+)*(?:\.[a-z0-9-]+)+(?![\w-])")


def _literal_parts(template: str) -> list[str]:
    while _BRACED.search(template):             # nested placeholders (plurals) go from the inside out
        template = _BRACED.sub("\0", template)
    return [part.strip(" .,:;()—–-\"'«»") for part in template.split("\0")]


def english_phrases(language: str) -> dict[str, str]:
    """Each English phrase of the interface that `language` translates -> where it comes from."""
    phrases: dict[str, str] = {}
    for files in (read_strings(), read_messages()):
        english, translated = files["en"], files[language]
        for key, value in english.strings.items():
            if key in translated.same_as_english:
                continue
            for part in _literal_parts(value):
                if len(re.findall(r"[A-Za-z]{2,}", part)) >= 2 and len(part) >= 8 and part not in translated.strings.get(key, ""):
                    phrases.setdefault(part, english.where(key))
    return phrases


def english_shown(site: Path, language: str) -> dict[str, list[str]]:
    """Each English phrase found on the language's pages -> the pages that show it."""
    phrases = english_phrases(language)
    found: dict[str, list[str]] = {}
    patterns = {phrase: re.compile(rf"(?<!\w){re.escape(phrase)}(?!\w)") for phrase in phrases}
    for page in sorted((site / language).rglob("*.html")):
        text = shown_text(page.read_text(encoding="utf-8"))
        for phrase, pattern in patterns.items():
            if phrase in text and pattern.search(text):
                found.setdefault(phrase, []).append(str(page.relative_to(site)))
    return found


@pytest.mark.parametrize("language", TRANSLATED)
def test_no_english_phrase_of_the_interface_is_shown(site: Path, language: str) -> None:
    found = english_shown(site, language)
    assert not found, "\n".join(f"{phrase!r} ({english_phrases(language)[phrase]}) on {pages[:3]}" for phrase, pages in found.items())


def test_the_check_finds_english_text_and_tooltips_but_not_code(tmp_path: Path) -> None:
    """The check itself: an interface phrase left in English is found in a page's text and in a
    tooltip, and not in code or in what is marked English."""
    (tmp_path / "fr").mkdir()
    (tmp_path / "fr" / "a.html").write_text('<p>Réalisé avec <a title="Permanent link">¶</a></p>', encoding="utf-8")
    (tmp_path / "fr" / "b.html").write_text("<p>Made with</p>", encoding="utf-8")
    (tmp_path / "fr" / "c.html").write_text('<pre><code>Made with</code></pre><pre lang="en">Permanent link</pre>', encoding="utf-8")
    found = english_shown(tmp_path, "fr")
    assert found.get("Permanent link") == ["fr/a.html"] and found.get("Made with") == ["fr/b.html"]
