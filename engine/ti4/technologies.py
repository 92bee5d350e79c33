"""What the combat technologies change, applied around the battle chain.

The cards' effects are summarised, as data, beside ``TECHNOLOGIES`` in ``engine/ti4/units.py``.
Each works before the rounds, on one round or on how hits are taken, so the chain itself stays
as it is (but for Valkyrie Particle Weave, below): space cannon rolls get a die or a modifier, space cannon hits may skip fighters,
Assault Cannon removes a ship before the first round, Dimensional Splicer and Impulse Core add a
hit then, X-89 empties the planet after a bombardment kill (in ``ground``), Magen Defense Grid is
a round-1 modifier no die can overcome, L4 Disruptors keeps the PDS silent (in ``ground``),
Non-Euclidean Shielding lets a sustain take two hits (in ``assignment``), and Valkyrie Particle
Weave adds a hit to a ground round whose opponent's dice hit (in ``chain``: it couples the two
sides' rolls of one round).
"""

from __future__ import annotations

from fractions import Fraction

from engine.core.reasons import Reason
from engine.ti4.assignment import ForceStates
from engine.ti4.cards import BATTLESTATION_CANNON
from engine.ti4.chain import Distribution
from engine.ti4.inputs import MAX_MODIFIER, MAX_MODIFIERS, Force
from engine.ti4.plans import RoundModifier
from engine.ti4.rolls import ability_hits
from engine.ti4.units import IMPULSE_SHIPS, SHIPS

# Magen Defense Grid: the opponent makes no combat rolls in the round the card is exhausted (the
# first, the best use). As a modifier it must beat a 1 needed on the die (10) plus every bonus the
# opponent may stack (MAX_MODIFIERS of +MAX_MODIFIER, one Morale Boost a round, Unrelenting's +1):
# then no die can hit in that round.
NO_ROLLS_IN_ROUND_1 = RoundModifier(-(10 + MAX_MODIFIERS * MAX_MODIFIER + 2), 1, 1)


def cannon_hits(shooter: Force, target: Force, side: str, space: bool = True) -> tuple[Fraction, ...]:
    """P(h hits) of ``shooter``'s space cannon firing at ``target``'s units (15.2, 15.6): its
    PDS, in space also a flagship with Space Cannon and the defender's Experimental
    Battlestation; with Plasma Scoring's extra die, the target's Antimass Deflectors and the
    hit the target's Maneuvering Jets cancel (one per roll, 18.6)."""
    units = {"pds": shooter.count("pds")}
    if space:
        units["flagship"] = shooter.count("flagship")
    extra = BATTLESTATION_CANNON if space and side == "defender" and shooter.cards.experimental_battlestation else {}
    dist = ability_hits(
        units,
        shooter.loadout,
        "space_cannon",
        modifier=-1 if target.has("antimass_deflectors") else 0,
        extra_die=shooter.has("plasma_scoring"),
        extra=extra,
    )
    if target.cards.maneuvering_jets and len(dist) > 1:
        dist = (dist[0] + dist[1],) + dist[2:]
    return dist


def assault_cannon_step(att: ForceStates, dfn: ForceStates, att_has: bool, dfn_has: bool):
    """At the start of the combat (after space cannon offense), a side with Assault Cannon and 3
    or more non-fighter ships makes the other destroy one non-fighter ship. Both sides' cards are
    read on the same fleets: neither loss switches the other card off."""

    def step(mass: Distribution) -> Distribution:
        out: Distribution = {}
        for (ia, idf), m in mass.items():
            if att.alive(ia) and dfn.alive(idf):
                na = att.lose_non_fighter(ia) if dfn_has and dfn.non_fighter_ships(idf) >= 3 else ia
                nd = dfn.lose_non_fighter(idf) if att_has and att.non_fighter_ships(ia) >= 3 else idf
                ia, idf = na, nd
            out[(ia, idf)] = out.get((ia, idf), 0) + m
        return out

    return step


