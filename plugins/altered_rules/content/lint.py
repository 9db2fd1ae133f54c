"""Editorial checks beyond the schema (the loader already rejected malformed entries).

Each problem is a line `file:line: where: what is wrong (what to do)`. The
checks: known scraping defects, lists lost without a gap, stale corrections,
and for French and Italian: a text missing a language, a translation
identical to its English, and a game term written in English or in a
non-official variant where the termbase gives the official word, or a paired term's word
missing where the English uses the term. The same termbase checks run on rulings, game modes
and terms (all in `iter_texts`), on the jargon's notes, on the interface strings and on the hand-written pages of each
translation (`lint_interface`).
A card's `seen_in` that disagrees with the examples that name it is reported too (cards.py).
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path
from typing import Callable, Iterable, Iterator

from .cards import seen_in_problems
from .glossary.model import Correction, Glossary, TermbaseEntry, Text, mode_block_anchor
from ..languages import TRANSLATIONS
from .page_markup import page_problems
from .page_prose import prose, prose_lines
from .sourcefiles import read_text
from .yamlsource import SourceError
from ..strings import LanguageStrings


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


@dataclass(frozen=True)
class Located:
    """A text of the glossary with the entry it belongs to."""

    where: str      # "file:line: entry"
    text: Text
    anchor: str = ""   # the id of the element that shows it on the site ("" when none)


def iter_texts(glossary: Glossary) -> Iterator[Located]:
    """Every per-language text of the glossary, with where it is."""
    for section in glossary.sections.values():
        yield Located(f"{section.file}:{section.line}: section {section.id} title", section.title, section.id)
        if section.body:
            where = f"{section.file}:{section.line}: section {section.id} body"
            for text in ([section.body.text] if section.body.text else []) + list(section.body.items):
                yield Located(where, text, section.id)
            for note in section.body.notes:
                yield Located(f"{note.file}:{note.line}: {note.anchor}", note.text, note.anchor)
        for paragraph in section.paragraphs:
            where = f"{paragraph.file}:{paragraph.line}: {paragraph.id}"
            for text in paragraph.texts():
                yield Located(where, text, paragraph.id)
            for index, illustration in enumerate(paragraph.scenarios, 1):
                yield Located(f"{where} scenario {index} caption", illustration.caption, f"{paragraph.id}-scenario-{index}")
            if paragraph.no_scenario and paragraph.no_scenario.note:
                yield Located(f"{where} no_scenario", paragraph.no_scenario.note)
            for note in paragraph.notes:
                yield Located(f"{note.file}:{note.line}: {note.anchor}", note.text, note.anchor)
                if note.gap:
                    yield Located(f"{note.file}:{note.line}: {note.anchor} gap", note.gap, note.anchor)
    for term in glossary.terms:
        where = f"{term.file}:{term.line}: term {term.id}"
        for key in ("title", "text", "gap"):
            if getattr(term, key):
                yield Located(f"{where} {key}", getattr(term, key), f"term-{term.id}")
    for mode in glossary.modes:
        what = f"game mode {mode.id}"
        yield Located(f"{mode.file}:{mode.lines.get('title', mode.line)}: {what} title", mode.title, f"mode-{mode.id}")
        for number, block in enumerate(mode.blocks, 1):
            anchor = mode_block_anchor(mode.id, number)
            for part, text in block.parts():
                yield Located(f"{mode.file}:{block.lines.get(part, mode.line)}: {what} block {number} {part}", text, anchor)
        if mode.deck_intro:
            yield Located(f"{mode.file}:{mode.lines.get('deck', mode.line)}: {what} deck", mode.deck_intro, f"{mode.id}-deck")
        for rule in mode.deck_rules:
            where = f"{mode.file}:{rule.line or mode.line}: {what} {rule.id}"
            yield Located(where, rule.text, rule.id)
            for index, illustration in enumerate(rule.scenarios, 1):
                yield Located(f"{where} scenario {index} caption", illustration.caption, f"{rule.id}-scenario-{index}")
    for ruling in glossary.rulings:
        for key in ("title", "conflict", "reading", "why"):
            yield Located(f"{ruling.file}:{ruling.lines.get(key, ruling.line)}: ruling {ruling.id} {key}",
                          getattr(ruling, key), f"ruling-{ruling.id}")
    for symbol in glossary.symbols.values():
        yield Located(f"{symbol.where}: symbol {symbol.id}", symbol.label, "symbols")
    for source in glossary.sources.values():
        yield Located(f"{source.where}: source {source.id}", source.title, source.id)
        yield Located(f"{source.where}: source {source.id}", source.description, source.id)
    for chapter in glossary.chapters:
        yield Located(f"{chapter.where}: chapter {chapter.number}", chapter.title, chapter.slug)
    for external in glossary.external_rules.values():
        yield Located(f"{external.where}: rule {external.id}", external.title)


# What may stay the same in every language: symbols, rule numbers, numbers, and
# capitalised words (names of cards, players, factions, formats).
_NEUTRAL = re.compile(r"\{[a-z-]+\}|\d+(?:[./]\d+)*(?:\.[a-z])?|\b[A-Z][\w'&!.-]*|[^\w{]+")


def _only_names(text: str) -> bool:
    return _NEUTRAL.sub("", text).strip() == ""


@dataclass(frozen=True)
class _TermCheck:
    pattern: re.Pattern[str]
    what: str
    entry: TermbaseEntry
    in_names: bool      # an English word may stand inside a card name ("Celebration Day")
    word: str           # the word `pattern` finds, as written (`pattern` matches only where it stands)


_NAME_NEIGHBOUR = re.compile(r"[A-Z][\w'&!-]*")


def _part_of_a_name(value: str, match: re.Match[str], official: str) -> bool:
    """Whether the match is (part of) a card name: a capitalised word stands right before or
    after it, or the official word follows it in brackets ("Brassbug (Ottonblatta)")."""
    if value[match.end():].startswith(f" ({official})"):
        return True
    before = value[: match.start()].rstrip(" ").rsplit(" ", 1)[-1] if value[: match.start()].endswith(" ") else ""
    after = value[match.end():].lstrip(" ").split(" ", 1)[0] if value[match.end():].startswith(" ") else ""
    return bool(_NAME_NEIGHBOUR.fullmatch(before) or _NAME_NEIGHBOUR.fullmatch(after))


def _term_checks(entry: TermbaseEntry, language: str) -> list[_TermCheck]:
    """The words that must not stand where `entry`'s official word belongs in `language`."""
    form = entry.forms[language]
    checks = [
        _TermCheck(re.compile(rf"(?<![\w-]){re.escape(variant)}(?![\w-])", re.IGNORECASE),
                   f"non-official variant '{variant}'", entry, False, variant)
        for variant in form.avoid
    ]
    english = entry.en
    official = {form.term.casefold(), *(value.casefold() for _, value in form.extra)}
    # Only English words that differ from the official word and are long enough not to be noise.
    if english.casefold() not in official and len(english) >= 4 and english[0].isupper():
        checks.append(_TermCheck(re.compile(rf"(?<![\w-]){re.escape(english)}s?(?![\w-])"),
                                 f"English term '{english}'", entry, True, english))
    return checks


