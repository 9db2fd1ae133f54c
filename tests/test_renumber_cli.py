"""`altered-rules renumber` (issue 30): new numbers and every reference, all or nothing, on a copy."""

from __future__ import annotations

import shutil

import pytest

from altered_rules.cli.main import main
from altered_rules.content.glossary import load_glossary
from altered_rules.content.translations import stale_problems
from altered_rules.pages.history import ChangeKind, compare, glossary_history

from project_paths import GLOSSARY
from release_fixtures import edits_only, new_stale, pending_changes, stale_translations


@pytest.fixture
def root(tmp_path):
    path = tmp_path / "glossary"
    shutil.copytree(GLOSSARY, path)
    return path


def _texts(root):
    return {p: p.read_bytes() for p in sorted(root.rglob("*")) if p.is_file()}


def test_shift_renumbers_ids_and_references_in_every_language(root, capsys):
    # Content landed since 2026.1 (and translations lagging behind it), before the renumbering.
    pending, before = pending_changes(root), stale_translations(root)
    assert main(["renumber", "--shift", "4.2.4.c", "--glossary", str(root)]) == 0
    out = capsys.readouterr().out
    assert "renumber: 4.2.4.h -> 4.2.4.i" in out and "rulings/moves-forward-due-to.yaml" in out
    glossary = load_glossary(root)
    assert "4.2.4.c" not in glossary.paragraphs and "4.2.4.i" in glossary.paragraphs
    ruling = (root / "rulings" / "moves-forward-due-to.yaml").read_text(encoding="utf-8")
    assert "La règle 4.2.4.i dit\u00a0: {rule-text 4.2.4.i}" in ruling and "La regola 4.2.4.i dice: {rule-text 4.2.4.i}" in ruling
    stale, unrecorded = stale_problems(glossary)
    assert (new_stale(stale, before), unrecorded) == ([], []), "no translation turns stale for a number"
    history = glossary_history(glossary)
    changes = edits_only(compare(history.snapshots["2026.1"], history.current), pending)
    assert {c.renumbered_from: c.key for c in changes if c.renumbered_from} == {
        f"4.2.4.{a}": f"4.2.4.{b}" for a, b in zip("cdefgh", "defghi")}
    assert not any(c.kind in (ChangeKind.ADDED, ChangeKind.REMOVED) for c in changes)
    assert (root / "releases.yaml").read_bytes() == (GLOSSARY / "releases.yaml").read_bytes()


def test_a_new_number_another_paragraph_keeps_is_refused_with_file_and_line(root, capsys):
    before = _texts(root)
    assert main(["renumber", "4.2.4.c=4.2.4.d", "--glossary", str(root)]) == 1
    err = capsys.readouterr().err
    assert "nothing was changed" in err
    line = (root / "rules" / "4" / "4.2.4.yaml").read_text(encoding="utf-8").split("\n").index("- id: 4.2.4.d") + 1
    assert f"4.2.4.yaml:{line}: 4.2.4.c=4.2.4.d: 4.2.4.d is already a paragraph" in err
    assert _texts(root) == before


@pytest.mark.parametrize("args, message", [
    (["4.2.4.c=4.3.c"], "4.3.c is outside section 4.2.4"),
    (["4.2.4.x=4.2.4.y"], "no paragraph of the glossary is numbered 4.2.4.x"),
    (["4.2.4.c=4.2.4.z", "4.2.4.d=4.2.4.z"], "is given 4.2.4.z too"),
    (["4.2.4.c=banana"], "'banana' is not a paragraph number"),
    (["4.2.4.c"], "is not OLD=NEW"),
])
def test_bad_renumberings_are_refused_and_change_nothing(root, capsys, args, message):
    before = _texts(root)
    code = None
    try:
        code = main(["renumber", *args, "--glossary", str(root)])
    except SystemExit as exc:   # argparse refuses a malformed pair
        code = exc.code
    assert code in (1, 2)
    assert message in capsys.readouterr().err
    assert _texts(root) == before


def test_a_renumbering_that_would_add_a_lint_problem_is_put_back(root, capsys, monkeypatch):
    import altered_rules.content.lint as lint

    real = lint.lint_glossary
    calls = []

    def spoiled(glossary, **kwargs):
        calls.append(1)
        return real(glossary, **kwargs) + (["x.yaml:1: a problem the renumbering made"] if len(calls) > 1 else [])

    monkeypatch.setattr(lint, "lint_glossary", spoiled)
    before = _texts(root)
    assert main(["renumber", "--shift", "4.2.4.c", "--glossary", str(root)]) == 1
    assert "new lint problems; nothing was changed:\nx.yaml:1: a problem the renumbering made" in capsys.readouterr().err
    assert _texts(root) == before


def test_the_hand_written_pages_follow_and_the_engine_is_listed(root, capsys):
    page = root.parent / "docs" / "en" / "guide.md"
    page.parent.mkdir(parents=True)
    page.write_text("Ties (4.2.4.c, then 4.2.4.d); as written: `4.2.4.c`, [4.2.4.c](x.md).\n", encoding="utf-8")
    engine = root.parent / "engine" / "dusk.py"
    engine.parent.mkdir()
    engine.write_text('RULE = "4.2.4.c"\n', encoding="utf-8")
    assert main(["renumber", "--shift", "4.2.4.c", "--glossary", str(root)]) == 0
    out = capsys.readouterr().out
    assert page.read_text(encoding="utf-8") == "Ties (4.2.4.d, then 4.2.4.e); as written: `4.2.4.c`, [4.2.4.c](x.md).\n"
    assert "docs/en/guide.md: 2 number(s) rewritten" in out
    assert "check by hand, not rewritten: engine/dusk.py:1: cites 4.2.4.c" in out
    assert engine.read_text(encoding="utf-8") == 'RULE = "4.2.4.c"\n'
