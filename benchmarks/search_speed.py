"""Search speed: index build time, and per-query latency over the evaluation set (in-process,
page of 10 results with snippets, as the API serves it). Prints median and p95. Run:
``python benchmarks/search_speed.py [rounds]`` (default 5 rounds over every question).
"""

from __future__ import annotations

import os
import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from rules_db.search.evaluation import load_questions  # noqa: E402
from rules_db.loader import load  # noqa: E402
from rules_db.search import index  # noqa: E402
from rules_db.search.glossary import load_glossary  # noqa: E402
from rules_db.search.searcher import RulesSearch  # noqa: E402


def percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(share * (len(ordered) - 1)))]


def main() -> None:
    rounds = int(sys.argv[1]) if len(sys.argv) > 1 else 5
    db, glossary = load(), load_glossary()
    with tempfile.TemporaryDirectory() as folder:
        builds, builds_cpu = [], []
        for _ in range(3):
            started, started_cpu = time.perf_counter(), time.process_time()
            index.ensure(Path(folder), db, glossary, force=True)
            builds.append(time.perf_counter() - started)
            builds_cpu.append(time.process_time() - started_cpu)
        started = time.perf_counter()
        search = RulesSearch.open(Path(folder), db, glossary)
        opened = time.perf_counter() - started
        questions = load_questions()
        for q in questions:  # warm the stemmer caches and the searcher pool
            search.search(q["q"], q["lang"])
        latencies, cpu = [], []
        for _ in range(rounds):
            for q in questions:
                started, started_cpu = time.perf_counter(), time.process_time()
                search.search(q["q"], q["lang"])
                latencies.append((time.perf_counter() - started) * 1000)
                cpu.append((time.process_time() - started_cpu) * 1000)
    print(f"sections indexed: {len(db.sections)} ({sum(1 for s in db.sections.values() if s.body_en)} with English)")
    print(f"index build: median {statistics.median(builds):.2f} s, max {max(builds):.2f} s (3 builds); "
          f"CPU median {statistics.median(builds_cpu):.2f} s")
    print(f"index open (speller, term lists): {opened:.2f} s")
    print(f"query latency over {len(latencies)} searches: p50 {statistics.median(latencies):.1f} ms, "
          f"p95 {percentile(latencies, 0.95):.1f} ms, max {max(latencies):.1f} ms")
    # CPU time of this process alone: what the wall clock shows on an idle machine.
    print(f"query CPU time: p50 {statistics.median(cpu):.1f} ms, p95 {percentile(cpu, 0.95):.1f} ms")
    print(f"load average while measuring: {os.getloadavg()[0]:.1f} on {os.cpu_count()} cores")


if __name__ == "__main__":
    main()
