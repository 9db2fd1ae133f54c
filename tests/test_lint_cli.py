"""The command line as an editor uses it: exit codes and messages, never a traceback."""

from __future__ import annotations

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


# --format github|json (issue 28): a pull request shows each problem on its YAML line.

def _break_a_reference(glossary_copy: Path) -> None:
    replace_once(glossary_copy / "rules/2/2.1.yaml", "(see Rule 2.1.e).", "(see Rule 2.1.q).")


def test_lint_github_format_puts_a_broken_reference_on_its_line(glossary_copy: Path, monkeypatch, capsys):
    _break_a_reference(glossary_copy)
    # From the folder above the copy, as CI runs from the repository's root: paths are relative.
    monkeypatch.chdir(glossary_copy.parent)
    assert main(["lint", "--glossary", "glossary", "--format", "github"]) == 1
    out = capsys.readouterr().out.splitlines()
    # The English text that cites 2.1.e starts on line 63 of 2.1.yaml (`    en: Objects never change zones...`).
    assert out[0] == ("::error file=glossary/rules/2/2.1.yaml,line=63::reference to rule 2.1.q, which does not "
                      "exist in the glossary; rules nearby: 2.1.a, 2.1.b, 2.1.c, 2.1.d, 2.1.e, 2.1.f, 2.1.g, 2.1.h")
    assert out[-1] == "lint: 1 error(s) in glossary"


def test_lint_github_format_reports_editorial_problems_and_stale_translations(glossary_copy: Path, monkeypatch, capsys):
    path = glossary_copy / "rules/7/7.3.22.yaml"
    path.write_text(path.read_text(encoding="utf-8").replace("neither leaves nor joins", "neither leaves not joins"), encoding="utf-8")
    monkeypatch.chdir(glossary_copy.parent)
    assert main(["lint", "--glossary", "glossary", "--format", "github"]) == 1
    out = capsys.readouterr().out.splitlines()
    assert out[0] == ("::error file=glossary/rules/7/7.3.22.yaml,line=39::7.3.22.b: known scraping defect "
                      "/neither leaves not joins/ in the text; write neither leaves nor joins")
    # The English changed, so its translations are stale: listed as warnings, not errors.
    assert out[1].startswith("::warning file=glossary/rules/7/7.3.22.yaml,line=39::7.3.22.b: the fr text was translated")


def test_lint_json_format_lists_file_line_and_message(glossary_copy: Path, monkeypatch, capsys):
    import json

    _break_a_reference(glossary_copy)
    monkeypatch.chdir(glossary_copy.parent)
    assert main(["lint", "--glossary", "glossary", "--format", "json"]) == 1
    findings = json.loads(capsys.readouterr().out)
    assert [(item["file"], item["line"], item["severity"]) for item in findings] == [("glossary/rules/2/2.1.yaml", 63, "error")]
    assert findings[0]["message"].startswith("reference to rule 2.1.q, which does not exist")


def test_lint_json_format_on_the_real_glossary_is_an_empty_list(capsys):
    import json

    assert main(["lint", "--glossary", str(GLOSSARY), "--format", "json"]) == 0
    captured = capsys.readouterr()
    assert json.loads(captured.out) == [] and "0 problem(s)" in captured.err


def test_github_commands_escape_what_would_end_a_property_or_a_line():
    from altered_rules.cli.lint_report import github_command, located

    item = located("glossary/a,b:c.yaml", 7, "100% wrong\r\nsecond line")
    assert github_command(item) == "::error file=glossary/a%2Cb%3Ac.yaml,line=7::100%25 wrong%0D%0Asecond line"


def test_a_problem_without_a_line_or_a_file_stays_whole():
    from altered_rules.cli.lint_report import finding, github_command

    assert github_command(finding("glossary/cards.yaml: missing file")) == "::error file=glossary/cards.yaml::missing file"
    assert github_command(finding("something went wrong: no file")) == "::error::something went wrong: no file"
