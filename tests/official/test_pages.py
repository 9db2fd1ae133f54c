"""The hand-written pages (docs/<language>/*.md) ride on an import as the glossary's files do: their
prose's rule numbers renamed as the import renumbered them, a number of a rule no imported rule
continues pinned to the latest release that held it ("3.1.c@2031.2"), code and links as written;
the pages' check then accepts the pinned number and links it to that release's text. On the
seed-era glossary of the invented game Lanternfall, imported as 1.0 then 2.0 (base_glossary.py)."""

from __future__ import annotations

from altered_rules.content.glossary import load_glossary
from altered_rules.official.importing import report_lines, run_import
from altered_rules.pages.page_references import link_rule_references
from altered_rules.pages.render import Renderer

from .test_pinned import V1, V2, _release, _ruling, write_base

PAGE = ("# A guide\n\n"
        "Lamps (1.2.c) before the keeper (1.2.b); the cellar, rule 3.1.c.\n"
        "As written: `3.1.c` in code, [see 1.2.b](x.md#1.2.b).\n"
        "```\nrules: [1.2.c]\n```\n")


def _imported(tmp_path):
    root = write_base(tmp_path)
    _ruling(root)
    _release(root, "2031.1")
    run_import(V1, "lf-1.0", root, write=True)
    _release(root, "2031.2", "lf-1.0")
    page = root.parent / "docs" / "en" / "guide.md"
    page.parent.mkdir(parents=True)
    page.write_text(PAGE, encoding="utf-8")
    return root, page


def test_a_page_cites_the_imported_numbers_and_pins_the_removed_rule(tmp_path):
    root, page = _imported(tmp_path)
    checked = run_import(V2, "lf-2.0", root)   # the report alone writes nothing
    assert page.read_text(encoding="utf-8") == PAGE and checked.report["pages"] == {"docs/en/guide.md": 3}
    outcome = run_import(V2, "lf-2.0", root, write=True)
    # 1.2.b became 2.2.d and 1.2.c took its number 1.2.b: the page follows both, at once
    assert page.read_text(encoding="utf-8") == (
        "# A guide\n\n"
        "Lamps (1.2.b) before the keeper (2.2.d); the cellar, rule 3.1.c@2031.2.\n"
        "As written: `3.1.c` in code, [see 1.2.b](x.md#1.2.b).\n"
        "```\nrules: [1.2.c]\n```\n")
    assert str(page.resolve()) in outcome.written
    assert any(line.startswith("task: docs/en/guide.md: 3 rule number(s)") for line in report_lines(outcome.report))


def test_the_pages_check_accepts_and_links_a_pinned_number(tmp_path):
    root, page = _imported(tmp_path)
    run_import(V2, "lf-2.0", root, write=True)
    glossary = load_glossary(root)
    renderer = Renderer(glossary, "en")
    linked, errors = link_rule_references(page.read_text(encoding="utf-8"), "docs/en/guide.md", "guide.md", glossary, renderer)
    assert errors == []
    assert '<a class="ar-ref ar-ref--pinned" href="../v/2031.2/r/3.1.c/">3.1.c (2031.2)</a>' in linked
    # a pinned number the release does not hold, or a release that does not exist, is an error with file and line
    _, errors = link_rule_references("x\nsee 3.1.z@2031.2 and 3.1.c@2040.1\n", "docs/en/guide.md", "guide.md", glossary, renderer)
    assert [str(e) for e in errors] == [
        "docs/en/guide.md:2: 3.1.z@2031.2: release 2031.2 holds no rule 3.1.z; its rules nearby: 3.1.a, 3.1.b, 3.1.c",
        "docs/en/guide.md:2: 3.1.c@2040.1: no release 2040.1 in releases.yaml (a rule pinned to a release names one "
        "it was in; releases: 2031.1, 2031.2)",
    ]


def test_the_engine_citing_a_removed_rule_is_listed_a_renumbered_one_follows(tmp_path):
    root, _page = _imported(tmp_path)
    engine = root.parent / "engine" / "lamps.py"
    engine.parent.mkdir()
    code = 'MESSAGE = "the keeper waits (1.2.b)"\nOTHER = "3.1.c"\n'
    engine.write_text(code, encoding="utf-8")
    outcome = run_import(V2, "lf-2.0", root, write=True)
    assert engine.read_text(encoding="utf-8") == code
    engine_tasks = [t["message"] for t in outcome.report["tasks"] if t["kind"] == "engine-citation"]
    # 1.2.b is continued by 2.2.d: the traces follow it there (engine.citations), nothing to do;
    # 3.1.c is continued by no rule (and the document numbers another rule 3.1.c): cited pinned
    assert len(engine_tasks) == 1
    assert engine_tasks[0].startswith("engine/lamps.py:2: cites 3.1.c (now 3.1.c@2031.2; the document gives 3.1.c to another rule)")
    assert "check whether the engine should still apply it" in engine_tasks[0]
