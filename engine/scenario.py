"""Running scenarios: a fresh game at the scenario's board, its actions, and each expected
value compared with what the engine observes.

    scenarios = read_scenarios(data, source="file.yaml")
    result = run_scenario(scenarios[0])
    result.passed, result.differences, result.trace, result.error
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Callable, Sequence

from . import api
from .beginning import begin_game, mulligan
from .information import sees
from .deck import check_deck
from .errors import BoardError, EngineError, RulesSilent, ScenarioError
from .objects import Card, GameObject
from .reader import read_scenario, read_scenarios, text_key
from .readings import MAX_READINGS, OpenQuestion, ReadingNeeded, ReadingOutcome, Readings, Unenumerable, silent
from .scenario_model import (
    PHASE_ACTIONS,
    REFUSALS,
    Action,
    Difference,
    Expectation,
    ObjectSetup,
    Scenario,
    ScenarioResult,
    Setup,
    character_key,
    shown,
)
from .state import CardInZone, Game, Adventure
from .trace import TraceLine, TraceLines
from .vocabulary import ARENA, HIDDEN_ZONES, ExpeditionKind, ObjectType, Statistics, Status, Zone

__all__ = [
    "Action",
    "Expectation",
    "Difference",
    "Scenario",
    "ScenarioResult",
    "build_game",
    "read_scenario",
    "read_scenarios",
    "run_scenario",
    "run_scenarios",
    "REFUSALS",
]

# ---- running ---------------------------------------------------------------------------------
def build_game(setup: Setup) -> Game:
    """A fresh game at the scenario's board."""
    adventure = None
    if setup.adventure is not None:  # a run's reveals replace regions in its own list: the next run starts face down again
        adventure = Adventure(list(setup.adventure), given=True)
    positions = {(name, kind): pos for name, ps in setup.per_player.items() for kind, pos in ps.positions.items()}
    game = Game.new(
        list(setup.players),
        first_player=setup.first_player,
        mode=setup.mode,
        positions=positions,
        adventure=adventure,
        tiebreakers=setup.tiebreakers,
    )
    game.day = setup.day
    for name, ps in setup.per_player.items():
        for character in ps.characters:
            obj = game.enter(character.card, Zone.EXPEDITION, name, expedition=character.expedition, exhausted=character.exhausted, given=True)
            _mark(obj, character.extra)
        player = game.player(name)
        for zone, cards in ps.zones.items():
            if zone is Zone.DECK:
                player.deck = [c.card for c in cards]
            elif zone is Zone.HAND:
                player.hand = [c.card for c in cards]
            else:
                for given in cards:
                    _mark(game.enter(given.card, zone, name, exhausted=given.exhausted, given=True), given)
                    if given.card.printed_name:
                        game.trace.add(
                            f"{name}'s card printed \"{given.card.printed_name}\" ({given.card.language or 'another language'}) "
                            f"is named {given.card.name}, its English name",
                            "2.2.3.c",
                        )
        if ps.presented is not None:
            game.presented = {**(game.presented or {}), name: ps.presented}
        for i in range(ps.mana):
            game.enter(Card(None, ObjectType.MANA_ORB), Zone.MANA, name, exhausted=i < ps.mana_exhausted, given=True)
    for o in game.in_zone(Zone.EXPEDITION):
        if o.card.printed_name:
            game.trace.add(f"{o.controller}'s card printed \"{o.card.printed_name}\" ({o.card.language or 'another language'}) is named {o.name}, its English name", "2.2.3.c")
    game.happenings.clear()  # the board is given, not played: nothing on it triggers (given=True above)
    game.emblem_log.clear()
    return game


def _mark(obj: GameObject, given: ObjectSetup | None) -> None:
    if given is not None:
        obj.boosts = given.boosts
        obj.counters = dict(given.counters)
        obj.statuses = set(given.statuses)


