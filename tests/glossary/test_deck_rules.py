"""The game modes' deck rules are where the deck limits live: the engine checks every rule the
glossary shows, with the numbers the glossary states (Glossary.deck_limits, built from the deck
rules' `check:` data), and a number missing or contradicted is an error naming its file and line."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

import engine
from altered_rules.content.glossary import GlossaryError, load_glossary


def test_every_rule_the_engine_checks_is_a_deck_rule_of_the_glossary(glossary):
    modes = {m.deck_format: m for m in glossary.modes if m.deck_format}
    for deck_format, rules in engine.DECK_RULE_IDS.items():
        if deck_format.value == "constructed":
            continue  # 1.1.4 itself, not a game-mode page
        mode = modes[deck_format.value]
        shown = {r.id for r in mode.deck_rules} | {r.rule for r in mode.deck_rules if r.rule}
        shown |= {rule.id for rule in glossary.paragraphs.values() if rule.id.startswith("1.1.4.")}
        assert set(rules) <= shown, f"{deck_format.value}: {sorted(set(rules) - shown)}"


def test_each_format_gets_the_numbers_its_modes_state(glossary):
    """Field by field, each format's limits are its game mode's `check:` numbers (constructed,
    which has no page, those of Standard and Multiplayer, which restate 1.1.4)."""
    assert set(glossary.deck_limits) == set(engine.DeckFormat)
    for mode in glossary.modes:
        if not mode.deck_format:
            continue
        limits = glossary.deck_limits[engine.DeckFormat(mode.deck_format)]
        stated = {k: v for rule in mode.deck_rules for k, v in rule.check.items() if v is not None}
        for name in engine.deck.limits_checked(engine.DeckFormat(mode.deck_format)):
            assert getattr(limits, name) == stated[name], (mode.id, name)
    assert glossary.deck_limits[engine.DeckFormat.CONSTRUCTED] == glossary.deck_limits[engine.DeckFormat.STANDARD]


def test_standard_and_multiplayer_restate_1_1_4(glossary):
    for mode_id in ("standard", "multiplayer-2v2"):
        mode = next(m for m in glossary.modes if m.id == mode_id)
        restated = {rule.rule for rule in mode.deck_rules if rule.rule}
        assert {"1.1.4.c", "1.1.4.d", "1.1.4.e", "1.1.4.f", "1.1.4.g"} <= restated


def _edit(path: Path, old: str, new: str) -> int:
    """Replace the one `old` of the file with `new`; the line it is on."""
    text = path.read_text(encoding="utf-8")
    assert text.count(old) == 1, old
    path.write_text(text.replace(old, new), encoding="utf-8")
    return text[:text.index(old)].count("\n") + 1


def _errors(root: Path) -> list[str]:
    with pytest.raises(GlossaryError) as caught:
        load_glossary(root)
    return [str(e) for e in caught.value.errors]


def test_a_minimum_changed_in_the_glossary_is_the_one_the_engine_checks(glossary, glossary_copy):
    """39 -> 40 in the Standard and Multiplayer pages (which share 1.1.4's numbers): a deck of a Hero
    and 39 other cards becomes one card short, and the rule's words say 40."""
    for name in ("standard.yaml", "multiplayer-2v2.yaml"):
        _edit(glossary_copy / "modes" / name, "min_cards: 39,", "min_cards: 40,")
    changed = load_glossary(glossary_copy)
    limits = changed.deck_limits[engine.DeckFormat.STANDARD]
    assert limits.min_cards == 40 and changed.deck_limits[engine.DeckFormat.CONSTRUCTED].min_cards == 40
    hero = engine.DeckCard("Sierra & Oddball", "hero", engine.Faction.AXIOM)
    deck = [hero] + [engine.DeckCard(f"Card {i}", faction=engine.Faction.AXIOM, count=3) for i in range(13)]
    assert engine.check_deck(deck, engine.DeckFormat.STANDARD, limits).violations == ["1.1.4.c"]
    assert engine.deck_rules(engine.DeckFormat.STANDARD, limits)["1.1.4.c"] == "at least 40 other cards (tokens do not count)"
    scenario, = engine.read_scenarios([{"name": "39 others", "given": {"format": "constructed", "deck": [
        {"name": "Sierra & Oddball", "type": "hero", "faction": "Axiom"},
        *({"name": f"Card {i}", "faction": "Axiom", "count": 3} for i in range(13))]},
        "when": "check_deck", "then": {"legal": True}}])
    assert engine.run_scenario(scenario, glossary.deck_limits).passed
    result = engine.run_scenario(scenario, changed.deck_limits)
    assert [str(d) for d in result.differences] == ["legal: expected true, actual false"]


def test_a_number_two_modes_sharing_1_1_4_state_differently_is_an_error_naming_both(glossary_copy):
    line = _edit(glossary_copy / "modes" / "multiplayer-2v2.yaml", "check: {max_rare: 15}", "check: {max_rare: 16}")
    errors = _errors(glossary_copy)
    assert len(errors) == 1, errors
    # The modes are read in file order: the later one is reported, naming the earlier.
    assert re.search(rf"modes/standard.yaml:\d+: .*'max_rare: 15' contradicts 'max_rare: 16' at .*modes/multiplayer-2v2.yaml:{line} ", errors[0]), errors


def test_a_number_a_format_checks_but_its_mode_does_not_state_is_an_error(glossary_copy):
    _edit(glossary_copy / "modes" / "sealed.yaml", "check: {max_factions: 3}", "check: {tokens_count: false}")
    line = _edit(glossary_copy / "modes" / "sealed.yaml", "deck:\n  format: sealed", "deck:\n  format: sealed") + 1
    (error,) = _errors(glossary_copy)
    assert re.search(rf"modes/sealed.yaml:{line}: game mode 'sealed' .*no deck rule states 'max_factions'", error), error


def test_no_limit_where_the_format_checks_a_number_is_an_error(glossary_copy):
    line = _edit(glossary_copy / "modes" / "standard.yaml", "check: {max_unique: 3}", "check: {max_unique: null}")
    (error,) = _errors(glossary_copy)
    assert re.search(rf"modes/standard.yaml:{line}: deck rule standard.max-unique .*'max_unique: null' says there is no such limit", error), error


def test_a_limit_the_format_does_not_have_and_a_wrong_counting_are_errors(glossary_copy):
    line = _edit(glossary_copy / "modes" / "sealed.yaml", "check: {max_rare: null, max_unique: null}", "check: {max_rare: 15, max_unique: null}")
    count_line = _edit(glossary_copy / "modes" / "booster-draft.yaml", "check: {min_cards: 30, counting: all}", "check: {min_cards: 30, counting: non-hero}")
    errors = _errors(glossary_copy)
    assert any(re.search(rf"modes/sealed.yaml:{line}: .*'max_rare: 15' is not a limit of the sealed format", e) for e in errors), errors
    assert any(re.search(rf"modes/booster-draft.yaml:{count_line}: .*'counting: non-hero'.*write counting: all", e) for e in errors), errors


def test_two_rules_of_one_mode_stating_a_number_differently_is_an_error(glossary_copy):
    line = _edit(glossary_copy / "modes" / "booster-draft.yaml", "check: {heroes_at_most: 1}\n", "check: {heroes_at_most: 2}\n")
    (error,) = _errors(glossary_copy)
    assert re.search(rf"booster-draft.yaml:{line}: deck rule draft.no-hero .*'heroes_at_most: 2' contradicts 'heroes_at_most: 1'", error), error


def test_every_number_of_deck_limits_is_a_deck_check_of_the_schema_and_the_formats_are_the_engines():
    from dataclasses import fields

    from altered_rules.content.glossary import schema

    assert {f.name for f in fields(engine.DeckLimits)} <= set(schema.DECK_CHECKS)
    assert schema.DECK_FORMATS == tuple(f.value for f in engine.DeckFormat)


def test_a_limit_edited_between_two_verifications_of_one_process_is_not_answered_from_memory(glossary_copy):
    """As `mkdocs serve` rebuilds: the deck scenarios' text is unchanged, so their memo key is too;
    the limits are part of the key, so the scenarios are run again with the new numbers."""
    from altered_rules.verification.checks import verify_glossary

    assert not verify_glossary(load_glossary(glossary_copy)).failures
    for name in ("standard.yaml", "multiplayer-2v2.yaml"):
        _edit(glossary_copy / "modes" / name, "min_cards: 39,", "min_cards: 40,")
    failed = {check.rule for check in verify_glossary(load_glossary(glossary_copy)).failures}
    assert {"1.1.4.c", "standard.deck-size"} <= failed, failed
