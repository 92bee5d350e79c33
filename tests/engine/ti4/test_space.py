import random
from fractions import Fraction as F

import pytest
from hypothesis import assume, given, settings, strategies as st

from engine.ti4.assignment import ForceStates, HitPolicy
from engine.ti4.inputs import Battle, Force
from engine.ti4.plans import RoundModifier
from engine.ti4.space import _ships, barrage_step, capacity_after_cannon, keep_within_capacity, space_combat
from engine.ti4.units import COMPONENT_LIMIT, DEFAULT_ORDER, FACTION_FLAGSHIPS, SHIPS, Flagship, Loadout


def solve(attacker, defender, **options):
    return space_combat(Battle("space", attacker, defender, **options), exact=True)


def test_one_fighter_each_is_four_ninths():
    r = solve(Force({"fighter": 1}), Force({"fighter": 1}))
    assert (r.attacker_win, r.defender_win, r.draw) == (F(4, 9), F(4, 9), F(1, 9))
    assert r.expected_rounds == F(25, 9)


def test_a_flagship_sustains_then_fights_on():
    # A flagship hitting on 9 with one die (1/5) against one fighter (1/5). Intact, a round ends
    # the battle if the flagship hits (5/25), damages it if only the fighter hits (4/25), and is
    # replayed otherwise (16/25). Damaged, it is one fighter against another: 4/9, 1/9, 4/9.
    # So the attacker wins (5/25 + 4/25 * 4/9) / (9/25) = 61/81, draws 4/81 and loses 16/81.
    r = solve(Force({"flagship": 1}, flagship=Flagship(combat=9, dice=1, capacity=0)), Force({"fighter": 1}))
    assert (r.attacker_win, r.draw, r.defender_win) == (F(61, 81), F(4, 81), F(16, 81))
    assert dict(r.attacker.expected_losses)["flagship"] == F(20, 81)  # the draws and the losses
    assert r.attacker.expected_cost_lost == 8 * F(20, 81)


def test_a_flagship_carries_fighters():
    # Capacity changes no roll, only the fighters kept after the combat (rule 17.3): with capacity
    # c a side keeps min(fighters left, c). So each capacity's expected fighters follow exactly
    # from the survivors when everything fits (capacity 3 for 3 fighters).
    def battle(cap):
        return solve(Force({"flagship": 1, "fighter": 3}, flagship=Flagship(9, 2, cap)), Force({"fighter": 2}))

    fits = battle(3).attacker.survivors
    for cap in (0, 1, 2):
        kept = sum(p * min(dict(units).get("fighter", 0), cap) for units, p in fits)
        assert dict(battle(cap).attacker.expected_survivors).get("fighter", 0) == kept
    assert battle(3).attacker_win == battle(0).attacker_win  # capacity never changes the odds


def test_nebula_gives_the_defender_plus_one():
    # Defender hits on 8-10 (3/10), attacker on 9-10 (1/5). Per round: attacker only 7/50,
    # defender only 12/50, both 3/50 -> conditioned on ending: 7/22, 12/22, 3/22.
    r = solve(Force({"fighter": 1}), Force({"fighter": 1}), nebula=True)
    assert (r.attacker_win, r.defender_win, r.draw) == (F(7, 22), F(12, 22), F(3, 22))
    assert "ti4/54.3" in r.rules


FLEETS = [
    {"cruiser": 2, "fighter": 2},
    {"dreadnought": 1, "destroyer": 2},
    {"carrier": 1, "fighter": 3, "destroyer": 1},
]


