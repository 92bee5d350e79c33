"""Search quality on the players' questions in tests/search_eval.json (see rules_db/search/evaluation.py)."""

from __future__ import annotations

from collections import Counter

import pytest

from rules_db.loader import GAMES
from rules_db.search.evaluation import hit_rates, load_questions

QUESTIONS = load_questions()
TARGET_HIT_AT_3 = 0.90


def test_the_set_is_broad():
    assert len(QUESTIONS) >= 60
    langs = Counter(q["lang"] for q in QUESTIONS)
    assert langs["it"] >= 30 and langs["en"] >= 30
    assert {q["game"] for q in QUESTIONS} == set(GAMES)
    kinds = Counter(q["kind"] for q in QUESTIONS)
    assert kinds["typo"] >= 5 and kinds["synonym"] >= 3 and kinds["question"] >= 30


def test_every_answer_is_a_real_section(db):
    assert not [a for q in QUESTIONS for a in q["answers"] if a not in db.sections]


@pytest.mark.parametrize("group", ["all", "it", "en"])
def test_right_section_in_top_3_for_90_percent(app, group):
    count, _at1, at3 = hit_rates(app.extensions["search"].current(), QUESTIONS)[group]
    assert at3 >= TARGET_HIT_AT_3, f"{group}: hit@3 {at3:.1%} over {count} questions"
