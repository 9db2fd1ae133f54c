"""Shared fixtures: the project folder, the real glossary, a scratch copy to break."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from altered_rules.content.glossary import Glossary, load_glossary

from project_paths import GLOSSARY


@pytest.fixture(scope="session")
def glossary() -> Glossary:
    return load_glossary(GLOSSARY)


@pytest.fixture
def glossary_copy(tmp_path: Path) -> Path:
    """A copy of the glossary that a test may break."""
    target = tmp_path / "glossary"
    shutil.copytree(GLOSSARY, target)
    return target
