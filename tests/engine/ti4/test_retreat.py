"""TI4 retreat: announcement order (23.4), destinations (23.7 and anomalies), consequences."""

import pytest
from hypothesis import given, strategies as st

from engine.core.reasons import InvalidInput
from engine.ti4 import retreat as ti4
from engine.ti4.retreat import Fleet

HOME = "A=edge,planet"  # a legal destination: adjacent, a planet the player controls


def codes(reasons):
    return [r.code for r in reasons]


# --- announcing (23.4) --------------------------------------------------------------------


def test_defender_announces_first():
    assert ti4.can_announce(ti4.parse(f"defender: {HOME}"))


def test_attacker_may_announce_when_the_defender_did_not():
    assert ti4.can_announce(ti4.parse(f"attacker: {HOME}"))


def test_attacker_cannot_announce_once_the_defender_has():
    c = ti4.parse(f"attacker +opp: {HOME}")
    assert not ti4.can_announce(c)
    assert [(r.code, r.rule) for r in ti4.announcement_reasons(c)] == [("defender_announced", "ti4/23.4")]


def test_defender_chance_has_passed_once_the_attacker_announced():
    c = ti4.parse(f"defender +opp: {HOME}")
    assert codes(ti4.announcement_reasons(c)) == ["announcement_passed"]


@pytest.mark.parametrize("role", ["attacker", "defender"])
def test_nobody_announces_without_a_valid_destination(role):
    c = ti4.parse(f"{role}: A=edge,units,ships B=far,planet C=edge,units,supernova")
    assert ti4.legal_destinations(c) == ()
    assert codes(ti4.announcement_reasons(c)) == ["no_valid_destination"]


def test_every_announcement_reason_can_stack():
    c = ti4.parse("attacker +opp: A=edge", Fleet(fighters=2))
    assert codes(ti4.announcement_reasons(c)) == ["defender_announced", "no_ship_can_move", "no_valid_destination"]
    assert set(codes(ti4.announcement_reasons(c))) | {"announcement_passed"} == set(ti4.ANNOUNCE_CODES)


@pytest.mark.parametrize(
    ("line", "fleet", "why"),
    [
        (f"attacker +opp: {HOME}", Fleet(carriers=1, fighters=6), "defender_announced"),
        (f"defender: {HOME}", Fleet(fighters=3), "no_ship_can_move"),
    ],
)
def test_no_destination_is_legal_when_no_retreat_can_be_announced(line, fleet, why):
    c = ti4.parse(line, fleet)
    assert ti4.valid_systems(c) == ("A",) and not ti4.can_announce(c)
    assert ti4.legal_destinations(c) == ()
    (v,) = ti4.verdicts(c)
    assert not v.legal and codes(v.reasons) == [why]
    assert v.details == {"command_token": None, "fleet_pool_excess": None}
    assert not {"token_from_reinforcements", "token_from_command_sheet"} & set(codes(v.notes))
    # Nothing is left behind by a retreat that cannot happen, and it need not be carried out.
    assert not {"capacity_loss", "capacity_loss_infantry", "must_retreat", "opponent_gone"} & set(codes(ti4.notes(c)))


def test_fighter_ii_can_move_by_itself():
    assert ti4.can_announce(ti4.parse(f"defender: {HOME}", Fleet(fighters=2, fighter_ii=True)))


# --- destinations (23.7, 14.1, 79.1, 54.1, 39.2) --------------------------------------------

CASES = {
    "not_adjacent": ("B=far,planet", "ti4/23.7"),
    "no_planet_or_unit": ("B=edge", "ti4/23.7"),
    "other_players_ships": ("B=edge,planet,ships", "ti4/23.7"),
    "asteroid_field": ("B=edge,units,asteroid_field", "ti4/14.1"),
    "supernova": ("B=edge,units,supernova", "ti4/79.1"),
    "nebula": ("B=edge,units,nebula", "ti4/54.1"),
}


def test_every_reason_code_has_a_case():
    assert set(CASES) == set(ti4.REASON_CODES)


