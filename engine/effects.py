"""Reading card text: effects (6.1), the token template (7.3.3.b), reactions (6.3.a), passive
abilities (2.2.2.p, 7.3.1.e), quick actions and support abilities (2.2.10.d-h), and Ongoing
effects (2.2.13).

The engine reads a small, closed set of printed wordings. Anything else raises
`UnsupportedText` listing what it can read: an effect the engine misread would
be worse than one it refuses.

Some words are named by the sources but never defined there: the keyword actions Resupply and
Sabotage, and an effect whose text is lost (written "..."). The engine reads them as steps whose
game effect it does not know (`KeywordAction`, `LostEffect`); see engine.resolution.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from .errors import ScenarioError, UnsupportedText
from .limits import MAX_NUMBER, number_within_limit
from .records import CostRecord, EffectRecord
from .objects import (
    TRIGGER_SYMBOLS,
    Activated,
    CannotActivate,
    CannotMove,
    Card,
    Direction,
    NextCardPlayed,
    OngoingPassive,
    Passive,
    Reaction,
    RegionPassive,
    StatusCondition,
    Trigger,
)
from .vocabulary import (
    CHARACTER_SUBTYPES,
    SUBTYPES_BY_TYPE,
    Duration,
    ExpeditionKind,
    Keyword,
    ObjectType,
    RegionType,
    Statistics,
    Status,
    Word,
    Zone,
)

__all__ = [
    "TokenDestination",
    "Gainer",
    "Whose",
    "CreateTokens",
    "Draw",
    "CreateOngoing",
    "KeywordAction",
    "LostEffect",
    "Sacrifice",
    "Gain",
    "PutMe",
    "PutFromHand",
    "PlayMe",
    "DiscardTarget",
    "ActivateTriggers",
    "ItIs",
    "YouControl",
    "FirstPlayer",
    "MoveExpeditions",
    "Conditional",
    "Pay",
    "WithCost",
    "Instruction",
    "EffectRecord",
    "CostRecord",
    "KEYWORD_ACTIONS",
    "LOST",
    "number",
    "parse_effect",
    "split_steps",
    "parse_reaction",
    "parse_passive",
    "parse_ongoing",
    "parse_activated",
    "SUPPORTED_PASSIVES",
    "parse_token_template",
    "parse_character_template",
    "check_subtypes",
    "SUPPORTED_EFFECTS",
    "SUPPORTED_TRIGGERS",
]

SUPPORTED_EFFECTS = (
    'create a/an/two/... NAME F/M/W [Sub-types] token(s) [with "ABILITY" | with Gigantic] in '
    "(my Expedition | my other Expedition | your hero Expedition | your companion Expedition | each of your Expeditions | target Expedition) (7.3.3.b)",
    "draw a card | draw N cards (7.3.5)",
    "Expeditions can't move forward | Expeditions can't move backward | The next card/Character you play costs N less/more | "
    "The next Character you play gains N boost(s), with this Turn | this Afternoon | this Day (2.2.13)",
    "Resupply | Sabotage | Each player may Resupply (keyword actions the sources name but do not define)",
    "Sacrifice a Character | Each player sacrifices a Character",
    "I gain N boost(s) | Characters you control gain N boost(s) | target Character gains N boost(s) | "
    "I gain N NAME counters | I gain/lose Fleeting/Asleep | target Character gains/loses Fleeting/Asleep",
    "Put me in Reserve | [You may] put a card from your Hand in Reserve | [You may] play me [for free]",
    "Discard target Character or Permanent | [You may] activate the etb/hand/reserve triggers of target Permanent you control (7.3.1.b)",
    "If it's a [type or sub-type], EFFECT (2.2.1.i, 2.2.2.o) | If you control two or more [sub-type]s, EFFECT (2.2.2.n) | "
    "If you are [not] the first player, EFFECT",
    "Move your [hero|companion] Expedition(s) | your opponent's [hero|companion] Expedition(s) | target Expedition forward|backward (7.3.10, 7.3.11)",
    "You may pay N and put a card from your Hand in Reserve to EFFECT (a cost, one step: 6.4.a)",
    "... (an effect whose text is lost in the sources)",
    "several of these as sentences, or joined by ', then' or 'and' (one step each, 6.1.c)",
)
SUPPORTED_PASSIVES = (
    "All regions are forest|mountain|water (2.2.2.p)",
    "All regions are forest|mountain|water and lose their other types (2.2.2.p)",
    "The etb, hand, and reserve triggers of Characters facing me don't activate (7.3.1.e)",
)
SUPPORTED_TRIGGERS = tuple(t.value for t in Trigger) + (
    "etb (= When I enter play from anywhere)", "hand", "reserve", "with a condition: When I'm sacrificed, if I'm not Fleeting",
)

KEYWORD_ACTIONS = ("Resupply", "Sabotage")
"""Keyword actions the sources name (Aloe Vera, Spy Craft, Kitsune, Armored Jammer) but never define."""
LOST = "..."
"""Written for an effect or a cost whose text is lost in the sources."""

_NUMBERS = {
    "a": 1, "an": 1, "one": 1, "two": 2, "three": 3, "four": 4, "five": 5,
    "six": 6, "seven": 7, "eight": 8, "nine": 9, "ten": 10,
}
class TokenDestination(Word):
    """Where an effect creates tokens."""

    MINE = "mine"
    """My expedition: the expedition of the object bearing the ability (7.2.1)."""
    OTHER = "other"
    """My other expedition: the other expedition of my controller (7.4.3.g)."""
    HERO = "hero"
    COMPANION = "companion"
    EACH = "each"
    TARGET = "target"


class Gainer(Word):
    """Who gains (or loses) what an effect gives."""

    ME = "me"
    """The object bearing the ability, or that created the reaction (7.2.1)."""
    YOURS = "yours"
    """The Characters you control (7.2.2)."""
    TARGET = "target"
    """A target in play (2.2.1.h)."""


class Whose(Word):
    """Whose expeditions an effect moves."""

    YOU = "you"
    """Yours: "you" is the ability's controller (7.2.2.a)."""
    OPPONENT = "opponent"
    """Each of your opponents' (in multiplayer: the game-mode pages)."""
    TARGET = "target"


