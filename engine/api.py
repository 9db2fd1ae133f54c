"""The checked public actions on a game. Each validates its arguments, refuses actions after
the end of the game, and raises only documented `EngineError`s."""

from __future__ import annotations

from dataclasses import replace

from .day import afternoon_started, begin_afternoon, end_turn, run_phase
from .records import CardInZone, CostRecord, EffectRecord, Happening, HappeningKind
from .ending import check_end
from .errors import BoardError, Forbidden, GameOver, UnsupportedText
from .costs import can_pay_mana, describe_play_cost, orbs_pay_mana, pay_cost, play_card, play_cost, play_cost_rules
from .messages import Card, Items, Message, Player, Quote, Term, msg
from .places import PLACES, owned_zone, zone_term
from .reactions import run_step
from .cardtext.performing import check_reactions, resolve_effect
from .movement import move_backward, move_forward
from .objects import GameObject, alike
from .readings import Unenumerable, silent
from .board import IN_PLAY
from .state import Game
from .vocabulary import HIDDEN_ZONES, ExpeditionKind, Keyword, Mode, Phase, PlayerName, Zone, unmodelled_keyword

__all__ = [
    "dusk",
    "play_phase",
    "advance",
    "retreat",
    "resolve",
    "switch_expeditions",
    "lose_gigantic",
    "put",
    "check_victory",
    "find_character",
    "find_object",
    "play",
    "pass_turn",
    "use_ability",
]



def _playable(game: Game) -> None:
    game.spend_work()  # every public action starts here
    if game.board.outcome.over:
        raise GameOver(msg("refusal.game_over", winners=Items(tuple(Player(w) for w in game.board.outcome.winners)), count=len(game.board.outcome.winners),
                           reason=game.board.outcome.message))
    unknown = game.log.board_unknown()
    if unknown is not None:
        raise silent(msg("refusal.board_unknown", unknown=unknown.said), Unenumerable.UNKNOWN_BOARD)
    # A printed ability the engine cannot read may trigger or apply in any action: never run past it in silence.
    for obj in game.board.objects.values():
        if obj.zone in IN_PLAY and obj.card.unread:
            keyword = unmodelled_keyword(obj.card.unread[0])
            raise silent(
                msg("refusal.unmodelled_keyword", card=Card(obj.name), keyword=_keyword_said(keyword)) if keyword
                else msg("refusal.unread_ability", card=Card(obj.name), text=Quote(obj.card.unread[0])),
                Unenumerable.LOST_TEXT if keyword else Unenumerable.UNKNOWN_BOARD,
            )


def dusk(game: Game) -> None:
    """The Dusk phase: "At Dusk" reactions, Progress (4.2.4) or the tiebreaker (4.3.h), the end of the game (4.3)."""
    play_phase(game, Phase.DUSK)


def play_phase(game: Game, phase: Phase, *, expand: bool = False) -> None:
    """Play one phase; `expand`: at Morning, the players make their Expand decisions (4.2.1.e)."""
    _playable(game)
    run_phase(game, phase, expand=expand)


def _move(game: Game, player: PlayerName, kind: ExpeditionKind, forward: bool) -> bool:
    _playable(game)
    expedition = game.board.expedition(player, kind)
    moved: list[bool] = []
    run_step(game, [lambda: moved.append((move_forward if forward else move_backward)(game, expedition))])
    check_reactions(game)
    return moved[0]


def advance(game: Game, player: PlayerName, kind: ExpeditionKind) -> bool:
    """An effect moves an expedition forward (7.3.11); the end of the game is checked (4.3.a-b)."""
    return _move(game, player, kind, True)


def retreat(game: Game, player: PlayerName, kind: ExpeditionKind) -> bool:
    """An effect moves an expedition backward (7.3.10)."""
    return _move(game, player, kind, False)


