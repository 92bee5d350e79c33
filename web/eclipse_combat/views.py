"""Eclipse combat odds: the page and ``POST /api/combat/eclipse``.

The view reads the request as its model (``web.eclipse_combat.models``), turns each ship group into the
engine's ``Group`` (parts validated as SVILUPPO says, or explicit stats, or the rulebook's NPC
presets), runs the exact solver under the shared time budget and cache, and speaks the engine's
codes in the request's language.
"""

from __future__ import annotations

import pickle
import sqlite3
from dataclasses import asdict
from typing import Any, Callable

from flask import Blueprint, abort, jsonify, render_template, url_for
from flask_babel import format_decimal
from flask_babel import gettext as _
from flask_babel import lazy_gettext as _l

from engine.eclipse.battle import (
    MAX_BACKGROUND_STATES,
    MAX_OPTIMAL_STATES,
    MAX_RETREAT_ROUND,
    MAX_STATES,
    BattleResult,
    Fleet,
    Group,
    RetreatPlan,
    check_size,
    estimate_states,
    solve_battle,
    validate_fleets,
)
from engine.eclipse.blueprints import (
    STAT_LIMITS,
    board,
    check_count,
    check_discoveries,
    default_blueprint,
    explicit_stats,
    npc_stats,
    stats_from_parts,
)
from engine.eclipse.multi import MAX_BATTLES, MAX_PLAYER_FACTIONS, Faction, resolve_hex
from engine.eclipse.parts import PARTS, PLAYER_TYPES, SHIP_TYPES
from engine.eclipse.retreat import is_movable
from engine.eclipse.species import SPECIES, SPECIES_RULES, check_peace_with_ancients
from engine.eclipse.targeting import TARGETINGS
from engine.core.reasons import InvalidInput, Reason
from web.core import jobs
from web.core.compute import compute
from web.eclipse_combat.models import (
    CANNON_FIELDS,
    HEX_LIMITS,
    JOB_LIMITS,
    LIMITS,
    STAT_FIELDS,
    EclipseBattle,
    EclipseCombatAnswer,
    EclipseHex,
    EclipseHexAnswer,
    EclipseJob,
    ShipGroup,
)
from web.eclipse_combat.models import RetreatPlan as RetreatModel
from web.eclipse_combat.text import (
    ERRORS,
    PART_NAMES,
    REASONS,
    SHIP_NAMES,
    SIDE_NAMES,
    SPECIES_NAMES,
    TARGETING_NAMES,
    hex_strings,
    page_strings,
)
from web.core.errors import RULE_REFUSAL, ApiError, error_json, framed, rule_refusal
from web.core.models import read_json
from web.core.i18n import current_lang
from web.core import verdicts
from web.core.openapi import document
from web.core.verdicts import citations

bp = Blueprint("eclipse_combat", __name__)
jobs_bp = Blueprint("eclipse_jobs", __name__)  # battles beyond the inline limit, in the background
# A stored answer is found again by its request's key (jobs.job_id): the namespace changes with
# what an answer means, so a request never meets one computed under other rules (2, 2026-11-27:
# an all-types retreat leaves the starbases fighting; Draco never battles the Ancients).
JOB_NAMESPACE = "eclipse_job:2"

SIDES = ("attacker", "defender")
TOOL = "eclipse_combat"  # its background jobs' database: instance/eclipse_combat_jobs.sqlite3

document(
    "/api/combat/eclipse",
    "post",
    summary=_l(
        "Eclipse: exact odds of a battle (missiles, optimal or named targeting, Ancients and GCDS, retreat "
        "plans, stalemate), survivors per ship group, expected losses, reputation and rounds."
    ),
    body=EclipseBattle,
    response=EclipseCombatAnswer,
    limits=LIMITS,
    errors=(400, 422),
)
document(
    "/api/combat/eclipse/hex",
    "post",
    summary=_l(
        "Eclipse: more than two factions in one hex, fought in the rulebook's order with damage carried "
        "over; each faction's chance to hold the hex."
    ),
    body=EclipseHex,
    response=EclipseHexAnswer,
    limits=HEX_LIMITS,
    errors=(400, 422),
)


