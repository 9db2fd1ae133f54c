"""Playing cards and abilities: turns (1.3.2.d), Limbo and new objects (2.1.c-f), reactions on
play (2.2.10.i, 6.3.d-e), decisions in initiative order (6.1.g), costs (6.4), targets (2.2.1.h),
"I" and "you" (7.2), activating triggers (7.3.1), and what the sources leave unknown."""

from __future__ import annotations

import pytest

import engine
from engine.messages import Quote, msg
from engine import Answer, Card, Forbidden, ObjectType, RulesSilent, ScenarioError, Status, Zone
from engine.cardtext import parse_effect, parse_reaction
from engine.objects import CannotActivate, Trigger
from engine_boards import COMPANION, HERO, game, put_character, trace_text


def card(name: str, *reactions: str, type: ObjectType = ObjectType.CHARACTER, **kwargs: object) -> Card:
    return Card(name, type, reactions=tuple(parse_reaction(r) for r in reactions), **kwargs)  # type: ignore[arg-type]


def in_zone(g: engine.Game, player: str, zone: Zone, c: Card) -> engine.GameObject:
    obj = g.enter(c, zone, player)
    g.log.happenings.clear()
    return obj


def decide(g: engine.Game, *answers: tuple[str, str]) -> None:
    g.log.answers = [Answer(player, answer) for player, answer in answers]


def test_a_character_played_from_reserve_is_a_new_object_in_limbo_then_in_play_and_has_fleeting() -> None:
    g = game()
    in_reserve = in_zone(g, "Alice", Zone.RESERVE, card("Scout"))
    played = engine.play(g, "Alice", "reserve", "Scout", HERO)
    assert in_reserve.id not in g.board.objects and played.zone is Zone.EXPEDITION
    assert played.timestamp > in_reserve.timestamp + 1  # a Limbo object came between (2.1.f)
    assert Status.FLEETING in played.statuses
    assert "played-from-reserve" in g.log.trace.rulings_cited()
    assert g.board.turn == "Bob"  # playing a card ends Alice's turn (1.3.2.d)


def test_a_character_played_from_hand_has_no_fleeting_and_a_spell_cannot_be_played() -> None:
    g = game()
    g.board.player("Alice").hand = [card("Scout"), card("Banishing Gate", type=ObjectType.SPELL)]
    assert Status.FLEETING not in engine.play(g, "Alice", "hand", "Scout", HERO).statuses
    engine.pass_turn(g, "Bob")
    with pytest.raises(RulesSilent, match="where a played Spell goes"):
        engine.play(g, "Alice", "hand", "Banishing Gate", HERO)


def test_bob_cannot_play_during_alices_turn() -> None:
    g = game()
    g.board.player("Bob").hand = [card("Scout")]
    with pytest.raises(Forbidden, match="it is Alice's turn"):
        engine.play(g, "Bob", "hand", "Scout", HERO)


def test_kuwats_reserve_reaction_does_not_boost_kuwat_once_it_is_sacrificed() -> None:
    g = game()
    in_zone(g, "Alice", Zone.RESERVE, card("Kuwat", "etb | Sacrifice a Character", "reserve | I gain 1 boost"))
    decide(g, ("Alice", "Sacrifice a Character"))
    engine.play(g, "Alice", "reserve", "Kuwat", HERO)
    (in_discard,) = g.board.in_zone(Zone.DISCARD, "Alice")
    assert in_discard.name == "Kuwat" and in_discard.boosts == 0
    assert "which no longer exists: nothing gains 1 boost" in trace_text(g)


def test_a_sacrificed_jellyfish_is_found_in_the_discard_pile_and_put_in_reserve() -> None:
    g = game()
    put_character(g, "Alice", HERO, "Scout 1/0/0 Adventurer")
    jelly = g.enter(card("Jellyfish", "When I'm sacrificed, if I'm not Fleeting | Put me in Reserve"), Zone.EXPEDITION, "Alice", expedition=HERO)
    g.log.happenings.clear()
    decide(g, ("Alice", "Jellyfish"))
    engine.resolve(g, "Sacrifice a Character", "Alice")
    assert [o.name for o in g.board.in_zone(Zone.RESERVE)] == ["Jellyfish"] and g.board.in_zone(Zone.DISCARD) == []
    assert jelly.id not in g.board.objects


