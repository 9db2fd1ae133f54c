"""Verification results cached by content (verification/cache.py, issue 29): a scenario is run
again exactly when what its outcome depends on changed: its own text, a card it names, the
engine's code; and never served from the cache for anything else."""

from __future__ import annotations

import shutil
from pathlib import Path

from altered_rules.content.glossary import load_glossary
from altered_rules.content.yamlsource import LineDict, LineList
from altered_rules.verification import cache
from altered_rules.verification.checks import verify_glossary

from edits import replace_in_paragraph, replace_once


def _names_card(node, name: str) -> bool:
    if isinstance(node, LineDict):
        return node.get("card") == name or any(_names_card(v, name) for v in node.values())
    if isinstance(node, LineList):
        return any(_names_card(v, name) for v in node)
    return False


def test_a_second_verification_of_the_same_glossary_runs_nothing(glossary_copy):
    first = verify_glossary(load_glossary(glossary_copy))
    again = verify_glossary(load_glossary(glossary_copy))
    assert again.ran == 0 and len(again.checks) == len(first.checks) > 300
    assert [c.passed for c in again.checks] == [c.passed for c in first.checks]


def test_a_changed_scenario_is_run_again_alone_and_its_failure_shown(glossary_copy):
    verify_glossary(load_glossary(glossary_copy))
    # The same number of lines: no other scenario of the file moves.
    replace_in_paragraph(glossary_copy / "rules/4/4.2.4.yaml", "4.2.4.c", "      Bob.hero.region: 0\n", "      Bob.hero.region: 1\n")
    edited = verify_glossary(load_glossary(glossary_copy))
    assert edited.ran == 1
    assert [c.rule for c in edited.failures] == ["4.2.4.c"]


def test_a_scenario_that_moved_is_run_again_for_its_new_lines(glossary_copy):
    """Its messages cite its lines: a line added above it makes it a new input."""
    before = verify_glossary(load_glossary(glossary_copy))
    path = glossary_copy / "rules/4/4.2.4.yaml"
    in_file = [c for c in before.checks if Path(c.file).name == "4.2.4.yaml"]
    first_line = min(c.line for c in in_file)
    lines = path.read_text(encoding="utf-8").splitlines(keepends=True)
    lines.insert(first_line - 1, "# a comment above every scenario of the file\n")
    path.write_text("".join(lines), encoding="utf-8")
    after = verify_glossary(load_glossary(glossary_copy))
    runnable = [c for c in in_file if c.scenario is not None]
    assert after.ran == len(runnable) > 1
    assert sorted(c.line for c in after.checks if Path(c.file).name == "4.2.4.yaml") == sorted(c.line + 1 for c in in_file)


def test_a_changed_card_runs_again_exactly_the_scenarios_that_name_it(glossary_copy):
    before = verify_glossary(load_glossary(glossary_copy))
    users = [c for c in before.checks if c.scenario is not None and _names_card(c.data, "Kuwat, the Dissenter")]
    assert users, "test setup: no scenario names Kuwat"
    replace_once(glossary_copy / "cards.yaml", "- name: Kuwat, the Dissenter\n  type: character\n",
                 "- name: Kuwat, the Dissenter\n  type: character\n  rarity: rare\n")
    after = verify_glossary(load_glossary(glossary_copy))
    assert after.ran == len(users)


def test_another_engine_runs_every_scenario_again(glossary_copy, monkeypatch):
    first = verify_glossary(load_glossary(glossary_copy))
    assert verify_glossary(load_glossary(glossary_copy)).ran == 0
    monkeypatch.setattr(cache, "running_code", lambda: b"another engine")
    other = verify_glossary(load_glossary(glossary_copy))
    assert other.ran == sum(1 for c in first.checks if c.scenario is not None) > 300


