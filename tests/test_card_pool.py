"""The card pool: its import from the publisher's card data (both layouts), the decklist as people
paste it, and the engine's coverage of the pool. On the synthetic samples of tests/card_data/
(written for these tests, in the mirrors' shape: no publisher text)."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

from altered_rules.cli.main import main
from altered_rules.content.pool import PoolImportError, import_pool, read_pool, write_pool
from altered_rules.content.pool.model import PoolCard
from altered_rules.content.pool.coverage import abilities, card_coverage, engine_form, pool_coverage
from altered_rules.content.pool.decklist import check_pasted_deck, read_decklist
from altered_rules.content.pool.engine_reading import engine_reads
from engine.deck import DeckLimits
from engine.vocabulary import DeckFormat, Faction, Rarity

SAMPLES = Path(__file__).parent / "card_data"
PER_CARD = SAMPLES / "per_card"
PER_SET = SAMPLES / "per_set"
BROKEN = SAMPLES / "broken"
LIST_PAGES = SAMPLES / "list_pages"
STANDARD = DeckLimits(min_cards=39, heroes_exactly=1, max_copies_per_name=3, max_rare=15, max_unique=3)


@pytest.fixture(scope="module")
def pool():
    return import_pool(PER_CARD)


def _both_layouts(tmp_path: Path) -> Path:
    shutil.copytree(PER_CARD, tmp_path / "data" / "CARDS", dirs_exist_ok=True)
    shutil.copytree(PER_SET, tmp_path / "data" / "SETS")
    return tmp_path / "data"


# -- import -------------------------------------------------------------------------------------
def test_one_file_per_card_and_language_merges_every_language(pool):
    heron = pool.cards["ALT_TEST_B_AX_02_R1"]
    assert heron.names == {"en": "Copper Heron", "fr": "Héron de Cuivre", "it": "Airone di Rame",
                           "de": "Kupferreiher", "es": "Garza de cobre"}
    assert (heron.type_code, heron.deck_type, heron.faction, heron.rarity) == ("CHARACTER", "character", Faction.AXIOM, Rarity.RARE)
    assert heron.set_code == "TEST" and heron.set_names["fr"] == "Marées d'essai"
    assert heron.subtypes == ("ANIMAL",) and heron.subtype_names["ANIMAL"]["it"] == "Animale"
    assert (heron.hand_cost, heron.reserve_cost, heron.stats) == ("1", "1", "2/2/1")
    assert heron.highlighted == ("hand_cost",)        # "#1#": printed differently, the value kept
    assert heron.texts["main"]["fr"].startswith("{J} Piochez une carte.")
    assert heron.collector_numbers["de"] == "TST-02-R-DE"


def test_a_missing_language_imports_with_the_languages_given(pool):
    common = pool.cards["ALT_TEST_B_AX_02_C"]
    assert sorted(common.names) == ["en", "fr", "it"]
    assert common.text("echo", "de") == ("en", "{D} : Draw a card. (Discard me from Reserve to do this.)")


def test_rulings_keep_their_date_and_every_language(pool):
    (ruling,) = pool.cards["ALT_TEST_B_AX_02_C"].rulings
    assert ruling.created == "2025-01-31" and ruling.event_format == "STANDARD"
    assert ruling.answer == {"en": "Yes.", "fr": "Oui."}    # the Italian file's is the English text
    assert pool.shared_rulings() == {ruling.key(): ["ALT_TEST_B_AX_02_C", "ALT_TEST_B_AX_02_R1"]}


def test_an_empty_field_is_no_value_and_flags_are_kept(pool):
    gust = pool.cards["ALT_TEST_B_LY_03_C"]
    assert gust.forest is None and gust.stats is None and "echo" not in gust.texts
    assert gust.suspended and not gust.errated and gust.deck_type == "spell"
    assert pool.cards["ALT_TEST_B_MU_04_C"].errated


def test_unique_variants_are_cards_of_one_family(pool):
    uniques = [c for c in pool.cards.values() if c.rarity is Rarity.UNIQUE]
    assert [c.reference for c in uniques] == ["ALT_TEST_B_AX_02_U_0417", "ALT_TEST_B_AX_02_U_0981"]
    assert {c.family for c in uniques} == {"ALT_TEST_B_AX_02"} == {pool.cards["ALT_TEST_B_AX_02_C"].family}
    assert [c.stats for c in uniques] == ["3/1/2", "1/3/3"]


def test_a_heros_other_elements_are_kept(pool):
    hero = pool.cards["ALT_TEST_B_AX_01_C"]
    assert hero.other_elements == {"PERMANENT": "2", "RESERVE": "2"} and hero.rarity is None   # 2.2.4.c


def test_an_unknown_symbol_is_reported_with_file_and_path_and_kept(pool):
    assert len(pool.warnings) == 3   # one per language file that prints it
    assert pool.warnings[0].startswith(str(PER_CARD / "CARDS/EN/TEST/MU/ALT_TEST_B_MU_04_C.json")
                                       + ": $.elements.MAIN_EFFECT: unknown symbol code {Q}")
    assert pool.cards["ALT_TEST_B_MU_04_C"].texts["main"]["en"] == "{Q} I gain 2 boosts."


def test_one_list_per_set_and_language(tmp_path):
    sets = import_pool(PER_SET)
    assert sorted(sets.cards) == ["ALT_DRILL_B_AX_01_C", "ALT_DRILL_B_AX_31_C"]
    assert sets.cards["ALT_DRILL_B_AX_31_C"].deck_type == "token"
    assert sets.cards["ALT_DRILL_B_AX_01_C"].names == {"en": "Drill Sergeant Vell", "fr": "Sergente Vell"}
    both = import_pool(_both_layouts(tmp_path))
    assert len(both.cards) == 9


def test_the_same_card_in_both_layouts_is_read_once_and_refused_when_they_differ(tmp_path):
    root = _both_layouts(tmp_path)
    copy = json.loads((root / "SETS/DRILL_EN.json").read_text())
    (root / "CARDS/DRILL_EN.json").write_text(json.dumps(copy))        # the same card twice, alike
    assert len(import_pool(root).cards) == 9
    copy[0]["name"] = "Drill Sergeant Vel"
    (root / "CARDS/DRILL_EN.json").write_text(json.dumps(copy))
    with pytest.raises(PoolImportError) as refused:
        import_pool(root)
    assert refused.value.problems == [f"{root / 'SETS/DRILL_EN.json'}: card ALT_DRILL_B_AX_01_C in EN differs from its printing "
                                      f"in {root / 'CARDS/DRILL_EN.json'}; keep one of the two files"]


def _with_list_pages(tmp_path: Path) -> Path:
    """The per-card sample with the mirror's list pages beside it (CARDS/EN/TEST/pages/): a list
    page leaves out the texts, sub-types, rulings and collector number of a card that has its own file."""
    shutil.copytree(PER_CARD, tmp_path / "m", dirs_exist_ok=True)
    shutil.copytree(LIST_PAGES, tmp_path / "m", dirs_exist_ok=True)
    return tmp_path / "m"


def test_a_list_page_beside_the_cards_own_files_is_read_for_what_they_lack(tmp_path):
    alone = import_pool(PER_CARD).cards["ALT_TEST_B_AX_02_C"]
    pool = import_pool(_with_list_pages(tmp_path))
    heron = pool.cards["ALT_TEST_B_AX_02_C"]
    assert heron == alone      # the own files are read: texts, sub-type, ruling, collector number kept
    cairn = pool.cards["ALT_TEST_B_NE_05_C"]      # only on the list page
    assert (cairn.names, cairn.deck_type, cairn.texts) == ({"en": "Pebble Cairn"}, "token", {})


def test_a_list_page_that_names_another_card_than_its_own_file_is_refused(tmp_path):
    root = _with_list_pages(tmp_path)
    page = root / "CARDS/EN/TEST/pages/cards_en_AX_TEST.json"
    data = json.loads(page.read_text())
    data["hydra:member"][0]["rarity"]["reference"] = "RARE"
    page.write_text(json.dumps(data))
    with pytest.raises(PoolImportError) as refused:
        import_pool(root)
    assert refused.value.problems == [
        f"{page}: card ALT_TEST_B_AX_02_C in EN: rarity_code 'RARE' on the list page, but 'COMMON' in its own file "
        f"({root / 'CARDS/EN/TEST/AX/ALT_TEST_B_AX_02_C.json'})"]


def test_a_language_only_on_a_list_page_joins_the_other_languages_own_files(tmp_path):
    root = _with_list_pages(tmp_path)
    (root / "CARDS/EN/TEST/AX/ALT_TEST_B_AX_02_C.json").unlink()
    heron = import_pool(root).cards["ALT_TEST_B_AX_02_C"]
    assert heron.names["en"] == "Copper Heron" and heron.subtypes == ("ANIMAL",)   # the French file's sub-type
    assert sorted(heron.texts["main"]) == ["fr", "it"]


def test_a_ruling_served_untranslated_in_another_languages_file_is_kept_as_english(pool):
    # The Italian sample, as the data serves a ruling not yet translated, prints the English text.
    (ruling,) = pool.cards["ALT_TEST_B_AX_02_C"].rulings
    assert ruling.question == {"en": "Does the Copper Heron draw when it is played from Reserve?",
                               "fr": "Le Héron de Cuivre pioche-t-il quand il est joué depuis la Réserve ?"}
    assert ruling.answer == {"en": "Yes.", "fr": "Oui."}


def test_languages_that_disagree_on_a_value_are_refused(tmp_path):
    shutil.copytree(PER_CARD, tmp_path / "c")
    file = tmp_path / "c/CARDS/FR/TEST/AX/ALT_TEST_B_AX_02_R1.json"
    data = json.loads(file.read_text())
    data["elements"]["FOREST_POWER"] = "5"
    file.write_text(json.dumps(data))
    with pytest.raises(PoolImportError) as refused:
        import_pool(tmp_path / "c")
    assert refused.value.problems == [
        f"{file}: card ALT_TEST_B_AX_02_R1: costs {{'hand_cost': '1', 'reserve_cost': '1', 'forest': '5', 'mountain': '2', "
        f"'water': '1'}} in FR, but {{'hand_cost': '1', 'reserve_cost': '1', 'forest': '2', 'mountain': '2', 'water': '1'}} "
        f"in EN ({tmp_path / 'c/CARDS/EN/TEST/AX/ALT_TEST_B_AX_02_R1.json'})"]


def test_a_broken_sample_is_refused_with_every_problem_its_file_and_path():
    with pytest.raises(PoolImportError) as refused:
        import_pool(BROKEN)
    en = BROKEN / "CARDS/EN/TEST/AX/ALT_TEST_B_AX_09_C.json"
    assert refused.value.problems == [
        f"{en}: $.name: missing (a text is required)",
        f"{en}: $.elements.MAIN_COST: 'three' is not a number (a whole number as text, \"3\", or \"#3#\" where the card prints it differently)",
        f"{en}: $.cardRulings[0].createdAt: 'yesterday' is not a date (ISO: 2025-01-31T10:38:18+00:00)",
        f"{BROKEN / 'CARDS/FR/TEST/AX/ALT_TEST_B_AX_09_C.json'}:2: not JSON (Expecting value at line 2, column 1)",
    ]


def test_an_unknown_type_or_faction_is_reported_and_kept(tmp_path):
    data = json.loads((PER_SET / "DRILL_EN.json").read_text())
    data[0]["cardType"]["reference"] = "GADGET"
    data[1]["mainFaction"]["reference"] = "ZZ"
    (tmp_path / "DRILL_EN.json").write_text(json.dumps(data))
    found = import_pool(tmp_path)
    where = tmp_path / "DRILL_EN.json"
    assert found.warnings[0].startswith(f"{where}: $[0].cardType.reference: unknown card type 'GADGET' (known: HERO, CHARACTER")
    assert found.warnings[1].startswith(f"{where}: $[1].mainFaction.reference: unknown faction 'ZZ' (known: AX, BR")
    assert found.cards["ALT_DRILL_B_AX_01_C"].type_code == "GADGET" and found.cards["ALT_DRILL_B_AX_01_C"].deck_type is None


def test_a_file_without_a_language_is_refused(tmp_path):
    shutil.copy(PER_SET / "DRILL_EN.json", tmp_path / "drill.json")
    with pytest.raises(PoolImportError) as refused:
        import_pool(tmp_path)
    assert refused.value.problems == [f"{tmp_path / 'drill.json'}: cannot tell the file's language: name it <SET>_<LANG>.json "
                                      "or keep it in a folder named as its language (EN, FR, IT, DE, ES)"]


def test_the_pool_file_reads_back_the_same(pool, tmp_path):
    write_pool(pool, tmp_path / "pool.json")
    assert read_pool(tmp_path / "pool.json").cards == pool.cards
    (tmp_path / "old.json").write_text('{"format": 0, "cards": []}')
    with pytest.raises(ValueError, match="not a card pool file of format 1"):
        read_pool(tmp_path / "old.json")


def test_cli_import_writes_the_pool_or_nothing(tmp_path, capsys):
    out = tmp_path / "pool.json"
    assert main(["cards", "import", str(PER_CARD), "--pool", str(out)]) == 0
    said = capsys.readouterr()
    assert "cards import: 7 cards (EN 7, FR 7, IT 5, DE 3, ES 3), 2 rulings, 1 suspended, 1 errated, 3 warning(s)" in said.out
    assert "warning: " in said.err and out.exists()
    broken = tmp_path / "broken.json"
    assert main(["cards", "import", str(BROKEN), "--pool", str(broken)]) == 1
    said = capsys.readouterr()
    assert "cards import: 4 problem(s)" in said.err and "$.elements.MAIN_COST" in said.err and not broken.exists()


# -- the decklist as pasted ------------------------------------------------------------------------
def _deck(pool, text: str, deck_format: DeckFormat = DeckFormat.STANDARD):
    return check_pasted_deck(read_decklist(text, pool), deck_format, STANDARD)


def test_a_decklist_of_codes_uses_the_card_data(pool):
    result = _deck(pool, "1 ALT_TEST_B_AX_01_C\n3 ALT_TEST_B_AX_02_R1\n2x alt_test_b_ax_02_c\n")
    assert [(line.count, line.card.reference) for line in result.deck.cards] == [
        (1, "ALT_TEST_B_AX_01_C"), (3, "ALT_TEST_B_AX_02_R1"), (2, "ALT_TEST_B_AX_02_C")]
    # 5 copies of one name (1.1.4.e) and too few cards (1.1.4.c); the Hero's faction is read off the data.
    assert result.report.violations == ["1.1.4.c", "1.1.4.e"] and result.legal is False


def test_names_in_any_language_and_lines_it_cannot_read_are_listed(pool):
    text = "1 Orla & Pim\n\n# sideboard\n2 Gardien Dos-de-Mousse\nMossback warden x1\nHeroes:\n3 Copper Heron\n4 ALT_NOPE_B_AX_01_C\n"
    deck = read_decklist(text, pool)
    assert [(line.line, line.card.reference, line.by_name) for line in deck.cards] == [
        (1, "ALT_TEST_B_AX_01_C", True), (4, "ALT_TEST_B_MU_04_C", True), (5, "ALT_TEST_B_MU_04_C", True)]
    assert [(u.line, u.why.split(":")[0]) for u in deck.unread] == [
        (6, "not a count and a card (write `3 ALT_CORE_B_AX_04_C` or `3 Card name`)"),
        (7, "the name is printed on cards that differ in rarity or faction"),
        (8, "no card of the pool (7 cards) has the code ALT_NOPE_B_AX_01_C")]
    assert "ALT_TEST_B_AX_02_C (common, Axiom), ALT_TEST_B_AX_02_R1 (rare, Axiom)" in deck.unread[1].why
    result = check_pasted_deck(deck, DeckFormat.STANDARD, STANDARD)
    assert result.legal is False   # 1.1.4.d: a Muna card with an Axiom Hero, whatever the unread lines hold
    printed = [line for line in result.report.trace.lines if "Gardien" in str(line)]
    assert printed, "the card named in French is checked under its English name (2.2.3.c) and the trace says so"


def test_a_deck_with_an_unread_line_gets_no_verdict(pool):
    codes = "1 ALT_TEST_B_AX_01_C\n" + "3 ALT_TEST_B_AX_02_C\n" * 0 + "1 Nobody At All\n"
    assert _deck(pool, codes).legal is False        # too few cards: broken whatever the line holds
    many = DeckLimits(min_cards=0, heroes_exactly=1, max_copies_per_name=3, max_rare=15, max_unique=3)
    result = check_pasted_deck(read_decklist(codes, pool), DeckFormat.STANDARD, many)
    assert result.report.legal and result.legal is None


def test_suspended_cards_are_flagged_per_format(pool):
    text = "1 ALT_TEST_B_AX_01_C\n1 ALT_TEST_B_LY_03_C\n"
    loose = DeckLimits(min_cards=0, heroes_exactly=1, max_copies_per_name=3, max_rare=15, max_unique=3)
    standard = check_pasted_deck(read_decklist(text, pool), DeckFormat.STANDARD, loose)
    assert [line.card.reference for line in standard.suspended] == ["ALT_TEST_B_LY_03_C"] and standard.suspension_applies
    multiplayer = check_pasted_deck(read_decklist(text, pool), DeckFormat.MULTIPLAYER, loose)
    assert multiplayer.suspended and not multiplayer.suspension_applies
    assert standard.report.violations == multiplayer.report.violations == ["1.1.4.d"]   # the Lyra spell


def test_cli_deck_check(tmp_path, capsys):
    out = tmp_path / "pool.json"
    assert main(["cards", "import", str(PER_CARD), "--pool", str(out)]) == 0
    deck = tmp_path / "deck.txt"
    deck.write_text("1 ALT_TEST_B_AX_01_C\n3 Héron de Cuivre\n1 ALT_TEST_B_LY_03_C\n", encoding="utf-8")
    capsys.readouterr()
    assert main(["deck", "check", str(deck), "--format", "standard", "--pool", str(out)]) == 1
    said = capsys.readouterr().out
    assert f"{deck}:2: unread: '3 Héron de Cuivre': the name is printed on cards that differ" in said
    assert "breaks 1.1.4.c:" in said and f"{deck}:3: suspended: ALT_TEST_B_LY_03_C Sudden Gust (not allowed in Standard organised play)" in said
    assert said.rstrip().endswith("deck check: not legal")


# -- coverage -------------------------------------------------------------------------------------
def test_engine_form_writes_the_data_text_as_the_engine_reads_it():
    assert abilities("{J} Draw a card.  {T} : I gain 1 boost.") == ["{J} Draw a card.", "{T} : I gain 1 boost."]
    assert abilities("Choose one:  • Draw a card.  • I gain 1 boost.") == ["Choose one: • Draw a card. • I gain 1 boost."]
    assert engine_form("{J} Draw a card.") == "etb | Draw a card"
    assert engine_form("At Noon\u00a0— #Draw a card.#") == "At Noon | Draw a card"
    assert engine_form("{T} : I gain 1 boost. (Exhaust me.)") == "exhaust: I gain 1 boost"
    assert engine_form("{D} : Draw a card.", support=True) == "support: discard: Draw a card"
    assert engine_form("[[Fleeting]].") == "Fleeting"
    assert engine_reads("etb | Draw a card") and not engine_reads("{Q} I gain 2 boosts")
    assert engine_reads("Draw a card", spell=True) and not engine_reads("Draw a card")


def test_the_datas_empty_bracket_marker_and_reminder_only_texts_are_read_as_the_rules_say():
    # The data writes an empty "[]" after a word ("I gain 1 boost[]."): not text, the engine reads the ability.
    assert engine_form("{J} I gain 1 boost[]. (A boost is a counter.)") == "etb | I gain 1 boost"
    counts, unread = card_coverage(PoolCard("ALT_TEST_B_AX_07_C", "CHARACTER", "AX", "COMMON", "TEST", {"en": "Tin Gull"},
                                            texts={"main": {"en": "{J} I gain 1 boost[]. (A boost is a counter.)"}}))
    assert (counts.read, counts.abilities_read, unread) == (1, 1, [])
    # A token whose text box is reminder text alone has no ability (2.2.10.c): counted apart, not as read.
    token = PoolCard("ALT_TEST_B_AX_31_C", "TOKEN", "AX", "COMMON", "TEST", {"en": "Tin Mite"},
                     texts={"main": {"en": "(If I leave the Expedition zone, remove me from the game.)"}})
    counts, unread = card_coverage(token)
    assert (counts.no_text, counts.read, counts.abilities) == (1, 0, 0)


def test_coverage_counts_cards_whose_every_ability_is_read(pool):
    counts, unread = card_coverage(pool.cards["ALT_TEST_B_MU_04_C"])
    assert (counts.read, counts.abilities, unread) == (0, 1, ["{Q} I gain 2 boosts"])
    counts, unread = card_coverage(pool.cards["ALT_TEST_B_AX_02_C"])
    assert (counts.read, counts.abilities, counts.abilities_read) == (1, 3, 3)
    result = pool_coverage(pool)
    assert (result.total.cards, result.total.read, result.total.with_text) == (7, 6, 7)
    assert result.by_faction["MU"].read == 0 and result.by_faction["AX"].read == 5
    assert result.unread.most_common(1) == [("{Q} I gain N boosts", 1)]


def test_cli_coverage(tmp_path, capsys):
    out = tmp_path / "pool.json"
    assert main(["cards", "import", str(PER_CARD), "--pool", str(out)]) == 0
    capsys.readouterr()
    assert main(["cards", "coverage", "--pool", str(out)]) == 0
    said = capsys.readouterr().out
    assert said.startswith("cards coverage: the engine reads every ability of 6 of 7 cards with text (85.7%)")
    assert "      1  {Q} I gain N boosts  (ALT_TEST_B_MU_04_C)" in said
    assert main(["cards", "coverage", "--pool", str(tmp_path / "none.json")]) == 1


def test_limits_are_refused_with_file_and_path(tmp_path, pool):
    data = json.loads((PER_SET / "DRILL_EN.json").read_text())
    data[1]["elements"]["MAIN_EFFECT"] = "x" * 5_001
    (tmp_path / "DRILL_EN.json").write_text(json.dumps(data))
    with pytest.raises(PoolImportError) as refused:
        import_pool(tmp_path)
    assert refused.value.problems == [f"{tmp_path / 'DRILL_EN.json'}: $[1].elements.MAIN_EFFECT: 5,001 characters, "
                                      "more than the limit of 5,000"]
    deck = read_decklist("1 ALT_TEST_B_AX_01_C\n" * 1_001, pool)
    assert len(deck.cards) == 1_000 and [(u.line, u.why) for u in deck.unread] == [
        (1_001, "more than 1,000 lines (the limit): this line and those after it are not read")]


def test_a_unique_the_pool_lacks_is_read_off_its_code_and_family(pool):
    deck = read_decklist("1 ALT_TEST_B_AX_02_U_7777\n1 ALT_TEST_B_AX_77_U_1\n", pool)
    (line,) = deck.cards
    assert line.read_off_code and (line.card.name, line.card.rarity, line.card.faction, line.card.deck_type) == (
        "Copper Heron", Rarity.UNIQUE, Faction.AXIOM, "character")
    assert [u.why for u in deck.unread] == ["no card of the pool (7 cards) has the code ALT_TEST_B_AX_77_U_1"]
    held = read_decklist("1 ALT_TEST_B_AX_02_U_0417\n", pool).cards[0]
    assert not held.read_off_code and held.card.stats == "3/1/2"


def test_the_synthetic_pool_imports_in_five_languages(tmp_path):
    from altered_rules.content.pool.synth import synth_card_data

    files = synth_card_data(tmp_path, 450)
    assert sorted(f.name for f in files) == sorted(f"SYN0{n}_{lang}.json" for n in (1, 2) for lang in ("EN", "FR", "IT", "DE", "ES"))
    synthetic = import_pool(tmp_path)
    assert len(synthetic.cards) == 450 and not synthetic.warnings
    assert all(len(card.names) == 5 for card in synthetic.cards.values())
    rarities = {card.rarity_code for card in synthetic.cards.values()}
    assert rarities == {"COMMON", "RARE", "UNIQUE"} and synthetic.shared_rulings()
    assert synth_card_data(tmp_path / "again", 450) and import_pool(tmp_path / "again").cards == synthetic.cards   # the same seed


def test_a_language_folder_above_the_one_imported_names_the_language():
    french = import_pool(PER_CARD / "CARDS" / "FR" / "TEST")
    assert {tuple(card.names) for card in french.cards.values()} == {("fr",)}
