import numpy as np
import pytest

from engine.ti4.elimination import absorb


def test_two_states_two_ends_worked_by_hand():
    # x: 1/2 stays, 1/4 -> y, 1/4 -> end A; y: 1/2 -> x, 1/2 -> end B. From x, P(A) = a with
    # a = a/2 + (a/2)/4 + 1/4, so a = 2/3; rounds E = 1 + E/2 + (1 + E/2)/4, so E = 10/3. Mass
    # that starts on an end stays there and plays no round.
    moves = np.array([[0.5, 0.25, 0.25, 0.0], [0.5, 0.0, 0.0, 0.5]])
    absorbed, rounds = absorb(moves, np.array([1.0, 0.0, 0.0, 0.5]))
    assert absorbed == pytest.approx([2 / 3, 1 / 3 + 0.5], rel=1e-15)
    assert rounds == pytest.approx(10 / 3, rel=1e-15)


def test_a_rare_way_out_keeps_its_precision():
    # Leaving with 1e-13 a round: 1e13 rounds on average. 1 - P[stay] would lose three digits
    # (1 - (1 - 1e-13) is 1e-13 to 1e-3 only); the elimination reads the way out itself.
    absorbed, rounds = absorb(np.array([[1 - 1e-13, 1e-13]]), np.array([1.0, 0.0]))
    assert absorbed == pytest.approx([1.0], rel=1e-15)
    assert rounds == pytest.approx(1e13, rel=1e-15)
    assert 1 / (1 - (1 - 1e-13)) != pytest.approx(1e13, rel=1e-6)  # what a subtraction gives
