"""Reactions as event modifiers (6.3): which reactions an event triggers, the Emblem-Reactions they
create in Limbo, and the steps of simultaneous atomic actions they modify (6.1.f, 6.3.b).
Playing the Emblem-Reactions (4.4) is engine.cardtext.performing's."""

from __future__ import annotations

from operator import attrgetter
from typing import Callable, Sequence

from .ending import check_end
from .errors import LoopLimit
from .limits import MAX_STEPS
from .objects import CannotActivate, Card, EmblemInfo, EmblemKind, GameObject, Reaction, Trigger
from .messages import Card as Named, Message, Player, Quote, msg
from .places import zone_term
from .records import Happening, HappeningKind
from .rulings import Ruling
from .board import IN_PLAY
from .state import Game
from .vocabulary import ExpeditionKind, Keyword, ObjectType, Phase, Zone

__all__ = ["MAX_ACTIVATIONS_PER_DAY", "MAX_STEPS", "in_play_bearers", "create_reaction_emblem", "modify_with_reactions",
           "run_step"]

MAX_ACTIVATIONS_PER_DAY = 100  # 6.3.f
_ARRIVALS = (HappeningKind.ENTERS, HappeningKind.PLAYED)
"""Happenings of an object arriving: a reaction on its own arrival may trigger though it did not exist before (6.3.d)."""

_BY_TIMESTAMP = attrgetter("timestamp")
_COMPARISON_UNITS = 4
"""Units of the work budget (limits.MAX_WORK) for comparing one reaction with one event: about four
times the cost of looking at one object (benchmarks/run.py, the heavy scenarios' row)."""
_IN_PLAY_ORDER = (Zone.EXPEDITION, Zone.HERO, Zone.LANDMARK)


def in_play_bearers(game: Game) -> list[GameObject]:
    # Abilities work only while their object is in play (1.2.4.d, 2.2.10.f). Zone by zone, oldest
    # first, as three queries of the zones would list them, from one pass over the objects.
    # The objects dict is in timestamp order already (Board.in_zone): no sort.
    bearers = [o for o in game.board.objects.values() if o.card.reactions and o.zone in IN_PLAY]
    return [o for zone in _IN_PLAY_ORDER for o in bearers if o.zone is zone]


def _matches(trigger: Trigger, bearer: GameObject, happening: Happening, existed_before: bool) -> bool:
    mine = happening.object_id == bearer.id
    if trigger is Trigger.ETB:
        # 6.3.d: the one kind of reaction that need not exist before its event. "From anywhere".
        return happening.kind is HappeningKind.ENTERS and happening.zone in IN_PLAY and mine
    if trigger in (Trigger.HAND, Trigger.RESERVE):
        wanted = Zone.HAND if trigger is Trigger.HAND else Zone.RESERVE
        return happening.kind is HappeningKind.PLAYED and happening.from_zone is wanted and mine
    if trigger is Trigger.TO_RESERVE_FROM_HAND:
        return happening.kind is HappeningKind.ENTERS and happening.zone is Zone.RESERVE and happening.from_zone is Zone.HAND and mine
    if not existed_before:
        return False  # 6.3.d: a reaction has to exist before the event that triggers it
    if trigger is Trigger.SACRIFICED:
        return happening.kind is HappeningKind.SACRIFICED and mine  # 6.3.e: it need not exist after
    if trigger is Trigger.LEAVES_LANDMARK_ZONE:
        return happening.kind is HappeningKind.LEAVES_ZONE and happening.zone is Zone.LANDMARK and mine and happening.player == bearer.controller
    if trigger is Trigger.LEAVES_PLAY:
        return happening.kind is HappeningKind.LEAVES_ZONE and happening.zone in IN_PLAY and mine
    if trigger is Trigger.CHARACTER_LEAVES_MY_EXPEDITION:
        # 7.5.5.a; switching expeditions leaves the former one (7.5.5.c); the object itself need not be there after
        if bearer.expedition is None:
            return False
        left: set[ExpeditionKind] = {bearer.expedition} if not bearer.card.has(Keyword.GIGANTIC) else set(ExpeditionKind)
        return happening.kind is HappeningKind.LEAVES_EXPEDITION and happening.player == bearer.controller and happening.expedition in left
    if trigger in (Trigger.CARD_JOINS_RESERVE, Trigger.CARD_JOINS_DISCARD):
        # 7.5.4.a: joining a zone; a token joins its new zone before it ceases to exist (7.5.4.d)
        zone = Zone.RESERVE if trigger is Trigger.CARD_JOINS_RESERVE else Zone.DISCARD
        return happening.kind is HappeningKind.ENTERS and happening.zone is zone and happening.player == bearer.controller
    if trigger is Trigger.CARD_LEAVES_RESERVE:
        # 7.5.5.a; a token that ceases to exist in the Reserve does not leave it (7.5.5.b)
        return happening.kind is HappeningKind.LEAVES_ZONE and happening.zone is Zone.RESERVE and happening.player == bearer.controller
    if trigger is Trigger.YOU_SACRIFICE:
        return happening.kind is HappeningKind.SACRIFICED and happening.player == bearer.controller
    if trigger is Trigger.JOINS_MY_EXPEDITION:
        if bearer.zone is not Zone.EXPEDITION:
            return False
        expeditions = {bearer.expedition} if not bearer.card.has(Keyword.GIGANTIC) else set(ExpeditionKind)  # 7.4.3.f
        return (
            happening.kind is HappeningKind.JOINS_EXPEDITION
            and happening.player == bearer.controller
            and happening.expedition in expeditions
        )
    if trigger is Trigger.AT_NOON:
        return happening.kind is HappeningKind.PHASE and happening.phase is Phase.NOON
    if trigger is Trigger.AT_DUSK:
        return happening.kind is HappeningKind.PHASE and happening.phase is Phase.DUSK
    return False


