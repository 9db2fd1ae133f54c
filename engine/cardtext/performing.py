"""Performing card text: resolving effects step by step (6.1), with what their words refer to (7.2),
and playing the Emblem-Reactions waiting in Limbo in initiative order (4.4), which resolves their
effects: each step of an effect is followed by a check of reactions (4.4.a.2).

Each record of engine.cardtext.instructions has one handler here (`_HANDLERS`, keyed by the record's
type); the registry of wordings (engine.cardtext.wordings) says which records card text is read into."""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import partial
from typing import Callable, Sequence, get_args

from ..choices import YES, choose
from ..costs import pay_effect_cost, play_card
from .instructions import (
    ActivateTriggers,
    Conditional,
    CreateOngoing,
    CreateTokens,
    DiscardTarget,
    Draw,
    FirstPlayer,
    Gain,
    Gainer,
    Instruction,
    ItIs,
    KeywordAction,
    LostEffect,
    MoveExpeditions,
    PlayMe,
    PutFromHand,
    PutMe,
    Sacrifice,
    TokenDestination,
    Whose,
    WithCost,
    YouControl,
)
from .reading import parse_effect, split_steps
from .wordings import WORDINGS
from ..durations import Span, span_of, undefined_duration_ends
from ..errors import Forbidden
from ..movement import move_backward, move_forward
from ..objects import Card, EmblemInfo, EmblemKind, GameObject, alike, describe_character
from ..messages import Card as Named, Items, Message, Param, Player, Quote, Rules, Term, msg
from ..catalogue import ENGLISH
from ..places import owned_zone, zone_term
from ..reactions import create_reaction_emblem, run_step
from ..readings import CREATOR_CONTROLS, Unenumerable, reading, silent, token_controller_question
from ..records import CardInZone, EffectRecord, Expedition, Happening, HappeningKind, Unknown, UnknownScope
from ..rulings import Ruling
from ..board import IN_PLAY
from ..state import Game
from ..vocabulary import Duration, ExpeditionKind, Keyword, Mode, ObjectType, PlayerName, Zone

__all__ = ["Resolution", "resolve_effect", "check_reactions", "sacrifice"]


def check_reactions(game: Game) -> None:
    """4.4.b-c: while Emblem-Reactions wait in Limbo, the first player in initiative order who
    controls one chooses one of them and plays it; then reactions are checked again."""
    if game.log.checking_reactions:
        return  # the loop already running picks up new Emblem-Reactions (4.4.c remark)
    game.log.checking_reactions = True
    plays: dict[tuple[int | None, str], int] = {}
    try:
        while not game.board.outcome.over:
            game.spend_work()
            unknown = game.log.board_unknown()
            if unknown is not None:
                if game.log.reactions_unchecked is not unknown:  # told once for each step the engine cannot follow
                    game.log.reactions_unchecked = unknown
                    game.log.trace.add(msg("react.unchecked", unknown=unknown.said), "4.4.a")
                return
            held = game.log.held_reactions  # most checks hold none: the test below is then skipped
            waiting = [o for o in game.board.in_zone(Zone.LIMBO) if o.emblem is not None and o.emblem.kind is EmblemKind.REACTION
                       and (not held or o.id not in held)]
            if not waiting:
                return
            chooser = next(name for name in game.board.initiative_order() if any(o.controller == name for o in waiting))
            mine = [o for o in waiting if o.controller == chooser]
            emblem = _pick_emblem(game, chooser, mine)
            assert emblem.emblem is not None
            key = (emblem.emblem.source_id, emblem.emblem.text)
            plays[key] = plays.get(key, 0) + 1
            # A reaction that keeps playing itself is told three times, then summed up.
            game.log.trace.muted = plays[key] > 3
            game.log.trace.add(msg("react.plays", player=Player(chooser), text=Quote(emblem.emblem.text), card=Named(emblem.emblem.source_name or "")), "4.4.b")
            game.log.reactions_played.append(f"{chooser}: {emblem.emblem.text}")
            try:
                resolve_effect(game, emblem.emblem.text, chooser, me=emblem.emblem.source_id, source_name=emblem.emblem.source_name)
            finally:
                game.log.trace.muted = False
            # 2.2.2.m example: when the Reaction is played, its effect resolves, then it ceases to exist.
            if game.board.objects.pop(emblem.id, None) is not None and plays[key] <= 3:
                game.log.trace.add(msg("react.ceases", text=Quote(emblem.emblem.text)), "2.2.2.m")
    finally:
        game.log.checking_reactions = False
        game.log.trace.muted = False
        for (_, text), n in plays.items():
            if n > 3:
                game.log.trace.add(msg("react.repeated", text=Quote(text), n=n), "4.4.c")


