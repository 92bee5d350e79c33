"""POST /api/score/<game>: a filled-in score sheet in, breakdowns, totals and the winner out.

Each parser reads the request field by field with ``web.api_input`` (types, list lengths and the
engine's own bounds, so a wrong field is named before any work) and builds the engine's frozen
inputs; rule-level refusals (two Traitors, a base on a surrendered world...) come back from the
engine as ``InvalidInput`` and are worded here.
"""

from __future__ import annotations

from functools import partial
from typing import Any, Callable, Mapping

from flask import Blueprint, jsonify

from engine.reasons import InvalidInput, Reason
from engine.scoring import eclipse, galaxy, parsec, rftg, ti4, ti4_claim
from engine.scoring import checks
from engine.scoring.checks import MAX_NAME_LENGTH
from engine.scoring.sheet import Line, Standing
from web.api_input import (
    as_object, get_bool, get_each, get_int, get_list, get_object, get_objects, get_optional, get_str,
    invalid_input, json_object, reject_unknown,
)
from web.openapi import document
from web.rules import rule_label
from web.scoring_messages import ERROR_MESSAGES, format_params, message
from web.scoring_schemas import CLAIM, CLAIM_EXAMPLE, CLAIM_VERDICT, LIMITS, REQUESTS, STANDING, SUMMARIES

bp = Blueprint("scoring_api", __name__)

MAX_LIST = 12  # players (and similar short lists) accepted before the engine counts them
MAX_COUNT = 999  # the engine applies each game's own, tighter, limits


def _ints(values: list, path: str, lo: int, hi: int) -> tuple[int, ...]:
    """A list of whole numbers, each checked like a field (``path[i]``)."""
    return tuple(get_each(values, path, get_int, lo=lo, hi=hi))


def _strs(values: list, path: str, max_len: int = 40) -> tuple[str, ...]:
    """A list of strings, each checked like a field (``path[i]``)."""
    return tuple(get_each(values, path, get_str, max_len=max_len))


def _counts(obj: Mapping, key: str, at: str, known, hi: int) -> dict[str, int]:
    """An object of whole numbers under known keys (``{"military": 4, "grid": 5}``), absent ones left out."""
    group = get_object(obj, key, path=at, default={})
    reject_unknown(group, tuple(known), path=f"{at}.{key}")
    return {k: get_int(group, k, lo=0, hi=hi, path=f"{at}.{key}") for k in group if group[k] is not None}


def _count(obj: Mapping, key: str, path: str, hi: int = MAX_COUNT, lo: int = 0, default: Any = 0) -> int:
    return get_int(obj, key, lo=lo, hi=hi, path=path, default=default)


def _players(body: Mapping) -> list[tuple[dict, str]]:
    """The ``players`` list as (object, path) pairs."""
    raw = get_list(body, "players", max_items=MAX_LIST)
    return [(as_object(item, f"players[{i}]"), f"players[{i}]") for i, item in enumerate(raw)]


def _name(obj: Mapping, path: str) -> str:
    return get_str(obj, "name", max_len=MAX_NAME_LENGTH, path=path)


def parse_eclipse(body: Mapping) -> Standing:
    reject_unknown(body, ("ancient_ships_on_board", "players"))
    players = []
    for p, at in _players(body):
        reject_unknown(p, ("name", "species", "reputation", "ambassadors", "hexes", "discoveries", "monoliths",
                           "tech", "traitor", "resources"), path=at)
        players.append(eclipse.EclipsePlayer(
            name=_name(p, at),
            species=get_str(p, "species", max_len=40, path=at, default="terran"),
            reputation=_ints(get_list(p, "reputation", max_items=eclipse.MAX_REPUTATION_TILES, path=at, default=[]),
                             f"{at}.reputation", *eclipse.REPUTATION_VALUES),
            ambassadors=_count(p, "ambassadors", at, hi=eclipse.MAX_PLAYERS - 1),
            hexes=_ints(get_list(p, "hexes", max_items=eclipse.MAX_HEXES, path=at, default=[]), f"{at}.hexes",
                    *eclipse.HEX_VALUES),
            discoveries=_count(p, "discoveries", at, hi=eclipse.MAX_DISCOVERIES),
            monoliths=_count(p, "monoliths", at, hi=eclipse.MAX_HEXES),
            tech=eclipse.Tech(**_counts(p, "tech", at, eclipse.TRACKS, eclipse.MAX_TRACK_TILES)),
            traitor=get_bool(p, "traitor", path=at, default=False),
            resources=eclipse.Storage(**_counts(p, "resources", at, eclipse.RESOURCES, eclipse.MAX_RESOURCES)),
        ))
    ancients = _count(body, "ancient_ships_on_board", "", hi=eclipse.MAX_ANCIENTS)
    return eclipse.score(players, ancient_ships_on_board=ancients)


