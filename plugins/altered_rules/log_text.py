"""Everything a command prints is neutralised for the terminal and for CI logs (issue 36, F-1, F-2).

Command output quotes content: a YAML key, a file name, a scenario name, an engine message, a
translator's PO text. In a terminal a control character (ESC...) would be read as an escape
sequence; in a GitHub Actions log a line that starts with `::` (or `##[`) is a workflow command
(`::add-mask::`, `::stop-commands::`, a forged `::error file=...::`), on standard output and on
standard error alike, whatever `--format` said. So `neutral_output()` (around every command, in
`main`) puts a `NeutralStream` in front of both streams:

- every character no text may show (C0 and C1 controls but tab and newline, DEL, the line and
  paragraph separators, the bidi overrides and isolates, a lone surrogate, U+FFFE/U+FFFF) is
  written as a visible escape, `\\u001b`;
- a line that starts (after spaces) with `::` or `##[` gets a backslash in front, `\\::error`,
  which the runner does not read as a command;

and only the workflow commands the program itself made pass unchanged: lint_report.github_command
(`--format github`, its data escaped) declares each one with `issued`, and the stream lets a line
through only if it is one of those, once each. A line from content is never one of them,
whatever it holds.
"""

from __future__ import annotations

import re
import sys
from collections import Counter
from contextlib import contextmanager
from typing import Iterator, TextIO

__all__ = ["neutral", "neutral_characters", "issued", "NeutralStream", "neutral_output"]

_UNSHOWN = re.compile("[\x00-\x08\x0b-\x1f\x7f-\x9f\u2028\u2029\u202a-\u202e\u2066-\u2069\ud800-\udfff\ufffe\uffff]")
_COMMAND_START = re.compile(r"^([ \t]*)(::|##\[)", re.MULTILINE)


def neutral_characters(text: str) -> str:
    """`text` with each character no output may show written as a visible escape (\\u001b)."""
    return _UNSHOWN.sub(lambda m: f"\\u{ord(m.group()):04x}", text)


def neutral(text: str, at_line_start: bool = True) -> str:
    """`text` safe to print: neutral_characters, and no line of it a workflow command.
    `at_line_start`: whether `text` starts a line (False: it continues one already begun)."""
    text = neutral_characters(text)
    if not at_line_start:
        head, newline, rest = text.partition("\n")
        return head + newline + _COMMAND_START.sub(r"\1\\\2", rest) if newline else head
    return _COMMAND_START.sub(r"\1\\\2", text)


# The workflow commands this process made and has not printed yet, each with how many times.
_ISSUED: Counter[str] = Counter()


def issued(command: str) -> str:
    """`command` (a workflow command whose data the caller escaped: lint_report.github_command),
    declared so that a NeutralStream prints it as it is, once."""
    command = neutral_characters(command).replace("\n", "%0A")
    _ISSUED[command] += 1
    return command


class NeutralStream:
    """A text stream that writes `neutral` of everything to the stream it wraps, but the
    workflow commands declared with `issued`."""

    def __init__(self, stream: TextIO) -> None:
        self.unfiltered = stream
        self.at_line_start = True

    def write(self, text: str) -> int:
        if not text:
            return 0
        line = text.removesuffix("\n")
        if self.at_line_start and _ISSUED.get(line):
            _ISSUED[line] -= 1
            self.unfiltered.write(text)
        else:
            self.unfiltered.write(neutral(text, self.at_line_start))
        self.at_line_start = text.endswith("\n")
        return len(text)

    def __getattr__(self, name: str):   # flush, fileno, isatty, encoding...: the wrapped stream's
        return getattr(self.unfiltered, name)


@contextmanager
def neutral_output() -> Iterator[None]:
    """sys.stdout and sys.stderr neutralised for the time of a command (restored after)."""
    out, err = sys.stdout, sys.stderr
    sys.stdout, sys.stderr = NeutralStream(out), NeutralStream(err)
    try:
        yield
    finally:
        sys.stdout, sys.stderr = out, err
