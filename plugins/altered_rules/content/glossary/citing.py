"""The glossary's numbers for the rules the engine cites (issue 37): engine.Citations, derived from
the releases.

The engine's code and catalogues write the numbers of one release, engine.CITED_RELEASE
(engine/citations.py). Each rule of that release is followed through the releases recorded since
and into the glossary on disk by its identity (identity.match, the pairing `renumber`, `import`
and the history pages use; the loader's Glossary.identity for the last step): a rule that continues
is cited by its number now, a rule that stops is pinned to the last release that held it
("4.2.4.c@2026.1", which the pages link to that release's text). A glossary without that release, or
one whose rules kept their numbers, maps nothing: every trace is the code's own.
"""

from __future__ import annotations

from typing import Iterable

import engine

from ..yamlsource import SourceError
from .identity import MATCHED_KINDS, match
from .model import Glossary
from .releases import read_snapshot

__all__ = ["engine_citations", "followed"]


def followed(numbers: Iterable[str], steps: Iterable[tuple[str, dict[str, str]]]) -> dict[str, str]:
    """Each of `numbers` -> its number after `steps` (each: the release it leaves, old -> new for the
    entries that continue), or pinned to the release of the step that dropped it; unchanged ones left out."""
    where: dict[str, str | None] = {n: n for n in numbers}
    out: dict[str, str] = {}
    for version, continues in steps:
        for number, now in where.items():
            if now is None:
                continue
            after = continues.get(now)
            if after is None:
                out[number] = f"{now}@{version}"
            where[number] = after
    out.update({n: now for n, now in where.items() if now is not None and now != n})
    return out


def engine_citations(glossary: Glossary) -> engine.Citations:
    """engine.Citations for `glossary` (computed once, kept on it)."""
    if glossary.citations is None:
        glossary.citations = _derived(glossary)
    citations: engine.Citations = glossary.citations
    return citations


def _derived(glossary: Glossary) -> engine.Citations:
    versions = [r.version for r in glossary.releases]
    if engine.CITED_RELEASE not in versions:
        return engine.Citations()
    recorded = glossary.releases[versions.index(engine.CITED_RELEASE):]
    try:
        snapshots = [read_snapshot(glossary.root, release) for release in recorded]
    except SourceError:
        return engine.Citations()   # the history reports an unreadable snapshot, naming it
    numbers = [k for k, e in snapshots[0].entries.items() if e.kind in MATCHED_KINDS]
    steps = [(old.version, {p.old: p.new for p in match(old, new).pairs.values()}) for old, new in zip(snapshots, snapshots[1:])]
    latest = snapshots[-1]
    if glossary.identity:   # the glossary on disk differs from the latest release (loader._follow_renumbering)
        steps.append((latest.version, {p.old: p.new for p in glossary.identity.values()}))
    return engine.Citations(followed(numbers, steps))
