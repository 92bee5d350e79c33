import random
from fractions import Fraction as F

import pytest

from engine.ti4.combat import calculate
from engine.ti4.inputs import Battle, Force
from tests.engine.ti4.small_solver import Fleet, Kind, odds


def test_calculate_dispatches_by_kind():
    assert calculate(Battle("space", Force({"fighter": 1}), Force({"fighter": 1})), exact=True).attacker_win == F(4, 9)
    assert calculate(Battle("ground", Force({"infantry": 1}), Force({"infantry": 1})), exact=True).attacker_win == F(
        7, 17
    )


# --- Against an independent solver ----------------------------------------------------------------

# Ships without barrage or capacity effects on the odds, in the default loss order.
KINDS = {
    "fighter": Kind("fighter", 9),
    "cruiser": Kind("cruiser", 7),
    "carrier": Kind("carrier", 9),
    "dreadnought": Kind("dreadnought", 5, sustain=True),
    "war_sun": Kind("war_sun", 3, 3, sustain=True),
}


def _random_fleet(rng: random.Random) -> dict[str, int]:
    fleet = {k: rng.randint(0, 2) for k in KINDS}
    fleet["war_sun"] = min(fleet["war_sun"], 1)
    if not any(fleet.values()):
        fleet[rng.choice(list(KINDS))] = 1
    return {k: n for k, n in fleet.items() if n}


@pytest.mark.parametrize("seed", range(12))
def test_faction_effects_agree_with_an_independent_solver(seed):
    """Non-Euclidean Shielding and Munitions Reserves on random small fleets, both sides, exact."""
    rng = random.Random(seed)
    sides = []
    for _ in range(2):
        units = _random_fleet(rng)
        shielding, goods = rng.random() < 0.6, rng.choice((0, 2, 4))
        force = Force(
            units,
            technologies=("non_euclidean_shielding",) if shielding else (),
            faction="barony_of_letnev",
            trade_goods=goods,
        )
        kinds = tuple(KINDS[k] for k in KINDS if k in units)
        fleet = Fleet(kinds, shielding, goods // 2)
        sides.append((force, fleet, tuple((units[k.name], 0) for k in kinds)))
    (att, att_fleet, a0), (dfn, dfn_fleet, d0) = sides
    result = calculate(Battle("space", att, dfn), exact=True)
    assert (result.attacker_win, result.defender_win, result.draw) == odds(att_fleet, dfn_fleet, a0, d0)
