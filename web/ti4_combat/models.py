"""The TI4 combat request and its answer, declared once.

Each count is bounded by the pieces of one colour (87.2) or the calculator's limit for fighters
and infantry; which units may fight in a space or a ground combat, the 24 fighting units a side
and the plans' consistency need the whole request and stay in the engine (``validate``), which
answers 422 citing the rule.
"""

from __future__ import annotations

from typing import Annotated, Any, ClassVar, Mapping

from flask_babel import lazy_gettext as _l
from pydantic import ConfigDict, Field, create_model

from engine.ti4.inputs import (
    HAND_LIMIT,
    KINDS,
    MAX_COMBATANTS,
    MAX_FIGHTERS,
    MAX_INFANTRY,
    MAX_MODIFIER,
    MAX_MODIFIERS,
    MAX_ROUND,
    MAX_TRADE_GOODS,
    unit_limit,
)
from engine.ti4.cards import CARD_COPIES
from engine.ti4.result import ENDING_ORDER, PRE_COMBAT_STEPS, TIE_TOLERANCE
from engine.ti4.units import (
    COMPONENT_LIMIT,
    DEFAULT_ORDER,
    FACTION_FLAGSHIPS,
    FLAGSHIP_LIMITS,
    TECHNOLOGIES,
    UNIT_KEYS,
    UPGRADABLE,
    Flagship,
)
from web.core.models import Answer, Cited, OneOf, Probability, Reason, RequestModel, between, cited
from web.ti4_combat.text import ERRORS, UNIT_NAMES

Round = Annotated[int, between(1, MAX_ROUND), cited("round_out_of_range")]
Fighting = Annotated[str, OneOf(DEFAULT_ORDER)]

# The units of one side: each absent key is none of that unit.
_UNIT_FIELDS: dict[str, Any] = {
    key: (Annotated[int, between(0, unit_limit(key)), cited("too_many_units", "ti4/87.2")], 0) for key in UNIT_KEYS
}
Ti4CombatUnits = create_model("Ti4CombatUnits", __base__=RequestModel, **_UNIT_FIELDS)

# A flagship's numbers, read off its faction sheet.
_FLAGSHIP_FIELDS: dict[str, Any] = {
    name: (Annotated[int, between(lo, hi), cited("flagship_out_of_range")], getattr(Flagship(), name))
    for name, (lo, hi) in FLAGSHIP_LIMITS.items()
}
Ti4Flagship = create_model("Ti4Flagship", __base__=RequestModel, **_FLAGSHIP_FIELDS)


# Units already damaged when the combat starts (the engine checks they have Sustain Damage).
Ti4Damaged = create_model("Ti4Damaged", __base__=RequestModel, **_UNIT_FIELDS)

# Action cards a side will play: at most the copies in the base game's deck.
_CARD_FIELDS: dict[str, Any] = {
    name: (Annotated[int, between(0, n), cited("card_count_out_of_range")], 0) for name, n in CARD_COPIES.items()
}
Ti4Cards = create_model("Ti4Cards", __base__=RequestModel, **_CARD_FIELDS)


class RollModifier(RequestModel):
    value: Annotated[int, between(-MAX_MODIFIER, MAX_MODIFIER), cited("modifier_out_of_range")]
    first_round: Round = 1
    last_round: Round | None = None


