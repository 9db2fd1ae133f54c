// The judge's sandbox: the glossary's rules engine (Python) run by Pyodide, off the page's
// thread so that the page stays responsive while 13 MB arrive and compile.
//
// The page sends {setup} once (where the runtime is: the site's own _sandbox/ folder, never
// a CDN), then {id, command, request}; the worker answers {id, answer} or {id, failed}, and
// reports {progress: {stage, done}} while it starts.
let engine = null;
let starting = null;

function report(stage, done) {
  self.postMessage({ progress: { stage, done } });
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

async function start(setup) {
  self.fetch = countingFetch();
  const { loadPyodide } = await import(setup.index + "pyodide.mjs");
  // The lock file's packages are left out: the sandbox loads no package, so nothing is ever
  // fetched from Pyodide's CDN.
  const pyodide = await loadPyodide({ indexURL: setup.index, lockFileContents: setup.lock, packages: [] });
  report("engine", null);
  const archive = await (await self.fetch(setup.engine)).arrayBuffer();
  pyodide.unpackArchive(new Uint8Array(archive), "zip", { extractDir: "/sandbox" });
  pyodide.runPython("import sys; sys.path.insert(0, '/sandbox')");
  engine = pyodide.pyimport("altered_rules.site_assets.sandbox_runtime");
  report("ready", null);
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
