"""The matcher on two synthetic versions of an invented game, against a `was:` table written by
hand (tests/fixtures/import/lanternfall-2.0-was.yaml)."""

from __future__ import annotations

from pathlib import Path

import pytest
import yaml

from altered_rules.content.glossary.releases import Entry
from altered_rules.official.importing import _state
from altered_rules.official.mapping import _was, document_snapshot
from altered_rules.official.matching import Matched, match, read_was_table
from altered_rules.official.text_reader import read_text

FIXTURES = Path(__file__).parent.parent / "fixtures" / "import"


def _old():
    """Version 1.0 as a glossary holding it would: 2.1.2.d's end lost (a `gap:`), as the seeds lost
    texts; and 2.2.a typed in other words and cut after its opening ("At the Dusk Tally"), as seed
    1.3.2.f was cut after "During the Night Phase". 2.0's new 2.1.1.b ends with those very words:
    words held deep inside an unrelated rule are no continuation (it stays `new`), the rule that
    opens like it is (2.2.a keeps its number)."""
    old = document_snapshot(read_text((FIXTURES / "lanternfall-1.0.txt").read_bytes()))
    entry = old.entries["2.1.2.d"]
    text = entry.field("text")["en"]
    old.entries["2.1.2.d"] = Entry(entry.key, entry.kind, entry.group,
                                   (("text", {"en": text[:text.index(" beside its name")]}), ("gap", {"en": "Lost."})))
    tally = old.entries["2.2.a"]
    old.entries["2.2.a"] = Entry(tally.key, tally.kind, tally.group, (("text", {"en": "At the Dusk Tally"}),))
    return old


@pytest.fixture(scope="module")
def versions():
    return _old(), document_snapshot(read_text((FIXTURES / "lanternfall-2.0.txt").read_bytes()))


def was_table(old, new, result):
    table = {}
    for key, entry in new.entries.items():
        if entry.kind == "paragraph":
            pair = result.pairs.get(key)
            was = _was(key, pair.old if pair else None, None, old)
            if was:
                table[key] = was
    return table


def test_the_was_table_is_the_one_written_by_hand(versions):
    old, new = versions
    expected = yaml.safe_load((FIXTURES / "lanternfall-2.0-was.yaml").read_text(encoding="utf-8"))
    result = match(old, new)
    assert was_table(old, new, result) == expected
    assert result.removed == ["3.1.c"]
    assert result.refused_in_place == [("3.1.c", "lamp costs", "tolls")]


def test_how_each_extension_paired(versions):
    old, new = versions
    result = match(old, new)
    assert result.pairs["2.1.3.d"].how == Matched.CONTAINED          # containment of a lost ending
    assert result.pairs["2.2.a"].how == Matched.CONTAINED and result.pairs["2.2.a"].old == "2.2.a"   # held from its opening
    assert result.pairs["1.2.b"].how == Matched.TEXT                 # equal once the renamed words are normalised
    assert result.pairs["2.1.3.a"].how == Matched.SIMILAR and result.pairs["2.1.3.a"].score < 1
    assert result.pairs["3.2.a"].old == "3.1.a" and result.pairs["3.3.a"].old == "3.2.a"   # the global greedy order


def test_each_extension_is_needed(versions):
    old, new = versions
    assert "1.2.b" not in match(old, new, vocabulary=()).pairs            # without the renamed words
    lost = dict(old.entries)
    entry = lost["2.1.2.d"]
    lost["2.1.2.d"] = Entry(entry.key, entry.kind, entry.group, (entry.fields[0],))   # no gap, but cut mid-sentence
    assert match(type(old)(old.version, old.chapters, lost), new).pairs["2.1.3.d"].how == Matched.CONTAINED
    ended = dict(lost)
    ended["2.1.2.d"] = Entry(entry.key, entry.kind, entry.group, (("text", {"en": entry.field("text")["en"] + "."}),))
    # a complete text is not "contained"; it still continues the rule where it stood (extension 6)
    assert match(type(old)(old.version, old.chapters, ended), new).pairs["2.1.3.d"].how == Matched.IN_SLOT


