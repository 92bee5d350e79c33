"""Eclipse combat odds: the page and ``POST /api/combat/eclipse``.

The view reads the request field by field (``web.api_input``), turns each ship group into the
engine's ``Group`` (parts validated as SVILUPPO says, or explicit stats, or the rulebook's NPC
presets), runs the exact solver under the shared time budget and cache, and speaks the engine's
codes in the request's language.
"""

from __future__ import annotations

from typing import Any

from flask import Blueprint, jsonify, render_template
from flask_babel import gettext as _
from flask_babel import lazy_gettext as _l

from engine.eclipse.battle import (MAX_OPTIMAL_STATES, MAX_RETREAT_ROUND, MAX_STATES, BattleResult, Fleet, Group,
                                   RetreatPlan, solve_battle)
from engine.eclipse.blueprints import (STAT_LIMITS, check_count, default_blueprint, explicit_stats, npc_stats,
                                       stats_from_parts)
from engine.eclipse.multi import MAX_BATTLES, MAX_PLAYER_FACTIONS, Faction, resolve_hex
from engine.eclipse.parts import NPC_TYPES, PARTS, PLAYER_TYPES, SHIP_TYPES
from engine.eclipse.targeting import TARGETINGS
from engine.reasons import InvalidInput, Reason
from web.api_input import (as_object, field_path, get_bool, get_choice, get_int, get_list, get_object, get_objects,
                           get_str, invalid_input, json_object, reject_unknown)
from web.compute import compute
from web.eclipse_combat_openapi import MAX_GROUPS, MAX_PARTS, describe_endpoints
from web.errors import ApiError
from web.i18n import current_lang
from web.rules import rule_label, section_url
from web.tools import TOOLS

bp = Blueprint("eclipse_combat", __name__)
TOOLS.append(("eclipse_combat.page", _l("Eclipse combat odds"),
              _l("Exact chances of an Eclipse battle, with optimal targeting, missiles, Ancients, retreat plans "
                 "and reputation.")))
TOOLS.append(("eclipse_combat.hex_page", _l("Eclipse: more than two factions in a hex"),
              _l("Who holds a hex that three, four or five factions fight over, battle after battle in the "
                 "rulebook's order.")))

describe_endpoints()  # in /api/openapi.json and /api/docs
SIDES = ("attacker", "defender")

SHIP_NAMES = {
    "interceptor": _l("interceptor"), "cruiser": _l("cruiser"), "dreadnought": _l("dreadnought"),
    "starbase": _l("starbase"), "ancient": _l("Ancient ship"), "gcds": _l("GCDS"),
}
PART_NAMES = {
    "ion_cannon": _l("Ion cannon"), "plasma_cannon": _l("Plasma cannon"), "antimatter_cannon": _l("Antimatter cannon"),
    "plasma_missile": _l("Plasma missile"), "electron_computer": _l("Electron computer"),
    "positron_computer": _l("Positron computer"), "gluon_computer": _l("Gluon computer"),
    "gauss_shield": _l("Gauss shield"), "phase_shield": _l("Phase shield"), "hull": _l("Hull"),
    "improved_hull": _l("Improved hull"), "nuclear_drive": _l("Nuclear drive"), "fusion_drive": _l("Fusion drive"),
    "tachyon_drive": _l("Tachyon drive"), "nuclear_source": _l("Nuclear source"), "fusion_source": _l("Fusion source"),
    "tachyon_source": _l("Tachyon source"),
}
TARGETING_NAMES = {
    "optimal": _l("Optimal (each side maximises its chance to win)"),
    "largest_first": _l("Destroy the largest ships first"),
    "most_kills": _l("Destroy as many ships as possible"),
}

