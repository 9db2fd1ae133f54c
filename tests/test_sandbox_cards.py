"""Issue 39: the sandbox's cards. Its board form offers the card pool's cards by name (the glossary's
31 without card data) from a compact card index per language, loaded when the form is used; its
decklist is read against that index by the very code of `altered-rules deck check`
(content/pool/decklist.py, in the engine's archive), so that the two give the same results.
On the synthetic samples of tests/card_data/ (no publisher text)."""

from __future__ import annotations

import io
import json
import zipfile
from pathlib import Path

import pytest

from altered_rules.content.pool import import_pool
from altered_rules.content.pool.card_index import glossary_index, pool_from_index, pool_index
from altered_rules.content.pool.decklist import MAX_DECKLIST_LINES, UNREAD_CODES, check_pasted_deck, read_decklist
from altered_rules.strings import STRINGS
from altered_rules.site_assets import sandbox_runtime
from altered_rules.site_assets.sandbox import PLUGIN_MODULES, card_index_file, engine_archive
from engine.vocabulary import DeckFormat

SAMPLES = Path(__file__).parent / "card_data" / "per_card"

DECKLISTS = [
    "1 ALT_TEST_B_AX_01_C\n3 ALT_TEST_B_AX_02_R1\n2x alt_test_b_ax_02_c\n",
    "1 Orla & Pim\n\n# sideboard\n2 Gardien Dos-de-Mousse\nMossback warden x1\nHeroes:\n3 Copper Heron\n4 ALT_NOPE_B_AX_01_C\n",
    "1 ALT_TEST_B_AX_01_C\n3 Héron de Cuivre\n1 ALT_TEST_B_LY_03_C\n",
    "1 ALT_TEST_B_AX_01_C\n1 Rafale Soudaine\n0 Copper Heron\n",
    "1 ALT_TEST_B_AX_01_C\n" + "1 ALT_TEST_B_AX_02_U_77\n" * 2,   # uniques read off their code
]


@pytest.fixture(scope="module")
def pool():
    return import_pool(SAMPLES)


def _outcome(result):
    """What `deck check` reports of a pasted deck, as comparable values."""
    return {
        "read": [(line.line, line.count, line.card.reference, line.card.name, line.card.deck_type, line.card.faction,
                  line.card.rarity, line.by_name, line.read_off_code) for line in result.deck.cards],
        "unread": [(u.line, u.text, u.why, u.code) for u in result.deck.unread],
        "violations": result.report.violations,
        "suspended": [line.card.reference for line in result.suspended],
        "unranked": [line.card.reference for line in result.unranked],
        "legal": result.legal,
        "trace": [line.text for line in result.report.trace.lines],
    }


@pytest.mark.parametrize("language", ["en", "fr", "it"])
@pytest.mark.parametrize("text", DECKLISTS)
def test_the_index_reads_every_decklist_as_the_imported_pool_does(pool, deck_limits, language, text):
    indexed = pool_from_index(json.loads(json.dumps(pool_index(pool, language))))
    for deck_format in (DeckFormat.STANDARD, DeckFormat.MULTIPLAYER):
        limits = deck_limits[deck_format]
        assert _outcome(check_pasted_deck(read_decklist(text, indexed), deck_format, limits)) == \
            _outcome(check_pasted_deck(read_decklist(text, pool), deck_format, limits))


def test_the_index_is_per_language_with_every_name(pool):
    french = pool_index(pool, "fr")
    assert french["languages"] == ["fr", "en", "it", "de", "es"] and french["from"] == "pool"
    heron = next(row for row in french["cards"] if row[0] == "ALT_TEST_B_AX_02_R1")
    assert heron[1] == ["Héron de Cuivre", "Copper Heron", "Airone di Rame", "Kupferreiher", "Garza de cobre"]
    assert heron[2:8] == ["CHARACTER", "AX", "RARE", "1", "1", "2/2/1"] and heron[8] == ["Animal"]
    assert [row[0] for row in french["cards"]] == sorted(pool.cards)


