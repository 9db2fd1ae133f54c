"""Every scenario of the glossary run through the engine: its official examples and the
further checks of its rules.

One function, `verify_glossary`, serves the site build (which fails on any scenario that
does not reach its documented outcome), `altered-rules verify` and `stats`, and the pytest
plugin that collects each scenario as its own test item.
"""

from __future__ import annotations

import hashlib
import pickle
from dataclasses import dataclass, field, replace
from enum import Enum
from typing import Any, Iterable

import engine
from engine.messages import typed_key
from engine.scenario import CHARACTER_KEYS

from ..caches import Cache, forget_all
from ..content.glossary.citing import engine_citations
from ..content.glossary.model import CardData, Glossary, Note, NoteKind, Paragraph
from ..content.yamlsource import LineDict, LineList, plain_data, scenario_yaml
from .cache import glossary_key, scenario_key


class CheckKind(str, Enum):
    EXAMPLE = "example"            # an official Example of the sources, as a scenario
    ILLUSTRATION = "illustration"  # a further check of a rule, written by the editors


@dataclass
class Check:
    """One scenario of the glossary and what the engine made of it."""

    kind: CheckKind
    rule: str                 # the paragraph (or game mode) it belongs to
    anchor: str               # where it is shown on the site
    file: str
    line: int
    data: Any                 # the scenario as read from YAML (for display)
    scenario: engine.Scenario | None = None
    result: engine.ScenarioResult | None = None
    error: str | None = None  # the scenario cannot be read (file, line, what is wrong)
    key: bytes | None = field(default=None, repr=False)  # what was read (see _MEMO)
    _shown: str | None = field(default=None, repr=False, compare=False)
    # What later stages make once from its result for every language that shows it (trace_data;
    # the export's JSON text of the trace, export.py), by name: shared by every check given the
    # same result (a site build's languages share the checks; run_checks hands a `mkdocs serve`
    # rebuild the result and this of an unchanged scenario).
    made: dict[str, Any] = field(default_factory=dict, repr=False, compare=False)

    @property
    def shown(self) -> str:
        """The scenario as YAML, as a rule page shows it and a judge copies it: as its author
        wrote it, cards by name. Made once: a site build's languages share it (verify_glossary_once)."""
        if self._shown is None:
            self._shown = shown_yaml(self.data)
        return self._shown

    @property
    def trace_data(self) -> list[dict[str, Any]]:
        """Its trace as the export gives it in every language, line by line: the message (an id and
        its typed parameters), the rules, the rulings and the depth (all but the text). Made once: a
        site build's languages share the check (verify_glossary_once)."""
        assert self.result is not None
        data = self.made.get("trace_data")
        if data is None:
            data = self.made["trace_data"] = [line_data(line) for line in self.result.trace]
        return data

    @property
    def message_keys(self) -> list[tuple[object, ...] | None]:
        """Each line's message as its typed key (engine.messages.typed_key; None: no message): what
        the languages say it by, and what its JSON is made from. Made once, as trace_data is."""
        assert self.result is not None
        keys = self.made.get("message_keys")
        if keys is None:
            keys = self.made["message_keys"] = [None if line.message is None else typed_key(line.message)
                                                for line in self.result.trace]
        return keys

    @property
    def name(self) -> str:
        if self.scenario is not None:
            return self.scenario.name
        return str(self.data.get("name", "")) if isinstance(self.data, dict) else ""

    @property
    def passed(self) -> bool:
        return self.error is None and self.result is not None and self.result.passed

    @property
    def rules(self) -> tuple[str, ...]:
        """The rules this scenario checks: its own paragraph and the rules it names."""
        named = self.scenario.rules if self.scenario is not None else ()
        return tuple(dict.fromkeys((self.rule, *named)))

    def failure(self) -> str:
        """What went wrong, with the rule, the file and line, and each differing value."""
        head = f"{self.file}:{self.line}: {self.rule} {self.kind.value} '{self.name}'"
        if self.error is not None:
            return f"{head} cannot be run: {self.error}"
        assert self.result is not None
        if self.result.error is not None:
            return f"{head} cannot be run: {self.result.error.message}"
        lines = [f"{head} does not reach its documented outcome:"]
        lines += [f"    {difference}" for difference in self.result.differences]
        return "\n".join(lines)


