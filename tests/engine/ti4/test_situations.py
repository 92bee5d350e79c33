"""Situations players bring to the table, each on a battle small enough to solve by hand: units
damaged at the start, each action card, Duranium Armor (by hand and against a Monte Carlo run),
flagships by faction. Fighters hit on 9-10 (1/5), cruisers on 7+ (2/5), dreadnoughts on 5+
(3/5), infantry on 8+ (3/10). One fighter against one fighter: the attacker wins 4/9, the
defender 4/9, a draw 1/9 (test_ti4_chain.py)."""

import random
from fractions import Fraction as F

import pytest

from engine.core.reasons import InvalidInput
from engine.ti4.assignment import ForceStates, HitPolicy, RoundEffects
from engine.ti4.cards import ActionCards
from engine.ti4.ground import ground_combat
from engine.ti4.inputs import Battle, Force
from engine.ti4.rolls import bonus_die
from engine.ti4.space import ambush_step, before_combat, space_combat
from engine.ti4.units import FACTION_FLAGSHIPS, Loadout


def space(attacker, defender, exact=True, **options):
    return space_combat(Battle("space", attacker, defender, **options), exact=exact)


def ground(attacker, defender, **options):
    return ground_combat(Battle("ground", attacker, defender, **options), exact=True)


def test_a_dreadnought_damaged_before_the_combat_dies_to_one_hit():
    """Damaged dreadnought (3/5) v fighter (1/5): a round ends with both hit 3/25, only the
    fighter destroyed 12/25, only the dreadnought 2/25, nothing 8/25. Conditioned on the round
    ending (17/25): attacker 12/17, defender 2/17, draw 3/17."""
    result = space(Force({"dreadnought": 1}, damaged={"dreadnought": 1}), Force({"fighter": 1}))
    assert (result.attacker_win, result.defender_win, result.draw) == (F(12, 17), F(2, 17), F(3, 17))
    assert "damaged_at_start" in {r.code for r in result.reasons}
    intact = space(Force({"dreadnought": 1}), Force({"fighter": 1}))
    assert intact.attacker_win > F(12, 17)


def test_only_units_with_sustain_damage_start_damaged():
    with pytest.raises(InvalidInput) as refused:
        space(Force({"cruiser": 1}, damaged={"cruiser": 1}), Force({"fighter": 1}))
    assert refused.value.code == "damaged_without_sustain"
    with pytest.raises(InvalidInput) as refused:
        space(Force({"dreadnought": 1}, damaged={"dreadnought": 2}), Force({"fighter": 1}))
    assert refused.value.code == "more_damaged_than_units"


def test_shields_holding_cancels_the_first_hit():
    """Fighter with one Shields Holding v fighter. Until the card is used a round ends the
    battle for the attacker when it hits (1/25 + 4/25: its own hit is cancelled), uses the card
    when only the defender hits (4/25, then the plain duel, 4/9 each, draw 1/9), and repeats on
    16/25. Attacker (5/25 + 4/25 * 4/9) / (9/25) = 61/81, defender 16/81, draw 4/81."""
    result = space(Force({"fighter": 1}, cards=ActionCards(shields_holding=1)), Force({"fighter": 1}))
    assert (result.attacker_win, result.defender_win, result.draw) == (F(61, 81), F(16, 81), F(4, 81))


def test_two_shields_holding_are_played_in_two_rounds():
    """With two cards the first defender hit leads to the one-card battle above: attacker
    (5/25 + 4/25 * 61/81) / (9/25)."""
    result = space(Force({"fighter": 1}, cards=ActionCards(shields_holding=2)), Force({"fighter": 1}))
    assert result.attacker_win == (F(5, 25) + F(4, 25) * F(61, 81)) / F(9, 25)


def test_direct_hit_destroys_the_ship_that_sustained():
    """Dreadnought (3/5) v cruiser (2/5) holding one Direct Hit: the dreadnought's first hit
    taken is sustained and then destroyed by the card, so it has one life. Only the dreadnought
    hits 9/25, only the cruiser 4/25, both 6/25 (draw), nothing 6/25: attacker 9/19,
    defender 4/19, draw 6/19."""
    result = space(Force({"dreadnought": 1}), Force({"cruiser": 1}, cards=ActionCards(direct_hit=1)))
    assert (result.attacker_win, result.defender_win, result.draw) == (F(9, 19), F(4, 19), F(6, 19))
    assert any(r.code == "card_direct_hit" and r.params["side"] == "defender" for r in result.reasons)


def test_two_direct_hits_in_one_round_on_two_ships():
    """Two dreadnoughts v two Direct Hits: two hits in one round make both sustain and both are
    destroyed (FAQ action cards 3)."""
    states = ForceStates({"dreadnought": 2}, Loadout(), HitPolicy(), F, effects=RoundEffects(opponent_direct_hits=2))
    assert states.counts(states.after_round(states.start, 2)) == {}
    one = states.after_round(states.start, 1)
    assert states.counts(one) == {"dreadnought": 1}  # one sustained and was destroyed
    assert states.counts(states.after_round(one, 1)) == {}  # the second card for the second ship


def test_direct_hit_on_a_ship_that_sustained_a_space_cannon_hit():
    """The card destroys a ship that sustained a hit the other side's units produced, a space
    cannon's too. The defender's PDS (space cannon 6: 1/2) hits the lone dreadnought, which
    sustains and is destroyed by the defender's Direct Hit before the combat; on a miss the duel
    above is left (attacker 9/19, defender 4/19, draw 6/19). Attacker 1/2 * 9/19 = 9/38,
    defender 1/2 + 1/2 * 4/19 = 23/38, draw 6/38. Without the card the damaged dreadnought still
    fights: 1/2 of the one-life duel (the same 9/19) and 1/2 of the plain one."""
    cannon_and_card = space(Force({"dreadnought": 1}), Force({"cruiser": 1, "pds": 1}, cards=ActionCards(direct_hit=1)))
    assert (cannon_and_card.attacker_win, cannon_and_card.defender_win, cannon_and_card.draw) == (
        F(9, 38),
        F(23, 38),
        F(6, 38),
    )
    cannon_only = space(Force({"dreadnought": 1}), Force({"cruiser": 1, "pds": 1}))
    duel = space(Force({"dreadnought": 1}), Force({"cruiser": 1}))
    assert cannon_only.attacker_win == F(1, 2) * F(9, 19) + F(1, 2) * duel.attacker_win


