"""TI4 combat odds: ``POST /api/combat/ti4`` and the page at ``/tools/combat/ti4``.

Thin views: read the JSON body with the shared getters, build the engine's ``Battle``, let the
engine refuse what the rules forbid (its codes become sentences in the reader's language), and
turn the exact result into floats. Counts and rounds are read with loose bounds here so the
reader gets the engine's precise message ("at most 8 cruisers") rather than a range error.
"""

from __future__ import annotations

from dataclasses import asdict
from typing import Any, Mapping

from flask import Blueprint, jsonify, render_template
from flask_babel import gettext as _

from engine.reasons import InvalidInput, Reason
from engine.ti4 import CITABLE_RULES, calculate
from engine.ti4.assignment import HitPolicy
from engine.ti4.cards import CARD_COPIES, CARD_KINDS, ActionCards
from engine.ti4.inputs import (
    ALLOWED, HAND_LIMIT, KINDS, MAX_COMBATANTS, MAX_FIGHTERS, MAX_INFANTRY, MAX_MODIFIER, MAX_MODIFIERS,
    MAX_ROUND, Battle, Force, validate,
)
from engine.ti4.plans import RoundModifier
from engine.ti4.result import CombatResult, SideSummary
from engine.ti4.units import (COMPONENT_LIMIT, DEFAULT_ORDER, FACTION_FLAGSHIPS, FLAGSHIP_LIMITS, TECHNOLOGIES,
                              UNIT_KEYS, UPGRADABLE, Flagship)
from web.api_input import (
    get_bool, get_choice, get_each, get_int, get_list, get_object, get_objects, get_optional,
    get_str, invalid_input, json_object, reject_unknown,
)
from web.compute import compute
from web.errors import ApiError
from web.i18n import current_lang
from web.openapi import BOOLEAN, NUMBER, PROBABILITY, RULES, array, document, integer, obj, ref
from web.rules import get_db, section_label, section_url
from web.ti4_combat_text import (CARD_NAMES, ERRORS, FACTION_NAMES, FLAGSHIP_FIELDS, REASONS, SIDE_NAMES, TECHNOLOGY_NAMES, TOOL_ENTRIES,
                                 UNIT_NAMES, UPGRADE_NAMES)
from web.tools import TOOLS

bp = Blueprint("ti4_combat", __name__)
TOOLS.extend(TOOL_ENTRIES)

LOOSE = 10**12  # type check only; the engine applies the documented limits
TOP_KEYS = ("kind", "nebula", "space_cannon", "bombardment", "stop_after", "attacker", "defender")
SIDE_KEYS = ("units", "upgrades", "order", "sustain_first", "keep_alive", "retreat_round",
             "modifiers", "flagship", "technologies", "faction", "damaged", "cards")
MODIFIER_KEYS = ("value", "first_round", "last_round")
DAMAGEABLE = ("dreadnought", "war_sun", "flagship")  # units with Sustain Damage in every loadout
SURVIVORS_SHOWN = 12  # most likely compositions listed per side; the rest is summed
# Which upgrade toggles the page shows for each kind of combat (the others change nothing there).
UPGRADE_KINDS = {"fighter": "space", "destroyer": "space", "cruiser": "space", "carrier": "space",
                 "dreadnought": "space", "space_dock": "space", "infantry": "ground",
                 "pds": "space ground"}
# Technologies by side: on a planet the attacker's deflectors meet the PDS and its X-89 follows its
# bombardment, while the grid belongs to the defender's PDS.
TECHNOLOGY_KINDS = {
    "attacker": {"antimass_deflectors": "space ground", "plasma_scoring": "space ground",
                 "graviton_laser_system": "space", "assault_cannon": "space", "x89_bacterial_weapon": "ground",
                 "magen_defense_grid": "", "duranium_armor": "space"},
    "defender": {"antimass_deflectors": "space", "plasma_scoring": "space ground",
                 "graviton_laser_system": "space", "assault_cannon": "space", "x89_bacterial_weapon": "",
                 "magen_defense_grid": "ground", "duranium_armor": "space"},
}


# --- API description (OpenAPI) ----------------------------------------------------------------

