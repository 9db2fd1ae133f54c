"""The judge's sandbox without a browser: its archive, its Python side (the same module the
browser runs, here under CPython), the links the rule pages give it, its strings."""

from __future__ import annotations

import hashlib
import importlib.util
import io
import json
import re
import sys
import zipfile

import pytest

import engine
from altered_rules.pages.render import sandbox_link
from altered_rules.site_assets import sandbox as sandbox_module
from altered_rules.site_assets.sandbox import (
    CARDS,
    DECK_LIMITS,
    PLUGIN_MODULES,
    Runtime,
    SandboxError,
    boot_script,
    bytecode_file,
    deck_rule_texts,
    engine_archive,
    page_data,
    page_head,
    page_start,
    place_head,
    rule_links,
    STDLIB_MODULES,
    runtime_files,
    terms,
    with_bytecode,
)
from altered_rules.site_assets import sandbox_runtime
from altered_rules.site_assets.sandbox import CARD_OVERRIDES, card_characters
from altered_rules.site_assets.sandbox_runtime import call
from altered_rules.verification.scenarios import run_file
from altered_rules.strings import STRINGS
from altered_rules.verification.checks import expand_cards, verify_glossary

from project_paths import PROJECT, SCENARIOS

SCENARIO_FILES = sorted(SCENARIOS.glob("*.yaml"))


def _run(request: dict) -> dict:
    return json.loads(call("run", json.dumps(request)))


def test_the_archive_holds_the_engine_pyyaml_the_sandbox_modules_and_the_cards_but_nothing_compiled(glossary):
    archive = zipfile.ZipFile(io.BytesIO(engine_archive(glossary.cards)))
    names = archive.namelist()
    assert set(json.loads(archive.read(CARDS))["cards"]) == set(glossary.cards)
    engine_dir = PROJECT / "engine"
    modules = {f"engine/{p.relative_to(engine_dir).as_posix()}" for p in engine_dir.rglob("*.py") if "__pycache__" not in p.parts}
    assert any("/" in m.removeprefix("engine/") for m in modules), "the engine has sub-packages (engine/scenario/) this test must see"
    assert modules <= set(names), sorted(modules - set(names))
    assert {f"altered_rules/{m}" for m in PLUGIN_MODULES} <= set(names)
    assert "yaml/__init__.py" in names and "yaml/LICENSE" in names
    assert not [n for n in names if n.endswith((".so", ".pyc", ".pyd"))]


def test_the_archive_imports_the_engine_and_its_sub_packages_as_the_sandbox_does(tmp_path):
    """Unpacked alone (as Pyodide unpacks it in the browser; -S: not this project's install), the
    archive's engine runs a scenario through the scenario package: a sub-package left out fails
    here, not only in a browser."""
    import subprocess
    import sys

    zipfile.ZipFile(io.BytesIO(engine_archive())).extractall(tmp_path)
    probe = ("import sys; sys.path.insert(0, sys.argv[1]); import engine, engine.scenario; "
             "assert engine.__file__.startswith(sys.argv[1]), engine.__file__; "
             "s = engine.read_scenarios([{'name': 'n', 'given': {'players': ['A', 'B'], "
             "'A': {'hero': {'region': 0, 'characters': ['Ordis Recruit 2/0/0 Soldier']}}, "
             "'B': {'hero': {'region': 0, 'characters': ['Kelon Elemental 2/0/0']}}}, "
             "'when': 'dusk', 'then': {'A.hero.region': 0, 'winner': 'none'}}]); "
             "print(engine.run_scenario(s[0]).passed)")
    done = subprocess.run([sys.executable, "-I", "-S", "-c", probe, str(tmp_path)], cwd=tmp_path, capture_output=True, text=True)
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == "True"


