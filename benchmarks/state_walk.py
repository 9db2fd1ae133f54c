"""How often a walk of the game state from the Dusk entry point visits engine/state.py (issue 26).

A static walk, with the standard library's `ast`: it starts at `engine.api.dusk` and follows every
engine function that a function it reaches names (called, or passed on as `partial(f)` or in a
lambda), methods included (`game.move(...)` reaches `Game.move`). In each function reached, every
attribute read on a value whose engine class the walk knows (a parameter, `self`, or a local
annotated or assigned from one, and chains of them: `game.board.objects`) is resolved to the class
that declares the member (a dataclass field, a method or a property), and so to a module.

A *visit* to a module is one member of it that one function outside it uses: a reader of that
function opens the module once for each member (`game.trace` used ten times in `progress` is one
visit). `uses` counts every occurrence too. Functions of a module using its own members are not
visits: they are already there.

    .venv/bin/python benchmarks/state_walk.py [--start engine.api.dusk] [--module engine.state] [--list] [--profile]

--profile runs the engine too: the glossary's Dusk scenarios (their one action is `dusk`) under
`sys.setprofile`, counting the calls of the module's functions made while `engine.api.play_phase` runs (what
`engine.api.dusk` and the scenarios' `dusk` action call)
(building the board is not counted). Nothing is timed; tests/engine_tests/test_state_split.py holds
the static walk to a bound.
"""

from __future__ import annotations

import argparse
import ast
import sys
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path

PROJECT = Path(__file__).resolve().parent.parent
ENGINE = PROJECT / "engine"


@dataclass
class ClassInfo:
    module: str
    name: str
    fields: dict[str, ast.expr | None] = field(default_factory=dict)
    """Field or property name -> its annotation (a property: its return annotation)."""
    methods: dict[str, ast.FunctionDef] = field(default_factory=dict)
    properties: set[str] = field(default_factory=set)


@dataclass
class Module:
    name: str
    functions: dict[str, ast.FunctionDef] = field(default_factory=dict)
    classes: dict[str, ClassInfo] = field(default_factory=dict)
    imports: dict[str, tuple[str, str]] = field(default_factory=dict)
    """Local name -> (module, name) for `from .x import name as local`."""


def _module_name(root: Path, path: Path) -> str:
    parts = ["engine", *path.relative_to(root).with_suffix("").parts]
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def load_engine(root: Path = ENGINE) -> dict[str, Module]:
    """The modules of the engine package at `root`, by name (engine.x)."""
    modules: dict[str, Module] = {}
    for path in sorted(root.rglob("*.py")):
        name = _module_name(root, path)
        is_package = path.name == "__init__.py"
        module = Module(name)
        for node in ast.parse(path.read_text(encoding="utf-8"), str(path)).body:
            if isinstance(node, ast.FunctionDef):
                module.functions[node.name] = node
            elif isinstance(node, ast.ClassDef):
                info = ClassInfo(name, node.name)
                for item in node.body:
                    if isinstance(item, ast.AnnAssign) and isinstance(item.target, ast.Name):
                        info.fields[item.target.id] = item.annotation
                    elif isinstance(item, ast.FunctionDef):
                        if any(isinstance(d, ast.Name) and d.id == "property" for d in item.decorator_list):
                            info.fields[item.name] = item.returns
                            info.properties.add(item.name)
                        else:
                            info.methods[item.name] = item
                module.classes[node.name] = info
            elif isinstance(node, ast.ImportFrom) and node.level:
                base = name.split(".")
                base = base[: len(base) - node.level + (1 if is_package else 0)]
                source = ".".join(base + ([node.module] if node.module else []))
                for alias in node.names:
                    module.imports[alias.asname or alias.name] = (source, alias.name)
        modules[name] = module
    return modules


