"""Words for the TI4 combat tool: every engine code in both languages, and display names.

Kept apart from the views so a test can check that every code the engine can emit (a refusal
or a reason) has a message here. msgids are English; Italian lives in the ``ti4_combat``
catalogue and uses the Italian edition's unit names (rule 87.2).
"""

from __future__ import annotations

from typing import Any

from flask_babel import gettext as _
from flask_babel import lazy_gettext as _l
from flask_babel import pgettext

from web.core.i18n import plural_forms, ungettext
from web.core.registry import tool
from web.core.messages import Counted
from web.core.verdicts import citations

# Refusals (InvalidInput codes) of engine/ti4/inputs.py.
ERRORS = {
    "unknown_kind": _l('The combat must be "space" or "ground".'),
    "unknown_unit": _l('TI4 has no unit called "%(unit)s" in this calculator.'),
    "negative_count": _l("%(unit)s: the number of units cannot be negative."),
    "too_many_units": _l(
        "%(unit)s: at most %(max)s per side (the pieces of one colour, or this "
        "calculator's limit for fighters and infantry)."
    ),
    "too_many_on_one_planet": _l("%(unit)s: at most %(max)s on the planet being invaded."),
    "fighters_in_ground_combat": _l("Fighters never take part in a ground combat: remove them."),
    "unit_not_in_ground_combat": _l(
        "%(unit)s: not part of this ground combat. Only the attacker's infantry, dreadnoughts, war "
        "suns and a flagship with Bombardment or that takes Planetary Shield away, and the defender's "
        "infantry, PDS and space docks count."
    ),
    "unit_not_in_space_combat": _l(
        "%(unit)s: not part of a space combat. Only ships roll (PDS and space docks may be added "
        "for space cannon and fighter capacity)."
    ),
    "empty_side": _l("Each side needs at least one unit that fights."),
    "too_many_combatants": _l("At most %(max)s fighting units per side in this calculator."),
    "unknown_upgrade": _l('"%(unit)s" has no unit upgrade to research.'),
    "duplicate_in_order": _l("%(unit)s: listed twice in the hit assignment order."),
    "keep_alive_absent": _l("%(unit)s: you asked to keep one alive, but this side has none."),
    "too_many_modifiers": _l("At most %(max)s roll modifiers per side."),
    "modifier_out_of_range": _l("A roll modifier must be between %(min)s and %(max)s."),
    "round_out_of_range": _l("A round number must be between %(min)s and %(max)s."),
    "round_range_reversed": _l("A modifier's last round comes before its first round."),
    "no_retreat_in_ground_combat": _l("There is no retreat from a ground combat."),
    "nebula_in_ground_combat": _l("The nebula only changes space combat: untick it for a ground combat."),
    "bombardment_in_space_combat": _l("Bombardment belongs to an invasion: choose a ground combat to use it."),
    "unknown_technology": _l('"%(technology)s" is not a technology this calculator knows.'),
    "more_than_two_valefar": _l(
        "The Nekro Virus copies faction technologies with its %(max)s Valefar Assimilators, one each: at most "
        "%(max)s faction technologies for this side."
    ),
    "faction_technology_of_another": _l(
        "%(technology)s: a faction technology (%(faction)s). Only that faction researches it, and the Nekro Virus "
        "may gain it with Valefar Assimilator: choose one of them as the faction, or untick it."
    ),
    "damaged_without_sustain": _l("%(unit)s: only units with Sustain Damage can start the combat damaged."),
    "more_damaged_than_units": _l("%(unit)s: at most %(max)s can be damaged (the units this side has)."),
    "card_count_out_of_range": Counted(
        "max",
        lambda n: ungettext(
            "%(field)s: from %(min)s to %(max)s copy (the copies in the action deck).",
            "%(field)s: from %(min)s to %(max)s copies (the copies in the action deck).",
            n,
        ),
    ),
    "card_not_in_this_combat": _l("%(card)s changes nothing in this combat for this side: remove it."),
    "too_many_cards": _l("At most %(max)s action cards per side: the size of a hand."),
    "card_copies_shared": Counted(
        "max",
        lambda n: ungettext(
            "%(field)s: the two sides together hold at most %(max)s copy (one action deck).",
            "%(field)s: the two sides together hold at most %(max)s copies (one action deck).",
            n,
        ),
    ),
    "ground_forces_out_of_range": _l("%(field)s: from %(min)s to %(max)s ground forces."),
    "trade_goods_out_of_range": _l("%(field)s: from %(min)s to %(max)s trade goods."),
    "trade_goods_without_kenara": _l(
        "Trade goods change a space combat only through the Emirates of Hacan flagship, Wrath of "
        "Kenara, or the Barony of Letnev's Munitions Reserves: pick Hacan and a flagship, or Letnev, "
        "or remove them."
    ),
    "ground_forces_without_alastor": _l(
        "Ground forces fight in a space combat only when the Nekro Virus flagship, The Alastor, "
        "is in it: pick that faction and a flagship, or remove them."
    ),
    "unknown_flagship_effect": _l("This flagship ability is not one the calculator knows."),
    "flagship_out_of_range": _l(
        "%(field)s: a flagship's combat value, dice and capacity are whole numbers "
        "from %(min)s to %(max)s here (read them off its faction sheet)."
    ),
}

