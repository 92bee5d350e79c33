from fractions import Fraction as F

from hypothesis import given, strategies as st

from engine.ti4.rolls import ability_hits, hit_chance, hits_distribution, short_and_hits
from engine.ti4.units import Loadout


def test_hit_chance_on_a_d10_where_zero_is_ten():
    assert hit_chance(9) == F(2, 10)  # faces 9 and 10 (the "0")
    assert hit_chance(5) == F(6, 10)
    assert hit_chance(9, 1) == F(3, 10)  # nebula-style +1: faces 8..10
    assert hit_chance(10, -1) == 0  # would need an 11
    assert hit_chance(1, 3) == 1  # every face hits, no more


def test_two_values_convolve_by_hand():
    # One die at 9 (p=1/5) and one at 5 (p=3/5): P0 = 4/5*2/5, P2 = 1/5*3/5, P1 = rest.
    assert hits_distribution({9: 1, 5: 1}) == (F(8, 25), F(14, 25), F(3, 25))


def test_a_roll_that_cannot_hit_is_a_single_zero():
    assert hits_distribution({11: 4}) == (F(1),)
    assert hits_distribution({}) == (F(1),)


def test_war_sun_bombardment_rolls_three_dice():
    # Bombardment 3 (x3): three dice, each hitting on 3..10 (p = 4/5).
    p = F(4, 5)
    assert ability_hits({"war_sun": 1}, Loadout(), "bombardment") == (
        (1 - p) ** 3,
        3 * p * (1 - p) ** 2,
        3 * p * p * (1 - p),
        p**3,
    )


def test_pds_ii_fires_on_five():
    assert ability_hits({"pds": 1}, Loadout(frozenset({"pds"})), "space_cannon") == (F(2, 5), F(3, 5))


@given(st.dictionaries(st.integers(1, 12), st.integers(0, 6), max_size=4), st.integers(-3, 3))
def test_sums_to_one_and_ends_at_a_possible_count(dice, modifier):
    dist = hits_distribution(dice, modifier)
    assert sum(dist) == 1
    assert dist[-1] > 0 and len(dist) - 1 <= sum(dice.values())


def test_dice_one_short_of_a_hit_are_counted_up_to_the_goods():
    """One die hitting on 7: 7-10 hit (4/10), a 6 is one short (1/10), 1-5 miss (5/10);
    outcome short * width + hits. Two dice with one good: two short count as one."""
    assert short_and_hits({7: 1}, 0, True, 3, 1) == (F(5, 10), F(4, 10), F(0), F(1, 10))
    two = short_and_hits({7: 2}, 0, True, 3, 1)
    assert two[3] == 2 * F(5, 10) * F(1, 10) + F(1, 100)  # one or two short, no hit
    assert len(two) == 3 + 2  # at most one short counted, with at most one hit beside it
    assert sum(two) == 1
    # +1 from a modifier: a 5 is one short now.
    assert short_and_hits({7: 1}, 1, True, 3, 1) == (F(4, 10), F(5, 10), F(0), F(1, 10))