@pytest.mark.parametrize("a", FLEETS)
@pytest.mark.parametrize("b", FLEETS)
def test_nebula_symmetry(a, b):
    # Property tested: a nebula is exactly "+1 to every defender combat roll, every round"
    # (54.3), and swapping roles mirrors the result when the +1 moves with the fleet.
    nebula = solve(Force(a), Force(b), nebula=True)
    plus_one = solve(Force(a), Force(b, modifiers=(RoundModifier(1),)))
    mirrored = solve(Force(b, modifiers=(RoundModifier(1),)), Force(a))
    assert (nebula.attacker_win, nebula.defender_win, nebula.draw) == (
        plus_one.attacker_win,
        plus_one.defender_win,
        plus_one.draw,
    )
    assert (nebula.attacker_win, nebula.defender_win) == (mirrored.defender_win, mirrored.attacker_win)


def test_barrage_never_touches_sustain():
    # 1 dreadnought vs 1 destroyer: the barrage has no fighter to hit, and sustain cannot cancel
    # it (77.4), so the dreadnought starts round 1 undamaged (2 hits to kill). Worked by hand
    # with p(dread) = 3/5, p(destroyer) = 1/5: from full health the attacker wins
    # 15/17 + 2/17 * 12/17 = 279/289, draws 6/289, loses 4/289.
    r = solve(Force({"dreadnought": 1}), Force({"destroyer": 1}))
    assert (r.attacker_win, r.draw, r.defender_win) == (F(279, 289), F(6, 289), F(4, 289))


def test_barrage_hits_beyond_the_fighters_are_lost():
    # Destroyer II: 3 barrage dice on 6 (p = 1/2). One fighter dies with P = 7/8; the other
    # hits are lost and the dreadnought is never damaged by them.
    att = ForceStates({"dreadnought": 1, "fighter": 1}, Loadout(), HitPolicy(), F)
    dfn = ForceStates({"destroyer": 1}, Loadout(frozenset({"destroyer"})), HitPolicy(), F)
    after = barrage_step(att, dfn)({(att.start, dfn.start): F(1)})
    # Attacker slots: fighter, dreadnought as (intact, damaged) pairs.
    seen = {(att.states[a], dfn.states[d]): p for (a, d), p in after.items()}
    assert seen == {((0, 0, 1, 0), (1, 0)): F(7, 8), ((1, 0, 1, 0), (1, 0)): F(1, 8)}


def test_space_cannon_hits_can_be_sustained():
    # Defender's PDS (6, p=1/2) damages the dreadnought or misses; then dread (3/5) vs fighter
    # (1/5). From 2 hits left: 279/289 win; from 1 hit left: 12/17 = 204/289. Average.
    r = solve(Force({"dreadnought": 1}), Force({"fighter": 1, "pds": 1}))
    assert r.attacker_win == F(279 + 204, 578)
    assert r.defender_win == F(4 + 34, 578)
    assert {"ti4/15.2", "ti4/77.4"} <= set(r.rules)


def test_fighters_the_space_cannon_leaves_without_a_carrier_are_destroyed_before_the_combat():
    # 17.3 suspends capacity only during the combat. The PDS (1/2) must hit the carrier (Graviton):
    # the fighter it carried is then destroyed at once and no combat is fought. Otherwise the
    # battle is the one without the PDS.
    graviton = Force({"cruiser": 1, "pds": 1}, technologies=("graviton_laser_system",))
    r = solve(Force({"carrier": 1, "fighter": 1}), graviton)
    plain = solve(Force({"carrier": 1, "fighter": 1}), Force({"cruiser": 1}))
    assert r.attacker_win == F(1, 2) * plain.attacker_win
    assert r.defender_win == F(1, 2) + F(1, 2) * plain.defender_win
    assert ("fighters_over_capacity_after_cannon", "ti4/17.3") in [(x.code, x.rule) for x in r.reasons]
    # Fighter II needs no capacity (its card): the fighter fights on alone after a hit.
    upgraded = solve(Force({"carrier": 1, "fighter": 1}, upgrades=("fighter",)), graviton)
    both = solve(Force({"carrier": 1, "fighter": 1}, upgrades=("fighter",)), Force({"cruiser": 1}))
    alone = solve(Force({"fighter": 1}, upgrades=("fighter",)), Force({"cruiser": 1}))
    assert upgraded.attacker_win == F(1, 2) * both.attacker_win + F(1, 2) * alone.attacker_win
    assert "fighters_over_capacity_after_cannon" not in [x.code for x in upgraded.reasons]


