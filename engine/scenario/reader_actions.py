"""Reading a scenario's `when:`: each action is found in the registry (engine.scenario.actions),
which reads it. What is here is the shape of an action, a word or a mapping with one main key,
and the error each mistake gets: the file and line, what is wrong, and the actions allowed
(docs/en/scenarios.md, "Actions")."""

from __future__ import annotations

from typing import Any, Mapping

from ..errors import Location, ScenarioError
from .actions import ActionWritten, Shape, action_form, mapping_actions, word_actions
from .model import Action, Setup
from .syntax import check_keys, fail, location_of, told, told_close

__all__ = ["read_when"]


def read_when(raw: Any, item: Any, setup: Setup, where: Location | None) -> list[Action]:
    items = raw if isinstance(raw, list) else [raw]
    holder, base = (raw, None) if isinstance(raw, list) else (item, "when")
    if not items:
        raise fail(told("read.when_empty"), item, "when", where)
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
            raise ScenarioError(told_close("read.unknown_action", word, words + tuple(mappings), action=repr(entry), allowed=allowed), place)
        if form.deck and not setup.is_deck:
            raise ScenarioError(told("read.action_needs_deck", action=f"`{word}`"), place)
        if not form.deck and setup.is_deck:
            raise ScenarioError(told("read.action_needs_board", action=f"`{word}`"), place)
        return form.read(ActionWritten(entry, word, setup, place))
    if not isinstance(entry, Mapping) or not entry:
        raise ScenarioError(told("read.action_shape", got=repr(entry), allowed=allowed), place)
    if setup.is_deck:
        raise ScenarioError(told("read.deck_only_check"), place)
    main = [k for k in entry if k in mappings]
    if len(main) != 1:
        raise ScenarioError(told("read.unknown_action", action=repr(dict(entry)), allowed=allowed), location_of(entry, next(iter(entry)), place))
    kind = main[0]
    check_keys(entry, (kind,) + mappings[kind], told("read.what.action", action=kind), place)
    form = action_form(kind, Shape.MAPPING)
    assert form is not None
    return form.read(ActionWritten(entry, kind, setup, place))
