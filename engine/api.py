"""The checked public actions on a game. Each validates its arguments, refuses actions after
the end of the game, and raises only documented `EngineError`s."""

from __future__ import annotations

from dataclasses import replace

from .day import afternoon_started, begin_afternoon, end_turn, run_phase
from .records import CardInZone, CostRecord, EffectRecord, Happening, HappeningKind
from .ending import check_end
from .errors import BoardError, Forbidden, GameOver, UnsupportedText
from .costs import describe_play_cost, pay_cost, play_card, play_cost, play_cost_rules
from .places import PLACES, zone_words
from .reactions import run_step
from .resolution import check_reactions, resolve_effect
from .wording import possessive
from .movement import move_backward, move_forward
from .objects import GameObject, alike
from .readings import Unenumerable, silent
from .state import IN_PLAY, Game
from .vocabulary import HIDDEN_ZONES, ExpeditionKind, Keyword, Mode, Phase, PlayerName, Zone

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
    if game.outcome.over:
        raise GameOver(f"the game is over ({' and '.join(game.outcome.winners)} won: {game.outcome.reason}); no further action can happen")
    unknown = game.board_unknown()
    if unknown is not None:
        raise silent(f"the engine cannot go on: the board is unknown after {unknown.reason}", Unenumerable.UNKNOWN_BOARD)
    # A printed ability the engine cannot read may trigger or apply in any action: never run past it in silence.
    for obj in game.objects.values():
        if obj.zone in IN_PLAY and obj.card.unread:
            raise silent(
                f"{obj.name} in play has an ability the engine cannot read, \"{obj.card.unread[0]}\": whether it changes "
                "what happens is not known (write it in one of the wordings of docs/en/scenarios.md, or leave it out)",
                Unenumerable.UNKNOWN_BOARD,
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
    expedition = game.expedition(player, kind)
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
    game.player(controller)
    where = game.expedition(*target) if target is not None else None
    chosen = None
    if target_object is not None:
        found = find_object(game, *target_object)
        if isinstance(found, CardInZone):
            raise Forbidden(f"{found.name} is a card in {found.owner}'s {found.zone.value}, a hidden zone: it is not an object (2.1.g) and cannot be targeted")
        chosen = found
    record = resolve_effect(game, text, controller, target=where, target_object=chosen)
    return record


def find_character(game: Game, player: PlayerName, kind: ExpeditionKind, name: str) -> GameObject:
    """The character named `name` whose card is in that expedition (a Gigantic one also from its
    other expedition). Several with that name are only accepted when they are alike: then which
    one is chosen changes nothing but its identity, and the oldest is taken."""
    game.player(player)
    present = game.characters_in(player, kind)
    candidates = [o for o in present if o.name.lower() == name.lower()]
    if not candidates:
        names = ", ".join(o.name for o in present) or "nobody"
        raise BoardError(f"no character named {name!r} in {game.expedition(player, kind).label} (there: {names})")
    if not alike(candidates):
        raise BoardError(
            f"{len(candidates)} different characters are named {name!r} in {game.expedition(player, kind).label}; "
            "give them different names in the scenario so the action says which one"
        )
    return candidates[0]


def find_object(game: Game, player: PlayerName, place: str, name: str) -> GameObject | CardInZone:
    """The object (or, in a hidden zone, the card) named `name` in one of `player`'s places (PLACES).
    Several with that name are accepted only when they are alike. A card printed in another
    language is found by its English name only (2.2.3.c)."""
    if place in ("hero", "companion"):
        return find_character(game, player, ExpeditionKind(place), name)
    game.player(player)
    zone = PLACES[place]
    if zone in HIDDEN_ZONES:
        cards = game.player(player).hidden(zone)
        found = [c for c in cards if (c.name or "").lower() == name.lower()]
        if not found:
            raise BoardError(_absent(name, f"{player}'s {zone.value}", [c.name or "card" for c in cards], [c.printed_name for c in cards]))
        return CardInZone(player, found[0], zone)
    present = game.in_zone(zone, player)
    candidates = [o for o in present if o.name.lower() == name.lower()]
    if not candidates:
        raise BoardError(_absent(name, f"{player}'s {place.replace('_', ' ')}", [o.name for o in present], [o.card.printed_name for o in present]))
    if not alike(candidates):
        raise BoardError(f"{len(candidates)} different objects are named {name!r} in {player}'s {place}; give them different names in the scenario")
    return candidates[0]


def _absent(name: str, where: str, names: list[str], printed: list[str | None]) -> str:
    for english, local in zip(names, printed):
        if local is not None and local.lower() == name.lower():
            return (
                f"no object named {name!r} in {where}: the card printed \"{local}\" is named {english}, "
                "its English name (2.2.3.c)"
            )
    return f"no object named {name!r} in {where} (there: {', '.join(names) or 'nothing'})"


def _take_turn_action(game: Game, player: PlayerName, what: str) -> None:
    """Cards and quick actions are played during one's turn, in the Afternoon (1.3.2.d)."""
    _playable(game)
    game.player(player)
    if not afternoon_started(game):
        begin_afternoon(game)
    if game.turn != player:
        raise Forbidden(
            f"{player} cannot {what}: it is {game.turn}'s turn (1.3.2.d: starting with the first player, players "
            "alternate taking turns); list that player's turn first"
        )


def play(game: Game, player: PlayerName, place: str, name: str, expedition: ExpeditionKind, *, decline_cost: bool = False) -> GameObject | None:
    """During their turn, a player plays a card from their Hand or Reserve (1.3.2.d); reactions are
    checked (4.4.a.3), then their turn ends. Declining its cost, they may not play it (6.4.d)."""
    _take_turn_action(game, player, f"play {name}")
    thing = find_object(game, player, place, name)
    _refuse_exhausted_in_reserve(thing, "played")
    if decline_cost:
        game.last_cost = play_cost(game, player, thing, paid=False)
        game.trace.add(
            f"{player} declines to pay the cost of {thing.name} ({describe_play_cost(game.last_cost)}): they may not play it, "
            f"and the game goes back to the point where they were offered to play it (it is still {player}'s turn)",
            "6.4.b", "6.4.d", *play_cost_rules(game.last_cost),
        )
        return None
    new = play_card(game, player, thing, expedition)
    check_reactions(game)
    if game.turn == player and not game.outcome.over:
        end_turn(game, passed=False)
    return new


def _refuse_exhausted_in_reserve(thing: GameObject | CardInZone, what: str) -> None:
    """An exhausted card in the Reserve: whether it can still be played or give its support ability,
    no source says (only "Exhaust me" costs, 7.1.4, and Prepare, 4.2.1.c, speak of exhaustion)."""
    if isinstance(thing, GameObject) and thing.zone is Zone.RESERVE and thing.exhausted:
        raise silent(
            f"{thing.name} is exhausted in the Reserve: whether it can be {what} is not in the sources",
            Unenumerable.NO_CANDIDATES,
        )


def refuse_other_expedition(game: Game, player: PlayerName, other: PlayerName, name: str) -> None:
    """A card is played into one of its player's own expeditions: the 2v2 page forbids playing one
    directly into a teammate's; for an opponent's, no text speaks."""
    game.player(other)
    if game.mode is Mode.TWO_VS_TWO and other in game.team_of(player):
        raise Forbidden(
            f"{player} cannot play {name} into {other}'s expedition: \"It is not possible to directly play a card in your "
            "teammate's Expedition or Landmark Zone\" (2v2.teammate); effects may create tokens there"
        )
    raise silent(
        f"{player} would play {name} into {other}'s expedition; the sources only say a card cannot be played directly into a "
        "teammate's (the 2v2 page)",
        Unenumerable.NO_CANDIDATES,
    )


def pass_turn(game: Game, player: PlayerName) -> None:
    """The player passes: they take no more turns this day (1.3.2.d); reactions are checked (4.4.a.3)."""
    _take_turn_action(game, player, "pass")
    end_turn(game, passed=True)
    check_reactions(game)


def use_ability(
    game: Game, player: PlayerName, place: str, name: str, *, support: bool, index: int = 1, decline_cost: bool = False
) -> EffectRecord | None:
    """During their turn, a player plays a quick action of an object in play (2.2.10.f, 1.3.2.d), or
    uses a support ability of an object in their Reserve (2.2.10.g): its cost is one step (6.4.a),
    then its effect resolves; reactions are checked (4.4.a.3)."""
    what = "support ability" if support else "quick action"
    _take_turn_action(game, player, f"use a {what} of {name}")
    obj = find_object(game, player, place, name)
    if isinstance(obj, CardInZone):
        raise Forbidden(f"{name} is a card in {player}'s {obj.zone.value}, a hidden zone: its abilities do not work there (1.2.4.d)")
    abilities = obj.card.supports if support else obj.card.quick_actions
    if not abilities:
        raise BoardError(f"{obj.name} has no {what}")
    if not 1 <= index <= len(abilities):
        raise BoardError(f"{obj.name} has {len(abilities)} {what}(s); `ability:` is 1 to {len(abilities)}")
    ability = abilities[index - 1]
    if support:
        _refuse_exhausted_in_reserve(obj, "used for its support ability")
    if support and obj.zone is not Zone.RESERVE:
        raise Forbidden(f"{obj.name} is in the {obj.zone.value}: support abilities only work while the object is in the Reserve (2.2.10.g)")
    if not support and obj.zone not in IN_PLAY:
        raise Forbidden(f"{obj.name} is in the {obj.zone.value}: its abilities only work while it is in play (2.2.10.f, 1.2.4.d)")
    game.trace.add(
        f"{player} plays the {what} \"{ability.text}\" of {obj.name}",
        "2.2.10.g" if support else "2.2.10.h",
    )
    cost = ability.cost
    if ability.more_unless_first:
        first, rule = game.is_first_player(player)
        if not first:
            cost = cost + (f"pay {ability.more_unless_first}",)
        holder = ""
        if game.mode is Mode.TWO_VS_TWO and player != game.first_player:
            holder = f" ({game.first_player}, {'a' if first else 'not a'} team member, has the first player token)"
        game.trace.add(
            f"{player} {'is' if first else 'is not'} the first player{holder}: the action "
            f"{'does not cost' if first else 'costs'} {ability.more_unless_first} more",
            rule,
        )
    if decline_cost:
        # The cost declined is the one asked, its parts and Mana included (6.4.b, 6.4.e).
        game.last_cost = CostRecord(f"the cost of {obj.name}'s {what}", False, 1, None if "lost" in cost else len(cost), cost)
        game.trace.add(
            f"{player} declines to pay the cost: they may not play this {what}, and the game goes back to the point "
            "where they were offered to play it",
            "6.4.b", "6.4.e",
        )
        return None
    after = pay_cost(game, player, obj, cost, f"{obj.name}'s {what}") if cost else obj
    record = resolve_effect(game, ability.effect, player, me=after.id if after is not None else None, source_name=obj.name)
    game.trace.add(f"{player} has played a {what}: reactions are checked", "4.4.a")
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

    game.trace.add(f"{obj.name} switches expeditions, from {player}'s {old.value} expedition to their {old.other.value} expedition", "7.3.22.a")
    run_step(game, [act])
    if obj.card.has(Keyword.GIGANTIC):
        game.trace.add(
            f"{obj.name} is Gigantic: its card switches expeditions, the character neither leaves nor joins either expedition",
            "7.4.3.j",
        )
    else:
        game.trace.add(
            f"{obj.name} leaves {player}'s {old.value} expedition and joins their {old.other.value} expedition; "
            "it neither leaves nor joins the Expedition zone and stays the same object",
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
        game.trace.add(f"{obj.name} is not Gigantic: losing Gigantic changes nothing", "7.4.3.k")
        return
    assert obj.expedition is not None
    stays, leaves = obj.expedition, obj.expedition.other

    def act() -> None:
        obj.card = replace(obj.card, keywords=obj.card.keywords - {Keyword.GIGANTIC})
        game.happenings.append(Happening(HappeningKind.LEAVES_EXPEDITION, obj.id, obj.controller, leaves, Zone.EXPEDITION))

    run_step(game, [act])
    game.trace.add(
        f"{obj.name} loses Gigantic: it remains in {player}'s {stays.value} expedition, which holds its card, "
        f"and leaves their {leaves.value} expedition",
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
        raise UnsupportedText(f"`put` moves an object to reserve, discard, hand, deck, mana, landmarks, hero or companion; not to {zone.value}")
    place = kind.value if isinstance(kind, ExpeditionKind) else kind
    obj = find_object(game, player, place, name)
    if obj.zone is zone and zone is not Zone.EXPEDITION:
        raise BoardError(f"{name} is already in {player}'s {zone.value}")
    if isinstance(obj, GameObject) and obj.zone is Zone.EXPEDITION and zone is Zone.EXPEDITION:
        raise UnsupportedText("an object moving from one expedition to another does not change zones (3.2.4.d): use switch_expeditions")
    result: list[GameObject | None] = []
    mark = game.trace.mark()
    run_step(game, [lambda: result.append(game.move(obj, zone, expedition=expedition))])
    new = result[0]
    owner = possessive(obj.owner)
    if isinstance(obj, CardInZone):
        where = game.expedition(obj.owner, expedition).label if expedition else f"{owner} {zone_words(zone)}"
        game.trace.add(
            f"{obj.name} is put from {owner} {zone_words(obj.zone)} into {where}: it becomes an object there (it was a card, not an object)"
            + ("; it is put in play, not played" if expedition else ""),
            "2.1.c", "2.1.g",
            at=mark,
        )
    elif obj.card.token and obj.zone is Zone.EXPEDITION:
        game.trace.add(
            f"The {obj.name} token leaves the Expedition zone and joins {owner} {zone_words(zone)}, then ceases to exist; "
            f"it does not leave the {zone_words(zone)}",
            "2.1.d",
            "7.5.4.d",
            "7.5.5.b",
            at=mark,
        )
    elif zone in HIDDEN_ZONES:
        game.trace.add(f"{obj.name} goes to {owner} {zone_words(zone)}, a hidden zone: it is a card there, not an object", "2.1.c", "2.1.g", at=mark)
    else:
        assert new is not None
        game.trace.add(
            f"{obj.name} goes from {owner} {zone_words(obj.zone)} to {owner} {zone_words(zone)} as a new object (timestamp "
            f"{new.timestamp}, was {obj.timestamp}); effects on the old object do not apply to it",
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
    if not game.outcome.over and not game.tiebreakers:
        game.trace.add("No player's expeditions have met or crossed: the game continues", "1.3.3.a")