@dataclass
class Verification:
    checks: list[Check] = field(default_factory=list)
    examples_total: int = 0   # every printed Example, with or without a scenario
    ran: int = 0              # the scenarios the engine ran; the others' results were cached (cache.py)

    @property
    def failures(self) -> list[Check]:
        return [c for c in self.checks if not c.passed]

    def for_anchor(self) -> dict[str, Check]:
        return {c.anchor: c for c in self.checks}

    def rules_with_scenarios(self) -> set[str]:
        return {rule for c in self.checks if c.passed for rule in c.rules}


def line_data(line: engine.TraceLine) -> dict[str, Any]:
    """A trace line as the export gives it in every language (all but its text)."""
    return {"message": line.message.to_json() if line.message is not None else None,
            "rules": list(line.rules), "rulings": list(line.rulings), "depth": line.depth}


# Keys a scenario may set beside `card:`: any key of the engine's object mapping.
CARD_OVERRIDES = CHARACTER_KEYS


class CardError(Exception):
    """A scenario names a card the glossary does not hold, or one the engine cannot read."""

    def __init__(self, node: LineDict, message: str) -> None:
        super().__init__(f"{node.path}:{node.line_of('card')}: {message}")


def _character_of(node: LineDict, cards: dict[str, CardData]) -> LineDict:
    """`{card: Foundry Armorer, stats: 1/1/1}` as the engine's character mapping, from cards.yaml.

    The card's abilities are given as the engine reads them (`engine:` in cards.yaml);
    keys beside `card` override the card's own (stats the sources do not give, for one).
    """
    name = node["card"]
    card = cards.get(str(name))
    if card is None:
        known = ", ".join(sorted(cards)) or "none"
        raise CardError(node, f"card '{name}' is not in glossary/cards.yaml; cards there: {known}")
    unknown = [k for k in node if k != "card" and k not in CARD_OVERRIDES]
    if unknown:
        raise CardError(node, f"unknown key '{unknown[0]}' beside card; allowed: {', '.join(CARD_OVERRIDES)}")
    character = LineDict()
    character.path, character.line, character.key_lines = node.path, node.line, {}
    character["name"] = card.name
    character["type"] = card.type
    for key, value in (("stats", card.stats), ("subtypes", list(card.subtypes)), ("faction", card.faction),
                       ("rarity", card.rarity)):
        if value:
            character[key] = value
    # Each ability the engine can read goes where the engine expects its kind.
    by_kind = {"reaction": "reactions", "passive": "passives", "quick-action": "quick_actions", "support": "supports"}
    for kind, key in by_kind.items():
        texts = [a.engine for a in card.abilities if a.kind == kind and a.engine]
        if texts:
            character[key] = texts
    effects = [a.engine for a in card.abilities if a.kind == "effect" and a.engine]
    if effects:
        character["effect"] = effects[0]
    for key in node:
        if key != "card":
            character[key] = node[key]
    character.key_lines = {key: node.line_of("card") for key in character}
    character.key_lines.update({k: node.line_of(k) for k in node if k != "card"})
    return character


def expand_cards(node: Any, cards: dict[str, CardData]) -> Any:
    """Every `{card: Name}` in a scenario replaced by the card's character mapping."""
    if isinstance(node, LineDict):
        if "card" in node:
            return _character_of(node, cards)
        copy = LineDict((k, expand_cards(v, cards)) for k, v in node.items())
        copy.path, copy.line, copy.key_lines = node.path, node.line, dict(node.key_lines)
        return copy
    if isinstance(node, LineList):
        listed = LineList(expand_cards(v, cards) for v in node)
        listed.path, listed.line, listed.item_lines = node.path, node.line, list(node.item_lines)
        return listed
    return node


def _as_list(node: LineDict) -> LineList:
    """One scenario as a scenario file (a list), keeping its line for messages."""
    holder = LineList([node])
    holder.path, holder.line, holder.item_lines = node.path, node.line, [node.line]
    return holder


