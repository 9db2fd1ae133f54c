"""The judge's sandbox as it runs in the browser (in Pyodide): the engine's own reading and
running of scenarios, behind one function that takes and answers JSON text.

The sandbox page's worker calls `call(command, request)`; nothing here knows about the page.
Every outcome comes from the engine's public functions (`read_scenarios`, `run_scenario`,
`check_deck`), so the sandbox decides exactly what `altered-rules verify` decides, on the
same code. The same module runs under CPython in the tests.

Commands (request and answer are JSON objects):

- `run`: `{"yaml": text, "source": name, "language": "fr"}` or `{"data": scenario, ...}` -> every
  scenario's status, differences, error, trace, and the board before and after (or the deck's
  legality). What the engine says (each trace line, an error, a deck's violations, the open
  questions) comes as its message (`message`: id and typed parameters, engine.messages) and as
  text rendered in `language` (English if not given) from the catalogues the build put in the archive;
- `yaml`: `{"data": scenario}` -> the scenario as YAML, as the rule pages show it;
- `data`: `{"yaml": text}` -> the scenario as plain data, for the page's URL;
- `form`: `{"data": scenario}` -> the board as the sandbox's form shows it, or why it cannot;
- `link`: `{"text": text}` -> the scenario a shared link carries (`?s=`, `?d=`, once the page has
  decoded its base64url), as plain data, or why it cannot be opened: a `code` the page says in
  its language (`too_large`, `unreadable`, `not_scenario`), the message and the line;
- `pool`: `{"index": card index}` -> `{"cards": n}`: the card pool the sandbox's decklist is read
  against (content/pool/card_index.py, the file the page loads when the decklist is used), kept;
- `decklist`: `{"text": pasted decklist, "format": "standard", "language": "fr"}` -> every line
  read (its card's code, type, faction, rarity), every line not read and why (a `code` and its
  values, and the English sentence), the deck rules broken, the suspended cards and the verdict:
  content/pool/decklist.py's, the code of `altered-rules deck check`.
"""

from __future__ import annotations

import json
import os
from dataclasses import replace
from functools import lru_cache
from typing import Any

import engine
from engine.cardtext import parse_character_template
from engine.deck import read_deck_limits, requires_said
from engine.messages import Message, Renderer, cldr_plural
from engine.scenario import EXPEDITION_WORDS, At, Family, path_form, spell
from engine.vocabulary import ExpeditionKind, Keyword

from ..verification.scenarios import read_scenario_data
from ..content.yamlsource import LineDict, LineList, SourceError, load_yaml_text, plain_data, scenario_yaml

__all__ = ["call", "SOURCE"]

SOURCE = "scenario"
"""The name of pasted text in messages ("scenario:12: ..."), as a file's path would be."""

LINK_MAX_CHARS = 20_000
"""The most characters a link's scenario holds once decoded (`?s=`, `?d=`). The glossary's largest
scenario holds 1,300 and a 60-card deck about 5,000; an address much longer than this is cut by
some mail and chat programs. Its lists and mappings nest at most yamlsource.MAX_DEPTH deep."""

KINDS = EXPEDITION_WORDS
BEFORE_PATHS = ("region", "statistics")
"""What the board shows of each expedition before the actions: attributes of the registry's
expedition paths (engine.scenario.paths, Family.EXPEDITION)."""
AFTER_PATHS = ("region", "statistics", "moved_forward", "failed_to_move_forward", "moved_forward_due_to")
"""... and after them; with the registry's `winner`, `tiebreakers` and each player's `statistics`."""


def _spelled(family: Family, attribute: str, at: At = At()) -> str:  # noqa: B008 (At is a frozen record)
    """The path of a registered attribute (KeyError for one the registry does not hold)."""
    entry = path_form(family, attribute)
    if entry is None:
        raise KeyError(f"{family.value}.{attribute} is not a path of engine.scenario.paths")
    return spell(entry, at)