def test_the_editors_table_overrides_any_pair(versions, tmp_path):
    old, new = versions
    table = tmp_path / "was.yaml"
    table.write_text("3.1.c: 3.1.c\n2.1.3.a: new\n", encoding="utf-8")
    editors = read_was_table(table, set(new.entries), set(old.entries))
    result = match(old, new, editors)
    assert result.pairs["3.1.c"].how == Matched.EDITOR and result.pairs["3.1.c"].old == "3.1.c"
    # the editors' pair of two different texts is reported "changed", not "continued"
    assert result.pairs["3.1.c"].score < 0.5 and _state(result.pairs["3.1.c"]) == "changed"
    same = match(old, new, {"2.2.d": "1.2.b"})
    assert same.pairs["2.2.d"].score == 1.0 and _state(same.pairs["2.2.d"]) == "renumbered"
    assert "2.1.3.a" not in result.pairs and "2.1.3.a" in result.added
    assert "2.1.2.a" in result.removed


def test_a_bad_editors_table_names_its_line(versions, tmp_path):
    from altered_rules.content.yamlsource import SourceError

    old, new = versions
    table = tmp_path / "was.yaml"
    table.write_text("3.1.c: 3.1.c\n9.9.z: 3.1.a\n2.1.3.a: 8.1.a\n", encoding="utf-8")
    with pytest.raises(SourceError) as caught:
        read_was_table(table, set(new.entries), set(old.entries))
    assert f"{table}:2: 9.9.z is no entry of the imported document" in str(caught.value)
    assert f"{table}:3: 2.1.3.a: 8.1.a is no rule of the glossary" in str(caught.value)


# Extensions 5-7, each on two small invented versions (a game of lanterns, written for these tests).

def _snapshot(sections: dict[str, tuple[str, list[tuple[str, ...]]]]):
    """{section id: (title, [(paragraph text, [field, text]...)...])} -> a Snapshot, letters a, b, c..."""
    from altered_rules.content.glossary.releases import Snapshot

    entries = {}
    for sid, (title, paragraphs) in sections.items():
        entries[sid] = Entry(sid, "section", f"chapter-{sid[0]}", (("title", {"en": title}),))
        for letter, (text, *more) in zip("abcdefghijklmnop", paragraphs):
            fields = [("text", {"en": text})] + [(more[i], {"en": more[i + 1]}) for i in range(0, len(more), 2)]
            entries[f"{sid}.{letter}"] = Entry(f"{sid}.{letter}", "paragraph", f"chapter-{sid[0]}", tuple(fields))
    return Snapshot("v", {}, entries)


def test_typography_is_not_wording():
    old = _snapshot({"4.1": ("Wicks", [('"Trim a wick" means "trim 1 wick".',), ("A keeper's wick is measured in knots.",)])})
    new = _snapshot({"4.1": ("Spare Wicks", [("A spare wick waits in the satchel.",)]),
                     "4.2": ("Wicks", [("“Trim a wick” means “trim 1 wick”.",), ("A keeper’s wick is measured in knots.",)])})
    result = match(old, new)
    assert result.pairs["4.2.a"].old == "4.1.a" and result.pairs["4.2.a"].how == Matched.TEXT
    assert result.pairs["4.2.b"].old == "4.1.b" and result.pairs["4.2.b"].how == Matched.TEXT


def test_a_note_whose_end_was_lost_is_completed():
    lost = ("A lamp that goes out may be lit again from the cellar.",
            "example.1", 'Old Beacon has "When I go out — Light me again".', "example.1.gap", "The rest is lost.")
    old = _snapshot({"2.1": ("Lamps", [lost])})
    new = _snapshot({"2.1": ("Lamps", [("A lamp always has a flame.",),
                                       ("A lamp that goes out may be lit again from the cellar.", "example.1",
                                        "Old Beacon has “When I go out {separator} Light me again”. If Old Beacon goes out, "
                                        "its keeper may light it again from the cellar at the next tally, paying its toll.")])})
    result = match(old, new)
    assert result.pairs["2.1.b"].old == "2.1.a" and result.pairs["2.1.b"].how == Matched.CONTAINED


TALLY = [("At each tally, every keeper counts the flames of their lamps.",),
         ("A tally is won by the keeper with more flames.",),
         ("An ember left in the cellar warms the lamp beside it before it cools.",),
         ("A lamp that is tipped over does not count in the tally.",)]
