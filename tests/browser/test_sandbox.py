"""The judge's sandbox as a judge uses it: the engine loading in the browser, a board built
through the form on a phone, an example opened from its rule page (by its id) or from a shared
link, a deck checked, the page reloaded offline; and the sandbox's outcome against the command
line's on every scenario the rule pages open."""

from __future__ import annotations

import base64
import json
import re
from pathlib import Path
from typing import Iterator
from urllib.parse import urlsplit

import pytest
import yaml
from playwright.sync_api import Page, expect

import engine
from altered_rules.verification.scenarios import run_file
from altered_rules.verification.checks import verify_glossary

from project_paths import SCENARIOS

LOADED = 90_000  # ms: 13 MB from the local server, then WebAssembly compiles on a small machine


@pytest.fixture(scope="module")
def warm(browser):
    """One browser context for the tests that need no fresh one: after the first visit the
    runtime comes from the browser's caches, as on a judge's second visit, and the suite stays fast."""
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    yield context
    context.close()


@pytest.fixture
def page(warm):
    """A new page of the warm context (this module's `page`), with no JavaScript error allowed."""
    page = warm.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    yield page
    page.close()
    assert errors == [], f"JavaScript errors on the page: {errors}"


class Started:
    """One English sandbox page of the warm context, started once for the tests that run a scenario
    on it but do not test its start (a Pyodide start is most of their cost). Every run replaces the
    result it shows (sandbox.js: the result box is emptied when Run is clicked), and `started` empties
    both result boxes before each test too, so that no test can read another's result. Like `page`,
    it keeps the page's JavaScript errors for each test to fail on."""

    def __init__(self, warm, url: str) -> None:
        self.page, self.errors = warm.new_page(), []
        self.page.on("pageerror", lambda error: self.errors.append(str(error)))
        open_sandbox(self.page, url)


@pytest.fixture(scope="module")
def english(warm, base_url) -> Iterator[Started]:
    started = Started(warm, f"{base_url}/en/sandbox/")
    yield started
    started.page.close()


@pytest.fixture
def started(english) -> Iterator[Page]:
    english.page.evaluate("document.querySelectorAll('.ar-sb-result').forEach(box => box.replaceChildren())")
    seen = len(english.errors)
    yield english.page
    assert english.errors[seen:] == [], f"JavaScript errors on the page: {english.errors[seen:]}"


def open_sandbox(page: Page, url: str) -> None:
    page.goto(url)
    expect(page.locator(".ar-sb-status")).to_have_attribute("data-state", "ready", timeout=LOADED)


def cell(page: Page, expedition: str, column: str):
    return page.locator(f'.ar-sb-board tr[data-expedition="{expedition}"] td[data-cell="{column}"]')


def region(page: Page, expedition: str):
    """The region cell of an expedition's row: its data-before and data-after, "3 → 4" shown."""
    return cell(page, expedition, "region")


def published(site: Path, language: str = "en") -> dict:
    """The scenarios the language's build publishes for the sandbox, by id."""
    (path,) = (site / language / "sandbox").glob("scenarios-*.json")
    return json.loads(path.read_text(encoding="utf-8"))


def carried(data: object) -> str:
    """A scenario as a `?s=` link carries it (base64url of its JSON, unpadded): the links the rule
    pages gave before they named their scenario, which judges keep and share."""
    text = json.dumps(data, ensure_ascii=False, separators=(",", ":"))
    return "s=" + base64.urlsafe_b64encode(text.encode("utf-8")).decode("ascii").rstrip("=")