# Scenarios this process has already read and run, by their verification key (cache.py: the
# scenario with its cards written out, its file and lines, the engine's code). The same key is the
# same input, so the same outcome; a `mkdocs serve` rebuild after an edit runs only the scenarios
# that changed (issues 8, 29).
_MEMO_LIMIT = 20_000
_MEMO: Cache[bytes, tuple[engine.Scenario | None, str | None]] = Cache("scenarios read", _MEMO_LIMIT)
# By the scenario's key and the deck limits: its result and what was made from it (Check.made).
_RESULTS: Cache[bytes, tuple[engine.ScenarioResult, dict[str, Any]]] = Cache("scenario results", _MEMO_LIMIT)
# A scenario's data (pickled, plain) -> its YAML text.
_SHOWN: Cache[bytes, str] = Cache("scenarios' YAML", _MEMO_LIMIT)


def shown_yaml(data: Any) -> str:
    """scenario_yaml, kept in this process under the scenario's plain data (keys in order, types
    and all: the same bytes give the same text): a `mkdocs serve` rebuild after an edit writes
    again only the YAML of the scenarios that changed (about a tenth of a rebuild's CPU, issue 29)."""
    plain = plain_data(data)
    try:
        key = hashlib.sha256(pickle.dumps(plain, protocol=pickle.HIGHEST_PROTOCOL)).digest()
    except (pickle.PicklingError, TypeError, AttributeError, RecursionError):
        return scenario_yaml(plain)
    return _SHOWN.made(key, lambda: scenario_yaml(plain))


def _check(kind: CheckKind, rule: str, anchor: str, node: LineDict, cards: dict[str, CardData]) -> Check:
    check = Check(kind, rule, anchor, node.path, node.line, node)
    try:
        expanded = expand_cards(node, cards)
    except CardError as exc:
        check.error = str(exc)
        return check
    check.key = scenario_key(expanded)
    kept = _MEMO.get(check.key) if check.key is not None else None
    if kept is not None:
        check.scenario, check.error = kept
        return check
    try:
        (check.scenario,) = engine.read_scenarios(_as_list(expanded), source=node.path)
    except engine.EngineError as exc:
        where = exc.location
        line = f":{where.line}" if where and where.line else ""
        check.error = f"{(where.path if where and where.path else node.path)}{line}: {exc.message}"
    if check.key is not None:
        _MEMO.put(check.key, (check.scenario, check.error))
    return check


def collect_checks(glossary: Glossary) -> tuple[list[Check], int]:
    """Every scenario of the glossary in reading order, and the number of printed examples."""
    checks: list[Check] = []
    examples = 0
    cards = glossary.cards
    for chapter in glossary.chapters:
        for section in chapter.sections:
            for paragraph in section.paragraphs:
                for note in paragraph.notes:
                    if note.kind is NoteKind.EXAMPLE:
                        examples += 1
                        if isinstance(note.scenario, LineDict):
                            checks.append(_check(CheckKind.EXAMPLE, paragraph.id, scenario_anchor(note), note.scenario, cards))
                for index, illustration in enumerate(paragraph.scenarios, 1):
                    checks.append(_check(CheckKind.ILLUSTRATION, paragraph.id, illustration_anchor(paragraph, index),
                                         illustration.scenario, cards))
    for mode in glossary.modes:
        for rule in mode.deck_rules:
            for index, illustration in enumerate(rule.scenarios, 1):
                checks.append(_check(CheckKind.ILLUSTRATION, rule.id, f"{rule.id}-scenario-{index}", illustration.scenario, cards))
        for index, block in enumerate(mode.blocks, 1):
            if block.example is not None:
                examples += 1
                if isinstance(block.scenario, LineDict):
                    checks.append(_check(CheckKind.EXAMPLE, f"mode-{mode.id}", f"{mode.id}-{index}-example", block.scenario, cards))
    return checks, examples


def scenario_anchor(note: Note) -> str:
    return note.anchor


def illustration_anchor(paragraph: Paragraph, index: int) -> str:
    return f"{paragraph.id}-scenario-{index}"


