from fractions import Fraction as F

from engine.ti4.assignment import ForceStates, HitPolicy
from engine.ti4.units import Loadout


def losses(force: ForceStates) -> list[dict[str, int]]:
    return [force.counts(i) for i in force.chain(force.start)]


def test_default_policy_sustains_then_loses_cheapest():
    force = ForceStates({"dreadnought": 1, "fighter": 1, "carrier": 1}, Loadout(), HitPolicy())
    assert losses(force) == [
        {"fighter": 1, "carrier": 1, "dreadnought": 1},
        {"fighter": 1, "carrier": 1, "dreadnought": 1},  # dreadnought sustains (77.1)
        {"carrier": 1, "dreadnought": 1},
        {"dreadnought": 1},
        {},
    ]
    assert force.depth(force.start) == 4


def test_sustain_last_damages_a_kind_when_its_turn_comes():
    policy = HitPolicy(sustain_first=False)
    force = ForceStates({"dreadnought": 2, "fighter": 1}, Loadout(), policy)
    path = force.chain(force.start)
    damaged = [force.states[i] for i in path]
    # slots: fighter, dreadnought -> (intact, damaged) pairs
    assert damaged == [(1, 0, 2, 0), (0, 0, 2, 0), (0, 0, 1, 1), (0, 0, 0, 2), (0, 0, 0, 1), (0, 0, 0, 0)]


def test_custom_order_and_keep_alive():
    policy = HitPolicy(order=("carrier", "fighter"), keep_alive="carrier")
    force = ForceStates({"carrier": 2, "fighter": 2, "cruiser": 1}, Loadout(), policy)
    assert losses(force) == [
        {"carrier": 2, "fighter": 2, "cruiser": 1},
        {"carrier": 1, "fighter": 2, "cruiser": 1},  # order puts carriers first...
        {"carrier": 1, "fighter": 1, "cruiser": 1},
        {"carrier": 1, "cruiser": 1},
        {"carrier": 1},  # ...unlisted kinds follow in default order, the kept carrier is last
        {},
    ]


def test_barrage_losses_skip_sustain_and_drop_excess_hits():
    force = ForceStates({"dreadnought": 1, "fighter": 2}, Loadout(), HitPolicy())
    after = force.lose_fighters(force.start, 5)
    assert force.states[after] == (0, 0, 1, 0)  # both fighters gone, dreadnought untouched


def test_kept_alive_fighter_is_the_last_barrage_loss():
    force = ForceStates({"fighter": 3}, Loadout(), HitPolicy(keep_alive="fighter"))
    assert force.states[force.lose_fighters(force.start, 2)] == (0, 0, 1, 0)
    assert force.states[force.lose_fighters(force.start, 3)] == (0, 0, 0, 0)


def test_damaged_units_roll_like_intact_ones():
    # 77.2: a damaged unit works exactly as an undamaged one.
    force = ForceStates({"dreadnought": 1}, Loadout(), HitPolicy(), F)
    damaged = force.after_hits(force.start, 1)
    assert force.roll(damaged, "combat") == force.roll(force.start, "combat") == (F(2, 5), F(3, 5))


def test_dice_group_equal_units_and_ignore_damage():
    force = ForceStates({"cruiser": 2, "dreadnought": 1, "fighter": 1}, Loadout(), HitPolicy(), F)
    # sustain first: the dreadnought is damaged by the first hit and still rolls its die
    assert force.dice(force.after_hits(force.start, 1), "combat") == (((5, 1), (7, 2), (9, 1)), ())
    assert force.dice(force.start, "combat") == (((5, 1), (7, 2), (9, 1)), ())
    assert force.dice(force.after_hits(force.start, 2), "combat") == (((5, 1), (7, 2)), ())
