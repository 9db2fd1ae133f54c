"""Issue 39, in Chromium: with card data configured, the sandbox's board form offers the pool's cards
by name (in any language, or by code) and fills their statistics; its deck tab checks a pasted
decklist of codes and of French names against the pool, listing every line it cannot read; every
text of the card data is shown as text, never run.

On a site of the French language alone, built here with a synthetic pool (tests/card_data/ and one
card named with markup, written for this test): the session's site is built without card data."""

from __future__ import annotations

import json
import os
from dataclasses import replace
from pathlib import Path
from typing import Iterator

import pytest
from playwright.sync_api import Page, expect

from altered_rules.build_site import LANGUAGE_URL_ENV, mkdocs_build
from altered_rules.content.pool import import_pool, write_pool
from altered_rules.mkdocs_plugin.plugin import CARD_POOL_VARIABLE
from altered_rules.site_assets.sandbox import write_runtime
from project_paths import PROJECT
from serving import serve

SAMPLES = PROJECT / "tests" / "card_data" / "per_card"
HOSTILE_CODE = "ALT_TEST_B_OR_09_C"
HOSTILE_FR = 'Renard <img src=x onerror="window.__pwned=1"> Braise'
HOSTILE_EN = "Ember Fox</script><script>window.__pwned=2</script>"


@pytest.fixture(scope="module")
def pool_site(tmp_path_factory) -> Path:
    folder = tmp_path_factory.mktemp("sandbox-pool")
    pool = import_pool(SAMPLES)
    warden = pool.cards["ALT_TEST_B_MU_04_C"]
    # A card whose names hold markup: the sandbox shows them as text (written for this test).
    pool.cards[HOSTILE_CODE] = replace(warden, reference=HOSTILE_CODE, faction_code="OR",
                                       names={"en": HOSTILE_EN, "fr": HOSTILE_FR}, forest="3", mountain="1", water="2")
    write_pool(pool, folder / "pool.json")
    site = folder / "site"
    write_runtime(PROJECT, site)
    env = {**os.environ, "NO_MKDOCS_2_WARNING": "1", CARD_POOL_VARIABLE: str(folder / "pool.json"),
           LANGUAGE_URL_ENV: "http://127.0.0.1:8000/fr/"}
    arguments = ["build", "--strict", "--clean", "-f", str(PROJECT / "mkdocs.fr.yml"), "-d", str(site / "fr")]
    assert mkdocs_build(arguments, PROJECT, env) == 0
    return site


@pytest.fixture(scope="module")
def pool_url(pool_site) -> Iterator[str]:
    with serve(pool_site) as url:
        yield url


def _sandbox(page: Page, url: str) -> None:
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    page.goto(f"{url}/fr/sandbox/")
    page.wait_for_function("window.arSandbox !== undefined")
    page.wait_for_function("window.arSandbox.ready.then(() => true)", timeout=120_000)
    page.errors = errors  # type: ignore[attr-defined]


def _first_character(page: Page):
    return page.locator(".ar-sb-expedition").first.locator(".ar-sb-character").first


def _stats(character) -> list[str]:
    return [character.locator(f'input[data-statistic="{s}"]').input_value() for s in ("forest", "mountain", "water")]


def test_the_card_index_is_published_beside_the_sandbox_and_kept_offline_with_it(pool_site):
    data_file = next((pool_site / "fr" / "sandbox").glob("cards-*.json"))
    index = json.loads(data_file.read_text(encoding="utf-8"))
    assert index["from"] == "pool" and index["languages"][0] == "fr"
    assert HOSTILE_CODE in {row[0] for row in index["cards"]}
    page = (pool_site / "fr" / "sandbox" / "index.html").read_text(encoding="utf-8")
    assert HOSTILE_FR not in page and "Braise" not in page   # the cards stay out of the page itself
    assert f'"cards":"{data_file.name}"' in page and '"pool":true' in page
    assert f"sandbox/{data_file.name}" in (pool_site / "fr" / "sw.js").read_text(encoding="utf-8")


def test_a_card_picked_by_name_fills_the_form_and_reaches_the_board(phone, pool_url):
    _sandbox(phone, pool_url)
    character = _first_character(phone)
    name = character.locator("input.ar-sb-name")
    name.fill("")
    name.press_sequentially("Mossback Warden", delay=10)   # its English name, on the French page
    expect(character.locator(".ar-sb-card-summary")).to_contain_text("ALT_TEST_B_MU_04_C", timeout=20_000)
    summary = character.locator(".ar-sb-card-summary").inner_text()
    assert "Muna" in summary and "Personnage" in summary
    assert _stats(character) == ["4", "2", "2"]
    options = phone.eval_on_selector_all("datalist option", "o => o.map(x => x.value)")
    assert "Gardien Dos-de-Mousse" in options   # offered under its name in the page's language
    phone.locator(".ar-sb-form .ar-sb-run").click()
    row = phone.locator('.ar-sb-board tr[data-expedition="Alice.hero"]')
    expect(row).to_contain_text("4/2/2", timeout=60_000)
    assert phone.errors == []  # type: ignore[attr-defined]


