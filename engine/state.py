"""The game state: the Game, which holds the Adventure, the players and their expeditions, and the
objects, and is the only place objects are made, moved and ended.

Methods whose name starts with an underscore, and everything in `Game` that
takes already-checked values, are the unchecked internal path: they trust
their arguments. The checked public path is `Game.new` (and the functions of
`engine.api`), which validate a board and raise documented `EngineError`s.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Iterator, Mapping

from .messages import Card as Named, Message, msg
from .adventure import Adventure, Region, tumult_halves
from .errors import BoardError, LoopLimit, RegionOutOfRange, UnknownPlayer, WorkLimit
from .limits import MAX_OBJECTS, MAX_WORK
from .objects import CannotMove, Card, Direction, EmblemInfo, EmblemKind, GameObject, RegionPassive
from .places import REGION_RANGE, format_types, position_label
from .readings import Unenumerable, reading, region_order_question, silent
from .records import (
    Answer,
    CardInZone,
    CostRecord,
    EffectRecord,
    Expedition,
    Happening,
    HappeningKind,
    Outcome,
    Player,
    ProgressRecord,
    Unknown,
    UnknownScope,
)
from .trace import Trace
from .vocabulary import (
    ALL_REGION_TYPES,
    ARENA,
    COMPANION_REGION,
    HERO_REGION,
    HIDDEN_ZONES,
    REGION_COUNT,
    ExpeditionKind,
    Keyword,
    Mode,
    ObjectType,
    Phase,
    PlayerName,
    Position,
    RegionType,
    Statistics,
    Status,
    Zone,
)

__all__ = [
    "Game", "IN_PLAY",
    # The records and the Adventure, for code that still finds them here (engine.records, engine.adventure).
    "Region", "Adventure", "Expedition", "Player", "Outcome", "Happening", "CardInZone", "Unknown", "format_types",
    "tumult_halves",
]

IN_PLAY = frozenset({Zone.EXPEDITION, Zone.HERO, Zone.LANDMARK})
"""In play: the Expedition zone, the Hero zone and the Landmark zone (1.2.4.d)."""


@dataclass
class Game:
    players: list[Player]
    """Seating order, clockwise: the next player in the list sits to the left (4.2.1.b)."""
    first_player: PlayerName
    mode: Mode = Mode.TWO_PLAYER
    adventure: Adventure = field(default_factory=Adventure.unknown)
    tiebreakers: bool = False
    tiebreaker_players: tuple[PlayerName, ...] = ()
    day: int | None = None
    """The day number when the scenario gives it (the first day has no Morning, 1.3.1.d)."""
    phase: Phase | None = None
    outcome: Outcome = field(default_factory=Outcome)
    objects: dict[int, GameObject] = field(default_factory=dict)
    trace: Trace = field(default_factory=Trace)
    happenings: list[Happening] = field(default_factory=list)
    activations: dict[tuple[int, int], int] = field(default_factory=dict)
    """(object id, reaction index) -> activations this day (6.3.f)."""
    last_progress: dict[tuple[PlayerName, ExpeditionKind], ProgressRecord] = field(default_factory=dict)
    last_effect: EffectRecord | None = None
    last_cost: CostRecord | None = None
    steps_taken: int = 0
    work: int = 0
    """Units of the engine's work budget spent so far (limits.MAX_WORK; `spend_work`). A scenario run
    once per reading starts each run's game at what the runs before it spent."""
    work_lines: int = 0
    """The trace's length when work was last counted: its lines since then are counted next."""
    checking_reactions: bool = False
    turn: PlayerName | None = None
    """During the Afternoon, the player whose turn it is (1.3.2.d)."""
    passed: set[PlayerName] = field(default_factory=set)
    answers: list[Answer] = field(default_factory=list)
    """The decisions the scenario gives for its current action, in the order they are asked."""
    choices_made: list[str] = field(default_factory=list)
    reactions_played: list[str] = field(default_factory=list)
    """Every Emblem-Reaction played, in order: "Player: text" (4.4.b)."""
    emblem_log: list[GameObject] = field(default_factory=list)
    """Every emblem created, in order (an emblem ceases to exist, but the record stays)."""
    unknowns: list[Unknown] = field(default_factory=list)
    used_emblems: set[int] = field(default_factory=set)
    reactions_unchecked: Unknown | None = None
    """The lost step after which the trace has said that reactions cannot be checked any more (4.4.a)."""
    # The mappings below are rarely filled: a game has none until a run gives it one (no new
    # containers per game on the hot path).
    readings: Mapping[str, str] | None = None
    """Where the sources leave a question open, the reading this run follows, by question key
    (engine.readings); a question without one stops the run with ReadingNeeded. Give a game its own:
    `game.readings = {"token-controller": "the creator controls it"}`."""
    readings_said: frozenset[str] = frozenset()
    """The questions whose reading the trace has already named."""
    presented: Mapping[PlayerName, Card] | None = None
    """4.1.e-f: the card each player presents face down before the game begins (their Hero, or a card
    from outside the game); revealed at 4.1.h by engine.beginning."""
    hosted: bool = False
    """Whether an object is in an expedition of a player who does not control it (GameObject.host)."""
    _clock: int = 0

    def spend_work(self, units: int | None = None) -> None:
        """Count the engine's work (limits.MAX_WORK): an action, a step or an Emblem-Reaction costs one
        unit and one per object in the game (the engine looks at each); a caller that knows its own
        cost gives it as `units` (each reaction compared with each event). Every trace line said
        since the last count costs one more. WorkLimit past the budget, before the engine runs for
        minutes on a scenario far larger than a game."""
        lines = len(self.trace)
        self.work += (1 + len(self.objects) if units is None else units) + lines - self.work_lines
        self.work_lines = lines
        if self.work > MAX_WORK:
            raise WorkLimit(msg("refusal.work_limit", limit=MAX_WORK))

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
    ) -> "Game":
        """A game at the given board; raises BoardError/UnknownPlayer/RegionOutOfRange when it cannot exist."""
        if len(set(players)) != len(players) or any(not isinstance(p, str) or not p for p in players):
            raise BoardError(f"players must be distinct non-empty names, got {players!r}")
        wanted = 2 if mode is Mode.TWO_PLAYER else 4
        if len(players) != wanted:
            raise BoardError(f"a {mode.value} game has {wanted} players, got {len(players)}: {', '.join(players)}")
        first = first_player if first_player is not None else players[0]
        if first not in players:
            raise UnknownPlayer(f"first player {first!r} is not seated; players: {', '.join(players)}")
        game = cls(
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
            game.place(name, kind, position)
        return game

    def place(self, name: PlayerName, kind: ExpeditionKind, position: Position) -> None:
        """Put an expedition on a region (checked)."""
        expedition = self.player(name).expedition(kind)
        if self.tiebreakers:
            if position != ARENA:
                raise RegionOutOfRange(
                    f"during tiebreakers every expedition is in the Arena (1.3.3.d); {expedition.label} cannot be at {position!r}"
                )
        elif position == ARENA or isinstance(position, bool) or not isinstance(position, int) or not 0 <= position < REGION_COUNT:
            raise RegionOutOfRange(
                f"{expedition.label} cannot be at region {position!r}: {REGION_RANGE}; `arena` only during tiebreakers"
            )
        expedition.position = position

    # ---- queries ------------------------------------------------------------------------
    def player(self, name: PlayerName) -> Player:
        for player in self.players:
            if player.name == name:
                return player
        raise UnknownPlayer(f"unknown player {name!r}; players: {', '.join(p.name for p in self.players)}")

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
        return name == self.first_player, "4.1.g"

    def team_of(self, name: PlayerName) -> tuple[PlayerName, PlayerName]:
        """2v2: teammates sit opposite each other, so seats 1 and 3, and seats 2 and 4, are teams."""
        names = self.names
        i = names.index(name) % 2
        return (names[i], names[i + 2])

    def in_zone(self, zone: Zone, controller: PlayerName | None = None) -> list[GameObject]:
        # Oldest first with no sort: `enter` is the only place an object is added to `objects`, under
        # a new id equal to its timestamp, which grows, so the dict's order is the timestamps' order.
        # Asked a dozen times per Dusk, each a pass over every object.
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

    def expedition_statistics(self, name: PlayerName, kind: ExpeditionKind) -> Statistics:
        """Sum of the statistics of its characters (4.2.4.b; Gigantic counted here too, 7.4.3.e).
        A boosted character is refused: the sources never say what a boost does to statistics, and
        summing its printed ones would drop the boost in silence."""
        forest = mountain = water = 0  # summed as numbers: one Statistics made, not one per character
        for character in self.characters_in(name, kind):
            if character.boosts:
                raise silent(
                    msg("refusal.boosted_statistics", card=Named(character.name), n=character.boosts,
                        expedition=self.expedition(name, kind).said),
                    Unenumerable.UNPRINTED_VALUE,
                )
            if Status.ASLEEP in character.statuses:
                raise silent(
                    msg("refusal.asleep_statistics", card=Named(character.name), expedition=self.expedition(name, kind).said),
                    Unenumerable.LOST_TEXT,
                )
            statistics = character.card.statistics
            if statistics is None:
                raise silent(
                    msg("refusal.statistics_unknown", card=Named(character.name), expedition=self.expedition(name, kind).said),
                    Unenumerable.UNPRINTED_VALUE,
                )
            forest += statistics.forest
            mountain += statistics.mountain
            water += statistics.water
        return Statistics(forest, mountain, water)

    def facing(self, obj: GameObject) -> list[Expedition]:
        """The expeditions facing an object in the Expedition zone: in a two-player game, the
        opponent's expedition of the same kind (ruling opposing-expeditions)."""
        if self.mode is not Mode.TWO_PLAYER:
            raise silent(msg("refusal.multiplayer_facing"), Unenumerable.MULTIPLAYER_LAYOUT)
        if obj.zone is not Zone.EXPEDITION or obj.expedition is None:
            return []
        kinds = list(ExpeditionKind) if obj.card.has(Keyword.GIGANTIC) else [obj.expedition]
        return [self.expedition(self.opponent(obj.side), kind) for kind in kinds]

    def board_unknown(self) -> Unknown | None:
        """The first step whose lost game effect leaves the whole board unknown, if any."""
        if not self.unknowns:  # asked at every check of reactions: most games lose no step
            return None
        return next((u for u in self.unknowns if u.scope is UnknownScope.ALL), None)

    def refuse_if_unknown(self, what: Message, *, player: PlayerName | None = None, zone: Zone | None = None,
                          object_id: int | None = None) -> None:
        """RulesSilent when `what` depends on a step whose game effect the sources do not give."""
        for unknown in self.unknowns:
            if (
                unknown.scope is UnknownScope.ALL
                or (unknown.scope is UnknownScope.MANA and zone is Zone.MANA and unknown.player == player)
                or (unknown.scope is UnknownScope.OBJECT and object_id is not None and unknown.object_id == object_id)
            ):
                raise silent(msg("refusal.depends_on_unknown", what=what, unknown=unknown.said), Unenumerable.UNKNOWN_BOARD)

    def region_types_at(
        self, position: Position, passives: list[tuple[GameObject, RegionPassive]] | None = None
    ) -> frozenset[RegionType]:
        """`passives`: `region_passives()`, when the caller has listed them for a board that has not
        changed since (Progress asks for every expedition's region at once)."""
        printed = ALL_REGION_TYPES if position == ARENA else self.adventure[int(position)].region_types()  # 4.3.f
        return self.apply_region_passives(printed, passives)

    def region_passives(self) -> list[tuple[GameObject, RegionPassive]]:
        """Passive abilities in play that change every region's sub-types (2.2.2.p), oldest first."""
        # Abilities work in play (1.2.4.d); oldest first is the objects dict's order (in_zone).
        bearers = [o for o in self.objects.values() if o.card.passives and o.zone in IN_PLAY]
        return [(o, passive) for o in bearers for passive in o.card.passives if isinstance(passive, RegionPassive)]

    def apply_region_passives(
        self, types: frozenset[RegionType], passives: list[tuple[GameObject, RegionPassive]] | None = None
    ) -> frozenset[RegionType]:
        if passives is None:
            passives = self.region_passives()
        if not passives:
            return types  # no ability changes region types: the printed ones stand
        if len({p for _, p in passives}) > 1 and any(p.lose_others for _, p in passives):
            # The sources give no order in which such effects apply (2.2.2.p): each order is a reading
            # (engine.readings), named by the objects bearing them.
            labels = _bearer_labels(passives)
            order = reading(self, region_order_question(labels)).split(", then ")
            passives = [passives[labels.index(label)] for label in order]
        for _, passive in passives:
            types = frozenset({passive.region_type}) if passive.lose_others else types | {passive.region_type}
        return types

    def region_label(self, position: Position) -> str:
        return position_label(position)

    def ongoing(self) -> list[GameObject]:
        return [o for o in self.in_zone(Zone.LIMBO) if o.emblem is not None and o.emblem.kind is EmblemKind.ONGOING]

    def expeditions_cannot_move(self, direction: Direction) -> GameObject | None:
        """An Ongoing emblem saying "Expeditions can't move <direction>", if any (2.2.2.m example)."""
        for emblem in self.ongoing():
            assert emblem.emblem is not None
            if emblem.emblem.ongoing == CannotMove(direction):
                return emblem
        return None

    # ---- objects and zones: the only places objects are made, moved and ended -------------
    def _tick(self) -> int:
        self._clock += 1
        return self._clock

    def enter(
        self,
        card: Card,
        zone: Zone,
        owner: PlayerName,
        *,
        expedition: ExpeditionKind | None = None,
        emblem: EmblemInfo | None = None,
        exhausted: bool = False,
        from_zone: Zone | None = None,
        controller: PlayerName | None = None,
        given: bool = False,
        host: PlayerName | None = None,
    ) -> GameObject:
        """A new object in a visible zone, with a new identity and timestamp (2.1.c, 7.3.3.a).
        `given`: it is on the board a scenario gives; it did not enter, so nothing happened that a
        reaction could trigger on (6.3.b)."""
        assert zone not in HIDDEN_ZONES
        if len(self.objects) >= MAX_OBJECTS:
            raise LoopLimit(msg("refusal.loop_objects", limit=MAX_OBJECTS))
        stamp = self._tick()
        face_down = None
        if zone is Zone.MANA and card.type is not ObjectType.MANA_ORB:
            # 2.2.1.f: a face-down card in the Mana zone is a Mana Orb.
            face_down, card = card, Card(None, ObjectType.MANA_ORB)
        obj = GameObject(stamp, stamp, card, zone, owner, controller or owner, expedition, exhausted, emblem)
        obj.face_down = face_down
        if host is not None and host != obj.controller:
            obj.host = host  # in another player's expedition (engine.readings, token-controller)
            self.hosted = True
        self.objects[obj.id] = obj
        if emblem is not None:
            self.emblem_log.append(obj)
        if given:
            return obj
        self.happenings.append(Happening(HappeningKind.ENTERS, obj.id, owner, expedition, zone, from_zone=from_zone))
        if zone is Zone.EXPEDITION and expedition is not None:
            for kind in ExpeditionKind:
                if kind is expedition or card.has(Keyword.GIGANTIC):
                    # 7.5.4.b: joins the Expedition zone and its expedition (a Gigantic one: both, 7.4.3.b)
                    self.happenings.append(Happening(HappeningKind.JOINS_EXPEDITION, obj.id, obj.side, kind, zone))
        return obj

    def move(
        self,
        thing: GameObject | CardInZone,
        zone: Zone,
        *,
        expedition: ExpeditionKind | None = None,
        statuses: frozenset[Status] = frozenset(),
    ) -> GameObject | None:
        """Every change of zone goes through here (2.1.c): the old object ends; the card becomes a
        new object in a visible destination, or a plain card in a hidden one (2.1.g). A card from a
        hidden zone (Hand, Deck) is `CardInZone`. A token that leaves the Expedition zone joins its
        new zone, then ceases to exist (2.1.d, 7.5.4.d, 7.5.5.b). Returns the new object, or None."""
        if isinstance(thing, CardInZone):
            assert zone is not thing.zone
            self.player(thing.owner).hidden(thing.zone).remove(thing.card)
            card, owner, source_zone = thing.card, thing.owner, thing.zone
            if zone in HIDDEN_ZONES:
                self.player(owner).hidden(zone).insert(0, card)
                return None
            new = self.enter(card, zone, owner, expedition=expedition, from_zone=source_zone)
            new.statuses |= set(statuses)
            return new
        obj = thing
        if zone is Zone.RESERVE and obj.zone in IN_PLAY and Status.FLEETING in obj.statuses:
            raise silent(
                msg("refusal.fleeting_to_reserve", card=Named(obj.name)),
                Unenumerable.LOST_TEXT,
            )
        assert zone is not obj.zone, "moving between expeditions is not a zone change (3.2.4.d): use switch"
        del self.objects[obj.id]
        if obj.zone is Zone.EXPEDITION:
            for kind in ExpeditionKind:
                if kind is obj.expedition or obj.card.has(Keyword.GIGANTIC):
                    self.happenings.append(Happening(HappeningKind.LEAVES_EXPEDITION, obj.id, obj.controller, kind, obj.zone))
        card = obj.face_down if obj.face_down is not None else obj.card
        if zone in HIDDEN_ZONES:
            if not card.token:
                self.player(obj.owner).hidden(zone).insert(0, card)
            self.happenings.append(Happening(HappeningKind.LEAVES_ZONE, obj.id, obj.controller, obj.expedition, obj.zone, from_zone=zone))
            self.happenings.append(Happening(HappeningKind.CEASES, obj.id, obj.owner, None, zone))
            return None
        new = self.enter(card, zone, obj.owner, expedition=expedition, from_zone=obj.zone)
        new.statuses |= set(statuses)
        self.happenings.append(Happening(HappeningKind.LEAVES_ZONE, obj.id, obj.controller, obj.expedition, obj.zone, from_zone=zone, new_id=new.id))
        if card.token and obj.zone is Zone.EXPEDITION:
            del self.objects[new.id]
            self.happenings.append(Happening(HappeningKind.CEASES, new.id, new.owner, None, zone))
            return None
        return new

    def switch(self, obj: GameObject) -> None:
        """7.3.22: the object goes to its controller's other expedition without changing zones (3.2.4.d);
        it keeps its identity. A Gigantic character's card switches, the character neither leaves nor
        joins (7.4.3.j)."""
        assert obj.zone is Zone.EXPEDITION and obj.expedition is not None
        old = obj.expedition
        obj.expedition = old.other
        if not obj.card.has(Keyword.GIGANTIC):
            self.happenings.append(Happening(HappeningKind.LEAVES_EXPEDITION, obj.id, obj.controller, old, obj.zone))
            self.happenings.append(Happening(HappeningKind.JOINS_EXPEDITION, obj.id, obj.controller, old.other, obj.zone))

    def draw_card(self, name: PlayerName) -> Card:
        """7.3.5.a: the top card of the Deck goes to the Hand (both hidden: no object is made)."""
        player = self.player(name)
        card = player.deck.pop(0)
        player.hand.append(card)
        return card


def _bearer_labels(passives: list[tuple[GameObject, RegionPassive]]) -> list[str]:
    """Each region-changing ability named by its object; by its text too where names repeat."""
    names = [o.name for o, _ in passives]
    return [f"{o.name} ({p.text})" if names.count(o.name) > 1 else o.name for o, p in passives]
