from fractions import Fraction

from engine.core.dice import add, binomial, dice_sum, die, p_greater, shift


def test_two_d6_table_worked_by_hand():
    # 2d6: 36 equally likely pairs; a sum s in 2..7 has s-1 ways, in 7..12 has 13-s ways.
    dist = dice_sum(2, 6)
    assert dist == {s: Fraction(min(s - 1, 13 - s), 36) for s in range(2, 13)}


def test_sum_to_one_and_shift():
    dist = shift(dice_sum(3, 8), 2)
    assert sum(dist.values()) == 1
    assert min(dist) == 5 and max(dist) == 26


def test_p_greater_d8_against_d8():
    # Ties happen 8 times in 64; the rest split evenly, so P(A > B) = 28/64.
    assert p_greater(die(8), die(8)) == Fraction(28, 64)


def test_add_is_commutative():
    assert add(die(6), die(10)) == add(die(10), die(6))


def test_binomial_matches_expansion():
    probs = binomial(3, Fraction(1, 5))
    assert probs == (Fraction(64, 125), Fraction(48, 125), Fraction(12, 125), Fraction(1, 125))
