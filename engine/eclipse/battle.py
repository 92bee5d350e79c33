"""The exact battle between two factions: the rules' order of play, limits, and the report.

State: for every ship group (one per side and ship type) the multiset of damage on its live
ships, each group's retreat status (in the hex / retreat announced / gone), the engagement round
(only while a retreat plan still waits for its round) and whose activation is next.

Order (FASE COMBATTIMENTO, SVOLGIMENTO DELLA BATTAGLIA): missiles first, once, group by group in
initiative order; then engagement rounds in initiative order until one side is gone. Higher
initiative acts first, the defender first on ties; two groups of one side with equal initiative
act in ship-type order (interceptor, cruiser, dreadnought, starbase).

The chain itself is solved by dense value sweeps in ``sweep``; this module validates fleets,
checks the size before any work, and turns the final states into the answer (survivors,
escapes, reputation, reasons with their rules).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, replace
from fractions import Fraction
from math import comb

from engine.core.bounds import require_int
from engine.core.reasons import InvalidInput, Reason

from .blueprints import ShipStats, check_count
from .parts import SHIP_TYPES
from .reputation import MAX_DRAW, RULE_REPUTATION, RULE_RETREAT_PENALTY, tiles_drawn
from .sweep import Final, GroupSpec, Num, Sweep
from .targeting import LARGEST_FIRST, NPC_TARGETING, OPTIMAL, TARGETINGS

RULE_COMBAT = "eclipse/fase-combattimento"
RULE_GENERAL = "eclipse/concetti-generali"
RULE_HIT = "eclipse/colpire"
RULE_DAMAGE = "eclipse/danni"
RULE_SEQUENCE = "eclipse/svolgimento-della-battaglia"
RULE_MISSILES = "eclipse/missili"
RULE_ROUND = "eclipse/round-di-ingaggio"
RULE_RETREAT = "eclipse/ritirata"
RULE_STALEMATE = "eclipse/stallo"
RULE_NPC = "eclipse/combattere-contro-gli-antichi-e-il-sdcg"
RULE_ANCIENTS = "eclipse/navi-degli-antichi"
RULE_GCDS = "eclipse/sistema-di-difesa-del-centro-galattico"
RULE_SHIPS = "eclipse/navi"  # NAVI: starbases cannot move

# Size limits, checked before any work (docs/eclipse_combat.md). The estimate is the number of
# battle states the solver holds (``estimate_states``). Up to MAX_OPTIMAL_STATES optimal
# targeting is solved exactly (4 interceptors + 4 cruisers + 2 dreadnoughts a side: 562,500
# states, about 1.4 s of CPU here; 1,012,500 states about 3 s); beyond it, up to MAX_STATES,
# both sides switch to the largest_first heuristic (still an exact chain) and the answer says
# so; beyond MAX_STATES the battle is refused. Memory grows about 400-550 bytes per state.
MAX_OPTIMAL_STATES = 1_100_000
MAX_STATES = 2_000_000
# Background computations (web/core/jobs.py) take optimal targeting this far: minutes, and
# about 4 GB at 400-550 bytes per state.
MAX_BACKGROUND_STATES = 8_000_000
FALLBACK_TARGETING = LARGEST_FIRST
# Beyond this many states the answer gives the expected number of rounds but not its
# distribution: carrying the rounds fought (12 buckets) through every transition would cost
# more than the rest of the solve.
MAX_ROUNDS_DETAIL = 150_000
MAX_RETREAT_ROUND = 6

ATTACKER, DEFENDER = 0, 1
SIDE_NAMES = ("attacker", "defender")
_TYPE_ORDER = {k: i for i, k in enumerate(SHIP_TYPES)}


@dataclass(frozen=True)
class Group:
    """``count`` ships of one type sharing one blueprint; ``damage`` already on them, if any."""

    kind: str
    count: int
    stats: ShipStats
    damage: tuple[int, ...] = ()


@dataclass(frozen=True)
class RetreatPlan:
    """Retreat the listed ship types (all that can move, if empty) from the start of engagement
    round ``round``: a starbase has no drive and never leaves its hex (MOVIMENTO)."""

    round: int
    kinds: tuple[str, ...] = ()

    def covers(self, kind: str) -> bool:
        return SHIP_TYPES[kind].movable is not False and (not self.kinds or kind in self.kinds)


@dataclass(frozen=True)
class Fleet:
    groups: tuple[Group, ...]
    targeting: str = OPTIMAL
    retreat: RetreatPlan | None = None

    @property
    def npc(self) -> bool:
        return any(SHIP_TYPES[g.kind].npc for g in self.groups)


@dataclass(frozen=True)
class GroupResult:
    side: str
    kind: str
    count: int
    initiative: int
    survivors: tuple[float, ...]  # P(k ships not destroyed), k = 0..count (escaped ones count)
    escaped: float  # P(the group left the hex by retreating with at least one ship)
    expected_lost: float


@dataclass(frozen=True)
class BattleResult:
    """``attacker_win + defender_win == 1``: a stalemate (STALLO, eclipse/stallo) ends with the
    attacker retreating or destroyed, so the defender holds the hex; ``stalemate`` is the part of
    ``defender_win`` that came from one."""

    attacker_win: float  # P(the attacker alone remains in the hex)
    defender_win: float  # P(the defender holds the hex), stalemates included
    stalemate: float  # of defender_win: nobody could destroy the other (only missiles)
    attacker_escape: float  # P(the attacker's last ships left by retreating); part of defender_win
    defender_escape: float
    attacker_reputation: float | None  # expected reputation tiles drawn (None for NPCs)
    defender_reputation: float | None
    expected_rounds: float
    rounds: tuple[float, ...]  # P(k engagement rounds), k = 0..ROUNDS_SHOWN-1 (last: k or more); () if too large
    groups: tuple[GroupResult, ...]
    attacker_expected_lost: float
    defender_expected_lost: float
    order: tuple[tuple[str, str, int], ...]  # activation order: (side, ship type, initiative)
    missile_order: tuple[tuple[str, str, int], ...]
    targeting: tuple[str, str]  # the targeting each side actually used
    fallback: bool  # optimal was asked for but the battle was too large: largest_first was used
    states: int  # battle states the solver held
    estimate: int
    rules: tuple[str, ...]
    reasons: tuple[Reason, ...]

    @property
    def draw(self) -> float:
        """The API's older name for ``stalemate`` (a detail of ``defender_win``, not a third outcome)."""
        return self.stalemate


