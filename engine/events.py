"""Events: steps of simultaneous atomic actions (6.1), reactions as additive modifiers that
create Emblem-Reactions in Limbo (6.3), checking reactions in initiative order (4.4), effects
resolved step by step with what their words refer to (7.2), playing a card, costs (6.4), and
Ongoing emblems with durations (2.2.13)."""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from functools import partial
from operator import attrgetter
from typing import Callable, Sequence

from .choices import YES, choose
from .effects import (
    ActivateTriggers,
    Conditional,
    CreateOngoing,
    CreateTokens,
    DiscardTarget,
    Draw,
    FirstPlayer,
    MoveExpeditions,
    Gain,
    Instruction,
    ItIs,
    KeywordAction,
    LostEffect,
    Pay,
    PlayMe,
    PutFromHand,
    PutMe,
    Sacrifice,
    WithCost,
    YouControl,
    number,
    parse_effect,
    split_steps,
)
from .ending import check_end
from .errors import Forbidden, LoopLimit
from .limits import MAX_STEPS
from .objects import CannotActivate, Card, EmblemInfo, GameObject, Reaction, Trigger, describe_character
from .movement import move_backward, move_forward
from .readings import CREATOR_CONTROLS, HAND_COST, Unenumerable, play_cost_question, reading, silent, token_controller_question
from .rulings import Ruling
from .records import CardInZone, CostRecord, EffectRecord, Expedition, Happening, Unknown, UnknownScope
from .state import IN_PLAY, Game
from .vocabulary import Duration, ExpeditionKind, Mode, ObjectType, Phase, PlayerName, Status, Zone

__all__ = [
    "MAX_ACTIVATIONS_PER_DAY",
    "MAX_STEPS",
    "Resolution",
    "run_step",
    "check_reactions",
    "resolve_effect",
    "play_card",
    "pay_cost",
    "begin_phase",
    "expire",
    "count",
    "zone_words",
]

MAX_ACTIVATIONS_PER_DAY = 100  # 6.3.f

_NUMBER_WORDS = {0: "no", 1: "one", 2: "two", 3: "three", 4: "four", 5: "five", 6: "six", 7: "seven", 8: "eight"}


def count(n: int) -> str:
    return _NUMBER_WORDS.get(n, str(n))


def possessive(name: str | None) -> str:
    """"Kuwat's", "Three Little Pigs'"."""
    name = name or "its"
    return name + ("'" if name.endswith("s") else "'s")


def _plural(n: int, word: str) -> str:
    return f"{count(n)} {word}{'s' if n != 1 else ''}"


def zone_words(zone: Zone) -> str:
    return {
        Zone.RESERVE: "Reserve", Zone.DISCARD: "Discard pile", Zone.HAND: "Hand", Zone.DECK: "Deck",
        Zone.MANA: "Mana zone", Zone.LANDMARK: "Landmark zone", Zone.EXPEDITION: "Expedition zone",
        Zone.LIMBO: "Limbo", Zone.HERO: "Hero zone",
    }.get(zone, zone.value)


# ---- reactions as event modifiers (6.3) ------------------------------------------------------
_BY_TIMESTAMP = attrgetter("timestamp")
_IN_PLAY_ORDER = (Zone.EXPEDITION, Zone.HERO, Zone.LANDMARK)


def _in_play_bearers(game: Game) -> list[GameObject]:
    # Abilities work only while their object is in play (1.2.4.d, 2.2.10.f). Zone by zone, oldest
    # first, as three queries of the zones would list them, from one pass over the objects.
    bearers = sorted((o for o in game.objects.values() if o.card.reactions and o.zone in IN_PLAY), key=_BY_TIMESTAMP)
    return [o for zone in _IN_PLAY_ORDER for o in bearers if o.zone is zone]


