"""The exact battle chain over (attacker state, defender state) pairs, in numpy.

Each round both sides roll at once (23.5, 24.1) and hits move each side down its loss chain
(see ``assignment``). Rounds up to the plans' horizon are stepped one at a time, so plans,
modifiers and the round count are exact per round (a few more rounds are stepped for the rounds
distribution while a fixed work budget allows). After the horizon the chain is homogeneous and
solved at once (``_solve_tail``; with repairs, ``_repair_tail``).

The mass sits in a matrix M[attacker state, defender state]. One round sends (a, d) to
(a after i defender hits, d after j attacker hits) with probability Pd(i | d) * Pa(j | a): the
defender's move depends on the attacker's dice and the other way round, so the round is not a
Kronecker product. It factors per attacker state instead: with V[a] the defender's move matrix
under a's dice (V[a][d, e] = P(a's hits take d to e)), the mass reaching row "a after i hits" is
row i of (M[a, :] * Pd(i | :)) @ V[a]. That is one batched matrix product per round; the rows
are then added into the rows their paths name. Every hit lowers a side's depth (hits it can
still absorb; by one, or by two for a unit that sustains with Non-Euclidean Shielding, whose
second hit then lowers it by none): a round with hits never leaves a side where it was, which
the tail solver uses. The same code runs on Fractions
(numpy object arrays) for the exact tests.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from typing import Any, Callable, Iterator

import numpy as np

from engine.core.budget import check
from engine.ti4.assignment import ForceStates, Number
from engine.ti4.elimination import absorb

Pair = tuple[int, int]
Distribution = dict[Pair, Number]
Ends = dict[tuple[str, int, int], Number]
Mode = tuple[int, bool]  # how a side rolls in a round: modifier, misses rerolled

STALEMATE_RULE = "ti4/faq-generale-2"
ROUNDS_SHOWN = 8  # rounds stepped one by one when the work budget allows
WORK_BUDGET = 500_000  # hit combinations spent on optional rounds before solving the rest
BLOCK = 1 << 22  # entries of the move matrices held at once: bounds memory (32 MB of floats)
KINDS = ("attacker", "defender", "draw", "attacker_retreat", "defender_retreat", "stalemate", "unfinished")


@dataclass(frozen=True)
class RoundRules:
    """How rounds differ. ``modifier(r)`` gives (attacker, defender) roll modifiers for round r
    and must be constant for r > ``horizon``; ``first_round_step`` runs before round 1's rolls
    (anti-fighter barrage, rule 23.3); retreats are announced at the start of the given round.
    Rounds up to ``horizon`` are always stepped one by one; a stop plan ends the battle there."""

    horizon: int
    modifier: Callable[[int], tuple[int, int]]
    stop_after: int | None = None
    attacker_retreat: int | None = None
    defender_retreat: int | None = None
    first_round_step: Callable[[Distribution], Distribution] | None = None
    reroll_rounds: tuple[range, range] = (range(0), range(0))

    def modes(self, r: int) -> tuple[Mode, Mode]:
        """How each side rolls in round r."""
        modifiers = self.modifier(r)
        return ((modifiers[0], r in self.reroll_rounds[0]), (modifiers[1], r in self.reroll_rounds[1]))


@dataclass(frozen=True)
class ChainOutcome:
    """How the battle ends. ``ends[(kind, attacker_state, defender_state)]`` is a probability,
    with kind one of ``attacker``, ``defender``, ``draw`` (who is left, 23.10),
    ``attacker_retreat``, ``defender_retreat``, ``stalemate`` (FAQ) or ``unfinished`` (stop plan).
    ``rounds[r]`` is P(the battle ends during round r), for r = 0 (before combat) up to the last
    round stepped one by one; ``later`` is P(it ends after that round)."""

    ends: Ends
    rounds: tuple[Number, ...]
    later: Number
    expected_rounds: Number


def _close(force: ForceStates, most_hits: int, blocked: bool) -> None:
    """Register every state a combat round can lead to from the states known, so the
    matrices never grow (a side only loses dice, so ``most_hits`` bounds every later roll;
    ``blocked``: the opponent may take Sustain Damage away). The empty state is always there:
    the chain settles battles on it."""
    force.index((0,) * len(force.states[force.start]))
    k = 0
    while k < len(force.states):
        for h in range(most_hits + 1):
            force.after_round(k, h)
            if blocked:
                force.after_round(k, h, True)
        k += 1


def _most_hits(force: ForceStates, opponent: ForceStates) -> int:
    """The largest outcome of ``force``'s combat rolls (a Winnu flagship rolls at most one die
    per non-fighter ship the opponent starts with), and its Valkyrie Particle Weave's hit."""
    most = opponent.non_fighter_ships(opponent.start)
    rolls = max(len(force.roll(i, "combat", opponents=most)) for i in range(len(force.states))) - 1
    return rolls + force.weave


