"""The pseudo-locale check: everything the engine says, rendered in a generated pseudo-language.

Each English sentence of the catalogues (the engine's messages, engine.catalogue, and the interface
strings, strings/en.yaml) is transformed: every letter accented ("Áľíçé ďéçíďéš"), the whole
bracketed. The glossary's verified traces are rendered as the rule pages render them, and every
scenario the pages publish is run through the sandbox's runtime, in that language. What remains in
plain ASCII letters is either a value the sentence names (a player, a card, card text, a reading:
marked as such by the pseudo renderer), an identifier (a rule number, a ruling id), a ruling's title
(glossary content like a rule's text, in English where the pseudo-language has no translation:
the translation states track it, not the catalogues), or English that reached the page without a
catalogue entry: the test fails on the last, naming it.
"""

from __future__ import annotations

import html
import json
import re

import pytest

import altered_rules.messages as messages
import altered_rules.strings as strings
from altered_rules.pages.render import PageNotices, Renderer as PageRenderer
from altered_rules.site_assets import sandbox_runtime
from altered_rules.site_assets.sandbox import published_scenarios
from altered_rules.verification.checks import verify_glossary_once
from engine.catalogue import ENGLISH
from engine.messages import Card, English, Player, Quote, Reading, Renderer, cldr_plural

PSEUDO = "qps"
_ACCENTS = str.maketrans("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ",
                         "áƀçďéƒğĥíĵķľḿñóþǫŕšťúṽŵẋýžÁƁÇĎÉƑĞĤÍĴĶĽḾÑÓÞǪŔŠŤÚṼŴẊÝŽ")
_FIELD = re.compile(r"(\{[^{}]*\}|#)")
_PLURAL = re.compile(r"(\{\w+, plural,)((?:\s*[a-z=0-9]+\s*\{[^{}]*\})+)(\s*\})")
_FORM = re.compile(r"([a-z=0-9]+)(\s*\{)([^{}]*)(\})")
_OPEN, _CLOSE = "\u2039", "\u203a"   # around a value the sentence names: not the catalogue's words


def pseudo(template: str) -> str:
    """A template with its words transformed and its {parameters}, plural forms and # kept."""
    def words(text: str) -> str:
        return "".join(part if _FIELD.fullmatch(part) else part.translate(_ACCENTS) for part in _FIELD.split(text))

    def plural(found: re.Match[str]) -> str:
        forms = _FORM.sub(lambda f: f.group(1) + f.group(2) + words(f.group(3)) + f.group(4), found.group(2))
        return found.group(1) + forms + found.group(3)

    parts, last = [], 0
    for found in _PLURAL.finditer(template):
        parts += [words(template[last:found.start()]), plural(found)]
        last = found.end()
    parts.append(words(template[last:]))
    return "".join(parts)


def pseudo_catalogue() -> dict[str, str]:
    table = {key: (value if key in ("list.separator", "number.group", "list.clauses") else f"[{pseudo(value)}]")
             for key, value in ENGLISH.items()}
    table["list.separator"], table["list.clauses"] = ", ", "; "
    return table


class MarkingRenderer(Renderer):
    """The pseudo renderer: a player, a card, card text or a reading is marked ‹...›, as a value the
    sentence names; English no catalogue says (engine.messages.English) is not."""

    def value(self, value, form=None):  # type: ignore[no-untyped-def]
        shown = super().value(value, form)
        if isinstance(value, (Player, Card, Quote, Reading)) and not isinstance(value, English):
            return f"{_OPEN}{shown}{_CLOSE}"
        return shown


_IDENTIFIER = re.compile(r"\b\d+\.\d+(?:\.\d+)*(?:\.[a-z])?\b|\b(?:2v2|free-for-all|sealed|draft)\.[a-z-]+\b")


def leaks(text: str, rulings: set[str]) -> list[str]:
    """The runs of plain ASCII words left in `text`: English that no catalogue entry gave."""
    text = re.sub(f"{_OPEN}[^{_CLOSE}]*{_CLOSE}", " ", text)
    for ruling in sorted(rulings, key=len, reverse=True):
        text = text.replace(ruling, " ")
    text = _IDENTIFIER.sub(" ", text)
    return [run.strip() for run in re.findall(r"(?:\b[A-Za-z][A-Za-z']+\b[\s,.;:()]*){2,}", text)]


