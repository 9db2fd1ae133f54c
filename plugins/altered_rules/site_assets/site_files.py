"""Our files written after MkDocs' pages (the short URLs, the releases' pages and redirects, the
feed, the export, the sandbox's scenarios), as one set of `relative path -> text` and of
`relative path -> symlink target`: all written by `write_site_files` in a build; in a `mkdocs serve`
session, only those that changed since the last rebuild (`KeptFolders`, issue 29).

MkDocs empties the site folder at every rebuild, and our 500-odd small files in as many folders
were written again each time: creating and removing that many folders was most of what a rebuild
spent on our files after the pages, and more at each rebuild. A session sets each folder only our
files are in aside before MkDocs empties the site (into a hidden folder of the site, which MkDocs
leaves alone, on the same file system) and puts it back after the pages; then the files whose text
differs from what that folder holds are written, the ones no longer made are removed. What the site
holds afterwards is what writing every file would give, byte for byte.
"""

from __future__ import annotations

import os
import shutil
from pathlib import Path

from ..pages.release_cycle import link, write
from ..site_paths import inside, site_path

# Where a session keeps its folders while MkDocs empties the site (a hidden name: MkDocs' clean
# leaves those; gone again once the rebuild has put the folders back).
STORE = ".altered-rules-kept"

# What one of our entries is: a file and its text, or a symlink and its target.
_Entry = tuple[str, str]
_FILE, _LINK = "file", "link"


def write_site_files(site: Path, files: dict[str, str], links: dict[str, str]) -> None:
    """Every file, then every link, into the site (release_cycle.write and link check each path).
    Raises SitePathError when a path made from data would leave the site."""
    for relative, text in files.items():
        write(site, relative, text)
    for relative, target in links.items():
        link(site, relative, target)


def _entries(files: dict[str, str], links: dict[str, str]) -> dict[str, _Entry]:
    entries = {relative: (_FILE, text) for relative, text in files.items()}
    entries.update((relative, (_LINK, target)) for relative, target in links.items())
    return entries


def _put(site: Path, relative: str, entry: _Entry) -> None:
    kind, value = entry
    if kind == _FILE:
        write(site, relative, value)
    else:
        link(site, relative, value)


def _remove(site: Path, root: str, relative: str) -> None:
    """An entry no longer made, and the folders it leaves empty up to its own folder `root`."""
    path = site.joinpath(*relative.split("/"))
    if path.is_symlink() or path.is_file():
        path.unlink()
    elif path.is_dir():
        shutil.rmtree(path)
    top = site.joinpath(*root.split("/"))
    folder = path.parent
    while folder != top and top in folder.parents:
        try:
            folder.rmdir()
        except OSError:   # not empty: another entry is in it
            break
        folder = folder.parent


class KeptFolders:
    """A `mkdocs serve` session's own folders of the site: each folder that none of MkDocs' files is
    in (the shallowest folder of our file's path that MkDocs had not made when our files were
    written), with what it holds (`relative path -> entry`)."""

    def __init__(self) -> None:
        self._folders: dict[str, dict[str, _Entry]] = {}   # the last rebuild's own folders
        self._aside: dict[str, dict[str, _Entry]] = {}     # this rebuild's, set aside before the clean
        self.written = 0   # files and links written in the last rebuild
        self.kept = 0      # files and links kept as they were in the last rebuild

    def set_aside(self, site: Path) -> None:
        """Before MkDocs empties the site: the last rebuild's own folders moved to the hidden store."""
        store = site / STORE
        shutil.rmtree(store, ignore_errors=True)   # a rebuild that failed left it
        self._aside = {}
        folders, self._folders = self._folders, {}
        for folder, entries in folders.items():
            source = site.joinpath(*folder.split("/"))
            if source.is_symlink() or not source.is_dir():
                continue
            target = store.joinpath(*folder.split("/"))
            try:
                target.parent.mkdir(parents=True, exist_ok=True)
                os.rename(source, target)
            except OSError:   # written again in full
                continue
            self._aside[folder] = entries

    def write(self, site: Path, files: dict[str, str], links: dict[str, str]) -> None:
        """`write_site_files`, writing only what the folders set aside do not hold already."""
        entries = _entries(files, links)
        for relative in entries:
            site_path(relative)   # a path made from data: checked before any is looked at
        by_folder: dict[str | None, dict[str, _Entry]] = {}
        made: dict[str, bool] = {}

        def own_folder(relative: str) -> str | None:
            parts = relative.split("/")
            for depth in range(1, len(parts)):
                folder = "/".join(parts[:depth])
                if folder not in made:
                    made[folder] = os.path.lexists(site.joinpath(*parts[:depth]))
                if not made[folder]:
                    return folder
            return None

        for relative, entry in entries.items():
            by_folder.setdefault(own_folder(relative), {})[relative] = entry
        store = site / STORE
        aside, self._aside = self._aside, {}
        self.written = self.kept = 0
        held: dict[str, _Entry] = {}   # what the folders put back hold
        folders: dict[str, dict[str, _Entry]] = {}
        try:
            for folder, content in by_folder.items():
                before = aside.get(folder) if folder is not None else None
                if before is not None and folder is not None and self._put_back(site, store, folder):
                    for relative, entry in before.items():
                        if relative not in content or content[relative][0] != entry[0]:
                            _remove(site, folder, relative)   # no longer made, or a file now a link
                        else:
                            held[relative] = entry
                if folder is not None:
                    folders[folder] = content
            # Every file, then every link, as write_site_files: a link replaces a folder made before it.
            for kind in (_FILE, _LINK):
                for relative, entry in entries.items():
                    if entry[0] != kind:
                        continue
                    if held.get(relative) == entry:
                        self.kept += 1
                    else:
                        _put(site, relative, entry)
                        self.written += 1
            self._folders = folders   # only once every entry is written: then they hold what it says
        finally:
            shutil.rmtree(store, ignore_errors=True)

    @staticmethod
    def _put_back(site: Path, store: Path, folder: str) -> bool:
        """The folder set aside, back in its place (False: it could not be; then it is written in full)."""
        target = site.joinpath(*folder.split("/"))
        try:
            os.rename(store.joinpath(*folder.split("/")), target)
        except OSError:
            return False
        inside(str(site), str(target))
        return True
