"""Dusk: the Progress daily effect (4.2.4) and, during tiebreakers, its modified form (4.3.h)."""

from __future__ import annotations

from .ending import check_end, decide_tiebreaker
from .movement import move_forward
from .readings import Unenumerable, silent
from .rulings import Ruling
from .places import format_types
from .records import Expedition, ProgressRecord
from .state import Game
from .vocabulary import ARENA, ExpeditionKind, Keyword, Mode, ObjectType, PlayerName, RegionType, Statistics, Zone

__all__ = ["ProgressRecord", "progress", "expedition_result"]



_STATISTICS_IN_ORDER = tuple((statistic, statistic.value) for statistic in RegionType)
"""Forest, mountain, water (1.2.2.c), with their words, which name the fields of `Statistics`: the
order in which a trace names them."""


def _and_list(items: list[str]) -> str:
    return items[0] if len(items) == 1 else ", ".join(items[:-1]) + " and " + items[-1]


def expedition_result(
    statistics: Statistics, opposing: Statistics, region_types: frozenset[RegionType]
) -> tuple[tuple[RegionType, ...], list[str]]:
    """The statistics an expedition wins (4.2.4.b-d) and, grouped, why not the others, citing the rule."""
    won: list[RegionType] = []
    wins: list[str] = []
    ties: list[str] = []
    lower: list[str] = []
    zero: list[str] = []
    negative: list[str] = []
    for statistic, word in _STATISTICS_IN_ORDER:
        if statistic not in region_types:
            continue
        # Read as the field named by the word, with no call of Statistics.__getitem__ per read.
        mine, theirs = getattr(statistics, word), getattr(opposing, word)
        if mine == 0:
            zero.append(f"0 {word}")
        elif mine < 0:
            negative.append(f"{mine} {word}")
        elif mine == theirs:
            ties.append(f"{mine} {word} against {theirs}")
        elif mine < theirs:
            lower.append(f"{mine} {word} against {theirs}")
        else:
            won.append(statistic)
            wins.append(f"{mine} {word} against {theirs}")

    reasons = []
    if wins:
        reasons.append(f"{_and_list(wins)} {'is' if len(wins) == 1 else 'are'} greater (4.2.4.b)")
    if ties:
        reasons.append(f"{_and_list(ties)} {'is a tie' if len(ties) == 1 else 'are ties'} (4.2.4.c)")
    if lower:
        reasons.append(f"{_and_list(lower)} {'is' if len(lower) == 1 else 'are'} not greater (4.2.4.b)")
    if zero:
        reasons.append(f"{_and_list(zero)} {'is' if len(zero) == 1 else 'are'} not sufficient (4.2.4.d)")
    if negative:
        reasons.append(f"{_and_list(negative)} {'is' if len(negative) == 1 else 'are'} not positive (4.2.4.b)")
    return tuple(won), reasons


def _opposing(game: Game, expedition: Expedition) -> Expedition:
    # "its opposing expedition" (4.2.4.b) is not defined in the sources: in a two-player game a hero
    # expedition races the opponent's hero expedition, a companion expedition the opponent's
    # companion expedition (ruling opposing-expeditions).
    return game.expedition(game.opponent(expedition.player), expedition.kind)


