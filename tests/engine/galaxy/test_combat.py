import random
from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engine.galaxy.combat import (
    MAX_OPPORTUNITIES,
    Attacker,
    BaseTarget,
    ShipTarget,
    attack_sequence,
    base_attack,
    base_holds,
    count_opportunities,
    roll_total,
    sensors_reveal,
    ship_attack,
)
from engine.core.dice import p_greater
from engine.core.reasons import InvalidInput

# Exact Fractions can be slow on a busy machine; timing is not what these properties test.
relaxed = settings(deadline=None)

# Hand-worked tables. X - Y for two independent 2d6 rolls has the law of 4d6 - 14 (because 14 - Y
# is again a 2d6), and the 4d6 counts out of 1296 are, for sums 4..14:
# 1, 4, 10, 20, 35, 56, 80, 104, 125, 140, 146 (then symmetric).
# So P(X - Y = 0) = 146/1296 and, by symmetry, P(X > Y) = (1296 - 146) / 2 / 1296 = 575/1296.
EQUAL_VALUES_WIN = Fraction(575, 1296)
# Attacker 10 vs defender 8: the attacker wins when X - Y >= -1: 575 + 146 + 140 = 861.
TEN_VS_EIGHT_WIN = Fraction(861, 1296)
# The defender 8 counterattacking attacker 10 needs Y - X >= 3, i.e. 4d6 <= 11: 1+4+10+20+35+56+80+104.
EIGHT_COUNTERS_TEN = Fraction(310, 1296)


# --- The rulebook's worked examples ------------------------------------------------------------


def test_round_2_imperial_destroys_the_ally():
    # "Il Rosso ottiene 9 (+10 per l'astronave Imperial) = 19, mentre il Giallo ... ottiene un 7
    # (+8 per l'astronave Alleata) = 15, così l'astronave alleata è distrutta".
    assert roll_total(10, 9, False) == 19 and roll_total(8, 7, False) == 15
    assert p_greater({roll_total(10, 9, False): 1}, {roll_total(8, 7, False): 1}) == 1


def test_round_1_imperial_attack_and_counterattack_both_fail():
    # Imperial 6 rolls 4 (= 10) against Kha'Farjimmn 4 rolling 8 (= 12): the attack fails;
    # the counterattack 7 + 4 = 11 against 6 + 6 = 12 fails too.
    assert p_greater({roll_total(6, 4, False): 1}, {roll_total(4, 8, False): 1}) == 0
    assert p_greater({roll_total(4, 7, False): 1}, {roll_total(6, 6, False): 1}) == 0


def test_round_examples_against_bases():
    # Felowi 9 attacks: Yellow rolls 6 (base drops), Red rolls 12 (attack fails).
    assert not base_holds(6, 9, False)
    assert base_holds(12, 9, False)
    # Erithizonian 8 attacks Green's base, Green rolls 10: saved. Ally 8 vs Green's 7: drops.
    assert base_holds(10, 8, False)
    assert not base_holds(7, 8, False)
    # A tie does not save the base: the owner must roll *higher* than the fleet.
    assert not base_holds(8, 8, False)
    assert base_holds(6, 7, True)  # 6 + 2 = 8 > 7


def test_figure_3_opportunities():
    # Figure 3: Imperial and Divergence show 6, one column shows a 7, Myrmidon has a ship,
    # Felowi's column is empty, nothing shows an 8.
    row = {"imperial": 6, "divergence": 6, "cylor": 7, "myrmidon": 9}
    assert count_opportunities("felowi", 8, row).count == 0
    assert count_opportunities("felowi", 7, row).count == 1
    assert count_opportunities("felowi", 6, row).count == 2
    myrmidon_row = {k: v for k, v in row.items() if k != "myrmidon"}
    result = count_opportunities("myrmidon", 6, myrmidon_row, covers=True)
    assert result.count == 3
    assert [r.code for r in result.reasons] == ["cover", "union", "union"]
    assert {r.params["world"] for r in result.reasons if r.code == "union"} == {"imperial", "divergence"}


