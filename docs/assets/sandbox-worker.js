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
function countingFetch() {
  const fetchBytes = self.fetch.bind(self);
  let done = 0;
  return async (input, init) => {
    const response = await fetchBytes(input, init);
    if (!response.ok || !response.body) return response;
    const reader = response.body.getReader();
    const body = new ReadableStream({
      async pull(controller) {
        const { value, done: finished } = await reader.read();
        if (finished) { controller.close(); return; }
        done += value.byteLength;
        report("download", done);
        controller.enqueue(value);
      },
      cancel(reason) { return reader.cancel(reason); },
    });
    return new Response(body, { status: response.status, statusText: response.statusText, headers: response.headers });
  };
}

// A second visit starts from the engine's modules as Pyodide compiled them on the first (Python
// bytecode, kept in the browser's Cache Storage under the archive's own hashed name): importing
// them then skips compiling some 10,000 lines of Python in WebAssembly. The bytecode is
// "unchecked-hash" (PEP 552), used whatever the files' times after unpacking; a new site has a new
// archive name, hence a new entry.
const COMPILED = "altered-rules-sandbox-compiled";

async function compiledArchive(url) {
  try {
    const cache = await caches.open(COMPILED);
    const hit = await cache.match(url);
    return hit ? new Uint8Array(await hit.arrayBuffer()) : null;
  } catch (error) {
    return null;  // no Cache Storage here (a file: page, private browsing): the plain archive
  }
}

async function keepCompiled(pyodide, url) {
  try {
    const bytes = pyodide.runPython(`
import compileall, io, os, py_compile, zipfile
compileall.compile_dir("/sandbox", quiet=1, invalidation_mode=py_compile.PycInvalidationMode.UNCHECKED_HASH)
buffer = io.BytesIO()
with zipfile.ZipFile(buffer, "w", zipfile.ZIP_DEFLATED) as archive:
    for folder, _, names in os.walk("/sandbox"):
        for name in names:
            path = os.path.join(folder, name)
            archive.write(path, os.path.relpath(path, "/sandbox"))
buffer.getvalue()
`).toJs();
    const cache = await caches.open(COMPILED);
    for (const key of await cache.keys()) await cache.delete(key);  // an older site's archive
    await cache.put(url, new Response(bytes, { headers: { "Content-Type": "application/zip" } }));
  } catch (error) {
    // Nothing is lost: the next visit compiles again.
  }
}

async function start(setup) {
  self.fetch = countingFetch();
  // Pyodide and the engine's archive are fetched at the same time.
  const archive = compiledArchive(setup.engine).then(async (compiled) => compiled
    ? { bytes: compiled, compiled: true }
    : { bytes: new Uint8Array(await (await self.fetch(setup.engine)).arrayBuffer()), compiled: false });
  const { loadPyodide } = await import(setup.index + "pyodide.mjs");
  // The lock file's packages are left out: the sandbox loads no package, so nothing is ever
  // fetched from Pyodide's CDN.
  const pyodide = await loadPyodide({ indexURL: setup.index, lockFileContents: setup.lock, packages: [] });
  const started = performance.now();  // ms since the worker began: Pyodide's own start
  report("engine", null);
  const { bytes, compiled } = await archive;
  pyodide.unpackArchive(bytes, "zip", { extractDir: "/sandbox" });
  pyodide.runPython("import sys; sys.path.insert(0, '/sandbox')");
  engine = pyodide.pyimport("altered_rules.site_assets.sandbox_runtime");
  // What each part took, for the benchmark (benchmarks/run.py, the sandbox's start).
  report("ready", null, { pyodide: started, engine: performance.now() - started, compiled });
  // After the page is told: compiling takes a moment, and no judge waits for it.
  if (!compiled) setTimeout(() => keepCompiled(pyodide, setup.engine), 1000);
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
