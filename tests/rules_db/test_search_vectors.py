"""Section vectors: stored once per rules digest and model, found stale when either changes,
encoded by one process at a time (with a stand-in encoder: no test runs the real model)."""

from __future__ import annotations

import fcntl
from dataclasses import replace

import numpy as np
import pytest

from rules_db.search import vectors
from rules_db.search.encoder import section_text
from tests.rules_db.test_search_searcher import WordsEncoder, small_db, with_questions


def test_every_section_is_stored_in_italian_and_in_english_when_translated(tmp_path):
    db = small_db()
    path = vectors.build(tmp_path, db, WordsEncoder(), model="words")
    assert path == vectors.vectors_path(tmp_path, db, "words") and path.is_file()
    with np.load(path) as stored:
        assert set(str(k) for k in stored["keys"]) == {f"it:{i}" for i in db.sections} | {"en:eclipse/citta"}
        assert np.allclose(np.linalg.norm(stored["matrix"], axis=1), 1.0)
    loaded = vectors.load(tmp_path, db, model="words")
    assert set(loaded.sections) == set(db.sections)
    assert np.allclose(np.linalg.norm(loaded.targets, axis=1), 1.0)


def test_a_sections_target_averages_its_languages(tmp_path):
    db = small_db()
    encoder = WordsEncoder()
    vectors.build(tmp_path, db, encoder, model="words")
    stored = vectors.load(tmp_path, db, model="words")
    citta = db.sections["eclipse/citta"]
    both = encoder.passages([section_text(citta, "it"), section_text(citta, "en")]).mean(axis=0)
    assert np.allclose(stored.targets[stored.sections["eclipse/citta"]], both / np.linalg.norm(both))
    only = encoder.passages([section_text(db.sections["eclipse/ritirata"], "it")])[0]  # no English text
    assert np.allclose(stored.targets[stored.sections["eclipse/ritirata"]], only)
    # No players' questions: nothing to fit, the map is the identity and the text signal a cosine.
    assert np.array_equal(stored.adapter, np.eye(3))
    query = encoder.queries(["navi navi"])[0]
    text, _asked = stored.signals(query, ["eclipse/ritirata", "eclipse/citta"])
    assert text[0] == pytest.approx(float(only @ query)) and text[0] > 0.5 > text[1]


def test_changed_rules_or_model_make_the_vectors_stale(tmp_path):
    db = small_db()
    first = vectors.build(tmp_path, db, WordsEncoder(), model="words")
    changed = replace(db, digest="another digest")
    assert vectors.load(tmp_path, changed, model="words") is None
    assert vectors.load(tmp_path, db, model="another model") is None
    vectors.build(tmp_path, changed, WordsEncoder(), model="words")
    assert not first.exists()  # the stale file goes when fresh ones are written
    assert vectors.load(tmp_path, changed, model="words") is not None


def test_a_damaged_file_counts_as_missing(tmp_path):
    db = small_db()
    vectors.vectors_path(tmp_path, db, "words").write_bytes(b"not numpy")
    assert vectors.load(tmp_path, db, model="words") is None
    path = vectors.build(tmp_path, db, WordsEncoder(), model="words")
    with np.load(path) as stored:
        kept = {name: stored[name] for name in stored.files if name != "adapter"}
    np.savez(path, **kept)  # written without its map (as recipe 2 was)
    assert vectors.load(tmp_path, db, model="words") is None
    for name, wrong in (("adapter", np.eye(2)), ("matrix", np.zeros(len(kept["keys"])))):
        np.savez(path, **{**kept, "adapter": np.eye(3), name: wrong})  # a map or vectors of the wrong shape
        assert vectors.load(tmp_path, db, model="words") is None
    vectors.build(tmp_path, db, WordsEncoder(), model="words")
    path.write_bytes(path.read_bytes()[:200])  # cut short: not a zip file any more
    assert vectors.load(tmp_path, db, model="words") is None
    # ensure() writes it again rather than handing over the damaged file, and an encode beside
    # it reads nothing from it
    assert vectors.ensure(tmp_path, db, WordsEncoder(), model="words") == path
    assert vectors.load(tmp_path, db, model="words") is not None


def test_only_one_process_encodes_at_a_time(tmp_path):
    db = small_db()
    with open(tmp_path / vectors.LOCK, "w") as held:
        fcntl.flock(held, fcntl.LOCK_EX)  # another worker is encoding
        assert vectors.ensure(tmp_path, db, WordsEncoder(), wait=False, model="words") is None
    assert vectors.ensure(tmp_path, db, WordsEncoder(), wait=False, model="words") is not None


