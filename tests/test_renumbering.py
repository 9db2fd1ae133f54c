"""A renumbering release (issue 30): a rule's identity follows its text, not its number.

On a copy of the real glossary, the hand edit of the issue: a paragraph inserted after 4.2.4.b,
4.2.4.c..h shifted to d..i in ids and every reference, one of them reworded, no `was:` written.
"""

from __future__ import annotations

import html
import re
import shutil

import jsonschema
import pytest

from altered_rules.content.glossary import GlossaryError, load_glossary
from altered_rules.content.translations import stale_problems
from altered_rules.cli.main import main
from altered_rules.cli.release_cli import record_release
from altered_rules.pages.history import ChangeKind, compare, glossary_history
from altered_rules.pages.versions import VersionedChapters, VersionRenderer, release_stamp, removed_rule_redirects, version_pages
from altered_rules.strings import tr
from altered_rules.site_assets.export import FORMAT_VERSION, SCHEMA, export_glossary

from project_paths import GLOSSARY
from release_fixtures import edits_only, new_stale, pending_changes, stale_translations
from renumber_fixtures import reorganise, shift_4_2_4


@pytest.fixture(scope="module")
def shifted(tmp_path_factory):
    root = tmp_path_factory.mktemp("renumber") / "glossary"
    shutil.copytree(GLOSSARY, root)
    pending, stale = pending_changes(root), stale_translations(root)
    unedited = glossary_history(load_glossary(root)).current
    renames = shift_4_2_4(root)
    return root, renames, load_glossary(root), pending, stale, unedited


def _changes(glossary, pending=()):
    """The changes since 2026.1 less the `pending` ones (content landed since, before the edit)."""
    history = glossary_history(glossary)
    return edits_only(compare(history.snapshots["2026.1"], history.current), pending)


def test_the_hand_edit_gives_one_added_and_six_renumbered_and_nothing_removed(shifted):
    _, renames, glossary, pending, _, _ = shifted
    changes = _changes(glossary, pending)
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
    # Cited-by and rulings follow the rewritten references: the ruling on old 4.2.4.h is on 4.2.4.i.
    assert "ruling-moves-forward-due-to" in glossary.cited_by["4.2.4.i"]
    assert [r.id for r in glossary.rulings_by_rule["4.2.4.i"]] == ["moves-forward-due-to"]


def test_rulings_that_only_changed_numbers_are_marked_so_and_not_stale(shifted):
    _, _, glossary, _, before, unedited = shifted
    # Against the copy before the edit: a ruling whose translation editors fixed since 2026.1 is
    # "translated" against 2026.1 whatever the edit did; the edit's own change is the references.
    edit = compare(unedited, glossary_history(glossary).current)
    rulings = {c.key: c.kind for c in edit if c.group == "rulings"}
    assert rulings == {"ruling-moves-forward-due-to": ChangeKind.REFERENCES,
                       "ruling-tiebreaker-comparison": ChangeKind.REFERENCES}
    stale = new_stale(stale_problems(glossary)[0], before)
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
    twice = text.replace("- id: 4.2.4.c\n", "- id: 4.2.4.c\n  was: 4.2.4.b\n", 1).replace("- id: 4.2.4.d\n", "- id: 4.2.4.d\n  was: 4.2.4.b\n", 1)
    section.write_text(twice, encoding="utf-8")
    with pytest.raises(GlossaryError) as raised:
        load_glossary(root)
    assert "paragraph 4.2.4.d: 'was: 4.2.4.b' is also on 4.2.4.c (" in str(raised.value)
    section.write_text(text.replace("- id: 4.2.4.c\n", "- id: 4.2.4.c\n  was: [4.2.4.b]\n", 1), encoding="utf-8")
    with pytest.raises(GlossaryError) as raised:
        load_glossary(root)
    assert "'was' of paragraph 4.2.4.c is ['4.2.4.b']" in str(raised.value)


@pytest.fixture(scope="module")
def released(tmp_path_factory):
    """The hand edit recorded as release 2026.2 (as `altered-rules release` does it)."""
    root = tmp_path_factory.mktemp("renumber-released") / "glossary"
    shutil.copytree(GLOSSARY, root)
    before = stale_translations(root)
    shift_4_2_4(root)
    done = record_release(root, "2026.2", "2026-12-01", {"en": "FIXTURE renumbering; not a real release."}, git=False,
                          allow_stale=True)   # the edit leaves translations stale, on purpose
    glossary = load_glossary(root)
    return root, done, glossary, glossary_history(glossary), before


