"""One battle's Markov chain solved by dense value sweeps over every battle state (numpy).

A side's *configuration* is, for each of its ship groups, the multiset of damage on its live
ships and its retreat status (in the hex / retreat announced / gone), coded as one mixed-radix
integer. A battle state is (round while a retreat plan still waits, attacker configuration,
defender configuration); values live in dense arrays ``V[value, round, step, a, d]``, so the
successor of a hit is an index, never a dictionary lookup.

Why blocks: a hit always lowers the enemy's remaining hull and an announced retreat advances a
status, so the *potential* ``2 * remaining hull + groups not yet retreating`` of one side drops
at every change. Configurations are sorted by potential; (attacker configurations of one
potential) x (defender configurations of one potential) is a rectangular block whose successors
all lie in blocks of lower total potential, swept first. Within a block an activation is a few
matrix operations: for every (own configuration, hit outcome) the candidate assignments are
gathered from the successors' rows at once and the firing side's best is taken with segmented
maxima.

The only cycle is a round in which every die misses: the round is unrolled as
``value_b = alpha_b + beta_b * value_end`` and, when the round does not advance a retreat
plan's clock, ``value_end`` is the round start itself, solved as ``alpha_0 / (1 - beta_0)``.

A stalemate (STALLO, eclipse/stallo: the attacker retreats or is destroyed) leaves the hex to
the defender, so its value is (0, 1) and P(attacker holds) + P(defender holds) = 1: each side
maximising its chance to hold the hex plays a zero-sum game. Both values are still kept: when a
side almost surely wins, its probability rounds to 1.0 and only the other side's tiny
probability still tells the candidate assignments apart (the tie-break).

The forward pass pushes probability mass along the chosen transitions, level by level from the
highest, carrying the number of rounds fought (0..ROUNDS_SHOWN-1, the last bucket "or more") so
one pass gives the final states, the expected rounds and the rounds distribution. Without
``rounds_detail`` it keeps two buckets (before the first round, after), which costs a sixth.
The pass is linear in the starting mass, so it can start from several weighted states at once
(a hex's survivors that differ only in their damage).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from fractions import Fraction
from itertools import combinations_with_replacement
from typing import Any, Union

import numpy as np
from numpy.typing import NDArray

from engine.core.budget import check as check_budget

from .parts import SHIP_TYPES
from .targeting import OPTIMAL, Hits, heuristic_key, results, roll_outcomes
from .targeting import Fleet as TargetFleet

Num = Union[float, Fraction]  # a probability: floats, or Fractions in exact mode
Values = NDArray[Any]  # probabilities: float64, or objects holding Fractions in exact mode
Ints = NDArray[np.int64]
Flags = NDArray[np.bool_]
Final = tuple[str, tuple[tuple[int, ...], ...], tuple[int, ...]]  # outcome "A"/"D"/"S", damage, status per group
Outs = tuple[tuple[Num, Hits], ...]  # (probability, hits) of each roll with a hit
ATTACKER, DEFENDER = 0, 1
ROUNDS_SHOWN = 12  # rounds distribution: exact P(k rounds) for k < 11, then P(11 or more)
# Float values within this relative distance are ties (the first candidate wins, as with exact
# values): rounding noise must not pick between equally good assignments whose survivors differ.
TIE = 1e-15


@dataclass(frozen=True)
class GroupSpec:
    """What the sweep needs of one ship group (``battle`` builds these from its fleets)."""

    side: int
    kind: str
    count: int
    hull: int
    shield: int
    computer: int
    cannon_dice: tuple[tuple[int, int], ...]
    missile_dice: tuple[tuple[int, int], ...]
    retreat_round: int | None  # first round its retreat plan applies, if any

    @property
    def armed(self) -> bool:
        return bool(self.cannon_dice)


@dataclass(frozen=True)
class Outcome:
    """The sweep's answer: final states with their probabilities, and the rounds fought."""

    win: tuple[Num, Num, Num]  # P(attacker wins), P(defender wins outright), P(stalemate: the defender holds)
    finals: dict[Final, Num]
    expected_rounds: Num
    rounds: tuple[Num, ...]
    states: int