def _matches(trigger: Trigger, bearer: GameObject, happening: Happening, existed_before: bool) -> bool:
    mine = happening.object_id == bearer.id
    if trigger is Trigger.ETB:
        # 6.3.d: the one kind of reaction that need not exist before its event. "From anywhere".
        return happening.kind == "enters" and happening.zone in IN_PLAY and mine
    if trigger in (Trigger.HAND, Trigger.RESERVE):
        wanted = Zone.HAND if trigger is Trigger.HAND else Zone.RESERVE
        return happening.kind == "played" and happening.from_zone is wanted and mine
    if trigger is Trigger.TO_RESERVE_FROM_HAND:
        return happening.kind == "enters" and happening.zone is Zone.RESERVE and happening.from_zone is Zone.HAND and mine
    if not existed_before:
        return False  # 6.3.d: a reaction has to exist before the event that triggers it
    if trigger is Trigger.SACRIFICED:
        return happening.kind == "sacrificed" and mine  # 6.3.e: it need not exist after
    if trigger is Trigger.LEAVES_LANDMARK_ZONE:
        return happening.kind == "leaves-zone" and happening.zone is Zone.LANDMARK and mine and happening.player == bearer.controller
    if trigger is Trigger.LEAVES_PLAY:
        return happening.kind == "leaves-zone" and happening.zone in IN_PLAY and mine
    if trigger is Trigger.CHARACTER_LEAVES_MY_EXPEDITION:
        # 7.5.5.a; switching expeditions leaves the former one (7.5.5.c); the object itself need not be there after
        if bearer.expedition is None:
            return False
        left: set[ExpeditionKind] = {bearer.expedition} if not bearer.card.gigantic else set(ExpeditionKind)
        return happening.kind == "leaves-expedition" and happening.player == bearer.controller and happening.expedition in left
    if trigger in (Trigger.CARD_JOINS_RESERVE, Trigger.CARD_JOINS_DISCARD):
        # 7.5.4.a: joining a zone; a token joins its new zone before it ceases to exist (7.5.4.d)
        zone = Zone.RESERVE if trigger is Trigger.CARD_JOINS_RESERVE else Zone.DISCARD
        return happening.kind == "enters" and happening.zone is zone and happening.player == bearer.controller
    if trigger is Trigger.CARD_LEAVES_RESERVE:
        # 7.5.5.a; a token that ceases to exist in the Reserve does not leave it (7.5.5.b)
        return happening.kind == "leaves-zone" and happening.zone is Zone.RESERVE and happening.player == bearer.controller
    if trigger is Trigger.YOU_SACRIFICE:
        return happening.kind == "sacrificed" and happening.player == bearer.controller
    if trigger is Trigger.JOINS_MY_EXPEDITION:
        if bearer.zone is not Zone.EXPEDITION:
            return False
        expeditions = {bearer.expedition} if not bearer.card.gigantic else set(ExpeditionKind)  # 7.4.3.f
        return (
            happening.kind == "joins-expedition"
            and happening.player == bearer.controller
            and happening.expedition in expeditions
        )
    if trigger is Trigger.AT_NOON:
        return happening.kind == "phase" and happening.phase is Phase.NOON
    if trigger is Trigger.AT_DUSK:
        return happening.kind == "phase" and happening.phase is Phase.DUSK
    return False


def _blockers(game: Game) -> list[GameObject]:
    """The Characters in play with a passive ability that stops reactions (7.3.1.e)."""
    return [o for o in game.in_zone(Zone.EXPEDITION) if any(isinstance(p, CannotActivate) for p in o.card.passives)]


def _blocked_by(game: Game, bearer: GameObject, trigger: Trigger,
                blockers: list[GameObject] | None = None) -> tuple[GameObject, CannotActivate] | None:
    """7.3.1.e: an ability in play saying this trigger of Characters facing it don't activate."""
    if bearer.card.type is not ObjectType.CHARACTER or bearer.zone is not Zone.EXPEDITION:
        return None
    for holder in _blockers(game) if blockers is None else blockers:
        for passive in holder.card.passives:
            if isinstance(passive, CannotActivate) and trigger in passive.triggers and holder.id != bearer.id:
                facing = game.facing(holder)
                if any(e.player == bearer.controller and (e.kind is bearer.expedition or bearer.card.gigantic) for e in facing):
                    return holder, passive
    return None