def _refuse(error: InvalidInput) -> ApiError:
    """The engine's refusal as a 422 in the request's language (ship types by their names)."""
    params = dict(error.params)
    if params.get("type") in SHIP_NAMES:
        params["type"] = str(SHIP_NAMES[params["type"]])
    return rule_refusal(InvalidInput(error.code, field=error.field, rule=error.rule, **params), ERRORS)


def read_group(group: ShipGroup, path: str, species: str = "terran") -> tuple[dict, Group]:
    """One ship group: parts on its species' board, explicit stats, an NPC preset or the species'
    starting blueprint."""
    kind, count = group.type, group.count
    check_count(kind, count, f"{path}.count")
    explicit = [k for k in STAT_FIELDS + ("cannons",) if k in group.model_fields_set]
    if SHIP_TYPES[kind].npc:
        if group.parts is not None or explicit:
            raise InvalidInput(
                "npc_blueprint_fixed",
                field=f"{path}.{'parts' if group.parts is not None else explicit[0]}",
                rule="eclipse/navi-degli-antichi"
                if kind == "ancient"
                else "eclipse/sistema-di-difesa-del-centro-galattico",
                type=kind,
            )
        return {"type": kind, "count": count}, Group(kind, count, npc_stats(kind))
    if group.parts is not None and explicit:
        raise framed(
            "parts_or_stats",
            lambda f: _("%(field)s: give either parts or explicit stats, not both.", field=f),
            path,
            status=RULE_REFUSAL,
        )
    if explicit:
        values = {k: getattr(group, k) for k in STAT_FIELDS} | {k: getattr(group.cannons, k) for k in CANNON_FIELDS}
        fields = {k: f"{path}.{k}" for k in STAT_FIELDS} | {k: f"{path}.cannons.{k}" for k in CANNON_FIELDS}
        stats = explicit_stats(values, fields)
        return {"type": kind, "count": count, "stats": values}, Group(kind, count, stats)
    parts = list(default_blueprint(kind, species)) if group.parts is None else list(group.parts)
    stats = stats_from_parts(kind, parts, f"{path}.parts", species)
    return {"type": kind, "count": count, "parts": parts}, Group(kind, count, stats)


def read_side(
    ships: list[ShipGroup], side: str, targeting: str, plan: RetreatModel | None = None, species: str = "terran"
) -> tuple[dict, Fleet]:
    normal, groups = [], []
    for i, g in enumerate(ships):
        n, grp = read_group(g, f"{side}.ships[{i}]", species)
        normal.append(n)
        groups.append(grp)
    blueprints = [(n["parts"], f"{side}.ships[{i}].parts") for i, n in enumerate(normal) if "parts" in n]
    check_discoveries([b for b, _ in blueprints], [f for _, f in blueprints])
    retreat = None if plan is None else RetreatPlan(plan.round, tuple(plan.types))
    normal_side = {
        "ships": normal,
        "targeting": targeting,
        "retreat": {"round": retreat.round, "types": list(retreat.kinds)} if retreat else None,
    }
    fleet = Fleet(tuple(groups), targeting, retreat)
    # Absent for the Terrans, so that earlier battles keep their cache and job keys, and for NPC
    # ships, which no species flies (a side of Ancients picked with the Draco is the Ancients).
    if species != "terran" and not fleet.npc:
        normal_side["species"] = species
    return normal_side, fleet


def read_battle(data: EclipseBattle) -> tuple[dict, tuple[Fleet, Fleet]]:
    """Both sides: their language-free form (the cache's and the job's key) and the engine's fleets."""
    att, dfd = data.attacker, data.defender
    att_n, attacker = read_side(att.ships, "attacker", att.targeting or data.targeting, att.retreat, att.species)
    def_n, defender = read_side(dfd.ships, "defender", dfd.targeting or data.targeting, dfd.retreat, dfd.species)
    check_peace_with_ancients(
        [
            (f"{side}.species", s.species, [g.kind for g in f.groups])
            for side, s, f in (("attacker", att, attacker), ("defender", dfd, defender))
        ]
    )
    return {"attacker": att_n, "defender": def_n}, (attacker, defender)


def reason_json(reason: Reason) -> dict[str, Any]:
    return verdicts.reason_json(reason, REASONS, verdicts.named("side", SIDE_NAMES))


