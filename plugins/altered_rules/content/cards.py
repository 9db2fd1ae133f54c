"""Where the glossary mentions each card of glossary/cards.yaml, found in the content itself.

A card is mentioned where a text names it (its English name, or a printed name of `names`,
as a whole word, in any language of the text) and where a scenario's board holds it
(`{card: Name}`). `seen_in` is the editors' list of the rules whose examples name the card:
it is checked against what is found here (`seen_in_problems`, run by the lint), and a rule
it lists where nothing names the card still gets its link (`MentionKind.LISTED`).

No rendering here: the card pages are card_pages.py, the links back from the rules render.py.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from enum import Enum
from typing import Any, Iterable, Iterator

from ..site_paths import site_path
from .glossary.model import CardData, Glossary, NoteKind, Text, rule_sort_key

CARDS_DIR = "cards"
CARDS_INDEX = f"{CARDS_DIR}/index.md"


def card_page(card: CardData) -> str:
    """The card's page in the docs tree: cards/<slug>.md, served at cards/<slug>/."""
    return site_path(f"{CARDS_DIR}/{card.slug}.md")


class MentionKind(str, Enum):
    """What mentions a card, in the order a card's page lists them within a rule."""

    RULE = "rule"            # the text of a numbered paragraph
    EXAMPLE = "example"      # an example: its text, or the board of the scenario that verifies it
    REMARK = "remark"
    SCENARIO = "scenario"    # an illustration of a rule: its caption, or its board
    LISTED = "listed"        # seen_in lists the rule, but nothing there names the card (the lint says so)
    RULING = "ruling"
    TERM = "term"
    MODE = "mode"            # a game mode page: its text, an example, a deck rule or its decks


@dataclass(frozen=True)
class Mention:
    """One place that mentions a card.

    `place` is the entry that holds the mention, by the anchor the site gives it (2.1.c,
    2.1.c-example-1, ruling-<id>, term-<id>, mode-<id>): the link back to the card sits there.
    `anchor` is the exact spot (the entry itself, an illustration 2.1.c-scenario-2, a game
    mode's block); `rule` the numbered paragraph it belongs to, if any."""

    kind: MentionKind
    place: str
    anchor: str
    rule: str | None = None


def name_pattern(cards: Iterable[CardData]) -> re.Pattern[str] | None:
    """Every name of every card as a whole word, longest first ("Haven Trainee" before a
    shorter name it starts with). Names are proper names: the case must match."""
    names = sorted({name for card in cards for name in (card.name, *card.names.values()) if name},
                   key=lambda n: (-len(n), n))
    if not names:
        return None
    return re.compile(rf"(?<!\w)(?:{'|'.join(re.escape(n) for n in names)})(?!\w)")


def _named(texts: Iterable[Text | None], pattern: re.Pattern[str], by_name: dict[str, CardData]) -> set[str]:
    """The cards (by English name) that any language of `texts` names."""
    found: set[str] = set()
    for text in texts:
        if text is None:
            continue
        for value in text.by_language.values():
            found.update(by_name[m.group(0)].name for m in pattern.finditer(value))
    return found


def scenario_cards(node: Any) -> set[str]:
    """The names a scenario's board gives with `{card: Name}` (at any depth)."""
    found: set[str] = set()
    if isinstance(node, dict):
        if "card" in node and isinstance(node["card"], str):
            found.add(node["card"])
        for value in node.values():
            found |= scenario_cards(value)
    elif isinstance(node, list):
        for value in node:
            found |= scenario_cards(value)
    return found