def _pick_emblem(game: Game, chooser: PlayerName, mine: list[GameObject]) -> GameObject:
    """4.4.b: the player chooses one of their Emblem-Reactions; without a decision in the scenario,
    the engine takes the oldest."""
    if len(mine) == 1:
        return mine[0]
    texts = [o.emblem.text for o in mine if o.emblem is not None]
    if game.log.answers and game.log.answers[0].player == chooser and any(t.lower() == game.log.answers[0].answer.lower() for t in texts):
        text = choose(game, chooser, msg("question.which_reaction"), list(dict.fromkeys(texts)), rules=("4.4.b", "4.4.c"))
        return next(o for o in mine if o.emblem is not None and o.emblem.text == text)
    game.log.trace.add(msg("react.oldest_first", player=Player(chooser), n=len(mine)), "4.4.b")
    return mine[0]


@dataclass
class Resolution:
    """What an effect's words refer to while it resolves: "you" is its controller (7.2.2.a); "I"
    is the object bearing the ability or that created the emblem (7.2.1); "it" is the card an
    earlier step moved, found in its new zone (2.1.e). When the effect itself moves the object "I"
    refers to, "I" follows it (2.1.f)."""

    controller: PlayerName
    me: int | None = None
    me_name: str | None = None
    target: Expedition | None = None
    target_object: GameObject | None = None
    it: GameObject | CardInZone | None = None
    atomic: int = 0
    notes: list[str] = field(default_factory=list)
    held: frozenset[int] = frozenset()
    """The Emblem-Reactions this effect's internal actions created: played after its end (4.4.a remark)."""

    def my_object(self, game: Game) -> GameObject | None:
        return game.board.objects.get(self.me) if self.me is not None else None


def resolve_effect(
    game: Game,
    text: str,
    controller: PlayerName,
    *,
    source: GameObject | None = None,
    me: int | None = None,
    source_name: str | None = None,
    target: Expedition | None = None,
    target_object: GameObject | None = None,
) -> EffectRecord:
    """Resolve printed effect text: one step per instruction (6.1.b-c), reactions checked after each (4.4.a)."""
    steps = split_steps(text)
    instructions = parse_effect(text)
    res = Resolution(
        controller,
        me=me if me is not None else (source.id if source is not None else None),
        me_name=source_name or (source.name if source is not None else None),
        target=target,
        target_object=target_object,
    )
    game.log.trace.add(msg("effect.resolves", player=Player(controller), text=Quote(text), steps=len(steps)), "6.1.a", "6.1.b", "6.1.c")
    game.log.trace.depth += 1
    try:
        for number, (step_text, instruction) in enumerate(zip(steps, instructions), start=1):
            if game.board.outcome.over:
                break
            unknown = game.log.board_unknown()
            if unknown is not None and not isinstance(instruction, (KeywordAction, LostEffect)):
                raise silent(msg("refusal.step_unknown", number=number, text=Quote(text), step=Quote(step_text), unknown=unknown.said), Unenumerable.UNKNOWN_BOARD)
            game.log.trace.add(msg("effect.step", number=number, text=Quote(step_text)), "6.1.c")
            game.log.trace.depth += 1
            try:
                _perform(game, instruction, res)
            finally:
                game.log.trace.depth -= 1
            check_reactions(game)  # 4.4.a.2: after each step
    finally:
        game.log.trace.depth -= 1
        if res.held:
            game.log.held_reactions -= res.held
    record = EffectRecord(text, len(steps), res.atomic, controller, tuple(steps))
    game.log.last_effect = record
    if res.held:
        # 4.4.a remark: the reactions its internal actions created are played now that it has ended.
        game.log.trace.add(msg("react.after_internal", n=len(res.held)), "4.4.a")
        check_reactions(game)
    return record


def _internal_action(game: Game, res: Resolution, action: Callable[[], None]) -> None:
    """An internal action of the effect (an action with its own cost, 6.4.f: "pay 1 ... to create",
    "play me"): reactions are not checked after it, and those it creates are played only after the
    end of the effect containing it (4.4.a remark). They wait in Limbo, held, until then."""
    before = {o.id for o in game.board.in_zone(Zone.LIMBO)}
    try:
        action()
    finally:
        created = {o.id for o in game.board.in_zone(Zone.LIMBO)
                   if o.id not in before and o.emblem is not None and o.emblem.kind is EmblemKind.REACTION}
        if created:
            res.held = res.held | created
            game.log.held_reactions |= created
            game.log.trace.add(msg("react.held_internal", n=len(created)), "4.4.a")


def _step(game: Game, res: Resolution, actions: Sequence[Callable[[], object]], line: Message, *rules: str, rulings: tuple[str, ...] = ()) -> None:
    res.atomic += len(actions)
    game.log.trace.add(line, *rules, rulings=rulings)
    run_step(game, list(actions))