def test_the_defenders_fighters_follow_the_capacity_its_docks_and_ships_keep_after_the_cannon():
    # The attacker's PDS (1/2, Graviton) may destroy the defender's carrier: its fighter then goes,
    # unless a space dock in the system keeps it (3 fighters each).
    cannon = Force({"cruiser": 1, "pds": 1}, technologies=("graviton_laser_system",))
    lone = solve(cannon, Force({"carrier": 1, "fighter": 1}))
    plain = solve(Force({"cruiser": 1}), Force({"carrier": 1, "fighter": 1}))
    assert lone.defender_win == F(1, 2) * plain.defender_win
    docked = solve(cannon, Force({"carrier": 1, "fighter": 1, "space_dock": 1}))
    alone = solve(Force({"cruiser": 1}), Force({"fighter": 1, "space_dock": 1}))
    both = solve(Force({"cruiser": 1}), Force({"carrier": 1, "fighter": 1, "space_dock": 1}))
    assert docked.defender_win == F(1, 2) * both.defender_win + F(1, 2) * alone.defender_win


def test_ground_forces_in_space_cost_no_fighter_after_the_cannon():
    # The Nekro flagship's ground forces join only if it survives the fire; the owner would not
    # give up fighters for them. A carrier's 4 fighters fit its room, whatever the 3 ground forces.
    nekro = Force(
        {"flagship": 1, "carrier": 1, "fighter": 4},
        flagship=FACTION_FLAGSHIPS["nekro_virus"].sheet,
        ground_forces=3,
    )
    states = ForceStates(_ships(nekro), nekro.loadout, nekro.policy)
    cells = list(states.states[states.start])
    k = next(k for k, slot in enumerate(states.slots) if slot.unit.key == "flagship")
    cells[2 * k] = cells[2 * k + 1] = 0  # the cannon destroyed the flagship
    no_flagship = states.index(tuple(cells))
    step = capacity_after_cannon(states, nekro, states, nekro)
    out, lost = step({(no_flagship, states.start): F(1)})
    assert out == {(no_flagship, states.start): F(1)} and not lost


def test_a_side_with_nothing_that_moves_cannot_retreat_and_fights_on():
    # 23.7: fighters leave only carried. Two fighters planning to retreat in round 1 fight on, as
    # the retreat checker answers (no_ship_can_move); the odds are those without the plan.
    planned = solve(Force({"fighter": 2}, retreat_round=1), Force({"carrier": 1}))
    plain = solve(Force({"fighter": 2}), Force({"carrier": 1}))
    assert (planned.attacker_win, planned.defender_win, planned.attacker_retreat) == (
        plain.attacker_win,
        plain.defender_win,
        0,
    )
    assert ("retreat_without_movement", "ti4/23.7") in [(r.code, r.rule) for r in planned.reasons]
    # The defender likewise; and where it cannot, the attacker may announce in the same round.
    stuck = solve(Force({"carrier": 1}), Force({"fighter": 2}, retreat_round=1))
    assert (
        stuck.defender_retreat == 0
        and stuck.attacker_win == solve(Force({"carrier": 1}), Force({"fighter": 2})).attacker_win
    )
    both = solve(Force({"carrier": 1}, retreat_round=1), Force({"fighter": 2}, retreat_round=1))
    only = solve(Force({"carrier": 1}, retreat_round=1), Force({"fighter": 2}))
    assert both.attacker_retreat == only.attacker_retreat > 0
    # A carrier can leave: after round 1 it retreats with what it carries whenever it survives.
    carried = solve(Force({"carrier": 1, "fighter": 2}, retreat_round=1), Force({"destroyer": 1}))
    assert carried.attacker_retreat > 0
    assert "retreat_without_movement" not in [r.code for r in carried.reasons]


