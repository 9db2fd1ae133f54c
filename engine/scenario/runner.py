"""Running scenarios: a fresh game at the scenario's board, its actions, and each expected
value compared with what the engine observes.

    scenarios = read_scenarios(data, source="file.yaml")
    result = run_scenario(scenarios[0], deck_limits=limits)   # limits: a deck's numbers, by format
    result.passed, result.differences, result.trace, result.error
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Sequence

from ..citations import Citations
from ..decisions import Decisions
from ..deck import DeckLimitsByFormat, check_deck
from ..messages import Card as Named, English, Items, Message, Player, Quote, msg
from ..errors import BoardError, EngineError, RulesSilent, ScenarioError
from ..objects import Card, GameObject
from .reader import read_scenario, read_scenarios
from ..readings import MAX_READINGS, OpenQuestion, ReadingNeeded, ReadingOutcome, Readings
from .actions import apply, said
from .model import (
    REFUSALS,
    Action,
    Difference,
    Expectation,
    ObjectSetup,
    RefusedAt,
    Scenario,
    ScenarioResult,
    Setup,
    shown,
)
from .paths import REFUSED, UNDECIDED, Compared, compared, observe as observe_path, shown_actual
from ..state import Game, Adventure
from ..trace import TraceLine, TraceLines
from ..vocabulary import ObjectType, Zone

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
    game.board.day = setup.day
    game.board.booster_war = setup.booster_war
    for name, ps in setup.per_player.items():
        for character in ps.characters:
            obj = game.enter(character.card, Zone.EXPEDITION, name, expedition=character.expedition, exhausted=character.exhausted, given=True)
            _mark(obj, character.extra)
        player = game.board.player(name)
        for zone, cards in ps.zones.items():
            if zone is Zone.DECK:
                player.deck = [c.card for c in cards]
            elif zone is Zone.HAND:
                player.hand = [c.card for c in cards]
            else:
                for given in cards:
                    _mark(game.enter(given.card, zone, name, exhausted=given.exhausted, given=True), given)
                    if given.card.printed_name:
                        game.log.trace.add(
                            _printed(name, given.card),
                            "2.2.3.c",
                        )
        if ps.presented is not None:
            game.board.presented = {**(game.board.presented or {}), name: ps.presented}
        for i in range(ps.mana):
            game.enter(Card(None, ObjectType.MANA_ORB), Zone.MANA, name, exhausted=i < ps.mana_exhausted, given=True)
    for o in game.board.in_zone(Zone.EXPEDITION):
        if o.card.printed_name:
            game.log.trace.add(_printed(o.controller, o.card), "2.2.3.c")
    game.log.happenings.clear()  # the board is given, not played: nothing on it triggers (given=True above)
    game.log.emblem_log.clear()
    return game


def _printed(player: str, card: Card) -> Message:
    """2.2.3.c: a card printed in another language is named by its English name."""
    assert card.printed_name is not None and card.name is not None
    if card.language:
        return msg("scenario.printed_in", player=Player(player), printed=Quote(card.printed_name), language=Quote(card.language), card=Named(card.name))
    return msg("scenario.printed", player=Player(player), printed=Quote(card.printed_name), card=Named(card.name))


def _mark(obj: GameObject, given: ObjectSetup | None) -> None:
    if given is not None:
        obj.boosts = given.boosts
        obj.counters = dict(given.counters)
        obj.statuses = set(given.statuses)


def _compare(expectation: Expectation, actual: Any) -> Difference | None:
    expected = expectation.expected
    if isinstance(expected, int) and not isinstance(expected, bool) and isinstance(actual, list):
        actual = len(actual) if not (actual and isinstance(actual[0], tuple)) else sum(v for _, v in actual)  # a count
    if expected == actual:
        return None
    return Difference(expectation.path, expectation.shown, shown_actual(expectation.path, actual), expectation.location)


@dataclass
class _Run:
    """One run of a scenario, under the readings fixed in `readings`."""

    result: ScenarioResult
    pending: OpenQuestion | None = None
    """An open question this run met with no reading fixed: the run stopped there."""
    actual: dict[str, Any] = field(default_factory=dict)
    """When the run is one of several readings: each path's value, or the EngineError observing it."""
    game: Game | None = None

    @property
    def work(self) -> int:
        """The work budget spent by this run and the runs before it (limits.MAX_WORK)."""
        return self.game.log.work if self.game is not None else 0


