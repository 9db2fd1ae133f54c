"""`altered-rules synth`: a synthetic glossary N times the size of the real one, for benchmarks.
It must load, lint clean and verify, with N times the paragraphs and scenarios, and build."""

from __future__ import annotations

import filecmp
import os
from pathlib import Path

import pytest

from altered_rules.build_site import mkdocs_build
from altered_rules.cli.main import main
from altered_rules.content.glossary import load_glossary
from altered_rules.content.lint import lint_glossary
from altered_rules.verification.synth import SynthError, synthesize
from altered_rules.verification.checks import verify_glossary

from project_paths import GLOSSARY, PROJECT

FACTOR = 3


@pytest.fixture(scope="module")
def synthetic(tmp_path_factory) -> Path:
    out = tmp_path_factory.mktemp("synth")
    synthesize(GLOSSARY, out, FACTOR, project=PROJECT)
    return out


@pytest.fixture(scope="module")
def loaded(synthetic):
    return load_glossary(synthetic / "glossary")


def test_it_has_n_times_every_kind_of_entry(glossary, loaded):
    assert len(loaded.paragraphs) == FACTOR * len(glossary.paragraphs)
    assert len(loaded.sections) == FACTOR * len(glossary.sections)
    for kind in ("terms", "modes", "rulings"):
        assert len(getattr(loaded, kind)) == FACTOR * len(getattr(glossary, kind)), kind
    notes = lambda g: sum(len(p.notes) for p in g.paragraphs.values())  # noqa: E731
    assert notes(loaded) == FACTOR * notes(glossary)
    assert sum(len(v) for v in loaded.cited_by.values()) == FACTOR * sum(len(v) for v in glossary.cited_by.values())


def test_copies_are_renumbered_and_keep_their_translations(glossary, loaded):
    original, copy = glossary.paragraphs["4.2.4.c"], loaded.paragraphs["4.22.4.c"]
    assert copy.text.by_language.keys() == original.text.by_language.keys() == {"en", "fr", "it"}
    assert "4.22.4" in loaded.sections and "4.2.4" in loaded.sections
    # A reference in copy 2's text points into copy 2: 2.1.c says "see Rule 2.1.e".
    assert "2.11.e" in loaded.paragraphs["2.11.c"].text.en and "2.11.c" in loaded.cited_by["2.11.e"]
    assert "2.1.c" in loaded.cited_by["2.1.e"] and "2.11.c" not in loaded.cited_by["2.1.e"]
    assert {t.id for t in loaded.terms} >= {f"{t.id}-x2" for t in glossary.terms}


def test_the_first_copy_is_the_real_glossary_file_for_file(synthetic):
    comparison = filecmp.dircmp(GLOSSARY / "rules", synthetic / "glossary" / "rules")
    assert not comparison.left_only
    for folder in comparison.common_dirs:
        sub = comparison.subdirs[folder]
        assert not sub.left_only and not sub.diff_files, (folder, sub.diff_files)


def test_it_lints_clean(loaded):
    assert lint_glossary(loaded) == []


def test_renumbered_copies_keep_their_translations_current(loaded):
    """A copy renumbers its English and its translations alike: none becomes stale (issue 18)."""
    from altered_rules.content.translations import stale_problems
    assert stale_problems(loaded) == ([], [])


def test_it_verifies_with_n_times_the_scenarios(glossary, loaded):
    verification = verify_glossary(loaded)
    assert [c.failure() for c in verification.failures] == []
    assert len(verification.checks) == FACTOR * len(verify_glossary(glossary).checks)


def test_its_english_site_builds(synthetic, tmp_path):
    # In this process, as build_site builds each language (mkdocs_build): a new process would
    # import MkDocs and verify the unchanged scenarios again, about half of this build.
    env = {**os.environ, "NO_MKDOCS_2_WARNING": "1"}
    code = mkdocs_build(["build", "--strict", "-q", "-f", "mkdocs.yml", "-d", str(tmp_path / "en")], synthetic, env)
    assert code == 0, "the build failed: its messages are in the captured output below"
    assert 'id="4.22.4.c"' in (tmp_path / "en/rules/chapter-4/index.html").read_text(encoding="utf-8")


def test_the_command_line(tmp_path, capsys):
    out = tmp_path / "out"
    assert main(["synth", "--factor", "2", "--out", str(out), "--glossary", str(GLOSSARY)]) == 0
    assert "2 copies" in capsys.readouterr().out
    assert main(["synth", "--factor", "2", "--out", str(out), "--glossary", str(GLOSSARY)]) == 1
    assert "--force" in capsys.readouterr().err
    assert main(["synth", "--factor", "2", "--out", str(out), "--glossary", str(GLOSSARY), "--force"]) == 0
    assert main(["synth", "--factor", "40", "--out", str(out), "--glossary", str(GLOSSARY), "--force"]) == 1
    assert "too large" in capsys.readouterr().err


def test_it_refuses_to_overwrite_its_own_input(tmp_path):
    with pytest.raises(SynthError):
        synthesize(GLOSSARY, GLOSSARY.parent, 2)
