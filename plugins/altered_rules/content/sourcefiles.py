"""The one door through which the project reads and writes its contributed files (issue 36).

The glossary (`glossary/`), the hand-written pages (`docs/`), the interface strings and the
engine catalogues (`plugins/altered_rules/strings/`) come from pull requests, and git stores a
symbolic link as a link: `actions/checkout` recreates it. A link would make lint and the build
read a file outside the repository (publish it, quote it in an error) and `i18n stamp` or
`renumber` write through it (probes F-9, F-10). A device or a pipe would hang a reader or feed
it without end (F-12); a dangling link or a link to a folder would make a file vanish without a
word (F-11). So every such path goes through `checked_file` here:

- it is inside the folder it belongs to (`root`: the glossary, `docs/`, the strings folder),
  with no `..` and no symbolic link at any level below that folder;
- it is a regular file (not a folder, a device, a pipe or a socket);

and is read by `read_bytes`/`read_text` (opened without following a link, checked again on
the open file, never more than the limit plus one byte) and written by `write_text`. Anything
else is a SourceError naming the file, what it is and what is allowed; nothing of the file is
read, and so nothing of it is quoted. A file given on the command line (a PO file to import,
a scenario file to verify) has no such folder: `root=None` checks only that it is a regular
file and caps the read.
"""

from __future__ import annotations

import os
import stat
from pathlib import Path
from typing import Any, Iterator

from engine.limits import MAX_FILE_BYTES

from .yamlsource import SourceError, load_yaml_bytes

__all__ = ["display", "checked_file", "file_problem", "read_bytes", "read_text", "write_text", "write_bytes", "load_yaml_file", "walk_files"]


def display(path: str | Path) -> str:
    """A path as an editor types it: relative to the working folder when inside it."""
    absolute = Path(os.path.abspath(path))
    try:
        return str(absolute.relative_to(Path.cwd()))
    except ValueError:
        return str(absolute)


_KINDS = ((stat.S_ISDIR, "a folder"), (stat.S_ISCHR, "a device"), (stat.S_ISBLK, "a device"),
          (stat.S_ISFIFO, "a pipe (FIFO)"), (stat.S_ISSOCK, "a socket"))
_ALLOWED = "a regular file inside the repository (git stores a link as a link; replace it by the file itself)"


def _kind(mode: int) -> str:
    return next((name for test, name in _KINDS if test(mode)), "not a regular file")


def file_problem(path: str | Path, root: str | Path | None = None, missing_ok: bool = False,
                 folder: bool = False) -> str | None:
    """What makes `path` no contributed file of `root` (None: it is one): a component that
    leaves `root` or is a symbolic link, or a last component that is not a regular file.
    `missing_ok`: a file about to be created may not exist yet (its folders must). `folder`:
    `path` is a folder of `root` (read by walk_files), checked the same way."""
    path = Path(os.path.abspath(path))
    if root is not None:
        base = Path(os.path.abspath(root))
        try:
            parts = path.relative_to(base).parts
        except ValueError:
            return f"it is outside the folder {display(base)}; only files inside it are read or written"
        current = base
        for index, part in enumerate(parts):
            current = current / part
            try:
                mode = os.lstat(current).st_mode
            except FileNotFoundError:
                if missing_ok and index == len(parts) - 1:
                    return None
                return "it does not exist"
            except OSError as exc:
                return f"it cannot be read ({exc.strerror})"
            if stat.S_ISLNK(mode):
                where = "it is" if index == len(parts) - 1 else f"the folder {display(current)} is"
                return f"{where} a symbolic link; allowed: {_ALLOWED}"
            if index < len(parts) - 1 and not stat.S_ISDIR(mode):
                return f"{display(current)} is not a folder"
        if not parts:
            return None if folder else "it is the folder itself, not a file in it"
    else:
        try:
            mode = os.stat(path).st_mode
        except FileNotFoundError:
            return None if missing_ok else "it does not exist"
        except OSError as exc:
            return f"it cannot be read ({exc.strerror})"
    if folder:
        return None if stat.S_ISDIR(mode) else f"it is {_kind(mode) if not stat.S_ISREG(mode) else 'a file'}; allowed: a folder"
    if not stat.S_ISREG(mode):
        return f"it is {_kind(mode)}; allowed: a regular file"
    return None


def checked_file(path: str | Path, root: str | Path | None = None, missing_ok: bool = False) -> Path:
    """`path` if `file_problem` finds nothing; SourceError naming it otherwise."""
    problem = file_problem(path, root, missing_ok)
    if problem is not None:
        raise SourceError(display(path), None, problem)
    return Path(path)


