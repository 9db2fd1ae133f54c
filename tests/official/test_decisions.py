"""Where the imported official rules decide what the seeds leave open (issue 37), the engine follows
and cites them; without such a rule it refuses or enumerates as it always did.

The tie between a rule and a question is declared data (`decides:`, engine.decisions): the engine
never reads prose. Both glossaries are verified here: the seed glossary, which declares nothing,
and a synthetic imported one (tests/official/decided_glossary.py) whose rules decide a boost's
effect on statistics, Asleep, Fleeting and paying with Mana.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
import yaml

import engine
from altered_rules.cli.main import main
from altered_rules.content.glossary import GlossaryError, load_glossary
from altered_rules.verification.checks import verify_glossary
from engine.decisions import DECIDABLE, HAND_COST, Question, read_decisions
from tests.official.decided_glossary import (DECIDED, FLEETING_TO_RESERVE, MANA_TWICE, SCENARIOS, SECTIONS, followed, scenario,
                                             write_decided)

PROJECT = Path(__file__).resolve().parents[2]


@pytest.fixture(scope="module")
def decided_root(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return write_decided(tmp_path_factory.mktemp("decided"))


@pytest.fixture(scope="module")
def decided(decided_root: Path) -> Any:
    return load_glossary(decided_root)


# ---- both glossaries verified ------------------------------------------------------------------
def test_the_synthetic_imported_glossary_verifies(decided_root: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """`altered-rules verify --glossary` on the seed glossary with the synthetic document's rules:
    every seed scenario and every new one passes."""
    assert main(["verify", "--glossary", str(decided_root)]) == 0, capsys.readouterr().out[-3000:]


def test_the_seed_glossary_verifies_and_decides_nothing(capsys: pytest.CaptureFixture[str]) -> None:
    seed = load_glossary(PROJECT / "glossary")
    assert seed.decisions == {}
    assert main(["verify", "--glossary", str(PROJECT / "glossary")]) == 0, capsys.readouterr().out[-3000:]


def test_the_decided_glossary_holds_one_decision_per_declared_rule(decided: Any) -> None:
    assert {q.value: (d.rule, d.answer) for q, d in decided.decisions.items()} == {
        key: (rule, _declared()[key]) for key, (rule, _) in DECIDED.items()
    }
    # Asleep is decided by a heading's body (2.4.3 has no lettered rule, as in the Complete Rules).
    assert decided.sections["2.4.3"].body.decides == {"asleep-statistics": DECIDABLE[Question.ASLEEP_STATISTICS][0]}


# ---- each question: answered and cited with the rule, refused or enumerated without it ----------
@pytest.mark.parametrize("key", sorted(DECIDED))
def test_the_engine_follows_and_cites_the_rule_that_decides(decided: Any, key: str) -> None:
    rule, data = DECIDED[key]
    result = engine.run_scenario(scenario(data), decisions=decided.decisions)
    assert result.passed, (result.error, result.differences)
    assert followed(result) == [(rule,)], [str(line) for line in result.trace]


@pytest.mark.parametrize("key", sorted(DECIDED))
def test_without_the_rule_the_same_scenario_is_refused_or_enumerated(key: str) -> None:
    _, data = DECIDED[key]
    result = engine.run_scenario(scenario(data))
    assert not result.passed
    assert isinstance(result.error, engine.RulesSilent), result.error
    assert followed(result) == []


def test_every_synthetic_scenario_runs_as_the_verification_runs_it(decided: Any) -> None:
    verification = verify_glossary(decided)
    names = {data["name"] for data in SCENARIOS}
    ran = {check.data["name"]: check for check in verification.checks if check.data and check.data.get("name") in names}
    assert set(ran) == names
    assert all(check.passed for check in ran.values()), [c.error or c.result for c in ran.values() if not c.passed]


def test_a_decided_reading_question_is_followed_instead_of_enumerated() -> None:
    """A question the engine enumerates (which cost a card played from the Discard pile pays) is
    followed where a rule decides it: no `undecided:` then, the rule's reading and its citation."""
    data = {
        "name": "Played from the Discard pile by its own text, a rule says it pays its Hand cost",
        "given": {"players": ["Alice", "Bob"], "Alice": {"mana": 5, "hero": {"characters": [
            {"name": "Phoenix", "stats": "2/2/2", "subtypes": ["Spirit"], "hand_cost": 4, "reserve_cost": 3,
             "reactions": ["When I'm sacrificed | You may play me"]}]}}},
        "when": {"effect": "Sacrifice a Character", "controller": "Alice"},
        "choices": [{"Alice": "yes"}, {"Alice": "Alice.hero"}],
        "then": {"cost.printed": "Hand cost", "cost.mana": 4},
    }
    decisions = read_decisions({"9.9.a": {"play-cost": HAND_COST}})
    assert list(decisions) == [Question.PLAY_COST]
    result = engine.run_scenario(scenario(data), decisions=decisions)
    assert result.passed, (result.error, result.differences)
    assert any(line.rules == ("9.9.a",) for line in result.trace)
    assert engine.run_scenario(scenario(data)).error is not None  # enumerated: the readings differ


