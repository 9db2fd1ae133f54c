"""Interface strings of the generated pages, per language.

The strings live in one YAML file per language, `strings/<language>.yaml` beside this module
(shipped as package data): translators edit them as text, not Python. English is the source;
`string_problems` lists every key a language lacks or adds, every placeholder that differs from
the English, and every string left equal to the English that is not listed in the file's
`same_as_english` (a test and `altered-rules lint` run it). The theme's own strings come from
Material's translations (theme.language).

Other modules call `tr(language, key, **values)` and read `STRINGS[language][key]`.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path
from typing import Callable, Iterator, Mapping, MutableMapping

from .content.glossary.model import ENGLISH_HASH_LENGTH, LANGUAGES, TranslationStatus, english_hash
from .content.sourcefiles import display, load_yaml_file, read_text, write_text
from .content.yamlsource import LineDict, LineList, SourceError, character_problem, load_yaml_text

STRINGS_DIR = Path(__file__).parent / "strings"
"""The folder of the per-language files (en.yaml, fr.yaml, it.yaml)."""

# A value the site fills in: "Go to rule {rule}". Nothing else in a string is read: no attribute
# ({rule.__class__}), no index, no format spec ({rule:>100000}); `fill` replaces the named
# placeholders and leaves every other character as typed, and lint refuses any other brace.
PLACEHOLDER = re.compile(r"\{([a-z_]+)\}")
BRACE = re.compile(r"[{}]")
# Beside a translated string, the English it was translated from: `key: "text"  # from 3fa2c1d0`.
TRANSLATED_FROM = re.compile(r"#\s*from\s+([0-9a-f]{%d})\s*$" % ENGLISH_HASH_LENGTH)


@dataclass(frozen=True)
class LanguageStrings:
    """One language's file: its strings, the line of each, and the keys meant to equal English."""

    language: str
    path: str
    strings: dict[str, str]
    lines: dict[str, int]
    same_as_english: frozenset[str]
    translated_from: dict[str, str]      # key -> the English's hash, from the `# from ...` of its line

    def where(self, key: str) -> str:
        return f"{self.path}:{self.lines.get(key, 1)}"


def _read_language(path: Path, language: str) -> LanguageStrings:
    # Shown as an editor types it, links not resolved: a regular file of its folder (sourcefiles.py).
    path = Path(display(path))
    data = load_yaml_file(path, path.parent)
    if not isinstance(data, LineDict) or not isinstance(data.get("strings"), LineDict):
        raise SourceError(path, getattr(data, "line", 1), "an interface strings file is a mapping with "
                          "'strings' (key: text) and, in a translation, 'same_as_english' (a list of keys)")
    unknown = [k for k in data if k not in ("strings", "same_as_english")]
    if unknown:
        raise SourceError(path, data.line_of(unknown[0]), f"unknown key '{unknown[0]}'; allowed: strings, same_as_english")
    table: LineDict = data["strings"]
    strings: dict[str, str] = {}
    for key, value in table.items():
        if not isinstance(value, str) or not value.strip():
            raise SourceError(path, table.line_of(key), f"the string '{key}' must be non-empty text (quote it: \"...\")")
        strings[str(key)] = value
    same = data.get("same_as_english", LineList())
    if not isinstance(same, list) or not all(isinstance(k, str) for k in same):
        raise SourceError(path, data.line_of("same_as_english"), "'same_as_english' must be a list of string keys")
    lines = {str(k): table.line_of(k) for k in table}
    rows = read_text(path, path.parent).splitlines()
    translated_from = {key: found.group(1) for key, line in lines.items()
                       if 0 < line <= len(rows) and (found := TRANSLATED_FROM.search(rows[line - 1]))}
    return LanguageStrings(language, str(path), strings, lines, frozenset(same), translated_from)


def read_strings(folder: Path = STRINGS_DIR) -> dict[str, LanguageStrings]:
    """Every language's interface strings; raises SourceError (file:line) on a malformed file."""
    return {language: _read_language(folder / f"{language}.yaml", language) for language in LANGUAGES}


# Punctuation a translation may hold although its English does not: each language's own typography
# (guillemets, apostrophe, ellipsis, dashes). Anything else that is neither a letter, a digit nor a
# space, and that the English lacks, is a character lost on the way: the French catalogue held a
# literal "?" for a narrow no-break space ("500?000") and for an ellipsis (review 2026-12, F32, F33).
# The backtick is the code mark a translation may put around a key its English writes bare
# ("sous `undecided:`, la lecture…": the colon would otherwise run into the comma, review e, E5).
TYPOGRAPHY = frozenset(".,;:!()'\"«»’‘“”…–—-/`")


