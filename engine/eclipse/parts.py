"""Ship part tiles and ship hulls of Eclipse, entered as data.

Sources. The part values are printed on the part tiles (component facts of Eclipse first
edition, Lautapelit 2011); the Italian rulebook confirms several of them in FASE COMBATTIMENTO
and ESEMPIO DI COMBATTIMENTO (the Gluon computer and the Fusion drive each add 2 initiative, the
Positron computer and the Nuclear drive 1; two Fusion drives give movement 4, initiative 4 and
use 4 energy, SVILUPPO), in DANNI (ion 1, plasma 2, antimatter 4 damage), in MISSILI (two orange
dice per Plasma missile) and in SCAFO (one hull symbol absorbs one damage).
Ship hulls: base initiative 2/1/0 for interceptor/cruiser/dreadnought is stated in FASE
COMBATTIMENTO and the example; slots, the starbase's initiative 4 and its built-in 3 energy are
printed on the Terran player board; the limits 8/4/2/4 are in COSTRUZIONE.
The Ancient ship and the Galactic Center Defense System are listed in NAVI DEGLI ANTICHI and
SISTEMA DI DIFESA DEL CENTRO GALATTICO.
Discovery parts (Parti di Nave degli Antichi): SEGNALINI SCOPERTA counts six of the 21 discovery
tiles but does not name them. Their names and values are those four independent first-edition tools
agree on (the discovery tiles of Eclipse 2011, not the 2nd edition's, which changed several):
DarthKipsu/EclipseCalculator (its discovery images), the jQuery calculator and the C# and JavaScript
discovery decks found with it (see docs/eclipse_combat.md, "Sources"): one tile of each, so a player
owns at most one copy of each part.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Part:
    """One ship part tile. ``energy`` > 0 produces energy, < 0 consumes it."""

    id: str
    energy: int = 0
    initiative: int = 0
    computer: int = 0
    shield: int = 0
    hull: int = 0
    movement: int = 0
    cannon_damage: int = 0  # damage of each die a cannon rolls each engagement round
    cannon_dice: int = 1  # dice a cannon part rolls (the Ion Turret has two)
    missile_dice: int = 0  # dice rolled once, before the engagement rounds (2 damage each)
    kind: str = ""  # cannon, missile, computer, shield, hull, drive, source
    discovery: bool = False  # an Ancient part from a discovery tile: one copy in the game


# Part tiles (first edition). Damage per die: ion 1 (yellow), plasma 2 (orange), antimatter 4 (red).
PARTS: dict[str, Part] = {
    p.id: p
    for p in (
        Part("ion_cannon", energy=-1, cannon_damage=1, kind="cannon"),
        Part("plasma_cannon", energy=-2, cannon_damage=2, kind="cannon"),
        Part("antimatter_cannon", energy=-4, cannon_damage=4, kind="cannon"),
        Part("plasma_missile", missile_dice=2, kind="missile"),
        Part("electron_computer", computer=1, kind="computer"),
        Part("positron_computer", energy=-1, computer=2, initiative=1, kind="computer"),
        Part("gluon_computer", energy=-2, computer=3, initiative=2, kind="computer"),
        Part("gauss_shield", shield=1, kind="shield"),
        Part("phase_shield", energy=-1, shield=2, kind="shield"),
        Part("hull", hull=1, kind="hull"),
        Part("improved_hull", hull=2, kind="hull"),
        Part("nuclear_drive", energy=-1, initiative=1, movement=1, kind="drive"),
        Part("fusion_drive", energy=-2, initiative=2, movement=2, kind="drive"),
        Part("tachyon_drive", energy=-3, initiative=3, movement=3, kind="drive"),
        Part("nuclear_source", energy=3, kind="source"),
        Part("fusion_source", energy=6, kind="source"),
        Part("tachyon_source", energy=9, kind="source"),
        # Discovery tiles (first edition): no technology needed, one tile of each.
        Part("axion_computer", computer=3, kind="computer", discovery=True),
        Part("flux_shield", energy=-2, shield=3, kind="shield", discovery=True),
        Part("shard_hull", hull=3, kind="hull", discovery=True),
        Part("ion_turret", energy=-1, cannon_damage=1, cannon_dice=2, kind="cannon", discovery=True),
        Part("conformal_drive", energy=-2, initiative=2, movement=4, kind="drive", discovery=True),
        Part("hypergrid_source", energy=11, kind="source", discovery=True),
    )
}

MISSILE_DAMAGE = 2  # a plasma missile die is orange: 2 damage (MISSILI, DANNI)


@dataclass(frozen=True)
class ShipType:
    """A hull the player (or the game, for NPCs) fields.

    ``size`` orders ships for "destroy the largest first" (the NPC rule); ``reputation`` is the
    number of reputation tiles its destruction earns (SEGNALINI REPUTAZIONE).
    """

    id: str
    slots: int
    base_initiative: int
    base_energy: int
    limit: int
    reputation: int
    size: int
    movable: bool
    npc: bool = False


SHIP_TYPES: dict[str, ShipType] = {
    t.id: t
    for t in (
        ShipType("interceptor", slots=4, base_initiative=2, base_energy=0, limit=8, reputation=1, size=1, movable=True),
        ShipType("cruiser", slots=6, base_initiative=1, base_energy=0, limit=4, reputation=2, size=3, movable=True),
        ShipType("dreadnought", slots=8, base_initiative=0, base_energy=0, limit=2, reputation=3, size=4, movable=True),
        ShipType("starbase", slots=5, base_initiative=4, base_energy=3, limit=4, reputation=1, size=2, movable=False),
        # NPCs: never built, so ``limit`` is a work limit (documented in docs/eclipse_combat.md).
        ShipType(
            "ancient", slots=0, base_initiative=2, base_energy=0, limit=3, reputation=1, size=3, movable=False, npc=True
        ),
        ShipType(
            "gcds", slots=0, base_initiative=0, base_energy=0, limit=1, reputation=3, size=5, movable=False, npc=True
        ),
    )
}

PLAYER_TYPES = ("interceptor", "cruiser", "dreadnought", "starbase")
NPC_TYPES = ("ancient", "gcds")

# Default (Terran) blueprints as printed on the player board: the parts in the grid.
TERRAN_BLUEPRINTS: dict[str, tuple[str, ...]] = {
    "interceptor": ("ion_cannon", "nuclear_source", "nuclear_drive"),
    "cruiser": ("ion_cannon", "hull", "nuclear_source", "nuclear_drive", "electron_computer"),
    "dreadnought": (
        "ion_cannon",
        "ion_cannon",
        "hull",
        "hull",
        "nuclear_source",
        "nuclear_drive",
        "electron_computer",
    ),
    "starbase": ("ion_cannon", "hull", "hull", "electron_computer"),
}

# NAVI DEGLI ANTICHI: 2 ion cannons, electron computer, hull, initiative 2.
# SISTEMA DI DIFESA DEL CENTRO GALATTICO: 4 ion cannons, electron computer, 7 hull, initiative 0.
NPC_PARTS: dict[str, tuple[str, ...]] = {
    "ancient": ("ion_cannon", "ion_cannon", "electron_computer", "hull"),
    "gcds": ("ion_cannon",) * 4 + ("electron_computer",) + ("hull",) * 7,
}
