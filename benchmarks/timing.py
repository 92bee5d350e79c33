"""The one timing loop the benchmark scripts share: repeat a call, report median and p95.

Every script used to carry its own loop and its own p95 rounding; one definition keeps the
numbers in the docs comparable. Times are in milliseconds.
"""

from __future__ import annotations

import statistics
import time
from dataclasses import dataclass
from typing import Any, Callable


def percentile(values: list[float], share: float) -> float:
    """Nearest-rank percentile: the sample ``share`` of the way from the smallest to the largest."""
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(share * (len(ordered) - 1)))]


@dataclass(frozen=True)
class Timing:
    wall_ms: list[float]
    cpu_ms: list[float]
    result: Any  # what the last run returned, for scripts that print a figure of the answer

    @property
    def median(self) -> float:
        return statistics.median(self.wall_ms)

    @property
    def p95(self) -> float:
        return percentile(self.wall_ms, 0.95)

    @property
    def cpu_median(self) -> float:
        return statistics.median(self.cpu_ms)

    @property
    def cpu_p95(self) -> float:
        return percentile(self.cpu_ms, 0.95)


def measure(call: Callable[[], Any], runs: int, setup: Callable[[], Any] | None = None) -> Timing:
    """Time ``call`` ``runs`` times (wall clock and CPU); ``setup`` runs before each, untimed."""
    wall, cpu, result = [], [], None
    for _ in range(runs):
        if setup is not None:
            setup()
        start, start_cpu = time.perf_counter(), time.process_time()
        result = call()
        wall.append((time.perf_counter() - start) * 1000)
        cpu.append((time.process_time() - start_cpu) * 1000)
    return Timing(wall, cpu, result)
