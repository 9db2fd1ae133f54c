"""Dusk: the Progress daily effect (4.2.4) and, during tiebreakers, its modified form (4.3.h)."""

from __future__ import annotations

from functools import cache
from itertools import product
from typing import Callable

from .ending import check_end, decide_tiebreaker
from .movement import move_forward
from .errors import RulesSilent
from .readings import Unenumerable, progress_cases_question, reading, silent
from .rulings import Ruling
from .messages import Card, Items, Message, Param, Player, Quote, Term, msg
from .places import position_said, statistics_said, types_said
from .objects import GameObject, RegionPassive
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
    records: dict[tuple[PlayerName, ExpeditionKind], tuple[Statistics, Statistics, frozenset[RegionType], tuple[RegionType, ...], Param | None]] = {}
    # Nothing changes the board until the expeditions move (4.2.4.e): each expedition's total is
    # summed once, though it is read both as its own and as its opponent's, and the abilities that
    # change region types are the same for every region. A character whose statistics no source
    # gives (boosted, Asleep, not printed) adds an unknown number to its expedition's total: Progress
    # is worked out for every value it may take, and the engine answers where they agree
    # (engine.readings, value cases).
    expeditions = list(game.board.expeditions())
    totals: dict[tuple[PlayerName, ExpeditionKind], Statistics] = {}
    unknowns: dict[tuple[PlayerName, ExpeditionKind], tuple[RulesSilent, ...]] = {}
    unknown_any = False
    for expedition in expeditions:
        key = (expedition.player, expedition.kind)
        totals[key], unknowns[key] = game.board.expedition_sum(expedition.player, expedition.kind, game.log)
        unknown_any = unknown_any or bool(unknowns[key])

    def total(expedition: Expedition) -> Statistics:
        return totals[(expedition.player, expedition.kind)]

    changed = game.board.region_passives()
    forced = _cases_of_unknown_statistics(game, total, unknowns, changed) if unknown_any else _NOTHING_FORCED
    changed_by: Message | None = None
    if changed:
        givers = Items(tuple(msg("dusk.giver", card=Card(o.name), text=Quote(p.text)) for o, p in changed))
        changed_by = msg("dusk.changed_by", givers=givers)
    # A Gigantic character is in both of its controller's expeditions (7.4.3.b): oldest first.
    gigantic = [o for o in game.board.in_zone(Zone.EXPEDITION) if o.card.type is ObjectType.CHARACTER and o.card.has(Keyword.GIGANTIC)]
    labels: dict[tuple[PlayerName, ExpeditionKind], Message] = {}
    for expedition in expeditions:
        opposing = _opposing(game, expedition)
        key = (expedition.player, expedition.kind)
        mine = totals[key]
        theirs = totals[(opposing.player, opposing.kind)]
        types = game.region_types_at(expedition.position, changed)
        if key in forced:
            moves, why = forced[key]
            records[key] = (mine, theirs, types, (), why)
            labels[key] = expedition.said
            trace.add(msg("dusk.case_moves" if moves else "dusk.case_stays", expedition=expedition.said, unknown=why), "4.2.4.b")
            continue
        won, reasons = expedition_result(mine, theirs, types)
        region = position_said(expedition.position)
        if changed_by is not None:
            region = msg("dusk.region_changed", region=region, changed_by=changed_by)
        records[key] = (mine, theirs, types, won, None)
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
    movers = [key for key, (_, _, _, won, _) in records.items() if won or (key in forced and forced[key][0])]
    if movers:
        trace.add(msg("dusk.all_move"), "4.2.4.e", "4.2.4.f")
    moved: set[tuple[PlayerName, ExpeditionKind]] = set()
    for key in movers:  # 4.2.4.e: once each, however many statistics it won
        if move_forward(game, game.board.expedition(*key)):
            moved.add(key)
    for key, (mine, theirs, types, won, unknown) in records.items():
        did_move = key in moved
        game.log.last_progress[key] = ProgressRecord(mine, theirs, types, won, did_move, not did_move, unknown)
        label = labels[key]
        if did_move and unknown is not None:
            trace.add(msg("dusk.moves_forward", expedition=label), "4.2.4.b")
        elif did_move:
            trace.add(
                msg("dusk.moves_forward_due_to", expedition=label, types=Items(tuple(Term(s.value) for s in won))),
                "4.2.4.h",
                rulings=(Ruling.MOVES_FORWARD_DUE_TO,),
            )
        else:
            trace.add(msg("dusk.fails_to_move", expedition=label), "4.2.4.g")
    check_end(game)


_NOTHING_FORCED: dict[tuple[PlayerName, ExpeditionKind], tuple[bool, Param]] = {}
"""No character's statistics are unknown: Progress as usual (never written to)."""