def test_space_cannon_can_be_declined():
    r = solve(Force({"dreadnought": 1}), Force({"fighter": 1, "pds": 1}), space_cannon=False)
    assert r.attacker_win == F(279, 289)


def test_retreat_plan_and_capacity_after_the_win():
    # Fighter (1/5) vs cruiser (2/5); the defender announces a retreat in round 1.
    r = solve(Force({"fighter": 1}), Force({"cruiser": 1}, retreat_round=1))
    assert r.defender_retreat == F(4, 5) * F(3, 5)  # nobody hit: the cruiser leaves
    assert r.attacker_win == F(1, 5) * F(3, 5) + r.defender_retreat
    assert r.defender_win == F(4, 5) * F(2, 5)
    assert r.draw == F(1, 5) * F(2, 5)
    # The winner's lone fighter has no capacity to sit in: destroyed at the end (23.10).
    assert r.attacker.survivors == (((), F(1)),)
    assert dict(r.defender.survivors)[(("cruiser", 1),)] == r.defender_retreat + r.defender_win


def test_attacker_cannot_announce_after_the_defender():
    both = solve(Force({"cruiser": 1}, retreat_round=2), Force({"cruiser": 1}, retreat_round=2))
    only_def = solve(Force({"cruiser": 1}), Force({"cruiser": 1}, retreat_round=2))
    assert both.attacker_retreat == 0
    assert (both.attacker_win, both.defender_retreat) == (only_def.attacker_win, only_def.defender_retreat)
    assert [r.code for r in both.reasons] == ["attacker_retreat_blocked"]


def test_stop_plan_reports_the_battle_in_progress():
    r = solve(Force({"fighter": 1}), Force({"fighter": 1}), stop_after=2)
    assert r.unfinished == F(16, 25) ** 2
    assert r.attacker_win + r.defender_win + r.draw + r.unfinished == 1
    assert dict(r.attacker.survivors)[(("fighter", 1),)] == r.unfinished  # no capacity check yet


def test_stalemate_forces_the_attacker_out():
    # -2 on both sides: carrier (9) and fighters (9) need an 11. Nobody can win: the attacker
    # must retreat (FAQ); its carrier takes both fighters along (capacity 4).
    minus = (RoundModifier(-2),)
    r = solve(Force({"carrier": 1, "fighter": 2}, modifiers=minus), Force({"fighter": 1}, modifiers=minus))
    assert r.stalemate == 1 and r.defender_win == 1
    assert r.attacker.survivors == (((("carrier", 1), ("fighter", 2)), F(1)),)
    assert "ti4/faq-generale-2" in r.rules


def test_stalemate_without_a_ship_that_moves_destroys_the_attacker():
    minus = (RoundModifier(-2),)
    r = solve(Force({"fighter": 2}, modifiers=minus), Force({"fighter": 1}, modifiers=minus))
    assert r.stalemate == 1 and r.attacker.survivors == (((), F(1)),)


def test_capacity_and_space_dock_allowance():
    # Carrier capacity 4 plus 3 fighters the space dock keeps: the cap holds in every outcome.
    r = solve(Force({"dreadnought": 2}), Force({"carrier": 1, "fighter": 8, "space_dock": 1}))
    for units, _ in r.defender.survivors:
        fighters = dict(units).get("fighter", 0)
        carriers = dict(units).get("carrier", 0)
        assert fighters <= 4 * carriers + 3
    up = solve(Force({"dreadnought": 2}), Force({"carrier": 1, "fighter": 8}, upgrades=("fighter",)))
    assert any(dict(units).get("fighter", 0) > 4 for units, _ in up.defender.survivors)


