"""How `altered-rules lint` prints what it found: plain lines for a terminal (the default),
GitHub workflow commands that put each problem on its YAML line in a pull request, or JSON.

Every check reports a problem as `file:line: what is wrong`; this module reads that shape back
into a `Finding` once, and each format prints findings, so a check never knows the format.
"""

from __future__ import annotations

import enum
import json
import re
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import Iterable

from ..log_text import issued, neutral_characters


class LintFormat(enum.Enum):
    """The formats of `altered-rules lint --format`."""

    PLAIN = "plain"     # `file:line: message` on standard error, the summary on standard output
    GITHUB = "github"   # `::error file=...,line=N::message`, read by GitHub Actions as annotations
    JSON = "json"       # one JSON list of findings on standard output


class Severity(enum.Enum):
    ERROR = "error"       # fails the lint
    WARNING = "warning"   # listed only (a stale translation: issue 18)
    NOTICE = "notice"     # listed for the editors to confirm (a rule matched across a renumbering: issue 30)


@dataclass(frozen=True)
class Finding:
    file: str | None      # as an editor types it, relative to the working folder when inside it
    line: int | None
    message: str          # what is wrong, without the file and line
    severity: Severity
    text: str             # the whole line as the plain format prints it

    def as_json(self) -> dict:
        data = asdict(self)
        data["severity"] = self.severity.value
        return data


# `path:line: message` or `path: message`. A path holds no colon followed by a space or a digit run
# then a colon, so the first `:N: ` (or `: `) after a non-space run ends it.
_LOCATED = re.compile(r"(?P<file>[^\s:][^:\n]*?):(?P<line>\d+)(?::\d+)?: (?P<message>.*)", re.DOTALL)
_FILE_ONLY = re.compile(r"(?P<file>[^\s:][^:\n]*?\.(?:ya?ml|md|po|json|gz)): (?P<message>.*)", re.DOTALL)


def _relative(path: str) -> str:
    """An absolute path inside the working folder, relative to it (GitHub wants it from the root)."""
    candidate = Path(path)
    if candidate.is_absolute():
        try:
            return str(candidate.relative_to(Path.cwd()))
        except ValueError:
            return path
    return path


def finding(text: str, severity: Severity = Severity.ERROR) -> Finding:
    """One problem line read back into its file, line and message (both None when it names neither)."""
    match = _LOCATED.fullmatch(text)
    if match:
        return Finding(_relative(match["file"]), int(match["line"]), match["message"], severity, text)
    match = _FILE_ONLY.fullmatch(text)
    if match:
        return Finding(_relative(match["file"]), None, match["message"], severity, text)
    return Finding(None, None, text, severity, text)


def located(file: str, line: int | None, message: str, severity: Severity = Severity.ERROR) -> Finding:
    """A finding whose file and line are known apart (the loader's errors)."""
    file = _relative(file)
    return Finding(file, line, message, severity, f"{file}:{line}: {message}" if line else f"{file}: {message}")


# GitHub's workflow-command rules (actions/toolkit, command.ts): in the message `%`, CR and LF are
# percent-encoded; in a property value `:` and `,` too, as they separate the properties.
def escape_data(value: str) -> str:
    # And no other control character reaches the log raw (log_text.py).
    return neutral_characters(value.replace("%", "%25").replace("\r", "%0D").replace("\n", "%0A"))


def escape_property(value: str) -> str:
    return escape_data(value).replace(":", "%3A").replace(",", "%2C")


def github_command(item: Finding) -> str:
    properties = []
    if item.file:
        properties.append(f"file={escape_property(item.file)}")
        if item.line:
            properties.append(f"line={item.line}")
    head = f"::{item.severity.value}" + (" " + ",".join(properties) if properties else "")
    return issued(f"{head}::{escape_data(item.message)}")   # the one maker of workflow commands (log_text.py)


_PLAIN_PREFIX = {Severity.WARNING: "stale: ", Severity.NOTICE: "renumbered: "}


def print_findings(findings: Iterable[Finding], summary: str, form: LintFormat, out, err) -> None:
    """Print the findings and the summary line in `form`."""
    findings = list(findings)
    if form is LintFormat.JSON:
        json.dump([item.as_json() for item in findings], out, ensure_ascii=False, indent=2)
        out.write("\n")
        print(summary, file=err)
        return
    for item in findings:
        if form is LintFormat.GITHUB:
            print(github_command(item), file=out)
        else:
            prefix = _PLAIN_PREFIX.get(item.severity, "")
            print(prefix + item.text, file=err)
    print(summary, file=out)
