"""constraints.txt pins the whole Python environment: it agrees with every pin of pyproject.toml and
names each package pyproject.toml needs, so `pip install -c constraints.txt` leaves nothing to float."""

from __future__ import annotations

import re
import tomllib

from project_paths import PROJECT


def _name(requirement: str) -> str:
    return re.split(r"[=<>!~\[; ]", requirement, maxsplit=1)[0].lower().replace("_", "-")


def _constraints() -> dict[str, str]:
    pins = {}
    for number, line in enumerate((PROJECT / "constraints.txt").read_text(encoding="utf-8").splitlines(), 1):
        if line.strip() and not line.startswith("#"):
            assert re.fullmatch(r"[A-Za-z0-9._-]+==[A-Za-z0-9.+!-]+", line), f"constraints.txt:{number}: write name==version, got {line!r}"
            name, version = line.split("==")
            pins[_name(name)] = version
    return pins


def test_every_requirement_of_pyproject_is_pinned_alike_in_the_constraints() -> None:
    project = tomllib.loads((PROJECT / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    requirements = project["dependencies"] + [r for extra in project["optional-dependencies"].values() for r in extra]
    pins = _constraints()
    assert len(pins) > len(requirements)   # their own dependencies too
    missing = [r for r in requirements if _name(r) not in pins]
    differing = [(r, pins[_name(r)]) for r in requirements if "==" in r and _name(r) in pins and r.split("==")[1] != pins[_name(r)]]
    assert not missing, f"constraints.txt does not pin {missing}"
    assert not differing, f"pyproject.toml and constraints.txt pin these differently: {differing}"


def test_the_makefile_installs_with_the_constraints() -> None:
    assert "-c constraints.txt" in (PROJECT / "Makefile").read_text(encoding="utf-8")
    workflow = (PROJECT / ".github" / "workflows" / "test.yml").read_text(encoding="utf-8")
    assert "pip install" not in workflow.replace("pip install --quiet -c constraints.txt", "")
