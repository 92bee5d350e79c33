"""Requests and answers of the Eclipse combat tools (a battle, a hex of several factions, a
background computation), declared once.

Ranges come from the engine's tables (STAT_LIMITS, the miniatures' counts); what depends on the
ship type or on several fields (a cruiser's count, the energy of a blueprint, Ancients that only
defend) stays in the engine, which answers 422 citing the rule.
"""

from __future__ import annotations

from typing import Annotated, Any, ClassVar, Mapping

from flask_babel import lazy_gettext as _l
from pydantic import ConfigDict, Field

from engine.eclipse.battle import (
    MAX_BACKGROUND_STATES,
    MAX_OPTIMAL_STATES,
    MAX_RETREAT_ROUND,
    MAX_ROUNDS_DETAIL,
    MAX_STATES,
    RULE_RETREAT,
)
from engine.eclipse.blueprints import STAT_LIMITS, stat_rule
from engine.eclipse.multi import MAX_BATTLES, MAX_PLAYER_FACTIONS
from engine.eclipse.parts import NPC_TYPES, PARTS, PLAYER_TYPES
from engine.eclipse.species import SPECIES
from engine.eclipse.targeting import TARGETINGS
from web.core.i18n import lazy_number
from web.core.jobs import STATUS_NAMES
from web.core.models import (
    Answer,
    Cited,
    Count,
    ErrorDetail,
    OneOf,
    Probability,
    Reason,
    RequestModel,
    between,
    cited,
)
from web.eclipse_combat.text import ERRORS

MAX_GROUPS = len(PLAYER_TYPES)  # one group per ship type
MAX_PARTS = 12
MAX_COUNT = 8  # the most miniatures of any type (interceptors); the engine applies each type's own
MAX_ENTERED = 20
MAX_NAME = 40

ShipType = Annotated[str, OneOf(PLAYER_TYPES + NPC_TYPES)]
PlayerType = Annotated[str, OneOf(PLAYER_TYPES)]
PartId = Annotated[str, OneOf(tuple(PARTS))]
Targeting = Annotated[str, OneOf(TARGETINGS)]
Species = Annotated[str, OneOf(SPECIES)]
Initiative = Annotated[int, between(*STAT_LIMITS["initiative"]), cited("stat_out_of_range", stat_rule("initiative"))]
Hull = Annotated[int, between(*STAT_LIMITS["hull"]), cited("stat_out_of_range", stat_rule("hull"))]
Computer = Annotated[int, between(*STAT_LIMITS["computer"]), cited("stat_out_of_range", stat_rule("computer"))]
Shield = Annotated[int, between(*STAT_LIMITS["shield"]), cited("stat_out_of_range", stat_rule("shield"))]
Missiles = Annotated[int, between(*STAT_LIMITS["missiles"]), cited("stat_out_of_range", stat_rule("missiles"))]
Ion = Annotated[int, between(*STAT_LIMITS["ion"]), cited("stat_out_of_range", stat_rule("ion"))]
Plasma = Annotated[int, between(*STAT_LIMITS["plasma"]), cited("stat_out_of_range", stat_rule("plasma"))]
Antimatter = Annotated[int, between(*STAT_LIMITS["antimatter"]), cited("stat_out_of_range", stat_rule("antimatter"))]

STAT_FIELDS = ("initiative", "hull", "computer", "shield", "missiles")
CANNON_FIELDS = ("ion", "plasma", "antimatter")


class Cannons(RequestModel):
    ion: Ion = 0
    plasma: Plasma = 0
    antimatter: Antimatter = 0


class ShipGroup(RequestModel):
    """Ships of one type: its species' starting blueprint, its ``parts``, or explicit stats (not both)."""

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
    round: Annotated[int, between(1, MAX_RETREAT_ROUND), cited("retreat_round_out_of_range", RULE_RETREAT)]
    types: Annotated[list[PlayerType], Field(max_length=MAX_GROUPS)] = []


class EclipseSide(RequestModel):
    ships: Ships
    species: Species = "terran"  # whose player board: the starting blueprints, slots and printed bonuses
    targeting: Targeting | None = None  # the battle's ``targeting`` when absent
    retreat: RetreatPlan | None = None


class EclipseBattle(RequestModel):
    model_config = ConfigDict(
        json_schema_extra={
            "examples": [
                {
                    "attacker": {
                        "species": "orion",
                        "ships": [
                            {"type": "interceptor", "count": 2},
                            {
                                "type": "cruiser",
                                "count": 1,
                                "parts": [
                                    "plasma_cannon",
                                    "shard_hull",
                                    "fusion_source",
                                    "nuclear_drive",
                                    "electron_computer",
                                    "gauss_shield",
                                ],
                            },
                        ],
                    },
                    "defender": {"ships": [{"type": "ancient", "count": 1}]},
                }
            ]
        }
    )
    refusals: ClassVar[Mapping[str, Any]] = ERRORS

    attacker: EclipseSide
    defender: EclipseSide
    targeting: Targeting = "optimal"


