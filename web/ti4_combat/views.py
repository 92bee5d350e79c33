"""TI4 combat odds: ``POST /api/combat/ti4`` and the page at ``/tools/combat/ti4``.

Thin views: read the JSON body as its model (``web.ti4_combat.models``), build the engine's
``Battle``, let the engine refuse what the rules forbid (its codes become sentences in the
reader's language, with a 422), and turn the exact result into floats.
"""

from __future__ import annotations

from dataclasses import asdict
from typing import Any

from flask import Blueprint, jsonify, render_template
from flask_babel import lazy_gettext as _l

from engine.core.reasons import InvalidInput, Reason
from engine.ti4.combat import calculate
from engine.ti4.assignment import HitPolicy
from engine.ti4.cards import CARD_COPIES, CARD_KINDS, ActionCards
from engine.ti4.inputs import (
    ALLOWED,
    MAX_COMBATANTS,
    MAX_FIGHTERS,
    MAX_INFANTRY,
    MAX_MODIFIER,
    MAX_ROUND,
    MAX_TRADE_GOODS,
    Battle,
    Force,
)
from engine.ti4.plans import RoundModifier
from engine.ti4.result import CombatResult, SideSummary
from engine.ti4.units import (
    COMPONENT_LIMIT,
    DEFAULT_ORDER,
    FACTION_FLAGSHIPS,
    FACTION_TECHNOLOGIES,
    FACTION_UNITS,
    FLAGSHIP_LIMITS,
    Flagship,
)
from web.core.compute import compute
from web.core.errors import ApiError, rule_refusal
from web.core.models import read_json
from web.core.openapi import document
from web.ti4_combat.models import LIMITS, Ti4Battle, Ti4CombatAnswer, Ti4Side
from web.core import verdicts
from web.core.verdicts import citations
from web.ti4_combat.text import (
    CARD_NAMES,
    ERRORS,
    FACTION_NAMES,
    FLAGSHIP_FIELDS,
    REASONS,
    SIDE_NAMES,
    TECHNOLOGY_NAMES,
    UNIT_NAMES,
    UPGRADE_NAMES,
    page_strings,
    unit_table_labels,
)

bp = Blueprint("ti4_combat", __name__)

DAMAGEABLE = ("dreadnought", "war_sun", "flagship")  # units with Sustain Damage in every loadout
# Units that gain Sustain Damage with a faction's upgrade (Sol's Advanced Carrier II): offered
# while that faction and upgrade are chosen.
DAMAGEABLE_UPGRADED = {
    key: faction
    for faction, units in FACTION_UNITS.items()
    for key, unit in units.items()
    if unit.levels[1].sustain and key not in DAMAGEABLE
}
SURVIVORS_SHOWN = 12  # most likely compositions listed per side; the rest is summed
# Which upgrade toggles the page shows for each kind of combat (the others change nothing there:
# on a planet a dreadnought only bombards, and only L1Z1X's Super-Dreadnought II bombards better).
UPGRADE_KINDS = {
    "fighter": "space",
    "destroyer": "space",
    "cruiser": "space",
    "carrier": "space",
    "dreadnought": "space ground",
    "space_dock": "space",
    "infantry": "ground",
    "pds": "space ground",
}
# Technologies by side: on a planet the attacker's deflectors meet the PDS and its X-89 follows its
# bombardment, while the grid belongs to the defender's PDS; L4 Disruptors only ever shield an
# invading attacker.
TECHNOLOGY_KINDS = {
    "attacker": {
        "antimass_deflectors": "space ground",
        "plasma_scoring": "space ground",
        "graviton_laser_system": "space",
        "assault_cannon": "space",
        "x89_bacterial_weapon": "ground",
        "magen_defense_grid": "",
        "duranium_armor": "space",
        "non_euclidean_shielding": "space",
        "l4_disruptors": "ground",
        "dimensional_splicer": "space",
        "impulse_core": "space",
        "valkyrie_particle_weave": "ground",
    },
    "defender": {
        "antimass_deflectors": "space",
        "plasma_scoring": "space ground",
        "graviton_laser_system": "space",
        "assault_cannon": "space",
        "x89_bacterial_weapon": "",
        "magen_defense_grid": "ground",
        "duranium_armor": "space",
        "non_euclidean_shielding": "space",
        "l4_disruptors": "",
        "dimensional_splicer": "space",
        "impulse_core": "space",
        "valkyrie_particle_weave": "ground",
    },
}


