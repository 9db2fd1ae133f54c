"""What rides on a rule the imported document no longer has: its citations are pinned to the latest
release that held it ("2.5.a@2031.1"), so they keep quoting the text they were written against;
and each official version imported as its own release, in order, with its history and diffs.
All on the seed-era glossary of the invented game Lanternfall (base_glossary.py)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
import yaml

from altered_rules.cli.main import main
from altered_rules.cli.release_cli import record_release
from altered_rules.content.glossary import GlossaryError, load_glossary
from altered_rules.content.glossary.identity import rename_references
from altered_rules.content.glossary.model import english_hash
from altered_rules.official.importing import ImportFailure, run_import

from .base_glossary import write_base

FIXTURES = Path(__file__).parent.parent / "fixtures" / "import"
V1, V2 = FIXTURES / "lanternfall-1.0.txt", FIXTURES / "lanternfall-2.0.txt"
EMBER = "An ember glows for one round after its lamp goes out."   # base 2.5.a: Lanternfall 1.0 has no such rule


def _text(en: str, fr: str, it: str) -> str:
    return json.dumps({"en": en, "fr": fr, "it": it, "from": english_hash(en)}, ensure_ascii=False)


def _ruling(root: Path) -> Path:
    """A ruling written against 2.5.a: it cites it, lists it and quotes it."""
    path = root / "rulings" / "embers.yaml"
    path.parent.mkdir(exist_ok=True)
    conflict = _text("Rule 2.5.a reads: {rule-text 2.5.a} It says nothing of a cellar.",
                     "La règle 2.5.a dit : {rule-text 2.5.a} Elle ne dit rien de la cave.",
                     "La regola 2.5.a dice: {rule-text 2.5.a} Non dice nulla della cantina.")
    path.write_text(f"""id: embers