UNIT = {"type": "string", "enum": list(UNIT_KEYS)}
ROUND = integer(1, MAX_ROUND)
SIDE_REQUEST = obj({
    "units": obj({key: integer(0) for key in UNIT_KEYS}, extra=False),
    "upgrades": array({"type": "string", "enum": list(UPGRADABLE)}, len(UPGRADABLE)),
    "order": array({"type": "string", "enum": list(DEFAULT_ORDER)}, len(DEFAULT_ORDER)),
    "sustain_first": BOOLEAN,
    "keep_alive": {"type": ["string", "null"], "enum": [*DEFAULT_ORDER, None]},
    "retreat_round": {"type": ["integer", "null"], "minimum": 1, "maximum": MAX_ROUND},
    "modifiers": array(obj({"value": integer(-MAX_MODIFIER, MAX_MODIFIER), "first_round": ROUND,
                            "last_round": {"type": ["integer", "null"], "minimum": 1,
                                           "maximum": MAX_ROUND}}, ("value",), extra=False),
                       MAX_MODIFIERS),
    "flagship": obj({name: integer(lo, hi) for name, (lo, hi) in FLAGSHIP_LIMITS.items()}, extra=False),
    "technologies": array({"type": "string", "enum": list(TECHNOLOGIES)}, len(TECHNOLOGIES)),
    "faction": {"type": "string", "enum": list(FACTION_FLAGSHIPS),
                "description": "fills the flagship's attributes and ability from the faction sheet "
                               "(then 'flagship' is ignored)"},
    "damaged": obj({key: integer(0) for key in UNIT_KEYS}, extra=False),
    "cards": obj({name: integer(0, n) for name, n in CARD_COPIES.items()}, extra=False),
}, ("units",), extra=False)
COUNTS = {"type": "object", "additionalProperties": NUMBER}
SIDE_RESPONSE = obj({
    "survivors": array(obj({"units": {"type": "object", "additionalProperties": integer(1)},
                            "p": PROBABILITY}, ("units", "p"))),
    "survivors_other": PROBABILITY,
    "survivor_count": array(PROBABILITY),
    "at_least_non_fighters": array(PROBABILITY),
    "expected_survivors": COUNTS,
    "expected_losses": COUNTS,
    "expected_units_lost": NUMBER,
    "expected_cost_lost": NUMBER,
}, ("survivors", "survivors_other", "survivor_count", "at_least_non_fighters",
    "expected_survivors", "expected_losses", "expected_units_lost", "expected_cost_lost"))
RESPONSE = obj({
    "kind": {"type": "string", "enum": list(KINDS)},
    "attacker_win": PROBABILITY, "defender_win": PROBABILITY, "draw": PROBABILITY,
    "unfinished": PROBABILITY,
    "retreat": obj({"attacker": PROBABILITY, "defender": PROBABILITY}, ("attacker", "defender")),
    "stalemate": PROBABILITY,
    "attacker": SIDE_RESPONSE, "defender": SIDE_RESPONSE,
    "rounds": obj({"distribution": array(PROBABILITY), "later": PROBABILITY, "expected": NUMBER},
                  ("distribution", "later", "expected")),
    "reasons": array(ref("Reason")), "rules": RULES,
}, ("kind", "attacker_win", "defender_win", "draw", "unfinished", "retreat", "stalemate",
    "attacker", "defender", "rounds", "reasons", "rules"))
LIMITS = (
    f"at most {MAX_COMBATANTS} fighting units per side (ships in space, infantry on the ground); "
    f"per unit kind the pieces of one colour ("
    + ", ".join(f"{k} {n}" for k, n in COMPONENT_LIMIT.items())
    + f"), fighters {MAX_FIGHTERS}, infantry {MAX_INFANTRY}; rounds named by plans 1-{MAX_ROUND}; "
    f"at most {MAX_MODIFIERS} modifiers per side, each -{MAX_MODIFIER}..{MAX_MODIFIER}; a flagship's "
    + ", ".join(f"{name} {lo}-{hi}" for name, (lo, hi) in FLAGSHIP_LIMITS.items())
    + "; action cards per side: the copies in the deck ("
    + ", ".join(f"{name} {n}" for name, n in CARD_COPIES.items()) + f"), {HAND_LIMIT} in all; "
    "damaged units: only units with Sustain Damage, at most as many as the side has."
)
document(
    "/api/combat/ti4", "post",
    summary="Twilight Imperium 4: exact odds of a space combat (space cannon, anti-fighter barrage, "
            "sustain damage, nebula, retreat plans) or of a ground combat (bombardment, space cannon "
            "defense), with unit upgrades, flagships (typed or by faction), combat technologies "
            "(Duranium Armor included), units damaged before the combat and action cards.",
    request=obj({
        "kind": {"type": "string", "enum": list(KINDS)},
        "nebula": BOOLEAN, "space_cannon": BOOLEAN, "bombardment": BOOLEAN,
        "stop_after": {"type": ["integer", "null"], "minimum": 1, "maximum": MAX_ROUND},
        "attacker": SIDE_REQUEST, "defender": SIDE_REQUEST,
    }, ("attacker", "defender"), extra=False),
    response=RESPONSE,
    example={"body": {"kind": "space", "nebula": False,
                      "attacker": {"units": {"cruiser": 2, "destroyer": 1, "fighter": 2, "flagship": 1},
                                   "upgrades": ["cruiser"], "flagship": {"combat": 5, "dice": 2, "capacity": 3},
                                   "technologies": ["antimass_deflectors"]},
                      "defender": {"units": {"dreadnought": 1, "fighter": 3, "pds": 1, "flagship": 1},
                                   "faction": "barony_of_letnev", "damaged": {"dreadnought": 1},
                                   "technologies": ["plasma_scoring", "duranium_armor"],
                                   "cards": {"shields_holding": 2, "direct_hit": 1}}}},
    limits=LIMITS,
    errors=(400, 422),
)


