"""History, diffs, versioned permalinks and the feed, on FIXTURE releases (tests/release_fixtures.py)
made from a copy of the glossary: added, changed, translated, removed and renumbered entries."""

from __future__ import annotations

import json
import re
import shutil
import xml.etree.ElementTree as ET

import pytest

from altered_rules.cli.main import main
from altered_rules.content.glossary import load_glossary
from altered_rules.pages.history import ChangeKind, glossary_history, word_diff
from altered_rules.cli.release_cli import record_release
from altered_rules.pages.site_pages import pages
from altered_rules.pages.versions import (
    ShellError, VersionRenderer, atom_feed, check_versioned_links, removed_rule_redirects, version_pages,
    versioned_links, versioned_pages,
)

from project_paths import GLOSSARY
from release_fixtures import edits_only, make_fixture_releases

HOSTILE = '<img src=x onerror="alert(1)"> & </script>'


@pytest.fixture(scope="module")
def fixture(tmp_path_factory):
    """A glossary copy with FIXTURE releases 2026.2 (every kind of change) and 2026.3 (a hostile text)."""
    root = tmp_path_factory.mktemp("releases") / "glossary"
    shutil.copytree(GLOSSARY, root)
    rounds = make_fixture_releases(root, 1)
    # 2026.3 changes the English of a term the round left alone (it may be one a pending change touched:
    # 2026.2 recorded those), after its first word.
    hostile_term = next(path for path in sorted((root / "terms").glob("*.yaml"))
                        if f"term-{path.stem}" != rounds[0].translated and "\ntext:\n  en: >-\n" in path.read_text(encoding="utf-8"))
    hostile_term.write_text(re.sub(r"(\ntext:\n  en: >-\n    \S+)", rf"\g<1> {HOSTILE}", hostile_term.read_text(encoding="utf-8"), count=1),
                            encoding="utf-8")
    constructed = root / "rules" / "1" / "1.1.4.yaml"
    constructed.write_text(constructed.read_text(encoding="utf-8").replace(
        "en: In constructed play, a player", f"en: In constructed play {HOSTILE}, a player"), encoding="utf-8")
    # The English edits leave their translations stale (and round 2026.2's): recorded as they are.
    record_release(root, "2026.3", "2026-12-20", {"en": f"FIXTURE notes {HOSTILE}"}, git=False, allow_stale=True)
    glossary = load_glossary(root)
    return root, rounds[0], glossary, glossary_history(glossary)


def _change(history, version, key):
    diff = next(d for d in history.diffs if d.release.version == version)
    return next(c for c in diff.changes if c.key == key)


def test_each_kind_of_change_is_found_by_comparing_entries(fixture):
    _, made, _, history = fixture
    assert [r.version for r in history.releases] == ["2026.1", "2026.2", "2026.3"]
    assert _change(history, "2026.2", made.changed).kind is ChangeKind.CHANGED
    translated = _change(history, "2026.2", made.translated)
    assert translated.kind is ChangeKind.TRANSLATED and [f.languages for f in translated.fields] == [("it",)]
    assert _change(history, "2026.2", made.added).kind is ChangeKind.ADDED
    assert _change(history, "2026.2", made.removed).kind is ChangeKind.REMOVED
    old, new = made.renumbered
    renumbered = _change(history, "2026.2", new)
    assert renumbered.kind is ChangeKind.RENUMBERED and renumbered.renumbered_from == old and not renumbered.fields
    # The release records the pending changes too (content since 2026.1): besides them, the five edits exactly.
    edits = edits_only(history.diffs[1].changes, made.pending)
    assert old not in {c.key for c in history.diffs[1].changes}, "a renumbered paragraph is one change, not a removal and an addition"
    assert sorted((c.key, c.kind) for c in edits) == sorted([
        (made.changed, ChangeKind.CHANGED), (made.translated, ChangeKind.TRANSLATED), (made.added, ChangeKind.ADDED),
        (made.removed, ChangeKind.REMOVED), (new, ChangeKind.RENUMBERED)])
    assert not history.unreleased


def test_the_first_release_shows_the_editors_corrections_as_its_changes(fixture):
    _, made, glossary, history = fixture
    first = history.diffs[0]
    assert first.previous is None and first.changes
    assert all(c.kind is ChangeKind.CORRECTED and c.corrections for c in first.changes)
    old, new = made.renumbered   # the paragraph the fixture renumbered has its old number in 2026.1
    corrected = {old if p.id == new else p.id for p in glossary.paragraphs.values() if p.corrections or any(n.corrections for n in p.notes)}
    assert corrected <= {c.key for c in first.changes}


