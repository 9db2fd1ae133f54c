"""The card pool's pages (pool_pages.py): a page per card of the imported pool, in the page's
language, with its rules linked and the publisher's rulings beside the project's. On the synthetic
samples of tests/card_data/ (no publisher text)."""

from __future__ import annotations

import json
import re
import shutil
from pathlib import Path

import pytest

from altered_rules.content.glossary import load_glossary
from altered_rules.content.pool import import_pool
from altered_rules.pages.navigation import expand_nav
from altered_rules.pages.pool_pages import POOL_SHELL, PoolPages, is_pool_page, pool_card_page
from altered_rules.pages.render import Renderer
from altered_rules.pages.site_pages import site_pages

from project_paths import GLOSSARY

SAMPLES = Path(__file__).parent / "card_data" / "per_card"


@pytest.fixture(scope="module")
def glossary():
    return load_glossary(GLOSSARY)


@pytest.fixture(scope="module")
def pool(tmp_path_factory):
    """The samples, and one card named as a glossary card (Moonlight Jellyfish, which two of the
    project's rulings name), with a hostile French name."""
    root = tmp_path_factory.mktemp("pool") / "data"
    shutil.copytree(SAMPLES, root)
    for lang in ("EN", "FR"):
        data = json.loads((root / f"CARDS/{lang}/TEST/LY/ALT_TEST_B_LY_03_C.json").read_text())
        data["reference"] = "ALT_TEST_B_LY_05_C"
        data["isSuspended"] = False
        data["name"] = "Moonlight Jellyfish" if lang == "EN" else '<script>alert("x")</script> & Méduse'
        (root / f"CARDS/{lang}/TEST/LY/ALT_TEST_B_LY_05_C.json").write_text(json.dumps(data))
    return import_pool(root)


class _Drawn:
    """A page as these tests read it: its path, title and what it shows (a card's page's HTML, another's Markdown)."""

    def __init__(self, path, title, markdown):
        self.path, self.title, self.markdown = path, title, markdown


def _pages(glossary, pool, language):
    """The language's generated pages and the pool's cards' pages (made after MkDocs's, pool_site.py)."""
    renderer = Renderer(glossary, language, None)
    pool_pages = PoolPages(renderer, pool)
    pages = {page.path: _Drawn(page.path, page.title, page.markdown) for page in site_pages(renderer, pool=pool_pages)}
    pages.update({page.path: _Drawn(page.path, page.title, page.html) for page in pool_pages.card_pages()})
    return pages


def _searched(markdown: str) -> str:
    """The page's text outside the elements the search leaves out (data-search-exclude)."""
    return re.sub(r"<(p|ul|span)[^>]*data-search-exclude[^>]*>.*?</\1>", "", markdown, flags=re.S)


def test_a_page_per_card_of_the_pool_and_one_per_set(glossary, pool):
    pages = _pages(glossary, pool, "en")
    assert sorted(p for p in pages if p.startswith("cards/set-") and p != POOL_SHELL) == [
        "cards/set-test/alt-test-b-ax-01-c.md", "cards/set-test/alt-test-b-ax-02-c.md", "cards/set-test/alt-test-b-ax-02-r1.md",
        "cards/set-test/alt-test-b-ax-02-u-0417.md", "cards/set-test/alt-test-b-ax-02-u-0981.md",
        "cards/set-test/alt-test-b-ly-03-c.md", "cards/set-test/alt-test-b-ly-05-c.md", "cards/set-test/alt-test-b-mu-04-c.md",
        "cards/set-test/index.md"]
    # MkDocs draws the sets' pages and one frame for the cards' pages, not the cards' pages themselves
    generated = {page.path for page in site_pages(Renderer(glossary, "en", None), pool=pool)}
    assert sorted(p for p in generated if p.startswith("cards/set-")) == [POOL_SHELL, "cards/set-test/index.md"]
    assert 'href="set-test/">Test Tides</a>' in pages["cards/index.md"].markdown
    # the glossary's 31 card pages are still there, each linking its printings when the pool has it
    assert len([p for p in pages if p.startswith("cards/") and not p.startswith("cards/set-")]) == len(glossary.cards) + 1
    jellyfish = pages["cards/moonlight-jellyfish.md"].markdown
    assert 'href="../set-test/alt-test-b-ly-05-c/"><code>ALT_TEST_B_LY_05_C</code>' in jellyfish


