"""The live preview's error page (mkdocs_plugin/preview.py): what a failed build said, as problems
with their file and line, every text escaped, framed in the page's language."""

from __future__ import annotations

from altered_rules.mkdocs_plugin.preview import Problem, error_page, problems_of, reload_script


def test_a_build_error_is_cut_into_problems_with_their_file_and_line_and_nothing_is_lost():
    text = ("2 problem(s) in the glossary:\n"
            "  glossary/rules/4/4.2.4.yaml:12: reference to rule 9.9.9.z, which does not exist in the glossary\n"
            "  - docs/fr/editing.md:7:3: a link to a release that does not exist\n\n"
            "Aborted with a BuildError!")
    assert problems_of(text) == [
        Problem(None, None, "2 problem(s) in the glossary:"),
        Problem("glossary/rules/4/4.2.4.yaml", 12, "reference to rule 9.9.9.z, which does not exist in the glossary"),
        Problem("docs/fr/editing.md", 7, "a link to a release that does not exist"),
        Problem(None, None, "Aborted with a BuildError!"),
    ]


def test_the_error_page_escapes_every_text_and_speaks_the_pages_language():
    hostile = Problem('glossary/"><script>alert(1)</script>.yaml', 3, "</td><img src=x onerror=alert(2)>&amp;")
    page = error_page("fr", [hostile], "/.altered-rules-preview/fr/4")
    assert "<script>alert" not in page and "<img" not in page
    assert "&lt;/td&gt;&lt;img src=x onerror=alert(2)&gt;&amp;amp;" in page
    assert '<html lang="fr">' in page and "L&#x27;aperçu n&#x27;a pas pu être construit" in page
    assert "Problème" in page and "Ligne" in page
    assert "</script>" not in reload_script("/x</script><script>alert(3)//")[:-len("</script>")]


def test_only_what_the_site_is_built_from_starts_a_build(tmp_path):
    # A log the preview writes in the project's folder (the benchmark's serve.log) started a
    # build at each of its lines, and each build wrote more of it.
    import time
    from pathlib import Path
    from types import SimpleNamespace

    from altered_rules.mkdocs_plugin.preview import watch

    for folder in ("glossary", "docs/en"):
        (tmp_path / folder).mkdir(parents=True)
    preview = SimpleNamespace(project=tmp_path, languages={"en": SimpleNamespace(config_file=Path("mkdocs.yml"))})
    changes: list[float] = []
    observer = watch(preview, lambda: changes.append(time.monotonic()))

    def starts(path: str) -> bool:
        changes.clear()
        (tmp_path / path).write_text("x", encoding="utf-8")
        deadline = time.monotonic() + 2.0
        while not changes and time.monotonic() < deadline:
            time.sleep(0.02)
        time.sleep(0.1)
        return bool(changes)

    try:
        assert not starts("serve.log") and not starts("glossary/.4.2.4.yaml.swp") and not starts("docs/en/index.md~")
        assert starts("glossary/4.2.4.yaml") and starts("docs/en/index.md") and starts("mkdocs.yml")
    finally:
        observer.stop()
        observer.join(timeout=10)
