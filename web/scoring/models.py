"""Requests and answers of the score sheets (one per game) and of the TI4 objective claim, declared once.

Bounds come from the engine modules (player counts, tracks, tiles); what needs the whole sheet
(two players with one name, two Traitors, a base on a surrendered world) stays in the engines,
which answer 422.
"""

from __future__ import annotations

from typing import Annotated

from flask_babel import lazy_gettext as _l
from pydantic import ConfigDict, Field

from engine.eclipse import scoring as eclipse
from engine.galaxy import scoring as galaxy
from engine.galaxy import worlds
from engine.parsec import scoring as parsec
from engine.rftg import scoring as rftg
from engine.ti4 import scoring as ti4
from engine.ti4 import claim as ti4_claim
from engine.core.checks import MAX_NAME_LENGTH
from web.core.models import Answer, Cited, OneOf, Reason, RequestModel, between

Name = Annotated[str, Field(min_length=1, max_length=MAX_NAME_LENGTH)]


# --- Eclipse ----------------------------------------------------------------------------------


class EclipsePlayer(RequestModel):
    name: Name
    species: Annotated[str, OneOf(eclipse.SPECIES)] = "terran"
    reputation: Annotated[
        list[Annotated[int, between(*eclipse.REPUTATION_VALUES)]], Field(max_length=eclipse.MAX_REPUTATION_TILES)
    ] = []
    ambassadors: Annotated[int, between(0, eclipse.AMBASSADOR_TILES)] = 0
    # The engine refuses more hexes than influence discs with its rule; the bound here only caps work.
    hexes: Annotated[list[Annotated[int, between(*eclipse.HEX_VALUES)]], Field(max_length=eclipse.MAX_BOARD_HEXES)] = []
    discoveries: Annotated[int, between(0, eclipse.MAX_DISCOVERIES)] = 0
    monoliths: Annotated[int, between(0, eclipse.MAX_HEXES)] = 0
    tech: dict[Annotated[str, OneOf(eclipse.TRACKS)], Annotated[int, between(0, eclipse.MAX_TRACK_TILES)]] = {}
    traitor: bool = False
    resources: dict[Annotated[str, OneOf(eclipse.RESOURCES)], Annotated[int, between(0, eclipse.MAX_RESOURCES)]] = {}


class EclipseSheet(RequestModel):
    model_config = ConfigDict(
        json_schema_extra={
            "examples": [
                {
                    "ancient_ships_on_board": 2,
                    "players": [
                        {
                            "name": "Anna",
                            "species": "planta",
                            "reputation": [3, 2],
                            "hexes": [2, 3, 1],
                            "discoveries": 1,
                            "tech": {"military": 4, "grid": 5, "nano": 2},
                            "resources": {"money": 4, "science": 2, "materials": 3},
                        },
                        {
                            "name": "Bruno",
                            "species": "draco",
                            "hexes": [4, 3],
                            "monoliths": 1,
                            "tech": {"nano": 7},
                            "resources": {"money": 9},
                        },
                    ],
                }
            ]
        }
    )

    ancient_ships_on_board: Annotated[int, between(0, eclipse.MAX_ANCIENTS)] = 0
    players: Annotated[list[EclipsePlayer], Field(min_length=eclipse.MIN_PLAYERS, max_length=eclipse.MAX_PLAYERS)]


# --- Twilight Imperium 4 ------------------------------------------------------------------------


class Ti4Player(RequestModel):
    name: Name
    vp: Annotated[int, between(0, max(ti4.TARGETS))] = 0
    initiative: Annotated[int, between(ti4.MIN_INITIATIVE, ti4.MAX_INITIATIVE)] | None = None
    eliminated: bool = False


class Ti4Sheet(RequestModel):
    model_config = ConfigDict(
        json_schema_extra={
            "examples": [
                {
                    "target": 10,
                    "players": [
                        {"name": "Anna", "vp": 10, "initiative": 7},
                        {"name": "Bruno", "vp": 10, "initiative": 5},
                        {"name": "Carla", "vp": 6, "initiative": 1},
                    ],
                }
            ]
        }
    )

    target: Annotated[int, OneOf(ti4.TARGETS)] = 10
    unrevealed_public_objectives: Annotated[int, between(0, ti4.MAX_UNREVEALED)] | None = None
    players: Annotated[list[Ti4Player], Field(min_length=ti4.MIN_PLAYERS, max_length=ti4.MAX_PLAYERS)]


Phase = Annotated[str, OneOf(ti4_claim.PHASES)]  # a card's phase
GamePhase = Annotated[str, OneOf(ti4_claim.GAME_PHASES)]  # the phase the game is in
ClaimCount = Annotated[int, between(0, ti4_claim.MAX_COUNT)]


class ClaimedThisPhase(RequestModel):
    public: ClaimCount = 0
    secret: ClaimCount = 0


