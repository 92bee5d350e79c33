import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engine.core.reasons import InvalidInput
from engine.rftg.conquest import MAX_TABLEAU, conquest_check

# Exact Fractions can be slow on a busy machine; timing is not what these properties test.
relaxed = settings(deadline=None)


def test_equal_force_conquers():
    verdict = conquest_check(5, [2, 3])
    assert verdict.conquerable and verdict.discards_needed == 0
    assert [r.code for r in verdict.reasons] == ["enough_military"]


def test_negative_values_count():
    # As in the rulebook's Greatest Military example, a -1 card lowers the force: 2 + 3 - 1 = 4.
    verdict = conquest_check(5, [2, 3, -1])
    assert verdict.force == 4 and not verdict.conquerable and verdict.shortfall == 1
    assert verdict.reasons[0].code == "negative_military_counted"
    assert "rftg/obiettivi-piu" in verdict.rules


def test_one_discard_is_enough():
    verdict = conquest_check(5, [2, 3, -1], discard_power=True, hand_size=3)
    assert verdict.conquerable and verdict.discards_needed == 1
    assert verdict.max_force == 6


def test_space_mercenaries_add_one_and_two_discards():
    # 2 + 1 = 3, +1 for the Mercenaries = 4, two discards reach 6.
    assert conquest_check(6, [2, 1], space_mercenaries=True, hand_size=5).discards_needed == 2
    verdict = conquest_check(7, [2, 1], space_mercenaries=True, hand_size=5)
    assert not verdict.conquerable and verdict.shortfall == 1 and verdict.max_force == 6


def test_never_more_than_two_discards_nor_more_than_the_hand():
    assert conquest_check(8, [5], discard_power=True, hand_size=9).max_force == 7
    verdict = conquest_check(7, [5], discard_power=True, hand_size=1)
    assert verdict.max_force == 6 and not verdict.conquerable
    assert "too_few_cards_to_discard" in [r.code for r in verdict.reasons]


def test_without_the_power_no_discard_helps():
    verdict = conquest_check(4, [3], hand_size=6)
    assert verdict.discards_needed is None
    # Nothing could be discarded, so the verdict does not say "even discarding".
    assert verdict.reasons[-1].code == "not_enough_military_no_discard"
    assert conquest_check(9, [3], discard_power=True, hand_size=6).reasons[-1].code == "not_enough_military"


def test_specialized_bonus_applies():
    verdict = conquest_check(4, [1], specialized_bonus=3)
    assert verdict.conquerable and verdict.force == 4


# --- a second world in the same Settle phase ("Colonizza un Secondo Pianeta") ---------------


def test_a_second_world_keeps_the_earlier_discards_and_shares_the_two_cards():
    # Tableau 3 and two cards already discarded for the first world: force 5 against defense 4,
    # no further discard (asked as a first world, the check wanted one more card).
    verdict = conquest_check(4, [3], discard_power=True, hand_size=3, second_world=True, discarded_this_phase=2)
    assert verdict.conquerable and verdict.discards_needed == 0 and verdict.force == 5
    assert [r.code for r in verdict.reasons] == ["second_world", "earlier_discards", "enough_military"]
    # One card discarded before: one more at most (3 + 1 + 1 = 5), so defense 6 is out of reach.
    one_left = conquest_check(6, [3], discard_power=True, hand_size=3, second_world=True, discarded_this_phase=1)
    assert (one_left.force, one_left.max_force, one_left.shortfall) == (4, 5, 1)
    assert one_left.reasons[-1].code == "not_enough_military"
    assert "too_few_cards_to_discard" not in [r.code for r in one_left.reasons]  # the hand is not what limits
    # Both cards used before: nothing left to discard, so no "even discarding".
    used = conquest_check(6, [3], discard_power=True, hand_size=3, second_world=True, discarded_this_phase=2)
    assert used.max_force == 5 and used.reasons[-1].code == "not_enough_military_no_discard"


def test_a_second_world_without_earlier_discards_is_a_plain_check_with_the_note():
    first = conquest_check(6, [2, 1], space_mercenaries=True, hand_size=5)
    second = conquest_check(6, [2, 1], space_mercenaries=True, hand_size=5, second_world=True)
    assert (second.force, second.max_force, second.discards_needed) == (first.force, first.max_force, 2)
    assert second.reasons[0].code == "second_world" and second.reasons[0].rule == "rftg/iii-colonizzazione"


@pytest.mark.parametrize(
    ("kwargs", "code"),
    [
        ({"discard_power": True, "hand_size": 2, "discarded_this_phase": 1}, "earlier_discards_need_second_world"),
        ({"second_world": True, "discarded_this_phase": 1}, "earlier_discards_need_power"),
        ({"discard_power": True, "second_world": True, "discarded_this_phase": 3}, "discarded_out_of_range"),
        (
            {"discard_power": True, "space_mercenaries": True, "second_world": True, "discarded_this_phase": 5},
            "discarded_out_of_range",
        ),
    ],
)
def test_earlier_discards_refusals(kwargs, code):
    with pytest.raises(InvalidInput) as err:
        conquest_check(4, [3], **kwargs)
    assert (err.value.code, err.value.field) == (code, "discarded_this_phase")


