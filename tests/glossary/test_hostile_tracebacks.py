"""Issue 23: input that passed lint and then crashed with a traceback, and a release dated in the
future that blocked every later release.

(The snapshot nested 200,000 deep is in test_hostile_snapshots.py; the long msgstr with a control
character and `i18n export --out missing/dir/x.po` in test_hostile_po.py.)
"""

from __future__ import annotations


import pytest

from altered_rules.cli.main import main
from altered_rules.cli.release_cli import ReleaseError, record_release
from altered_rules.content.glossary import load_glossary
from altered_rules.content.glossary.model import Text
from altered_rules.pages.site_pages import pages
from altered_rules.site_assets.search_index import _plain
from altered_rules.verification.checks import verify_glossary

from edits import replace_once
from guards import failing_lint

SCRIBE = "rules/2/2.2.10.yaml"




@pytest.mark.parametrize("name", ["{zz}", "{forest", "{} {0} {rule.__class__}"])
def test_a_scenario_name_in_braces_is_shown_as_typed(glossary_copy, name):
    replace_once(glossary_copy / SCRIBE, "          - name: Scribe\n", f'          - name: "{name}"\n')
    replace_once(glossary_copy / SCRIBE, "      Alice.hero.Scribe.abilities: 1\n", f'      "Alice.hero.{name}.abilities": 1\n')
    glossary = load_glossary(glossary_copy)
    verification = verify_glossary(glossary)
    assert verification.failures == []
    chapter = next(p for p in pages(glossary, "en", verification) if p.path == "rules/chapter-2.md")
    assert f"{name}'s reaction" in chapter.markdown.replace("&#x27;", "'")   # the trace names it, as text


def test_an_unknown_symbol_in_search_text_stays_as_typed(glossary):
    assert _plain(glossary, Text({"en": "a {zz} b {forest}"}), "en") == "a {zz} b forest"


@pytest.mark.parametrize("old, new, message", [
    ("  type: character\n  abilities:\n    - printed: \"{etb} Sacrifice", "  type: character\n  subtypes: 5\n  abilities:\n    - printed: \"{etb} Sacrifice",
     "'subtypes' of card 'Kuwat, the Dissenter' must be a list"),
    ("  type: character\n  abilities:\n    - printed: \"{etb} Sacrifice", "  type: character\n  subtypes: [[Adventurer]]\n  abilities:\n    - printed: \"{etb} Sacrifice",
     "item 1 of 'subtypes' of card 'Kuwat, the Dissenter' must be text"),
    ("  type: character\n  abilities:\n    - printed: \"{etb} Sacrifice", "  type: character\n  faction: [Axiom]\n  abilities:\n    - printed: \"{etb} Sacrifice",
     "'faction' of card 'Kuwat, the Dissenter' must be text"),
    ("- name: Kuwat, the Dissenter\n", '- name: "Kuwat,\\n# the Dissenter"\n', "U+000A (a line break)"),
])
def test_a_card_field_of_the_wrong_shape_is_refused_with_its_line(glossary_copy, capsys, old, new, message):
    line = replace_once(glossary_copy / "cards.yaml", old, new)
    err = failing_lint(glossary_copy, capsys)
    assert "cards.yaml:" in err and message in err
    assert any(f"cards.yaml:{n}:" in err for n in range(line, line + 3))


def test_a_release_dated_in_the_future_is_not_recorded(glossary_copy):
    with pytest.raises(ReleaseError, match=r"--date 2027-01-01 is in the future \(today is 2026-11-26, UTC\)"):
        record_release(glossary_copy, "2026.2", "2027-01-01", {"en": "x"}, git=False, today="2026-11-26")
    assert not (glossary_copy / "releases" / "2026.2.json.gz").exists()


def test_a_future_dated_release_is_named_instead_of_blocking_later_ones(glossary_copy):
    """Written by hand, a future date would make every release recorded before it "earlier than
    the latest": the error names that release and its line, so that its date is corrected."""
    replace_once(glossary_copy / "releases.yaml", 'date: "2026-11-25"', 'date: "2027-06-01"')
    with pytest.raises(ReleaseError, match=r"release 2026\.1 \(.*releases\.yaml:3\) is dated 2027-06-01, after today"):
        record_release(glossary_copy, "2026.2", "2026-11-26", {"en": "x"}, git=False, today="2026-11-26")
    replace_once(glossary_copy / "releases.yaml", 'date: "2027-06-01"', 'date: "2026-11-25"')
    assert record_release(glossary_copy, "2026.2", "2026-11-26", {"en": "x"}, git=False, today="2026-11-26")


def test_the_release_command_refuses_a_date_after_today(glossary_copy, capsys):
    code = main(["release", "2026.2", "--date", "2999-01-01", "--notes", "x", "--no-git", "--glossary", str(glossary_copy)])
    assert code == 1 and "--date 2999-01-01 is in the future" in capsys.readouterr().err
    assert not (glossary_copy / "releases" / "2026.2.json.gz").exists()