class Walk:
    def __init__(self, modules: dict[str, Module]) -> None:
        self.modules = modules
        self.reached: set[tuple[str, str]] = set()
        self.uses: Counter[tuple[str, str, str]] = Counter()
        """(function, declaring module, Class.member) -> occurrences."""
        self.code: set[str] = set()
        """The members that are code (methods and properties), as Class.member: the walk runs them."""

    # ---- names -----------------------------------------------------------------------------
    def resolve(self, module: str, name: str, depth: int = 0) -> tuple[str, str, object] | None:
        """What `name` is in `module`: ("function"|"class", module, node), through imports."""
        found = self.modules.get(module)
        if found is None or depth > 5:
            return None
        if name in found.functions:
            return ("function", module, found.functions[name])
        if name in found.classes:
            return ("class", module, found.classes[name])
        if name in found.imports:
            source, original = found.imports[name]
            return self.resolve(source, original, depth + 1)
        return None

    def annotation_class(self, module: str, annotation: ast.expr | None) -> ClassInfo | None:
        if annotation is None:
            return None
        if isinstance(annotation, ast.Constant) and isinstance(annotation.value, str):
            annotation = ast.parse(annotation.value, mode="eval").body
        if isinstance(annotation, ast.BinOp):  # X | None
            return self.annotation_class(module, annotation.left) or self.annotation_class(module, annotation.right)
        if isinstance(annotation, ast.Name):
            found = self.resolve(module, annotation.id)
            if found and found[0] == "class":
                return found[2]  # type: ignore[return-value]
        return None

    # ---- the walk --------------------------------------------------------------------------
    def start(self, module: str, name: str) -> None:
        found = self.resolve(module, name)
        assert found and found[0] == "function", f"{module}.{name} is not a function"
        self.visit(found[1], name, found[2], None)  # type: ignore[arg-type]

    def visit(self, module: str, qualname: str, node: ast.FunctionDef, owner: ClassInfo | None) -> None:
        key = (module, qualname)
        if key in self.reached:
            return
        self.reached.add(key)
        types: dict[str, ClassInfo] = {}
        arguments = node.args.posonlyargs + node.args.args + node.args.kwonlyargs
        for i, argument in enumerate(arguments):
            if i == 0 and owner is not None and argument.arg in ("self", "cls"):
                types[argument.arg] = owner
            elif (cls := self.annotation_class(module, argument.annotation)) is not None:
                types[argument.arg] = cls
        for inner in ast.walk(node):  # parameters of nested functions and lambdas, and typed locals
            if isinstance(inner, (ast.FunctionDef, ast.Lambda)) and inner is not node:
                for argument in inner.args.args + inner.args.kwonlyargs:
                    if (cls := self.annotation_class(module, argument.annotation)) is not None:
                        types[argument.arg] = cls
            elif isinstance(inner, ast.AnnAssign) and isinstance(inner.target, ast.Name):
                if (cls := self.annotation_class(module, inner.annotation)) is not None:
                    types[inner.target.id] = cls
        # Locals assigned from a typed value (`board = game.board`), in source order, twice so
        # that a use before a later assignment in a loop is typed too.
        for _ in range(2):
            for inner in ast.walk(node):
                if not (isinstance(inner, ast.Assign) and len(inner.targets) == 1):
                    continue
                target, value = inner.targets[0], inner.value
                pairs = [(target, value)]
                if isinstance(target, ast.Tuple) and isinstance(value, ast.Tuple) and len(target.elts) == len(value.elts):
                    pairs = list(zip(target.elts, value.elts))  # board, log = self.board, self.log
                for name, assigned in pairs:
                    if isinstance(name, ast.Name) and (cls := self.value_class(module, assigned, types)) is not None:
                        types[name.id] = cls
        later: list[tuple[str, str, ast.FunctionDef, ClassInfo | None]] = []
        for inner in ast.walk(node):
            if isinstance(inner, ast.Attribute):
                cls = self.value_class(module, inner.value, types)
                if cls is None:
                    continue
                declared = self.member(cls, inner.attr)
                if declared is None:
                    continue
                if declared.module != module:
                    self.uses[(f"{module}.{qualname}", declared.module, f"{declared.name}.{inner.attr}")] += 1
                if inner.attr in declared.methods or inner.attr in declared.properties:
                    self.code.add(f"{declared.name}.{inner.attr}")
                if inner.attr in declared.methods:
                    later.append((declared.module, f"{declared.name}.{inner.attr}", declared.methods[inner.attr], declared))
            elif isinstance(inner, ast.Name) and isinstance(inner.ctx, ast.Load):
                found = self.resolve(module, inner.id)
                if found and found[0] == "function":
                    later.append((found[1], inner.id, found[2], None))  # type: ignore[arg-type]
        for item in later:
            self.visit(*item)

    def member(self, cls: ClassInfo, name: str) -> ClassInfo | None:
        if name in cls.fields or name in cls.methods:
            return cls
        return None

    def value_class(self, module: str, value: ast.expr, types: dict[str, ClassInfo]) -> ClassInfo | None:
        """The engine class of an expression, where the walk can tell it."""
        if isinstance(value, ast.Name):
            return types.get(value.id)
        if isinstance(value, ast.Attribute):
            cls = self.value_class(module, value.value, types)
            declared = self.member(cls, value.attr) if cls else None
            if declared is not None and value.attr in declared.fields:
                return self.annotation_class(declared.module, declared.fields[value.attr])
        if isinstance(value, ast.Call) and isinstance(value.func, ast.Attribute):
            cls = self.value_class(module, value.func.value, types)
            declared = self.member(cls, value.func.attr) if cls else None
            if declared is not None and value.func.attr in declared.methods:
                return self.annotation_class(declared.module, declared.methods[value.func.attr].returns)
        return None