def estimate_states(attacker: Fleet, defender: Fleet) -> int:
    """The battle states the solver holds: per group, multisets of <= n damages in 0..hull,
    times 3 retreat statuses per retreating group, times the rounds a plan waits for."""
    est = 1
    rounds = 1
    for fleet in (attacker, defender):
        for g in fleet.groups:
            est *= comb(g.count + g.stats.hull + 1, g.count)
            if fleet.retreat and fleet.retreat.covers(g.kind):
                est *= 3
        if fleet.retreat:
            rounds = max(rounds, fleet.retreat.round)
    return est * rounds


FALLBACK_REASON = Reason(
    "optimal_fallback", RULE_COMBAT, {"limit": MAX_OPTIMAL_STATES, "targeting": FALLBACK_TARGETING}
)


def npc_reasons(fleet: Fleet, side: str) -> list[Reason]:
    """How the Ancients' or the GCDS's dice are assigned and what their ships are, for a side
    that is theirs (none for a player's)."""
    if not fleet.npc:
        return []
    kinds = {g.kind for g in fleet.groups}
    out = [Reason("npc_targeting", RULE_NPC, {"side": side})]
    if "ancient" in kinds:
        out.append(Reason("ancient_stats", RULE_ANCIENTS))
    if "gcds" in kinds:
        out.append(Reason("gcds_stats", RULE_GCDS))
    return out


def check_size(attacker: Fleet, defender: Fleet, background: bool = False) -> tuple[int, bool]:
    """Before any work: refuse battles beyond the limit; say whether optimal must fall back.

    In the background (no 8-second budget) optimal targeting goes to MAX_BACKGROUND_STATES; a
    battle refused inline that a background computation can take is refused with its own code.
    """
    est = estimate_states(attacker, defender)
    # The calculator's work limits, not rules of the game: no rule is cited. A battle beyond what
    # the background takes is told that limit, the largest there is.
    if est > MAX_BACKGROUND_STATES:
        raise InvalidInput("battle_too_large", field=None, estimate=est, limit=MAX_BACKGROUND_STATES)
    if est > MAX_STATES and not background:
        raise InvalidInput("battle_needs_background", field=None, estimate=est, limit=MAX_STATES)
    wants_optimal = OPTIMAL in (attacker.targeting, defender.targeting)
    return est, not background and wants_optimal and est > MAX_OPTIMAL_STATES


