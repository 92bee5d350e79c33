"""OpenAPI schemas and examples of the score sheet endpoints (documented by ``web.scoring_api``).

The bounds come from the engine modules, so the description cannot drift from what is checked.
"""

from __future__ import annotations

from engine.scoring import eclipse, galaxy, parsec, rftg, ti4, ti4_claim
from engine.scoring.checks import MAX_NAME_LENGTH
from web.openapi import BOOLEAN, RULES, STRING, array, integer, obj

NAME = {"type": "string", "minLength": 1, "maxLength": MAX_NAME_LENGTH}
NULLABLE_STRING = {"type": ["string", "null"]}
PARAMS = {"type": "object", "description": "The numbers behind the message (counts, values, ids)."}

LINE = obj(
    {"code": STRING, "points": integer(), "message": STRING, "rule": STRING, "params": PARAMS},
    ("code", "points", "message", "rule", "params"),
)
REASON = obj({"code": STRING, "message": STRING, "rule": STRING, "params": PARAMS}, ("code", "message", "rule", "params"))
RULE_LABELS = {"type": "object", "additionalProperties": STRING, "description": "What each cited rule's link says."}

STANDING = obj(
    {
        "game": STRING,
        "players": array(obj({"name": STRING, "total": integer(), "breakdown": array(LINE)}, ("name", "total", "breakdown"))),
        "winner": NULLABLE_STRING,
        "co_winners": array(STRING),
        "tie_break": {"anyOf": [REASON, {"type": "null"}]},
        "verdicts": array(REASON),
        "game_over": BOOLEAN,
        "rules": RULES,
        "rule_labels": RULE_LABELS,
    },
    ("game", "players", "winner", "co_winners", "tie_break", "verdicts", "game_over", "rules", "rule_labels"),
)
CLAIM_VERDICT = obj(
    {"allowed": BOOLEAN, "reasons": array(REASON), "rules": RULES, "rule_labels": RULE_LABELS},
    ("allowed", "reasons", "rules", "rule_labels"),
)


def counts(keys, hi: int) -> dict:
    return obj({k: integer(0, hi) for k in keys}, extra=False)


ECLIPSE = obj(
    {
        "ancient_ships_on_board": integer(0, eclipse.MAX_ANCIENTS),
        "players": array(obj(
            {
                "name": NAME,
                "species": {"type": "string", "enum": list(eclipse.SPECIES)},
                "reputation": array(integer(*eclipse.REPUTATION_VALUES), eclipse.MAX_REPUTATION_TILES),
                "ambassadors": integer(0, eclipse.MAX_PLAYERS - 1),
                "hexes": array(integer(*eclipse.HEX_VALUES), eclipse.MAX_HEXES),
                "discoveries": integer(0, eclipse.MAX_DISCOVERIES),
                "monoliths": integer(0, eclipse.MAX_HEXES),
                "tech": counts(eclipse.TRACKS, eclipse.MAX_TRACK_TILES),
                "traitor": BOOLEAN,
                "resources": counts(eclipse.RESOURCES, eclipse.MAX_RESOURCES),
            },
            ("name",), extra=False,
        ), eclipse.MAX_PLAYERS),
    },
    ("players",), extra=False,
)
ECLIPSE_EXAMPLE = {"ancient_ships_on_board": 2, "players": [
    {"name": "Anna", "species": "planta", "reputation": [3, 2], "hexes": [2, 3, 1], "discoveries": 1,
     "tech": {"military": 4, "grid": 5, "nano": 2}, "resources": {"money": 4, "science": 2, "materials": 3}},
    {"name": "Bruno", "species": "draco", "hexes": [4, 3], "monoliths": 1, "tech": {"nano": 7},
     "resources": {"money": 9}},
]}

