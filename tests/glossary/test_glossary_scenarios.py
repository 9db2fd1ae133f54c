"""Every scenario of the glossary is its own test item, named after its rule and example,
so a failure in CI says which example of which rule the engine does not confirm."""

from __future__ import annotations

import pytest

from altered_rules.content.glossary import load_glossary
from altered_rules.verification.checks import collect_checks, run_checks

from project_paths import GLOSSARY

GLOSSARY_NOW = load_glossary(GLOSSARY)
CHECKS, EXAMPLES = collect_checks(GLOSSARY_NOW)


@pytest.mark.parametrize("check", CHECKS, ids=[f"{c.rule}-{c.kind.value}-{c.name}" for c in CHECKS])
def test_glossary_scenario(check):
    run_checks([check], GLOSSARY_NOW.deck_limits)
    assert check.passed, check.failure()


def test_every_official_example_is_verified_and_most_rules_have_a_scenario():
    from altered_rules.verification.checks import stats, verify_glossary

    glossary = load_glossary(GLOSSARY)
    figures = stats(glossary, verify_glossary(glossary))
    assert figures["examples_verified"] == figures["examples"] == 27
    assert figures["rules_with_scenarios"] >= 150, figures
    # Every paragraph without a scenario says why (shown on the coverage page).
    assert figures["rules_without_reason"] == 0, figures


def test_stats_json_has_the_documented_keys(capsys):
    import json

    from altered_rules.cli.main import main

    assert main(["stats", "--json", "--glossary", str(GLOSSARY)]) == 0
    figures = json.loads(capsys.readouterr().out)
    for key in ("rules", "examples", "examples_verified", "scenarios", "scenarios_passed", "rules_with_scenarios"):
        assert isinstance(figures[key], int), key
    assert figures["rules"] == 205
