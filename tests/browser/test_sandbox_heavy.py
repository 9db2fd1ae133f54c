"""The judge's sandbox on a heavy link (issue 23): 500 aliased characters and 3,900 Dusks in a 20 kB
link kept the engine busy for 40 s and then froze the page for 17 s drawing 58,000 trace lines.
Now the engine refuses past its work budget, the page offers Cancel while the engine works (the
worker is stopped and a new one started), and a long trace is drawn a few hundred lines at a time."""

from __future__ import annotations

import base64
import re

from playwright.sync_api import Page, expect

import heavy_scenarios
from engine.limits import MAX_WORK

LOADED = 90_000  # ms: the runtime from the local server, then WebAssembly compiles on a small machine
SHOWN = 200      # sandbox.js's TRACE_PAGE
ONE_TAB = True   # the `page` fixture's tests share one browser tab: the second starts the engine from the first's cache (conftest.py, Tab)


def link(text: str) -> str:
    """A board as a `?s=` link carries it: base64url of its text (YAML here, as a judge may share it)."""
    return "s=" + base64.urlsafe_b64encode(text.encode("utf-8")).decode("ascii").rstrip("=")


def test_the_heavy_link_is_cancelled_at_once_and_then_refused_past_the_work_budget(page: Page, base_url):
    text = heavy_scenarios.link_text()
    assert len(text) <= 20_000  # within the sandbox's limit on a link
    page.goto(f"{base_url}/en/sandbox/?{link(text)}")
    cancel = page.locator(".ar-sb-result .ar-sb-cancel")
    expect(cancel).to_be_visible(timeout=LOADED)
    status = page.locator(".ar-sb-status")
    expect(status).to_have_attribute("data-state", "ready")  # the engine is running the link, not loading
    # The engine works in a worker: the page answers the click, and the worker is replaced.
    cancel.click()
    expect(page.locator(".ar-sb-cancelled")).to_have_text("Cancelled: the rules engine was stopped, and starts again.")
    expect(cancel).to_have_count(0)
    expect(page.locator("ul.ar-trace")).to_have_count(0)
    expect(status).to_have_attribute("data-state", "ready", timeout=LOADED)
    # The new worker runs the same text to its end: refused past the budget, with the line of the actions.
    page.locator(".ar-sb-scenario-pane").get_by_role("button", name="Run").click()
    error = page.locator(".ar-sb-error code")
    expect(error).to_contain_text(f"past the engine's work budget of {MAX_WORK:,} units", timeout=LOADED)
    expect(error).to_contain_text(re.compile(r"^line \d+: "))
    expect(page.locator("ul.ar-trace > li")).to_have_count(SHOWN)
    expect(page.locator(".ar-sb-more")).to_have_text(re.compile(rf"^Show {SHOWN} more lines \([\d,]+ not shown\)$"))


def test_a_trace_of_58000_lines_is_drawn_a_page_at_a_time(page: Page, base_url):
    """Two characters instead of 500: the same 3,900 Dusks are within the budget, and the trace
    holds tens of thousands of lines; the page draws 200, and 200 more at each click."""
    page.goto(f"{base_url}/en/sandbox/?{link(heavy_scenarios.link_text(characters=2))}")
    more = page.locator(".ar-sb-more")
    expect(more).to_be_visible(timeout=LOADED)
    lines = page.locator("ul.ar-trace > li")
    expect(lines).to_have_count(SHOWN)
    left = int(re.fullmatch(rf"Show {SHOWN} more lines \(([\d,]+) not shown\)", more.inner_text()).group(1).replace(",", ""))
    assert left > 50_000
    more.click()
    expect(lines).to_have_count(2 * SHOWN)
    expect(more).to_have_text(f"Show {SHOWN} more lines ({left - SHOWN:,} not shown)")
    expect(page.locator(".ar-sb-board .ar-sb-headline")).to_have_text("Nobody has won yet.")
