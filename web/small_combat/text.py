"""Words for the small combat tools: every engine code in both languages, and display names.

Kept apart from the views so a test can check that every code the three engines can emit (a
refusal or a reason) has a message here.
"""

from __future__ import annotations

from typing import Any, Mapping

from flask_babel import lazy_gettext as _l

from web.core import verdicts
from web.core.messages import Counted
from web.core.i18n import ungettext
from engine.core.reasons import Reason
from engine.galaxy import worlds

# Refusals (InvalidInput codes) of engine/galaxy/combat.py, engine/parsec/combat.py, engine/rftg/conquest.py.
ERRORS = {
    # Galaxy
    "attacker_not_a_fleet": _l(
        "Only a Fleet Ship can attack: the attacking value must be between %(min)s and %(max)s (got %(value)s)."
    ),
    "ship_value_out_of_range": _l("A ship's value must be between %(min)s and %(max)s (got %(value)s)."),
    "nova_cannot_be_attacked": _l("A Nova (0) cannot be attacked by other ships."),
    "target_screened": _l("This ship is protected by Screens: it cannot be attacked unless its owner allows it."),
    "phaser_banks_need_governor": _l(
        "A ship on a world without a governor is controlled by nobody, so it cannot use Phaser Banks."
    ),
    "opportunities_out_of_range": _l(
        "The number of attack opportunities must be between %(min)s and %(max)s (got %(value)s)."
    ),
    "no_targets": _l("Choose at least one target."),
    "too_many_targets": _l("At most %(max)s targets can be attacked in one turn."),
    "base_rows_out_of_range": _l(
        "A base can still drop between %(min)s and %(max)s rows (got %(value)s): it never goes more than one row "
        "below the active row, so a base already there cannot be attacked."
    ),
    "unknown_plan": _l("Unknown plan of attack."),
    "targets_must_match_opportunities": _l(
        "With one attack per target, list as many targets (%(targets)s) as opportunities (%(opportunities)s)."
    ),
    "unknown_world": _l("Unknown world: %(value)s."),
    "played_column_in_row": _l("The column you play in cannot also be listed among the other columns of the row."),
    # Parsec
    "no_attackers": _l("Choose at least one attacking ship."),
    "too_many_attackers": _l("At most %(max)s ships can take part in one attack."),
    "unknown_unit": _l("Unknown unit: %(value)s."),
    "unit_cannot_attack": _l(
        "Colonies never open an attack, and cargo ships only when an event card allows it (tick it under "
        "event cards); otherwise they can only fire back."
    ),
    "distance_out_of_range": _l("The distance must be between %(min)s and %(max)s hexes (got %(value)s)."),
    "linked_colonies_out_of_range": _l(
        "The number of linked colonies must be between %(min)s and %(max)s (got %(value)s)."
    ),
    "linked_colonies_only_for_colonies": _l("Only a colony can be linked to other colonies."),
    "modifier_out_of_range": _l("A modifier must be between %(min)s and %(max)s (got %(value)s)."),
    "range_bonus_out_of_range": _l("A range bonus must be between %(min)s and %(max)s (got %(value)s)."),
    "unknown_choice": _l("Unknown choice: %(value)s."),
    "no_attacker_in_range": _l("No attacking ship has the range to reach the target at that distance."),
    # Race for the Galaxy
    "defense_out_of_range": _l("The world's defense must be between %(min)s and %(max)s (got %(value)s)."),
    "too_many_cards": _l("At most %(max)s tableau cards can be listed."),
    "military_out_of_range": _l("A card's military value must be between %(min)s and %(max)s (got %(value)s)."),
    "specialized_bonus_out_of_range": _l("The specialized bonus must be between %(min)s and %(max)s (got %(value)s)."),
    "hand_size_out_of_range": _l("The number of cards in hand must be between %(min)s and %(max)s (got %(value)s)."),
    "discarded_out_of_range": _l(
        "The cards already discarded in this phase must be between %(min)s and %(max)s (got %(value)s)."
    ),
    "earlier_discards_need_second_world": _l(
        "Cards discarded earlier in this phase were for a first world: tick that this is the second world."
    ),
    "earlier_discards_need_power": _l(
        "Cards can be discarded for military only with a power that allows it (or the Space Mercenaries)."
    ),
}

