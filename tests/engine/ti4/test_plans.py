from engine.ti4.plans import RoundModifier, horizon, last_changing_round, total_modifier


def test_modifiers_add_up_in_their_rounds():
    mods = (RoundModifier(1, 1, 1), RoundModifier(-1, 2), RoundModifier(2, 3, 4))
    assert [total_modifier(mods, r) for r in range(1, 7)] == [1, -1, 1, 1, -1, -1]


def test_last_changing_round():
    assert last_changing_round(()) == 0
    assert last_changing_round((RoundModifier(1, 4),)) == 3  # constant from round 4 on
    assert last_changing_round((RoundModifier(1, 2, 7),)) == 7


def test_horizon_covers_every_named_round_and_stops_at_a_stop_plan():
    assert horizon(None, (None, None), ((), ())) == 0
    assert horizon(None, (8, None), ((), ())) == 8
    assert horizon(None, (None,), ((RoundModifier(1, 2, 9),),)) == 9
    assert horizon(2, (8, None), ((), ())) == 2
