"""Race for the Galaxy + The Gathering Storm: goals, 6-cost developments, the solitaire robot."""

import pytest
from hypothesis import given, strategies as st

from engine.core.reasons import InvalidInput
from engine.rftg import scoring as rftg
from engine.rftg.scoring import GenomeProject, ImperiumLords, MostGoal, RftgPlayer as P, Robot, TerraformingGuild


def test_chips_and_card_vp_add_up():
    result = rftg.score([P("A", vp_chips=12, card_vp=20), P("B", vp_chips=3, card_vp=25)])
    assert [p.total for p in result.players] == [32, 28] and result.winner == "A"


def test_first_goals_are_three_each_and_can_be_shared():
    # A tie in the same phase gives every tied player the 3 VP ("gettoni da 3 PV").
    result = rftg.score(
        [P("A", first_goals=("galactic_status",)), P("B", first_goals=("galactic_status", "budget_surplus"))]
    )
    assert result.player("A").total == 3 and result.player("B").total == 6


def test_most_goal_five_for_the_sole_leader_meeting_the_minimum():
    goal = MostGoal("greatest_military", {"A": 7, "B": 6, "C": 2})
    result = rftg.score([P("A"), P("B"), P("C")], [goal])
    line = result.player("A").lines[0]
    assert (line.code, line.points) == ("rftg_most_goal", 5)
    assert result.player("B").total == 0


def test_most_goal_tied_at_the_end_gives_three_each():
    # "assegnate 3 PV, invece di 5 PV, a ogni giocatore che avrebbe diritto ad avere la sagoma".
    goal = MostGoal("production_leader", {"A": 5, "B": 5, "C": 4})
    result = rftg.score([P("A"), P("B"), P("C")], [goal])
    assert [p.total for p in result.players] == [3, 3, 0]
    assert result.player("A").lines[0].code == "rftg_most_goal_tied"


def test_most_goal_below_the_minimum_scores_nothing():
    # Greatest Military needs at least 6; Largest Industry at least 3.
    result = rftg.score(
        [P("A"), P("B")], [MostGoal("greatest_military", {"A": 5, "B": 1}), MostGoal("largest_industry", {"A": 3})]
    )
    assert result.player("A").total == 5 and result.player("A").lines[0].params["goal"] == "largest_industry"


def test_galactic_genome_project():
    # 2 per Genes world + 3 for GENETIC LABS: 3 worlds -> 6 + 3 = 9.
    result = rftg.score([P("A", galactic_genome_project=GenomeProject(3, True)), P("B")])
    assert result.player("A").total == 9


def test_terraforming_guild_counts_itself():
    # 2 per windfall world, 3 per TERRAFORMING card including the Guild: 2 windfalls, 2 cards -> 4 + 6.
    result = rftg.score([P("A", terraforming_guild=TerraformingGuild(2, 2)), P("B")])
    assert result.player("A").total == 10


def test_imperium_lords():
    # 2 per IMPERIUM card including the Lords + 1 per other military world: 3 cards, 2 worlds -> 8.
    result = rftg.score([P("A", imperium_lords=ImperiumLords(3, 2)), P("B", other_six_dev_bonus=4)])
    assert result.player("A").total == 8 and result.player("B").total == 4


def test_multiplayer_tie_stays_shared_when_cards_and_goods_are_level():
    result = rftg.score([P("A", vp_chips=10), P("B", card_vp=10)])
    assert result.winner is None and result.co_winners == ("A", "B")
    assert [r.code for r in result.narrowed_by] == ["rftg_cards_and_goods_tie"]


def test_multiplayer_tie_goes_to_the_most_cards_in_hand_plus_goods():
    # The audit's sheet: 30 each; Anna holds 5 cards and goods, Bruno 2. C, behind, never compared.
    players = [
        P("Anna", vp_chips=10, card_vp=20, cards_and_goods=5),
        P("Bruno", vp_chips=12, card_vp=18, cards_and_goods=2),
    ]
    result = rftg.score([*players, P("C", card_vp=29, cards_and_goods=9)])
    assert result.winner == "Anna" and result.tie_break.code == "rftg_cards_and_goods_tie"
    assert result.tie_break.params["values"] == {"Anna": 5, "Bruno": 2}
    assert result.tie_break.rule == "rftg/fine-del-gioco" and "rftg/fine-del-gioco" in result.rules


def test_the_robot_may_place_more_than_ten_six_cost_developments():
    result = rftg.score([P("Me", card_vp=30)], robot=Robot(six_dev_chips=12))
    assert result.player("Robot").total == 72


