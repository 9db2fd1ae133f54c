"""Resolving effects step by step (6.1), with what their words refer to (7.2), and playing the
Emblem-Reactions waiting in Limbo in initiative order (4.4), which resolves their effects: each
step of an effect is followed by a check of reactions (4.4.a.2)."""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import partial
from typing import Callable, Sequence

from .choices import YES, choose
from .costs import pay_effect_cost, play_card
from .effects import (
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
    parse_effect,
    split_steps,
)
from .durations import Span, span_of
from .errors import Forbidden
from .movement import move_backward, move_forward
from .objects import Card, EmblemInfo, EmblemKind, GameObject, alike, describe_character
from .places import zone_words
from .reactions import create_reaction_emblem, run_step
from .readings import CREATOR_CONTROLS, Unenumerable, reading, silent, token_controller_question
from .records import CardInZone, EffectRecord, Expedition, Happening, HappeningKind, Unknown, UnknownScope
from .rulings import Ruling
from .state import IN_PLAY, Game
from .vocabulary import Duration, ExpeditionKind, Keyword, Mode, ObjectType, PlayerName, Zone
from .wording import count, plural, possessive

__all__ = ["Resolution", "resolve_effect", "check_reactions", "sacrifice"]


def check_reactions(game: Game) -> None:
    """4.4.b-c: while Emblem-Reactions wait in Limbo, the first player in initiative order who
    controls one chooses one of them and plays it; then reactions are checked again."""
    if game.checking_reactions:
        return  # the loop already running picks up new Emblem-Reactions (4.4.c remark)
    game.checking_reactions = True
    plays: dict[tuple[int | None, str], int] = {}
    try:
        while not game.outcome.over:
            game.spend_work()
            unknown = game.board_unknown()
            if unknown is not None:
                if game.reactions_unchecked is not unknown:  # told once for each step the engine cannot follow
                    game.reactions_unchecked = unknown
                    game.trace.add(f"Reactions cannot be checked any more: the engine does not know the events of {unknown.reason}", "4.4.a")
                return
            waiting = [o for o in game.in_zone(Zone.LIMBO) if o.emblem is not None and o.emblem.kind is EmblemKind.REACTION]
            if not waiting:
                return
            chooser = next(name for name in game.initiative_order() if any(o.controller == name for o in waiting))
            mine = [o for o in waiting if o.controller == chooser]
            emblem = _pick_emblem(game, chooser, mine)
            assert emblem.emblem is not None
            key = (emblem.emblem.source_id, emblem.emblem.text)
            plays[key] = plays.get(key, 0) + 1
            # A reaction that keeps playing itself is told three times, then summed up.
            game.trace.muted = plays[key] > 3
            game.trace.add(f"{chooser} plays the Emblem-Reaction \"{emblem.emblem.text}\" of {emblem.emblem.source_name}", "4.4.b")
            game.reactions_played.append(f"{chooser}: {emblem.emblem.text}")
            try:
                resolve_effect(game, emblem.emblem.text, chooser, me=emblem.emblem.source_id, source_name=emblem.emblem.source_name)
            finally:
                game.trace.muted = False
            # 2.2.2.m example: when the Reaction is played, its effect resolves, then it ceases to exist.
            if game.objects.pop(emblem.id, None) is not None and plays[key] <= 3:
                game.trace.add(f"The Emblem-Reaction \"{emblem.emblem.text}\" ceases to exist", "2.2.2.m")
    finally:
        game.checking_reactions = False
        game.trace.muted = False
        for (_, text), n in plays.items():
            if n > 3:
                game.trace.add(f"... the Emblem-Reaction \"{text}\" was played {n} times in all; the trace shows the first three", "4.4.c")


