"""The prose of a hand-written page (docs/<language>/*.md): where its rule numbers are references.

What is not prose is left as written: code (fenced blocks and `code spans`), links (their text
and target), link definitions, HTML tags and bare addresses. pages.page_references links and
checks the prose's numbers; `altered-rules import` rewrites them (official.mapping), so both
read a page the same way.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Callable, Iterator

# What a line's prose leaves alone: a code span (its run of backticks closes it), a link or an
# image with its text and target, an HTML tag or autolink, a bare address.
NOT_PROSE = re.compile(r"(`+).+?\1|!?\[[^\]\n]*\]\([^)\n]*\)|!?\[[^\]\n]*\]\[[^\]\n]*\]|<[^>\n]*>|https?://\S+")
FENCE = re.compile(r"^\s*(`{3,}|~{3,})")
LINK_DEFINITION = re.compile(r"^\s{0,3}\[[^\]]+\]:\s")


def prose(line: str) -> Iterator[tuple[bool, str]]:
    """The line in pieces: (is prose, text)."""
    last = 0
    for match in NOT_PROSE.finditer(line):
        yield True, line[last:match.start()]
        yield False, match.group(0)
        last = match.end()
    yield True, line[last:]


def prose_lines(markdown: str) -> Iterator[tuple[int, str, bool]]:
    """Each line (its number from 1, its text, whether it may hold prose: outside fences and
    link definitions)."""
    fence = ""
    for number, line in enumerate(markdown.split("\n"), 1):
        opened = FENCE.match(line)
        if fence or opened:
            if opened and not fence:
                fence = opened.group(1)
            elif opened and opened.group(1).startswith(fence):
                fence = ""
            yield number, line, False
            continue
        yield number, line, not LINK_DEFINITION.match(line)


def map_prose(markdown: str, change: Callable[[str], str]) -> str:
    """`markdown` with `change` applied to each piece of prose, the rest as written."""
    out = []
    for _number, line, may in prose_lines(markdown):
        out.append("".join(change(text) if is_prose else text for is_prose, text in prose(line)) if may else line)
    return "\n".join(out)


def rename_page_references(markdown: str, renames: dict[str, str]) -> tuple[str, int]:
    """`markdown` with the rule numbers of its prose renamed at once (identity.rename_references:
    a shift c->d, d->e is not applied twice; a value may pin, "4.3.h" -> "4.3.h@2026.1"), and
    how many it renamed. Code, links and fenced blocks stay as written."""
    from .glossary.identity import REFERENCE, rename_references

    cited: list[str] = []

    def change(piece: str) -> str:
        cited.extend(m.group(1) for m in REFERENCE.finditer(piece) if m.group(1) in renames)
        return rename_references(piece, renames)

    return map_prose(markdown, change), len(cited)


def page_files(docs: Path) -> list[Path]:
    """The hand-written pages under `docs` (docs/<language>/**/*.md), links left out."""
    return sorted(p for p in docs.glob("*/**/*.md") if p.is_file() and not p.is_symlink()) if docs.is_dir() else []
