"""POST /api/score/<game>: a filled-in score sheet in, breakdowns, totals and the winner out.

Each sheet is read as its model (``web.scoring.models``: types, list lengths and the engine's own
bounds, so a wrong field is named before any work) and each parser builds the engine's frozen
inputs; rule-level refusals (two Traitors, a base on a surrendered world...) come back from the
engine as ``InvalidInput`` and are worded here.
"""

from __future__ import annotations

from functools import partial
from typing import Any, Callable

from flask import Blueprint, jsonify

from engine.core.reasons import InvalidInput, Reason
from engine.eclipse import scoring as eclipse
from engine.galaxy import scoring as galaxy
from engine.parsec import scoring as parsec
from engine.rftg import scoring as rftg
from engine.ti4 import scoring as ti4
from engine.ti4 import claim as ti4_claim
from engine.core.sheet import Line, Standing
from web.core.errors import rule_refusal
from web.core.models import read_json
from web.core.openapi import document
from web.core import verdicts
from web.core.verdicts import citations
from web.scoring.text import ERROR_MESSAGES, LINE_MESSAGES, format_params
from web.scoring.models import SHEETS, EclipseSheet, GalaxySheet, ParsecSheet, RftgSheet, Ti4Claim, Ti4Sheet
from web.scoring.schemas import CLAIM_VERDICT, LIMITS, STANDING, SUMMARIES

bp = Blueprint("scoring_api", __name__)


def parse_eclipse(body: EclipseSheet) -> Standing:
    players = [eclipse.EclipsePlayer(
        name=p.name, species=p.species, reputation=tuple(p.reputation), ambassadors=p.ambassadors,
        hexes=tuple(p.hexes), discoveries=p.discoveries, monoliths=p.monoliths, tech=eclipse.Tech(**p.tech),
        traitor=p.traitor, resources=eclipse.Storage(**p.resources)) for p in body.players]
    return eclipse.score(players, ancient_ships_on_board=body.ancient_ships_on_board)


def parse_ti4(body: Ti4Sheet) -> Standing:
    players = [ti4.TI4Player(name=p.name, vp=p.vp, initiative=p.initiative) for p in body.players]
    return ti4.track(players, target=body.target, unrevealed_public_objectives=body.unrevealed_public_objectives)


def parse_claim(body: Ti4Claim) -> ti4_claim.ClaimVerdict:
    return ti4_claim.check_claim(ti4_claim.Claim(
        phase=body.phase, objective_type=body.objective_type, objective_phase=body.objective_phase,
        claimed_this_phase_public=body.claimed_this_phase.public,
        claimed_this_phase_secret=body.claimed_this_phase.secret,
        claimed_this_combat=body.claimed_this_combat, secret_objectives_held=body.secret_objectives_held,
        in_combat=body.in_combat, controls_home_planets=body.controls_home_planets,
        already_claimed_this_objective=body.already_claimed_this_objective, own_secret=body.own_secret,
        controls_mecatol_rex=body.controls_mecatol_rex, via_imperial=body.via_imperial))


def parse_galaxy(body: GalaxySheet) -> Standing:
    return galaxy.score(galaxy.GalaxySheet(
        tuple(body.players), tuple(body.surviving_worlds),
        tuple(galaxy.Base(b.player, b.world, b.influence) for b in body.bases),
        tuple(galaxy.SecretBase(b.player, b.world, b.revealed_by_sensors_at_end) for b in body.secret_bases),
        {name: tuple(galaxy.Card(c.world, c.value) for c in cards) for name, cards in body.hands.items()},
        body.last_player,
    ))


def parse_rftg(body: RftgSheet) -> Standing:
    players = []
    for p in body.players:
        six = p.six_dev_bonus
        genome, guild, lords = six.galactic_genome_project, six.terraforming_guild, six.imperium_lords
        players.append(rftg.RftgPlayer(
            name=p.name, vp_chips=p.vp_chips, card_vp=p.card_vp, first_goals=tuple(p.first_goals),
            cards_and_goods=p.cards_and_goods, other_six_dev_bonus=six.other,
            galactic_genome_project=None if genome is None else rftg.GenomeProject(genome.gene_worlds,
                                                                                   genome.genetic_labs),
            terraforming_guild=None if guild is None else rftg.TerraformingGuild(guild.windfall_worlds,
                                                                                 guild.terraforming_cards),
            imperium_lords=None if lords is None else rftg.ImperiumLords(lords.imperium_cards,
                                                                         lords.other_military_worlds)))
    most = [rftg.MostGoal(g.goal, dict(g.values)) for g in body.most_goals]
    robot = None if body.robot is None else rftg.Robot(**body.robot.model_dump())
    return rftg.score(players, most, robot)


def parse_parsec(body: ParsecSheet) -> Standing:
    players = [parsec.ParsecPlayer(name=p.name, resources=dict(p.resources), events=dict(p.events),
                                   units=dict(p.units), unit_values=dict(p.unit_values),
                                   modules_dominated=p.modules_dominated) for p in body.players]
    return parsec.score(players, absolute=body.absolute_victory)


PARSERS: dict[str, Callable[[Any], Standing]] = {
    "eclipse": parse_eclipse, "ti4": parse_ti4, "galaxy": parse_galaxy, "rftg": parse_rftg, "parsec": parse_parsec,
}


def refusal(error: InvalidInput):
    """The engine's refusal as a 400, with ids in its params (worlds, goals...) shown by name."""
    error.params = format_params(error.params)
    return rule_refusal(error, ERROR_MESSAGES)


def reason_json(reason: Reason) -> dict[str, Any]:
    return verdicts.reason_json(reason, LINE_MESSAGES, format_params)


def line_json(line: Line) -> dict[str, Any]:
    return {**verdicts.reason_json(Reason(line.code, line.rule, line.params), LINE_MESSAGES, format_params),
            "points": line.points}


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
        "citations": citations(result.rules),
    }


def score(game: str):
    body = read_json(SHEETS[game])
    try:
        result = PARSERS[game](body)
    except InvalidInput as error:
        raise refusal(error) from None
    return jsonify(standing_json(game, result))


def claim():
    body = read_json(Ti4Claim)
    try:
        verdict = parse_claim(body)
    except InvalidInput as error:
        raise refusal(error) from None
    return jsonify({
        "allowed": verdict.allowed,
        "reasons": [reason_json(r) for r in verdict.reasons],
        "rules": list(verdict.rules),
        "citations": citations(verdict.rules),
    })


# One route per game (``scoring_api.score_<game>``) so each is documented with its own schema.
for _game, _model in SHEETS.items():
    bp.add_url_rule(f"/api/score/{_game}", f"score_{_game}", partial(score, _game), methods=["POST"])
    document(f"/api/score/{_game}", "post", summary=SUMMARIES[_game], body=_model, response=STANDING, limits=LIMITS)
bp.add_url_rule("/api/score/ti4/claim", "claim", claim, methods=["POST"])
document("/api/score/ti4/claim", "post", summary="May a TI4 player claim this objective (or the Imperial point) now?",
         body=Ti4Claim, response=CLAIM_VERDICT, limits="counters 0..10")
