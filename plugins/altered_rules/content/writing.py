"""Writing edited glossary files all or nothing: the one writer of `i18n import` and
`altered-rules import`.

The edits are applied to a copy of the glossary first; the copy is loaded and linted, and if it
does not load, or has a lint problem the glossary did not have, nothing is written and
`RefusedEdit` says why (naming the real glossary's files). Otherwise `replace_all` writes them:
every file to a temporary name first, then each moved into place; if anything fails half way,
every file is put back as it was (a new file removed, a new folder too). The files beside the
glossary that a command rewrites with it (the hand-written pages `docs/<language>/*.md`, an
import's review file) go through the same `replace_all` in the same step (`also`): a failed write
leaves no file of either changed.
"""

from __future__ import annotations

import re
import shutil
import tempfile
from pathlib import Path

from .sourcefiles import checked_file, read_text, write_text


class RefusedEdit(Exception):
    """The edited glossary would not load (stage "load") or would have new lint problems ("lint")."""

    def __init__(self, stage: str, problems: list[str]) -> None:
        self.stage = stage
        self.problems = problems
        super().__init__(f"{stage}: " + "; ".join(problems))


def _relative(message: str, root: Path, shown: Path | None = None) -> str:
    """A message about the copy, naming the real glossary's files."""
    for prefix in {str(root.resolve()), str(root)}:
        message = message.replace(prefix, str(shown or root))
    return message


def _unnumbered(problem: str) -> str:
    return re.sub(r":\d+:", ":", problem)


def edited_copy(root: Path, edits: dict[Path, str | None], scratch: Path) -> Path:
    """The glossary folder `root` copied into `scratch` with `edits` applied (None: the file removed):
    what writing them would leave, to read and check before anything of `root` is touched."""
    copy = scratch / "glossary"
    shutil.copytree(root, copy, symlinks=True)   # a link stays a link (and is refused), never followed
    for path, text in edits.items():
        target = copy / path.relative_to(root)
        if text is None:
            target.unlink(missing_ok=True)
        else:
            target.parent.mkdir(parents=True, exist_ok=True)
            write_text(target, copy, text)
    return copy


def replace_all(files: dict[Path, tuple[Path, str | None]]) -> None:
    """Write every file of `files` (path -> (the folder it must stay inside, its new text; None:
    the file removed)) or none: each new text goes to a temporary name beside its file first (a
    failure there leaves only temporaries, removed), then each is moved into place; if a move or
    a removal fails, every file is put back as it was. Never through a link (sourcefiles.py)."""
    originals = {path: (read_text(path, root) if path.is_file() else None) for path, (root, _) in files.items()}
    made: list[Path] = []          # folders created, deepest last
    temporaries: dict[Path, Path] = {}
    try:
        for path, (root, text) in files.items():
            if text is None:
                continue
            missing = [folder for folder in [path.parent, *path.parent.parents] if not folder.exists()]
            for folder in reversed(missing):
                folder.mkdir()
                made.append(folder)
            temporary = path.with_name(path.name + ".write-tmp")
            write_text(temporary, root, text)
            temporaries[path] = temporary
        for path, (root, _text) in files.items():
            checked_file(path, root, missing_ok=True)
        done: list[Path] = []
        try:
            for path, (_root, text) in files.items():
                if text is None:
                    path.unlink(missing_ok=True)
                else:
                    temporaries[path].replace(path)
                    del temporaries[path]
                done.append(path)
        except BaseException:
            for path in done:
                root, before = files[path][0], originals[path]
                if before is None:
                    path.unlink(missing_ok=True)
                else:
                    write_text(path, root, before)
            raise
    except BaseException:
        for temporary in temporaries.values():
            temporary.unlink(missing_ok=True)
        for folder in reversed(made):
            try:
                folder.rmdir()
            except OSError:
                pass
        raise


def write_all_or_nothing(root: Path, edited: dict[Path, str | None], *, translations: bool = True,
                         ignore_lines: bool = False, dry_run: bool = False,
                         also: dict[Path, str | None] | None = None, also_root: Path | None = None) -> list[Path]:
    """Write `edited` (path -> new text, None: remove the file) into the glossary `root`, or raise
    RefusedEdit and write nothing. Returns the files that changed. `translations=False` lints
    without the translation checks (an import brings English that translators have yet to do);
    `ignore_lines` compares problems without their line numbers (files rewritten whole);
    `dry_run` checks and writes nothing (a report of what writing would do). `also`: files outside
    the glossary, inside `also_root` (the project's hand-written pages), written in the same
    all-or-nothing step, unchecked by the lint."""
    from .glossary import GlossaryError, load_glossary
    from .lint import lint_glossary

    root = Path(root)
    changed = _changed(edited, root)
    beside = _changed(also or {}, also_root) if also else {}
    if not changed and not beside:
        return []
    key = _unnumbered if ignore_lines else (lambda p: p)
    if not changed:   # only files beside the glossary: nothing of it to check
        if not dry_run:
            replace_all({path: (also_root or path.parent, text) for path, text in beside.items()})
        return sorted(beside)
    before = {key(_relative(p, root)) for p in lint_glossary(load_glossary(root), translations=translations)}
    with tempfile.TemporaryDirectory(prefix="altered-rules-write-") as scratch:
        copy = edited_copy(root, changed, Path(scratch))
        try:
            glossary = load_glossary(copy)
        except GlossaryError as exc:
            raise RefusedEdit("load", [_relative(str(e), copy, root) for e in exc.errors]) from None
        new = [p for p in (_relative(problem, copy, root) for problem in lint_glossary(glossary, translations=translations))
               if key(p) not in before]
        if new:
            raise RefusedEdit("lint", new)
    if dry_run:
        return sorted([*changed, *beside])
    replace_all({**{path: (root, text) for path, text in changed.items()},
                 **{path: (also_root or path.parent, text) for path, text in beside.items()}})
    return sorted([*changed, *beside])


def _changed(edited: dict[Path, str | None], root: Path | None) -> dict[Path, str | None]:
    """The edits that change something: a file removed that exists, a text that is new or differs."""
    return {path: text for path, text in edited.items()
            if (text is None and path.exists()) or (text is not None and (not path.is_file() or read_text(path, root) != text))}
