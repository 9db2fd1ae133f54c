"""The PDF reader (preferred): the publisher's PDF into the intermediate model, from its fonts.

- an entry starts with a line whose first word is a number in bold at the entries' size;
- bold-italic "Remark." / "Example." start notes; italic words in a rule's own text are terms
  being defined; the icon font's glyphs are `{symbol}`s; small images are lost icons (`{lost}`,
  an editor's task); the figure's fonts and each page's number are dropped;
- bold words of the glossary are its terms.

It writes the text as a clean dump (numbers on their own lines, symbols and italics marked) and
hands it to the text reader's `build_document`, so both readers share one parser.

pdfplumber is an optional extra (`pip install 'altered-rules[pdf]'`). Its default tolerance
glues justified words together, so words are read with x_tolerance=1. Font names are
configuration (`Fonts`): a later LaTeX build, or a test PDF with other fonts, still reads.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path

from .model import NUMBER, Document
from .text_reader import BOLD_END, BOLD_START, GUESSED_LETTERS, ICON_LETTERS, ITALIC_END, ITALIC_START, build_document, sha256_of
LABELS = re.compile(r"^(Remark|Example)\.$")
X_TOLERANCE = 1.0    # points: justified words closer than this are glued by pdfplumber's default (3)
PAGE_NUMBER = re.compile(r"^[0-9]{1,3}$")


class PdfReadError(ValueError):
    """A PDF that cannot be read (or no PDF library installed); the message says what to do."""


@dataclass(frozen=True)
class Fonts:
    """Patterns (regular expressions, searched in the font's name) and the entries' number size."""

    bold: str = r"Bold"
    bold_italic: str = r"BoldItalic|BoldOblique"
    italic: str = r"Italic|Oblique"
    icons: str = r"Altered_Icones"
    figure: str = r"^(?:[A-Z]{6}\+)?CM"       # Computer Modern: Figure 1's fonts
    number_size: float = 12.0
    icon_height: float = 16.0                 # images no taller than this are icons in the text


def _kind(word: dict, fonts: Fonts) -> str:
    name = str(word.get("fontname", ""))
    if not name:
        return "image"
    if re.search(fonts.figure, name):
        return "figure"
    if re.search(fonts.icons, name):
        return "icon"
    if re.search(fonts.bold_italic, name):
        return "bold-italic"
    if re.search(fonts.bold, name):
        return "bold"
    if re.search(fonts.italic, name):
        return "italic"
    return "regular"


# The icon font's mana circles (1.1.6 of the Complete Rules lists the symbols).
MANA_GLYPHS = {"1": "mana-1", "2": "mana-2", "3": "mana-3", "X": "mana-x"}


def _icon_text(text: str) -> str:
    table = {**ICON_LETTERS, **GUESSED_LETTERS, **MANA_GLYPHS}
    return " ".join("{" + table.get(char, "lost") + "}" for char in text if not char.isspace())


def _lines(words: list[dict]) -> list[list[dict]]:
    rows: list[list[dict]] = []
    for word in sorted(words, key=lambda w: (round(float(w["top"])), float(w["x0"]))):
        if rows and abs(float(rows[-1][0]["top"]) - float(word["top"])) <= 2.5:
            rows[-1].append(word)
        else:
            rows.append([word])
    return [sorted(row, key=lambda w: float(w["x0"])) for row in rows]


_OPENING = "([“‘"
_CLOSING = ").,;:!?]”’"
_ORDINALS = ("st", "nd", "rd", "th")


def _joins(before: str, piece: str) -> bool:
    """Whether two touching pieces are one word: "(" + "{forest}", "{forest}" + ")", "101" + "st"."""
    before = before.removesuffix(ITALIC_END).removesuffix(BOLD_END)
    piece = piece.removeprefix(ITALIC_START).removeprefix(BOLD_START)
    return bool(before and piece) and (before[-1] in _OPENING or piece[0] in _CLOSING
                                       or (before[-1].isdigit() and piece in _ORDINALS))


def _render(row: list[dict], fonts: Fonts) -> list[str]:
    """One printed line as the lines of a clean dump."""
    out: list[str] = []
    words: list[str] = []
    italic = False

    def close() -> None:
        nonlocal italic
        if italic:
            words[-1] += ITALIC_END
            italic = False

    previous: dict | None = None
    for index, word in enumerate(row):
        kind, text = _kind(word, fonts), str(word["text"])
        if kind == "figure":
            continue
        # pdfplumber ends a word where its font or size changes (extra_attrs), not only at a space:
        # "(" then an icon glyph, "101" then a superscript "st". Such pieces, printed no wider apart
        # than the gap within a word, are one word where punctuation or an ordinal says so; an icon
        # set tight against a word ("zone", then the separator) keeps its space, as the text dump has it.
        touching = (previous is not None and bool(words) and "x1" in previous and "x0" in word
                    and float(word["x0"]) - float(previous["x1"]) <= X_TOLERANCE)
        previous = word
        if index == 0 and kind == "bold" and NUMBER.match(text) and float(word.get("size", 0)) > fonts.number_size - 0.6 and (
                "." in text or not PAGE_NUMBER.match(str(row[-1]["text"])) or len(row) == 1):
            # (a chapter's line of the contents, "1 Overview 7", is bold too: it ends with its page)
            out += [text, ""]
            continue
        if kind == "bold-italic" and LABELS.match(text):
            close()
            if words:
                out.append(" ".join(words))
                words = []
            words.append(text)
            continue
        if kind == "image":
            close()
            piece = "{lost}"
        elif kind == "icon":
            close()
            piece = _icon_text(text)
        elif kind == "italic":
            piece = (ITALIC_START if not italic else "") + text
            italic = True
        else:
            close()
            piece = BOLD_START + text + BOLD_END if kind == "bold" else text
        if touching and _joins(words[-1], piece):
            words[-1] += piece
        else:
            words.append(piece)
    close()
    if words:
        out.append(" ".join(words).replace(BOLD_END + " " + BOLD_START, " "))
    return out


def pdf_text(path: Path, fonts: Fonts = Fonts()) -> str:
    """The PDF as a clean text dump (pages split by form feeds)."""
    try:
        import pdfplumber
    except ImportError:
        raise PdfReadError("reading a PDF needs the optional extra: pip install 'altered-rules[pdf]' "
                           "(or give the text dump with --format text)") from None
    pages: list[str] = []
    try:
        with pdfplumber.open(str(path)) as pdf:
            for page in pdf.pages:
                words = page.extract_words(x_tolerance=X_TOLERANCE, extra_attrs=["fontname", "size"])
                for image in page.images:
                    if float(image["bottom"]) - float(image["top"]) <= fonts.icon_height:
                        words.append({"text": "{lost}", "x0": image["x0"], "top": image["top"], "fontname": "", "size": 0})
                rows = _lines(words)
                if rows and all(PAGE_NUMBER.match(str(w["text"])) for w in rows[-1]):
                    rows = rows[:-1]      # the page's number
                lines: list[str] = []
                for row in rows:
                    lines += _render(row, fonts)
                pages.append("\n".join(lines))
    except PdfReadError:
        raise
    except Exception as exc:   # pdfminer raises many kinds on a damaged file
        raise PdfReadError(f"{path}: not a readable PDF ({type(exc).__name__}: {exc})") from None
    return "\n\f".join(pages)


def read_pdf(path: str | Path, fonts: Fonts = Fonts()) -> Document:
    path = Path(path)
    text = pdf_text(path, fonts)
    return build_document(text, reader="pdf", guess_symbols=False, sha256=sha256_of(path.read_bytes()))
