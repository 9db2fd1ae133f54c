"""Linking the glossary once every file is built: each rule a text, a card, a keyword or a
scenario cites exists (or is a known external rule), each {rule-text ...} quotes a text the glossary
holds, and the cited-by and rulings-by-rule indexes are filled in.
"""

from __future__ import annotations

import re
from typing import Any, Iterator

from ..yamlsource import LineDict, LineList, SourceError
from . import schema as S
from .checking import _Citation, _Reader
from .model import Glossary, Text, rule_sort_key


def _scenarios(glossary: Glossary) -> Iterator[LineDict]:
    """Every scenario mapping of the glossary: examples and illustrations of rules and game modes."""
    for section in glossary.sections.values():
        for paragraph in section.paragraphs:
            yield from (note.scenario for note in paragraph.notes if isinstance(note.scenario, LineDict))
            yield from (i.scenario for i in paragraph.scenarios)
    for mode in glossary.modes:
        yield from (block.scenario for block in mode.blocks if isinstance(block.scenario, LineDict))
        yield from (i.scenario for rule in mode.deck_rules for i in rule.scenarios)


def _cite_scenario_rules(glossary: Glossary, reader: _Reader) -> None:
    """The rules a scenario names (`rules:`) exist: a rule number of the glossary, checked like a
    cross-reference, or a game mode's deck rule. Other values are the scenario reader's to refuse."""
    deck_rules = {rule.id for mode in glossary.modes for rule in mode.deck_rules}
    for scenario in _scenarios(glossary):
        named = scenario.get("rules")
        if not isinstance(named, LineList):
            continue
        for index, item in enumerate(named):
            rule = str(item) if isinstance(item, (str, int)) and not isinstance(item, bool) else None
            if rule is None:
                continue
            if S.SECTION_ID.match(rule) or S.PARAGRAPH_ID.match(rule):
                reader.citations.append(_Citation(rule, "scenario", named.path, named.line_of(index), shown=False))
            elif S.PINNED_RULE_ID.match(rule):
                reader.pinned.append(_Citation(rule, "scenario", named.path, named.line_of(index), shown=False))
            elif rule not in deck_rules:
                reader.error(named, index, f"'{rule}' in 'rules' of a scenario is neither a rule number of the glossary (such as "
                                           f"4.2.4.c) nor a deck rule of a game mode; deck rules: {', '.join(sorted(deck_rules))}")


def _nearby_mode_quotes(wanted: str, quotable: dict[str, Text]) -> str:
    """For a game mode's text the glossary does not hold: what its block holds, or else what its
    mode holds, so the editor sees the parts and the blocks' numbers (counted from 1 in the file)."""
    found = S.MODE_QUOTE_BLOCK.match(wanted)
    if not found:
        return ""
    for prefix, what in ((found.group(1), "this block's"), (found.group(2), "this mode's")):
        near = [key for key in quotable if key.startswith(prefix + "-")]
        if near:
            return f"; {what} quotable texts: {', '.join(near[:12])}{' ...' if len(near) > 12 else ''}"
    return ""


# A quoted anchor's suffix -> the field of a release's snapshot that holds it (releases.snapshot_of).
_ANCHOR_FIELD = re.compile(r"^(.*?)(?:-(remark|example|item)-([0-9]+))?$")


def _resolve_pinned(glossary: Glossary, reader: _Reader) -> None:
    """Every rule cited as a release had it ("4.3.b@2026.1", "{rule-text 4.3.h-item-2@2026.1}") is
    in that release's snapshot; its texts fill glossary.pinned (the quotations' texts)."""
    from .releases import read_snapshot

    wanted = [(c, False) for c in reader.pinned] + [(q, True) for q in reader.quotes if "@" in q.rule]
    if not wanted:
        return
    releases = {r.version: r for r in glossary.releases}
    snapshots: dict[str, Any] = {}
    for citation, quoted in wanted:
        anchor, version = citation.rule.rsplit("@", 1)
        release = releases.get(version)
        if release is None:
            reader.errors.append(SourceError(citation.path, citation.line, f"{citation.rule}: no release {version} in releases.yaml "
                                             f"(a rule pinned to a release names one it was in; releases: {', '.join(releases) or 'none'})"))
            continue
        if version not in snapshots:
            try:
                snapshots[version] = read_snapshot(glossary.root, release)
            except SourceError as exc:
                reader.errors.append(exc)
                snapshots[version] = None
        snapshot = snapshots[version]
        if snapshot is None:
            continue
        rule, kind, number = _ANCHOR_FIELD.match(anchor).groups()   # type: ignore[union-attr]
        entry = snapshot.entries.get(rule)
        name = f"{kind}.{number}" if kind else "text"
        texts = entry.field(name) if entry is not None and entry.kind in ("section", "paragraph") else {}
        if entry is None or entry.kind not in ("section", "paragraph") or (quoted and not texts):
            near = sorted((k for k, e in snapshot.entries.items() if e.kind == "paragraph" and k.startswith(rule.rsplit(".", 1)[0] + ".")),
                          key=rule_sort_key)[:8]
            reader.errors.append(SourceError(citation.path, citation.line, f"{citation.rule}: release {version} holds no "
                                             f"{'text ' + anchor if quoted else 'rule ' + rule}"
                                             + (f"; its rules nearby: {', '.join(near)}" if near else "")))
            continue
        if texts:
            glossary.pinned[citation.rule] = Text(dict(texts))


def _resolve_citations(glossary: Glossary, reader: _Reader) -> None:
    """Every cited rule exists (or is a known external rule); build the cited-by index."""
    for citation in reader.citations:
        if glossary.rule_exists(citation.rule):
            if not citation.shown or citation.citing.startswith(("card-", "keyword-", "jargon-")):
                continue  # checked, not shown as a citation
            citing = glossary.cited_by.setdefault(citation.rule, [])
            if citation.citing not in citing:
                citing.append(citation.citing)
        elif any(citation.rule == s or citation.rule.startswith(s + ".") for s in reader.unreadable):
            continue  # already reported: the file that holds this rule could not be read
        elif citation.rule not in glossary.external_rules:
            near = sorted((r for r in list(glossary.paragraphs) + list(glossary.sections) if r.startswith(citation.rule.rsplit(".", 1)[0] + ".")), key=rule_sort_key)[:8]
            hint = f"; rules nearby: {', '.join(near)}" if near else ""
            reader.errors.append(SourceError(citation.path, citation.line, f"reference to rule {citation.rule}, which does not exist in the glossary{hint}"))
    for ruling in glossary.rulings:
        for rule in ruling.rules:
            glossary.rulings_by_rule.setdefault(rule, []).append(ruling)
    _resolve_pinned(glossary, reader)
    quotable = glossary.quotable()
    for quote in reader.quotes:
        if "@" in quote.rule:
            continue   # a release's text: _resolve_pinned checked it
        if quote.rule not in quotable and not any(quote.rule.startswith(s + ".") for s in reader.unreadable):
            reader.errors.append(SourceError(quote.path, quote.line, f"{{rule-text {quote.rule}}} quotes a text the glossary does not hold; "
                                             "quote a paragraph (4.2.4.b), an item (4.3.h-item-2), a remark or example by its anchor (4.2.4.h-remark-1), "
                                             "or a game mode's paragraph, item or example by its block's anchor (multiplayer-2v2-5-item-2)"
                                             + _nearby_mode_quotes(quote.rule, quotable)))
