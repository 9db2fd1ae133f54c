"""The readers on the synthetic document (an invented game, tests/fixtures/import/): every trait
of the Complete Rules' layout, each checked by what it must give."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from altered_rules.official.model import ModelError, document_from_json
from altered_rules.official.text_reader import TextReadError, read_text, successors

from .pdf_fixture import FONTS

FIXTURES = Path(__file__).parent.parent / "fixtures" / "import"


@pytest.fixture(scope="module")
def v1():
    return read_text((FIXTURES / "lanternfall-1.0.txt").read_bytes())


def _entry(document, number):
    return document.by_id()[number]


def test_the_text_dump_gives_the_intermediate_json(v1):
    expected = json.loads((FIXTURES / "lanternfall-1.0.json").read_text(encoding="utf-8"))
    got = v1.to_json()
    got["sha256"] = ""
    for entry in expected["entries"]:
        entry["defined"] = []      # the text dump has no italics; the JSON (for the PDF) has one
    assert got == expected


def test_version_date_counts_and_hash(v1):
    assert (v1.version, v1.effective) == ("1.0", "2031-03-03")
    assert len(v1.sha256) == 64
    assert v1.counts() == {"entries": 41, "chapter": 3, "section": 6, "subsection": 5, "rule": 27,
                           "remarks": 3, "examples": 1, "terms": 4, "changes": 1}


def test_clusters_of_numbers_take_their_texts_in_order(v1):
    # "1.1.2 / 1.1.2.a / Symbols / text": the title lands after the first child's number
    assert _entry(v1, "1.1.2").title == "Symbols"
    assert _entry(v1, "1.1.2.a").text.startswith("The symbol {etb} means")
    # rule, rule: two texts cut at the paragraph start
    assert _entry(v1, "2.1.3.a").text == "A status stays on a lamp until an effect removes it or the lamp goes out."
    assert _entry(v1, "2.1.3.b").text == "A lamp may have any number of statuses at once."


def test_a_heading_with_a_body_and_no_letter(v1):
    statuses = _entry(v1, "2.1.3")
    assert statuses.title == "Statuses" and statuses.list_kind == "unordered"
    assert statuses.items == ["A Dimmed lamp does not shine during the tally.", "A Guarded lamp cannot be tipped over by an opponent."]
    assert [(n.kind, n.text) for n in statuses.notes] == [("remark", "A status is not a characteristic.")]


def test_page_numbers_form_feeds_split_sentences_hyphens_and_ligatures(v1):
    assert _entry(v1, "2.1.2.b").text == "A flame of zero is still a flame. It takes part in the tally like any other, and it can win a tie breaker."
    assert _entry(v1, "2.1.2.d").text.endswith("tipped over or covered by another card")
    assert "effect" in _entry(v1, "1.1.2.b").text and "ﬀ" not in _entry(v1, "1.1.2.b").text
    assert not any(e.text.isdigit() for e in v1.entries)
    assert _entry(v1, "1.2.a").page == 3 and _entry(v1, "2.1.1").page == 4


def test_symbols_guessed_letters_and_the_pronoun(v1):
    assert _entry(v1, "1.1.2.a").text == ("The symbol {etb} means “when this card enters the Glade”, {hand} means "
                                          "“when played from the Satchel” and {reserve} “when played from the Cellar”.")
    assert "split by {separator}, as in “{exhaust} {separator} Draw a card”" in _entry(v1, "1.1.2.b").text
    assert _entry(v1, "1.1.2.c").text == "A lamp with the {support} symbol can be lit from the Cellar. I can only light it once."
    guesses = [t.entry for t in v1.tasks if t.kind == "guessed-symbol"]
    assert guesses == ["1.1.2.b", "1.1.2.b", "1.1.2.c"]


def test_a_lost_image_icon_and_its_displaced_tail(v1):
    rule = _entry(v1, "1.1.2.d")
    assert rule.text == "A keeper may own at most 12 bright ({lost}) lamps."
    assert [p.page for p in rule.placeholders] == [3]
    assert _entry(v1, "1.2").title == "Keepers" and not _entry(v1, "1.2").text
    assert [t.entry for t in v1.tasks if t.kind == "displaced"] == ["1.1.2.d"]


def test_notes_in_print_order_lists_and_labels(v1):
    notes = _entry(v1, "2.1.1.b").notes
    assert [n.kind for n in notes] == ["remark", "example", "remark"]
    assert notes[1].text == "Vela Brightwick has a wick of 1. At the Dusk Tally its wick reaches zero and it goes out."
    assert (_entry(v1, "2.1.b").list_kind, _entry(v1, "2.1.b").items) == ("unordered", ["Name", "Wick value", "Flame value"])
    steps = _entry(v1, "2.2.a")
    assert steps.list_kind == "ordered" and len(steps.items) == 3 and steps.items[2] == "Each wick burns down by one."
    assert (_entry(v1, "2.2.b").label, _entry(v1, "2.2.b").text) == ("Wane", "Each keeper whose lamps all went out during the tally loses the game.")
    assert [e.id for e in v1.entries if e.label] == ["2.2.b"]


def test_references_a_wrapped_reference_and_a_version_number(v1):
    assert _entry(v1, "1.2.b").text.endswith("This is checked in Rule 2.2.a.")   # LaTeX's space before the stop
    assert _entry(v1, "1.2.b").references == ["2.2.a"]
    flames = _entry(v1, "2.1.2.c")
    assert "as in 2.1.1 “Wicks”." in flames.text        # a lone number that cannot follow is text
    assert flames.references == ["2.1.1"]
    assert [t.entry for t in v1.tasks if t.kind == "version-number"] == ["2.1.2.c"]
    assert _entry(v1, "1.1.1.b").chapter_references == ["2"]


def test_glossary_without_page_lists_and_the_change_list(v1):
    assert [(t.term, t.pages) for t in v1.glossary] == [("Dusk Tally", ["3", "5", "6"]), ("Glade", ["2"]),
                                                       ("Keeper", ["2", "3"]), ("Wane", ["6"])]
    assert v1.glossary[3].definition == "The effect of the tally in which keepers whose lamps all went out lose the game."
    assert [(c.section, c.rules) for c in v1.changes] == [("New Rules", ["1.1.1.a", "3.2.b"])]


def test_the_contents_give_a_loose_number_to_the_title_that_lost_it():
    from altered_rules.official.text_reader import _table_of_contents

    lines = (FIXTURES / "lanternfall-1.0.txt").read_text(encoding="utf-8").split("\f")[0].split("\n")
    toc = _table_of_contents(lines)
    assert toc["2.2"] == "Dusk Tally" and toc["2.1.3"] == "Statuses" and toc["3"] == "Costs"
    assert toc["4"] == "Changes From the Previous Version"


def test_numbers_accepted_only_where_they_can_follow():
    assert successors("2.1.b", {"2.1.a", "2.1.b"}) >= {"2.1.c", "2.1.1", "2.2", "3"}
    assert "2.1.1" not in successors("2.1.2.c", {"2.1.1"})
    assert "2.1.4" not in successors("2.1.2.c", set())


def test_a_dump_without_contents_is_refused_clearly():
    with pytest.raises(TextReadError, match="no table of contents"):
        read_text("1\n\nBasics\n\n1.1\n\nScope\n")


def test_the_json_reader_rejects_unknown_keys_and_bad_numbers():
    with pytest.raises(ModelError, match=r"entries\[0\]: unknown key\(s\) colour"):
        document_from_json({"entries": [{"id": "1.1.a", "colour": "red"}]}, "doc.json")
    with pytest.raises(ModelError, match="is not a rule number"):
        document_from_json({"entries": [{"id": "1.1.1.1"}]}, "doc.json")


def test_the_pdf_reader_reads_the_same_document(tmp_path):
    pytest.importorskip("fpdf", reason="fpdf2 (a test dependency) writes the synthetic PDF")
    pytest.importorskip("pdfplumber", reason="pdfplumber is the 'pdf' extra")
    from altered_rules.official.pdf_reader import read_pdf

    from .pdf_fixture import FONTS, write_pdf

    model = document_from_json(json.loads((FIXTURES / "lanternfall-1.0.json").read_text(encoding="utf-8")), "json")
    # a mana circle of the icon font, which a text dump cannot show
    _entry(model, "3.1.c").text = "A lamp cost may be lowered by effects, never below {mana-1}."
    document = read_pdf(write_pdf(model, tmp_path / "lanternfall.pdf"), FONTS)
    assert document.reader == "pdf" and document.counts() == model.counts()
    fields = ("id", "kind", "title", "label", "text", "list_kind", "items", "defined", "references", "chapter_references")
    assert [[getattr(e, f) for f in fields] + [[(n.kind, n.text) for n in e.notes], len(e.placeholders)] for e in document.entries] == \
           [[getattr(e, f) for f in fields] + [[(n.kind, n.text) for n in e.notes], len(e.placeholders)] for e in model.entries]
    assert document.glossary == model.glossary and document.changes == model.changes
    assert _entry(document, "2.1.a").defined == ["lamp"]   # italics in a rule's own text
    assert _entry(document, "3.1.c").text.endswith("never below {mana-1}.")
    assert not [t for t in document.tasks if t.kind == "guessed-symbol"]   # the icon font is read, not guessed


@pytest.mark.parametrize(("entry", "message"), [
    ({"id": "1.1.a", "text": 5}, "'text' must be text, found int"),
    ({"id": "1.1.a", "items": ["One"], "list_kind": "numbered"}, "'list_kind' is 'numbered'"),
    ({"id": "1.1.a", "items": ["One"]}, "'list_kind' and 'items' go together"),
    ({"id": "1.1.a", "notes": [{"kind": "aside", "text": "x"}]}, "a note is {kind: remark|example"),
    ({"id": "1.1.a", "page": "3"}, "'page' must be a whole number"),
])
def test_the_json_reader_checks_each_field(entry, message):
    with pytest.raises(ModelError, match=re.escape(message)):
        document_from_json({"entries": [entry]}, "doc.json")


def test_the_model_round_trips_through_its_json(v1):
    assert document_from_json(json.loads(v1.dumps()), "dump.json") == v1


def test_a_file_that_is_no_pdf_is_refused_clearly(tmp_path):
    pytest.importorskip("pdfplumber", reason="pdfplumber is the 'pdf' extra")
    from altered_rules.official.importing import ImportFailure, read_document

    fake = tmp_path / "rules.pdf"
    fake.write_bytes(b"this is no PDF at all\n")
    with pytest.raises(ImportFailure, match=rf"{re.escape(str(fake))}: not a readable PDF"):
        read_document(fake)


def test_a_heading_of_one_letter_is_that_word():
    """The pronouns' heading "I" is the word, not the support icon (a lone "I" at a text's end is)."""
    from altered_rules.official.model import Document
    from altered_rules.official.text_reader import _symbols

    document = Document()
    assert _symbols("I", "7.2.1", document) == "I" and document.tasks == []
    assert _symbols("Abilities preceded by I", "2.2.11.e", document) == "Abilities preceded by {support}"


def test_a_rule_number_s_letter_is_no_icon():
    from altered_rules.official.model import Document
    from altered_rules.official.text_reader import _symbols

    document = Document()
    assert _symbols("to disguise this fact until 4.1.h.", "4.1.f", document) == "to disguise this fact until 4.1.h."
    assert _symbols("Send it there h", "2.1.a", document) == "Send it there {hand}"


def test_the_badges_beside_an_example_s_card_names_are_no_lost_icons():
    from altered_rules.official.model import Document, Entry, Note
    from altered_rules.official.text_reader import _finish

    document = Document()
    rule = Entry("2.1.1.b", "rule", text="A lamp may be rare ({lost}).", notes=[
        Note("example", "{lost} Vela Brightwick {lost} has a wick of 1, a rare ( {lost} ) lamp."), Note("remark", "A {lost} icon."),
        Note("example", "Tip target Char- {lost} acter.")])
    document.entries.append(rule)
    _finish(document, guess_symbols=False)
    assert rule.notes[0].text == "Vela Brightwick has a wick of 1, a rare ({lost}) lamp."
    assert rule.notes[1].text == "A {lost} icon." and rule.text == "A lamp may be rare ({lost})."
    assert rule.notes[2].text == "Tip target Character."
    assert len([t for t in document.tasks if t.kind == "lost-icon"]) == 3


def test_a_word_hyphenated_at_a_line_end_inside_italics_is_joined():
    from altered_rules.official.text_reader import ITALIC_END, ITALIC_START, _dehyphen

    assert _dehyphen([f"{ITALIC_START}In the first step, the con-{ITALIC_END}", f"{ITALIC_START}troller acts.{ITALIC_END}"]) \
        == f"{ITALIC_START}In the first step, the con{ITALIC_END}{ITALIC_START}troller acts.{ITALIC_END}"
    assert _dehyphen(["a lamp is lit -", "then"]) == "a lamp is lit - then"


def test_a_compound_broken_at_its_hyphen_before_a_capital_keeps_it():
    """"non-" at a line's end, then "Lantern": one word, its hyphen kept (the real 3.0 PDF read
    "non- Character" before); a lower-case continuation is still a hyphenated word joined."""
    from altered_rules.official.text_reader import _dehyphen

    assert _dehyphen(["each non-", "Lantern card"]) == "each non-Lantern card"
    assert _dehyphen(["each lan-", "tern"]) == "each lantern"
    assert _dehyphen(["a lamp is lit -", "Then"]) == "a lamp is lit - Then"


def _word(text, x0, x1, fontname="Times-Roman", size=10.0):
    return {"text": text, "x0": x0, "x1": x1, "top": 100.0, "fontname": fontname, "size": size}


def test_pieces_printed_touching_are_one_word_where_punctuation_says_so():
    """pdfplumber ends a word where the font changes: "(" then an icon glyph, "101" then a
    superscript "st". Touching pieces are glued around brackets and ordinals; a word and an
    icon printed tight together keep their space; words apart keep theirs."""
    from altered_rules.official.pdf_reader import _render

    fonts = FONTS
    row = [_word("costs", 10, 30), _word("(", 32.5, 35), _word("j", 35.2, 41, "Courier"), _word(")", 41.3, 44),
           _word("on", 46.5, 55), _word("the", 57.5, 70), _word("101", 72.5, 85), _word("st", 85.2, 90, size=7.0),
           _word("Day", 92.5, 105), _word("zone", 107.5, 125), _word("j", 125.5, 131, "Courier")]
    assert _render(row, fonts) == ["costs ({etb}) on the 101st Day zone {etb}"]
