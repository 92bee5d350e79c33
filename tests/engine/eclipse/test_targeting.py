"""Hit classes, roll distributions, the assignments hits allow, and the named heuristics."""

from fractions import Fraction

from engine.eclipse.targeting import (
    LARGEST_FIRST,
    MOST_KILLS,
    class_probabilities,
    heuristic_key,
    results,
    roll_outcomes,
)


def test_classes_from_the_combat_example():
    # ESEMPIO DI COMBATTIMENTO: Iain's cruiser (computer +2) hits Vernor's interceptors (no shield)
    # on 4 or more and Vernor's cruiser (Gauss shield, 1) on 5 or more.
    miss, only_unshielded, both = class_probabilities(2, (0, 1))
    assert (miss, only_unshielded, both) == (Fraction(3, 6), Fraction(1, 6), Fraction(2, 6))


def test_missiles_and_cannons_without_computer_hit_on_six():
    # ESEMPIO DI COMBATTIMENTO: missiles without computers "colpiscono con un 6"; Iain's
    # interceptor cannon hits any of Vernor's ships (shields 0 and 1) with a 6.
    assert class_probabilities(0, (0,)) == (Fraction(5, 6), Fraction(1, 6))
    assert class_probabilities(0, (0, 1)) == (Fraction(5, 6), Fraction(0), Fraction(1, 6))


def test_six_always_hits_one_always_misses():
    assert class_probabilities(0, (5,)) == (Fraction(5, 6), Fraction(1, 6))  # only the 6
    assert class_probabilities(8, (0,)) == (Fraction(1, 6), Fraction(5, 6))  # the 1 still misses


def test_roll_outcomes_hand_worked():
    # Two ion dice, no computer, no shields: each hits on a 6.
    p_miss, outs = roll_outcomes(((1, 2),), 0, (0,))
    assert p_miss == Fraction(25, 36)
    assert dict((h, p) for p, h in outs) == {((1, 1, 1),): Fraction(10, 36), ((1, 1, 2),): Fraction(1, 36)}


def test_roll_outcomes_sum_to_one_with_mixed_dice():
    p_miss, outs = roll_outcomes(((1, 3), (2, 2), (4, 1)), 1, (0, 1, 2))
    assert p_miss + sum(p for p, _ in outs) == 1


def test_results_never_split_a_die_and_respect_shields():
    # Enemy: group 0 two undamaged interceptors (hull 0, shield 0); group 1 a cruiser (hull 1, shield 1).
    fleet = ((0, 0), (0,))
    hulls, shields = (0, 1), (0, 1)
    # One plasma hit that only reaches shield 0: it destroys one interceptor.
    assert results(fleet, hulls, shields, (0, 1), ((2, 1, 1),)) == {((0,), (0,))}
    # One plasma hit reaching everything: an interceptor or the whole cruiser (2 damage > hull 1).
    assert results(fleet, hulls, shields, (0, 1), ((2, 2, 1),)) == {((0,), (0,)), ((0, 0), ())}
    # Two ion hits: both interceptors, one of each, or both on the cruiser.
    assert results(fleet, hulls, shields, (0, 1), ((1, 2, 2),)) == {((), (0,)), ((0,), (1,)), ((0, 0), ())}


def test_heuristics_rank_differently():
    before = ((0, 0), (0,))
    hulls, sizes = (0, 1), (1, 3)
    kill_two_small = ((), (0,))
    kill_big = ((0, 0), ())
    assert heuristic_key(LARGEST_FIRST, before, kill_big, hulls, sizes) > heuristic_key(
        LARGEST_FIRST, before, kill_two_small, hulls, sizes
    )
    assert heuristic_key(MOST_KILLS, before, kill_two_small, hulls, sizes) > heuristic_key(
        MOST_KILLS, before, kill_big, hulls, sizes
    )