def test_the_archive_carries_the_glossarys_deck_limits_and_the_sandbox_checks_with_them(glossary_copy, tmp_path):
    """39 -> 40 in a copy of the glossary (the Standard and Multiplayer pages share 1.1.4's
    numbers): the archive built from it carries 40, and its sandbox, unpacked alone as in the
    browser, finds a Hero and 39 other cards one card short and says 40 is required."""
    import subprocess
    import sys

    from altered_rules.content.glossary import load_glossary

    for name in ("standard.yaml", "multiplayer-2v2.yaml"):
        path = glossary_copy / "modes" / name
        text = path.read_text(encoding="utf-8")
        assert text.count("min_cards: 39,") == 1
        path.write_text(text.replace("min_cards: 39,", "min_cards: 40,"), encoding="utf-8")
    changed = load_glossary(glossary_copy)
    archive = zipfile.ZipFile(io.BytesIO(engine_archive(changed.cards, changed.deck_limits)))
    assert json.loads(archive.read(DECK_LIMITS))["standard"]["min_cards"] == 40
    archive.extractall(tmp_path / "archive")
    deck = {"name": "d", "given": {"format": "standard", "deck": [{"name": "Sierra & Oddball", "type": "hero", "faction": "Axiom"}]
                                   + [{"name": f"Card {i}", "faction": "Axiom", "count": 3} for i in range(13)]},
            "when": "check_deck"}
    probe = ("import sys; sys.path.insert(0, sys.argv[1]); from altered_rules.site_assets.sandbox_runtime import call; "
             "import altered_rules; assert altered_rules.__file__.startswith(sys.argv[1]); print(call('run', sys.argv[2]))")
    done = subprocess.run([sys.executable, "-I", "-S", "-c", probe, str(tmp_path / "archive"), json.dumps({"data": deck})],
                          cwd=tmp_path, capture_output=True, text=True)
    assert done.returncode == 0, done.stderr
    (answer,) = json.loads(done.stdout)["scenarios"]
    assert answer["deck"]["legal"] is False
    (violation,) = answer["deck"]["violations"]
    assert (violation["rule"], violation["requires"]) == ("1.1.4.c", "at least 40 other cards (tokens do not count)")
    # The same deck in this process's sandbox, with the project's glossary: legal.
    assert _run({"data": deck})["scenarios"][0]["deck"] == {"format": "standard", "legal": True, "cards": 40, "violations": []}


def test_the_archive_is_the_same_bytes_every_time():
    assert engine_archive() == engine_archive()


def test_the_runtime_is_the_pinned_pyodide_and_its_manifest_round_trips():
    found, files = runtime_files(PROJECT)
    pinned = json.loads((PROJECT / "package.json").read_text())["dependencies"]["pyodide"]
    assert found.pyodide_version == pinned and pinned[0].isdigit()  # an exact version, not a range
    assert set(files) == {path for path, _ in found.files}
    assert f"pyodide-{pinned}/pyodide.asm.wasm" in files and found.engine in files
    assert Runtime.from_manifest(found.manifest()) == found


def test_a_missing_runtime_says_how_to_install_it(tmp_path):
    (tmp_path / "package.json").write_text(json.dumps({"dependencies": {"pyodide": "314.0.7"}}))
    with pytest.raises(SandboxError, match="npm ci"):
        runtime_files(tmp_path)


def _comparable(result: engine.ScenarioResult) -> tuple:
    return (result.status, [(d.path, d.expected, d.actual) for d in result.differences],
            result.error.message if result.error else None)


def test_every_glossary_scenario_gets_the_command_line_outcome(glossary):
    """The Python half of the browser comparison (tests/browser/test_sandbox.py): the data the
    rule pages' links carry, run as the sandbox runs it."""
    for check in verify_glossary(glossary).checks:
        answer = _run({"data": json.loads(json.dumps(expand_cards(check.data, glossary.cards)))})
        (scenario,) = answer["scenarios"]
        got = (scenario["status"], [(d["path"], d["expected"], d["actual"]) for d in scenario["differences"]],
               scenario["error"]["message"] if scenario["error"] else None)
        assert got == _comparable(check.result), check.failure()


@pytest.mark.parametrize("path", SCENARIO_FILES, ids=lambda p: p.name)
def test_every_scenario_file_gets_the_command_line_outcome(path, deck_limits):
    report = run_file(path, deck_limits)
    answer = _run({"yaml": path.read_text(encoding="utf-8"), "source": str(path)})
    assert answer["error"] is None and report.error is None
    got = [(s["name"], s["status"], [(d["path"], d["expected"], d["actual"]) for d in s["differences"]],
            s["error"]["message"] if s["error"] else None) for s in answer["scenarios"]]
    assert got == [(r.name, *_comparable(r)) for r in report.results]


