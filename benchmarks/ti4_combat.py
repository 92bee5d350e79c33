"""Time TI4 combat calculations: median and p95 for small, medium and large battles.

Each run starts cold (the cached dice distributions are cleared) so the numbers are what a
first request pays. Wall-clock and CPU time are both shown: on a busy machine the CPU time is
the steadier of the two. Run: /work/venv/bin/python benchmarks/ti4_combat.py
"""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from benchmarks.timing import measure  # noqa: E402
from engine.ti4.combat import calculate  # noqa: E402
from engine.ti4.assignment import HitPolicy  # noqa: E402
from engine.ti4.inputs import Battle, Force  # noqa: E402
from engine.ti4.rolls import _hits  # noqa: E402
from engine.ti4.units import Flagship  # noqa: E402

CASES = {
    "small space (3 vs 3)": Battle("space", Force({"cruiser": 2, "fighter": 1}),
                                   Force({"destroyer": 1, "fighter": 2})),
    "small ground (3 vs 2, bombard)": Battle("ground", Force({"infantry": 3, "dreadnought": 1}),
                                             Force({"infantry": 2})),
    "medium space (8 vs 8, PDS, nebula)": Battle(
        "space", Force({"dreadnought": 2, "destroyer": 2, "carrier": 1, "fighter": 3}),
        Force({"cruiser": 3, "destroyer": 2, "carrier": 1, "fighter": 2, "pds": 2}), nebula=True),
    "large space (18 vs 17)": Battle(
        "space", Force({"dreadnought": 2, "cruiser": 4, "destroyer": 4, "carrier": 2,
                        "fighter": 6}),
        Force({"dreadnought": 2, "cruiser": 3, "destroyer": 2, "carrier": 2, "fighter": 8})),
    "large space (18 vs 17, war suns, upgrades)": Battle(
        "space", Force({"war_sun": 2, "dreadnought": 3, "destroyer": 4, "carrier": 2,
                        "fighter": 7}, upgrades=("destroyer", "carrier", "fighter")),
        Force({"dreadnought": 4, "cruiser": 3, "destroyer": 4, "carrier": 2, "fighter": 4,
               "pds": 3}, upgrades=("cruiser", "pds"))),
    "large space (18 vs 17, flagships, technologies)": Battle(
        "space", Force({"flagship": 1, "dreadnought": 3, "cruiser": 4, "destroyer": 3, "carrier": 2,
                        "fighter": 5}, flagship=Flagship(5, 2, 3),
                       technologies=("assault_cannon", "antimass_deflectors")),
        Force({"flagship": 1, "dreadnought": 3, "cruiser": 3, "destroyer": 2, "carrier": 2, "fighter": 6,
               "pds": 2}, flagship=Flagship(7, 2, 3),
              technologies=("plasma_scoring", "graviton_laser_system"))),
    "limit space (24 vs 24)": Battle(
        "space", Force({"war_sun": 2, "dreadnought": 5, "carrier": 4, "destroyer": 8,
                        "fighter": 5}),
        Force({"war_sun": 2, "dreadnought": 5, "carrier": 4, "destroyer": 8, "fighter": 5})),
    "worst seen (24 vs 22, fighters last, retreat r4)": Battle(
        "space", Force({"war_sun": 2, "dreadnought": 5, "destroyer": 3, "fighter": 14},
                       upgrades=("destroyer",), retreat_round=4,
                       policy=HitPolicy(order=("war_sun", "dreadnought", "destroyer", "fighter"),
                                        keep_alive="war_sun")),
        Force({"war_sun": 2, "dreadnought": 5, "destroyer": 8, "fighter": 9}), nebula=True),
}


def main() -> None:
    for name, battle in CASES.items():
        runs = 40 if "small" in name or "medium" in name else 10
        t = measure(lambda: calculate(battle), runs, setup=_hits.cache_clear)  # cold: a first request's cost
        print(f"{name:50s} wall median {t.median:7.1f} ms  p95 {t.p95:7.1f} ms"
              f" | cpu median {t.cpu_median:7.1f} ms  p95 {t.cpu_p95:7.1f} ms ({runs} runs)")


if __name__ == "__main__":
    main()
