"""Reading scenarios from plain data (what a YAML reader returns: lists, mappings, text, ints, bools).

Containers that have `path` and `line_of(key)` (the project's line-aware YAML reader) give
every error its file and line; every mistake is a `ScenarioError` that says what is wrong and
what is allowed. The format is documented for judges in docs/en/scenarios.md.

A scenario is read in three parts, each in its own module: `given:` (engine.scenario.reader_given),
`when:` (engine.scenario.reader_actions, over the registry of actions engine.scenario.actions) and
`then:` (engine.scenario.reader_expectations, over the registry of paths engine.scenario.paths).
"""

from __future__ import annotations

from typing import Any, Mapping

from ..choices import NO, YES, Answer
from ..errors import EngineError, Location, ScenarioError
from ..limits import MAX_CARDS, MAX_DEPTH, MAX_NUMBER, MAX_VALUES
from .reader_actions import read_when
from .reader_expectations import read_then
from .reader_given import read_given
from .model import SCENARIO_KEYS, Scenario, Setup
from .syntax import check_keys, fail, location_of, read_text, text_key, told

__all__ = ["read_scenario", "read_scenarios", "text_key"]

# ---- reading ---------------------------------------------------------------------------------
def read_scenarios(data: Any, source: str | None = None, *, each_alone: bool = False) -> list[Scenario]:
    """Scenarios from a file's data: a list of scenarios, or a mapping with a `scenarios:` list.

    With `each_alone`, a case that cannot be read (an unknown key, format, duration or form) does not
    stop the file: it comes back as a scenario holding its error (`Scenario.unreadable`, with its
    file and line), which fails alone when run, and the other cases are read and run. Without it,
    the first such case raises ScenarioError. A file that is not a list of cases always raises."""
    fallback = Location(source) if source else location_of(data)
    if isinstance(data, Mapping):
        check_keys(data, ("scenarios",), told("read.what.scenario_file"), fallback)
        if "scenarios" not in data:
            raise fail(told("read.file_shape"), data, None, fallback)
        items = data["scenarios"]
        holder, key = data, "scenarios"
    else:
        items, holder, key = data, data, None
    if not isinstance(items, list) or isinstance(items, str):
        raise fail(told("read.not_a_list", got=type(items).__name__) if items is not None else told("read.no_list"), holder, key, fallback)
    if not items:
        raise fail(told("read.empty_file"), holder, key, fallback)
    scenarios = []
    names: dict[str, Location | None] = {}
    for index, item in enumerate(items):
        where = location_of(items, index, fallback)
        try:
            scenario = _read_scenario(item, where)
            if scenario.name in names:
                raise ScenarioError(told("read.same_name", name=repr(scenario.name)), where)
        except EngineError as exc:  # e.g. card text the engine cannot read: its message, in any language
            error = exc if isinstance(exc, ScenarioError) else ScenarioError(exc.said or exc.message, exc.location or where)
            if not each_alone:
                raise error from None
            scenario = _unreadable(item, index, error, where)
        names[scenario.name] = where
        scenarios.append(scenario)
    return scenarios


def _unreadable(item: Any, index: int, error: ScenarioError, where: Location | None) -> Scenario:
    """A case that cannot be read, kept in its place in the file with its error (named as it names
    itself when it can, else by its place: "case 3")."""
    raw = item.get("name") if isinstance(item, Mapping) else None
    name = raw if isinstance(raw, str) and raw.strip() else f"case {index + 1}"
    error.at(where)
    return Scenario(name, (), Setup(), [], [], where, None, [], unreadable=error)


def read_scenario(item: Any, source: str | None = None) -> Scenario:
    """One scenario (a mapping), e.g. embedded in a glossary entry; ScenarioError if it cannot be read."""
    where = location_of(item, None, Location(source) if source else None)
    try:
        return _read_scenario(item, where)
    except ScenarioError:
        raise
    except EngineError as exc:
        raise ScenarioError(exc.said or exc.message, exc.location or where) from None