def test_several_printings_of_a_name_are_picked_and_a_code_gives_the_name(page, pool_url, serious_violations):
    _sandbox(page, pool_url)
    character = _first_character(page)
    name = character.locator("input.ar-sb-name")
    name.fill("Héron de Cuivre")
    picks = character.locator("button.ar-sb-pick")
    expect(picks.first).to_be_visible(timeout=20_000)
    assert serious_violations(page) == []   # the printings to pick from, as axe-core reads them
    assert {picks.nth(i).get_attribute("data-code") for i in range(picks.count())} >= {"ALT_TEST_B_AX_02_C", "ALT_TEST_B_AX_02_R1"}
    character.locator('button.ar-sb-pick[data-code="ALT_TEST_B_AX_02_R1"]').click()
    assert _stats(character) == ["2", "2", "1"]
    expect(character.locator(".ar-sb-card-summary")).to_contain_text("ALT_TEST_B_AX_02_R1")
    name.fill("alt_test_b_mu_04_c")
    expect(name).to_have_value("Gardien Dos-de-Mousse", timeout=20_000)
    assert _stats(character) == ["4", "2", "2"]
    assert page.errors == []  # type: ignore[attr-defined]


DECKLIST = "1 ALT_TEST_B_AX_01_C\n2 Gardien Dos-de-Mousse\n3 Héron de Cuivre\n1 Rafale Soudaine\nRéserve :\n"


def test_a_pasted_decklist_of_codes_and_french_names(phone, pool_url):
    _sandbox(phone, pool_url)
    phone.locator('.ar-sb-tabs--main button[data-tab="deck"]').click()
    phone.locator("textarea.ar-sb-decklist").fill(DECKLIST)
    phone.locator("button.ar-sb-check-decklist").click()
    result = phone.locator(".ar-sb-decklist-result")
    expect(result).to_be_visible(timeout=60_000)
    assert result.get_attribute("data-legal") == "false"
    assert "Non conforme au format Standard" in result.locator(".ar-sb-headline").inner_text()
    read = result.locator(".ar-sb-read li")
    assert [read.nth(i).get_attribute("data-code") for i in range(read.count())] == [
        "ALT_TEST_B_AX_01_C", "ALT_TEST_B_MU_04_C", "ALT_TEST_B_LY_03_C"]
    assert "Gardien Dos-de-Mousse" in read.nth(1).inner_text()
    unread = result.locator(".ar-sb-unread li")
    assert [unread.nth(i).get_attribute("data-line") for i in range(unread.count())] == ["3", "5"]
    assert "rareté ou de faction différentes" in unread.nth(0).inner_text()   # said in French
    assert "ALT_TEST_B_AX_02_R1" in unread.nth(0).inner_text()
    assert "pas un nombre et une carte" in unread.nth(1).inner_text()
    suspended = result.locator(".ar-sb-suspended")
    assert suspended.count() == 1 and "interdite en jeu organisé Standard" in suspended.inner_text()
    assert result.locator('.ar-sb-violations li[data-rule="1.1.4.c"]').count() == 1   # too few cards
    # On a phone, the result fits the screen's width (long codes and names wrap).
    assert phone.evaluate("document.documentElement.scrollWidth <= window.innerWidth")
    # The same deck in Multiplayer: the suspended card is flagged, not counted against it.
    phone.locator('.ar-sb-deck-form select[name="format"]').select_option("multiplayer")
    phone.locator("button.ar-sb-check-decklist").click()
    expect(phone.locator(".ar-sb-suspended")).to_contain_text("ne disent rien des suspensions", timeout=60_000)
    assert phone.errors == []  # type: ignore[attr-defined]


def test_every_text_of_the_card_data_is_shown_as_text(page, pool_url):
    _sandbox(page, pool_url)
    character = _first_character(page)
    character.locator("input.ar-sb-name").fill(HOSTILE_CODE)
    expect(character.locator("input.ar-sb-name")).to_have_value(HOSTILE_FR, timeout=20_000)
    page.locator('.ar-sb-tabs--main button[data-tab="deck"]').click()
    page.locator("textarea.ar-sb-decklist").fill(f"1 {HOSTILE_CODE}\n1 {HOSTILE_EN}\n2 {HOSTILE_FR}\n")
    page.locator("button.ar-sb-check-decklist").click()
    read = page.locator(".ar-sb-read li")
    expect(read.first).to_contain_text(HOSTILE_FR, timeout=60_000)
    assert read.count() == 3
    assert page.locator(".ar-sandbox img, .ar-sandbox script").count() == 0
    assert page.evaluate("window.__pwned") is None
    assert page.errors == []  # type: ignore[attr-defined]


def test_without_card_data_the_form_offers_the_glossarys_cards(page, base_url):
    """The session's site, built without card data: the cards the glossary's examples name."""
    _sandbox(page, base_url)
    character = _first_character(page)
    character.locator("input.ar-sb-name").fill("Fée Clochette")   # Tinker Bell, as French cards print it
    expect(character.locator(".ar-sb-card-summary")).to_have_text("Personnage · neutre", timeout=20_000)
    page.locator('.ar-sb-tabs--main button[data-tab="deck"]').click()
    assert page.locator("textarea.ar-sb-decklist").count() == 0   # no pool: the list of names, types and factions
    assert page.locator(".ar-sb-paste textarea").count() == 1
    assert page.errors == []  # type: ignore[attr-defined]