@pytest.mark.parametrize("code", sorted(CASES))
def test_each_reason_alone(code):
    spec, rule = CASES[code]
    (v,) = ti4.verdicts(ti4.parse(f"defender: {spec}"))
    assert [(r.code, r.rule) for r in v.reasons] == [(code, rule)]
    assert v.details["command_token"] is None


def test_a_unit_is_as_good_as_a_planet_and_wormholes_are_adjacent():
    c = ti4.parse("defender: A=edge,units B=wormhole,planet")
    assert ti4.legal_destinations(c) == ("A", "B")
    b = ti4.verdicts(c)[1]
    assert ("via_wormhole", "ti4/89") in [(n.code, n.rule) for n in b.notes]


def test_gravity_rift_destination_is_legal_and_rolls_nothing():
    (v,) = ti4.verdicts(ti4.parse("defender: R=edge,units,gravity_rift"))
    assert v.legal
    assert ("gravity_rift_entry", "ti4/39.2") in [(n.code, n.rule) for n in v.notes]


def test_leaving_a_combat_fought_in_a_gravity_rift_rolls_for_each_ship():
    c = ti4.parse(f"defender in=gravity_rift: {HOME}", Fleet(carriers=2, destroyers=1))
    rift = [n for n in ti4.notes(c) if n.code == "gravity_rift_exit"]
    assert rift and rift[0].rule == "ti4/39.2" and rift[0].params == {"ships": 3}


def test_fighter_ii_aboard_a_carrier_rolls_no_die_leaving_a_gravity_rift():
    # 39.2: "I dadi non vengono tirati per le unità trasportate". A carrier (room for 4) takes 3
    # Fighter II: 1 die, its own; of 6, two fly on their own: 3 dice; 2 infantry board first, so one
    # of 3 fighters flies: 2 dice.
    def dice(fighters, infantry=0):
        fleet = Fleet(carriers=1, fighters=fighters, infantry=infantry, fighter_ii=True)
        c = ti4.parse(f"attacker in=gravity_rift: {HOME}", fleet)
        return next(n.params["ships"] for n in ti4.notes(c) if n.code == "gravity_rift_exit")

    assert dice(3) == 1
    assert dice(6) == 3
    assert dice(3, infantry=2) == 2


def test_faq_notes_stalemate_for_the_attacker_only_and_skilled_retreat_for_both():
    attacker = [(n.code, n.rule) for n in ti4.notes(ti4.parse(f"attacker: {HOME}"))]
    defender = [(n.code, n.rule) for n in ti4.notes(ti4.parse(f"defender: {HOME}"))]
    assert ("stalemate", "ti4/faq-generale-2") in attacker
    assert "stalemate" not in [code for code, _ in defender]
    assert ("skilled_retreat", "ti4/faq-carte-azione-1") in attacker
    assert ("skilled_retreat", "ti4/faq-carte-azione-1") in defender


def test_announced_retreat_must_happen_and_is_void_if_the_opponent_is_gone():
    assert codes(ti4.notes(ti4.parse(f"defender: {HOME}")))[:2] == ["must_retreat", "opponent_gone"]


# --- command token (23.7, 73.3, 73.6) -----------------------------------------------------


@pytest.mark.parametrize(
    "line, source, code",
    [
        (f"defender: {HOME}", "reinforcements", "token_from_reinforcements"),
        (f"defender -tokens: {HOME}", "command_sheet", "token_from_command_sheet"),
        ("defender -tokens: A=edge,planet,token", "already_there", "token_already_there"),
    ],
)
def test_command_token_source(line, source, code):
    (v,) = ti4.verdicts(ti4.parse(line))
    assert v.details["command_token"] == source
    assert code in codes(v.notes)


# --- capacity (23.7, 17) ------------------------------------------------------------------


