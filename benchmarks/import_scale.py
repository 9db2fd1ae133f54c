"""How the official-rules importer scales: a synthetic document of an invented game, in the
Complete Rules' text-dump layout, at the fixture's size and at ~800 numbered entries (the size of
the real 3.0 and 4.0), read and matched against a renumbered next version of itself.

    .venv/bin/python benchmarks/import_scale.py [--entries 800]

Timings on the shared machine are distorted; the ratios of one run are what to read. Not part of
`make bench` (benchmarks/run.py): it builds no site.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "plugins"))

from altered_rules.official.mapping import document_snapshot  # noqa: E402
from altered_rules.official.matching import match  # noqa: E402
from altered_rules.official.text_reader import read_text  # noqa: E402

WORDS = ("lamp wick flame glade keeper cellar satchel oil toll bridge ember spark knot road dusk tally copper "
         "shines burns waits crosses lights keeps loses counts moves holds every each its their the a any").split()


def _sentence(rng: random.Random) -> str:
    words: list[str] = []
    for _ in range(rng.randint(8, 22)):
        word = rng.choice(WORDS)
        while words and word == words[-1]:   # "the the" is a scraping defect the import's lint refuses
            word = rng.choice(WORDS)
        words.append(word)
    return words[0].capitalize() + " " + " ".join(words[1:]) + "."


def synthetic_dump(target: int, seed: int, shift: bool = False) -> str:
    """A dump of about `target` numbered entries: 7 chapters of sections, subsections and rules.
    With `shift`, a subsection is inserted at the start of every chapter (all later numbers move)."""
    rng = random.Random(seed)
    texts = random.Random(seed + 1)
    toc, body = [], []
    count = 0
    per_chapter = max(1, target // 7)
    names = ("Basics", "Lights", "Zones", "Days", "Playing", "Costs", "Words")
    for chapter in range(1, 8):
        toc.append(f"{chapter} {names[chapter - 1]}")
        body += [str(chapter), "", names[chapter - 1], ""]
        section_count = 0
        while count < per_chapter * chapter:
            section_count += 1
            section = f"{chapter}.{section_count}"
            title = f"Section of the {rng.choice(WORDS)}s"
            toc.append(f"{section} {title} . . . . . . . . 3")
            body += [section, "", title, ""]
            count += 1
            subsections = [f"Topic {rng.choice(WORDS)} {rng.choice(WORDS)}" for _ in range(rng.randint(2, 6))]
            if shift and section_count == 1:
                subsections.insert(0, "Inserted")
            for number, title in enumerate(subsections, 1):
                sub = f"{section}.{number}"
                toc.append(f"{sub} {title} . . . . . . . . 3")
                body += [sub, "", title, ""]
                count += 1
                rules = rng.randint(2, 6)
                for letter in "abcdefghijklmnop"[:rules]:
                    body += [f"{sub}.{letter}", "", texts.choice([_sentence(texts)]), ""]
                    count += 1
    toc.append("8 Changes From the Previous Version")
    return "\n".join(["Lanternfall", "Complete Rules", "", "Version 9.0 - Effective March 3, 2031", "", "Contents",
                      *toc, "", "\f", *body, "", "8", "", "Changes From the Previous Version", "", "New Rules",
                      "• Nothing.", "", "Glossary", "", "Keeper A player of Lanternfall. 2", ""])


def measure(target: int) -> dict[str, float]:
    old_text, new_text = synthetic_dump(target, 7), synthetic_dump(target, 7, shift=True)
    start = time.perf_counter()
    old = read_text(old_text)
    new = read_text(new_text)
    read = time.perf_counter() - start
    start = time.perf_counter()
    result = match(document_snapshot(old), document_snapshot(new))
    matched = time.perf_counter() - start
    numbered = sum(1 for e in new.entries if e.kind != "chapter")
    return {"entries": numbered, "read_s": read / 2, "match_s": matched, "paired": len(result.pairs),
            "renumbered": len(result.renames)}


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--entries", type=int, default=800)
    args = parser.parse_args()
    small, large = measure(41), measure(args.entries)
    for name, row in (("fixture size", small), ("official size", large)):
        print(f"{name}: {row['entries']} entries, read {row['read_s']:.3f} s, match {row['match_s']:.3f} s, "
              f"{row['paired']} paired, {row['renumbered']} renumbered")
    print(f"ratios (official / fixture): entries x{large['entries'] / small['entries']:.1f}, "
          f"read x{large['read_s'] / small['read_s']:.1f}, match x{large['match_s'] / max(small['match_s'], 1e-6):.1f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
