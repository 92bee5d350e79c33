"""Space combat (rule 23) with the fire that precedes it.

Order of events, as the Rules Reference gives it:
1. Space cannon offense (15.2-15.5): the attacker's units with Space Cannon in the active system
   fire, then the defender's that are left; the owner of the ships hit chooses the losses, and
   may sustain (77.4). Fighters the ships left cannot carry are destroyed before the combat
   (17.3: capacity is suspended only during it).
1b. "Before combat" abilities (23.2), the active player's first (ti4/tempistiche): the attacker's
   Ambush (Mentak Coalition), Dimensional Splicer (Ghosts of Creuss) and Impulse Core (Yin
   Brotherhood), Assault Cannon (both sides', read on the same fleets), the defender's three.
2. Round 1 only, anti-fighter barrage (23.3, 68): simultaneous; hits destroy fighters only,
   excess hits are lost, sustain cannot cancel them (77.4). A side left with no ship ends it.
3. Each round: retreats announced, defender first (23.4); combat rolls (23.5, nebula +1 to the
   defender by 54.3, plus any round modifier); hits assigned with sustain (23.6, 77.1); retreat
   (23.7). The battle ends when a side has no ships (23.9); the winner destroys fighters beyond
   its capacity (23.10), and a retreating side leaves behind fighters it cannot carry (23.7).
If neither side can ever score, the attacker must retreat or is destroyed (FAQ, GENERALE 2).
"""

from __future__ import annotations

from dataclasses import replace
from collections import Counter
from typing import Callable

from engine.core.reasons import Reason
from engine.ti4.assignment import ForceStates, outcome_width
from engine.ti4.chain import Distribution, RoundRules, run
from engine.ti4.inputs import Battle, Force, validate
from engine.ti4.plans import horizon, total_modifier
from engine.ti4.result import CombatResult, Number, PreCombatStep, number_type, pre_combat_step, summarize
from engine.ti4.rolls import D10_RULES, hits_distribution
from engine.ti4.situations import (
    ambushes,
    fires_cannon,
    munitions_rounds,
    round_effects,
    round_modifiers,
    situation_reasons,
)
from engine.ti4.technologies import assault_cannon_step, cannon_hits, one_hit_step, technology_reasons
from engine.ti4.units import AMBUSH_DICE, AMBUSH_SHIPS, IMPULSE_SHIPS, SHIPS, Loadout

BASE_RULES = ("ti4/23", "ti4/23.5", "ti4/22.1", "ti4/23.6", "ti4/23.8", "ti4/23.9", "ti4/23.10") + D10_RULES


def _ships(force: Force) -> dict[str, int]:
    """The units in the space combat: ships, and the ground forces the Nekro flagship calls."""
    units = {k: force.count(k) for k in SHIPS if force.count(k)}
    if force.ground_forces:
        units["infantry"] = force.ground_forces
    return units


def _read_outcomes(other: Force) -> tuple[int | None, int | None, int]:
    """How a side reads the other side's combat outcomes: (L1Z1X width, Hacan width, Hacan's
    trade goods); see ``ForceStates``."""
    width = outcome_width(_ships(other), other.loadout)
    if width and other.flagship.effect == "trade_goods_bonus":
        return None, width, other.trade_goods
    return width, None, 0


def carried_capacity(units: dict[str, int], loadout: Loadout) -> int:
    return sum(loadout.stats(k).capacity * n for k, n in units.items() if k != "fighter")


def keep_within_capacity(units: dict[str, int], force: Force, docks: bool) -> dict[str, int]:
    """Units beyond capacity are removed (17.3, 23.10): ground forces that fought as ships are
    ground forces again once the combat ends (FAQ, Mentak Coalition 3) and keep their places
    first; fighters take the rest, and the side's space docks in the system carry some for
    free. Fighter II may exceed capacity (its card: it then counts against the fleet pool,
    assumed to have room)."""
    if not units.get("fighter") and not units.get("infantry"):
        return units
    room = carried_capacity(units, force.loadout)
    out = dict(units)
    if units.get("infantry"):
        out["infantry"] = min(units["infantry"], room)
        room -= out["infantry"]
        if not out["infantry"]:
            del out["infantry"]
    if "fighter" in force.upgrades or not units.get("fighter"):
        return out
    if docks:
        dock = force.loadout.stats("space_dock")
        room += force.count("space_dock") * dock.fighter_allowance
    out["fighter"] = min(units["fighter"], room)
    return out


