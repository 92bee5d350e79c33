from fractions import Fraction as F

from engine.ti4.inputs import Battle, Force
from engine.ti4.space import space_combat


def test_survivors_losses_and_counts_agree():
    # One cruiser (7) against one fighter (9): whoever is left is the whole story.
    # Cruiser 2/5, fighter 1/5 per round: attacker only 8/25, defender only 3/25, both 2/25.
    r = space_combat(Battle("space", Force({"cruiser": 1}), Force({"fighter": 1})), exact=True)
    assert (r.attacker_win, r.defender_win, r.draw) == (F(8, 13), F(3, 13), F(2, 13))
    assert dict(r.attacker.survivors) == {(("cruiser", 1),): F(8, 13), (): F(5, 13)}
    assert r.attacker.count_distribution == (F(5, 13), F(8, 13))
    assert r.attacker.at_least_non_fighters == (1, F(8, 13))
    assert dict(r.attacker.expected_losses) == {"cruiser": F(5, 13)}
    assert r.attacker.expected_cost_lost == 2 * F(5, 13)  # a cruiser costs 2
    # The defender's fighter, if it wins, has no capacity: destroyed (23.10) but still "won".
    assert r.defender.expected_cost_lost == F(1, 2)
    assert [x.code for x in r.reasons] == ["fighters_over_capacity"]


def test_columns_and_rounds_sum_to_one():
    r = space_combat(Battle("space", Force({"destroyer": 2, "fighter": 3, "carrier": 1}),
                            Force({"cruiser": 2, "dreadnought": 1}, retreat_round=2)), exact=True)
    assert r.attacker_win + r.defender_win + r.draw + r.unfinished == 1
    assert sum(r.rounds) + r.rounds_later == 1
    assert r.defender_retreat <= r.attacker_win
    for side in (r.attacker, r.defender):
        assert sum(p for _, p in side.survivors) == 1
        assert list(side.at_least_non_fighters) == sorted(side.at_least_non_fighters,
                                                          reverse=True)
        probs = [p for _, p in side.survivors]
        assert probs == sorted(probs, reverse=True)
