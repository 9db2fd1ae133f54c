"""The judge's sandbox at build time: the files it runs in the browser, and its page's data.

The sandbox runs the project's own `engine/` in the browser with Pyodide, so that a judge's
board is decided by the same code that verifies the glossary, not a second implementation.

- `runtime_files(project)`: the Pyodide runtime (the npm package pinned in package.json) and an
  archive of the engine and what it needs to read pasted YAML (the glossary's cards and deck
  limits among it), each module beside its bytecode compiled by that Pyodide (`with_bytecode`),
  with the bytes of each file;
- `write_runtime(project, site)`: writes them once into site/_sandbox/, shared by the three
  languages (the runtime is the same in each, and a judge switching language keeps it cached);
- `runtime(project)`: what a language's build links to (the runtime build_site wrote);
- `scenario_file(glossary, verification)`: the glossary's scenarios by id, the file each
  language's build publishes beside the sandbox page, from which it opens a rule page's link
  (`sandbox/?scenario=4.2.4.c-scenario-1`);
- `card_index_file(glossary, pool, language)`: the cards the board form offers by name and the
  decklist is read against (content/pool/card_index.py): the imported pool's when card data is
  configured, else glossary/cards.yaml's; a file beside the sandbox page, loaded when first used;
- `page_data(glossary, language, runtime, scenarios, cards)`: what the sandbox page reads: its strings
  and the game's terms in the page's language, the link of every rule, where the runtime, the
  scenarios and the card index are.

Nothing here is committed: the runtime comes from node_modules/, the archive is built from the
working tree, both at every build, byte for byte the same for the same inputs (the bytecode is
compiled once per set of sources, in node_modules/.cache).
"""

from __future__ import annotations

import hashlib
import pickle
import io
import json
import os
import posixpath
import shutil
import subprocess
import zipfile
import zlib
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import Any

import yaml

import engine
from engine.deck import deck_limits_data
from engine.decisions import decisions_data
from engine.vocabulary import CHARACTER_SUBTYPES, Keyword

from ..caches import Cache
from ..content.glossary import GlossaryError, load_glossary
from ..content.glossary.citing import engine_citations
from ..content.pool import CardPool
from ..content.pool.card_index import glossary_index, pool_index
from ..content.glossary.model import CardData, Glossary
from ..content.glossary.schema import PINNED_RULE_ID, SYMBOL_REFERENCE
from ..pages.render import (ANY_REFERENCE, RULINGS_PAGE, SANDBOX_PAGE, Renderer, mode_page, page_url, pinned_label, pinned_path,
                            relative_url, script_json)
from ..messages import catalogue_data
from ..strings import STRINGS, tr
from ..verification.checks import CARD_OVERRIDES, Check, Verification, expand_cards
from ..content.yamlsource import LineDict, plain_data

SANDBOX_DIR = "_sandbox"
"""site/_sandbox/: the runtime, beside the language folders."""

PAGE_ASSETS = ("assets/sandbox.css", "assets/sandbox.js", "assets/sandbox-worker.js")
"""The sandbox page's own styles and scripts, relative to a language's site: loaded by that page
only, so kept offline with it (the service worker's SANDBOX_DATA), not on every first visit."""

PYODIDE_PACKAGE = Path("node_modules") / "pyodide"
PYODIDE_FILES = ("pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm", "python_stdlib.zip")
"""What Pyodide fetches to start; its lock file is not served: the sandbox loads no package."""

# The Python the archive holds: the engine, pyyaml (its pure-Python half: the compiled one
# is for CPython, not for Pyodide) and the plugin's modules that read and run pasted text.
PLUGIN_MODULES = ("__init__.py", "content/__init__.py", "content/yamlsource.py", "content/sourcefiles.py", "verification/__init__.py",
                  "verification/scenarios.py", "site_assets/__init__.py", "site_assets/sandbox_runtime.py",
                  # The decklist as pasted, read against the card index (issue 39): `altered-rules deck
                  # check`'s own code, imported when a decklist is first checked, not at start.
                  "content/pool/__init__.py", "content/pool/model.py", "content/pool/importer.py",
                  "content/pool/decklist.py", "content/pool/card_index.py")
