"""Day progress (1.3.2, 4.2.1)."""

from __future__ import annotations

import pytest

import engine
from engine import Card, Mode, Phase, RulesSilent, Zone
from engine_boards import HERO, game, put_character


def _decks(g: engine.Game) -> None:
    for player in g.board.players:
        player.deck = [Card("card") for _ in range(4)]


def test_in_a_four_player_game_the_player_to_the_left_succeeds() -> None:
    g = engine.Game.new(["Alice", "Bob", "Carol", "Dave"], mode=Mode.FREE_FOR_ALL, first_player="Dave")
    _decks(g)
    engine.play_phase(g, Phase.MORNING)
    assert g.board.first_player == "Alice"
    assert "first-player-succeed" in g.log.trace.rulings_cited()


def test_prepare_readies_characters_and_mana_orbs() -> None:
    g = game()
    _decks(g)
    scout = put_character(g, "Alice", HERO, "Scout 1/0/0 Adventurer")
    scout.exhausted = True
    orb = g.enter(Card(None, engine.ObjectType.MANA_ORB), Zone.MANA, "Alice", exhausted=True)
    engine.play_phase(g, Phase.MORNING)
    assert not scout.exhausted and not orb.exhausted
    assert "prepare-mana-orbs" in g.log.trace.rulings_cited()


def test_each_player_draws_two_cards_in_the_morning() -> None:
    g = game()
    _decks(g)
    engine.play_phase(g, Phase.MORNING)
    assert [len(p.hand) for p in g.board.players] == [2, 2]


def test_a_morning_with_an_empty_deck_is_refused() -> None:
    g = game()
    with pytest.raises(RulesSilent, match="Deck holds 0"):
        engine.play_phase(g, Phase.MORNING)


def test_the_night_is_refused() -> None:
    with pytest.raises(RulesSilent, match="1.3.2.f"):
        engine.play_phase(game(), Phase.NIGHT)


def test_a_phase_earlier_than_the_current_one_starts_a_new_day() -> None:
    g = game()
    g.board.day = 2
    _decks(g)
    engine.play_phase(g, Phase.DUSK)
    engine.play_phase(g, Phase.MORNING)
    assert g.board.day == 3
