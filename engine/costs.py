"""Costs (6.4) and playing a card (3.2.8.a): what a player pays, always in one step (6.1.d, 6.4.a),
and the card's way through Limbo into an expedition."""

from __future__ import annotations

from functools import partial
from typing import Callable

from .choices import YES, choose
from .cardtext.instructions import Pay, PutFromHand
from .errors import Forbidden
from .objects import Card, GameObject, NextCardPlayed
from .catalogue import ENGLISH_RENDERER
from .messages import Card as Named, Items, Message, Player, Quote, Term, msg
from .places import zone_term, zone_words
from .reactions import run_step
from .decisions import ORB_PER_MANA, Question, decided
from .readings import (CHANGE_APPLIES, HAND_COST, MANA_PAYS, Unenumerable, free_cost_question, mana_payment_question, play_cost_question,
                       reading, silent)
from .records import CardInZone, CostRecord, Happening, HappeningKind, Unknown, UnknownScope
from .rulings import Ruling
from .state import Game
from .vocabulary import ExpeditionKind, ObjectType, PlayerName, Status, Zone

__all__ = ["can_pay_mana", "orbs_pay_mana", "pay_mana", "pay_cost", "pay_effect_cost", "play_card", "play_cost", "COST_NAMES", "describe_play_cost", "play_cost_rules"]


def pay_mana(game: Game, player: PlayerName, what: Message, amount: int | None = None) -> None:
    """Mana is paid, but how is not in the seeds: the player's Mana zone is unknown from here on.
    Where a rule of the glossary decides it (engine.decisions), the `amount` is paid by exhausting
    that many of the player's ready Mana Orbs, oldest first (they are face down and alike)."""
    if amount is not None and orbs_pay_mana(game, player):
        ready = [o for o in game.board.in_zone(Zone.MANA, player) if not o.exhausted]
        if len(ready) >= amount:
            for orb in ready[:amount]:
                orb.exhausted = True
            return
    game.log.unknowns.append(Unknown(msg("unknown.mana", player=Player(player), what=what), UnknownScope.MANA, player))


def orbs_pay_mana(game: Game, player: PlayerName) -> bool:
    """A rule of the glossary says how Mana pays a cost, and no earlier step left the player's Mana
    zone unknown: the engine counts the ready Mana Orbs (cited in the trace)."""
    if not game.log.decisions or any(u.scope is UnknownScope.MANA and u.player == player for u in game.log.unknowns):
        return False
    return decided(game.log, Question.MANA_PAYMENT) == ORB_PER_MANA


def can_pay_mana(game: Game, player: PlayerName, amount: int) -> bool:
    """Whether the player's Mana zone can pay `amount` Mana in full (6.4.c). No seed says how Mana
    pays a cost. With at least that many ready Mana Orbs, every reading in which a Mana Orb pays
    Mana at all lets it pay; with fewer, or once an earlier payment has left the Mana zone unknown,
    it is an open question whose two answers are readings (engine.readings): the engine answers
    where they agree and refuses what they change. Where a rule of the glossary decides how Mana
    pays (engine.decisions), it can be paid when that many Mana Orbs are ready."""
    if amount <= 0:
        return True
    if game.board.booster_war is not None:
        # The Booster War page: "Unlimited mana": every cost's Mana is paid.
        game.log.trace.add(msg("cost.unlimited_mana", player=Player(player), n=amount), "booster-war.unlimited-mana")
        return True
    ready = sum(1 for o in game.board.in_zone(Zone.MANA, player) if not o.exhausted)
    if orbs_pay_mana(game, player):
        return ready >= amount
    payments = sum(1 for u in game.log.unknowns if u.scope is UnknownScope.MANA and u.player == player)
    if payments == 0 and ready >= amount:
        return True
    said = (msg("question.mana_payment_unknown", player=Player(player), n=amount) if payments
            else msg("question.mana_payment", player=Player(player), n=amount, ready=ready))
    return reading(game.log, mana_payment_question(f"mana-payment:{player}:{payments}", said)) == MANA_PAYS


