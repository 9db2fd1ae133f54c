"""The releases in a built site: a copy of the project with FIXTURE releases (tests/release_fixtures.py),
built in English by MkDocs with our plugin: footer, "changed in", versioned permalinks, the old
short URL of a removed paragraph, and editors' links to a release checked with file:line."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from altered_rules.build_site import mkdocs_build
from altered_rules.verification.synth import synthesize

from project_paths import GLOSSARY, PROJECT
from release_fixtures import make_fixture_releases


def _build_command(project: Path, target: Path) -> tuple[list[str], dict[str, str]]:
    """`mkdocs <arguments>` and its environment: the English site of `project` into `target`."""
    env = {**os.environ, "NO_MKDOCS_2_WARNING": "1", "SOURCE_DATE_EPOCH": "1700000000"}
    return ["build", "--strict", "-q", "-f", str(project / "mkdocs.yml"), "-d", str(target)], env


def _build(project: Path, target: Path) -> subprocess.CompletedProcess[str]:
    """The build as the command runs it, in a process of its own: its messages and exit code."""
    arguments, env = _build_command(project, target)
    return subprocess.run([sys.executable, "-m", "mkdocs", *arguments], cwd=project, env=env, capture_output=True, text=True)


@pytest.fixture(scope="module")
def fixture_site(tmp_path_factory):
    project = tmp_path_factory.mktemp("versions-project")
    synthesize(GLOSSARY, project, 1, project=PROJECT, force=True)
    made = make_fixture_releases(project / "glossary", 1)[0]
    index = project / "docs" / "en" / "index.md"
    index.write_text(index.read_text(encoding="utf-8") + "\nCited: [4.2.4.a in 2026.1](v/2026.1/r/4.2.4.a/).\n",
                     encoding="utf-8")
    site = project / "site-en"
    # In this process (build_site.mkdocs_build), as the run's shared site is built: a new process
    # would import MkDocs and verify the unchanged scenarios again. The failing build below runs
    # as the command does, in a process of its own, for its messages.
    arguments, env = _build_command(project, site)
    code = mkdocs_build(arguments, project, env)
    assert code == 0, "the build failed: its messages are in the captured output below"
    return project, made, site


def test_every_page_says_which_release_it_shows(fixture_site):
    _, _, site = fixture_site
    for page in ("index.html", "rules/chapter-4/index.html", "releases/2026.2/index.html", "history/chapter-1/index.html"):
        html = (site / page).read_text(encoding="utf-8")
        assert "ar-release-label" in html and "Release 2026.2 of 2026-12-01" in html, page
    assert "Release 2026.2 of 2026-12-01" in (site / "v/2026.1/4/index.html").read_text(encoding="utf-8")


def test_a_chapter_in_a_release_is_drawn_in_the_sites_frame(fixture_site):
    _, _, site = fixture_site
    page = (site / "v/2026.1/4/index.html").read_text(encoding="utf-8")
    current = (site / "rules/chapter-4/index.html").read_text(encoding="utf-8")
    for frame in ('<header class="md-header', 'class="md-search"', 'ar-language-link', 'rel="stylesheet"'):
        assert frame in page and frame in current, frame
    assert 'href="../../../../fr/v/2026.1/4/"' in page   # the language switch leads to the same text
    assert '<link rel="canonical" href="http://127.0.0.1:8000/en/v/2026.1/4/">' in page
    assert '"version": "2026.1"' in page   # the copy button cites the release shown
    # The frame itself is no page of the site.
    assert not (site / "v/shell").exists() and "v/shell/" not in (site / "sitemap.xml").read_text(encoding="utf-8")


def test_a_rule_in_a_release_has_its_permalink(fixture_site):
    _, made, site = fixture_site
    assert (site / "v/2026.2/r").is_symlink() and (site / "v/2026.2/r").resolve() == (site / "v/2026.1/r").resolve()
    redirect = (site / "v/2026.2/r/4.2.4.a/index.html").read_text(encoding="utf-8")
    assert 'url=../../4/#4.2.4.a"' in redirect
    assert (site / f"v/2026.2/r/{made.added}/index.html").is_file() and (site / f"v/2026.1/r/{made.removed}/index.html").is_file()


def test_a_changed_rule_says_so_and_links_its_history(fixture_site):
    _, made, site = fixture_site
    def block(rule: str) -> str:
        chapter = (site / f"rules/chapter-{rule.split('.')[0]}/index.html").read_text(encoding="utf-8")
        return chapter.split(f'id="{rule}"')[1].split('<div class="ar-rule')[0]

    assert "Changed in 2026.2" in block(made.changed)
    assert f"history/chapter-{made.changed[0]}/#{made.changed}" in block(made.changed)
    assert "Added in 2026.2" in block(made.added) and "Changed in" not in block(made.added)
    # The changed paragraph, nothing else (but what editors changed since 2026.1, which 2026.2 records too).
    chapter = (site / f"rules/chapter-{made.changed[0]}/index.html").read_text(encoding="utf-8")
    labelled = {part.split('"', 1)[0] for part in chapter.split('<div class="ar-rule')
                for part in [part.split(' id="', 1)[-1]] if "Changed in 2026.2" in part}
    assert made.changed in labelled and labelled - {made.changed} <= {c.key for c in made.pending}, labelled
    old, new = made.renumbered   # the renumbered one says which number it had (issue 30)
    moved = (site / f"rules/chapter-{new[0]}/index.html").read_text(encoding="utf-8")
    assert f"Numbered {old} until release 2026.1" in moved.split(f'id="{new}"')[1].split('<div class="ar-rule')[0]
    history = (site / f"history/chapter-{made.changed[0]}/index.html").read_text(encoding="utf-8")
    assert f'id="{made.changed}"' in history and "<ins>" in history


def test_the_old_short_url_of_a_removed_paragraph_leads_to_its_last_text(fixture_site):
    _, made, site = fixture_site
    redirect = (site / f"r/{made.removed}/index.html").read_text(encoding="utf-8")
    chapter = made.removed.split(".")[0]
    assert f'url=../../v/2026.1/{chapter}/#{made.removed}"' in redirect
    last = (site / f"v/2026.1/{chapter}/index.html").read_text(encoding="utf-8").split(f'id="{made.removed}">')[1]
    last = last.split('<div class="ar-rule')[0]
    assert f"{made.removed} was removed in release 2026.2" in last and 'class="ar-rule__text"' in last
    old, new = made.renumbered
    renumbered = (site / f"v/2026.1/{old.split('.')[0]}/index.html").read_text(encoding="utf-8").split(f'id="{old}">')[1]
    assert f"is numbered {new} since release 2026.2" in renumbered.split('<div class="ar-rule')[0]


def test_a_link_to_an_unknown_release_fails_the_build_with_file_and_line(fixture_site, tmp_path):
    project, _, _ = fixture_site
    index = project / "docs" / "en" / "index.md"
    before = index.read_text(encoding="utf-8")
    try:
        index.write_text(before + "\nOld: [here](v/2025.9/r/4.2.4.a/).\n", encoding="utf-8")
        line = len(index.read_text(encoding="utf-8").splitlines())
        result = _build(project, tmp_path / "site")
    finally:
        index.write_text(before, encoding="utf-8")
    assert result.returncode != 0
    assert f"docs/en/index.md:{line}: link to release 2025.9, which releases.yaml does not declare; declared: 2026.1, 2026.2" \
        in result.stderr + result.stdout


@pytest.mark.parametrize("language, label", [
    ("en", "Release 2026.1 of 2026-11-25"), ("fr", "Version 2026.1 du 2026-11-25"), ("it", "Versione 2026.1 del 2026-11-25"),
])
def test_the_real_site_shows_its_release_in_each_language(site, language, label):
    """The real glossary: one release, so no rule says "changed in", and every page names 2026.1."""
    root = site / language
    for page in ("index.html", "rules/chapter-4/index.html", "releases/index.html", "releases/2026.1/index.html"):
        assert label in (root / page).read_text(encoding="utf-8"), page
    chapter = (root / "rules/chapter-4/index.html").read_text(encoding="utf-8")
    assert "ar-meta__changed" not in chapter
    assert (root / "v/2026.1/r/4.2.4.c/index.html").is_file()
    assert (root / "releases/feed.xml").read_text(encoding="utf-8").startswith('<?xml version="1.0" encoding="utf-8"?>')
