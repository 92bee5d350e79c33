"""How many hits a group of dice produces, exactly.

TI4 rolls ten-sided dice whose 0 face counts as 10 (FAQ, GENERALE, first answer): a die hits when
its result plus any modifier is at least the value it needs (rules 22.1, 49.2). Every die of one
roll is independent, so the hit count of a roll is a sum of binomials, one per distinct value.
"""

from __future__ import annotations

from fractions import Fraction
from functools import lru_cache, reduce
from math import comb
from typing import Mapping, Sequence, cast

import numpy as np

from engine.core.dice import Dist, add, binomial
from engine.ti4.units import Loadout

Number = Fraction | float

D10_RULES = ("ti4/faq-generale-1", "ti4/22.1")


def hit_chance(value: int, modifier: int = 0, reroll: bool = False) -> Fraction:
    """P(one d10 hits): faces ``value - modifier`` .. 10 hit, clamped to no face or all faces;
    ``reroll``: a miss is rolled once more (Fire Team), so only two misses in a row miss."""
    lowest = max(value - modifier, 1)
    p = Fraction(max(0, 11 - lowest), 10)
    return 1 - (1 - p) ** 2 if reroll else p


def bonus_die(value: int, modifier: int) -> tuple[Fraction, ...]:
    """P(h hits) of one die whose natural 9 or 10 (before modifiers) produces 2 more hits (the
    Jol-Nar flagship): the die's own hit still needs ``value`` after modifiers."""
    out = [Fraction(0)] * 4
    for face in range(1, 11):
        out[(face + modifier >= value) + (2 if face >= 9 else 0)] += Fraction(1, 10)
    return tuple(out)


@lru_cache(maxsize=4096)
def _hits(
    groups: tuple[tuple[int, int], ...],
    modifier: int,
    exact: bool = True,
    reroll: bool = False,
    bonus: tuple[tuple[int, int], ...] = (),
) -> tuple[Number, ...]:
    dist: Sequence[Number]
    if exact:
        parts: list[Dist] = [
            dict(enumerate(binomial(dice, hit_chance(value, modifier, reroll)))) for dice, value in groups
        ]
        for dice, value in bonus:
            parts += [dict(enumerate(bonus_die(value, modifier)))] * dice
        total = reduce(add, parts, {0: Fraction(1)})
        dist = [total.get(h, Fraction(0)) for h in range(max(total) + 1)]
    else:  # the battle chain's floats: convolving Fractions was most of a large battle's time
        arr = np.ones(1)
        for dice, value in groups:
            p = float(hit_chance(value, modifier, reroll))
            arr = np.convolve(
                arr, np.array([comb(dice, k) * p**k * (1 - p) ** (dice - k) for k in range(dice + 1)], dtype=np.float64)
            )
        for dice, value in bonus:
            for _ in range(dice):
                arr = np.convolve(arr, np.array([float(q) for q in bonus_die(value, modifier)]))
        dist = arr.tolist()
    top = max(h for h, p in enumerate(dist) if p)  # p = 0 and p = 1 give exact zeros in floats too
    return tuple(dist[: top + 1])


def short_and_hits(groups: Mapping[int, int], modifier: int, exact: bool, width: int, most: int) -> tuple[Number, ...]:
    """P(outcome) of a combat roll whose dice one short of a hit are counted too (the Hacan
    flagship: a trade good adds +1 to a die): outcome ``min(short, most) * width + hits``,
    ``width`` being more than the dice and ``most`` the goods that could ever be spent. A die is
    one short when its face plus ``modifier`` is one less than its value."""
    key = tuple(sorted((value, dice) for value, dice in groups.items() if dice > 0))
    return _short_and_hits(key, modifier, exact, width, most)


@lru_cache(maxsize=1024)
def _short_and_hits(
    groups: tuple[tuple[int, int], ...], modifier: int, exact: bool, width: int, most: int
) -> tuple[Number, ...]:
    one: Number = Fraction(1) if exact else 1.0
    joint: dict[tuple[int, int], Number] = {(0, 0): one}
    for value, dice in groups:
        hit = hit_chance(value, modifier)
        short = Fraction(1, 10) if 1 <= value - modifier - 1 <= 10 else Fraction(0)
        exact_faces = ((0, 0, 1 - hit - short), (1, 0, hit), (0, 1, short))
        faces: list[tuple[int, int, Number]] = [(h, s, p if exact else float(p)) for h, s, p in exact_faces]
        for _ in range(dice):
            step: dict[tuple[int, int], Number] = {}
            for (h, s), p in joint.items():
                for dh, ds, q in faces:
                    if q:
                        step[(h + dh, s + ds)] = step.get((h + dh, s + ds), 0 * one) + p * q
            joint = step
    out = [0 * one] * ((min(max(s for _, s in joint), most) + 1) * width)
    for (h, s), p in joint.items():
        out[min(s, most) * width + h] += p
    top = max(o for o, p in enumerate(out) if p)
    return tuple(out[: top + 1])


def hits_distribution(
    groups: Mapping[int, int],
    modifier: int = 0,
    exact: bool = True,
    reroll: bool = False,
    bonus: Mapping[int, int] | None = None,
) -> tuple[Number, ...]:
    """P(h hits) for h = 0..max over dice grouped as ``{value: number of dice}``, as Fractions
    or, with ``exact`` off, floats; ``bonus`` dice (same grouping) roll as ``bonus_die``.

    The tuple ends at the largest hit count that can happen, so a roll that cannot hit is
    ``(1,)``: callers use that to spot a side that can never score (the FAQ stalemate).
    """
    key = tuple(sorted((dice, value) for value, dice in groups.items() if dice > 0))
    extra = tuple(sorted((dice, value) for value, dice in (bonus or {}).items() if dice > 0))
    return _hits(key, modifier, exact, reroll, extra)


def ability_hits(
    units: Mapping[str, int],
    loadout: Loadout,
    ability: str,
    modifier: int = 0,
    extra_die: bool = False,
    extra: Mapping[int, int] | None = None,
) -> tuple[Fraction, ...]:
    """P(h hits) of a one-off ability roll (``space_cannon``, ``bombardment``) of ``units``.

    Effects that modify combat rolls never apply to these (12.1, 15.3, 15.7, 68.1); only effects
    that name the ability do (``modifier``: Antimass Deflectors). ``extra_die``: one unit rolls
    one more die (Plasma Scoring), the unit with the best value, as a player would choose;
    ``extra``: dice of something other than a unit (``{value: dice}``).
    """
    dice: dict[int, int] = dict(extra or {})
    for key, count in units.items():
        roll = getattr(loadout.stats(key), ability)
        if roll is not None and count:
            dice[roll.value] = dice.get(roll.value, 0) + count * roll.dice
    if extra_die and dice:
        best = min(dice)
        dice[best] += 1
    return cast("tuple[Fraction, ...]", hits_distribution(dice, modifier))  # exact: Fractions
