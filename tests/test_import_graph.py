"""The import graph of the engine and of the plugin package (issue 17): imports go one way.

Every `import` and `from ... import` is counted, those under `if TYPE_CHECKING:` or inside a
function too: a cycle hidden from the interpreter is still a cycle for a reader. The engine goes
records before rules, rules before the game loop and the API, and hides no import; the plugin's
stages go content, verification, pages, site assets, then the command line and the MkDocs
adapter. The engine is pure Python and never imports MkDocs or the plugin package.
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

from project_paths import PROJECT

PACKAGES = {"engine": PROJECT / "engine", "altered_rules": PROJECT / "plugins" / "altered_rules"}


def _module_name(package: str, root: Path, path: Path) -> str:
    parts = [package, *path.relative_to(root).with_suffix("").parts]
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def _imported(module: str, is_package: bool, node: ast.AST) -> list[str]:
    """The module names one import statement names (relative ones resolved against `module`)."""
    if isinstance(node, ast.Import):
        return [alias.name for alias in node.names]
    assert isinstance(node, ast.ImportFrom)
    if node.level:
        base = module.split(".")
        base = base[: len(base) - node.level + (1 if is_package else 0)]
        prefix = ".".join(base + ([node.module] if node.module else []))
    else:
        prefix = node.module or ""
    # `from package import module` names a module; `from module import name` names the module.
    return [prefix] + [f"{prefix}.{alias.name}" for alias in node.names]


def import_graph(package: str) -> dict[str, set[str]]:
    """Each module of `package` and the modules of `package` it imports (its own __init__ excepted
    for submodules, since importing `a.b` runs `a` anyway and that edge is not a design choice)."""
    root = PACKAGES[package]
    paths = sorted(root.rglob("*.py"))
    modules = {_module_name(package, root, p): p for p in paths}
    graph: dict[str, set[str]] = {}
    for name, path in modules.items():
        is_package = path.name == "__init__.py"
        edges: set[str] = set()
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"), str(path))):
            if isinstance(node, (ast.Import, ast.ImportFrom)):
                edges.update(m for m in _imported(name, is_package, node)
                             if m in modules and m != name and not name.startswith(m + "."))
        graph[name] = edges
    return graph


def find_cycle(graph: dict[str, set[str]]) -> list[str] | None:
    """One cycle of the graph as a list of modules (first repeated at the end), or None."""
    state: dict[str, int] = {}  # 1: on the current path, 2: done
    path: list[str] = []

    def visit(node: str) -> list[str] | None:
        state[node] = 1
        path.append(node)
        for nxt in sorted(graph[node]):
            if state.get(nxt) == 1:
                return path[path.index(nxt):] + [nxt]
            if nxt not in state and (cycle := visit(nxt)):
                return cycle
        path.pop()
        state[node] = 2
        return None

    for start in sorted(graph):
        if start not in state and (cycle := visit(start)):
            return cycle
    return None


def test_find_cycle_finds_one() -> None:
    assert find_cycle({"a": {"b"}, "b": {"c"}, "c": {"a"}}) == ["a", "b", "c", "a"]
    assert find_cycle({"a": {"b"}, "b": set(), "c": {"a", "b"}}) is None


@pytest.mark.parametrize("package", sorted(PACKAGES))
def test_no_import_cycle(package: str) -> None:
    graph = import_graph(package)
    assert len(graph) > 5, f"the {package} package was not found where the test looks"
    cycle = find_cycle(graph)
    assert cycle is None, f"{package} imports in a cycle: {' -> '.join(cycle)}"


def test_no_engine_import_is_hidden_to_break_a_cycle() -> None:
    hidden = []
    for path in sorted(PACKAGES["engine"].rglob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"), str(path))
        top = {id(node) for node in tree.body}
        for node in ast.walk(tree):
            if isinstance(node, ast.If) and "TYPE_CHECKING" in ast.unparse(node.test):
                hidden.append(f"{path.name}:{node.lineno}: if TYPE_CHECKING")
            # A project import inside a block (a stdlib one there breaks no cycle).
            if isinstance(node, ast.ImportFrom) and (node.level or (node.module or "").startswith("engine")) \
                    and id(node) not in top:
                hidden.append(f"{path.name}:{node.lineno}: import inside a block")
    assert hidden == []


# The engine's modules, in the order they may import one another (engine/__init__.py lists them
# with what each holds): a module imports only modules listed before it. A new module is placed here.
LAYERS = (
    # words and values
    "messages", "catalogue", "citations", "errors", "limits", "vocabulary", "rulings", "trace", "wording", "objects", "places", "records",
    "adventure", "decisions", "readings", "runlog",
    # the game
    "board", "state", "durations",
    # rules, card text among them (engine.cardtext: read above the rules, performed below costs)
    "choices", "movement", "ending", "dusk",
    "cardtext.text", "cardtext.instructions", "cardtext.wordings", "cardtext.reading", "cardtext",
    "reactions", "costs", "cardtext.performing", "day", "beginning", "information", "deck",
    # the game loop and the API
    "api",
    # the scenario language
    "scenario.model", "scenario.syntax", "scenario.reader_given", "scenario.paths", "scenario.actions",
    "scenario.reader_actions", "scenario.reader_expectations", "scenario.reader", "scenario.runner", "scenario",
    # the face
    "",
)


def _layer(module: str) -> int:
    return LAYERS.index(module.removeprefix("engine").removeprefix("."))


def test_every_engine_module_has_its_place_in_the_layers() -> None:
    modules = {module.removeprefix("engine").removeprefix(".") for module in import_graph("engine")}
    assert modules - set(LAYERS) == set(), "place these modules in LAYERS"
    assert set(LAYERS) - modules == set(), "LAYERS names modules that are gone"


def test_the_engine_modules_import_only_earlier_layers() -> None:
    upward = [f"{module} imports {other}, listed after it in LAYERS"
              for module, imported in sorted(import_graph("engine").items()) for other in sorted(imported)
              if _layer(other) > _layer(module)]
    assert upward == []


def test_the_engine_records_import_no_rule_module() -> None:
    allowed = {"engine.errors", "engine.objects", "engine.vocabulary", "engine.limits", "engine.trace", "engine.rulings",
               "engine.messages", "engine.catalogue"}
    records = import_graph("engine")["engine.records"]
    assert records <= allowed, records - allowed


# The plugin's build stages, in the order they may import one another (strings and the package's
# front are shared by all; build_site is the command that runs the whole build).
STAGES = ("content", "verification", "official", "pages", "site_assets", "cli", "mkdocs_plugin")


def _stage(module: str) -> str | None:
    parts = module.split(".")
    return parts[1] if len(parts) > 2 and parts[1] in STAGES else None


def test_the_plugin_stages_import_only_earlier_stages() -> None:
    wrong = []
    for module, imported in sorted(import_graph("altered_rules").items()):
        stage = _stage(module)
        for other in sorted(imported):
            other_stage = _stage(other)
            if stage and other_stage and STAGES.index(other_stage) > STAGES.index(stage):
                wrong.append(f"{module} ({stage}) imports {other} ({other_stage})")
    assert wrong == []


def test_engine_imports_neither_mkdocs_nor_the_plugins() -> None:
    for path in sorted(PACKAGES["engine"].rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"), str(path))):
            if isinstance(node, (ast.Import, ast.ImportFrom)) and not getattr(node, "level", 0):
                names = [a.name for a in node.names] if isinstance(node, ast.Import) else [node.module or ""]
                for name in names:
                    top = name.split(".")[0]
                    assert top not in {"mkdocs", "material", "altered_rules", "yaml"}, \
                        f"{path.relative_to(PROJECT)}:{node.lineno} imports {name}"