def _apply(game: Game, action: Action) -> None:
    if action.kind in PHASE_ACTIONS:
        api.play_phase(game, PHASE_ACTIONS[action.kind], expand=action.expand)
    elif action.kind == "check_victory":
        api.check_victory(game)
    elif action.kind == "setup":
        begin_game(game)
    elif action.kind == "mulligan":
        assert action.player
        mulligan(game, action.player)
    elif action.kind in ("move_forward", "move_backward"):
        assert action.player and action.expedition
        # On a multiplayer board each player's expeditions move on their own path (0 to 7), as in a
        # two-player game; moving into a face-down Tumult half is refused (engine.movement).
        (api.advance if action.kind == "move_forward" else api.retreat)(game, action.player, action.expedition)
    elif action.kind == "switch_expeditions":
        assert action.player and action.expedition and action.name
        api.switch_expeditions(game, action.player, action.expedition, action.name)
    elif action.kind == "lose_gigantic":
        assert action.player and action.expedition and action.name
        api.lose_gigantic(game, action.player, action.expedition, action.name)
    elif action.kind == "put":
        assert action.player and action.place and action.name and action.zone
        api.put(game, action.player, action.place, action.name, action.zone, expedition=action.to)
    elif action.kind == "play":
        assert action.player and action.place and action.name and action.to
        if action.to_player is not None and action.to_player != action.player:
            api.refuse_other_expedition(game, action.player, action.to_player, action.name)
        api.play(game, action.player, action.place, action.name, action.to, decline_cost=action.decline_cost)
    elif action.kind == "pass":
        assert action.player
        api.pass_turn(game, action.player)
    elif action.kind in ("quick_action", "support"):
        assert action.player and action.place and action.name
        api.use_ability(
            game, action.player, action.place, action.name, support=action.kind == "support", index=action.ability,
            decline_cost=action.decline_cost,
        )
    else:
        assert action.player and action.text
        api.resolve(game, action.text, action.player, target=action.target, target_object=action.target_object)


_RECORDS = ("effect.", "cost.", "choices", "emblems", "refused", "turn", "passed", "reactions_played", "phase", "day")
"""Paths that read what happened, not the board: they stay known after a step whose game effect is lost."""


def _arena_types(game: Game) -> Any:
    if not game.tiebreakers:
        return "no Arena: tiebreakers have not started"
    return sorted(t.value for t in game.region_types_at(ARENA))


_WHOLE_GAME_PATHS: dict[str, Callable[[Game], Any]] = {
    "turn": lambda game: game.turn,
    "passed": lambda game: sorted(game.passed),
    "reactions_played": lambda game: [text_key(r) for r in game.reactions_played],
    "arena.types": _arena_types,
    "choices": lambda game: [text_key(c) for c in game.choices_made],
    "emblems": lambda game: sorted(o.describe() for o in game.emblem_log),
    "winner": lambda game: tuple(sorted(game.outcome.winners)),
    "tiebreakers": lambda game: game.tiebreakers,
    "first_player": lambda game: game.first_player,
    "day": lambda game: game.day,
    "phase": lambda game: game.phase.value if game.phase else None,
    "effect.steps": lambda game: game.last_effect.steps if game.last_effect else None,
    "effect.atomic_actions": lambda game: game.last_effect.atomic_actions if game.last_effect else None,
    "limbo": lambda game: sorted(o.describe() for o in game.in_zone(Zone.LIMBO)),
}
"""The paths naming a value of the whole game, found at once rather than after a test of each."""


