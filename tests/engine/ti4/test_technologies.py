"""Combat technologies, each against odds worked by hand (space cannon, barrage-free starts,
bombardment, the first ground round)."""

from fractions import Fraction as F
from functools import cache
from itertools import product
from math import comb

from engine.ti4.assignment import ForceStates, HitPolicy
from engine.ti4.ground import ground_combat
from engine.ti4.cards import ActionCards
from engine.ti4.inputs import Battle, Force
from engine.ti4.plans import RoundModifier
from engine.ti4.space import space_combat
from engine.ti4.units import FACTION_FLAGSHIPS, Loadout


def space(attacker, defender, **options):
    return space_combat(Battle("space", attacker, defender, **options), exact=True)


def ground(attacker, defender, **options):
    return ground_combat(Battle("ground", attacker, defender, **options), exact=True)


def test_antimass_deflectors_and_plasma_scoring_change_the_space_cannon():
    # One PDS (space cannon 6: half the faces hit) fires at a lone fighter before the combat; the
    # fighter that survives then fights one fighter: 4/9 to win (test_ti4_space.py, one fighter each).
    def attacker_win(attacker_techs=(), defender_techs=()):
        return space(
            Force({"fighter": 1}, technologies=attacker_techs),
            Force({"fighter": 1, "pds": 1}, technologies=defender_techs),
        ).attacker_win

    assert attacker_win() == F(1, 2) * F(4, 9)
    assert attacker_win(("antimass_deflectors",)) == F(3, 5) * F(4, 9)  # the PDS needs a 7
    assert attacker_win((), ("plasma_scoring",)) == F(1, 4) * F(4, 9)  # two dice must both miss
    assert attacker_win(("antimass_deflectors",), ("plasma_scoring",)) == F(9, 25) * F(4, 9)
    # Technologies of the wrong side change nothing.
    assert attacker_win(("plasma_scoring",), ("antimass_deflectors",)) == attacker_win()


def test_graviton_laser_system_sends_cannon_hits_past_the_fighters():
    force = ForceStates({"fighter": 2, "cruiser": 1, "dreadnought": 1}, Loadout(), HitPolicy())
    plain = force.counts(force.after_cannon_hits(force.start, 3, spare_fighters=False))
    graviton = force.counts(force.after_cannon_hits(force.start, 3, spare_fighters=True))
    assert plain == {"cruiser": 1, "dreadnought": 1}  # sustain, then the two fighters
    assert graviton == {"fighter": 2}  # sustain, the cruiser, the damaged dreadnought
    assert force.counts(force.after_cannon_hits(force.start, 4, spare_fighters=True)) == {"fighter": 1}


def test_graviton_laser_system_end_to_end_for_either_side():
    # One PDS (1/2 to hit) fires at a cruiser and two fighters. The hit takes a fighter (the
    # cheapest) unless the shooter has the Graviton Laser System: then it takes the cruiser.
    fleet = {"cruiser": 1, "fighter": 2}
    hit_fighter, hit_cruiser, missed = {"cruiser": 1, "fighter": 1}, {"fighter": 2}, fleet
    shooters = {"fighter": 2, "pds": 1}
    for techs, hit in (((), hit_fighter), (("graviton_laser_system",), hit_cruiser)):
        as_attacker = space(Force(shooters, technologies=techs), Force(fleet)).attacker_win
        assert as_attacker == (
            space(Force({"fighter": 2}), Force(hit)).attacker_win / 2
            + space(Force({"fighter": 2}), Force(missed)).attacker_win / 2
        )
        as_defender = space(Force(fleet), Force(shooters, technologies=techs)).defender_win
        assert as_defender == (
            space(Force(hit), Force({"fighter": 2})).defender_win / 2
            + space(Force(missed), Force({"fighter": 2})).defender_win / 2
        )


