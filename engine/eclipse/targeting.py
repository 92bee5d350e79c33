"""Where rolled hits may go, and the named rules for choosing among the possibilities.

COLPIRE: a 6 always hits, a 1 always misses, otherwise roll + computers - target's shields >= 6
hits. So a die face ``r`` fired with computer ``c`` hits every target whose shield is at most
``r + c - 6``: against the few distinct shield values present, faces fall into a handful of
*classes* (class k hits the k weakest shield levels), and only the count of hits per (damage,
class) matters. That grouping keeps the branching small.

DANNI: one die's damage never splits between ships; several dice may go to the same ship. A
player chooses every assignment; ``results`` lists every distinct fleet state the hits can
produce. A hit is never wasted while a live target it can reach remains (extra damage never
helps the ship's owner), so piling dice on an already destroyed ship is only used when forced.
The targeting strategies then pick one of those states: ``optimal`` (in ``battle``) by the value
of the battle, the heuristics here by a ranking key.
"""

from __future__ import annotations

from fractions import Fraction
from functools import lru_cache

from engine.core.dice import binomial

OPTIMAL = "optimal"
LARGEST_FIRST = "largest_first"  # destroy the largest ships you can, then deal the most damage
MOST_KILLS = "most_kills"  # destroy as many ships as possible, larger first among equals
HEURISTICS = (LARGEST_FIRST, MOST_KILLS)
TARGETINGS = (OPTIMAL,) + HEURISTICS
# COMBATTERE CONTRO GLI ANTICHI E IL SDCG: destroy the player's ships from the largest when
# possible, otherwise inflict the most damage. That is exactly LARGEST_FIRST's ranking.
NPC_TARGETING = LARGEST_FIRST

Hits = tuple[tuple[int, int, int], ...]  # (damage, class, number of dice), class >= 1
Fleet = tuple[tuple[int, ...], ...]  # per group: damage on each live ship, largest first


@lru_cache(maxsize=None)
def class_probabilities(computer: int, levels: tuple[int, ...]) -> tuple[Fraction, ...]:
    """P(a die lands in class k), k = 0 (miss) .. len(levels) (hits every shield level).

    ``levels`` are the distinct shield values of the targets present, ascending.
    """
    m = len(levels)
    counts = [0] * (m + 1)
    for face in range(1, 7):
        if face == 6:
            k = m
        elif face == 1:
            k = 0
        else:
            k = sum(1 for s in levels if face + computer - s >= 6)
        counts[k] += 1
    return tuple(Fraction(c, 6) for c in counts)


def _split(n: int, probs: tuple[Fraction, ...]) -> list[tuple[Fraction, tuple[int, ...]]]:
    """Multinomial distribution of ``n`` dice over classes, by successive binomial splits."""
    if len(probs) == 1:
        return [(Fraction(1), (n,))]
    first, rest = probs[-1], probs[:-1]
    total_rest = sum(rest, Fraction(0))
    out: list[tuple[Fraction, tuple[int, ...]]] = []
    for k, pk in enumerate(binomial(n, first)):
        if pk == 0:
            continue
        if total_rest == 0:
            sub = [(Fraction(1), (0,) * len(rest))] if k == n else []
        else:
            sub = _split(n - k, tuple(p / total_rest for p in rest))
        out.extend((pk * ps, counts + (k,)) for ps, counts in sub)
    return out


@lru_cache(maxsize=None)
def roll_outcomes(
    dice: tuple[tuple[int, int], ...], computer: int, levels: tuple[int, ...]
) -> tuple[Fraction, tuple[tuple[Fraction, Hits], ...]]:
    """Distribution of the hits from ``dice`` ((damage, number) pairs) against ``levels``.

    Returns (P(every die misses), ((probability, hits), ...) for the outcomes with a hit).
    """
    probs = class_probabilities(computer, levels)
    dist: dict[Hits, Fraction] = {(): Fraction(1)}
    for damage, n in sorted(dice, reverse=True):
        nxt: dict[Hits, Fraction] = {}
        for counts_p, counts in _split(n, probs):
            part = tuple((damage, k, c) for k, c in sorted(enumerate(counts), reverse=True) if k and c)
            for hits, p in dist.items():
                key = hits + part
                nxt[key] = nxt.get(key, Fraction(0)) + p * counts_p
        dist = nxt
    p_miss = dist.pop((), Fraction(0))
    return p_miss, tuple((p, hits) for hits, p in sorted(dist.items(), reverse=True))


def results(
    fleet: Fleet, hulls: tuple[int, ...], shields: tuple[int, ...], levels: tuple[int, ...], hits: Hits
) -> frozenset[Fleet]:
    """Every distinct fleet state the hits can leave (DANNI: a die's damage never splits).

    A hit of class k may go to any live ship of a group whose shield is <= levels[k-1]; a ship
    with damage beyond its hull is destroyed and removed.
    """
    dice = []
    for damage, cls, count in hits:
        reach = levels[cls - 1]
        dice.extend([(damage, tuple(i for i, s in enumerate(shields) if s <= reach))] * count)
    return _spread(fleet, hulls, tuple(dice))


@lru_cache(maxsize=1 << 16)
def _spread(fleet: Fleet, hulls: tuple[int, ...], dice: tuple[tuple[int, tuple[int, ...]], ...]) -> frozenset[Fleet]:
    """The states after ``dice`` (each (damage, groups it may hit)), one die at a time.

    Cached by prefix: a volley of k hits reuses the states after its first k - 1, which the
    volleys of fewer ships already computed.
    """
    if not dice:
        return frozenset((fleet,))
    damage, allowed = dice[-1]
    out: set[Fleet] = set()
    for st in _spread(fleet, hulls, dice[:-1]):
        moved = False
        for i in allowed:
            ships = st[i]
            seen = set()
            for j, x in enumerate(ships):
                if x in seen:
                    continue
                seen.add(x)
                moved = True
                hit = x + damage
                rest = ships[:j] + ships[j + 1 :]
                new = rest if hit > hulls[i] else tuple(sorted(rest + (hit,), reverse=True))
                out.add(st[:i] + (new,) + st[i + 1 :])
        if not moved:
            out.add(st)
    return frozenset(out)


def heuristic_key(name: str, before: Fleet, after: Fleet, hulls: tuple[int, ...], sizes: tuple[int, ...]) -> tuple:
    """Ranking of a result for a named heuristic: the larger key is chosen.

    ``largest_first``: ships destroyed counted per size, largest size first (lexicographic), then
    total damage dealt, then damage on larger ships. ``most_kills``: ships destroyed first.
    The final element (the fleet itself) makes the choice deterministic.
    """
    killed_by_size: dict[int, int] = {}
    dealt = 0
    weighted = 0
    kills = 0
    for i, (b, a) in enumerate(zip(before, after)):
        k = len(b) - len(a)
        kills += k
        killed_by_size[sizes[i]] = killed_by_size.get(sizes[i], 0) + k
        d = sum(a) + k * (hulls[i] + 1) - sum(b)
        dealt += d
        weighted += d * sizes[i]
    by_size = tuple(killed_by_size[s] for s in sorted(killed_by_size, reverse=True))
    if name == LARGEST_FIRST:
        return (by_size, dealt, weighted, after)
    if name == MOST_KILLS:
        return (kills, by_size, dealt, weighted, after)
    raise ValueError(f"unknown heuristic {name}")