def run_scenario(scenario: Scenario, deck_limits: DeckLimitsByFormat | None = None, decisions: Decisions | None = None,
                 citations: Citations | None = None) -> ScenarioResult:
    """Run a scenario on a fresh game; never raises an EngineError (it is in the result). Where the
    sources leave a question open (engine.readings), the scenario is run once per reading and the
    outcomes compared. A deck scenario is checked with its format's `deck_limits` (from the
    glossary); without them its result is an error saying so. A case that could not be read
    (read_scenarios(..., each_alone=True)) is an error on its own line. `decisions`: the questions
    the glossary's rules decide where the seeds are silent (engine.decisions), which every run
    follows and cites; without them, those questions are refused or enumerated. `citations`: the
    glossary's numbers for the rules the engine's code cites (engine.citations), which every line
    of the trace cites; without them, the code's own."""
    result = _run_scenario(scenario, deck_limits, decisions, citations)
    if citations and result.trace:
        trace = result.trace
        result.trace = (trace if isinstance(trace, TraceLines) else TraceLines(trace)).cited(citations)
    return result


def _run_scenario(scenario: Scenario, deck_limits: DeckLimitsByFormat | None, decisions: Decisions | None,
                  citations: Citations | None = None) -> ScenarioResult:
    if scenario.unreadable is not None:
        return ScenarioResult(scenario, error=scenario.unreadable)
    # Paths under `undecided:` are observed in the first run too, so that an open question they
    # depend on comes up.
    first = _run_once(scenario, {}, observe=any(compared(e.path) is Compared.READINGS for e in scenario.expectations),
                      deck_limits=deck_limits, decisions=decisions, citations=citations)
    if first.pending is None:
        return first.result
    return _run_every_reading(scenario, first.pending, first.work, decisions)


def _observed_paths(scenario: Scenario) -> list[Expectation]:
    """The expectations whose values the readings are compared on: every `then:` path, those under
    `undecided:` included."""
    out: list[Expectation] = []
    for expectation in scenario.expectations:
        how = compared(expectation.path)
        if how is Compared.READINGS:
            for _, inner in expectation.expected:
                out.extend(e for e in inner if compared(e.path) is Compared.OBSERVED and e.path not in {o.path for o in out})
        elif how is not Compared.REFUSAL and expectation.path not in {o.path for o in out}:
            out.append(expectation)
    return out