def test_direct_hits_after_space_cannon_hits_leave_fewer_cards_for_the_rounds():
    """Two dreadnoughts sustain two cannon hits: with two cards both are destroyed before the
    combat; with one, one is, and the other is damaged with no card left against it."""
    two = ForceStates({"dreadnought": 2}, Loadout(), HitPolicy(), F, effects=RoundEffects(opponent_direct_hits=2))
    assert two.counts(two.after_cannon_hits(two.start, 2, False)) == {}
    one = ForceStates({"dreadnought": 2}, Loadout(), HitPolicy(), F, effects=RoundEffects(opponent_direct_hits=1))
    left = one.after_cannon_hits(one.start, 2, False)
    assert one.counts(left) == {"dreadnought": 1}
    assert one.states[left][-1] == 0  # no Direct Hit left: the next sustain is safe
    assert one.counts(one.after_round(left, 1)) == {}  # it was damaged: one more hit destroys it
    blocked = one.after_cannon_hits(one.start, 1, False, blocked=True)
    assert one.counts(blocked) == {"dreadnought": 1} and one.states[blocked][-1] == 1  # no sustain, no card


def test_morale_boost_adds_one_in_the_first_rounds():
    """Two Morale Boosts: the attacker's fighter hits on 8+ (3/10) in rounds 1 and 2. A boosted
    round: only the attacker hits 12/50, nothing 28/50; attacker wins
    12/50 + 28/50 * (12/50 + 28/50 * 4/9)."""
    result = space(Force({"fighter": 1}, cards=ActionCards(morale_boost=2)), Force({"fighter": 1}))
    assert result.attacker_win == F(12, 50) + F(28, 50) * (F(12, 50) + F(28, 50) * F(4, 9))


def test_maneuvering_jets_cancel_a_space_cannon_hit():
    """One PDS (space cannon 6, 1/2) can score one hit: the jets cancel it, so the plain duel is
    left (4/9); without them the fighter first survives the cannon with 1/2."""
    defender = Force({"fighter": 1, "pds": 1})
    jets = space(Force({"fighter": 1}, cards=ActionCards(maneuvering_jets=1)), defender)
    assert jets.attacker_win == F(4, 9)
    assert space(Force({"fighter": 1}), defender).attacker_win == F(1, 2) * F(4, 9)


def test_experimental_battlestation_fires_three_dice_at_5():
    """The defender has no PDS: the space dock's three dice (3/5 each) all miss with 8/125."""
    result = space(Force({"fighter": 1}), Force({"fighter": 1}, cards=ActionCards(experimental_battlestation=1)))
    assert result.attacker_win == F(8, 125) * F(4, 9)


def test_fire_team_rerolls_the_misses_of_round_1():
    """Infantry v infantry (3/10 each) is 7/17 to the attacker. With Fire Team the attacker
    hits in round 1 with 1 - (7/10)^2 = 51/100: it wins then when only it hits,
    51/100 * 7/10, and later with 7/17 after a round where nobody hit (49/100 * 7/10)."""
    result = ground(Force({"infantry": 1}, cards=ActionCards(fire_team=1)), Force({"infantry": 1}))
    assert result.attacker_win == F(51, 100) * F(7, 10) + F(49, 100) * F(7, 10) * F(7, 17)


def test_cards_are_refused_where_they_change_nothing():
    with pytest.raises(InvalidInput) as refused:
        ground(Force({"infantry": 1}, cards=ActionCards(shields_holding=1)), Force({"infantry": 1}))
    assert refused.value.code == "card_not_in_this_combat"
    with pytest.raises(InvalidInput) as refused:
        space(Force({"fighter": 1}, cards=ActionCards(morale_boost=4, shields_holding=4)), Force({"fighter": 1}))
    assert refused.value.code == "too_many_cards"  # a hand holds 7 (18.4)
    with pytest.raises(InvalidInput) as refused:
        space(Force({"fighter": 1}, cards=ActionCards(direct_hit=5)), Force({"fighter": 1}))
    assert refused.value.code == "card_count_out_of_range"
    with pytest.raises(InvalidInput) as refused:  # four Direct Hits in the deck, not four a side
        space(
            Force({"fighter": 1}, cards=ActionCards(direct_hit=3)),
            Force({"fighter": 1}, cards=ActionCards(direct_hit=2)),
        )
    assert (refused.value.code, refused.value.field) == ("card_copies_shared", "defender.cards.direct_hit")


def test_duranium_armor_by_hand():
    """Dreadnought with Duranium v fighter. Intact (x) or damaged (y) at a round's start:
    x = 3/5 + 2/25 y + 8/25 x (it sustains a hit and cannot be repaired that round);
    y = 12/25 + 8/25 x (missed by the fighter, it is repaired). So x = 399/409.
    Without Duranium, y = 12/17 and x = (3/5 + 2/25 * 12/17) / (17/25)."""
    result = space(Force({"dreadnought": 1}, technologies=("duranium_armor",)), Force({"fighter": 1}), exact=False)
    assert result.attacker_win == pytest.approx(399 / 409, abs=1e-12)
    assert result.attacker_win + result.defender_win + result.draw == pytest.approx(1, abs=1e-12)
    damaged = space(
        Force({"dreadnought": 1}, technologies=("duranium_armor",), damaged={"dreadnought": 1}),
        Force({"fighter": 1}),
        exact=False,
    )
    assert damaged.attacker_win == pytest.approx(F(12, 25) + F(8, 25) * F(399, 409), abs=1e-12)
    plain = space(Force({"dreadnought": 1}), Force({"fighter": 1}))
    assert plain.attacker_win == (F(3, 5) + F(2, 25) * F(12, 17)) / F(17, 25)