def test_without_card_data_the_glossarys_cards(glossary):
    index = glossary_index(glossary.cards, "it")
    assert index["from"] == "glossary" and len(index["cards"]) == len(glossary.cards) == 31
    assert index["languages"][:2] == ["it", "en"]
    tinker = next(row for row in index["cards"] if row[1][1] == "Tinker Bell")
    assert tinker[0] == "" and tinker[2] == "CHARACTER" and tinker[1][index["languages"].index("fr")] == "Fée Clochette"
    path, text = card_index_file(glossary, None, "it")
    assert path.startswith("sandbox/cards-") and json.loads(text) == index


def test_an_index_not_as_written_is_refused():
    with pytest.raises(ValueError, match="not a card index"):
        pool_from_index({"format": 99, "cards": []})
    with pytest.raises(ValueError, match="row 0"):
        pool_from_index({"format": 1, "languages": ["en"], "cards": [["X", "not a list"]]})


def test_the_runtime_checks_a_pasted_decklist_with_deck_check(pool, deck_limits):
    answer = json.loads(sandbox_runtime.call("decklist", json.dumps({"text": "1 X", "format": "standard"})))
    assert "no card pool is loaded" in answer["error"]["message"]
    loaded = json.loads(sandbox_runtime.call("pool", json.dumps({"index": pool_index(pool, "fr")})))
    assert loaded == {"error": None, "cards": len(pool.cards)}
    text = DECKLISTS[1]
    answer = json.loads(sandbox_runtime.call("decklist", json.dumps({"text": text, "format": "standard", "language": "fr"})))
    expected = check_pasted_deck(read_decklist(text, pool), DeckFormat.STANDARD, deck_limits[DeckFormat.STANDARD])
    assert [(r["line"], r["code"]) for r in answer["read"]] == [(line.line, line.card.reference) for line in expected.deck.cards]
    assert [(u["line"], u["text"], u["code"]) for u in answer["unread"]] == [
        (6, "Heroes:", "not_counted"), (7, "3 Copper Heron", "ambiguous"), (8, "4 ALT_NOPE_B_AX_01_C", "no_code")]
    assert answer["unread"][1]["params"]["codes"].startswith("ALT_TEST_B_AX_02_C (common, Axiom)")
    assert answer["legal"] is expected.legal is False
    assert [v["rule"] for v in answer["violations"]] == expected.report.violations
    assert all(v["why"] and v["requires"] for v in answer["violations"])
    suspended = json.loads(sandbox_runtime.call("decklist", json.dumps({"text": DECKLISTS[2], "format": "multiplayer"})))
    assert [s["code"] for s in suspended["suspended"]] == ["ALT_TEST_B_LY_03_C"] and suspended["suspension_applies"] is False


def test_the_engines_archive_holds_the_decklist_reader():
    with zipfile.ZipFile(io.BytesIO(engine_archive())) as archive:
        names = set(archive.namelist())
    for module in ("content/pool/decklist.py", "content/pool/card_index.py", "content/pool/model.py"):
        assert module in PLUGIN_MODULES and f"altered_rules/{module}" in names


def test_every_reason_a_line_is_unread_is_said_in_each_language(pool):
    text = "\n".join(["Heroes:", "0 Copper Heron", "1 ALT_NOPE_B_AX_01_C", "1 Nobody", "1 Copper Heron"] * 200) + "\nlast\n"
    deck = read_decklist(text, pool)
    seen = {u.code for u in deck.unread}
    assert seen == {"not_counted", "count", "no_code", "no_name", "ambiguous", "too_many_lines"} and seen <= set(UNREAD_CODES)
    assert [u.line for u in deck.unread if u.code == "too_many_lines"] == [MAX_DECKLIST_LINES + 1]
    for language in ("en", "fr", "it"):
        missing = [code for code in UNREAD_CODES if f"sandbox_unread_{code}" not in STRINGS[language]]
        assert missing == [], language
