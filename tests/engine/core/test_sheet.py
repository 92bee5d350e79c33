"""The shared tie-break ladder: leaders first, then each rung in turn, else a shared first place."""

from engine.core.reasons import Reason
from engine.core.sheet import Line, PlayerScore, TieBreak, break_ties, leaders, standing


def sheet(name, *points):
    return PlayerScore(name, tuple(Line("x", p, "g/r") for p in points))


def test_total_is_the_sum_of_the_lines():
    assert sheet("A", 3, -2, 5).total == 6
    assert sheet("A").total == 0


def test_leaders_keep_sheet_order():
    assert leaders({"A": 4, "B": 7, "C": 7}) == ["B", "C"]


def test_single_leader_needs_no_tie_break():
    assert break_ties(["A"], [TieBreak("t", "g/t", {"A": 0})], "g/end") == ("A", (), None, ())


def test_first_rung_that_separates_decides_and_shows_the_compared_values():
    ladder = [TieBreak("first", "g/1", {"A": 2, "B": 2, "C": 9}), TieBreak("second", "g/2", {"A": 1, "B": 5, "C": 0})]
    winner, co, reason, narrowed = break_ties(["A", "B"], ladder, "g/end")
    # C is not tied, so its 9 on the first rung is ignored; A and B tie there, B wins the second.
    assert winner == "B" and co == ()
    assert reason == Reason("second", "g/2", {"values": {"A": 1, "B": 5}})
    assert narrowed == (Reason("first", "g/1", {"values": {"A": 2, "B": 2}}),)  # why the second was needed


def test_a_rung_that_drops_one_of_three_is_kept_beside_the_one_that_decides():
    ladder = [TieBreak("first", "g/1", {"A": 4, "B": 4, "C": 1}), TieBreak("second", "g/2", {"A": 2, "B": 3, "C": 9})]
    winner, _, reason, narrowed = break_ties(["A", "B", "C"], ladder, "g/end")
    # C had the best second value but left at the first rung: the table sees why.
    assert winner == "B" and reason.code == "second" and reason.params["values"] == {"A": 2, "B": 3}
    assert narrowed == (Reason("first", "g/1", {"values": {"A": 4, "B": 4, "C": 1}}),)


def test_lower_wins_rung():
    winner, _, reason, _narrowed = break_ties(
        ["A", "B"], [TieBreak("init", "g/i", {"A": 6, "B": 3}, lower_wins=True)], "g/end"
    )
    assert winner == "B" and reason.code == "init"


def test_exhausted_ladder_leaves_a_shared_first_place():
    winner, co, reason, narrowed = break_ties(["A", "B"], [TieBreak("t", "g/t", {"A": 1, "B": 1})], "g/end")
    assert winner is None and co == ("A", "B")
    assert reason == Reason("tie_unbroken", "g/end", {"players": ["A", "B"]})
    assert narrowed == (Reason("t", "g/t", {"values": {"A": 1, "B": 1}}),)  # the rung that could not


def test_standing_cites_scoring_rule_lines_and_tie_break_once_each():
    a = PlayerScore("A", (Line("x", 3, "g/a"), Line("y", 1, "g/b")))
    b = PlayerScore("B", (Line("x", 4, "g/a"),))
    result = standing([a, b], [TieBreak("t", "g/t", {"A": 5, "B": 1})], "g/end")
    assert result.winner == "A" and result.tie_break.code == "t" and result.narrowed_by == ()
    assert result.rules == ("g/end", "g/a", "g/b", "g/t")


def test_a_sheet_without_a_line_names_no_winner_but_lines_worth_nothing_are_a_tie():
    # Nobody has entered anything yet: no winner, shared or not, and no tie-break walked.
    blank = standing([sheet("A"), sheet("B")], [TieBreak("t", "g/t", {"A": 5, "B": 1})], "g/end")
    assert (blank.winner, blank.co_winners, blank.tie_break, blank.rules) == (None, (), None, ("g/end",))
    # A line that scores 0 is a real, if rare, finished game: the ladder decides it.
    zero = standing([sheet("A", 0), sheet("B", 0)], [TieBreak("t", "g/t", {"A": 5, "B": 1})], "g/end")
    assert zero.winner == "A" and zero.tie_break.code == "t"