# --- Reading the request ------------------------------------------------------------------------


def _strings(obj: Mapping, key: str, max_items: int, path: str) -> tuple[str, ...]:
    items = get_list(obj, key, max_items=max_items, path=path, default=[])
    return tuple(get_each(items, f"{path}.{key}", get_str, max_len=40))


def _force(data: Mapping, side: str) -> Force:
    body = get_object(data, side)
    reject_unknown(body, SIDE_KEYS, path=side)
    units_body = get_object(body, "units", path=side)
    units = {str(key): get_int(units_body, key, lo=-LOOSE, hi=LOOSE, path=f"{side}.units")
             for key in units_body}
    modifiers = []
    for where, item in get_objects(body, "modifiers", MODIFIER_KEYS, max_items=MAX_MODIFIERS,
                                   path=side, default=[]):
        modifiers.append(RoundModifier(
            get_int(item, "value", lo=-LOOSE, hi=LOOSE, path=where),
            get_int(item, "first_round", lo=-LOOSE, hi=LOOSE, path=where, default=1),
            get_optional(get_int, item, "last_round", lo=-LOOSE, hi=LOOSE, path=where)))
    order = _strings(body, "order", len(DEFAULT_ORDER), side)
    sheet = get_object(body, "flagship", path=side, default={})
    reject_unknown(sheet, tuple(FLAGSHIP_LIMITS), path=f"{side}.flagship")
    flagship = Flagship(**{name: get_int(sheet, name, lo=-LOOSE, hi=LOOSE, path=f"{side}.flagship",
                                         default=getattr(Flagship(), name)) for name in FLAGSHIP_LIMITS})
    faction = get_optional(get_choice, body, "faction", tuple(FACTION_FLAGSHIPS), path=side)
    if faction is not None:
        flagship = FACTION_FLAGSHIPS[faction].sheet
    damaged_body = get_object(body, "damaged", path=side, default={})
    cards_body = get_object(body, "cards", path=side, default={})
    reject_unknown(cards_body, tuple(CARD_COPIES), path=f"{side}.cards")
    return Force(
        units=units,
        upgrades=_strings(body, "upgrades", len(UPGRADABLE), side),
        policy=HitPolicy(order=order or DEFAULT_ORDER,
                         sustain_first=get_bool(body, "sustain_first", path=side, default=True),
                         keep_alive=get_optional(get_str, body, "keep_alive", max_len=40, path=side)),
        retreat_round=get_optional(get_int, body, "retreat_round", lo=-LOOSE, hi=LOOSE, path=side),
        modifiers=tuple(modifiers),
        flagship=flagship,
        technologies=_strings(body, "technologies", len(TECHNOLOGIES), side),
        damaged={str(key): get_int(damaged_body, key, lo=-LOOSE, hi=LOOSE, path=f"{side}.damaged")
                 for key in damaged_body},
        cards=ActionCards(**{name: get_int(cards_body, name, lo=-LOOSE, hi=LOOSE, path=f"{side}.cards",
                                           default=0) for name in CARD_COPIES}))


def read_battle(data: Mapping) -> Battle:
    """The request body as an engine ``Battle`` (types checked; rules checked by the engine)."""
    reject_unknown(data, TOP_KEYS)
    return Battle(
        kind=get_choice(data, "kind", KINDS, default="space"),
        attacker=_force(data, "attacker"),
        defender=_force(data, "defender"),
        nebula=get_bool(data, "nebula", default=False),
        space_cannon=get_bool(data, "space_cannon", default=True),
        bombardment=get_optional(get_bool, data, "bombardment"),
        stop_after=get_optional(get_int, data, "stop_after", lo=-LOOSE, hi=LOOSE))


def unit_name(key: Any) -> str:
    return str(UNIT_NAMES[key]) if key in UNIT_NAMES else str(key)


def refusal(error: InvalidInput) -> ApiError:
    """The engine's refusal as a 400 in the reader's language, with unit names translated."""
    params = {**error.params}
    if "unit" in params:
        params["unit"] = unit_name(params["unit"])
    if params.get("card") in CARD_NAMES:
        params["card"] = str(CARD_NAMES[params["card"]])
    return invalid_input(InvalidInput(error.code, error.field, error.rule, **params), ERRORS)


