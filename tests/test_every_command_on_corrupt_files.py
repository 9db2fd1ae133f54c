"""Issue 36 (F-1, F-2, F-16): every command, on a corrupted copy of each kind of file it reads,
ends with an error (or its result), never a traceback, and nothing it prints is a GitHub
workflow command or a raw control character, in every --format.

Each kind of file is corrupted in a copy of the project (its code included, so that the shipped
strings and catalogues read are the copy's), with text that would write workflow commands into
a CI log if it were printed as it is: a line break followed by `::add-mask::`, `::stop-commands::`
and a forged `::error`, plus a lone surrogate or a control character where the format can hold one.
The commands run as a user runs them, in a process of their own.
"""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from project_paths import PROJECT, SCENARIOS

FORGED = "\\n::add-mask::Dusk\\n::stop-commands::pwned\\n::error file=README.md,line=1::forged"
# A line a GitHub runner reads as a command: `::` or `##[` at its start, after spaces.
COMMAND_LINE = re.compile(r"^[ \t]*(::|##\[)", re.MULTILINE)
# What --format github itself writes: a command, its data escaped (no raw `::` after the head).
ANNOTATION = re.compile(r"::(error|warning|notice)( file=[^:,\n]*(,line=\d+)?)?::[^\n]*")
RAW_CONTROL = re.compile("[\x00-\x08\x0b-\x1f\x7f-\x9f\ud800-\udfff]")


def _project(tmp_path: Path) -> Path:
    copy = tmp_path / "project"
    skip = shutil.ignore_patterns("__pycache__", "*.pyc")
    for name in ("plugins", "engine", "glossary"):
        shutil.copytree(PROJECT / name, copy / name, ignore=skip)
    for language in ("en", "fr", "it"):
        shutil.copytree(PROJECT / "docs" / language, copy / "docs" / language)
    shutil.copy(SCENARIOS / "beginning.yaml", copy / "scenario.yaml")
    (copy / "fr.po").write_text(_PO_HEAD + 'msgctxt "term draw title"\nmsgid "Draw"\nmsgstr "Piocher"\n', encoding="utf-8")
    return copy


_PO_HEAD = 'msgid ""\nmsgstr ""\n"Language: fr\\n"\n"Content-Type: text/plain; charset=UTF-8\\n"\n\n'


def _insert_after(path: Path, prefix: str, line: str) -> None:
    rows = path.read_text(encoding="utf-8").split("\n")
    index = next(i for i, row in enumerate(rows) if row.startswith(prefix))
    rows.insert(index + 1, line)
    path.write_text("\n".join(rows), encoding="utf-8")


def _replace_line(path: Path, prefix: str, line: str) -> None:
    rows = path.read_text(encoding="utf-8").split("\n")
    index = next(i for i, row in enumerate(rows) if row.strip().startswith(prefix))
    rows[index] = line
    path.write_text("\n".join(rows), encoding="utf-8")


def _glossary_key(copy: Path) -> None:
    _insert_after(copy / "glossary/rules/4/4.2.4.yaml", "sources:", f'"evil{FORGED}": 1')


def _glossary_scenario_name(copy: Path) -> None:
    section = copy / "glossary/rules/4/4.2.4.yaml"
    text = section.read_text(encoding="utf-8")
    found = re.search(r"^(\s+)(- )?name: .*$", text, re.MULTILINE)
    assert found, "test setup: no scenario name in 4.2.4.yaml"
    line = f'{found.group(1)}{found.group(2) or ""}name: "Dusk{FORGED}"'
    section.write_text(text[:found.start()] + line + text[found.end():], encoding="utf-8")


def _glossary_surrogate(copy: Path) -> None:
    _replace_line(copy / "glossary/terms/gift.yaml", "id: gift", 'id: "gift \\ud800 \\uffff"')


def _glossary_file_name(copy: Path) -> None:
    shutil.copy(copy / "glossary/terms/gift.yaml", copy / "glossary/terms" / "b\n::warning file=README.md,line=1::by-name\n.yaml")


