"""The registry of `when:` actions: each action of the scenario language declared once, with how it
is read from YAML (and the errors a bad one gets), how it is applied to a game, how the trace
says it ("When: ..."), and the line that describes it in docs/*/scenarios.md.

The reader (engine.scenario.reader_actions) and the runner (engine.scenario.runner) look actions up here. An
action is a word (`dusk`) or a mapping whose one main key names it (`{move_forward: Alice.hero}`),
with the other keys it allows (`{put: Alice.hero.Kuwat, in: reserve}`). Which moves the rules
allow is the engine's to decide (engine.api): an action here reads and passes on, it never refuses
what the engine performs.
"""

from __future__ import annotations

import re

from dataclasses import dataclass
from enum import Enum
from typing import Any, Callable

from .. import api
from ..beginning import begin_game, mulligan
from ..errors import Location, ScenarioError
from ..messages import Card, Message, Player, Quote, Term, msg
from ..places import PLACES
from ..cardtext import parse_effect
from .model import ZONES_FOR_PUT, Action, Setup
from .syntax import declined, expedition_ref, fail, located, object_ref, read_text, told
from ..state import Game
from ..vocabulary import ExpeditionKind, Phase, Zone, parse_enum

__all__ = ["Shape", "ActionWritten", "ActionForm", "ACTIONS", "action_form", "word_actions", "mapping_actions", "describe", "apply"]


class Shape(Enum):
    WORD = "word"        # dusk
    MAPPING = "mapping"  # {move_forward: Alice.hero}


@dataclass(frozen=True)
class ActionWritten:
    """An action as the judge wrote it: the mapping (or the word), and what reading it needs."""

    entry: Any
    kind: str
    setup: Setup
    place: Location | None

    @property
    def value(self) -> Any:
        return self.entry[self.kind]


Apply = Callable[[Game, Action], None]


@dataclass(frozen=True)
class ActionForm:
    word: str
    shape: Shape
    read: Callable[[ActionWritten], Action]
    apply: Apply
    describe: Callable[[Action], str]
    doc: str
    """One line for the spec's list of actions (docs/*/scenarios.md, checked by a test)."""
    keys: tuple[str, ...] = ()
    """A mapping's keys beside its main one."""
    deck: bool = False
    """The action of a deck scenario (check_deck), not of a board."""

    @property
    def example(self) -> str:
        return self.word if self.shape is Shape.WORD else f"{{{self.word}: ...}}"


ACTIONS: list[ActionForm] = []


def _action(word: str, shape: Shape, read: Callable[[ActionWritten], Action], apply_: Apply, describe_: Callable[[Action], str], doc: str,
            **options: Any) -> None:
    if any((f.word, f.shape) == (word, shape) for f in ACTIONS):  # a raise, not an assert: it holds under `python -O` too
        raise ValueError(f"the scenario action {word} ({shape.value}) is declared twice in engine.scenario.actions")
    ACTIONS.append(ActionForm(word, shape, read, apply_, describe_, doc, **options))


def action_form(word: str, shape: Shape) -> ActionForm | None:
    return _BY_WORD.get((word, shape))


def word_actions() -> tuple[str, ...]:
    """The words that are actions, in the order they are declared (the order errors list them)."""
    return _WORDS


def mapping_actions() -> dict[str, tuple[str, ...]]:
    """Each mapping action's main key and the other keys it allows, in the order declared."""
    return _MAPPINGS


_APPLY: dict[str, ActionForm] = {}
"""The form that applies and describes an Action of each kind: the word's, where a word and a
mapping share it (`morning`, `{morning: expand}`)."""


def apply(game: Game, action: Action) -> None:
    _APPLY[action.kind].apply(game, action)


def describe(action: Action) -> str:
    """The action as the trace says it: "When: move_forward Alice.hero"."""
    return _APPLY[action.kind].describe(action)


def said(action: Action) -> Message:
    """The action as a message: in the scenario's own words ("move_forward Alice.hero", quoted as
    written), or, for an action the trace says in a sentence (a player plays a card, uses an
    ability, resolves an effect, passes), that sentence's message."""
    player = Player(action.player or "")
    if action.kind == "play" and action.zone is Zone.LANDMARK:
        return msg("when.play_landmark", player=player, card=Card(action.name or ""), zone=Term(PLACES.get(action.place or "", Zone.HAND).value))
    if action.kind == "play":
        return msg("when.play", player=player, card=Card(action.name or ""), zone=Term(PLACES.get(action.place or "", Zone.HAND).value),
                   kind=Term(action.to.value if action.to else "hero"))
    if action.kind in ("quick_action", "support"):
        return msg("when.ability", player=player, what=Term("quick action" if action.kind == "quick_action" else "support ability"),
                   card=Card(action.name or ""))
    if action.kind == "effect":
        said_effect = msg("when.effect", text=Quote(action.text or ""), player=player)
        if action.target:
            return msg("when.targeting", effect=said_effect, target=Quote(f"{action.target[0]}.{action.target[1].value}"))
        if action.target_object:
            return msg("when.targeting", effect=said_effect, target=Quote(".".join(action.target_object)))
        return said_effect
    if action.kind == "pass":
        return msg("when.pass", player=player)
    if action.kind == "mulligan":
        return msg("when.mulligan", player=player)
    return _said_in_words(action, player) or msg("when.written", action=Quote(describe(action)))