def _simulate_duranium(rng, attacker, defender):
    """A naive simulation: each round both sides roll; each side sustains with every intact
    dreadnought, then loses its cheapest units (of one kind, the damaged first, those that just
    sustained before the others); then a side with Duranium repairs one unit that was damaged
    before this round. ``attacker`` and ``defender`` are (units, has Duranium)."""
    values = {"fighter": 9, "destroyer": 9, "cruiser": 7, "dreadnought": 5}
    order = ("fighter", "destroyer", "cruiser", "dreadnought")
    fleets = [
        [{"kind": k, "damaged": False} for k in order for _ in range(units.get(k, 0))]
        for units, _ in (attacker, defender)
    ]
    while fleets[0] and fleets[1]:
        hits = [sum(rng.randint(1, 10) >= values[u["kind"]] for u in fleet) for fleet in fleets]
        for side, (fleet, taken) in enumerate(zip(fleets, reversed(hits))):
            for unit in fleet:
                unit["old"] = unit["damaged"]
                if taken and unit["kind"] == "dreadnought" and not unit["damaged"]:
                    unit["damaged"] = True
                    taken -= 1
            for _ in range(min(taken, len(fleet))):
                fleet.remove(min(fleet, key=lambda u: (order.index(u["kind"]), not u["damaged"], u["old"])))
            old = [u for u in fleet if u["damaged"] and u["old"]]
            if (attacker, defender)[side][1] and old:
                old[-1]["damaged"] = False
    return "draw" if not fleets[0] and not fleets[1] else "attacker" if fleets[0] else "defender"


def test_duranium_armor_against_monte_carlo():
    a = {"dreadnought": 2, "cruiser": 1}
    d = {"cruiser": 3, "destroyer": 2, "fighter": 2}
    exact = space(Force(a, technologies=("duranium_armor",), policy=HitPolicy()), Force(d), exact=False)
    rng = random.Random(20261123)
    n = 20000
    wins = {"attacker": 0, "defender": 0, "draw": 0}
    for _ in range(n):
        wins[_simulate_duranium(rng, (a, True), (d, False))] += 1
    for name, p in (("attacker", exact.attacker_win), ("defender", exact.defender_win), ("draw", exact.draw)):
        sigma = max((p * (1 - p) / n) ** 0.5, 1 / n)
        assert abs(wins[name] / n - p) < 4 * sigma, (name, wins[name] / n, p)


def test_seventeen_base_game_flagships():
    assert len(FACTION_FLAGSHIPS) == 17
    assert FACTION_FLAGSHIPS["federation_of_sol"].sheet.capacity == 12
    assert FACTION_FLAGSHIPS["ghosts_of_creuss"].sheet.dice == 1


def test_letnev_flagship_damaged_by_space_cannon_starts_the_first_round_repaired():
    """A PDS with one die can only make the flagship sustain before the combat; repaired at the
    start of round 1, it fights as if the PDS had not fired."""
    letnev = FACTION_FLAGSHIPS["barony_of_letnev"].sheet
    shot = space(Force({"flagship": 1}, flagship=letnev), Force({"cruiser": 1, "pds": 1}), exact=False)
    unshot = space(Force({"flagship": 1}, flagship=letnev), Force({"cruiser": 1}), exact=False)
    for won in ("attacker_win", "defender_win", "draw"):
        assert getattr(shot, won) == pytest.approx(getattr(unshot, won), abs=1e-12)


def test_letnev_flagship_starts_every_round_repaired():
    """A damaged Arc Secundus is repaired before round 1 and again before every round, even
    after sustaining: a lone fighter scores at most one hit a round, so it can never destroy
    it and the flagship wins with certainty."""
    letnev = FACTION_FLAGSHIPS["barony_of_letnev"].sheet
    result = space(Force({"flagship": 1}, flagship=letnev, damaged={"flagship": 1}), Force({"fighter": 1}), exact=False)
    assert result.attacker_win == pytest.approx(1.0, abs=1e-12)
    assert result.defender_win == result.draw == 0


def test_saar_flagship_fires_anti_fighter_barrage():
    """Son of Ragh: barrage 6 (x4, 1/2 a die). Two or more hits (1 - 1/16 - 4/16 = 11/16)
    destroy both fighters before the first combat roll: the battle ends there, won."""
    saar = FACTION_FLAGSHIPS["clan_of_saar"].sheet
    result = space(Force({"flagship": 1}, flagship=saar), Force({"fighter": 2}))
    plain = space(
        Force({"flagship": 1}, flagship=FACTION_FLAGSHIPS["embers_of_muaat"].sheet), Force({"fighter": 2})
    )  # same 5 (x2) without barrage
    assert result.rounds[1] - plain.rounds[1] >= F(11, 16) * (1 - plain.rounds[1])
    assert result.attacker_win > plain.attacker_win


def test_sardakk_flagship_lifts_the_other_ships():
    sardakk = FACTION_FLAGSHIPS["sardakk_norr"].sheet
    states = ForceStates(
        {"flagship": 1, "fighter": 1}, Loadout(flagship=sardakk), HitPolicy(order=("flagship", "fighter")), F
    )
    assert states.dice(states.start, "combat") == (((6, 2), (8, 1)), ())  # the fighter hits on 8
    gone = states.after_round(states.start, 2)  # sustained, then destroyed
    assert states.dice(gone, "combat") == (((9, 1),), ())  # no flagship, no bonus


def test_jol_nar_flagship_dice_score_three_on_9_and_10():
    # Value 6: faces 1-5 miss, 6-8 one hit, 9-10 three hits.
    assert bonus_die(6, 0) == (F(1, 2), F(3, 10), F(0), F(1, 5))
    # -3: only 9 and 10 still reach 6, and they add their two hits to their own.
    assert bonus_die(6, -3) == (F(8, 10), F(0), F(0), F(2, 10))


def test_xxcha_flagship_fires_space_cannon():
    """Loncara Ssodu: space cannon 5 (x3): the lone attacking fighter survives with (2/5)^3."""
    xxcha = FACTION_FLAGSHIPS["xxcha_kingdom"].sheet
    result = space(Force({"fighter": 1}), Force({"flagship": 1}, flagship=xxcha))
    assert result.defender_win >= 1 - F(8, 125)


