"""Absorbing Markov chains solved by state elimination (Grassmann, Taksar and Heyman, 1985).

The mass a chain absorbs, x0 (I - Q)^-1 R, and the rounds it plays, x0 (I - Q)^-1 1, lose their
precision in I - Q when leaving is rare: 1 - q_kk cancels. Eliminating the transient states one
at a time never subtracts. Removing state k sends each remaining state i's move into k on to k's
successors j with weight P[i, k] P[k, j] / s_k, where s_k, the probability of leaving k, is the
sum of k's moves to other states (never 1 - P[k, k]); a visit to k lasts 1 / s_k rounds on
average. Every quantity is a sum of products of nonnegative numbers, so the relative error grows
with the number of states, not with how rare leaving is.
"""

from __future__ import annotations

import numpy as np

from engine.core.budget import check


def absorb(moves: np.ndarray, start: np.ndarray) -> tuple[np.ndarray, float]:
    """The mass absorbed by each end and the rounds played (visits to transient states).

    ``moves[k]``: one round's moves from transient state k, first to the n transient states
    (the self-loop at k is ignored: staying is what s_k does not count), then to the m ends.
    ``start``: the mass in each transient state, then in each end, before any round. Every
    transient state must be able to reach an end. States are eliminated in the given order;
    one whose predecessors are mostly gone (a topological order) fills in least."""
    n = moves.shape[0]
    chain = np.vstack([moves, start[None, :]]).astype(np.float64)
    rounds = np.ones(n + 1)  # rounds per visit until the next state not yet eliminated
    rounds[n] = 0.0  # the start row plays no round itself
    for k in range(n):
        if k % 64 == 0:
            check()  # the web layer's time budget, if any
        into = np.flatnonzero(chain[k + 1 :, k]) + k + 1
        if not len(into):
            continue
        out = chain[k, k + 1 :]
        onward = np.flatnonzero(out)
        leave = out[onward].sum()  # s_k: a sum, never 1 - P[k, k]
        weight = chain[into, k] / leave
        chain[np.ix_(into, onward + k + 1)] += weight[:, None] * out[onward][None, :]
        rounds[into] += weight * rounds[k]
    return chain[n, n:], float(rounds[n])