def reason_json(reason: Reason) -> dict:
    params = {**reason.params}
    if params.get("side") in SIDE_NAMES:
        params["side"] = str(SIDE_NAMES[params["side"]])
    return {"code": reason.code, "message": str(REASONS[reason.code]) % params,
            "rule": reason.rule}


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
        "retreat": {"attacker": _p(result.attacker_retreat),
                    "defender": _p(result.defender_retreat)},
        "stalemate": _p(result.stalemate),
        "attacker": _side_json(result.attacker),
        "defender": _side_json(result.defender),
        "rounds": {"distribution": [_p(p) for p in result.rounds],
                   "later": _p(result.rounds_later),
                   "expected": float(result.expected_rounds)},
        "reasons": [reason_json(r) for r in result.reasons],
        "rules": list(result.rules),
    }


@bp.post("/api/combat/ti4")
def api():
    battle = read_battle(json_object())
    try:
        validate(battle)
    except InvalidInput as error:
        raise refusal(error) from None
    result = compute("ti4_combat", asdict(battle), lambda: calculate(battle))
    return jsonify(result_json(battle.kind, result))


# --- The page -------------------------------------------------------------------------------------


def rule_links() -> dict[str, dict[str, str]]:
    """Link text and address of every section the engine may cite, for the page's script."""
    db, lang = get_db(), current_lang()
    links = {}
    for rule in CITABLE_RULES:
        section = db.get(rule)
        label = section_label(section, lang) if section else rule
        parent = db.get(section.parent) if section and section.parent else None
        if parent and "." in rule and parent.title(lang) not in label:
            label = f"{label} · {parent.title(lang)}"  # "68.1 STEP 1." says little alone
        links[rule] = {"url": section_url(rule), "label": label}
    return links


def page_strings() -> dict[str, Any]:
    """What the page's script shows, already in the reader's language (``%(n)s`` is filled in
    by the script)."""
    return {
        "units": {k: str(v) for k, v in UNIT_NAMES.items()},
        "rules": rule_links(),
        "attacker": _("Attacker"),
        "defender": _("Defender"),
        "units_left": _("%(n)s left"),
        "at_least": _("Units other than fighters left ≥ %(n)s"),
        "most_likely": _("Most likely survivors"),
        "nothing_left": _("nothing left"),
        "other": _("other outcomes"),
        "attacker_retreats": _("The attacker retreats: %(p)s"),
        "defender_retreats": _("The defender retreats: %(p)s"),
        "stalemate": _("Neither side can win, so the attacker must retreat: %(p)s"),
        "unit": _("Unit"),
        "lost": _("Expected losses"),
        "total_units": _("Units lost in all"),
        "total_cost": _("Resources lost"),
        "before": _("Before round 1"),
        "round": _("Round %(n)s"),
        "later": _("Later rounds"),
        "expected_rounds": _("Expected number of rounds: %(n)s"),
        "calculating": _("Calculating…"),
        "network": _("The server could not be reached: try again."),
        "copied": _("Link copied."),
        "copy_failed": _("Copy the link from the address bar."),
    }


@bp.get("/tools/combat/ti4")
def page():
    return render_template(
        "ti4_combat/page.html",
        i18n=page_strings(),
        units={k: str(v) for k, v in UNIT_NAMES.items()},
        upgrades={k: str(v) for k, v in UPGRADE_NAMES.items()},
        upgrade_kinds=UPGRADE_KINDS,
        technologies={k: str(v) for k, v in TECHNOLOGY_NAMES.items()}, technology_kinds=TECHNOLOGY_KINDS,
        flagship_limits=FLAGSHIP_LIMITS, flagship_default=asdict(Flagship()), flagship_names=FLAGSHIP_FIELDS,
        allowed={f"{kind}-{side}": list(keys) for (kind, side), keys in ALLOWED.items()},
        order=DEFAULT_ORDER, max_round=MAX_ROUND,
        max_modifier=MAX_MODIFIER, limits={**COMPONENT_LIMIT, "fighter": MAX_FIGHTERS,
                                           "infantry": MAX_INFANTRY},
        max_combatants=MAX_COMBATANTS,
        factions={k: str(v) for k, v in FACTION_NAMES.items()},
        faction_sheets={k: {name: getattr(f.sheet, name) for name in FLAGSHIP_LIMITS}
                        for k, f in FACTION_FLAGSHIPS.items()},
        damageable=DAMAGEABLE, cards={k: str(v) for k, v in CARD_NAMES.items()},
        card_kinds=CARD_KINDS, card_copies=CARD_COPIES)
