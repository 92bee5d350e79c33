"""Words for the Eclipse combat tool: display names, refusal and reason messages, side names, page strings.

msgids are English; Italian lives in the ``eclipse_combat`` catalogue.
"""

from __future__ import annotations

from flask_babel import gettext as _
from flask_babel import lazy_gettext as _l

from web.core.i18n import plural_forms, ungettext
from web.scoring.text import LABELS as SCORING_LABELS

SHIP_NAMES = {
    # Capitalised as the rulebook writes them ("Intercettori, Incrociatori e Corazzate").
    "interceptor": _l("Interceptor"),
    "cruiser": _l("Cruiser"),
    "dreadnought": _l("Dreadnought"),
    "starbase": _l("Starbase"),
    "ancient": _l("Ancient ship"),
    "gcds": _l("GCDS"),
}
PART_NAMES = {
    "ion_cannon": _l("Ion cannon"),
    "plasma_cannon": _l("Plasma cannon"),
    "antimatter_cannon": _l("Antimatter cannon"),
    "plasma_missile": _l("Plasma missile"),
    "electron_computer": _l("Electron computer"),
    "positron_computer": _l("Positron computer"),
    "gluon_computer": _l("Gluon computer"),
    "gauss_shield": _l("Gauss shield"),
    "phase_shield": _l("Phase shield"),
    "hull": _l("Hull"),
    "improved_hull": _l("Improved hull"),
    "nuclear_drive": _l("Nuclear drive"),
    "fusion_drive": _l("Fusion drive"),
    "tachyon_drive": _l("Tachyon drive"),
    "nuclear_source": _l("Nuclear source"),
    "fusion_source": _l("Fusion source"),
    "tachyon_source": _l("Tachyon source"),
    "axion_computer": _l("Axion computer (discovery)"),
    "flux_shield": _l("Flux shield (discovery)"),
    "shard_hull": _l("Shard hull (discovery)"),
    "ion_turret": _l("Ion turret (discovery)"),
    "conformal_drive": _l("Conformal drive (discovery)"),
    "hypergrid_source": _l("Hypergrid source (discovery)"),
}
# The species by the names the score sheet gives them (one label per species for every Eclipse tool).
SPECIES_NAMES = SCORING_LABELS["species"]
TARGETING_NAMES = {
    "optimal": _l("Optimal (each side maximises its chance to win)"),
    "largest_first": _l("Destroy the largest ships first"),
    "most_kills": _l("Destroy as many ships as possible"),
}

