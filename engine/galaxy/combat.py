"""Galaxy: The Dark Ages — combat opportunities, ship and base attacks, Sensors.

Every roll in Galaxy is 2d6 plus a fixed number, and the attacker needs a strictly higher total,
so each single attack has a handful of exact outcomes. A turn's attacks are a short sequence of
such trials (at most ``MAX_OPPORTUNITIES``); we enumerate it exactly, merging equal states, which
stays tiny because each attack has at most three outcomes.

Rule ids (rulebook ``001``, chapters 12-14 and the Imperial governor's power in 15) are kept as
literals here so the project-wide citation test can check them.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from typing import Iterator, Literal, Mapping, Sequence

from engine.core import budget
from engine.core.bounds import require_int
from engine.core.dice import dice_sum, p_greater, shift
from engine.core.reasons import InvalidInput, Reason
from engine.galaxy.worlds import WORLDS

RULE_SHIP_POWERS = "galaxy/12-usare-il-potere-delle-astronavi-azione-c"
RULE_NOVA = "galaxy/nova-0"
RULE_FLEET = "galaxy/fleet-ship-6-10"
RULE_OPPORTUNITIES = "galaxy/opportunita-di-combattere"
RULE_COVER = "galaxy/copertura"
RULE_UNION = "galaxy/unione"
RULE_IMPERIALS = "galaxy/imperiali"
RULE_SHIP_COMBAT = "galaxy/combattimento-astronave-contro-astronave"
RULE_COUNTERATTACK = "galaxy/contrattacco"
RULE_BASE_COMBAT = "galaxy/combattimento-astronave-contro-base"
RULE_CONTROL = "galaxy/controllare-un-astronave"
RULE_PHASER_BANKS = "galaxy/phases-banks"
RULE_SCREENS = "galaxy/screens"
RULE_SENSORS = "galaxy/sensors"
RULE_GOVERNORS = "galaxy/15-potere-dei-governatori-fase-2"
RULE_HIDDEN_SHIPS = "galaxy/kha-farjimmn"

# Game facts (rulebook chapter 2 and 12): ship cards are numbered 0..10; 6..10 are Fleet Ships,
# the only ships that can start an attack; a Nova (0) cannot be attacked by ships.
SHIP_MIN, SHIP_MAX = 0, 10
FLEET_MIN, FLEET_MAX = 6, 10
NOVA = 0
# Phaser Banks (chapter 14) add +2 to the combat roll of ships and bases you control.
PHASER_BONUS = 2
# Most opportunities one fleet can earn: COPERTURA (1) + UNIONE with each of the other seven
# columns (7) + IMPERIALI (1). Longer sequences cannot happen in play, so they are refused.
MAX_OPPORTUNITIES = 1 + (len(WORLDS) - 1) + 1
MAX_TARGETS = MAX_OPPORTUNITIES
# A base never drops more than one row below the active row (chapter 13; "se la riga attuale
# fornisce quattro punti influenza, una Base non può essere ridotta a meno di tre", chapter 12):
# one row for a base in the active row, one more for each row above it: six for a base in the
# Galaxy row in the fifth and last round, whose active row is the fifth (the floor is below it).
MAX_BASE_ROWS = 6

_TWO_D6 = dice_sum(2, 6)


# --- Combat opportunities ---------------------------------------------------------------------


@dataclass(frozen=True)
class Opportunities:
    """How many attacks a freshly played ship earns, and one reason per opportunity."""

    count: int
    reasons: tuple[Reason, ...]
    rules: tuple[str, ...]


def count_opportunities(
    world: str,
    value: int,
    row: Mapping[str, int],
    covers: bool = False,
    governs_imperial: bool = False,
    face_down: bool = False,
) -> Opportunities:
    """Count COPERTURA, UNIONE and IMPERIALI for a ship of ``value`` played in ``world``'s column.

    ``row`` maps each *other* column of the active row to the value of its visible top ship
    (omit empty columns and face-down ships: they are not visible fleets).
    """
    _check_world(world, "world")
    _check_value(value, SHIP_MIN, SHIP_MAX, "value")
    for other, other_value in row.items():
        _check_world(other, f"row.{other}")
        _check_value(other_value, SHIP_MIN, SHIP_MAX, f"row.{other}")
        if other == world:
            raise InvalidInput("played_column_in_row", field=f"row.{other}", rule=RULE_OPPORTUNITIES)
    reasons = _opportunity_reasons(world, value, row, covers, governs_imperial, face_down)
    count = sum(reason.code in ("cover", "union", "imperial") for reason in reasons)
    rules = (RULE_OPPORTUNITIES,) + tuple(r.rule for r in reasons)
    return Opportunities(count, reasons, tuple(dict.fromkeys(rules)))


def _opportunity_reasons(
    world: str, value: int, row: Mapping[str, int], covers: bool, governs_imperial: bool, face_down: bool
) -> tuple[Reason, ...]:
    if face_down:
        # A face-down ship is not visible, so it earns nothing (Kha'Farjimmn governor power).
        return (Reason("face_down", RULE_HIDDEN_SHIPS),)
    if not FLEET_MIN <= value <= FLEET_MAX:
        return (Reason("not_a_fleet", RULE_FLEET, {"value": value}),)
    reasons: list[Reason] = []
    if covers:
        reasons.append(Reason("cover", RULE_COVER))
    for other in sorted(row):
        if row[other] == value:
            reasons.append(Reason("union", RULE_UNION, {"world": other, "value": value}))
    if world == "imperial" and governs_imperial:
        reasons.append(Reason("imperial", RULE_IMPERIALS))
    return tuple(reasons) or (Reason("no_opportunity", RULE_OPPORTUNITIES, {"value": value}),)


# --- One attack ---------------------------------------------------------------------------------


@dataclass(frozen=True)
class Attacker:
    """The fleet just played: its value and the attacking player's technologies."""

    value: int
    phaser_banks: bool = False
    screens: bool = False  # Screens keep this ship safe from the counterattack