def _run_every_reading(scenario: Scenario, question: OpenQuestion, spent: int, decisions: Decisions | None = None) -> ScenarioResult:
    questions = [question]
    queue: list[dict[str, str]] = [{question.key: r} for r in question.readings]
    done: list[tuple[dict[str, str], _Run]] = []
    while queue:
        if len(done) + len(queue) > MAX_READINGS:
            result = ScenarioResult(scenario)
            result.error = RulesSilent(msg("readings.too_many", questions=Items(tuple(q.said for q in questions if q.said is not None)),
                                           limit=MAX_READINGS)).at(scenario.location)
            return result
        fixed = queue.pop(0)
        run = _run_once(scenario, fixed, observe=True, spent=spent, decisions=decisions)
        spent = run.work  # one work budget for every reading's run
        if run.pending is not None:
            if all(q.key != run.pending.key for q in questions):
                questions.append(run.pending)
            queue.extend({**fixed, run.pending.key: r} for r in run.pending.readings)
        else:
            done.append((fixed, run))
    paths = _observed_paths(scenario)
    outcomes = tuple(
        ReadingOutcome(tuple(fixed.items()), tuple((e.path, _shown_observed(e.path, run.actual[e.path])) for e in paths)
                       + ((REFUSED.attribute, _refusal_word(run.result)),))
        for fixed, run in done
    )
    readings = Readings(tuple(questions), outcomes)
    undecided = next((e for e in scenario.expectations if compared(e.path) is Compared.READINGS), None)
    if readings.decided:
        result = done[0][1].result
        result.readings = readings
        result.trace = TraceLines([TraceLine.of(readings.said, tuple(r for q in questions for r in q.rules)), *result.trace])
        if undecided is not None and result.error is None:
            result.differences.append(Difference(UNDECIDED.attribute, undecided.shown, "decided: every reading gives the same outcome", undecided.location))
        return result
    result = ScenarioResult(scenario, readings=readings)
    lines: list[TraceLine] = []
    for outcome, (_, run) in zip(outcomes, done):
        lines.append(TraceLine.of(msg("readings.under", reading=outcome.said)))
        lines.extend(line.deeper() for line in run.result.trace)
    lines.append(TraceLine.of(readings.said, tuple(r for q in questions for r in q.rules)))
    result.trace = TraceLines(lines)
    # A refusal under one reading is that reading's outcome; any other error stops the comparison.
    error = next((run.result.error for _, run in done if run.result.error is not None and run.result.error is not run.result.refused), None)
    if error is not None:
        result.error = error
        return result
    if undecided is None and any(q.value_cases for q in questions):
        # The cases of a value no source gives differ: the paths that depend on it are refused, the
        # others are answered as every case gives them (refuse only what the unknown changes).
        return _refuse_what_the_cases_change(scenario, result, outcomes, done)
    if undecided is None:
        result.error = RulesSilent(msg("readings.expect_undecided", readings=readings.said)).at(scenario.location)
        return result
    for outcome, (_, run) in zip(outcomes, done):
        for difference in run.result.differences:  # paths outside `undecided:` hold under every reading
            result.differences.append(
                Difference(f"{difference.path} (reading \"{outcome.label}\")", difference.expected, difference.actual, difference.location)
            )
    expected = dict(undecided.expected)
    actual = {outcome.label: run for outcome, (_, run) in zip(outcomes, done)}
    if set(expected) != set(actual):
        result.differences.append(Difference(UNDECIDED.attribute, shown(sorted(expected)), shown(sorted(actual)), undecided.location))
        return result
    for label, inner in expected.items():
        run = actual[label]
        for expectation in inner:
            if compared(expectation.path) is Compared.REFUSAL:
                got = _refusal_word(run.result)
                if got != expectation.expected:
                    result.differences.append(Difference(f"{UNDECIDED.attribute}.{label}.{REFUSED.attribute}", expectation.shown, got, expectation.location))
                continue
            value = run.actual[expectation.path]
            if isinstance(expectation.expected, RefusedAt):
                refusal_difference = _against_refusal(expectation, value)
                if refusal_difference:
                    result.differences.append(Difference(f"{UNDECIDED.attribute}.{label}.{expectation.path}", refusal_difference.expected,
                                                         refusal_difference.actual, refusal_difference.location))
                continue
            if isinstance(value, EngineError):
                result.differences.append(Difference(f"{UNDECIDED.attribute}.{label}.{expectation.path}", expectation.shown, f"refused: {value.message}", expectation.location))
                continue
            differs = _compare(expectation, value)
            if differs:
                result.differences.append(Difference(f"{UNDECIDED.attribute}.{label}.{expectation.path}", differs.expected, differs.actual, differs.location))
    return result