def test_assault_cannon_destroys_a_non_fighter_ship_before_the_combat():
    three = Force({"cruiser": 3}, technologies=("assault_cannon",))
    # The defender gives up its cheapest non-fighter ship: the battle becomes 3 cruisers v 1.
    with_cannon = space(three, Force({"destroyer": 1, "cruiser": 1}))
    plain = space(Force({"cruiser": 3}), Force({"cruiser": 1}))
    assert (with_cannon.attacker_win, with_cannon.defender_win, with_cannon.draw) == (
        plain.attacker_win,
        plain.defender_win,
        plain.draw,
    )
    # Destroyed, not hit: Sustain Damage cannot save a lone dreadnought.
    alone = space(three, Force({"dreadnought": 1}))
    assert alone.attacker_win == 1 and alone.rounds[0] == 1
    # The defender's card works the same way on the attacker.
    defending = space(Force({"destroyer": 1, "cruiser": 1}), Force({"cruiser": 3}, technologies=("assault_cannon",)))
    mirror = space(Force({"cruiser": 1}), Force({"cruiser": 3}))
    assert (defending.attacker_win, defending.defender_win) == (mirror.attacker_win, mirror.defender_win)
    # Two non-fighter ships are not enough to use the card.
    two = Force({"cruiser": 2, "fighter": 3}, technologies=("assault_cannon",))
    assert (
        space(two, Force({"dreadnought": 1})).attacker_win
        == space(Force({"cruiser": 2, "fighter": 3}), Force({"dreadnought": 1})).attacker_win
    )


def test_plasma_scoring_adds_one_bombardment_die():
    # A dreadnought bombards on 5 (6 faces of 10); with Plasma Scoring it rolls two dice, and the
    # lone defending infantry dies before the landing with 1 - (4/10)^2 = 21/25.
    def ends_before_landing(techs):
        return ground(Force({"infantry": 1, "dreadnought": 1}, technologies=techs), Force({"infantry": 1})).rounds[0]

    assert ends_before_landing(()) == F(3, 5)
    assert ends_before_landing(("plasma_scoring",)) == F(21, 25)


def test_antimass_deflectors_protect_the_landing_infantry():
    # Space cannon defense (PDS on 6) at a lone landing infantry: 1/2, or 2/5 against deflectors.
    def lost_before_combat(techs):
        return ground(Force({"infantry": 1}, technologies=techs), Force({"infantry": 1, "pds": 1})).rounds[0]

    assert lost_before_combat(()) == F(1, 2)
    assert lost_before_combat(("antimass_deflectors",)) == F(2, 5)


def test_x89_bacterial_weapon_takes_all_the_infantry_after_one_bombardment_kill():
    # One dreadnought bombards on 5 (3/5). Without X-89 one hit kills one of three infantry; with
    # it, any hit clears the planet, so the attacker wins before landing with 3/5.
    def before_landing(techs):
        return ground(Force({"infantry": 1, "dreadnought": 1}, technologies=techs), Force({"infantry": 3})).rounds[0]

    assert before_landing(()) == 0
    assert before_landing(("x89_bacterial_weapon",)) == F(3, 5)


def test_magen_defense_grid_silences_the_first_round():
    # One infantry each, no space cannon: with the grid the attacker cannot roll in round 1, so
    # the defender's infantry (8 or more: 3/10) wins then; otherwise round 2 starts the usual
    # one-on-one chain, which the defender wins with 7/17 (test_ti4_ground.py, one infantry
    # each): 3/10 + 7/10 * 7/17.
    def defender_win(techs, attacker=None):
        return ground(
            attacker or Force({"infantry": 1}), Force({"infantry": 1, "pds": 1}, technologies=techs), space_cannon=False
        ).defender_win

    assert defender_win(()) == F(7, 17)
    assert defender_win(("magen_defense_grid",)) == F(3, 10) + F(7, 10) * F(7, 17)
    # No stack of bonuses lets the attacker roll in that round (six +3 modifiers are the most).
    boosted = Force({"infantry": 1}, modifiers=(RoundModifier(3, 1, 1),) * 6)
    assert ground(
        boosted, Force({"infantry": 1, "pds": 1}, technologies=("magen_defense_grid",)), space_cannon=False
    ).rounds[1] == F(3, 10)
    # A war sun takes Planetary Shield away, and the grid with it (70.3).
    war_sun = Force({"infantry": 1, "war_sun": 1})
    assert defender_win(("magen_defense_grid",), war_sun) == defender_win((), war_sun)
    # So does the Letnev flagship (its sheet: the other player's units lose Planetary Shield).
    letnev = Force({"infantry": 1, "flagship": 1}, flagship=FACTION_FLAGSHIPS["barony_of_letnev"].sheet)
    assert defender_win(("magen_defense_grid",), letnev) == defender_win((), letnev)