def capacity_after_cannon(att: ForceStates, att_force: Force, dfn: ForceStates, def_force: Force):
    """Between the space cannon offense and the combat (17.3): a side whose carriers the cannon
    destroyed loses at once the fighters its ships left can no longer carry; the capacity rule
    is suspended only during the combat. Fighters already beyond capacity in the situation as
    described are taken as given (a lone fighter still fights): only the capacity the cannon
    destroyed takes fighters with it. The Nekro flagship's ground forces are left out: they join
    only if the flagship survives the fire, and the owner, choosing the excess units (17.3),
    would not give up fighters for them. The step answers the new distribution and whether any
    fighter was lost that way."""

    def excess(states: ForceStates, force: Force, i: int) -> int:
        counts = {k: n for k, n in states.counts(i).items() if k != "infantry"}
        return counts.get("fighter", 0) - keep_within_capacity(counts, force, docks=True).get("fighter", 0)

    given = (excess(att, att_force, att.start), excess(dfn, def_force, dfn.start))

    def cut(states: ForceStates, force: Force, i: int, tolerated: int) -> int:
        lost = excess(states, force, i) - tolerated
        return states.lose_fighters(i, lost) if lost > 0 else i

    def step(mass: Distribution) -> tuple[Distribution, bool]:
        out: Distribution = {}
        lost = False
        for (ia, idf), m in mass.items():
            key = (cut(att, att_force, ia, given[0]), cut(dfn, def_force, idf, given[1]))
            lost = lost or (key != (ia, idf) and bool(m))
            out[key] = out.get(key, 0) + m
        return out, lost

    return step


def retreat_with(units: dict[str, int], force: Force) -> dict[str, int]:
    """Ships that can move leave; fighters without movement go only if carried (23.7)."""
    left = keep_within_capacity(units, force, docks=False)
    if not any(n for k, n in left.items() if force.loadout.stats(k).move > 0):
        return {}
    return left


def _settler(battle: Battle):
    att, dfn = battle.attacker, battle.defender

    def settle(kind: str, a: dict[str, int], d: dict[str, int]):
        if kind in ("attacker", "defender_retreat"):
            a = keep_within_capacity(a, att, docks=True)
        if kind in ("defender", "attacker_retreat", "stalemate"):
            d = keep_within_capacity(d, dfn, docks=True)
        if kind == "defender_retreat":
            d = retreat_with(d, dfn)
        if kind in ("attacker_retreat", "stalemate"):
            a = retreat_with(a, att)
        return a, d

    return settle


def nekro_call(att: ForceStates, dfn: ForceStates):
    """At the start of the combat (after space cannon offense), the Nekro flagship calls the
    ground forces into it: where the space cannon destroyed it, they stay out."""

    def step(mass: Distribution) -> Distribution:
        out: Distribution = {}
        for (ia, idf), m in mass.items():
            ia = ia if att.has_flagship(ia) else att.drop_ground_forces(ia)
            idf = idf if dfn.has_flagship(idf) else dfn.drop_ground_forces(idf)
            out[(ia, idf)] = out.get((ia, idf), 0) + m
        return out

    return step


def ambush_step(att: ForceStates, dfn: ForceStates, sides: tuple[Force | None, Force | None], exact: bool):
    """The Mentak Coalition's Ambush, a "before combat" ability (23.2): 1 die for each of up to 2
    of the side's cruisers or destroyers still there (the surer first), each a hit on that ship's
    combat value or more (a faction ability's roll, not a combat roll: no combat modifier), which
    the opponent assigns as a space cannon's, Sustain Damage allowed, ground forces the Nekro
    flagship called included, after a Shields Holding it holds (``after_ability_hits``).
    ``sides``: the (attacker, defender) forces that ambush in this step, None for a side that
    does not: abilities of one timing window resolve the active player's first
    (ti4/tempistiche), so the attacker's Ambush comes before Assault Cannon and the defender's
    after it."""

    def hits(states: ForceStates, force: Force | None, i: int) -> tuple[Number, ...]:
        values: list[int] = []  # no dice: no hit, for sure
        if force is not None:
            counts = states.counts(i)
            printed = {k: force.loadout.stats(k).combat for k in AMBUSH_SHIPS}
            values = sorted(roll.value for k, roll in printed.items() if roll for _ in range(counts.get(k, 0)))
        return hits_distribution(Counter(values[:AMBUSH_DICE]), exact=exact)

    def step(mass: Distribution) -> Distribution:
        out: Distribution = {}
        for (ia, idf), m in mass.items():
            if not (att.alive(ia) and dfn.alive(idf)):
                out[(ia, idf)] = out.get((ia, idf), 0) + m
                continue
            rolled = hits(att, sides[0], ia), hits(dfn, sides[1], idf)
            for ha, qa in enumerate(rolled[0]):
                nd = dfn.after_ability_hits(idf, ha, att.blocking(ia))
                for hd, qd in enumerate(rolled[1]):
                    key = (att.after_ability_hits(ia, hd, dfn.blocking(idf)), nd)
                    out[key] = out.get(key, 0) + m * qa * qd
        return out

    return step