def _perform(game: Game, instruction: Instruction, res: Resolution) -> None:
    handler = _HANDLERS[type(instruction)]
    handler(game, instruction, res)


def _create_tokens(game: Game, instruction: Instruction, res: Resolution) -> None:
    assert isinstance(instruction, CreateTokens)
    places = _destinations(game, instruction, res)
    actions: list[Callable[[], object]] = []
    for place in places:
        # 7.3.3.a: a token is created in an expedition; who controls one created in another player's
        # expedition, no rule says (the 2v2 page allows it in a teammate's): each reading is run.
        controller = place.player
        if place.player != res.controller and reading(game.log, token_controller_question()) == CREATOR_CONTROLS:
            controller = res.controller
        for _ in range(instruction.count):
            # 7.3.3.a; 7.4.3.c: a Gigantic token is created in one specific expedition.
            actions.append(partial(game.enter, instruction.card, Zone.EXPEDITION, controller, expedition=place.kind, host=place.player))
    where = Items(tuple(msg("effect.tokens_in", n=instruction.count, expedition=p.said) for p in places))
    n = len(actions)
    text = msg("effect.creates_tokens", player=Player(res.controller), n=n, token=_token_said(instruction.card), where=where)
    if instruction.ability_after_location:
        text = msg("effect.token_ability_after", created=text, ruling=Quote(Ruling.TOKEN_ABILITY_POSITION.value))
    _step(game, res, actions, text, "7.3.3.a", "7.3.3.b", "6.1.e", "6.1.f", "7.5.4.b")


def _destinations(game: Game, instruction: CreateTokens, res: Resolution) -> list[Expedition]:
    controller = res.controller
    if instruction.destination is TokenDestination.HERO:
        return [game.board.expedition(controller, ExpeditionKind.HERO)]
    if instruction.destination is TokenDestination.COMPANION:
        return [game.board.expedition(controller, ExpeditionKind.COMPANION)]
    if instruction.destination is TokenDestination.EACH:
        return list(game.board.player(controller).expeditions)
    if instruction.destination is TokenDestination.TARGET:
        target = res.target
        if target is None:
            options = [f"{p}.{k.value}" for p in game.board.names for k in ExpeditionKind]
            chosen = choose(game, controller, msg("question.target_expedition"), options, rules=("6.1.g",))
            assert chosen is not None
            player, kind = chosen.split(".")
            target = game.board.expedition(player, ExpeditionKind(kind))
        return [target]
    # "my Expedition": the expedition of the object bearing the ability (7.2.1.a-b); a Gigantic
    # one's expedition is each of its controller's expeditions (7.4.3.f).
    source = res.my_object(game)
    if source is None or source.zone is not Zone.EXPEDITION or source.expedition is None:
        raise silent(
            msg("refusal.my_expedition", card=Named(res.me_name)) if res.me_name else msg("refusal.my_expedition_object"),
            Unenumerable.NO_CANDIDATES,
        )
    if instruction.destination is TokenDestination.OTHER:
        # "my other Expedition": the other expedition of my controller; a Gigantic character is in
        # both, so for it the words refer to no expeditions (7.4.3.g).
        if source.card.has(Keyword.GIGANTIC):
            game.log.trace.add(
                msg("effect.gigantic_other", card=Named(source.name), player=Player(source.controller)),
                "7.4.3.g",
            )
            return []
        return [game.board.expedition(source.side, source.expedition.other)]
    if source.card.has(Keyword.GIGANTIC):
        return list(game.board.player(source.controller).expeditions)
    return [game.board.expedition(source.controller, source.expedition)]


def _draw(game: Game, instruction: Instruction, res: Resolution) -> None:
    assert isinstance(instruction, Draw)
    controller = res.controller
    deck = game.board.player(controller).deck
    if len(deck) < instruction.count:
        raise silent(
            msg("refusal.effect_deck_short", player=Player(controller), n=instruction.count, holds=len(deck)),
            Unenumerable.NO_CANDIDATES,
        )
    _step(
        game, res, [lambda: game.board.draw_card(controller) for _ in range(instruction.count)],
        msg("effect.draws", player=Player(controller), n=instruction.count),
        "7.3.5.a", "7.3.5.b",
    )