def test_changed_since_first_release_and_newer_texts(fixture):
    _, made, _, history = fixture
    release, change = history.changed_since_first(made.changed)
    assert release.version == "2026.2" and change.kind is ChangeKind.CHANGED
    assert history.changed_since_first(made.unchanged) is None   # only its first release
    assert history.newer("2026.1", made.changed)[0].version == "2026.2"
    assert history.newer("2026.2", made.changed) is None
    assert history.last_release_with(made.removed).version == "2026.1"


@pytest.mark.parametrize("old, new", [
    ("There is one daily effect during dusk.", "There is exactly one daily effect during dusk."),
    ("abilitys", "abilities"), ("", "new text"), ("old text", ""), ("a  b\nc", "a b c d"),
])
def test_word_diff_rebuilds_both_texts(old, new):
    segments = word_diff(old, new)
    assert "".join(t for op, t in segments if op != "+") == old
    assert "".join(t for op, t in segments if op != "-") == new


def test_word_diff_marks_words_not_lines():
    segments = word_diff("There is one daily effect.", "There is exactly one daily effect.")
    assert [(op, text.strip()) for op, text in segments if op != "="] == [("+", "exactly")]


def _page(glossary, history, language, path):
    return next(p for p in version_pages(glossary, history, language) if p.path == path).markdown


def test_the_release_page_groups_changes_by_chapter_with_word_differences(fixture):
    _, made, glossary, history = fixture
    en = _page(glossary, history, "en", "releases/2026.2.md")
    assert en.index("{ #chapter-1 }") < en.index("{ #terms }")
    assert re.search(r"<ins>FIXTURE-2026\.2 ?</ins>", en)
    old, new = made.renumbered
    chapter = new.split(".")[0]   # the chapter that holds the rule now
    assert f'<span class="ar-change__was">{old}</span> → <a href="../../rules/chapter-{chapter}/#{new}">{new}</a>' in en
    assert "renumbered · renumbered" not in en
    fr = _page(glossary, history, "fr", "releases/2026.2.md")
    assert re.search(r"<ins>FIXTURE-2026\.2 ?</ins>", fr) and "traduction modifiée" in fr and "Modifications" not in fr.split("\n")[0]
    it = _page(glossary, history, "it", "releases/2026.2.md")
    assert f'{made.renumbered[0]}</span> → ' in it and "rinumerato" in it and "aggiunto" in it and "rimosso" in it


def test_a_history_page_lists_each_change_of_an_entry(fixture):
    _, made, glossary, history = fixture
    # Each on its own chapter's page: which paragraphs the fixture picks depends on the content.
    page = _page(glossary, history, "en", f"history/chapter-{made.changed.split('.')[0]}.md")
    assert f"{{ #{made.changed} }}" in page
    block = page.split(f"{{ #{made.changed} }}")[1].split("\n## ")[0]
    assert "2026.2" in block and "changed" in block
    chapter = made.removed.split(".")[0]
    page = _page(glossary, history, "en", f"history/chapter-{chapter}.md")
    assert f"{{ #{made.removed} }}" in page
    removed = page.split(f"{{ #{made.removed} }}")[1].split("\n## ")[0]
    assert "removed" in removed and f"v/2026.1/{chapter}/#{made.removed}" in removed   # its last text


def test_text_from_yaml_is_escaped_in_every_page(fixture):
    _, _, glossary, history = fixture
    release = _page(glossary, history, "en", "releases/2026.3.md")
    assert "<img" not in release and "&lt;img src=x onerror=" in release
    assert "</script>" not in release and "&lt;/script&gt;" in release
    index = _page(glossary, history, "en", "releases/index.md")
    assert "<img" not in index and "&lt;img" in index
    feed = atom_feed(glossary, history, "en", "https://example.org/en/")
    assert "<img" not in feed
    parsed = ET.fromstring(feed.encode())
    content = parsed.find("{http://www.w3.org/2005/Atom}entry/{http://www.w3.org/2005/Atom}content").text
    assert "&lt;img" in content   # escaped once more inside the HTML the feed carries


