"""Ground combat (rule 24) inside an invasion (rule 43).

Order of events (43.1-43.4):
1. Bombardment (12): the attacker's dreadnoughts, war suns and a flagship with Bombardment (the
   Letnev one) roll; each hit destroys one defending infantry, excess hits are lost (12.2). A
   planet with a Planetary Shield unit (a PDS) cannot be bombarded (12.1, 70), unless the attacker
   has a war sun in the system (70.3) or the Letnev flagship (its sheet: the other player's units
   in its system lose Planetary Shield): then every bombarding unit fires.
2. Space cannon defense (15.6-15.8): the defender's PDS on the planet fire at the committed
   infantry (not against an attacker with L4 Disruptors).
3. Ground combat rounds until one side (or neither) has infantry left (24.1-24.4). There is no
   retreat. Modifiers add to combat rolls only (bombardment and space cannon are unaffected).
   If modifiers leave neither side able to score, the FAQ's stalemate answer is applied: the
   attacker's infantry, unable to retreat, is destroyed. An L1Z1X attacker's ships bombard again
   at the end of every round (Harrow, in the errata's text): their hits join its round's hits.
   A side with Valkyrie Particle Weave (Sardakk N'orr) produces 1 hit more in each round in which
   the other side's combat roll hits (Harrow's bombardment is no combat roll).
"""

from __future__ import annotations

from dataclasses import replace

from engine.core.reasons import Reason
from engine.ti4.assignment import ForceStates
from engine.ti4.chain import STALEMATE_RULE, Distribution, RoundRules, run
from engine.ti4.inputs import Battle, Force, validate
from engine.ti4.result import CombatResult, PreCombatStep, number_type, pre_combat_step, summarize
from engine.ti4.plans import horizon, total_modifier
from engine.ti4.rolls import D10_RULES, ability_hits
from engine.ti4.situations import FLAGSHIP_RULE, fire_team_rounds, situation_reasons, round_modifiers
from engine.ti4.technologies import NO_ROLLS_IN_ROUND_1, cannon_hits, technology_reasons
from engine.ti4.units import HARROW_FACTIONS

BASE_RULES = ("ti4/43", "ti4/43.4", "ti4/24", "ti4/24.1", "ti4/24.2", "ti4/24.3", "ti4/24.4", "ti4/43.5") + D10_RULES
BOMBARDERS = ("dreadnought", "war_sun", "flagship")  # a flagship only if its sheet prints Bombardment
HARROW_RULE = "ti4/errata-bombardamento-chirurgico"  # the errata's text of L1Z1X's Harrow


def _infantry(force: Force) -> dict[str, int]:
    return {"infantry": force.count("infantry")}


def _settle(kind: str, a: dict[str, int], d: dict[str, int]):
    """A stalemate (FAQ, GENERALE 2) makes the attacker retreat or be destroyed; infantry on
    a planet cannot retreat (24 has no retreat step), so it is destroyed."""
    return ({} if kind == "stalemate" else a), d


