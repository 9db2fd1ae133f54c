"""Small helpers to set up boards in unit tests (the public engine API, no YAML)."""

from __future__ import annotations

from engine import Adventure, ExpeditionKind, Face, Game, Region, RegionType, Zone
from engine.cardtext import parse_character_template
from engine.objects import GameObject

HERO = ExpeditionKind.HERO
COMPANION = ExpeditionKind.COMPANION
F, M, W = RegionType.FOREST, RegionType.MOUNTAIN, RegionType.WATER

# 1 forest | 2 mountain | 3 forest, water | 4 forest | 5 forest, water | 6 water
TUMULT = {1: {F}, 2: {M}, 3: {F, W}, 4: {F}, 5: {F, W}, 6: {W}}


def adventure(face_up: set[int] | None = None) -> Adventure:
    """An Adventure whose Tumult halves are all known; those in `face_up` are face up."""
    up = face_up or set()
    regions = [Region(0, Face.UP)]
    regions += [Region(i, Face.UP if i in up else Face.DOWN, frozenset(TUMULT[i])) for i in range(1, 7)]
    regions.append(Region(7, Face.UP))
    return Adventure(regions, given=True)


def game(
    positions: dict[tuple[str, ExpeditionKind], int | str] | None = None,
    *,
    face_up: set[int] | None = None,
    players: tuple[str, ...] = ("Alice", "Bob"),
    **kwargs: object,
) -> Game:
    return Game.new(list(players), positions=positions or {}, adventure=adventure(face_up), **kwargs)  # type: ignore[arg-type]


def put_character(g: Game, player: str, kind: ExpeditionKind, template: str, *, gigantic: bool = False) -> GameObject:
    from dataclasses import replace

    from engine import Keyword

    card = parse_character_template(template)
    if gigantic:
        card = replace(card, keywords=frozenset({Keyword.GIGANTIC}))
    obj = g.enter(card, Zone.EXPEDITION, player, expedition=kind)
    g.log.happenings.clear()
    return obj


def trace_text(g: Game) -> str:
    return "\n".join(g.log.trace.render())
