"""The engine's figures side by side with another commit's (issues 24, 26, 29: "the engine figures do
not drop"), for `benchmarks/run.py --only engine [--against REV]` and the full `make bench`.

The reference commit's files are taken with `git archive` into a temporary folder. Two processes,
one per tree, each import their own tree's `benchmarks/run.py` and call its `engine_throughput`
(the figures of the engine rows of results.md: scenarios decided per CPU second, by kind) on the
SAME glossary: the reference tree's (a newer glossary may hold scenarios an older engine cannot
read; every engine reads the older one). Both processes are pinned to the same core and asked in
turn, A B A B..., each time for a short measurement, so that other work on the machine slows both
alike; each figure is the CPU time of its process (time.process_time). The ratio of a figure is
the median of the rounds' ratios (this tree / reference).

This module imports nothing of the project: the processes it starts do, each from its own tree.
"""

from __future__ import annotations

import json
import os
import shutil
import statistics
import subprocess
import sys
import tarfile
import tempfile
from dataclasses import dataclass, field
from pathlib import Path
from typing import Callable

REFERENCE = "8cccd32"
"""The default reference: the commit issues 24, 26 and 29 started from (Dusk about 9,900-10,300 and
deck checks about 52,000 scenarios per CPU second on the machine those issues were measured on)."""

FIGURES = ("Dusk", "deck check")
"""The kinds of scenario `engine_throughput` times (its rows of results.md)."""

# Run in a tree (its working folder): import that tree's benchmarks/run.py, which puts its own
# plugins/ and engine first on sys.path, then answer each line of stdin (CPU seconds per kind)
# with one measurement of `engine_throughput` on the glossary given.
_CHILD = r"""
import importlib.util, json, sys
from pathlib import Path
from typing import Callable
tree, glossary = Path(sys.argv[1]), Path(sys.argv[2])
sys.path[:] = [p for p in sys.path if p not in ("", str(tree))]
spec = importlib.util.spec_from_file_location("tree_bench", tree / "benchmarks" / "run.py")
bench = sys.modules[spec.name] = importlib.util.module_from_spec(spec)  # dataclasses look their module up
spec.loader.exec_module(bench)
import engine
print(json.dumps({"engine": engine.__file__}), flush=True)
for line in sys.stdin:
    rates = bench.engine_throughput(glossary, float(line))
    print(json.dumps({name: [rates[name][0], rates[name][1]] for name in %r}), flush=True)
""" % (FIGURES,)


RULING_DEFAULTS = "authority: editorial\ndate: \"2026-01-01\"\n"
"""What a ruling of an older glossary lacks for this tree's reader (issue 40 made a ruling's
`authority:` and `date:` required): the same scenarios, read by this tree's engine."""


def readable_copy(glossary: Path, target: Path) -> Path:
    """The reference's glossary as this tree reads it: a copy whose rulings get RULING_DEFAULTS
    where they have no `authority:` (their texts and every scenario unchanged)."""
    shutil.copytree(glossary, target)
    for ruling in sorted((target / "rulings").glob("*.yaml")):
        text = ruling.read_text(encoding="utf-8")
        if not any(line.startswith("authority:") for line in text.splitlines()):
            ruling.write_text(text.rstrip("\n") + "\n" + RULING_DEFAULTS, encoding="utf-8")
    return target


@dataclass
class SideBySide:
    reference: str
    """The reference commit as given (--against)."""
    commit: str
    """Its full hash."""
    glossary: str
    """Whose glossary's scenarios both engines ran."""
    rates: dict[str, dict[str, list[float]]] = field(default_factory=dict)
    """"this"/"reference" -> figure -> scenarios per CPU second, one per round."""
    counts: dict[str, dict[str, int]] = field(default_factory=dict)
    """"this"/"reference" -> figure -> how many scenarios of that kind the engine ran."""

    def ratio(self, figure: str) -> float:
        """The median of the rounds' ratios, this tree / reference (> 1: this tree is faster)."""
        pairs = zip(self.rates["this"][figure], self.rates["reference"][figure])
        return statistics.median(this / reference for this, reference in pairs)

    def median(self, side: str, figure: str) -> float:
        return statistics.median(self.rates[side][figure])


