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

from ..content.glossary.model import Glossary, rule_sort_key
from ..content.page_prose import prose, prose_lines
from ..content.yamlsource import SourceError
# A rule as a release had it (4.3.b@2026.1, as `altered-rules import` pins a page's citation of a
# rule the imported text removed) or as it is (4.3.b), in one pass (render.ANY_REFERENCE).
from .render import ANY_REFERENCE as _ANY_REFERENCE, PageNotices, Renderer, link_rule_numbers


def link_rule_references(markdown: str, path: str, page: str, glossary: Glossary,
                         renderer: Renderer) -> tuple[str, list[SourceError]]:
    """The page's Markdown with every rule number of its prose linked (from `page`, its path in
    the site's sources), and an error naming `path` and the line of each number the glossary
    does not hold (neither a rule of its sources nor a known external rule)."""
    errors: list[SourceError] = []
    # A hand-written page shows no notice of untranslated texts (its Markdown is its language's own):
    # the external rules' titles that rule_link looks up are noted here and never read.
    notices = PageNotices()
    snapshots: dict[str, set[str] | None] = {}
    lines = []
    for number, line, may in prose_lines(markdown):
        if not may:
            lines.append(line)
            continue
        markup = line.lstrip().startswith("<")
        pieces = []
        for is_prose, text in prose(line):
            if is_prose:
                for match in _ANY_REFERENCE.finditer(text):
                    if match.group(1):
                        problem = _pinned_problem(match.group(1), match.group(2), glossary, snapshots)
                        if problem:
                            errors.append(SourceError(path, number, problem))
                    elif not (glossary.rule_exists(match.group(3)) or match.group(3) in glossary.external_rules):
                        errors.append(SourceError(path, number, _unknown(match.group(3), glossary)))
                if not markup:
                    text = link_rule_numbers(text, renderer.rule_numbers(notices, page))
            pieces.append(text)
        lines.append("".join(pieces))
    return "\n".join(lines), errors


def _pinned_problem(rule: str, version: str, glossary: Glossary, snapshots: dict[str, set[str] | None]) -> str | None:
    """Why a page's "4.3.b@2026.1" names no rule of that release's snapshot (None: it does), as the
    glossary's own pinned citations are checked (linking._resolve_pinned)."""
    from ..content.glossary.releases import read_snapshot

    releases = {r.version: r for r in glossary.releases}
    if version not in releases:
        return (f"{rule}@{version}: no release {version} in releases.yaml (a rule pinned to a release names one "
                f"it was in; releases: {', '.join(releases) or 'none'})")
    if version not in snapshots:
        try:
            snapshot = read_snapshot(glossary.root, releases[version])
        except SourceError as exc:
            return f"{rule}@{version}: {exc}"
        snapshots[version] = {k for k, e in snapshot.entries.items() if e.kind in ("section", "paragraph")}
    held = snapshots[version] or set()
    if rule in held:
        return None
    near = sorted((k for k in held if k.startswith(rule.rsplit(".", 1)[0] + ".")), key=rule_sort_key)[:8]
    return f"{rule}@{version}: release {version} holds no rule {rule}" + (f"; its rules nearby: {', '.join(near)}" if near else "")


def _unknown(rule: str, glossary: Glossary) -> str:
    parent = rule.rsplit(".", 1)[0] + "."
    near = sorted((r for r in [*glossary.sections, *glossary.paragraphs] if r.startswith(parent)), key=rule_sort_key)[:8]
    return (f"reference to rule {rule}, which does not exist in the glossary"
            + (f"; rules nearby: {', '.join(near)}" if near else "")
            + " (a number that is not a rule goes in `code`)")
