"""The writers' checker: what it refuses in a new question set, and that it passes the sets
already in tests/."""

from __future__ import annotations

import pytest

from benchmarks.check_questions import asked_before, main, problems
from rules_db.search.evaluation import SETS, TUNING, load_questions

SECTIONS = {"ti4/23.7": "ti4", "eclipse/ritirata": "eclipse"}
ASKED = {"ti4": ["posso ritirarmi in un sistema vuoto?"], "eclipse": []}


def question(**changes: object) -> dict:
    return {
        "lang": "it",
        "game": "eclipse",
        "kind": "question",
        "q": "chi spara per primo?",
        "answers": ["eclipse/ritirata"],
    } | changes


def test_a_new_question_passes():
    assert problems([question()], ASKED, SECTIONS) == []


@pytest.mark.parametrize(
    ("changes", "found"),
    [
        ({"answers": ["ti4/23.7"]}, "not a section of eclipse"),
        ({"answers": ["eclipse/nowhere"]}, "not a section of eclipse"),
        ({"answers": []}, "no answer"),
        ({"kind": "riddle"}, "unknown"),
        ({"game": "ti4", "answers": ["ti4/23.7"], "q": "Posso ritirarmi in un sistema vuoto"}, "word for word"),
        ({"game": "ti4", "answers": ["ti4/23.7"], "q": "posso ritirarmi in un sistema vuoto o no?"}, "nearly the same"),
    ],
)
def test_what_it_refuses(changes, found):
    [problem] = problems([question(**changes)], ASKED, SECTIONS)
    assert found in problem


def test_a_twin_of_another_game_is_another_question():
    assert problems([question(q="posso ritirarmi in un sistema vuoto?")], ASKED, SECTIONS) == []


def test_missing_fields_and_repeats_within_the_file():
    assert "fields" in problems([{"q": "x"}], ASKED, SECTIONS)[0]
    assert problems([question(), question()], ASKED, SECTIONS) == ["1: asked twice in this file"]


@pytest.mark.parametrize("path", [SETS[-1], TUNING], ids=lambda p: p.name)
def test_the_newest_sets_pass_it(path, capsys):
    """The twelfth set and the tuning set were written under this check (the earlier sets were
    not, and some of them share near twins with each other)."""
    assert main(path, []) == 0
    assert "problems: 0" in capsys.readouterr().out


def test_the_set_checked_is_not_counted_as_asked_before():
    asked = asked_before(TUNING, [])
    assert not {q["q"] for q in load_questions(TUNING)} & {q for game in asked.values() for q in game}
    assert {q["q"] for q in load_questions(SETS[-1])} <= {q for game in asked.values() for q in game}
