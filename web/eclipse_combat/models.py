"""Requests of the Eclipse combat tools (a battle, a hex of several factions), declared once.

Ranges come from the engine's tables (STAT_LIMITS, the miniatures' counts); what depends on the
ship type or on several fields (a cruiser's count, the energy of a blueprint, Ancients that only
defend) stays in the engine, which answers 422 citing the rule.
"""

from __future__ import annotations

from typing import Annotated

from pydantic import ConfigDict, Field

from engine.eclipse.battle import MAX_RETREAT_ROUND
from engine.eclipse.blueprints import STAT_LIMITS
from engine.eclipse.multi import MAX_PLAYER_FACTIONS
from engine.eclipse.parts import NPC_TYPES, PARTS, PLAYER_TYPES
from engine.eclipse.targeting import TARGETINGS
from web.core.models import OneOf, RequestModel, between

MAX_GROUPS = len(PLAYER_TYPES)  # one group per ship type
MAX_PARTS = 12
MAX_COUNT = 8  # the most miniatures of any type (interceptors); the engine applies each type's own
MAX_ENTERED = 20
MAX_NAME = 40

ShipType = Annotated[str, OneOf(PLAYER_TYPES + NPC_TYPES)]
PlayerType = Annotated[str, OneOf(PLAYER_TYPES)]
PartId = Annotated[str, OneOf(tuple(PARTS))]
Targeting = Annotated[str, OneOf(TARGETINGS)]
Initiative = Annotated[int, between(*STAT_LIMITS["initiative"])]
Hull = Annotated[int, between(*STAT_LIMITS["hull"])]
Computer = Annotated[int, between(*STAT_LIMITS["computer"])]
Shield = Annotated[int, between(*STAT_LIMITS["shield"])]
Missiles = Annotated[int, between(*STAT_LIMITS["missiles"])]
Ion = Annotated[int, between(*STAT_LIMITS["ion"])]
Plasma = Annotated[int, between(*STAT_LIMITS["plasma"])]
Antimatter = Annotated[int, between(*STAT_LIMITS["antimatter"])]

STAT_FIELDS = ("initiative", "hull", "computer", "shield", "missiles")
CANNON_FIELDS = ("ion", "plasma", "antimatter")


class Cannons(RequestModel):
    ion: Ion = 0
    plasma: Plasma = 0
    antimatter: Antimatter = 0


class ShipGroup(RequestModel):
    """Ships of one type: the Terran blueprint, its ``parts``, or explicit stats (not both)."""

    type: ShipType
    count: Annotated[int, between(1, MAX_COUNT)]
    parts: Annotated[list[PartId], Field(max_length=MAX_PARTS)] | None = None
    initiative: Initiative = 0
    hull: Hull = 0
    computer: Computer = 0
    shield: Shield = 0
    missiles: Missiles = 0
    cannons: Cannons = Cannons()


Ships = Annotated[list[ShipGroup], Field(min_length=1, max_length=MAX_GROUPS)]


class RetreatPlan(RequestModel):
    round: Annotated[int, between(1, MAX_RETREAT_ROUND)]
    types: Annotated[list[PlayerType], Field(max_length=MAX_GROUPS)] = []


class EclipseSide(RequestModel):
    ships: Ships
    targeting: Targeting | None = None  # the battle's ``targeting`` when absent
    retreat: RetreatPlan | None = None


class EclipseBattle(RequestModel):
    model_config = ConfigDict(json_schema_extra={"examples": [{
        "attacker": {"ships": [{"type": "interceptor", "count": 2},
                               {"type": "cruiser", "count": 1,
                                "parts": ["plasma_cannon", "hull", "fusion_source", "nuclear_drive",
                                          "electron_computer"]}]},
        "defender": {"ships": [{"type": "ancient", "count": 1}]}}]})

    attacker: EclipseSide
    defender: EclipseSide
    targeting: Targeting = "optimal"


class Faction(RequestModel):
    name: Annotated[str, Field(min_length=1, max_length=MAX_NAME)]
    ships: Ships
    entered: Annotated[int, between(0, MAX_ENTERED)] | None = None  # its place in the list when absent
    controller: bool = False
    targeting: Targeting | None = None


class EclipseHex(RequestModel):
    model_config = ConfigDict(json_schema_extra={"examples": [{"factions": [
        {"name": "red", "controller": True, "ships": [{"type": "interceptor", "count": 2}]},
        {"name": "green", "entered": 1, "ships": [{"type": "interceptor", "count": 1}]},
        {"name": "blue", "entered": 2, "ships": [{"type": "cruiser", "count": 1}]}]}]})

    factions: Annotated[list[Faction], Field(min_length=2, max_length=MAX_PLAYER_FACTIONS + 1)]
    targeting: Targeting = "optimal"
