import threading
import time

import pytest

from engine.core.budget import check
from web.core.compute import SLOW_AFTER_SECONDS, LRUCache, compute
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


LONG_BATTLE = {  # about 1.7 s of solving on the development machine
    "attacker": {
        "targeting": "largest_first",
        "ships": [
            {"type": "cruiser", "count": 4, "initiative": 2, "hull": 2, "computer": 1, "cannons": {"ion": 2}},
            {
                "type": "dreadnought",
                "count": 2,
                "initiative": 1,
                "hull": 3,
                "computer": 1,
                "cannons": {"ion": 2, "plasma": 1},
            },
        ],
    },
    "defender": {
        "targeting": "largest_first",
        "ships": [
            {"type": "interceptor", "count": 6, "initiative": 3, "hull": 1, "shield": 1, "cannons": {"ion": 1}},
            {"type": "starbase", "count": 2, "initiative": 4, "hull": 2, "computer": 1, "cannons": {"ion": 2}},
        ],
    },
}


def test_a_long_computation_beyond_the_cap_gets_a_503_while_short_ones_go_on(app, client):
    claimed, release = threading.Event(), threading.Event()
    outcome: list[int] = []

    def long_computation():
        while not release.is_set():
            check()  # past SLOW_AFTER_SECONDS this takes the worker's only slot
            if time.monotonic() > started + 2 * SLOW_AFTER_SECONDS:
                claimed.set()
            time.sleep(0.005)
        return 1

    def first_request():
        with app.test_request_context("/"):
            outcome.append(compute("hold", {"unique": time.time_ns()}, long_computation))

    started = time.monotonic()
    holder = threading.Thread(target=first_request)
    holder.start()
    try:
        assert claimed.wait(10)
        busy = client.post("/api/combat/eclipse?lang=it", json=LONG_BATTLE)
        assert busy.status_code == 503
        assert int(busy.headers["Retry-After"]) > 0
        error = busy.get_json()["error"]
        assert error["code"] == "busy" and "riprova" in error["message"].lower()
        english = client.post("/api/combat/eclipse?lang=en", json=LONG_BATTLE).get_json()["error"]
        assert "try again" in english["message"]
        short = client.post("/api/combat/galaxy", json={"attacker": 9, "defender": 4, "target": "ship"})
        assert short.status_code == 200  # short battles never wait for a slot
        assert client.get("/rules/ti4/23.7").status_code == 200
    finally:
        release.set()
        holder.join()
    assert outcome == [1]
    assert client.post("/api/combat/eclipse", json=LONG_BATTLE).status_code == 200  # the slot came back
