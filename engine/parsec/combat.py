"""Parsec – Age of Colonies: opposed d8 attacks, counterattacks, evasion, coordinated fire.

Each roll is d8 plus a bonus and the roller needs a strictly higher total, so every single
attack has an exact probability. An exchange alternates attacker and defender until a unit is
destroyed or someone leaves; with the players' choices fixed in advance it is a Markov chain
whose states are (attacking ships still alive, whose turn). A state can only loop back to itself
(both rolls failed), so each state has a closed form and the whole chain is solved exactly,
from the smallest surviving group upwards — no truncation, no simulation. An attacker who
withdraws moves its ships away one at a time, and the defender counterattacks the ones still
engaged before each can follow; every step there removes a ship, so that part has no loop.

Rule ids (rulebook ``003``) are kept as literals here so the project-wide citation test can
check them.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from fractions import Fraction
from typing import Literal, Mapping, Sequence, TypeVar, get_args

from engine.core.dice import die, p_greater, shift
from engine.core import budget
from engine.core.bounds import require_int
from engine.core.reasons import InvalidInput, Reason

RULE_UNITS = "parsec/caratteristiche-e-costi-delle-unita"
RULE_COLONY = "parsec/colonia"
RULE_CARGO = "parsec/cargo"
RULE_COMBAT = "parsec/combattimento"
RULE_ATTACK_DEFENSE = "parsec/attacco-difesa"
RULE_COUNTERATTACK = "parsec/contrattacco"
RULE_EVASION = "parsec/manovra-evasiva"
RULE_LONG_RANGE = "parsec/attacco-a-lungo-raggio"
RULE_COORDINATED = "parsec/attacco-coordinato"
RULE_GROUP_EVASION = "parsec/manovre-evasive-di-piu-vascelli-in-uno-scontro"


@dataclass(frozen=True)
class Unit:
    """A unit card: bonuses, range in parsec (hexes), and what the unit may do in a fight."""

    attack: int
    defense: int
    range: int
    can_attack: bool  # may open an attack (every unit may counterattack)
    can_evade: bool  # may leave the fight with an evasive manoeuvre


# Game facts from the unit descriptions ("Caratteristiche e costi delle Unità", rulebook 003):
# cargo +0/+1 range 1, attacks only by counterattack; fighter +1/+0 range 1; armored transport
# +1/+1 range 1; cruiser +2/+2 range 2; colony +0/+2 range 1, defensive fire only, never moves.
UNITS: Mapping[str, Unit] = {
    "cargo": Unit(attack=0, defense=1, range=1, can_attack=False, can_evade=True),
    "fighter": Unit(attack=1, defense=0, range=1, can_attack=True, can_evade=True),
    "armored_transport": Unit(attack=1, defense=1, range=1, can_attack=True, can_evade=True),
    "cruiser": Unit(attack=2, defense=2, range=2, can_attack=True, can_evade=True),
    "colony": Unit(attack=0, defense=2, range=1, can_attack=False, can_evade=False),
}

# Limits, checked before any work. The six hexes around a target hold at most two small vessels
# each (12 fighters) and a cruiser's range reaches the twelve hexes of the next ring: 24 attackers
# (RULE_COORDINATED; range cards could stretch further, but no table has that many ships). The
# defender's target is fixed by the group, so the chain visits at most a few hundred groups of
# survivors (at most 28), not 2**24: 24 attackers take under 10 ms.
MAX_ATTACKERS = 24
MAX_DISTANCE = 10
MAX_LINKED_COLONIES = 7  # a planet has seven hexes
MODIFIER_LIMIT = 10  # event-card or faction modifier, either sign
MAX_RANGE_BONUS = 3  # event cards that lengthen range

_D8 = die(8)

Outcome = Literal[
    "target_destroyed",
    "attackers_destroyed",
    "defender_evaded",
    "attacker_withdrew",
    "combat_ended",
    "stalemate",
]
OUTCOMES: tuple[Outcome, ...] = get_args(Outcome)  # one list: the type and the runtime order agree
DefenderChoice = Literal["counterattack", "evade"]
AttackerChoice = Literal["continue", "withdraw"]
# "none": a colony with no attacker in its range ends the fight, a ship that can neither fire
# back nor move away waits for the next attack.
DefenderResponse = Literal["counterattack", "evade", "none"]


@dataclass(frozen=True)
class AttackingShip:
    unit: str
    distance: int = 1  # hexes between this ship and the target


@dataclass(frozen=True)
class Defender:
    unit: str
    linked_colonies: int = 1  # colonies of one faction on adjacent hexes of the planet, this one included
    surrounded: bool = False  # all six neighbouring hexes held by the attacker: no evasion


@dataclass(frozen=True)
class Modifiers:
    """Event-card and faction effects: numbers per side and per roll, and one permission."""

    attack: int = 0  # the attacking side's attack rolls
    defense: int = 0  # the defender's defense rolls
    counter_attack: int = 0  # the defender's counterattack rolls
    counter_defense: int = 0  # the attacking ships' defense against counterattacks
    attacker_range: int = 0
    defender_range: int = 0
    # «I cargo non possono attaccare in nessun caso, se non quando una carta Evento lo permette»
    # (RULE_COORDINATED): such a card is in play.
    cargo_attacks: bool = False


@dataclass(frozen=True)
class ParsecOdds:
    attack_bonus: int  # the first attack's total bonus (coordinated ships plus modifier)
    defense_bonus: int
    attack_succeeds: Fraction  # P(the target is destroyed by the first attack)
    defender_response: DefenderResponse  # what the defender does after holding the first attack
    counterattack_target: int | None  # index in ``attackers`` the first counterattack aims at
    counterattack_succeeds: Fraction | None  # P(that counterattack destroys it), if rolled
    outcomes: Mapping[Outcome, Fraction]  # how the whole exchange ends; sums to 1
    ships_lost: tuple[Fraction, ...]  # P(k attacking ships destroyed), k = 0..ships taking part
    taking_part: tuple[int, ...]  # indices of the attackers within range
    reasons: tuple[Reason, ...]
    rules: tuple[str, ...]


def defense_bonus(defender: Defender) -> int:
    """The defender's bonus: linked colonies add their defense (three linked colonies: +6)."""
    unit = UNITS[defender.unit]
    return unit.defense * defender.linked_colonies