CARDS = "altered_rules/site_assets/cards.json"
MESSAGES = "altered_rules/site_assets/messages.json"
"""The engine's message catalogues (plugins/altered_rules/messages.py), as sandbox_runtime reads them."""
"""The cards a glossary scenario names with `{card: Name}`, as sandbox_runtime reads them."""
DECK_LIMITS = "altered_rules/site_assets/deck-limits.json"
DECISIONS = "altered_rules/site_assets/decisions.json"
"""The questions the glossary's rules decide (Glossary.decisions, written by
engine.decisions.decisions_data), as sandbox_runtime reads them."""
CITATIONS = "altered_rules/site_assets/citations.json"
"""The glossary's numbers for the rules the engine cites (citing.engine_citations, written by
engine.Citations.data), as sandbox_runtime reads them: `{}` for a glossary never renumbered."""
"""Each deck format's numbers, from the glossary's game modes (Glossary.deck_limits, written by
engine.deck.deck_limits_data), as sandbox_runtime reads them: the engine holds none."""

# Game words the sandbox shows, taken from the termbase so that French and Italian use the
# official terms (glossary/termbase.yaml); a keyword's termbase id is its engine.Keyword value.
TERMS = (
    "character", "hero", "spell", "permanent", "token", "expedition", "hero-expedition", "companion-expedition",
    "tumult", "arena", "dusk", *(k.value for k in Keyword), "forest", "mountain", "water", "tiebreaker", "first-player",
    "statistics", "sub-type", "rarity-common", "rarity-rare", "rarity-unique", "hero-region",
    "companion-region", "day", "region", "deck", "exhaust", "hand-cost", "reserve-cost",
)


class SandboxError(Exception):
    """The sandbox's runtime cannot be built (the npm package is missing or not the pinned one)."""


@dataclass(frozen=True)
class Runtime:
    """What the sandbox runs in the browser: its files under site/_sandbox/ and their bytes."""

    pyodide_version: str
    files: tuple[tuple[str, int], ...]   # (path under site/_sandbox/, bytes)
    digest: str                          # of every file's content
    lock_info: dict[str, Any]            # the lock file's `info`, given to Pyodide instead of the file

    @property
    def cache(self) -> str:
        """The service workers' cache for these files, shared by the languages and kept from one
        build to the next (the files' names change with their content)."""
        return "altered-sandbox"

    @property
    def index(self) -> str:
        return f"pyodide-{self.pyodide_version}/"

    @property
    def engine(self) -> str:
        return next(path for path, _ in self.files if path.startswith("engine-"))

    @property
    def bytes(self) -> int:
        return sum(size for _, size in self.files)

    def manifest(self) -> str:
        return json.dumps({"pyodide": self.pyodide_version, "files": [list(f) for f in self.files],
                           "digest": self.digest, "lock_info": self.lock_info}, indent=1, sort_keys=True) + "\n"

    @classmethod
    def from_manifest(cls, text: str) -> "Runtime":
        data = json.loads(text)
        return cls(data["pyodide"], tuple((path, size) for path, size in data["files"]), data["digest"], data["lock_info"])


MANIFEST = "manifest.json"
# The runtime write_runtime wrote last for a project in this process, with its manifest's path:
# build_site writes it first, and its language builds link to it (runtime), so that the three
# pages point at the very files written, even if engine/ changes meanwhile. A value kept here, not
# an environment variable: kept only while that manifest is still the one written.
_WRITTEN: Cache[str, tuple[Path, Runtime]] = Cache("sandbox runtime written", 8)


def pinned_version(project: Path) -> str:
    """The Pyodide version package.json pins (an exact version: the site must build the same way)."""
    try:
        package = json.loads((project / "package.json").read_text(encoding="utf-8"))
        return str(package["dependencies"]["pyodide"])
    except (OSError, ValueError, KeyError):
        raise SandboxError(f"{project / 'package.json'} does not pin the pyodide npm package") from None


def runtime_files(project: Path) -> tuple[Runtime, dict[str, bytes]]:
    """The runtime's files: Pyodide's from node_modules/, and the engine's archive."""
    version = pinned_version(project)
    package = project / PYODIDE_PACKAGE
    try:
        installed = json.loads((package / "package.json").read_text(encoding="utf-8"))["version"]
    except OSError:
        raise SandboxError(f"{package} is missing: run `npm ci` (`make site` and `make test` do)") from None
    if installed != version:
        raise SandboxError(f"{package} is Pyodide {installed}, package.json pins {version}: run `npm ci`")
    try:
        files = {f"pyodide-{version}/{name}": (package / name).read_bytes() for name in PYODIDE_FILES}
        lock = json.loads((package / "pyodide-lock.json").read_text(encoding="utf-8"))
    except OSError as exc:
        raise SandboxError(f"{package} is incomplete ({exc.strerror}: {exc.filename}): run `npm ci`") from None
    try:
        glossary = load_glossary(project / "glossary")
    except GlossaryError as exc:  # the language builds report it, with its file and line
        raise SandboxError(str(exc)) from None
    archive = with_bytecode(with_stdlib(engine_archive(glossary.cards, glossary.deck_limits, glossary.decisions,
                                                                engine_citations(glossary)), project), project)
    files[f"engine-{hashlib.sha256(archive).hexdigest()[:12]}.zip"] = archive
    hashed = hashlib.sha256()
    for path, data in files.items():
        hashed.update(path.encode() + b"\0" + hashlib.sha256(data).digest())
    found = Runtime(version, tuple((path, len(data)) for path, data in files.items()), hashed.hexdigest()[:16], lock["info"])
    return found, files


