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


def test_on_slow_runs_once_after_its_delay_and_may_stop_the_work():
    calls = []
    with time_budget(10, slow_after=0.2, on_slow=lambda: calls.append(1)):
        check()
        assert calls == []  # not yet due
        time.sleep(0.25)
        check()
        check()
    assert calls == [1]

    def refuse():
        raise LookupError("no slot")

    with time_budget(10, slow_after=0.0, on_slow=refuse):
        with pytest.raises(LookupError):
            check()
