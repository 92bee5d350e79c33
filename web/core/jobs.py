"""Computations too long for a request, run in the background with progress (any tool may use it).

Why a queue: a computation beyond a request's 8-second budget (an Eclipse battle above
MAX_STATES takes minutes and up to a few GB) must not run inside a gunicorn worker, and two of
them must not run at once.

The embedded queue: one SQLite file per tool in the instance folder holds a row per distinct
computation, keyed by the SHA-256 of its validated, language-free input. Whichever gunicorn
worker receives a new one inserts the row and starts a runner process; the runner claims queued
rows one at a time (so one big solve at a time), writes its progress and a heartbeat to the row,
and leaves the result in it. Every worker answers status and results from the row, so a job's
page can be left and reopened by its link, and a computation done once is served instantly
afterwards. A runner that died (no heartbeat for a minute) leaves its row to the next runner.

A tool brings its solver, ``solve(work, progress) -> result`` (a module-level function, so the
runner process can import it by name); an ``InvalidInput`` it raises ends the job as failed with
that refusal. Several machines would keep the same calls (``submit`` and ``find``) and the same
row shape, with the row in a shared database and the runner as an RQ or Celery task on a Redis
queue instead of a local process (docs/eclipse_combat.md, "Background computations").
"""

from __future__ import annotations

import hashlib
import importlib
import pickle
import re
import sqlite3
import subprocess
import sys
import time
from pathlib import Path
from typing import Any, Callable

from flask import current_app
from flask_babel import gettext as _
from flask_babel import lazy_gettext as _l

from engine.core.budget import time_budget
from engine.core.reasons import InvalidInput
from web.core.compute import TIME_BUDGET_SECONDS, cache_key
from web.core.errors import ApiError

STALE_SECONDS = 60  # a running row without a heartbeat for this long lost its runner
MAX_WAITING = 20  # new computations waiting in one tool's queue; beyond, a 503 instead of a longer wait
KEEP_SECONDS = 30 * 24 * 3600  # finished rows older than this are removed (the answer is recomputed on demand)
QUEUE_RETRY_AFTER = 60
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
    work BLOB NOT NULL,
    result BLOB,
    error TEXT,
    created REAL NOT NULL,
    heartbeat REAL NOT NULL
)
"""

Solver = Callable[[Any, Callable[[float], None]], Any]
# A runner process: ``python -c RUNNER <database> <module>:<solver>`` (``-c``, not ``-m``, so
# that no module of the ``web`` package runs twice, as ``__main__`` and under its own name).
RUNNER = "import sys; from web.core.jobs import main; main(*sys.argv[1:])"


def db_path(tool: str) -> Path:
    return Path(current_app.instance_path) / f"{tool}_jobs.sqlite3"


def connect(path: str | Path) -> sqlite3.Connection:
    db = sqlite3.connect(str(path), timeout=30, isolation_level=None)
    db.row_factory = sqlite3.Row
    db.execute("PRAGMA journal_mode=WAL")
    db.execute(SCHEMA)
    return db


def job_id(namespace: str, payload: Any) -> str:
    return hashlib.sha256(cache_key(namespace, payload).encode()).hexdigest()


def submit(path: str | Path, key: str, work: Any) -> tuple[sqlite3.Row, bool]:
    """The computation's row, inserted as queued if new, queued again if it failed or its runner
    went quiet (killed by a redeploy or the OOM killer); True if a runner should be started for it.
    A new computation is refused (503) while MAX_WAITING others wait; old finished rows go."""
    with connect(path) as db:
        now = time.time()
        db.execute("DELETE FROM jobs WHERE status IN ('done', 'failed') AND created < ?", (now - KEEP_SECONDS,))
        known = db.execute("SELECT 1 FROM jobs WHERE id = ?", (key,)).fetchone() is not None
        waiting = db.execute("SELECT COUNT(*) FROM jobs WHERE status = 'queued'").fetchone()[0]
        if not known and waiting >= MAX_WAITING:
            raise ApiError(
                "queue_full",
                _("Too many large computations are waiting: please try again in a minute."),
                status=503,
                retry_after=QUEUE_RETRY_AFTER,
            )
        created = (
            db.execute(
                "INSERT OR IGNORE INTO jobs (id, status, work, created, heartbeat) VALUES (?, 'queued', ?, ?, ?)",
                (key, pickle.dumps(work), now, now),
            ).rowcount
            == 1
        )
        retried = (
            not created
            and db.execute(
                "UPDATE jobs SET status = 'queued', progress = 0, error = NULL, heartbeat = ? WHERE id = ? AND "
                "(status = 'failed' OR (status != 'done' AND heartbeat < ?))",
                (now, key, now - STALE_SECONDS),
            ).rowcount
            == 1
        )
        return db.execute("SELECT * FROM jobs WHERE id = ?", (key,)).fetchone(), created or retried


def find(path: str | Path, key: str) -> sqlite3.Row | None:
    with connect(path) as db:
        return db.execute("SELECT * FROM jobs WHERE id = ?", (key,)).fetchone()


def stored(path: str | Path, key: str) -> sqlite3.Row:
    """The row of a job address, or the API's refusal (400 for a malformed id, 404 for an unknown one)."""
    if not JOB_ID.fullmatch(key):
        raise ApiError("bad_job_id", _("This is not the address of a background computation."), field="id")
    row = find(path, key)
    if row is None:
        raise ApiError(
            "job_not_found",
            _("No background computation has this address (it may have been removed)."),
            field="id",
            status=404,
        )
    return row


