"""What a scenario's verification depends on, as one key: a result is reused only for the same key.

A check's outcome is a function of three things, and its key holds all three:
- the scenario as the engine is given it: its YAML node with every `{card: Name}` written out
  from glossary/cards.yaml (so a changed card is a changed scenario), its file and the line of
  every key and item (the messages cite them);
- the code that reads and runs it: every source file of the engine (engine/**/*.py), the
  modules that turn the glossary's node into the engine's input (verification/checks.py,
  content/yamlsource.py), and the Python version. `running_code()` is taken once per process,
  from the files the process imported its engine from: a process keeps the code it imported,
  so a changed engine on disk is a new process, and a new key;
- whatever else of the glossary a run reads, given by the caller as `dependencies` (the deck
  limits of the game modes, for a deck check).

The caches that use it (checks._MEMO and _RESULTS) live in one process only: a `mkdocs serve`
session, or a test run. A whole glossary's verification is kept under `glossary_key`: the
glossary's files as its loader read and parsed them (never as they are on disk later: an editor
may save while a build runs) and the same code (checks.verify_glossary_once).
"""

from __future__ import annotations

import functools
import hashlib
import pickle
import sys
from pathlib import Path
from typing import Any, Iterable

import engine

ENGINE_ROOT = Path(engine.__file__).resolve().parent
_PLUGIN_ROOT = Path(__file__).resolve().parent.parent
# Beside the engine, the modules that make what the engine is given from a glossary node.
READER_FILES = (_PLUGIN_ROOT / "verification" / "checks.py", _PLUGIN_ROOT / "content" / "yamlsource.py",
                _PLUGIN_ROOT / "content" / "sourcefiles.py")


def code_files(engine_root: Path = ENGINE_ROOT) -> list[Path]:
    """The source files a verification runs: the engine's, sub-packages included, and READER_FILES."""
    return sorted(engine_root.rglob("*.py")) + list(READER_FILES)


def files_digest(files: Iterable[Path], root: Path | None = None) -> bytes:
    """One digest of these files' names (relative to `root` when inside it) and bytes."""
    digest = hashlib.sha256(sys.version.encode())
    for path in files:
        name = path.relative_to(root) if root is not None and path.is_relative_to(root) else path.name
        digest.update(str(name).encode() + b"\0" + hashlib.sha256(path.read_bytes()).digest())
    return digest.digest()


@functools.cache
def running_code() -> bytes:
    """The digest of the engine and reader code this process runs (taken at its first use)."""
    return files_digest(code_files(), ENGINE_ROOT.parent)


def scenario_key(node: Any, *dependencies: Any) -> bytes | None:
    """The key of one scenario's verification: the node as the engine is given it (pickled, with
    its lines), the running code and the dependencies. None for a node that cannot be pickled:
    such a scenario is simply run every time, never cached."""
    try:
        data = pickle.dumps((node, dependencies), protocol=pickle.HIGHEST_PROTOCOL)
    except (pickle.PicklingError, TypeError, AttributeError, RecursionError):
        return None
    return hashlib.sha256(running_code() + data).digest()


def glossary_key(glossary_digest: str) -> str | None:
    """The key of a whole glossary's verification: the glossary as its loader read it
    (Glossary.digest: every YAML file's path and the bytes parsed) and the running code. None
    for a glossary its loader did not read (made in memory): such a one is never kept."""
    if not glossary_digest:
        return None
    return hashlib.sha256(running_code() + glossary_digest.encode()).hexdigest()[:32]