def one_hit_step(att: ForceStates, dfn: ForceStates, side: int, sacrifice: tuple[str, ...] = ()):
    """A "before combat" ability (23.2) of side ``side`` (0 the attacker, 1 the defender) that
    produces 1 hit on the other side's ships, Sustain Damage and a Shields Holding allowed (FAQ
    action cards 5). Dimensional Splicer: the side assigns it itself (its card: "assign it to 1
    of your opponent's ships"; ``after_chosen_hit``). With ``sacrifice``, Impulse Core: the side
    first destroys one of its own ships of those kinds, the first in its loss order, and the
    opponent assigns the hit, to a non-fighter ship if able; a side whose only unit that would be
    does not use it (a player does not give up its last ship for one hit)."""

    def step(mass: Distribution) -> Distribution:
        out: Distribution = {}
        own, other = (att, dfn) if side == 0 else (dfn, att)
        for pair, m in mass.items():
            i, j = pair[side], pair[1 - side]
            if own.alive(i) and other.alive(j):
                k = own.lose_one_of(i, sacrifice) if sacrifice else i
                if not sacrifice:
                    j = other.after_chosen_hit(j, own.blocking(i), own.counts(i).get("fighter", 0) > 0)
                elif k != i and own.alive(k):
                    i, j = k, other.after_ability_hits(j, 1, own.blocking(i), spare_fighters=True)
            key = (i, j) if side == 0 else (j, i)
            out[key] = out.get(key, 0) + m
        return out

    return step


def technology_reasons(
    att: Force, dfn: Force, cannon_fires: bool, bombard: bool, space: bool, could_bombard: bool = False
) -> list[Reason]:
    """A reason for each technology that changes this combat, with the side that owns it;
    ``could_bombard``: the attacker has ships with Bombardment, whether or not they fire."""
    reasons = []
    for side, own, other in (("attacker", att, dfn), ("defender", dfn, att)):
        params = {"side": side}
        own_cannon = cannon_fires and own.count("pds") > 0 and (space or side == "defender")
        other_cannon = cannon_fires and other.count("pds") > 0 and (space or side == "attacker")
        if own.has("plasma_scoring") and (own_cannon or (bombard and side == "attacker")):
            reasons.append(Reason("plasma_scoring", "ti4/faq-generale-4", params))
        if own.has("antimass_deflectors") and other_cannon:
            reasons.append(Reason("antimass_deflectors", "ti4/49.2", params))  # -1 to their rolls
        if own.has("graviton_laser_system") and own_cannon and space:
            reasons.append(Reason("graviton_laser_system", "ti4/15.5", params))  # who takes the hits
        if own.has("assault_cannon") and space:
            reasons.append(Reason("assault_cannon", "ti4/23.2", params))  # a "before combat" ability
        # a ship that can still sustain: one with Sustain Damage not already damaged
        sustains = any(
            n > own.damaged.get(k, 0) and own.loadout.stats(k).sustain for k, n in own.units.items() if k in SHIPS
        )
        if own.has("non_euclidean_shielding") and space and sustains:
            reasons.append(Reason("non_euclidean_shielding", "ti4/77.6", params))
        if own.has("dimensional_splicer") and space:
            reasons.append(Reason("dimensional_splicer", "ti4/23.2", params))  # "before combat" too
        ships = sum(own.count(k) for k in SHIPS) + own.ground_forces
        if own.has("impulse_core") and space and any(own.count(k) for k in IMPULSE_SHIPS) and ships > 1:
            reasons.append(Reason("impulse_core", "ti4/23.2", params))
        if own.has("valkyrie_particle_weave") and not space:
            reasons.append(Reason("valkyrie_particle_weave", "ti4/24.2", params))  # 1 hit more
        if own.has("x89_bacterial_weapon") and side == "attacker" and not space:
            # The revised card acts through a bombardment kill. With bombarding ships that do not
            # fire (a Planetary Shield, bombardment left out) say so, and what 70.1's card, the
            # original action (it too needs ships with Bombardment in the system), would do.
            if bombard:
                reasons.append(Reason("x89_bacterial_weapon", "ti4/faq-generale-5", params))
            elif could_bombard:
                reasons.append(Reason("x89_without_bombardment", "ti4/70.1", params))
    return reasons
