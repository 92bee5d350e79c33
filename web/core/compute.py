"""Running engine computations for a request: a time budget, a cap on how many run at once and
a cache of recent answers.

Shared links make many players ask the same battle; the cache keys on the validated,
language-free input, so a repeated question costs a dictionary lookup. The budget turns a
computation that runs too long into a clear 422 instead of a stuck worker, and that refusal is
cached too, so repeating an over-budget battle costs nothing. A computation still running after
SLOW_AFTER_SECONDS (less while the slots are full) needs one of the worker's COMPUTE_SLOTS for
the rest of its run: at most that many long computations share a worker's CPU, the other threads
stay free for pages and short battles (which never need a slot), and a long computation finding
every slot taken stops at once with a 503 and Retry-After rather than piling up.
"""

from __future__ import annotations

import json
import threading
from collections import OrderedDict
from typing import Any, Callable, Hashable, TypeVar

from flask import current_app
from flask_babel import gettext as _

from engine.core.budget import BudgetExceeded, time_budget
from web.core.errors import ApiError

T = TypeVar("T")

TIME_BUDGET_SECONDS = 8.0
CACHE_SIZE = 1024
COMPUTE_SLOTS = 1  # per worker process (gunicorn.conf.py: 2 processes, 4 threads each)
SLOW_AFTER_SECONDS = 0.1  # typical battles take 1-50 ms (benchmarks/load.py)
BUSY_SLOW_AFTER_SECONDS = 0.02  # ... when every slot is taken: refusals then cost little
RETRY_AFTER_SECONDS = 2


class LRUCache:
    """A small thread-safe least-recently-used cache (one per worker process)."""

    def __init__(self, maxsize: int):
        self.maxsize = maxsize
        self._data: OrderedDict[Hashable, Any] = OrderedDict()
        self._lock = threading.Lock()

    def get(self, key: Hashable) -> tuple[bool, Any]:
        with self._lock:
            if key in self._data:
                self._data.move_to_end(key)
                return True, self._data[key]
            return False, None

    def put(self, key: Hashable, value: Any) -> None:
        with self._lock:
            self._data[key] = value
            self._data.move_to_end(key)
            while len(self._data) > self.maxsize:
                self._data.popitem(last=False)


CACHE = LRUCache(CACHE_SIZE)


def cache_key(namespace: str, payload: Any) -> str:
    return namespace + ":" + json.dumps(payload, sort_keys=True, separators=(",", ":"), default=repr)


class NoSlot(Exception):
    """Every slot for long computations is taken."""


class OverBudget:
    """What the cache remembers for a computation that ran out of its budget."""

    def __init__(self, budget: float):
        self.budget = budget


def over_budget(budget: float) -> ApiError:
    return ApiError(
        "time_budget_exceeded",
        _(
            "This computation would take longer than %(seconds)s seconds: try smaller fleets.",
            seconds=max(1, round(budget)),
        ),
        status=422,
    )


def slots() -> threading.BoundedSemaphore:
    """This process's computation slots (COMPUTE_SLOTS unless the app sets its own)."""
    return current_app.extensions.setdefault(
        "compute_slots", threading.BoundedSemaphore(current_app.config.get("COMPUTE_SLOTS", COMPUTE_SLOTS))
    )


def compute(
    namespace: str, payload: Any, function: Callable[[], T], budget: float | None = None, capped: bool = True
) -> T:
    """``function()`` under a time budget, remembered by (namespace, payload); ApiError 422 past
    the budget, 503 if it runs long while the worker's slots are taken (unless not ``capped``:
    searches, short by construction, never wait behind a battle).

    The budget defaults to the app's COMPUTE_BUDGET_SECONDS (TIME_BUDGET_SECONDS unless set).
    """
    if budget is None:
        budget = current_app.config.get("COMPUTE_BUDGET_SECONDS", TIME_BUDGET_SECONDS)
    key = cache_key(namespace, payload)
    found, value = CACHE.get(key)
    if found:
        if isinstance(value, OverBudget):
            raise over_budget(value.budget)
        return value
    slot, held = slots(), []

    def claim_a_slot() -> None:
        if not slot.acquire(blocking=False):
            raise NoSlot
        held.append(slot)

    slow_after = current_app.config.get("COMPUTE_SLOW_AFTER_SECONDS", SLOW_AFTER_SECONDS)
    if not capped:
        slow_after = budget + 1  # past the budget: never due
    elif slot.acquire(blocking=False):
        slot.release()
    else:  # long computations already fill the worker: this one needs the slot sooner
        slow_after = min(slow_after, BUSY_SLOW_AFTER_SECONDS)
    try:
        with time_budget(budget, slow_after, claim_a_slot):
            value = function()
    except BudgetExceeded:
        CACHE.put(key, OverBudget(budget))
        raise over_budget(budget) from None
    except NoSlot:
        raise ApiError(
            "busy",
            _("The server is busy with other computations: please try again in a few seconds."),
            status=503,
            retry_after=RETRY_AFTER_SECONDS,
        ) from None
    finally:
        for taken in held:
            taken.release()
    CACHE.put(key, value)
    return value