def call(command: str, request: str) -> str:
    """Run one command of the sandbox; the answer is JSON text. Never raises for bad input."""
    handler = {"run": _run, "yaml": _yaml, "data": _data, "form": _form, "link": _link,
               "pool": _pool, "decklist": _decklist}.get(command)
    if handler is None:
        return json.dumps({"error": {"message": f"unknown command {command!r}", "line": None}})
    try:
        parsed = json.loads(request)
    except (ValueError, RecursionError) as exc:  # the page sends a link's text, never data nested this deep
        why = "nested too deeply" if isinstance(exc, RecursionError) else f"not JSON ({exc})"
        return json.dumps({"error": {"message": f"the request to {command!r} is {why}", "line": None}})
    return json.dumps(handler(parsed), ensure_ascii=False)


# ---- reading ---------------------------------------------------------------------------------
def _error(message: str, line: int | None = None) -> dict[str, Any]:
    return {"message": message, "line": line or None}


def _archived(name: str) -> str:
    """A file the site's build put beside this module in the archive, read by the module's own
    loader (zipimport in the browser, which imports the archive as it is); OSError where it is not.
    Not importlib.resources: the browser would compile its ten modules for two reads."""
    return __loader__.get_data(os.path.join(os.path.dirname(__file__), name)).decode("utf-8")  # type: ignore[name-defined]


@lru_cache(maxsize=1)
def _catalogues() -> dict[str, Any]:
    """The engine's messages in every language, as the site's build wrote them into the archive
    (sandbox.MESSAGES); under CPython (the tests), made from the catalogues themselves."""
    try:
        return json.loads(_archived("messages.json"))
    except (OSError, ValueError):
        from ..messages import catalogue_data  # Babel is there outside the browser

        return catalogue_data()


@lru_cache(maxsize=None)
def _say(language: str) -> Renderer:
    data = _catalogues().get(language) or _catalogues()["en"]
    citations = _citations()   # the sentences cite the glossary's numbers, as the trace's rules do
    return Renderer(citations.catalogue(data["catalogue"]) if citations else data["catalogue"], cldr_plural(data["plural"]), data["cards"])


def _said(message: Message | None, language: str, english: str = "") -> dict[str, Any]:
    """A message as the page shows it: its text in `language`, and the message itself as data."""
    if message is None:
        return {"text": english, "message": None}
    return {"text": _say(language).line(message), "message": message.to_json()}


def _source_error(exc: SourceError, language: str) -> dict[str, Any]:
    """A file's error, in `language` where the engine said it (a scenario file that is no list of cases)."""
    error = _error(exc.message, exc.line)
    if isinstance(exc.said, Message):
        error["message"] = _say(language).render(exc.said)
        error["said"] = exc.said.to_json()
    return error


def _engine_error(exc: engine.EngineError | None, language: str = "en") -> dict[str, Any] | None:
    if exc is None:
        return None
    error = _error(exc.message, exc.location.line if exc.location else None)
    if exc.said is not None:
        error["message"] = _say(language).render(exc.said)
        error["said"] = exc.said.to_json()
    return error


def _load(request: dict[str, Any]) -> tuple[Any, str]:
    """The request's scenario data (with lines when it is YAML text) and its source name,
    every `{card: Name}` written out as the glossary's build does."""
    source = str(request.get("source") or SOURCE)
    if "yaml" in request:
        return _expand_cards(load_yaml_text(str(request["yaml"]), source), source), source
    return _expand_cards(request.get("data"), source), source


@lru_cache(maxsize=1)
def _cards() -> dict[str, Any]:
    """glossary/cards.yaml as the site's build wrote it into the archive (sandbox.CARDS)."""
    try:
        return json.loads(_archived("cards.json"))
    except (OSError, ValueError):
        return {"overrides": [], "cards": {}}  # outside the archive (tests under CPython): no cards


DECK_LIMITS_FILE = "deck-limits.json"


@lru_cache(maxsize=1)
def _deck_limits() -> engine.DeckLimitsByFormat:
    """Each deck format's numbers, from the glossary's game modes, as the site's build wrote them
    into the archive (sandbox.DECK_LIMITS); under CPython (the tests), the project's glossary's."""
    try:
        text = _archived(DECK_LIMITS_FILE)
    except OSError:
        from pathlib import Path

        from ..content.glossary import load_glossary  # outside the browser, the glossary is there

        return load_glossary(Path(__file__).resolve().parents[3] / "glossary").deck_limits
    return read_deck_limits(json.loads(text), DECK_LIMITS_FILE)


