"""Input checks shared by the score sheets."""

import pytest

from engine.core.reasons import InvalidInput
from engine.core import checks


@pytest.mark.parametrize(
    "value, code",
    [(-1, "out_of_range"), (11, "out_of_range"), (True, "out_of_range"), (2.5, "out_of_range"), ("3", "out_of_range")],
)
def test_count_refuses(value, code):
    with pytest.raises(InvalidInput) as err:
        checks.count(value, "a.b", 10, rule="g/r")
    assert err.value.code == code and err.value.field == "a.b"


def test_count_accepts_bounds():
    assert checks.count(0, "f", 10) == 0 and checks.count(10, "f", 10) == 10
    assert checks.count(-3, "f", 10, minimum=-5) == -3


def test_duplicate_names_ignore_case_and_spaces():
    with pytest.raises(InvalidInput) as err:
        checks.player_names(["Anna", " anna "], "players", 2, 6)
    assert err.value.code == "duplicate_name" and err.value.field == "players[1].name"
    assert err.value.params["name"] == "anna"  # as typed, without the spaces that hid the clash


@pytest.mark.parametrize("names", [["A"], ["A", "B", "C", "D", "E", "F", "G"]])
def test_player_count_out_of_range(names):
    with pytest.raises(InvalidInput) as err:
        checks.player_names(names, "players", 2, 6, rule="g/r")
    assert err.value.code == "player_count" and err.value.params["count"] == len(names)


def test_empty_and_overlong_names():
    with pytest.raises(InvalidInput) as err:
        checks.player_names(["A", "  "], "players", 2, 6, suffix="")
    assert err.value.code == "empty_name" and err.value.field == "players[1]"
    with pytest.raises(InvalidInput) as err:
        checks.player_names(["A", "x" * 41], "players", 2, 6)
    assert err.value.code == "above_maximum"


def test_choice_and_known_player():
    assert checks.choice("b", "f", ("a", "b"), "unknown_thing") == "b"
    with pytest.raises(InvalidInput) as err:
        checks.choice("z", "f", ("a", "b"), "unknown_thing")
    assert err.value.code == "unknown_thing" and err.value.params["choices"] == ["a", "b"]
    with pytest.raises(InvalidInput) as err:
        checks.known_player("Zed", "bases[0].player", ["A"])
    assert err.value.code == "unknown_player"
