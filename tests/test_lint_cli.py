"""The command line as an editor uses it: exit codes and messages, never a traceback."""

from __future__ import annotations

import shutil
from pathlib import Path

from altered_rules.cli.main import main

from edits import replace_once
from project_paths import GLOSSARY


def test_lint_passes_on_the_real_glossary(capsys):
    assert main(["lint", "--glossary", str(GLOSSARY)]) == 0
    assert "205 paragraphs, 0 problem(s)" in capsys.readouterr().out


def test_lint_reports_a_schema_error_with_file_and_line(glossary_copy: Path, capsys):
    path = glossary_copy / "rules/4/4.3.yaml"
    path.write_text(path.read_text(encoding="utf-8").replace("  text:\n", "  txet:\n", 1), encoding="utf-8")
    assert main(["lint", "--glossary", str(glossary_copy)]) == 1
    err = capsys.readouterr().err
    assert "rules/4/4.3.yaml:" in err and "unknown key 'txet'" in err and "Traceback" not in err


def test_lint_finds_a_scraping_defect_put_back(glossary_copy: Path, capsys):
    path = glossary_copy / "rules/7/7.3.22.yaml"
    path.write_text(path.read_text(encoding="utf-8").replace("neither leaves nor joins", "neither leaves not joins"), encoding="utf-8")
    assert main(["lint", "--glossary", str(glossary_copy)]) == 1
    err = capsys.readouterr().err
    assert "7.3.22.b" in err and "known scraping defect" in err


def test_lint_wants_a_gap_where_a_list_is_lost(glossary_copy: Path, capsys):
    path = glossary_copy / "rules/4/4.2.4.yaml"
    text = path.read_text(encoding="utf-8")
    start = text.index("  gap:\n    en: The three conditions")
    end = text.index("\n  sources:", start) + 1   # the gap in every language
    path.write_text(text[:start] + text[end:], encoding="utf-8")
    assert main(["lint", "--glossary", str(glossary_copy)]) == 1
    assert "4.2.4.h" in capsys.readouterr().err


def test_lint_on_a_missing_folder_says_so(tmp_path: Path, capsys):
    assert main(["lint", "--glossary", str(tmp_path / "nowhere")]) == 1
    assert "glossary folder not found" in capsys.readouterr().err


def test_lint_finds_a_correction_whose_new_text_is_gone(glossary_copy: Path, capsys):
    # 2.2.10.a records the typo "Abilitys" -> "Abilities"; once the sentence no longer says
    # "Abilities", the correction describes a text that is not there.
    replace_once(glossary_copy / "rules/2/2.2.10.yaml", "    en: Abilities are either", "    en: Powers are either")
    assert main(["lint", "--glossary", str(glossary_copy)]) == 1
    err = capsys.readouterr().err
    assert "2.2.10.a" in err and "correction 'Abilitys' -> 'Abilities' does not match the text any more" in err