DECISIONS_FILE = "decisions.json"


@lru_cache(maxsize=1)
def _decisions() -> engine.Decisions:
    """The questions the glossary's rules decide (engine.decisions), from the archive (sandbox.DECISIONS):
    a sandbox run follows them as `verify` does. Under CPython (the tests), the project's glossary's."""
    try:
        text = _archived(DECISIONS_FILE)
    except OSError:
        from pathlib import Path

        from ..content.glossary import load_glossary  # outside the browser, the glossary is there

        return load_glossary(Path(__file__).resolve().parents[3] / "glossary").decisions
    return engine.read_decisions(json.loads(text))   # written from a loaded glossary: checked there


CITATIONS_FILE = "citations.json"


@lru_cache(maxsize=1)
def _citations() -> engine.Citations:
    """The glossary's numbers for the rules the engine cites (engine.citations), from the archive
    (sandbox.CITATIONS): a sandbox trace cites them as the site's pages do. Under CPython (the tests),
    the project's glossary's."""
    try:
        text = _archived(CITATIONS_FILE)
    except OSError:
        from pathlib import Path

        from ..content.glossary import load_glossary  # outside the browser, the glossary is there
        from ..content.glossary.citing import engine_citations

        return engine_citations(load_glossary(Path(__file__).resolve().parents[3] / "glossary"))
    return engine.Citations(json.loads(text))   # written from a loaded glossary: checked there


# Read when the module is imported: a second visit restores a memory snapshot taken after the
# import (sandbox-worker.js), without the archive's files on disk.
_catalogues()
_cards()
try:
    _archived(DECK_LIMITS_FILE)
except OSError:  # outside the archive (tests under CPython): the glossary is read when first asked
    pass
else:
    _deck_limits()
try:
    _archived(DECISIONS_FILE)
except OSError:
    pass
else:
    _decisions()
try:
    _archived(CITATIONS_FILE)
except OSError:
    pass
else:
    _citations()


def _expand_cards(node: Any, source: str) -> Any:
    """`{card: Ordis Cadets, stats: 1/1/1}` as the character mapping it stands for (the same
    expansion as verification.expand_cards, from the cards the archive holds)."""
    if isinstance(node, dict):
        if "card" in node:
            known = _cards()
            name = str(node["card"])
            line = getattr(node, "line_of", lambda key: None)("card")
            if name not in known["cards"]:
                listed = ", ".join(sorted(known["cards"])) or "none"
                raise SourceError(getattr(node, "path", source), line, f"card '{name}' is not in glossary/cards.yaml; cards there: {listed}")
            unknown = [k for k in node if k != "card" and k not in known["overrides"]]
            if unknown:
                raise SourceError(getattr(node, "path", source), line,
                                  f"unknown key '{unknown[0]}' beside card; allowed: {', '.join(known['overrides'])}")
            expanded = {**known["cards"][name], **{k: v for k, v in node.items() if k != "card"}}
        else:
            expanded = {k: _expand_cards(v, source) for k, v in node.items()}
        if not isinstance(node, LineDict):
            return expanded
        copy = LineDict(expanded)
        copy.path, copy.line = node.path, node.line
        copy.key_lines = {k: node.key_lines.get(k, node.line_of("card") if "card" in node else node.line) for k in expanded}
        return copy
    if isinstance(node, list):
        items = [_expand_cards(v, source) for v in node]
        if not isinstance(node, LineList):
            return items
        kept_lines = LineList(items)
        kept_lines.path, kept_lines.line, kept_lines.item_lines = node.path, node.line, list(node.item_lines)
        return kept_lines
    return node


def _items(data: Any) -> Any:
    """The list of scenarios in a file's data, a single scenario (as a rule page shows one)
    being a list of one."""
    if isinstance(data, dict) and "scenarios" in data and "given" not in data:
        return data["scenarios"]
    if isinstance(data, dict):
        holder = LineList([data])
        holder.path, holder.line = getattr(data, "path", SOURCE), getattr(data, "line", 0)
        holder.item_lines = [holder.line]
        return holder
    return data


