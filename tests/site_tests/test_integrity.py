"""Integrity of the published site: the same commit always builds the same bytes, whatever the
clock, SOURCE_DATE_EPOCH, the files' dates or the folder it is checked out in."""

from __future__ import annotations

import gzip
import os
import shutil
import subprocess
import sys
from pathlib import Path

from test_build import _project_copy

from project_paths import PROJECT


def _checkout(folder: Path, stamp: float) -> Path:
    """The project's inputs (glossary, pages, configurations, the sandbox's pinned runtime) in
    `folder`, as another checkout or an unpacked tarball would hold them, every file dated `stamp`."""
    folder.mkdir(parents=True)
    copy = _project_copy(folder)
    shutil.copy(PROJECT / "package.json", copy / "package.json")
    shutil.copytree(PROJECT / "node_modules" / "pyodide", copy / "node_modules" / "pyodide")
    for path in [copy, *copy.rglob("*")]:
        os.utime(path, (stamp, stamp))
    return copy


def _build(copy: Path, **env: str) -> Path:
    environment = {key: value for key, value in os.environ.items() if key != "SOURCE_DATE_EPOCH"}
    result = subprocess.run([sys.executable, "-m", "altered_rules.build_site"], cwd=copy, capture_output=True,
                            text=True, env={**environment, **env})
    assert result.returncode == 0, result.stdout + result.stderr
    return copy / "site"


def _files(site: Path) -> dict[str, bytes]:
    return {path.relative_to(site).as_posix(): path.read_bytes() for path in sorted(site.rglob("*")) if path.is_file()}


def _differences(left: Path, right: Path) -> list[str]:
    """Every file that is not in both sites with the very same bytes (not a comparison of sizes and dates)."""
    first, second = _files(left), _files(right)
    return sorted(name for name in first.keys() | second.keys() if first.get(name) != second.get(name))


def test_two_checkouts_built_with_different_clocks_are_byte_identical(site, tmp_path):
    # Two folders of different depth and name, neither a git checkout: SOURCE_DATE_EPOCH set (2001,
    # still 2000 in Adak) in one, unset (the clock) in the other; files dated 2001 and 2033; time zones
    # ten hours behind and fourteen ahead of UTC. The third is the project's own build, which the run
    # makes once anyway (conftest.py, `site`): a git checkout, its files' dates, the run's clock and
    # time zone (or the run's SOURCE_DATE_EPOCH).
    first = _build(_checkout(tmp_path / "a", 978_307_200), SOURCE_DATE_EPOCH="978307200", TZ="America/Adak")
    second = _build(_checkout(tmp_path / "another" / "checkout-of-the-same-commit", 2_000_000_000),
                    TZ="Pacific/Kiritimati")
    assert len(_files(first)) > 500
    assert _differences(first, second) == []
    assert _differences(first, site) == []


def test_the_sitemap_carries_no_date(site):
    for language in ("en", "fr", "it"):
        sitemap = (site / language / "sitemap.xml").read_bytes()
        assert sitemap.startswith(b'<?xml version="1.0" encoding="UTF-8"?>\n<urlset')
        assert b"<loc>http://127.0.0.1:8000/" + language.encode() + b"/rules/chapter-4/</loc>" in sitemap
        assert b"lastmod" not in sitemap
        packed = (site / language / "sitemap.xml.gz").read_bytes()
        assert gzip.decompress(packed) == sitemap
        assert packed[4:8] == b"\0\0\0\0"   # the gzip's MTIME field: no time stamp (RFC 1952)
