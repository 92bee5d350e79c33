"""More than two factions in a hex: the rulebook's order, and consistency with one battle."""

from fractions import Fraction

import pytest

from engine.eclipse.battle import MAX_BACKGROUND_STATES, MAX_STATES, Fleet, Group, final_states, solve_battle
from engine.eclipse.blueprints import default_blueprint, explicit_stats, npc_stats, stats_from_parts
from engine.eclipse import battle, multi
from engine.eclipse.multi import Faction, fighting_order, resolve_hex
from engine.core.reasons import InvalidInput


def terran(kind, count):
    return Group(kind, count, stats_from_parts(kind, default_blueprint(kind)))


RED = Faction("red", Fleet((terran("interceptor", 2),)), entered=0, controller=True)
GREEN = Faction("green", Fleet((terran("interceptor", 2),)), entered=1)
BLUE = Faction("blue", Fleet((terran("cruiser", 1),)), entered=2)
ANCIENTS = Faction("ancients", Fleet((Group("ancient", 1, npc_stats("ancient")),)))
# Red already in a hex the Ancients still hold: there first, but with no influence disc (ESPLORAZIONE).
RED_THERE = Faction("red", RED.fleet, entered=0)


def test_order_of_the_rulebook_example():
    # FASE COMBATTIMENTO: Red is already in the hex; Green enters first, then Blue. Green and Blue
    # fight first, then Red fights the survivor; the Ancients fight the last player standing.
    order = fighting_order([ANCIENTS, RED_THERE, GREEN, BLUE])
    assert [f.name for f in order] == ["blue", "green", "red", "ancients"]


def test_two_factions_match_the_single_battle():
    hexr = resolve_hex([GREEN, BLUE], exact=True)
    # Green entered first, so it defends; Blue attacks.
    battle = solve_battle(BLUE.fleet, GREEN.fleet, exact=True)
    assert hexr.hold == {"green": battle.defender_win, "blue": battle.attacker_win}


def test_hold_probabilities_sum_to_one():
    r = resolve_hex([RED_THERE, GREEN, BLUE, ANCIENTS])
    assert abs(sum(r.hold.values()) - 1) < 1e-12
    assert r.sequence == ("blue", "green", "red", "ancients")
    assert "eclipse/riparare-danni" in r.rules


def test_the_ancients_fight_last_and_the_answer_says_how_their_dice_are_assigned():
    r = resolve_hex([RED_THERE, GREEN, ANCIENTS])
    codes = [x.code for x in r.reasons]
    assert "npc_targeting" in codes and "ancient_stats" in codes
    assert {"eclipse/combattere-contro-gli-antichi-e-il-sdcg", "eclipse/navi-degli-antichi"} <= set(r.rules)
    assert "npc_targeting" not in [x.code for x in resolve_hex([RED, GREEN]).reasons]


def test_a_battle_past_the_optimal_limit_says_it_fell_back(monkeypatch):
    # As a two-sided battle does (optimal_fallback), with the limit lowered to these small fleets.
    assert "optimal_fallback" not in [x.code for x in resolve_hex([RED, GREEN, BLUE]).reasons]
    monkeypatch.setattr(battle, "MAX_OPTIMAL_STATES", 1)
    r = resolve_hex([RED, GREEN, BLUE])
    assert [x.code for x in r.reasons][-1] == "optimal_fallback"


def test_damage_carries_into_the_next_battle():
    # A lone cruiser (hull 1) that survives a first battle damaged is weaker in the second: its
    # chance to hold is below winning the two battles as if repaired in between.
    r = resolve_hex([RED, BLUE, Faction("green", Fleet((terran("interceptor", 1),)), entered=1)], exact=True)
    first = solve_battle(BLUE.fleet, Fleet((terran("interceptor", 1),)), exact=True).attacker_win
    second_fresh = solve_battle(BLUE.fleet, RED.fleet, exact=True).attacker_win
    assert r.hold["blue"] < first * second_fresh


