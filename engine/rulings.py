"""The glossary's rulings the engine cites: one registry of their ids.

A ruling (glossary/rulings/<id>.yaml) answers a question the rules text leaves open; the trace
cites it by id beside the rule numbers (`Trace.add(..., rulings=(Ruling.SACRIFICE,))`). Every
id the engine cites is a member here, and nowhere else: the glossary's ruling files are checked
against this list (tests/engine_tests/test_docs_examples.py, test_rulings_registry.py).
"""

from __future__ import annotations

from enum import StrEnum

__all__ = ["Ruling", "RULINGS", "SETTLED"]


class Ruling(StrEnum):
    """A ruling's id, as its glossary file names it; a member is the id string itself (`str`), so a
    trace line's rulings read, compare and serialize as their ids."""

    SAME_DUSK_FINISH = "same-dusk-finish"
    FIRST_PLAYER_SUCCEED = "first-player-succeed"
    PREPARE_MANA_ORBS = "prepare-mana-orbs"
    MOVES_FORWARD_DUE_TO = "moves-forward-due-to"
    TOKEN_ABILITY_POSITION = "token-ability-position"
    OPPOSING_EXPEDITIONS = "opposing-expeditions"
    TIEBREAKER_COMPARISON = "tiebreaker-comparison"
    MULTIPLAYER_FINISH = "multiplayer-finish"
    INITIATIVE_ORDER = "initiative-order"
    PLAYED_FROM_RESERVE = "played-from-reserve"
    SACRIFICE = "sacrifice"
    FREE_FOR_ALL_TIEBREAKER = "free-for-all-tiebreaker"
    CARD_TEXT_OVER_RULES = "card-text-over-rules"
    ARENA_REGION_TYPES = "arena-region-types"


SETTLED: dict[str, Ruling | None] = {"4.3.h/1.3.3.e": Ruling.ARENA_REGION_TYPES}
"""Where two rules name different outcomes, the ruling the engine follows, by the pair of rules
(4.3.h against 1.3.3.e: the two-player tiebreaker when an ability changes the Arena's region types).
A pair without a ruling is refused: the engine says the rules disagree and what each gives."""


RULINGS: tuple[str, ...] = tuple(ruling.value for ruling in Ruling)
"""Ids of the glossary's ruling entries (glossary/rulings/) the engine's trace cites."""
