"""Reading the glossary's files once per content (content/glossary/reading.py): the same bytes at
another path are not parsed again, and what is read there is what a parse there gives."""

from __future__ import annotations

import shutil
from pathlib import Path
from typing import Any

import pytest

from altered_rules.content.glossary import load_glossary
from altered_rules.content.glossary.loader import GlossaryError
from altered_rules.content.glossary import reading
from altered_rules.content.glossary.checking import _Reader
from altered_rules.content.yamlsource import LineDict, LineList, load_yaml_bytes

from project_paths import GLOSSARY


def _shape(node: Any) -> Any:
    """A tree as values, with the path and the lines of every list and mapping."""
    if isinstance(node, LineDict):
        return ("mapping", node.path, node.line, dict(node.key_lines), {k: _shape(v) for k, v in node.items()})
    if isinstance(node, LineList):
        return ("list", node.path, node.line, list(node.item_lines), [_shape(v) for v in node])
    return node


def test_a_copied_glossary_reads_as_a_parse_at_its_own_path_gives(tmp_path: Path, monkeypatch):
    load_glossary(GLOSSARY)   # the checkout's files read first: the copy's bytes are known
    copy = tmp_path / "glossary"
    shutil.copytree(GLOSSARY, copy)
    parsed: list[Path] = []
    real = reading._read
    monkeypatch.setattr(reading, "_read", lambda path, data, reader: parsed.append(path) or real(path, data, reader))
    files = sorted(copy.rglob("*.yaml"))
    for path in files:
        got = reading._load_yaml(path, _Reader())
        expected = load_yaml_bytes(path.read_bytes(), path)
        reading._relabel(expected, reading._display(path))
        assert _shape(got) == _shape(expected), path
        assert got.path == reading._display(path) != reading._display(GLOSSARY / path.relative_to(copy))
    assert len(files) > 50 and parsed == []   # none of them was parsed again


def test_a_file_copied_within_the_glossary_is_reported_at_its_own_path(glossary_copy: Path):
    """The same bytes at a second path of one glossary (a section copied under another name): read
    without a parse, its nodes still name the new file, and so do the errors found in it."""
    section = glossary_copy / "rules" / "4" / "4.1.yaml"
    copied = section.with_name("copied-4.1.yaml")
    shutil.copy(section, copied)
    with pytest.raises(GlossaryError) as raised:
        load_glossary(glossary_copy)
    shown = reading._display(copied)
    assert [str(e) for e in raised.value.errors] == [
        f"{shown}:2: section 4.1 must be in rules/4/4.1.yaml so editors find it by number",
        f"{shown}:2: duplicate section 4.1 (also in {reading._display(section)})",
    ]
