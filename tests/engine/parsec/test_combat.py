import random
from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engine.parsec.combat import (
    MAX_ATTACKERS,
    RULE_GROUP_EVASION,
    UNITS,
    AttackingShip,
    Defender,
    Modifiers,
    _Exchange,
    combat_odds,
    defense_bonus,
    p_roll_wins,
)
from engine.core.reasons import InvalidInput

# Exact Fractions can be slow on a busy machine; timing is not what these properties test.
relaxed = settings(deadline=None)

# Hand-worked d8 table: for two d8, X - Y = j has (8 - |j|) of the 64 pairs. The attacker with a
# bonus lead of k wins when X - Y >= 1 - k:
#   k = -6: 1/64, -5: 3/64, -4: 6/64, -3: 10/64, -2: 15/64, -1: 21/64,
#   k =  0: 28/64, 1: 36/64, 2: 43/64, 3: 49/64.
D8_LEAD = {-6: 1, -5: 3, -4: 6, -3: 10, -2: 15, -1: 21, 0: 28, 1: 36, 2: 43, 3: 49}


@pytest.mark.parametrize("lead", sorted(D8_LEAD))
def test_d8_table(lead):
    assert p_roll_wins(lead, 0) == Fraction(D8_LEAD[lead], 64)
    assert p_roll_wins(lead + 3, 3) == Fraction(D8_LEAD[lead], 64)


def test_unit_cards():
    # The rulebook's unit descriptions: attack / defense / range.
    table = {name: (u.attack, u.defense, u.range) for name, u in UNITS.items()}
    assert table == {
        "cargo": (0, 1, 1),
        "fighter": (1, 0, 1),
        "armored_transport": (1, 1, 1),
        "cruiser": (2, 2, 2),
        "colony": (0, 2, 1),
    }


def test_three_linked_colonies_defend_at_plus_six():
    # "se su un pianeta un giocatore possiede 3 colonie su esagoni adiacenti, il bonus in difesa
    # totale di quelle colonie è +6".
    assert defense_bonus(Defender("colony", linked_colonies=3)) == 6
    odds = combat_odds([AttackingShip("cruiser")], Defender("colony", linked_colonies=3))
    assert odds.defense_bonus == 6
    assert odds.attack_succeeds == Fraction(6, 64)  # lead -4
    assert any(r.code == "linked_colonies" for r in odds.reasons)


def test_coordinated_attack_adds_attack_bonuses_only():
    # The example: cruiser (+2) and fighter (+1) against a lone colony (+2): lead +1.
    odds = combat_odds([AttackingShip("cruiser"), AttackingShip("fighter")], Defender("colony"))
    assert odds.attack_bonus == 3 and odds.defense_bonus == 2
    assert odds.attack_succeeds == Fraction(36, 64)
    assert "parsec/attacco-coordinato" in odds.rules


def test_a_cargo_attacks_only_with_an_event_card_and_adds_no_bonus():
    # «se non quando una carta Evento lo permette»: a cargo (+0) against a fighter (+0) wins on a
    # strictly higher d8, 28/64; beside a cruiser (+2) it adds nothing to the coordinated +2.
    with pytest.raises(InvalidInput) as err:
        combat_odds([AttackingShip("cargo")], Defender("fighter"))
    assert err.value.code == "unit_cannot_attack" and err.value.rule == "parsec/cargo"
    alone = combat_odds([AttackingShip("cargo")], Defender("fighter"), Modifiers(cargo_attacks=True))
    assert alone.attack_succeeds == Fraction(28, 64) and alone.attack_bonus == 0
    assert ("cargo_attacks_by_event", "parsec/attacco-coordinato") in [(r.code, r.rule) for r in alone.reasons]
    pair = combat_odds(
        [AttackingShip("cruiser"), AttackingShip("cargo")], Defender("fighter"), Modifiers(cargo_attacks=True)
    )
    assert pair.attack_bonus == 2 and pair.attack_succeeds == p_roll_wins(2, 0)
    # The card does not make a colony attack.
    with pytest.raises(InvalidInput):
        combat_odds([AttackingShip("colony")], Defender("fighter"), Modifiers(cargo_attacks=True))