def _explorable(items: Any) -> tuple[Any, list[bool]]:
    """A scenario without `then:` is a situation to explore: it gets an expectation to be read
    (the engine requires one), and the answer shows what happened, not a pass or a fail."""
    if not isinstance(items, list):
        return items, []
    explored = []
    result: Any = LineList() if isinstance(items, LineList) else []
    for item in items:
        if isinstance(item, dict) and not item.get("then"):
            given = item.get("given")
            deck = isinstance(given, dict) and "deck" in given
            copy = LineDict(item)
            copy.path, copy.line = getattr(item, "path", SOURCE), getattr(item, "line", 0)
            copy.key_lines = dict(getattr(item, "key_lines", {}))
            copy["then"] = {"legal": True} if deck else {"winner": "none"}
            item = copy
            explored.append(True)
        else:
            explored.append(False)
        result.append(item)
    if isinstance(items, LineList):
        result.path, result.line, result.item_lines = items.path, items.line, list(items.item_lines)
    return result, explored


# ---- running ---------------------------------------------------------------------------------
def _run(request: dict[str, Any]) -> dict[str, Any]:
    language = str(request.get("language") or "en")
    try:
        data, source = _load(request)
        items, explored = _explorable(_items(data))
        scenarios = read_scenario_data(items, source)
    except SourceError as exc:
        return {"error": _source_error(exc, language), "scenarios": []}
    answers = []
    for index, scenario in enumerate(scenarios):
        explore = explored[index] if index < len(explored) else False
        if explore:
            scenario = replace(scenario, expectations=[])
        result = engine.run_scenario(scenario, _deck_limits() if scenario.setup.is_deck else None, _decisions() or None, _citations() or None)
        answer: dict[str, Any] = {
            "name": scenario.name,
            "rules": list(scenario.rules),
            "line": scenario.location.line if scenario.location else None,
            "explored": explore,
            "status": result.status,
            "differences": [
                {"path": d.path, "expected": d.expected, "actual": d.actual, "line": d.location.line if d.location else None}
                for d in result.differences
            ],
            "error": _engine_error(result.error, language),
            "trace": [{**_said(t.message, language, t.text), "rules": list(t.rules), "rulings": list(t.rulings), "depth": t.depth}
                      for t in result.trace],
        }
        if scenario.setup.is_deck:
            answer["deck"] = _deck(scenario, language)
        else:
            answer["board"] = _board(scenario, result, language)
        answers.append(answer)
    return {"error": None, "scenarios": answers}


class _Unseen:
    """An expected value equal to nothing: the engine then reports what it observed."""

    def __eq__(self, other: object) -> bool:
        return False

    __hash__ = None  # type: ignore[assignment]


def _observe(scenario: engine.Scenario, paths: list[str], language: str = "en") -> tuple[dict[str, str], str | None, engine.Readings | None]:
    """What the engine observes at each path after the scenario's actions, as it shows values
    in a failing scenario (`3`, `arena`, `[forest, water]`, `none`). Asking `run_scenario`
    itself keeps the sandbox on the engine's public functions: an expectation that no value
    meets makes every path a difference that carries the observed value. Where the sources leave
    a question open, the readings are compared on these paths."""
    refusals = [e for e in scenario.expectations if e.path == "refused"]
    probe = replace(scenario, expectations=refusals + [engine.Expectation(p, _Unseen(), "?") for p in paths])
    result = engine.run_scenario(probe, decisions=_decisions() or None, citations=_citations() or None)
    seen = {d.path: d.actual for d in result.differences if d.path != "refused"}
    if result.readings is not None and not result.readings.decided:
        return seen, None, result.readings  # each reading's board is in the readings, not an error
    error = _engine_error(result.error, language)
    return seen, (error["message"] if error else None), result.readings


def _readings(readings: engine.Readings | None, language: str = "en") -> dict[str, Any] | None:
    """The open questions and each reading's outcome, on the paths where the readings differ (the
    winner always): what the page shows beside the board."""
    if readings is None:
        return None
    values = [dict(outcome.observed) for outcome in readings.outcomes]
    differing = [p for p in values[0] if p == "winner" or len({v.get(p) for v in values}) > 1]
    return {
        "decided": readings.decided,
        "questions": [_say(language).render(q.said) if q.said is not None else q.question for q in readings.questions],
        "rules": sorted({r for q in readings.questions for r in q.rules}),
        "outcomes": [
            {"reading": _say(language).render(outcome.said), "values": [{"path": p, "value": v[p]} for p in differing if p in v]}
            for outcome, v in zip(readings.outcomes, values)
        ],
    }