def test_without_a_pool_the_glossary_cards_only(glossary):
    pages = {p.path for p in site_pages(Renderer(glossary, "en", None))}
    assert not any(p.startswith("cards/set-") for p in pages)
    assert len([p for p in pages if p.startswith("cards/")]) == len(glossary.cards) + 1


def test_the_card_in_the_pages_language(glossary, pool):
    card = pool.cards["ALT_TEST_B_AX_02_C"]
    fr = _pages(glossary, pool, "fr")[pool_card_page(card)]
    assert fr.title == "Héron de Cuivre"
    md = fr.markdown
    assert "Piochez une carte." in md and "Capacité de soutien" in md and "Coût de Main\u00a0: <strong>2</strong>" in md
    assert "Personnage</span> — <span>Animal" in md and "Marées d&#x27;essai" in md and "Rareté\u00a0: commune" in md
    assert 'title="forêt"' in md and 'title="Épuisez-moi"' in md           # statistics and symbols drawn as badges
    assert "(Défaussez-moi de la Réserve pour faire ceci.)</i>" in md        # reminder text set apart (2.2.10.c)
    # German is not a language of the site: the Italian page of a card printed in German shows the Italian
    it = _pages(glossary, pool, "it")[pool_card_page(card)].markdown
    assert "Pesca una carta." in it and "Piochez" not in it


def test_a_language_the_data_lacks_falls_back_to_english_marked(glossary, pool):
    unique = pool.cards["ALT_TEST_B_AX_02_U_0417"]      # English and French only
    it = _pages(glossary, pool, "it")[pool_card_page(unique)]
    assert it.title == "Copper Heron"
    assert '<span lang="en"><span class="ar-symbol' in it.markdown and "ar-untranslated-notice" in it.markdown


def test_code_and_every_name_are_searched(glossary, pool):
    md = _searched(_pages(glossary, pool, "en")[pool_card_page(pool.cards["ALT_TEST_B_AX_02_R1"])].markdown)
    for word in ("ALT_TEST_B_AX_02_R1", "Héron de Cuivre", "Airone di Rame", "Kupferreiher", "Garza de cobre", "Draw a card."):
        assert word in md


def test_rules_its_abilities_use_are_linked(glossary, pool):
    md = _pages(glossary, pool, "en")[pool_card_page(pool.cards["ALT_TEST_B_AX_02_C"])].markdown
    rules = re.findall(r'href="[^"]*#(2\.2\.[0-9.a-z]+)"', md.split('id="rules"', 1)[1].split('id="rulings"', 1)[0])
    assert rules == ["2.2.3.c", "2.2.6", "2.2.7", "2.2.2.k", "2.2.10.c", "2.2.10.d", "2.2.10.h", "2.2.10.i"]
    spell = _pages(glossary, pool, "en")[pool_card_page(pool.cards["ALT_TEST_B_LY_03_C"])].markdown
    assert "2.2.10.i" not in spell and "2.2.10.d" not in spell          # no trigger, no support ability


def test_official_rulings_dated_and_shared_editorial_ones_marked(glossary, pool):
    pages = _pages(glossary, pool, "fr")
    md = pages[pool_card_page(pool.cards["ALT_TEST_B_AX_02_C"])].markdown
    assert ('<span class="ar-badge ar-badge--official">officielle</span> <time datetime="2025-01-31">2025-01-31</time>' in md)
    assert "Le Héron de Cuivre pioche-t-il quand il est joué depuis la Réserve ?" in md and "<span>Oui.</span>" in md
    assert 'La même décision figure sur\u00a0: <a href="../alt-test-b-ax-02-r1/">Héron de Cuivre <code>ALT_TEST_B_AX_02_R1</code></a>' in md
    jelly = pages[pool_card_page(pool.cards["ALT_TEST_B_LY_05_C"])].markdown
    editorial = re.findall(r'ar-badge--editorial">rédactionnel</span></p><p><a href="([^"]+)"', jelly)
    assert editorial == ["../../../rulings/#ruling-card-text-over-rules", "../../../rulings/#ruling-played-from-reserve"]
    none = pages[pool_card_page(pool.cards["ALT_TEST_B_MU_04_C"])].markdown
    assert "Ni Equinox ni ce projet n&#x27;ont de décision sur cette carte." in none


