"""TI4 victory point tracker: the 10/14 ending, simultaneous winners and the objective ending."""

import pytest

from engine.core.reasons import InvalidInput
from engine.ti4 import scoring as ti4
from engine.ti4.scoring import TI4Player as P


def test_game_goes_on_below_the_target():
    result = ti4.track([P("A", 9, 3), P("B", 7, 5), P("C", 2, 1)])
    assert result.game_over is False and result.winner is None
    assert [p.total for p in result.players] == [9, 7, 2]


def test_reaching_ten_ends_the_game():
    result = ti4.track([P("A", 10, 3), P("B", 7, 5), P("C", 2, 1)])
    assert result.game_over and result.winner == "A" and result.tie_break is None
    assert result.verdicts[0].code == "ti4_target_reached" and result.verdicts[0].rule == "ti4/61.7"


def test_reaching_fourteen_on_the_long_side_cites_the_track_side():
    """61.2: on the 14-point side the game ends at 14, the rule that says so is cited."""
    result = ti4.track([P("A", 14, 3), P("B", 13, 5), P("C", 2, 1)], target=14)
    assert result.winner == "A" and result.verdicts[0].rule == "ti4/61.2"
    assert "ti4/61.2" in result.rules


def test_simultaneous_ten_goes_to_first_in_initiative_order():
    # 61.7: two players reach 10 together; the lower strategy card number (5 before 7) wins.
    result = ti4.track([P("A", 10, 7), P("B", 10, 5), P("C", 9, 1)])
    assert result.winner == "B"
    assert result.tie_break.code == "ti4_initiative_order"
    assert result.tie_break.params["values"] == {"A": 7, "B": 5}


def test_naalu_zero_comes_first():
    result = ti4.track([P("A", 10, 1), P("B", 10, 0), P("C", 3, 2)])
    assert result.winner == "B"


def test_simultaneous_without_strategy_cards_counts_clockwise_from_the_speaker():
    # 61.7: the list is [speaker, next clockwise, ...], so "B" (one seat after the speaker)
    # beats "C" (two seats after).
    result = ti4.track([P("S", 3), P("B", 10), P("C", 10)])
    assert result.winner == "B" and result.tie_break.code == "ti4_speaker_order"


def test_fourteen_point_track():
    assert ti4.track([P("A", 13, 1), P("B", 12, 2), P("C", 10, 3)], target=14).game_over is False
    assert ti4.track([P("A", 14, 1), P("B", 12, 2), P("C", 10, 3)], target=14).winner == "A"


def test_no_public_objective_left_ends_with_most_points_then_initiative():
    # 61.8: the speaker cannot reveal an objective; 8 and 8 tie, initiative 2 beats 6.
    result = ti4.track([P("A", 8, 6), P("B", 8, 2), P("C", 5, 1)], unrevealed_public_objectives=0)
    assert result.game_over and result.winner == "B"
    assert result.verdicts[0].code == "ti4_no_objective_left"
    assert result.tie_break.rule == "ti4/61.8"


def test_objectives_left_keep_the_game_going():
    assert ti4.track([P("A", 8, 6), P("B", 8, 2), P("C", 5, 1)], unrevealed_public_objectives=3).game_over is False


# --- eliminated players (32) ---------------------------------------------------------------


def test_an_eliminated_player_does_not_win_on_the_objective_ending():
    # 61.8 with A out: A's 9 no longer leads; B and C tie on 7 and card 3 beats 5.
    players = [P("A", 9, eliminated=True), P("B", 7, 3), P("C", 7, 5)]
    result = ti4.track(players, unrevealed_public_objectives=0)
    assert result.winner == "B" and result.tie_break.params["values"] == {"B": 3, "C": 5}
    assert [v.code for v in result.verdicts] == ["ti4_no_objective_left", "ti4_eliminated", "ti4_speaker_eliminated"]
    assert result.verdicts[2].params == {"speaker": "B"} and result.verdicts[2].rule == "ti4/32.8"
    assert {"ti4/32", "ti4/32.8"} <= set(result.rules)
    # Without the flag A would win: the flag is what decides.
    assert ti4.track([P("A", 9, 1), P("B", 7, 3), P("C", 7, 5)], unrevealed_public_objectives=0).winner == "A"


