"""The import reads what a document decides for the engine (official.decisions, issue 37): where a
rule states an answer the engine can follow, the import declares `decides:` on it, the engine
follows it and cites that rule, and the report asks the editors to check it. A sentence that says
"not" or "unless" beside the words, an example, two rules with different answers, or an editor's
own declaration: nothing is written over them.

Every sentence here is written from scratch for the tests, in the game's words; none is the
publisher's.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
import yaml

from altered_rules.content.glossary import load_glossary
from altered_rules.official import decisions as official_decisions
from altered_rules.official.decisions import STATEMENTS, Statement, read_statements
from altered_rules.official.importing import run_import
from altered_rules.official.model import Document, Entry, Note, Term
from engine.decisions import BOOST_ADDS_ONE, DECIDABLE, Question
from tests.official.decided_glossary import assert_each_followed

from .base_glossary import write_base

PROJECT = Path(__file__).resolve().parents[2]
LANTERNFALL = PROJECT / "tests" / "fixtures" / "import" / "lanternfall-1.0.json"

# Our own sentences, one per statement the importer knows, in the places the Complete Rules put
# them: a heading body's list (Asleep), a lettered rule, a remark.
BOOST = "Whenever a Character has boosts, each boost adds 1 to each of that Character's statistics."
ASLEEP = "At Progress, an Asleep Character's statistics are not counted in the statistics of its expedition."
FLEETING = "A Fleeting Character that would go to the Reserve from its expedition is discarded instead."
MANA = "Each mana cost is paid by exhausting as many ready Mana Orbs."
CONTROL = "A player controls each object that stands in their expeditions or in their Landmarks."
FREE = "A card played for free has its costs skipped, regardless of any cost increase or reduction."


def _entries() -> list[Entry]:
    return [
        Entry("2.4", "section", title="Statuses"),
        Entry("2.4.3", "subsection", title="Asleep", items=[ASLEEP, "An Asleep Character stays in its expedition at Rest."],
              list_kind="unordered"),
        Entry("2.4.6", "subsection", title="Fleeting"),
        Entry("2.4.6.a", "rule", text="A card played from the Reserve gains Fleeting."),
        Entry("2.4.6.b", "rule", text=FLEETING),
        Entry("2.5", "section", title="Counters"),
        Entry("2.5.1", "subsection", title="Boost Counters"),
        Entry("2.5.1.a", "rule", text="A boost is a counter."),
        Entry("2.5.1.b", "rule", text=BOOST),
        Entry("3.2", "section", title="Costs"),
        Entry("3.2.1.a", "rule", text=MANA),
        Entry("3.2.9", "subsection", title="Mana Zone"),
        Entry("3.2.9.c", "rule", text="A mana cost of X is paid by exhausting X Mana Orbs."),
        Entry("5.1.2.e", "rule", text="A player may change the cost of the card they play.", notes=[Note("remark", FREE)]),
        Entry("7.5.4", "subsection", title="Control"),
        Entry("7.5.4.a", "rule", text=CONTROL),
    ]


def _stated(entries: list[Entry]) -> dict[str, tuple[str, str, str, tuple[str, ...]]]:
    stated, _ = read_statements(Document(version="9.0", entries=entries))
    return {s.question.value: (s.entry, s.answer, s.where, s.also) for s in stated}


# ---- reading a document ----------------------------------------------------------------------
def test_each_statement_is_read_where_it_stands() -> None:
    assert _stated(_entries()) == {
        "boosted-statistics": ("2.5.1.b", BOOST_ADDS_ONE, "text", ()),
        "asleep-statistics": ("2.4.3", DECIDABLE[Question.ASLEEP_STATISTICS][0], "list", ()),
        "fleeting-to-reserve": ("2.4.6.b", DECIDABLE[Question.FLEETING_TO_RESERVE][0], "text", ()),
        # two rules say it: the first in print order is cited, the other named
        "mana-payment": ("3.2.1.a", DECIDABLE[Question.MANA_PAYMENT][0], "text", ("3.2.9.c",)),
        "free-cost": ("5.1.2.e", DECIDABLE[Question.FREE_COST][0], "remark", ()),
        "token-controller": ("7.5.4.a", DECIDABLE[Question.TOKEN_CONTROLLER][1], "text", ()),
    }


def test_every_statement_answers_with_an_answer_the_engine_follows() -> None:
    assert all(s.answer in DECIDABLE[s.question] for s in STATEMENTS)
    assert len({s.answer for s in STATEMENTS}) == len(STATEMENTS)


@pytest.mark.parametrize("sentence", [
    "A boost does not add 1 to each statistic of a Character in Reserve.",
    "Unless an effect says otherwise, each boost adds 1 to each of its statistics.",
    "Each boost adds 1 to each statistic, except at Noon.",
    "A boost can't add 1 to each statistic twice.",
    "Only during Dusk, each boost adds 1 to each statistic.",
])
def test_a_hedged_sentence_is_left_to_the_editors(sentence: str) -> None:
    entries = [Entry("2.5.1", "subsection", title="Boost Counters"), Entry("2.5.1.b", "rule", text=sentence)]
    assert "boosted-statistics" not in _stated(entries)
    tasks = official_decisions.decision_tasks(Document(version="9.0", entries=entries))
    assert [(t.entry, "boosted-statistics" in t.message and "'not', 'unless', 'except' or 'only'" in t.message) for t in tasks][0] == ("2.5.1.b", True)


def test_the_words_of_a_statement_must_stand_in_one_sentence() -> None:
    split = "Each boost is a counter. A counter adds 1 to each of a Character's statistics."
    assert _stated([Entry("2.5.1.b", "rule", text=split)]) == {}


def test_an_example_or_a_glossary_term_never_decides() -> None:
    entries = [Entry("6.1.a", "rule", text="Effects happen in order.", notes=[Note("example", BOOST)])]
    assert _stated(entries) == {}
    stated, _ = read_statements(Document(version="9.0", entries=entries, glossary=[Term("Boost", BOOST)]))
    assert stated == []


def test_rules_that_state_different_answers_decide_nothing(monkeypatch: pytest.MonkeyPatch) -> None:
    other = Statement(Question.BOOSTED_STATISTICS, "each boost adds 2", (("boost",), ("adds 2 to each",)))
    monkeypatch.setattr(official_decisions, "STATEMENTS", (*STATEMENTS, other))
    entries = [Entry("2.5.1.b", "rule", text=BOOST), Entry("2.5.1.c", "rule", text="Each boost adds 2 to each statistic.")]
    stated, problems = read_statements(Document(version="9.0", entries=entries))
    assert stated == []
    assert [(p.question, p.entries) for p in problems] == [(Question.BOOSTED_STATISTICS, ("2.5.1.b", "2.5.1.c"))]


def test_a_question_the_rules_state_asks_nothing_of_its_heading_and_one_they_do_not_still_does() -> None:
    entries = _entries()
    entries[4] = Entry("2.4.6.b", "rule", text="A Fleeting Character leaves play at Rest.")
    document = Document(version="9.0", entries=entries)
    stated, _ = read_statements(document)
    settled = {s.question for s in stated}
    tasks = official_decisions.decision_tasks(document, settled)
    assert [(t.entry, t.kind) for t in tasks] == [("2.4.6", "decides")]
    assert "fleeting-to-reserve" in tasks[0].message


# ---- an import writes them, the engine follows them ------------------------------------------
def _document(tmp_path: Path, *, fleeting: str = FLEETING, name: str = "stated.json") -> Path:
    """Lanternfall 1.0 (the invented game of the import tests) with a chapter of our sentences."""
    data = json.loads(LANTERNFALL.read_text(encoding="utf-8"))

    def entry(eid: str, kind: str, **fields: Any) -> dict[str, Any]:
        return {"id": eid, "kind": kind, "title": "", "label": "", "text": "", "list_kind": "", "items": [], "notes": [],
                "references": [], "chapter_references": [], "defined": [], "placeholders": [], "page": 9, **fields}

    data["entries"] += [
        entry("4", "chapter", title="Characters"),
        entry("4.1", "section", title="Statuses"),
        entry("4.1.1", "subsection", title="Asleep", items=[ASLEEP, "An Asleep Character stays in its expedition at Rest."],
              list_kind="unordered"),
        entry("4.1.2", "subsection", title="Fleeting"),
        entry("4.1.2.a", "rule", text="A card played from the Reserve gains Fleeting."),
        entry("4.1.2.b", "rule", text=fleeting),
        entry("4.2", "section", title="Boosts and Mana"),
        entry("4.2.a", "rule", text=BOOST),
        entry("4.2.b", "rule", text=MANA),
        entry("4.3", "section", title="Control"),
        entry("4.3.a", "rule", text=CONTROL),
    ]
    path = tmp_path / name
    path.write_text(json.dumps(data), encoding="utf-8")
    return path


def _decisions(root: Path) -> dict[str, str]:
    return {q.value: d.rule for q, d in load_glossary(root).decisions.items()}


def test_the_import_declares_what_the_rules_state_and_the_engine_follows_it(tmp_path: Path) -> None:
    base = write_base(tmp_path)
    document = _document(tmp_path)
    report = run_import(document, "lf-1.0", base, write=False).report
    assert [(t["entry"], t["kind"]) for t in report["tasks"] if t["kind"] in ("decided", "decides")] == [
        ("4.2.a", "decided"), ("4.1.1", "decided"), ("4.1.2.b", "decided"), ("4.2.b", "decided"), ("4.3.a", "decided")]
    assert _decisions(base) == {}   # --check writes nothing
    run_import(document, "lf-1.0", base, write=True)
    assert _decisions(base) == {"boosted-statistics": "4.2.a", "asleep-statistics": "4.1.1",
                                "fleeting-to-reserve": "4.1.2.b", "mana-payment": "4.2.b", "token-controller": "4.3.a"}
    section = yaml.safe_load((base / "rules" / "4" / "4.1.1.yaml").read_text(encoding="utf-8"))
    assert section["body"]["decides"] == {"asleep-statistics": DECIDABLE[Question.ASLEEP_STATISTICS][0]}
    assert_each_followed(load_glossary(base).decisions)   # the scenarios the seed glossary refuses, each declared above
    assert run_import(document, "lf-1.0", base, write=True).written == []   # twice: nothing changes


def test_an_editors_declaration_is_never_overwritten(tmp_path: Path) -> None:
    """The editors moved fleeting-to-reserve to 4.1.2.a: the next import keeps it there, says the
    document states it in 4.1.2.b, and declares nothing twice (the glossary would not load)."""
    base = write_base(tmp_path)
    document = _document(tmp_path)
    run_import(document, "lf-1.0", base, write=True)
    path = base / "rules" / "4" / "4.1.2.yaml"
    section = yaml.safe_load(path.read_text(encoding="utf-8"))
    rules = {p["id"]: p for p in section["paragraphs"]}
    rules["4.1.2.a"]["decides"] = rules["4.1.2.b"].pop("decides")
    path.write_text(yaml.safe_dump(section, allow_unicode=True, sort_keys=False), encoding="utf-8")
    outcome = run_import(document, "lf-1.0", base, write=True)   # rewrites the file this test dumped in its own style
    assert _decisions(base)["fleeting-to-reserve"] == "4.1.2.a"
    assert run_import(document, "lf-1.0", base, write=True).written == []
    notes = [t for t in outcome.report["tasks"] if t["kind"] == "decides"]
    assert [(t["entry"], "already gives" in t["message"]) for t in notes] == [("4.1.2.b", True)]


def test_a_hedged_rule_is_not_declared_and_its_heading_is_a_task(tmp_path: Path) -> None:
    base = write_base(tmp_path)
    document = _document(tmp_path, fleeting="Unless it is Anchored, a Fleeting Character that would go to the Reserve "
                                             "from its expedition is discarded instead.")
    outcome = run_import(document, "lf-1.0", base, write=True)
    assert "fleeting-to-reserve" not in _decisions(base)
    tasks = [(t["entry"], t["kind"]) for t in outcome.report["tasks"] if "fleeting-to-reserve" in t["message"]]
    assert tasks == [("4.1.2.b", "decides"), ("4.1.2", "decides")]
