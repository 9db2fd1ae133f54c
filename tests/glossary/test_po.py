"""`altered-rules i18n export/import`: the glossary's texts as a PO file and back, through the
glossary's checks, all or nothing (issue 18)."""

from __future__ import annotations

import io
from pathlib import Path

import pytest
from babel.messages.pofile import read_po, write_po

from altered_rules.cli.main import main
from altered_rules.content.glossary import load_glossary
from altered_rules.content.glossary.model import TranslationStatus, english_hash
from altered_rules.cli.po import PoError, export_po, import_po


def _files(root: Path) -> dict[str, bytes]:
    return {str(p.relative_to(root)): p.read_bytes() for p in sorted(root.rglob("*.yaml"))}


def _catalog(root: Path, language: str):
    return read_po(io.BytesIO(export_po(root, language)), locale=language)


def _write(catalog, path: Path) -> Path:
    out = io.BytesIO()
    write_po(out, catalog, width=0)
    path.write_bytes(out.getvalue())
    return path


def test_export_then_import_changes_nothing(glossary_copy, tmp_path):
    before = _files(glossary_copy)
    for language in ("fr", "it"):
        catalog = _catalog(glossary_copy, language)
        message = catalog.get("Dusk", context="4.2.4 title")
        assert message.string == ("Crépuscule" if language == "fr" else "Crepuscolo") and not message.fuzzy
        assert ("rules/4/4.2.4.yaml", 4) in message.locations   # the line of its English
        result = import_po(glossary_copy, _write(catalog, tmp_path / f"{language}.po"), language)
        assert result.changed == {} and result.unchanged > 800
    assert _files(glossary_copy) == before


def test_a_translation_comes_back_into_its_yaml_and_its_english_is_recorded(glossary_copy, tmp_path):
    catalog = _catalog(glossary_copy, "it")
    catalog.get("A tie is not sufficient to advance.", context="4.2.4.c text").string = "Un pareggio non basta: nessuna avanza."
    catalog.get("Dusk", context="4.2.4 title").string = "Il crepuscolo"
    flow = next(m for m in catalog if m.context == "chapter 3 title")
    flow.string = "Aree, zone"
    result = import_po(glossary_copy, _write(catalog, tmp_path / "it.po"), "it")
    assert sum(result.changed.values()) == 3
    glossary = load_glossary(glossary_copy)
    text = glossary.paragraphs["4.2.4.c"].text
    assert text.by_language["it"] == "Un pareggio non basta: nessuna avanza."
    assert text.status("it") is TranslationStatus.CURRENT and text.status("fr") is TranslationStatus.CURRENT
    assert glossary.sections["4.2.4"].title.by_language["it"] == "Il crepuscolo"
    assert next(c for c in glossary.chapters if c.number == "3").title.by_language == {"en": "Zones", "fr": "Zones", "it": "Aree, zone"}
    yaml_text = (glossary_copy / "rules/4/4.2.4.yaml").read_text(encoding="utf-8")
    assert '    it: "Un pareggio non basta: nessuna avanza."\n' in yaml_text


def test_a_stale_translation_is_exported_fuzzy_and_an_old_msgid_stays_stale(glossary_copy, tmp_path):
    old = _catalog(glossary_copy, "fr")   # exported before the English changes
    path = glossary_copy / "rules/4/4.2.4.yaml"
    path.write_text(path.read_text(encoding="utf-8").replace("en: A tie is not sufficient to advance.", "en: A tie is never sufficient to advance."), encoding="utf-8")
    message = _catalog(glossary_copy, "fr").get("A tie is never sufficient to advance.", context="4.2.4.c text")
    assert message.fuzzy and message.string == "Une égalité ne suffit pas pour avancer."
    # The translator works on the old file: the translation is recorded as made from the old English.
    old.get("A tie is not sufficient to advance.", context="4.2.4.c text").string = "Une égalité ne suffit jamais pour avancer."
    result = import_po(glossary_copy, _write(old, tmp_path / "fr.po"), "fr")
    assert result.behind and "4.2.4.c text" in result.behind[0]
    text = load_glossary(glossary_copy).paragraphs["4.2.4.c"].text
    assert text.by_language["fr"] == "Une égalité ne suffit jamais pour avancer." and text.stale("fr")
    assert text.translated_from["fr"] == english_hash("A tie is not sufficient to advance.") and text.stale("it")


def test_an_old_msgid_is_reported_as_the_glossarys_english_having_changed(glossary_copy, tmp_path):
    old = _catalog(glossary_copy, "fr")
    path = glossary_copy / "rules/4/4.2.4.yaml"
    path.write_text(path.read_text(encoding="utf-8").replace("en: A tie is not sufficient to advance.", "en: A tie is never sufficient to advance."), encoding="utf-8")
    old.get("A tie is not sufficient to advance.", context="4.2.4.c text").string = "Une égalité ne suffit jamais pour avancer."
    (note,) = import_po(glossary_copy, _write(old, tmp_path / "fr.po"), "fr").behind
    assert "'4.2.4.c text': the glossary's English changed since this file was exported" in note
    assert "older English" not in note