def before_combat(att: ForceStates, dfn: ForceStates, att_force: Force, def_force: Force, exact: bool):
    """The "before combat" abilities (23.2) in their order, the active player's first
    (ti4/tempistiche): the attacker's Ambush, Dimensional Splicer and Impulse Core, Assault
    Cannon (both sides' on the same fleets), the defender's own three. An Ambush kill can leave
    the other side short of the 3 non-fighter ships its Assault Cannon needs, and so can an
    Impulse Core hit. A player orders its own abilities of one window: an attacker whose own
    cannon would fire uses Impulse Core after it where giving up the ship first would leave
    fewer than the 3 non-fighter ships the cannon needs (the defender's come after both)."""
    cannons = (att_force.has("assault_cannon"), def_force.has("assault_cannon"))
    cannon = assault_cannon_step(att, dfn, *cannons)
    impulse = (one_hit_step(att, dfn, 0, IMPULSE_SHIPS), one_hit_step(att, dfn, 1, IMPULSE_SHIPS))

    def spoils_own_cannon(ia: int) -> bool:
        ships = att.non_fighter_ships(ia)
        return cannons[0] and ships >= 3 and att.non_fighter_ships(att.lose_one_of(ia, IMPULSE_SHIPS)) < 3

    def own_abilities(mass: Distribution, side: int) -> Distribution:
        force = (att_force, def_force)[side]
        if ambushes(force):
            mass = ambush_step(att, dfn, (force, None) if side == 0 else (None, force), exact)(mass)
        if force.has("dimensional_splicer"):
            mass = one_hit_step(att, dfn, side)(mass)
        return mass

    def step(mass: Distribution) -> Distribution:
        mass = own_abilities(mass, 0)
        out: Distribution = {}
        for pair, m in mass.items():
            part = {pair: m}
            late = spoils_own_cannon(pair[0])
            if att_force.has("impulse_core") and not late:
                part = impulse[0](part)
            if any(cannons):
                part = cannon(part)
            if att_force.has("impulse_core") and late:
                part = impulse[0](part)
            for key, q in part.items():
                out[key] = out.get(key, 0) + q
        mass = own_abilities(out, 1)
        return impulse[1](mass) if def_force.has("impulse_core") else mass

    return step


def barrage_step(att: ForceStates, dfn: ForceStates, rerolls: tuple[bool, bool] = (False, False)):
    """Round 1 anti-fighter barrage (23.3, 68): both sides fire at once; hits only remove
    fighters, without sustain, and hits beyond the fighters are lost (68.2, 77.4). ``rerolls``:
    a side rolls its missed dice again (Munitions Reserves paid for round 1: "any of your dice
    during that combat round", and the barrage is the round's first step)."""

    def step(mass: Distribution) -> Distribution:
        out: Distribution = {}
        for (ia, idf), m in mass.items():
            for ha, qa in enumerate(att.roll(ia, "barrage", reroll=rerolls[0])):
                nd = dfn.lose_fighters(idf, ha)
                for hd, qd in enumerate(dfn.roll(idf, "barrage", reroll=rerolls[1])):
                    key = (att.lose_fighters(ia, hd), nd)
                    out[key] = out.get(key, 0) + m * qa * qd
        return out

    return step


def expected_units(states: ForceStates, mass: Distribution, side: int, zero: Number, kind: str | None = None) -> Number:
    """Expected units (of ``kind``, or all) the side ``side`` of ``mass``'s states holds."""
    return sum(
        (m * sum(n for k, n in states.counts(pair[side]).items() if kind in (None, k)) for pair, m in mass.items()),
        zero,
    )


def without_flagship(force: Force) -> Force:
    """``force`` once its flagship is destroyed: what fires after the other side's hits."""
    return replace(force, units={**force.units, "flagship": 0})


def cannon_report(
    att: ForceStates,
    dfn: ForceStates,
    rolls: tuple[tuple[tuple[Number, tuple[Number, ...]], ...], ...],
    before: Distribution,
    after: Distribution,
    zero: Number,
) -> tuple[PreCombatStep, ...]:
    """Space cannon offense per side: ``rolls`` is each side's hit distribution, as (weight,
    distribution) pairs (the defender's depends on what the attacker's fire left); destroyed =
    the target's units before the fire minus after it (a sustained hit destroys nothing, unless
    the shooter's Direct Hit then destroys the ship)."""
    return tuple(
        pre_combat_step(
            "space_cannon_offense",
            side,
            rolls[shooter],
            expected_units(target, before, 1 - shooter, zero) - expected_units(target, after, 1 - shooter, zero),
            zero,
        )
        for shooter, (side, target) in enumerate((("attacker", dfn), ("defender", att)))
    )


