"""`altered-rules cards import PATH`: the publisher's card data (as the community mirrors keep it)
read into the card pool, all or nothing.

Both layouts are read: one file per card and language (CARDS/<LANG>/<SET>/<FACTION>/<code>.json)
and one list per set and language (<SET>_<LANG>.json); a file's language is its name's _<LANG>
ending, else the nearest folder named as a language. Every problem names its file and the JSON
path of the value ($[12].elements.MAIN_COST); a symbol code, type, faction or rarity this project
does not know is reported and kept as printed (a warning), never dropped. The same card in two
files of one layout is read once when both say the same, refused when they differ. The two layouts
side by side (the mirrors keep both) do not say the same: a list page leaves out the texts, the
sub-types and the collector number, and prints 0 for statistics a card has none of. So a card's
own file is what is read of it; a list page's printing of the same card and language must agree
with it on the card's name, type, faction, rarity and set, and only names the card where no own
file does (then also in the values every language must agree on).

The pool is written as one JSON file (write_pool) outside the repository's glossary: the card
texts are the publisher's.
"""

from __future__ import annotations

import json
import os
import re
from dataclasses import asdict, fields
from pathlib import Path
from typing import Any, Iterator

from .model import (CARD_TYPES, COST_FIELDS, DATA_LANGUAGES, FACTION_CODES, RARITY_CODES, STAT_FIELDS, SYMBOL_CODES,
                    SYMBOL_PATTERN, TEXT_FIELDS, CardPool, OfficialRuling, PoolCard)

__all__ = ["PoolImportError", "import_pool", "write_pool", "read_pool", "POOL_FORMAT", "MAX_POOL_FILE_BYTES",
           "MAX_POOL_FILES", "MAX_POOL_RECORDS", "MAX_TEXT_CHARACTERS"]

POOL_FORMAT = 1
"""The version of the pool file write_pool writes; read_pool refuses any other."""

MAX_POOL_FILE_BYTES = 32_000_000
"""Bytes in one card data file. The largest per-set list of the 2025 mirror is about 1.8 MB."""
MAX_POOL_FILES = 200_000
"""JSON files under PATH. The 2025 mirror has about 11,300 (2,240 cards x 5 languages)."""
MAX_POOL_RECORDS = 500_000
"""Card records (one card in one language) in one import: the mirror has about 22,000 with both layouts."""
MAX_TEXT_CHARACTERS = 5_000
"""Characters of one name, text or ruling: the longest text box is well under 1,000."""

_REFERENCE = re.compile(r"^[A-Za-z0-9][A-Za-z0-9_-]{0,99}$")
_DATE = re.compile(r"^(\d{4}-\d{2}-\d{2})(?:[T ][0-9:.+\-Z]*)?$")
_COST = re.compile(r"^#?(\d{1,2}|X)#?$")
_LANGUAGE_SUFFIX = re.compile(r"_([A-Za-z]{2})$")


class PoolImportError(Exception):
    """The import is refused: every problem found, each `file: $.json.path: what is wrong (what is allowed)`."""

    def __init__(self, problems: list[str]) -> None:
        super().__init__(f"{len(problems)} problem(s)")
        self.problems = problems


def _files(path: Path, problems: list[str]) -> list[Path]:
    if path.is_symlink():
        problems.append(f"{path}: a symbolic link; give the folder or file itself")
        return []
    if path.is_file():
        return [path]
    if not path.is_dir():
        problems.append(f"{path}: no such file or folder (give the card data's folder, or one of its JSON files)")
        return []
    found: list[Path] = []
    for root, dirs, names in os.walk(path):   # os.walk does not follow links to folders
        dirs[:] = sorted(d for d in dirs if not d.startswith("."))
        for name in sorted(names):
            if name.endswith(".json") and not name.startswith("."):
                file = Path(root) / name
                if file.is_symlink():
                    problems.append(f"{file}: a symbolic link, not read (the card data is plain files)")
                    continue
                found.append(file)
                if len(found) > MAX_POOL_FILES:
                    problems.append(f"{path}: more than {MAX_POOL_FILES:,} JSON files (the limit); give the card data's folder")
                    return []
    if not found:
        problems.append(f"{path}: no .json file in this folder")
    return found


