"""A small PDF of the synthetic document, written at test time from its intermediate JSON with
fpdf2 (a test dependency): the publisher's layout with the PDF core fonts standing in for the
LaTeX ones (entry numbers in 12-pt Times-Bold, notes' labels in Times-BoldItalic, defined terms
in Times-Italic, icon glyphs in Courier, a lost image icon as a small picture, page numbers)."""

from __future__ import annotations

import re
from pathlib import Path

from altered_rules.official.model import Document
from altered_rules.official.pdf_reader import MANA_GLYPHS, Fonts
from altered_rules.official.text_reader import GUESSED_LETTERS, ICON_LETTERS

FONTS = Fonts(bold=r"Bold", bold_italic=r"BoldItalic|BoldOblique", italic=r"Italic|Oblique", icons=r"Courier",
              figure=r"^ZapfDingbats", number_size=12.0)
_LETTER = {v: k for k, v in {**ICON_LETTERS, **GUESSED_LETTERS, **MANA_GLYPHS}.items()}
_PIECE = re.compile(r"(\{[a-z0-9-]+\})")


def _icon(path: Path) -> Path:
    from PIL import Image

    image = path / "icon.png"
    Image.new("RGB", (8, 8), (200, 120, 0)).save(image)
    return image


def write_pdf(document: Document, path: Path) -> Path:
    from fpdf import FPDF

    icon = _icon(path.parent)
    pdf = FPDF(format="A4")
    pdf.core_fonts_encoding = "windows-1252"   # curly quotes and bullets, as printed
    pdf.set_auto_page_break(True, margin=18)
    pdf.set_margins(14, 14, 14)

    def footer() -> None:
        pdf.set_y(-12)
        pdf.set_font("Times", "", 9)
        pdf.cell(0, 5, str(pdf.page_no()), align="C")

    pdf.footer = footer

    def write(text: str, style: str = "", defined: tuple[str, ...] = ()) -> None:
        for piece in _PIECE.split(text):
            if not piece:
                continue
            symbol = piece[1:-1] if _PIECE.fullmatch(piece) else None
            if symbol == "lost":
                pdf.image(str(icon), x=pdf.get_x(), y=pdf.get_y() + 0.8, h=2.6)
                pdf.set_x(pdf.get_x() + 3.2)
            elif symbol:
                pdf.set_font("Courier", "", 10)
                pdf.write(5, _LETTER[symbol])
            else:
                pattern = "|".join(re.escape(t) for t in defined)
                for part in re.split(f"({pattern})", piece, maxsplit=len(defined)) if defined else [piece]:
                    pdf.set_font("Times", "I" if part in defined or style == "I" else style, 10)
                    pdf.write(5, part)

    pdf.add_page()
    pdf.set_font("Times", "B", 18)
    pdf.cell(0, 10, "Lanternfall Complete Rules", new_x="LMARGIN", new_y="NEXT")
    pdf.set_font("Times", "", 11)
    pdf.cell(0, 8, f"Version {document.version} - Effective March 3, 2031", new_x="LMARGIN", new_y="NEXT")
    pdf.add_page()
    pdf.set_font("Times", "B", 14)
    pdf.cell(0, 8, "Contents", new_x="LMARGIN", new_y="NEXT")
    for entry in document.entries:
        if entry.kind == "rule":
            continue
        if entry.kind == "chapter":
            pdf.set_font("Times", "B", 11)
            pdf.cell(0, 6, f"{entry.id} {entry.title} 3", new_x="LMARGIN", new_y="NEXT")
        else:
            pdf.set_font("Times", "", 10)
            pdf.cell(0, 5, f"{entry.id} {entry.title} . . . . . . . . 3", new_x="LMARGIN", new_y="NEXT")
    pdf.set_font("Times", "B", 11)
    pdf.cell(0, 6, "4 Changes From the Previous Version 8", new_x="LMARGIN", new_y="NEXT")
    pdf.add_page()
    for entry in document.entries:
        pdf.set_font("Times", "B", 12)
        pdf.write(5, entry.id + "  ")
        if entry.kind != "rule":
            pdf.write(5, entry.title)
            pdf.ln(7)
        if entry.label:
            pdf.set_font("Times", "B", 10)
            pdf.write(5, entry.label + " ")
        if entry.text:
            write(entry.text, defined=tuple(entry.defined))
            pdf.ln(6)
        for number, item in enumerate(entry.items, 1):
            pdf.set_font("Times", "", 10)
            pdf.write(5, ("\u2022 " if entry.list_kind == "unordered" else f"{number}. "))
            write(item)
            pdf.ln(5)
        for note in entry.notes:
            pdf.set_font("Times", "BI", 10)
            pdf.write(5, note.kind.capitalize() + ". ")
            write(note.text, "I")
            pdf.ln(5)
        if entry.kind == "rule":
            pdf.ln(2)
    pdf.set_font("Times", "B", 12)
    pdf.write(5, "4  Changes From the Previous Version")
    pdf.ln(7)
    pdf.set_font("Times", "", 10)
    for section in dict.fromkeys(change.section for change in document.changes):
        pdf.write(5, section)
        pdf.ln(5)
        for change in document.changes:
            if change.section == section:
                pdf.write(5, "\u2022 " + change.text)
                pdf.ln(5)
    pdf.add_page()
    pdf.set_font("Times", "B", 14)
    pdf.cell(0, 8, "Glossary", new_x="LMARGIN", new_y="NEXT")
    for term in document.glossary:
        pdf.set_font("Times", "B", 10)
        pdf.write(5, term.term + " ")
        pdf.set_font("Times", "", 10)
        pdf.write(5, term.definition + " " + ", ".join(term.pages))
        pdf.ln(5)
    pdf.output(str(path))
    return path
