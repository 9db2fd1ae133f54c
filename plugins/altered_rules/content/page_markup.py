"""What a hand-written page (`docs/<language>/*.md`) may hold: Markdown, and the little HTML the
pages need (issue 36, F-20).

The hand-written pages come from contributors and translators through the same "edit" button
and pull requests as the glossary's YAML, so they are contributed text: they may not run script.
Markdown passes raw HTML through, and `attr_list` adds any attribute (`{: onclick=...}`), so the
page's source is checked, by the lint and by the build (file:line), against what the English
pages use:

- raw HTML tags: only ALLOWED_TAGS (the legend's `div`/`aside`/`p`/`span`/`strong`, a link `a`,
  the sandbox's `noscript`), with only ALLOWED_ATTRIBUTES (`class`, `id`, `title`, `role`,
  `aria-hidden`, `markdown`, `href`; `style` only as a symbol's colour `--ar-symbol-color:#hex`);
  no `<script>`, no `<iframe>`, no `<img>`, no `on...=` attribute (an HTML comment is allowed: it is never shown);
- every link (Markdown `[text](url)`, `![alt](url)`, a reference `[id]: url`, an autolink
  `<url>`, an `href`) is relative or `http:`, `https:` or `mailto:`: no `javascript:`, `data:`,
  `vbscript:` or other scheme, however it is spelt (entities, case, spaces);
- `attr_list` braces (`{: ...}`, `{#id .class}`) hold only an id, classes and `title`.

Code (fenced blocks, indented code and `code spans`) is text and is not read. The build also
refuses a page whose converted HTML would hold a script or an event attribute anyway
(`html_problems`), whatever route it took.
"""

from __future__ import annotations

import html
import re
from html.parser import HTMLParser

__all__ = ["ALLOWED_TAGS", "ALLOWED_ATTRIBUTES", "ALLOWED_SCHEMES", "page_problems", "html_problems"]

ALLOWED_TAGS = frozenset({"a", "div", "aside", "p", "span", "strong", "em", "b", "i", "br", "noscript", "code",
                          "kbd", "abbr", "small", "sup", "sub"})
ALLOWED_ATTRIBUTES = frozenset({"class", "id", "title", "role", "aria-hidden", "aria-label", "markdown", "href", "style"})
ALLOWED_SCHEMES = ("http", "https", "mailto")
_STYLE = re.compile(r"\s*--ar-symbol-color\s*:\s*#[0-9A-Fa-f]{3,8}\s*;?\s*")
_SCHEME = re.compile(r"([A-Za-z][A-Za-z0-9+.\-]*):")

_FENCE = re.compile(r"^(\s*)(`{3,}|~{3,})")
_CODE_SPAN = re.compile(r"(`+)((?:(?!\n[ \t]*\n).)+?)\1", re.DOTALL)
_MD_LINK = re.compile(r"\]\(\s*<?([^)>\s]*)")
_MD_REFERENCE = re.compile(r"^\s{0,3}\[[^\]]+\]:\s*<?(\S+?)>?(?:\s|$)")
_AUTOLINK = re.compile(r"<([A-Za-z][A-Za-z0-9+.\-]*:[^\s<>]*)>")
_ATTR_LIST = re.compile(r"\{:?\s*([^{}\n]*)\}")
_ATTR_LIST_ITEM = re.compile(r"""(?:#[\w-]+|\.[\w-]+|title=(?:"[^"]*"|'[^']*'|\S+))""")


def _scheme_problem(url: str) -> str | None:
    """What is wrong with a link's address (None: nothing): a scheme other than ALLOWED_SCHEMES."""
    plain = re.sub(r"[\x00-\x20\x7f]+", "", html.unescape(url))
    found = _SCHEME.match(plain)
    if found and found.group(1).lower() not in ALLOWED_SCHEMES:
        return (f"the link {url[:60]!r} uses the scheme '{found.group(1)}:'; a page links to a relative address "
                f"or to {', '.join(s + ':' for s in ALLOWED_SCHEMES)} only")
    return None


