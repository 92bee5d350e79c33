from fractions import Fraction as F

from engine.ti4.assignment import ForceStates, HitPolicy
from engine.ti4.chain import RoundRules, run
from engine.ti4.units import Loadout


def duel(rules: RoundRules, attacker=None, defender=None):
    att = ForceStates(attacker or {"fighter": 1}, Loadout(), HitPolicy(), F)
    dfn = ForceStates(defender or {"fighter": 1}, Loadout(), HitPolicy(), F)
    return run(att, dfn, {(att.start, dfn.start): F(1)}, rules, F(0))


def by_kind(outcome):
    out: dict[str, F] = {}
    for (kind, _, _), p in outcome.ends.items():
        out[kind] = out.get(kind, F(0)) + p
    return out


def test_fighter_against_fighter_worked_by_hand():
    # Each hits on 9-10 (p = 1/5). A round ends both (1/25), only one (4/25 each) or none
    # (16/25). Conditioning on the round ending: attacker 4/9, defender 4/9, draw 1/9.
    outcome = duel(RoundRules(horizon=3, modifier=lambda r: (0, 0)))
    assert by_kind(outcome) == {"attacker": F(4, 9), "defender": F(4, 9), "draw": F(1, 9)}
    # Rounds are geometric: P(end in round r) = (16/25)^(r-1) * 9/25, mean 25/9.
    stepped = len(outcome.rounds) - 1
    assert stepped >= 3  # at least the horizon; more while the work budget allows
    assert outcome.rounds == (0, *(F(16, 25) ** (r - 1) * F(9, 25) for r in range(1, stepped + 1)))
    assert outcome.later == F(16, 25) ** stepped
    assert outcome.expected_rounds == F(25, 9)


def test_stop_plan_leaves_the_rest_unfinished():
    outcome = duel(RoundRules(horizon=2, modifier=lambda r: (0, 0), stop_after=2))
    assert by_kind(outcome)["unfinished"] == F(16, 25) ** 2
    assert outcome.expected_rounds == 1 + F(16, 25)  # round 2 is played only if round 1 drew nothing


def test_modifier_in_round_one_only():
    # Round 1: attacker +1 (p = 3/10), defender p = 1/5; then the plain 4/9, 4/9, 1/9 duel.
    outcome = duel(RoundRules(horizon=1, modifier=lambda r: (1 if r == 1 else 0, 0)))
    assert by_kind(outcome) == {"attacker": F(22, 45), "defender": F(7, 18), "draw": F(11, 90)}


def test_nobody_can_score_is_the_faq_stalemate():
    outcome = duel(RoundRules(horizon=2, modifier=lambda r: (0, 0) if r == 1 else (-2, -2)))
    # Round 1 is a normal round; from round 2 on fighters need an 11: stalemate.
    assert by_kind(outcome)["stalemate"] == F(16, 25)


def test_one_side_unable_to_score_is_not_a_stalemate():
    outcome = duel(RoundRules(horizon=1, modifier=lambda r: (0, -2)))
    assert by_kind(outcome) == {"attacker": F(1)}


def test_defender_retreat_is_announced_first():
    # Both plan round 1; 23.4: only the defender retreats. Cruiser (7, p=2/5) vs fighter.
    rules = RoundRules(horizon=1, modifier=lambda r: (0, 0), attacker_retreat=1, defender_retreat=1)
    outcome = duel(rules, attacker={"cruiser": 1}, defender={"cruiser": 1})
    kinds = by_kind(outcome)
    assert kinds["defender_retreat"] == F(3, 5) ** 2  # nobody hit: the defender leaves
    assert "attacker_retreat" not in kinds
    assert kinds["draw"] == F(2, 5) ** 2


def test_a_battle_no_side_can_ever_score_in_is_a_stalemate_before_round_one():
    # -2 on every roll: a fighter (9) would need 11. The FAQ stalemate ends it before any dice.
    outcome = duel(RoundRules(horizon=3, modifier=lambda r: (-2, -2)))
    assert by_kind(outcome) == {"stalemate": F(1)}
    assert outcome.rounds == (F(1), F(0)) and outcome.later == 0 and outcome.expected_rounds == 0


def test_no_stalemate_while_a_later_round_can_still_score():
    # Nobody can hit in rounds 1-2 (-2), everybody can from round 3: the fighter duel, two rounds late.
    outcome = duel(RoundRules(horizon=3, modifier=lambda r: (-2, -2) if r <= 2 else (0, 0)))
    assert by_kind(outcome) == {"attacker": F(4, 9), "defender": F(4, 9), "draw": F(1, 9)}
    assert outcome.rounds[:4] == (0, 0, 0, F(9, 25))
    assert outcome.expected_rounds == 2 + F(25, 9)


def test_a_battle_stuck_after_a_round_ends_in_that_round():
    # Round 1 at +0 (fighters hit on 9-10), then -2 for ever: whatever round 1 left is stuck.
    outcome = duel(RoundRules(horizon=3, modifier=lambda r: (0, 0) if r == 1 else (-2, -2)))
    kinds = by_kind(outcome)
    assert kinds["stalemate"] == F(16, 25) and kinds["draw"] == F(1, 25)
    assert outcome.rounds == (0, F(1)) and outcome.expected_rounds == 1