def validate_fleets(attacker: Fleet, defender: Fleet) -> None:
    for side, fleet in zip(SIDE_NAMES, (attacker, defender)):
        validate_fleet(fleet, side)
    if attacker.npc:
        raise InvalidInput("npc_must_defend", field="attacker.ships", rule=RULE_COMBAT)
    for i, g in enumerate(attacker.groups):
        if not SHIP_TYPES[g.kind].movable:  # the attacker moved into the hex; starbases are immobile
            raise InvalidInput("starbase_cannot_attack", field=f"attacker.ships[{i}].type", rule=RULE_SHIPS)


def validate_fleet(fleet: Fleet, side: str) -> None:
    """One fleet on its own; ``side`` prefixes the field names (``attacker``, ``factions[2]``)."""
    if not fleet.groups:
        raise InvalidInput("fleet_empty", field=f"{side}.ships", rule=RULE_COMBAT)
    seen = set()
    for i, g in enumerate(fleet.groups):
        check_count(g.kind, g.count, f"{side}.ships[{i}].count")
        if g.kind in seen:
            raise InvalidInput("duplicate_ship_type", field=f"{side}.ships[{i}].type", rule=RULE_COMBAT, type=g.kind)
        seen.add(g.kind)
        if len(g.damage) not in (0, g.count) or any(d < 0 or d > g.stats.hull for d in g.damage):
            raise InvalidInput("bad_damage", field=f"{side}.ships[{i}].damage", rule=RULE_DAMAGE)
    if fleet.npc and any(SHIP_TYPES[g.kind].npc != fleet.npc for g in fleet.groups):
        raise InvalidInput("npc_mixed_with_players", field=f"{side}.ships", rule=RULE_NPC)
    if {"ancient", "gcds"} <= {g.kind for g in fleet.groups}:
        # FASE COMBATTIMENTO: a faction is a player, the Ancients or the GCDS, never both at once.
        raise InvalidInput("ancients_and_gcds_apart", field=f"{side}.ships", rule=RULE_COMBAT)
    if fleet.targeting not in TARGETINGS:
        raise InvalidInput(
            "unknown_targeting",
            field=f"{side}.targeting",
            rule=RULE_COMBAT,
            value=fleet.targeting,
            allowed=list(TARGETINGS),
        )
    if fleet.retreat is not None:
        if fleet.npc:
            raise InvalidInput("npc_cannot_retreat", field=f"{side}.retreat", rule=RULE_RETREAT)
        require_int(
            fleet.retreat.round,
            1,
            MAX_RETREAT_ROUND,
            f"{side}.retreat.round",
            code="retreat_round_out_of_range",
            rule=RULE_RETREAT,
        )
        kinds = {g.kind for g in fleet.groups}
        for k in fleet.retreat.kinds:
            if k not in kinds:
                raise InvalidInput("retreat_type_absent", field=f"{side}.retreat.types", rule=RULE_RETREAT, type=k)
        if any(SHIP_TYPES[k].movable is False for k in fleet.retreat.kinds):
            raise InvalidInput("starbase_cannot_retreat", field=f"{side}.retreat.types", rule=RULE_RETREAT)
        if not any(fleet.retreat.covers(g.kind) for g in fleet.groups):  # starbases alone
            raise InvalidInput("starbase_cannot_retreat", field=f"{side}.retreat", rule=RULE_RETREAT)


def solve_battle(
    attacker: Fleet,
    defender: Fleet,
    exact: bool = False,
    background: bool = False,
    progress: Callable[[float], None] | None = None,
) -> BattleResult:
    """Solve one battle exactly.

    Floats by default (sums are 1 within 1e-12); ``exact`` keeps every probability a Fraction
    (slow; for tests and tiny battles), and the result's numbers are then Fractions too.
    ``background`` applies the background limits; ``progress`` hears the share of work done.
    """
    validate_fleets(attacker, defender)
    est, fallback = check_size(attacker, defender, background)
    battle = _Battle(*_sized(attacker, defender, fallback), exact, fallback)
    return battle.report(est, progress)