def test_the_engine_loads_from_the_site_itself_with_a_progress_bar(page, base_url):
    requests: list[str] = []
    page.on("request", lambda request: requests.append(request.url))
    # Every value the bar takes as the runtime arrives (the worker counts the bytes on the way).
    page.add_init_script("""window.arBar = []; new MutationObserver((changes) => { for (const c of changes)
      if (c.target.matches && c.target.matches('.ar-sb-status progress')) window.arBar.push(Number(c.target.value)); })
      .observe(document, { subtree: true, attributes: true, attributeFilter: ['value'] });""")
    page.goto(f"{base_url}/en/sandbox/")
    expect(page.locator(".ar-sb-status progress")).to_be_attached()
    expect(page.locator(".ar-sb-status")).to_have_attribute("data-state", "ready", timeout=LOADED)
    bar = page.evaluate("window.arBar")
    assert len(set(bar)) >= 3 and bar == sorted(bar) and bar[-1] > 10_000_000, bar   # grew with the bytes, 13 MB
    origin = urlsplit(base_url).netloc
    assert [url for url in requests if urlsplit(url).netloc != origin] == []  # never a CDN
    runtime = [url for url in requests if "/_sandbox/" in url]
    assert any(url.endswith("pyodide.asm.wasm") for url in runtime) and not any("lock" in url for url in runtime)
    # Only the sandbox page loads Pyodide.
    requests.clear()
    page.goto(f"{base_url}/en/rules/chapter-4/")
    page.wait_for_load_state("networkidle")
    assert not [url for url in requests if "/_sandbox/" in url or "sandbox" in url.rsplit("/", 1)[-1]]


def test_a_board_built_in_the_form_on_a_phone_runs_dusk(phone, base_url):
    open_sandbox(phone, f"{base_url}/en/sandbox/")
    phone.get_by_role("button", name="New board").click()
    alice = phone.locator("fieldset", has=phone.locator("legend", has_text="Alice · hero expedition"))
    alice.get_by_label("Forest").fill("3")
    alice.get_by_label("Mountain").fill("0")
    # Bob's companion expedition gets a Gigantic Leviathan: it counts in both of his expeditions (7.4.3).
    bob = phone.locator("fieldset", has=phone.locator("legend", has_text="Bob · companion expedition"))
    bob.get_by_role("button", name="Add a Character").click()
    bob.get_by_label("Name").fill("Deep One")
    bob.get_by_label("Water").fill("4")
    bob.get_by_label("Sub-type").fill("Leviathan")
    bob.get_by_label("Gigantic").check()
    phone.get_by_label("What happens", exact=True).select_option(label="Dusk")
    phone.locator(".ar-sb-form").get_by_role("button", name="Run").click()
    expect(phone.locator(".ar-sb-result h2")).to_have_text("Outcome", timeout=LOADED)
    expect(region(phone, "Alice.hero")).to_have_attribute("data-after", "1")
    expect(region(phone, "Alice.hero")).to_have_text("0 → 1")
    expect(cell(phone, "Alice.hero", "moved")).to_have_text("✓ due to forest")
    expect(cell(phone, "Bob.hero", "moved")).to_contain_text("water")   # the Gigantic one's water counts here too
    expect(region(phone, "Bob.companion")).to_have_attribute("data-after", "6")
    expect(phone.locator(".ar-sb-headline")).to_have_text("Nobody has won yet.")
    # The engine's trace cites the rules, linked to them.
    link = phone.locator(".ar-sb-result ul.ar-trace a.ar-ref", has_text="4.2.4.b").first
    expect(link).to_have_attribute("href", "../rules/chapter-4/#4.2.4.b")
    assert phone.evaluate("document.documentElement.scrollWidth") <= 390
    # The board lives in the URL: the same address opens the same situation.
    shared = phone.url
    assert "?s=" in shared
    open_sandbox(phone, shared)
    expect(region(phone, "Bob.companion")).to_have_attribute("data-after", "6", timeout=LOADED)


