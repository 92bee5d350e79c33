"""Small combat tools: Galaxy and Parsec odds, the Race for the Galaxy conquest check.

Thin views: read the JSON body with the shared getters, call the pure engine, turn Fractions into
floats and codes into sentences. Numbers the engine bounds itself are read with loose bounds
here, so the reader gets the engine's precise message ("only a Fleet Ship can attack") rather
than a generic range error.
"""

from __future__ import annotations

import re
from fractions import Fraction
from typing import Any, Callable

from flask import Blueprint, jsonify, render_template
from flask_babel import gettext as _
from flask_babel import lazy_gettext as _l

from engine.galaxy import combat as galaxy
from engine.galaxy import worlds
from engine.parsec import combat as parsec
from engine.rftg import conquest as rftg
from engine.core.reasons import InvalidInput
from web.core.compute import compute
from web.core.errors import ApiError, framed, rule_refusal
from web.core.models import read_json
from web.core.verdicts import citations
from web.core.openapi import document
from web.small_combat.models import GalaxyCombat, GalaxyCombatAnswer, GalaxyOpportunities, GalaxyOpportunitiesAnswer
from web.small_combat.models import GalaxyTarget, ParsecCombat, ParsecCombatAnswer, RftgConquest, RftgConquestAnswer
from web.small_combat.text import ERRORS, PARSEC_OUTCOMES, UNIT_NAMES, reason_json
from web.core.registry import tool

bp = Blueprint("small_combat", __name__)


def _p(value: Fraction) -> float:
    return float(value)


def _refuse(error: InvalidInput, field_map: Callable[[str], str] | None = None) -> ApiError:
    """The engine's refusal as a 422 in the reader's language, named by the request's field."""
    if field_map and error.field:  # before the message is written: it may name the field
        error = InvalidInput(error.code, field=field_map(error.field), rule=error.rule, **error.params)
    return rule_refusal(error, ERRORS)


# --- Galaxy ---------------------------------------------------------------------------------------


def _galaxy_target(target: GalaxyTarget, path: str) -> galaxy.Target:
    if target.target == "base":
        return galaxy.BaseTarget(phaser_banks=target.defender_phaser_banks, rows_left=target.rows_left)
    if target.defender is None:
        field = f"{path}.defender" if path else "defender"
        raise framed("missing_field", lambda f: _("The field %(field)s is required.", field=f), field)
    return galaxy.ShipTarget(
        value=target.defender,
        has_governor=target.defender_has_governor,
        counterattacks=target.counterattack,
        phaser_banks=target.defender_phaser_banks,
        screened=target.defender_screened,
    )


_ENGINE_TARGET_FIELD = re.compile(r"^targets\[(\d+)\]\.(value|screened|phaser_banks|rows_left)$")
_API_TARGET_FIELD = {
    "value": "defender",
    "screened": "defender_screened",
    "phaser_banks": "defender_phaser_banks",
    "rows_left": "rows_left",
}


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
        return {
            "target": "base",
            "attack_succeeds": _p(odds.attack_succeeds),
            "base_holds": _p(odds.base_holds),
            "counterattack_destroys_attacker": 0.0,
            "nothing_happens": _p(odds.base_holds),
            "counterattack": None,
            "counterattack_succeeds": None,
        }
    return {
        "target": "ship",
        "attack_succeeds": _p(odds.attack_succeeds),
        "base_holds": None,
        "counterattack_destroys_attacker": _p(odds.counterattack_destroys_attacker),
        "nothing_happens": _p(odds.nothing_happens),
        "counterattack": odds.counterattack,
        "counterattack_succeeds": _p(odds.counterattack_succeeds),
    }


