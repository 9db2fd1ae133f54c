"""Where a generated file may go: the one check every page path built from data passes.

Page paths are made from data (a chapter's number, a game mode's id, a release's version, a
snapshot's groups and keys). Whatever the data says, a path must stay inside the language's
`docs/` tree or `site/` folder: `site_path` accepts only '/'-separated plain names (letters,
digits, `_`, `-`, `.`, not starting with a dot, so no `..`, no hidden file, no absolute path, no
backslash, no control character) and raises SitePathError otherwise. `site_file` joins a checked
path to the site folder, and checks the result (with symlinks resolved) is still inside it.
"""

from __future__ import annotations

import os
import re

# One part of a path: a plain name, never "." or "..", never empty.
_NAME = re.compile(r"[A-Za-z0-9_][A-Za-z0-9_.-]{0,199}\Z")
MAX_PATH_LENGTH = 400


class SitePathError(ValueError):
    """A path made from data would leave the site, or is no plain path."""


def site_path(path: str) -> str:
    """`path` itself, if it is a relative path of plain names ("rules/chapter-1.md", "v/2026.1/4/");
    SitePathError naming it otherwise."""
    parts = path[:-1].split("/") if path.endswith("/") else path.split("/")
    if not isinstance(path, str) or len(path) > MAX_PATH_LENGTH or not all(_NAME.match(part) for part in parts):
        raise SitePathError(f"the page path {path!r}, made from the glossary's data, is not allowed: a path is plain names "
                            "(letters, digits, '_', '-', '.', not starting with '.') joined by '/', and stays inside the site")
    return path


def site_file(site_dir: str, relative: str) -> str:
    """The file `relative` (checked by site_path) of the folder `site_dir`; SitePathError if,
    symlinks resolved, it is not inside `site_dir`."""
    path = os.path.join(site_dir, *site_path(relative).rstrip("/").split("/"))
    inside(site_dir, path)
    return path


def inside(site_dir: str, path: str) -> str:
    """`path` if it is inside `site_dir` once symlinks are resolved; SitePathError otherwise."""
    root = os.path.realpath(site_dir)
    real = os.path.realpath(path)
    if real != root and not real.startswith(root + os.sep):
        raise SitePathError(f"{path} is outside the site folder {site_dir}; nothing is written outside it")
    return path