def test_an_example_opens_in_the_sandbox_from_its_rule_page(page, base_url):
    page.goto(f"{base_url}/en/rules/chapter-4/#4.3.a-scenario-1")
    example = page.locator('[id="4.3.a-scenario-1"]')
    example.evaluate("details => { details.open = true; }")
    example.get_by_role("link", name="Open in the sandbox").click()
    page.wait_for_url(re.compile(r"/en/sandbox/\?scenario=4\.3\.a-scenario-1$"))
    expect(page.locator(".ar-sb-headline")).to_have_text("Winner: Alice", timeout=LOADED)
    expect(page.locator(".ar-sb-pass")).to_contain_text("reaches the expected outcome")
    expect(page.locator('.ar-sb-tabs--view [data-tab="form"]')).to_have_attribute("aria-selected", "true")
    expect(region(page, "Alice.hero")).to_have_attribute("data-before", "3")
    # Opened and run, the address still names the scenario; an edit makes the board the judge's own, in ?s=.
    expect(page).to_have_url(re.compile(r"\?scenario=4\.3\.a-scenario-1$"))
    page.locator('select[data-expedition="Alice.hero"]').select_option("2")
    expect(page).to_have_url(re.compile(r"/en/sandbox/\?s=[A-Za-z0-9_-]+$"))
    page.locator(".ar-sb-form").get_by_role("button", name="Run").click()
    expect(region(page, "Alice.hero")).to_have_attribute("data-before", "2", timeout=LOADED)
    expect(page).to_have_url(re.compile(r"/en/sandbox/\?s=[A-Za-z0-9_-]+$"))


def test_an_example_the_form_cannot_show_opens_as_a_scenario(page, base_url, built_site):
    page.goto(f"{base_url}/en/rules/chapter-4/")
    href = page.locator('[id="4.2.1.a-scenario-1"] a.ar-sandbox-link').get_attribute("href")
    assert href == "../../sandbox/?scenario=4.2.1.a-scenario-1"
    page.goto(f"{base_url}/en/rules/chapter-4/{href}")
    expect(page.locator(".ar-sb-pass")).to_be_visible(timeout=LOADED)
    expect(page.locator('.ar-sb-tabs--view [data-tab="scenario"]')).to_have_attribute("aria-selected", "true")
    yaml_text = page.locator("textarea.ar-sb-yaml")
    expect(yaml_text).to_have_value(re.compile(r"^name: .*\nrules: \[4\.2\.1\.a\]\n"))
    by_id = yaml_text.input_value()
    # The link the rule page gave before, carrying the scenario, opens the very same text.
    open_sandbox(page, f"{base_url}/en/sandbox/?{carried(published(built_site)['4.2.1.a-scenario-1'])}")
    expect(page.locator(".ar-sb-pass")).to_be_visible(timeout=LOADED)
    expect(yaml_text).to_have_value(by_id)
    # Its text edited and run, the address holds the new scenario.
    yaml_text.fill(by_id.replace("name: ", "name: Edited ", 1))
    page.locator(".ar-sb-scenario-pane").get_by_role("button", name="Run").click()
    expect(page.locator(".ar-sb-pass")).to_be_visible(timeout=LOADED)
    expect(page).to_have_url(re.compile(r"/en/sandbox/\?s=[A-Za-z0-9_-]+$"))
    payload = urlsplit(page.url).query[2:]
    assert json.loads(base64.urlsafe_b64decode(payload + "=" * (-len(payload) % 4)))["name"].startswith("Edited ")


@pytest.mark.parametrize("language,says", [("en", "This site has no scenario “9.9.9-scenario-1”"),
                                           ("fr", "Ce site n'a pas de scénario « 9.9.9-scenario-1 »")])
def test_an_unknown_scenario_id_says_so_in_the_page_language_over_a_new_board(page, base_url, language, says):
    page.goto(f"{base_url}/{language}/sandbox/?scenario=9.9.9-scenario-1")
    expect(page.locator(".ar-sb-missing[role=alert]")).to_contain_text(says)
    expect(page.locator('.ar-sb-form select[name="action"]')).to_be_visible()   # never a blank page
    # Once the page has written its address (and the language switch's), it still names the id: a
    # reload, or the same page in Italian, says it again.
    expect(page.locator('a.ar-language-link[hreflang="it"]')).to_have_attribute(
        "href", re.compile(r"/it/sandbox/\?scenario=9\.9\.9-scenario-1$"))
    expect(page).to_have_url(re.compile(r"\?scenario=9\.9\.9-scenario-1$"))


