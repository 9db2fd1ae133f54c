"""Costs (6.4) and playing a card (3.2.8.a): what a player pays, always in one step (6.1.d, 6.4.a),
and the card's way through Limbo into an expedition."""

from __future__ import annotations

from functools import partial
from typing import Callable

from .choices import YES, choose
from .effects import Pay, PutFromHand
from .errors import Forbidden
from .objects import GameObject, NextCardPlayed
from .catalogue import ENGLISH_RENDERER
from .messages import Card, Items, Message, Player, Quote, Term, msg
from .places import zone_term, zone_words
from .reactions import run_step
from .readings import HAND_COST, Unenumerable, play_cost_question, reading, silent
from .records import CardInZone, CostRecord, Happening, HappeningKind, Unknown, UnknownScope
from .rulings import Ruling
from .state import Game
from .vocabulary import ExpeditionKind, ObjectType, PlayerName, Status, Zone

__all__ = ["pay_mana", "pay_cost", "pay_effect_cost", "play_card"]


def pay_mana(game: Game, player: PlayerName, what: Message) -> None:
    """Mana is paid, but how is not in the sources: the player's Mana zone is unknown from here on."""
    game.unknowns.append(Unknown(msg("unknown.mana", player=Player(player), what=what), UnknownScope.MANA, player))


def pay_effect_cost(game: Game, player: PlayerName, cost: tuple[Pay | PutFromHand, ...]) -> bool:
    """An effect's internal cost ("you may pay 1 to ..."): the player decides whether to pay it; paid,
    it is one step whatever its verbs (6.1.d, 6.4.a). Whether it was paid (declined: 6.4.b, 6.4.f)."""
    parts = tuple(msg("cost.pay", amount=Quote(p.amount)) if isinstance(p, Pay) else msg("cost.put_from_hand", zone=zone_term(p.zone)) for p in cost)
    described = ENGLISH_RENDERER.render(msg("cost.parts", parts=Items(parts)))  # the cost record's English words
    if choose(game, player, msg("question.whether_cost", parts=Items(parts)), [YES], may=True, rules=("6.4.b",)) is None:
        game.last_cost = CostRecord(described, False, 1, 0)
        game.trace.add(msg("cost.declines", player=Player(player)), "6.4.b", "6.4.f")
        return False
    actions: list[Callable[[], object]] = []
    told: list[Message] = []
    for part in cost:
        if isinstance(part, Pay):
            actions.append(partial(pay_mana, game, player, msg("cost.pay", amount=Quote(part.amount))))
            told.append(msg("cost.pays", amount=Quote(part.amount)))
        else:
            hand = game.player(player).hand
            if not hand:
                raise Forbidden(msg("refusal.hand_empty", player=Player(player)))
            name = choose(game, player, msg("question.card_from_hand", zone=zone_term(part.zone)), list(dict.fromkeys(c.name or "card" for c in hand)))
            card = next(c for c in hand if (c.name or "card") == name)
            actions.append(partial(game.move, CardInZone(player, card, Zone.HAND), part.zone))
            told.append(msg("cost.puts", card=Card(name), zone=zone_term(part.zone)))
    game.last_cost = CostRecord(described, True, 1, len(actions))
    game.trace.add(
        msg("cost.one_step", actions=len(actions), player=Player(player), told=Items(tuple(told))),
        "6.1.d", "6.4.a",
    )
    run_step(game, actions)
    return True


