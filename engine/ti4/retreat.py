"""Twilight Imperium 4: may I announce a retreat, where may my ships go, and what does it cost?

Announcing (23.4): the defender announces first; if the defender announced, the attacker cannot
in that round; nobody announces without a valid system to retreat to. Retreating (23.7): every
ship with a move value goes to one adjacent system (2; matching wormholes are adjacent, 89) that
holds a planet the player controls or one of the player's units and no other player's ships.
Anomalies: ships never enter an asteroid field (14.1), unless their player owns the Antimass
Deflectors technology ("your ships can move into and through asteroid fields"), or a supernova
(79.1); they enter a nebula
only when it is the active system (54.1), which a retreat destination never is; a gravity rift
rolls only for ships moving *through or out of* it (39.2), so retreating *into* one is safe, but
retreating *out of* a combat fought in one rolls for every ship.
Fighters and infantry in the space area that no retreating ship can carry are destroyed (23.7,
17); the player chooses which. From the FAQ: when neither side can ever win, the attacker must
retreat or lose its units; the Skilled Retreat action card is not a retreat. The destination receives a command token from reinforcements,
or from the command sheet when none are left, unless one is already there (23.7, 73.3, 73.6);
ships beyond the fleet pool there are removed (65.5).

Notation, one line: ``ROLE [+opp] [-tokens] [in=ANOMALY] [pool=N]: NAME=FLAG,FLAG ...`` with flags
``edge`` (default), ``wormhole`` or ``far`` (adjacency), ``planet`` (controls a planet there),
``units`` (has a unit there), ``ships`` (another player's ships), ``token`` (own command token),
``mine:N`` (N of the player's non-fighter ships already there) and an anomaly (``asteroid_field``, ``supernova``, ``nebula``, ``gravity_rift``). ``+antimass``: the
player owns Antimass Deflectors; ``+opp``: the
opponent already announced; ``-tokens``: no command tokens left in reinforcements; ``in=X``: the
combat's own system is anomaly X; ``pool=N``: N tokens in the fleet pool. The fleet is passed
separately. Example::

    attacker +opp: A=edge,planet B=wormhole,units C=edge,units,ships
"""

from __future__ import annotations

from dataclasses import dataclass, fields
from typing import Literal

from engine.core.bounds import require_int
from engine.core.reasons import InvalidInput, Reason
from engine.ti4.capacity import MAX_SMALL_UNITS, capacity
from engine.core.verdict import Verdict, unique_rules
from engine.ti4.units import COMPONENT_LIMIT, FACTION_FLAGSHIPS, FLAGSHIP_LIMITS

# Section ids this module cites (each must exist in rules_db; a project test checks them).
RULE_ADJACENCY = "ti4/2"
RULE_ASTEROID_FIELD = "ti4/14.1"
RULE_CAPACITY = "ti4/17.3"
RULE_ANNOUNCE = "ti4/23.4"
RULE_RETREAT = "ti4/23.7"
RULE_GRAVITY_RIFT = "ti4/39.2"
RULE_NEBULA = "ti4/54.1"
RULE_FLEET_POOL = "ti4/65.5"
RULE_TOKEN_FROM_SHEET = "ti4/73.3"
RULE_TOKEN_ALREADY_THERE = "ti4/73.6"
RULE_SUPERNOVA = "ti4/79.1"
RULE_WORMHOLE = "ti4/89"
RULE_FAQ_STALEMATE = "ti4/faq-generale-2"
RULE_FAQ_SKILLED_RETREAT = "ti4/faq-carte-azione-1"

ROLES = ("attacker", "defender")
ADJACENCIES = ("edge", "wormhole", "none")
ANOMALIES = ("asteroid_field", "supernova", "nebula", "gravity_rift")
# Where a combat can be fought: never in a supernova, which no ship enters (79.1).
COMBAT_ANOMALIES = ("asteroid_field", "nebula", "gravity_rift")
Adjacency = Literal["edge", "wormhole", "none"]

MAX_CANDIDATES = 12  # six edges plus systems reached through wormholes; a sane upper bound
MAX_SYSTEM_NAME = 24
MAX_FLEET_POOL = 16  # a player owns 16 command tokens (component count)
MAX_SHIPS_THERE = 28  # non-fighter ships of one colour: 4 + 8 + 5 + 8 + 2 + 1 (87.2)

