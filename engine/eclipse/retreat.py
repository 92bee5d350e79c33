"""Eclipse: where may a retreating ship type go? (RITIRATA, MOVIMENTO, Wormhole Generator)

A retreat moves every ship of one type to a neighbouring hex that holds the player's influence
disc and no enemy ships, crossing the edge by the normal wormhole rules: a wormhole on both
edges, or on one edge with the Wormhole Generator. Ancient ships and the Galactic Center Defense
System (GCDS) are enemies too: they are other factions in the hex (see FASE COMBATTIMENTO).

Notation, one line: ``PLAYER [SHIP] [+wg] [+all]: HEX=DISC/SHIPS/WORMHOLE[/far] ...`` where
DISC is the disc owner or ``-``, SHIPS is a comma list of owners (colours, ``ancient``,
``gcds``) or ``-``, WORMHOLE is ``full`` (default), ``half`` or ``none``, and ``far`` marks a
hex that is not adjacent. ``+wg``: the player has the Wormhole Generator; ``+all``: every
remaining ship of the player is retreating. Example (the rulebook's ESEMPIO DI RITIRATA)::

    green interceptor: B=green/-/full C=-/green/full D=-/-/full E=green/red/full
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Literal

from engine.core.reasons import InvalidInput, Reason
from engine.core.verdict import Verdict, unique_rules

# Section ids this module cites (each must exist in rules_db; a project test checks them).
RULE_RETREAT = "eclipse/ritirata"
RULE_EXAMPLE = "eclipse/esempio-di-ritirata"
RULE_PENALTY = "eclipse/penalita-di-ritirata"
RULE_MOVEMENT = "eclipse/movimento"
RULE_WORMHOLE_GENERATOR = "eclipse/generatore-di-tunnel-interspaziali-3"  # under MOVIMENTO

COLOURS = ("red", "green", "blue", "yellow", "white", "black")
ANCIENT = "ancient"
GCDS = "gcds"
SHIP_OWNERS = COLOURS + (ANCIENT, GCDS)
SHIP_TYPES = ("interceptor", "cruiser", "dreadnought", "starbase")
WORMHOLES = ("full", "half", "none")
Wormhole = Literal["full", "half", "none"]

MAX_NEIGHBOURS = 6  # a hex has six edges, so at most six retreat candidates
MAX_HEX_NAME = 12

# Every code a destination verdict can carry, in the order they are checked.
REASON_CODES = (
    "starbase_cannot_move",
    "not_adjacent",
    "no_wormhole",
    "half_wormhole",
    "no_influence_disc",
    "enemy_ships",
    "ancient_ships",
    "gcds",
)
NOTE_CODES = ("next_activation", "reputation_lost", "reputation_warning")


@dataclass(frozen=True)
class Neighbour:
    """One hex the ships might retreat to, as seen from the battle hex."""

    hex: str
    influence: str | None = None
    ships: frozenset[str] = frozenset()
    wormhole: Wormhole = "full"
    adjacent: bool = True


@dataclass(frozen=True)
class Situation:
    player: str
    neighbours: tuple[Neighbour, ...]
    wormhole_generator: bool = False
    ship_type: str | None = None
    all_ships_retreat: bool | None = None


# --- the ladder of predicates -------------------------------------------------------------


def is_movable(ship_type: str | None) -> bool:
    """Starbases carry no drives, so they can never move, hence never retreat."""
    return ship_type != "starbase"


def is_crossable(n: Neighbour, wormhole_generator: bool) -> bool:
    """A full wormhole is always crossable; half of one only with the Wormhole Generator."""
    return n.wormhole == "full" or (n.wormhole == "half" and wormhole_generator)


def has_own_disc(n: Neighbour, player: str) -> bool:
    return n.influence == player


def enemy_factions(n: Neighbour, player: str) -> frozenset[str]:
    """Every faction with ships in the hex other than the player (players, ancients, GCDS)."""
    return frozenset(owner for owner in n.ships if owner != player)


def is_free_of_enemies(n: Neighbour, player: str) -> bool:
    return not enemy_factions(n, player)


def is_legal_destination(s: Situation, n: Neighbour) -> bool:
    return not destination_reasons(s, n)


def destination_reasons(s: Situation, n: Neighbour) -> tuple[Reason, ...]:
    """Every reason ``n`` is not a legal retreat destination; empty when it is legal."""
    reasons: list[Reason] = []
    if not is_movable(s.ship_type):
        reasons.append(Reason("starbase_cannot_move", RULE_MOVEMENT))
    if not n.adjacent:
        reasons.append(Reason("not_adjacent", RULE_RETREAT, {"hex": n.hex}))
    if n.wormhole == "none":
        reasons.append(Reason("no_wormhole", RULE_MOVEMENT, {"hex": n.hex}))
    elif not is_crossable(n, s.wormhole_generator):
        reasons.append(Reason("half_wormhole", RULE_WORMHOLE_GENERATOR, {"hex": n.hex}))
    if not has_own_disc(n, s.player):
        reasons.append(Reason("no_influence_disc", RULE_RETREAT, {"hex": n.hex, "owner": n.influence}))
    if is_free_of_enemies(n, s.player):
        return tuple(reasons)
    enemies = enemy_factions(n, s.player)
    players = sorted(enemies & set(COLOURS))
    if players:
        reasons.append(Reason("enemy_ships", RULE_RETREAT, {"hex": n.hex, "owners": players}))
    if ANCIENT in enemies:
        reasons.append(Reason("ancient_ships", RULE_RETREAT, {"hex": n.hex}))
    if GCDS in enemies:
        reasons.append(Reason("gcds", RULE_RETREAT, {"hex": n.hex}))
    return tuple(reasons)


def notes(s: Situation) -> tuple[Reason, ...]:
    """What a legal retreat still costs: a round under fire, perhaps the battle's reputation;
    nothing when no destination is legal (or the ships cannot move), as no retreat happens."""
    if not legal_destinations(s):
        return ()
    out = [Reason("next_activation", RULE_RETREAT)]
    if s.all_ships_retreat is True:
        out.append(Reason("reputation_lost", RULE_PENALTY))
    elif s.all_ships_retreat is None:
        out.append(Reason("reputation_warning", RULE_PENALTY))
    return tuple(out)


def verdicts(s: Situation) -> tuple[Verdict, ...]:
    return tuple(Verdict(n.hex, destination_reasons(s, n)) for n in s.neighbours)


def legal_destinations(s: Situation) -> tuple[str, ...]:
    return tuple(n.hex for n in s.neighbours if is_legal_destination(s, n))


def rules(s: Situation) -> tuple[str, ...]:
    """Section ids behind the whole answer: the retreat rule first, then whatever was cited."""
    cited = tuple(r for v in verdicts(s) for r in v.reasons) + notes(s)
    return unique_rules(cited, RULE_RETREAT, RULE_EXAMPLE, RULE_MOVEMENT)


# --- building and validating situations ---------------------------------------------------


def situation(
    player: str,
    neighbours: Sequence[dict | Neighbour],
    *,
    wormhole_generator: bool = False,
    ship_type: str | None = None,
    all_ships_retreat: bool | None = None,
) -> Situation:
    """Validate raw values and build a :class:`Situation`; refuses with ``InvalidInput``."""
    if player not in COLOURS:
        raise InvalidInput("unknown_player", field="player", choices=list(COLOURS))
    if ship_type is not None and ship_type not in SHIP_TYPES:
        raise InvalidInput("unknown_ship_type", field="ship_type", choices=list(SHIP_TYPES))
    if len(neighbours) > MAX_NEIGHBOURS:
        raise InvalidInput("too_many_candidates", field="candidates", max=MAX_NEIGHBOURS, rule=RULE_RETREAT)
    built = tuple(n if isinstance(n, Neighbour) else _neighbour(n, i) for i, n in enumerate(neighbours))
    for i, n in enumerate(built):
        _check_neighbour(n, i)
    names = [n.hex for n in built]
    for i, name in enumerate(names):
        if name in names[:i]:
            raise InvalidInput("duplicate_hex", field=f"candidates[{i}].hex", hex=name)
    return Situation(player, built, wormhole_generator, ship_type, all_ships_retreat)


def _neighbour(raw: dict, i: int) -> Neighbour:
    return Neighbour(
        hex=raw["hex"],
        influence=raw.get("influence"),
        ships=frozenset(raw.get("ships", ())),
        wormhole=raw.get("wormhole", "full"),
        adjacent=raw.get("adjacent", True),
    )


def _check_neighbour(n: Neighbour, i: int) -> None:
    where = f"candidates[{i}]"
    if not n.hex or len(n.hex) > MAX_HEX_NAME:
        raise InvalidInput("bad_hex_name", field=f"{where}.hex", max=MAX_HEX_NAME)
    if n.influence is not None and n.influence not in COLOURS:
        raise InvalidInput("unknown_player", field=f"{where}.influence", choices=list(COLOURS))
    for owner in n.ships:
        if owner not in SHIP_OWNERS:
            raise InvalidInput("unknown_ship_owner", field=f"{where}.ships", choices=list(SHIP_OWNERS), value=owner)
    if n.wormhole not in WORMHOLES:
        raise InvalidInput("unknown_wormhole", field=f"{where}.wormhole", choices=list(WORMHOLES))


def parse(line: str) -> Situation:
    """Read the one-line notation described in the module docstring."""
    head, sep, body = line.partition(":")
    if not sep:
        raise InvalidInput("bad_notation", field=None, expected="PLAYER: HEX=DISC/SHIPS/WORMHOLE")
    words = head.split()
    if not words:
        raise InvalidInput("bad_notation", field="player")
    player, flags = words[0], words[1:]
    ship_type = next((w for w in flags if not w.startswith("+")), None)
    neighbours = []
    for token in body.split():
        name, eq, spec = token.partition("=")
        parts = spec.split("/") if eq else []
        if not 3 <= len(parts) <= 4:
            raise InvalidInput("bad_notation", field=None, token=token)
        disc, ships, wormhole = parts[:3]
        neighbours.append(
            {
                "hex": name,
                "influence": None if disc == "-" else disc,
                "ships": [] if ships == "-" else ships.split(","),
                "wormhole": wormhole or "full",
                "adjacent": parts[3:] != ["far"],
            }
        )
    return situation(
        player,
        neighbours,
        wormhole_generator="+wg" in flags,
        ship_type=ship_type,
        all_ships_retreat=True if "+all" in flags else None,
    )