def test_a_rule_page_says_changed_in_only_after_the_first_release(fixture):
    _, made, glossary, history = fixture
    changed = VersionRenderer(glossary, history, "fr").changed_in()
    assert made.changed in changed and made.unchanged not in changed
    chapter = next(p for p in pages(glossary, "fr", None, changed) if p.path == f"rules/chapter-{made.changed[0]}.md")
    block = chapter.markdown.split(f'id="{made.changed}"')[1].split('<div class="ar-rule')[0]
    assert "Modification\u00a0: version 2026.2" in block and f"history/chapter-{made.changed[0]}/#{made.changed}" in block
    plain = next(p for p in pages(glossary, "fr", None) if p.path == chapter.path)
    assert "Modification\u00a0: version" not in plain.markdown


# The frame MkDocs draws for versions.SHELL_PAGE, cut down to what versioned_pages needs of it.
SHELL = ('<html><head><link rel="canonical" href="https://example.org/en/v/shell/page/"><title>x</title>'
         '<script id="ar-release" type="application/json">{"version": "2026.3", "unreleased": false, "prefix": "v", '
         '"cite": "Altered Rules, release 2026.3"}</script></head><body><header>site</header>'
         '<article class="md-content__inner md-typeset"><div id="ar-versioned-shell"></div></article><footer>f</footer></body></html>')


def _rule_block(page: str, rule: str) -> str:
    return page.split(f'id="{rule}">')[1].split('<div class="ar-rule')[0].split("<h2")[0]


def test_a_chapter_in_a_release_says_which_rules_have_a_newer_text(fixture):
    _, made, glossary, history = fixture
    files = versioned_pages(glossary, history, "en", SHELL)
    chapter = made.changed.split(".")[0]
    old = files[f"v/2026.1/{chapter}/index.html"]
    # In the site's frame, which names the page's own URL, and cites the release the page shows.
    assert old.startswith('<html><head><link rel="canonical" href="https://example.org/en/v/2026.1/' + chapter + '/">')
    assert "<header>site</header>" in old and old.endswith("</article><footer>f</footer></body></html>")
    assert '"version": "2026.1"' in old and '"version": "2026.3"' not in old
    assert 'id="ar-versioned-shell"' not in old
    block = _rule_block(old, made.changed)
    assert "A newer text exists: it changed in release 2026.2." in block and "ar-version-banner--newer" in block
    assert f'href="../../../r/{made.changed}/"' in block and "FIXTURE-2026.2" not in block
    assert "A newer text exists: it changed in release 2026.2." in old.split("<h1")[0]   # the page's banner
    # A chapter no later release changed says so: one the last round (2026.3) leaves alone, on its page
    # of 2026.2. Not of 2026.1: 2026.2 records every change editors made since, which may touch every
    # chapter (the real glossary's pending changes).
    touched = {c.group for d in history.diffs[2:] for c in d.changes}   # 2026.3
    quiet = next(c.number for c in glossary.chapters if f"chapter-{c.number}" not in touched)
    assert f"The text of Chapter {quiet} in release 2026.2; the latest release, 2026.3, has the same text." in \
        files[f"v/2026.2/{quiet}/index.html"].split("<h1")[0]
    latest = files[f"v/2026.3/{chapter}/index.html"]
    assert "FIXTURE-2026.2" in _rule_block(latest, made.changed)
    assert "the latest release" in latest.split("<h1")[0] and "ar-version-banner--newer" not in latest.split("<h1")[0]
    assert "ar-version-banner--quiet" in _rule_block(latest, made.changed)
    # A paragraph that no release after changed says so, to the reader a citation brings to it.
    assert "The text of 4.2.4.c in release 2026.1; the latest release, 2026.3, has the same text." in \
        _rule_block(files["v/2026.1/4/index.html"], "4.2.4.c")
    removed = _rule_block(files[f"v/2026.1/{made.removed.split('.')[0]}/index.html"], made.removed)
    assert f"{made.removed} was removed in release 2026.2. This is its last text, from release 2026.1." in removed
    was, now = made.renumbered
    assert f"{was} is numbered {now} since release 2026.2" in _rule_block(files[f"v/2026.1/{was.split('.')[0]}/index.html"], was)
    assert f'id="{made.removed}"' not in files[f"v/2026.2/{made.removed.split('.')[0]}/index.html"]
    # Every rule any release holds has one redirect, in the first release, shared by the others.
    assert 'url=../../4/#4.2.4.c"' in files["v/2026.1/r/4.2.4.c/index.html"]
    assert f"v/2026.1/r/{made.removed}/index.html" in files and f"v/2026.1/r/{made.added}/index.html" in files
    assert not any(re.match(r"v/(?!2026\.1/)[^/]+/r/", path) for path in files)
    assert versioned_links(history) == {"v/2026.2/r": "../2026.1/r", "v/2026.3/r": "../2026.1/r"}
    # The old short URLs of the removed and renumbered paragraphs lead to their last text.
    redirects = removed_rule_redirects(history)
    assert redirects[made.removed] == f"v/2026.1/{made.removed.split('.')[0]}/#{made.removed}"
    assert redirects[was] == f"v/2026.1/{was.split('.')[0]}/#{was}"
    assert made.changed not in redirects