def test_under_the_magen_grid_the_attackers_cards_wait_for_round_2():
    # The attacker makes no combat rolls in round 1, so a Morale Boost is played in round 2, when
    # it can change a roll: the same battle as a +1 modifier in round 2 only. Fire Team likewise
    # rerolls the first round the attacker rolls in, and both reasons say so.
    grid = Force({"infantry": 2, "pds": 1}, technologies=("magen_defense_grid",))
    boosted = ground(Force({"infantry": 2}, cards=ActionCards(morale_boost=1)), grid, space_cannon=False)
    by_hand = ground(Force({"infantry": 2}, modifiers=(RoundModifier(1, 2, 2),)), grid, space_cannon=False)
    plain = ground(Force({"infantry": 2}), grid, space_cannon=False)
    assert boosted.attacker_win == by_hand.attacker_win > plain.attacker_win
    team = ground(Force({"infantry": 2}, cards=ActionCards(fire_team=1)), grid, space_cannon=False)
    assert team.attacker_win > plain.attacker_win
    said = {r.code: r.params for r in boosted.reasons + team.reasons if r.code.startswith("card_")}
    assert said == {
        "card_morale_boost": {"side": "attacker", "round": 2},
        "card_fire_team": {"side": "attacker", "round": 2},
    }


def test_each_reason_names_the_side_whose_card_acts():
    def reasons(attacker, defender, kind="ground"):
        battle = ground if kind == "ground" else space
        return {(r.code, r.params["side"]) for r in battle(attacker, defender).reasons if "side" in r.params}

    cards = ("antimass_deflectors", "plasma_scoring", "x89_bacterial_weapon", "magen_defense_grid")
    invading = Force({"infantry": 2, "dreadnought": 1}, technologies=cards)
    holding = Force({"infantry": 2, "pds": 1}, technologies=cards)
    # On a planet: the attacker's deflectors (against the PDS), plasma (bombardment) and X-89;
    # the defender's plasma (space cannon defense) and grid. The PDS's shield stops the bombardment,
    # and with it the revised X-89, which says so (70.1: the original card ignores the shield).
    assert reasons(invading, holding) == {
        ("antimass_deflectors", "attacker"),
        ("x89_without_bombardment", "attacker"),
        ("plasma_scoring", "defender"),
        ("magen_defense_grid", "defender"),
    }
    assert reasons(invading, Force({"infantry": 2}, technologies=cards)) == {
        ("plasma_scoring", "attacker"),
        ("x89_bacterial_weapon", "attacker"),
    }


def test_each_technology_cites_the_rule_its_card_text_works_through():
    cannon = space(
        Force({"cruiser": 3}, technologies=("antimass_deflectors", "assault_cannon")),
        Force({"destroyer": 1, "pds": 1}, technologies=("graviton_laser_system",)),
    )
    cited = {r.code: r.rule for r in cannon.reasons}
    # -1 to the PDS rolls (a modifier, 49.2); hits past fighters (who takes space cannon hits,
    # 15.5); Assault Cannon is a "before combat" ability (23.2). Not 81.1 ("placed faceup").
    assert cited == {
        "antimass_deflectors": "ti4/49.2",
        "graviton_laser_system": "ti4/15.5",
        "assault_cannon": "ti4/23.2",
    }
    grid = ground(Force({"infantry": 1}), Force({"infantry": 1, "pds": 1}, technologies=("magen_defense_grid",)))
    assert {r.code: r.rule for r in grid.reasons}["magen_defense_grid"] == "ti4/70.3"  # names Magen


def test_x89_without_a_bombardment_says_why_it_did_nothing_and_cites_70_1():
    shielded = ground(
        Force({"infantry": 2, "dreadnought": 2}, technologies=("x89_bacterial_weapon",)),
        Force({"infantry": 4, "pds": 1}),
    )
    assert [(r.code, r.rule) for r in shielded.reasons if r.code.startswith("x89")] == [
        ("x89_without_bombardment", "ti4/70.1")
    ]
    # Without a ship with Bombardment neither card can be used (the original action needs one in
    # the system too): nothing is said.
    no_bombarder = ground(Force({"infantry": 2}, technologies=("x89_bacterial_weapon",)), Force({"infantry": 1}))
    assert not [r for r in no_bombarder.reasons if r.code.startswith("x89")]


