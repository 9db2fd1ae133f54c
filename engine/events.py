"""Events, split along their seams; this module gathers their public names for code that finds
them here.

- engine.wording: how the trace words numbers and names;
- engine.reactions: reactions as event modifiers, Emblem-Reactions created in Limbo, steps (6.1.f, 6.3);
- engine.costs: costs (6.4) and playing a card (3.2.8.a);
- engine.resolution: effects resolved step by step (6.1, 7.2), Emblem-Reactions played (4.4);
- engine.day: phases beginning and Ongoing emblems expiring (1.3.2, 2.2.13).
"""

from __future__ import annotations

from .costs import pay_cost, play_card
from .day import begin_phase, expire
from .places import zone_words
from .reactions import MAX_ACTIVATIONS_PER_DAY, MAX_STEPS, create_reaction_emblem, run_step
from .resolution import Resolution, check_reactions, resolve_effect, sacrifice
from .wording import count, possessive

__all__ = [
    "MAX_ACTIVATIONS_PER_DAY", "MAX_STEPS", "Resolution", "run_step", "check_reactions", "resolve_effect", "play_card",
    "pay_cost", "begin_phase", "expire", "count", "zone_words", "create_reaction_emblem", "sacrifice", "possessive",
]