def run_checks(checks: Iterable[Check], deck_limits: engine.DeckLimitsByFormat, decisions: engine.Decisions | None = None,
               citations: engine.Citations | None = None) -> int:
    """Run each check's scenario, a deck checked with `deck_limits` (Glossary.deck_limits), every
    run following the questions the glossary's rules decide (`decisions`, Glossary.decisions) and
    citing its rule numbers (`citations`, citing.engine_citations), or take its result from this
    process's cache; returns how many the engine ran."""
    # An outcome depends on the scenario, on the decisions, on the numbers cited and, for a deck, on
    # the limits: all make the memo's key.
    limits = b"|" + hashlib.sha256(repr(sorted((f.value, repr(limit)) for f, limit in deck_limits.items())).encode()
                                   + repr(sorted((q.value, d.answer, d.rule) for q, d in (decisions or {}).items())).encode()
                                   + repr(sorted(citations.renames.items()) if citations else []).encode()).digest()
    ran = 0
    for check in checks:
        if check.scenario is None:
            continue
        key = check.key + limits if check.key is not None else None
        read = _MEMO.get(check.key) if check.key is not None else None
        kept = _RESULTS.get(key) if key is not None else None
        if kept is not None and read is not None and read[0] is check.scenario:
            check.result, check.made = kept
            continue
        check.result = engine.run_scenario(check.scenario, deck_limits, decisions or None, citations or None)
        ran += 1
        if key is not None and read is not None and read[0] is check.scenario:
            _RESULTS.put(key, (check.result, check.made))
    return ran


def verify_glossary(glossary: Glossary) -> Verification:
    """Read and run every scenario of the glossary."""
    checks, examples = collect_checks(glossary)
    ran = run_checks(checks, glossary.deck_limits, glossary.decisions, engine_citations(glossary))
    return Verification(checks, examples, ran)


# The last passing verification of this process, under the key of everything it depends on
# (cache.glossary_key): the language builds of one site build, when they share a process, and a
# `mkdocs serve` rebuild after a save that changed no glossary file, take it as it is.
_VERIFIED: Cache[str, Verification] = Cache("passing verification", 1)


def forget() -> None:
    """Drop everything this process remembers (every cache: caches.forget_all, the scenarios and
    verifications among them): what follows pays for it as a fresh process would (benchmarks, and
    tests that count runs)."""
    forget_all()


def verify_glossary_once(glossary: Glossary) -> Verification:
    """verify_glossary, run once for all the language builds of one site build.

    The same glossary files and the same code give the same checks. In one process (build_site
    builds the three languages in its own, and a `mkdocs serve` session is one), the last passing
    verification is kept under the key of both (cache.glossary_key) and given again (its `ran`
    then 0). A verification with failures is never kept: the build stops.
    """
    digest = glossary_key(glossary.digest)
    if digest is None:
        return verify_glossary(glossary)
    kept = _VERIFIED.get(digest)
    if kept is not None:
        return replace(kept, ran=0)
    verification = verify_glossary(glossary)
    if not verification.failures:
        for check in verification.checks:
            _ = check.shown  # shown on every language's pages: made here once, kept with the checks
        _VERIFIED.put(digest, verification)
    return verification


@dataclass(frozen=True)
class SectionCoverage:
    section: str
    paragraphs: int
    covered: int
    uncovered: tuple[tuple[str, str | None], ...]   # (paragraph, reason code or None)


def coverage(glossary: Glossary, verification: Verification) -> list[SectionCoverage]:
    covered = verification.rules_with_scenarios()
    rows = []
    for chapter in glossary.chapters:
        for section in chapter.sections:
            if not section.paragraphs:
                continue
            missing = tuple(
                (p.id, p.no_scenario.reason if p.no_scenario else None)
                for p in section.paragraphs if p.id not in covered
            )
            rows.append(SectionCoverage(section.id, len(section.paragraphs), len(section.paragraphs) - len(missing), missing))
    return rows


def stats(glossary: Glossary, verification: Verification) -> dict[str, int]:
    """The coverage figures of `altered-rules stats --json`."""
    covered = verification.rules_with_scenarios() & set(glossary.paragraphs)
    examples = [c for c in verification.checks if c.kind is CheckKind.EXAMPLE]
    return {
        "rules": len(glossary.paragraphs),
        "examples": verification.examples_total,
        "examples_with_scenarios": len(examples),
        "examples_verified": sum(1 for c in examples if c.passed),
        "scenarios": len(verification.checks),
        "scenarios_passed": sum(1 for c in verification.checks if c.passed),
        "rules_with_scenarios": len(covered),
        "rules_without_scenarios": len(glossary.paragraphs) - len(covered),
        "rules_without_reason": sum(
            1 for p in glossary.paragraphs.values() if p.id not in covered and p.no_scenario is None
        ),
    }
