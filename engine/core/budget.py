"""A time budget for one computation, checked cooperatively by the solvers.

The web layer opens ``time_budget(seconds)`` around an engine call; solvers call ``check()`` as
they expand states. Past the deadline ``check()`` raises ``BudgetExceeded`` so a request can never
run unbounded, even within the documented size limits. Outside a budget ``check()`` costs almost
nothing and never raises, so pure uses (tests, benchmarks) are unaffected.

``on_slow`` is called once by the first ``check()`` after ``slow_after`` seconds: the web layer
uses it to ask for one of the few slots long computations share (and to stop if none is free),
so short computations never wait for a slot.
"""

from __future__ import annotations

import threading
import time
from contextlib import contextmanager
from typing import Callable, Iterator

_local = threading.local()


class BudgetExceeded(RuntimeError):
    """The computation ran past its time budget."""

    def __init__(self, seconds: float):
        super().__init__(f"computation exceeded its budget of {seconds} s")
        self.seconds = seconds


@contextmanager
def time_budget(seconds: float, slow_after: float = 0.0, on_slow: Callable[[], None] | None = None) -> Iterator[None]:
    previous = getattr(_local, "deadline", None)
    started = time.monotonic()
    # [end, seconds, when on_slow is due, on_slow (None once called)]
    _local.deadline = [started + seconds, seconds, started + slow_after, on_slow]
    try:
        yield
    finally:
        _local.deadline = previous


def check() -> None:
    deadline = getattr(_local, "deadline", None)
    if deadline is None:
        return
    now = time.monotonic()
    if now > deadline[0]:
        raise BudgetExceeded(deadline[1])
    if deadline[3] is not None and now >= deadline[2]:
        on_slow, deadline[3] = deadline[3], None
        on_slow()
