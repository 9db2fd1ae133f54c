"""Dusk: the Progress daily effect (4.2.4) and, during tiebreakers, its modified form (4.3.h)."""

from __future__ import annotations

from functools import cache

from .ending import check_end, decide_tiebreaker
from .movement import move_forward
from .readings import Unenumerable, silent
from .rulings import Ruling
from .messages import Card, Items, Message, Player, Quote, Term, msg
from .places import position_said, statistics_said, types_said
from .records import Expedition, ProgressRecord
from .state import Game
from .vocabulary import ARENA, ExpeditionKind, Keyword, Mode, ObjectType, PlayerName, RegionType, Statistics, Zone

__all__ = ["ProgressRecord", "progress", "expedition_result"]



_STATISTICS_IN_ORDER = tuple((statistic, statistic.value) for statistic in RegionType)
"""Forest, mountain, water (1.2.2.c), with their words, which name the fields of `Statistics`: the
order in which a trace names them."""


# Each statistic with its word and its Term, made once; the groups of reasons in the order said.
_STATISTICS_SAID = tuple((statistic, word, Term(word)) for statistic, word in _STATISTICS_IN_ORDER)
_GROUPS = ("greater", "tie", "not_greater", "not_sufficient", "not_positive")
_GROUP_IDS = {group: f"dusk.{group}" for group in _GROUPS}


def expedition_result(
    statistics: Statistics, opposing: Statistics, region_types: frozenset[RegionType]
) -> tuple[tuple[RegionType, ...], list[Message]]:
    """The statistics an expedition wins (4.2.4.b-d) and, grouped, why not the others, citing the rule."""
    won: list[RegionType] = []
    # Grouped in the order the trace says them; a group's list is made when it first has a member
    # (the engine runs this for every expedition at every Dusk). Statistics of 0, the most common
    # reason, are named by their words: their group's message is one of a few, made once.
    groups: dict[str, list[Message]] = {}
    zeros: list[str] = []
    for statistic, word, term in _STATISTICS_SAID:
        if statistic not in region_types:
            continue
        # Read as the field named by the word, with no call of Statistics.__getitem__ per read.
        mine, theirs = getattr(statistics, word), getattr(opposing, word)
        if mine == 0:
            zeros.append(word)
            continue
        if mine < 0:
            group, said = "not_positive", msg("place.statistic", n=mine, type=term)
        else:
            said = msg("place.statistic_against", n=mine, type=term, other=theirs)
            if mine == theirs:
                group = "tie"
            elif mine < theirs:
                group = "not_greater"
            else:
                won.append(statistic)
                group = "greater"
        groups.setdefault(group, []).append(said)
    reasons = []
    for group in _GROUPS:
        if group == "not_sufficient":
            if zeros:
                reasons.append(_not_sufficient(tuple(zeros)))
        elif group in groups:
            reasons.append(msg(_GROUP_IDS[group], statistics=Items(groups[group]), count=len(groups[group])))
    return tuple(won), reasons


@cache
def _not_sufficient(words: tuple[str, ...]) -> Message:
    """ "0 forest and 0 water are not sufficient (4.2.4.d)": one message per set of statistics of 0
    (seven sets; a message is an immutable value)."""
    zeros = Items(tuple(msg("place.statistic", n=0, type=Term(word)) for word in words))
    return msg(_GROUP_IDS["not_sufficient"], statistics=zeros, count=len(zeros))


def _opposing(game: Game, expedition: Expedition) -> Expedition:
    # "its opposing expedition" (4.2.4.b) is not defined in the sources: in a two-player game a hero
    # expedition races the opponent's hero expedition, a companion expedition the opponent's
    # companion expedition (ruling opposing-expeditions).
    return game.board.expedition(game.board.opponent(expedition.player), expedition.kind)


def progress(game: Game) -> None:
    """The Progress daily effect of Dusk, then the end-of-game check (4.2.4, 4.3)."""
    trace = game.log.trace
    if game.board.tiebreakers:
        # 4.2.4.g: once tiebreakers have started, no expedition "fails to move forward"; the
        # tiebreaker Dusk compares totals instead of moving expeditions (4.3.h).
        game.log.last_progress.clear()
        decide_tiebreaker(game)
        return
    if game.board.mode is not Mode.TWO_PLAYER:
        raise silent(
            msg("refusal.multiplayer_dusk", mode=Term(game.board.mode.value), ruling=Quote(Ruling.OPPOSING_EXPEDITIONS.value)),
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
            totals[key] = game.board.expedition_statistics(expedition.player, expedition.kind)
        return totals[key]

    changed = game.board.region_passives()
    changed_by: Message | None = None
    if changed:
        givers = Items(tuple(msg("dusk.giver", card=Card(o.name), text=Quote(p.text)) for o, p in changed))
        changed_by = msg("dusk.changed_by", givers=givers)
    # A Gigantic character is in both of its controller's expeditions (7.4.3.b): oldest first.
    gigantic = [o for o in game.board.in_zone(Zone.EXPEDITION) if o.card.type is ObjectType.CHARACTER and o.card.has(Keyword.GIGANTIC)]
    labels: dict[tuple[PlayerName, ExpeditionKind], Message] = {}
    for expedition in game.board.expeditions():
        opposing = _opposing(game, expedition)
        mine = total(expedition)
        theirs = total(opposing)
        types = game.region_types_at(expedition.position, changed)
        won, reasons = expedition_result(mine, theirs, types)
        region = position_said(expedition.position)
        if changed_by is not None:
            region = msg("dusk.region_changed", region=region, changed_by=changed_by)
        key = (expedition.player, expedition.kind)
        records[key] = (mine, theirs, types, won)
        label = labels[key] = expedition.said
        rule = "4.3.f" if expedition.position == ARENA else game.board.adventure[int(expedition.position)].types_rule()
        giants = [Card(o.name) for o in gigantic if o.controller == expedition.player] if gigantic else None
        line = msg("dusk.compares", expedition=label, mine=statistics_said(mine), opposing=opposing.said,
                   theirs=statistics_said(theirs), region=region, types=types_said(types))
        if giants:
            line = msg("dusk.compares_gigantic", compared=line, giants=Items(tuple(giants)), player=Player(expedition.player))
        trace.add(
            line,
            "4.2.4.b",
            rule,
            rulings=(Ruling.OPPOSING_EXPEDITIONS,),
        )
        if not types:
            trace.add(msg("dusk.face_down", expedition=label), "4.2.4.b")
        elif won:
            trace.add(msg("dusk.advances", expedition=label, reasons=Items(reasons)))
        else:
            trace.add(msg("dusk.does_not_advance", expedition=label, reasons=Items(reasons)))
    movers = [key for key, (_, _, _, won) in records.items() if won]
    if movers:
        trace.add(msg("dusk.all_move"), "4.2.4.e", "4.2.4.f")
    moved: set[tuple[PlayerName, ExpeditionKind]] = set()
    for key in movers:  # 4.2.4.e: once each, however many statistics it won
        if move_forward(game, game.board.expedition(*key)):
            moved.add(key)
    for key, (mine, theirs, types, won) in records.items():
        did_move = key in moved
        game.log.last_progress[key] = ProgressRecord(mine, theirs, types, won, did_move, not did_move)
        label = labels[key]
        if did_move:
            trace.add(
                msg("dusk.moves_forward_due_to", expedition=label, types=Items(tuple(Term(s.value) for s in won))),
                "4.2.4.h",
                rulings=(Ruling.MOVES_FORWARD_DUE_TO,),
            )
        else:
            trace.add(msg("dusk.fails_to_move", expedition=label), "4.2.4.g")
    check_end(game)
