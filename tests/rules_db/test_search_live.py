"""Rebuilding the index while searches run: no request fails, none sees an empty index, and the
server moves to the new rules and index together without a restart; a deleted, damaged or
read-only index never stops the service."""

from __future__ import annotations

import errno
import os
import shutil
import sys
import threading
import time
from contextlib import contextmanager
from pathlib import Path

import pytest

from app import create_app
from rules_db.loader import GAMES, ROOT
from rules_db.search import index, live


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


NEW_SECTION = """
<!-- id: galaxy/zz-upkeep
-->
### Sezione aggiunta zibaldone

Il quarzoblu si trova solo qui.
"""


@pytest.fixture()
def editable_rules(tmp_path):
    """A copy of the rules database the test may edit, and an instance folder for its index."""
    rules = tmp_path / "rules"
    for game in GAMES:
        shutil.copytree(ROOT / game, rules / game)
    return rules, tmp_path / "instance"


def wait_for(condition, seconds: float = 60.0) -> None:
    deadline = time.monotonic() + seconds
    while not condition():
        assert time.monotonic() < deadline, "the server did not reload in time"
        time.sleep(0.05)


def test_a_rules_edit_and_build_index_reload_rules_and_index_together(editable_rules, quick_checks):
    rules, instance = editable_rules
    config = {"TESTING": True, "INSTANCE_PATH": str(instance), "RULES_ROOT": str(rules), "SEARCH_ENCODER": None}
    serving = create_app(config)
    client = serving.test_client()
    assert client.get("/api/search?q=quarzoblu").get_json()["total"] == 0

    with open(rules / "galaxy" / "it" / "18-tre-round-di-esempio.md", "a", encoding="utf-8") as file:
        file.write(NEW_SECTION)
    outcome = create_app(config).test_cli_runner().invoke(args=["build-index"])  # another process
    assert outcome.exit_code == 0, outcome.output

    statuses: list[int] = []

    def reloaded() -> bool:
        response = client.get("/api/search?q=quarzoblu")
        statuses.append(response.status_code)
        return response.status_code == 200 and response.get_json()["total"] == 1

    wait_for(reloaded)
    assert set(statuses) == {200}  # the old pair kept answering while the new one loaded
    assert client.get("/rules/galaxy/zz-upkeep").status_code == 200
    assert client.get("/health").get_json()["sections"] == len(serving.extensions["search"].current().db.sections)


def test_a_deleted_index_is_rebuilt_while_serving(editable_rules, quick_checks):
    rules, instance = editable_rules
    serving = create_app(
        {"TESTING": True, "INSTANCE_PATH": str(instance), "RULES_ROOT": str(rules), "SEARCH_ENCODER": None}
    )
    client = serving.test_client()
    holder = serving.extensions["search"]
    shutil.rmtree(instance / "index")

    statuses = []
    for _ in range(5):  # searches go on from the copy in memory
        statuses.append(client.get("/api/search?q=ritirata").status_code)
    before = holder.directory
    wait_for(lambda: client.get("/search?q=ritirata").status_code == 200 and holder.directory != before)
    assert set(statuses) == {200}
    assert holder.directory == index.current_dir(holder.root) and holder.directory.is_dir()


def damage(instance: Path) -> None:
    live = index.current_dir(instance / "index")
    for path in live.iterdir():
        path.write_bytes(b"\0garbage")


def test_a_damaged_index_is_rebuilt_at_start(editable_rules):
    rules, instance = editable_rules
    config = {"TESTING": True, "INSTANCE_PATH": str(instance), "RULES_ROOT": str(rules), "SEARCH_ENCODER": None}
    first = create_app(config).extensions["search"].directory
    damage(instance)
    serving = create_app(config)
    assert serving.extensions["search"].directory not in (None, first)
    assert serving.test_client().get("/api/search?q=ritirata").get_json()["total"] > 0


def test_a_read_only_instance_with_a_fresh_index_serves_without_writing(editable_rules):
    rules, instance = editable_rules
    config = {"TESTING": True, "INSTANCE_PATH": str(instance), "RULES_ROOT": str(rules), "SEARCH_ENCODER": None}
    built = create_app(config).extensions["search"].directory
    with files_written_under(instance) as written:
        serving = create_app(config)
        answer = serving.test_client().get("/api/search?q=ritirata")
    assert answer.status_code == 200 and answer.get_json()["total"] > 0
    assert serving.extensions["search"].directory == built
    assert written == []


def test_a_read_only_instance_with_a_damaged_index_serves_from_memory(editable_rules, monkeypatch):
    rules, instance = editable_rules
    config = {"TESTING": True, "INSTANCE_PATH": str(instance), "RULES_ROOT": str(rules), "SEARCH_ENCODER": None}
    create_app(config)
    damage(instance)

    def read_only(*_args, **_kwargs):
        raise OSError(errno.EROFS, "Read-only file system")

    monkeypatch.setattr(index, "build", read_only)
    serving = create_app(config)
    assert serving.extensions["search"].directory is None
    assert serving.test_client().get("/api/search?q=ritirata").get_json()["total"] > 0


WRITES = os.O_WRONLY | os.O_RDWR | os.O_CREAT | os.O_APPEND | os.O_TRUNC
WATCH: list[tuple[str, list[str]]] = []


def _audit(event: str, args: tuple) -> None:
    if event == "open" and WATCH and args[0] is not None:
        path, mode, flags = str(args[0]), args[1], args[2]
        writing = (flags & WRITES) if isinstance(flags, int) and flags else any(c in (mode or "") for c in "wax+")
        for root, written in WATCH:
            if writing and path.startswith(root):
                written.append(path)


sys.addaudithook(_audit)  # audit hooks cannot be removed: this one only records while WATCH is set


@contextmanager
def files_written_under(folder: Path):
    """Every file opened for writing under ``folder`` meanwhile (as root, chmod cannot make a
    folder read-only, so the test watches the opens instead)."""
    written: list[str] = []
    WATCH.append((str(folder), written))
    try:
        yield written
    finally:
        WATCH.clear()


# Section vectors: missing or stale means lexical answers and a log line; they are picked up
# when they appear (a stand-in encoder, never the real model).


def small_live(tmp_path, encoder):
    from tests.rules_db.test_search_searcher import GLOSSARY, small_db

    return live.LiveSearch(tmp_path, lambda: (small_db(), GLOSSARY), encoder=lambda: encoder)


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
        holder = live.LiveSearch(tmp_path, lambda: (small_db(), GLOSSARY), encoder=broken)
    assert "cannot be loaded" in caplog.text
    assert holder.current().semantic is None and holder.current().search("ritirata", "it").total == 2


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="the nice value is per thread on Linux only")
def test_the_background_encode_runs_at_a_lower_priority_than_requests(tmp_path, quick_checks):
    from tests.rules_db.test_search_searcher import WordsEncoder

    priorities = {}

    class Recording(WordsEncoder):
        def passages(self, texts):
            priorities["encode"] = os.getpriority(os.PRIO_PROCESS, threading.get_native_id())
            return super().passages(texts)

    holder = small_live(tmp_path, Recording())
    serving = os.getpriority(os.PRIO_PROCESS, threading.get_native_id())
    if serving >= live.MAX_NICE:
        pytest.skip("the tests already run at the lowest priority: nothing lower to check")
    holder.start_vectors_build().join(timeout=30)
    assert priorities["encode"] == min(live.MAX_NICE, serving + live.BACKGROUND_NICE)
    # Only the encoding thread: the thread serving requests keeps its priority.
    assert os.getpriority(os.PRIO_PROCESS, threading.get_native_id()) == serving