@bp.post("/api/combat/galaxy")
def api_galaxy():
    data = read_json(GalaxyCombat)
    attacker = galaxy.Attacker(
        value=data.attacker, phaser_banks=data.attacker_phaser_banks, screens=data.attacker_screens
    )
    opportunities, plan = data.opportunities, data.plan
    single = data.targets is None
    targets = (
        [_galaxy_target(data, "")]
        if data.targets is None
        else [_galaxy_target(t, f"targets[{i}]") for i, t in enumerate(data.targets)]
    )
    try:
        odds = compute(
            "galaxy_combat",
            (attacker, targets, opportunities, plan),
            lambda: galaxy.attack_sequence(attacker, targets, opportunities, plan),
        )
    except InvalidInput as error:
        raise _refuse(error, _galaxy_field(single)) from None
    results = []
    for result in odds.targets:
        if result.destroyed is not None:  # a ship
            results.append({"target": "ship", "destroyed": _p(result.destroyed)})
        else:
            results.append({"target": "base", "rows_lost": [_p(p) for p in result.rows_lost or ()]})
    return jsonify(
        {
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
            "citations": citations(odds.rules),
        }
    )


@bp.post("/api/combat/galaxy/opportunities")
def api_galaxy_opportunities():
    data = read_json(GalaxyOpportunities)
    try:
        result = galaxy.count_opportunities(
            data.world,
            data.value,
            dict(data.row),
            covers=data.covers,
            governs_imperial=data.governs_imperial,
            face_down=data.face_down,
        )
        sensors = galaxy.sensors_reveal(data.value)
    except InvalidInput as error:
        raise _refuse(error) from None
    return jsonify(
        {
            "opportunities": result.count,
            "sensors_reveal": _p(sensors),
            "reasons": [reason_json(r) for r in result.reasons],
            "rules": list(dict.fromkeys(result.rules + (galaxy.RULE_SENSORS,))),
            "citations": citations(dict.fromkeys(result.rules + (galaxy.RULE_SENSORS,))),
        }
    )


# --- Parsec -----------------------------------------------------------------------------------------


@bp.post("/api/combat/parsec")
def api_parsec():
    data = read_json(ParsecCombat)
    ships = [
        parsec.AttackingShip(unit=a.unit, distance=data.distance if a.distance is None else a.distance)
        for a in data.attackers
    ]
    defender = parsec.Defender(
        unit=data.defender.unit, linked_colonies=data.defender.linked_colonies, surrounded=data.defender.surrounded
    )
    defender_choice, attacker_choice = data.defender_choice, data.attacker_choice
    modifiers = parsec.Modifiers(
        attack=data.attack_modifier,
        defense=data.defense_modifier,
        counter_attack=data.counter_attack_modifier,
        counter_defense=data.counter_defense_modifier,
        attacker_range=data.attacker_range_bonus,
        defender_range=data.defender_range_bonus,
        cargo_attacks=data.cargo_attacks,
    )
    try:
        odds = compute(
            "parsec_combat",
            (ships, defender, modifiers, defender_choice, attacker_choice),
            lambda: parsec.combat_odds(ships, defender, modifiers, defender_choice, attacker_choice),
        )
    except InvalidInput as error:
        raise _refuse(error) from None
    return jsonify(
        {
            "attack_succeeds": _p(odds.attack_succeeds),
            "attack_bonus": odds.attack_bonus,
            "defense_bonus": odds.defense_bonus,
            "taking_part": list(odds.taking_part),
            "defender_response": odds.defender_response,
            "counterattack_target": odds.counterattack_target,
            "counterattack_succeeds": None if odds.counterattack_succeeds is None else _p(odds.counterattack_succeeds),
            "exchange": {outcome: _p(p) for outcome, p in odds.outcomes.items()},
            "ships_lost": [_p(p) for p in odds.ships_lost],
            "reasons": [reason_json(r) for r in odds.reasons],
            "rules": list(odds.rules),
            "citations": citations(odds.rules),
        }
    )


# --- Race for the Galaxy ----------------------------------------------------------------------------


@bp.post("/api/conquest/rftg")
def api_rftg():
    data = read_json(RftgConquest)
    try:
        verdict = rftg.conquest_check(
            defense=data.defense,
            military=list(data.military),
            specialized_bonus=data.specialized_bonus,
            discard_power=data.discard_power,
            space_mercenaries=data.space_mercenaries,
            hand_size=data.hand_size,
            second_world=data.second_world,
            discarded_this_phase=data.discarded_this_phase,
        )
    except InvalidInput as error:
        raise _refuse(error) from None
    return jsonify(
        {
            "conquerable": verdict.conquerable,
            "discards_needed": verdict.discards_needed,
            "force": verdict.force,
            "max_force": verdict.max_force,
            "defense": verdict.defense,
            "shortfall": verdict.shortfall,
            "reasons": [reason_json(r) for r in verdict.reasons],
            "rules": list(verdict.rules),
            "citations": citations(verdict.rules),
        }
    )


