"""Twilight Imperium 4: capacity of the ships that can carry fighters and infantry.

Data, not rules: the numbers are the "capienza" attribute printed on the base game's faction
sheets and unit upgrade technology cards (17 CAPIENZA says where the attribute comes from).
Flagships and faction-specific ships vary by faction, so their capacity is an input.
Kept in the retreat package for now; `engine/ti4/units.py` (combat, another branch) holds unit
stats too, and the two should be unified when both have landed on main.
"""

from __future__ import annotations

from types import MappingProxyType

# ship -> (capacity, capacity with its unit upgrade); source: base-game faction sheet and
# the unit upgrade cards Carrier II, Cruiser II, Dreadnought II, Destroyer II (War Sun has
# no upgrade card in the base game).
CAPACITY = MappingProxyType({
    "carrier": (4, 6),
    "cruiser": (0, 1),
    "dreadnought": (1, 1),
    "destroyer": (0, 0),
    "war_sun": (6, 6),
})

# Component limits (87.2 UNITÀ: the plastic units of one colour); fighters and infantry are
# unlimited (44.4), so the checker bounds them at MAX_SMALL_UNITS to keep inputs sane.
COMPONENT_LIMITS = MappingProxyType({
    "carrier": 4, "cruiser": 8, "dreadnought": 5, "destroyer": 8, "war_sun": 2, "flagship": 1,
})
MAX_SMALL_UNITS = 60
MAX_FLAGSHIP_CAPACITY = 12  # accepted bound for a flagship's capacity, read off its faction sheet


def capacity(ship: str, upgraded: bool) -> int:
    """Capacity of one ``ship`` (a key of :data:`CAPACITY`), with or without its upgrade."""
    base, better = CAPACITY[ship]
    return better if upgraded else base
