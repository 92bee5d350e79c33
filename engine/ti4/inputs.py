"""A TI4 battle as the engine takes it, and the checks run before any work starts.

Every size that drives work has a maximum here: units per kind (the plastic pieces of rule 87.2,
or a calculator cap for fighters and infantry, which rule 44.4 leaves unlimited), units in
combat per side (the state space grows with it), rounds named by plans and modifiers, and the
number and size of modifiers. Anything beyond is refused with ``InvalidInput``.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import cached_property
from typing import Mapping

from engine.core.bounds import require_int
from engine.core.reasons import InvalidInput
from engine.ti4.assignment import HitPolicy
from engine.ti4.cards import CARD_COPIES, CARD_KINDS, ActionCards
from engine.ti4.plans import RoundModifier
from engine.ti4.units import (
    COMPONENT_LIMIT,
    DEFAULT_ORDER,
    FLAGSHIP_LIMITS,
    MUNITIONS_FACTIONS,
    SHIPS,
    FACTION_TECHNOLOGIES,
    TECHNOLOGIES,
    TECHNOLOGY_COPIER,
    VALEFAR_ASSIMILATORS,
    UNIT_KEYS,
    UPGRADABLE,
    FLAGSHIP_EFFECTS,
    Flagship,
    Loadout,
)

KINDS = ("space", "ground")
MAX_FIGHTERS = 20
MAX_INFANTRY = 20
MAX_COMBATANTS = 24  # units that roll in the combat, per side
MAX_ROUND = 10  # latest round a plan or a modifier may name
MAX_MODIFIERS = 6  # per side
MAX_MODIFIER = 3  # absolute value of one modifier
HAND_LIMIT = 7  # action cards a player may hold (18.4)
# Trade goods the Hacan flagship may spend: they are kept in the other side's state, so each one
# adds a copy of that side's states (a calculator limit; tokens are not limited by the rules).
MAX_TRADE_GOODS = 6

# Which units may be entered, by combat kind and side.
ALLOWED = {
    ("space", "attacker"): SHIPS + ("pds", "space_dock"),
    ("space", "defender"): SHIPS + ("pds", "space_dock"),
    # The attacker's ships only bombard (43.1) or, like the Letnev flagship, take the planetary
    # shield away; the defender's structures shield and fire (43.3).
    ("ground", "attacker"): ("infantry", "dreadnought", "war_sun", "flagship"),
    ("ground", "defender"): ("infantry", "pds", "space_dock"),
}
COMBATANTS = {"space": SHIPS, "ground": ("infantry",)}
# Structures on the one planet a ground combat is fought for: at most 2 PDS (71.3) and one space
# dock (50.3). In a space combat they stand on the system's planets, so the box's counts hold.
ON_ONE_PLANET = {"pds": (2, "ti4/71.3"), "space_dock": (1, "ti4/50.3")}


def unit_limit(key: str) -> int:
    return COMPONENT_LIMIT.get(key, MAX_FIGHTERS if key == "fighter" else MAX_INFANTRY)


@dataclass(frozen=True)
class Force:
    """One side: unit counts, unit upgrades (``"cruiser"`` means Cruiser II), hit policy,
    an optional planned retreat round, roll modifiers, the flagship's printed attributes, the
    combat technologies researched (``TECHNOLOGIES``), units already damaged when the combat
    starts and the action cards the side will play (``engine/ti4/cards.py``). ``ground_forces``:
    infantry in the system that the Nekro flagship calls into a space combat (at most
    ``MAX_INFANTRY``, the calculator's cap on infantry). ``trade_goods``: what the Hacan
    flagship may spend in a space combat (at most ``MAX_TRADE_GOODS``)."""

    units: Mapping[str, int]
    upgrades: tuple[str, ...] = ()
    policy: HitPolicy = field(default_factory=HitPolicy)
    retreat_round: int | None = None
    modifiers: tuple[RoundModifier, ...] = ()
    flagship: Flagship = Flagship()
    technologies: tuple[str, ...] = ()
    damaged: Mapping[str, int] = field(default_factory=dict)
    cards: ActionCards = ActionCards()
    ground_forces: int = 0
    trade_goods: int = 0
    faction: str | None = (
        None  # its units (FACTION_UNITS), combat abilities (FACTION_COMBAT_ABILITIES); the flagship is given apart
    )

    def has(self, technology: str) -> bool:
        return technology in self.technologies

    def count(self, key: str) -> int:
        return self.units.get(key, 0)

    @cached_property
    def loadout(self) -> Loadout:
        """Built once: capacity and movement checks ask for it at every end state of a battle."""
        return Loadout(frozenset(self.upgrades), self.flagship, self.faction)


@dataclass(frozen=True)
class Battle:
    """A whole question. ``bombardment`` is None unless the request says (ground only)."""

    kind: str
    attacker: Force
    defender: Force
    nebula: bool = False
    space_cannon: bool = True
    bombardment: bool | None = None
    stop_after: int | None = None


def _check_round(value: int | None, where: str) -> None:
    if value is not None:
        require_int(value, 1, MAX_ROUND, where, code="round_out_of_range")


def _check_units(kind: str, side: str, force: Force) -> None:
    allowed = ALLOWED[(kind, side)]
    for key, n in force.units.items():
        where = f"{side}.units.{key}"
        if key not in UNIT_KEYS:
            raise InvalidInput("unknown_unit", field=where, unit=key)
        if n < 0:
            raise InvalidInput("negative_count", field=where, unit=key)
        if n > unit_limit(key):
            raise InvalidInput("too_many_units", field=where, rule="ti4/87.2", unit=key, max=unit_limit(key))
        if kind == "ground" and side == "defender" and key in ON_ONE_PLANET and n > ON_ONE_PLANET[key][0]:
            most, rule = ON_ONE_PLANET[key]
            raise InvalidInput("too_many_on_one_planet", field=where, rule=rule, unit=key, max=most)
        if n and (key not in allowed or (kind == "ground" and key == "flagship" and not force.flagship.invades)):
            if kind == "ground" and key == "fighter":
                raise InvalidInput("fighters_in_ground_combat", field=where, rule="ti4/24.1")
            code = "unit_not_in_ground_combat" if kind == "ground" else "unit_not_in_space_combat"
            raise InvalidInput(code, field=where, rule="ti4/24.1" if kind == "ground" else "ti4/23.5", unit=key)
    fighting = sum(force.count(k) for k in COMBATANTS[kind]) + (force.ground_forces if kind == "space" else 0)
    if fighting == 0:
        raise InvalidInput("empty_side", field=f"{side}.units", rule="ti4/23" if kind == "space" else "ti4/24")
    if fighting > MAX_COMBATANTS:
        raise InvalidInput("too_many_combatants", field=f"{side}.units", max=MAX_COMBATANTS)


def _check_policy(side: str, force: Force) -> None:
    order = force.policy.order
    for k, key in enumerate(order):
        if key not in DEFAULT_ORDER:
            raise InvalidInput("unknown_unit", field=f"{side}.order[{k}]", unit=key)
        if key in order[:k]:
            raise InvalidInput("duplicate_in_order", field=f"{side}.order[{k}]", unit=key)
    keep = force.policy.keep_alive
    if keep is not None:
        if keep not in DEFAULT_ORDER:
            raise InvalidInput("unknown_unit", field=f"{side}.keep_alive", unit=keep)
        if force.count(keep) == 0:
            raise InvalidInput("keep_alive_absent", field=f"{side}.keep_alive", unit=keep)


def _check_modifiers(side: str, force: Force) -> None:
    if len(force.modifiers) > MAX_MODIFIERS:
        raise InvalidInput("too_many_modifiers", field=f"{side}.modifiers", max=MAX_MODIFIERS)
    for k, mod in enumerate(force.modifiers):
        where = f"{side}.modifiers[{k}]"
        require_int(mod.value, -MAX_MODIFIER, MAX_MODIFIER, f"{where}.value", code="modifier_out_of_range")
        _check_round(mod.first_round, f"{where}.first_round")
        _check_round(mod.last_round, f"{where}.last_round")
        if mod.last_round is not None and mod.last_round < mod.first_round:
            raise InvalidInput("round_range_reversed", field=f"{where}.last_round")


def _check_damaged(side: str, force: Force) -> None:
    for key, n in force.damaged.items():
        where = f"{side}.damaged.{key}"
        if key not in UNIT_KEYS:
            raise InvalidInput("unknown_unit", field=where, unit=key)
        if n < 0:
            raise InvalidInput("negative_count", field=where, unit=key)
        if n and not force.loadout.stats(key).sustain:
            raise InvalidInput("damaged_without_sustain", field=where, rule="ti4/77.1", unit=key)
        if n > force.count(key):
            raise InvalidInput("more_damaged_than_units", field=where, unit=key, max=force.count(key))


def _check_flagship_input(
    kind: str,
    side: str,
    force: Force,
    name: str,
    most: int,
    effect: str,
    *,
    range_code: str,
    refusal: str,
    factions: tuple[str, ...] = (),
) -> None:
    """An input only one flagship reads (the Nekro flagship's ground forces, the Hacan
    flagship's trade goods), or the faction abilities of ``factions`` (Letnev's Munitions
    Reserves spends trade goods too): within its limit, and given only in a space combat with
    that flagship in the fleet or one of those factions (16.21: each flagship's ability is its own)."""
    where, value = f"{side}.{name}", getattr(force, name)
    require_int(value, 0, most, where, code=range_code)
    read = (force.flagship.effect == effect and force.count("flagship") > 0) or force.faction in factions
    if value and (kind != "space" or not read):
        raise InvalidInput(refusal, field=where, rule="ti4/16.21")


def _check_cards(kind: str, side: str, force: Force) -> None:
    total = 0
    for name, n in zip(CARD_COPIES, (getattr(force.cards, name) for name in CARD_COPIES)):
        where = f"{side}.cards.{name}"
        require_int(n, 0, CARD_COPIES[name], where, code="card_count_out_of_range")
        if n and kind not in CARD_KINDS[side][name].split():
            raise InvalidInput("card_not_in_this_combat", field=where, rule="ti4/18.6", card=name)
        total += n
    if total > HAND_LIMIT:
        raise InvalidInput("too_many_cards", field=f"{side}.cards", rule="ti4/18.4", max=HAND_LIMIT)


def _check_technologies(side: str, force: Force) -> None:
    """Known technologies; a faction technology only with its faction, the Nekro Virus (at most
    two) or no faction given."""
    for k, tech in enumerate(force.technologies):
        if tech not in TECHNOLOGIES:
            raise InvalidInput("unknown_technology", field=f"{side}.technologies[{k}]", technology=tech)
        owner = FACTION_TECHNOLOGIES.get(tech)
        if owner and force.faction not in (None, owner, TECHNOLOGY_COPIER):
            # 81.11: a faction technology is its faction's (the Nekro Virus copies them, 81.16).
            where = f"{side}.technologies[{k}]"
            raise InvalidInput(
                "faction_technology_of_another", field=where, rule="ti4/81.11", technology=tech, faction=owner
            )
    copied = [k for k, tech in enumerate(force.technologies) if tech in FACTION_TECHNOLOGIES]
    if force.faction == TECHNOLOGY_COPIER and len(copied) > VALEFAR_ASSIMILATORS:
        # 81.16: the Nekro Virus gains them with its two Valefar Assimilators, one each.
        where = f"{side}.technologies[{copied[VALEFAR_ASSIMILATORS]}]"
        raise InvalidInput("more_than_two_valefar", field=where, rule="ti4/81.16", max=VALEFAR_ASSIMILATORS)


def validate(battle: Battle) -> None:
    """Refuse what the rules forbid or the calculator cannot take; silent when all is well."""
    if battle.kind not in KINDS:
        raise InvalidInput("unknown_kind", field="kind", kind=battle.kind)
    for side in ("attacker", "defender"):
        force: Force = getattr(battle, side)
        _check_units(battle.kind, side, force)
        for k, key in enumerate(force.upgrades):
            if key not in UPGRADABLE:
                raise InvalidInput("unknown_upgrade", field=f"{side}.upgrades[{k}]", unit=key)
        _check_policy(side, force)
        _check_modifiers(side, force)
        _check_technologies(side, force)
        for name, (lo, hi) in FLAGSHIP_LIMITS.items():
            value = getattr(force.flagship, name)
            require_int(value, lo, hi, f"{side}.flagship.{name}", code="flagship_out_of_range")
        _check_damaged(side, force)
        _check_cards(battle.kind, side, force)
        # Ground forces fight in space only when the Nekro flagship is there to call them.
        _check_flagship_input(
            battle.kind,
            side,
            force,
            "ground_forces",
            MAX_INFANTRY,
            "ground_forces_fight",
            range_code="ground_forces_out_of_range",
            refusal="ground_forces_without_alastor",
        )
        _check_flagship_input(
            battle.kind,
            side,
            force,
            "trade_goods",
            MAX_TRADE_GOODS,
            "trade_goods_bonus",
            range_code="trade_goods_out_of_range",
            refusal="trade_goods_without_kenara",
            factions=MUNITIONS_FACTIONS,
        )
        if force.flagship.effect is not None and force.flagship.effect not in FLAGSHIP_EFFECTS:
            raise InvalidInput("unknown_flagship_effect", field=f"{side}.flagship.effect")
        _check_round(force.retreat_round, f"{side}.retreat_round")
        if battle.kind == "ground" and force.retreat_round is not None:
            raise InvalidInput("no_retreat_in_ground_combat", field=f"{side}.retreat_round", rule="ti4/24.3")
    for name, copies in CARD_COPIES.items():  # one deck for the table: both hands share its copies
        if getattr(battle.attacker.cards, name) + getattr(battle.defender.cards, name) > copies:
            raise InvalidInput("card_copies_shared", field=f"defender.cards.{name}", max=copies)
    _check_round(battle.stop_after, "stop_after")
    if battle.kind == "ground" and battle.nebula:
        raise InvalidInput("nebula_in_ground_combat", field="nebula", rule="ti4/54.3")
    if battle.kind == "space" and battle.bombardment is not None:
        raise InvalidInput("bombardment_in_space_combat", field="bombardment", rule="ti4/43.1")