class Ti4Side(RequestModel):
    units: Ti4CombatUnits
    upgrades: Annotated[list[Annotated[str, OneOf(UPGRADABLE)]], Field(max_length=len(UPGRADABLE))] = []
    order: Annotated[list[Fighting], Field(max_length=len(DEFAULT_ORDER))] = []
    sustain_first: bool = True
    keep_alive: Fighting | None = None
    retreat_round: Round | None = None
    modifiers: Annotated[list[RollModifier], Field(max_length=MAX_MODIFIERS)] = []
    flagship: Ti4Flagship = Ti4Flagship()
    technologies: Annotated[
        list[Annotated[str, OneOf(TECHNOLOGIES)]],
        Field(
            max_length=len(TECHNOLOGIES),
            description=(
                "combat technologies researched. Faction technologies go with their faction, the Nekro Virus "
                "(Valefar Assimilator) or no faction given (81.11): Non-Euclidean Shielding and L4 Disruptors "
                "(Barony of Letnev), Dimensional Splicer (Ghosts of Creuss: list it only in a system with a "
                "wormhole; its owner assigns the hit: to a ship it destroys if it can, the one whose dice hit most), Impulse Core (Yin Brotherhood: used at the start of every space combat, giving up the "
                "first destroyer or cruiser of the loss order while another unit stays), Valkyrie Particle Weave "
                "(Sardakk N'orr: 1 hit more in each ground combat round in which the opponent's combat roll scores a hit)"
            ),
        ),
    ] = []
    faction: Annotated[str, OneOf(tuple(FACTION_FLAGSHIPS))] | None = Field(
        None,
        description=(
            "the side's faction: its flagship's attributes and ability from the faction sheet (then 'flagship' "
            "is ignored), its faction ability on every combat roll (Sardakk N'orr's Unrelenting +1, "
            "the Universities of Jol-Nar's Fragile -1), the Mentak Coalition's Ambush before a space combat, "
            "the L1Z1X Mindnet's Harrow (its bombarding ships fire again after every ground combat round), "
            "and its own units where its sheet prints them (Sol's "
            "Spec Ops and Advanced Carriers, L1Z1X's Super-Dreadnoughts, Naalu's Hybrid Crystal Fighters, "
            "Sardakk N'orr's Exotriremes; 'upgrades' then means their II cards)"
        ),
    )
    damaged: Ti4Damaged = Ti4Damaged()
    cards: Ti4Cards = Ti4Cards()
    ground_forces: Annotated[
        int,
        between(0, MAX_INFANTRY),
        cited("ground_forces_out_of_range"),
        Field(description="infantry the Nekro Virus flagship (The Alastor) calls into a space combat as ships"),
    ] = 0
    trade_goods: Annotated[
        int,
        between(0, MAX_TRADE_GOODS),
        cited("trade_goods_out_of_range"),
        Field(
            description="trade goods the Hacan flagship (Wrath of Kenara) may spend, one on each die one short, or "
            "the Barony of Letnev's Munitions Reserves, 2 at the start of each space combat round from the first "
            "to roll every missed die again in it"
        ),
    ] = 0


class Ti4Battle(RequestModel):
    model_config = ConfigDict(
        json_schema_extra={
            "examples": [
                {
                    "kind": "space",
                    "nebula": False,
                    "attacker": {
                        "units": {"cruiser": 2, "destroyer": 1, "fighter": 2, "flagship": 1},
                        "upgrades": ["cruiser"],
                        "flagship": {"combat": 5, "dice": 2, "capacity": 3},
                        "technologies": ["antimass_deflectors"],
                    },
                    "defender": {
                        "units": {"dreadnought": 1, "fighter": 3, "pds": 1, "flagship": 1},
                        "faction": "barony_of_letnev",
                        "damaged": {"dreadnought": 1},
                        "technologies": ["plasma_scoring", "duranium_armor"],
                        "cards": {"shields_holding": 2, "direct_hit": 1},
                    },
                }
            ]
        }
    )
    refusals: ClassVar[Mapping[str, Any]] = ERRORS
    names: ClassVar[Mapping[str, Any]] = UNIT_NAMES

    kind: Annotated[str, OneOf(KINDS)] = "space"
    nebula: bool = False
    space_cannon: bool = True
    bombardment: bool | None = None
    stop_after: Round | None = None
    attacker: Ti4Side
    defender: Ti4Side


