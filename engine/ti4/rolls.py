"""How many hits a group of dice produces, exactly.

TI4 rolls ten-sided dice whose 0 face counts as 10 (FAQ, GENERALE, first answer): a die hits when
its result plus any modifier is at least the value it needs (rules 22.1, 49.2). Every die of one
roll is independent, so the hit count of a roll is a sum of binomials, one per distinct value.
"""

from __future__ import annotations

from fractions import Fraction
from functools import lru_cache, reduce
from typing import Mapping

from engine.core.dice import Dist, add, binomial
from engine.ti4.units import Loadout

D10_RULES = ("ti4/faq-generale-1", "ti4/22.1")


def hit_chance(value: int, modifier: int = 0) -> Fraction:
    """P(one d10 hits): faces ``value - modifier`` .. 10 hit, clamped to no face or all faces."""
    lowest = max(value - modifier, 1)
    return Fraction(max(0, 11 - lowest), 10)


@lru_cache(maxsize=4096)
def _hits(groups: tuple[tuple[int, int], ...], modifier: int) -> tuple[Fraction, ...]:
    parts: list[Dist] = [dict(enumerate(binomial(dice, hit_chance(value, modifier))))
                         for dice, value in groups]
    total = reduce(add, parts, {0: Fraction(1)})
    top = max(h for h, p in total.items() if p)
    return tuple(total.get(h, Fraction(0)) for h in range(top + 1))


def hits_distribution(groups: Mapping[int, int], modifier: int = 0) -> tuple[Fraction, ...]:
    """P(h hits) for h = 0..max over dice grouped as ``{value: number of dice}``.

    The tuple ends at the largest hit count that can happen, so a roll that cannot hit is
    ``(1,)``: callers use that to spot a side that can never score (the FAQ stalemate).
    """
    key = tuple(sorted((dice, value) for value, dice in groups.items() if dice > 0))
    return _hits(key, modifier)


def ability_hits(units: Mapping[str, int], loadout: Loadout, ability: str, modifier: int = 0,
                 extra_die: bool = False) -> tuple[Fraction, ...]:
    """P(h hits) of a one-off ability roll (``space_cannon``, ``bombardment``) of ``units``.

    Effects that modify combat rolls never apply to these (12.1, 15.3, 15.7, 68.1); only effects
    that name the ability do (``modifier``: Antimass Deflectors). ``extra_die``: one unit rolls
    one more die (Plasma Scoring), the unit with the best value, as a player would choose.
    """
    dice: dict[int, int] = {}
    for key, count in units.items():
        roll = getattr(loadout.stats(key), ability)
        if roll is not None and count:
            dice[roll.value] = dice.get(roll.value, 0) + count * roll.dice
    if extra_die and dice:
        best = min(dice)
        dice[best] += 1
    return hits_distribution(dice, modifier)
