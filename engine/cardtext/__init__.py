"""Card text: the language printed on cards, which the engine reads and performs.

Its modules, in the order they import one another:

- text: the words card text is written with (numbers, "...", how a text is cleaned);
- instructions: the records an effect is read into, one frozen record per kind of step;
- wordings: the registry, each printed wording declared once (pattern, builder, the line the
  engine says when it cannot read a text, the rules it cites, its examples in docs/*/scenarios.md);
  `SUPPORTED_EFFECTS` is derived from it;
- reading: effects, the token template, reactions, passive abilities and quick actions read from
  their text, an effect's steps each read by the first wording that builds a record;
- performing: the records performed, one handler per record type, and the Emblem-Reactions played
  (4.4). It imports the rules (costs, movement, the game) and so stands below them, beside day.

This face holds what reading offers; performing is reached as engine.cardtext.performing (importing
it here would make the rules it uses import this package first).
"""

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
    TokenDestination,
    Whose,
    WithCost,
    YouControl,
    parse_ongoing,
)
from .reading import (
    SUPPORTED_PASSIVES,
    SUPPORTED_TRIGGERS,
    check_subtypes,
    parse_activated,
    parse_character_template,
    parse_effect,
    parse_passive,
    parse_reaction,
    parse_token_template,
    read_step,
    split_steps,
)
from .text import KEYWORD_ACTIONS, LOST, number
from .wordings import SUPPORTED_EFFECTS, WORDINGS, Wording

__all__ = [
    "ActivateTriggers", "Conditional", "CreateOngoing", "CreateTokens", "DiscardTarget", "Draw", "FirstPlayer", "Gain", "Gainer",
    "Instruction", "ItIs", "KeywordAction", "LostEffect", "MoveExpeditions", "Pay", "PlayMe", "PutFromHand", "PutMe", "Sacrifice",
    "TokenDestination", "Whose", "WithCost", "YouControl", "parse_ongoing",
    "SUPPORTED_PASSIVES", "SUPPORTED_TRIGGERS", "check_subtypes", "parse_activated", "parse_character_template", "parse_effect",
    "parse_passive", "parse_reaction", "parse_token_template", "read_step", "split_steps",
    "KEYWORD_ACTIONS", "LOST", "number",
    "SUPPORTED_EFFECTS", "WORDINGS", "Wording",
]
