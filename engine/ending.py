"""The end of the game: who wins, or whether tiebreakers start (1.3.3, 4.3, game-mode pages).

Every decision about winning is made here, in `check_end` (after an event that
moved expeditions) and `decide_tiebreaker` (the tiebreaker Dusk), each in a
fixed, commented order.
"""

from __future__ import annotations

from dataclasses import dataclass

from .messages import Card, Items, Message, Player, Quote, Term, msg
from .places import statistics_said
from .readings import Unenumerable, silent
from .rulings import SETTLED, Ruling
from .records import Outcome, Termination
from .state import Game
from .vocabulary import ARENA, Keyword, Mode, PlayerName, RegionType, Statistics

__all__ = ["Finisher", "finishers", "check_end", "start_tiebreakers", "decide_tiebreaker", "FREE_FOR_ALL_TIEBREAKER_LOST"]

FREE_FOR_ALL_TIEBREAKER_LOST = (
    "the Free for All tiebreaker's rule modifications are lost in the sources; only its example survives, "
    "and it decides a tiebreaker Dusk only when exactly one player has the highest total in a region type "
    f"(ruling {Ruling.FREE_FOR_ALL_TIEBREAKER})"
)


@dataclass(frozen=True)
class Finisher:
    """A player whose hero and companion expeditions have met or crossed (1.3.3.a, 4.3.a-b)."""

    name: PlayerName
    distance: int
    """Total distance of both expeditions from their starting regions (1.3.3.b)."""
    crossed: bool

    @property
    def beyond(self) -> int:
        """How far past meeting ("advanced further than necessary", game-mode pages): 7 is a meeting."""
        return self.distance - 7


def finishers(game: Game) -> list[Finisher]:
    result = []
    for player in game.board.players:
        hero, companion = player.hero.position, player.companion.position
        if hero == ARENA or companion == ARENA:
            continue
        if int(hero) >= int(companion):
            distance = player.hero.distance() + player.companion.distance()
            result.append(Finisher(player.name, distance, int(hero) > int(companion)))
    return result


def _finish(game: Game, outcome: Outcome) -> None:
    game.board.outcome = outcome
    game.log.trace.add(msg("end.win", winners=Items(tuple(Player(w) for w in outcome.winners)), count=len(outcome.winners),
                       reason=outcome.message), *outcome.rules, rulings=outcome.rulings)


def check_end(game: Game) -> None:
    """Called after every event that may move expeditions (4.3.a-b are additive event modifiers)."""
    # 1. A game already won stays won; during tiebreakers nobody moves (4.3.g), Dusk decides.
    if game.board.outcome.over or game.board.tiebreakers:
        return
    # 2. Who has finished: hero and companion expeditions on the same region, or past each other.
    done = finishers(game)
    if not done:
        return
    for f in done:
        game.log.trace.add(
            msg("end.cross" if f.crossed else "end.meet", player=Player(f.name), distance=f.distance),
            "4.3.b" if f.crossed else "4.3.a",
            "1.3.3.a",
        )
    # 3. The mode's own victory conditions.
    if game.board.mode is Mode.TWO_PLAYER:
        _two_player_end(game, done)
    elif game.board.mode is Mode.TWO_VS_TWO:
        _two_vs_two_end(game, done)
    else:
        _free_for_all_end(game, done)


