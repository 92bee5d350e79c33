"""Hit assignment: which unit a player gives up for each hit, and the states that follow.

Rules 23.6 and 24.2 let the owner choose; rule 77.1 lets a unit with Sustain Damage cancel one
hit by becoming damaged. A player who follows a fixed priority (``HitPolicy``) turns every hit
into one step along a path of states, so one side's whole future is a short chain: that is
what keeps the exact battle chain small. Anti-fighter barrage is the exception (rule 68.2 and
77.4: its hits destroy fighters only and cannot be cancelled), handled by ``lose_fighters``.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from typing import Callable, Mapping

from engine.ti4.rolls import hits_distribution
from engine.ti4.units import DEFAULT_ORDER, Loadout, UnitStats


@dataclass(frozen=True)
class HitPolicy:
    """A player's standing orders for hits.

    ``order``: unit kinds from first to last destroyed (cheapest first by default).
    ``sustain_first``: cancel hits with every Sustain Damage before losing any unit; when off, a
    unit sustains only when its kind's turn comes (all of that kind are damaged, then destroyed).
    ``keep_alive``: one unit of this kind is destroyed only after every other unit.
    """

    order: tuple[str, ...] = DEFAULT_ORDER
    sustain_first: bool = True
    keep_alive: str | None = None


@dataclass(frozen=True)
class Slot:
    """A group of identical units in loss order; the kept-alive unit gets a slot of its own."""

    unit: UnitStats
    keep_alive: bool = False


Number = Fraction | float


class ForceStates:
    """Every state one side can reach under its policy, numbered, with cached transitions.

    A state is a tuple ``(intact, damaged)`` per slot, flattened. This is a memo table, not a
    value: it grows as the battle chain asks for states, and lives for one calculation.
    """

    def __init__(self, units: Mapping[str, int], loadout: Loadout, policy: HitPolicy,
                 number: Callable[[Fraction], Number] = float):
        slots: list[Slot] = []
        start: list[int] = []
        order = policy.order + tuple(k for k in DEFAULT_ORDER if k not in policy.order)
        for key in order:
            count = units.get(key, 0) - (1 if policy.keep_alive == key else 0)
            if count > 0:
                slots.append(Slot(loadout.stats(key)))
                start += [count, 0]
        if policy.keep_alive and units.get(policy.keep_alive, 0) > 0:
            slots.append(Slot(loadout.stats(policy.keep_alive), True))
            start += [1, 0]
        self.slots = tuple(slots)
        self.sustain_first = policy.sustain_first
        self._number = number
        self.states: list[tuple[int, ...]] = []
        self.depths: list[int] = []
        self._index: dict[tuple[int, ...], int] = {}
        self._chains: dict[int, list[int]] = {}
        self._rolls: dict[tuple[int, str, int], tuple[Number, ...]] = {}
        self._capped: dict[tuple[int, str, int, int], tuple[Number, ...]] = {}
        self.start = self.index(tuple(start))

    def index(self, state: tuple[int, ...]) -> int:
        """The number of ``state``, registering it on first sight."""
        found = self._index.get(state)
        if found is None:
            found = self._index[state] = len(self.states)
            self.states.append(state)
            self.depths.append(sum(state[2 * k] * (2 if slot.unit.sustain else 1)
                                   + state[2 * k + 1] for k, slot in enumerate(self.slots)))
        return found

    def depth(self, i: int) -> int:
        """Hits still needed to destroy the whole side: one per unit and per unused sustain."""
        return self.depths[i]

    def alive(self, i: int) -> bool:
        return self.depths[i] > 0

    def _non_fighters(self, state: tuple[int, ...]) -> int:
        return sum(state[2 * k] + state[2 * k + 1] for k, slot in enumerate(self.slots)
                   if slot.unit.key != "fighter")

    def _one_hit(self, state: tuple[int, ...], spare_fighters: bool = False) -> tuple[int, ...]:
        """One hit under the policy; ``spare_fighters``: it must go to a non-fighter if any is
        left (Graviton Laser System)."""
        cells = list(state)
        skip = "fighter" if spare_fighters and self._non_fighters(state) else None
        if self.sustain_first:
            for k, slot in enumerate(self.slots):
                if slot.unit.key != skip and slot.unit.sustain and cells[2 * k]:
                    cells[2 * k] -= 1
                    cells[2 * k + 1] += 1
                    return tuple(cells)
        for k, slot in enumerate(self.slots):
            intact, damaged = cells[2 * k], cells[2 * k + 1]
            if (not intact and not damaged) or slot.unit.key == skip:
                continue
            if slot.unit.sustain and intact:  # only when sustain_first is off
                cells[2 * k], cells[2 * k + 1] = intact - 1, damaged + 1
            elif damaged:
                cells[2 * k + 1] -= 1
            else:
                cells[2 * k] -= 1
            return tuple(cells)
        return state

    def chain(self, i: int) -> list[int]:
        """``chain(i)[h]`` is the state after ``h`` hits, for h = 0..depth (the last is empty)."""
        found = self._chains.get(i)
        if found is None:
            found = [i]
            state = self.states[i]
            while any(state):
                state = self._one_hit(state)
                found.append(self.index(state))
            self._chains[i] = found
        return found

    def after_hits(self, i: int, hits: int) -> int:
        path = self.chain(i)
        return path[min(hits, len(path) - 1)]

    def after_cannon_hits(self, i: int, hits: int, spare_fighters: bool) -> int:
        """Space cannon hits; with ``spare_fighters`` they must go to non-fighter ships first."""
        if not spare_fighters:
            return self.after_hits(i, hits)
        state = self.states[i]
        for _ in range(hits):
            state = self._one_hit(state, spare_fighters=True)
        return self.index(state)

    def lose_non_fighter(self, i: int) -> int:
        """Destroy one non-fighter ship, the owner's choice (Assault Cannon): the first in its
        loss order, a damaged one before an intact one; sustain cannot prevent it."""
        cells = list(self.states[i])
        for k, slot in enumerate(self.slots):
            if slot.unit.key == "fighter":
                continue
            if cells[2 * k + 1]:
                cells[2 * k + 1] -= 1
                return self.index(tuple(cells))
            if cells[2 * k]:
                cells[2 * k] -= 1
                return self.index(tuple(cells))
        return i

    def non_fighter_ships(self, i: int) -> int:
        return self._non_fighters(self.states[i])

    def lose_fighters(self, i: int, hits: int) -> int:
        """Destroy up to ``hits`` fighters directly (barrage): no sustain, excess hits lost."""
        cells = list(self.states[i])
        for k, slot in sorted(enumerate(self.slots), key=lambda ks: ks[1].keep_alive):
            if slot.unit.key != "fighter":
                continue
            taken = min(hits, cells[2 * k])
            cells[2 * k] -= taken
            hits -= taken
        return self.index(tuple(cells))

    def counts(self, i: int) -> dict[str, int]:
        """Units left by kind (damaged or not)."""
        out: dict[str, int] = {}
        state = self.states[i]
        for k, slot in enumerate(self.slots):
            n = state[2 * k] + state[2 * k + 1]
            if n:
                out[slot.unit.key] = out.get(slot.unit.key, 0) + n
        return out

    def roll(self, i: int, ability: str, modifier: int = 0) -> tuple[Number, ...]:
        """P(h hits) of the side's ``combat`` or ``barrage`` roll in state ``i``."""
        key = (i, ability, modifier)
        found = self._rolls.get(key)
        if found is None:
            dice: dict[int, int] = {}
            state = self.states[i]
            for k, slot in enumerate(self.slots):
                roll = getattr(slot.unit, ability)
                n = state[2 * k] + state[2 * k + 1]
                if roll is not None and n:
                    dice[roll.value] = dice.get(roll.value, 0) + n * roll.dice
            found = tuple(map(self._number, hits_distribution(dice, modifier)))
            self._rolls[key] = found
        return found

    def capped_roll(self, i: int, ability: str, modifier: int, cap: int) -> tuple[Number, ...]:
        """``roll`` with every count of ``cap`` hits or more merged at ``cap``: hits beyond what
        the opponent can absorb change nothing."""
        key = (i, ability, modifier, cap)
        found = self._capped.get(key)
        if found is None:
            full = self.roll(i, ability, modifier)
            found = full if len(full) <= cap + 1 else full[:cap] + (sum(full[cap:]),)
            self._capped[key] = found
        return found
