"""Browser tests: the built site served on 127.0.0.1, driven in the system Chromium
(Debian's chromium package; Playwright's own browser download is not possible here)."""

from __future__ import annotations

import shutil
from pathlib import Path
from typing import Callable, Iterator

import pytest
from axe_playwright_python.sync_playwright import Axe
from playwright.sync_api import Browser, Page, sync_playwright

from serving import serve

CHROMIUM = shutil.which("chromium") or "/usr/bin/chromium"


@pytest.fixture(scope="session")
def built_site(site) -> Path:
    """The site the site tests read too (tests/conftest.py): built once for the whole run."""
    return site


@pytest.fixture(scope="session")
def base_url(built_site) -> Iterator[str]:
    with serve(built_site) as url:
        yield url


@pytest.fixture(scope="session")
def browser() -> Iterator[Browser]:
    assert Path(CHROMIUM).exists(), "Chromium is missing: `make test` installs Debian's chromium package"
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(
            executable_path=CHROMIUM,
            args=["--no-sandbox", "--disable-gpu", "--no-proxy-server", "--disable-background-networking",
                  "--disable-component-update", "--disable-sync", "--no-first-run"],
        )
        yield browser
        browser.close()


class Tab:
    """One browser tab kept for a whole test file, for the files that set ONE_TAB = True: their
    tests load their pages one after the other in it. A new tab, let alone a new browser context,
    costs about a second of CPU more than the page it shows (Chromium starts a renderer and the
    site's service worker for it), the largest part of a short browser test. Before each test what
    the previous one left is wiped (the page's localStorage and sessionStorage: a reader's
    settings, Material's remembered palette and search; an emulated print medium or colour
    scheme, back to a new context's screen and light) and its JavaScript errors are forgotten;
    a test that needs a browser with nothing cached at all makes its own context."""

    def __init__(self, browser: Browser) -> None:
        self.context = browser.new_context(viewport={"width": 1280, "height": 900})
        self.page = self.context.new_page()
        self.errors: list[str] = []
        self.page.on("pageerror", lambda error: self.errors.append(str(error)))

    def fresh(self) -> Page:
        if self.page.url.startswith("http"):
            self.page.evaluate("() => { localStorage.clear(); sessionStorage.clear(); }")
        self.page.emulate_media(media="null", color_scheme="light")
        self.errors.clear()
        return self.page


@pytest.fixture(scope="module")
def tab(browser) -> Iterator[Tab]:
    tab = Tab(browser)
    yield tab
    tab.context.close()


@pytest.fixture
def page(browser, request) -> Iterator[Page]:
    """A page with no JavaScript error allowed: a new browser context's, or the file's one tab
    (`Tab`) in a file that sets ONE_TAB = True."""
    if getattr(request.module, "ONE_TAB", False):
        tab: Tab = request.getfixturevalue("tab")
        yield tab.fresh()
        assert tab.errors == [], f"JavaScript errors on the page: {tab.errors}"
        return
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    yield page
    context.close()
    assert errors == [], f"JavaScript errors on the page: {errors}"


@pytest.fixture
def phone(browser) -> Iterator[Page]:
    context = browser.new_context(viewport={"width": 390, "height": 844}, has_touch=True, is_mobile=True)
    page = context.new_page()
    yield page
    context.close()


@pytest.fixture(scope="session")
def serious_violations() -> Callable[[Page], list[str]]:
    """axe-core's serious and critical violations of the page as shown, one line each. axe is put in
    a document once, however many times it is checked there (in both colour schemes): evaluating
    its half-megabyte script costs about 0.1 s of CPU each time."""
    script = Axe().axe_script

    def serious(page: Page) -> list[str]:
        if not page.evaluate("typeof window.axe === 'object' && typeof window.axe.run === 'function'"):
            page.evaluate(script)
        results = page.evaluate("axe.run({resultTypes: ['violations']})")
        return [f"{v['id']} ({v['impact']}): {v['help']} - " + "; ".join(n["target"][0] for n in v["nodes"][:3])
                for v in results["violations"] if v["impact"] in ("serious", "critical")]

    return serious
