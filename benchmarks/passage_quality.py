"""How often an opened result marks a passage that answers the question (issue 13, point 4).

``python benchmarks/passage_quality.py [tests/passages_*.json ...]``: for each labelled
question, the page its first answer opens (that section and its sub-sections, as the section
page passes them) and the passage ``RulesSearch.passage_to_mark`` picks there, against the
passages a reader labelled as answering it (tests/passages_*.json, most direct first).
Prints, per file and language, by the words alone and with the rerank's encoder (which breaks
ties and reads a question in the other language): picked a labelled passage, picked the most
direct one, picked none; and the time of each choice, first asked (the passages' vectors are
then remembered), median and 95th percentile; first of all, the time of the heaviest pages. The index and vectors are the app's (``instance/index``).
"""

from __future__ import annotations

import json
import statistics
import sys
import time
from itertools import product
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from rules_db.loader import load  # noqa: E402
from rules_db.search import vectors  # noqa: E402
from rules_db.search.encoder import default_encoder  # noqa: E402
from rules_db.search.evaluation import TESTS  # noqa: E402
from rules_db.search.glossary import load_glossary  # noqa: E402
from rules_db.search.searcher import RulesSearch  # noqa: E402

INDEX = ROOT / "instance" / "index"
# The biggest pages asked the hardest way: a word on the English glossary's 1,098 passages that only
# its Italian holds, a word tied on ~90 of them, a word of the other language on a long chapter.
HEAVY = (("ti4/glossario", "sconfitto", "en"), ("ti4/glossario", "nave", "en"), ("eclipse/fase-azione", "pedina", "en"))


def main(paths: list[Path]) -> None:
    db = load()
    words = RulesSearch.open(INDEX, db, load_glossary())
    vectors.ensure(INDEX, db, default_encoder())
    meaning = RulesSearch.open(INDEX, db, load_glossary())
    meaning.use_vectors(vectors.load(INDEX, db), default_encoder())
    print("heavy pages, first asked (ms)")
    for section_id, question, lang in HEAVY:
        page = db.sections[section_id]
        started = time.perf_counter()
        meaning.passage_to_mark(question, [page, *db.descendants(page)], lang)
        print(f"  {section_id} {question!r} ({lang}): {1000 * (time.perf_counter() - started):.1f}")
    for path in paths:
        items = json.loads(path.read_text(encoding="utf-8"))["items"]
        print(path.name)
        for (name, search), lang in product((("words", words), ("meaning", meaning)), ("it", "en")):
            chosen = [item for item in items if item["lang"] == lang]
            hits = direct = none = 0
            times = []
            for item in chosen:
                page = db.sections[item["page"]]
                started = time.perf_counter()
                picked = search.passage_to_mark(item["q"], [page, *db.descendants(page)], lang)
                times.append(1000 * (time.perf_counter() - started))
                hits += picked in item["passages"]
                direct += bool(item["passages"]) and picked == item["passages"][0]
                none += not picked
            n = len(chosen)
            if n < 2:  # no median and 95th percentile of fewer
                print(f"  {name:>7} {lang}: {n} questions")
                continue
            p50, p95 = statistics.median(times), statistics.quantiles(times, n=20)[-1]
            print(
                f"  {name:>7} {lang}: {n} questions  answering {hits / n:6.1%}  most direct {direct / n:6.1%}"
                f"  none {none}  ms p50 {p50:.1f} p95 {p95:.1f}"
            )


if __name__ == "__main__":
    main([Path(p) for p in sys.argv[1:]] or sorted(TESTS.glob("passages_*.json")))
