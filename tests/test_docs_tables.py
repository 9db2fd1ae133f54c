"""A blank line inside a Markdown table ends it: the rows after it are printed as text with pipes
(review 2026-12-02-c, 2.3: the readings table of scenarios.md, in all three languages). A blank line
between two tables is fine: the second starts with its header and its |---| line."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from project_paths import PROJECT

DOCS = sorted((PROJECT / "docs").glob("*/*.md"))
SEPARATOR = re.compile(r"^\|?\s*:?-{3,}:?\s*(\|\s*:?-{3,}:?\s*)*\|?\s*$")


def cut_tables(text: str) -> list[int]:
    """The lines (1-based) of table rows that a blank line cut from the table above them."""
    lines = text.split("\n")
    return [i + 2 for i in range(1, len(lines) - 1)
            if not lines[i].strip() and lines[i - 1].startswith("|") and lines[i + 1].startswith("|")
            and not (i + 2 < len(lines) and SEPARATOR.match(lines[i + 2]))]


@pytest.mark.parametrize("path", DOCS, ids=[str(p.relative_to(PROJECT)) for p in DOCS])
def test_no_table_of_the_docs_is_cut_by_a_blank_line(path: Path) -> None:
    assert cut_tables(path.read_text(encoding="utf-8")) == []


def test_a_cut_table_is_found_and_two_tables_are_not() -> None:
    assert cut_tables("| a | b |\n|---|---|\n| 1 | 2 |\n\n| 3 | 4 |\n") == [5]
    assert cut_tables("| a | b |\n|---|---|\n| 1 | 2 |\n\n| c | d |\n|---|---|\n| 3 | 4 |\n") == []
