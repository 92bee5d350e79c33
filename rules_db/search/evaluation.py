"""Measuring search quality on sets of player questions (tests/search_*.json): hit@1, hit@3, MRR.

Every set in ``SETS`` is held out: each was written from the rulebooks by two writers blind to
the search code and to the other sets' contents, and committed before it was measured; no weight
was chosen on any of them and nothing tuned on them question by question (sets 4-10 only decided,
in advance and one way, that two of the eighth round's batches of players' questions stayed, and
sets 4-12 that the ninth round's players' words did not, sets 4-12 and 4-13 that the eleventh
round's two batches did stay, sets 4-13 and 4-14 that the twelfth to fifteenth rounds' did, and
sets 4-15 that the fifteenth round's words and the sixteenth round did, sets 4-16 that the
seventeenth round's did, sets 4-17 that the eighteenth round's did, sets 4-18 that the
nineteenth round's did). ``TUNING`` is not held out.

The sets the ranking was tuned on until issue 13's seventh round (search_eval, search_holdout,
search_tune, search_tune2, search_holdout2, search_holdout3 and search_holdout6: 573 questions)
became players' questions in its eighth (``rules_db/<game>/questions/question-sets.tsv``), so
they no longer measure anything and are gone from tests/ (docs/search.md, "Eighth round").

The ninth round added a twelfth held-out set and a tuning set (search_tune12, 157 questions),
written under the writers' checker (benchmarks/check_questions.py), which refuses a question nearly
the same as one already asked (``near_twins``), in the sets or among the players' questions. The
eleventh round made that tuning set players' questions too, and added a thirteenth held-out set
and a new tuning set; the twelfth to sixteenth each made that one players' questions and wrote
another, the thirteenth with a fourteenth held-out set and the fifteenth with a fifteenth
(search_tune19, 120 questions). Session 18 added a sixteenth held-out set after two changes
that moved no rank on any earlier set, and measured it first with them. The seventeenth round
(session 20) wrote a seventeenth held-out set before its change, made search_tune19 players'
questions, and wrote search_tune20; the eighteenth (session 21) did the same with an eighteenth
held-out set and wrote search_tune21, and the nineteenth (session 22) with a nineteenth and wrote
``TUNING`` (search_tune22, 120 questions): the set the next change to the ranking is chosen on.

A question is a hit at k when one of its answer sections, or a sub-rule of one, is among the
first k results when searching all games in the question's language.
"""

from __future__ import annotations

import json
import re
from difflib import SequenceMatcher
from functools import cache
from pathlib import Path

from rules_db.loader import RulesDB
from rules_db.search.analysis import fold
from rules_db.search.searcher import RulesSearch

TESTS = Path(__file__).resolve().parents[2] / "tests"
# The fourth held-out set, committed before issue 13's sixth round; the fifth after that round's
# change was chosen, before it was measured on it; the seventh after the seventh round's candidate
# was chosen; the eighth with no change pending; the ninth, tenth and eleventh each before one of
# the eighth round's changes was measured on it; the twelfth with nothing changed since; the
# thirteenth before the eleventh round's change was measured on it; the fourteenth before the
# thirteenth round's change was measured on it; the fifteenth before the fifteenth round's change
# was measured on it; the seventeenth before the seventeenth round's change was made; the
# eighteenth before the eighteenth round's, the nineteenth before the nineteenth round's.
SETS = tuple(TESTS / f"search_holdout{n}.json" for n in (4, 5, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19))
TUNING = TESTS / "search_tune22.json"
KINDS = ("question", "paraphrase", "jargon", "typo", "edge")  # every set holds each kind


def load_questions(path: Path) -> list[dict]:
    return json.loads(path.read_text(encoding="utf-8"))["questions"]


@cache
def folded(text: str) -> tuple[str, frozenset[str]]:
    """The text's words folded and joined, and their set: each question is compared with
    thousands of others, so it is folded once."""
    found = re.findall(r"\w+", fold(text.lower()))
    return " ".join(found), frozenset(found)


def near_twins(one: str, other: str) -> bool:
    """The same question in nearly the same words: four words in five shared, or half of them
    and the letters nearly the same (a typo, a word added: "paregio di influenza..." and
    "pareggio di influenza..."). A set's question with a twin among the players' questions would
    be answered from memory, not searched. Either way round: SequenceMatcher's ratio depends on
    which text comes first, so either order reaching the bound counts."""
    (a, a_set), (b, b_set) = folded(one), folded(other)
    shared = len(a_set & b_set) / max(len(a_set), len(b_set), 1)
    if shared >= 0.8:
        return True
    return shared >= 0.5 and any(SequenceMatcher(None, x, y).ratio() >= 0.85 for x, y in ((a, b), (b, a)))


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
