// The engine archive's Python modules compiled to bytecode by Pyodide's own Python, at build time
// (sandbox.py, engine_bytecode): the build's CPython is another version, whose bytecode Pyodide
// cannot read, and compiling ~60 modules in the browser was most of the engine's import there.
//
// node sandbox_bytecode.mjs <pyodide folder> <sources.zip> <bytecode.zip>
// writes, for every `name.py` of sources.zip, `name.pyc` into bytecode.zip: unchecked-hash pycs
// (PEP 552), which zipimport reads beside their source without comparing dates, named in
// tracebacks by their path in the archive (`engine/day.py`).
import { readFileSync, writeFileSync } from "node:fs";
import { pathToFileURL } from "node:url";
import { join } from "node:path";

const [folder, sources, bytecode] = process.argv.slice(2);
const { loadPyodide } = await import(pathToFileURL(join(folder, "pyodide.mjs")).href);
const pyodide = await loadPyodide({ indexURL: folder + "/", packages: [], stdout: () => {}, stderr: console.error });
pyodide.FS.writeFile("/sources.zip", new Uint8Array(readFileSync(sources)));
pyodide.runPython(`
import os, py_compile, zipfile
with zipfile.ZipFile("/sources.zip") as given, zipfile.ZipFile("/bytecode.zip", "w") as made:
    for name in given.namelist():
        if not name.endswith(".py"):
            continue
        source = "/work/" + name
        os.makedirs(os.path.dirname(source), exist_ok=True)
        with open(source, "wb") as file:
            file.write(given.read(name))
        py_compile.compile(source, cfile=source + "c", dfile=name, doraise=True,
                           invalidation_mode=py_compile.PycInvalidationMode.UNCHECKED_HASH)
        with open(source + "c", "rb") as file:
            made.writestr(name + "c", file.read())
`);
writeFileSync(bytecode, pyodide.FS.readFile("/bytecode.zip"));