def test_a_fleeting_jellyfish_stays_in_the_discard_pile() -> None:
    g = game()
    jelly = g.enter(card("Jellyfish", "When I'm sacrificed, if I'm not Fleeting | Put me in Reserve"), Zone.EXPEDITION, "Alice", expedition=HERO)
    jelly.statuses.add(Status.FLEETING)
    g.log.happenings.clear()
    engine.resolve(g, "Sacrifice a Character", "Alice")
    assert [o.name for o in g.board.in_zone(Zone.DISCARD)] == ["Jellyfish"]
    assert "is not met" in trace_text(g)


def test_three_little_pigs_counts_only_landmarks_in_play() -> None:
    g = game()
    landmark = Card("Mill", ObjectType.PERMANENT, ("Landmark",))
    in_zone(g, "Alice", Zone.LANDMARK, landmark)
    in_zone(g, "Alice", Zone.RESERVE, landmark)
    in_zone(g, "Alice", Zone.DISCARD, landmark)
    g.board.player("Alice").hand = [card("Pigs", "etb | If you control two or more Landmarks, I gain 1 boost")]
    assert engine.play(g, "Alice", "hand", "Pigs", HERO).boosts == 0
    in_zone(g, "Bob", Zone.LANDMARK, landmark)  # Bob's Landmark is not Alice's
    assert "not counted, as they are not in play: Mill in the Reserve and Mill in the Discard pile" in trace_text(g)


def test_a_target_must_be_in_play() -> None:
    g = game()
    put_character(g, "Bob", HERO, "Scout 1/0/0 Adventurer")
    in_zone(g, "Bob", Zone.RESERVE, card("Kelon"))
    with pytest.raises(Forbidden, match=r"in play \(2.2.1.h\).*In play: Bob's Scout"):
        engine.resolve(g, "Discard target Character or Permanent", "Alice", target_object=("Bob", "reserve", "Kelon"))
    engine.resolve(g, "Discard target Character or Permanent", "Alice", target_object=("Bob", "hero", "Scout"))
    assert [o.name for o in g.board.in_zone(Zone.DISCARD, "Bob")] == ["Scout"]


def test_each_player_chooses_in_initiative_order_from_the_player_whose_turn_it_is() -> None:
    g = game()
    put_character(g, "Alice", HERO, "Scout 1/0/0 Adventurer")
    put_character(g, "Alice", HERO, "Elk 0/0/1 Animal")
    put_character(g, "Bob", HERO, "Goat 0/1/0 Animal")
    engine.pass_turn(g, "Alice")  # now it is Bob's turn: Bob chooses first
    g.board.player("Bob").hand = [card("Anubis", "etb | Each player sacrifices a Character")]
    decide(g, ("Bob", "Goat"), ("Alice", "Scout"))
    engine.play(g, "Bob", "hand", "Anubis", COMPANION)
    assert g.log.choices_made == ["Bob: Goat", "Alice: Scout"]
    assert g.log.last_effect is not None and (g.log.last_effect.steps, g.log.last_effect.atomic_actions) == (1, 2)
    assert "initiative-order" in g.log.trace.rulings_cited()


def test_a_decision_the_scenario_does_not_give_is_an_error_that_says_what_is_asked() -> None:
    g = game()
    put_character(g, "Alice", HERO, "Scout 1/0/0 Adventurer")
    put_character(g, "Alice", HERO, "Goat 0/1/0 Animal")
    with pytest.raises(ScenarioError, match="Alice must decide which Character to sacrifice: Scout, Goat"):
        engine.resolve(g, "Sacrifice a Character", "Alice")