# --- Faction technologies ----------------------------------------------------------------------


def test_non_euclidean_shielding_lets_one_sustain_cancel_two_hits_of_a_round():
    # A dreadnought (hits on 5: 3/5) against 2 fighters (9: 1/5 each; 0, 1, 2 hits with 16, 8, 1
    # in 25). With 1 fighter left (at most 1 hit a round) the card changes nothing: intact (I1)
    # the dreadnought wins 279/289, damaged (D1) 12/17; damaged against 2 (D2): it must hit before
    # being hit, 48/125 x 12/17 / (93/125) = 192/527.
    # Intact against 2 (I2), per round: it hits (3/5) and takes 0 hits -> I1, 1 -> D1, 2 -> D1 with
    # the card but destroyed without it; it misses (2/5) and takes 0 -> I2, 1 -> D2, 2 -> D2 / lost.
    i1, d1, d2 = F(279, 289), F(12, 17), F(192, 527)
    with_card = (48 * i1 + (24 + 3) * d1 + (16 + 2) * d2) / 93  # the 93/125 not stuck in I2
    without = (48 * i1 + 24 * d1 + 16 * d2) / 93
    assert (with_card, without) == (F(214884, 277729), F(206384, 277729))
    for techs, expected in ((("non_euclidean_shielding",), with_card), ((), without)):
        assert space(Force({"dreadnought": 1}, technologies=techs), Force({"fighter": 2})).attacker_win == expected


def test_non_euclidean_shielding_cancels_two_space_cannon_hits_too():
    # 77.4: Sustain Damage cancels space cannon hits. A dreadnought against a fighter and 2 PDS
    # (6: 1/2 each; 0, 1, 2 hits with 1/4, 1/2, 1/4). Without the card 2 hits destroy it before
    # the combat; with it one sustain takes both. Then the duel of the first test: intact
    # against a fighter 279/289, damaged 12/17.
    holding = Force({"fighter": 1, "pds": 2})
    i1, d1 = F(279, 289), F(12, 17)
    shielded = Force({"dreadnought": 1}, technologies=("non_euclidean_shielding",))
    assert space(shielded, holding).attacker_win == F(1, 4) * i1 + F(3, 4) * d1
    assert space(Force({"dreadnought": 1}), holding).attacker_win == F(1, 4) * i1 + F(1, 2) * d1


def test_dimensional_splicer_hits_before_the_combat_and_shields_holding_cancels_it():
    # A cruiser (7: 2/5) against a dreadnought (5: 3/5). The splicer's hit makes it sustain:
    # against a damaged dreadnought the cruiser wins 4/25 / (1 - 6/25) = 4/19 of the rounds'
    # ends; against an intact one it must hit twice first: 4/25 x 4/19 / (19/25) = 16/361.
    creuss = Force({"cruiser": 1}, technologies=("dimensional_splicer",), faction="ghosts_of_creuss")
    dread = Force({"dreadnought": 1})
    assert space(creuss, dread).attacker_win == F(4, 19)
    assert space(Force({"cruiser": 1}), dread).attacker_win == F(16, 361)
    # FAQ action cards 5: Shields Holding cancels it (the card is then spent).
    shielded = Force({"dreadnought": 1}, cards=ActionCards(shields_holding=1))
    assert space(creuss, shielded).attacker_win == F(16, 361)
    # The defender's splicer: the attacker's dreadnought sustains it.
    assert space(dread, creuss).defender_win == F(4, 19)
    reasons = {(r.code, r.rule) for r in space(creuss, dread).reasons}
    assert ("dimensional_splicer", "ti4/23.2") in reasons


