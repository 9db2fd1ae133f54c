"""Integrity of the published site: the same commit always builds the same bytes."""

from __future__ import annotations

import filecmp

from altered_rules.build_site import build

from project_paths import PROJECT


def _differences(left, right) -> list[str]:
    comparison = filecmp.dircmp(left, right)
    found = [f"{left}/{name}" for name in comparison.diff_files + comparison.left_only + comparison.right_only]
    for name in comparison.common_dirs:
        found += _differences(left / name, right / name)
    return found


def test_two_builds_of_the_same_commit_are_byte_identical(site, tmp_path):
    again = tmp_path / "again"
    assert build(PROJECT, again) == 0
    filecmp.clear_cache()
    assert _differences(site, again) == []
