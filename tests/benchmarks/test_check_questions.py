"""The writers' checker: what it refuses in a new question set, that it never shows another
set's question, and that it passes the sets written under it."""

from __future__ import annotations

import json

import pytest

import numpy as np

from benchmarks.check_questions import asked_before, main, near_in_meaning, problems, read_set
from rules_db.search.evaluation import SETS, TUNING, load_questions

SECTIONS = {"ti4/23.7": "ti4", "eclipse/ritirata": "eclipse"}
ASKED = {"ti4": ["posso ritirarmi in un sistema vuoto?"], "eclipse": []}


def question(**changes: object) -> dict:
    base = {"lang": "it", "game": "eclipse", "kind": "question", "q": "chi spara per primo?"}
    return base | {"answers": ["eclipse/ritirata"]} | changes


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
        ({"game": "ti4", "answers": ["ti4/23.7"], "q": "posso ritirami in un sistema vuto?"}, "nearly the same"),
    ],
)
def test_what_it_refuses(changes, found):
    [problem] = problems([question(**changes)], ASKED, SECTIONS)
    assert found in problem


def test_a_twin_of_another_game_is_another_question():
    assert problems([question(q="posso ritirarmi in un sistema vuoto?")], ASKED, SECTIONS) == []


class Meanings:
    """An encoder that knows which texts mean the same: each listed group shares one unit vector,
    and any other text gets a vector of its own."""

    def __init__(self, *groups: tuple[str, ...]):
        self.meaning = {text: n for n, group in enumerate(groups) for text in group}

    def queries(self, texts):
        vectors = np.zeros((len(texts), 64), np.float32)
        for row, text in enumerate(texts):
            vectors[row, self.meaning.setdefault(text, len(self.meaning))] = 1.0
        return vectors


def test_a_translation_or_rewording_is_refused_by_meaning():
    """The lexical rule lets a translation through; the encoder does not, in the same game only."""
    encoder = Meanings(("posso ritirarmi in un sistema vuoto?", "Can I retreat into an empty system?"))
    english = question(lang="en", game="ti4", answers=["ti4/23.7"], q="Can I retreat into an empty system?")
    assert problems([english], ASKED, SECTIONS) == []
    [problem] = near_in_meaning([question(), english], ASKED, encoder)
    assert problem.startswith("1: the same in meaning")
    assert near_in_meaning([english | {"game": "eclipse"}], ASKED, encoder) == []


def test_twins_within_the_file_are_refused():
    twins = [question(), question(q="chi spara per primo??"), question(q="chi sparra per primo")]
    assert problems(twins, ASKED, SECTIONS) == [
        f"{n}: the same as, or nearly, an earlier question of this file" for n in (1, 2)
    ]


@pytest.mark.parametrize(
    "data",
    [
        [question()],
        {"questions": "x"},
        {"questions": ["x"]},
        {"questions": [{"q": "x"}]},
        {"questions": [question(q=5)]},
        {"questions": [question(answers="eclipse/ritirata")]},
        {"questions": [question(game=["ti4"])]},
    ],
)
def test_a_malformed_file_is_one_line_not_a_traceback(tmp_path, capsys, data):
    path = tmp_path / "new.json"
    path.write_text(json.dumps(data))
    with pytest.raises(ValueError, match="new.json"):
        read_set(path)
    assert main(path, []) == 1
    assert capsys.readouterr().out.startswith("problems: new.json")


def test_it_never_shows_the_question_already_asked(tmp_path, capsys):
    """Writers stay blind: a twin is named by its position in the new file only."""
    asked = load_questions(TUNING)[0]
    path = tmp_path / "new.json"
    path.write_text(json.dumps({"questions": [asked | {"q": asked["q"] + " ?"}]}))
    assert main(path, []) == 1
    shown = capsys.readouterr().out
    assert "0: already asked" in shown and asked["q"] not in shown


@pytest.mark.parametrize("path", [*SETS[-2:], TUNING], ids=lambda p: p.name)
def test_the_newest_sets_pass_it(path, capsys):
    """The twelfth and thirteenth sets and the tuning set were written under this check (the
    earlier sets were not, and some of them share near twins with each other)."""
    assert main(path, [path]) == 0  # the set checked is never its own twin, even named again
    assert "problems: 0" in capsys.readouterr().out


def test_the_set_checked_is_not_counted_as_asked_before(db):
    asked = {q for game in asked_before(TUNING, [], db).values() for q in game}
    assert not {q["q"] for q in load_questions(TUNING)} & asked
    assert {q["q"] for q in load_questions(SETS[-1])} <= asked