def test_a_ruling_the_data_serves_untranslated_is_marked_english_on_the_page(glossary, pool):
    # The Italian sample file prints the ruling in English (as the data does for rulings not translated).
    md = _pages(glossary, pool, "it")[pool_card_page(pool.cards["ALT_TEST_B_AX_02_C"])].markdown
    assert '<span lang="en">Does the Copper Heron draw when it is played from Reserve?</span>' in md
    assert '<span lang="en">Yes.</span>' in md


def test_suspended_and_errata_are_said(glossary, pool):
    pages = _pages(glossary, pool, "it")
    assert "Sospesa nel gioco organizzato" in pages[pool_card_page(pool.cards["ALT_TEST_B_LY_03_C"])].markdown
    errata = pages[pool_card_page(pool.cards["ALT_TEST_B_MU_04_C"])].markdown
    assert "Errata: l&#x27;editore ha modificato" in errata and "Sospesa" not in errata


def test_data_text_is_escaped_and_unknown_symbols_shown_as_printed(glossary, pool):
    pages = _pages(glossary, pool, "fr")
    jelly = pages[pool_card_page(pool.cards["ALT_TEST_B_LY_05_C"])]
    assert "<script" not in jelly.markdown and '>&lt;script&gt;alert("x")&lt;/script&gt; &amp; Méduse<a class="headerlink"' in jelly.markdown
    moss = pages[pool_card_page(pool.cards["ALT_TEST_B_MU_04_C"])].markdown
    assert "{Q} Je gagne 2 boosts." in moss


def test_pool_pages_stay_out_of_the_navigation(glossary, pool):
    generated = list(_pages(glossary, pool, "en").values())
    nav = expand_nav([{"Cards": "altered-rules:cards"}], generated)
    listed = json.dumps(nav)
    assert "cards/index.md" in listed and "cards/set-" not in listed
    assert is_pool_page("cards/set-test/alt-test-b-ax-02-c.md") and not is_pool_page("cards/set-test/index.md")


def test_the_site_reads_the_pool_its_configuration_names(tmp_path, monkeypatch, pool):
    from mkdocs.exceptions import PluginError

    from altered_rules.content.pool import write_pool
    from altered_rules.mkdocs_plugin.plugin import CARD_POOL_VARIABLE, AlteredRulesPlugin

    site = AlteredRulesPlugin()
    site.load_config({})
    monkeypatch.delenv(CARD_POOL_VARIABLE, raising=False)
    assert site._card_pool(str(tmp_path)) is None                   # nothing named: the glossary's cards only
    write_pool(pool, tmp_path / "pool.json")
    monkeypatch.setenv(CARD_POOL_VARIABLE, "pool.json")
    assert site._card_pool(str(tmp_path)).cards == pool.cards
    site.load_config({"cards": "missing.json"})                     # the option wins over the variable
    with pytest.raises(PluginError, match=r"the card pool \(the plugin's `cards` option or ALTERED_RULES_CARDS\): .*missing.json: "
                                          r"cannot read the card pool"):
        site._card_pool(str(tmp_path))


def _entry(glossary, pool, language, code):
    return PoolPages(Renderer(glossary, language, None), pool).search_entry(pool.cards[code])


def test_the_search_entry_is_in_the_pages_language_with_every_name(glossary, pool):
    fr = _entry(glossary, pool, "fr", "ALT_TEST_B_AX_02_R1")
    assert fr["location"] == "cards/set-test/alt-test-b-ax-02-r1/" and fr["title"] == "Héron de Cuivre"
    assert fr["text"].startswith("ALT_TEST_B_AX_02_R1 · ") and "Piochez une carte." in fr["text"] and "Draw a card" not in fr["text"]
    # the names printed in the other languages, searched as the text's words
    assert fr["text"].endswith(" · Copper Heron · Airone di Rame · Kupferreiher · Garza de cobre")
    assert sorted(fr) == ["location", "text", "title"]
    it = _entry(glossary, pool, "it", "ALT_TEST_B_AX_02_R1")
    assert it["title"] == "Airone di Rame" and "Pesca una carta." in it["text"] and "Héron de Cuivre" in it["text"]
    # symbols by their names in the page's language, no braces or markup left
    assert "{" not in fr["text"] and "#" not in fr["text"] and "[" not in fr["text"]