def _pick_emblem(game: Game, chooser: PlayerName, mine: list[GameObject]) -> GameObject:
    """4.4.b: the player chooses one of their Emblem-Reactions; without a decision in the scenario,
    the engine takes the oldest."""
    if len(mine) == 1:
        return mine[0]
    texts = [o.emblem.text for o in mine if o.emblem is not None]
    if game.answers and game.answers[0].player == chooser and any(t.lower() == game.answers[0].answer.lower() for t in texts):
        text = choose(game, chooser, "which Emblem-Reaction to play first", list(dict.fromkeys(texts)), rules=("4.4.b", "4.4.c"))
        return next(o for o in mine if o.emblem is not None and o.emblem.text == text)
    game.trace.add(f"{chooser} controls {len(mine)} Emblem-Reactions in Limbo; no decision is given, so the oldest is played first", "4.4.b")
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

    def my_object(self, game: Game) -> GameObject | None:
        return game.objects.get(self.me) if self.me is not None else None


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
    game.trace.add(f"{controller} resolves \"{text}\": {plural(len(steps), 'step')}", "6.1.a", "6.1.b", "6.1.c")
    game.trace.depth += 1
    try:
        for number, (step_text, instruction) in enumerate(zip(steps, instructions), start=1):
            if game.outcome.over:
                break
            unknown = game.board_unknown()
            if unknown is not None and not isinstance(instruction, (KeywordAction, LostEffect)):
                raise silent(f"step {number} of \"{text}\" ({step_text}) depends on the board, which is unknown after {unknown.reason}", Unenumerable.UNKNOWN_BOARD)
            game.trace.add(f"Step {number}: {step_text}", "6.1.c")
            game.trace.depth += 1
            try:
                _perform(game, instruction, res)
            finally:
                game.trace.depth -= 1
            check_reactions(game)  # 4.4.a.2: after each step
    finally:
        game.trace.depth -= 1
    record = EffectRecord(text, len(steps), res.atomic, controller, tuple(steps))
    game.last_effect = record
    return record


def _step(game: Game, res: Resolution, actions: Sequence[Callable[[], object]], line: str, *rules: str, rulings: tuple[str, ...] = ()) -> None:
    res.atomic += len(actions)
    game.trace.add(line, *rules, rulings=rulings)
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
        if place.player != res.controller and reading(game, token_controller_question()) == CREATOR_CONTROLS:
            controller = res.controller
        for _ in range(instruction.count):
            # 7.3.3.a; 7.4.3.c: a Gigantic token is created in one specific expedition.
            actions.append(partial(game.enter, instruction.card, Zone.EXPEDITION, controller, expedition=place.kind, host=place.player))
    where = " and ".join(f"{count(instruction.count)} in {p.label}" for p in places)
    n = len(actions)
    text = (
        f"{res.controller} creates {count(n)} {describe_character(instruction.card)} token{'s' if n > 1 else ''} "
        f"({where}): {plural(n, 'atomic action')} in one step"
    )
    if instruction.ability_after_location:
        text += f"; its abilities are written after the expedition (2.2.10.e; ruling {Ruling.TOKEN_ABILITY_POSITION})"
    _step(game, res, actions, text, "7.3.3.a", "7.3.3.b", "6.1.e", "6.1.f", "7.5.4.b")