ANNOUNCE_CODES = ("announcement_passed", "defender_announced", "no_ship_can_move", "no_valid_destination")
REASON_CODES = ("not_adjacent", "no_planet_or_unit", "other_players_ships", "asteroid_field", "supernova", "nebula")
NOTE_CODES = (
    "via_wormhole",
    "antimass_deflectors",
    "gravity_rift_entry",
    "gravity_rift_exit",
    "must_retreat",
    "opponent_gone",
    "stalemate",
    "skilled_retreat",
    "token_from_reinforcements",
    "token_from_command_sheet",
    "token_already_there",
    "capacity_loss",
    "capacity_loss_infantry",
    "fleet_pool_excess",
)
# Where the command token placed in the destination comes from.
TOKEN_SOURCES = ("reinforcements", "command_sheet", "already_there")
# Anomalies a ship may never retreat into, with the rule that forbids each.
_FORBIDDEN_ANOMALIES = {"asteroid_field": RULE_ASTEROID_FIELD, "supernova": RULE_SUPERNOVA, "nebula": RULE_NEBULA}


@dataclass(frozen=True)
class System:
    """A system the player might retreat to, described from the combat's point of view."""

    name: str
    adjacency: Adjacency = "edge"
    controls_planet: bool = False
    own_units: bool = False
    other_players_ships: bool = False
    anomaly: str | None = None
    own_command_token: bool = False
    own_ships: int = 0  # the player's non-fighter ships already there (for the fleet pool)


@dataclass(frozen=True)
class Fleet:
    """The player's units in the space area of the active system (planets do not retreat)."""

    carriers: int = 0
    cruisers: int = 0
    dreadnoughts: int = 0
    destroyers: int = 0
    war_suns: int = 0
    flagship: int = 0
    flagship_capacity: int = 0
    fighters: int = 0
    infantry: int = 0
    carrier_ii: bool = False
    cruiser_ii: bool = False
    fighter_ii: bool = False
    faction: str | None = None  # its own ships' capacity (Sol's carriers 6/8, L1Z1X's dreadnoughts 2)


@dataclass(frozen=True)
class Combat:
    role: str
    systems: tuple[System, ...]
    fleet: Fleet | None = None  # None: units not described, so no capacity or movement check
    opponent_announced: bool = False
    tokens_in_reinforcements: bool = True
    active_anomaly: str | None = None
    fleet_pool: int | None = None  # tokens in the fleet pool; None: not checked
    antimass_deflectors: bool = False  # the technology: the player's ships may enter asteroid fields


@dataclass(frozen=True)
class CapacityLoss:
    """Fighters and infantry that cannot come along; the player picks ``excess`` of them."""

    capacity: int
    fighters: int
    infantry: int

    @property
    def excess(self) -> int:
        return max(0, self.fighters + self.infantry - self.capacity)

    @property
    def fighters_range(self) -> tuple[int, int]:
        """Fewest and most fighters among the destroyed units, depending on the player's pick."""
        return max(0, self.excess - self.infantry), min(self.excess, self.fighters)

    @property
    def infantry_range(self) -> tuple[int, int]:
        return max(0, self.excess - self.fighters), min(self.excess, self.infantry)


# --- the fleet ----------------------------------------------------------------------------

_SHIP_FIELDS = {
    "carriers": "carrier",
    "cruisers": "cruiser",
    "dreadnoughts": "dreadnought",
    "destroyers": "destroyer",
    "war_suns": "war_sun",
}


def fleet_capacity(f: Fleet) -> int:
    """Room for fighters and infantry aboard the ships that retreat (17.1)."""
    upgraded = {"carrier": f.carrier_ii, "cruiser": f.cruiser_ii}
    total = sum(
        getattr(f, name) * capacity(ship, upgraded.get(ship, False), f.faction) for name, ship in _SHIP_FIELDS.items()
    )
    return total + f.flagship * f.flagship_capacity


def non_fighter_ships(f: Fleet) -> int:
    """Ships the fleet pool limits (65.1: every ship but fighters)."""
    return sum(getattr(f, name) for name in _SHIP_FIELDS) + f.flagship


def movable_ships(f: Fleet) -> int:
    """Ships with a move value: every ship but base fighters (Fighter II moves 2)."""
    return non_fighter_ships(f) + (f.fighters if f.fighter_ii else 0)


def capacity_loss(f: Fleet) -> CapacityLoss:
    """The units the retreat destroys for want of room (23.7, 17.3). Fighter II fighters move on
    their own, so none of them is lost: those beyond the room left once the infantry is aboard
    count against the fleet pool instead (the Fighter II card; ``fighters_over_capacity``)."""
    return CapacityLoss(fleet_capacity(f), 0 if f.fighter_ii else f.fighters, f.infantry)