def _create_ongoing(game: Game, instruction: Instruction, res: Resolution) -> None:
    assert isinstance(instruction, CreateOngoing)
    ends: Duration | None = None
    if not instruction.duration.defined:
        ends = undefined_duration_ends(game, instruction.duration, instruction.passive)
    else:
        span = span_of(game, instruction.duration)
        if span is Span.NO_TURN:
            raise silent(msg("refusal.no_turn", text=Quote(instruction.passive)), Unenumerable.NO_CANDIDATES)
        if span is Span.OVER:
            # "this Afternoon" at Dusk: 2.2.13.a names the duration, but nothing says what "this
            # Afternoon" means once the day's Afternoon is over (as "this Turn" outside a turn).
            raise silent(msg("refusal.span_over", text=Quote(instruction.passive), duration=Term(instruction.duration.value)),
                         Unenumerable.NO_CANDIDATES)
    info = EmblemInfo(instruction.passive, res.me, res.me_name, instruction.duration, kind=EmblemKind.ONGOING, ongoing=instruction.effect,
                      ends=ends)
    controller = res.controller
    created: list[GameObject] = []

    def create() -> None:
        created.append(game.enter(Card(None, ObjectType.EMBLEM, (EmblemKind.ONGOING.value,)), Zone.LIMBO, controller, emblem=info))

    _step(
        game, res, [create],
        msg("effect.creates_ongoing", player=Player(controller), text=Quote(instruction.passive), duration=Term(instruction.duration.value)),
        "2.2.2.m", "2.2.13.b", "2.2.13.c",
    )
    if not instruction.duration.defined:
        game.log.trace.add(
            msg("effect.undefined_duration", duration=Term(instruction.duration.value),
                ends=Term(ends.value) if ends is not None else Term("after this Day")), "2.2.13.a",
        )


def _keyword_action(game: Game, instruction: Instruction, res: Resolution) -> None:
    assert isinstance(instruction, KeywordAction)
    word = instruction.word
    if instruction.each_player_may:
        # 6.1.g: each player decides in initiative order; the others know each decision.
        order = game.board.initiative_order()
        ruling = (Ruling.INITIATIVE_ORDER,)
        game.log.trace.add(msg("effect.each_decides", word=_card_word(word), order=Items(tuple(Player(p) for p in order))), "6.1.g", rulings=ruling)
        performers = [p for p in order if choose(game, p, msg("question.whether_keyword", word=_card_word(word)), [YES], may=True, rulings=ruling) is not None]
    else:
        performers = [res.controller]
    actions = [partial(_unknown_keyword_action, game, p, word) for p in performers]
    _step(
        game, res, actions,
        msg("effect.keyword_performed" if performers else "effect.keyword_nobody", players=Items(tuple(Player(p) for p in performers)),
            count=len(performers), word=_card_word(word), n=len(actions)),
        "6.1.c", "6.1.e",
    )


def _unknown_keyword_action(game: Game, player: PlayerName, word: str) -> None:
    game.log.unknowns.append(Unknown(msg("unknown.keyword", player=Player(player), word=_card_word(word)), UnknownScope.ALL, player))


def _lost_effect(game: Game, instruction: Instruction, res: Resolution) -> None:
    assert isinstance(instruction, LostEffect)
    whose = msg("effect.whose", card=Named(res.me_name)) if res.me_name else msg("effect.the_effect")
    game.log.unknowns.append(Unknown(msg("unknown.lost_effect", whose=whose), UnknownScope.ALL, res.controller))
    res.atomic += 1
    game.log.trace.add(msg("effect.lost", player=Player(res.controller), whose=whose))


def _sacrifice(game: Game, instruction: Instruction, res: Resolution) -> None:
    assert isinstance(instruction, Sacrifice)
    order = game.board.initiative_order() if instruction.each_player else [res.controller]
    if instruction.each_player:
        game.log.trace.add(msg("effect.each_sacrifices", order=Items(tuple(Player(p) for p in order))), "6.1.g", rulings=(Ruling.INITIATIVE_ORDER,))
    chosen: list[tuple[PlayerName, GameObject]] = []
    for player in order:
        # A player sacrifices a Character they control, in play (2.2.1.h; ruling sacrifice).
        mine = [o for o in game.board.in_zone(Zone.EXPEDITION, player) if o.card.type is ObjectType.CHARACTER]
        name = choose(game, player, msg("question.sacrifice"), list(dict.fromkeys(o.name for o in mine)), rulings=(Ruling.SACRIFICE,))
        if name is None:
            game.log.trace.add(msg("effect.no_character", player=Player(player)), "2.2.1.h", rulings=(Ruling.SACRIFICE,))
            continue
        chosen.append((player, _named(mine, name)))
    actions = [partial(sacrifice, game, obj, player) for player, obj in chosen]
    who = Items(tuple(msg("effect.sacrifices", player=Player(p), card=Named(o.name)) for p, o in chosen))
    _step(
        game, res, actions,
        msg("effect.sacrificed" if chosen else "effect.nothing_sacrificed", who=who, n=len(actions)),
        "6.1.e", "6.1.f", rulings=(Ruling.SACRIFICE,),
    )


