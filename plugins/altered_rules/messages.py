"""The engine's messages in every language: catalogues, checks and renderers.

The engine says what it does as messages (engine.messages: an id with typed parameters). English,
the source, is `engine.catalogue.ENGLISH`; each translation is `strings/engine/<language>.yaml`
beside the interface strings, in their format and their flow: `# from <hash>` records the English
a sentence was translated from (stale when it changed; `altered-rules i18n stamp` writes missing
ones), `same_as_english` lists sentences spelt alike, `altered-rules lint` runs `message_problems`,
and `altered-rules i18n export/import` carries them in the PO file (msgctxt "engine <id>").

A template's plural forms are chosen by the language's CLDR plural rules, taken from Babel and
handed to the engine's standard-library renderer as expressions (`plural_rules`), so the sandbox,
which runs without Babel, renders with the same rules. A card's printed name in the page's
language, where glossary/cards.yaml knows it, is shown beside the name the rules quote (2.2.3.c).
"""

from __future__ import annotations

import json
import re
import shutil
import tempfile
from functools import lru_cache
from pathlib import Path
from typing import Iterable, Mapping

from babel import Locale
from babel.plural import _PythonCompiler

from engine.catalogue import ENGLISH
from engine.citations import Citations
from engine.messages import Message, Renderer, cldr_plural, template_fields

from .content.glossary.model import LANGUAGES, CardData
from .content.sourcefiles import read_text, walk_files, write_text
from .content.yamlsource import SourceError, character_problem
from .strings import STRINGS_DIR, LanguageStrings, StringState, _read_language, stamp_files, string_states, stray_character_problem

__all__ = ["catalogue_data", "MESSAGES_DIR", "LANGUAGE_ONLY", "stamp_messages", "read_messages", "message_problems", "template_problem", "template_problems", "message_states", "plural_rules", "renderer",
           "render", "card_names", "english_file"]

MESSAGES_DIR = STRINGS_DIR / "engine"
"""The per-language catalogues of the engine's messages (fr.yaml, it.yaml)."""

ENGLISH_SOURCE = Path(__file__).resolve().parents[2] / "engine" / "catalogue.py"

LANGUAGE_ONLY = re.compile(r"^(term\.[^:]+:\w+|form\.\w+|contractions)$")
"""Keys a translation has of its own: a word's forms (`term.reserve:the`), a name's forms (`form.de`,
`form.vowels`) and its contractions; the renderer reads them, and they have no English."""

_RULE_NUMBER = re.compile(r"\b\d+\.\d+(?:\.\d+)*(?:\.[a-z])?\b")
_PLURAL_FORMS = re.compile(r"\{\w+, plural,((?:\s*[a-z=0-9]+\s*\{[^{}]*\})+)\s*\}")
_FORM_NAME = re.compile(r"([a-z=0-9]+)\s*\{")


def english_file() -> LanguageStrings:
    """The English catalogue as a strings file: its sentences and the line of each in engine/catalogue.py."""
    rows = ENGLISH_SOURCE.read_text(encoding="utf-8").splitlines() if ENGLISH_SOURCE.exists() else []
    lines: dict[str, int] = {}
    for number, row in enumerate(rows, 1):
        found = re.match(r'\s*["\']([^"\']+)["\']\s*:', row)
        if found and found.group(1) in ENGLISH and found.group(1) not in lines:
            lines[found.group(1)] = number
    try:
        shown = str(ENGLISH_SOURCE.relative_to(Path.cwd()))
    except ValueError:
        shown = str(ENGLISH_SOURCE)
    return LanguageStrings("en", shown, dict(ENGLISH), lines, frozenset(), {})


def read_messages(folder: Path = MESSAGES_DIR) -> dict[str, LanguageStrings]:
    """Every language's catalogue of the engine's messages; SourceError (file:line) on a malformed file."""
    files = {"en": english_file()}
    for language in LANGUAGES[1:]:
        files[language] = _read_language(folder / f"{language}.yaml", language)
    return files