@dataclass(frozen=True)
class ShipTarget:
    """A visible ship in the active row.

    Without a governor nobody controls the ship: it must counterattack and cannot use Phaser
    Banks. With a governor, ``counterattacks`` is the governor's choice.
    """

    value: int
    has_governor: bool = True
    counterattacks: bool = True
    phaser_banks: bool = False
    screened: bool = False  # its owner has Screens and does not allow the attack
    kind: Literal["ship"] = "ship"


@dataclass(frozen=True)
class BaseTarget:
    """A visible, undefended base (no ship in its world's active row).

    ``rows_left``: how many rows it may still drop this turn before it is one row below the
    active row, where no attack can move it: 1 in the active row, 2 a row above it.
    """

    phaser_banks: bool = False
    rows_left: int = 1
    kind: Literal["base"] = "base"


Target = ShipTarget | BaseTarget


def roll_total(value: int, roll: int, phaser_banks: bool) -> int:
    """A ship's combat total: its value, the 2d6 roll, and +2 with Phaser Banks."""
    return value + roll + (PHASER_BONUS if phaser_banks else 0)


def base_holds(roll: int, fleet_value: int, phaser_banks: bool) -> bool:
    """A base stays put only if its owner's 2d6 (+2 with Phaser Banks) beats the fleet's value."""
    return roll_total(0, roll, phaser_banks) > fleet_value


def _roll(value: int, phaser_banks: bool) -> dict[int, Fraction]:
    return shift(_TWO_D6, roll_total(value, 0, phaser_banks))  # every total a 2d6 roll can give


@dataclass(frozen=True)
class ShipAttackOdds:
    """One attack on a ship: the three ways it can end (they sum to 1)."""

    attack_succeeds: Fraction
    counterattack_destroys_attacker: Fraction
    nothing_happens: Fraction
    counterattack: Literal["must", "may", "declined"]
    counterattack_succeeds: Fraction  # if it is rolled: P(counter total > attacker total)


@dataclass(frozen=True)
class BaseAttackOdds:
    """One attack on a base: it drops a row, or its owner's roll saves it."""

    attack_succeeds: Fraction
    base_holds: Fraction


def ship_attack(attacker: Attacker, target: ShipTarget) -> ShipAttackOdds:
    """Exact odds of one fleet-against-ship attack, counterattack included (chapter 13: only a
    strictly higher total succeeds, for the attack and the counterattack alike)."""
    attack_roll = _roll(attacker.value, attacker.phaser_banks)
    defense_roll = _roll(target.value, target.phaser_banks)
    succeeds = p_greater(attack_roll, defense_roll)
    counter = p_greater(defense_roll, attack_roll)
    mode: Literal["must", "may", "declined"]
    if not target.has_governor:
        mode = "must"
    elif target.counterattacks:
        mode = "may"
    else:
        mode = "declined"
    destroys = Fraction(0) if mode == "declined" or attacker.screens else (1 - succeeds) * counter
    return ShipAttackOdds(succeeds, destroys, 1 - succeeds - destroys, mode, counter)


def base_attack(attacker: Attacker, target: BaseTarget) -> BaseAttackOdds:
    """Exact odds of one fleet-against-base attack (the attacker rolls nothing here)."""
    holds = sum(
        (p for roll, p in _TWO_D6.items() if base_holds(roll, attacker.value, target.phaser_banks)),
        Fraction(0),
    )
    return BaseAttackOdds(1 - holds, holds)


# --- A turn's sequence of attacks -----------------------------------------------------------------


Plan = Literal["same", "different"]


