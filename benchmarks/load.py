"""Load figures against the production server as ./run.sh starts it (nginx in front of gunicorn,
deploy/serve.py) on loopback.

Client processes send a mix of section pages, rule indexes, API reads, searches and typical
battles whose fleets are drawn at random (so most battles are computed, not cache hits), for
``--seconds`` at each client count, and the script prints requests per second, p50/p95/p99
latency and errors per count: the knee of the curve. ``--connections new`` opens a connection
per request (as many different players would); ``keep-alive`` reuses one per client.
``--heavy N`` adds N clients sending the most expensive battles the API accepts, each
different, and reports the cheap requests' latency beside them (each client count is measured
without and then with them). All clients share 127.0.0.1, so
the front's per-client rate limits are raised for the run (they would answer 429 otherwise).

    .venv/bin/python benchmarks/load.py [--seconds 15] [--clients 4 8 16 32]
        [--connections keep-alive|new] [--heavy 8]
"""

from __future__ import annotations

import argparse
import http.client
import json
import multiprocessing
import os
import random
import signal
import socket
import sys
import time
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from benchmarks.timing import percentile  # noqa: E402
from deploy.serve import Server  # noqa: E402

UNLIMITED = {
    f"ASTROLABIO_{zone}_{what}": value
    for zone in ("PAGE", "API", "COMPUTE")
    for what, value in (("RATE", "100000r/s"), ("BURST", "100000"))
}
QUERIES = [
    "q=ritirata",
    "q=sustain+damage",
    "q=anti-fighter+barrage&lang=en",
    "q=posso+ritirarmi+in+un+sistema+vuoto",
    "q=bombardamento&game=ti4",
    "q=missili",
    "q=spoils+of+war&lang=en",
    "q=manovra+evasiva",
    "q=citta",
    "q=reputation+tiles&lang=en",
]
Request = tuple[str, str, bytes | None]


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def reads() -> list[Request]:
    """Pages and API reads in the proportions a game night would send."""
    from rules_db.loader import load

    ids = sorted(load().sections)
    rng = random.Random(7)
    mix: list[Request] = [("GET", f"/rules/{section_id}", None) for section_id in rng.sample(ids, 120)]
    mix += [("GET", "/api/sections/ti4/23.7", None), ("GET", "/rules/ti4", None), ("GET", "/", None)] * 10
    for query in QUERIES:
        mix += [("GET", "/api/search?" + query, None), ("GET", "/search?" + query, None)]
    return mix


def typical_battle(rng: random.Random) -> Request:
    """A battle players ask, fleets drawn at random (thousands of different ones)."""
    kind = rng.choice(("ti4", "eclipse", "galaxy"))
    if kind == "ti4":
        units = ("fighter", "destroyer", "cruiser", "carrier", "dreadnought")
        body = {
            "kind": "space",
            "attacker": {"units": {u: rng.randint(0, 2) for u in units} | {"cruiser": rng.randint(1, 2)}},
            "defender": {"units": {u: rng.randint(0, 2) for u in units} | {"destroyer": rng.randint(1, 2)}},
        }
    elif kind == "eclipse":
        body = {
            "attacker": {
                "ships": [
                    {"type": "interceptor", "count": rng.randint(1, 3)},
                    {"type": "cruiser", "count": rng.randint(0, 1)},
                ]
            },
            "defender": {"ships": [{"type": "ancient", "count": rng.randint(1, 2)}]},
        }
        body["attacker"]["ships"] = [g for g in body["attacker"]["ships"] if g["count"]]
    else:
        body = {"attacker": rng.randint(6, 10), "defender": rng.randint(1, 10), "target": rng.choice(("ship", "base"))}
    return "POST", f"/api/combat/{kind}", json.dumps(body).encode()


def heavy_battle(rng: random.Random) -> Request:
    """Near the largest Eclipse battle the API accepts (upgraded fleets, seconds of work), a
    different one each time (initiatives and computers vary), so none is a cache hit."""

    def group(kind: str, count: int, hull: int, ion: int, plasma: int = 0, **stats: int) -> dict:
        cannons = {"ion": ion, "plasma": plasma} if plasma else {"ion": ion}
        return {
            "type": kind,
            "count": count,
            "hull": hull,
            "initiative": rng.randint(0, 4),
            "computer": rng.randint(0, 2),
            **stats,
            "cannons": cannons,
        }

    body = {
        "attacker": {
            "targeting": "largest_first",
            "ships": [group("cruiser", rng.randint(3, 4), 2, 2), group("dreadnought", 2, 3, 2, plasma=1)],
        },
        "defender": {
            "targeting": "largest_first",
            "ships": [group("interceptor", rng.randint(5, 6), 1, 1, shield=1), group("starbase", 2, 2, 2)],
        },
    }
    return "POST", "/api/combat/eclipse", json.dumps(body).encode()


