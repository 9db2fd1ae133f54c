"""The three language builds of one site build verify the glossary once between them
(verification.verify_glossary_once): the same checks, the same pages, never a stale result."""

from __future__ import annotations

from pathlib import Path

import pytest

from altered_rules.content.glossary import load_glossary
from altered_rules.pages.site_pages import pages
from altered_rules.verification.checks import SHARED_ENV, verify_glossary_once

from edits import replace_in_paragraph


def _markdown(glossary, verification) -> list[str]:
    return [page.markdown for language in ("en", "fr") for page in pages(glossary, language, verification)]


def test_without_a_shared_folder_it_verifies(glossary, monkeypatch):
    monkeypatch.delenv(SHARED_ENV, raising=False)
    assert not verify_glossary_once(glossary).failures


def test_the_second_build_reads_the_first_ones_result(glossary_copy, tmp_path, monkeypatch):
    shared = tmp_path / "shared"
    shared.mkdir()
    monkeypatch.setenv(SHARED_ENV, str(shared))
    first_glossary = load_glossary(glossary_copy)
    first = verify_glossary_once(first_glossary)
    assert len(list(shared.iterdir())) == 1
    second_glossary = load_glossary(glossary_copy)
    second = verify_glossary_once(second_glossary)
    assert second is not first and len(second.checks) == len(first.checks)
    assert _markdown(second_glossary, second) == _markdown(first_glossary, first)


def test_a_changed_glossary_is_verified_again_and_a_failure_is_never_kept(glossary_copy, tmp_path, monkeypatch):
    shared = tmp_path / "shared"
    shared.mkdir()
    monkeypatch.setenv(SHARED_ENV, str(shared))
    verify_glossary_once(load_glossary(glossary_copy))
    replace_in_paragraph(glossary_copy / "rules/4/4.2.4.yaml", "4.2.4.c", "      Bob.hero.region: 0\n", "      Bob.hero.region: 1\n")
    failed = verify_glossary_once(load_glossary(glossary_copy))
    assert [c.rule for c in failed.failures] == ["4.2.4.c"]
    assert len(list(shared.iterdir())) == 1  # only the passing verification is kept
    assert verify_glossary_once(load_glossary(glossary_copy)).failures  # and never served for the broken one