def _observe(game: Game, path: str) -> Any:
    """The engine's value at a `then:` path, normalized like the expectation."""
    if game.unknowns and not path.startswith(_RECORDS):  # only a lost game effect makes a value unknown
        parts = path.split(".")
        if len(parts) == 2 and parts[1] in ("mana", "exhausted"):
            game.refuse_if_unknown(f"`{path}`", player=parts[0], zone=Zone.MANA)
        else:
            game.refuse_if_unknown(f"`{path}`")
    whole = _WHOLE_GAME_PATHS.get(path)
    if whole is not None:
        return whole(game)
    if path.startswith("effect."):
        if game.last_effect is None:
            return None
        return game.last_effect.controller if path == "effect.controller" else [text_key(t) for t in game.last_effect.step_texts]
    if path.startswith("cost."):
        cost = game.last_cost
        if cost is None:
            return None
        if path == "cost.atomic_actions" and cost.atomic_actions is None:
            raise silent(f"the atomic actions of the cost \"{cost.text}\" are unknown: a part of it is lost in the sources", Unenumerable.LOST_TEXT)
        if path == "cost.parts":
            return [text_key("..." if p == "lost" else p) for p in cost.parts]
        if path == "cost.mana":
            if cost.mana is None:
                raise silent(f"the Mana the cost \"{cost.text}\" asks for is unknown: a cost symbol of it is lost in the sources", Unenumerable.LOST_TEXT)
            return cost.mana
        return {"cost.steps": cost.steps, "cost.atomic_actions": cost.atomic_actions, "cost.paid": cost.paid}[path]
    if path.startswith("emblems."):
        return _observe_emblem(game, path)
    parts = path.split(".")
    if parts[0] == "adventure":
        if game.tiebreakers:
            # 4.3.d: the companion region card is turned face down as the Arena; the others are discarded.
            if parts[1] != "7":
                return "discarded"
            if parts[2] == "face":
                return "down"
            if parts[2] == "types":
                return sorted(t.value for t in game.region_types_at(ARENA))
        if parts[2] == "type":
            return "region"  # 2.2.1.e: whatever its sub-types, a region's type is Region
        region = game.adventure[int(parts[1])]
        if parts[2] == "face":
            return region.face.value
        return sorted(t.value for t in game.region_types_at(region.index))
    name = parts[0]
    player = game.player(name)
    if parts[1] == "sees":
        return sees(game, name, parts[2:])
    if len(parts) >= 4:
        return _observe_object(game, name, parts[1], ".".join(parts[2:-1]), parts[-1])
    if len(parts) == 2 and parts[1] == "hero_zone":
        return sorted(o.name for o in game.in_zone(Zone.HERO, name))
    if len(parts) == 2:
        if parts[1] == "statistics":
            total = Statistics()
            for kind in ExpeditionKind:
                total = total + game.expedition_statistics(name, kind)
            return str(total)
        if parts[1] == "exhausted":
            return sum(1 for o in game.objects.values() if o.controller == name and o.exhausted)
        if parts[1] == "deck":
            return sorted(c.name or "card" for c in player.deck)
        if parts[1] == "hand":
            return sorted(c.name or "card" for c in player.hand)
        zone = {"reserve": Zone.RESERVE, "discard": Zone.DISCARD, "mana": Zone.MANA, "landmarks": Zone.LANDMARK}[parts[1]]
        return sorted(o.describe() if o.card.name is None else o.name for o in game.in_zone(zone, name))
    kind = ExpeditionKind(parts[1])
    expedition = player.expedition(kind)
    attribute = parts[2]
    record = game.last_progress.get((name, kind))
    if attribute == "region":
        return expedition.position
    if attribute == "statistics":
        return str(game.expedition_statistics(name, kind))
    if attribute == "characters":
        return sorted(character_key(o.card) for o in game.characters_in(name, kind))
    if attribute == "tokens":
        return sorted(character_key(o.card) for o in game.characters_in(name, kind) if o.card.token)
    if attribute == "moved_forward":
        return bool(record and record.moved)
    if attribute == "failed_to_move_forward":
        return bool(record and record.failed)
    if attribute == "moved_forward_due_to":
        return sorted(s.value for s in record.due_to) if record else []
    return sum(1 for o in game.characters_in(name, kind) if o.exhausted)


def _observe_emblem(game: Game, path: str) -> Any:
    _, number, attribute = path.split(".")
    index = int(number) - 1
    if index >= len(game.emblem_log):
        return f"no emblem {number} (created: {len(game.emblem_log)})"
    emblem = game.emblem_log[index]
    info = emblem.emblem
    assert info is not None
    if attribute == "exists":
        exists = emblem.id in game.objects
        if exists:
            game.refuse_if_unknown(f"whether emblem {number} still exists")
        return exists
    if attribute == "type":
        return emblem.card.type.value  # 2.2.1.g: the type of an emblem is Emblem
    if attribute == "name":
        return emblem.card.name  # 2.2.3.g: emblems have no name (None, shown as none)
    if attribute == "subtype":
        return emblem.card.subtypes[0] if emblem.card.subtypes else None
    if attribute == "duration":
        return info.duration.value if info.duration else None
    if attribute == "controller":
        return emblem.controller
    if attribute == "source":
        return text_key(info.source_name or "")
    if attribute in ("hand_cost", "reserve_cost", "faction", "rarity"):
        return None  # 2.2.6.d, 2.2.7.d, 2.2.8.d, 2.2.4.c: emblems have none
    return text_key(info.text)


