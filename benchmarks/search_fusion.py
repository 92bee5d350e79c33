"""The rerank's weights, measured: first places and top-3 hits over the question sets named on
the command line (the tuning set if none) for a grid of lexical weights and shares of the rest
given to the players' questions (docs/search.md, "Fourth round" to "Ninth round"). Every point
reranks the same lexical top 20 (of the game a question names, as the search does) with the same
vectors.

The weights were chosen on the sets that became players' questions in the eighth round, and
checked in the ninth on the tuning set of the time (players' questions since the eleventh). This
reads the tuning set (evaluation.TUNING) unless sets are named: ``python
benchmarks/search_fusion.py [SET.json ...]`` (the index and vectors in ``instance/index``, built
first if missing or stale). A held-out set read here to choose weights stops being held out.
"""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from rules_db.loader import load  # noqa: E402
from rules_db.search import vectors  # noqa: E402
from rules_db.search.encoder import default_encoder  # noqa: E402
from rules_db.search.evaluation import TUNING, accepted, load_questions  # noqa: E402
from rules_db.search.glossary import load_glossary  # noqa: E402
from rules_db.search.query import normalise  # noqa: E402
from rules_db.search.searcher import (  # noqa: E402
    MAX_LIMIT,
    RERANK_DEPTH,
    RERANK_WEIGHTS,
    RulesSearch,
    fuse,
    merge,
    rerank_split,
)

ROOT = Path(__file__).resolve().parent.parent / "instance" / "index"
LEXICAL = (0.25, 0.3, 0.35, 0.4, 0.45, 0.5)
QUESTION_SHARE = (0.0, 0.3, 0.4, 0.5, 0.6, 0.7, 1.0)


def main(paths: list[Path]) -> None:
    db = load()
    search = RulesSearch.open(ROOT, db, load_glossary())
    vectors.ensure(ROOT, db, default_encoder())
    stored, encoder = vectors.load(ROOT, db), default_encoder()
    assert stored is not None
    cases = []
    for path in paths:
        for q in load_questions(path):
            page = search.search(q["q"], q["lang"], limit=MAX_LIMIT, rerank=False)
            chosen = [(r.section.id, r.score) for r in page.results]
            pool, rest = rerank_split(chosen, page.plan.games, lambda i: db.sections[i].game)
            vector = encoder.queries([normalise(q["q"])])[0]
            head = [i for i, _s in pool[:RERANK_DEPTH]]
            signals = stored.signals(vector, head)
            cases.append((pool, rest, signals, accepted(db, q["answers"])))
    print(
        f"{len(cases)} questions; kept weights {RERANK_WEIGHTS} (lexical, text, questions): {score(cases, RERANK_WEIGHTS)}"
    )
    print("lexical  share:" + "".join(f"{share:>10}" for share in QUESTION_SHARE) + "   (first / top 3)")
    for lexical in LEXICAL:
        row = [score(cases, (lexical, (1 - lexical) * (1 - share), (1 - lexical) * share)) for share in QUESTION_SHARE]
        print(f"{lexical:>7}        " + "".join(f"{cell:>10}" for cell in row))


def score(cases: list, weights: tuple[float, ...]) -> str:
    """ "first / top 3": how many questions have a right answer first, and in the top 3."""
    ranks = []
    for pool, rest, signals, good in cases:
        ids = [i for i, _s in merge(fuse(pool, signals, weights), rest)] if pool else []
        ranks.append(next((n for n, i in enumerate(ids) if i in good), None))
    return f"{sum(r == 0 for r in ranks)} / {sum(r is not None and r < 3 for r in ranks)}"


if __name__ == "__main__":
    main([Path(arg) for arg in sys.argv[1:]] or [TUNING])