def test_a_board_without_then_is_explored_and_shows_who_advanced_and_why():
    answer = _run({"data": {
        "name": "Alice's forest wins",
        "given": {"players": ["Alice", "Bob"],
                  "adventure": ["hero", {"types": ["forest"]}, {"types": ["water"]}, {"face": "down"}, {"face": "down"},
                                {"face": "down"}, {"face": "down"}, "companion"],
                  "Alice": {"hero": {"characters": ["Ordis Recruit 3/0/0 Soldier"]}},
                  "Bob": {"hero": {"characters": ["Kelon Elemental 1/0/0"]}}},
        "when": "dusk"}})
    (scenario,) = answer["scenarios"]
    assert scenario["explored"] and scenario["error"] is None
    alice = next(e for e in scenario["board"]["expeditions"] if e["player"] == "Alice" and e["kind"] == "hero")
    assert (alice["before"], alice["after"], alice["moved_forward"], alice["moved_forward_due_to"]) == (0, 1, True, ["forest"])
    assert scenario["board"]["winner"] == []
    assert any("4.2.4" in " ".join(line["rules"]) for line in scenario["trace"])


def test_pasted_yaml_errors_name_the_line():
    # A case that cannot be read fails alone, on its own line (issue 38); a file that is not YAML fails whole.
    answer = _run({"yaml": "- name: x\n  given:\n    players: [Alice, Bob]\n    Alice: {hero: {region: 9}}\n  when: dusk\n"})
    (case,) = answer["scenarios"]
    assert answer["error"] is None and case["status"] == "error"
    assert case["error"]["line"] == 4 and "region" in case["error"]["message"]
    answer = _run({"yaml": "- name: x\n  given: [\n"})
    assert answer["error"]["line"] and "YAML" in answer["error"]["message"]


def test_a_deck_shows_every_rule_it_breaks(deck_limits):
    answer = _run({"data": {"name": "d", "given": {"format": "standard", "deck": [
        {"name": "Sierra & Oddball", "type": "hero", "faction": "Axiom"},
        {"name": "Kelon Elemental", "faction": "Axiom", "rarity": "rare", "count": 4}]}, "when": "check_deck"}})
    deck = answer["scenarios"][0]["deck"]
    assert deck["legal"] is False and deck["cards"] == 5
    assert [v["rule"] for v in deck["violations"]] == ["1.1.4.c", "1.1.4.e"]
    limits = deck_limits[engine.DeckFormat.STANDARD]
    assert [v["requires"] for v in deck["violations"]] == [engine.deck_rules(engine.DeckFormat.STANDARD, limits)[r] for r in ("1.1.4.c", "1.1.4.e")]
    assert f"at least {limits.min_cards} other cards" in deck["violations"][0]["requires"]


def test_the_form_shows_a_plain_board_and_declines_more():
    data = {"name": "n", "given": {"players": ["Alice", "Bob"], "Alice": {"hero": {"region": 2, "characters": [
        "Ogre 5/5/5 Titan", {"name": "Giant", "stats": "1/2/3", "keywords": ["gigantic"]}]}}}, "when": {"move_forward": "Alice.hero"}}
    form = json.loads(call("form", json.dumps({"data": data})))["form"]
    assert form["expeditions"]["Alice"]["hero"]["region"] == 2
    assert form["expeditions"]["Alice"]["hero"]["characters"][0]["stats"] == [5, 5, 5]
    assert form["expeditions"]["Alice"]["hero"]["characters"][1]["keywords"] == ["gigantic"]
    assert form["expeditions"]["Alice"]["hero"]["characters"][0]["keywords"] == []
    assert form["action"] == {"kind": "move_forward", "expedition": "Alice.hero"}
    data["given"]["Alice"]["reserve"] = ["Kuwat"]
    answer = json.loads(call("form", json.dumps({"data": data})))
    assert answer["form"] is None and answer["why"]


def test_a_rule_page_link_names_its_scenario_by_id():
    """By id, not carried (the sandbox reads it from the build's scenario file); an id is quoted."""
    assert sandbox_link("rules/chapter-4.md", "4.2.4.c-scenario-1") == "../../sandbox/?scenario=4.2.4.c-scenario-1"
    assert sandbox_link("modes/sealed.md", "sealed.min-cards-scenario-1") == "../../sandbox/?scenario=sealed.min-cards-scenario-1"
    assert sandbox_link("rules/chapter-4.md", "a b&c/d") == "../../sandbox/?scenario=a%20b%26c%2Fd"


