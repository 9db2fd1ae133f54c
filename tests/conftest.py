"""Shared fixtures: the project folder, the real glossary, a scratch copy to break, and the
site built once for the whole run (every suite that reads the built site shares it)."""

from __future__ import annotations

import fcntl
import os
import shutil
from pathlib import Path

import pytest

from altered_rules.build_site import build
from altered_rules.content.glossary import Glossary, load_glossary

from project_paths import GLOSSARY, PROJECT


@pytest.fixture(scope="session")
def glossary() -> Glossary:
    return load_glossary(GLOSSARY)


@pytest.fixture(scope="session")
def deck_limits(glossary: Glossary) -> dict:
    """Each deck format's numbers (engine.DeckFormat -> engine.DeckLimits) as the glossary's game
    modes state them: what a test gives the engine to check a deck with, never a copy of the numbers."""
    assert glossary.deck_limits, "the glossary states no deck limits"
    return glossary.deck_limits


@pytest.fixture
def glossary_copy(tmp_path: Path) -> Path:
    """A copy of the glossary that a test may break."""
    target = tmp_path / "glossary"
    shutil.copytree(GLOSSARY, target)
    return target


def _run_folder(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The run's temporary folder, the same for every parallel worker: pytest-xdist gives each
    worker its own basetemp (…/pytest-N/popen-gw0) inside the run's one (…/pytest-N)."""
    base = tmp_path_factory.getbasetemp()
    return base.parent if os.environ.get("PYTEST_XDIST_WORKER") else base


@pytest.fixture(scope="session")
def site(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The project's site in every language, built once per run and read by the site and browser
    tests alike (a full build is the run's costliest step). Under parallel workers the first one
    to ask builds it while holding a lock; the others wait and read the same folder. Tests only
    read it: one that must change a site builds its own copy."""
    folder = _run_folder(tmp_path_factory)
    target, done = folder / "site", folder / "site.built"
    with open(folder / "site.lock", "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        if not done.exists():
            shutil.rmtree(target, ignore_errors=True)   # what a failed build left: build again, fail again
            assert build(PROJECT, target) == 0
            done.touch()
    return target
