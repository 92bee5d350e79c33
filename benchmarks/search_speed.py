"""Search speed: index build time, section vectors build time, and per-query latency over the
question sets (in-process, page of 10 results with snippets, as the API serves it), lexical and
with the encoder rerank, and the question's encode alone (the rerank's floor). Prints median and
p95. Every timed query encodes its question afresh (the per-process cache of question vectors is
emptied first). Run:
``python benchmarks/search_speed.py [rounds] [--encode]`` (default 3 rounds over every question;
``--encode`` encodes every section text and player's question afresh, in a scratch folder, and fits
the adapter's map on them, to time it: about 30 s).
"""

from __future__ import annotations

import os
import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from rules_db.search.evaluation import SETS, load_questions  # noqa: E402
from rules_db.loader import load  # noqa: E402
from rules_db.search import index, vectors  # noqa: E402
from rules_db.search.encoder import default_encoder  # noqa: E402
from rules_db.search.glossary import load_glossary  # noqa: E402
from rules_db.search.query import normalise  # noqa: E402
from rules_db.search.searcher import RulesSearch, query_vector  # noqa: E402

VECTORS_ROOT = Path(__file__).resolve().parent.parent / "instance" / "index"


def percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(share * (len(ordered) - 1)))]


def timed(search: RulesSearch, questions: list[dict], rounds: int) -> tuple[list[float], list[float]]:
    for q in questions:  # warm the stemmer and snippet caches
        search.search(q["q"], q["lang"])
    latencies, cpu = [], []
    for _ in range(rounds):
        for q in questions:
            query_vector.cache_clear()
            started, started_cpu = time.perf_counter(), time.process_time()
            search.search(q["q"], q["lang"])
            latencies.append((time.perf_counter() - started) * 1000)
            cpu.append((time.process_time() - started_cpu) * 1000)
    return latencies, cpu


def encodes(questions: list[dict], rounds: int) -> list[float]:
    """The question's encode alone, as the rerank does it: the floor of the rerank's latency (the
    lexical pass and the extracts run beside it, the fusion after it)."""
    encoder = default_encoder()
    latencies = []
    for _ in range(rounds):
        for q in questions:
            started = time.perf_counter()
            encoder.queries([normalise(q["q"])])
            latencies.append((time.perf_counter() - started) * 1000)
    return latencies


def main() -> None:
    args = [a for a in sys.argv[1:] if not a.startswith("--")]
    rounds = int(args[0]) if args else 3
    db, glossary = load(), load_glossary()
    built = vectors.ensure(VECTORS_ROOT, db, default_encoder())
    encoded = 0.0
    if "--encode" in sys.argv:  # in an empty folder: a rebuild beside old vectors reuses every unchanged text's
        with tempfile.TemporaryDirectory() as scratch:
            started = time.perf_counter()
            vectors.build(Path(scratch), db, default_encoder())
            encoded = time.perf_counter() - started
    questions = [q for path in SETS for q in load_questions(path)]
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
        measured = {"lexical": timed(search, questions, rounds)}
        search.use_vectors(vectors.load(VECTORS_ROOT, db), default_encoder())
        measured["rerank"] = timed(search, questions, rounds)
        alone = encodes(questions, rounds)
    print(f"sections indexed: {len(db.sections)} ({sum(1 for s in db.sections.values() if s.body_en)} with English)")
    print(
        f"index build: median {statistics.median(builds):.2f} s, max {max(builds):.2f} s (3 builds); "
        f"CPU median {statistics.median(builds_cpu):.2f} s"
    )
    print(
        f"section vectors: {len(vectors.load(VECTORS_ROOT, db).matrix)} texts (sections and players' questions), "
        + (
            f"encoded and the map fitted in {encoded:.1f} s"
            if "--encode" in sys.argv
            else f"ready ({built.name}; --encode to time)"
        )
    )
    print(f"index open (speller, term lists): {opened:.2f} s")
    for name, (latencies, cpu) in measured.items():
        print(
            f"{name:>7} latency over {len(latencies)} searches: p50 {statistics.median(latencies):.1f} ms, "
            f"p95 {percentile(latencies, 0.95):.1f} ms, max {max(latencies):.1f} ms; "
            f"CPU p50 {statistics.median(cpu):.1f} ms, p95 {percentile(cpu, 0.95):.1f} ms"
        )
    print(
        f" encode alone over {len(alone)} questions: p50 {statistics.median(alone):.1f} ms, "
        f"p95 {percentile(alone, 0.95):.1f} ms, max {max(alone):.1f} ms"
    )
    print(f"load average while measuring: {os.getloadavg()[0]:.1f} on {os.cpu_count()} cores")


if __name__ == "__main__":
    main()