# Reasons (Reason codes) the engine attaches to a result.
REASONS = {
    "attacker_retreat_blocked": _l(
        "Both sides planned to retreat in round %(round)s: the defender announces first, so the attacker cannot."
    ),
    "retreat_after_stop": _l("A retreat planned for round %(round)s never happens: the battle stops before it."),
    "fighters_left_behind": _l("A retreating side loses the fighters its ships cannot carry."),
    "fighters_over_capacity": _l("After the combat the winner destroys fighters beyond its ships' capacity."),
    "fighters_over_capacity_after_cannon": _l(
        "Fighters the space cannon left without enough capacity are destroyed before the combat: "
        "capacity is suspended only during it."
    ),
    "stalemate": _l(
        "Sometimes neither side can win any more (no hit can land, or repairs undo every hit): the attacker"
        " must retreat, or is destroyed if it cannot."
    ),
    "retreat_without_movement": _l(
        "%(side)s: the retreat plan is ignored, as none of its units can move (fighters leave only "
        "carried); it fights on, as whenever the battle leaves it with fighters alone."
    ),
    "ground_stalemate": _l(
        "Sometimes neither side can win any more (no hit can land): the FAQ's answer for a space combat "
        "is applied by analogy, and the attacker's ground forces, which cannot retreat, are destroyed."
    ),
    "war_sun_ignores_shield": _l("A war sun in the system switches off the Planetary Shield: every unit bombards."),
    "shield_blocks_bombardment": _l(
        "The PDS's Planetary Shield stops the bombardment (only a war sun or the Letnev flagship takes it away)."
    ),
    "flagship_removes_shield": _l(
        "%(side)s, flagship Arc Secundus: the other player's units in the system lose Planetary Shield, "
        "so every unit bombards."
    ),
    "plasma_scoring": _l(
        "%(side)s, Plasma Scoring: one unit rolls one more die for each Space Cannon or Bombardment roll."
    ),
    "antimass_deflectors": _l(
        "%(side)s, Antimass Deflectors: the other side's Space Cannon rolls against its units get −1."
    ),
    "graviton_laser_system": _l(
        "%(side)s, Graviton Laser System: its Space Cannon hits must go to non-fighter ships while there are any."
    ),
    "assault_cannon": _l(
        "%(side)s, Assault Cannon: if it has 3 or more non-fighter ships when the combat "
        "starts, the other side destroys one of its non-fighter ships."
    ),
    "x89_bacterial_weapon": _l(
        "%(side)s, X-89 Bacterial Weapon: once its bombardment destroys an infantry, "
        "all the defending infantry is destroyed."
    ),
    "x89_without_bombardment": _l(
        "%(side)s, X-89 Bacterial Weapon: the calculator uses the card's revised text, which acts only once a "
        "bombardment destroys an infantry, and there is no bombardment here. The original card, which this rule "
        "and the FAQ describe, is an action taken before the invasion that destroys every infantry on the planet, "
        "Planetary Shield or not: if you played it, enter the battle without the defender's infantry."
    ),
    "magen_defense_grid": _l(
        "%(side)s, Magen Defense Grid: the attacker makes no combat rolls in the first round of the ground combat."
    ),
    "non_euclidean_shielding": _l(
        "%(side)s, Non-Euclidean Shielding: each unit that uses Sustain Damage cancels up to 2 of the hits "
        "assigned at once instead of 1."
    ),
    "l4_disruptors": _l(
        "%(side)s, L4 Disruptors: during the invasion no unit may use Space Cannon against its units, so the "
        "PDS do not fire at the landing infantry."
    ),
    "dimensional_splicer": _l(
        "%(side)s, Dimensional Splicer: at the start of the combat (in a system with a wormhole) it produces 1 hit "
        "and chooses the ship of the other side it goes to: one the hit destroys if it can, the one whose dice hit "
        "most; else one that sustains it."
    ),
    "impulse_core": _l(
        "%(side)s, Impulse Core: at the start of the combat it destroys one of its destroyers or cruisers (the "
        "first in its loss order, and only if another unit stays) to produce 1 hit, which the other side must "
        "assign to a non-fighter ship if it has one."
    ),
    "valkyrie_particle_weave": _l(
        "%(side)s, Valkyrie Particle Weave: in each round of ground combat in which the other side's combat roll "
        "produces 1 or more hits, it produces 1 hit more."
    ),
    "card_morale_boost": _l("%(side)s, Morale Boost: +1 to its combat rolls, one card a round from round %(round)s."),
    "card_shields_holding": _l(
        "%(side)s, Shields Holding: cancels up to 2 hits on its ships, one card in "
        "each round it is hit, from the first."
    ),
    "card_direct_hit": _l(
        "%(side)s, Direct Hit: each ship of the other side that sustains damage is "
        "destroyed, while cards last (the most valuable first), except upgraded dreadnoughts, which it cannot destroy."
    ),
    "card_maneuvering_jets": _l("%(side)s, Maneuvering Jets: cancels 1 hit of the other side's space cannon."),
    "card_experimental_battlestation": _l(
        "%(side)s, Experimental Battlestation: a space dock fires space "
        "cannon 5 (×3) at the attacker's ships before the combat."
    ),
    "card_fire_team": _l("%(side)s, Fire Team: rerolls every missed die of its ground forces in round %(round)s."),
    "duranium_armor": _l(
        "%(side)s, Duranium Armor: after each round's hits it repairs one damaged unit that "
        "did not sustain damage that round."
    ),
    "flagship_repairs_itself": _l("%(side)s, flagship Arc Secundus: repaired at the start of every round."),
    "flagship_fleet_bonus": _l(
        "%(side)s, flagship C'morran N'orr: +1 to the other ships' combat rolls while it fights."
    ),
    "flagship_extra_hits": _l(
        "%(side)s, flagship J.N.S. Hylarim: each of its dice showing 9 or 10 scores 2 more hits."
    ),
    "flagship_no_sustain": _l(
        "%(side)s, flagship Fourth Moon: while it is in the system at the start of a round (or of the "
        "space cannon fire), the other side's ships cannot use Sustain Damage."
    ),
    "flagship_dice_per_enemy_ship": _l(
        "%(side)s, flagship Salai Sai Corian: rolls one die for each non-fighter ship the other side "
        "has at the start of the round (none against fighters alone)."
    ),
    "flagship_destroys_all_ships": _l(
        "%(side)s, flagship Van Hauge: when it is destroyed, every ship in the system is destroyed, "
        "both sides' (a draw)."
    ),
    "flagship_ground_forces_fight": Counted(
        "n",
        lambda n: ungettext(
            "%(side)s, flagship The Alastor: %(n)s infantry fights as a ship, to the end of the combat "
            "even if the flagship is destroyed (not if the space cannon destroys it first).",
            "%(side)s, flagship The Alastor: %(n)s infantry fight as ships, to the end of the combat "
            "even if the flagship is destroyed (not if the space cannon destroys it first).",
            n,
        ),
    ),
    "flagship_trade_goods_bonus": Counted(
        "n",
        lambda n: ungettext(
            "%(side)s, flagship Wrath of Kenara: %(n)s trade good, spent on the first die one short of a hit (+1).",
            "%(side)s, flagship Wrath of Kenara: %(n)s trade goods, one spent on each die one short "
            "of a hit (+1) while they last.",
            n,
        ),
    ),
    "flagship_hits_on_non_fighters": _l(
        "%(side)s, flagship [0.0.1]: while it is in the system at the start of a round, its hits and "
        "the dreadnoughts' must be taken by non-fighter ships if the other side has any."
    ),
    "damaged_at_start": _l("%(side)s: some units start the combat damaged and are destroyed by their next hit."),
    "faction_unrelenting": _l(
        "%(side)s, Sardakk N'orr's Unrelenting: +1 to the result of each of its units' combat rolls."
    ),
    "faction_fragile": _l(
        "%(side)s, the Universities of Jol-Nar's Fragile: -1 to the result of each of its units' combat rolls."
    ),
    "faction_ambush": _l(
        "%(side)s, the Mentak Coalition's Ambush: before the combat, 1 die for each of up to 2 of its cruisers or "
        "destroyers, a hit on that ship's combat value or more, assigned by the other side."
    ),
    "faction_munitions_reserves": Counted(
        "n",
        lambda n: ungettext(
            "%(side)s, the Barony of Letnev's Munitions Reserves: %(n)s round of rerolls, the first: it spends 2 "
            "trade goods at its start to roll every missed die again, its anti-fighter barrage's too.",
            "%(side)s, the Barony of Letnev's Munitions Reserves: %(n)s rounds of rerolls, from the first: it spends "
            "2 trade goods at the start of each to roll every missed die again (in round 1 its anti-fighter barrage's "
            "too).",
            n,
        ),
    ),
    "faction_harrow": _l(
        "%(side)s, the L1Z1X Mindnet's Harrow: its ships bombard the defending infantry again at the end of every "
        "round of ground combat (not through a Planetary Shield)."
    ),
    "faction_unit_spec_ops": _l(
        "%(side)s, the Federation of Sol's infantry are Spec Ops %(level)s (its faction sheet): they hit on %(combat)s."
    ),
    "faction_unit_advanced_carrier": _l(
        "%(side)s, the Federation of Sol's carriers are Advanced Carrier %(level)s (its faction sheet): capacity "
        "%(capacity)s; Advanced Carrier II also has Sustain Damage."
    ),
    "faction_unit_super_dreadnought": _l(
        "%(side)s, the L1Z1X Mindnet's dreadnoughts are Super-Dreadnought %(level)s (its faction sheet): they hit on "
        "%(combat)s, carry %(capacity)s and bombard on %(bombardment)s."
    ),
    "faction_unit_hybrid_crystal_fighter": _l(
        "%(side)s, the Naalu Collective's fighters are Hybrid Crystal Fighter %(level)s (its faction sheet): they "
        "hit on %(combat)s."
    ),
    "faction_unit_exotrireme": _l(
        "%(side)s, Sardakk N'orr's dreadnoughts are Exotrireme %(level)s (its faction sheet): Bombardment "
        "%(bombardment)s with 2 dice each."
    ),
    "faction_unit_exotrireme_self_destruct": _l(
        "%(side)s, Exotrireme II may destroy itself after a round of space combat to destroy up to 2 ships in "
        "the system: these odds assume it does not."
    ),
    "shield_off_stops_magen": _l(
        "The PDS lose Planetary Shield (a war sun or the Letnev flagship in the system), so Magen Defense "
        "Grid cannot be used."
    ),
}