MAX_MESSAGE_CHARACTERS = 1_000
"""Characters of one translated message (the longest is about 400): a trace line, not a page."""

_FIELD_OR_PLURAL = re.compile(r"\{\w+, plural,(?:\s*[a-z=0-9]+\s*\{[^{}]*\})+\s*\}|\{\w+(?::\w+)?\}")
_WORDS = r"[^\W\d_][\w'’ -]*"
# A language's own keys (LANGUAGE_ONLY), each of the one shape the renderer reads: a word with its
# article ("la Réserve"), a name's form ("de {}|d'{}": one {} a side), the letters a form elides
# before, and contractions ("de le >du ;à le >au ", each "words >words" of a preposition and an
# article). Nothing else: a `form.de` of 20,000 {} would repeat every name 20,000 times (F-4), a
# contraction "Alice>…" would rewrite every Alice.
_OWN_SHAPES = (
    (re.compile(r"term\.[^:]+:\w+"), re.compile(rf"{_WORDS}"), "words (letters, spaces, ' and -), e.g. \"la Réserve\""),
    (re.compile(r"form\.vowels"), re.compile(r"[^\W\d_]+"), "letters only, e.g. \"aeiouAEIOU\""),
    (re.compile(r"form\.\w+"), re.compile(r"[\w'’ ]*\{\}[\w'’ ]*(?:\|[\w'’ ]*\{\}[\w'’ ]*)?"),
     "the name's form before a consonant, then optionally | and its form before a vowel, each with one {} for the name, "
     "e.g. \"de {}|d'{}\""),
    (re.compile(r"contractions"), re.compile(r"[^\W\d_][\w'’]*[ '’][\w'’ ]*>[\w'’ ]*"),
     "pairs 'preposition article >contraction' separated by ';', e.g. \"de le >du ;à le >au \""),
)
_MAX_OWN_CHARACTERS = 80   # a word with its article, a name's form, the vowels
_MAX_CONTRACTIONS = 2_000


def template_problem(key: str, value: str) -> str | None:
    """What is wrong with one message of a catalogue as text (None: nothing): a character no
    one-line text holds (a line break would print as lines of their own, F-5), a length past the
    limit, a brace that is no {parameter}, {parameter:form} or plural, so no {}, {first.x} or
    {last:>9} (F-3); for a language's own key, any other shape than the one the renderer reads."""
    problem = character_problem(value, one_line=True)
    if problem:
        return problem
    if LANGUAGE_ONLY.match(key):
        limit = _MAX_CONTRACTIONS if key == "contractions" else _MAX_OWN_CHARACTERS
        if len(value) > limit:
            return f"it holds {len(value):,} characters; a language's own key holds at most {limit:,}"
        shape = next((shape for pattern, shape, _ in _OWN_SHAPES if pattern.fullmatch(key)), None)
        allowed = next(what for pattern, _, what in _OWN_SHAPES if pattern.fullmatch(key))
        parts = value.removesuffix(";").split(";") if key == "contractions" else [value]   # one pair a part
        if shape is not None and all(shape.fullmatch(part) for part in parts):
            return None
        return f"it is not of the shape the renderer reads: write {allowed}"
    if len(value) > MAX_MESSAGE_CHARACTERS:
        return f"it holds {len(value):,} characters; a message holds at most {MAX_MESSAGE_CHARACTERS:,}"
    stray = re.search(r"[{}]", _FIELD_OR_PLURAL.sub("", value))
    if stray:
        return (f"'{stray.group()}' outside a parameter; a parameter is a name in braces ({{player}}, {{player:de}}) "
                "or a plural ({n, plural, one {# card} other {# cards}}), and nothing else in braces is allowed "
                "(no {}, no {first.x}, no {last:>9})")
    return None


def template_problems(files: Mapping[str, LanguageStrings]) -> list[str]:
    """`file:line: problem` for each message of each translation that is no text the renderer may
    fill (template_problem): what the build refuses, where a missing or untranslated message is
    only the lint's (it is shown in English meanwhile)."""
    return [f"{file.where(key)}: '{key}': {problem}" for language, file in files.items() if language != "en"
            for key, value in file.strings.items() if (problem := template_problem(key, value))]


