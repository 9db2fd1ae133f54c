"""Shared fixtures: the project folder, the real glossary, a scratch copy to break, and the
site built once for the whole run (every suite that reads the built site shares it)."""

from __future__ import annotations

import fcntl
import os
import re
import shutil
from pathlib import Path

import pytest

from altered_rules.build_site import build
from altered_rules.content.glossary import Glossary, load_glossary

from project_paths import GLOSSARY, PROJECT

# How `make test` shares the tests between its workers (pytest-xdist, `--dist loadfile`, see the
# Makefile). A file stays on one worker, so that what it builds once for its tests (a site built
# from a changed glossary, a browser context kept warm, a crawl) is built once; but the files in
# SPREAD, whose tests share nothing costlier than the session's fixtures, go to whichever worker
# is free one test at a time, last, to even out the end of the run (the 81 accessibility checks
# were a quarter of the suite's time on one worker).
SPREAD = (
    "tests/browser/test_accessibility.py",
    "tests/browser/test_search.py",
    "tests/browser/test_reference.py",
    "tests/browser/test_card_search.py",
)

# The files that take longest, first in the queue in this order (the Makefile keeps it with
# --no-loadscope-reorder), so that no worker picks one up when the other is nearly done; the
# first needs the shared site (its worker builds it) while the second builds a German one of its
# own (README.md, "Tests", lists the measured figures). The rest keeps the order of collection.
HEAVY = (
    "tests/site_tests/test_integrity.py",
    "tests/site_tests/test_fourth_language.py",
    "tests/browser/test_sandbox.py",
    "tests/browser/test_sandbox_heavy.py",
    "tests/browser/test_escaping.py",
    "tests/test_synth.py",
    "tests/site_tests/test_versions_site.py",
)


def _file(nodeid: str) -> str:
    return nodeid.split("::", 1)[0]


def _rank(item: pytest.Item) -> int:
    file = _file(item.nodeid)
    return HEAVY.index(file) if file in HEAVY else len(HEAVY) + (file in SPREAD)


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    items.sort(key=_rank)   # stable: the order of collection within each rank


def pytest_xdist_make_scheduler(config: pytest.Config, log):
    """`--dist loadfile`, but the tests of the SPREAD files shared out one at a time."""
    if config.getoption("dist") != "loadfile":
        return None
    from xdist.scheduler import LoadScopeScheduling

    class Scheduler(LoadScopeScheduling):
        def _split_scope(self, nodeid: str) -> str:
            if _file(nodeid) not in SPREAD:
                return _file(nodeid)
            # The accessibility checks of one page in its two colour schemes share the loaded page
            # (test_accessibility.py, Shown): one unit of work, whichever scheme its id starts with.
            return re.sub(r"\[(default|slate)-", "[", nodeid)

    return Scheduler(config, log)


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