def client(job: tuple[int, str, list[Request], float, int, bool], ready, results) -> None:
    """One client process: once every client is ready, requests for ``seconds``; puts on
    ``results`` how many answers came within them, and latencies and statuses by kind ("page":
    pages and reads, "battle", "heavy")."""
    port, connections, mix, seconds, seed, heavy = job
    rng = random.Random(seed)
    found: dict[str, tuple[list[float], Counter]] = {}
    in_time = 0
    ready.wait(timeout=300)  # every client starts together, however long spawning them took
    stop_at = time.monotonic() + seconds
    connection = None
    for _ in range(100_000):
        if time.monotonic() >= stop_at:
            break
        if heavy:
            kind, (method, path, body) = "heavy", heavy_battle(rng)
        elif rng.random() < 0.2:
            kind, (method, path, body) = "battle", typical_battle(rng)
        else:
            kind, (method, path, body) = "page", rng.choice(mix)
        if connection is None:
            connection = http.client.HTTPConnection("127.0.0.1", port, timeout=60)
        started = time.perf_counter()
        try:
            connection.request(method, path, body=body, headers={"Content-Type": "application/json"} if body else {})
            response = connection.getresponse()
            response.read()
            status = response.status
            if connections == "new" or response.getheader("Connection", "").lower() == "close":
                connection.close()
                connection = None
        except (OSError, http.client.HTTPException):
            connection.close()
            connection = None
            status = 599
        times, statuses = found.setdefault(kind, ([], Counter()))
        times.append(time.perf_counter() - started)
        statuses[status] += 1
        in_time += time.monotonic() <= stop_at
    if connection is not None:
        connection.close()
    results.put((in_time, found))


def run(port: int, mix: list[Request], cheap: int, heavy: int, seconds: float, connections: str) -> tuple[float, dict]:
    """Every client at once for ``seconds``: (answers within the seconds per second, kind ->
    (latencies, statuses))."""
    # Spawned, not forked (a child forked while the parent holds a lock can hang); all start
    # together at the barrier.
    context = multiprocessing.get_context("spawn")
    jobs = [(port, connections, mix, seconds, seed, False) for seed in range(1, cheap + 1)]
    jobs += [(port, connections, mix, seconds, 1000 + seed, True) for seed in range(heavy)]
    ready, results = context.Barrier(len(jobs)), context.Queue()
    processes = [context.Process(target=client, args=(job, ready, results)) for job in jobs]
    for process in processes:
        process.start()
    collected = [results.get(timeout=300 + 2 * seconds) for _ in processes]
    for process in processes:
        process.join(timeout=30)
    rate = sum(in_time for in_time, _ in collected) / seconds
    merged: dict[str, tuple[list[float], Counter]] = {}
    for _in_time, found in collected:
        for kind, (times, statuses) in found.items():
            all_times, all_statuses = merged.setdefault(kind, ([], Counter()))
            all_times.extend(times)
            all_statuses.update(statuses)
    return rate, merged


def line(label: str, times: list[float], rate: float, statuses: Counter) -> str:
    """Latency percentiles of ``times``; ``rate`` is printed as the requests per second."""
    if not times:
        return f"{label}: no requests"
    errors = sum(n for status, n in statuses.items() if status >= 500 and status != 503)
    return (
        f"{label}: {rate:6.1f} req/s  p50 {1000 * percentile(times, 0.5):7.1f} ms  "
        f"p95 {1000 * percentile(times, 0.95):7.1f} ms  p99 {1000 * percentile(times, 0.99):7.1f} ms  "
        f"errors {errors}  {dict(sorted(statuses.items()))}"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--seconds", type=float, default=15.0)
    parser.add_argument("--clients", type=int, nargs="+", default=[4, 8, 16, 32])
    parser.add_argument("--connections", choices=("keep-alive", "new"), default="keep-alive")
    parser.add_argument("--heavy", type=int, default=0, help="clients sending the most expensive battles")
    options = parser.parse_args()
    signal.signal(signal.SIGTERM, lambda _sig, _frame: sys.exit(1))  # stop the server on the way out

    port = free_port()
    env = {"ASTROLABIO_INSTANCE": os.environ.get("ASTROLABIO_INSTANCE", str(ROOT / "instance"))}
    server = Server("127.0.0.1", port, env=env, settings=UNLIMITED, access_log="/dev/null")
    try:
        if not server.wait_until_healthy(port, 120):
            raise SystemExit("the server did not start")
        # Warm-up: every page and read once (the rendered-Markdown and search caches fill as
        # on a server that has been up a while); battles stay random.
        mix = reads()
        warm = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
        for method, path, body in mix:
            warm.request(method, path, body=body)
            warm.getresponse().read()
        warm.close()
        print(
            f"nginx + gunicorn (2 workers x 4 threads) on loopback, {options.connections} connections, "
            f"{options.seconds:.0f} s per row; machine: {os.cpu_count()} cores, shared"
        )
        # With heavy clients, each count is measured without them first, then with them, so the
        # two rows share the machine's load of the moment.
        for cheap, heavy in [(c, h) for c in options.clients for h in sorted({0, options.heavy})]:
            rate, found = run(port, mix, cheap, heavy, options.seconds, options.connections)
            everything = [t for times, _ in found.values() for t in times]
            statuses = sum((s for _, s in found.values()), Counter())
            print(line(f"{cheap:2d} clients{f' + {heavy} heavy' if heavy else ''}, all", everything, rate, statuses))
            for kind in ("page", "battle", "heavy"):
                if kind in found:  # the share of the answers in time, by the share of requests
                    times, kind_statuses = found[kind]
                    print(line(f"   {kind:>6}", times, rate * len(times) / len(everything), kind_statuses))
    finally:
        server.stop()


if __name__ == "__main__":
    main()
