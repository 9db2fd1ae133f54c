"""Day progress: the phases of a day and their daily effects (1.3.2, 4.2)."""

from __future__ import annotations

from functools import partial

from .choices import choose  # decisions are asked of the players, never made by the engine
from .dusk import progress
from .durations import spans_over_at
from .errors import RulesSilent
from .messages import Items, Message, Player, Quote, Term, msg
from .reactions import in_play_bearers, modify_with_reactions, run_step
from .cardtext.performing import check_reactions
from .readings import Unenumerable, silent
from .rulings import Ruling
from .records import CardInZone, Happening, HappeningKind
from .state import Game
from .vocabulary import BOOSTER_WAR_DAYS, BOOSTER_WAR_DRAW, Duration, ObjectType, Phase, Zone

__all__ = ["PHASE_ORDER", "run_phase", "begin_afternoon", "end_turn", "begin_phase", "expire"]

PHASE_ORDER = (Phase.MORNING, Phase.NOON, Phase.AFTERNOON, Phase.DUSK, Phase.NIGHT)


def _new_day_if_needed(game: Game, phase: Phase) -> None:
    """A phase that does not come later in the current day starts a new day."""
    if game.board.phase is None or PHASE_ORDER.index(phase) > PHASE_ORDER.index(game.board.phase):
        return
    if game.board.day is not None:
        if game.board.booster_war is not None and game.board.day >= BOOSTER_WAR_DAYS:
            # "The game ends after 4 days. If, at the end of the fourth day, players are tied, an additional
            # day is played": who wins, or what "tied" means, the page does not say.
            raise silent(msg("refusal.booster_war_days", days=BOOSTER_WAR_DAYS), Unenumerable.NO_CANDIDATES)
        game.board.day += 1
    game.log.trace.add(msg("day.new_day"))
    # "this Day" (and shorter) durations end with the day; reactions count activations per day.
    expire(game, {Duration.TURN, Duration.AFTERNOON, Duration.DAY}, msg("day.day_ended"))
    game.log.activations.clear()  # 6.3.f counts activations "in a single day"


def _morning(game: Game, expand: bool = False) -> None:
    if game.board.day == 1:
        raise RulesSilent(msg("refusal.first_day_morning"))
    # Succeed: 4.2.1.b "the player to the left of the first player" (1.3.2.b says "the opponent").
    old = game.board.first_player
    game.board.first_player = game.board.left_of(old)
    game.log.trace.add(msg("day.succeed", player=Player(game.board.first_player), old=Player(old)), "4.2.1.b", rulings=(Ruling.FIRST_PLAYER_SUCCEED,))
    # Prepare: Characters, Permanents and Mana Orbs are readied (1.3.2.b; 4.2.1.c omits Mana Orbs).
    readied = 0
    for obj in game.board.objects.values():
        if obj.exhausted and obj.card.type in (ObjectType.CHARACTER, ObjectType.PERMANENT, ObjectType.MANA_ORB) and obj.zone in (
            Zone.EXPEDITION,
            Zone.LANDMARK,
            Zone.MANA,
        ):
            obj.exhausted = False
            readied += 1
    game.log.trace.add(
        msg("day.prepare", readied=readied),
        "4.2.1.c",
        "1.3.2.b",
        rulings=(Ruling.PREPARE_MANA_ORBS,),
    )
    # Draw: each player draws two cards; three in Booster War ("You draw 3 cards at the beginning of
    # each turn, instead of 2": the two are the Morning's Draw, 4.2.1.d, the one draw of the day).
    drawn = BOOSTER_WAR_DRAW if game.board.booster_war is not None else 2
    for player in game.board.players:
        if len(player.deck) < drawn:
            raise silent(
                msg("refusal.draw_deck_short", player=Player(player.name), holds=len(player.deck)),
                Unenumerable.NO_CANDIDATES,
            )
        for _ in range(drawn):
            game.board.draw_card(player.name)
    if game.board.booster_war is not None:
        game.log.trace.add(msg("day.draw_booster_war", n=drawn), "4.2.1.d", "booster-war.draw", "7.3.5.a")
    else:
        game.log.trace.add(msg("day.draw"), "4.2.1.d", "7.3.5.a")
    if not expand:
        game.log.trace.add(msg("day.expand_nobody"), "4.2.1.e")
        return
    _expand(game)


