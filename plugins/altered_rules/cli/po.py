"""The glossary's texts as a PO file for translators' tools (Poedit, Weblate, Lokalize...), and back.

`export_po(root, language)` writes one message per text of the glossary: the English as msgid,
the translation as msgstr, the text's address as msgctxt ("4.2.4.c text", "ruling sacrifice why"),
its file and line as the location, and the fuzzy flag on a translation made from an older English
text (stale) or that records none. Babel reads and writes the format.

`import_po(root, path, language)` reads such a file back through the glossary's own checks, all or
nothing: every error names the PO file and line; when there is one, no glossary file is touched.
A message's translation is recorded as made from its msgid, so a PO file exported before an
English change leaves its texts marked stale. Fuzzy and empty messages are left as they are.
"""

from __future__ import annotations

import codecs
import io
import json
import re
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path
from typing import Iterable

import yaml
from babel.messages.catalog import Catalog
from babel.messages.pofile import PoFileError, read_po, write_po

from ..content.glossary import load_glossary
from ..content.glossary.model import LANGUAGES, english_hash
from ..content.glossary.schema import TRANSLATED_FROM
from ..content.translations import TRANSLATIONS, TextSlot, block_layout, flow_span, text_slots, translated_from
from ..content.sourcefiles import read_bytes, read_text
from ..content.writing import RefusedEdit, write_all_or_nothing
from ..content.yamlsource import LineDict, SourceError, character_problem
from ..messages import ENGINE_CONTEXT, MESSAGES_DIR, apply_translations, po_entries, template_problem
from engine.messages import template_fields

# What a translation must keep exactly as the English has it: symbols ({forest}) and quoted rules.
PLACEHOLDER = re.compile(r"\{[^{}]*\}")

HEADER = """\
# The Altered Rules glossary's texts in '{language}' (altered-rules i18n export).
# msgctxt is each text's address ("4.2.4.c text"), msgid its English, msgstr the translation;
# #: gives the file (in glossary/) and line. "fuzzy" marks a translation made from an older English
# text (or one that does not say): update it, remove the flag, and `altered-rules i18n import` it.
# Keep every {{...}} of the English ({{forest}}, {{rule-text 4.2.4.b}}) as it is. Never edit a msgid:
# "#. english: <hash>" records the English exported, and the import refuses a msgid that differs from it."""

# The extracted comment that records the English a message was exported with: on import, a msgid
# whose hash differs was edited in the file (refused), while a msgid that is not the glossary's
# English any more means the glossary's English changed since the export (the translation stays stale).
EXPORTED = re.compile(r"^english: ([0-9a-f]{8})$")

MAX_PO_BYTES = 5_000_000
"""A PO file larger than this is refused (the glossary's is about 0.3 MB)."""


class PoError(Exception):
    """A PO file the import refuses; `problems` lists each as `file:line: what is wrong`."""

    def __init__(self, problems: list[str]) -> None:
        self.problems = problems
        super().__init__("\n".join(problems))


@dataclass
class ImportResult:
    changed: dict[Path, int] = field(default_factory=dict)   # file -> texts updated
    fuzzy: int = 0
    empty: int = 0
    unchanged: int = 0
    behind: list[str] = field(default_factory=list)           # translated from an older English


def _language(language: str) -> str:
    if language not in TRANSLATIONS:
        raise PoError([f"unknown language '{language}'; allowed: {', '.join(TRANSLATIONS)}"])
    return language


class _Catalog(Catalog):
    """Babel's catalog without the header fields it can only fill with template placeholders
    ("Last-Translator: FULL NAME <EMAIL@ADDRESS>", "Report-Msgid-Bugs-To: EMAIL@ADDRESS"): the
    translator's tool writes Last-Translator when the file is saved."""

    @property
    def mime_headers(self):
        return [(name, value) for name, value in super().mime_headers
                if name not in ("Last-Translator", "Report-Msgid-Bugs-To")]