def _refuse_what_the_cases_change(scenario: Scenario, result: ScenarioResult, outcomes: tuple[ReadingOutcome, ...],
                                   done: list[tuple[dict[str, str], _Run]]) -> ScenarioResult:
    """Cases of a value no source gives (engine.readings, `value_cases`) that give different values:
    a path whose value differs between them is refused (`rules-silent`), as the value decides it; a
    path with one value in every case is compared as usual."""
    paths = _observed_paths(scenario)
    differing = [e.path for i, e in enumerate(paths) if len({o.observed[i] for o in outcomes}) > 1]
    refusal = RulesSilent(msg("readings.cases_differ", questions=Items(tuple(q.said for q in (result.readings.questions if result.readings else ())
                                                                                if q.said is not None)),
                              paths=Items(tuple(Quote(p) for p in differing) or (Quote(REFUSED.attribute),)))).at(scenario.location)
    expected_refusal = next((e for e in scenario.expectations if compared(e.path) is Compared.REFUSAL), None)
    first = done[0][1]
    refused_paths = set(differing)
    for expectation in scenario.expectations:
        how = compared(expectation.path)
        if how is Compared.REFUSAL:
            if expectation.expected != "rules-silent":
                result.differences.append(Difference(REFUSED.attribute, expectation.shown, "rules-silent", expectation.location))
            continue
        if expectation.path in refused_paths:
            if isinstance(expectation.expected, RefusedAt):
                if expectation.expected.kind != "rules-silent":
                    result.differences.append(Difference(expectation.path, expectation.shown, "refused: rules-silent", expectation.location))
                continue
            if expected_refusal is None:
                result.error = refusal
                return result
            continue  # refused, as the scenario expects: its value is not known
        actual = first.actual.get(expectation.path)
        if isinstance(expectation.expected, RefusedAt):
            difference = _against_refusal(expectation, actual)
        elif isinstance(actual, EngineError):
            if expected_refusal is not None and _is_refusal(actual, expected_refusal.expected):
                continue
            result.error = actual.at(expectation.location)
            return result
        else:
            difference = _compare(expectation, actual)
        if difference:
            result.differences.append(difference)
    if not differing and expected_refusal is None:
        result.error = refusal  # the cases differ only in whether the engine refused on the way
    elif expected_refusal is not None:
        result.refused = refusal
    return result


def _refusal_word(result: ScenarioResult) -> str:
    refused = result.refused
    if refused is None:
        return "none"
    return next((word for word, kind in REFUSALS.items() if isinstance(refused, kind)), "rules-silent")


def _shown_observed(path: str, value: Any) -> str:
    if isinstance(value, EngineError):
        return f"refused ({value.message})"
    return shown_actual(path, value)


