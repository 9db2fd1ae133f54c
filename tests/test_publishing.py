"""Publishing and the editors' workflow (issue 28): `build_site --no-symlinks` leaves no symlink
in the site (GitHub Pages serves none), copying what each pointed at, and refuses one that leads
out of the site; the pre-commit hooks run the checks a change needs."""

from __future__ import annotations

import json
import os
import re
import shlex
import subprocess
import sys
from pathlib import Path

import pytest
import yaml

from altered_rules.build_site import LinkError, replace_links

from project_paths import PROJECT


def _tree(site: Path) -> dict[str, str]:
    return {p.relative_to(site).as_posix(): p.read_text() for p in sorted(site.rglob("*")) if p.is_file()}


def test_symlinks_become_copies_of_what_they_showed(tmp_path: Path):
    site = tmp_path / "site"
    (site / "en/v/2026.1/r/4.2.4.c").mkdir(parents=True)
    (site / "en/v/2026.1/r/4.2.4.c/index.html").write_text("redirect")
    (site / "en/v/2026.2").mkdir()
    (site / "en/v/2026.2/r").symlink_to("../2026.1/r", target_is_directory=True)
    (site / "en/sw.js").write_text("worker")
    (site / "en/alias.js").symlink_to("sw.js")
    before = _tree(site)
    assert replace_links(site) == 2
    assert not [p for p in site.rglob("*") if p.is_symlink()]
    # What the links showed is now there as files (rglob does not follow a link to a folder).
    assert _tree(site) == {**before, "en/v/2026.2/r/4.2.4.c/index.html": "redirect"}
    assert (site / "en/v/2026.2/r").is_dir() and not (site / "en/v/2026.2/r").is_symlink()


def test_a_symlink_out_of_the_site_is_refused_by_name(tmp_path: Path):
    site = tmp_path / "site"
    site.mkdir()
    (tmp_path / "secret.txt").write_text("not for publishing")
    (site / "leak.txt").symlink_to(tmp_path / "secret.txt")
    with pytest.raises(LinkError, match="leak.txt: a symlink to .*secret.txt, which is not inside"):
        replace_links(site)
    (site / "leak.txt").unlink()
    (site / "nowhere").symlink_to(site / "missing", target_is_directory=True)
    with pytest.raises(LinkError, match="nowhere"):
        replace_links(site)


# ---- .pre-commit-config.yaml: the editors' checks before each commit -------------------------

def _hooks() -> dict[str, dict]:
    config = yaml.safe_load((PROJECT / ".pre-commit-config.yaml").read_text(encoding="utf-8"))
    (repo,) = config["repos"]
    assert repo["repo"] == "local"     # nothing fetched from elsewhere
    return {hook["id"]: hook for hook in repo["hooks"]}


@pytest.mark.parametrize(("path", "hooks"), [
    ("glossary/rules/4/4.2.4.yaml", {"glossary-lint", "glossary-scenarios"}),
    ("glossary/termbase.yaml", {"glossary-lint", "glossary-scenarios"}),
    ("docs/fr/editing.md", {"glossary-lint"}),
    ("plugins/altered_rules/strings/it.yaml", {"glossary-lint"}),
    ("tests/engine_tests/scenarios/dusk.yaml", {"scenario-files"}),
    (".github/workflows/pages.yml", {"actionlint"}),
    ("engine/dusk.py", {"ruff", "mypy"}),
    ("plugins/altered_rules/cli/main.py", {"ruff", "mypy"}),
])
def test_each_change_runs_the_hooks_that_check_it(path: str, hooks: set[str]):
    assert {name for name, hook in _hooks().items() if re.search(hook["files"], path)} == hooks


def _run(hook: dict, *files: str) -> subprocess.CompletedProcess:
    command = shlex.split(hook["entry"]) + (list(files) if hook.get("pass_filenames", True) else [])
    assert (PROJECT / command[0]).exists(), f"{command[0]} is missing: `make setup` installs it"
    return subprocess.run(command, cwd=PROJECT, capture_output=True, text=True, timeout=300)


def test_the_scenario_hook_fails_on_a_broken_scenario_file_naming_its_line(tmp_path: Path):
    hook = _hooks()["scenario-files"]
    good = PROJECT / "tests/engine_tests/scenarios/dusk.yaml"
    assert _run(hook, str(good)).returncode == 0
    text = good.read_text(encoding="utf-8")
    broken = tmp_path / "dusk.yaml"
    broken.write_text(re.sub(r"winner: \w+", "winner: Nobody", text, count=1), encoding="utf-8")
    result = _run(hook, str(broken))
    assert result.returncode == 1 and "winner: unknown player Nobody" in result.stdout + result.stderr