def test_capacity_table_from_the_unit_cards():
    # Carrier 4, Carrier II 6, Cruiser II 1, Dreadnought 1, War Sun 6; destroyers carry nothing.
    assert ti4.fleet_capacity(Fleet(carriers=2)) == 8
    assert ti4.fleet_capacity(Fleet(carriers=2, carrier_ii=True)) == 12
    assert ti4.fleet_capacity(Fleet(cruisers=3)) == 0
    assert ti4.fleet_capacity(Fleet(cruisers=3, cruiser_ii=True)) == 3
    assert ti4.fleet_capacity(Fleet(dreadnoughts=2, war_suns=1, destroyers=4)) == 8
    assert ti4.fleet_capacity(Fleet(flagship=1, flagship_capacity=3)) == 3


def test_a_faction_sheets_ships_carry_what_it_prints():
    # Sol's Advanced Carrier I/II carry 6/8 (generic 4/6); L1Z1X's Super-Dreadnoughts 2 (generic 1).
    sol = {"faction": "federation_of_sol"}
    assert ti4.fleet_capacity(Fleet(carriers=2, **sol)) == 12
    assert ti4.fleet_capacity(Fleet(carriers=2, carrier_ii=True, **sol)) == 16
    assert ti4.fleet_capacity(Fleet(dreadnoughts=2, faction="l1z1x_mindnet")) == 4
    assert ti4.fleet_capacity(Fleet(dreadnoughts=2, faction="sardakk_norr")) == 2  # Exotrireme: 1, as generic
    # 1 carrier and 6 fighters: the generic carrier loses 2 of them, Sol's loses none.
    assert ti4.capacity_loss(Fleet(carriers=1, fighters=6)).excess == 2
    assert ti4.capacity_loss(Fleet(carriers=1, fighters=6, **sol)).excess == 0
    with pytest.raises(InvalidInput) as refused:
        ti4.check_fleet(Fleet(carriers=1, faction="terran"))
    assert (refused.value.code, refused.value.field) == ("unknown_faction", "units.faction")


def test_fighters_and_infantry_beyond_capacity_are_destroyed_at_the_players_choice():
    # 1 carrier (4) + 1 dreadnought (1) = 5 places for 4 fighters + 3 infantry: 2 are lost,
    # any mix of the two kinds (0-2 fighters, 0-2 infantry).
    c = ti4.parse(f"attacker: {HOME}", Fleet(carriers=1, dreadnoughts=1, fighters=4, infantry=3))
    loss = ti4.capacity_loss(c.fleet)
    assert (loss.capacity, loss.excess) == (5, 2)
    assert loss.fighters_range == (0, 2) and loss.infantry_range == (0, 2)
    assert ("capacity_loss", "ti4/17.3") in [(n.code, n.rule) for n in ti4.notes(c)]


def test_when_only_one_kind_can_cover_the_loss_the_range_is_forced():
    # capacity 4, 6 fighters + 1 infantry: 3 lost, at least 2 of them fighters.
    loss = ti4.capacity_loss(Fleet(carriers=1, fighters=6, infantry=1))
    assert loss.excess == 3
    assert loss.fighters_range == (2, 3) and loss.infantry_range == (0, 1)


def test_fighter_ii_fighters_are_never_lost_for_room_but_count_against_the_fleet_pool():
    # 23.7 destroys only the fighters that can neither move nor be carried; Fighter II moves 2.
    # One dreadnought (capacity 1), 4 fighters, 2 infantry: 1 infantry is lost, no fighter; the
    # 4 fighters beyond the room left count against the fleet pool (the Fighter II card).
    fleet = Fleet(dreadnoughts=1, fighters=4, infantry=2, fighter_ii=True)
    loss = ti4.capacity_loss(fleet)
    assert (loss.excess, loss.fighters_range, loss.infantry_range) == (1, (0, 0), (1, 1))
    assert ti4.fighters_over_capacity(fleet) == 4
    assert ti4.fighters_over_capacity(Fleet(carriers=1, fighters=4, infantry=1, fighter_ii=True)) == 1
    assert ti4.fighters_over_capacity(Fleet(carriers=1, fighters=9)) == 0  # without the card they are destroyed
    c = ti4.parse(f"defender: {HOME}", Fleet(dreadnoughts=1, fighters=4, fighter_ii=True))
    assert not {"capacity_loss", "capacity_loss_infantry"} & set(codes(ti4.notes(c)))
    carried = ti4.parse(f"defender: {HOME}", fleet)  # the note says infantry, not "fighters or infantry"
    assert "capacity_loss_infantry" in codes(ti4.notes(carried)) and "capacity_loss" not in codes(ti4.notes(carried))
    pooled = ti4.Combat("defender", c.systems, c.fleet, fleet_pool=3)
    assert ti4.fleet_pool_excess(pooled, c.systems[0]) == 1 + 3 + c.systems[0].own_ships - 3