def stray_characters(value: str, source: str) -> list[str]:
    """The characters of a translated `value` that are not letters, digits or spaces, not the
    language's typography, and not in its English `source` (U+FFFD and a lone "?" among them)."""
    import unicodedata

    found = []
    for character in value:
        if character in source or character in TYPOGRAPHY or character.isspace():
            continue
        if character == "#" and ", plural," in value:   # ICU: the number inside a plural form
            continue
        if unicodedata.category(character)[0] in "LN" and character != "\ufffd":
            continue
        if character not in found:
            found.append(character)
    return found


def stray_character_problem(where: str, key: str, value: str, source: str) -> str | None:
    """One line naming the stray characters of a translation, or None."""
    stray = stray_characters(value, source)
    if not stray:
        return None
    shown = ", ".join(f"{c!r} (U+{ord(c):04X})" for c in stray)
    return (f"{where}: '{key}' holds {shown}, which its English does not have and which is neither a letter nor "
            "this language's punctuation: a character lost in an encoding? (write it as \\uXXXX, e.g. \\u202f "
            "for a narrow no-break space, \\u2026 for an ellipsis)")


def string_problems(files: dict[str, LanguageStrings]) -> list[str]:
    """Each translation's keys, placeholders and strings left in English, one problem a line."""
    english = files["en"]
    problems = []
    for language, file in files.items():
        for key, value in file.strings.items():
            problem = text_problem(value)
            if problem:
                problems.append(f"{file.where(key)}: '{key}': {problem}")
        if language == "en":
            continue
        for key in english.strings:
            if key not in file.strings:
                problems.append(f"{file.path}: missing the key '{key}' (English at {english.where(key)}: {english.strings[key]!r})")
        for key, value in file.strings.items():
            if key not in english.strings:
                problems.append(f"{file.where(key)}: '{key}' is not a key of {english.path}; remove it or add it there first")
                continue
            source = english.strings[key]
            if sorted(PLACEHOLDER.findall(value)) != sorted(PLACEHOLDER.findall(source)):
                problems.append(f"{file.where(key)}: '{key}' has the placeholders {sorted(set(PLACEHOLDER.findall(value)))}; "
                                f"the English has {sorted(set(PLACEHOLDER.findall(source)))}")
            if value == source and key not in file.same_as_english:
                problems.append(f"{file.where(key)}: '{key}' is the English text {value!r}; translate it, or list the key "
                                "in same_as_english if it is a proper name or a word spelt alike")
            stray = stray_character_problem(file.where(key), key, value, source)
            if stray:
                problems.append(stray)
        for key in sorted(file.same_as_english - set(english.strings)):
            problems.append(f"{file.path}: same_as_english lists '{key}', which is not a key of {english.path}")
    return problems


@dataclass(frozen=True)
class StringState:
    """One translated interface string and where it stands against its English."""

    language: str
    key: str
    where: str                 # "file:line"
    english: str               # the English as it is now
    text: str                  # the translation
    recorded: str | None       # the hash of the English it was translated from (# from ...)
    status: TranslationStatus

    @property
    def advice(self) -> str:
        """What a translator does about it (empty when the string is current)."""
        now = english_hash(self.english)
        if self.status is TranslationStatus.UNRECORDED:
            return (f"'{self.key}' does not record the English it was translated from; if it is current, "
                    f"run `altered-rules i18n stamp` (writes # from {now})")
        if self.status is TranslationStatus.STALE:
            return (f"'{self.key}' was translated from an older English text ({self.recorded}; the English is now "
                    f"{now}): update it, then write # from {now}")
        return ""


def string_states(files: Mapping[str, LanguageStrings], languages: tuple[str, ...] = LANGUAGES[1:]) -> list[StringState]:
    """Every translated interface string of `languages` with its state: current, stale or unrecorded."""
    english = files["en"].strings
    states = []
    for language in languages:
        file = files[language]
        for key, value in file.strings.items():
            if key not in english:
                continue   # string_problems reports it
            recorded = file.translated_from.get(key)
            status = (TranslationStatus.UNRECORDED if recorded is None else
                      TranslationStatus.CURRENT if recorded == english_hash(english[key]) else TranslationStatus.STALE)
            states.append(StringState(language, key, file.where(key), english[key], value, recorded, status))
    return states


