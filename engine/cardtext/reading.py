"""Reading card text: effects (6.1), the token template (7.3.3.b), reactions (6.3.a), passive
abilities (2.2.2.p, 7.3.1.e), quick actions and support abilities (2.2.10.d-h), and Ongoing
effects (2.2.13).

The engine reads a small, closed set of printed wordings, the registry of engine.cardtext.wordings:
an effect is cut into its steps here, and each step is read by the first wording that builds a
record for it. Anything else raises `UnsupportedText` listing what it can read: an effect the
engine misread would be worse than one it refuses.

Some words are named by the sources but never defined there: the keyword actions Resupply and
Sabotage, and an effect whose text is lost (written "..."). The engine reads them as steps whose
game effect it does not know (`KeywordAction`, `LostEffect`); see engine.cardtext.performing.
"""

from __future__ import annotations

import re

from ..errors import ScenarioError, UnsupportedText
from ..messages import Items, Quote, Term, msg
from ..objects import (
    TRIGGER_SYMBOLS,
    Activated,
    CannotActivate,
    Card,
    Passive,
    Reaction,
    RegionPassive,
    StatusCondition,
    Trigger,
)
from ..vocabulary import CHARACTER_SUBTYPES, SUBTYPES_BY_TYPE, Keyword, ObjectType, RegionType, Statistics, Status
from .instructions import CreateTokens, Instruction, TokenDestination
from .text import LOST, normalize, number, pay_amount, split_outside_quotes
from .wordings import WORDINGS, Reader, Wording, unsupported

_KEYWORDS = {k.value: k for k in Keyword}
"""A token's keyword as its text writes it ("with Gigantic"), by its word."""

__all__ = [
    "parse_effect",
    "split_steps",
    "read_step",
    "parse_reaction",
    "parse_passive",
    "parse_activated",
    "SUPPORTED_PASSIVES",
    "parse_token_template",
    "parse_character_template",
    "check_subtypes",
    "SUPPORTED_TRIGGERS",
]

SUPPORTED_PASSIVES = (
    "All regions are forest|mountain|water (2.2.2.p)",
    "All regions are forest|mountain|water and lose their other types (2.2.2.p)",
    "The etb, hand, and reserve triggers of Characters facing me don't activate (7.3.1.e)",
)
SUPPORTED_TRIGGERS = tuple(t.value for t in Trigger) + (
    "etb (= When I enter play from anywhere)", "hand", "reserve", "with a condition: When I'm sacrificed, if I'm not Fleeting",
)

_DESTINATIONS = {
    "my expedition": TokenDestination.MINE,
    "my other expedition": TokenDestination.OTHER,
    "your hero expedition": TokenDestination.HERO,
    "your companion expedition": TokenDestination.COMPANION,
    "each of your expeditions": TokenDestination.EACH,
    "target expedition": TokenDestination.TARGET,
}

_STATS_WORD = re.compile(r"^-?\d+/-?\d+/-?\d+$")


# ---- characters and tokens -------------------------------------------------------------------
def parse_character_template(text: str, *, allow_token_word: bool = True) -> Card:
    """"Name F/M/W Subtype, Subtype" (7.3.3.b, 2.2.2.j, 2.2.3.f) as a Character card."""
    words = normalize(text).split(" ")
    token = False
    if allow_token_word and words and words[-1].lower() == "token":
        token, words = True, words[:-1]
    stats_at = [i for i, word in enumerate(words) if _STATS_WORD.match(word)]
    if len(stats_at) != 1 or stats_at[0] == 0:
        raise ScenarioError(msg("read.bad_character", text=Quote(repr(text)), example=Quote('"Ordis Recruit 2/1/0 Soldier"')))
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
                raise ScenarioError(msg("read.unknown_character_subtype", subtype=Quote(repr(subtype)), allowed=Quote(", ".join(CHARACTER_SUBTYPES))))
            if not allowed:
                raise ScenarioError(msg("read.no_subtypes", subtype=Quote(repr(subtype)), type=Term(object_type.value)))
            raise ScenarioError(msg("read.unknown_subtype", subtype=Quote(repr(subtype)), type=Term(object_type.value), allowed=Quote(", ".join(allowed))))
        result.append(known[subtype.lower()])
    return tuple(result)