@pytest.fixture
def pseudo_language(monkeypatch: pytest.MonkeyPatch) -> None:
    """The pseudo-language installed where the site and the sandbox look a language up."""
    import altered_rules.pages.render as render

    catalogue = pseudo_catalogue()
    plural = cldr_plural(messages.plural_rules("en"))
    monkeypatch.setitem(strings.STRINGS, PSEUDO, {k: f"[{pseudo(v)}]" for k, v in strings.STRINGS["en"].items()})
    monkeypatch.setattr(render, "message_renderer", lambda language, names=None, citations=None: MarkingRenderer(catalogue, plural, names))
    monkeypatch.setattr(sandbox_runtime, "_say", lambda language: MarkingRenderer(catalogue, plural))


def _trace_text(fragment: str) -> str:
    return html.unescape(re.sub(r"<[^>]+>", " ", fragment))


def test_the_pseudo_transform_keeps_parameters_and_changes_every_word() -> None:
    assert pseudo("{player} draws {n, plural, one {# card} other {# cards}}") == \
        "{player} ďŕáŵš {n, plural, one {# çáŕď} other {# çáŕďš}}"
    assert leaks("[Áľíçé ďéçíďéš] ‹Alice›", set()) == []
    assert leaks("[Áľíçé] the engine refuses", set()) == ["the engine refuses"]


def test_no_english_sentence_in_the_verified_traces_of_the_rule_pages(glossary, pseudo_language) -> None:
    verification = verify_glossary_once(glossary)
    # The page's renderer as the French site's (the pseudo-language has no termbase forms), speaking
    # the pseudo-language: its interface strings and its engine messages.
    page = PageRenderer(glossary, "fr", verification)
    page.language = PSEUDO
    # A trace line cites a ruling by its title, in English here: the pseudo-language has no content.
    rulings = {r.id for r in glossary.rulings} | {r.title.get("en") for r in glossary.rulings}
    found = []
    checks = [c for c in verification.checks if c.passed and c.result is not None]
    assert len(checks) > 300
    for check in checks:
        text = _trace_text(page.trace_html(PageNotices(), check, "rules/index.md"))
        found += [f"{check.file}:{check.line}: {leak!r}" for leak in leaks(text, rulings)]
    assert found == [], "English without a catalogue entry:\n" + "\n".join(found[:20])
    assert leaks(strings.tr(PSEUDO, "engine_trace"), set()) == []


def test_no_english_sentence_in_the_sandboxs_answers(glossary, pseudo_language) -> None:
    verification = verify_glossary_once(glossary)
    rulings = {r.id for r in glossary.rulings}
    found = []
    for anchor, data in published_scenarios(glossary, verification).items():
        answer = sandbox_runtime.call("run", json.dumps({"data": data, "language": PSEUDO}))
        found += [f"{anchor}: {leak!r}" for leak in leaks(_answer_text(json.loads(answer)), rulings)]
    assert found == [], "English without a catalogue entry:\n" + "\n".join(found[:20])


def _answer_text(answer: dict) -> str:
    said = []
    for scenario in answer["scenarios"]:
        said += [line["text"] for line in scenario["trace"]]
        if scenario["error"]:
            said.append(scenario["error"]["message"])
        for violation in (scenario.get("deck") or {}).get("violations", []):
            said += [violation["why"], violation["requires"]]
        board = scenario.get("board") or {}
        if board.get("error"):
            said.append(board["error"])
        if board.get("readings"):
            said += board["readings"]["questions"]
    return "\n".join(said)


def test_an_english_sentence_added_without_a_catalogue_entry_is_found(glossary, pseudo_language, monkeypatch) -> None:
    # An engine error raised with a finished English sentence instead of a message: the trace and
    # the sandbox show it, and the check names it.
    import engine.api
    from engine.errors import Forbidden

    def refuse(game):  # type: ignore[no-untyped-def]
        raise Forbidden("the engine has no message for this refusal")

    monkeypatch.setattr(engine.api, "progress", refuse, raising=False)
    monkeypatch.setattr(engine.api, "run_phase", lambda game, phase, **kw: refuse(game))
    scenario = {"name": "a Dusk", "given": {"players": ["Alice", "Bob"]}, "when": ["dusk"], "then": {"winner": "none"}}
    answer = json.loads(sandbox_runtime.call("run", json.dumps({"data": [scenario], "language": PSEUDO})))
    assert "the engine has no message for this refusal" in " ".join(leaks(_answer_text(answer), set()))
