"""Retreat checkers' JSON API: ``POST /api/retreat/{eclipse,ti4,parsec}``.

Each reader validates the request with its model (``web.retreat.models``: a 400 names the field,
in the request's language) and builds the engine's situation; each answer builder turns the engine's verdict
into JSON with every reason's code, sentence and rule. The pages reuse both.
"""

from __future__ import annotations

from typing import Any, Callable, Mapping, cast

from flask import Blueprint, jsonify

from engine.core.reasons import InvalidInput
from engine.eclipse import retreat as ec
from engine.parsec import retreat as ps
from engine.ti4 import retreat as ti4
from web.core.errors import rule_refusal
from web.core.models import read_json, validate
from web.core.openapi import CITATIONS, BOOLEAN, RULES, STRING, array, document, integer, obj, ref
from web.retreat.models import EclipseRetreat, ParsecRetreat, Ti4Retreat
from web.retreat.text import INPUT_MESSAGES, reason_json
from web.core.verdicts import citations

bp = Blueprint("retreat_api", __name__)


def _engine(build: Callable[[], Any]) -> Any:
    """Run an engine constructor, turning its refusal into a translated 400."""
    try:
        return build()
    except InvalidInput as error:
        raise rule_refusal(error, INPUT_MESSAGES) from None


# --- Eclipse ------------------------------------------------------------------------------

def read_eclipse(data: Mapping | EclipseRetreat) -> ec.Situation:
    """The request (the API's body or a page's query) as the engine's situation."""
    body = data if isinstance(data, EclipseRetreat) else validate(EclipseRetreat, data)
    neighbours = tuple(ec.Neighbour(hex=c.hex.strip(), influence=c.influence, ships=frozenset(c.ships),
                                    wormhole=cast(ec.Wormhole, c.wormhole), adjacent=c.adjacent) for c in body.candidates)
    return _engine(lambda: ec.situation(body.player, neighbours, wormhole_generator=body.wormhole_generator,
                                        ship_type=body.ship_type, all_ships_retreat=body.all_ships_retreat))


def eclipse_answer(s: ec.Situation) -> dict[str, Any]:
    return {
        "player": s.player,
        "legal": list(ec.legal_destinations(s)),
        "verdicts": [{"hex": v.destination, "legal": v.legal,
                      "reasons": [reason_json("eclipse", r) for r in v.reasons]}
                     for v in ec.verdicts(s)],
        "notes": [reason_json("eclipse", n) for n in ec.notes(s)],
        "rules": list(ec.rules(s)),
        "citations": citations(ec.rules(s)),
    }


@bp.post("/api/retreat/eclipse")
def eclipse_api():
    return jsonify(eclipse_answer(read_eclipse(read_json(EclipseRetreat))))


# --- Twilight Imperium 4 ------------------------------------------------------------------

def read_ti4(data: Mapping | Ti4Retreat) -> ti4.Combat:
    body = data if isinstance(data, Ti4Retreat) else validate(Ti4Retreat, data)
    systems = tuple(ti4.System(
        name=c.system.strip(), adjacency=cast(ti4.Adjacency, c.adjacent or "edge"), controls_planet=c.controls_planet, own_units=c.own_units,
        other_players_ships=c.other_players_ships, anomaly=c.anomaly, own_command_token=c.command_token,
        own_ships=c.own_ships) for c in body.candidates)
    fleet = None if body.units is None else ti4.Fleet(**body.units.model_dump())
    return _engine(lambda: ti4.combat(
        body.role, systems, fleet, opponent_announced=body.opponent_announced_retreat,
        tokens_in_reinforcements=body.tokens_in_reinforcements, active_anomaly=body.active_anomaly,
        fleet_pool=body.fleet_pool, antimass_deflectors=body.antimass_deflectors))


def capacity_json(c: ti4.Combat) -> dict[str, Any] | None:
    if c.fleet is None:
        return None
    loss = ti4.capacity_loss(c.fleet)
    return {"capacity": loss.capacity, "fighters": loss.fighters, "infantry": loss.infantry,
            "destroyed": loss.excess,
            "fighters_destroyed": {"min": loss.fighters_range[0], "max": loss.fighters_range[1]},
            "infantry_destroyed": {"min": loss.infantry_range[0], "max": loss.infantry_range[1]},
            "rules": ["ti4/23.7", ti4.RULE_CAPACITY]}


def ti4_answer(c: ti4.Combat, player: str = "") -> dict[str, Any]:
    return {
        "player": player,
        "role": c.role,
        "can_announce": ti4.can_announce(c),
        "announce_reasons": [reason_json("ti4", r) for r in ti4.announcement_reasons(c)],
        "legal": list(ti4.legal_destinations(c)),
        "verdicts": [{"system": v.destination, "legal": v.legal,
                      "reasons": [reason_json("ti4", r) for r in v.reasons],
                      "notes": [reason_json("ti4", n) for n in v.notes],
                      "command_token": v.details["command_token"],
                      "fleet_pool_excess": v.details["fleet_pool_excess"]}
                     for v in ti4.verdicts(c)],
        "destroyed_for_capacity": capacity_json(c),
        "notes": [reason_json("ti4", n) for n in ti4.notes(c)],
        "rules": list(ti4.rules(c)),
        "citations": citations(ti4.rules(c)),
    }


@bp.post("/api/retreat/ti4")
def ti4_api():
    body = read_json(Ti4Retreat)
    return jsonify(ti4_answer(read_ti4(body), body.player))


# --- Parsec -------------------------------------------------------------------------------

