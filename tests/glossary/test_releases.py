"""Releases declared in glossary/releases.yaml: the loader's checks (file:line, what is wrong,
what is allowed), the snapshots, and `altered-rules release` (in a throw-away git repository)."""

from __future__ import annotations

import gzip
import json
import shutil
import subprocess
from pathlib import Path

import pytest

from altered_rules.cli.main import main
from altered_rules.content.glossary import GlossaryError, load_glossary
from altered_rules.content.glossary.releases import read_snapshot, snapshot_bytes, snapshot_of
from altered_rules.pages.history import glossary_history
from altered_rules.cli.release_cli import ReleaseError, record_release

RELEASES = "releases.yaml"


def _errors(root: Path) -> list[str]:
    with pytest.raises(GlossaryError) as caught:
        load_glossary(root)
    return [str(e) for e in caught.value.errors]


def _line(root: Path, needle: str, occurrence: int = 1) -> int:
    found = [n for n, line in enumerate((root / RELEASES).read_text(encoding="utf-8").splitlines(), 1) if needle in line]
    assert len(found) >= occurrence, f"{needle!r} not in {RELEASES}"
    return found[occurrence - 1]


def _append(root: Path, text: str) -> None:
    with (root / RELEASES).open("a", encoding="utf-8") as handle:
        handle.write(text)


SECOND = """- version: "2026.2"
  date: "2026-12-01"
  based_on: {sources: [seed-000], version: {en: Community glossary}, date: "2024-09-14"}
  notes: {en: A fixture release.}
"""


def _with_second(root: Path, text: str = SECOND) -> None:
    shutil.copy(root / "releases" / "2026.1.json.gz", root / "releases" / "2026.2.json.gz")
    _fix_version(root / "releases" / "2026.2.json.gz", "2026.2")
    _append(root, text)


def _fix_version(path: Path, version: str) -> None:
    data = json.loads(gzip.decompress(path.read_bytes()))
    data["version"] = version
    path.write_bytes(gzip.compress(json.dumps(data).encode(), mtime=0))


def test_the_first_release_is_the_glossary_as_it_stands(glossary):
    assert [r.version for r in glossary.releases] == ["2026.1"]
    first = glossary.releases[0]
    assert first.based_on.date == "2024-09-14" and set(first.based_on.sources) == {f"seed-00{i}" for i in range(5)}
    assert all(first.notes.has(lang) for lang in ("en", "fr", "it"))
    history = glossary_history(glossary)
    assert history.latest is first and len(history.diffs) == 1


def test_a_snapshot_reads_back_as_written_and_is_reproducible(glossary, tmp_path):
    snapshot = snapshot_of(glossary, "2026.1")
    assert snapshot_bytes(snapshot) == snapshot_bytes(snapshot_of(glossary, "2026.1"))   # no timestamp, sorted
    (tmp_path / "releases").mkdir()
    (tmp_path / "releases" / "2026.1.json.gz").write_bytes(snapshot_bytes(snapshot))
    assert read_snapshot(tmp_path, glossary.releases[0]) == snapshot


def test_a_snapshot_keeps_texts_only_and_is_small(glossary):
    snapshot = read_snapshot(glossary.root, glossary.releases[0])
    assert snapshot.entries["4.2.4.b"].field("label")["fr"] == "Progression"
    raw = json.dumps(snapshot.to_json())
    assert "\"given\":" not in raw and "\"sources\":" not in raw   # no scenarios, no sources lists
    assert glossary.releases[0].snapshot_path(glossary.root).stat().st_size < 100_000


def test_two_releases_with_the_same_version_are_refused(glossary_copy):
    _with_second(glossary_copy, SECOND.replace('"2026.2"', '"2026.1"', 1))
    line = _line(glossary_copy, 'version: "2026.1"', 2)
    first = _line(glossary_copy, 'version: "2026.1"', 1)
    errors = _errors(glossary_copy)
    assert any(f"releases.yaml:{line}: two releases have the version 2026.1 (first at " in e
               and f"releases.yaml:{first})" in e for e in errors), errors


def test_a_release_naming_a_missing_base_is_refused(glossary_copy):
    _with_second(glossary_copy, SECOND.replace("sources: [seed-000]", "sources: [seed-009]"))
    line = _line(glossary_copy, "seed-009")
    errors = _errors(glossary_copy)
    assert any(f"releases.yaml:{line}: unknown source 'seed-009'" in e and "known: seed-000" in e for e in errors), errors


def test_an_unknown_key_is_refused_with_the_allowed_keys(glossary_copy):
    _with_second(glossary_copy, SECOND + "  summary: {en: oops}\n")
    line = _line(glossary_copy, "summary:")
    errors = _errors(glossary_copy)
    assert any(f"releases.yaml:{line}: unknown key 'summary' in a release; allowed keys: version, date, based_on, notes" in e
               for e in errors), errors