def _observe_object(game: Game, player: str, place: str, name: str, attribute: str) -> Any:
    try:
        found = api.find_object(game, player, place, name)
    except BoardError as exc:
        if attribute == "exists":
            return False
        return f"no such object ({exc.message})"
    if attribute == "exists":
        return True
    card = found.card
    obj = found if isinstance(found, GameObject) else None
    if obj is not None:
        game.refuse_if_unknown(f"the state of {obj.name}", object_id=obj.id)
    values: dict[str, Any] = {
        "name": card.name,
        "printed_name": card.printed_name,
        "type": (obj.card.type if obj else card.type).value,
        "subtypes": sorted(card.subtypes),
        "statistics": str(card.statistics) if card.statistics is not None else None,
        "token": card.token,
        "abilities": sorted(text_key(t) for t in card.in_play_abilities() + card.support_abilities()),
        "in_play_abilities": sorted(text_key(t) for t in card.in_play_abilities()),
        "support_abilities": sorted(text_key(t) for t in card.support_abilities()),
        "controller": obj.controller if obj else found.owner,
    }
    if attribute in values:
        return values[attribute]
    if attribute in ("hand_cost", "reserve_cost", "faction", "rarity"):
        return _printed_value(card, attribute)
    if obj is None:
        return f"{name} is a card in a hidden zone, not an object (2.1.g): it has no {attribute}"
    if attribute == "boosts":
        return obj.boosts
    if attribute == "counters":
        return sorted((k, v) for k, v in obj.counters.items() if v)
    if attribute == "statuses":
        return sorted(s.value for s in obj.statuses)
    if attribute in ("fleeting", "asleep"):
        return Status(attribute.capitalize()) in obj.statuses
    return obj.exhausted


def _printed_value(card: Card, attribute: str) -> Any:
    """Costs (2.2.6-7), faction (2.2.8) and rarity (2.2.4): a token's are 0 and none; a card's as given."""
    if attribute == "faction":
        return card.faction.value if card.faction else None  # no faction: neutral (2.2.8.b)
    if attribute == "rarity":
        if card.rarity is None and not (card.token or card.type is ObjectType.HERO):
            raise silent(f"the rarity of {card.name} is not given in the scenario", Unenumerable.UNPRINTED_VALUE)
        return card.rarity.value if card.rarity else None
    value = card.hand_cost if attribute == "hand_cost" else card.reserve_cost
    if value is None:
        raise silent(f"the {attribute.replace('_', ' ')} of {card.name} is not given (the sources do not print it)", Unenumerable.UNPRINTED_VALUE)
    return value


def _compare(expectation: Expectation, actual: Any) -> Difference | None:
    expected = expectation.expected
    if isinstance(expected, int) and not isinstance(expected, bool) and isinstance(actual, list):
        actual = len(actual) if not (actual and isinstance(actual[0], tuple)) else sum(v for _, v in actual)  # a count
    if expectation.path == "limbo" and isinstance(expected, list):
        actual = sorted(actual)
    if expected == actual:
        return None
    return Difference(expectation.path, expectation.shown, _shown_actual(expectation.path, actual), expectation.location)


def _shown_actual(path: str, actual: Any) -> str:
    if path == "winner":
        return shown(list(actual)) if len(actual) > 1 else (actual[0] if actual else "none")
    if isinstance(actual, (list, tuple)):
        return shown(list(actual))
    return shown(actual)


@dataclass
class _Run:
    """One run of a scenario, under the readings fixed in `readings`."""

    result: ScenarioResult
    pending: OpenQuestion | None = None
    """An open question this run met with no reading fixed: the run stopped there."""
    actual: dict[str, Any] = field(default_factory=dict)
    """When the run is one of several readings: each path's value, or the EngineError observing it."""


def run_scenario(scenario: Scenario) -> ScenarioResult:
    """Run a scenario on a fresh game; never raises an EngineError (it is in the result). Where the
    sources leave a question open (engine.readings), the scenario is run once per reading and the
    outcomes compared."""
    # Paths under `undecided:` are observed in the first run too, so that an open question they
    # depend on comes up.
    first = _run_once(scenario, {}, observe=any(e.path == "undecided" for e in scenario.expectations))
    if first.pending is None:
        return first.result
    return _run_every_reading(scenario, first.pending)


