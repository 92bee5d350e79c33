"""Ship blueprints: the SVILUPPO restrictions, and the combat stats a blueprint gives.

A blueprint is either a list of part ids on a species' board (validated as SVILUPPO says: no
more parts than the board's slots, energy use within production, movable ships need a drive,
starbases have none; a discovery part at most once, since the game has one tile of each) or
explicit stats for parts the tables here do not hold. Both become a ``ShipStats``, the only thing
the battle solver reads.
"""

from __future__ import annotations

from dataclasses import dataclass

from engine.core.reasons import InvalidInput

from .parts import MISSILE_DAMAGE, NPC_PARTS, PARTS, SHIP_TYPES, ShipType
from .species import BOARDS, Board

RULE_SVILUPPO = "eclipse/sviluppo"
RULE_COSTRUZIONE = "eclipse/costruzione"
RULE_ANTICHI = "eclipse/navi-degli-antichi"
RULE_SDCG = "eclipse/sistema-di-difesa-del-centro-galattico"
RULE_SCOPERTA = "eclipse/segnalini-scoperta"

# Work limits for explicit stats (not rules), documented in docs/eclipse_combat.md. Each holds
# the most any legal blueprint of the part tiles gives (an Eridani dreadnought reaches hull 15,
# computer 18, shield 13, 7 missiles: a test searches every board), so switching a ship from parts
# to stats never meets a limit; the battle's state count, not these, bounds the solver's work.
STAT_LIMITS: dict[str, tuple[int, int]] = {
    "initiative": (0, 20),
    "hull": (0, 16),
    "computer": (0, 20),
    "shield": (0, 16),
    "ion": (0, 8),
    "plasma": (0, 8),
    "antimatter": (0, 8),
    "missiles": (0, 8),
}


@dataclass(frozen=True)
class ShipStats:
    """What one ship of a blueprint brings to a battle.

    ``hull`` is the number of hull points: the ship is destroyed by damage beyond it (DANNI).
    ``cannons`` maps damage per die to dice per ship; ``missiles`` counts plasma missile parts.
    """

    initiative: int
    hull: int
    computer: int
    shield: int
    ion: int = 0
    plasma: int = 0
    antimatter: int = 0
    missiles: int = 0
    energy_production: int = 0
    energy_use: int = 0
    movement: int = 0

    @property
    def cannon_dice(self) -> tuple[tuple[int, int], ...]:
        """(damage, dice per ship) for the cannons that fire each engagement round."""
        return tuple((d, n) for d, n in ((1, self.ion), (2, self.plasma), (4, self.antimatter)) if n)

    @property
    def missile_dice(self) -> tuple[tuple[int, int], ...]:
        """(damage, dice per ship) for the missile volley: two orange dice per missile part."""
        return ((MISSILE_DAMAGE, 2 * self.missiles),) if self.missiles else ()

    @property
    def armed(self) -> bool:
        return bool(self.ion or self.plasma or self.antimatter)


def ship_type(kind: str, field: str) -> ShipType:
    if kind not in SHIP_TYPES:
        raise InvalidInput(
            "unknown_ship_type", field=field, rule="eclipse/fase-combattimento", value=kind, allowed=sorted(SHIP_TYPES)
        )
    return SHIP_TYPES[kind]


def board(kind: str, species: str = "terran", field: str = "species") -> Board:
    """A player ship type as ``species``' board prints it."""
    if species not in BOARDS:
        raise InvalidInput(
            "unknown_species", field=field, rule="eclipse/specie-aliene", value=species, allowed=list(BOARDS)
        )
    return BOARDS[species][kind]


def stats_from_parts(
    kind: str, parts: tuple[str, ...] | list[str], field: str = "parts", species: str = "terran"
) -> ShipStats:
    """Validate a blueprint on ``species``' board as SVILUPPO says and sum its parts and the board's
    printed bonuses (all values are cumulative)."""
    stype = ship_type(kind, field)
    if stype.npc:
        raise InvalidInput("npc_blueprint_fixed", field=field, rule=RULE_ANTICHI, type=kind)
    for i, pid in enumerate(parts):
        if pid not in PARTS:
            raise InvalidInput("unknown_part", field=f"{field}[{i}]", rule=RULE_SVILUPPO, part=pid)
    printed = board(kind, species)
    if len(parts) > printed.slots:
        raise InvalidInput(
            "too_many_parts", field=field, rule=RULE_SVILUPPO, parts=len(parts), slots=printed.slots, type=kind
        )
    check_discoveries([parts], [field])
    stats = _sum_parts(printed.initiative, printed.energy, printed.computer, parts)
    if stats.energy_use > stats.energy_production:
        raise InvalidInput(
            "energy_over_budget",
            field=field,
            rule=RULE_SVILUPPO,
            use=stats.energy_use,
            production=stats.energy_production,
            type=kind,
        )
    has_drive = any(PARTS[p].kind == "drive" for p in parts)
    if stype.movable and not has_drive:
        raise InvalidInput("drive_required", field=field, rule=RULE_SVILUPPO, type=kind)
    if not stype.movable and has_drive:
        raise InvalidInput("starbase_no_drive", field=field, rule=RULE_SVILUPPO, type=kind)
    return stats


