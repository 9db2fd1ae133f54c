"""Events: steps of simultaneous atomic actions (6.1), reactions as additive modifiers that
create Emblem-Reactions in Limbo (6.3), checking reactions in initiative order (4.4), and
Ongoing emblems with durations (2.2.13)."""

from __future__ import annotations

from functools import partial
from typing import Callable

from .effects import CreateTokens, Draw, EffectRecord, Instruction, parse_effect
from .ending import check_end
from .errors import LoopLimit, RulesSilent, UnsupportedText
from .objects import Card, EmblemInfo, GameObject, Trigger, describe_character
from .state import Expedition, Game, Happening
from .vocabulary import Duration, ExpeditionKind, ObjectType, Phase, PlayerName, Zone

__all__ = [
    "MAX_ACTIVATIONS_PER_DAY",
    "MAX_STEPS",
    "run_step",
    "check_reactions",
    "resolve_effect",
    "begin_phase",
    "expire",
]

MAX_ACTIVATIONS_PER_DAY = 100  # 6.3.f
MAX_STEPS = 1000
"""No real situation takes this many steps; more means a loop no rule in the sources ends."""

_NUMBER_WORDS = {1: "one", 2: "two", 3: "three", 4: "four", 5: "five", 6: "six", 7: "seven", 8: "eight"}


def _count(n: int) -> str:
    return _NUMBER_WORDS.get(n, str(n))


def _in_play_bearers(game: Game) -> list[GameObject]:
    # Abilities work only while their object is in play (1.2.4.d, 2.2.10.f); the engine's
    # characters with reactions live in the Expedition zone.
    return [o for o in game.in_zone(Zone.EXPEDITION) if o.card.reactions]


def _matches(trigger: Trigger, bearer: GameObject, happening: Happening, existed_before: bool) -> bool:
    if trigger is Trigger.ETB:
        # 6.3.d: the one kind of reaction that need not exist before its event.
        return happening.kind == "enters" and happening.zone is Zone.EXPEDITION and happening.object_id == bearer.id
    if not existed_before:
        return False  # 6.3.d: a reaction has to exist before the event that triggers it
    if trigger is Trigger.JOINS_MY_EXPEDITION:
        mine = {bearer.expedition} if not bearer.card.gigantic else set(ExpeditionKind)  # 7.4.3.f
        return (
            happening.kind == "joins-expedition"
            and happening.player == bearer.controller
            and happening.expedition in mine
        )
    if trigger is Trigger.AT_NOON:
        return happening.kind == "phase" and happening.phase is Phase.NOON
    if trigger is Trigger.AT_DUSK:
        return happening.kind == "phase" and happening.phase is Phase.DUSK
    return False


def _modify_with_reactions(game: Game, happenings: list[Happening], before: dict[int, GameObject]) -> int:
    """6.3.b: each reaction whose trigger matches adds "create an Emblem-Reaction in Limbo"."""
    # Bearers: those in play before the event (6.3.e: they need not be there after), and new
    # objects for their own etb (6.3.d).
    bearers = dict(before)
    for o in _in_play_bearers(game):
        bearers.setdefault(o.id, o)
    created = 0
    for bearer in sorted(bearers.values(), key=lambda o: o.timestamp):
        for index, reaction in enumerate(bearer.card.reactions):
            for happening in happenings:
                if not _matches(reaction.trigger, bearer, happening, bearer.id in before):
                    continue
                key = (bearer.id, index)
                used = game.activations.get(key, 0)
                if used >= MAX_ACTIVATIONS_PER_DAY:
                    game.trace.add(
                        f"{bearer.name}'s reaction \"{reaction}\" would be activated a "
                        f"{used + 1}st time this day: the event stays unmodified",
                        "6.3.f",
                        always=True,
                    )
                    continue
                game.activations[key] = used + 1
                game.enter(
                    Card(None, ObjectType.EMBLEM, ("Reaction",)),
                    Zone.LIMBO,
                    bearer.controller,
                    emblem=EmblemInfo(reaction.effect, bearer.id, bearer.name),
                )
                game.happenings.clear()  # an emblem entering Limbo triggers nothing the engine reads
                created += 1
                if used < 3 or used + 1 == MAX_ACTIVATIONS_PER_DAY:
                    game.trace.add(
                        f"{bearer.name}'s reaction \"{reaction.trigger.value}\" is activated "
                        f"(activation {used + 1} this day): an Emblem-Reaction \"{reaction.effect}\" is created in Limbo",
                        "6.3.b",
                        "6.3.c",
                        "2.2.2.m",
                        always=used + 1 == MAX_ACTIVATIONS_PER_DAY,
                    )
    return created


