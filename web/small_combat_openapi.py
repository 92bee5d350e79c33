"""The small combat endpoints in the OpenAPI description: schemas, limits and one example each.

The examples are real requests: tests/test_openapi.py sends them and checks the answers against
these schemas, and the fuzzer builds its requests from them.
"""

from __future__ import annotations

from engine import galaxy_combat as galaxy
from engine import parsec_combat as parsec
from engine import rftg_conquest as rftg
from web.openapi import BOOLEAN, PROBABILITY, RULES, STRING, array, document, integer, obj, ref

PROBABILITIES = array(PROBABILITY)
REASONS = array(ref("Reason"))
NULLABLE_PROBABILITY = {"type": ["number", "null"], "minimum": 0, "maximum": 1}
GALAXY_TARGET = obj({
    "target": {"type": "string", "enum": ["ship", "base"]},
    "defender": integer(galaxy.SHIP_MIN, galaxy.SHIP_MAX),
    "defender_phaser_banks": BOOLEAN, "defender_has_governor": BOOLEAN, "counterattack": BOOLEAN,
    "defender_screened": BOOLEAN,
}, extra=False)
GALAXY_REQUEST = obj({
    **GALAXY_TARGET["properties"],
    "attacker": integer(galaxy.FLEET_MIN, galaxy.FLEET_MAX),
    "attacker_phaser_banks": BOOLEAN, "attacker_screens": BOOLEAN,
    "opportunities": integer(1, galaxy.MAX_OPPORTUNITIES),
    "plan": {"type": "string", "enum": ["same", "different"]},
    "targets": array(GALAXY_TARGET, galaxy.MAX_TARGETS),
}, ("attacker",), extra=False)
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
    "reasons": REASONS, "rules": RULES,
}, ("target", "attack_succeeds", "counterattack_destroys_attacker", "nothing_happens", "sequence", "reasons",
    "rules"))
PARSEC_UNIT = {"type": "string", "enum": list(parsec.UNITS)}
MODIFIER = integer(-parsec.MODIFIER_LIMIT, parsec.MODIFIER_LIMIT)