def test_a_scenario_pasted_from_a_rule_page_runs_with_its_cards_and_an_error_names_its_line(started, glossary):
    page = started
    page.get_by_role("tab", name="Scenario").click()
    # As a rule page shows it: the cards by name ({card: ...}), from glossary/cards.yaml.
    check = next(c for c in verify_glossary(glossary).checks if '"card"' in json.dumps(c.data) and c.result.status == "passed")
    page.locator("textarea.ar-sb-yaml").fill(yaml.safe_dump([json.loads(json.dumps(check.data))], sort_keys=False, allow_unicode=True))
    page.locator(".ar-sb-scenario-pane").get_by_role("button", name="Run").click()
    expect(page.locator(".ar-sb-pass")).to_be_visible(timeout=LOADED)
    page.locator("textarea.ar-sb-yaml").fill(
        "- name: Too far\n  given:\n    players: [Alice, Bob]\n    Alice: {hero: {region: 9}}\n  when: dusk\n")
    page.locator(".ar-sb-scenario-pane").get_by_role("button", name="Run").click()
    expect(page.locator(".ar-sb-error code")).to_contain_text("line 4:", timeout=LOADED)


def test_a_pasted_board_whose_outcome_depends_on_an_open_question_shows_each_reading(started):
    page = started
    page.get_by_role("tab", name="Scenario").click()
    page.locator("textarea.ar-sb-yaml").fill(
        "- name: Two abilities that change region types\n  given:\n    players: [Alice, Bob, Carol, Dave]\n    mode: 2v2\n"
        "    tiebreakers: true\n    Alice:\n      hero: {characters: ['Scout 3/0/0 Adventurer', {name: Tidecaller, stats: 0/0/0, "
        "passives: ['All regions are water and lose their other types']}]}\n    Bob:\n      hero: {characters: ['Leviathan 0/0/3 Leviathan', "
        "{name: Grovekeeper, stats: 0/0/0, passives: ['All regions are forest and lose their other types']}]}\n  when: dusk\n"
        "  then: {tiebreakers: true}\n")
    page.locator(".ar-sb-scenario-pane").get_by_role("button", name="Run").click()
    readings = page.locator('.ar-sb-readings[data-decided="false"]')
    expect(readings).to_contain_text("the order in which the abilities changing region types apply", timeout=LOADED)
    expect(readings.locator('li[data-reading="Tidecaller, then Grovekeeper"]')).to_contain_text("winner [Alice, Carol]")
    expect(readings.locator('li[data-reading="Grovekeeper, then Tidecaller"]')).to_contain_text("winner [Bob, Dave]")


def test_a_select_all_in_the_scenario_text_holds_when_the_engine_s_yaml_comes_back(started):
    # The Scenario tab shows the form's board as JSON at once, and asks the engine for the same as YAML.
    # A quick judge is in the text before the YAML comes back: their select-all (made here in the same
    # task as the tab's click, so that the answer cannot come first) must still hold when it does, or
    # their paste lands after the old text (as a hurried test once saw).
    page = started
    shown = page.evaluate("""() => {
        document.querySelector('.ar-sb-tabs--view [data-tab="scenario"]').click();
        const text = document.querySelector('textarea.ar-sb-yaml');
        text.focus();
        text.select();
        return text.value;
    }""")
    assert shown.startswith("{")   # the JSON, before the engine's answer
    # A run is answered after the YAML (the worker answers in order), and a click in script leaves the
    # focus in the text until the outcome shows: by then the YAML answer has come and gone.
    page.evaluate("document.querySelector('.ar-sb-scenario-pane button.ar-sb-run').click()")
    expect(page.locator(".ar-sb-result h2")).to_have_text("Outcome", timeout=LOADED)
    text = page.locator("textarea.ar-sb-yaml")
    expect(text).to_have_value(shown)
    assert text.evaluate("text => [text.selectionStart, text.selectionEnd]") == [0, len(shown)]
    # Once the judge has left the text, the tab shows the board as YAML again.
    page.get_by_role("tab", name="Form").click()
    page.get_by_role("tab", name="Scenario").click()
    expect(text).to_have_value(re.compile(r"^name: "), timeout=LOADED)


