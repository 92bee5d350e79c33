"""Hit assignment: which unit a player gives up for each hit, and the states that follow.

Rules 23.6 and 24.2 let the owner choose; rule 77.1 lets a unit with Sustain Damage cancel one
hit by becoming damaged. A player who follows a fixed priority (``HitPolicy``) turns every hit
into one step along a path of states, so one side's whole future is a short chain: that is
what keeps the exact battle chain small. Anti-fighter barrage is the exception (rule 68.2 and
77.4: its hits destroy fighters only and cannot be cancelled), handled by ``lose_fighters``.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Callable, Iterator, Mapping, cast

from engine.core.dice import Dist, add
from engine.ti4.rolls import Number, hit_chance, hits_distribution, short_and_hits
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


@dataclass(frozen=True)
class RoundEffects:
    """What changes a side's losses in a combat round besides its hit policy.

    ``shields_holding``: Shields Holding cards in hand; one per round (18.6) cancels up to 2 of
    the hits the side takes, played in the first round it takes a hit. ``opponent_direct_hits``:
    the opponent's Direct Hit cards; after this side sustains damage (in a round or against the
    opponent's space cannon), each destroys one ship that sustained, the most valuable first
    (several in a round: FAQ, action cards 3).
    ``repair``: Duranium Armor, after hits are assigned repair 1 damaged unit that did not
    sustain this round. ``repair_flagship``: the flagship is repaired at the start of each round.
    ``double_sustain``: Non-Euclidean Shielding, each Sustain Damage cancels up to 2 of the hits
    assigned at once (77.6), so a unit that sustains takes the next hit of the same batch too.
    Cards left are part of the side's state, so the chain carries them exactly.
    """

    shields_holding: int = 0
    opponent_direct_hits: int = 0
    repair: bool = False
    repair_flagship: bool = False
    double_sustain: bool = False

    @property
    def cards(self) -> bool:
        return bool(self.shields_holding or self.opponent_direct_hits)


DIRECTING_KEYS = ("flagship", "dreadnought")  # the L1Z1X flagship's hits, and its dreadnoughts'
OUTCOME_EFFECTS = ("hits_on_non_fighters", "trade_goods_bonus")


def outcome_width(units: Mapping[str, int], loadout: Loadout) -> int | None:
    """For a side whose combat roll is more than a hit count — the L1Z1X flagship (hits that
    must go to non-fighter ships) or the Hacan flagship (dice one short of a hit, which a trade
    good turns into hits) — one more than the most hits its units can roll. Its roll is then
    read as outcomes ``extra * width + hits`` (``ForceStates.roll``), which the opponent's
    ``ForceStates`` decodes with the same width; None for every other side."""
    if loadout.flagship.effect not in OUTCOME_EFFECTS or not units.get("flagship"):
        return None
    dice = 0  # all of them: once the flagship is gone, the dreadnoughts' hits are free again
    for key, n in units.items():
        roll = loadout.stats(key).combat
        if roll is not None:
            dice += n * roll.dice
    return dice + 1


class ForceStates:
    """Every state one side can reach under its policy, numbered, with cached transitions.

    A state is a tuple ``(intact, damaged)`` per slot, flattened, followed by (Shields Holding
    left, opponent's Direct Hits left) when cards are in play. This is a memo table, not a
    value: it grows as the battle chain asks for states, and lives for one calculation.
    ``damaged``: units of each kind already damaged when the combat starts.
    ``directed_width``: the opponent's ``outcome_width`` (its hit counts are then read as
    outcomes: so many hits that must go to non-fighter ships, and so many free ones).
    ``own_goods``: a Hacan side's own trade goods (its roll counts at most that many dice one
    short). ``spend_width`` and ``goods``: the Hacan opponent's ``outcome_width`` and goods. Its
    outcomes are (dice one short of a hit, hits), and a good is spent on every die one short
    while goods last (``_play_round``); the goods left are kept in this side's state (last),
    which the opponent's roll already moves, so the chain needs no new kind of step.
    A Yin flagship (``destroys_all_ships``) that is lost takes the whole side with it: every
    state without it is the empty state (the chain then empties the other side too).
    ``extra_hits``: P(h) of hits the side adds to each round's combat roll from outside the
    combat (L1Z1X's Harrow: its ships bombard the planet at the end of every ground combat round).
    ``weave``: the side produces 1 more hit in each round in which the opponent's combat roll
    scores at least one hit (Sardakk N'orr's Valkyrie Particle Weave; the chain adds it, reading
    ``roll``'s ``quiet``).
    """

    def __init__(
        self,
        units: Mapping[str, int],
        loadout: Loadout,
        policy: HitPolicy,
        number: Callable[[Number], Number] = float,
        damaged: Mapping[str, int] | None = None,
        effects: RoundEffects = RoundEffects(),
        directed_width: int | None = None,
        spend_width: int | None = None,
        goods: int = 0,
        own_goods: int = 0,
        extra_hits: tuple[Number, ...] = (),
        weave: bool = False,
    ):
        slots: list[Slot] = []
        start: list[int] = []
        damaged = dict(damaged or {})
        order = policy.order + tuple(k for k in DEFAULT_ORDER if k not in policy.order)
        for key in order:
            count = units.get(key, 0) - (1 if policy.keep_alive == key else 0)
            if count > 0:
                slots.append(Slot(loadout.stats(key)))
                hurt = min(count, damaged.get(key, 0))
                damaged[key] = damaged.get(key, 0) - hurt
                start += [count - hurt, hurt]
        if policy.keep_alive and units.get(policy.keep_alive, 0) > 0:
            slots.append(Slot(loadout.stats(policy.keep_alive), True))
            hurt = min(1, damaged.get(policy.keep_alive, 0))  # kept intact unless all are damaged
            start += [1 - hurt, hurt]
        self.slots = tuple(slots)
        self.sustain_first = policy.sustain_first
        self.effects = effects
        effect = loadout.flagship.effect if units.get("flagship") else None
        self._flagship_effect = effect
        self.directed_width = directed_width
        self.spend_width = spend_width
        self.own_goods = own_goods  # a Hacan side's trade goods: at most so many dice one short count
        self.extra_hits = extra_hits
        self.weave = weave
        self.outcome_width = outcome_width(units, loadout)  # when its hits are directed (L1Z1X)
        # The Yin flagship's slots: a state without it is the empty state.
        self._wipe_slots = (
            [k for k, s in enumerate(slots) if s.unit.key == "flagship"] if effect == "destroys_all_ships" else []
        )
        self.wipes = bool(self._wipe_slots)
        self.blocks_sustain = effect == "no_sustain"  # while its flagship is there (``blocking``)
        # Only damage is repaired: without a unit that can sustain, a repair never happens (and
        # the chain keeps its exact, downward-only solver).
        self.repairs = (effects.repair or effects.repair_flagship) and any(s.unit.sustain for s in slots)
        self._number = number
        self.states: list[tuple[int, ...]] = []
        self.depths: list[int] = []
        self.ranks: list[int] = []
        self._index: dict[tuple[int, ...], int] = {}
        self._chains: dict[tuple[int, bool], list[int]] = {}
        self._rounds: dict[tuple[int, int, bool], int] = {}
        self._paths: dict[tuple[tuple[int, ...], bool, bool], list[tuple[int, ...]]] = {}
        self._rolls: dict[tuple[int, str, int, bool, int], tuple[Number, ...]] = {}
        if effects.cards:
            start += [effects.shields_holding, effects.opponent_direct_hits]
        if spend_width:
            start.append(goods)
        start_state = tuple(start)
        if self.effects.repair_flagship:  # repaired at the start of round 1 too
            start_state = self._repair_flagship(start_state)
        self.start = self.index(start_state)

    def index(self, state: tuple[int, ...]) -> int:
        """The number of ``state``, registering it on first sight. A side with no units left
        has no use for its cards: all its empty states are one."""
        units = 2 * len(self.slots)
        if len(state) > units and not any(state[:units]):
            state = (0,) * len(state)
        if self._wipe_slots and not any(state[2 * k] + state[2 * k + 1] for k in self._wipe_slots):
            state = (0,) * len(state)
        found = self._index.get(state)
        if found is None:
            found = self._index[state] = len(self.states)
            self.states.append(state)
            absorbs = 3 if self.effects.double_sustain else 2  # an intact unit with Sustain Damage
            depth = sum(
                state[2 * k] * (absorbs if slot.unit.sustain else 1) + state[2 * k + 1]
                for k, slot in enumerate(self.slots)
            )
            self.depths.append(depth)
            # Every hit, card played or ship lost to Direct Hit lowers the rank (repairs aside):
            # the order in which the chain's tail is solved.
            self.ranks.append(depth + sum(3 * n for n in state[units : units + 1]) + sum(state[units + 1 :]))
        return found

    def after_round(self, i: int, hits: int, blocked: bool = False) -> int:
        """The state after a combat round in which the side takes ``hits`` (an outcome of the
        opponent's roll, see ``directed_width``): Shields Holding, hits assigned by the policy,
        the opponent's Direct Hits, then repairs. ``blocked``: its units cannot use Sustain
        Damage this round (the Mentak flagship was in the system at the round's start)."""
        key = (i, hits, blocked)
        found = self._rounds.get(key)
        if found is None:
            if not (self.effects.cards or self.repairs or self.directed_width or self.spend_width):
                found = self.after_hits(i, hits, blocked)
            else:
                found = self.index(self._play_round(self.states[i], hits, blocked))
            self._rounds[key] = found
        return found

    def _play_round(self, state: tuple[int, ...], hits: int, blocked: bool) -> tuple[int, ...]:
        units = 2 * len(self.slots)
        cells = list(state)
        directed, hits = divmod(hits, self.directed_width) if self.directed_width else (0, hits)
        spent = 0
        if self.spend_width:  # the Hacan opponent's goods: dice one short become hits
            short, hits = divmod(hits, self.spend_width)
            spent = min(short, cells[-1])
            hits += spent
        if (directed or hits) and self.effects.cards and cells[units]:
            cells[units] -= 1  # the directed hits are the ones worth cancelling
            hits = max(0, hits - max(0, 2 - directed))
            directed = max(0, directed - 2)
        if directed:
            aimed = self._hit_path(tuple(cells), blocked, spare_fighters=True)
            last = min(directed, len(aimed) - 1)
            cells = list(aimed[last])
            # One round's hits are assigned together: a sustain that took the last directed hit
            # with Non-Euclidean Shielding cancels one free hit too (its state comes twice).
            if 0 < last < len(aimed) - 1 and aimed[last] == aimed[last + 1] != aimed[last - 1]:
                hits = max(0, hits - 1)
        path = self._hit_path(tuple(cells), blocked)
        cells = list(path[min(hits, len(path) - 1)])
        if self.effects.cards:
            self._take_direct_hits(state, cells)
        if self.effects.repair:
            for k in reversed(range(len(self.slots))):
                # Damaged before this round and still here: the owner loses the units that just
                # sustained first, so min(before, now) of them may be repaired.
                if min(state[2 * k + 1], cells[2 * k + 1]):
                    cells[2 * k] += 1
                    cells[2 * k + 1] -= 1
                    break
        if spent:
            cells[-1] -= spent
        out = tuple(cells)
        return self._repair_flagship(out) if self.effects.repair_flagship else out

    def _take_direct_hits(self, before: tuple[int, ...], cells: list[int]) -> None:
        """The opponent's Direct Hits on ``cells``, the side's state after hits that found it in
        state ``before``: the ships that sustained since and are still here (the owner loses
        those first among the damaged ones) are destroyed while cards last, the most valuable
        first. Any hit the opponent's units produced counts: a combat round's or a space
        cannon's (the card's text, ti4/errata-colpo-diretto). Units whose card says Direct Hit
        cannot destroy them (Dreadnought II and its faction versions) keep their damage."""
        cards = 2 * len(self.slots) + 1
        for k in reversed(range(len(self.slots))):
            if self.slots[k].unit.direct_hit_proof:  # Dreadnought II: the card cannot destroy it
                continue
            played = min(max(0, cells[2 * k + 1] - before[2 * k + 1]), cells[cards])
            cells[2 * k + 1] -= played
            cells[cards] -= played

    def _hit_path(self, state: tuple[int, ...], blocked: bool, spare_fighters: bool = False) -> list[tuple[int, ...]]:
        """The states after 0, 1, ... hits under the policy, down to no unit (cached by state,
        without numbering them: a round's intermediate states are not battle states);
        ``spare_fighters``: hits that must go to non-fighters while there are any (L1Z1X)."""
        key = (state, blocked, spare_fighters)
        found = self._paths.get(key)
        if found is None:
            found = [state, *self._walk(state, spare_fighters, blocked)]
            self._paths[key] = found
        return found

    def _walk(
        self, state: tuple[int, ...], spare_fighters: bool = False, no_sustain: bool = False, out: tuple[str, ...] = ()
    ) -> Iterator[tuple[int, ...]]:
        """The states after 1, 2, ... hits assigned at once (``_one_hit``), until no unit is left
        that they may hit. With Non-Euclidean Shielding a unit that sustains cancels the next
        hit too (77.6): its state comes twice."""
        while True:
            after = self._one_hit(state, spare_fighters, no_sustain, out)
            if after == state:
                return
            yield after
            if self.effects.double_sustain and any(
                after[2 * k + 1] > state[2 * k + 1] for k in range(len(self.slots))
            ):  # only a sustain adds a damaged unit
                yield after
            state = after

    def _repair_flagship(self, state: tuple[int, ...]) -> tuple[int, ...]:
        cells = list(state)
        for k, slot in enumerate(self.slots):
            if slot.unit.key == "flagship" and cells[2 * k + 1]:
                cells[2 * k] += 1
                cells[2 * k + 1] -= 1
        return tuple(cells)

    def depth(self, i: int) -> int:
        """Hits still needed to destroy the whole side: one per unit and per unused sustain."""
        return self.depths[i]

    def alive(self, i: int) -> bool:
        return self.depths[i] > 0

    def _non_fighters(self, state: tuple[int, ...], out: tuple[str, ...] = ()) -> int:
        return sum(
            state[2 * k] + state[2 * k + 1]
            for k, slot in enumerate(self.slots)
            if slot.unit.key != "fighter" and slot.unit.key not in out
        )

    def _one_hit(
        self, state: tuple[int, ...], spare_fighters: bool = False, no_sustain: bool = False, out: tuple[str, ...] = ()
    ) -> tuple[int, ...]:
        """One hit under the policy; ``spare_fighters``: it must go to a non-fighter if any is
        left (Graviton Laser System, the L1Z1X flagship); ``no_sustain``: Sustain Damage cannot
        be used (the Mentak flagship), so a damaged unit goes before an intact one of its kind;
        ``out``: kinds not in the combat yet (ground forces before the Nekro flagship's call)."""
        cells = list(state)
        skip = out + (("fighter",) if spare_fighters and self._non_fighters(state, out) else ())
        if self.sustain_first and not no_sustain:
            for k, slot in enumerate(self.slots):
                if slot.unit.key not in skip and slot.unit.sustain and cells[2 * k]:
                    cells[2 * k] -= 1
                    cells[2 * k + 1] += 1
                    return tuple(cells)
        for k, slot in enumerate(self.slots):
            intact, damaged = cells[2 * k], cells[2 * k + 1]
            if (not intact and not damaged) or slot.unit.key in skip:
                continue
            if slot.unit.sustain and intact and not no_sustain:  # only when sustain_first is off
                cells[2 * k], cells[2 * k + 1] = intact - 1, damaged + 1
            elif damaged:
                cells[2 * k + 1] -= 1
            else:
                cells[2 * k] -= 1
            return tuple(cells)
        return state

    def chain(self, i: int, blocked: bool = False) -> list[int]:
        """``chain(i)[h]`` is the state after ``h`` hits, for h = 0..depth (the last is empty);
        ``blocked``: without Sustain Damage."""
        found = self._chains.get((i, blocked))
        if found is None:
            found = [i, *(self.index(state) for state in self._walk(self.states[i], no_sustain=blocked))]
            self._chains[(i, blocked)] = found
        return found

    def after_hits(self, i: int, hits: int, blocked: bool = False) -> int:
        path = self.chain(i, blocked)
        return path[min(hits, len(path) - 1)]

    def after_cannon_hits(
        self, i: int, hits: int, spare_fighters: bool, blocked: bool = False, called: bool = False
    ) -> int:
        """Space cannon hits; with ``spare_fighters`` they must go to non-fighter ships first;
        ``blocked``: no Sustain Damage (a Mentak flagship in the system). Ground forces are not
        in the combat yet (the Nekro flagship calls them at its start): they take none, unless
        ``called`` (hits made at the combat's start, after the call: Ambush). A ship
        that sustains one of them is a target for the opponent's Direct Hits, as in a round, and
        a flagship that repairs itself is repaired at the start of the first round."""
        path = [self.states[i], *self._walk(self.states[i], spare_fighters, blocked, () if called else ("infantry",))]
        return self._after_fire(i, list(path[min(hits, len(path) - 1)]))

    def _after_fire(self, i: int, cells: list[int]) -> int:
        """The state ``cells`` that hits made before the rounds left from state ``i`` come to:
        the opponent's Direct Hits on a ship that sustained one of them, then a flagship's own
        repair at the start of the first round."""
        if self.effects.cards:
            self._take_direct_hits(self.states[i], cells)
        state = tuple(cells)
        return self.index(self._repair_flagship(state) if self.effects.repair_flagship else state)

    def after_ability_hits(self, i: int, hits: int, blocked: bool, spare_fighters: bool = False) -> int:
        """Hits an ability makes at the combat's start (Ambush, Dimensional Splicer, Impulse
        Core): a Shields Holding still held cancels up to 2 of them (FAQ action cards 5: it
        cancels an ability's hits during a combat; the side plays it the first time it takes
        hits, as in a round), the rest are assigned as space cannon hits, ground forces the Nekro
        flagship called included; ``spare_fighters``: they must go to non-fighter ships if able."""
        units = 2 * len(self.slots)
        if hits and self.effects.cards and self.states[i][units]:
            cells = list(self.states[i])
            cells[units] -= 1
            i, hits = self.index(tuple(cells)), max(0, hits - 2)
        return self.after_cannon_hits(i, hits, spare_fighters, blocked, called=True)

    def after_chosen_hit(self, i: int, blocked: bool, fighters: bool = False) -> int:
        """One hit that the opponent assigns to a ship of this side (Dimensional Splicer), after a
        Shields Holding this side still holds cancels it. The opponent aims (``_aim``) at a unit
        the hit destroys if it can: a damaged one, one without Sustain Damage, any while
        ``blocked``, or one that sustains while the opponent holds a Direct Hit that can destroy
        it; among those at the one whose dice hit most (its barrage too, against an opponent with
        ``fighters``), then the costliest. Else it makes a unit sustain. Then, as after space
        cannon fire, the opponent's Direct Hits and a flagship's own repair."""
        units = 2 * len(self.slots)
        cells = list(self.states[i])
        if self.effects.cards and cells[units]:
            cells[units] -= 1
            return self.index(tuple(cells))
        held = [k for k, _slot in enumerate(self.slots) if cells[2 * k] + cells[2 * k + 1]]
        if held:
            k = max(held, key=lambda k: self._aim(cells, k, blocked, fighters))
            if cells[2 * k + 1]:
                cells[2 * k + 1] -= 1
            elif self.slots[k].unit.sustain and not blocked:
                cells[2 * k] -= 1
                cells[2 * k + 1] += 1
            else:
                cells[2 * k] -= 1
        return self._after_fire(i, cells)

    def _aim(self, cells: list[int], k: int, blocked: bool, fighters: bool) -> tuple:
        """How much the opponent wants its one hit on slot ``k``: whether the hit destroys a unit
        (a Direct Hit it holds destroys one that sustains, unless the card cannot); for a hit that
        only damages, not the flagship that repairs itself at once; the expected hits of that
        unit's rolls; its cost; then an ordinary unit before the one kept alive."""
        unit = self.slots[k].unit
        direct_hit = self.effects.cards and cells[2 * len(self.slots) + 1] > 0 and not unit.direct_hit_proof
        destroys = bool(cells[2 * k + 1]) or not unit.sustain or blocked or direct_hit
        rolls = (unit.combat, unit.barrage if fighters else None)
        firepower = sum(r.dice * hit_chance(r.value) for r in rolls if r)
        repairs = unit.key == "flagship" and self.effects.repair_flagship
        return (destroys, destroys or not repairs, firepower, unit.cost, not self.slots[k].keep_alive, k)

    def drop_ground_forces(self, i: int) -> int:
        """The state without its ground forces: the Nekro flagship is not there at the start of
        the combat to call them into it."""
        cells = list(self.states[i])
        for k, slot in enumerate(self.slots):
            if slot.unit.key == "infantry":
                cells[2 * k] = cells[2 * k + 1] = 0
        return self.index(tuple(cells))

    def can_leave(self, i: int) -> bool:
        """Whether state ``i`` holds a unit with a move value, which a retreat needs (23.7):
        fighters without Fighter II only leave carried."""
        state = self.states[i]
        return any((state[2 * k] + state[2 * k + 1]) and s.unit.move > 0 for k, s in enumerate(self.slots))

    def has_flagship(self, i: int) -> bool:
        state = self.states[i]
        return any(state[2 * k] + state[2 * k + 1] for k, s in enumerate(self.slots) if s.unit.key == "flagship")

    def blocking(self, i: int) -> bool:
        """Whether the opponent cannot use Sustain Damage against state ``i`` (Mentak flagship)."""
        return self.blocks_sustain and self.has_flagship(i)

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

    def lose_one_of(self, i: int, kinds: tuple[str, ...]) -> int:
        """Destroy one unit of ``kinds``, the first of them in the side's loss order, a damaged
        one first (Impulse Core's cruiser or destroyer); ``i`` itself when it has none."""
        cells = list(self.states[i])
        for k, slot in enumerate(self.slots):
            if slot.unit.key in kinds and (cells[2 * k + 1] or cells[2 * k]):
                cells[2 * k + (1 if cells[2 * k + 1] else 0)] -= 1
                return self.index(tuple(cells))
        return i

    def non_fighter_ships(self, i: int) -> int:
        """Non-fighter ships, ground forces fighting as ships included (they count for Assault
        Cannon and for the Winnu flagship's dice: FAQ, Nekro Virus 6 and 7)."""
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

    def dice(self, i: int, ability: str) -> tuple[tuple[tuple[int, int], ...], tuple[tuple[int, int], ...]]:
        """The dice state ``i`` rolls for ``combat`` or ``barrage``, as sorted (value, dice)
        pairs, plain dice then the dice whose 9 and 10 hit three times (the Jol-Nar flagship):
        states with equal dice roll alike. The Sardakk flagship's +1 to the other ships'
        combat rolls shows here as a value 1 lower while it is in the fleet. A Winnu flagship's
        dice depend on the opponent: it shows one die here (``profile`` tells it apart)."""
        plain, bonus, _ = self._dice(i, ability)
        return plain, bonus

    def profile(self, i: int) -> tuple:
        """What the opponent's losses depend on in a combat round from state ``i``: its combat
        dice, which of them the opponent must take on non-fighters (L1Z1X), whether the Winnu
        flagship rolls, whether the Mentak flagship blocks Sustain Damage."""
        plain, bonus, directed = self._dice(i, "combat")
        winnu = self._flagship_effect == "dice_per_enemy_ship" and self.has_flagship(i)
        return plain, bonus, directed, winnu, self.blocking(i), self._spends(i)

    def _spends(self, i: int) -> bool:
        """Whether its dice one short of a hit are part of its outcome (Hacan flagship there)."""
        return self._flagship_effect == "trade_goods_bonus" and self.has_flagship(i)

    def _dice(self, i: int, ability: str) -> tuple[tuple[tuple[int, int], ...], ...]:
        """Plain dice, Jol-Nar dice, and (L1Z1X) the dice whose hits go to non-fighters."""
        plain: dict[int, int] = {}
        bonus: dict[int, int] = {}
        directed: dict[int, int] = {}
        state = self.states[i]
        present = {slot.unit.key for k, slot in enumerate(self.slots) if state[2 * k] + state[2 * k + 1]}
        effect = self._flagship_effect if "flagship" in present else None
        for k, slot in enumerate(self.slots):
            roll = getattr(slot.unit, ability)
            n = state[2 * k] + state[2 * k + 1]
            if roll is None or not n:
                continue
            value = roll.value
            if ability == "combat" and effect == "fleet_bonus" and slot.unit.key != "flagship":
                value -= 1
            into = plain
            if ability == "combat" and effect == "extra_hits" and slot.unit.key == "flagship":
                into = bonus
            elif ability == "combat" and effect == "hits_on_non_fighters" and slot.unit.key in DIRECTING_KEYS:
                into = directed
            into[value] = into.get(value, 0) + n * roll.dice
        return tuple(sorted(plain.items())), tuple(sorted(bonus.items())), tuple(sorted(directed.items()))

    def roll(
        self, i: int, ability: str, modifier: int = 0, reroll: bool = False, opponents: int = 0
    ) -> tuple[Number, ...]:
        """P(h hits) of the side's ``combat`` or ``barrage`` roll in state ``i``; ``reroll``:
        every missed die is rolled once more (Fire Team). ``opponents``: the opponent's
        non-fighter ships, the Winnu flagship's dice. For an L1Z1X side the entries are
        outcomes ``directed * width + other`` (``outcome_width``), not hit counts. ``quiet``: P(the
        combat roll scores no hit, and h hits come from outside the combat), the part of the
        round after which an opponent's Valkyrie Particle Weave adds no hit (its card counts
        the hits combat rolls produce)."""
        combat = ability in ("combat", "quiet")
        winnu = combat and self._flagship_effect == "dice_per_enemy_ship" and self.has_flagship(i)
        key = (i, ability, modifier, reroll, opponents if winnu else 0)
        found = self._rolls.get(key)
        if found is None:
            plain, bonus, directed = self._dice(i, "combat" if combat else ability)
            groups = dict(plain)
            if winnu:  # its printed die is replaced by one per opponent's non-fighter ship
                value = self._flagship_value()
                groups[value] -= 1
                groups[value] += opponents
            exact = self._number is not float
            dist = hits_distribution(groups, modifier, exact, reroll, dict(bonus))
            if combat and self.outcome_width and self._spends(i):
                dist = short_and_hits(groups, modifier, exact, self.outcome_width, self.own_goods)
            elif directed and self.outcome_width:
                first = hits_distribution(dict(directed), modifier, exact, reroll)
                joint: list[Number] = [0 * dist[0]] * (len(first) * self.outcome_width)
                for h, p in enumerate(first):
                    joint[h * self.outcome_width : h * self.outcome_width + len(dist)] = [p * q for q in dist]
                top = max(o for o, p in enumerate(joint) if p)
                dist = tuple(joint[: top + 1])
            if ability == "quiet":  # no combat hit, and the hits from outside the combat
                dist = tuple(dist[0] * p for p in self.extra_hits) if self.extra_hits else dist[:1]
            elif ability == "combat" and self.extra_hits:
                # core.dice's sum of two variables, on Fractions or (the chain's) floats alike
                total = add(*(cast(Dist, dict(enumerate(d))) for d in (dist, self.extra_hits)))
                dist = tuple(total.get(h, 0 * dist[0]) for h in range(max(total) + 1))
            found = self._rolls[key] = tuple(map(self._number, dist))
        return found

    def _flagship_value(self) -> int:
        slot = next(s for s in self.slots if s.unit.key == "flagship")
        assert slot.unit.combat is not None
        return slot.unit.combat.value
