"""The generated service worker (site_assets/extra_files.py) run in Node with fake caches and
network: it fetches only from its own origin (security probe F-8)."""

from __future__ import annotations

import json
import subprocess

from altered_rules.site_assets.extra_files import service_worker

HARNESS = r"""
const vm = require("vm");
const [code, message] = process.argv.slice(1);
const fetched = [], replies = [], listeners = {};
const store = new Map();
const cache = {match: async u => store.get(String(u.url || u)), put: async (u, r) => store.set(String(u.url || u), r),
               add: async u => { fetched.push(String(u)); store.set(String(u), new Response("x")); }, keys: async () => [],
               delete: async () => true};
const self = {location: new URL("https://judge.example//en/sw.js"), addEventListener: (t, l) => (listeners[t] = l),
              clients: {claim: async () => {}}, skipWaiting: async () => {}};
const context = vm.createContext({self, URL, Response, console, JSON, Promise, Set, Map, String, Error,
  caches: {open: async () => cache, match: async u => store.get(String(u)), keys: async () => [], delete: async () => true},
  fetch: async u => { fetched.push(String(u)); return new Response("x"); }});
vm.runInContext(code, context);
const waits = [];
listeners.message({data: JSON.parse(message), ports: [{postMessage: m => replies.push(m)}], waitUntil: p => waits.push(p)});
Promise.all(waits).then(() => process.stdout.write(JSON.stringify({fetched, replies})));
"""


def _run(message: dict) -> dict:
    worker = service_worker(["./"], [b"x"], sandbox=("altered-rules-sandbox-1", ["../_sandbox/a.wasm"]),
                            sandbox_data=["sandbox/scenarios.json"], everything=["./", "rules/chapter-4/"], release="2026.1")
    done = subprocess.run(["node", "-e", HARNESS, worker, json.dumps(message)], capture_output=True, text=True,
                          timeout=60, check=True)
    return json.loads(done.stdout)


def test_a_page_address_naming_another_host_is_refused_and_nothing_is_fetched_from_it():
    # The probe: the sandbox page opened at //en/sandbox/ sent that path; resolved against the worker it named http://en/.
    out = _run({"type": "keep-sandbox", "page": "//en/sandbox/"})
    assert out["replies"] == [{"kept": False}]
    assert all(url.startswith("https://judge.example/") for url in out["fetched"]), out["fetched"]


def test_the_sandbox_page_sent_as_a_whole_address_is_kept_with_its_runtime():
    out = _run({"type": "keep-sandbox", "page": "https://judge.example//en/sandbox/"})
    assert out["replies"] == [{"kept": True}]
    assert "https://judge.example//en/sandbox/" in out["fetched"]
    assert all(url.startswith("https://judge.example/") for url in out["fetched"]), out["fetched"]


def test_the_whole_language_is_kept_on_request_with_its_release_and_size():
    out = _run({"type": "keep-all"})
    assert out["replies"][-1] == {"kept": True, "copy": {"release": "2026.1", "bytes": 3, "files": 3}}
    assert sorted(out["fetched"]) == ["https://judge.example//_sandbox/a.wasm", "https://judge.example//en/",
                                      "https://judge.example//en/rules/chapter-4/"]
