"""Parsec: can this vessel make an evasive maneuver, and does that end the exchange?

Manovra evasiva: the vessel flees within its movement (event cards may add to it). If the
attackers occupy all six hexes around it, it cannot evade unless an event card lets it escape.
It is out of the exchange only when it ends beyond the firing range of every attacker;
otherwise they may attack it again (Attacco a lungo raggio). A colony never moves, so it never
evades; when it survives a long-range attack the exchange simply ends; and it fires only in
defense ("solo a scopi difensivi"), so it is never among the attackers. Movement never stops on
or passes through a hex held by another player's vessel, unless its owner allows the transit
(Azioni e movimento dei vascelli); a hex it may cross but not stop on (its own vessels filling
it, or a vessel whose owner lets it through) is ``passable``.

Geometry: axial hex coordinates ``(q, r)`` with the evading vessel at ``(0, 0)``; distance is the
number of hex steps, which is how ranges and movement are counted in parsec (one hex each).

Notation, one line, parts split by ``|``::

    fighter vs cruiser@2,0 fighter@1,-1^2 | blocked 0,1 -1,1 | pass -1,0 | move 4 | card | to 3,0

``KIND vs ATTACKER@q,r[^RANGE] ...`` then optional parts: ``blocked`` hexes (other vessels),
``pass`` hexes (crossed, never stopped on), ``move N`` (movement including event cards),
``card`` (an event card allows escape), ``to q,r`` (the hex the player means to reach).
"""

from __future__ import annotations

from collections import deque
from dataclasses import dataclass
from functools import lru_cache
from types import MappingProxyType
from typing import Mapping, Sequence

from engine.core.bounds import require_int
from engine.core.reasons import InvalidInput, Reason

# Section ids this module cites (each must exist in rules_db; a project test checks them).
RULE_EVASION = "parsec/manovra-evasiva"
RULE_LONG_RANGE = "parsec/attacco-a-lungo-raggio"
RULE_COLONY = "parsec/colonia"  # a colony fires back only at range 1
RULE_MOVEMENT = "parsec/azioni-e-movimento-dei-vascelli"
RULE_END_OF_COMBAT = "parsec/fine-della-fase-di-combattimento"

Hex = tuple[int, int]
ORIGIN: Hex = (0, 0)
DIRECTIONS: tuple[Hex, ...] = ((1, 0), (1, -1), (0, -1), (-1, 0), (-1, 1), (0, 1))


@dataclass(frozen=True)
class UnitType:
    move: int  # parsec (hexes) per turn
    range: int  # firing range in hexes


# Movement and firing range from "Caratteristiche e costi delle Unità" (the unit
# descriptions and the players' reference sheet); a colony never moves.
UNITS = MappingProxyType(
    {
        "cargo": UnitType(move=3, range=1),
        "fighter": UnitType(move=2, range=1),
        "transport": UnitType(move=10, range=1),
        "cruiser": UnitType(move=5, range=2),
        "colony": UnitType(move=0, range=1),
    }
)
EVADERS = ("cargo", "fighter", "transport", "cruiser", "colony")
# A colony fires only in defense. A cargo may attack when an event card allows it ("se non quando
# una carta Evento lo permette"), so it may be among the attackers here.
ATTACKER_KINDS = ("fighter", "cruiser", "transport", "cargo")
# "Solo un massimo di due unità piccole ... possono condividere la stessa casella" (RULE_MOVEMENT);
# the cruiser and the transport are large and hold a hex alone.
SMALL = frozenset({"cargo", "fighter"})

MAX_MOVEMENT = 12  # transport's 10 plus event-card bonuses
MAX_RANGE = 6  # cruiser's 2 plus event-card bonuses, generously
# As the combat calculator (engine/parsec/combat.py): two small vessels on each of the six
# neighbours and a cruiser on each hex of the next ring.
MAX_ATTACKERS = 24
MAX_BLOCKED = 60
MAX_COORD = 12  # |q|, |r| and |q + r| at most this far from the evading vessel

EVADE_CODES = ("colony_cannot_evade", "surrounded", "no_free_hex")
EXCHANGE_CODES = ("still_in_range", "colony_can_counterattack")
DESTINATION_CODES = ("destination_is_start", "destination_occupied", "destination_unreachable", "destination_in_range")
NOTE_CODES = ("escape_card", "colony_exchange_ends", "safe_by_distance")