def _destinations(game: Game, instruction: CreateTokens, res: Resolution) -> list[Expedition]:
    controller = res.controller
    if instruction.destination is TokenDestination.HERO:
        return [game.expedition(controller, ExpeditionKind.HERO)]
    if instruction.destination is TokenDestination.COMPANION:
        return [game.expedition(controller, ExpeditionKind.COMPANION)]
    if instruction.destination is TokenDestination.EACH:
        return list(game.player(controller).expeditions)
    if instruction.destination is TokenDestination.TARGET:
        target = res.target
        if target is None:
            options = [f"{p}.{k.value}" for p in game.names for k in ExpeditionKind]
            chosen = choose(game, controller, "the target Expedition", options, rules=("6.1.g",))
            assert chosen is not None
            player, kind = chosen.split(".")
            target = game.expedition(player, ExpeditionKind(kind))
        return [target]
    # "my Expedition": the expedition of the object bearing the ability (7.2.1.a-b); a Gigantic
    # one's expedition is each of its controller's expeditions (7.4.3.f).
    source = res.my_object(game)
    if source is None or source.zone is not Zone.EXPEDITION or source.expedition is None:
        raise silent(
            f"\"my Expedition\" refers to the expedition of {res.me_name or 'the object bearing the ability'}, "
            "which is not in an expedition now; the sources do not say which expedition is meant",
            Unenumerable.NO_CANDIDATES,
        )
    if instruction.destination is TokenDestination.OTHER:
        # "my other Expedition": the other expedition of my controller; a Gigantic character is in
        # both, so for it the words refer to no expeditions (7.4.3.g).
        if source.card.has(Keyword.GIGANTIC):
            game.trace.add(
                f"{source.name} is Gigantic, in both of {possessive(source.controller)} expeditions: its \"other Expedition\" is no expedition",
                "7.4.3.g",
            )
            return []
        return [game.expedition(source.side, source.expedition.other)]
    if source.card.has(Keyword.GIGANTIC):
        return list(game.player(source.controller).expeditions)
    return [game.expedition(source.controller, source.expedition)]


def _draw(game: Game, instruction: Instruction, res: Resolution) -> None:
    assert isinstance(instruction, Draw)
    controller = res.controller
    deck = game.player(controller).deck
    if len(deck) < instruction.count:
        raise silent(
            f"{controller} must draw {instruction.count} card(s) but their Deck holds {len(deck)}; "
            "the sources do not say what happens (7.3.5)",
            Unenumerable.NO_CANDIDATES,
        )
    _step(
        game, res, [lambda: game.draw_card(controller) for _ in range(instruction.count)],
        f"{controller} draws {plural(instruction.count, 'card')}: the top cards of their Deck go to their Hand",
        "7.3.5.a", "7.3.5.b",
    )


def _create_ongoing(game: Game, instruction: Instruction, res: Resolution) -> None:
    assert isinstance(instruction, CreateOngoing)
    span = span_of(game, instruction.duration)
    if span is Span.NO_TURN:
        raise silent(
            f"\"{instruction.passive}\" lasts \"this Turn\", but no turn of the day has begun (1.3.2.d): which turn is "
            "\"this\" one the sources do not say", Unenumerable.NO_CANDIDATES)
    info = EmblemInfo(instruction.passive, res.me, res.me_name, instruction.duration, kind=EmblemKind.ONGOING, ongoing=instruction.effect)
    controller = res.controller
    created: list[GameObject] = []

    def create() -> None:
        created.append(game.enter(Card(None, ObjectType.EMBLEM, (EmblemKind.ONGOING.value,)), Zone.LIMBO, controller, emblem=info))

    _step(
        game, res, [create],
        f"{controller} creates an Emblem-Ongoing in Limbo with the passive ability \"{instruction.passive}\" "
        f"and the duration \"{instruction.duration.value}\"",
        "2.2.2.m", "2.2.13.b", "2.2.13.c",
    )
    if span is Span.OVER:
        # Its span of the current day has already ended: it ceases to exist at once and never applies.
        for emblem in created:
            game.objects.pop(emblem.id, None)
        game.trace.add(
            f"The Emblem-Ongoing \"{instruction.passive}\" ({instruction.duration.value}) ceases to exist as soon as it is "
            "created: the span its duration names has already ended in this day, so it never applies",
            "2.2.13.a", "2.2.13.c", rulings=(Ruling.EXPIRED_DURATION,),
        )


