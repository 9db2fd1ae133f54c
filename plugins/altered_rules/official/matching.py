"""Which imported entry continues which rule of the glossary, across the renumbering.

On top of `content/glossary/identity.match` (its tokens, its masking of rule numbers, its
SIMILAR threshold), four extensions that the official rules need (layout, plan 5):

1. containment: a rule the seeds lost the end of (a `gap:`, or a text cut off before its
   sentence ends) is continued by an imported rule holding at least CONTAINED of its words in
   order, from its opening (the seeds lost an end, not a beginning: at most OPENING words of the
   new text come before the first one held): "contained", the text completed. A few words held
   deep inside a long unrelated rule are no continuation (seed 1.3.2.f, cut after "During the
   Night Phase", is 3.0's 1.3.2.f, not 3.2.7.b, which ends with those four words);
2. the in-place step is guarded: a leftover pair under the same number is "rewritten in place"
   only when its heading agrees (a section's own title; a rule's section title) and, for a rule,
   at least IN_PLACE_ALIKE of it is alike, else it is one rule removed and one added (15 seed
   sections share their number with another topic in 3.0);
3. the game's renamed words are normalised before comparing, as rule numbers are masked
   (VOCABULARY: advance -> move forward, region type -> terrain...);
4. the greedy order is global: every candidate pair of every number, most alike first;
5. typography is not wording: curly and straight quotes, apostrophes, dashes and ligatures are
   one before comparing (the seeds typed "this Turn" and controller's, the PDF prints “this
   turn” and controller’s: 7.3.5.b and 7.3.7.b of 3.0 are one text);
6. a rule keeps its place: a rule left over between two rules that were paired (or after the
   last one of its section) continues the rule left over between their continuations, the most
   alike first, when at least SLOT of it is alike or held in order (a rule rewritten, or merged
   with a sentence, where it stood: 7.5.5.b ~ 7.5.9.b, Leave's middle rule);
7. a section whose title changed continues the section that holds most of its rules'
   continuations, when that one is left over (seed 4.3 "Ending the game", whose rules went on in
   3.0's 4.3 "Tiebreakers").

An editors' table (`--was`, new id -> old id or `new`) overrides any pair, first.
"""

from __future__ import annotations

import difflib
import re
import unicodedata
from dataclasses import dataclass, field

from ..content.glossary.identity import SIMILAR, WAS_NEW, How, Pair, mask_references
from ..content.glossary.releases import Entry, Snapshot

CONTAINED = 0.75
# A text whose end the seeds lost kept its beginning: its continuation may open with at most this
# many words more than it before the first word held (a reworded opening: its first word replaced).
# Measured on Complete Rules 3.0: the 8 continuations a judge makes open at 0; the other
# candidates holding 75 % of such a text, at 3 to 55.
OPENING = 2
# A rule left over between paired neighbours (extension 6): the least share of it alike, or held
# in order, for it to continue the rule in the same place. Measured on Complete Rules 3.0 against
# the seeds: the pairs a judge makes score 0.52-0.96 there; the other candidates in the same
# places, 0.12-0.41.
SLOT = 0.5
# A rule rewritten in place (same number, same heading) still shares this much of its words with
# the old one, alike or held in order (_alike): on Complete Rules 3.0 against the seeds, the rules
# a judge pairs under the same number score 0.47 and more; the one pair under it (0.27: seed
# 6.3.c, what "activated" means, and 3.0's 6.3.c, the self-move Reactions) is two rules.
# Sections are paired by their heading alone.
IN_PLACE_ALIKE = 0.3
SLOT_LONGER = 4    # held in order counts for a new text at most this many times as long (a short rule is in any long one)
# The game's words renamed since the seeds' era (layout, plan 5.3), old -> new, compared in lower case.
VOCABULARY = (("opposing expedition", "expedition facing it"), ("region type", "terrain"), ("advance", "move forward"),
              ("advances", "moves forward"), ("advanced", "moved forward"))
MATCHED = ("section", "paragraph")
_TOKEN = re.compile(r"\w+|[^\w\s]")
_ENDED = re.compile(r"[.:;!?)”\"']$")
_TYPOGRAPHY = str.maketrans({"“": '"', "”": '"', "„": '"', "«": '"', "»": '"', "‘": "'", "’": "'", "´": "'",
                             "–": "-", "—": "-", "\u00a0": " "})