def test_a_chapter_in_a_release_escapes_the_text_and_says_it_in_each_language(fixture):
    _, _, glossary, history = fixture
    for language, latest, same in (("en", "the latest release", "has the same text"),
                                   ("fr", "la plus récente", "a le même texte"), ("it", "la più recente", "ha lo stesso testo")):
        files = versioned_pages(glossary, history, language, SHELL)
        page = files["v/2026.3/1/index.html"]
        assert "<img" not in page
        if language == "en":   # the hostile text is in the English only
            assert "&lt;img src=x onerror=\"alert(1)\"&gt; &amp; &lt;/script&gt;" in page
        assert latest in page.split("<h1")[0]
        assert same in _rule_block(files["v/2026.1/4/index.html"], "4.2.4.c")
        # A remark is labelled as on the rule page, in the page's language, starting its sentence.
        remark = {"en": "Remark 1.", "fr": "Remarque 1.", "it": "Nota 1."}[language]
        assert f"<strong>{remark}</strong>" in _rule_block(files["v/2026.1/4/index.html"], "4.2.4.g")
    with pytest.raises(ShellError, match="no <title>"):
        versioned_pages(glossary, history, "en", "<html><body>no frame</body></html>")


def test_the_feed_is_atom_with_stable_dates(fixture):
    _, _, glossary, history = fixture
    feed = atom_feed(glossary, history, "it", "https://example.org/it/")
    assert feed == atom_feed(glossary, history, "it", "https://example.org/it/")
    root = ET.fromstring(feed.encode())
    atom = "{http://www.w3.org/2005/Atom}"
    assert root.tag == f"{atom}feed" and root.find(f"{atom}updated").text == "2026-12-20T00:00:00Z"
    entries = root.findall(f"{atom}entry")
    assert [e.find(f"{atom}title").text for e in entries] == ["Versione 2026.3", "Versione 2026.2", "Versione 2026.1"]
    for entry in entries:   # what RFC 4287 requires of an entry
        assert entry.find(f"{atom}id").text.startswith("https://example.org/it/releases/")
        assert re.fullmatch(r"\d{4}-\d\d-\d\dT00:00:00Z", entry.find(f"{atom}updated").text)
        assert entry.find(f"{atom}link").get("rel") == "alternate"
    assert root.find(f"{atom}author/{atom}name").text


def test_diff_command_prints_the_changes_and_json(fixture, capsys):
    root, made, _, _ = fixture
    assert main(["diff", "2026.1", "2026.2", "--glossary", str(root)]) == 0
    out = capsys.readouterr().out
    assert out.startswith(f"{5 + len(made.pending)} change(s) from 2026.1 to 2026.2")
    assert re.search(rf"^{re.escape(made.changed)} changed$", out, re.M) and "{+FIXTURE-2026.2 +}" in out
    assert f"{made.renumbered[0]} → {made.renumbered[1]} renumbered\n" in out
    assert main(["diff", "2026.1", "2026.2", "--json", "--glossary", str(root)]) == 0
    data = json.loads(capsys.readouterr().out)
    kinds = {c["key"]: c["kind"] for c in data["changes"]}
    assert kinds == {**{c.key: c.kind.value for c in made.pending}, made.changed: "changed", made.translated: "translated",
                     made.added: "added", made.removed: "removed", made.renumbered[1]: "renumbered"}
    assert kinds[made.translated] == "translated" and kinds[made.removed] == "removed"
    translated = next(c for c in data["changes"] if c["key"] == made.translated)
    assert list(translated["fields"][0]["languages"]) == ["it"]
    assert main(["diff", "2026.1", "2027.9", "--glossary", str(root)]) == 2
    assert "unknown release '2027.9'; known: 2026.1, 2026.2, 2026.3, current" in capsys.readouterr().err


