"""Twilight Imperium 4 combat odds, computed exactly from the Rules Reference.

``calculate(battle)`` answers a space combat (``space``) or an invasion's ground combat
(``ground``); see ``docs/ti4_combat.md`` for the method and the limits.
"""

from __future__ import annotations

from engine.ti4.ground import ground_combat
from engine.ti4.inputs import Battle
from engine.ti4.result import CombatResult
from engine.ti4.space import space_combat


def calculate(battle: Battle, exact: bool = False) -> CombatResult:
    """Validate and solve ``battle``; ``exact`` returns Fractions instead of floats."""
    solver = ground_combat if battle.kind == "ground" else space_combat
    return solver(battle, exact)
