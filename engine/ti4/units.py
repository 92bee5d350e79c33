"""Twilight Imperium 4 unit attributes, entered as data.

Source: the unit attributes printed on the base game's faction sheets (generic units) and on the
unit upgrade technology cards (Fighter II, Destroyer II, Cruiser II, Carrier II, Dreadnought II,
Infantry II, PDS II, Space Dock II). A flagship's combat value, dice and capacity differ by faction,
so they are an input (``Flagship``); what every base-game flagship shares is fixed here (cost 8,
move 1, Sustain Damage). The faction-specific units that fight differently from the generic ones
(``FACTION_UNITS``: Sol's infantry and carriers, L1Z1X's and Sardakk N'orr's dreadnoughts, Naalu's
fighters) come from the same sheets and their upgrade cards; Arborec's infantry and Muaat's war suns
fight as the generic ones, and the other flagship abilities are not covered.
The Rules Reference only names the attributes (combat 22, capacity 17, sustain damage 77,
anti-fighter barrage 68, bombardment 12, space cannon 15, planetary shield 70); the numbers
live on the components, so they are kept here, one frozen record per unit and level.

Component counts (how many plastic units of each kind a colour has) come from rule 87.2;
fighters and infantry are not limited by them (rule 44.4).
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from fractions import Fraction

SHIPS = ("fighter", "destroyer", "cruiser", "carrier", "dreadnought", "flagship", "war_sun")
GROUND_FORCES = ("infantry",)
STRUCTURES = ("pds", "space_dock")
UNIT_KEYS = SHIPS + GROUND_FORCES + STRUCTURES
UPGRADABLE = ("fighter", "destroyer", "cruiser", "carrier", "dreadnought", "infantry", "pds", "space_dock")

# Technologies that change a combat's dice or losses, by what their cards say (base game):
# Antimass Deflectors: other players' space cannon rolls against your units get -1.
# Plasma Scoring: one of your units using Bombardment or Space Cannon rolls 1 more die (one die
#   per roll, FAQ GENERALE 4).
# Graviton Laser System: hits of your space cannon must go to non-fighter ships if able.
# Assault Cannon: at the start of a space combat where you have 3 or more non-fighter ships, your
#   opponent destroys 1 of their non-fighter ships.
# X-89 Bacterial Weapon: after your bombardment destroys at least 1 infantry, you may destroy all
#   the opponent's infantry on that planet (FAQ GENERALE 5: it is not part of the bombardment).
# Magen Defense Grid: at the start of a round of ground combat on a planet with your Planetary
#   Shield units, exhaust it: your opponent makes no combat rolls that round (a war sun in the
#   system takes Planetary Shield away, and the card with it, 70.3).
# Duranium Armor: during each combat round, after you assign hits, repair 1 of your damaged units
#   that did not use Sustain Damage this round.
# Faction technologies (``FACTION_TECHNOLOGIES``: only their faction researches them, 81.11, and the
# Nekro Virus gains them with Valefar Assimilator, 81.16):
# Non-Euclidean Shielding (Barony of Letnev): a unit that uses Sustain Damage cancels 2 hits
#   instead of 1 (77.6).
# L4 Disruptors (Barony of Letnev): during an invasion, no unit may use Space Cannon against your
#   units.
# Dimensional Splicer (Ghosts of Creuss): at the start of a space combat in a system with a
#   wormhole and at least one of your ships, you may produce 1 hit and assign it to one of your
#   opponent's ships.
# Impulse Core (Yin Brotherhood): at the start of a space combat, you may destroy 1 of your
#   cruisers or destroyers there to produce 1 hit, which your opponent must assign to one of its
#   non-fighter ships if it has any.
# Valkyrie Particle Weave (Sardakk N'orr): after making combat rolls during a round of ground
#   combat, if your opponent produced 1 or more hits, you produce 1 additional hit.
TECHNOLOGIES = (
    "antimass_deflectors",
    "plasma_scoring",
    "graviton_laser_system",
    "assault_cannon",
    "x89_bacterial_weapon",
    "magen_defense_grid",
    "duranium_armor",
    "non_euclidean_shielding",
    "l4_disruptors",
    "dimensional_splicer",
    "impulse_core",
    "valkyrie_particle_weave",
)
FACTION_TECHNOLOGIES = {
    "non_euclidean_shielding": "barony_of_letnev",
    "l4_disruptors": "barony_of_letnev",
    "dimensional_splicer": "ghosts_of_creuss",
    "impulse_core": "yin_brotherhood",
    "valkyrie_particle_weave": "sardakk_norr",
}
TECHNOLOGY_COPIER = "nekro_virus"  # Valefar Assimilator gains other factions' technologies (81.16)
VALEFAR_ASSIMILATORS = 2  # the Nekro Virus's two cards, each holding one copied technology
IMPULSE_SHIPS = ("destroyer", "cruiser")  # what Impulse Core may destroy (the first in the loss order)

# Default loss order of the issue: cheapest first.
DEFAULT_ORDER = ("fighter", "infantry", "destroyer", "cruiser", "carrier", "dreadnought", "flagship", "war_sun")

# Rule 87.2: plastic units per colour. Fighters and infantry may use tokens (44.4), so their
# cap is a calculator limit, documented in docs/ti4_combat.md.
COMPONENT_LIMIT = {
    "space_dock": 3,
    "pds": 6,
    "destroyer": 8,
    "cruiser": 8,
    "war_sun": 2,
    "carrier": 4,
    "dreadnought": 5,
    "flagship": 1,
}


@dataclass(frozen=True)
class Roll:
    """An ability roll: each die hits on ``value`` or more; ``dice`` dice per unit."""

    value: int
    dice: int = 1


@dataclass(frozen=True)
class UnitStats:
    """One unit's printed attributes. ``cost`` is per single unit (fighters come 2 for 1)."""

    key: str
    cost: Fraction
    combat: Roll | None
    move: int = 0
    capacity: int = 0
    sustain: bool = False
    barrage: Roll | None = None
    bombardment: Roll | None = None
    space_cannon: Roll | None = None
    planetary_shield: bool = False
    fighter_allowance: int = 0  # space dock: fighters that do not count against capacity
    direct_hit_proof: bool = False  # "cannot be destroyed by Direct Hit action cards" (Dreadnought II)


