"""A pinned citation (3.1.c@2031.2: a rule the imported text removed, cited as the release that
held it had it) reads and links the same wherever a rule citation is shown: the rule pages, the
release pages (a change's texts, a release's versioned chapters), the search index (as text: a
result is itself a link) and the sandbox (its links and its pattern); escaped (issue 37). On the
invented game Lanternfall (base_glossary.py), imported as 1.0 then 2.0."""

from __future__ import annotations

import json
import re
import subprocess

from altered_rules.content.glossary import load_glossary
from altered_rules.pages.history import glossary_history
from altered_rules.pages.render import PageNotices, Renderer, link_rule_numbers, pinned_label
from altered_rules.pages.versions import VersionRenderer, version_pages
from altered_rules.site_assets.sandbox import pinned_labels, rule_links
from altered_rules.site_assets.search_index import paragraph_entry
from altered_rules.official.importing import run_import

from .test_pages import _imported
from .test_pinned import V2, _release

LINK = '<a class="ar-ref ar-ref--pinned" href="{href}">3.1.c (2031.2)</a>'


def _pinned(tmp_path):
    root, _page = _imported(tmp_path)
    run_import(V2, "lf-2.0", root, write=True)
    _release(root, "2031.3", "lf-2.0")
    return root, load_glossary(root)


def test_the_release_pages_link_a_pinned_number_as_the_rule_pages_do(tmp_path):
    root, glossary = _pinned(tmp_path)
    renderer = Renderer(glossary, "en")
    history = glossary_history(glossary)
    pages = {page.path: page.markdown for page in version_pages(glossary, history, "en", renderer)}
    release = pages["releases/2031.2.md"]
    # the ruling's change (2.5.a -> 2.5.a@2031.1, the import of 1.0 removed 2.5.a): the pinned number
    # is one unit of the difference, linked, never "2.5.a" then a raw "@2031.1"
    assert '2.5.a<ins>@2031.1</ins>' not in release
    assert '<ins><a class="ar-ref ar-ref--pinned" href="../../v/2031.1/r/2.5.a/">2.5.a (2031.1)</a></ins>' in release
    assert "@2031.1" not in re.sub(r"<[^>]+>", "", release)
    # the same helper on a rule page and on a release page: one link, from each page
    on_rule_page = renderer.inline(PageNotices(), "see 3.1.c@2031.2", "rulings.md")
    assert LINK.format(href="../v/2031.2/r/3.1.c/") in on_rule_page
    vr = VersionRenderer(glossary, history, "en", renderer)
    assert vr.plain(PageNotices(), "see 3.1.c@2031.2 & 1.2.b", vr.rule_links(PageNotices(), "rulings.md")) == (
        "see " + LINK.format(href="../v/2031.2/r/3.1.c/") + ' &amp; <a class="ar-ref" href="../rules/chapter-1/#1.2.b">1.2.b</a>')


def test_a_versioned_chapter_links_a_pinned_number_to_its_release(tmp_path):
    from altered_rules.content.glossary.releases import Entry
    from altered_rules.pages.versions import _versioned_text

    root, glossary = _pinned(tmp_path)
    vr = VersionRenderer(glossary, glossary_history(glossary), "en")
    entry = Entry("3.2.a", "paragraph", "chapter-3", (("text", {"en": "Unlike 3.1.c@2031.2, see 3.2.b <now>."}),))
    html = _versioned_text(vr, entry, {"3.2.a", "3.2.b"}, "", "v/2031.3/3.md")
    # from v/2031.3/3/: the pinned number to v/2031.2/r/3.1.c/, a number of the same release to its anchor
    assert LINK.format(href="../../2031.2/r/3.1.c/") in html
    assert '<a class="ar-ref" href="../3/#3.2.b">3.2.b</a> &lt;now&gt;.' in html


def test_the_search_index_reads_a_pinned_number_as_its_link_does(tmp_path):
    root, glossary = _pinned(tmp_path)
    paragraph = next(iter(glossary.paragraphs.values()))
    text = type(paragraph.text)({"en": "Unlike 3.1.c@2031.2 <b>then</b>."})
    entry = paragraph_entry(glossary, type(paragraph)(**{**paragraph.__dict__, "text": text}), "en", "1", "Lamps", [])
    assert entry["text"] == "Unlike 3.1.c (2031.2) &lt;b&gt;then&lt;/b&gt;."
    assert pinned_label("3.1.c", "2031.2") == "3.1.c (2031.2)"


def test_the_sandbox_links_a_pinned_number_and_its_script_finds_it(tmp_path):
    root, glossary = _pinned(tmp_path)
    links = rule_links(glossary, "en")
    # the ruling's pinned citation (2.5.a@2031.1, glossary.pinned): its link and its words
    assert links["2.5.a@2031.1"] == "../v/2031.1/r/2.5.a/"
    assert pinned_labels(glossary) == {"2.5.a@2031.1": "2.5.a (2031.1)"}
    # the script's pattern (render.ANY_REFERENCE, as JavaScript reads it) finds the pinned number whole
    from altered_rules.pages.render import ANY_REFERENCE

    script = (f"const r = new RegExp({json.dumps(ANY_REFERENCE.pattern)}, 'gu');"
              "console.log(JSON.stringify([...'see 3.1.c@2031.2, then 1.2.b.'.matchAll(r)]"
              ".map(m => m[1] ? m[1] + '@' + m[2] : m[3])));")
    found = subprocess.run(["node", "-e", script], capture_output=True, text=True, check=True).stdout
    assert json.loads(found) == ["3.1.c@2031.2", "1.2.b"]


def test_link_rule_numbers_gives_each_number_once(tmp_path):
    seen = []
    out = link_rule_numbers("3.1.c@2031.2 and 3.1.c", lambda rule, version: seen.append((rule, version)) or "X")
    assert out == "X and X" and seen == [("3.1.c", "2031.2"), ("3.1.c", None)]