def check_discoveries(blueprints: list[tuple[str, ...] | list[str]], fields: list[str]) -> None:
    """One player's blueprints hold each discovery part at most once: the game has one tile of each
    (SEGNALINI SCOPERTA), and a tile sits on one blueprint."""
    seen: set[str] = set()
    for parts, field in zip(blueprints, fields, strict=True):
        for i, pid in enumerate(parts):
            if PARTS[pid].discovery:
                if pid in seen:
                    raise InvalidInput("discovery_part_twice", field=f"{field}[{i}]", rule=RULE_SCOPERTA, part=pid)
                seen.add(pid)


def _sum_parts(initiative: int, energy: int, computer: int, parts: tuple[str, ...] | list[str]) -> ShipStats:
    """The parts' values added to what the hull prints outside the grid."""
    ps = [PARTS[p] for p in parts]
    cannons = {1: 0, 2: 0, 4: 0}
    for p in ps:
        if p.cannon_damage:
            cannons[p.cannon_damage] += p.cannon_dice
    return ShipStats(
        initiative=initiative + sum(p.initiative for p in ps),
        hull=sum(p.hull for p in ps),
        computer=computer + sum(p.computer for p in ps),
        shield=sum(p.shield for p in ps),
        ion=cannons[1],
        plasma=cannons[2],
        antimatter=cannons[4],
        missiles=sum(p.missile_dice for p in ps) // 2,
        energy_production=energy + sum(p.energy for p in ps if p.energy > 0),
        energy_use=-sum(p.energy for p in ps if p.energy < 0),
        movement=sum(p.movement for p in ps),
    )


def stat_rule(name: str) -> str:
    """The rule a ship statistic's bounds rest on: hull is damage taken (DANNI), the rest are how
    ships hit and are hit (COLPIRE)."""
    return "eclipse/danni" if name == "hull" else "eclipse/colpire"


def explicit_stats(values: dict[str, int], fields: dict[str, str] | None = None) -> ShipStats:
    """Stats typed in directly; each must lie within ``STAT_LIMITS`` (a hull below 0 is refused).

    ``fields`` maps a stat to its path in the request, for the error (default: the stat's name).
    """
    fields = fields or {}
    out: dict[str, int] = {}
    for name, (lo, hi) in STAT_LIMITS.items():
        v = values.get(name, 0)
        where = fields.get(name, name)
        if isinstance(v, bool) or not isinstance(v, int):
            raise InvalidInput("not_an_integer", field=where, value=v)
        if not lo <= v <= hi:
            raise InvalidInput(
                "stat_out_of_range",
                field=where,
                rule=stat_rule(name),
                stat=name,
                value=v,
                min=lo,
                max=hi,
            )
        out[name] = v
    return ShipStats(**out)


def default_blueprint(kind: str, species: str = "terran") -> tuple[str, ...]:
    """The parts printed on ``species``' board for a player ship type: its starting blueprint."""
    return board(kind, species).parts


def npc_stats(kind: str) -> ShipStats:
    """Fixed stats of an Ancient ship or the GCDS (their sections of FASE COMBATTIMENTO)."""
    stype = SHIP_TYPES[kind]
    return _sum_parts(stype.base_initiative, stype.base_energy, 0, NPC_PARTS[kind])


def check_count(kind: str, count: int, field: str) -> None:
    """Counts are limited by the miniatures: 8/4/2/4 (COSTRUZIONE); NPC counts by work limits."""
    stype = ship_type(kind, field)
    if isinstance(count, bool) or not isinstance(count, int):
        raise InvalidInput("not_an_integer", field=field, value=count)
    if count < 1:
        raise InvalidInput("count_too_small", field=field, rule=RULE_COSTRUZIONE, value=count, min=1)
    if count > stype.limit:
        # One GCDS, on the Galactic Center (SDCG); the Ancients' 3 is this calculator's work limit.
        rule = RULE_SDCG if kind == "gcds" else None if stype.npc else RULE_COSTRUZIONE
        code = "npc_count_over_limit" if stype.npc else "count_over_limit"  # no player owns them
        raise InvalidInput(code, field=field, rule=rule, type=kind, value=count, max=stype.limit)
