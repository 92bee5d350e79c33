"""The passages labelled as answering (tests/passages_*.json) still are passages of the page their
question opens, in its language, so benchmarks/passage_quality.py measures what it says."""

from __future__ import annotations

import json

import pytest

from rules_db.search.evaluation import TESTS, load_questions
from rules_db.search.searcher import text_lang
from rules_db.search.snippets import passages

LABELLED = sorted(TESTS.glob("passages_*.json"))


def test_there_is_a_tuning_and_a_held_out_file():
    assert [p.name for p in LABELLED] == ["passages_holdout16.json", "passages_tune19.json"]


@pytest.mark.parametrize("path", LABELLED, ids=lambda p: p.name)
def test_every_label_is_a_passage_of_the_page_its_question_opens(db, path):
    items = json.loads(path.read_text(encoding="utf-8"))["items"]
    # Labelled from a search set: while that set is in tests/, the two go question by question (a
    # tuning set that became players' questions has left; its labels still measure the marking).
    search_set = TESTS / path.name.replace("passages_", "search_")
    if search_set.exists():
        questions = load_questions(search_set)
        assert [(i["q"], i["lang"], i["page"]) for i in items] == [
            (q["q"], q["lang"], q["answers"][0]) for q in questions
        ]
    for item in items:
        page = db.sections[item["page"]]
        shown = {p for s in [page, *db.descendants(page)] for p in passages(s.body(text_lang(s, item["lang"])))}
        assert item["passages"] and set(item["passages"]) <= shown, item["q"]