_DESTINATIONS = {
    "my expedition": TokenDestination.MINE,
    "my other expedition": TokenDestination.OTHER,
    "your hero expedition": TokenDestination.HERO,
    "your companion expedition": TokenDestination.COMPANION,
    "each of your expeditions": TokenDestination.EACH,
    "target expedition": TokenDestination.TARGET,
}

_STATS_WORD = re.compile(r"^-?\d+/-?\d+/-?\d+$")
_CANNOT_MOVE = re.compile(r"^expeditions can't move (forward|backward)$", re.I)
_NEXT_CARD = re.compile(r"^the next (card|character) you play (?:costs (\w+) (less|more)|gains (\w+) boosts?)$", re.I)
_DURATIONS = {d.value.lower(): d for d in Duration}
_TYPES = {t.value: t for t in ObjectType}


# ---- instructions ----------------------------------------------------------------------------
@dataclass(frozen=True)
class CreateTokens:
    card: Card
    count: int
    destination: TokenDestination
    ability_after_location: bool = False
    """Abilities written after the expedition, as 2.2.10.e has it (ruling token-ability-position)."""


@dataclass(frozen=True)
class Draw:
    count: int


@dataclass(frozen=True)
class CreateOngoing:
    passive: str
    duration: Duration
    effect: OngoingPassive = field(init=False, compare=False, repr=False)
    """The passive as a value, read from its text once (parse_ongoing)."""

    def __post_init__(self) -> None:
        effect = parse_ongoing(self.passive)
        if effect is None:
            raise UnsupportedText(f"the engine cannot read the Ongoing passive {self.passive!r}")
        object.__setattr__(self, "effect", effect)