def test_the_search_entry_falls_back_to_english(glossary, pool):
    it = _entry(glossary, pool, "it", "ALT_TEST_B_AX_02_U_0417")     # English and French only
    assert it["title"] == "Copper Heron" and it["text"].endswith(" · Héron de Cuivre")


def test_the_search_entry_is_escaped(glossary, pool):
    fr = _entry(glossary, pool, "fr", "ALT_TEST_B_LY_05_C")
    assert fr["title"] == "&lt;script&gt;alert(\"x\")&lt;/script&gt; &amp; Méduse"
    assert "<script" not in json.dumps(fr) and fr["text"].endswith(" · Moonlight Jellyfish")


def test_the_heading_says_its_language_when_it_falls_back(glossary, pool):
    it = _pages(glossary, pool, "it")[pool_card_page(pool.cards["ALT_TEST_B_AX_02_U_0417"])].markdown
    assert it.startswith('<h1 lang="en" id="card-alt-test-b-ax-02-u-0417">Copper Heron<a class="headerlink"')
    fr = _pages(glossary, pool, "fr")[pool_card_page(pool.cards["ALT_TEST_B_AX_02_U_0417"])].markdown
    assert fr.startswith('<h1 id="card-alt-test-b-ax-02-u-0417">Héron de Cuivre<')


def test_a_name_the_data_lacks_in_the_pages_language_is_marked_english_in_the_lists(glossary, pool):
    it = _pages(glossary, pool, "it")["cards/set-test/index.md"].markdown
    assert '<a href="alt-test-b-ax-02-u-0417/"><span lang="en">Copper Heron</span></a>' in it
    assert '<a href="alt-test-b-ax-02-c/">Airone di Rame</a>' in it


def test_the_headings_permalink_tooltip_is_in_the_pages_language(glossary, pool):
    # Card pages skip MkDocs' toc extension, so they must write the tooltip strings.theme_texts gives it
    # (issue 44: no English "Permanent link" on a French or Italian page).
    for language, tooltip in (("fr", "Lien permanent"), ("it", "Link permanente"), ("en", "Permanent link")):
        md = _pages(glossary, pool, language)[pool_card_page(pool.cards["ALT_TEST_B_AX_02_R1"])].markdown
        links = md.count('class="headerlink"')
        assert links >= 2 and md.count(f'title="{tooltip}"') == links, language


def test_a_rulings_symbols_are_drawn_and_the_datas_empty_bracket_is_dropped(glossary, tmp_path):
    """Real data (issue 39): rulings name symbols by code ("{T}"), and a text box may hold an empty
    "[]" ("I gain 1 boost[]."). Both were shown raw. A ruling's parentheses stay prose, not reminder text."""
    root = tmp_path / "data"
    shutil.copytree(SAMPLES, root)
    path = root / "CARDS/EN/TEST/AX/ALT_TEST_B_AX_02_C.json"
    data = json.loads(path.read_text())
    data["cardRulings"][0]["answer"] = "Yes: {T} it (as its text says) first."
    data["elements"]["MAIN_EFFECT"] = "{J} Draw a card.  {T} : I gain 1 boost[]."
    path.write_text(json.dumps(data))
    pool = import_pool(root)
    page = _pages(glossary, pool, "en")[pool_card_page(pool.cards["ALT_TEST_B_AX_02_C"])].markdown
    answer = re.search(r"Answer:</strong> (.*?)</p>", page).group(1)
    assert "{T}" not in answer and 'class="ar-symbol' in answer, answer
    assert "(as its text says)" in answer and "ar-card__reminder" not in answer
    assert "[]" not in page and "boost." in page