def resolve(
    game: Game,
    text: str,
    controller: PlayerName,
    *,
    target: tuple[PlayerName, ExpeditionKind] | None = None,
    target_object: tuple[PlayerName, str, str] | None = None,
) -> EffectRecord:
    """Resolve printed effect text for `controller` (6.1), then check reactions. `target` is a
    "target Expedition"; `target_object` (player, place, name) a targeted object."""
    _playable(game)
    game.board.player(controller)
    where = game.board.expedition(*target) if target is not None else None
    chosen = None
    if target_object is not None:
        found = find_object(game, *target_object)
        if isinstance(found, CardInZone):
            raise Forbidden(msg("refusal.hidden_target", card=Card(found.name), zone=owned_zone(found.owner, found.zone)))
        chosen = found
    record = resolve_effect(game, text, controller, target=where, target_object=chosen)
    return record


def find_character(game: Game, player: PlayerName, kind: ExpeditionKind, name: str) -> GameObject:
    """The character named `name` whose card is in that expedition (a Gigantic one also from its
    other expedition). Several with that name are only accepted when they are alike: then which
    one is chosen changes nothing but its identity, and the oldest is taken."""
    game.board.player(player)
    present = game.board.characters_in(player, kind)
    candidates = [o for o in present if o.name.lower() == name.lower()]
    if not candidates:
        expedition = game.board.expedition(player, kind).said
        if not present:
            raise BoardError(msg("board.no_character_nobody", name=Quote(repr(name)), expedition=expedition))
        raise BoardError(msg("board.no_character", name=Quote(repr(name)), expedition=expedition, names=Quote(", ".join(o.name for o in present))))
    if not alike(candidates):
        raise BoardError(
            msg("board.same_name_characters", n=len(candidates), name=Quote(repr(name)), expedition=game.board.expedition(player, kind).said)
        )
    return candidates[0]


def find_object(game: Game, player: PlayerName, place: str, name: str) -> GameObject | CardInZone:
    """The object (or, in a hidden zone, the card) named `name` in one of `player`'s places (PLACES).
    Several with that name are accepted only when they are alike. A card printed in another
    language is found by its English name only (2.2.3.c)."""
    if place in ("hero", "companion"):
        return find_character(game, player, ExpeditionKind(place), name)
    game.board.player(player)
    zone = PLACES[place]
    if zone in HIDDEN_ZONES:
        cards = game.board.player(player).hidden(zone)
        found = [c for c in cards if (c.name or "").lower() == name.lower()]
        if not found:
            raise BoardError(_absent(name, owned_zone(player, zone), [c.name or "card" for c in cards], [c.printed_name for c in cards]))
        return CardInZone(player, found[0], zone)
    present = game.board.in_zone(zone, player)
    candidates = [o for o in present if o.name.lower() == name.lower()]
    if not candidates:
        raise BoardError(_absent(name, owned_zone(player, zone), [o.name for o in present], [o.card.printed_name for o in present]))
    if not alike(candidates):
        raise BoardError(msg("board.same_name_objects", n=len(candidates), name=Quote(repr(name)), where=owned_zone(player, zone)))
    return candidates[0]


def _absent(name: str, where: Message, names: list[str], printed: list[str | None]) -> Message:
    for english, local in zip(names, printed):
        if local is not None and local.lower() == name.lower():
            return msg("board.printed_name", name=Quote(repr(name)), where=where, printed=Quote(local), card=Card(english))
    if not names:
        return msg("board.no_object_nothing", name=Quote(repr(name)), where=where)
    return msg("board.no_object", name=Quote(repr(name)), where=where, names=Quote(", ".join(names)))


def _take_turn_action(game: Game, player: PlayerName, what: Message) -> None:
    """Cards and quick actions are played during one's turn, in the Afternoon (1.3.2.d)."""
    _playable(game)
    game.board.player(player)
    if not afternoon_started(game):
        begin_afternoon(game)
    if game.board.turn != player:
        raise Forbidden(msg("refusal.not_your_turn", player=Player(player), action=what, turn=Player(game.board.turn or "")))