def test_mentak_flagship_takes_sustain_damage_away():
    """Fourth Moon (7, 2 dice: a hit 2/5 each, one or more 16/25) against a dreadnought (3/5)
    that cannot sustain: one hit destroys it. Intact flagship (2 hits to destroy): a round wins
    16/25, damages it 27/125 (both dice miss, the dreadnought hits), repeats 18/125. Damaged:
    wins 32/125, draw 48/125, loses 27/125, repeats 18/125, i.e. 32/107, 48/107, 27/107."""
    mentak = FACTION_FLAGSHIPS["mentak_coalition"].sheet
    result = space(Force({"flagship": 1}, flagship=mentak), Force({"dreadnought": 1}))
    assert (result.attacker_win, result.defender_win, result.draw) == (
        F(80 * 107 + 27 * 32, 107**2),
        F(27 * 27, 107**2),
        F(27 * 48, 107**2),
    )
    mirror = space(Force({"dreadnought": 1}), Force({"flagship": 1}, flagship=mentak))
    assert (mirror.defender_win, mirror.attacker_win, mirror.draw) == (
        result.attacker_win,
        result.defender_win,
        result.draw,
    )
    assert "flagship_no_sustain" in {r.code for r in result.reasons}
    # The same ship without the ability: the dreadnought sustains once, and does better.
    plain = space(
        Force({"flagship": 1}, flagship=FACTION_FLAGSHIPS["emirates_of_hacan"].sheet), Force({"dreadnought": 1})
    )
    assert plain.defender_win > result.defender_win


def test_mentak_flagship_blocks_sustain_against_space_cannon():
    """The defender's PDS (6: 1/2) fires while the Fourth Moon is in the system: its hit
    destroys the attacking dreadnought outright, so half of the battles end before round 1."""
    mentak = FACTION_FLAGSHIPS["mentak_coalition"].sheet
    result = space(Force({"dreadnought": 1}), Force({"flagship": 1, "pds": 1}, flagship=mentak))
    assert result.rounds[0] == F(1, 2)
    plain = space(Force({"dreadnought": 1}), Force({"flagship": 1, "pds": 1}))
    assert plain.rounds[0] == 0  # it sustains


def test_winnu_flagship_rolls_a_die_per_enemy_non_fighter_ship():
    """Salai Sai Corian (7: 2/5 a die, 2 hits to destroy) against two cruisers (2/5 each): it
    rolls two dice while both are there, one after. By hand, from the states (flagship hits
    left, cruisers): (1,1) wins 3/8; (2,1) wins 49/64; (1,2) wins 153/1088; and (2,2), which
    moves to win 84/625, (2,1) 108/625, (1,1) 144/625, (1,2) 108/625, repeats 81/625, wins
    (84 + 108 * 49/64 + 144 * 3/8 + 108 * 153/1088) / 544 = 111/256."""
    winnu = FACTION_FLAGSHIPS["winnu"].sheet
    result = space(Force({"flagship": 1}, flagship=winnu), Force({"cruiser": 2}))
    assert result.attacker_win == F(111, 256)
    assert result.attacker_win + result.defender_win + result.draw == 1
    mirror = space(Force({"cruiser": 2}), Force({"flagship": 1}, flagship=winnu))
    assert mirror.defender_win == F(111, 256)
    # Against fighters alone it rolls no die (the faction notes): the two fighters win surely.
    fighters = space(Force({"flagship": 1}, flagship=winnu), Force({"fighter": 2}))
    assert fighters.defender_win == 1


def test_winnu_dice_count_the_opponents_ships():
    winnu = FACTION_FLAGSHIPS["winnu"].sheet
    states = ForceStates({"flagship": 1}, Loadout(flagship=winnu), HitPolicy(), F)
    assert states.roll(states.start, "combat", opponents=2) == (F(9, 25), F(12, 25), F(4, 25))
    assert states.roll(states.start, "combat", opponents=0) == (F(1),)
    # The Nekro flagship's infantry are non-fighter ships for it (FAQ, Nekro Virus 7).
    nekro = ForceStates(
        {"flagship": 1, "infantry": 2, "fighter": 3},
        Loadout(flagship=FACTION_FLAGSHIPS["nekro_virus"].sheet),
        HitPolicy(),
        F,
    )
    assert nekro.non_fighter_ships(nekro.start) == 3


def test_yin_flagship_takes_every_ship_with_it():
    """Van Hauge (9, 2 dice: one hit or more 9/25) against a cruiser (2/5): whenever the
    flagship is destroyed every ship goes, so the cruiser never wins. Intact: wins 45/125,
    damaged 32/125, repeats 48/125; damaged: wins 27/125, draw 18/125 (both destroyed) + 32/125
    (only the flagship: it takes the cruiser with it), repeats 48/125."""
    yin = FACTION_FLAGSHIPS["yin_brotherhood"].sheet
    result = space(Force({"flagship": 1}, flagship=yin), Force({"cruiser": 1}))
    assert (result.attacker_win, result.defender_win, result.draw) == (F(4329, 5929), 0, F(1600, 5929))
    assert result.attacker.survivors[0][0] == (("flagship", 1),)
    mirror = space(Force({"cruiser": 1}), Force({"flagship": 1}, flagship=yin))
    assert (mirror.defender_win, mirror.attacker_win, mirror.draw) == (F(4329, 5929), 0, F(1600, 5929))
    # Destroyed by the space cannon: both fleets are gone before round 1.
    shot = space(Force({"flagship": 1}, flagship=yin, damaged={"flagship": 1}), Force({"cruiser": 2, "pds": 1}))
    assert shot.rounds[0] == F(1, 2)
    assert shot.draw >= F(1, 2) and shot.defender_win == 0


def test_nekro_ground_forces_fight_on_after_the_flagship():
    """The Alastor, damaged (9, 2 dice), and one infantry (8: 3/10) against a fighter (1/5),
    the flagship lost first. Together they score 69/125: the fighter is gone (the infantry
    survives even if the fighter's hit destroys the flagship); both miss and the fighter hits
    56/625: the infantry fights alone (wins 6/11, draws 3/22, loses 7/22); repeat 224/625."""
    nekro = FACTION_FLAGSHIPS["nekro_virus"].sheet
    attacker = Force(
        {"flagship": 1},
        flagship=nekro,
        damaged={"flagship": 1},
        ground_forces=1,
        policy=HitPolicy(order=("flagship", "infantry")),
    )
    result = space(attacker, Force({"fighter": 1}))
    assert (result.attacker_win, result.draw, result.defender_win) == (F(4131, 4411), F(84, 4411), F(196, 4411))
    reason = next(r for r in result.reasons if r.code == "flagship_ground_forces_fight")
    assert reason.rule == "ti4/faq-virus-nekro-3" and reason.params["n"] == 1


