"""Search quality over tests/search_eval.json and the held-out tests/search_holdout.json: hit@1
and hit@3, overall and per language.

Run ``python benchmarks/search_quality.py [-v]`` (-v lists every question with its top 3).
"""

from __future__ import annotations

import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from rules_db.loader import load  # noqa: E402
from rules_db.search.evaluation import SETS, hit_rates, load_questions, rank  # noqa: E402
from rules_db.search.glossary import load_glossary  # noqa: E402
from rules_db.search.searcher import RulesSearch  # noqa: E402


def main() -> None:
    with tempfile.TemporaryDirectory() as folder:
        search = RulesSearch.open(Path(folder), load(), load_glossary())
        for path in SETS:
            questions = load_questions(path)
            print(path.name)
            if "-v" in sys.argv:
                for q in questions:
                    position, ids = rank(search, q)
                    mark = "ok  " if position is not None and position < 3 else "MISS"
                    print(f"{mark} [{q['lang']}] {q['q']!r} -> {ids[:3]} (want {q['answers']})")
            for group, (count, at1, at3, mrr) in hit_rates(search, questions).items():
                print(f"{group:>3}: {count:3d} questions  hit@1 {at1:6.1%}  hit@3 {at3:6.1%}  MRR {mrr:.3f}")


if __name__ == "__main__":
    main()
