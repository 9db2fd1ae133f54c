"""The search worker that limits what one page's results draw (docs/assets/javascripts/workers/
altered-rules-search.js), run in Node against Material's result messages, and its place in the
built site: the theme's configuration names it, with Material's real worker beside it."""

from __future__ import annotations

import json
import subprocess
from pathlib import Path
from urllib.parse import parse_qs, urlsplit

import pytest

from project_paths import PROJECT

WORKER = PROJECT / "docs" / "assets" / "javascripts" / "workers" / "altered-rules-search.js"
WORKER_URL = "https://example.org/en/assets/javascripts/workers/altered-rules-search.js"

# Loads the worker in a context shaped like a web worker's global scope, then posts each message
# of argv[2] as Material's worker would, and prints what reaches the page and what it imported.
HARNESS = r"""
const fs = require("fs"), vm = require("vm");
const [file, url, messages] = process.argv.slice(1);
const out = {posted: [], imported: [], error: null};
const self = {location: {href: url}, postMessage: message => out.posted.push(message)};
self.self = self;
self.URL = URL;
self.importScripts = (...urls) => out.imported.push(...urls);
const context = vm.createContext(self);
try {
  vm.runInContext(fs.readFileSync(file, "utf8"), context, {filename: file});
  for (const message of JSON.parse(messages)) vm.runInContext("postMessage", context)(message);
} catch (error) {
  out.error = String(error.message);
}
process.stdout.write(JSON.stringify(out));
"""

def _run(messages: list[object], query: str = "?material=search.a7633da7.min.js&more=%23+more+on+this+page") -> dict:
    # Node.js is a requirement of the README's set-up (npm ci): no Node, no test run, not a skip.
    done = subprocess.run(["node", "-e", HARNESS, str(WORKER), WORKER_URL + query, json.dumps(messages)],
                          capture_output=True, text=True, timeout=60, check=True)
    return json.loads(done.stdout)


def _group(page: str, matches: int, *, page_score: float = 0.0) -> list[dict]:
    docs = [{"location": f"{page}#r{i}", "title": f"r{i}", "text": "", "score": 10.0 - i * 0.5,
             "terms": {"expedit": True}} for i in range(matches)]
    # Material adds the page itself, scored 0, after its matches when only its rules matched.
    return docs + [{"location": page, "title": page, "text": "", "score": page_score, "terms": {}}]


def test_a_page_with_many_matches_draws_its_best_six_then_how_many_more():
    result = {"type": 3, "data": {"items": [_group("rules/chapter-4/", 20)]}}
    out = _run([result])
    assert out["error"] is None
    (group,) = out["posted"][0]["data"]["items"]
    titles = [doc["title"] for doc in group]
    assert titles == ["r0", "r1", "r2", "r3", "r4", "r5", "14 more on this page", "rules/chapter-4/"]
    more = group[6]
    # It opens the page (an anchor, so Material does not take it for the page) with the terms highlighted.
    assert more["location"] == "rules/chapter-4/#"
    assert more["terms"] == {"expedit": True}
    # All six are drawn open: none scores below the first, which Material folds.
    assert all(doc["score"] >= group[0]["score"] for doc in group[:7])


def test_a_page_with_few_matches_and_other_messages_are_left_as_material_sent_them():
    small = _group("rules/chapter-2/", 6)
    result = {"type": 3, "data": {"items": [small], "suggest": ["x"]}}
    ready = {"type": 1}
    out = _run([ready, result])
    assert out["error"] is None
    assert out["posted"] == [ready, result]


def test_the_count_uses_the_sites_language_and_every_group_is_limited():
    result = {"type": 3, "data": {"items": [_group("rules/chapter-4/", 9), _group("rules/chapter-7/", 30)]}}
    out = _run([result], "?material=search.a7633da7.min.js&more=%23+autres+sur+cette+page")
    first, second = out["posted"][0]["data"]["items"]
    assert first[6]["title"] == "3 autres sur cette page"
    assert second[6]["title"] == "24 autres sur cette page"
    assert len(first) == len(second) == 8


def test_it_loads_materials_worker_from_beside_it_and_refuses_anything_else():
    out = _run([])
    assert out["imported"] == ["https://example.org/en/assets/javascripts/workers/search.a7633da7.min.js"]
    bad = _run([], "?material=https://evil.example/x.js")
    assert bad["imported"] == []
    assert "'material' must name Material's search worker" in bad["error"]
    assert "https://evil.example/x.js" in bad["error"]


@pytest.mark.parametrize(("language", "more"), [("en", "# more on this page"), ("fr", None), ("it", None)])
def test_the_theme_runs_search_in_our_worker_with_materials_beside_it(site, language, more):
    html = (site / language / "rules" / "chapter-4" / "index.html").read_text(encoding="utf-8")
    start = html.index('<script id="__config" type="application/json">') + len('<script id="__config" type="application/json">')
    config = json.loads(html[start:html.index("</script>", start)])
    url = urlsplit(config["search"])
    assert url.path.endswith("assets/javascripts/workers/altered-rules-search.js")
    params = parse_qs(url.query)
    workers = site / language / "assets" / "javascripts" / "workers"
    # The name in docs/overrides/main.html must be the worker this Material ships.
    assert (workers / params["material"][0]).is_file(), sorted(p.name for p in workers.iterdir())
    assert (workers / "altered-rules-search.js").is_file()
    # Material's own "# more on this page", in the page's language.
    assert params["more"][0] == (more or config["translations"]["search.result.more.other"])
    assert "#" in params["more"][0]
    if language != "en":
        assert params["more"][0] != "# more on this page"