def _blockers(game: Game) -> list[GameObject]:
    """The Characters in play with a passive ability that stops reactions (7.3.1.e)."""
    return [o for o in game.board.in_zone(Zone.EXPEDITION) if any(isinstance(p, CannotActivate) for p in o.card.passives)]


def _blocked_by(game: Game, bearer: GameObject, trigger: Trigger,
                blockers: list[GameObject] | None = None) -> tuple[GameObject, CannotActivate] | None:
    """7.3.1.e: an ability in play saying this trigger of Characters facing it don't activate."""
    if bearer.card.type is not ObjectType.CHARACTER or bearer.zone is not Zone.EXPEDITION:
        return None
    for holder in _blockers(game) if blockers is None else blockers:
        for passive in holder.card.passives:
            if isinstance(passive, CannotActivate) and trigger in passive.triggers and holder.id != bearer.id:
                facing = game.board.facing(holder)
                if any(e.player == bearer.controller and (e.kind is bearer.expedition or bearer.card.has(Keyword.GIGANTIC)) for e in facing):
                    return holder, passive
    return None


def _condition_holds(reaction: Reaction, bearer: GameObject) -> bool:
    return reaction.requires is None or reaction.requires.holds(bearer)


def create_reaction_emblem(game: Game, bearer: GameObject, index: int, me: int | None, note: Message | None = None,
                           blockers: list[GameObject] | None = None) -> bool:
    """6.3.b: the reaction adds "create an Emblem-Reaction in Limbo with the effect of that reaction".
    The emblem's controller is the bearer's controller; "I" in it is `me` (7.2.1.b, 2.1.e).
    `blockers` (from _blockers) saves looking through the expeditions again for each reaction."""
    reaction = bearer.card.reactions[index]
    blocked = _blocked_by(game, bearer, reaction.trigger, blockers)
    if blocked is not None:
        holder, passive = blocked
        game.log.trace.add(
            msg("react.cannot_activate", card=Named(bearer.name), reaction=Quote(str(reaction)), holder=Named(holder.name), text=Quote(passive.text)),
            "7.3.1.e",
            rulings=(Ruling.OPPOSING_EXPEDITIONS,),
        )
        return False
    if not _condition_holds(reaction, bearer):
        game.log.trace.add(msg("react.condition_not_met", card=Named(bearer.name), reaction=Quote(str(reaction)), condition=Quote(reaction.condition)), "6.3.b")
        return False
    if reaction.condition:
        met = msg("react.condition_met", condition=Quote(reaction.condition))
        note = msg("react.notes", first=met, second=note) if note is not None else met
    key = (bearer.id, index)
    used = game.log.activations.get(key, 0)
    if used >= MAX_ACTIVATIONS_PER_DAY:
        game.log.trace.add(
            msg("react.too_many", card=Named(bearer.name), reaction=Quote(str(reaction)), n=used + 1),
            "6.3.f",
            always=True,
        )
        return False
    game.log.activations[key] = used + 1
    game.enter(
        Card(None, ObjectType.EMBLEM, (EmblemKind.REACTION.value,)),
        Zone.LIMBO,
        bearer.controller,
        emblem=EmblemInfo(reaction.effect, me, bearer.name),
    )
    game.log.happenings.clear()  # an emblem entering Limbo triggers nothing the engine reads
    if used < 3 or used + 1 == MAX_ACTIVATIONS_PER_DAY:
        activated = msg("react.activated", card=Named(bearer.name), reaction=Quote(str(reaction)), n=used + 1,
                        player=Player(bearer.controller), effect=Quote(reaction.effect))
        game.log.trace.add(
            msg("react.activated_note", activated=activated, note=note) if note is not None else activated,
            "6.3.b",
            "6.3.c",
            "2.2.2.m",
            always=used + 1 == MAX_ACTIVATIONS_PER_DAY,
        )
    return True


