"""The beginning of the game (4.1, 1.3.1): from empty zones to the first day at Noon.

The scenario gives what chance decides: the Tumult cards' positions and faces (its `adventure:`,
face down), the first player (`first_player:`), and each Deck as the shuffle leaves it, top card
first (`deck:`). What a player presents face down (4.1.e-f) is `presented:`. The players'
decisions (which three cards go to the Mana zone) are in `choices:`. The sources have no
mulligan: the engine refuses one.
"""

from __future__ import annotations

from functools import partial

from .choices import choose
from .errors import Forbidden
from .messages import Card, Items, Player, Term, msg
from .reactions import run_step
from .readings import Unenumerable, silent
from .records import CardInZone
from .state import Game
from .vocabulary import ARENA, ExpeditionKind, Face, ObjectType, PlayerName, Zone

__all__ = ["begin_game", "mulligan", "OPENING_DRAW", "OPENING_MANA"]

OPENING_DRAW = 6
OPENING_MANA = 3
"""1.3.1.d: "players draw six cards and put three of them in their Mana zone"."""


def begin_game(game: Game) -> None:
    """4.1.a-j: set the game up from empty zones, then the first day's Morning as 1.3.1.d says
    (4.1.j, whose own list of steps is lost, replaces the first Morning with a setup)."""
    _check_empty(game)
    trace = game.log.trace
    trace.add(msg("begin.zones_empty"), "4.1.a")
    trace.add(msg("begin.end_regions"), "4.1.b", "1.3.1.a")
    trace.add(
        msg("begin.tumult"),
        "4.1.c", "1.3.1.a",
    )
    for player in game.board.players:
        player.hero.position, player.companion.position = 0, 7
    trace.add(
        msg("begin.counters"),
        "4.1.d", "1.3.1.b",
    )
    trace.add(
        msg("begin.presents", player=Player(game.board.first_player)),
        "4.1.e", "4.1.g",
    )
    for player in game.board.players:
        presented = game.board.presented.get(player.name) if game.board.presented else None
        if presented is None:
            trace.add(msg("begin.no_hero", player=Player(player.name)), "4.1.e", "4.1.f")
        elif presented.type is ObjectType.HERO:
            game.enter(presented, Zone.HERO, player.name, given=True)
            trace.add(msg("begin.reveals_hero", player=Player(player.name), card=Card(presented.name)), "4.1.h", "1.3.1.c")
        else:
            trace.add(
                msg("begin.not_a_hero", player=Player(player.name), card=Card(presented.name), type=Term(presented.type.value)),
                "4.1.f", "4.1.h",
            )
        trace.add(
            msg("begin.shuffles", player=Player(player.name), cards=len(player.deck)),
            "4.1.i", "1.3.1.c",
        )
    game.board.day = 1
    _first_morning(game)


def _check_empty(game: Game) -> None:
    """4.1.a: a game begins with every zone empty; a board already in play cannot begin one."""
    in_zones = [o for o in game.board.objects.values() if o.emblem is None]
    held = [msg("begin.held", player=Player(o.controller), card=Card(o.name), zone=Term(o.zone.value)) for o in in_zones]
    held += [msg("begin.held_hand", player=Player(p.name), n=len(p.hand)) for p in game.board.players if p.hand]
    if held:
        raise Forbidden(msg("refusal.zones_not_empty", held=Items(tuple(held))))
    moved = [e.said for e in game.board.expeditions() if e.position != (0 if e.kind is ExpeditionKind.HERO else 7)]
    if moved or game.board.tiebreakers or any(e.position == ARENA for e in game.board.expeditions()):
        raise Forbidden(msg("refusal.counters_moved", moved=Items(tuple(moved))) if moved else msg("refusal.counters_in_arena"))
    up = [str(r.index) for r in game.board.adventure.regions[1:7] if r.face is Face.UP]
    if up:
        raise Forbidden(msg("refusal.tumult_face_up", regions=Items(tuple(int(r) for r in up))))
    if game.board.day not in (None, 1):
        raise Forbidden(msg("refusal.not_first_day", day=game.board.day))


def _first_morning(game: Game) -> None:
    """1.3.1.d: "In the Morning of the first day, instead of the normal daily effects, players draw six
    cards and put three of them in their Mana zone." 4.1.j's detailed list is lost; the engine plays
    what 1.3.1.d says, and the first day goes on at Noon (4.1.j)."""
    trace = game.log.trace
    for player in game.board.players:
        if len(player.deck) < OPENING_DRAW:
            raise silent(
                msg("refusal.opening_deck_short", player=Player(player.name), n=OPENING_DRAW, holds=len(player.deck)),
                Unenumerable.NO_CANDIDATES,
            )
    run_step(game, [partial(game.board.draw_card, p.name) for p in game.board.players for _ in range(OPENING_DRAW)])
    trace.add(
        msg("begin.opening_draw", cards=OPENING_DRAW),
        "1.3.1.d", "4.1.j",
    )
    order = game.board.initiative_order()
    chosen: list[CardInZone] = []
    for name in order:
        hand = list(game.board.player(name).hand)
        for number in range(1, OPENING_MANA + 1):
            options = list(dict.fromkeys(c.name or "card" for c in hand))
            pick = choose(game, name, msg("question.opening_mana", number=number, of=OPENING_MANA), options, rules=("1.3.1.d", "6.1.g"))
            assert pick is not None
            card = next(c for c in hand if (c.name or "card") == pick)
            hand.remove(card)
            chosen.append(CardInZone(name, card, Zone.HAND))
    run_step(game, [partial(game.move, c, Zone.MANA) for c in chosen])
    trace.add(
        msg("begin.opening_mana", order=Items(tuple(Player(p) for p in order)), cards=OPENING_MANA),
        "1.3.1.d", "4.1.j", "2.2.1.f", "6.1.g",
    )


def mulligan(game: Game, player: PlayerName) -> None:
    """No rule of the sources lets a player draw a new opening hand."""
    game.board.player(player)
    raise silent(msg("refusal.mulligan", player=Player(player)), Unenumerable.NO_CANDIDATES)