def test_ship_out_of_range_does_not_join():
    # A fighter (range 1) two hexes away cannot take part; the cruiser (range 2) can.
    odds = combat_odds(
        [AttackingShip("cruiser", distance=2), AttackingShip("fighter", distance=2)], Defender("fighter")
    )
    assert odds.taking_part == (0,)
    assert odds.attack_bonus == 2
    assert any(r.code == "out_of_range" and r.params["attacker"] == 1 for r in odds.reasons)


def test_colony_at_long_range_ends_the_fight():
    # Cruiser at 2 hexes against a colony: 2 vs 2 (28/64); the colony cannot fire back at 2
    # hexes nor move away, so otherwise the fight just ends.
    odds = combat_odds([AttackingShip("cruiser", distance=2)], Defender("colony"))
    assert odds.outcomes["target_destroyed"] == Fraction(28, 64)
    assert odds.outcomes["combat_ended"] == Fraction(36, 64)
    assert odds.counterattack_target is None and odds.defender_response == "none"
    assert any(r.code == "colony_no_long_range_counter" for r in odds.reasons)


@pytest.mark.parametrize(
    "attackers, code",
    [
        ([AttackingShip("cruiser", distance=2)], "counter_out_of_range_all"),  # reaches none: says so
        ([AttackingShip("cruiser", distance=2), AttackingShip("fighter")], "counter_out_of_range"),  # some
    ],
)
def test_a_defender_out_of_range_is_told_whether_it_reaches_some_or_none(attackers, code):
    codes = [r.code for r in combat_odds(attackers, Defender("fighter")).reasons]
    assert code in codes and len({"counter_out_of_range", "counter_out_of_range_all"} & set(codes)) == 1


def test_ship_out_of_range_must_evade():
    odds = combat_odds([AttackingShip("cruiser", distance=2)], Defender("fighter"))
    # Cruiser +2 against fighter +0: lead 2, 43/64; the fighter cannot reach and leaves.
    assert odds.outcomes["target_destroyed"] == Fraction(43, 64)
    assert odds.outcomes["defender_evaded"] == Fraction(21, 64)
    assert odds.defender_response == "evade"


def test_a_ship_that_can_neither_fire_back_nor_move_away_waits():
    # A surrounded fighter under a cruiser's long-range fire: no counterattack, no evasion.
    odds = combat_odds([AttackingShip("cruiser", distance=2)], Defender("fighter", surrounded=True))
    assert odds.defender_response == "none" and odds.counterattack_target is None
    assert odds.outcomes["target_destroyed"] == 1  # it waits for the next attack, every time


def test_the_defenders_response_is_said_even_when_the_attack_never_fails():
    # +10 against a fighter's +0 always wins (the d8 lead is at least 3), so the evasion the
    # fighter would make never happens: the page still says what it would do.
    odds = combat_odds([AttackingShip("cruiser", distance=2)], Defender("fighter"), Modifiers(attack=8))
    assert odds.outcomes["target_destroyed"] == 1 and odds.outcomes["defender_evaded"] == 0
    assert odds.defender_response == "evade"


def test_fighter_duel_to_the_end():
    # Both sides fire until one falls: p = q = 36/64 (lead 1 each way).
    # P(attacker wins) = p / (1 - (1-p)(1-q)) = (36/64) / (1 - (28/64)^2) = 16/23.
    odds = combat_odds([AttackingShip("fighter")], Defender("fighter", surrounded=True))
    assert odds.outcomes["target_destroyed"] == Fraction(16, 23)
    assert odds.outcomes["attackers_destroyed"] == Fraction(7, 23)
    assert odds.ships_lost == (Fraction(16, 23), Fraction(7, 23))
    assert odds.counterattack_succeeds == Fraction(36, 64)


def test_attacker_withdraws_after_one_exchange():
    p = q = Fraction(36, 64)
    odds = combat_odds([AttackingShip("fighter")], Defender("fighter"), attacker_choice="withdraw")
    assert odds.outcomes["target_destroyed"] == p
    assert odds.outcomes["attackers_destroyed"] == (1 - p) * q
    assert odds.outcomes["attacker_withdrew"] == (1 - p) * (1 - q)