def play(game: Game, player: PlayerName, place: str, name: str, expedition: ExpeditionKind | None, *, decline_cost: bool = False) -> GameObject | None:
    """During their turn, a player plays a card from their Hand or Reserve (1.3.2.d): a Character into
    one of their expeditions, a Landmark (`expedition` None) into their Landmark zone; reactions are
    checked (4.4.a.3), then their turn ends. Declining its cost, they may not play it (6.4.d)."""
    _take_turn_action(game, player, msg("action.play", card=Card(name)))
    thing = find_object(game, player, place, name)
    _refuse_exhausted_in_reserve(thing, "played")  # refusal.exhausted_in_reserve_played
    if decline_cost:
        game.log.last_cost = play_cost(game, player, thing, paid=False)
        game.log.trace.add(
            msg("play.declines_cost_of", player=Player(player), card=Card(thing.name), cost=describe_play_cost(game.log.last_cost)),
            "6.4.b", "6.4.d", *play_cost_rules(game.log.last_cost),
        )
        return None
    new = play_card(game, player, thing, expedition)
    if new is None:
        return None  # its cost cannot be paid in full: not played, and the turn goes on (6.4.c-d)
    check_reactions(game)
    if game.board.turn == player and not game.board.outcome.over:
        end_turn(game, passed=False)
    return new


def _refuse_exhausted_in_reserve(thing: GameObject | CardInZone, what: str) -> None:
    """An exhausted card in the Reserve: whether it can still be played or give its support ability,
    no source says (only "Exhaust me" costs, 7.1.4, and Prepare, 4.2.1.c, speak of exhaustion)."""
    if isinstance(thing, GameObject) and thing.zone is Zone.RESERVE and thing.exhausted:
        raise silent(
            msg("refusal.exhausted_in_reserve_" + what, card=Card(thing.name)),
            Unenumerable.NO_CANDIDATES,
        )


def refuse_other_expedition(game: Game, player: PlayerName, other: PlayerName, name: str) -> None:
    """A card is played into one of its player's own expeditions: the 2v2 page forbids playing one
    directly into a teammate's; for an opponent's, no text speaks."""
    game.board.player(other)
    if game.board.mode is Mode.TWO_VS_TWO and other in game.board.team_of(player):
        raise Forbidden(msg("refusal.teammate_expedition", player=Player(player), card=Card(name), other=Player(other)))
    raise silent(
        msg("refusal.other_expedition", player=Player(player), card=Card(name), other=Player(other)),
        Unenumerable.NO_CANDIDATES,
    )


def pass_turn(game: Game, player: PlayerName) -> None:
    """The player passes: they take no more turns this day (1.3.2.d); reactions are checked (4.4.a.3)."""
    _take_turn_action(game, player, msg("action.pass"))
    end_turn(game, passed=True)
    check_reactions(game)


