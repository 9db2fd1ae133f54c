"""Issue 36 (F-9 to F-12): every file the project reads or writes in glossary/, docs/ and the
strings folders is a regular file inside it, checked in one place (content/sourcefiles.py):
no symbolic link at any level, no device, no pipe, refused with the file's name and never read,
so nothing of an outside file is published or quoted, and nothing is written through a link."""

from __future__ import annotations

import os
import shutil
import time
from pathlib import Path

import pytest

from altered_rules.cli.main import main
from altered_rules.content.glossary import GlossaryError, load_glossary
from altered_rules.content.translations import stamp_glossary
from altered_rules.content.yamlsource import SourceError

from guards import failing_lint, no_hang

SECRET = "sk-live-1234567890"
# A valid term (F-9's reproduction), kept outside the glossary: the same as terms/gift.yaml but its texts.
OUTSIDE_TERM = """id: leak
title: {en: "OUTSIDE-SECRET-TITLE", fr: "Fuite", it: "Perdita"}
text:
  en: "api_key=%s citing 7.3.5.a"
  fr: "api_key=%s citant 7.3.5.a"
  it: "api_key=%s che cita 7.3.5.a"
sources: [seed-004]
see: ["7.3.5.a"]
""" % (SECRET, SECRET, SECRET)
CREDENTIALS = "https://maintainer:ghp_ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789@github.com\n"


@pytest.fixture
def outside(glossary_copy: Path) -> Path:
    """Files beside the glossary copy (outside it), as a pull request's links would point to."""
    folder = glossary_copy.parent / "outside"
    folder.mkdir()
    (folder / "outside-secret.yaml").write_text(OUTSIDE_TERM, encoding="utf-8")
    (folder / "git-credentials").write_text(CREDENTIALS, encoding="utf-8")
    return folder


def _snapshot(folder: Path) -> dict[str, bytes]:
    return {p.name: p.read_bytes() for p in folder.iterdir()}


def test_a_linked_term_outside_the_glossary_is_refused_and_never_read(glossary_copy, outside, capsys):
    link = glossary_copy / "terms" / "leak.yaml"
    link.symlink_to(Path("../../outside/outside-secret.yaml"))
    err = failing_lint(glossary_copy, capsys)
    assert "terms/leak.yaml: it is a symbolic link" in err
    assert SECRET not in err and "OUTSIDE-SECRET-TITLE" not in err
    with pytest.raises(GlossaryError) as caught:
        load_glossary(glossary_copy)
    assert SECRET not in str(caught.value)


def test_a_linked_file_is_never_quoted_in_an_error(glossary_copy, outside, capsys):
    (glossary_copy / "terms" / "creds.yaml").symlink_to(outside / "git-credentials")
    err = failing_lint(glossary_copy, capsys)
    assert "terms/creds.yaml: it is a symbolic link" in err
    assert "ghp_" not in err and "maintainer" not in err


@pytest.mark.parametrize("kind", ["folder", "glossary-file", "section"])
def test_every_other_kind_of_link_is_refused(glossary_copy, outside, capsys, kind):
    """Neighbours of F-9: a linked folder inside a glossary folder, a linked file at the glossary's
    top (read by name, not found by a walk), a linked rule file."""
    if kind == "folder":
        shutil.copy(outside / "outside-secret.yaml", outside / "leak.yaml")
        (glossary_copy / "terms" / "more").symlink_to(outside, target_is_directory=True)
        shown = "terms/more: it is a symbolic link"
    elif kind == "glossary-file":
        (outside / "symbols.yaml").write_bytes((glossary_copy / "symbols.yaml").read_bytes())
        (glossary_copy / "symbols.yaml").unlink()
        (glossary_copy / "symbols.yaml").symlink_to(outside / "symbols.yaml")
        shown = "symbols.yaml: it is a symbolic link"
    else:
        section = glossary_copy / "rules" / "4" / "4.2.4.yaml"
        shutil.move(section, outside / "4.2.4.yaml")
        section.symlink_to(outside / "4.2.4.yaml")
        shown = "rules/4/4.2.4.yaml: it is a symbolic link"
    err = failing_lint(glossary_copy, capsys)
    assert shown in err and SECRET not in err