def _keyword_action(game: Game, instruction: Instruction, res: Resolution) -> None:
    assert isinstance(instruction, KeywordAction)
    word = instruction.word
    if instruction.each_player_may:
        # 6.1.g: each player decides in initiative order; the others know each decision.
        order = game.initiative_order()
        ruling = (Ruling.INITIATIVE_ORDER,)
        game.trace.add(f"Each player decides whether to {word}, in initiative order: {', '.join(order)}", "6.1.g", rulings=ruling)
        performers = [p for p in order if choose(game, p, f"whether to {word}", [YES], may=True, rulings=ruling) is not None]
    else:
        performers = [res.controller]
    actions = [partial(_unknown_keyword_action, game, p, word) for p in performers]
    who = " and ".join(performers) if performers else "Nobody"
    verb = "perform" if len(performers) > 1 else "performs"
    _step(
        game, res, actions,
        f"{who} {verb} {word}: {plural(len(actions), 'atomic action')} in one step"
        + (f". What {word} does is not in the sources: the engine does not know what it changes" if actions else ""),
        "6.1.c", "6.1.e",
    )


def _unknown_keyword_action(game: Game, player: PlayerName, word: str) -> None:
    game.unknowns.append(Unknown(f"{player}'s {word} (the sources name this keyword action but never say what it does)", UnknownScope.ALL, player))


def _lost_effect(game: Game, instruction: Instruction, res: Resolution) -> None:
    assert isinstance(instruction, LostEffect)
    whose = f"{possessive(res.me_name)} effect" if res.me_name else "the effect"
    game.unknowns.append(Unknown(f"{whose}, whose text is lost in the sources", UnknownScope.ALL, res.controller))
    res.atomic += 1
    game.trace.add(f"{res.controller} resolves {whose}: its text is lost in the sources, so the engine does not know what it changes")


def _sacrifice(game: Game, instruction: Instruction, res: Resolution) -> None:
    assert isinstance(instruction, Sacrifice)
    order = game.initiative_order() if instruction.each_player else [res.controller]
    if instruction.each_player:
        game.trace.add(f"Each player chooses a Character to sacrifice, in initiative order: {', '.join(order)}", "6.1.g", rulings=(Ruling.INITIATIVE_ORDER,))
    chosen: list[tuple[PlayerName, GameObject]] = []
    for player in order:
        # A player sacrifices a Character they control, in play (2.2.1.h; ruling sacrifice).
        mine = [o for o in game.in_zone(Zone.EXPEDITION, player) if o.card.type is ObjectType.CHARACTER]
        name = choose(game, player, "which Character to sacrifice", list(dict.fromkeys(o.name for o in mine)), rulings=(Ruling.SACRIFICE,))
        if name is None:
            game.trace.add(f"{player} controls no Character in play: they sacrifice nothing", "2.2.1.h", rulings=(Ruling.SACRIFICE,))
            continue
        chosen.append((player, _named(mine, name)))
    actions = [partial(sacrifice, game, obj, player) for player, obj in chosen]
    who = ", ".join(f"{p} sacrifices {o.name}" for p, o in chosen) or "Nobody sacrifices anything"
    simultaneous = "; they are sacrificed simultaneously (6.1.f)" if len(actions) > 1 else ""
    _step(
        game, res, actions,
        f"{who}: {plural(len(actions), 'atomic action')} in one step{simultaneous}; a sacrificed Character goes to its owner's Discard pile",
        "6.1.e", "6.1.f", rulings=(Ruling.SACRIFICE,),
    )


def _named(objects: list[GameObject], name: str) -> GameObject:
    """The object with that name; several are accepted only when they are alike (the oldest is taken)."""
    candidates = [o for o in objects if o.name.lower() == name.lower()]
    if not alike(candidates):
        raise Forbidden(f"several different objects are named {name!r}; give them different names in the scenario so a choice says which one")
    return candidates[0]


def sacrifice(game: Game, obj: GameObject, by: PlayerName) -> GameObject | None:
    """To sacrifice a Character: it goes from play to its owner's Discard pile (ruling sacrifice:
    the sources never define it; the example of 2.1.c shows a sacrificed Kuwat in the Discard pile)."""
    new = game.move(obj, Zone.DISCARD)
    game.happenings.append(Happening(HappeningKind.SACRIFICED, obj.id, by, obj.expedition, obj.zone, new_id=new.id if new else None))
    return new