# Every code the engine can refuse with. Placeholders: %(field)s and the params (the rule is
# linked beside the message: web.core.errors gives it as the error's ``rule``).
ERRORS = {
    "unknown_ship_type": _l("%(field)s: unknown ship type “%(value)s”."),
    "npc_blueprint_fixed": _l("%(field)s: Ancient ships and the GCDS have fixed stats; do not give parts."),
    "unknown_part": _l("%(field)s: unknown ship part “%(part)s”."),
    "unknown_species": _l("%(field)s: unknown species “%(value)s”."),
    "discovery_part_twice": _l(
        "%(field)s: the game has one discovery tile of each Ancient part, so a player can fit it only once."
    ),
    "too_many_parts": _l("%(field)s: %(parts)s parts do not fit in the %(slots)s slots of this blueprint."),
    "energy_over_budget": _l("%(field)s: the parts use %(use)s energy but the blueprint produces only %(production)s."),
    "drive_required": _l("%(field)s: interceptors, cruisers and dreadnoughts must have a drive."),
    "starbase_no_drive": _l("%(field)s: starbases cannot have a drive."),
    "not_an_integer": _l("%(field)s must be a whole number."),
    "stat_out_of_range": _l("%(field)s must be between %(min)s and %(max)s."),
    "count_too_small": _l("%(field)s: a ship group needs at least %(min)s ship."),
    "count_over_limit": _l("%(field)s: a player has at most %(max)s ships of this type."),
    "npc_count_over_limit": _l("%(field)s: at most %(max)s of these in one battle."),
    "ancients_and_gcds_apart": _l(
        "%(field)s: the Ancients and the GCDS are two factions, never on one side: give one of them."
    ),
    "blank_faction_name": _l("%(field)s: give the faction a name."),
    "npc_controller": _l(
        "%(field)s: a hex is controlled by a player's influence disc, not by the Ancients or the GCDS."
    ),
    "controller_with_npc": _l(
        "%(field)s: nobody controls a hex that still holds Ancient ships or the GCDS: they must be destroyed "
        "before an influence disc can be placed there."
    ),
    "battle_too_large": _l(
        "This battle is too large to compute exactly (about %(estimate)s states; the limit is "
        "%(limit)s). Use fewer ships or less hull."
    ),
    "battle_needs_background": _l(
        "This battle is too large to answer at once (about %(estimate)s states; the limit "
        "is %(limit)s): it can be computed in the background."
    ),
    "job_crashed": _l("The background computation stopped unexpectedly (%(detail)s)."),
    "fleet_empty": _l("%(field)s: each side needs at least one ship group."),
    "duplicate_ship_type": _l(
        "%(field)s: each ship type may appear only once per side, since all ships of a type share one blueprint."
    ),
    "bad_damage": _l("%(field)s: damage must be given for every ship and stay within its hull."),
    "npc_mixed_with_players": _l("%(field)s: Ancient ships or the GCDS cannot fight alongside player ships."),
    "unknown_targeting": _l("%(field)s: unknown targeting “%(value)s”."),
    "npc_cannot_retreat": _l("%(field)s: Ancient ships and the GCDS never retreat."),
    "retreat_round_out_of_range": _l("%(field)s must be between %(min)s and %(max)s."),
    "retreat_type_absent": _l("%(field)s: this side has no ships of the type it plans to retreat."),
    "starbase_cannot_retreat": _l("%(field)s: starbases cannot move, so they cannot retreat."),
    "draco_never_fights_ancients": _l(
        "%(field)s: the Descendants of Draco never battle the Ancients' ships (they may share a hex), "
        "so there is no battle to compute."
    ),
    "starbase_cannot_attack": _l(
        "%(field)s: starbases cannot move, so they never attack: put them on the defending side."
    ),
    "starbase_not_controller": _l(
        "%(field)s: starbases are built only in a hex with the player's influence disc: "
        "only the controlling faction can have them."
    ),
    "npc_must_defend": _l("%(field)s: Ancient ships and the GCDS are always the defenders."),
    "hex_needs_two_factions": _l("%(field)s: a battle needs at least two factions."),
    "too_many_factions": _l("%(field)s: at most %(max)s player factions per hex."),
    "one_npc_faction": _l("%(field)s: a hex holds at most one non-player faction, and at least one player."),
    "one_controller": _l("%(field)s: only one faction can control the hex."),
    "duplicate_faction": _l("%(field)s: faction names must differ, capitals aside (“%(other)s” and “%(name)s”)."),
    "same_entry": _l(
        "%(field)s: %(other)s and %(name)s cannot have entered the hex at the same time: players move one "
        "at a time, so give each a different order of entry."
    ),
    "no_retreat_in_multi": _l("%(field)s: retreat plans are not available with more than two factions."),
    "hex_too_large": _l("%(field)s: this hex needs more than %(max)s separate battles to compute."),
}

