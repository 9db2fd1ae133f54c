"""`altered-rules verify --format plain|github|json` (issue 41): a failing scenario reaches the pull
request on its own YAML line, the summary names every failing case, and a run where nothing ran
says so rather than "0 passed, 1 failed"."""

from __future__ import annotations

import json
import shlex
from pathlib import Path

import pytest
import yaml

from altered_rules.cli.main import main

from edits import replace_once
from project_paths import PROJECT

NAME = "A greater positive statistic in a type of its region moves the expedition forward"
HEAD = f"4.2.4.b illustration '{NAME}'"


def _wrong_then(glossary_copy: Path) -> int:
    """4.2.4.b's scenario expects region 3 instead of 2: the line of that value in the copy."""
    return replace_once(glossary_copy / "rules/4/4.2.4.yaml",
                        "    then:\n      Alice.hero.region: 2\n      Alice.hero.moved_forward: true",
                        "    then:\n      Alice.hero.region: 3\n      Alice.hero.moved_forward: true") + 1


def _unreadable(glossary_copy: Path) -> None:
    replace_once(glossary_copy / "rules/2/2.1.yaml", "\nsources: [seed-002]\nparagraphs:", "\nsourcez: [seed-002]\nparagraphs:")


def test_a_wrong_then_is_an_annotation_on_the_line_of_the_value(glossary_copy: Path, monkeypatch, capsys):
    line = _wrong_then(glossary_copy)
    monkeypatch.chdir(glossary_copy.parent)
    assert main(["verify", "--glossary", "glossary", "--format", "github"]) == 1
    out = capsys.readouterr().out.splitlines()
    assert line == 77
    assert out[0] == (f"::error file=glossary/rules/4/4.2.4.yaml,line=77::{HEAD} does not reach its documented "
                      "outcome: Alice.hero.region: expected 3, actual 2")
    # No PASS line in the log of a pull request: the failure, its name, the count.
    assert out[1:] == ["1 scenario(s) did not pass:", f"  FAILED glossary/rules/4/4.2.4.yaml:61: {HEAD}",
                       f"{_count(glossary_copy) - 1} passed, 1 failed"]


def _count(glossary_copy: Path) -> int:
    from altered_rules.content.glossary import load_glossary
    from altered_rules.verification.checks import collect_checks

    return len(collect_checks(load_glossary(glossary_copy))[0])


def test_a_scenario_that_cannot_run_is_an_annotation_on_its_line(glossary_copy: Path, monkeypatch, capsys):
    line = replace_once(glossary_copy / "rules/4/4.2.4.yaml", "      Alice.hero.moved_forward: true\n      Bob.hero.region: 0",
                        "      Alice.hero.moved_froward: true\n      Bob.hero.region: 0")
    monkeypatch.chdir(glossary_copy.parent)
    assert main(["verify", "--glossary", "glossary", "--format", "github"]) == 1
    out = capsys.readouterr().out.splitlines()
    assert out[0].startswith(f"::error file=glossary/rules/4/4.2.4.yaml,line={line}::{HEAD} cannot be run: "
                             "Alice.hero.moved_froward: unknown path (did you mean 'Alice.hero.moved_forward'?)")
    assert f"  ERROR  glossary/rules/4/4.2.4.yaml:61: {HEAD}" in out


def test_the_plain_summary_names_every_failing_case_above_the_count(glossary_copy: Path, monkeypatch, capsys):
    _wrong_then(glossary_copy)
    replace_once(glossary_copy / "rules/1/1.1.4.yaml", "      legal: true\n", "      legal: false\n")
    monkeypatch.chdir(glossary_copy.parent)
    assert main(["verify", "--glossary", "glossary"]) == 1
    out = capsys.readouterr().out.splitlines()
    assert out[-4] == "2 scenario(s) did not pass:"
    assert out[-3].startswith("  FAILED glossary/rules/1/1.1.4.yaml:") and out[-2] == f"  FAILED glossary/rules/4/4.2.4.yaml:61: {HEAD}"
    assert out[-1].endswith(" passed, 2 failed")


def test_json_gives_every_scenario_and_where_each_problem_is(glossary_copy: Path, monkeypatch, capsys):
    _wrong_then(glossary_copy)
    monkeypatch.chdir(glossary_copy.parent)
    assert main(["verify", "--glossary", "glossary", "--format", "json"]) == 1
    captured = capsys.readouterr()
    data = json.loads(captured.out)
    assert (data["ran"], data["failed"], data["passed"]) == (True, 1, len(data["scenarios"]) - 1)
    (failed,) = [case for case in data["scenarios"] if case["status"] != "passed"]
    assert (failed["file"], failed["line"], failed["label"], failed["status"]) == ("glossary/rules/4/4.2.4.yaml", 61, HEAD, "failed")
    assert [(p["file"], p["line"]) for p in failed["problems"]] == [("glossary/rules/4/4.2.4.yaml", 77)]
    assert captured.err.splitlines()[-1] == f"{data['passed']} passed, 1 failed"