def _target(
    game: Game, res: Resolution, types: tuple[ObjectType, ...], *, you_control: bool = False, may: bool = False
) -> GameObject | None:
    """"target Character or Permanent" ("... you control"): an object in play with one of these types
    (2.2.1.h), controlled by the ability's controller when the text says "you control" ("you" is the
    controller, 7.2.2.a), given by the action (`target:`) or chosen by the controller. A target the
    text does not allow is refused with the rule it breaks, never ignored."""
    kinds = " or ".join(t.value.capitalize() for t in types)
    phrase = f"target {kinds}" + (" you control" if you_control else "")
    legal = [
        o for o in game.objects.values()
        if o.zone in IN_PLAY and o.card.type in types and (not you_control or o.controller == res.controller)
    ]
    target = res.target_object
    if target is None:
        target = _chosen_illegal(game, res, legal, types)
    if target is None:
        name = choose(game, res.controller, f"the {phrase}", list(dict.fromkeys(o.name for o in legal)), may=may)
        if name is None:
            if legal:
                game.trace.add(f"{res.controller} chooses no {phrase}: the step does nothing", "6.1.g")
            else:
                game.trace.add(f"There is no {kinds} in play{' that ' + res.controller + ' controls' if you_control else ''} to target: the step does nothing", "2.2.1.h", *(("7.2.2.a",) if you_control else ()))
            return None
        return _named(legal, name)
    if target not in legal:
        raise Forbidden(_illegal_target(game, res, target, phrase, types, legal, you_control))
    return target


def _illegal_target(
    game: Game, res: Resolution, target: GameObject, phrase: str, types: tuple[ObjectType, ...], legal: list[GameObject], you_control: bool
) -> str:
    """Why `target` cannot be chosen for `phrase`, citing each rule it breaks."""
    kinds = " or ".join(t.value.capitalize() for t in types)
    reasons = []
    if target.zone not in IN_PLAY:
        reasons.append(f"it is in {possessive(target.owner)} {zone_words(target.zone)}, and \"a [type]\" is an object in play (2.2.1.h) unless the text names a zone")
    if target.card.type not in types:
        reasons.append(f"it is a {target.card.type.value.capitalize()}, not a {kinds} (2.2.1.h)")
    if you_control and target.controller != res.controller:
        team = game.mode is Mode.TWO_VS_TWO and target.controller in game.team_of(res.controller)
        reasons.append(
            f"{target.controller} controls it, not {res.controller} (7.2.2.a: \"you\" is the ability's controller"
            + ("; 2v2 page: \"you control\" applies only to your side of the board, not your teammate's" if team else "")
            + ")"
        )
    options = ", ".join(f"{o.controller}'s {o.name}" for o in sorted(legal, key=lambda o: o.timestamp)) or "none"
    allowed = f"In play under {res.controller}'s control" if you_control else "In play"
    return f"\"{phrase}\": {res.controller} cannot choose {target.controller}'s {target.name}: {'; '.join(reasons)}. {allowed}: {options}"