@pytest.mark.parametrize("language", ["en", "fr", "it"])
def test_the_page_data_links_every_rule_the_engine_cites(glossary, language):
    links = rule_links(glossary, language)
    assert links["4.2.4.c"] == "../rules/chapter-4/#4.2.4.c"
    assert links["sealed.min-cards"] == "../modes/sealed/#sealed.min-cards"
    assert all(f"ruling:{ruling}" in links for ruling in engine.RULINGS)
    assert set(deck_rule_texts(glossary, language)) == {r for rules in engine.DECK_RULE_IDS.values() for r in rules}


def test_every_sandbox_string_is_in_every_language():
    keys = {k for k in STRINGS["en"] if k.startswith("sandbox_")}
    for language in ("fr", "it"):
        assert {k for k in STRINGS[language] if k.startswith("sandbox_")} == keys
        assert all(STRINGS[language][k].count("{") == STRINGS["en"][k].count("{") for k in keys), language


def test_the_page_data_uses_the_termbase_words(glossary):
    found = runtime_files(PROJECT)[0]
    data = page_data(glossary, "it", found)
    assert data["terms"]["gigantic"] == "Colossale" and data["terms"]["token"] == "Pedina"
    assert data["runtime"]["index"].startswith("../../_sandbox/pyodide-")


def test_the_page_starts_the_engine_inline_before_every_stylesheet_and_its_script_is_async(glossary, monkeypatch, tmp_path):
    """The worker starts from the top of the head (sandbox_boot.js, inline: no request to wait for),
    before the page's first stylesheet (an inline script waits for the styles above it: Material's
    took up to 400 ms of a first visit, issue 43), with the runtime's files; the page's own data,
    styles and async script come at the end of the head."""
    found = runtime_files(PROJECT)[0]
    page = ('<html><head><meta charset="utf-8"><title>t</title><link rel="stylesheet" href="a.css">'
            '<link rel="stylesheet" href="b.css"><script>x()</script></head><body></body></html>')
    placed = place_head(page, page_start(found), page_head(glossary, "en", found))
    boot = placed.index(f"<script>{boot_script()}</script>")
    assert placed.index("<title>t</title>") < placed.index('id="ar-sandbox-start"') < boot < placed.index('href="a.css"')
    assert placed.index("<script>x()</script>") < placed.index('id="ar-sandbox-data"') < placed.index("</head>")
    assert '<script type="module" async src="../assets/sandbox.js"></script>' in placed
    start = json.loads(re.search(r'id="ar-sandbox-start" type="application/json">(.*?)</script>', placed).group(1))
    assert start["setup"]["engine"] == page_data(glossary, "en", found)["runtime"]["engine"]
    assert start["setup"]["index"].startswith("../../_sandbox/pyodide-") and start["worker"].endswith("sandbox-worker.js")
    # A page without a stylesheet: the start ends its head, before the rest.
    bare = place_head("<head><title>t</title></head>", "START", "TAIL")
    assert bare == "<head><title>t</title>STARTTAIL\n</head>"
    hostile = tmp_path / "sandbox_boot.js"
    hostile.write_text("const s = '</SCRIPT><script>alert(1)';", encoding="utf-8")
    monkeypatch.setattr(sandbox_module, "BOOT_SCRIPT", hostile)
    boot_script.cache_clear()
    try:
        with pytest.raises(SandboxError, match="may not hold"):
            boot_script()
    finally:
        boot_script.cache_clear()


def test_the_service_worker_keeps_the_runtime_apart_and_each_language_its_own_pages():
    from altered_rules.site_assets.extra_files import service_worker
    worker = service_worker(["./"], [b"page"], sandbox=("altered-sandbox", ["../_sandbox/engine-1.zip", "../_sandbox/pyodide-1/pyodide.mjs"]))
    assert 'const SANDBOX_CACHE = "altered-sandbox";' in worker
    assert '["../_sandbox/engine-1.zip", "../_sandbox/pyodide-1/pyodide.mjs"]' in worker
    assert 'new URL("./", self.location).pathname' in worker  # the pages' cache is named after the language's folder
    assert service_worker(["./"], [b"page"]) == service_worker(["./"], [b"page"])


