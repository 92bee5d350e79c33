"""The background queue (``web.core.jobs``) through its one user, Eclipse battles: queued, run with
progress, served by hash, one at a time, errors as JSON."""

from __future__ import annotations

import pickle
import time

import pytest

import web.core.jobs as jobs
import web.eclipse_combat.views as eclipse
from engine.eclipse.battle import Fleet, Group, solve_battle
from engine.eclipse.blueprints import default_blueprint, stats_from_parts
from web.core.errors import RULE_REFUSAL

URL = "/api/combat/eclipse/jobs"


def body(att, dfn):
    return {"attacker": {"ships": att}, "defender": {"ships": dfn}}


def battle(n):
    return body([{"type": "interceptor", "count": n}], [{"type": "cruiser", "count": 1}])


@pytest.fixture()
def manual(app, monkeypatch):
    """No runner starts by itself: the test runs the queue when it wants to."""
    monkeypatch.setitem(app.config, "JOBS_RUNNER", "manual")


def db_file(app):
    return f"{app.instance_path}/{eclipse.TOOL}_jobs.sqlite3"


def run_pending(app):
    return jobs.run_pending(db_file(app), eclipse.solve_job)


def test_a_battle_waits_runs_and_is_then_served_at_once(app, client, manual):
    r = client.post(URL + "?lang=en", json=battle(3))
    assert r.status_code == 202
    job = r.get_json()
    assert job["status"] == "queued" and job["progress"] == 0 and "result" not in job
    assert job["status_text"] == "Waiting for the computation to start"
    assert client.get(job["api"]).get_json()["status"] == "queued"
    page = client.get(job["page"] + "?lang=en").get_data(as_text=True)
    assert 'http-equiv="refresh"' in page and "Waiting for the computation to start" in page

    assert run_pending(app) == 1
    done = client.get(job["api"] + "?lang=it").get_json()
    assert done["status"] == "done" and done["progress"] == 1 and done["status_text"] == "Fatto"
    inline = client.post("/api/combat/eclipse", json=battle(3)).get_json()
    assert abs(done["result"]["attacker_win"] - inline["attacker_win"]) < 1e-12
    assert done["result"]["groups"] == inline["groups"]
    # The same battle again (another worker, another day): the stored answer, no new computation.
    again = client.post(URL, json=battle(3))
    assert again.status_code == 200 and again.get_json()["id"] == job["id"]
    assert run_pending(app) == 0
    page = client.get(job["page"] + "?lang=en").get_data(as_text=True)
    assert 'http-equiv="refresh"' not in page and f"{inline['attacker_win'] * 100:.1f}%" in page
    # The Italian page writes numbers the Italian way, as the inline page's script does.
    page = client.get(job["page"] + "?lang=it").get_data(as_text=True)
    assert f"{inline['attacker_win'] * 100:.1f}%".replace(".", ",") in page
    assert f"{inline['expected_rounds']:.2f}".replace(".", ",") in page
    assert f"{inline['groups'][0]['expected_lost']:.2f}".replace(".", ",") in page


def test_one_computation_at_a_time_and_a_dead_runner_is_replaced(app, client, manual):
    first = client.post(URL, json=battle(4)).get_json()["id"]
    second = client.post(URL, json=battle(5)).get_json()["id"]
    db = jobs.connect(db_file(app))
    assert jobs.claim(db) == first  # oldest first
    assert jobs.claim(db) is None  # another runner is busy with the first
    # That runner dies: after a minute without heartbeat its battle goes to the next runner.
    db.execute("UPDATE jobs SET heartbeat = ? WHERE id = ?", (time.time() - jobs.STALE_SECONDS - 1, first))
    assert run_pending(app) == 2
    assert {jobs.find(db_file(app), k)["status"] for k in (first, second)} == {"done"}