class _TermChecks(tuple):
    """A language's term checks, with one pattern (`anywhere`) that finds any of their words in
    a text, whole or not, in any case: a check's pattern can only match a text it finds something
    in. A search for each word (its pattern starts with a look-behind, tried at every character)
    was nine tenths of a lint; four texts in five hold none of the words, and one search says so
    (a lint of the glossary: 0.47 s before, 0.37 s)."""

    anywhere: re.Pattern[str]

    def __new__(cls, checks: Iterable[_TermCheck]) -> "_TermChecks":
        self = super().__new__(cls, checks)
        self.anywhere = re.compile("|".join(sorted({re.escape(check.word) for check in self})) or r"(?!)", re.IGNORECASE)
        return self


@dataclass(frozen=True)
class _Pairing:
    """A paired term: where the English uses it, the translation must use its official word."""

    english: re.Pattern[str]
    entry: TermbaseEntry
    # Longer terms that hold it ("expedition counter"): where the English uses all their words (a
    # rule about "the corresponding counter" of an expedition), their own word may stand instead.
    longer: tuple[tuple[tuple[re.Pattern[str], ...], TermbaseEntry], ...]


def _english_pattern(term: str) -> str:
    # Each English word in its inflections: "counter" matches "counters", "move backward" "moved backward".
    return r"\s+".join(rf"{re.escape(word)}(?:s|es|d|ed|ing)?" for word in term.split())


def _pairings(glossary: Glossary) -> tuple[_Pairing, ...]:
    result = []
    for entry in glossary.termbase:
        if not entry.paired:
            continue
        longer = tuple(
            (tuple(re.compile(rf"(?<![\w-]){_english_pattern(word)}(?![\w-])", re.IGNORECASE) for word in other.en.split()), other)
            for other in glossary.termbase
            if other is not entry and entry.en.casefold() in other.en.casefold()
        )
        result.append(_Pairing(re.compile(rf"(?<![\w-]){_english_pattern(entry.en)}(?![\w-])", re.IGNORECASE), entry, longer))
    return tuple(result)