def _two_player_end(game: Game, done: list[Finisher]) -> None:
    # 4.3.a/b: a single player's expeditions meet or cross: they win.
    if len(done) == 1:
        f = done[0]
        _finish(game, Outcome((f.name,), Termination.EXPEDITIONS_CROSSED if f.crossed else Termination.EXPEDITIONS_MET))
        return
    # Both at the same time: compare total distances (1.3.3.b); equal distances start tiebreakers
    # (4.3.c, 1.3.3.c). Ruling same-dusk-finish explains why 1.3.3.b decides before 4.3.c.
    a, b = done
    if a.distance != b.distance:
        best = max(done, key=lambda f: f.distance)
        other = b if best is a else a
        _finish(
            game,
            Outcome(
                (best.name,),
                Termination.GREATER_DISTANCE,
                (("distance", best.distance), ("other", Player(other.name)), ("other_distance", other.distance)),
            ),
        )
        return
    game.log.trace.add(
        msg("end.same_distance", distance=a.distance),
        "4.3.c",
        "1.3.3.b",
        "1.3.3.c",
        rulings=(Ruling.SAME_DUSK_FINISH,),
    )
    start_tiebreakers(game, tuple(game.board.names))


def _two_vs_two_end(game: Game, done: list[Finisher]) -> None:
    teams: dict[tuple[PlayerName, PlayerName], list[Finisher]] = {}
    for f in done:
        teams.setdefault(game.board.team_of(f.name), []).append(f)
    # Only one team's players finished: "wins the game for their team".
    if len(teams) == 1:
        team = next(iter(teams))
        _finish(game, Outcome(team, Termination.TEAM_FINISHED, (("finishers", Items(tuple(Player(f.name) for f in done))),)))
        return
    (team_a, fin_a), (team_b, fin_b) = teams.items()
    # Three players: "the two allied players win the game".
    if len(fin_a) != len(fin_b):
        team = team_a if len(fin_a) > len(fin_b) else team_b
        _finish(game, Outcome(team, Termination.THREE_FINISHED))
        return
    # Two (one per team) or four: the team that advanced further than necessary wins, else a tiebreaker day.
    beyond_a, beyond_b = sum(f.beyond for f in fin_a), sum(f.beyond for f in fin_b)
    if beyond_a != beyond_b:
        team = team_a if beyond_a > beyond_b else team_b
        _finish(
            game,
            Outcome(team, Termination.TEAM_ADVANCED_FURTHER, (("more", max(beyond_a, beyond_b)), ("fewer", min(beyond_a, beyond_b)))),
        )
        return
    game.log.trace.add(msg("end.teams_same_advance"), "2v2.victory", rulings=(Ruling.MULTIPLAYER_FINISH,))
    start_tiebreakers(game, tuple(game.board.names))


def _free_for_all_end(game: Game, done: list[Finisher]) -> None:
    # "The first player whose Hero and Companion Expeditions meet in the same Region wins the game."
    if len(done) == 1:
        _finish(game, Outcome((done[0].name,), Termination.ONLY_FINISHER))
        return
    # Several at once: one who advanced further than necessary wins; otherwise a tiebreaker day
    # with only the players who advanced the furthest.
    furthest = max(f.beyond for f in done)
    leaders = [f for f in done if f.beyond == furthest]
    if furthest > 0 and len(leaders) == 1:
        _finish(game, Outcome((leaders[0].name,), Termination.ADVANCED_FURTHER))
        return
    game.log.trace.add(
        msg("end.several_finished", players=Items(tuple(Player(f.name) for f in leaders))),
        "free-for-all.victory",
        rulings=(Ruling.MULTIPLAYER_FINISH,),
    )
    start_tiebreakers(game, tuple(f.name for f in leaders))


def start_tiebreakers(game: Game, players: tuple[PlayerName, ...]) -> None:
    """4.3.d-f, 1.3.3.c-d: the companion region card becomes the Arena, every expedition goes there."""
    game.board.tiebreakers = True
    game.board.tiebreaker_players = players
    for expedition in game.board.expeditions():
        expedition.position = ARENA
    game.log.trace.add(
        msg("end.tiebreakers_start"),
        "4.3.d",
        "4.3.e",
        "4.3.f",
        "1.3.3.c",
    )


def _team_total(game: Game, names: tuple[PlayerName, ...]) -> Statistics:
    total = Statistics()
    for name in names:
        for expedition in game.board.player(name).expeditions:
            # Summing both expeditions counts a Gigantic character twice (7.4.3.b, 7.4.3.i).
            total = total + game.board.expedition_statistics(name, expedition.kind, game.log)
    return total


