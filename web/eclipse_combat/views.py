"""Eclipse combat odds: the page and ``POST /api/combat/eclipse``.

The view reads the request as its model (``web.eclipse_combat.models``), turns each ship group into the
engine's ``Group`` (parts validated as SVILUPPO says, or explicit stats, or the rulebook's NPC
presets), runs the exact solver under the shared time budget and cache, and speaks the engine's
codes in the request's language.
"""

from __future__ import annotations

from typing import Any


from flask import Blueprint, jsonify, render_template
from flask_babel import gettext as _

from engine.eclipse.battle import (MAX_OPTIMAL_STATES, MAX_RETREAT_ROUND, MAX_STATES, BattleResult, Fleet, Group,
                                   RetreatPlan, solve_battle)
from engine.eclipse.blueprints import (STAT_LIMITS, check_count, default_blueprint, explicit_stats, npc_stats,
                                       stats_from_parts)
from engine.eclipse.multi import MAX_BATTLES, MAX_PLAYER_FACTIONS, Faction, resolve_hex
from engine.eclipse.parts import PARTS, PLAYER_TYPES, SHIP_TYPES
from engine.eclipse.targeting import TARGETINGS
from engine.core.reasons import InvalidInput, Reason
from web.core.compute import compute
from web.eclipse_combat.models import CANNON_FIELDS, STAT_FIELDS, EclipseBattle, EclipseHex, ShipGroup
from web.eclipse_combat.models import RetreatPlan as RetreatModel
from web.eclipse_combat.schemas import describe_endpoints
from web.eclipse_combat.text import ERRORS, PART_NAMES, REASONS, SHIP_NAMES, SIDE_NAMES, TARGETING_NAMES
from web.core.errors import RULE_REFUSAL, ApiError, rule_refusal
from web.core.models import read_json
from web.core.i18n import current_lang, plural_forms, ungettext
from web.core import verdicts
from web.core.verdicts import citations

bp = Blueprint("eclipse_combat", __name__)

describe_endpoints()  # in /api/openapi.json and /api/docs
SIDES = ("attacker", "defender")

def _refuse(error: InvalidInput) -> ApiError:
    """The engine's refusal as a 400 in the request's language (ship types by their names)."""
    params = dict(error.params)
    if params.get("type") in SHIP_NAMES:
        params["type"] = str(SHIP_NAMES[params["type"]])
    return rule_refusal(InvalidInput(error.code, field=error.field, rule=error.rule, **params), ERRORS)


def read_group(group: ShipGroup, path: str) -> tuple[dict, Group]:
    """One ship group: parts, explicit stats, an NPC preset or the Terran default blueprint."""
    kind, count = group.type, group.count
    check_count(kind, count, f"{path}.count")
    explicit = [k for k in STAT_FIELDS + ("cannons",) if k in group.model_fields_set]
    if SHIP_TYPES[kind].npc:
        if group.parts is not None or explicit:
            raise InvalidInput("npc_blueprint_fixed", field=f"{path}.{'parts' if group.parts is not None else explicit[0]}",
                               rule="eclipse/navi-degli-antichi" if kind == "ancient"
                               else "eclipse/sistema-di-difesa-del-centro-galattico", type=kind)
        return {"type": kind, "count": count}, Group(kind, count, npc_stats(kind))
    if group.parts is not None and explicit:
        raise ApiError("parts_or_stats", _("%(field)s: give either parts or explicit stats, not both.",
                                           field=path), path, status=RULE_REFUSAL)
    if explicit:
        values = {k: getattr(group, k) for k in STAT_FIELDS} | {k: getattr(group.cannons, k) for k in CANNON_FIELDS}
        fields = {k: f"{path}.{k}" for k in STAT_FIELDS} | {k: f"{path}.cannons.{k}" for k in CANNON_FIELDS}
        stats = explicit_stats(values, fields)
        return {"type": kind, "count": count, "stats": values}, Group(kind, count, stats)
    parts = list(default_blueprint(kind)) if group.parts is None else list(group.parts)
    stats = stats_from_parts(kind, parts, f"{path}.parts")
    return {"type": kind, "count": count, "parts": parts}, Group(kind, count, stats)


def read_side(ships: list[ShipGroup], side: str, targeting: str,
              plan: RetreatModel | None = None) -> tuple[dict, Fleet]:
    normal, groups = [], []
    for i, g in enumerate(ships):
        n, grp = read_group(g, f"{side}.ships[{i}]")
        normal.append(n)
        groups.append(grp)
    retreat = None if plan is None else RetreatPlan(plan.round, tuple(plan.types))
    normal_side = {"ships": normal, "targeting": targeting,
                   "retreat": {"round": retreat.round, "types": list(retreat.kinds)} if retreat else None}
    return normal_side, Fleet(tuple(groups), targeting, retreat)