@dataclass(frozen=True)
class Attacker:
    kind: str
    at: Hex
    range: int


@dataclass(frozen=True)
class Situation:
    """The evading vessel sits at (0, 0); everything else is placed around it."""

    vessel: str
    attackers: tuple[Attacker, ...]
    blocked: frozenset[Hex] = frozenset()
    movement: int | None = None  # None: the vessel's printed movement
    escape_card: bool = False
    destination: Hex | None = None
    passable: frozenset[Hex] = frozenset()  # crossed on the way, never stopped on

    @property
    def move(self) -> int:
        return UNITS[self.vessel].move if self.movement is None else self.movement

    @property
    def occupied(self) -> frozenset[Hex]:
        return self.blocked | {a.at for a in self.attackers}


def distance(a: Hex, b: Hex) -> int:
    dq, dr = a[0] - b[0], a[1] - b[1]
    return (abs(dq) + abs(dr) + abs(dq + dr)) // 2


def neighbours(h: Hex) -> tuple[Hex, ...]:
    return tuple((h[0] + dq, h[1] + dr) for dq, dr in DIRECTIONS)


# --- the ladder of predicates -------------------------------------------------------------


def is_colony(s: Situation) -> bool:
    return s.vessel == "colony"


def is_surrounded(s: Situation) -> bool:
    """Attackers on all six hexes around the vessel."""
    attackers = {a.at for a in s.attackers}
    return all(h in attackers for h in neighbours(ORIGIN))


def is_boxed_in(s: Situation) -> bool:
    """No hex within its movement to stop on: every neighbour holds another player's vessel, or
    the hexes it may cross lead nowhere free in time."""
    return not reachable(s)


@lru_cache(maxsize=256)
def reachable(s: Situation) -> Mapping[Hex, int]:
    """Hexes the vessel can end on, with the fewest steps; occupied hexes block the way and
    passable ones are crossed but never ended on.

    Cached (situations are frozen): the verdict, the reasons and the notes all ask for it."""
    occupied = s.occupied
    steps = {ORIGIN: 0}
    queue = deque([ORIGIN])
    while queue:
        here = queue.popleft()
        if steps[here] == s.move:
            continue
        for nxt in neighbours(here):
            if nxt not in steps and nxt not in occupied:
                steps[nxt] = steps[here] + 1
                queue.append(nxt)
    return MappingProxyType({h: n for h, n in steps.items() if h != ORIGIN and h not in s.passable})


def attackers_in_range(s: Situation, h: Hex) -> tuple[Attacker, ...]:
    return tuple(a for a in s.attackers if distance(a.at, h) <= a.range)


def is_safe(s: Situation, h: Hex) -> bool:
    """Beyond the firing range of every attacker."""
    return not attackers_in_range(s, h)


@lru_cache(maxsize=256)
def safe_hexes(s: Situation) -> tuple[Hex, ...]:
    """Reachable hexes out of every attacker's range, nearest first."""
    if not can_evade(s):
        return ()
    steps = reachable(s)
    return tuple(sorted((h for h in steps if is_safe(s, h)), key=lambda h: (steps[h], h)))


def evade_reasons(s: Situation) -> tuple[Reason, ...]:
    if is_colony(s):
        # "Una colonia, una volta costruita su un pianeta, non può più essere spostata."
        return (Reason("colony_cannot_evade", RULE_COLONY),)
    if s.escape_card:
        return ()
    if is_surrounded(s):
        return (Reason("surrounded", RULE_EVASION),)
    if is_boxed_in(s):
        return (Reason("no_free_hex", RULE_MOVEMENT),)
    return ()


def can_evade(s: Situation) -> bool:
    return not evade_reasons(s)