def _places(glossary: Glossary, pattern: re.Pattern[str],
            by_name: dict[str, CardData]) -> Iterator[tuple[set[str], Mention]]:
    """Every entry that can mention a card, with the cards it names."""
    def named(*texts: Text | None) -> set[str]:
        return _named(texts, pattern, by_name)

    for paragraph in sorted(glossary.paragraphs.values(), key=lambda p: rule_sort_key(p.id)):
        pid = paragraph.id
        yield named(*paragraph.texts()), Mention(MentionKind.RULE, pid, pid, pid)
        for note in paragraph.notes:
            kind = MentionKind.EXAMPLE if note.kind is NoteKind.EXAMPLE else MentionKind.REMARK
            yield named(note.text, note.gap) | scenario_cards(note.scenario), Mention(kind, note.anchor, note.anchor, pid)
        for index, illustration in enumerate(paragraph.scenarios, 1):
            # The illustration's own anchor (verification.illustration_anchor); its link back is the paragraph's.
            found = named(illustration.caption) | scenario_cards(illustration.scenario)
            yield found, Mention(MentionKind.SCENARIO, pid, f"{pid}-scenario-{index}", pid)
    for ruling in glossary.rulings:
        place = f"ruling-{ruling.id}"
        yield named(ruling.title, ruling.conflict, ruling.reading, ruling.why), Mention(MentionKind.RULING, place, place)
    for term in glossary.terms:
        place = f"term-{term.id}"
        yield named(term.title, term.text, term.gap), Mention(MentionKind.TERM, place, place)
    for mode in glossary.modes:
        place = f"mode-{mode.id}"
        for index, block in enumerate(mode.blocks, 1):
            # render.block_html anchors a block by its heading (only when it has a title) and its example.
            found = named(block.title, *block.paragraphs, *block.items, block.gap)
            yield found, Mention(MentionKind.MODE, place, f"{mode.id}-{index}" if block.title else place)
            example = named(block.example) | scenario_cards(block.scenario)
            yield example, Mention(MentionKind.MODE, place, f"{mode.id}-{index}-example")
        yield named(mode.title, mode.deck_intro), Mention(MentionKind.MODE, place, place)
        for rule in mode.deck_rules:
            found = named(rule.text).union(*(named(i.caption) | scenario_cards(i.scenario) for i in rule.scenarios))
            yield found, Mention(MentionKind.MODE, place, rule.id)


def card_mentions(glossary: Glossary) -> dict[str, list[Mention]]:
    """For each card (by name, in cards.yaml's order), every place that mentions it: the
    rules in rule order (within a rule: its text, examples, remarks, scenarios), then the
    rulings, glossary terms and game modes; each place once."""
    mentions: dict[str, list[Mention]] = {name: [] for name in glossary.cards}
    pattern = name_pattern(glossary.cards.values())
    if pattern is None:
        return mentions
    by_name = {name: card for card in glossary.cards.values() for name in (card.name, *card.names.values())}
    for found, mention in _places(glossary, pattern, by_name):
        for name in found:
            if name in mentions and mention not in mentions[name]:
                mentions[name].append(mention)
    for card in glossary.cards.values():
        named_rules = {m.rule for m in mentions[card.name]}
        for rule in card.seen_in:
            if rule not in named_rules:
                mentions[card.name].append(Mention(MentionKind.LISTED, rule, rule, rule))
        mentions[card.name].sort(key=_order)
    return mentions


_KIND_ORDER = {kind: index for index, kind in enumerate(MentionKind)}


def _order(mention: Mention) -> tuple[Any, ...]:
    if mention.rule is not None:
        return (0, rule_sort_key(mention.rule), _KIND_ORDER[mention.kind])
    return (1, _KIND_ORDER[mention.kind])


def cards_by_place(glossary: Glossary, mentions: dict[str, list[Mention]]) -> dict[str, list[CardData]]:
    """The other way round: for each place, the cards it mentions (for its links to their pages)."""
    found: dict[str, list[CardData]] = {}
    for name, card_mentions_ in mentions.items():
        for mention in card_mentions_:
            cards = found.setdefault(mention.place, [])
            if glossary.cards[name] not in cards:
                cards.append(glossary.cards[name])
    for cards in found.values():
        cards.sort(key=lambda c: c.name.casefold())
    return found


def seen_in_problems(glossary: Glossary, mentions: dict[str, list[Mention]] | None = None) -> list[str]:
    """Where `seen_in` (the rules whose examples name the card) disagrees with the examples:
    one line `file:line: card 'Name': what is wrong (what to do)` each."""
    mentions = card_mentions(glossary) if mentions is None else mentions
    problems = []
    for card in glossary.cards.values():
        where = f"{card.file}:{card.line}: card '{card.name}'"
        examples = {m.rule for m in mentions[card.name] if m.kind is MentionKind.EXAMPLE and m.rule is not None}
        for rule in card.seen_in:
            if rule not in examples:
                named = sorted({m.rule for m in mentions[card.name] if m.rule and m.kind is not MentionKind.LISTED},
                               key=rule_sort_key)
                hint = f"; it is named in {', '.join(named)}" if named else "; no rule, example or scenario names it"
                problems.append(f"{where}: seen_in lists {rule}, but no example of {rule} names the card{hint} "
                                "(name it in the example, or remove the rule from seen_in)")
        for rule in sorted(examples - set(card.seen_in), key=rule_sort_key):
            problems.append(f"{where}: an example of {rule} names the card, but seen_in does not list {rule} (add it)")
    return problems
