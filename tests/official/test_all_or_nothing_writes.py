"""An import, and `renumber`, write the glossary and the hand-written pages (docs/<language>/*.md)
in one all-or-nothing step (content/writing.replace_all): a write that fails part way, on any
file, leaves every file byte for byte as it was, glossary and pages alike (issue 37). On the
invented game Lanternfall (base_glossary.py) and on a copy of the project's glossary."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from altered_rules.cli.main import main
from altered_rules.content import writing
from altered_rules.official.importing import ImportFailure, run_import

from project_paths import GLOSSARY

from .test_pages import PAGE, _imported
from .test_pinned import V2


def _files(folder: Path) -> dict[Path, bytes]:
    return {p: p.read_bytes() for p in sorted(folder.rglob("*")) if p.is_file()}


def _folders(folder: Path) -> list[Path]:
    return sorted(p for p in folder.rglob("*") if p.is_dir())


def _failing(monkeypatch, name: str, nth: int) -> list[int]:
    """writing.<name> (write_text, or Path.replace) raising on its `nth` call, once."""
    calls = [0]
    if name == "replace":
        real = Path.replace

        def replace(self, target):
            calls[0] += 1
            if calls[0] == nth:
                raise OSError(28, "No space left on device")
            return real(self, target)

        monkeypatch.setattr(Path, "replace", replace)
        return calls
    real_write = writing.write_text

    def write_text(path, root, text):
        calls[0] += 1
        if calls[0] == nth:
            raise OSError(28, "No space left on device")
        return real_write(path, root, text)

    monkeypatch.setattr(writing, "write_text", write_text)
    return calls


def _count_writes(tmp_path, name):
    """How many calls of `name` a successful import makes (the files it writes)."""
    root, page = _imported(tmp_path / "count")
    patch = pytest.MonkeyPatch()
    try:
        calls = _failing(patch, name, 10**9)
        outcome = run_import(V2, "lf-2.0", root, write=True)
    finally:
        patch.undo()
    assert str(page.resolve()) in outcome.written and page.read_text(encoding="utf-8") != PAGE
    return calls[0]


@pytest.mark.parametrize("name", ["write_text", "replace"])
def test_an_import_failing_on_any_file_changes_no_file(tmp_path, monkeypatch, name):
    total = _count_writes(tmp_path, name)
    assert total > 5   # the sections, terms, sources, the page, the review file
    for nth in sorted({1, 2, total // 2, total - 1, total}):
        root, page = _imported(tmp_path / f"{name}-{nth}")
        project = root.parent
        before, folders = _files(project), _folders(project)
        patch = pytest.MonkeyPatch()
        try:
            _failing(patch, name, nth)
            with pytest.raises(ImportFailure, match="every file was put back, nothing was changed"):
                run_import(V2, "lf-2.0", root, write=True)
        finally:
            patch.undo()
        assert _files(project) == before, f"a file changed when write {nth} of {total} failed"
        assert _folders(project) == folders, f"a folder was left when write {nth} of {total} failed"
        assert page.read_text(encoding="utf-8") == PAGE


@pytest.fixture
def project(tmp_path):
    shutil.copytree(GLOSSARY, tmp_path / "glossary")
    page = tmp_path / "docs" / "en" / "guide.md"
    page.parent.mkdir(parents=True)
    page.write_text("Ties (4.2.4.c, then 4.2.4.d).\n", encoding="utf-8")
    (tmp_path / "docs" / "fr").mkdir()
    (tmp_path / "docs" / "fr" / "guide.md").write_text("Égalités (4.2.4.c).\n", encoding="utf-8")
    return tmp_path


@pytest.mark.parametrize("nth", [1, 2])
def test_renumber_failing_on_a_page_puts_the_glossary_back(project, monkeypatch, capsys, nth):
    before = _files(project)
    # the glossary's files are written by renumber itself; the pages by replace_all (writing.write_text)
    _failing(monkeypatch, "write_text", nth)
    assert main(["renumber", "--shift", "4.2.4.c", "--glossary", str(project / "glossary")]) == 1
    assert "every file was put back, nothing was changed" in capsys.readouterr().err
    assert _files(project) == before


def test_renumber_failing_on_a_glossary_file_puts_back_those_written(project, monkeypatch, capsys):
    from altered_rules.cli import renumber_cli

    before = _files(project)
    real, calls = renumber_cli.write_text, [0]

    def write_text(path, root, text):
        calls[0] += 1
        if calls[0] == 3:
            raise OSError(28, "No space left on device")
        return real(path, root, text)

    monkeypatch.setattr(renumber_cli, "write_text", write_text)
    assert main(["renumber", "--shift", "4.2.4.c", "--glossary", str(project / "glossary")]) == 1
    assert "every file was put back, nothing was changed" in capsys.readouterr().err
    assert _files(project) == before