def _chosen_illegal(game: Game, res: Resolution, legal: list[GameObject], types: tuple[ObjectType, ...]) -> GameObject | None:
    """A decision in `choices:` that names an object the target may not be (in the Reserve, of another
    player...): that object, so that it is refused with its rule rather than as an unknown name."""
    if not game.answers or game.answers[0].player != res.controller:
        return None
    answer = str(game.answers[0].answer).strip().lower()
    if any(o.name.lower() == answer for o in legal):
        return None
    others = sorted(
        (o for o in game.objects.values() if o.card.name is not None and o.name.lower() == answer and o not in legal),
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
                f"{possessive(chosen.controller)} {chosen.name}, a target in play, "
                f"{'loses' if instruction.lose else 'gains'} {_gained(instruction)}",
                "2.2.1.h",
            )
        return
    if instruction.who is Gainer.YOURS:
        # 7.2.2.a: "you" is the controller of the ability.
        targets = [o for o in game.in_zone(Zone.EXPEDITION, res.controller) if o.card.type is ObjectType.CHARACTER]
        names = ", ".join(o.name for o in targets) or "none"
        _step(
            game, res, [partial(_apply_gain, o, instruction) for o in targets],
            f"\"you\" is {res.controller}, the controller: the Characters {res.controller} controls gain "
            f"{_gained(instruction)} ({names}): {plural(len(targets), 'atomic action')}",
            "7.2.2.a", "6.1.e",
        )
        return
    me = res.my_object(game)
    if me is None:
        # 2.1.c: the object "I" refers to no longer exists; the card is a new object elsewhere.
        game.trace.add(
            f"\"I\" is the {res.me_name or 'object'} that created this reaction (7.2.1.b), which no longer exists: "
            f"nothing gains {_gained(instruction)}; the same card elsewhere is a new object (2.1.c)",
            "7.2.1.b", "2.1.c",
        )
        return
    _step(
        game, res, [partial(_apply_gain, me, instruction)],
        f"\"I\" is {me.name} in the {zone_words(me.zone)}, the object bearing the ability or that created the reaction: "
        f"it {'loses' if instruction.lose else 'gains'} {_gained(instruction)}",
        "7.2.1.a", "7.2.1.b",
    )


def _gained(instruction: Gain) -> str:
    if instruction.status is not None:
        return instruction.status.value
    if instruction.counter is not None:
        return f"{count(instruction.counters)} {instruction.counter} counter{'s' if instruction.counters != 1 else ''}"
    return f"{count(instruction.boosts)} boost{'s' if instruction.boosts != 1 else ''}"


def _apply_gain(obj: GameObject, instruction: Gain) -> None:
    if instruction.status is not None:
        (obj.statuses.discard if instruction.lose else obj.statuses.add)(instruction.status)
    elif instruction.counter is not None:
        obj.counters[instruction.counter] = obj.counters.get(instruction.counter, 0) + instruction.counters  # 2.1.i
    else:
        obj.boosts += instruction.boosts


def _put_me(game: Game, instruction: Instruction, res: Resolution) -> None:
    assert isinstance(instruction, PutMe)
    me = _me_still_here(game, res, f"nothing is put in the {zone_words(instruction.zone)}")
    if me is None:
        return
    moved: list[GameObject | None] = []
    _step(
        game, res, [lambda: moved.append(game.move(me, instruction.zone))],
        f"{me.name} goes from the {zone_words(me.zone)} to its owner's {zone_words(instruction.zone)}",
        "2.1.c",
    )
    _follow(res, me, moved[0])


def _me_still_here(game: Game, res: Resolution, consequence: str) -> GameObject | None:
    """The object "me" refers to; None, told in the trace with its `consequence`, when an earlier
    zone change made it a new object that "me" no longer refers to (7.2.1.b, 2.1.c)."""
    me = res.my_object(game)
    if me is None:
        game.trace.add(f"\"me\" ({res.me_name}) is not an object any more: {consequence}", "7.2.1.b", "2.1.c")
    return me


def _follow(res: Resolution, old: GameObject, new: GameObject | None) -> None:
    """2.1.f: the ability that moved "me" can act on the new object through each zone change."""
    if res.me == old.id:
        res.me = new.id if new is not None else None