def _release(root: Path) -> str:
    """Project-Id-Version's version: the glossary's latest release (the texts may be newer)."""
    releases = load_glossary(root).releases
    return releases[-1].version if releases else "unreleased"


def export_po(root: Path, language: str, release: str | None = None) -> bytes:
    """The PO file of every text of the glossary in `language`. `release`: the glossary's latest
    release, for the header (default: read from the glossary)."""
    import datetime as _dt

    from ..languages import BY_CODE

    _language(language)
    now = _dt.datetime.now(_dt.timezone.utc)
    catalog = _Catalog(locale=language, project="Altered Rules", version=release or _release(root), fuzzy=False,
                       header_comment=HEADER.format(language=language), language_team=BY_CODE[language].name,
                       creation_date=now, revision_date=now)
    for slot in text_slots(root):
        english = slot.english
        translation = str(slot.mapping.get(language) or "").strip()
        recorded = translated_from(slot.mapping).get(language)
        flags = ("fuzzy",) if translation and recorded != english_hash(english) else ()
        comments = [f"the translation follows the English {recorded}; the English is now {english_hash(english)}"] if flags and recorded else []
        catalog.add(english, translation, locations=[(slot.file, slot.mapping.line)], flags=flags,
                    auto_comments=[*comments, f"english: {english_hash(english)}"], context=slot.context)
    # The engine's messages, in the same file (msgctxt "engine <id>"; plugins/altered_rules/messages.py).
    for context, english, translation, recorded, line in po_entries(language, MESSAGES_DIR):
        flags = ("fuzzy",) if translation and recorded != english_hash(english) else ()
        catalog.add(english, translation, locations=[("engine/catalogue.py", line)], flags=flags,
                    auto_comments=[f"english: {english_hash(english)}"], context=context)
    out = io.BytesIO()
    write_po(out, catalog, width=0, include_lineno=True)
    return out.getvalue()


# A line of a PO file: a comment, a keyword and its quoted string, or a quoted continuation.
_PO_LINE = re.compile(r'^(#.*|(msgctxt|msgid|msgid_plural|msgstr(\[[0-9]+\])?)\s+".*"|".*")$')


def _check_lines(path: Path, text: str) -> list[str]:
    """Babel skips a line it cannot read without a word (an unquoted msgid loses its message):
    every line is checked first, so that nothing is dropped in silence."""
    problems = []
    for number, line in enumerate(text.split("\n"), 1):   # not splitlines(): NEL or U+2028 in a msgstr ends no line
        stripped = line.strip()
        if stripped and not _PO_LINE.match(stripped):
            problems.append(f"{path}:{number}: not a line of a PO file: {stripped[:60]!r} "
                            '(allowed: a # comment, msgctxt/msgid/msgstr "text", or a "continued" string)')
    return problems


# The header's fields ("Language: fr", "Content-Type: text/plain; charset=UTF-8"), one a quoted line.
_HEADER_FIELD = re.compile(r'^"([A-Za-z-]+):\s*(.*?)(?:\\n)?"\s*$')
_CHARSET = re.compile(r"charset=([^\s;\\\"]*)", re.IGNORECASE)


def _header(text: str) -> dict[str, tuple[str, int]]:
    """The header's fields (name in lower case -> (value, line)): the quoted lines of the msgstr
    of the first message, whose msgid is empty. {} when the file has no header."""
    lines = text.splitlines()
    rows = [(n, line.strip()) for n, line in enumerate(lines, 1) if line.strip() and not line.startswith("#")]
    if len(rows) < 2 or rows[0][1] != 'msgid ""' or rows[1][1] != 'msgstr ""':
        return {}
    fields = {}
    for number, line in rows[2:]:
        if not line.startswith('"'):
            break
        found = _HEADER_FIELD.match(line)
        if found:
            fields[found.group(1).lower()] = (found.group(2).strip(), number)
    return fields


def _line_at(data: bytes, offset: int) -> int:
    return data.count(b"\n", 0, offset) + 1