def decide_tiebreaker(game: Game) -> None:
    """The Progress of a tiebreaker Dusk (4.3.h, 1.3.3.d-e; 2v2 page; Free for All refused)."""
    if game.board.mode is Mode.FREE_FOR_ALL:
        _free_for_all_tiebreaker(game)
        return
    sides: list[tuple[PlayerName, ...]]
    if game.board.mode is Mode.TWO_PLAYER:
        sides = [(name,) for name in game.board.names]
        won_by = Termination.REGION_TYPES_WON
    else:
        first = game.board.team_of(game.board.names[0])
        sides = [first, game.board.team_of(game.board.names[1])]
        won_by = Termination.TEAM_REGION_TYPES_WON
    totals = [_team_total(game, side) for side in sides]
    for side, total in zip(sides, totals):
        gigantic = [
            Card(o.name) for n in side for o in game.board.characters_in(n, game.board.player(n).hero.kind) if o.card.has(Keyword.GIGANTIC)
        ]
        line = msg("end.side_total", side=Items(tuple(Player(n) for n in side)), count=len(side), total=statistics_said(total))
        if gigantic:
            line = msg("end.side_total_gigantic", total=line, giants=Items(tuple(gigantic)))
        game.log.trace.add(line, "4.3.h", "1.3.3.d")
    wins = [0, 0]
    names = [Items(tuple(Player(n) for n in side)) for side in sides]
    comparisons: list[Message] = []
    compared: tuple[RegionType, ...] = tuple(RegionType)
    if game.board.mode is Mode.TWO_VS_TWO:
        # The 2v2 page: "each team totals the statistics of its Characters for each type of Region in
        # the Arena ... The team that beats its opponent in the most region types wins": the Arena's
        # region types as they are (4.3.f, changed by abilities in play, 2.2.2.p). 4.3.h (two
        # players) compares each statistic, whatever the Arena's types.
        arena = game.region_types_at(ARENA)
        compared = tuple(t for t in RegionType if t in arena)
        if len(compared) < len(RegionType):
            game.log.trace.add(
                msg("end.arena_types", types=Items(tuple(Term(t.value) for t in compared))),
                "2v2.tiebreaker", "4.3.f", "2.2.2.p",
            )
    for statistic in compared:  # the Arena has all three region types (4.3.f) unless an ability changes them
        a, b = totals[0][statistic], totals[1][statistic]
        if a == b:
            comparisons.append(msg("end.compare_tie", type=Term(statistic.value), a=a, b=b))
        else:
            wins[0 if a > b else 1] += 1
            comparisons.append(msg("end.compare_goes_to", type=Term(statistic.value), a=a, b=b, side=names[0 if a > b else 1]))
    rulings: tuple[Ruling, ...] = (Ruling.TIEBREAKER_COMPARISON,)
    if game.board.mode is Mode.TWO_PLAYER:
        rulings += _arena_types_agree(game, totals, wins, names)
    game.log.trace.add(
        msg("end.comparing", comparisons=Items(tuple(comparisons)), first=names[0], first_wins=wins[0], second=names[1], second_wins=wins[1]),
        "4.3.h",
        "4.3.f",
        rulings=rulings,
    )
    if wins[0] == wins[1]:
        game.log.trace.add(msg("end.no_side_wins"), "4.3.h", "1.3.3.f")
        return
    winner = sides[0] if wins[0] > wins[1] else sides[1]
    _finish(game, Outcome(winner, won_by, (("more", max(wins)), ("fewer", min(wins)))))


def _side_winning(wins: list[int]) -> int | None:
    return None if wins[0] == wins[1] else (0 if wins[0] > wins[1] else 1)