@given(st.integers(0, 4), st.integers(0, 5), st.integers(0, 2), st.booleans(), st.integers(0, 30), st.integers(0, 30))
def test_capacity_loss_properties(carriers, dreads, suns, upgraded, fighters, infantry):
    f = Fleet(
        carriers=carriers, dreadnoughts=dreads, war_suns=suns, carrier_ii=upgraded, fighters=fighters, infantry=infantry
    )
    loss = ti4.capacity_loss(f)
    kept = fighters + infantry - loss.excess
    assert 0 <= kept <= ti4.fleet_capacity(f)
    assert loss.fighters_range[0] + loss.infantry_range[1] == loss.excess
    assert loss.fighters_range[1] + loss.infantry_range[0] == loss.excess
    more = ti4.capacity_loss(
        Fleet(
            carriers=carriers,
            dreadnoughts=dreads,
            war_suns=suns,
            carrier_ii=upgraded,
            fighters=fighters + 1,
            infantry=infantry,
        )
    )
    assert more.excess >= loss.excess


# --- fleet pool (65.5) --------------------------------------------------------------------


def test_fleet_pool_counts_ships_already_there_but_not_fighters():
    # 2 carriers + 1 dreadnought arrive where 2 of the player's ships already are: 5 ships
    # against a pool of 3 tokens, so 2 are removed; the 6 fighters do not count (65.1).
    c = ti4.parse(
        "defender pool=3: A=edge,planet,mine:2 B=edge,units C=edge,ships,units,mine:9",
        Fleet(carriers=2, dreadnoughts=1, fighters=6),
    )
    a, b, blocked = ti4.verdicts(c)
    assert a.details["fleet_pool_excess"] == 2
    assert ("fleet_pool_excess", "ti4/65.5") in [(n.code, n.rule) for n in a.notes]
    assert b.details["fleet_pool_excess"] == 0 and "fleet_pool_excess" not in codes(b.notes)
    assert blocked.details["fleet_pool_excess"] is None  # not a legal destination


def test_fleet_pool_is_skipped_when_not_described():
    (v,) = ti4.verdicts(ti4.parse("defender: A=edge,planet,mine:20", Fleet(carriers=4)))
    assert v.details["fleet_pool_excess"] is None


# --- rules and validation -----------------------------------------------------------------


def test_rules_start_with_announce_and_retreat_and_cover_reasons():
    c = ti4.parse("defender: A=edge,planet B=edge,units,nebula C=wormhole,units")
    ids = ti4.rules(c)
    assert ids[:2] == ("ti4/23.4", "ti4/23.7")
    assert {"ti4/54.1", "ti4/89", "ti4/2"} <= set(ids)


