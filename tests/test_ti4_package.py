import re
from fractions import Fraction as F
from pathlib import Path

from engine.ti4 import CITABLE_RULES, calculate
from engine.ti4.inputs import Battle, Force

ENGINE = Path(__file__).resolve().parent.parent / "engine" / "ti4"


def test_calculate_dispatches_by_kind():
    assert calculate(Battle("space", Force({"fighter": 1}), Force({"fighter": 1})),
                     exact=True).attacker_win == F(4, 9)
    assert calculate(Battle("ground", Force({"infantry": 1}), Force({"infantry": 1})),
                     exact=True).attacker_win == F(7, 17)


def test_every_id_in_the_engine_is_listed_and_exists(db):
    literals = {m for path in ENGINE.glob("*.py")
                for m in re.findall(r'"(ti4/[a-z0-9.\-]+)"', path.read_text())}
    assert literals == set(CITABLE_RULES)
    assert [rule for rule in CITABLE_RULES if db.get(rule) is None] == []