# Every code the engine can refuse with. Placeholders: %(field)s, %(rule)s and the params.
ERRORS = {
    "unknown_ship_type": _l("%(field)s: unknown ship type “%(value)s” (rule %(rule)s)."),
    "npc_blueprint_fixed": _l("%(field)s: Ancient ships and the GCDS have fixed stats; do not give parts (rule %(rule)s)."),
    "unknown_part": _l("%(field)s: unknown ship part “%(part)s” (rule %(rule)s)."),
    "too_many_parts": _l("%(field)s: %(parts)s parts do not fit in the %(slots)s slots of this blueprint (rule %(rule)s)."),
    "energy_over_budget": _l("%(field)s: the parts use %(use)s energy but the blueprint produces only %(production)s "
                             "(rule %(rule)s)."),
    "drive_required": _l("%(field)s: interceptors, cruisers and dreadnoughts must have a drive (rule %(rule)s)."),
    "starbase_no_drive": _l("%(field)s: starbases cannot have a drive (rule %(rule)s)."),
    "not_an_integer": _l("%(field)s must be a whole number."),
    "stat_out_of_range": _l("%(field)s must be between %(min)s and %(max)s (rule %(rule)s)."),
    "count_too_small": _l("%(field)s: a ship group needs at least %(min)s ship (rule %(rule)s)."),
    "count_over_limit": _l("%(field)s: a player has at most %(max)s ships of this type (rule %(rule)s)."),
    "battle_too_large": _l("This battle is too large to compute exactly (about %(estimate)s states; the limit is "
                           "%(limit)s). Use fewer ships or less hull (rule %(rule)s)."),
    "battle_needs_background": _l("This battle is too large to answer at once (about %(estimate)s states; the limit "
                                  "is %(limit)s): it can be computed in the background (rule %(rule)s)."),
    "job_crashed": _l("The background computation stopped unexpectedly (%(detail)s)."),
    "fleet_empty": _l("%(field)s: each side needs at least one ship group (rule %(rule)s)."),
    "duplicate_ship_type": _l("%(field)s: each ship type may appear only once per side, since all ships of a type "
                              "share one blueprint (rule %(rule)s)."),
    "bad_damage": _l("%(field)s: damage must be given for every ship and stay within its hull (rule %(rule)s)."),
    "npc_mixed_with_players": _l("%(field)s: Ancient ships or the GCDS cannot fight alongside player ships "
                                 "(rule %(rule)s)."),
    "unknown_targeting": _l("%(field)s: unknown targeting “%(value)s” (rule %(rule)s)."),
    "npc_cannot_retreat": _l("%(field)s: Ancient ships and the GCDS never retreat (rule %(rule)s)."),
    "retreat_round_out_of_range": _l("%(field)s must be between %(min)s and %(max)s (rule %(rule)s)."),
    "retreat_type_absent": _l("%(field)s: this side has no ships of the type it plans to retreat (rule %(rule)s)."),
    "starbase_cannot_retreat": _l("%(field)s: starbases cannot move, so they cannot retreat (rule %(rule)s)."),
    "starbase_cannot_attack": _l("%(field)s: starbases cannot move, so they never attack: put them on the defending "
                                 "side (rule %(rule)s)."),
    "starbase_not_controller": _l("%(field)s: starbases are built only in a hex with the player's influence disc: "
                                  "only the controlling faction can have them (rule %(rule)s)."),
    "npc_must_defend": _l("%(field)s: Ancient ships and the GCDS are always the defenders (rule %(rule)s)."),
    "hex_needs_two_factions": _l("%(field)s: a battle needs at least two factions (rule %(rule)s)."),
    "too_many_factions": _l("%(field)s: at most %(max)s player factions per hex (rule %(rule)s)."),
    "one_npc_faction": _l("%(field)s: a hex holds at most one non-player faction, and at least one player "
                          "(rule %(rule)s)."),
    "one_controller": _l("%(field)s: only one faction can control the hex (rule %(rule)s)."),
    "duplicate_faction": _l("%(field)s: faction names must differ (rule %(rule)s)."),
    "no_retreat_in_multi": _l("%(field)s: retreat plans are not available with more than two factions "
                              "(rule %(rule)s)."),
    "hex_too_large": _l("%(field)s: this hex needs more than %(max)s separate battles to compute (rule %(rule)s)."),
}