LIMITS = _l(
    "at most %(combatants)s fighting units per side (ships in space, infantry on the ground); per unit kind "
    "the pieces of one colour (%(components)s), fighters %(fighters)s, infantry %(infantry)s; rounds named "
    "by plans 1-%(round)s; at most %(modifiers)s modifiers per side, each -%(modifier)s..%(modifier)s; a "
    "flagship's %(flagship)s; action cards per side: the copies in the deck (%(cards)s), %(hand)s in all; "
    "damaged units: only units with Sustain Damage, at most as many as the side has; ground forces fighting "
    "as ships (Nekro flagship): 0-%(infantry)s, counted among the fighting units; trade goods (Hacan "
    "flagship, Letnev's Munitions Reserves): 0-%(trade_goods)s.",
    combatants=MAX_COMBATANTS,
    components=", ".join(f"{k} {n}" for k, n in COMPONENT_LIMIT.items()),
    fighters=MAX_FIGHTERS,
    infantry=MAX_INFANTRY,
    round=MAX_ROUND,
    modifiers=MAX_MODIFIERS,
    modifier=MAX_MODIFIER,
    flagship=", ".join(f"{name} {lo}-{hi}" for name, (lo, hi) in FLAGSHIP_LIMITS.items()),
    cards=", ".join(f"{name} {n}" for name, n in CARD_COPIES.items()),
    hand=HAND_LIMIT,
    trade_goods=MAX_TRADE_GOODS,
)


# --- The answer ---------------------------------------------------------------------------------


class Survivors(Answer):
    """One composition a side may end with (among the most likely)."""

    units: dict[str, Annotated[int, Field(ge=1)]]
    p: Probability


class Likely(Answer):
    """One of the most likely endings, which the page's headline names."""

    ending: Annotated[
        str,
        OneOf(ENDING_ORDER),
        Field(description="How the battle ends: a side wins, a side retreats, stalemate, draw or unfinished."),
    ]
    units: dict[str, Annotated[int, Field(ge=1)]] = Field(
        description="What the side left in the system keeps after the combat's end-of-combat rules "
        "(capacity); empty for a draw, an unfinished battle, or when those rules remove every unit."
    )
    p: Probability


class Ti4SideAnswer(Answer):
    survivors: list[Survivors]
    survivors_other: Probability
    survivor_count: list[Probability]
    at_least_non_fighters: list[Probability]
    expected_survivors: dict[str, float]
    expected_losses: dict[str, float]
    expected_units_lost: float
    expected_cost_lost: float


class PreCombatStepAnswer(Answer):
    """What one side's fire before the rounds did, exact (from the dice distributions, not
    sampled). The anti-fighter barrage is fired in round 1 only; battles a step does not happen
    in (the other side already gone) count as no hits."""

    step: Annotated[str, OneOf(PRE_COMBAT_STEPS)]
    side: Annotated[str, OneOf(("attacker", "defender"))]
    expected_hits: Annotated[float, Field(ge=0, description="Expected hits the dice produce.")]
    at_least_one_hit: Annotated[Probability, Field(description="P(at least one hit).")]
    expected_destroyed: Annotated[
        float,
        Field(
            ge=0,
            description="Expected enemy units it destroys: fighters for the barrage, infantry for bombardment "
            "and space cannon defense; fewer than the hits when hits exceed the targets or Sustain Damage "
            "cancels them.",
        ),
    ]


class Retreats(Answer):
    attacker: Probability
    defender: Probability


class Ti4Rounds(Answer):
    distribution: list[Probability]
    later: Probability
    expected: float


class Ti4CombatAnswer(Cited):
    kind: Annotated[str, OneOf(KINDS)]
    attacker_win: Probability
    defender_win: Probability
    draw: Probability
    unfinished: Probability
    retreat: Retreats
    stalemate: Probability
    likely: list[Likely] = Field(
        min_length=1,
        description="The most likely ending; several when they are equally likely (a mirror battle: within "
        f"{TIE_TOLERANCE:g} of each other, relative, as the float sums differ by rounding), in a fixed order: "
        "the order of `ending`'s values, then units.",
    )
    attacker: Ti4SideAnswer
    defender: Ti4SideAnswer
    rounds: Ti4Rounds
    pre_combat: list[PreCombatStepAnswer] = Field(
        description="Space cannon offense, anti-fighter barrage (space), bombardment and space cannon "
        "defense (ground), one entry per side that fires, in the order they happen."
    )
    reasons: list[Reason]