@pytest.mark.parametrize(
    ("ship", "defender", "p", "q"),
    [
        (AttackingShip("fighter"), Defender("fighter"), Fraction(36, 64), Fraction(36, 64)),  # +1/+0 both ways
        (AttackingShip("fighter"), Defender("cruiser"), Fraction(21, 64), Fraction(43, 64)),  # lead -1; +2 vs +0
        (AttackingShip("cruiser"), Defender("colony"), Fraction(28, 64), Fraction(15, 64)),  # lead 0; 0 vs +2
        (AttackingShip("cruiser", 2), Defender("cruiser"), Fraction(28, 64), Fraction(28, 64)),  # range 2 each
    ],
)
def test_a_single_ship_withdraws_as_before(ship, defender, p, q):
    # One ship: attack (p), one counterattack (q), then it leaves with nobody left behind.
    odds = combat_odds([ship], defender, attacker_choice="withdraw")
    assert odds.outcomes["target_destroyed"] == p
    assert odds.outcomes["attackers_destroyed"] == (1 - p) * q
    assert odds.outcomes["attacker_withdrew"] == (1 - p) * (1 - q)
    assert odds.ships_lost == (1 - (1 - p) * q, (1 - p) * q)


def test_withdrawing_fighters_leave_one_at_a_time():
    """Two fighters attack a cruiser and withdraw after its counterattack (the audit's example).

    Attack +1 +1 = +2 (coordinated) against +2: lead 0, p = 28/64 = 7/16. The cruiser's
    counterattack +2 against a fighter's +0: lead 2, q = 43/64.
    * p = 7/16: the cruiser is destroyed, no ship lost.
    * (1 - p) q = 9/16 * 43/64: one fighter falls; the other is alone and leaves (1 lost).
    * (1 - p)(1 - q) = 9/16 * 21/64: both withdraw. One leaves; the one left behind takes one more
      counterattack (q) before it can follow: lost with 9/16 * 21/64 * 43/64, else it leaves too.
    P(1 lost) = 9/16 * 43/64 + 9/16 * 21/64 * 43/64 = (24768 + 8127)/65536 = 32895/65536.
    P(withdrew, 0 lost) = 9/16 * 21/64 * 21/64 = 3969/65536.
    P(0 lost) = 7/16 + 3969/65536 = (28672 + 3969)/65536 = 32641/65536; one fighter always gets away.
    (Before the fix both fighters left together: ships_lost was 637/1024, 387/1024, 0.)
    """
    odds = combat_odds(
        [AttackingShip("fighter"), AttackingShip("fighter")], Defender("cruiser"), attacker_choice="withdraw"
    )
    assert odds.outcomes["target_destroyed"] == Fraction(7, 16)
    assert odds.outcomes["attacker_withdrew"] == Fraction(9, 16)
    assert odds.outcomes["attackers_destroyed"] == 0
    assert odds.ships_lost == (Fraction(32641, 65536), Fraction(32895, 65536), Fraction(0))
    assert {"parsec/manovra-evasiva", "parsec/attacco-coordinato", RULE_GROUP_EVASION} <= set(odds.rules)


def test_three_withdrawing_fighters_take_a_series_of_counterattacks():
    """Three fighters (+3) against a cruiser (+2): p = 36/64 = 9/16; each counterattack q = 43/64.

    After a failed attack (7/16) and the cruiser's first counterattack:
    * it hits (q): two fighters withdraw, the one left behind is hit with q: 1 + (0 or 1) lost;
    * it misses (1 - q): one leaves, the cruiser fires at the two left (q: one lost, the last
      leaves), else one more leaves and the last takes a last counterattack (q).
    P(2 lost) = 7/16 q^2, P(1 lost) = 7/16 (q(1 - q) + (1 - q)(q + (1 - q) q)),
    P(0 lost) = 9/16 + 7/16 (1 - q)^3; three are never lost: one always gets away.
    """
    p, q = Fraction(9, 16), Fraction(43, 64)
    odds = combat_odds([AttackingShip("fighter")] * 3, Defender("cruiser"), attacker_choice="withdraw")
    assert odds.ships_lost == (
        p + (1 - p) * (1 - q) ** 3,
        (1 - p) * (q * (1 - q) + (1 - q) * (q + (1 - q) * q)),
        (1 - p) * q**2,
        Fraction(0),
    )
    assert odds.outcomes["attacker_withdrew"] == 1 - p


