"""A linear map of a question's vector towards the text of the section that answers it, fitted on
the players' questions (questions/*.tsv) each time the vectors are built.

Why: the encoder places a question typed at the table nearer to other questions than to the rule's
prose (its similarity to the right section's text put that section first for 231 of 493 set
questions among the rerank's candidates; mapped, 364). The players' questions are thousands of
examples of (question, section), so a map fitted on them teaches the encoder the rulebooks' way of
saying what players ask. It is fitted as a classifier over every section (a softmax over the dot
products of the mapped question with each section's unit text vector; the search then takes the
cosine, so the mapped length only sharpens the fit), starting from the identity and pulled back
towards it, so that a question unlike any listed is still read as the encoder reads it.
Sixth round in docs/search.md: measured on held-out players' questions (about half land on their
section among all 907, against about 30% unmapped) and on the sets.
"""

from __future__ import annotations

import numpy as np

TEMPERATURE = 0.05  # the softmax's scale: cosines differ by hundredths between sections
PULL = 1.0  # the loss adds PULL / (2 * dim) * ||W - I||² (Frobenius): the pull back to the identity
STEPS = 60  # full-batch Adam steps: the held-out questions stop improving after 25-50
RATE = 0.01


def fit(questions: np.ndarray, answers: np.ndarray, targets: np.ndarray, steps: int = STEPS) -> np.ndarray:
    """The map W (``dim`` x ``dim``; use as ``W @ query``) that moves each of ``questions`` (unit
    rows) towards ``targets[answers[k]]`` (unit rows, one per section) and away from the other
    targets. The identity when there are no questions. Deterministic: full batch, no sampling."""
    identity = np.eye(targets.shape[1], dtype=np.float32)
    weights = identity.copy()
    if not len(questions) or not len(targets):
        return weights
    # float32: half the time of float64 (11 s for 7,550 questions on one core), the map within 1e-5
    q, t = questions.astype(np.float32), targets.astype(np.float32)
    moment: np.ndarray = np.zeros_like(weights)
    scale: np.ndarray = np.zeros_like(weights)
    for step in range(1, steps + 1):
        change = gradient(weights, q, answers, t)
        moment = 0.9 * moment + 0.1 * change
        scale = 0.999 * scale + 0.001 * change**2
        weights -= RATE * (moment / (1 - 0.9**step)) / (np.sqrt(scale / (1 - 0.999**step)) + 1e-8)
    return weights


def gradient(weights: np.ndarray, questions: np.ndarray, answers: np.ndarray, targets: np.ndarray) -> np.ndarray:
    """The gradient, in ``weights``, of the loss fit descends: the mean cross-entropy of the
    softmax over ``targets`` of each mapped question's dot products / TEMPERATURE, plus
    PULL / (2 * dim) * ||W - I||² (Frobenius)."""
    logits = (questions @ weights.T) @ targets.T / TEMPERATURE
    logits -= logits.max(axis=1, keepdims=True)
    chance = np.exp(logits)
    chance /= chance.sum(axis=1, keepdims=True)
    chance[np.arange(len(questions)), answers] -= 1  # d(cross-entropy)/d(logits)
    pull = PULL * (weights - np.eye(len(weights), dtype=weights.dtype)) / len(weights)
    return (chance @ targets).T @ questions / (TEMPERATURE * len(questions)) + pull