def pay_effect_cost(game: Game, player: PlayerName, cost: tuple[Pay | PutFromHand, ...]) -> bool:
    """An effect's internal cost ("you may pay 1 to ..."): the player decides whether to pay it; paid,
    it is one step whatever its verbs (6.1.d, 6.4.a). Whether it was paid (declined: 6.4.b, 6.4.f)."""
    said = tuple(msg("cost.pay", amount=Quote(p.amount)) if isinstance(p, Pay) else msg("cost.put_from_hand", zone=zone_term(p.zone)) for p in cost)
    described = ENGLISH_RENDERER.render(msg("cost.parts", parts=Items(said)))  # the cost record's English words
    # The parts as the card words them: "pay 1", "put a card from your Hand in Reserve" (cost.parts, cost.mana).
    parts = tuple(f"pay {p.amount}" if isinstance(p, Pay) else f"put a card from your Hand in {zone_words(p.zone)}" for p in cost)
    if choose(game, player, msg("question.whether_cost", parts=Items(said)), [YES], may=True, rules=("6.4.b",)) is None:
        game.log.last_cost = CostRecord(described, False, 1, len(parts), parts)
        game.log.trace.add(msg("cost.declines", player=Player(player)), "6.4.b", "6.4.f")
        return False
    if not can_pay_mana(game, player, sum(p.amount for p in cost if isinstance(p, Pay))):
        # 6.4.c: a cost is paid in full or not at all; this one cannot be, so the internal action is not done.
        game.log.last_cost = CostRecord(described, False, 1, len(parts), parts)
        game.log.trace.add(msg("cost.cannot_pay_internal_orbs" if orbs_pay_mana(game, player) else "cost.cannot_pay_internal",
                               player=Player(player)), "6.4.c", "6.4.f")
        return False
    actions: list[Callable[[], object]] = []
    told: list[Message] = []
    for part in cost:
        if isinstance(part, Pay):
            actions.append(partial(pay_mana, game, player, msg("cost.pay", amount=Quote(part.amount)), part.amount))
            told.append(msg("cost.pays_orbs" if orbs_pay_mana(game, player) else "cost.pays", amount=Quote(part.amount)))
        else:
            hand = game.board.player(player).hand
            if not hand:
                raise Forbidden(msg("refusal.hand_empty", player=Player(player)))
            name = choose(game, player, msg("question.card_from_hand", zone=zone_term(part.zone)), list(dict.fromkeys(c.name or "card" for c in hand)))
            card = next(c for c in hand if (c.name or "card") == name)
            actions.append(partial(game.move, CardInZone(player, card, Zone.HAND), part.zone))
            told.append(msg("cost.puts", card=Named(name), zone=zone_term(part.zone)))
    game.log.last_cost = CostRecord(described, True, 1, len(actions), parts)
    game.log.trace.add(
        msg("cost.one_step", actions=len(actions), player=Player(player), told=Items(tuple(told))),
        "6.1.d", "6.4.a",
    )
    run_step(game, actions)
    return True


def _next_card_emblems(game: Game, player: PlayerName, card: Card) -> list[GameObject]:
    """The player's Emblems-Ongoing waiting for "the next card (Character) you play" (2.2.13.c)."""
    found = []
    for emblem in game.board.ongoing():
        info = emblem.emblem
        if info is None or emblem.controller != player or emblem.id in game.log.used_emblems:
            continue
        rule = info.ongoing
        if isinstance(rule, NextCardPlayed) and (not rule.characters_only or card.type is ObjectType.CHARACTER):
            found.append(emblem)
    return found


def _change(emblem: GameObject) -> int:
    assert emblem.emblem is not None and isinstance(emblem.emblem.ongoing, NextCardPlayed)
    return emblem.emblem.ongoing.cost_change


def play_cost(game: Game, player: PlayerName, thing: GameObject | CardInZone, *, free: bool = False, paid: bool = True) -> CostRecord:
    """The cost of playing a card, as a value (6.4): its Hand cost played from the Hand (2.2.6), its
    Reserve cost from the Reserve (2.2.7), from another zone by its own text a reading of each
    (ruling card-text-over-rules); changed by the player's "the next card you play costs N
    less/more" emblems (2.2.13.c); nothing "for free". The Mana it asks for is None, with the
    reason in `unknown`, where no source prints the cost or the changes take it below 0."""
    card, origin, name = thing.card, thing.zone, thing.name
    changes = tuple(c for c in (_change(e) for e in _next_card_emblems(game, player, card)) if c)
    printed: str | None = None
    base: int | None = None
    unknown: Message | None = None
    if free:
        total = 0
        if changes and reading(game.log, free_cost_question()) == CHANGE_APPLIES:
            total = sum(changes)
        else:
            changes = ()
    else:
        zone = origin if origin in (Zone.HAND, Zone.RESERVE) else (
            # Its own text plays it from another zone, not for free: which printed cost it pays, no
            # rule says (2.2.6, 2.2.7); each is a reading.
            Zone.HAND if reading(game.log, play_cost_question()) == HAND_COST else Zone.RESERVE
        )
        printed = COST_NAMES[zone]
        base = card.hand_cost if zone is Zone.HAND else card.reserve_cost
        total = (base or 0) + sum(changes)
        if base is None:
            unknown = msg("cost.unprinted", printed=Term(printed), card=Named(name))
    if unknown is None and total < 0:
        unknown = msg("cost.below_zero", card=Named(name), changes=describe_cost_changes(base or 0, changes))
    parts = (f"pay {total}",) if total > 0 and unknown is None else ()
    return CostRecord(f"the cost of {name}", paid, 1, len(parts), parts, printed, base, changes, free, unknown,
                      said=msg("cost.named", card=Named(name)))