def final_states(
    attackers: list[tuple[Fleet, Num]],
    defender: Fleet,
    exact: bool = False,
    solved: dict[tuple, Sweep] | None = None,
) -> dict[Final, Num]:
    """P(each final state) over battles whose attackers differ only in the damage their ships
    start with, each battle weighted: a hex's survivor carries its damage (``multi``).

    The states, values and choices do not depend on where the battle starts and the forward
    pass is linear in the starting mass, so one sweep and one pass serve every start; ``solved``
    keeps the sweeps by battle for later calls. A final state is (outcome "A"/"D"/"S", damage
    on each group's live ships, each group's status).
    """
    first = attackers[0][0]
    for attacker, _ in attackers:
        validate_fleets(attacker, defender)
        if chain_of(attacker) != chain_of(first):
            raise ValueError("final_states: the attackers may differ only in their damage")
    key = (chain_of(first), defender, exact)
    sweep = solved.get(key) if solved is not None else None
    if sweep is None:
        _, fallback = check_size(first, defender)
        sweep = _Battle(*_sized(first, defender, fallback), exact, fallback).sweep
        sweep.solve()
        if solved is not None:
            solved[key] = sweep
    roots = [(sweep.root(tuple(_start(g) for g in attacker.groups + defender.groups)), w) for attacker, w in attackers]
    finals = sweep.forward(roots).finals
    return finals if exact else {state: float(p) for state, p in finals.items()}


def chain_of(fleet: Fleet) -> tuple:
    """What a fleet's side of the battle chain depends on: everything but its ships' damage."""
    return tuple((g.kind, g.count, g.stats) for g in fleet.groups), fleet.targeting, fleet.retreat


def _sized(attacker: Fleet, defender: Fleet, fallback: bool) -> tuple[Fleet, Fleet]:
    """The fleets as solved: both on the fallback heuristic when optimal is too large."""
    if not fallback:
        return attacker, defender
    return replace(attacker, targeting=FALLBACK_TARGETING), replace(defender, targeting=FALLBACK_TARGETING)


def _start(g: Group) -> tuple[int, ...]:
    """Damage on the group's ships when the battle starts, largest first."""
    return tuple(sorted(g.damage or (0,) * g.count, reverse=True))