# Every reason code the engine explains its answer with.
REASONS = {
    "initiative_order": _l("Ship types act in initiative order, highest first."),
    "hit_rule": _l("A 6 always hits and a 1 always misses; otherwise roll + computers − shields ≥ 6 hits."),
    "damage_rule": _l(
        "Ion 1, plasma 2, antimatter 4 damage; a die never splits; a ship is destroyed by damage beyond its hull."
    ),
    "defender_first_on_ties": _l("On equal initiative the defender acts first."),
    "missiles_fire_once": _l("Missiles fire once, before the engagement rounds, in initiative order."),
    "engagement_rounds": _l("Engagement rounds repeat until only one side remains."),
    "rounds_expected_only": _l(
        "This battle is larger than %(limit)s states: the answer gives the expected number of "
        "rounds, not their distribution."
    ),
    "optimal_fallback": _l(
        "This battle is larger than the optimal-targeting limit (%(limit)s states): both sides "
        "were computed with “destroy the largest ships first”, still exactly."
    ),
    "npc_targeting": _l(
        "The %(side)s's dice are assigned by the rulebook: destroy the largest ships when possible, "
        "otherwise inflict the most damage. Where several assignments do the same damage, the rules "
        "let the player rolling for them choose; this calculator puts it on the largest ship (an "
        "assumption, which can move the odds by a few points)."
    ),
    "ancient_stats": _l("Ancient ship: 2 ion cannons, electron computer, hull, initiative 2."),
    "gcds_stats": _l("GCDS: 4 ion cannons, electron computer, 7 hull, initiative 0."),
    "retreat_plan": _l(
        "Planned retreat of the %(side)s from round %(round)s, for the ship types chosen: each announces "
        "on its activation, leaves on the next one and can be fired at meanwhile."
    ),
    "stalemate_possible": _l(
        "If nobody can destroy the other (only missiles), the attacker retreats or is destroyed: the defender holds the hex."
    ),
    "retreat_penalty": _l(
        "A player whose remaining ships all retreat draws no reputation tile for the battle. Counted "
        "here whenever every ship the side still has at the end left by retreating, even if ships it "
        "left behind were destroyed after (a reading: the summary card keeps the tile when the "
        "player's last ships were destroyed)."
    ),
    "reputation": _l(
        "Reputation: 1 for the battle, 1 per interceptor, starbase or Ancient destroyed, 2 per "
        "cruiser, 3 per dreadnought or GCDS; at most 5."
    ),
    "two_faction_order": _l(
        "With two factions there is one battle: the one that entered last attacks, the one already there "
        "(the controller, the Ancients or the GCDS) defends."
    ),
    "multi_faction_order": _l(
        "With more than two factions, players fight in reverse order of entry; the controller, the Ancients "
        "and the GCDS fight last."
    ),
    "damage_carries_over": _l("Damage is repaired only at the end of the combat phase."),
}

SIDE_NAMES = {"attacker": _l("attacker"), "defender": _l("defender")}


def page_strings() -> dict:
    return {
        "attacker": _("Attacker"),
        "defender": _("Defender"),
        "computing": _("Computing…"),
        "seconds": _("%(n)s s"),
        "error": _("The battle could not be computed."),
        "ships": plural_forms(lambda n: ungettext("%(n)s ship", "%(n)s ships", n)),
        "escaped": _("escaped"),
        "remove": _("Remove"),
        "empty_slot": _("— empty slot —"),
        "energy": _("Energy"),
        "initiative": _("Initiative"),
        "hull": _("Hull"),
        "computer": _("Computer"),
        "shield": _("Shield"),
        "cannons": _("Cannons"),
        "over_budget": _("Energy over budget"),
        "no_drive": _("Needs a drive"),
        "copied": _("Link copied."),
        "round_n": plural_forms(lambda n: ungettext("%(n)s round", "%(n)s rounds", n)),
        "or_more": _("or more"),
        "expected_lost": _("Expected ships lost"),
        "reputation": _("Expected reputation tiles drawn"),
        "escape": _("Escapes by retreating"),
        "order": _("Activation order"),
        "fallback": _("Method"),
        "type": _("Ship type"),
        "count": _("Number of ships"),
        "blueprint": _("Blueprint"),
        "edit_blueprint": _("Parts and stats"),
        "by_parts": _("Parts"),
        "by_stats": _("Stats"),
        "slot": _("Slot %(n)s"),
        "ion": _("Ion cannons"),
        "plasma": _("Plasma cannons"),
        "antimatter": _("Antimatter cannons"),
        "missile_parts": _("Plasma missiles"),
        "group": _("Ship group"),
        "species": _("Species (player board)"),
        "not_applicable": _("not applicable"),
        "expected_rounds": _("Expected rounds"),
        "of_stalemate": _("of which stalemate %(p)s"),
        "targeting": _("Targeting"),
        "retreat": _("Retreat plan"),
    }


def hex_strings() -> dict:
    return {
        "faction": _("Faction %(n)s"),
        "factions": _("The factions"),  # a refusal about the whole list (two NPC groups, too many battles)
        "first_arrival": _("arrived first"),
        "name": _("Name"),
        "remove_faction": _("Remove faction"),
        "add_group": _("Add ship group"),
        "ancients": _("Ancients preset"),
        "gcds": _("GCDS preset"),
        "nobody": _("Nobody"),
        "sequence": _("Order in which the factions fight"),
        "battles": _("Battles solved: %(n)s"),
        "colours": [_("Red"), _("Blue"), _("Green"), _("Yellow"), _("White"), _("Black")],
    }