# --- API description (OpenAPI) ----------------------------------------------------------------

document(
    "/api/combat/ti4",
    "post",
    summary=_l(
        "Twilight Imperium 4: exact odds of a space combat (space cannon, anti-fighter barrage, "
        "sustain damage, nebula, retreat plans) or of a ground combat (bombardment, space cannon "
        "defense), with unit upgrades, flagships (typed or by faction), the factions' own units and "
        "combat abilities, combat technologies (Duranium Armor and the faction ones included), units "
        "damaged before the combat and action cards."
    ),
    body=Ti4Battle,
    response=Ti4CombatAnswer,
    limits=LIMITS,
    errors=(400, 422),
)


# --- Reading the request ------------------------------------------------------------------------


def _force(side: Ti4Side) -> Force:
    return Force(
        units={key: getattr(side.units, key) for key in side.units.model_fields_set},
        upgrades=tuple(side.upgrades),
        policy=HitPolicy(
            order=tuple(side.order) or DEFAULT_ORDER, sustain_first=side.sustain_first, keep_alive=side.keep_alive
        ),
        retreat_round=side.retreat_round,
        modifiers=tuple(RoundModifier(m.value, m.first_round, m.last_round) for m in side.modifiers),
        flagship=(FACTION_FLAGSHIPS[side.faction].sheet if side.faction else Flagship(**side.flagship.model_dump())),
        technologies=tuple(side.technologies),
        damaged={key: getattr(side.damaged, key) for key in side.damaged.model_fields_set},
        cards=ActionCards(**side.cards.model_dump()),
        ground_forces=side.ground_forces,
        trade_goods=side.trade_goods,
        faction=side.faction,
    )


def read_battle(data: Ti4Battle) -> Battle:
    """The request as an engine ``Battle`` (types and bounds checked; rules checked by the engine)."""
    return Battle(
        kind=data.kind,
        attacker=_force(data.attacker),
        defender=_force(data.defender),
        nebula=data.nebula,
        space_cannon=data.space_cannon,
        bombardment=data.bombardment,
        stop_after=data.stop_after,
    )


def unit_name(key: Any) -> str:
    return str(UNIT_NAMES[key]) if key in UNIT_NAMES else str(key)


def refusal(error: InvalidInput) -> ApiError:
    """The engine's refusal as a 422 in the reader's language, with unit names translated."""
    params = {**error.params}
    if "unit" in params:
        params["unit"] = unit_name(params["unit"])
    for key, names in (("card", CARD_NAMES), ("technology", TECHNOLOGY_NAMES), ("faction", FACTION_NAMES)):
        if params.get(key) in names:
            params[key] = str(names[params[key]])
    return rule_refusal(InvalidInput(error.code, error.field, error.rule, **params), ERRORS)


def reason_json(reason: Reason) -> dict[str, Any]:
    return verdicts.reason_json(reason, REASONS, verdicts.named("side", SIDE_NAMES))


# --- Writing the answer -------------------------------------------------------------------------


def _p(value) -> float:
    """A probability as a float in [0, 1] (float sums may stray by 1e-16)."""
    return min(1.0, max(0.0, float(value)))


