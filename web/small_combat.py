"""Small combat tools: Galaxy and Parsec odds, the Race for the Galaxy conquest check.

Thin views: read the JSON body with the shared getters, call the pure engine, turn Fractions into
floats and codes into sentences. Numbers the engine bounds itself are read with loose bounds
here, so the reader gets the engine's precise message ("only a Fleet Ship can attack") rather
than a generic range error.
"""

from __future__ import annotations

import re
from fractions import Fraction
from typing import Any, Callable, Mapping

from flask import Blueprint, jsonify, render_template

from engine import galaxy_combat as galaxy
from engine import parsec_combat as parsec
from engine import rftg_conquest as rftg
from engine.reasons import InvalidInput
from web.api_input import (
    get_bool,
    get_choice,
    get_int,
    get_each,
    get_list,
    get_object,
    get_objects,
    get_str,
    invalid_input,
    json_object,
    reject_unknown,
)
from web.compute import compute
from web.errors import ApiError
from web.i18n import current_lang
from web.rules import get_db
from web.small_combat_openapi import describe_endpoints
from web.small_combat_text import ERRORS, PARSEC_OUTCOMES, TOOL_ENTRIES, UNIT_NAMES, WORLD_NAMES, reason_json
from web.tools import TOOLS

bp = Blueprint("small_combat", __name__)
TOOLS.extend(TOOL_ENTRIES)  # listed on /tools (kept here so this feature owns its strings)
describe_endpoints()  # in /api/openapi.json and /api/docs

# Engine-checked integers are first read within these loose bounds (type check only).
LOOSE = 1000

TARGET_KEYS = ("target", "defender", "defender_phaser_banks", "defender_has_governor", "counterattack",
               "defender_screened")
GALAXY_KEYS = ("attacker", "attacker_phaser_banks", "attacker_screens", "opportunities", "plan", "targets",
               *TARGET_KEYS)
OPPORTUNITY_KEYS = ("world", "value", "covers", "face_down", "governs_imperial", "row")
PARSEC_KEYS = ("attackers", "defender", "distance", "attack_modifier", "defense_modifier",
               "counter_attack_modifier", "counter_defense_modifier", "attacker_range_bonus",
               "defender_range_bonus", "defender_choice", "attacker_choice")
RFTG_KEYS = ("defense", "military", "specialized_bonus", "discard_power", "space_mercenaries", "hand_size")

# Every section the three engines can cite (their RULE_* constants), for the pages' link labels.
CITED = tuple(
    dict.fromkeys(value for module in (galaxy, parsec, rftg) for name, value in vars(module).items()
                  if name.startswith("RULE_"))
)


def _p(value: Fraction) -> float:
    return float(value)


def _refuse(error: InvalidInput, field_map: Callable[[str], str] | None = None) -> ApiError:
    """The engine's refusal as a 400 in the reader's language, named by the request's field."""
    refusal = invalid_input(error, ERRORS)
    if field_map and refusal.field:
        refusal.field = field_map(refusal.field)
    return refusal


# --- Galaxy ---------------------------------------------------------------------------------------


def _galaxy_target(obj: Mapping, path: str) -> galaxy.Target:
    kind = get_choice(obj, "target", ("ship", "base"), path=path, default="ship")
    phaser = get_bool(obj, "defender_phaser_banks", path=path, default=False)
    if kind == "base":
        return galaxy.BaseTarget(phaser_banks=phaser)
    return galaxy.ShipTarget(
        value=get_int(obj, "defender", lo=-LOOSE, hi=LOOSE, path=path),
        has_governor=get_bool(obj, "defender_has_governor", path=path, default=True),
        counterattacks=get_bool(obj, "counterattack", path=path, default=True),
        phaser_banks=phaser,
        screened=get_bool(obj, "defender_screened", path=path, default=False),
    )


_ENGINE_TARGET_FIELD = re.compile(r"^targets\[(\d+)\]\.(value|screened|phaser_banks)$")
_API_TARGET_FIELD = {"value": "defender", "screened": "defender_screened", "phaser_banks": "defender_phaser_banks"}


def _galaxy_field(single: bool) -> Callable[[str], str]:
    """Map the engine's field paths onto the request's own names."""

    def mapper(field: str) -> str:
        match = _ENGINE_TARGET_FIELD.match(field)
        if not match:
            return field
        name = _API_TARGET_FIELD[match[2]]
        return name if single else f"targets[{match[1]}].{name}"

    return mapper