def test_a_scenario_copied_from_a_rule_page_runs_with_its_cards(glossary, monkeypatch):
    """The rule pages show `{card: Ordis Cadets}`; the archive's cards write them out in the sandbox."""
    cards = {"overrides": list(CARD_OVERRIDES), "cards": card_characters(glossary.cards)}
    monkeypatch.setattr(sandbox_runtime, "_cards", lambda: cards)
    named = [c for c in verify_glossary(glossary).checks if "{card:" in json.dumps(c.data).replace('{"card":', "{card:")]
    assert len(named) >= 10
    import yaml
    for check in named:
        text = yaml.safe_dump([json.loads(json.dumps(check.data))], sort_keys=False, allow_unicode=True)
        (scenario,) = _run({"yaml": text})["scenarios"]
        assert scenario["status"] == check.result.status, check.failure()
    answer = _run({"yaml": "- name: x\n  given:\n    players: [Alice, Bob]\n    Alice: {hero: {characters: [{card: Nope}]}}\n  when: dusk\n"})
    assert answer["error"]["line"] == 4 and "not in glossary/cards.yaml" in answer["error"]["message"]


def test_what_a_visitor_downloads_stays_within_its_budget():
    """14.1 MB today (Pyodide 9.6 MB of WebAssembly, 2.5 MB of standard library), 7.0 MB gzipped;
    the engine's archive is 720 kB: its sources and catalogues 240 kB, their bytecode 480 kB (which
    spares the browser compiling them, most of the engine's import: issue 29). A jump here is a
    choice to make, not an accident: 920 kB since issue 37 (engine.decisions, the rules of an imported
    glossary that the engine follows, about 13 kB with their messages, on top of 890 kB); 960 kB since
    issue 44 (about 240 reader and engine errors made catalogue messages, so that the sandbox says a
    scenario's error in French and Italian too: 940 kB with them and datetime's bytecode, issue 43)."""
    found, files = runtime_files(PROJECT)
    assert found.bytes < 15_000_000
    assert len(files[found.engine]) < 960_000


def test_the_archive_carries_each_module_s_bytecode_compiled_by_pyodide():
    """What the browser imports without compiling: beside each module its .pyc, all of one Python
    (Pyodide's, not this CPython's unless they are the same version), unchecked-hash (PEP 552:
    zipimport never compares them with dates it does not have)."""
    found, files = runtime_files(PROJECT)
    archive = zipfile.ZipFile(io.BytesIO(files[found.engine]))
    names = set(archive.namelist())
    sources = {n for n in names if n.endswith(".py")}
    assert sources and {n + "c" for n in sources} == {n for n in names if n.endswith(".pyc")}
    headers = {archive.read(n + "c")[:8] for n in sources}
    (magic_and_flags,) = headers
    assert int.from_bytes(magic_and_flags[4:8], "little") == 0b01  # hash-based, not checked against the source
    pyodide_python = tuple(int(part) for part in found.lock_info["python"].split(".")[:2])
    if sys.version_info[:2] != pyodide_python:
        assert magic_and_flags[:4] != importlib.util.MAGIC_NUMBER, "compiled by the build's CPython, not by Pyodide"
    # What the pages link to is this very archive: its name is its digest.
    assert found.engine == f"engine-{hashlib.sha256(files[found.engine]).hexdigest()[:12]}.zip"


def test_the_archive_carries_the_standard_modules_pyodide_would_compile_as_pyodide_ships_them():
    """Pyodide ships its standard library as sources: a module the engine's import needs and
    Pyodide's start does not load (pyyaml's datetime) was compiled on every first visit (issue 43).
    It is in the archive, the very source of Pyodide's python_stdlib.zip, with its bytecode."""
    found, files = runtime_files(PROJECT)
    archive = zipfile.ZipFile(io.BytesIO(files[found.engine]))
    shipped = zipfile.ZipFile(PROJECT / "node_modules" / "pyodide" / "python_stdlib.zip")
    assert "datetime" in STDLIB_MODULES
    for name in STDLIB_MODULES:
        assert archive.read(f"{name}.py") == shipped.read(f"{name}.py")
        assert archive.read(f"{name}.pyc")[:4] == archive.read("engine/day.pyc")[:4]  # Pyodide's bytecode
    # difflib ("did you mean") is imported only when a word is wrong, not with the engine.
    for module in ("engine/vocabulary.py", "engine/scenario/syntax.py"):
        assert not re.search(r"^(import difflib|from difflib)", archive.read(module).decode(), re.M), module


