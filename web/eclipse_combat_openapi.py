"""The Eclipse combat endpoints in the OpenAPI description: schemas, limits and one example each.

The examples are real requests: tests/test_openapi.py sends them and checks the answers against
these schemas, and the fuzzer builds its requests from them.
"""

from __future__ import annotations

from engine.eclipse.battle import MAX_OPTIMAL_STATES, MAX_RETREAT_ROUND, MAX_ROUNDS_DETAIL, MAX_STATES
from engine.eclipse.blueprints import STAT_LIMITS
from engine.eclipse.multi import MAX_BATTLES, MAX_PLAYER_FACTIONS
from engine.eclipse.parts import NPC_TYPES, PARTS, PLAYER_TYPES
from engine.eclipse.targeting import TARGETINGS
from web.openapi import BOOLEAN, NUMBER, PROBABILITY, RULES, STRING, array, document, integer, obj, ref

MAX_GROUPS = len(PLAYER_TYPES)
MAX_PARTS = 12
TARGETING = {"type": "string", "enum": list(TARGETINGS)}
SHIP_TYPE = {"type": "string", "enum": list(PLAYER_TYPES) + list(NPC_TYPES)}
GROUP = obj({
    "type": SHIP_TYPE,
    "count": integer(1, 8),
    "parts": array({"type": "string", "enum": list(PARTS)}, MAX_PARTS),
    **{k: integer(*STAT_LIMITS[k]) for k in ("initiative", "hull", "computer", "shield", "missiles")},
    "cannons": obj({k: integer(*STAT_LIMITS[k]) for k in ("ion", "plasma", "antimatter")}, extra=False),
}, ("type", "count"), extra=False)
RETREAT = {"type": ["object", "null"],
           "properties": {"round": integer(1, MAX_RETREAT_ROUND),
                          "types": array({"type": "string", "enum": list(PLAYER_TYPES)}, MAX_GROUPS)},
           "required": ["round"], "additionalProperties": False}
SIDE = obj({"ships": array(GROUP, MAX_GROUPS), "targeting": TARGETING, "retreat": RETREAT}, ("ships",), extra=False)
SHIP_STATS = obj({
    "type": STRING, "count": integer(1), "initiative": integer(), "hull": integer(), "computer": integer(),
    "shield": integer(), "cannons": obj({"ion": integer(), "plasma": integer(), "antimatter": integer()}),
    "missiles": integer(), "energy_use": integer(), "energy_production": integer(), "movement": integer(),
}, ("type", "count", "initiative", "hull", "computer", "shield", "cannons", "missiles"))
SIDE_RESULT = obj({
    "expected_lost": NUMBER, "reputation": {"type": ["number", "null"]}, "escape": PROBABILITY,
    "targeting": TARGETING, "ships": array(SHIP_STATS),
}, ("expected_lost", "reputation", "escape", "targeting", "ships"))
ACTIVATION = obj({"side": {"type": "string", "enum": ["attacker", "defender"]}, "type": STRING,
                  "initiative": integer()}, ("side", "type", "initiative"))
RULE_LINKS = array(obj({"id": STRING, "url": STRING, "title": STRING}, ("id", "url", "title")))
RESPONSE = obj({
    "attacker_win": PROBABILITY, "defender_win": PROBABILITY, "draw": PROBABILITY, "stalemate": PROBABILITY,
    "attacker": SIDE_RESULT, "defender": SIDE_RESULT,
    "expected_rounds": NUMBER,
    "rounds": array(obj({"rounds": integer(0), "p": PROBABILITY, "or_more": BOOLEAN}, ("rounds", "p", "or_more"))),
    "groups": array(obj({
        "side": STRING, "type": STRING, "count": integer(1), "initiative": integer(),
        "survivors": array(PROBABILITY), "escaped": PROBABILITY, "expected_lost": NUMBER,
    }, ("side", "type", "count", "survivors", "escaped", "expected_lost"))),
    "order": array(ACTIVATION), "missile_order": array(ACTIVATION),
    "method": {"type": "string", "enum": ["exact"]}, "fallback": BOOLEAN,
    "limits": obj({"estimate": integer(0), "max_optimal_states": integer(), "max_states": integer()}),
    "reasons": array(ref("Reason")), "rules": RULES, "rule_links": RULE_LINKS,
}, ("attacker_win", "defender_win", "draw", "stalemate", "attacker", "defender", "expected_rounds", "rounds",
    "groups", "order", "fallback", "reasons", "rules"))
FACTION = obj({"name": {"type": "string", "maxLength": 40}, "ships": array(GROUP, MAX_GROUPS),
               "entered": integer(0, 20), "controller": BOOLEAN, "targeting": TARGETING},
              ("name", "ships"), extra=False)
LIMITS = (f"ship groups per side 1-{MAX_GROUPS} (one per type); counts 8 interceptors, 4 cruisers, 2 dreadnoughts, "
          f"4 starbases, 3 Ancients, 1 GCDS; explicit stats within "
          + ", ".join(f"{k} {lo}-{hi}" for k, (lo, hi) in STAT_LIMITS.items())
          + f"; retreat round 1-{MAX_RETREAT_ROUND}; battle states up to {MAX_OPTIMAL_STATES:,} with optimal "
          f"targeting, up to {MAX_STATES:,} with largest_first (optimal falls back to it, fallback: true), beyond "
          f"that refused (battle_too_large); above {MAX_ROUNDS_DETAIL:,} states rounds is empty and only "
          f"expected_rounds is given.")


def describe_endpoints() -> None:
    """Register the two operations with the app's OpenAPI description."""
    document(
        "/api/combat/eclipse", "post",
        summary="Eclipse: exact odds of a battle (missiles, optimal or named targeting, Ancients and GCDS, retreat "
                "plans, stalemate), survivors per ship group, expected losses, reputation and rounds.",
        request=obj({"attacker": SIDE, "defender": SIDE, "targeting": TARGETING}, ("attacker", "defender"),
                    extra=False),
        response=RESPONSE,
        example={"body": {"attacker": {"ships": [{"type": "interceptor", "count": 2},
                                                 {"type": "cruiser", "count": 1,
                                                  "parts": ["plasma_cannon", "hull", "fusion_source",
                                                            "nuclear_drive", "electron_computer"]}]},
                          "defender": {"ships": [{"type": "ancient", "count": 1}]}}},
        limits=LIMITS, errors=(400, 422),
    )
    document(
        "/api/combat/eclipse/hex", "post",
        summary="Eclipse: more than two factions in one hex, fought in the rulebook's order with damage carried "
                "over; each faction's chance to hold the hex.",
        request=obj({"factions": array(FACTION, MAX_PLAYER_FACTIONS + 1), "targeting": TARGETING},
                    ("factions",), extra=False),
        response=obj({"hold": {"type": "object", "additionalProperties": PROBABILITY},
                      "sequence": array(STRING), "battles": integer(1), "reasons": array(ref("Reason")),
                      "rules": RULES, "rule_links": RULE_LINKS},
                     ("hold", "sequence", "battles", "reasons", "rules")),
        example={"body": {"factions": [
            {"name": "red", "controller": True, "ships": [{"type": "interceptor", "count": 2}]},
            {"name": "green", "entered": 1, "ships": [{"type": "interceptor", "count": 1}]},
            {"name": "blue", "entered": 2, "ships": [{"type": "cruiser", "count": 1}]}]}},
        limits=f"at most {MAX_PLAYER_FACTIONS} player factions and one NPC faction; each battle within the limits "
               f"of /api/combat/eclipse; at most {MAX_BATTLES} distinct battles.",
        errors=(400, 422),
    )
