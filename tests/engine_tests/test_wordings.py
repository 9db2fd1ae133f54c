"""The registry of card-text wordings (engine.cardtext.wordings) against the lists "Effects written as
card text" of docs/{en,fr,it}/scenarios.md: every wording is shown in each language, every wording
shown is one the registry holds, and each example is read by its own entry.

The lists write wordings in English (card text is read in English, 2.2.3.c), as code: `[...]` marks
optional words, `EFFECT` (or "..." after a condition or a verb) any effect."""

from __future__ import annotations

import itertools
import re

import pytest

import engine
from altered_rules.content.glossary import load_glossary
from altered_rules.languages import LANGUAGES
from engine.cardtext import SUPPORTED_EFFECTS, WORDINGS, parse_effect, read_step, split_steps
from engine.cardtext.wordings import STEPS_EXAMPLES, STEPS_SAYS

from project_paths import GLOSSARY, PROJECT

PLACEHOLDERS = {"EFFECT": "draw a card", ", ...": ", draw a card", "create ...": "create a Brassbug 2/2/2 Robot token in target Expedition"}
"""What the lists' placeholders stand for when an example is read: `EFFECT`, and "..." after a
condition or a verb (alone, "..." is the wording of a lost effect)."""

PARTS = {
    # Words inside a wording: counts, places, abilities, durations, costs.
    "and", "a", "an", "one", "ten", "with", "my Expedition", "your hero Expedition", "your companion Expedition",
    "each of your Expeditions", "target Expedition", "with Gigantic", 'with "etb | Draw a card"', "... can't move backward",
    "this Turn", "this Afternoon", "this Day", "costs N more", "The next Character ...",
    "until your next turn", "until end of turn", "until the end of your next turn",  # durations no source defines (issue 38)
    # Game-mode rules the wordings cite.
    "2v2.your-opponent", "free-for-all.your-opponent", "2v2.first-player", "free-for-all.first-player",
    # The scenario language: paths, keys and an expected refusal.
    "cost.changes", "refused: forbidden", "target:", "choices:", "effect.*", "cost.*", "choices", "emblems",
}
"""Code in the lists that is not a whole wording (ruling ids, checked apart, are not listed here)."""


def _section(language: str) -> str:
    """The list "Effects written as card text" of docs/<language>/scenarios.md: from its heading to
    the next one (the heading is translated; the first wording is not)."""
    text = (PROJECT / "docs" / language / "scenarios.md").read_text(encoding="utf-8")
    first = text.index("`Create a Brassbug")
    return text[text.rindex("\n### ", 0, first) : text.index("\n### ", first)]


def _shown(language: str) -> list[str]:
    return re.findall(r"`([^`]+)`", _section(language))


def _spelled(example: str) -> list[str]:
    """The texts an example of the lists stands for: each choice of its optional `[...]` words, its
    placeholders written out."""
    pieces = re.split(r"\[([^\]]+)\] ?", example)
    texts = []
    for chosen in itertools.product(*[("", f"{piece} ") for piece in pieces[1::2]]):
        text = "".join(fixed + extra for fixed, extra in itertools.zip_longest(pieces[::2], chosen, fillvalue="")).strip()
        for placeholder, meant in PLACEHOLDERS.items():
            text = text.replace(placeholder, meant)
        texts.append(text[0].upper() + text[1:])
    return texts


def test_an_example_stands_for_each_choice_of_its_optional_words() -> None:
    assert _spelled("[You may] play me [for free]") == ["Play me", "Play me for free", "You may play me", "You may play me for free"]
    assert _spelled("If you are the first player, EFFECT") == ["If you are the first player, draw a card"]


@pytest.mark.parametrize("language", LANGUAGES)
def test_every_wording_of_the_registry_is_in_the_list(language: str) -> None:
    shown = set(_shown(language))
    missing = [(wording.name, example) for wording in WORDINGS for example in wording.examples if example not in shown]
    missing += [("several steps", example) for example in STEPS_EXAMPLES if example not in shown]
    assert not missing, (
        f"docs/{language}/scenarios.md, \"Effects written as card text\", does not show these wordings of "
        f"engine.cardtext.wordings; write each as code in its bullet: {missing}"
    )


@pytest.mark.parametrize("language", LANGUAGES)
def test_every_wording_of_the_list_is_in_the_registry(language: str) -> None:
    examples = {example for wording in WORDINGS for example in wording.examples} | set(STEPS_EXAMPLES)
    unknown = [code for code in _shown(language) if code not in examples and code not in PARTS and code not in engine.RULINGS]
    assert not unknown, (
        f"docs/{language}/scenarios.md, \"Effects written as card text\", shows wordings engine.cardtext.wordings does not "
        f"hold (add each to the examples of its wording, or, if it is only part of one, to PARTS here): {unknown}"
    )


@pytest.mark.parametrize("wording", WORDINGS, ids=lambda wording: wording.name)
def test_each_example_is_read_by_its_own_wording(wording: engine.cardtext.Wording) -> None:
    assert wording.examples, f"the wording {wording.name!r} shows no example"
    for example in wording.examples:
        for text in _spelled(example):
            (instruction,) = parse_effect(text)
            (step,) = split_steps(text)
            found, record = read_step(step, text)
            assert found is wording, f"{text!r} is read by {found.name!r}, not by {wording.name!r}"
            assert isinstance(record, wording.record) and type(instruction) is wording.record


def test_the_steps_examples_are_several_steps() -> None:
    for example in STEPS_EXAMPLES:
        for text in _spelled(example):
            assert len(parse_effect(text)) == 2, text


def test_what_the_engine_says_it_reads_is_the_registry() -> None:
    said = "; ".join(SUPPORTED_EFFECTS)
    for wording in WORDINGS:
        assert wording.says in said
    assert SUPPORTED_EFFECTS[-1] == STEPS_SAYS
    with pytest.raises(engine.UnsupportedText) as refused:
        parse_effect("Shuffle your Deck")
    assert all(wording.says in refused.value.message for wording in WORDINGS)


def test_the_rules_a_wording_cites_exist() -> None:
    glossary = load_glossary(GLOSSARY)
    engine_source = "".join(path.read_text(encoding="utf-8") for path in (PROJECT / "engine").rglob("*.py"))
    unknown = [
        (wording.name, rule) for wording in WORDINGS for rule in wording.rules
        # A numbered rule is the glossary's; a game-mode rule (2v2.first-player) one the trace cites.
        if not (glossary.rule_exists(rule) if rule[0].isdigit() and not rule.startswith("2v2") else f'"{rule}"' in engine_source)
    ]
    assert not unknown