def test_damaged_kept_bytecode_is_compiled_again_to_the_same_bytes(glossary):
    """node_modules/.cache keeps the compiled modules; a damaged file there is compiled again
    (Pyodide in Node, a few seconds), never shipped, and the archive is the same bytes as before."""
    archive = engine_archive(glossary.cards)
    before = with_bytecode(archive, PROJECT)
    kept = bytecode_file(archive, PROJECT)
    with zipfile.ZipFile(io.BytesIO(before)) as made:
        assert zipfile.ZipFile(kept).read("engine/day.pyc") == made.read("engine/day.pyc")
    kept.write_bytes(b"PK\x03\x04 not a zip")
    assert with_bytecode(archive, PROJECT) == before


def test_a_build_without_node_says_what_is_missing(tmp_path, monkeypatch, glossary):
    (tmp_path / "package.json").write_text(json.dumps({"dependencies": {"pyodide": "314.0.7"}}))
    monkeypatch.setattr(sandbox_module.shutil, "which", lambda name: None)
    with pytest.raises(SandboxError, match="Node.js is missing"):
        with_bytecode(engine_archive(glossary.cards), tmp_path)


# ---- a shared link's scenario (?s=, ?d=): opened, or why not, never a default in its place ----------
def _link(text) -> dict:
    return json.loads(call("link", json.dumps({"text": text})))


def test_a_link_opens_the_scenario_it_carries_as_json_or_yaml():
    board = {"name": "Shared", "given": {"players": ["Alice", "Bob"]}, "when": "dusk"}
    assert _link(json.dumps(board)) == {"data": board, "error": None}
    assert _link("name: Shared\ngiven: {players: [Alice, Bob]}\nwhen: dusk\n") == {"data": board, "error": None}
    assert _link(json.dumps([board, board])) == {"data": [board, board], "error": None}


@pytest.mark.parametrize("text,code,message,line", [
    ("5", "not_scenario", "the link holds a number; it must hold a scenario (a mapping with given: and when:) or a list of them", None),
    ("", "not_scenario", "the link holds nothing; it must hold a scenario (a mapping with given: and when:) or a list of them", None),
    ('"a board"', "not_scenario", "the link holds a text; it must hold a scenario (a mapping with given: and when:) or a list of them", None),
    ("[]", "not_scenario", "the link holds an empty list; it must hold a scenario (a mapping with given: and when:) or a list of them", 1),
    ('[{"name": "x"}, 3]', "not_scenario",
     "the link holds a list whose item 2 is not a mapping; it must hold a scenario (a mapping with given: and when:) or a list of them", 1),
    ('{"name": "cut off", "given": {"players": ["Alice"', "unreadable",
     "YAML syntax error: expected ',' or ']', but got '<stream end>'", 1),
    ('{"name": "twice",\n "name": "again"}', "unreadable", "duplicate key 'name' (first on line 1); each key may appear once", 2),
    # JSON nested 5,000 deep: a RecursionError in json.loads until links were read here.
    ("[" * 5000 + "]" * 5000, "unreadable", "lists and mappings are nested more than 100 deep (the limit)", 1),
    ('{"a":\n' + "[" * 101 + "]" * 101 + "}", "unreadable", "lists and mappings are nested more than 100 deep (the limit)", 2),
])
def test_a_link_that_is_not_a_scenario_says_why_with_its_line(text, code, message, line):
    assert _link(text) == {"data": None, "error": {"code": code, "message": message, "line": line}}


def test_a_link_past_the_size_limit_is_refused_before_it_is_read():
    limit = sandbox_runtime.LINK_MAX_CHARS
    board = json.dumps({"name": "Big", "given": {"players": ["Alice", "Bob"]}, "when": "dusk", "note": ""})
    padded = board.replace('"note": ""', '"note": "' + "x" * (limit - len(board)) + '"')
    assert len(padded) == limit and _link(padded)["error"] is None
    over = "[" * (limit + 1)
    assert _link(over) == {"data": None, "error": {"code": "too_large", "line": None, "size": limit + 1, "limit": limit,
                                                   "message": f"the link holds {limit + 1:,} characters; a link holds at most {limit:,}"}}


