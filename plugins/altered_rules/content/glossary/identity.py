"""A rule's identity across releases: which entry of the new texts continues which of the old.

Rules are renumbered between versions: a paragraph is inserted and every later letter shifts, a
section is split, a rule moves to another section and is reworded. Their number is then not
their identity: 4.2.4.d of the new release may be 4.2.4.c of the old one, and 4.2.4.c a new
paragraph. `match` pairs the entries of two snapshots:

1. the editors' word first: `was: 4.2.4.c` on a paragraph says which rule of the latest release
   it continues (`was: new`: none, it is new); it applies to the release that records it, and
   is ignored afterwards (the old release holds the same `was:`), so it may stay or go;
2. an entry whose number and English text (rule numbers inside it aside) are unchanged is itself;
3. the English texts left are compared, rule numbers inside them masked (they shift with the
   renumbering): the same text under another number is the same rule; else the most similar
   pairs first, down to SIMILAR (measured on the real rule texts, below);
4. what is left under the same number in both is that rule, rewritten in place;
5. whatever remains is removed (old) or added (new).

Only rules (sections and paragraphs) are matched by similarity: terms, game modes and rulings
are named by ids that do not shift; a deck rule keeps the old behaviour (the same English text
under another id is renumbered).

SIMILAR, measured by `benchmarks/renumber_threshold.py` on the glossary of release 2026.1 (247
rules, 205 of them paragraphs; texts tokenised into words and punctuation, rule numbers masked,
difflib's ratio):
- two *different* rules of the same kind: 19 paragraph pairs of 21,771 reach 0.75, 15 reach 0.80,
  4 reach 0.90 (parallel rules of sibling sections: 7.3.10.c ~ 7.3.11.d is 0.93); three section
  pairs have the very same title (1.3.3 ~ 4.3). Such pairs compete only when both rules changed
  or moved; the greedy order (most alike first, then the same number, then the nearest) pairs
  each with its own, and the lint lists every match for the editor to confirm (`was:`);
- a rule reworded, one word in five replaced, inserted or deleted: 96 % stay at 0.75 or more
  (the rest are one- or two-word section titles, 0.67); one word in ten: 96 %; one word changed
  in a paragraph: 100 % stay at 0.85 or more.
SIMILAR = 0.75 keeps every slight rewording of a paragraph and lets no unrelated paragraph in.
"""

from __future__ import annotations

import difflib
import re
from dataclasses import dataclass, field
from typing import Iterable

from .releases import Entry, Snapshot

SIMILAR = 0.75
WAS_NEW = "new"
"""`was: new`: the editors say a paragraph is new, whatever text it shares with a removed one."""

# Kinds matched by similarity (their keys are rule numbers, which shift).
MATCHED_KINDS = ("section", "paragraph")

# A rule number inside a text, also before an anchor's suffix ("{rule-text 4.2.4.h-remark-1}").
# A pinned reference ("4.3.b@2026.1", "{rule-text 4.3.h-item-2@2026.1}") names a release's text:
# never renamed by a renumbering.
REFERENCE = re.compile(r"(?<![\w./-])([1-9]\.[0-9]{1,2}(?:\.[0-9]{1,2})?(?:\.[a-z])?)"
                       r"(?![\w/@]|\.[0-9]|\.[a-z](?:-(?:remark|example|item)-[0-9]+)?@|-(?:remark|example|item)-[0-9]+@)")
_TOKEN = re.compile(r"\w+|[^\w\s]")
_MASK = "§"


class How:
    """Why two entries were paired (shown by the lint and `diff --json`)."""

    SAME = "same"          # same number, same text
    EDITOR = "was"         # the YAML's `was:`
    TEXT = "text"          # the same text under another number
    SIMILAR = "similar"    # a nearly identical text
    IN_PLACE = "in-place"  # same number, the text rewritten


@dataclass(frozen=True)
class Pair:
    old: str
    new: str
    how: str
    score: float


@dataclass
class Matching:
    """new key -> the old entry it continues, for every entry both snapshots hold in some form."""

    pairs: dict[str, Pair] = field(default_factory=dict)

    @property
    def renames(self) -> dict[str, str]:
        """old number -> new number, for the entries whose number changed."""
        return {p.old: p.new for p in self.pairs.values() if p.old != p.new}

    def old_of(self, new: str) -> str | None:
        pair = self.pairs.get(new)
        return pair.old if pair else None

    def matched_old(self) -> set[str]:
        return {p.old for p in self.pairs.values()}


def rename_references(text: str, renames: dict[str, str]) -> str:
    """`text` with every rule number `renames` names replaced by its new number, at once (a shift
    c->d, d->e is not applied twice)."""
    if not renames:
        return text
    return REFERENCE.sub(lambda m: renames.get(m.group(1), m.group(1)), text)


def mask_references(text: str) -> str:
    return REFERENCE.sub(_MASK, text)


def _english(entry: Entry) -> str:
    return "\n".join(f"{name}: {texts.get('en', '')}" for name, texts in entry.fields)


def _tokens(entry: Entry) -> tuple[str, ...]:
    return tuple(_TOKEN.findall(mask_references(_english(entry)).lower()))


def similarity(a: Iterable[str], b: Iterable[str]) -> float:
    """How alike two token sequences are, 0..1 (difflib's ratio: twice the matched tokens over all)."""
    return difflib.SequenceMatcher(None, tuple(a), tuple(b), autojunk=False).ratio()


def entry_similarity(a: Entry, b: Entry) -> float:
    return similarity(_tokens(a), _tokens(b))