@dataclass(frozen=True)
class TargetResult:
    """What the whole sequence did to one target.

    Ships: ``destroyed`` is P(the ship is destroyed). Bases: ``rows_lost[k]`` is P(the base
    ends ``k`` rows lower); a base drops at most one row per attack and never more than its
    ``rows_left``.
    """

    kind: Literal["ship", "base"]
    destroyed: Fraction | None
    rows_lost: tuple[Fraction, ...] | None


@dataclass(frozen=True)
class SequenceOdds:
    opportunities: int
    plan: Plan
    first_attack: ShipAttackOdds | BaseAttackOdds
    targets: tuple[TargetResult, ...]
    attacker_destroyed: Fraction
    nothing_happens: Fraction  # no ship destroyed, no base moved, attacker alive
    ships_destroyed: tuple[Fraction, ...]  # P(k target ships destroyed), k = 0..number of ships
    reasons: tuple[Reason, ...]
    rules: tuple[str, ...]


# A state of the sequence: attacker alive?, ships destroyed so far, rows lost per target. Under
# both plans the destroyed ships are known from their count (``same`` destroys a prefix of the
# list, ``different`` attacks each target once), so the set itself never has to be carried.
_State = tuple[bool, int, tuple[int, ...]]


def attack_sequence(
    attacker: Attacker, targets: Sequence[Target], opportunities: int, plan: Plan = "same"
) -> SequenceOdds:
    """Exact outcome of spending ``opportunities`` attacks of one fleet.

    ``plan="same"``: every attack goes to the first target still standing, in list order (a
    destroyed ship's place passes to the next target; what lies under it is unknown, so it is not
    attacked; a base one row below the active row can drop no further, so the next target's turn
    comes too). ``plan="different"``: attack ``i`` goes to ``targets[i]``, one each. The sequence
    stops if a counterattack destroys the attacking fleet.
    """
    _check_attacker(attacker)
    require_int(opportunities, 1, MAX_OPPORTUNITIES, "opportunities", "opportunities_out_of_range", RULE_OPPORTUNITIES)
    if not targets:
        raise InvalidInput("no_targets", field="targets", rule=RULE_OPPORTUNITIES)
    if len(targets) > MAX_TARGETS:
        raise InvalidInput("too_many_targets", field="targets", max=MAX_TARGETS, value=len(targets))
    if plan not in ("same", "different"):
        raise InvalidInput("unknown_plan", field="plan", value=plan)
    if plan == "different" and len(targets) != opportunities:
        raise InvalidInput(
            "targets_must_match_opportunities",
            field="targets",
            rule=RULE_OPPORTUNITIES,
            targets=len(targets),
            opportunities=opportunities,
        )
    for index, target in enumerate(targets):
        if isinstance(target, ShipTarget):
            _check_ship_target(target, f"targets[{index}]")
        else:
            field = f"targets[{index}].rows_left"
            require_int(target.rows_left, 1, MAX_BASE_ROWS, field, "base_rows_out_of_range", RULE_BASE_COMBAT)
    # Rows each base may still drop (0 for ships): a base there is done, like a destroyed ship.
    floors = [t.rows_left if isinstance(t, BaseTarget) else 0 for t in targets]
    odds = [ship_attack(attacker, t) if isinstance(t, ShipTarget) else base_attack(attacker, t) for t in targets]

    states: dict[_State, Fraction] = {(True, 0, (0,) * len(targets)): Fraction(1)}
    dead = [Fraction(0)] * len(targets)  # P(target i is destroyed), accumulated as it happens
    for step in range(opportunities):
        budget.check()
        nxt: dict[_State, Fraction] = {}
        for state, p in states.items():
            alive, count, rows = state
            # Under "same" the targets done (ships destroyed, bases at their floor) are a prefix.
            done = count + sum(1 for i, lost in enumerate(rows) if floors[i] and lost == floors[i])
            index = step if plan == "different" else done
            if not alive or index >= len(targets):  # the fleet is gone, or nothing is left standing
                nxt[state] = nxt.get(state, Fraction(0)) + p
                continue
            for outcome, q in _outcomes(index, odds[index], state):
                if q:
                    nxt[outcome] = nxt.get(outcome, Fraction(0)) + p * q
                    if outcome[1] > count:
                        dead[index] += p * q
        states = nxt

    results = []
    for index, target in enumerate(targets):
        if isinstance(target, ShipTarget):
            results.append(TargetResult("ship", dead[index], None))
        else:
            dist = [Fraction(0)] * (min(opportunities, target.rows_left) + 1)
            for (_, _, rows), p in states.items():
                dist[rows[index]] += p
            results.append(TargetResult("base", None, tuple(dist)))
    ships_destroyed = [Fraction(0)] * (sum(isinstance(t, ShipTarget) for t in targets) + 1)
    for (_, count, _), p in states.items():
        ships_destroyed[count] += p
    attacker_destroyed = sum((p for (alive, _, _), p in states.items() if not alive), Fraction(0))
    nothing = sum(
        (p for (alive, count, rows), p in states.items() if alive and not count and not any(rows)),
        Fraction(0),
    )
    reasons, rules = _sequence_reasons(attacker, targets, opportunities, plan)
    return SequenceOdds(
        opportunities,
        plan,
        odds[0],
        tuple(results),
        attacker_destroyed,
        nothing,
        tuple(ships_destroyed),
        reasons,
        rules,
    )


