"""Eclipse battles beyond the inline limit, computed in the background with progress.

Why a queue: a battle above MAX_STATES takes longer than a request's 8-second budget and up to a
few GB, so it must not run inside a gunicorn worker, and two of them must not run at once.

The embedded queue: one SQLite file in the instance folder holds a row per distinct battle,
keyed by the SHA-256 of its validated, language-free input. Whichever gunicorn worker receives a
new battle inserts the row and starts a runner process (``job_runner.py`` beside this module);
the runner claims queued rows one at a time (so one big solve at a time), writes its progress
and a heartbeat to the row, and leaves the result in it. Every worker answers status and results
from the row, so the page can be left and reopened by its link, and a battle solved once is
served instantly afterwards. A runner that died (no heartbeat for a minute) leaves its row to
the next runner.

Several machines would keep the same two calls (``submit`` and ``find``) and the same row
shape, with the row in a shared database and the runner as an RQ or Celery task on a Redis
queue instead of a local process (docs/eclipse_combat.md, "Background computations").
"""

from __future__ import annotations

import hashlib
import pickle
import re
import sqlite3
import subprocess
import sys
import time
from pathlib import Path

from flask import Blueprint, abort, current_app, jsonify, render_template, url_for
from flask_babel import gettext as _
from flask_babel import lazy_gettext as _l

from engine.core.budget import time_budget
from engine.eclipse.battle import (
    MAX_BACKGROUND_STATES,
    Fleet,
    check_size,
    solve_battle,
    validate_fleets,
)
from engine.eclipse.blueprints import default_blueprint
from engine.core.reasons import InvalidInput
from web.core.compute import TIME_BUDGET_SECONDS, cache_key
from web.eclipse_combat.models import EclipseBattle
from web.eclipse_combat.text import SHIP_NAMES
from web.eclipse_combat.views import _refuse, read_side, result_json
from web.eclipse_combat.schemas import RESPONSE
from web.core.errors import ApiError
from web.core.models import read_json
from web.core.openapi import PROBABILITY, STRING, document, obj

bp = Blueprint("eclipse_jobs", __name__)

DB_NAME = "eclipse_jobs.sqlite3"
STALE_SECONDS = 60  # a running row without a heartbeat for this long lost its runner
PROGRESS_EVERY = 0.5  # seconds between progress writes
JOB_ID = re.compile(r"[0-9a-f]{64}")
STATUS_NAMES = {
    "queued": _l("Waiting for the computation to start"),
    "running": _l("Computing"),
    "done": _l("Done"),
    "failed": _l("The computation failed"),
}

SCHEMA = """
CREATE TABLE IF NOT EXISTS jobs (
    id TEXT PRIMARY KEY,
    status TEXT NOT NULL,
    progress REAL NOT NULL DEFAULT 0,
    fleets BLOB NOT NULL,
    result BLOB,
    error TEXT,
    created REAL NOT NULL,
    heartbeat REAL NOT NULL
)
"""


def connect(path: str | Path) -> sqlite3.Connection:
    db = sqlite3.connect(str(path), timeout=30, isolation_level=None)
    db.row_factory = sqlite3.Row
    db.execute("PRAGMA journal_mode=WAL")
    db.execute(SCHEMA)
    return db


def job_id(payload: dict) -> str:
    return hashlib.sha256(cache_key("eclipse_job", payload).encode()).hexdigest()


def submit(path: str | Path, key: str, fleets: tuple[Fleet, Fleet]) -> tuple[sqlite3.Row, bool]:
    """The battle's row, inserted as queued if new, queued again if it failed or its runner went
    quiet (killed by a redeploy or the OOM killer); True if a runner should be started for it."""
    with connect(path) as db:
        now = time.time()
        created = db.execute("INSERT OR IGNORE INTO jobs (id, status, fleets, created, heartbeat) "
                             "VALUES (?, 'queued', ?, ?, ?)", (key, pickle.dumps(fleets), now, now)).rowcount == 1
        retried = not created and db.execute(
            "UPDATE jobs SET status = 'queued', progress = 0, error = NULL, heartbeat = ? WHERE id = ? AND "
            "(status = 'failed' OR (status != 'done' AND heartbeat < ?))", (now, key, now - STALE_SECONDS)).rowcount == 1
        return db.execute("SELECT * FROM jobs WHERE id = ?", (key,)).fetchone(), created or retried


