"""Eclipse retreat legality: the rulebook's example, one case per reason code, and properties."""

from dataclasses import replace

import pytest
from hypothesis import given, strategies as st

from engine.core.reasons import InvalidInput
from engine.eclipse import retreat as ec

# ESEMPIO DI RITIRATA, reconstructed from its text (the picture is lost): B holds only green's
# disc, C only a green ship, D nothing, E an enemy (red) ship. Green and red fight in A.
EXAMPLE = "B=green/-/full C=-/green/full D=-/-/full E=-/red/full"


def codes(verdict):
    return [r.code for r in verdict.reasons]


def by_hex(situation):
    return {v.destination: v for v in ec.verdicts(situation)}


def test_rulebook_example_green_interceptor_goes_only_to_b():
    v = by_hex(ec.parse(f"green interceptor: {EXAMPLE}"))
    assert v["B"].legal
    assert codes(v["C"]) == ["no_influence_disc"]  # only its ship, no disc
    assert codes(v["D"]) == ["no_influence_disc"]  # empty
    assert "enemy_ships" in codes(v["E"])  # an enemy ship
    assert v["E"].reasons[-1].params["owners"] == ["red"]
    assert ec.legal_destinations(ec.parse(f"green: {EXAMPLE}")) == ("B",)


def test_rulebook_example_red_can_go_nowhere():
    s = ec.parse(f"red: {EXAMPLE}")
    assert ec.legal_destinations(s) == ()
    v = by_hex(s)
    assert codes(v["B"]) == ["no_influence_disc"]  # green's disc is not red's
    assert codes(v["C"]) == ["no_influence_disc", "enemy_ships"]
    assert codes(v["E"]) == ["no_influence_disc"]  # red's own ship is no disc


# One one-liner per reason code: the verdict carries exactly that code, with that rule.
CASES = {
    "starbase_cannot_move": ("green starbase: X=green/-/full", "eclipse/movimento"),
    "not_adjacent": ("green: X=green/-/full/far", "eclipse/ritirata"),
    "no_wormhole": ("green: X=green/-/none", "eclipse/movimento"),
    "half_wormhole": ("green: X=green/-/half", ec.RULE_WORMHOLE_GENERATOR),
    "no_influence_disc": ("green: X=blue/-/full", "eclipse/ritirata"),
    "enemy_ships": ("green: X=green/green,blue/full", "eclipse/ritirata"),
    "ancient_ships": ("green: X=green/ancient/full", "eclipse/ritirata"),
    "gcds": ("green: X=green/gcds/full", "eclipse/ritirata"),
}


def test_every_reason_code_has_a_case():
    assert set(CASES) == set(ec.REASON_CODES)


@pytest.mark.parametrize("code", sorted(CASES))
def test_each_reason_alone(code):
    line, rule = CASES[code]
    (verdict,) = ec.verdicts(ec.parse(line))
    assert not verdict.legal
    assert [(r.code, r.rule) for r in verdict.reasons] == [(code, rule)]
    assert rule in verdict.rules


def test_wormhole_generator_opens_half_wormholes_only():
    assert ec.legal_destinations(ec.parse("green +wg: X=green/-/half")) == ("X",)
    (v,) = ec.verdicts(ec.parse("green +wg: X=green/-/none"))
    assert codes(v) == ["no_wormhole"]


def test_several_reasons_are_all_listed():
    (v,) = ec.verdicts(ec.parse("blue: X=-/red,ancient,gcds/half/far"))
    assert codes(v) == ["not_adjacent", "half_wormhole", "no_influence_disc", "enemy_ships", "ancient_ships", "gcds"]


def test_notes_retreat_is_not_immediate_and_reputation_penalty():
    s = ec.parse(f"green: {EXAMPLE}")
    assert [n.code for n in ec.notes(s)] == ["next_activation", "reputation_warning"]
    whole = ec.parse(f"green +all: {EXAMPLE}")
    assert [(n.code, n.rule) for n in ec.notes(whole)] == [
        ("next_activation", "eclipse/ritirata"),
        ("reputation_lost", "eclipse/penalita-di-ritirata"),
    ]
    partial = replace(ec.parse(f"green: {EXAMPLE}"), all_ships_retreat=False)
    assert [n.code for n in ec.notes(partial)] == ["next_activation"]


def test_no_notes_on_a_retreat_that_cannot_happen():
    # Nothing legal (red in the rulebook's example, an empty list, a starbase): nobody leaves, so
    # nothing about leaving next activation or losing the battle's tile is said.
    assert ec.notes(ec.parse(f"red +all: {EXAMPLE}")) == ()
    assert ec.notes(ec.situation("green", [], all_ships_retreat=True)) == ()
    assert ec.notes(ec.parse(f"green starbase +all: {EXAMPLE}")) == ()


def test_rules_lead_with_the_retreat_paragraph_and_cover_every_reason():
    s = ec.parse("green: B=green/-/full C=-/-/half")
    ids = ec.rules(s)
    assert ids[0] == "eclipse/ritirata"
    for v in ec.verdicts(s):
        assert set(v.rules) <= set(ids)


@pytest.mark.parametrize(
    "line, field",
    [
        ("purple: X=green/-/full", "player"),
        ("green: X=purple/-/full", "candidates[0].influence"),
        ("green: X=green/pirates/full", "candidates[0].ships"),
        ("green: X=green/-/wide", "candidates[0].wormhole"),
        ("green: X=green/-/full X=-/-/full", "candidates[1].hex"),
        ("green: " + " ".join(f"H{i}=-/-/full" for i in range(7)), "candidates"),
        ("green battleship: X=green/-/full", "ship_type"),
    ],
)
def test_invalid_situations_name_the_field(line, field):
    with pytest.raises(InvalidInput) as err:
        ec.parse(line)
    assert err.value.field == field


def test_notation_without_colon_is_refused():
    with pytest.raises(InvalidInput):
        ec.parse("green B=green/-/full")


neighbour = st.builds(
    ec.Neighbour,
    hex=st.just("X"),
    influence=st.sampled_from((None,) + ec.COLOURS),
    ships=st.frozensets(st.sampled_from(ec.SHIP_OWNERS), max_size=4),
    wormhole=st.sampled_from(ec.WORMHOLES),
    adjacent=st.booleans(),
)


@given(neighbour, st.sampled_from(ec.COLOURS), st.booleans())
def test_legal_means_the_three_conditions_of_the_rule(n, player, wg):
    s = ec.Situation(player, (n,), wg)
    expected = (
        n.adjacent
        and n.influence == player
        and not (n.ships - {player})
        and (n.wormhole == "full" or (n.wormhole == "half" and wg))
    )
    assert ec.is_legal_destination(s, n) == expected
    assert ec.is_legal_destination(s, n) == (not ec.destination_reasons(s, n))


@given(neighbour, st.sampled_from(ec.COLOURS), st.sampled_from(ec.SHIP_OWNERS))
def test_more_enemies_never_open_a_hex_and_the_generator_never_closes_one(n, player, owner):
    s = ec.Situation(player, (n,))
    crowded = ec.Neighbour(n.hex, n.influence, n.ships | {owner}, n.wormhole, n.adjacent)
    if ec.is_legal_destination(s, crowded):
        assert ec.is_legal_destination(s, n)
    if ec.is_legal_destination(s, n):
        assert ec.is_legal_destination(ec.Situation(player, (n,), True), n)
