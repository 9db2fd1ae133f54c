"""Reading card text: effects (6.1), the token template (7.3.3.b), reactions (6.3.a) and
Ongoing effects (2.2.13).

The engine reads a small, closed set of printed wordings. Anything else raises
`UnsupportedText` listing what it can read: an effect the engine misread would
be worse than one it refuses.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from .errors import ScenarioError, UnsupportedText
from .objects import Card, Reaction, RegionPassive, Trigger
from .vocabulary import CHARACTER_SUBTYPES, Duration, Keyword, ObjectType, RegionType, Statistics

__all__ = [
    "TokenDestination",
    "CreateTokens",
    "Draw",
    "CreateOngoing",
    "Instruction",
    "EffectRecord",
    "parse_effect",
    "parse_reaction",
    "parse_passive",
    "SUPPORTED_PASSIVES",
    "parse_token_template",
    "parse_character_template",
    "SUPPORTED_EFFECTS",
    "SUPPORTED_TRIGGERS",
]

SUPPORTED_EFFECTS = (
    'create a/an/two/... NAME F/M/W [Sub-types] token(s) [with "ABILITY" | with Gigantic] in '
    "(my Expedition | your hero Expedition | your companion Expedition | each of your Expeditions | target Expedition) (7.3.3.b)",
    "draw a card | draw N cards (7.3.5)",
    "Expeditions can't move forward | Expeditions can't move backward, followed by this Turn | this Afternoon | this Day (2.2.13)",
    "several of these joined by ', then' (one step each, 6.1.c)",
)
SUPPORTED_PASSIVES = (
    "All regions are forest|mountain|water (2.2.2.p)",
    "All regions are forest|mountain|water and lose their other types (2.2.2.p)",
)
SUPPORTED_TRIGGERS = tuple(t.value for t in Trigger) + ("etb (= When I enter play)",)

_NUMBERS = {
    "a": 1, "an": 1, "one": 1, "two": 2, "three": 3, "four": 4, "five": 5,
    "six": 6, "seven": 7, "eight": 8, "nine": 9, "ten": 10,
}
_DESTINATIONS = {
    "my expedition": "mine",
    "your hero expedition": "hero",
    "your companion expedition": "companion",
    "each of your expeditions": "each",
    "target expedition": "target",
}
TokenDestination = str
"""'mine' (7.2.1), 'hero', 'companion', 'each', or 'target'."""

_STATS_WORD = re.compile(r"^-?\d+/-?\d+/-?\d+$")
_ONGOING = {"expeditions can't move forward", "expeditions can't move backward"}
_DURATIONS = {d.value.lower(): d for d in Duration}


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


Instruction = CreateTokens | Draw | CreateOngoing


@dataclass(frozen=True)
class EffectRecord:
    """The last effect resolved: its text, its steps (6.1.b-c) and its own atomic actions (6.1.e)."""

    text: str
    steps: int
    atomic_actions: int


def _normalize(text: str) -> str:
    text = text.replace("\u2019", "'").replace("\u00b4", "'").replace("`", "'")
    return re.sub(r"\s+", " ", text).strip().rstrip(".")


def _unsupported(text: str, what: str = "effect") -> UnsupportedText:
    return UnsupportedText(
        f"the engine cannot read the {what} {text!r}; it reads: " + "; ".join(SUPPORTED_EFFECTS)
    )


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


def check_subtypes(subtypes: tuple[str, ...]) -> tuple[str, ...]:
    known = {s.lower(): s for s in CHARACTER_SUBTYPES}
    result = []
    for subtype in subtypes:
        if subtype.lower() not in known:
            raise ScenarioError(
                f"unknown character sub-type {subtype!r}; the sub-types of 2.2.2.d are: {', '.join(CHARACTER_SUBTYPES)}"
            )
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
    count = _NUMBERS.get(count_word.lower()) if not count_word.isdigit() else int(count_word)
    if count is None or count < 1:
        raise _unsupported(text)
    ability: str | None = None
    rest = rest.strip()
    with_re = r'with (?:"([^"]*)"|(\w+))'
    before = re.match(rf"^{with_re} in (.+)$", rest, re.I)
    after = re.match(rf"^in (.+?)(?: {with_re})?$", rest, re.I)
    if before:
        ability = before.group(1) if before.group(1) is not None else before.group(2)
        where = before.group(3)
    elif after:
        where = after.group(1)
        ability = after.group(2) if after.group(2) is not None else after.group(3)
    else:
        raise _unsupported(text)
    destination = _DESTINATIONS.get(where.lower())
    if destination is None:
        raise UnsupportedText(
            f"the engine cannot read the expedition {where!r} in {text!r}; it reads: {', '.join(_DESTINATIONS)}"
        )
    keywords: frozenset[Keyword] = frozenset()
    reactions: tuple[Reaction, ...] = ()
    passives: tuple[RegionPassive, ...] = ()
    if ability is not None:
        if ability.lower() == Keyword.GIGANTIC.value:
            keywords = frozenset({Keyword.GIGANTIC})
        elif "|" in ability:
            reactions = (parse_reaction(ability),)
        else:
            passives = (parse_passive(ability),)
    subtypes = tuple(s.strip() for s in subtype_text.split(",") if s.strip())
    card = Card(name, ObjectType.CHARACTER, check_subtypes(subtypes), Statistics.parse(stats), keywords, reactions, passives, token=True)
    return CreateTokens(card, count, destination, ability is not None and not before)


def _parse_instruction(step: str, whole: str) -> Instruction:
    lower = step.lower()
    if lower.startswith("create "):
        return parse_token_template(step)
    draw = re.match(r"^draw (?:a card|(\w+) cards?)$", lower)
    if draw:
        word = draw.group(1)
        count = 1 if word is None else (int(word) if word.isdigit() else _NUMBERS.get(word, 0))
        if count < 1:
            raise _unsupported(whole)
        return Draw(count)
    for duration_text, duration in _DURATIONS.items():
        if lower.endswith(" " + duration_text):
            passive = step[: -len(duration_text) - 1].strip()
            if passive.lower() in _ONGOING:
                return CreateOngoing(passive[0].upper() + passive[1:], duration)
    raise _unsupported(whole)


def parse_effect(text: str) -> list[Instruction]:
    """An effect as its steps, in order: one per verb, split at ", then" (6.1.b-c)."""
    if not isinstance(text, str) or not text.strip():
        raise UnsupportedText("an effect must be its printed text, e.g. \"Create an Ordis Recruit 1/1/1 Soldier token in your hero Expedition\"")
    parts = re.split(r",? then ", _normalize(text), flags=re.I)
    return [_parse_instruction(part.strip(), text) for part in parts]


def parse_reaction(text: str) -> Reaction:
    """"Trigger | Effect" (2.2.10.i; the separator symbol of the printed cards is written |)."""
    if not isinstance(text, str) or "|" not in text:
        raise UnsupportedText(
            f"a reaction is written \"Trigger | Effect\" (2.2.10.i), got {text!r}; triggers: {', '.join(SUPPORTED_TRIGGERS)}"
        )
    trigger_text, effect = (part.strip() for part in text.split("|", 1))
    wanted = _normalize(trigger_text).lower()
    trigger = Trigger.ETB if wanted == "etb" else next((t for t in Trigger if t.value.lower() == wanted), None)
    if trigger is None:
        raise UnsupportedText(f"the engine cannot read the trigger {trigger_text!r}; it reads: {', '.join(SUPPORTED_TRIGGERS)}")
    parse_effect(effect)  # refuse unreadable effects when the card is read, not when it triggers
    return Reaction(trigger, effect)


def parse_passive(text: str) -> RegionPassive:
    """A passive ability changing region sub-types (2.2.2.p): "All regions are water and lose their other types"."""
    clean = _normalize(text) if isinstance(text, str) else ""
    match = re.match(r"^all regions are (forest|mountain|water)( and lose their other types)?$", clean, re.I)
    if match is None:
        raise UnsupportedText(
            f"the engine cannot read the passive ability {text!r}; it reads: " + "; ".join(SUPPORTED_PASSIVES)
            + ' (a reaction is written "Trigger | Effect")'
        )
    return RegionPassive(clean, RegionType(match.group(1).lower()), match.group(2) is not None)