def _run_once(scenario: Scenario, readings: dict[str, str], *, observe: bool = False, spent: int = 0,
              deck_limits: DeckLimitsByFormat | None = None, decisions: Decisions | None = None,
              citations: Citations | None = None) -> _Run:
    """Run the scenario once, following `readings` where the sources leave a question open; the
    runs before it have `spent` that much of the work budget."""
    result = ScenarioResult(scenario)
    run = _Run(result)
    refusal = next((e for e in scenario.expectations if compared(e.path) is Compared.REFUSAL), None)
    refused: EngineError | None = None
    if scenario.setup.is_deck:
        if scenario.setup.deck_format is None:  # the reader gives every deck scenario its format
            raise ValueError(f"{scenario.name}: a deck scenario without a deck format")
        limits = (deck_limits or {}).get(scenario.setup.deck_format)
        if limits is None:  # the numbers are the glossary's: a caller that checks decks gives them
            result.error = ScenarioError(msg("read.no_deck_limits", format=Quote(scenario.setup.deck_format.value))).at(scenario.location)
            return run
        report = check_deck(scenario.setup.deck, scenario.setup.deck_format, limits)
        result.trace = report.trace.read()
        # The rules broken are compared in the glossary's numbers, as its scenarios write them
        # (engine.citations: the code cites release 2026.1's; an import renumbers the glossary).
        broken = {citations.rule(rule) for rule in report.violations} if citations else set(report.violations)
        observed: dict[str, Any] = {"legal": report.legal, "violations": sorted(broken)}
        for expectation in scenario.expectations:
            if compared(expectation.path) is Compared.REFUSAL:
                result.differences.append(Difference(REFUSED.attribute, expectation.shown, "no refusal", expectation.location))
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
    run.game = game
    game.log.work = spent
    if decisions:
        game.log.decisions = decisions
    if readings:
        game.log.readings = dict(readings)
    trace = game.log.trace  # keeps what the engine said about the board as given
    game.log.answers = list(scenario.choices)
    for action in scenario.actions:
        trace.depth = 0
        trace.add(msg("scenario.when", action=said(action)))
        trace.depth = 1
        try:
            apply(game, action)
        except ReadingNeeded as exc:
            run.pending = exc.question
            return run
        except EngineError as exc:
            exc.at(action.location)
            trace.depth = 1
            trace.add(msg("scenario.refuses", refusal=exc.said if exc.said is not None else English(exc.message)))
            if isinstance(exc, tuple(REFUSALS.values())):
                result.refused = exc  # a refusal is an outcome, that readings are compared on
            if refusal is not None and isinstance(exc, REFUSALS[refusal.expected]) and not isinstance(exc, (ScenarioError, BoardError)):
                refused = exc
            else:
                result.error = exc
            break
    trace.depth = 0
    if result.error is None and result.refused is None and game.log.answers:
        left = game.log.answers[0]
        result.error = ScenarioError(
            msg("choice.never_asked", n=len(game.log.answers), first=Quote(f"{{{left.player}: {left.answer}}}")),
            left.location or scenario.location,
        )
    result.trace = trace.read()  # each line made when a reader reads it
    if observe:
        for expectation in _observed_paths(scenario):
            try:
                run.actual[expectation.path] = observe_path(game, expectation.path)
            except ReadingNeeded as exc:
                run.pending = exc.question
                return run
            except EngineError as exc:
                run.actual[expectation.path] = exc
    if result.error is not None:
        return run
    for expectation in scenario.expectations:
        how = compared(expectation.path)
        if how is Compared.REFUSAL:
            continue  # below: an action, or a path observed here, may be the refusal expected
        if how is Compared.READINGS:
            if not readings:
                result.differences.append(Difference(UNDECIDED.attribute, expectation.shown, "no open question came up", expectation.location))
            continue
        if observe and expectation.path in run.actual:
            actual = run.actual[expectation.path]
        else:
            try:
                actual = observe_path(game, expectation.path)
            except ReadingNeeded as exc:
                run.pending = exc.question
                return run
            except EngineError as exc:
                actual = exc
        if isinstance(expectation.expected, RefusedAt):
            difference = _against_refusal(expectation, actual)
            if difference:
                result.differences.append(difference)
            elif refusal is not None and refused is None and _is_refusal(actual, refusal.expected):
                refused = result.refused = actual
            continue
        if isinstance(actual, EngineError):
            # Every refusal is expectable where it arises: a value the engine refuses to give (a cost
            # below 0, statistics no source prints) is the refusal `refused:` expects.
            if refusal is not None and refused is None and _is_refusal(actual, refusal.expected):
                refused = result.refused = actual
                trace.add(msg("scenario.refuses", refusal=actual.said if actual.said is not None else English(actual.message)))
                result.trace = trace.read()
                continue
            result.error = actual.at(expectation.location)
            return run
        difference = _compare(expectation, actual)
        if difference:
            result.differences.append(difference)
    if refusal is not None and refused is None:
        result.differences.append(Difference(REFUSED.attribute, refusal.shown, "no refusal", refusal.location))
    return run


def _is_refusal(error: EngineError, word: str) -> bool:
    """`error` is a refusal of the kind `word` names (REFUSALS), not a mistake in the scenario."""
    return isinstance(error, REFUSALS[word]) and not isinstance(error, (ScenarioError, BoardError))


def _refusal_kind(error: EngineError) -> str | None:
    return next((word for word in REFUSALS if _is_refusal(error, word)), None)


def _against_refusal(expectation: Expectation, actual: Any) -> Difference | None:
    """`path: {refused: kind}`: the path's value must be refused, for that reason."""
    assert isinstance(expectation.expected, RefusedAt)
    if isinstance(actual, EngineError):
        kind = _refusal_kind(actual)
        if kind == expectation.expected.kind:
            return None
        got = f"refused: {kind} ({actual.message})" if kind else f"error: {actual.message}"
    else:
        got = shown_actual(expectation.path, actual)
    return Difference(expectation.path, expectation.shown, got, expectation.location)


def run_scenarios(scenarios: Sequence[Scenario], deck_limits: DeckLimitsByFormat | None = None,
                  decisions: Decisions | None = None, citations: Citations | None = None) -> list[ScenarioResult]:
    return [run_scenario(s, deck_limits, decisions, citations) for s in scenarios]