def export_commit(project: Path, revision: str, into: Path) -> str:
    """The files of `revision` (a commit of the project's repository) written under `into`; its
    full hash. SystemExit naming the revision when git does not know it."""
    found = subprocess.run(["git", "-C", str(project), "rev-parse", "--verify", "--quiet", f"{revision}^{{commit}}"],
                           capture_output=True, text=True)
    if found.returncode != 0:
        raise SystemExit(f"bench: --against {revision}: not a commit of {project} (git rev-parse found none)")
    commit = found.stdout.strip()
    archive = subprocess.Popen(["git", "-C", str(project), "archive", "--format=tar", commit], stdout=subprocess.PIPE)
    assert archive.stdout is not None
    with tarfile.open(fileobj=archive.stdout, mode="r|") as tar:
        tar.extractall(into, filter="data")
    if archive.wait() != 0:
        raise SystemExit(f"bench: git archive {commit} failed")
    return commit


def _one_core() -> set[int]:
    return {min(os.sched_getaffinity(0))} if hasattr(os, "sched_getaffinity") else set()


class _Engine:
    """A process timing one tree's engine, asked one measurement at a time."""

    def __init__(self, tree: Path, glossary: Path, core: set[int]) -> None:
        env = {**os.environ, "PYTHONHASHSEED": "0", "NO_MKDOCS_2_WARNING": "1"}
        self.tree = tree
        self.process = subprocess.Popen([sys.executable, "-c", _CHILD, str(tree), str(glossary)], cwd=tree, env=env,
                                        stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
        if core and hasattr(os, "sched_setaffinity"):
            os.sched_setaffinity(self.process.pid, core)
        self.engine = self._answer()["engine"]
        if not Path(self.engine).resolve().is_relative_to(tree.resolve()):
            raise SystemExit(f"bench: the process for {tree} imported the engine of {self.engine}")

    def _answer(self) -> dict[str, object]:
        assert self.process.stdout is not None
        line = self.process.stdout.readline()
        if not line:
            assert self.process.stderr is not None
            raise SystemExit(f"bench: timing the engine of {self.tree} failed:\n{self.process.stderr.read()[-3000:]}")
        answer: dict[str, object] = json.loads(line)
        return answer

    def measure(self, seconds: float) -> dict[str, object]:
        assert self.process.stdin is not None
        self.process.stdin.write(f"{seconds}\n")
        self.process.stdin.flush()
        return self._answer()

    def close(self) -> None:
        if self.process.stdin is not None:
            self.process.stdin.close()
        self.process.wait(timeout=60)


def side_by_side(project: Path, revision: str = REFERENCE, rounds: int = 8, seconds: float = 0.5,
                 log: Callable[[str], None] = print) -> SideBySide:
    """The engine figures of `project` and of `revision`, measured in turn `rounds` times for
    `seconds` of CPU per kind, on the reference's glossary."""
    work = Path(tempfile.mkdtemp(prefix="altered-bench-against-"))
    engines: list[_Engine] = []
    try:
        commit = export_commit(project, revision, work)
        glossary = work / "glossary"
        core = _one_core()
        result = SideBySide(revision, commit, f"{revision}'s glossary")
        sides = {"this": _Engine(project, readable_copy(glossary, work / "glossary-this"), core),
                 "reference": _Engine(work, glossary, core)}
        engines.extend(sides.values())
        for side in sides:
            result.rates[side] = {figure: [] for figure in FIGURES}
        for round_ in range(rounds):
            for side, engine in sides.items():
                answer = engine.measure(seconds)
                for figure in FIGURES:
                    count, rate = answer[figure]  # type: ignore[misc]
                    result.counts.setdefault(side, {})[figure] = count
                    result.rates[side][figure].append(rate)
            log(f"  round {round_ + 1}/{rounds}: " + "; ".join(
                f"{figure} {result.rates['this'][figure][-1]:,.0f}/s vs {result.rates['reference'][figure][-1]:,.0f}/s"
                for figure in FIGURES))  # type: ignore[operator]
        return result
    finally:
        for engine in engines:
            engine.close()
        shutil.rmtree(work, ignore_errors=True)
