"""The words for every code the scoring engine answers with, in the reader's language.

One dict per kind of code (breakdown lines and verdicts, refusals of a sheet) plus the labels of
the ids that appear inside them (technology tracks, worlds, goals...). A test checks that every
code each engine module declares has its message here.
"""

from __future__ import annotations

from typing import Any, Mapping

from flask_babel import gettext as _
from flask_babel import lazy_gettext as _l
from flask_babel import lazy_pgettext

from engine.galaxy import worlds
from web.core.i18n import ungettext
from web.core.messages import Counted

# Breakdown lines, tie-breaks and verdicts. Params arrive already formatted (see ``format_params``).
LINE_MESSAGES: dict[str, Any] = {
    "eclipse_reputation": _l("Reputation tiles: %(tiles)s"),
    "eclipse_ambassadors": _l("Ambassador tiles: %(count)s × 1"),
    "eclipse_hexes": _l("Controlled hexes (%(count)s): %(values)s"),
    "eclipse_discoveries": _l("Discovery tiles kept as VP: %(count)s × %(each)s"),
    "eclipse_monoliths": _l("Monoliths on controlled hexes: %(count)s × %(each)s"),
    "eclipse_tech_track": _l("%(track)s technology track: %(tiles)s tiles"),
    "eclipse_traitor": _l("Traitor card"),
    "eclipse_planta_hexes": _l("Planta: 1 extra VP per controlled hex (%(count)s)"),
    "eclipse_draco_ancients": _l("Descendants of Draco: 1 VP per Ancient ship left on the board (%(count)s)"),
    "eclipse_resources": _l("Resources in storage (money + science + materials): %(values)s"),
    "tie_unbroken": _l("Still tied after every tie-break the rules give: %(players)s share the victory"),
    "ti4_vp": _l("Victory points on the track (game to %(target)s)"),
    "ti4_initiative_order": _l("Initiative order, lowest strategy card first: %(values)s"),
    "ti4_speaker_order": _l(
        "No strategy cards held: the player closest to the speaker, clockwise, wins "
        "(the columns taken as the seating, the speaker first)"
    ),
    "ti4_target_reached": Counted(
        "players",
        lambda n: ungettext(
            "%(players)s reached %(target)s victory points: the game ends at once",
            "%(players)s reached %(target)s victory points: the game ends at once",
            n,
        ),
    ),
    "ti4_no_objective_left": _l(
        "The speaker must reveal a public objective and none is left: the game ends and most victory points wins"
    ),
    "ti4_eliminated": Counted(
        "players",
        lambda n: ungettext(
            "%(players)s is eliminated: no longer part of the game, neither winning nor breaking ties",
            "%(players)s are eliminated: no longer part of the game, neither winning nor breaking ties",
            n,
        ),
    ),
    "ti4_speaker_eliminated": _l(
        "The speaker (the first column) is eliminated: the speaker token passed to the left, to %(speaker)s"
    ),
    "claim_not_a_scoring_phase": _l(
        "Objectives are claimed only in the action phase or the status phase, not in the %(phase)s phase."
    ),
    "claim_wrong_phase": _l("This objective is claimed in the %(card_phase)s phase, not in the %(phase)s phase."),
    "claim_status_public_limit": _l("Only one public objective may be claimed in each status phase."),
    "claim_status_secret_limit": _l("Only one secret objective may be claimed in each status phase."),
    "claim_combat_limit": _l("Only one objective may be claimed during or after each combat."),
    "claim_already_claimed": _l("You have already claimed this objective: each one is claimed only once."),
    "claim_home_planets": _l("No public objective without control of every planet in your home system."),
    "claim_too_many_secrets": _l(
        "You hold %(held)s secret objectives: return an unclaimed one to keep at most %(maximum)s."
    ),
    "claim_not_own_secret": _l("You may only claim your own secret objectives."),
    "claim_no_secret_held": _l("You hold no secret objective: you may only claim your own."),
    "claim_imperial_action_phase": _l(
        "The Imperial strategy card is resolved as a strategic action, in the action phase."
    ),
    "claim_imperial_needs_mecatol": _l(
        "The Imperial point needs control of Mecatol Rex; without it, draw a secret objective instead."
    ),
    "galaxy_base": _l("Visible base on %(world)s: %(influence)s influence"),
    "galaxy_secret_base": _l("Secret base revealed on %(world)s, placed above the galaxy row"),
    "galaxy_secret_base_lost": _l("Secret base on %(world)s lost: that world surrendered"),
    "galaxy_secret_base_sensors": _l("Secret base on %(world)s revealed by Sensors at the end: no influence"),
    "galaxy_sensors_no_influence": _l(
        "A secret base revealed by Sensors at the end leaves its owner no influence at all, whatever the "
        "other bases are worth (the rule read as written): −%(influence)s"
    ),
    "galaxy_hand_value": _l("Hand value (ships of surviving worlds double, technology cards nothing): %(values)s"),
    "galaxy_played_last": _l("Who played last (turns ago, counted back through the columns' seating): %(values)s"),
    "rftg_vp_chips": _l("VP chips"),
    "rftg_card_vp": _l("VP printed on the tableau's cards"),
    "rftg_galactic_genome_project": _l(
        "Galactic Genome Project: 2 per Genes world (%(gene_worlds)s), 3 for Genetic Labs (%(genetic_labs)s)"
    ),
    "rftg_terraforming_guild": _l(
        "Terraforming Guild: 2 per windfall world (%(windfall_worlds)s), 3 per TERRAFORMING card (%(terraforming_cards)s)"
    ),
    "rftg_imperium_lords": _l(
        "Imperium Lords: 2 per IMPERIUM card (%(imperium_cards)s), 1 per military world that is not an IMPERIUM "
        "card (%(other_military_worlds)s)"
    ),
    "rftg_other_six_dev": _l("Other 6-cost development bonuses"),
    "rftg_first_goal": _l("First goal: %(goal)s"),
    "rftg_most_goal": _l("Most goal: %(goal)s, sole leader with %(value)s (minimum %(minimum)s)"),
    "rftg_most_goal_tied": _l("Most goal: %(goal)s, %(tied)s players tied at %(value)s: 3 VP each"),
    "rftg_robot_six_dev_chips": _l("Robot's 6-cost developments, cards and chips: %(count)s × %(each)s"),
    "rftg_robot_tie": _l("Cards in hand plus goods against the robot's economic impact plus credits: %(values)s"),
    "rftg_cards_and_goods_tie": _l(
        "Cards in hand plus goods (the base game's tie-break, the count the expansion gives for solitaire): %(values)s"
    ),
    "parsec_resources": _l("Unplayed resource cards: %(count)s × %(each)s"),
    "parsec_events": _l("%(colour)s event cards: %(count)s × %(each)s"),
    "parsec_units": _l("%(unit)s on the board: %(count)s × %(each)s"),
    "parsec_economic_victory": _l(
        "%(player)s meets the economic victory: %(colonies)s colonies, titanium %(titanium)s, gold %(gold)s, energy %(energy)s"
    ),
    "parsec_military_victory": _l(
        "%(player)s meets the military victory: sole military presence on %(modules)s of %(board)s modules"
    ),
    "parsec_absolute_victory": _l("%(player)s meets both victories at once (Total Victory Variant)"),
    "parsec_absolute_military_only": _l(
        "%(player)s meets the military victory but not the economic one: the Total Victory Variant asks for both at once, so the game goes on"
    ),
    "parsec_absolute_economic_only": _l(
        "%(player)s meets the economic victory but not the military one: the Total Victory Variant asks for both at once, so the game goes on"
    ),
    "parsec_several_victories": _l(
        "%(players)s all meet a victory condition: the first to meet it in their own turn wins"
    ),
}

