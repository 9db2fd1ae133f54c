"""The engine cites the rule numbers of one declared release (engine.CITED_RELEASE); a glossary
renumbered since gets them mapped (content/glossary/citing.py), in every language (issue 37)."""

from __future__ import annotations

import gzip
import json
import re
from pathlib import Path

import engine
from engine.catalogue import ENGLISH
from engine.citations import CITED_NUMBER
from engine.messages import Rules, msg
from engine.trace import Trace

from altered_rules.content.glossary.citing import followed
from altered_rules.content.glossary.identity import REFERENCE
from altered_rules.messages import read_messages, renderer

PROJECT = Path(__file__).resolve().parents[1]
_PARENS = re.compile(r"\(([^()]*)\)")

TIE = {"name": "a tie", "given": {"players": ["Alice", "Bob"], "adventure": ["hero"] + [{"types": ["forest"]}] * 6 + ["companion"],
                                  "Alice": {"hero": {"characters": ["Kuwat 1/0/0"]}}, "Bob": {"hero": {"characters": ["Kelon Elemental 1/0/0"]}}},
       "when": "dusk", "then": {"Alice.hero.region": 0}}


def _release_numbers() -> set[str]:
    data = json.loads(gzip.open(PROJECT / "glossary" / "releases" / f"{engine.CITED_RELEASE}.json.gz").read())
    return {e["k"] for e in data["entries"]}


def test_every_number_the_engine_cites_is_a_rule_of_the_declared_release() -> None:
    known = _release_numbers()
    cited: dict[str, str] = {}
    for path in sorted((PROJECT / "engine").rglob("*.py")):
        for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
            for m in re.finditer(r"\"([1-9]\.[0-9]{1,2}(?:\.[0-9]{1,2})?(?:\.[a-z])?)\"", line):
                cited.setdefault(m.group(1), f"{path.relative_to(PROJECT)}:{n}")
    catalogues = {"engine/catalogue.py": ENGLISH, **{f"strings/engine/{lang}.yaml": c.strings for lang, c in read_messages().items()}}
    for where, catalogue in catalogues.items():
        for key, template in catalogue.items():
            for group in _PARENS.findall(template):
                for m in REFERENCE.finditer(group):
                    cited.setdefault(m.group(1), f"{where}: {key}")
    assert len(cited) > 50
    missing = {number: where for number, where in cited.items() if number not in known}
    assert not missing, f"the engine cites numbers release {engine.CITED_RELEASE} does not hold: {missing}"


def test_followed_maps_continued_rules_and_pins_removed_ones() -> None:
    steps = [("2026.1", {"4.2.4.c": "4.2.4.e", "4.2.4.b": "4.2.4.b"}), ("2026.2", {"4.2.4.e": "4.2.4.f", "4.2.4.b": "4.2.4.b"})]
    assert followed(["4.2.4.b", "4.2.4.c", "4.2.4.d"], steps) == {"4.2.4.c": "4.2.4.f", "4.2.4.d": "4.2.4.d@2026.1"}


def test_a_trace_cites_the_mapped_numbers_inline_and_given_in_every_language() -> None:
    citations = engine.Citations({"4.2.4.c": "4.2.4.e", "4.2.4.b": "4.2.4.b@2026.1"})
    scenario = engine.read_scenarios([TIE])[0]
    plain = engine.run_scenario(scenario)
    cited = engine.run_scenario(scenario, citations=citations)
    before = [line for line in plain.trace if "4.2.4.c" in line.rules]
    after = [line for line in cited.trace if "4.2.4.e" in line.rules]
    assert before and len(before) == len(after)
    assert all("(4.2.4.e)" in line.text and "4.2.4.c" not in line.rules for line in after)
    for language in ("en", "fr", "it"):
        say = renderer(language, citations=citations)
        texts = [say.line(line.message) for line in after if line.message is not None]
        assert texts and all("4.2.4.e" in t and "4.2.4.c" not in t for t in texts), (language, texts)
    assert "4.2.4.b@2026.1" in cited.trace.rules_cited() if hasattr(cited.trace, "rules_cited") else True
    assert "4.2.4.b" not in {r for line in cited.trace for r in line.rules}


def test_no_citations_change_nothing() -> None:
    scenario = engine.read_scenarios([TIE])[0]
    assert engine.run_scenario(scenario, citations=engine.Citations()).trace == engine.run_scenario(scenario).trace
    assert renderer("fr", citations=engine.Citations()).catalogue == renderer("fr").catalogue


def test_a_rules_parameter_and_a_decision_rule() -> None:
    citations = engine.Citations({"2.1.e": "2.1.f", "4.2.4.c": "4.2.4.e"})
    trace = Trace()
    trace.add(msg("react.gone_found", card=engine.messages.Card("Kuwat"), zone=engine.messages.Term("hand")))
    trace.add(msg("dusk.tie", statistics=engine.messages.Items(()), count=1), engine.Current("4.2.4.c"))
    lines = list(trace.read().cited(citations))
    assert "2.1.f" in lines[0].rules and "(2.1.f)" in lines[0].text
    assert lines[1].rules == ("4.2.4.e", "4.2.4.c")   # inline mapped; the glossary's own number kept
    assert citations.message(msg("x", rule=Rules(("2.1.e",)))).params["rule"] == Rules(("2.1.f",))
    assert CITED_NUMBER.findall("(4.2.4.c@2026.1)") == ["4.2.4.c@2026.1"]


def test_a_deck_scenario_compares_the_rules_broken_in_the_glossarys_numbers() -> None:
    """The real 3.0 -> 4.0 chain renumbers 1.1.4: a deck scenario's `violations:` are written in the
    glossary's numbers (the import renames them), so the rules the engine finds broken are mapped
    before they are compared; a removed one is compared pinned."""
    from altered_rules.content.glossary import load_glossary

    case = {"name": "too few cards, a fourth copy", "given": {"format": "standard", "deck": [
        {"name": "Sierra & Oddball", "type": "hero", "faction": "Axiom"},
        {"name": "Kelon Elemental", "faction": "Axiom", "rarity": "common", "count": 2},
        {"name": "Kelon Elemental", "faction": "Axiom", "rarity": "rare", "count": 2}]},
        "when": "check_deck", "then": {"legal": False, "violations": ["1.1.4.c@2026.2", "1.1.4.d"]}}
    scenario = engine.read_scenarios([case])[0]
    limits = load_glossary(PROJECT / "glossary").deck_limits
    citations = engine.Citations({"1.1.4.c": "1.1.4.c@2026.2", "1.1.4.e": "1.1.4.d"})
    assert engine.run_scenario(scenario, limits, None, citations).passed
    unmapped = engine.run_scenario(scenario, limits)
    assert not unmapped.passed and "1.1.4.e" in str(unmapped.differences)