def test_a_ship_out_of_the_defenders_reach_is_not_counterattacked_while_withdrawing():
    """A cruiser 2 hexes away and an adjacent fighter attack a fighter (range 1), then withdraw.

    Attack +2 +1 = +3 against +0: p = 49/64. The defender can only reach the fighter: q = 36/64.
    The attacker moves the fighter away first (the ship the defender would aim at); the cruiser,
    out of its reach, then leaves unharmed. So only the first counterattack can cost a ship.
    """
    p, q = Fraction(49, 64), Fraction(36, 64)
    odds = combat_odds(
        [AttackingShip("cruiser", distance=2), AttackingShip("fighter")],
        Defender("fighter"),
        attacker_choice="withdraw",
    )
    assert odds.ships_lost == (p + (1 - p) * (1 - q), (1 - p) * q, Fraction(0))


def test_the_defenders_next_target_leaves_first():
    """A fighter (+0 defense) and an armored transport (+1) attack a fighter and withdraw.

    Attack +2 against +0: p = 43/64. The defender aims at the fighter: q = 36/64; against the
    transport q' = 28/64. If the first counter misses, the fighter leaves first and the transport
    left behind takes one more counterattack at q' (the worse shot): that ship is lost with
    (1 - p)(1 - q) q'; if the first counter hits the fighter, the transport leaves alone.
    """
    p, q, q2 = Fraction(43, 64), Fraction(36, 64), Fraction(28, 64)
    odds = combat_odds(
        [AttackingShip("fighter"), AttackingShip("armored_transport")], Defender("fighter"), attacker_choice="withdraw"
    )
    assert odds.counterattack_target == 0
    assert odds.ships_lost[1] == (1 - p) * q + (1 - p) * (1 - q) * q2
    assert odds.ships_lost[2] == 0


def test_defender_that_prefers_to_evade():
    odds = combat_odds([AttackingShip("fighter")], Defender("cargo"), defender_choice="evade")
    # Fighter +1 against cargo +1: 28/64, then the cargo flies away.
    assert odds.outcomes["target_destroyed"] == Fraction(28, 64)
    assert odds.outcomes["defender_evaded"] == Fraction(36, 64)


def test_counterattack_aims_at_the_weakest_defense():
    odds = combat_odds([AttackingShip("cruiser"), AttackingShip("fighter")], Defender("cruiser", surrounded=True))
    assert odds.counterattack_target == 1  # the fighter defends at +0, the cruiser at +2
    assert odds.defender_response == "counterattack"
    assert odds.counterattack_succeeds == Fraction(43, 64)


def test_modifiers_are_plain_numbers():
    plain = combat_odds([AttackingShip("fighter")], Defender("fighter"))
    boosted = combat_odds([AttackingShip("fighter")], Defender("fighter"), Modifiers(attack=2, defense=1))
    assert boosted.attack_succeeds == Fraction(D8_LEAD[2], 64)
    assert boosted.attack_succeeds > plain.attack_succeeds


def test_stalemate_when_nobody_can_roll_higher():
    # Fighter -7 against a cargo: 1 + 8 - 7 <= 1 + 1; the cargo's counter 0 + 8 - 8 <= 0 + 1.
    odds = combat_odds(
        [AttackingShip("fighter")], Defender("cargo", surrounded=True), Modifiers(attack=-7, counter_attack=-8)
    )
    assert odds.outcomes["stalemate"] == 1


