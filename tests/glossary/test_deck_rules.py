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


def test_the_limited_formats_state_the_same_numbers(glossary):
    for mode_id in ("sealed", "booster-draft"):
        mode = next(m for m in glossary.modes if m.id == mode_id)
        checks = {k: v for rule in mode.deck_rules for k, v in rule.check.items()}
        assert checks["min_cards"] == 30 and checks["max_factions"] == 3 and checks["heroes_at_most"] == 1
        assert checks["max_copies_per_name"] is None and checks["max_rare"] is None


def test_standard_and_multiplayer_restate_1_1_4(glossary):
    for mode_id in ("standard", "multiplayer-2v2"):
        mode = next(m for m in glossary.modes if m.id == mode_id)
        restated = {rule.rule for rule in mode.deck_rules if rule.rule}
        assert {"1.1.4.c", "1.1.4.d", "1.1.4.e", "1.1.4.f", "1.1.4.g"} <= restated
