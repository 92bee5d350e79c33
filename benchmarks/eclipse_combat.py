"""Time and memory per Eclipse battle, small to the largest accepted: a scaling table.

Run: ``python benchmarks/eclipse_combat.py`` from the repository root (``--quick`` skips the
sizes above 100,000 states). For each battle it prints the battle states, the median and p95
wall time, the median and p95 CPU time (the build machine is shared: wall time there depends on
the load, printed before and after) and the peak resident memory of one solve in a fresh process. "Before" is the dictionary solver the sweeps replaced, kept as the
test reference (``tests/engine/eclipse/reference.py``), run where it finishes in reasonable time.
"""

from __future__ import annotations

import multiprocessing
import os
import resource
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from benchmarks.timing import measure  # noqa: E402
from engine.eclipse.battle import Fleet, Group, check_size, estimate_states, solve_battle  # noqa: E402
from engine.eclipse.blueprints import default_blueprint, explicit_stats, npc_stats, stats_from_parts  # noqa: E402
from engine.eclipse.multi import Faction, resolve_hex  # noqa: E402
from tests.engine.eclipse.reference import solve_reference  # noqa: E402


def terran(kind: str, count: int) -> Group:
    return Group(kind, count, stats_from_parts(kind, default_blueprint(kind)))


def ship(kind: str, count: int, **stats: int) -> Group:
    return Group(kind, count, explicit_stats(stats))


def fleet(interceptors: int, cruisers: int, dreadnoughts: int, *extra: Group, targeting: str = "optimal") -> Fleet:
    groups = [
        terran(k, n)
        for k, n in (("interceptor", interceptors), ("cruiser", cruisers), ("dreadnought", dreadnoughts))
        if n
    ]
    return Fleet(tuple(groups) + extra, targeting)


TOUGH_DREADNOUGHTS = ship("dreadnought", 2, initiative=1, hull=3, computer=1, ion=2)
# (name, attacker, defender, runs, runs of the old solver (0: too slow to run here))
CASES = [
    ("2 v 2 interceptors", fleet(2, 0, 0), fleet(2, 0, 0), 50, 50),
    (
        "3 int + cruiser v dreadnought + starbase",
        fleet(3, 1, 0),
        Fleet((terran("dreadnought", 1), terran("starbase", 1))),
        20,
        20,
    ),
    ("7 Terran ships a side (4/2/1)", fleet(4, 2, 1), fleet(4, 2, 1), 5, 3),
    ("3/2/2 a side", fleet(3, 2, 2), fleet(3, 2, 2), 5, 1),
    ("4/4/2 a side (late game)", fleet(4, 4, 2), fleet(4, 4, 2), 9, 0),
    ("4/4/2 v 8/4/2 (largest optimal)", fleet(4, 4, 2), fleet(8, 4, 2), 3, 0),
    (
        "4/4/2 v 8/4/2 with hull-3 dreadnoughts (optimal falls back to largest_first)",
        fleet(4, 4, 2),
        Fleet((terran("interceptor", 8), terran("cruiser", 4), TOUGH_DREADNOUGHTS)),
        3,
        0,
    ),
]

# More than two factions in one hex: every battle after the first starts from each way the
# previous one can end (damage carried), so the number of battles is what grows.
HEXES = [
    (
        "hex: 4 players (2 int + cruiser each, one controls) + 2 Ancients",
        [Faction(f"p{i}", Fleet((terran("interceptor", 2), terran("cruiser", 1))), i, i == 0) for i in range(4)]
        + [Faction("ancients", Fleet((Group("ancient", 2, npc_stats("ancient")),)))],
        9,
    ),
]


def _peak_child(which: str, attacker: Fleet, defender: Fleet, out) -> None:
    if which == "after":
        solve_battle(attacker, defender)
    elif which == "before":
        solve_reference(attacker, defender)
    out.put(resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024)


def peak_mb(which: str, attacker: Fleet, defender: Fleet) -> float:
    """Peak resident memory of a fresh process that solves the battle once, in MB (the
    interpreter and its imports included; "idle" measures them alone)."""
    ctx = multiprocessing.get_context("spawn")
    out = ctx.Queue()
    child = ctx.Process(target=_peak_child, args=(which, attacker, defender, out))
    child.start()
    peak = out.get()
    child.join()
    return peak


def main() -> None:
    quick = "--quick" in sys.argv
    print(
        f"load average {os.getloadavg()[0]:.1f} on {os.cpu_count()} cores; a process with the solver "
        f"imported and idle peaks at {peak_mb('idle', Fleet(()), Fleet(())):,.0f} MB\n"
    )
    rows = []
    for name, attacker, defender, runs, old_runs in CASES:
        states = estimate_states(attacker, defender)
        if quick and states > 100_000:
            continue
        timing = measure(lambda: solve_battle(attacker, defender), runs)
        result = timing.result
        peak = peak_mb("after", attacker, defender)
        line = (
            f"{name}\n  {states:,} states{' (fallback: largest_first)' if check_size(attacker, defender)[1] else ''}"
            f", P(attacker wins) {result.attacker_win:.4f}\n"
            f"  after:  median {timing.median:,.1f} ms, p95 {timing.p95:,.1f} ms, CPU median "
            f"{timing.cpu_median:,.1f} ms, CPU p95 {timing.cpu_p95:,.1f} ms, peak {peak:,.0f} MB ({runs} runs)"
        )
        old = None
        if old_runs:
            old = measure(lambda: solve_reference(attacker, defender), old_runs)
            old_peak = peak_mb("before", attacker, defender)
            line += (
                f"\n  before: median {old.median:,.1f} ms, p95 {old.p95:,.1f} ms, CPU median "
                f"{old.cpu_median:,.1f} ms, peak {old_peak:,.0f} MB ({old_runs} runs)"
            )
        print(line, flush=True)
        rows.append((states, timing, peak, old))
    print("\nscaling (after): states | median ms | p95 ms | CPU median ms | CPU p95 ms | peak MB")
    for states, timing, peak, _ in rows:
        print(
            f"  {states:>10,} | {timing.median:>9,.1f} | {timing.p95:>9,.1f} | {timing.cpu_median:>9,.1f}"
            f" | {timing.cpu_p95:>9,.1f} | {peak:>6,.0f}"
        )
    for name, factions, runs in HEXES:
        timing = measure(lambda: resolve_hex(factions), runs)
        print(
            f"\n{name}\n  {timing.result.battles} battles solved\n"
            f"  median {timing.median:.1f} ms, p95 {timing.p95:.1f} ms, CPU median {timing.cpu_median:.1f} ms ({runs} runs)"
        )
    print(f"\nload average {os.getloadavg()[0]:.1f} at the end")


if __name__ == "__main__":
    main()