def test_robot_scores_six_dev_chips_at_six_or_nine():
    easy = rftg.score([P("Me", card_vp=30)], robot=Robot(vp_chips=10, card_vp=8, six_dev_chips=2, chip_value=6))
    hard = rftg.score([P("Me", card_vp=30)], robot=Robot(vp_chips=10, card_vp=8, six_dev_chips=2, chip_value=9))
    assert easy.player("Robot").total == 30 and hard.player("Robot").total == 36
    assert easy.winner is None and easy.tie_break.code == "tie_unbroken"
    assert hard.winner == "Robot"


def test_robot_tie_compares_impact_plus_credits_with_cards_and_goods():
    me = P("Me", card_vp=20, cards_and_goods=5)
    result = rftg.score([me], robot=Robot(vp_chips=20, economic_impact=3, credits=1))
    assert result.winner == "Me" and result.tie_break.code == "rftg_robot_tie"
    assert result.tie_break.params["values"] == {"Me": 5, "Robot": 4}


@pytest.mark.parametrize(
    "players, most, robot, code, field",
    [
        ([P("A", vp_chips=-1), P("B")], (), None, "out_of_range", "players[0].vp_chips"),
        ([P("A", first_goals=("fastest",)), P("B")], (), None, "unknown_goal", "players[0].first_goals[0]"),
        (
            [P("A", first_goals=("galactic_status", "galactic_status")), P("B")],
            (),
            None,
            "duplicate_goal",
            "players[0].first_goals[1]",
        ),
        (
            [P("A", first_goals=rftg.FIRST_GOALS[:3]), P("B", first_goals=rftg.FIRST_GOALS[3:5])],
            (),
            None,
            "too_many_goals",
            "players",
        ),
        ([P("A"), P("B")], (MostGoal("biggest", {}),), None, "unknown_goal", "most_goals[0].goal"),
        (
            [P("A"), P("B")],
            (MostGoal("production_leader", {}), MostGoal("production_leader", {})),
            None,
            "duplicate_goal",
            "most_goals[1].goal",
        ),
        (
            [P("A"), P("B")],
            tuple(MostGoal(g, {}) for g in list(rftg.MOST_GOALS)[:3]),
            None,
            "too_many_goals",
            "most_goals",
        ),
        (
            [P("A"), P("B")],
            (MostGoal("production_leader", {"Z": 4}),),
            None,
            "unknown_player",
            "most_goals[0].values.Z",
        ),
        ([P("A"), P("A")], (), None, "duplicate_name", "players[1].name"),
        ([P("A")], (), None, "player_count", "players"),
        ([P(str(i)) for i in range(6)], (), None, "player_count", "players"),
        (
            [P("A", galactic_genome_project=GenomeProject()), P("B", galactic_genome_project=GenomeProject())],
            (),
            None,
            "card_in_two_tableaus",
            "players[1].six_dev_bonus.galactic_genome_project",
        ),
        (
            [P("A", terraforming_guild=TerraformingGuild(0, 0)), P("B")],
            (),
            None,
            "out_of_range",
            "players[0].six_dev_bonus.terraforming_guild.terraforming_cards",
        ),
        ([P("A", first_goals=("galactic_status",))], (), Robot(), "solitaire_rules", "players"),
        ([P("A"), P("B")], (), Robot(), "solitaire_rules", "players"),
        ([P("Robot")], (), Robot(), "duplicate_name", "robot.name"),
        ([P("A")], (), Robot(chip_value=7), "unknown_chip_value", "robot.chip_value"),
        ([P("A")], (), Robot(credits=5), "out_of_range", "robot.credits"),
    ],
)
def test_invalid_sheets_are_refused(players, most, robot, code, field):
    with pytest.raises(InvalidInput) as err:
        rftg.score(players, most, robot)
    assert (err.value.code, err.value.field) == (code, field)


@given(st.lists(st.integers(-5, 12), min_size=2, max_size=5), st.sampled_from(list(rftg.MOST_GOALS)))
def test_most_goal_awards_follow_the_rule(values, goal):
    # Property: nobody below the minimum scores; a sole best scores 5; tied best score 3 each.
    names = [f"P{i}" for i in range(len(values))]
    result = rftg.score([P(n) for n in names], [MostGoal(goal, dict(zip(names, values)))])
    minimum = rftg.MOST_GOALS[goal]
    best = max(values)
    winners = [n for n, v in zip(names, values) if v == best and v >= minimum]
    for name, v in zip(names, values):
        expected = 0 if name not in winners else (5 if len(winners) == 1 else 3)
        assert result.player(name).total == expected