def test_a_game_mode_s_deck_scenario_opens_by_its_id_in_the_deck_checker(page, base_url):
    page.goto(f"{base_url}/en/modes/sealed/")
    href = page.locator('[id="sealed.min-cards-scenario-1"] a.ar-sandbox-link').get_attribute("href")
    page.goto(f"{base_url}/en/modes/sealed/{href}")
    expect(page.get_by_role("tab", name="A deck")).to_have_attribute("aria-selected", "true")
    expect(page.locator(".ar-sb-deck .ar-sb-headline")).to_contain_text("Not legal", timeout=LOADED)
    expect(page.locator(".ar-sb-pass")).to_be_visible()
    expect(page.locator(".ar-sb-violations li")).to_have_count(1)
    expect(page).to_have_url(re.compile(r"\?scenario=sealed\.min-cards-scenario-1$"))
    # A card added: the deck is the judge's own, held in the address.
    page.locator(".ar-sb-count").first.fill("30")
    expect(page).to_have_url(re.compile(r"\?s=[A-Za-z0-9_-]+&d=[A-Za-z0-9_-]+$"))


def test_a_scenario_file_that_cannot_be_read_is_said_so_over_a_new_board(browser, base_url):
    context = browser.new_context(service_workers="block")   # so that the route, not a kept copy, answers
    context.route(re.compile(r"/sandbox/scenarios-[0-9a-f]+\.json$"), lambda route: route.fulfill(status=503))
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    page.goto(f"{base_url}/it/sandbox/?scenario=4.3.a-scenario-1")
    expect(page.locator(".ar-sb-missing[role=alert]")).to_have_text(
        "Impossibile caricare lo scenario «4.3.a-scenario-1» (HTTP 503). Ricarica la pagina per riprovare.")
    expect(page.locator('.ar-sb-form select[name="action"]')).to_be_visible()
    context.close()
    assert errors == []


def test_a_deck_is_checked_and_every_broken_rule_is_linked(started, deck_limits):
    page = started
    page.get_by_role("tab", name="A deck").click()
    page.locator("summary", has_text="Paste a list").click()
    page.get_by_label(re.compile("One card a line")).fill(
        "1 Sierra & Oddball, hero, Axiom\n4 Kelon Elemental, Axiom, rare\n3 Ordis Recruit, Ordis\n")
    page.get_by_role("button", name="Read the list").click()
    page.get_by_label("Format", exact=True).select_option("standard")
    page.get_by_role("button", name="Check the deck").click()
    expect(page.locator(".ar-sb-deck .ar-sb-headline")).to_contain_text("Not legal", timeout=LOADED)
    broken = page.locator(".ar-sb-violations li")
    expect(broken).to_have_count(3)
    assert [item.get_attribute("data-rule") for item in broken.all()] == ["1.1.4.c", "1.1.4.d", "1.1.4.e"]
    expect(broken.first.locator("a.ar-ref")).to_have_attribute("href", "../rules/chapter-1/#1.1.4.c")
    # The engine in the browser checks with the glossary's numbers, which the archive carries.
    minimum = deck_limits[engine.DeckFormat.STANDARD].min_cards
    expect(broken.first.locator(".ar-sb-why")).to_contain_text(f"7 other cards; at least {minimum} are required")
    # The same list in Sealed breaks none of its rules but the size.
    page.get_by_label("Format", exact=True).select_option("sealed")
    page.get_by_role("button", name="Check the deck").click()
    expect(page.locator('.ar-sb-violations li[data-rule="sealed.min-cards"]')).to_have_count(1)
    expect(page.locator(".ar-sb-violations li")).to_have_count(1)