def test_after_resupply_the_board_is_unknown_and_the_engine_goes_no_further() -> None:
    g = game()
    record = engine.resolve(g, "Sabotage, then Resupply", "Alice")
    assert (record.steps, record.step_texts) == (2, ("Sabotage", "Resupply"))
    with pytest.raises(RulesSilent, match="Sabotage"):
        engine.dusk(g)


def test_the_council_keeps_the_reserve_trigger_of_a_character_facing_it_from_activating() -> None:
    g = game()
    council = Card("The Council", passives=(engine.parse_passive("The etb, hand, and reserve triggers of Characters facing me don't activate"),))
    assert isinstance(council.passives[0], CannotActivate) and Trigger.RESERVE in council.passives[0].triggers
    g.enter(council, Zone.EXPEDITION, "Bob", expedition=HERO)
    in_zone(g, "Alice", Zone.RESERVE, card("Mulan", "reserve | I lose Fleeting"))
    in_zone(g, "Alice", Zone.RESERVE, card("Archer", "reserve | I lose Fleeting"))
    mulan = engine.play(g, "Alice", "reserve", "Mulan", HERO)
    assert Status.FLEETING in mulan.statuses and g.log.emblem_log == []
    engine.pass_turn(g, "Bob")
    archer = engine.play(g, "Alice", "reserve", "Archer", COMPANION)  # the companion expedition does not face it
    assert Status.FLEETING not in archer.statuses


def test_activated_etb_triggers_are_created_by_the_permanent_not_by_the_one_who_activates_them() -> None:
    g = game()
    hub = in_zone(g, "Alice", Zone.LANDMARK, card("Hub", "etb | I gain three Kelon counters", type=ObjectType.PERMANENT))
    in_zone(g, "Alice", Zone.RESERVE, card("Frankenstein", "reserve | You may activate the etb triggers of target Permanent you control"))
    decide(g, ("Alice", "Hub"))
    doctor = engine.play(g, "Alice", "reserve", "Frankenstein", HERO)
    assert hub.counters == {"Kelon": 3} and doctor.counters == {}
    assert [e.emblem.source_name for e in g.log.emblem_log if e.emblem] == ["Frankenstein", "Hub"]


def test_a_cost_with_two_verbs_is_one_step_and_declining_it_ignores_the_effect() -> None:
    text = "You may pay 1 and put a card from your Hand in Reserve to create a Brassbug 2/2/2 Robot token in your hero Expedition"
    g = game()
    g.board.player("Alice").hand = [card("Kelon")]
    g.enter(Card(None, ObjectType.MANA_ORB), Zone.MANA, "Alice", given=True)  # a ready Mana Orb for "pay 1" (6.4.c)
    decide(g, ("Alice", "yes"))
    engine.resolve(g, text, "Alice")
    assert g.log.last_cost is not None and (g.log.last_cost.steps, g.log.last_cost.atomic_actions, g.log.last_cost.paid) == (1, 2, True)
    assert [o.name for o in g.board.in_zone(Zone.RESERVE)] == ["Kelon"] and len(g.board.characters_in("Alice", HERO)) == 1
    with pytest.raises(RulesSilent, match="Mana"):
        g.log.refuse_if_unknown(msg("observe.path", path=Quote("Alice.mana")), player="Alice", zone=Zone.MANA)
    declined = game()
    declined.board.player("Alice").hand = [card("Kelon")]
    decide(declined, ("Alice", "no"))
    engine.resolve(declined, text, "Alice")
    assert declined.board.characters_in("Alice", HERO) == [] and declined.log.last_cost is not None and not declined.log.last_cost.paid


def test_a_this_turn_emblem_ends_with_the_turn_even_unused() -> None:
    g = game()
    twinkle = Card("Twinkle", ObjectType.SPELL, supports=(engine.parse_activated("support: The next card you play this turn costs 1 less"),))
    in_zone(g, "Alice", Zone.RESERVE, twinkle)
    engine.use_ability(g, "Alice", "reserve", "Twinkle", support=True)
    assert [o.describe() for o in g.board.ongoing()] == ['Emblem-Ongoing "The next card you play costs 1 less"']
    engine.pass_turn(g, "Alice")
    assert g.board.ongoing() == [] and g.log.emblem_log[0].emblem is not None
    assert g.log.emblem_log[0].emblem.duration is engine.Duration.TURN