# ---- the declarations are checked against the engine's one table ---------------------------------
def _broken(root: Path, decides: object) -> GlossaryError:
    path = root / "rules" / "2" / "2.5.1.yaml"
    section = yaml.safe_load(path.read_text(encoding="utf-8"))
    section["paragraphs"][1]["decides"] = decides
    path.write_text(yaml.safe_dump(section, allow_unicode=True, sort_keys=False), encoding="utf-8")
    with pytest.raises(GlossaryError) as caught:
        load_glossary(root)
    return caught.value


def test_an_unknown_question_is_refused_naming_the_allowed_ones(tmp_path: Path) -> None:
    error = _broken(write_decided(tmp_path), {"boost-effect": "each boost adds 1 to each statistic"})
    [problem] = error.errors
    assert problem.path.endswith("2.5.1.yaml") and problem.line
    assert "'boost-effect'" in problem.message
    assert all(q.value in problem.message for q in Question)


def test_an_answer_the_engine_cannot_follow_is_refused_naming_its_answers(tmp_path: Path) -> None:
    error = _broken(write_decided(tmp_path), {"boosted-statistics": "each boost doubles the statistics"})
    [problem] = error.errors
    assert "each boost doubles the statistics" in problem.message
    assert DECIDABLE[Question.BOOSTED_STATISTICS][0] in problem.message


def test_a_question_decided_by_two_rules_is_refused(tmp_path: Path) -> None:
    error = _broken(write_decided(tmp_path), {"fleeting-to-reserve": "it is discarded instead"})
    [problem] = error.errors
    assert "2.4.6.b" in problem.message and "2.5.1.b" in problem.message and "fleeting-to-reserve" in problem.message


def test_decides_must_be_a_mapping(tmp_path: Path) -> None:
    error = _broken(write_decided(tmp_path), ["boosted-statistics"])
    [problem] = error.errors
    assert "must be a mapping" in problem.message


def _declared() -> dict[str, str]:
    """Each question the synthetic sections declare, and the answer they declare."""
    return {key: answer for section in SECTIONS.values()
            for entry in [*section["paragraphs"], section.get("body") or {}] for key, answer in entry.get("decides", {}).items()}


def test_the_fixture_declares_only_the_engine_questions() -> None:
    declared = _declared()
    assert set(declared) == set(DECIDED) and set(declared) <= {q.value for q in Question}
    assert all(answer in DECIDABLE[Question(key)] for key, answer in declared.items())


@pytest.mark.parametrize("language", ["en", "fr", "it"])
def test_the_editors_docs_list_every_question_and_answer(language: str) -> None:
    """docs/<language>/editing.md tells editors the questions and answers of engine.decisions, the one table."""
    text = (PROJECT / "docs" / language / "editing.md").read_text(encoding="utf-8")
    section = text[text.index("{ #decides }"):]
    section = section[:section.index("\n## ")]
    rows = {line.split("|")[1].strip().strip("`"): line.split("|")[2] for line in section.splitlines() if line.startswith("| `")}
    assert set(rows) == {q.value for q in Question}
    for question, answers in DECIDABLE.items():
        assert all(f"`{answer}`" in rows[question.value] for answer in answers), (question, rows[question.value])


# ---- the sandbox follows the glossary's decisions, as verify does --------------------------------
def _sandbox_run(archive: bytes, folder: Path, data: dict[str, Any]) -> dict[str, Any]:
    """The boost scenario in the sandbox, unpacked alone from `archive` as in the browser."""
    import io
    import json
    import subprocess
    import sys
    import zipfile

    zipfile.ZipFile(io.BytesIO(archive)).extractall(folder)
    probe = ("import sys; sys.path.insert(0, sys.argv[1]); from altered_rules.site_assets.sandbox_runtime import call; "
             "print(call('run', sys.argv[2]))")
    body = {k: v for k, v in data.items() if k != "caption"}
    done = subprocess.run([sys.executable, "-I", "-S", "-c", probe, str(folder), json.dumps({"data": [body]})],
                          cwd=folder, capture_output=True, text=True)
    assert done.returncode == 0, done.stderr
    (answer,) = json.loads(done.stdout)["scenarios"]
    return answer