@dataclass(frozen=True)
class KeywordAction:
    """Resupply or Sabotage: named by the sources, never defined in them."""

    word: str
    each_player_may: bool = False


@dataclass(frozen=True)
class LostEffect:
    """An effect whose text is lost in the sources ("...")."""


@dataclass(frozen=True)
class Sacrifice:
    each_player: bool = False


@dataclass(frozen=True)
class Gain:
    """"I gain 1 boost", "Characters you control gain 1 boost", "I gain three Kelon counters",
    "I gain Asleep", "I lose Fleeting"."""

    who: Gainer
    boosts: int = 0
    counter: str | None = None
    counters: int = 0
    status: Status | None = None
    lose: bool = False
    types: tuple[ObjectType, ...] = ()
    """For "target Character gains ...": the types a target may have."""


@dataclass(frozen=True)
class PutMe:
    zone: Zone


@dataclass(frozen=True)
class PutFromHand:
    zone: Zone
    optional: bool = False


@dataclass(frozen=True)
class PlayMe:
    free: bool
    optional: bool


@dataclass(frozen=True)
class DiscardTarget:
    types: tuple[ObjectType, ...]


@dataclass(frozen=True)
class ActivateTriggers:
    trigger: Trigger
    type: ObjectType
    optional: bool


@dataclass(frozen=True)
class ItIs:
    """"If it's a Permanent", "If it's a Landmark": the card an earlier step moved, wherever it is
    now (2.2.1.i, 2.2.2.o, 2.1.e)."""

    type: ObjectType | None = None
    subtype: str | None = None

    @property
    def what(self) -> str:
        return self.subtype or (self.type.value.capitalize() if self.type else "?")


@dataclass(frozen=True)
class YouControl:
    """"If you control two or more Landmarks": objects in play (2.2.1.h, 2.2.2.n)."""

    at_least: int
    subtype: str | None = None
    type: ObjectType | None = None

    @property
    def what(self) -> str:
        return f"{self.subtype or (self.type.value.capitalize() if self.type else '?')}s"


@dataclass(frozen=True)
class FirstPlayer:
    """"If you are the first player" / "If you are not the first player": in 2v2, a team member
    holding the first player token counts (the 2v2 page); in Free for All, only the holder."""

    negated: bool = False


@dataclass(frozen=True)
class MoveExpeditions:
    """"Move your hero Expedition forward", "Move your opponent's Expeditions backward", "Move target
    Expedition forward" (7.3.10, 7.3.11): each expedition moved is one atomic action of one step."""

    whose: Whose
    kind: ExpeditionKind | None
    """hero or companion; None for both ("Expeditions")."""
    forward: bool


@dataclass(frozen=True)
class Conditional:
    condition: ItIs | YouControl | FirstPlayer
    then: "Instruction"


@dataclass(frozen=True)
class Pay:
    amount: int


@dataclass(frozen=True)
class WithCost:
    """"You may [cost] to [effect]": the cost is one step (6.1.d, 6.4.a); a player may decline it
    (6.4.b), and then the internal action is ignored (6.4.f)."""

    cost: tuple[Pay | PutFromHand, ...]
    then: "Instruction"


Instruction = (
    CreateTokens | Draw | CreateOngoing | KeywordAction | LostEffect | Sacrifice | Gain | PutMe | PutFromHand | PlayMe
    | DiscardTarget | ActivateTriggers | Conditional | WithCost | MoveExpeditions
)


# ---- text helpers ----------------------------------------------------------------------------
def _normalize(text: str) -> str:
    text = text.replace("\u2019", "'").replace("\u00b4", "'").replace("`", "'").replace("\u2026", LOST)
    text = text.replace("\u201c", '"').replace("\u201d", '"')
    return re.sub(r"\s+", " ", text).strip().rstrip(".") if text.strip() != LOST else LOST


def _unsupported(text: str, what: str = "effect") -> UnsupportedText:
    return UnsupportedText(
        f"the engine cannot read the {what} {text!r}; it reads: " + "; ".join(SUPPORTED_EFFECTS)
    )


