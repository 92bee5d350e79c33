"""Score sheets: the pages (one per game, a column per player, totals recomputed as you type) and
``POST /api/score/<game>`` (a filled-in sheet in, breakdowns, totals and the winner out).

A page's sheet is described here as data (game-wide fields, then one row per player field) and drawn
by ``static/js/scoring.js``, which turns the cells into the API's body. The engine's limits fill in
each input's min and max, so the page and the API agree. The API reads each sheet as its model
(``web.scoring.models``: types, list lengths and the engine's own bounds, so a wrong field is named
before any work) and each parser builds the engine's frozen inputs; rule-level refusals (two
Traitors, a base on a surrendered world...) come back from the engine as ``InvalidInput`` and are
worded here.
"""

from __future__ import annotations

from functools import partial
from typing import Any, Callable

from flask import Blueprint, abort, jsonify, render_template, url_for
from flask_babel import force_locale, gettext
from flask_babel import lazy_gettext as _l

from engine.core.reasons import InvalidInput, Reason
from engine.core.sheet import Line, Standing
from engine.eclipse import scoring as eclipse
from engine.galaxy import scoring as galaxy
from engine.galaxy import worlds
from engine.parsec import scoring as parsec
from engine.rftg import scoring as rftg
from engine.ti4 import claim as ti4_claim
from engine.ti4 import scoring as ti4
from web.core import verdicts
from web.core.errors import rule_refusal
from web.core.i18n import LANGS
from web.core.models import read_json
from web.core.openapi import document
from web.core.registry import GAMES
from web.core.verdicts import citations
from web.scoring.models import LIMITS, SHEETS as SHEET_MODELS, SUMMARIES, ClaimAnswer, EclipseSheet, GalaxySheet
from web.scoring.models import ParsecSheet, RftgSheet, StandingAnswer, Ti4Claim, Ti4Sheet
from web.scoring.text import ERROR_MESSAGES, LABELS, LINE_MESSAGES, format_params

bp = Blueprint("scoring", __name__)


def field(key: str, kind: str, label: Any, **extra: Any) -> dict[str, Any]:
    """One sheet row (or game-wide input): ``kind`` is int, ints (a list), bool, select, checks or player.

    Extras the script understands: ``max`` (and ``min``, shown as the input's placeholder range),
    ``default``, ``optional`` (blank is sent as absent), ``numeric`` (a select of numbers),
    ``solitaire``/``multiplayer`` (RftG rows shown in one mode only), ``most`` (shown once that
    "most" goal is chosen), ``world`` (Galaxy rows hidden when the world surrendered),
    ``min_players`` (rows shown only with that many players), ``group`` (styling of secondary rows),
    ``max_from`` (the game field whose value is the row's real maximum, said in a range refusal).
    """
    return {"key": key, "kind": kind, "label": str(label), **extra}


def options(family: str, keys) -> list[list[str]]:
    return [[k, str(LABELS[family][k])] for k in keys]


def eclipse_sheet() -> dict[str, Any]:
    return {
        "min_players": eclipse.MIN_PLAYERS,
        "max_players": eclipse.MAX_PLAYERS,
        "game_fields": [
            field("ancient_ships_on_board", "int", _l("Ancient ships left on the board"), max=eclipse.MAX_ANCIENTS)
        ],
        "rows": [
            field("species", "select", _l("Species"), options=options("species", eclipse.SPECIES), default="terran"),
            field("reputation", "ints", _l("Reputation tiles (values, e.g. 3 2 4)"), min=1, max=4),
            field(
                "ambassadors",
                "int",
                _l("Ambassadors"),
                max=eclipse.AMBASSADOR_TILES,
                min_players=eclipse.DIPLOMACY_MIN_PLAYERS,
            ),
            field("hexes", "ints", _l("Controlled hexes (VP of each, e.g. 2 3 4)"), min=1, max=4),
            field("discoveries", "int", _l("Discovery tiles kept as VP"), max=eclipse.MAX_DISCOVERIES),
            field("monoliths", "int", _l("Monoliths on controlled hexes"), max=eclipse.MAX_HEXES),
            *[
                field(
                    f"tech.{t}",
                    "int",
                    _l("Tiles on the %(track)s track", track=LABELS["track"][t]),
                    max=eclipse.MAX_TRACK_TILES,
                )
                for t in eclipse.TRACKS
            ],
            field("traitor", "bool", _l("Holds the Traitor card"), min_players=eclipse.DIPLOMACY_MIN_PLAYERS),
            field("resources.money", "int", _l("Money in storage (tie-break)"), max=eclipse.MAX_RESOURCES),
            field("resources.science", "int", _l("Science in storage (tie-break)"), max=eclipse.MAX_RESOURCES),
            field("resources.materials", "int", _l("Materials in storage (tie-break)"), max=eclipse.MAX_RESOURCES),
        ],
    }


