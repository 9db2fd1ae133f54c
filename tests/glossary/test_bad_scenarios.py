"""The two kinds of bad glossary file that only running the scenarios finds, each with the
words its error must contain: a scenario whose expectation is wrong (file, line, the rule,
the path, the expected and the actual value) and a scenario that cannot be read (file, line,
what is wrong, what is allowed). `altered-rules verify` and the site build say the same."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from altered_rules.cli.main import main
from altered_rules.verification.synth import synthesize

from edits import replace_in_paragraph
from project_paths import GLOSSARY, PROJECT

DUSK = Path("rules/4/4.2.4.yaml")


def _break(root: Path, paragraph: str, old: str, new: str) -> int:
    """Replace `old` by `new` once, inside `paragraph` of 4.2.4; the line of the change."""
    return replace_in_paragraph(root / DUSK, paragraph, old, new)


def _verify(root: Path, capsys) -> str:
    assert main(["verify", "--glossary", str(root)]) == 1
    out = capsys.readouterr().out
    assert out.rstrip().endswith("1 failed"), out[-500:]
    return "\n".join(line for line in out.splitlines() if not line.startswith("PASS"))


def test_a_wrong_expectation_names_the_file_line_rule_path_and_both_values(glossary_copy, capsys):
    line = _break(glossary_copy, "4.2.4.c", "      Bob.hero.region: 0\n", "      Bob.hero.region: 1\n")
    out = _verify(glossary_copy, capsys)
    assert out.startswith("FAIL  ") and f"{DUSK}:" in out and "4.2.4.c illustration" in out
    assert "does not reach its documented outcome" in out
    assert f"Bob.hero.region: expected 1, actual 0 (line {line})" in out


def test_a_misspelt_scenario_key_names_the_file_line_and_the_allowed_keys(glossary_copy, capsys):
    line = _break(glossary_copy, "4.2.4.c", "    when: dusk\n", "    wehn: dusk\n")
    out = _verify(glossary_copy, capsys)
    assert out.startswith("ERROR ") and "4.2.4.c illustration" in out and "cannot be run" in out
    assert f"{DUSK}:{line}: unknown key 'wehn' in a scenario" in out
    assert "allowed: name, rules, given, when, then" in out


def test_a_region_out_of_range_names_the_file_line_and_the_regions(glossary_copy, capsys):
    line = _break(glossary_copy, "4.2.4.b", "hero: {region: 1, characters:", "hero: {region: 9, characters:")
    out = _verify(glossary_copy, capsys)
    assert out.startswith("ERROR ") and f"{DUSK}:{line}: region out of range: 9" in out
    assert "regions are 0 (Hero Region) to 7 (Companion Region)" in out


def test_a_card_not_in_cards_yaml_names_the_file_line_and_the_cards_there(glossary_copy, capsys):
    path = next(p for p in sorted((glossary_copy / "rules").rglob("*.yaml")) if "{card: " in p.read_text(encoding="utf-8"))
    text = path.read_text(encoding="utf-8")
    broken = text.replace("{card: ", "{card: Nobody", 1)
    path.write_text(broken, encoding="utf-8")
    line = broken.count("\n", 0, broken.index("{card: Nobody")) + 1
    out = _verify(glossary_copy, capsys)
    assert out.startswith("ERROR ") and f"{path}:{line}: card 'Nobody" in out, out
    assert "is not in glossary/cards.yaml; cards there:" in out


@pytest.mark.parametrize(("old", "new", "words"), [
    ("    when: dusk\n", "    wehn: dusk\n", ["unknown key 'wehn' in a scenario", "allowed: name, rules, given, when, then"]),
])
def test_an_unreadable_scenario_fails_the_site_build_naming_file_line_and_what_is_allowed(tmp_path, old, new, words):
    project = tmp_path / "project"
    synthesize(GLOSSARY, project, 1, project=PROJECT)  # the real glossary, configs and docs
    line = _break(project / "glossary", "4.2.4.c", old, new)
    result = subprocess.run([sys.executable, "-m", "altered_rules.build_site"], cwd=project, capture_output=True, text=True)
    output = result.stdout + result.stderr
    assert result.returncode != 0
    assert f"glossary/{DUSK}:{line}: " + words[0] in output, output[-3000:]
    assert all(word in output for word in words) and "4.2.4.c illustration" in output
    assert "Traceback" not in output