def _expand(game: Game) -> None:
    """4.2.1.e: each player may put one card from their Hand face-down and ready in the Mana zone,
    deciding in initiative order (6.1.g); the cards are put there together."""

    order = game.board.initiative_order()
    game.log.trace.add(msg("day.expand", order=Items(tuple(Player(p) for p in order))), "4.2.1.e", "6.1.g")
    chosen: list[CardInZone] = []
    for name in order:
        hand = game.board.player(name).hand
        pick = choose(game, name, msg("question.expand"), list(dict.fromkeys(c.name or "card" for c in hand)), may=True)
        if pick is not None:
            chosen.append(CardInZone(name, next(c for c in hand if (c.name or "card") == pick), Zone.HAND))
    run_step(game, [partial(game.move, c, Zone.MANA) for c in chosen])
    for c in chosen:
        game.log.trace.add(msg("day.expanded", player=Player(c.owner)), "4.2.1.e")


def begin_afternoon(game: Game) -> None:
    """The Afternoon begins (reactions are checked, 4.4.a.1); the first player takes the first turn (1.3.2.d)."""
    _new_day_if_needed(game, Phase.AFTERNOON)
    game.log.trace.add(msg("day.phase_begins", phase=Term(Phase.AFTERNOON.value)), "1.3.2.a")
    game.board.passed = set()
    game.board.turn = game.board.first_player
    begin_phase(game, Phase.AFTERNOON)
    game.log.trace.add(msg("day.first_turn", player=Player(game.board.turn)), "1.3.2.d")


def afternoon_started(game: Game) -> bool:
    return game.board.phase is Phase.AFTERNOON and game.board.turn is not None


def end_turn(game: Game, passed: bool) -> None:
    """The current player's turn ends (after they play a card, or pass); "this Turn" emblems end;
    players alternate, skipping those who passed; when every player has passed, the Afternoon ends (1.3.2.d)."""
    player = game.board.turn
    assert player is not None
    if passed:
        game.board.passed.add(player)
        game.log.trace.add(msg("day.passes", player=Player(player)), "1.3.2.d")
    expire(game, {Duration.TURN}, msg("day.turn_ended", player=Player(player)))
    following = game.board.next_in_seating(player)
    while following in game.board.passed and following != player:
        following = game.board.next_in_seating(following)
    if following in game.board.passed:
        game.board.turn = None
        game.log.trace.add(msg("day.all_passed"), "1.3.2.d")
        expire(game, {Duration.AFTERNOON}, msg("day.afternoon_ended"))
        return
    game.board.turn = following
    game.log.trace.add(msg("day.takes_turn", player=Player(following)), "1.3.2.d")


def _afternoon(game: Game) -> None:
    while game.board.turn is not None:
        end_turn(game, passed=True)


def run_phase(game: Game, phase: Phase, *, expand: bool = False) -> None:
    """Play one phase of a day: its beginning (reactions, 4.4.a.1) and its daily effects."""
    if phase is Phase.NIGHT:
        raise silent(msg("refusal.night"), Unenumerable.LOST_TEXT)
    if phase is Phase.AFTERNOON:
        if not afternoon_started(game):
            begin_afternoon(game)
        _afternoon(game)  # every player who has not passed takes a turn and passes
        return
    game.board.turn = None
    _new_day_if_needed(game, phase)
    # Dusk and Night come after the Afternoon: its emblems, and its turns', have ended (2.2.13.a).
    expire(game, spans_over_at(phase), _AFTERNOON_ENDED)
    game.log.trace.add(_PHASE_BEGINS[phase], "1.3.2.a")
    if phase is Phase.MORNING:
        begin_phase(game, phase)
        _morning(game, expand)
    elif phase is Phase.NOON:
        begin_phase(game, phase)  # 1.3.2.c: only reactions that trigger "At Noon"
    else:
        begin_phase(game, phase)
        if not game.board.outcome.over:
            progress(game)
            check_reactions(game)


# ---- phases and durations --------------------------------------------------------------------
def begin_phase(game: Game, phase: Phase) -> None:
    """A phase begins: reactions on it ("At Noon") modify that event, then reactions are checked (4.4.a.1)."""
    game.board.phase = phase
    before = {o.id: o for o in in_play_bearers(game)}
    game.log.happenings.clear()
    modify_with_reactions(game, [Happening(HappeningKind.PHASE, phase=phase)], before)
    check_reactions(game)


# Said at every phase of every game: made once (a message is an immutable value).
_AFTERNOON_ENDED = msg("day.afternoon_ended")
_PHASE_BEGINS = {phase: msg("day.phase_begins", phase=Term(phase.value)) for phase in Phase}


def expire(game: Game, durations: set[Duration], why: Message) -> None:
    """Ongoing emblems whose duration ended cease to exist (2.2.13)."""
    for emblem in game.board.ongoing():
        assert emblem.emblem is not None
        if emblem.emblem.ends_with in durations:
            del game.board.objects[emblem.id]
            game.log.trace.add(
                msg("day.emblem_ends", text=Quote(emblem.emblem.text),
                    duration=Term(emblem.emblem.duration.value if emblem.emblem.duration else "no duration"), why=why),
                "2.2.13.a",
                "2.2.13.c",
            )
