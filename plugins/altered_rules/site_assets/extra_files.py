"""Files of the site beyond its pages, as plain functions of the glossary.

- short URLs: `r/4.2.4.c/` leads to the rule's permalink in the same language;
- the interface strings the site's script needs, in the page's language;
- the service worker that keeps visited pages for offline use;
- the sitemap's gzip, without the build's date in it.

Each returns text; the MkDocs plugin only writes it out.
"""

from __future__ import annotations

import gzip
import hashlib
import json
import re
from typing import Iterable

from ..content.glossary.model import Glossary, rule_sort_key
from ..pages.redirects import SHORT_URL_PREFIX, redirect_page
from ..pages.render import chapter_page, page_url, script_json
from ..strings import tr


def rule_targets(glossary: Glossary) -> dict[str, str]:
    """Every rule number (sections and paragraphs) and the page path plus anchor it lives at."""
    targets: dict[str, str] = {}
    for chapter in glossary.chapters:
        url = page_url(chapter_page(chapter.number))
        for section in chapter.sections:
            targets[section.id] = f"{url}#{section.id}"
            for paragraph in section.paragraphs:
                targets[paragraph.id] = f"{url}#{paragraph.id}"
    return dict(sorted(targets.items(), key=lambda item: rule_sort_key(item[0])))


def short_url_pages(glossary: Glossary, language: str, removed: dict[str, str] | None = None) -> dict[str, str]:
    """`r/<rule>/index.html` -> a page that redirects to the rule's permalink (same language).

    `removed`: rules no longer in the glossary and where their last text is (from the
    language's root, versions.removed_rule_redirects), so that an old short URL still resolves."""
    pages = {}
    targets = {**(removed or {}), **rule_targets(glossary)}
    for rule, target in targets.items():
        # from r/<rule>/ back to the language's root
        pages[f"{SHORT_URL_PREFIX}/{rule}/index.html"] = redirect_page(language, rule, f"../../{target}")
    return pages


UI_KEYS = ("copy_rule", "copied", "copy_failed", "previews_on", "previews_off", "go_to_rule", "preview_of", "offline_ready")


def ui_strings(language: str) -> str:
    """The interface strings of altered-rules.js, as a JSON script element."""
    strings = {key: tr(language, key) for key in UI_KEYS}
    return f'<script id="ar-ui" type="application/json">{script_json(json.dumps(strings, ensure_ascii=False))}</script>'


def without_url(sitemap: bytes, url: str) -> bytes:
    """The sitemap without the entry of the page at `url` (relative to the language's root)."""
    entry = re.compile(rb"\n?[ \t]*<url>\s*<loc>[^<]*/" + re.escape(url.encode()) + rb"</loc>.*?</url>", re.DOTALL)
    return entry.sub(b"", sitemap, count=1)


def sitemap_gzip(sitemap: bytes) -> bytes:
    """sitemap.xml.gz for sitemap.xml. MkDocs stamps its gzip with the build's date (the clock, or
    SOURCE_DATE_EPOCH); this one carries none (mtime 0: "no time stamp", RFC 1952), so that the
    same commit gives the same bytes whenever and wherever it is built."""
    return gzip.compress(sitemap, compresslevel=9, mtime=0)


def service_worker(precache: Iterable[str], version_inputs: Iterable[bytes],
                   sandbox: tuple[str, Iterable[str]] | None = None, sandbox_data: Iterable[str] = ()) -> str:
    """A service worker that keeps what a reader visited, for a venue without network.

    Pages: network first, the kept copy when offline. Assets and the search index:
    the kept copy first. The cache is named after the content it serves, so a new
    build replaces it, and two builds of the same content are identical.

    `sandbox` is the judge's sandbox runtime: its cache name and its files (relative to
    the worker). Kept apart from the pages' cache, shared by the three languages, and
    filled only when the sandbox page asks (13 MB a reader of the rules never needs).
    Its files' names change with their content (Pyodide's version, the engine archive's
    hash), so a new build refetches only what changed and drops what is no longer used.

    `sandbox_data` is this language's files the sandbox page reads besides the runtime (the
    glossary's scenarios, which a rule page's link names by id): kept with the sandbox page in
    this language's cache when it asks, so that a rule page's link opens offline too.
    """
    digest = hashlib.sha256()
    for chunk in version_inputs:
        digest.update(chunk)
    cache = digest.hexdigest()[:16]
    sandbox_cache, sandbox_files = sandbox if sandbox is not None else ("", ())
    return (_SERVICE_WORKER.replace("__CACHE__", cache).replace("__PRECACHE__", json.dumps(sorted(set(precache))))
            .replace("__SANDBOX_CACHE__", sandbox_cache).replace("__SANDBOX_FILES__", json.dumps(sorted(set(sandbox_files))))
            .replace("__SANDBOX_DATA__", json.dumps(sorted(set(sandbox_data)))))