def _observed_paths(scenario: Scenario) -> list[Expectation]:
    """The expectations whose values the readings are compared on: every `then:` path, those under
    `undecided:` included."""
    out: list[Expectation] = []
    for expectation in scenario.expectations:
        if expectation.path == "undecided":
            for _, inner in expectation.expected:
                out.extend(e for e in inner if e.path not in ("refused", "undecided") and e.path not in {o.path for o in out})
        elif expectation.path != "refused" and expectation.path not in {o.path for o in out}:
            out.append(expectation)
    return out


def _run_every_reading(scenario: Scenario, question: OpenQuestion) -> ScenarioResult:
    questions = [question]
    queue: list[dict[str, str]] = [{question.key: r} for r in question.readings]
    done: list[tuple[dict[str, str], _Run]] = []
    while queue:
        if len(done) + len(queue) > MAX_READINGS:
            result = ScenarioResult(scenario)
            result.error = RulesSilent(
                f"the sources leave open {'; '.join(q.question for q in questions)}: more than {MAX_READINGS} combinations "
                "of readings, too many to compare"
            ).at(scenario.location)
            return result
        fixed = queue.pop(0)
        run = _run_once(scenario, fixed, observe=True)
        if run.pending is not None:
            if all(q.key != run.pending.key for q in questions):
                questions.append(run.pending)
            queue.extend({**fixed, run.pending.key: r} for r in run.pending.readings)
        else:
            done.append((fixed, run))
    paths = _observed_paths(scenario)
    outcomes = tuple(
        ReadingOutcome(tuple(fixed.items()), tuple((e.path, _shown_observed(e.path, run.actual[e.path])) for e in paths)
                       + (("refused", _refusal_word(run.result)),))
        for fixed, run in done
    )
    readings = Readings(tuple(questions), outcomes)
    undecided = next((e for e in scenario.expectations if e.path == "undecided"), None)
    if readings.decided:
        result = done[0][1].result
        result.readings = readings
        result.trace = TraceLines([TraceLine(readings.describe(), tuple(r for q in questions for r in q.rules)), *result.trace])
        if undecided is not None and result.error is None:
            result.differences.append(Difference("undecided", undecided.shown, "decided: every reading gives the same outcome", undecided.location))
        return result
    result = ScenarioResult(scenario, readings=readings)
    lines: list[TraceLine] = []
    for outcome, (_, run) in zip(outcomes, done):
        lines.append(TraceLine(f"Under the reading \"{outcome.label}\":"))
        lines.extend(TraceLine(line.text, line.rules, line.rulings, line.depth + 1) for line in run.result.trace)
    lines.append(TraceLine(readings.describe(), tuple(r for q in questions for r in q.rules)))
    result.trace = TraceLines(lines)
    # A refusal under one reading is that reading's outcome; any other error stops the comparison.
    error = next((run.result.error for _, run in done if run.result.error is not None and run.result.error is not run.result.refused), None)
    if error is not None:
        result.error = error
        return result
    if undecided is None:
        result.error = RulesSilent(
            readings.describe() + ". Expect `undecided:` with each reading's outcome, or change the board"
        ).at(scenario.location)
        return result
    for outcome, (_, run) in zip(outcomes, done):
        for difference in run.result.differences:  # paths outside `undecided:` hold under every reading
            result.differences.append(
                Difference(f"{difference.path} (reading \"{outcome.label}\")", difference.expected, difference.actual, difference.location)
            )
    expected = dict(undecided.expected)
    actual = {outcome.label: run for outcome, (_, run) in zip(outcomes, done)}
    if set(expected) != set(actual):
        result.differences.append(Difference("undecided", shown(sorted(expected)), shown(sorted(actual)), undecided.location))
        return result
    for label, inner in expected.items():
        run = actual[label]
        for expectation in inner:
            if expectation.path == "refused":
                got = _refusal_word(run.result)
                if got != expectation.expected:
                    result.differences.append(Difference(f"undecided.{label}.refused", expectation.shown, got, expectation.location))
                continue
            value = run.actual[expectation.path]
            if isinstance(value, EngineError):
                result.differences.append(Difference(f"undecided.{label}.{expectation.path}", expectation.shown, f"refused: {value.message}", expectation.location))
                continue
            difference = _compare(expectation, value)
            if difference:
                result.differences.append(Difference(f"undecided.{label}.{expectation.path}", difference.expected, difference.actual, difference.location))
    return result