def _condition_holds(reaction: Reaction, bearer: GameObject) -> bool:
    if reaction.condition is None:
        return True
    wanted = reaction.condition.lower()
    status = Status.FLEETING if "fleeting" in wanted else Status.ASLEEP
    has = status in bearer.statuses
    return not has if " not " in f" {wanted} " else has


def create_reaction_emblem(game: Game, bearer: GameObject, index: int, me: int | None, note: str = "",
                           blockers: list[GameObject] | None = None) -> bool:
    """6.3.b: the reaction adds "create an Emblem-Reaction in Limbo with the effect of that reaction".
    The emblem's controller is the bearer's controller; "I" in it is `me` (7.2.1.b, 2.1.e).
    `blockers` (from _blockers) saves looking through the expeditions again for each reaction."""
    reaction = bearer.card.reactions[index]
    blocked = _blocked_by(game, bearer, reaction.trigger, blockers)
    if blocked is not None:
        holder, passive = blocked
        game.trace.add(
            f"{possessive(bearer.name)} reaction \"{reaction}\" cannot activate: {holder.name}, which {bearer.name} faces, "
            f"says \"{passive.text}\"",
            "7.3.1.e",
            rulings=(Ruling.OPPOSING_EXPEDITIONS,),
        )
        return False
    if not _condition_holds(reaction, bearer):
        game.trace.add(f"{possessive(bearer.name)} reaction \"{reaction}\" does not trigger: its condition \"{reaction.condition}\" is not met", "6.3.b")
        return False
    if reaction.condition:
        note = f"; its condition \"{reaction.condition}\" is met" + note
    key = (bearer.id, index)
    used = game.activations.get(key, 0)
    if used >= MAX_ACTIVATIONS_PER_DAY:
        game.trace.add(
            f"{possessive(bearer.name)} reaction \"{reaction}\" would be activated a {used + 1}st time this day: the event stays unmodified",
            "6.3.f",
            always=True,
        )
        return False
    game.activations[key] = used + 1
    game.enter(
        Card(None, ObjectType.EMBLEM, ("Reaction",)),
        Zone.LIMBO,
        bearer.controller,
        emblem=EmblemInfo(reaction.effect, me, bearer.name, created_day=game.day or 0),
    )
    game.happenings.clear()  # an emblem entering Limbo triggers nothing the engine reads
    if used < 3 or used + 1 == MAX_ACTIVATIONS_PER_DAY:
        game.trace.add(
            f"{possessive(bearer.name)} reaction \"{reaction}\" is activated (activation {used + 1} this day): "
            f"{bearer.controller} creates an Emblem-Reaction \"{reaction.effect}\" in Limbo{note}",
            "6.3.b",
            "6.3.c",
            "2.2.2.m",
            always=used + 1 == MAX_ACTIVATIONS_PER_DAY,
        )
    return True


def _modify_with_reactions(game: Game, happenings: list[Happening], before: dict[int, GameObject]) -> int:
    """6.3.b: each reaction whose trigger matches adds "create an Emblem-Reaction in Limbo"."""
    # Bearers: those in play before the event (6.3.e: they need not be there after), and the new
    # objects of the event for reactions on their own arrival (6.3.d).
    bearers = dict(before)
    for happening in happenings:
        if happening.kind in ("enters", "played") and happening.object_id in game.objects:
            new = game.objects[happening.object_id]
            if any(r.trigger.on_own_move for r in new.card.reactions):
                bearers.setdefault(new.id, new)
    for o in _in_play_bearers(game):
        bearers.setdefault(o.id, o)
    created = 0
    # Emblems enter Limbo, not an expedition: the Characters that stop reactions stay the same
    # through this loop, found once (looking for them per reaction made a chain quadratic).
    blockers = _blockers(game)
    for bearer in sorted(bearers.values(), key=_BY_TIMESTAMP):
        for index, reaction in enumerate(bearer.card.reactions):
            for happening in happenings:
                if not _matches(reaction.trigger, bearer, happening, bearer.id in before):
                    continue
                me: int | None = bearer.id
                note = ""
                if reaction.trigger.on_own_departure:
                    # 2.1.e: the ability refers to its object moving to a visible zone, so it finds
                    # the new object there; 6.3.e: the reaction need not exist after the event.
                    me = happening.new_id
                    where = game.objects[me] if me is not None and me in game.objects else None
                    note = (
                        f"; {bearer.name} no longer exists after the event (6.3.e)"
                        + (f", and the reaction finds it in the {zone_words(where.zone)} (2.1.e)" if where else "")
                    )
                elif reaction.trigger.on_own_move and bearer.id not in before:
                    note = "; it did not exist before the event that triggered it (6.3.d)"
                    if bearer.card.gigantic:
                        note += "; Gigantic, it triggers once although it is in both expeditions (7.4.3.d)"
                if create_reaction_emblem(game, bearer, index, me, note, blockers):
                    created += 1
    return created


