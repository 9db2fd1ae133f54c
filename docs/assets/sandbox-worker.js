// The judge's sandbox: the glossary's rules engine (Python) run by Pyodide, off the page's
// thread so that the page stays responsive while 13 MB arrive and compile.
//
// The page sends {setup} once (where the runtime is: the site's own _sandbox/ folder, never
// a CDN), then {id, command, request}; the worker answers {id, answer} or {id, failed}, and
// reports {progress: {stage, done}} while it starts.
let engine = null;
let starting = null;

function report(stage, done, timings) {
  self.postMessage({ progress: { stage, done, timings } });
}

// Pyodide fetches its files itself; counting the bytes as they arrive gives the page a true
// progress bar (the stream is handed on unchanged, so WebAssembly still compiles while it downloads).
// Said at most every PROGRESS_MS, and when a file ends: a message per chunk (hundreds, for 13 MB)
// kept the page's thread redrawing its bar while the worker's own thread started Python (issue 43).
const PROGRESS_MS = 100;
function countingFetch() {
  const fetchBytes = self.fetch.bind(self);
  let done = 0;
  let said = 0;
  return async (input, init) => {
    const response = await fetchBytes(input, init);
    if (!response.ok || !response.body) return response;
    // Counted on the way by a TransformStream the browser pipes natively: with a JavaScript pull loop
    // in its place (a reader awaited chunk by chunk) first visits measured 1.04-1.23x bare Pyodide,
    // with this one 1.08-1.10x (issue 43; benchmarks/run.py --only sandbox).
    const counted = response.body.pipeThrough(new TransformStream({
      transform(chunk, controller) {
        done += chunk.byteLength;
        const now = performance.now();
        if (now - said >= PROGRESS_MS) { said = now; report("download", done); }
        controller.enqueue(chunk);
      },
      flush() { report("download", done); },
    }));
    return new Response(counted, { status: response.status, statusText: response.statusText, headers: response.headers });
  };
}

// A second visit starts from a memory snapshot of the first: Pyodide's WebAssembly memory once
// the engine was imported (Pyodide's `_makeSnapshot` / `_loadSnapshot`, for the pinned version),
// kept in the browser's Cache Storage under the engine archive's hashed URL and Pyodide's
// version. Restoring it skips Python's start and the engine's import (about 0.7 s instead of
// several seconds). A new site has a new archive name, hence a new snapshot; a snapshot that does
// not restore is deleted, and the engine starts as on a first visit.
//
// A snapshot is kept only once complete, and soon (issue 43: the next visit started cold after a
// first one closed within seconds of ready, the snapshot's gzip stream still being written). It is
// kept as it is, not gzipped: gzip took several times as long as the rest (about 1 s of 30 MB on
// a phone), and the next visit would unzip it again; written under a temporary key and, once that
// is stored, put under its own key (the Cache API has no rename). Its entry names its length; a
// visit takes only an entry whose bytes are all there (any other is deleted).
const SNAPSHOTS = "altered-rules-sandbox-snapshot";
const WRITING = "&writing";                     // the temporary key's ending
const MEMORY_BYTES = "X-Altered-Snapshot-Bytes";   // the memory's length, as the entry names it
// The archive is imported as it is (zipimport), not unpacked: it holds each module's bytecode,
// compiled at build time by this very Pyodide (sandbox.py, with_bytecode).
const ARCHIVE = "/sandbox/engine.zip";
const IMPORT = `import sys; _ar_before = set(sys.modules); sys.path.insert(0, "${ARCHIVE}")
import altered_rules.site_assets.sandbox_runtime`;
// The modules that import brought in and Python compiled from their source (a module loaded from
// bytecode is named by its .pyc): the archive's, and the standard library's that Pyodide's start
// had not imported (Pyodide ships those as sources: sandbox.STDLIB_MODULES puts them in the archive).
const COMPILED = `sum(1 for n, m in list(sys.modules.items()) if n not in _ar_before
                    and str(getattr(m, "__file__", None) or "").endswith(".py")
                    and getattr(getattr(m, "__spec__", None), "origin", None) != "frozen")`;

function snapshotKey(setup) {
  return `${setup.engine}?pyodide=${encodeURIComponent(setup.index)}`;
}

// The kept snapshot's memory, or null: none kept, no Cache Storage (a file: page, private
// browsing), or an entry not whole (shorter or longer than it says: deleted).
async function keptSnapshot(setup) {
  let cache = null;
  try {
    cache = await caches.open(SNAPSHOTS);
    const hit = await cache.match(snapshotKey(setup));
    if (!hit) return null;
    const memory = new Uint8Array(await hit.arrayBuffer());
    if (!memory.byteLength || memory.byteLength !== Number(hit.headers.get(MEMORY_BYTES))) throw new Error("a snapshot not whole");
    return memory;
  } catch (error) {
    if (cache) await forgetSnapshot();
    return null;
  }
}