_PHASE_WORDS = frozenset(phase.value for phase in Phase)


def _unknown_player(name: object, setup: Setup) -> Message:
    return msg("read.unknown_player", name=Quote(repr(name)), players=Quote(", ".join(setup.players)))


def _said_in_words(action: Action, player: Player) -> Message | None:
    """A word or a move of the scenario as the reader's language says it ("Quand : Crépuscule",
    "l'Expédition Héros d'Alice avance"), or None for an action said as written."""
    kind = action.kind
    if kind in _PHASE_WORDS:
        return msg("when.phase", phase=Term(kind))
    if kind in ("setup", "check_victory", "check_deck"):
        return msg(f"when.{kind}")
    if kind in ("move_forward", "move_backward") and action.player and action.expedition:
        return msg(f"when.{kind}", expedition=msg("place.expedition", player=player, kind=Term(action.expedition.value)))
    if kind in ("switch_expeditions", "lose_gigantic") and action.name:
        return msg(f"when.{kind}", card=Card(action.name), player=player)
    if kind == "put" and action.name and action.player:
        if action.to is not None:
            return msg("when.put_expedition", card=Card(action.name), player=player,
                       expedition=msg("place.expedition", player=player, kind=Term(action.to.value)))
        if action.zone is not None:
            return msg("when.put", card=Card(action.name), player=player, zone=Term(action.zone.value))
    return None


# ---- words -----------------------------------------------------------------------------------
def _word(w: ActionWritten) -> Action:
    return Action(w.kind, location=w.place)


def _as_word(action: Action) -> str:
    return action.kind


def _phase(phase: Phase) -> Apply:
    return lambda game, action: api.play_phase(game, phase, expand=action.expand)


_PHASE_DOCS = {
    Phase.MORNING: "Succeed, Prepare, Draw, Expand (4.2.1)",
    Phase.NOON: "the Noon phase: \"At Noon\" reactions (1.3.2.c)",
    Phase.AFTERNOON: "every player who has not passed takes a turn and passes, in turn order (1.3.2.d)",
    Phase.DUSK: "the Dusk phase: \"At Dusk\" reactions, Progress (4.2.4; during tiebreakers 4.3.h), then the end of the game (4.3)",
    Phase.NIGHT: "refused: the Night phase's daily effects are lost in the sources (1.3.2.f)",
}
for _phase_word in Phase:
    _action(_phase_word.value, Shape.WORD, _word, _phase(_phase_word), _as_word, _PHASE_DOCS[_phase_word])
_action("check_deck", Shape.WORD, _word, lambda game, action: None, _as_word, "checks the deck of a deck scenario", deck=True)
_action("check_victory", Shape.WORD, _word, lambda game, action: api.check_victory(game), _as_word,
        "checks the end of the game on the board as given")
_action("setup", Shape.WORD, _word, lambda game, action: begin_game(game), _as_word, "the beginning of the game (4.1)")


# ---- mappings --------------------------------------------------------------------------------
def _where(action: Action) -> str:
    return f"{action.player}.{action.place or (action.expedition.value if action.expedition else '')}".rstrip(".")


def _read_move(w: ActionWritten) -> Action:
    player, expedition, _ = expedition_ref(w.value, w.entry, w.kind, w.setup, w.place)
    return Action(w.kind, player, expedition, location=w.place)


def _move(forward: bool) -> Apply:
    def move(game: Game, action: Action) -> None:
        assert action.player and action.expedition
        # On a multiplayer board each player's expeditions move on their own path (0 to 7), as in a
        # two-player game: the engine decides (engine.movement), the scenario only names the expedition.
        (api.advance if forward else api.retreat)(game, action.player, action.expedition)
    return move


def _as_move(action: Action) -> str:
    return f"{action.kind} {_where(action)}"


def _read_named_character(w: ActionWritten) -> Action:
    player, expedition, name = expedition_ref(w.value, w.entry, w.kind, w.setup, w.place, with_name=True)
    return Action(w.kind, player, expedition, name=name, location=w.place)


