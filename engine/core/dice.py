"""Exact dice distributions shared by every game's calculator.

Distributions are plain ``dict[int, Fraction]`` mappings (value -> probability) so they compose
with ordinary Python and stay exact; percentages appear only at the edge (the web layer).
"""

from __future__ import annotations

from fractions import Fraction
from functools import lru_cache
from math import comb

Dist = dict[int, Fraction]


def die(sides: int) -> Dist:
    """One fair die with faces 1..sides."""
    if sides < 1:
        raise ValueError("a die needs at least one face")
    p = Fraction(1, sides)
    return {face: p for face in range(1, sides + 1)}


def add(a: Dist, b: Dist) -> Dist:
    """Distribution of the sum of two independent variables."""
    out: Dist = {}
    for va, pa in a.items():
        for vb, pb in b.items():
            out[va + vb] = out.get(va + vb, Fraction(0)) + pa * pb
    return out


@lru_cache(maxsize=None)
def _dice_sum(count: int, sides: int) -> tuple[tuple[int, Fraction], ...]:
    total: Dist = {0: Fraction(1)}
    for _ in range(count):
        total = add(total, die(sides))
    return tuple(sorted(total.items()))


def dice_sum(count: int, sides: int) -> Dist:
    """Sum of ``count`` fair dice with ``sides`` faces (2d6 -> ``dice_sum(2, 6)``)."""
    return dict(_dice_sum(count, sides))


def shift(dist: Dist, amount: int) -> Dist:
    """Add a fixed modifier to every outcome."""
    return {value + amount: p for value, p in dist.items()}


def p_greater(a: Dist, b: Dist) -> Fraction:
    """P(A > B) for independent A and B: the 'strictly higher wins' rule of opposed rolls."""
    return sum((pa * pb for va, pa in a.items() for vb, pb in b.items() if va > vb), Fraction(0))


def binomial(n: int, p: Fraction) -> tuple[Fraction, ...]:
    """P(k successes) for k = 0..n among n independent trials of probability p."""
    q = 1 - p
    return tuple(comb(n, k) * p**k * q ** (n - k) for k in range(n + 1))
