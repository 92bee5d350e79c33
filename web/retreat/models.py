"""Requests and answers of the retreat checkers (Eclipse, TI4, Parsec), declared once.

The API and the pages both validate with these models (a page turns its query string into the
same object). Duplicate names, hexes already taken and the like need the whole request: the
engines refuse them with 422.
"""

from __future__ import annotations

from typing import Annotated, Any, ClassVar, Mapping

from pydantic import BeforeValidator, ConfigDict, Field, WithJsonSchema, create_model

from engine.eclipse import retreat as ec
from engine.parsec import retreat as ps
from engine.ti4 import retreat as ti4
from engine.ti4.units import FACTION_FLAGSHIPS
from web.core.models import Answer, Cited, Count, OneOf, Reason, RequestModel, RuleId, between, cited
from web.retreat.text import INPUT_MESSAGES, TI4_UNIT_NAMES

MAX_PLAYER_NAME = 24

Colour = Annotated[str, OneOf(ec.COLOURS)]
Anomaly = Annotated[str, OneOf(ti4.ANOMALIES)]
Coordinate = Annotated[int, between(-ps.MAX_COORD, ps.MAX_COORD)]


class EclipseCandidate(RequestModel):
    hex: Annotated[str, Field(min_length=1, max_length=ec.MAX_HEX_NAME)]
    influence: Colour | None = None
    ships: Annotated[list[Annotated[str, OneOf(ec.SHIP_OWNERS)]], Field(max_length=len(ec.SHIP_OWNERS))] = []
    wormhole: Annotated[str, OneOf(ec.WORMHOLES)] = "full"
    adjacent: bool = True


class EclipseRetreat(RequestModel):
    model_config = ConfigDict(
        json_schema_extra={
            "examples": [
                {
                    "player": "green",
                    "wormhole_generator": False,
                    "candidates": [
                        {"hex": "B", "influence": "green", "ships": [], "wormhole": "full"},
                        {"hex": "C", "influence": None, "ships": ["green"], "wormhole": "full"},
                        {"hex": "D", "influence": None, "ships": [], "wormhole": "full"},
                        {"hex": "E", "influence": None, "ships": ["red"], "wormhole": "full"},
                    ],
                }
            ]
        }
    )

    player: Colour
    wormhole_generator: bool = False
    ship_type: Annotated[str, OneOf(ec.SHIP_TYPES)] | None = None
    all_ships_retreat: bool | None = None
    candidates: Annotated[list[EclipseCandidate], Field(max_length=ec.MAX_NEIGHBOURS)]


def _adjacency(value: Any) -> Any:
    """``adjacent`` may say true (shares an edge) or false instead of edge / none."""
    if isinstance(value, bool):
        return "edge" if value else "none"
    return value


Adjacency = Annotated[
    Annotated[str, OneOf(ti4.ADJACENCIES)],
    BeforeValidator(_adjacency),
    WithJsonSchema({"anyOf": [{"type": "boolean"}, {"type": "string", "enum": list(ti4.ADJACENCIES)}]}),
]


class Ti4Candidate(RequestModel):
    system: Annotated[str, Field(min_length=1, max_length=ti4.MAX_SYSTEM_NAME)]
    adjacent: Adjacency | None = None  # shares an edge when absent
    controls_planet: bool = False
    own_units: bool = False
    other_players_ships: bool = False
    anomaly: Anomaly | None = None
    command_token: bool = False
    own_ships: Annotated[int, between(0, ti4.MAX_SHIPS_THERE)] = 0


# The retreating fleet: counts up to the component limits (87.2), refused in the game's words, and
# the engine's yes/no fields. A flagship's capacity is printed on its sheet, not a count of pieces.
_UNIT_FIELDS: dict[str, Any] = {
    **{
        name: (
            Annotated[int, between(0, ti4.fleet_limit(name))]
            if name == "flagship_capacity"
            else Annotated[int, between(0, ti4.fleet_limit(name)), cited("too_many_units", "ti4/87.2")],
            0,
        )
        for name in ti4.FLEET_INT_FIELDS
    },
    **{name: (bool, False) for name in ti4.FLEET_BOOL_FIELDS},
    # Its own ships' capacity where the faction sheet prints other numbers (Sol, L1Z1X).
    "faction": (Annotated[str, OneOf(tuple(FACTION_FLAGSHIPS))] | None, None),
}
Ti4RetreatUnits = create_model("Ti4RetreatUnits", __base__=RequestModel, **_UNIT_FIELDS)