def parse_token_template(text: str) -> CreateTokens:
    """'create two Ordis Recruit 1/1/1 Soldier tokens in each of your Expeditions' (7.3.3.b).

    The abilities may come before the location ("token with [abilities] in [expedition]", 7.3.3.b)
    or after it ("in your companion Expedition with ...", 2.2.10.e); both are read.
    """
    clean = normalize(text)
    match = re.match(r"^create (\S+) (.+?) (-?\d+/-?\d+/-?\d+)((?: [^\"]*?)?) tokens?\b(.*)$", clean, re.I)
    if match is None:
        raise unsupported(text)
    count_word, name, stats, subtype_text, rest = match.groups()
    count = number(count_word)
    if count is None or count < 1:
        raise unsupported(text)
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
        raise unsupported(text)
    destination = _DESTINATIONS.get(where.lower())
    if destination is None:
        raise UnsupportedText(msg("text.expedition", where=Quote(repr(where)), text=Quote(repr(text)), allowed=Quote(", ".join(_DESTINATIONS))))
    keywords: frozenset[Keyword] = frozenset()
    reactions: tuple[Reaction, ...] = ()
    passives: tuple[Passive, ...] = ()
    for part in split_outside_quotes(abilities, " and ") if abilities is not None else []:
        ability = part.strip().strip('"') if part.strip().startswith('"') else part.strip()
        if not part.strip().startswith('"') and ability.lower() in _KEYWORDS:   # "with Gigantic": any keyword it models
            keywords = keywords | {_KEYWORDS[ability.lower()]}
        elif not part.strip().startswith('"'):
            raise UnsupportedText(msg("text.token_ability", ability=Quote(repr(ability)), text=Quote(repr(text)),
                                      keywords=Items(tuple(Term(k.value) for k in Keyword))))
        elif "|" in ability:
            reactions = reactions + (parse_reaction(ability),)
        else:
            passives = passives + (parse_passive(ability),)
    subtypes = tuple(s.strip() for s in subtype_text.split(",") if s.strip())
    card = Card(name, ObjectType.CHARACTER, check_subtypes(subtypes), Statistics.parse(stats), keywords, reactions, passives, token=True)
    return CreateTokens(card, count, destination, abilities is not None and not before)


# ---- effects ---------------------------------------------------------------------------------
def read_step(step: str, whole: str) -> tuple[Wording, Instruction]:
    """One step of the effect `whole` (6.1.c), read by the first wording of the registry whose
    pattern matches it and whose builder makes a record (engine.cardtext.wordings); that wording
    and its record. UnsupportedText, listing what the engine reads, when none does."""
    for wording in WORDINGS:
        found = wording.pattern.match(step)
        if found is not None:
            instruction = wording.build(found, step, whole, _READER)
            if instruction is not None:
                return wording, instruction
    raise unsupported(whole)


def _parse_instruction(step: str, whole: str) -> Instruction:
    return read_step(step, whole)[1]


_READER = Reader(instruction=_parse_instruction, token_template=parse_token_template)


def split_steps(text: str) -> list[str]:
    """The effect's steps as written: one per sentence and per verb (6.1.c), split at '. ', ', then'
    and 'and'; a step that reads as one instruction is kept whole ("pay 1 and put ... to create")."""
    clean = normalize(text)
    steps: list[str] = []
    for sentence in split_outside_quotes(clean, ". "):
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
        parts = split_outside_quotes(sentence, separator)
        if len(parts) > 1:
            return [step for part in parts for step in _split_sentence(part, whole)]
    return [sentence]


def parse_effect(text: str) -> list[Instruction]:
    """An effect as its steps, in order: one per verb (6.1.b-c)."""
    if not isinstance(text, str) or not text.strip():
        raise UnsupportedText(msg("text.effect_shape", example=Quote('"Create an Ordis Recruit 1/1/1 Soldier token in your hero Expedition"')))
    return [_parse_instruction(step, text) for step in split_steps(text)]


# ---- reactions, passive abilities, quick actions ---------------------------------------------
def _trigger(text: str) -> Trigger | None:
    wanted = normalize(text).lower().replace("i am sacrificed", "i'm sacrificed")
    if wanted in TRIGGER_SYMBOLS:
        return TRIGGER_SYMBOLS[wanted]
    if wanted == "when i enter play from anywhere":
        return Trigger.ETB
    return next((t for t in Trigger if t.value.lower() == wanted), None)