def test_the_sandbox_reloads_offline_and_runs_again(browser, base_url):
    context = browser.new_context()
    page = context.new_page()
    open_sandbox(page, f"{base_url}/en/sandbox/")
    expect(page.locator(".ar-sb-offline")).to_be_visible(timeout=LOADED)
    # Another language's service worker starts meanwhile; it must not delete the English pages.
    other = context.new_page()
    other.goto(f"{base_url}/fr/")
    other.wait_for_function("navigator.serviceWorker.ready.then(r => r.active && r.active.state === 'activated')")
    other.close()
    context.set_offline(True)
    page.reload()
    expect(page.locator(".ar-sb-status")).to_have_attribute("data-state", "ready", timeout=LOADED)
    page.locator(".ar-sb-form").get_by_role("button", name="Run").click()
    expect(region(page, "Alice.hero")).to_have_attribute("data-after", "1", timeout=LOADED)
    # A rule page's link opens offline too: the scenario file was kept with the page.
    page.goto(f"{base_url}/en/sandbox/?scenario=4.3.a-scenario-1")
    expect(page.locator(".ar-sb-headline")).to_have_text("Winner: Alice", timeout=LOADED)
    expect(page.locator(".ar-sb-pass")).to_be_visible()
    context.close()


def test_the_sandbox_speaks_the_page_language_and_keeps_the_board_across_languages(page, base_url):
    open_sandbox(page, f"{base_url}/en/sandbox/")
    page.locator(".ar-sb-form").get_by_role("button", name="Run").click()
    expect(page.locator(".ar-sb-result h2")).to_have_text("Outcome", timeout=LOADED)
    page.locator(".md-header__option .md-select button").click()
    page.locator('a.md-select__link[hreflang="fr"]').click()
    page.wait_for_url(re.compile(r"/fr/sandbox/\?s="))
    expect(page.locator(".ar-sb-result h2")).to_have_text("Résultat", timeout=LOADED)
    expect(page.get_by_role("tab", name="Un deck")).to_be_visible()
    expect(page.locator(".ar-sb-board th", has_text="Expédition Héros").first).to_be_visible()
    page.goto(f"{base_url}/it/rules/chapter-4/")
    expect(page.locator("a.ar-sandbox-link").first).to_have_text("Apri nella sandbox")


def _python_outcomes(glossary, site: Path) -> tuple[list[dict], list[object]]:
    """Every scenario of the glossary and of tests/engine_tests/scenarios, and what the command line's
    engine (run_scenario, as `altered-rules verify`) makes of each."""
    requests, expected = [], []
    scenarios = published(site)
    for check in verify_glossary(glossary).checks:
        # As the rule pages' links open them: from the build's scenario file, by id.
        requests.append({"data": scenarios[check.anchor]})
        expected.append([_shape(check.result.status, check.result.differences, check.result.error, lines=False)])
    for path in sorted(SCENARIOS.glob("*.yaml")):
        report = run_file(path, glossary.deck_limits)
        requests.append({"yaml": path.read_text(encoding="utf-8"), "source": str(path)})
        expected.append([_shape(r.status, r.differences, r.error) for r in report.results])
    return requests, expected


def _shape(status, differences, error, lines: bool = True) -> list:
    return [status, [[d.path, d.expected, d.actual, d.location.line if lines and d.location else None] for d in differences],
            error.message if error else None]


def test_the_sandbox_gives_the_command_line_outcome_on_every_scenario(started, glossary, built_site):
    requests, expected = _python_outcomes(glossary, built_site)
    page = started
    # One page evaluation for the whole batch: the engine in the browser runs them one after the other.
    answers = page.evaluate("""async (requests) => {
        await window.arSandbox.ready;
        const out = [];
        for (const request of requests) out.push(await window.arSandbox.call("run", request));
        return out;
    }""", requests)
    got = [[[s["status"], [[d["path"], d["expected"], d["actual"], d["line"] if "yaml" in request else None] for d in s["differences"]],
             s["error"]["message"] if s["error"] else None] for s in answer["scenarios"]] for request, answer in zip(requests, answers)]
    mismatches = [(request.get("source") or request["data"].get("name"), g, e)
                  for request, g, e in zip(requests, got, expected) if g != e]
    assert len(answers) == len(expected) and len(expected) > 200
    assert mismatches == []