def _put_from_hand(game: Game, instruction: Instruction, res: Resolution) -> None:
    assert isinstance(instruction, PutFromHand)
    player = res.controller
    hand = game.player(player).hand
    name = choose(game, player, f"which card to put from their Hand in {zone_words(instruction.zone)}",
                  list(dict.fromkeys(c.name or "card" for c in hand)), may=instruction.optional)
    if name is None:
        game.trace.add(f"{player} puts no card from their Hand in {zone_words(instruction.zone)}")
        return
    card = next(c for c in hand if (c.name or "card") == name)
    moved: list[GameObject | None] = []
    _step(
        game, res, [lambda: moved.append(game.move(CardInZone(player, card, Zone.HAND), instruction.zone))],
        f"{player} puts {name} from their Hand in their {zone_words(instruction.zone)}: it becomes an object there",
        "2.1.c", "2.1.g",
    )
    res.it = moved[0]  # 2.1.e: the ability finds the card in its destination zone


def _play_me(game: Game, instruction: Instruction, res: Resolution) -> None:
    assert isinstance(instruction, PlayMe)
    me = _me_still_here(game, res, "it cannot be played")
    if me is None:
        return
    if instruction.optional and choose(game, res.controller, f"whether to play {me.name}", [YES], may=True) is None:
        return
    options = [f"{res.controller}.{k.value}" for k in ExpeditionKind]
    where = choose(game, res.controller, f"the expedition to play {me.name} in", options)
    assert where is not None
    res.atomic += 1
    new = play_card(game, res.controller, me, ExpeditionKind(where.split(".")[1]), free=instruction.free, internal=True)
    _follow(res, me, new)
    game.trace.add(
        f"{res.me_name} in the Reserve, in Limbo and in the Expedition zone are three different objects, but this "
        "effect moved the card each time, so it still acts on it",
        "2.1.f", "2.1.e",
    )


def _discard_target(game: Game, instruction: Instruction, res: Resolution) -> None:
    assert isinstance(instruction, DiscardTarget)
    kinds = " or ".join(t.value.capitalize() for t in instruction.types)
    target = _target(game, res, instruction.types)
    if target is None:
        return
    chosen = target
    _step(
        game, res, [lambda: game.move(chosen, Zone.DISCARD)],
        f"{chosen.controller}'s {chosen.name}, a {kinds} in play, goes to its owner's Discard pile", "2.2.1.h",
    )


def _activate_triggers(game: Game, instruction: Instruction, res: Resolution) -> None:
    assert isinstance(instruction, ActivateTriggers)
    # "target Permanent you control": a Permanent in play (2.2.1.h) that the ability's controller
    # controls (7.2.2.a); an illegal target is refused with its rule, never ignored.
    target = _target(game, res, (instruction.type,), you_control=True, may=instruction.optional)
    if target is None:
        return
    symbol = instruction.trigger.symbol or instruction.trigger.value
    game.trace.add(
        f"The step activates the {symbol} triggers of {target.name}: it is modified by {possessive(target.name)} reactions, "
        f"and each Emblem-Reaction is created by {target.name}, not by {res.me_name or 'the ability'}",
        "7.3.1.b", "7.3.1.d",
    )
    game.steps_taken += 1
    for index, reaction in enumerate(target.card.reactions):
        if reaction.trigger is instruction.trigger:
            create_reaction_emblem(game, target, index, target.id)


def _conditional(game: Game, instruction: Instruction, res: Resolution) -> None:
    assert isinstance(instruction, Conditional)
    condition = instruction.condition
    if isinstance(condition, ItIs):
        it = res.it
        if it is None:
            game.trace.add("No card was moved by this effect, so \"it\" refers to nothing: nothing happens", "2.1.e")
            return
        place = zone_words(it.zone)
        if condition.subtype is not None:
            holds = condition.subtype.lower() in (s.lower() for s in it.card.subtypes)
            rule = "2.2.2.o"
        else:
            holds = it.card.type is condition.type
            rule = "2.2.1.i"
        game.trace.add(
            f"\"it\" is {it.name}, found in the {place} (2.1.e); whether it is a {condition.what} is "
            f"checked wherever it is ({rule}): it {'is' if holds else 'is not'}",
            "2.1.e", rule,
        )
    elif isinstance(condition, FirstPlayer):
        first, rule = game.is_first_player(res.controller)
        holds = first != condition.negated
        game.trace.add(f"{res.controller} {'is' if first else 'is not'} the first player: the condition {'holds' if holds else 'does not hold'}", rule)
    else:
        holds = _you_control(game, condition, res)
    if holds:
        _perform(game, instruction.then, res)


