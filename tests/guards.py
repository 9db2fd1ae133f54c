"""Guards the fuzzing suites share."""

from __future__ import annotations

import signal
from contextlib import contextmanager
from pathlib import Path
from typing import Any, Iterator


@contextmanager
def no_hang(seconds: float) -> Iterator[None]:
    """Fail instead of hanging: random input must end, with a result or a documented error."""
    def alarm(signum: int, frame: Any) -> None:
        raise TimeoutError(f"still running after {seconds} s: a hang")
    previous = signal.signal(signal.SIGALRM, alarm)
    signal.setitimer(signal.ITIMER_REAL, seconds)
    try:
        yield
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, previous)


def failing_lint(root: Path, capsys: Any) -> str:
    """`altered-rules lint` on the glossary `root`, which a test broke: it must fail, within 10 s,
    with no traceback; what it printed on stderr."""
    from altered_rules.cli.main import main
    with no_hang(10):
        assert main(["lint", "--glossary", str(root)]) == 1
    err = capsys.readouterr().err
    assert "Traceback" not in err
    return err
