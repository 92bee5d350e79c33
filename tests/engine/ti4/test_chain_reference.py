"""The numpy battle chain equals the dictionary chain it replaced (tests/engine/ti4/reference_chain.py):
to 1e-12 in floats and exactly in Fractions, on the benchmark's battles and on random ones that
use every input (plans, modifiers, stop plans, policies, technologies, flagships, ground)."""

import random
from dataclasses import fields

import pytest

import engine.ti4.ground as ground_module
import engine.ti4.space as space_module
from benchmarks.ti4_combat import CASES
from engine.ti4.combat import calculate
from engine.ti4.assignment import HitPolicy
from engine.ti4.inputs import Battle, Force
from engine.ti4.plans import RoundModifier
from engine.ti4.units import DEFAULT_ORDER, FACTION_TECHNOLOGIES, SHIPS, TECHNOLOGIES, UPGRADABLE, Flagship
from tests.engine.ti4 import reference_chain as ti4_reference_chain

TOLERANCE = 1e-12
# What the reference engine knew: Duranium Armor, cards, damaged units and the flagship abilities
# that couple the two sides came with the numpy chain, the faction technologies later.
GENERIC = tuple(t for t in TECHNOLOGIES if t not in FACTION_TECHNOLOGIES)
OLD_TECHNOLOGIES = tuple(t for t in GENERIC if t != "duranium_armor")


def reference(battle: Battle, exact: bool = False, monkeypatch=None):
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(space_module, "run", ti4_reference_chain.run)
        patch.setattr(ground_module, "run", ti4_reference_chain.run)
        return calculate(battle, exact)


def assert_same(new, old, where=""):
    """Equal numbers (within TOLERANCE for floats), survivors compared as distributions (the
    order of equally likely compositions may differ by a rounding)."""
    if isinstance(old, (int, float)) and not isinstance(old, bool):
        assert abs(new - old) <= TOLERANCE, (where, new, old)
    elif hasattr(old, "__dataclass_fields__"):
        for f in fields(old):
            a, b = getattr(new, f.name), getattr(old, f.name)
            if f.name == "survivors":
                a, b = dict(a), dict(b)
                assert a.keys() == b.keys(), where
                for key in b:
                    assert_same(a[key], b[key], f"{where}.survivors[{key}]")
            else:
                assert_same(a, b, f"{where}.{f.name}")
    elif isinstance(old, (tuple, list)):
        assert len(new) == len(old), (where, new, old)
        for k, (a, b) in enumerate(zip(new, old)):
            assert_same(a, b, f"{where}[{k}]")
    else:
        assert new == old, (where, new, old)


def _random_force(rng: random.Random, kind: str, side: str, size: int) -> Force:
    if kind == "ground":
        units = {"infantry": rng.randint(1, size)}
        extra = ("dreadnought", "war_sun") if side == "attacker" else ("pds",)
        for key in extra:
            if rng.random() < 0.4:
                units[key] = rng.randint(1, 2)
    else:
        units = {}
        for _ in range(rng.randint(1, size)):
            key = rng.choice(SHIPS)
            units[key] = min(units.get(key, 0) + 1, 1 if key == "flagship" else 2 if key == "war_sun" else 4)
        if rng.random() < 0.3:
            units["pds"] = rng.randint(1, 3)
    order = list(DEFAULT_ORDER)
    rng.shuffle(order)
    present = [k for k in units if k in DEFAULT_ORDER]
    modifiers = []
    for _ in range(rng.randint(0, 3)):
        first = rng.randint(1, 5)
        modifiers.append(
            RoundModifier(rng.choice((-3, -2, -1, 1, 2)), first, rng.choice((None, rng.randint(first, 6))))
        )
    return Force(
        units,
        upgrades=tuple(u for u in UPGRADABLE if rng.random() < 0.3),
        policy=HitPolicy(tuple(order), rng.random() < 0.6, rng.choice((None, rng.choice(present)))),
        retreat_round=rng.choice((None, None, rng.randint(1, 6))) if kind == "space" else None,
        modifiers=tuple(modifiers),
        flagship=Flagship(rng.randint(2, 9), rng.randint(1, 3), 3),
        technologies=tuple(t for t in GENERIC if rng.random() < 0.25 and t in OLD_TECHNOLOGIES),
    )


def random_battles(count: int, size: int, seed: int) -> list[Battle]:
    rng = random.Random(seed)
    out = []
    for _ in range(count):
        kind = "ground" if rng.random() < 0.2 else "space"
        out.append(
            Battle(
                kind,
                _random_force(rng, kind, "attacker", size),
                _random_force(rng, kind, "defender", size),
                nebula=kind == "space" and rng.random() < 0.3,
                space_cannon=rng.random() < 0.8,
                stop_after=rng.choice((None, None, None, rng.randint(1, 6))),
            )
        )
    return out


@pytest.mark.parametrize(
    "name", [n for n in CASES if not any(w in n for w in ("worst", "Duranium", "Shields", "flagship vs", "Hacan"))]
)
def test_benchmark_battles_equal_the_reference(name):
    assert_same(calculate(CASES[name]), reference(CASES[name]), name)


@pytest.mark.parametrize("k,battle", list(enumerate(random_battles(60, 9, 20261123))))
def test_random_battles_equal_the_reference(k, battle):
    assert_same(calculate(battle), reference(battle), f"battle {k}")


@pytest.mark.parametrize("k,battle", list(enumerate(random_battles(12, 4, 7))))
def test_random_battles_equal_the_reference_exactly_in_fractions(k, battle):
    new, old = calculate(battle, exact=True), reference(battle, exact=True)
    assert new.attacker_win == old.attacker_win and new.defender_win == old.defender_win
    assert new.rounds == old.rounds and new.expected_rounds == old.expected_rounds
    assert dict(new.attacker.survivors) == dict(old.attacker.survivors)
    assert dict(new.defender.survivors) == dict(old.defender.survivors)