def test_the_speaker_token_passes_over_every_eliminated_column():
    # 32.8 twice: the speaker S and then X are out, so B holds the token and wins the tie.
    players = [P("S", 4, eliminated=True), P("X", 2, eliminated=True), P("B", 10), P("C", 10)]
    result = ti4.track(players)
    assert result.winner == "B" and result.tie_break.params["values"] == {"B": 0, "C": 1}
    assert result.verdicts[1].params == {"players": ["S", "X"]}
    assert result.verdicts[2].params == {"speaker": "B"}


def test_an_eliminated_player_takes_no_seat_in_the_tie_break():
    # (An eliminated player with 10 VP would have ended the game first: refused below.)
    result = ti4.track([P("S", 4), P("X", 9, eliminated=True), P("B", 10), P("C", 10)])
    assert result.winner == "B" and result.tie_break.code == "ti4_speaker_order"
    assert result.tie_break.params["values"] == {"B": 1, "C": 2}
    assert result.verdicts[0].params["players"] == ["B", "C"]
    assert [v.code for v in result.verdicts[1:]] == ["ti4_eliminated"]  # S is still the speaker


def test_an_eliminated_player_is_noted_while_the_game_goes_on_and_holds_no_card():
    # B holds no card once out (32.6), so A and C holding theirs is not a partial initiative.
    result = ti4.track([P("A", 5, 2), P("B", 3, eliminated=True), P("C", 6, 7)])
    assert result.game_over is False and [v.code for v in result.verdicts] == ["ti4_eliminated"]


@pytest.mark.parametrize(
    "players, code, field, rule",
    [
        (
            [P("A", 5, 2), P("B", 3, 4, eliminated=True), P("C", 6, 7)],
            "eliminated_holds_card",
            "players[1].initiative",
            "ti4/32.6",
        ),
        ([P(n, 5, eliminated=True) for n in "ABC"], "everyone_eliminated", "players", "ti4/32"),
    ],
)
def test_eliminated_players_refusals(players, code, field, rule):
    with pytest.raises(InvalidInput) as err:
        ti4.track(players)
    assert (err.value.code, err.value.field, err.value.rule) == (code, field, rule)


@pytest.mark.parametrize(
    "players, kwargs, code, field",
    [
        ([P("A", 11, 1), P("B", 0, 2), P("C", 0, 3)], {}, "out_of_range", "players[0].vp"),
        ([P("A", -1, 1), P("B", 0, 2), P("C", 0, 3)], {}, "out_of_range", "players[0].vp"),
        ([P("A", 1, 1), P("B", 0, 1), P("C", 0, 3)], {}, "initiative_duplicate", "players[1].initiative"),
        ([P("A", 1, 1), P("B", 0), P("C", 0, 3)], {}, "initiative_partial", "players[1].initiative"),
        ([P("A", 1, 9), P("B", 0, 2), P("C", 0, 3)], {}, "out_of_range", "players[0].initiative"),
        ([P("A", 1, 1), P("B", 0, 2)], {}, "player_count", "players"),
        ([P("A", 1, 1), P("a", 0, 2), P("C", 0, 3)], {}, "duplicate_name", "players[1].name"),
        ([P("A", 1, 1), P("B", 0, 2), P("C", 0, 3)], {"target": 12}, "unknown_target", "target"),
        ([P("A", 1), P("B", 1), P("C", 0)], {"unrevealed_public_objectives": 0}, "initiative_required", "players"),
        (
            [P("A", 10, eliminated=True), P("B", 1), P("C", 1)],
            {},
            "eliminated_reached_target",
            "players[0].vp",
        ),
        (
            [P("A", 1, 1), P("B", 0, 2), P("C", 0, 3)],
            {"unrevealed_public_objectives": 9},
            "out_of_range",
            "unrevealed_public_objectives",
        ),
    ],
)
def test_invalid_tracks_are_refused(players, kwargs, code, field):
    with pytest.raises(InvalidInput) as err:
        ti4.track(players, **kwargs)
    assert (err.value.code, err.value.field) == (code, field)


def test_objectives_running_out_with_one_leader_needs_no_initiative():
    # 61.8: the most victory points wins; initiative only breaks a tie (none held here).
    result = ti4.track([P("A", 9), P("B", 7), P("C", 5)], unrevealed_public_objectives=0)
    assert result.game_over and result.winner == "A" and result.tie_break is None
    assert [v.code for v in result.verdicts] == ["ti4_no_objective_left"]
