"""Issue 23: PO files and `i18n stamp`, tried as a hostile (or careless) translator would.

A UTF-8 file whose header said charset=ISO-8859-1 was imported garbled, in silence;
charset=CHARSET (gettext's template default) crashed; a PO file with no or another `Language:`
was imported into any --lang; plural entries were silently counted as empty; a long msgstr with
a control character crashed; `i18n export --out` overwrote a glossary file, and crashed on a
missing folder; `i18n stamp` wrote `from:` into the wrong one-line mapping when a translation
ended in a backslash. Each now gets a clear error with the file and line, and nothing is written.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from altered_rules.cli.main import main
from altered_rules.cli.po import PoError, export_po, import_po
from altered_rules.content.glossary import load_glossary
from altered_rules.content.translations import stamp_file, stamp_glossary
from altered_rules.content.yamlsource import SourceError


def _files(root: Path) -> dict[str, bytes]:
    return {str(p.relative_to(root)): p.read_bytes() for p in sorted(root.rglob("*.yaml"))}


def _po(root: Path, tmp_path: Path, language: str = "fr", edit=None) -> Path:
    text = export_po(root, language).decode("utf-8")
    if edit:
        text = edit(text)
    path = tmp_path / f"{language}.po"
    path.write_bytes(text.encode("utf-8") if isinstance(text, str) else text)
    return path


def _refused(root: Path, path: Path, language: str = "fr") -> str:
    before = _files(root)
    with pytest.raises(PoError) as caught:
        import_po(root, path, language)
    assert _files(root) == before
    return "\n".join(caught.value.problems)


def _translate(text: str, english: str, translation: str) -> str:
    """The PO text with the msgstr after msgid `english` replaced."""
    start = text.index(f'msgid "{english}"')
    end = text.index("msgstr ", start)
    close = text.index("\n\n", end)
    return text[:end] + f'msgstr "{translation}"' + text[close:]


def test_utf8_bytes_declared_iso_8859_1_are_refused(glossary_copy, tmp_path):
    path = _po(glossary_copy, tmp_path, edit=lambda t: t.replace("charset=utf-8", "charset=ISO-8859-1"))
    problems = _refused(glossary_copy, path)
    assert "the header says charset=ISO-8859-1, but the file's bytes are UTF-8" in problems and f"{path}:" in problems


def _latin1(block: str) -> bool:
    try:
        block.encode("latin-1")
    except UnicodeEncodeError:
        return False
    return True


def test_a_real_latin1_file_is_read_in_its_charset(glossary_copy, tmp_path, messages_copy):
    text = export_po(glossary_copy, "fr").decode("utf-8").replace("charset=utf-8", "charset=ISO-8859-1")
    text = _translate(text, "Dusk", "Crépuscule du soir")
    path = tmp_path / "fr.po"
    # A Latin-1 file holds only the messages Latin-1 can write: one whose msgid it cannot would
    # come back with another msgid, which the import refuses as edited (issue 41).
    path.write_bytes("\n\n".join(block for block in text.split("\n\n") if _latin1(block)).encode("latin-1"))
    result = import_po(glossary_copy, path, "fr")
    assert sum(result.changed.values()) >= 1
    assert load_glossary(glossary_copy).sections["4.2.4"].title.by_language["fr"] == "Crépuscule du soir"


def test_a_po_file_that_lost_a_character_as_a_question_mark_is_refused(glossary_copy, tmp_path, messages_copy):
    """A translation whose character was lost on the way ("1?000" for "1\u202f000", "? l'Emblème"
    for "… l'Emblème": review 2026-12, F32/F33) is refused, naming the message, and nothing is written, the glossary's texts neither."""
    # A glossary text changed too: the refused engine message must keep it from being written.
    text = _translate(export_po(glossary_copy, "fr").decode("utf-8"), "Dusk", "Crépuscule du soir")
    assert 'msgstr "1\u202f000"' in text
    path = tmp_path / "fr.po"
    path.write_text(text.replace('msgstr "1\u202f000"', 'msgstr "1?000"'), encoding="utf-8")
    before = {file.name: file.read_bytes() for file in messages_copy.iterdir()}
    message = _refused(glossary_copy, path)
    assert "'number.group' holds '?' (U+003F)" in message and "a character lost in an encoding" in message
    assert {file.name: file.read_bytes() for file in messages_copy.iterdir()} == before   # nothing written


@pytest.mark.parametrize("charset, message", [
    ("CHARSET", "the header says charset=CHARSET, gettext's template placeholder"),
    ("klingon-8", "the header's charset 'klingon-8' is no encoding Python knows"),
])
def test_a_charset_that_is_no_encoding_is_a_clear_error(glossary_copy, tmp_path, capsys, charset, message):
    path = _po(glossary_copy, tmp_path, edit=lambda t: t.replace("charset=utf-8", f"charset={charset}"))
    assert message in _refused(glossary_copy, path)
    assert main(["i18n", "import", str(path), "--lang", "fr", "--glossary", str(glossary_copy)]) == 1
    err = capsys.readouterr().err
    assert message in err and "Traceback" not in err


