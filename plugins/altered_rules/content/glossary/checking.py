"""Checking the glossary's YAML nodes against the schema (schema.py).

`_Reader` checks one node at a time (a mapping's keys, a text in every language, the sources, the
rule numbers an entry names) and collects every problem with its file and line instead of stopping
at the first, so that an editor fixes them all in one pass. It also gathers the citations the texts
make ({rule-text ...} quotations and rule numbers), which linking.py resolves once all is read.
The leading underscores say the names are the glossary package's own, not its interface.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any, Iterable

from ..yamlsource import LineDict, LineList, SourceError, character_problem
from . import schema as S
from .model import LANGUAGES, Correction, CorrectionKind, Source, Symbol, Text


@dataclass
class _Citation:
    rule: str
    citing: str
    path: str
    line: int
    shown: bool = True   # listed under the rule as citing it (a scenario's `rules:` is checked, not shown)


class _Reader:
    """Checks nodes against the schema, collecting errors instead of stopping at the first."""

    def __init__(self, root: Path | None = None) -> None:
        # The glossary folder: every file read is a regular file inside it (sourcefiles.py).
        self.root = root
        self.errors: list[SourceError] = []
        self.symbols: dict[str, Symbol] = {}
        self.citations: list[_Citation] = []
        self.quotes: list[_Citation] = []   # {rule-text ...} in rulings, resolved once all is read
        self.pinned: list[_Citation] = []   # rules cited as a release had them ("4.3.b@2026.1")
        # Sections whose file could not be read: references to them are not reported again.
        self.unreadable: set[str] = set()
        # Each YAML file read: (the path shown for it, the digest of the bytes parsed), in order.
        self.read: list[tuple[str, bytes]] = []

    # -- errors -----------------------------------------------------------
    def error(self, node: Any, key: Any, message: str) -> None:
        path = getattr(node, "path", "<glossary>")
        line = node.line_of(key) if isinstance(node, (LineDict, LineList)) and key is not None else getattr(node, "line", None)
        self.errors.append(SourceError(path, line, message))

    # -- shapes -----------------------------------------------------------
    def mapping(self, node: Any, keys: dict[str, bool], what: str, parent: Any = None, key: Any = None) -> LineDict | None:
        if not isinstance(node, LineDict):
            self.error(parent if parent is not None else node, key, f"{what} must be a mapping with keys: {S.allowed(keys)}")
            return None
        ok = True
        for k in node:
            if k not in keys:
                self.error(node, k, f"unknown key '{k}' in {what}; allowed keys: {S.allowed(keys)} (? = optional)")
                ok = False
        for k, required in keys.items():
            if required and k not in node:
                self.error(node, None, f"{what} is missing the required key '{k}'; allowed keys: {S.allowed(keys)} (? = optional)")
                ok = False
        return node if ok else None

    def list_of(self, node: LineDict, key: str, what: str) -> LineList:
        value = node.get(key)
        if value is None:
            return LineList()
        if not isinstance(value, LineList):
            self.error(node, key, f"'{key}' of {what} must be a list")
            return LineList()
        return value

    def string(self, node: LineDict, key: str, what: str, choices: Iterable[str] | None = None) -> str | None:
        value = node.get(key)
        if isinstance(value, bool) or value is None or not isinstance(value, (str, int)):
            self.error(node, key, f"'{key}' of {what} must be text")
            return None
        value = str(value)
        problem = character_problem(value, one_line=True)   # an id, a name, a card's text: one line
        if problem:
            self.error(node, key, f"'{key}' of {what}: {problem}")
            return None
        if choices is not None and value not in choices:
            self.error(node, key, f"'{key}' of {what} is '{value}'; allowed: {', '.join(choices)}")
            return None
        return value

    def strings(self, node: LineDict, key: str, what: str) -> tuple[str, ...]:
        """A list of one-line texts (a card's subtypes); () and an error naming the line if it is not one."""
        items = self.list_of(node, key, what)
        result = []
        for index, item in enumerate(items):
            if isinstance(item, bool) or not isinstance(item, (str, int)):
                self.error(items, index, f"item {index + 1} of '{key}' of {what} must be text")
                continue
            problem = character_problem(str(item), one_line=True)
            if problem:
                self.error(items, index, f"item {index + 1} of '{key}' of {what}: {problem}")
                continue
            result.append(str(item))
        return tuple(result)

    def boolean(self, node: LineDict, key: str, what: str) -> bool:
        value = node.get(key, False)
        if not isinstance(value, bool):
            self.error(node, key, f"'{key}' of {what} must be true or false")
            return False
        return value

    def text(self, node: LineDict, key: str, what: str, citing: str | None = None) -> Text | None:
        """A per-language text: a mapping such as {en: ..., fr: ...}; `en` is required."""
        value = node.get(key)
        if value is None and key not in node:
            return None
        if not isinstance(value, LineDict):
            self.error(node, key, f"'{key}' of {what} must be a mapping of languages to text, e.g. {{en: ...}}; languages: {', '.join(LANGUAGES)}")
            return None
        texts: dict[str, str] = {}
        translated_from = self._translated_from(value, key, what)
        for language, string in value.items():
            if language == S.TRANSLATED_FROM:
                continue
            if language not in LANGUAGES:
                self.error(value, language, f"unknown language '{language}' in '{key}' of {what}; allowed: {', '.join(LANGUAGES)}")
                continue
            if not isinstance(string, str) or not string.strip():
                self.error(value, language, f"'{key}.{language}' of {what} must be non-empty text")
                continue
            if key in S.ONE_LINE_KEYS:   # a title becomes a heading: a line break would turn it into Markdown
                problem = character_problem(string.strip(), one_line=True)
                if problem:
                    self.error(value, language, f"'{key}.{language}' of {what}: {problem}")
                    continue
            texts[language] = string.strip()
            self._scan(string, value, language, what, citing)
        if "en" not in texts:
            if not any(e.line == value.line for e in self.errors[-3:]):
                self.error(node, key, f"'{key}' of {what} has no English text (en); English is the source language and required")
            return None
        for language in translated_from:
            if language not in texts:
                self.error(value, S.TRANSLATED_FROM, f"'{key}.{S.TRANSLATED_FROM}' of {what} names {language}, which has no text here")
        return Text(texts, {language: translated_from[language] for language in texts if language in translated_from})

    def _translated_from(self, value: LineDict, key: str, what: str) -> dict[str, str]:
        """`from:` beside the translations: the English text's hash they were made from, one for all
        (`from: 3fa2c1d0`) or one per language (`from: {fr: 3fa2c1d0, it: 9b8e7f10}`)."""
        raw = value.get(S.TRANSLATED_FROM)
        if raw is None and S.TRANSLATED_FROM not in value:
            return {}
        translations = [language for language in LANGUAGES[1:] if language in value]
        # An all-digit hash reads as a number (yamlsource's small schema): it is the same text.
        digits = lambda v: str(v) if isinstance(v, int) and not isinstance(v, bool) else v  # noqa: E731
        raw = {k: digits(v) for k, v in raw.items()} if isinstance(raw, LineDict) else digits(raw)
        if isinstance(raw, str) and S.ENGLISH_HASH.match(raw):
            return {language: raw for language in translations}
        if isinstance(raw, dict) and all(k in LANGUAGES[1:] and isinstance(v, str) and S.ENGLISH_HASH.match(v) for k, v in raw.items()):
            return dict(raw)
        self.error(value, S.TRANSLATED_FROM, f"'{key}.{S.TRANSLATED_FROM}' of {what} must be the {S.ENGLISH_HASH_LENGTH}-digit hash of the "
                   "English text the translations were made from (from: 3fa2c1d0), or one per language "
                   "(from: {fr: 3fa2c1d0, it: 9b8e7f10}); `altered-rules i18n stamp` writes it")
        return {}

    def _scan(self, string: str, node: LineDict, key: str, what: str, citing: str | None) -> None:
        if S.RULE_QUOTE_START in string:
            self._scan_quotes(string, node, key, what, citing)
        for match in S.SYMBOL_REFERENCE.finditer(string):
            if match.group(1) not in self.symbols:
                self.error(node, key, f"symbol '{{{match.group(1)}}}' in {what} is not in the vocabulary; allowed: "
                           + ", ".join("{" + s + "}" for s in self.symbols))
        if citing is not None:
            for match in S.PINNED_REFERENCE.finditer(string):
                self.pinned.append(_Citation(match.group(0), citing, node.path, node.line_of(key)))
            for match in S.RULE_REFERENCE.finditer(string):
                if match.group(1) != citing:
                    self.citations.append(_Citation(match.group(1), citing, node.path, node.line_of(key)))

    def _scan_quotes(self, string: str, node: LineDict, key: str, what: str, citing: str | None) -> None:
        found = S.RULE_QUOTE.findall(string)
        if string.count(S.RULE_QUOTE_START) != len(found):
            malformed = [q for q in S.RULE_QUOTE_ANY.findall(string) if not S.RULE_QUOTE.fullmatch(q)]
            self.error(node, key, f"malformed rule quotation {', '.join(malformed)} in {what}; write {{rule-text 4.2.4.b}} (a paragraph), "
                       "{rule-text 4.3.h-item-2} (an item of its list), {rule-text 4.2.4.h-remark-1} (a remark or "
                       "an example) or {rule-text multiplayer-2v2-5-item-2} (a game mode's text: its block's anchor, "
                       "then paragraph-N, item-N or example), with one space")
        if not (citing or "").startswith("ruling-"):
            self.error(node, key, f"{{rule-text ...}} in {what}: only a ruling quotes a rule's text this way")
            return
        for rule in found:
            self.quotes.append(_Citation(rule, citing or "", node.path, node.line_of(key)))

    def sources(self, node: LineDict, key: str, what: str, known: dict[str, Source]) -> tuple[str, ...]:
        items = node.get(key)
        if not isinstance(items, LineList) or not items:
            self.error(node, key, f"'{key}' of {what} must be a non-empty list of sources; known: {', '.join(known)}")
            return ()
        result = []
        for index, item in enumerate(items):
            if not isinstance(item, str) or item not in known:
                self.error(items, index, f"unknown source '{item}' in {what}; known: {', '.join(known)}")
            else:
                result.append(item)
        return tuple(result)

    def corrections(self, node: LineDict, what: str) -> tuple[Correction, ...]:
        result = []
        for index, item in enumerate(self.list_of(node, "corrections", what)):
            entry = self.mapping(item, S.CORRECTION_KEYS, f"a correction of {what}", node.get("corrections"), index)
            if entry is None:
                continue
            was, now = entry.get("was"), entry.get("now")
            why = self.string(entry, "why", f"a correction of {what}", [k.value for k in CorrectionKind])
            if not isinstance(was, str) or not isinstance(now, str):
                self.error(entry, "was", f"'was' and 'now' of a correction of {what} must be text (quote an empty one: '')")
                continue
            if why:
                result.append(Correction(was, now, CorrectionKind(why)))
        return tuple(result)

    def rule_ids(self, node: LineDict, key: str, what: str, citing: str) -> tuple[str, ...]:
        items = node.get(key)
        if items is None:
            return ()
        if not isinstance(items, LineList):
            self.error(node, key, f"'{key}' of {what} must be a list of rule numbers")
            return ()
        result = []
        for index, item in enumerate(items):
            rule = str(item) if isinstance(item, (str, int)) and not isinstance(item, bool) else ""
            if S.PINNED_RULE_ID.match(rule):
                self.pinned.append(_Citation(rule, citing, items.path, items.line_of(index)))
                result.append(rule)
                continue
            if not (S.SECTION_ID.match(rule) or S.PARAGRAPH_ID.match(rule)):
                self.error(items, index, f"'{item}' in '{key}' of {what} is not a rule number such as 4.2.4 or 4.2.4.c "
                           "(or one as a release had it: 4.3.b@2026.1)")
                continue
            self.citations.append(_Citation(rule, citing, items.path, items.line_of(index)))
            result.append(rule)
        return tuple(result)