_SERVICE_WORKER = """// Altered Rules: offline reading of what a reader has visited (generated at build time).
// Each language has its own worker and cache (named after its folder: the caches of one
// site are shared by its languages, and one language must not delete another's).
const PREFIX = "altered-rules-" + new URL("./", self.location).pathname;
const CACHE = PREFIX + "__CACHE__";
const PRECACHE = __PRECACHE__;
// The judge's sandbox runtime: one cache for the three languages, filled on the sandbox's request;
// its files are named after their content, so a new build keeps those that did not change.
const SANDBOX_CACHE = "__SANDBOX_CACHE__";
const SANDBOX_FILES = __SANDBOX_FILES__;
// This language's files the sandbox page reads (the scenarios the rule pages' links name by id):
// kept with the page, in this language's cache; their names change with their content too.
const SANDBOX_DATA = __SANDBOX_DATA__;
const LEGACY = /^altered-rules-[0-9a-f]{16}$/;

function isSandbox(url) {
  return SANDBOX_CACHE !== "" && new URL(url, self.location).pathname.includes("/_sandbox/");
}

self.addEventListener("install", (event) => {
  event.waitUntil(caches.open(CACHE).then((cache) => cache.addAll(PRECACHE)).then(() => self.skipWaiting()));
});

self.addEventListener("activate", (event) => {
  const stale = (n) => (n.startsWith(PREFIX) && n !== CACHE) || LEGACY.test(n);
  event.waitUntil(
    caches.keys()
      .then((names) => Promise.all(names.filter(stale).map((n) => caches.delete(n))))
      .then(() => self.clients.claim())
  );
});

// The sandbox page asks, once its engine is loaded, that it, its runtime and its data be kept offline.
async function keepSandbox(page) {
  const runtime = await caches.open(SANDBOX_CACHE);
  await Promise.all(SANDBOX_FILES.map(async (file) => (await runtime.match(file)) || runtime.add(file)));
  const current = new Set(SANDBOX_FILES.map((file) => new URL(file, self.location).href));
  for (const request of await runtime.keys()) if (!current.has(request.url)) await runtime.delete(request);
  const pages = await caches.open(CACHE);
  if (!(await pages.match(page, { ignoreSearch: true }))) await pages.add(page);
  await Promise.all(SANDBOX_DATA.map(async (file) => (await pages.match(file)) || pages.add(file)));
}

self.addEventListener("message", (event) => {
  const data = event.data || {};
  if (data.type !== "keep-sandbox" || SANDBOX_CACHE === "") return;
  const reply = (ok) => event.ports[0] && event.ports[0].postMessage({ kept: ok });
  event.waitUntil(keepSandbox(new URL(data.page, self.location).href).then(() => reply(true), () => reply(false)));
});

self.addEventListener("fetch", (event) => {
  const request = event.request;
  if (request.method !== "GET" || new URL(request.url).origin !== self.location.origin) return;
  const isPage = request.mode === "navigate" || (request.headers.get("accept") || "").includes("text/html");
  if (isPage) {
    // Network first: a judge online sees the latest text; offline, the kept copy.
    event.respondWith(
      fetch(request)
        .then((response) => {
          const copy = response.clone();
          caches.open(CACHE).then((cache) => cache.put(request, copy));
          return response;
        })
        .catch(() => caches.match(request, { ignoreSearch: true }).then((hit) => hit || caches.match("./")))
    );
    return;
  }
  const store = isSandbox(request.url) ? SANDBOX_CACHE : CACHE;
  event.respondWith(
    caches.match(request).then((hit) => hit || fetch(request).then((response) => {
      if (response.ok) {
        const copy = response.clone();
        caches.open(store).then((cache) => cache.put(request, copy));
      }
      return response;
    }))
  );
});
"""