class _Tags(HTMLParser):
    """The raw HTML of one line of a page: each tag or attribute that is not allowed."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.problems: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if tag not in ALLOWED_TAGS:
            self.problems.append(f"the HTML tag <{tag}> is not allowed in a hand-written page; allowed: "
                                 f"Markdown, and the tags {', '.join(sorted(ALLOWED_TAGS))}")
            return
        for name, value in attrs:
            if name not in ALLOWED_ATTRIBUTES:
                self.problems.append(f"the attribute '{name}' of <{tag}> is not allowed (no on...= handler); "
                                     f"allowed: {', '.join(sorted(ALLOWED_ATTRIBUTES))}")
            elif name == "style" and not _STYLE.fullmatch(value or ""):
                self.problems.append(f"the style {value!r} of <{tag}> is not allowed; a page's style is only "
                                     "a symbol's colour, --ar-symbol-color:#2e7d32")
            elif name == "href" and value is not None and (problem := _scheme_problem(value)):
                self.problems.append(problem)

    handle_startendtag = handle_starttag

    def handle_decl(self, decl: str) -> None:
        self.problems.append(f"the declaration <!{decl[:30]}> is not allowed in a hand-written page")

    def handle_pi(self, data: str) -> None:
        self.problems.append(f"the processing instruction <?{data[:30]}> is not allowed in a hand-written page")

    def unknown_decl(self, data: str) -> None:
        self.problems.append(f"the declaration <![{data[:30]}> is not allowed in a hand-written page")


def _prose_lines(text: str) -> list[tuple[int, str]]:
    """The page's lines outside fenced code, without their code spans (which may run over a line
    break within a paragraph), each with its number."""
    kept, fence = [], None
    for line in text.split("\n"):
        opened = _FENCE.match(line)
        if fence is not None:
            if opened and opened.group(2)[0] == fence[0] and len(opened.group(2)) >= len(fence):
                fence = None
            kept.append("")
            continue
        if opened:
            fence = opened.group(2)
            kept.append("")
            continue
        kept.append(line)
    prose = _CODE_SPAN.sub(lambda m: " " + "\n" * m.group(0).count("\n"), "\n".join(kept))
    return list(enumerate(prose.split("\n"), 1))


def page_problems(text: str, where: str) -> list[str]:
    """`where:line: problem` for each tag, attribute, link or attr_list of a hand-written page's
    Markdown that is not allowed (see the module's docstring)."""
    problems: list[str] = []
    for number, line in _prose_lines(text):
        found: list[str] = []
        parser = _Tags()
        parser.feed(line)
        parser.close()
        found += parser.problems
        for pattern in (_MD_LINK, _AUTOLINK):
            found += [p for m in pattern.finditer(line) if (p := _scheme_problem(m.group(1)))]
        reference = _MD_REFERENCE.match(line)
        if reference and (problem := _scheme_problem(reference.group(1))):
            found.append(problem)
        for braces in _ATTR_LIST.finditer(line):
            body = braces.group(1).strip()
            if (braces.group(0).startswith("{:") or "=" in body) and not all(_ATTR_LIST_ITEM.fullmatch(item) for item in re.findall(
                    r"""\S+=(?:"[^"]*"|'[^']*'|\S+)|\S+""", body)):
                found.append(f"the attributes {{{braces.group(1)[:40]}}} are not allowed; an attribute list "
                             "({: ...}) holds only #id, .class and title=...")
        problems += [f"{where}:{number}: {problem}" for problem in found]
    return problems


_EVENT = re.compile(r"<[^>]*\son\w+\s*=", re.IGNORECASE)
_DANGER = re.compile(r"<\s*(script|iframe|object|embed|form|base|meta|link|style)\b|(?:href|src|action)\s*=\s*[\"']?\s*"
                     r"(?:javascript|vbscript|data):", re.IGNORECASE)


def html_problems(content: str) -> list[str]:
    """What the converted HTML of a hand-written page holds that may run script: a script or
    embedding tag, an event attribute, a script address. The build's last check (page_problems
    reads the source); [] for a page that passed it."""
    found = [m.group(0)[:60] for m in _EVENT.finditer(content)] + [m.group(0)[:60] for m in _DANGER.finditer(content)]
    return [f"the page's HTML holds {html.escape(text)!r}, which could run script" for text in found]
