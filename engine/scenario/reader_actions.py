"""Reading a scenario's `when:`: each action is found in the registry (engine.scenario.actions),
which reads it. What is here is the shape of an action, a word or a mapping with one main key,
and the error each mistake gets: the file and line, what is wrong, and the actions allowed
(docs/en/scenarios.md, "Actions")."""

from __future__ import annotations

from typing import Any, Mapping

from ..errors import Location, ScenarioError
from .actions import ActionWritten, Shape, action_form, mapping_actions, word_actions
from .model import Action, Setup
from .syntax import check_keys, did_you_mean, fail, location_of

__all__ = ["read_when"]


def read_when(raw: Any, item: Any, setup: Setup, where: Location | None) -> list[Action]:
    items = raw if isinstance(raw, list) else [raw]
    holder, base = (raw, None) if isinstance(raw, list) else (item, "when")
    if not items:
        raise fail("`when:` needs at least one action", item, "when", where)
    actions = []
    for i, entry in enumerate(items):
        key: Any = i if isinstance(raw, list) else base
        actions.append(_read_action(entry, setup, location_of(holder, key, where)))
    return actions


def _read_action(entry: Any, setup: Setup, place: Location | None) -> Action:
    words, mappings = word_actions(), mapping_actions()
    allowed = ", ".join(words) + ", " + ", ".join(f"{{{k}: ...}}" for k in mappings)
    if isinstance(entry, str):
        word = entry.strip()
        form = action_form(word, Shape.WORD)
        if form is None:
            raise ScenarioError(f"unknown action {entry!r}{did_you_mean(word, words + tuple(mappings))}; allowed: {allowed}", place)
        if form.deck and not setup.is_deck:
            raise ScenarioError(f"`{word}` needs a deck: give `format:` and `deck:` under `given:`", place)
        if not form.deck and setup.is_deck:
            raise ScenarioError(f"`{word}` needs a board, but `given:` holds a deck; a deck scenario's action is check_deck", place)
        return form.read(ActionWritten(entry, word, setup, place))
    if not isinstance(entry, Mapping) or not entry:
        raise ScenarioError(f"an action is a word or a mapping; got {entry!r}; allowed: {allowed}", place)
    if setup.is_deck:
        raise ScenarioError("a deck scenario's only action is check_deck", place)
    main = [k for k in entry if k in mappings]
    if len(main) != 1:
        raise ScenarioError(f"unknown action {dict(entry)!r}; allowed: {allowed}", location_of(entry, next(iter(entry)), place))
    kind = main[0]
    check_keys(entry, (kind,) + mappings[kind], f"the action {kind}", place)
    form = action_form(kind, Shape.MAPPING)
    assert form is not None
    return form.read(ActionWritten(entry, kind, setup, place))