def progress(game: Game) -> None:
    """The Progress daily effect of Dusk, then the end-of-game check (4.2.4, 4.3)."""
    trace = game.trace
    if game.tiebreakers:
        # 4.2.4.g: once tiebreakers have started, no expedition "fails to move forward"; the
        # tiebreaker Dusk compares totals instead of moving expeditions (4.3.h).
        game.last_progress.clear()
        decide_tiebreaker(game)
        return
    if game.mode is not Mode.TWO_PLAYER:
        raise silent(
            f"Dusk Progress in a {game.mode.value} game (ruling {Ruling.OPPOSING_EXPEDITIONS}) needs to know which expedition opposes which; "
            "the surviving game-mode text only says 'Each player faces a different opponent for each of their "
            "Expeditions'. Multiplayer boards support `check_victory` and tiebreaker Dusks",
            Unenumerable.MULTIPLAYER_LAYOUT,
        )
    # What Progress decides for each expedition, before it moves: totals, region types, statistics won.
    records: dict[tuple[PlayerName, ExpeditionKind], tuple[Statistics, Statistics, frozenset[RegionType], tuple[RegionType, ...]]] = {}
    # Nothing changes the board until the expeditions move (4.2.4.e): each expedition's total is
    # summed once, though it is read both as its own and as its opponent's, and the abilities that
    # change region types are the same for every region. Totals are summed when first needed, so
    # that a total the engine cannot know is refused at the same point as before.
    totals: dict[tuple[PlayerName, ExpeditionKind], Statistics] = {}

    def total(expedition: Expedition) -> Statistics:
        key = (expedition.player, expedition.kind)
        if key not in totals:
            totals[key] = game.expedition_statistics(expedition.player, expedition.kind)
        return totals[key]

    changed = game.region_passives()
    changed_by = ""
    if changed:
        giver = ", ".join(f'{o.name}: "{p.text}"' for o, p in changed)
        changed_by = f" (as changed by {giver}, 2.2.2.p)"
    # A Gigantic character is in both of its controller's expeditions (7.4.3.b): oldest first.
    gigantic = [o for o in game.in_zone(Zone.EXPEDITION) if o.card.type is ObjectType.CHARACTER and o.card.has(Keyword.GIGANTIC)]
    labels: dict[tuple[PlayerName, ExpeditionKind], str] = {}
    for expedition in game.expeditions():
        opposing = _opposing(game, expedition)
        mine = total(expedition)
        theirs = total(opposing)
        types = game.region_types_at(expedition.position, changed)
        won, reasons = expedition_result(mine, theirs, types)
        region = game.region_label(expedition.position) + changed_by
        key = (expedition.player, expedition.kind)
        records[key] = (mine, theirs, types, won)
        label = labels[key] = expedition.label
        rule = "4.3.f" if expedition.position == ARENA else game.adventure[int(expedition.position)].types_rule()
        giants = [o.name for o in gigantic if o.controller == expedition.player]
        giant_note = f"; Gigantic {', '.join(giants)} counted in both of {expedition.player}'s expeditions (7.4.3.e)" if giants else ""
        trace.add(
            f"{label} has {mine}, facing {opposing.label} with {theirs}; it is in {region}: "
            f"{format_types(types)}{giant_note}",
            "4.2.4.b",
            rule,
            rulings=(Ruling.OPPOSING_EXPEDITIONS,),
        )
        if not types:
            trace.add(
                f"{label} does not advance: its region is a face-down Tumult half, which has no "
                "region types (remark of 2.2.2.k)",
                "4.2.4.b",
            )
        elif won:
            trace.add(f"{label} advances: {'; '.join(reasons)}")
        else:
            trace.add(f"{label} does not advance: {'; '.join(reasons)}")
    movers = [key for key, (_, _, _, won) in records.items() if won]
    if movers:
        trace.add(
            "All successful expeditions move forward simultaneously, each only once", "4.2.4.e", "4.2.4.f"
        )
    moved: set[tuple[PlayerName, ExpeditionKind]] = set()
    for key in movers:  # 4.2.4.e: once each, however many statistics it won
        if move_forward(game, game.expedition(*key)):
            moved.add(key)
    for key, (mine, theirs, types, won) in records.items():
        did_move = key in moved
        game.last_progress[key] = ProgressRecord(mine, theirs, types, won, did_move, not did_move)
        label = labels[key]
        if did_move:
            trace.add(
                f"{label} moves forward due to {', '.join(s.value for s in won)}",
                "4.2.4.h",
                rulings=(Ruling.MOVES_FORWARD_DUE_TO,),
            )
        else:
            trace.add(f"{label} fails to move forward", "4.2.4.g")
    check_end(game)