def _forms(template: str) -> list[str]:
    return [name for found in _PLURAL_FORMS.finditer(template) for name in _FORM_NAME.findall(found.group(1))]


def message_problems(files: Mapping[str, LanguageStrings]) -> list[str]:
    """Each translation's missing or unknown ids, parameters that differ from the English, rule
    numbers it does not cite as the English does, plural forms its language does not have (CLDR),
    and sentences left in English. One problem a line, with file:line."""
    english = files["en"]
    problems = []
    for language, file in files.items():
        if language == "en":
            continue
        tags = set(Locale.parse(language).plural_form.tags) | {"other"}
        for key in english.strings:
            if key not in file.strings:
                problems.append(f"{file.path}: missing the message '{key}' (English at {english.where(key)}: {english.strings[key]!r})")
        for key, value in file.strings.items():
            problem = template_problem(key, value)
            if problem:
                problems.append(f"{file.where(key)}: '{key}': {problem}")
                continue
            if LANGUAGE_ONLY.match(key):
                continue
            if key not in english.strings:
                problems.append(f"{file.where(key)}: '{key}' is not a message of {english.path}; remove it or add it there first "
                                "(a language's own keys: term.<word>:<form>, form.<name>, contractions)")
                continue
            source = english.strings[key]
            if value.count("{") != value.count("}"):
                problems.append(f"{file.where(key)}: '{key}' has unbalanced braces {{ }}")
                continue
            if template_fields(value) != template_fields(source):
                problems.append(f"{file.where(key)}: '{key}' names the parameters {sorted(template_fields(value))}; "
                                f"the English names {sorted(template_fields(source))}")
            if key != "number.group" and sorted(_RULE_NUMBER.findall(value)) != sorted(_RULE_NUMBER.findall(source)):
                problems.append(f"{file.where(key)}: '{key}' cites the rules {sorted(_RULE_NUMBER.findall(value))}; "
                                f"the English cites {sorted(_RULE_NUMBER.findall(source))} (a trace links them)")
            wrong = [form for form in _forms(value) if not form.startswith("=") and form not in tags]
            if wrong:
                problems.append(f"{file.where(key)}: '{key}' has the plural forms {wrong}, which {language} does not have; "
                                f"CLDR's forms for {language}: {sorted(tags)} (or =N for an exact number)")
            if _PLURAL_FORMS.search(value) and not all("other" in _forms(m.group(0)) for m in _PLURAL_FORMS.finditer(value)):
                problems.append(f"{file.where(key)}: '{key}' has a plural without its 'other' form")
            stray = stray_character_problem(file.where(key), key, value, source)
            if stray:
                problems.append(stray)
            if value == source and key not in file.same_as_english and len(value) > 3:
                problems.append(f"{file.where(key)}: '{key}' is the English text {value!r}; translate it, or list the id "
                                "in same_as_english if it is spelt alike")
    return problems


def message_states(files: Mapping[str, LanguageStrings]) -> list[StringState]:
    """Every translated message with its state: current, stale (its English changed) or unrecorded."""
    return [state for state in string_states(dict(files)) if not LANGUAGE_ONLY.match(state.key)]


def stamp_messages(folder: Path = MESSAGES_DIR) -> int:
    """Write `# from <hash>` at the end of each translated message's line that records none."""
    return stamp_files(read_messages(folder))


ENGINE_CONTEXT = "engine "
"""The msgctxt prefix of an engine message in the translators' PO file ("engine dusk.fails_to_move")."""


def po_entries(language: str, folder: Path = MESSAGES_DIR) -> list[tuple[str, str, str, str | None, int]]:
    """(context, English, translation, recorded hash, line of the English) for each engine message,
    as `altered-rules i18n export` writes them."""
    files = read_messages(folder)
    english, file = files["en"], files[language]
    return [(ENGINE_CONTEXT + key, source, file.strings.get(key, ""), file.translated_from.get(key), english.lines.get(key, 1))
            for key, source in english.strings.items()]


