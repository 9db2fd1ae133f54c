"""The hand-written pages in a real build: their rule numbers are links, and a number the
glossary lacks stops the build with the page's file and line."""

from __future__ import annotations

import re
import shutil

from test_build import _build_copy, _project_copy

from project_paths import PROJECT


def test_the_rule_numbers_of_a_hand_written_page_are_links_in_every_language(site):
    for language, word in (("en", "rule"), ("fr", "règle"), ("it", "regola")):
        page = (site / language / "scenarios/index.html").read_text(encoding="utf-8")
        assert f'{word} <a class="ar-ref" href="../rules/chapter-7/#7.3.3.b">7.3.3.b</a>' in page
        assert f'{word} <a class="ar-ref" href="../rules/chapter-4/#4.3">4.3</a>' in page
        assert "<code>rules: [4.3, 2.1.e]</code>" in page   # code stays code


def test_an_unknown_rule_in_a_hand_written_page_fails_the_build_with_file_and_line(tmp_path):
    copy = _project_copy(tmp_path)
    # The sandbox's runtime from this checkout's node_modules (its engine's bytecode compiled once
    # for the run): the build fails on the French page after building the English site whole.
    shutil.copy(PROJECT / "package.json", copy / "package.json")
    (copy / "node_modules").symlink_to(PROJECT / "node_modules")
    path = copy / "docs/fr/scenarios.md"
    lines = path.read_text(encoding="utf-8").split("\n")
    lines.insert(5, "Voir la règle 7.3.3.q.")
    path.write_text("\n".join(lines), encoding="utf-8")
    result = _build_copy(copy)
    output = result.stdout + result.stderr
    assert result.returncode != 0
    assert ("1 problem(s) in docs/fr/scenarios.md:\n  docs/fr/scenarios.md:6: reference to rule 7.3.3.q, which does not "
            "exist in the glossary; rules nearby: 7.3.3.a, 7.3.3.b (a number that is not a rule goes in `code`)\n") in output
    assert "Traceback" not in output


def test_the_security_page_is_in_every_language_and_its_navigation(site):
    for language, anchor, title in (("en", "security", "Security"), ("fr", "securite", "Sécurité"), ("it", "sicurezza", "Sicurezza")):
        page = (site / language / "security/index.html").read_text(encoding="utf-8")
        assert f'<h1 id="{anchor}">{title}<a class="headerlink"' in page
        home = (site / language / "index.html").read_text(encoding="utf-8")
        assert 'href="security/"' in home   # in the navigation of every page
        for target in ("../editing/", "../scenarios/", "../sandbox/"):
            assert f'href="{target}"' in page


def test_every_code_block_of_a_hand_written_page_is_a_block_even_inside_a_list(site):
    """A fenced block indented under a list item (the editors' worked example) is a <pre> block,
    not a code span holding the fence's language word (what MkDocs's fenced_code made of it)."""
    fences = 0
    for language in ("en", "fr", "it"):
        for page in ("editing", "scenarios"):
            html = (site / language / page / "index.html").read_text(encoding="utf-8")
            assert not re.search(r"<code>(?:yaml|python|text)\n", html), f"{language}/{page}: a fence shown as a code span"
            assert "```" not in html, f"{language}/{page}: a fence left as text"
            fences += html.count('<pre class="highlight"><code class="language-')
    assert fences >= 30
    worked = (site / "en/editing/index.html").read_text(encoding="utf-8")
    example = worked[worked.index('id="adding-a-scenario-path"'):]
    assert re.search(r"<li>\s*<p><strong>Its tests</strong>.*?<pre class=\"highlight\"><code class=\"language-yaml\">- name: "
                     r"Putting a character in the Reserve", example, re.DOTALL)