def use_ability(
    game: Game, player: PlayerName, place: str, name: str, *, support: bool, index: int = 1, decline_cost: bool = False
) -> EffectRecord | None:
    """During their turn, a player plays a quick action of an object in play (2.2.10.f, 1.3.2.d), or
    uses a support ability of an object in their Reserve (2.2.10.g): its cost is one step (6.4.a),
    then its effect resolves; reactions are checked (4.4.a.3)."""
    what = "support ability" if support else "quick action"
    _take_turn_action(game, player, msg("action.use", what=Term(what), card=Card(name)))
    obj = find_object(game, player, place, name)
    if isinstance(obj, CardInZone):
        raise Forbidden(msg("refusal.hidden_abilities", card=Card(name), zone=owned_zone(player, obj.zone)))
    abilities = obj.card.supports if support else obj.card.quick_actions
    if not abilities:
        raise BoardError(msg("board.no_ability", card=Card(obj.name), what=Term(what)))
    if not 1 <= index <= len(abilities):
        raise BoardError(msg("board.ability_number", card=Card(obj.name), what=Term(what), n=len(abilities)))
    ability = abilities[index - 1]
    if support:
        _refuse_exhausted_in_reserve(obj, "support")  # refusal.exhausted_in_reserve_support
    if support and obj.zone is not Zone.RESERVE:
        raise Forbidden(msg("refusal.support_not_in_reserve", card=Card(obj.name), zone=zone_term(obj.zone)))
    if not support and obj.zone not in IN_PLAY:
        raise Forbidden(msg("refusal.not_in_play", card=Card(obj.name), zone=zone_term(obj.zone)))
    game.log.trace.add(
        msg("play.ability", player=Player(player), what=Term(what), text=Quote(ability.text), card=Card(obj.name)),
        "2.2.10.g" if support else "2.2.10.h",
    )
    cost = ability.cost
    if ability.more_unless_first:
        first, rule = game.board.is_first_player(player)
        if not first:
            cost = cost + (f"pay {ability.more_unless_first}",)
        line = msg("play.first_player" if first else "play.not_first_player", player=Player(player), more=Quote(ability.more_unless_first))
        if game.board.mode is Mode.TWO_VS_TWO and player != game.board.first_player:
            line = msg("play.team_first_player" if first else "play.team_not_first_player", player=Player(player),
                       holder=Player(game.board.first_player), more=Quote(ability.more_unless_first))
        game.log.trace.add(line, rule)
    if decline_cost:
        # The cost declined is the one asked, its parts and Mana included (6.4.b, 6.4.e).
        game.log.last_cost = CostRecord(f"the cost of {obj.name}'s {what}", False, 1, None if "lost" in cost else len(cost), cost,
                                        said=msg("cost.named_ability", card=Card(obj.name), what=Term(what)))
        game.log.trace.add(msg("play.declines_ability_cost", player=Player(player), what=Term(what)), "6.4.b", "6.4.e")
        return None
    mana = sum(int(p[4:]) for p in cost if p.startswith("pay ") and p[4:].isdecimal())
    # A part that cannot be paid whatever Mana does ("Exhaust me" on an exhausted object) is refused
    # by pay_cost; the Mana question comes up only for a cost the rest of which can be paid.
    other_parts_payable = not ("exhaust" in cost and obj.exhausted) and not ("discard" in cost and obj.zone is not Zone.RESERVE)
    if mana and other_parts_payable and not can_pay_mana(game, player, mana):
        # 6.4.c, 6.4.e: a cost that cannot be paid in full is not paid: the ability is not played.
        game.log.last_cost = CostRecord(f"the cost of {obj.name}'s {what}", False, 1, None if "lost" in cost else len(cost), cost,
                                        said=msg("cost.named_ability", card=Card(obj.name), what=Term(what)))
        game.log.trace.add(msg("play.cannot_pay_ability_orbs" if orbs_pay_mana(game, player) else "play.cannot_pay_ability",
                               player=Player(player), what=Term(what)), "6.4.c", "6.4.e")
        return None
    after = pay_cost(game, player, obj, cost, msg("cost.ability_of", card=Card(obj.name), what=Term(what))) if cost else obj
    record = resolve_effect(game, ability.effect, player, me=after.id if after is not None else None, source_name=obj.name)
    game.log.trace.add(msg("play.ability_played", player=Player(player), what=Term(what)), "4.4.a")
    check_reactions(game)
    return record


def switch_expeditions(game: Game, player: PlayerName, kind: ExpeditionKind, name: str) -> None:
    """7.3.22: the character goes to its controller's other expedition (7.4.3.j for a Gigantic one)."""
    _playable(game)
    obj = find_character(game, player, kind, name)
    old = obj.expedition
    assert old is not None

    def act() -> None:
        game.switch(obj)

    game.log.trace.add(msg("switch.switches", card=Card(obj.name), player=Player(player), old=Term(old.value), new=Term(old.other.value)), "7.3.22.a")
    run_step(game, [act])
    if obj.card.has(Keyword.GIGANTIC):
        game.log.trace.add(
            msg("switch.gigantic", card=Card(obj.name)),
            "7.4.3.j",
        )
    else:
        game.log.trace.add(
            msg("switch.leaves_joins", card=Card(obj.name), player=Player(player), old=Term(old.value), new=Term(old.other.value)),
            "7.3.22.b",
            "7.5.4.c",
            "7.5.5.c",
            "3.2.4.d",
        )
    check_reactions(game)