def apply_translations(language: str, updates: dict[str, tuple[str, str]], folder: Path = MESSAGES_DIR,
                       check_only: bool = False) -> list[str]:
    """Write each (translation, hash of its English) of `updates` (id -> ...) into the language's
    catalogue, all or nothing: the problems the edited catalogue would have (message_problems),
    or [] once written (`check_only`: nothing is written either way)."""
    path = folder / f"{language}.yaml"
    files = read_messages(folder)
    file = files[language]
    rows = read_text(path, folder).split("\n")
    for key, (text, recorded) in updates.items():
        # Spaces the eye cannot tell apart are written as escapes, as in the shipped files.
        value = json.dumps(text, ensure_ascii=False).replace("\u00a0", "\\u00a0").replace("\u202f", "\\u202f")
        row = f"  {json.dumps(key, ensure_ascii=False)}: {value}  # from {recorded}"
        if key in file.lines:
            rows[file.lines[key] - 1] = row
        else:
            rows.insert(len(rows) - 1 if rows and rows[-1] == "" else len(rows), row)
    edited = "\n".join(rows)
    with tempfile.TemporaryDirectory(prefix="altered-rules-messages-") as scratch:
        copy = Path(scratch)
        for other, problem in walk_files(folder):   # regular files only, never a link followed (sourcefiles.py)
            if problem is None and other.suffix == ".yaml" and other.parent == folder:
                shutil.copy(other, copy / other.name)
        (copy / path.name).write_text(edited, encoding="utf-8")
        try:
            problems = [p.replace(str(copy), str(folder)) for p in message_problems(read_messages(copy))
                        if f"{language}.yaml" in p]
        except SourceError as exc:
            problems = [str(exc).replace(str(copy), str(folder))]
    if problems or check_only:
        return problems
    write_text(path, folder, edited)
    _catalogue.cache_clear()
    return []


@lru_cache(maxsize=None)
def plural_rules(language: str) -> tuple[tuple[str, str], ...]:
    """The language's CLDR plural rules (Babel), each as an expression the engine's renderer
    evaluates for a whole number (engine.messages.cldr_plural)."""
    compile_rule = _PythonCompiler().compile
    return tuple((str(tag), compile_rule(ast)) for tag, ast in Locale.parse(language).plural_form.abstract)


def card_names(cards: Iterable[CardData], language: str) -> dict[str, str]:
    """English card name -> its printed name in `language`, where glossary/cards.yaml gives one."""
    return {card.name: card.names[language] for card in cards if language in card.names}


@lru_cache(maxsize=None)
def _catalogue(language: str) -> dict[str, str]:
    if language == "en":
        return dict(ENGLISH)
    # A message a translation lacks is shown in English (the lint reports it), as interface strings are.
    return {**ENGLISH, **read_messages()[language].strings}


def renderer(language: str, names: Mapping[str, str] | None = None, catalogue: Mapping[str, str] | None = None,
             citations: Citations | None = None) -> Renderer:
    """A renderer of the engine's messages in `language` (its catalogue, its CLDR plural rules, the
    printed card names `names`); with `citations` (engine.citations), its sentences cite the
    glossary's rule numbers."""
    said = catalogue if catalogue is not None else _catalogue(language)
    return Renderer(citations.catalogue(said) if citations else said, cldr_plural(plural_rules(language)), names)


def render(message: Message, language: str) -> str:
    return renderer(language).render(message)


def catalogue_data(cards: Iterable[CardData] = ()) -> dict[str, dict[str, object]]:
    """Each language's catalogue, plural rules and printed card names, as JSON data: what the
    sandbox's runtime renders with in the browser, where Babel is not (site_assets.sandbox)."""
    cards = list(cards)
    return {language: {"catalogue": _catalogue(language), "plural": [list(rule) for rule in plural_rules(language)],
                       "cards": card_names(cards, language)} for language in LANGUAGES}
