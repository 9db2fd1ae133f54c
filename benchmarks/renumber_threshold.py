"""How alike rule texts are, to choose identity.SIMILAR (issue 30): measured, not guessed.

    .venv/bin/python benchmarks/renumber_threshold.py [--glossary glossary]

Prints, for the rules (sections and paragraphs) of the glossary on disk:
- how alike two *different* rules of the same kind are (the highest, and how many pairs pass
  each threshold): a match below those would pair two rules that are not the same;
- how alike a rule stays when reworded: one word in N replaced, inserted or deleted (seeded,
  so the figures are the same each run), for N = 10, 5 and 3: a match above those would miss a
  slightly reworded rule.
The results are written into identity.py's docstring by hand (they change little as the
glossary grows); nothing here is a test.
"""

from __future__ import annotations

import argparse
import difflib
import random
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "plugins"))

from altered_rules.content.glossary import load_glossary  # noqa: E402
from altered_rules.content.glossary.identity import MATCHED_KINDS, _tokens  # noqa: E402
from altered_rules.content.glossary.releases import snapshot_of  # noqa: E402

THRESHOLDS = (0.6, 0.7, 0.75, 0.8, 0.9)


def reword(tokens: tuple[str, ...], every: int, rng: random.Random) -> tuple[str, ...]:
    words = list(tokens)
    edits = max(1, round(len([t for t in words if t.isalnum()]) / every))
    for _ in range(edits):
        at = rng.randrange(len(words))
        what = rng.choice(("replace", "insert", "delete"))
        if what == "replace":
            words[at] = "reworded"
        elif what == "insert":
            words.insert(at, "reworded")
        elif len(words) > 1:
            del words[at]
    return tuple(words)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--glossary", type=Path, default=ROOT / "glossary")
    args = parser.parse_args()
    snapshot = snapshot_of(load_glossary(args.glossary), "current")
    rules = [e for e in snapshot.entries.values() if e.kind in MATCHED_KINDS]
    tokens = [(_tokens(e), e) for e in rules]
    print(f"{len(rules)} rules ({sum(e.kind == 'paragraph' for e in rules)} paragraphs)")
    best, passing, pairs, top = 0.0, {t: 0 for t in THRESHOLDS}, 0, []
    for i, (a, ea) in enumerate(tokens):
        for b, eb in tokens[i + 1:]:
            if ea.kind != eb.kind:
                continue
            pairs += 1
            matcher = difflib.SequenceMatcher(None, a, b, autojunk=False)
            if matcher.real_quick_ratio() < THRESHOLDS[0] or matcher.quick_ratio() < THRESHOLDS[0]:
                continue
            score = matcher.ratio()
            for t in THRESHOLDS:
                passing[t] += score >= t
            if score >= THRESHOLDS[0]:
                top.append((score, ea.key, eb.key))
            best = max(best, score)
    print(f"different rules: {pairs:,} pairs of the same kind; the most alike {best:.3f}")
    for t in THRESHOLDS:
        paragraphs = sum(1 for s, a, _ in top if s >= t and a[-1].isalpha())
        print(f"  pairs >= {t}: {passing[t]} ({paragraphs} of paragraphs)")
    for score, a, b in sorted(top, reverse=True)[:8]:
        print(f"  {score:.3f} {a} ~ {b}")
    rng = random.Random(30)
    for every in (10, 5, 3):
        scores = sorted(difflib.SequenceMatcher(None, a, reword(a, every, rng), autojunk=False).ratio() for a, _ in tokens)
        print(f"reworded, one word in {every}: lowest {scores[0]:.3f}, 2nd percentile {scores[len(scores) // 50]:.3f}, "
              f"median {scores[len(scores) // 2]:.3f}; kept at >= " +
              ", ".join(f"{t}: {sum(s >= t for s in scores) / len(scores):.1%}" for t in THRESHOLDS))
    one = sorted(difflib.SequenceMatcher(None, a, reword(a, 10 ** 6, rng), autojunk=False).ratio()
                 for a, e in tokens if e.kind == "paragraph")
    print(f"paragraphs with one word changed: lowest {one[0]:.3f}, 2nd percentile {one[len(one) // 50]:.3f}; kept at >= " +
          ", ".join(f"{t}: {sum(s >= t for s in one) / len(one):.1%}" for t in THRESHOLDS))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
