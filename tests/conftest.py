"""Shared fixtures: the project folder, the real glossary, a scratch copy to break."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from altered_rules.glossary import Glossary, load_glossary

PROJECT = Path(__file__).resolve().parent.parent
GLOSSARY = PROJECT / "glossary"
SEEDS = PROJECT / "tests" / "seeds"


@pytest.fixture(scope="session")
def glossary() -> Glossary:
    return load_glossary(GLOSSARY)


@pytest.fixture
def glossary_copy(tmp_path: Path) -> Path:
    """A copy of the glossary that a test may break."""
    target = tmp_path / "glossary"
    shutil.copytree(GLOSSARY, target)
    return target
