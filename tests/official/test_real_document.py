"""The import on the publisher's real Complete Rules, as an outside check: never committed, run
only when ALTERED_RULES_CR_PDF or ALTERED_RULES_CR_TXT names a copy (marked `external`; without
one the test is skipped, and says why: a skip is not a pass). It checks only counts, facts that
are not the publisher's text (docs/en/editing.md, Importing the official rules)."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from altered_rules.official.importing import read_document, run_import

PROJECT = Path(__file__).resolve().parents[2]
# Measured on the documents (layout file, issue 37): per version, the counts an import must find.
EXPECTED = {
    "3.0": {"section": 29, "subsection": 128, "rule": 590, "remarks": 64, "examples": 48, "terms": 132, "changes": 25},
    "4.0": {"rule": 605, "numbered": 772},
}
DOCUMENTS = [(name, os.environ.get(name)) for name in ("ALTERED_RULES_CR_PDF", "ALTERED_RULES_CR_TXT")]
# The questions the seeds leave open that 3.0 and 4.0 state an answer to (official.decisions.STATEMENTS):
# question keys, no text.
STATED = {"boosted-statistics", "asleep-statistics", "fleeting-to-reserve", "mana-payment", "token-controller"}

pytestmark = pytest.mark.external


def _assert_the_engine_follows_the_imported_rules(copy: Path) -> None:
    """The refusals are gone where the imported rules decide: the glossary declares at least STATED,
    each on an imported rule, and each scenario the seed glossary refuses now passes citing it."""
    from altered_rules.content.glossary import load_glossary
    from tests.official.decided_glossary import assert_each_followed

    glossary = load_glossary(copy)
    decided = glossary.decisions
    assert STATED <= {question.value for question in decided}
    assert all(decision.rule in {**glossary.paragraphs, **glossary.sections} for decision in decided.values())
    assert_each_followed(decided)


@pytest.mark.parametrize(("variable", "path"), DOCUMENTS, ids=[name for name, _ in DOCUMENTS])
def test_the_real_document_gives_the_measured_counts(variable, path, tmp_path):
    if not path:
        pytest.skip(f"{variable} names no copy of the publisher's Complete Rules: not run (this is not a pass)")
    document = read_document(Path(path), "pdf" if variable.endswith("PDF") else "text")
    counts = document.counts()
    counts["numbered"] = counts["section"] + counts["subsection"] + counts["rule"]
    expected = EXPECTED.get(document.version)
    assert expected, f"version {document.version!r} read from {path}: no counts are recorded for it"
    assert {key: counts[key] for key in expected} == expected
    assert not [t for t in document.tasks if t.kind in ("empty", "unresolved", "title")]
    assert sum(1 for e in document.entries if e.label) == 8 if document.version == "3.0" else True
    # the matching against the glossary's latest release runs and reports every seed rule
    outcome = run_import(Path(path), f"cr-{document.version}", PROJECT / "glossary")
    matched = {line["old"] for line in outcome.report["entries"] if line["old"]}
    assert len(matched) == len(outcome.result.pairs) + len(outcome.result.removed)


@pytest.mark.parametrize(("variable", "path"), DOCUMENTS, ids=[name for name, _ in DOCUMENTS])
def test_the_real_document_writes_into_a_copy_of_the_glossary(variable, path, tmp_path):
    """--write into a copy: the imported glossary lints (translations pending aside) and every
    scenario still passes; a second import writes nothing. Counts only, no text."""
    if not path:
        pytest.skip(f"{variable} names no copy of the publisher's Complete Rules: not run (this is not a pass)")
    import shutil

    from altered_rules.cli.main import main
    from altered_rules.verification.checks import verify_glossary
    from altered_rules.content.glossary import load_glossary

    copy = tmp_path / "glossary"
    shutil.copytree(PROJECT / "glossary", copy)
    form = "pdf" if variable.endswith("PDF") else "text"
    document = read_document(Path(path), form)
    outcome = run_import(Path(path), f"cr-{document.version}", copy, write=True)
    assert outcome.written and outcome.findings == []
    assert main(["lint", "--glossary", str(copy), "--pending-translations"]) == 0
    checks = verify_glossary(load_glossary(copy)).checks
    assert checks and all(check.passed for check in checks)
    _assert_the_engine_follows_the_imported_rules(copy)
    assert run_import(Path(path), f"cr-{document.version}", copy, write=True).written == []


CHAIN = os.environ.get("ALTERED_RULES_CR_CHAIN")   # "3.0.pdf:4.0.pdf": two versions, oldest first


def test_the_real_versions_import_in_order_each_its_own_release(tmp_path):
    """3.0 then 4.0 into a copy, a release after each, as docs/en/editing.md says: each lands, lints,
    every scenario passes (deck rules renumbered and pinned included), and the second version's
    rules are all accounted for (each paired with a rule of the first or added). Counts only."""
    if not CHAIN:
        pytest.skip("ALTERED_RULES_CR_CHAIN names no two copies of the publisher's Complete Rules: not run (this is not a pass)")
    import shutil

    from altered_rules.cli.main import main
    from altered_rules.cli.release_cli import record_release
    from altered_rules.content.glossary import load_glossary
    from altered_rules.verification.checks import verify_glossary

    first, second = (Path(p) for p in CHAIN.split(":"))
    copy = tmp_path / "glossary"
    shutil.copytree(PROJECT / "glossary", copy)
    for number, path in enumerate((first, second), 2):
        document = read_document(path, "pdf" if path.suffix == ".pdf" else "text")
        outcome = run_import(path, f"cr-{document.version}", copy, write=True)
        assert outcome.written and outcome.findings == [], f"{path}: {outcome.findings}"
        assert main(["lint", "--glossary", str(copy), "--pending-translations"]) == 0
        checks = verify_glossary(load_glossary(copy)).checks
        assert checks and [c.failure() for c in checks if not c.passed] == []
        if number == 3:
            rules = {line["new"] for line in outcome.report["entries"] if line["new"] and line["new"].count(".") >= 2
                     and line["new"][-1].isalpha()}
            assert len(rules) == EXPECTED[document.version]["rule"]
        record_release(copy, f"2026.{number}", "2026-12-02", {"en": f"Complete Rules {document.version}"},
                       {"sources": [f"cr-{document.version}"], "version": {"en": f"Complete Rules {document.version}"},
                        "date": document.effective}, git=False, allow_stale=True)
    _assert_the_engine_follows_the_imported_rules(copy)
    assert run_import(second, f"cr-{document.version}", copy, write=True).written == []
