"""Load figures against the production server (gunicorn, as ./run.sh starts it) on loopback.

Starts gunicorn with gunicorn.conf.py on a free 127.0.0.1 port, sends a bounded mix of
section pages, searches, API reads and typical battles from several client processes, then
prints sustained requests per second, p50/p95/p99 latency and the error count. Bounded: it
stops after --requests requests or --seconds seconds, whichever comes first.

    .venv/bin/python benchmarks/load.py [--seconds 20] [--requests 6000] [--clients 12]
"""

from __future__ import annotations

import argparse
import http.client
import json
import multiprocessing
import os
import random
import socket
import statistics
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from benchmarks.timing import percentile  # noqa: E402


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def build_mix() -> list[tuple[str, str, bytes | None]]:
    """(method, path, body) requests in the proportions a game night would send."""
    from rules_db.loader import load

    db = load()
    ids = sorted(db.sections)
    rng = random.Random(7)
    mix: list[tuple[str, str, bytes | None]] = []
    for section_id in rng.sample(ids, 120):
        mix.append(("GET", f"/rules/{section_id}", None))
    mix += [("GET", "/api/sections/ti4/23.7", None), ("GET", "/rules/ti4", None), ("GET", "/", None)] * 10
    for query in QUERIES:
        mix.append(("GET", "/api/search?" + query, None))
        mix.append(("GET", "/search?" + query, None))
    for path, body in BATTLES:
        mix += [("POST", path, json.dumps(body).encode())] * 6
    rng.shuffle(mix)
    return mix


QUERIES = [
    "q=ritirata", "q=sustain+damage", "q=anti-fighter+barrage&lang=en", "q=posso+ritirarmi+in+un+sistema+vuoto",
    "q=bombardamento&game=ti4", "q=missili", "q=spoils+of+war&lang=en", "q=manovra+evasiva", "q=citta",
    "q=reputation+tiles&lang=en",
]
BATTLES: list[tuple[str, dict]] = [
    ("/api/combat/ti4", {"kind": "space", "attacker": {"units": {"cruiser": 2, "fighter": 2, "carrier": 1}},
                         "defender": {"units": {"destroyer": 2, "dreadnought": 1}}}),
    ("/api/combat/eclipse", {"attacker": {"ships": [{"type": "interceptor", "count": 2}]},
                             "defender": {"ships": [{"type": "ancient", "count": 1}]}}),
    ("/api/combat/galaxy", {"attacker": 8, "defender": 7, "target": "ship"}),
]


def worker(args: tuple[int, list, int, float, int]) -> tuple[list[float], int, int]:
    port, mix, count, stop_at, seed = args
    rng = random.Random(seed)
    latencies: list[float] = []
    errors = 0
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
    for _ in range(count):
        if time.monotonic() > stop_at:
            break
        method, path, body = rng.choice(mix)
        headers = {"Content-Type": "application/json"} if body else {}
        started = time.perf_counter()
        try:
            connection.request(method, path, body=body, headers=headers)
            response = connection.getresponse()
            response.read()
            status = response.status
        except (OSError, http.client.HTTPException):
            connection.close()
            connection = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
            status = 599
        latencies.append(time.perf_counter() - started)
        if status >= 500 or status == 404:
            errors += 1
    connection.close()
    return latencies, errors, len(latencies)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--seconds", type=float, default=20.0)
    parser.add_argument("--requests", type=int, default=6000)
    parser.add_argument("--clients", type=int, default=12)
    options = parser.parse_args()

    port = free_port()
    env = {**os.environ, "PORT": str(port), "HOST": "127.0.0.1"}
    gunicorn = Path(sys.executable).with_name("gunicorn")
    server = subprocess.Popen(
        [str(gunicorn), "--config", "gunicorn.conf.py", "--access-logfile", "/dev/null", "app:create_app()"],
        cwd=ROOT, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
    )
    try:
        deadline = time.monotonic() + 60
        while True:
            try:
                connection = http.client.HTTPConnection("127.0.0.1", port, timeout=2)
                connection.request("GET", "/health")
                if connection.getresponse().status == 200:
                    break
            except OSError:
                pass
            if time.monotonic() > deadline or server.poll() is not None:
                raise SystemExit("gunicorn did not start")
            time.sleep(0.2)

        mix = build_mix()
        available = {path for _, path, _ in mix}
        # Warm-up: every distinct request once (fills caches as shared links would).
        warm_up = worker((port, mix, len(mix), time.monotonic() + 60, 0))
        per_client = max(1, options.requests // options.clients)
        stop_at = time.monotonic() + options.seconds
        started = time.monotonic()
        with multiprocessing.Pool(options.clients) as pool:
            results = pool.map(worker, [(port, mix, per_client, stop_at, seed) for seed in range(1, options.clients + 1)])
        elapsed = time.monotonic() - started
    finally:
        server.terminate()
        server.wait(timeout=10)

    latencies = [value for values, _, _ in results for value in values]
    errors = sum(errors for _, errors, _ in results)
    print(f"mix: {len(mix)} request kinds ({len(available)} distinct paths); warm-up {len(warm_up[0])} requests")
    print(f"requests: {len(latencies)} in {elapsed:.1f} s from {options.clients} client processes; errors: {errors}")
    print(f"throughput: {len(latencies) / elapsed:.0f} requests/s")
    print(
        "latency ms: p50 {:.1f}  p95 {:.1f}  p99 {:.1f}  mean {:.1f}".format(
            1000 * percentile(latencies, 0.50), 1000 * percentile(latencies, 0.95),
            1000 * percentile(latencies, 0.99), 1000 * statistics.fmean(latencies),
        )
    )


if __name__ == "__main__":
    main()
