"""Where the project's files are, for every test suite."""

from pathlib import Path

PROJECT = Path(__file__).resolve().parent.parent
GLOSSARY = PROJECT / "glossary"
SEEDS = PROJECT / "tests" / "seeds"
# The engine's scenario files, each a test item (engine_tests/conftest.py) and a sandbox case.
SCENARIOS = PROJECT / "tests" / "engine_tests" / "scenarios"