title: {_text("Embers after a lamp", "Les braises après une lampe", "Le braci dopo una lampada")}
rules: ["2.5.a", "1.2.a"]
authority: editorial
date: "2031-03-01"
conflict: {conflict}
reading: {_text("An ember glows one round (2.5.a).", "Une braise rougeoie un tour (2.5.a).", "Una brace arde un turno (2.5.a).")}
why: {_text("Nothing else speaks of embers.", "Rien d'autre ne parle des braises.", "Nient'altro parla delle braci.")}
""", encoding="utf-8")
    return path


def _release(root: Path, version: str, source: str | None = None) -> None:
    based_on = ({"sources": [source], "version": {"en": f"Lanternfall {source}"}, "date": "2031-03-03"} if source
                else {"sources": ["seed-000"], "version": {"en": "Seed"}, "date": "2031-01-01"})
    record_release(root, version, "2031-03-04", {"en": f"Release {version}."}, based_on, git=False, allow_stale=True)


@pytest.fixture
def released(tmp_path):
    """The seed-era glossary with a ruling on 2.5.a, recorded as release 2031.1."""
    root = write_base(tmp_path)
    _ruling(root)
    _release(root, "2031.1")
    return root


def test_citations_of_a_removed_rule_are_pinned_to_the_release_that_held_it(released):
    outcome = run_import(V1, "lf-1.0", released, write=True)
    assert outcome.written and "2.5.a" in outcome.result.removed
    glossary = load_glossary(released)
    ruling = next(r for r in glossary.rulings if r.id == "embers")
    assert ruling.rules == ("2.5.a@2031.1", "1.2.a")
    # the quotation keeps quoting the text it was written against, in every language
    assert glossary.in_language(ruling.conflict, "en") == f"Rule 2.5.a@2031.1 reads: \"{EMBER}\" It says nothing of a cellar."
    assert "Une braise rougeoie un tour après l’extinction de sa lampe." in glossary.in_language(ruling.conflict, "fr")
    # its translations were renumbered alike: still current
    assert ruling.conflict.translated_from["fr"] == english_hash(ruling.conflict.en)
    # the term citing it too; the scenarios of 2.5.a are kept for review, their rule pinned as well
    assert next(t for t in glossary.terms if t.id == "keeper").see == ("1.2.c",)
    review = yaml.safe_load((released.parent / "import-review-lf-1.0.yaml").read_text(encoding="utf-8"))
    row = next(r for r in review if r["was"] == "2.5.a")
    assert row["pinned_as"] == "2.5.a@2031.1" and row["cited_by"] == ["rulings/embers.yaml"]
    assert row["scenarios"][0]["rules"] == ["2.5.a@2031.1"]
    pinned = [t["message"] for t in outcome.report["tasks"] if t["kind"] == "pinned"]
    assert pinned == ["2.5.a: no rule continues it; its citations in rulings/embers.yaml now cite 2.5.a@2031.1, "
                      "the text they were written against: check what each says under the new text"]
    line = next(line for line in outcome.report["entries"] if line["old"] == "2.5.a")
    assert line["pinned_as"] == "2.5.a@2031.1" and line["cited_by"] == ["rulings/embers.yaml"]
    assert run_import(V1, "lf-1.0", released, write=True).written == []   # twice: nothing changes
    # the export says so, as its schema allows
    import jsonschema

    from altered_rules.site_assets.export import SCHEMA, export_glossary

    data = export_glossary(glossary, "fr", None)
    jsonschema.validate(data, SCHEMA, cls=jsonschema.Draft202012Validator)
    assert next(r for r in data["rulings"] if r["id"] == "embers")["rules"] == ["2.5.a@2031.1", "1.2.a"]


def test_without_a_release_the_import_says_to_record_one(tmp_path):
    root = write_base(tmp_path)
    _ruling(root)
    outcome = run_import(V1, "lf-1.0", root)
    unpinned = [t["message"] for t in outcome.report["tasks"] if t["kind"] == "unpinned"]
    assert unpinned and "record a release first" in unpinned[0]
    with pytest.raises(ImportFailure, match=r"embers\.yaml.*2\.5\.a"):
        run_import(V1, "lf-1.0", root, write=True)


def test_a_pinned_citation_names_a_release_and_a_rule_it_held(released):
    ruling = released / "rulings" / "embers.yaml"
    text = ruling.read_text(encoding="utf-8")
    ruling.write_text(text.replace('rules: ["2.5.a", "1.2.a"]', 'rules: ["2.5.a@2030.9", "2.5.z@2031.1"]'), encoding="utf-8")
    with pytest.raises(GlossaryError) as caught:
        load_glossary(released)
    message = str(caught.value)
    assert "embers.yaml:3: 2.5.a@2030.9: no release 2030.9 in releases.yaml" in message
    assert "embers.yaml:3: 2.5.z@2031.1: release 2031.1 holds no rule 2.5.z; its rules nearby: 2.5.a" in message
    ruling.write_text(text.replace("{rule-text 2.5.a}", "{rule-text 2.5.a-item-3@2031.1}"), encoding="utf-8")
    with pytest.raises(GlossaryError, match=r"2\.5\.a-item-3@2031\.1: release 2031\.1 holds no text 2\.5\.a-item-3"):
        load_glossary(released)


def test_a_pinned_citation_is_never_renumbered_and_links_to_its_release(released):
    assert rename_references("2.5.a@2031.1 and 2.5.a, {rule-text 2.5.a-item-2@2031.1}", {"2.5.a": "2.5.b"}) == \
        "2.5.a@2031.1 and 2.5.b, {rule-text 2.5.a-item-2@2031.1}"
    from altered_rules.pages.render import PageNotices, Renderer

    run_import(V1, "lf-1.0", released, write=True)
    glossary = load_glossary(released)
    html = Renderer(glossary).inline(PageNotices(), "as 2.5.a@2031.1 said, and 1.2.a", "rulings.md")
    assert '<a class="ar-ref ar-ref--pinned" href="../v/2031.1/r/2.5.a/">2.5.a (2031.1)</a>' in html
    assert html.count("<a ") == 2      # the pinned link's own number is not linked again


def test_each_official_version_is_its_own_release_in_order(released, capsys):
    """2031.1 (the seeds) -> import 1.0, release 2031.2 -> import 2.0, release 2031.3: the diffs
    between them follow each rule across its numbers, and its history lists them all."""
    run_import(V1, "lf-1.0", released, write=True)
    _release(released, "2031.2", "lf-1.0")
    run_import(V2, "lf-2.0", released, write=True)
    _release(released, "2031.3", "lf-2.0")
    # the same document again after its release: every rule is continued; the `was:` written
    # against 2031.2 stays as it is, never turned into `was: new` (the real 4.0 did 14 files so)
    assert run_import(V2, "lf-2.0", released, write=True).written == []
    assert main(["diff", "2031.2", "2031.3", "--glossary", str(released), "--json"]) == 0
    listed = json.loads(capsys.readouterr().out)["changes"]
    changes = {c["key"]: c for c in listed if c["kind"] != "removed"}
    expected = yaml.safe_load((FIXTURES / "lanternfall-2.0-was.yaml").read_text(encoding="utf-8"))
    moved = {key: str(was) for key, was in expected.items() if was != "new"}
    assert {key: changes[key]["renumbered_from"] for key in moved} == moved
    news = [key for key, was in expected.items() if was == "new"]
    assert {key: changes[key]["kind"] for key in news} == {key: "added" for key in news}
    assert [c["key"] for c in listed if c["kind"] == "removed"] == ["3.1.c"]   # 1.0's lamp-cost rule, gone in 2.0
    from altered_rules.pages.history import glossary_history

    history = glossary_history(load_glossary(released))
    assert history.former_numbers("2.1.3.a") == (("2.1.2.a", "2031.2"),)
    assert history.follow("2031.2", "2.1.2.a") == "2.1.3.a"
    # the ruling still cites 2.5.a as 2031.1 had it, through both imports
    assert next(r for r in load_glossary(released).rulings if r.id == "embers").rules[0] == "2.5.a@2031.1"
    assert main(["diff", "2031.1", "2031.3", "--glossary", str(released)]) == 0
    assert "2.5.a removed" in capsys.readouterr().out


def test_a_deck_rule_may_restate_a_rule_as_a_release_had_it(tmp_path):
    """The real chain 3.0 -> 4.0 removes the rule a game mode's deck rule restates: the import pins
    it ("1.1.4.c@2026.2") as every citation; the loader takes the pin, checked against its release."""
    import shutil

    root = tmp_path / "glossary"
    shutil.copytree(Path(__file__).resolve().parents[2] / "glossary", root)
    mode = root / "modes" / "standard.yaml"
    text = mode.read_text(encoding="utf-8")
    assert "      rule: 1.1.4.c\n" in text
    mode.write_text(text.replace("      rule: 1.1.4.c\n", "      rule: 1.1.4.c@2026.1\n", 1), encoding="utf-8")
    glossary = load_glossary(root)
    deck_rule = next(r for m in glossary.modes for r in m.deck_rules if r.id == "standard.deck-size")
    assert deck_rule.rule == "1.1.4.c@2026.1"
    mode.write_text(text.replace("      rule: 1.1.4.c\n", "      rule: 1.1.4.z@2026.1\n", 1), encoding="utf-8")
    with pytest.raises(GlossaryError, match=r"standard\.yaml:\d+: 1\.1\.4\.z@2026\.1: release 2026\.1 holds no rule 1\.1\.4\.z"):
        load_glossary(root)
