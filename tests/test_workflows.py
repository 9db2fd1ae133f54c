"""The GitHub Actions workflows (.github/workflows/, issue 28) cannot run here: actionlint checks
them (syntax, expressions, the contexts and step ids they use, the events and permissions they
name), and the rules the project holds them to are checked here: every action pinned to a full
commit SHA with its version in a comment, least permissions, one deployment at a time."""

from __future__ import annotations

import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
import yaml

from project_paths import PROJECT

WORKFLOWS = sorted((PROJECT / ".github" / "workflows").glob("*.yml"))
PINNED = re.compile(r"[\w.-]+/[\w./-]+@[0-9a-f]{40} # v\d+(?:\.\d+){2}")


def _actionlint() -> str:
    # Installed with the test extras (pyproject.toml) beside this Python, or on PATH.
    beside = Path(sys.executable).parent / "actionlint"
    found = str(beside) if beside.exists() else shutil.which("actionlint")
    assert found, "actionlint is missing: `make test` installs it with the test extras (pyproject.toml)"
    return found


def _lint(*paths: Path) -> subprocess.CompletedProcess:
    # -shellcheck= and -pyflakes=: the `run:` scripts are not checked by tools that may be absent.
    return subprocess.run([_actionlint(), "-no-color", "-shellcheck=", "-pyflakes=", *map(str, paths)],
                          capture_output=True, text=True, timeout=120)


def test_there_are_a_test_and_a_publish_workflow():
    assert [path.name for path in WORKFLOWS] == ["pages.yml", "test.yml"]


def test_actionlint_passes_on_the_workflows():
    result = _lint(*WORKFLOWS)
    assert result.returncode == 0, result.stdout + result.stderr


@pytest.mark.parametrize(("name", "old", "new", "complaint"), [
    ("pages.yml", "steps.pages.outputs.base_url", "steps.pagez.outputs.base_url", 'property "pagez" is not defined'),
    ("test.yml", "  pull_request:\n", "  pull_requests:\n", 'unknown Webhook event "pull_requests"'),
    ("pages.yml", "      pages: write", "      pages: writ", '"writ" is invalid as permission of scope "pages"'),
])
def test_actionlint_fails_on_a_broken_copy(tmp_path: Path, name: str, old: str, new: str, complaint: str):
    folder = tmp_path / ".github" / "workflows"
    folder.mkdir(parents=True)
    text = (PROJECT / ".github" / "workflows" / name).read_text(encoding="utf-8")
    assert old in text
    broken = folder / name
    broken.write_text(text.replace(old, new, 1), encoding="utf-8")
    result = _lint(broken)
    assert result.returncode == 1 and complaint in result.stdout, result.stdout + result.stderr


def _uses(path: Path) -> list[str]:
    return [line.split("uses:", 1)[1].strip() for line in path.read_text(encoding="utf-8").splitlines() if "uses:" in line]


@pytest.mark.parametrize("path", WORKFLOWS, ids=lambda p: p.name)
def test_every_action_is_pinned_to_a_commit_with_its_version(path: Path):
    uses = _uses(path)
    assert uses and all(PINNED.fullmatch(use) for use in uses), [u for u in uses if not PINNED.fullmatch(u)]
    # One action, one commit, across the workflows.
    pins = {}
    for workflow in WORKFLOWS:
        for use in _uses(workflow):
            action, rest = use.split("@", 1)
            assert pins.setdefault(action, rest) == rest, f"{action} pinned twice: {pins[action]} and {rest}"


@pytest.mark.parametrize("path", WORKFLOWS, ids=lambda p: p.name)
def test_permissions_are_read_only_unless_a_job_deploys(path: Path):
    workflow = yaml.safe_load(path.read_text(encoding="utf-8"))
    assert workflow["permissions"] == {"contents": "read"}
    for name, job in workflow["jobs"].items():
        if "permissions" in job:
            assert job["permissions"] == {"pages": "write", "id-token": "write"}, name
            assert job["environment"]["name"] == "github-pages"


def test_deployments_run_one_at_a_time_from_release_tags():
    workflow = yaml.safe_load((PROJECT / ".github/workflows/pages.yml").read_text(encoding="utf-8"))
    assert workflow["concurrency"] == {"group": "pages", "cancel-in-progress": False}
    # PyYAML reads the key `on` as True.
    assert workflow[True]["push"] == {"tags": ["release-*"]}
    steps = workflow["jobs"]["build"]["steps"]
    uses = [step.get("uses", "").split("@")[0] for step in steps]
    assert uses.index("actions/upload-pages-artifact") > uses.index("")   # after the build and the symlink check
    assert any("find site -type l" in step.get("run", "") for step in steps)
    assert any("--no-symlinks" in step.get("run", "") for step in steps)
    assert [step["uses"].split("@")[0] for step in workflow["jobs"]["deploy"]["steps"]] == ["actions/deploy-pages"]