def runtime(project: Path) -> Runtime:
    """The runtime a language build links to: the one build_site wrote (write_runtime) for this
    project, or else the files as they are now (a single language's build)."""
    written = _WRITTEN.get(str(Path(project).resolve()))
    if written is not None:
        manifest, found = written
        try:
            if manifest.read_text(encoding="utf-8") == found.manifest():
                return found
        except OSError:   # that site's runtime is gone: the files as they are now
            pass
    return runtime_files(project)[0]


class KeptRuntime:
    """A `mkdocs serve` session's sandbox runtime (issue 29): `runtime` re-reads Pyodide, loads the
    glossary again and zips the engine at every rebuild. Kept under every input it is made from: the
    glossary's cards and deck limits (as the language build loaded them from the same folder), the
    digest of every file it reads (package.json, Pyodide's files and lock, the archive's sources, the
    bytecode script); made again when any differs."""

    def __init__(self) -> None:
        self._kept: Cache[bytes, Runtime] = Cache("sandbox runtime", 1)
        self.made = 0   # runtimes made (not kept) this session
        # Each file's digest, read again only when its file system record changed (device, inode,
        # size, modification and change times: any write changes the change time): Pyodide's
        # files are megabytes that never change in a session.
        self._digests: dict[Path, tuple[tuple[int, ...], bytes]] = {}

    def runtime(self, project: Path, glossary: Glossary, glossary_dir: Path) -> Runtime:
        """`runtime(project)`, kept while its inputs are; `glossary` is the language build's, loaded
        from `glossary_dir` (kept only when that is the folder the runtime reads its cards from)."""
        if Path(glossary_dir).resolve() != (project / "glossary").resolve():
            return runtime_files(project)[0]
        # As an absolute path: `mkdocs serve`'s first build names the project "" (the folder of a
        # configuration file named "mkdocs.yml"), its rebuilds by its absolute path.
        project = Path(os.path.abspath(project))
        package = project / PYODIDE_PACKAGE
        read = [project / "package.json", package / "package.json", package / "pyodide-lock.json",
                *(package / name for name in PYODIDE_FILES), *(path for _, path in _archive_sources()), BYTECODE_SCRIPT]
        key = hashlib.sha256(pickle.dumps((str(project), glossary.cards, glossary.deck_limits, decisions_data(glossary.decisions),
                                           engine_citations(glossary).data())))
        for path in read:
            try:
                key.update(str(path).encode() + b"\0" + self._digest(path))
            except OSError:   # runtime_files says what is missing
                return runtime_files(project)[0]
        kept = self._kept.get(key.digest())
        if kept is None:
            kept = self._kept.put(key.digest(), runtime_files(project)[0])
            self.made += 1
        return kept

    def _digest(self, path: Path) -> bytes:
        """The digest of the file's bytes (raises OSError when it cannot be read)."""
        found = os.stat(path)
        record = (found.st_dev, found.st_ino, found.st_size, found.st_mtime_ns, found.st_ctime_ns)
        kept = self._digests.get(path)
        if kept is None or kept[0] != record:
            kept = self._digests[path] = (record, hashlib.sha256(path.read_bytes()).digest())
        return kept[1]


def _archive_sources() -> list[tuple[str, Path]]:
    """(name in the archive, file) for every file the sandbox imports, in a stable order: the
    very modules this Python runs (the engine that verifies the glossary, not a copy of it)."""
    root = Path(engine.__file__).parent
    # Every module of the engine, its sub-packages' too (engine/scenario/...): a glob of the top
    # folder alone would leave a sub-package out, and the sandbox would fail only in the browser.
    sources = [(f"engine/{p.relative_to(root).as_posix()}", p) for p in sorted(root.rglob("*.py"))
               if "__pycache__" not in p.parts]
    yaml_dir = Path(yaml.__file__).parent
    sources += [(f"yaml/{p.name}", p) for p in sorted(yaml_dir.glob("*.py"))]
    licences = sorted(yaml_dir.parent.glob("[Pp]y[Yy][Aa][Mm][Ll]-*.dist-info/licenses/LICENSE"))
    sources += [("yaml/LICENSE", p) for p in licences[:1]]
    plugin = Path(__file__).parent.parent
    sources += [(f"altered_rules/{name}", plugin / name) for name in PLUGIN_MODULES]
    return sources


