"""Guards the fuzzing suites share."""

from __future__ import annotations

import signal
from contextlib import contextmanager
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
