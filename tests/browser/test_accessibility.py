"""axe-core on one page of each kind, in each language: no serious or critical violation."""

from __future__ import annotations

import pytest
from axe_playwright_python.sync_playwright import Axe

PAGES = ["", "rules/chapter-4/", "glossary-terms/", "modes/standard/", "rulings/", "sources/", "coverage/", "editing/",
         "cards/", "cards/lindiwe-maw/",
         "releases/", "releases/2026.1/", "history/chapter-1/"]


@pytest.mark.parametrize("language", ["en", "fr", "it"])
@pytest.mark.parametrize("path", PAGES)
@pytest.mark.parametrize("scheme", ["default", "slate"])
def test_no_serious_accessibility_violation(page, base_url, language, path, scheme):
    # The palettes follow the reader's system setting (prefers-color-scheme).
    page.emulate_media(color_scheme="light" if scheme == "default" else "dark")
    page.goto(f"{base_url}/{language}/{path}")
    page.wait_for_load_state("networkidle")
    assert page.evaluate("document.body.getAttribute('data-md-color-scheme')") == scheme
    serious = _serious(page)
    assert serious == [], "\n".join(serious)


def _serious(page) -> list[str]:
    results = Axe().run(page).response
    return [
        f"{v['id']} ({v['impact']}): {v['help']} - " + "; ".join(n["target"][0] for n in v["nodes"][:3])
        for v in results["violations"] if v["impact"] in ("serious", "critical")
    ]


@pytest.mark.parametrize("language", ["en", "fr", "it"])
def test_a_rule_in_a_release_has_no_serious_violation(page, base_url, language):
    """A rule's text in a release (v/<release>/r/<rule>/ leads to v/<release>/<chapter>/#<rule>): the
    theme's frame around text this plugin writes itself."""
    page.goto(f"{base_url}/{language}/v/2026.1/r/4.2.4.c/")
    page.wait_for_url(f"{base_url}/{language}/v/2026.1/4/#4.2.4.c")
    page.wait_for_load_state("networkidle")
    serious = _serious(page)
    assert serious == [], "\n".join(serious)
