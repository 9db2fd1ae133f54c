"""The examples of docs/en/scenarios.md run and pass, so the judges' guide never drifts."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

import engine
from altered_rules.content.yamlsource import load_yaml_text

DOC = Path(__file__).resolve().parents[2] / "docs" / "en" / "scenarios.md"


def test_every_scenario_example_in_the_guide_passes(deck_limits) -> None:
    blocks = [b for b in re.findall(r"```yaml\n(.*?)```", DOC.read_text(encoding="utf-8"), re.S) if b.startswith("- name")]
    assert len(blocks) >= 3
    for block in blocks:
        results = engine.run_scenarios(engine.read_scenarios(load_yaml_text(block, "docs/en/scenarios.md")), deck_limits)
        # Each block holds scenarios (one that reads as none would pass the loop below unseen).
        assert results, block
        for result in results:
            assert result.passed, (result.name, [str(d) for d in result.differences], result.error)


def test_every_deck_rule_id_is_documented() -> None:
    text = DOC.read_text(encoding="utf-8")
    ids = [rule for rules in engine.DECK_RULE_IDS.values() for rule in rules]
    assert ids
    for rule in ids:
        # Written as code, so that an id is not found inside a longer id or a word of the prose.
        assert f"`{rule}`" in text, rule


def test_every_ruling_the_engine_cites_has_an_entry_and_is_documented() -> None:
    rulings = DOC.parents[2] / "glossary" / "rulings"
    text = DOC.read_text(encoding="utf-8")
    assert engine.RULINGS
    for ruling in engine.RULINGS:
        assert (rulings / f"{ruling}.yaml").is_file(), ruling
        assert f"`{ruling}`" in text, ruling


def test_every_ruling_cited_while_running_the_scenarios_is_a_known_ruling(deck_limits) -> None:
    from altered_rules.verification.scenarios import run_files

    cited: set[str] = set()
    for report in run_files([Path(__file__).parent / "scenarios"], deck_limits):
        for result in report.results:
            cited |= {ruling for line in result.trace for ruling in line.rulings}
    assert cited <= set(engine.RULINGS)
    assert {"same-dusk-finish", "first-player-succeed", "prepare-mana-orbs", "moves-forward-due-to"} <= cited


def test_every_rule_the_trace_cites_is_a_rule_number_or_a_documented_id(deck_limits) -> None:
    from altered_rules.verification.scenarios import run_files

    text = DOC.read_text(encoding="utf-8")
    cited: set[str] = set()
    for report in run_files([Path(__file__).parent / "scenarios"], deck_limits):
        for result in report.results:
            for line in result.trace:
                for rule in line.rules:
                    assert re.fullmatch(r"\d+\.\d+(\.\d+)*(\.[a-z])?", rule) or f"`{rule}`" in text, (result.name, rule)
                    cited.add(rule)
    # Both kinds are met, so both sides of the check above are exercised.
    assert any(re.fullmatch(r"\d+(\.\d+)+(\.[a-z])?", rule) for rule in cited), cited
    assert any(not rule[0].isdigit() for rule in cited), cited


@pytest.mark.parametrize("language", ["en", "fr", "it"])
def test_the_deck_table_of_the_guide_says_the_numbers_the_glossary_states(language, deck_limits) -> None:
    """The table of deck rules (docs/<language>/scenarios.md) restates the glossary's numbers: a
    limit changed in a game mode shows here as a failure until the guide says it too."""
    from engine.deck import requires_said

    text = (DOC.parents[1] / language / "scenarios.md").read_text(encoding="utf-8")
    rows = {m.group(1): m.group(2) for m in re.finditer(r"^\|[^|\n]*\| `([^`]+)` \|([^|\n]*)\|$", text, re.M)}
    checked = 0
    for deck_format, rules in engine.DECK_RULE_IDS.items():
        for rule in rules:
            limit = dict(requires_said(rule, deck_limits[deck_format]).params).get("limit") if rule in rows else None
            if limit is not None:
                assert re.search(rf"(?<!\d){limit}(?!\d)", rows[rule]), (language, rule, rows[rule], limit)
                checked += 1
    assert checked >= 8, checked   # 1.1.4.b, c, e, f, g and the three of sealed