def test_round_examples_opportunities():
    # Round 1: Felowi 9 covering a ship, with Cylor 9 visible: two attacks.
    assert count_opportunities("felowi", 9, {"cylor": 9, "myrmidon": 4}, covers=True).count == 2
    # Round 2: Red, governor of the Imperials, plays Imperial 10 (no other 10 is visible): one attack.
    imperial = count_opportunities("imperial", 10, {"cylor": 8, "felowi": 8}, governs_imperial=True)
    assert imperial.count == 1 and imperial.reasons[0].code == "imperial"
    # The same card without the governorship earns nothing.
    assert count_opportunities("imperial", 10, {"cylor": 8}).count == 0
    # Round 1: Ecup Contract 3 covering a ship is a Transport, not a fleet.
    transport = count_opportunities("ecup_contract", 3, {}, covers=True)
    assert transport.count == 0 and transport.reasons[0].code == "not_a_fleet"
    # Round 3: a face-down Kha'Farjimmn 9 earns nothing.
    assert count_opportunities("khafarjimmn", 9, {"cylor": 9}, covers=True, face_down=True).count == 0


def test_all_opportunities_at_once_reach_the_maximum():
    row = {
        world: 7
        for world in ("cylor", "divergence", "ecup_contract", "erithizonian", "felowi", "khafarjimmn", "myrmidon")
    }
    result = count_opportunities("imperial", 7, row, covers=True, governs_imperial=True)
    assert result.count == MAX_OPPORTUNITIES == 9


# --- Exact odds ---------------------------------------------------------------------------------


def test_equal_ships_single_attack():
    odds = ship_attack(Attacker(7), ShipTarget(7))
    assert odds.attack_succeeds == EQUAL_VALUES_WIN
    # Counterattack at equal values: the same 575/1296, rolled only when the attack failed.
    assert odds.counterattack_destroys_attacker == (1 - EQUAL_VALUES_WIN) * EQUAL_VALUES_WIN
    assert odds.attack_succeeds + odds.counterattack_destroys_attacker + odds.nothing_happens == 1


def test_ten_against_eight_with_counterattack():
    odds = ship_attack(Attacker(10), ShipTarget(8))
    assert odds.attack_succeeds == TEN_VS_EIGHT_WIN
    assert odds.counterattack_succeeds == EIGHT_COUNTERS_TEN
    assert odds.counterattack_destroys_attacker == Fraction(435, 1296) * EIGHT_COUNTERS_TEN
    assert odds.counterattack == "may"


def test_phaser_banks_are_worth_two_points():
    # 8 with Phaser Banks against 10 is 10 against 10.
    assert ship_attack(Attacker(8, phaser_banks=True), ShipTarget(10)).attack_succeeds == EQUAL_VALUES_WIN
    # A defending 8 with Phaser Banks against 10: the attacker now needs X - Y >= 1.
    assert ship_attack(Attacker(10), ShipTarget(8, phaser_banks=True)).attack_succeeds == EQUAL_VALUES_WIN


def test_counterattack_must_may_declined_and_screens():
    forced = ship_attack(Attacker(6), ShipTarget(9, has_governor=False, counterattacks=False))
    assert forced.counterattack == "must" and forced.counterattack_destroys_attacker > 0
    declined = ship_attack(Attacker(6), ShipTarget(9, counterattacks=False))
    assert declined.counterattack == "declined" and declined.counterattack_destroys_attacker == 0
    screened_attacker = ship_attack(Attacker(6, screens=True), ShipTarget(9))
    assert screened_attacker.counterattack_destroys_attacker == 0
    assert screened_attacker.nothing_happens == 1 - screened_attacker.attack_succeeds


def test_base_attack_table():
    # The base holds only on 2d6 > 9: rolls 10, 11, 12 = 3 + 2 + 1 ways out of 36.
    assert base_attack(Attacker(9), BaseTarget()).base_holds == Fraction(6, 36)
    # With Phaser Banks it holds on 2d6 >= 8: 5 + 4 + 3 + 2 + 1 = 15 ways.
    assert base_attack(Attacker(9), BaseTarget(phaser_banks=True)).base_holds == Fraction(15, 36)
    # The attacker's Phaser Banks do nothing here: the attacker rolls no dice against a base.
    assert base_attack(Attacker(9, phaser_banks=True), BaseTarget()).base_holds == Fraction(6, 36)