def _decoded(path: Path, data: bytes) -> str:
    """The PO file's text, read in the charset its header declares: UTF-8 (or no charset), or
    another one Python knows, unless the bytes are in fact UTF-8 (a file saved as UTF-8 that
    still says ISO-8859-1 would be imported garbled). PoError otherwise, naming the line."""
    fields = _header(data.decode("latin-1"))   # the header is ASCII: read it before knowing the charset
    content_type = fields.get("content-type")
    found = _CHARSET.search(content_type[0]) if content_type else None
    declared, line = (found.group(1), content_type[1]) if found and content_type else ("UTF-8", 1)
    if declared.upper() == "CHARSET":
        raise PoError([f"{path}:{line}: the header says charset=CHARSET, gettext's template placeholder; "
                       "write the file's real encoding there (charset=UTF-8)"])
    try:
        codec = codecs.lookup(declared).name
    except LookupError:
        raise PoError([f"{path}:{line}: the header's charset '{declared}' is no encoding Python knows; "
                       "save the file as UTF-8 and write charset=UTF-8"]) from None
    try:
        utf8 = data.decode("utf-8")
    except UnicodeDecodeError as exc:
        utf8 = None
        if codec == "utf-8":
            raise PoError([f"{path}:{_line_at(data, exc.start)}: not UTF-8 text ({exc.reason} at byte {exc.start}), "
                           "though the header says charset=UTF-8; save the file as UTF-8"]) from None
    if codec == "utf-8":
        assert utf8 is not None  # undecodable UTF-8 was refused above
        return utf8
    if codec == "utf-8-sig" and utf8 is not None:   # UTF-8 with or without its byte-order mark (F-13)
        text = data.decode("utf-8-sig")
        return text.replace(found.group(0), "charset=UTF-8", 1) if found else text
    if utf8 is not None and not data.isascii():
        first = next(i for i, byte in enumerate(data) if byte > 127)
        start = data.rfind(b"\n", 0, first) + 1
        end = data.find(b"\n", first)
        row = data[start:end if end >= 0 else len(data)]
        misread = row.decode(codec, errors="replace")   # the line as the declared charset reads it (F-13)
        raise PoError([f"{path}:{line}: the header says charset={declared}, but the file's bytes are UTF-8 "
                       f"(line {_line_at(data, first)}, {row.decode('utf-8')[:60]!r}, would read as {misread[:60]!r} in {declared}); "
                       "write charset=UTF-8 in the header"])
    try:
        text = data.decode(codec)
    except UnicodeDecodeError as exc:
        raise PoError([f"{path}:{_line_at(data, exc.start)}: not {declared} text ({exc.reason} at byte {exc.start})"]) from None
    # Babel reads the text again as UTF-8: the header says so from now on.
    return text.replace(found.group(0), "charset=UTF-8", 1) if found else text


def _check_language(path: Path, text: str, language: str) -> None:
    """The header's Language names `language` (fr, fr_FR, fr-BE...): a file for Italian is never
    imported into French. PoError otherwise."""
    field = _header(text).get("language")
    if field is None or not field[0]:
        raise PoError([f"{path}:1: the header has no Language; write \"Language: {language}\\n\" in it "
                       "(`altered-rules i18n export` does)"])
    value, line = field
    if value.replace("-", "_").split("_")[0].lower() != language:
        raise PoError([f"{path}:{line}: the file's Language is '{value}', not '{language}' (--lang {language}); "
                       f"import it with --lang {value.split('_')[0].split('-')[0]}, or check the file"])


