"""The exact battle chain over (attacker state, defender state) pairs.

Each round both sides roll at once (23.5, 24.1) and hits move each side down its loss chain
(see ``assignment``). Rounds up to the plans' horizon are stepped one at a time, so plans,
modifiers and the round count are exact per round. After the horizon the chain is homogeneous:
every move lowers the total number of hits both sides can still absorb, except the "nobody hit"
self-loop, which is solved algebraically (stay with probability s, leave with the rest: the mass
that eventually leaves is m / (1 - s), and so is the expected number of rounds spent there).
States are then visited once, from the largest total down, so no round-by-round iteration runs
to convergence.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Callable

from engine.ti4.assignment import ForceStates, Number

Pair = tuple[int, int]
Distribution = dict[Pair, Number]

STALEMATE_RULE = "ti4/faq-generale-2"


@dataclass(frozen=True)
class RoundRules:
    """How rounds differ. ``modifier(r)`` gives (attacker, defender) roll modifiers for round r
    and must be constant for r > ``horizon``; ``first_round_step`` runs before round 1's rolls
    (anti-fighter barrage, rule 23.3); retreats are announced at the start of the given round."""

    horizon: int
    modifier: Callable[[int], tuple[int, int]]
    stop_after: int | None = None
    attacker_retreat: int | None = None
    defender_retreat: int | None = None
    first_round_step: Callable[[Distribution], Distribution] | None = None


@dataclass(frozen=True)
class ChainOutcome:
    """How the battle ends. ``ends[(kind, attacker_state, defender_state)]`` is a probability,
    with kind one of ``attacker``, ``defender``, ``draw`` (who is left, 23.10),
    ``attacker_retreat``, ``defender_retreat``, ``stalemate`` (FAQ) or ``unfinished`` (stop plan).
    ``rounds[r]`` is P(the battle ends during round r), r = 0..horizon (0: before combat),
    ``later`` P(it ends after the horizon)."""

    ends: dict[tuple[str, int, int], Number]
    rounds: tuple[Number, ...]
    later: Number
    expected_rounds: Number


class _Ledger:
    """Accumulates the end states while the chain runs."""

    def __init__(self, attacker: ForceStates, defender: ForceStates, zero: Number):
        self.attacker, self.defender, self.zero = attacker, defender, zero
        self.ends: dict[tuple[str, int, int], Number] = {}

    def add(self, kind: str, pair: Pair, p: Number) -> None:
        key = (kind, pair[0], pair[1])
        self.ends[key] = self.ends.get(key, self.zero) + p

    def settle(self, dist: Distribution, retreating: str | None = None) -> tuple[Distribution, Number]:
        """Record finished battles; return the pairs still fighting and the mass that ended."""
        going: Distribution = {}
        ended = self.zero
        for pair, p in dist.items():
            a_alive = self.attacker.alive(pair[0])
            d_alive = self.defender.alive(pair[1])
            if a_alive and d_alive and retreating is None:
                going[pair] = p
                continue
            if a_alive and d_alive:
                kind = f"{retreating}_retreat"
            elif a_alive:
                kind = "attacker"
            elif d_alive:
                kind = "defender"
            else:
                kind = "draw"
            self.add(kind, pair, p)
            ended += p
        return going, ended


def _spread(attacker: ForceStates, defender: ForceStates, pair: Pair, m: Number,
            modifiers: tuple[int, int], out: Distribution, skip_still: bool) -> None:
    """Add to ``out`` where one round of rolls sends mass ``m`` from ``pair``."""
    ia, idf = pair
    path_a, path_d = attacker.chain(ia), defender.chain(idf)
    hits_a = attacker.capped_roll(ia, "combat", modifiers[0], len(path_d) - 1)
    hits_d = defender.capped_roll(idf, "combat", modifiers[1], len(path_a) - 1)
    for hd, qd in enumerate(hits_d):
        na = path_a[hd]
        w = m * qd
        for ha in range(1 if skip_still and hd == 0 else 0, len(hits_a)):
            key = (na, path_d[ha])
            out[key] = out.get(key, 0) + w * hits_a[ha]


def run(attacker: ForceStates, defender: ForceStates, start: Distribution,
        rules: RoundRules, zero: Number) -> ChainOutcome:
    """Play the battle from ``start`` (the pairs after any pre-combat fire) to its end."""
    ledger = _Ledger(attacker, defender, zero)
    rounds = [zero] * (rules.horizon + 1)
    expected = zero
    mass, rounds[0] = ledger.settle(start)
    for r in range(1, rules.horizon + 1):
        if not mass:
            break
        expected += sum(mass.values())
        if r == 1 and rules.first_round_step is not None:
            mass, rounds[1] = ledger.settle(rules.first_round_step(mass))
        retreating = None
        if rules.defender_retreat == r:
            retreating = "defender"  # 23.4: the attacker cannot announce in this round
        elif rules.attacker_retreat == r:
            retreating = "attacker"
        nxt: Distribution = {}
        modifiers = rules.modifier(r)
        for pair, m in mass.items():
            _spread(attacker, defender, pair, m, modifiers, nxt, False)
        mass, ended = ledger.settle(nxt, retreating)
        rounds[r] += ended
    later = zero
    if mass and rules.stop_after is not None:
        for pair, m in mass.items():
            ledger.add("unfinished", pair, m)
    elif mass:
        later, visits = _solve_tail(attacker, defender, mass, rules.modifier(rules.horizon + 1),
                                    ledger)
        expected += visits
    return ChainOutcome(ledger.ends, tuple(rounds), later, expected)


def _solve_tail(attacker: ForceStates, defender: ForceStates, mass: Distribution,
                modifiers: tuple[int, int], ledger: _Ledger) -> tuple[Number, Number]:
    """Absorb ``mass`` in the homogeneous chain; return (mass absorbed, expected rounds)."""
    zero = ledger.zero
    depth_a, depth_d = attacker.depths, defender.depths
    levels: dict[int, Distribution] = {}
    for pair, p in mass.items():
        levels.setdefault(depth_a[pair[0]] + depth_d[pair[1]], {})[pair] = p
    absorbed = visits = zero
    while levels:
        current = levels.pop(max(levels))
        for pair, m in current.items():
            hits_a = attacker.roll(pair[0], "combat", modifiers[0])
            hits_d = defender.roll(pair[1], "combat", modifiers[1])
            if len(hits_a) == 1 and len(hits_d) == 1:
                ledger.add("stalemate", pair, m)  # nobody can ever score: FAQ, GENERALE 2
                absorbed += m
                continue
            leave = m / (1 - hits_a[0] * hits_d[0])
            visits += leave
            out: Distribution = {}
            _spread(attacker, defender, pair, leave, modifiers, out, True)
            for target, p in out.items():
                if depth_a[target[0]] and depth_d[target[1]]:
                    level = levels.setdefault(depth_a[target[0]] + depth_d[target[1]], {})
                    level[target] = level.get(target, zero) + p
                else:
                    absorbed += ledger.settle({target: p})[1]
    return absorbed, visits