class _Battle:
    """One battle's groups in solver order, the sweep over its states, and the report."""

    def __init__(self, attacker: Fleet, defender: Fleet, exact: bool, fallback: bool):
        self.fleets = (attacker, defender)
        self.fallback = fallback
        self.exact = exact
        self.groups: list[Group] = [*attacker.groups, *defender.groups]
        self.side = [ATTACKER] * len(attacker.groups) + [DEFENDER] * len(defender.groups)
        self.targeting = (
            NPC_TARGETING if attacker.npc else attacker.targeting,
            NPC_TARGETING if defender.npc else defender.targeting,
        )
        n = len(self.groups)
        self.members = (
            tuple(i for i in range(n) if self.side[i] == ATTACKER),
            tuple(i for i in range(n) if self.side[i] == DEFENDER),
        )

        def key(i: int) -> tuple:
            return (-self.groups[i].stats.initiative, -self.side[i], _TYPE_ORDER[self.groups[i].kind])

        self.order = tuple(sorted(range(n), key=key))
        self.missile_order = tuple(i for i in self.order if self.groups[i].stats.missiles)
        self.zero: Num = Fraction(0) if exact else 0.0
        self.one: Num = Fraction(1) if exact else 1.0
        specs = []
        for i, g in enumerate(self.groups):
            plan = self.fleets[self.side[i]].retreat
            specs.append(
                GroupSpec(
                    side=self.side[i],
                    kind=g.kind,
                    count=g.count,
                    hull=g.stats.hull,
                    shield=g.stats.shield,
                    computer=g.stats.computer,
                    cannon_dice=g.stats.cannon_dice,
                    missile_dice=g.stats.missile_dice,
                    retreat_round=plan.round if plan and plan.covers(g.kind) else None,
                )
            )
        self.rounds_detail = estimate_states(attacker, defender) <= MAX_ROUNDS_DETAIL
        self.sweep = Sweep(specs, self.order, self.missile_order, self.targeting, exact, self.rounds_detail)

    def present(self, dmg: tuple, status: tuple, side: int) -> bool:
        return any(dmg[i] and status[i] != 2 for i in self.members[side])

    # ----- report ----------------------------------------------------------------------------
    def report(self, estimate: int, progress: Callable[[float], None] | None) -> BattleResult:
        f = (lambda x: x) if self.exact else float
        self.sweep.progress = progress
        self.sweep.solve()
        out = self.sweep.forward([(self.sweep.root(tuple(_start(g) for g in self.groups)), self.one)])
        win = {"A": self.zero, "D": self.zero, "S": self.zero}
        surv = [[self.zero] * (g.count + 1) for g in self.groups]
        esc_group = [self.zero] * len(self.groups)
        escape = [self.zero, self.zero]
        rep = [self.zero, self.zero]
        for (outcome, dmg, status), m in out.finals.items():
            win[outcome] += m
            for i, ships in enumerate(dmg):
                surv[i][len(ships)] += m
                if status[i] == 2 and ships:
                    esc_group[i] += m
            for side in (ATTACKER, DEFENDER):
                escaped = not self.present(dmg, status, side) and any(
                    dmg[i] and status[i] == 2 for i in self.members[side]
                )
                if escaped:
                    escape[side] += m
                # STALLO: the attacker retreats (assumed possible) or is destroyed; either way it
                # draws no tile for the battle (PENALITÀ DI RITIRATA, assumed: it retreats).
                fled = escaped or (outcome == "S" and side == ATTACKER)
                destroyed: dict[str, int] = {}
                for i in self.members[1 - side]:
                    g = self.groups[i]
                    destroyed[g.kind] = destroyed.get(g.kind, 0) + g.count - len(dmg[i])
                rep[side] += m * tiles_drawn(destroyed, fled)
        groups = []
        lost = [self.zero, self.zero]
        for i, g in enumerate(self.groups):
            exp_lost = g.count - sum((k * p for k, p in enumerate(surv[i])), self.zero)
            if not self.exact:
                exp_lost = max(exp_lost, 0.0)
            lost[self.side[i]] += exp_lost
            groups.append(
                GroupResult(
                    SIDE_NAMES[self.side[i]],
                    g.kind,
                    g.count,
                    g.stats.initiative,
                    tuple(f(p) for p in surv[i]),
                    f(esc_group[i]),
                    f(exp_lost),
                )
            )
        reasons, rules = self.reasons(win["S"], escape)

        def describe(order):
            return tuple(
                (SIDE_NAMES[self.side[i]], self.groups[i].kind, self.groups[i].stats.initiative) for i in order
            )

        return BattleResult(
            attacker_win=f(win["A"]),
            defender_win=f(win["D"] + win["S"]),  # STALLO leaves the hex to the defender
            stalemate=f(win["S"]),
            attacker_escape=f(escape[0]),
            defender_escape=f(escape[1]),
            # Each tile count is at most MAX_DRAW; a float sum may still land a hair above it.
            attacker_reputation=None if self.fleets[0].npc else min(f(rep[0]), MAX_DRAW),
            defender_reputation=None if self.fleets[1].npc else min(f(rep[1]), MAX_DRAW),
            expected_rounds=f(out.expected_rounds),
            rounds=tuple(f(p) for p in out.rounds) if self.rounds_detail else (),
            groups=tuple(groups),
            attacker_expected_lost=f(lost[0]),
            defender_expected_lost=f(lost[1]),
            order=describe(self.order),
            missile_order=describe(self.missile_order),
            targeting=self.targeting,
            fallback=self.fallback,
            states=out.states,
            estimate=estimate,
            rules=rules,
            reasons=reasons,
        )

    def reasons(self, stalemate: Num, escape: list[Num]) -> tuple[tuple[Reason, ...], tuple[str, ...]]:
        reasons = [
            Reason("initiative_order", RULE_GENERAL),
            Reason("hit_rule", RULE_HIT),
            Reason("damage_rule", RULE_DAMAGE),
        ]
        inits: dict[int, set[int]] = {}
        for i in self.order:
            inits.setdefault(self.groups[i].stats.initiative, set()).add(self.side[i])
        if any(len(s) == 2 for s in inits.values()):
            reasons.append(Reason("defender_first_on_ties", RULE_GENERAL))
        if self.missile_order:
            reasons.append(Reason("missiles_fire_once", RULE_MISSILES))
        reasons.append(Reason("engagement_rounds", RULE_ROUND))
        if not self.rounds_detail:
            reasons.append(Reason("rounds_expected_only", RULE_ROUND, {"limit": MAX_ROUNDS_DETAIL}))
        if self.fallback:
            reasons.append(FALLBACK_REASON)
        for side, fleet in enumerate(self.fleets):
            reasons += npc_reasons(fleet, SIDE_NAMES[side])
            if fleet.retreat:
                reasons.append(
                    Reason("retreat_plan", RULE_RETREAT, {"side": SIDE_NAMES[side], "round": fleet.retreat.round})
                )
        if stalemate:
            reasons.append(Reason("stalemate_possible", RULE_STALEMATE))
        if any(escape):
            reasons.append(Reason("retreat_penalty", RULE_RETREAT_PENALTY))
        if not all(f.npc for f in self.fleets):
            reasons.append(Reason("reputation", RULE_REPUTATION))
        rules = [RULE_COMBAT, RULE_SEQUENCE]
        for r in reasons:
            if r.rule not in rules:
                rules.append(r.rule)
        return tuple(reasons), tuple(rules)