def fighters_over_capacity(f: Fleet) -> int:
    """Fighter II fighters beyond the ships' capacity once the infantry is aboard: they count
    against the fleet pool (the Fighter II card); 0 without Fighter II (they are destroyed)."""
    return max(0, f.fighters - max(0, fleet_capacity(f) - f.infantry)) if f.fighter_ii else 0


# --- destinations -------------------------------------------------------------------------


def is_adjacent(s: System) -> bool:
    return s.adjacency != "none"


def has_foothold(s: System) -> bool:
    """A planet the player controls or at least one of the player's units (23.7)."""
    return s.controls_planet or s.own_units


def is_enterable(s: System, antimass_deflectors: bool = False) -> bool:
    """Asteroid fields (open to a player with Antimass Deflectors) and supernovas are closed; a
    nebula opens only as the active system."""
    if s.anomaly == "asteroid_field" and antimass_deflectors:
        return True
    return s.anomaly not in _FORBIDDEN_ANOMALIES


def is_legal_destination(s: System, antimass_deflectors: bool = False) -> bool:
    return not destination_reasons(s, antimass_deflectors)


def destination_reasons(s: System, antimass_deflectors: bool = False) -> tuple[Reason, ...]:
    reasons: list[Reason] = []
    if not is_adjacent(s):
        reasons.append(Reason("not_adjacent", RULE_RETREAT, {"system": s.name}))
    if not has_foothold(s):
        reasons.append(Reason("no_planet_or_unit", RULE_RETREAT, {"system": s.name}))
    if s.other_players_ships:
        reasons.append(Reason("other_players_ships", RULE_RETREAT, {"system": s.name}))
    if s.anomaly is not None and not is_enterable(s, antimass_deflectors):
        reasons.append(Reason(s.anomaly, _FORBIDDEN_ANOMALIES[s.anomaly], {"system": s.name}))
    return tuple(reasons)


def token_source(c: Combat, s: System) -> str:
    """Where the command token placed in ``s`` comes from after a successful retreat."""
    if s.own_command_token:
        return "already_there"
    return "reinforcements" if c.tokens_in_reinforcements else "command_sheet"


_TOKEN_NOTES = {
    "reinforcements": Reason("token_from_reinforcements", RULE_RETREAT),
    "command_sheet": Reason("token_from_command_sheet", RULE_TOKEN_FROM_SHEET),
    "already_there": Reason("token_already_there", RULE_TOKEN_ALREADY_THERE),
}


def fleet_pool_excess(c: Combat, s: System) -> int | None:
    """Ships over the fleet pool once the fleet arrives in ``s``, removed at once (65.5), Fighter
    II fighters beyond capacity counting as ships; None when the fleet or the pool was not described."""
    if c.fleet is None or c.fleet_pool is None:
        return None
    return max(0, non_fighter_ships(c.fleet) + fighters_over_capacity(c.fleet) + s.own_ships - c.fleet_pool)


def destination_notes(c: Combat, s: System, token: str | None, excess: int | None) -> tuple[Reason, ...]:
    """What changes if the ships go to ``s``: how it is reached, rift rolls, and (when it is a
    destination: ``token`` and ``excess`` are then the verdict's details, else None) where the
    command token placed there comes from and what exceeds the fleet pool."""
    out: list[Reason] = []
    if s.adjacency == "wormhole":
        out.append(Reason("via_wormhole", RULE_WORMHOLE, {"system": s.name}))
    if s.anomaly == "asteroid_field" and c.antimass_deflectors:
        out.append(Reason("antimass_deflectors", RULE_ASTEROID_FIELD, {"system": s.name}))
    if s.anomaly == "gravity_rift":
        out.append(Reason("gravity_rift_entry", RULE_GRAVITY_RIFT, {"system": s.name}))
    if token is not None:
        out.append(_TOKEN_NOTES[token])
    if excess:
        out.append(Reason("fleet_pool_excess", RULE_FLEET_POOL, {"system": s.name, "excess": excess}))
    return tuple(out)


def verdicts(c: Combat) -> tuple[Verdict, ...]:
    """Each system, against 23.7 and the anomalies; a system that would do is still no
    destination when the player may not retreat at all (the turn has passed, no ship can move),
    and says so, so that no page shows a legal destination beside a refused announcement."""
    blocked = blocking_reasons(c)
    out = []
    for s in c.systems:
        reasons = destination_reasons(s, c.antimass_deflectors) or blocked
        token = None if reasons else token_source(c, s)
        excess = None if reasons else fleet_pool_excess(c, s)
        details = {"command_token": token, "fleet_pool_excess": excess}
        out.append(Verdict(s.name, reasons, destination_notes(c, s, token, excess), details))
    return tuple(out)