@pytest.mark.parametrize("date, message", [
    ("2026-02-30", "'date' of release 2026.2 is '2026-02-30'; write a real date as YYYY-MM-DD"),
    ("01/12/2026", "'date' of release 2026.2 is '01/12/2026'; write a real date"),
    ("2026-11-01", "release 2026.2 is dated 2026-11-01, before the release listed above it (2026.1 of 2026-11-25)"),
    ("2024-01-01", "is based on sources dated 2024-09-14, after it"),
])
def test_bad_dates_are_refused(glossary_copy, date, message):
    _with_second(glossary_copy, SECOND.replace('"2026-12-01"', f'"{date}"'))
    errors = _errors(glossary_copy)
    assert any(message in e and "releases.yaml:" in e for e in errors), errors


def test_a_bad_version_and_a_missing_snapshot_are_refused(glossary_copy):
    _append(glossary_copy, SECOND.replace('"2026.2"', '"2026/2"'))
    _append(glossary_copy, SECOND.replace('"2026.2"', '"2026.3"'))
    errors = _errors(glossary_copy)
    bad, missing = _line(glossary_copy, '"2026/2"'), _line(glossary_copy, '"2026.3"')
    assert any(f"releases.yaml:{bad}: version '2026/2' of a release must be numbers joined by dots" in e for e in errors), errors
    assert any(f"releases.yaml:{missing}: release 2026.3 has no snapshot releases/2026.3.json.gz" in e for e in errors), errors


def test_a_corrupt_snapshot_names_its_file(glossary_copy):
    (glossary_copy / "releases" / "2026.1.json.gz").write_bytes(b"not gzip")
    # The loader (and so lint) reads every snapshot: the error names it (issue 23).
    assert any("releases/2026.1.json.gz: release snapshot: not a gzip JSON file" in e for e in _errors(glossary_copy))


def _git(folder: Path, *args: str) -> str:
    return subprocess.run(["git", *args], cwd=folder, capture_output=True, text=True, check=True).stdout


@pytest.fixture
def git_glossary(glossary_copy: Path) -> Path:
    """The glossary copy in a throw-away git repository, committed."""
    repo = glossary_copy.parent
    _git(repo, "init", "-q")
    _git(repo, "config", "user.email", "test@example.invalid")
    _git(repo, "config", "user.name", "Test")
    _git(repo, "add", ".")
    _git(repo, "commit", "-q", "-m", "fixture glossary")
    return glossary_copy


def test_release_records_snapshot_and_tags_in_git(git_glossary):
    dusk = git_glossary / "rules" / "4" / "4.2.4.yaml"
    dusk.write_text(dusk.read_text(encoding="utf-8").replace("There is one daily effect during dusk.",
                                                            "There is exactly one daily effect during dusk."), encoding="utf-8")
    _git(git_glossary.parent, "commit", "-q", "-am", "fixture edit")
    # The English edit leaves 4.2.4.a's translations stale: recorded as they are (--allow-stale).
    done = record_release(git_glossary, "2026.2", "2026-12-01", {"en": "Fixture: one word more in 4.2.4.a."}, allow_stale=True)
    assert any("tagged release-2026.2" in line for line in done), done
    assert _git(git_glossary.parent, "tag", "--list").split() == ["release-2026.2"]
    committed = _git(git_glossary.parent, "show", "--name-only", "--format=%s", "release-2026.2^{commit}").split("\n")
    assert committed[0] == "Release 2026.2 of the glossary (2026-12-01)"
    assert {"glossary/releases.yaml", "glossary/releases/2026.2.json.gz"} <= set(committed)
    glossary = load_glossary(git_glossary)
    assert [r.version for r in glossary.releases] == ["2026.1", "2026.2"]
    assert glossary.releases[1].based_on == glossary.releases[0].based_on   # inherited from the latest release
    assert not glossary_history(glossary).unreleased


