import time

import pytest

from engine.core.budget import check
from web.core.compute import LRUCache, compute
from web.core.errors import ApiError


def test_lru_cache_evicts_the_least_recently_used():
    cache = LRUCache(2)
    cache.put("a", 1)
    cache.put("b", 2)
    cache.get("a")
    cache.put("c", 3)
    assert cache.get("b") == (False, None)
    assert cache.get("a") == (True, 1) and cache.get("c") == (True, 3)


def test_compute_remembers_by_payload_not_by_key_order(app):
    calls = []

    def work():
        calls.append(1)
        return len(calls)

    with app.test_request_context("/"):
        assert compute("t", {"x": 1, "y": 2}, work) == 1
        assert compute("t", {"y": 2, "x": 1}, work) == 1
        assert compute("t", {"x": 2, "y": 2}, work) == 2
    assert len(calls) == 2


def test_compute_over_budget_is_a_422_in_the_request_language(app):
    def slow():
        while True:
            time.sleep(0.002)
            check()

    with app.test_request_context("/?lang=it"):
        with pytest.raises(ApiError) as caught:
            compute("slow", {}, slow, budget=0.01)
    assert caught.value.status == 422 and caught.value.code == "time_budget_exceeded"
    assert "secondi" in caught.value.message
