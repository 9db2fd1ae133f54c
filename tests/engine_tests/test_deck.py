"""Deck legality (1.1.4 and the game-mode pages)."""

from __future__ import annotations

from engine import DECK_RULES, DeckCard, DeckFormat, Faction, Rarity, check_deck

AXIOM = Faction.AXIOM
HERO = DeckCard("Sierra & Oddball", "hero", AXIOM, None)


def test_four_kelon_elementals_of_two_rarities_break_the_name_limit() -> None:
    deck = [HERO, DeckCard("Kelon Elemental", faction=AXIOM, rarity=Rarity.COMMON, count=2), DeckCard("Kelon Elemental", faction=AXIOM, rarity=Rarity.RARE, count=2)]
    report = check_deck(deck, DeckFormat.STANDARD)
    assert report.violations == ["1.1.4.c", "1.1.4.e"]
    assert not report.legal


def test_39_cards_and_a_hero_are_legal_and_tokens_are_not_counted() -> None:
    deck = [HERO] + [DeckCard(f"Card {i}", faction=AXIOM, rarity=Rarity.COMMON, count=3) for i in range(13)] + [DeckCard("Brassbug", "token", count=9)]
    assert check_deck(deck, DeckFormat.CONSTRUCTED).legal
    assert check_deck(deck[:-2] + [DeckCard("Card 12", faction=AXIOM, rarity=Rarity.COMMON, count=2), DeckCard("Brassbug", "token", count=9)], DeckFormat.CONSTRUCTED).violations == ["1.1.4.c"]


def test_sixteen_rares_and_four_uniques_break_f_and_g() -> None:
    deck = [HERO] + [DeckCard(f"Rare {i}", faction=AXIOM, rarity=Rarity.RARE) for i in range(16)]
    deck += [DeckCard(f"Unique {i}", faction=AXIOM, rarity=Rarity.UNIQUE) for i in range(4)]
    deck += [DeckCard(f"Common {i}", faction=AXIOM, rarity=Rarity.COMMON) for i in range(19)]
    assert check_deck(deck, DeckFormat.MULTIPLAYER).violations == ["1.1.4.f", "1.1.4.g"]


def test_a_neutral_card_is_not_of_the_heros_faction() -> None:
    deck = [HERO] + [DeckCard(f"Card {i}", faction=AXIOM, rarity=Rarity.COMMON, count=3) for i in range(13)] + [DeckCard("Neutral Thing", rarity=Rarity.COMMON)]
    assert check_deck(deck, DeckFormat.STANDARD).violations == ["1.1.4.d"]


def test_sealed_counts_the_hero_toward_thirty_and_ignores_rarity_and_names() -> None:
    deck = [DeckCard("Akesha & Taru", "hero", Faction.LYRA, None), DeckCard("Same Rare", faction=Faction.LYRA, rarity=Rarity.RARE, count=29)]
    assert check_deck(deck, DeckFormat.SEALED).legal
    assert check_deck(deck[1:], DeckFormat.SEALED).violations == ["sealed.min-cards"]


def test_draft_rule_ids_are_stable_and_documented() -> None:
    deck = [DeckCard("Kojo & Booda", "hero", Faction.BRAVOS, None), DeckCard("Hero Two", "hero", Faction.BRAVOS, None)]
    deck += [DeckCard(f"Card {f.value}", faction=f, rarity=Rarity.COMMON, count=7) for f in (Faction.LYRA, Faction.MUNA, Faction.YZMIR, Faction.AXIOM)]
    report = check_deck(deck, DeckFormat.DRAFT)
    assert report.violations == ["draft.max-heroes", "draft.max-factions", "draft.hero-faction"]
    assert set(report.violations) <= set(DECK_RULES[DeckFormat.DRAFT])