def p_roll_wins(attack_bonus: int, defense_bonus: int) -> Fraction:
    """P(d8 + attack bonus > d8 + defense bonus): the roller must be strictly higher."""
    return p_greater(shift(_D8, attack_bonus), shift(_D8, defense_bonus))


_Dist = dict[tuple[Outcome, int], Fraction]  # (how it ends, attacking ships lost) -> probability
_Key = TypeVar("_Key")


def _mix(*parts: tuple[Fraction, dict[_Key, Fraction]]) -> dict[_Key, Fraction]:
    """Weighted sum of sub-distributions."""
    out: dict[_Key, Fraction] = {}
    for weight, dist in parts:
        if weight:
            for key, p in dist.items():
                out[key] = out.get(key, Fraction(0)) + weight * p
    return out


@dataclass(frozen=True)
class _Exchange:
    """The attack-and-counterattack chain between the ships in range and one defender.

    A group of surviving attackers is a bitmask over ``ships``. ``attack_turn`` gives how the
    exchange ends from the moment that group is about to roll.
    """

    ships: tuple[AttackingShip, ...]
    defender: Defender
    modifiers: Modifiers
    defender_choice: DefenderChoice
    attacker_choice: AttackerChoice
    _memo: dict[tuple[int, bool], _Dist] = field(default_factory=dict, compare=False, repr=False)
    _withdrawals: dict[int, dict[int, Fraction]] = field(default_factory=dict, compare=False, repr=False)

    @property
    def everyone(self) -> int:
        return (1 << len(self.ships)) - 1

    @property
    def defense(self) -> int:
        return defense_bonus(self.defender) + self.modifiers.defense

    @property
    def defender_reach(self) -> int:
        return UNITS[self.defender.unit].range + self.modifiers.defender_range

    @property
    def can_evade(self) -> bool:
        return UNITS[self.defender.unit].can_evade and not self.defender.surrounded

    def _alive(self, group: int) -> list[int]:
        return [k for k in range(len(self.ships)) if group >> k & 1]

    def attack_bonus(self, group: int) -> int:
        """A coordinated attack adds the attack bonus of every ship of the group."""
        return sum(UNITS[self.ships[k].unit].attack for k in self._alive(group)) + self.modifiers.attack

    def counter_target(self, group: int) -> int | None:
        """The defender aims at the ship it is likeliest to destroy: the lowest defense within its
        range, then the strongest attacker, then the first listed."""
        options = [k for k in self._alive(group) if self.ships[k].distance <= self.defender_reach]
        unit = lambda k: UNITS[self.ships[k].unit]  # noqa: E731
        return min(options, key=lambda k: (unit(k).defense, -unit(k).attack, k), default=None)

    def counter_odds(self, k: int) -> Fraction:
        attack = UNITS[self.defender.unit].attack + self.modifiers.counter_attack
        return p_roll_wins(attack, UNITS[self.ships[k].unit].defense + self.modifiers.counter_defense)

    def response(self, group: int) -> tuple[str, int | None]:
        """What the defender does after holding: counter (with its target), evade, end or pass."""
        target = self.counter_target(group)
        if self.defender_choice == "evade" and self.can_evade:
            return "evade", None
        if target is not None:
            return "counter", target
        if self.can_evade:
            return "evade", None
        # A colony that cannot fire back ends the fight; a ship that can neither fire back nor
        # move away waits for the next attack (long-range rule).
        return ("end", None) if self.defender.unit == "colony" else ("pass", None)

    def _end(self, outcome: Outcome, group: int) -> _Dist:
        return {(outcome, len(self.ships) - len(self._alive(group))): Fraction(1)}

    def attack_turn(self, group: int, opening: bool) -> _Dist:
        key = (group, opening)
        if key not in self._memo:
            self._memo[key] = self._attack_turn(group, opening)
        return self._memo[key]

    def withdrawal(self, group: int) -> dict[int, Fraction]:
        """P(k more ships lost) while the ships of ``group`` evade one at a time.

        "Il giocatore dovrà scegliere quale vascello muovere con la manovra evasiva, e l'altro che
        rimane dovrà necessariamente subire un attacco da parte dell'avversario, se la gittata di
        tiro delle sue unità glielo consente" (RULE_GROUP_EVASION); "una manovra evasiva per ogni
        vascello coinvolto nel combattimento, subendo di conseguenza una serie di contrattacchi"
        (RULE_COORDINATED).
        The attacker moves one ship away, then the defender counterattacks the ships still
        engaged (its usual target, if one is within its range), then the attacker moves the next,
        and so on; the attacker does not fire while withdrawing. The attacker moves first the ship
        the defender would aim at next (the lowest defense within its range, then the strongest
        attacker): the defender always fires at its likeliest kill, so taking that ship away
        leaves it only worse shots (no other order makes any number of losses less likely).
        """
        if group not in self._withdrawals:
            self._withdrawals[group] = self._withdrawal(group)
        return self._withdrawals[group]

    def _withdrawal(self, group: int) -> dict[int, Fraction]:
        budget.check()
        first = self.counter_target(group)
        if first is None or group == 1 << first:  # nobody within reach, or the last ship: they leave
            return {0: Fraction(1)}
        staying = group & ~(1 << first)
        action, target = self.response(staying)
        if action != "counter":  # the defender cannot reach the ships still engaged
            return {0: Fraction(1)}
        assert target is not None  # response() names a target exactly when it counters
        q = self.counter_odds(target)
        left = staying & ~(1 << target)
        after_hit = {k + 1: p for k, p in self.withdrawal(left).items()}  # an empty group: {0: 1}
        return _mix((q, after_hit), (1 - q, self.withdrawal(staying)))

    def _attack_turn(self, group: int, opening: bool) -> _Dist:
        budget.check()
        if not opening and self.attacker_choice == "withdraw":
            lost = len(self.ships) - len(self._alive(group))
            return {("attacker_withdrew", lost + k): p for k, p in self.withdrawal(group).items()}
        p = p_roll_wins(self.attack_bonus(group), self.defense)
        hit = self._end("target_destroyed", group)
        action, target = self.response(group)
        # After a failed attack the defender's turn is: ``loop`` x (the same group rolls again) + ``rest``.
        if action == "evade":
            loop, rest = Fraction(0), self._end("defender_evaded", group)
        elif action == "end":
            loop, rest = Fraction(0), self._end("combat_ended", group)
        elif action == "pass":
            loop, rest = Fraction(1), {}
        else:
            assert target is not None  # response() names a target exactly when it counters
            q = self.counter_odds(target)
            survivors = group & ~(1 << target)
            after_hit = self.attack_turn(survivors, False) if survivors else self._end("attackers_destroyed", 0)
            loop, rest = 1 - q, _mix((q, after_hit))
        if self.attacker_choice == "withdraw" or loop == 0:
            again = self.attack_turn(group, False) if loop else {}
            return _mix((p, hit), (1 - p, _mix((loop, again), (Fraction(1), rest))))
        # The group rolls again after each failed exchange: sum the geometric series in closed form.
        denominator = 1 - (1 - p) * loop
        if denominator == 0:
            return self._end("stalemate", group)  # neither side can ever roll higher
        return _mix((p / denominator, hit), ((1 - p) / denominator, rest))


