"""The line-aware YAML reader: the same values and lines as PyYAML's own composer gives,
faster (libyaml), and on bad input only a SourceError: never another exception, a crash
(libyaml's composer overflows the C stack on deep nesting) or a hang (nesting, aliases)."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest
import yaml
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st

from engine.limits import MAX_VALUES

from altered_rules.content.sourcefiles import load_yaml_file
from altered_rules.content.yamlsource import FORBIDDEN_CHARACTER, MAX_DEPTH, LineDict, LineList, SourceError, _scalar, load_yaml_text

from guards import no_hang
from project_paths import GLOSSARY, PROJECT




# ---- the reference: PyYAML's composer and the reader's first construction -------------------
def _reference_node(node: yaml.Node, path: str) -> Any:
    line = node.start_mark.line + 1
    if isinstance(node, yaml.ScalarNode):
        return _scalar(node.value, node.style)
    if isinstance(node, yaml.SequenceNode):
        items = LineList(_reference_node(item, path) for item in node.value)
        items.path, items.line, items.item_lines = path, line, [item.start_mark.line + 1 for item in node.value]
        return items
    mapping = LineDict()
    mapping.path, mapping.line, mapping.key_lines = path, line, {}
    for key_node, value_node in node.value:
        key_line = key_node.start_mark.line + 1
        if not isinstance(key_node, yaml.ScalarNode) or key_node.tag == "tag:yaml.org,2002:merge":
            raise SourceError(path, key_line, "bad key")
        key = _scalar(key_node.value, key_node.style)
        if key in mapping:
            raise SourceError(path, key_line, "duplicate key")
        mapping[key] = _reference_node(value_node, path)
        mapping.key_lines[key] = key_line
    return mapping


LOADERS = (getattr(yaml, "CSafeLoader", yaml.SafeLoader), yaml.SafeLoader)
"""libyaml's loader, then PyYAML's where libyaml refuses a text (the two disagree on a few edge cases)."""


def reference(text: str, path: str = "<string>") -> Any:
    """The document as libyaml's composer reads it, or where libyaml refuses it PyYAML's
    (the two disagree on a few edge cases: a tab after a flow list...)."""
    for loader in LOADERS:
        try:
            node = yaml.compose(text, Loader=loader)
        except (yaml.YAMLError, UnicodeError):
            continue
        return None if node is None else _reference_node(node, path)
    raise SourceError(path, None, "YAML error")


def same(left: Any, right: Any) -> bool:
    if type(left) is not type(right):
        return False
    if isinstance(left, LineDict):
        return (left.line, left.key_lines, list(left)) == (right.line, right.key_lines, list(right)) and all(
            same(left[k], right[k]) for k in left)
    if isinstance(left, LineList):
        return (left.line, left.item_lines, len(left)) == (right.line, right.item_lines, len(right)) and all(
            same(a, b) for a, b in zip(left, right))
    return left == right


def test_every_yaml_file_of_the_project_reads_as_the_composers_read_it():
    files = sorted(GLOSSARY.rglob("*.yaml")) + sorted((PROJECT / "tests").rglob("*.yaml"))
    assert len(files) > 50
    for path in files:
        text = path.read_text(encoding="utf-8")
        assert same(load_yaml_text(text, str(path)), reference(text, str(path))), path


# ---- random documents, and random edits of them ---------------------------------------------
SCALARS = st.one_of(
    st.sampled_from(["4.3", "4.10", "2.1.e", "true", "True", "no", "null", "~", "", "0", "-2", "007", "1e3", "<<",
                     "{forest}", "a: b", "- x", "#", "Alice.hero.region", "2/1/0", "x\ny"]),
    st.integers(-5, 5), st.booleans(), st.none(), st.text(max_size=8),
)
KEYS = st.one_of(st.sampled_from(["id", "text", "en", "name", "4.3", "1", "true", "<<"]), st.text(min_size=1, max_size=5))
DATA = st.recursive(SCALARS, lambda inner: st.one_of(st.lists(inner, max_size=4), st.dictionaries(KEYS, inner, max_size=4)),
                    max_leaves=25)
EDITS = st.lists(st.tuples(st.integers(0, 10_000), st.sampled_from(["", " ", "\n", ":", "- ", "[", "]", "{", "}", "'", '"',
                                                                    "&a ", "*a", "!!str ", "---\n", "\t", "<<: ", "#"])),
                 max_size=3)


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(DATA, st.sampled_from([None, True, False]), EDITS)
@example([], None, [(0, "!!str "), (6611, "")])   # "!!str]": a tag PyYAML reads where libyaml refuses the text
def test_random_documents_read_as_the_composers_read_them(data, flow, edits):
    text = yaml.safe_dump(data, default_flow_style=flow, allow_unicode=True, sort_keys=False)
    for position, replacement in edits:
        position %= len(text) + 1
        text = text[:position] + replacement + text[position + 1:]
    try:
        expected = reference(text)
    except SourceError:
        with pytest.raises(SourceError):
            load_yaml_text(text)
        return
    except RecursionError:
        return  # the composer's own limit; the reader's is checked below
    if _holds_tag(text):   # the reader refuses every explicit tag the composer honours (F-17), "!!str" too
        with pytest.raises(SourceError, match="the YAML tag '.*' is not allowed|is not allowed here"):
            load_yaml_text(text)
        return
    if _holds_forbidden(expected):   # the reader refuses controls and bidi overrides the composer lets through (issue 23)
        with pytest.raises(SourceError, match="is not allowed here"):
            load_yaml_text(text)
        return
    assert same(load_yaml_text(text), expected), text


def _holds_tag(text: str) -> bool:
    """Whether a node of `text` carries an explicit tag (a merge key's implicit one aside), as the
    parser `reference` read it with sees it: libyaml's, or PyYAML's where libyaml refuses the text
    ("!!str]" is a tag to PyYAML, a scanning error to libyaml)."""
    for loader in LOADERS:
        try:
            return any(getattr(event, "tag", None) not in (None, "tag:yaml.org,2002:merge")
                       for event in yaml.parse(text, Loader=loader))
        except (yaml.YAMLError, UnicodeError):
            continue
    return False


def _holds_forbidden(node: Any) -> bool:
    if isinstance(node, dict):
        return any(_holds_forbidden(k) or _holds_forbidden(v) for k, v in node.items())
    if isinstance(node, list):
        return any(_holds_forbidden(v) for v in node)
    return isinstance(node, str) and FORBIDDEN_CHARACTER.search(node) is not None


# ---- limits: nesting and aliases ---------------------------------------------------------------
@pytest.mark.parametrize("text", [
    "[" * 100_000,
    "[" * 100_000 + "]" * 100_000,
    "a:\n" + "".join(" " * i + "b:\n" for i in range(1, 1300)),  # within the file size limit
    "- " * 5000 + "x",
    "{a: " * 20_000 + "1" + "}" * 20_000,
])
def test_deep_nesting_is_refused_at_once(text):
    with no_hang(10), pytest.raises(SourceError, match=f"nested more than {MAX_DEPTH} deep"):
        load_yaml_text(text)


def test_nesting_within_the_limit_is_read():
    depth = MAX_DEPTH - 1
    value = load_yaml_text("[" * depth + "1" + "]" * depth)
    for _ in range(depth - 1):
        value = value[0]
    assert value == [1]


def test_aliases_that_expand_without_end_are_refused():
    lines = ["a: &a [x, x, x, x, x, x, x, x, x, x]"]
    for previous, name in zip("abcdefgh", "bcdefghi"):
        lines.append(f"{name}: &{name} [" + ", ".join([f"*{previous}"] * 10) + "]")
    with no_hang(30), pytest.raises(SourceError, match=f"more than {MAX_VALUES:,} values"):
        load_yaml_text("\n".join(lines))


def test_an_alias_is_a_value_of_its_own_with_the_lines_of_its_anchor():
    data = load_yaml_text("a: &x\n  - 1\n  - {k: v}\nb: *x\n")
    assert data["a"] == data["b"] and data["a"] is not data["b"] and data["a"][1] is not data["b"][1]
    assert (data["b"].line, data["b"].item_lines) == (data["a"].line, [2, 3])


@pytest.mark.parametrize(("text", "words"), [
    ("a: *nowhere\n", "undefined alias 'nowhere'"),
    ("a: 1\n---\nb: 2\n", "one YAML document"),
    ("a: [1\nb: 2\n", "YAML syntax error"),
    ("a: \ud800\n", "<string>:1: the character U+D800 (column 4) is not allowed in YAML"),
    ("a: 1\nb: x\x00y\n", "<string>:2: the character U+0000 (column 5) is not allowed in YAML"),
    ("a: 1\na: 2\n", "duplicate key 'a' (first on line 1)"),
])
def test_bad_documents_name_what_is_wrong(text, words):
    with pytest.raises(SourceError, match=re.escape(words)):
        load_yaml_text(text)


# ---- random bytes (atheris-style) ------------------------------------------------------------
@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(st.binary(max_size=300))
def test_random_bytes_in_a_file_give_only_source_errors(tmp_path_factory, data):
    path = Path(tmp_path_factory.getbasetemp()) / "random.yaml"
    path.write_bytes(data)
    with no_hang(10):
        try:
            load_yaml_file(path)
        except SourceError as exc:
            assert exc.path == str(path) and exc.message


def test_a_tag_the_composer_honours_is_refused_by_the_reader():
    # Found by the random test above: "!!str" reads as a string for libyaml, and the reader refuses
    # every explicit tag (F-17), with the file and the line.
    for text in ("!!str 4.3\n", "id: !!str x\n", "!!str text: 1\n"):
        assert _holds_tag(text)
        with pytest.raises(SourceError, match="<string>:1: the YAML tag 'tag:yaml.org,2002:str' is not allowed"):
            load_yaml_text(text)
    assert not _holds_tag("id: x\n<<: {a: 1}\n")