def card_characters(cards: dict[str, CardData]) -> dict[str, Any]:
    """Each card of glossary/cards.yaml as the character mapping `{card: Name}` stands for, so
    that a scenario copied from a rule page runs in the sandbox as it is written."""
    characters = {}
    for name in sorted(cards):
        node = LineDict(card=name)
        node.path, node.line, node.key_lines = "glossary/cards.yaml", 0, {}
        characters[name] = {k: (list(v) if isinstance(v, (list, tuple)) else v) for k, v in expand_cards(node, cards).items()}
    return characters


def engine_archive(cards: dict[str, CardData] | None = None, deck_limits: engine.DeckLimitsByFormat | None = None,
                   decisions: engine.Decisions | None = None, citations: engine.Citations | None = None) -> bytes:
    """A zip of the engine, pyyaml, the sandbox's modules, the glossary's cards, its deck limits and
    the questions its rules decide (engine.decisions), which every sandbox run follows as verify does,
    and the glossary's numbers for the rules the engine cites (engine.citations), which its traces cite;
    the same bytes for the same files (fixed dates and order), so that two builds of one commit are identical."""
    entries = [(name, path.read_bytes()) for name, path in _archive_sources()]
    known = {"overrides": list(CARD_OVERRIDES), "cards": card_characters(cards or {})}
    entries.append((CARDS, json.dumps(known, ensure_ascii=False, indent=1, sort_keys=True).encode()))
    entries.append((DECK_LIMITS, json.dumps(deck_limits_data(deck_limits or {}), indent=1, sort_keys=True).encode()))
    entries.append((DECISIONS, json.dumps(decisions_data(decisions or {}), ensure_ascii=False, indent=1, sort_keys=True).encode()))
    entries.append((CITATIONS, json.dumps(citations.data() if citations else {}, indent=1, sort_keys=True).encode()))
    # The engine's messages in every language, with Babel's plural rules: the runtime renders the
    # trace, outcomes and refusals in the page's language without Babel.
    messages = catalogue_data((cards or {}).values())
    entries.append((MESSAGES, json.dumps(messages, ensure_ascii=False, sort_keys=True).encode()))
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w", zipfile.ZIP_DEFLATED, compresslevel=9) as archive:
        for name, data in entries:
            _add(archive, name, data)
    return buffer.getvalue()


def _add(archive: zipfile.ZipFile, name: str, data: bytes) -> None:
    """One file of the engine's archive, dated and permitted alike whatever the machine."""
    info = zipfile.ZipInfo(name, date_time=(1980, 1, 1, 0, 0, 0))
    info.compress_type = zipfile.ZIP_DEFLATED
    info.external_attr = 0o644 << 16
    archive.writestr(info, data)


# ---- the archive's bytecode (issue 29) ---------------------------------------------------------
STDLIB_MODULES = ("datetime",)
"""Modules of Python's standard library the engine's archive imports that Pyodide's own start
does not (pyyaml's `datetime`): Pyodide ships its standard library as sources
(python_stdlib.zip), so the browser compiled them on every first visit (issue 43). Their
source, the very file that Pyodide serves, goes into the archive with its bytecode beside it,
and is imported from there (the archive is first on sys.path). The sandbox's worker counts any
module its engine import still had to compile (`timings.compiled`, a browser test: 0). A module
needed only on an error (difflib, for "did you mean") is imported there instead."""


def with_stdlib(archive: bytes, project: Path) -> bytes:
    """The archive with STDLIB_MODULES' sources as the pinned Pyodide ships them, at its top."""
    stdlib = project / PYODIDE_PACKAGE / "python_stdlib.zip"
    try:
        with zipfile.ZipFile(stdlib) as shipped:
            sources = {f"{name}.py": shipped.read(f"{name}.py") for name in STDLIB_MODULES}
    except (OSError, KeyError, zipfile.BadZipFile) as exc:
        raise SandboxError(f"{stdlib}: no {', '.join(STDLIB_MODULES)} in Pyodide's standard library ({exc}): run `npm ci`") from None
    buffer = io.BytesIO(archive)
    with zipfile.ZipFile(buffer, "a", zipfile.ZIP_DEFLATED, compresslevel=9) as extended:
        for name, data in sources.items():
            _add(extended, name, data)
    return buffer.getvalue()