def test_a_dangling_link_or_a_link_to_a_folder_is_named_not_skipped(glossary_copy, capsys):
    """F-11: a term turned into a dangling link vanished without a word."""
    gift = glossary_copy / "terms" / "gift.yaml"
    gift.unlink()
    gift.symlink_to("/nonexistent/gift.yaml")
    (glossary_copy / "modes" / "folder.yaml").symlink_to(glossary_copy / "rules", target_is_directory=True)
    err = failing_lint(glossary_copy, capsys)
    assert "terms/gift.yaml: it is a symbolic link" in err
    assert "modes/folder.yaml: it is a symbolic link" in err


def test_a_pipe_in_the_glossary_is_named_and_never_opened(glossary_copy, capsys):
    """F-11's neighbour: a FIFO named *.yaml was skipped without a word (and would block a reader)."""
    os.mkfifo(glossary_copy / "terms" / "pipe.yaml")
    err = failing_lint(glossary_copy, capsys)
    assert "terms/pipe.yaml: it is a pipe (FIFO)" in err


def _unstamped_term(outside: Path) -> None:
    text = (outside / "outside-secret.yaml").read_text(encoding="utf-8")
    assert "from:" not in text


def test_stamp_never_writes_through_a_link(glossary_copy, outside, capsys):
    """F-10: `i18n stamp` wrote `from:` into the file outside the repository."""
    _unstamped_term(outside)
    (glossary_copy / "terms" / "leak.yaml").symlink_to(outside / "outside-secret.yaml")
    before = _snapshot(outside)
    with pytest.raises(SourceError, match="symbolic link"):
        stamp_glossary(glossary_copy)
    assert main(["i18n", "stamp", "--glossary", str(glossary_copy)]) == 1
    assert "Traceback" not in capsys.readouterr().err
    assert _snapshot(outside) == before


def test_renumber_never_writes_through_a_link(glossary_copy, outside, capsys):
    """F-10: `renumber --shift 7.3.5.a` rewrote the outside file."""
    (glossary_copy / "terms" / "leak.yaml").symlink_to(outside / "outside-secret.yaml")
    before = _snapshot(outside)
    assert main(["renumber", "--shift", "7.3.5.a", "--glossary", str(glossary_copy)]) == 1
    assert "symbolic link" in capsys.readouterr().err
    assert _snapshot(outside) == before
    from altered_rules.cli.renumber_cli import RenumberError, renumber
    (glossary_copy / "terms" / "leak.yaml").unlink()
    # The files renumber writes are refused by themselves too, whatever the glossary's load said.
    (glossary_copy / "terms" / "gift.yaml").rename(outside / "gift.yaml")
    (glossary_copy / "terms" / "gift.yaml").symlink_to(outside / "gift.yaml")
    from altered_rules.cli import renumber_cli
    with pytest.raises(SourceError, match="symbolic link"):
        renumber_cli._yaml_files(glossary_copy)
    before = _snapshot(outside)
    with pytest.raises(RenumberError):
        renumber(glossary_copy, {"7.3.5.a": "7.3.5.z"})
    assert _snapshot(outside) == before


def test_import_and_release_never_write_through_a_link(glossary_copy, outside, tmp_path, capsys):
    """F-10's neighbours: the other commands that write the glossary."""
    (glossary_copy / "terms" / "leak.yaml").symlink_to(outside / "outside-secret.yaml")
    before = _snapshot(outside)
    po = tmp_path / "fr.po"
    po.write_text('msgid ""\nmsgstr ""\n"Language: fr\\n"\n"Content-Type: text/plain; charset=UTF-8\\n"\n\n'
                  'msgctxt "term leak title"\nmsgid "OUTSIDE-SECRET-TITLE"\nmsgstr "Fuite"\n', encoding="utf-8")
    assert main(["i18n", "import", str(po), "--lang", "fr", "--glossary", str(glossary_copy)]) == 1
    assert main(["release", "2099.1", "--glossary", str(glossary_copy), "--no-git", "--notes", "x"]) == 1
    err = capsys.readouterr().err
    assert "Traceback" not in err and SECRET not in err
    assert _snapshot(outside) == before
    assert (glossary_copy / "terms" / "leak.yaml").is_symlink()   # not replaced either