def parse_ti4(body: Mapping) -> Standing:
    reject_unknown(body, ("target", "players", "unrevealed_public_objectives"))
    players = []
    for p, at in _players(body):
        reject_unknown(p, ("name", "vp", "initiative"), path=at)
        players.append(ti4.TI4Player(
            name=_name(p, at),
            vp=_count(p, "vp", at, hi=max(ti4.TARGETS), default=0),
            initiative=get_optional(get_int, p, "initiative", lo=ti4.MIN_INITIATIVE, hi=ti4.MAX_INITIATIVE, path=at),
        ))
    return ti4.track(
        players,
        target=get_int(body, "target", lo=min(ti4.TARGETS), hi=max(ti4.TARGETS), default=10),
        unrevealed_public_objectives=get_optional(get_int, body, "unrevealed_public_objectives", lo=0,
                hi=ti4.MAX_UNREVEALED),
    )


CLAIM_FLAGS = {  # boolean fields of a claim and their defaults
    "in_combat": False, "controls_home_planets": True, "already_claimed_this_objective": False,
    "own_secret": True, "controls_mecatol_rex": False, "via_imperial": False,
}


def parse_claim(body: Mapping) -> ti4_claim.ClaimVerdict:
    reject_unknown(body, ("phase", "objective_type", "objective_phase", "claimed_this_phase", "claimed_this_combat",
                          "secret_objectives_held", *CLAIM_FLAGS))
    claimed = get_object(body, "claimed_this_phase", default={})
    reject_unknown(claimed, ("public", "secret"), path="claimed_this_phase")
    return ti4_claim.check_claim(ti4_claim.Claim(
        phase=get_str(body, "phase", max_len=20),
        objective_type=get_str(body, "objective_type", max_len=20),
        objective_phase=get_optional(get_str, body, "objective_phase", max_len=20),
        claimed_this_phase_public=_count(claimed, "public", "claimed_this_phase", hi=ti4_claim.MAX_COUNT),
        claimed_this_phase_secret=_count(claimed, "secret", "claimed_this_phase", hi=ti4_claim.MAX_COUNT),
        claimed_this_combat=_count(body, "claimed_this_combat", "", hi=ti4_claim.MAX_COUNT),
        secret_objectives_held=_count(body, "secret_objectives_held", "", hi=ti4_claim.MAX_COUNT, default=1),
        **{flag: get_bool(body, flag, default=default) for flag, default in CLAIM_FLAGS.items()},
    ))


def parse_galaxy(body: Mapping) -> Standing:
    reject_unknown(body, ("players", "surviving_worlds", "bases", "secret_bases", "hands", "last_player"))
    players = _strs(get_list(body, "players", max_items=MAX_LIST), "players", MAX_NAME_LENGTH)
    surviving = _strs(get_list(body, "surviving_worlds", max_items=len(galaxy.WORLDS) + 1), "surviving_worlds")
    bases = []
    for at, b in get_objects(body, "bases", ("player", "world", "influence"),
                             max_items=MAX_LIST * galaxy.BASES_PER_PLAYER, default=[]):
        bases.append(galaxy.Base(get_str(b, "player", max_len=MAX_NAME_LENGTH, path=at), get_str(b, "world",
                max_len=40, path=at),
                                 _count(b, "influence", at, hi=galaxy.MAX_INFLUENCE, default=galaxy.MAX_INFLUENCE)))
    secrets = []
    for at, b in get_objects(body, "secret_bases", ("player", "world", "revealed_by_sensors_at_end"),
                             max_items=MAX_LIST, default=[]):
        secrets.append(galaxy.SecretBase(get_str(b, "player", max_len=MAX_NAME_LENGTH, path=at), get_str(b, "world",
                max_len=40, path=at),
                                         get_bool(b, "revealed_by_sensors_at_end", path=at, default=False)))
    hands = {}
    raw_hands = get_object(body, "hands", default={})
    checks.at_most(raw_hands, "hands", MAX_LIST)
    for name in raw_hands:
        cards = []
        for at, c in get_objects(raw_hands, name, ("world", "value"), max_items=galaxy.MAX_HAND, path="hands"):
            cards.append(galaxy.Card(get_str(c, "world", max_len=40, path=at),
                                     _count(c, "value", at, hi=galaxy.MAX_SHIP_VALUE)))
        hands[name] = tuple(cards)
    return galaxy.score(galaxy.GalaxySheet(
        players, surviving, tuple(bases), tuple(secrets), hands,
        get_optional(get_str, body, "last_player", max_len=MAX_NAME_LENGTH),
    ))