def test_recording_the_release_moves_the_from_of_translations_renumbered_alike(released):
    root, done, glossary, _, before = released
    assert any("rulings/moves-forward-due-to.yaml, rulings/tiebreaker-comparison.yaml" in line for line in done)
    stale = new_stale(stale_problems(glossary)[0], before)
    assert len(stale) == 2 and all(": 4.2.4.e: the " in line for line in stale), stale
    assert not glossary.identity, "the release is the glossary on disk: nothing left to match"


def test_the_history_follows_the_rule_under_every_number(released):
    _, _, _, history, _ = released
    assert history.follow("2026.1", "4.2.4.c") == "4.2.4.d"
    assert history.follow("2026.1", "4.2.4.h") == "4.2.4.i"
    release, change = history.newer("2026.1", "4.2.4.c")
    assert release.version == "2026.2" and change.key == "4.2.4.d" and change.kind is ChangeKind.RENUMBERED
    assert [c.kind for _, c in history.by_key["4.2.4.c"]] == [ChangeKind.ADDED]
    assert history.by_key["4.2.4.d"][-1][1].renumbered_from == "4.2.4.c"
    assert history.former_numbers("4.2.4.i") == (("4.2.4.h", "2026.1"),)
    assert history.former_numbers("4.2.4.c") == ()
    # Numbers held only in 2026.1 (none here: every old number is taken again) need no redirect.
    assert removed_rule_redirects(history) == {}


@pytest.mark.parametrize("language, renumbered, changed, banner", [
    ("en", "renumbered from 4.2.4.c", "renumbered from 4.2.4.d, text changed", "4.2.4.c is numbered 4.2.4.d since release 2026.2"),
    ("fr", "anciennement 4.2.4.c", "anciennement 4.2.4.d, texte modifié", "4.2.4.c est numérotée 4.2.4.d depuis la version 2026.2"),
    ("it", "in precedenza 4.2.4.c", "in precedenza 4.2.4.d, testo modificato", "4.2.4.c è numerata 4.2.4.d dalla versione 2026.2"),
])
def test_release_history_and_old_permalinks_show_the_moves(released, language, renumbered, changed, banner):
    _, _, glossary, history, _ = released
    pages = {p.path: p.markdown for p in version_pages(glossary, history, language)}
    release = pages["releases/2026.2.md"]
    assert re.search(r'<span class="ar-change__was">4\.2\.4\.c</span> → <a href="[^"]*#4\.2\.4\.d">4\.2\.4\.d</a>', release)
    assert f'{tr(language, "change_renumbered")}, {tr(language, "change_changed")}</span>' in release
    chapter = pages["history/chapter-4.md"]
    assert renumbered in chapter and changed in chapter
    assert "ar-change--removed" not in release
    section = chapter[chapter.index("## 4.2.4.d "):chapter.index("## 4.2.4.e ")]
    assert renumbered in section and 'href="../../v/2026.1/4/#4.2.4.c">4.2.4.c, ' in section
    # The old number's text in 2026.1 says where the rule went and links to its current text.
    chapters = VersionedChapters(glossary, history, language)
    snapshot = history.snapshots["2026.1"]
    note = chapters.note(history.releases[0], "4.2.4.c", snapshot.entries["4.2.4.c"])
    assert banner in html.unescape(note) and 'href="../../../r/4.2.4.d/"' in note
    note = chapters.note(history.releases[0], "4.2.4.d", snapshot.entries["4.2.4.d"])
    assert 'href="../../../r/4.2.4.e/"' in note
    labels = VersionRenderer(glossary, history, language).changed_in()
    assert "4.2.4.c" in labels["4.2.4.d"][0] and "2026.1" in labels["4.2.4.d"][0]
    assert "4.2.4.d" in labels["4.2.4.c"][0]


def test_the_export_says_which_number_a_rule_had(released):
    _, _, glossary, history, _ = released
    data = export_glossary(glossary, "en", None, release_stamp(history))
    jsonschema.validate(data, SCHEMA)
    paragraphs = {p["id"]: p for c in data["chapters"] for s in c["sections"] for p in s["paragraphs"]}
    assert paragraphs["4.2.4.e"]["renumbered_from"] == [{"number": "4.2.4.d", "until": "2026.1"}]
    assert paragraphs["4.2.4.c"]["renumbered_from"] == [] and paragraphs["4.2.4.b"]["renumbered_from"] == []
    assert data["format_version"] == FORMAT_VERSION and tuple(map(int, FORMAT_VERSION.split("."))) >= (1, 4, 0)   # renumbered_from came in 1.4.0


