import time

import pytest

from engine.core.budget import BudgetExceeded, check, time_budget


def test_check_is_silent_outside_a_budget_and_inside_a_generous_one():
    check()
    with time_budget(10):
        check()


def test_check_raises_past_the_deadline_and_the_budget_is_restored():
    with time_budget(0.001):
        time.sleep(0.005)
        with pytest.raises(BudgetExceeded) as caught:
            check()
        assert caught.value.seconds == 0.001
    check()  # the budget ended with its block
