"""Search quality over the held-out question sets (evaluation.SETS, tests/search_holdout*.json,
held out, docs/search.md): hit@1, hit@3 and MRR per set and language, lexical only and with the
encoder rerank; then all of them together, the honest figure; last the tuning set
(evaluation.TUNING), which measures the search only until a change is chosen on it.

Run ``python benchmarks/search_quality.py [-v]`` (-v lists every question with its top 3, reranked).
The index and the section vectors live in the app's instance folder (``instance/index``), built
there first if missing or stale, as ``flask build-index`` would.
"""

from __future__ import annotations

import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from rules_db.loader import load  # noqa: E402
from rules_db.search import vectors  # noqa: E402
from rules_db.search.encoder import default_encoder  # noqa: E402
from rules_db.search.evaluation import SETS, TUNING, hit_rates, load_questions, rank  # noqa: E402
from rules_db.search.glossary import load_glossary  # noqa: E402
from rules_db.search.searcher import RulesSearch  # noqa: E402

ROOT = Path(__file__).resolve().parent.parent / "instance" / "index"


def main() -> None:
    db = load()
    search = RulesSearch.open(ROOT, db, load_glossary())
    started = time.perf_counter()
    vectors.ensure(ROOT, db, default_encoder())
    print(f"section vectors ready in {time.perf_counter() - started:.1f} s ({ROOT})")
    reranked = RulesSearch.open(ROOT, db, load_glossary())
    reranked.use_vectors(vectors.load(ROOT, db), default_encoder())
    loaded = {path: load_questions(path) for path in SETS}
    together = [q for questions in loaded.values() for q in questions]
    # (title, questions, list them with -v): the sets together after them, listed with their sets
    groups = [(path.name, questions, True) for path, questions in loaded.items()]
    groups += [("all sets together", together, False), (f"{TUNING.name} (tuning)", load_questions(TUNING), True)]
    for title, questions, listed in groups:
        print(title)
        if "-v" in sys.argv and listed:
            for q in questions:
                position, ids = rank(reranked, q)
                mark = "ok  " if position is not None and position < 3 else "MISS"
                print(f"{mark} [{q['lang']}] {q['q']!r} -> {ids[:3]} (want {q['answers']})")
        for name, engine in (("lexical", search), ("rerank", reranked)):
            for group, (count, at1, at3, mrr) in hit_rates(engine, questions).items():
                print(
                    f"  {name:>7} {group:>3}: {count:3d} questions  hit@1 {at1:6.1%}  hit@3 {at3:6.1%}  MRR {mrr:.3f}"
                )


if __name__ == "__main__":
    main()