def ti4_sheet() -> dict[str, Any]:
    return {
        "min_players": ti4.MIN_PLAYERS,
        "max_players": ti4.MAX_PLAYERS,
        "seating": str(
            _l(
                "Put the columns in seating order, clockwise, the speaker first: with no strategy cards "
                "held, a tie goes to the player closest to the speaker."
            )
        ),
        "game_fields": [
            field(
                "target",
                "select",
                _l("Victory point track"),
                options=[["10", "10"], ["14", "14"]],
                default="10",
                numeric=True,
            ),
            field(
                "unrevealed_public_objectives",
                "int",
                _l("At the status phase's reveal step: public objectives still face down (blank before it)"),
                max=ti4.MAX_UNREVEALED,
                optional=True,
            ),
        ],
        "rows": [
            field("vp", "int", _l("Victory points"), max=14, max_from="target"),
            field(
                "initiative",
                "int",
                _l("Strategy card number (the lower of two; blank if none)"),
                max=ti4.MAX_INITIATIVE,
                optional=True,
            ),
            field("eliminated", "bool", _l("Eliminated from the game")),
        ],
    }


def galaxy_sheet() -> dict[str, Any]:
    return {
        "min_players": galaxy.MIN_PLAYERS,
        "max_players": galaxy.MAX_PLAYERS,
        "seating": str(
            _l(
                "Put the columns in seating order, clockwise: a tie the hands leave goes to whoever "
                "played most recently, counted back from the player who played last."
            )
        ),
        "unit": "influence",
        "game_fields": [
            field(
                "surviving_worlds",
                "checks",
                _l("Surviving worlds"),
                options=options("world", worlds.WORLDS),
                default=list(worlds.WORLDS[:3]),
            ),
            field("last_player", "player", _l("Who played last")),
        ],
        "rows": [
            *[
                field(
                    f"bases.{w}",
                    "ints",
                    _l("Visible bases on %(world)s (influence of each)", world=LABELS["world"][w]),
                    max=galaxy.MAX_INFLUENCE,
                    world=w,
                )
                for w in worlds.WORLDS
            ],
            field(
                "secret.world",
                "select",
                _l("Secret base: garrison's world (revealed, the garrison goes back to the hand: list it there)"),
                options=[["", str(_l("none"))]] + options("world", worlds.WORLDS),
                default="",
            ),
            field("secret.sensors", "bool", _l("Secret base revealed by Sensors at the end")),
            *[
                field(
                    f"hand.{w}",
                    "ints",
                    _l("Hand: %(world)s ships (values)", world=LABELS["world"][w]),
                    max=galaxy.MAX_SHIP_VALUE,
                    group="hand",
                )
                for w in worlds.WORLDS + (galaxy.ALLY,)
            ],
        ],
    }


