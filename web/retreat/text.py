"""Words for the retreat checkers: every engine code as a sentence, and the names it uses.

The engine answers with codes and parameters; this module is the only place that turns them
into Italian or English (msgids are English). Every code the engine can emit has a message
here, per game, and a test proves it.
"""

from __future__ import annotations

from typing import Any, Mapping

from flask_babel import force_locale, lazy_pgettext
from flask_babel import lazy_gettext as _l

from web.core import verdicts
from web.core.i18n import LANGS, ungettext
from web.core.messages import Counted
from engine.core.reasons import Reason
from engine.parsec import retreat as ps

ECLIPSE_MESSAGES = {
    # Destination reasons
    "starbase_cannot_move": _l("Starbases have no drives: they cannot move, so they cannot retreat."),
    "not_adjacent": _l("Hex %(hex)s does not touch the battle hex: a retreat goes to a neighbouring hex."),
    "no_wormhole": _l(
        "No wormhole joins the battle hex to %(hex)s: ships cross an edge only where both sides show a wormhole."
    ),
    "half_wormhole": _l(
        "The edge to %(hex)s has a wormhole on one side only: crossing it needs the Wormhole Generator."
    ),
    "no_influence_disc": _l("You have no influence disc in %(hex)s: a retreat must end in a hex holding your disc."),
    "enemy_ships": _l("Hex %(hex)s holds enemy ships (%(owners)s)."),
    "ancient_ships": _l("Hex %(hex)s holds Ancient ships, and they are enemies."),
    "gcds": _l("Hex %(hex)s holds the Galactic Center Defense System, and it is an enemy."),
    # Notes
    "next_activation": _l(
        "The ships leave on their type's next activation, in the next engagement round: until then the enemy can still fire at them."
    ),
    "reputation_lost": _l(
        "All your remaining ships retreat: you draw no reputation tile for taking part in the battle, but you still draw those for enemy ships destroyed."
    ),
    "reputation_warning": _l(
        "If all your remaining ships retreat, you lose the reputation tile for taking part in the battle (not those for enemy ships destroyed)."
    ),
}

TI4_MESSAGES = {
    # Announcing
    "announcement_passed": _l(
        "The defender announces first: once the attacker has announced, the defender's chance to announce this round has passed."
    ),
    "defender_announced": _l(
        "The defender has announced a retreat, so the attacker cannot announce one in this combat round."
    ),
    "no_ship_can_move": _l("None of your ships in the combat has a move value, so none can retreat."),
    "no_valid_destination": _l("There is no valid system to retreat to, so no retreat can be announced."),
    # Destination reasons
    "not_adjacent": _l("%(system)s is not adjacent to the active system (no shared edge, no matching wormhole)."),
    "no_planet_or_unit": _l("In %(system)s you control no planet and have no unit."),
    "other_players_ships": _l("%(system)s contains another player's ships."),
    "asteroid_field": _l("%(system)s is an asteroid field: ships cannot move into it."),
    "supernova": _l("%(system)s is a supernova: ships cannot move into it."),
    "nebula": _l(
        "%(system)s is a nebula: ships may move into a nebula only when it is the active system, and a retreat never goes to the active system."
    ),
    # Notes
    "via_wormhole": _l("%(system)s is adjacent through matching wormholes."),
    "antimass_deflectors": _l(
        "%(system)s is an asteroid field: ships may not move into one (the rule cited), but your Antimass "
        "Deflectors let yours."
    ),
    "gravity_rift_entry": _l(
        "%(system)s is a gravity rift: ships that stop in it do not roll; only ships moving through or out of a rift roll."
    ),
    "gravity_rift_exit": _l(
        "The combat is in a gravity rift: every retreating ship moves out of it and rolls a die; on 1-3 it is removed, together with the units it carries."
    ),
    "must_retreat": _l(
        "Once announced, the retreat must happen in the Retreat step if a valid system is still available."
    ),
    "opponent_gone": _l(
        "If the opponent has no ships left by the Retreat step, the combat ends and the retreat does not happen."
    ),
    "stalemate": _l(
        "If neither side can ever win the combat, the attacker must retreat; if it cannot, its units in the combat are destroyed."
    ),
    "skilled_retreat": _l(
        "Moving away with the action card Skilled Retreat is not a retreat: these rules do not apply to it."
    ),
    "token_from_reinforcements": _l("Place a command token from your reinforcements in the system you retreat to."),
    "token_from_command_sheet": _l(
        "You have no command tokens in your reinforcements: take one from your command sheet and place it in the system you retreat to."
    ),
    "token_already_there": _l("Your command token is already in that system: place no other."),
    "fleet_pool_excess": _l(
        "In %(system)s you would have more ships than your fleet pool allows: remove %(excess)s of them there "
        "(fighters do not count, except Fighter II fighters beyond your ships' capacity)."
    ),
    "capacity_loss": Counted(
        "excess",
        lambda n: ungettext(
            "%(excess)s fighter or infantry cannot be carried and is destroyed; you choose which.",
            "%(excess)s fighters or infantry cannot be carried and are destroyed; you choose which.",
            n,
        ),
    ),
    "capacity_loss_infantry": Counted(
        "excess",
        lambda n: ungettext(
            "%(excess)s infantry cannot be carried and is destroyed (Fighter II fighters move on their own).",
            "%(excess)s infantry cannot be carried and are destroyed (Fighter II fighters move on their own).",
            n,
        ),
    ),
}