def test_the_one_writer_refuses_a_link_and_a_path_outside(tmp_path):
    from altered_rules.content.sourcefiles import read_bytes, write_text

    root = tmp_path / "root"
    root.mkdir()
    target = tmp_path / "target.yaml"
    target.write_text("before", encoding="utf-8")
    (root / "x.yaml").symlink_to(target)
    (root / "sub").symlink_to(tmp_path, target_is_directory=True)
    for path in (root / "x.yaml", root / "sub" / "target.yaml", root / ".." / "target.yaml", target):
        with pytest.raises(SourceError):
            write_text(path, root, "after")
        with pytest.raises(SourceError):
            read_bytes(path, root)
    assert target.read_text(encoding="utf-8") == "before"
    write_text(root / "new.yaml", root, "made")
    assert read_bytes(root / "new.yaml", root) == b"made"


def test_import_of_a_device_is_refused_at_once(capsys):
    """F-12: `i18n import /dev/zero` read without end (3.7 GB after 8 s)."""
    start = time.perf_counter()
    with no_hang(10):
        assert main(["i18n", "import", "/dev/zero", "--lang", "fr"]) == 1
    assert time.perf_counter() - start < 10
    err = capsys.readouterr().err
    assert "/dev/zero: it is a device; allowed: a regular file" in err and "Traceback" not in err


def test_import_of_a_pipe_is_refused_without_waiting(tmp_path, capsys):
    """F-12's neighbour: a pipe reports size 0 and would be read without a limit (or block)."""
    pipe = tmp_path / "fr.po"
    os.mkfifo(pipe)
    with no_hang(10):
        assert main(["i18n", "import", str(pipe), "--lang", "fr"]) == 1
    assert "it is a pipe (FIFO); allowed: a regular file" in capsys.readouterr().err


def test_a_scenario_file_that_is_a_device_is_refused(capsys):
    """Another unbounded input, for `verify FILE` (held in probe 69): still refused through the one reader."""
    with no_hang(10):
        assert main(["verify", "/dev/zero"]) == 1
    out, err = capsys.readouterr()
    assert "/dev/zero: it is a device; allowed: a regular file" in out and "Traceback" not in out + err


def _docs(glossary_copy: Path, language: str = "fr") -> Path:
    docs = glossary_copy.parent / "docs" / language
    docs.mkdir(parents=True)
    return docs


def test_a_linked_hand_written_page_is_refused_by_the_lint(glossary_copy, outside, capsys):
    """F-9's neighbour in docs/: a page that is a link to a file outside."""
    docs = _docs(glossary_copy)
    (outside / "page.md").write_text(f"# Page\n\n{SECRET}\n", encoding="utf-8")
    (docs / "leak.md").symlink_to(outside / "page.md")
    err = failing_lint(glossary_copy, capsys)
    assert "docs/fr/leak.md: it is a symbolic link" in err and SECRET not in err


def test_a_linked_strings_file_is_refused(tmp_path):
    """F-9's neighbour in the strings folder: a translation's file that is a link."""
    from altered_rules.strings import STRINGS_DIR, read_strings

    folder = tmp_path / "strings"
    shutil.copytree(STRINGS_DIR, folder)
    (tmp_path / "fr.yaml").write_bytes((folder / "fr.yaml").read_bytes())
    (folder / "fr.yaml").unlink()
    (folder / "fr.yaml").symlink_to(tmp_path / "fr.yaml")
    with pytest.raises(SourceError, match="symbolic link"):
        read_strings(folder)