def _split_outside_quotes(text: str, separator: str) -> list[str]:
    """Split at `separator`, except inside double quotes (a token's quoted abilities)."""
    parts, start, quoted, i = [], 0, False, 0
    lower, sep = text.lower(), separator.lower()
    while i < len(text):
        if text[i] == '"':
            quoted = not quoted
        elif not quoted and lower.startswith(sep, i):
            parts.append(text[start:i])
            i += len(sep)
            start = i
            continue
        i += 1
    parts.append(text[start:])
    return [p.strip() for p in parts if p.strip()]


def number(word: str) -> int | None:
    """A number as printed: 2, or a word from "a" and "one" to "ten"."""
    if not word.isdecimal():
        return _NUMBERS.get(word.lower())
    if not number_within_limit(word):
        raise UnsupportedText(f"the number {word[:12]}{'...' if len(word) > 12 else ''} in card text is larger than "
                              f"{MAX_NUMBER:,}, the limit for any number in a scenario")
    return int(word)


_number = number


# ---- characters and tokens -------------------------------------------------------------------
def parse_character_template(text: str, *, allow_token_word: bool = True) -> Card:
    """"Name F/M/W Subtype, Subtype" (7.3.3.b, 2.2.2.j, 2.2.3.f) as a Character card."""
    words = _normalize(text).split(" ")
    token = False
    if allow_token_word and words and words[-1].lower() == "token":
        token, words = True, words[:-1]
    stats_at = [i for i, word in enumerate(words) if _STATS_WORD.match(word)]
    if len(stats_at) != 1 or stats_at[0] == 0:
        raise ScenarioError(
            f"bad character {text!r}: write the token template of 7.3.3.b, \"Name F/M/W Subtype, Subtype\", "
            f"e.g. \"Ordis Recruit 2/1/0 Soldier\" (statistics are three whole numbers, which may be negative)"
        )
    i = stats_at[0]
    name = " ".join(words[:i])
    subtypes = tuple(s.strip() for s in " ".join(words[i + 1 :]).split(",") if s.strip())
    return Card(name, ObjectType.CHARACTER, check_subtypes(subtypes), Statistics.parse(words[i]), token=token)


def check_subtypes(subtypes: tuple[str, ...], object_type: ObjectType = ObjectType.CHARACTER) -> tuple[str, ...]:
    """The sub-types as the lists of 2.2.2 spell them; ScenarioError for one the type cannot have."""
    allowed = SUBTYPES_BY_TYPE.get(object_type, CHARACTER_SUBTYPES)
    known = {s.lower(): s for s in allowed}
    result = []
    for subtype in subtypes:
        if subtype.lower() not in known:
            if object_type is ObjectType.CHARACTER:
                raise ScenarioError(
                    f"unknown character sub-type {subtype!r}; the sub-types of 2.2.2.d are: {', '.join(CHARACTER_SUBTYPES)}"
                )
            listed = ", ".join(allowed) if allowed else "none (2.2.2.b)"
            raise ScenarioError(f"unknown {object_type.value} sub-type {subtype!r}; allowed: {listed}")
        result.append(known[subtype.lower()])
    return tuple(result)