def _named(objects: list[GameObject], name: str) -> GameObject:
    """The object with that name; several are accepted only when they are alike (the oldest is taken)."""
    candidates = [o for o in objects if o.name.lower() == name.lower()]
    if not alike(candidates):
        raise Forbidden(msg("refusal.same_names", card=Named(name)))
    return candidates[0]


def sacrifice(game: Game, obj: GameObject, by: PlayerName) -> GameObject | None:
    """To sacrifice a Character: it goes from play to its owner's Discard pile (ruling sacrifice:
    the sources never define it; the example of 2.1.c shows a sacrificed Kuwat in the Discard pile)."""
    new = game.move(obj, Zone.DISCARD)
    game.log.happenings.append(Happening(HappeningKind.SACRIFICED, obj.id, by, obj.expedition, obj.zone, new_id=new.id if new else None))
    return new


def _target(
    game: Game, res: Resolution, types: tuple[ObjectType, ...], *, you_control: bool = False, may: bool = False
) -> GameObject | None:
    """"target Character or Permanent" ("... you control"): an object in play with one of these types
    (2.2.1.h), controlled by the ability's controller when the text says "you control" ("you" is the
    controller, 7.2.2.a), given by the action (`target:`) or chosen by the controller. A target the
    text does not allow is refused with the rule it breaks, never ignored."""
    kinds = " or ".join(t.value.capitalize() for t in types)
    phrase = f"target {kinds}" + (" you control" if you_control else "")  # the card's words, as a refusal quotes them
    said_kinds = Items(tuple(Term(t.value) for t in types))
    legal = [
        o for o in game.board.objects.values()
        if o.zone in IN_PLAY and o.card.type in types and (not you_control or o.controller == res.controller)
    ]
    target = res.target_object
    if target is None:
        target = _chosen_illegal(game, res, legal, types)
    if target is None:
        name = choose(game, res.controller, msg("question.target", phrase=Quote(phrase)), list(dict.fromkeys(o.name for o in legal)), may=may)
        if name is None:
            if legal:
                game.log.trace.add(msg("effect.no_target_chosen", player=Player(res.controller), phrase=Quote(phrase)), "6.1.g")
            elif you_control:
                game.log.trace.add(msg("effect.no_target_controlled", kinds=said_kinds, player=Player(res.controller)), "2.2.1.h", "7.2.2.a")
            else:
                game.log.trace.add(msg("effect.no_target", kinds=said_kinds), "2.2.1.h")
            return None
        return _named(legal, name)
    if target not in legal:
        raise Forbidden(_illegal_target(game, res, target, phrase, types, legal, you_control))
    return target


def _illegal_target(
    game: Game, res: Resolution, target: GameObject, phrase: str, types: tuple[ObjectType, ...], legal: list[GameObject], you_control: bool
) -> Message:
    """Why `target` cannot be chosen for `phrase`, citing each rule it breaks."""
    kinds = Items(tuple(Term(t.value) for t in types))
    reasons: list[Message] = []
    if target.zone not in IN_PLAY:
        reasons.append(msg("target.not_in_play", zone=owned_zone(target.owner, target.zone)))
    if target.card.type not in types:
        reasons.append(msg("target.wrong_type", type=Term(target.card.type.value), kinds=kinds))
    if you_control and target.controller != res.controller:
        team = game.board.mode is Mode.TWO_VS_TWO and target.controller in game.board.team_of(res.controller)
        reasons.append(msg("target.teammate" if team else "target.not_controlled", controller=Player(target.controller), player=Player(res.controller)))
    options = Items(tuple(msg("target.option", player=Player(o.controller), card=Named(o.name)) for o in sorted(legal, key=lambda o: o.timestamp)))
    return msg("target.refused_yours" if you_control else "target.refused", phrase=Quote(phrase), player=Player(res.controller),
               controller=Player(target.controller), card=Named(target.name), reasons=Items(tuple(reasons)), options=options)


def _chosen_illegal(game: Game, res: Resolution, legal: list[GameObject], types: tuple[ObjectType, ...]) -> GameObject | None:
    """A decision in `choices:` that names an object the target may not be (in the Reserve, of another
    player...): that object, so that it is refused with its rule rather than as an unknown name."""
    if not game.log.answers or game.log.answers[0].player != res.controller:
        return None
    answer = str(game.log.answers[0].answer).strip().lower()
    if any(o.name.lower() == answer for o in legal):
        return None
    others = sorted(
        (o for o in game.board.objects.values() if o.card.name is not None and o.name.lower() == answer and o not in legal),
        key=lambda o: (o.controller != res.controller, o.timestamp),
    )
    return others[0] if others else None


