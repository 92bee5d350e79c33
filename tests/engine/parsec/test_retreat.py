"""Parsec evasive maneuver: surrounded or not, colonies, ranges, and the hex geometry."""

import random

import pytest
from hypothesis import given, strategies as st

from engine.core.reasons import InvalidInput
from engine.parsec import retreat as ps

RING = " ".join(f"fighter@{q},{r}" for q, r in ps.DIRECTIONS)  # six fighters around (0, 0)


def codes(reasons):
    return [r.code for r in reasons]


# --- can it evade? ------------------------------------------------------------------------


def test_surrounded_on_all_six_hexes_cannot_evade():
    s = ps.parse(f"cruiser vs {RING}")
    assert not ps.can_evade(s)
    assert [(r.code, r.rule) for r in ps.evade_reasons(s)] == [("surrounded", "parsec/manovra-evasiva")]
    assert ps.ends_exchange(s) is False


def test_an_event_card_allows_escape_but_the_card_decides_the_rest():
    s = ps.parse(f"cruiser vs {RING} | card")
    assert ps.can_evade(s)
    assert ps.ends_exchange(s) is None
    assert codes(ps.notes(s)) == ["escape_card"]


def test_five_attackers_leave_a_gap():
    five = " ".join(f"fighter@{q},{r}" for q, r in ps.DIRECTIONS[:5])
    s = ps.parse(f"cruiser vs {five}")
    assert ps.can_evade(s)
    assert ps.reachable(s)[ps.DIRECTIONS[5]] == 1


def test_boxed_in_by_other_vessels_is_a_movement_rule_not_a_surround():
    five = " ".join(f"fighter@{q},{r}" for q, r in ps.DIRECTIONS[:5])
    s = ps.parse(f"cruiser vs {five} | blocked 0,1")
    assert [(r.code, r.rule) for r in ps.evade_reasons(s)] == [
        ("no_free_hex", "parsec/azioni-e-movimento-dei-vascelli")
    ]


def test_a_colony_never_evades_and_a_long_range_attack_on_it_ends_the_exchange():
    far = ps.parse("colony vs cruiser@2,0")
    # Cited from the colony's own section ("non può più essere spostata"), whatever the range.
    assert [(r.code, r.rule) for r in ps.evade_reasons(far)] == [("colony_cannot_evade", "parsec/colonia")]
    assert ps.ends_exchange(far) is True
    assert [(r.code, r.rule) for r in ps.notes(far)] == [("colony_exchange_ends", "parsec/attacco-a-lungo-raggio")]
    near = ps.parse("colony vs cruiser@2,0 fighter@0,1")
    assert ps.ends_exchange(near) is False
    (reason,) = ps.exchange_reasons(near)
    assert reason.code == "colony_can_counterattack" and reason.params["attackers"] == [[0, 1]]


# --- does it end the exchange? ------------------------------------------------------------


def test_rulebook_long_range_example_and_escaping_it():
    # "a vessel with range 2, two hexes from its target, can attack": a cruiser two hexes
    # away reaches the fighter; a fighter (move 2) can end three or more hexes away from it.
    s = ps.parse("fighter vs cruiser@2,0")
    assert ps.attackers_in_range(s, ps.ORIGIN)
    assert ps.ends_exchange(s) is True
    assert all(ps.distance((2, 0), h) > 2 for h in ps.safe_hexes(s))
    assert (-1, 0) in ps.safe_hexes(s)  # one step straight away is already out of range
    assert "safe_by_distance" in codes(ps.notes(s))


def test_a_range_bonus_can_keep_the_vessel_in_reach():
    # Range 5 from (2, 0): a fighter moving 2 can get at most 4 hexes away, still in range.
    s = ps.parse("fighter vs cruiser@2,0^5")
    assert ps.ends_exchange(s) is False
    (reason,) = ps.exchange_reasons(s)
    assert reason.code == "still_in_range" and reason.rule == "parsec/manovra-evasiva"
    assert reason.params["attackers"] == [[2, 0]]
    assert ps.ends_exchange(ps.parse("fighter vs cruiser@2,0^5 | move 4")) is True


def test_walls_of_other_vessels_block_the_way():
    # Worked by hand: vessels west, south-west, south and north of the fighter leave only
    # (1, 0) and (1, -1) open; the attacker on (2, 0) cannot be entered either.
    s = ps.parse("fighter vs cruiser@2,0 | blocked -1,0 -1,1 0,1 0,-1")
    assert ps.reachable(s) == {(1, 0): 1, (1, -1): 1, (2, -1): 2, (1, 1): 2, (2, -2): 2, (1, -2): 2}


# --- a chosen destination -----------------------------------------------------------------