def _value(shown: str | None) -> Any:
    """A value as the engine shows it, as JSON: numbers, true/false, lists."""
    if shown is None:
        return None
    if shown in ("true", "false"):
        return shown == "true"
    if shown.lstrip("-").isdigit():
        return int(shown)
    if shown.startswith("[") and shown.endswith("]"):
        inner = shown[1:-1].strip()
        return [part.strip() for part in inner.split(",")] if inner else []
    return shown


def _board(scenario: engine.Scenario, result: engine.ScenarioResult, language: str = "en") -> dict[str, Any]:
    players = list(scenario.setup.players)
    expeditions = [At(player=p, expedition=kind) for p in players for kind in ExpeditionKind]
    before_paths = {(e, a): _spelled(Family.EXPEDITION, a, e) for e in expeditions for a in BEFORE_PATHS}
    after_paths = {(e, a): _spelled(Family.EXPEDITION, a, e) for e in expeditions for a in AFTER_PATHS}
    winner, tiebreakers = _spelled(Family.GAME, "winner"), _spelled(Family.GAME, "tiebreakers")
    totals = {p: _spelled(Family.PLAYER, "statistics", At(player=p)) for p in players}
    before, before_error, _ = _observe(replace(scenario, actions=[], choices=[]), list(before_paths.values()), language)
    if isinstance(result.error, engine.WorkLimit):
        # The run spent the engine's work budget: the board after it is not known, and running the
        # actions again to observe it would spend as much again.
        after: dict[str, Any] = {}
        after_error, readings = (_engine_error(result.error, language) or {})["message"], None
    else:
        after, after_error, readings = _observe(scenario, [winner, tiebreakers, *after_paths.values(), *totals.values()], language)
    return {
        "readings": _readings(readings, language),
        "players": players,
        "winner": _winners(after.get(winner)),
        "tiebreakers": _value(after.get(tiebreakers)),
        "statistics": {p: after.get(totals[p]) for p in players},
        "expeditions": [
            {
                "player": e.player,
                "kind": e.expedition.value if e.expedition else "",
                "before": _value(before.get(before_paths[e, "region"])),
                "statistics_before": before.get(before_paths[e, "statistics"]),
                "after": _value(after.get(after_paths[e, "region"])),
                "statistics": after.get(after_paths[e, "statistics"]),
                "moved_forward": _value(after.get(after_paths[e, "moved_forward"])),
                "failed_to_move_forward": _value(after.get(after_paths[e, "failed_to_move_forward"])),
                "moved_forward_due_to": _value(after.get(after_paths[e, "moved_forward_due_to"])),
            }
            for e in expeditions
        ],
        "error": after_error or before_error,
    }


def _winners(shown: str | None) -> list[str] | None:
    value = _value(shown)
    if value is None:
        return None
    if value == "none":
        return []
    return value if isinstance(value, list) else [value]


def _deck(scenario: engine.Scenario, language: str = "en") -> dict[str, Any] | None:
    deck_format = scenario.setup.deck_format
    assert deck_format is not None
    limits = _deck_limits().get(deck_format)
    if limits is None:
        return None   # the scenario's error says the format has no limits
    report = engine.check_deck(scenario.setup.deck, deck_format, limits)
    say = _say(language)
    # Each violation's why is the message the deck check gave it (DeckReport.why), never its text.
    return {
        "format": deck_format.value,
        "legal": report.legal,
        "cards": sum(card.count for card in scenario.setup.deck if card.type != "token"),
        "violations": [
            {"rule": rule, "requires": say.render(requires_said(rule, limits)), "why": say.render(report.why[rule]),
             "message": report.why[rule].to_json()}
            for rule in dict.fromkeys(report.violations)
        ],
    }