def _gain(game: Game, instruction: Instruction, res: Resolution) -> None:
    assert isinstance(instruction, Gain)
    if instruction.who is Gainer.TARGET:
        chosen = _target(game, res, instruction.types)
        if chosen is not None:
            _step(
                game, res, [partial(_apply_gain, chosen, instruction)],
                msg("gain.target_loses" if instruction.lose else "gain.target_gains", player=Player(chosen.controller), card=Named(chosen.name),
                    gained=_gained(instruction)),
                "2.2.1.h",
            )
        return
    if instruction.who is Gainer.YOURS:
        # 7.2.2.a: "you" is the controller of the ability.
        targets = [o for o in game.board.in_zone(Zone.EXPEDITION, res.controller) if o.card.type is ObjectType.CHARACTER]
        names = Items(tuple(Named(o.name) for o in targets))
        _step(
            game, res, [partial(_apply_gain, o, instruction) for o in targets],
            msg("gain.yours", player=Player(res.controller), gained=_gained(instruction), names=names, n=len(targets)),
            "7.2.2.a", "6.1.e",
        )
        return
    me = res.my_object(game)
    if me is None:
        # 2.1.c: the object "I" refers to no longer exists; the card is a new object elsewhere.
        game.log.trace.add(
            msg("gain.me_gone", card=Named(res.me_name), gained=_gained(instruction)) if res.me_name
            else msg("gain.object_gone", gained=_gained(instruction)),
            "7.2.1.b", "2.1.c",
        )
        return
    _step(
        game, res, [partial(_apply_gain, me, instruction)],
        msg("gain.me_loses" if instruction.lose else "gain.me_gains", card=Named(me.name), zone=zone_term(me.zone), gained=_gained(instruction)),
        "7.2.1.a", "7.2.1.b",
    )


def _gained(instruction: Gain) -> Message:
    if instruction.status is not None:
        return msg("gain.status", status=Term(instruction.status.value))
    if instruction.counter is not None:
        return msg("gain.counters", n=instruction.counters, counter=Quote(instruction.counter))
    return msg("gain.boosts", n=instruction.boosts)


def _apply_gain(obj: GameObject, instruction: Gain) -> None:
    if instruction.status is not None:
        (obj.statuses.discard if instruction.lose else obj.statuses.add)(instruction.status)
    elif instruction.counter is not None:
        obj.counters[instruction.counter] = obj.counters.get(instruction.counter, 0) + instruction.counters  # 2.1.i
    else:
        obj.boosts += instruction.boosts


def _put_me(game: Game, instruction: Instruction, res: Resolution) -> None:
    assert isinstance(instruction, PutMe)
    me = _me_still_here(game, res, msg("effect.nothing_put", zone=zone_term(instruction.zone)))
    if me is None:
        return
    moved: list[GameObject | None] = []
    _step(
        game, res, [lambda: moved.append(game.move(me, instruction.zone))],
        msg("effect.me_goes", card=Named(me.name), origin=zone_term(me.zone), zone=zone_term(instruction.zone)),
        "2.1.c",
    )
    _follow(res, me, moved[0])


def _me_still_here(game: Game, res: Resolution, consequence: Message) -> GameObject | None:
    """The object "me" refers to; None, told in the trace with its `consequence`, when an earlier
    zone change made it a new object that "me" no longer refers to (7.2.1.b, 2.1.c)."""
    me = res.my_object(game)
    if me is None:
        game.log.trace.add(msg("effect.me_not_object", card=Named(res.me_name or ""), consequence=consequence), "7.2.1.b", "2.1.c")
    return me


def _follow(res: Resolution, old: GameObject, new: GameObject | None) -> None:
    """2.1.f: the ability that moved "me" can act on the new object through each zone change."""
    if res.me == old.id:
        res.me = new.id if new is not None else None


def _put_from_hand(game: Game, instruction: Instruction, res: Resolution) -> None:
    assert isinstance(instruction, PutFromHand)
    player = res.controller
    hand = game.board.player(player).hand
    name = choose(game, player, msg("question.card_from_hand", zone=zone_term(instruction.zone)),
                  list(dict.fromkeys(c.name or "card" for c in hand)), may=instruction.optional)
    if name is None:
        game.log.trace.add(msg("effect.puts_no_card", player=Player(player), zone=zone_term(instruction.zone)))
        return
    card = next(c for c in hand if (c.name or "card") == name)
    moved: list[GameObject | None] = []
    _step(
        game, res, [lambda: moved.append(game.move(CardInZone(player, card, Zone.HAND), instruction.zone))],
        msg("effect.puts_card", player=Player(player), card=Named(name), zone=zone_term(instruction.zone)),
        "2.1.c", "2.1.g",
    )
    res.it = moved[0]  # 2.1.e: the ability finds the card in its destination zone