@pytest.mark.parametrize("language,scheme", [("en", "slate"), ("fr", "default"), ("it", "default")])
def test_no_serious_accessibility_violation_in_the_sandbox(page, base_url, language, scheme, serious_violations):
    page.emulate_media(color_scheme="light" if scheme == "default" else "dark")
    open_sandbox(page, f"{base_url}/{language}/sandbox/")
    page.locator(".ar-sb-form .ar-sb-run").click()
    expect(page.locator(".ar-sb-board")).to_be_visible(timeout=LOADED)
    # Running scrolls to the outcome; at the top, no line of it sits under the sticky header,
    # whose colour axe would take for the line's background. The pointer leaves the page: a
    # rule link that scrolled under it would open its preview over other links.
    page.evaluate("window.scrollTo(0, 0)")
    page.mouse.move(0, 0)
    page.keyboard.press("Escape")
    expect(page.locator(".ar-preview")).to_have_count(0)
    serious = serious_violations(page)
    assert serious == [], "\n".join(serious)


def link(param: str, text: str) -> str:
    """A `?s=` or `?d=` carrying `text` as the sandbox writes its links (base64url, unpadded)."""
    return f"{param}=" + base64.urlsafe_b64encode(text.encode("utf-8")).decode("ascii").rstrip("=")


BAD_BOARD = "The board in this link (?s=) could not be opened: {why}. Its text is kept in the Scenario tab: correct it there and run it."
NESTED = "[" * 5000 + "]" * 5000


@pytest.mark.parametrize("query,text,why", [
    ("s=@@not-base64@@", "@@not-base64@@", "it is not base64url text (the link may have been cut or changed on the way)"),
    ("s=_w", "_w", "its bytes are not UTF-8 text (the link may have been cut or changed on the way)"),
    (link("s", NESTED), NESTED, "it is not JSON or YAML that the sandbox can read (line 1: lists and mappings are nested more than 100 deep (the limit))"),
    (link("s", '{"name": "Cut", "given": {"players": ["Alice"'), '{"name": "Cut", "given": {"players": ["Alice"',
     "it is not JSON or YAML that the sandbox can read (line 1: YAML syntax error: expected ',' or ']', but got '<stream end>')"),
    (link("s", "42"), "42", "it does not hold a scenario (a mapping with given: and when:, or a list of them)"),
    (link("s", "x" * 20_001), "x" * 20_001, "it holds 20,001 characters, and a link holds at most 20,000"),
])
def test_a_board_link_that_cannot_be_opened_says_why_and_keeps_its_text(page, base_url, query, text, why):
    open_sandbox(page, f"{base_url}/en/sandbox/?{query}")
    expect(page.locator('.ar-sb-bad-link[role=alert][data-link="s"]')).to_have_text(BAD_BOARD.format(why=why), timeout=LOADED)
    # Not a new board in its place: the text is in the Scenario tab, the address still holds the link.
    expect(page.locator('.ar-sb-tabs--view [data-tab="scenario"]')).to_have_attribute("aria-selected", "true")
    expect(page.locator("textarea.ar-sb-yaml")).to_have_value(text)
    expect(page.locator(".ar-sb-form")).to_be_hidden()
    page.wait_for_timeout(400)   # past the page's deferred writing of its address
    assert urlsplit(page.url).query == query


def test_a_bad_link_is_said_in_the_page_language_and_corrected_in_place(page, base_url):
    broken = "name: Corrigée\ngiven: {players: [Alice, Bob]\nwhen: dusk"
    open_sandbox(page, f"{base_url}/fr/sandbox/?{link('s', broken)}")
    expect(page.locator('.ar-sb-bad-link[data-link="s"]')).to_have_text(
        "La partie de ce lien (?s=) n'a pas pu être ouverte\u00a0: ce n'est pas du JSON ou du YAML que le bac à sable sait lire "
        "(ligne 3: YAML syntax error: expected ',' or '}', but got '<scalar>'). Son texte est conservé dans l'onglet Scénario\u00a0: "
        "corrigez-le et lancez-le.", timeout=LOADED)
    scenario = page.locator("textarea.ar-sb-yaml")
    scenario.fill(scenario.input_value().replace("[Alice, Bob]", "[Alice, Bob]}"))
    page.locator(".ar-sb-scenario-pane").get_by_role("button", name="Lancer").click()
    expect(page.locator(".ar-sb-result h2")).to_have_text("Résultat", timeout=LOADED)
    # Corrected and run, the address holds the corrected scenario.
    expect(page).to_have_url(re.compile(r"/fr/sandbox/\?s=[A-Za-z0-9_-]+$"))
    payload = urlsplit(page.url).query[2:]
    assert json.loads(base64.urlsafe_b64decode(payload + "=" * (-len(payload) % 4)))["name"] == "Corrigée"