def stats_json(group: Group) -> dict:
    s = group.stats
    return {
        "type": group.kind,
        "count": group.count,
        "initiative": s.initiative,
        "hull": s.hull,
        "computer": s.computer,
        "shield": s.shield,
        "cannons": {"ion": s.ion, "plasma": s.plasma, "antimatter": s.antimatter},
        "missiles": s.missiles,
        "energy_use": s.energy_use,
        "energy_production": s.energy_production,
        "movement": s.movement,
    }


def prob(p: float) -> float:
    """A probability for JSON: float rounding must not step outside [0, 1]."""
    return min(1.0, max(0.0, p))


def with_species(rules: tuple[str, ...], sides: list[dict]) -> list[str]:
    """The engine's rules and the species pages whose boards the sides fly (language-free sides:
    ``species`` is absent for the Terrans)."""
    pages = (SPECIES_RULES[side["species"]] for side in sides if "species" in side)
    return list(rules) + [r for r in dict.fromkeys(pages) if r not in rules]


def result_json(result: BattleResult, fleets: tuple[Fleet, Fleet], sides: list[dict] | None = None) -> dict:
    """The answer; ``sides`` (the language-free request) adds the species pages of their boards."""
    rules = with_species(result.rules, sides or [])

    def side_view(i: int) -> dict:
        name = SIDES[i]
        return {
            "expected_lost": getattr(result, f"{name}_expected_lost"),
            "reputation": getattr(result, f"{name}_reputation"),
            "escape": prob(getattr(result, f"{name}_escape")),
            "targeting": result.targeting[i],
            "ships": [stats_json(g) for g in fleets[i].groups],
        }

    last = len(result.rounds) - 1
    return {
        "attacker_win": prob(result.attacker_win),
        "defender_win": prob(result.defender_win),
        "draw": prob(result.draw),
        "stalemate": prob(result.stalemate),
        "attacker": side_view(0),
        "defender": side_view(1),
        "expected_rounds": result.expected_rounds,
        "rounds": [{"rounds": k, "p": prob(p), "or_more": k == last} for k, p in enumerate(result.rounds)],
        "groups": [
            {
                "side": g.side,
                "type": g.kind,
                "count": g.count,
                "initiative": g.initiative,
                "survivors": [prob(p) for p in g.survivors],
                "escaped": prob(g.escaped),
                "expected_lost": g.expected_lost,
            }
            for g in result.groups
        ],
        "order": [{"side": s, "type": t, "initiative": i} for s, t, i in result.order],
        "missile_order": [{"side": s, "type": t, "initiative": i} for s, t, i in result.missile_order],
        "method": "exact",
        "fallback": result.fallback,
        "limits": {"estimate": result.estimate, "max_optimal_states": MAX_OPTIMAL_STATES, "max_states": MAX_STATES},
        "reasons": [reason_json(r) for r in result.reasons],
        "rules": rules,
        "citations": citations(rules),
    }


@bp.post("/api/combat/eclipse")
def api():
    try:
        payload, (attacker, defender) = read_battle(read_json(EclipseBattle))
        result = compute("eclipse_combat", payload, lambda: solve_battle(attacker, defender))
    except InvalidInput as error:
        raise _refuse(error) from None
    return jsonify(result_json(result, (attacker, defender), list(payload.values())))


@bp.post("/api/combat/eclipse/hex")
def api_hex():
    """More than two factions in one hex: each faction's chance to hold it."""
    data = read_json(EclipseHex)
    try:
        factions, normal = [], []
        for i, faction in enumerate(data.factions):
            path = f"factions[{i}]"
            entered = i if faction.entered is None else faction.entered
            side_n, fleet = read_side(faction.ships, path, faction.targeting or data.targeting, species=faction.species)
            factions.append(Faction(faction.name, fleet, entered, faction.controller))
            normal.append({"name": faction.name, "entered": entered, "controller": faction.controller, **side_n})
        check_peace_with_ancients(
            [
                (f"factions[{i}].species", d.species, [g.kind for g in f.fleet.groups])
                for i, (d, f) in enumerate(zip(data.factions, factions))
            ]
        )
        result = compute("eclipse_combat_hex", normal, lambda: resolve_hex(factions))
    except InvalidInput as error:
        raise _refuse(error) from None
    rules = with_species(result.rules, normal)
    return jsonify(
        {
            "hold": {name: prob(float(p)) for name, p in result.hold.items()},
            "sequence": list(result.sequence),
            "battles": result.battles,
            "reasons": [reason_json(r) for r in result.reasons],
            "rules": rules,
            "citations": citations(rules),
        }
    )