def failure(row: sqlite3.Row) -> InvalidInput | None:
    """Why a failed job failed, as the solver's refusal."""
    return pickle.loads(bytes.fromhex(row["error"])) if row["error"] else None


def claim(db: sqlite3.Connection) -> str | None:
    """Take the oldest queued row (or one whose runner died) unless another runner is busy."""
    db.execute("BEGIN IMMEDIATE")
    try:
        stale = time.time() - STALE_SECONDS
        busy = db.execute("SELECT 1 FROM jobs WHERE status = 'running' AND heartbeat >= ?", (stale,)).fetchone()
        row = (
            None
            if busy
            else db.execute(
                "SELECT id FROM jobs WHERE status = 'queued' OR (status = 'running' AND heartbeat < ?) "
                "ORDER BY created LIMIT 1",
                (stale,),
            ).fetchone()
        )
        if row:
            db.execute(
                "UPDATE jobs SET status = 'running', progress = 0, heartbeat = ? WHERE id = ?", (time.time(), row["id"])
            )
        db.execute("COMMIT")
    except BaseException:
        db.execute("ROLLBACK")
        raise
    return row["id"] if row else None


def run_pending(path: str | Path, solve: Solver) -> int:
    """Run queued computations one after another until none is left; returns how many were run."""
    db = connect(path)
    done = 0
    try:
        while (key := claim(db)) is not None:
            work = pickle.loads(db.execute("SELECT work FROM jobs WHERE id = ?", (key,)).fetchone()[0])
            last = 0.0

            def progress(share: float, key: str = key) -> None:
                nonlocal last
                now = time.time()
                if now - last >= PROGRESS_EVERY:
                    last = now
                    db.execute("UPDATE jobs SET progress = ?, heartbeat = ? WHERE id = ?", (share, now, key))

            try:
                result = solve(work, progress)
            except InvalidInput as error:
                db.execute(
                    "UPDATE jobs SET status = 'failed', error = ? WHERE id = ?", (pickle.dumps(error).hex(), key)
                )
            except Exception as error:  # noqa: BLE001 - any crash must end as a failed row, not a stuck one
                db.execute(
                    "UPDATE jobs SET status = 'failed', error = ? WHERE id = ?",
                    (pickle.dumps(InvalidInput("job_crashed", detail=type(error).__name__)).hex(), key),
                )
            else:
                db.execute(
                    "UPDATE jobs SET status = 'done', progress = 1, result = ? WHERE id = ?",
                    (pickle.dumps(result), key),
                )
            done += 1
    finally:
        db.close()
    return done


def start_runner(path: Path, solve: Solver) -> None:
    """A detached runner process (``JOBS_RUNNER``: "process", the default; "inline" runs the
    queue in the request, the default under TESTING; "manual" leaves it to the caller)."""
    mode = current_app.config.get("JOBS_RUNNER", "inline" if current_app.testing else "process")
    if mode == "inline":  # within the request's time budget: past it the job ends as failed
        with time_budget(current_app.config.get("COMPUTE_BUDGET_SECONDS", TIME_BUDGET_SECONDS)):
            run_pending(path, solve)
    if mode != "process":
        return
    root = Path(__file__).resolve().parents[2]  # the project, so that the runner imports ``web``
    subprocess.Popen(
        [sys.executable, "-c", RUNNER, str(path), f"{solve.__module__}:{solve.__name__}"],
        cwd=root,
        start_new_session=True,
        stdin=subprocess.DEVNULL,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )


def main(path: str, solver: str) -> None:
    """The runner process's entry: run the queue at ``path`` with ``module:function``."""
    module, name = solver.split(":")
    run_pending(path, getattr(importlib.import_module(module), name))
