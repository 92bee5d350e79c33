"""More than two factions in one hex, resolved in the rulebook's order (FASE COMBATTIMENTO).

Players fight two at a time in reverse order of entry: the last two to enter fight first, the
survivor then fights the player who entered before them, and so on; a player who controls the
hex (has an influence disc there) always fights last among players; Ancients or the GCDS fight
the last surviving player. In each battle the defender is the faction that was there first (the
controller, the NPCs), so the survivor of the previous battle attacks.

Damage stays on ships until the end of the combat phase (RIPARARE DANNI), so the survivor
carries its damage into the next battle: each battle starts from every possible final state of
the previous one, weighted by its probability. Retreat plans are not offered here (a ship that
left the hex simply takes no further part). Each battle uses the fleets' own targeting, which
maximises the chance of holding the hex after that battle; a stalemate (STALLO) leaves it to that
battle's defender, as in a two-sided battle.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

from engine.core.reasons import InvalidInput, Reason

from .battle import FALLBACK_REASON, MAX_STATES, RULE_COMBAT, RULE_SHIPS, Fleet, Group, chain_of, check_size
from .battle import final_states, npc_reasons, validate_fleet
from .sweep import Num, Sweep

RULE_REPAIR = "eclipse/riparare-danni"
RULE_BUILD = "eclipse/costruzione"
RULE_EXPLORATION = "eclipse/esplorazione"  # the Ancients and the GCDS go before an influence disc
MAX_PLAYER_FACTIONS = 4
MAX_BATTLES = 200  # distinct battles (one per possible surviving fleet) a hex may need
# Solved chains kept for the rest of a hex, in battle states: a few hundred MB at most, so a hex
# of large battles stays within one solve's memory budget (the oldest go first).
KEPT_STATES = 1_000_000


@dataclass(frozen=True)
class Faction:
    """A faction in the hex: ``entered`` is its order of arrival (0 = first)."""

    name: str
    fleet: Fleet
    entered: int = 0
    controller: bool = False


@dataclass(frozen=True)
class HexResult:
    hold: dict[str, Num]  # faction name -> P(its ships alone remain in the hex), stalemates included
    sequence: tuple[str, ...]  # the order in which factions join the fighting
    battles: int  # distinct battles solved
    rules: tuple[str, ...]
    reasons: tuple[Reason, ...]


def fighting_order(factions: list[Faction]) -> list[Faction]:
    """Players by reverse entry (the controller last), then the NPC faction."""
    players = [f for f in factions if not f.fleet.npc]
    npcs = [f for f in factions if f.fleet.npc]
    players.sort(key=lambda f: (not f.controller, f.entered), reverse=True)
    return players + npcs


def validate_hex(factions: list[Faction]) -> None:
    if len(factions) < 2:
        raise InvalidInput("hex_needs_two_factions", field="factions", rule=RULE_COMBAT)
    for i, f in enumerate(factions):
        if f.fleet.retreat is not None:
            raise InvalidInput("no_retreat_in_multi", field=f"factions[{i}].retreat", rule=RULE_COMBAT)
        validate_fleet(f.fleet, f"factions[{i}]")
    players = [f for f in factions if not f.fleet.npc]
    if len(players) > MAX_PLAYER_FACTIONS:
        raise InvalidInput("too_many_factions", field="factions", rule=RULE_COMBAT, max=MAX_PLAYER_FACTIONS)
    if len(factions) - len(players) > 1 or not players:
        raise InvalidInput("one_npc_faction", field="factions", rule=RULE_COMBAT)
    if sum(f.controller for f in factions) > 1:
        raise InvalidInput("one_controller", field="factions", rule=RULE_COMBAT)
    for i, f in enumerate(factions):
        if not f.name.strip():
            raise InvalidInput("blank_faction_name", field=f"factions[{i}].name", rule=RULE_COMBAT)
        if f.controller and f.fleet.npc:  # a hex is controlled by a player's influence disc
            raise InvalidInput("npc_controller", field=f"factions[{i}].controller", rule=RULE_COMBAT)
    for i, f in enumerate(factions):
        if any(g.kind == "starbase" for g in f.fleet.groups):
            # COSTRUZIONE: built only where the player has an influence disc; NAVI: immobile, so
            # they could not attack the Ancients or the GCDS after the players' battles.
            if not f.controller:
                raise InvalidInput("starbase_not_controller", field=f"factions[{i}].ships", rule=RULE_BUILD)
            if len(players) < len(factions):
                raise InvalidInput("starbase_cannot_attack", field=f"factions[{i}].ships", rule=RULE_SHIPS)
    # ESPLORAZIONE: the Ancients' ships and the GCDS are destroyed before an influence disc can be
    # placed, so nobody controls a hex that still holds them.
    for i, f in enumerate(factions):
        if f.controller and len(players) < len(factions):
            raise InvalidInput("controller_with_npc", field=f"factions[{i}].controller", rule=RULE_EXPLORATION)
    # "Red" and "red" would be two rows of one answer that a reader cannot tell apart.
    named: dict[str, int] = {}
    for i, f in enumerate(factions):
        first = named.setdefault(f.name.strip().casefold(), i)
        if first != i:
            raise InvalidInput(
                "duplicate_faction",
                field=f"factions[{i}].name",
                rule=RULE_COMBAT,
                name=f.name,
                other=factions[first].name,
            )
    # Ships move one player at a time, so no two players enter the hex together: a shared value
    # would leave their fighting order to the list's order. NPCs never move (always there first),
    # and the controller is ordered by control, whatever its value.
    entered: dict[int, int] = {}
    for i, f in enumerate(factions):
        if not (f.fleet.npc or f.controller) and (first := entered.setdefault(f.entered, i)) != i:
            raise InvalidInput(
                "same_entry", field=f"factions[{i}].entered", rule=RULE_COMBAT, name=f.name, other=factions[first].name
            )


def resolve_hex(factions: list[Faction], exact: bool = False) -> HexResult:
    """Each faction's chance to hold the hex once all its battles are fought."""
    validate_hex(factions)
    order = fighting_order(factions)
    # holders: (faction index, surviving fleet) -> probability
    holders: dict[tuple[int, Fleet], Num] = {}
    solved: dict[tuple, Sweep] = {}  # the same ships meet again in later battles (same players)
    fell_back = _fight(0, [(order[0].fleet, Fraction(1) if exact else 1.0)], 1, order[1].fleet, holders, exact, solved)
    battles = 1
    for nxt in range(2, len(order)):
        if battles + len(holders) > MAX_BATTLES:
            raise InvalidInput("hex_too_large", field="factions", rule=RULE_COMBAT, max=MAX_BATTLES)
        battles += len(holders)
        # Survivors with the same ships differ only in their damage: one sweep serves them all.
        alike: dict[tuple, list[tuple[Fleet, Num]]] = {}
        for (who, fleet), p in holders.items():
            alike.setdefault((who, chain_of(fleet)), []).append((fleet, p))
        merged: dict[tuple[int, Fleet], Num] = {}
        for (who, _), attackers in alike.items():
            fell_back |= _fight(who, attackers, nxt, order[nxt].fleet, merged, exact, solved)
        holders = merged
    hold: dict[str, Num] = {f.name: Fraction(0) if exact else 0.0 for f in factions}
    for (who, _), p in holders.items():
        hold[order[who].name] += p if exact else float(p)
    order_reason = "multi_faction_order" if len(factions) > 2 else "two_faction_order"
    reasons = [Reason(order_reason, RULE_COMBAT), Reason("damage_carries_over", RULE_REPAIR)]
    reasons += npc_reasons(order[-1].fleet, "defender")  # the Ancients or the GCDS fight last
    if fell_back:
        reasons.append(FALLBACK_REASON)
    rules = tuple(dict.fromkeys([RULE_COMBAT, RULE_REPAIR, *(r.rule for r in reasons)]))
    return HexResult(hold, tuple(f.name for f in order), battles, rules, tuple(reasons))