def page_data() -> dict:
    """What the page's script needs: parts, hulls, the species' boards, limits (language-dependent labels)."""
    return {
        "parts": [
            {
                "id": p.id,
                "name": str(PART_NAMES[p.id]),
                "energy": p.energy,
                "initiative": p.initiative,
                "computer": p.computer,
                "shield": p.shield,
                "hull": p.hull,
                "movement": p.movement,
                "cannon": p.cannon_damage,
                "dice": p.cannon_dice,
                "missile": p.missile_dice,
                "kind": p.kind,
                "discovery": p.discovery,
            }
            for p in PARTS.values()
        ],
        "types": [
            {
                "id": t.id,
                "name": str(SHIP_NAMES[t.id]),
                "limit": t.limit,
                "movable": t.movable,
                "npc": t.npc,
                "stats": stats_json(Group(t.id, 1, npc_stats(t.id))) if t.npc else None,
            }
            for t in SHIP_TYPES.values()
        ],
        # Each species' board per player type: slots, printed bonuses and starting parts.
        "species": [
            {"id": sp, "name": str(SPECIES_NAMES[sp]), "boards": {k: asdict(board(k, sp)) for k in PLAYER_TYPES}}
            for sp in SPECIES
        ],
        "targetings": [{"id": t, "name": str(TARGETING_NAMES[t])} for t in TARGETINGS],
        "stat_limits": STAT_LIMITS,
        "lang": current_lang(),
    }


# A battle the page names to show how far optimal targeting goes: 4/4/2 Terran ships a side.
SIZE_EXAMPLE = (("interceptor", 4), ("cruiser", 4), ("dreadnought", 2))


def size_limits() -> dict[str, str]:
    """The engine's state limits, and the example's count, in the reader's number format."""
    fleet = Fleet(tuple(Group(k, n, stats_from_parts(k, default_blueprint(k))) for k, n in SIZE_EXAMPLE))
    counts = {
        "optimal": MAX_OPTIMAL_STATES,
        "largest": MAX_STATES,
        "background": MAX_BACKGROUND_STATES,
        "example": estimate_states(fleet, fleet),
    }
    return {key: format_decimal(value) for key, value in counts.items()}


@bp.get("/tools/combat/eclipse")
def page():
    return render_template(
        "eclipse_combat/page.html",
        data=page_data(),
        strings=page_strings(),
        ship_names=SHIP_NAMES,
        species=SPECIES,
        species_names=SPECIES_NAMES,
        targetings=TARGETINGS,
        targeting_names=TARGETING_NAMES,
        max_retreat_round=MAX_RETREAT_ROUND,
        movable_types=tuple(t for t in PLAYER_TYPES if is_movable(t)),  # retreat plans: starbases stay
        limits=size_limits(),
        rules=citations(
            [
                "eclipse/fase-combattimento",
                "eclipse/sviluppo",
                "eclipse/ritirata",
                "eclipse/combattere-contro-gli-antichi-e-il-sdcg",
            ]
        ),
    )


@bp.get("/tools/combat/eclipse/hex")
def hex_page():
    return render_template(
        "eclipse_combat/hex.html",
        data={**page_data(), "max_factions": MAX_PLAYER_FACTIONS + 1},
        strings={**page_strings(), **hex_strings()},
        targetings=TARGETINGS,
        targeting_names=TARGETING_NAMES,
        max_players=MAX_PLAYER_FACTIONS,
        max_battles=MAX_BATTLES,
        rules=citations(
            ["eclipse/fase-combattimento", "eclipse/riparare-danni", "eclipse/combattere-contro-gli-antichi-e-il-sdcg"]
        ),
    )


# --- Background computations (the queue is ``web.core.jobs``) ------------------------------------


def stored_work(work: Any) -> tuple[tuple[Fleet, Fleet], list[dict]]:
    """A job's work: the engine's fleets and the language-free sides (whose species the answer
    cites). Rows stored before the sides were kept hold the fleets alone."""
    if isinstance(work, dict):
        return work["fleets"], work["sides"]
    return work, []