def test_a_msgid_edited_in_the_po_file_is_refused_saying_so(glossary_copy, tmp_path):
    """A translator who 'corrects' the English in the PO file: the English side changed, in the file;
    recording the translation as made from that msgid would record an English the glossary never had."""
    catalog = _catalog(glossary_copy, "it")
    message = catalog.get("A tie is not sufficient to advance.", context="4.2.4.c text")
    catalog.delete(message.id, context=message.context)
    catalog.add("A tie is never sufficient to advance.", "Un pareggio non basta mai.", context="4.2.4.c text",
                auto_comments=message.auto_comments, locations=message.locations)
    (problem,) = _refused(glossary_copy, _write(catalog, tmp_path / "it.po"), "it")
    assert f"'4.2.4.c text': its msgid (the English) was edited in this PO file (exported as " \
           f"{english_hash('A tie is not sufficient to advance.')}, now {english_hash('A tie is never sufficient to advance.')})" in problem
    assert "English's" not in problem and "Put the msgid back as exported" in problem


def test_a_msgid_edited_in_a_file_exported_without_hashes_is_refused_too(glossary_copy, tmp_path):
    catalog = _catalog(glossary_copy, "it")
    message = catalog.get("A tie is not sufficient to advance.", context="4.2.4.c text")
    catalog.delete(message.id, context=message.context)
    catalog.add("A tie is never sufficient to advance.", "Un pareggio non basta mai.", context="4.2.4.c text")
    (problem,) = _refused(glossary_copy, _write(catalog, tmp_path / "it.po"), "it")
    assert "its msgid (the English) was edited in this PO file, and is neither the glossary's English nor one its translations were made from" in problem


def test_a_placeholder_lost_in_the_translation_names_the_side_that_lost_it(glossary_copy, tmp_path):
    catalog = _catalog(glossary_copy, "fr")
    message = next(m for m in catalog if m.id and "{" in m.id and m.string and not m.fuzzy and not m.context.startswith("engine "))
    message.string = message.string.replace("{", "(", 1)
    problems = _refused(glossary_copy, _write(catalog, tmp_path / "fr.po"), "fr")
    assert any(f"'{message.context}': the translation's placeholders (msgstr)" in p
               and "differ from those of its English (msgid, as exported)" in p for p in problems), problems


def test_the_exported_header_holds_no_template_placeholder(glossary_copy):
    text = export_po(glossary_copy, "fr").decode("utf-8")
    header = text[text.index('msgid ""'):text.index("\n\n")]
    assert '"Project-Id-Version: Altered Rules 2026.1\\n"' in header   # the glossary's latest release
    assert '"Language: fr\\n"' in header and '"Language-Team: French\\n"' in header
    for placeholder in ("VERSION", "EMAIL@ADDRESS", "FULL NAME", "YEAR-MO-DA", "LL@li.org", "ORGANIZATION", "CHARSET"):
        assert placeholder not in text[:text.index("\n\n")], placeholder


def _refused(glossary_copy: Path, po: Path, language: str) -> list[str]:
    before = _files(glossary_copy)
    with pytest.raises(PoError) as caught:
        import_po(glossary_copy, po, language)
    assert _files(glossary_copy) == before, "a refused import must not change the glossary"
    return caught.value.problems


def test_unknown_ids_and_broken_placeholders_are_refused_with_their_line(glossary_copy, tmp_path):
    catalog = _catalog(glossary_copy, "it")
    catalog.get("Dusk", context="4.2.4 title").string = "Crepuscolo nuovo"   # a good change, not written either
    english = next(m for m in catalog if m.context == "1.2.4.b text" or ("{" in m.id and m.context.endswith(" text")))
    english.string = english.string.replace("{", "{x", 1)
    catalog.add("Ghost", "Fantasma", context="9.9.9.z text")
    po = _write(catalog, tmp_path / "it.po")
    problems = _refused(glossary_copy, po, "it")
    lines = po.read_text(encoding="utf-8").splitlines()
    ghost = next(n for n, line in enumerate(lines, 1) if line == 'msgctxt "9.9.9.z text"')
    ghost = next(n for n in (ghost, ghost + 1) if any(p.startswith(f"{po}:{n}: ") for p in problems))   # Babel counts the msgctxt or msgid line
    assert any(p.startswith(f"{po}:{ghost}: msgctxt '9.9.9.z text' names no text") for p in problems), problems
    assert any(f"'{english.context}': the translation's placeholders" in p and f"{po}:" in p for p in problems), problems


def test_a_translation_the_lint_refuses_is_not_written(glossary_copy, tmp_path):
    catalog = _catalog(glossary_copy, "it")
    catalog.get("Once tiebreakers have started, expeditions cannot move forward or backward.", context="4.3.g text").string = \
        "Una volta iniziato lo spareggio, le spedizioni non possono né avanzare né indietreggiare."
    problems = _refused(glossary_copy, _write(catalog, tmp_path / "it.po"), "it")
    assert any("the lint refuses the translation" in p and "non-official variant 'indietreggiare'" in p for p in problems), problems