def _read(path: Path, language: str) -> Catalog:
    try:
        # A regular file, at most MAX_PO_BYTES + 1 bytes read: a device, a pipe or a file that
        # grows while it is read is refused, never read without end (F-12; sourcefiles.py).
        data = read_bytes(path, None, MAX_PO_BYTES)
        if len(data) > MAX_PO_BYTES:
            size = max(path.stat().st_size, len(data))
            raise PoError([f"{path}: {size} bytes; a PO file of the glossary is at most {MAX_PO_BYTES}"])
        text = _decoded(path, data)
        problems = _check_lines(path, text)
        if problems:
            raise PoError(problems)
        _check_language(path, text, language)
        data = text.encode("utf-8")
        catalog = read_po(io.BytesIO(data), locale=language, abort_invalid=True)
        contexts = sum(1 for line in text.split("\n") if line.startswith("msgctxt "))
        if contexts != sum(1 for message in catalog if message.id):
            raise PoError([f"{path}: {contexts} msgctxt lines but {sum(1 for m in catalog if m.id)} messages read; "
                           "every message needs msgctxt, msgid and msgstr"])
        return catalog
    except SourceError as exc:
        raise PoError([f"{path}: {exc.message}"]) from None
    except OSError as exc:
        raise PoError([f"{path}: cannot read the file: {exc.strerror}"]) from None
    except PoFileError as exc:
        raise PoError([f"{path}: not a valid PO file: {exc}"]) from None
    except (UnicodeError, ValueError, LookupError) as exc:
        raise PoError([f"{path}: not a valid PO file: {exc}"]) from None


def import_po(root: Path, path: Path, language: str) -> ImportResult:
    """Write the PO file's translations into the glossary, or raise PoError and write nothing."""
    _language(language)
    root, path = Path(root), Path(path)
    catalog = _read(path, language)
    slots = {slot.context: slot for slot in text_slots(root)}
    problems: list[str] = []
    result = ImportResult()
    updates: dict[Path, list[tuple[TextSlot, str, str]]] = {}
    engine_updates: dict[str, tuple[str, str]] = {}
    entries = po_entries(language, MESSAGES_DIR)
    engine_english = {context: english for context, english, *_ in entries}
    engine_current = {context: (translation, recorded) for context, _, translation, recorded, _ in entries}
    seen: set[str] = set()
    for message in catalog:
        if not message.id:
            continue   # the header
        where = f"{path}:{message.lineno}"
        context = message.context or ""
        if context in seen:
            problems.append(f"{where}: the text '{context}' appears twice; keep one message per text")
            continue
        seen.add(context)
        if context.startswith(ENGINE_CONTEXT):
            _engine_message(message, context, where, engine_english, engine_current, engine_updates, problems, result)
            continue
        slot = slots.get(context)
        if slot is None:
            problems.append(f"{where}: msgctxt '{context}' names no text of the glossary (renamed or removed? export the file again)")
            continue
        if not isinstance(message.id, str) or not isinstance(message.string, str):
            problems.append(f"{where}: '{context}' is a plural message (msgid_plural, msgstr[N]); the glossary's texts "
                            "have no plural forms: write msgid and one msgstr")
            continue
        string = message.string
        problem = character_problem(string.strip())
        if problem:
            problems.append(f"{where}: '{context}': {problem}")
            continue
        if not string.strip():
            result.empty += 1
            continue
        if message.fuzzy:
            result.fuzzy += 1
            continue
        english = message.id
        edited = _edited_msgid(message, where, context, slot.english, translated_from(slot.mapping).values())
        if edited:
            problems.append(edited)
            continue
        wanted = Counter(PLACEHOLDER.findall(english))
        found = Counter(PLACEHOLDER.findall(string))
        if wanted != found:
            problems.append(f"{where}: '{context}': the translation's placeholders (msgstr) {sorted(found.elements())} "
                            f"differ from those of its English (msgid, as exported) {sorted(wanted.elements())}; "
                            "keep each {...} in the translation as the English has it")
            continue
        string = string.strip()
        recorded = english_hash(english)
        if english.strip() != slot.english:
            result.behind.append(_behind(where, context))
        current = translated_from(slot.mapping).get(language)
        if str(slot.mapping.get(language) or "").strip() == string and current == recorded:
            result.unchanged += 1
            continue
        updates.setdefault(slot.path, []).append((slot, string, recorded))
    if problems:
        raise PoError(problems)
    if engine_updates:
        # Checked before the glossary's part is written: a refused engine message writes nothing at all.
        refused = apply_translations(language, engine_updates, MESSAGES_DIR, check_only=True)
        if refused:
            raise PoError([f"{path}: the lint refuses the translation: {problem}" for problem in refused])
    if updates:
        _apply(root, updates, language, path)
        result.changed = {file: len(items) for file, items in updates.items()}
    if engine_updates:  # checked above, and the glossary's part (if any) checked and written
        refused = apply_translations(language, engine_updates, MESSAGES_DIR)
        if refused:
            raise PoError([f"{path}: the lint refuses the translation: {problem}" for problem in refused])
        result.changed[MESSAGES_DIR / f"{language}.yaml"] = len(engine_updates)
    return result