def run_step(game: Game, actions: list[Callable[[], object]]) -> None:
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
    _modify_with_reactions(game, happenings, before)
    check_end(game)


def check_reactions(game: Game) -> None:
    """4.4.b-c: while Emblem-Reactions wait in Limbo, the first player in initiative order who
    controls one plays it; then reactions are checked again."""
    if game.checking_reactions:
        return  # the loop already running picks up new Emblem-Reactions (4.4.c remark)
    game.checking_reactions = True
    plays: dict[tuple[int | None, str], int] = {}
    try:
        while not game.outcome.over:
            waiting = [o for o in game.in_zone(Zone.LIMBO) if o.emblem is not None and "Reaction" in o.card.subtypes]
            if not waiting:
                return
            chooser = next(name for name in game.initiative_order() if any(o.controller == name for o in waiting))
            mine = [o for o in waiting if o.controller == chooser]
            emblem = mine[0]
            assert emblem.emblem is not None
            choice = f" (the oldest of the {len(mine)} they control)" if len(mine) > 1 else ""
            key = (emblem.emblem.source_id, emblem.emblem.text)
            plays[key] = plays.get(key, 0) + 1
            # A reaction that keeps playing itself is told three times, then summed up.
            game.trace.muted = plays[key] > 3
            game.trace.add(
                f"{chooser} plays the Emblem-Reaction \"{emblem.emblem.text}\" of {emblem.emblem.source_name}{choice}",
                "4.4.b",
            )
            source = game.objects.get(emblem.emblem.source_id) if emblem.emblem.source_id is not None else None
            try:
                resolve_effect(game, emblem.emblem.text, chooser, source=source, source_name=emblem.emblem.source_name)
            finally:
                game.trace.muted = False
            # 2.2.2.m example: when the Reaction is played, its effect resolves, then it ceases to exist.
            game.objects.pop(emblem.id, None)
    finally:
        game.checking_reactions = False
        game.trace.muted = False
        for (_, text), count in plays.items():
            if count > 3:
                game.trace.add(f"... the Emblem-Reaction \"{text}\" was played {count} times in all; the trace shows the first three", "4.4.c")


def _destinations(
    game: Game,
    instruction: CreateTokens,
    controller: PlayerName,
    source: GameObject | None,
    source_name: str | None,
    target: Expedition | None,
) -> list[Expedition]:
    if instruction.destination == "hero":
        return [game.expedition(controller, ExpeditionKind.HERO)]
    if instruction.destination == "companion":
        return [game.expedition(controller, ExpeditionKind.COMPANION)]
    if instruction.destination == "each":
        return list(game.player(controller).expeditions)
    if instruction.destination == "target":
        if target is None:
            raise UnsupportedText(
                "this effect creates tokens in \"target Expedition\": say which with `target: Player.hero` "
                "or `target: Player.companion`"
            )
        if target.player != controller:
            raise RulesSilent(
                f"{controller} would create a token in {target.label}; the sources do not say who controls a "
                "token created in another player's expedition"
            )
        return [target]
    # "my Expedition": the expedition of the object bearing the ability (7.2.1.a-b); a Gigantic
    # one's expedition is each of its controller's expeditions (7.4.3.f).
    if source is None or source.zone is not Zone.EXPEDITION or source.expedition is None:
        raise RulesSilent(
            f"\"my Expedition\" refers to the expedition of {source_name or 'the object bearing the ability'}, "
            "which is not in an expedition now; the sources do not say which expedition is meant"
        )
    if source.card.gigantic:
        return list(game.player(source.controller).expeditions)
    return [game.expedition(source.controller, source.expedition)]