def test_three_attacks_on_a_base_two_rows_above_the_active_row_are_binomial():
    odds = attack_sequence(Attacker(9), [BaseTarget(rows_left=3)], 3)
    # Each attack drops the base with p = 5/6: (1/6)^3, 3(5/6)(1/6)^2, 3(5/6)^2(1/6), (5/6)^3.
    assert odds.targets[0].rows_lost == (Fraction(1, 216), Fraction(15, 216), Fraction(75, 216), Fraction(125, 216))
    assert odds.attacker_destroyed == 0
    assert odds.nothing_happens == Fraction(1, 216)


def test_a_base_in_the_active_row_drops_one_row_at_most():
    # "Una Base non può essere danneggiata di oltre una riga alla volta": in round 1 (active row
    # worth 4) a base goes no lower than 3, however many attacks are left.
    odds = attack_sequence(Attacker(9), [BaseTarget()], 3)
    assert odds.targets[0].rows_lost == (Fraction(1, 216), Fraction(215, 216))
    assert "base_floor" in [r.code for r in odds.reasons]
    # Said only where the floor can pass attacks on: not for one attack, nor one attack per target.
    assert "base_floor" not in [r.code for r in attack_sequence(Attacker(9), [BaseTarget()], 1).reasons]
    different = attack_sequence(Attacker(9), [BaseTarget(), BaseTarget()], 2, plan="different")
    assert "base_floor" not in [r.code for r in different.reasons]
    # One row above the active row: two rows, then no further.
    two = attack_sequence(Attacker(9), [BaseTarget(rows_left=2)], 3).targets[0].rows_lost
    assert two == (Fraction(1, 216), Fraction(15, 216), Fraction(200, 216))


def test_once_a_base_can_drop_no_further_the_next_target_is_attacked():
    # Three attacks on [base in the active row, ship 7]: the base until it drops (5/6 each), then
    # the ship with what is left.
    single = ship_attack(Attacker(9), ShipTarget(7))
    s, c, n = single.attack_succeeds, single.counterattack_destroys_attacker, single.nothing_happens
    drop, hold = Fraction(5, 6), Fraction(1, 6)
    odds = attack_sequence(Attacker(9), [BaseTarget(), ShipTarget(7)], 3, plan="same")
    assert odds.targets[1].destroyed == drop * (s + n * s) + hold * drop * s
    assert odds.attacker_destroyed == drop * (c + n * c) + hold * drop * c
    assert odds.targets[0].rows_lost == (hold**3, 1 - hold**3)


def test_two_attacks_on_the_same_ship():
    single = ship_attack(Attacker(10), ShipTarget(8))
    s, c, n = single.attack_succeeds, single.counterattack_destroys_attacker, single.nothing_happens
    odds = attack_sequence(Attacker(10), [ShipTarget(8)], 2, plan="same")
    # A second attack happens only if the first did nothing.
    assert odds.targets[0].destroyed == s + n * s
    assert odds.attacker_destroyed == c + n * c
    assert odds.nothing_happens == n * n
    assert odds.ships_destroyed == (1 - s - n * s, s + n * s)


def test_two_different_ships_and_a_destroyed_attacker_stops():
    a = ship_attack(Attacker(7), ShipTarget(9))
    b = ship_attack(Attacker(7), ShipTarget(6))
    odds = attack_sequence(Attacker(7), [ShipTarget(9), ShipTarget(6)], 2, plan="different")
    # The second attack needs the attacker alive after the first.
    assert odds.targets[1].destroyed == (1 - a.counterattack_destroys_attacker) * b.attack_succeeds
    assert odds.ships_destroyed[2] == a.attack_succeeds * b.attack_succeeds
    assert (
        odds.attacker_destroyed
        == a.counterattack_destroys_attacker
        + (1 - a.counterattack_destroys_attacker) * b.counterattack_destroys_attacker
    )


