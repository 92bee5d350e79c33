"""Time TI4 combat calculations: median, p95 and peak memory, from 3 v 3 to the limits.

Each run starts cold (the cached dice distributions are cleared) so the numbers are what a
first request pays. Wall-clock and CPU time are both shown: on a busy machine the CPU time is
the steadier of the two. Peak memory is measured with ``tracemalloc`` (numpy reports its
arrays to it) in one extra, untimed run. The last rows are the worst of a seeded set of random
battles at the limits (24 units a side, plans and modifiers up to round 10): the worst one is
picked by one timed pass over the set, then measured like the others.
Run: /work/main/.venv/bin/python benchmarks/ti4_combat.py [--random N] [--runs N]
"""

from __future__ import annotations

import argparse
import random
import sys
import time
import tracemalloc
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from benchmarks.timing import measure  # noqa: E402
from engine.ti4.combat import calculate  # noqa: E402
from engine.ti4.assignment import HitPolicy  # noqa: E402
from engine.ti4.cards import ActionCards  # noqa: E402
from engine.ti4.inputs import MAX_COMBATANTS, MAX_FIGHTERS, MAX_ROUND, Battle, Force  # noqa: E402
from engine.ti4.plans import RoundModifier  # noqa: E402
from engine.ti4.rolls import _hits  # noqa: E402
from engine.ti4.units import COMPONENT_LIMIT, DEFAULT_ORDER, FACTION_FLAGSHIPS, UPGRADABLE, Flagship  # noqa: E402

# 24 units with a flagship: the fleet the flagship benchmarks pit against each other.
FLAGSHIP_FLEET = {"flagship": 1, "war_sun": 2, "dreadnought": 5, "carrier": 4, "destroyer": 7, "fighter": 5}


def flagship_fleet(faction: str, **situation: int) -> Force:
    return Force(dict(FLAGSHIP_FLEET), flagship=FACTION_FLAGSHIPS[faction].sheet, **situation)


CASES = {
    "small space (3 vs 3)": Battle("space", Force({"cruiser": 2, "fighter": 1}), Force({"destroyer": 1, "fighter": 2})),
    "small ground (3 vs 2, bombard)": Battle(
        "ground", Force({"infantry": 3, "dreadnought": 1}), Force({"infantry": 2})
    ),
    "medium space (8 vs 8, PDS, nebula)": Battle(
        "space",
        Force({"dreadnought": 2, "destroyer": 2, "carrier": 1, "fighter": 3}),
        Force({"cruiser": 3, "destroyer": 2, "carrier": 1, "fighter": 2, "pds": 2}),
        nebula=True,
    ),
    "large space (18 vs 17)": Battle(
        "space",
        Force({"dreadnought": 2, "cruiser": 4, "destroyer": 4, "carrier": 2, "fighter": 6}),
        Force({"dreadnought": 2, "cruiser": 3, "destroyer": 2, "carrier": 2, "fighter": 8}),
    ),
    "large space (18 vs 17, war suns, upgrades)": Battle(
        "space",
        Force(
            {"war_sun": 2, "dreadnought": 3, "destroyer": 4, "carrier": 2, "fighter": 7},
            upgrades=("destroyer", "carrier", "fighter"),
        ),
        Force(
            {"dreadnought": 4, "cruiser": 3, "destroyer": 4, "carrier": 2, "fighter": 4, "pds": 3},
            upgrades=("cruiser", "pds"),
        ),
    ),
    "large space (18 vs 17, flagships, technologies)": Battle(
        "space",
        Force(
            {"flagship": 1, "dreadnought": 3, "cruiser": 4, "destroyer": 3, "carrier": 2, "fighter": 5},
            flagship=Flagship(5, 2, 3),
            technologies=("assault_cannon", "antimass_deflectors"),
        ),
        Force(
            {"flagship": 1, "dreadnought": 3, "cruiser": 3, "destroyer": 2, "carrier": 2, "fighter": 6, "pds": 2},
            flagship=Flagship(7, 2, 3),
            technologies=("plasma_scoring", "graviton_laser_system"),
        ),
    ),
    "limit space (24 vs 24, war suns)": Battle(
        "space",
        Force({"war_sun": 2, "dreadnought": 5, "carrier": 4, "destroyer": 8, "fighter": 5}),
        Force({"war_sun": 2, "dreadnought": 5, "carrier": 4, "destroyer": 8, "fighter": 5}),
    ),
    "limit space (24 vs 24, war suns, Duranium both)": Battle(
        "space",
        Force(
            {"war_sun": 2, "dreadnought": 5, "carrier": 4, "destroyer": 8, "fighter": 5},
            technologies=("duranium_armor",),
        ),
        Force(
            {"war_sun": 2, "dreadnought": 5, "carrier": 4, "destroyer": 8, "fighter": 5},
            technologies=("duranium_armor",),
        ),
    ),
    "limit space (24 vs 24, Shields Holding 2, Direct Hit 2 both: the deck's copies)": Battle(
        "space",
        Force(
            {"war_sun": 2, "dreadnought": 5, "carrier": 4, "destroyer": 8, "fighter": 5},
            cards=ActionCards(shields_holding=2, direct_hit=2),
        ),
        Force(
            {"war_sun": 2, "dreadnought": 5, "carrier": 4, "destroyer": 8, "fighter": 5},
            cards=ActionCards(shields_holding=2, direct_hit=2),
        ),
    ),
    "limit space (24 vs 24, Mentak flagship vs Winnu flagship)": Battle(
        "space", flagship_fleet("mentak_coalition"), flagship_fleet("winnu")
    ),
    "limit space (24 vs 24, L1Z1X flagship vs Yin flagship)": Battle(
        "space", flagship_fleet("l1z1x_mindnet"), flagship_fleet("yin_brotherhood")
    ),
    "limit space (24 vs 24, Hacan flagship with 6 trade goods vs plain)": Battle(
        "space", Force(dict(FLAGSHIP_FLEET)), flagship_fleet("emirates_of_hacan", trade_goods=6)
    ),
    "worst seen (24 vs 22, fighters last, retreat r4)": Battle(
        "space",
        Force(
            {"war_sun": 2, "dreadnought": 5, "destroyer": 3, "fighter": 14},
            upgrades=("destroyer",),
            retreat_round=4,
            policy=HitPolicy(order=("war_sun", "dreadnought", "destroyer", "fighter"), keep_alive="war_sun"),
        ),
        Force({"war_sun": 2, "dreadnought": 5, "destroyer": 8, "fighter": 9}),
        nebula=True,
    ),
}