class CountingEncoder(WordsEncoder):
    def __init__(self):
        self.encoded: list[str] = []
        self.asked: list[str] = []

    def passages(self, texts):
        self.encoded.extend(texts)
        return super().passages(texts)

    def queries(self, texts):
        self.asked.extend(texts)
        return super().queries(texts)


def test_a_rules_edit_encodes_only_the_sections_it_changed(tmp_path):
    db = small_db()
    first = CountingEncoder()
    vectors.build(tmp_path, db, first, model="words")
    assert len(first.encoded) == len(db.sections) + 1  # every Italian text and the one English
    edited = replace(db.sections["ti4/77"], body_it="Una corazzata può sostenere danni due volte.")
    changed = replace(db, sections={**db.sections, "ti4/77": edited}, digest="edited")
    again = CountingEncoder()
    vectors.build(tmp_path, changed, again, model="words")
    assert again.encoded == ["SOSTENERE DANNI. Una corazzata può sostenere danni due volte."]
    assert vectors.load(tmp_path, changed, model="words") is not None
    other = CountingEncoder()  # another model never reuses these vectors
    vectors.build(tmp_path, changed, other, model="other words")
    assert len(other.encoded) == len(db.sections) + 1


def test_players_questions_are_encoded_as_questions_and_the_nearest_counts(tmp_path):
    db = with_questions(small_db(), "ti4/23.7", asked_it=("possono ritirarsi?", "quando"), asked_en=("navi",))
    encoder = CountingEncoder()
    vectors.build(tmp_path, db, encoder, model="words")
    assert encoder.asked == ["possono ritirarsi?", "quando", "navi"]  # as questions, not passages
    assert len(encoder.encoded) == len(db.sections) + 1  # the sections' texts, as passages
    stored = vectors.load(tmp_path, db, model="words")
    assert set(stored.sections) == set(db.sections)  # questions apart from the sections' texts
    query = WordsEncoder().queries(["navi"])[0]
    text, (step, chapter) = stored.signals(query, ["ti4/23.7", "ti4/23"])
    assert step == pytest.approx(1.0)  # "navi": the nearest of its three, whatever the language
    assert step > text[0]
    assert chapter == text[1]  # none listed: its own (mapped) text
    assert stored.adapter.dtype == np.float32 and stored.adapter.shape == (3, 3)
    assert not np.allclose(stored.adapter, np.eye(3))  # fitted on the three questions


def test_the_map_is_fitted_on_each_question_with_its_own_sections_text(tmp_path, monkeypatch):
    db = with_questions(small_db(), "ti4/23.7", asked_it=("possono ritirarmi?",), asked_en=("navi",))
    db = with_questions(db, "ti4/77", asked_it=("quante volte?",))
    seen = {}

    def fit(questions, answers, targets):
        seen.update(questions=questions, answers=answers, targets=targets)
        return np.eye(targets.shape[1], dtype=np.float32)

    monkeypatch.setattr(vectors.adapter, "fit", fit)
    vectors.build(tmp_path, db, WordsEncoder(), model="words")
    stored = vectors.load(tmp_path, db, model="words")
    encoder = WordsEncoder()
    assert np.allclose(seen["questions"], encoder.queries(["possono ritirarmi?", "navi", "quante volte?"]))
    row = stored.sections
    assert list(seen["answers"]) == [row["ti4/23.7"], row["ti4/23.7"], row["ti4/77"]]
    citta = db.sections["eclipse/citta"]
    both = encoder.passages([section_text(citta, "it"), section_text(citta, "en")]).mean(axis=0)
    assert np.allclose(seen["targets"][row["eclipse/citta"]], both / np.linalg.norm(both))
    step = encoder.passages([section_text(db.sections["ti4/23.7"], "it")])[0]
    assert np.allclose(seen["targets"][row["ti4/23.7"]], step)


def test_an_edited_question_is_the_only_text_encoded_again(tmp_path):
    db = with_questions(small_db(), "ti4/77", asked_it=("quante volte?", "corazzata"))
    vectors.build(tmp_path, db, CountingEncoder(), model="words")
    again = CountingEncoder()
    edited = with_questions(db, "ti4/77", asked_it=("quante volte?", "la corazzata"))
    vectors.build(tmp_path, edited, again, model="words")
    assert (again.encoded, again.asked) == ([], ["la corazzata"])