HALF = Fraction(1, 2)

# Base game faction sheet, generic units.
_BASE = {
    "fighter": UnitStats("fighter", HALF, Roll(9)),
    "destroyer": UnitStats("destroyer", Fraction(1), Roll(9), move=2, barrage=Roll(9, 2)),
    "cruiser": UnitStats("cruiser", Fraction(2), Roll(7), move=2),
    "carrier": UnitStats("carrier", Fraction(3), Roll(9), move=1, capacity=4),
    "dreadnought": UnitStats(
        "dreadnought", Fraction(4), Roll(5), move=1, capacity=1, sustain=True, bombardment=Roll(5)
    ),
    "war_sun": UnitStats("war_sun", Fraction(12), Roll(3, 3), move=2, capacity=6, sustain=True, bombardment=Roll(3, 3)),
    "infantry": UnitStats("infantry", HALF, Roll(8)),
    "pds": UnitStats("pds", Fraction(0), None, space_cannon=Roll(6), planetary_shield=True),
    "space_dock": UnitStats("space_dock", Fraction(0), None, fighter_allowance=3),
}

# Unit upgrade technology cards (the "II" side).
_UPGRADED = {
    "fighter": UnitStats("fighter", HALF, Roll(8), move=2),
    "destroyer": UnitStats("destroyer", Fraction(1), Roll(8), move=2, barrage=Roll(6, 3)),
    "cruiser": UnitStats("cruiser", Fraction(2), Roll(6), move=3, capacity=1),
    "carrier": UnitStats("carrier", Fraction(3), Roll(9), move=2, capacity=6),
    "dreadnought": UnitStats(
        "dreadnought",
        Fraction(4),
        Roll(5),
        move=2,
        capacity=1,
        sustain=True,
        bombardment=Roll(5),
        direct_hit_proof=True,
    ),
    "infantry": UnitStats("infantry", HALF, Roll(7)),
    "pds": UnitStats("pds", Fraction(0), None, space_cannon=Roll(5), planetary_shield=True),
    "space_dock": UnitStats("space_dock", Fraction(0), None, fighter_allowance=5),
}


def stats(key: str, upgraded: bool = False, faction: str | None = None) -> UnitStats:
    """Attributes of ``key`` at level I or II (units without an upgrade ignore ``upgraded``), as
    ``faction``'s sheet prints them when it has a unit of its own in that place (48.1)."""
    own = FACTION_UNITS.get(faction or "", {}).get(key)
    if own is not None:
        return own.levels[upgraded]
    if upgraded and key in _UPGRADED:
        return _UPGRADED[key]
    return _BASE[key]


@dataclass(frozen=True)
class FactionUnit:
    """A unit a faction sheet prints in place of a generic one (Spec Ops I for Infantry I), and
    its unit upgrade card (Spec Ops II): their names are the English edition's, as the flagships'.
    ``unmodelled``: an ability of the upgrade that changes a combat but is not computed."""

    name: str
    levels: tuple[UnitStats, UnitStats]
    unmodelled: str | None = None

    @property
    def code(self) -> str:
        """Its name as a reason code's tail ("super_dreadnought")."""
        return self.name.lower().replace("-", "_").replace(" ", "_")