def _play_me(game: Game, instruction: Instruction, res: Resolution) -> None:
    assert isinstance(instruction, PlayMe)
    me = _me_still_here(game, res, msg("effect.cannot_be_played"))
    if me is None:
        return
    if instruction.optional and choose(game, res.controller, msg("question.whether_play", card=Named(me.name)), [YES], may=True) is None:
        return
    options = [f"{res.controller}.{k.value}" for k in ExpeditionKind]
    where = choose(game, res.controller, msg("question.expedition_to_play", card=Named(me.name)), options)
    assert where is not None
    res.atomic += 1
    played: list[GameObject | None] = []
    _internal_action(game, res, lambda: played.append(
        play_card(game, res.controller, me, ExpeditionKind(where.split(".")[1]), free=instruction.free, internal=True)))
    new = played[0]
    if new is None:
        return  # its cost cannot be paid in full: it is not played (6.4.c)
    _follow(res, me, new)
    game.log.trace.add(
        msg("effect.same_card", card=Named(res.me_name or "")),
        "2.1.f", "2.1.e",
    )


def _discard_target(game: Game, instruction: Instruction, res: Resolution) -> None:
    assert isinstance(instruction, DiscardTarget)
    kinds = Items(tuple(Term(t.value) for t in instruction.types))
    target = _target(game, res, instruction.types)
    if target is None:
        return
    chosen = target
    _step(
        game, res, [lambda: game.move(chosen, Zone.DISCARD)],
        msg("effect.discards_target", player=Player(chosen.controller), card=Named(chosen.name), kinds=kinds), "2.2.1.h",
    )


def _activate_triggers(game: Game, instruction: Instruction, res: Resolution) -> None:
    assert isinstance(instruction, ActivateTriggers)
    # "target Permanent you control": a Permanent in play (2.2.1.h) that the ability's controller
    # controls (7.2.2.a); an illegal target is refused with its rule, never ignored.
    target = _target(game, res, (instruction.type,), you_control=True, may=instruction.optional)
    if target is None:
        return
    symbol = instruction.trigger.symbol or instruction.trigger.value
    game.log.trace.add(
        msg("effect.activates_triggers", symbol=Quote(symbol), card=Named(target.name), by=Named(res.me_name))
        if res.me_name else msg("effect.activates_triggers_ability", symbol=Quote(symbol), card=Named(target.name)),
        "7.3.1.b", "7.3.1.d",
    )
    game.log.steps_taken += 1
    for index, reaction in enumerate(target.card.reactions):
        if reaction.trigger is instruction.trigger:
            create_reaction_emblem(game, target, index, target.id)


def _conditional(game: Game, instruction: Instruction, res: Resolution) -> None:
    assert isinstance(instruction, Conditional)
    condition = instruction.condition
    if isinstance(condition, ItIs):
        it = res.it
        if it is None:
            game.log.trace.add(msg("effect.it_nothing"), "2.1.e")
            return
        if condition.subtype is not None:
            holds = condition.subtype.lower() in (s.lower() for s in it.card.subtypes)
            rule = "2.2.2.o"
        else:
            holds = it.card.type is condition.type
            rule = "2.2.1.i"
        game.log.trace.add(
            msg("effect.it_is" if holds else "effect.it_is_not", card=Named(it.name), zone=zone_term(it.zone), what=_card_word(condition.what), rule=Rules((rule,))),
            "2.1.e", rule,
        )
    elif isinstance(condition, FirstPlayer):
        first, rule = game.board.is_first_player(res.controller)
        holds = first != condition.negated
        game.log.trace.add(msg(f"effect.{'first' if first else 'not_first'}_{'holds' if holds else 'fails'}", player=Player(res.controller)), rule)
    else:
        holds = _you_control(game, condition, res)
    if holds:
        _perform(game, instruction.then, res)


def _opponents(game: Game, player: PlayerName) -> list[PlayerName]:
    """"Your opponent": the other player; in 2v2 each player of the other team ("it refers to each of
    your opponents", the 2v2 page); in Free for All all the others ("all your opponents", its page)."""
    if game.board.mode is Mode.TWO_VS_TWO:
        team = game.board.team_of(player)
        return [n for n in game.board.names if n not in team]
    return [n for n in game.board.names if n != player]