# Every reason code the engine explains its answer with.
REASONS = {
    "initiative_order": _l("Ship types act in initiative order, highest first."),
    "hit_rule": _l("A 6 always hits and a 1 always misses; otherwise roll + computers − shields ≥ 6 hits."),
    "damage_rule": _l("Ion 1, plasma 2, antimatter 4 damage; a die never splits; a ship is destroyed by damage "
                      "beyond its hull."),
    "defender_first_on_ties": _l("On equal initiative the defender acts first."),
    "missiles_fire_once": _l("Missiles fire once, before the engagement rounds, in initiative order."),
    "engagement_rounds": _l("Engagement rounds repeat until only one side remains."),
    "rounds_expected_only": _l("This battle is larger than %(limit)s states: the answer gives the expected number of "
                               "rounds, not their distribution."),
    "optimal_fallback": _l("This battle is larger than the optimal-targeting limit (%(limit)s states): both sides "
                           "were computed with “destroy the largest ships first”, still exactly."),
    "npc_targeting": _l("The %(side)s's dice are assigned by the rulebook: destroy the largest ships when possible, "
                        "otherwise inflict the most damage."),
    "ancient_stats": _l("Ancient ship: 2 ion cannons, electron computer, hull, initiative 2."),
    "gcds_stats": _l("GCDS: 4 ion cannons, electron computer, 7 hull, initiative 0."),
    "retreat_plan": _l("The %(side)s retreats as planned from round %(round)s: it announces on its activation, leaves "
                       "on the next one and can be fired at meanwhile."),
    "stalemate_possible": _l("If nobody can destroy the other (only missiles), the attacker retreats or is "
                             "destroyed: counted as a draw."),
    "retreat_penalty": _l("A player whose remaining ships all retreat draws no reputation tile for the battle."),
    "reputation": _l("Reputation: 1 for the battle, 1 per interceptor, starbase or Ancient destroyed, 2 per "
                     "cruiser, 3 per dreadnought or GCDS; at most 5."),
    "multi_faction_order": _l("With more than two factions, players fight in reverse order of entry; the "
                              "controller and the NPCs fight last."),
    "damage_carries_over": _l("Damage is repaired only at the end of the combat phase."),
}

SIDE_NAMES = {"attacker": _l("attacker"), "defender": _l("defender")}
STAT_FIELDS = ("initiative", "hull", "computer", "shield", "missiles")
CANNON_FIELDS = ("ion", "plasma", "antimatter")
GROUP_FIELDS = ("type", "count", "parts") + STAT_FIELDS + ("cannons",)


def _refuse(error: InvalidInput) -> ApiError:
    """The engine's refusal as a 400 in the request's language (ship types by their names)."""
    params = dict(error.params)
    if params.get("type") in SHIP_NAMES:
        params["type"] = str(SHIP_NAMES[params["type"]])
    return invalid_input(InvalidInput(error.code, field=error.field, rule=error.rule, **params), ERRORS)


def read_group(obj: Any, path: str) -> tuple[dict, Group]:
    """One ship group: parts, explicit stats, an NPC preset or the Terran default blueprint."""
    obj = as_object(obj, path)
    reject_unknown(obj, GROUP_FIELDS, path=path)
    kind = get_choice(obj, "type", list(PLAYER_TYPES) + list(NPC_TYPES), path=path)
    count = get_int(obj, "count", lo=-10**6, hi=10**6, path=path)
    check_count(kind, count, field_path(path, "count"))
    explicit = [k for k in STAT_FIELDS + ("cannons",) if k in obj]
    if SHIP_TYPES[kind].npc:
        if "parts" in obj or explicit:
            raise InvalidInput("npc_blueprint_fixed", field=field_path(path, "parts" if "parts" in obj else explicit[0]),
                               rule="eclipse/navi-degli-antichi" if kind == "ancient"
                               else "eclipse/sistema-di-difesa-del-centro-galattico", type=kind)
        return {"type": kind, "count": count}, Group(kind, count, npc_stats(kind))
    if "parts" in obj and explicit:
        raise ApiError("parts_or_stats", _("%(field)s: give either parts or explicit stats, not both.",
                                           field=path), path)
    if explicit:
        # Only the type is checked here; the ranges are the engine's, so the 400 cites the rule.
        values = {k: get_int(obj, k, lo=-10**6, hi=10**6, path=path, default=0) for k in STAT_FIELDS}
        fields = {k: field_path(path, k) for k in STAT_FIELDS}
        cannons_path = field_path(path, "cannons")
        cannons = get_object(obj, "cannons", path=path, default={})
        reject_unknown(cannons, CANNON_FIELDS, path=cannons_path)
        for k in CANNON_FIELDS:
            values[k] = get_int(cannons, k, lo=-10**6, hi=10**6, path=cannons_path, default=0)
            fields[k] = field_path(cannons_path, k)
        stats = explicit_stats(values, fields)
        return {"type": kind, "count": count, "stats": values}, Group(kind, count, stats)
    if "parts" in obj:
        parts = get_list(obj, "parts", max_items=MAX_PARTS, path=path)
        for i, part in enumerate(parts):
            if not isinstance(part, str):
                where = field_path(field_path(path, "parts"), i)
                raise ApiError("not_a_string", _("The field %(field)s must be text.", field=where), where)
    else:
        parts = list(default_blueprint(kind))
    stats = stats_from_parts(kind, parts, field_path(path, "parts"))
    return {"type": kind, "count": count, "parts": parts}, Group(kind, count, stats)