def parse_token_template(text: str) -> CreateTokens:
    """'create two Ordis Recruit 1/1/1 Soldier tokens in each of your Expeditions' (7.3.3.b).

    The abilities may come before the location ("token with [abilities] in [expedition]", 7.3.3.b)
    or after it ("in your companion Expedition with ...", 2.2.10.e); both are read.
    """
    clean = _normalize(text)
    match = re.match(r"^create (\S+) (.+?) (-?\d+/-?\d+/-?\d+)((?: [^\"]*?)?) tokens?\b(.*)$", clean, re.I)
    if match is None:
        raise _unsupported(text)
    count_word, name, stats, subtype_text, rest = match.groups()
    count = _number(count_word)
    if count is None or count < 1:
        raise _unsupported(text)
    abilities: str | None = None
    rest = rest.strip()
    # One ability or several joined by "and": with Gigantic and "At Noon | Draw a card".
    one = r'(?:"[^"]*"|\w+)'
    with_re = rf"with ({one}(?: and {one})*)"
    before = re.match(rf"^{with_re} in (.+)$", rest, re.I)
    after = re.match(rf"^in (.+?)(?: {with_re})?$", rest, re.I)
    if before:
        abilities, where = before.group(1), before.group(2)
    elif after:
        where, abilities = after.group(1), after.group(2)
    else:
        raise _unsupported(text)
    destination = _DESTINATIONS.get(where.lower())
    if destination is None:
        raise UnsupportedText(
            f"the engine cannot read the expedition {where!r} in {text!r}; it reads: {', '.join(_DESTINATIONS)}"
        )
    keywords: frozenset[Keyword] = frozenset()
    reactions: tuple[Reaction, ...] = ()
    passives: tuple[Passive, ...] = ()
    for part in _split_outside_quotes(abilities, " and ") if abilities is not None else []:
        ability = part.strip().strip('"') if part.strip().startswith('"') else part.strip()
        if not part.strip().startswith('"') and ability.lower() == Keyword.GIGANTIC.value:
            keywords = keywords | {Keyword.GIGANTIC}
        elif not part.strip().startswith('"'):
            raise UnsupportedText(f"the engine cannot read the ability {ability!r} of the token in {text!r}: a keyword (Gigantic) or an ability in quotes")
        elif "|" in ability:
            reactions = reactions + (parse_reaction(ability),)
        else:
            passives = passives + (parse_passive(ability),)
    subtypes = tuple(s.strip() for s in subtype_text.split(",") if s.strip())
    card = Card(name, ObjectType.CHARACTER, check_subtypes(subtypes), Statistics.parse(stats), keywords, reactions, passives, token=True)
    return CreateTokens(card, count, destination, abilities is not None and not before)


# ---- effects ---------------------------------------------------------------------------------
def _ongoing(step: str) -> CreateOngoing | None:
    """An effect lasting longer than its resolution (2.2.2.m): its passive and its duration, which
    may stand inside the text ("The next card you play this turn costs 1 less", 2.2.13.c)."""
    for duration_text, duration in _DURATIONS.items():
        found = re.search(rf"\s{re.escape(duration_text)}\b", step, re.I)
        if found is None:
            continue
        passive = (step[: found.start()] + step[found.end() :]).strip()
        if parse_ongoing(passive) is not None:
            return CreateOngoing(passive[0].upper() + passive[1:], duration)
    return None


def parse_ongoing(passive: str) -> OngoingPassive | None:
    """An Ongoing emblem's passive (2.2.13) as a value, or None when the engine cannot read it."""
    cannot = _CANNOT_MOVE.match(passive)
    if cannot is not None:
        return CannotMove(Direction(cannot.group(1).lower()))
    next_card = _NEXT_CARD.match(passive)
    if next_card is not None:
        amount, direction, boosts = next_card.group(2), next_card.group(3), next_card.group(4)
        change = 0
        if amount is not None:
            change = (number(amount) or 0) * (-1 if direction.lower() == "less" else 1)
        return NextCardPlayed(next_card.group(1).lower() == "character", (number(boosts) or 0) if boosts else 0, change)
    return None


def _pay_amount(part: str) -> int | None:
    """N in a cost part "pay N" (a number as printed, not zero), or None: how an effect's cost and
    a quick action's cost both write a Mana payment."""
    pay = re.match(r"^pay (\w+)$", part, re.I)
    return (_number(pay.group(1)) or None) if pay else None


def _cost_parts(text: str, whole: str) -> tuple[Pay | PutFromHand, ...]:
    parts: list[Pay | PutFromHand] = []
    for part in _split_outside_quotes(text, " and "):
        amount = _pay_amount(part)
        if amount:
            parts.append(Pay(amount))
        elif re.match(r"^put a card from your hand in reserve$", part, re.I):
            parts.append(PutFromHand(Zone.RESERVE))
        else:
            raise _unsupported(whole)
    return tuple(parts)


