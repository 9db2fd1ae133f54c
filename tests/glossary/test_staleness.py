"""Staleness (issue 18): each translation records the English text it was made from (`from:`,
a short hash beside it); when the English changes, the lint lists the translation, the site marks
it with a link to the English, and the translators' report page lists it."""

from __future__ import annotations

from pathlib import Path

import pytest
import yaml

from altered_rules.cli.main import main
from altered_rules.content.glossary import GlossaryError, load_glossary
from altered_rules.content.glossary.model import TranslationStatus, english_hash
from altered_rules.pages.site_pages import pages
from altered_rules.content.translations import stamp_file, stamp_glossary, stale_problems, translation_states
from edits import replace_once

TIE = Path("rules/4/4.2.4.yaml")
OLD = "    en: A tie is not sufficient to advance.\n"
NEW = "    en: A tie is never sufficient to advance.\n"


def _edit(root: Path, relative: Path, old: str, new: str) -> None:
    replace_once(root / relative, old, new)


def test_every_translation_of_the_glossary_records_its_english(glossary):
    for language in ("fr", "it"):
        states = list(translation_states(glossary, language))
        assert len(states) > 800
        assert {s.status for s in states} == {TranslationStatus.CURRENT}


def test_a_changed_english_text_makes_its_translations_stale(glossary_copy, capsys):
    _edit(glossary_copy, TIE, OLD, NEW)
    glossary = load_glossary(glossary_copy)
    paragraph = glossary.paragraphs["4.2.4.c"]
    assert paragraph.text.status("fr") is TranslationStatus.STALE and paragraph.text.stale("it")
    assert glossary.paragraphs["4.2.4.b"].text.status("fr") is TranslationStatus.CURRENT
    stale, unrecorded = stale_problems(glossary)
    assert unrecorded == [] and len(stale) == 2
    assert all("4.2.4.yaml:" in line and "4.2.4.c" in line and english_hash("A tie is never sufficient to advance.") in line for line in stale)
    # The command line lists them and still passes: an English fix does not wait for translators.
    assert main(["lint", "--glossary", str(glossary_copy)]) == 0
    captured = capsys.readouterr()
    assert "0 problem(s), 2 stale translation(s)" in captured.out
    assert "stale: " in captured.err and "4.2.4.c: the fr text was translated from an older English text" in captured.err


def test_the_site_marks_a_stale_translation_and_links_to_the_english(glossary_copy):
    _edit(glossary_copy, TIE, OLD, NEW)
    glossary = load_glossary(glossary_copy)
    chapter = next(p for p in pages(glossary, "fr") if p.path == "rules/chapter-4.md").markdown
    assert chapter.count('class="ar-stale"') == 1
    assert 'href="../../../en/rules/chapter-4/#4.2.4.c" hreflang="en">Voir le texte anglais</a>' in chapter
    assert 'class="ar-stale-notice"' in chapter and 'href="../../translations/">État des traductions</a>' in chapter
    # Each page keeps its own record (PageNotices): the pages drawn after it by the same Renderer carry no notice.
    after = [p for p in pages(glossary, "fr") if p.path.startswith("rules/") and p.path != "rules/chapter-4.md"]
    assert after and not any("ar-stale-notice" in p.markdown for p in after)
    # The English page has no such mark, and no stale text means no mark at all.
    assert "ar-stale" not in next(p for p in pages(glossary, "en") if p.path == "rules/chapter-4.md").markdown
    assert "ar-stale" not in next(p for p in pages(load_glossary(Path("glossary")), "fr") if p.path == "rules/chapter-4.md").markdown


