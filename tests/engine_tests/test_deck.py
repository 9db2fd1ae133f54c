"""Deck legality (1.1.4 and the game-mode pages), checked with the numbers the glossary's game
modes state (the `deck_limits` fixture): the engine holds none of its own."""

from __future__ import annotations

import dataclasses
import json

import pytest

from engine import DECK_RULE_IDS, DeckCard, DeckFormat, DeckLimits, Faction, Rarity, check_deck, deck_rules, read_deck_limits
from engine.deck import CONSTRUCTED_PLAY, deck_limits_data, requires_said

AXIOM = Faction.AXIOM
HERO = DeckCard("Sierra & Oddball", "hero", AXIOM, None)


def _commons(n: int, limits: DeckLimits) -> list[DeckCard]:
    """n common Axiom cards, as many of each name as 1.1.4.e allows."""
    copies = limits.max_copies_per_name
    return [DeckCard(f"Card {i}", faction=AXIOM, rarity=Rarity.COMMON, count=min(copies, n - copies * i))
            for i in range((n + copies - 1) // copies)]


def test_kelon_elementals_of_two_rarities_over_the_name_limit_break_it(deck_limits) -> None:
    limits = deck_limits[DeckFormat.STANDARD]
    half = limits.max_copies_per_name // 2 + 1   # each rarity within the limit, both together over it
    deck = [HERO, DeckCard("Kelon Elemental", faction=AXIOM, rarity=Rarity.COMMON, count=half),
            DeckCard("Kelon Elemental", faction=AXIOM, rarity=Rarity.RARE, count=half)]
    report = check_deck(deck, DeckFormat.STANDARD, limits)
    assert report.violations == ["1.1.4.c", "1.1.4.e"]
    assert not report.legal


def test_the_minimum_of_other_cards_is_legal_and_tokens_are_not_counted(deck_limits) -> None:
    limits = deck_limits[DeckFormat.CONSTRUCTED]
    deck = [HERO] + _commons(limits.min_cards, limits) + [DeckCard("Brassbug", "token", count=9)]
    assert check_deck(deck, DeckFormat.CONSTRUCTED, limits).legal
    short = [HERO] + _commons(limits.min_cards - 1, limits) + [DeckCard("Brassbug", "token", count=9)]
    assert check_deck(short, DeckFormat.CONSTRUCTED, limits).violations == ["1.1.4.c"]


def test_one_rare_and_one_unique_over_the_limits_break_f_and_g(deck_limits) -> None:
    limits = deck_limits[DeckFormat.MULTIPLAYER]
    rares, uniques = limits.max_rare + 1, limits.max_unique + 1
    deck = [HERO] + [DeckCard(f"Rare {i}", faction=AXIOM, rarity=Rarity.RARE) for i in range(rares)]
    deck += [DeckCard(f"Unique {i}", faction=AXIOM, rarity=Rarity.UNIQUE) for i in range(uniques)]
    deck += [DeckCard(f"Common {i}", faction=AXIOM, rarity=Rarity.COMMON) for i in range(max(0, limits.min_cards - rares - uniques))]
    assert check_deck(deck, DeckFormat.MULTIPLAYER, limits).violations == ["1.1.4.f", "1.1.4.g"]


def test_a_neutral_card_is_not_of_the_heros_faction(deck_limits) -> None:
    limits = deck_limits[DeckFormat.STANDARD]
    deck = [HERO] + _commons(limits.min_cards, limits) + [DeckCard("Neutral Thing", rarity=Rarity.COMMON)]
    assert check_deck(deck, DeckFormat.STANDARD, limits).violations == ["1.1.4.d"]


def test_sealed_counts_the_hero_toward_the_minimum_and_ignores_rarity_and_names(deck_limits) -> None:
    limits = deck_limits[DeckFormat.SEALED]
    deck = [DeckCard("Akesha & Taru", "hero", Faction.LYRA, None), DeckCard("Same Rare", faction=Faction.LYRA, rarity=Rarity.RARE, count=limits.min_cards - 1)]
    assert check_deck(deck, DeckFormat.SEALED, limits).legal
    assert check_deck(deck[1:], DeckFormat.SEALED, limits).violations == ["sealed.min-cards"]


def test_draft_rule_ids_are_stable_and_documented(deck_limits) -> None:
    limits = deck_limits[DeckFormat.DRAFT]
    deck = [DeckCard("Kojo & Booda", "hero", Faction.BRAVOS, None), DeckCard("Hero Two", "hero", Faction.BRAVOS, None)]
    deck += [DeckCard(f"Card {f.value}", faction=f, rarity=Rarity.COMMON, count=limits.min_cards)
             for f in [f for f in Faction if f is not Faction.BRAVOS][:limits.max_factions + 1]]   # one faction too many
    report = check_deck(deck, DeckFormat.DRAFT, limits)
    assert report.violations == ["draft.max-heroes", "draft.max-factions", "draft.hero-faction"]
    assert set(report.violations) <= set(DECK_RULE_IDS[DeckFormat.DRAFT])


def test_the_verdict_and_the_rules_words_follow_the_limits_given(deck_limits) -> None:
    """The same deck, one card over the minimum the glossary states, becomes one card short when
    the minimum given is two higher: the engine reads the number, it holds none."""
    limits = deck_limits[DeckFormat.STANDARD]
    deck = [HERO] + _commons(limits.min_cards + 1, limits)
    assert check_deck(deck, DeckFormat.STANDARD, limits).legal
    higher = dataclasses.replace(limits, min_cards=limits.min_cards + 2)
    report = check_deck(deck, DeckFormat.STANDARD, higher)
    assert report.violations == ["1.1.4.c"]
    assert report.why["1.1.4.c"].get("limit") == limits.min_cards + 2
    assert deck_rules(DeckFormat.STANDARD, higher)["1.1.4.c"] == f"at least {limits.min_cards + 2} other cards (tokens do not count)"
    assert requires_said("1.1.4.c", higher).get("limit") == limits.min_cards + 2
    sealed = dataclasses.replace(deck_limits[DeckFormat.SEALED], heroes_at_most=2, max_factions=1)
    assert deck_rules(DeckFormat.SEALED, sealed)["sealed.max-heroes"] == "at most 2 Hero cards"
    assert deck_rules(DeckFormat.SEALED, sealed)["sealed.max-factions"] == "cards from at most 1 faction"


def test_every_format_has_limits_and_its_rules_name_them(deck_limits) -> None:
    assert set(deck_limits) == set(DeckFormat)
    for deck_format in CONSTRUCTED_PLAY:
        assert deck_limits[deck_format] == deck_limits[DeckFormat.CONSTRUCTED]
    for deck_format, limits in deck_limits.items():
        assert list(deck_rules(deck_format, limits)) == list(DECK_RULE_IDS[deck_format])


def test_limits_lacking_a_number_the_format_checks_are_refused(deck_limits) -> None:
    with pytest.raises(ValueError, match="standard deck limits lack max_rare"):
        check_deck([HERO], DeckFormat.STANDARD, dataclasses.replace(deck_limits[DeckFormat.STANDARD], max_rare=None))
    with pytest.raises(ValueError, match="sealed deck limits lack max_factions"):
        check_deck([HERO], DeckFormat.SEALED, DeckLimits(min_cards=30, heroes_at_most=1))


def test_the_limits_as_json_read_back_and_bad_data_is_refused(deck_limits) -> None:
    data = json.loads(json.dumps(deck_limits_data(deck_limits)))
    assert read_deck_limits(data) == deck_limits
    with pytest.raises(ValueError, match="unknown format 'chess'"):
        read_deck_limits({"chess": data["standard"]})
    with pytest.raises(ValueError, match="standard must map exactly"):
        read_deck_limits({"standard": {**data["standard"], "min_cards": "39"}})
    with pytest.raises(ValueError, match="standard deck limits lack min_cards|standard must map"):
        read_deck_limits({"standard": {k: v for k, v in data["standard"].items() if k != "min_cards"}})
    with pytest.raises(ValueError, match="a mapping of formats"):
        read_deck_limits([1, 2])
