from fractions import Fraction as F

from engine.ti4.assignment import ForceStates, HitPolicy, RoundEffects, outcome_width
from engine.ti4.units import FACTION_FLAGSHIPS, Loadout


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


def test_without_sustain_damage_a_hit_destroys_and_the_damaged_go_first():
    """Under the Mentak flagship: no unit sustains, and of two dreadnoughts the damaged one is
    lost first (the intact one may sustain again once the flagship is gone)."""
    force = ForceStates({"dreadnought": 2, "fighter": 1}, Loadout(), HitPolicy(), F, damaged={"dreadnought": 1})
    assert force.counts(force.after_round(force.start, 1, blocked=True)) == {"dreadnought": 2}
    two = force.after_round(force.start, 2, blocked=True)
    assert force.states[two][-2:] == (1, 0)  # the intact dreadnought is left
    assert force.counts(force.after_round(force.start, 1)) == {"dreadnought": 2, "fighter": 1}  # it sustains


def test_directed_hits_are_decoded_and_taken_by_non_fighters_first():
    """Against an L1Z1X side, outcome ``directed * width + free``: the directed hits go to the
    dreadnought (it sustains, then is destroyed), the free ones follow the policy."""
    l1z1x = Loadout(flagship=FACTION_FLAGSHIPS["l1z1x_mindnet"].sheet)
    width = outcome_width({"flagship": 1, "dreadnought": 1, "fighter": 2}, l1z1x)
    assert width == 2 + 1 + 2 + 1  # every combat die, plus one
    force = ForceStates({"dreadnought": 1, "fighter": 2}, Loadout(), HitPolicy(), F, directed_width=width)
    assert force.counts(force.after_round(force.start, 1 * width + 1)) == {"dreadnought": 1, "fighter": 1}
    assert force.counts(force.after_round(force.start, 2 * width)) == {"fighter": 2}
    assert force.counts(force.after_round(force.start, 2 * width + 1)) == {"fighter": 1}
    assert force.counts(force.after_round(force.start, 3)) == {"dreadnought": 1}  # free: sustain, fighters
    assert outcome_width({"dreadnought": 1}, l1z1x) is None  # no flagship, no direction


def test_l1z1x_roll_is_a_table_of_directed_and_free_hits():
    """Flagship (5, 2 dice) and a fighter (9): outcome directed * 4 + free, width 4."""
    l1z1x = Loadout(flagship=FACTION_FLAGSHIPS["l1z1x_mindnet"].sheet)
    force = ForceStates({"flagship": 1, "fighter": 1}, l1z1x, HitPolicy(), F)
    roll = force.roll(force.start, "combat")
    first, fighter = (F(4, 25), F(12, 25), F(9, 25)), (F(4, 5), F(1, 5))
    assert roll == tuple(first[o // 4] * fighter[o % 4] if o % 4 < 2 else 0 for o in range(len(roll)))
    assert len(roll) == 2 * 4 + 2


def test_a_lost_yin_flagship_empties_its_side():
    yin = Loadout(flagship=FACTION_FLAGSHIPS["yin_brotherhood"].sheet)
    force = ForceStates({"flagship": 1, "cruiser": 2}, yin, HitPolicy(order=("flagship",)), F)
    assert force.wipes
    assert force.counts(force.after_round(force.start, 1)) == {"flagship": 1, "cruiser": 2}  # sustained
    assert force.counts(force.after_round(force.start, 2)) == {}  # destroyed: the cruisers go too


def test_non_euclidean_shielding_spans_the_l1z1x_flagships_directed_and_free_hits():
    # An L1Z1X flagship's round: its hits on non-fighters are assigned first, then the free ones,
    # all in one batch. A dreadnought that sustains the one directed hit with Non-Euclidean
    # Shielding cancels the free one too, so the fighter lives; without the card it is lost.
    width = 4  # outcomes are directed * width + free
    for shielded, fighters_left in ((True, 1), (False, 0)):
        side = ForceStates(
            {"dreadnought": 1, "fighter": 1},
            Loadout(),
            HitPolicy(),
            effects=RoundEffects(double_sustain=shielded),
            directed_width=width,
        )
        after = side.after_round(side.start, 1 * width + 1)
        assert side.counts(after) == {"dreadnought": 1, **({"fighter": 1} if fighters_left else {})}
        assert side.depth(after) == 1 + fighters_left  # the dreadnought is damaged either way