COST_NAMES = {Zone.HAND: "Hand cost", Zone.RESERVE: "Reserve cost"}


def _cost_part(part: str) -> Message | Quote:
    """A part of a cost as the reader's language says it: "épuiser", "payer 1" (as the card writes it otherwise)."""
    if part == "lost":
        return msg("cost.lost_symbol")
    if part in ("exhaust", "discard"):
        return msg(f"cost.part_{part}")
    if part.startswith("pay "):
        return msg("cost.part_pay", amount=Quote(part.removeprefix("pay ")))
    return Quote(part)


def describe_cost_changes(base: int, changes: tuple[int, ...]) -> Message:
    """"2, 1 less": a printed cost and its changes, in the cards' words (as a message)."""
    if not changes:
        return msg("cost.base", base=base)
    return msg("cost.changes", base=base, changes=Items(tuple(msg("cost.less" if c < 0 else "cost.more", n=abs(c)) for c in changes)))


def describe_play_cost(cost: CostRecord) -> Message:
    """The trace's words for a played card's cost (engine.costs.play_cost), as a message."""
    if cost.free and not cost.changes:
        return msg("cost.free")
    if cost.free:
        changed = describe_cost_changes(0, cost.changes)
        return msg("cost.free_changed", changes=changed, mana=cost.mana) if cost.mana is not None else msg("cost.free_changed_unknown", changes=changed)
    shown = msg("cost.unknown_number") if cost.base is None else describe_cost_changes(cost.base, cost.changes)
    printed = Term(cost.printed or "")
    if cost.mana is not None:
        return msg("cost.printed_mana", printed=printed, shown=shown, mana=cost.mana)
    return msg("cost.printed_unknown_mana", printed=printed, shown=shown)


def play_cost_rules(cost: CostRecord) -> tuple[str, ...]:
    rules = () if cost.printed is None else ("2.2.6.a",) if cost.printed == COST_NAMES[Zone.HAND] else ("2.2.7.a",)
    return rules + (("2.2.13.c",) if cost.changes else ())


def play_card(
    game: Game, player: PlayerName, thing: GameObject | CardInZone, kind: ExpeditionKind | None, *, free: bool = False,
    internal: bool = False,
) -> GameObject | None:
    """Play a Character from the Hand or the Reserve into one of the player's expeditions: the card
    goes to Limbo (3.2.8.a remark), its cost is paid, then it enters the expedition: each place
    makes a new object (2.1.c, the example of 2.1.f). Played from the Reserve, it has Fleeting
    (ruling played-from-reserve). The reactions it triggers are created; the caller checks them.
    None when its cost cannot be paid in full (6.4.c-d): the card stays where it was."""
    card, origin = thing.card, thing.zone
    # A Landmark goes to its player's Landmark zone: the 2v2 page forbids playing a card "directly
    # ... in your teammate's Expedition or Landmark Zone", so a card is played into one of them, and
    # the Landmark zone is the Landmarks' (2.2.2.e, 1.2.4.d). `kind` is None for it.
    landmark = card.type is ObjectType.PERMANENT and any(s.lower() == "landmark" for s in card.subtypes)
    if card.type is not ObjectType.CHARACTER and not landmark:
        raise silent(
            msg("refusal.not_a_character", card=Named(thing.name), type=Term(card.type.value)),
            Unenumerable.NO_CANDIDATES,
        )
    if (kind is None) != landmark:
        raise silent(msg("refusal.landmark_zone" if landmark else "refusal.character_to_landmarks", card=Named(thing.name)),
                     Unenumerable.NO_CANDIDATES)
    zone = Zone.LANDMARK if landmark else Zone.EXPEDITION
    by_own_text = internal and origin not in (Zone.HAND, Zone.RESERVE)
    if origin not in (Zone.HAND, Zone.RESERVE) and not internal:
        raise Forbidden(msg("refusal.played_from", card=Named(thing.name), zone=zone_term(origin)))
    waiting = _next_card_emblems(game, player, card)
    cost = play_cost(game, player, thing, free=free)
    game.log.last_cost = cost
    if cost.mana and not can_pay_mana(game, player, cost.mana):
        # 6.4.c-d: the cost cannot be paid in full, so the card may not be played; the game goes back.
        game.log.last_cost = play_cost(game, player, thing, free=free, paid=False)
        game.log.trace.add(msg("play.cannot_pay_orbs" if orbs_pay_mana(game, player) else "play.cannot_pay", player=Player(player),
                               card=Named(thing.name), cost=describe_play_cost(cost)),
                           "6.4.c", "6.4.d", *play_cost_rules(cost))
        return None
    objects: list[GameObject] = []
    statuses = frozenset({Status.FLEETING}) if origin is Zone.RESERVE and not landmark else frozenset()

    def act() -> None:
        limbo = game.move(thing, Zone.LIMBO)
        assert limbo is not None
        objects.append(limbo)
        if cost.mana != 0:
            pay_mana(game, player, msg("cost.of", card=Named(thing.name)), cost.mana)
        new = game.move(limbo, zone, expedition=kind, statuses=statuses)
        assert new is not None
        objects.append(new)
        game.log.happenings.append(Happening(HappeningKind.PLAYED, new.id, player, kind, zone, from_zone=origin))

    if by_own_text:
        # A card is played from the Hand or the Reserve, but the card's own text says to play it from
        # where its ability finds it (2.1.e); the card's text wins (ruling card-text-over-rules).
        game.log.trace.add(
            msg("play.by_own_text", card=Named(thing.name), zone=zone_term(origin)),
            "2.1.e", "2.2.10.f", rulings=(Ruling.CARD_TEXT_OVER_RULES,),
        )
    game.log.trace.add(
        msg("play.card", player=Player(player), card=Named(thing.name), zone=zone_term(origin),
            cost=describe_play_cost(cost) if cost.free else msg("cost.paying_orbs" if cost.mana and orbs_pay_mana(game, player) else "cost.paying_for",
                                                                cost=describe_play_cost(cost)),
            expedition=game.board.expedition(player, kind).said if kind is not None else zone_term(Zone.LANDMARK)),
        "3.2.8.a", "2.1.c", *play_cost_rules(cost),
    )
    mark = game.log.trace.mark()
    run_step(game, [act])
    limbo, new = objects
    if origin is Zone.RESERVE and not landmark:
        game.log.trace.add(msg("play.fleeting", card=Named(new.name)), rulings=(Ruling.PLAYED_FROM_RESERVE,), at=mark)
    _apply_next_card_emblems(game, waiting, new)
    if not internal:
        game.log.trace.add(msg("play.card_played", player=Player(player)), "4.4.a")
    return new


