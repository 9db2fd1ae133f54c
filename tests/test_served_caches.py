"""A serve session's kept work (pages/served_pages.py, issue 29). The compiled templates: MkDocs
makes a new Jinja environment for every rebuild; the session compiles a template only when its
source or the environment's syntax changed. The search entries: Material's search makes a new
index every rebuild; a page is parsed again only when what the search reads of it changed."""

from __future__ import annotations

from types import SimpleNamespace

import jinja2
import pytest
from material.plugins.search.plugin import SearchIndex

from altered_rules.pages.served_pages import CompiledTemplates, SearchEntries


def _environment(templates: CompiledTemplates, sources: dict[str, str], **options) -> jinja2.Environment:
    """What MkDocs does at each rebuild: a new environment over the same files."""
    return jinja2.Environment(loader=jinja2.DictLoader(sources), auto_reload=False, bytecode_cache=templates, **options)


def test_an_unchanged_template_is_not_compiled_again_in_a_new_environment():
    templates = CompiledTemplates()
    sources = {"page.html": "<p>{{ title }}</p>"}
    assert _environment(templates, sources).get_template("page.html").render(title="A") == "<p>A</p>"
    assert templates.compiled == 1
    assert _environment(templates, sources).get_template("page.html").render(title="B") == "<p>B</p>"
    assert templates.compiled == 1


def test_an_edited_template_is_compiled_again_and_draws_its_new_source():
    templates = CompiledTemplates()
    sources = {"page.html": "<p>{{ title }}</p>"}
    _environment(templates, sources).get_template("page.html").render(title="A")
    sources["page.html"] = "<h1>{{ title }}</h1>"
    assert _environment(templates, sources).get_template("page.html").render(title="A") == "<h1>A</h1>"
    assert templates.compiled == 2


def test_another_syntax_setting_compiles_the_same_source_again():
    templates = CompiledTemplates()
    sources = {"page.html": "{% if x %}\nyes{% endif %}"}
    assert _environment(templates, sources).get_template("page.html").render(x=True) == "\nyes"
    assert _environment(templates, sources, trim_blocks=True).get_template("page.html").render(x=True) == "yes"
    assert templates.compiled == 2


def _indexed(kept: SearchEntries, page: SimpleNamespace, **settings) -> list[dict]:
    """What Material's search does at each rebuild: a new index, the page added to it."""
    index = SearchIndex(**settings)
    kept.wrap(index, settings)
    index.add_entry_from_context(page)
    return index.entries


def _page(content: str, **meta) -> SimpleNamespace:
    return SimpleNamespace(url="rules/", title="Rules", meta=meta, toc=[], content=content)


def test_an_unchanged_page_is_not_parsed_again_and_gives_the_same_entries():
    kept = SearchEntries()
    first = _indexed(kept, _page('<h2 id="a">A</h2><p>Dusk</p>'), lang=["en"])
    assert first[-1] == {"location": "rules/#a", "title": "A", "text": "<p>Dusk</p>"} and kept.parsed == 1
    assert _indexed(kept, _page('<h2 id="a">A</h2><p>Dusk</p>'), lang=["en"]) == first
    assert kept.parsed == 1


def test_a_page_whose_html_metadata_or_address_changed_is_parsed_again():
    kept = SearchEntries()
    _indexed(kept, _page('<h2 id="a">A</h2><p>Dusk</p>'), lang=["en"])
    assert _indexed(kept, _page('<h2 id="a">A</h2><p>Noon</p>'), lang=["en"])[-1]["text"] == "<p>Noon</p>"
    assert _indexed(kept, _page('<h2 id="a">A</h2><p>Dusk</p>', search={"boost": 2}), lang=["en"])[-1]["boost"] == 2
    moved = _page('<h2 id="a">A</h2><p>Dusk</p>')
    moved.url = "terms/"
    assert _indexed(kept, moved, lang=["en"])[-1]["location"] == "terms/#a"
    assert _indexed(kept, _page('<h2 id="a">A</h2><p>Dusk</p>', template=object()), lang=["en"])[-1]["location"] == "rules/#a"
    assert kept.parsed == 4   # the template our hooks set is no input of the search