class _Side:
    """One side's closed state set as arrays: depths, loss paths and combat rolls by modifier.
    ``nf``: each state's non-fighter ships (the opponent's Winnu flagship rolls that many dice);
    ``paths_blocked``: the paths without Sustain Damage, when the opponent's Mentak flagship
    can block it; ``wipes``: this side's end empties the other (Yin flagship). Against a
    Valkyrie Particle Weave the paths have one column more than the opponent's outcomes: the
    weave's hit, added by reading them one column on where this side's dice hit (``shift``)."""

    def __init__(self, force: ForceStates, opponent: ForceStates, dtype):
        self.force, self.dtype = force, dtype
        n = len(force.states)
        self.depth = np.array(force.depths, dtype=np.int64)
        self.rank = np.array(force.ranks, dtype=np.int64)
        self.dead = force.index((0,) * len(force.states[force.start]))
        self.alive = self.depth > 0
        self.nf = np.array([force.non_fighter_ships(i) for i in range(n)], dtype=np.int64)
        self.wipes = force.wipes
        self.can_leave = np.array([force.can_leave(i) for i in range(n)], dtype=bool)
        most = opponent.non_fighter_ships(opponent.start)
        self.lengths = np.array([len(force.roll(i, "combat", opponents=most)) for i in range(n)])
        self.width = int(self.lengths.max())  # outcomes 0..dice: no modifier adds a die
        hits_against = _most_hits(opponent, force)
        # paths[i, h]: the state after h hits (every count past the depth empties the side)
        self.paths = self._paths(hits_against, False)
        self.paths_blocked = self._paths(hits_against, True) if opponent.blocks_sustain else self.paths
        self._rolls: dict[tuple[Mode, int, str], tuple[np.ndarray, np.ndarray]] = {}
        # States whose opponent moves alike (same dice, same abilities) share one move matrix.
        keys = [force.profile(i) for i in range(n)]
        ids = {key: k for k, key in enumerate(dict.fromkeys(keys))}
        self.profile = np.array([ids[key] for key in keys], dtype=np.int64)
        self.representative = np.array([keys.index(key) for key in ids], dtype=np.int64)
        self.profile_blocks = np.array([key[4] for key in ids], dtype=bool)
        self.blocks = self.profile_blocks[self.profile]
        self.winnu = any(key[3] for key in ids)

    def _paths(self, hits_against: int, blocked: bool) -> np.ndarray:
        n = len(self.depth)
        return np.array(
            [[self.force.after_round(i, h, blocked) for h in range(hits_against + 1)] for i in range(n)],
            dtype=np.int64,
        ).reshape(n, hits_against + 1)

    def rolls(self, mode: Mode, opponents: int = 0, part: str = "combat") -> tuple[np.ndarray, np.ndarray]:
        """(P[state, outcome] padded to ``width``, whether each state can score at all), against
        an opponent with ``opponents`` non-fighter ships (which only a Winnu flagship counts).
        ``part``: ``quiet``, only the outcomes in which the combat dice miss (``ForceStates.roll``),
        or ``loud``, the others: what an opponent's Valkyrie Particle Weave tells apart."""
        key = (mode, opponents if self.winnu else 0, part)
        found = self._rolls.get(key)
        if found is None and part == "loud":
            table, scores = self.rolls(mode, opponents)
            found = self._rolls[key] = (table - self.rolls(mode, opponents, "quiet")[0], scores)
        if found is None:
            table = np.zeros((len(self.depth), self.width), dtype=self.dtype)
            scores = np.zeros(len(self.depth), dtype=bool)
            for i in range(len(self.depth)):
                roll = self.force.roll(i, part, *mode, opponents=key[1])
                table[i, : len(roll)] = roll
                scores[i] = len(roll) > 1
            found = self._rolls[key] = (table, scores)
        return found

    def by_opponent(self, opponent_nf: np.ndarray) -> list[tuple[int, Any]]:
        """(non-fighter count, index) groups of the opponent states a roll of this side depends
        on: one group for all unless this side has a Winnu flagship."""
        if not self.winnu:
            return [(0, slice(None))]
        return [(int(v), opponent_nf == v) for v in np.unique(opponent_nf)]

    def miss_and_scores(self, mode: Mode, own: np.ndarray, opponent_nf: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        """P(no hit) and whether it can score, for states ``own`` (rows) against opponent
        states with these non-fighter counts (columns)."""
        miss = np.empty((len(own), len(opponent_nf)), dtype=self.dtype)
        scores = np.empty((len(own), len(opponent_nf)), dtype=bool)
        for v, cols in self.by_opponent(opponent_nf):
            table, can = self.rolls(mode, v)
            miss[:, cols] = table[own, 0][:, None]
            scores[:, cols] = can[own][:, None]
        return miss, scores

    def move_matrices(
        self, shooter: _Side, profiles: np.ndarray, modifier: Mode, part: str = "combat", shift: int = 0
    ) -> np.ndarray:
        """V[k][s, t] = P(``shooter``'s profile ``profiles[k]`` takes this side from state s to
        state t), with ``part`` of its roll (``rolls``) and ``shift`` hits more (a Valkyrie
        Particle Weave's): outcomes past the depth all end in the empty state. A Winnu
        shooter's dice depend on s; a Mentak shooter with its flagship takes Sustain Damage
        away."""
        n = len(self.depth)
        out = np.zeros((len(profiles), n, n), dtype=self.dtype)
        blocked = shooter.profile_blocks[profiles]
        if not shooter.winnu and not blocked.any():  # the common case, in one pass per outcome
            table = shooter.rolls(modifier, 0, part)[0][shooter.representative[profiles]]
            every = np.arange(n)
            for h in range(shooter.width):
                out[:, every, self.paths[:, h + shift]] += table[:, h, None]
            return out
        for v, sel in shooter.by_opponent(self.nf):
            rows = np.arange(n)[sel]
            table = shooter.rolls(modifier, v, part)[0][shooter.representative[profiles]]
            for paths, ks in ((self.paths, np.flatnonzero(~blocked)), (self.paths_blocked, np.flatnonzero(blocked))):
                if not len(ks):
                    continue
                for h in range(shooter.width):
                    out[ks[:, None], rows[None, :], paths[rows, h + shift][None, :]] += table[ks, h][:, None]
        return out


class _PairChain:
    """Probability mass on every (attacker state, defender state) pair, as a dense matrix."""

    def __init__(self, attacker: ForceStates, defender: ForceStates, zero: Number, starts: list[Pair]):
        if (attacker.repairs or defender.repairs) and (attacker.weave or defender.weave):
            # ``reaches``, the repair solver's reachability, reads no weave
            raise ValueError("Valkyrie Particle Weave acts in ground combat, where nothing repairs")
        most_a, most_d = _most_hits(attacker, defender), _most_hits(defender, attacker)
        _close(attacker, most_d, defender.blocks_sustain)
        _close(defender, most_a, attacker.blocks_sustain)
        self.zero: Any = zero  # a numpy fill value: Fraction(0) or 0.0
        self.dtype = object if isinstance(zero, Fraction) else np.float64
        self.a = _Side(attacker, defender, self.dtype)
        self.d = _Side(defender, attacker, self.dtype)
        self.shape = (len(attacker.states), len(defender.states))
        self.ends = {kind: self.empty() for kind in KINDS}
        self.repairs = attacker.repairs or defender.repairs
        self.over = ~(self.a.alive[:, None] & self.d.alive[None, :])  # [a, d]: a side is destroyed
        self._can_end: dict[tuple[tuple[Mode, Mode], ...], np.ndarray] = {}
        self._move_modifier: Mode | None = None
        self._move_cache: dict[tuple[int, str, int], np.ndarray] = {}
        # Hit combinations a round looks at from (a, d) once capped at what the other side can
        # absorb: the work measure of the optional rounds, the same as the dictionary engine's.
        self.cost = np.minimum(self.a.lengths[:, None], self.d.depth[None, :] + 1) * np.minimum(
            self.d.lengths[None, :], self.a.depth[:, None] + 1
        )

    def empty(self) -> np.ndarray:
        return np.full(self.shape, self.zero, dtype=self.dtype)

    def load(self, dist: Distribution) -> np.ndarray:
        grid = self.empty()
        for (a, d), p in dist.items():
            grid[a, d] += p
        return grid

    def settle(self, grid: np.ndarray, retreating: tuple[str, ...] = ()) -> Number:
        """Record and clear the finished battles in ``grid``, and those a side retreats from
        (``retreating``: the sides planning to this round, the defender first); return the mass
        that ended."""
        ad, dd = self.a.dead, self.d.dead
        alive_a, alive_d = self.a.alive, self.d.alive
        for wipes, lost in ((self.d.wipes, grid[:, dd]), (self.a.wipes, grid[ad, :])):
            if wipes:  # the Yin flagship's end destroys every ship in the system: a draw
                total = lost.sum()
                lost[...] = self.zero
                grid[ad, dd] = total
        ended = grid[ad, :].sum() + grid[alive_a, dd].sum()
        self.ends["draw"][ad, dd] += grid[ad, dd]
        self.ends["defender"][ad, alive_d] += grid[ad, alive_d]
        self.ends["attacker"][alive_a, dd] += grid[alive_a, dd]
        grid[ad, :] = self.zero
        grid[:, dd] = self.zero
        for side in retreating:
            # Only a side with a unit that moves can leave (23.7); one left with fighters alone
            # fights on, as the retreat checker answers (no_ship_can_move), and where the
            # defender cannot, the attacker may still announce its own retreat.
            mask = self.a.can_leave[:, None] if side == "attacker" else self.d.can_leave[None, :]
            leaving = np.where(mask, grid, self.zero)
            ended += leaving.sum()
            self.ends[f"{side}_retreat"] += leaving
            grid[...] = np.where(mask, self.zero, grid)
        return ended

    def moves(self, profiles: np.ndarray, modifier: Mode, part: str = "combat", shift: int = 0) -> list[np.ndarray]:
        """The defender's move matrices under these attacker dice profiles (``part`` of their
        rolls, ``shift`` hits more), kept while the modifier stays the same and they fit in
        ``BLOCK`` entries."""
        if self._move_modifier != modifier:
            self._move_modifier, self._move_cache = modifier, {}
        wanted = [(p, part, shift) for p in profiles.tolist()]
        missing = [p for p in dict.fromkeys(wanted) if p not in self._move_cache]
        if missing:
            if (len(self._move_cache) + len(missing)) * self.shape[1] ** 2 > BLOCK:
                self._move_cache = {}  # memory stays bounded: build what this call needs
                missing = list(dict.fromkeys(wanted))
            built = self.d.move_matrices(self.a, np.array([p for p, *_ in missing]), modifier, part, shift)
            self._move_cache.update(zip(missing, built))
        return [self._move_cache[p] for p in wanted]

    def outflow(
        self, rows: np.ndarray, mass: np.ndarray, modifiers: tuple[Mode, Mode], part: str = "combat"
    ) -> np.ndarray:
        """X[k, i, e]: the mass of attacker state ``rows[k]`` (``mass[k]`` over defender
        states) that reaches defender state e while the defender scores i hits, under ``part``
        of the attacker's rolls. Rows with the same dice share one matrix product. An attacker
        with Valkyrie Particle Weave adds its hit where the defender scores."""
        if not self.d.winnu:
            u = mass[:, None, :] * self.d.rolls(modifiers[1])[0].T[None, :, :]
        else:  # a Winnu defender's dice follow the attacker's non-fighter ships
            u = np.empty((len(rows), self.d.width, self.shape[1]), dtype=self.dtype)
            for nf, ks in self.d.by_opponent(self.a.nf[rows]):
                u[ks] = mass[ks][:, None, :] * self.d.rolls(modifiers[1], nf)[0].T[None, :, :]
        n = self.shape[1]
        out = np.empty_like(u)
        # Where the defender scores, an attacker's weave takes it one hit further than the dice.
        shifts = ((0, slice(0, 1)), (1, slice(1, None))) if self.a.force.weave else ((0, slice(None)),)
        for shift, outcomes in shifts:
            for g, v in self.grouped_moves(rows, modifiers[0], part, shift):
                block = u[g, outcomes]
                out[g, outcomes] = (block.reshape(-1, n) @ v).reshape(block.shape)
        return out

    def grouped_moves(
        self, rows: np.ndarray, modifier: Mode, part: str = "combat", shift: int = 0
    ) -> Iterator[tuple[np.ndarray, np.ndarray]]:
        """(the positions in ``rows`` of attacker states with the same dice, the defender's
        move matrix under them): one matrix product per profile, few matrices held at once."""
        if not len(rows):
            return
        profile = self.a.profile[rows]
        order = np.argsort(profile, kind="stable")
        groups = np.split(order, np.flatnonzero(np.diff(profile[order])) + 1)
        size = max(1, BLOCK // self.shape[1] ** 2)
        for start in range(0, len(groups), size):
            chunk = groups[start : start + size]
            yield from zip(chunk, self.moves(np.array([profile[g[0]] for g in chunk]), modifier, part, shift))

    def outflows(
        self, rows: np.ndarray, mass: np.ndarray, modifiers: tuple[Mode, Mode]
    ) -> list[tuple[np.ndarray, np.ndarray]]:
        """(the attacker's paths, ``outflow``) for each part of ``mass``: the defender states
        whose Mentak flagship takes the attacker's Sustain Damage away send it down other
        paths than the rest. Against a defender with Valkyrie Particle Weave, the rounds in
        which the attacker's combat dice hit take it one column further down its paths."""
        split = [(self.a.paths, mass)]
        if self.d.blocks.any():
            split = [
                (paths, np.where(cols[None, :], mass, self.zero))
                for paths, cols in ((self.a.paths, ~self.d.blocks), (self.a.paths_blocked, self.d.blocks))
                if (mass[:, cols] != 0).any()
            ]
        if not self.d.force.weave:
            return [(paths, self.outflow(rows, part, modifiers)) for paths, part in split]
        return [
            (paths[:, shift : shift + self.d.width], self.outflow(rows, part, modifiers, dice))
            for paths, part in split
            for shift, dice in ((0, "quiet"), (1, "loud"))
        ]

    def add_rows(self, out: np.ndarray, rows: np.ndarray, values: np.ndarray) -> None:
        """out[rows[k], :] += values[k] for every k (rows may repeat)."""
        if self.dtype is object:
            np.add.at(out, rows, values)
            return
        flat = (rows[:, None] * self.shape[1] + np.arange(self.shape[1])[None, :]).ravel()
        out += np.bincount(flat, values.ravel(), out.size).reshape(self.shape)

    def step(self, grid: np.ndarray, modifiers: tuple[Mode, Mode]) -> np.ndarray:
        """One round of rolls for all the mass in ``grid``."""
        out = self.empty()
        rows = np.flatnonzero((grid != 0).any(axis=1))
        size = max(1, BLOCK // (self.shape[1] ** 2))
        for start in range(0, len(rows), size):
            check()  # the web layer's time budget, if any
            block = rows[start : start + size]
            for paths, x in self.outflows(block, grid[block], modifiers):
                self.add_rows(out, paths[block].ravel(), x.reshape(-1, self.shape[1]))
        return out

    def stuck(self, rows: np.ndarray, cols: np.ndarray, modifiers: tuple[Mode, Mode]) -> tuple[np.ndarray, np.ndarray]:
        """For the pairs rows x cols: whether neither side can score (the FAQ stalemate), and
        P(the attacker stays as it is: the defender misses)."""
        a_scores = self.a.miss_and_scores(modifiers[0], rows, self.d.nf[cols])[1]
        d_miss, d_scores = self.d.miss_and_scores(modifiers[1], cols, self.a.nf[rows])
        d_miss, d_scores = d_miss.T, d_scores.T
        if self.a.force.spend_width:  # a Hacan defender: dice one short may leave the attacker as it is
            same = self.a.paths[rows] == rows[:, None]  # [row, outcome]: the attacker unchanged
            qd = self.d.rolls(modifiers[1])[0][cols]
            d_miss = same.astype(self.dtype) @ qd.T
            d_scores = ((qd != 0).astype(np.int64) @ (~same).T.astype(np.int64)).T > 0
        if self.d.force.spend_width:  # a Hacan attacker, the same from the other side
            same_d = self.d.paths[cols] == cols[:, None]
            qa = self.a.rolls(modifiers[0])[0][rows]
            a_scores = ((qa != 0).astype(np.int64) @ (~same_d).T.astype(np.int64)) > 0
        return ~a_scores & ~d_scores, d_miss

    def stalemates(self, grid: np.ndarray, modes: tuple[tuple[Mode, Mode], ...]) -> Number:
        """Record as the FAQ stalemate, and clear, the battles in ``grid`` that can never end
        when the rounds still to come roll ``modes`` in turn (the last for ever), nor under any
        one of those rolls kept for ever: the combat ends there. Without repairs these are the
        battles nobody can score in any more; with repairs, also those whose every hit is
        undone. The second condition keeps both alike when rolls change by round: a round in
        which a side can still score, if not win, is played before the stalemate, with its
        losses. Return their mass."""
        rows, cols = np.flatnonzero((grid != 0).any(axis=1)), np.flatnonzero((grid != 0).any(axis=0))
        if not len(rows):
            return self.zero
        if self.repairs:
            ends = self.can_end(modes)
            for mode in set(modes):
                ends = ends | self.can_end((mode,))
            stuck = ~ends[np.ix_(rows, cols)]
        else:  # every score lowers a rank for good: only a battle nobody can score in is stuck
            stuck = np.ones((len(rows), len(cols)), dtype=bool)
            for mode in set(modes):
                stuck &= self.stuck(rows, cols, mode)[0]
        if not stuck.any():
            return self.zero
        block = grid[np.ix_(rows, cols)]
        caught = np.where(stuck, block, self.zero)
        self.ends["stalemate"][np.ix_(rows, cols)] += caught
        grid[np.ix_(rows, cols)] = np.where(stuck, self.zero, block)
        return caught.sum()

    def can_end(self, modes: tuple[tuple[Mode, Mode], ...]) -> np.ndarray:
        """[a, d]: whether a side can still be destroyed, with any positive probability, in a
        battle at (a, d) whose rounds roll ``modes`` in turn, the last for ever. Found on the
        transition graph (which pairs a round can lead to), not from probabilities: repairs
        can close a cycle no mass ever leaves, whose pairs are the FAQ stalemate."""
        while len(modes) > 1 and modes[-1] == modes[-2]:
            modes = modes[:-1]
        found = self._can_end.get(modes)
        if found is not None:
            return found
        if len(modes) > 1:
            found = self.over | self.reaches(self.can_end(modes[1:]), modes[0], np.flatnonzero(self.a.alive))
        else:  # the least fixed point: pairs that reach an end in one round, in two, ...
            found = self.over
            while True:
                rows = np.flatnonzero(~found.all(axis=1))  # the rows with pairs still in doubt
                more = found | self.reaches(found, modes[0], rows)
                if (more == found).all():
                    break
                found = more
        self._can_end[modes] = found
        return found

    def reaches(self, target: np.ndarray, modifiers: tuple[Mode, Mode], rows: np.ndarray) -> np.ndarray:
        """[a, d]: whether one round from (a, d), a in ``rows``, can lead to a pair of
        ``target`` (a boolean grid): the round of ``step`` read backwards, on which outcomes
        are possible only (False outside ``rows``)."""
        n = self.shape[1]
        out = np.zeros(self.shape, dtype=bool)
        wanted = target.astype(np.float32)  # sums of 0s and 1s: only whether one is positive counts
        size = max(1, BLOCK // (self.a.paths.shape[1] * n))  # rows at once: bounds memory
        for g, v in self.grouped_moves(rows, modifiers[0]):
            support = (v != 0).astype(np.float32).T
            for start in range(0, len(g), size):
                check()  # the web layer's time budget, if any
                ks = rows[g[start : start + size]]
                hit = np.zeros((len(ks), n))
                for blocked, paths in ((False, self.a.paths), (True, self.a.paths_blocked)):
                    cols = self.d.blocks == blocked
                    if not cols.any():
                        continue
                    # after[k, h, d]: row k's dice can take the defender from d to a state
                    # that ``target`` holds together with the attacker after h hits.
                    after = wanted[paths[ks]] @ support
                    for nf, sel in self.d.by_opponent(self.a.nf[ks]):
                        possible = (self.d.rolls(modifiers[1], nf)[0] != 0).T.astype(np.float32)
                        hit[sel] += np.where(cols, (after[sel] * possible[None]).sum(axis=1), 0.0)
                out[ks] = hit > 0
        return out

    def outcome_ends(self) -> Ends:
        ends: Ends = {}
        for kind, grid in self.ends.items():
            found = np.nonzero(grid != 0)
            ends.update(zip(((kind, a, d) for a, d in zip(*(i.tolist() for i in found))), grid[found].tolist()))
        return ends


def _scalar(x) -> Number:
    return x if isinstance(x, Fraction) else float(x)


def _settle_pairs(
    attacker: ForceStates, defender: ForceStates, dist: Distribution, ends: Ends, zero: Number
) -> tuple[Distribution, Number]:
    """Record the finished battles of a sparse distribution (before the matrices exist);
    return the rest and the mass that ended."""
    going: Distribution = {}
    ended = zero
    dead_a, dead_d = (f.index((0,) * len(f.states[f.start])) for f in (attacker, defender))
    for (a, d), p in dist.items():
        a_alive, d_alive = attacker.alive(a), defender.alive(d)
        if (defender.wipes and not d_alive) or (attacker.wipes and not a_alive):
            a, d, a_alive, d_alive = dead_a, dead_d, False, False  # the Yin flagship took all
        if a_alive and d_alive:
            going[(a, d)] = p
            continue
        kind = "attacker" if a_alive else "defender" if d_alive else "draw"
        ends[(kind, a, d)] = ends.get((kind, a, d), zero) + p
        ended += p
    return going, ended


def run(
    attacker: ForceStates, defender: ForceStates, start: Distribution, rules: RoundRules, zero: Number
) -> ChainOutcome:
    """Play the battle from ``start`` (the pairs after any pre-combat fire) to its end."""
    early: Ends = {}
    going, ended = _settle_pairs(attacker, defender, start, early, zero)
    rounds = [ended]
    expected = sum(going.values(), zero)  # every battle still on plays round 1
    before_rolls = zero
    if going and rules.first_round_step is not None:
        going, before_rolls = _settle_pairs(attacker, defender, rules.first_round_step(going), early, zero)
    pairs = _PairChain(attacker, defender, zero, list(going))
    for (kind, a, d), p in early.items():
        pairs.ends[kind][a, d] += p
    grid = pairs.load(going)
    last = rules.horizon if rules.stop_after is not None else max(rules.horizon, ROUNDS_SHOWN)
    work = 0
    r = 0
    alive = bool(going)
    while alive and r < last and (r < rules.horizon or work <= WORK_BUDGET):
        r += 1
        # A battle that can no longer end from this round on ends before it (FAQ stalemate).
        # After a barrage it ends in round 1, which the barrage began; else before round r.
        stuck = pairs.stalemates(grid, tuple(rules.modes(k) for k in range(r, max(r, rules.horizon) + 2)))
        if r == 1 and rules.first_round_step is not None:
            before_rolls += stuck
        else:
            rounds[-1] += stuck
            expected -= stuck if r == 1 else zero  # counted above as playing round 1
        if r > 1:
            expected += grid.sum()
        if not (grid != 0).any():
            alive = False
            break
        # 23.4: the defender announces first; where it does, the attacker cannot in this round.
        retreating = tuple(
            side
            for side, planned in (("defender", rules.defender_retreat), ("attacker", rules.attacker_retreat))
            if planned == r
        )
        if r > rules.horizon:
            work += int(pairs.cost[grid != 0].sum())
        grid = pairs.step(grid, rules.modes(r))
        rounds.append(pairs.settle(grid, retreating) + (before_rolls if r == 1 else zero))
        alive = bool((grid != 0).any())
    later = zero
    if alive:
        # A battle the last round stepped left stuck ends in that round, as in the rounds before,
        # a stop plan's last round included: it is over, not unfinished.
        rounds[-1] += pairs.stalemates(grid, (rules.modes(r + 1),))
    if alive and rules.stop_after is not None:
        pairs.ends["unfinished"] += grid
    elif alive:
        solve = _repair_tail if attacker.repairs or defender.repairs else _solve_tail
        later, visits = solve(pairs, grid, rules.modes(r + 1))
        expected += visits
    if len(rounds) == 1:  # no round's dice were rolled: what a barrage ended is round 1's
        rounds.append(before_rolls)
    return ChainOutcome(pairs.outcome_ends(), tuple(map(_scalar, rounds)), _scalar(later), _scalar(expected))


def _solve_tail(pairs: _PairChain, grid: np.ndarray, modifiers: tuple[Mode, Mode]) -> tuple[Number, Number]:
    """Absorb the mass in ``grid`` in the homogeneous chain; return (mass absorbed, stalemates
    included, and expected rounds).

    Attacker states are taken from the highest rank (hits left, plus cards) to the lowest, all
    those of one rank at once: mass leaves an attacker state only downwards, so its row is
    complete when its turn comes. Within a row the attacker stays while the defender misses,
    and the defender moves down its own chain (or stays, if nobody hits): a triangular linear
    system per row,
    y = r + K^T y, whose solution y is the expected number of rounds started at each pair
    (the "nobody hit" self-loop is its diagonal). Pairs where neither side can score are the
    FAQ's stalemate and absorb their mass.
    """
    a_side, d_side = pairs.a, pairs.d
    cols = np.flatnonzero(d_side.alive)
    cols = cols[np.argsort(-d_side.rank[cols], kind="stable")]  # triangular order
    cuts = [0, *(np.flatnonzero(np.diff(d_side.rank[cols])) + 1).tolist(), len(cols)]
    groups = [slice(a, b) for a, b in zip(cuts, cuts[1:])]
    visits = pairs.zero
    stalemated = pairs.ends["stalemate"].sum()  # the tail's stalemates end battles too
    size = max(1, BLOCK // pairs.shape[1] ** 2)  # rows solved at once: bounds memory
    for rank in range(int(a_side.rank.max()), 0, -1):
        level = np.flatnonzero((a_side.rank == rank) & a_side.alive & (grid[:, cols] != 0).any(axis=1))
        for start in range(0, len(level), size):
            check()  # the web layer's time budget, if any
            visits += _absorb_rows(pairs, grid, level[start : start + size], cols, groups, modifiers)
    return pairs.settle(grid) + (pairs.ends["stalemate"].sum() - stalemated), visits


TAIL_TOLERANCE = 1e-15  # mass still in play when the repeated rounds stop
ITERATED = 100  # rounds repeated before the rest of a tail with repairs may be solved by elimination
DECAY = 10  # rounds over which the mass's decay is read, to tell how many more are needed
ELIMINATION_LIMIT = 2000  # transient pairs the elimination takes on: about 0.5 s and 64 MB at most


def _repair_tail(pairs: _PairChain, grid: np.ndarray, modifiers: tuple[Mode, Mode]) -> tuple[Number, Number]:
    """The tail when a side repairs units (Duranium Armor, a flagship that repairs itself):
    hits no longer only go down. Most battles leave their cycles of damage and repair fast
    and are done in a few dozen repeated rounds (``_iterate_tail``), quicker than any solve.
    From ``ITERATED`` rounds on, the mass's decay over each ``DECAY`` rounds tells how many
    more it needs: more than the pairs holding it (about what an elimination costs, in
    rounds, as measured), and the rest is solved by elimination (``_eliminate_tail``), exact
    however rare the way out, unless too many pairs can be reached: then the rounds go on."""
    if pairs.dtype is object:
        raise ValueError("repairs make the chain infinite: solve them in floats")
    absorbed = visits = 0.0
    played = 0
    left: np.ndarray | None = grid
    while left is not None:
        held = left.sum()
        more, rounds, left = _iterate_tail(pairs, left, modifiers, DECAY)
        absorbed, visits, played = absorbed + more, visits + rounds, played + DECAY
        if left is None or played < ITERATED:
            continue
        decay = left.sum() / held
        needed = DECAY * np.log(TAIL_TOLERANCE / left.sum()) / np.log(decay) if decay < 1 else np.inf
        if needed > np.count_nonzero(left):
            more, rounds = _eliminate_tail(pairs, left, modifiers) or _iterate_tail(pairs, left, modifiers)[:2]
            return absorbed + more, visits + rounds
    return absorbed, visits


def _eliminate_tail(pairs: _PairChain, grid: np.ndarray, modifiers: tuple[Mode, Mode]) -> tuple[Number, Number] | None:
    """The tail with repairs as one absorbing chain over the pairs the mass can still reach
    (None when it is more than ``ELIMINATION_LIMIT``), solved by state elimination: the same
    ends and rounds as ``_iterate_tail`` returns and records, without its rounds. Its ends are
    the pairs a side is destroyed in (recorded by ``settle``, as after a round) and the
    stalemate pairs (``can_end``), which end as the mass reaches them, playing no round."""
    stuck = ~pairs.can_end((modifiers,))
    ended = stuck | pairs.over
    number = np.full(pairs.shape, -1, dtype=np.int64)  # each transient pair's place, found in order
    found = np.argwhere((grid != 0) & ~ended)
    number[found[:, 0], found[:, 1]] = np.arange(len(found))
    n = len(found)
    sources, targets, chances = [], [], []
    frontier = found
    while len(frontier) and n <= ELIMINATION_LIMIT:
        new = []
        for k, a, d, p in _transitions(pairs, frontier, modifiers):
            sources.append(number[frontier[k, 0], frontier[k, 1]])
            targets.append(a * pairs.shape[1] + d)
            chances.append(p)
            reached = np.unique(targets[-1][~ended[a, d] & (number[a, d] < 0)])
            number.flat[reached] = n + np.arange(len(reached))
            n += len(reached)
            new.append(reached)
        frontier = np.stack(np.unravel_index(np.concatenate(new), pairs.shape), axis=1)
    if n > ELIMINATION_LIMIT:
        return None
    source, target = np.concatenate(sources), np.concatenate(targets)
    ends = np.unique(np.concatenate([target[ended.flat[target]], np.flatnonzero(ended & (grid != 0))]))
    column = number.ravel().copy()
    column[ends] = n + np.arange(len(ends))
    moves = np.zeros((n, n + len(ends)))
    np.add.at(moves, (source, column[target]), np.concatenate(chances))
    start = np.zeros(n + len(ends))
    held = np.flatnonzero(grid)
    start[column[held]] = grid.flat[held]
    absorbed, visits = absorb(moves, start)
    grid[...] = 0.0
    grid.flat[ends] = absorbed
    caught = np.where(stuck, grid, 0.0)
    pairs.ends["stalemate"] += caught
    grid[stuck] = 0.0
    return caught.sum() + pairs.settle(grid), visits


def _transitions(
    pairs: _PairChain, at: np.ndarray, modifiers: tuple[Mode, Mode]
) -> Iterator[tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]]:
    """(k, attacker state, defender state, probability) of every move one round makes from
    the pairs ``at[k]``: ``step``'s outflows, on unit masses, kept apart per pair."""
    n = pairs.shape[1]
    size = max(1, BLOCK // (pairs.d.width * n))  # pairs at once: bounds memory
    for start in range(0, len(at), size):
        check()  # the web layer's time budget, if any
        block = at[start : start + size]
        unit = np.zeros((len(block), n))
        unit[np.arange(len(block)), block[:, 1]] = 1.0
        for paths, x in pairs.outflows(block[:, 0], unit, modifiers):
            k, i, e = np.nonzero(x)
            yield k + start, paths[block[k, 0], i], e, x[k, i, e]


def _iterate_tail(
    pairs: _PairChain, grid: np.ndarray, modifiers: tuple[Mode, Mode], most: float = np.inf
) -> tuple[Number, Number, np.ndarray | None]:
    """Repeated rounds of the tail with repairs, at most ``most`` of them: (the mass absorbed,
    stalemates included, the rounds played, and the mass still in play, or None once it is
    below ``TAIL_TOLERANCE``). Pairs from which no side can ever be destroyed (``can_end``:
    nobody scores, or every hit is repaired) are the FAQ stalemate and leave at once, playing
    no more rounds, as the stalemate does in the rounds stepped one by one. Every other pair
    can reach an end within a bounded number of rounds, so the mass left shrinks
    geometrically and the loop stops (what is left is far below the 1e-12 the results are
    given to), though slowly when the way out is rare."""
    stuck = ~pairs.can_end((modifiers,))
    absorbed = visits = 0.0
    played = 0
    while True:
        check()  # the web layer's time budget, if any
        pairs.ends["stalemate"] += np.where(stuck, grid, 0.0)
        absorbed += grid[stuck].sum()
        grid[stuck] = 0.0
        left = grid.sum()
        if left <= TAIL_TOLERANCE:
            return absorbed + left, visits, None
        if played >= most:
            return absorbed, visits, grid
        visits += left
        grid = pairs.step(grid, modifiers)
        absorbed += pairs.settle(grid)
        played += 1


def _absorb_rows(
    pairs: _PairChain,
    grid: np.ndarray,
    rows: np.ndarray,
    cols: np.ndarray,
    groups: list[slice],
    modifiers: tuple[Mode, Mode],
) -> Number:
    """Solve the rows' systems, record their stalemates, send their outflow to lower rows;
    return the rounds started in them."""
    a_side, d_side = pairs.a, pairs.d
    # Against a Valkyrie Particle Weave the attacker stays only if its own dice miss too.
    part = "quiet" if d_side.force.weave else "combat"
    moves = np.stack(pairs.moves(a_side.profile[rows], modifiers[0], part))[:, cols][:, :, cols]
    stuck, d_miss = pairs.stuck(rows, cols, modifiers)  # FAQ stalemate pairs
    stay = np.where(stuck[:, :, None], pairs.zero, d_miss[:, :, None] * moves)
    y = _solve_rows(stay, grid[np.ix_(rows, cols)], groups)
    grid[np.ix_(rows, cols)] = pairs.zero
    pairs.ends["stalemate"][np.ix_(rows, cols)] += np.where(stuck, y, pairs.zero)
    y = np.where(stuck, pairs.zero, y)
    mass = np.full((len(rows), pairs.shape[1]), pairs.zero, dtype=pairs.dtype)
    mass[:, cols] = y
    for paths, x in pairs.outflows(rows, mass, modifiers):
        if not (a_side.force.spend_width or d_side.force.weave):  # only a miss leaves the attacker as it is
            grid[rows, d_side.dead] += x[:, 0, d_side.dead]  # the attacker stays, the defender is gone
            pairs.add_rows(grid, paths[rows, 1:].ravel(), x[:, 1:, :].reshape(-1, pairs.shape[1]))
            continue
        # A Hacan defender's dice one short leave the attacker as it is when no good is spent, a
        # Valkyrie Particle Weave's miss only if the attacker's dice miss: those outcomes are
        # part of the rows' systems, like a miss.
        same = (paths[rows] == rows[:, None])[:, :, None]
        grid[rows, d_side.dead] += np.where(same, x, pairs.zero)[:, :, d_side.dead].sum(axis=1)
        x = np.where(same, pairs.zero, x)
        pairs.add_rows(grid, paths[rows].ravel(), x.reshape(-1, pairs.shape[1]))
    return y.sum()


def _solve_rows(stay: np.ndarray, mass: np.ndarray, groups: list[slice]) -> np.ndarray:
    """y[k] = mass[k] + stay[k]^T y[k] for every k, by forward substitution one group of
    columns at a time: the columns are in rank order and ``groups`` are the runs of equal rank,
    between which moves only go forward (within a group only the diagonal, the self-loop)."""
    acc = mass.copy()
    y = np.empty_like(mass)
    diagonal = np.diagonal(stay, axis1=1, axis2=2)
    for group in groups:
        y[:, group] = acc[:, group] / (1 - diagonal[:, group])
        after = slice(group.stop, None)
        acc[:, after] += (y[:, None, group] @ stay[:, group, after])[:, 0, :]
    return y
