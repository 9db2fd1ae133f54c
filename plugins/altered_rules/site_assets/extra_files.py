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
import html
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


UI_KEYS = ("copy_rule", "copied", "copy_failed", "previews_on", "previews_off", "go_to_rule", "preview_of", "offline_ready",
           "offline_make", "offline_making", "offline_available", "offline_failed", "offline_size_mb",
           "print_stamp")


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
                   sandbox: tuple[str, Iterable[str]] | None = None, sandbox_data: Iterable[str] = (),
                   everything: Iterable[str] = (), release: str = "") -> str:
    """A service worker that keeps what a reader visited, and on request the whole language, for a
    venue without network.

    Pages: network first, the kept copy when offline, and a page never kept: the language's
    offline page (OFFLINE_PAGE), styled and translated, served at the address asked for (its links
    resolved from the language's root), never another page's HTML. Assets and the search index:
    the kept copy first. The cache is named after the content it serves, so a new build replaces
    it, and two builds of the same content are identical.

    `sandbox` is the judge's sandbox runtime: its cache name and its files (relative to
    the worker). Kept apart from the pages' cache, shared by the three languages, and
    filled only when the sandbox page asks (13 MB a reader of the rules never needs).
    Its files' names change with their content (Pyodide's version, the engine archive's
    hash), so a new build refetches only what changed and drops what is no longer used.

    `sandbox_data` is this language's files the sandbox page reads besides the runtime (the
    glossary's scenarios, which a rule page's link names by id): kept with the sandbox page in
    this language's cache when it asks, so that a rule page's link opens offline too.

    `everything` is every file of the language a judge reads (offline_files): kept, with the
    sandbox's runtime, when the reader asks ("Make this site available offline", altered-rules.js),
    and kept again in a new build's cache when a new build replaces a copy kept whole. `release`
    is the release the copy is of, which the page shows beside its size.

    The worker fetches only from its own origin (security probe F-8: a page address such as
    "//en/sandbox/" resolved against the worker named another host).
    """
    digest = hashlib.sha256()
    for chunk in version_inputs:
        digest.update(chunk)
    cache = digest.hexdigest()[:16]
    sandbox_cache, sandbox_files = sandbox if sandbox is not None else ("", ())
    return (_SERVICE_WORKER.replace("__CACHE__", cache).replace("__PRECACHE__", json.dumps(sorted(set(precache))))
            .replace("__SANDBOX_CACHE__", sandbox_cache).replace("__SANDBOX_FILES__", json.dumps(sorted(set(sandbox_files))))
            .replace("__SANDBOX_DATA__", json.dumps(sorted(set(sandbox_data))))
            .replace("__EVERYTHING__", json.dumps(sorted(set(everything))))
            .replace("__OFFLINE_PAGE__", json.dumps(OFFLINE_PAGE)).replace("__RELEASE__", json.dumps(release)))


# The page a reader gets offline for a page never kept (written by offline_page()).
OFFLINE_PAGE = "offline.html"
# Where the offline page says which address is missing; the worker puts it there, escaped.
OFFLINE_MISSING = '<code class="ar-offline-missing"></code>'


def offline_page(language: str, stylesheets: Iterable[str], body: str = "<body>") -> str:
    """The offline page of a language: what the worker answers offline for a page never kept, in
    the site's style (`stylesheets`, relative to the language's root, as its links are: the worker
    gives it a <base> at that root; `body`, the pages' <body> tag with the theme's palette). No
    script: it needs nothing the reader may not have."""
    e = html.escape
    links = "".join(f'<link rel="stylesheet" href="{e(sheet)}">' for sheet in stylesheets)
    return (f'<!doctype html>\n<html lang="{e(language)}"><head><meta charset="utf-8">'
            f'<meta name="viewport" content="width=device-width,initial-scale=1">'
            f'<title>{e(tr(language, "offline_page_title"))}</title>{links}</head>\n'
            f'{body}<div class="md-container">'
            f'<header class="md-header md-header--shadow"><nav class="md-header__inner md-grid"><div class="md-header__title">'
            f'<div class="md-header__ellipsis"><a class="md-header__topic" href="./" style="color:inherit">Altered Rules</a>'
            f'</div></div></nav></header>\n'
            f'<main class="md-main"><div class="md-main__inner md-grid"><div class="md-content"><article class="md-content__inner md-typeset ar-offline-page">'
            f'<h1>{e(tr(language, "offline_page_title"))}</h1>\n'
            f'<p>{e(tr(language, "offline_page_body")).replace("{page}", OFFLINE_MISSING)}</p>\n'
            f'<p>{e(tr(language, "offline_page_hint"))}</p>\n'
            f'<p><a href="./">{e(tr(language, "offline_page_home"))}</a></p>\n'
            f'</article></div></div></main></div></body></html>\n')