def test_a_quick_action_costs_one_more_when_its_player_is_not_the_first_player() -> None:
    action = engine.parse_activated("exhaust: Draw a card. This action costs 1 more if you are not the first player")
    assert (action.cost, action.effect, action.more_unless_first) == (("exhaust",), "Draw a card", 1)
    g = game(first_player="Bob")
    g.enter(Card("Lindiwe", ObjectType.HERO, quick_actions=(action,)), Zone.HERO, "Alice")
    g.enter(Card(None, ObjectType.MANA_ORB), Zone.MANA, "Alice", given=True)  # a ready Mana Orb for the extra 1 (6.4.c)
    g.board.player("Alice").deck = [card("Kelon")]
    engine.pass_turn(g, "Bob")
    engine.use_ability(g, "Alice", "hero_zone", "Lindiwe", support=False)
    assert g.log.last_cost is not None and g.log.last_cost.atomic_actions == 2  # exhaust me, pay 1
    assert [c.name for c in g.board.player("Alice").hand] == ["Kelon"]
    with pytest.raises(Forbidden, match="already exhausted"):
        engine.use_ability(g, "Alice", "hero_zone", "Lindiwe", support=False)


def test_a_support_ability_works_only_in_the_reserve() -> None:
    g = game()
    trainee = Card("Trainee", supports=(engine.parse_activated("support: discard: The next Character you play this turn gains 1 boost"),))
    g.enter(trainee, Zone.EXPEDITION, "Alice", expedition=HERO)
    with pytest.raises(Forbidden, match="2.2.10.g"):
        engine.use_ability(g, "Alice", "hero", "Trainee", support=True)


def test_sentences_and_verbs_are_steps_but_a_cost_is_one() -> None:
    assert len(parse_effect("You may put a card from your hand in Reserve. If it's a Permanent, draw a card")) == 2
    assert len(parse_effect("You may play me for free and I gain Asleep")) == 2
    assert len(parse_effect("You may pay 1 and put a card from your Hand in Reserve to create a Brassbug 2/2/2 Robot token in target Expedition")) == 1
    assert parse_reaction("When I'm sacrificed, if I'm not Fleeting | Put me in Reserve").condition == "if I'm not Fleeting"
    assert parse_reaction("When I'm sacrificed, if I'm not Fleeting | Put me in Reserve").requires == engine.objects.StatusCondition(engine.Status.FLEETING, negated=True)
    assert parse_reaction("When I'm sacrificed, if I'm Asleep | Put me in Reserve").requires == engine.objects.StatusCondition(engine.Status.ASLEEP)


def test_a_free_for_all_tiebreaker_the_example_does_not_decide_is_refused() -> None:
    g = engine.Game.new(["Alice", "Bob", "Carol", "Dave"], mode=engine.Mode.FREE_FOR_ALL, tiebreakers=True)
    put_character(g, "Alice", HERO, "Scout 3/0/0 Adventurer")
    put_character(g, "Bob", HERO, "Goat 0/3/0 Animal")
    with pytest.raises(RulesSilent, match="Alice and Bob each have one"):
        engine.dusk(g)


def test_the_next_character_played_this_turn_gains_the_boosts_an_emblem_promises() -> None:
    g = game()
    trainee = Card("Trainee", supports=(engine.parse_activated("support: discard: The next Character you play this turn gains two boosts"),))
    in_zone(g, "Alice", Zone.RESERVE, trainee)
    g.board.player("Alice").hand = [card("Scout")]
    engine.use_ability(g, "Alice", "reserve", "Trainee", support=True)
    assert [o.name for o in g.board.in_zone(Zone.DISCARD)] == ["Trainee"]  # {discard}: Discard me from Reserve
    scout = engine.play(g, "Alice", "hand", "Scout", HERO)
    assert scout is not None and scout.boosts == 2
