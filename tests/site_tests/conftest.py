"""The site built once for the site tests (all three languages)."""

from __future__ import annotations

from pathlib import Path

import pytest

from altered_rules.build_site import build

from project_paths import PROJECT


@pytest.fixture(scope="session")
def site(tmp_path_factory) -> Path:
    target = tmp_path_factory.mktemp("site")
    assert build(PROJECT, target) == 0
    return target
