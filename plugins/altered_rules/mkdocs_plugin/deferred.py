"""Verified scenarios, put into the finished page rather than through Markdown.

Each verified example or illustration of a rule page is a finished block of HTML (its
scenario as YAML and the engine's trace, `Renderer.check_html`): half of a chapter page's
bytes. Python-Markdown would only copy it through, and the search plugin would parse it and
index YAML and traces. `defer` swaps each block for an HTML comment before Markdown,
`restore` puts it back in the page MkDocs has finished: the same HTML, built in half the
time (issue 8: verification cost, `mkdocs serve` rebuilds).
"""

from __future__ import annotations

import re

from ..caches import Cache

# A verified block, as render.py writes it: its opening tag, then up to the first end of a
# <details> (it holds no other <details>: text in it is escaped).
_OPEN, _CLOSE = '<details class="ar-verified"', "</details>\n"
_MARK = re.compile(r"<!--ar-deferred-(\d+)-->\n?")


def defer(markdown: str) -> tuple[str, list[str]]:
    """The Markdown with each verified block replaced by a placeholder, and the blocks. Found with
    str.find, not a lazy regex, which tried its end at each of the blocks' characters (half a
    chapter page's text)."""
    blocks: list[str] = []
    parts: list[str] = []
    copied = 0
    while (start := markdown.find(_OPEN, copied)) >= 0:
        tag_end = markdown.find(">", start + len(_OPEN))
        end = markdown.find(_CLOSE, tag_end + 1) if tag_end >= 0 else -1
        if end < 0:   # no end after this opening tag: none after a later one either
            break
        end += len(_CLOSE)
        parts += [markdown[copied:start], f"<!--ar-deferred-{len(blocks)}-->\n"]
        blocks.append(markdown[start:end])
        copied = end
    if not blocks:
        return markdown, blocks
    parts.append(markdown[copied:])
    return "".join(parts), blocks


def restore(html: str, blocks: list[str]) -> str:
    """The finished page with every placeholder replaced by its block."""
    if not blocks:
        return html
    return _MARK.sub(lambda match: blocks[int(match.group(1))], html)


class KeptDeferrals:
    """A serve session's `defer`, kept by the Markdown it was given (issue 29): every rebuild gives
    the unchanged pages the same Markdown, whose verified blocks need not be looked for again."""

    def __init__(self, limit: int = 400) -> None:
        self._kept: Cache[str, tuple[str, tuple[str, ...]]] = Cache("deferred blocks", limit)

    def defer(self, markdown: str) -> tuple[str, list[str]]:
        def made() -> tuple[str, tuple[str, ...]]:
            deferred, blocks = defer(markdown)
            return deferred, tuple(blocks)
        kept = self._kept.made(markdown, made)
        return kept[0], list(kept[1])
