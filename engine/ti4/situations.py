"""How a side's situation enters the battle: action cards, Duranium Armor, a flagship's ability
and units damaged before the combat. The cards' and flagships' effects are data in
``engine/ti4/cards.py`` and ``engine/ti4/units.py``; this module turns them into what the
chain understands (round modifiers, rerolls, effects carried in a side's state) and into
reasons with the section that speaks."""

from __future__ import annotations

from engine.core.reasons import Reason
from engine.ti4.assignment import RoundEffects
from engine.ti4.cards import CARD_RULES
from engine.ti4.inputs import Force
from engine.ti4.plans import RoundModifier
from engine.ti4.units import (
    AMBUSH_FACTIONS,
    AMBUSH_SHIPS,
    FACTION_COMBAT_ABILITIES,
    FACTION_UNITS,
    MUNITIONS_COST,
    MUNITIONS_FACTIONS,
)

FLAGSHIP_RULE = "ti4/16.21"  # each faction's flagship has unique abilities
# Where a FAQ answer speaks to an ability, it is cited instead.
FLAGSHIP_RULES = {"ground_forces_fight": "ti4/faq-virus-nekro-3"}  # they fight to the combat's end
# Abilities that act through a side's count (``Force``'s field): a reason says how many.
FLAGSHIP_COUNTS = {"ground_forces_fight": "ground_forces", "trade_goods_bonus": "trade_goods"}
DURANIUM_RULE = "ti4/77.3"  # a damaged unit is repaired in the status phase or by an effect
FACTION_UNIT_RULE = "ti4/48.1"  # a unit upgrade shares its name with a unit on the faction sheet


def round_effects(own: Force, other: Force) -> RoundEffects:
    """What changes ``own``'s losses each round (and, for Direct Hits and the flagship's repair,
    after the space cannon): its Shields Holding, the other side's Direct Hits, Duranium Armor, a
    flagship that repairs itself (only if the flagship fights), Non-Euclidean Shielding."""
    return RoundEffects(
        shields_holding=own.cards.shields_holding,
        opponent_direct_hits=other.cards.direct_hit,
        repair=own.has("duranium_armor"),
        repair_flagship=own.flagship.effect == "repairs_itself" and own.count("flagship") > 0,
        double_sustain=own.has("non_euclidean_shielding"),
    )


def round_modifiers(force: Force, first_round: int = 1) -> tuple[RoundModifier, ...]:
    """The side's modifiers, its faction's on every combat roll (Unrelenting, Fragile), and +1 in
    n rounds from ``first_round`` for n Morale Boosts (one a round, 18.6): round 2 when the side
    makes no combat rolls in round 1 (Magen Defense Grid)."""
    n = force.cards.morale_boost
    faction = FACTION_COMBAT_ABILITIES.get(force.faction or "")
    return (
        force.modifiers
        + ((RoundModifier(faction[1]),) if faction else ())
        + ((RoundModifier(1, first_round, first_round + n - 1),) if n else ())
    )


def ambushes(force: Force) -> bool:
    """Whether the side has the Mentak Coalition's Ambush and a cruiser or destroyer to use it."""
    return force.faction in AMBUSH_FACTIONS and any(force.count(k) for k in AMBUSH_SHIPS)


def fire_team_rounds(force: Force, first_round: int = 1) -> range:
    """The round Fire Team is played in, the first in which the side rolls: its missed dice are
    rolled again then."""
    return range(first_round, first_round + 1) if force.cards.fire_team else range(0)


def munitions_rounds(force: Force) -> range:
    """The space combat rounds in which a Letnev side spends 2 trade goods on Munitions Reserves
    and rolls its missed dice again: from the first, while its goods last. Rerolling every miss is
    the best use of a round's rerolls (a hit is kept, a miss can only gain); spending early is a
    standing order, not a choice made at each state (docs/ti4_combat.md)."""
    if force.faction not in MUNITIONS_FACTIONS:
        return range(0)
    return range(1, 1 + force.trade_goods // MUNITIONS_COST)


def fires_cannon(force: Force, side: str) -> bool:
    """Whether the side has anything that fires space cannon in space (PDS, a flagship with
    Space Cannon, the defender's Experimental Battlestation)."""
    return bool(
        force.count("pds")
        or (force.count("flagship") and force.loadout.stats("flagship").space_cannon)
        or (side == "defender" and force.cards.experimental_battlestation)
    )


def situation_reasons(att: Force, dfn: Force, kind: str, first_rounds: tuple[int, int] = (1, 1)) -> list[Reason]:
    """A reason for each card played (from the first round its side rolls in), Duranium Armor, a
    modelled flagship ability and damaged units, with the side it belongs to."""
    reasons = []
    for (side, force), first in zip((("attacker", att), ("defender", dfn)), first_rounds):
        params = {"side": side}
        for card in force.cards.played():
            reasons.append(Reason(f"card_{card}", CARD_RULES[card], {**params, "round": first}))
        if force.has("duranium_armor") and kind == "space":
            reasons.append(Reason("duranium_armor", DURANIUM_RULE, params))
        effect = force.flagship.effect
        counted = FLAGSHIP_COUNTS.get(effect or "")
        n = getattr(force, counted) if counted else None
        # No goods or ground forces: the ability does nothing; in an invasion the flagship only
        # bombards or lifts the shield from the space area (ground.py says so), its combat abilities sleep.
        if force.count("flagship") and effect and n != 0 and kind == "space":
            rule = FLAGSHIP_RULES.get(effect, FLAGSHIP_RULE)
            extra = {} if n is None else {"n": n}
            reasons.append(Reason(f"flagship_{effect}", rule, {**params, **extra}))
        if any(force.damaged.values()):
            reasons.append(Reason("damaged_at_start", "ti4/77.1", params))
        if ability := FACTION_COMBAT_ABILITIES.get(force.faction or ""):
            reasons.append(Reason(f"faction_{ability[0]}", "ti4/49.2", params))  # a modifier (49.2)
        if kind == "space" and ambushes(force):
            reasons.append(Reason("faction_ambush", "ti4/23.2", params))  # a "before combat" ability
        if kind == "space" and (rounds := munitions_rounds(force)):
            # 63.2: one ability rerolls a die once (so a missed die is rolled again once).
            reasons.append(Reason("faction_munitions_reserves", "ti4/63.2", {**params, "n": len(rounds)}))
        reasons += faction_unit_reasons(force, kind, params)
    return reasons


def faction_unit_reasons(force: Force, kind: str, params: dict[str, str]) -> list[Reason]:
    """A reason for each of the side's faction units in the battle (Spec Ops II in place of
    Infantry II...), with the numbers it fights with, and for an upgrade ability not computed."""
    reasons = []
    for key, unit in FACTION_UNITS.get(force.faction or "", {}).items():
        if not force.count(key):
            continue
        upgraded = key in force.upgrades
        printed = unit.levels[upgraded]
        numbers = {
            "level": "II" if upgraded else "I",
            "combat": printed.combat.value if printed.combat else 0,
            "capacity": printed.capacity,
            "bombardment": printed.bombardment.value if printed.bombardment else 0,
        }
        reasons.append(Reason(f"faction_unit_{unit.code}", FACTION_UNIT_RULE, {**params, **numbers}))
        if upgraded and unit.unmodelled and kind == "space":
            reasons.append(Reason(f"faction_unit_{unit.code}_{unit.unmodelled}", FACTION_UNIT_RULE, params))
    return reasons