# --- Pages ----------------------------------------------------------------------------------------------


def _page(template: str, endpoint: str, **context):
    return render_template(template, citations=citations(tool(endpoint).cites), **context)


@bp.get("/tools/combat/galaxy")
def galaxy_page():
    return _page(
        "small_combat/galaxy.html",
        "small_combat.galaxy_page",
        worlds=worlds.NAMES,
        max_opportunities=galaxy.MAX_OPPORTUNITIES,
    )


@bp.get("/tools/combat/parsec")
def parsec_page():
    return _page(
        "small_combat/parsec.html",
        "small_combat.parsec_page",
        units={k: str(v) for k, v in UNIT_NAMES.items()},
        outcomes={k: str(v) for k, v in PARSEC_OUTCOMES.items()},
        max_attackers=parsec.MAX_ATTACKERS,
        attackers=parsec.UNITS,
    )


@bp.get("/tools/conquest/rftg")
def rftg_page():
    return _page("small_combat/rftg.html", "small_combat.rftg_page", max_tableau=rftg.MAX_TABLEAU)


# --- OpenAPI description (/api/openapi.json and /api/docs) ----------------------------------

document(
    "/api/combat/galaxy",
    "post",
    summary=_l(
        "Galaxy: odds of a fleet's attack on a ship (with counterattack) or a base, and of a turn's sequence of attacks."
    ),
    body=GalaxyCombat,
    response=GalaxyCombatAnswer,
    limits=_l(
        "attacker 6-10 (a Fleet Ship); ship values 0-10 (a Nova, 0, cannot be attacked); at most "
        "%(opportunities)s opportunities and %(targets)s targets.",
        opportunities=galaxy.MAX_OPPORTUNITIES,
        targets=galaxy.MAX_TARGETS,
    ),
    errors=(400, 422),
)
document(
    "/api/combat/galaxy/opportunities",
    "post",
    summary=_l("Galaxy: how many attacks a played ship earns (COPERTURA, UNIONE, IMPERIALI), and the Sensors odds."),
    body=GalaxyOpportunities,
    response=GalaxyOpportunitiesAnswer,
    limits=_l("ship values 0-10; the row names the other seven worlds at most."),
    errors=(400, 422),
)
document(
    "/api/combat/parsec",
    "post",
    summary=_l(
        "Parsec: odds that an attack (coordinated, at long range) destroys its target, and how the exchange ends."
    ),
    body=ParsecCombat,
    response=ParsecCombatAnswer,
    limits=_l(
        "at most %(attackers)s attackers; distance 1-%(distance)s; linked colonies 1-%(colonies)s; "
        "modifiers -%(modifier)s..%(modifier)s; range bonuses 0-%(bonus)s.",
        attackers=parsec.MAX_ATTACKERS,
        distance=parsec.MAX_DISTANCE,
        colonies=parsec.MAX_LINKED_COLONIES,
        modifier=parsec.MODIFIER_LIMIT,
        bonus=parsec.MAX_RANGE_BONUS,
    ),
    errors=(400, 422),
)
document(
    "/api/conquest/rftg",
    "post",
    summary=_l("Race for the Galaxy: can this military world be conquered this phase, and with how many discards?"),
    body=RftgConquest,
    response=RftgConquestAnswer,
    limits=_l(
        "defense 1-%(defense)s; at most %(tableau)s tableau values, each -%(military)s..%(military)s; "
        "specialized bonus 0-%(specialized)s; hand 0-%(hand)s.",
        defense=rftg.MAX_DEFENSE,
        tableau=rftg.MAX_TABLEAU,
        military=rftg.MILITARY_LIMIT,
        specialized=rftg.MAX_SPECIALIZED,
        hand=rftg.MAX_HAND,
    ),
    errors=(400, 422),
)
