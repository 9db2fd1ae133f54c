"""Fuzzing the glossary loader and the scenario reader with hypothesis: random edits of real
glossary files (with the bad input of issue 15: long numbers, control characters, aliases that
multiply, markup), random bytes, files replaced whole (emptied, a list, a single value), scenarios
of the glossary mutated key by key, and scenarios as plain data given huge numbers, deep nesting
and thousands of cards. The only errors allowed out are the documented ones (GlossaryError from the loader; a scenario that
cannot be read or run is an error of its check, naming its file and line), never another
exception, never a hang. Examples are bounded so that the suite stays fast."""

from __future__ import annotations

import copy
import shutil
from pathlib import Path
from types import SimpleNamespace
from typing import Any, Iterator

import pytest
import yaml
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import engine
from altered_rules.content.glossary import GlossaryError, load_glossary
from altered_rules.verification.checks import collect_checks, run_checks, verify_glossary
from altered_rules.verification.synth import _plain
from altered_rules.content.yamlsource import LineDict, SourceError, load_yaml_text

from guards import no_hang
from project_paths import GLOSSARY

FILES = ["rules/4/4.2.4.yaml", "rules/1/1.1.4.yaml", "rules/2/2.1.yaml", "modes/standard.yaml", "modes/free-for-all.yaml",
         "terms/gift.yaml", "rulings/sacrifice.yaml", "cards.yaml", "symbols.yaml", "keywords.yaml", "chapters.yaml",
         "sources.yaml", "termbase.yaml", "external-rules.yaml"]
PIECES = ["", " ", "  ", "\n", "\n- ", ":", ": ", "- ", "[", "]", "{", "}", "'", '"', "#", "&a ", "*a", "!!int ", "---\n",
          "\t", "<<: ", "id: 4.2.4.z", "{forrest}", "4.2.9.z", "en: ", "fr: ", "x", "9", "-1", "null", "true", "é", "\u00a0",
          "\x07", "card: Nobody", "when: dusk", "region: 9", "???",
          # the kinds of issue 15: long numbers, control characters, aliases that multiply, markup
          "9" * 30, "1" + "0" * 100, "\x00", "\ufffe", "&b [*a, *a, *a]", "*b", "&c ", "*c", "<img src=x onerror=alert(1)>",
          "</title><script>", "#x;}", "color: red;}", "number: seven", "[[[[[[[[", "- ~\n"]
SETTINGS = settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])




@pytest.fixture(scope="module")
def scratch(tmp_path_factory) -> Path:
    """One copy of the glossary for the whole module; each example changes one file and puts it back."""
    target = tmp_path_factory.mktemp("fuzz") / "glossary"
    shutil.copytree(GLOSSARY, target)
    return target


def _load_and_verify(root: Path, edited: str | None = None) -> None:
    """Load; if the glossary still loads, verify it: only GlossaryError may come out, each of its
    errors in a file of the glossary, and those of the edited file with their line."""
    with no_hang(30):
        try:
            glossary = load_glossary(root)
        except GlossaryError as exc:
            assert exc.errors and all(error.message for error in exc.errors)
            assert all(Path(error.path).resolve().is_relative_to(root.resolve()) for error in exc.errors), exc
            assert all(error.line for error in exc.errors if Path(error.path).resolve() == (root / edited).resolve()), exc
            return
        for check in verify_glossary(glossary).checks:
            if not check.passed:
                assert f"{check.file}:{check.line}" in check.failure()


def _with_file(root: Path, relative: str, data: bytes) -> None:
    path = root / relative
    original = path.read_bytes()
    path.write_bytes(data)
    try:
        _load_and_verify(root, relative)
    finally:
        path.write_bytes(original)


@SETTINGS
@given(st.sampled_from(FILES), st.lists(st.tuples(st.floats(0, 1), st.integers(0, 3), st.sampled_from(PIECES) | st.text(max_size=4)),
                                          min_size=1, max_size=4))
def test_random_edits_of_glossary_files_give_only_glossary_errors(scratch, relative, edits):
    text = (GLOSSARY / relative).read_text(encoding="utf-8")
    for where, cut, piece in edits:
        position = int(where * len(text))
        text = text[:position] + piece + text[position + cut:]
    _with_file(scratch, relative, text.encode("utf-8", "surrogatepass"))


