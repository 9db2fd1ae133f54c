"""The docs and the README name the project's files as `code`; each one they name exists, so a
file moved (the plugin's stages, the test folders) cannot leave a guide pointing nowhere."""

from __future__ import annotations

import re

from project_paths import PROJECT

NAMED_FILE = re.compile(r"`((?:engine|plugins|tests|benchmarks|glossary|docs)/[\w/.\-]+\.(?:py|md|yaml|yml|js|json|css))`")
PAGES = sorted(PROJECT.glob("docs/*/*.md")) + [PROJECT / "README.md", PROJECT / "CONTRIBUTING.md", PROJECT / "benchmarks" / "test-timings.md"]


def named_files(text: str) -> list[tuple[int, str]]:
    return [(number, m.group(1)) for number, line in enumerate(text.splitlines(), 1) for m in NAMED_FILE.finditer(line)]


def test_the_pattern_finds_a_named_file() -> None:
    assert named_files("see `tests/engine_tests/test_cli.py` and engine/x.py\n") == [(1, "tests/engine_tests/test_cli.py")]


def test_every_file_the_docs_name_exists() -> None:
    missing = [f"{page.relative_to(PROJECT)}:{number}: {name}"
               for page in PAGES for number, name in named_files(page.read_text(encoding="utf-8"))
               if not (PROJECT / name).exists()]
    named = sum(len(named_files(page.read_text(encoding="utf-8"))) for page in PAGES)
    assert named > 10, "the docs name fewer files than expected: is the pattern still right?"
    assert missing == []