def _apply_next_card_emblems(game: Game, waiting: list[GameObject], played: GameObject) -> None:
    """The emblems that waited for the next card played apply to it, once (2.2.13.c): its cost was
    changed by play_cost; its boosts are given here."""
    for emblem in waiting:
        info = emblem.emblem
        assert info is not None and isinstance(info.ongoing, NextCardPlayed)
        game.log.used_emblems.add(emblem.id)
        played.boosts += info.ongoing.boosts
        game.log.trace.add(msg("play.emblem_applies", text=Quote(info.text), card=Named(played.name)), "2.2.13.c")


def pay_cost(game: Game, player: PlayerName, bearer: GameObject, parts: tuple[str, ...], what: Message) -> GameObject | None:
    """Pay a quick action's or support ability's cost: always one step (6.4.a). Returns the bearer
    as it is after the cost (a new object if the cost moved it, 2.1.e), or None."""
    actions: list[Callable[[], object]] = []
    after: list[GameObject | None] = [bearer]
    atomic: int | None = 0
    for part in parts:
        if part == "exhaust":
            if bearer.exhausted:
                raise Forbidden(msg("refusal.already_exhausted", card=Named(bearer.name), player=Player(player)))
            actions.append(lambda: setattr(bearer, "exhausted", True))
        elif part == "discard":
            if bearer.zone is not Zone.RESERVE:
                raise Forbidden(msg("refusal.discard_not_in_reserve", card=Named(bearer.name), player=Player(player)))
            actions.append(lambda: after.__setitem__(0, game.move(bearer, Zone.DISCARD)))
        elif part == "lost":
            atomic = None

            def lost() -> None:
                game.log.unknowns.append(Unknown(msg("unknown.lost_cost", what=what), UnknownScope.OBJECT, player, bearer.id))
                game.log.unknowns.append(Unknown(msg("unknown.lost_cost", what=what), UnknownScope.MANA, player))

            actions.append(lost)
        else:
            paid = part.removeprefix("pay ")
            actions.append(partial(pay_mana, game, player, msg("cost.pay", amount=Quote(paid)), int(paid) if paid.isdigit() else None))
    if atomic is not None:
        atomic = len(actions)
    game.log.last_cost = CostRecord(" and ".join(parts), True, 1, atomic, parts)
    shown = Items(tuple(_cost_part(p) for p in parts))
    game.log.trace.add(msg("cost.pays_single_step", player=Player(player), what=what, parts=shown), "6.4.a", "6.1.d")
    run_step(game, actions)
    return after[0]