def test_same_plan_moves_on_after_destroying_the_ship():
    ship = ship_attack(Attacker(9), ShipTarget(7))
    base = base_attack(Attacker(9), BaseTarget())
    odds = attack_sequence(Attacker(9), [ShipTarget(7), BaseTarget()], 2, plan="same")
    assert odds.targets[1].rows_lost[1] == ship.attack_succeeds * base.attack_succeeds


@pytest.mark.parametrize("n", [1, 4, MAX_OPPORTUNITIES])
def test_sequence_probabilities_sum_to_one(n):
    targets = [ShipTarget(6 + i % 5, has_governor=i % 2 == 0) if i % 3 else BaseTarget() for i in range(n)]
    odds = attack_sequence(Attacker(8), targets, n, plan="different")
    assert sum(odds.ships_destroyed) == 1
    for result in odds.targets:
        if result.kind == "base":
            assert sum(result.rows_lost) == 1
            assert len(result.rows_lost) == 2  # one attack each, and a base drops one row at most


def test_sequence_matches_monte_carlo():
    # Independent cross-check: simulate the dice, not the formulas.
    rng = random.Random(7)
    trials = 40_000
    destroyed = attacker_dead = rows_two = 0
    for _ in range(trials):
        alive, ship_dead, rows = True, False, 0
        for _ in range(3):
            if not alive:
                break
            two_d6 = lambda: rng.randint(1, 6) + rng.randint(1, 6)  # noqa: E731
            if not ship_dead:
                if 9 + two_d6() > 8 + 2 + two_d6():
                    ship_dead = True
                elif 8 + 2 + two_d6() > 9 + two_d6():
                    alive = False
            elif rows < 2 and two_d6() <= 9:  # a base one row above the active row: two rows at most
                rows += 1
        destroyed += ship_dead
        attacker_dead += not alive
        rows_two += rows == 2
    odds = attack_sequence(Attacker(9), [ShipTarget(8, phaser_banks=True), BaseTarget(rows_left=2)], 3, plan="same")
    assert abs(destroyed / trials - float(odds.targets[0].destroyed)) < 0.01
    assert abs(attacker_dead / trials - float(odds.attacker_destroyed)) < 0.01
    assert abs(rows_two / trials - float(odds.targets[1].rows_lost[2])) < 0.01


def test_sensors_table():
    # P(2d6 <= v): cumulative 2d6 counts 1, 3, 6, 10, 15, 21, 26, 30, 33 for v = 2..10.
    assert sensors_reveal(0) == 0 and sensors_reveal(1) == 0
    assert sensors_reveal(3) == Fraction(3, 36)  # Round 2: the Sensors on Kha'Farjimmn 3 need <= 3
    assert sensors_reveal(8) == Fraction(26, 36)
    assert sensors_reveal(10) == Fraction(33, 36)  # Round 2: Cylor 10, the 8 rolled reveals


# --- Properties ---------------------------------------------------------------------------------

fleet = st.integers(6, 10)
ship = st.integers(1, 10)


@relaxed
@given(fleet, ship, st.booleans(), st.booleans())
def test_a_bigger_attacker_never_lowers_its_odds(a, d, phaser, def_phaser):
    target = ShipTarget(d, phaser_banks=def_phaser)
    base = ship_attack(Attacker(a, phaser_banks=phaser), target)
    if a < 10:
        better = ship_attack(Attacker(a + 1, phaser_banks=phaser), target)
        assert better.attack_succeeds >= base.attack_succeeds
        assert better.counterattack_destroys_attacker <= base.counterattack_destroys_attacker
    with_phaser = ship_attack(Attacker(a, phaser_banks=True), target)
    assert with_phaser.attack_succeeds >= base.attack_succeeds


@relaxed
@given(fleet, ship)
def test_defender_phaser_banks_never_help_the_attacker(a, d):
    plain = ship_attack(Attacker(a), ShipTarget(d))
    armed = ship_attack(Attacker(a), ShipTarget(d, phaser_banks=True))
    assert armed.attack_succeeds <= plain.attack_succeeds
    assert armed.counterattack_destroys_attacker >= plain.counterattack_destroys_attacker
    assert base_attack(Attacker(a), BaseTarget(True)).base_holds >= base_attack(Attacker(a), BaseTarget()).base_holds