def test_nekro_ground_forces_stay_out_when_the_cannon_destroys_the_flagship():
    """The PDS (1/2) destroys the damaged Alastor before the combat starts: the infantry are
    not called, and the Nekro side has nothing left in those battles."""
    nekro = FACTION_FLAGSHIPS["nekro_virus"].sheet
    result = space(
        Force({"flagship": 1}, flagship=nekro, damaged={"flagship": 1}, ground_forces=2),
        Force({"fighter": 1, "pds": 1}),
    )
    assert result.rounds[0] == F(1, 2)
    assert result.defender_win > F(1, 2)


def test_l1z1x_flagship_hits_go_to_non_fighters():
    """[0.0.1], damaged (5, 2 dice: 0, 1, 2 hits with 4/25, 12/25, 9/25), against a cruiser (2/5)
    and a fighter (1/5): one hit must take the cruiser (the fighter would be lost first
    otherwise). From (cruiser, fighter): win 108/625, draw 117/625, lose 156/625 + 52/625, to
    the fighter alone 144/625 (then win 84/109, draw 21/109, lose 4/109), repeat 48/625."""
    l1z1x = FACTION_FLAGSHIPS["l1z1x_mindnet"].sheet
    result = space(Force({"flagship": 1}, flagship=l1z1x, damaged={"flagship": 1}), Force({"cruiser": 1, "fighter": 1}))
    assert (result.attacker_win, result.draw, result.defender_win) == (
        F(23868, 62893),
        F(15777, 62893),
        F(23248, 62893),
    )
    mirror = space(Force({"cruiser": 1, "fighter": 1}), Force({"flagship": 1}, flagship=l1z1x, damaged={"flagship": 1}))
    assert mirror.defender_win == F(23868, 62893)


_ORDER = ("fighter", "infantry", "destroyer", "cruiser", "carrier", "dreadnought", "flagship", "war_sun")
_VALUES = {"fighter": 9, "infantry": 8, "destroyer": 9, "cruiser": 7, "carrier": 9, "dreadnought": 5}


def _simulate_flagships(rng, sides):
    """A naive simulation written apart from the engine: each round both sides roll with the
    fleets as they were at its start; hits from an L1Z1X flagship and its dreadnoughts are
    taken by non-fighters first, then the other hits; every intact unit with Sustain Damage
    sustains first unless a Mentak flagship was there; the cheapest unit goes, a damaged one
    first; a Yin flagship lost takes every ship; a Hacan flagship spends a trade good on each die
    one short of a hit while goods last.
    No anti-fighter barrage (no destroyers in the battles it is given). ``sides``: (units,
    faction, sheet); ``units["trade_goods"]``: the Hacan goods."""
    fleets = []
    goods = [units.get("trade_goods", 0) for units, _, _ in sides]
    for units, faction, sheet in sides:
        fleet = []
        for kind in _ORDER:
            for _ in range(units.get(kind, 0)):
                value, dice = (sheet.combat, sheet.dice) if kind == "flagship" else (_VALUES[kind], 1)
                fleet.append({"kind": kind, "value": value, "dice": dice, "damaged": False, "faction": faction})
        fleets.append(fleet)
    while fleets[0] and fleets[1]:
        flags = [{u["faction"] for u in fleet if u["kind"] == "flagship"} for fleet in fleets]
        rolls = []
        for me, fleet in enumerate(fleets):
            other = fleets[1 - me]
            directed = free = short = 0
            for u in fleet:
                dice = u["dice"]
                if u["kind"] == "flagship" and u["faction"] == "winnu":
                    dice = sum(v["kind"] != "fighter" for v in other)
                faces = [rng.randint(1, 10) for _ in range(dice)]
                hits = sum(f >= u["value"] for f in faces)
                short += sum(f == u["value"] - 1 for f in faces)
                if "l1z1x_mindnet" in flags[me] and u["kind"] in ("flagship", "dreadnought"):
                    directed += hits
                else:
                    free += hits
            if "emirates_of_hacan" in flags[me]:
                spent = min(short, goods[me])
                goods[me] -= spent
                free += spent
            rolls.append((directed, free))
        for me, fleet in enumerate(fleets):
            directed, free = rolls[1 - me]
            blocked = "mentak_coalition" in flags[1 - me]
            for must in [True] * directed + [False] * free:
                pool = [u for u in fleet if not must or u["kind"] != "fighter"] or fleet
                if not pool:
                    break
                sustains = [u for u in pool if u["kind"] in ("dreadnought", "flagship") and not u["damaged"]]
                if sustains and not blocked:
                    sustains[0]["damaged"] = True
                    continue
                fleet.remove(min(pool, key=lambda u: (_ORDER.index(u["kind"]), not u["damaged"])))
        for me in (0, 1):
            if "yin_brotherhood" in flags[me] and not any(u["kind"] == "flagship" for u in fleets[me]):
                fleets = [[], []]
    return "draw" if not fleets[0] and not fleets[1] else "attacker" if fleets[0] else "defender"


@pytest.mark.parametrize(
    "attacker, defender",
    [
        (
            ({"flagship": 1, "cruiser": 1, "fighter": 1}, "mentak_coalition"),
            ({"flagship": 1, "dreadnought": 2, "fighter": 2}, "l1z1x_mindnet"),
        ),
        (({"flagship": 1, "cruiser": 2}, "winnu"), ({"flagship": 1, "cruiser": 1, "fighter": 2}, "yin_brotherhood")),
        (({"flagship": 1, "dreadnought": 1}, "mentak_coalition"), ({"flagship": 1, "infantry": 3}, "nekro_virus")),
        (
            ({"flagship": 1, "cruiser": 2, "fighter": 1, "trade_goods": 3}, "emirates_of_hacan"),
            ({"flagship": 1, "dreadnought": 1, "fighter": 2}, "winnu"),
        ),
    ],
)
def test_coupled_flagships_against_monte_carlo(attacker, defender):
    sides = [(units, faction, FACTION_FLAGSHIPS[faction].sheet) for units, faction in (attacker, defender)]
    forces = [
        Force(
            {k: n for k, n in units.items() if k not in ("infantry", "trade_goods")},
            flagship=sheet,
            ground_forces=units.get("infantry", 0),
            trade_goods=units.get("trade_goods", 0),
        )
        for units, _, sheet in sides
    ]
    exact = space(*forces, exact=False)
    assert exact.attacker_win + exact.defender_win + exact.draw == pytest.approx(1, abs=1e-12)
    rng = random.Random(20261123)
    n = 12000
    wins = {"attacker": 0, "defender": 0, "draw": 0}
    for _ in range(n):
        wins[_simulate_flagships(rng, sides)] += 1
    for name, p in (("attacker", exact.attacker_win), ("defender", exact.defender_win), ("draw", exact.draw)):
        sigma = max((p * (1 - p) / n) ** 0.5, 1 / n)
        assert abs(wins[name] / n - p) < 4 * sigma, (name, wins[name] / n, p)


