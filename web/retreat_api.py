"""Retreat checkers' JSON API: ``POST /api/retreat/{eclipse,ti4,parsec}``.

Each reader checks the request field by field (a 400 names the field, in the request's
language) and builds the engine's situation; each answer builder turns the engine's verdict
into JSON with every reason's code, sentence and rule. The pages reuse both.
"""

from __future__ import annotations

from typing import Any, Callable, Mapping

from flask import Blueprint, jsonify

from engine.reasons import InvalidInput
from engine.retreat import eclipse as ec
from engine.retreat import parsec as ps
from engine.retreat import ti4
from web.api_input import (
    as_object, field_path, get_bool, get_choice, get_each, get_int, get_list, get_object,
    get_objects, get_optional, get_str, invalid_input, json_object, reject_unknown,
)
from web.openapi import BOOLEAN, RULES, STRING, array, document, integer, obj, ref
from web.retreat_text import INPUT_MESSAGES, reason_json

bp = Blueprint("retreat_api", __name__)


def _engine(build: Callable[[], Any]) -> Any:
    """Run an engine constructor, turning its refusal into a translated 400."""
    try:
        return build()
    except InvalidInput as error:
        raise invalid_input(error, INPUT_MESSAGES) from None


# --- Eclipse ------------------------------------------------------------------------------

ECLIPSE_FIELDS = ("player", "wormhole_generator", "ship_type", "all_ships_retreat", "candidates")
ECLIPSE_CANDIDATE_FIELDS = ("hex", "influence", "ships", "wormhole", "adjacent")


def read_eclipse(data: Mapping) -> ec.Situation:
    reject_unknown(data, ECLIPSE_FIELDS)
    player = get_choice(data, "player", ec.COLOURS)
    neighbours = []
    for path, candidate in get_objects(data, "candidates", ECLIPSE_CANDIDATE_FIELDS,
                                       max_items=ec.MAX_NEIGHBOURS):
        ships = get_list(candidate, "ships", max_items=len(ec.SHIP_OWNERS), path=path, default=[])
        neighbours.append(ec.Neighbour(
            hex=get_str(candidate, "hex", max_len=ec.MAX_HEX_NAME, path=path).strip(),
            influence=get_optional(get_choice, candidate, "influence", ec.COLOURS, path=path),
            ships=frozenset(get_each(ships, f"{path}.ships", get_choice, choices=ec.SHIP_OWNERS)),
            wormhole=get_choice(candidate, "wormhole", ec.WORMHOLES, path=path, default="full"),
            adjacent=get_bool(candidate, "adjacent", path=path, default=True),
        ))
    return _engine(lambda: ec.situation(
        player, tuple(neighbours),
        wormhole_generator=get_bool(data, "wormhole_generator", default=False),
        ship_type=get_optional(get_choice, data, "ship_type", ec.SHIP_TYPES),
        all_ships_retreat=get_optional(get_bool, data, "all_ships_retreat"),
    ))


def eclipse_answer(s: ec.Situation) -> dict[str, Any]:
    return {
        "player": s.player,
        "legal": list(ec.legal_destinations(s)),
        "verdicts": [{"hex": v.destination, "legal": v.legal,
                      "reasons": [reason_json("eclipse", r) for r in v.reasons]}
                     for v in ec.verdicts(s)],
        "notes": [reason_json("eclipse", n) for n in ec.notes(s)],
        "rules": list(ec.rules(s)),
    }


@bp.post("/api/retreat/eclipse")
def eclipse_api():
    return jsonify(eclipse_answer(read_eclipse(json_object())))


# --- Twilight Imperium 4 ------------------------------------------------------------------

TI4_FIELDS = ("player", "role", "opponent_announced_retreat", "candidates", "units",
              "tokens_in_reinforcements", "active_anomaly", "fleet_pool", "antimass_deflectors")
TI4_CANDIDATE_FIELDS = ("system", "adjacent", "controls_planet", "own_units",
                        "other_players_ships", "anomaly", "command_token", "own_ships")
MAX_PLAYER_NAME = 24


def _adjacency(obj: Mapping, path: str) -> str:
    """``adjacent`` may be a boolean (shares an edge or not) or edge / wormhole / none."""
    value = obj.get("adjacent")
    if value is None:
        return "edge"
    if isinstance(value, bool):
        return "edge" if value else "none"
    return get_choice(obj, "adjacent", ti4.ADJACENCIES, path=path)


def read_fleet(units: Mapping) -> ti4.Fleet:
    reject_unknown(units, ti4.FLEET_INT_FIELDS + ti4.FLEET_BOOL_FIELDS, path="units")
    counts = {name: get_int(units, name, lo=0, hi=ti4.fleet_limit(name), path="units",
                            default=0) for name in ti4.FLEET_INT_FIELDS}
    flags = {name: get_bool(units, name, path="units", default=False)
             for name in ti4.FLEET_BOOL_FIELDS}
    return ti4.Fleet(**counts, **flags)


