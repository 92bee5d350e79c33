"""Parsec: the timed variant's points and the economic and military victories."""

import pytest
from hypothesis import given, strategies as st

from engine.core.reasons import InvalidInput
from engine.parsec import scoring as parsec
from engine.parsec.scoring import ParsecPlayer as P


def test_timed_points_from_the_rulebook_values():
    # 5 resources (1 each) + events 1 green, 1 yellow, 1 red, 1 purple (1+2+3+4) +
    # 2 colonies (4) + 1 cargo (3) + 1 fighter (3) + 1 armored transport (6) + 1 cruiser (8).
    p = P(
        "A",
        resources={"titanium": 2, "gold": 2, "energy": 1},
        events={"green": 1, "yellow": 1, "red": 1, "purple": 1},
        units={"colony": 2, "cargo": 1, "fighter": 1, "armored_transport": 1, "cruiser": 1},
    )
    result = parsec.score([p, P("B")])
    assert result.player("A").total == 5 + 10 + 8 + 3 + 3 + 6 + 8
    assert result.winner == "A" and result.verdicts == ()


def test_faction_overrides_unit_values():
    result = parsec.score([P("A", units={"fighter": 2}, unit_values={"fighter": 5}), P("B", units={"fighter": 3})])
    line = result.player("A").lines[0]
    assert line.points == 10 and line.params["faction"] is True
    assert result.player("B").total == 9


def test_timed_tie_stays_shared():
    result = parsec.score([P("A", units={"cargo": 1}), P("B", units={"fighter": 1})])
    assert result.winner is None and result.co_winners == ("A", "B")


def test_economic_victory_needs_ten_colonies_and_six_of_each_resource():
    rich = {"titanium": 6, "gold": 6, "energy": 6}
    winner = P("A", resources=rich, units={"colony": 10})
    result = parsec.score([winner, P("B", units={"cruiser": 20})])
    assert result.winner == "A" and result.verdicts[0].code == "parsec_economic_victory"
    short = P("A", resources={**rich, "gold": 5}, units={"colony": 10})
    assert parsec.score([short, P("B", units={"cruiser": 20})]).winner == "B"
    few = P("A", resources=rich, units={"colony": 9})
    assert parsec.score([few, P("B", units={"cruiser": 20})]).winner == "B"


def test_military_victory_on_half_the_modules():
    # 2 players: 6 modules, half is 3. 3-4 players: 12 modules, half is 6.
    assert (
        parsec.score([P("A", modules_dominated=3), P("B", units={"cruiser": 5})]).verdicts[0].code
        == "parsec_military_victory"
    )
    assert parsec.score([P("A", modules_dominated=2), P("B", units={"cruiser": 5})]).winner == "B"
    three = [P("A", modules_dominated=5), P("B"), P("C", units={"cruiser": 1})]
    assert parsec.score(three).winner == "C"
    three[0] = P("A", modules_dominated=6)
    assert parsec.score(three).winner == "A"


def test_absolute_victory_needs_both():
    rich = {"titanium": 6, "gold": 6, "energy": 6}
    both = P("A", resources=rich, units={"colony": 10}, modules_dominated=3)
    only_military = P("A", modules_dominated=3)
    assert parsec.score([both, P("B")], absolute=True).verdicts[0].code == "parsec_absolute_victory"
    # One of the two is no win, and this variant has no timed end: the game goes on, whatever
    # the timed points (B's cargo would have won a timed game).
    ongoing = parsec.score([only_military, P("B", units={"cargo": 1})], absolute=True)
    assert ongoing.winner is None and ongoing.co_winners == () and not ongoing.game_over
    assert [(v.code, v.params["player"], v.rule) for v in ongoing.verdicts] == [
        ("parsec_absolute_military_only", "A", "parsec/variante-vittoria-assoluta")
    ]
    only_economic = P("B", resources=rich, units={"colony": 10})
    assert [v.code for v in parsec.score([only_military, only_economic], absolute=True).verdicts] == [
        "parsec_absolute_military_only",
        "parsec_absolute_economic_only",
    ]
    assert parsec.score([P("A"), P("B")], absolute=True).verdicts == ()


def test_several_players_meeting_a_victory_leave_the_winner_to_the_table():
    rich = {"titanium": 6, "gold": 6, "energy": 6}
    result = parsec.score([P("A", resources=rich, units={"colony": 10}), P("B", modules_dominated=3)])
    assert result.winner is None and result.co_winners == ("A", "B")
    assert result.tie_break.code == "parsec_several_victories"


@pytest.mark.parametrize(
    "players, code, field",
    [
        ([P("A", resources={"gold": -1}), P("B")], "out_of_range", "players[0].resources.gold"),
        ([P("A", resources={"silver": 1}), P("B")], "unknown_kind", "players[0].resources.silver"),
        ([P("A", events={"blue": 1}), P("B")], "unknown_kind", "players[0].events.blue"),
        ([P("A", units={"dreadnought": 1}), P("B")], "unknown_kind", "players[0].units.dreadnought"),
        ([P("A", modules_dominated=7), P("B")], "out_of_range", "players[0].modules_dominated"),
        ([P("A", modules_dominated=4), P("B", modules_dominated=3)], "modules_exceed_board", "players"),
        ([P("A"), P("A")], "duplicate_name", "players[1].name"),
        ([P(str(i)) for i in range(5)], "player_count", "players"),
    ],
)
def test_invalid_sheets_are_refused(players, code, field):
    with pytest.raises(InvalidInput) as err:
        parsec.score(players)
    assert (err.value.code, err.value.field) == (code, field)


@given(
    st.dictionaries(st.sampled_from(parsec.RESOURCES), st.integers(0, 9)),
    st.dictionaries(st.sampled_from(list(parsec.EVENT_VP)), st.integers(0, 5)),
    st.dictionaries(st.sampled_from(list(parsec.UNIT_VP)), st.integers(0, 9)),
)
def test_timed_points_are_linear_in_the_counts(resources, events, units):
    p = P("A", resources=resources, events=events, units=units)
    expected = (
        sum(resources.values())
        + sum(parsec.EVENT_VP[c] * n for c, n in events.items())
        + sum(parsec.UNIT_VP[u] * n for u, n in units.items())
    )
    result = parsec.score([p, P("B")])
    assert result.player("A").total == expected
    assert {line.code for line in result.player("A").lines} <= parsec.CODES
