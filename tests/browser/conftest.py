"""Browser tests: the built site served on 127.0.0.1, driven in the system Chromium
(Debian's chromium package; Playwright's own browser download is not possible here)."""

from __future__ import annotations

import shutil
from pathlib import Path
from typing import Iterator

import pytest
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


@pytest.fixture
def page(browser) -> Iterator[Page]:
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