def test_a_malformed_po_file_is_refused_with_its_line(glossary_copy, tmp_path):
    po = tmp_path / "bad.po"
    good = export_po(glossary_copy, "fr")
    po.write_bytes(good.replace(b'msgctxt "4.2.4 title"\nmsgid "Dusk"', b'msgctxt "4.2.4 title"\nmsgid Dusk', 1))
    assert po.read_bytes() != good
    problems = _refused(glossary_copy, po, "fr")
    line = next(n for n, text in enumerate(po.read_text(encoding="utf-8").splitlines(), 1) if text == "msgid Dusk")
    assert problems == [f"{po}:{line}: not a line of a PO file: 'msgid Dusk' (allowed: a # comment, msgctxt/msgid/msgstr \"text\", or a \"continued\" string)"]


def test_the_command_line_round_trip(glossary_copy, tmp_path, capsys):
    po = tmp_path / "it.po"
    assert main(["i18n", "export", "--lang", "it", "--glossary", str(glossary_copy), "--out", str(po)]) == 0
    assert main(["i18n", "import", str(po), "--lang", "it", "--glossary", str(glossary_copy)]) == 0
    assert "0 text(s) updated" in capsys.readouterr().out
    assert main(["i18n", "import", str(po), "--lang", "fr", "--glossary", str(glossary_copy)]) == 1
    assert "the file's Language is 'it', not 'fr'" in capsys.readouterr().err


def test_a_po_file_past_the_size_limit_is_refused_before_it_is_read(glossary_copy, tmp_path, monkeypatch):
    import altered_rules.cli.po as po_module
    po = tmp_path / "it.po"
    po.write_bytes(export_po(glossary_copy, "it"))
    monkeypatch.setattr(po_module, "MAX_PO_BYTES", 1000)
    problems = _refused(glossary_copy, po, "it")
    assert problems == [f"{po}: {po.stat().st_size} bytes; a PO file of the glossary is at most 1000"]


def test_one_language_updated_after_an_english_change_records_its_own_english(glossary_copy, tmp_path):
    path = glossary_copy / "rules/4/4.2.4.yaml"
    path.write_text(path.read_text(encoding="utf-8").replace("en: A tie is not sufficient to advance.", "en: A tie is never sufficient to advance."), encoding="utf-8")
    catalog = _catalog(glossary_copy, "fr")
    message = catalog.get("A tie is never sufficient to advance.", context="4.2.4.c text")
    message.string, message.flags = "Une égalité ne suffit jamais pour avancer.", set()
    import_po(glossary_copy, _write(catalog, tmp_path / "fr.po"), "fr")
    text = load_glossary(glossary_copy).paragraphs["4.2.4.c"].text
    assert text.status("fr") is TranslationStatus.CURRENT and text.status("it") is TranslationStatus.STALE
    new, old = english_hash("A tie is never sufficient to advance."), english_hash("A tie is not sufficient to advance.")
    assert f"    from: {{fr: {new}, it: {old}}}\n" in path.read_text(encoding="utf-8")


def test_the_engines_messages_go_through_the_po_file_too(glossary_copy, messages_copy, tmp_path):
    from altered_rules.messages import read_messages

    catalog = _catalog(glossary_copy, "it")
    message = catalog.get("{expedition} fails to move forward", context="engine dusk.fails_to_move")
    assert message.string == "{expedition} non riesce ad avanzare" and not message.fuzzy
    before = (messages_copy / "it.yaml").read_bytes()
    assert import_po(glossary_copy, _write(catalog, tmp_path / "same.po"), "it").changed == {}
    assert (messages_copy / "it.yaml").read_bytes() == before
    message.string = "{expedition} non avanza"
    result = import_po(glossary_copy, _write(catalog, tmp_path / "it.po"), "it")
    assert result.changed == {messages_copy / "it.yaml": 1}
    it = read_messages(messages_copy)["it"]
    assert it.strings["dusk.fails_to_move"] == "{expedition} non avanza"
    assert it.translated_from["dusk.fails_to_move"] == english_hash("{expedition} fails to move forward")


def test_an_engine_message_with_other_parameters_is_refused_and_nothing_is_written(glossary_copy, messages_copy, tmp_path):
    catalog = _catalog(glossary_copy, "fr")
    catalog.get("{expedition} fails to move forward", context="engine dusk.fails_to_move").string = "{expédition} échoue"
    before = (messages_copy / "fr.yaml").read_bytes()
    with pytest.raises(PoError) as refused:
        import_po(glossary_copy, _write(catalog, tmp_path / "fr.po"), "fr")
    assert "engine dusk.fails_to_move" in refused.value.problems[0] and "fr.po:" in refused.value.problems[0]
    assert (messages_copy / "fr.yaml").read_bytes() == before


def test_a_stale_engine_message_is_exported_fuzzy(glossary_copy, messages_copy, monkeypatch):
    from engine.catalogue import ENGLISH

    monkeypatch.setitem(ENGLISH, "dusk.fails_to_move", "{expedition} does not move forward")
    message = _catalog(glossary_copy, "fr").get("{expedition} does not move forward", context="engine dusk.fails_to_move")
    assert message.fuzzy and message.string.endswith("échoue à avancer")