def destination_reasons(s: Situation) -> tuple[Reason, ...]:
    """Why the chosen destination does not get the vessel out; empty if it does."""
    h = s.destination
    if h is None or not can_evade(s):
        return ()
    out: list[Reason] = []
    if h == ORIGIN:
        return (Reason("destination_is_start", RULE_EVASION, {"hex": list(h)}),)
    if h in s.occupied or h in s.passable:
        return (Reason("destination_occupied", RULE_MOVEMENT, {"hex": list(h)}),)
    if h not in reachable(s):
        out.append(Reason("destination_unreachable", RULE_MOVEMENT, {"hex": list(h), "movement": s.move}))
    shooters = attackers_in_range(s, h)
    if shooters:
        out.append(
            Reason("destination_in_range", RULE_EVASION, {"hex": list(h), "attackers": [list(a.at) for a in shooters]})
        )
    return tuple(out)


def _counterattackers(s: Situation) -> tuple[Attacker, ...]:
    """Attackers a colony (range 1) could still counterattack."""
    return tuple(a for a in s.attackers if distance(a.at, ORIGIN) <= UNITS["colony"].range)


def ends_exchange(s: Situation) -> bool | None:
    """True when the exchange is over after this defense; None when an event card decides."""
    if is_colony(s):
        return not _counterattackers(s)
    if not can_evade(s):
        return False
    if s.escape_card and is_boxed_in(s):
        return None
    if s.destination is not None:
        return not destination_reasons(s)
    return bool(safe_hexes(s))


def exchange_reasons(s: Situation) -> tuple[Reason, ...]:
    """Why the exchange goes on: attackers still in range, or a colony that may fire back."""
    if is_colony(s):
        near = _counterattackers(s)
        return (
            (Reason("colony_can_counterattack", RULE_COLONY, {"attackers": [list(a.at) for a in near]}),)
            if near
            else ()
        )
    if not can_evade(s) or ends_exchange(s) is not False or s.destination is not None:
        return ()
    # No safe hex: say who still reaches the farthest hex the vessel can get to.
    steps = reachable(s)
    best = min(steps, key=lambda h: (len(attackers_in_range(s, h)), -steps[h], h))
    return (
        Reason(
            "still_in_range",
            RULE_EVASION,
            {"hex": list(best), "attackers": [list(a.at) for a in attackers_in_range(s, best)]},
        ),
    )


def notes(s: Situation) -> tuple[Reason, ...]:
    out: list[Reason] = []
    if s.escape_card and is_boxed_in(s) and not is_colony(s):
        out.append(Reason("escape_card", RULE_EVASION))
    if is_colony(s) and not _counterattackers(s):
        out.append(Reason("colony_exchange_ends", RULE_LONG_RANGE))
    if ends_exchange(s) is True and not is_colony(s):
        out.append(Reason("safe_by_distance", RULE_END_OF_COMBAT))
    return tuple(out)


def rules(s: Situation) -> tuple[str, ...]:
    cited = evade_reasons(s) + exchange_reasons(s) + destination_reasons(s) + notes(s)
    return tuple(dict.fromkeys([RULE_EVASION, RULE_LONG_RANGE] + [r.rule for r in cited]))


# --- building and validating --------------------------------------------------------------


def _check_hex(h: tuple[object, ...], field: str) -> Hex:
    q, r = h if len(h) == 2 else (None, None)
    if not isinstance(q, int) or not isinstance(r, int):
        raise InvalidInput("bad_hex", field=field)
    if max(abs(q), abs(r), abs(q + r)) > MAX_COORD:
        raise InvalidInput("hex_too_far", field=field, max=MAX_COORD)
    return (q, r)


def _fits(present: list[str], kind: str) -> bool:
    """Whether an attacker of ``kind`` may join ``present`` on one hex: two small vessels share a
    hex, a large one holds it alone."""
    kinds = [*present, kind]
    return len(kinds) <= 1 or (len(kinds) == 2 and set(kinds) <= SMALL)


