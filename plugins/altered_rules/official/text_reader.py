"""The text reader: a plain-text dump of the Complete Rules into the intermediate model.

The dump's irregularities (docs/en/editing.md, Importing the official rules) and how each is met:
- entry numbers stand alone on their lines; a number is accepted only where it can follow the
  one before (next letter, next number, first child), so a wrapped reference is text;
- clusters of 2-3 number lines in a row: their texts follow in order, and a heading's title
  (known from the table of contents) separates them;
- page-number lines and form feeds are dropped; a sentence split by a blank line, a word
  hyphenated at a line end and the ligatures (NFKC) are joined again;
- icon-font glyphs are bare letters: the unambiguous ones become `{symbol}`s, `l` and `I` are
  guessed and each guess is an editor's task; an empty pair of brackets is a lost image icon;
- the closing words of a rule displaced after the next heading's number are given back.

The PDF reader (pdf_reader.py) writes the same text, with the entry numbers, symbols and
italics it reads from the fonts, and hands it to `build_document`.
"""

from __future__ import annotations

import datetime as _dt
import hashlib
import re
import unicodedata
from dataclasses import dataclass, field

from ..content.glossary.schema import RULE_REFERENCE
from .model import Change, Document, Entry, EntryKind, Note, NoteKind, NUMBER, Placeholder, Task, Term, kind_of, parent_of

# Icon-font glyphs as a text dump leaves them: a letter standing alone.
ICON_LETTERS = {"j": "etb", "h": "hand", "r": "reserve", "T": "exhaust", "D": "discard",
                "V": "forest", "M": "mountain", "O": "water"}
# Letters that are also words or list marks: replaced, and each replacement reported.
GUESSED_LETTERS = {"l": "separator", "I": "support"}
LOST = "{lost}"
# The PDF reader marks italic words of a rule's own text (a term being defined) with these.
ITALIC_START, ITALIC_END = "\ue000", "\ue001"
# ... and bold words (a glossary's terms) with these.
BOLD_START, BOLD_END = "\ue002", "\ue003"

NOTE_LABEL = re.compile(r"^(Remark|Example)\.\s*")
BULLET = re.compile(r"^[•◦▪]\s*")
STEP = re.compile(r"^([1-9])\.\s+(?=\S)")
PAGE_NUMBER = re.compile(r"^[0-9]{1,3}$")
HEADER = re.compile(r"Version\s+([0-9]+(?:\.[0-9]+)*)\s*[-–—]\s*Effective\s+([A-Z][a-z]+\.? [0-9]{1,2}, [0-9]{4})")
TOC_LEADER = re.compile(r"^(?:([1-9](?:\.[0-9]{1,2}){1,2})\s+)?(\S.*?)\s*(?:\.\s*){3,}[0-9]*$")
TOC_CHAPTER = re.compile(r"^([1-9])\s+(\S.*?)(?:\s+[0-9]{1,3})?$")
TOC_LOOSE = re.compile(r"^[1-9](?:\.[0-9]{1,2}){1,2}$")
CHANGE_SECTIONS = ("New Rules", "Rule Changes", "Other Changes")
GLOSSARY_HEADING = "Glossary"
# A glossary definition's first word, mostly (a dump has no bold to end the term).
ARTICLES = ("A", "An", "The", "During", "Each", "Every", "When", "If", "Any", "All")
CHANGES_TITLE = re.compile(r"^Changes\b")
PAGE_LIST = re.compile(r"(?:^|\s)([0-9]{1,3}(?:[–-][0-9]{1,3})?(?:,\s*[0-9]{1,3}(?:[–-][0-9]{1,3})?)*,?)\s*$")
CHAPTER_REFERENCE = re.compile(r"\b(?:Section|Chapter)\s+([1-9])\s+“([^”]+)”")
FALSE_REFERENCE = re.compile(r"\bversions?\s+$", re.IGNORECASE)
_SPACE_BEFORE = re.compile(r"\s+([.,;:])(?=\s|$)")
_LOST_IN_BRACKETS = re.compile(r"\(\s*\{lost\}\s*\)")
_EMPTY_BRACKETS = re.compile(r"\(\s*\)|\[\s*\]")


class TextReadError(ValueError):
    """A dump the reader cannot make sense of (no table of contents, no chapter 1)."""


@dataclass
class _Line:
    text: str
    page: int
    number: str | None = None      # an accepted entry number
    blank: bool = False
    line: int = 0                  # its line in the file (1-based), for the editors' tasks