def _side_json(side: SideSummary) -> dict:
    shown = side.survivors[:SURVIVORS_SHOWN]
    return {
        "survivors": [{"units": dict(units), "p": _p(p)} for units, p in shown],
        "survivors_other": _p(sum(float(p) for _, p in side.survivors[SURVIVORS_SHOWN:])),
        "survivor_count": [_p(p) for p in side.count_distribution],
        "at_least_non_fighters": [_p(p) for p in side.at_least_non_fighters],
        "expected_survivors": {k: float(v) for k, v in side.expected_survivors},
        "expected_losses": {k: max(0.0, float(v)) for k, v in side.expected_losses},
        "expected_units_lost": max(0.0, float(side.expected_units_lost)),
        "expected_cost_lost": max(0.0, float(side.expected_cost_lost)),
    }


def result_json(kind: str, result: CombatResult) -> dict:
    return {
        "kind": kind,
        "attacker_win": _p(result.attacker_win),
        "defender_win": _p(result.defender_win),
        "draw": _p(result.draw),
        "unfinished": _p(result.unfinished),
        "retreat": {"attacker": _p(result.attacker_retreat), "defender": _p(result.defender_retreat)},
        "stalemate": _p(result.stalemate),
        "likely": [{"ending": e.kind, "units": dict(e.units), "p": _p(e.p)} for e in result.likely],
        "attacker": _side_json(result.attacker),
        "defender": _side_json(result.defender),
        "rounds": {
            "distribution": [_p(p) for p in result.rounds],
            "later": _p(result.rounds_later),
            "expected": float(result.expected_rounds),
        },
        "pre_combat": [
            {
                "step": step.step,
                "side": step.side,
                "expected_hits": max(0.0, float(step.expected_hits)),
                "at_least_one_hit": _p(step.at_least_one_hit),
                "expected_destroyed": max(0.0, float(step.expected_destroyed)),
            }
            for step in result.pre_combat
        ],
        "reasons": [reason_json(r) for r in result.reasons],
        "rules": list(result.rules),
        "citations": citations(result.rules),
    }


@bp.post("/api/combat/ti4")
def api():
    battle = read_battle(read_json(Ti4Battle))
    try:  # the engine validates the whole battle once, then solves it
        result = compute("ti4_combat", asdict(battle), lambda: calculate(battle))
    except InvalidInput as error:
        raise refusal(error) from None
    return jsonify(result_json(battle.kind, result))


# --- The page -------------------------------------------------------------------------------------


@bp.get("/tools/combat/ti4")
def page():
    return render_template(
        "ti4_combat/page.html",
        i18n=page_strings(),
        units={k: str(v) for k, v in UNIT_NAMES.items()},
        unit_labels=unit_table_labels(),
        upgrades={k: str(v) for k, v in UPGRADE_NAMES.items()},
        upgrade_kinds=UPGRADE_KINDS,
        technologies={k: str(v) for k, v in TECHNOLOGY_NAMES.items()},
        technology_kinds=TECHNOLOGY_KINDS,
        technology_owners=FACTION_TECHNOLOGIES,
        flagship_limits=FLAGSHIP_LIMITS,
        flagship_default=asdict(Flagship()),
        flagship_names=FLAGSHIP_FIELDS,
        allowed={f"{kind}-{side}": list(keys) for (kind, side), keys in ALLOWED.items()},
        order=DEFAULT_ORDER,
        max_round=MAX_ROUND,
        max_modifier=MAX_MODIFIER,
        limits={**COMPONENT_LIMIT, "fighter": MAX_FIGHTERS, "infantry": MAX_INFANTRY},
        max_combatants=MAX_COMBATANTS,
        max_trade_goods=MAX_TRADE_GOODS,
        factions={k: str(v) for k, v in FACTION_NAMES.items()},
        faction_sheets={
            k: {name: getattr(f.sheet, name) for name in FLAGSHIP_LIMITS} for k, f in FACTION_FLAGSHIPS.items()
        },
        damageable=DAMAGEABLE,
        damageable_upgraded=DAMAGEABLE_UPGRADED,
        cards={k: str(v) for k, v in CARD_NAMES.items()},
        card_kinds=CARD_KINDS,
        card_copies=CARD_COPIES,
    )