_CASE_VALUES = (-1, 0, 1, 2)
"""Values an unknown total may take against another unknown one, per statistic: between them they
give every order and sign that 4.2.4.b-d tell apart (greater, tie, less; positive, 0, negative)."""


def _cases_of_unknown_statistics(
    game: Game,
    total: Callable[[Expedition], Statistics],
    unknowns: dict[tuple[PlayerName, ExpeditionKind], tuple[RulesSilent, ...]],
    changed: list[tuple[GameObject, RegionPassive]],
) -> dict[tuple[PlayerName, ExpeditionKind], tuple[bool, Param]]:
    """For each pair of opposing expeditions where a character's statistics are not in the sources:
    every outcome Progress can have there, over every value those statistics may take. One outcome:
    it holds, and nothing is asked. Several: each is a case (engine.readings), and this run follows
    one. Returns, for each expedition of such a pair, whether it moves forward in this case and why
    its total is not known. A pair whose totals are known is left to Progress as usual."""
    forced: dict[tuple[PlayerName, ExpeditionKind], tuple[bool, Param]] = {}
    board = game.board
    done: set[tuple[PlayerName, ExpeditionKind]] = set()
    for expedition in board.expeditions():
        key = (expedition.player, expedition.kind)
        opposing = _opposing(game, expedition)
        other = (opposing.player, opposing.kind)
        if key in done:
            continue
        done |= {key, other}
        mine, theirs = total(expedition), total(opposing)
        if not unknowns[key] and not unknowns[other]:
            continue
        my_types = game.region_types_at(expedition.position, changed)
        their_types = game.region_types_at(opposing.position, changed)
        outcomes = _progress_outcomes(mine, bool(unknowns[key]), my_types, theirs, bool(unknowns[other]), their_types)
        # What is unknown, without "no reading to work out" (here every value is worked out).
        why = Items(tuple(_unwrapped(e) for e in unknowns[key] + unknowns[other]))
        if len(outcomes) == 1:
            ((moves, moves_too),) = outcomes
        else:
            names = {o: _case_label(expedition, opposing, o) for o in sorted(outcomes, reverse=True)}
            question = progress_cases_question(
                f"progress-cases:{board.day}:{expedition.player}.{expedition.kind.value}", tuple(names.values()),
                msg("dusk.pair", expedition=expedition.said, opposing=opposing.said), why,
            )
            chosen = reading(game.log, question)
            moves, moves_too = next(o for o, label in names.items() if label == chosen)
        forced[key] = (moves, why)
        forced[other] = (moves_too, why)
    return forced


def _progress_outcomes(mine: Statistics, mine_open: bool, my_types: frozenset[RegionType],
                       theirs: Statistics, theirs_open: bool, their_types: frozenset[RegionType]) -> set[tuple[bool, bool]]:
    """Whether each of two opposing expeditions wins a statistic (4.2.4.b-d), over every value an
    open total may take: the outcomes that can happen."""
    statistics = [s for s in RegionType if s in my_types or s in their_types]

    def values(known: Statistics, is_open: bool, other: Statistics, other_open: bool, statistic: RegionType) -> tuple[int, ...]:
        if not is_open:
            return (known[statistic],)
        if other_open:
            return _CASE_VALUES
        o = other[statistic]
        return tuple(sorted({*_CASE_VALUES, o - 1, o, o + 1}))

    per_statistic = [
        [(a, b) for a in values(mine, mine_open, theirs, theirs_open, s) for b in values(theirs, theirs_open, mine, mine_open, s)]
        for s in statistics
    ]
    outcomes: set[tuple[bool, bool]] = set()
    for combination in product(*per_statistic):
        first = any(a > 0 and a > b for s, (a, b) in zip(statistics, combination) if s in my_types)
        second = any(b > 0 and b > a for s, (a, b) in zip(statistics, combination) if s in their_types)
        outcomes.add((first, second))
    return outcomes


def _case_label(expedition: Expedition, opposing: Expedition, outcome: tuple[bool, bool]) -> str:
    """A case's name, in English (a reading's label): "Alice's hero expedition moves forward, Bob's does not"."""
    first = "moves forward" if outcome[0] else "does not move forward"
    second = "moves forward" if outcome[1] else "does not"
    if outcome[0] == outcome[1]:
        second = "moves forward too" if outcome[1] else "does not either"
    return f"{expedition.player}'s {expedition.kind.value} expedition {first}, {opposing.player}'s {second}"


def _unwrapped(error: RulesSilent) -> Message:
    """The refusal's own words, without the reason it gave for not working out every reading."""
    said = error.said
    assert said is not None
    inner = said.params.get("refusal") if said.id == "refusal.silent" else None
    return inner if isinstance(inner, Message) else said