def run_step(game: Game, actions: Sequence[Callable[[], object]]) -> None:
    """One step: its atomic actions happen simultaneously (6.1.f); reactions modify it (6.3.b);
    an expedition meeting or crossing modifies it too (4.3.a-b)."""
    game.steps_taken += 1
    if game.steps_taken > MAX_STEPS:
        raise LoopLimit(
            f"more than {MAX_STEPS} steps: this situation loops (each reaction stops at "
            f"{MAX_ACTIVATIONS_PER_DAY} activations a day, 6.3.f, but new objects bring new reactions)"
        )
    before = {o.id: o for o in _in_play_bearers(game)}
    game.happenings.clear()
    for action in actions:
        action()
    happenings = list(game.happenings)
    game.happenings.clear()
    if game.board_unknown() is None:
        _modify_with_reactions(game, happenings, before)
        check_end(game)


def check_reactions(game: Game) -> None:
    """4.4.b-c: while Emblem-Reactions wait in Limbo, the first player in initiative order who
    controls one chooses one of them and plays it; then reactions are checked again."""
    if game.checking_reactions:
        return  # the loop already running picks up new Emblem-Reactions (4.4.c remark)
    game.checking_reactions = True
    plays: dict[tuple[int | None, str], int] = {}
    try:
        while not game.outcome.over:
            unknown = game.board_unknown()
            if unknown is not None:
                if not any("Reactions cannot be checked" in line.text for line in game.trace.lines[-3:]):
                    game.trace.add(f"Reactions cannot be checked any more: the engine does not know the events of {unknown.reason}", "4.4.a")
                return
            waiting = [o for o in game.in_zone(Zone.LIMBO) if o.emblem is not None and "Reaction" in o.card.subtypes]
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


# ---- effects: steps and what their words refer to -------------------------------------------
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
    game.trace.add(f"{controller} resolves \"{text}\": {_plural(len(steps), 'step')}", "6.1.a", "6.1.b", "6.1.c")
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
        f"({where}): {_plural(n, 'atomic action')} in one step"
    )
    if instruction.ability_after_location:
        text += f"; its abilities are written after the expedition (2.2.10.e; ruling {Ruling.TOKEN_ABILITY_POSITION})"
    _step(game, res, actions, text, "7.3.3.a", "7.3.3.b", "6.1.e", "6.1.f", "7.5.4.b")


def _destinations(game: Game, instruction: CreateTokens, res: Resolution) -> list[Expedition]:
    controller = res.controller
    if instruction.destination == "hero":
        return [game.expedition(controller, ExpeditionKind.HERO)]
    if instruction.destination == "companion":
        return [game.expedition(controller, ExpeditionKind.COMPANION)]
    if instruction.destination == "each":
        return list(game.player(controller).expeditions)
    if instruction.destination == "target":
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
    if instruction.destination == "other":
        # "my other Expedition": the other expedition of my controller; a Gigantic character is in
        # both, so for it the words refer to no expeditions (7.4.3.g).
        if source.card.gigantic:
            game.trace.add(
                f"{source.name} is Gigantic, in both of {possessive(source.controller)} expeditions: its \"other Expedition\" is no expedition",
                "7.4.3.g",
            )
            return []
        return [game.expedition(source.side, source.expedition.other)]
    if source.card.gigantic:
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
        f"{controller} draws {_plural(instruction.count, 'card')}: the top cards of their Deck go to their Hand",
        "7.3.5.a", "7.3.5.b",
    )


