"""Costs (6.4) and playing a card (3.2.8.a): what a player pays, always in one step (6.1.d, 6.4.a),
and the card's way through Limbo into an expedition."""

from __future__ import annotations

from functools import partial
from typing import Callable

from .choices import YES, choose
from .effects import Pay, PutFromHand
from .errors import Forbidden
from .objects import Card, GameObject, NextCardPlayed
from .places import zone_words
from .reactions import run_step
from .readings import CHANGE_APPLIES, HAND_COST, Unenumerable, free_cost_question, play_cost_question, reading, silent
from .records import CardInZone, CostRecord, Happening, HappeningKind, Unknown, UnknownScope
from .rulings import Ruling
from .state import Game
from .vocabulary import ExpeditionKind, ObjectType, PlayerName, Status, Zone
from .wording import plural, possessive

__all__ = ["pay_mana", "pay_cost", "pay_effect_cost", "play_card", "play_cost", "COST_NAMES", "describe_play_cost", "play_cost_rules"]


def pay_mana(game: Game, player: PlayerName, what: str) -> None:
    """Mana is paid, but how is not in the sources: the player's Mana zone is unknown from here on."""
    game.unknowns.append(Unknown(f"how {player} paid \"{what}\" with Mana (not in the sources)", UnknownScope.MANA, player))


def pay_effect_cost(game: Game, player: PlayerName, cost: tuple[Pay | PutFromHand, ...]) -> bool:
    """An effect's internal cost ("you may pay 1 to ..."): the player decides whether to pay it; paid,
    it is one step whatever its verbs (6.1.d, 6.4.a). Whether it was paid (declined: 6.4.b, 6.4.f)."""
    described = " and ".join(f"pay {p.amount}" if isinstance(p, Pay) else f"put a card from their Hand in {zone_words(p.zone)}" for p in cost)
    # The parts as the card words them: "pay 1", "put a card from your Hand in Reserve" (cost.parts, cost.mana).
    parts = tuple(f"pay {p.amount}" if isinstance(p, Pay) else f"put a card from your Hand in {zone_words(p.zone)}" for p in cost)
    if choose(game, player, f"whether to {described}", [YES], may=True, rules=("6.4.b",)) is None:
        game.last_cost = CostRecord(described, False, 1, len(parts), parts)
        game.trace.add(f"{player} declines the cost: the internal action is ignored and the effect continues", "6.4.b", "6.4.f")
        return False
    actions: list[Callable[[], object]] = []
    told: list[str] = []
    for part in cost:
        if isinstance(part, Pay):
            actions.append(partial(pay_mana, game, player, f"pay {part.amount}"))
            told.append(f"pays {part.amount} (how Mana pays is not in the sources)")
        else:
            hand = game.player(player).hand
            if not hand:
                raise Forbidden(f"{player} cannot pay the cost in full: their Hand is empty (6.4.c)")
            name = choose(game, player, f"which card to put from their Hand in {zone_words(part.zone)}", list(dict.fromkeys(c.name or "card" for c in hand)))
            card = next(c for c in hand if (c.name or "card") == name)
            actions.append(partial(game.move, CardInZone(player, card, Zone.HAND), part.zone))
            told.append(f"puts {name} from their Hand in their {zone_words(part.zone)}")
    game.last_cost = CostRecord(described, True, 1, len(actions), parts)
    game.trace.add(
        f"The cost is paid in one step of {plural(len(actions), 'atomic action')}, even with several verbs: "
        f"{player} {' and '.join(told)}",
        "6.1.d", "6.4.a",
    )
    run_step(game, actions)
    return True


def _next_card_emblems(game: Game, player: PlayerName, card: Card) -> list[GameObject]:
    """The player's Emblems-Ongoing waiting for "the next card (Character) you play" (2.2.13.c)."""
    found = []
    for emblem in game.ongoing():
        info = emblem.emblem
        if info is None or emblem.controller != player or emblem.id in game.used_emblems:
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
    unknown: str | None = None
    if free:
        total = 0
        if changes and reading(game, free_cost_question()) == CHANGE_APPLIES:
            total = sum(changes)
        else:
            changes = ()
    else:
        zone = origin if origin in (Zone.HAND, Zone.RESERVE) else (
            # Its own text plays it from another zone, not for free: which printed cost it pays, no
            # rule says (2.2.6, 2.2.7); each is a reading.
            Zone.HAND if reading(game, play_cost_question()) == HAND_COST else Zone.RESERVE
        )
        printed = COST_NAMES[zone]
        base = card.hand_cost if zone is Zone.HAND else card.reserve_cost
        total = (base or 0) + sum(changes)
        if base is None:
            unknown = f"no source gives the {printed} of {name}"
    if unknown is None and total < 0:
        unknown = f"the cost of {name} falls below 0 ({describe_cost_changes(base or 0, changes)}): the sources never say what such a cost asks for"
    parts = (f"pay {total}",) if total > 0 and unknown is None else ()
    return CostRecord(f"the cost of {name}", paid, 1, len(parts), parts, printed, base, changes, free, unknown)


COST_NAMES = {Zone.HAND: "Hand cost", Zone.RESERVE: "Reserve cost"}


def describe_cost_changes(base: int, changes: tuple[int, ...]) -> str:
    """"2, 1 less": a printed cost and its changes, in the cards' words."""
    return ", ".join([str(base), *(f"{abs(c)} {'less' if c < 0 else 'more'}" for c in changes)])


def describe_play_cost(cost: CostRecord) -> str:
    """The trace's words for a played card's cost (engine.costs.play_cost)."""
    if cost.free and not cost.changes:
        return "for free"
    if cost.free:
        return f"for free, changed by {describe_cost_changes(0, cost.changes)}: {cost.mana if cost.mana is not None else 'an unknown amount of'} Mana"
    shown = "an unknown number" if cost.base is None else describe_cost_changes(cost.base, cost.changes)
    asked = f"{cost.mana} Mana" if cost.mana is not None else "Mana the sources do not give"
    return f"its {cost.printed}, {shown}: {asked}"