def _six_devs(p: Mapping, at: str) -> dict[str, Any]:
    six = get_object(p, "six_dev_bonus", path=at, default={})
    path = f"{at}.six_dev_bonus"
    reject_unknown(six, ("galactic_genome_project", "terraforming_guild", "imperium_lords", "other"), path=path)
    out: dict[str, Any] = {"other_six_dev_bonus": _count(six, "other", path, hi=rftg.MAX_VP)}
    if (g := get_optional(get_object, six, "galactic_genome_project", path=path)) is not None:
        reject_unknown(g, ("gene_worlds", "genetic_labs"), path=f"{path}.galactic_genome_project")
        out["galactic_genome_project"] = rftg.GenomeProject(
            _count(g, "gene_worlds", f"{path}.galactic_genome_project", hi=rftg.MAX_CARDS),
            get_bool(g, "genetic_labs", path=f"{path}.galactic_genome_project", default=False))
    if (t := get_optional(get_object, six, "terraforming_guild", path=path)) is not None:
        reject_unknown(t, ("windfall_worlds", "terraforming_cards"), path=f"{path}.terraforming_guild")
        out["terraforming_guild"] = rftg.TerraformingGuild(
            _count(t, "windfall_worlds", f"{path}.terraforming_guild", hi=rftg.MAX_CARDS),
            _count(t, "terraforming_cards", f"{path}.terraforming_guild", hi=rftg.MAX_CARDS, lo=1, default=1))
    if (lo := get_optional(get_object, six, "imperium_lords", path=path)) is not None:
        reject_unknown(lo, ("imperium_cards", "other_military_worlds"), path=f"{path}.imperium_lords")
        out["imperium_lords"] = rftg.ImperiumLords(
            _count(lo, "imperium_cards", f"{path}.imperium_lords", hi=rftg.MAX_CARDS, lo=1, default=1),
            _count(lo, "other_military_worlds", f"{path}.imperium_lords", hi=rftg.MAX_CARDS))
    return out


def parse_rftg(body: Mapping) -> Standing:
    reject_unknown(body, ("players", "most_goals", "robot"))
    players = []
    for p, at in _players(body):
        reject_unknown(p, ("name", "vp_chips", "card_vp", "six_dev_bonus", "first_goals", "cards_and_goods"), path=at)
        goals = get_list(p, "first_goals", max_items=len(rftg.FIRST_GOALS) + 1, path=at, default=[])
        players.append(rftg.RftgPlayer(
            name=_name(p, at),
            vp_chips=_count(p, "vp_chips", at, hi=rftg.MAX_VP),
            card_vp=_count(p, "card_vp", at, hi=rftg.MAX_VP),
            first_goals=_strs(goals, f"{at}.first_goals"),
            cards_and_goods=_count(p, "cards_and_goods", at, hi=rftg.MAX_VP),
            **_six_devs(p, at),
        ))
    most = []
    for at, g in get_objects(body, "most_goals", ("goal", "values"), max_items=len(rftg.MOST_GOALS) + 1,
                             default=[]):
        values = get_object(g, "values", path=at, default={})
        checks.at_most(values, f"{at}.values", MAX_LIST)
        most.append(rftg.MostGoal(get_str(g, "goal", max_len=40, path=at), {
            str(name): get_int(values, name, lo=rftg.MIN_GOAL_VALUE, hi=rftg.MAX_GOAL_VALUE, path=f"{at}.values")
            for name in values
        }))
    robot = None
    if (r := get_optional(get_object, body, "robot")) is not None:
        reject_unknown(r, ("name", "vp_chips", "card_vp", "six_dev_chips", "chip_value", "economic_impact",
                "credits"), path="robot")
        robot = rftg.Robot(
            name=get_str(r, "name", max_len=MAX_NAME_LENGTH, path="robot", default="Robot"),
            vp_chips=_count(r, "vp_chips", "robot", hi=rftg.MAX_VP),
            card_vp=_count(r, "card_vp", "robot", hi=rftg.MAX_VP),
            six_dev_chips=_count(r, "six_dev_chips", "robot", hi=rftg.MAX_ROBOT_CHIPS),
            chip_value=_count(r, "chip_value", "robot", hi=max(rftg.ROBOT_CHIP_VALUES), default=6),
            economic_impact=_count(r, "economic_impact", "robot", hi=rftg.MAX_ROBOT_IMPACT),
            credits=_count(r, "credits", "robot", hi=rftg.MAX_ROBOT_CREDITS),
        )
    return rftg.score(players, most, robot)