def file_language(file: Path, root: Path) -> str | None:
    """The language of a card data file: its name's _<LANG> ending (CORE_FR.json), else the
    nearest folder named as a language (CARDS/FR/CORE/AX/...), under `root` or above it."""
    suffix = _LANGUAGE_SUFFIX.search(file.stem)
    if suffix and suffix.group(1).lower() in DATA_LANGUAGES:
        return suffix.group(1).lower()
    try:
        parts = file.relative_to(root).parts[:-1] if file != root else ()
    except ValueError:
        parts = ()
    # Then the folders above the one imported: `cards import CARDS/FR` is French.
    for part in (*reversed(parts), *reversed(root.resolve().parts)):
        if part.lower() in DATA_LANGUAGES:
            return part.lower()
    return None


class _Record:
    """One card in one language, read from one place of one file."""

    def __init__(self, where: str, language: str, listed: bool = False) -> None:
        self.where = where
        self.language = language
        self.listed = listed    # read off a list page (fewer values than a card's own file)
        self.values: dict[str, Any] = {}
        self.source = where     # the file, relative to the import's folder (PoolCard.sources)


class _Reader:
    def __init__(self) -> None:
        self.problems: list[str] = []
        self.warnings: list[str] = []

    # -- values ------------------------------------------------------------------------------
    def text(self, node: dict[str, Any], key: str, where: str, path: str, required: bool = False) -> str | None:
        value = node.get(key)
        if value is None:
            if required:
                self.problems.append(f"{where}: {path}.{key}: missing (a text is required)")
            return None
        if not isinstance(value, str):
            self.problems.append(f"{where}: {path}.{key}: {type(value).__name__} where a text is required")
            return None
        if len(value) > MAX_TEXT_CHARACTERS:
            self.problems.append(f"{where}: {path}.{key}: {len(value):,} characters, more than the limit of {MAX_TEXT_CHARACTERS:,}")
            return None
        if required and not value.strip():
            self.problems.append(f"{where}: {path}.{key}: empty (a text is required)")
            return None
        return value

    def code(self, node: dict[str, Any], key: str, where: str, path: str, known: dict[str, Any] | None,
             what: str, required: bool = True) -> tuple[str | None, str | None]:
        """A `{reference, name}` object's code and name; an unknown code is a warning, kept."""
        obj = node.get(key)
        if obj is None:
            if required:
                self.problems.append(f"{where}: {path}.{key}: missing (an object with a `reference`, the {what} code)")
            return None, None
        return self.code_of(obj, where, f"{path}.{key}", known, what)

    def code_of(self, obj: Any, where: str, at: str, known: dict[str, Any] | None, what: str) -> tuple[str | None, str | None]:
        if not isinstance(obj, dict):
            self.problems.append(f"{where}: {at}: {type(obj).__name__} where an object with a `reference` is required")
            return None, None
        code = self.text(obj, "reference", where, at, required=True)
        name = self.text(obj, "name", where, at)
        if code is not None and known is not None and code not in known:
            self.warnings.append(f"{where}: {at}.reference: unknown {what} {code!r} (known: {', '.join(known)}); "
                                 "kept as printed")
        return code, name

    def symbols(self, text: str, where: str, path: str) -> None:
        for match in SYMBOL_PATTERN.finditer(text):
            if match.group(1) not in SYMBOL_CODES:
                self.warnings.append(f"{where}: {path}: unknown symbol code {{{match.group(1)}}} (known: "
                                     f"{', '.join('{' + c + '}' for c in SYMBOL_CODES)}); kept as printed")

    def flag(self, node: dict[str, Any], key: str, where: str, path: str) -> bool:
        value = node.get(key, False)
        if value is None:
            return False
        if not isinstance(value, bool):
            self.problems.append(f"{where}: {path}.{key}: {value!r} where true or false is required")
            return False
        return value

    # -- one card in one language -----------------------------------------------------------
    def record(self, node: Any, where: str, path: str, language: str, listed: bool = False) -> _Record | None:
        if not isinstance(node, dict):
            self.problems.append(f"{where}: {path}: {type(node).__name__} where a card (an object with a `reference`) is required")
            return None
        before = len(self.problems)
        rec = _Record(where, language, listed)
        v = rec.values
        reference = self.text(node, "reference", where, path, required=True)
        if reference is not None and not _REFERENCE.match(reference):
            self.problems.append(f"{where}: {path}.reference: {reference!r} is not a card code "
                                 "(letters, digits, '_' and '-', e.g. ALT_CORE_B_AX_04_R1)")
        v["reference"] = reference
        v["name"] = self.text(node, "name", where, path, required=True)
        v["type_code"], v["type_name"] = self.code(node, "cardType", where, path, CARD_TYPES, "card type")
        v["faction_code"], _ = self.code(node, "mainFaction", where, path, FACTION_CODES, "faction")
        v["rarity_code"], _ = self.code(node, "rarity", where, path, RARITY_CODES, "rarity")
        set_code, set_name = self.code(node, "cardSet", where, path, None, "set", required=False)
        if set_code is None and reference and reference.count("_") >= 2:
            set_code = reference.split("_")[1]   # ALT_<SET>_...: the code says the set
        v["set_code"], v["set_name"] = set_code, set_name
        subtypes = node.get("cardSubTypes") or []
        v["subtypes"] = []
        if not isinstance(subtypes, list):
            self.problems.append(f"{where}: {path}.cardSubTypes: {type(subtypes).__name__} where a list is required")
        else:
            for i, _sub in enumerate(subtypes):
                code, name = self.code_of(_sub, where, f"{path}.cardSubTypes[{i}]", None, "sub-type")
                if code is not None:
                    v["subtypes"].append((code, name))
        self.elements(node, where, path, v)
        v["rulings"] = self.rulings(node, where, path)
        for key in ("isSuspended", "isErrated", "isBanned"):
            v[key] = self.flag(node, key, where, path)
        number = node.get("collectorNumberFormatted", node.get("collectorNumber"))
        v["collector"] = number if isinstance(number, str) else None
        return rec if len(self.problems) == before else None

    def elements(self, node: dict[str, Any], where: str, path: str, v: dict[str, Any]) -> None:
        elements = node.get("elements")
        v["costs"], v["texts"], v["other"], v["highlighted"] = {}, {}, {}, []
        if elements is None or elements == []:   # the API writes an element-less card's as []
            return
        if not isinstance(elements, dict):
            self.problems.append(f"{where}: {path}.elements: {type(elements).__name__} where an object is required")
            return
        for key, raw in elements.items():
            at = f"{path}.elements.{key}"
            if raw is not None and not isinstance(raw, (str, int)) or isinstance(raw, bool):
                self.problems.append(f"{where}: {at}: {type(raw).__name__} where a text is required")
                continue
            value = None if raw is None else str(raw)
            if key in COST_FIELDS or key in STAT_FIELDS:
                if value is None or not value.strip():
                    continue   # an empty statistic: the card has none
                match = _COST.match(value.strip())
                if match is None:
                    self.problems.append(f"{where}: {at}: {value!r} is not a number (a whole number as text, \"3\", "
                                         "or \"#3#\" where the card prints it differently)")
                    continue
                name = COST_FIELDS.get(key) or STAT_FIELDS[key]
                v["costs"][name] = match.group(1)
                if value.strip().startswith("#"):
                    v["highlighted"].append(name)
            elif key in TEXT_FIELDS:
                if value is None or not value.strip():
                    continue
                if len(value) > MAX_TEXT_CHARACTERS:
                    self.problems.append(f"{where}: {at}: {len(value):,} characters, more than the limit of {MAX_TEXT_CHARACTERS:,}")
                    continue
                self.symbols(value, where, at)
                v["texts"][TEXT_FIELDS[key]] = value
            else:
                if value is not None:
                    v["other"][key] = value

    def rulings(self, node: dict[str, Any], where: str, path: str) -> list[tuple[str, str, str, str]]:
        raw = node.get("cardRulings") or []
        found: list[tuple[str, str, str, str]] = []
        if not isinstance(raw, list):
            self.problems.append(f"{where}: {path}.cardRulings: {type(raw).__name__} where a list is required")
            return found
        for i, ruling in enumerate(raw):
            at = f"{path}.cardRulings[{i}]"
            if not isinstance(ruling, dict):
                self.problems.append(f"{where}: {at}: {type(ruling).__name__} where a ruling (question, answer, createdAt) is required")
                continue
            question = self.text(ruling, "question", where, at, required=True)
            answer = self.text(ruling, "answer", where, at, required=True)
            created = self.text(ruling, "createdAt", where, at, required=True)
            date = _DATE.match(created.strip()) if created else None
            if created is not None and date is None:
                self.problems.append(f"{where}: {at}.createdAt: {created!r} is not a date (ISO: 2025-01-31T10:38:18+00:00)")
            event = ruling.get("eventFormat") or ""
            if not isinstance(event, str):
                self.problems.append(f"{where}: {at}.eventFormat: {type(event).__name__} where a text is required")
                event = ""
            if question and answer and date:
                found.append((date.group(1), event, question, answer))
        return found