def test_progress_rises_to_one(app, client, manual, monkeypatch):
    monkeypatch.setattr(jobs, "PROGRESS_EVERY", 0.0)
    seen = []
    real = eclipse.solve_battle

    def spy(attacker, defender, background, progress):
        def hear(share):
            seen.append(share)
            progress(share)

        return real(attacker, defender, background=background, progress=hear)

    monkeypatch.setattr(eclipse, "solve_battle", spy)
    key = client.post(URL, json=battle(6)).get_json()["id"]
    run_pending(app)
    assert seen and seen == sorted(seen) and seen[-1] == 1.0 and 0 < seen[0] < 1
    assert jobs.find(db_file(app), key)["progress"] == 1


def test_a_crash_ends_as_a_failed_job_with_a_message(app, client, manual, monkeypatch):
    def boom(*args, **kwargs):
        raise MemoryError

    monkeypatch.setattr(eclipse, "solve_battle", boom)
    key = client.post(URL, json=battle(7)).get_json()["id"]
    run_pending(app)
    job = client.get(f"{URL}/{key}?lang=it").get_json()
    assert job["status"] == "failed"
    assert job["error"]["code"] == "job_crashed" and "MemoryError" in job["error"]["message"]
    assert "interrotto" in job["error"]["message"]


@pytest.mark.parametrize("lang, words", [("en", "not the address"), ("it", "non è l'indirizzo")])
def test_bad_and_unknown_ids_are_json_errors(client, lang, words):
    r = client.get(f"{URL}/not-a-job?lang={lang}")
    assert r.status_code == 400
    assert r.get_json()["error"]["code"] == "bad_job_id" and words in r.get_json()["error"]["message"]
    r = client.get(f"{URL}/{'0' * 64}?lang={lang}")
    assert r.status_code == 404 and r.get_json()["error"]["code"] == "job_not_found"
    assert client.get(f"/tools/combat/eclipse/jobs/{'0' * 64}").status_code == 404


def test_invalid_battles_are_refused_before_queueing(client):
    r = client.post(
        URL + "?lang=it", json=body([{"type": "interceptor", "count": 9}], [{"type": "cruiser", "count": 1}])
    )
    assert r.status_code == 400
    assert r.get_json()["error"]["field"] == "attacker.ships[0].count"
    huge = [
        {"type": "interceptor", "count": 8, "initiative": 3, "hull": 6, "cannons": {"ion": 1}},
        {"type": "cruiser", "count": 4, "initiative": 2, "hull": 6, "cannons": {"ion": 1}},
    ]
    r = client.post(URL, json=body(huge, huge))
    assert r.status_code == RULE_REFUSAL and r.get_json()["error"]["code"] == "battle_too_large"


def test_the_inline_api_sends_larger_battles_to_the_background(client):
    # 4/4/2 against 8/4/2 with hull-4 dreadnoughts: 2,126,250 states, above the inline limit.
    att = [{"type": "interceptor", "count": 4}, {"type": "cruiser", "count": 4}, {"type": "dreadnought", "count": 2}]
    dfn = [
        {"type": "interceptor", "count": 8},
        {"type": "cruiser", "count": 4},
        {"type": "dreadnought", "count": 2, "initiative": 1, "hull": 4, "computer": 1, "cannons": {"ion": 2}},
    ]
    r = client.post("/api/combat/eclipse?lang=en", json=body(att, dfn))
    assert r.status_code == RULE_REFUSAL
    error = r.get_json()["error"]
    assert error["code"] == "battle_needs_background" and "in the background" in error["message"]


def test_the_stored_fleets_are_the_validated_ones(app, client, manual):
    key = client.post(URL, json=battle(8)).get_json()["id"]
    (attacker, defender), sides = eclipse.stored_work(pickle.loads(jobs.find(db_file(app), key)["work"]))
    assert [g["count"] for side in sides for g in side["ships"]] == [8, 1] and "species" not in sides[0]
    terran = Group("interceptor", 8, stats_from_parts("interceptor", default_blueprint("interceptor")))
    assert attacker == Fleet((terran,))
    run_pending(app)
    done = client.get(f"{URL}/{key}").get_json()
    assert abs(done["result"]["attacker_win"] - solve_battle(attacker, defender).attacker_win) < 1e-12