def rftg_sheet() -> dict[str, Any]:
    most = [["", str(_l("none"))]] + options("goal", rftg.MOST_GOALS)
    return {
        "min_players": 1,
        "max_players": rftg.MAX_PLAYERS,
        "game_fields": [
            field("solitaire", "bool", _l("Solitaire against the robot")),
            field("most_1", "select", _l('First "most" goal in play'), options=most, default="", multiplayer=True),
            field("most_2", "select", _l('Second "most" goal in play'), options=most, default="", multiplayer=True),
            field("robot.vp_chips", "int", _l("Robot: VP chips"), max=rftg.MAX_VP, solitaire=True),
            field("robot.card_vp", "int", _l("Robot: VP printed on its other cards"), max=rftg.MAX_VP, solitaire=True),
            field(
                "robot.six_dev_chips",
                "int",
                _l("Robot: 6-cost developments in its tableau, cards and chips"),
                max=rftg.MAX_ROBOT_CHIPS,
                solitaire=True,
            ),
            field(
                "robot.chip_value",
                "select",
                _l("Robot: each 6-cost development is worth (by difficulty)"),
                options=[[str(v), str(v)] for v in rftg.ROBOT_CHIP_VALUES],
                default="6",
                numeric=True,
                solitaire=True,
            ),
            field(
                "robot.economic_impact",
                "int",
                _l("Robot: economic impact (tie-break)"),
                max=rftg.MAX_ROBOT_IMPACT,
                solitaire=True,
            ),
            field("robot.credits", "int", _l("Robot: credits (tie-break)"), max=rftg.MAX_ROBOT_CREDITS, solitaire=True),
        ],
        "rows": [
            field("vp_chips", "int", _l("VP chips (not the goals' tokens and tiles)"), max=rftg.MAX_VP),
            field("card_vp", "int", _l("VP printed on tableau cards"), max=rftg.MAX_VP),
            *[
                field(f"first.{g}", "bool", _l("First goal: %(goal)s", goal=LABELS["goal"][g]), multiplayer=True)
                for g in rftg.FIRST_GOALS
            ],
            field(
                "most_1",
                "int",
                _l('Count for the first "most" goal'),
                min=rftg.MIN_GOAL_VALUE,
                max=rftg.MAX_GOAL_VALUE,
                optional=True,
                most=1,
            ),
            field(
                "most_2",
                "int",
                _l('Count for the second "most" goal'),
                min=rftg.MIN_GOAL_VALUE,
                max=rftg.MAX_GOAL_VALUE,
                optional=True,
                most=2,
            ),
            field("ggp.has", "bool", _l("Has Galactic Genome Project")),
            field(
                "ggp.gene_worlds",
                "int",
                _l("Galactic Genome Project: Genes worlds, normal or windfall"),
                max=rftg.MAX_CARDS,
            ),
            field("ggp.genetic_labs", "bool", _l("Galactic Genome Project: has Genetic Labs")),
            field("tg.has", "bool", _l("Has Terraforming Guild")),
            field("tg.windfall_worlds", "int", _l("Terraforming Guild: windfall worlds"), max=rftg.MAX_CARDS),
            field(
                "tg.terraforming_cards",
                "int",
                _l("Terraforming Guild: TERRAFORMING cards, the Guild included"),
                min=1,
                max=rftg.MAX_CARDS,
                default="1",
            ),
            field("il.has", "bool", _l("Has Imperium Lords")),
            field(
                "il.imperium_cards",
                "int",
                _l("Imperium Lords: IMPERIUM cards, the Lords included"),
                min=1,
                max=rftg.MAX_CARDS,
                default="1",
            ),
            field(
                "il.other_military_worlds",
                "int",
                _l("Imperium Lords: military worlds that are not IMPERIUM cards"),
                max=rftg.MAX_CARDS,
            ),
            field(
                "six_other",
                "int",
                _l("Other 6-cost development bonuses (Galactic Renaissance: goal VP do not count)"),
                max=rftg.MAX_VP,
            ),
            field("cards_and_goods", "int", _l("Cards in hand plus goods (tie-break)"), max=rftg.MAX_VP),
        ],
    }


def parsec_sheet() -> dict[str, Any]:
    unit_labels = LABELS["unit"]
    return {
        "min_players": parsec.MIN_PLAYERS,
        "max_players": parsec.MAX_PLAYERS,
        "game_fields": [field("absolute_victory", "bool", _l("Total Victory Variant (both victories needed)"))],
        "rows": [
            field("resources.titanium", "int", _l("Titanium cards in hand"), max=parsec.MAX_CARDS),
            field("resources.gold", "int", _l("Gold cards in hand"), max=parsec.MAX_CARDS),
            field("resources.energy", "int", _l("Energy cards in hand"), max=parsec.MAX_CARDS),
            *[
                field(
                    f"events.{c}",
                    "int",
                    _l("%(colour)s event cards (played or not)", colour=LABELS["colour"][c]),
                    max=parsec.MAX_CARDS,
                )
                for c in parsec.EVENT_VP
            ],
            *[field(f"units.{u}", "int", unit_labels[u], max=parsec.MAX_UNITS) for u in parsec.UNIT_VP],
            *[
                field(
                    f"unit_values.{u}",
                    "int",
                    _l("Faction value of %(unit)s (blank: %(base)s)", unit=unit_labels[u], base=base),
                    max=parsec.MAX_UNIT_VALUE,
                    optional=True,
                    group="faction",
                )
                for u, base in parsec.UNIT_VP.items()
            ],
            field(
                "modules_dominated",
                "int",
                _l("Modules where only this player has a military ship"),
                max=max(parsec.MODULES.values()),
            ),
        ],
    }