def test_survivors_sharing_ships_match_one_battle_each():
    # Survivors with the same ships but different damage share one sweep; the hex must still
    # equal each survivor fighting its own battle, weighted by how likely it survived so.
    blue = Faction("blue", Fleet((terran("cruiser", 2),)), entered=2)
    r = resolve_hex([RED, GREEN, blue], exact=True)
    hold = {"red": Fraction(0), "green": Fraction(0), "blue": Fraction(0)}
    for (outcome, dmg, _), p in final_states([(blue.fleet, Fraction(1))], GREEN.fleet, exact=True).items():
        name, group, ships = (
            ("blue", blue.fleet.groups[0], dmg[0]) if outcome == "A" else ("green", GREEN.fleet.groups[0], dmg[1])
        )
        battle = solve_battle(Fleet((Group(group.kind, len(ships), group.stats, ships),)), RED.fleet, exact=True)
        hold[name] += p * battle.attacker_win
        hold["red"] += p * battle.defender_win
    assert r.hold == hold and r.battles > 3  # several damaged cruiser pairs, one sweep


def test_kept_chains_stay_within_their_budget(monkeypatch):
    # A hex of large battles must not keep every solved chain: the kept states are bounded, and
    # solving a chain again gives the same answer.
    factions = [RED_THERE, GREEN, Faction("blue", Fleet((terran("cruiser", 2),)), entered=2), ANCIENTS]
    unbounded = resolve_hex(factions, exact=True)
    kept = []

    def watched(attackers, defender, exact, solved):
        kept.append(sum(s.cap * s.N for s in solved.values()))
        return final_states(attackers, defender, exact, solved)

    monkeypatch.setattr(multi, "KEPT_STATES", 30)  # unbounded, this hex keeps 66 states
    monkeypatch.setattr(multi, "final_states", watched)
    assert resolve_hex(factions, exact=True).hold == unbounded.hold
    assert len(kept) > 3 and 0 < max(kept) <= 30


def test_refusals():
    with pytest.raises(InvalidInput) as info:
        resolve_hex([RED])
    assert info.value.code == "hex_needs_two_factions"
    with pytest.raises(InvalidInput) as info:
        resolve_hex([RED, Faction("green", GREEN.fleet, 1, controller=True)])
    assert info.value.code == "one_controller"
    with pytest.raises(InvalidInput) as info:
        resolve_hex([GREEN, Faction("ancients", ANCIENTS.fleet, controller=True)])
    assert (info.value.code, info.value.field) == ("npc_controller", "factions[1].controller")
    with pytest.raises(InvalidInput) as info:  # the Ancients go before any influence disc (ESPLORAZIONE)
        resolve_hex([Faction("green", GREEN.fleet, 1, controller=True), ANCIENTS])
    assert (info.value.code, info.value.field, info.value.rule) == (
        "controller_with_npc",
        "factions[0].controller",
        "eclipse/esplorazione",
    )
    with pytest.raises(InvalidInput) as info:
        resolve_hex([RED, Faction(" ", GREEN.fleet, 1)])
    assert (info.value.code, info.value.field) == ("blank_faction_name", "factions[1].name")
    both = Fleet((Group("ancient", 1, npc_stats("ancient")), Group("gcds", 1, npc_stats("gcds"))))
    with pytest.raises(InvalidInput) as info:
        solve_battle(GREEN.fleet, both)
    assert (info.value.code, info.value.field) == ("ancients_and_gcds_apart", "defender.ships")


def test_three_lone_interceptors_worked_by_hand():
    # Terran interceptors have no hull, so every hit destroys and no damage carries over. In each
    # battle the defender fires first on the tie and wins 6/11 (see the one-on-one test). Blue attacks
    # Green (6/11 Green); the survivor attacks Red, the controller (6/11 Red).
    lone = Fleet((terran("interceptor", 1),))
    r = resolve_hex(
        [Faction("red", lone, 0, controller=True), Faction("green", lone, 1), Faction("blue", lone, 2)], exact=True
    )
    assert r.hold == {
        "red": Fraction(6, 11),
        "green": Fraction(6, 11) * Fraction(5, 11),
        "blue": Fraction(5, 11) * Fraction(5, 11),
    }
    assert r.battles == 3  # the first battle, then one for each possible survivor (Green or Blue)


