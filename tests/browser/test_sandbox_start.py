"""The judge's sandbox while its engine starts (issue 29): the page is usable at once (the form,
the Scenario tab's text), a Run asked for meanwhile is answered once the engine is ready, and a
second visit starts from a memory snapshot of the first (Pyodide's, kept in Cache Storage).
How long each start takes is measured in benchmarks/run.py (`--only sandbox`), not here."""

from __future__ import annotations

from playwright.sync_api import Browser, expect

LOADED = 90_000  # ms: the runtime from the local server, then WebAssembly compiles on a small machine
SNAPSHOTS = "altered-rules-sandbox-snapshot"


def test_the_form_and_the_scenario_text_work_before_the_engine_is_ready(browser: Browser, base_url):
    context = browser.new_context(viewport={"width": 390, "height": 844})  # a first visit: nothing cached
    page = context.new_page()
    try:
        page.goto(f"{base_url}/en/sandbox/")
        status = page.locator(".ar-sb-status")
        alice = page.locator("fieldset", has=page.locator("legend", has_text="Alice · hero expedition"))
        alice.get_by_label("Forest").fill("3")
        alice.get_by_label("Mountain").fill("0")
        page.locator(".ar-sb-form").get_by_role("button", name="Run").click()
        # All of this happened while Pyodide was still starting, and the page says it is working on it.
        expect(status).to_have_attribute("data-state", "loading")
        expect(page.locator(".ar-sb-result .ar-sb-wait")).to_contain_text("The rules engine is working on it")
        page.get_by_role("tab", name="Scenario").click()
        text = page.locator("textarea.ar-sb-yaml")
        expect(text).to_be_editable()
        text.fill("- name: typed before the engine was ready\n")
        expect(status).to_have_attribute("data-state", "loading")
        # The run asked for before is answered once the engine is ready.
        expect(page.locator(".ar-sb-result h2")).to_have_text("Outcome", timeout=LOADED)
        expect(text).to_have_value("- name: typed before the engine was ready\n")  # not replaced when the engine came
        expect(page.locator('.ar-sb-board tr[data-expedition="Alice.hero"] td[data-cell="region"]')).to_have_attribute(
            "data-after", "1")
    finally:
        context.close()


def test_a_second_visit_starts_from_a_snapshot_of_the_first(browser: Browser, base_url):
    context = browser.new_context()
    try:
        first = context.new_page()
        first.goto(f"{base_url}/en/sandbox/")
        expect(first.locator(".ar-sb-status")).to_have_attribute("data-state", "ready", timeout=LOADED)
        assert first.evaluate("window.arSandbox.timings.snapshot") is False
        # Every module of the engine's archive was imported from the bytecode the build compiled
        # with Pyodide (sandbox.with_bytecode): none compiled in the browser.
        assert first.evaluate("window.arSandbox.timings.compiled") == 0
        kept = f"async () => (await (await caches.open('{SNAPSHOTS}')).keys()).map((request) => request.url)"
        urls: list[str] = []
        for _ in range(120):  # kept a moment after ready, off the judge's way
            urls = first.evaluate(kept)
            if urls:
                break
            first.wait_for_timeout(500)
        (url,) = urls
        assert "/_sandbox/engine-" in url and ".zip?pyodide=" in url
        first.close()
        second = context.new_page()
        second.goto(f"{base_url}/en/sandbox/")
        expect(second.locator(".ar-sb-status")).to_have_attribute("data-state", "ready", timeout=LOADED)
        assert second.evaluate("window.arSandbox.timings.snapshot") is True
        answer = second.evaluate("""() => window.arSandbox.call("run", {yaml: "- name: x\\n  given:\\n    players: [Alice, Bob]\\n"
                                    + "    Alice: {hero: {characters: ['Scout 2/0/0']}}\\n    Bob: {hero: {characters: ['Kelon 2/0/0']}}\\n"
                                    + "  when: dusk\\n  then: {Alice.hero.region: 0}\\n"})""")
        assert answer["scenarios"][0]["status"] == "passed", answer
    finally:
        context.close()