TI4 = obj(
    {
        "target": {"type": "integer", "enum": list(ti4.TARGETS)},
        "unrevealed_public_objectives": {"type": ["integer", "null"], "minimum": 0, "maximum": ti4.MAX_UNREVEALED},
        "players": array(obj(
            {"name": NAME, "vp": integer(0, max(ti4.TARGETS)),
             "initiative": {"type": ["integer", "null"], "minimum": ti4.MIN_INITIATIVE, "maximum": ti4.MAX_INITIATIVE}},
            ("name", "vp"), extra=False,
        ), ti4.MAX_PLAYERS),
    },
    ("players",), extra=False,
)
TI4_EXAMPLE = {"target": 10, "players": [{"name": "Anna", "vp": 10, "initiative": 7}, {"name": "Bruno", "vp": 10, "initiative": 5},
                                         {"name": "Carla", "vp": 6, "initiative": 1}]}

PHASE = {"type": "string", "enum": list(ti4_claim.PHASES)}
CLAIM = obj(
    {
        "phase": PHASE,
        "objective_type": {"type": "string", "enum": list(ti4_claim.OBJECTIVE_TYPES)},
        "objective_phase": {"anyOf": [PHASE, {"type": "null"}]},
        "claimed_this_phase": counts(("public", "secret"), ti4_claim.MAX_COUNT),
        "claimed_this_combat": integer(0, ti4_claim.MAX_COUNT),
        "secret_objectives_held": integer(0, ti4_claim.MAX_COUNT),
        **{flag: BOOLEAN for flag in ("in_combat", "controls_home_planets", "already_claimed_this_objective",
                                      "own_secret", "controls_mecatol_rex", "via_imperial")},
    },
    ("phase", "objective_type"), extra=False,
)
CLAIM_EXAMPLE = {"phase": "status", "objective_type": "public", "claimed_this_phase": {"public": 1}, "controls_home_planets": False}

WORLD = {"type": "string", "enum": list(galaxy.WORLDS)}
GALAXY = obj(
    {
        "players": array(NAME, galaxy.MAX_PLAYERS),
        "surviving_worlds": array(WORLD, len(galaxy.WORLDS)),
        "bases": array(obj({"player": NAME, "world": WORLD, "influence": integer(0, galaxy.MAX_INFLUENCE)},
                           ("player", "world"), extra=False), galaxy.MAX_PLAYERS * galaxy.BASES_PER_PLAYER),
        "secret_bases": array(obj({"player": NAME, "world": WORLD, "revealed_by_sensors_at_end": BOOLEAN},
                                  ("player", "world"), extra=False), galaxy.MAX_PLAYERS),
        "hands": {"type": "object", "additionalProperties": array(obj(
            {"world": {"type": "string", "enum": list(galaxy.CARD_KINDS)}, "value": integer(0, galaxy.MAX_SHIP_VALUE)},
            ("world",), extra=False), galaxy.MAX_HAND)},
        "last_player": NULLABLE_STRING,
    },
    ("players", "surviving_worlds"), extra=False,
)
GALAXY_EXAMPLE = {
    "players": ["Verde", "Rosso", "Blu"], "surviving_worlds": ["myrmidon", "imperial", "cylor"],
    "bases": [{"player": "Verde", "world": "myrmidon", "influence": 5}, {"player": "Blu", "world": "cylor", "influence": 4}],
    "secret_bases": [{"player": "Rosso", "world": "ecup_contract"}, {"player": "Blu", "world": "imperial"}],
    "hands": {"Verde": [{"world": "cylor", "value": 6}], "Blu": [{"world": "ally", "value": 8}]}, "last_player": "Blu",
}

