"""The seven species' player boards: for each ship type, the blueprint a player starts with.

A board gives the grid's slots and the parts printed in it (the default blueprint, replaced by
upgrades), and the bonuses printed outside the grid, which are never replaced (PARTI DI NAVI):
initiative, energy and, for the Planta, a computer. Each alien board is written as its differences
from the Terran board (``parts.SHIP_TYPES`` and ``parts.TERRAN_BLUEPRINTS``), so every fact has one
place.

Sources (first edition; facts entered as data, in our words):
- The rulebook's species pages (SPECIE, one section per species) list each species' differences
  from the Terrans; only the Eridani Empire, the Planta and the Orion Hegemony have "Schemi tecnici
  delle Navi diversi", so the Hydran Progress, the Descendants of Draco and the Mechanema fly the
  Terran boards (authoritative).
- The three different boards are not printed in the rulebook. Their values are the ones two
  independent first-edition calculators agree on: DarthKipsu/EclipseCalculator
  (ships/creator/race-traits.js) and TimoVesalainen/EclipseCombatSimulator (Blueprint.cs), for every
  slot, printed part and bonus of the Orion and Planta boards; nucleartesuji's Android calculator
  (ShipPreset.java) gives the same combat stats for the Orion interceptor, cruiser and dreadnought
  and the Planta interceptor and cruiser. For the Eridani, race-traits.js (Terran grids, one more
  energy on the dreadnought) and a 2012 game report (wyldcard.livejournal.com/355747: "standard
  design", "+1 power source" on the dreadnought) agree; Blueprint.cs also gives the Eridani
  interceptor and cruiser one more energy, as the second edition does, and is not followed there.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Iterable, Sequence

from engine.core.reasons import InvalidInput

from .parts import PLAYER_TYPES, SHIP_TYPES, TERRAN_BLUEPRINTS


@dataclass(frozen=True)
class Board:
    """One ship type on a species' player board."""

    slots: int
    initiative: int  # printed outside the grid (the hull's base initiative)
    energy: int  # energy printed outside the grid
    computer: int  # computer printed outside the grid (Planta)
    parts: tuple[str, ...]  # the parts printed in the grid: the starting blueprint


def _terran(kind: str) -> Board:
    t = SHIP_TYPES[kind]
    return Board(t.slots, t.base_initiative, t.base_energy, 0, TERRAN_BLUEPRINTS[kind])


def _differs(
    kind: str,
    *,
    slots: int = 0,
    initiative: int = 0,
    energy: int = 0,
    computer: int = 0,
    add: tuple[str, ...] = (),
    drop: tuple[str, ...] = (),
) -> Board:
    """The Terran board of ``kind`` with one species' differences (amounts added, parts added or removed)."""
    t = _terran(kind)
    parts = list(t.parts)
    for p in drop:
        parts.remove(p)
    return Board(
        t.slots + slots, t.initiative + initiative, t.energy + energy, t.computer + computer, tuple(parts) + add
    )


TERRAN_BOARDS = {k: _terran(k) for k in PLAYER_TYPES}

# Species ids in the rulebook's order, the Terrans first (the default).
BOARDS: dict[str, dict[str, Board]] = {
    "terran": TERRAN_BOARDS,
    # One more energy on the dreadnought only.
    "eridani": TERRAN_BOARDS | {"dreadnought": _differs("dreadnought", energy=1)},
    "hydran": TERRAN_BOARDS,
    # One slot fewer everywhere, a computer and energy printed outside the grid, no electron
    # computer printed in the cruiser and dreadnought grids, lower initiative.
    "planta": {
        "interceptor": _differs("interceptor", slots=-1, initiative=-2, energy=2, computer=1),
        "cruiser": _differs("cruiser", slots=-1, initiative=-1, energy=2, computer=1, drop=("electron_computer",)),
        "dreadnought": _differs("dreadnought", slots=-1, energy=2, computer=1, drop=("electron_computer",)),
        "starbase": _differs("starbase", slots=-1, initiative=-2, energy=2, computer=1),
    },
    "draco": TERRAN_BOARDS,
    "mechanema": TERRAN_BOARDS,
    # A Gauss shield printed in the Terran grid's empty slot, one more initiative, more energy.
    "orion": {
        "interceptor": _differs("interceptor", initiative=1, energy=1, add=("gauss_shield",)),
        "cruiser": _differs("cruiser", initiative=1, energy=2, add=("gauss_shield",)),
        "dreadnought": _differs("dreadnought", initiative=1, energy=3, add=("gauss_shield",)),
        "starbase": _differs("starbase", initiative=1, add=("gauss_shield",)),
    },
}
SPECIES = tuple(BOARDS)

# The rulebook section that describes each species (its differences from the Terrans).
SPECIES_RULES = {
    "terran": "eclipse/fazioni-terran",
    "eridani": "eclipse/impero-eridani",
    "hydran": "eclipse/progresso-idra",
    "planta": "eclipse/planta",
    "draco": "eclipse/discendenti-di-draco",
    "mechanema": "eclipse/mechanema",
    "orion": "eclipse/egemonia-di-origine",
}


def check_peace_with_ancients(sides: Sequence[tuple[str, str, Iterable[str]]]) -> None:
    """DISCENDENTI DI DRACO: they never battle the Ancients' ships (they may share their hexes), so
    a battle of theirs against Ancients does not happen and is refused, not computed. ``sides``:
    (the species' field, its species, the ship types of every side in the hex)."""
    if not any("ancient" in kinds for _field, _species, kinds in sides):
        return
    for field, species, kinds in sides:
        # A species belongs to a player's ships: a side of Ancients picked with Draco is still Ancients.
        if species == "draco" and any(not SHIP_TYPES[k].npc for k in kinds):
            raise InvalidInput("draco_never_fights_ancients", field=field, rule=SPECIES_RULES["draco"])
