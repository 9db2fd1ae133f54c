"""`make dev`, the live preview (mkdocs_plugin/preview.py, issues 41 and 43), as an editor and a
translator use it: every language is served, a saved edit reaches the open page by itself, a build
error shows in the page itself (file, line, message, in the page's language), and the page comes
back on the next good save."""

from __future__ import annotations

import os
from pathlib import Path
from typing import Iterator

import pytest
from playwright.sync_api import Browser, expect

from altered_rules.mkdocs_plugin.preview import Running, start
from altered_rules.verification.synth import synthesize
from edits import replace_in_paragraph
from project_paths import GLOSSARY, PROJECT

BUILT = 120_000   # ms: the first build of three languages on a loaded machine
RULE = Path("glossary") / "rules" / "4" / "4.2.4.yaml"


@pytest.fixture(scope="module")
def preview(tmp_path_factory) -> Iterator[Running]:
    target = tmp_path_factory.mktemp("preview") / "project"
    synthesize(GLOSSARY, target, 1, project=PROJECT, force=True)
    folder = os.getcwd()
    os.chdir(target)   # as `make dev` runs, in the project
    running = start(target, target.parent / "served", port=0)
    try:
        yield running
    finally:
        running.stop()
        os.chdir(folder)


def test_a_saved_french_text_shows_on_the_open_french_page(browser: Browser, preview: Running):
    page = browser.new_page()
    try:
        page.goto(f"{preview.url}/fr/rules/chapter-4/", timeout=BUILT)
        expect(page.locator("html")).to_have_attribute("lang", "fr")
        project = preview.preview.project
        replace_in_paragraph(project / RULE, "4.2.4.a", "    fr: ", "    fr: Aperçutraduit ")
        # The page reloads by itself once its language is built again.
        expect(page.get_by_text("Aperçutraduit", exact=False).first).to_be_visible(timeout=BUILT)
        for code in ("en", "it"):   # every language is served
            assert page.request.get(f"{preview.url}/{code}/rules/chapter-4/").status == 200
    finally:
        page.close()


def test_a_build_error_shows_in_the_page_in_its_language_and_the_page_comes_back(browser: Browser, preview: Running):
    project = preview.preview.project
    page = browser.new_page()
    try:
        page.goto(f"{preview.url}/it/rules/chapter-4/", timeout=BUILT)
        original = (project / RULE).read_text(encoding="utf-8")
        line = replace_in_paragraph(project / RULE, "4.2.4.a", "    en: ", "    en: See 9.9.9.z <img src=x onerror=alert(1)> ")
        error = page.locator("main.ar-preview-error")
        expect(error).to_be_visible(timeout=BUILT)   # the open page shows it, by itself
        expect(page.locator("h1")).to_have_text("Non è stato possibile generare l'anteprima")
        row = error.locator("tr", has_text="9.9.9.z")
        expect(row.locator("td.file")).to_have_text(RULE.as_posix())
        expect(row.locator("td.line")).to_have_text(str(line))
        expect(row.locator("td.message")).to_contain_text("reference to rule 9.9.9.z")
        assert page.locator("img").count() == 0   # nothing of the text became markup
        # Any page of the language says it, a reload does not hang, and the other languages too.
        response = page.request.get(f"{preview.url}/it/", timeout=30_000)
        assert response.status == 500 and "ar-preview-error" in response.text()
        # The next good save brings the page back, by itself.
        (project / RULE).write_text(original, encoding="utf-8")
        expect(page.locator("article h1, .md-content h1").first).to_be_visible(timeout=BUILT)
        expect(error).to_have_count(0)
    finally:
        page.close()