def _parse_instruction(step: str, whole: str) -> Instruction:
    lower = step.lower()
    if lower == LOST:
        return LostEffect()
    if lower.startswith("create "):
        return parse_token_template(step)
    draw = re.match(r"^draw (?:a card|(\w+) cards?)$", lower)
    if draw:
        word = draw.group(1)
        count = 1 if word is None else (_number(word) or 0)
        if count < 1:
            raise _unsupported(whole)
        return Draw(count)
    ongoing = _ongoing(step)
    if ongoing is not None:
        return ongoing
    for word in KEYWORD_ACTIONS:
        if lower == word.lower():
            return KeywordAction(word)
        if lower == f"each player may {word.lower()}":
            return KeywordAction(word, each_player_may=True)
    if lower == "sacrifice a character":
        return Sacrifice()
    if lower == "each player sacrifices a character":
        return Sacrifice(each_player=True)
    gain = re.match(r"^(i|characters you control) gains? (\w+) boosts?$", lower)
    if gain and _number(gain.group(2)):
        return Gain(Gainer.ME if gain.group(1) == "i" else Gainer.YOURS, boosts=_number(gain.group(2)) or 0)
    targeted = re.match(r"^target (character|permanent)(?: or (character|permanent))? (gains|loses) (?:(\w+) (boosts?)|(fleeting|asleep))$", lower)
    if targeted and (targeted.group(6) or _number(targeted.group(4) or "")):
        types = tuple(_TYPES[w] for w in targeted.groups()[:2] if w)
        if targeted.group(6):
            return Gain(Gainer.TARGET, status=Status(targeted.group(6).capitalize()), lose=targeted.group(3) == "loses", types=types)
        if targeted.group(3) == "gains":
            return Gain(Gainer.TARGET, boosts=_number(targeted.group(4)) or 0, types=types)
    counters = re.match(r"^i gain (\w+) (\S+) counters?$", step, re.I)
    if counters and _number(counters.group(1)):
        return Gain("me", counter=counters.group(2), counters=_number(counters.group(1)) or 0)
    status = re.match(r"^i (gain|lose) (fleeting|asleep)$", lower)
    if status:
        return Gain("me", status=Status(status.group(2).capitalize()), lose=status.group(1) == "lose")
    if lower == "put me in reserve":
        return PutMe(Zone.RESERVE)
    put = re.match(r"^(you may )?put a card from your hand in reserve$", lower)
    if put:
        return PutFromHand(Zone.RESERVE, optional=put.group(1) is not None)
    play = re.match(r"^(you may )?play me( for free)?$", lower)
    if play:
        return PlayMe(free=play.group(2) is not None, optional=play.group(1) is not None)
    discard = re.match(r"^discard target (character|permanent)(?: or (character|permanent))?$", lower)
    if discard:
        return DiscardTarget(tuple(_TYPES[w] for w in discard.groups() if w))
    activate = re.match(r"^(you may )?activate the (etb|hand|reserve) triggers of target (permanent|character) you control$", lower)
    if activate:
        return ActivateTriggers(TRIGGER_SYMBOLS[activate.group(2)], _TYPES[activate.group(3)], activate.group(1) is not None)
    first = re.match(r"^if you are (not )?the first player, (.+)$", step, re.I)
    if first:
        return Conditional(FirstPlayer(negated=first.group(1) is not None), _parse_instruction(first.group(2), whole))
    move = re.match(r"^move (your opponent'?s|your|target) (?:(hero|companion) expedition|(expeditions)|expedition) (forward|backward)$", lower)
    if move and (move.group(1) == "target") == (move.group(2) is None and move.group(3) is None):
        whose = Whose.TARGET if move.group(1) == "target" else (Whose.YOU if move.group(1) == "your" else Whose.OPPONENT)
        kind = ExpeditionKind(move.group(2)) if move.group(2) else None
        return MoveExpeditions(whose, kind, move.group(4) == "forward")
    it_is = re.match(r"^if it'?s an? (\w+), (.+)$", step, re.I)
    if it_is and it_is.group(1).lower() in _TYPES:
        return Conditional(ItIs(_TYPES[it_is.group(1).lower()]), _parse_instruction(it_is.group(2), whole))
    subtypes = {s.lower(): s for kind in SUBTYPES_BY_TYPE.values() for s in kind}
    if it_is and it_is.group(1).lower() in subtypes:
        return Conditional(ItIs(subtype=subtypes[it_is.group(1).lower()]), _parse_instruction(it_is.group(2), whole))
    control = re.match(r"^if you control (\w+)( or more)? (\w+?)s?, (.+)$", step, re.I)
    if control and _number(control.group(1)):
        what = control.group(3)
        condition = (
            YouControl(_number(control.group(1)) or 0, type=_TYPES[what.lower()])
            if what.lower() in _TYPES
            else YouControl(_number(control.group(1)) or 0, subtype=what.capitalize())
        )
        return Conditional(condition, _parse_instruction(control.group(4), whole))
    with_cost = re.match(r"^you may (.+?) to (.+)$", step, re.I)
    if with_cost:
        return WithCost(_cost_parts(with_cost.group(1), whole), _parse_instruction(with_cost.group(2), whole))
    raise _unsupported(whole)