def _behind(where: str, context: str) -> str:
    """The glossary's side changed: its English is newer than the msgid the file was exported with."""
    return (f"{where}: '{context}': the glossary's English changed since this file was exported (the msgid is the "
            "English of then); the translation is recorded as made from that English and stays marked stale: "
            "export the file again to translate the new English")


def _edited_msgid(message, where: str, context: str, english_now: str, recorded: Iterable[str]) -> str | None:
    """Why the message's msgid was edited in the PO file (None: it was not). The export records each
    msgid's hash (#. english: ...); a file without it (exported before) is checked against the
    English the glossary has now and the English its translations record they were made from."""
    msgid = message.id if isinstance(message.id, str) else message.id[0]
    got = english_hash(msgid)
    exported = next((m.group(1) for m in map(EXPORTED.match, message.auto_comments) if m), None)
    if exported is not None and got == exported:
        return None
    if exported is None and (msgid.strip() == english_now or got in set(recorded)):
        return None
    return (f"{where}: '{context}': its msgid (the English) was edited in this PO file"
            + (f" (exported as {exported}, now {got})" if exported else ", and is neither the glossary's English nor one its translations were made from")
            + ". Put the msgid back as exported and write the translation in "
            "msgstr only (to correct the English, edit the glossary's YAML)")


def _engine_message(message, context: str, where: str, english_by_context: dict[str, str],
                    current: dict[str, tuple[str, str | None]], updates: dict[str, tuple[str, str]], problems: list[str], result: ImportResult) -> None:
    """One engine message of the PO file: checked as the glossary's texts are (its parameters), and
    kept for apply_translations."""
    source = english_by_context.get(context)
    if source is None:
        problems.append(f"{where}: msgctxt '{context}' names no message of the engine (renamed or removed? export the file again)")
        return
    if not isinstance(message.id, str) or not isinstance(message.string, str):   # F-6: refused, never counted empty
        problems.append(f"{where}: '{context}' is a plural message (msgid_plural, msgstr[N]); an engine message writes "
                        "its plural forms inside its one msgstr ({n, plural, one {# card} other {# cards}}): "
                        "write msgid and one msgstr")
        return
    string = message.string
    problem = template_problem(context[len(ENGINE_CONTEXT):], string) if string else None
    if problem:
        problems.append(f"{where}: '{context}': {problem}")
        return
    if not string:
        result.empty += 1
        return
    if message.fuzzy:
        result.fuzzy += 1
        return
    english = message.id if isinstance(message.id, str) else message.id[0]
    recorded_before = current.get(context, ("", None))[1]
    edited = _edited_msgid(message, where, context, source.strip(), [recorded_before] if recorded_before else [])
    if edited:
        problems.append(edited)
        return
    if template_fields(string) != template_fields(english):
        problems.append(f"{where}: '{context}': the translation (msgstr) names the parameters {sorted(template_fields(string))}; "
                        f"its English (msgid, as exported) names {sorted(template_fields(english))}; "
                        "keep each {...} in the translation as the English has it")
        return
    if english.strip() != source.strip():
        result.behind.append(_behind(where, context))
    key = context[len(ENGINE_CONTEXT):]
    recorded = english_hash(english)
    # Kept as written, spaces included: a list's separator is ", " (the glossary's texts are stripped).
    if current.get(context) == (string, recorded):
        result.unchanged += 1
        return
    updates[key] = (string, recorded)