@dataclass(frozen=True)
class Figures:
    functions: int
    """Functions the walk reaches."""
    visits: int
    """Distinct (function outside the module, member of the module) pairs."""
    calls: int
    """Those of the visits whose member is code (a method or a property): the walk runs the module's code."""
    uses: int
    """Every occurrence of those members."""
    members: tuple[str, ...]
    """The module's members used, most used first."""


def walk(start: str = "engine.api.dusk", module: str = "engine.state", root: Path = ENGINE) -> Figures:
    where, _, name = start.rpartition(".")
    state = Walk(load_engine(root))
    state.start(where, name)
    mine = {key: n for key, n in state.uses.items() if key[1] == module}
    members = Counter[str]()
    for (_, _, member), n in mine.items():
        members[member] += n
    calls = sum(1 for (_, _, member) in mine if member in state.code)
    return Figures(len(state.reached), len(mine), calls, sum(mine.values()), tuple(m for m, _ in members.most_common()))


def profile_dusk(module: str = "engine.state") -> tuple[int, int, Counter[str]]:
    """(Dusk scenarios run, calls of the module's functions during their `dusk`, calls by function)."""
    sys.path[:0] = [str(PROJECT / "plugins"), str(PROJECT)]
    import engine
    from altered_rules.content.glossary import load_glossary
    from altered_rules.verification.checks import collect_checks

    checks, _ = collect_checks(load_glossary(PROJECT / "glossary"))
    scenarios = [c.scenario for c in checks if c.scenario is not None and [a.kind for a in c.scenario.actions] == ["dusk"]]
    target = str(PROJECT / Path(*module.split("."))) + ".py"
    dusk_code = engine.api.play_phase.__code__  # what `dusk` and the scenarios' `dusk` action call
    calls: Counter[str] = Counter()
    inside = [0]

    def count(frame, event, _arg):  # type: ignore[no-untyped-def]
        code = frame.f_code
        if event == "call":
            if code is dusk_code:
                inside[0] += 1
            elif inside[0] and code.co_filename == target:
                calls[code.co_qualname] += 1
        elif event == "return" and code is dusk_code:
            inside[0] -= 1

    sys.setprofile(count)
    try:
        for scenario in scenarios:
            engine.run_scenario(scenario)
    finally:
        sys.setprofile(None)
    return len(scenarios), sum(calls.values()), calls


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--start", default="engine.api.dusk")
    parser.add_argument("--module", default="engine.state")
    parser.add_argument("--list", action="store_true", help="name every member of the module used")
    parser.add_argument("--profile", action="store_true", help="also count calls into the module during the Dusk scenarios")
    options = parser.parse_args(argv)
    figures = walk(options.start, options.module)
    print(f"from {options.start}: {figures.functions} functions reached; {options.module}: "
          f"{figures.visits} visits (function, member), {figures.calls} of them calls, {figures.uses} uses, "
          f"{len(figures.members)} members")
    if options.list:
        print("  " + ", ".join(figures.members))
    if options.profile:
        scenarios, total, by_function = profile_dusk(options.module)
        print(f"profile: {scenarios} Dusk scenarios; {total} calls into {options.module} during `dusk` "
              f"({total / max(scenarios, 1):.1f} a scenario)")
        if options.list:
            print("  " + ", ".join(f"{name} {n}" for name, n in by_function.most_common()))
    return 0


if __name__ == "__main__":
    sys.exit(main())