def term_problems(where: str, value: str, language: str, checks: _TermChecks, english: str | None = None,
                  pairings: tuple[_Pairing, ...] = ()) -> Iterator[str]:
    """The termbase's complaints about one translated text: a non-official variant, an English
    term, and (given its English) a paired term whose official word is missing."""
    for check in checks if checks.anywhere.search(value) else ():
        for match in check.pattern.finditer(value):
            if check.in_names and _part_of_a_name(value, match, check.entry.forms[language].term):
                continue
            yield (f"{where}: {check.what} in the {language} text ('{match.group(0)}'); "
                   f"the official {language} term is '{check.entry.forms[language].term}'")
            break
    for pairing in pairings if english is not None else ():
        assert english is not None
        form = pairing.entry.forms[language]
        found = pairing.english.search(english)
        roots = [form.root] + [other.forms[language].root for words, other in pairing.longer
                               if all(word.search(english) for word in words)]
        if found and not any(root.casefold() in value.casefold() for root in roots):
            yield (f"{where}: the English says '{found.group(0)}' but the {language} text "
                   f"lacks the official term '{form.term}'")


def termbase_checks(glossary: Glossary) -> dict[str, _TermChecks]:
    return {language: _TermChecks(check for entry in glossary.termbase for check in _term_checks(entry, language))
            for language in TRANSLATIONS}


# French typography: a no-break space (U+00A0 or the narrow U+202F) before ; : ! ? » and after «,
# so a line never starts with the mark; a plain space there is a slip (review f, FR-R1: 325 of them).
_FRENCH_SPACING = re.compile(r" [;:!?»]|« ")


def french_spacing(value: str) -> list[str]:
    """The places of a French `value` with a plain space where a no-break one belongs."""
    return [value[max(0, m.start() - 12):m.end() + 12] for m in _FRENCH_SPACING.finditer(value)]


def _spacing_problems(where: str, value: str) -> list[str]:
    return [f"{where}: a plain space where French wants a no-break one (U+00A0): …{place}…" for place in french_spacing(value)]


def page_spacing_problems(text: str, where: str) -> list[str]:
    """`where:line: ...` for each plain space of a French page's prose where a no-break one belongs
    (code, links and HTML left as written: a space there is not typography). Review h found 912 on
    the five French pages, which nothing checked while the glossary's texts were."""
    return [problem for number, line, may in prose_lines(text) if may
            for is_prose, piece in prose(line) if is_prose for problem in _spacing_problems(f"{where}:{number}", piece)]


def _check_translations(glossary: Glossary, problems: list[str]) -> None:
    checks = termbase_checks(glossary)
    pairings = _pairings(glossary)
    for located in iter_texts(glossary):
        text = located.text
        for language in TRANSLATIONS:
            if not text.has(language):
                problems.append(f"{located.where}: no {language} text (translate: {text.en[:60]!r})")
                continue
            value = text.by_language[language]
            if value == text.en and not _only_names(value):
                problems.append(f"{located.where}: the {language} text is identical to the English; translate it")
            problems.extend(term_problems(located.where, value, language, checks[language], text.en, pairings))
            if language == "fr":
                problems.extend(_spacing_problems(located.where, value))
    for entry in glossary.jargon:
        # The entry's words are another game's (that is its point); its note is our own translated
        # text and speaks Altered's words (review 2026-12, §6: « se rejoignent » passed here).
        note = entry.note
        if note is None:
            continue
        for language in TRANSLATIONS:
            if note.has(language):
                problems.extend(term_problems(f"{entry.file}:{entry.line}: jargon note", note.by_language[language],
                                              language, checks[language]))
                if language == "fr":
                    problems.extend(_spacing_problems(f"{entry.file}:{entry.line}: jargon note", note.by_language["fr"]))