class _Side:
    """Every configuration of one side, sorted by potential, with per-group arrays."""

    def __init__(self, specs: list[GroupSpec]):
        self.specs = specs
        self.multisets = [
            [
                tuple(reversed(c))
                for k in range(g.count + 1)
                for c in combinations_with_replacement(range(g.hull + 1), k)
            ]
            for g in specs
        ]
        self.ms_index = [{m: j for j, m in enumerate(ms)} for ms in self.multisets]
        statuses = [(0, 1, 2) if g.retreat_round is not None else (0,) for g in specs]
        # Mixed radix: damage multiset of each group, then each group's status.
        self.radix: list[int] = []
        r = 1
        for ms in self.multisets:
            self.radix.append(r)
            r *= len(ms)
        self.part = [{m: j * r for m, j in index.items()} for index, r in zip(self.ms_index, self.radix)]
        self.status_radix: list[int] = []
        for choices in statuses:
            self.status_radix.append(r)
            r *= len(choices)
        n = r
        groups = len(specs)
        alive = np.zeros((groups, n), dtype=np.int64)
        status = np.zeros((groups, n), dtype=np.int64)
        hull_left = np.zeros(n, dtype=np.int64)
        waiting = np.zeros(n, dtype=np.int64)
        codes = np.arange(n)
        for g, (ms, rad, srad, spec) in enumerate(zip(self.multisets, self.radix, self.status_radix, specs)):
            m_idx = (codes // rad) % len(ms)
            st = (codes // srad) % len(statuses[g])
            alive[g] = np.array([len(m) for m in ms])[m_idx]
            status[g] = st
            left = np.array([sum(spec.hull + 1 - x for x in m) for m in ms])[m_idx]
            hull_left += np.where(st == 2, 0, left)
            if spec.retreat_round is not None:
                waiting += st == 0
        potential = 2 * hull_left + waiting
        order = np.argsort(potential, kind="stable")  # sorted index -> code
        self.code_of = order
        self.index_of = np.empty(n, dtype=np.int64)
        self.index_of[order] = np.arange(n)
        self.n = n
        self.potential = potential[order]
        self.alive = alive[:, order]
        self.status = status[:, order]
        here = (self.alive > 0) & (self.status != 2)
        self.present = here.any(axis=0) if groups else np.zeros(n, bool)
        armed = np.array([g.armed for g in specs], dtype=bool)[:, None]
        self.armed = (here & armed).any(axis=0)
        self.here = here  # groups present in each configuration (their shields set the dice classes)
        values, starts = np.unique(self.potential, return_index=True)
        ends = np.append(starts[1:], n)
        self.classes = list(zip(values.tolist(), starts.tolist(), ends.tolist()))

    def damage(self, idx: int) -> tuple[tuple[int, ...], ...]:
        code = int(self.code_of[idx])
        return tuple(ms[(code // r) % len(ms)] for ms, r in zip(self.multisets, self.radix))

    def statuses(self, idx: int) -> tuple[int, ...]:
        return tuple(int(s) for s in self.status[:, idx])

    def index(self, damage: tuple[tuple[int, ...], ...], status: tuple[int, ...]) -> int:
        code = sum(self.ms_index[g][m] * r for g, (m, r) in enumerate(zip(damage, self.radix)))
        code += sum(s * r for s, r in zip(status, self.status_radix))
        return int(self.index_of[code])


@dataclass(frozen=True)
class _Table:
    """Hit outcomes of ``n`` ships of one group firing at one potential class of enemy configurations.

    One entry per (enemy configuration, hit outcome), in configuration order; each owns a run of
    candidate enemy configurations ``cands[starts[e]:starts[e] + lengths[e]]`` and its
    probability ``probs[e]``. Split by ``n`` so that few ships never pay for the outcomes only
    many ships can roll.
    """

    cands: Ints
    starts: Ints
    lengths: Ints
    probs: Values
    column: Ints  # the enemy configuration (within the class) of each entry
    by_column: Ints  # first entry of each enemy configuration
    single: bool  # every entry has one candidate (heuristic targeting): nothing to choose
    positions: Ints  # 0 .. len(cands) - 1, the candidates' positions


@dataclass(frozen=True)
class _Move:
    """Own configurations (within the block) that leave by retreating, and where each goes."""

    moving: Ints
    moved: Ints


@dataclass(frozen=True)
class _Shot:
    """Own configurations (within the block) firing by one table, and each entry's chosen
    successor (own configurations x entries)."""

    who: Ints
    succ: NDArray[np.int32]
    tab: _Table


Record = Union[_Move, list[_Shot], None]  # what the forward pass replays of one activation
Step = tuple[Values, Record]  # P(nothing changes) in a block, and the record


@dataclass(frozen=True)
class _Enemy:
    """One configuration of the side fired at, decoded once for all the hit outcomes against it."""

    fleet: TargetFleet  # damage on the live ships of each group present
    hulls: tuple[int, ...]
    shields: tuple[int, ...]
    sizes: tuple[int, ...]
    part: list[dict[tuple[int, ...], int]]  # each present group's share of the code, by damage
    base: int  # the code without the present groups' damage

    @classmethod
    def of(cls, side: _Side, idx: int) -> _Enemy:
        dmg, status = side.damage(idx), side.statuses(idx)
        present = [k for k in range(len(side.specs)) if dmg[k] and status[k] != 2]
        fleet = tuple(dmg[k] for k in present)
        part = [side.part[k] for k in present]
        return cls(
            fleet,
            tuple(side.specs[k].hull for k in present),
            tuple(side.specs[k].shield for k in present),
            tuple(SHIP_TYPES[side.specs[k].kind].size for k in present),
            part,
            int(side.code_of[idx]) - sum(p[m] for p, m in zip(part, fleet)),
        )


class Sweep:
    """One battle: tables of hit outcomes and candidates, then the backward and forward passes.

    States are handled in rectangular *blocks*: (attacker configurations of one potential) x
    (defender configurations of one potential). A block's successors lie in blocks of lower
    total potential, and within a block every activation is a handful of matrix operations.
    """

    def __init__(
        self,
        specs: list[GroupSpec],
        order: tuple[int, ...],
        missile_order: tuple[int, ...],
        targeting: tuple[str, str],
        exact: bool,
        rounds_detail: bool = True,
    ):
        self.specs = specs
        self.order, self.missile_order = order, missile_order
        self.targeting = targeting
        self.exact = exact
        self.dtype = object if exact else np.float64
        self.one: Num = Fraction(1) if exact else 1.0
        self.zero: Num = Fraction(0) if exact else 0.0
        # The same as 0-d arrays, for np.where (read-only: an in-place sum must not change them).
        self.zeros, self.ones = np.array(self.zero, dtype=self.dtype), np.array(self.one, dtype=self.dtype)
        self.zeros.flags.writeable = self.ones.flags.writeable = False
        self.K = ROUNDS_SHOWN if rounds_detail else 2
        self.members = (
            [i for i, g in enumerate(specs) if g.side == ATTACKER],
            [i for i, g in enumerate(specs) if g.side == DEFENDER],
        )
        self.local = {i: k for side in self.members for k, i in enumerate(side)}
        self.sides = (_Side([specs[i] for i in self.members[0]]), _Side([specs[i] for i in self.members[1]]))
        A, D = self.sides
        self.NA, self.ND = A.n, D.n
        self.N = self.NA * self.ND
        self.cap = max([g.retreat_round for g in specs if g.retreat_round] or [1])
        self.terminal_a = ~D.present[None, :] & A.present[:, None]  # the attacker holds the hex
        self.terminal_d = ~A.present[:, None] & np.ones(self.ND, bool)[None, :]
        self.terminal = self.terminal_a | self.terminal_d
        self.stalemate = ~A.armed[:, None] & ~D.armed[None, :] & ~self.terminal
        by_level: dict[int, list[tuple[int, int]]] = {}
        for i, (pa, _, _) in enumerate(A.classes):
            for j, (pd, _, _) in enumerate(D.classes):
                by_level.setdefault(pa + pd, []).append((i, j))
        self.levels = [by_level[k] for k in sorted(by_level)]  # lowest potential first
        self.tables: dict[tuple[int, str, int], tuple[Values, list[_Table]]] = {}
        self.cand_memo: dict[tuple, tuple[int, ...]] = {}
        self.enemies: dict[tuple[int, int], _Enemy] = {}
        self.firing: dict[tuple[int, int, int], tuple[Ints, list[tuple[int, Ints]]]] = {}
        self.roll_memo: dict[tuple[tuple[tuple[int, int], ...], int, tuple[int, ...]], tuple[Num, Outs]] = {}
        self.progress: Callable[[float], None] | None = None  # hears the share of levels swept
        self.swept = 0

    def root(self, damage: tuple[tuple[int, ...], ...]) -> tuple[int, int]:
        """The state a battle starts from: the damage on each group's ships (largest first)."""
        (A, D), (att, dfn) = self.sides, self.members
        return (
            A.index(tuple(damage[g] for g in att), (0,) * len(att)),
            D.index(tuple(damage[g] for g in dfn), (0,) * len(dfn)),
        )

    def _level_done(self) -> None:
        """One level of one pass finished: check the time budget and report progress."""
        check_budget()
        self.swept += 1
        if self.progress:
            passes = 2 * self.cap + (1 if self.missile_order else 0)
            self.progress(min(1.0, self.swept / (passes * len(self.levels))))

    def _array(self, *shape, fill=None) -> np.ndarray:
        if not self.exact:
            return np.zeros(shape) if fill is None else np.full(shape, fill, dtype=np.float64)
        out = np.empty(shape, dtype=object)
        out[...] = self.zero if fill is None else fill
        return out

    def _bounds(self, i: int, j: int) -> tuple[slice, slice]:
        A, D = self.sides
        return slice(*A.classes[i][1:]), slice(*D.classes[j][1:])

    # ----- tables ----------------------------------------------------------------------------
    def candidates(self, side: int, enemy_idx: int, levels: tuple[int, ...], hits: Hits) -> tuple[int, ...]:
        """Enemy configurations (codes, not sorted indices) the hits can leave, as the side's
        targeting allows, in sorted order of the states: ties go to the first."""
        key = (side, enemy_idx, hits)
        found = self.cand_memo.get(key)
        if found is not None:
            return found
        enemy = self.enemies.get((side, enemy_idx))
        if enemy is None:
            enemy = self.enemies[(side, enemy_idx)] = _Enemy.of(self.sides[1 - side], enemy_idx)
        states = sorted(results(enemy.fleet, enemy.hulls, enemy.shields, levels, hits))
        strategy = self.targeting[side]
        if strategy != OPTIMAL:
            fleet, hulls, sizes = enemy.fleet, enemy.hulls, enemy.sizes
            states = [max(states, key=lambda c: heuristic_key(strategy, fleet, c, hulls, sizes))]
        part = enemy.part
        found = self.cand_memo[key] = tuple(enemy.base + sum([p[m] for p, m in zip(part, state)]) for state in states)
        return found

    def rolls(self, dice: tuple[tuple[int, int], ...], computer: int, levels: tuple[int, ...]) -> tuple[Num, Outs]:
        """``roll_outcomes`` with the probabilities in this sweep's number type."""
        key = (dice, computer, levels)
        found = self.roll_memo.get(key)
        if found is None:
            p_miss, outs = roll_outcomes(dice, computer, levels)
            if self.exact:
                found = (p_miss, outs)
            else:
                found = (float(p_miss), tuple((float(p), hits) for p, hits in outs))
            self.roll_memo[key] = found
        return found

    def table(self, g: int, phase: str, cls: int) -> tuple[Values, list[_Table]]:
        """P(every die misses) as ``quiet[n, c]`` against the class's configuration ``c``, and a
        table of hit outcomes for each number ``n`` of ships firing (``n - 1`` in the list)."""
        key = (g, phase, cls)
        known = self.tables.get(key)
        if known is not None:
            return known
        spec = self.specs[g]
        E = self.sides[1 - spec.side]
        _, e0, e1 = E.classes[cls]
        per_ship = spec.missile_dice if phase == "m" else spec.cannon_dice
        quiet = self._array(spec.count + 1, e1 - e0, fill=self.one)
        shields = np.array([x.shield for x in E.specs])
        levels = [tuple(sorted(set(shields[E.here[:, e]].tolist()))) for e in range(e0, e1)]
        tables: list[_Table] = []
        for alive in range(1, spec.count + 1):
            dice = tuple((d, n * alive) for d, n in per_ship)
            probs: list[Num] = []
            cands: list[int] = []
            starts: list[int] = []
            lengths: list[int] = []
            column: list[int] = []
            by_column: list[int] = []
            for c, e in enumerate(range(e0, e1)):
                by_column.append(len(probs))
                outs: Outs = ((self.zero, ()),)  # a final state: one dummy entry that never carries probability
                if E.present[e]:
                    p_miss, outs = self.rolls(dice, spec.computer, levels[c])
                    quiet[alive, c] = p_miss
                for p, hits in outs:
                    found = self.candidates(spec.side, e, levels[c], hits) if hits else (int(E.code_of[e]),)
                    probs.append(p)
                    starts.append(len(cands))
                    lengths.append(len(found))
                    column.append(c)
                    cands.extend(found)
            lengths_arr = np.array(lengths, dtype=np.int64)
            tables.append(
                _Table(
                    E.index_of[np.array(cands, dtype=np.int64)],
                    np.array(starts, dtype=np.int64),
                    lengths_arr,
                    np.array(probs, dtype=self.dtype),
                    np.array(column, dtype=np.int64),
                    np.array(by_column, dtype=np.int64),
                    bool((lengths_arr == 1).all()),
                    np.arange(len(cands)),
                )
            )
        self.tables[key] = (quiet, tables)
        return quiet, tables

    # ----- one activation over a block --------------------------------------------------------
    def act(
        self, g: int, phase: str, rnd: int, i: int, j: int, nxt: list[Values]
    ) -> tuple[Values, list[Values], Record]:
        """Activation of group ``g`` in block (i, j), choosing targets by ``nxt`` (the values after it).

        Returns (P(nothing changes), [value of what changes, per value kept], the record the
        forward pass needs), the first two as (attacker rows x defender columns) matrices.
        Candidates are gathered as (own configurations x candidates) for either side, so every
        segmented reduction runs along contiguous rows.
        """
        spec = self.specs[g]
        side = spec.side
        k = self.local[g]
        own_side = self.sides[side]
        rows, cols = self._bounds(i, j)
        own, enemy = (rows, cols) if side == ATTACKER else (cols, rows)
        cls = j if side == ATTACKER else i  # the enemy's class
        fire, groups = self._firing(side, k, i if side == ATTACKER else j)
        shape = (rows.stop - rows.start, cols.stop - cols.start)
        quiet = self._array(*shape, fill=self.one)
        change = [self._array(*shape) for _ in nxt]
        record: Record = None
        if phase == "e" and spec.retreat_round is not None and rnd + 1 >= spec.retreat_round:
            # RITIRATA: announce on this activation, leave on the next one; fired at meanwhile.
            moving = np.flatnonzero(fire)
            moved = own_side.index_of[own_side.code_of[own.start + moving] + own_side.status_radix[k]]
            if side == ATTACKER:
                quiet[moving] = self.zero
                for v, x in enumerate(nxt):
                    change[v][moving] = x[moved, enemy]
            else:
                quiet[:, moving] = self.zero
                for v, x in enumerate(nxt):
                    change[v][:, moving] = x[enemy][:, moved]
            record = _Move(moving, moved)
        elif (spec.missile_dice if phase == "m" else spec.armed) and groups:
            quiet_tab, tables = self.table(g, phase, cls)
            quiet = quiet_tab[fire] if side == ATTACKER else quiet_tab[fire].T
            shots = []
            for count, who in groups:
                tab = tables[count - 1]
                at = own.start + who
                if side == ATTACKER:
                    vals = [x[at].take(tab.cands, axis=1) for x in nxt]
                else:
                    vals = [x[:, at].T.take(tab.cands, axis=1) for x in nxt]
                pick = self._best(vals, tab, side)
                for v, x in enumerate(vals):
                    chosen = x.take(pick).reshape(len(who), -1) * tab.probs
                    total = np.add.reduceat(chosen, tab.by_column, axis=1)
                    if side == ATTACKER:
                        change[v][who] = total
                    else:
                        change[v][:, who] = total.T
                first = pick.reshape(len(who), -1) - (np.arange(len(who)) * len(tab.cands))[:, None]
                # Kept for the forward pass: int32 halves the largest record (indices < 2**31).
                shots.append(_Shot(who, tab.cands[first].astype(np.int32), tab))
            record = shots
        return quiet, change, record

    def _firing(self, side: int, k: int, cls: int) -> tuple[Ints, list[tuple[int, Ints]]]:
        """Live ships of the side's group ``k`` in the hex, in each configuration of class ``cls``,
        and those configurations by that number (positions within the class): the same in every
        block and step, so found once."""
        key = (side, k, cls)
        found = self.firing.get(key)
        if found is None:
            own = self.sides[side]
            here = slice(*own.classes[cls][1:])
            fire = np.where(own.status[k, here] != 2, own.alive[k, here], 0)
            groups = [(int(n), np.flatnonzero(fire == n)) for n in np.unique(fire[fire > 0])]
            found = self.firing[key] = (fire, groups)
        return found

    def _best(self, vals: list[Values], tab: _Table, side: int) -> Ints:
        """Flat positions in ``vals`` (own configurations x candidates) of each entry's chosen
        candidate, own configuration major: the firing side's highest chance to hold the hex,
        ties broken by the other side's lowest, then by the first candidate.

        Almost every entry has one best candidate: then its positions are just the nonzero
        ones of the mask, and the tie-breaks (two more segmented reductions) are skipped.
        """
        rows, n = vals[0].shape
        if tab.single:
            return (np.arange(rows)[:, None] * n + tab.starts).ravel()
        starts, lengths = tab.starts, tab.lengths
        entries = rows * len(starts)
        keep = self.one - (self.zero if self.exact else TIE)  # share of the best that still ties
        mine, theirs = vals[side], vals[1 - side]
        top = mine >= np.repeat(np.maximum.reduceat(mine, starts, axis=1) * keep, lengths, axis=1)
        if np.count_nonzero(top) > entries:
            # Probabilities are at most 1: adding 2 lifts the candidates off the top above the rest
            # (arithmetic on a random mask is several times faster than np.where's branching).
            low = np.minimum.reduceat(theirs + 2 * ~top, starts, axis=1)
            top &= theirs <= np.repeat(low / keep, lengths, axis=1)
            if np.count_nonzero(top) > entries:  # still tied: the first candidate
                first = np.minimum.reduceat(tab.positions + n * ~top, starts, axis=1)
                return (np.arange(rows)[:, None] * n + first).ravel()
        return np.flatnonzero(top)

    # ----- backward: values ------------------------------------------------------------------------
    def solve(self) -> None:
        """Values of every state at every engagement step (and missile step), lowest level first."""
        n = len(self.order)
        nv = 2
        self.V = self._array(nv, self.cap, n, self.NA, self.ND)
        self.V[0][..., self.terminal_a] = self.one
        self.V[1][..., self.terminal_d] = self.one
        self.records: dict[tuple[int | str, int, int, int], Step] = {}
        for rnd in range(self.cap - 1, -1, -1):
            for blocks in self.levels:
                for i, j in blocks:
                    self._round(rnd, i, j)
                self._level_done()
        self.M: Values | None = self._missiles() if self.missile_order else None

    def _round(self, rnd: int, i: int, j: int) -> None:
        n = len(self.order)
        V = self.V
        nv = V.shape[0]
        capped = rnd == self.cap - 1
        rows, cols = self._bounds(i, j)
        term = self.terminal[rows, cols]
        if term.all():
            return
        stall = self.stalemate[rows, cols]
        live = ~stall & ~term
        shape = (rows.stop - rows.start, cols.stop - cols.start)
        alpha = [self._array(*shape) for _ in range(nv)]
        beta = self._array(*shape, fill=self.one)
        steps = []
        for b in range(n - 1, -1, -1):
            nxt = [V[v, rnd, b + 1] if b + 1 < n else V[v, rnd if capped else rnd + 1, 0] for v in range(nv)]
            quiet, change, record = self.act(self.order[b], "e", rnd, i, j, nxt)
            self.records[(rnd, i, j, b)] = (quiet, record)
            alpha = [change[v] + quiet * alpha[v] for v in range(nv)]
            beta = quiet * beta
            steps.append((alpha, beta))
        steps.reverse()
        held = (self.zeros, self.ones)  # a stalemate's value: the defender holds the hex
        if capped:  # the round returns to its own start when every die misses
            safe = np.where(live, self.one - beta, self.ones)
            end = [np.where(live, alpha[v] / safe, held[v]) for v in range(nv)]
        else:
            end = [np.where(live, V[v, rnd + 1, 0, rows, cols], held[v]) for v in range(nv)]
        for b, (al, be) in enumerate(steps):
            for v in range(nv):
                value = al[v] + be * end[v]
                if b == 0:  # a stalemate ends the battle at the round's start
                    value = np.where(stall, held[v], value)
                V[v, rnd, b, rows, cols] = np.where(term, V[v, rnd, b, rows, cols], value)

    def _missiles(self) -> Values:
        """Values at each missile step, once before round 1 (no retreat status has moved yet)."""
        L = len(self.missile_order)
        nv = self.V.shape[0]
        M = self._array(nv, L + 1, self.NA, self.ND)
        M[:, L] = self.V[:, 0, 0]
        for b in range(L - 1, -1, -1):
            nxt = [M[v, b + 1] for v in range(nv)]
            M[:, b] = M[:, b + 1]
            for i, j in (ij for level in self.levels for ij in level):
                rows, cols = self._bounds(i, j)
                term = self.terminal[rows, cols]
                quiet, change, record = self.act(self.missile_order[b], "m", 0, i, j, nxt)
                self.records[("m", i, j, b)] = (quiet, record)
                for v in range(nv):
                    value = change[v] + quiet * nxt[v][rows, cols]
                    M[v, b, rows, cols] = np.where(term, nxt[v][rows, cols], value)
            check_budget()
        self.swept += len(self.levels)
        return M

    # ----- forward: final states and rounds ---------------------------------------------------
    def push(self, g: int, i: int, j: int, record: Record, visits: Values, target: Values, columns: slice) -> None:
        """Add the mass ``visits`` (block rows x columns x rounds) sends by ``record`` to ``target``.

        Several entries may lead to one successor, so a fire adds with one ``np.add.at`` over
        flat positions of ``target``: unbuffered, it touches only those positions.
        """
        if record is None:
            return
        side = self.specs[g].side
        rows, cols = self._bounds(i, j)
        mass = visits[:, :, columns]
        if isinstance(record, _Move):  # one configuration moves to one other: no two land together
            if side == ATTACKER:
                target[record.moved, cols, columns] += mass[record.moving]
            else:
                target[rows, record.moved, columns] += mass[:, record.moving]
            return
        flat = np.reshape(target, -1, copy=False)
        buckets = np.arange(columns.start, columns.stop)
        for shot in record:
            tab = shot.tab
            if side == ATTACKER:  # (own rows, entries, buckets)
                flow = mass[shot.who][:, tab.column] * tab.probs[:, None]
                dest = (rows.start + shot.who)[:, None] * self.ND + shot.succ
            else:  # (entries, own columns, buckets)
                flow = mass[:, shot.who][tab.column] * tab.probs[:, None, None]
                dest = shot.succ.T * self.ND + (cols.start + shot.who)
            np.add.at(flat, (dest[..., None] * target.shape[2] + buckets).ravel(), flow.ravel())

    def forward(self, roots: list[tuple[tuple[int, int], Num]]) -> Outcome:
        """Final states and rounds from the weighted starting states ``roots`` at once: the pass
        is linear in the starting mass, so several starts cost one pass."""
        K, n, R = self.K, len(self.order), self.cap
        start = self._array(R, self.NA, self.ND, K)  # mass at a round start, by rounds fought
        inc = self._array(R, max(n - 1, 1), self.NA, self.ND, K)  # mass reaching step b >= 1 mid-round
        stalled = self._array(self.NA, self.ND)
        dist = self._array(K)
        rounds = self.zero
        if self.M is not None:  # missiles first
            cur = self._array(self.NA, self.ND, K)
            for (ra, rd), weight in roots:
                cur[ra, rd, 0] += weight
            blocks = [ij for level in self.levels for ij in level]
            for b in range(len(self.missile_order)):
                nxt = np.where(self.terminal[:, :, None], cur, self.zeros)
                for i, j in blocks:
                    rows, cols = self._bounds(i, j)
                    here = np.where(self.terminal[rows, cols, None], self.zeros, cur[rows, cols])
                    if not here.any():
                        continue
                    quiet, record = self.records[("m", i, j, b)]
                    nxt[rows, cols] += quiet[:, :, None] * here
                    self.push(self.missile_order[b], i, j, record, here, nxt, slice(0, 1))
                cur = nxt
            start[0] = cur
        else:
            for (ra, rd), weight in roots:
                start[0, ra, rd, 0] += weight
        for rnd in range(R):
            capped = rnd == R - 1
            for blocks in reversed(self.levels):
                for i, j in blocks:
                    rounds += self._flow(rnd, i, j, capped, start, inc, stalled, dist)
                self._level_done()
        return self._finals(start, inc, stalled, dist, rounds)

    def _flow(
        self, rnd: int, i: int, j: int, capped: bool, start: Values, inc: Values, stalled: Values, dist: Values
    ) -> Num:
        """Mass through block (i, j)'s rounds: visits of every step, pushed to the successors."""
        K, n = self.K, len(self.order)
        rows, cols = self._bounds(i, j)
        term = self.terminal[rows, cols]
        dead = term[:, :, None]
        st = np.where(dead, self.zeros, start[rnd, rows, cols])
        incs = [np.where(dead, self.zeros, inc[rnd, b - 1, rows, cols]) for b in range(1, n)]
        if not st.any() and not any(x.any() for x in incs):
            return self.zero
        check_budget()
        stall = self.stalemate[rows, cols]
        live = ~stall & ~term
        if stall.any():  # STALLO at a round's start: the battle ends with the rounds fought so far
            stalled[rows, cols] += np.where(stall, st.sum(axis=2), self.zeros)
            dist += np.where(stall[:, :, None], st, self.zeros).sum(axis=(0, 1))
            st = np.where(stall[:, :, None], self.zeros, st)
        records = [self.records[(rnd, i, j, b)] for b in range(n)]
        quiet = [r[0] for r in records]
        beta = quiet[0]
        for q in quiet[1:]:
            beta = beta * q
        # Bucket k (rounds fought) starts from st[k - 1]; the last bucket also keeps what is already
        # in it. Every bucket at once first, without ``carry``: in a capped round the mass that
        # ends a round here starts this state's next round one bucket up, added afterwards.
        s = st[:, :, : K - 1].copy()
        s[:, :, K - 2] += st[:, :, K - 1]
        seen = [s]
        for b in range(1, n):
            seen.append(incs[b - 1][:, :, 1:] + quiet[b - 1][:, :, None] * seen[-1])
        end = quiet[n - 1][:, :, None] * seen[-1]
        visits = [self._array(*st.shape) for _ in range(n)]
        if capped:
            self._round_trip(stall, live, beta, quiet, seen, end, visits)
            if stall.any():  # a round ended in a stalemate state: the battle ends at the next start
                ended = np.where(stall[:, :, None], end, self.zeros)
                stalled[rows, cols] += ended.sum(axis=2)
                dist[1:] += ended.sum(axis=(0, 1))
        else:
            for b in range(n):
                visits[b][:, :, 1:] = seen[b]
            start[rnd + 1, rows, cols, 1:] += end
        for b in range(n):
            target = inc[rnd, b] if b + 1 < n else start[rnd if capped else rnd + 1]
            self.push(self.order[b], i, j, records[b][1], visits[b], target, slice(1, K))
        total: Num = visits[0].sum()
        return total

    def _round_trip(
        self,
        stall: Flags,
        live: Flags,
        beta: Values,
        quiet: list[Values],
        seen: list[Values],
        end: Values,
        visits: list[Values],
    ) -> None:
        """Fill ``visits`` of a capped round from ``seen``, the visits of each step per bucket
        without the mass that ends a round here and starts this state's next one a bucket up
        (``carry``), and add that mass to ``end``; the last bucket loops on itself (X = s + gamma
        + beta X at the round start)."""
        K = self.K
        carry = self._array(*end.shape)
        stalls = stall.any()  # a stalemate state's round end starts no next round
        for k in range(1, K - 1):
            ended = end[:, :, k - 1] + beta * carry[:, :, k - 1]
            carry[:, :, k] = np.where(stall, self.zeros, ended) if stalls else ended
        end += beta[:, :, None] * carry
        reach = self._array(*beta.shape, fill=self.one)  # P(every step before b changes nothing)
        for b, out in enumerate(visits):
            out[:, :, 1:] = seen[b] + reach[:, :, None] * carry
            reach = reach * quiet[b]
        last, tail = seen[0][:, :, K - 2] + carry[:, :, K - 2], end[:, :, K - 2]
        safe = np.where(live, self.one - beta, self.ones)
        col = np.where(live, (last + tail - beta * last) / safe - last, self.zeros)
        for b, out in enumerate(visits):
            if b:
                col = quiet[b - 1] * col
            out[:, :, K - 1] += col
        end[:, :, K - 2] = np.where(live, self.zeros, tail)

    def _finals(self, start: Values, inc: Values, stalled: Values, dist: Values, rounds: Num) -> Outcome:
        """Collect the mass at final states (and stalemates) into outcomes and distributions."""
        A, D = self.sides
        total = start.sum(axis=0)
        if len(self.order) > 1:
            total = total + inc.sum(axis=(0, 1))
        total = np.where(self.terminal[:, :, None], total, self.zeros)
        dist = dist + total.sum(axis=(0, 1))
        mass = total.sum(axis=2)
        finals: dict[Final, Num] = {}
        win = [self.zero, self.zero, self.zero]
        for a, d in zip(*np.nonzero(mass)):
            m = mass[a, d]
            outcome = "A" if self.terminal_a[a, d] else "D"
            win[0 if outcome == "A" else 1] += m
            finals[(outcome, A.damage(a) + D.damage(d), A.statuses(a) + D.statuses(d))] = m
        for a, d in zip(*np.nonzero(stalled)):
            m = stalled[a, d]
            win[2] += m
            finals[("S", A.damage(a) + D.damage(d), A.statuses(a) + D.statuses(d))] = m
        return Outcome((win[0], win[1], win[2]), finals, rounds, tuple(dist.tolist()), self.cap * self.N)