def test_the_report_page_lists_the_stale_translations_for_translators(glossary_copy):
    _edit(glossary_copy, TIE, OLD, NEW)
    glossary = load_glossary(glossary_copy)
    report = next(p for p in pages(glossary, "it") if p.path == "translations.md").markdown
    assert "4.2.4.yaml:" in report and 'href="../rules/chapter-4/#4.2.4.c">4.2.4.c</a>' in report
    assert 'href="../../en/rules/chapter-4/#4.2.4.c" hreflang="en">Vedi il testo inglese</a>' in report
    assert "A tie is never sufficient to advance." in report and "Un pareggio non è sufficiente per avanzare." in report
    english = next(p for p in pages(glossary, "en") if p.path == "translations.md").markdown
    assert 'href="../../it/rules/chapter-4/#4.2.4.c" hreflang="it">4.2.4.c (it)</a>' in english and "4.2.4.c (fr)" in english


def test_a_ruling_that_quotes_a_changed_rule_stays_current(glossary_copy):
    """A ruling quotes the rule with {rule-text ...}: the rule's English changing does not make
    the ruling's translation stale (it shows the rule's own translation, or the rule is marked)."""
    _edit(glossary_copy, Path("rules/4/4.2.1.yaml"), "Each player readies all their Characters and Permanents.", "Each player readies all of their Characters and Permanents.")
    glossary = load_glossary(glossary_copy)
    ruling = next(r for r in glossary.rulings if r.id == "prepare-mana-orbs")
    assert ruling.conflict.status("fr") is TranslationStatus.CURRENT


def test_a_malformed_from_is_refused_with_its_line(glossary_copy):
    _edit(glossary_copy, TIE, "    it: Un pareggio non è sufficiente per avanzare.\n    from: ", "    it: Un pareggio non è sufficiente per avanzare.\n    from: zz")
    with pytest.raises(GlossaryError) as caught:
        load_glossary(glossary_copy)
    assert "4.2.4.yaml:" in str(caught.value) and "'text.from' of paragraph 4.2.4.c" in str(caught.value)


def test_stamping_adds_one_line_or_one_entry_per_text_and_nothing_else(tmp_path):
    path = tmp_path / "entry.yaml"
    original = (
        "id: x\n"
        "title: {en: Dusk's end, fr: La fin d'un Crépuscule, it: \"La fine: sì\"}\n"
        "items:\n"
        "  - en: >-\n"
        "      Two lines\n"
        "      of English.\n"
        "    fr: Deux lignes.\n"
        "  - {en: Only English}\n"
        "label: {en: A, fr: B}   # a comment stays\n"
        "symbol: {label: {en: forest, fr: forêt}, glyph: {en: F, fr: F}}\n"
    )
    path.write_text(original, encoding="utf-8")
    assert stamp_file(path) == 4
    text = path.read_text(encoding="utf-8")
    dusk = english_hash("Dusk's end")
    assert text.splitlines()[1] == 'title: {en: Dusk\'s end, fr: La fin d\'un Crépuscule, it: "La fine: sì", from: ' + dusk + "}"
    assert f"    fr: Deux lignes.\n    from: {english_hash('Two lines of English.')}\n  - {{en: Only English}}\n" in text
    assert "glyph: {en: F, fr: F}}" in text and "# a comment stays" in text
    data = yaml.safe_load(text)
    assert data["items"][0]["from"] == english_hash("Two lines of English.") and "from" not in data["items"][1]
    assert data["symbol"]["label"]["from"] == english_hash("forest")
    assert len(text.splitlines()) == len(original.splitlines()) + 1
    assert stamp_file(path) == 0   # nothing left to stamp


def test_stamping_a_new_translation_declares_it_current(glossary_copy):
    _edit(glossary_copy, TIE, "    it: Un pareggio non è sufficiente per avanzare.\n    from: ", "    it: Un pareggio non basta per avanzare.\n    was_from: ")
    path = glossary_copy / TIE
    path.write_text(path.read_text(encoding="utf-8").replace("    was_from: " + english_hash("A tie is not sufficient to advance.") + "\n", ""), encoding="utf-8")
    assert stale_problems(load_glossary(glossary_copy))[1]  # unrecorded
    assert stamp_glossary(glossary_copy) == {path: 1}
    assert stale_problems(load_glossary(glossary_copy)) == ([], [])