class Matched:
    """How an entry was paired, the words of the report (identity.How's and two more)."""

    SAME, EDITOR, TEXT, SIMILAR, IN_PLACE = How.SAME, How.EDITOR, How.TEXT, How.SIMILAR, How.IN_PLACE
    CONTAINED = "contained"
    IN_SLOT = "in-slot"          # extension 6: where it stood, between the same neighbours
    FOLLOWED = "followed"        # extension 7: a section, where its rules went


@dataclass
class Result:
    pairs: dict[str, Pair] = field(default_factory=dict)     # new key -> pair
    removed: list[str] = field(default_factory=list)          # old keys continued by nothing
    added: list[str] = field(default_factory=list)            # new keys continuing nothing
    refused_in_place: list[tuple[str, str, str]] = field(default_factory=list)   # (number, old heading, new heading)

    @property
    def renames(self) -> dict[str, str]:
        return {p.old: p.new for p in self.pairs.values() if p.old != p.new}


def _english(entry: Entry) -> str:
    # Without the fields' names (identity's "title:" made two one-word titles half alike), nor the
    # editors' notice of a lost text (`gap`).
    return "\n".join(texts.get("en", "") for name, texts in entry.fields if not name.endswith("gap"))


def _renamed(text: str, vocabulary: tuple[tuple[str, str], ...]) -> str:
    for old, new in vocabulary:
        text = re.sub(rf"\b{re.escape(old)}\b", new, text)
    return text


def typography(text: str) -> str:
    """The text with its typography made one (extension 5): ligatures, quotes, apostrophes, dashes."""
    return unicodedata.normalize("NFKC", text).translate(_TYPOGRAPHY)


def tokens(entry: Entry, vocabulary: tuple[tuple[str, str], ...] = ()) -> tuple[str, ...]:
    return tuple(_TOKEN.findall(_renamed(typography(mask_references(_english(entry))).lower(), vocabulary)))


def _lost_end(entry: Entry) -> bool:
    """The seeds lost this rule's end: a `gap:` recorded, or the text stops mid-sentence."""
    if entry.kind != "paragraph":
        return False
    if any(name.rsplit(".", 1)[-1] == "gap" for name, _ in entry.fields):   # its own gap, or a note's
        return True
    text = entry.field("text").get("en", "").strip()
    return bool(text) and not _ENDED.search(text)


def containment(old: tuple[str, ...], new: tuple[str, ...]) -> float:
    """The share of `old`'s tokens that `new` holds in the same order."""
    if not old:
        return 0.0
    blocks = difflib.SequenceMatcher(None, old, new, autojunk=False).get_matching_blocks()
    return sum(b.size for b in blocks) / len(old)


def held_from_opening(old: tuple[str, ...], new: tuple[str, ...]) -> float:
    """`containment`, when the words held begin in `new`'s opening (OPENING); else 0."""
    blocks = [b for b in difflib.SequenceMatcher(None, old, new, autojunk=False).get_matching_blocks() if b.size]
    if not old or not blocks or blocks[0].b - blocks[0].a > OPENING:
        return 0.0
    return sum(b.size for b in blocks) / len(old)


def _title(snapshot: Snapshot, key: str) -> str:
    entry = snapshot.entries.get(key)
    return " ".join(entry.field("title").get("en", "").lower().split()) if entry else ""


def _heading(snapshot: Snapshot, key: str, kind: str) -> str:
    return _title(snapshot, key if kind == "section" else key.rsplit(".", 1)[0])


def _agree(a: str, b: str) -> bool:
    a, b = re.sub(r"[^\w\s]", "", a), re.sub(r"[^\w\s]", "", b)   # "sub-types" is "subtypes"
    a, b = a.replace("-", ""), b.replace("-", "")
    return a == b or difflib.SequenceMatcher(None, a.split(), b.split()).ratio() >= SIMILAR