def _move_expeditions(game: Game, instruction: Instruction, res: Resolution) -> None:
    assert isinstance(instruction, MoveExpeditions)
    if instruction.whose is Whose.TARGET:
        target = res.target
        if target is None:
            options = [f"{p}.{k.value}" for p in game.board.names for k in ExpeditionKind]
            chosen = choose(game, res.controller, msg("question.target_expedition"), options)
            assert chosen is not None
            player, kind = chosen.split(".")
            target = game.board.expedition(player, ExpeditionKind(kind))
        expeditions = [target]
        rules: tuple[str, ...] = ("7.3.10.a", "7.3.11.a")
    else:
        players = [res.controller] if instruction.whose is Whose.YOU else _opponents(game, res.controller)
        kinds = [instruction.kind] if instruction.kind is not None else list(ExpeditionKind)
        expeditions = [game.board.expedition(p, k) for p in players for k in kinds]
        rules = ("7.2.2.a",) + ({Mode.TWO_VS_TWO: ("2v2.your-opponent",), Mode.FREE_FOR_ALL: ("free-for-all.your-opponent",)}.get(game.board.mode, ())
                                 if instruction.whose is Whose.OPPONENT else ())
    move = move_forward if instruction.forward else move_backward
    _step(
        game, res, [partial(move, game, e) for e in expeditions],
        msg("effect.expeditions_move", expeditions=Items(tuple(e.said for e in expeditions)), count=len(expeditions),
            direction=Term("forward" if instruction.forward else "backward")),
        *rules, "6.1.e",
    )


def _you_control(game: Game, condition: YouControl, res: Resolution) -> bool:
    def fits(o: GameObject) -> bool:
        if condition.subtype is not None:
            return condition.subtype.lower() in (s.lower() for s in o.card.subtypes)
        return o.card.type is condition.type

    counted = [o for o in game.board.objects.values() if o.zone in IN_PLAY and o.controller == res.controller and fits(o)]
    elsewhere = [o for o in game.board.objects.values() if o.zone not in IN_PLAY and o.controller == res.controller and fits(o)]
    rule = "2.2.2.n" if condition.subtype is not None else "2.2.1.h"
    holds = len(counted) >= condition.at_least
    line = msg("effect.controls_at_least" if holds else "effect.controls_fewer", player=Player(res.controller), n=len(counted),
               what=_card_word(condition.what if len(counted) != 1 else condition.what[:-1]), names=Items(tuple(Named(o.name) for o in counted)), at_least=condition.at_least)
    if elsewhere:
        line = msg("effect.not_counted", controls=line,
                   elsewhere=Items(tuple(msg("effect.in_zone", card=Named(o.name), zone=zone_term(o.zone)) for o in elsewhere)))
    game.log.trace.add(line, rule)
    return holds


def _with_cost(game: Game, instruction: Instruction, res: Resolution) -> None:
    assert isinstance(instruction, WithCost)

    def act() -> None:
        if pay_effect_cost(game, res.controller, instruction.cost):
            _perform(game, instruction.then, res)

    _internal_action(game, res, act)


_HANDLERS: dict[type, Callable[[Game, Instruction, Resolution], None]] = {
    CreateTokens: _create_tokens,
    Draw: _draw,
    CreateOngoing: _create_ongoing,
    KeywordAction: _keyword_action,
    LostEffect: _lost_effect,
    Sacrifice: _sacrifice,
    Gain: _gain,
    PutMe: _put_me,
    PutFromHand: _put_from_hand,
    PlayMe: _play_me,
    DiscardTarget: _discard_target,
    ActivateTriggers: _activate_triggers,
    Conditional: _conditional,
    WithCost: _with_cost,
    MoveExpeditions: _move_expeditions,
}


# The instructions handled are the instructions the reader knows, and every one is read by a wording.
assert set(_HANDLERS) == set(get_args(Instruction)), "every instruction of engine.cardtext.instructions has a handler"
assert {wording.record for wording in WORDINGS} <= set(_HANDLERS), "every wording of engine.cardtext.wordings makes a handled record"


def _token_said(card: Card) -> Message:
    """A token as 7.3.3.b's template writes it, "Ordis Recruit 1/1/1 Soldier", in the reader's words:
    its name as the rules quote it (a page adds its printed name where glossary/cards.yaml knows it),
    its statistics, its sub-types and Gigantic as the catalogue translates them ("Soldat", "Colossale")."""
    if card.statistics is None:  # a template always has statistics: kept as written otherwise
        return msg("token.written", text=Quote(describe_character(card)))
    said: dict[str, Param] = dict(name=Named(card.name or "(no name)"), stats=Quote(str(card.statistics)))
    if card.subtypes:
        subtypes: Param = _card_word(card.subtypes[-1])
        for subtype in reversed(card.subtypes[:-1]):
            subtypes = msg("token.subtypes", first=_card_word(subtype), rest=subtypes)
        said["subtypes"] = subtypes
    gigantic = card.has(Keyword.GIGANTIC)
    if gigantic:
        said["keyword"] = Term(Keyword.GIGANTIC.value)
    return msg("token.template" + ("_subtypes" if card.subtypes else "") + ("_gigantic" if gigantic else ""), **said)


def _card_word(word: str) -> Term | Quote:
    """A card type or sub-type a condition names ("Landmark", "Landmarks") as a term the reader's
    language translates, where the catalogue has it; otherwise quoted as the card writes it."""
    return Term(word) if f"term.{word}" in ENGLISH else Quote(word)
