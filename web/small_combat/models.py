"""Requests and answers of the small combat tools (Galaxy, Parsec, Race for the Galaxy), declared once.

Types and bounds come from the engines' constants; what needs the whole request (a Nova cannot
be attacked, a colony does not attack) stays in the engines, which answer 422.
"""

from __future__ import annotations

from typing import Annotated, Any, ClassVar, Literal, Mapping

from pydantic import ConfigDict, Field, create_model
from pydantic.config import JsonDict

from engine.galaxy import combat as galaxy
from engine.galaxy import worlds
from engine.parsec import combat as parsec
from engine.rftg import conquest as rftg
from web.core.models import Answer, Cited, Count, OneOf, Probability, Reason, RequestModel, between, cited
from web.small_combat.text import ERRORS

ShipValue = Annotated[
    int, between(galaxy.SHIP_MIN, galaxy.SHIP_MAX), cited("ship_value_out_of_range", galaxy.RULE_SHIP_POWERS)
]
GalaxyWorld = Annotated[str, OneOf(worlds.WORLDS)]
ParsecUnit = Annotated[str, OneOf(tuple(parsec.UNITS))]
Modifier = Annotated[int, between(-parsec.MODIFIER_LIMIT, parsec.MODIFIER_LIMIT), cited("modifier_out_of_range")]
RangeBonus = Annotated[int, between(0, parsec.MAX_RANGE_BONUS), cited("range_bonus_out_of_range")]
Distance = Annotated[int, between(1, parsec.MAX_DISTANCE), cited("distance_out_of_range")]
# A ship target needs its value; a base does not.
SHIP_VALUE_GIVEN: JsonDict = {"required": ["defender"], "properties": {"defender": {"type": "integer"}}}
BASE_TARGET: JsonDict = {"required": ["target"], "properties": {"target": {"const": "base"}}}


class GalaxyTarget(RequestModel):
    """One ship or base attacked (a ship needs its value, ``defender``)."""

    model_config = ConfigDict(json_schema_extra={"anyOf": [SHIP_VALUE_GIVEN, BASE_TARGET]})

    target: Literal["ship", "base"] = "ship"
    defender: ShipValue | None = None
    defender_phaser_banks: bool = False
    defender_has_governor: bool = True
    counterattack: bool = True
    defender_screened: bool = False
    # A base's rows it may still drop this turn (1 in the active row); ships ignore it.
    rows_left: Annotated[
        int, between(1, galaxy.MAX_BASE_ROWS), cited("base_rows_out_of_range", galaxy.RULE_BASE_COMBAT)
    ] = 1


class GalaxyCombat(GalaxyTarget):
    """An attack on one target (its fields at the top level) or a turn's attacks on ``targets``."""

    model_config = ConfigDict(
        json_schema_extra={
            "examples": [{"attacker": 10, "defender": 8, "target": "ship"}],
            # A ship target needs its value; a list of targets carries its own.
            "anyOf": [
                {"required": ["targets"], "properties": {"targets": {"type": "array"}}},
                SHIP_VALUE_GIVEN,
                BASE_TARGET,
            ],
        }
    )

    refusals: ClassVar[Mapping[str, Any]] = ERRORS

    attacker: Annotated[
        int, between(galaxy.FLEET_MIN, galaxy.FLEET_MAX), cited("attacker_not_a_fleet", galaxy.RULE_FLEET)
    ]
    attacker_phaser_banks: bool = False
    attacker_screens: bool = False
    opportunities: Annotated[
        int, between(1, galaxy.MAX_OPPORTUNITIES), cited("opportunities_out_of_range", galaxy.RULE_OPPORTUNITIES)
    ] = 1
    plan: Literal["same", "different"] = "same"
    targets: Annotated[list[GalaxyTarget], Field(min_length=1, max_length=galaxy.MAX_TARGETS)] | None = None


class GalaxyOpportunities(RequestModel):
    model_config = ConfigDict(
        json_schema_extra={
            "examples": [{"world": "myrmidon", "value": 6, "covers": True, "row": {"imperial": 6, "divergence": 6}}]
        }
    )

    refusals: ClassVar[Mapping[str, Any]] = ERRORS

    world: GalaxyWorld
    value: ShipValue
    covers: bool = False
    face_down: bool = False
    governs_imperial: bool = False
    row: dict[GalaxyWorld, ShipValue] = {}  # the other worlds' ships in the played ship's row


class ParsecAttacker(RequestModel):
    unit: ParsecUnit
    distance: Distance | None = None  # the request's ``distance`` when absent


