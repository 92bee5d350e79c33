"""The map fitted on the players' questions (rules_db/search/adapter.py), on small vectors whose
right answers are known."""

from __future__ import annotations

import numpy as np
import pytest

from rules_db.search import adapter


def unit(*values: float) -> np.ndarray:
    row = np.array(values, dtype=np.float32)
    return row / np.linalg.norm(row)


# Three sections' texts, and questions that the encoder, unmapped, puts nearer a wrong text: the
# first section's question leans to the second's text and back (a pair of sibling rules), the
# third's leans to the first's.
TARGETS = np.stack([unit(1, 0, 0, 0), unit(0, 1, 0, 0), unit(0, 0, 1, 0)])
QUESTIONS = np.stack([unit(0.6, 0.8, 0, 0), unit(0.8, 0.6, 0, 0), unit(0.6, 0, 0.55, 0)])
ANSWERS = np.array([0, 1, 2])


def nearest(questions: np.ndarray, weights: np.ndarray) -> list[int]:
    return [int(np.argmax(TARGETS @ (weights @ q))) for q in questions]


def test_questions_land_on_their_sections_once_mapped():
    assert nearest(QUESTIONS, np.eye(4)) == [1, 0, 0]  # every one wrong, unmapped
    # Adam moves each weight by about RATE a step: a swap this wide takes more than STEPS.
    weights = adapter.fit(QUESTIONS, ANSWERS, TARGETS, steps=200)
    assert nearest(QUESTIONS, weights) == [0, 1, 2]
    assert weights.dtype == np.float32 and weights.shape == (4, 4)


def test_a_question_unlike_any_listed_is_read_as_the_encoder_reads_it():
    # The fourth dimension is in no question: the map leaves it as it was (the gradient and the
    # pull towards the identity only act on the questions' directions).
    weights = adapter.fit(QUESTIONS, ANSWERS, TARGETS)
    assert np.allclose(weights @ unit(0, 0, 0, 1), unit(0, 0, 0, 1), atol=1e-6)


def test_no_questions_or_no_sections_leave_the_identity():
    assert np.array_equal(adapter.fit(np.zeros((0, 4)), np.zeros(0, dtype=np.intp), TARGETS), np.eye(4))
    assert np.array_equal(adapter.fit(QUESTIONS, ANSWERS, np.zeros((0, 4))), np.eye(4))


def loss(weights: np.ndarray) -> float:
    """The loss fit descends, written out: cross-entropy of the softmax over the targets plus the
    pull towards the identity."""
    logits = (QUESTIONS.astype(np.float64) @ weights.T) @ TARGETS.T / adapter.TEMPERATURE
    logits -= logits.max(axis=1, keepdims=True)
    chance = np.exp(logits) / np.exp(logits).sum(axis=1, keepdims=True)
    cross = -np.mean(np.log(chance[np.arange(len(ANSWERS)), ANSWERS]))
    return float(cross + adapter.PULL / (2 * len(weights)) * np.sum((weights - np.eye(len(weights))) ** 2))


def test_the_gradient_is_that_of_the_loss():
    # Central differences of the loss written out above, entry by entry, at a point off the identity.
    weights = np.eye(4) + 0.1 * np.arange(16).reshape(4, 4) / 16
    exact = adapter.gradient(weights, QUESTIONS.astype(np.float64), ANSWERS, TARGETS.astype(np.float64))
    step = 1e-6
    for row, col in [(0, 0), (0, 1), (1, 0), (2, 2), (3, 3), (2, 0)]:
        bump = np.zeros((4, 4))
        bump[row, col] = step
        assert exact[row, col] == pytest.approx((loss(weights + bump) - loss(weights - bump)) / (2 * step), abs=1e-6)


def test_each_step_descends_the_loss():
    losses = [loss(adapter.fit(QUESTIONS, ANSWERS, TARGETS, steps=n).astype(np.float64)) for n in (0, 1, 5, 60)]
    assert losses == sorted(losses, reverse=True) and losses[-1] < 0.8 * losses[0]


def test_fewer_steps_move_less():
    far = np.linalg.norm(adapter.fit(QUESTIONS, ANSWERS, TARGETS) - np.eye(4))
    near = np.linalg.norm(adapter.fit(QUESTIONS, ANSWERS, TARGETS, steps=5) - np.eye(4))
    assert 0 < near < far
    assert np.array_equal(adapter.fit(QUESTIONS, ANSWERS, TARGETS, steps=0), np.eye(4))