class Ti4Claim(RequestModel):
    model_config = ConfigDict(
        json_schema_extra={
            "examples": [
                {
                    "phase": "status",
                    "objective_type": "public",
                    "claimed_this_phase": {"public": 1},
                    "controls_home_planets": False,
                }
            ]
        }
    )

    phase: GamePhase
    objective_type: Annotated[str, OneOf(ti4_claim.OBJECTIVE_TYPES)]
    objective_phase: Phase | None = None
    claimed_this_phase: ClaimedThisPhase = ClaimedThisPhase()
    claimed_this_combat: ClaimCount = 0
    secret_objectives_held: ClaimCount = 1
    in_combat: bool = False
    controls_home_planets: bool = True
    already_claimed_this_objective: bool = False
    own_secret: bool = True
    controls_mecatol_rex: bool = False
    via_imperial: bool = False


# --- Galaxy ----------------------------------------------------------------------------------------

World = Annotated[str, OneOf(worlds.WORLDS)]


class GalaxyBase(RequestModel):
    player: Name
    world: World
    influence: Annotated[int, between(0, galaxy.MAX_INFLUENCE)] = galaxy.MAX_INFLUENCE


class GalaxySecretBase(RequestModel):
    player: Name
    world: World
    revealed_by_sensors_at_end: bool = False


class GalaxyCard(RequestModel):
    world: Annotated[str, OneOf(galaxy.CARD_KINDS)]
    value: Annotated[int, between(0, galaxy.MAX_SHIP_VALUE)] = 0


class GalaxySheet(RequestModel):
    model_config = ConfigDict(
        json_schema_extra={
            "examples": [
                {
                    "players": ["Verde", "Rosso", "Blu"],
                    "surviving_worlds": ["myrmidon", "imperial", "cylor"],
                    "bases": [
                        {"player": "Verde", "world": "myrmidon", "influence": 5},
                        {"player": "Blu", "world": "cylor", "influence": 4},
                    ],
                    "secret_bases": [
                        {"player": "Rosso", "world": "ecup_contract"},
                        {"player": "Blu", "world": "imperial"},
                    ],
                    "hands": {"Verde": [{"world": "cylor", "value": 6}], "Blu": [{"world": "ally", "value": 8}]},
                    "last_player": "Blu",
                }
            ]
        }
    )

    players: Annotated[list[Name], Field(min_length=galaxy.MIN_PLAYERS, max_length=galaxy.MAX_PLAYERS)]
    surviving_worlds: Annotated[list[World], Field(max_length=len(worlds.WORLDS))]
    bases: Annotated[list[GalaxyBase], Field(max_length=galaxy.MAX_PLAYERS * galaxy.BASES_PER_PLAYER)] = []
    secret_bases: Annotated[list[GalaxySecretBase], Field(max_length=galaxy.MAX_PLAYERS)] = []
    hands: Annotated[
        dict[Name, Annotated[list[GalaxyCard], Field(max_length=galaxy.MAX_HAND)]], Field(max_length=galaxy.MAX_PLAYERS)
    ] = {}
    last_player: Name | None = None


# --- Race for the Galaxy ----------------------------------------------------------------------------

Vp = Annotated[int, between(0, rftg.MAX_VP)]
Cards = Annotated[int, between(0, rftg.MAX_CARDS)]


class GenomeProject(RequestModel):
    gene_worlds: Cards = 0
    genetic_labs: bool = False


class TerraformingGuild(RequestModel):
    windfall_worlds: Cards = 0
    terraforming_cards: Annotated[int, between(1, rftg.MAX_CARDS)] = 1


class ImperiumLords(RequestModel):
    imperium_cards: Annotated[int, between(1, rftg.MAX_CARDS)] = 1
    other_military_worlds: Cards = 0


class SixDevBonus(RequestModel):
    galactic_genome_project: GenomeProject | None = None
    terraforming_guild: TerraformingGuild | None = None
    imperium_lords: ImperiumLords | None = None
    other: Vp = 0


class RftgPlayer(RequestModel):
    name: Name
    vp_chips: Vp = 0
    card_vp: Vp = 0
    first_goals: Annotated[
        list[Annotated[str, OneOf(rftg.FIRST_GOALS)]], Field(max_length=rftg.FIRST_GOALS_IN_PLAY)
    ] = []
    six_dev_bonus: SixDevBonus = SixDevBonus()
    cards_and_goods: Vp = 0


class MostGoal(RequestModel):
    goal: Annotated[str, OneOf(tuple(rftg.MOST_GOALS))]
    values: Annotated[
        dict[Name, Annotated[int, between(rftg.MIN_GOAL_VALUE, rftg.MAX_GOAL_VALUE)]],
        Field(max_length=rftg.MAX_PLAYERS + 1),
    ] = {}