def test_dimensional_splicer_is_aimed_by_its_owner_at_what_it_destroys():
    # Its card: "assign it to 1 of your opponent's ships". Against 2 fighters, a cruiser and a
    # damaged dreadnought the hit destroys the dreadnought (of the units it destroys, the one whose
    # dice hit most), not the
    # fighter the defender would give up: the battle is then the one without that dreadnought.
    creuss = Force({"cruiser": 2}, technologies=("dimensional_splicer",))
    damaged = Force({"fighter": 2, "cruiser": 1, "dreadnought": 1}, damaged={"dreadnought": 1})
    assert (
        space(creuss, damaged).attacker_win
        == space(Force({"cruiser": 2}), Force({"fighter": 2, "cruiser": 1})).attacker_win
    )
    # The dreadnought intact would sustain it: the cruiser goes instead.
    intact = Force({"fighter": 2, "cruiser": 1, "dreadnought": 1})
    assert (
        space(creuss, intact).attacker_win
        == space(Force({"cruiser": 2}), Force({"fighter": 2, "dreadnought": 1})).attacker_win
    )
    # Only units that sustain: the one whose dice hit most sustains it (a war sun, not a dreadnought).
    big = Force({"dreadnought": 1, "war_sun": 1})
    assert (
        space(creuss, big).attacker_win
        == space(Force({"cruiser": 2}), Force({"dreadnought": 1, "war_sun": 1}, damaged={"war_sun": 1})).attacker_win
    )


def test_dimensional_splicer_aims_at_firepower_direct_hits_and_not_at_a_repairing_flagship():
    plain = Force({"cruiser": 2})
    creuss = Force({"cruiser": 2}, technologies=("dimensional_splicer",))

    def same(defender: Force, after: Force, attacker: Force = creuss, without: Force = plain) -> bool:
        return space(attacker, defender).attacker_win == space(without, after).attacker_win

    # The cruiser's die (on 7) hits more than a destroyer's or a carrier's (on 9), though the
    # carrier costs more.
    assert same(Force({"destroyer": 2, "cruiser": 1, "carrier": 1}), Force({"destroyer": 2, "carrier": 1}))
    # Against Creuss fighters a destroyer's barrage counts: its 3 dice on 9 beat a cruiser's one on 7.
    with_fighters = Force({"carrier": 1, "fighter": 2}, technologies=("dimensional_splicer",))
    assert same(
        Force({"destroyer": 1, "cruiser": 1}), Force({"cruiser": 1}), with_fighters, Force({"carrier": 1, "fighter": 2})
    )
    # With a Direct Hit in hand, the war sun sustains the hit and the card destroys it.
    direct = Force({"cruiser": 2}, technologies=("dimensional_splicer",), cards=ActionCards(direct_hit=1))
    assert same(Force({"fighter": 2, "war_sun": 1}), Force({"fighter": 2}), direct)
    # A kept-alive cruiser stays the last: the other one goes.
    keep = HitPolicy(order=("cruiser", "fighter"), keep_alive="cruiser")
    assert same(Force({"cruiser": 2, "fighter": 2}, policy=keep), Force({"cruiser": 1, "fighter": 2}, policy=keep))
    # The Letnev flagship repairs itself at the start of round 1: the dreadnought is damaged instead.
    letnev = {"flagship": 1, "dreadnought": 1}
    assert same(
        Force(letnev, faction="barony_of_letnev"), Force(letnev, faction="barony_of_letnev", damaged={"dreadnought": 1})
    )


def test_impulse_core_gives_up_a_ship_for_a_hit_on_a_non_fighter():
    # Yin's 2 cruisers against a cruiser and a fighter: one cruiser goes, its hit must take the
    # defender's cruiser (not the fighter, which its owner would give up first). Then a cruiser
    # (2/5) against a fighter (1/5): 8/25 / (1 - 12/25) = 8/13 wins, 2/13 draws.
    yin = Force({"cruiser": 2}, technologies=("impulse_core",), faction="yin_brotherhood")
    other = Force({"cruiser": 1, "fighter": 1})
    result = space(yin, other)
    assert (result.attacker_win, result.draw) == (F(8, 13), F(2, 13))
    # Not used when the ship is the side's last: a lone cruiser keeps fighting (8/13 as well).
    lone = Force({"cruiser": 1}, technologies=("impulse_core",))
    assert space(lone, Force({"fighter": 1})).attacker_win == F(8, 13)
    # A destroyer goes before a cruiser (the default loss order).
    mixed = Force({"cruiser": 1, "destroyer": 1}, technologies=("impulse_core",))
    lone_defender = Force({"carrier": 1})
    # The hit destroys the carrier at once: the attacker wins with its cruiser intact.
    assert space(mixed, lone_defender).attacker_win == 1
    assert dict(space(mixed, lone_defender).attacker.survivors) == {(("cruiser", 1),): 1}