def test_exchange_matches_monte_carlo():
    # Cruiser 2 hexes away and a fighter adjacent attack a fighter that counterattacks while it
    # can. It can reach only the adjacent fighter; once that falls it must flee.
    rng = random.Random(3)
    trials = 40_000
    counts = {"target_destroyed": 0, "attackers_destroyed": 0, "defender_evaded": 0}
    for _ in range(trials):
        fighter_alive = True
        while True:
            bonus = 2 + (1 if fighter_alive else 0)
            if rng.randint(1, 8) + bonus > rng.randint(1, 8):
                counts["target_destroyed"] += 1
                break
            if not fighter_alive:
                counts["defender_evaded"] += 1
                break
            if rng.randint(1, 8) + 1 > rng.randint(1, 8):
                fighter_alive = False
    odds = combat_odds([AttackingShip("cruiser", distance=2), AttackingShip("fighter")], Defender("fighter"))
    for outcome, hits in counts.items():
        assert abs(hits / trials - float(odds.outcomes[outcome])) < 0.01


# --- Properties ---------------------------------------------------------------------------------

units_that_attack = st.sampled_from(["fighter", "armored_transport", "cruiser"])
any_unit = st.sampled_from(sorted(UNITS))
modifier = st.integers(-4, 4)


@relaxed
@given(
    st.lists(units_that_attack, min_size=1, max_size=4),
    any_unit,
    modifier,
    modifier,
    st.sampled_from(["counterattack", "evade"]),
    st.sampled_from(["continue", "withdraw"]),
)
def test_outcomes_sum_to_one(units, defender, attack, defense, d_choice, a_choice):
    odds = combat_odds(
        [AttackingShip(u) for u in units], Defender(defender), Modifiers(attack, defense), d_choice, a_choice
    )
    assert sum(odds.outcomes.values()) == 1
    assert sum(odds.ships_lost) == 1


def _withdrawals_in_any_order(exchange, group):
    """Every distribution of further losses some order of evasion gives (brute force)."""
    members = [k for k in range(len(exchange.ships)) if group >> k & 1]
    if len(members) <= 1:
        return [{0: Fraction(1)}]
    out = []
    for first in members:
        staying = group & ~(1 << first)
        action, target = exchange.response(staying)
        if action != "counter":
            out.append({0: Fraction(1)})
            continue
        q = exchange.counter_odds(target)
        left = staying & ~(1 << target)
        hits = (
            [{k + 1: p for k, p in d.items()} for d in _withdrawals_in_any_order(exchange, left)] if left else [{1: 1}]
        )
        for hit in hits:
            for miss in _withdrawals_in_any_order(exchange, staying):
                dist = {}
                for weight, part in ((q, hit), (1 - q, miss)):
                    for k, p in part.items():
                        dist[k] = dist.get(k, 0) + weight * p
                out.append(dist)
    return out


@relaxed
@given(
    st.lists(st.tuples(units_that_attack, st.integers(1, 2)), min_size=2, max_size=4),
    st.sampled_from(["fighter", "armored_transport", "cruiser", "colony"]),
    modifier,
    modifier,
)
def test_withdrawal_order_is_the_attackers_best(ships, defender, counter_attack, counter_defense):
    # Moving first the ship the defender would aim at next makes every number of losses as
    # unlikely as any other order of evasion does: P(at least k lost) is the smallest, for each k.
    exchange = _Exchange(
        tuple(AttackingShip(u, d) for u, d in ships),
        Defender(defender),
        Modifiers(counter_attack=counter_attack, counter_defense=counter_defense),
        "counterattack",
        "withdraw",
    )
    everyone = (1 << len(ships)) - 1
    chosen = exchange.withdrawal(everyone)
    at_least = lambda dist, k: sum((p for j, p in dist.items() if j >= k), Fraction(0))  # noqa: E731
    for other in _withdrawals_in_any_order(exchange, everyone):
        assert all(at_least(chosen, k) <= at_least(other, k) for k in range(1, len(ships)))
    assert at_least(chosen, len(ships)) == 0  # the first ship always gets away