def _check_limits(item: Any, where: Location | None) -> None:
    """engine/limits.py: no number, nesting or size a game never needs reaches the engine, which
    would build that many cards or recurse that deep. Checked before anything is read."""
    pending: list[tuple[Any, Any, Any, int]] = [(item, None, None, 0)]   # value, container, key, depth
    values = 0
    while pending:
        value, container, key, depth = pending.pop()
        values += 1
        if values > MAX_VALUES:
            raise fail(told("read.too_many_values", limit=MAX_VALUES), item, None, where)
        if isinstance(value, int) and not isinstance(value, bool) and not -MAX_NUMBER <= value <= MAX_NUMBER:
            raise fail(told("read.number_too_large", limit=MAX_NUMBER), container, key, where)
        if isinstance(value, (Mapping, list)):
            if depth >= MAX_DEPTH:
                raise fail(told("read.too_deep", limit=MAX_DEPTH), container, key, where)
            children = value.items() if isinstance(value, Mapping) else enumerate(value)
            pending.extend((child, value, k, depth + 1) for k, child in children)


def _check_cards(setup: Setup, where: Location | None) -> None:
    """At most MAX_CARDS cards in all: hands, decks, Mana Orbs, expeditions, other zones, a deck's counts
    (`where`: the line of `given:`)."""
    total = sum(card.count for card in setup.deck)
    for player in setup.per_player.values():
        total += len(player.characters) + player.mana + sum(len(cards) for cards in player.zones.values())
    if total > MAX_CARDS:
        raise ScenarioError(told("read.too_many_cards", total=total, limit=MAX_CARDS), where)


def _read_scenario(item: Any, where: Location | None) -> Scenario:
    if not isinstance(item, Mapping):
        raise ScenarioError(told("read.scenario_shape", keys=SCENARIO_KEYS, got=repr(item)), where)
    _check_limits(item, where)
    check_keys(item, SCENARIO_KEYS, told("read.what.scenario"), where)
    for required in ("name", "given", "when", "then"):
        if required not in item:
            raise ScenarioError(told("read.scenario_needs", key=f"`{required}:`", keys=SCENARIO_KEYS), location_of(item, None, where))
    name = read_text(item["name"], "`name`", item, "name", where)
    rules: list[str] = []
    raw_rules = item.get("rules", [])
    if raw_rules is not None:
        if not isinstance(raw_rules, list):
            raw_rules = [raw_rules]
        for i, rule in enumerate(raw_rules):
            rules.append(read_text(rule, told("read.what.rule_number"), raw_rules, i, where))
    given = item["given"]
    if not isinstance(given, Mapping):
        raise fail(told("read.given_shape"), item, "given", where)
    setup = read_given(given, location_of(item, "given", where))
    _check_cards(setup, location_of(item, "given", where))
    actions = read_when(item["when"], item, setup, where)
    presenting = [p for p, block in setup.per_player.items() if block.presented is not None]
    if presenting and not any(a.kind == "setup" for a in actions):
        # 4.1.e-f: a presented card matters only to the beginning of the game; without it, it would be dropped.
        raise ScenarioError(told("read.presented_without_setup", player=presenting[0]), location_of(given, presenting[0], where))
    expectations = read_then(item["then"], item, setup, where)
    choices = _read_choices(item.get("choices"), item, setup, where) if "choices" in item else []
    note = item.get("note")
    return Scenario(name, tuple(rules), setup, actions, expectations, where, None if note is None else str(note), choices)


def _read_choices(raw: Any, item: Any, setup: Setup, where: Location | None) -> list[Answer]:
    """`choices:` a list of decisions, `{Player: answer}` each, in the order the engine asks them."""
    shape = told("read.choices_shape", example="[{Alice: yes}, {Bob: Kelon Elemental}]")
    if not isinstance(raw, list):
        raise fail(shape, item, "choices", where)
    answers = []
    for i, entry in enumerate(raw):
        place = location_of(raw, i, where)
        if not isinstance(entry, Mapping) or len(entry) != 1:
            raise ScenarioError(shape, place)
        ((player, value),) = entry.items()
        if player not in setup.players:
            raise ScenarioError(told("read.unknown_player_choices", name=repr(player), players=setup.players), place)
        if isinstance(value, bool):
            value = YES if value else NO
        answers.append(Answer(str(player), read_text(value, told("read.what.decision"), entry, player, where), place))
    return answers