def match(old: Snapshot, new: Snapshot, editors: dict[str, str] | None = None,
          vocabulary: tuple[tuple[str, str], ...] = VOCABULARY, threshold: float = SIMILAR) -> Result:
    result = Result()
    free_old = {k: e for k, e in old.entries.items() if e.kind in MATCHED}
    free_new = {k: e for k, e in new.entries.items() if e.kind in MATCHED}
    order_old = {k: i for i, k in enumerate(free_old)}
    order_new = {k: i for i, k in enumerate(free_new)}

    def pair(o: str, n: str, how: str, score: float) -> None:
        result.pairs[n] = Pair(o, n, how, round(score, 3))
        del free_old[o], free_new[n]

    for n, o in (editors or {}).items():
        if n not in free_new:
            continue
        if o == WAS_NEW:
            del free_new[n]
            result.added.append(n)
        elif o in free_old:
            # the editors' word makes the pair; the score still says how alike the texts are (the
            # report's "changed" or "renumbered": 4.3.a of the seeds is one item of 3.0's 4.2.5.d)
            a, b = tokens(free_old[o], vocabulary), tokens(free_new[n], vocabulary)
            pair(o, n, Matched.EDITOR, 1.0 if a == b else difflib.SequenceMatcher(None, a, b, autojunk=False).ratio())
    toks_old = {k: tokens(e, vocabulary) for k, e in free_old.items()}
    toks_new = {k: tokens(e, vocabulary) for k, e in free_new.items()}   # both sides: a word may be renamed later
    for key in list(free_new):
        if key in free_old and free_old[key].kind == free_new[key].kind and toks_old[key] == toks_new[key]:
            pair(key, key, Matched.SAME, 1.0)
    by_text: dict[tuple[str, tuple[str, ...]], list[str]] = {}
    for key, entry in free_old.items():
        by_text.setdefault((entry.kind, toks_old[key]), []).append(key)
    for key in list(free_new):
        candidates = [k for k in by_text.get((free_new[key].kind, toks_new[key]), []) if k in free_old]
        if candidates:
            pair(min(candidates, key=lambda k: abs(order_old[k] - order_new[key])), key, Matched.TEXT, 1.0)
    scored = []
    for n_key, n_entry in free_new.items():
        b = toks_new[n_key]
        for o_key, o_entry in free_old.items():
            if o_entry.kind != n_entry.kind:
                continue
            a = toks_old[o_key]
            matcher = difflib.SequenceMatcher(None, a, b, autojunk=False)
            how, score = Matched.SIMILAR, 0.0
            if matcher.real_quick_ratio() >= threshold and matcher.quick_ratio() >= threshold:
                score = matcher.ratio()
            if _lost_end(o_entry):
                # a text the seeds lost the end of: how much of it the new one holds, in order, from its opening
                contained = held_from_opening(a, b)
                if contained >= CONTAINED and contained > score:
                    how, score = Matched.CONTAINED, contained
            if score < (CONTAINED if how == Matched.CONTAINED else threshold):
                continue
            scored.append((-score, o_key != n_key, abs(order_old[o_key] - order_new[n_key]), o_key, n_key, how))
    for negative, _, _, o_key, n_key, how in sorted(scored):
        if o_key in free_old and n_key in free_new:
            pair(o_key, n_key, how, -negative)
    _keep_places(result, old, new, free_old, free_new, toks_old, toks_new, pair)
    refused: dict[str, tuple[str, str, str]] = {}

    def in_place(kind: str) -> None:
        for key in list(free_new):
            if key in free_old and free_old[key].kind == free_new[key].kind == kind:
                before, after = _heading(old, key, kind), _heading(new, key, kind)
                parent = result.pairs.get(_parent(key))
                score = difflib.SequenceMatcher(None, toks_old[key], toks_new[key], autojunk=False).ratio()
                if kind == "paragraph" and _alike(toks_old[key], toks_new[key]) < IN_PLACE_ALIKE:
                    continue   # another rule under the same number and heading: one removed, one added
                # a rule's heading agrees when its section was paired with the same section (extension 7)
                if _agree(before, after) or (kind == "paragraph" and parent is not None and parent.old == _parent(key)):
                    pair(key, key, Matched.IN_PLACE, score)
                    refused.pop(key, None)
                else:
                    refused[key] = (key, before, after)

    in_place("section")
    _follow_sections(result, old, new, free_old, free_new, pair)
    in_place("paragraph")
    result.refused_in_place = [r for key, r in refused.items() if key in free_old and key in free_new]
    result.removed = [k for k in old.entries if k in free_old]
    result.added += [k for k in new.entries if k in free_new]
    return result


def _alike(a: tuple[str, ...], b: tuple[str, ...]) -> float:
    """How alike, or how much of `a` held in order by `b` when `b` is not many times as long (a
    short rule is held by any long one): the better of the two."""
    score = difflib.SequenceMatcher(None, a, b, autojunk=False).ratio()
    if len(b) <= SLOT_LONGER * len(a):
        score = max(score, containment(a, b))
    return score


def _parent(key: str) -> str:
    return key.rsplit(".", 1)[0]


