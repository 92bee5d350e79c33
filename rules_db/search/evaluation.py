"""Measuring search quality on sets of player questions (tests/search_*.json): hit@1, hit@3, MRR.

The ranking may be tuned on search_eval.json, search_holdout.json, search_tune.json,
search_tune2.json, (since issue 13's sixth round) search_holdout2.json and search_holdout3.json,
and (since its seventh) search_holdout6.json; never on NEVER_TUNED (search_holdout4.json,
search_holdout5.json, search_holdout7.json and search_holdout8.json), which only measure.

A question is a hit at k when one of its answer sections, or a sub-rule of one, is among the
first k results when searching all games in the question's language.
"""

from __future__ import annotations

import json
from pathlib import Path

from rules_db.loader import RulesDB
from rules_db.search.searcher import RulesSearch

EVAL_SET = Path(__file__).resolve().parents[2] / "tests" / "search_eval.json"
# Written before tuning and never tuned for one question at a time: the check that a change is general.
HOLDOUT_SET = EVAL_SET.with_name("search_holdout.json")
# A second held-out set, committed before issue 13's ranking work; never tuned on until the sixth round.
HOLDOUT2_SET = EVAL_SET.with_name("search_holdout2.json")
# Issue 13's tuning set, written after the second held-out set and independently of it.
TUNE_SET = EVAL_SET.with_name("search_tune.json")
# A second tuning set and a third held-out set (tuned on since the sixth round), each written by a
# writer who never saw the search code, the players' questions (questions/*.tsv) or the other sets.
TUNE2_SET = EVAL_SET.with_name("search_tune2.json")
HOLDOUT3_SET = EVAL_SET.with_name("search_holdout3.json")
# A fourth held-out set by two more blind writers, committed before the sixth round of ranking work.
HOLDOUT4_SET = EVAL_SET.with_name("search_holdout4.json")
# A fifth, by two more blind writers, committed after the sixth round's change was chosen, before it was measured on it.
HOLDOUT5_SET = EVAL_SET.with_name("search_holdout5.json")
# Issue 13's seventh round: a sixth, by two more blind writers, committed before that round's
# changes were measured on it, then read (its misses) and tuned on; and a seventh, by two others,
# committed after the changes were chosen, before they were measured on it.
HOLDOUT6_SET = EVAL_SET.with_name("search_holdout6.json")
HOLDOUT7_SET = EVAL_SET.with_name("search_holdout7.json")
# An eighth, by two more, committed after that round with no change pending: measured only.
HOLDOUT8_SET = EVAL_SET.with_name("search_holdout8.json")
SETS = (
    EVAL_SET,
    HOLDOUT_SET,
    TUNE_SET,
    TUNE2_SET,
    HOLDOUT2_SET,
    HOLDOUT3_SET,
    HOLDOUT4_SET,
    HOLDOUT5_SET,
    HOLDOUT6_SET,
    HOLDOUT7_SET,
    HOLDOUT8_SET,
)
# The sets nothing was chosen on: the honest figures (the weights are chosen on the others).
NEVER_TUNED = (HOLDOUT4_SET, HOLDOUT5_SET, HOLDOUT7_SET, HOLDOUT8_SET)


def load_questions(path: Path = EVAL_SET) -> list[dict]:
    return json.loads(path.read_text(encoding="utf-8"))["questions"]


def accepted(db: RulesDB, answers: list[str]) -> set[str]:
    """The answer sections and their sub-rules."""
    found = set(answers)
    for answer in answers:
        found.update(s.id for s in db.descendants(db.sections[answer]))
    return found


def rank(search: RulesSearch, question: dict, depth: int = 10) -> tuple[int | None, list[str]]:
    """Position (0-based) of the first right answer in the top ``depth``, and the top ids."""
    ids = [r.section.id for r in search.search(question["q"], question["lang"], limit=depth).results]
    good = accepted(search.db, question["answers"])
    return next((i for i, found in enumerate(ids) if found in good), None), ids


def hit_rates(search: RulesSearch, questions: list[dict]) -> dict[str, tuple[int, float, float, float]]:
    """{"all" | "it" | "en": (number of questions, hit@1, hit@3, mean reciprocal rank in the top 10)}."""
    ranks = [(q["lang"], rank(search, q)[0]) for q in questions]
    rates = {}
    for group in ("all", "it", "en"):
        chosen = [r for lang, r in ranks if group in ("all", lang)]
        if chosen:
            rates[group] = (
                len(chosen),
                sum(r == 0 for r in chosen) / len(chosen),
                sum(r is not None and r < 3 for r in chosen) / len(chosen),
                sum(1 / (r + 1) for r in chosen if r is not None) / len(chosen),
            )
    return rates
