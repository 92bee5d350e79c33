"""Time per Eclipse battle (exact solver), small to the largest supported: median and p95.

Run: ``python benchmarks/eclipse_combat.py`` from the repository root. Each repetition solves
the battle from scratch (only the per-process tables of dice outcomes stay warm).
"""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from engine.eclipse.battle import Fleet, Group, estimate_states, solve_battle  # noqa: E402
from engine.eclipse.blueprints import default_blueprint, explicit_stats, npc_stats, stats_from_parts  # noqa: E402
from engine.eclipse.multi import Faction, resolve_hex  # noqa: E402
from benchmarks.timing import measure  # noqa: E402


def terran(kind: str, count: int) -> Group:
    return Group(kind, count, stats_from_parts(kind, default_blueprint(kind)))


def ship(kind: str, count: int, **stats: int) -> Group:
    return Group(kind, count, explicit_stats(stats))


SEVEN = (terran("interceptor", 4), terran("cruiser", 2), terran("dreadnought", 1))
CASES = [
    ("small: 2 interceptors vs 2 interceptors, optimal",
     Fleet((terran("interceptor", 2),)), Fleet((terran("interceptor", 2),)), 50),
    ("medium: 3 interceptors + cruiser vs dreadnought + starbase, optimal",
     Fleet((terran("interceptor", 3), terran("cruiser", 1))),
     Fleet((terran("dreadnought", 1), terran("starbase", 1))), 20),
    ("largest optimal: 7 Terran ships a side (4 int, 2 cru, 1 dread)", Fleet(SEVEN), Fleet(SEVEN), 5),
    ("largest overall: upgraded fleets, largest_first (optimal would fall back)",
     Fleet((ship("cruiser", 4, initiative=2, hull=2, computer=1, ion=2),
            ship("dreadnought", 2, initiative=1, hull=3, computer=1, ion=2, plasma=1)), "largest_first"),
     Fleet((ship("interceptor", 6, initiative=3, hull=1, shield=1, ion=1),
            ship("starbase", 2, initiative=4, hull=2, computer=1, ion=2)), "largest_first"), 5),
]


# More than two factions in one hex: every battle after the first starts from each way the
# previous one can end (damage carried), so the number of battles is what grows.
HEXES = [
    ("hex: 4 players (2 int + cruiser each, one controls) + 2 Ancients",
     [Faction(f"p{i}", Fleet((terran("interceptor", 2), terran("cruiser", 1))), i, i == 0) for i in range(4)]
     + [Faction("ancients", Fleet((Group("ancient", 2, npc_stats("ancient")),)))], 5),
]


def main() -> None:
    for name, attacker, defender, reps in CASES:
        timing = measure(lambda: solve_battle(attacker, defender), reps)
        result = timing.result
        print(f"{name}\n  estimate {estimate_states(attacker, defender):,} states, solver visited "
              f"{result.states:,} nodes, P(attacker wins) {result.attacker_win:.4f}\n"
              f"  median {timing.median:.1f} ms, p95 {timing.p95:.1f} ms ({reps} runs)")
    for name, factions, reps in HEXES:
        timing = measure(lambda: resolve_hex(factions), reps)
        print(f"{name}\n  {timing.result.battles} battles solved\n"
              f"  median {timing.median:.1f} ms, p95 {timing.p95:.1f} ms ({reps} runs)")


if __name__ == "__main__":
    main()
