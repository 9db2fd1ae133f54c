"""Issue 23: release snapshots (glossary/releases/*.json.gz) are linted like every glossary file,
and no page path made from data leaves the site.

A hostile snapshot once made the build write `index.html` outside site/ (a chapter key
`../../../../tmp/x/index`), lint said nothing and the build exited 0; a snapshot nested 200,000
deep crashed the loader. Each is now refused by `altered-rules lint`, naming the file and the
entry; and the page paths themselves pass one check (site_paths.site_path) however they were made.
"""

from __future__ import annotations

import gzip
import json
import os
from pathlib import Path

import pytest

from altered_rules.content.glossary.releases import MAX_SNAPSHOT_DEPTH
from altered_rules.pages.release_cycle import link, write
from altered_rules.pages.versions import history_page, release_page, versioned_chapter_path, versioned_path
from altered_rules.pages.render import Page, mode_page
from altered_rules.site_paths import SitePathError, site_file, site_path

from guards import failing_lint

SNAPSHOT = "releases/2026.1.json.gz"




def _edit(root: Path, change) -> None:
    path = root / SNAPSHOT
    data = json.loads(gzip.decompress(path.read_bytes()))
    change(data)
    path.write_bytes(gzip.compress(json.dumps(data).encode(), mtime=0))


def _entry(data: dict, key: str) -> dict:
    return next(e for e in data["entries"] if e["k"] == key)


def test_a_chapter_key_that_is_a_path_is_refused_by_lint(glossary_copy, capsys):
    _edit(glossary_copy, lambda d: d["chapters"].__setitem__("../../../../tmp/x/index", {"en": "Out"}))
    err = failing_lint(glossary_copy, capsys)
    assert f"{SNAPSHOT}: release snapshot: chapters: the chapter number '../../../../tmp/x/index' is not allowed" in err


def test_a_group_that_is_a_path_is_refused_by_lint(glossary_copy, capsys):
    _edit(glossary_copy, lambda d: _entry(d, "4.2.4.c").__setitem__("g", "chapter-../../../x"))
    err = failing_lint(glossary_copy, capsys)
    assert "entry 4.2.4.c.g: group 'chapter-../../../x' is not allowed; allowed: chapter-1," in err


def test_an_entry_key_that_is_a_path_is_refused_by_lint(glossary_copy, capsys):
    _edit(glossary_copy, lambda d: _entry(d, "4.2.4.c").__setitem__("k", "4.2.4.c/../../../../x"))
    err = failing_lint(glossary_copy, capsys)
    assert "entries[" in err and ".k: the key '4.2.4.c/../../../../x' is not allowed" in err


@pytest.mark.parametrize("change, message", [
    (lambda d: d.__setitem__("extra", 1), "the file: unknown key 'extra'"),
    (lambda d: _entry(d, "4.2.4.c").__setitem__("t", "script"), "entry 4.2.4.c.t: kind 'script' is not allowed"),
    (lambda d: _entry(d, "4.2.4.c")["f"].append(["__class__", {"en": "x"}]), "the field name '__class__' is not allowed"),
    (lambda d: _entry(d, "4.2.4.c")["f"].append(["text", {"xx": "x"}]), "unknown language 'xx'"),
    (lambda d: _entry(d, "4.2.4.c")["f"].append(["text", {"en": 5}]), "entry 4.2.4.c.text.en: must be text"),
    (lambda d: _entry(d, "4.2.4.c")["f"].append(["remark.1", {"en": "a\x1b[2Jb"}]),
     "entry 4.2.4.c.remark.1.en: the character U+001B (ESC, a control character)"),
    (lambda d: _entry(d, "4.2.4.c")["f"].append(["remark.1", {"en": "a\x85b"}]), "the character U+0085 (NEL"),
    (lambda d: d["entries"].append(dict(_entry(d, "4.2.4.c"))), "entry 4.2.4.c: the key is listed twice"),
    (lambda d: _entry(d, "4.2.4.c").__setitem__("w", "../x"), "entry 4.2.4.c.w: 'was' '../x' is not allowed"),
])
def test_a_snapshot_is_checked_against_its_schema(glossary_copy, capsys, change, message):
    _edit(glossary_copy, change)
    assert message in failing_lint(glossary_copy, capsys)


def test_a_snapshot_nested_200000_deep_is_refused_quickly(glossary_copy, capsys):
    deep = "[" * 200_000 + "]" * 200_000
    text = json.dumps({"format": 1, "version": "2026.1", "chapters": {}, "entries": []})[:-1] + f', "x": {deep}}}'
    (glossary_copy / SNAPSHOT).write_bytes(gzip.compress(text.encode(), mtime=0))
    err = failing_lint(glossary_copy, capsys)
    assert f"{SNAPSHOT}: release snapshot: lists and objects are nested more than {MAX_SNAPSHOT_DEPTH} deep" in err


@pytest.mark.parametrize("path", ["../x.md", "rules/../../x.md", "/etc/x.md", "a//b.md", ".hidden/x.md", "a\\..\\b.md",
                                  "x\n.md", "history/chapter-../../x.md", ""])
def test_a_page_path_that_could_leave_the_site_is_refused(path):
    with pytest.raises(SitePathError, match="is not allowed"):
        site_path(path)


def test_every_page_path_made_from_data_passes_the_check():
    assert site_path("v/2026.1/r/4.2.4.c/") == "v/2026.1/r/4.2.4.c/"
    for make in (lambda: history_page("chapter-../../../../tmp/x/index"), lambda: release_page("../x"),
                 lambda: versioned_path("2026.1", "../../x"), lambda: versioned_chapter_path("2026.1", ".."),
                 lambda: mode_page("../x"), lambda: Page("../../index.md", "x", "")):
        with pytest.raises(SitePathError):
            make()


def test_the_build_writes_nothing_outside_site(tmp_path):
    site = tmp_path / "site"
    site.mkdir()
    with pytest.raises(SitePathError, match="is not allowed"):
        write(site, "../outside/index.html", "x")
    with pytest.raises(SitePathError, match="outside the site folder"):
        link(site, "v/2026.2/r", "../../../../outside")
    (site / "escape").symlink_to(tmp_path)   # a folder of site/ that is a link out of it
    with pytest.raises(SitePathError, match="outside the site folder"):
        site_file(str(site), "escape/index.html")
    assert sorted(os.listdir(tmp_path)) == ["site"]