def barrage_report(
    att: ForceStates, dfn: ForceStates, before: Distribution, zero: Number, rerolls: tuple[bool, bool] = (False, False)
) -> tuple[tuple[PreCombatStep, ...], Callable[[Distribution], Distribution]]:
    """Round 1 anti-fighter barrage per side, rolled only where both sides still have ships
    (the chain fires it in those battles alone); destroyed = fighters before minus after.
    Also the barrage step for the chain, which reuses this distribution rather than
    rolling the same barrage twice."""
    step = barrage_step(att, dfn, rerolls)
    going = {pair: m for pair, m in before.items() if att.alive(pair[0]) and dfn.alive(pair[1])}
    after = step(going)
    report = tuple(
        pre_combat_step(
            "anti_fighter_barrage",
            side,
            ((m, states.roll(pair[shooter], "barrage", reroll=rerolls[shooter])) for pair, m in going.items()),
            expected_units(target, going, 1 - shooter, zero, "fighter")
            - expected_units(target, after, 1 - shooter, zero, "fighter"),
            zero,
        )
        for shooter, (side, states, target) in enumerate((("attacker", att, dfn), ("defender", dfn, att)))
    )
    return report, lambda mass: after if mass == going else step(mass)


def _rules_and_reasons(battle: Battle, cannon: bool, barrage: bool) -> tuple[tuple, tuple]:
    att, dfn = battle.attacker, battle.defender
    rules = list(BASE_RULES)
    reasons: list[Reason] = []
    both = {**att.units, **{k: att.count(k) + dfn.count(k) for k in dfn.units}}
    if both.get("war_sun"):
        rules.append("ti4/22.2")
    sustain = any(f.loadout.stats(k).sustain for f in (att, dfn) for k, n in f.units.items() if n)
    if sustain:
        rules += ["ti4/77", "ti4/77.1"]
    if cannon:
        rules += ["ti4/15.2", "ti4/15.3", "ti4/15.5"]
    reasons += technology_reasons(att, dfn, cannon_fires=cannon, bombard=False, space=True)
    if barrage:
        rules += ["ti4/23.3", "ti4/68.1", "ti4/68.2"]
    if sustain and (cannon or barrage):
        rules.append("ti4/77.4")  # sustain cancels space cannon hits, never barrage hits
    if battle.nebula:
        rules.append("ti4/54.3")
    if battle.nebula or att.modifiers or dfn.modifiers:
        rules.append("ti4/49.2")
    if att.retreat_round or dfn.retreat_round:
        rules += ["ti4/23.4", "ti4/23.7"]
    if att.retreat_round and att.retreat_round == dfn.retreat_round:
        reasons.append(Reason("attacker_retreat_blocked", "ti4/23.4", {"round": att.retreat_round}))
    for side, force in (("attacker", att), ("defender", dfn)):
        if battle.stop_after and force.retreat_round and force.retreat_round > battle.stop_after:
            reasons.append(Reason("retreat_after_stop", "ti4/23.7", {"side": side, "round": force.retreat_round}))
    if both.get("fighter"):
        rules.append("ti4/17.3")
    reasons += situation_reasons(att, dfn, "space")
    if any(f.damaged.get(k) for f in (att, dfn) for k in f.damaged):
        rules += ["ti4/77", "ti4/77.1"]
    return tuple(dict.fromkeys(rules)), tuple(reasons)