def _create_ongoing(game: Game, instruction: Instruction, res: Resolution) -> None:
    assert isinstance(instruction, CreateOngoing)
    if instruction.duration is Duration.TURN and game.turn is None:
        raise silent(f"\"{instruction.passive}\" lasts \"this Turn\", but no turn is being taken (1.3.2.d): the sources do not say when it ends", Unenumerable.NO_CANDIDATES)
    info = EmblemInfo(instruction.passive, res.me, res.me_name, instruction.duration, game.day or 0)
    controller = res.controller
    _step(
        game, res,
        [lambda: game.enter(Card(None, ObjectType.EMBLEM, ("Ongoing",)), Zone.LIMBO, controller, emblem=info)],
        f"{controller} creates an Emblem-Ongoing in Limbo with the passive ability \"{instruction.passive}\" "
        f"and the duration \"{instruction.duration.value}\"",
        "2.2.2.m", "2.2.13.b", "2.2.13.c",
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
        f"{who} {verb} {word}: {_plural(len(actions), 'atomic action')} in one step"
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
        chosen.append((player, _alike(mine, name)))
    actions = [partial(sacrifice, game, obj, player) for player, obj in chosen]
    who = ", ".join(f"{p} sacrifices {o.name}" for p, o in chosen) or "Nobody sacrifices anything"
    simultaneous = "; they are sacrificed simultaneously (6.1.f)" if len(actions) > 1 else ""
    _step(
        game, res, actions,
        f"{who}: {_plural(len(actions), 'atomic action')} in one step{simultaneous}; a sacrificed Character goes to its owner's Discard pile",
        "6.1.e", "6.1.f", rulings=(Ruling.SACRIFICE,),
    )


def _alike(objects: list[GameObject], name: str) -> GameObject:
    """The object with that name; several are accepted only when they are alike (the oldest is taken)."""
    candidates = [o for o in objects if o.name.lower() == name.lower()]
    if len({(o.card, o.exhausted, o.boosts, tuple(sorted(o.counters.items())), frozenset(o.statuses)) for o in candidates}) > 1:
        raise Forbidden(f"several different objects are named {name!r}; give them different names in the scenario so a choice says which one")
    return candidates[0]


def sacrifice(game: Game, obj: GameObject, by: PlayerName) -> GameObject | None:
    """To sacrifice a Character: it goes from play to its owner's Discard pile (ruling sacrifice:
    the sources never define it; the example of 2.1.c shows a sacrificed Kuwat in the Discard pile)."""
    new = game.move(obj, Zone.DISCARD)
    game.happenings.append(Happening("sacrificed", obj.id, by, obj.expedition, obj.zone, new_id=new.id if new else None))
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
        return _alike(legal, name)
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
    if instruction.who == "target":
        chosen = _target(game, res, instruction.types)
        if chosen is not None:
            _step(
                game, res, [partial(_apply_gain, chosen, instruction)],
                f"{possessive(chosen.controller)} {chosen.name}, a target in play, "
                f"{'loses' if instruction.lose else 'gains'} {_gained(instruction)}",
                "2.2.1.h",
            )
        return
    if instruction.who == "yours":
        # 7.2.2.a: "you" is the controller of the ability.
        targets = [o for o in game.in_zone(Zone.EXPEDITION, res.controller) if o.card.type is ObjectType.CHARACTER]
        names = ", ".join(o.name for o in targets) or "none"
        _step(
            game, res, [partial(_apply_gain, o, instruction) for o in targets],
            f"\"you\" is {res.controller}, the controller: the Characters {res.controller} controls gain "
            f"{_gained(instruction)} ({names}): {_plural(len(targets), 'atomic action')}",
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
    me = res.my_object(game)
    if me is None:
        game.trace.add(f"\"me\" ({res.me_name}) is not an object any more: nothing is put in the {zone_words(instruction.zone)}", "7.2.1.b", "2.1.c")
        return
    moved: list[GameObject | None] = []
    _step(
        game, res, [lambda: moved.append(game.move(me, instruction.zone))],
        f"{me.name} goes from the {zone_words(me.zone)} to its owner's {zone_words(instruction.zone)}",
        "2.1.c",
    )
    _follow(res, me, moved[0])


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
    me = res.my_object(game)
    if me is None:
        game.trace.add(f"\"me\" ({res.me_name}) is not an object any more: it cannot be played", "7.2.1.b", "2.1.c")
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
    if instruction.whose == "target":
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
        players = [res.controller] if instruction.whose == "you" else _opponents(game, res.controller)
        kinds = [instruction.kind] if instruction.kind is not None else list(ExpeditionKind)
        expeditions = [game.expedition(p, k) for p in players for k in kinds]
        rules = ("7.2.2.a",) + ({Mode.TWO_VS_TWO: ("2v2.your-opponent",), Mode.FREE_FOR_ALL: ("free-for-all.your-opponent",)}.get(game.mode, ())
                                 if instruction.whose == "opponent" else ())
    move = move_forward if instruction.forward else move_backward
    _step(
        game, res, [partial(move, game, e) for e in expeditions],
        f"{', '.join(e.label for e in expeditions)} move{'s' if len(expeditions) == 1 else ''} "
        f"{'forward' if instruction.forward else 'backward'}: {_plural(len(expeditions), 'atomic action')} in one step",
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
        f"{res.controller} controls {_plural(len(counted), condition.what[:-1])} in play "
        f"({', '.join(o.name for o in counted) or 'none'}){others}: "
        f"{'at least' if holds else 'fewer than'} {count(condition.at_least)}",
        rule,
    )
    return holds


def _with_cost(game: Game, instruction: Instruction, res: Resolution) -> None:
    assert isinstance(instruction, WithCost)
    player = res.controller
    described = " and ".join(f"pay {p.amount}" if isinstance(p, Pay) else f"put a card from their Hand in {zone_words(p.zone)}" for p in instruction.cost)
    if choose(game, player, f"whether to {described}", [YES], may=True, rules=("6.4.b",)) is None:
        game.last_cost = CostRecord(described, False, 1, 0)
        game.trace.add(f"{player} declines the cost: the internal action is ignored and the effect continues", "6.4.b", "6.4.f")
        return
    actions: list[Callable[[], object]] = []
    told: list[str] = []
    for part in instruction.cost:
        if isinstance(part, Pay):
            actions.append(partial(_pay_mana, game, player, f"pay {part.amount}"))
            told.append(f"pays {part.amount} (how Mana pays is not in the sources)")
        else:
            hand = game.player(player).hand
            if not hand:
                raise Forbidden(f"{player} cannot pay the cost in full: their Hand is empty (6.4.c)")
            name = choose(game, player, f"which card to put from their Hand in {zone_words(part.zone)}", list(dict.fromkeys(c.name or "card" for c in hand)))
            card = next(c for c in hand if (c.name or "card") == name)
            actions.append(partial(game.move, CardInZone(player, card, Zone.HAND), part.zone))
            told.append(f"puts {name} from their Hand in their {zone_words(part.zone)}")
    game.last_cost = CostRecord(described, True, 1, len(actions))
    game.trace.add(
        f"The cost is paid in one step of {_plural(len(actions), 'atomic action')}, even with several verbs: "
        f"{player} {' and '.join(told)}",
        "6.1.d", "6.4.a",
    )
    run_step(game, actions)
    _perform(game, instruction.then, res)


def _pay_mana(game: Game, player: PlayerName, what: str) -> None:
    game.unknowns.append(Unknown(f"how {player} paid \"{what}\" with Mana (not in the sources)", UnknownScope.MANA, player))


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


# ---- playing a card, paying a cost -----------------------------------------------------------
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
    paid = "Hand" if origin is Zone.HAND else "Reserve"
    if by_own_text and not free:
        # Its own text plays it from another zone, not for free: which printed cost it pays, no rule
        # says (2.2.6, 2.2.7); each is a reading (how Mana pays either is not in the sources).
        paid = "Hand" if reading(game, play_cost_question()) == HAND_COST else "Reserve"
    objects: list[GameObject] = []
    statuses = frozenset({Status.FLEETING}) if origin is Zone.RESERVE else frozenset()

    def act() -> None:
        limbo = game.move(thing, Zone.LIMBO)
        assert limbo is not None
        objects.append(limbo)
        if not free:
            _pay_mana(game, player, f"the {paid} cost of {thing.name}")
        new = game.move(limbo, Zone.EXPEDITION, expedition=kind, statuses=statuses)
        assert new is not None
        objects.append(new)
        game.happenings.append(Happening("played", new.id, player, kind, Zone.EXPEDITION, from_zone=origin))

    cost = "for free" if free else f"paying its {paid} cost (how Mana pays a cost is not in the sources)"
    if by_own_text:
        # A card is played from the Hand or the Reserve, but the card's own text says to play it from
        # where its ability finds it (2.1.e); the card's text wins (ruling card-text-over-rules).
        game.trace.add(
            f"A card is played from the Hand or the Reserve, but {possessive(thing.name)} own text plays it from the "
            f"{zone_words(origin)}: the card's text wins over the general rule",
            "2.1.e", "2.2.10.f", rulings=(Ruling.CARD_TEXT_OVER_RULES,),
        )
    game.trace.add(
        f"{player} plays {thing.name} from their {zone_words(origin)} {cost}: it goes to Limbo, then into "
        f"{game.expedition(player, kind).label}; each is a new object",
        "3.2.8.a", "2.1.c", *((("2.2.6.a",) if paid == "Hand" else ("2.2.7.a",)) if not free else ()),
    )
    mark = game.trace.mark()
    run_step(game, [act])
    limbo, new = objects
    if origin is Zone.RESERVE:
        game.trace.add(f"{new.name} was played from the Reserve: it has Fleeting", rulings=(Ruling.PLAYED_FROM_RESERVE,), at=mark)
    _apply_next_card_emblems(game, player, new)
    if not internal:
        game.trace.add(f"{player} has played a card: reactions are checked", "4.4.a")
    return new


def _apply_next_card_emblems(game: Game, player: PlayerName, played: GameObject) -> None:
    for emblem in game.ongoing():
        info = emblem.emblem
        if info is None or emblem.controller != player or emblem.id in game.used_emblems:
            continue
        text = info.text.lower()
        if text.startswith("the next card you play") or (text.startswith("the next character you play") and played.card.type is ObjectType.CHARACTER):
            game.used_emblems.add(emblem.id)
            amount = re.search(r"gains (\w+) boosts?", text)
            if amount is not None:
                played.boosts += number(amount.group(1)) or 0
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
            actions.append(partial(_pay_mana, game, player, part))
    if atomic is not None:
        atomic = len(actions)
    game.last_cost = CostRecord(" and ".join(parts), True, 1, atomic, parts)
    shown = ", ".join("a cost symbol lost in the sources" if p == "lost" else p for p in parts) or "nothing"
    game.trace.add(f"{player} pays the cost of {what} ({shown}) in a single step", "6.4.a", "6.1.d")
    run_step(game, actions)
    return after[0]


# ---- phases and durations --------------------------------------------------------------------
def begin_phase(game: Game, phase: Phase) -> None:
    """A phase begins: reactions on it ("At Noon") modify that event, then reactions are checked (4.4.a.1)."""
    game.phase = phase
    before = {o.id: o for o in _in_play_bearers(game)}
    game.happenings.clear()
    _modify_with_reactions(game, [Happening("phase", phase=phase)], before)
    check_reactions(game)


def expire(game: Game, durations: set[Duration], why: str) -> None:
    """Ongoing emblems whose duration ended cease to exist (2.2.13)."""
    for emblem in game.ongoing():
        assert emblem.emblem is not None
        if emblem.emblem.duration in durations:
            del game.objects[emblem.id]
            game.trace.add(
                f"The Emblem-Ongoing \"{emblem.emblem.text}\" ({emblem.emblem.duration.value if emblem.emblem.duration else ''}) "
                f"ceases to exist: {why}",
                "2.2.13.a",
                "2.2.13.c",
            )


__all__ += ["create_reaction_emblem", "sacrifice", "possessive"]

# The list of instructions handled is the list the reader knows.
assert set(_HANDLERS) == set(Instruction.__args__), "every instruction of engine.effects has a handler"
