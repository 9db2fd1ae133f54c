"""Verified scenarios skip Markdown and the search index (mkdocs_plugin/deferred.py): the
finished pages hold every one of them, whole, and no placeholder is left behind."""

from __future__ import annotations

import json

from altered_rules.mkdocs_plugin.deferred import defer, restore
from altered_rules.pages.site_pages import pages
from altered_rules.verification.checks import CheckKind, verify_glossary


def test_deferring_takes_out_every_verified_block_and_restoring_gives_the_same_text(glossary):
    verification = verify_glossary(glossary)
    deferred = 0
    for page in pages(glossary, "en", verification):
        markdown, blocks = defer(page.markdown)
        # Every verified block is deferred, each leaves one placeholder, and none is left in Markdown.
        assert len(blocks) == page.markdown.count('<details class="ar-verified"'), page.path
        assert markdown.count("<!--ar-deferred-") == len(blocks), page.path
        assert '<details class="ar-verified"' not in markdown, page.path
        assert restore(markdown, blocks) == page.markdown, page.path
        deferred += len(blocks)
    # The deferral did match: every verified example and illustration of the glossary went through it.
    assert deferred == len([c for c in verification.checks if c.passed]) > 0


def test_deferring_takes_a_block_from_its_opening_tag_to_the_first_end_of_details():
    """What the regex `<details class="ar-verified"[^>]*>.*?</details>\\n` took, defer takes (it
    finds the block's ends with str.find): a block whole, each in turn; an opening tag left open or
    a block never ended stays in the Markdown as it is."""
    block = '<details class="ar-verified" id="a"><summary>x</summary>\n<pre>a &lt;/details&gt;</pre>\n</details>\n'
    other = block.replace('id="a"', 'id="b"')
    text = f"# T\n\n{block}between\n{other}end\n"
    markdown, blocks = defer(text)
    assert markdown == "# T\n\n<!--ar-deferred-0-->\nbetween\n<!--ar-deferred-1-->\nend\n"
    assert blocks == [block, other] and restore(markdown, blocks) == text
    for kept in ('<details class="ar-verified" id="x">no end</details>', '<details class="ar-verified" never closed',
                 "plain text", ""):
        assert defer(kept) == (kept, [])
    # From the first opening tag to the first end after it, as the regex took (render.py nests none).
    markdown, blocks = defer('<details class="ar-verified" open>\n' + block + "after\n")
    assert markdown == "<!--ar-deferred-0-->\nafter\n" and blocks == ['<details class="ar-verified" open>\n' + block]


def test_every_verified_scenario_is_in_the_built_pages_and_no_placeholder(site, glossary):
    verification = verify_glossary(glossary)
    for language in ("en", "fr", "it"):
        html = "".join(p.read_text(encoding="utf-8") for p in (site / language).rglob("*.html"))
        assert "<!--ar-deferred-" not in html
        for check in verification.checks:
            anchor = check.anchor if check.kind is CheckKind.ILLUSTRATION else f"{check.anchor}-check"
            # The check's anchor on its wrapper, which also holds "Open in the sandbox" (issue 40).
            assert f'<div class="ar-check" id="{anchor}"><details class="ar-verified">' in html, (language, anchor)


def test_the_search_index_holds_no_scenario_or_trace(site):
    for language in ("en", "fr", "it"):
        index = json.loads((site / language / "search/search_index.json").read_text(encoding="utf-8"))
        text = " ".join(doc["text"] for doc in index["docs"] if doc["location"].startswith(("rules/", "modes/")))
        assert "Alice" in text  # rules and game-mode pages are indexed
        assert "ar-scenario" not in text and "ar-trace" not in text and "given:" not in text