def situation(
    vessel: str,
    attackers: Sequence[dict | Attacker],
    *,
    blocked: list | tuple = (),
    movement: int | None = None,
    escape_card: bool = False,
    destination: Hex | None = None,
    passable: list | tuple = (),
) -> Situation:
    """Validate raw values and build a :class:`Situation`; refuses with ``InvalidInput``."""
    if vessel not in EVADERS:
        raise InvalidInput("unknown_vessel", field="vessel", choices=list(EVADERS))
    if movement is not None:
        require_int(movement, 1, MAX_MOVEMENT, "movement", code="out_of_range")
    if not 1 <= len(attackers) <= MAX_ATTACKERS:
        raise InvalidInput("out_of_range", field="attackers", min=1, max=MAX_ATTACKERS)
    for name, given in (("blocked", blocked), ("passable", passable)):
        if len(given) > MAX_BLOCKED:
            raise InvalidInput("out_of_range", field=name, min=0, max=MAX_BLOCKED)
    built: list[Attacker] = []
    for i, a in enumerate(attackers):
        if not isinstance(a, Attacker):
            kind = a.get("kind", "")
            if kind == "colony":
                # "potenza di fuoco limitata, utilizzabile solo a scopi difensivi"
                raise InvalidInput("colony_never_attacks", field=f"attackers[{i}].kind", rule=RULE_COLONY)
            if kind not in ATTACKER_KINDS:
                raise InvalidInput("unknown_vessel", field=f"attackers[{i}].kind", choices=list(ATTACKER_KINDS))
            a = Attacker(kind, tuple(a["at"]), a.get("range") or UNITS[kind].range)
        at = _check_hex(a.at, f"attackers[{i}]")
        if at == ORIGIN or not _fits([b.kind for b in built if b.at == at], a.kind):
            raise InvalidInput("hex_taken", field=f"attackers[{i}]", rule=RULE_MOVEMENT, hex=list(at))
        require_int(a.range, 1, MAX_RANGE, f"attackers[{i}].range", code="out_of_range")
        if distance(at, ORIGIN) > a.range:  # it attacked the vessel, so the vessel was in its range
            raise InvalidInput(
                "attacker_beyond_range",
                field=f"attackers[{i}]",
                rule=RULE_LONG_RANGE,
                hex=list(at),
                distance=distance(at, ORIGIN),
                range=a.range,
            )
        built.append(Attacker(a.kind, at, a.range))
    cells = frozenset(_check_hex(tuple(h), f"blocked[{i}]") for i, h in enumerate(blocked))
    if ORIGIN in cells:
        raise InvalidInput("hex_taken", field="blocked", hex=[0, 0])
    for i, h in enumerate(blocked):
        if tuple(h) in {a.at for a in built}:  # an attacker's hex is already held: not a second vessel's
            raise InvalidInput("hex_taken", field=f"blocked[{i}]", rule=RULE_MOVEMENT, hex=list(h))
    crossed = frozenset(_check_hex(tuple(h), f"passable[{i}]") for i, h in enumerate(passable))
    taken = cells | {a.at for a in built} | {ORIGIN}
    for i, h in enumerate(passable):
        if tuple(h) in taken:  # a hex is one thing: the vessel's own, blocked, an attacker's, or crossed
            raise InvalidInput("hex_taken", field=f"passable[{i}]", rule=RULE_MOVEMENT, hex=list(h))
    dest = None if destination is None else _check_hex(tuple(destination), "destination")
    return Situation(vessel, tuple(built), cells, movement, escape_card, dest, crossed)


def _hex(text: str) -> Hex:
    q, _, r = text.partition(",")
    try:
        return int(q), int(r)
    except ValueError:
        raise InvalidInput("bad_notation", field=None, token=text) from None


def parse(line: str) -> Situation:
    """Read the one-line notation described in the module docstring."""
    first, *rest = [p.strip() for p in line.split("|")]
    vessel, vs, *tokens = first.split()
    if vs != "vs":
        raise InvalidInput("bad_notation", field=None, expected="KIND vs KIND@q,r")
    attackers = []
    for token in tokens:
        kind, _, where = token.partition("@")
        at, _, rng = where.partition("^")
        attackers.append({"kind": kind, "at": _hex(at), "range": int(rng) if rng else None})
    options: dict = {}
    for part in rest:
        word, *args = part.split()
        if word == "blocked":
            options["blocked"] = [_hex(a) for a in args]
        elif word == "pass":
            options["passable"] = [_hex(a) for a in args]
        elif word == "move":
            options["movement"] = int(args[0])
        elif word == "card":
            options["escape_card"] = True
        elif word == "to":
            options["destination"] = _hex(args[0])
        else:
            raise InvalidInput("bad_notation", field=None, token=part)
    return situation(vessel, attackers, **options)
