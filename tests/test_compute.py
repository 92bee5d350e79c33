import threading
import time

import pytest

from engine.budget import check
from web.compute import LRUCache, compute
from web.errors import ApiError


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


def test_an_over_budget_answer_is_remembered_like_any_other(app):
    calls = []

    def slow():
        calls.append(1)
        while True:
            time.sleep(0.002)
            check()

    with app.test_request_context("/?lang=en"):
        for _ in range(3):
            with pytest.raises(ApiError) as caught:
                compute("slow-cached", {"n": 1}, slow, budget=0.05)
            assert caught.value.status == 422 and "seconds" in caught.value.message
    assert len(calls) == 1  # the repeats cost a lookup, not another budget's worth of work


def test_computations_beyond_the_cap_get_a_503_with_retry_after(app, client):
    started, release = threading.Event(), threading.Event()
    outcome: list[int] = []

    def hold_the_slot():
        started.set()
        release.wait(10)
        return 1

    def first_request():
        with app.test_request_context("/"):
            outcome.append(compute("hold", {"unique": time.time_ns()}, hold_the_slot))

    holder = threading.Thread(target=first_request)
    holder.start()
    try:
        assert started.wait(10)
        battle = {"attacker": 9, "defender": 4, "target": "ship"}
        busy = client.post("/api/combat/galaxy?lang=it", json=battle)
        assert busy.status_code == 503
        assert int(busy.headers["Retry-After"]) > 0
        error = busy.get_json()["error"]
        assert error["code"] == "busy" and "riprova" in error["message"].lower()
        english = client.post("/api/combat/galaxy?lang=en", json=battle).get_json()["error"]
        assert "try again" in english["message"]
        assert client.get("/rules/ti4/23.7").status_code == 200  # pages are not computations
    finally:
        release.set()
        holder.join()
    assert outcome == [1]
    assert client.post("/api/combat/galaxy", json=battle).status_code == 200  # the slot came back