def stamp_strings(folder: Path = STRINGS_DIR) -> int:
    """Write `# from <hash>` at the end of each translated string's line that records none."""
    return stamp_files(read_strings(folder))


def stamp_files(files: Mapping[str, LanguageStrings]) -> int:
    """Write `# from <hash>` at the end of each translated line that records none, in files read
    as interface strings are (the interface's, the engine's messages), the English under "en".
    A file is written only if it reads back with the same strings."""
    english = files["en"].strings
    count = 0
    for language, file in files.items():
        if language == "en":
            continue
        path = Path(file.path)
        rows = read_text(path, path.parent).split("\n")
        stamped = 0
        for key, line in file.lines.items():
            if key in english and key not in file.translated_from:
                rows[line - 1] = f"{rows[line - 1].rstrip()}  # from {english_hash(english[key])}"
                stamped += 1
        if not stamped:
            continue
        text = "\n".join(rows)
        data = load_yaml_text(text, path)   # the file must read back with the same strings before it is written
        if not isinstance(data, dict) or data.get("strings") != file.strings:
            raise SourceError(path, None, "`i18n stamp` would change this file's strings (a comment inside a "
                                          "multi-line value?); nothing was written: add `# from ...` by hand")
        write_text(path, path.parent, text)
        count += stamped
    return count


class _Read(MutableMapping):
    """The shipped files, read on first use, not on import: a malformed file is then a
    SourceError (file:line) that a command or the build reports as such, never an import's
    traceback before any command has started (F-2)."""

    def __init__(self, make: Callable[[], dict]) -> None:
        self._make = make
        self._data: dict | None = None

    def _loaded(self) -> dict:
        if self._data is None:
            self._data = self._make()
        return self._data

    def __getitem__(self, key: str):
        return self._loaded()[key]

    def __setitem__(self, key: str, value) -> None:   # a test's pseudo-language (test_pseudo_locale.py)
        self._loaded()[key] = value

    def __delitem__(self, key: str) -> None:
        del self._loaded()[key]

    def __iter__(self) -> Iterator[str]:
        return iter(self._loaded())

    def __len__(self) -> int:
        return len(self._loaded())


FILES: Mapping[str, LanguageStrings] = _Read(read_strings)
STRINGS: Mapping[str, dict[str, str]] = _Read(lambda: {language: file.strings for language, file in FILES.items()})


def text_problem(value: str) -> str | None:
    """What is wrong with an interface string itself (None: nothing): a brace that is no
    {placeholder}, or a character no text may hold. One line of text: no tab or line break."""
    problem = character_problem(value, one_line=True)
    if problem:
        return problem
    stray = BRACE.search(PLACEHOLDER.sub("", value))
    if stray:
        return (f"'{stray.group()}' outside a placeholder; a placeholder is a name in braces, such as {{rule}}, "
                "and nothing else in braces is allowed (no {}, no {rule.x}, no {rule:>9})")
    return None


def fill(template: str, values: Mapping[str, object]) -> str:
    """`template` with each named placeholder of `values` replaced by its value (str), every other
    character as typed: a safe substituter, never str.format (which reads attributes and specs)."""
    return PLACEHOLDER.sub(lambda m: str(values[m.group(1)]) if m.group(1) in values else m.group(0), template)


def tr(language: str, key: str, **values: object) -> str:
    """The interface string `key` in `language` (English if not translated yet), as plain text:
    whoever puts it in a page escapes it for where it lands.

    Without values, a template is returned as it is ("Go to rule {rule}"), for the
    site's script to fill in.
    """
    table = STRINGS.get(language, STRINGS["en"])
    template = table.get(key, STRINGS["en"][key])
    return fill(template, values) if values else template


THEME_TEXTS = ("made_with", "not_found_title")
"""The interface strings our theme overrides show where Material 9.8.1 writes English whatever the
language (the footer's "Made with", the 404 page's heading): docs/overrides reads them from
`config.extra.altered_rules_texts`."""


def theme_texts(config, language: str) -> None:
    """Give a language's site the theme's texts in its language: the overrides' strings, and the
    heading permalinks' tooltip (Python-Markdown's toc says "Permanent link" in every language)."""
    config.extra["altered_rules_texts"] = {key: tr(language, key) for key in THEME_TEXTS}
    toc = config.mdx_configs.setdefault("toc", {})
    if toc.get("permalink"):
        toc["permalink_title"] = tr(language, "permalink_title")