def test_the_sandbox_archive_carries_the_decisions_and_follows_them(decided: Any, tmp_path: Path) -> None:
    from altered_rules.site_assets.sandbox import engine_archive

    _, data = DECIDED["boosted-statistics"]
    followed = _sandbox_run(engine_archive(decided.cards, decided.deck_limits, decided.decisions), tmp_path / "decided", data)
    assert followed["status"] == "passed", followed
    assert any(line["rules"] == ["2.5.1.b"] for line in followed["trace"])
    refused = _sandbox_run(engine_archive(decided.cards, decided.deck_limits), tmp_path / "seed", data)
    assert refused["status"] != "passed" and refused["error"] is not None


# ---- the importer proposes declarations from headings, for the editors to confirm -----------------
def test_the_importer_proposes_decides_from_the_headings() -> None:
    from altered_rules.official.decisions import decision_tasks, propose_decisions
    from altered_rules.official.model import Document, Entry

    document = Document(version="3.0", entries=[
        Entry("2.4", "section", title="Statuses"),
        Entry("2.4.3", "subsection", title="Asleep", text="", items=["An Asleep Character adds nothing at Progress."], list_kind="unordered"),
        Entry("2.4.6", "subsection", title="Fleeting"),
        Entry("2.4.6.a", "rule", text="A card played from the Reserve is Fleeting."),
        Entry("2.4.6.b", "rule", text="A Fleeting Character goes to the Discard pile instead."),
        Entry("2.5.1", "subsection", title="Boost Counters"),
        Entry("2.5.1.a", "rule", text="Each boost raises each statistic by 1."),
        Entry("3.2.9", "subsection", title="Mana zone"),
        Entry("3.2.9.a", "rule", text="A Mana Orb pays one Mana."),
        Entry("3.2.10", "subsection", title="Reserve"),
    ])
    proposals = propose_decisions(document)
    assert [(p.heading, p.question.value, p.on_body, p.rules) for p in proposals] == [
        ("2.4.3", "asleep-statistics", True, ()),
        ("2.4.6", "fleeting-to-reserve", False, ("2.4.6.a", "2.4.6.b")),
        ("2.5.1", "boosted-statistics", False, ("2.5.1.a",)),
        ("3.2.9", "mana-payment", False, ("3.2.9.a",)),
    ]
    tasks = decision_tasks(document)
    assert {t.kind for t in tasks} == {"decides"}
    assert "on the body of 2.4.3" in tasks[0].message and "its statistics are not counted in its expedition's" in tasks[0].message


def test_the_trace_says_where_a_decided_move_went_and_how_mana_was_paid(decided: Any) -> None:
    """Under a decision the trace tells what happened: the Fleeting character went to the Discard
    pile (not "to the Reserve"), a cost the Mana Orbs cannot pay is not put as a reading."""
    fleeting = engine.run_scenario(scenario(FLEETING_TO_RESERVE), decisions=decided.decisions)
    put = next(line for line in fleeting.trace if line.message is not None and line.message.id == "put.new_object")
    assert "Discard pile" in str(put) and "Reserve" not in str(put)
    mana = engine.run_scenario(scenario(MANA_TWICE), decisions=decided.decisions)
    said = [line.message.id for line in mana.trace if line.message is not None]
    assert "play.cannot_pay_orbs" in said and "play.cannot_pay" not in said and "cost.paying_for" not in said