def find(path: str | Path, key: str) -> sqlite3.Row | None:
    with connect(path) as db:
        return db.execute("SELECT * FROM jobs WHERE id = ?", (key,)).fetchone()


def claim(db: sqlite3.Connection) -> str | None:
    """Take the oldest queued row (or one whose runner died) unless another runner is busy."""
    db.execute("BEGIN IMMEDIATE")
    try:
        stale = time.time() - STALE_SECONDS
        busy = db.execute("SELECT 1 FROM jobs WHERE status = 'running' AND heartbeat >= ?", (stale,)).fetchone()
        row = None if busy else db.execute(
            "SELECT id FROM jobs WHERE status = 'queued' OR (status = 'running' AND heartbeat < ?) "
            "ORDER BY created LIMIT 1", (stale,)).fetchone()
        if row:
            db.execute("UPDATE jobs SET status = 'running', progress = 0, heartbeat = ? WHERE id = ?",
                       (time.time(), row["id"]))
        db.execute("COMMIT")
    except BaseException:
        db.execute("ROLLBACK")
        raise
    return row["id"] if row else None


def run_pending(path: str | Path) -> int:
    """Solve queued battles one after another until none is left; returns how many were run."""
    db = connect(path)
    done = 0
    try:
        while (key := claim(db)) is not None:
            attacker, defender = pickle.loads(db.execute("SELECT fleets FROM jobs WHERE id = ?", (key,)).fetchone()[0])
            last = 0.0

            def progress(share: float, key: str = key) -> None:
                nonlocal last
                now = time.time()
                if now - last >= PROGRESS_EVERY:
                    last = now
                    db.execute("UPDATE jobs SET progress = ?, heartbeat = ? WHERE id = ?", (share, now, key))

            try:
                result = solve_battle(attacker, defender, background=True, progress=progress)
            except InvalidInput as error:
                db.execute("UPDATE jobs SET status = 'failed', error = ? WHERE id = ?",
                           (pickle.dumps(error).hex(), key))
            except Exception as error:  # noqa: BLE001 - any crash must end as a failed row, not a stuck one
                db.execute("UPDATE jobs SET status = 'failed', error = ? WHERE id = ?",
                           (pickle.dumps(InvalidInput("job_crashed", detail=type(error).__name__)).hex(), key))
            else:
                db.execute("UPDATE jobs SET status = 'done', progress = 1, result = ? WHERE id = ?",
                           (pickle.dumps(result), key))
            done += 1
    finally:
        db.close()
    return done


def start_runner(path: Path) -> None:
    """A detached runner process (``ECLIPSE_JOBS_RUNNER``: "process", the default; "inline" runs
    the queue in the request, the default under TESTING; "manual" leaves it to the caller)."""
    mode = current_app.config.get("ECLIPSE_JOBS_RUNNER", "inline" if current_app.testing else "process")
    if mode == "inline":  # within the request's time budget: past it the job ends as failed
        with time_budget(current_app.config.get("COMPUTE_BUDGET_SECONDS", TIME_BUDGET_SECONDS)):
            run_pending(path)
    if mode != "process":
        return
    root = Path(__file__).resolve().parents[2]  # the project, so that ``-m web...`` imports
    subprocess.Popen([sys.executable, "-m", "web.eclipse_combat.job_runner", str(path)], cwd=root, start_new_session=True,
                     stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)


def db_path() -> Path:
    return Path(current_app.instance_path) / DB_NAME


def job_json(row: sqlite3.Row) -> dict:
    out = {"id": row["id"], "status": row["status"], "status_text": str(STATUS_NAMES[row["status"]]),
           "progress": round(row["progress"], 4),
           "api": url_for("eclipse_jobs.api_job", key=row["id"]), "page": url_for("eclipse_jobs.page", key=row["id"])}
    if row["status"] == "done":
        out["result"] = result_json(pickle.loads(row["result"]), pickle.loads(row["fleets"]))
    if row["status"] == "failed":
        error = _refuse(pickle.loads(bytes.fromhex(row["error"]))) if row["error"] else None
        out["error"] = {"code": error.code, "message": error.message, "field": error.field} if error else None
    return out