PARSEC_MESSAGES = {
    # Why no evasion
    "colony_cannot_evade": _l("A colony never moves, so it cannot make an evasive maneuver."),
    "surrounded": _l(
        "The attackers occupy all six hexes around the vessel: it cannot evade unless an event card allows its escape, so it can only counterattack."
    ),
    "no_free_hex": _l(
        "No hex within its movement is free to stop on: the hexes around it hold other players' vessels, "
        "which it can neither stop on nor cross, or hexes it may only cross: it cannot move."
    ),
    # Why the exchange goes on
    "still_in_range": _l(
        "No hex within reach is beyond every attacker's range: even at %(hex)s the vessel is within range of %(attackers)s, which may attack it again."
    ),
    "colony_can_counterattack": _l(
        "Attackers next to the colony (%(attackers)s) are within its range: it may counterattack, so the exchange can go on."
    ),
    # The chosen destination
    "destination_is_start": _l("Hex %(hex)s is where the vessel already is: evading means moving away from it."),
    "destination_occupied": _l(
        "Hex %(hex)s holds vessels the evading one cannot stop with (another player's, or its own hex already full)."
    ),
    "destination_unreachable": _l(
        "Hex %(hex)s cannot be reached with movement %(movement)s (occupied hexes cannot be crossed)."
    ),
    "destination_in_range": _l("At %(hex)s the vessel is still within range of %(attackers)s."),
    # Notes
    "escape_card": _l(
        "The event card decides where the vessel goes: the exchange ends only if it ends beyond every attacker's range."
    ),
    "colony_exchange_ends": _l(
        "A colony that survives a long-range attack can neither evade nor counterattack at long range: the exchange ends."
    ),
    "safe_by_distance": _l(
        "Beyond every attacker's range the vessel is out of the fight: the evasion ends the exchange."
    ),
}

# Refusals raised by the engines' validation (InvalidInput codes), shared by the three games.
INPUT_MESSAGES = {
    "unknown_player": _l("The field %(field)s must be a player colour."),
    "unknown_ship_type": _l("The field %(field)s must be a ship type."),
    "unknown_ship_owner": _l("The field %(field)s must list player colours, ancient or gcds."),
    "unknown_wormhole": _l("The field %(field)s must be full, half or none."),
    "too_many_candidates": _l("The field %(field)s may hold at most %(max)s destinations."),
    "duplicate_hex": _l("The hex %(hex)s appears twice (%(field)s)."),
    "bad_hex_name": _l("The field %(field)s must be a name of 1 to %(max)s characters."),
    "bad_notation": _l("The situation could not be read."),
    "unknown_role": _l("The field %(field)s must be attacker or defender."),
    "unknown_anomaly": _l("The field %(field)s must be an anomaly: asteroid field, supernova, nebula or gravity rift."),
    "unknown_faction": _l("The field %(field)s must be one of the base game's 17 factions."),
    "bad_system_name": _l("The field %(field)s must be a name of 1 to %(max)s characters."),
    "duplicate_system": _l("The system %(system)s appears twice (%(field)s)."),
    "unknown_adjacency": _l("The field %(field)s must be true, false, edge, wormhole or none."),
    "out_of_range": _l("The field %(field)s must be between %(min)s and %(max)s."),
    "too_many_units": _l(
        "%(unit)s: at most %(max)s (the pieces of one colour, or this calculator's limit for fighters and infantry)."
    ),
    "unknown_vessel": _l("The field %(field)s must be a vessel type."),
    "colony_never_attacks": _l(
        "A colony fires only in defense, so it is never among the attackers (%(field)s): leave it out."
    ),
    "bad_hex": _l("The field %(field)s must be a hex with two whole coordinates."),
    "hex_too_far": _l("The field %(field)s is more than %(max)s hexes from the evading vessel."),
    "attacker_beyond_range": _l(
        "%(field)s: an attacker %(distance)s hexes away with a firing range of %(range)s cannot have attacked "
        "the vessel: move it closer or give its range (an event card may lengthen it)."
    ),
    "hex_taken": _l(
        "The field %(field)s names a hex that is already taken "
        "(a hex holds at most two small vessels, or one large one, and is marked once)."
    ),
}

