"""Reputation tiles a player draws after the battles in a hex (SEGNALINI REPUTAZIONE).

One tile for taking part, none if all the player's remaining ships retreated (PENALITÀ DI
RITIRATA); one per interceptor, starbase or Ancient ship destroyed, two per cruiser, three per
dreadnought, three for the GCDS; never more than five.
"""

from __future__ import annotations

from collections.abc import Mapping

from .parts import SHIP_TYPES

RULE_REPUTATION = "eclipse/segnalini-reputazione"
RULE_RETREAT_PENALTY = "eclipse/penalita-di-ritirata"
MAX_DRAW = 5


def tiles_drawn(destroyed: Mapping[str, int], all_retreated: bool) -> int:
    """Tiles drawn for destroying ``destroyed`` (ship type -> count) in the hex's battles."""
    earned = (0 if all_retreated else 1) + sum(SHIP_TYPES[k].reputation * n for k, n in destroyed.items())
    return min(MAX_DRAW, earned)
