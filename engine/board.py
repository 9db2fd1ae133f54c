"""The board: what a judge sees on the table. The players, their Hand and Deck and their two
expeditions, every object and where it is, the Adventure, the game mode, the first player, the day,
the phase and whose turn it is, who has passed, the cards presented before the game, and whether the
game is over. What the engine records while it decides (the trace, what happened, the decisions, the
readings, the work spent) is the run log (engine.runlog); engine.state pairs the two in a `Game`,
and makes, moves and ends objects there, since each change is also recorded.

Every method here reads the board, or changes it where nothing is recorded (an expedition placed,
a card drawn from a hidden zone to another). `Board.new` checks a board and raises documented
`EngineError`s; the rest trusts its arguments.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Iterator, Mapping

from .messages import Card as Named, Quote, msg
from .adventure import Adventure
from .errors import BoardError, RegionOutOfRange, RulesSilent, UnknownPlayer
from .objects import CannotMove, Card, Direction, EmblemKind, GameObject, RegionPassive
from .decisions import ASLEEP_NOT_COUNTED, BOOST_ADDS_ONE, FollowsDecisions, Question, decided
from .readings import Unenumerable, silent
from .records import Expedition, Outcome, Player
from .vocabulary import (
    BoosterWar,
    ARENA,
    COMPANION_REGION,
    HERO_REGION,
    REGION_COUNT,
    ExpeditionKind,
    Keyword,
    Mode,
    ObjectType,
    Phase,
    PlayerName,
    Position,
    Statistics,
    Status,
    Zone,
)

__all__ = ["Board", "IN_PLAY"]

IN_PLAY = frozenset({Zone.EXPEDITION, Zone.HERO, Zone.LANDMARK})
"""In play: the Expedition zone, the Hero zone and the Landmark zone (1.2.4.d)."""


@dataclass
class Board:
    players: list[Player]
    """Seating order, clockwise: the next player in the list sits to the left (4.2.1.b)."""
    first_player: PlayerName
    mode: Mode = Mode.TWO_PLAYER
    adventure: Adventure = field(default_factory=Adventure.unknown)
    tiebreakers: bool = False
    booster_war: BoosterWar | None = None
    """The Booster War page's game mode and its variant: unlimited Mana, three cards drawn in the
    Morning, the game's end after four days."""
    tiebreaker_players: tuple[PlayerName, ...] = ()
    day: int | None = None
    """The day number when the scenario gives it (the first day has no Morning, 1.3.1.d)."""
    phase: Phase | None = None
    turn: PlayerName | None = None
    """During the Afternoon, the player whose turn it is (1.3.2.d)."""
    passed: set[PlayerName] = field(default_factory=set)
    """The players who have passed this Afternoon (1.3.2.d)."""
    outcome: Outcome = field(default_factory=Outcome)
    objects: dict[int, GameObject] = field(default_factory=dict)
    presented: Mapping[PlayerName, Card] | None = None
    """4.1.e-f: the card each player presents face down before the game begins (their Hero, or a card
    from outside the game); revealed at 4.1.h by engine.beginning."""
    hosted: bool = False
    """Whether an object is in an expedition of a player who does not control it (GameObject.host)."""
    _clock: int = 0

    # ---- the checked public constructor -------------------------------------------------
    @classmethod
    def new(
        cls,
        players: list[PlayerName],
        *,
        first_player: PlayerName | None = None,
        mode: Mode = Mode.TWO_PLAYER,
        positions: dict[tuple[PlayerName, ExpeditionKind], Position] | None = None,
        adventure: Adventure | None = None,
        tiebreakers: bool = False,
    ) -> "Board":
        """The given board; raises BoardError/UnknownPlayer/RegionOutOfRange when it cannot exist."""
        if len(set(players)) != len(players) or any(not isinstance(p, str) or not p for p in players):
            raise BoardError(msg("board.players_distinct", players=Quote(repr(players))))
        wanted = 2 if mode is Mode.TWO_PLAYER else 4
        if len(players) != wanted:
            raise BoardError(msg("board.players_count", mode=Quote(mode.value), wanted=wanted, n=len(players), players=Quote(", ".join(players))))
        first = first_player if first_player is not None else players[0]
        if first not in players:
            raise UnknownPlayer(msg("board.first_not_seated", name=Quote(repr(first)), players=Quote(", ".join(players))))
        board = cls(
            players=[
                Player(
                    name,
                    Expedition(name, ExpeditionKind.HERO, ARENA if tiebreakers else HERO_REGION),
                    Expedition(name, ExpeditionKind.COMPANION, ARENA if tiebreakers else COMPANION_REGION),
                )
                for name in players
            ],
            first_player=first,
            mode=mode,
            adventure=adventure if adventure is not None else Adventure.unknown(),
            tiebreakers=tiebreakers,
            tiebreaker_players=tuple(players) if tiebreakers else (),
        )
        for (name, kind), position in (positions or {}).items():
            board.place(name, kind, position)
        return board

    def place(self, name: PlayerName, kind: ExpeditionKind, position: Position) -> None:
        """Put an expedition on a region (checked)."""
        expedition = self.player(name).expedition(kind)
        if self.tiebreakers:
            if position != ARENA:
                raise RegionOutOfRange(msg("board.tiebreakers_arena", expedition=expedition.said, position=Quote(repr(position))))
        elif position == ARENA or isinstance(position, bool) or not isinstance(position, int) or not 0 <= position < REGION_COUNT:
            raise RegionOutOfRange(msg("board.region_out_of_range", expedition=expedition.said, position=Quote(repr(position))))
        expedition.position = position

    # ---- queries ------------------------------------------------------------------------
    def player(self, name: PlayerName) -> Player:
        for player in self.players:
            if player.name == name:
                return player
        raise UnknownPlayer(msg("read.unknown_player", name=Quote(repr(name)), players=Quote(", ".join(p.name for p in self.players))))

    @property
    def names(self) -> list[PlayerName]:
        return [p.name for p in self.players]

    def expedition(self, name: PlayerName, kind: ExpeditionKind) -> Expedition:
        return self.player(name).expedition(kind)

    def expeditions(self) -> Iterator[Expedition]:
        for player in self.players:
            yield from player.expeditions

    def initiative_order(self) -> list[PlayerName]:
        """Initiative order (6.1.g, 4.4.b), which the sources never define: during a turn it starts
        with the player whose turn it is, otherwise with the first player, then clockwise (ruling
        initiative-order, from the example of 6.1.g)."""
        names = self.names
        start = names.index(self.turn if self.turn is not None else self.first_player)
        return names[start:] + names[:start]

    def next_in_seating(self, name: PlayerName) -> PlayerName:
        return self.left_of(name)

    def left_of(self, name: PlayerName) -> PlayerName:
        names = self.names
        return names[(names.index(name) + 1) % len(names)]

    def opponent(self, name: PlayerName) -> PlayerName:
        """The opponent in a two-player game."""
        first, second = self.players  # asked for every expedition at every Dusk
        if first.name == name:
            return second.name
        assert second.name == name, f"{name!r} is not seated"
        return first.name

    def is_first_player(self, name: PlayerName) -> tuple[bool, str]:
        """Whether an effect that asks "if you are the first player" finds `name` to be the first
        player, and the rule that says so. In 2v2 such effects "activate if one of the team members
        has the first player token" (the 2v2 page, First player effects); in Free for All "only if you
        have the first player token" (its page); in a two-player game, the player who has it."""
        if self.mode is Mode.TWO_VS_TWO:
            return name in self.team_of(self.first_player), "2v2.first-player"
        if self.mode is Mode.FREE_FOR_ALL:
            return name == self.first_player, "free-for-all.first-player"
        return name == self.first_player, "4.2.1.b"  # who holds the first player token (Succeed passes it on)

    def team_of(self, name: PlayerName) -> tuple[PlayerName, PlayerName]:
        """2v2: teammates sit opposite each other, so seats 1 and 3, and seats 2 and 4, are teams."""
        names = self.names
        i = names.index(name) % 2
        return (names[i], names[i + 2])

    def in_zone(self, zone: Zone, controller: PlayerName | None = None) -> list[GameObject]:
        # Oldest first with no sort: `Game.enter` is the only place an object is added to `objects`,
        # under a new id equal to its timestamp, which grows, so the dict's order is the timestamps'
        # order (tests/engine_tests/test_object_order.py). Asked a dozen times per Dusk.
        if controller is None:
            return [o for o in self.objects.values() if o.zone is zone]
        return [o for o in self.objects.values() if o.zone is zone and o.controller == controller]

    def characters_in(self, name: PlayerName, kind: ExpeditionKind) -> list[GameObject]:
        """Characters in an expedition; a Gigantic one is in both of its controller's (7.4.3.b)."""
        if not self.hosted:  # every object is in its controller's expeditions: the quick filter
            return [
                o
                for o in self.in_zone(Zone.EXPEDITION, name)
                if o.card.type is ObjectType.CHARACTER and (o.expedition is kind or o.card.has(Keyword.GIGANTIC))
            ]
        return [
            o
            for o in self.in_zone(Zone.EXPEDITION)
            if o.side == name and o.card.type is ObjectType.CHARACTER and (o.expedition is kind or o.card.has(Keyword.GIGANTIC))
        ]

    def expedition_statistics(self, name: PlayerName, kind: ExpeditionKind, log: FollowsDecisions | None = None) -> Statistics:
        """Sum of the statistics of its characters (4.2.4.b; Gigantic counted here too, 7.4.3.e).
        A boosted character is refused: the seeds never say what a boost does to statistics, and
        summing its printed ones would drop the boost in silence; unless a rule of the glossary
        decides it (engine.decisions, through the run's `log`)."""
        known, unknown = self.expedition_sum(name, kind, log)
        if unknown:
            raise unknown[0]
        return known

    def expedition_sum(self, name: PlayerName, kind: ExpeditionKind,
                       log: FollowsDecisions | None = None) -> tuple[Statistics, tuple[RulesSilent, ...]]:
        """The sum of the statistics the sources give for its characters, and a refusal for each
        character whose statistics they do not (boosted, Asleep, not printed): what that character
        adds is unknown, and Progress works out every case of it (engine.dusk). Where a rule of the
        glossary decides what a boost or Asleep does (engine.decisions, the run's `log`), the sum
        follows it and the trace cites it: an Asleep character adds nothing, each boost adds 1 to
        each statistic."""
        forest = mountain = water = 0  # summed as numbers: one Statistics made, not one per character
        unknown: list[RulesSilent] = []
        decisions = log is not None and bool(log.decisions)
        for character in self.characters_in(name, kind):
            if decisions and Status.ASLEEP in character.statuses and log is not None \
                    and decided(log, Question.ASLEEP_STATISTICS) == ASLEEP_NOT_COUNTED:
                continue
            boosts = 0
            if character.boosts:
                if decisions and log is not None and decided(log, Question.BOOSTED_STATISTICS) == BOOST_ADDS_ONE:
                    boosts = character.boosts
                else:
                    unknown.append(silent(
                        msg("refusal.boosted_statistics", card=Named(character.name), n=character.boosts,
                            expedition=self.expedition(name, kind).said),
                        Unenumerable.UNPRINTED_VALUE,
                    ))
                    continue
            if Status.ASLEEP in character.statuses:
                unknown.append(silent(
                    msg("refusal.asleep_statistics", card=Named(character.name), expedition=self.expedition(name, kind).said),
                    Unenumerable.LOST_TEXT,
                ))
                continue
            statistics = character.card.statistics
            if statistics is None:
                unknown.append(silent(
                    msg("refusal.statistics_unknown", card=Named(character.name), expedition=self.expedition(name, kind).said),
                    Unenumerable.UNPRINTED_VALUE,
                ))
                continue
            forest += statistics.forest + boosts
            mountain += statistics.mountain + boosts
            water += statistics.water + boosts
        return Statistics(forest, mountain, water), (tuple(unknown) if unknown else ())

    def facing(self, obj: GameObject) -> list[Expedition]:
        """The expeditions facing an object in the Expedition zone: in a two-player game, the
        opponent's expedition of the same kind (ruling opposing-expeditions)."""
        if self.mode is not Mode.TWO_PLAYER:
            raise silent(msg("refusal.multiplayer_facing"), Unenumerable.MULTIPLAYER_LAYOUT)
        if obj.zone is not Zone.EXPEDITION or obj.expedition is None:
            return []
        kinds = list(ExpeditionKind) if obj.card.has(Keyword.GIGANTIC) else [obj.expedition]
        return [self.expedition(self.opponent(obj.side), kind) for kind in kinds]

    def region_passives(self) -> list[tuple[GameObject, RegionPassive]]:
        """Passive abilities in play that change every region's sub-types (2.2.2.p), oldest first."""
        # Abilities work in play (1.2.4.d); oldest first is the objects dict's order (in_zone).
        bearers = [o for o in self.objects.values() if o.card.passives and o.zone in IN_PLAY]
        return [(o, passive) for o in bearers for passive in o.card.passives if isinstance(passive, RegionPassive)]

    def ongoing(self) -> list[GameObject]:
        return [o for o in self.in_zone(Zone.LIMBO) if o.emblem is not None and o.emblem.kind is EmblemKind.ONGOING]

    def expeditions_cannot_move(self, direction: Direction) -> GameObject | None:
        """An Ongoing emblem saying "Expeditions can't move <direction>", if any (2.2.2.m example)."""
        for emblem in self.ongoing():
            assert emblem.emblem is not None
            if emblem.emblem.ongoing == CannotMove(direction):
                return emblem
        return None

    # ---- the board changed where nothing is recorded --------------------------------------
    def _tick(self) -> int:
        """The next timestamp (7.3.3.a): objects are ordered by it, oldest first."""
        self._clock += 1
        return self._clock

    def draw_card(self, name: PlayerName) -> Card:
        """7.3.5.a: the top card of the Deck goes to the Hand (both hidden: no object is made)."""
        player = self.player(name)
        card = player.deck.pop(0)
        player.hand.append(card)
        return card