SHEETS = {
    "eclipse": eclipse_sheet,
    "ti4": ti4_sheet,
    "galaxy": galaxy_sheet,
    "rftg": rftg_sheet,
    "parsec": parsec_sheet,
}


def default_names() -> list[str]:
    """The name a player gets until one is typed, in every language: a sheet kept in the browser
    holds it as text, and the script gives it back in the page's language when it meets it."""
    names = []
    for lang in LANGS:
        with force_locale(lang):
            names.append(gettext("Player %(n)s"))
    return names


def i18n() -> dict[str, str | list[str]]:
    """Strings the script shows, translated here (the script holds no language)."""
    return {
        "default_names": default_names(),
        **{
            k: str(v)
            for k, v in {
                "player": _l("Player %(n)s"),
                "winner": _l("Winner: %(name)s"),
                "shared": _l("Shared victory: %(names)s"),
                "ongoing": _l("The game is not over yet."),
                "blank": _l("No score entered yet: the winner will show here."),
                "decided_by": _l("Decided by"),
                "still_tied": _l("Still tied after"),
                "points": _l("VP"),
                "influence": _l("influence"),
                "no_lines": _l("Nothing scored yet."),
                "copied": _l("Link copied."),
                "copy_failed": _l("Copy the link above by hand."),
                "allowed": _l("Allowed: you may claim it, if you meet the card's requirement."),
                "refused": _l("Not allowed."),
                "remove": _l("Remove player %(n)s"),
                "name": _l("Name of player %(n)s"),
                "error": _l("Check the sheet"),
                "item": _l("no. %(n)s"),
                "out_of_range": _l("%(where)s: the value must be between %(min)s and %(max)s."),
                "unreachable": _l("The calculator could not be reached. Your sheet is kept in this browser."),
            }.items()
        },
    }


@bp.route("/scoring")
def index():
    return render_template("scoring/index.html", games=[(g.id, g.name, g.sheet_blurb) for g in GAMES.values()])


@bp.route("/scoring/<game>")
def sheet(game: str):
    if game not in SHEETS:
        abort(404)
    schema = {"id": game, "api": url_for(f"scoring_api.score_{game}"), **SHEETS[game]()}
    return render_template(
        "scoring/sheet.html",
        game=game,
        title=GAMES[game].name,
        blurb=GAMES[game].sheet_blurb,
        schema=schema,
        i18n=i18n(),
        first_rule=GAMES[game].sheet_rule,
        claim_api=url_for("scoring_api.claim") if game == "ti4" else None,
    )


# --- JSON API -------------------------------------------------------------------------------

api_bp = Blueprint("scoring_api", __name__)


def parse_eclipse(body: EclipseSheet) -> Standing:
    players = [
        eclipse.EclipsePlayer(
            name=p.name,
            species=p.species,
            reputation=tuple(p.reputation),
            ambassadors=p.ambassadors,
            hexes=tuple(p.hexes),
            discoveries=p.discoveries,
            monoliths=p.monoliths,
            tech=eclipse.Tech(**p.tech),
            traitor=p.traitor,
            resources=eclipse.Storage(**p.resources),
        )
        for p in body.players
    ]
    return eclipse.score(players, ancient_ships_on_board=body.ancient_ships_on_board)


def parse_ti4(body: Ti4Sheet) -> Standing:
    players = [
        ti4.TI4Player(name=p.name, vp=p.vp, initiative=p.initiative, eliminated=p.eliminated) for p in body.players
    ]
    return ti4.track(players, target=body.target, unrevealed_public_objectives=body.unrevealed_public_objectives)


def parse_claim(body: Ti4Claim) -> ti4_claim.ClaimVerdict:
    return ti4_claim.check_claim(
        ti4_claim.Claim(
            phase=body.phase,
            objective_type=body.objective_type,
            objective_phase=body.objective_phase,
            claimed_this_phase_public=body.claimed_this_phase.public,
            claimed_this_phase_secret=body.claimed_this_phase.secret,
            claimed_this_combat=body.claimed_this_combat,
            secret_objectives_held=body.secret_objectives_held,
            in_combat=body.in_combat,
            controls_home_planets=body.controls_home_planets,
            already_claimed_this_objective=body.already_claimed_this_objective,
            own_secret=body.own_secret,
            controls_mecatol_rex=body.controls_mecatol_rex,
            via_imperial=body.via_imperial,
        )
    )