BYTECODE_SCRIPT = Path(__file__).with_name("sandbox_bytecode.mjs")
BYTECODE_CACHE = Path("node_modules") / ".cache" / "altered-rules-bytecode"
"""Where the compiled modules are kept between builds, by their sources' and Pyodide's digest:
beside the Pyodide that compiled them (a new `npm ci` starts afresh), never committed."""
BYTECODE_KEPT = 4
"""Compilations kept (the newest): a few branches' engines side by side, not every edit's."""
BYTECODE_TIMEOUT = 600  # seconds: Pyodide starting in Node on a loaded 2-core machine takes ~10


def with_bytecode(archive: bytes, project: Path) -> bytes:
    """The archive with each of its modules' bytecode beside it (`engine/day.pyc` beside
    `engine/day.py`), compiled by the Pyodide the sandbox runs (sandbox_bytecode.mjs, in Node).

    The browser imports the archive as it is (zipimport), and compiling the modules there was
    most of the engine's import: about 2 s of a first visit on a slow machine. The sources stay
    (tracebacks quote them). The build's CPython cannot compile them: its bytecode is of another
    Python version, which Pyodide would ignore. Compiled once per set of sources and kept in
    node_modules/.cache (Pyodide starting in Node takes seconds)."""
    sources = _modules(archive)
    kept = bytecode_file(archive, project)
    compiled = _kept_bytecode(kept, sources)
    if compiled is None:
        _compile_bytecode(project, archive, kept)
        compiled = _kept_bytecode(kept, sources)
        if compiled is None:
            raise SandboxError(f"{kept}: Pyodide did not compile every module of the engine's archive")
    buffer = io.BytesIO(archive)
    with zipfile.ZipFile(buffer, "a") as extended:
        for name, data in compiled.items():
            _add(extended, name + "c", data)
    return buffer.getvalue()


def _modules(archive: bytes) -> dict[str, bytes]:
    with zipfile.ZipFile(io.BytesIO(archive)) as given:
        return {name: given.read(name) for name in given.namelist() if name.endswith(".py")}


def bytecode_file(archive: bytes, project: Path) -> Path:
    """Where the bytecode of the archive's modules is kept: named by a digest of the modules, the
    pinned Pyodide and the script that compiles them (a change to any compiles them again)."""
    key = hashlib.sha256(f"pyodide {pinned_version(project)}\0".encode() + BYTECODE_SCRIPT.read_bytes())
    for name, data in _modules(archive).items():
        key.update(b"\0" + name.encode() + b"\0" + hashlib.sha256(data).digest())
    return project / BYTECODE_CACHE / f"{key.hexdigest()[:24]}.zip"


def _kept_bytecode(kept: Path, sources: dict[str, bytes]) -> dict[str, bytes] | None:
    """Each module's bytecode as compiled before, or None if it is not all there: no file yet, a
    damaged one (deleted, to be compiled again), a module missing, two Python versions' bytecode."""
    try:
        with zipfile.ZipFile(kept) as made:
            compiled = {name: made.read(name + "c") for name in sources}
    except FileNotFoundError:
        return None
    except (OSError, KeyError, EOFError, zipfile.BadZipFile, zlib.error):
        kept.unlink(missing_ok=True)
        return None
    if len({data[:4] for data in compiled.values()}) > 1:  # the magic number: one Python's bytecode
        kept.unlink(missing_ok=True)
        return None
    return compiled