def space_combat(battle: Battle, exact: bool = False) -> CombatResult:
    """Exact odds of a space combat: validate, fire space cannons, run the chain, summarize."""
    validate(battle)
    if battle.kind != "space":
        raise ValueError("space_combat takes a space battle")
    number, zero = number_type(exact)
    att_force, def_force = battle.attacker, battle.defender
    att = ForceStates(
        _ships(att_force),
        att_force.loadout,
        att_force.policy,
        number,
        att_force.damaged,
        round_effects(att_force, def_force),
        *_read_outcomes(def_force),
        own_goods=att_force.trade_goods,
    )
    dfn = ForceStates(
        _ships(def_force),
        def_force.loadout,
        def_force.policy,
        number,
        def_force.damaged,
        round_effects(def_force, att_force),
        *_read_outcomes(att_force),
        own_goods=def_force.trade_goods,
    )
    before: Distribution = {(att.start, dfn.start): number(1)}
    start = before
    steps: tuple[PreCombatStep, ...] = ()
    cannon = battle.space_cannon and (fires_cannon(att_force, "attacker") or fires_cannon(def_force, "defender"))
    cannon_capacity = False  # whether the cannon left some side with fighters beyond capacity
    if cannon:
        # 15.2: starting with the active player, each player fires in turn. The attacker's hits
        # are assigned first, so the defender fires with what is left: a flagship with Space
        # Cannon may be gone, and a Mentak flagship destroyed no longer takes Sustain Damage
        # away from the attacker's ships.
        att_graviton, def_graviton = (f.has("graviton_laser_system") for f in (att_force, def_force))
        att_cannon = tuple(map(number, cannon_hits(att_force, def_force, "attacker")))
        def_cannon = {
            kept: tuple(
                map(number, cannon_hits(def_force if kept else without_flagship(def_force), att_force, "defender"))
            )
            for kept in (True, False)
        }
        after_attacker: dict[int, Number] = {}
        for ha, qa in enumerate(att_cannon):
            j = dfn.after_cannon_hits(dfn.start, ha, att_graviton, att.blocking(att.start))
            after_attacker[j] = after_attacker.get(j, zero) + qa
        def_rolls = tuple((qa, def_cannon[dfn.has_flagship(j)], j) for j, qa in after_attacker.items())
        start = {}
        for qa, rolled, j in def_rolls:
            for hd, qd in enumerate(rolled):
                key = (att.after_cannon_hits(att.start, hd, def_graviton, dfn.blocking(j)), j)
                start[key] = start.get(key, zero) + qa * qd
        rolls = (((number(1), att_cannon),), tuple((qa, rolled) for qa, rolled, _j in def_rolls))
        steps += tuple(
            step
            for step, fires in zip(
                cannon_report(att, dfn, rolls, before, start, zero),
                (fires_cannon(att_force, "attacker"), fires_cannon(def_force, "defender")),
            )
            if fires
        )
        start, cannon_capacity = capacity_after_cannon(att, att_force, dfn, def_force)(start)
    if att_force.ground_forces or def_force.ground_forces:
        start = nekro_call(att, dfn)(start)
    start = before_combat(att, dfn, att_force, def_force, exact)(start)
    # A barrage only ever hits fighters (68.1): against a fleet without any it changes nothing,
    # so it is neither rolled nor reported.
    fires = tuple(
        any(own.loadout.stats(k).barrage for k in SHIPS if own.count(k)) and other.count("fighter") > 0
        for own, other in ((att_force, def_force), (def_force, att_force))
    )
    barrage = any(fires)
    first_round_step = None
    if barrage:
        paid = (1 in munitions_rounds(att_force), 1 in munitions_rounds(def_force))
        report, first_round_step = barrage_report(att, dfn, start, zero, paid)
        steps += tuple(step for step, fired in zip(report, fires) if fired)
    nebula = 1 if battle.nebula else 0
    att_mods, def_mods = round_modifiers(att_force), round_modifiers(def_force)
    rerolls = (munitions_rounds(att_force), munitions_rounds(def_force))
    planned = (att_force.retreat_round, def_force.retreat_round, *(max(r, default=None) for r in rerolls))
    rules = RoundRules(
        horizon=horizon(battle.stop_after, planned, (att_mods, def_mods)),
        modifier=lambda r: (total_modifier(att_mods, r), total_modifier(def_mods, r) + nebula),
        stop_after=battle.stop_after,
        attacker_retreat=att_force.retreat_round,
        defender_retreat=def_force.retreat_round,
        first_round_step=first_round_step,
        reroll_rounds=rerolls,
    )
    outcome = run(att, dfn, start, rules, zero)
    cited, reasons = _rules_and_reasons(battle, bool(cannon), barrage)
    for side, force, states in (("attacker", att_force, att), ("defender", def_force, dfn)):
        if force.retreat_round and not states.can_leave(states.start):  # fighters alone: nothing moves
            reasons += (Reason("retreat_without_movement", "ti4/23.7", {"side": side}),)
    if cannon_capacity:
        reasons += (Reason("fighters_over_capacity_after_cannon", "ti4/17.3"),)
    result = summarize(
        outcome,
        att,
        dfn,
        (_ships(att_force), _ships(def_force)),
        (att_force.loadout, def_force.loadout),
        _settler(battle),
        cited,
        reasons,
        zero,
    )
    return replace(result, pre_combat=steps)