@settings(max_examples=25, deadline=None)
@given(st.sampled_from(FILES), st.binary(max_size=200))
def test_random_bytes_in_a_glossary_file_give_only_glossary_errors(scratch, relative, data):
    _with_file(scratch, relative, data)


WHOLE_FILES = ["", "\n", "# all gone\n", "[]\n", "{}\n", "~\n", "null\n", "x\n", "42\n", "- a\n", "'text'\n", "---\n---\n",
               "a: &a [x, x]\nb: [*a, *a]\n"]


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.sampled_from(FILES), st.sampled_from(WHOLE_FILES) | st.text(max_size=30))
def test_a_file_replaced_whole_gives_only_glossary_errors_naming_it(scratch, relative, text):
    """Nothing vanishes: a file emptied, or holding anything but its content, is an error."""
    path = scratch / relative
    original = path.read_bytes()
    path.write_text(text, encoding="utf-8", errors="surrogatepass")
    try:
        with no_hang(30):
            try:
                load_glossary(scratch)
            except GlossaryError as exc:
                names_it = any(Path(e.path).resolve() == path.resolve() and e.line for e in exc.errors)
                # external-rules.yaml may be an empty list: then the rules it held are missing where they are cited.
                cited = relative == "external-rules.yaml" and all("reference to rule" in e.message for e in exc.errors)
                assert names_it or cited, exc
            else:
                raise AssertionError(f"{relative} replaced by {text!r} loads without an error")
    finally:
        path.write_bytes(original)


# ---- scenarios of the glossary, mutated -------------------------------------------------------
GLOSSARY_NOW = load_glossary(GLOSSARY)
SCENARIOS, _ = collect_checks(GLOSSARY_NOW)
WORDS = st.sampled_from(["name", "rules", "given", "when", "then", "players", "Alice", "Bob", "Carol", "hero", "companion",
                         "region", "characters", "adventure", "tiebreakers", "dusk", "morning", "noon", "afternoon",
                         "night", "move_forward", "Alice.hero", "winner", "none", "arena", "format", "deck", "check_deck",
                         "legal", "violations", "types", "face", "down", "forest", "effect", "controller", "2/1/0", "put",
                         "in", "card", "Foundry Armorer", "Ordis Recruit 2/1/0 Soldier", "reactions", "choices", "yes",
                         "refused", "stats", "keywords", "gigantic", "play", "to", "reserve", "hand", "mana", "token"])
SCALARS = st.one_of(WORDS, st.integers(-3, 12), st.booleans(), st.none(), st.text(max_size=10))
GARBLED = st.recursive(SCALARS, lambda inner: st.one_of(st.lists(inner, max_size=3), st.dictionaries(WORDS, inner, max_size=3)),
                       max_leaves=12)


def _as_read(value: Any) -> Any:
    """A value as the YAML reader gives it (with lines), so that the glossary's code meets it as it would."""
    try:
        return load_yaml_text(yaml.safe_dump({"value": value}), "mutated.yaml")["value"]
    except (SourceError, yaml.YAMLError):
        return None


def _nodes(node: Any, trail: tuple = ()) -> Iterator[tuple]:
    yield trail
    if isinstance(node, dict):
        for key, value in node.items():
            yield from _nodes(value, (*trail, key))
    elif isinstance(node, list):
        for index, value in enumerate(node):
            yield from _nodes(value, (*trail, index))


def _mutate(scenario: LineDict, choice: int, operation: str, value: Any, key: str) -> LineDict:
    scenario = copy.deepcopy(scenario)
    trails = list(_nodes(scenario))
    trail = trails[choice % len(trails)]
    parent = scenario
    for step in trail[:-1]:
        parent = parent[step]
    target = parent[trail[-1]] if trail else scenario
    if operation == "replace" and trail:
        parent[trail[-1]] = _as_read(value)
    elif operation == "delete" and trail:
        del parent[trail[-1]]
    elif operation == "add" and isinstance(target, dict):
        target[key] = _as_read(value)
    elif operation == "add" and isinstance(target, list):
        target.append(_as_read(value))
    elif operation == "duplicate" and isinstance(target, list) and target:
        target.append(copy.deepcopy(target[0]))
    return scenario