def solve_job(work: Any, progress: Callable[[float], None]) -> BattleResult:
    """The runner's solver: one battle up to MAX_BACKGROUND_STATES, reporting its progress."""
    (attacker, defender), _sides = stored_work(work)
    return solve_battle(attacker, defender, background=True, progress=progress)


def job_json(row: sqlite3.Row) -> dict:
    out = {
        "id": row["id"],
        "status": row["status"],
        "status_text": str(jobs.STATUS_NAMES[row["status"]]),
        "progress": round(row["progress"], 4),
        "api": url_for("eclipse_jobs.api_job", key=row["id"]),
        "page": url_for("eclipse_jobs.page", key=row["id"]),
    }
    if row["status"] == "done":
        out["result"] = result_json(pickle.loads(row["result"]), *stored_work(pickle.loads(row["work"])))
    if row["status"] == "failed":
        error = _refuse(failed) if (failed := jobs.failure(row)) else None
        out["error"] = error_json(error.code, error.message, error.field, error.rule, error.field_at) if error else None
    return out


@jobs_bp.post("/api/combat/eclipse/jobs")
def api_submit():
    """The same request as /api/combat/eclipse, for battles up to MAX_BACKGROUND_STATES."""
    try:
        payload, fleets = read_battle(read_json(EclipseBattle))
        validate_fleets(*fleets)
        check_size(*fleets, background=True)
    except InvalidInput as error:
        raise _refuse(error) from None
    path = jobs.db_path(TOOL)
    key = jobs.job_id(JOB_NAMESPACE, payload)
    row, created = jobs.submit(path, key, {"fleets": fleets, "sides": list(payload.values())})
    if created:
        jobs.start_runner(path, solve_job)
        row = jobs.find(path, key) or row  # the runner may not have touched it yet
    return jsonify(job_json(row)), 200 if row["status"] == "done" else 202


@jobs_bp.get("/api/combat/eclipse/jobs/<key>")
def api_job(key: str):
    return jsonify(job_json(jobs.stored(jobs.db_path(TOOL), key)))


@jobs_bp.get("/tools/combat/eclipse/jobs/<key>", endpoint="page")
def job_page(key: str):
    if not jobs.JOB_ID.fullmatch(key):
        abort(404)
    row = jobs.find(jobs.db_path(TOOL), key)
    if row is None:
        abort(404)
    fleets, _sides = stored_work(pickle.loads(row["work"]))
    sides = [[(str(SHIP_NAMES[g.kind]), g.count) for g in fleet.groups] for fleet in fleets]
    return render_template(
        "eclipse_combat/job.html", job=job_json(row), sides=sides, ship_names=SHIP_NAMES, limit=MAX_BACKGROUND_STATES
    )


document(
    "/api/combat/eclipse/jobs",
    "post",
    summary=_l(
        "Eclipse: a battle too large to answer at once, computed in the background; the same request as "
        "/api/combat/eclipse. 202 with the job while it waits or runs, 200 with the result when done (a "
        "battle computed before is answered at once). Progress and result at the job's api address; its page "
        "address follows it in the browser."
    ),
    body=EclipseBattle,
    response=EclipseJob,
    accepted=True,
    example={
        "body": {
            "attacker": {"ships": [{"type": "interceptor", "count": 2}]},
            "defender": {"ships": [{"type": "cruiser", "count": 1}]},
        }
    },
    limits=JOB_LIMITS,
)
document(
    "/api/combat/eclipse/jobs/{key}",
    "get",
    summary=_l(
        "Eclipse: a background computation's status, progress (0-1) and, when done, the same answer as "
        "/api/combat/eclipse."
    ),
    params=[{"name": "key", "in": "path", "required": True, "schema": {"type": "string", "pattern": "^[0-9a-f]{64}$"}}],
    response=EclipseJob,
    example={
        "path": {
            "key": jobs.job_id(
                JOB_NAMESPACE,
                {
                    "attacker": {
                        "ships": [{"type": "interceptor", "count": 2, "parts": list(default_blueprint("interceptor"))}],
                        "targeting": "optimal",
                        "retreat": None,
                    },
                    "defender": {
                        "ships": [{"type": "cruiser", "count": 1, "parts": list(default_blueprint("cruiser"))}],
                        "targeting": "optimal",
                        "retreat": None,
                    },
                },
            )
        }
    },
    errors=(400, 404),
)
