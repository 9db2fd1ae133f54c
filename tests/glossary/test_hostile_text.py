"""Issue 23: control characters, bidi overrides and line breaks where they do harm.

A newline or CR in a title became Markdown (a list, a rule, a code block; the heading lost its
id); control characters in texts and release notes made every language's Atom feed ill-formed
XML, and `altered-rules diff` printed ESC sequences raw to a reviewer's terminal. Each is now
refused with file:line (yamlsource.character_problem: C0 but tab and newline, DEL, C1, the line
separators, the bidi overrides and isolates; in a title, tab and newline too), and the diff never
prints a control character raw.
"""

from __future__ import annotations

import dataclasses
import gzip
import json
import xml.etree.ElementTree as ET

import pytest

from altered_rules.cli.main import main
from altered_rules.cli.release_cli import ReleaseError, record_release
from altered_rules.content.glossary.model import Text
from altered_rules.pages import versions
from altered_rules.pages.history import glossary_history
from altered_rules.pages.render import PageNotices, Renderer

from edits import replace_once
from guards import failing_lint

DUSK = "rules/4/4.2.4.yaml"




@pytest.mark.parametrize("old, new, message", [
    ("  en: Dusk\n", '  en: "Dusk\\n- a list"\n', "U+000A (a line break)"),                       # a section title
    ("  fr: Crépuscule\n", '  fr: "Crépuscule\\r==="\n', "U+000D (a carriage return (CR))"),          # its translation
    ("  it: Crepuscolo\n", '  it: "Crepu\\tscolo"\n', "U+0009 (a tab)"),
])
def test_a_title_holds_one_line(glossary_copy, capsys, old, new, message):
    line = replace_once(glossary_copy / DUSK, old, new)
    err = failing_lint(glossary_copy, capsys)
    assert f"{DUSK}:{line}: " in err and message in err


def test_a_term_title_holds_one_line_too(glossary_copy, capsys):
    line = replace_once(glossary_copy / "terms/control.yaml", "title: {en: Control,", 'title: {en: "Control\\n    code",')
    err = failing_lint(glossary_copy, capsys)
    assert f"terms/control.yaml:{line}: 'title.en' of term control: the character U+000A (a line break)" in err


@pytest.mark.parametrize("escape, code", [
    ("\\e[2J", "U+001B (ESC"),           # ESC: erases a reviewer's terminal
    ("\\x9b2J", "U+009B (a control"),     # CSI, the C1 form of ESC [
    ("\\u202eevil", "U+202E (a bidi override"),
    ("\\u2066x", "U+2066 (a bidi override"),
    ("\\x7f", "U+007F (a control"),
    ("\\N", "U+0085 (NEL"),
    ("\\0", "U+0000 (a control"),
    ("\\x0b", "U+000B (a control"),
])
def test_a_control_character_in_a_rule_text_is_refused_with_its_line(glossary_copy, capsys, escape, code):
    line = replace_once(glossary_copy / DUSK, "    en: There is one daily effect during dusk.\n",
                        f'    en: "There is one daily {escape} effect during dusk."\n')
    err = failing_lint(glossary_copy, capsys)
    assert f"{DUSK}:{line}: the character {code}" in err


def test_a_control_character_in_release_notes_is_refused(glossary_copy, capsys):
    line = replace_once(glossary_copy / "releases.yaml", 'notes: {en: "The first release:', 'notes: {en: "The first \\x0b release:')
    err = failing_lint(glossary_copy, capsys)
    assert f"releases.yaml:{line}: the character U+000B (a control character)" in err


def test_release_notes_with_a_control_character_are_not_recorded(glossary_copy):
    before = (glossary_copy / "releases.yaml").read_text(encoding="utf-8")
    with pytest.raises(ReleaseError, match="U\\+001B"):
        record_release(glossary_copy, "2026.2", "2026-11-26", {"en": "New \x1b]0;pwned\x07 notes"}, git=False)
    assert (glossary_copy / "releases.yaml").read_text(encoding="utf-8") == before
    assert not (glossary_copy / "releases" / "2026.2.json.gz").exists()


def test_the_feed_is_well_formed_xml(glossary):
    for language in ("en", "fr", "it"):
        ET.fromstring(versions.atom_feed(glossary, glossary_history(glossary), language, "https://example.org/"))


def test_diff_never_prints_a_control_character_raw(glossary_copy, capsys):
    path = glossary_copy / "releases" / "2026.1.json.gz"
    data = json.loads(gzip.decompress(path.read_bytes()))
    entry = next(e for e in data["entries"] if e["k"] == "4.2.4.a")
    entry["f"][0][1]["en"] = "There is \x1b[2J\x1b]0;pwned\x07 one \x9b2K daily \u202eeffect"
    path.write_bytes(gzip.compress(json.dumps(data).encode(), mtime=0))
    code = main(["diff", "2026.1", "current", "--glossary", str(glossary_copy)])
    out, err = capsys.readouterr()
    assert code == 1 and "release snapshot: entry 4.2.4.a" in err
    for character in ("\x1b", "\x07", "\x9b", "\u202e"):
        assert character not in out + err


def test_the_diff_output_shows_controls_as_escapes():
    from altered_rules.cli.release_cli import _printable

    assert _printable("a\x1b[2Jb\x9b\u202ec\td\ne") == "a\\x1b[2Jb\\x9b\\u202ec\td\ne"


def test_a_rule_number_in_a_symbol_label_is_not_linked_inside_the_badge(glossary):
    symbol = glossary.symbols["forest"]
    glossary.symbols["forest"] = dataclasses.replace(symbol, label=Text({"en": "forest (see 4.2.4.c)"}))
    try:
        shown = Renderer(glossary, "en").inline(PageNotices(), "A {forest} region, see 4.2.4.c.", "rules/chapter-4.md")
    finally:
        glossary.symbols["forest"] = symbol
    assert 'title="forest (see 4.2.4.c)"' in shown                # the attribute is whole
    assert shown.count('class="ar-ref"') == 1                      # the text's own number is linked, the label's is not
