"""The limits on what the project reads and runs, in one place.

Bad or hostile input (a glossary file, a scenario file, a scenario pasted in the sandbox) must
end in an error that names its file and line, in well under a second, never in a hang or in
running out of memory. Each limit is far above anything a real glossary or game needs (the
figures of the real glossary are given for comparison) and is refused, past it, with a message
that gives the limit. The editors' and scenario writers' guides (docs/*/editing.md,
docs/*/scenarios.md) list them with these reasons; tests/glossary/test_documented_limits.py checks that
the figures they give are these.

The engine reads scenarios from plain data and stays standard library only: the YAML reader
of the plugin (altered_rules.content.yamlsource) imports its limits from here, not the other way round.
"""

from __future__ import annotations

__all__ = [
    "MAX_FILE_BYTES",
    "MAX_GLOSSARY_BYTES",
    "MAX_DEPTH",
    "MAX_VALUES",
    "MAX_EXPANDED_CHARACTERS",
    "MAX_DIGITS",
    "MAX_NUMBER",
    "MAX_CARDS",
    "number_within_limit",
    "MAX_OBJECTS",
    "MAX_STEPS",
    "MAX_WORK",
]

# ---- files (glossary and scenario files) -----------------------------------------------------
MAX_FILE_BYTES = 1_000_000
"""Bytes in one YAML file. The largest glossary file is about 31 kB: a file this big is a
mistake (a pasted dump), and reading it would slow every build."""

MAX_GLOSSARY_BYTES = 10_000_000
"""Bytes in all the YAML files of the glossary together, counted before any is read. The
glossary is about 0.8 MB, with the official Complete Rules imported (issue 37) a few MB, and the
benchmark's ten-times glossary (`synth --factor 10`) 7 MB, all of which must load; each file may be
at most MAX_FILE_BYTES, but twenty files near it made the lint take 15 s and 530 MB (issue 36,
F-19): past this total the glossary is refused at once, before it costs more than a few of those."""

MAX_DEPTH = 100
"""Lists and mappings nested in one another. The glossary nests about 11 deep; the YAML parser
slows down with depth and its C half overflows its stack far below a million."""

MAX_VALUES = 100_000
"""Values (texts, numbers, list items, keys) in one file, each alias counted as everything it
repeats. The largest glossary file holds about 2,600; aliases of aliases (a "billion laughs")
are refused as soon as they pass this, before they are expanded."""

MAX_EXPANDED_CHARACTERS = 2_000_000
"""Characters of text in one file, each alias counted as all the text it repeats: an alias of
a long text repeated many times is refused before it is expanded."""

MAX_DIGITS = 20
"""Digits of a whole number in a YAML file. No count of the game needs more; Python refuses
to read numbers of more than 4,300 digits, and large ones are slow to convert."""

# ---- scenarios -------------------------------------------------------------------------------
MAX_NUMBER = 1_000
"""Any whole number in a scenario (cards in a hand or deck, Mana Orbs, a deck card's count,
boosts, counters, a day...). A game has a few dozen cards; a count of 10**100 would make the
engine build that many cards."""

def number_within_limit(digits: str) -> bool:
    """Whether whole-number text ("12", "-3", "0007", ASCII or other decimal digits) is at most
    MAX_NUMBER either way. Its length is checked before int(), which refuses (ValueError) more
    than 4,300 digits and would be slow well before."""
    plain = digits.lstrip("+-").lstrip("0")
    if plain and not plain.isdecimal():
        return False
    return len(plain) <= len(str(MAX_NUMBER)) and int(plain or "0") <= MAX_NUMBER


MAX_CARDS = 1_000
"""Cards a scenario gives in all: in every zone of every player, and in its deck (each
`count:` added up). A deck has about 40 cards."""

MAX_OBJECTS = 2_000
"""Objects existing at once in a game the engine runs (cards in visible zones, tokens, Mana
Orbs, Emblems). Reactions that keep triggering one another create Emblems; past this the
engine stops with a loop error (LoopLimit) instead of running for minutes."""

MAX_STEPS = 1_000
"""Steps (6.1) one scenario's game may take. No real situation takes this many; more means a
loop that no rule in the sources ends (each reaction stops at 100 activations a day, 6.3.f,
but new objects bring new reactions)."""

MAX_WORK = 500_000
"""The engine's work budget for one scenario, counted in units of work, not in seconds, so that a
scenario is answered or refused alike on every machine, in the browser too. Each action, step
(6.1) and Emblem-Reaction played costs one unit, and one per object in the game at that moment
(the engine looks at each: to check reactions, sum statistics, find names); comparing a reaction
with an event costs four; each line the engine adds to the trace, one. Where the scenario is run
once per reading (engine.readings), every run counts. The glossary's largest scenario spends
about 44,000 units (a reaction activated 100 times a day over several days). Without a budget,
500 characters and 3,900 Dusks, every figure within the limits above, kept the engine busy for a
minute and wrote 58,000 trace lines. Past it the engine stops (WorkLimit) at the action that spent it."""
