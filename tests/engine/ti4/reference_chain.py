"""The dictionary-and-lists battle chain the TI4 engine used before numpy, kept only as the
reference the numpy chain must equal (tests/engine/ti4/test_chain_reference.py). Not product code.

Original description:

Each round both sides roll at once (23.5, 24.1) and hits move each side down its loss chain
(see ``assignment``). Rounds up to the plans' horizon are stepped one at a time, so plans,
modifiers and the round count are exact per round (a few more rounds are stepped for the rounds
distribution while a fixed work budget allows). After the horizon the chain is homogeneous:
every move lowers the total number of hits both sides can still absorb, except the "nobody hit"
self-loop, which is solved algebraically (stay with probability s, leave with the rest: the mass
that eventually leaves is m / (1 - s), and so is the expected number of rounds spent there).
States are then visited once, from the largest total down, so no round-by-round iteration runs
to convergence.
"""

from __future__ import annotations

from engine.core.budget import check
from engine.ti4.assignment import ForceStates, Number
from engine.ti4.chain import ROUNDS_SHOWN, WORK_BUDGET, ChainOutcome, RoundRules

Pair = tuple[int, int]
Distribution = dict[Pair, Number]


def _capped(force: ForceStates, i: int, modifier: int, cap: int) -> tuple[Number, ...]:
    """The combat roll with every count of ``cap`` hits or more merged at ``cap``."""
    full = force.roll(i, "combat", modifier)
    return full if len(full) <= cap + 1 else full[:cap] + (sum(full[cap:]),)


class _PairChain:
    """Probability mass on every (attacker state, defender state) pair, as a dense matrix.

    Lists of lists beat dictionaries here: the inner loop of a round is an indexed add. Both
    state sets are closed first (every state a side can still reach is on the loss chain of
    a state it holds now), so the matrix never grows.
    """

    def __init__(self, attacker: ForceStates, defender: ForceStates, zero: Number):
        self.attacker, self.defender, self.zero = attacker, defender, zero
        self.ends: dict[tuple[str, int, int], Number] = {}
        self.a_dead = attacker.index((0,) * len(attacker.states[attacker.start]))
        self.d_dead = defender.index((0,) * len(defender.states[defender.start]))

    def empty(self) -> list[list[Number]]:
        return [[self.zero] * len(self.defender.states) for _ in self.attacker.states]

    def load(self, dist: Distribution) -> list[list[Number]]:
        for a, d in dist:
            self.attacker.chain(a)
            self.defender.chain(d)
        grid = self.empty()
        for (a, d), p in dist.items():
            grid[a][d] += p
        return grid

    def add(self, kind: str, a: int, d: int, p: Number) -> None:
        key = (kind, a, d)
        self.ends[key] = self.ends.get(key, self.zero) + p

    def kind(self, a: int, d: int) -> str | None:
        """Who won if the battle is over at (a, d) (23.9, 23.10), else None."""
        a_alive, d_alive = a != self.a_dead, d != self.d_dead
        if a_alive and d_alive:
            return None
        return "attacker" if a_alive else "defender" if d_alive else "draw"

    def settle_pairs(self, dist: Distribution) -> tuple[Distribution, Number]:
        """Record finished battles of a sparse distribution; return the rest and the mass
        that ended."""
        going: Distribution = {}
        ended = self.zero
        for (a, d), p in dist.items():
            kind = self.kind(a, d)
            if kind is None:
                going[(a, d)] = p
            else:
                self.add(kind, a, d, p)
                ended += p
        return going, ended

    def settle(self, grid: list[list[Number]], retreating: tuple[str, ...] = ()) -> Number:
        """Record and clear the finished battles in ``grid``, and those a side retreats from
        (the sides planning to this round, the defender first); return the mass that ended."""
        ended = self.zero
        for a, row in enumerate(grid):
            for d, p in enumerate(row):
                if not p:
                    continue
                kind = self.kind(a, d)
                if kind is None:  # only a side with a unit that moves can leave (23.7)
                    can = {"attacker": self.attacker.can_leave(a), "defender": self.defender.can_leave(d)}
                    kind = next((f"{side}_retreat" for side in retreating if can[side]), None)
                if kind is not None:
                    self.add(kind, a, d, p)
                    ended += p
                    row[d] = self.zero
        return ended

    def spread(
        self, a: int, d: int, m: Number, modifiers: tuple[int, int], out: list[list[Number]], skip_still: bool
    ) -> None:
        """Add to ``out`` where one round of rolls sends mass ``m`` from (a, d)."""
        path_a, path_d = self.attacker.chain(a), self.defender.chain(d)
        hits_a = _capped(self.attacker, a, modifiers[0], len(path_d) - 1)
        hits_d = _capped(self.defender, d, modifiers[1], len(path_a) - 1)
        row = list(zip(path_d, hits_a))
        for hd, qd in enumerate(hits_d):
            target = out[path_a[hd]]
            w = m * qd
            for nd, qa in row[1:] if skip_still and hd == 0 else row:
                target[nd] += w * qa

    def cost(self, a: int, d: int) -> int:
        """Hit combinations one ``spread`` from (a, d) looks at: the work it does."""
        return min(len(self.attacker.roll(a, "combat")), self.defender.depths[d] + 1) * min(
            len(self.defender.roll(d, "combat")), self.attacker.depths[a] + 1
        )