def _attack_json(odds: galaxy.ShipAttackOdds | galaxy.BaseAttackOdds) -> dict[str, Any]:
    if isinstance(odds, galaxy.BaseAttackOdds):
        return {"target": "base", "attack_succeeds": _p(odds.attack_succeeds), "base_holds": _p(odds.base_holds),
                "counterattack_destroys_attacker": 0.0, "nothing_happens": _p(odds.base_holds),
                "counterattack": None, "counterattack_succeeds": None}
    return {"target": "ship", "attack_succeeds": _p(odds.attack_succeeds), "base_holds": None,
            "counterattack_destroys_attacker": _p(odds.counterattack_destroys_attacker),
            "nothing_happens": _p(odds.nothing_happens), "counterattack": odds.counterattack,
            "counterattack_succeeds": _p(odds.counterattack_succeeds)}


@bp.post("/api/combat/galaxy")
def api_galaxy():
    data = json_object()
    reject_unknown(data, GALAXY_KEYS)
    attacker = galaxy.Attacker(
        value=get_int(data, "attacker", lo=-LOOSE, hi=LOOSE),
        phaser_banks=get_bool(data, "attacker_phaser_banks", default=False),
        screens=get_bool(data, "attacker_screens", default=False),
    )
    opportunities = get_int(data, "opportunities", lo=-LOOSE, hi=LOOSE, default=1)
    plan = get_choice(data, "plan", ("same", "different"), default="same")
    single = "targets" not in data
    if single:
        targets = [_galaxy_target(data, "")]
    else:
        targets = [_galaxy_target(obj, where)
                   for where, obj in get_objects(data, "targets", TARGET_KEYS, max_items=galaxy.MAX_TARGETS)]
    try:
        odds = compute("galaxy_combat", (attacker, targets, opportunities, plan),
                       lambda: galaxy.attack_sequence(attacker, targets, opportunities, plan))
    except InvalidInput as error:
        raise _refuse(error, _galaxy_field(single)) from None
    results = []
    for result in odds.targets:
        if result.kind == "ship":
            results.append({"target": "ship", "destroyed": _p(result.destroyed)})
        else:
            results.append({"target": "base", "rows_lost": [_p(p) for p in result.rows_lost]})
    return jsonify({
        **_attack_json(odds.first_attack),
        "sequence": {
            "opportunities": odds.opportunities,
            "plan": odds.plan,
            "attacker_destroyed": _p(odds.attacker_destroyed),
            "nothing_happens": _p(odds.nothing_happens),
            "ships_destroyed": [_p(p) for p in odds.ships_destroyed],
            "targets": results,
        },
        "reasons": [reason_json(r) for r in odds.reasons],
        "rules": list(odds.rules),
    })


@bp.post("/api/combat/galaxy/opportunities")
def api_galaxy_opportunities():
    data = json_object()
    reject_unknown(data, OPPORTUNITY_KEYS)
    world = get_choice(data, "world", galaxy.WORLDS)
    value = get_int(data, "value", lo=-LOOSE, hi=LOOSE)
    row_obj = get_object(data, "row", default={})
    reject_unknown(row_obj, galaxy.WORLDS, path="row")
    row = {name: get_int(row_obj, name, lo=-LOOSE, hi=LOOSE, path="row") for name in row_obj}
    try:
        result = galaxy.count_opportunities(
            world, value, row,
            covers=get_bool(data, "covers", default=False),
            governs_imperial=get_bool(data, "governs_imperial", default=False),
            face_down=get_bool(data, "face_down", default=False),
        )
        sensors = galaxy.sensors_reveal(value)
    except InvalidInput as error:
        raise _refuse(error) from None
    return jsonify({
        "opportunities": result.count,
        "sensors_reveal": _p(sensors),
        "reasons": [reason_json(r) for r in result.reasons],
        "rules": list(dict.fromkeys(result.rules + (galaxy.RULE_SENSORS,))),
    })


# --- Parsec -----------------------------------------------------------------------------------------