def _strings_key(copy: Path) -> None:
    _replace_line(copy / "plugins/altered_rules/strings/fr.yaml", "gap_title:", f'  "x{FORGED}": 5')


def _strings_value(copy: Path) -> None:
    _replace_line(copy / "plugins/altered_rules/strings/fr.yaml", "gap_title:", f'  gap_title: "Texte{FORGED}"')


def _catalogue_line_break(copy: Path) -> None:
    _replace_line(copy / "plugins/altered_rules/strings/engine/fr.yaml", '"list.and":',
                  f'  "list.and": "{{first}} et{FORGED} {{last}}"  # from 1c088992')


def _catalogue_braces(copy: Path) -> None:
    _replace_line(copy / "plugins/altered_rules/strings/engine/fr.yaml", '"list.and":',
                  '  "list.and": "{first} et {last}{} {first.__class__.__mro__}"  # from 1c088992')


def _po_forged(copy: Path) -> None:
    (copy / "fr.po").write_text(_PO_HEAD + f'msgctxt "engine list.and"\nmsgid "{{first}} and {{last}}"\n'
                                f'msgstr "{{first}} et{FORGED} {{last}}"\n\nmsgctxt "x{FORGED}"\nmsgid "Draw"\nmsgstr "Piocher"\n',
                                encoding="utf-8")


def _po_bytes(copy: Path) -> None:
    (copy / "fr.po").write_bytes((_PO_HEAD + 'msgctxt "term draw title"\nmsgid "Draw"\nmsgstr "Pioch').encode() + b'\xff\xfe\x1b"\n')


def _scenario_name(copy: Path) -> None:
    (copy / "scenario.yaml").write_text(f'- name: "Dusk{FORGED}"\n  given: {{players: [Alice, Bob]}}\n  when: dusk\n'
                                        '  then: {day: 1}\n', encoding="utf-8")


def _scenario_surrogate(copy: Path) -> None:
    (copy / "scenario.yaml").write_text('- name: "surrogate \\ud800 name"\n  given: {players: [Alice, Bob]}\n  when: dusk\n'
                                        '  then: {day: 1}\n', encoding="utf-8")


def _scenario_key(copy: Path) -> None:
    (copy / "scenario.yaml").write_text(f'- name: Dusk\n  given: {{players: [Alice, Bob]}}\n  when: dusk\n'
                                        f'  then: {{"evil{FORGED}": 1}}\n', encoding="utf-8")


# Each corruption, with every command that reads that kind of file (commands that only load the
# glossary fail at its load as lint does: where the load fails, a few of them stand for the rest).
_LINT = [["lint"], ["lint", "--format", "github"], ["lint", "--format", "json"]]
_GLOSSARY = [*_LINT, ["verify"], ["i18n", "stamp"]]
_SCENARIO = [["verify", "scenario.yaml"], ["explain", "scenario.yaml"], ["explain", "--lang", "fr", "scenario.yaml"]]
CASES = {
    "glossary key": (_glossary_key, [*_GLOSSARY, ["i18n", "export", "--lang", "fr", "--out", "out.po"], ["diff", "2026.1", "current"],
                                     ["renumber", "4.2.4.h=4.2.4.z"], ["release", "2099.1", "--no-git", "--notes", "x"]]),
    "glossary scenario name": (_glossary_scenario_name, [*_LINT, ["verify"]]),
    "glossary surrogate": (_glossary_surrogate, _LINT),
    "glossary file name": (_glossary_file_name, _LINT),
    "strings key": (_strings_key, [["--help"], *_LINT, ["i18n", "stamp"]]),
    "strings value": (_strings_value, [*_LINT, ["explain", "scenario.yaml"]]),
    "catalogue line break": (_catalogue_line_break, [*_LINT, ["explain", "--lang", "fr", "scenario.yaml"]]),
    "catalogue braces": (_catalogue_braces, [["lint"], ["explain", "--lang", "fr", "scenario.yaml"]]),
    "PO forged": (_po_forged, [["i18n", "import", "fr.po", "--lang", "fr"]]),
    "PO bytes": (_po_bytes, [["i18n", "import", "fr.po", "--lang", "fr"]]),
    "scenario name": (_scenario_name, _SCENARIO),
    "scenario surrogate": (_scenario_surrogate, _SCENARIO),
    "scenario key": (_scenario_key, _SCENARIO),
}