SHIP_KINDS = ("fighter", "destroyer", "cruiser", "carrier", "dreadnought", "flagship", "war_sun")


def _random_force(rng: random.Random, retreat: bool) -> Force:
    """24 ships within the pieces per colour, random upgrades, order and modifiers (up to 6,
    ±3, naming rounds up to 10), a retreat in round 10 when asked."""
    units: dict[str, int] = {}
    while sum(units.values()) < MAX_COMBATANTS:
        kind = rng.choice(SHIP_KINDS)
        cap = COMPONENT_LIMIT.get(kind, MAX_FIGHTERS)
        if units.get(kind, 0) < cap:
            units[kind] = units.get(kind, 0) + 1
    order = list(DEFAULT_ORDER)
    rng.shuffle(order)
    modifiers = []
    for _ in range(rng.randint(1, 6)):
        first = rng.randint(1, MAX_ROUND)
        last = rng.choice((None, rng.randint(first, MAX_ROUND)))
        modifiers.append(RoundModifier(rng.choice((-3, -2, -1, 1, 2, 3)), first, last))
    return Force(
        units,
        upgrades=tuple(u for u in UPGRADABLE if rng.random() < 0.5),
        policy=HitPolicy(tuple(order), sustain_first=rng.random() < 0.5),
        retreat_round=MAX_ROUND if retreat else None,
        modifiers=tuple(modifiers),
        flagship=Flagship(rng.randint(3, 9), rng.randint(1, 4), 3),
    )


def random_plan_battles(count: int, seed: int = 20261123) -> list[Battle]:
    rng = random.Random(seed)
    return [
        Battle(
            "space",
            _random_force(rng, rng.random() < 0.5),
            _random_force(rng, rng.random() < 0.5),
            nebula=rng.random() < 0.3,
        )
        for _ in range(count)
    ]


def peak_memory_mb(battle: Battle) -> float:
    _hits.cache_clear()
    tracemalloc.start()
    calculate(battle)
    peak = tracemalloc.get_traced_memory()[1]
    tracemalloc.stop()
    return peak / 2**20


def worst(battles: list[Battle]) -> tuple[int, Battle]:
    """The battle of the set that takes longest (one cold CPU-timed run each)."""
    times = []
    for k, battle in enumerate(battles):
        _hits.cache_clear()
        start = time.process_time()
        calculate(battle)
        times.append((time.process_time() - start, k))
    return max(times)[1], battles[max(times)[1]]


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--random", type=int, default=40, help="random plan battles to search")
    parser.add_argument("--runs", type=int, default=10, help="timed runs of each large battle")
    parser.add_argument(
        "--only-before",
        action="store_true",
        help="only the battles the engine before numpy could solve (no cards, no Duranium, no coupled flagships)",
    )
    args = parser.parse_args()
    skipped = ("Duranium", "Shields", "flagship vs", "Hacan")
    cases = {k: v for k, v in CASES.items() if not (args.only_before and any(word in k for word in skipped))}
    k, battle = worst(random_plan_battles(args.random))
    cases[f"worst of {args.random} random plan battles (#{k})"] = battle
    for name, battle in cases.items():
        runs = 4 * args.runs if "small" in name or "medium" in name else args.runs
        t = measure(lambda: calculate(battle), runs, setup=_hits.cache_clear)  # cold: a first request's cost
        print(
            f"{name:50s} wall median {t.median:7.1f} ms  p95 {t.p95:7.1f} ms"
            f" | cpu median {t.cpu_median:7.1f} ms  p95 {t.cpu_p95:7.1f} ms"
            f" | peak {peak_memory_mb(battle):6.1f} MB ({runs} runs)"
        )


if __name__ == "__main__":
    main()
