"""A removed rule whose content went into another rule says where (issue 37): "now in 3.1.b", in the
import's report and beside its pinned citations, when the document's change list names both (and
the rule it names holds enough of its words) or when one imported rule holds most of its words in
order; otherwise nothing is said. On the invented game Lanternfall (base_glossary.py): 1.0
removes nothing of 3.1, 2.0 removes 3.1.c ("A lamp cost may be lowered by effects, never below
one oil drop.")."""

from __future__ import annotations

import yaml

from altered_rules.content.glossary import load_glossary
from altered_rules.official.importing import report_lines, run_import
from altered_rules.official.model import Change
from altered_rules.official.text_reader import read_text
from altered_rules.pages.page_references import link_rule_references
from altered_rules.pages.render import Renderer

from .test_pages import _imported
from .test_pinned import V2

TOLLS = "Tolls are paid in copper, never in oil."
MERGED = "Tolls are paid in copper, never in oil; a lamp cost may be lowered by effects."            # 8 of 13 words
WHOLE = ("Tolls are paid in copper, never in oil, and a toll never counts as a lamp cost. "
         "A lamp cost may be lowered by effects, never below one oil drop.")                         # all 13
BULLET = "Former Rule 3.1.c was merged into Rule 3.1.b."


def _import(tmp_path, text: str = TOLLS, bullet: str | None = None, write: bool = True):
    root, page = _imported(tmp_path)
    document = read_text(V2.read_bytes())
    document.by_id()["3.1.b"].text = text
    if bullet:
        document.changes = [c for c in document.changes if "3.1.c" not in c.text] + [Change("Other Changes", bullet, ["3.1.c", "3.1.b"])]
    path = tmp_path / "lanternfall-2.0.json"
    path.write_text(document.dumps(), encoding="utf-8")
    return root, page, run_import(path, "lf-2.0", root, form="json", write=write)


def _page_html(root, page):
    glossary = load_glossary(root)
    html, errors = link_rule_references(page.read_text(encoding="utf-8"), "docs/en/guide.md", "guide.md", glossary,
                                        Renderer(glossary, "en"))
    assert errors == []
    return html


def _removed(outcome):
    return next(line for line in outcome.report["entries"] if line["old"] == "3.1.c" and line["new"] is None)


def test_unknown_nothing_is_said(tmp_path):
    root, page, outcome = _import(tmp_path)
    assert "3.1.c" in outcome.result.removed and outcome.superseded == {}
    assert _removed(outcome)["superseded_by"] == []
    lines = report_lines(outcome.report)
    assert not any("now in" in line for line in lines)
    assert not any(t["kind"] == "superseded" for t in outcome.report["tasks"])
    section = yaml.safe_load((root / "rules" / "3" / "3.1.yaml").read_text(encoding="utf-8"))
    assert not any("supersedes" in p for p in section["paragraphs"])
    html = _page_html(root, page)
    assert '<a class="ar-ref ar-ref--pinned" href="../v/2031.2/r/3.1.c/">3.1.c (2031.2)</a>.' in html and "ar-ref__now" not in html


def test_a_change_list_bullet_alone_is_not_enough(tmp_path):
    # the bullet names 3.1.b, which holds almost none of 3.1.c's words: no hint (a bullet may be wrong)
    _root, _page, outcome = _import(tmp_path, TOLLS, BULLET, write=False)
    assert outcome.superseded == {}


def test_known_from_the_change_list(tmp_path):
    root, page, outcome = _import(tmp_path, MERGED, BULLET)
    found = outcome.superseded["3.1.c"]
    assert found.rules == ("3.1.b",) and found.why == f"change list: “{BULLET}”"
    assert _removed(outcome)["superseded_by"] == ["3.1.b"]
    lines = report_lines(outcome.report)
    assert "  3.1.c -> -: removed (removed); now in 3.1.b" in lines
    assert (f"task: 3.1.c: removed; its content is now in 3.1.b (change list: “{BULLET}”); written "
            "`supersedes: [3.1.c@2031.2]` there, its pinned citations read “now in 3.1.b”: check it") in lines
    section = yaml.safe_load((root / "rules" / "3" / "3.1.yaml").read_text(encoding="utf-8"))
    assert next(p for p in section["paragraphs"] if p["id"] == "3.1.b")["supersedes"] == ["3.1.c@2031.2"]
    # the pinned citation, where it is shown, says where its content is now, linked
    html = _page_html(root, page)
    assert ('<a class="ar-ref ar-ref--pinned" href="../v/2031.2/r/3.1.c/">3.1.c (2031.2)</a> <span class="ar-ref__now">(now in '
            '<a class="ar-ref" href="../rules/chapter-3/#3.1.b">3.1.b</a>)</span>') in html
    french = Renderer(load_glossary(root), "fr").pinned_link("3.1.c", "2031.2", "guide.md")
    assert "(désormais en <a" in french
    # a second import of the same file keeps it (the rule's own `supersedes:` rides on it)
    again = run_import(tmp_path / "lanternfall-2.0.json", "lf-2.0", root, form="json", write=True)
    assert again.written == []


def test_known_from_the_words_alone(tmp_path):
    _root, _page, outcome = _import(tmp_path, WHOLE, write=False)
    assert outcome.superseded["3.1.c"].rules == ("3.1.b",)
    assert outcome.superseded["3.1.c"].why == "holds 100% of its words"


def test_supersedes_names_removed_rules_as_a_release_had_them(tmp_path):
    from altered_rules.content.glossary import GlossaryError

    root, _page, _outcome = _import(tmp_path, MERGED, BULLET)
    path = root / "rules" / "3" / "3.1.yaml"
    path.write_text(path.read_text(encoding="utf-8").replace("supersedes: [3.1.c@2031.2]", "supersedes: [3.1.a]"), encoding="utf-8")
    try:
        load_glossary(root)
    except GlossaryError as exc:
        message = str(exc)
    else:
        raise AssertionError("a rule as it is now in `supersedes` must be refused")
    line = path.read_text(encoding="utf-8").split("\n").index("  supersedes: [3.1.a]") + 1
    assert f"3.1.yaml:{line}: '3.1.a' in 'supersedes' of paragraph 3.1.b is a rule as it is now" in message