# ---- converting ------------------------------------------------------------------------------
def _yaml(request: dict[str, Any]) -> dict[str, Any]:
    """The scenario as the rule pages show it (yamlsource.scenario_yaml), ending with a newline."""
    return {"yaml": scenario_yaml(request.get("data")) + "\n"}


def _data(request: dict[str, Any]) -> dict[str, Any]:
    try:
        data, _ = _load(request)
    except SourceError as exc:
        return {"data": None, "error": _error(exc.message, exc.line)}
    return {"data": plain_data(data), "error": None}


def _link(request: dict[str, Any]) -> dict[str, Any]:
    """A shared link's scenario: JSON (as the sandbox writes its links) or YAML, within the limits,
    a scenario or a list of them; else why not, never a guess (the page keeps the text)."""
    text = request.get("text")
    if not isinstance(text, str):
        return _not_opened("not_scenario", "the link holds no text")
    if len(text) > LINK_MAX_CHARS:
        return _not_opened("too_large", f"the link holds {len(text):,} characters; a link holds at most {LINK_MAX_CHARS:,}",
                           size=len(text), limit=LINK_MAX_CHARS)
    try:
        data = load_yaml_text(text, "link")
    except SourceError as exc:
        return _not_opened("unreadable", exc.message, exc.line)
    what = _not_a_scenario(data)
    if what is not None:
        line = getattr(data, "line", None)
        return _not_opened("not_scenario", f"the link holds {what}; it must hold a scenario (a mapping with given: and when:) or a list of them", line)
    return {"data": plain_data(data), "error": None}


def _not_opened(code: str, message: str, line: int | None = None, **values: int) -> dict[str, Any]:
    """Why a link's scenario cannot be opened: the code and values the page words it with, in
    its language, and the message in English (with the line of the text, where there is one)."""
    return {"data": None, "error": {"code": code, **_error(message, line), **values}}


def _not_a_scenario(data: Any) -> str | None:
    """What the data is, if it is not a scenario (a non-empty mapping) or a list of them."""
    if isinstance(data, dict):
        return None if data else "an empty mapping"
    if isinstance(data, list):
        if not data:
            return "an empty list"
        odd = next((n for n, item in enumerate(data, 1) if not isinstance(item, dict) or not item), None)
        return None if odd is None else f"a list whose item {odd} is not a mapping"
    if data is None:
        return "nothing"
    return {bool: "true or false", int: "a number"}.get(type(data), "a text")


# ---- the form --------------------------------------------------------------------------------
FORM_TOP = ("name", "rules", "given", "when", "then", "note", "choices")
FORM_GIVEN = ("players", "first_player", "adventure", "tiebreakers", "day")
FORM_CHARACTER = ("name", "stats", "subtypes", "keywords", "token", "exhausted")
FORM_ACTIONS = ("dusk", "check_victory")
FORM_MOVES = ("move_forward", "move_backward")


class _NotForm(Exception):
    """The scenario holds more than the form shows (the page then offers the scenario text)."""


def _form(request: dict[str, Any]) -> dict[str, Any]:
    try:
        return {"form": _form_of(request.get("data")), "why": None}
    except _NotForm as exc:
        return {"form": None, "why": str(exc)}


def _form_of(data: Any) -> dict[str, Any]:
    if isinstance(data, list):
        if len(data) != 1:
            raise _NotForm(f"{len(data)} scenarios")
        data = data[0]
    if not isinstance(data, dict):
        raise _NotForm("not a scenario")
    extra = [k for k in data if k not in FORM_TOP]
    if extra or data.get("choices"):
        raise _NotForm(f"`{(extra or ['choices'])[0]}:`")
    given = data.get("given")
    if not isinstance(given, dict) or "deck" in given:
        raise _NotForm("not a board")
    players = given.get("players")
    if not isinstance(players, list) or len(players) != 2 or not all(isinstance(p, str) for p in players):
        raise _NotForm("a board for two players")
    extra = [k for k in given if k not in FORM_GIVEN and k not in players]
    if extra:
        raise _NotForm(f"`{extra[0]}:`")
    tiebreakers = given.get("tiebreakers") is True
    form: dict[str, Any] = {
        "name": data.get("name"),
        "rules": data.get("rules"),
        "note": data.get("note"),
        "then": data.get("then") or None,
        "players": players,
        "first_player": given.get("first_player") or players[0],
        "day": given.get("day"),
        "tiebreakers": tiebreakers,
        "tumults": _tumults(given.get("adventure")),
        "expeditions": {p: _player_form(given.get(p), tiebreakers) for p in players},
        "action": _action(data.get("when"), players),
    }
    return form