def valid_systems(c: Combat) -> tuple[str, ...]:
    """The systems 23.7 and the anomalies allow, whoever may announce (23.4 asks for one)."""
    return tuple(s.name for s in c.systems if is_legal_destination(s, c.antimass_deflectors))


def legal_destinations(c: Combat) -> tuple[str, ...]:
    """Where the player's ships may retreat to now: none when the announcement is refused."""
    return valid_systems(c) if can_announce(c) else ()


# --- announcing ---------------------------------------------------------------------------


def is_announcement_turn(c: Combat) -> bool:
    """The defender speaks first; the attacker may only speak if the defender did not."""
    return not c.opponent_announced


def can_announce(c: Combat) -> bool:
    return not announcement_reasons(c)


def blocking_reasons(c: Combat) -> tuple[Reason, ...]:
    """What refuses the announcement whatever the systems around: the turn, the fleet."""
    reasons: list[Reason] = []
    if not is_announcement_turn(c):
        code = "defender_announced" if c.role == "attacker" else "announcement_passed"
        reasons.append(Reason(code, RULE_ANNOUNCE))
    if c.fleet is not None and movable_ships(c.fleet) == 0:
        reasons.append(Reason("no_ship_can_move", RULE_RETREAT))
    return tuple(reasons)


def announcement_reasons(c: Combat) -> tuple[Reason, ...]:
    if not valid_systems(c):
        return (*blocking_reasons(c), Reason("no_valid_destination", RULE_ANNOUNCE))
    return blocking_reasons(c)


def notes(c: Combat) -> tuple[Reason, ...]:
    """Facts about the whole retreat, independent of where it goes; what a retreat costs (rift
    rolls, units left behind) only when the player may announce one."""
    stalemate = [Reason("stalemate", RULE_FAQ_STALEMATE)] if c.role == "attacker" else []
    if not can_announce(c):
        return (*stalemate, Reason("skilled_retreat", RULE_FAQ_SKILLED_RETREAT))
    out = [
        Reason("must_retreat", RULE_RETREAT),
        Reason("opponent_gone", RULE_RETREAT),
        *stalemate,
        Reason("skilled_retreat", RULE_FAQ_SKILLED_RETREAT),
    ]
    if c.active_anomaly == "gravity_rift":
        # 39.2: no die for a unit a ship carries, so Fighter II fighters aboard roll none.
        ships = non_fighter_ships(c.fleet) + fighters_over_capacity(c.fleet) if c.fleet is not None else None
        out.append(Reason("gravity_rift_exit", RULE_GRAVITY_RIFT, {"ships": ships}))
    if c.fleet is not None and capacity_loss(c.fleet).excess:
        code = "capacity_loss_infantry" if c.fleet.fighter_ii else "capacity_loss"  # Fighter II: no fighter is lost
        out.append(Reason(code, RULE_CAPACITY, {"excess": capacity_loss(c.fleet).excess}))
    return tuple(out)


def rules(c: Combat) -> tuple[str, ...]:
    cited = announcement_reasons(c) + notes(c) + tuple(r for v in verdicts(c) for r in v.reasons + v.notes)
    return unique_rules(cited, RULE_ANNOUNCE, RULE_RETREAT, RULE_ADJACENCY)


# --- building and validating --------------------------------------------------------------

_FLEET_LIMITS = {
    "carriers": COMPONENT_LIMIT["carrier"],
    "cruisers": COMPONENT_LIMIT["cruiser"],
    "dreadnoughts": COMPONENT_LIMIT["dreadnought"],
    "destroyers": COMPONENT_LIMIT["destroyer"],
    "war_suns": COMPONENT_LIMIT["war_sun"],
    "flagship": COMPONENT_LIMIT["flagship"],
    "flagship_capacity": FLAGSHIP_LIMITS["capacity"][1],
    "fighters": MAX_SMALL_UNITS,
    "infantry": MAX_SMALL_UNITS,
}
FLEET_INT_FIELDS = tuple(_FLEET_LIMITS)
FLEET_BOOL_FIELDS = tuple(f.name for f in fields(Fleet) if f.type == "bool")  # the yes/no fields


def fleet_limit(name: str) -> int:
    """The documented maximum of a fleet count (component limits, 87.2)."""
    return _FLEET_LIMITS[name]


