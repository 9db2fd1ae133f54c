// The judge's sandbox starts its engine here, inline at the top of the page's head, before its
// stylesheets (sandbox.page_start; an inline script waits for the stylesheets above it): the
// worker downloads and starts Pyodide while the rest of the page (styles, Material's scripts, the
// body, sandbox.js) still loads, which took a few hundred ms before the worker was even created.
// sandbox.js takes this worker over with the messages it sent meanwhile, and starts the next
// one (Cancel) with start(): the one place a worker is started.
window.arSandboxBoot = {
  start() {
    const data = JSON.parse(document.getElementById("ar-sandbox-start").textContent);
    const at = (path) => new URL(path, location.href).href;
    const worker = new Worker(at(data.worker), { type: "module" });
    const early = [];
    worker.onmessage = worker.onerror = (event) => { early.push(event); };
    worker.postMessage({ setup: { index: at(data.setup.index), engine: at(data.setup.engine), lock: data.setup.lock } });
    return { worker, early };
  },
};
try {
  window.arSandboxBoot.first = window.arSandboxBoot.start();
} catch (error) {
  // No worker here (an old browser): sandbox.js calls start() again, and the page says why it failed.
}
