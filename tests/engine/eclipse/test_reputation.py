"""Reputation draws, checked on ESEMPIO DI COMBATTIMENTO."""

from engine.eclipse.reputation import tiles_drawn


def test_combat_example_draws():
    # Iain: one for the battle and two for the two interceptors he destroyed -> 3.
    assert tiles_drawn({"interceptor": 2}, all_retreated=False) == 3
    # Vernor: 1 + 3 interceptors + 2 for the cruiser = 6, but at most five are drawn.
    assert tiles_drawn({"interceptor": 3, "cruiser": 1}, all_retreated=False) == 5


def test_retreat_penalty_keeps_kill_tiles():
    # PENALITÀ DI RITIRATA: no tile for the battle, the destroyed ships still count.
    assert tiles_drawn({}, all_retreated=True) == 0
    assert tiles_drawn({"dreadnought": 1}, all_retreated=True) == 3
    assert tiles_drawn({"gcds": 1}, all_retreated=False) == 4
