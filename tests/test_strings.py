"""The interface strings: one YAML file per language, every key in every language, the same
placeholders as the English, and nothing left in English unless the file says it is meant to."""

from __future__ import annotations

import html
import shutil
import tomllib
from pathlib import Path

import pytest

from altered_rules.strings import STRINGS, STRINGS_DIR, read_strings, string_problems, tr
from altered_rules.content.yamlsource import SourceError
from edits import replace_once


@pytest.fixture
def strings_copy(tmp_path: Path) -> Path:
    target = tmp_path / "strings"
    shutil.copytree(STRINGS_DIR, target)
    return target


def _edit(folder: Path, language: str, old: str, new: str) -> None:
    replace_once(folder / f"{language}.yaml", old, new)


def test_the_shipped_strings_have_no_problem():
    files = read_strings()
    assert string_problems(files) == []
    assert set(STRINGS) == {"en", "fr", "it"} and len(STRINGS["en"]) > 100
    assert tr("fr", "go_to_rule", rule="4.2.4.c") == "Aller à la règle 4.2.4.c"


def test_a_missing_key_is_reported_with_the_english_line(strings_copy):
    path = strings_copy / "it.yaml"
    path.write_text("".join(line for line in path.read_text(encoding="utf-8").splitlines(True) if not line.startswith("  copied:")), encoding="utf-8")
    problems = string_problems(read_strings(strings_copy))
    assert any("it.yaml: missing the key 'copied'" in p and "en.yaml:" in p for p in problems), problems


def test_a_broken_placeholder_is_reported_with_its_line(strings_copy):
    _edit(strings_copy, "fr", '"Aller à la règle {rule}"', '"Aller à la règle {regle}"')
    problems = string_problems(read_strings(strings_copy))
    line = next(n for n, text in enumerate((strings_copy / "fr.yaml").read_text(encoding="utf-8").splitlines(), 1) if "{regle}" in text)
    assert any(f"fr.yaml:{line}: 'go_to_rule' has the placeholders ['regle']; the English has ['rule']" in p for p in problems), problems


def test_a_string_left_in_english_is_reported_unless_listed(strings_copy):
    _edit(strings_copy, "fr", '"Copié"', '"Copied"')
    _edit(strings_copy, "it", 'same_as_english: [', 'same_as_english: [copied, ')
    _edit(strings_copy, "it", '"Copiato"', '"Copied"')
    problems = string_problems(read_strings(strings_copy))
    assert any("fr.yaml:" in p and "'copied' is the English text" in p for p in problems), problems
    assert not any("it.yaml:" in p and "'copied'" in p for p in problems), problems


def test_a_key_the_english_lacks_is_reported(strings_copy):
    _edit(strings_copy, "it", '  copied: "Copiato"', '  copied: "Copiato"\n  copiato: "Copiato"')
    problems = string_problems(read_strings(strings_copy))
    assert any("'copiato' is not a key of" in p for p in problems), problems


def test_a_malformed_file_names_its_line(strings_copy):
    _edit(strings_copy, "fr", '  copied: "Copié"', '  copied:')
    with pytest.raises(SourceError) as caught:
        read_strings(strings_copy)
    assert "fr.yaml:" in str(caught.value) and "'copied' must be non-empty text" in str(caught.value)


def test_the_strings_ship_with_the_package():
    """setuptools' package-data lists the files, so an installed (not editable) package has them."""
    with (Path(__file__).parent.parent / "pyproject.toml").open("rb") as handle:
        shipped = tomllib.load(handle)["tool"]["setuptools"]["package-data"]["altered_rules"]
    assert "strings/*.yaml" in shipped and "strings/engine/*.yaml" in shipped   # a glob does not reach into folders
    assert sorted(p.name for p in STRINGS_DIR.glob("*.yaml")) == ["en.yaml", "fr.yaml", "it.yaml"]


def test_each_translated_string_records_its_english():
    from altered_rules.content.glossary.model import TranslationStatus
    from altered_rules.strings import string_states
    assert {s.status for s in string_states(read_strings())} == {TranslationStatus.CURRENT}
    files = read_strings()
    assert set(files["fr"].translated_from) == set(files["fr"].strings)


def test_a_string_whose_english_changed_is_listed_as_stale(strings_copy):
    from altered_rules.content.glossary.model import TranslationStatus
    from altered_rules.strings import stamp_strings, string_states
    _edit(strings_copy, "en", '"Copied"', '"Copied to the clipboard"')
    _edit(strings_copy, "it", '  copied: "Copiato"  # from ', '  copied: "Copiato"  # was ')
    states = [s for s in string_states(read_strings(strings_copy)) if s.status is not TranslationStatus.CURRENT]
    fr = next(n for n, text in enumerate((strings_copy / "fr.yaml").read_text(encoding="utf-8").splitlines(), 1) if text.startswith("  copied:"))
    assert [(s.where.rsplit("/", 1)[-1], s.key, s.status) for s in states] == [
        (f"fr.yaml:{fr}", "copied", TranslationStatus.STALE), (f"it.yaml:{fr}", "copied", TranslationStatus.UNRECORDED)]
    assert "'copied' was translated from an older English text" in states[0].advice
    assert (states[0].english, states[0].text) == ("Copied to the clipboard", "Copié")
    assert stamp_strings(strings_copy) == 1   # only the unrecorded one; the stale one needs a translator
    assert [s.status for s in string_states(read_strings(strings_copy)) if s.status is not TranslationStatus.CURRENT] == [TranslationStatus.STALE]


def test_the_translators_report_lists_stale_interface_strings_with_their_key_and_english(glossary, strings_copy):
    """A string whose English changed is on the report page (issue 18), its key, file:line, the
    English now and the translation, all escaped; a current string is not."""
    from altered_rules.pages.render import Renderer
    _edit(strings_copy, "en", '"Copied"', '"Copied <b>now</b>"')
    files = read_strings(strings_copy)
    line = files["fr"].lines["copied"]
    french = Renderer(glossary, "fr").translations(files).markdown
    assert f"fr.yaml:{line}</code> · Clé\u00a0: <code>copied</code>" in french
    assert '<span lang="en">Copied &lt;b&gt;now&lt;/b&gt;</span>' in french and '<span lang="fr">Copié</span>' in french
    assert "<b>now" not in french and "<code>go_to_rule</code>" not in french and "it.yaml" not in french
    assert html.escape(tr("fr", "translations_strings_none")) not in french
    english = Renderer(glossary, "en").translations(files).markdown
    assert "<code>copied</code> (fr)" in english and "<code>copied</code> (it)" in english
    # The shipped strings are all current: the section says so.
    assert html.escape(tr("it", "translations_strings_none")) in Renderer(glossary, "it").translations().markdown


@pytest.mark.parametrize("language, old, new, stray", [
    ("fr", '"Aller à la règle {rule}"', '"Aller ? la règle {rule}"', "'?' (U+003F)"),
    ("it", '"Vai alla regola {rule}"', '"Vai alla regola {rule}\\ufffd"', "(U+FFFD)"),
])
def test_a_character_lost_in_an_interface_string_is_reported(strings_copy, language, old, new, stray):
    _edit(strings_copy, language, old, new)
    problems = string_problems(read_strings(strings_copy))
    assert any(f"{language}.yaml:" in p and "'go_to_rule'" in p and stray in p for p in problems), problems