def test_large_battle_sums_to_one_in_floats():
    r = space_combat(
        Battle(
            "space",
            Force({"dreadnought": 2, "cruiser": 4, "destroyer": 4, "carrier": 2, "fighter": 6}),
            Force({"dreadnought": 2, "cruiser": 3, "destroyer": 2, "carrier": 2, "fighter": 8, "pds": 2}),
        )
    )
    assert abs(r.attacker_win + r.defender_win + r.draw - 1) < 1e-12
    assert abs(sum(r.rounds) + r.rounds_later - 1) < 1e-12
    assert abs(sum(r.attacker.count_distribution) - 1) < 1e-12


fleets = st.fixed_dictionaries(
    {}, optional={k: st.integers(1, 1 if k in ("war_sun", "flagship") else 2) for k in SHIPS}
).filter(bool)


@settings(max_examples=30, deadline=None)
@given(fleets, fleets, st.sampled_from(SHIPS), st.booleans())
def test_adding_a_ship_never_hurts_its_side(a, b, extra, nebula):
    # Property tested: with default hit assignment and no plans, adding one ship of any kind to
    # the attacker never lowers P(attacker wins) and never raises P(defender wins).
    assume(a.get(extra, 0) < COMPONENT_LIMIT.get(extra, 99))  # a second flagship does not exist
    before = space_combat(Battle("space", Force(a), Force(b), nebula=nebula))
    after = space_combat(Battle("space", Force({**a, extra: a.get(extra, 0) + 1}), Force(b), nebula=nebula))
    assert after.attacker_win >= before.attacker_win - 1e-12
    assert after.defender_win <= before.defender_win + 1e-12


# --- Monte Carlo cross-check: an independent, naive simulation of the same rules. ---


def _roll(rng, dice, value, modifier=0):
    return sum(1 for _ in range(dice) if rng.randint(1, 10) + modifier >= value)


def _simulate(rng, a_units, d_units, nebula, a_pds, d_pds):
    fleets = []
    for units in (a_units, d_units):
        fleet = [[k, False] for k in DEFAULT_ORDER for _ in range(units.get(k, 0))]
        fleets.append(fleet)

    def take(fleet, hits):
        for unit in fleet:  # sustain first
            if hits and Loadout().stats(unit[0]).sustain and not unit[1]:
                unit[1] = True
                hits -= 1
        while hits and fleet:
            fleet.pop(0)  # cheapest first: the list is in default order
            hits -= 1

    a_fleet, d_fleet = fleets
    a_sc, d_sc = _roll(rng, a_pds, 6), _roll(rng, d_pds, 6)
    take(a_fleet, d_sc)
    take(d_fleet, a_sc)
    first = True
    while a_fleet and d_fleet:
        if first:
            a_b = sum(_roll(rng, 2, 9) for u in a_fleet if u[0] == "destroyer")
            d_b = sum(_roll(rng, 2, 9) for u in d_fleet if u[0] == "destroyer")
            for fleet, hits in ((a_fleet, d_b), (d_fleet, a_b)):
                for _ in range(hits):
                    if any(u[0] == "fighter" for u in fleet):
                        fleet.remove(next(u for u in fleet if u[0] == "fighter"))
            first = False
            if not (a_fleet and d_fleet):
                break
        a_hits = sum(_roll(rng, Loadout().stats(u[0]).combat.dice, Loadout().stats(u[0]).combat.value) for u in a_fleet)
        d_hits = sum(
            _roll(rng, Loadout().stats(u[0]).combat.dice, Loadout().stats(u[0]).combat.value, nebula) for u in d_fleet
        )
        take(a_fleet, d_hits)
        take(d_fleet, a_hits)
    return "draw" if not a_fleet and not d_fleet else ("attacker" if a_fleet else "defender")