MESSAGES = {"eclipse": ECLIPSE_MESSAGES, "ti4": TI4_MESSAGES, "parsec": PARSEC_MESSAGES}

COLOUR_NAMES = {
    "red": _l("red"),
    "green": _l("green"),
    "blue": _l("blue"),
    "yellow": _l("yellow"),
    "white": _l("white"),
    "black": _l("black"),
    "ancient": _l("Ancients"),
    "gcds": _l("GCDS"),
}
SHIP_TYPE_NAMES = {
    "interceptor": _l("Interceptors"),
    "cruiser": _l("Cruisers"),
    "dreadnought": _l("Dreadnoughts"),
    "starbase": _l("Starbases"),
}
# The wormhole choices as the Eclipse form's buttons say them (which sides of the edge show one).
WORMHOLE_SIDES = {"full": _l("Both sides"), "half": _l("One side"), "none": _l("Neither side")}
ANOMALY_NAMES = {
    "asteroid_field": _l("Asteroid field"),
    "supernova": _l("Supernova"),
    "nebula": _l("Nebula"),
    "gravity_rift": _l("Gravity rift"),
}
ADJACENCY_NAMES = {"edge": _l("Shares an edge"), "wormhole": _l("Matching wormhole"), "none": _l("Not adjacent")}
VESSEL_NAMES = {
    "cargo": _l("Cargo"),
    "fighter": _l("Fighter"),
    "transport": _l("Armored transport"),
    "cruiser": _l("Cruiser"),
    "colony": _l("Colony"),
}
# The one word a player types for an attacker's kind in the Parsec page's text field ("caccia@1,0"):
# a colony is typed too, so that its refusal says why (it fires only in defense).
VESSEL_WORDS = {
    "fighter": lazy_pgettext("typed vessel kind", "fighter"),
    "cruiser": lazy_pgettext("typed vessel kind", "cruiser"),
    "transport": lazy_pgettext("typed vessel kind", "transport"),
    "cargo": lazy_pgettext("typed vessel kind", "cargo"),
    "colony": lazy_pgettext("typed vessel kind", "colony"),
}


def attacker_words() -> str:
    """The words an attacker's kind is typed as, in the page's language: what the hint line and a
    refused kind list (never "colony")."""
    return ", ".join(str(VESSEL_WORDS[kind]) for kind in ps.ATTACKER_KINDS)


def typed_kinds() -> dict[str, str]:
    """Every word a kind may be typed as, folded, to its API code: the code itself is the English
    word, and an Italian link opened in English still reads. Built once per page request."""
    kinds = {}
    for lang in LANGS:
        with force_locale(lang):
            kinds.update({str(said).casefold(): kind for kind, said in VESSEL_WORDS.items()})
    return kinds


ROLE_NAMES = {"attacker": _l("Attacker (active player)"), "defender": _l("Defender")}
TI4_UNIT_NAMES = {
    "carriers": _l("Carriers"),
    "cruisers": _l("Cruisers"),
    "dreadnoughts": _l("Dreadnoughts"),
    "destroyers": _l("Destroyers"),
    "war_suns": _l("War suns"),
    "flagship": _l("Flagship"),
    "flagship_capacity": _l("Flagship capacity (see your faction sheet)"),
    "fighters": _l("Fighters in space"),
    "infantry": _l("Infantry in space"),
    "carrier_ii": _l("Carrier II researched"),
    "cruiser_ii": _l("Cruiser II researched"),
    "fighter_ii": _l("Fighter II researched"),
}
TOKEN_SOURCE_NAMES = {
    "reinforcements": _l("from your reinforcements"),
    "command_sheet": _l("from your command sheet"),
    "already_there": _l("none: one is already there"),
}


def _hex_text(value: Any) -> str:
    return f"{value[0]},{value[1]}"


def _plain(params: Mapping[str, Any]) -> dict[str, Any]:
    """Parameters as the words a sentence needs: colour names, hexes as ``q,r``."""
    out = dict(params)
    if "owners" in out:
        out["owners"] = ", ".join(str(COLOUR_NAMES.get(o, o)) for o in out["owners"])
    if "hex" in out and isinstance(out["hex"], list):
        out["hex"] = _hex_text(out["hex"])
    if "attackers" in out:
        out["attackers"] = "; ".join(_hex_text(a) for a in out["attackers"])
    return out


def reason_json(game: str, reason: Reason) -> dict[str, Any]:
    return verdicts.reason_json(reason, MESSAGES[game], _plain)
