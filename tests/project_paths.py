"""Where the project's files are, for every test suite."""

from pathlib import Path

PROJECT = Path(__file__).resolve().parent.parent
GLOSSARY = PROJECT / "glossary"
SEEDS = PROJECT / "tests" / "seeds"