def _arena_types_agree(game: Game, totals: list[Statistics], wins: list[int], names: list[Items]) -> tuple[Ruling, ...]:
    """4.3.h compares the three statistics; 1.3.3.e the region types the Arena has (4.3.f), which an
    ability can change (2.2.2.p). With all three they are the same comparison. Otherwise both are
    worked out: the same winner, the trace says so; different winners, the ruling that settles the
    pair is followed and cited, and without one the engine refuses, saying what each rule gives."""
    arena = game.region_types_at(ARENA)
    if arena == frozenset(RegionType):
        return ()
    by_types = [0, 0]
    for statistic in RegionType:
        if statistic in arena and totals[0][statistic] != totals[1][statistic]:
            by_types[0 if totals[0][statistic] > totals[1][statistic] else 1] += 1
    by_statistics, by_region_types = _side_winning(wins), _side_winning(by_types)

    def outcome(side: int | None) -> Message:
        return msg("end.rule_gives_none") if side is None else msg("end.rule_gives", side=names[side])

    types = Items(tuple(Term(t.value) for t in RegionType if t in arena))
    if by_statistics == by_region_types:
        game.log.trace.add(msg("end.arena_rules_agree", types=types, outcome=outcome(by_statistics)), "4.3.h", "1.3.3.e", "4.3.f")
        return ()
    ruling = SETTLED.get("4.3.h/1.3.3.e")
    if ruling is None:
        raise silent(msg("refusal.rules_disagree", types=types, statistics=outcome(by_statistics), region_types=outcome(by_region_types)),
                     Unenumerable.NO_CANDIDATES)
    game.log.trace.add(msg("end.arena_rules_differ", types=types, statistics=outcome(by_statistics), region_types=outcome(by_region_types),
                           ruling=Quote(ruling.value)), "4.3.h", "1.3.3.e", rulings=(ruling,))
    return (ruling,)


def _free_for_all_tiebreaker(game: Game) -> None:
    """The Free for All tiebreaker Dusk, as far as its example decides it (ruling
    free-for-all-tiebreaker): a region type goes to the one player whose total in it is higher than
    every other tiebreaker player's; a shared highest total gives it to nobody ("neither of them
    has the highest score"). If region types go to one player only, that player wins ("Alice
    wins"); anything else the example does not decide, and the engine refuses."""
    players = game.board.tiebreaker_players or tuple(game.board.names)
    totals = {name: _team_total(game, (name,)) for name in players}
    for name, total in totals.items():
        game.log.trace.add(msg("end.player_total", player=Player(name), total=statistics_said(total)), "1.3.3.d", rulings=(Ruling.FREE_FOR_ALL_TIEBREAKER,))
    holders: dict[RegionType, PlayerName] = {}
    words: list[Message] = []
    for statistic in RegionType:  # the Arena is forest, mountain and water (4.3.f)
        best = max(total[statistic] for total in totals.values())
        leaders = [name for name, total in totals.items() if total[statistic] == best]
        if len(leaders) == 1:
            holders[statistic] = leaders[0]
            words.append(msg("end.alone_highest", player=Player(leaders[0]), type=Term(statistic.value), best=best))
        else:
            words.append(msg("end.share_highest", players=Items(tuple(Player(n) for n in leaders)), type=Term(statistic.value), best=best))
    game.log.trace.add(msg("end.highest", holders=Items(tuple(words))), "4.3.f", rulings=(Ruling.FREE_FOR_ALL_TIEBREAKER,))
    owners = set(holders.values())
    if len(owners) != 1:
        raise silent(
            msg("refusal.ffa_tiebreaker_nobody") if not owners
            else msg("refusal.ffa_tiebreaker_several", players=Items(tuple(Player(o) for o in sorted(owners)))),
            Unenumerable.LOST_TEXT,
        )
    (winner,) = owners
    others = [n for n in players if n != winner]
    _finish(
        game,
        Outcome((winner,), Termination.HIGHEST_TOTAL, (("others", Items(tuple(Player(n) for n in others))),)),
    )