def parse_reaction(text: str) -> Reaction:
    """"Trigger | Effect" (2.2.10.i; the separator symbol of the printed cards is written |).
    The trigger may carry a condition: "When I'm sacrificed, if I'm not Fleeting | Put me in Reserve"."""
    if not isinstance(text, str) or "|" not in text:
        raise UnsupportedText(msg("text.reaction_shape", text=Quote(repr(text)), triggers=Quote(", ".join(SUPPORTED_TRIGGERS))))
    trigger_text, effect = (part.strip() for part in text.split("|", 1))
    condition = None
    conditioned = re.match(r"^(.+?),\s*(if I'?m (?:not )?(?:Fleeting|Asleep))$", normalize(trigger_text), re.I)
    if conditioned:
        trigger_text, condition = conditioned.group(1), conditioned.group(2)
    trigger = _trigger(trigger_text)
    if trigger is None:
        raise UnsupportedText(msg("text.trigger", text=Quote(repr(trigger_text)), triggers=Quote(", ".join(SUPPORTED_TRIGGERS))))
    parse_effect(effect)  # refuse unreadable effects when the card is read, not when it triggers
    requires = None
    if condition is not None:
        words = condition.lower()
        requires = StatusCondition(Status.FLEETING if "fleeting" in words else Status.ASLEEP, " not " in f" {words} ")
    return Reaction(trigger, normalize(effect), condition, requires)


def parse_passive(text: str) -> Passive:
    """A passive ability changing region sub-types (2.2.2.p): "All regions are water and lose their other
    types"; or one that keeps triggers from activating (7.3.1.e)."""
    clean = normalize(text) if isinstance(text, str) else ""
    match = re.match(r"^all regions are (forest|mountain|water)( and lose their other types)?$", clean, re.I)
    if match is not None:
        return RegionPassive(clean, RegionType(match.group(1).lower()), match.group(2) is not None)
    blocked = re.match(r"^the (.+?) triggers of characters facing me (?:don't|do not|can't|cannot) activate$", clean, re.I)
    if blocked is not None:
        words = [w.strip().lower() for w in re.split(r",|\band\b", blocked.group(1)) if w.strip()]
        if words and all(w in TRIGGER_SYMBOLS for w in words):
            return CannotActivate(clean, frozenset(TRIGGER_SYMBOLS[w] for w in words))
    raise UnsupportedText(msg("text.passive", text=Quote(repr(text)), passives=Quote("; ".join(SUPPORTED_PASSIVES))))


_COSTS = {"exhaust": "exhaust", "{exhaust}": "exhaust", "discard": "discard", "{discard}": "discard",
          LOST: "lost", "{lost}": "lost", "lost": "lost"}


def parse_activated(text: str) -> Activated:
    """A quick action "Cost: Effect" (2.2.10.h), or a support ability ("support:" marks its box,
    2.2.10.d; it may have a cost or be an effect alone). "This action costs N more if you are not the
    first player" is read too. Cost symbols: exhaust ({exhaust}: Exhaust me), discard ({discard}:
    Discard me from Reserve) (2.2.10.h remark), pay N, and ... for a symbol lost in the sources."""
    if not isinstance(text, str) or not text.strip():
        raise UnsupportedText(msg("text.quick_action_shape"))
    clean = normalize(text)
    body = re.sub(r"^support:\s*", "", clean, flags=re.I)
    more = 0
    extra = re.search(r"\.?\s*this action costs (\w+) more if you are not the first player$", body, re.I)
    if extra and number(extra.group(1)):
        more = number(extra.group(1)) or 0
        body = body[: extra.start()].strip()
    cost: tuple[str, ...] = ()
    head = split_outside_quotes(body, ": ")
    if len(head) > 1 or body.endswith(":"):
        cost_text, effect = head[0].rstrip(":"), ": ".join(head[1:])
        parts = []
        for part in split_outside_quotes(cost_text, " and "):
            word = _COSTS.get(part.lower())
            amount = pay_amount(part)
            if word is not None:
                parts.append(word)
            elif amount:
                parts.append(f"pay {amount}")
            else:
                raise UnsupportedText(msg("text.cost", part=Quote(repr(part)), text=Quote(repr(text)), lost=Quote(LOST)))
        cost = tuple(parts)
    else:
        effect = body
    parse_effect(effect)
    return Activated(re.sub(r"^support:\s*", "", clean, flags=re.I), cost, normalize(effect), more)