SIX_DEVS = obj(
    {
        "galactic_genome_project": {"anyOf": [obj({"gene_worlds": integer(0, rftg.MAX_CARDS), "genetic_labs": BOOLEAN}, extra=False),
                                              {"type": "null"}]},
        "terraforming_guild": {"anyOf": [obj({"windfall_worlds": integer(0, rftg.MAX_CARDS),
                                              "terraforming_cards": integer(1, rftg.MAX_CARDS)}, extra=False), {"type": "null"}]},
        "imperium_lords": {"anyOf": [obj({"imperium_cards": integer(1, rftg.MAX_CARDS),
                                          "other_military_worlds": integer(0, rftg.MAX_CARDS)}, extra=False), {"type": "null"}]},
        "other": integer(0, rftg.MAX_VP),
    },
    extra=False,
)
RFTG = obj(
    {
        "players": array(obj(
            {"name": NAME, "vp_chips": integer(0, rftg.MAX_VP), "card_vp": integer(0, rftg.MAX_VP),
             "first_goals": array({"type": "string", "enum": list(rftg.FIRST_GOALS)}, rftg.FIRST_GOALS_IN_PLAY),
             "six_dev_bonus": SIX_DEVS, "cards_and_goods": integer(0, rftg.MAX_VP)},
            ("name",), extra=False,
        ), rftg.MAX_PLAYERS),
        "most_goals": array(obj({"goal": {"type": "string", "enum": list(rftg.MOST_GOALS)},
                                 "values": {"type": "object", "additionalProperties": integer(rftg.MIN_GOAL_VALUE, rftg.MAX_GOAL_VALUE)}},
                                ("goal", "values"), extra=False), rftg.MOST_GOALS_IN_PLAY),
        "robot": {"anyOf": [obj({"name": NAME, "vp_chips": integer(0, rftg.MAX_VP), "card_vp": integer(0, rftg.MAX_VP),
                                 "six_dev_chips": integer(0, rftg.MAX_ROBOT_CHIPS),
                                 "chip_value": {"type": "integer", "enum": list(rftg.ROBOT_CHIP_VALUES)},
                                 "economic_impact": integer(0, rftg.MAX_ROBOT_IMPACT),
                                 "credits": integer(0, rftg.MAX_ROBOT_CREDITS)}, extra=False), {"type": "null"}]},
    },
    ("players",), extra=False,
)
RFTG_EXAMPLE = {
    "players": [{"name": "Anna", "vp_chips": 12, "card_vp": 20, "first_goals": ["galactic_status"],
                 "six_dev_bonus": {"imperium_lords": {"imperium_cards": 3, "other_military_worlds": 2}}},
                {"name": "Bruno", "vp_chips": 9, "card_vp": 26}],
    "most_goals": [{"goal": "greatest_military", "values": {"Anna": 7, "Bruno": 7}}],
}

PARSEC = obj(
    {
        "absolute_victory": BOOLEAN,
        "players": array(obj(
            {"name": NAME, "resources": counts(parsec.RESOURCES, parsec.MAX_CARDS),
             "events": counts(parsec.EVENT_VP, parsec.MAX_CARDS), "units": counts(parsec.UNIT_VP, parsec.MAX_UNITS),
             "unit_values": counts(parsec.UNIT_VP, parsec.MAX_UNIT_VALUE),
             "modules_dominated": integer(0, max(parsec.MODULES.values()))},
            ("name",), extra=False,
        ), parsec.MAX_PLAYERS),
    },
    ("players",), extra=False,
)
PARSEC_EXAMPLE = {"players": [
    {"name": "Anna", "resources": {"titanium": 3, "gold": 2, "energy": 4}, "events": {"green": 2, "purple": 1},
     "units": {"colony": 6, "cargo": 2, "cruiser": 1}},
    {"name": "Bruno", "units": {"colony": 4, "fighter": 5}, "unit_values": {"fighter": 4}, "modules_dominated": 2},
]}

REQUESTS = {"eclipse": (ECLIPSE, ECLIPSE_EXAMPLE), "ti4": (TI4, TI4_EXAMPLE), "galaxy": (GALAXY, GALAXY_EXAMPLE),
            "rftg": (RFTG, RFTG_EXAMPLE), "parsec": (PARSEC, PARSEC_EXAMPLE)}
SUMMARIES = {
    "eclipse": "Eclipse end-of-game VP: breakdown per player, winner after the resources tie-break.",
    "ti4": "TI4 victory point track: game over at 10 or 14 or with no objective left, winner by initiative.",
    "galaxy": "Galaxy final influence: visible and secret bases, winner after hand value and last-player tie-breaks.",
    "rftg": "Race for the Galaxy + The Gathering Storm final VP: goals, 6-cost developments, solitaire robot.",
    "parsec": "Parsec: timed-variant points and the economic and military victory checks.",
}
LIMITS = "players within each game's range; counts bounded as in each schema (docs/scoring.md)"