def test_monte_carlo_agrees_within_sampling_error():
    a = {"dreadnought": 1, "destroyer": 1, "fighter": 3, "war_sun": 1}
    d = {"cruiser": 2, "destroyer": 2, "fighter": 2, "dreadnought": 1}
    exact = space_combat(Battle("space", Force(a), Force({**d, "pds": 1}), nebula=True))
    rng = random.Random(20261122)
    n = 20000
    wins = {"attacker": 0, "defender": 0, "draw": 0}
    for _ in range(n):
        wins[_simulate(rng, a, d, 1, 0, 1)] += 1
    for name, p in (("attacker", exact.attacker_win), ("defender", exact.defender_win), ("draw", exact.draw)):
        sigma = max((p * (1 - p) / n) ** 0.5, 1 / n)
        assert abs(wins[name] / n - p) < 4 * sigma, (name, wins[name] / n, p)


def test_a_retreat_planned_after_the_stop_cites_the_retreat_step():
    r = solve(Force({"destroyer": 1}), Force({"cruiser": 1}, retreat_round=3), stop_after=2)
    assert [(x.code, x.rule) for x in r.reasons] == [("retreat_after_stop", "ti4/23.7")]


def _steps(result):
    return {(s.step, s.side): (s.expected_hits, s.at_least_one_hit, s.expected_destroyed) for s in result.pre_combat}


@pytest.mark.parametrize("fighters", [1, 3, 4])
def test_barrage_of_two_destroyers_in_expected_hits(fighters):
    # Each destroyer throws 2 barrage dice hitting on 9-10 (1/5): 4 dice, H ~ Binomial(4, 1/5).
    # E[H] = 4/5 and P(H >= 1) = 1 - (4/5)^4 = 369/625, whatever the fighters. Hits beyond the
    # fighters are lost (68.2), so the fighters destroyed are E[min(H, f)]: with 4 fighters all of
    # E[H]; with 3 one hit is lost when all four dice hit, 4/5 - (1/5)^4 = 499/625; with 1 it is
    # P(H >= 1). Fighters have no barrage, so the defender has no step.
    r = solve(Force({"destroyer": 2}), Force({"fighter": fighters}))
    destroyed = {1: F(369, 625), 3: F(499, 625), 4: F(4, 5)}[fighters]
    assert _steps(r) == {("anti_fighter_barrage", "attacker"): (F(4, 5), F(369, 625), destroyed)}


def test_no_barrage_against_a_fleet_without_fighters():
    # Barrage hits only fighters (68.1): a side fires (and is reported) only at a fleet with some.
    plain = solve(Force({"cruiser": 2}), Force({"destroyer": 2}))
    assert plain.pre_combat == ()
    both_ways = solve(Force({"destroyer": 1, "fighter": 1}), Force({"destroyer": 2}))
    assert [(s.step, s.side) for s in both_ways.pre_combat] == [("anti_fighter_barrage", "defender")]


def test_space_cannon_then_barrage_from_what_is_left():
    # The defender's PDS (space cannon 6: 1/2) fires first; its hit takes a destroyer (the first
    # non-fighter in the default order), so the barrage has 4 dice half the time and 2 the other
    # half: E[H] = 1/2 * 4/5 + 1/2 * 2/5 = 3/5; P(H >= 1) = 1/2 * 369/625 + 1/2 * 9/25 = 297/625;
    # against 3 fighters one hit is lost only when 4 dice all hit: 3/5 - 1/2 * 1/625 = 749/1250.
    r = solve(Force({"destroyer": 2, "cruiser": 1}), Force({"carrier": 1, "fighter": 3, "pds": 1}))
    assert [(s.step, s.side) for s in r.pre_combat] == [
        ("space_cannon_offense", "defender"),
        ("anti_fighter_barrage", "attacker"),
    ]
    assert _steps(r)[("space_cannon_offense", "defender")] == (F(1, 2), F(1, 2), F(1, 2))
    assert _steps(r)[("anti_fighter_barrage", "attacker")] == (F(3, 5), F(297, 625), F(749, 1250))