def test_a_scenarios_shown_yaml_is_kept_by_its_data_and_follows_every_edit():
    from altered_rules.content.yamlsource import scenario_yaml
    from altered_rules.verification import checks

    checks.forget()
    node = {"name": "Dusk", "given": {"hand": ["Sierra"], "mana": 1}}
    assert checks.shown_yaml(node) == scenario_yaml(node)
    assert checks.shown_yaml({"name": "Dusk", "given": {"hand": ["Sierra"], "mana": 1}}) == scenario_yaml(node)
    assert len(checks._SHOWN) == 1   # the same data: its text kept
    for edited in ({"name": "Dusk", "given": {"hand": ["Sierra"], "mana": "1"}},     # a type
                   {"given": {"hand": ["Sierra"], "mana": 1}, "name": "Dusk"},       # the keys' order
                   {"name": "Dusk", "given": {"hand": ["Sierra", "Kojo"], "mana": 1}}):
        assert checks.shown_yaml(edited) == scenario_yaml(edited) != scenario_yaml(node)
    assert len(checks._SHOWN) == 4
    checks.forget()


def test_the_sandbox_runtime_is_kept_until_a_card_or_a_file_it_reads_changes(tmp_path, monkeypatch):
    from pathlib import Path

    from altered_rules.content.glossary import load_glossary
    from altered_rules.site_assets import sandbox
    from altered_rules.verification.synth import synthesize
    from edits import replace_once
    from project_paths import GLOSSARY, PROJECT

    project = tmp_path / "project"
    synthesize(GLOSSARY, project, 1, project=PROJECT, force=True)
    kept = sandbox.KeptRuntime()
    runtime = lambda: kept.runtime(project, load_glossary(project / "glossary"), project / "glossary")  # noqa: E731
    monkeypatch.chdir(project)   # as `mkdocs serve` runs, in the project
    first = runtime()
    assert first == sandbox.runtime(project) and kept.made == 1
    # `mkdocs serve`'s first build names the project "" (mkdocs.yml's folder, the current one): the same project.
    assert kept.runtime(Path(""), load_glossary(Path("glossary")), Path("glossary")) is first and kept.made == 1
    # A rule's text is no input of the runtime: kept.
    replace_once(project / "glossary" / "rules" / "4" / "4.2.4.yaml", "    en: ", "    en: Runtimemarker ")
    assert runtime() is first and kept.made == 1
    # A card's printed name is in the engine's archive: made again, as a fresh one.
    replace_once(project / "glossary" / "cards.yaml", "names: {fr: Fée Clochette}", "names: {fr: Fée Clochette II}")
    second = runtime()
    assert kept.made == 2 and second != first and second == sandbox.runtime(project)
    # A file of the archive changed (as an engine module would): made again.
    extra = tmp_path / "extra.txt"
    extra.write_text("one", encoding="utf-8")
    sources = sandbox._archive_sources()
    monkeypatch.setattr(sandbox, "_archive_sources", lambda: [*sources, ("extra.txt", extra)])
    third = runtime()
    extra.write_text("two", encoding="utf-8")
    assert runtime() != third and kept.made == 4
    # Another glossary folder than the one the runtime reads: never kept.
    assert kept.runtime(project, load_glossary(project / "glossary"), tmp_path) == sandbox.runtime(project)
    assert kept.made == 4


def test_the_settings_files_are_the_same_named_relatively_or_absolutely(tmp_path, monkeypatch):
    # `mkdocs serve` names the configuration file "mkdocs.yml" for its first build and by its
    # absolute path for the rebuilds: the first save drew every page again.
    from altered_rules.pages.served_pages import settings_files

    (tmp_path / "mkdocs.yml").write_text("INHERIT: base.yml\n", encoding="utf-8")
    (tmp_path / "base.yml").write_text("site_name: A\n", encoding="utf-8")
    (tmp_path / "overrides").mkdir()
    (tmp_path / "overrides" / "main.html").write_text("<p>", encoding="utf-8")
    monkeypatch.chdir(tmp_path)
    first = settings_files("mkdocs.yml", "overrides")
    assert first == settings_files(str(tmp_path / "mkdocs.yml"), str(tmp_path / "overrides"))
    assert len(first) == 3
    (tmp_path / "base.yml").write_text("site_name: B\n", encoding="utf-8")   # the inherited file is an input
    assert settings_files("mkdocs.yml", "overrides") != first


