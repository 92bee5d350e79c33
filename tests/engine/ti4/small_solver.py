"""An independent exact solver for small TI4 space combats, for cross-checking the engine.

It shares no code with ``engine/ti4``: a memoized recursion over (attacker units, defender units,
round) with its own dice and its own hit taking, for the plain case the engine's default hit
policy covers (every intact unit with Sustain Damage sustains first, then units are lost in the
listed order, damaged ones first). It knows two faction effects the numpy chain handles in its
own way: Non-Euclidean Shielding (a sustain cancels two hits of one round) and rerolled misses in
the first rounds (Munitions Reserves). No space cannon, barrage, cards or flagship abilities.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from functools import lru_cache
from math import comb

Units = tuple[tuple[int, int], ...]  # (intact, damaged) per kind, in loss order


@dataclass(frozen=True)
class Kind:
    name: str
    value: int  # hits on this or more
    dice: int = 1
    sustain: bool = False


@dataclass(frozen=True)
class Fleet:
    kinds: tuple[Kind, ...]
    double_sustain: bool = False  # Non-Euclidean Shielding
    reroll_rounds: int = 0  # misses rolled again in rounds 1..n

    def roll(self, units: Units, reroll: bool) -> list[Fraction]:
        """P(h hits) of one combat roll."""
        dist = [Fraction(1)]
        for kind, (intact, damaged) in zip(self.kinds, units):
            p = Fraction(11 - kind.value, 10)
            if reroll:
                p = 1 - (1 - p) ** 2
            n = (intact + damaged) * kind.dice
            one = [comb(n, k) * p**k * (1 - p) ** (n - k) for k in range(n + 1)]
            dist = [
                sum(dist[i] * one[h - i] for i in range(len(dist)) if 0 <= h - i < len(one))
                for h in range(len(dist) + n)
            ]
        return dist

    def take(self, units: Units, hits: int) -> Units:
        """The units left after ``hits`` hits assigned at once."""
        cells = [list(pair) for pair in units]
        for kind, cell in zip(self.kinds, cells):
            while kind.sustain and cell[0] and hits > 0:
                cell[0] -= 1
                cell[1] += 1
                hits -= 2 if self.double_sustain else 1
        for cell in cells:
            for part in (1, 0):  # damaged first
                lost = min(max(hits, 0), cell[part])
                cell[part] -= lost
                hits -= lost
        return tuple((a, b) for a, b in cells)


def odds(attacker: Fleet, defender: Fleet, a0: Units, d0: Units) -> tuple[Fraction, Fraction, Fraction]:
    """(attacker wins, defender wins, draw) of a space combat between these fleets."""
    last = max(attacker.reroll_rounds, defender.reroll_rounds)

    @lru_cache(maxsize=None)
    def ends(a: Units, d: Units, r: int) -> tuple[Fraction, Fraction, Fraction]:
        a_left, d_left = any(sum(c) for c in a), any(sum(c) for c in d)
        if not (a_left and d_left):
            return (Fraction(int(a_left)), Fraction(int(d_left)), Fraction(int(not a_left and not d_left)))
        a_roll = attacker.roll(a, r <= attacker.reroll_rounds)
        d_roll = defender.roll(d, r <= defender.reroll_rounds)
        later = r if r > last else r + 1  # past the rerolls every round is alike
        total, stay = [Fraction(0)] * 3, Fraction(0)
        for j, pa in enumerate(a_roll):
            for i, pd in enumerate(d_roll):
                nxt = (attacker.take(a, i), defender.take(d, j))
                if r > last and nxt == (a, d):
                    stay += pa * pd  # nobody hit: the same round again
                    continue
                sub = ends(*nxt, later)
                total = [t + pa * pd * s for t, s in zip(total, sub)]
        return (total[0] / (1 - stay), total[1] / (1 - stay), total[2] / (1 - stay))

    return ends(a0, d0, 1)
