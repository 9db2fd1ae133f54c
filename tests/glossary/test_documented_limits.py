"""The limits the editors' and scenario writers' guides give are engine/limits.py's: the table
of each page's "Limits" section, in every language, lists these numbers in this order."""

from __future__ import annotations

import re

import pytest

from engine import limits
from project_paths import PROJECT

FILE_LIMITS = ["MAX_FILE_BYTES", "MAX_VALUES", "MAX_EXPANDED_CHARACTERS", "MAX_DEPTH", "MAX_DIGITS"]
PAGES = {
    "editing.md": ["MAX_FILE_BYTES", "MAX_GLOSSARY_BYTES", *FILE_LIMITS[1:]],
    "scenarios.md": ["MAX_NUMBER", "MAX_CARDS", "MAX_OBJECTS", "MAX_STEPS", "MAX_WORK", *FILE_LIMITS],
}


def documented(text: str) -> list[int]:
    """The Value column of the table in the section headed `{ #limits }`."""
    section = re.search(r"^## [^\n]*\{ #limits \}\n(.*?)(?=^## |\Z)", text, re.S | re.M)
    assert section, "no section headed { #limits }"
    rows = [line for line in section.group(1).splitlines() if line.startswith("|") and not line.startswith("|---")][1:]
    # 1,000,000 (en), 1 000 000 (fr), 1.000.000 (it)
    return [int(re.sub(r"[ ,.\u00a0\u202f]", "", row.split("|")[2])) for row in rows]


@pytest.mark.parametrize("language", ["en", "fr", "it"])
@pytest.mark.parametrize("page", list(PAGES))
def test_the_documented_limits_are_the_constants(language, page):
    expected = [getattr(limits, name) for name in PAGES[page]]
    assert documented((PROJECT / "docs" / language / page).read_text(encoding="utf-8")) == expected


def test_every_limit_is_documented():
    assert {name for names in PAGES.values() for name in names} == {n for n in limits.__all__ if n.startswith("MAX_")}