def read_ti4(data: Mapping) -> ti4.Combat:
    reject_unknown(data, TI4_FIELDS)
    role = get_choice(data, "role", ti4.ROLES)
    systems = []
    for path, candidate in get_objects(data, "candidates", TI4_CANDIDATE_FIELDS, max_items=ti4.MAX_CANDIDATES):
        systems.append(ti4.System(
            name=get_str(candidate, "system", max_len=ti4.MAX_SYSTEM_NAME, path=path).strip(),
            adjacency=_adjacency(candidate, path),
            controls_planet=get_bool(candidate, "controls_planet", path=path, default=False),
            own_units=get_bool(candidate, "own_units", path=path, default=False),
            other_players_ships=get_bool(candidate, "other_players_ships", path=path, default=False),
            anomaly=get_optional(get_choice, candidate, "anomaly", ti4.ANOMALIES, path=path),
            own_command_token=get_bool(candidate, "command_token", path=path, default=False),
            own_ships=get_int(candidate, "own_ships", lo=0, hi=ti4.MAX_SHIPS_THERE, path=path,
                              default=0),
        ))
    units = get_optional(get_object, data, "units")
    fleet = None if units is None else read_fleet(units)
    return _engine(lambda: ti4.combat(
        role, tuple(systems), fleet,
        opponent_announced=get_bool(data, "opponent_announced_retreat", default=False),
        tokens_in_reinforcements=get_bool(data, "tokens_in_reinforcements", default=True),
        active_anomaly=get_optional(get_choice, data, "active_anomaly", ti4.ANOMALIES),
        fleet_pool=get_optional(get_int, data, "fleet_pool", lo=0, hi=ti4.MAX_FLEET_POOL),
        antimass_deflectors=get_bool(data, "antimass_deflectors", default=False),
    ))


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
    }


@bp.post("/api/retreat/ti4")
def ti4_api():
    data = json_object()
    player = get_str(data, "player", max_len=MAX_PLAYER_NAME, default="")
    return jsonify(ti4_answer(read_ti4(data), player))


# --- Parsec -------------------------------------------------------------------------------

PARSEC_FIELDS = ("vessel", "movement", "escape_card", "attackers", "blocked", "destination")


def _read_hex(obj: Mapping, path: str) -> tuple[int, int]:
    reject_unknown(obj, ("q", "r", "kind", "range") if path.startswith("attackers") else
                   ("q", "r"), path=path)
    bound = ps.MAX_COORD
    return (get_int(obj, "q", lo=-bound, hi=bound, path=path),
            get_int(obj, "r", lo=-bound, hi=bound, path=path))


def read_parsec(data: Mapping) -> ps.Situation:
    reject_unknown(data, PARSEC_FIELDS)
    vessel = get_choice(data, "vessel", ps.EVADERS)
    attackers = []
    for i, raw in enumerate(get_list(data, "attackers", max_items=ps.MAX_ATTACKERS)):
        path = field_path("attackers", i)
        obj = as_object(raw, path)
        attackers.append({
            "kind": get_choice(obj, "kind", tuple(ps.UNITS), path=path),
            "at": _read_hex(obj, path),
            "range": get_optional(get_int, obj, "range", lo=1, hi=ps.MAX_RANGE, path=path),
        })
    blocked = [_read_hex(as_object(raw, field_path("blocked", i)), field_path("blocked", i))
               for i, raw in enumerate(get_list(data, "blocked", max_items=ps.MAX_BLOCKED,
                                                default=[]))]
    destination = get_optional(get_object, data, "destination")
    if destination is not None:
        destination = _read_hex(destination, "destination")
    return _engine(lambda: ps.situation(
        vessel, attackers, blocked=blocked,
        movement=get_optional(get_int, data, "movement", lo=1, hi=ps.MAX_MOVEMENT),
        escape_card=get_bool(data, "escape_card", default=False),
        destination=destination,
    ))


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
    }


@bp.post("/api/retreat/parsec")
def parsec_api():
    return jsonify(parsec_answer(read_parsec(json_object())))


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
    request=obj({
        "player": _enum(ec.COLOURS), "wormhole_generator": BOOLEAN,
        "ship_type": _enum(ec.SHIP_TYPES, nullable=True),
        "all_ships_retreat": {"type": ["boolean", "null"]},
        "candidates": array(obj({
            "hex": {"type": "string", "minLength": 1, "maxLength": ec.MAX_HEX_NAME},
            "influence": _enum(ec.COLOURS, nullable=True),
            "ships": array(_enum(ec.SHIP_OWNERS), len(ec.SHIP_OWNERS)),
            "wormhole": _enum(ec.WORMHOLES), "adjacent": BOOLEAN,
        }, ("hex",), extra=False), ec.MAX_NEIGHBOURS),
    }, ("player", "candidates"), extra=False),
    response=obj({
        "player": STRING, "legal": array(STRING),
        "verdicts": array(obj({"hex": STRING, "legal": BOOLEAN, "reasons": REASONS},
                              ("hex", "legal", "reasons"))),
        "notes": REASONS, "rules": RULES,
    }, ("legal", "verdicts", "notes", "rules")),
    example={"body": {"player": "green", "wormhole_generator": False, "candidates": [
        {"hex": "B", "influence": "green", "ships": [], "wormhole": "full"},
        {"hex": "C", "influence": None, "ships": ["green"], "wormhole": "full"},
        {"hex": "D", "influence": None, "ships": [], "wormhole": "full"},
        {"hex": "E", "influence": None, "ships": ["red"], "wormhole": "full"}]}},
    limits=f"at most {ec.MAX_NEIGHBOURS} candidates (a hex has six edges).",
)

