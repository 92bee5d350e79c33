"""Running engine computations for a request: a time budget and a cache of recent answers.

Shared links make many players ask the same battle; the cache keys on the validated,
language-free input, so a repeated question costs a dictionary lookup. The budget turns a
computation that runs too long into a clear 422 instead of a stuck worker.
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


def compute(namespace: str, payload: Any, function: Callable[[], T], budget: float | None = None) -> T:
    """``function()`` under a time budget, remembered by (namespace, payload).

    The budget defaults to the app's COMPUTE_BUDGET_SECONDS (TIME_BUDGET_SECONDS unless set).
    """
    if budget is None:
        budget = current_app.config.get("COMPUTE_BUDGET_SECONDS", TIME_BUDGET_SECONDS)
    key = cache_key(namespace, payload)
    found, value = CACHE.get(key)
    if found:
        return value
    try:
        with time_budget(budget):
            value = function()
    except BudgetExceeded:
        raise ApiError(
            "time_budget_exceeded",
            _("This computation would take longer than %(seconds)s seconds: try smaller fleets.",
              seconds=max(1, round(budget))),
            status=422,
        ) from None
    CACHE.put(key, value)
    return value