def check_fleet(f: Fleet) -> Fleet:
    for name, limit in _FLEET_LIMITS.items():
        require_int(getattr(f, name), 0, limit, f"units.{name}", code="out_of_range")
    if f.faction is not None and f.faction not in FACTION_FLAGSHIPS:
        raise InvalidInput("unknown_faction", field="units.faction", choices=sorted(FACTION_FLAGSHIPS))
    return f


def combat(
    role: str,
    systems: list[dict] | tuple[System, ...],
    fleet: Fleet | None = None,
    *,
    opponent_announced: bool = False,
    tokens_in_reinforcements: bool = True,
    active_anomaly: str | None = None,
    fleet_pool: int | None = None,
    antimass_deflectors: bool = False,
) -> Combat:
    """Validate raw values and build a :class:`Combat`; refuses with ``InvalidInput``."""
    if role not in ROLES:
        raise InvalidInput("unknown_role", field="role", choices=list(ROLES))
    if active_anomaly is not None and active_anomaly not in COMBAT_ANOMALIES:
        raise InvalidInput("unknown_anomaly", field="active_anomaly", choices=list(COMBAT_ANOMALIES))
    if len(systems) > MAX_CANDIDATES:
        raise InvalidInput("too_many_candidates", field="candidates", max=MAX_CANDIDATES)
    if fleet_pool is not None:
        require_int(fleet_pool, 0, MAX_FLEET_POOL, "fleet_pool", code="out_of_range")
    built = tuple(s if isinstance(s, System) else System(**s) for s in systems)
    for i, s in enumerate(built):
        where = f"candidates[{i}]"
        if not s.name or len(s.name) > MAX_SYSTEM_NAME:
            raise InvalidInput("bad_system_name", field=f"{where}.system", max=MAX_SYSTEM_NAME)
        if s.name in [t.name for t in built[:i]]:
            raise InvalidInput("duplicate_system", field=f"{where}.system", system=s.name)
        if s.adjacency not in ADJACENCIES:
            raise InvalidInput("unknown_adjacency", field=f"{where}.adjacent", choices=list(ADJACENCIES))
        if s.anomaly is not None and s.anomaly not in ANOMALIES:
            raise InvalidInput("unknown_anomaly", field=f"{where}.anomaly", choices=list(ANOMALIES))
        require_int(s.own_ships, 0, MAX_SHIPS_THERE, f"{where}.own_ships", code="out_of_range")
    if fleet is not None and not any(getattr(fleet, name) for name in FLEET_INT_FIELDS if name != "flagship_capacity"):
        fleet = None  # no unit entered (the page always sends its counters): the fleet is not described
    return Combat(
        role,
        built,
        None if fleet is None else check_fleet(fleet),
        opponent_announced,
        tokens_in_reinforcements,
        active_anomaly,
        fleet_pool,
        antimass_deflectors,
    )


_SYSTEM_FLAGS = {
    "planet": "controls_planet",
    "units": "own_units",
    "ships": "other_players_ships",
    "token": "own_command_token",
}


def parse(line: str, fleet: Fleet | None = None) -> Combat:
    """Read the one-line notation described in the module docstring."""
    head, sep, body = line.partition(":")
    words = head.split()
    if not sep or not words:
        raise InvalidInput("bad_notation", field=None, expected="ROLE: NAME=FLAG,FLAG")
    anomaly = next((w[3:] for w in words if w.startswith("in=")), None)
    pool = next((int(w[5:]) for w in words if w.startswith("pool=") and w[5:].isdigit()), None)
    systems = []
    for token in body.split():
        name, _, spec = token.partition("=")
        raw: dict = {"name": name}
        for flag in filter(None, spec.split(",")):
            if flag in ("edge", "wormhole"):
                raw["adjacency"] = flag
            elif flag == "far":
                raw["adjacency"] = "none"
            elif flag in _SYSTEM_FLAGS:
                raw[_SYSTEM_FLAGS[flag]] = True
            elif flag in ANOMALIES:
                raw["anomaly"] = flag
            elif flag.startswith("mine:") and flag[5:].isdigit():
                raw["own_ships"] = int(flag[5:])
            else:
                raise InvalidInput("bad_notation", field=None, token=token)
        systems.append(raw)
    return combat(
        words[0],
        systems,
        fleet,
        opponent_announced="+opp" in words,
        tokens_in_reinforcements="-tokens" not in words,
        active_anomaly=anomaly,
        fleet_pool=pool,
        antimass_deflectors="+antimass" in words,
    )
