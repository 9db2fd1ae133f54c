"""Editing a copy of the project's files in a test: one place for the check that the edit applies."""

from pathlib import Path


def replace_once(path: Path, old: str, new: str) -> int:
    """Replace the first `old` in `path` by `new`; the line `old` started on. A test whose `old`
    is no longer in the file fails here, naming it, rather than testing an unedited copy."""
    text = path.read_text(encoding="utf-8")
    assert old in text, f"test setup: {old!r} not in {path.name}"
    path.write_text(text.replace(old, new, 1), encoding="utf-8")
    return text.count("\n", 0, text.index(old)) + 1



def replace_in_paragraph(path: Path, paragraph: str, old: str, new: str) -> int:
    """Replace the first `old` after `- id: <paragraph>` in the rule file `path` by `new`; the line
    of the change (of `new`'s first line after any leading newlines)."""
    text = path.read_text(encoding="utf-8")
    start = text.index(f"- id: {paragraph}\n")
    broken = text[:start] + text[start:].replace(old, new, 1)
    assert broken != text, f"test setup: {old!r} not in {paragraph}"
    path.write_text(broken, encoding="utf-8")
    offset = broken.index(new, start)
    return broken.count("\n", 0, offset) + new[: len(new) - len(new.lstrip("\n"))].count("\n") + 1
