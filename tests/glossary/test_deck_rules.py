"""The game modes' deck rules, as the glossary states them, and the rules the engine checks
are the same rules: every violation the engine can report is a rule the glossary shows."""

from __future__ import annotations

import engine


def test_every_rule_the_engine_checks_is_a_deck_rule_of_the_glossary(glossary):
    modes = {m.deck_format: m for m in glossary.modes if m.deck_format}
    for deck_format, rules in engine.DECK_RULES.items():
        if deck_format.value == "constructed":
            continue  # 1.1.4 itself, not a game-mode page
        mode = modes[deck_format.value]
        shown = {r.id for r in mode.deck_rules} | {r.rule for r in mode.deck_rules if r.rule}
        shown |= {rule.id for rule in glossary.paragraphs.values() if rule.id.startswith("1.1.4.")}
        assert set(rules) <= shown, f"{deck_format.value}: {sorted(set(rules) - shown)}"


def test_the_engine_checks_the_numbers_the_glossary_states(glossary):
    """Each format's numbers (engine.deck.DECK_LIMITS, read by the checks and the rules' texts) are
    those of its game mode's deck rules' `check:` data, field by field (absent: no such limit)."""
    from dataclasses import fields

    modes = {m.deck_format: m for m in glossary.modes if m.deck_format}
    assert modes, "no game mode has deck rules"
    for deck_format, mode in modes.items():
        checks = {k: v for rule in mode.deck_rules for k, v in rule.check.items()}
        limits = engine.DECK_LIMITS[engine.DeckFormat(deck_format)]
        stated = {f.name: checks.get(f.name) for f in fields(limits)}
        assert stated == {f.name: getattr(limits, f.name) for f in fields(limits)}, mode.id
        # `counting`: constructed counts the cards besides the Hero (1.1.4.c), limited all of them.
        assert checks.get("counting") == ("non-hero" if limits.heroes_exactly else "all"), mode.id


def test_standard_and_multiplayer_restate_1_1_4(glossary):
    for mode_id in ("standard", "multiplayer-2v2"):
        mode = next(m for m in glossary.modes if m.id == mode_id)
        restated = {rule.rule for rule in mode.deck_rules if rule.rule}
        assert {"1.1.4.c", "1.1.4.d", "1.1.4.e", "1.1.4.f", "1.1.4.g"} <= restated