def test_the_active_player_fires_space_cannon_first_and_the_defender_with_what_is_left():
    # 15.2: "a partire dal giocatore attivo". Three PDS II (5: 3/5 each) fire at the Xxcha
    # flagship (Space Cannon 5 x3, Sustain Damage): 2+ hits destroy it, 44/125 it survives.
    # Only then does it fire at the lone carrier: P(1+ hit) = 1 - (2/5)^3 = 117/125. Fired at
    # once, the flagship would always shoot (117/125 carriers destroyed).
    xxcha = FACTION_FLAGSHIPS["xxcha_kingdom"].sheet
    r = solve(Force({"carrier": 1, "pds": 3}, upgrades=("pds",)), Force({"flagship": 1}, flagship=xxcha))
    assert _steps(r)[("space_cannon_offense", "defender")] == (F(44, 125) * F(9, 5), F(5148, 15625), F(5148, 15625))
    assert _steps(r)[("space_cannon_offense", "attacker")][0] == F(9, 5)


def test_a_mentak_flagship_destroyed_by_space_cannon_no_longer_takes_sustain_away():
    # The defender's PDS (6: 1/2) fires after the attacker's. The attacker's PDS II pair
    # (3/5 each) destroys the Mentak flagship with 2 hits (9/25): then the dreadnought sustains
    # the PDS hit, which otherwise destroys it (the flagship takes Sustain Damage away).
    mentak = FACTION_FLAGSHIPS["mentak_coalition"].sheet
    r = solve(Force({"dreadnought": 1, "pds": 2}, upgrades=("pds",)), Force({"flagship": 1, "pds": 1}, flagship=mentak))
    assert _steps(r)[("space_cannon_offense", "defender")] == (F(1, 2), F(1, 2), (1 - F(9, 25)) * F(1, 2))


def test_no_barrage_where_the_space_cannon_ended_the_battle():
    # The PDS destroys the lone destroyer half the time: then no round 1, no barrage. Otherwise
    # 2 dice at 1/5: E[H] = 1/2 * 2/5, P(H >= 1) = 1/2 * (1 - 16/25), one fighter to destroy.
    r = solve(Force({"destroyer": 1}), Force({"fighter": 1, "pds": 1}))
    assert _steps(r)[("anti_fighter_barrage", "attacker")] == (F(1, 5), F(9, 50), F(9, 50))


def test_sustain_cancels_space_cannon_hits_but_they_count_as_hits():
    # One PDS hit (1/2) on a lone dreadnought is absorbed by Sustain Damage (77.4): a hit, no loss.
    r = solve(Force({"dreadnought": 1}), Force({"carrier": 1, "pds": 1}))
    assert _steps(r) == {("space_cannon_offense", "defender"): (F(1, 2), F(1, 2), 0)}


def test_no_pre_combat_step_without_cannon_or_barrage():
    assert solve(Force({"cruiser": 1}), Force({"fighter": 2, "pds": 1}), space_cannon=False).pre_combat == ()


def test_nekro_ground_forces_are_ground_forces_again_after_the_combat():
    """The Alastor (capacity 3) won with five infantry fighting as ships: once the combat ends
    they are ground forces again (FAQ, Mentak Coalition 3) and only three fit; with the
    flagship gone, nothing carries them. Fighters take what room is left."""
    nekro = Flagship(9, 2, 3, effect="ground_forces_fight")
    force = Force({"flagship": 1, "fighter": 1}, flagship=nekro, ground_forces=5)
    assert keep_within_capacity({"flagship": 1, "infantry": 5, "fighter": 1}, force, docks=False) == {
        "flagship": 1,
        "infantry": 3,
        "fighter": 0,
    }
    assert keep_within_capacity({"infantry": 2}, force, docks=False) == {}
    result = solve(force, Force({"fighter": 1}))
    for units, _ in result.attacker.survivors:
        kept = dict(units)
        assert kept.get("infantry", 0) + kept.get("fighter", 0) <= 3 * kept.get("flagship", 0)
    assert dict(result.attacker.expected_losses)["infantry"] > 2  # at least the two that do not fit
