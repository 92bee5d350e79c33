"""What a battle calculation answers, built from the chain's end states.

The chain knows states; players want odds, survivors, losses and rounds. ``summarize`` turns
end states into units left (after the end-of-combat rules the caller's ``settle`` applies:
capacity, retreat) and aggregates them per side.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from fractions import Fraction
from typing import Callable, Iterable, Sequence

from engine.core.reasons import Reason
from engine.ti4.assignment import ForceStates, Number
from engine.ti4.chain import STALEMATE_RULE, ChainOutcome
from engine.ti4.units import Loadout

Units = tuple[tuple[str, int], ...]  # sorted (unit, count) pairs, count > 0
# settle(kind, attacker units, defender units): what is left of each side; a side's part may only
# depend on the kind of ending and its own units (summarize calls it one side at a time).
Settle = Callable[[str, dict[str, int], dict[str, int]], tuple[dict[str, int], dict[str, int]]]


@dataclass(frozen=True)
class SideSummary:
    """One side's fate. ``survivors``: compositions left (in the system, or retreated), most
    likely first; ``count_distribution[k]`` = P(k units left); ``at_least_non_fighters[n]`` =
    P(at least n units other than fighters left); losses are expectations."""

    survivors: tuple[tuple[Units, Number], ...]
    count_distribution: tuple[Number, ...]
    at_least_non_fighters: tuple[Number, ...]
    expected_survivors: tuple[tuple[str, Number], ...]
    expected_losses: tuple[tuple[str, Number], ...]
    expected_units_lost: Number
    expected_cost_lost: Number


PRE_COMBAT_STEPS = ("space_cannon_offense", "anti_fighter_barrage", "space_cannon_defense", "bombardment")


@dataclass(frozen=True)
class PreCombatStep:
    """What one side's fire before the rounds did (the anti-fighter barrage is round 1's only:
    the rules fire it once); ``side`` fires. ``expected_hits`` and
    ``at_least_one_hit`` come from the dice (battles the step does not happen in count as 0
    hits); ``expected_destroyed`` is the enemy units it removes, which is fewer when hits
    exceed the targets or are cancelled by Sustain Damage. ``step`` is one of
    ``PRE_COMBAT_STEPS``."""

    step: str
    side: str
    expected_hits: Number
    at_least_one_hit: Number
    expected_destroyed: Number


@dataclass(frozen=True)
class Ending:
    """One way the battle can end, as a headline names it: ``kind`` (a key of ``WINS``) and the
    units the side left in the system keeps (after ``settle``; empty for a draw and for an
    unfinished battle, which have no such side, or when the end-of-combat rules remove them all)."""

    kind: str
    units: Units
    p: Number


@dataclass(frozen=True)
class CombatResult:
    """Odds of each ending. ``attacker_win + defender_win + draw + unfinished == 1``;
    ``unfinished`` is 0 unless a stop plan cuts the battle. Retreats and the stalemate are
    parts of the loser's column: ``defender_retreat`` counts in ``attacker_win``,
    ``attacker_retreat`` and ``stalemate`` in ``defender_win``. ``rounds[r]`` is P(the battle
    ends in round r), r = 0 (before any round) .. len-1, and ``rounds_later`` that it ends after
    those; with ``unfinished`` they sum to 1. ``likely``: every ``Ending`` tied for the highest
    chance (``ENDING_ORDER``), one unless equal odds (a mirror battle) leave several."""

    attacker_win: Number
    defender_win: Number
    draw: Number
    unfinished: Number
    attacker_retreat: Number
    defender_retreat: Number
    stalemate: Number
    attacker: SideSummary
    defender: SideSummary
    rounds: tuple[Number, ...]
    rounds_later: Number
    expected_rounds: Number
    rules: tuple[str, ...]
    reasons: tuple[Reason, ...]
    likely: tuple[Ending, ...]
    pre_combat: tuple[PreCombatStep, ...] = ()


def pre_combat_step(
    step: str, side: str, rolls: Iterable[tuple[Number, Sequence[Number]]], destroyed: Number, zero: Number
) -> PreCombatStep:
    """Sum a step's hit distributions, each weighted by the chance of the state it is rolled
    from (after an earlier step the dice thrown vary), into a ``PreCombatStep``."""
    expected = at_least = zero
    for weight, hits in rolls:
        expected += weight * sum((h * q for h, q in enumerate(hits)), zero)
        at_least += weight * (1 - hits[0])
    return PreCombatStep(step, side, expected, at_least, destroyed)


WINS = {
    "attacker": "attacker_win",
    "defender_retreat": "attacker_win",
    "defender": "defender_win",
    "attacker_retreat": "defender_win",
    "stalemate": "defender_win",
    "draw": "draw",
    "unfinished": "unfinished",
}
# The side left in the system at each ending (0 attacker, 1 defender): an ending is told with the
# units it keeps. A draw leaves neither and an unfinished battle has no such side yet.
HOLDER = {"attacker": 0, "defender_retreat": 0, "defender": 1, "attacker_retreat": 1, "stalemate": 1}
ENDING_ORDER = tuple(WINS)  # tied endings are listed in this order of kinds, then by units
# Float sums reach equal odds along different paths, so they differ in the last bits; this is far
# above that noise and far below any difference the page shows (0.1%).
TIE_TOLERANCE = 1e-9


def _tied(p: Number, best: Number) -> bool:
    """Equal odds: exactly for fractions, within ``TIE_TOLERANCE`` (relative) for floats, so a
    rounding error cannot pick one of two equally likely endings."""
    if isinstance(p, Fraction) and isinstance(best, Fraction):
        return p == best
    return math.isclose(p, best, rel_tol=TIE_TOLERANCE)


def _likeliest(endings: dict[tuple[str, Units], Number]) -> tuple[Ending, ...]:
    best = max(endings.values())
    tied = (Ending(kind, units, p) for (kind, units), p in endings.items() if _tied(p, best))
    return tuple(sorted(tied, key=lambda e: (ENDING_ORDER.index(e.kind), e.units)))


def _side(finals: dict[Units, Number], initial: dict[str, int], loadout: Loadout, zero: Number) -> SideSummary:
    size = sum(initial.values())
    non_fighters = size - initial.get("fighter", 0)
    counts = [zero] * (size + 1)
    non_fighter_counts = [zero] * (non_fighters + 1)
    expected = {key: zero for key in initial}
    for units, p in finals.items():
        counts[sum(n for _, n in units)] += p
        non_fighter_counts[sum(n for k, n in units if k != "fighter")] += p
        for key, n in units:
            expected[key] += n * p
    at_least = []
    running = zero
    for p in reversed(non_fighter_counts):
        running += p
        at_least.append(running)
    losses = {key: initial[key] - expected[key] for key in initial}
    cost = sum((loadout.stats(k).cost * v for k, v in losses.items()), zero)
    ranked = tuple(sorted(finals.items(), key=lambda item: (-item[1], item[0])))
    return SideSummary(
        ranked,
        tuple(counts),
        tuple(reversed(at_least)),
        tuple(expected.items()),
        tuple(losses.items()),
        sum(losses.values(), zero),
        cost,
    )


def _freeze(units: dict[str, int]) -> Units:
    return tuple(sorted((k, n) for k, n in units.items() if n > 0))


def summarize(
    outcome: ChainOutcome,
    attacker: ForceStates,
    defender: ForceStates,
    initial: tuple[dict[str, int], dict[str, int]],
    loadouts: tuple[Loadout, Loadout],
    settle: Settle,
    rules: tuple[str, ...],
    reasons: tuple[Reason, ...],
    zero: Number,
    stalemate: Reason = Reason("stalemate", STALEMATE_RULE),
) -> CombatResult:
    """Aggregate the chain's end states into a ``CombatResult``. ``stalemate`` is the FAQ's
    stalemate as the combat applies it (a ground combat only by analogy)."""
    columns = {
        name: zero
        for name in (
            "attacker_win",
            "defender_win",
            "draw",
            "unfinished",
            "attacker_retreat",
            "defender_retreat",
            "stalemate",
        )
    }
    finals: tuple[dict[Units, Number], dict[Units, Number]] = ({}, {})
    endings: dict[tuple[str, Units], Number] = {}
    found: dict[str, Reason] = {}
    # What is left of a side depends only on how the battle ended and on that side's own
    # units, so each side's end states are summed over the other side's first.
    margins: tuple[dict[tuple[str, int], Number], dict[tuple[str, int], Number]] = ({}, {})
    for (kind, ia, idf), p in outcome.ends.items():
        columns[WINS[kind]] += p
        if kind in ("attacker_retreat", "defender_retreat", "stalemate"):
            columns[kind] += p
        for side, key in ((0, (kind, ia)), (1, (kind, idf))):
            margins[side][key] = margins[side].get(key, zero) + p
    for side, states in ((0, attacker), (1, defender)):
        for (kind, i), p in margins[side].items():
            before = states.counts(i)
            left = settle(kind, *((before, {}) if side == 0 else ({}, before)))[side]
            frozen = _freeze(left)
            finals[side][frozen] = finals[side].get(frozen, zero) + p
            if HOLDER.get(kind, 0) == side:  # once: a draw or an unfinished battle from the attacker's side
                ending = (kind, frozen if kind in HOLDER else ())
                endings[ending] = endings.get(ending, zero) + p
            if left.get("fighter", 0) < before.get("fighter", 0):
                reason = (
                    Reason("fighters_left_behind", "ti4/23.7")
                    if kind.endswith("retreat") or kind == "stalemate"
                    else Reason("fighters_over_capacity", "ti4/23.10")
                )
                found[reason.code] = reason
    if columns["stalemate"]:
        found["stalemate"] = stalemate
    reasons += tuple(found[code] for code in sorted(found))
    rules += tuple(r.rule for r in reasons if r.rule not in rules)
    return CombatResult(
        attacker_win=columns["attacker_win"],
        defender_win=columns["defender_win"],
        draw=columns["draw"],
        unfinished=columns["unfinished"],
        attacker_retreat=columns["attacker_retreat"],
        defender_retreat=columns["defender_retreat"],
        stalemate=columns["stalemate"],
        attacker=_side(finals[0], initial[0], loadouts[0], zero),
        defender=_side(finals[1], initial[1], loadouts[1], zero),
        rounds=outcome.rounds,
        rounds_later=outcome.later,
        expected_rounds=outcome.expected_rounds,
        rules=rules,
        reasons=reasons,
        likely=_likeliest(endings),
    )


def _fraction(value: Number) -> Number:
    """``Fraction`` for a Fraction or a float: its overloaded constructor is no callable over the union."""
    return Fraction(value)


def number_type(exact: bool) -> tuple[Callable[[Number], Number], Number]:
    """Fractions for exact tests, floats for speed (sums to 1 within 1e-12)."""
    return (_fraction, Fraction(0)) if exact else (float, 0.0)