def lint_interface(glossary: Glossary, files: dict[str, LanguageStrings], pages: Iterable[Path] = ()) -> list[str]:
    """The interface strings (keys, placeholders, English left in place, the termbase's words)
    and the hand-written pages of each translation (docs/fr, docs/it: the termbase's variants)."""
    from ..strings import string_problems

    checks = termbase_checks(glossary)
    problems = string_problems(files) + _translated_terms(glossary, files, checks)
    for page in pages:
        language = page.parent.name
        try:   # a regular file of docs/, never a link (sourcefiles.py)
            text = read_text(page, page.parent.parent)
        except SourceError as exc:
            problems.append(str(exc))
            continue
        problems.extend(page_problems(text, str(page)))   # Markdown and the little HTML allowed, no script (F-20)
        if language not in TRANSLATIONS:
            continue
        variants = _TermChecks(check for check in checks[language] if not check.in_names)
        if language == "fr":
            problems.extend(page_spacing_problems(text, str(page)))
        for number, line in enumerate(text.splitlines(), 1):
            problems.extend(term_problems(f"{page}:{number}", line, language, variants))
    return problems


def lint_messages(glossary: Glossary, files: dict[str, LanguageStrings]) -> list[str]:
    """The engine's messages (plugins/altered_rules/messages.py): ids, parameters, rule numbers and
    plural forms against the English, and the termbase's words in each translation."""
    from ..messages import LANGUAGE_ONLY, message_problems

    # A translation's own keys (a word's forms, contractions) have no English to pair words with.
    return message_problems(files) + _translated_terms(glossary, files, termbase_checks(glossary),
                                                       skip=LANGUAGE_ONLY.match)


def _translated_terms(glossary: Glossary, files: dict[str, LanguageStrings], checks: dict[str, _TermChecks],
                      skip: Callable[[str], object] = lambda key: False) -> list[str]:
    """The termbase's words in each translated string of `files` (interface strings or engine
    messages), read against its English; and, in French, the no-break spaces (french_spacing)."""
    pairings = _pairings(glossary)
    english = files["en"].strings
    problems: list[str] = []
    for language in TRANSLATIONS:
        file = files[language]
        for key, value in file.strings.items():
            if not skip(key):
                problems.extend(term_problems(f"{file.where(key)}: '{key}'", value, language, checks[language],
                                              english.get(key), pairings))
                if language == "fr":   # review i: 111 plain spaces in 80 interface strings, unchecked
                    problems.extend(_spacing_problems(f"{file.where(key)}: '{key}'", value))
    return problems


def _texts(text: Text | None) -> list[str]:
    return list(text.by_language.values()) if text else []


def _check_corrections(where: str, corrections: tuple[Correction, ...], texts: list[str], problems: list[str]) -> None:
    joined = "\n".join(texts).replace("\n", " ")
    for correction in corrections:
        now = correction.now.strip()
        # A correction whose new text is gone from the entry no longer describes it.
        if now and correction.why.value in ("typo", "grammar") and now not in joined:
            problems.append(f"{where}: correction '{correction.was}' -> '{correction.now}' does not match the text any more (update or remove it)")


def _official(paragraph) -> bool:
    """Its text is an official document's, as printed (`altered-rules import`): not a seed's capture."""
    return bool(paragraph.text_from) and not str(paragraph.text_from).startswith("seed-") and paragraph.text_from != "editorial"


def _check_sources(glossary: Glossary, problems: list[str]) -> None:
    # An official text's rule that ends with ':' may be followed by the lettered rules that are its
    # list (Complete Rules 3.0's 1.4.7.a, then 1.4.7.b-e): no list was lost there.
    followed = {a.id for section in glossary.sections.values() for a, _ in zip(section.paragraphs, section.paragraphs[1:])}
    for paragraph in glossary.paragraphs.values():
        where = f"{paragraph.file}:{paragraph.line}: {paragraph.id}"
        english = [text.en for text in paragraph.texts()]
        if (paragraph.text.en.rstrip().endswith(":") and not paragraph.items and not paragraph.gap
                and not (_official(paragraph) and paragraph.id in followed)):
            problems.append(f"{where}: the text ends with ':' but has neither 'items' nor a 'gap' saying the list is lost")
        _check_corrections(where, paragraph.corrections, english, problems)
        for note in paragraph.notes:
            _check_corrections(f"{note.file}:{note.line}: {note.anchor}", note.corrections, [note.text.en], problems)
            english.append(note.text.en)
        for pattern, fix in KNOWN_DEFECTS.items():
            if any(re.search(pattern, text) for text in english):
                problems.append(f"{where}: known scraping defect /{pattern}/ in the text; write {fix}")


def lint_glossary(glossary: Glossary, *, translations: bool = True) -> list[str]:
    """Every editorial problem of the glossary, one line each."""
    problems: list[str] = []
    _check_sources(glossary, problems)
    problems += seen_in_problems(glossary)
    if translations:
        _check_translations(glossary, problems)
    return problems