@pytest.mark.parametrize(
    "kwargs, field",
    [
        ({"role": "spectator", "systems": []}, "role"),
        ({"role": "defender", "systems": [{"name": f"S{i}"} for i in range(13)]}, "candidates"),
        ({"role": "defender", "systems": [{"name": "A"}, {"name": "A"}]}, "candidates[1].system"),
        ({"role": "defender", "systems": [{"name": "A", "anomaly": "black_hole"}]}, "candidates[0].anomaly"),
        ({"role": "defender", "systems": [{"name": "A", "adjacency": "near"}]}, "candidates[0].adjacent"),
        ({"role": "defender", "systems": [], "fleet": Fleet(war_suns=3)}, "units.war_suns"),
        ({"role": "defender", "systems": [], "fleet": Fleet(fighters=61)}, "units.fighters"),
        ({"role": "defender", "systems": [{"name": "A", "own_ships": 29}]}, "candidates[0].own_ships"),
    ],
)
def test_invalid_input_names_the_field(kwargs, field):
    with pytest.raises(InvalidInput) as err:
        ti4.combat(kwargs.pop("role"), kwargs.pop("systems"), kwargs.pop("fleet", None))
    assert err.value.field == field


def test_no_combat_is_fought_in_a_supernova():
    with pytest.raises(InvalidInput) as err:
        ti4.combat("defender", [], active_anomaly="supernova")
    assert (err.value.code, err.value.field) == ("unknown_anomaly", "active_anomaly")
    assert "supernova" not in err.value.params["choices"]
    for anomaly in ti4.COMBAT_ANOMALIES:  # the others can hold a combat
        assert ti4.combat("defender", [], active_anomaly=anomaly).active_anomaly == anomaly


def test_unknown_notation_flag_is_refused():
    with pytest.raises(InvalidInput):
        ti4.parse("defender: A=edge,moon")


system = st.builds(
    ti4.System,
    name=st.just("S"),
    adjacency=st.sampled_from(ti4.ADJACENCIES),
    controls_planet=st.booleans(),
    own_units=st.booleans(),
    other_players_ships=st.booleans(),
    anomaly=st.sampled_from((None,) + ti4.ANOMALIES),
    own_command_token=st.booleans(),
)


@given(system)
def test_legal_means_every_condition_of_23_7_and_the_anomaly_rules(s):
    expected = (
        s.adjacency != "none"
        and (s.controls_planet or s.own_units)
        and not s.other_players_ships
        and s.anomaly in (None, "gravity_rift")
    )
    assert ti4.is_legal_destination(s) == expected
    assert ti4.is_legal_destination(s) == (not ti4.destination_reasons(s))


@given(st.lists(system, max_size=4), st.sampled_from(ti4.ROLES), st.booleans())
def test_announcing_needs_the_turn_and_a_legal_system(systems, role, opp):
    named = tuple(
        ti4.System(
            f"S{i}",
            *[
                getattr(s, f)
                for f in (
                    "adjacency",
                    "controls_planet",
                    "own_units",
                    "other_players_ships",
                    "anomaly",
                    "own_command_token",
                )
            ],
        )
        for i, s in enumerate(systems)
    )
    c = ti4.Combat(role, named, Fleet(carriers=1), opp)
    assert ti4.can_announce(c) == (not opp and any(map(ti4.is_legal_destination, named)))


def test_antimass_deflectors_open_asteroid_fields():
    without = ti4.parse("attacker: A=edge,units,asteroid_field S=edge,units,supernova")
    assert ti4.legal_destinations(without) == ()
    assert not ti4.can_announce(without)
    with_tech = ti4.parse("attacker +antimass: A=edge,units,asteroid_field S=edge,units,supernova")
    assert ti4.legal_destinations(with_tech) == ("A",)  # a supernova stays closed
    (field, _supernova) = ti4.verdicts(with_tech)
    assert field.reasons == () and ("antimass_deflectors", "ti4/14.1") in [(n.code, n.rule) for n in field.notes]
    # the technology does not make up for the other conditions of 23.7
    assert ti4.legal_destinations(ti4.parse("attacker +antimass: A=edge,asteroid_field")) == ()


def test_a_fleet_with_no_unit_entered_is_no_fleet_described():
    # The page sends its counters at zero: the systems are still judged, no ship is said unable to move.
    c = ti4.combat("defender", [{"name": "A", "controls_planet": True}], Fleet())
    assert c.fleet is None and ti4.legal_destinations(c) == ("A",) and ti4.can_announce(c)