# ---- our files after the pages (site_assets/site_files.py) -------------------------------------
def _tree(site) -> dict[str, object]:
    """Every file (its bytes), symlink (its target) and folder of a site, hidden ones included."""
    import os

    found: dict[str, object] = {}
    for path in sorted(site.rglob("*")):
        relative = path.relative_to(site).as_posix()
        found[relative] = (os.readlink(path) if path.is_symlink() else path.read_bytes() if path.is_file() else "folder")
    return found


class _Rebuilds:
    """A serve session's rebuilds of a site as MkDocs makes them: our folders set aside, the site
    emptied, MkDocs' pages written (`pages`), then our files; beside a site written in full each time."""

    def __init__(self, tmp_path) -> None:
        from altered_rules.site_assets.site_files import KeptFolders

        self.kept = KeptFolders()
        self.site, self.fresh = tmp_path / "served", tmp_path / "fresh"
        self.site.mkdir()

    def rebuild(self, files: dict[str, str], links: dict[str, str] | None = None, pages: tuple[str, ...] = ("index.html",)) -> None:
        import shutil

        from mkdocs.utils import clean_directory

        from altered_rules.site_assets.site_files import write_site_files

        self.kept.set_aside(self.site)
        clean_directory(str(self.site))
        shutil.rmtree(self.fresh, ignore_errors=True)
        self.fresh.mkdir()
        for site in (self.site, self.fresh):
            for page in pages:
                (site / page).parent.mkdir(parents=True, exist_ok=True)
                (site / page).write_text(f"MkDocs' {page}", encoding="utf-8")
        self.kept.write(self.site, dict(files), dict(links or {}))
        write_site_files(self.fresh, dict(files), dict(links or {}))
        assert _tree(self.site) == _tree(self.fresh)


def test_a_rebuild_writes_only_our_files_that_changed_and_the_site_is_as_if_all_were_written(tmp_path):
    session = _Rebuilds(tmp_path)
    files = {f"r/4.2.{n}/index.html": f"to 4.2.{n}" for n in range(1, 6)}
    files.update({"v/2026.1/4/index.html": "chapter 4 in 2026.1", "export/glossary.json": "{}\n", "sandbox/s.json": "[]"})
    session.rebuild(files, pages=("index.html", "sandbox/index.html"))
    assert (session.kept.written, session.kept.kept) == (8, 0)
    session.rebuild(files, pages=("index.html", "sandbox/index.html"))
    # The scenarios' file is in a folder of MkDocs' (its page): written each time; the rest kept.
    assert (session.kept.written, session.kept.kept) == (1, 7)
    # A text changed, a file no longer made (its folder goes with it), a new one, a link.
    files["export/glossary.json"] = '{"edited": true}\n'
    del files["r/4.2.5/index.html"]
    files["r/4.2.6/index.html"] = "to 4.2.6"
    session.rebuild(files, {"v/2026.2/r": "../2026.1/r"}, pages=("index.html", "sandbox/index.html"))
    assert (session.kept.written, session.kept.kept) == (4, 5)
    assert not (session.site / "r" / "4.2.5").exists()
    # A link that becomes a folder of files, and a file whose folder MkDocs now writes a page into.
    del files["v/2026.1/4/index.html"]
    files["v/2026.2/r/4.2.1/index.html"] = "to 4.2.1 in 2026.2"
    session.rebuild(files, pages=("index.html", "sandbox/index.html", "r/index.html"))
    assert not (session.site / "v" / "2026.1").exists()
    # A link where a file of the same rebuild made a folder: the link replaces it, as in write_site_files.
    session.rebuild({**files, "v/2026.3/r/4.2.1/index.html": "x"}, {"v/2026.3/r": "../2026.2/r"})
    assert (session.site / "v" / "2026.3" / "r").is_symlink()


