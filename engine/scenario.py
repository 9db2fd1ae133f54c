"""Running scenarios: a fresh game at the scenario's board, its actions, and each expected
value compared with what the engine observes.

    scenarios = read_scenarios(data, source="file.yaml")
    result = run_scenario(scenarios[0])
    result.passed, result.differences, result.trace, result.error
"""

from __future__ import annotations

from typing import Any, Sequence

from . import api
from .deck import check_deck
from .errors import BoardError, EngineError, RulesSilent, ScenarioError
from .objects import Card
from .reader import read_scenario, read_scenarios
from .scenario_model import (
    PHASE_ACTIONS,
    REFUSALS,
    Action,
    Difference,
    Expectation,
    Scenario,
    ScenarioResult,
    Setup,
    character_key,
    shown,
)
from .state import Adventure, Game, Region
from .trace import Trace
from .vocabulary import ExpeditionKind, Mode, ObjectType, Statistics, Zone

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
    if setup.adventure is not None:  # fresh regions: a run reveals them, the next run starts face down again
        adventure = Adventure([Region(r.index, r.face, r.shown_types) for r in setup.adventure], given=True)
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
            game.enter(character.card, Zone.EXPEDITION, name, expedition=character.expedition, exhausted=character.exhausted)
        player = game.player(name)
        for zone, cards in ps.zones.items():
            if zone is Zone.DECK:
                player.deck = list(cards)
            elif zone is Zone.HAND:
                player.hand = list(cards)
            else:
                for card in cards:
                    game.enter(card, zone, name)
        for i in range(ps.mana):
            game.enter(Card(None, ObjectType.MANA_ORB), Zone.MANA, name, exhausted=i < ps.mana_exhausted)
    game.happenings.clear()  # the board is given, not played: nothing on it triggers
    return game


def _apply(game: Game, action: Action) -> None:
    if action.kind in PHASE_ACTIONS:
        api.play_phase(game, PHASE_ACTIONS[action.kind])
    elif action.kind == "check_victory":
        api.check_victory(game)
    elif action.kind in ("move_forward", "move_backward"):
        assert action.player and action.expedition
        if game.mode is not Mode.TWO_PLAYER:
            raise RulesSilent("moving expeditions on a multiplayer board is not modelled (its Adventure layout is only partly in the sources); use check_victory")
        (api.advance if action.kind == "move_forward" else api.retreat)(game, action.player, action.expedition)
    elif action.kind == "switch_expeditions":
        assert action.player and action.expedition and action.name
        api.switch_expeditions(game, action.player, action.expedition, action.name)
    elif action.kind == "lose_gigantic":
        assert action.player and action.expedition and action.name
        api.lose_gigantic(game, action.player, action.expedition, action.name)
    elif action.kind == "put":
        assert action.player and action.expedition and action.name and action.zone
        api.put(game, action.player, action.expedition, action.name, action.zone)
    else:
        assert action.player and action.text
        api.resolve(game, action.text, action.player, target=action.target)


def _observe(game: Game, path: str) -> Any:
    """The engine's value at a `then:` path, normalized like the expectation."""
    if path == "winner":
        return tuple(sorted(game.outcome.winners))
    if path == "tiebreakers":
        return game.tiebreakers
    if path == "first_player":
        return game.first_player
    if path == "day":
        return game.day
    if path == "phase":
        return game.phase.value if game.phase else None
    if path == "effect.steps":
        return game.last_effect.steps if game.last_effect else None
    if path == "effect.atomic_actions":
        return game.last_effect.atomic_actions if game.last_effect else None
    if path == "limbo":
        return sorted(o.describe() for o in game.in_zone(Zone.LIMBO))
    parts = path.split(".")
    if parts[0] == "adventure":
        if game.tiebreakers:
            return "discarded (tiebreakers)"
        region = game.adventure[int(parts[1])]
        if parts[2] == "face":
            return region.face.value
        return sorted(t.value for t in game.region_types_at(region.index))
    name = parts[0]
    player = game.player(name)
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
    if attribute == "moved_forward":
        return bool(record and record.moved)
    if attribute == "failed_to_move_forward":
        return bool(record and record.failed)
    if attribute == "moved_forward_due_to":
        return sorted(s.value for s in record.due_to) if record else []
    return sum(1 for o in game.characters_in(name, kind) if o.exhausted)


def _compare(expectation: Expectation, actual: Any) -> Difference | None:
    expected = expectation.expected
    if isinstance(expected, int) and not isinstance(expected, bool) and isinstance(actual, list):
        actual = len(actual)  # a count of cards or characters
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


def run_scenario(scenario: Scenario) -> ScenarioResult:
    """Run a scenario on a fresh game; never raises an EngineError (it is in the result)."""
    result = ScenarioResult(scenario)
    refusal = next((e for e in scenario.expectations if e.path == "refused"), None)
    refused: EngineError | None = None
    if scenario.setup.is_deck:
        assert scenario.setup.deck_format is not None
        report = check_deck(scenario.setup.deck, scenario.setup.deck_format)
        result.trace = list(report.trace)
        observed: dict[str, Any] = {"legal": report.legal, "violations": sorted(set(report.violations))}
        for expectation in scenario.expectations:
            if expectation.path == "refused":
                result.differences.append(Difference("refused", expectation.shown, "no refusal", expectation.location))
                continue
            difference = _compare(expectation, observed[expectation.path])
            if difference:
                result.differences.append(difference)
        return result
    trace = Trace()
    try:
        game = build_game(scenario.setup)
    except EngineError as exc:
        result.error = exc.at(scenario.location)
        return result
    game.trace = trace
    for action in scenario.actions:
        trace.depth = 0
        trace.add(f"When: {action.describe()}")
        trace.depth = 1
        try:
            _apply(game, action)
        except EngineError as exc:
            exc.at(action.location)
            trace.depth = 1
            trace.add(f"The engine refuses: {exc.message}")
            if refusal is not None and isinstance(exc, REFUSALS[refusal.expected]) and not isinstance(exc, (ScenarioError, BoardError)):
                refused = exc
            else:
                result.error = exc
            break
    trace.depth = 0
    result.trace = list(trace)
    if result.error is not None:
        return result
    for expectation in scenario.expectations:
        if expectation.path == "refused":
            if refused is None:
                result.differences.append(Difference("refused", expectation.shown, "no refusal", expectation.location))
            continue
        try:
            actual = _observe(game, expectation.path)
        except EngineError as exc:
            result.error = exc.at(expectation.location)
            return result
        difference = _compare(expectation, actual)
        if difference:
            result.differences.append(difference)
    return result


def run_scenarios(scenarios: Sequence[Scenario]) -> list[ScenarioResult]:
    return [run_scenario(s) for s in scenarios]