@pytest.mark.parametrize(
    "faction", ["mentak_coalition", "winnu", "yin_brotherhood", "nekro_virus", "l1z1x_mindnet", "emirates_of_hacan"]
)
def test_coupled_flagships_are_side_symmetric_and_sum_to_one(faction):
    """Without a nebula, plans or a stalemate, swapping attacker and defender swaps the odds;
    against every fleet and against the same faction the endings sum to one."""
    sheet = FACTION_FLAGSHIPS[faction].sheet
    called = 2 if faction == "nekro_virus" else 0
    goods = 3 if faction == "emirates_of_hacan" else 0
    own = {"flagship": 1, "dreadnought": 1, "cruiser": 1, "fighter": 2}
    for other in ({"dreadnought": 2, "fighter": 3}, {"cruiser": 2, "carrier": 1, "fighter": 2, "pds": 1}):
        one = space(Force(own, flagship=sheet, ground_forces=called, trade_goods=goods), Force(other), exact=False)
        two = space(Force(other), Force(own, flagship=sheet, ground_forces=called, trade_goods=goods), exact=False)
        assert one.attacker_win == pytest.approx(two.defender_win, abs=1e-12)
        assert one.defender_win == pytest.approx(two.attacker_win, abs=1e-12)
        assert one.draw == pytest.approx(two.draw, abs=1e-12)
        assert one.attacker_win + one.defender_win + one.draw == pytest.approx(1, abs=1e-12)
    same = space(
        Force(own, flagship=sheet, ground_forces=called, trade_goods=goods),
        Force(own, flagship=sheet, ground_forces=called, trade_goods=goods),
        exact=False,
    )
    assert same.attacker_win + same.defender_win + same.draw == pytest.approx(1, abs=1e-12)


def test_hacan_flagship_spends_a_trade_good_on_a_die_one_short():
    """Wrath of Kenara, damaged (7, 2 dice: a face 7-10 hits, 4/10; a 6 is one short, 1/10)
    against a fighter (1/5). Without goods it scores 64/100 a round: wins 64/89, draws 16/89,
    loses 9/89. With one good a round with no hit but a 6 (36/100 - 25/100) scores too, 75/100:
    wins 3/4, draws 3/16, loses 1/16; a second good changes nothing (one hit is enough)."""
    hacan = FACTION_FLAGSHIPS["emirates_of_hacan"].sheet

    def odds(goods):
        r = space(
            Force({"flagship": 1}, flagship=hacan, damaged={"flagship": 1}, trade_goods=goods), Force({"fighter": 1})
        )
        return r.attacker_win, r.draw, r.defender_win

    assert odds(0) == (F(64, 89), F(16, 89), F(9, 89))
    assert odds(1) == odds(2) == (F(3, 4), F(3, 16), F(1, 16))
    mirror = space(
        Force({"fighter": 1}), Force({"flagship": 1}, flagship=hacan, damaged={"flagship": 1}, trade_goods=1)
    )
    assert mirror.defender_win == F(3, 4)


def test_the_hacan_reason_says_the_goods_and_is_left_out_without_any():
    hacan = FACTION_FLAGSHIPS["emirates_of_hacan"].sheet

    def reasons(goods):
        result = space(Force({"flagship": 1}, flagship=hacan, trade_goods=goods), Force({"fighter": 1}))
        return [r.params for r in result.reasons if r.code == "flagship_trade_goods_bonus"]

    assert reasons(0) == []  # no good to spend: the ability changes nothing
    assert reasons(2) == [{"side": "attacker", "n": 2}]


def test_hacan_goods_live_in_the_other_sides_state():
    """Outcome (dice one short) * width + hits; a good is spent on each die one short while
    goods last, and the goods left are the last cell of the other side's state."""
    width = 5
    force = ForceStates({"cruiser": 1, "fighter": 1}, Loadout(), HitPolicy(), F, spend_width=width, goods=2)
    assert force.states[force.start][-1] == 2
    two_short = force.after_round(force.start, 2 * width + 0)  # no hit, two dice one short
    assert force.counts(two_short) == {} and force.alive(two_short) is False
    partial = force.after_round(force.start, 1 * width + 0)
    assert force.counts(partial) == {"cruiser": 1} and force.states[partial][-1] == 1
    last = force.after_round(partial, 3 * width + 0)  # three short, one good left: one more hit
    assert force.counts(last) == {}
    shielded = ForceStates(
        {"cruiser": 1}, Loadout(), HitPolicy(), F, effects=RoundEffects(shields_holding=1), spend_width=width, goods=3
    )
    # One hit and two short: three hits, Shields Holding cancels two, the cruiser is destroyed.
    assert shielded.counts(shielded.after_round(shielded.start, 2 * width + 1)) == {}
    poor = ForceStates({"cruiser": 1}, Loadout(), HitPolicy(), F, spend_width=width, goods=0)
    assert poor.after_round(poor.start, 3 * width) == poor.start  # no goods: the dice stay short


def test_unrelenting_and_fragile_shift_every_combat_roll_by_one():
    # A cruiser each (2/5). Sardakk N'orr's cruiser hits on 6+ (1/2): a round ends with 1 - 1/2 * 3/5
    # = 7/10, the attacker alone 3/10, the defender alone 1/5, both 1/5: 3/7, 2/7, 2/7. Jol-Nar's
    # hits on 8+ (3/10): the round ends with 1 - 7/10 * 3/5 = 29/50; the attacker alone 9/50: 9/29.
    sardakk = space(Force({"cruiser": 1}, faction="sardakk_norr"), Force({"cruiser": 1}))
    assert (sardakk.attacker_win, sardakk.defender_win, sardakk.draw) == (F(3, 7), F(2, 7), F(2, 7))
    assert [(r.code, r.rule, r.params["side"]) for r in sardakk.reasons if r.code.startswith("faction_")] == [
        ("faction_unrelenting", "ti4/49.2", "attacker")
    ]
    jol_nar = space(Force({"cruiser": 1}, faction="universities_of_jol_nar"), Force({"cruiser": 1}))
    assert jol_nar.attacker_win == F(9, 29)
    assert "faction_fragile" in {r.code for r in jol_nar.reasons}
    # On the ground too: Sardakk infantry hits on 7+ (2/5) against 8+ (3/10): ends 1 - 3/5 * 7/10 =
    # 29/50, the attacker alone 2/5 * 7/10 = 7/25: 14/29.
    assert ground(Force({"infantry": 1}, faction="sardakk_norr"), Force({"infantry": 1})).attacker_win == F(14, 29)
    # Another faction changes nothing: 2/5 * 3/5 over 1 - (3/5)^2, 3/8 as without one.
    assert space(Force({"cruiser": 1}, faction="arborec"), Force({"cruiser": 1})).attacker_win == F(3, 8)