def lose_gigantic(game: Game, player: PlayerName, kind: ExpeditionKind, name: str) -> None:
    """7.4.3.k: a Gigantic character that loses Gigantic stays in the expedition holding its card
    or token and leaves its controller's other expedition. It stays the same object (no zone change)."""
    _playable(game)
    obj = find_character(game, player, kind, name)
    if not obj.card.has(Keyword.GIGANTIC):
        game.log.trace.add(msg("gigantic.not_gigantic", card=Card(obj.name)), "7.4.3.k")
        return
    assert obj.expedition is not None
    stays, leaves = obj.expedition, obj.expedition.other

    def act() -> None:
        obj.card = replace(obj.card, keywords=obj.card.keywords - {Keyword.GIGANTIC})
        game.log.happenings.append(Happening(HappeningKind.LEAVES_EXPEDITION, obj.id, obj.controller, leaves, Zone.EXPEDITION))

    run_step(game, [act])
    game.log.trace.add(
        msg("gigantic.loses", card=Card(obj.name), player=Player(player), stays=Term(stays.value), leaves=Term(leaves.value)),
        "7.4.3.k",
    )
    check_reactions(game)


def put(
    game: Game, player: PlayerName, kind: ExpeditionKind | str, name: str, zone: Zone, *, expedition: ExpeditionKind | None = None
) -> GameObject | None:
    """An effect moves an object, or a card from a hidden zone, to another zone (2.1.c-d): `kind` is
    the expedition it is in, or one of PLACES; `expedition` when it is put into the Expedition zone
    (put in play, not played). Returns the new object, if any."""
    _playable(game)
    if zone in (Zone.ADVENTURE, Zone.LIMBO, Zone.HERO) or (zone is Zone.EXPEDITION and expedition is None):
        raise UnsupportedText(msg("board.put_zones", zone=zone_term(zone)))
    place = kind.value if isinstance(kind, ExpeditionKind) else kind
    obj = find_object(game, player, place, name)
    if obj.zone is zone and zone is not Zone.EXPEDITION:
        raise BoardError(msg("board.already_in", card=Card(name), where=owned_zone(player, zone)))
    if isinstance(obj, GameObject) and obj.zone is Zone.EXPEDITION and zone is Zone.EXPEDITION:
        raise UnsupportedText(msg("board.use_switch"))
    result: list[GameObject | None] = []
    mark = game.log.trace.mark()
    run_step(game, [lambda: result.append(game.move(obj, zone, expedition=expedition))])
    new = result[0]
    if isinstance(obj, CardInZone):
        where = game.board.expedition(obj.owner, expedition).said if expedition else owned_zone(obj.owner, zone)
        game.log.trace.add(
            msg("put.in_play" if expedition else "put.becomes_object", card=Card(obj.name), origin=owned_zone(obj.owner, obj.zone), where=where),
            "2.1.c", "2.1.g",
            at=mark,
        )
    elif obj.card.token and obj.zone is Zone.EXPEDITION:
        game.log.trace.add(
            msg("put.token", card=Card(obj.name), where=owned_zone(obj.owner, zone), zone=zone_term(zone)),
            "2.1.d",
            "7.5.4.d",
            "7.5.5.b",
            at=mark,
        )
    elif zone in HIDDEN_ZONES:
        game.log.trace.add(msg("put.hidden", card=Card(obj.name), where=owned_zone(obj.owner, zone)), "2.1.c", "2.1.g", at=mark)
    else:
        assert new is not None
        game.log.trace.add(
            # new.zone: where it went, which a rule of the glossary may change (Fleeting: engine.decisions)
            msg("put.new_object", card=Card(obj.name), origin=owned_zone(obj.owner, obj.zone), where=owned_zone(obj.owner, new.zone),
                timestamp=new.timestamp, was=obj.timestamp),
            "2.1.c",
            at=mark,
        )
    check_reactions(game)
    return new


def check_victory(game: Game) -> None:
    """Check the end of the game on the board as it stands, as if every player whose expeditions
    have met or crossed had just done so at the same time (4.3; the game-mode pages)."""
    _playable(game)
    check_end(game)
    if not game.board.outcome.over and not game.board.tiebreakers:
        game.log.trace.add(msg("end.nobody_finished"), "1.3.3.a")


def _keyword_said(printed: str) -> Message:
    """A keyword whose rules are not in the sources, as printed ("Tough 1"), in the reader's words ("Coriace 1")."""
    word, _, number = printed.partition(" ")
    return msg("keyword.numbered", keyword=Term(word), n=Quote(number)) if number else msg("keyword.printed", keyword=Term(word))