@relaxed
@given(st.integers(1, 15), st.lists(st.integers(-3, 5), max_size=6), st.integers(0, 4), st.integers(0, 2))
def test_earlier_discards_never_change_what_the_phase_can_reach(defense, military, hand, earlier):
    # Cards discarded for the first world count for the second, and leave fewer to discard: the
    # force the phase can reach is the same as if all were discarded now, given the cards.
    later = conquest_check(
        defense, military, discard_power=True, hand_size=hand, second_world=True, discarded_this_phase=earlier
    )
    now = conquest_check(defense, military, discard_power=True, hand_size=hand + earlier, second_world=True)
    assert later.max_force == now.max_force and later.conquerable == now.conquerable
    assert later.force == now.force + earlier


@relaxed
@given(st.integers(1, 15), st.lists(st.integers(-3, 5), max_size=8), st.booleans(), st.integers(0, 4))
def test_more_military_never_hurts(defense, military, power, hand):
    before = conquest_check(defense, military, discard_power=power, hand_size=hand)
    after = conquest_check(defense, military + [1], discard_power=power, hand_size=hand)
    assert after.conquerable >= before.conquerable
    more_cards = conquest_check(defense, military, discard_power=power, hand_size=hand + 1)
    assert more_cards.conquerable >= before.conquerable
    if before.discards_needed is not None:
        assert after.discards_needed is not None and after.discards_needed <= before.discards_needed


@relaxed
@given(st.integers(1, 14), st.lists(st.integers(-3, 5), max_size=8))
def test_a_stronger_world_is_never_easier(defense, military):
    assert conquest_check(defense + 1, military).conquerable <= conquest_check(defense, military).conquerable


@pytest.mark.parametrize(
    ("kwargs", "code", "field"),
    [
        ({"defense": 0, "military": []}, "defense_out_of_range", "defense"),
        ({"defense": 16, "military": []}, "defense_out_of_range", "defense"),
        ({"defense": 3, "military": [1] * (MAX_TABLEAU + 1)}, "too_many_cards", "military"),
        ({"defense": 3, "military": [1, 11]}, "military_out_of_range", "military[1]"),
        ({"defense": 3, "military": [], "hand_size": -1}, "hand_size_out_of_range", "hand_size"),
        (
            {"defense": 3, "military": [], "specialized_bonus": -2},
            "specialized_bonus_out_of_range",
            "specialized_bonus",
        ),
    ],
)
def test_refusals(kwargs, code, field):
    with pytest.raises(InvalidInput) as err:
        conquest_check(**kwargs)
    assert err.value.code == code and err.value.field == field


def test_specialized_bonus_cites_the_settle_powers_not_the_goal_that_leaves_it_out():
    # "Obiettivi più" says specialized bonuses do NOT count for Greatest Military: no support there.
    verdict = conquest_check(4, [1], specialized_bonus=3)
    assert ("specialized_bonus", "rftg/iii-colonizzazione") in [(r.code, r.rule) for r in verdict.reasons]
    assert "rftg/obiettivi-piu" not in verdict.rules


def test_a_discard_power_with_an_empty_hand_does_not_say_even_discarding():
    verdict = conquest_check(9, [3], discard_power=True, hand_size=0)
    assert [r.code for r in verdict.reasons][-2:] == ["no_cards_to_discard", "not_enough_military_no_discard"]


def test_two_discard_powers_add_up_to_four_cards():
    # Tableau 3, +1 Mercenaries = 4; each power discards up to 2: 8 is reached with 4 cards,
    # where either power alone stops at 6 (with the Mercenaries) or 5 (without).
    both = conquest_check(8, [3], discard_power=True, space_mercenaries=True, hand_size=6)
    assert (both.force, both.max_force, both.discards_needed) == (4, 8, 4)
    assert ("two_discard_powers", {"cards": 4}) in [(r.code, r.params) for r in both.reasons]
    assert conquest_check(8, [3], space_mercenaries=True, hand_size=6).max_force == 6
    assert conquest_check(8, [3], discard_power=True, hand_size=6).max_force == 5
    # ... never more than the hand holds
    assert conquest_check(8, [3], discard_power=True, space_mercenaries=True, hand_size=3).max_force == 7


def test_earlier_discards_count_against_every_power_of_the_phase():
    # Three cards discarded for the first world with two powers: one left for the second.
    verdict = conquest_check(
        9, [3], discard_power=True, space_mercenaries=True, hand_size=5, second_world=True, discarded_this_phase=3
    )
    assert (verdict.force, verdict.max_force) == (3 + 1 + 3, 3 + 1 + 4)
    with pytest.raises(InvalidInput) as err:  # one power allows two in the whole phase
        conquest_check(9, [3], discard_power=True, hand_size=5, second_world=True, discarded_this_phase=3)
    assert (err.value.code, err.value.params["max"]) == ("discarded_out_of_range", 2)