def test_the_lint_hook_passes_on_the_glossary():
    result = _run(_hooks()["glossary-lint"])
    assert result.returncode == 0, result.stderr


# ---- The published address: ALTERED_RULES_SITE_URL gives each language its site_url ------------

def test_build_site_gives_each_language_its_address(monkeypatch, tmp_path: Path):
    from altered_rules import build_site

    seen = {}

    def fake_build(arguments, project, env):
        seen[arguments[arguments.index("-f") + 1]] = env.get(build_site.LANGUAGE_URL_ENV)
        return 0

    monkeypatch.setattr(build_site, "mkdocs_build", fake_build)
    monkeypatch.setattr(build_site, "write_runtime", lambda project, site: tmp_path / "manifest.json")
    monkeypatch.setenv(build_site.SITE_URL_ENV, "https://example.org/altered-rules")
    (tmp_path / "site").mkdir()
    assert build_site.build(PROJECT, tmp_path / "site") == 0
    assert seen == {str(PROJECT / config): f"https://example.org/altered-rules/{language}/"
                    for language, config in build_site.LANGUAGE_CONFIGS.items()}


def _no_build(monkeypatch, tmp_path: Path) -> dict:
    """build_site with its language builds recorded, not run: language config -> the address given."""
    from altered_rules import build_site

    seen: dict = {}

    def fake_build(arguments, project, env):
        seen[Path(arguments[arguments.index("-f") + 1]).name] = env.get(build_site.LANGUAGE_URL_ENV)
        return 0

    monkeypatch.setattr(build_site, "mkdocs_build", fake_build)
    monkeypatch.setattr(build_site, "write_runtime", lambda project, site: tmp_path / "manifest.json")
    (tmp_path / "site").mkdir(exist_ok=True)
    return seen


@pytest.mark.parametrize("given", [None, "", "http://127.0.0.1:8000/", "http://localhost:8000/altered-rules/"])
def test_a_build_for_publishing_without_a_published_address_is_refused(monkeypatch, tmp_path: Path, capsys, given):
    from altered_rules import build_site

    seen = _no_build(monkeypatch, tmp_path)
    monkeypatch.delenv(build_site.SITE_URL_ENV, raising=False)
    if given is not None:
        monkeypatch.setenv(build_site.SITE_URL_ENV, given)
    assert build_site.build(PROJECT, tmp_path / "site", publish=True) == 2
    err = capsys.readouterr().err
    assert seen == {}   # no language was built
    assert "build_site: " in err and "nothing was built" in err
    if not given:
        assert "a build for publishing (--publish) needs ALTERED_RULES_SITE_URL" in err
        assert "feeds, sitemaps and canonical links would point at http://127.0.0.1:8000/" in err
    else:
        assert "this machine's address" in err


def test_an_address_that_is_no_address_is_refused(monkeypatch, tmp_path: Path, capsys):
    from altered_rules import build_site

    seen = _no_build(monkeypatch, tmp_path)
    monkeypatch.setenv(build_site.SITE_URL_ENV, "example.org/altered-rules")
    assert build_site.build(PROJECT, tmp_path / "site") == 2 and seen == {}
    assert "ALTERED_RULES_SITE_URL='example.org/altered-rules' is no absolute address" in capsys.readouterr().err


def test_a_local_build_says_which_address_it_used(monkeypatch, tmp_path: Path, capsys):
    from altered_rules import build_site

    seen = _no_build(monkeypatch, tmp_path)
    monkeypatch.delenv(build_site.SITE_URL_ENV, raising=False)
    monkeypatch.setenv(build_site.LANGUAGE_URL_ENV, "https://stale.example/en/")   # left over: never used
    assert build_site.build(PROJECT, tmp_path / "site") == 0
    assert seen == {Path(config).name: f"http://127.0.0.1:8000/{language}/" for language, config in build_site.LANGUAGE_CONFIGS.items()}
    assert ("build_site: the site's address is http://127.0.0.1:8000/ (the local address: ALTERED_RULES_SITE_URL is "
            "not set); feeds, sitemaps and canonical links use it") in capsys.readouterr().out
    monkeypatch.setenv(build_site.SITE_URL_ENV, "https://example.org/r")
    assert build_site.build(PROJECT, tmp_path / "site", publish=True) == 0
    assert "the site's address is https://example.org/r/ (ALTERED_RULES_SITE_URL)" in capsys.readouterr().out


