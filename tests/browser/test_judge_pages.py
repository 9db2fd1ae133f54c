"""What a judge reads at the table, on a phone (issue 40): the sandbox's tool first and its result in
view, "Open in the sandbox" on every verified example, a ruling's authority and date."""

from __future__ import annotations

from playwright.sync_api import Page, expect

LOADED = 90_000  # ms: the sandbox's runtime from the local server, then WebAssembly compiles on a small machine
PHONE_HEIGHT = 844


def _box(page: Page, selector: str) -> dict:
    return page.locator(selector).first.evaluate("e => { const r = e.getBoundingClientRect(); return {top: r.top, bottom: r.bottom, left: r.left, right: r.right}; }")


def _overlap(a: dict, b: dict) -> bool:
    return a["left"] < b["right"] and b["left"] < a["right"] and a["top"] < b["bottom"] and b["top"] < a["bottom"]


def test_the_sandbox_is_the_first_thing_on_a_phone_and_its_result_shows_below_the_header(phone, base_url):
    phone.goto(f"{base_url}/en/sandbox/")
    # The tool is on the first screen, above the page's explanations (it started 1,047 px down).
    tool = _box(phone, "#ar-sandbox")
    assert tool["top"] < PHONE_HEIGHT / 2, tool
    assert tool["top"] < _box(phone, "article.md-content__inner > p:not(.ar-print-stamp)")["top"]   # the print-only stamp has no box
    expect(phone.locator(".ar-sb-status")).to_have_attribute("data-state", "ready", timeout=LOADED)
    phone.locator(".ar-sb-form").get_by_role("button", name="Run").click()
    heading = phone.locator(".ar-sb-result h2").first
    expect(heading).to_have_text("Outcome", timeout=LOADED)
    phone.wait_for_timeout(300)
    # After Run the result's heading is in view, not under the sticky header.
    header = _box(phone, ".md-header")
    shown = _box(phone, ".ar-sb-result h2")
    assert header["bottom"] <= shown["top"] < PHONE_HEIGHT, (header, shown)
    # Scrolled back up to the engine's status, the back-to-top pill Material then shows covers nothing of it.
    phone.evaluate("window.scrollTo(0, document.querySelector('.ar-sb-status').getBoundingClientRect().top + scrollY + 400)")
    phone.wait_for_timeout(200)
    phone.mouse.wheel(0, -250)
    phone.evaluate("document.querySelector('.ar-sb-status').scrollIntoView({block: 'center'})")
    phone.wait_for_timeout(400)
    top = phone.locator(".md-top")
    if top.is_visible():
        assert not _overlap(_box(phone, ".md-top"), _box(phone, ".ar-sb-status"))
    assert phone.evaluate("getComputedStyle(document.querySelector('.md-top')).bottom") != "auto"


def test_open_in_the_sandbox_shows_on_every_verified_example_without_expanding_it(phone, base_url):
    phone.goto(f"{base_url}/en/rules/chapter-4/")
    checks = phone.locator(".ar-check")
    assert checks.count() > 10
    assert phone.locator("details.ar-verified[open]").count() == 0
    hidden = phone.evaluate("""() => [...document.querySelectorAll('.ar-check')].filter(check => {
        const link = check.querySelector(':scope > .ar-verified__open a.ar-sandbox-link');
        return !link || !link.checkVisibility() || link.getBoundingClientRect().height === 0; }).map(c => c.id)""")
    assert hidden == []
    # It leads to the sandbox with the example's scenario.
    first = checks.first.locator("a.ar-sandbox-link")
    assert "sandbox/?" in first.get_attribute("href")


def test_a_ruling_shows_its_authority_and_date_on_a_phone(phone, base_url):
    for language, said in (("en", "[Editorial reading]"), ("fr", "[Lecture de la rédaction]"), ("it", "[Lettura della redazione]")):
        phone.goto(f"{base_url}/{language}/rulings/")
        meta = phone.locator('[id="ruling-sacrifice"] + .ar-ruling .ar-meta')
        expect(meta.locator(".ar-ruling__authority")).to_have_text(said)
        expect(meta.locator("time")).to_have_attribute("datetime", "2026-11-25")
        expect(meta.locator("time")).to_be_visible()


RAW_MARKUP = r"\{(?:[a-z][a-z-]*|rule-text [^{}]*)\}"


def test_release_and_history_pages_show_no_raw_markup_and_link_rule_numbers(page, base_url, built_site):
    import re
    pages = sorted({p.parent.relative_to(built_site / "en").as_posix() for folder in ("releases", "history")
                    for p in (built_site / "en" / folder).rglob("index.html")})
    assert "history/chapter-2" in pages and "releases/2026.1" in pages, pages
    for path in pages:
        page.goto(f"{base_url}/en/{path}/")
        text = page.locator("article").inner_text()
        assert not re.search(RAW_MARKUP, text), (path, re.findall(RAW_MARKUP, text)[:5])
    # A restored symbol shows as its badge, and a rule number in a change leads to the rule.
    page.goto(f"{base_url}/en/history/chapter-2/")
    expect(page.locator(".ar-diff .ar-symbol").first).to_be_visible()
    page.goto(f"{base_url}/en/history/chapter-4/")
    link = page.locator(".ar-diff a.ar-ref").first
    expect(link).to_have_attribute("href", re.compile(r"rules/chapter-\d/#\d"))


def test_a_printed_rule_page_carries_its_release_date_and_address(page, base_url):
    import re
    page.goto(f"{base_url}/fr/rules/chapter-4/")
    stamp = page.locator(".ar-print-stamp")
    expect(stamp).to_be_hidden()
    page.emulate_media(media="print")
    expect(stamp).to_be_visible()
    expect(stamp).to_have_text(re.compile(r"^Version 2026\.1 du 2026-11-25.*\. Imprimé le \d{4}-\d\d-\d\d depuis "
                                          + re.escape(f"{base_url}/fr/rules/chapter-4/") + "$"))


def test_releases_sandbox_and_cards_are_reached_from_the_home_page_and_the_navigation(page, base_url):
    for language, names in (("en", ("Releases", "Judge's sandbox", "Cards")), ("fr", ("Versions", "Bac à sable du juge", "Cartes")),
                            ("it", ("Versioni", "Sandbox del giudice", "Carte"))):
        page.goto(f"{base_url}/{language}/")
        for name, target in zip(names, ("releases/", "sandbox/", "cards/")):
            content = page.locator("article").get_by_role("link", name=name, exact=True)
            expect(content).to_have_attribute("href", target)
            nav = page.locator("nav.md-nav--primary a.md-nav__link", has_text=name).first
            assert nav.get_attribute("href").rstrip("/").endswith(target.rstrip("/")), (language, name)


def test_the_terms_page_shows_each_games_words(page, base_url):
    from altered_rules.content.glossary.schema import JARGON_GAMES
    page.goto(f"{base_url}/it/glossary-terms/")
    for game, name in JARGON_GAMES.items():
        expect(page.locator(f'[id="jargon-{game}"]')).to_contain_text(name)
    # Pokémon's words and the Altered term they mean, in the Italian table.
    table = page.locator('[id="jargon-pokemon"] ~ table').first
    expect(table).to_contain_text("energia")
