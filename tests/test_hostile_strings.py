"""Issue 23: interface strings (plugins/altered_rules/strings/<lang>.yaml) are text, never HTML
and never a template.

A translator's `<img src=x onerror=...>` in one French string once ran on 6 pages; `{rule.__class__}`
printed Python's internals, `{rule:>100000}` grew a page tenfold, `{}` crashed the build. The class
test below gives EVERY string of a language a hostile value (markup, quotes, an ampersand, and the
English's placeholders) and renders every page of that language: no markup of a string may reach
a page raw, wherever it lands (HTML text, attribute, heading, feed, the scripts' JSON).
"""

from __future__ import annotations

import html
import json
import re
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

from altered_rules.pages import versions
from altered_rules.pages.history import glossary_history
from altered_rules.pages.site_pages import pages
from altered_rules.site_assets.extra_files import ui_strings
from altered_rules.content.yamlsource import SourceError
from altered_rules.strings import PLACEHOLDER, STRINGS, fill, read_strings, string_problems, tr
from altered_rules.verification.checks import verify_glossary_once

from project_paths import PROJECT

MARK = "<img src=x onerror=alert(1)>"
SHELL = ('<html><head><title>x</title></head><body><article class="md-content__inner md-typeset">'
         '</article></body></html>')


def _hostile(language: str, monkeypatch) -> None:
    for key, english in STRINGS["en"].items():
        names = " ".join("{" + name + "}" for name in PLACEHOLDER.findall(english))
        monkeypatch.setitem(STRINGS[language], key, f'{MARK}"\'&amp; {names}')


def _raw(text: str) -> list[str]:
    """Where the hostile markup appears unescaped, with some context."""
    return [text[max(0, m.start() - 80):m.end() + 20] for m in re.finditer(re.escape(MARK), text)]


@pytest.fixture(scope="module")
def verification(glossary):
    return verify_glossary_once(glossary)


def test_no_interface_string_reaches_a_page_as_markup(glossary, verification, monkeypatch):
    _hostile("fr", monkeypatch)
    history = glossary_history(glossary)
    changed = versions.VersionRenderer(glossary, history, "fr").changed_in()
    made = {page.path: page.markdown for page in pages(glossary, "fr", verification, changed)}
    made.update({page.path: page.markdown for page in versions.version_pages(glossary, history, "fr")})
    made.update(versions.versioned_pages(glossary, history, "fr", SHELL))
    leaks = {path: found[:2] for path, text in made.items() if (found := _raw(text))}
    assert leaks == {}
    # The scripts read their strings as JSON data (and show them with textContent): kept whole, as data.
    script = ui_strings("fr")
    data = json.loads(script.split(">", 1)[1].rsplit("</script>", 1)[0])
    assert data["copy_failed"] == f'{MARK}"\'&amp; ' and "</script" not in script[:-len("</script>")]
    assert sum(text.count("&lt;img src=x") for text in made.values()) > 200   # the strings are there, escaped


def test_the_feed_stays_well_formed_with_a_hostile_string(glossary, monkeypatch):
    _hostile("fr", monkeypatch)
    feed = versions.atom_feed(glossary, glossary_history(glossary), "fr", "https://example.org/fr/")
    root = ET.fromstring(feed)
    content = root.find("{http://www.w3.org/2005/Atom}entry/{http://www.w3.org/2005/Atom}content").text
    assert MARK not in content and html.escape(MARK) in content   # type="html": escaped HTML, as text


@pytest.mark.parametrize("template, shown", [
    ("Rule {rule.__class__}", "Rule {rule.__class__}"),
    ("Rule {rule:>100000}", "Rule {rule:>100000}"),
    ("Rule {} and {", "Rule {} and {"),
    ("Rule {rule} of {version}", "Rule 4.2.4.c of {version}"),
    ("{rule}{rule}", "4.2.4.c4.2.4.c"),
])
def test_a_string_is_filled_by_name_only(template, shown):
    assert fill(template, {"rule": "4.2.4.c"}) == shown


def test_a_hostile_template_neither_crashes_nor_leaks(monkeypatch):
    for template in ("{rule.__class__}", "{rule:>100000}", "{}", "{", "}{0}"):
        monkeypatch.setitem(STRINGS["fr"], "go_to_rule", template)
        shown = tr("fr", "go_to_rule", rule="4.2")
        assert "class" not in shown or shown == "{rule.__class__}"
        assert len(shown) < 40


def _strings_copy(tmp_path: Path) -> Path:
    folder = tmp_path / "strings"
    folder.mkdir()
    for language in ("en", "fr", "it"):
        (folder / f"{language}.yaml").write_text(
            (PROJECT / "plugins/altered_rules/strings" / f"{language}.yaml").read_text(encoding="utf-8"), encoding="utf-8")
    return folder


@pytest.mark.parametrize("value, message", [
    ("Aller à la règle {rule.__class__}", "'{' outside a placeholder"),
    ("Aller à la règle {rule:>100000}", "'{' outside a placeholder"),
    ("Aller à la règle {} {rule}", "'{' outside a placeholder"),
    ("Aller à la règle { {rule}", "'{' outside a placeholder"),
    ("Aller à la règle {rule} }", "'}' outside a placeholder"),
    ("Aller à la règle {rule} {version}", "has the placeholders ['rule', 'version']; the English has ['rule']"),
    ("Aller à la règle {regle}", "has the placeholders ['regle']; the English has ['rule']"),
    ("Aller à la \\e[2J règle {rule}", "U+001B (ESC, a control character)"),
    ("Aller à la \\u202e règle {rule}", "U+202E (a bidi override"),
    ("Aller à la\\n règle {rule}", "U+000A (a line break)"),
])
def test_lint_names_the_file_and_line_of_a_bad_string(tmp_path, value, message):
    folder = _strings_copy(tmp_path)
    path = folder / "fr.yaml"
    lines = path.read_text(encoding="utf-8").split("\n")
    number = next(i for i, line in enumerate(lines) if line.strip().startswith("go_to_rule:"))
    lines[number] = f'  go_to_rule: "{value}"'
    path.write_text("\n".join(lines), encoding="utf-8")
    try:
        problems = string_problems(read_strings(folder))
    except SourceError as exc:   # a character no YAML text may hold: the file is refused as it is read
        problems = [str(exc)]
    assert any(p.startswith(f"{path}:{number + 1}: ") and message in p for p in problems), problems


def test_the_shipped_strings_pass(tmp_path):
    assert string_problems(read_strings(_strings_copy(tmp_path))) == []


def test_stamp_writes_no_strings_file_that_would_read_differently(tmp_path):
    """`# from ...` appended to the first line of a multi-line value would land inside it: the
    stamp checks the file reads back with the same strings, and writes nothing otherwise."""
    from altered_rules.strings import stamp_strings

    folder = _strings_copy(tmp_path)
    path = folder / "fr.yaml"
    lines = path.read_text(encoding="utf-8").split("\n")
    number = next(i for i, line in enumerate(lines) if line.strip().startswith("go_to_rule:"))
    lines[number:number + 1] = ['  go_to_rule: "Aller à la', '    règle {rule}"']   # a double-quoted value on two lines
    text = "\n".join(lines)
    path.write_text(text, encoding="utf-8")
    with pytest.raises(SourceError, match="`i18n stamp` would change this file's strings"):
        stamp_strings(folder)
    assert path.read_text(encoding="utf-8") == text