def renamed_entry(entry: Entry, renames: dict[str, str]) -> Entry:
    """The entry with the rule numbers inside its texts renamed (its own key unchanged)."""
    if not renames:
        return entry
    fields = tuple((name, {lang: rename_references(text, renames) for lang, text in texts.items()})
                   for name, texts in entry.fields)
    return Entry(entry.key, entry.kind, entry.group, fields, entry.corrections, entry.was)


def match(old: Snapshot, new: Snapshot, threshold: float = SIMILAR) -> Matching:
    """Which entry of `new` continues which of `old` (the module's docstring says how)."""
    result = Matching()
    free_old = dict(old.entries)
    free_new = dict(new.entries)

    def pair(o: str, n: str, how: str, score: float) -> None:
        result.pairs[n] = Pair(o, n, how, score)
        del free_old[o], free_new[n]

    # 1. the editors' word (once: a `was:` the old release already had was used for it)
    for key, entry in new.entries.items():
        if not entry.was or (key in old.entries and old.entries[key].was == entry.was):
            continue
        if entry.was == WAS_NEW:
            free_new.pop(key)
        elif entry.was and entry.was in free_old and key in free_new:
            pair(entry.was, key, How.EDITOR, 1.0)
    tokens: dict[tuple[str, str], tuple[str, ...]] = {}

    def toks(side: str, entry: Entry) -> tuple[str, ...]:
        if (side, entry.key) not in tokens:
            tokens[(side, entry.key)] = _tokens(entry)
        return tokens[(side, entry.key)]

    # 2. same number, same text (rule numbers inside aside)
    for key in list(free_new):
        if key in free_old and free_old[key].kind == free_new[key].kind and toks("o", free_old[key]) == toks("n", free_new[key]):
            pair(key, key, How.SAME, 1.0)
    order_old = {k: i for i, k in enumerate(old.entries)}
    order_new = {k: i for i, k in enumerate(new.entries)}
    # 3a. the same text under another number (a dictionary: most renumbered rules are unchanged)
    by_text: dict[tuple[str, tuple[str, ...]], list[str]] = {}
    for key, entry in free_old.items():
        by_text.setdefault((entry.kind, toks("o", entry)), []).append(key)
    for key in list(free_new):
        entry = free_new[key]
        if entry.kind not in MATCHED_KINDS and key in old.entries:
            continue
        candidates = [k for k in by_text.get((entry.kind, toks("n", entry)), []) if k in free_old
                      and (entry.kind in MATCHED_KINDS or k not in new.entries)]
        if candidates:
            nearest = min(candidates, key=lambda k: abs(order_old[k] - order_new[key]))
            pair(nearest, key, How.TEXT, 1.0)
    # 3b. nearly identical texts, the most similar first
    scored = []
    for n_key, n_entry in free_new.items():
        if n_entry.kind not in MATCHED_KINDS:
            continue
        b = toks("n", n_entry)
        for o_key, o_entry in free_old.items():
            if o_entry.kind != n_entry.kind:
                continue
            a = toks("o", o_entry)
            matcher = difflib.SequenceMatcher(None, a, b, autojunk=False)
            if matcher.real_quick_ratio() < threshold or matcher.quick_ratio() < threshold:
                continue
            score = matcher.ratio()
            if score >= threshold:
                scored.append((-score, o_key != n_key, abs(order_old[o_key] - order_new[n_key]), o_key, n_key))
    for negative, _, _, o_key, n_key in sorted(scored):
        if o_key in free_old and n_key in free_new:
            pair(o_key, n_key, How.SIMILAR, -negative)
    # 4. rewritten in place
    for key in list(free_new):
        if key in free_old and free_old[key].kind == free_new[key].kind:
            pair(key, key, How.IN_PLACE, similarity(toks("o", free_old[key]), toks("n", free_new[key])))
    return result


def _counts(text: str, numbers: set[str]) -> dict[str, int]:
    counts: dict[str, int] = {}
    for m in REFERENCE.finditer(text):
        if m.group(1) in numbers:
            counts[m.group(1)] = counts.get(m.group(1), 0) + 1
    return counts


def explained_hash(english: str, translation: str, renames: dict[str, str], hash_of) -> str | None:
    """The hash of the English text as it was before `renames` (old -> new) renumbered it, when the
    translation was renumbered alike (it cites each number the renumbering touched as often as
    the English does); None when the renumbering explains nothing here."""
    if not renames:
        return None
    back = {new: old for old, new in renames.items()}
    before = rename_references(english, back)
    if before == english:
        return None
    touched = set(renames) | set(renames.values())
    if _counts(english, touched) != _counts(translation, touched):
        return None
    return hash_of(before)


def accept_renumbered(texts: Iterable, renames: dict[str, str], hash_of, translations: Iterable[str]) -> int:
    """Records on each Text whose translation lags only by the numbers `renames` changed the hash
    that explains it (Text.renumbered): such a translation is current. Returns how many."""
    count = 0
    languages = tuple(translations)
    for text in texts:
        for language in languages:
            recorded = text.translated_from.get(language)
            if not recorded or not text.has(language) or recorded == hash_of(text.en):
                continue
            explained = explained_hash(text.en, text.by_language[language], renames, hash_of)
            if explained == recorded:
                text.renumbered[language] = recorded
                count += 1
    return count


__all__ = ["explained_hash", "accept_renumbered", "SIMILAR", "WAS_NEW", "REFERENCE", "How", "Pair", "Matching", "match", "rename_references",
           "mask_references", "renamed_entry", "entry_similarity", "similarity"]