TECHNOLOGY_NAMES = {
    "antimass_deflectors": _l("Antimass Deflectors"),
    "plasma_scoring": _l("Plasma Scoring"),
    "graviton_laser_system": _l("Graviton Laser System"),
    "assault_cannon": _l("Assault Cannon"),
    "x89_bacterial_weapon": _l("X-89 Bacterial Weapon"),
    "magen_defense_grid": _l("Magen Defense Grid"),
    "duranium_armor": _l("Duranium Armor"),
    "non_euclidean_shielding": _l("Non-Euclidean Shielding (Letnev)"),
    "l4_disruptors": _l("L4 Disruptors (Letnev)"),
    "dimensional_splicer": _l("Dimensional Splicer (Creuss; system with a wormhole)"),
    "impulse_core": _l("Impulse Core (Yin; gives up a destroyer or cruiser)"),
    "valkyrie_particle_weave": _l("Valkyrie Particle Weave (Sardakk N'orr)"),
}

CARD_NAMES = {
    "morale_boost": _l("Morale Boost"),
    "shields_holding": _l("Shields Holding"),
    "direct_hit": _l("Direct Hit"),
    "maneuvering_jets": _l("Maneuvering Jets"),
    "experimental_battlestation": _l("Experimental Battlestation"),
    "fire_team": _l("Fire Team"),
}