def read_bytes(path: str | Path, root: str | Path | None = None, limit: int = MAX_FILE_BYTES) -> bytes:
    """The bytes of a checked file, never more than `limit` + 1 (a longer file is the reader's
    to refuse, with its line). Opened without following a link and without waiting on a pipe;
    the open file is checked again, so a file swapped after the check is not read either."""
    checked_file(path, root)
    flags = os.O_RDONLY | getattr(os, "O_NOFOLLOW", 0) | getattr(os, "O_NONBLOCK", 0)
    try:
        descriptor = os.open(path, flags)
    except OSError as exc:
        raise SourceError(display(path), None, f"cannot read file: {exc.strerror}") from None
    with os.fdopen(descriptor, "rb") as handle:
        mode = os.fstat(handle.fileno()).st_mode
        if not stat.S_ISREG(mode):
            raise SourceError(display(path), None, f"it is {_kind(mode)}; allowed: a regular file")
        try:
            return handle.read(limit + 1)
        except OSError as exc:
            raise SourceError(display(path), None, f"cannot read file: {exc.strerror}") from None


def load_yaml_file(path: str | Path, root: str | Path | None = None) -> Any:
    """A YAML file (UTF-8) read with line information (yamlsource.load_yaml_text), through
    read_bytes: a regular file (inside `root`, never through a link, when given), at most
    MAX_FILE_BYTES + 1 bytes of it (a huge file is refused, not read)."""
    path = Path(path)
    return load_yaml_bytes(read_bytes(path, root), path)


def read_text(path: str | Path, root: str | Path | None = None, limit: int = MAX_FILE_BYTES) -> str:
    """A checked file's text (UTF-8, at most `limit` bytes), with the line of a bad byte."""
    data = read_bytes(path, root, limit)
    if len(data) > limit:
        raise SourceError(display(path), data.count(b"\n", 0, limit) + 1,
                          f"the file is longer than {limit:,} bytes (the limit) from this line on")
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise SourceError(display(path), data.count(b"\n", 0, exc.start) + 1,
                          f"not UTF-8 text ({exc.reason} at byte {exc.start}); save the file as UTF-8") from None


def write_text(path: str | Path, root: str | Path | None, text: str) -> None:
    """Write `text` (UTF-8) to a contributed file, existing or new: never through a link,
    never outside `root`. The link itself is not replaced either: the command stops."""
    write_bytes(path, root, text.encode("utf-8"))


def write_bytes(path: str | Path, root: str | Path | None, data: bytes) -> None:
    """write_text of bytes (a release's snapshot)."""
    checked_file(path, root, missing_ok=True)
    flags = os.O_WRONLY | os.O_CREAT | os.O_TRUNC | getattr(os, "O_NOFOLLOW", 0) | getattr(os, "O_NONBLOCK", 0)
    try:
        descriptor = os.open(path, flags, 0o644)
    except OSError as exc:
        raise SourceError(display(path), None, f"cannot write file: {exc.strerror}") from None
    with os.fdopen(descriptor, "wb") as handle:
        if not stat.S_ISREG(os.fstat(handle.fileno()).st_mode):
            raise SourceError(display(path), None, "it is not a regular file; nothing was written")
        handle.write(data)


def walk_files(folder: str | Path, root: str | Path | None = None) -> Iterator[tuple[Path, str | None]]:
    """Every entry below `folder` (sorted, hidden ones skipped), each with what makes it no
    contributed file (None: a regular file). Links are reported, never followed, so a link to
    a folder, a dangling link or a pipe is named rather than skipped without a word. A missing
    `folder` holds nothing; a `folder` that is itself a link is reported as one entry."""
    folder = Path(folder)
    root = folder if root is None else Path(root)
    if not os.path.lexists(folder):
        return
    problem = file_problem(folder, root, folder=True)
    if problem is not None:
        yield folder, problem
        return
    yield from _walk(folder, root)


def _walk(folder: Path, root: Path) -> Iterator[tuple[Path, str | None]]:
    try:
        names = sorted(os.listdir(folder))
    except OSError as exc:
        yield folder, f"it cannot be read ({exc.strerror})"
        return
    for name in names:
        if name.startswith("."):
            continue
        path = folder / name
        try:
            mode = os.lstat(path).st_mode
        except OSError as exc:
            yield path, f"it cannot be read ({exc.strerror})"
            continue
        if stat.S_ISDIR(mode):
            yield from _walk(path, root)
        else:
            yield path, file_problem(path, root)
