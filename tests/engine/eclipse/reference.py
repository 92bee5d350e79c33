"""The memoised dictionary solver that the numpy sweeps replaced, kept only as a test reference.

It walks the same Markov chain node by node (a dictionary of values, recursion, forward passes
with a heap), so agreeing with it to 1e-12 checks the dense sweeps in ``engine/eclipse/sweep.py``
independently of their array layout. Limits are not applied here: callers pass the fleets and
targeting to compare.
"""

from __future__ import annotations

import heapq
import sys
from fractions import Fraction
from itertools import combinations_with_replacement
from typing import Union

from engine.eclipse.battle import ATTACKER, DEFENDER, SIDE_NAMES, BattleResult, Fleet, Group, GroupResult, _TYPE_ORDER
from engine.eclipse.parts import SHIP_TYPES
from engine.eclipse.reputation import tiles_drawn
from engine.eclipse.sweep import ROUNDS_SHOWN
from engine.eclipse.targeting import NPC_TARGETING, OPTIMAL, heuristic_key, results, roll_outcomes

Num = Union[float, Fraction]
OUT_KEYS = ("A", "D")


def solve_reference(attacker: Fleet, defender: Fleet, exact: bool = False) -> BattleResult:
    solver = _Solver(attacker, defender, exact)
    limit = sys.getrecursionlimit()
    sys.setrecursionlimit(max(limit, 20_000))
    try:
        solver.value(solver.root)
    finally:
        sys.setrecursionlimit(limit)
    return solver.report(0)


Node = int  # state code * slots + slot: round start, missile step a, engagement step a, or final