def _check_one(scenario: Any) -> None:
    """The scenario as one illustration of one paragraph, through the glossary's reading and running."""
    paragraph = SimpleNamespace(id="4.2.4.c", notes=[], scenarios=[SimpleNamespace(scenario=scenario)])
    glossary = SimpleNamespace(chapters=[SimpleNamespace(sections=[SimpleNamespace(paragraphs=[paragraph])])], modes=[],
                               cards=GLOSSARY_NOW.cards)
    with no_hang(20):
        checks, _ = collect_checks(glossary)  # type: ignore[arg-type]
        run_checks(checks, GLOSSARY_NOW.deck_limits)
    for check in checks:
        assert check.passed or check.error or check.result.error or check.result.differences
        if not check.passed:
            assert check.failure().startswith(f"{check.file}:{check.line}: 4.2.4.c illustration")


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.integers(0, len(SCENARIOS) - 1), st.integers(0, 10_000), st.sampled_from(["replace", "delete", "add", "duplicate"]),
       GARBLED, WORDS)
def test_mutated_scenarios_are_read_and_run_without_an_undocumented_error(index, choice, operation, value, key):
    _check_one(_mutate(SCENARIOS[index].data, choice, operation, value, key))


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.integers(0, len(SCENARIOS) - 1), st.lists(st.tuples(st.floats(0, 1), st.integers(0, 2), st.sampled_from(PIECES)),
                                                     min_size=1, max_size=3))
def test_scenarios_edited_as_text_are_read_and_run_without_an_undocumented_error(index, edits):
    text = yaml.safe_dump(_plain(SCENARIOS[index].data), sort_keys=False, allow_unicode=True)
    for where, cut, piece in edits:
        position = int(where * len(text))
        text = text[:position] + piece + text[position + cut:]
    try:
        scenario = load_yaml_text(text, "edited.yaml")
    except SourceError:
        return
    if isinstance(scenario, LineDict):  # the loader lets only mappings through as scenarios
        _check_one(scenario)


def test_the_mutations_reach_the_engine():
    """The fuzzing is not all stopped at the door: an unchanged scenario passes, a changed expectation fails."""
    scenario = next(c.data for c in SCENARIOS if c.rule == "4.2.4.c")
    _check_one(scenario)
    paragraph = SimpleNamespace(id="4.2.4.c", notes=[], scenarios=[SimpleNamespace(scenario=scenario)])
    glossary = SimpleNamespace(chapters=[SimpleNamespace(sections=[SimpleNamespace(paragraphs=[paragraph])])], modes=[],
                               cards=GLOSSARY_NOW.cards)
    checks, _ = collect_checks(glossary)  # type: ignore[arg-type]
    run_checks(checks, GLOSSARY_NOW.deck_limits)
    assert checks[0].passed


# ---- scenarios as plain data (as the sandbox reads them, without YAML's limits in front) --------
def _nested(depth: int) -> Any:
    value: Any = "x"
    for _ in range(depth):
        value = [value]
    return value


HOSTILE = st.one_of(
    st.integers(-10**4000, 10**4000), st.integers(-2_000, 2_000), st.just(10**100),
    st.builds(_nested, st.integers(90, 3_000)), st.text(alphabet="0123456789\u00b2\u0663/-. ", max_size=12),
    st.lists(st.just("Kelon Elemental 2/0/0"), min_size=900, max_size=1_200),
)


@settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.integers(0, len(SCENARIOS) - 1), st.integers(0, 10_000), HOSTILE)
def test_hostile_values_in_plain_scenarios_give_only_engine_errors(index, choice, value):
    """Huge numbers, Unicode digits, deep nesting, thousands of cards: read and run, only an
    EngineError may come out (the engine's documented errors), never another exception or a hang."""
    scenario = _plain(SCENARIOS[index].data)
    trails = [trail for trail in _nodes(scenario) if trail]
    trail = trails[choice % len(trails)]
    parent = scenario
    for step in trail[:-1]:
        parent = parent[step]
    parent[trail[-1]] = value
    with no_hang(20):
        try:
            result = engine.run_scenario(engine.read_scenario(scenario), GLOSSARY_NOW.deck_limits)
        except engine.EngineError as exc:
            assert exc.message
            return
    assert result.error is None or isinstance(result.error, engine.EngineError)