@relaxed
@given(st.lists(units_that_attack, min_size=2, max_size=4), any_unit, modifier)
def test_a_withdrawing_fleet_is_never_wiped_out(units, defender, counter_attack):
    odds = combat_odds(
        [AttackingShip(u) for u in units],
        Defender(defender, surrounded=True),
        Modifiers(counter_attack=counter_attack),
        attacker_choice="withdraw",
    )
    assert odds.outcomes["attackers_destroyed"] == 0 and odds.ships_lost[-1] == 0
    assert sum(odds.ships_lost) == 1


@relaxed
@given(st.lists(units_that_attack, min_size=1, max_size=3), any_unit, modifier, st.integers(1, 3))
def test_a_bigger_bonus_never_lowers_the_odds(units, defender, attack, extra):
    ships = [AttackingShip(u) for u in units]
    base = combat_odds(ships, Defender(defender), Modifiers(attack=attack))
    better = combat_odds(ships, Defender(defender), Modifiers(attack=attack + extra))
    assert better.attack_succeeds >= base.attack_succeeds
    assert better.outcomes["target_destroyed"] >= base.outcomes["target_destroyed"]
    # Another ship joining the attack never hurts the first roll either.
    joined = combat_odds(ships + [AttackingShip("fighter")], Defender(defender), Modifiers(attack=attack))
    assert joined.attack_succeeds >= base.attack_succeeds


@relaxed
@given(st.integers(1, 6), units_that_attack)
def test_more_linked_colonies_never_help_the_attacker(n, unit):
    fewer = combat_odds([AttackingShip(unit)], Defender("colony", linked_colonies=n))
    more = combat_odds([AttackingShip(unit)], Defender("colony", linked_colonies=n + 1))
    assert more.attack_succeeds <= fewer.attack_succeeds


# --- Refusals -----------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("attackers", "defender", "modifiers", "code", "field"),
    [
        ([], Defender("colony"), Modifiers(), "no_attackers", "attackers"),
        (
            [AttackingShip("fighter")] * (MAX_ATTACKERS + 1),
            Defender("colony"),
            Modifiers(),
            "too_many_attackers",
            "attackers",
        ),
        ([AttackingShip("dreadnought")], Defender("colony"), Modifiers(), "unknown_unit", "attackers[0].unit"),
        ([AttackingShip("cargo")], Defender("colony"), Modifiers(), "unit_cannot_attack", "attackers[0].unit"),
        ([AttackingShip("colony")], Defender("colony"), Modifiers(), "unit_cannot_attack", "attackers[0].unit"),
        (
            [AttackingShip("fighter", 0)],
            Defender("colony"),
            Modifiers(),
            "distance_out_of_range",
            "attackers[0].distance",
        ),
        ([AttackingShip("fighter")], Defender("base"), Modifiers(), "unknown_unit", "defender.unit"),
        (
            [AttackingShip("fighter")],
            Defender("colony", 8),
            Modifiers(),
            "linked_colonies_out_of_range",
            "defender.linked_colonies",
        ),
        (
            [AttackingShip("fighter")],
            Defender("colony", 0),
            Modifiers(),
            "linked_colonies_out_of_range",
            "defender.linked_colonies",
        ),
        (
            [AttackingShip("fighter")],
            Defender("cruiser", 2),
            Modifiers(),
            "linked_colonies_only_for_colonies",
            "defender.linked_colonies",
        ),
        (
            [AttackingShip("fighter")],
            Defender("colony"),
            Modifiers(attack=11),
            "modifier_out_of_range",
            "attack_modifier",
        ),
        (
            [AttackingShip("fighter")],
            Defender("colony"),
            Modifiers(defender_range=-1),
            "range_bonus_out_of_range",
            "defender_range_bonus",
        ),
        ([AttackingShip("fighter", 3)], Defender("colony"), Modifiers(), "no_attacker_in_range", "attackers"),
    ],
)
def test_refusals(attackers, defender, modifiers, code, field):
    with pytest.raises(InvalidInput) as err:
        combat_odds(attackers, defender, modifiers)
    assert err.value.code == code and err.value.field == field


def test_unknown_choices_are_refused():
    with pytest.raises(InvalidInput) as err:
        combat_odds([AttackingShip("fighter")], Defender("fighter"), defender_choice="flee")
    assert err.value.field == "defender_choice"