# Reasons (Reason codes) behind the verdicts.
REASONS = {
    # Galaxy: opportunities
    "cover": _l("COVERING (COPERTURA): the fleet was played over another ship."),
    "union": _l("MATCHING (UNIONE): a visible fleet of the same value (%(value)s) in the %(world)s column."),
    "imperial": _l("IMPERIALS (IMPERIALI): the Imperial governor played a fleet in the Imperial column."),
    "not_a_fleet": _l("A ship of value %(value)s is not a Fleet Ship (6-10): it cannot attack."),
    "face_down": _l("A ship played face down cannot use its power, and earns no attack."),
    "no_opportunity": _l("No ship was covered and no visible fleet has the value %(value)s."),
    # Galaxy: attacks
    "attacker_phaser_banks": _l("Phaser Banks: +%(bonus)s to the attacker's rolls."),
    "phaser_banks_no_roll_against_base": _l(
        "Against a base the attacker rolls no dice, so its Phaser Banks change nothing."
    ),
    "attacker_screens": _l("Screens: the counterattack cannot destroy the attacking fleet."),
    "counterattack_forced": _l("Target %(number)s: its world has no governor, so it must counterattack."),
    "counterattack_declined": _l("Target %(number)s: the governor chooses not to counterattack."),
    "defender_phaser_banks": _l(
        "Target %(number)s: Phaser Banks, +%(bonus)s to the rolls of whoever controls it (a ship's governor, a "
        "base's owner)."
    ),
    "base_floor": _l(
        "A base never drops more than one row below the active row: once there, the next attacks go to the next target."
    ),
    # Parsec
    "out_of_range": _l("Ship %(number)s (range %(range)s) is %(distance)s hexes away: it cannot take part."),
    "coordinated": _l("Coordinated attack: the attack bonuses of %(ships)s ships add up; defense never adds."),
    "linked_colonies": _l("%(colonies)s linked colonies add their defense: +%(bonus)s."),
    "modifiers": _l("Event-card and faction modifiers are added to the rolls."),
    "cargo_attacks_by_event": _l("An event card lets the cargo ships attack (attack bonus +0)."),
    "stalemate": _l(
        "The exchange can reach a point where neither side can ever roll higher: from there it never ends with a "
        "loss (counted as a stalemate)."
    ),
    "colony_no_long_range_counter": _l(
        "A colony cannot fire back at long range nor move away: if it holds, the fight ends."
    ),
    "counter_out_of_range": _l("With range %(range)s the defender cannot reach every attacking ship."),
    "counter_out_of_range_all": _l(
        "With range %(range)s the defender reaches none of the attacking ships: it cannot fire back."
    ),
    "colony_cannot_evade": _l("A colony cannot move, so it can never evade."),
    "surrounded_cannot_evade": _l("Surrounded on all six sides, the defender cannot evade."),
    # Race for the Galaxy
    "negative_military_counted": _l(
        "Negative military values count, as for the Greatest Military goal: %(negatives)s, tableau total %(total)s."
    ),
    "specialized_bonus": _l("+%(bonus)s military from bonuses that apply only to this kind of world."),
    "space_mercenaries": _l("Space Mercenaries: +%(bonus)s military."),
    "two_discard_powers": _l(
        "Two powers to discard for temporary military (the Space Mercenaries' and another card's): "
        "up to 2 cards each, %(cards)s in all in this phase."
    ),
    "second_world": _l(
        "Second world of this Settle phase: no power of the world placed first counts for it, "
        "so its military is left out."
    ),
    "earlier_discards": Counted(
        "cards",
        lambda n: ungettext(
            "+%(cards)s military from the card discarded earlier in this phase: it lasts until the phase ends.",
            "+%(cards)s military from the cards discarded earlier in this phase: they last until the phase ends.",
            n,
        ),
    ),
    "enough_military": _l("Military %(force)s against defense %(defense)s: enough, no discard needed."),
    "discard_to_conquer": Counted(
        "cards",
        lambda n: ungettext(
            "Military %(force)s against defense %(defense)s: discard %(cards)s card for temporary military.",
            "Military %(force)s against defense %(defense)s: discard %(cards)s cards for temporary military.",
            n,
        ),
    ),
    "no_cards_to_discard": _l("No card in hand to discard for temporary military."),
    "too_few_cards_to_discard": Counted(
        "hand",
        lambda n: ungettext(
            "Only %(hand)s card in hand to discard for temporary military.",
            "Only %(hand)s cards in hand to discard for temporary military.",
            n,
        ),
    ),
    "not_enough_military": Counted(
        "shortfall",
        lambda n: ungettext(
            "At most %(force)s military against defense %(defense)s: %(shortfall)s short, even discarding.",
            "At most %(force)s military against defense %(defense)s: %(shortfall)s short, even discarding.",
            n,
        ),
    ),
    "not_enough_military_no_discard": Counted(
        "shortfall",
        lambda n: ungettext(
            "At most %(force)s military against defense %(defense)s: %(shortfall)s short.",
            "At most %(force)s military against defense %(defense)s: %(shortfall)s short.",
            n,
        ),
    ),
}

UNIT_NAMES = {
    "cargo": _l("Cargo"),
    "fighter": _l("Fighter"),
    "armored_transport": _l("Armored transport"),
    "cruiser": _l("Cruiser"),
    "colony": _l("Colony"),
}

PARSEC_OUTCOMES = {
    "target_destroyed": _l("Target destroyed"),
    "attackers_destroyed": _l("All attacking ships destroyed"),
    "defender_evaded": _l("The defender escapes (evasive maneuver)"),
    "attacker_withdrew": _l("The attacker withdraws"),
    "combat_ended": _l("The fight ends"),
    "stalemate": _l("Stalemate"),
}


def display_params(params: Mapping[str, Any]) -> dict[str, Any]:
    """Turn engine numbers into what a reader expects: 1-based ship numbers, world names."""
    shown = dict(params)
    for key in ("attacker", "target"):
        if key in shown:
            shown["number"] = shown[key] + 1
    if "world" in shown:
        shown["world"] = worlds.NAMES.get(shown["world"], shown["world"])
    return shown


def reason_json(reason: Reason) -> dict[str, Any]:
    return verdicts.reason_json(reason, REASONS, display_params)