@pytest.mark.parametrize(
    "line, expected",
    [
        ("fighter vs cruiser@2,0 | blocked -1,0 | to -1,0", ["destination_occupied"]),
        ("fighter vs cruiser@2,0 | to -3,0", ["destination_unreachable"]),
        ("fighter vs cruiser@2,0 | to 0,0", ["destination_is_start"]),  # not "still in range" too
        ("fighter vs fighter@1,0 | to 1,0", ["destination_occupied"]),  # nor on an attacker's hex
        ("fighter vs fighter@1,0 | pass -1,0 | to -1,0", ["destination_occupied"]),
        ("fighter vs cruiser@2,0 | to 0,1", ["destination_in_range"]),
        ("fighter vs cruiser@2,0 | to -2,0", []),
    ],
)
def test_destination_reasons(line, expected):
    s = ps.parse(line)
    assert codes(ps.destination_reasons(s)) == expected
    assert ps.ends_exchange(s) is (not expected)


def test_every_code_is_reachable():
    lines = [
        "colony vs cruiser@2,0",
        "colony vs fighter@1,0",
        f"fighter vs {RING}",
        f"fighter vs {RING} | card",
        "fighter vs fighter@1,0 | blocked " + " ".join(f"{q},{r}" for q, r in ps.DIRECTIONS[1:]),
        "fighter vs cruiser@2,0^5",
        "fighter vs cruiser@2,0",
        "fighter vs cruiser@2,0 | blocked -1,0 | to -1,0",
        "fighter vs cruiser@2,0 | to -3,0",
        "fighter vs cruiser@2,0 | to 0,1",
        "fighter vs cruiser@2,0 | to 0,0",
    ]
    seen = set()
    for line in lines:
        s = ps.parse(line)
        seen |= set(codes(ps.evade_reasons(s) + ps.exchange_reasons(s) + ps.destination_reasons(s) + ps.notes(s)))
    assert seen == set(ps.EVADE_CODES + ps.EXCHANGE_CODES + ps.DESTINATION_CODES + ps.NOTE_CODES)


# --- geometry -----------------------------------------------------------------------------

hexes = st.tuples(st.integers(-8, 8), st.integers(-8, 8))


@given(hexes, hexes, hexes)
def test_distance_is_a_metric(a, b, c):
    assert ps.distance(a, b) == ps.distance(b, a)
    assert (ps.distance(a, b) == 0) == (a == b)
    assert ps.distance(a, c) <= ps.distance(a, b) + ps.distance(b, c)


def test_reachable_matches_random_walks_on_an_open_field():
    # Independent check: every hex a random walk of <= 3 steps ends on is reachable with
    # movement 3, and every hex within distance 3 shows up in some walk.
    s = ps.situation("cargo", [{"kind": "fighter", "at": (6, 0), "range": 6}])
    steps = ps.reachable(s)
    rng = random.Random(7)
    seen = set()
    for _ in range(20000):
        h = (0, 0)
        for _ in range(rng.randint(1, 3)):
            dq, dr = rng.choice(ps.DIRECTIONS)
            h = (h[0] + dq, h[1] + dr)
        if h != (0, 0):
            seen.add(h)
            assert h in steps and steps[h] == ps.distance((0, 0), h)
    assert seen == set(steps)
    assert len(steps) == 36  # 6 + 12 + 18 hexes in rings 1..3


@pytest.mark.parametrize(
    "kinds, shared",
    [
        (("fighter", "fighter"), True),  # two small vessels share a hex
        (("cargo", "fighter"), True),
        (("fighter", "cruiser"), False),  # a large vessel holds its hex alone
        (("transport", "cruiser"), False),
        (("fighter", "fighter", "cargo"), False),  # at most two small ones
    ],
)
def test_attackers_share_a_hex_as_the_movement_rule_allows(kinds, shared):
    """«Solo un massimo di due unità piccole ... possono condividere la stessa casella»."""
    attackers = [{"kind": kind, "at": (1, 0)} for kind in kinds]
    if shared:
        assert ps.situation("cruiser", attackers).attackers[-1].at == (1, 0)
    else:
        with pytest.raises(InvalidInput) as err:
            ps.situation("cruiser", attackers)
        assert (err.value.code, err.value.field) == ("hex_taken", f"attackers[{len(kinds) - 1}]")


@pytest.mark.parametrize(
    "kwargs, field",
    [
        ({"vessel": "starbase", "attackers": [{"kind": "fighter", "at": (1, 0)}]}, "vessel"),
        ({"vessel": "fighter", "attackers": []}, "attackers"),
        ({"vessel": "fighter", "attackers": [{"kind": "ufo", "at": (1, 0)}]}, "attackers[0].kind"),
        ({"vessel": "fighter", "attackers": [{"kind": "fighter", "at": (0, 0)}]}, "attackers[0]"),
        ({"vessel": "fighter", "attackers": [{"kind": "fighter", "at": (20, 0)}]}, "attackers[0]"),
        ({"vessel": "fighter", "attackers": [{"kind": "fighter", "at": (1, 0), "range": 9}]}, "attackers[0].range"),
        ({"vessel": "fighter", "attackers": [{"kind": "fighter", "at": (1, 0)}], "movement": 13}, "movement"),
        ({"vessel": "fighter", "attackers": [{"kind": "fighter", "at": (1, 0)}], "blocked": [(0, 0)]}, "blocked"),
        ({"vessel": "fighter", "attackers": [{"kind": "fighter", "at": (1, 0)}], "blocked": [(1, 0)]}, "blocked[0]"),
        ({"vessel": "fighter", "attackers": [{"kind": "fighter", "at": (2, 0)}]}, "attackers[0]"),
    ],
)
def test_invalid_input_names_the_field(kwargs, field):
    with pytest.raises(InvalidInput) as err:
        ps.situation(kwargs.pop("vessel"), kwargs.pop("attackers"), **kwargs)
    assert err.value.field == field