def read_parsec(data: Mapping | ParsecRetreat) -> ps.Situation:
    body = data if isinstance(data, ParsecRetreat) else validate(ParsecRetreat, data)
    attackers = [{"kind": a.kind, "at": (a.q, a.r), "range": a.range} for a in body.attackers]
    return _engine(lambda: ps.situation(
        body.vessel, attackers, blocked=[(h.q, h.r) for h in body.blocked], movement=body.movement,
        escape_card=body.escape_card, destination=None if body.destination is None else
        (body.destination.q, body.destination.r)))


def _hex_json(h: tuple[int, int]) -> dict[str, int]:
    return {"q": h[0], "r": h[1]}


def parsec_answer(s: ps.Situation) -> dict[str, Any]:
    destination = None
    if s.destination is not None:
        reasons = ps.destination_reasons(s)
        destination = {**_hex_json(s.destination), "ends_exchange": not reasons,
                       "reasons": [reason_json("parsec", r) for r in reasons]}
    return {
        "vessel": s.vessel,
        "movement": s.move,
        "can_evade": ps.can_evade(s),
        "reasons": [reason_json("parsec", r) for r in ps.evade_reasons(s)],
        "ends_exchange": ps.ends_exchange(s),
        "exchange_reasons": [reason_json("parsec", r) for r in ps.exchange_reasons(s)],
        "destination": destination,
        "safe_hexes": [_hex_json(h) for h in ps.safe_hexes(s)],
        "notes": [reason_json("parsec", n) for n in ps.notes(s)],
        "rules": list(ps.rules(s)),
        "citations": citations(ps.rules(s)),
    }


@bp.post("/api/retreat/parsec")
def parsec_api():
    return jsonify(parsec_answer(read_parsec(read_json(ParsecRetreat))))


# --- OpenAPI description ------------------------------------------------------------------

def _enum(values, nullable: bool = False) -> dict[str, Any]:
    listed = list(values) + ([None] if nullable else [])
    return {"enum": listed}


REASONS = array(ref("Reason"))
HEX = obj({"q": integer(-ps.MAX_COORD, ps.MAX_COORD), "r": integer(-ps.MAX_COORD, ps.MAX_COORD)},
          ("q", "r"))
RANGE = obj({"min": integer(0), "max": integer(0)}, ("min", "max"))

document(
    "/api/retreat/eclipse", "post",
    summary="Eclipse: which neighbouring hexes a ship type may retreat to, each with its reasons "
            "and rules, plus what the retreat still costs.",
    body=EclipseRetreat,
    response=obj({
        "player": STRING, "legal": array(STRING),
        "verdicts": array(obj({"hex": STRING, "legal": BOOLEAN, "reasons": REASONS},
                              ("hex", "legal", "reasons"))),
        "notes": REASONS, "rules": RULES, "citations": CITATIONS,
    }, ("legal", "verdicts", "notes", "rules", "citations")),
    limits=f"at most {ec.MAX_NEIGHBOURS} candidates (a hex has six edges).",
)

document(
    "/api/retreat/ti4", "post",
    summary="Twilight Imperium 4: may this player announce a retreat (23.4), which systems are "
            "legal (23.7, anomalies), what is destroyed for lack of capacity, where the command "
            "token comes from.",
    body=Ti4Retreat,
    response=obj({
        "player": STRING, "role": STRING, "can_announce": BOOLEAN, "announce_reasons": REASONS,
        "legal": array(STRING),
        "verdicts": array(obj({
            "system": STRING, "legal": BOOLEAN, "reasons": REASONS, "notes": REASONS,
            "command_token": _enum(ti4.TOKEN_SOURCES, nullable=True),
            "fleet_pool_excess": {"anyOf": [{"type": "null"}, integer(0)]}},
            ("system", "legal", "reasons", "notes", "command_token", "fleet_pool_excess"))),
        "destroyed_for_capacity": {"anyOf": [{"type": "null"}, obj({
            "capacity": integer(0), "fighters": integer(0), "infantry": integer(0),
            "destroyed": integer(0), "fighters_destroyed": RANGE, "infantry_destroyed": RANGE,
            "rules": RULES}, ("capacity", "destroyed", "fighters_destroyed",
                              "infantry_destroyed"))]},
        "notes": REASONS, "rules": RULES, "citations": CITATIONS,
    }, ("can_announce", "announce_reasons", "legal", "verdicts", "destroyed_for_capacity",
        "notes", "rules", "citations")),
    limits=f"at most {ti4.MAX_CANDIDATES} candidates; unit counts up to the game's component "
           f"limits, fighters and infantry up to {ti4.fleet_limit('fighters')}.",
)

document(
    "/api/retreat/parsec", "post",
    summary="Parsec: can the vessel at 0,0 make an evasive maneuver, and does it get beyond every "
            "attacker's range (ending the exchange)?",
    body=ParsecRetreat,
    response=obj({
        "vessel": STRING, "movement": integer(0), "can_evade": BOOLEAN, "reasons": REASONS,
        "ends_exchange": {"type": ["boolean", "null"]}, "exchange_reasons": REASONS,
        "destination": {"anyOf": [{"type": "null"}, obj({
            "q": integer(), "r": integer(), "ends_exchange": BOOLEAN, "reasons": REASONS},
            ("q", "r", "ends_exchange", "reasons"))]},
        "safe_hexes": array(HEX), "notes": REASONS, "rules": RULES, "citations": CITATIONS,
    }, ("can_evade", "reasons", "ends_exchange", "exchange_reasons", "destination",
        "safe_hexes", "notes", "rules", "citations")),
    limits=f"at most {ps.MAX_ATTACKERS} attackers and {ps.MAX_BLOCKED} blocked hexes, all "
           f"within {ps.MAX_COORD} hexes; movement 1-{ps.MAX_MOVEMENT}; range 1-{ps.MAX_RANGE}.",
)
