"""Which imported entry continues which rule of the glossary, across the renumbering.

On top of `content/glossary/identity.match` (its tokens, its masking of rule numbers, its
SIMILAR threshold), four extensions that the official rules need (layout, plan 5):

1. containment: a rule the seeds lost the end of (a `gap:`, or a text cut off before its
   sentence ends) is continued by an imported rule holding at least CONTAINED of its words in
   order: "contained", the text completed;
2. the in-place step is guarded: a leftover pair under the same number is "rewritten in place"
   only when its heading agrees (a section's own title; a rule's section title), else it is one
   rule removed and one added (15 seed sections share their number with another topic in 3.0);
3. the game's renamed words are normalised before comparing, as rule numbers are masked
   (VOCABULARY: advance -> move forward, region type -> terrain...);
4. the greedy order is global: every candidate pair of every number, most alike first.

An editors' table (`--was`, new id -> old id or `new`) overrides any pair, first.
"""

from __future__ import annotations

import difflib
import re
from dataclasses import dataclass, field

from ..content.glossary.identity import SIMILAR, WAS_NEW, How, Pair, mask_references
from ..content.glossary.releases import Entry, Snapshot

CONTAINED = 0.75
# The game's words renamed since the seeds' era (layout, plan 5.3), old -> new, compared in lower case.
VOCABULARY = (("opposing expedition", "expedition facing it"), ("region type", "terrain"), ("advance", "move forward"),
              ("advances", "moves forward"), ("advanced", "moved forward"))
MATCHED = ("section", "paragraph")
_TOKEN = re.compile(r"\w+|[^\w\s]")
_ENDED = re.compile(r"[.:;!?)”\"']$")


class Matched:
    """How an entry was paired, the words of the report (identity.How's and two more)."""

    SAME, EDITOR, TEXT, SIMILAR, IN_PLACE = How.SAME, How.EDITOR, How.TEXT, How.SIMILAR, How.IN_PLACE
    CONTAINED = "contained"


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


def tokens(entry: Entry, vocabulary: tuple[tuple[str, str], ...] = ()) -> tuple[str, ...]:
    return tuple(_TOKEN.findall(_renamed(mask_references(_english(entry)).lower(), vocabulary)))


def _lost_end(entry: Entry) -> bool:
    """The seeds lost this rule's end: a `gap:` recorded, or the text stops mid-sentence."""
    if entry.kind != "paragraph":
        return False
    if any(name == "gap" for name, _ in entry.fields):
        return True
    text = entry.field("text").get("en", "").strip()
    return bool(text) and not _ENDED.search(text)


def containment(old: tuple[str, ...], new: tuple[str, ...]) -> float:
    """The share of `old`'s tokens that `new` holds in the same order."""
    if not old:
        return 0.0
    blocks = difflib.SequenceMatcher(None, old, new, autojunk=False).get_matching_blocks()
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
            pair(o, n, Matched.EDITOR, 1.0)
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
                # a text the seeds lost the end of: how much of it the new one holds, in order
                contained = containment(a, b)
                if contained >= CONTAINED and contained > score:
                    how, score = Matched.CONTAINED, contained
            if score < (CONTAINED if how == Matched.CONTAINED else threshold):
                continue
            scored.append((-score, o_key != n_key, abs(order_old[o_key] - order_new[n_key]), o_key, n_key, how))
    for negative, _, _, o_key, n_key, how in sorted(scored):
        if o_key in free_old and n_key in free_new:
            pair(o_key, n_key, how, -negative)
    for key in list(free_new):
        if key in free_old and free_old[key].kind == free_new[key].kind:
            before, after = _heading(old, key, free_old[key].kind), _heading(new, key, free_new[key].kind)
            if _agree(before, after):
                pair(key, key, Matched.IN_PLACE, difflib.SequenceMatcher(None, toks_old[key], toks_new[key], autojunk=False).ratio())
            else:
                result.refused_in_place.append((key, before, after))
    result.removed = [k for k in old.entries if k in free_old]
    result.added += [k for k in new.entries if k in free_new]
    return result


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