def _named(call: Callable[[Game, str, ExpeditionKind, str], Any]) -> Apply:
    def apply_named(game: Game, action: Action) -> None:
        assert action.player and action.expedition and action.name
        call(game, action.player, action.expedition, action.name)
    return apply_named


def _as_named(action: Action) -> str:
    return f"{action.kind} {_where(action)}.{action.name}"


def _read_put(w: ActionWritten) -> Action:
    player, where, name = object_ref(w.value, w.entry, w.kind, w.setup, w.place)
    if "in" not in w.entry:
        raise ScenarioError(told("read.put_needs_in", allowed=ZONES_FOR_PUT), w.place)
    zone_word = str(w.entry["in"]).strip().lower()
    if zone_word not in ZONES_FOR_PUT:
        raise fail(told("read.unknown_zone", word=repr(w.entry["in"]), allowed=ZONES_FOR_PUT), w.entry, "in", w.place)
    origin = ExpeditionKind(where) if where in ("hero", "companion") else None
    to = ExpeditionKind(zone_word) if zone_word in ("hero", "companion") else None
    return Action(w.kind, player, origin, name=name, zone=ZONES_FOR_PUT[zone_word], location=w.place, place=where, to=to)


def _apply_put(game: Game, action: Action) -> None:
    assert action.player and action.place and action.name and action.zone
    api.put(game, action.player, action.place, action.name, action.zone, expedition=action.to)


def _as_put(action: Action) -> str:
    into = action.to.value if action.to else (action.zone.value if action.zone else "?")
    return f"put {_where(action)}.{action.name} in {into}"


def _read_effect(w: ActionWritten) -> Action:
    entry, place, setup = w.entry, w.place, w.setup
    text = read_text(entry["effect"], told("read.what.effect"), entry, "effect", place)
    located(lambda: parse_effect(text), entry, "effect", place)
    if "controller" not in entry:
        raise ScenarioError(told("read.effect_needs_controller", players=setup.players), place)
    controller = read_text(entry["controller"], "`controller`", entry, "controller", place)
    if controller not in setup.players:
        raise fail(told("read.unknown_controller", name=repr(controller), players=setup.players), entry, "controller", place)
    target = None
    target_object = None
    if "target" in entry:
        objects = str(entry["target"]).count(".") >= 2
        # A target the text never asks for would be dropped in silence: it is a mistake (2.2.1.h).
        named = re.search(r"\btarget (character|permanent)" if objects else r"\btarget expedition", text, re.I)
        if named is None:
            raise fail(told("read.target_unused_object" if objects else "read.target_unused_expedition"), entry, "target", place)
        if objects:
            target_object = object_ref(entry["target"], entry, "target", setup, place)
        else:
            p, k, _ = expedition_ref(entry["target"], entry, "target", setup, place)
            target = (p, k)
    return Action("effect", controller, text=text, target=target, location=place, target_object=target_object)


def _apply_effect(game: Game, action: Action) -> None:
    assert action.player and action.text
    api.resolve(game, action.text, action.player, target=action.target, target_object=action.target_object)


def _as_effect(action: Action) -> str:
    target = f" targeting {action.target[0]}.{action.target[1].value}" if action.target else ""
    if action.target_object:
        target = f" targeting {'.'.join(action.target_object)}"
    return f"effect \"{action.text}\" controlled by {action.player}{target}"


def _read_play(w: ActionWritten) -> Action:
    entry, place = w.entry, w.place
    player, where, name = object_ref(w.value, entry, w.kind, w.setup, place)
    if where not in ("hand", "reserve"):
        raise fail(told("read.play_from", place=f"`{where}`"), entry, w.kind, place)
    if "to" not in entry:
        raise ScenarioError(told("read.play_needs_to"), place)
    to_player = None
    written = str(entry["to"])
    if written == "landmarks" or written.endswith(".landmarks"):  # a Landmark, into a Landmark zone (the 2v2 page)
        to_player = written.split(".")[0] if "." in written else None
        if to_player is not None and to_player not in w.setup.players:
            raise fail(_unknown_player(to_player, w.setup), entry, "to", place)
        return Action(w.kind, player, name=name, location=place, place=where, zone=Zone.LANDMARK, decline_cost=declined(entry, place),
                      to_player=to_player)
    if "." in written:  # `to: Carol.hero`: an expedition named with its player
        to_player, to, _ = expedition_ref(entry["to"], entry, "to", w.setup, place)
    else:
        to = located(lambda: parse_enum(ExpeditionKind, entry["to"], told("read.enum.expedition_or_landmarks")), entry, "to", place)
    return Action(w.kind, player, name=name, location=place, place=where, to=to, decline_cost=declined(entry, place), to_player=to_player)