def reason_json(reason: Reason) -> dict[str, Any]:
    return verdicts.reason_json(reason, REASONS, verdicts.named("side", SIDE_NAMES))


def stats_json(group: Group) -> dict:
    s = group.stats
    return {"type": group.kind, "count": group.count, "initiative": s.initiative, "hull": s.hull,
            "computer": s.computer, "shield": s.shield,
            "cannons": {"ion": s.ion, "plasma": s.plasma, "antimatter": s.antimatter}, "missiles": s.missiles,
            "energy_use": s.energy_use, "energy_production": s.energy_production, "movement": s.movement}


def prob(p: float) -> float:
    """A probability for JSON: float rounding must not step outside [0, 1]."""
    return min(1.0, max(0.0, p))


def result_json(result: BattleResult, fleets: tuple[Fleet, Fleet]) -> dict:
    def side_view(i: int) -> dict:
        name = SIDES[i]
        return {"expected_lost": getattr(result, f"{name}_expected_lost"),
                "reputation": getattr(result, f"{name}_reputation"),
                "escape": prob(getattr(result, f"{name}_escape")),
                "targeting": result.targeting[i],
                "ships": [stats_json(g) for g in fleets[i].groups]}

    last = len(result.rounds) - 1
    return {
        "attacker_win": prob(result.attacker_win), "defender_win": prob(result.defender_win),
        "draw": prob(result.draw), "stalemate": prob(result.stalemate),
        "attacker": side_view(0), "defender": side_view(1),
        "expected_rounds": result.expected_rounds,
        "rounds": [{"rounds": k, "p": prob(p), "or_more": k == last} for k, p in enumerate(result.rounds)],
        "groups": [{"side": g.side, "type": g.kind, "count": g.count, "initiative": g.initiative,
                    "survivors": [prob(p) for p in g.survivors], "escaped": prob(g.escaped),
                    "expected_lost": g.expected_lost}
                   for g in result.groups],
        "order": [{"side": s, "type": t, "initiative": i} for s, t, i in result.order],
        "missile_order": [{"side": s, "type": t, "initiative": i} for s, t, i in result.missile_order],
        "method": "exact",
        "fallback": result.fallback,
        "limits": {"estimate": result.estimate, "max_optimal_states": MAX_OPTIMAL_STATES, "max_states": MAX_STATES},
        "reasons": [reason_json(r) for r in result.reasons],
        "rules": list(result.rules),
        "citations": citations(result.rules),
    }


@bp.post("/api/combat/eclipse")
def api():
    data = read_json(EclipseBattle)
    try:
        att_n, attacker = read_side(data.attacker.ships, "attacker", data.attacker.targeting or data.targeting,
                                    data.attacker.retreat)
        def_n, defender = read_side(data.defender.ships, "defender", data.defender.targeting or data.targeting,
                                    data.defender.retreat)
        payload = {"attacker": att_n, "defender": def_n}
        result = compute("eclipse_combat", payload, lambda: solve_battle(attacker, defender))
    except InvalidInput as error:
        raise _refuse(error) from None
    return jsonify(result_json(result, (attacker, defender)))


@bp.post("/api/combat/eclipse/hex")
def api_hex():
    """More than two factions in one hex: each faction's chance to hold it."""
    data = read_json(EclipseHex)
    try:
        factions, normal = [], []
        for i, faction in enumerate(data.factions):
            path = f"factions[{i}]"
            entered = i if faction.entered is None else faction.entered
            side_n, fleet = read_side(faction.ships, path, faction.targeting or data.targeting)
            factions.append(Faction(faction.name, fleet, entered, faction.controller))
            normal.append({"name": faction.name, "entered": entered, "controller": faction.controller, **side_n})
        result = compute("eclipse_combat_hex", normal, lambda: resolve_hex(factions))
    except InvalidInput as error:
        raise _refuse(error) from None
    return jsonify({"hold": {name: prob(p) for name, p in result.hold.items()},
                    "sequence": list(result.sequence), "battles": result.battles,
                    "reasons": [reason_json(r) for r in result.reasons], "rules": list(result.rules),
                    "citations": citations(result.rules)})