def parse_galaxy(body: GalaxySheet) -> Standing:
    return galaxy.score(
        galaxy.GalaxySheet(
            tuple(body.players),
            tuple(body.surviving_worlds),
            tuple(galaxy.Base(b.player, b.world, b.influence) for b in body.bases),
            tuple(galaxy.SecretBase(b.player, b.world, b.revealed_by_sensors_at_end) for b in body.secret_bases),
            {name: tuple(galaxy.Card(c.world, c.value) for c in cards) for name, cards in body.hands.items()},
            body.last_player,
        )
    )


def parse_rftg(body: RftgSheet) -> Standing:
    players = []
    for p in body.players:
        six = p.six_dev_bonus
        genome, guild, lords = six.galactic_genome_project, six.terraforming_guild, six.imperium_lords
        players.append(
            rftg.RftgPlayer(
                name=p.name,
                vp_chips=p.vp_chips,
                card_vp=p.card_vp,
                first_goals=tuple(p.first_goals),
                cards_and_goods=p.cards_and_goods,
                other_six_dev_bonus=six.other,
                galactic_genome_project=None
                if genome is None
                else rftg.GenomeProject(genome.gene_worlds, genome.genetic_labs),
                terraforming_guild=None
                if guild is None
                else rftg.TerraformingGuild(guild.windfall_worlds, guild.terraforming_cards),
                imperium_lords=None
                if lords is None
                else rftg.ImperiumLords(lords.imperium_cards, lords.other_military_worlds),
            )
        )
    most = [rftg.MostGoal(g.goal, dict(g.values)) for g in body.most_goals]
    robot = None if body.robot is None else rftg.Robot(**body.robot.model_dump())
    return rftg.score(players, most, robot)


def parse_parsec(body: ParsecSheet) -> Standing:
    players = [
        parsec.ParsecPlayer(
            name=p.name,
            resources=dict(p.resources),
            events=dict(p.events),
            units=dict(p.units),
            unit_values=dict(p.unit_values),
            modules_dominated=p.modules_dominated,
        )
        for p in body.players
    ]
    return parsec.score(players, absolute=body.absolute_victory)


PARSERS: dict[str, Callable[[Any], Standing]] = {
    "eclipse": parse_eclipse,
    "ti4": parse_ti4,
    "galaxy": parse_galaxy,
    "rftg": parse_rftg,
    "parsec": parse_parsec,
}


def refusal(error: InvalidInput):
    """The engine's refusal as a 422, with ids in its params (worlds, goals...) shown by name."""
    error.params = format_params(error.params)
    return rule_refusal(error, ERROR_MESSAGES)


def reason_json(reason: Reason) -> dict[str, Any]:
    return verdicts.reason_json(reason, LINE_MESSAGES, format_params)


def line_json(line: Line) -> dict[str, Any]:
    return {
        **verdicts.reason_json(Reason(line.code, line.rule, line.params), LINE_MESSAGES, format_params),
        "points": line.points,
    }


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
        "narrowed_by": [reason_json(r) for r in result.narrowed_by],
        "verdicts": [reason_json(v) for v in result.verdicts],
        "game_over": result.game_over,
        "rules": list(result.rules),
        "citations": citations(result.rules),
    }


def score(game: str):
    body = read_json(SHEET_MODELS[game])
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
    return jsonify(
        {
            "allowed": verdict.allowed,
            "reasons": [reason_json(r) for r in verdict.reasons],
            "rules": list(verdict.rules),
            "citations": citations(verdict.rules),
        }
    )


# One route per game (``scoring_api.score_<game>``) so each is documented with its own schema.
for _game, _model in SHEET_MODELS.items():
    api_bp.add_url_rule(f"/api/score/{_game}", f"score_{_game}", partial(score, _game), methods=["POST"])
    document(
        f"/api/score/{_game}", "post", summary=SUMMARIES[_game], body=_model, response=StandingAnswer, limits=LIMITS
    )
api_bp.add_url_rule("/api/score/ti4/claim", "claim", claim, methods=["POST"])
document(
    "/api/score/ti4/claim",
    "post",
    summary=_l("May a TI4 player claim this objective (or the Imperial point) now?"),
    body=Ti4Claim,
    response=ClaimAnswer,
    limits=_l("counters 0..10"),
)