def test_release_refuses_stale_translations_naming_each_unless_allowed(glossary_copy: Path, capsys):
    """An English text edited after its translations: `release` says which translations lag, and
    records nothing, unless --allow-stale records them as they are, naming each again (issue 41)."""
    dusk = glossary_copy / "rules" / "4" / "4.2.4.yaml"
    text = dusk.read_text(encoding="utf-8")
    line = text[:text.index("- id: 4.2.4.a\n")].count("\n") + 1   # where the lint places the paragraph
    dusk.write_text(text.replace("There is one daily effect during dusk.", "There is exactly one daily effect during dusk."),
                    encoding="utf-8")
    before = (glossary_copy / RELEASES).read_text(encoding="utf-8")
    command = ["release", "2026.2", "--notes", "x", "--no-git", "--glossary", str(glossary_copy)]
    assert main(command) == 1
    err = capsys.readouterr().err
    assert "release: 2 translation(s) are stale, made from an older English text" in err and "--allow-stale" in err
    for language in ("fr", "it"):
        assert f"  {dusk}:{line}: 4.2.4.a: the {language} text was translated from an older English text" in err
    assert (glossary_copy / RELEASES).read_text(encoding="utf-8") == before
    assert not (glossary_copy / "releases" / "2026.2.json.gz").exists()
    assert main([*command, "--allow-stale"]) == 0
    out = capsys.readouterr().out
    assert "release: recorded with 2 stale translation(s) (--allow-stale):" in out
    assert f"release:   stale: {dusk}:{line}: 4.2.4.a: the fr text was translated" in out
    assert [r.version for r in load_glossary(glossary_copy).releases] == ["2026.1", "2026.2"]


def test_release_refuses_uncommitted_edits_and_changes_nothing(git_glossary):
    (git_glossary / "terms" / "gift.yaml").write_text(
        (git_glossary / "terms" / "gift.yaml").read_text(encoding="utf-8").replace("Grants", "Gives"), encoding="utf-8")
    before = (git_glossary / RELEASES).read_text(encoding="utf-8")
    with pytest.raises(ReleaseError, match="uncommitted changes"):
        record_release(git_glossary, "2026.2", "2026-12-01", {"en": "x"}, allow_stale=True)
    assert (git_glossary / RELEASES).read_text(encoding="utf-8") == before
    assert not (git_glossary / "releases" / "2026.2.json.gz").exists()
    assert _git(git_glossary.parent, "tag", "--list") == ""


@pytest.mark.parametrize("version, date, message", [
    ("2026.1", "2026-12-01", "already recorded"),
    ("2026.2", "2026-11-01", "before the latest release"),
    ("2026 2", "2026-12-01", "must be numbers joined by dots"),
    ("2026.2", "2026-13-01", "not a date"),
])
def test_release_refuses_bad_input(glossary_copy, version, date, message, capsys):
    code = main(["release", version, "--date", date, "--notes", "x", "--no-git", "--glossary", str(glossary_copy)])
    assert code == 1
    assert message in capsys.readouterr().err
    assert not (glossary_copy / "releases" / f"{version}.json.gz").exists() or version == "2026.1"


def test_more_releases_than_the_limit_are_refused_with_file_and_line(glossary_copy, monkeypatch):
    from altered_rules.content.glossary import releases

    monkeypatch.setattr(releases, "MAX_RELEASES", 1)
    _with_second(glossary_copy)
    errors = _errors(glossary_copy)
    assert any("releases.yaml:3: releases.yaml lists 2 releases; at most 1 are allowed" in e for e in errors), errors


def test_a_glossary_without_releases_builds_pages_that_say_so(glossary_copy):
    from altered_rules.pages.versions import citation_script, site_label, version_pages, versioned_pages

    (glossary_copy / RELEASES).unlink()
    shutil.rmtree(glossary_copy / "releases")
    glossary = load_glossary(glossary_copy)
    history = glossary_history(glossary)
    assert glossary.releases == [] and history.latest is None and not history.unreleased
    assert version_pages(glossary, history, "fr") == [] and versioned_pages(glossary, history, "fr", "") == {}
    label = site_label(history, "it", lambda key, **values: key)
    assert label.text == "release_none" and label.href == "" and label.version is None
    assert '"version": null' in citation_script(label, "it")


def test_release_notes_in_each_translation_by_the_generic_option_or_the_documented_flag(glossary_copy, capsys):
    """`--notes-in LANGUAGE TEXT` (from altered_rules.languages) and the documented `--notes-fr`."""
    # No --date: today's, the only date the command takes after the last release (never a future one).
    code = main(["release", "2026.2", "--notes", "x", "--notes-fr", "Les notes",
                 "--notes-in", "it", "Le note", "--no-git", "--glossary", str(glossary_copy)])
    assert code == 0, capsys.readouterr().err
    recorded = (glossary_copy / RELEASES).read_text(encoding="utf-8").split("2026.2")[1]
    assert 'notes: {en: "x", fr: "Les notes", it: "Le note"}' in recorded


def test_release_notes_in_a_language_that_is_not_a_translation_are_refused(glossary_copy, capsys):
    code = main(["release", "2026.2", "--notes", "x", "--notes-in", "xx", "y",
                 "--no-git", "--glossary", str(glossary_copy)])
    assert code == 1
    assert "--notes-in xx: not a translation; languages: fr, it" in capsys.readouterr().err
    assert not (glossary_copy / "releases" / "2026.2.json.gz").exists()
