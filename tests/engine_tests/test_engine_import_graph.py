"""The engine's modules import one another in one direction, records before rules, rules before
the game loop and the API: the graph of their imports has no cycle, and no import is hidden
behind TYPE_CHECKING (or inside a function) to break one."""

from __future__ import annotations

import ast
from pathlib import Path

ENGINE = Path(__file__).resolve().parents[2] / "engine"


def _imports(path: Path) -> tuple[set[str], list[str]]:
    """The engine modules `path` imports, and the imports it hides (TYPE_CHECKING, function bodies)."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    found: set[str] = set()
    hidden: list[str] = []
    top = {id(node) for node in tree.body}

    for node in ast.walk(tree):
        if isinstance(node, ast.If) and "TYPE_CHECKING" in ast.unparse(node.test):
            hidden.append(f"{path.name}:{node.lineno}: if TYPE_CHECKING")
        if isinstance(node, ast.ImportFrom) and node.level == 1:
            names = [node.module] if node.module else [a.name for a in node.names]
            found.update(n.split(".")[0] for n in names)
            if id(node) not in top:
                hidden.append(f"{path.name}:{node.lineno}: import inside a block")
    return found, hidden


def _graph() -> tuple[dict[str, set[str]], list[str]]:
    graph: dict[str, set[str]] = {}
    hidden: list[str] = []
    for path in sorted(ENGINE.glob("*.py")):
        found, hid = _imports(path)
        graph[path.stem] = found - {path.stem}
        hidden += hid
    return graph, hidden


def _cycle(graph: dict[str, set[str]]) -> list[str] | None:
    """A cycle of the graph as a path of module names, or None."""
    state: dict[str, int] = {}  # 1: on the path being walked, 2: done
    path: list[str] = []

    def walk(node: str) -> list[str] | None:
        state[node] = 1
        path.append(node)
        for nxt in sorted(graph.get(node, ())):
            if state.get(nxt) == 1:
                return path[path.index(nxt):] + [nxt]
            if nxt not in state:
                found = walk(nxt)
                if found:
                    return found
        path.pop()
        state[node] = 2
        return None

    for node in sorted(graph):
        if node not in state:
            found = walk(node)
            if found:
                return found
    return None


def test_the_engine_import_graph_has_no_cycle() -> None:
    graph, _ = _graph()
    # __init__ is the package's front: it imports every module, and none imports it.
    graph.pop("__init__", None)
    cycle = _cycle(graph)
    assert cycle is None, "import cycle: " + " -> ".join(cycle or [])


def test_no_engine_import_is_hidden_to_break_a_cycle() -> None:
    _, hidden = _graph()
    assert hidden == []


def test_the_records_import_no_rule_module() -> None:
    graph, _ = _graph()
    allowed = {"errors", "objects", "vocabulary", "limits", "trace", "rulings"}
    assert graph["records"] <= allowed, graph["records"] - allowed


def test_the_cycle_finder_finds_a_cycle() -> None:
    assert _cycle({"a": {"b"}, "b": {"c"}, "c": {"a"}}) == ["a", "b", "c", "a"]
    assert _cycle({"a": {"b"}, "b": {"c"}, "c": set()}) is None