FACTION_NAMES = {
    "arborec": _l("The Arborec"),
    "barony_of_letnev": _l("The Barony of Letnev"),
    "clan_of_saar": _l("The Clan of Saar"),
    "embers_of_muaat": _l("The Embers of Muaat"),
    "emirates_of_hacan": _l("The Emirates of Hacan"),
    "federation_of_sol": _l("The Federation of Sol"),
    "ghosts_of_creuss": _l("The Ghosts of Creuss"),
    "l1z1x_mindnet": _l("The L1Z1X Mindnet"),
    "mentak_coalition": _l("The Mentak Coalition"),
    "naalu_collective": _l("The Naalu Collective"),
    "nekro_virus": _l("The Nekro Virus"),
    "sardakk_norr": _l("Sardakk N'orr"),
    "universities_of_jol_nar": _l("The Universities of Jol-Nar"),
    "winnu": _l("The Winnu"),
    "xxcha_kingdom": _l("The Xxcha Kingdom"),
    "yin_brotherhood": _l("The Yin Brotherhood"),
    "yssaril_tribes": _l("The Yssaril Tribes"),
}

SIDE_NAMES = {"attacker": _l("Attacker"), "defender": _l("Defender")}

UNIT_NAMES = {
    "fighter": _l("Fighter"),
    "destroyer": _l("Destroyer"),
    "cruiser": _l("Cruiser"),
    "carrier": _l("Carrier"),
    "dreadnought": _l("Dreadnought"),
    "flagship": _l("Flagship"),
    "war_sun": _l("War Sun"),
    "infantry": _l("Infantry"),
    "pds": _l("PDS"),
    "space_dock": _l("Space Dock"),
}


