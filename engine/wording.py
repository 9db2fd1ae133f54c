"""How the trace words numbers and names: "two atomic actions", "Kuwat's"."""

from __future__ import annotations

__all__ = ["count", "plural", "possessive"]


_NUMBER_WORDS = {0: "no", 1: "one", 2: "two", 3: "three", 4: "four", 5: "five", 6: "six", 7: "seven", 8: "eight"}


def count(n: int) -> str:
    return _NUMBER_WORDS.get(n, str(n))


def possessive(name: str | None) -> str:
    """"Kuwat's", "Three Little Pigs'"."""
    name = name or "its"
    return name + ("'" if name.endswith("s") else "'s")


def plural(n: int, word: str) -> str:
    return f"{count(n)} {word}{'s' if n != 1 else ''}"