def _apply_play(game: Game, action: Action) -> None:
    assert action.player and action.place and action.name and (action.to or action.zone is Zone.LANDMARK)
    if action.to_player is not None and action.to_player != action.player:
        api.refuse_other_expedition(game, action.player, action.to_player, action.name)
    api.play(game, action.player, action.place, action.name, action.to, decline_cost=action.decline_cost)


def _as_play(action: Action) -> str:
    if action.zone is Zone.LANDMARK:
        return f"{action.player} plays {action.name} from their {action.place} into their Landmark zone"
    return f"{action.player} plays {action.name} from their {action.place} into their {action.to.value if action.to else '?'} expedition"


def _read_player(w: ActionWritten) -> Action:
    player = read_text(w.value, "a player", w.entry, w.kind, w.place)
    if player not in w.setup.players:
        raise fail(_unknown_player(player, w.setup), w.entry, w.kind, w.place)
    return Action(w.kind, player, location=w.place)


def _apply_pass(game: Game, action: Action) -> None:
    assert action.player
    api.pass_turn(game, action.player)


def _apply_mulligan(game: Game, action: Action) -> None:
    assert action.player
    mulligan(game, action.player)


def _read_ability(w: ActionWritten) -> Action:
    entry, place = w.entry, w.place
    player, where, name = object_ref(w.value, entry, w.kind, w.setup, place)
    ability = entry.get("ability", 1)
    if isinstance(ability, bool) or not isinstance(ability, int) or ability < 1:
        raise fail(told("read.ability_shape"), entry, "ability", place)
    return Action(w.kind, player, name=name, location=place, place=where, ability=ability, decline_cost=declined(entry, place))


def _apply_ability(game: Game, action: Action) -> None:
    assert action.player and action.place and action.name
    api.use_ability(
        game, action.player, action.place, action.name, support=action.kind == "support", index=action.ability,
        decline_cost=action.decline_cost,
    )


def _as_ability(action: Action) -> str:
    what = "quick action" if action.kind == "quick_action" else "support ability"
    return f"{action.player} uses a {what} of {_where(action)}.{action.name}"


def _read_morning(w: ActionWritten) -> Action:
    if str(w.value).strip().lower() != "expand":
        raise fail(told("read.morning_expand", action="`{morning: expand}`"), w.entry, w.kind, w.place)
    return Action(w.kind, location=w.place, expand=True)


_MAP = Shape.MAPPING
_action("move_forward", _MAP, _read_move, _move(True), _as_move, "an effect moves that expedition forward (7.3.11); the end of the game is checked")
_action("move_backward", _MAP, _read_move, _move(False), _as_move, "an effect moves it backward (7.3.10)")
_action("switch_expeditions", _MAP, _read_named_character, _named(api.switch_expeditions), _as_named,
        "the character switches expeditions (7.3.22)")
_action("lose_gigantic", _MAP, _read_named_character, _named(api.lose_gigantic), _as_named,
        "the Gigantic character leaves the expedition not holding its card (7.4.3.k)")
_action("put", _MAP, _read_put, _apply_put, _as_put, "an effect moves the object, or a card of a hidden zone, to a zone (2.1.c-d)", keys=("in",))
_action("effect", _MAP, _read_effect, _apply_effect, _as_effect, "a player resolves printed effect text", keys=("controller", "target"))
_action("play", _MAP, _read_play, _apply_play, _as_play, "during their turn, a player plays a card from their hand or reserve",
        keys=("to", "cost"))
_action("pass", _MAP, _read_player, _apply_pass, lambda action: f"{action.player} passes", "the player passes (1.3.2.d)")
_action("quick_action", _MAP, _read_ability, _apply_ability, _as_ability, "the player plays a quick action of an object in play (6.4.a)",
        keys=("ability", "cost"))
_action("support", _MAP, _read_ability, _apply_ability, _as_ability, "the player uses a support ability of a card in their Reserve (2.2.10.g)",
        keys=("ability", "cost"))
_action("morning", _MAP, _read_morning, _phase(Phase.MORNING), _as_word,
        "the Morning, with the players' Expand decisions in `choices:` (4.2.1.e)")
_action("mulligan", _MAP, _read_player, _apply_mulligan, lambda action: f"{action.player} takes a mulligan", "refused: the sources have no mulligan")

for _form in reversed(ACTIONS):  # the word's form wins where a word and a mapping share a kind
    _APPLY[_form.word] = _form
_BY_WORD = {(f.word, f.shape): f for f in ACTIONS}
_WORDS = tuple(f.word for f in ACTIONS if f.shape is Shape.WORD)
_MAPPINGS = {f.word: f.keys for f in ACTIONS if f.shape is Shape.MAPPING}