def unit_table_labels() -> dict[str, str]:
    """The names the unit table shows in its narrow first column at 360 px: a name with a word too
    long for it is shortened (the template keeps the full name for screen readers and as a title),
    so that no label ever breaks inside a word. Context "unit table": the full names stay as they are."""
    short = {
        "destroyer": pgettext("unit table", "Destroyer"),
        "cruiser": pgettext("unit table", "Cruiser"),
        "dreadnought": pgettext("unit table", "Dread."),
    }
    return {k: short.get(k, str(name)) for k, name in UNIT_NAMES.items()}


FLAGSHIP_FIELDS = {"combat": _l("Combat value"), "dice": _l("Dice"), "capacity": _l("Capacity")}

UPGRADE_NAMES = {
    "fighter": _l("Fighter II"),
    "destroyer": _l("Destroyer II"),
    "cruiser": _l("Cruiser II"),
    "carrier": _l("Carrier II"),
    "dreadnought": _l("Dreadnought II"),
    "infantry": _l("Infantry II"),
    "pds": _l("PDS II"),
    "space_dock": _l("Space Dock II"),
}


def page_strings() -> dict[str, Any]:
    """What the page's script shows, already in the reader's language (``%(n)s`` is filled in
    by the script)."""
    return {
        "units": {k: str(v) for k, v in UNIT_NAMES.items()},
        "rules": citations(tool("ti4_combat.page").cites),
        "attacker": _("Attacker"),
        "defender": _("Defender"),
        "unit_counts": unit_count_forms(),
        "units_left": plural_forms(lambda n: ungettext("%(n)s unit left", "%(n)s units left", n)),
        "at_least": _("Units other than fighters left ≥ %(n)s"),
        "most_likely": _("Most likely survivors"),
        "summary_odds": _("Attacker wins %(attacker)s, defender %(defender)s"),
        "summary_survivors": _("Units left on average: attacker %(attacker)s, defender %(defender)s"),
        # The headline: one clause per ending (the answer's likely[].ending; %(units)s is what the
        # side left in the system keeps), in one wrapper, or all tied endings in the other.
        "likely": {
            "attacker": _("the attacker wins with %(units)s"),
            "defender": _("the defender wins with %(units)s"),
            "defender_retreat": _("the defender retreats and the attacker stays with %(units)s"),
            "attacker_retreat": _("the attacker retreats and the defender stays with %(units)s"),
            "stalemate": _("neither side can win, the attacker must retreat and the defender stays with %(units)s"),
            "ground_stalemate": _(
                "neither side can win, the attacker's ground forces are destroyed and the defender keeps %(units)s"
            ),
            "draw": _("both sides destroyed"),
            "unfinished": _("still fighting when you stop"),
        },
        "likely_one": _("Most likely: %(ending)s (%(p)s)"),
        "likely_tied": _("Equally likely (%(p)s each): %(endings)s"),  # endings joined by "; "
        "details": _("Details"),
        "nothing_left": _("nothing left"),
        "no_units": _("no units"),  # the headline's %(units)s when the side keeps none: "wins with no units"
        "other": _("other outcomes"),
        "attacker_retreats": _("The attacker retreats: %(p)s"),
        "defender_retreats": _("The defender retreats: %(p)s"),
        "stalemate": _("Neither side can win, so the attacker must retreat: %(p)s"),
        "ground_stalemate": _("Neither side can win, so the attacker's ground forces are destroyed: %(p)s"),
        "unit": _("Unit"),
        "lost": _("Expected losses"),
        "total_units": _("Units lost in all"),
        "total_cost": _("Resources lost"),
        "before": _("Before round 1"),
        "round": _("Round %(n)s"),
        "later": _("Later rounds"),
        "expected_rounds": _("Expected number of rounds: %(n)s"),
        "pre_combat": pre_combat_strings(),
        "calculating": _("Calculating…"),
        "network": _("The server could not be reached: try again."),
        "copied": _("Link copied."),
        "copy_failed": _("Copy the link from the address bar."),
    }