def modify_with_reactions(game: Game, happenings: list[Happening], before: dict[int, GameObject]) -> int:
    """6.3.b: each reaction whose trigger matches adds "create an Emblem-Reaction in Limbo"."""
    # Bearers: those in play before the event (6.3.e: they need not be there after), and the new
    # objects of the event for reactions on their own arrival (6.3.d).
    bearers = dict(before)
    for happening in happenings:
        if happening.kind in _ARRIVALS and happening.object_id in game.board.objects:
            new = game.board.objects[happening.object_id]
            if any(r.trigger.on_own_move for r in new.card.reactions):
                bearers.setdefault(new.id, new)
    for o in in_play_bearers(game):
        bearers.setdefault(o.id, o)
    # Each reaction is compared with each event: many reactions on many bearers cost that much.
    game.spend_work(_COMPARISON_UNITS * len(happenings) * sum(len(b.card.reactions) for b in bearers.values()))
    created = 0
    # Emblems enter Limbo, not an expedition: the Characters that stop reactions stay the same
    # through this loop, found once (looking for them per reaction made a chain quadratic).
    blockers = _blockers(game) if bearers else []  # no reaction to stop: most phases of most games
    for bearer in sorted(bearers.values(), key=_BY_TIMESTAMP):
        for index, reaction in enumerate(bearer.card.reactions):
            for happening in happenings:
                if not _matches(reaction.trigger, bearer, happening, bearer.id in before):
                    continue
                me: int | None = bearer.id
                note: Message | None = None
                if reaction.trigger.on_own_departure:
                    # 2.1.e: the ability refers to its object moving to a visible zone, so it finds
                    # the new object there; 6.3.e: the reaction need not exist after the event.
                    me = happening.new_id
                    where = game.board.objects[me] if me is not None and me in game.board.objects else None
                    note = (msg("react.gone_found", card=Named(bearer.name), zone=zone_term(where.zone)) if where
                            else msg("react.gone", card=Named(bearer.name)))
                elif reaction.trigger.on_own_move and bearer.id not in before:
                    note = msg("react.new_gigantic" if bearer.card.has(Keyword.GIGANTIC) else "react.new")
                if create_reaction_emblem(game, bearer, index, me, note, blockers):
                    created += 1
    return created


def run_step(game: Game, actions: Sequence[Callable[[], object]]) -> None:
    """One step: its atomic actions happen simultaneously (6.1.f); reactions modify it (6.3.b);
    an expedition meeting or crossing modifies it too (4.3.a-b)."""
    game.spend_work()
    game.log.steps_taken += 1
    if game.log.steps_taken > MAX_STEPS:
        raise LoopLimit(msg("refusal.loop_steps", steps=MAX_STEPS, activations=MAX_ACTIVATIONS_PER_DAY))
    before = {o.id: o for o in in_play_bearers(game)}
    game.log.happenings.clear()
    for action in actions:
        action()
    happenings = list(game.log.happenings)
    game.log.happenings.clear()
    if game.log.board_unknown() is None:
        modify_with_reactions(game, happenings, before)
        check_end(game)
