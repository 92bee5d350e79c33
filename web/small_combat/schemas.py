"""The small combat endpoints in the OpenAPI description: response schemas and limits.

The request schemas and examples come from the request models (``web.small_combat.models``).
"""

from __future__ import annotations

from engine.galaxy import combat as galaxy
from engine.parsec import combat as parsec
from engine.rftg import conquest as rftg
from web.small_combat.models import GalaxyCombat, GalaxyOpportunities, ParsecCombat, RftgConquest
from web.core.openapi import CITATIONS, BOOLEAN, PROBABILITY, RULES, STRING, array, document, integer, obj, ref

PROBABILITIES = array(PROBABILITY)
REASONS = array(ref("Reason"))
NULLABLE_PROBABILITY = {"type": ["number", "null"], "minimum": 0, "maximum": 1}
GALAXY_RESPONSE = obj({
    "target": {"type": "string", "enum": ["ship", "base"]},
    "attack_succeeds": PROBABILITY, "counterattack_destroys_attacker": PROBABILITY,
    "nothing_happens": PROBABILITY, "base_holds": NULLABLE_PROBABILITY,
    "counterattack": {"type": ["string", "null"], "enum": ["must", "may", "declined", None]},
    "counterattack_succeeds": NULLABLE_PROBABILITY,
    "sequence": obj({
        "opportunities": integer(1, galaxy.MAX_OPPORTUNITIES),
        "plan": STRING,
        "attacker_destroyed": PROBABILITY,
        "nothing_happens": PROBABILITY,
        "ships_destroyed": PROBABILITIES,
        "targets": array(obj({"target": STRING, "destroyed": PROBABILITY, "rows_lost": PROBABILITIES}, ("target",))),
    }, ("opportunities", "plan", "attacker_destroyed", "nothing_happens", "ships_destroyed", "targets")),
    "reasons": REASONS, "rules": RULES, "citations": CITATIONS,
}, ("target", "attack_succeeds", "counterattack_destroys_attacker", "nothing_happens", "sequence", "reasons",
    "rules", "citations"))
OPPORTUNITIES_RESPONSE = obj({"opportunities": integer(0, galaxy.MAX_OPPORTUNITIES), "sensors_reveal": PROBABILITY,
                              "reasons": REASONS, "rules": RULES, "citations": CITATIONS}, ("opportunities", "sensors_reveal", "reasons", "rules", "citations"))
PARSEC_RESPONSE = obj({
    "attack_succeeds": PROBABILITY, "attack_bonus": integer(), "defense_bonus": integer(),
    "taking_part": array(integer(0)), "counterattack_target": {"type": ["integer", "null"]},
    "counterattack_succeeds": NULLABLE_PROBABILITY,
    "exchange": obj({outcome: PROBABILITY for outcome in parsec.OUTCOMES}, parsec.OUTCOMES),
    "ships_lost": PROBABILITIES, "reasons": REASONS, "rules": RULES, "citations": CITATIONS,
}, ("attack_succeeds", "attack_bonus", "defense_bonus", "taking_part", "counterattack_target",
    "counterattack_succeeds", "exchange", "ships_lost", "reasons", "rules", "citations"))
RFTG_RESPONSE = obj({
    "conquerable": BOOLEAN, "discards_needed": {"type": ["integer", "null"], "minimum": 0, "maximum": 2},
    "force": integer(), "max_force": integer(), "defense": integer(1, rftg.MAX_DEFENSE),
    "shortfall": integer(0), "reasons": REASONS, "rules": RULES, "citations": CITATIONS,
}, ("conquerable", "discards_needed", "force", "max_force", "defense", "shortfall", "reasons", "rules", "citations"))


def describe_endpoints() -> None:
    """Register the four operations with the app's OpenAPI description."""
    document(
        "/api/combat/galaxy", "post",
        summary="Galaxy: odds of a fleet's attack on a ship (with counterattack) or a base, and of a turn's sequence of attacks.",
        body=GalaxyCombat, response=GALAXY_RESPONSE,
        limits=f"attacker 6-10 (a Fleet Ship); ship values 0-10 (a Nova, 0, cannot be attacked); "
               f"at most {galaxy.MAX_OPPORTUNITIES} opportunities and {galaxy.MAX_TARGETS} targets.",
        errors=(400, 422),
    )
    document(
        "/api/combat/galaxy/opportunities", "post",
        summary="Galaxy: how many attacks a played ship earns (COPERTURA, UNIONE, IMPERIALI), and the Sensors odds.",
        body=GalaxyOpportunities, response=OPPORTUNITIES_RESPONSE,
        limits="ship values 0-10; the row names the other seven worlds at most.",
        errors=(400, 422),
    )
    document(
        "/api/combat/parsec", "post",
        summary="Parsec: odds that an attack (coordinated, at long range) destroys its target, and how the exchange ends.",
        body=ParsecCombat, response=PARSEC_RESPONSE,
        limits=f"at most {parsec.MAX_ATTACKERS} attackers; distance 1-{parsec.MAX_DISTANCE}; linked colonies "
               f"1-{parsec.MAX_LINKED_COLONIES}; modifiers -{parsec.MODIFIER_LIMIT}..{parsec.MODIFIER_LIMIT}; "
               f"range bonuses 0-{parsec.MAX_RANGE_BONUS}.",
        errors=(400, 422),
    )
    document(
        "/api/conquest/rftg", "post",
        summary="Race for the Galaxy: can this military world be conquered this phase, and with how many discards?",
        body=RftgConquest, response=RFTG_RESPONSE,
        limits=f"defense 1-{rftg.MAX_DEFENSE}; at most {rftg.MAX_TABLEAU} tableau values, each "
               f"-{rftg.MILITARY_LIMIT}..{rftg.MILITARY_LIMIT}; specialized bonus 0-{rftg.MAX_SPECIALIZED}; "
               f"hand 0-{rftg.MAX_HAND}.",
        errors=(400, 422),
    )