def test_a_deck_link_that_holds_no_deck_says_so_and_keeps_its_text(page, base_url):
    board = json.dumps({"name": "A board", "given": {"players": ["Alice", "Bob"]}, "when": "dusk"})
    open_sandbox(page, f"{base_url}/it/sandbox/?{link('d', board)}")
    expect(page.locator('.ar-sb-bad-link[data-link="d"]')).to_have_text(
        "Impossibile aprire il mazzo di questo link (?d=): contiene uno scenario, ma non un mazzo che il controllo del mazzo "
        "sappia mostrare (given: con format: e deck:). Il suo testo è conservato sotto «Incolla una lista»; uno scenario di "
        "mazzo si esegue anche nella scheda Scenario di «Una partita in corso».", timeout=LOADED)
    expect(page.get_by_role("tab", name="Un mazzo")).to_have_attribute("aria-selected", "true")
    expect(page.locator(".ar-sb-paste textarea")).to_have_value(board)


def test_a_french_sandbox_run_says_its_trace_outcome_and_refusal_in_french(page, base_url):
    # The engine says what it does as messages; the runtime renders them in the page's language.
    open_sandbox(page, f"{base_url}/fr/sandbox/")
    page.get_by_role("tab", name="Scénario").click()
    page.locator("textarea.ar-sb-yaml").fill(
        "- name: Une égalité puis la Nuit\n  given:\n    players: [Alice, Bob]\n"
        "    Alice: {hero: {region: 0, characters: ['Ordis Recruit 2/0/0 Soldier']}}\n"
        "    Bob: {hero: {region: 0, characters: ['Kelon Elemental 2/0/0']}}\n"
        "  when: [dusk, night]\n")
    page.locator(".ar-sb-scenario-pane").get_by_role("button", name="Lancer").click()
    trace = page.locator(".ar-sb-result ul.ar-trace").first
    expect(trace).to_contain_text("La phase du Crépuscule commence", timeout=LOADED)
    expect(trace).to_contain_text("L'Expédition Héros d'Alice n'avance pas\u00a0: 2 en forêt contre 2 est une égalité")
    expect(trace).to_contain_text("L'Expédition Héros de Bob échoue à avancer")
    # The refusal: the Night's daily effects are lost in the sources.
    expect(trace).to_contain_text("Le moteur refuse\u00a0: les effets quotidiens de la phase de Nuit sont perdus dans les sources")
    expect(page.locator(".ar-sb-result .ar-sb-error").first).to_contain_text("les effets quotidiens de la phase de Nuit")
    assert trace.get_attribute("lang") == "fr"
    text = trace.inner_text()
    for english in ("hero expedition", "does not advance", "The engine refuses", "phase begins", "fails to move"):
        assert english not in text, english


def test_a_rule_pages_scenario_is_marked_english_on_a_french_sandbox(page, base_url):
    """Issue 44: the scenario's text is in the format's English words and its author's English `name:`;
    on the French sandbox it is marked lang="en", as the rule pages mark it, so screen readers say it right."""
    open_sandbox(page, f"{base_url}/fr/sandbox/?scenario=4.3.a-scenario-1")
    expect(page.locator("textarea.ar-sb-yaml")).to_have_attribute("lang", "en")
    assert page.evaluate("document.documentElement.lang") == "fr"
    assert page.locator(".ar-sb-status").get_attribute("lang") in (None, "fr")
