"""The registry of card text: each printed wording the engine reads, declared once.

An entry (`Wording`) holds:

- `pattern`: the wording, a regular expression matched case-insensitively against one step of an
  effect (6.1.c) as engine.cardtext.reading cut it out;
- `build`: the record (engine.cardtext.instructions) made from the match, or None when the words
  only look like the wording ("I gain zero boosts"), and the next entry is tried;
- `says`: its line in the list the engine answers with when it cannot read a text
  (`SUPPORTED_EFFECTS`, derived here; wordings of one `group` share a line);
- `rules`: the rules the wording's reading and its performing follow;
- `examples`: its wordings as docs/*/scenarios.md ("Effects written as card text") writes them
  (`[...]` marks optional words, `EFFECT` or "..." after a condition any effect): tests/engine_tests/test_wordings.py checks
  that each is in the three languages' lists, that each is read by its own entry, and that the
  lists show no wording the registry does not hold.

A step is read by the first entry, in the order below, that builds a record. Performing a record is
its handler in engine.cardtext.performing (`HANDLERS`, keyed by the record's type). Adding a wording
is one entry here, its handler, its trace sentences (engine/catalogue.py and their translations) and
its line in the three scenarios.md: CONTRIBUTING.md, "A wording of card text", walks through one.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Callable

from ..errors import UnsupportedText
from ..messages import Quote, msg
from ..objects import TRIGGER_SYMBOLS
from ..vocabulary import SUBTYPES_BY_TYPE, Duration, ExpeditionKind, ObjectType, Status, Zone
from .instructions import (
    ActivateTriggers,
    Conditional,
    CreateOngoing,
    CreateTokens,
    DiscardTarget,
    Draw,
    FirstPlayer,
    Gain,
    Gainer,
    Instruction,
    ItIs,
    KeywordAction,
    LostEffect,
    MoveExpeditions,
    Pay,
    PlayMe,
    PutFromHand,
    PutMe,
    Sacrifice,
    Whose,
    WithCost,
    YouControl,
    parse_ongoing,
)
from .text import KEYWORD_ACTIONS, LOST, TYPES, number, pay_amount, split_outside_quotes

__all__ = ["Reader", "Wording", "WORDINGS", "SUPPORTED_EFFECTS", "STEPS_SAYS", "STEPS_EXAMPLES", "unsupported"]


@dataclass(frozen=True)
class Reader:
    """What a builder calls back for the text inside a wording: another step ("If it's a Permanent,
    EFFECT"), read as part of the same whole text, and a token template ("create ...", whose quoted
    abilities are themselves card text). Given by engine.cardtext.reading."""

    instruction: Callable[[str, str], Instruction]
    token_template: Callable[[str], CreateTokens]


Build = Callable[[re.Match[str], str, str, Reader], "Instruction | None"]
"""(match, step, whole text, reader) -> the record, or None to let the next wording try."""


@dataclass(frozen=True)
class Wording:
    """One printed wording the engine reads (see the module's docstring)."""

    name: str
    pattern: re.Pattern[str]
    build: Build
    record: type[Instruction]
    """The type of record `build` makes: the key of its handler in engine.cardtext.performing."""
    says: str
    rules: tuple[str, ...]
    examples: tuple[str, ...]
    group: str
    """Wordings of one group are one line of SUPPORTED_EFFECTS, joined by " | "."""


def unsupported(text: str) -> UnsupportedText:
    return UnsupportedText(msg("text.effect", text=Quote(repr(text)), effects=Quote("; ".join(SUPPORTED_EFFECTS))))


# ---- builders, in the registry's order ---------------------------------------------------------
def _create(found: re.Match[str], step: str, whole: str, read: Reader) -> Instruction | None:
    return read.token_template(step)


def _draw(found: re.Match[str], step: str, whole: str, read: Reader) -> Instruction | None:
    word = found.group(1)
    count = 1 if word is None else (number(word) or 0)
    if count < 1:
        raise unsupported(whole)
    return Draw(count)


_DURATIONS = {d.value.lower(): d for d in Duration}


def _ongoing(found: re.Match[str], step: str, whole: str, read: Reader) -> Instruction | None:
    """An effect lasting longer than its resolution (2.2.2.m): its passive and its duration, which
    may stand inside the text ("The next card you play this turn costs 1 less", 2.2.13.c)."""
    for duration_text, duration in _DURATIONS.items():
        duration_at = re.search(rf"\s{re.escape(duration_text)}\b", step, re.I)
        if duration_at is None:
            continue
        passive = (step[: duration_at.start()] + step[duration_at.end() :]).strip()
        if parse_ongoing(passive) is not None:
            return CreateOngoing(passive[0].upper() + passive[1:], duration)
    return None


_KEYWORD_ACTION_WORDS = {word.lower(): word for word in KEYWORD_ACTIONS}


def _keyword_action(found: re.Match[str], step: str, whole: str, read: Reader) -> Instruction | None:
    return KeywordAction(_KEYWORD_ACTION_WORDS[found.group(2).lower()], each_player_may=found.group(1) is not None)


def _sacrifice(found: re.Match[str], step: str, whole: str, read: Reader) -> Instruction | None:
    return Sacrifice()


def _each_sacrifices(found: re.Match[str], step: str, whole: str, read: Reader) -> Instruction | None:
    return Sacrifice(each_player=True)


def _gain_boosts(found: re.Match[str], step: str, whole: str, read: Reader) -> Instruction | None:
    boosts = number(found.group(2))
    if not boosts:
        return None
    return Gain(Gainer.ME if found.group(1).lower() == "i" else Gainer.YOURS, boosts=boosts)


def _types(found: re.Match[str], *groups: int) -> tuple[ObjectType, ...]:
    return tuple(TYPES[word.lower()] for word in (found.group(g) for g in groups) if word)


def _target_gains_boosts(found: re.Match[str], step: str, whole: str, read: Reader) -> Instruction | None:
    boosts = number(found.group(4))  # read for "loses" too: a number past the limit is refused as such
    if not boosts or found.group(3).lower() != "gains":
        return None
    return Gain(Gainer.TARGET, boosts=boosts, types=_types(found, 1, 2))


def _counters(found: re.Match[str], step: str, whole: str, read: Reader) -> Instruction | None:
    counters = number(found.group(1))
    if not counters:
        return None
    return Gain(Gainer.ME, counter=found.group(2), counters=counters)


def _status(found: re.Match[str], step: str, whole: str, read: Reader) -> Instruction | None:
    return Gain(Gainer.ME, status=Status(found.group(2).capitalize()), lose=found.group(1).lower() == "lose")


def _target_status(found: re.Match[str], step: str, whole: str, read: Reader) -> Instruction | None:
    return Gain(Gainer.TARGET, status=Status(found.group(4).capitalize()), lose=found.group(3).lower() == "loses",
                types=_types(found, 1, 2))


def _put_me(found: re.Match[str], step: str, whole: str, read: Reader) -> Instruction | None:
    return PutMe(Zone.RESERVE)


def _put_from_hand(found: re.Match[str], step: str, whole: str, read: Reader) -> Instruction | None:
    return PutFromHand(Zone.RESERVE, optional=found.group(1) is not None)


def _play_me(found: re.Match[str], step: str, whole: str, read: Reader) -> Instruction | None:
    return PlayMe(free=found.group(2) is not None, optional=found.group(1) is not None)


def _discard(found: re.Match[str], step: str, whole: str, read: Reader) -> Instruction | None:
    return DiscardTarget(_types(found, 1, 2))


def _activate(found: re.Match[str], step: str, whole: str, read: Reader) -> Instruction | None:
    return ActivateTriggers(TRIGGER_SYMBOLS[found.group(2).lower()], TYPES[found.group(3).lower()], found.group(1) is not None)


_SUBTYPES = {s.lower(): s for kind in SUBTYPES_BY_TYPE.values() for s in kind}


def _it_is(found: re.Match[str], step: str, whole: str, read: Reader) -> Instruction | None:
    what = found.group(1).lower()
    if what in TYPES:
        return Conditional(ItIs(TYPES[what]), read.instruction(found.group(2), whole))
    if what in _SUBTYPES:
        return Conditional(ItIs(subtype=_SUBTYPES[what]), read.instruction(found.group(2), whole))
    return None


def _you_control(found: re.Match[str], step: str, whole: str, read: Reader) -> Instruction | None:
    at_least = number(found.group(1))
    if not at_least:
        return None
    what = found.group(3)
    condition = (
        YouControl(at_least, type=TYPES[what.lower()]) if what.lower() in TYPES else YouControl(at_least, subtype=what.capitalize())
    )
    return Conditional(condition, read.instruction(found.group(4), whole))


def _first_player(found: re.Match[str], step: str, whole: str, read: Reader) -> Instruction | None:
    return Conditional(FirstPlayer(negated=found.group(1) is not None), read.instruction(found.group(2), whole))


def _move(found: re.Match[str], step: str, whole: str, read: Reader) -> Instruction | None:
    who, kind, both = found.group(1).lower(), found.group(2), found.group(3)
    if (who == "target") != (kind is None and both is None):
        return None  # "target Expedition" names one expedition, "your ..." says whose
    whose = Whose.TARGET if who == "target" else (Whose.YOU if who == "your" else Whose.OPPONENT)
    return MoveExpeditions(whose, ExpeditionKind(kind.lower()) if kind else None, found.group(4).lower() == "forward")


def _cost_parts(text: str, whole: str) -> tuple[Pay | PutFromHand, ...]:
    parts: list[Pay | PutFromHand] = []
    for part in split_outside_quotes(text, " and "):
        amount = pay_amount(part)
        if amount:
            parts.append(Pay(amount))
        elif re.match(r"^put a card from your hand in reserve$", part, re.I):
            parts.append(PutFromHand(Zone.RESERVE))
        else:
            raise unsupported(whole)
    return tuple(parts)


def _with_cost(found: re.Match[str], step: str, whole: str, read: Reader) -> Instruction | None:
    return WithCost(_cost_parts(found.group(1), whole), read.instruction(found.group(2), whole))


def _lost(found: re.Match[str], step: str, whole: str, read: Reader) -> Instruction | None:
    return LostEffect()


def _wording(name: str, pattern: str, build: Build, record: type[Instruction], says: str, rules: tuple[str, ...],
             examples: tuple[str, ...], group: str | None = None) -> Wording:
    return Wording(name, re.compile(pattern, re.I), build, record, says, rules, examples, group or name)


_DURATION_WORDS = "|".join(re.escape(d) for d in _DURATIONS)
_TYPE_WORDS = r"(character|permanent)(?: or (character|permanent))?"

WORDINGS: tuple[Wording, ...] = (
    _wording(
        "create", r"^create ", _create, CreateTokens,
        'create a/an/two/... NAME F/M/W [Sub-types] token(s) [with "ABILITY" | with Gigantic] in '
        "(my Expedition | my other Expedition | your hero Expedition | your companion Expedition | each of your Expeditions | target Expedition) (7.3.3.b)",
        ("7.3.3.a", "7.3.3.b", "7.4.3.f", "7.4.3.g", "2.2.10.e"),
        ("Create a Brassbug 2/2/2 Robot token in target Expedition",
         "Create two Ordis Recruit 1/1/1 Soldier tokens in each of your Expeditions",
         'Create an Ogre 5/5/5 Titan token with Gigantic and "At Noon | Draw a card" in your hero Expedition'),
    ),
    _wording("draw", r"^draw (?:a card|(\w+) cards?)$", _draw, Draw, "draw a card | draw N cards (7.3.5)", ("7.3.5.a", "7.3.5.b"),
             ("Draw a card", "Draw two cards")),
    _wording(
        "ongoing", rf"(?s)(?=.*\s(?:{_DURATION_WORDS})\b)", _ongoing, CreateOngoing,
        "Expeditions can't move forward | Expeditions can't move backward | The next card/Character you play costs N less/more | "
        "The next Character you play gains N boost(s), with this Turn | this Afternoon | this Day (2.2.13) | "
        "until your next turn | until end of turn | until the end of your next turn (durations no source defines)",
        ("2.2.2.m", "2.2.13.a", "2.2.13.b", "2.2.13.c"),
        ("Expeditions can't move forward this Day", "The next card you play this turn costs 1 less",
         "The next Character you play this turn gains 1 boost", "Expeditions can't move forward until your next turn"),
    ),
    _wording("keyword action", r"^(each player may )?(resupply|sabotage)$", _keyword_action, KeywordAction,
             "Resupply | Sabotage | Each player may Resupply (keyword actions the sources name but do not define)", ("6.1.g",),
             ("Resupply", "Sabotage", "Each player may Resupply")),
    _wording("sacrifice a character", r"^sacrifice a character$", _sacrifice, Sacrifice, "Sacrifice a Character", ("2.2.1.h",),
             ("Sacrifice a Character",), group="sacrifices"),
    _wording("each player sacrifices", r"^each player sacrifices a character$", _each_sacrifices, Sacrifice,
             "Each player sacrifices a Character", ("2.2.1.h", "6.1.g"), ("Each player sacrifices a Character",), group="sacrifices"),
    _wording("gain boosts", r"^(i|characters you control) gains? (\w+) boosts?$", _gain_boosts, Gain,
             "I gain N boost(s) | Characters you control gain N boost(s)", ("7.2.1.a", "7.2.2.a"),
             ("I gain 1 boost", "Characters you control gain 1 boost"), group="gain"),
    _wording("target gains boosts", rf"^target {_TYPE_WORDS} (gains|loses) (\w+) boosts?$", _target_gains_boosts, Gain,
             "target Character gains N boost(s)", ("2.2.1.h",), ("Target Character gains 1 boost",), group="gain"),
    _wording("counters", r"^i gain (\w+) (\S+) counters?$", _counters, Gain, "I gain N NAME counters", ("2.1.i", "7.2.1.a"),
             ("I gain three Kelon counters",), group="gain"),
    _wording("status", r"^i (gain|lose) (fleeting|asleep)$", _status, Gain, "I gain/lose Fleeting/Asleep", ("7.2.1.a",),
             ("I gain Asleep", "I lose Fleeting"), group="gain"),
    _wording("target status", rf"^target {_TYPE_WORDS} (gains|loses) (fleeting|asleep)$", _target_status, Gain,
             "target Character gains/loses Fleeting/Asleep", ("2.2.1.h",), ("Target Character gains Asleep",), group="gain"),
    _wording("put me", r"^put me in reserve$", _put_me, PutMe, "Put me in Reserve", ("2.1.c", "7.2.1.b"), ("Put me in Reserve",),
             group="moving cards"),
    _wording("put from hand", r"^(you may )?put a card from your hand in reserve$", _put_from_hand, PutFromHand,
             "[You may] put a card from your Hand in Reserve", ("2.1.c", "2.1.e", "2.1.g"),
             ("[You may] put a card from your Hand in Reserve",), group="moving cards"),
    _wording("play me", r"^(you may )?play me( for free)?$", _play_me, PlayMe, "[You may] play me [for free]", ("2.1.e", "2.1.f"),
             ("[You may] play me [for free]",), group="moving cards"),
    _wording("discard target", rf"^discard target {_TYPE_WORDS}$", _discard, DiscardTarget, "Discard target Character or Permanent",
             ("2.2.1.h",), ("Discard target Character or Permanent",), group="targets"),
    _wording("activate triggers", r"^(you may )?activate the (etb|hand|reserve) triggers of target (permanent|character) you control$",
             _activate, ActivateTriggers,
             "[You may] activate the etb/hand/reserve triggers of target Permanent you control (7.3.1.b)",
             ("7.3.1.b", "7.3.1.d", "2.2.1.h", "7.2.2.a"),
             ("[You may] activate the etb triggers of target Permanent you control",), group="targets"),
    _wording("it is", r"^if it'?s an? (\w+), (.+)$", _it_is, Conditional, "If it's a [type or sub-type], EFFECT (2.2.1.i, 2.2.2.o)",
             ("2.1.e", "2.2.1.i", "2.2.2.o"), ("If it's a Permanent, draw a card", "If it's a Landmark, ..."), group="conditions"),
    _wording("you control", r"^if you control (\w+)( or more)? (\w+?)s?, (.+)$", _you_control, Conditional,
             "If you control two or more [sub-type]s, EFFECT (2.2.2.n)", ("2.2.1.h", "2.2.2.n"),
             ("If you control two or more Landmarks, I gain 1 boost",), group="conditions"),
    _wording("first player", r"^if you are (not )?the first player, (.+)$", _first_player, Conditional,
             "If you are [not] the first player, EFFECT", ("2v2.first-player", "free-for-all.first-player"),
             ("If you are the first player, EFFECT", "If you are not the first player, EFFECT"), group="conditions"),
    _wording("move expeditions",
             r"^move (your opponent'?s|your|target) (?:(hero|companion) expedition|(expeditions)|expedition) (forward|backward)$",
             _move, MoveExpeditions,
             "Move your [hero|companion] Expedition(s) | your opponent's [hero|companion] Expedition(s) | target Expedition forward|backward (7.3.10, 7.3.11)",
             ("7.3.10.a", "7.3.11.a", "7.2.2.a", "2v2.your-opponent", "free-for-all.your-opponent"),
             ("Move your hero Expedition forward", "Move your Expeditions backward",
              "Move your opponent's companion Expedition backward", "Move target Expedition forward")),
    _wording("cost", r"^you may (.+?) to (.+)$", _with_cost, WithCost,
             "You may pay N and put a card from your Hand in Reserve to EFFECT (a cost, one step: 6.4.a)",
             ("6.1.d", "6.4.a", "6.4.b", "6.4.f"), ("You may pay 1 and put a card from your Hand in Reserve to create ...",)),
    _wording("lost", rf"^{re.escape(LOST)}$", _lost, LostEffect, "... (an effect whose text is lost in the sources)", (), (LOST,)),
)

STEPS_SAYS = "several of these as sentences, or joined by ', then' or 'and' (one step each, 6.1.c)"
"""The last line of SUPPORTED_EFFECTS: how wordings make an effect of several steps (engine.cardtext.reading.split_steps)."""
STEPS_EXAMPLES = ("Draw a card, then create ...", "Sabotage, then Resupply", "You may play me for free and I gain Asleep")
"""Effects of several steps as docs/*/scenarios.md writes them."""


def _lines(wordings: tuple[Wording, ...]) -> tuple[str, ...]:
    """The lines of SUPPORTED_EFFECTS: one per group of wordings, in the registry's order."""
    groups: dict[str, list[str]] = {}
    for wording in wordings:
        assert wording.group not in groups or next(reversed(groups)) == wording.group, \
            f"the wordings of the group {wording.group!r} must follow one another in WORDINGS"
        groups.setdefault(wording.group, []).append(wording.says)
    return tuple(" | ".join(says) for says in groups.values())


SUPPORTED_EFFECTS: tuple[str, ...] = _lines(WORDINGS) + (STEPS_SAYS,)
"""What the engine reads, as it answers a text it cannot read (and the CLI and sandbox with it)."""
