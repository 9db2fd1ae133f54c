"""Every scenario of the glossary is its own test item, named after its rule and example,
so a failure in CI says which example of which rule the engine does not confirm."""

from __future__ import annotations

import pytest

from altered_rules.glossary import load_glossary
from altered_rules.verification import collect_checks, run_checks

from project_paths import GLOSSARY

CHECKS, EXAMPLES = collect_checks(load_glossary(GLOSSARY))


@pytest.mark.parametrize("check", CHECKS, ids=[f"{c.rule}-{c.kind.value}-{c.name}" for c in CHECKS])
def test_glossary_scenario(check):
    run_checks([check])
    assert check.passed, check.failure()