def describe_endpoints() -> None:
    """Register the four operations with the app's OpenAPI description."""
    document(
        "/api/combat/galaxy", "post",
        summary="Galaxy: odds of a fleet's attack on a ship (with counterattack) or a base, and of a turn's sequence of attacks.",
        request=GALAXY_REQUEST, response=GALAXY_RESPONSE,
        example={"body": {"attacker": 10, "defender": 8, "target": "ship"}},
        limits=f"attacker 6-10 (a Fleet Ship); ship values 0-10 (a Nova, 0, cannot be attacked); "
               f"at most {galaxy.MAX_OPPORTUNITIES} opportunities and {galaxy.MAX_TARGETS} targets.",
        errors=(400, 422),
    )
    document(
        "/api/combat/galaxy/opportunities", "post",
        summary="Galaxy: how many attacks a played ship earns (COPERTURA, UNIONE, IMPERIALI), and the Sensors odds.",
        request=obj({
            "world": {"type": "string", "enum": list(galaxy.WORLDS)},
            "value": integer(galaxy.SHIP_MIN, galaxy.SHIP_MAX),
            "covers": BOOLEAN, "face_down": BOOLEAN, "governs_imperial": BOOLEAN,
            "row": obj({world: integer(galaxy.SHIP_MIN, galaxy.SHIP_MAX) for world in galaxy.WORLDS}, extra=False),
        }, ("world", "value"), extra=False),
        response=obj({"opportunities": integer(0, galaxy.MAX_OPPORTUNITIES), "sensors_reveal": PROBABILITY,
                      "reasons": REASONS, "rules": RULES}, ("opportunities", "sensors_reveal", "reasons", "rules")),
        example={"body": {"world": "myrmidon", "value": 6, "covers": True, "row": {"imperial": 6, "divergence": 6}}},
        limits="ship values 0-10; the row names the other seven worlds at most.",
    )
    document(
        "/api/combat/parsec", "post",
        summary="Parsec: odds that an attack (coordinated, at long range) destroys its target, and how the exchange ends.",
        request=obj({
            "attackers": array(obj({"unit": PARSEC_UNIT, "distance": integer(1, parsec.MAX_DISTANCE)}, ("unit",),
                                   extra=False), parsec.MAX_ATTACKERS),
            "defender": obj({"unit": PARSEC_UNIT, "linked_colonies": integer(1, parsec.MAX_LINKED_COLONIES),
                             "surrounded": BOOLEAN}, ("unit",), extra=False),
            "distance": integer(1, parsec.MAX_DISTANCE),
            "attack_modifier": MODIFIER, "defense_modifier": MODIFIER,
            "counter_attack_modifier": MODIFIER, "counter_defense_modifier": MODIFIER,
            "attacker_range_bonus": integer(0, parsec.MAX_RANGE_BONUS),
            "defender_range_bonus": integer(0, parsec.MAX_RANGE_BONUS),
            "defender_choice": {"type": "string", "enum": ["counterattack", "evade"]},
            "attacker_choice": {"type": "string", "enum": ["continue", "withdraw"]},
        }, ("attackers", "defender"), extra=False),
        response=obj({
            "attack_succeeds": PROBABILITY, "attack_bonus": integer(), "defense_bonus": integer(),
            "taking_part": array(integer(0)), "counterattack_target": {"type": ["integer", "null"]},
            "counterattack_succeeds": NULLABLE_PROBABILITY,
            "exchange": obj({outcome: PROBABILITY for outcome in parsec.OUTCOMES}, parsec.OUTCOMES),
            "ships_lost": PROBABILITIES, "reasons": REASONS, "rules": RULES,
        }, ("attack_succeeds", "attack_bonus", "defense_bonus", "taking_part", "counterattack_target",
            "counterattack_succeeds", "exchange", "ships_lost", "reasons", "rules")),
        example={"body": {"attackers": [{"unit": "cruiser"}, {"unit": "fighter"}],
                          "defender": {"unit": "colony", "linked_colonies": 1}, "distance": 1,
                          "attack_modifier": 0, "defense_modifier": 0}},
        limits=f"at most {parsec.MAX_ATTACKERS} attackers; distance 1-{parsec.MAX_DISTANCE}; linked colonies "
               f"1-{parsec.MAX_LINKED_COLONIES}; modifiers -{parsec.MODIFIER_LIMIT}..{parsec.MODIFIER_LIMIT}; "
               f"range bonuses 0-{parsec.MAX_RANGE_BONUS}.",
        errors=(400, 422),
    )
    document(
        "/api/conquest/rftg", "post",
        summary="Race for the Galaxy: can this military world be conquered this phase, and with how many discards?",
        request=obj({
            "defense": integer(1, rftg.MAX_DEFENSE),
            "military": array(integer(-rftg.MILITARY_LIMIT, rftg.MILITARY_LIMIT), rftg.MAX_TABLEAU),
            "specialized_bonus": integer(0, rftg.MAX_SPECIALIZED),
            "discard_power": BOOLEAN, "space_mercenaries": BOOLEAN,
            "hand_size": integer(0, rftg.MAX_HAND),
        }, ("defense",), extra=False),
        response=obj({
            "conquerable": BOOLEAN, "discards_needed": {"type": ["integer", "null"], "minimum": 0, "maximum": 2},
            "force": integer(), "max_force": integer(), "defense": integer(1, rftg.MAX_DEFENSE),
            "shortfall": integer(0), "reasons": REASONS, "rules": RULES,
        }, ("conquerable", "discards_needed", "force", "max_force", "defense", "shortfall", "reasons", "rules")),
        example={"body": {"defense": 5, "military": [2, 3, -1], "discard_power": True, "hand_size": 3}},
        limits=f"defense 1-{rftg.MAX_DEFENSE}; at most {rftg.MAX_TABLEAU} tableau values, each "
               f"-{rftg.MILITARY_LIMIT}..{rftg.MILITARY_LIMIT}; specialized bonus 0-{rftg.MAX_SPECIALIZED}; "
               f"hand 0-{rftg.MAX_HAND}.",
    )