class Faction(RequestModel):
    name: Annotated[str, Field(min_length=1, max_length=MAX_NAME)]
    ships: Ships
    entered: Annotated[int, between(0, MAX_ENTERED)] | None = None  # its place in the list when absent
    controller: bool = False
    species: Species = "terran"
    targeting: Targeting | None = None


class EclipseHex(RequestModel):
    model_config = ConfigDict(
        json_schema_extra={
            "examples": [
                {
                    "factions": [
                        {"name": "red", "controller": True, "ships": [{"type": "interceptor", "count": 2}]},
                        {"name": "green", "entered": 1, "ships": [{"type": "interceptor", "count": 1}]},
                        {"name": "blue", "entered": 2, "ships": [{"type": "cruiser", "count": 1}]},
                    ]
                }
            ]
        }
    )
    refusals: ClassVar[Mapping[str, Any]] = ERRORS

    factions: Annotated[list[Faction], Field(min_length=2, max_length=MAX_PLAYER_FACTIONS + 1)]
    targeting: Targeting = "optimal"


LIMITS = _l(
    "ship groups per side 1-%(groups)s (one per type); counts 8 interceptors, 4 cruisers, 2 dreadnoughts, "
    "4 starbases, 3 Ancients, 1 GCDS; explicit stats within %(stats)s; retreat round 1-%(retreat)s; battle "
    "states up to %(optimal)s with optimal targeting, up to %(largest)s with largest_first (optimal falls "
    "back to it, fallback: true), beyond that refused (battle_too_large); above %(detail)s states rounds "
    "is empty and only expected_rounds is given.",
    groups=MAX_GROUPS,
    stats=", ".join(f"{k} {lo}-{hi}" for k, (lo, hi) in STAT_LIMITS.items()),
    retreat=MAX_RETREAT_ROUND,
    optimal=lazy_number(MAX_OPTIMAL_STATES),
    largest=lazy_number(MAX_STATES),
    detail=lazy_number(MAX_ROUNDS_DETAIL),
)
HEX_LIMITS = _l(
    "at most %(factions)s player factions and one NPC faction; each battle within the limits of "
    "/api/combat/eclipse; at most %(battles)s distinct battles.",
    factions=MAX_PLAYER_FACTIONS,
    battles=MAX_BATTLES,
)
JOB_LIMITS = _l(
    "as /api/combat/eclipse, with optimal targeting up to %(states)s battle states; one computation runs "
    "at a time, the others wait in order.",
    states=lazy_number(MAX_BACKGROUND_STATES),
)


# --- Answers ----------------------------------------------------------------------------------


class CannonsAnswer(Answer):
    ion: int
    plasma: int
    antimatter: int


class ShipStats(Answer):
    """A ship group's stats as the battle used them (from parts, explicit, or a preset)."""

    type: str
    count: Annotated[int, Field(ge=1)]
    initiative: int
    hull: int
    computer: int
    shield: int
    cannons: CannonsAnswer
    missiles: int
    energy_use: int = 0
    energy_production: int = 0
    movement: int = 0


class SideResult(Answer):
    expected_lost: float
    reputation: float | None
    escape: Probability
    targeting: Targeting
    ships: list[ShipStats]


class RoundsShare(Answer):
    rounds: Count
    p: Probability
    or_more: bool


class GroupResult(Answer):
    side: str
    type: str
    count: Annotated[int, Field(ge=1)]
    initiative: int = 0
    survivors: list[Probability]
    escaped: Probability
    expected_lost: float


class Activation(Answer):
    side: Annotated[str, OneOf(("attacker", "defender"))]
    type: str
    initiative: int


class SizeLimits(Answer):
    estimate: Count = 0
    max_optimal_states: int = 0
    max_states: int = 0


class EclipseCombatAnswer(Cited):
    """``attacker_win + defender_win = 1``: on a stalemate (STALLO, eclipse/stallo) the attacker
    retreats or is destroyed and the defender holds the hex."""

    attacker_win: Probability = Field(description="P(the attacker alone remains in the hex).")
    defender_win: Probability = Field(description="P(the defender holds the hex), stalemates included.")
    draw: Probability = Field(description="Same as `stalemate` (older name): a detail of `defender_win`.")
    stalemate: Probability = Field(
        description="P(nobody can destroy the other, only missiles): the part of `defender_win` won by STALLO."
    )
    attacker: SideResult
    defender: SideResult
    expected_rounds: float
    rounds: list[RoundsShare]
    groups: list[GroupResult]
    order: list[Activation]
    missile_order: list[Activation] = []
    method: Annotated[str, OneOf(("exact",))] = "exact"
    fallback: bool
    limits: SizeLimits = SizeLimits()
    reasons: list[Reason]


class EclipseHexAnswer(Cited):
    hold: dict[str, Probability]
    sequence: list[str]
    battles: Annotated[int, Field(ge=1)]
    reasons: list[Reason]


class EclipseJob(Answer):
    """A background computation: its status and addresses; the answer once done, the refusal if failed."""

    id: str
    status: Annotated[str, OneOf(STATUS_NAMES)]
    status_text: str
    progress: Probability
    api: str
    page: str
    result: EclipseCombatAnswer | None = None
    error: ErrorDetail | None = None