@bp.post("/api/combat/eclipse/jobs")
def api_submit():
    """The same request as /api/combat/eclipse, for battles up to MAX_BACKGROUND_STATES."""
    data = read_json(EclipseBattle)
    try:
        att_n, attacker = read_side(data.attacker.ships, "attacker", data.attacker.targeting or data.targeting,
                                    data.attacker.retreat)
        def_n, defender = read_side(data.defender.ships, "defender", data.defender.targeting or data.targeting,
                                    data.defender.retreat)
        validate_fleets(attacker, defender)
        check_size(attacker, defender, background=True)
    except InvalidInput as error:
        raise _refuse(error) from None
    path = db_path()
    key = job_id({"attacker": att_n, "defender": def_n})
    row, created = submit(path, key, (attacker, defender))
    if created:
        start_runner(path)
        row = find(path, key) or row  # the runner may not have touched it yet
    return jsonify(job_json(row)), 200 if row["status"] == "done" else 202


def _row(key: str) -> sqlite3.Row:
    if not JOB_ID.fullmatch(key):
        raise ApiError("bad_job_id", _("This is not the address of a background computation."), field="id")
    row = find(db_path(), key)
    if row is None:
        raise ApiError("job_not_found", _("No background computation has this address (it may have been removed)."),
                       field="id", status=404)
    return row


@bp.get("/api/combat/eclipse/jobs/<key>")
def api_job(key: str):
    return jsonify(job_json(_row(key)))


@bp.get("/tools/combat/eclipse/jobs/<key>")
def page(key: str):
    if not JOB_ID.fullmatch(key):
        abort(404)
    row = find(db_path(), key)
    if row is None:
        abort(404)
    job = job_json(row)
    fleets = pickle.loads(row["fleets"])
    sides = [[(str(SHIP_NAMES[g.kind]), g.count) for g in fleet.groups] for fleet in fleets]
    return render_template("eclipse_combat/job.html", job=job, sides=sides, ship_names=SHIP_NAMES,
                           limit=MAX_BACKGROUND_STATES)


JOB = obj({"id": STRING, "status": {"type": "string", "enum": list(STATUS_NAMES)}, "status_text": STRING,
           "progress": PROBABILITY, "api": STRING, "page": STRING, "result": RESPONSE,
           "error": {"oneOf": [{"type": "null"}, {"type": "object"}]}},
          ("id", "status", "status_text", "progress", "api", "page"))
EXAMPLE = {"attacker": {"ships": [{"type": "interceptor", "count": 2}]},
           "defender": {"ships": [{"type": "cruiser", "count": 1}]}}
document(
    "/api/combat/eclipse/jobs", "post",
    summary="Eclipse: a battle too large to answer at once, computed in the background; the same request as "
            "/api/combat/eclipse. 202 with the job while it waits or runs, 200 with the result when done (a "
            "battle computed before is answered at once). Progress and result at the job's api address; its page "
            "address follows it in the browser.",
    body=EclipseBattle, response=JOB, example={"body": EXAMPLE},
    limits=f"as /api/combat/eclipse, with optimal targeting up to {MAX_BACKGROUND_STATES:,} battle states; one "
           "computation runs at a time, the others wait in order.",
)
document(
    "/api/combat/eclipse/jobs/{key}", "get",
    summary="Eclipse: a background computation's status, progress (0-1) and, when done, the same answer as "
            "/api/combat/eclipse.",
    params=[{"name": "key", "in": "path", "required": True, "schema": {"type": "string", "pattern": "^[0-9a-f]{64}$"}}],
    response=JOB,
    example={"path": {"key": hashlib.sha256(cache_key("eclipse_job", {
        "attacker": {"ships": [{"type": "interceptor", "count": 2, "parts": list(default_blueprint("interceptor"))}],
                     "targeting": "optimal", "retreat": None},
        "defender": {"ships": [{"type": "cruiser", "count": 1, "parts": list(default_blueprint("cruiser"))}],
                     "targeting": "optimal", "retreat": None}}).encode()).hexdigest()}},
    errors=(400, 404),
)

