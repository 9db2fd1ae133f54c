"""The checked public actions on a game. Each validates its arguments, refuses actions after
the end of the game, and raises only documented `EngineError`s."""

from __future__ import annotations

from dataclasses import replace

from .day import run_phase
from .effects import EffectRecord
from .ending import check_end
from .errors import BoardError, GameOver, UnsupportedText
from .events import check_reactions, resolve_effect, run_step
from .movement import move_backward, move_forward
from .objects import GameObject
from .state import Game, Happening
from .vocabulary import HIDDEN_ZONES, ExpeditionKind, Keyword, Phase, PlayerName, Zone

__all__ = [
    "dusk",
    "play_phase",
    "advance",
    "retreat",
    "resolve",
    "switch_expeditions",
    "lose_gigantic",
    "put",
    "check_victory",
    "find_character",
]


def _playable(game: Game) -> None:
    if game.outcome.over:
        raise GameOver(f"the game is over ({' and '.join(game.outcome.winners)} won: {game.outcome.reason}); no further action can happen")


def dusk(game: Game) -> None:
    """The Dusk phase: "At Dusk" reactions, Progress (4.2.4) or the tiebreaker (4.3.h), the end of the game (4.3)."""
    play_phase(game, Phase.DUSK)


def play_phase(game: Game, phase: Phase) -> None:
    _playable(game)
    run_phase(game, phase)


def _move(game: Game, player: PlayerName, kind: ExpeditionKind, forward: bool) -> bool:
    _playable(game)
    expedition = game.expedition(player, kind)
    moved: list[bool] = []
    run_step(game, [lambda: moved.append((move_forward if forward else move_backward)(game, expedition))])
    check_reactions(game)
    return moved[0]


def advance(game: Game, player: PlayerName, kind: ExpeditionKind) -> bool:
    """An effect moves an expedition forward (7.3.11); the end of the game is checked (4.3.a-b)."""
    return _move(game, player, kind, True)


def retreat(game: Game, player: PlayerName, kind: ExpeditionKind) -> bool:
    """An effect moves an expedition backward (7.3.10)."""
    return _move(game, player, kind, False)


def resolve(game: Game, text: str, controller: PlayerName, *, target: tuple[PlayerName, ExpeditionKind] | None = None) -> EffectRecord:
    """Resolve printed effect text for `controller` (6.1), then check reactions."""
    _playable(game)
    game.player(controller)
    where = game.expedition(*target) if target is not None else None
    record = resolve_effect(game, text, controller, target=where)
    return record


def find_character(game: Game, player: PlayerName, kind: ExpeditionKind, name: str) -> GameObject:
    """The character named `name` whose card is in that expedition (a Gigantic one also from its
    other expedition). Several with that name are only accepted when they are alike: then which
    one is chosen changes nothing but its identity, and the oldest is taken."""
    game.player(player)
    present = game.characters_in(player, kind)
    candidates = [o for o in present if o.name.lower() == name.lower()]
    if not candidates:
        names = ", ".join(o.name for o in present) or "nobody"
        raise BoardError(f"no character named {name!r} in {game.expedition(player, kind).label} (there: {names})")
    if len({(o.card, o.exhausted) for o in candidates}) > 1:
        raise BoardError(
            f"{len(candidates)} different characters are named {name!r} in {game.expedition(player, kind).label}; "
            "give them different names in the scenario so the action says which one"
        )
    return candidates[0]


def switch_expeditions(game: Game, player: PlayerName, kind: ExpeditionKind, name: str) -> None:
    """7.3.22: the character goes to its controller's other expedition (7.4.3.j for a Gigantic one)."""
    _playable(game)
    obj = find_character(game, player, kind, name)
    old = obj.expedition
    assert old is not None

    def act() -> None:
        game.switch(obj)

    game.trace.add(f"{obj.name} switches expeditions, from {player}'s {old.value} expedition to their {old.other.value} expedition", "7.3.22.a")
    run_step(game, [act])
    if obj.card.gigantic:
        game.trace.add(
            f"{obj.name} is Gigantic: its card switches expeditions, the character neither leaves nor joins either expedition",
            "7.4.3.j",
        )
    else:
        game.trace.add(
            f"{obj.name} leaves {player}'s {old.value} expedition and joins their {old.other.value} expedition; "
            "it neither leaves nor joins the Expedition zone and stays the same object",
            "7.3.22.b",
            "7.5.4.c",
            "7.5.5.c",
            "3.2.4.d",
        )
    check_reactions(game)


def lose_gigantic(game: Game, player: PlayerName, kind: ExpeditionKind, name: str) -> None:
    """7.4.3.k: a Gigantic character that loses Gigantic stays in the expedition holding its card
    or token and leaves its controller's other expedition. It stays the same object (no zone change)."""
    _playable(game)
    obj = find_character(game, player, kind, name)
    if not obj.card.gigantic:
        game.trace.add(f"{obj.name} is not Gigantic: losing Gigantic changes nothing", "7.4.3.k")
        return
    assert obj.expedition is not None
    stays, leaves = obj.expedition, obj.expedition.other

    def act() -> None:
        obj.card = replace(obj.card, keywords=obj.card.keywords - {Keyword.GIGANTIC})
        game.happenings.append(Happening("leaves-expedition", obj.id, obj.controller, leaves, Zone.EXPEDITION))

    run_step(game, [act])
    game.trace.add(
        f"{obj.name} loses Gigantic: it remains in {player}'s {stays.value} expedition, which holds its card, "
        f"and leaves their {leaves.value} expedition",
        "7.4.3.k",
    )
    check_reactions(game)


def put(game: Game, player: PlayerName, kind: ExpeditionKind, name: str, zone: Zone) -> GameObject | None:
    """Move a character from an expedition to another zone (2.1.c-d); returns the new object, if any."""
    _playable(game)
    if zone in (Zone.EXPEDITION, Zone.ADVENTURE, Zone.LIMBO, Zone.HERO):
        raise UnsupportedText(f"`put` moves a character out of the Expedition zone, to reserve, discard, hand, deck, mana or landmarks; not to {zone.value}")
    obj = find_character(game, player, kind, name)
    result: list[GameObject | None] = []
    run_step(game, [lambda: result.append(game.move(obj, zone))])
    new = result[0]
    owner = obj.owner
    if obj.card.token:
        game.trace.add(
            f"The {obj.name} token leaves the Expedition zone and joins {owner}'s {zone.value}, then ceases to exist; "
            f"it does not leave the {zone.value}",
            "2.1.d",
            "7.5.4.d",
            "7.5.5.b",
        )
    elif zone in HIDDEN_ZONES:
        game.trace.add(f"{obj.name} goes to {owner}'s {zone.value}, a hidden zone: it is a card there, not an object", "2.1.c", "2.1.g")
    else:
        assert new is not None
        game.trace.add(
            f"{obj.name} goes to {owner}'s {zone.value} as a new object (timestamp {new.timestamp}, was {obj.timestamp}); "
            "effects on the old object do not apply to it",
            "2.1.c",
        )
    check_reactions(game)
    return new


def check_victory(game: Game) -> None:
    """Check the end of the game on the board as it stands, as if every player whose expeditions
    have met or crossed had just done so at the same time (4.3; the game-mode pages)."""
    _playable(game)
    check_end(game)
    if not game.outcome.over and not game.tiebreakers:
        game.trace.add("No player's expeditions have met or crossed: the game continues", "1.3.3.a")
