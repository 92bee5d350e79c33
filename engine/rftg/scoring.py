"""Race for the Galaxy with The Gathering Storm: final VP, goals and the solitaire robot.

The expansion's rules give the goals ("first" goals 3 VP to every player who meets them in the
same phase; "most" goals 5 VP to the sole leader meeting the minimum, 3 VP each to leaders tied at
the end), the three new 6-cost developments' bonuses, and the robot's score in solitaire, whose
6-cost developments (cards it places: ``rftg/azione-progresso``, ``rftg/risposta-progresso``) are
worth 6 or 9 each depending on the difficulty chosen (``rftg/fine-del-gioco``); ``six_dev_chips``
keeps the API's name for their count. VP chips and the
VP printed on cards are taken as the players count them.

A tie between players goes to the most cards in hand plus goods: the base game's rule, which the
expansion keeps (it adds to the base game, ``rftg/uno-sguardo-d-insieme``) and whose count it
spells out for the solitaire tie (``rftg/fine-del-gioco``), the section cited.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Mapping

from engine.core.reasons import InvalidInput
from engine.core import checks
from engine.core.sheet import Line, PlayerScore, Standing, TieBreak, standing

RULE_GOALS = "rftg/obiettivi"
RULE_FIRST = "rftg/obiettivi-primo"
RULE_MOST = "rftg/obiettivi-piu"
RULE_SCORING = "rftg/punteggio"
RULE_SIX_DEVS = "rftg/poteri-degli-sviluppi-di-prezzo-6"
RULE_GENOME = "rftg/galactic-genome-project"
RULE_GUILD = "rftg/terraforming-guild"
RULE_LORDS = "rftg/imperium-lords"
RULE_ROBOT_TRACKS = "rftg/pesca-delle-carte-e-tracce"
RULE_SOLITAIRE = "rftg/gioco-in-solitario"
RULE_SOLITAIRE_END = "rftg/fine-del-gioco"
RULE_CONTENTS = "rftg/contenuto"

FIRST_GOAL_VP = 3
MOST_GOAL_VP = 5
MOST_GOAL_TIED_VP = 3
# "First" goals of the expansion, four of which are drawn for a game (Obiettivi, preparation).
FIRST_GOALS = (
    "galactic_standard_of_living",
    "galactic_status",
    "innovation_leader",
    "budget_surplus",
    "system_diversity",
    "overlord_discoveries",
)
FIRST_GOALS_IN_PLAY = 4
# "Most" goals and the minimum each needs (Obiettivi); two are drawn for a game.
MOST_GOALS = {
    "production_leader": 4,
    "greatest_infrastructure": 4,
    "greatest_military": 6,
    "largest_industry": 3,
}
MOST_GOALS_IN_PLAY = 2
# Bonuses of the 6-cost developments (Poteri degli Sviluppi di prezzo 6).
GENOME_VP_PER_GENE_WORLD = 2
GENOME_VP_GENETIC_LABS = 3
GUILD_VP_PER_WINDFALL = 2
GUILD_VP_PER_TERRAFORMING = 3
LORDS_VP_PER_IMPERIUM = 2
LORDS_VP_PER_MILITARY = 1
ROBOT_CHIP_VALUES = (6, 9)  # 6-cost development chip, by difficulty (Fine del gioco)
MAX_ROBOT_CREDITS = 4  # Pesca delle carte e Tracce
MAX_ROBOT_IMPACT = 5

MIN_PLAYERS, MAX_PLAYERS = 2, 5  # the expansion adds the fifth player
# Input limits, not rules.
MAX_VP = 200
MAX_CARDS = 60
MIN_GOAL_VALUE, MAX_GOAL_VALUE = -50, 200  # military can be negative
MAX_ROBOT_CHIPS = 20  # its 6-cost developments, cards and chips, rarely past a dozen

CODES = frozenset(
    {
        "rftg_vp_chips",
        "rftg_card_vp",
        "rftg_galactic_genome_project",
        "rftg_terraforming_guild",
        "rftg_imperium_lords",
        "rftg_other_six_dev",
        "rftg_first_goal",
        "rftg_most_goal",
        "rftg_most_goal_tied",
        "rftg_robot_six_dev_chips",
        "rftg_robot_tie",
        "rftg_cards_and_goods_tie",
        "tie_unbroken",
    }
)
ERROR_CODES = frozenset(
    {
        "unknown_goal",
        "duplicate_goal",
        "too_many_goals",
        "unknown_player",
        "card_in_two_tableaus",
        "solitaire_rules",
        "unknown_chip_value",
    }
)


@dataclass(frozen=True)
class GenomeProject:
    gene_worlds: int = 0  # worlds producing Genes, normal or windfall
    genetic_labs: bool = False


@dataclass(frozen=True)
class TerraformingGuild:
    windfall_worlds: int = 0
    terraforming_cards: int = 1  # cards named TERRAFORMING, the Guild included


@dataclass(frozen=True)
class ImperiumLords:
    imperium_cards: int = 1  # cards named IMPERIUM, the Lords included
    other_military_worlds: int = 0


@dataclass(frozen=True)
class RftgPlayer:
    name: str
    vp_chips: int = 0
    card_vp: int = 0
    first_goals: tuple[str, ...] = ()
    galactic_genome_project: GenomeProject | None = None
    terraforming_guild: TerraformingGuild | None = None
    imperium_lords: ImperiumLords | None = None
    other_six_dev_bonus: int = 0  # every other 6-cost development's bonus, counted by hand
    cards_and_goods: int = 0  # the tie-break: cards in hand plus goods on worlds


@dataclass(frozen=True)
class MostGoal:
    goal: str
    values: Mapping[str, int]  # each player's measure (production worlds, military...)


@dataclass(frozen=True)
class Robot:
    name: str = "Robot"
    vp_chips: int = 0
    card_vp: int = 0
    six_dev_chips: int = 0  # the 6-cost developments in its tableau, whatever their printed "?"
    chip_value: int = 6
    economic_impact: int = 0
    credits: int = 0


def six_dev_lines(p: RftgPlayer) -> list[Line]:
    lines = []
    if g := p.galactic_genome_project:
        pts = g.gene_worlds * GENOME_VP_PER_GENE_WORLD + (GENOME_VP_GENETIC_LABS if g.genetic_labs else 0)
        lines.append(
            Line(
                "rftg_galactic_genome_project",
                pts,
                RULE_GENOME,
                {"gene_worlds": g.gene_worlds, "genetic_labs": g.genetic_labs},
            )
        )
    if t := p.terraforming_guild:
        pts = t.windfall_worlds * GUILD_VP_PER_WINDFALL + t.terraforming_cards * GUILD_VP_PER_TERRAFORMING
        lines.append(
            Line(
                "rftg_terraforming_guild",
                pts,
                RULE_GUILD,
                {"windfall_worlds": t.windfall_worlds, "terraforming_cards": t.terraforming_cards},
            )
        )
    if lo := p.imperium_lords:
        pts = lo.imperium_cards * LORDS_VP_PER_IMPERIUM + lo.other_military_worlds * LORDS_VP_PER_MILITARY
        lines.append(
            Line(
                "rftg_imperium_lords",
                pts,
                RULE_LORDS,
                {"imperium_cards": lo.imperium_cards, "other_military_worlds": lo.other_military_worlds},
            )
        )
    if p.other_six_dev_bonus:
        lines.append(Line("rftg_other_six_dev", p.other_six_dev_bonus, RULE_SIX_DEVS, {}))
    return lines


def most_goal_awards(goal: MostGoal) -> dict[str, Line]:
    """Who earns a "most" goal at the end: the sole best meeting the minimum, or 3 VP each if tied."""
    minimum = MOST_GOALS[goal.goal]
    qualified = {name: v for name, v in goal.values.items() if v >= minimum}
    if not qualified:
        return {}
    best = max(qualified.values())
    top = [name for name, v in qualified.items() if v == best]
    params = {"goal": goal.goal, "value": best, "minimum": minimum}
    if len(top) == 1:
        return {top[0]: Line("rftg_most_goal", MOST_GOAL_VP, RULE_MOST, params)}
    return {
        name: Line("rftg_most_goal_tied", MOST_GOAL_TIED_VP, RULE_MOST, {**params, "tied": len(top)}) for name in top
    }


def _validate_player(i: int, p: RftgPlayer) -> None:
    at = f"players[{i}]"
    checks.count(p.vp_chips, f"{at}.vp_chips", MAX_VP)
    checks.count(p.card_vp, f"{at}.card_vp", MAX_VP)
    checks.count(p.other_six_dev_bonus, f"{at}.six_dev_bonus.other", MAX_VP, rule=RULE_SIX_DEVS)
    checks.count(p.cards_and_goods, f"{at}.cards_and_goods", MAX_VP)
    for j, goal in enumerate(p.first_goals):
        checks.choice(goal, f"{at}.first_goals[{j}]", FIRST_GOALS, "unknown_goal", rule=RULE_FIRST)
        if goal in p.first_goals[:j]:
            # A "first" goal is gained once per game.
            raise InvalidInput("duplicate_goal", field=f"{at}.first_goals[{j}]", rule=RULE_FIRST, goal=goal)
    six = f"{at}.six_dev_bonus"
    if g := p.galactic_genome_project:
        checks.count(g.gene_worlds, f"{six}.galactic_genome_project.gene_worlds", MAX_CARDS)
    if t := p.terraforming_guild:
        checks.count(t.windfall_worlds, f"{six}.terraforming_guild.windfall_worlds", MAX_CARDS)
        checks.count(
            t.terraforming_cards,
            f"{six}.terraforming_guild.terraforming_cards",
            MAX_CARDS,
            minimum=1,
            rule=RULE_SIX_DEVS,
        )
    if lo := p.imperium_lords:
        checks.count(
            lo.imperium_cards, f"{six}.imperium_lords.imperium_cards", MAX_CARDS, minimum=1, rule=RULE_SIX_DEVS
        )
        checks.count(lo.other_military_worlds, f"{six}.imperium_lords.other_military_worlds", MAX_CARDS)


def _validate(players: tuple[RftgPlayer, ...], most_goals: tuple[MostGoal, ...], robot: Robot | None) -> None:
    names = [p.name for p in players]
    if robot:
        if len(players) != 1:
            raise InvalidInput("solitaire_rules", field="players", rule=RULE_SOLITAIRE)
        checks.player_names(names, "players", 1, 1, RULE_SOLITAIRE)
        checks.player_name(robot.name, "robot.name")
        if robot.name.strip().casefold() == players[0].name.strip().casefold():
            raise InvalidInput("duplicate_name", field="robot.name", name=robot.name)
    else:
        checks.player_names(names, "players", MIN_PLAYERS, MAX_PLAYERS, RULE_CONTENTS)
    for i, p in enumerate(players):
        _validate_player(i, p)
    for card in ("galactic_genome_project", "terraforming_guild", "imperium_lords"):
        owners = [i for i, p in enumerate(players) if getattr(p, card)]
        if len(owners) > 1:
            raise InvalidInput("card_in_two_tableaus", field=f"players[{owners[1]}].six_dev_bonus.{card}", card=card)
    first = {g for p in players for g in p.first_goals}
    if len(first) > FIRST_GOALS_IN_PLAY:
        raise InvalidInput("too_many_goals", field="players", rule=RULE_GOALS, maximum=FIRST_GOALS_IN_PLAY)
    if len(most_goals) > MOST_GOALS_IN_PLAY:
        raise InvalidInput("too_many_goals", field="most_goals", rule=RULE_GOALS, maximum=MOST_GOALS_IN_PLAY)
    for i, goal in enumerate(most_goals):
        checks.choice(goal.goal, f"most_goals[{i}].goal", tuple(MOST_GOALS), "unknown_goal", rule=RULE_MOST)
        if goal.goal in [g.goal for g in most_goals[:i]]:
            raise InvalidInput("duplicate_goal", field=f"most_goals[{i}].goal", rule=RULE_MOST, goal=goal.goal)
        for name, value in goal.values.items():
            checks.known_player(name, f"most_goals[{i}].values.{name}", [p.name for p in players])
            checks.count(value, f"most_goals[{i}].values.{name}", MAX_GOAL_VALUE, minimum=MIN_GOAL_VALUE)
    if robot:
        if first or most_goals:
            # Solitaire is played "senza obiettivi".
            raise InvalidInput("solitaire_rules", field="most_goals" if most_goals else "players", rule=RULE_SOLITAIRE)
        checks.count(robot.vp_chips, "robot.vp_chips", MAX_VP)
        checks.count(robot.card_vp, "robot.card_vp", MAX_VP)
        checks.count(robot.six_dev_chips, "robot.six_dev_chips", MAX_ROBOT_CHIPS)
        if robot.chip_value not in ROBOT_CHIP_VALUES:
            raise InvalidInput(
                "unknown_chip_value", field="robot.chip_value", rule=RULE_SOLITAIRE_END, choices=list(ROBOT_CHIP_VALUES)
            )
        checks.count(robot.economic_impact, "robot.economic_impact", MAX_ROBOT_IMPACT, rule=RULE_ROBOT_TRACKS)
        checks.count(robot.credits, "robot.credits", MAX_ROBOT_CREDITS, rule=RULE_ROBOT_TRACKS)


def score(
    players: list[RftgPlayer] | tuple[RftgPlayer, ...],
    most_goals: list[MostGoal] | tuple[MostGoal, ...] = (),
    robot: Robot | None = None,
) -> Standing:
    """Final VP; ties go to cards in hand plus goods (against the robot's impact plus credits)."""
    players, most_goals = tuple(players), tuple(most_goals)
    _validate(players, most_goals, robot)
    awards = [most_goal_awards(g) for g in most_goals]
    sheets = []
    for p in players:
        lines = []
        if p.vp_chips:
            lines.append(Line("rftg_vp_chips", p.vp_chips, RULE_SCORING, {}))
        if p.card_vp:
            lines.append(Line("rftg_card_vp", p.card_vp, RULE_SCORING, {}))
        lines += six_dev_lines(p)
        lines += [Line("rftg_first_goal", FIRST_GOAL_VP, RULE_FIRST, {"goal": g}) for g in p.first_goals]
        lines += [award[p.name] for award in awards if p.name in award]
        sheets.append(PlayerScore(p.name, tuple(lines)))
    if robot:
        robot_lines = []
        if robot.vp_chips:
            robot_lines.append(Line("rftg_vp_chips", robot.vp_chips, RULE_SOLITAIRE_END, {}))
        if robot.card_vp:
            robot_lines.append(Line("rftg_card_vp", robot.card_vp, RULE_SOLITAIRE_END, {}))
        if robot.six_dev_chips:
            robot_lines.append(
                Line(
                    "rftg_robot_six_dev_chips",
                    robot.six_dev_chips * robot.chip_value,
                    RULE_SOLITAIRE_END,
                    {"count": robot.six_dev_chips, "each": robot.chip_value},
                )
            )
        sheets.append(PlayerScore(robot.name, tuple(robot_lines)))
        human = players[0]
        ladder = [
            TieBreak(
                "rftg_robot_tie",
                RULE_SOLITAIRE_END,
                {human.name: human.cards_and_goods, robot.name: robot.economic_impact + robot.credits},
            )
        ]
    else:
        ladder = [
            TieBreak("rftg_cards_and_goods_tie", RULE_SOLITAIRE_END, {p.name: p.cards_and_goods for p in players})
        ]
    return standing(sheets, ladder, RULE_SOLITAIRE_END if robot else RULE_SCORING)