def _opponents(game: Game, player: PlayerName) -> list[PlayerName]:
    """"Your opponent": the other player; in 2v2 each player of the other team ("it refers to each of
    your opponents", the 2v2 page); in Free for All all the others ("all your opponents", its page)."""
    if game.mode is Mode.TWO_VS_TWO:
        team = game.team_of(player)
        return [n for n in game.names if n not in team]
    return [n for n in game.names if n != player]


def _move_expeditions(game: Game, instruction: Instruction, res: Resolution) -> None:
    assert isinstance(instruction, MoveExpeditions)
    if instruction.whose is Whose.TARGET:
        target = res.target
        if target is None:
            options = [f"{p}.{k.value}" for p in game.names for k in ExpeditionKind]
            chosen = choose(game, res.controller, "the target Expedition", options)
            assert chosen is not None
            player, kind = chosen.split(".")
            target = game.expedition(player, ExpeditionKind(kind))
        expeditions = [target]
        rules: tuple[str, ...] = ("7.3.10.a", "7.3.11.a")
    else:
        players = [res.controller] if instruction.whose is Whose.YOU else _opponents(game, res.controller)
        kinds = [instruction.kind] if instruction.kind is not None else list(ExpeditionKind)
        expeditions = [game.expedition(p, k) for p in players for k in kinds]
        rules = ("7.2.2.a",) + ({Mode.TWO_VS_TWO: ("2v2.your-opponent",), Mode.FREE_FOR_ALL: ("free-for-all.your-opponent",)}.get(game.mode, ())
                                 if instruction.whose is Whose.OPPONENT else ())
    move = move_forward if instruction.forward else move_backward
    _step(
        game, res, [partial(move, game, e) for e in expeditions],
        f"{', '.join(e.label for e in expeditions)} move{'s' if len(expeditions) == 1 else ''} "
        f"{'forward' if instruction.forward else 'backward'}: {plural(len(expeditions), 'atomic action')} in one step",
        *rules, "6.1.e",
    )


def _you_control(game: Game, condition: YouControl, res: Resolution) -> bool:
    def fits(o: GameObject) -> bool:
        if condition.subtype is not None:
            return condition.subtype.lower() in (s.lower() for s in o.card.subtypes)
        return o.card.type is condition.type

    counted = [o for o in game.objects.values() if o.zone in IN_PLAY and o.controller == res.controller and fits(o)]
    elsewhere = [o for o in game.objects.values() if o.zone not in IN_PLAY and o.controller == res.controller and fits(o)]
    rule = "2.2.2.n" if condition.subtype is not None else "2.2.1.h"
    others = (
        "; not counted, as they are not in play: " + ", ".join(f"{o.name} in the {zone_words(o.zone)}" for o in elsewhere)
        if elsewhere else ""
    )
    holds = len(counted) >= condition.at_least
    game.trace.add(
        f"{res.controller} controls {plural(len(counted), condition.what[:-1])} in play "
        f"({', '.join(o.name for o in counted) or 'none'}){others}: "
        f"{'at least' if holds else 'fewer than'} {count(condition.at_least)}",
        rule,
    )
    return holds


def _with_cost(game: Game, instruction: Instruction, res: Resolution) -> None:
    assert isinstance(instruction, WithCost)
    if pay_effect_cost(game, res.controller, instruction.cost):
        _perform(game, instruction.then, res)


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


# The list of instructions handled is the list the reader knows.
assert set(_HANDLERS) == set(Instruction.__args__), "every instruction of engine.effects has a handler"