def page_data() -> dict:
    """What the page's script needs: parts, hulls, defaults, limits (language-dependent labels)."""
    return {
        "parts": [{"id": p.id, "name": str(PART_NAMES[p.id]), "energy": p.energy, "initiative": p.initiative,
                   "computer": p.computer, "shield": p.shield, "hull": p.hull, "movement": p.movement,
                   "cannon": p.cannon_damage, "missile": p.missile_dice, "kind": p.kind} for p in PARTS.values()],
        "types": [{"id": t.id, "name": str(SHIP_NAMES[t.id]), "slots": t.slots, "initiative": t.base_initiative,
                   "energy": t.base_energy, "limit": t.limit, "movable": t.movable, "npc": t.npc,
                   "default": list(default_blueprint(t.id)) if not t.npc else [],
                   "stats": stats_json(Group(t.id, 1, npc_stats(t.id))) if t.npc else None}
                  for t in SHIP_TYPES.values()],
        "targetings": [{"id": t, "name": str(TARGETING_NAMES[t])} for t in TARGETINGS],
        "stat_limits": STAT_LIMITS,
        "max_retreat_round": MAX_RETREAT_ROUND,
        "lang": current_lang(),
    }


def page_strings() -> dict:
    return {
        "attacker": _("Attacker"), "defender": _("Defender"), "computing": _("Computing…"),
        "seconds": _("%(n)s s"), "error": _("The battle could not be computed."),
        "ships": plural_forms(lambda n: ungettext("%(n)s ship", "%(n)s ships", n)), "escaped": _("escaped"), "remove": _("Remove"),
        "empty_slot": _("— empty slot —"), "energy": _("Energy"), "initiative": _("Initiative"), "hull": _("Hull"),
        "computer": _("Computer"), "shield": _("Shield"), "cannons": _("Cannons"),
        "over_budget": _("Energy over budget"), "no_drive": _("Needs a drive"),
        "copied": _("Link copied."), "round_n": plural_forms(lambda n: ungettext("%(n)s round", "%(n)s rounds", n)), "or_more": _("or more"),
        "expected_lost": _("Expected ships lost"), "reputation": _("Expected reputation tiles drawn"),
        "escape": _("Escapes by retreating"), "order": _("Activation order"), "fallback": _("Method"),
        "type": _("Ship type"), "count": _("Number of ships"), "blueprint": _("Blueprint"), "edit_blueprint": _("Parts and stats"), "by_parts": _("Parts"),
        "by_stats": _("Stats"), "slot": _("Slot %(n)s"), "ion": _("Ion cannons"),
        "plasma": _("Plasma cannons"), "antimatter": _("Antimatter cannons"), "missile_parts": _("Plasma missiles"),
        "group": _("Ship group"), "not_applicable": _("not applicable"), "expected_rounds": _("Expected rounds"),
    }


@bp.get("/tools/combat/eclipse")
def page():
    return render_template("eclipse_combat/page.html", data=page_data(), strings=page_strings(),
                           ship_names=SHIP_NAMES, targetings=TARGETINGS, targeting_names=TARGETING_NAMES,
                           max_retreat_round=MAX_RETREAT_ROUND, player_types=PLAYER_TYPES,
                           rules=citations(["eclipse/fase-combattimento", "eclipse/sviluppo", "eclipse/ritirata",
                                             "eclipse/combattere-contro-gli-antichi-e-il-sdcg"]))


def hex_strings() -> dict:
    return {
        "faction": _("Faction %(n)s"), "first_arrival": _("arrived first"), "name": _("Name"),
        "remove_faction": _("Remove faction"), "add_group": _("Add ship group"), "ancients": _("Ancients preset"),
        "gcds": _("GCDS preset"), "nobody": _("Nobody"), "sequence": _("Order in which the factions fight"),
        "battles": _("Battles solved: %(n)s"),
        "colours": [_("Red"), _("Blue"), _("Green"), _("Yellow"), _("White"), _("Black")],
    }


@bp.get("/tools/combat/eclipse/hex")
def hex_page():
    return render_template("eclipse_combat/hex.html", data={**page_data(), "max_factions": MAX_PLAYER_FACTIONS + 1},
                           strings={**page_strings(), **hex_strings()}, targetings=TARGETINGS,
                           targeting_names=TARGETING_NAMES, max_players=MAX_PLAYER_FACTIONS, max_battles=MAX_BATTLES,
                           rules=citations(["eclipse/fase-combattimento", "eclipse/riparare-danni",
                                             "eclipse/combattere-contro-gli-antichi-e-il-sdcg"]))