_SERVICE_WORKER = """// Altered Rules: offline reading of what a reader has visited, or of the whole language when the
// reader asks (generated at build time).
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
// Every file of this language a judge reads: kept when the reader makes the site available offline.
const EVERYTHING = __EVERYTHING__;
const RELEASE = __RELEASE__;
const OFFLINE_PAGE = __OFFLINE_PAGE__;
// What the reader made available offline ({release, bytes, files}), kept in the cache it describes
// under an address no file of the site has.
const KEPT = new URL("./.offline-copy.json", self.location).href;
const LEGACY = /^altered-rules-[0-9a-f]{16}$/;

/** The address of `path` on this site, or an error: the worker never fetches another origin (F-8). */
function own(path) {
  const url = new URL(path, self.location);
  if (url.origin !== self.location.origin) throw new Error("not this site: " + url.origin);
  return url.href;
}

function isSandbox(url) {
  return SANDBOX_CACHE !== "" && new URL(url, self.location).pathname.includes("/_sandbox/");
}

self.addEventListener("install", (event) => {
  event.waitUntil(caches.open(CACHE).then((cache) => cache.addAll(PRECACHE.map(own))).then(() => self.skipWaiting()));
});

// A new build's worker replaces the old cache; a copy the reader kept whole is kept again in the
// new cache first (the old one still answers meanwhile), so that it is not lost by an update.
self.addEventListener("activate", (event) => {
  event.waitUntil((async () => {
    const stale = (await caches.keys()).filter((n) => (n.startsWith(PREFIX) && n !== CACHE) || LEGACY.test(n));
    let whole = false;
    for (const name of stale) if (await (await caches.open(name)).match(KEPT)) whole = true;
    await self.clients.claim();
    if (whole) {
      try { await keepAll(() => {}); } catch (error) { return; }   // offline now: the old copy stays
    }
    await Promise.all(stale.map((n) => caches.delete(n)));
  })());
});

// The sandbox page asks, once its engine is loaded, that it, its runtime and its data be kept offline.
async function keepSandbox(page) {
  const runtime = await caches.open(SANDBOX_CACHE);
  await Promise.all(SANDBOX_FILES.map(async (file) => (await runtime.match(own(file))) || runtime.add(own(file))));
  const current = new Set(SANDBOX_FILES.map(own));
  for (const request of await runtime.keys()) if (!current.has(request.url)) await runtime.delete(request);
  const pages = await caches.open(CACHE);
  if (!(await pages.match(page, { ignoreSearch: true }))) await pages.add(page);
  await Promise.all(SANDBOX_DATA.map(async (file) => (await pages.match(own(file))) || pages.add(own(file))));
}

// Every file of the language and the sandbox's runtime, four at a time; `report` hears the progress.
async function keepAll(report) {
  const pages = await caches.open(CACHE);
  const runtime = SANDBOX_CACHE === "" ? null : await caches.open(SANDBOX_CACHE);
  const files = [...EVERYTHING.map((file) => [pages, own(file)]), ...(runtime ? SANDBOX_FILES.map((file) => [runtime, own(file)]) : [])];
  let next = 0, done = 0, bytes = 0;
  async function fetchSome() {
    while (next < files.length) {
      const [cache, url] = files[next++];
      let response = await cache.match(url);
      if (!response) {
        response = await fetch(url, { credentials: "same-origin" });
        if (!response.ok) throw new Error(url + ": " + response.status);
        await cache.put(url, response.clone());
      }
      const size = (await response.blob()).size;   // awaited first: `bytes +=` would read bytes before the wait
      bytes += size;
      done += 1;
      report({ done, total: files.length });
    }
  }
  await Promise.all([fetchSome(), fetchSome(), fetchSome(), fetchSome()]);
  const copy = { release: RELEASE, bytes, files: files.length };
  await pages.put(KEPT, new Response(JSON.stringify(copy), { headers: { "content-type": "application/json" } }));
  return copy;
}

self.addEventListener("message", (event) => {
  const data = event.data || {};
  const port = event.ports[0];
  const reply = (message) => port && port.postMessage(message);
  if (data.type === "keep-sandbox" && SANDBOX_CACHE !== "") {
    let page;
    try { page = own(data.page); } catch (error) { reply({ kept: false }); return; }
    event.waitUntil(keepSandbox(page).then(() => reply({ kept: true }), () => reply({ kept: false })));
  } else if (data.type === "keep-all") {
    let last = 0;
    const progress = (p) => { if (p.done === p.total || p.done - last >= 10) { last = p.done; reply({ progress: p }); } };
    event.waitUntil(keepAll(progress).then((copy) => reply({ kept: true, copy }), (error) => reply({ kept: false, error: String(error) })));
  } else if (data.type === "offline-copy") {
    event.waitUntil(caches.open(CACHE).then((cache) => cache.match(KEPT))
      .then((hit) => (hit ? hit.json() : null)).then((copy) => reply({ copy }), () => reply({ copy: null })));
  }
});

function escapeHtml(text) {
  return text.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]);
}

// A page never kept, offline: the language's offline page at the address asked for, its links
// resolved from the language's root (a <base>), saying which address is missing.
async function offlinePage(request) {
  const kept = await caches.match(own(OFFLINE_PAGE));
  if (!kept) return Response.error();
  const root = new URL("./", self.location).href;
  const missing = decodeURIComponent(new URL(request.url).pathname);
  const text = (await kept.text()).replace("<head>", () => '<head><base href="' + escapeHtml(root) + '">')
    .replace('<code class="ar-offline-missing"></code>', () => '<code class="ar-offline-missing">' + escapeHtml(missing) + "</code>");
  return new Response(text, { status: 503, headers: { "content-type": "text/html; charset=utf-8" } });
}

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
        .catch(() => caches.match(request, { ignoreSearch: true }).then((hit) => hit || offlinePage(request)))
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