def test_unrelenting_leaves_the_anti_fighter_barrage_alone():
    # Barrage is a unit ability's roll, not a combat roll: a Sardakk destroyer's two barrage dice
    # still hit on 9-10 (1/5 each), so 1 - (4/5)^2 = 9/25 for at least one hit.
    result = space(Force({"destroyer": 1}, faction="sardakk_norr"), Force({"fighter": 2}))
    (barrage,) = result.pre_combat
    assert barrage.at_least_one_hit == F(9, 25)


def test_direct_hit_cannot_destroy_an_upgraded_dreadnought():
    """Dreadnought II "cannot be destroyed by Direct Hit": the duel of
    test_direct_hit_destroys_the_ship_that_sustained becomes one with two lives, card or not.
    From intact: only the dreadnought hits 9/25 and both 6/25 (it sustains) win; only the
    cruiser 4/25 leads to the one-life duel (9/19, 4/19, 6/19); nothing 6/25 repeats:
    attacker 321/361, defender 16/361, draw 24/361."""
    upgraded = Force({"dreadnought": 1}, upgrades=("dreadnought",))
    for cards in (ActionCards(direct_hit=1), ActionCards()):
        result = space(upgraded, Force({"cruiser": 1}, cards=cards))
        assert (result.attacker_win, result.defender_win, result.draw) == (F(321, 361), F(16, 361), F(24, 361))


@pytest.mark.parametrize(
    "faction, units, upgraded, kind, expected",
    [
        # Spec Ops I hits on 7+ (2/5) against infantry on 8+ (3/10): 14/29; Spec Ops II on 6+: 7/13.
        ("federation_of_sol", {"infantry": 1}, False, "ground", F(14, 29)),
        ("federation_of_sol", {"infantry": 1}, True, "ground", F(7, 13)),
        # Hybrid Crystal Fighter I hits on 8+ (3/10) against a fighter (1/5): 6/11; II on 7+: 8/13.
        ("naalu_collective", {"fighter": 1}, False, "space", F(6, 11)),
        ("naalu_collective", {"fighter": 1}, True, "space", F(8, 13)),
        # Advanced Carrier II has Sustain Damage (Carrier II has not): against a fighter, both on
        # 9+, it wins 5/25 at once, or after a lone fighter hit (4/25) the one-life duel's 4/9: 61/81.
        ("federation_of_sol", {"carrier": 1}, True, "space", F(61, 81)),
    ],
)
def test_a_faction_sheet_unit_fights_with_its_own_numbers(faction, units, upgraded, kind, expected):
    key = next(iter(units))
    attacker = Force(units, upgrades=(key,) if upgraded else (), faction=faction)
    defender = Force({"infantry": 1} if kind == "ground" else {"fighter": 1})
    result = (ground if kind == "ground" else space)(attacker, defender)
    assert result.attacker_win == expected
    generic = (ground if kind == "ground" else space)(Force(units, upgrades=attacker.upgrades), defender)
    assert generic.attacker_win != expected  # the faction's sheet, not the generic unit, decided
    reason = next(r for r in result.reasons if r.code.startswith("faction_unit_"))
    assert (reason.rule, reason.params["side"], reason.params["level"]) == (
        "ti4/48.1",
        "attacker",
        "II" if upgraded else "I",
    )


def test_l1z1x_and_sardakk_dreadnoughts_from_their_sheets():
    super_ii = Force({"dreadnought": 1}, upgrades=("dreadnought",), faction="l1z1x_mindnet").loadout.stats(
        "dreadnought"
    )
    assert (super_ii.combat.value, super_ii.capacity, super_ii.bombardment.value, super_ii.direct_hit_proof) == (
        4,
        2,
        4,
        True,
    )
    super_i = Force({"dreadnought": 1}, faction="l1z1x_mindnet").loadout.stats("dreadnought")
    assert (super_i.combat.value, super_i.capacity, super_i.direct_hit_proof) == (5, 2, False)
    exo = Force({"dreadnought": 1}, faction="sardakk_norr").loadout.stats("dreadnought")
    assert (exo.bombardment.value, exo.bombardment.dice) == (4, 2)
    # Exotrireme II's self-destruction is a choice the odds do not make: the answer says so, in space.
    upgraded = Force({"dreadnought": 1}, upgrades=("dreadnought",), faction="sardakk_norr")
    codes = {r.code for r in space(upgraded, Force({"cruiser": 1})).reasons}
    assert {"faction_unit_exotrireme", "faction_unit_exotrireme_self_destruct"} <= codes
    codes = {r.code for r in space(Force({"dreadnought": 1}, faction="sardakk_norr"), Force({"cruiser": 1})).reasons}
    assert "faction_unit_exotrireme_self_destruct" not in codes


def test_mentak_ambush_fires_before_the_combat():
    """Mentak's cruiser (7+: 2/5) ambushes a fighter before round 1: 2/5 it is gone at once;
    otherwise the duel of cruiser v fighter (1/5) is left: attacker 8/13, defender 3/13, draw
    2/13. Attacker 2/5 + 3/5 * 8/13 = 10/13, defender 9/65, draw 6/65."""
    mentak = Force({"cruiser": 1}, faction="mentak_coalition")
    result = space(mentak, Force({"fighter": 1}))
    assert (result.attacker_win, result.defender_win, result.draw) == (F(10, 13), F(9, 65), F(6, 65))
    assert ("faction_ambush", "ti4/23.2", "attacker") in [
        (r.code, r.rule, r.params.get("side")) for r in result.reasons
    ]
    plain = space(Force({"cruiser": 1}), Force({"fighter": 1}))
    assert (plain.attacker_win, plain.defender_win, plain.draw) == (F(8, 13), F(3, 13), F(2, 13))


