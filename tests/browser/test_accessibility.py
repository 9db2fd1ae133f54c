"""axe-core on one page of each kind, in each language: no serious or critical violation."""

from __future__ import annotations

from typing import Iterator

import pytest
from playwright.sync_api import Browser, Page
from playwright.sync_api import TimeoutError as PlaywrightTimeout

ONE_TAB = True   # the `page` fixture's tests share one browser tab (conftest.py, Tab)

PAGES = ["", "rules/chapter-4/", "glossary-terms/", "modes/standard/", "rulings/", "sources/", "coverage/", "editing/",
         "cards/", "cards/lindiwe-maw/",
         "releases/", "releases/2026.1/", "history/chapter-1/"]

# Material's palettes (data-md-color-scheme) and the system setting that selects each one
# (prefers-color-scheme, mkdocs.yml's palette `media`).
SCHEMES = {"default": "light", "slate": "dark"}


class Shown:
    """One page at a time, loaded once and checked in both colour schemes (a page load is most of a
    check's cost besides axe's own run): loaded in the scheme the system setting selects, then
    switched to the other with the palette's own toggle, as a reader would. Material (9.8) does not
    follow a change of the system setting on a page already shown (only its automatic palette does),
    so the system setting selects the first scheme checked, on load; which one comes first
    alternates from page to page (ORDER), so that both are selected by it on load.

    The pages are loaded one after the other in one browser tab: a new tab, let alone a new browser
    context, cost about a second of CPU more per page than the page itself (Chromium starts a
    renderer and the site's service worker for it), a third of this file's time. What a reader's
    earlier visit leaves behind is wiped as each page loads (an init script), so that each page is
    shown as on a first visit: the palette the toggle remembered (Material keeps it in localStorage),
    whatever the session kept. Like the `page` fixture (conftest.py), it keeps the page's JavaScript errors for
    the test to fail on."""

    def __init__(self, browser: Browser) -> None:
        self.context = browser.new_context(viewport={"width": 1280, "height": 900})
        # Each document starts with the storage emptied, before Material's script reads its
        # remembered palette: emptied from the page before, the old page could still write it
        # between the wipe and the next load (a make test run under load saw 'default' on a page
        # the system setting had to show dark).
        self.context.add_init_script("localStorage.clear(); sessionStorage.clear();")
        self.page = self.context.new_page()
        self.url: str | None = None
        self.errors: list[str] = []
        self.page.on("pageerror", lambda error: self.errors.append(str(error)))

    def show(self, url: str, scheme: str) -> Page:
        if url != self.url:
            self.url, self.errors[:] = url, []
            self.page.emulate_media(color_scheme=SCHEMES[scheme])
            self.page.goto(url)
            settled(self.page)
        elif self.page.evaluate("document.body.getAttribute('data-md-color-scheme')") != scheme:
            self.page.emulate_media(color_scheme=SCHEMES[scheme])
            self.page.locator("form[data-md-component=palette] label:not([hidden])").click()
            try:
                self.page.wait_for_function("scheme => document.body.getAttribute('data-md-color-scheme') === scheme"
                                            " && !document.body.hasAttribute('data-md-color-switching')",
                                            arg=scheme, timeout=5_000)
            except PlaywrightTimeout:
                pass   # the test's own assertion says which scheme is shown
        # The colours change with CSS transitions: axe must read the colours they end on.
        self.page.wait_for_function("document.getAnimations().every(a => a.playState !== 'running')", timeout=5_000)
        return self.page

    def close(self) -> None:
        self.context.close()


def settled(page: Page) -> None:
    """The page as a reader sees it once loaded (page.goto waits for the load event): the one part
    drawn later is the search box's line, which says the search is ready once its worker has read
    the index; the rest of what the page asks for after its load (its favicon, the service worker)
    changes nothing axe reads. Waiting for it, rather than for half a second without a request
    (networkidle), checks the same page: on every checked page the two gave the same document, and
    the wait was 0.5 s of each of the 42 loads."""
    page.wait_for_function("""() => {
        const meta = document.querySelector('.md-search-result__meta');
        const config = document.getElementById('__config');
        return !meta || !config || meta.textContent.trim() === JSON.parse(config.textContent).translations['search.result.placeholder'];
    }""", timeout=10_000)


@pytest.fixture(scope="module")
def shown(browser) -> Iterator[Shown]:
    shown = Shown(browser)
    yield shown
    shown.close()


@pytest.fixture
def guarded(shown) -> Iterator[Shown]:
    yield shown
    assert shown.errors == [], f"JavaScript errors on the page: {shown.errors}"


# Both schemes of a page one after the other (the same test ids as a product of the three
# parameters): the page is loaded for the first and switched for the second; tests/conftest.py
# keeps the two on one worker. The first is "default" on one page, "slate" on the next.
ORDER = [(scheme, path, language)
         for number, (path, language) in enumerate((path, language) for path in PAGES for language in ["en", "fr", "it"])
         for scheme in (list(SCHEMES) if number % 2 == 0 else list(SCHEMES)[::-1])]


@pytest.mark.parametrize(("scheme", "path", "language"), [
    pytest.param(scheme, path, language, id=f"{scheme}-{path}-{language}") for scheme, path, language in ORDER
])
def test_no_serious_accessibility_violation(guarded, base_url, language, path, scheme, serious_violations):
    # The palettes follow the reader's system setting (prefers-color-scheme) and the palette's toggle.
    page = guarded.show(f"{base_url}/{language}/{path}", scheme)
    assert page.evaluate("document.body.getAttribute('data-md-color-scheme')") == scheme
    serious = serious_violations(page)
    assert serious == [], "\n".join(serious)


@pytest.mark.parametrize("language", ["en", "fr", "it"])
def test_a_rule_in_a_release_has_no_serious_violation(page, base_url, language, serious_violations):
    """A rule's text in a release (v/<release>/r/<rule>/ leads to v/<release>/<chapter>/#<rule>): the
    theme's frame around text this plugin writes itself."""
    page.goto(f"{base_url}/{language}/v/2026.1/r/4.2.4.c/")
    page.wait_for_url(f"{base_url}/{language}/v/2026.1/4/#4.2.4.c")
    page.wait_for_load_state("load")
    settled(page)
    serious = serious_violations(page)
    assert serious == [], "\n".join(serious)