def _fight(
    att_idx: int,
    attackers: list[tuple[Fleet, Num]],
    def_idx: int,
    defender: Fleet,
    out: dict[tuple[int, Fleet], Num],
    exact: bool,
    solved: dict[tuple, Sweep],
) -> bool:
    """Add the distribution of (holder, surviving fleet) after each weighted attacker (one fleet
    with different damage) meets ``defender``; say whether the battle was too large for optimal
    targeting (solved with FALLBACK_TARGETING, as a two-sided battle would be)."""
    try:
        finals = final_states(attackers, defender, exact, solved)
    except InvalidInput as error:
        if error.code not in ("battle_needs_background", "battle_too_large"):
            raise
        # Hexes are not computed in the background: past the inline limit a battle is too large,
        # and that is the limit told.
        params = {**error.params, "limit": MAX_STATES}
        raise InvalidInput("battle_too_large", field=error.field, rule=error.rule, **params) from None
    while sum(sweep.cap * sweep.N for sweep in solved.values()) > KEPT_STATES:
        del solved[next(iter(solved))]
    attacker = attackers[0][0]
    for (outcome, dmg, status), p in finals.items():
        # STALLO ("S"): the attacker retreats (or is destroyed); the defender holds, as in battle.py.
        holder, fleet, offset = (att_idx, attacker, 0) if outcome == "A" else (def_idx, defender, len(attacker.groups))
        groups = []
        for k, g in enumerate(fleet.groups):
            ships, st = dmg[offset + k], status[offset + k]
            if ships and st != 2:
                groups.append(Group(g.kind, len(ships), g.stats, ships))
        key = (holder, Fleet(tuple(groups), fleet.targeting))
        out[key] = out.get(key, 0) + p
    return check_size(attacker, defender)[1]
