"""The game state: a `Game` is the board a judge sees on the table (engine.board) and the run log
of what the engine recorded while deciding it (engine.runlog), two separate records. Here are the
changes that touch both: objects are made, moved and ended only here (each is a happening the run
log keeps), the work budget is counted, and region types are read where an ability may call for a
reading.

Methods whose name starts with an underscore, and everything in `Game` that takes already-checked
values, are the unchecked internal path: they trust their arguments. The checked public path is
`Game.new` (and the functions of `engine.api`), which validate a board and raise documented
`EngineError`s.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from .messages import Card as Named, msg
from .adventure import Adventure, Region, tumult_halves
from .board import IN_PLAY, Board
from .decisions import FLEETING_DISCARDED, Question, decided
from .errors import LoopLimit, WorkLimit
from .limits import MAX_OBJECTS, MAX_WORK
from .objects import Card, EmblemInfo, GameObject, RegionPassive
from .places import format_types
from .readings import Unenumerable, reading, region_order_question, silent
from .records import CardInZone, Expedition, Happening, HappeningKind, Outcome, Player, Unknown
from .runlog import RunLog
from .vocabulary import (
    ALL_REGION_TYPES,
    ARENA,
    HIDDEN_ZONES,
    ExpeditionKind,
    Keyword,
    Mode,
    ObjectType,
    PlayerName,
    Position,
    RegionType,
    Status,
    Zone,
)

__all__ = [
    "Game",
    # The records and the Adventure, for code that still finds them here (engine.records, engine.adventure).
    "Region", "Adventure", "Expedition", "Player", "Outcome", "Happening", "CardInZone", "Unknown", "format_types",
    "tumult_halves",
]


@dataclass
class Game:
    board: Board
    """What a judge sees on the table."""
    log: RunLog = field(default_factory=RunLog)
    """What the engine recorded while deciding."""

    def spend_work(self, units: int | None = None) -> None:
        """Count the engine's work (limits.MAX_WORK): an action, a step or an Emblem-Reaction costs one
        unit and one per object in the game (the engine looks at each); a caller that knows its own
        cost gives it as `units` (each reaction compared with each event). Every trace line said
        since the last count costs one more. WorkLimit past the budget, before the engine runs for
        minutes on a scenario far larger than a game."""
        log = self.log
        lines = len(log.trace)
        log.work += (1 + len(self.board.objects) if units is None else units) + lines - log.work_lines
        log.work_lines = lines
        if log.work > MAX_WORK:
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
        """A game at the given board, with an empty run log; raises BoardError/UnknownPlayer/
        RegionOutOfRange when the board cannot exist (Board.new)."""
        return cls(Board.new(players, first_player=first_player, mode=mode, positions=positions, adventure=adventure,
                             tiebreakers=tiebreakers))

    # ---- region types: an order of abilities may be a reading ---------------------------
    def region_types_at(
        self, position: Position, passives: list[tuple[GameObject, RegionPassive]] | None = None
    ) -> frozenset[RegionType]:
        """`passives`: `region_passives()`, when the caller has listed them for a board that has not
        changed since (Progress asks for every expedition's region at once)."""
        printed = ALL_REGION_TYPES if position == ARENA else self.board.adventure[int(position)].region_types()  # 4.3.f
        return self.apply_region_passives(printed, passives)

    def apply_region_passives(
        self, types: frozenset[RegionType], passives: list[tuple[GameObject, RegionPassive]] | None = None
    ) -> frozenset[RegionType]:
        if passives is None:
            passives = self.board.region_passives()
        if not passives:
            return types  # no ability changes region types: the printed ones stand
        if len({p for _, p in passives}) > 1 and any(p.lose_others for _, p in passives):
            # The sources give no order in which such effects apply (2.2.2.p): each order is a reading
            # (engine.readings), named by the objects bearing them.
            labels = _bearer_labels(passives)
            order = reading(self.log, region_order_question(labels)).split(", then ")
            passives = [passives[labels.index(label)] for label in order]
        for _, passive in passives:
            types = frozenset({passive.region_type}) if passive.lose_others else types | {passive.region_type}
        return types

    # ---- objects and zones: the only places objects are made, moved and ended -------------
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
        board, log = self.board, self.log
        if len(board.objects) >= MAX_OBJECTS:
            raise LoopLimit(msg("refusal.loop_objects", limit=MAX_OBJECTS))
        stamp = board._tick()
        face_down = None
        if zone is Zone.MANA and card.type is not ObjectType.MANA_ORB:
            # 2.2.1.f: a face-down card in the Mana zone is a Mana Orb.
            face_down, card = card, Card(None, ObjectType.MANA_ORB)
        obj = GameObject(stamp, stamp, card, zone, owner, controller or owner, expedition, exhausted, emblem)
        obj.face_down = face_down
        if host is not None and host != obj.controller:
            obj.host = host  # in another player's expedition (engine.readings, token-controller)
            board.hosted = True
        board.objects[obj.id] = obj
        if emblem is not None:
            log.emblem_log.append(obj)
        if given:
            return obj
        log.happenings.append(Happening(HappeningKind.ENTERS, obj.id, owner, expedition, zone, from_zone=from_zone))
        if zone is Zone.EXPEDITION and expedition is not None:
            for kind in ExpeditionKind:
                if kind is expedition or card.has(Keyword.GIGANTIC):
                    # 7.5.4.b: joins the Expedition zone and its expedition (a Gigantic one: both, 7.4.3.b)
                    log.happenings.append(Happening(HappeningKind.JOINS_EXPEDITION, obj.id, obj.side, kind, zone))
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
        board, happenings = self.board, self.log.happenings
        if isinstance(thing, CardInZone):
            assert zone is not thing.zone
            board.player(thing.owner).hidden(thing.zone).remove(thing.card)
            card, owner, source_zone = thing.card, thing.owner, thing.zone
            if zone in HIDDEN_ZONES:
                board.player(owner).hidden(zone).insert(0, card)
                return None
            new = self.enter(card, zone, owner, expedition=expedition, from_zone=source_zone)
            new.statuses |= set(statuses)
            return new
        obj = thing
        if zone is Zone.RESERVE and obj.zone in IN_PLAY and Status.FLEETING in obj.statuses:
            if decided(self.log, Question.FLEETING_TO_RESERVE) == FLEETING_DISCARDED:
                zone = Zone.DISCARD  # a rule of the glossary decides it (engine.decisions): cited in the trace
            else:
                raise silent(
                    msg("refusal.fleeting_to_reserve", card=Named(obj.name)),
                    Unenumerable.LOST_TEXT,
                )
        assert zone is not obj.zone, "moving between expeditions is not a zone change (3.2.4.d): use switch"
        del board.objects[obj.id]
        if obj.zone is Zone.EXPEDITION:
            for kind in ExpeditionKind:
                if kind is obj.expedition or obj.card.has(Keyword.GIGANTIC):
                    happenings.append(Happening(HappeningKind.LEAVES_EXPEDITION, obj.id, obj.controller, kind, obj.zone))
        card = obj.face_down if obj.face_down is not None else obj.card
        if zone in HIDDEN_ZONES:
            if not card.token:
                board.player(obj.owner).hidden(zone).insert(0, card)
            happenings.append(Happening(HappeningKind.LEAVES_ZONE, obj.id, obj.controller, obj.expedition, obj.zone, from_zone=zone))
            happenings.append(Happening(HappeningKind.CEASES, obj.id, obj.owner, None, zone))
            return None
        new = self.enter(card, zone, obj.owner, expedition=expedition, from_zone=obj.zone)
        new.statuses |= set(statuses)
        happenings.append(Happening(HappeningKind.LEAVES_ZONE, obj.id, obj.controller, obj.expedition, obj.zone, from_zone=zone, new_id=new.id))
        if card.token and obj.zone is Zone.EXPEDITION:
            del board.objects[new.id]
            happenings.append(Happening(HappeningKind.CEASES, new.id, new.owner, None, zone))
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
            happenings = self.log.happenings
            happenings.append(Happening(HappeningKind.LEAVES_EXPEDITION, obj.id, obj.controller, old, obj.zone))
            happenings.append(Happening(HappeningKind.JOINS_EXPEDITION, obj.id, obj.controller, old.other, obj.zone))


def _bearer_labels(passives: list[tuple[GameObject, RegionPassive]]) -> list[str]:
    """Each region-changing ability named by its object; by its text too where names repeat."""
    names = [o.name for o, _ in passives]
    return [f"{o.name} ({p.text})" if names.count(o.name) > 1 else o.name for o, p in passives]