def test_a_rebuild_that_stopped_before_our_files_leaves_nothing_behind(tmp_path):
    session = _Rebuilds(tmp_path)
    files = {"r/4.2.1/index.html": "to 4.2.1", "export/glossary.json": "{}\n"}
    session.rebuild(files)
    session.kept.set_aside(session.site)   # a rebuild that failed (a glossary error) after this
    files["r/4.2.1/index.html"] = "to 4.2.1, edited"
    session.rebuild(files)
    assert (session.kept.written, session.kept.kept) == (2, 0)
    assert not (session.site / ".altered-rules-kept").exists()


def test_a_path_made_from_data_that_leaves_the_site_is_refused_in_a_session_too(tmp_path):
    from altered_rules.site_paths import SitePathError

    session = _Rebuilds(tmp_path)
    session.rebuild({"r/4.2.1/index.html": "to 4.2.1"})
    session.kept.set_aside(session.site)
    with pytest.raises(SitePathError, match="is not allowed"):
        session.kept.write(session.site, {"r/4.2.1/index.html": "x", "../outside/index.html": "x"}, {})
    assert not (session.site / "r").exists()   # refused before any file is written
    with pytest.raises(SitePathError, match="outside the site folder"):
        session.kept.write(session.site, {"r/4.2.1/index.html": "y"}, {"v/2026.2/r": "../../../../outside"})
    assert sorted(p.name for p in tmp_path.iterdir()) == ["fresh", "served"]
    session.rebuild({"r/4.2.1/index.html": "to 4.2.1"})   # the next rebuild is whole again


def test_the_service_workers_version_is_the_same_from_the_files_just_written(tmp_path):
    from altered_rules.site_assets.finish import offline_files
    from altered_rules.site_assets.site_files import write_site_files

    files = {"r/4.2.1/index.html": "to 4.2.1 é", "export/glossary.json": '{"a": "\u2028"}\n'}
    (tmp_path / "assets").mkdir()
    (tmp_path / "assets" / "site.css").write_text("p {}", encoding="utf-8")
    write_site_files(tmp_path, files, {})
    assert offline_files(tmp_path, files) == offline_files(tmp_path)


def test_a_sessions_verified_blocks_are_set_aside_as_defer_does(tmp_path):
    from altered_rules.mkdocs_plugin.deferred import KeptDeferrals, defer

    block = '<details class="ar-verified" id="x"><summary>✓</summary>\n<pre>a</pre>\n</details>\n'
    kept = KeptDeferrals()
    page = f"# 4.2\n\n{block}text\n"
    first = kept.defer(page)
    assert first == defer(page) and len(first[1]) == 1
    first[1].clear()   # what a rebuild does with its blocks is not what the next one is given
    assert kept.defer(page) == defer(page)
    edited = page.replace("<pre>a</pre>", "<pre>b</pre>")
    assert kept.defer(edited) == defer(edited) != defer(page)


def test_a_kept_pages_key_tells_every_input_apart():
    from altered_rules.pages.served_pages import _digest

    keys = [_digest("a", "b"), _digest("ab", ""), _digest(["a", "b"]), _digest(["ab"]), _digest(["a"], "b"),
            _digest({"a": "b"}), _digest("1"), _digest(1), _digest([1]), _digest(["1"]), _digest(None), _digest("null"),
            _digest(("a", "b")[:1], "b"), _digest("é"), _digest("e\u0301"), _digest("x", "s:y"), _digest("xs:", "y")]
    assert len(set(keys)) == len(keys) - 1   # ("a",) + "b" is ["a"] + "b": a tuple is a list
    assert _digest({"b": 1, "a": [2]}) == _digest({"a": [2], "b": 1}) != _digest({"a": [2], "b": 2})


