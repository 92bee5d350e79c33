from fractions import Fraction as F

from engine.ti4.combat import calculate
from engine.ti4.inputs import Battle, Force


def test_calculate_dispatches_by_kind():
    assert calculate(Battle("space", Force({"fighter": 1}), Force({"fighter": 1})), exact=True).attacker_win == F(4, 9)
    assert calculate(Battle("ground", Force({"infantry": 1}), Force({"infantry": 1})), exact=True).attacker_win == F(
        7, 17
    )
