"""Card text: the token template (7.3.3.b), steps (6.1), reactions (6.3, 4.4), emblems (2.2.13)."""

from __future__ import annotations

import pytest

import engine
from engine import Duration, Phase, ScenarioError, Statistics, UnsupportedText, Zone
from engine.cardtext import CreateOngoing, Draw, KeywordAction, parse_effect
from engine.objects import Trigger
from engine_boards import COMPANION, HERO, game, put_character, trace_text


def test_open_the_gates_reads_as_two_tokens_in_each_expedition() -> None:
    (create,) = parse_effect("Create two Ordis Recruit 1/1/1 Soldier tokens in each of your Expeditions")
    assert isinstance(create, engine.cardtext.CreateTokens)
    assert (create.card.name, create.card.statistics, create.card.subtypes) == ("Ordis Recruit", Statistics(1, 1, 1), ("Soldier",))
    assert (create.count, create.destination, create.card.token) == (2, engine.cardtext.TokenDestination.EACH, True)
    assert create.card.reactions == () and create.card.keywords == frozenset()


def test_open_the_gates_resolves_in_one_step_of_four_atomic_actions() -> None:
    g = game()
    record = engine.resolve(g, "Create two Ordis Recruit 1/1/1 Soldier tokens in each of your Expeditions", "Alice")
    assert (record.steps, record.atomic_actions) == (1, 4)
    assert len(g.board.characters_in("Alice", HERO)) == 2 == len(g.board.characters_in("Alice", COMPANION))


def test_abilities_before_or_after_the_expedition_make_the_same_token() -> None:
    before = engine.parse_token_template('Create a Maw 0/0/0 Companion token with "At Noon | Draw a card" in your companion Expedition')
    after = engine.parse_token_template('Create a Maw 0/0/0 Companion token in your companion Expedition with "At Noon | Draw a card"')
    assert before.card == after.card
    assert before.card.reactions[0].trigger is Trigger.AT_NOON
    assert after.ability_after_location and not before.ability_after_location


def test_an_unknown_wording_is_refused_with_the_wordings_the_engine_reads() -> None:
    with pytest.raises(UnsupportedText) as caught:
        parse_effect("Exhaust target Character")
    assert "7.3.3.b" in str(caught.value) and "draw a card" in str(caught.value)


def test_spy_craft_reads_as_two_steps_whose_game_effect_the_sources_do_not_give() -> None:
    assert parse_effect("Sabotage, then Resupply") == [KeywordAction("Sabotage"), KeywordAction("Resupply")]


def test_a_misspelt_token_sub_type_lists_the_sub_types_of_2_2_2_d() -> None:
    with pytest.raises(ScenarioError, match="Soldier, Scholar"):
        parse_effect("Create a Recruit 1/1/1 Soldeir token in your hero Expedition")


def test_draw_and_celebration_day_wordings() -> None:
    assert parse_effect("Draw two cards") == [Draw(2)]
    assert parse_effect("Expeditions can´t move forward this Day") == [CreateOngoing("Expeditions can't move forward", Duration.DAY)]


def test_reactions_in_limbo_are_played_in_initiative_order() -> None:
    g = game(first_player="Bob")
    for name in ("Alice", "Bob"):
        card = engine.parse_token_template(f'Create a {name}ling 0/0/0 Spirit token with "At Noon | Draw a card" in your hero Expedition').card
        g.enter(card, Zone.EXPEDITION, name, expedition=HERO)
        g.board.player(name).deck = [engine.Card("card")]
    engine.play_phase(g, Phase.NOON)
    plays = [line.text.split(" plays")[0] for line in g.log.trace if " plays the Emblem-Reaction" in line.text]
    assert plays == ["Bob", "Alice"]


def test_a_reaction_stops_after_100_activations_in_a_day() -> None:
    g = game()
    engine_card = engine.parse_token_template(
        'Create a Spark Engine 0/0/0 Engineer token with "When a Character joins my Expedition | Create a Spark 0/0/0 Spirit token in my Expedition" in your hero Expedition'
    ).card
    source = g.enter(engine_card, Zone.EXPEDITION, "Alice", expedition=HERO)
    g.log.happenings.clear()
    engine.resolve(g, "Create a Spark 0/0/0 Spirit token in your hero Expedition", "Alice")
    assert g.log.activations[(source.id, 0)] == 100
    assert len(g.board.characters_in("Alice", HERO)) == 1 + 1 + 100
    assert "would be activated a 101st time" in trace_text(g)


def test_a_reaction_does_not_trigger_on_the_event_that_brought_it() -> None:
    g = game()
    engine.resolve(
        g,
        'Create a Watcher 0/0/0 Spirit token with "When a Character joins my Expedition | Draw a card" in your hero Expedition',
        "Alice",
    )
    assert g.board.player("Alice").hand == []  # 6.3.d: it did not exist before its own arrival


def test_celebration_day_blocks_progress_until_its_day_ends() -> None:
    g = game()
    put_character(g, "Alice", HERO, "Scout 1/0/0 Adventurer")
    engine.resolve(g, "Expeditions can't move forward this Day", "Bob")
    engine.dusk(g)
    assert g.board.expedition("Alice", HERO).position == 0
    engine.dusk(g)  # the next day's Dusk: the emblem ended with its day
    assert g.board.expedition("Alice", HERO).position == 1
    assert g.board.ongoing() == []


def test_a_created_token_is_a_character_with_costs_of_zero_and_no_rarity_or_faction() -> None:
    card = engine.parse_token_template("Create a Brassbug 2/2/2 Robot token in target Expedition").card
    assert (card.type, card.hand_cost, card.reserve_cost, card.rarity, card.faction) == (engine.ObjectType.CHARACTER, 0, 0, None, None)


def test_the_trace_says_once_that_reactions_cannot_be_checked_after_a_step_it_cannot_follow() -> None:
    g = game({})
    engine.resolve(g, "Sabotage, then Resupply", "Alice")
    told = [line for line in trace_text(g).splitlines() if "Reactions cannot be checked" in line]
    assert len(told) == 1, told
    assert "Alice's Sabotage" in told[0]


def test_ongoing_passives_are_read_once_into_values() -> None:
    from engine.cardtext import parse_ongoing
    from engine.objects import CannotMove, Direction, NextCardPlayed

    (forward,) = parse_effect("Expeditions can't move forward this Day")
    assert isinstance(forward, CreateOngoing) and forward.effect == CannotMove(Direction.FORWARD)
    assert parse_ongoing("Expeditions can't move backward") == CannotMove(Direction.BACKWARD)
    assert parse_ongoing("The next Character you play gains two boosts") == NextCardPlayed(True, 2)
    assert parse_ongoing("The next card you play costs 1 less") == NextCardPlayed(False, 0, -1)
    assert parse_ongoing("The next Character you play costs 2 more") == NextCardPlayed(True, 0, 2)
    assert parse_ongoing("Expeditions can't move sideways") is None
    with pytest.raises(UnsupportedText, match="Ongoing passive"):
        CreateOngoing("Expeditions can't move sideways", Duration.DAY)
