"""Rule numbers in the hand-written pages (docs/<language>/*.md), linked and checked as in the
glossary's own text.

The glossary's syntax holds: a rule number in the text (`glossary.schema.RULE_REFERENCE`: "see
Rule 2.1.e", "(7.3.3.b)") is a reference to that rule, shown as the rule pages show it
(`Renderer.rule_link`), and a number the glossary does not hold is an error with the page's
file and line. What is not prose is left as written: code (fenced blocks and `code spans`: a
file's name, a YAML example, a number that is not a rule), links (their text and target) and
the inside of HTML tags. A line of raw HTML is the page's own markup: its numbers are checked,
not linked.
"""

from __future__ import annotations

import re
from typing import Iterator

from ..content.glossary.model import Glossary, rule_sort_key
from ..content.glossary.schema import RULE_REFERENCE
from .render import PageNotices, Renderer
from ..content.yamlsource import SourceError

# What a line's prose leaves alone: a code span (its run of backticks closes it), a link or an
# image with its text and target, an HTML tag or autolink, a bare address.
_NOT_PROSE = re.compile(r"(`+).+?\1|!?\[[^\]\n]*\]\([^)\n]*\)|!?\[[^\]\n]*\]\[[^\]\n]*\]|<[^>\n]*>|https?://\S+")
_FENCE = re.compile(r"^\s*(`{3,}|~{3,})")
_LINK_DEFINITION = re.compile(r"^\s{0,3}\[[^\]]+\]:\s")


def _prose(line: str) -> Iterator[tuple[bool, str]]:
    """The line in pieces: (is prose, text)."""
    last = 0
    for match in _NOT_PROSE.finditer(line):
        yield True, line[last:match.start()]
        yield False, match.group(0)
        last = match.end()
    yield True, line[last:]


def link_rule_references(markdown: str, path: str, page: str, glossary: Glossary,
                         renderer: Renderer) -> tuple[str, list[SourceError]]:
    """The page's Markdown with every rule number of its prose linked (from `page`, its path in
    the site's sources), and an error naming `path` and the line of each number the glossary
    does not hold (neither a rule of its sources nor a known external rule)."""
    errors: list[SourceError] = []
    # A hand-written page shows no notice of untranslated texts (its Markdown is its language's own):
    # the external rules' titles that rule_link looks up are noted here and never read.
    notices = PageNotices()
    lines = []
    fence = ""
    for number, line in enumerate(markdown.split("\n"), 1):
        opened = _FENCE.match(line)
        if fence or opened:
            if opened and not fence:
                fence = opened.group(1)
            elif opened and opened.group(1).startswith(fence):
                fence = ""
            lines.append(line)
            continue
        if _LINK_DEFINITION.match(line):
            lines.append(line)
            continue
        markup = line.lstrip().startswith("<")
        pieces = []
        for prose, text in _prose(line):
            if prose:
                for match in RULE_REFERENCE.finditer(text):
                    if not (glossary.rule_exists(match.group(1)) or match.group(1) in glossary.external_rules):
                        errors.append(SourceError(path, number, _unknown(match.group(1), glossary)))
                if not markup:
                    text = RULE_REFERENCE.sub(lambda m: renderer.rule_link(notices, m.group(1), page), text)
            pieces.append(text)
        lines.append("".join(pieces))
    return "\n".join(lines), errors


def _unknown(rule: str, glossary: Glossary) -> str:
    parent = rule.rsplit(".", 1)[0] + "."
    near = sorted((r for r in [*glossary.sections, *glossary.paragraphs] if r.startswith(parent)), key=rule_sort_key)[:8]
    return (f"reference to rule {rule}, which does not exist in the glossary"
            + (f"; rules nearby: {', '.join(near)}" if near else "")
            + " (a number that is not a rule goes in `code`)")
