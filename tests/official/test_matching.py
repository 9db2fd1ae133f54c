"""The matcher on two synthetic versions of an invented game, against a `was:` table written by
hand (tests/fixtures/import/lanternfall-2.0-was.yaml)."""

from __future__ import annotations

from pathlib import Path

import pytest
import yaml

from altered_rules.content.glossary.releases import Entry
from altered_rules.official.mapping import _was, document_snapshot
from altered_rules.official.matching import Matched, match, read_was_table
from altered_rules.official.text_reader import read_text

FIXTURES = Path(__file__).parent.parent / "fixtures" / "import"


def _old():
    """Version 1.0 as a glossary holding it would: 2.1.2.d's end lost (a `gap:`), as the seeds lost texts."""
    old = document_snapshot(read_text((FIXTURES / "lanternfall-1.0.txt").read_bytes()))
    entry = old.entries["2.1.2.d"]
    text = entry.field("text")["en"]
    old.entries["2.1.2.d"] = Entry(entry.key, entry.kind, entry.group,
                                   (("text", {"en": text[:text.index(" beside its name")]}), ("gap", {"en": "Lost."})))
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
    assert "2.1.3.d" not in match(type(old)(old.version, old.chapters, ended), new).pairs   # a complete text is not "contained"


def test_the_editors_table_overrides_any_pair(versions, tmp_path):
    old, new = versions
    table = tmp_path / "was.yaml"
    table.write_text("3.1.c: 3.1.c\n2.1.3.a: new\n", encoding="utf-8")
    editors = read_was_table(table, set(new.entries), set(old.entries))
    result = match(old, new, editors)
    assert result.pairs["3.1.c"].how == Matched.EDITOR and result.pairs["3.1.c"].old == "3.1.c"
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