def _records(reader: _Reader, file: Path, root: Path) -> Iterator[_Record]:
    where = str(file)
    try:
        source = file.relative_to(root).as_posix() if file != root else file.name
    except ValueError:
        source = file.name
    try:
        size = file.stat().st_size
        if size > MAX_POOL_FILE_BYTES:
            reader.problems.append(f"{where}: {size:,} bytes, more than the limit of {MAX_POOL_FILE_BYTES:,}")
            return
        data = json.loads(file.read_bytes().decode("utf-8"))
    except OSError as exc:
        reader.problems.append(f"{where}: cannot read the file ({exc.strerror})")
        return
    except UnicodeDecodeError as exc:
        reader.problems.append(f"{where}: not UTF-8 text ({exc.reason} at byte {exc.start})")
        return
    except json.JSONDecodeError as exc:
        reader.problems.append(f"{where}:{exc.lineno}: not JSON ({exc.msg} at line {exc.lineno}, column {exc.colno})")
        return
    except RecursionError:
        reader.problems.append(f"{where}: JSON nested too deep")
        return
    language = file_language(file, root)
    if language is None:
        reader.problems.append(f"{where}: cannot tell the file's language: name it <SET>_<LANG>.json or keep it in a "
                               f"folder named as its language ({', '.join(code.upper() for code in DATA_LANGUAGES)})")
        return
    if isinstance(data, dict) and isinstance(data.get("hydra:member"), list):
        items, base = data["hydra:member"], "$['hydra:member']"
    elif isinstance(data, dict):
        items, base = [data], None
    elif isinstance(data, list):
        items, base = data, "$"
    else:
        reader.problems.append(f"{where}: $: {type(data).__name__} where a card or a list of cards is required")
        return
    for i, item in enumerate(items):
        rec = reader.record(item, where, "$" if base is None else f"{base}[{i}]", language, listed=base is not None)
        if rec is not None:
            rec.source = source
            yield rec