def test_ambush_rolls_for_two_ships_at_most_the_surest_first_and_sustain_cancels_it():
    """Three destroyers and a cruiser II ambush a lone dreadnought: two dice, the cruiser's (6+:
    1/2) and one destroyer's (9+: 1/5). The dreadnought sustains the first hit, so before the
    combat it is destroyed 1/2 * 1/5 = 1/10, damaged 1/2 * 4/5 + 1/2 * 1/5 = 1/2, untouched 2/5."""
    mentak = Force({"destroyer": 3, "cruiser": 1}, upgrades=("cruiser",), faction="mentak_coalition")
    target = Force({"dreadnought": 1})
    att = ForceStates(dict(target.units), target.loadout, HitPolicy(), F)
    dfn = ForceStates(dict(mentak.units), mentak.loadout, HitPolicy(), F)
    after = ambush_step(att, dfn, (None, mentak), True)({(att.start, dfn.start): F(1)})
    by_fate: dict[str, F] = {}
    for (ia, _idf), m in after.items():
        fate = "destroyed" if not att.alive(ia) else ("untouched" if ia == att.start else "damaged")
        by_fate[fate] = by_fate.get(fate, F(0)) + m
    assert by_fate == {"destroyed": F(1, 10), "damaged": F(1, 2), "untouched": F(2, 5)}


def test_the_attackers_ambush_comes_before_the_defenders_assault_cannon():
    """Abilities of one window resolve the active player's first (ti4/tempistiche): Mentak's two
    cruisers (7+: 2/5 each) ambush three destroyers with Assault Cannon; a hit (1 - (3/5)^2 =
    16/25) leaves two, too few for the card, and the Mentak destroyer stays. As defender, Mentak
    ambushes after the attacker's Assault Cannon has taken its destroyer."""
    mentak = Force({"cruiser": 2, "destroyer": 1}, faction="mentak_coalition")
    cannon = Force({"destroyer": 3}, technologies=("assault_cannon",))
    for attacking in (True, False):
        att_force, def_force = (mentak, cannon) if attacking else (cannon, mentak)
        att = ForceStates(dict(att_force.units), att_force.loadout, HitPolicy(), F)
        dfn = ForceStates(dict(def_force.units), def_force.loadout, HitPolicy(), F)
        after = before_combat(att, dfn, att_force, def_force, True)({(att.start, dfn.start): F(1)})
        mentak_states, side = (att, 0) if attacking else (dfn, 1)
        kept = sum(m for pair, m in after.items() if mentak_states.counts(pair[side]).get("destroyer"))
        assert kept == (F(16, 25) if attacking else 0)


def test_shields_holding_cancels_an_ambush_hit():
    """FAQ action cards 5: Shields Holding cancels an ability's hits. The fighter's card takes the
    Ambush hit (2/5), leaving the plain duel (8/13); else (3/5) the card waits for round 1."""
    mentak = Force({"cruiser": 1}, faction="mentak_coalition")
    holding = Force({"fighter": 1}, cards=ActionCards(shields_holding=1))
    duel_with_card = space(Force({"cruiser": 1}), holding).attacker_win
    assert space(mentak, holding).attacker_win == F(2, 5) * F(8, 13) + F(3, 5) * duel_with_card


def test_letnev_munitions_reserves_reroll_the_misses_of_the_first_rounds():
    # A cruiser each (7: 2/5). Plain: each round one side alone hits 6/25, so 3/8 each. With 2 goods
    # the Letnev cruiser rerolls its miss in round 1 (1 - (3/5)^2 = 16/25): it alone hits 48/125,
    # nobody hits 27/125, then the plain duel: 48/125 + 27/125 x 3/8 = 93/200. With 4 goods round 2
    # is the same again: 48/125 + 27/125 x 93/200.
    def odds(goods, faction="barony_of_letnev"):
        return space(Force({"cruiser": 1}, faction=faction, trade_goods=goods), Force({"cruiser": 1})).attacker_win

    assert odds(0) == F(3, 8)
    assert odds(2) == odds(3) == F(93, 200)  # an odd good buys nothing
    assert odds(4) == F(48, 125) + F(27, 125) * F(93, 200)
    letnev = space(Force({"cruiser": 1}, faction="barony_of_letnev", trade_goods=4), Force({"cruiser": 1}))
    assert [(r.code, r.rule, r.params["n"]) for r in letnev.reasons if r.code.startswith("faction_munitions")] == [
        ("faction_munitions_reserves", "ti4/63.2", 2)
    ]
    # The defender's reserves work the same way.
    defended = space(Force({"cruiser": 1}), Force({"cruiser": 1}, faction="barony_of_letnev", trade_goods=2))
    assert defended.defender_win == F(93, 200)


def test_trade_goods_are_read_by_the_hacan_flagship_or_letnev_in_space_only():
    for kind, letnev in (("space", Force({"cruiser": 1}, faction="barony_of_letnev", trade_goods=2)),):
        space_combat(Battle(kind, letnev, Force({"cruiser": 1})))  # no flagship needed
    for battle in (
        Battle("space", Force({"cruiser": 1}, faction="sardakk_norr", trade_goods=2), Force({"cruiser": 1})),
        Battle("ground", Force({"infantry": 1}, faction="barony_of_letnev", trade_goods=2), Force({"infantry": 1})),
    ):
        with pytest.raises(InvalidInput) as refused:
            (space_combat if battle.kind == "space" else ground_combat)(battle)
        assert (refused.value.code, refused.value.field) == ("trade_goods_without_kenara", "attacker.trade_goods")


def test_munitions_reserves_reroll_the_barrage_dice_of_a_paid_first_round():
    # A destroyer's barrage: 2 dice on 9 (1/5 each), 2/5 hits expected; rerolled, 9/25 each.
    fighters = Force({"fighter": 2})
    for goods, expected in ((0, F(2, 5)), (2, F(18, 25))):
        letnev = Force({"destroyer": 1}, faction="barony_of_letnev", trade_goods=goods)
        [barrage] = [s for s in space(letnev, fighters).pre_combat if s.step == "anti_fighter_barrage"]
        assert barrage.expected_hits == expected