def combat_odds(
    attackers: Sequence[AttackingShip],
    defender: Defender,
    modifiers: Modifiers = Modifiers(),
    defender_choice: DefenderChoice = "counterattack",
    attacker_choice: AttackerChoice = "continue",
) -> ParsecOdds:
    """Odds of one declared attack on one target, and of the exchange that follows.

    ``defender_choice``: "counterattack" = counterattack whenever some attacking ship is in
    range, else evade if allowed; "evade" = evade whenever allowed, else counterattack.
    ``attacker_choice``: "continue" = the surviving ships attack again after each counter;
    "withdraw" = after the defender's first response the attacker leaves: its ships evade one at
    a time, and before each of the others can follow the defender counterattacks the ones still
    engaged if it can reach them (see ``_Exchange.withdrawal``); at least one ship gets away, so
    a withdrawal always ends as "attacker_withdrew", with the ships lost on the way counted.
    Evasion is assumed to take the unit out of range (the rulebook lets a short escape be
    chased; that depends on the map, which we do not model).
    """
    _validate(attackers, defender, modifiers, defender_choice, attacker_choice)
    reasons: list[Reason] = []
    rules = [RULE_COMBAT, RULE_ATTACK_DEFENSE, RULE_UNITS]
    reach = [UNITS[s.unit].range + modifiers.attacker_range for s in attackers]
    taking_part = tuple(i for i, s in enumerate(attackers) if s.distance <= reach[i])
    for i, ship in enumerate(attackers):
        if i not in taking_part:
            reasons.append(
                Reason("out_of_range", RULE_LONG_RANGE, {"attacker": i, "range": reach[i], "distance": ship.distance})
            )
    if not taking_part:
        raise InvalidInput("no_attacker_in_range", field="attackers", rule=RULE_LONG_RANGE)
    if any(attackers[i].distance >= 2 for i in taking_part):
        rules.append(RULE_LONG_RANGE)
    if len(taking_part) > 1:
        reasons.append(Reason("coordinated", RULE_COORDINATED, {"ships": len(taking_part)}))
    if any(attackers[i].unit == "cargo" for i in taking_part):
        reasons.append(Reason("cargo_attacks_by_event", RULE_COORDINATED))
    if defender.linked_colonies > 1:
        reasons.append(
            Reason(
                "linked_colonies", RULE_COLONY, {"colonies": defender.linked_colonies, "bonus": defense_bonus(defender)}
            )
        )
    if any((modifiers.attack, modifiers.defense, modifiers.counter_attack, modifiers.counter_defense)):
        reasons.append(Reason("modifiers", RULE_ATTACK_DEFENSE))

    exchange = _Exchange(
        tuple(attackers[i] for i in taking_part), defender, modifiers, defender_choice, attacker_choice
    )
    dist = exchange.attack_turn(exchange.everyone, True)
    outcomes = {o: sum((p for (k, _), p in dist.items() if k == o), Fraction(0)) for o in OUTCOMES}
    ships_lost = tuple(
        sum((p for (_, n), p in dist.items() if n == lost), Fraction(0)) for lost in range(len(taking_part) + 1)
    )
    first_action, first_target = exchange.response(exchange.everyone)
    countering = first_action == "counter"
    reasons.extend(
        _response_reasons(defender, first_action, attackers, taking_part, exchange.defender_reach, exchange.can_evade)
    )
    if outcomes["stalemate"]:
        reasons.append(Reason("stalemate", RULE_ATTACK_DEFENSE))
    if countering:
        rules.append(RULE_COUNTERATTACK)
    if outcomes["defender_evaded"] or outcomes["attacker_withdrew"]:
        rules.append(RULE_EVASION)
    if outcomes["attacker_withdrew"] and len(taking_part) > 1:
        rules.append(RULE_GROUP_EVASION)  # they leave one at a time (_Exchange.withdrawal)
    rules.extend(reason.rule for reason in reasons)
    attack = exchange.attack_bonus(exchange.everyone)
    return ParsecOdds(
        attack_bonus=attack,
        defense_bonus=exchange.defense,
        attack_succeeds=p_roll_wins(attack, exchange.defense),
        defender_response="counterattack" if countering else "evade" if first_action == "evade" else "none",
        counterattack_target=taking_part[first_target] if first_target is not None else None,
        counterattack_succeeds=exchange.counter_odds(first_target) if first_target is not None else None,
        outcomes=outcomes,
        ships_lost=ships_lost,
        taking_part=taking_part,
        reasons=tuple(reasons),
        rules=tuple(dict.fromkeys(rules)),
    )