def _compile_bytecode(project: Path, archive: bytes, kept: Path) -> None:
    """Compiles the archive's modules with Pyodide in Node into `kept` (a zip of the .pyc files)."""
    node = shutil.which("node")
    if node is None:
        raise SandboxError("Node.js is missing: the sandbox's engine is compiled by Pyodide in Node "
                           "(the one `npm ci` installs in node_modules/pyodide); install Node.js")
    kept.parent.mkdir(parents=True, exist_ok=True)
    sources = kept.with_suffix(f".{os.getpid()}.sources")
    made = kept.with_suffix(f".{os.getpid()}.made")
    try:
        sources.write_bytes(archive)
        done = subprocess.run([node, str(BYTECODE_SCRIPT), str(project / PYODIDE_PACKAGE), str(sources), str(made)],
                              capture_output=True, text=True, timeout=BYTECODE_TIMEOUT)
        if done.returncode != 0 or not made.is_file():
            lines = [line for line in done.stderr.splitlines()
                     if line.strip() and not line.startswith(("    at ", "Node.js v"))]  # Node's stack, its version
            said = lines[-1] if lines else f"exit status {done.returncode}"
            raise SandboxError(f"{BYTECODE_SCRIPT.name}: Pyodide could not compile the engine ({said[:500]})")
        os.replace(made, kept)  # whole or not at all: two builds at once each write their own first
    except subprocess.TimeoutExpired:
        raise SandboxError(f"{BYTECODE_SCRIPT.name}: Pyodide did not compile the engine within {BYTECODE_TIMEOUT} s") from None
    finally:
        sources.unlink(missing_ok=True)
        made.unlink(missing_ok=True)
    try:
        older = sorted(kept.parent.glob("*.zip"), key=lambda p: p.stat().st_mtime, reverse=True)[BYTECODE_KEPT:]
        for path in older:
            path.unlink(missing_ok=True)
    except OSError:
        pass  # another build pruned them meanwhile


def write_runtime(project: Path, site: Path) -> Path:
    """site/_sandbox/: the runtime once for the three languages, and its manifest (returned); the
    language builds of this process link to it (runtime)."""
    found, files = runtime_files(project)
    root = site / SANDBOX_DIR
    shutil.rmtree(root, ignore_errors=True)  # an older build's engine archive must not linger
    for path, data in files.items():
        target = root / path
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_bytes(data)
    (root / MANIFEST).write_text(found.manifest(), encoding="utf-8")
    _WRITTEN.put(str(Path(project).resolve()), (root / MANIFEST, found))
    return root / MANIFEST


# ---- the scenarios the rule pages link to ----------------------------------------------------
def published_scenarios(glossary: Glossary, verification: Verification,
                        kept: Cache[bytes, Any] | None = None) -> dict[str, Any]:
    """Every scenario a rule page opens in the sandbox, by the id its link names (its anchor on
    the page: `4.2.4.c-scenario-1`, `2.1.c-example-1`), in reading order, as the sandbox opens it:
    plain JSON data with its cards written out (the sandbox has no card list).

    Looked up as the pages are rendered (Verification.for_anchor), so that an id opens the very
    scenario its page shows. An anchor is unique on its page, not always in the site: a deck
    rule (`draft.min-cards`) is the engine's rule of a format, which game modes of one format
    may each list (the synthetic glossaries of the benchmarks do).

    `kept`: a serve session's scenarios as data by their check's key (verification/cache.py: the
    scenario as the engine is given it, its cards written out, which is what is published here)."""
    def published(check: Check) -> Any:
        if kept is None or check.key is None:
            return plain_data(expand_cards(check.data, glossary.cards))
        return kept.made(check.key, lambda: plain_data(expand_cards(check.data, glossary.cards)))

    return {anchor: published(check)
            for anchor, check in verification.for_anchor().items()
            if check.passed}  # a page links only a verified scenario (and the build stops on any other)


# A serve session's published scenarios: past this many, the kept ones are forgotten together.
KEPT_SCENARIOS = 20_000


def scenario_file(glossary: Glossary, verification: Verification, kept: Cache[bytes, Any] | None = None) -> tuple[str, str]:
    """(path in the language's site, text): the JSON of published_scenarios, beside the sandbox page.

    Named after its content, so that a page and the file it reads always come from the same build:
    a service worker's kept copy of an older file is never read by a newer page, nor the reverse.
    `kept`: a serve session's scenarios (published_scenarios)."""
    text = json.dumps(published_scenarios(glossary, verification, kept), ensure_ascii=False, separators=(",", ":")) + "\n"
    name = f"scenarios-{hashlib.sha256(text.encode('utf-8')).hexdigest()[:12]}.json"
    return page_url(SANDBOX_PAGE) + name, text


# ---- the cards the form offers and the decklist reads (issue 39) ------------------------------
def card_index_file(glossary: Glossary, pool: CardPool | None, language: str) -> tuple[str, str]:
    """(path in the language's site, text): the card index of `language` (card_index.py), beside
    the sandbox page, named after its content as the scenario file is (a kept copy of an older
    index is never read by a newer page). The page loads it only when its form or its decklist is
    used: a pool of thousands of cards stays out of the page itself."""
    data = pool_index(pool, language) if pool is not None else glossary_index(glossary.cards, language)
    text = json.dumps(data, ensure_ascii=False, separators=(",", ":")) + "\n"
    name = f"cards-{hashlib.sha256(text.encode('utf-8')).hexdigest()[:12]}.json"
    return page_url(SANDBOX_PAGE) + name, text