# The base game's faction units that fight otherwise than the generic ones, from the faction
# sheets and their upgrade cards: each is the generic unit of its level with what its card prints
# otherwise (combat, capacity, Sustain Damage, bombardment; cost and move are the generic ones).
# Exotrireme II may also destroy itself after a round of space combat to destroy up to 2 ships in
# the system: a choice the odds do not make (the answer says so).
FACTION_UNITS: dict[str, dict[str, FactionUnit]] = {
    "federation_of_sol": {
        "infantry": FactionUnit(
            "Spec Ops", (replace(_BASE["infantry"], combat=Roll(7)), replace(_UPGRADED["infantry"], combat=Roll(6)))
        ),
        "carrier": FactionUnit(
            "Advanced Carrier",
            (replace(_BASE["carrier"], capacity=6), replace(_UPGRADED["carrier"], capacity=8, sustain=True)),
        ),
    },
    "l1z1x_mindnet": {
        "dreadnought": FactionUnit(
            "Super-Dreadnought",
            (
                replace(_BASE["dreadnought"], capacity=2),
                replace(_UPGRADED["dreadnought"], combat=Roll(4), capacity=2, bombardment=Roll(4)),
            ),
        ),
    },
    "naalu_collective": {
        "fighter": FactionUnit(
            "Hybrid Crystal Fighter",
            (replace(_BASE["fighter"], combat=Roll(8)), replace(_UPGRADED["fighter"], combat=Roll(7))),
        ),
    },
    "sardakk_norr": {
        "dreadnought": FactionUnit(
            "Exotrireme",
            (
                replace(_BASE["dreadnought"], bombardment=Roll(4, 2)),
                replace(_UPGRADED["dreadnought"], bombardment=Roll(4, 2)),
            ),
            unmodelled="self_destruct",
        ),
    },
}


@dataclass(frozen=True)
class Flagship:
    """A faction's flagship as its faction sheet prints it (the defaults are only a starting
    point: 7 with two dice and capacity 3 is common among the base-game flagships).
    ``effect``: the ability that changes a combat's odds, when the engine models it
    (``FLAGSHIP_EFFECTS``); abilities are summarised by rule 16.21's "unique abilities"."""

    combat: int = 7
    dice: int = 2
    capacity: int = 3
    barrage: Roll | None = None
    space_cannon: Roll | None = None
    bombardment: Roll | None = None
    removes_planetary_shield: bool = False  # other players' units in its system lose Planetary Shield
    effect: str | None = None

    @property
    def invades(self) -> bool:
        """Whether it changes an invasion from the space area (bombards, or takes the shield away)."""
        return self.bombardment is not None or self.removes_planetary_shield


# What the modelled flagship abilities do, in our words:
# repairs_itself (Barony of Letnev): at the start of each space combat round, repair this ship.
# fleet_bonus (Sardakk N'orr): +1 to the combat rolls of your other ships in the system.
# extra_hits (Universities of Jol-Nar): each of its combat dice showing 9 or 10 before modifiers
#   produces 2 more hits.
# no_sustain (Mentak Coalition): the other player's ships in the system cannot use Sustain Damage.
# dice_per_enemy_ship (Winnu): its combat roll has one die for each non-fighter ship the opponent
#   has in the system (none against fighters only); ground forces fighting as ships count (FAQ,
#   Nekro Virus 7).
# destroys_all_ships (Yin Brotherhood): when it is destroyed, every ship in the system is destroyed,
#   both players' (no ship is left on either side: a draw).
# ground_forces_fight (Nekro Virus): at the start of a space combat, any number of your ground
#   forces in the system fight in it as if they were ships, to its end even if the flagship is
#   destroyed (FAQ, Nekro Virus 3); they are non-fighter ships for other effects (FAQ 6, 7).
# hits_on_non_fighters (L1Z1X Mindnet): during a space combat, the hits of this ship and of your
#   dreadnoughts in the system must be assigned to non-fighter ships if able.
# trade_goods_bonus (Emirates of Hacan): after you roll a die during a space combat in the system,
#   you may spend 1 trade good to apply +1 to its result (one good per die).
FLAGSHIP_EFFECTS = (
    "repairs_itself",
    "fleet_bonus",
    "extra_hits",
    "no_sustain",
    "dice_per_enemy_ship",
    "destroys_all_ships",
    "ground_forces_fight",
    "hits_on_non_fighters",
    "trade_goods_bonus",
)


