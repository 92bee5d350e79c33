"""Rebuilding the index while searches run: no request fails, none sees an empty index, and the
server moves to the new index without a restart."""

from __future__ import annotations

import threading
import time

import pytest

from rules_db.search import live


@pytest.fixture()
def quick_checks(monkeypatch):
    monkeypatch.setattr(live, "CHECK_SECONDS", 0.0)


def test_rebuild_under_concurrent_searches_loses_no_request(app, quick_checks):
    holder = app.extensions["search"]
    before = holder.directory
    stop = threading.Event()
    answers: list[tuple[int, int]] = []
    failures: list[BaseException] = []

    def searching():
        client = app.test_client()
        while not stop.is_set():
            try:
                response = client.get("/api/search?q=ritirata&lang=it")
                answers.append((response.status_code, response.get_json()["total"]))
                time.sleep(0.005)  # a steady stream of players, leaving the builder some CPU
            except BaseException as error:  # a failure must fail the test, whatever it is
                failures.append(error)

    threads = [threading.Thread(target=searching) for _ in range(3)]
    for thread in threads:
        thread.start()
    try:
        runner = app.test_cli_runner()
        outcome = runner.invoke(args=["build-index"])
        assert outcome.exit_code == 0, outcome.output
        assert "Index built" in outcome.output
        app.test_client().get("/api/search?q=ritirata")  # the next search notices the swap
    finally:
        stop.set()
        for thread in threads:
            thread.join()

    assert not failures
    assert len(answers) > 10
    assert {status for status, _ in answers} == {200}
    assert min(total for _, total in answers) > 0  # never an empty or half index
    assert holder.directory != before
    assert holder.current().search("ritirata", "it").total == answers[0][1]
