"""The rulings the engine cites are one registry (engine.rulings.Ruling), matched against the
glossary's ruling entries: each id has its file, and each file's `id:` is its file name."""

from __future__ import annotations

import ast
from pathlib import Path

import yaml

import engine
from engine.rulings import Ruling

ROOT = Path(__file__).resolve().parents[2]
RULINGS_DIR = ROOT / "glossary" / "rulings"
ENGINE_DIR = ROOT / "engine"


def test_the_registry_is_what_engine_exports() -> None:
    assert engine.RULINGS == tuple(r.value for r in Ruling)
    assert len(set(engine.RULINGS)) == len(engine.RULINGS)


def test_every_ruling_in_the_registry_has_a_glossary_entry_with_that_id() -> None:
    for ruling in Ruling:
        path = RULINGS_DIR / f"{ruling.value}.yaml"
        assert path.is_file(), ruling
        assert yaml.safe_load(path.read_text(encoding="utf-8"))["id"] == ruling.value


def test_every_member_of_the_registry_is_cited_by_the_engine() -> None:
    # A member nobody cites is an id kept for nothing; one cited by a string is outside the registry.
    cited: set[str] = set()
    for path in sorted(ENGINE_DIR.rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name) and node.value.id == "Ruling":
                cited.add(node.attr)
    assert cited == {r.name for r in Ruling}


def test_no_ruling_id_is_written_as_a_string_outside_the_registry() -> None:
    ids = {r.value for r in Ruling}
    for path in sorted(ENGINE_DIR.rglob("*.py")):
        if path.name == "rulings.py":
            continue
        tree = ast.parse(path.read_text(encoding="utf-8"))
        exported = {  # names in __all__ (the function engine.cardtext.performing.sacrifice) are not ruling ids
            id(n) for node in ast.walk(tree) if isinstance(node, (ast.Assign, ast.AugAssign))
            and "__all__" in ast.unparse(node.targets[0] if isinstance(node, ast.Assign) else node.target)
            for n in ast.walk(node.value)
        }
        for node in ast.walk(tree):
            if isinstance(node, ast.Constant) and isinstance(node.value, str) and id(node) not in exported:
                assert node.value not in ids, f"{path.name}:{node.lineno}: ruling id {node.value!r} written as a string"