# ---- the page --------------------------------------------------------------------------------
def _sandbox_keys() -> tuple[str, ...]:   # read when a page is made, not on import (strings.py)
    return tuple(key for key in STRINGS["en"] if key.startswith("sandbox_"))


def rule_links(glossary: Glossary, language: str, renderer: Renderer | None = None) -> dict[str, str]:
    """Every rule, ruling and game-mode rule the engine's trace may cite, and its link from the
    sandbox page (as the rule pages link them: the language build's Renderer, when given)."""
    renderer = renderer or Renderer(glossary, language)
    links = {rule: relative_url(SANDBOX_PAGE, page, rule) for rule, page in renderer.page_of.items()
             if not rule.startswith(("term-", "mode-", "ruling-"))}
    for mode in glossary.modes:
        for rule in mode.deck_rules:
            links[rule.id] = relative_url(SANDBOX_PAGE, mode_page(mode.id), rule.id)
    for ruling in glossary.rulings:
        links[f"ruling:{ruling.id}"] = relative_url(SANDBOX_PAGE, RULINGS_PAGE, f"ruling-{ruling.id}")
    for pinned, version in _pins(glossary):   # a rule as a release had it: its text there, as on the rule pages
        links[f"{pinned}@{version}"] = relative_url(SANDBOX_PAGE, pinned_path(pinned, version))
    return links


def _pins(glossary: Glossary) -> list[tuple[str, str]]:
    """The glossary's pinned citations (4.3.b@2026.1, linking.py's): (rule, release)."""
    return [(m.group(1), m.group(2)) for key in sorted(glossary.pinned) if (m := PINNED_RULE_ID.match(key))]


def pinned_labels(glossary: Glossary) -> dict[str, str]:
    """Each pinned citation -> how it reads (render.pinned_label, "4.3.b (2026.1)")."""
    return {f"{rule}@{version}": pinned_label(rule, version) for rule, version in _pins(glossary)}


def terms(glossary: Glossary, language: str) -> dict[str, str]:
    """The game's words in `language`, as the termbase gives them; where the card wording speaks to
    the player, its third-person form, since the sandbox names the player ("Alice · ...")."""
    wanted = set(TERMS) | {s.lower() for s in CHARACTER_SUBTYPES}
    found = {}
    for entry in glossary.termbase:
        if entry.id in wanted:
            form = entry.forms.get(language)
            found[entry.id] = (dict(form.extra).get("third_person", form.term)
                               if form is not None and language != "en" else entry.en)
    return found


def deck_rule_texts(glossary: Glossary, language: str) -> dict[str, str]:
    """The text of every rule a deck can break, in `language`: a violation is shown with it."""
    texts = {}
    mode_rules = {rule.id: rule for mode in glossary.modes for rule in mode.deck_rules}
    for rule in sorted({rule for rules in engine.DECK_RULE_IDS.values() for rule in rules}):
        found = glossary.paragraphs.get(rule) or mode_rules.get(rule)
        if found is not None:
            symbols = glossary.symbols
            texts[rule] = SYMBOL_REFERENCE.sub(
                lambda m: symbols[m.group(1)].label.get(language) if m.group(1) in symbols else m.group(0),  # noqa: B023 (sub calls it at once)
                found.text.get(language))
    return texts