@pytest.mark.parametrize("form", ["plain", "github", "json"])
def test_a_glossary_that_cannot_be_read_runs_nothing_and_says_so(glossary_copy: Path, monkeypatch, capsys, form: str):
    _unreadable(glossary_copy)
    monkeypatch.chdir(glossary_copy.parent)
    assert main(["verify", "--glossary", "glossary", "--format", form]) == 1
    captured = capsys.readouterr()
    said = captured.out + captured.err
    assert "0 passed" not in said and "verify: nothing ran: the glossary folder glossary has" in said
    where = "glossary/rules/2/2.1.yaml"
    if form == "github":
        assert f"::error file={where},line=8::unknown key 'sourcez' in a section" in captured.out
    elif form == "json":
        data = json.loads(captured.out)
        assert data["ran"] is False and data["scenarios"] == [] and (data["problems"][0]["file"], data["problems"][0]["line"]) == (where, 8)
    else:
        assert f"{where}:8: unknown key 'sourcez'" in captured.err


def _wrong_on_purpose(path: Path, name: str) -> Path:
    """A scenario file whose `then:` (line 10) expects region 1 where the engine gives 0."""
    path.write_text(f"- name: {name}\n  given:\n    players: [Alice, Bob]\n    Alice:\n"
                    "      hero: {region: 0, characters: [\"Ordis Recruit 2/0/0 Soldier\"]}\n    Bob:\n"
                    "      hero: {region: 0, characters: [\"Kelon Elemental 2/0/0\"]}\n  when: dusk\n"
                    "  then:\n    Alice.hero.region: 1\n", encoding="utf-8")
    return path


def test_scenario_files_in_github_format(tmp_path: Path, capsys):
    path = _wrong_on_purpose(tmp_path / "mine.yaml", "Wrong on purpose")
    assert main(["verify", str(path), "--format", "github"]) == 1
    out = capsys.readouterr().out.splitlines()
    shown = str(path).replace(":", "%3A").replace(",", "%2C")
    assert out[0] == (f"::error file={shown},line=10::'Wrong on purpose' does not reach its documented outcome: "
                      "Alice.hero.region: expected 1, actual 0")
    assert out[-1] == "0 passed, 1 failed"
    empty = tmp_path / "empty"
    empty.mkdir()
    assert main(["verify", str(empty), "--format", "github"]) == 1
    assert capsys.readouterr().out.splitlines() == [f"verify: nothing ran: no scenario files found in {empty}"]


def test_the_annotation_text_is_escaped_as_github_reads_it(tmp_path: Path, capsys):
    # A scenario's name is the editors' text: a CR, LF or % in it cannot end the command or forge another.
    path = _wrong_on_purpose(tmp_path / "a,b.yaml", '"100% wrong\\n::error file=x::forged"')
    main(["verify", str(path), "--format", "github"])
    out = capsys.readouterr().out.splitlines()
    assert "a%2Cb.yaml,line=10::'100%25 wrong%0A::error file=x::forged'" in out[0]
    # The summary names it on one line too: no line of the log but the annotation starts a command.
    assert [line for line in out if line.startswith("::")] == [out[0]] and len(out) == 4, out


def test_the_pull_request_workflow_annotates_a_wrong_then(glossary_copy: Path, monkeypatch, capsys):
    """The lint job runs the lint and the verification, both in GitHub's format, the verification
    even when the lint fails: each `altered-rules` step of the job, run here, puts the failure of
    a scenario whose `then:` is wrong on its line."""
    workflow = yaml.safe_load((PROJECT / ".github/workflows/test.yml").read_text(encoding="utf-8"))
    steps = [step for step in workflow["jobs"]["lint"]["steps"] if step.get("run", "").startswith("altered-rules ")]
    commands = [shlex.split(step["run"]) for step in steps]
    assert [command[:2] for command in commands] == [["altered-rules", "lint"], ["altered-rules", "verify"]]
    assert all(command[-2:] == ["--format", "github"] for command in commands)
    assert steps[1].get("if") == "success() || failure()"
    _wrong_then(glossary_copy)
    monkeypatch.chdir(glossary_copy.parent)
    codes = [main(command[1:]) for command in commands]
    out = capsys.readouterr().out
    assert codes[1] == 1
    assert f"::error file=glossary/rules/4/4.2.4.yaml,line=77::{HEAD} does not reach" in out