# The values a list page's printing of a card must agree on with the card's own file, and across languages.
_IDENTITY = ("type_code", "faction_code", "rarity_code", "set_code")
# The values every language's own file of one card must agree on.
_SHARED = ("type_code", "faction_code", "rarity_code", "set_code", "costs", "isSuspended", "isErrated", "isBanned",
           "highlighted", "subtypes_codes", "other")


def _shared(rec: _Record) -> dict[str, Any]:
    v = dict(rec.values)
    v["subtypes_codes"] = [code for code, _ in v["subtypes"]]
    return {key: v[key] for key in _SHARED}


def _merge(reader: _Reader, records: list[_Record]) -> dict[str, PoolCard]:
    by_code: dict[str, dict[str, _Record]] = {}
    for rec in records:
        langs = by_code.setdefault(rec.values["reference"], {})
        same = langs.get(rec.language)
        if same is None:
            langs[rec.language] = rec
        elif same.listed != rec.listed:
            # The card's own file and a list page: the own file is read, the list page must name the same card.
            own, listed = (rec, same) if same.listed else (same, rec)
            for key in ("name", *_IDENTITY):
                if own.values[key] != listed.values[key]:
                    reader.problems.append(f"{listed.where}: card {rec.values['reference']} in {rec.language.upper()}: {key} "
                                           f"{listed.values[key]!r} on the list page, but {own.values[key]!r} in its own file "
                                           f"({own.where})")
            langs[rec.language] = own
        elif same.values != rec.values:
            reader.problems.append(f"{rec.where}: card {rec.values['reference']} in {rec.language.upper()} differs from "
                                   f"its printing in {same.where}; keep one of the two files")
    cards: dict[str, PoolCard] = {}
    for code, langs in sorted(by_code.items()):
        ordered = [langs[lang] for lang in DATA_LANGUAGES if lang in langs]
        # The values all languages share come from a card's own file where one is read (a list page has fewer).
        first = next((rec for rec in ordered if not rec.listed), ordered[0])
        base = _shared(first)
        for rec in ordered:
            if rec is first:
                continue
            other = _shared(rec)
            for key in (_IDENTITY if rec.listed and not first.listed else _SHARED):
                if other[key] != base[key]:
                    reader.problems.append(f"{rec.where}: card {code}: {key} {other[key]!r} in {rec.language.upper()}, "
                                           f"but {base[key]!r} in {first.language.upper()} ({first.where})")
        v = first.values
        subtype_names: dict[str, dict[str, str]] = {}
        rulings: dict[tuple[str, str, int], dict[str, Any]] = {}
        texts: dict[str, dict[str, str]] = {}
        for rec in ordered:
            lang = rec.language
            for sub, name in rec.values["subtypes"]:
                if name:
                    subtype_names.setdefault(sub, {})[lang] = name
            seen: dict[tuple[str, str], int] = {}
            for date, event, question, answer in rec.values["rulings"]:
                n = seen[(date, event)] = seen.get((date, event), -1) + 1
                entry = rulings.setdefault((date, event, n), {"question": {}, "answer": {}})
                # The data serves a ruling not yet translated in the other languages' files as the
                # English text: it is kept as English (a page marks it so), not as that language's.
                for part, value in (("question", question), ("answer", answer)):
                    if lang == "en" or entry[part].get("en") != value:
                        entry[part][lang] = value
            for part, text in rec.values["texts"].items():
                texts.setdefault(part, {})[lang] = text
        costs = v["costs"]
        cards[code] = PoolCard(
            reference=code, type_code=v["type_code"], faction_code=v["faction_code"], rarity_code=v["rarity_code"],
            set_code=v["set_code"] or "", names={r.language: r.values["name"] for r in ordered},
            subtypes=tuple(base["subtypes_codes"]), subtype_names=subtype_names,
            set_names={r.language: r.values["set_name"] for r in ordered if r.values["set_name"]},
            type_names={r.language: r.values["type_name"] for r in ordered if r.values["type_name"]},
            hand_cost=costs.get("hand_cost"), reserve_cost=costs.get("reserve_cost"),
            forest=costs.get("forest"), mountain=costs.get("mountain"), water=costs.get("water"),
            texts=texts, suspended=v["isSuspended"], errated=v["isErrated"], banned=v["isBanned"],
            rulings=tuple(OfficialRuling(date, event, entry["question"], entry["answer"])
                          for (date, event, _n), entry in sorted(rulings.items())),
            collector_numbers={r.language: r.values["collector"] for r in ordered if r.values["collector"]},
            highlighted=tuple(v["highlighted"]), other_elements=dict(v["other"]),
            sources=tuple(sorted({r.source for r in ordered})),
        )
    return cards