def play_cost_rules(cost: CostRecord) -> tuple[str, ...]:
    rules = () if cost.printed is None else ("2.2.6.a",) if cost.printed == COST_NAMES[Zone.HAND] else ("2.2.7.a",)
    return rules + (("2.2.13.c",) if cost.changes else ())


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
            f"{thing.name} is a {card.type.value}: where a played {card.type.value.capitalize()} goes is not in the sources "
            "(the engine plays Characters, into an expedition)",
            Unenumerable.NO_CANDIDATES,
        )
    by_own_text = internal and origin not in (Zone.HAND, Zone.RESERVE)
    if origin not in (Zone.HAND, Zone.RESERVE) and not internal:
        raise Forbidden(f"{thing.name} is in the {zone_words(origin)}: a card is played from the Hand or the Reserve (2.2.10.i remark)")
    waiting = _next_card_emblems(game, player, card)
    cost = play_cost(game, player, thing, free=free)
    game.last_cost = cost
    objects: list[GameObject] = []
    statuses = frozenset({Status.FLEETING}) if origin is Zone.RESERVE else frozenset()

    def act() -> None:
        limbo = game.move(thing, Zone.LIMBO)
        assert limbo is not None
        objects.append(limbo)
        if cost.mana != 0:
            pay_mana(game, player, f"the cost of {thing.name}")
        new = game.move(limbo, Zone.EXPEDITION, expedition=kind, statuses=statuses)
        assert new is not None
        objects.append(new)
        game.happenings.append(Happening(HappeningKind.PLAYED, new.id, player, kind, Zone.EXPEDITION, from_zone=origin))

    if by_own_text:
        # A card is played from the Hand or the Reserve, but the card's own text says to play it from
        # where its ability finds it (2.1.e); the card's text wins (ruling card-text-over-rules).
        game.trace.add(
            f"A card is played from the Hand or the Reserve, but {possessive(thing.name)} own text plays it from the "
            f"{zone_words(origin)}: the card's text wins over the general rule",
            "2.1.e", "2.2.10.f", rulings=(Ruling.CARD_TEXT_OVER_RULES,),
        )
    game.trace.add(
        f"{player} plays {thing.name} from their {zone_words(origin)} "
        f"{describe_play_cost(cost) if cost.free else 'paying ' + describe_play_cost(cost) + ' (how Mana pays a cost is not in the sources)'}: "
        "it goes to Limbo, then into "
        f"{game.expedition(player, kind).label}; each is a new object",
        "3.2.8.a", "2.1.c", *play_cost_rules(cost),
    )
    mark = game.trace.mark()
    run_step(game, [act])
    limbo, new = objects
    if origin is Zone.RESERVE:
        game.trace.add(f"{new.name} was played from the Reserve: it has Fleeting", rulings=(Ruling.PLAYED_FROM_RESERVE,), at=mark)
    _apply_next_card_emblems(game, waiting, new)
    if not internal:
        game.trace.add(f"{player} has played a card: reactions are checked", "4.4.a")
    return new


def _apply_next_card_emblems(game: Game, waiting: list[GameObject], played: GameObject) -> None:
    """The emblems that waited for the next card played apply to it, once (2.2.13.c): its cost was
    changed by play_cost; its boosts are given here."""
    for emblem in waiting:
        info = emblem.emblem
        assert info is not None and isinstance(info.ongoing, NextCardPlayed)
        game.used_emblems.add(emblem.id)
        played.boosts += info.ongoing.boosts
        game.trace.add(f"The Emblem-Ongoing \"{info.text}\" applies to {played.name}", "2.2.13.c")


def pay_cost(game: Game, player: PlayerName, bearer: GameObject, parts: tuple[str, ...], what: str) -> GameObject | None:
    """Pay a quick action's or support ability's cost: always one step (6.4.a). Returns the bearer
    as it is after the cost (a new object if the cost moved it, 2.1.e), or None."""
    actions: list[Callable[[], object]] = []
    after: list[GameObject | None] = [bearer]
    atomic: int | None = 0
    for part in parts:
        if part == "exhaust":
            if bearer.exhausted:
                raise Forbidden(f"{bearer.name} is already exhausted: {player} cannot pay \"Exhaust me\" in full (6.4.c)")
            actions.append(lambda: setattr(bearer, "exhausted", True))
        elif part == "discard":
            if bearer.zone is not Zone.RESERVE:
                raise Forbidden(f"{bearer.name} is not in the Reserve: {player} cannot pay \"Discard me from Reserve\" (6.4.c)")
            actions.append(lambda: after.__setitem__(0, game.move(bearer, Zone.DISCARD)))
        elif part == "lost":
            atomic = None

            def lost() -> None:
                game.unknowns.append(Unknown(f"the cost of {what}, whose symbol is lost in the sources", UnknownScope.OBJECT, player, bearer.id))
                game.unknowns.append(Unknown(f"the cost of {what}, whose symbol is lost in the sources", UnknownScope.MANA, player))

            actions.append(lost)
        else:
            actions.append(partial(pay_mana, game, player, part))
    if atomic is not None:
        atomic = len(actions)
    game.last_cost = CostRecord(" and ".join(parts), True, 1, atomic, parts)
    shown = ", ".join("a cost symbol lost in the sources" if p == "lost" else p for p in parts) or "nothing"
    game.trace.add(f"{player} pays the cost of {what} ({shown}) in a single step", "6.4.a", "6.1.d")
    run_step(game, actions)
    return after[0]
