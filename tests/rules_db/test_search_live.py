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


# Section vectors: missing or stale means lexical answers and a log line; they are picked up
# when they appear (a stand-in encoder, never the real model).

def small_live(tmp_path, encoder):
    from tests.rules_db.test_search_searcher import GLOSSARY, small_db

    return live.LiveSearch(tmp_path, small_db(), GLOSSARY, encoder=lambda: encoder)


def test_missing_vectors_answer_lexically_and_say_so(tmp_path, caplog, quick_checks):
    from tests.rules_db.test_search_searcher import WordsEncoder

    with caplog.at_level("WARNING", logger=live.__name__):
        holder = small_live(tmp_path, WordsEncoder())
    assert "answering lexically" in caplog.text
    assert holder.current().semantic is None
    assert holder.current().search("ritirata", "it").total == 2  # still answers


def test_vectors_built_meanwhile_switch_the_rerank_on(tmp_path, quick_checks):
    from rules_db.search import vectors
    from tests.rules_db.test_search_searcher import WordsEncoder

    encoder = WordsEncoder()
    holder = small_live(tmp_path, encoder)
    holder.start_vectors_build().join(timeout=30)
    assert vectors.vectors_path(tmp_path, holder.db).is_file()
    assert holder.current().semantic is not None and holder.current().semantic[1] is encoder


def test_stale_vectors_are_not_used(tmp_path, quick_checks):
    from dataclasses import replace

    from rules_db.search import vectors
    from tests.rules_db.test_search_searcher import WordsEncoder, small_db

    vectors.build(tmp_path, replace(small_db(), digest="older rules"), WordsEncoder())
    holder = small_live(tmp_path, WordsEncoder())
    assert holder.current().semantic is None


def test_an_encoder_that_cannot_load_leaves_search_lexical(tmp_path, caplog, quick_checks):
    from rules_db.search import vectors
    from tests.rules_db.test_search_searcher import GLOSSARY, WordsEncoder, small_db

    vectors.build(tmp_path, small_db(), WordsEncoder())

    def broken():
        raise OSError("illegal instruction set")

    with caplog.at_level("ERROR", logger=live.__name__):
        holder = live.LiveSearch(tmp_path, small_db(), GLOSSARY, encoder=broken)
    assert "cannot be loaded" in caplog.text
    assert holder.current().semantic is None and holder.current().search("ritirata", "it").total == 2