def test_an_attacker_uses_impulse_core_first_unless_it_would_silence_its_own_cannon():
    carriers = Force({"carrier": 3}, technologies=("assault_cannon",))
    both = ("impulse_core", "assault_cannon")
    # 4 non-fighter ships: giving up the destroyer first still leaves 3 for the cannon, and its
    # hit leaves the defender 2 carriers, too few for its own cannon. Then the cannon: 1 carrier.
    four = Force({"destroyer": 1, "cruiser": 3}, technologies=both)
    assert space(four, carriers).attacker_win == space(Force({"cruiser": 3}), Force({"carrier": 1})).attacker_win
    # 2 non-fighter ships: its cannon cannot fire anyway, so Impulse Core first, and the
    # defender's cannon is switched off: a cruiser against 2 carriers.
    two = Force({"destroyer": 1, "cruiser": 1}, technologies=both)
    assert space(two, carriers).attacker_win == space(Force({"cruiser": 1}), Force({"carrier": 2})).attacker_win


def test_an_attacker_with_assault_cannon_uses_impulse_core_after_it():
    # Yin's destroyer and 2 cruisers, with both cards, against 3 carriers: 3 non-fighter ships, so
    # the cannon takes a carrier first; then the destroyer goes for a hit on another carrier. What
    # is left is the duel of 2 cruisers against a carrier (giving up the destroyer first would
    # leave 2 ships, too few for the cannon).
    yin = Force({"destroyer": 1, "cruiser": 2}, technologies=("impulse_core", "assault_cannon"))
    duel = space(Force({"cruiser": 2}), Force({"carrier": 1}))
    assert space(yin, Force({"carrier": 3})).attacker_win == duel.attacker_win


def test_technologies_that_cannot_act_are_not_named():
    # Non-Euclidean Shielding without a unit with Sustain Damage; Impulse Core without a destroyer
    # or cruiser, or with nothing else to fight on.
    codes = {
        r.code
        for r in space(
            Force({"fighter": 2, "carrier": 1}, technologies=("non_euclidean_shielding", "impulse_core")),
            Force({"cruiser": 1}),
        ).reasons
    }
    assert not codes & {"non_euclidean_shielding", "impulse_core"}
    lone = space(Force({"cruiser": 1}, technologies=("impulse_core",)), Force({"fighter": 1}))
    assert "impulse_core" not in {r.code for r in lone.reasons}
    # Every unit with Sustain Damage already damaged: nothing left to sustain.
    damaged = Force({"dreadnought": 1}, technologies=("non_euclidean_shielding",), damaged={"dreadnought": 1})
    assert "non_euclidean_shielding" not in {r.code for r in space(damaged, Force({"cruiser": 1})).reasons}
    intact = Force({"dreadnought": 2}, technologies=("non_euclidean_shielding",), damaged={"dreadnought": 1})
    assert "non_euclidean_shielding" in {r.code for r in space(intact, Force({"cruiser": 1})).reasons}


def test_l4_disruptors_keep_the_pds_from_firing_at_the_landing_infantry():
    # An infantry (8: 3/10) against an infantry: 21/100 / (51/100) = 7/17. A PDS (6: 1/2) would
    # first destroy the lander half the time: 7/34.
    defended = Force({"infantry": 1, "pds": 1})
    assert ground(Force({"infantry": 1}), defended).attacker_win == F(7, 34)
    letnev = Force({"infantry": 1}, technologies=("l4_disruptors",), faction="barony_of_letnev")
    result = ground(letnev, defended)
    assert result.attacker_win == F(7, 17)
    assert not result.pre_combat  # the planet's shield stops bombardment; the PDS do not fire
    assert ("l4_disruptors", "ti4/43.3") in {(r.code, r.rule) for r in result.reasons}