def import_pool(path: Path) -> CardPool:
    """Every card of the card data under `path` (a folder or one file); PoolImportError with every
    problem if anything cannot be read."""
    reader = _Reader()
    files = _files(path, reader.problems)
    root = path if path.is_dir() else path.parent
    records: list[_Record] = []
    for file in files:
        for rec in _records(reader, file, root):
            records.append(rec)
            if len(records) > MAX_POOL_RECORDS:
                raise PoolImportError(reader.problems + [f"{file}: more than {MAX_POOL_RECORDS:,} card records (the limit)"])
    if reader.problems:
        raise PoolImportError(reader.problems)
    cards = _merge(reader, records)
    if reader.problems:
        raise PoolImportError(reader.problems)
    return CardPool(cards, reader.warnings)


# -- the pool file -------------------------------------------------------------------------------
def write_pool(pool: CardPool, out: Path) -> None:
    """The pool as one JSON file (written whole, then moved into place: a failed write keeps the old one)."""
    data = {"format": POOL_FORMAT, "warnings": pool.warnings,
            "cards": [asdict(card) for card in pool.cards.values()]}
    out.parent.mkdir(parents=True, exist_ok=True)
    part = out.with_name(out.name + ".part")
    part.write_text(json.dumps(data, ensure_ascii=False, separators=(",", ":")), encoding="utf-8")
    part.replace(out)


_CARD_FIELDS = {f.name for f in fields(PoolCard)}


def read_pool(path: Path) -> CardPool:
    """The pool write_pool wrote; ValueError naming the file and what is wrong otherwise."""
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except OSError as exc:
        raise ValueError(f"{path}: cannot read the card pool ({exc.strerror}); run `altered-rules cards import PATH`") from None
    except (json.JSONDecodeError, UnicodeDecodeError) as exc:
        raise ValueError(f"{path}: not a card pool file ({exc}); run `altered-rules cards import PATH` again") from None
    if not isinstance(data, dict) or data.get("format") != POOL_FORMAT or not isinstance(data.get("cards"), list):
        raise ValueError(f"{path}: not a card pool file of format {POOL_FORMAT}; run `altered-rules cards import PATH` again")
    cards: dict[str, PoolCard] = {}
    for i, raw in enumerate(data["cards"]):
        if not isinstance(raw, dict) or set(raw) != _CARD_FIELDS:
            raise ValueError(f"{path}: $.cards[{i}]: not a card of this version; run `altered-rules cards import PATH` again")
        raw = dict(raw)
        raw["rulings"] = tuple(OfficialRuling(**r) for r in raw["rulings"])
        for key in ("subtypes", "highlighted", "sources"):
            raw[key] = tuple(raw[key])
        card = PoolCard(**raw)
        cards[card.reference] = card
    return CardPool(cards, list(data.get("warnings") or []))