def test_the_publishing_workflow_builds_for_publishing_with_its_address():
    workflow = yaml.safe_load((PROJECT / ".github/workflows/pages.yml").read_text(encoding="utf-8"))
    (step,) = [step for step in workflow["jobs"]["build"]["steps"] if "make site" in step.get("run", "")]
    assert "--publish" in shlex.split(step["run"].split("SITE_OPTIONS=", 1)[1])[0].split()
    assert step["env"]["ALTERED_RULES_SITE_URL"] == "${{ steps.pages.outputs.base_url }}/"


def test_the_configurations_read_the_address_they_are_given():
    # mkdocs.fr.yml inherits mkdocs.yml; the address comes from the environment, else the local one.
    for given, expected in ((None, "http://127.0.0.1:8000/fr/"), ("https://example.org/r/fr/", "https://example.org/r/fr/")):
        env = {k: v for k, v in os.environ.items() if k != "ALTERED_RULES_LANGUAGE_URL"}
        if given:
            env["ALTERED_RULES_LANGUAGE_URL"] = given
        code = ("import json; from mkdocs.config import load_config; c = load_config('mkdocs.fr.yml'); "
                "print(json.dumps([c.site_url, c.repo_url, c.edit_uri]))")
        result = subprocess.run([sys.executable, "-c", code], cwd=PROJECT, env=env, capture_output=True, text=True, timeout=120)
        assert result.returncode == 0, result.stderr
        assert json.loads(result.stdout.splitlines()[-1]) == [expected, "https://github.com/altered-rules/altered-rules", "edit/main/docs/fr/"]


# ---- build_site runs the language builds in its own process (issue 29) ---------------------------

def test_each_in_process_build_is_as_strict_as_a_fresh_process(tmp_path: Path, capsys):
    """MkDocs's command line hides a message its build has already logged in the process (its
    DuplicateFilter): run twice in one process, the second strict build would pass on the warning
    the first one failed on (here: a template named in mkdocs.yml that is not in docs/)."""
    from altered_rules import build_site

    (tmp_path / "docs").mkdir()
    (tmp_path / "docs" / "index.md").write_text("# Home\n", encoding="utf-8")
    (tmp_path / "mkdocs.yml").write_text("site_name: t\ntheme: mkdocs\nextra_templates: [missing.html]\n", encoding="utf-8")
    before = (os.getcwd(), dict(os.environ))
    env = {**os.environ, "NO_MKDOCS_2_WARNING": "1", "ALTERED_RULES_TEST_VALUE": "set"}
    for site in ("one", "two"):
        arguments = ["build", "--strict", "--clean", "-f", str(tmp_path / "mkdocs.yml"), "-d", str(tmp_path / site)]
        assert build_site.mkdocs_build(arguments, tmp_path, env) == 1
        assert "Template skipped: 'missing.html'" in capsys.readouterr().err
    assert build_site.mkdocs_build(["build", "-f", str(tmp_path / "mkdocs.yml"), "-d", str(tmp_path / "three")],
                                   tmp_path, env) == 0   # not strict: built, with the warning
    assert (tmp_path / "three" / "index.html").is_file()
    assert (os.getcwd(), dict(os.environ)) == before   # the folder and the environment put back


# ---- The package's metadata (issue 41) -------------------------------------------------------------

def test_the_license_is_an_spdx_expression_that_pip_reads():
    """`project.license` as a table is deprecated by setuptools (removed on 2027-02-18); an SPDX
    expression needs setuptools 77 or later. Its metadata as pip prepares it, in an isolated
    build as `make setup` installs the package (nothing is installed, nothing written here)."""
    import tomllib

    data = tomllib.loads((PROJECT / "pyproject.toml").read_text(encoding="utf-8"))
    assert data["project"]["license"] == "MIT"
    assert "setuptools>=77" in data["build-system"]["requires"]
    result = subprocess.run([sys.executable, "-m", "pip", "install", "--dry-run", "--no-deps", "--quiet",
                             "--report", "-", str(PROJECT)], capture_output=True, text=True, timeout=300, cwd=PROJECT.parent)
    assert result.returncode == 0, result.stderr
    (item,) = json.loads(result.stdout)["install"]
    assert item["metadata"].get("license_expression") == "MIT" and "license" not in item["metadata"]
    assert "License classifiers are deprecated" not in result.stderr and "project.license" not in result.stderr