def test_links_to_an_unknown_release_are_reported_with_file_and_line(fixture):
    _, made, _, history = fixture
    text = ("Intro, and `v/2024.1/r/1.1/` as code, not a link\n\nSee [the old text](v/2026.1/r/4.2.4.a/).\n"
            "And [this](../v/2025.9/r/4.2.4.a/) and [that](v/2026.2/r/9.9.9.z/).\n"
            '<a href="v/2019.1/r/4.2.4.a/">html</a>\n[ref]: ./v/2026.1/r/9.9.9.y/\n')
    problems = check_versioned_links(text, "docs/en/index.md", history)
    assert problems == [
        "docs/en/index.md:4: link to release 2025.9, which releases.yaml does not declare; declared: 2026.1, 2026.2, 2026.3",
        "docs/en/index.md:4: link to rule 9.9.9.z in release 2026.2, which that release does not hold",
        "docs/en/index.md:5: link to release 2019.1, which releases.yaml does not declare; declared: 2026.1, 2026.2, 2026.3",
        "docs/en/index.md:6: link to rule 9.9.9.y in release 2026.1, which that release does not hold",
    ]


def test_a_release_shows_the_shared_redirects_by_a_link_or_else_a_copy(tmp_path, monkeypatch):
    from altered_rules.pages import release_cycle

    (tmp_path / "v/2026.1/r/4.2.4.c").mkdir(parents=True)
    (tmp_path / "v/2026.1/r/4.2.4.c/index.html").write_text("redirect", encoding="utf-8")
    release_cycle.link(tmp_path, "v/2026.3/r", "../2026.1/r")
    release_cycle.link(tmp_path, "v/2026.3/r", "../2026.1/r")   # again, as a --dirty build does
    assert (tmp_path / "v/2026.3/r").is_symlink()
    assert (tmp_path / "v/2026.3/r/4.2.4.c/index.html").read_text(encoding="utf-8") == "redirect"

    def no_symlinks(*args, **kwargs):
        raise OSError("symbolic links are not supported here")

    monkeypatch.setattr(release_cycle.os, "symlink", no_symlinks)
    release_cycle.link(tmp_path, "v/2026.2/r", "../2026.1/r")
    assert not (tmp_path / "v/2026.2/r").is_symlink()
    assert (tmp_path / "v/2026.2/r/4.2.4.c/index.html").read_text(encoding="utf-8") == "redirect"


# ---- History as data (issue 41): changed_in in the export, releases.json and a diff per release --

def _validator(schema: dict):
    import jsonschema

    return jsonschema.Draft202012Validator(schema, format_checker=jsonschema.Draft202012Validator.FORMAT_CHECKER)


def test_the_export_says_the_release_each_entry_last_changed_in(fixture):
    from altered_rules.pages.versions import release_stamp
    from altered_rules.site_assets.export import SCHEMA, export_glossary

    root, made, glossary, history = fixture
    data = export_glossary(glossary, "fr", None, release_stamp(history))
    _validator(SCHEMA).validate(data)
    paragraphs = {p["id"]: p for c in data["chapters"] for s in c["sections"] for p in s["paragraphs"]}
    hostile = next(p for p in glossary.paragraphs.values() if HOSTILE in p.text.get("en"))
    assert paragraphs[made.unchanged]["changed_in"] == "2026.1"   # as first released
    assert paragraphs[made.changed]["changed_in"] == paragraphs[made.added]["changed_in"] == "2026.2"
    assert paragraphs[made.renumbered[1]]["changed_in"] == "2026.2"
    assert paragraphs[made.renumbered[1]]["renumbered_from"] == [{"number": made.renumbered[0], "until": "2026.1"}]
    assert paragraphs[hostile.id]["changed_in"] == "2026.3"
    terms = {t["id"]: t["changed_in"] for t in data["terms"]}
    hostile_term = next(t.id for t in glossary.terms if t.text and HOSTILE in t.text.get("en"))
    assert terms[hostile_term] == "2026.3" and terms[made.translated.removeprefix("term-")] == "2026.2"
    assert {m["changed_in"] for m in data["game_modes"]} <= {"2026.1", "2026.2", "2026.3"}