placed = st.lists(st.tuples(st.integers(-3, 3), st.integers(-3, 3)), max_size=10, unique=True)


@given(placed, placed, st.sampled_from(("fighter", "cruiser", "cargo")), st.integers(1, 3))
def test_safe_hexes_are_reachable_free_and_out_of_every_range(att, blk, vessel, rng):
    attackers = [{"kind": "cruiser", "at": h, "range": rng} for h in att if 0 < ps.distance(h, (0, 0)) <= rng]
    if not attackers:
        return
    blocked = [h for h in blk if h != (0, 0) and h not in att]
    s = ps.situation(vessel, attackers, blocked=blocked)
    steps = ps.reachable(s)
    for h in ps.safe_hexes(s):
        assert h in steps and steps[h] <= s.move and h not in s.occupied
        assert all(ps.distance(a.at, h) > a.range for a in s.attackers)
    assert ps.ends_exchange(s) == bool(ps.safe_hexes(s))
    assert ps.can_evade(s) == (not ps.is_boxed_in(s))
    if ps.is_surrounded(s):
        assert codes(ps.evade_reasons(s)) == ["surrounded"]


def test_a_colony_s_counterattack_cites_the_colony_rule():
    (reason,) = ps.exchange_reasons(ps.parse("colony vs cruiser@2,0 fighter@0,1"))
    assert reason.rule == "parsec/colonia"  # "la sua gittata di tiro è pari a 1"


def test_a_colony_is_never_an_attacker():
    """«potenza di fuoco limitata, utilizzabile solo a scopi difensivi» (parsec/colonia)."""
    with pytest.raises(InvalidInput) as err:
        ps.parse("fighter vs fighter@1,0 colony@-1,0")
    assert (err.value.code, err.value.field, err.value.rule) == (
        "colony_never_attacks",
        "attackers[1].kind",
        "parsec/colonia",
    )


# --- hexes crossed but never stopped on ---------------------------------------------------------

WALLED = "fighter vs cruiser@2,0 | blocked 1,0 1,-1 0,-1 -1,1 0,1"  # every neighbour but -1,0


def test_a_hex_full_of_its_own_vessels_is_crossed_not_stopped_on():
    # The audit's position: every neighbour but -1,0 holds another player's vessel, and -1,0 holds
    # two of the player's own fighters. Through it the fighter (movement 2) reaches the three free
    # hexes beyond -1,0, each 4 hexes from the cruiser (range 2).
    s = ps.parse(WALLED + " | pass -1,0")
    assert ps.can_evade(s) and (-1, 0) not in ps.reachable(s)
    assert set(ps.reachable(s)) == {(-2, 0), (-2, 1), (-1, -1)}
    assert ps.ends_exchange(s) and (-2, 0) in ps.safe_hexes(s)  # 4 hexes from the cruiser
    # Marked as another player's vessel instead, it is a wall: no move at all.
    walled = ps.parse(WALLED.replace("blocked", "blocked -1,0"))
    assert not ps.can_evade(walled) and [r.code for r in ps.evade_reasons(walled)] == ["no_free_hex"]


def test_passable_hexes_need_the_movement_to_get_beyond_them():
    # With movement 1 the only way out ends on the full hex: nowhere to stop.
    s = ps.parse(WALLED + " | pass -1,0 | move 1")
    assert not ps.can_evade(s) and [r.code for r in ps.evade_reasons(s)] == ["no_free_hex"]
    assert ps.ends_exchange(s) is False


@pytest.mark.parametrize(
    "line",
    [
        "fighter vs fighter@1,0 | pass 1,0",
        "fighter vs fighter@1,0 | blocked -1,0 | pass -1,0",
        "fighter vs fighter@1,0 | pass 0,0",
    ],
)
def test_a_passable_hex_is_nothing_else(line):
    with pytest.raises(InvalidInput) as err:
        ps.parse(line)
    assert err.value.code == "hex_taken" and err.value.field == "passable[0]"


def test_an_attacker_beyond_its_range_cannot_have_attacked():
    # A fighter fires at 1 hex (CACCIA): from 5 hexes it attacked nothing; a cruiser (2) from 2 did,
    # and an event card's longer range is given with the attacker.
    with pytest.raises(InvalidInput) as err:
        ps.parse("fighter vs fighter@5,0")
    assert (err.value.code, err.value.rule, err.value.params["distance"], err.value.params["range"]) == (
        "attacker_beyond_range",
        "parsec/attacco-a-lungo-raggio",
        5,
        1,
    )
    assert ps.parse("fighter vs cruiser@2,0").attackers[0].range == 2
    assert ps.parse("fighter vs fighter@3,0^3").attackers[0].range == 3