# ---- an editor's declaration rides on its rule through the next import ---------------------------
def test_decides_follows_its_rule_and_its_heading_body_through_the_next_import(tmp_path: Path) -> None:
    """Lanternfall 1.0 imported, an editor declares `decides:` on rule 2.1.2.b and on the body of
    2.1.3: importing 1.0 again keeps both; 2.0 renumbers the rule 2.1.3.b, and its declaration
    follows it (tests/official/test_import.py's fixtures)."""
    from altered_rules.cli.release_cli import record_release
    from altered_rules.official.importing import run_import

    from .base_glossary import write_base

    fixtures = PROJECT / "tests" / "fixtures" / "import"
    base = write_base(tmp_path)
    run_import(fixtures / "lanternfall-1.0.txt", "lf-1.0", base, write=True)
    rules = base / "rules" / "2"
    for name, where, decides in (("2.1.2.yaml", "paragraph", {"fleeting-to-reserve": "it is discarded instead"}),
                                 ("2.1.3.yaml", "body", {"asleep-statistics": "its statistics are not counted in its expedition's"})):
        path = rules / name
        section = yaml.safe_load(path.read_text(encoding="utf-8"))
        if where == "body":
            section["body"]["decides"] = decides
        else:
            next(p for p in section["paragraphs"] if p["id"] == "2.1.2.b")["decides"] = decides
        path.write_text(yaml.safe_dump(section, allow_unicode=True, sort_keys=False), encoding="utf-8")
    declared = {"fleeting-to-reserve": "2.1.2.b", "asleep-statistics": "2.1.3"}
    assert {q.value: d.rule for q, d in load_glossary(base).decisions.items()} == declared
    run_import(fixtures / "lanternfall-1.0.txt", "lf-1.0", base, write=True)
    assert {q.value: d.rule for q, d in load_glossary(base).decisions.items()} == declared
    record_release(base, "2031.1", "2031-03-04", {"en": "Lanternfall 1.0 imported."},
                   {"sources": ["lf-1.0"], "version": {"en": "Complete Rules 1.0"}, "date": "2031-03-03"}, git=False,
                   allow_stale=True)
    run_import(fixtures / "lanternfall-2.0.txt", "lf-2.0", base, write=True)
    assert load_glossary(base).decisions[Question.FLEETING_TO_RESERVE].rule == "2.1.3.b"


# ---- the rule page says which question the rule decides ---------------------------------------
@pytest.mark.parametrize(("language", "label", "question"), [
    ("en", "The engine follows it on:", "what a boost does to a character's statistics"),
    ("fr", "Le moteur la suit sur\u00a0:", "ce qu'un boost fait aux statistiques d'un Personnage"),
    ("it", "Il motore la segue su:", "che cosa fa un rinforzo alle statistiche di un Personaggio"),
])
def test_the_rule_page_says_what_the_rule_decides_for_the_engine(decided: Any, language: str, label: str, question: str) -> None:
    import html

    from altered_rules.pages.render import Renderer

    renderer = Renderer(decided, language)
    chapter = next(c for c in decided.chapters if c.number == "2")
    page = renderer.chapter(chapter).markdown
    rule = page[page.index('id="2.5.1.b"'):]
    rule = rule[:rule.index("</div>")]
    assert html.escape(label) in rule and html.escape(question) in rule, rule
    body = page[page.index("{ #2.4.3 }"):]
    body = body[body.index('class="ar-section-body"'):]
    assert 'class="ar-meta__item ar-meta__decides"' in body[:body.index("</div>")]
    seed = Renderer(load_glossary(PROJECT / "glossary"), language)
    assert "ar-meta__decides" not in seed.chapter(next(c for c in seed.glossary.chapters if c.number == "2")).markdown


def test_the_import_report_lists_the_proposals_as_editor_tasks(tmp_path: Path) -> None:
    """Lanternfall 1.0 with a heading renamed "Asleep" (2.1.3, a body and rules): `import --check`
    lists it as a `decides` task; the import writes no declaration."""
    import json

    from altered_rules.official.importing import run_import

    from .base_glossary import write_base

    data = json.loads((PROJECT / "tests" / "fixtures" / "import" / "lanternfall-1.0.json").read_text(encoding="utf-8"))
    next(e for e in data["entries"] if e["id"] == "2.1.3")["title"] = "Asleep"
    document = tmp_path / "asleep.json"
    document.write_text(json.dumps(data), encoding="utf-8")
    base = write_base(tmp_path)
    report = run_import(document, "lf-1.0", base, write=False).report
    decides = [t for t in report["tasks"] if t["kind"] == "decides"]
    assert [(t["entry"], "asleep-statistics" in t["message"]) for t in decides] == [("2.1.3", True)]
    run_import(document, "lf-1.0", base, write=True)
    assert load_glossary(base).decisions == {}


@pytest.mark.parametrize("key", sorted(DECIDED))
def test_a_scenario_file_is_judged_with_the_glossarys_decisions(decided_root: Path, tmp_path: Path, key: str,
                                                                capsys: pytest.CaptureFixture[str]) -> None:
    """`verify FILE --glossary G` follows what G's rules decide, as G's own scenarios and the site do;
    with the seed glossary, which decides nothing, the same file is refused."""
    _, data = DECIDED[key]
    path = tmp_path / f"{key}.yaml"
    path.write_text(yaml.safe_dump([{k: v for k, v in data.items() if k != "caption"}], sort_keys=False), encoding="utf-8")
    assert main(["verify", str(path), "--glossary", str(decided_root)]) == 0, capsys.readouterr().out[-2000:]
    capsys.readouterr()
    assert main(["verify", str(path), "--glossary", str(PROJECT / "glossary")]) == 1
    assert "1 failed" in capsys.readouterr().out