def _tumults(adventure: Any) -> list[dict[str, Any]]:
    """The three Tumult cards (regions 1-2, 3-4, 5-6): face up, face down, or face down with
    types unknown (the default of a board without `adventure:`)."""
    if adventure is None:
        return [{"face": "unknown", "types": [[], []]} for _ in range(3)]
    if not isinstance(adventure, list) or len(adventure) != 8 or adventure[0] != "hero" or adventure[7] != "companion":
        raise _NotForm("`adventure:`")
    cards = []
    for first in (1, 3, 5):
        halves = adventure[first:first + 2]
        if not all(isinstance(h, dict) and set(h) <= {"face", "types"} for h in halves):
            raise _NotForm("`adventure:`")
        faces = {str(h.get("face", "up")) for h in halves}
        known = ["types" in h for h in halves]
        if len(faces) != 1 or faces - {"up", "down"}:
            raise _NotForm("`adventure:`")
        face = faces.pop()
        if not any(known) and face == "down":
            cards.append({"face": "unknown", "types": [[], []]})
            continue
        if not all(known):
            raise _NotForm("`adventure:`")
        types = [[h["types"]] if isinstance(h["types"], str) else h["types"] for h in halves]
        if not all(isinstance(t, list) and set(t) <= {"forest", "mountain", "water"} for t in types):
            raise _NotForm("`adventure:`")
        cards.append({"face": face, "types": types})
    return cards


def _player_form(block: Any, tiebreakers: bool) -> dict[str, Any]:
    block = block or {}
    if not isinstance(block, dict) or set(block) - set(KINDS):
        raise _NotForm("a player's zones other than expeditions")
    form = {}
    for kind in KINDS:
        expedition = block.get(kind) or {}
        if not isinstance(expedition, dict) or set(expedition) - {"region", "characters"}:
            raise _NotForm(f"`{kind}:`")
        region = expedition.get("region")
        if region is None or (isinstance(region, str) and region.strip().lower() == "arena"):
            region = "arena" if tiebreakers else (0 if kind == "hero" else 7)
        if isinstance(region, str) and region.strip().isdigit():
            region = int(region)
        if not (region == "arena" or isinstance(region, int) and 0 <= region <= 7):
            raise _NotForm(f"`region: {region}`")
        characters = expedition.get("characters") or []
        if isinstance(characters, (str, dict)):
            characters = [characters]
        form[kind] = {"region": region, "characters": [_character_form(c) for c in characters]}
    return form


def _character_form(item: Any) -> dict[str, Any]:
    if isinstance(item, str):
        try:
            card = parse_character_template(item)
        except engine.EngineError:
            raise _NotForm(f"the character {item!r}") from None
        stats = card.statistics
        return {"name": card.name, "stats": [stats.forest, stats.mountain, stats.water] if stats else None,
                "subtypes": list(card.subtypes), "keywords": [], "token": card.token, "exhausted": False}
    if not isinstance(item, dict) or set(item) - set(FORM_CHARACTER) or "name" not in item:
        raise _NotForm("a character with more than statistics, sub-types and keywords")
    keywords = item.get("keywords") or []
    if isinstance(keywords, str):
        keywords = [keywords]
    known = {k.value for k in Keyword}   # the form has a box for each keyword the engine models
    if [k for k in keywords if str(k).lower() not in known]:
        raise _NotForm(f"keywords other than {', '.join(sorted(known))}")
    numbers: list[int] | None = None
    if item.get("stats") is not None:
        try:
            parsed = engine.Statistics.parse(item["stats"])
        except engine.EngineError:
            raise _NotForm(f"the statistics {item['stats']!r}") from None
        numbers = [parsed.forest, parsed.mountain, parsed.water]
    subtypes = item.get("subtypes") or []
    if isinstance(subtypes, str):
        subtypes = [s.strip() for s in subtypes.split(",") if s.strip()]
    return {"name": str(item["name"]), "stats": numbers, "subtypes": [str(s) for s in subtypes],
            "keywords": [k.value for k in Keyword if k.value in {str(w).lower() for w in keywords}],
            "token": item.get("token") is True, "exhausted": item.get("exhausted") is True}