def _run(copy: Path, arguments: list[str]) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "PYTHONPATH": f"{copy / 'plugins'}{os.pathsep}{copy}", "PYTHONIOENCODING": "utf-8"}
    code = "import sys; from altered_rules.cli.main import main; sys.exit(main())"
    return subprocess.run([sys.executable, "-c", code, *arguments], cwd=copy, env=env, capture_output=True,
                          text=True, encoding="utf-8", errors="surrogateescape", timeout=120)


def _problems(arguments: list[str], done: subprocess.CompletedProcess[str]) -> list[str]:
    found = []
    for name, text in (("stdout", done.stdout), ("stderr", done.stderr)):
        if "Traceback" in text or "internal error" in text:
            found.append(f"{arguments}: a traceback on {name}:\n{text[-1500:]}")
        for match in COMMAND_LINE.finditer(text):
            line = text[match.start():text.find("\n", match.start()) % (len(text) + 1)]
            if not ("github" in arguments and name == "stdout" and ANNOTATION.fullmatch(line.strip())):
                found.append(f"{arguments}: {name} holds a workflow command: {line[:120]!r}")
        if RAW_CONTROL.search(text):
            found.append(f"{arguments}: {name} holds a raw control character: {RAW_CONTROL.search(text).group()!r}")
    return found


def test_the_copy_runs_its_own_code(tmp_path):
    """The check below tests the copy's files, not the project's."""
    copy = _project(tmp_path)
    done = _run(copy, ["--help"])
    assert done.returncode == 0
    code = "import altered_rules, engine; print(altered_rules.__file__, engine.__file__)"
    env = {**os.environ, "PYTHONPATH": f"{copy / 'plugins'}{os.pathsep}{copy}"}
    where = subprocess.run([sys.executable, "-c", code], cwd=copy, env=env, capture_output=True, text=True).stdout
    assert where.count(str(copy)) == 2, where


@pytest.mark.parametrize("case", list(CASES))
def test_every_command_on_a_corrupted_file_ends_cleanly(tmp_path, case):
    copy = _project(tmp_path)
    corrupt, commands = CASES[case]
    corrupt(copy)
    problems = []
    seen = 0
    for arguments in commands:
        done = _run(copy, arguments)
        problems += _problems(arguments, done)
        # The corruption was seen: refused, or printed neutralised (the check tested something).
        seen += done.returncode != 0 or "\\::" in done.stdout + done.stderr
    assert problems == []
    assert seen


@pytest.mark.parametrize("case", ["strings key", "catalogue line break", "catalogue braces"])
def test_the_build_starts_and_reports_a_corrupted_shipped_file(tmp_path, case):
    """F-2 in the build: the plugin read the interface strings as it was imported, so a malformed
    file was a traceback before any hook ran. Now the plugin imports, and its configuration step
    (`_language_build`, the first thing on_config does) refuses the file with its line as the build's error
    (PluginError), neutralised; a message no renderer may fill is refused there too."""
    copy = _project(tmp_path)
    CASES[case][0](copy)
    code = ("from mkdocs.exceptions import PluginError\n"
            "from altered_rules.mkdocs_plugin.plugin import AlteredRulesPlugin\n"
            "plugin = AlteredRulesPlugin()\n"
            "plugin.glossary_dir = 'missing'\n"
            "try:\n    plugin._language_build(None, '.')\nexcept PluginError as exc:\n    print(exc)\n")
    env = {**os.environ, "PYTHONPATH": f"{copy / 'plugins'}{os.pathsep}{copy}"}
    done = subprocess.run([sys.executable, "-c", code], cwd=copy, env=env, capture_output=True, text=True, timeout=120)
    assert done.returncode == 0 and "Traceback" not in done.stderr, done.stderr[-1500:]
    assert re.search(r"strings/(engine/)?fr\.yaml:\d+: ", done.stdout) and not COMMAND_LINE.search(done.stdout), done.stdout