def test_the_sandbox_scenarios_are_kept_by_their_key_and_follow_a_changed_card(glossary_copy):
    # What the sandbox publishes of a scenario is the scenario as the engine is given it (its cards
    # written out): what its check's key holds (verification/cache.py).
    from altered_rules.caches import Cache
    from altered_rules.content.glossary import load_glossary
    from altered_rules.site_assets.sandbox import scenario_file
    from altered_rules.verification.checks import verify_glossary_once
    from edits import replace_once

    kept: Cache = Cache("test: published scenarios", 20_000)
    glossary = load_glossary(glossary_copy)
    verification = verify_glossary_once(glossary)
    first = scenario_file(glossary, verification, kept)
    assert first == scenario_file(glossary, verification) and len(kept) > 300
    assert scenario_file(glossary, verification, kept) == first
    replace_once(glossary_copy / "cards.yaml", "- name: Moonlight Jellyfish\n  type: character\n",
                 "- name: Moonlight Jellyfish\n  type: character\n  faction: Lyra\n")
    glossary = load_glossary(glossary_copy)
    verification = verify_glossary_once(glossary)
    edited = scenario_file(glossary, verification, kept)
    assert edited == scenario_file(glossary, verification) != first


# ---- the one kind of cache, and the one way to forget them all (altered_rules/caches.py) ----------
def test_a_cache_keeps_up_to_its_limit_and_the_entry_past_it_empties_it_first():
    from altered_rules.caches import Cache

    cache: Cache[str, int] = Cache("test: three", 3)
    for number, key in enumerate("abc"):
        assert cache.put(key, number) == number
    assert len(cache) == 3 and cache.get("a") == 0 and "c" in cache
    assert cache.put("a", 10) == 10 and len(cache) == 3   # a kept key replaced: nothing forgotten
    cache.put("d", 3)   # past the limit: the others forgotten together
    assert list(cache) == ["d"] and cache.get("a") is None and "b" not in cache
    assert cache.made("d", lambda: 99) == 3 and cache.made("e", lambda: 4) == 4 and cache["e"] == 4
    assert cache.setdefault("e", 5) == 4 and cache.setdefault("f", 6) == 6
    assert (cache.hits, cache.misses) == (3, 3)   # get a, in c, made d / get a, in b, made e
    with pytest.raises(ValueError, match="'test: none'.*at least 1"):
        Cache("test: none", 0)


def test_forget_all_empties_every_live_cache_a_serve_sessions_too():
    from altered_rules.caches import Cache, caches, forget_all
    from altered_rules.pages.served_pages import ServedPages

    module_level: Cache[str, int] = Cache("test: module level", 10)
    module_level.put("a", 1)
    # Sessions of earlier tests in this process may still be alive: count this one's caches only.
    before = sum(1 for cache in caches() if cache.name == "served conversions")
    served = ServedPages()
    served.keep_converted(b"key", "converted")
    assert module_level in caches() and served.converted(b"key") == "converted"
    emptied = forget_all()
    assert {"test: module level", "served conversions"} <= set(emptied)
    assert len(module_level) == 0 and served.converted(b"key") is None
    assert all(len(cache) == 0 for cache in caches())
    del served
    import gc
    gc.collect()
    assert sum(1 for cache in caches() if cache.name == "served conversions") <= before   # a closed session's caches go with it


def test_a_forgotten_glossary_is_parsed_again_as_by_a_fresh_process(tmp_path):
    # The benchmark's cold figures (benchmarks/run.py, forget) are cold only if every file is parsed
    # again: the loader keeps files by path and bytes (_READ) and by bytes alone (_PARSED, which
    # the benchmark's own list of caches once missed, issue 43).
    import shutil
    import sys

    from altered_rules.content.glossary import load_glossary, reading
    from project_paths import GLOSSARY, PROJECT

    sys.path.insert(0, str(PROJECT / "benchmarks"))
    from run import forget   # the benchmark's one way to forget

    copy = tmp_path / "glossary"
    shutil.copytree(GLOSSARY, copy)
    forget()
    before = reading._PARSED.misses
    load_glossary(copy)
    files = reading._PARSED.misses - before
    assert files > 10   # cold: every file parsed
    load_glossary(copy)
    assert reading._PARSED.misses - before == files   # warm: nothing parsed again
    forget()
    again = shutil.copytree(GLOSSARY, tmp_path / "again")   # the same bytes at another path
    load_glossary(again)
    assert reading._PARSED.misses - before == 2 * files   # every file parsed, none copied from a kept tree
