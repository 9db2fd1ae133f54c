"""A renumbering release (issue 30): a rule's identity follows its text, not its number.

On a copy of the real glossary, the hand edit of the issue: a paragraph inserted after 4.2.4.b,
4.2.4.c..h shifted to d..i in ids and every reference, one of them reworded, no `was:` written.
"""

from __future__ import annotations

import shutil

import pytest

from altered_rules.content.glossary import GlossaryError, load_glossary
from altered_rules.content.translations import stale_problems
from altered_rules.pages.history import ChangeKind, compare, glossary_history

from project_paths import GLOSSARY
from renumber_fixtures import shift_4_2_4


@pytest.fixture(scope="module")
def shifted(tmp_path_factory):
    root = tmp_path_factory.mktemp("renumber") / "glossary"
    shutil.copytree(GLOSSARY, root)
    renames = shift_4_2_4(root)
    return root, renames, load_glossary(root)


def _changes(glossary):
    history = glossary_history(glossary)
    return compare(history.snapshots["2026.1"], history.current)


def test_the_hand_edit_gives_one_added_and_six_renumbered_and_nothing_removed(shifted):
    _, renames, glossary = shifted
    changes = _changes(glossary)
    by_kind = {}
    for change in changes:
        by_kind.setdefault(change.kind, []).append(change)
    assert [c.key for c in by_kind[ChangeKind.ADDED]] == ["4.2.4.c"]
    assert ChangeKind.REMOVED not in by_kind
    moved = {c.renumbered_from: c.key for c in changes if c.renumbered_from}
    assert moved == renames
    reworded = next(c for c in changes if c.key == "4.2.4.e")
    assert reworded.kind is ChangeKind.CHANGED and reworded.renumbered_from == "4.2.4.d"
    assert all(c.kind is ChangeKind.RENUMBERED for c in changes if c.renumbered_from and c.key != "4.2.4.e")
    # 4.2.4.i's remark cited itself (4.2.4.h -> i): the number inside does not make it "changed".
    assert next(c for c in changes if c.key == "4.2.4.i").kind is ChangeKind.RENUMBERED


def test_rulings_that_only_changed_numbers_are_marked_so_and_not_stale(shifted):
    _, _, glossary = shifted
    rulings = {c.key: c.kind for c in _changes(glossary) if c.group == "rulings"}
    assert rulings == {"ruling-moves-forward-due-to": ChangeKind.REFERENCES,
                       "ruling-tiebreaker-comparison": ChangeKind.REFERENCES}
    stale, _ = stale_problems(glossary)
    # Only the reworded rule's French and Italian lag behind: a real change.
    assert len(stale) == 2 and all(": 4.2.4.e: the " in line for line in stale), stale
    assert [line.split(": the ")[1][:2] for line in stale] == ["fr", "it"]


def test_a_translation_that_kept_the_old_number_is_stale(tmp_path):
    root = tmp_path / "glossary"
    shutil.copytree(GLOSSARY, root)
    shift_4_2_4(root)
    ruling = root / "rulings" / "moves-forward-due-to.yaml"
    text = ruling.read_text(encoding="utf-8")
    # The French still says 4.2.4.h where the English says 4.2.4.i: not renumbered alike.
    ruling.write_text(text.replace("La règle 4.2.4.i dit", "La règle 4.2.4.h dit", 1), encoding="utf-8")
    stale, _ = stale_problems(load_glossary(root))
    assert any("moves-forward-due-to" in line and "the fr text" in line for line in stale)
    assert not any("moves-forward-due-to" in line and "the it text" in line for line in stale)


def test_the_editors_was_overrides_the_match(tmp_path):
    root = tmp_path / "glossary"
    shutil.copytree(GLOSSARY, root)
    shift_4_2_4(root)
    section = root / "rules" / "4" / "4.2.4.yaml"
    text = section.read_text(encoding="utf-8")
    section.write_text(text.replace("- id: 4.2.4.i\n", "- id: 4.2.4.i\n  was: new\n", 1), encoding="utf-8")
    changes = _changes(load_glossary(root))
    kinds = {(c.key, c.kind) for c in changes}
    assert ("4.2.4.i", ChangeKind.ADDED) in kinds and ("4.2.4.h", ChangeKind.REMOVED) in kinds
    # `was:` pairs what the text alone would not: the inserted paragraph continues 4.2.4.h.
    section.write_text(text.replace("- id: 4.2.4.c\n", "- id: 4.2.4.c\n  was: 4.2.4.h\n", 1), encoding="utf-8")
    changes = _changes(load_glossary(root))
    inserted = next(c for c in changes if c.key == "4.2.4.c")
    assert inserted.renumbered_from == "4.2.4.h" and inserted.kind is ChangeKind.CHANGED and inserted.matched == "was"


def test_a_was_naming_no_rule_of_the_latest_release_is_refused_with_file_and_line(tmp_path):
    root = tmp_path / "glossary"
    shutil.copytree(GLOSSARY, root)
    shift_4_2_4(root)
    section = root / "rules" / "4" / "4.2.4.yaml"
    text = section.read_text(encoding="utf-8")
    line = text.split("\n").index("- id: 4.2.4.c") + 1
    section.write_text(text.replace("- id: 4.2.4.c\n", "- id: 4.2.4.c\n  was: 4.2.4.z\n", 1), encoding="utf-8")
    with pytest.raises(GlossaryError) as raised:
        load_glossary(root)
    assert f"4.2.4.yaml:{line}: paragraph 4.2.4.c: 'was: 4.2.4.z' names no rule of release 2026.1" in str(raised.value)
    section.write_text(text.replace("- id: 4.2.4.c\n", "- id: 4.2.4.c\n  was: [4.2.4.b]\n", 1), encoding="utf-8")
    with pytest.raises(GlossaryError) as raised:
        load_glossary(root)
    assert "'was' of paragraph 4.2.4.c is ['4.2.4.b']" in str(raised.value)