def read_side(data: dict, side: str, default_targeting: str) -> tuple[dict, Fleet]:
    obj = get_object(data, side)
    reject_unknown(obj, ("ships", "retreat", "targeting"), path=side)
    ships = get_list(obj, "ships", max_items=MAX_GROUPS, path=side)
    if not ships:
        raise InvalidInput("fleet_empty", field=field_path(side, "ships"), rule="eclipse/fase-combattimento")
    normal, groups = [], []
    for i, g in enumerate(ships):
        n, grp = read_group(g, field_path(field_path(side, "ships"), i))
        normal.append(n)
        groups.append(grp)
    targeting = get_choice(obj, "targeting", TARGETINGS, path=side, default=default_targeting)
    retreat = None
    if obj.get("retreat") is not None:
        r = get_object(obj, "retreat", path=side)
        where = field_path(side, "retreat")
        reject_unknown(r, ("round", "types"), path=where)
        rnd = get_int(r, "round", lo=1, hi=MAX_RETREAT_ROUND, path=where)
        types = get_list(r, "types", max_items=MAX_GROUPS, path=where, default=[])
        kinds = tuple(get_choice({"t": t}, "t", PLAYER_TYPES, path=field_path(field_path(where, "types"), i))
                      for i, t in enumerate(types))
        retreat = RetreatPlan(rnd, kinds)
    normal_side = {"ships": normal, "targeting": targeting,
                   "retreat": {"round": retreat.round, "types": list(retreat.kinds)} if retreat else None}
    return normal_side, Fleet(tuple(groups), targeting, retreat)


def rule_links(ids: tuple[str, ...] | list[str]) -> list[dict]:
    return [{"id": rid, "url": section_url(rid), "title": rule_label(rid)} for rid in ids]


def reason_json(reason: Reason) -> dict:
    params = dict(reason.params)
    if "side" in params:
        params["side"] = str(SIDE_NAMES[params["side"]])
    template = REASONS[reason.code]
    return {"code": reason.code, "rule": reason.rule, "params": dict(reason.params), "message": str(template) % params}


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
        "rule_links": rule_links(result.rules),
    }


@bp.post("/api/combat/eclipse")
def api():
    data = json_object()
    reject_unknown(data, ("attacker", "defender", "targeting"))
    targeting = get_choice(data, "targeting", TARGETINGS, default="optimal")
    try:
        att_n, attacker = read_side(data, "attacker", targeting)
        def_n, defender = read_side(data, "defender", targeting)
        payload = {"attacker": att_n, "defender": def_n}
        result = compute("eclipse_combat", payload, lambda: solve_battle(attacker, defender))
    except InvalidInput as error:
        raise _refuse(error) from None
    return jsonify(result_json(result, (attacker, defender)))


