"""The words the scenario commands print around what they report: PASS, FAIL, ERROR, a
difference's "expected ... actual ...", the failing cases' heading and the count. In English they
are the scenario format's contract (the last line is exactly "N passed, M failed"); `--lang fr|it`
asks for all of them in that language (issue 44), from the interface strings (cli_*)."""

from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property

from ..strings import tr

_OUTCOMES = ("pass", "fail", "error")


@dataclass(frozen=True)
class CliWords:
    language: str = "en"

    @cached_property
    def _width(self) -> int:
        # The English columns ("PASS  ", "FAIL  ", "ERROR "): the longest word and one space.
        return max(len(tr(self.language, f"cli_{outcome}")) for outcome in _OUTCOMES) + 1

    def label(self, outcome: str) -> str:
        """"PASS  ", "FAIL  ", "ERROR " (padded to one column), in the language."""
        return tr(self.language, f"cli_{outcome}").ljust(self._width)

    @property
    def indent(self) -> str:
        return " " * self._width

    def difference(self, path: str, expected: object, actual: object) -> str:
        return tr(self.language, "cli_difference", path=path, expected=str(expected), actual=str(actual))

    def count(self, passed: int, failed: int) -> str:
        return tr(self.language, "cli_summary", passed=str(passed), failed=str(failed))

    def did_not_pass(self, count: int) -> str:
        return tr(self.language, "cli_did_not_pass", count=str(count))

    def case_outcome(self, outcome: str) -> str:
        """A failing case's word in the closing list: FAILED or ERROR in English (as before)."""
        if self.language == "en":
            return {"failed": "FAILED", "error": "ERROR"}.get(outcome, outcome.upper())
        return tr(self.language, "cli_error" if outcome == "error" else "cli_fail")

    def no_files(self) -> str:
        return tr(self.language, "cli_no_files")


ENGLISH = CliWords()
"""The contract's words, the default of every printer."""