document(
    "/api/retreat/ti4", "post",
    summary="Twilight Imperium 4: may this player announce a retreat (23.4), which systems are "
            "legal (23.7, anomalies), what is destroyed for lack of capacity, where the command "
            "token comes from.",
    request=obj({
        "player": {"type": "string", "maxLength": MAX_PLAYER_NAME},
        "role": _enum(ti4.ROLES), "opponent_announced_retreat": BOOLEAN,
        "tokens_in_reinforcements": BOOLEAN, "active_anomaly": _enum(ti4.ANOMALIES, nullable=True),
        "fleet_pool": integer(0, ti4.MAX_FLEET_POOL), "antimass_deflectors": BOOLEAN,
        "candidates": array(obj({
            "system": {"type": "string", "minLength": 1, "maxLength": ti4.MAX_SYSTEM_NAME},
            "adjacent": {"anyOf": [BOOLEAN, _enum(ti4.ADJACENCIES)]},
            "controls_planet": BOOLEAN, "own_units": BOOLEAN, "other_players_ships": BOOLEAN,
            "anomaly": _enum(ti4.ANOMALIES, nullable=True), "command_token": BOOLEAN,
            "own_ships": integer(0, ti4.MAX_SHIPS_THERE),
        }, ("system",), extra=False), ti4.MAX_CANDIDATES),
        "units": obj({**{name: integer(0, ti4.fleet_limit(name)) for name in ti4.FLEET_INT_FIELDS},
                      **{name: BOOLEAN for name in ti4.FLEET_BOOL_FIELDS}}, extra=False),
    }, ("role", "candidates"), extra=False),
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
        "notes": REASONS, "rules": RULES,
    }, ("can_announce", "announce_reasons", "legal", "verdicts", "destroyed_for_capacity",
        "notes", "rules")),
    example={"body": {"player": "Sol", "role": "defender", "opponent_announced_retreat": False,
                      "candidates": [
                          {"system": "A", "adjacent": True, "controls_planet": True,
                           "own_ships": 2},
                          {"system": "B", "adjacent": "wormhole", "own_units": True},
                          {"system": "C", "adjacent": True, "own_units": True,
                           "anomaly": "nebula"}],
                      "units": {"carriers": 1, "dreadnoughts": 1, "fighters": 4,
                                "infantry": 3}, "fleet_pool": 3}},
    limits=f"at most {ti4.MAX_CANDIDATES} candidates; unit counts up to the game's component "
           f"limits, fighters and infantry up to {ti4.fleet_limit('fighters')}.",
)

document(
    "/api/retreat/parsec", "post",
    summary="Parsec: can the vessel at 0,0 make an evasive maneuver, and does it get beyond every "
            "attacker's range (ending the exchange)?",
    request=obj({
        "vessel": _enum(ps.EVADERS), "movement": integer(1, ps.MAX_MOVEMENT),
        "escape_card": BOOLEAN,
        "attackers": array(obj({"kind": _enum(ps.UNITS), "q": HEX["properties"]["q"],
                                "r": HEX["properties"]["r"],
                                "range": integer(1, ps.MAX_RANGE)}, ("kind", "q", "r"),
                               extra=False), ps.MAX_ATTACKERS),
        "blocked": array(HEX, ps.MAX_BLOCKED),
        "destination": {"anyOf": [{"type": "null"}, HEX]},
    }, ("vessel", "attackers"), extra=False),
    response=obj({
        "vessel": STRING, "movement": integer(0), "can_evade": BOOLEAN, "reasons": REASONS,
        "ends_exchange": {"type": ["boolean", "null"]}, "exchange_reasons": REASONS,
        "destination": {"anyOf": [{"type": "null"}, obj({
            "q": integer(), "r": integer(), "ends_exchange": BOOLEAN, "reasons": REASONS},
            ("q", "r", "ends_exchange", "reasons"))]},
        "safe_hexes": array(HEX), "notes": REASONS, "rules": RULES,
    }, ("can_evade", "reasons", "ends_exchange", "exchange_reasons", "destination",
        "safe_hexes", "notes", "rules")),
    example={"body": {"vessel": "fighter", "attackers": [{"kind": "cruiser", "q": 2, "r": 0},
                                                         {"kind": "fighter", "q": 1, "r": -1}],
                      "blocked": [{"q": -1, "r": 1}], "destination": {"q": -2, "r": 0}}},
    limits=f"at most {ps.MAX_ATTACKERS} attackers and {ps.MAX_BLOCKED} blocked hexes, all "
           f"within {ps.MAX_COORD} hexes; movement 1-{ps.MAX_MOVEMENT}; range 1-{ps.MAX_RANGE}.",
)
