"""Each deck format's numbers (engine.DeckLimits), built from the game modes' deck rules' `check:`
data: the one place the numbers live (39 cards, 15 rares...). The engine holds none; every deck
check is given these (scenario runs, `altered-rules verify`/`explain`, the site's verification,
the sandbox's archive).

The formats of constructed play (engine.CONSTRUCTED_PLAY: standard, constructed, multiplayer)
share 1.1.4's limits: the Standard and Multiplayer pages restate them, so they must state the same
numbers, and `constructed`, which has no page of its own, takes them. Sealed and Draft each have
their page's. A mode of a format must state every number the format's checks read
(engine.deck.limits_checked), and no limit the format does not have (`null` says "no limit").
"""

from __future__ import annotations

from dataclasses import dataclass, fields
from typing import Iterable

from engine.deck import CONSTRUCTED_PLAY, DeckLimits, hero_counts, limits_checked
from engine.vocabulary import DeckFormat

from ..yamlsource import SourceError
from .model import GameMode

__all__ = ["build_deck_limits"]

LIMIT_NAMES = tuple(f.name for f in fields(DeckLimits))
"""The `check:` keys that are numbers of DeckLimits (the others, `tokens_count`, `any_hero`...,
say what the engine's checks do without a number)."""


@dataclass(frozen=True)
class _Stated:
    value: int
    file: str
    line: int
    rule: str

    @property
    def where(self) -> str:
        return f"{self.file}:{self.line} ({self.rule})"


def _family(deck_format: DeckFormat) -> tuple[DeckFormat, ...]:
    """The formats that share `deck_format`'s limits."""
    return CONSTRUCTED_PLAY if deck_format in CONSTRUCTED_PLAY else (deck_format,)


def build_deck_limits(modes: Iterable[GameMode], errors: list[SourceError]) -> dict[DeckFormat, DeckLimits]:
    """Each format's limits, from the deck rules of the modes of its format (or of a format that
    shares its limits). A number missing, contradicted between two rules (of one mode, or of two
    modes sharing the limits), of the wrong kind for the format, or a `counting` the engine does
    not count by, is appended to `errors` with its file and line; that format gets no limits.
    A format no mode speaks of gets none either (a deck check of it says so)."""
    families: dict[tuple[DeckFormat, ...], list[GameMode]] = {}
    for mode in modes:
        if mode.deck_format in {f.value for f in DeckFormat}:
            families.setdefault(_family(DeckFormat(mode.deck_format)), []).append(mode)
    found: dict[DeckFormat, DeckLimits] = {}
    # A file with an error already (a misspelt check, a rule left out) would report its numbers
    # missing as a consequence: that error says it first, and alone.
    troubled = {error.path for error in errors}
    for family, members in families.items():
        first = family[0]
        checked = limits_checked(first)
        counting = "all" if hero_counts(first) else "non-hero"
        named = ", ".join(f.value for f in family)
        kind = f"constructed play ({named}: 1.1.4)" if family == CONSTRUCTED_PLAY else f"the {first.value} format"
        stated: dict[str, _Stated] = {}
        before = len(errors)
        for mode in members:
            said: set[str] = set()
            for rule in mode.deck_rules:
                for key, value in rule.check.items():
                    line = rule.check_lines.get(key, rule.line)
                    here = f"deck rule {rule.id} of game mode '{mode.id}'"
                    if key == "counting" and value != counting:
                        errors.append(SourceError(mode.file, line, f"{here}: 'counting: {value}', but {kind} counts "
                                                  f"'{counting}' toward min_cards; write counting: {counting}"))
                    if key not in LIMIT_NAMES:
                        continue
                    if key not in checked:
                        if value is not None:
                            errors.append(SourceError(mode.file, line, f"{here}: '{key}: {value}' is not a limit of {kind}; "
                                                      f"its limits: {', '.join(checked)} (write `{key}: null` for no limit, or remove it)"))
                        continue
                    said.add(key)
                    if value is None:
                        errors.append(SourceError(mode.file, line, f"{here}: '{key}: null' says there is no such limit, "
                                                  f"but the engine checks {kind} with a number: write it"))
                        continue
                    if not isinstance(value, int) or isinstance(value, bool):
                        continue   # the schema reports it (schema.DECK_CHECKS)
                    if value < 0:
                        errors.append(SourceError(mode.file, line, f"{here}: '{key}: {value}' must be a number of cards, 0 or more"))
                        continue
                    earlier = stated.get(key)
                    if earlier is None:
                        stated[key] = _Stated(value, mode.file, line, rule.id)
                    elif earlier.value != value:
                        errors.append(SourceError(mode.file, line, f"{here}: '{key}: {value}' contradicts '{key}: {earlier.value}' "
                                                  f"at {earlier.where}; the deck rules of {kind} share one number: state the same in both"))
            for key in checked:
                if key not in said and mode.file not in troubled:
                    errors.append(SourceError(mode.file, mode.lines.get("deck-format", mode.line),
                                              f"game mode '{mode.id}' (deck format {mode.deck_format}): no deck rule states '{key}', "
                                              f"a number the engine checks {kind} with; add it to a deck rule's check: "
                                              f"(its limits: {', '.join(checked)})"))
        if len(errors) == before and all(key in stated for key in checked):
            limits = DeckLimits(**{key: stated[key].value for key in checked})
            found.update((deck_format, limits) for deck_format in family)
    return {deck_format: found[deck_format] for deck_format in DeckFormat if deck_format in found}