def test_the_code_digest_follows_every_engine_file(tmp_path):
    """running_code() is this digest of the engine the process imported: a change to any of its
    files, in a sub-package too, or to the modules that read the glossary node, is another key."""
    engine_copy = tmp_path / "engine"
    shutil.copytree(cache.ENGINE_ROOT, engine_copy, ignore=shutil.ignore_patterns("__pycache__"))

    def digest() -> bytes:
        return cache.files_digest(cache.code_files(engine_copy), tmp_path)

    original = digest()
    assert cache.running_code() == cache.files_digest(cache.code_files(), cache.ENGINE_ROOT.parent)
    for name in ("dusk.py", "scenario/runner.py"):
        path = engine_copy / name
        text = path.read_text(encoding="utf-8")
        path.write_text(text + "\n# changed\n", encoding="utf-8")
        assert digest() != original, name
        path.write_text(text, encoding="utf-8")
        assert digest() == original
    (engine_copy / "new_rule.py").write_text("X = 1\n", encoding="utf-8")
    assert digest() != original
    assert {p.name for p in cache.READER_FILES} == {"checks.py", "yamlsource.py", "sourcefiles.py"}
    assert all(p in cache.code_files(engine_copy) for p in cache.READER_FILES)


def test_a_reload_parses_only_the_files_that_changed(glossary_copy, monkeypatch):
    """The loader keeps each file's parse by its bytes (reading._load_yaml): a serve rebuild after
    one saved file parses that file alone, and the cross-file checks still run on the whole."""
    from altered_rules.content.glossary import GlossaryError, reading

    load_glossary(glossary_copy)
    parsed: list[str] = []
    original = reading._read

    def counted(path, data, reader):
        parsed.append(Path(path).name)
        return original(path, data, reader)

    monkeypatch.setattr(reading, "_read", counted)
    load_glossary(glossary_copy)
    assert parsed == []
    replace_in_paragraph(glossary_copy / "rules/4/4.2.4.yaml", "4.2.4.c", "    rules: [4.2.4.c]\n", "    rules: [9.9.9]\n")
    try:
        load_glossary(glossary_copy)
    except GlossaryError as exc:   # a reference across files is still checked on the combined glossary
        assert "9.9.9" in str(exc) and "4.2.4.yaml" in str(exc)
    else:
        raise AssertionError("a scenario citing a rule that does not exist was accepted")
    assert parsed == ["4.2.4.yaml"]


def test_a_whole_verification_is_kept_for_the_same_files_and_code(glossary_copy, monkeypatch):
    from altered_rules.verification.checks import verify_glossary_once

    first = verify_glossary_once(load_glossary(glossary_copy))
    second = verify_glossary_once(load_glossary(glossary_copy))   # another language's build in this process
    assert second.ran == 0 and second.checks is first.checks
    monkeypatch.setattr(cache, "running_code", lambda: b"another engine")
    assert verify_glossary_once(load_glossary(glossary_copy)).ran > 300


def test_a_save_during_a_build_never_passes_the_saved_text_unverified(glossary_copy, monkeypatch):
    """The kept verification is keyed by the bytes the loader parsed, not by the files on disk
    when verifying: an editor who saves between the two gets the new text verified."""
    from altered_rules.verification.checks import verify_glossary_once

    loaded = load_glossary(glossary_copy)
    replace_in_paragraph(glossary_copy / "rules/4/4.2.4.yaml", "4.2.4.c", "      Bob.hero.region: 0\n", "      Bob.hero.region: 1\n")
    assert not verify_glossary_once(loaded).failures   # the text as it was read: it passes
    saved = verify_glossary_once(load_glossary(glossary_copy))
    assert saved.ran == 1 and [c.rule for c in saved.failures] == ["4.2.4.c"]


def test_what_is_made_from_a_result_is_kept_with_it_for_the_next_verification(glossary_copy):
    """Check.made (a trace's export data, its JSON text, its messages' keys) is made once per result:
    a verification that takes a result from the cache takes what was made from it too, and a
    scenario run again starts with nothing made (a serve rebuild re-makes only what changed)."""
    first = verify_glossary(load_glossary(glossary_copy))
    for check in first.checks:
        if check.passed:
            _ = check.trace_data   # made now, as a build's export makes it
    replace_in_paragraph(glossary_copy / "rules/4/4.2.4.yaml", "4.2.4.c", "      Bob.hero.region: 0\n", "      Bob.hero.region: 1\n")
    again = verify_glossary(load_glossary(glossary_copy))
    assert again.ran == 1
    for before, after in zip(first.checks, again.checks):
        if after.rule == "4.2.4.c" and after.result is not before.result:
            assert after.made == {}
        elif after.passed:
            assert after.result is before.result and after.made is before.made and "trace_data" in after.made