def test_a_failed_battle_is_computed_again_when_asked_again(app, client, manual):
    """A failure (a crash, a runner killed mid-solve) is not final: the same battle sent again
    goes back to the queue instead of answering 'failed' forever."""
    job = client.post(URL, json=battle(2)).get_json()
    with jobs.connect(db_file(app)) as db:
        db.execute("UPDATE jobs SET status = 'failed', error = NULL WHERE id = ?", (job["id"],))
    again = client.post(URL, json=battle(2))
    assert again.status_code == 202 and again.get_json()["status"] == "queued"
    assert run_pending(app) == 1
    assert client.get(job["api"]).get_json()["status"] == "done"


def test_the_runner_process_starts_from_the_project(app, client, monkeypatch):
    """The real runner: a separate process that must find the project's packages by itself
    (no PYTHONPATH), as under gunicorn."""
    monkeypatch.setitem(app.config, "JOBS_RUNNER", "process")
    monkeypatch.delenv("PYTHONPATH", raising=False)
    job = client.post(URL, json=battle(4)).get_json()
    deadline = time.monotonic() + 60
    while client.get(job["api"]).get_json()["status"] != "done" and time.monotonic() < deadline:
        time.sleep(0.2)
    assert client.get(job["api"]).get_json()["status"] == "done"


def lone(n):
    """Battles no other test sends (the session's queue is shared)."""
    return body([{"type": "dreadnought", "count": 1}], [{"type": "interceptor", "count": n}])


def test_a_full_queue_refuses_new_battles_with_a_retry_time(app, client, manual, monkeypatch):
    """Nobody can queue battles without end: past MAX_WAITING waiting, a new battle gets 503 with
    Retry-After (in the reader's language) while a battle already known is still answered."""
    run_pending(app)  # what earlier tests left waiting in the session's queue
    monkeypatch.setattr(jobs, "MAX_WAITING", 2)
    first = client.post(URL, json=lone(1))
    assert client.post(URL, json=lone(2)).status_code == 202
    refused = client.post(URL + "?lang=it", json=lone(3))
    assert refused.status_code == 503 and refused.headers["Retry-After"] == str(jobs.QUEUE_RETRY_AFTER)
    assert refused.get_json()["error"]["code"] == "queue_full"
    assert refused.get_json()["error"]["message"].startswith("Troppi calcoli")
    assert client.post(URL, json=lone(1)).get_json()["id"] == first.get_json()["id"]  # known: answered
    run_pending(app)
    assert client.post(URL, json=lone(3)).status_code in (200, 202)  # the queue drained


def test_old_finished_rows_are_removed(app, client, manual):
    job = client.post(URL, json=lone(5)).get_json()
    run_pending(app)
    with jobs.connect(db_file(app)) as db:
        db.execute("UPDATE jobs SET created = created - ? WHERE id = ?", (jobs.KEEP_SECONDS + 1, job["id"]))
    client.post(URL, json=lone(6))  # any submission prunes
    assert client.get(job["api"]).status_code == 404


def test_a_job_answer_cites_the_species_boards_like_the_inline_answer(app, client, manual):
    request = body([{"type": "interceptor", "count": 2}], [{"type": "cruiser", "count": 1}])
    request["attacker"]["species"] = "orion"
    key = client.post(URL, json=request).get_json()["id"]
    run_pending(app)
    done = client.get(f"{URL}/{key}").get_json()["result"]
    inline = client.post("/api/combat/eclipse", json=request).get_json()
    assert "eclipse/egemonia-di-origine" in done["rules"] and done["rules"] == inline["rules"]
    assert done["attacker_win"] == pytest.approx(inline["attacker_win"], abs=1e-12)


def test_a_row_stored_with_the_fleets_alone_is_still_answered(app, client, manual):
    key = client.post(URL, json=battle(3)).get_json()["id"]
    fleets, _sides = eclipse.stored_work(pickle.loads(jobs.find(db_file(app), key)["work"]))
    with jobs.connect(db_file(app)) as db:
        db.execute("UPDATE jobs SET work = ? WHERE id = ?", (pickle.dumps(fleets), key))
    run_pending(app)
    done = client.get(f"{URL}/{key}").get_json()
    assert done["status"] == "done" and "eclipse/egemonia-di-origine" not in done["result"]["rules"]