def test_an_entry_added_since_the_latest_release_changed_in_none(fixture):
    from dataclasses import replace

    from altered_rules.content.glossary.releases import Snapshot
    from altered_rules.pages.history import build_history

    _, made, _, history = fixture
    entries = dict(history.current.entries)
    entries["9.9.z"] = replace(entries[made.unchanged], key="9.9.z",
                               fields=(("text", {"en": "FIXTURE a rule added after the latest release; not rules text."}),))
    later = build_history(history.releases, history.snapshots, Snapshot("current", history.current.chapters, entries))
    changed_in = later.changed_in()
    assert "9.9.z" not in changed_in and changed_in[made.unchanged] == "2026.1"


def _site_files(history, tmp_path, language: str):
    from altered_rules.site_assets.release_export import release_files

    site = tmp_path / language
    for relative, text in release_files(history, language).items():
        (site / relative).parent.mkdir(parents=True, exist_ok=True)
        (site / relative).write_text(text, encoding="utf-8")
    return site / "export"


@pytest.mark.parametrize("language", ["en", "fr", "it"])
def test_releases_json_and_each_diff_validate_against_their_published_schemas(fixture, tmp_path, language):
    _, made, _, history = fixture
    export = _site_files(history, tmp_path, language)
    releases = json.loads((export / "releases.json").read_text(encoding="utf-8"))
    _validator(json.loads((export / releases["$schema"]).read_text(encoding="utf-8"))).validate(releases)
    assert [r["version"] for r in releases["releases"]] == ["2026.1", "2026.2", "2026.3"]
    assert [r["previous"] for r in releases["releases"]] == [None, "2026.1", "2026.2"]
    second = releases["releases"][1]
    assert second["notes"] == made.notes[language]   # in the site's language
    assert made.changed in second["changes"]["changed"] and made.added in second["changes"]["added"]
    assert made.removed in second["changes"]["removed"] and made.translated in second["changes"]["translated"]
    assert second["renumbered_from"][made.renumbered[1]] == made.renumbered[0]
    diff_schema = None
    for release in releases["releases"]:
        path = export / release["diff"]
        diff = json.loads(path.read_text(encoding="utf-8"))
        diff_schema = diff_schema or json.loads((path.parent / diff["$schema"]).read_text(encoding="utf-8"))
        _validator(diff_schema).validate(diff)
        assert (diff["to"], diff["from"], diff["count"]) == (release["version"], release["previous"], release["count"])
        assert sorted(c["key"] for c in diff["changes"]) == sorted(k for keys in release["changes"].values() for k in keys)


def test_a_tool_answers_what_changed_in_the_last_release_from_the_files_alone(fixture, tmp_path):
    """Release 2026.3 changed the English of a term and of one rule of 1.1.4 (the fixture's own
    edits): a tool that reads only export/releases.json and the diff it names finds exactly that,
    with the texts before and after."""
    _, _, glossary, history = fixture
    hostile = next(p.id for p in glossary.paragraphs.values() if HOSTILE in p.text.get("en"))
    term = "term-" + next(t.id for t in glossary.terms if t.text and HOSTILE in t.text.get("en"))
    export = _site_files(history, tmp_path, "it")
    del glossary, history   # from here on, the files only

    releases = json.loads((export / "releases.json").read_text(encoding="utf-8"))
    last = next(r for r in releases["releases"] if r["version"] == releases["latest"])
    diff = json.loads((export / last["diff"]).read_text(encoding="utf-8"))
    changed = {(c["key"], c["kind"]) for c in diff["changes"]}
    assert (last["version"], last["date"]) == ("2026.3", "2026-12-20")
    assert changed == {(term, "changed"), (hostile, "changed")}
    assert {kind: sorted(keys) for kind, keys in last["changes"].items() if keys} == {"changed": sorted([hostile, term])}
    changed_term = next(c for c in diff["changes"] if c["key"] == term)
    text = next(f for f in changed_term["fields"] if f["field"] == "text")["languages"]["en"]
    assert HOSTILE not in text["old"] and HOSTILE in text["new"] and ["+", f" {HOSTILE}"] in text["diff"]