def test_a_po_file_without_language_is_refused(glossary_copy, tmp_path):
    path = _po(glossary_copy, tmp_path, edit=lambda t: t.replace('"Language: fr\\n"\n', ""))
    assert f"{path}:1: the header has no Language" in _refused(glossary_copy, path)


@pytest.mark.parametrize("language", ["it", "de", "xx_YY"])
def test_a_po_file_for_another_language_is_refused(glossary_copy, tmp_path, language):
    path = _po(glossary_copy, tmp_path, edit=lambda t: t.replace('"Language: fr\\n"', f'"Language: {language}\\n"'))
    assert f"the file's Language is '{language}', not 'fr'" in _refused(glossary_copy, path)


def test_a_plural_entry_is_refused_not_counted_empty(glossary_copy, tmp_path):
    def plural(text: str) -> str:
        start = text.index('msgid "Dusk"')
        end = text.index("\n\n", start)
        return text[:start] + 'msgid "Dusk"\nmsgid_plural "Dusks"\nmsgstr[0] "Crépuscule"\nmsgstr[1] "Crépuscules"' + text[end:]
    path = _po(glossary_copy, tmp_path, edit=plural)
    assert "'4.2.4 title' is a plural message (msgid_plural, msgstr[N])" in _refused(glossary_copy, path)


@pytest.mark.parametrize("control", ["\x1b[2J", "\x07", "\u202e", "\x85", "\r"])   # raw, as a translator's tool may save them
def test_a_long_msgstr_with_a_control_character_is_a_clear_error(glossary_copy, tmp_path, capsys, control):
    long = "Une égalité ne suffit pas pour avancer, " * 5 + control + " fin."
    path = _po(glossary_copy, tmp_path, edit=lambda t: _translate(t, "A tie is not sufficient to advance.", long))
    problems = _refused(glossary_copy, path)
    assert "'4.2.4.c text': the character U+" in problems and f"{path}:" in problems
    assert main(["i18n", "import", str(path), "--lang", "fr", "--glossary", str(glossary_copy)]) == 1
    assert "Traceback" not in capsys.readouterr().err


def test_export_to_a_missing_folder_is_a_clear_error(glossary_copy, tmp_path, capsys):
    out = tmp_path / "missing" / "dir" / "x.po"
    assert main(["i18n", "export", "--lang", "fr", "--glossary", str(glossary_copy), "--out", str(out)]) == 1
    err = capsys.readouterr().err
    assert f"the folder {out.parent} does not exist" in err and "Traceback" not in err


@pytest.mark.parametrize("target", ["rules/4/4.2.4.yaml", "releases/x.po", "terms/new.po"])
def test_export_never_overwrites_a_glossary_file(glossary_copy, capsys, target):
    before = _files(glossary_copy)
    out = glossary_copy / target
    assert main(["i18n", "export", "--lang", "fr", "--glossary", str(glossary_copy), "--out", str(out)]) == 1
    assert "nothing was written" in capsys.readouterr().err
    assert _files(glossary_copy) == before and (target.endswith(".yaml") or not out.exists())


@pytest.mark.parametrize("line", [
    '- {number: 8, title: {en: Extra, fr: "Suppl\\\\", it: Extra it}, title_editorial: true}',
    '- {number: 8, title: {en: "Extra {x}", fr: "a \\\\", it: "b \\\\\\\\"}, title_editorial: true}',
    "- {number: 8, title: {en: 'Extra', fr: 'l''extra \\\\', it: Extra it}, title_editorial: true}",
])
def test_stamp_finds_one_line_mappings_with_a_yaml_parse(tmp_path, line):
    root = tmp_path / "glossary"
    root.mkdir()
    path = root / "chapters.yaml"
    path.write_text(f"- {{number: 1, title: {{en: One, fr: Un, it: Uno}}}}\n{line}\n", encoding="utf-8")
    assert stamp_file(path, root) == 2
    from altered_rules.content.sourcefiles import load_yaml_file
    data = load_yaml_file(path)
    assert all("from" in entry["title"] and "from" not in entry for entry in data)


def test_stamp_writes_nothing_when_the_file_would_not_load(tmp_path, monkeypatch):
    import altered_rules.content.translations as translations
    root = tmp_path / "glossary"
    root.mkdir()
    path = root / "chapters.yaml"
    text = "- {number: 1, title: {en: One, fr: Un}}\n"
    path.write_text(text, encoding="utf-8")
    # A span finder that is wrong (as the quote scanner was): the stamp lands outside the mapping.
    monkeypatch.setattr(translations, "flow_span", lambda lines, slot: ((0, 2), (0, len(lines[0]) - 1)))
    with pytest.raises(SourceError, match="`i18n stamp` would break this file"):
        stamp_file(path, root)
    assert path.read_text(encoding="utf-8") == text


def test_stamp_of_the_real_glossary_changes_nothing(glossary_copy):
    before = _files(glossary_copy)
    assert stamp_glossary(glossary_copy) == {}
    assert _files(glossary_copy) == before
