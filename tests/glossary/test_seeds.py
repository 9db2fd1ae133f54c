"""The glossary against its sources: every seed paragraph is there, with nothing lost.

The seeds are parsed here independently of the glossary; each paragraph's
words must all be in the glossary's text once the recorded corrections are
applied, so content can neither disappear nor change silently.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from altered_rules.content.glossary import Glossary

from project_paths import PROJECT, SEEDS

PARAGRAPH = re.compile(r"^(?:\+\+)?([1-7]\.[0-9]+(?:\.[0-9]+)?\.[a-z]) ?(.*)$")
SECTION = re.compile(r"^([1-7]\.[0-9]+(?:\.[0-9]+)?) ([A-Z].*)$")
NOTE = re.compile(r"^(?:\+\+)?(Remark|Example)\.? ?(.*)$")
# Lines after which the seeds leave the numbered rules (terms and game-mode pages).
LEAVES_RULES = re.compile(r"^(Clarification of the phases of a day|Draw|Card Advantage|Control|Gift|Free for All|A draw occurs.*|.*\(Game Mode\)|Booster War.*|×|Content Sources|Loaded JSON.*|Number of entries.*|View content sources|Français English Italiano|Altered Glossary)$")
WORD = re.compile(r"[A-Za-zÀ-ÿ']+")
# Words that were the alternative text of lost symbols, or scraping residue.
SYMBOL_WORDS = {"etb", "hand", "reserve", "forest", "mountain", "water", "endormi", "fugace", "l", "noonl",
                "handl", "reservel", "triggerl", "cmomon", "rare", "unique"}


def parse_seed(path: Path) -> dict[str, dict]:
    paragraphs: dict[str, dict] = {}
    current: dict | None = None
    in_rules = False
    for line in path.read_text(encoding="utf-8").splitlines():
        line = line.rstrip()
        if not line.strip():
            continue
        if LEAVES_RULES.match(line):
            current, in_rules = None, False
            continue
        if m := PARAGRAPH.match(line):
            current = {"text": m.group(2), "notes": []}
            paragraphs[m.group(1)] = current
            in_rules = True
        elif SECTION.match(line):
            current = None
        elif (m := NOTE.match(line)) and in_rules and paragraphs:
            note = {"kind": m.group(1).lower(), "text": m.group(2)}
            list(paragraphs.values())[-1]["notes"].append(note)
            current = note
        elif current is not None:
            current["text"] += "\n" + line
    return paragraphs


@pytest.fixture(scope="module")
def seeds() -> dict[str, dict[str, dict]]:
    return {f"seed-{p.name[:3]}": parse_seed(p) for p in sorted(SEEDS.glob("*.txt"))}


def words(text: str) -> list[str]:
    return [w.lower().strip("'") for w in WORD.findall(text)]


def test_the_seeds_hold_205_lettered_paragraphs(seeds):
    ids = {pid for paragraphs in seeds.values() for pid in paragraphs}
    assert len(ids) == 205


def test_every_seed_paragraph_is_in_the_glossary(seeds, glossary: Glossary):
    ids = {pid for paragraphs in seeds.values() for pid in paragraphs}
    assert sorted(ids - set(glossary.paragraphs)) == []
    assert sorted(set(glossary.paragraphs) - ids) == []


def test_each_paragraph_names_every_seed_that_holds_it(seeds, glossary: Glossary):
    for pid, paragraph in glossary.paragraphs.items():
        holders = sorted(seed for seed, paragraphs in seeds.items() if pid in paragraphs)
        assert sorted(paragraph.sources) == holders, pid


def test_every_remark_and_example_is_attached_to_its_paragraph(seeds, glossary: Glossary):
    for pid, paragraph in glossary.paragraphs.items():
        most = max((seeds[s][pid]["notes"] for s in paragraph.sources), key=len)
        assert [n["kind"] for n in most] == [n.kind.value for n in paragraph.notes], pid


def _glossary_words(texts: list[str], corrections) -> set[str]:
    found = set()
    for text in texts:
        found.update(words(text))
    for correction in corrections:
        found.update(words(correction.was))
    return found


def test_no_word_of_the_most_complete_seed_text_is_lost(seeds, glossary: Glossary):
    for pid, paragraph in glossary.paragraphs.items():
        texts = [t.en for t in paragraph.texts()]
        longest = max((seeds[s][pid]["text"] for s in paragraph.sources), key=len)
        have = _glossary_words(texts, paragraph.corrections)
        missing = [w for w in words(longest) if w not in have and w not in SYMBOL_WORDS]
        assert missing == [], f"{pid}: {missing}"
        for index, note in enumerate(paragraph.notes):
            seed_note = max((seeds[s][pid]["notes"][index]["text"] for s in paragraph.sources
                             if len(seeds[s][pid]["notes"]) > index), key=len)
            have = _glossary_words([note.text.en], note.corrections)
            missing = [w for w in words(seed_note) if w not in have and w not in SYMBOL_WORDS]
            assert missing == [], f"{note.anchor}: {missing}"


def test_text_lost_in_every_seed_is_marked_as_a_gap(glossary: Glossary):
    # The issue lists these losses; each must say so on the site.
    for pid in ["1.2.4.c", "1.2.4.d", "1.3.2.e", "1.3.2.f", "2.2.8.c", "4.1.j", "4.2.4.h", "7.3.1.c"]:
        assert glossary.paragraphs[pid].gap is not None, pid
    phases = next(t for t in glossary.terms if t.id == "phases-of-a-day")
    assert phases.gap is not None and phases.text is None
    ffa = next(m for m in glossary.modes if m.id == "free-for-all")
    assert any(b.gap for b in ffa.blocks)


def test_titles_missing_in_the_seeds_are_marked_editorial(glossary: Glossary):
    for sid in ["3.2.1", "7.3.10", "7.3.11"]:
        assert glossary.sections[sid].title_editorial, sid
    assert not glossary.sections["4.2.4"].title_editorial


def test_the_scraping_defects_are_corrected_and_recorded(glossary: Glossary):
    example = glossary.paragraphs["7.3.3.b"].notes[0]
    assert "Open the Games" not in example.text.en and "Open the Gates" in example.text.en
    assert any(c.was == "Open the Games" for c in example.corrections)
    assert "nor joins" in glossary.paragraphs["7.3.22.b"].text.en
    assert "{common}" in glossary.paragraphs["2.2.4.b"].text.en
    assert any(c.was == "$cmomon" for c in glossary.paragraphs["2.2.4.b"].corrections)


def test_the_characteristics_list_of_1_2_2_c_survives(glossary: Glossary):
    items = [i.en for i in glossary.paragraphs["1.2.2.c"].items]
    assert items[0] == "Type (Character, Emblem, Hero, Permanent, Region, Spell)"
    assert "Duration (only for Emblems)" in items and len(items) == 13


def test_the_copy_of_the_seeds_matches_shared_when_present():
    shared = PROJECT.parent / "shared" / "seeds"
    if not shared.is_dir():
        pytest.skip("../shared/seeds is not beside this clone; the tests use the copy in tests/seeds")
    for path in shared.glob("*.txt"):
        assert (SEEDS / path.name).read_bytes() == path.read_bytes(), path.name