@dataclass(frozen=True)
class FactionFlagship:
    """A base-game faction's flagship: its name and its printed attributes (with the ability
    that changes a combat's odds, if any)."""

    name: str
    sheet: Flagship


# The 17 base-game factions' flagships, from their faction sheets.
FACTION_FLAGSHIPS = {
    "arborec": FactionFlagship("Duha Menaimon", Flagship(7, 2, 5)),
    "barony_of_letnev": FactionFlagship(
        "Arc Secundus",
        Flagship(5, 2, 3, bombardment=Roll(5, 3), removes_planetary_shield=True, effect="repairs_itself"),
    ),
    "clan_of_saar": FactionFlagship("Son of Ragh", Flagship(5, 2, 3, barrage=Roll(6, 4))),
    "embers_of_muaat": FactionFlagship("The Inferno", Flagship(5, 2, 3)),
    "emirates_of_hacan": FactionFlagship("Wrath of Kenara", Flagship(7, 2, 3, effect="trade_goods_bonus")),
    "federation_of_sol": FactionFlagship("Genesis", Flagship(5, 2, 12)),
    "ghosts_of_creuss": FactionFlagship("Hil Colish", Flagship(5, 1, 3)),
    "l1z1x_mindnet": FactionFlagship("[0.0.1]", Flagship(5, 2, 5, effect="hits_on_non_fighters")),
    "mentak_coalition": FactionFlagship("Fourth Moon", Flagship(7, 2, 3, effect="no_sustain")),
    "naalu_collective": FactionFlagship("Matriarch", Flagship(9, 2, 6)),
    "nekro_virus": FactionFlagship("The Alastor", Flagship(9, 2, 3, effect="ground_forces_fight")),
    "sardakk_norr": FactionFlagship("C'morran N'orr", Flagship(6, 2, 3, effect="fleet_bonus")),
    "universities_of_jol_nar": FactionFlagship("J.N.S. Hylarim", Flagship(6, 2, 3, effect="extra_hits")),
    "winnu": FactionFlagship("Salai Sai Corian", Flagship(7, 1, 3, effect="dice_per_enemy_ship")),
    "xxcha_kingdom": FactionFlagship("Loncara Ssodu", Flagship(7, 2, 3, space_cannon=Roll(5, 3))),
    "yin_brotherhood": FactionFlagship("Van Hauge", Flagship(9, 2, 3, effect="destroys_all_ships")),
    "yssaril_tribes": FactionFlagship("Y'sia Y'ssrila", Flagship(5, 2, 3)),
}

# Faction abilities, from the faction sheets, that apply a modifier to every combat roll of the
# faction's units, in space and on the ground (not to unit abilities' rolls: barrage, bombardment,
# space cannon): Sardakk N'orr's Unrelenting (+1), the Universities of Jol-Nar's Fragile (-1).
FACTION_COMBAT_ABILITIES = {"sardakk_norr": ("unrelenting", 1), "universities_of_jol_nar": ("fragile", -1)}

# The Mentak Coalition's Ambush (its faction sheet): at the start of a space combat, roll 1 die for
# each of up to 2 of your cruisers or destroyers in the system; each result equal to or greater than
# that ship's combat value produces 1 hit, which your opponent must assign to 1 of its ships.
AMBUSH_FACTIONS = ("mentak_coalition",)
AMBUSH_SHIPS = ("cruiser", "destroyer")
AMBUSH_DICE = 2

# The Barony of Letnev's Munitions Reserves (its faction sheet): at the start of each round of space
# combat it may spend 2 trade goods to reroll any number of its dice in that round.
MUNITIONS_FACTIONS = ("barony_of_letnev",)
MUNITIONS_COST = 2

# The L1Z1X Mindnet's Harrow (errata): at the end of each round of ground combat, its ships in the
# system may use Bombardment against the opponent's ground forces on the planet.
HARROW_FACTIONS = ("l1z1x_mindnet",)


FLAGSHIP_LIMITS = {"combat": (1, 10), "dice": (1, 4), "capacity": (0, 12)}


@dataclass(frozen=True)
class Loadout:
    """What decides one side's unit attributes: its unit upgrades, its flagship and its faction."""

    upgrades: frozenset[str] = frozenset()
    flagship: Flagship = Flagship()
    faction: str | None = None  # its own units in place of generic ones (FACTION_UNITS)

    def stats(self, key: str) -> UnitStats:
        if key == "flagship":
            f = self.flagship
            return UnitStats(
                "flagship",
                Fraction(8),
                Roll(f.combat, f.dice),
                move=1,
                capacity=f.capacity,
                sustain=True,
                barrage=f.barrage,
                space_cannon=f.space_cannon,
                bombardment=f.bombardment,
            )
        return stats(key, key in self.upgrades, self.faction)