def split_steps(text: str) -> list[str]:
    """The effect's steps as written: one per sentence and per verb (6.1.c), split at '. ', ', then'
    and 'and'; a step that reads as one instruction is kept whole ("pay 1 and put ... to create")."""
    clean = _normalize(text)
    steps: list[str] = []
    for sentence in _split_outside_quotes(clean, ". "):
        steps.extend(_split_sentence(sentence, text))
    return steps


def _reads(step: str, whole: str) -> bool:
    try:
        _parse_instruction(step, whole)
    except (UnsupportedText, ScenarioError):
        return False
    return True


def _split_sentence(sentence: str, whole: str) -> list[str]:
    if _reads(sentence, whole):
        return [sentence]
    for separator in (", then ", " then ", " and "):
        parts = _split_outside_quotes(sentence, separator)
        if len(parts) > 1:
            return [step for part in parts for step in _split_sentence(part, whole)]
    return [sentence]


def parse_effect(text: str) -> list[Instruction]:
    """An effect as its steps, in order: one per verb (6.1.b-c)."""
    if not isinstance(text, str) or not text.strip():
        raise UnsupportedText("an effect must be its printed text, e.g. \"Create an Ordis Recruit 1/1/1 Soldier token in your hero Expedition\"")
    return [_parse_instruction(step, text) for step in split_steps(text)]


# ---- reactions, passive abilities, quick actions ---------------------------------------------
def _trigger(text: str) -> Trigger | None:
    wanted = _normalize(text).lower().replace("i am sacrificed", "i'm sacrificed")
    if wanted in TRIGGER_SYMBOLS:
        return TRIGGER_SYMBOLS[wanted]
    if wanted == "when i enter play from anywhere":
        return Trigger.ETB
    return next((t for t in Trigger if t.value.lower() == wanted), None)