# Refusals of a sheet (engine ``InvalidInput`` codes). ``%(field)s`` is the offending field's path.
ERROR_MESSAGES: dict[str, Any] = {
    "out_of_range": _l("The field %(field)s must be a whole number from %(min)s to %(max)s."),
    "above_maximum": _l("The field %(field)s is too long (at most %(maximum)s)."),
    "empty_name": _l("Every player needs a name (%(field)s)."),
    "duplicate_name": _l("Two players are called %(name)s: give each player a different name (%(field)s)."),
    "player_count": _l("This sheet takes %(minimum)s to %(maximum)s players, not %(count)s (%(field)s)."),
    "unknown_player": _l("%(name)s is not one of the players (%(field)s)."),
    "unknown_species": _l("Unknown species %(value)s (%(field)s)."),
    "unknown_world": _l("There is no world called %(value)s in Galaxy (%(field)s)."),
    "surviving_worlds_count": _l(
        "Tick from %(min)s to %(max)s surviving worlds, not %(value)s: at least three always survive (%(field)s)."
    ),
    "unknown_goal": _l("Unknown goal %(value)s (%(field)s)."),
    "unknown_kind": _l("Unknown entry %(value)s (%(field)s)."),
    "unknown_target": _l("The victory point track has a 10-point and a 14-point side (%(field)s)."),
    "unknown_phase": _l(
        "The game's phase is strategy, action, status or agenda, and a card names action or status (%(field)s)."
    ),
    "unknown_objective_type": _l("The objective must be public, secret or the Imperial point (%(field)s)."),
    "last_player_needed": _l(
        "%(players)s are still tied after the hands' values: the one who played last wins. "
        "Say who played last (%(field)s)."
    ),
    "unknown_chip_value": _l("The robot's 6-cost developments are worth 6 or 9 each (%(field)s)."),
    "diplomacy_unused": _l(
        "Diplomacy is not used with two or three players: no ambassadors and no Traitor card (%(field)s)."
    ),
    "ambassadors_not_mutual": _l(
        "Ambassadors are exchanged in pairs (each of the two gives the other one of theirs): "
        "these counts cannot all come from such exchanges (%(field)s)."
    ),
    "species_taken": _l("Each alien species has one board: two players cannot both play it (%(field)s)."),
    "traitor_twice": _l("Only one player can hold the Traitor card (%(field)s)."),
    "monoliths_exceed_hexes": Counted(
        "hexes",
        lambda n: ungettext(
            "Each hex holds at most one Monolith: %(hexes)s controlled hex cannot hold more (%(field)s).",
            "Each hex holds at most one Monolith: %(hexes)s controlled hexes cannot hold more (%(field)s).",
            n,
        ),
    ),
    "discoveries_exceed_components": _l("The game has only %(maximum)s discovery tiles (%(field)s)."),
    "hexes_exceed_discs": _l(
        "Each controlled hex holds one of the player's %(maximum)s influence discs, so at most %(maximum)s "
        "hexes (%(field)s)."
    ),
    "hexes_exceed_components": _l(
        "With %(players)s players at most %(maximum)s hexes can be on the board (the Galactic Center, the 6 and 12 "
        "around it, and the outer sectors of this player count), between all players (%(field)s)."
    ),
    "monoliths_exceed_components": _l(
        "The game has only %(maximum)s Orbital / Monolith tokens, between all players (%(field)s)."
    ),
    "reputation_exceeds_components": _l(
        "The game has only %(maximum)s reputation tiles worth %(value)s VP, between all players (%(field)s)."
    ),
    "initiative_duplicate": _l("Two players cannot have the same initiative %(initiative)s (%(field)s)."),
    "initiative_partial": _l("Give every player's initiative, or none when no strategy cards are held (%(field)s)."),
    "everyone_eliminated": _l("At least one player must still be in the game (%(field)s)."),
    "eliminated_holds_card": _l(
        "An eliminated player's strategy cards go back to the common play area: leave the card blank (%(field)s)."
    ),
    "initiative_required": _l(
        "When the objectives run out the player with the most victory points wins, and a tie goes by "
        "initiative: give every player's strategy card (%(field)s)."
    ),
    "eliminated_reached_target": _l(
        "The game ends the moment a player reaches %(target)s victory points, so a player with %(target)s or "
        "more was never eliminated after (%(field)s)."
    ),
    "duplicate_world": _l("%(world)s is listed twice (%(field)s)."),
    "base_on_surrendered_world": _l(
        "%(world)s surrendered: its visible bases were set aside and cannot score (%(field)s)."
    ),
    "too_many_bases": _l("%(name)s has more than %(maximum)s bases (%(field)s)."),
    "secret_base_twice": _l("%(name)s may place only one secret base per game (%(field)s)."),
    "technology_has_no_value": _l("Technology cards have no value in the hand (%(field)s)."),
    "duplicate_goal": _l("The goal %(goal)s is listed twice (%(field)s)."),
    "too_many_goals": _l("A game uses at most %(maximum)s goals of this kind (%(field)s)."),
    "card_in_two_tableaus": _l("%(card)s exists once: two players cannot both have it (%(field)s)."),
    "solitaire_rules": _l("Solitaire is one player against the robot, without goals (%(field)s)."),
    "modules_exceed_board": _l(
        "The board has %(modules)s modules: together the players cannot dominate more (%(field)s)."
    ),
}