def _outcomes(index: int, odds: ShipAttackOdds | BaseAttackOdds, state: _State) -> Iterator[tuple[_State, Fraction]]:
    """The states one attack on target ``index`` can lead to, with their probabilities."""
    alive, count, rows = state
    if isinstance(odds, BaseAttackOdds):
        lower = rows[:index] + (rows[index] + 1,) + rows[index + 1 :]
        yield (alive, count, lower), odds.attack_succeeds
        yield state, odds.base_holds
        return
    yield (alive, count + 1, rows), odds.attack_succeeds
    yield (False, count, rows), odds.counterattack_destroys_attacker
    yield state, odds.nothing_happens


def _sequence_reasons(
    attacker: Attacker, targets: Sequence[Target], opportunities: int, plan: Plan
) -> tuple[tuple[Reason, ...], tuple[str, ...]]:
    reasons: list[Reason] = []
    rules = [RULE_OPPORTUNITIES]
    if any(isinstance(t, ShipTarget) for t in targets):
        rules += [RULE_SHIP_COMBAT, RULE_COUNTERATTACK]
    if any(isinstance(t, BaseTarget) for t in targets):
        rules.append(RULE_BASE_COMBAT)
    if plan == "same" and any(isinstance(t, BaseTarget) and t.rows_left < opportunities for t in targets):
        reasons.append(Reason("base_floor", RULE_BASE_COMBAT))  # its floor can pass the attacks on
    if attacker.phaser_banks:
        reasons.append(Reason("attacker_phaser_banks", RULE_PHASER_BANKS, {"bonus": PHASER_BONUS}))
        if any(isinstance(t, BaseTarget) for t in targets):
            reasons.append(Reason("phaser_banks_no_roll_against_base", RULE_BASE_COMBAT))
    if attacker.screens:
        reasons.append(Reason("attacker_screens", RULE_SCREENS))
    for index, target in enumerate(targets):
        if isinstance(target, ShipTarget):
            if not target.has_governor:
                reasons.append(Reason("counterattack_forced", RULE_COUNTERATTACK, {"target": index}))
            elif not target.counterattacks:
                reasons.append(Reason("counterattack_declined", RULE_COUNTERATTACK, {"target": index}))
        if target.phaser_banks:
            reasons.append(Reason("defender_phaser_banks", RULE_PHASER_BANKS, {"target": index, "bonus": PHASER_BONUS}))
    rules += [reason.rule for reason in reasons]
    return tuple(reasons), tuple(dict.fromkeys(rules))


# --- Sensors ------------------------------------------------------------------------------------


def sensors_reveal(value: int) -> Fraction:
    """P(2d6 <= the played ship's value): the Sensors roll that reveals secret bases."""
    _check_value(value, SHIP_MIN, SHIP_MAX, "value")
    return sum((p for roll, p in _TWO_D6.items() if roll <= value), Fraction(0))


# --- Validation ---------------------------------------------------------------------------------


def _check_value(value: int, low: int, high: int, field: str, code: str = "ship_value_out_of_range") -> None:
    require_int(value, low, high, field, code, rule=RULE_FLEET if code == "attacker_not_a_fleet" else RULE_SHIP_POWERS)


def _check_world(world: str, field: str) -> None:
    if world not in WORLDS:
        raise InvalidInput("unknown_world", field=field, rule=RULE_GOVERNORS, value=world)


def _check_attacker(attacker: Attacker) -> None:
    # Only Fleet Ships (6-10) can start an attack (chapter 12, FLEET SHIP).
    _check_value(attacker.value, FLEET_MIN, FLEET_MAX, "attacker", code="attacker_not_a_fleet")


def _check_ship_target(target: ShipTarget, field: str) -> None:
    _check_value(target.value, SHIP_MIN, SHIP_MAX, f"{field}.value")
    if target.value == NOVA:
        raise InvalidInput("nova_cannot_be_attacked", field=f"{field}.value", rule=RULE_NOVA)
    if target.screened:
        raise InvalidInput("target_screened", field=f"{field}.screened", rule=RULE_SCREENS)
    if target.phaser_banks and not target.has_governor:
        # Phaser Banks help only ships you control; a world without governor has no controller.
        raise InvalidInput("phaser_banks_need_governor", field=f"{field}.phaser_banks", rule=RULE_CONTROL)