def test_deeply_nested_json_sent_to_any_command_is_an_error_not_a_traceback():
    # The page sends a link's text, never its data: but a caller of `call` gets an answer, not a RecursionError.
    deep = "[" * 100_000 + "]" * 100_000
    answer = json.loads(call("data", json.dumps({"yaml": deep})))
    assert answer == {"data": None, "error": {"message": "lists and mappings are nested more than 100 deep (the limit)", "line": 1}}
    deep_data = '{"data": ' + "[" * 100_000 + "]" * 100_000 + "}"
    assert json.loads(call("form", deep_data)) == {"error": {"message": "the request to 'form' is nested too deeply", "line": None}}


READINGS_BOARD = """
- name: A 2v2 tiebreaker whose winner depends on the order of two region-changing abilities
  given:
    players: [Alice, Bob, Carol, Dave]
    mode: 2v2
    tiebreakers: true
    Alice:
      hero: {characters: ["Scout 3/0/0 Adventurer", {name: Tidecaller, stats: 0/0/0, subtypes: [Mage], passives: ["%s"]}]}
    Bob:
      hero: {characters: ["Leviathan 0/0/3 Leviathan", {name: Grovekeeper, stats: 0/0/0, subtypes: [Druid], passives: ["All regions are forest and lose their other types"]}]}
  when: dusk
  then:
    tiebreakers: true
"""


def test_the_sandbox_shows_each_reading_and_its_winner_where_the_sources_leave_the_order_open():
    answer = _run({"yaml": READINGS_BOARD % "All regions are water and lose their other types"})
    (scenario,) = answer["scenarios"]
    readings = scenario["board"]["readings"]
    assert readings["decided"] is False and readings["rules"] == ["2.2.2.p"]
    assert "order" in readings["questions"][0]
    winners = {o["reading"]: {v["path"]: v["value"] for v in o["values"]}["winner"] for o in readings["outcomes"]}
    assert winners == {"Tidecaller, then Grovekeeper": "[Alice, Carol]", "Grovekeeper, then Tidecaller": "[Bob, Dave]"}
    assert scenario["board"]["error"] is None  # the readings are the answer, not an unknown board
    # The scenario asks only whether tiebreakers go on, which every reading agrees on.
    assert scenario["status"] == "passed"


def test_the_sandbox_says_when_an_open_question_does_not_matter():
    answer = _run({"yaml": READINGS_BOARD % "All regions are forest"})
    board = answer["scenarios"][0]["board"]
    assert board["readings"]["decided"] is True
    assert board["winner"] == ["Alice", "Carol"]


def test_a_board_without_open_questions_has_no_readings():
    answer = _run({"yaml": READINGS_BOARD.replace(', {name: Grovekeeper, stats: 0/0/0, subtypes: [Druid], passives: ["All regions are forest and lose their other types"]}', "") % "All regions are water"})
    board = answer["scenarios"][0]["board"]
    assert board["readings"] is None and board["winner"] == []  # forest to Alice and Carol, water to Bob and Dave


def test_the_sandbox_names_a_players_expedition_in_the_third_person(glossary):
    """The card wording speaks to the player ("spedizione del tuo eroe"); beside a player's name
    the sandbox uses the termbase's third-person form, as the rules text does."""
    italian = terms(glossary, "it")
    assert italian["hero-expedition"] == "spedizione dell'eroe"
    assert italian["companion-expedition"] == "spedizione del compagno"
    assert terms(glossary, "fr")["hero-expedition"] == "Expédition Héros"   # no other form: the term itself
    assert terms(glossary, "en")["hero-expedition"] == "hero expedition"


@pytest.mark.parametrize("language, said", [("fr", "le fichier ne contient aucun scénario"), ("it", "il file non contiene nessuno scenario")])
def test_a_files_own_error_is_said_in_the_pages_language(language, said):
    """Issue 44: pasted text that is no list of scenarios is refused in the page's language too."""
    answer = _run({"yaml": "scenarios: []\n", "language": language})
    assert answer["error"]["message"] == said and answer["error"]["said"]["id"] == "read.empty_file", answer