@bp.post("/api/combat/eclipse/hex")
def api_hex():
    """More than two factions in one hex: each faction's chance to hold it."""
    data = json_object()
    reject_unknown(data, ("factions", "targeting"))
    targeting = get_choice(data, "targeting", TARGETINGS, default="optimal")
    items = get_objects(data, "factions", ("name", "ships", "entered", "controller", "targeting"),
                        max_items=MAX_PLAYER_FACTIONS + 1)
    try:
        factions, normal = [], []
        for i, (path, obj) in enumerate(items):
            name = get_str(obj, "name", max_len=40, path=path)
            entered = get_int(obj, "entered", lo=0, hi=20, path=path, default=i)
            controller = get_bool(obj, "controller", path=path, default=False)
            side_n, fleet = read_side({path: {k: obj[k] for k in ("ships", "targeting") if k in obj}}, path, targeting)
            factions.append(Faction(name, fleet, entered, controller))
            normal.append({"name": name, "entered": entered, "controller": controller, **side_n})
        result = compute("eclipse_combat_hex", normal, lambda: resolve_hex(factions))
    except InvalidInput as error:
        raise _refuse(error) from None
    return jsonify({"hold": {name: prob(p) for name, p in result.hold.items()},
                    "sequence": list(result.sequence), "battles": result.battles,
                    "reasons": [reason_json(r) for r in result.reasons], "rules": list(result.rules),
                    "rule_links": rule_links(result.rules)})


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
        "seconds": _("%(n)s s", n="{n}"), "error": _("The battle could not be computed."),
        "ships": _("ships"), "escaped": _("escaped"), "remove": _("Remove"),
        "empty_slot": _("— empty slot —"), "energy": _("Energy"), "initiative": _("Initiative"), "hull": _("Hull"),
        "computer": _("Computer"), "shield": _("Shield"), "cannons": _("Cannons"),
        "over_budget": _("Energy over budget"), "no_drive": _("Needs a drive"),
        "copied": _("Link copied."), "round_n": _("%(n)s rounds", n="{n}"), "or_more": _("or more"),
        "expected_lost": _("Expected ships lost"), "reputation": _("Expected reputation tiles drawn"),
        "escape": _("Escapes by retreating"), "order": _("Activation order"), "fallback": _("Method"),
        "type": _("Ship type"), "count": _("Number of ships"), "blueprint": _("Blueprint"), "by_parts": _("Parts"),
        "by_stats": _("Stats"), "slot": _("Slot %(n)s", n="{n}"), "ion": _("Ion cannons"),
        "plasma": _("Plasma cannons"), "antimatter": _("Antimatter cannons"), "missile_parts": _("Plasma missiles"),
        "group": _("Ship group"), "not_applicable": _("not applicable"), "expected_rounds": _("Expected rounds"),
    }


@bp.get("/tools/combat/eclipse")
def page():
    return render_template("eclipse_combat/page.html", data=page_data(), strings=page_strings(),
                           ship_names=SHIP_NAMES, targetings=TARGETINGS, targeting_names=TARGETING_NAMES,
                           max_retreat_round=MAX_RETREAT_ROUND, player_types=PLAYER_TYPES,
                           rules=rule_links(["eclipse/fase-combattimento", "eclipse/sviluppo", "eclipse/ritirata",
                                             "eclipse/combattere-contro-gli-antichi-e-il-sdcg"]))


def hex_strings() -> dict:
    return {
        "faction": _("Faction %(n)s", n="{n}"), "first_arrival": _("arrived first"), "name": _("Name"),
        "remove_faction": _("Remove faction"), "add_group": _("Add ship group"), "ancients": _("Ancients preset"),
        "gcds": _("GCDS preset"), "nobody": _("Nobody"), "sequence": _("Order in which the factions fight"),
        "battles": _("Battles solved: %(n)s", n="{n}"),
        "colours": [_("Red"), _("Blue"), _("Green"), _("Yellow"), _("White"), _("Black")],
    }


@bp.get("/tools/combat/eclipse/hex")
def hex_page():
    return render_template("eclipse_combat/hex.html", data={**page_data(), "max_factions": MAX_PLAYER_FACTIONS + 1},
                           strings={**page_strings(), **hex_strings()}, targetings=TARGETINGS,
                           targeting_names=TARGETING_NAMES, max_players=MAX_PLAYER_FACTIONS, max_battles=MAX_BATTLES,
                           rules=rule_links(["eclipse/fase-combattimento", "eclipse/riparare-danni",
                                             "eclipse/combattere-contro-gli-antichi-e-il-sdcg"]))
