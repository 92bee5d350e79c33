"""Twilight Imperium 4 combat odds, computed exactly from the Rules Reference.

``calculate(battle)`` answers a space combat (``space``) or an invasion's ground combat
(``ground``); see ``docs/ti4_combat.md`` for the method and the limits.
"""

from __future__ import annotations

from engine.ti4.ground import ground_combat
from engine.ti4.inputs import Battle
from engine.ti4.result import CombatResult
from engine.ti4.space import space_combat

# Every section id the TI4 combat engine may cite (in results, reasons or refusals).
CITABLE_RULES = (
    "ti4/12.1", "ti4/12.2", "ti4/15.2", "ti4/15.3", "ti4/15.5", "ti4/15.6", "ti4/15.7",
    "ti4/15.8", "ti4/17.3", "ti4/22.1", "ti4/22.2", "ti4/23", "ti4/23.2", "ti4/23.3", "ti4/23.4", "ti4/23.5",
    "ti4/23.6", "ti4/23.7", "ti4/23.8", "ti4/23.9", "ti4/23.10", "ti4/24", "ti4/24.1",
    "ti4/24.2", "ti4/24.3", "ti4/24.4", "ti4/43", "ti4/43.1", "ti4/43.3", "ti4/43.4", "ti4/43.5",
    "ti4/44.4", "ti4/49.2", "ti4/54.3", "ti4/68.1", "ti4/68.2", "ti4/70", "ti4/70.3", "ti4/77",
    "ti4/77.1", "ti4/77.4", "ti4/87.2", "ti4/faq-generale-1", "ti4/faq-generale-2",
    "ti4/faq-generale-4", "ti4/faq-generale-5",
)


def calculate(battle: Battle, exact: bool = False) -> CombatResult:
    """Validate and solve ``battle``; ``exact`` returns Fractions instead of floats."""
    solver = ground_combat if battle.kind == "ground" else space_combat
    return solver(battle, exact)