@relaxed
@given(fleet, ship)
def test_symmetry_of_equal_rolls(a, d):
    # Swapping the two values swaps "attacker higher" and "defender higher".
    forward = ship_attack(Attacker(a), ShipTarget(d)).counterattack_succeeds
    if 6 <= d:
        assert ship_attack(Attacker(d), ShipTarget(a)).attack_succeeds == forward


@relaxed
@given(fleet, st.integers(1, MAX_OPPORTUNITIES))
def test_more_opportunities_never_fewer_rows(a, n):
    fewer = attack_sequence(Attacker(a), [BaseTarget()], n).targets[0].rows_lost
    more = attack_sequence(Attacker(a), [BaseTarget()], min(n + 1, MAX_OPPORTUNITIES)).targets[0].rows_lost
    assert sum(k * p for k, p in enumerate(more)) >= sum(k * p for k, p in enumerate(fewer))


@relaxed
@given(st.integers(6, 9), st.lists(st.integers(1, 10), min_size=1, max_size=3), st.sampled_from(["same", "different"]))
def test_a_bigger_fleet_never_does_worse_over_a_sequence(a, values, plan):
    targets = [ShipTarget(v) for v in values]
    n = len(targets)
    weaker = attack_sequence(Attacker(a), targets, n, plan)
    stronger = attack_sequence(Attacker(a + 1), targets, n, plan)
    assert stronger.attacker_destroyed <= weaker.attacker_destroyed

    def expected(odds):
        return sum(k * p for k, p in enumerate(odds.ships_destroyed))

    assert expected(stronger) >= expected(weaker)


# --- Refusals -----------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("call", "code", "field"),
    [
        (lambda: attack_sequence(Attacker(5), [ShipTarget(7)], 1), "attacker_not_a_fleet", "attacker"),
        (lambda: attack_sequence(Attacker(11), [ShipTarget(7)], 1), "attacker_not_a_fleet", "attacker"),
        (lambda: attack_sequence(Attacker(8), [ShipTarget(0)], 1), "nova_cannot_be_attacked", "targets[0].value"),
        (lambda: attack_sequence(Attacker(8), [ShipTarget(11)], 1), "ship_value_out_of_range", "targets[0].value"),
        (
            lambda: attack_sequence(Attacker(8), [ShipTarget(7, screened=True)], 1),
            "target_screened",
            "targets[0].screened",
        ),
        (
            lambda: attack_sequence(Attacker(8), [ShipTarget(7, has_governor=False, phaser_banks=True)], 1),
            "phaser_banks_need_governor",
            "targets[0].phaser_banks",
        ),
        (lambda: attack_sequence(Attacker(8), [BaseTarget()], 10), "opportunities_out_of_range", "opportunities"),
        (lambda: attack_sequence(Attacker(8), [BaseTarget()], 0), "opportunities_out_of_range", "opportunities"),
        (lambda: attack_sequence(Attacker(8), [], 1), "no_targets", "targets"),
        (
            lambda: attack_sequence(Attacker(8), [BaseTarget(rows_left=0)], 1),
            "base_rows_out_of_range",
            "targets[0].rows_left",
        ),
        (
            lambda: attack_sequence(Attacker(8), [BaseTarget(rows_left=7)], 1),
            "base_rows_out_of_range",
            "targets[0].rows_left",
        ),
        (
            lambda: attack_sequence(Attacker(8), [BaseTarget()], 2, plan="different"),
            "targets_must_match_opportunities",
            "targets",
        ),
        (lambda: count_opportunities("vulcan", 7, {}), "unknown_world", "world"),
        (lambda: count_opportunities("felowi", 7, {"felowi": 7}), "played_column_in_row", "row.felowi"),
        (lambda: sensors_reveal(-1), "ship_value_out_of_range", "value"),
    ],
)
def test_refusals(call, code, field):
    with pytest.raises(InvalidInput) as err:
        call()
    assert err.value.code == code
    assert err.value.field == field