def ground_combat(battle: Battle, exact: bool = False) -> CombatResult:
    """Exact odds of an invasion of one planet: bombardment, space cannon defense, ground
    combat rounds."""
    validate(battle)
    if battle.kind != "ground":
        raise ValueError("ground_combat takes a ground battle")
    number, zero = number_type(exact)
    att_force, def_force = battle.attacker, battle.defender
    dfn = ForceStates(
        _infantry(def_force),
        def_force.loadout,
        def_force.policy,
        number,
        weave=def_force.has("valkyrie_particle_weave"),
    )
    rules = list(BASE_RULES)
    reasons: list[Reason] = []
    bombarders = {k: att_force.count(k) for k in BOMBARDERS if att_force.loadout.stats(k).bombardment}
    bombard = battle.bombardment is not False and any(bombarders.values())
    # What takes the defender's Planetary Shield away: a war sun (70.3), the Letnev flagship.
    shield_off = Reason("war_sun_ignores_shield", "ti4/70.3") if att_force.count("war_sun") else None
    if shield_off is None and att_force.count("flagship") and att_force.flagship.removes_planetary_shield:
        shield_off = Reason("flagship_removes_shield", FLAGSHIP_RULE, {"side": "attacker"})
    if bombard:
        rules += ["ti4/43.1", "ti4/12.1", "ti4/12.2"]
    if bombard and def_force.count("pds"):
        if shield_off:
            reasons.append(shield_off)
        else:
            bombard = False
            reasons.append(Reason("shield_blocks_bombardment", "ti4/70"))
        rules.append(shield_off.rule if shield_off else "ti4/70")
    bombard_dist = (
        ability_hits(bombarders, att_force.loadout, "bombardment", extra_die=att_force.has("plasma_scoring"))
        if bombard
        else (1,)
    )
    cannon = battle.space_cannon and def_force.count("pds") > 0
    if cannon and att_force.has("l4_disruptors"):  # no Space Cannon against the attacker's units
        cannon = False
        reasons.append(Reason("l4_disruptors", "ti4/43.3", {"side": "attacker"}))
    if cannon:
        rules += ["ti4/43.3", "ti4/15.6", "ti4/15.7", "ti4/15.8"]
    cannon_dist = cannon_hits(def_force, att_force, "defender", space=False) if cannon else (1,)
    start: Distribution = {}
    bacterial = att_force.has("x89_bacterial_weapon") and bombard
    harrow: tuple = ()
    if bombard and att_force.faction in HARROW_FACTIONS:
        # Harrow: the same ships bombard again at the end of every round; after X-89 a hit of
        # theirs empties the planet (an outcome past every infantry the defender has).
        harrow = bombard_dist
        if bacterial:
            wipe = def_force.count("infantry")
            harrow = (bombard_dist[0],) + (0,) * (wipe - 1) + (1 - bombard_dist[0],)
        reasons.append(Reason("faction_harrow", HARROW_RULE, {"side": "attacker"}))
    att = ForceStates(
        _infantry(att_force),
        att_force.loadout,
        att_force.policy,
        number,
        extra_hits=tuple(map(number, harrow)),
        weave=att_force.has("valkyrie_particle_weave"),
    )
    bombard_rolls, cannon_rolls = tuple(map(number, bombard_dist)), tuple(map(number, cannon_dist))
    for hb, qb in enumerate(bombard_rolls):
        # once the bombardment has destroyed an infantry, all the others go too.
        nd = dfn.after_hits(dfn.start, dfn.depth(dfn.start) if bacterial and hb else hb)
        for hc, qc in enumerate(cannon_rolls):
            key = (att.after_hits(att.start, hc), nd)
            start[key] = start.get(key, zero) + qb * qc
    steps: list[PreCombatStep] = []
    for fires, step, side, dist, target, count in (
        (bombard, "bombardment", "attacker", bombard_rolls, dfn, def_force.count("infantry")),
        (cannon, "space_cannon_defense", "defender", cannon_rolls, att, att_force.count("infantry")),
    ):
        if fires:
            side_index = 1 if side == "attacker" else 0
            left = sum((m * target.counts(pair[side_index]).get("infantry", 0) for pair, m in start.items()), zero)
            steps.append(pre_combat_step(step, side, ((1, dist),), count - left, zero))
    if att_force.modifiers or def_force.modifiers:
        rules.append("ti4/49.2")
    reasons += technology_reasons(
        att_force, def_force, cannon_fires=cannon, bombard=bombard, space=False, could_bombard=any(bombarders.values())
    )
    magen = def_force.has("magen_defense_grid") and def_force.count("pds")
    silenced = bool(magen and not shield_off)  # the attacker makes no combat rolls in round 1
    # A card that changes the attacker's rolls waits for the first round it rolls in.
    att_first = 2 if silenced else 1
    reasons += situation_reasons(att_force, def_force, "ground", (att_first, 1))
    if magen and shield_off:  # the PDS lose Planetary Shield, and the card with it (70.3)
        reasons.append(Reason("shield_off_stops_magen", "ti4/70.3"))
    att_modifiers, def_modifiers = round_modifiers(att_force, att_first), round_modifiers(def_force)
    if silenced:
        att_modifiers += (NO_ROLLS_IN_ROUND_1,)
        reasons.append(Reason("magen_defense_grid", "ti4/70.3", {"side": "defender"}))
    rerolls = (fire_team_rounds(att_force, att_first), fire_team_rounds(def_force))
    round_rules = RoundRules(
        horizon=horizon(
            battle.stop_after, tuple(max(r, default=None) for r in rerolls), (att_modifiers, def_modifiers)
        ),
        modifier=lambda r: (total_modifier(att_modifiers, r), total_modifier(def_modifiers, r)),
        stop_after=battle.stop_after,
        reroll_rounds=rerolls,
    )
    outcome = run(att, dfn, start, round_rules, zero)
    result = summarize(
        outcome,
        att,
        dfn,
        (_infantry(att_force), _infantry(def_force)),
        (att_force.loadout, def_force.loadout),
        _settle,
        tuple(dict.fromkeys(rules)),
        tuple(reasons),
        zero,
        # The FAQ answers a space combat; a ground combat applies it by analogy, in words of its own.
        stalemate=Reason("ground_stalemate", STALEMATE_RULE),
    )
    return replace(result, pre_combat=tuple(steps))