TALLY_3 = [("At each tally, every keeper counts the flames of their lamps.",),
           ("A tally is won by the keeper with more flames.",),
           ("A glimmer counts as half a flame.",),
           ("An ember in the cellar that cools because it would be moved warms no lamp, and goes out at once.",),
           ("A lamp that is tipped over does not count in the tally.",)]


def test_a_rule_rewritten_where_it_stood_continues_it():
    """The middle rule is reworded past SIMILAR; its neighbours were paired; it pairs with the rule
    between their continuations that is most alike (not the inserted glimmer rule)."""
    old = _snapshot({"5.2": ("Tally", TALLY)})
    new = _snapshot({"5.1": ("Glimmers", [("A glimmer is a spark that did not catch.",)]), "5.3": ("Tally", TALLY_3)})
    result = match(old, new)
    assert result.pairs["5.3.d"].old == "5.2.c" and result.pairs["5.3.d"].how == Matched.IN_SLOT
    assert "5.3.c" in result.added and result.removed == []
    # without its neighbours paired (all reworded), it is one rule removed and one added
    lonely = _snapshot({"5.2": ("Tally", [TALLY[2]])})
    alone = match(lonely, _snapshot({"5.3": ("Tally", [TALLY_3[3]])}))
    assert alone.removed == ["5.2.a"] and "5.3.a" in alone.added


def test_an_unrelated_rule_in_the_same_place_is_not_paired():
    old = _snapshot({"5.2": ("Tally", TALLY)})
    new = _snapshot({"5.3": ("Tally", TALLY[:2] + [("Lanterns hung on a hook are not lamps and never burn.",)] + TALLY[3:])})
    result = match(old, new)
    assert "5.3.c" not in result.pairs and result.removed == ["5.2.c"]
    # nor under the same number and heading: too little of it is alike to be "rewritten in place"
    same = _snapshot({"5.2": ("Tally", TALLY[:2] + [("Lanterns hung on a hook are not lamps and never burn.",)] + TALLY[3:])})
    result = match(old, same)
    assert "5.2.c" not in result.pairs and result.removed == ["5.2.c"] and "5.2.c" in result.added
    reworded = _snapshot({"5.2": ("Tally", TALLY[:2] + [("An ember moved from the cellar no longer warms the lamp beside it.",)] + TALLY[3:])})
    assert match(old, reworded).pairs["5.2.c"].how in (Matched.IN_PLACE, Matched.IN_SLOT)
    # a short rule is "held" by any long one: held in order counts only for a text at most SLOT_LONGER times as long
    short = _snapshot({"5.2": ("Tally", TALLY[:2] + [("A lamp burns.",)] + TALLY[3:])})
    long = _snapshot({"5.3": ("Tally", TALLY[:2] + [("In a storm a lamp burns low, and a keeper must choose which of their lamps "
                                                    "to shelter, one at a time, in order, before the tally is counted, and the "
                                                    "others count nothing; a keeper with no shelter left shelters no lamp.",)]
                                 + TALLY[3:])})
    assert match(short, long).removed == ["5.2.c"]


def test_a_section_continues_where_its_rules_went():
    """Section 6.1 keeps its number and changes its title; most of its rules went on in it."""
    rules = [("A toll is paid in embers.",), ("A keeper may always refuse to pay a toll.",), ("A toll once paid is not returned.",)]
    old = _snapshot({"6.1": ("Tolls and Fees", rules)})
    new = _snapshot({"6.1": ("General", rules)})
    result = match(old, new)
    assert result.pairs["6.1"].old == "6.1" and result.pairs["6.1"].how == Matched.FOLLOWED
    assert result.refused_in_place == [] and result.removed == []
    # a section whose rules went elsewhere follows them, not its number
    away = _snapshot({"6.1": ("General", [("Nothing here is like the tolls at all, it is about the weather.",)]),
                      "6.2": ("Fees", rules)})
    result = match(old, away)
    assert result.pairs["6.2"].old == "6.1" and result.pairs["6.2"].how == Matched.FOLLOWED and "6.1" in result.added