def _cells(grid: list[list[Number]]):
    for a, row in enumerate(grid):
        for d, p in enumerate(row):
            if p:
                yield a, d, p


def run(
    attacker: ForceStates, defender: ForceStates, start: Distribution, rules: RoundRules, zero: Number
) -> ChainOutcome:
    """Play the battle from ``start`` (the pairs after any pre-combat fire) to its end."""
    pairs = _PairChain(attacker, defender, zero)
    going, ended = pairs.settle_pairs(start)
    rounds = [ended]
    expected = sum(going.values(), zero)  # every battle still on plays round 1
    before_rolls = zero
    if going and rules.first_round_step is not None:
        going, before_rolls = pairs.settle_pairs(rules.first_round_step(going))
    grid = pairs.load(going)
    last = rules.horizon if rules.stop_after is not None else max(rules.horizon, ROUNDS_SHOWN)
    work = 0
    r = 0
    alive = bool(going)
    while alive and r < last and (r < rules.horizon or work <= WORK_BUDGET):
        r += 1
        if r > 1:
            expected += sum((p for _, _, p in _cells(grid)), zero)
        # 23.4: the defender announces first; where it does, the attacker cannot in this round.
        retreating = tuple(
            side
            for side, planned in (("defender", rules.defender_retreat), ("attacker", rules.attacker_retreat))
            if planned == r
        )
        nxt = pairs.empty()
        modifiers = rules.modifier(r)
        for a, d, m in _cells(grid):
            check()  # the web layer's time budget, if any
            pairs.spread(a, d, m, modifiers, nxt, False)
            if r > rules.horizon:
                work += pairs.cost(a, d)
        grid = nxt
        rounds.append(pairs.settle(grid, retreating) + (before_rolls if r == 1 else zero))
        alive = any(p for _, _, p in _cells(grid))
    later = zero
    if alive and rules.stop_after is not None:
        for a, d, m in _cells(grid):
            pairs.add("unfinished", a, d, m)
    elif alive:
        later, visits = _solve_tail(pairs, grid, rules.modifier(r + 1))
        expected += visits
    if r == 0:
        rounds.append(before_rolls)
    return ChainOutcome(pairs.ends, tuple(rounds), later, expected)


def _solve_tail(pairs: _PairChain, grid: list[list[Number]], modifiers: tuple[int, int]) -> tuple[Number, Number]:
    """Absorb the mass in ``grid`` in the homogeneous chain; return (mass absorbed, expected
    rounds). Pairs are taken from the most hits left to the fewest: every move but the
    self-loop goes down, so each pair is final when its turn comes."""
    attacker, defender, zero = pairs.attacker, pairs.defender, pairs.zero
    order = sorted(
        ((a, d) for a in range(len(grid)) for d in range(len(grid[0])) if attacker.depths[a] and defender.depths[d]),
        key=lambda ad: -(attacker.depths[ad[0]] + defender.depths[ad[1]]),
    )
    absorbed = visits = zero
    for a, d in order:
        m = grid[a][d]
        if not m:
            continue
        check()
        grid[a][d] = zero
        hits_a = attacker.roll(a, "combat", modifiers[0])
        hits_d = defender.roll(d, "combat", modifiers[1])
        if len(hits_a) == 1 and len(hits_d) == 1:
            pairs.add("stalemate", a, d, m)  # nobody can ever score: FAQ, GENERALE 2
            absorbed += m
            continue
        leave = m / (1 - hits_a[0] * hits_d[0])
        visits += leave
        pairs.spread(a, d, leave, modifiers, grid, True)
    absorbed += pairs.settle(grid)
    return absorbed, visits