@bp.post("/api/combat/parsec")
def api_parsec():
    data = json_object()
    reject_unknown(data, PARSEC_KEYS)
    distance = get_int(data, "distance", lo=-LOOSE, hi=LOOSE, default=1)
    ships = []
    for where, obj in get_objects(data, "attackers", ("unit", "distance"), max_items=parsec.MAX_ATTACKERS):
        ships.append(parsec.AttackingShip(
            unit=get_str(obj, "unit", max_len=40, path=where),
            distance=get_int(obj, "distance", lo=-LOOSE, hi=LOOSE, path=where, default=distance),
        ))
    defender_obj = get_object(data, "defender")
    reject_unknown(defender_obj, ("unit", "linked_colonies", "surrounded"), path="defender")
    defender = parsec.Defender(
        unit=get_str(defender_obj, "unit", max_len=40, path="defender"),
        linked_colonies=get_int(defender_obj, "linked_colonies", lo=-LOOSE, hi=LOOSE, path="defender", default=1),
        surrounded=get_bool(defender_obj, "surrounded", path="defender", default=False),
    )
    defender_choice = get_choice(data, "defender_choice", ("counterattack", "evade"), default="counterattack")
    attacker_choice = get_choice(data, "attacker_choice", ("continue", "withdraw"), default="continue")
    modifiers = parsec.Modifiers(
        attack=get_int(data, "attack_modifier", lo=-LOOSE, hi=LOOSE, default=0),
        defense=get_int(data, "defense_modifier", lo=-LOOSE, hi=LOOSE, default=0),
        counter_attack=get_int(data, "counter_attack_modifier", lo=-LOOSE, hi=LOOSE, default=0),
        counter_defense=get_int(data, "counter_defense_modifier", lo=-LOOSE, hi=LOOSE, default=0),
        attacker_range=get_int(data, "attacker_range_bonus", lo=-LOOSE, hi=LOOSE, default=0),
        defender_range=get_int(data, "defender_range_bonus", lo=-LOOSE, hi=LOOSE, default=0),
    )
    try:
        odds = compute("parsec_combat", (ships, defender, modifiers, defender_choice, attacker_choice),
                       lambda: parsec.combat_odds(ships, defender, modifiers, defender_choice, attacker_choice))
    except InvalidInput as error:
        raise _refuse(error) from None
    return jsonify({
        "attack_succeeds": _p(odds.attack_succeeds),
        "attack_bonus": odds.attack_bonus,
        "defense_bonus": odds.defense_bonus,
        "taking_part": list(odds.taking_part),
        "counterattack_target": odds.counterattack_target,
        "counterattack_succeeds": None if odds.counterattack_succeeds is None else _p(odds.counterattack_succeeds),
        "exchange": {outcome: _p(p) for outcome, p in odds.outcomes.items()},
        "ships_lost": [_p(p) for p in odds.ships_lost],
        "reasons": [reason_json(r) for r in odds.reasons],
        "rules": list(odds.rules),
    })


# --- Race for the Galaxy ----------------------------------------------------------------------------


@bp.post("/api/conquest/rftg")
def api_rftg():
    data = json_object()
    reject_unknown(data, RFTG_KEYS)
    cards = get_list(data, "military", max_items=rftg.MAX_TABLEAU, default=[])
    military = get_each(cards, "military", get_int, lo=-LOOSE, hi=LOOSE)
    try:
        verdict = rftg.conquest_check(
            defense=get_int(data, "defense", lo=-LOOSE, hi=LOOSE),
            military=military,
            specialized_bonus=get_int(data, "specialized_bonus", lo=-LOOSE, hi=LOOSE, default=0),
            discard_power=get_bool(data, "discard_power", default=False),
            space_mercenaries=get_bool(data, "space_mercenaries", default=False),
            hand_size=get_int(data, "hand_size", lo=-LOOSE, hi=LOOSE, default=0),
        )
    except InvalidInput as error:
        raise _refuse(error) from None
    return jsonify({
        "conquerable": verdict.conquerable,
        "discards_needed": verdict.discards_needed,
        "force": verdict.force,
        "max_force": verdict.max_force,
        "defense": verdict.defense,
        "shortfall": verdict.shortfall,
        "reasons": [reason_json(r) for r in verdict.reasons],
        "rules": list(verdict.rules),
    })


# --- Pages ----------------------------------------------------------------------------------------------


def _rule_labels() -> dict[str, str]:
    """Link text for every section the tools may cite (the id itself if the section is missing)."""
    db, lang = get_db(), current_lang()
    return {rule: (db.get(rule).title(lang) if db.get(rule) else rule) for rule in CITED}


def _page(template: str, **context):
    return render_template(template, rule_labels=_rule_labels(), **context)


@bp.get("/tools/combat/galaxy")
def galaxy_page():
    return _page("small_combat/galaxy.html", worlds=WORLD_NAMES, max_opportunities=galaxy.MAX_OPPORTUNITIES)


@bp.get("/tools/combat/parsec")
def parsec_page():
    return _page("small_combat/parsec.html", units={k: str(v) for k, v in UNIT_NAMES.items()},
                 outcomes={k: str(v) for k, v in PARSEC_OUTCOMES.items()},
                 max_attackers=parsec.MAX_ATTACKERS, attackers=parsec.UNITS)


@bp.get("/tools/conquest/rftg")
def rftg_page():
    return _page("small_combat/rftg.html", max_tableau=rftg.MAX_TABLEAU)