def _response_reasons(
    defender: Defender,
    action: str,
    attackers: Sequence[AttackingShip],
    taking_part: tuple[int, ...],
    defender_reach: int,
    can_evade: bool,
) -> list[Reason]:
    reasons = []
    beyond = [i for i in taking_part if attackers[i].distance > defender_reach]
    if beyond and defender.unit == "colony" and action == "end":
        reasons.append(Reason("colony_no_long_range_counter", RULE_LONG_RANGE))
    elif beyond and len(beyond) == len(taking_part):
        reasons.append(Reason("counter_out_of_range_all", RULE_LONG_RANGE, {"range": defender_reach}))
    elif beyond:
        reasons.append(Reason("counter_out_of_range", RULE_LONG_RANGE, {"range": defender_reach}))
    if defender.unit == "colony":
        reasons.append(Reason("colony_cannot_evade", RULE_COLONY))
    elif not can_evade:
        reasons.append(Reason("surrounded_cannot_evade", RULE_EVASION))
    return reasons


def _validate(
    attackers: Sequence[AttackingShip],
    defender: Defender,
    modifiers: Modifiers,
    defender_choice: str,
    attacker_choice: str,
) -> None:
    if not attackers:
        raise InvalidInput("no_attackers", field="attackers", rule=RULE_COMBAT)
    if len(attackers) > MAX_ATTACKERS:
        raise InvalidInput("too_many_attackers", field="attackers", max=MAX_ATTACKERS, value=len(attackers))
    for i, ship in enumerate(attackers):
        if ship.unit not in UNITS:
            raise InvalidInput("unknown_unit", field=f"attackers[{i}].unit", rule=RULE_UNITS, value=ship.unit)
        if not UNITS[ship.unit].can_attack and not (ship.unit == "cargo" and modifiers.cargo_attacks):
            raise InvalidInput(
                "unit_cannot_attack",
                field=f"attackers[{i}].unit",
                rule=RULE_COLONY if ship.unit == "colony" else RULE_CARGO,
                unit=ship.unit,
            )
        require_int(ship.distance, 1, MAX_DISTANCE, f"attackers[{i}].distance", "distance_out_of_range")
    if defender.unit not in UNITS:
        raise InvalidInput("unknown_unit", field="defender.unit", rule=RULE_UNITS, value=defender.unit)
    require_int(
        defender.linked_colonies, 1, MAX_LINKED_COLONIES, "defender.linked_colonies", "linked_colonies_out_of_range"
    )
    if defender.linked_colonies > 1 and defender.unit != "colony":
        raise InvalidInput("linked_colonies_only_for_colonies", field="defender.linked_colonies", rule=RULE_COLONY)
    for name in ("attack", "defense", "counter_attack", "counter_defense"):
        require_int(
            getattr(modifiers, name), -MODIFIER_LIMIT, MODIFIER_LIMIT, f"{name}_modifier", "modifier_out_of_range"
        )
    for name in ("attacker_range", "defender_range"):
        require_int(getattr(modifiers, name), 0, MAX_RANGE_BONUS, f"{name}_bonus", "range_bonus_out_of_range")
    if defender_choice not in ("counterattack", "evade"):
        raise InvalidInput("unknown_choice", field="defender_choice", value=defender_choice)
    if attacker_choice not in ("continue", "withdraw"):
        raise InvalidInput("unknown_choice", field="attacker_choice", value=attacker_choice)
