"""Twilight Imperium 4: what a retreating fleet can carry, from the one table of unit stats.

The capacities, component limits and flagship bounds are the ones in ``engine/ti4/units.py`` (the
base game's faction sheet and unit upgrade cards; 17 CAPIENZA, 87.2 UNITÀ), used from there; this
module only adds sane bounds for the unlimited fighter and infantry tokens (44.4).
"""

from __future__ import annotations

from engine.ti4.units import stats

MAX_SMALL_UNITS = 60


def capacity(ship: str, upgraded: bool, faction: str | None = None) -> int:
    """Capacity of one ``ship`` (carrier, cruiser, dreadnought, destroyer, war sun), with or
    without its unit upgrade, as ``faction``'s sheet prints it (Sol's Advanced Carriers, L1Z1X's
    Super-Dreadnoughts)."""
    return stats(ship, upgraded, faction).capacity
