// The judge's sandbox starts its engine here, inline in the page's head (sandbox.page_head): the
// worker downloads and starts Pyodide while the rest of the page (Material's scripts, the body,
// sandbox.js) still loads, which took a few hundred ms before the worker was even created.
// sandbox.js takes this worker over with the messages it sent meanwhile, and starts the next
// one (Cancel) with start(): the one place a worker is started.
window.arSandboxBoot = {
  start() {
    const data = JSON.parse(document.getElementById("ar-sandbox-data").textContent);
    const at = (path) => new URL(path, location.href).href;
    const worker = new Worker(at(data.worker), { type: "module" });
    const early = [];
    worker.onmessage = worker.onerror = (event) => { early.push(event); };
    worker.postMessage({ setup: { index: at(data.runtime.index), engine: at(data.runtime.engine), lock: data.runtime.lock } });
    return { worker, early };
  },
};
try {
  window.arSandboxBoot.first = window.arSandboxBoot.start();
} catch (error) {
  // No worker here (an old browser): sandbox.js calls start() again, and the page says why it failed.
}