def parse_parsec(body: Mapping) -> Standing:
    reject_unknown(body, ("players", "absolute_victory"))
    players = []
    for p, at in _players(body):
        reject_unknown(p, ("name", "resources", "events", "units", "unit_values", "modules_dominated"), path=at)
        players.append(parsec.ParsecPlayer(
            name=_name(p, at),
            resources=_counts(p, "resources", at, parsec.RESOURCES, parsec.MAX_CARDS),
            events=_counts(p, "events", at, tuple(parsec.EVENT_VP), parsec.MAX_CARDS),
            units=_counts(p, "units", at, tuple(parsec.UNIT_VP), parsec.MAX_UNITS),
            unit_values=_counts(p, "unit_values", at, tuple(parsec.UNIT_VP), parsec.MAX_UNIT_VALUE),
            modules_dominated=_count(p, "modules_dominated", at, hi=max(parsec.MODULES.values())),
        ))
    return parsec.score(players, absolute=get_bool(body, "absolute_victory", default=False))


PARSERS: dict[str, Callable[[Mapping], Standing]] = {
    "eclipse": parse_eclipse, "ti4": parse_ti4, "galaxy": parse_galaxy, "rftg": parse_rftg, "parsec": parse_parsec,
}


MAX_LABEL = 60  # TI4 sub-rules are titled by their whole sentence: links show its start


def rule_labels(ids) -> dict[str, str]:
    """What each cited section's link says ("61.7 PUNTO VITTORIA"); the id itself if unknown."""
    labels = {rule: rule_label(rule) for rule in ids}
    return {rule: text if len(text) <= MAX_LABEL else text[: MAX_LABEL - 1].rstrip() + "…" for rule,
            text in labels.items()}


def refusal(error: InvalidInput):
    """The engine's refusal as a 400, with ids in its params (worlds, goals...) shown by name."""
    error.params = format_params(error.params)
    return invalid_input(error, ERROR_MESSAGES)


def reason_json(reason: Reason) -> dict[str, Any]:
    return {"code": reason.code, "message": message(reason.code, reason.params), "rule": reason.rule,
            "params": dict(reason.params)}


def line_json(line: Line) -> dict[str, Any]:
    return {"code": line.code, "points": line.points, "message": message(line.code, line.params), "rule": line.rule,
            "params": dict(line.params)}


def standing_json(game: str, result: Standing) -> dict[str, Any]:
    return {
        "game": game,
        "players": [
            {"name": p.name, "total": p.total, "breakdown": [line_json(line) for line in p.lines]}
            for p in result.players
        ],
        "winner": result.winner,
        "co_winners": list(result.co_winners),
        "tie_break": reason_json(result.tie_break) if result.tie_break else None,
        "verdicts": [reason_json(v) for v in result.verdicts],
        "game_over": result.game_over,
        "rules": list(result.rules),
        "rule_labels": rule_labels(result.rules),
    }


def score(game: str):
    body = json_object()
    try:
        result = PARSERS[game](body)
    except InvalidInput as error:
        raise refusal(error) from None
    return jsonify(standing_json(game, result))


def claim():
    body = json_object()
    try:
        verdict = parse_claim(body)
    except InvalidInput as error:
        raise refusal(error) from None
    return jsonify({
        "allowed": verdict.allowed,
        "reasons": [reason_json(r) for r in verdict.reasons],
        "rules": list(verdict.rules),
        "rule_labels": rule_labels(verdict.rules),
    })


# One route per game (``scoring_api.score_<game>``) so each is documented with its own schema.
for _game, (_request, _example) in REQUESTS.items():
    bp.add_url_rule(f"/api/score/{_game}", f"score_{_game}", partial(score, _game), methods=["POST"])
    document(f"/api/score/{_game}", "post", summary=SUMMARIES[_game], request=_request, response=STANDING,
             example={"body": _example}, limits=LIMITS)
bp.add_url_rule("/api/score/ti4/claim", "claim", claim, methods=["POST"])
document("/api/score/ti4/claim", "post", summary="May a TI4 player claim this objective (or the Imperial point) now?",
         request=CLAIM, response=CLAIM_VERDICT, example={"body": CLAIM_EXAMPLE}, limits="counters 0..10")