def _siblings(snapshot: Snapshot) -> dict[str, list[str]]:
    """section id -> its paragraphs, in order."""
    out: dict[str, list[str]] = {}
    for key, entry in snapshot.entries.items():
        if entry.kind == "paragraph":
            out.setdefault(_parent(key), []).append(key)
    return out


def _keep_places(result: Result, old: Snapshot, new: Snapshot, free_old, free_new, toks_old, toks_new, pair) -> None:
    """Extension 6: each run of rules left over in an old section, between two paired rules (or
    after the last paired one), against the rules left over between their continuations in one new
    section; the most alike pairs first, down to SLOT. Repeated while it pairs (a pair made is a
    neighbour for the next run)."""
    old_rows, new_rows = _siblings(old), _siblings(new)
    old_to_new = {p.old: p.new for p in result.pairs.values()}
    changed = True
    while changed:
        changed = False
        scored = []
        for row in old_rows.values():
            index = 0
            while index < len(row):
                if row[index] not in free_old:
                    index += 1
                    continue
                end = index
                while end < len(row) and row[end] in free_old:
                    end += 1
                run = row[index:end]
                before = old_to_new.get(row[index - 1]) if index > 0 else None
                after = old_to_new.get(row[end]) if end < len(row) else None
                index = end
                if before is None and after is None:
                    continue
                target = _parent(before or after or "")
                if after is not None and before is not None and _parent(after) != target:
                    continue
                line = new_rows.get(target, [])
                start = line.index(before) + 1 if before in line else 0
                stop = line.index(after) if after in line else len(line)
                candidates = [k for k in line[start:stop] if k in free_new]
                for o_key in run:
                    for n_key in candidates:
                        score = _alike(toks_old[o_key], toks_new[n_key])
                        if score >= SLOT:
                            scored.append((-score, o_key, n_key))
        for negative, o_key, n_key in sorted(scored):
            if o_key in free_old and n_key in free_new:
                pair(o_key, n_key, Matched.IN_SLOT, -negative)
                old_to_new[o_key] = n_key
                changed = True


def _follow_sections(result: Result, old: Snapshot, new: Snapshot, free_old, free_new, pair) -> None:
    """Extension 7: a section left over continues the left-over section holding most of its
    paired rules (more than half of them), its title rewritten."""
    paired = [(o_key, n_key) for n_key, p in result.pairs.items() for o_key in [p.old]
              if old.entries[o_key].kind == "paragraph"]
    counts: dict[str, dict[str, int]] = {}
    sizes: dict[str, int] = {}
    for o_key, n_key in paired:
        counts.setdefault(_parent(o_key), {}).setdefault(_parent(n_key), 0)
        counts[_parent(o_key)][_parent(n_key)] += 1
    for key in old.entries:
        if old.entries[key].kind == "paragraph":
            sizes[_parent(key)] = sizes.get(_parent(key), 0) + 1
    for section in [k for k, e in free_old.items() if e.kind == "section"]:
        went = counts.get(section, {})
        if not went:
            continue
        target, held = max(went.items(), key=lambda kv: (kv[1], kv[0] == section))
        if target in free_new and free_new[target].kind == "section" and held * 2 > sizes.get(section, 0):
            pair(section, target, Matched.FOLLOWED, held / sizes[section])


def read_was_table(path, known_new: set[str], known_old: set[str]) -> dict[str, str]:
    """The editors' `--was` file: `new id: old id` or `new id: new`, one a line (YAML). Refused,
    naming the line, where a number is neither in the document nor in the glossary."""
    from ..content.sourcefiles import load_yaml_file
    from ..content.yamlsource import SourceError

    data = load_yaml_file(path)
    if data is None:
        return {}
    if not isinstance(data, dict):
        raise SourceError(str(path), 1, "a --was table is a mapping: `new id: old id` or `new id: new`, one a line")
    table: dict[str, str] = {}
    problems = []
    for key, value in data.items():
        line = data.key_lines.get(key, 1) if hasattr(data, "key_lines") else 1
        key, value = str(key), str(value)
        if key not in known_new:
            problems.append(f"{path}:{line}: {key} is no entry of the imported document")
        elif value != WAS_NEW and value not in known_old:
            problems.append(f"{path}:{line}: {key}: {value} is no rule of the glossary; write an old number or `new`")
        else:
            table[key] = value
    if problems:
        raise SourceError(str(path), None, "\n".join(problems))
    return table