class ParsecDefender(RequestModel):
    unit: ParsecUnit
    linked_colonies: Annotated[int, between(1, parsec.MAX_LINKED_COLONIES), cited("linked_colonies_out_of_range")] = 1
    surrounded: bool = False


class ParsecCombat(RequestModel):
    model_config = ConfigDict(
        json_schema_extra={
            "examples": [
                {
                    "attackers": [{"unit": "cruiser"}, {"unit": "fighter"}],
                    "defender": {"unit": "colony", "linked_colonies": 1},
                    "distance": 1,
                    "attack_modifier": 0,
                    "defense_modifier": 0,
                }
            ]
        }
    )

    refusals: ClassVar[Mapping[str, Any]] = ERRORS

    attackers: Annotated[list[ParsecAttacker], Field(min_length=1, max_length=parsec.MAX_ATTACKERS)]
    defender: ParsecDefender
    distance: Distance = 1
    attack_modifier: Modifier = 0
    defense_modifier: Modifier = 0
    cargo_attacks: bool = False  # an event card lets cargo ships attack
    counter_attack_modifier: Modifier = 0
    counter_defense_modifier: Modifier = 0
    attacker_range_bonus: RangeBonus = 0
    defender_range_bonus: RangeBonus = 0
    defender_choice: Literal["counterattack", "evade"] = "counterattack"
    attacker_choice: Literal["continue", "withdraw"] = "continue"


class RftgConquest(RequestModel):
    model_config = ConfigDict(
        json_schema_extra={"examples": [{"defense": 5, "military": [2, 3, -1], "discard_power": True, "hand_size": 3}]}
    )

    refusals: ClassVar[Mapping[str, Any]] = ERRORS

    defense: Annotated[int, between(1, rftg.MAX_DEFENSE), cited("defense_out_of_range")]
    military: Annotated[
        list[Annotated[int, between(-rftg.MILITARY_LIMIT, rftg.MILITARY_LIMIT), cited("military_out_of_range")]],
        Field(max_length=rftg.MAX_TABLEAU),
    ] = []
    specialized_bonus: Annotated[int, between(0, rftg.MAX_SPECIALIZED), cited("specialized_bonus_out_of_range")] = 0
    discard_power: bool = False
    space_mercenaries: bool = False
    hand_size: Annotated[int, between(0, rftg.MAX_HAND), cited("hand_size_out_of_range")] = 0
    second_world: bool = False
    discarded_this_phase: Annotated[
        int, between(0, rftg.MAX_DISCARDS * rftg.MAX_POWERS), cited("discarded_out_of_range")
    ] = 0


# --- Answers ------------------------------------------------------------------------------


class GalaxySequenceTarget(Answer):
    """One target of a turn's attacks: a ship's odds of destruction, or a base's rows lost."""

    target: str
    destroyed: Probability = 0
    rows_lost: list[Probability] = []


class GalaxySequence(Answer):
    opportunities: Annotated[int, between(1, galaxy.MAX_OPPORTUNITIES)]
    plan: str
    attacker_destroyed: Probability
    nothing_happens: Probability
    ships_destroyed: list[Probability]
    targets: list[GalaxySequenceTarget]


class GalaxyCombatAnswer(Cited):
    target: Literal["ship", "base"]
    attack_succeeds: Probability
    counterattack_destroys_attacker: Probability
    nothing_happens: Probability
    base_holds: Probability | None = None
    counterattack: Literal["must", "may", "declined"] | None = None
    counterattack_succeeds: Probability | None = None
    sequence: GalaxySequence
    reasons: list[Reason]


class GalaxyOpportunitiesAnswer(Cited):
    opportunities: Annotated[int, between(0, galaxy.MAX_OPPORTUNITIES)]
    sensors_reveal: Probability
    reasons: list[Reason]


# How an exchange ends, each outcome's probability (the engine's outcome ids are the keys).
ParsecExchange = create_model(
    "ParsecExchange", __base__=Answer, **{outcome: (Probability, ...) for outcome in parsec.OUTCOMES}
)  # type: ignore[call-overload]


class ParsecCombatAnswer(Cited):
    attack_succeeds: Probability
    attack_bonus: int
    defense_bonus: int
    taking_part: list[Count]
    defender_response: parsec.DefenderResponse
    counterattack_target: int | None
    counterattack_succeeds: Probability | None
    exchange: ParsecExchange
    ships_lost: list[Probability]
    reasons: list[Reason]


class RftgConquestAnswer(Cited):
    conquerable: bool
    discards_needed: Annotated[int, between(0, 2)] | None
    force: int
    max_force: int
    defense: Annotated[int, between(1, rftg.MAX_DEFENSE)]
    shortfall: Count
    reasons: list[Reason]