def _action(when: Any, players: list[str]) -> dict[str, Any]:
    if isinstance(when, list) and len(when) == 1:
        when = when[0]
    if when in FORM_ACTIONS:
        return {"kind": when, "expedition": None}
    if isinstance(when, dict) and len(when) == 1:
        (kind, expedition), = when.items()
        parts = str(expedition).split(".")
        if kind in FORM_MOVES and len(parts) == 2 and parts[0] in players and parts[1] in KINDS:
            return {"kind": kind, "expedition": str(expedition)}
    raise _NotForm("`when:` other than Dusk, checking the end of the game or one movement")


# ---- the decklist, read against the card pool (content/pool/decklist.py) -------------------------
_POOL: list[Any] = []   # the CardPool the page gave (`pool`), once it loaded the card index


def _pool(request: dict[str, Any]) -> dict[str, Any]:
    from ..content.pool.card_index import pool_from_index   # imported when first used, not at start

    try:
        pool = pool_from_index(request.get("index"))
    except ValueError as exc:
        return {"error": _error(str(exc))}
    _POOL[:] = [pool]
    return {"error": None, "cards": len(pool.cards)}


def _decklist(request: dict[str, Any]) -> dict[str, Any]:
    """`altered-rules deck check` on a pasted decklist, as data for the page."""
    from ..content.pool.decklist import MAX_DECKLIST_BYTES, check_pasted_deck, read_decklist

    language = str(request.get("language") or "en")
    if not _POOL:
        return {"error": _error("no card pool is loaded (the page sends it first: `pool`)")}
    text = request.get("text")
    if not isinstance(text, str):
        return {"error": _error("the request holds no decklist text")}
    if len(text.encode("utf-8")) > MAX_DECKLIST_BYTES:
        return {"error": _error(f"the decklist holds more than {MAX_DECKLIST_BYTES:,} bytes (the limit); a decklist has a few dozen lines")}
    try:
        deck_format = engine.DeckFormat(request.get("format"))
    except ValueError:
        return {"error": _error(f"no deck format {request.get('format')!r}; formats: {', '.join(f.value for f in engine.DeckFormat)}")}
    limits = _deck_limits().get(deck_format)
    if limits is None:
        return {"error": _error(f"the glossary's game modes give no deck limits for {deck_format.value}")}
    deck = read_decklist(text, _POOL[0])
    result = check_pasted_deck(deck, deck_format, limits)
    say = _say(language)

    def card(line: Any) -> dict[str, Any]:
        found = line.card
        return {"line": line.line, "count": line.count, "code": found.reference, "name": found.name,
                "names": dict(found.names), "type": found.deck_type, "faction": found.faction.value if found.faction else None,
                "rarity": found.rarity.value if found.rarity else None, "rarity_code": found.rarity_code,
                "by_name": line.by_name, "read_off_code": line.read_off_code, "suspended": found.suspended}

    report = result.report
    return {
        "error": None,
        "format": deck_format.value,
        "legal": result.legal,
        "cards": sum(line.count for line in deck.cards if line.card.deck_type != "token"),
        "read": [card(line) for line in deck.cards],
        "unread": [{"line": u.line, "text": u.text, "why": u.why, "code": u.code, "params": dict(u.params)} for u in deck.unread],
        "suspended": [card(line) for line in result.suspended],
        "suspension_applies": result.suspension_applies,
        "unranked": [card(line) for line in result.unranked],
        "violations": [
            {"rule": rule, "requires": say.render(requires_said(rule, limits)), "why": say.render(report.why[rule]),
             "message": report.why[rule].to_json()}
            for rule in dict.fromkeys(report.violations)
        ],
        "trace": [{**_said(t.message, language, t.text), "rules": list(t.rules), "rulings": list(t.rulings), "depth": t.depth}
                  for t in report.trace.lines],
    }
