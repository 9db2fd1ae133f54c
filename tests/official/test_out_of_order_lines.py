"""A line the text dump printed out of order (CR 3.0: a remark under a rule starts "zone.", its
beginning printed after it; the PDF reads it right): the text reader finds a note, or a rule's
text, that starts mid-sentence and makes it an editor's task with its line; where the repair is
safe it moves the fragment to the note's end and says so, else it keeps the order and says that.
On the synthetic Lanternfall dump (tests/fixtures/import/), edited here, never the publisher's."""

from __future__ import annotations

from pathlib import Path

from altered_rules.official.text_reader import read_text

FIXTURES = Path(__file__).parent.parent / "fixtures" / "import"
DUMP = (FIXTURES / "lanternfall-1.0.txt").read_text(encoding="utf-8")
REMARK = "Remark. A wick at zero still counts as a wick for the effects that\ncount wicks.\n"
WHOLE = "A wick at zero still counts as a wick for the effects that count wicks."


def _read(old: str, new: str):
    assert DUMP.count(old) == 1
    text = DUMP.replace(old, new)
    return read_text(text), text


def _line_of(text: str, line: str) -> int:
    return text.split("\n").index(line) + 1   # the fixture's form feeds start pages, not lines


def _tasks(document):
    return [t for t in document.tasks if t.kind == "out-of-order"]


def test_the_regular_dump_has_no_such_task():
    assert _tasks(read_text(DUMP)) == []


def test_a_remark_starting_with_its_last_words_is_given_them_back_and_said(tmp_path):
    document, text = _read(REMARK, "Remark.\nwicks.\n\nA wick at zero still counts as a wick for the effects that count\n")
    rule = document.by_id()["2.1.1.b"]
    assert rule.notes[0].text == WHOLE and rule.notes[0].kind == "remark"
    assert len(rule.notes) == 3 and rule.notes[1].kind == "example"   # the other notes where they were
    [task] = _tasks(document)
    assert task.entry == "2.1.1.b"
    assert task.message == (f"2.1.1.b (line {_line_of(text, 'wicks.')}): its remark starts mid-sentence ('wicks.'), its beginning "
                            "printed after it: 'wicks.' moved to its end ('…a wick for the effects that count wicks.'); "
                            "check it against the PDF")


def test_a_fragment_that_cannot_be_placed_safely_is_said_and_left_in_print_order():
    # the note's own last line ends a sentence: the fragment's place is not known, nothing moves
    document, text = _read(REMARK, "Remark.\nwicks still.\n\nA wick at zero still counts as a wick for the effects that count.\n")
    assert document.by_id()["2.1.1.b"].notes[0].text == "wicks still. A wick at zero still counts as a wick for the effects that count."
    [task] = _tasks(document)
    assert task.message == (f"2.1.1.b (line {_line_of(text, 'wicks still.')}): its remark starts mid-sentence ('wicks still.'): "
                            "the dump printed a line out of order; check it against the PDF and write it as printed")


def test_a_rule_text_starting_mid_sentence_is_said_never_moved():
    old = "A wick can never burn below zero, whatever the effects that would lower it.\n"
    document, text = _read(old, "lower it.\n\nA wick can never burn below zero, whatever the effects that would\n")
    assert document.by_id()["2.1.1.b"].text == "lower it. A wick can never burn below zero, whatever the effects that would"
    [task] = _tasks(document)
    assert task.message.startswith(f"2.1.1.b (line {_line_of(text, 'lower it.')}): its text starts mid-sentence ('lower it.'): ")


def test_an_icon_letter_or_a_capital_is_no_fragment():
    # "j abilities ...": a bare icon letter starts the remark (CR 3.0's 6.3.c), no sentence cut in two
    document, _ = _read(REMARK, "Remark. j abilities count wicks.\n")
    assert _tasks(document) == [] and document.by_id()["2.1.1.b"].notes[0].text == "{etb} abilities count wicks."