def _apply(root: Path, updates: dict[Path, list[tuple[TextSlot, str, str]]], language: str, po: Path) -> None:
    """Check the edited glossary in a copy (schema and lint) before writing a byte of the real one
    (content/writing.py, the writer `altered-rules import` uses too)."""
    edited: dict[Path, str | None] = {file: _edit_file(file, root, items, language) for file, items in updates.items()}
    try:
        write_all_or_nothing(root, edited)
    except RefusedEdit as exc:
        if exc.stage == "load":
            raise PoError([f"{po}: the glossary would not load: {problem}" for problem in exc.problems]) from None
        raise PoError([f"{po}: the lint refuses the translation: {problem}" for problem in exc.problems]) from None


# -- editing one text mapping in the YAML text ------------------------------------------------

def _scalar(value: str, *, flow: bool) -> str:
    """`value` as a YAML scalar that reads back the same: plain where it can, else double-quoted."""
    probe = f"{{k: {value}}}" if flow else f"k: {value}"
    try:
        plain = "\n" not in value and yaml.safe_load(probe) == {"k": value}
    except yaml.YAMLError:
        plain = False
    return value if plain else json.dumps(value, ensure_ascii=False)


def _block_value(key: str, value: str, column: int) -> list[str]:
    """`key: value` at `column` in a block mapping: one line, or a folded block for long text."""
    pad = " " * column
    line = f"{pad}{key}: {_scalar(value, flow=False)}"
    if len(line) <= 110 or "\n" in value:
        return [line]
    words, rows, row = value.split(" "), [], ""
    for word in words:
        if row and len(row) + 1 + len(word) > 96:
            rows.append(row)
            row = word
        else:
            row = f"{row} {word}" if row else word
    rows.append(row)
    folded = [f"{pad}{key}: >-"] + [f"{pad}  {r}" for r in rows]
    if yaml.safe_load("\n".join(r[column:] for r in folded)) == {key: value}:
        return folded
    return [line]


def _from_value(mapping: LineDict, language: str, recorded: str) -> str:
    hashes = {**translated_from(mapping), language: recorded}
    present = [lang for lang in LANGUAGES[1:] if lang in mapping or lang == language]
    hashes = {lang: hashes[lang] for lang in present if lang in hashes}
    if len(set(hashes.values())) == 1 and len(hashes) == len(present):
        return recorded
    return "{" + ", ".join(f"{lang}: {value}" for lang, value in hashes.items()) + "}"


def _edit_file(file: Path, root: Path, items: list[tuple[TextSlot, str, str]], language: str) -> str:
    lines = read_text(file, root).split("\n")
    for slot, value, recorded in sorted(items, key=lambda item: item[0].mapping.line, reverse=True):
        mapping = slot.mapping
        from_value = _from_value(mapping, language, recorded)
        span = flow_span(lines, slot)
        if span is not None:   # {en: ..., fr: ...}: written again, its keys in order
            (row, start), (end_row, end) = span
            values = {key: str(mapping[key]) for key in mapping if key != TRANSLATED_FROM}
            values[language] = value
            order = [lang for lang in LANGUAGES if lang in values]
            body = ", ".join(f"{lang}: {_scalar(values[lang].strip(), flow=True)}" for lang in order)
            text = "{" + body + f", {TRANSLATED_FROM}: {from_value}" + "}"
            lines[row:end_row + 1] = [lines[row][:start] + text + lines[end_row][end + 1:]]
            continue
        column, spans, (first, last) = block_layout(lines, mapping)
        replacement = {language: _block_value(language, value, column),
                       TRANSLATED_FROM: [" " * column + f"{TRANSLATED_FROM}: {from_value}"]}
        region: list[str] = []
        for key in (k for k in LANGUAGES + (TRANSLATED_FROM,) if k in spans or k in replacement):
            if key in replacement:
                region += replacement[key]
            else:
                region += lines[spans[key][0]:spans[key][1] + 1]
        lines[first:last + 1] = region
    return "\n".join(lines)