# Labels of the ids that appear inside messages and on the score sheets.
LABELS: dict[str, dict[str, Any]] = {
    "track": {"military": _l("Military"), "grid": _l("Grid"), "nano": _l("Nano")},
    "species": {
        "terran": _l("Terran (any faction)"),
        "eridani": _l("Eridani Empire"),
        "hydran": _l("Hydran Progress"),
        "planta": _l("Planta"),
        "draco": _l("Descendants of Draco"),
        "mechanema": _l("Mechanema"),
        "orion": _l("Orion Hegemony"),
    },
    "world": {
        **worlds.NAMES,
        "ally": _l("Ally"),
        "technology": _l("Technology"),
    },
    "goal": {
        "galactic_standard_of_living": "Galactic Standard of Living",
        "galactic_status": "Galactic Status",
        "innovation_leader": "Innovation Leader",
        "budget_surplus": "Budget Surplus",
        "system_diversity": "System Diversity",
        "overlord_discoveries": "Overlord Discoveries",
        "production_leader": "Production Leader",
        "greatest_infrastructure": "Greatest Infrastructure",
        "greatest_military": "Greatest Military",
        "largest_industry": "Largest Industry",
    },
    # Said of event cards: the Italian agrees with them, in the plural ("Carte Evento Verdi").
    "colour": {
        "green": lazy_pgettext("event cards", "Green"),
        "yellow": lazy_pgettext("event cards", "Yellow"),
        "red": lazy_pgettext("event cards", "Red"),
        "purple": lazy_pgettext("event cards", "Purple"),
    },
    "unit": {
        "colony": _l("Colonies"),
        "cargo": _l("Cargo ships"),
        "fighter": _l("Fighters"),
        "armored_transport": _l("Armored transports"),
        "cruiser": _l("Cruisers"),
    },
    "phase": {"status": _l("status"), "action": _l("action"), "strategy": _l("strategy"), "agenda": _l("agenda")},
    "card": {
        "galactic_genome_project": "Galactic Genome Project",
        "terraforming_guild": "Terraforming Guild",
        "imperium_lords": "Imperium Lords",
    },
}
# Which label family a message param belongs to.
PARAM_LABELS = {
    "track": "track",
    "world": "world",
    "goal": "goal",
    "colour": "colour",
    "unit": "unit",
    "phase": "phase",
    "card_phase": "phase",
    "card": "card",
}


def label(family: str, key: str) -> str:
    return str(LABELS[family].get(key, key))


def format_value(value: Any) -> Any:
    """Params as a sentence shows them: lists joined, per-player values as "Anna 7, Bruno 5"; a
    whole number alone stays one, for the message to write in the reader's digits (messages.fill)."""
    if isinstance(value, bool):
        return _("yes") if value else _("no")
    if isinstance(value, int):
        return value
    if isinstance(value, (list, tuple)):
        return (
            " + ".join(str(format_value(v)) for v in value)
            if all(isinstance(v, int) for v in value)
            else ", ".join(map(str, value))
        )
    if isinstance(value, Mapping):
        return ", ".join(f"{name} {format_value(v)}" for name, v in value.items())
    return str(value)


def format_params(params: Mapping[str, Any]) -> dict[str, Any]:
    out = {}
    for key, value in params.items():
        family = PARAM_LABELS.get(key)
        out[key] = label(family, value) if family and isinstance(value, str) else format_value(value)
    return out
