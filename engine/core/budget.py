"""A time budget for one computation, checked cooperatively by the solvers.

The web layer opens ``time_budget(seconds)`` around an engine call; solvers call ``check()`` as
they expand states. Past the deadline ``check()`` raises ``BudgetExceeded`` so a request can never
run unbounded, even within the documented size limits. Outside a budget ``check()`` costs almost
nothing and never raises, so pure uses (tests, benchmarks) are unaffected.
"""

from __future__ import annotations

import threading
import time
from contextlib import contextmanager
from typing import Iterator

_local = threading.local()


class BudgetExceeded(RuntimeError):
    """The computation ran past its time budget."""

    def __init__(self, seconds: float):
        super().__init__(f"computation exceeded its budget of {seconds} s")
        self.seconds = seconds


@contextmanager
def time_budget(seconds: float) -> Iterator[None]:
    previous = getattr(_local, "deadline", None)
    _local.deadline = (time.monotonic() + seconds, seconds)
    try:
        yield
    finally:
        _local.deadline = previous


def check() -> None:
    deadline = getattr(_local, "deadline", None)
    if deadline is not None and time.monotonic() > deadline[0]:
        raise BudgetExceeded(deadline[1])
