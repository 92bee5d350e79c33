"""The Eclipse combat endpoints in the OpenAPI description: response schemas and limits.

The request schemas and examples come from the request models (``web.eclipse_combat.models``).
"""

from __future__ import annotations

from engine.eclipse.battle import MAX_OPTIMAL_STATES, MAX_RETREAT_ROUND, MAX_ROUNDS_DETAIL, MAX_STATES
from engine.eclipse.blueprints import STAT_LIMITS
from engine.eclipse.multi import MAX_BATTLES, MAX_PLAYER_FACTIONS
from web.eclipse_combat.models import MAX_GROUPS
from engine.eclipse.targeting import TARGETINGS
from web.eclipse_combat.models import EclipseBattle, EclipseHex
from web.core.openapi import CITATIONS, BOOLEAN, NUMBER, PROBABILITY, RULES, STRING, array, document, integer, obj, ref

TARGETING = {"type": "string", "enum": list(TARGETINGS)}
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
    "reasons": array(ref("Reason")), "rules": RULES, "citations": CITATIONS,
}, ("attacker_win", "defender_win", "draw", "stalemate", "attacker", "defender", "expected_rounds", "rounds",
    "groups", "order", "fallback", "reasons", "rules", "citations"))
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
        body=EclipseBattle,
        response=RESPONSE,
        limits=LIMITS, errors=(400, 422),
    )
    document(
        "/api/combat/eclipse/hex", "post",
        summary="Eclipse: more than two factions in one hex, fought in the rulebook's order with damage carried "
                "over; each faction's chance to hold the hex.",
        body=EclipseHex,
        response=obj({"hold": {"type": "object", "additionalProperties": PROBABILITY},
                      "sequence": array(STRING), "battles": integer(1), "reasons": array(ref("Reason")),
                      "rules": RULES, "citations": CITATIONS},
                     ("hold", "sequence", "battles", "reasons", "rules", "citations")),
        limits=f"at most {MAX_PLAYER_FACTIONS} player factions and one NPC faction; each battle within the limits "
               f"of /api/combat/eclipse; at most {MAX_BATTLES} distinct battles.",
        errors=(400, 422),
    )