class Ti4Retreat(RequestModel):
    refusals: ClassVar[Mapping[str, Any]] = INPUT_MESSAGES
    names: ClassVar[Mapping[str, Any]] = TI4_UNIT_NAMES
    model_config = ConfigDict(
        json_schema_extra={
            "examples": [
                {
                    "player": "Sol",
                    "role": "defender",
                    "opponent_announced_retreat": False,
                    "candidates": [
                        {"system": "A", "adjacent": True, "controls_planet": True, "own_ships": 2},
                        {"system": "B", "adjacent": "wormhole", "own_units": True},
                        {"system": "C", "adjacent": True, "own_units": True, "anomaly": "nebula"},
                    ],
                    "units": {"carriers": 1, "dreadnoughts": 1, "fighters": 4, "infantry": 3},
                    "fleet_pool": 3,
                }
            ]
        }
    )

    player: Annotated[str, Field(max_length=MAX_PLAYER_NAME)] = ""
    role: Annotated[str, OneOf(ti4.ROLES)]
    opponent_announced_retreat: bool = False
    tokens_in_reinforcements: bool = True
    active_anomaly: Annotated[str, OneOf(ti4.COMBAT_ANOMALIES)] | None = None  # never a supernova (79.1)
    fleet_pool: Annotated[int, between(0, ti4.MAX_FLEET_POOL)] | None = None
    antimass_deflectors: bool = False  # an asteroid field becomes a legal destination (14.1)
    candidates: Annotated[list[Ti4Candidate], Field(max_length=ti4.MAX_CANDIDATES)]
    units: Ti4RetreatUnits | None = None


class ParsecHex(RequestModel):
    q: Coordinate
    r: Coordinate


class ParsecRetreatAttacker(ParsecHex):
    kind: Annotated[str, OneOf(tuple(ps.UNITS))]  # a colony is refused by the engine, with its rule
    range: Annotated[int, between(1, ps.MAX_RANGE)] | None = None  # the unit's own when absent


class ParsecRetreat(RequestModel):
    model_config = ConfigDict(
        json_schema_extra={
            "examples": [
                {
                    "vessel": "fighter",
                    "attackers": [{"kind": "cruiser", "q": 2, "r": 0}, {"kind": "fighter", "q": 1, "r": -1}],
                    "blocked": [{"q": -1, "r": 1}],
                    "destination": {"q": -2, "r": 0},
                }
            ]
        }
    )

    vessel: Annotated[str, OneOf(ps.EVADERS)]
    movement: Annotated[int, between(1, ps.MAX_MOVEMENT)] | None = None
    escape_card: bool = False
    attackers: Annotated[list[ParsecRetreatAttacker], Field(min_length=1, max_length=ps.MAX_ATTACKERS)]
    blocked: Annotated[list[ParsecHex], Field(max_length=ps.MAX_BLOCKED)] = []
    # Hexes crossed but never stopped on: its own vessels filling them, or a vessel whose owner
    # lets it through.
    passable: Annotated[list[ParsecHex], Field(max_length=ps.MAX_BLOCKED)] = []
    destination: ParsecHex | None = None


# --- Answers ------------------------------------------------------------------------------


class EclipseDestination(Answer):
    hex: str
    legal: bool
    reasons: list[Reason]


class EclipseRetreatAnswer(Cited):
    player: str = ""
    legal: list[str]
    verdicts: list[EclipseDestination]
    notes: list[Reason]


class Ti4Destination(Answer):
    system: str
    legal: bool
    reasons: list[Reason]
    notes: list[Reason]
    command_token: Annotated[str, OneOf(ti4.TOKEN_SOURCES)] | None
    fleet_pool_excess: Count | None


class Destroyed(Answer):
    """How many units of a kind lack capacity: the least and the most, by the owner's choice."""

    min: Count
    max: Count


class CapacityLoss(Answer):
    capacity: Count
    fighters: Count = 0
    infantry: Count = 0
    destroyed: Count
    fighters_destroyed: Destroyed
    infantry_destroyed: Destroyed
    rules: list[RuleId] = []


class Ti4RetreatAnswer(Cited):
    player: str = ""
    role: str = ""
    can_announce: bool
    announce_reasons: list[Reason]
    legal: list[str] = Field(description="Where the ships may retreat to now: empty when no retreat can be announced.")
    verdicts: list[Ti4Destination]
    destroyed_for_capacity: CapacityLoss | None = Field(
        description="What a retreat leaves behind; null without a fleet or when no retreat can be announced."
    )
    notes: list[Reason]


class SafeHex(Answer):
    q: Coordinate
    r: Coordinate


class ParsecDestination(Answer):
    q: int
    r: int
    ends_exchange: bool
    reasons: list[Reason]


class ParsecRetreatAnswer(Cited):
    vessel: str = ""
    movement: Count = 0
    can_evade: bool
    reasons: list[Reason]
    ends_exchange: bool | None
    exchange_reasons: list[Reason]
    destination: ParsecDestination | None
    safe_hexes: list[SafeHex]
    notes: list[Reason]