def pre_combat_strings() -> dict[str, Any]:
    """The fire before the rounds: each step's name, its one line under the summary (a count of
    the units it destroys on average, through plural forms) and the details table's headings."""
    return {
        "names": {
            "space_cannon_offense": _("Space cannon offense"),
            "anti_fighter_barrage": _("Anti-fighter barrage"),
            "space_cannon_defense": _("Space cannon defense"),
            "bombardment": _("Bombardment"),
        },
        "sides": {"attacker": _("attacker"), "defender": _("defender")},
        "lines": {
            "space_cannon_offense": plural_forms(
                lambda n: ungettext(
                    "Space cannon offense (%(side)s): %(n)s unit expected destroyed",
                    "Space cannon offense (%(side)s): %(n)s units expected destroyed",
                    n,
                )
            ),
            "anti_fighter_barrage": plural_forms(
                lambda n: ungettext(
                    "Anti-fighter barrage (%(side)s): %(n)s fighter expected destroyed",
                    "Anti-fighter barrage (%(side)s): %(n)s fighters expected destroyed",
                    n,
                )
            ),
            "space_cannon_defense": plural_forms(
                lambda n: ungettext(
                    "Space cannon defense: %(n)s infantry expected destroyed",
                    "Space cannon defense: %(n)s infantry expected destroyed",
                    n,
                )
            ),
            "bombardment": plural_forms(
                lambda n: ungettext(
                    "Bombardment: %(n)s infantry expected destroyed",
                    "Bombardment: %(n)s infantry expected destroyed",
                    n,
                )
            ),
        },
        "step": _("Step"),
        "side": _("Side"),
        "hits": _("Expected hits"),
        "at_least_one": _("At least one hit"),
        "destroyed": _("Units destroyed on average"),
    }


def unit_count_forms() -> dict[str, dict[str, str]]:
    """A number of units in words ("1 Cruiser", "3 Cruisers"; "3 Incrociatori") for the results,
    as plural forms the page's script picks from."""
    return {
        "fighter": plural_forms(lambda n: ungettext("%(n)s Fighter", "%(n)s Fighters", n)),
        "destroyer": plural_forms(lambda n: ungettext("%(n)s Destroyer", "%(n)s Destroyers", n)),
        "cruiser": plural_forms(lambda n: ungettext("%(n)s Cruiser", "%(n)s Cruisers", n)),
        "carrier": plural_forms(lambda n: ungettext("%(n)s Carrier", "%(n)s Carriers", n)),
        "dreadnought": plural_forms(lambda n: ungettext("%(n)s Dreadnought", "%(n)s Dreadnoughts", n)),
        "flagship": plural_forms(lambda n: ungettext("%(n)s Flagship", "%(n)s Flagships", n)),
        "war_sun": plural_forms(lambda n: ungettext("%(n)s War Sun", "%(n)s War Suns", n)),
        "infantry": plural_forms(lambda n: ungettext("%(n)s Infantry", "%(n)s Infantry", n)),
        "pds": plural_forms(lambda n: ungettext("%(n)s PDS", "%(n)s PDS", n)),
        "space_dock": plural_forms(lambda n: ungettext("%(n)s Space Dock", "%(n)s Space Docks", n)),
    }