async function keepSnapshot(setup, memory, taken) {
  try {
    const headers = { "Content-Type": "application/octet-stream", [MEMORY_BYTES]: String(memory.byteLength) };
    const cache = await caches.open(SNAPSHOTS);
    const key = snapshotKey(setup);
    const bytes = new Blob([memory]);
    await cache.put(key + WRITING, new Response(bytes, { headers }));   // resolves once all of it is stored
    const written = performance.now();
    await cache.put(key, new Response(bytes, { headers }));
    for (const request of await cache.keys()) {  // the temporary entry, an older site's, an older Pyodide's
      if (request.url !== new URL(key, self.location.href).href) await cache.delete(request);
    }
    report("kept", null, { taken, written, kept: performance.now(), bytes: memory.byteLength });
  } catch (error) {
    // Nothing is lost: the next visit starts as this one did.
  }
}

async function forgetSnapshot() {
  try { await caches.delete(SNAPSHOTS); } catch (error) { /* nothing kept */ }
}

async function start(setup) {
  self.fetch = countingFetch();
  // Pyodide's script, a kept snapshot and the engine's archive are all asked for at once: none
  // waits for another (a snapshot found makes the archive unneeded: its download is stopped).
  const runtime = import(setup.index + "pyodide.mjs");
  const kept = keptSnapshot(setup);
  const stop = new AbortController();
  const archive = self.fetch(setup.engine, { signal: stop.signal }).then((response) => {
    if (!response.ok) throw new Error(`${setup.engine}: HTTP ${response.status}`);
    return response.arrayBuffer();
  });
  archive.catch(() => {});  // stopped for a snapshot; otherwise its error is thrown where it is awaited
  const snapshot = await kept;
  const { loadPyodide } = await runtime;
  // The lock file's packages are left out: the sandbox loads no package, so nothing is ever
  // fetched from Pyodide's CDN.
  const options = { indexURL: setup.index, lockFileContents: setup.lock, packages: [] };
  let pyodide = null;
  let restoreFailed = false;
  if (snapshot) {
    // The archive keeps arriving until the snapshot has restored: one that does not restore
    // then costs no second download on top of a cold start.
    try {
      pyodide = await loadPyodide({ ...options, _loadSnapshot: snapshot });
      engine = pyodide.pyimport("altered_rules.site_assets.sandbox_runtime");
      stop.abort();
    } catch (error) {
      pyodide = engine = null;
      restoreFailed = true;
      await forgetSnapshot();
    }
  }
  if (engine) {
    report("ready", null, { origin: performance.timeOrigin, pyodide: performance.now(), engine: 0, snapshot: true });
    return;
  }
  pyodide = await loadPyodide({ ...options, _makeSnapshot: true });
  // What each part took, in ms since the worker began, for the benchmark (benchmarks/run.py,
  // the sandbox's start): Pyodide's own start, then the engine's.
  const timings = { origin: performance.timeOrigin, pyodide: performance.now(), snapshot: false, restoreFailed };
  report("engine", null);
  let bytes;
  try {
    bytes = new Uint8Array(await archive);
  } catch (error) {  // its download failed: asked for once more
    bytes = new Uint8Array(await (await self.fetch(setup.engine)).arrayBuffer());
  }
  timings.archive = performance.now();
  pyodide.FS.mkdirTree(ARCHIVE.slice(0, ARCHIVE.lastIndexOf("/")));
  pyodide.FS.writeFile(ARCHIVE, bytes);
  pyodide.runPython(IMPORT);
  // Modules Python had to compile (bytecode unused, another Python's, or a standard module left out): 0.
  timings.compiled = pyodide.runPython(COMPILED);
  timings.imported = performance.now();
  timings.engine = timings.imported - timings.pyodide;
  // Ready now; the snapshot is taken in this same task, before any message of the page is
  // handled (a call sent at once waits for it), and before any Python object is handed to
  // JavaScript: the snapshot holds Python's memory alone.
  report("ready", null, timings);
  const memory = pyodide.makeMemorySnapshot();
  engine = pyodide.pyimport("altered_rules.site_assets.sandbox_runtime");
  keepSnapshot(setup, memory, performance.now());
}

self.onmessage = async (event) => {
  const message = event.data || {};
  if (message.setup) {
    starting = start(message.setup);
    starting.catch((error) => {
      self.postMessage({ progress: { stage: "failed", error: String((error && error.message) || error) } });
    });
    return;
  }
  try {
    await starting;
    const answer = engine.call(message.command, JSON.stringify(message.request));
    self.postMessage({ id: message.id, answer: JSON.parse(answer) });
  } catch (error) {
    self.postMessage({ id: message.id, failed: String((error && error.message) || error) });
  }
};