def test_an_unreleased_renumbering_is_in_the_export_too(shifted):
    _, _, glossary, _, _, _ = shifted
    data = export_glossary(glossary, "fr", None, release_stamp(glossary_history(glossary)))
    paragraphs = {p["id"]: p for c in data["chapters"] for s in c["sections"] for p in s["paragraphs"]}
    assert paragraphs["4.2.4.i"]["renumbered_from"] == [{"number": "4.2.4.h", "until": "2026.1"}]


def test_the_lint_says_which_matches_it_made(shifted, capsys):
    root, _, _, _, _, _ = shifted
    main(["lint", "--glossary", str(root)])
    err = capsys.readouterr().err
    moved = [line for line in err.splitlines() if line.startswith("renumbered: ")]
    assert len(moved) == 6
    assert re.search(r"4\.2\.4\.yaml:\d+: 4\.2\.4\.e is 4\.2\.4\.d of release 2026\.1, renumbered \(text 9\d% alike\)", err)
    assert re.search(r"4\.2\.4\.yaml:\d+: 4\.2\.4\.d is 4\.2\.4\.c of release 2026\.1, renumbered \(same text\)", err)


def test_a_reorganising_release_tracks_every_moved_rule(tmp_path):
    """Insert and shift, split a section, move a rule to another section and reword it: every
    moved rule is tracked, the only additions are the new paragraph and the new section."""
    root = tmp_path / "glossary"
    shutil.copytree(GLOSSARY, root)
    pending, before = pending_changes(root), stale_translations(root)
    renames = reorganise(root)
    record_release(root, "2026.2", "2026-12-01", {"en": "FIXTURE reorganisation; not a real release."}, git=False,
                   allow_stale=True)   # the edit leaves translations stale, on purpose
    glossary = load_glossary(root)
    history = glossary_history(glossary)
    changes = edits_only(history.diffs[-1].changes, pending)
    assert {c.renumbered_from: c.key for c in changes if c.renumbered_from} == renames
    assert sorted(c.key for c in changes if c.kind is ChangeKind.ADDED) == ["3.2.5", "4.2.4.c"]
    assert not [c.key for c in changes if c.kind is ChangeKind.REMOVED]
    changed = sorted(c.key for c in changes if c.renumbered_from and c.kind is ChangeKind.CHANGED)
    assert changed == ["4.2.4.e", "6.3.g"]
    # Every old number leads to where its rule went; only real rewordings leave translations stale.
    for old, new in renames.items():
        assert history.follow("2026.1", old) == new
    assert removed_rule_redirects(history) == {
        "3.2.4.d": "v/2026.1/3/#3.2.4.d", "3.2.4.e": "v/2026.1/3/#3.2.4.e", "6.4.g": "v/2026.1/6/#6.4.g"}
    stale = new_stale(stale_problems(glossary)[0], before)
    assert sorted({line.split(": ")[1] for line in stale}) == ["4.2.4.e", "6.3.g"]


def test_the_lint_matches_are_notices_in_the_github_format(shifted, capsys):
    root, _, _, _, _, _ = shifted
    main(["lint", "--format", "github", "--glossary", str(root)])
    out = capsys.readouterr().out
    notices = [line for line in out.splitlines() if line.startswith("::notice ")]
    assert len(notices) == 6 and all("4.2.4.yaml,line=" in line for line in notices)


def test_a_was_applies_to_the_release_that_records_it_only(tmp_path):
    root = tmp_path / "glossary"
    shutil.copytree(GLOSSARY, root)
    shift_4_2_4(root)
    section = root / "rules" / "4" / "4.2.4.yaml"
    section.write_text(section.read_text(encoding="utf-8").replace("- id: 4.2.4.i\n", "- id: 4.2.4.i\n  was: new\n", 1),
                       encoding="utf-8")
    record_release(root, "2026.2", "2026-12-01", {"en": "FIXTURE; not a real release."}, git=False, allow_stale=True)
    text = section.read_text(encoding="utf-8")
    section.write_text(text.replace("An expedition \"moves forward due to [statistic]\" if the three following conditions are true:",
                                    "FIXTURE: rewritten from top to bottom, nothing like before.", 1),
                       encoding="utf-8")
    glossary = load_glossary(root)
    history = glossary_history(glossary)
    assert {(c.key, c.kind) for c in history.diffs[-1].changes} >= {("4.2.4.i", ChangeKind.ADDED), ("4.2.4.h", ChangeKind.REMOVED)}
    later = compare(history.snapshots["2026.2"], history.current)
    assert [(c.key, c.kind) for c in later] == [("4.2.4.i", ChangeKind.CHANGED)]