def play_card(
    game: Game, player: PlayerName, thing: GameObject | CardInZone, kind: ExpeditionKind, *, free: bool = False, internal: bool = False
) -> GameObject:
    """Play a Character from the Hand or the Reserve into one of the player's expeditions: the card
    goes to Limbo (3.2.8.a remark), its cost is paid, then it enters the expedition: each place
    makes a new object (2.1.c, the example of 2.1.f). Played from the Reserve, it has Fleeting
    (ruling played-from-reserve). The reactions it triggers are created; the caller checks them."""
    card, origin = thing.card, thing.zone
    if card.type is not ObjectType.CHARACTER:
        raise silent(
            msg("refusal.not_a_character", card=Card(thing.name), type=Term(card.type.value)),
            Unenumerable.NO_CANDIDATES,
        )
    by_own_text = internal and origin not in (Zone.HAND, Zone.RESERVE)
    if origin not in (Zone.HAND, Zone.RESERVE) and not internal:
        raise Forbidden(msg("refusal.played_from", card=Card(thing.name), zone=zone_term(origin)))
    # The printed cost paid, named by its zone: the Hand cost (2.2.6) or the Reserve cost (2.2.7).
    paid = Zone.HAND if origin is Zone.HAND else Zone.RESERVE
    if by_own_text and not free:
        # Its own text plays it from another zone, not for free: which printed cost it pays, no rule
        # says (2.2.6, 2.2.7); each is a reading (how Mana pays either is not in the sources).
        paid = Zone.HAND if reading(game, play_cost_question()) == HAND_COST else Zone.RESERVE
    objects: list[GameObject] = []
    statuses = frozenset({Status.FLEETING}) if origin is Zone.RESERVE else frozenset()

    def act() -> None:
        limbo = game.move(thing, Zone.LIMBO)
        assert limbo is not None
        objects.append(limbo)
        if not free:
            pay_mana(game, player, msg("cost.zone_cost", zone=zone_term(paid), card=Card(thing.name)))
        new = game.move(limbo, Zone.EXPEDITION, expedition=kind, statuses=statuses)
        assert new is not None
        objects.append(new)
        game.happenings.append(Happening(HappeningKind.PLAYED, new.id, player, kind, Zone.EXPEDITION, from_zone=origin))

    cost = msg("cost.free") if free else msg("cost.paying", zone=zone_term(paid))
    if by_own_text:
        # A card is played from the Hand or the Reserve, but the card's own text says to play it from
        # where its ability finds it (2.1.e); the card's text wins (ruling card-text-over-rules).
        game.trace.add(
            msg("play.by_own_text", card=Card(thing.name), zone=zone_term(origin)),
            "2.1.e", "2.2.10.f", rulings=(Ruling.CARD_TEXT_OVER_RULES,),
        )
    game.trace.add(
        msg("play.card", player=Player(player), card=Card(thing.name), zone=zone_term(origin), cost=cost,
            expedition=game.expedition(player, kind).said),
        "3.2.8.a", "2.1.c", *((("2.2.6.a",) if paid is Zone.HAND else ("2.2.7.a",)) if not free else ()),
    )
    mark = game.trace.mark()
    run_step(game, [act])
    limbo, new = objects
    if origin is Zone.RESERVE:
        game.trace.add(msg("play.fleeting", card=Card(new.name)), rulings=(Ruling.PLAYED_FROM_RESERVE,), at=mark)
    _apply_next_card_emblems(game, player, new)
    if not internal:
        game.trace.add(msg("play.card_played", player=Player(player)), "4.4.a")
    return new


def _apply_next_card_emblems(game: Game, player: PlayerName, played: GameObject) -> None:
    for emblem in game.ongoing():
        info = emblem.emblem
        if info is None or emblem.controller != player or emblem.id in game.used_emblems:
            continue
        rule = info.ongoing
        if isinstance(rule, NextCardPlayed) and (not rule.characters_only or played.card.type is ObjectType.CHARACTER):
            game.used_emblems.add(emblem.id)
            played.boosts += rule.boosts
            game.trace.add(msg("play.emblem_applies", text=Quote(info.text), card=Card(played.name)), "2.2.13.c")


def pay_cost(game: Game, player: PlayerName, bearer: GameObject, parts: tuple[str, ...], what: Message) -> GameObject | None:
    """Pay a quick action's or support ability's cost: always one step (6.4.a). Returns the bearer
    as it is after the cost (a new object if the cost moved it, 2.1.e), or None."""
    actions: list[Callable[[], object]] = []
    after: list[GameObject | None] = [bearer]
    atomic: int | None = 0
    for part in parts:
        if part == "exhaust":
            if bearer.exhausted:
                raise Forbidden(msg("refusal.already_exhausted", card=Card(bearer.name), player=Player(player)))
            actions.append(lambda: setattr(bearer, "exhausted", True))
        elif part == "discard":
            if bearer.zone is not Zone.RESERVE:
                raise Forbidden(msg("refusal.discard_not_in_reserve", card=Card(bearer.name), player=Player(player)))
            actions.append(lambda: after.__setitem__(0, game.move(bearer, Zone.DISCARD)))
        elif part == "lost":
            atomic = None

            def lost() -> None:
                game.unknowns.append(Unknown(msg("unknown.lost_cost", what=what), UnknownScope.OBJECT, player, bearer.id))
                game.unknowns.append(Unknown(msg("unknown.lost_cost", what=what), UnknownScope.MANA, player))

            actions.append(lost)
        else:
            actions.append(partial(pay_mana, game, player, msg("cost.pay", amount=Quote(part))))
    if atomic is not None:
        atomic = len(actions)
    game.last_cost = CostRecord(" and ".join(parts), True, 1, atomic, parts)
    shown = Items(tuple(msg("cost.lost_symbol") if p == "lost" else Quote(p) for p in parts))
    game.trace.add(msg("cost.pays_single_step", player=Player(player), what=what, parts=shown), "6.4.a", "6.1.d")
    run_step(game, actions)
    return after[0]
