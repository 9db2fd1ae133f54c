"""Dusk: the Progress daily effect (4.2.4) and, during tiebreakers, its modified form (4.3.h)."""

from __future__ import annotations

from dataclasses import dataclass

from .ending import check_end, decide_tiebreaker
from .errors import RulesSilent
from .movement import move_forward
from .state import Expedition, Game, format_types
from .vocabulary import ARENA, ExpeditionKind, Mode, PlayerName, RegionType, Statistics

__all__ = ["ProgressRecord", "progress", "expedition_result"]

MOVES_FORWARD_DUE_TO = "moves-forward-due-to"
OPPOSING_EXPEDITIONS = "opposing-expeditions"


@dataclass(frozen=True)
class ProgressRecord:
    """What Progress decided for one expedition."""

    statistics: Statistics
    opposing: Statistics
    region_types: frozenset[RegionType]
    won: tuple[RegionType, ...]
    """Statistics that meet 4.2.4.b: a region type of its region, positive, greater than the opposing one."""
    moved: bool = False
    failed: bool = False
    """4.2.4.g: it did not move forward during Progress (never during tiebreakers)."""

    @property
    def due_to(self) -> tuple[RegionType, ...]:
        """4.2.4.h (ruling moves-forward-due-to): the statistics it won, if it moved forward."""
        return self.won if self.moved else ()


def expedition_result(
    statistics: Statistics, opposing: Statistics, region_types: frozenset[RegionType]
) -> tuple[tuple[RegionType, ...], list[str]]:
    """The statistics an expedition wins (4.2.4.b-d) and, grouped, why not the others, citing the rule."""
    won: list[RegionType] = []
    groups: dict[str, list[str]] = {"win": [], "tie": [], "zero": [], "negative": [], "lower": []}
    for statistic in RegionType:
        if statistic not in region_types:
            continue
        mine, theirs = statistics[statistic], opposing[statistic]
        word = statistic.value
        if mine == 0:
            groups["zero"].append(f"0 {word}")
        elif mine < 0:
            groups["negative"].append(f"{mine} {word}")
        elif mine == theirs:
            groups["tie"].append(f"{mine} {word} against {theirs}")
        elif mine < theirs:
            groups["lower"].append(f"{mine} {word} against {theirs}")
        else:
            won.append(statistic)
            groups["win"].append(f"{mine} {word} against {theirs}")

    def join(items: list[str]) -> str:
        return items[0] if len(items) == 1 else ", ".join(items[:-1]) + " and " + items[-1]

    reasons = []
    if groups["win"]:
        reasons.append(f"{join(groups['win'])} {'is' if len(groups['win']) == 1 else 'are'} greater (4.2.4.b)")
    if groups["tie"]:
        reasons.append(f"{join(groups['tie'])} {'is a tie' if len(groups['tie']) == 1 else 'are ties'} (4.2.4.c)")
    if groups["lower"]:
        reasons.append(f"{join(groups['lower'])} {'is' if len(groups['lower']) == 1 else 'are'} not greater (4.2.4.b)")
    if groups["zero"]:
        reasons.append(f"{join(groups['zero'])} {'is' if len(groups['zero']) == 1 else 'are'} not sufficient (4.2.4.d)")
    if groups["negative"]:
        reasons.append(f"{join(groups['negative'])} {'is' if len(groups['negative']) == 1 else 'are'} not positive (4.2.4.b)")
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
        raise RulesSilent(
            f"Dusk Progress in a {game.mode.value} game (ruling {OPPOSING_EXPEDITIONS}) needs to know which expedition opposes which; "
            "the surviving game-mode text only says 'Each player faces a different opponent for each of their "
            "Expeditions'. Multiplayer boards support `check_victory` and tiebreaker Dusks"
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
    for expedition in game.expeditions():
        opposing = _opposing(game, expedition)
        mine = total(expedition)
        theirs = total(opposing)
        types = game.region_types_at(expedition.position)
        won, reasons = expedition_result(mine, theirs, types)
        region = game.region_label(expedition.position) + changed_by
        records[(expedition.player, expedition.kind)] = (mine, theirs, types, won)
        rule = "4.3.f" if expedition.position == ARENA else game.adventure[int(expedition.position)].types_rule()
        giants = [o.name for o in game.characters_in(expedition.player, expedition.kind) if o.card.gigantic]
        giant_note = f"; Gigantic {', '.join(giants)} counted in both of {expedition.player}'s expeditions (7.4.3.e)" if giants else ""
        trace.add(
            f"{expedition.label} has {mine}, facing {opposing.label} with {theirs}; it is in {region}: "
            f"{format_types(types)}{giant_note}",
            "4.2.4.b",
            rule,
            rulings=(OPPOSING_EXPEDITIONS,),
        )
        if not types:
            trace.add(
                f"{expedition.label} does not advance: its region is a face-down Tumult half, which has no "
                "region types (remark of 2.2.2.k)",
                "4.2.4.b",
            )
        elif won:
            trace.add(f"{expedition.label} advances: {'; '.join(reasons)}")
        else:
            trace.add(f"{expedition.label} does not advance: {'; '.join(reasons)}")
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
        label = game.expedition(*key).label
        if did_move:
            trace.add(
                f"{label} moves forward due to {', '.join(s.value for s in won)}",
                "4.2.4.h",
                rulings=(MOVES_FORWARD_DUE_TO,),
            )
        else:
            trace.add(f"{label} fails to move forward", "4.2.4.g")
    check_end(game)