def _refusal_word(result: ScenarioResult) -> str:
    refused = result.refused
    if refused is None:
        return "none"
    return next((word for word, kind in REFUSALS.items() if isinstance(refused, kind)), "rules-silent")


def _shown_observed(path: str, value: Any) -> str:
    if isinstance(value, EngineError):
        return f"refused ({value.message})"
    return _shown_actual(path, value)


def _run_once(scenario: Scenario, readings: dict[str, str], *, observe: bool = False) -> _Run:
    """Run the scenario once, following `readings` where the sources leave a question open."""
    result = ScenarioResult(scenario)
    run = _Run(result)
    refusal = next((e for e in scenario.expectations if e.path == "refused"), None)
    refused: EngineError | None = None
    if scenario.setup.is_deck:
        assert scenario.setup.deck_format is not None
        report = check_deck(scenario.setup.deck, scenario.setup.deck_format)
        result.trace = report.trace.read()
        observed: dict[str, Any] = {"legal": report.legal, "violations": sorted(set(report.violations))}
        for expectation in scenario.expectations:
            if expectation.path == "refused":
                result.differences.append(Difference("refused", expectation.shown, "no refusal", expectation.location))
                continue
            difference = _compare(expectation, observed[expectation.path])
            if difference:
                result.differences.append(difference)
        return run
    try:
        game = build_game(scenario.setup)
    except EngineError as exc:
        result.error = exc.at(scenario.location)
        return run
    if readings:
        game.readings = dict(readings)
    trace = game.trace  # keeps what the engine said about the board as given
    game.answers = list(scenario.choices)
    for action in scenario.actions:
        trace.depth = 0
        trace.add(f"When: {action.describe()}")
        trace.depth = 1
        try:
            _apply(game, action)
        except ReadingNeeded as exc:
            run.pending = exc.question
            return run
        except EngineError as exc:
            exc.at(action.location)
            trace.depth = 1
            trace.add(f"The engine refuses: {exc.message}")
            if isinstance(exc, tuple(REFUSALS.values())):
                result.refused = exc  # a refusal is an outcome, that readings are compared on
            if refusal is not None and isinstance(exc, REFUSALS[refusal.expected]) and not isinstance(exc, (ScenarioError, BoardError)):
                refused = exc
            else:
                result.error = exc
            break
    trace.depth = 0
    if result.error is None and result.refused is None and game.answers:
        left = game.answers[0]
        result.error = ScenarioError(
            f"{len(game.answers)} decision(s) in `choices:` were never asked, from {{{left.player}: {left.answer}}}; "
            "list only the decisions the engine asks for",
            left.location or scenario.location,
        )
    result.trace = trace.read()  # each line made when a reader reads it
    if observe:
        for expectation in _observed_paths(scenario):
            try:
                run.actual[expectation.path] = _observe(game, expectation.path)
            except ReadingNeeded as exc:
                run.pending = exc.question
                return run
            except EngineError as exc:
                run.actual[expectation.path] = exc
    if result.error is not None:
        return run
    for expectation in scenario.expectations:
        if expectation.path == "refused":
            if refused is None:
                result.differences.append(Difference("refused", expectation.shown, "no refusal", expectation.location))
            continue
        if expectation.path == "undecided":
            if not readings:
                result.differences.append(Difference("undecided", expectation.shown, "no open question came up", expectation.location))
            continue
        if observe and expectation.path in run.actual:
            actual = run.actual[expectation.path]
            if isinstance(actual, EngineError):
                result.error = actual.at(expectation.location)
                return run
        else:
            try:
                actual = _observe(game, expectation.path)
            except ReadingNeeded as exc:
                run.pending = exc.question
                return run
            except EngineError as exc:
                result.error = exc.at(expectation.location)
                return run
        difference = _compare(expectation, actual)
        if difference:
            result.differences.append(difference)
    return run


def run_scenarios(scenarios: Sequence[Scenario]) -> list[ScenarioResult]:
    return [run_scenario(s) for s in scenarios]