def _binomial(n: int, k: int, p: F) -> F:
    return comb(n, k) * p**k * (1 - p) ** (n - k)


def _weave_odds(a0: int, d0: int, pa: F, pd: F, weave: tuple[bool, bool], harrow: tuple[F, ...] = (F(1),)):
    """An independent exact ground combat of infantry alone: (attacker wins, draw, defender wins)
    from a0 against d0, each die hitting with pa or pd; ``weave``: which side's Valkyrie Particle
    Weave adds a hit when the other's dice hit; ``harrow``: P(h) of the attacker's end-of-round
    bombardment hits, which are no combat roll."""

    @cache
    def odds(a: int, d: int) -> tuple[F, F, F]:
        if not (a and d):
            return F(a > 0), F(a == d), F(d > 0)
        stay, total = F(0), [F(0)] * 3
        for ha, hd, (hh, qh) in product(range(a + 1), range(d + 1), enumerate(harrow)):
            q = _binomial(a, ha, pa) * _binomial(d, hd, pd) * qh
            after = (max(a - hd - (weave[1] and ha > 0), 0), max(d - ha - hh - (weave[0] and hd > 0), 0))
            if after == (a, d):
                stay += q
            else:
                total = [t + q * o for t, o in zip(total, odds(*after))]
        return tuple(t / (1 - stay) for t in total)

    return odds(a0, d0)


def test_valkyrie_particle_weave_adds_a_hit_when_the_opponent_scores():
    # One infantry each (8: 3/10). The defender's hit destroys the lander, and the weave answers
    # it with a hit: the defender's 7/17 become draws, 10/17 (3/10 / 51/100).
    nekro = Force({"infantry": 1}, technologies=("valkyrie_particle_weave",), faction="nekro_virus")
    result = ground(nekro, Force({"infantry": 1}))
    assert (result.attacker_win, result.draw, result.defender_win) == (F(7, 17), F(10, 17), 0)
    assert ("valkyrie_particle_weave", "ti4/24.2") in {(r.code, r.rule) for r in result.reasons}
    plain = ground(Force({"infantry": 1}), Force({"infantry": 1}))
    assert (plain.attacker_win, plain.draw, plain.defender_win) == (F(7, 17), F(3, 17), F(7, 17))


def test_valkyrie_particle_weave_matches_an_independent_solver_on_either_side_and_both():
    woven = {"technologies": ("valkyrie_particle_weave",)}
    for a, d, weave in ((2, 3, (True, False)), (3, 2, (False, True)), (3, 4, (True, True)), (1, 3, (False, True))):
        # Sardakk N'orr's infantry hits on 7 (Unrelenting +1), the Nekro Virus's on 8.
        attacker = Force({"infantry": a}, faction="sardakk_norr", **(woven if weave[0] else {}))
        defender = Force({"infantry": d}, faction="nekro_virus", **(woven if weave[1] else {}))
        result = ground(attacker, defender)
        expected = _weave_odds(a, d, F(4, 10), F(3, 10), weave)
        assert (result.attacker_win, result.draw, result.defender_win) == expected
        assert sum(expected) == 1


def test_harrow_is_no_combat_roll_for_the_valkyrie_particle_weave():
    # L1Z1X lands 2 infantry beside a dreadnought (Bombardment 5: 3/5) on 3 Sardakk infantry (7:
    # 2/5). The dreadnought bombards first, then again after every round (Harrow); only the
    # landed infantry's hits call the defender's weave.
    l1z1x = Force({"infantry": 2, "dreadnought": 1}, faction="l1z1x_mindnet")
    sardakk = Force({"infantry": 3}, faction="sardakk_norr", technologies=("valkyrie_particle_weave",))
    result = ground(l1z1x, sardakk)
    harrow = (F(2, 5), F(3, 5))
    after_bombardment = [_weave_odds(2, d, F(3, 10), F(4, 10), (False, True), harrow) for d in (3, 2)]
    expected = tuple(F(2, 5) * x + F(3, 5) * y for x, y in zip(*after_bombardment))
    assert (result.attacker_win, result.draw, result.defender_win) == expected
    assert expected != _weave_odds(2, 3, F(3, 10), F(4, 10), (False, True), (F(1),))