class _Solver:
    """One battle's memoised values and the chosen transitions between nodes.

    Pass 1 (``value``, backward, memoised): each node's (P(attacker holds), P(defender holds)),
    choosing targets as the firing side's strategy says, and recording the weighted edges.
    Pass 2 (``forward``): probability mass pushed along those edges in topological order gives
    the distribution of final states (survivors, reputation, escapes) and the expected rounds.
    Pass 3 (``rounds``): the same push, round by round, gives P(k engagement rounds).
    """

    def __init__(self, attacker: Fleet, defender: Fleet, exact: bool, fallback: bool = False):
        self.fleets = (attacker, defender)
        self.fallback = fallback
        self.exact = exact
        self.groups: list[Group] = [*attacker.groups, *defender.groups]
        self.side = [ATTACKER] * len(attacker.groups) + [DEFENDER] * len(defender.groups)
        self.hull = tuple(g.stats.hull for g in self.groups)
        self.shield = tuple(g.stats.shield for g in self.groups)
        self.size = tuple(SHIP_TYPES[g.kind].size for g in self.groups)
        self.targeting = tuple(NPC_TARGETING if f.npc else f.targeting for f in self.fleets)
        n = len(self.groups)
        self.members = (
            tuple(i for i in range(n) if self.side[i] == ATTACKER),
            tuple(i for i in range(n) if self.side[i] == DEFENDER),
        )

        def key(i: int) -> tuple:
            return (-self.groups[i].stats.initiative, -self.side[i], _TYPE_ORDER[self.groups[i].kind])

        self.order = tuple(sorted(range(n), key=key))
        self.missile_order = tuple(i for i in self.order if self.groups[i].stats.missiles)
        self.retreat_round = tuple(
            self.fleets[self.side[i]].retreat.round
            if self.fleets[self.side[i]].retreat and self.fleets[self.side[i]].retreat.covers(self.groups[i].kind)
            else None
            for i in range(n)
        )
        self.cap = max([r for r in self.retreat_round if r] or [1])
        self.one: Num = Fraction(1) if exact else 1.0
        self.zero: Num = Fraction(0) if exact else 0.0
        # States are coded as one int (mixed radix: each group's damage multiset, each group's
        # retreat status, the round while a plan waits), so successors are a subtraction and an
        # addition away and memo keys hash fast.
        self.multisets = [
            [
                tuple(reversed(c))
                for k in range(g.count + 1)
                for c in combinations_with_replacement(range(g.stats.hull + 1), k)
            ]
            for g in self.groups
        ]
        self.ms_index = [{m: j for j, m in enumerate(ms)} for ms in self.multisets]
        self.radix = []
        r = 1
        for ms in self.multisets:
            self.radix.append(r)
            r *= len(ms)
        self.status_radix = []
        for _ in self.groups:
            self.status_radix.append(r)
            r *= 3
        self.round_radix = r
        self.decoded: dict[int, tuple] = {}
        self.values: dict[Node, tuple[Num, Num]] = {}
        self.result_memo: dict[tuple, tuple] = {}
        self.outcome_memo: dict[tuple, tuple] = {}
        self.fire_memo: dict[tuple, tuple] = {}
        self.chains: dict[int, tuple] = {}  # state code -> (its steps' dice, next round's state, stalemate)
        self.chain_order: list[int] = []  # states in the order their values were finished
        self.missile_nodes: list[Node] = []
        self.topo: dict[int, int] | None = None
        start = sum(
            self.ms_index[i][tuple(sorted(g.damage or (0,) * g.count, reverse=True))] * self.radix[i]
            for i, g in enumerate(self.groups)
        )
        # Node slots within a state: 0 round start, then missile steps 0..Lm, engagement steps
        # 0..Le, then the three final outcomes.
        self.m0 = 1
        self.e0 = self.m0 + len(self.missile_order) + 1
        self.t0 = self.e0 + len(self.order) + 1
        self.final_slot = {"A": self.t0, "D": self.t0 + 1, "S": self.t0 + 2}
        self.slots = self.t0 + 3
        self.root: Node = start * self.slots + (self.m0 if self.missile_order else 0)

    # ----- state helpers -------------------------------------------------------------------
    def decode(self, code: int) -> tuple:
        """(damage multiset per group, retreat status per group, round) of a state code."""
        state = self.decoded.get(code)
        if state is None:
            dmg = tuple(ms[(code // r) % len(ms)] for ms, r in zip(self.multisets, self.radix))
            status = tuple((code // r) % 3 for r in self.status_radix)
            state = self.decoded[code] = (dmg, status, code // self.round_radix + 1)
        return state

    def present(self, state: tuple, side: int) -> bool:
        dmg, status, _ = state
        return any(dmg[i] and status[i] != 2 for i in self.members[side])

    def holder(self, state: tuple) -> str | None:
        if not self.present(state, DEFENDER):
            return "A"
        if not self.present(state, ATTACKER):
            return "D"
        return None

    def armed(self, state: tuple) -> bool:
        dmg, status, _ = state
        return any(dmg[i] and status[i] != 2 and self.groups[i].stats.armed for i in range(len(dmg)))

    # ----- dice ------------------------------------------------------------------------------
    def outcomes(self, i: int, alive: int, missiles: bool, levels: tuple[int, ...]) -> tuple:
        key = (i, alive, missiles, levels)
        hit = self.outcome_memo.get(key)
        if hit is None:
            st = self.groups[i].stats
            per_ship = st.missile_dice if missiles else st.cannon_dice
            dice = tuple((d, n * alive) for d, n in per_ship)
            p_miss, outs = roll_outcomes(dice, st.computer, levels)
            if not self.exact:
                p_miss = float(p_miss)
                outs = tuple((float(p), h) for p, h in outs)
            hit = self.outcome_memo[key] = (p_miss, outs)
        return hit

    def candidates(
        self, side: int, enemy: tuple[int, ...], fleet: tuple, levels: tuple[int, ...], hits: tuple
    ) -> tuple[tuple[int, bool], ...]:
        """The fleet states the hits can leave, as (code of the enemy groups, any ship left)."""
        hulls = tuple(self.hull[j] for j in enemy)
        found = sorted(results(fleet, hulls, tuple(self.shield[j] for j in enemy), levels, hits))
        strategy = self.targeting[side]
        if strategy != OPTIMAL:
            sizes = tuple(self.size[j] for j in enemy)
            found = [max(found, key=lambda c: heuristic_key(strategy, fleet, c, hulls, sizes))]
        return tuple(
            (sum(self.ms_index[j][c] * self.radix[j] for j, c in zip(enemy, cand)), any(cand)) for cand in found
        )

    def fire(self, code: int, b: int, phase: str) -> tuple[list[tuple[Node, Num]], Num]:
        """Activation ``b`` of ``phase`` ("m" missiles, "e" engagement).

        Returns the nodes reached when something changes, with their probabilities, and
        P(nothing changes): the group is gone, unarmed for this phase, or every die missed.
        """
        dmg, status, rnd = self.decode(code)
        i = (self.missile_order if phase == "m" else self.order)[b]
        ships = dmg[i]
        if not ships or status[i] == 2:
            return [], self.one
        if phase == "e" and self.retreat_round[i] is not None and rnd >= self.retreat_round[i]:
            # RITIRATA: announce on this activation, leave on the next one; fired at meanwhile.
            return [(self.after(code + self.status_radix[i], b, phase), self.one)], self.zero
        st = self.groups[i].stats
        if not (st.missiles if phase == "m" else st.armed):
            return [], self.one
        side = self.side[i]
        enemy = tuple(j for j in self.members[1 - side] if dmg[j] and status[j] != 2)
        levels = tuple(sorted({self.shield[j] for j in enemy}))
        p_miss, outs = self.outcomes(i, len(ships), phase == "m", levels)
        enemy_code = sum(self.ms_index[j][dmg[j]] * self.radix[j] for j in enemy)
        slots = self.slots
        base = (code - enemy_code) * slots
        next_slot = (self.m0 if phase == "m" else self.e0) + b + 1
        won_slot = self.final_slot[OUT_KEYS[side]]
        values = self.values
        reached = []
        for p, hits in outs:
            rkey = (enemy_code, enemy, hits)
            cands = self.result_memo.get(rkey)
            if cands is None:
                cands = self.result_memo[rkey] = self.candidates(
                    side, enemy, tuple(dmg[j] for j in enemy), levels, hits
                )
            if len(cands) == 1:
                part, alive = cands[0]
                reached.append((base + part * slots + (next_slot if alive else won_slot), p))
                continue
            best = None
            best_own = best_opp = -1
            for part, alive in cands:
                node = base + part * slots + (next_slot if alive else won_slot)
                v = values.get(node)
                if v is None:
                    v = self.value(node)
                mine, theirs = (v[0], v[1]) if side == ATTACKER else (v[1], v[0])
                if mine > best_own or (mine == best_own and theirs < best_opp):
                    best, best_own, best_opp = node, mine, theirs
            reached.append((best, p))
        return reached, p_miss

    def after(self, code: int, b: int, phase: str) -> Node:
        out = self.holder(self.decode(code))
        if out:
            return code * self.slots + self.final_slot[out]
        return code * self.slots + (self.m0 if phase == "m" else self.e0) + b + 1

    # ----- pass 1: values --------------------------------------------------------------------
    def fired(self, code: int, b: int, phase: str) -> tuple[list[tuple[Node, Num]], Num]:
        key = (code, b, phase)
        hit = self.fire_memo.get(key)
        if hit is None:
            hit = self.fire_memo[key] = self.fire(code, b, phase)
        return hit

    def value(self, node: Node) -> tuple[Num, Num]:
        v = self.values.get(node)
        if v is not None:
            return v
        code, slot = divmod(node, self.slots)
        if slot >= self.t0:
            v = self.values[node] = (
                self.one if slot == self.final_slot["A"] else self.zero,
                self.one if slot in (self.final_slot["D"], self.final_slot["S"]) else self.zero,
            )
            return v
        if slot == 0 or slot >= self.e0:
            self.chain(code)
            return self.values[node]
        # Missile step a: its dice, then the next missile step (or round 1) if nothing changed.
        a = slot - self.m0
        reached, quiet = self.fired(code, a, "m") if a < len(self.missile_order) else ([], self.one)
        nxt = node + 1 if a < len(self.missile_order) else (code % self.round_radix) * self.slots
        va = vd = self.zero
        for succ, p in reached + ([(nxt, quiet)] if quiet else []):
            sv = self.values.get(succ) or self.value(succ)
            va += p * sv[0]
            vd += p * sv[1]
        self.missile_nodes.append(node)
        v = self.values[node] = (va, vd)
        return v

    def chain(self, code: int) -> None:
        """Values of one state's round start and of each of its engagement steps.

        Step a's value is F_a + q_a * (step a+1's value), F_a the part where its dice change
        something and q_a P(they change nothing); after the last step comes the next round's
        start. Unrolled: value_a = alpha_a + beta_a * V_end. When the round is capped the next
        round starts from this very state, so V_end = V_start = alpha_0 / (1 - beta_0): the
        self-loop of a round where every die misses, solved in closed form.
        """
        n = len(self.order)
        steps = [self.fired(code, b, "e") for b in range(n)]
        values = self.values
        alpha = [(self.zero, self.zero)] * (n + 1)
        beta = [self.one] * (n + 1)
        for b in range(n - 1, -1, -1):
            reached, quiet = steps[b]
            fa = fd = self.zero
            for succ, p in reached:
                sv = values.get(succ) or self.value(succ)
                fa += p * sv[0]
                fd += p * sv[1]
            na, nd = alpha[b + 1]
            alpha[b] = (fa + quiet * na, fd + quiet * nd)
            beta[b] = quiet * beta[b + 1]
        state = self.decode(code)
        stalemate = not self.armed(state)
        capped = state[2] >= self.cap
        nxt = code if capped else code + self.round_radix
        if stalemate:
            start = (self.zero, self.one)  # STALLO: nobody can destroy the other; the defender holds
            end = start if capped else values.get(nxt * self.slots) or self.value(nxt * self.slots)
        elif capped:
            stay = self.one - beta[0]
            start = end = (alpha[0][0] / stay, alpha[0][1] / stay)
        else:
            end = values.get(nxt * self.slots) or self.value(nxt * self.slots)
            start = (alpha[0][0] + beta[0] * end[0], alpha[0][1] + beta[0] * end[1])
        base = code * self.slots
        values[base] = start
        for b in range(n + 1):
            values[base + self.e0 + b] = (alpha[b][0] + beta[b] * end[0], alpha[b][1] + beta[b] * end[1])
        self.chains[code] = (steps, nxt, stalemate)
        self.chain_order.append(code)

    # ----- pass 2 and 3: distributions -------------------------------------------------------
    def missile_pass(self, mass: dict[Node, Num], finals: dict[Node, Num]) -> None:
        """Push mass through the missile steps (they form a DAG) to finals and round starts."""
        for node in reversed(self.missile_nodes):
            m = mass.pop(node, None)
            if not m:
                continue
            code, slot = divmod(node, self.slots)
            a = slot - self.m0
            reached, quiet = self.fired(code, a, "m") if a < len(self.missile_order) else ([], self.one)
            nxt = node + 1 if a < len(self.missile_order) else (code % self.round_radix) * self.slots
            for succ, p in reached + ([(nxt, quiet)] if quiet else []):
                if succ % self.slots >= self.t0:
                    finals[succ] = finals.get(succ, self.zero) + m * p
                else:
                    mass[succ] = mass.get(succ, self.zero) + m * p

    def chain_pass(self, code: int, mass: dict[Node, Num], loop: bool) -> tuple[list[Num], Num, Num]:
        """Visits of each engagement step of one state from the mass waiting there.

        Returns (visits per step, mass leaving at the round's end, round starts played). With
        ``loop`` a capped state's round end feeds its own start again (solved in closed form);
        without, the end mass is returned for the caller (the round-by-round pass).
        """
        steps, nxt, stalemate = self.chains[code]
        n = len(self.order)
        base = code * self.slots
        start = mass.pop(base, self.zero)
        incoming = [mass.pop(base + self.e0 + b, self.zero) for b in range(n + 1)]
        if stalemate:
            starts = self.zero
            first = incoming[0]
        else:
            starts = start
            first = start + incoming[0]
        c = [first]
        d = [self.one]
        for b in range(1, n):
            q = steps[b - 1][1]
            c.append(incoming[b] + q * c[-1])
            d.append(q * d[-1])
        q_last = steps[n - 1][1] if n else self.one
        back = self.zero
        if loop and nxt == code and not stalemate:
            back = (incoming[n] + q_last * c[-1]) / (self.one - q_last * d[-1])
            starts += back
            visits = [cb + db * back for cb, db in zip(c, d)]
            leaving = self.zero
        else:
            visits = c
            leaving = incoming[n] + q_last * c[-1]
        return visits, leaving, starts

    def _heap(self, nodes) -> tuple[list, set]:
        """States holding mass, to pop in topological order: a state's successors finished
        their values before it, so they come later in the reversed finishing order."""
        if self.topo is None:
            self.topo = {code: i for i, code in enumerate(reversed(self.chain_order))}
        active = {node // self.slots for node in nodes}
        heap = [(self.topo[code], code) for code in active]
        heapq.heapify(heap)
        return heap, active

    def spread(
        self, code: int, mass: dict[Node, Num], loop: bool, heap: list, active: set, finals: dict[Node, Num] | None
    ) -> tuple[Num, Num, Num]:
        """Push one state's mass through its round to the successor states' nodes.

        Returns (mass reaching a final this round, mass ending in a stalemate, mass leaving at
        the round's end, round starts played). Finals are also added to ``finals`` if given.
        """
        steps, _, stalemate = self.chains[code]
        base = code * self.slots
        ended = stalled = self.zero
        if stalemate and base in mass:
            stalled += mass[base]
        visits, leaving, starts = self.chain_pass(code, mass, loop)
        slots, t0, stalemate_slot, topo = self.slots, self.t0, self.final_slot["S"], self.topo
        for (reached, _), v in zip(steps, visits):
            if not v:
                continue
            for succ, p in reached:
                slot = succ % slots
                if slot >= t0:
                    if finals is not None:
                        finals[succ] = finals.get(succ, self.zero) + v * p
                    elif slot == stalemate_slot:
                        stalled += v * p
                    else:
                        ended += v * p
                else:
                    mass[succ] = mass.get(succ, self.zero) + v * p
                    c = succ // slots
                    if c not in active:
                        active.add(c)
                        heapq.heappush(heap, (topo[c], c))
        if finals is not None and stalled:
            node = base + stalemate_slot
            finals[node] = finals.get(node, self.zero) + stalled
        return ended, stalled, leaving, starts

    def forward(self) -> tuple[dict[Node, Num], Num]:
        """Mass reaching each final node, and the expected number of engagement rounds."""
        mass: dict[Node, Num] = {self.root: self.one}
        finals: dict[Node, Num] = {}
        self.missile_pass(mass, finals)
        rounds = self.zero
        heap, active = self._heap(mass)
        while heap:
            _, code = heapq.heappop(heap)
            active.discard(code)
            _, _, leaving, starts = self.spread(code, mass, True, heap, active, finals)
            rounds += starts
            if leaving:
                nxt = self.chains[code][1]
                if nxt == code:  # a stalemate state's round ends at its own (stalemate) start
                    node = code * self.slots + self.final_slot["S"]
                    finals[node] = finals.get(node, self.zero) + leaving
                else:
                    node = nxt * self.slots
                    mass[node] = mass.get(node, self.zero) + leaving
                    if nxt not in active:
                        active.add(nxt)
                        heapq.heappush(heap, (self.topo[nxt], nxt))
        return finals, rounds

    def rounds(self) -> tuple[Num, ...]:
        """P(k engagement rounds) for k < ROUNDS_SHOWN - 1, then P(ROUNDS_SHOWN - 1 or more)."""
        last = ROUNDS_SHOWN - 1
        dist = [self.zero] * ROUNDS_SHOWN
        mass: dict[Node, Num] = {self.root: self.one}
        finals: dict[Node, Num] = {}
        self.missile_pass(mass, finals)
        dist[0] = sum(finals.values(), self.zero)
        for k in range(1, last):
            nxt_mass: dict[Node, Num] = {}
            heap, active = self._heap(mass)
            while heap:
                _, code = heapq.heappop(heap)
                active.discard(code)
                ended, stalled, leaving, _ = self.spread(code, mass, False, heap, active, None)
                dist[k] += ended
                dist[k - 1] += stalled  # STALLO at the start of round k: k - 1 rounds fought
                if leaving:
                    target = self.chains[code][1] * self.slots
                    nxt_mass[target] = nxt_mass.get(target, self.zero) + leaving
            mass = nxt_mass
            if not mass or (not self.exact and sum(mass.values()) < 1e-13):
                break  # what is left (< 1e-13) goes to the last bucket below
        tail = self.one - sum(dist[:last], self.zero)
        dist[last] = tail if self.exact else max(tail, 0.0)  # no -1e-17 from float rounding
        return tuple(dist)

    # ----- report ----------------------------------------------------------------------------
    def report(self, estimate: int) -> BattleResult:
        f = (lambda x: x) if self.exact else float
        finals, exp_rounds = self.forward()
        win = {"A": self.zero, "D": self.zero, "S": self.zero}
        surv = [[self.zero] * (g.count + 1) for g in self.groups]
        esc_group = [self.zero] * len(self.groups)
        escape = [self.zero, self.zero]
        rep = [self.zero, self.zero]
        outcome_of = {v: k for k, v in self.final_slot.items()}
        for node, m in finals.items():
            code, slot = divmod(node, self.slots)
            outcome = outcome_of[slot]
            state = self.decode(code)
            dmg, status, _ = state
            win[outcome] += m
            for i, ships in enumerate(dmg):
                surv[i][len(ships)] += m
                if status[i] == 2 and ships:
                    esc_group[i] += m
            for side in (ATTACKER, DEFENDER):
                escaped = not self.present(state, side) and any(dmg[i] and status[i] == 2 for i in self.members[side])
                if escaped:
                    escape[side] += m
                # STALLO: the attacker retreats (assumed possible) or is destroyed; either way it
                # draws no tile for the battle (PENALITÀ DI RITIRATA, assumed: it retreats).
                fled = escaped or (outcome == "S" and side == ATTACKER)
                destroyed: dict[str, int] = {}
                for i in self.members[1 - side]:
                    g = self.groups[i]
                    destroyed[g.kind] = destroyed.get(g.kind, 0) + g.count - len(dmg[i])
                rep[side] += m * tiles_drawn(destroyed, fled)
        groups = []
        lost = [self.zero, self.zero]
        for i, g in enumerate(self.groups):
            exp_lost = g.count - sum((k * p for k, p in enumerate(surv[i])), self.zero)
            if not self.exact:
                exp_lost = max(exp_lost, 0.0)
            lost[self.side[i]] += exp_lost
            groups.append(
                GroupResult(
                    SIDE_NAMES[self.side[i]],
                    g.kind,
                    g.count,
                    g.stats.initiative,
                    tuple(f(p) for p in surv[i]),
                    f(esc_group[i]),
                    f(exp_lost),
                )
            )
        reasons, rules = (), ()

        def describe(order):
            return tuple(
                (SIDE_NAMES[self.side[i]], self.groups[i].kind, self.groups[i].stats.initiative) for i in order
            )

        return BattleResult(
            attacker_win=f(win["A"]),
            defender_win=f(win["D"] + win["S"]),  # STALLO leaves the hex to the defender
            stalemate=f(win["S"]),
            attacker_escape=f(escape[0]),
            defender_escape=f(escape[1]),
            attacker_reputation=None if self.fleets[0].npc else f(rep[0]),
            defender_reputation=None if self.fleets[1].npc else f(rep[1]),
            expected_rounds=f(exp_rounds),
            rounds=tuple(f(p) for p in self.rounds()),
            groups=tuple(groups),
            attacker_expected_lost=f(lost[0]),
            defender_expected_lost=f(lost[1]),
            order=describe(self.order),
            missile_order=describe(self.missile_order),
            targeting=self.targeting,
            fallback=self.fallback,
            states=len(self.values),
            estimate=estimate,
            rules=rules,
            reasons=reasons,
        )