def _step_actions(
    game: Game,
    instruction: Instruction,
    controller: PlayerName,
    source: GameObject | None,
    source_name: str | None,
    target: Expedition | None,
) -> tuple[list[Callable[[], object]], str, tuple[str, ...]]:
    if isinstance(instruction, CreateTokens):
        places = _destinations(game, instruction, controller, source, source_name, target)
        owner = controller
        actions: list[Callable[[], object]] = []
        for place in places:
            for _ in range(instruction.count):
                # 7.3.3.a; 7.4.3.c: a Gigantic token is created in one specific expedition.
                actions.append(partial(game.enter, instruction.card, Zone.EXPEDITION, place.player, expedition=place.kind))
        where = " and ".join(f"{_count(instruction.count)} in {p.label}" for p in places)
        n = len(actions)
        text = (
            f"{owner} creates {_count(n)} {describe_character(instruction.card)} token{'s' if n > 1 else ''} "
            f"({where}): {_count(n)} atomic action{'s' if n > 1 else ''} in one step"
        )
        if instruction.ability_after_location:
            text += "; its abilities are written after the expedition (2.2.10.e; ruling token-ability-position)"
        return actions, text, ("7.3.3.a", "7.3.3.b", "6.1.e", "6.1.f", "7.5.4.b")
    if isinstance(instruction, Draw):
        deck = game.player(controller).deck
        if len(deck) < instruction.count:
            raise RulesSilent(
                f"{controller} must draw {instruction.count} card(s) but their Deck holds {len(deck)}; "
                "the sources do not say what happens (7.3.5)"
            )
        return (
            [lambda: game.draw_card(controller) for _ in range(instruction.count)],
            f"{controller} draws {_count(instruction.count)} card{'s' if instruction.count > 1 else ''}: "
            "the top cards of their Deck go to their Hand",
            ("7.3.5.a", "7.3.5.b"),
        )
    ongoing = instruction
    info = EmblemInfo(ongoing.passive, source.id if source else None, source_name, ongoing.duration, game.day or 0)
    return (
        [lambda: game.enter(Card(None, ObjectType.EMBLEM, ("Ongoing",)), Zone.LIMBO, controller, emblem=info)],
        f"{controller} creates an Emblem-Ongoing in Limbo: \"{ongoing.passive}\", duration \"{ongoing.duration.value}\"",
        ("2.2.2.m", "2.2.13.b", "2.2.13.c"),
    )


def resolve_effect(
    game: Game,
    text: str,
    controller: PlayerName,
    *,
    source: GameObject | None = None,
    source_name: str | None = None,
    target: Expedition | None = None,
) -> EffectRecord:
    """Resolve printed effect text: one step per instruction (6.1.b-c), reactions checked after each (4.4.a)."""
    steps = parse_effect(text)
    game.trace.add(
        f"{controller} resolves \"{text}\": {_count(len(steps))} step{'s' if len(steps) > 1 else ''}",
        "6.1.a",
        "6.1.b",
        "6.1.c",
    )
    game.trace.depth += 1
    atomic = 0
    try:
        for number, instruction in enumerate(steps, start=1):
            if game.outcome.over:
                break
            actions, line, rules = _step_actions(game, instruction, controller, source, source_name, target)
            atomic += len(actions)
            game.trace.add(f"Step {number}: {line}", *rules)
            run_step(game, actions)
            check_reactions(game)  # 4.4.a.2: after each step
    finally:
        game.trace.depth -= 1
    record = EffectRecord(text, len(steps), atomic)
    game.last_effect = record
    return record


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