def test_a_stalemate_leaves_each_battle_to_its_defender():
    """Three missile-only interceptors (one plasma missile, no cannon, initiative 2). Each battle is
    the one worked in test_battle.py: its defender holds with 11/36 + (25/36)^2 = 1021/1296, of
    which (25/36)^2 by STALLO (the attacker retreats or is destroyed), the attacker with
    275/1296. Blue attacks Green, the survivor (unhurt: no hull to damage) attacks Red."""
    lone = Fleet((Group("interceptor", 1, explicit_stats({"initiative": 2, "missiles": 1})),))
    r = resolve_hex(
        [Faction("red", lone, 0, controller=True), Faction("green", lone, 1), Faction("blue", lone, 2)], exact=True
    )
    holds, takes = Fraction(1021, 1296), Fraction(275, 1296)
    assert r.hold == {"red": holds, "green": holds * takes, "blue": takes * takes}


def test_every_faction_is_checked_and_named_by_its_place():
    mixed = Fleet((Group("ancient", 1, npc_stats("ancient")), terran("interceptor", 1)))
    with pytest.raises(InvalidInput) as info:
        resolve_hex([RED, GREEN, Faction("blue", mixed, 2)])
    assert (info.value.code, info.value.field) == ("npc_mixed_with_players", "factions[2].ships")


def test_only_the_controller_has_starbases_and_it_defends_with_them():
    # COSTRUZIONE: starbases stand only where the player has an influence disc (the controller).
    # Red controls with a starbase and an interceptor; Green's interceptor attacks it, so the hex is
    # the single battle Green v Red (Red defends: it fires first on ties and its starbase shoots at 4).
    red = Faction("red", Fleet((terran("interceptor", 1), terran("starbase", 1))), entered=0, controller=True)
    green = Faction("green", Fleet((terran("interceptor", 1),)), entered=1)
    hexr = resolve_hex([red, green], exact=True)
    battle = solve_battle(green.fleet, red.fleet, exact=True)
    assert hexr.hold == {"red": battle.defender_win, "green": battle.attacker_win}
    with pytest.raises(InvalidInput) as info:
        resolve_hex([Faction("red", red.fleet, 0), green])
    assert info.value.code == "starbase_not_controller" and info.value.rule == "eclipse/costruzione"
    assert info.value.field == "factions[0].ships"
    # With Ancients in the hex the controller's survivors would have to attack them: immobile.
    with pytest.raises(InvalidInput) as info:
        resolve_hex([red, green, ANCIENTS])
    assert info.value.code == "starbase_cannot_attack" and info.value.rule == "eclipse/navi"


def test_a_battle_past_the_inline_limit_makes_the_hex_too_large():
    # Hexes are not computed in the background, so the refusal must not offer it.
    big = Fleet((terran("interceptor", 4), terran("cruiser", 4), terran("dreadnought", 2)))
    tough = Fleet(
        (
            terran("interceptor", 8),
            terran("cruiser", 4),
            Group("dreadnought", 2, explicit_stats({"initiative": 1, "hull": 4, "computer": 1, "ion": 2})),
        )
    )
    with pytest.raises(InvalidInput) as info:
        resolve_hex([Faction("red", tough, 0, controller=True), Faction("blue", big, 1)])
    assert info.value.code == "battle_too_large" and info.value.params["estimate"] == 2_126_250
    assert info.value.params["limit"] == MAX_STATES  # hexes are never computed in the background
    # Past even the background's limit, a hex is still told its own.
    huge = Fleet((Group("interceptor", 8, explicit_stats({"initiative": 3, "hull": 5, "ion": 1})),))
    with pytest.raises(InvalidInput) as info:
        resolve_hex([Faction("red", huge, 0, controller=True), Faction("blue", huge, 1)])
    assert info.value.params["estimate"] > MAX_BACKGROUND_STATES and info.value.params["limit"] == MAX_STATES