def page_data(glossary: Glossary, language: str, found: Runtime, scenarios: str | None = None,
              renderer: Renderer | None = None, cards: tuple[str, bool] | None = None) -> dict[str, Any]:
    """What the sandbox page's script reads from the page (JSON). `scenarios` is the path of the
    language's scenario file (scenario_file), or None if the build publishes none (no verification);
    `cards`: the path of its card index (card_index_file) and whether it is the imported pool's."""
    renderer = renderer or Renderer(glossary, language)
    base = relative_url(SANDBOX_PAGE, "index.md").rstrip("/")  # the language's root, from the sandbox page
    sandbox = f"{base}/../{SANDBOX_DIR}/"
    return {
        "strings": {key.removeprefix("sandbox_"): tr(language, key) for key in _sandbox_keys()},
        "terms": terms(glossary, language),
        "subtypes": list(CHARACTER_SUBTYPES),
        "formats": [f.value for f in engine.DeckFormat],
        "factions": [f.value for f in engine.Faction],
        "keywords": [k.value for k in Keyword],   # the form's checkboxes: the keywords the engine models
        "links": rule_links(glossary, language, renderer),
        # A cited ruling is said by its title in the language, as the rule pages' traces say it.
        "rulings": {r.id: renderer.ruling_cited(renderer.in_language(r.title)) for r in glossary.rulings},
        # rule numbers in the engine's sentences and the deck rules' texts, as the rule pages find them
        # (render.ANY_REFERENCE: a pinned one, 4.3.b@2026.1, then one as it is now)
        "rule_pattern": ANY_REFERENCE.pattern,
        "pinned": pinned_labels(glossary),
        "deck_rules": deck_rule_texts(glossary, language),
        "runtime": {
            "index": sandbox + found.index,
            "engine": sandbox + found.engine,
            "bytes": found.bytes,
            "lock": {"info": found.lock_info, "packages": {}},
            "version": found.pyodide_version,
        },
        "worker": f"{base}/{PAGE_ASSETS[2]}",
        # The file a rule page's `?scenario=` link is read from, relative to this page.
        "scenarios": posixpath.relpath(scenarios, page_url(SANDBOX_PAGE)) if scenarios else None,
        # The card index (card_index_file), relative to this page, and whether it is the pool's
        # (then the decklist is read against it: codes and names in any language).
        "cards": posixpath.relpath(cards[0], page_url(SANDBOX_PAGE)) if cards else None,
        "pool": bool(cards and cards[1]),
    }


BOOT_SCRIPT = Path(__file__).with_name("sandbox_boot.js")
"""The script that starts the engine's worker from the top of the page's head, inlined there (no request)."""


@lru_cache(maxsize=1)
def boot_script() -> str:
    """BOOT_SCRIPT's text, as it can stand inside <script>: ours, no data in it, and checked."""
    text = BOOT_SCRIPT.read_text(encoding="utf-8")
    if "</script" in text.lower() or "<!--" in text:
        raise SandboxError(f"{BOOT_SCRIPT} would end its inline <script> early: it may not hold '</script' or '<!--'")
    return text


def start_data(found: Runtime) -> dict[str, Any]:
    """What the head's boot script starts the engine's worker with (sandbox_boot.js): the worker's
    script and the runtime's files, relative to the sandbox page, and nothing else (it comes first
    in the head, before the page's other bytes)."""
    base = relative_url(SANDBOX_PAGE, "index.md").rstrip("/")
    sandbox = f"{base}/../{SANDBOX_DIR}/"
    return {"worker": f"{base}/{PAGE_ASSETS[2]}",
            "setup": {"index": sandbox + found.index, "engine": sandbox + found.engine,
                      "lock": {"info": found.lock_info, "packages": {}}}}


def page_start(found: Runtime) -> str:
    """The elements that start the engine's worker, inline (boot_script: no request to wait for),
    placed before the page's first stylesheet (place_head): an inline script waits for every
    stylesheet above it, and Material's three took 70 to 400 ms of a first visit (issue 43)."""
    data = script_json(json.dumps(start_data(found), ensure_ascii=False, separators=(",", ":")))
    return f'<script id="ar-sandbox-start" type="application/json">{data}</script>\n<script>{boot_script()}</script>\n'


def place_head(output: str, start: str, tail: str) -> str:
    """The page with `start` before the first stylesheet of its head (or at its end, if it has
    none) and `tail` at the end of its head."""
    end = output.find("</head>")
    if end < 0:
        return output
    first = output.find('<link rel="stylesheet"', 0, end)
    at = first if first >= 0 else end
    output = output[:at] + start + output[at:]
    return output.replace("</head>", f"{tail}\n</head>", 1)


def page_head(glossary: Glossary, language: str, found: Runtime, scenarios: str | None = None,
              renderer: Renderer | None = None, cards: tuple[str, bool] | None = None) -> str:
    """The elements the sandbox page gets at the end of its head: its data, its styles and its
    script. Only this page loads them. The engine's worker was started before them (page_start);
    the page's script is `async` and builds the form once the page is parsed."""
    data = script_json(json.dumps(page_data(glossary, language, found, scenarios, renderer, cards), ensure_ascii=False, separators=(",", ":")))
    base = relative_url(SANDBOX_PAGE, "index.md").rstrip("/")
    return (
        f'<script id="ar-sandbox-data" type="application/json">{data}</script>\n'
        f'<link rel="stylesheet" href="{base}/{PAGE_ASSETS[0]}">\n'
        f'<script type="module" async src="{base}/{PAGE_ASSETS[1]}"></script>\n'
    )