def parse_reaction(text: str) -> Reaction:
    """"Trigger | Effect" (2.2.10.i; the separator symbol of the printed cards is written |).
    The trigger may carry a condition: "When I'm sacrificed, if I'm not Fleeting | Put me in Reserve"."""
    if not isinstance(text, str) or "|" not in text:
        raise UnsupportedText(
            f"a reaction is written \"Trigger | Effect\" (2.2.10.i), got {text!r}; triggers: {', '.join(SUPPORTED_TRIGGERS)}"
        )
    trigger_text, effect = (part.strip() for part in text.split("|", 1))
    condition = None
    conditioned = re.match(r"^(.+?),\s*(if I'?m (?:not )?(?:Fleeting|Asleep))$", _normalize(trigger_text), re.I)
    if conditioned:
        trigger_text, condition = conditioned.group(1), conditioned.group(2)
    trigger = _trigger(trigger_text)
    if trigger is None:
        raise UnsupportedText(f"the engine cannot read the trigger {trigger_text!r}; it reads: {', '.join(SUPPORTED_TRIGGERS)}")
    parse_effect(effect)  # refuse unreadable effects when the card is read, not when it triggers
    requires = None
    if condition is not None:
        words = condition.lower()
        requires = StatusCondition(Status.FLEETING if "fleeting" in words else Status.ASLEEP, " not " in f" {words} ")
    return Reaction(trigger, _normalize(effect), condition, requires)


def parse_passive(text: str) -> Passive:
    """A passive ability changing region sub-types (2.2.2.p): "All regions are water and lose their other
    types"; or one that keeps triggers from activating (7.3.1.e)."""
    clean = _normalize(text) if isinstance(text, str) else ""
    match = re.match(r"^all regions are (forest|mountain|water)( and lose their other types)?$", clean, re.I)
    if match is not None:
        return RegionPassive(clean, RegionType(match.group(1).lower()), match.group(2) is not None)
    blocked = re.match(r"^the (.+?) triggers of characters facing me (?:don't|do not|can't|cannot) activate$", clean, re.I)
    if blocked is not None:
        words = [w.strip().lower() for w in re.split(r",|\band\b", blocked.group(1)) if w.strip()]
        if words and all(w in TRIGGER_SYMBOLS for w in words):
            return CannotActivate(clean, frozenset(TRIGGER_SYMBOLS[w] for w in words))
    raise UnsupportedText(
        f"the engine cannot read the passive ability {text!r}; it reads: " + "; ".join(SUPPORTED_PASSIVES)
        + ' (a reaction is written "Trigger | Effect")'
    )


_COSTS = {"exhaust": "exhaust", "{exhaust}": "exhaust", "discard": "discard", "{discard}": "discard",
          LOST: "lost", "{lost}": "lost", "lost": "lost"}


def parse_activated(text: str) -> Activated:
    """A quick action "Cost: Effect" (2.2.10.h), or a support ability ("support:" marks its box,
    2.2.10.d; it may have a cost or be an effect alone). "This action costs N more if you are not the
    first player" is read too. Cost symbols: exhaust ({exhaust}: Exhaust me), discard ({discard}:
    Discard me from Reserve) (2.2.10.h remark), pay N, and ... for a symbol lost in the sources."""
    if not isinstance(text, str) or not text.strip():
        raise UnsupportedText("a quick action is written \"Cost: Effect\" (2.2.10.h)")
    clean = _normalize(text)
    body = re.sub(r"^support:\s*", "", clean, flags=re.I)
    more = 0
    extra = re.search(r"\.?\s*this action costs (\w+) more if you are not the first player$", body, re.I)
    if extra and _number(extra.group(1)):
        more = _number(extra.group(1)) or 0
        body = body[: extra.start()].strip()
    cost: tuple[str, ...] = ()
    head = _split_outside_quotes(body, ": ")
    if len(head) > 1 or body.endswith(":"):
        cost_text, effect = head[0].rstrip(":"), ": ".join(head[1:])
        parts = []
        for part in _split_outside_quotes(cost_text, " and "):
            word = _COSTS.get(part.lower())
            amount = _pay_amount(part)
            if word is not None:
                parts.append(word)
            elif amount:
                parts.append(f"pay {amount}")
            else:
                raise UnsupportedText(
                    f"the engine cannot read the cost {part!r} in {text!r}; it reads: exhaust, discard, pay N, "
                    f"and {LOST} for a cost symbol lost in the sources"
                )
        cost = tuple(parts)
    else:
        effect = body
    parse_effect(effect)
    return Activated(re.sub(r"^support:\s*", "", clean, flags=re.I), cost, _normalize(effect), more)
