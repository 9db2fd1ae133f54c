"""Writing edited glossary files all or nothing: the one writer of `i18n import` and
`altered-rules import`.

The edits are applied to a copy of the glossary first; the copy is loaded and linted, and if it
does not load, or has a lint problem the glossary did not have, nothing is written and
`RefusedEdit` says why (naming the real glossary's files). Otherwise each file is written to a
temporary name and moved into place; if writing fails half way, every file is put back.
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


def write_all_or_nothing(root: Path, edited: dict[Path, str | None], *, translations: bool = True,
                         ignore_lines: bool = False, dry_run: bool = False) -> list[Path]:
    """Write `edited` (path -> new text, None: remove the file) into the glossary `root`, or raise
    RefusedEdit and write nothing. Returns the files that changed. `translations=False` lints
    without the translation checks (an import brings English that translators have yet to do);
    `ignore_lines` compares problems without their line numbers (files rewritten whole);
    `dry_run` checks and writes nothing (a report of what writing would do)."""
    from .glossary import GlossaryError, load_glossary
    from .lint import lint_glossary

    root = Path(root)
    changed = {path: text for path, text in edited.items()
               if (text is None and path.exists()) or (text is not None and (not path.is_file() or read_text(path, root) != text))}
    if not changed:
        return []
    key = _unnumbered if ignore_lines else (lambda p: p)
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
        return sorted(changed)
    originals = {path: (read_text(path, root) if path.is_file() else None) for path in changed}
    try:
        for path, text in changed.items():
            if text is None:
                path.unlink(missing_ok=True)
                continue
            path.parent.mkdir(parents=True, exist_ok=True)
            temporary = path.with_name(path.name + ".write-tmp")
            write_text(temporary, root, text)   # never through a link (sourcefiles.py)
            checked_file(path, root, missing_ok=True)
            temporary.replace(path)
    except BaseException:
        for path, text in originals.items():
            if text is None:
                path.unlink(missing_ok=True)
            else:
                write_text(path, root, text)
        raise
    return sorted(changed)