@dataclass
class _Segment:
    """The lines that belong to one entry, and its heading's title."""

    number: str
    page: int
    title: str = ""
    lines: list[_Line] = field(default_factory=list)


def _norm(text: str) -> str:
    return " ".join(unicodedata.normalize("NFKC", text).replace(BOLD_START, "").replace(BOLD_END, "").split())


def sha256_of(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()


def successors(previous: str | None, seen: set[str]) -> set[str]:
    """The numbers that may come after `previous`: a first child of it or of an ancestor, or the
    next sibling of it or of an ancestor (layout: no numbering gaps), never one seen before."""
    if previous is None:
        return {"1"} - seen
    found: set[str] = set()
    node: str | None = previous
    while node:
        parts = node.split(".")
        if not parts[-1].isalpha():
            if len(parts) < 3:
                found.add(node + ".1")
            if len(parts) >= 2:
                found.add(node + ".a")
        last = parts[-1]
        following = (chr(ord(last) + 1) if last < "z" else None) if last.isalpha() else str(int(last) + 1)
        if following:
            found.add(".".join(parts[:-1] + [following]))
        node = parent_of(node)
    return found - seen


def _table_of_contents(lines: list[str]) -> dict[str, str]:
    """number -> title from the contents: dot-leader lines, with the numbers that stand on lines
    of their own given, in order, to the leader lines that lost theirs."""
    titles: dict[str, str] = {}
    loose: list[str] = []
    unnumbered: list[str] = []
    for raw in lines:
        line = _norm(raw)
        if not line:
            continue
        if TOC_LOOSE.match(line):
            loose.append(line)
            continue
        leader = TOC_LEADER.match(line)
        if leader:
            number, title = leader.groups()
            if number:
                titles[number] = title
            else:
                unnumbered.append(title)
            continue
        chapter = TOC_CHAPTER.match(line)
        if chapter and chapter.group(1) not in titles:
            titles[chapter.group(1)] = chapter.group(2)
    for number, title in zip(loose, unnumbered):
        titles.setdefault(number, title)
    return titles


def _effective(text: str) -> str:
    for form in ("%B %d, %Y", "%b %d, %Y", "%b. %d, %Y"):
        try:
            return _dt.datetime.strptime(text, form).date().isoformat()
        except ValueError:
            continue
    return ""


def read_text(data: str | bytes, *, reader: str = "text", guess_symbols: bool = True, sha256: str = "") -> Document:
    """The document a text dump holds (see the module's docstring)."""
    if isinstance(data, bytes):
        sha256 = sha256 or sha256_of(data)
        data = data.decode("utf-8")
    else:
        sha256 = sha256 or sha256_of(data.encode("utf-8"))
    return build_document(data, reader=reader, guess_symbols=guess_symbols, sha256=sha256)


def build_document(data: str, *, reader: str, guess_symbols: bool, sha256: str) -> Document:
    document = Document(sha256=sha256, reader=reader)
    lines: list[tuple[int, str]] = []
    numbers: list[int] = []        # each line's line in the file (a form feed starts a page, not a line)
    at = 1
    for page, chunk in enumerate(unicodedata.normalize("NFKC", data).split("\f"), 1):
        parts = chunk.split("\n")
        lines += [(page, line.rstrip()) for line in parts]
        numbers += range(at, at + len(parts))
        at += len(parts) - 1
    header = HEADER.search(" ".join(_norm(line) for _, line in lines[:80]))
    if header:
        document.version, document.effective = header.group(1), _effective(header.group(2))
    body_start = _body_start(lines)
    toc = _table_of_contents([line for _, line in lines[:body_start]])
    if "1" not in toc:
        raise TextReadError("no table of contents naming chapter 1 was found before the rules")
    accepted, changes_at, glossary_at = _number_lines(lines, body_start, toc, numbers)
    segments = _segments(accepted, toc, document)
    for segment in segments:
        document.entries.append(_entry(segment, document))
    document.glossary = _glossary(lines[glossary_at + 1:]) if glossary_at is not None else []
    end = glossary_at if glossary_at is not None else len(lines)
    document.changes = _changes(lines[changes_at:end]) if changes_at is not None else []
    _finish(document, guess_symbols)
    return document


def _body_start(lines: list[tuple[int, str]]) -> int:
    """The line holding only "1" that is followed by chapter 1's title as the contents give it
    (the contents' own page numbers hold lone numbers too)."""
    title = next((m.group(2) for _, line in lines if (m := TOC_CHAPTER.match(_norm(line))) and m.group(1) == "1"), None)
    if title is None:
        raise TextReadError("no table of contents naming chapter 1 (a line '1 Title') was found")
    for index, (_, line) in enumerate(lines):
        if _norm(line) == "1" and _next_text(lines, index) == _norm(title):
            return index
    raise TextReadError(f"no line holding only the number 1 followed by chapter 1's title '{title}' was found")


def _next_text(lines: list[tuple[int, str]], index: int) -> str:
    for _, line in lines[index + 1:index + 6]:
        if _norm(line):
            return _norm(line)
    return ""


def _number_lines(lines: list[tuple[int, str]], start: int, toc: dict[str, str],
                  numbers: list[int] | None = None) -> tuple[list[_Line], int | None, int | None]:
    """The body's lines, entry numbers accepted by sequence; where the change list and the
    glossary start."""
    accepted: list[_Line] = []
    previous: str | None = None
    seen: set[str] = set()
    changes_at = glossary_at = None
    for index in range(start, len(lines)):
        page, raw = lines[index]
        at = numbers[index] if numbers else index + 1
        line = _norm(raw)
        if changes_at is not None:
            if line == GLOSSARY_HEADING:
                glossary_at = index
                break
            continue
        if not line:
            accepted.append(_Line("", page, blank=True, line=at))
            continue
        if PAGE_NUMBER.match(line):
            title = toc.get(line, "")
            if line in successors(previous, seen) and title and _next_text(lines, index) == _norm(title):
                if CHANGES_TITLE.match(title):
                    changes_at = index
                    continue
                accepted.append(_Line(line, page, number=line, line=at))
                previous = line
                seen.add(line)
            elif CHANGES_TITLE.match(toc.get(line, "")) and _next_text(lines, index) == _norm(toc[line]):
                changes_at = index
            continue   # a page number
        if NUMBER.match(line) and "." in line and line in successors(previous, seen):
            accepted.append(_Line(line, page, number=line, line=at))
            previous = line
            seen.add(line)
            continue
        accepted.append(_Line(line, page, line=at))
    return accepted, changes_at, glossary_at


def _segments(lines: list[_Line], toc: dict[str, str], document: Document) -> list[_Segment]:
    """Each entry with its lines, clusters of numbers resolved by their headings' titles."""
    segments: list[_Segment] = []
    index = 0
    while index < len(lines) and lines[index].number is None:
        index += 1
    while index < len(lines):
        run: list[_Line] = []
        while index < len(lines) and (lines[index].number or lines[index].blank):
            if lines[index].number:
                run.append(lines[index])
            index += 1
        body: list[_Line] = []
        while index < len(lines) and lines[index].number is None:
            body.append(lines[index])
            index += 1
        segments += _resolve(run, body, toc, segments, document)
    return segments


def _title_at(body: list[_Line], start: int, title: str) -> int | None:
    wanted = _norm(title)
    for position in range(start, len(body)):
        if not body[position].blank and _norm(body[position].text) == wanted:
            return position
    return None


def _resolve(run: list[_Line], body: list[_Line], toc: dict[str, str], done: list[_Segment], document: Document) -> list[_Segment]:
    segments = [_Segment(line.number or "", line.page) for line in run]
    cursor = 0
    waiting: list[_Segment] = []      # rules of the run whose text comes before the next title

    def give(lines: list[_Line]) -> None:
        if not waiting:
            if any(not line.blank for line in lines):
                _give_back(lines, done + segments, document)
            return
        parts = _split_paragraphs(lines, len(waiting))
        for segment, part in zip(waiting, parts):
            segment.lines += part
        for segment in waiting[len(parts):]:
            document.tasks.append(Task("empty", segment.number, f"{segment.number}: no text was found for it in the dump"))
        waiting.clear()

    for segment in segments:
        if kind_of(segment.number) is EntryKind.RULE:
            waiting.append(segment)
            continue
        title = toc.get(segment.number, "")
        position = _title_at(body, cursor, title) if title else None
        if position is None:
            first = next((i for i in range(cursor, len(body)) if not body[i].blank), None)
            if first is None:
                document.tasks.append(Task("title", segment.number, f"{segment.number}: no title found"))
                segment.title = title
                continue
            position = first
            if title:
                document.tasks.append(Task("title", segment.number, f"{segment.number}: the contents say '{title}', "
                                           f"the text '{_norm(body[first].text)}'"))
        give(body[cursor:position])
        segment.title = _norm(body[position].text)
        cursor = position + 1
    rest = body[cursor:]
    if waiting:
        give(rest)
    elif segments and any(not line.blank for line in rest):
        segments[-1].lines += rest
    return segments


def _split_paragraphs(lines: list[_Line], count: int) -> list[list[_Line]]:
    """`lines` cut into `count` parts at paragraph starts (a blank line, then a capital)."""
    if count == 1:
        return [lines]
    cuts = [i for i in range(1, len(lines)) if lines[i - 1].blank and not lines[i].blank
            and lines[i].text[:1].isupper() and any(not line.blank for line in lines[:i])]
    cuts = cuts[:count - 1]
    bounds = [0, *cuts, len(lines)]
    return [lines[a:b] for a, b in zip(bounds, bounds[1:])]


def _give_back(lines: list[_Line], before: list[_Segment], document: Document) -> None:
    """Words found after a heading's number and before its title: the displaced end of earlier
    rules (an image icon's closing bracket). Each line goes to the earliest rule still missing
    a closing bracket, else to the rule just before; an editor's task either way."""
    rules = [s for s in before if kind_of(s.number) is EntryKind.RULE]
    for line in (line for line in lines if not line.blank):
        open_rules = [s for s in rules[-4:] if _joined(s.lines).count("(") > _joined(s.lines).count(")")]
        target = open_rules[0] if open_rules and line.text.startswith(")") else (rules[-1] if rules else None)
        if target is None:
            continue
        target.lines.append(line)
        document.tasks.append(Task("displaced", target.number, f"{target.number}: '{line.text}' was printed after "
                                   "the next heading's number; given back to this rule, check it"))


def _joined(lines: list[_Line]) -> str:
    return " ".join(line.text for line in lines if not line.blank)


@dataclass
class _Blocks:
    prose: list[str] = field(default_factory=list)
    items: list[list[str]] = field(default_factory=list)
    ordered: bool = False
    notes: list[tuple[str, list[str]]] = field(default_factory=list)


def _append(parts: list[str], line: str, counter: list[int]) -> None:
    # the italics' marks around the line's end do not hide a hyphenated word (the PDF's notes,
    # "con-" then "troller" both in italics)
    before = parts[-1].rstrip(ITALIC_END) if parts else ""
    after = line.lstrip(ITALIC_START)
    if before.endswith("-") and after[:1].islower() and not before.endswith(" -"):
        parts[-1] = before[:-1] + parts[-1][len(before):] + line[:len(line) - len(after)] + after   # a word hyphenated at the line's end
        counter[0] += 1
    elif before.endswith("-") and after[:1].isupper() and before[-2:-1].isalpha():
        # a compound broken at its own hyphen before a capital, "non-" then "Character": one word
        # still, its hyphen kept ("non-Character"; TeX never hyphenates a capitalised word)
        parts[-1] += line
    else:
        parts.append(line)


# A lower-case word of two letters or more: the middle of a sentence (an icon's bare letter,
# "j, h and r abilities", is a symbol, no fragment).
_FRAGMENT = re.compile(r"^[a-z][a-z’'-]+\b")
_SENTENCE_END = re.compile(r"[.!?:;”\")]$")
# At most this many words for a line to be taken for a displaced sentence end ("zone.").
FRAGMENT_WORDS = 6


def _plain_start(text: str) -> str:
    return text.lstrip(ITALIC_START + ITALIC_END + BOLD_START + BOLD_END + " ")


def _where(line: _Line, document: Document) -> str:
    return f"line {line.line}" if document.reader == "text" else f"page {line.page}"


def _out_of_order(number: str, kind: str, parts: list[str], start: _Line, prose: list[str], document: Document) -> list[str]:
    """A note (or a rule's text) that starts mid-sentence: the dump printed a line out of order
    (CR 3.0's remark under 2.4.6.b starts "zone.", its beginning printed after it). An editor's
    task, with the line; where it is safe (a short fragment that ends a sentence, and a note whose
    own last line ends none while the rule's text does), the fragment is moved to the note's end and
    the task says so. Never dropped, never moved without a word."""
    first = _plain_start(parts[0]) if parts else ""
    if not _FRAGMENT.match(first):
        return parts
    fragment = " ".join(first.split()[:FRAGMENT_WORDS])
    where = _where(start, document)
    last = parts[-1].rstrip(ITALIC_END + " ")
    safe = (kind != "text" and len(parts) >= 2 and len(first.split()) <= FRAGMENT_WORDS and _SENTENCE_END.search(first.rstrip(ITALIC_END))
            and not _SENTENCE_END.search(last) and _plain_start(parts[1])[:1].isupper()
            and (not prose or _SENTENCE_END.search(prose[-1].rstrip(ITALIC_END + " "))))
    what = "its text" if kind == "text" else f"its {kind}"
    if safe:
        moved: list[str] = []
        for part in [*parts[1:], parts[0]]:
            _append(moved, part, [0])   # joined as the lines of a sentence are (a word hyphenated at the line's end)
        tail = _norm(" ".join(moved).replace(ITALIC_START, "").replace(ITALIC_END, ""))[-40:]
        document.tasks.append(Task("out-of-order", number, f"{number} ({where}): {what} starts mid-sentence ('{fragment}'), its "
                                   f"beginning printed after it: '{fragment}' moved to its end ('…{tail}'); check it against the PDF"))
        return moved
    document.tasks.append(Task("out-of-order", number, f"{number} ({where}): {what} starts mid-sentence ('{fragment}'): "
                               "the dump printed a line out of order; check it against the PDF and write it as printed"))
    return parts


def _entry(segment: _Segment, document: Document) -> Entry:
    blocks = _Blocks()
    current = blocks.prose
    joined = [0]
    starts: list[_Line] = []       # the line each note starts on (its label)
    first: _Line | None = None     # the line the rule's text starts on
    for line in segment.lines:
        if line.blank:
            continue
        text = line.text
        first = first or line
        label = NOTE_LABEL.match(text)
        if label:
            starts.append(line)
            blocks.notes.append((label.group(1).lower(), []))
            current = blocks.notes[-1][1]
            text = text[label.end():]
            if text:
                _append(current, text, joined)
            continue
        if not blocks.notes and BULLET.match(text):
            blocks.items.append([])
            current = blocks.items[-1]
            _append(current, BULLET.sub("", text), joined)
            continue
        step = STEP.match(text)
        if not blocks.notes and step and int(step.group(1)) == len(blocks.items) + 1 and (blocks.ordered or not blocks.items):
            blocks.ordered = True
            blocks.items.append([])
            current = blocks.items[-1]
            _append(current, text[step.end():], joined)
            continue
        if blocks.notes and current is blocks.notes[-1][1] and not current:
            starts[-1] = line   # a note's text starts on the line after its label: the line a task names
        _append(current, text, joined)
    if first is not None and blocks.prose and not NOTE_LABEL.match(first.text):
        _out_of_order(segment.number, "text", blocks.prose, first, [], document)
    blocks.notes = [(kind, _out_of_order(segment.number, kind, parts, start, blocks.prose, document))
                    for (kind, parts), start in zip(blocks.notes, starts)]
    entry = Entry(segment.number, kind_of(segment.number).value, title=segment.title, page=segment.page)
    entry.text = " ".join(blocks.prose)
    if blocks.items:
        entry.list_kind = "ordered" if blocks.ordered else "unordered"
        entry.items = [" ".join(item) for item in blocks.items]
    entry.notes = [Note(kind, " ".join(parts)) for kind, parts in blocks.notes]
    return entry


def _glossary(lines: list[tuple[int, str]]) -> list[Term]:
    """Terms in bold (the PDF reader marks them; in a text dump, the words before the definition's
    first capitalised sentence), the definition, the trailing page list dropped. In a dump, a line
    starting with a capital after a page list starts a term."""
    raw_terms: list[tuple[str | None, list[str]]] = []
    ended = True
    for _, raw in lines:
        line = _norm(raw)
        if not line or PAGE_NUMBER.match(line) and ended:
            continue
        stripped = raw.lstrip()
        if stripped.startswith(BOLD_START) and BOLD_END in stripped:
            raw_terms.append((_norm(stripped[1:stripped.index(BOLD_END)]), [line]))
            ended = bool(PAGE_LIST.search(line))
            continue
        if line[:1].isdigit() and raw_terms:
            raw_terms[-1][1].append(line)
            ended = bool(PAGE_LIST.search(line))
            continue
        words = line.split(" ")
        # a term starts with a capital, or (a typo) in lower case before a definition's first word
        starts = line[:1].isupper() or (line[:1].islower() and len(words) > 1 and words[1] in ARTICLES)
        if ended and line[:1].isalpha() and starts and BOLD_START not in raw:
            raw_terms.append((None, [line]))
        elif raw_terms:
            raw_terms[-1][1].append(line)
        if any(c.isalnum() for c in line):   # a stray "),", an icon's lost bracket, ends nothing
            ended = bool(PAGE_LIST.search(line)) and not line.endswith(("-", "–"))
    terms = []
    for known, parts in raw_terms:
        text = " ".join(parts)
        pages = ""
        found = PAGE_LIST.search(text)
        if found:
            pages, text = found.group(1), text[:found.start()].rstrip()
        term, definition = (known, text[len(known):].strip()) if known else _split_term(text)
        terms.append(Term(term, definition, [p.strip() for p in pages.split(",") if p.strip()]))
    return terms


def _split_term(text: str) -> tuple[str, str]:
    """`Check Victory The third ...` -> the term ends before the first capitalised word that
    starts a sentence (the next word is in lower case)."""
    words = text.split(" ")
    for i in range(1, min(len(words) - 1, 5)):
        if words[i] in ARTICLES:
            return " ".join(words[:i]), " ".join(words[i:])
    for i in range(1, len(words) - 1):
        if words[i][:1].isupper() and (words[i + 1][:1].islower() or not words[i + 1][:1].isalpha()):
            return " ".join(words[:i]), " ".join(words[i:])
    return words[0], " ".join(words[1:])


def _changes(lines: list[tuple[int, str]]) -> list[Change]:
    changes: list[Change] = []
    section = ""
    current: list[str] | None = None
    for _, raw in lines:
        line = _norm(raw)
        if not line or PAGE_NUMBER.match(line):
            continue
        if line in CHANGE_SECTIONS:
            section, current = line, None
            continue
        if not section:
            continue
        if BULLET.match(line):
            changes.append(Change(section, ""))
            current = [BULLET.sub("", line)]
            changes[-1].text = current[0]
            continue
        if current is not None and not line.endswith(":"):
            current.append(line)
            changes[-1].text = _dehyphen(current)
        else:
            current = None
    for change in changes:
        change.rules = _references(change.text)[0]
    return changes


def _dehyphen(parts: list[str]) -> str:
    out: list[str] = []
    counter = [0]
    for part in parts:
        _append(out, part, counter)
    return " ".join(out)


def _references(text: str) -> tuple[list[str], list[str]]:
    """Rule numbers cited in `text`, and the ones taken for a version ("version 2.0") instead."""
    found: list[str] = []
    versions: list[str] = []
    for match in RULE_REFERENCE.finditer(text):
        (versions if FALSE_REFERENCE.search(text[:match.start()]) else found).append(match.group(1))
    return list(dict.fromkeys(found)), versions


_HYPHEN_BADGE = re.compile(r"(\w)-(\ue001?)\s*\{lost\}\s*(\ue000?)(?=[a-z])")
_CARD_BADGE = re.compile(r"(?<!\()\s*\{lost\}(?!\s*\))")
_SYMBOL_TOKEN = re.compile(r"(?<![\w{}’'-])(?<!\d\.)([A-Za-z])(?![\w{}’'-])")   # "4.1.h": a rule's letter, no icon


def _symbols(text: str, entry: str, document: Document) -> str:
    """Bare icon letters -> `{symbol}`; `l` and `I` guessed (each reported)."""
    def replace(match: re.Match[str]) -> str:
        letter = match.group(1)
        if letter in ICON_LETTERS:
            return "{" + ICON_LETTERS[letter] + "}"
        if letter == "l":
            document.tasks.append(Task("guessed-symbol", entry, f"{entry}: a lone 'l' read as {{separator}}; check it"))
            return "{separator}"
        if text.strip() == letter:
            return letter   # a text of one letter is that word: the heading "I" of the pronouns, no icon
        if letter == "I":
            after, before = text[match.end():match.end() + 3], text[max(0, match.start() - 4):match.start()]
            # "the I symbol", "(I)", "I l ...": the support icon; "I can ..." stays the pronoun.
            if re.match(r"\s*(?:l\b|\)|,|$)", after) or re.search(r"(?:\b(?:the|a)\s|\()$", before):
                document.tasks.append(Task("guessed-symbol", entry, f"{entry}: a lone 'I' read as {{support}}; check it"))
                return "{support}"
        return letter

    return _SYMBOL_TOKEN.sub(replace, text)


def _clean(text: str, entry: Entry, document: Document, guess_symbols: bool, defined: list[str] | None) -> str:
    if defined is not None:
        defined += [_norm(t) for t in re.findall(f"{ITALIC_START}(.*?){ITALIC_END}", text)]
    text = text.replace(ITALIC_START, "").replace(ITALIC_END, "")
    text = _norm(text)
    text = _SPACE_BEFORE.sub(r"\1", text)
    text = re.sub(r"“\s+", "“", re.sub(r"\s+”", "”", text))
    if guess_symbols:
        text = _symbols(text, entry.id, document)
    text = _LOST_IN_BRACKETS.sub("(" + LOST + ")", text)
    text = _EMPTY_BRACKETS.sub(lambda m: m.group(0)[0] + LOST + m.group(0)[-1], text)
    for match in re.finditer(re.escape(LOST), text):
        context = text[max(0, match.start() - 40):match.end() + 20]
        entry.placeholders.append(Placeholder(entry.page, context))
    return text


def _finish(document: Document, guess_symbols: bool) -> None:
    """Texts normalised (spaces, symbols, lost icons), labels, references and defined terms."""
    terms = sorted((t.term for t in document.glossary), key=len, reverse=True)
    numbers = {e.id for e in document.entries} | {str(n) for n in range(1, 10)}
    for entry in document.entries:
        entry.title = _clean(entry.title, entry, document, guess_symbols, None)
    titles = {e.id: e.title for e in document.entries}
    for entry in document.entries:
        entry.text = _clean(entry.text, entry, document, guess_symbols, entry.defined)
        entry.items = [_clean(item, entry, document, guess_symbols, entry.defined) for item in entry.items]
        for note in entry.notes:
            if note.kind == NoteKind.EXAMPLE.value:
                # the faction and rarity badges printed beside each card an example names are images
                # (the PDF's) that say nothing the name does not: no lost icon, unless in brackets
                # (a badge printed between a word's hyphenated halves: "Char-", badge, "acter")
                note.text = _HYPHEN_BADGE.sub(r"\1\2\3", note.text)
                note.text = " ".join(_CARD_BADGE.sub("", note.text).split())
            note.text = _clean(note.text, entry, document, guess_symbols, None)
        if entry.kind == EntryKind.RULE.value:
            parent = titles.get(entry.parent or "", "")
            for term in terms:
                # "Succeed The player ...": a glossary term, then a new sentence; never the rule's own
                # heading ("Tough X means ..." under 7.4.7 Tough).
                if term != parent and entry.text.startswith(term + " ") and entry.text[len(term) + 1:][:1].isupper():
                    entry.label, entry.text = term, entry.text[len(term) + 1:]
                    break
        every = " ".join([entry.text, *entry.items, *(n.text for n in entry.notes)])
        entry.references, versions = _references(every)
        for version in versions:
            document.tasks.append(Task("version-number", entry.id, f"{entry.id}: '{version}' follows 'version': "
                                       "a version of the document, not a rule"))
        for reference in entry.references:
            if reference not in numbers:
                document.tasks.append(Task("unresolved", entry.id, f"{entry.id}: cites {reference}, which the document does not hold"))
        entry.chapter_references = [m.group(1) for m in CHAPTER_REFERENCE.finditer(every)]
        for chapter in entry.chapter_references:
            document.tasks.append(Task("chapter-reference", entry.id, f"{entry.id}: cites chapter {chapter} by a single digit"))
        for placeholder in entry.placeholders:
            document.tasks.append(Task("lost-icon", entry.id, f"{entry.id} (page {placeholder.page}): an image icon is lost: "
                                       f"…{placeholder.context}…; write its symbol"))
        if entry.kind != EntryKind.RULE.value and (entry.text or entry.items or entry.notes):
            document.tasks.append(Task("heading-body", entry.id, f"{entry.id}: a heading with text of its own and no letter"))
        if entry.kind == EntryKind.RULE.value and not entry.text and not entry.items:
            document.tasks.append(Task("empty", entry.id, f"{entry.id}: a rule without text"))


__all__ = ["read_text", "build_document", "successors", "ICON_LETTERS", "GUESSED_LETTERS", "ITALIC_START", "ITALIC_END",
           "TextReadError", "NoteKind"]
