"""The judge at a table without network (issue 40): the whole language kept on the device on request,
every page of it read offline, and an honest offline page for anything not kept."""

from __future__ import annotations

import json
import re
from typing import Iterator

import pytest
from playwright.sync_api import Browser, BrowserContext, expect

LANGUAGE = "fr"


def _worker_list(site, language: str, name: str) -> list[str]:
    """A list the generated service worker carries (EVERYTHING, SANDBOX_FILES), as it is written."""
    worker = (site / language / "sw.js").read_text(encoding="utf-8")
    return json.loads(re.search(rf"const {name} = (.*);", worker).group(1))


@pytest.fixture(scope="module")
def kept(browser: Browser, base_url: str) -> Iterator[BrowserContext]:
    """A phone that made the French site available offline, then lost the network."""
    context = browser.new_context(viewport={"width": 390, "height": 844}, is_mobile=True, has_touch=True)
    page = context.new_page()
    page.goto(f"{base_url}/{LANGUAGE}/rules/chapter-4/")
    page.evaluate("navigator.serviceWorker.ready.then(() => true)")
    make = page.locator(".ar-offline__make")
    expect(make).to_have_text("Rendre ce site disponible hors ligne")
    make.click()
    status = page.locator(".ar-offline__status")
    # The release and the size of what was kept ("Disponible hors ligne : 2026.1, 17,1 Mo").
    expect(status).to_have_text(re.compile(r"^Disponible hors ligne\u00a0: 20\d\d\.\d+, \d+(,\d)? Mo$"), timeout=120_000)
    expect(make).to_be_hidden()
    context.set_offline(True)
    yield context
    context.close()


def _styled(page) -> bool:
    """The theme's stylesheet applies: Material's header sticks to the top (it is a plain block without it)."""
    return page.evaluate("getComputedStyle(document.querySelector('.md-header')).position") == "sticky"


def test_every_page_of_the_language_opens_offline_styled(kept, base_url, site):
    pages = [path for path in _worker_list(site, LANGUAGE, "EVERYTHING") if path.endswith("/")]
    readable = [path for path in pages if not path.startswith("r/")]
    # Rules, terms, rulings, game modes, cards, releases and history, the sandbox, the search page.
    for part in ("./", "rules/chapter-4/", "glossary-terms/", "rulings/", "modes/free-for-all/", "cards/",
                 "releases/", "history/chapter-4/", "sandbox/", "keywords/"):
        assert part in readable, part
    page = kept.new_page()
    missing = []
    for path in readable:
        response = page.goto(f"{base_url}/{LANGUAGE}/{path}")
        if response is None or response.status != 200 or not _styled(page) or page.locator(".ar-offline-page").count():
            missing.append(path)
    assert missing == [], missing
    # A short rule address leads to its rule offline too.
    page.goto(f"{base_url}/{LANGUAGE}/r/4.2.4.c/")
    page.wait_for_url(re.compile(r"/rules/chapter-4/#4\.2\.4\.c$"))
    # The search answers offline, from the kept index.
    page.locator("label.md-search__icon, .md-header__button[for=__search]").first.tap()
    page.locator("input.md-search__input").fill("égalité au crépuscule")
    expect(page.locator(".md-search-result__link[href$='#4.2.4.c']").first).to_be_attached(timeout=10_000)
    # The sandbox's runtime is kept for it (its page was opened above).
    runtime = _worker_list(site, LANGUAGE, "SANDBOX_FILES")
    assert runtime and page.evaluate("""async files => {
        const hits = await Promise.all(files.map(f => caches.match(new URL(f, location.origin + "/fr/").href)));
        return hits.every(Boolean); }""", runtime)
    page.close()


def test_a_page_never_kept_gets_the_styled_translated_offline_page_at_its_address(kept, base_url):
    page = kept.new_page()
    response = page.goto(f"{base_url}/{LANGUAGE}/v/2026.1/nowhere/")
    # Not the home page's HTML without its stylesheet (caches.match("./") with links resolved under
    # the wrong folder): the offline page, saying which address is missing, its links from the root.
    assert response.status == 503
    expect(page.locator("h1")).to_have_text("Page non enregistrée sur cet appareil")
    expect(page.locator(".ar-offline-missing")).to_have_text(f"/{LANGUAGE}/v/2026.1/nowhere/")
    assert _styled(page)
    home = page.get_by_role("link", name="Aller à la page d'accueil")
    assert home.evaluate("a => a.href") == f"{base_url}/{LANGUAGE}/"
    page.close()


@pytest.mark.parametrize("language, title, home", [
    ("it", "Pagina non salvata su questo dispositivo", "Vai alla pagina iniziale"),
    ("en", "Not saved on this device", "Go to the home page"),
])
def test_a_page_of_a_language_never_visited_gets_that_language_s_offline_page(kept, base_url, language, title, home):
    # Only the French site was opened and kept: a worker controls only the pages under its own
    # language's folder, so without its own the browser's error page answered /it/ and /en/.
    page = kept.new_page()
    response = page.goto(f"{base_url}/{language}/rules/chapter-4/")
    assert response is not None and response.status == 503
    expect(page.locator("h1")).to_have_text(title)
    expect(page.locator(".ar-offline-missing")).to_have_text(f"/{language}/rules/chapter-4/")
    assert page.evaluate("document.documentElement.lang") == language
    assert _styled(page)
    link = page.get_by_role("link", name=home)
    assert link.evaluate("a => a.href") == f"{base_url}/{language}/"
    page.close()