class Robot(RequestModel):
    name: Name = "Robot"
    vp_chips: Vp = 0
    card_vp: Vp = 0
    six_dev_chips: Annotated[int, between(0, rftg.MAX_ROBOT_CHIPS)] = 0
    chip_value: Annotated[int, OneOf(rftg.ROBOT_CHIP_VALUES)] = 6
    economic_impact: Annotated[int, between(0, rftg.MAX_ROBOT_IMPACT)] = 0
    credits: Annotated[int, between(0, rftg.MAX_ROBOT_CREDITS)] = 0


class RftgSheet(RequestModel):
    model_config = ConfigDict(
        json_schema_extra={
            "examples": [
                {
                    "players": [
                        {
                            "name": "Anna",
                            "vp_chips": 12,
                            "card_vp": 20,
                            "first_goals": ["galactic_status"],
                            "six_dev_bonus": {"imperium_lords": {"imperium_cards": 3, "other_military_worlds": 2}},
                        },
                        {"name": "Bruno", "vp_chips": 9, "card_vp": 26},
                    ],
                    "most_goals": [{"goal": "greatest_military", "values": {"Anna": 7, "Bruno": 7}}],
                }
            ]
        }
    )

    # One player plays solitaire against the robot; the engine checks that pairing.
    players: Annotated[list[RftgPlayer], Field(min_length=1, max_length=rftg.MAX_PLAYERS)]
    most_goals: Annotated[list[MostGoal], Field(max_length=rftg.MOST_GOALS_IN_PLAY)] = []
    robot: Robot | None = None


# --- Parsec ------------------------------------------------------------------------------------------

ParsecResource = Annotated[str, OneOf(parsec.RESOURCES)]
ParsecEvent = Annotated[str, OneOf(parsec.EVENT_VP)]
ParsecUnit = Annotated[str, OneOf(parsec.UNIT_VP)]


class ParsecPlayer(RequestModel):
    name: Name
    resources: dict[ParsecResource, Annotated[int, between(0, parsec.MAX_CARDS)]] = {}
    events: dict[ParsecEvent, Annotated[int, between(0, parsec.MAX_CARDS)]] = {}
    units: dict[ParsecUnit, Annotated[int, between(0, parsec.MAX_UNITS)]] = {}
    unit_values: dict[ParsecUnit, Annotated[int, between(0, parsec.MAX_UNIT_VALUE)]] = {}
    modules_dominated: Annotated[int, between(0, max(parsec.MODULES.values()))] = 0


class ParsecSheet(RequestModel):
    model_config = ConfigDict(
        json_schema_extra={
            "examples": [
                {
                    "players": [
                        {
                            "name": "Anna",
                            "resources": {"titanium": 3, "gold": 2, "energy": 4},
                            "events": {"green": 2, "purple": 1},
                            "units": {"colony": 6, "cargo": 2, "cruiser": 1},
                        },
                        {
                            "name": "Bruno",
                            "units": {"colony": 4, "fighter": 5},
                            "unit_values": {"fighter": 4},
                            "modules_dominated": 2,
                        },
                    ]
                }
            ]
        }
    )

    absolute_victory: bool = False
    players: Annotated[list[ParsecPlayer], Field(min_length=parsec.MIN_PLAYERS, max_length=parsec.MAX_PLAYERS)]


SHEETS: dict[str, type[RequestModel]] = {
    "eclipse": EclipseSheet,
    "ti4": Ti4Sheet,
    "galaxy": GalaxySheet,
    "rftg": RftgSheet,
    "parsec": ParsecSheet,
}


# --- Answers ------------------------------------------------------------------------------------


class ScoreLine(Reason):
    """One line of a player's breakdown: a reason worth some points."""

    points: int


class PlayerScore(Answer):
    name: str
    total: int
    breakdown: list[ScoreLine]


class StandingAnswer(Cited):
    game: str
    players: list[PlayerScore]
    winner: str | None
    co_winners: list[str]
    tie_break: Reason | None
    narrowed_by: list[Reason]  # the tie-break rungs before ``tie_break`` that left several tied
    verdicts: list[Reason]
    game_over: bool


class ClaimAnswer(Cited):
    allowed: bool
    reasons: list[Reason]


SUMMARIES = {
    "eclipse": _l("Eclipse end-of-game VP: breakdown per player, winner after the resources tie-break."),
    "ti4": _l("TI4 victory point track: game over at 10 or 14 or with no objective left, winner by initiative."),
    "galaxy": _l(
        "Galaxy final influence: visible and secret bases, winner after hand value and last-player tie-breaks."
    ),
    "rftg": _l("Race for the Galaxy + The Gathering Storm final VP: goals, 6-cost developments, solitaire robot."),
    "parsec": _l("Parsec: timed-variant points and the economic and military victory checks."),
}
LIMITS = _l("players within each game's range; counts bounded as in each schema (docs/scoring.md)")
