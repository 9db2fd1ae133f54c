"""Issue 36 (F-20, F-9 in docs/): the build refuses a hand-written page that holds script, and a
file of docs/ that is a link out of the repository, with its file (and line), and publishes
neither. The lint's checks of the same are in tests/glossary/test_hardening_round3.py and
test_contributed_files.py; here the build itself, as `mkdocs build --strict` runs it."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from altered_rules.build_site import mkdocs_build
from altered_rules.verification.synth import synthesize

from project_paths import GLOSSARY, PROJECT

SECRET = "sk-live-1234567890"


@pytest.fixture(scope="module")
def project(tmp_path_factory) -> Path:
    folder = tmp_path_factory.mktemp("hand-written")
    synthesize(GLOSSARY, folder, 1, project=PROJECT, force=True)
    return folder


def _build_fr(project: Path, site: Path) -> int:
    env = {**os.environ, "NO_MKDOCS_2_WARNING": "1", "SOURCE_DATE_EPOCH": "1700000000"}
    return mkdocs_build(["build", "--strict", "-q", "-f", str(project / "mkdocs.fr.yml"), "-d", str(site)], project, env)


def _published(site: Path, text: str) -> list[Path]:
    return [p for p in site.rglob("*") if p.is_file() and text.encode() in p.read_bytes()] if site.exists() else []


def test_the_build_refuses_a_page_with_script(project, tmp_path, capfd):
    page = project / "docs" / "fr" / "index.md"
    kept = page.read_text(encoding="utf-8")
    line = kept.count("\n") + 2
    page.write_text(kept + '\n<script>alert("docs-fr")</script>\n', encoding="utf-8")
    try:
        assert _build_fr(project, tmp_path / "site") != 0
    finally:
        page.write_text(kept, encoding="utf-8")
    out, err = capfd.readouterr()
    assert f"docs/fr/index.md:{line}: the HTML tag <script> is not allowed" in out + err
    assert _published(tmp_path / "site", 'alert("docs-fr")') == []


def test_the_build_refuses_a_linked_file_in_docs(project, tmp_path, capfd):
    outside = tmp_path / "outside.md"
    outside.write_text(f"# Fuite\n\n{SECRET}\n", encoding="utf-8")
    link = project / "docs" / "fr" / "leak.md"
    link.symlink_to(outside)
    try:
        assert _build_fr(project, tmp_path / "site") != 0
    finally:
        link.unlink()
    out, err = capfd.readouterr()
    assert "docs/fr/leak.md: it is a symbolic link" in out + err and SECRET not in out + err
    assert _published(tmp_path / "site", SECRET) == []
