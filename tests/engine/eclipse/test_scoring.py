"""Eclipse end-of-game scoring, from the numbers in the rulebook's FINE DELLA PARTITA list."""

import pytest
from hypothesis import given, strategies as st

from engine.core.reasons import InvalidInput
from engine.eclipse import scoring as eclipse
from engine.eclipse.scoring import EclipsePlayer as P, Storage, Tech


def others(n):
    return [P(f"X{i}") for i in range(n)]


def lines_of(result, name):
    return [(line.code, line.points) for line in result.player(name).lines]


@pytest.mark.parametrize("tiles, vp", [(0, 0), (3, 0), (4, 1), (5, 2), (6, 3), (7, 5)])
def test_tech_track_table(tiles, vp):
    # Rulebook: "4 Segnalini Tecnologia su un indicatore = 1 PV, 5 = 2 PV, 6 = 3 PV, 7 = 5 PV".
    assert eclipse.tech_track_vp(tiles) == vp


def test_each_track_scores_separately():
    result = eclipse.score([P("A", tech=Tech(military=7, grid=4, nano=3)), *others(1)])
    assert result.player("A").total == 5 + 1 + 0


def test_every_category_from_the_rulebook_list():
    # Reputation 1-4 each, ambassadors 1 each, hex VP, discoveries 2 each, monoliths 3 each,
    # traitor -2: 4+3 + 2 + (4+2+1) + 2*2 + 1*3 - 2 = 21 for a Terran in a four-player game.
    a = P("A", reputation=(4, 3), ambassadors=2, hexes=(4, 2, 1), discoveries=2, monoliths=1, traitor=True)
    result = eclipse.score([a, P("B", ambassadors=1), P("C", ambassadors=1), P("D")])
    assert lines_of(result, "A") == [
        ("eclipse_reputation", 7),
        ("eclipse_ambassadors", 2),
        ("eclipse_hexes", 7),
        ("eclipse_discoveries", 4),
        ("eclipse_monoliths", 3),
        ("eclipse_traitor", -2),
    ]
    assert result.player("A").total == 21
    assert result.player("A").lines[-1].rule == "eclipse/interrompere-i-rapporti-diplomatici"


def test_ambassadors_that_can_all_be_mutual_are_accepted():
    """A with B, C and D; or two pairs; Terrans may repeat (six factions, one id)."""
    for held in ((3, 1, 1, 1), (1, 1, 1, 1), (2, 2, 1, 1), (0, 0, 0, 0)):
        players = [P(name, ambassadors=n) for name, n in zip("ABCD", held)]
        assert eclipse.score(players).player("A").total == held[0]
    assert eclipse.score([P("A"), P("B")]).winner is None  # two Terrans


def test_planta_scores_one_more_per_controlled_hex():
    result = eclipse.score([P("A", species="planta", hexes=(1, 2, 3)), P("B", hexes=(1, 2, 3))])
    assert result.player("A").total == 6 + 3
    assert result.player("B").total == 6
    assert ("eclipse_planta_hexes", 3) in lines_of(result, "A")
    assert "eclipse/planta" in result.rules


def test_descendants_score_each_ancient_ship_left_on_the_board():
    result = eclipse.score([P("A", species="draco"), P("B")], ancient_ships_on_board=4)
    assert result.player("A").total == 4 and result.player("B").total == 0
    assert result.player("A").lines[0].rule == "eclipse/discendenti-di-draco"


def test_tie_goes_to_most_resources_in_storage():
    a = P("A", hexes=(3,), resources=Storage(money=2, science=2, materials=2))
    b = P("B", hexes=(3,), resources=Storage(money=0, science=0, materials=7))
    result = eclipse.score([a, b])
    assert result.winner == "B"
    assert result.tie_break.code == "eclipse_resources"
    assert result.tie_break.params["values"] == {"A": 6, "B": 7}


def test_tie_on_resources_too_is_shared():
    same = Storage(1, 1, 1)
    result = eclipse.score([P("A", hexes=(2,), resources=same), P("B", hexes=(2,), resources=same), P("C")])
    assert result.winner is None and result.co_winners == ("A", "B")
    assert result.tie_break.code == "tie_unbroken"


def test_no_tie_no_tie_break():
    result = eclipse.score([P("A", hexes=(4,)), P("B", hexes=(1,))])
    assert result.winner == "A" and result.tie_break is None


@pytest.mark.parametrize(
    "players, kwargs, code, field",
    [
        ([P("A", species="klingon"), P("B")], {}, "unknown_species", "players[0].species"),
        ([P("A", discoveries=-1), P("B")], {}, "out_of_range", "players[0].discoveries"),
        ([P("A"), P("a")], {}, "duplicate_name", "players[1].name"),
        ([P("A")], {}, "player_count", "players"),
        (others(7), {}, "player_count", "players"),
        ([P("A", hexes=(5,)), P("B")], {}, "out_of_range", "players[0].hexes[0]"),
        ([P("A", reputation=(0,)), P("B")], {}, "out_of_range", "players[0].reputation[0]"),
        ([P("A", tech=Tech(grid=8)), P("B")], {}, "out_of_range", "players[0].tech.grid"),
        ([P("A", monoliths=2, hexes=(1,)), P("B")], {}, "monoliths_exceed_hexes", "players[0].monoliths"),
        # 16 influence discs a colour, 14 for the Eridani; 22 monoliths in the box; hexes on the
        # board: the Center, 6 + 12 around it and the outer sectors (2 players: 5), 24 with two.
        ([P("A", hexes=(1,) * 17), P("B")], {}, "hexes_exceed_discs", "players[0].hexes"),
        ([P("A", species="eridani", hexes=(1,) * 15), P("B")], {}, "hexes_exceed_discs", "players[0].hexes"),
        ([P(n, hexes=(1,) * 15) for n in "ABC"], {}, "hexes_exceed_components", "players"),
        ([P("A", hexes=(1,) * 16), P("B", hexes=(1,) * 9)], {}, "hexes_exceed_components", "players"),
        (
            [P(n, hexes=(1,) * 12, monoliths=12 if n == "A" else 11) for n in "AB"],
            {},
            "monoliths_exceed_components",
            "players",
        ),
        ([P("A", ambassadors=1), P("B"), P("C")], {}, "diplomacy_unused", "players[0].ambassadors"),
        ([P("A", traitor=True), P("B")], {}, "diplomacy_unused", "players[0].traitor"),
        # Beyond the range a fourth player would allow, the rule that refuses any value is cited.
        ([P("A", ambassadors=5), P("B")], {}, "diplomacy_unused", "players[0].ambassadors"),
        ([P("A", ambassadors=3), P("B"), P("C")], {}, "diplomacy_unused", "players[0].ambassadors"),
        ([P("A", ambassadors=4), *others(3)], {}, "out_of_range", "players[0].ambassadors"),
        # Three ambassador tiles a colour, however many players (MATERIALI DEL GIOCATORE).
        ([P("A", ambassadors=4), *others(5)], {}, "out_of_range", "players[0].ambassadors"),
        # Relations are mutual: one player alone cannot hold one, nor two hold three each among four.
        ([P("A", ambassadors=1), *others(3)], {}, "ambassadors_not_mutual", "players"),
        ([P("A", ambassadors=3), P("B", ambassadors=3), *others(2)], {}, "ambassadors_not_mutual", "players"),
        ([P("A", species="draco"), P("B", species="draco")], {}, "species_taken", "players[1].species"),
        ([P("A", traitor=True), P("B", traitor=True), *others(2)], {}, "traitor_twice", "players[1].traitor"),
        ([P("A", discoveries=11), P("B", discoveries=11)], {}, "discoveries_exceed_components", "players"),
        # DISTRIBUZIONE DEI SEGNALINI REPUTAZIONE: four 4s and twelve 1s in the bag.
        ([P("A", reputation=(4, 4, 4)), P("B", reputation=(4, 4))], {}, "reputation_exceeds_components", "players"),
        ([P("A", reputation=(1,) * 7), P("B", reputation=(1,) * 6)], {}, "reputation_exceeds_components", "players"),
        ([P("A"), P("B")], {"ancient_ships_on_board": -2}, "out_of_range", "ancient_ships_on_board"),
        ([P("A", resources=Storage(money=-1)), P("B")], {}, "out_of_range", "players[0].resources.money"),
    ],
)
def test_invalid_sheets_are_refused(players, kwargs, code, field):
    with pytest.raises(InvalidInput) as err:
        eclipse.score(players, **kwargs)
    assert (err.value.code, err.value.field) == (code, field)
    assert code in eclipse.ERROR_CODES | {"out_of_range", "duplicate_name", "player_count", "above_maximum"}


player = st.builds(
    P,
    name=st.sampled_from(["A"]),
    species=st.sampled_from(eclipse.SPECIES),
    reputation=st.lists(st.integers(1, 4), max_size=4).map(tuple),
    hexes=st.lists(st.integers(1, 4), max_size=10).map(tuple),
    discoveries=st.integers(0, 5),
    tech=st.builds(Tech, st.integers(0, 7), st.integers(0, 7), st.integers(0, 7)),
    traitor=st.booleans(),
)


def test_every_reputation_tile_of_the_bag_can_be_held():
    # All four 4s and all seven 3s of the bag, held by two players: accepted, all counted.
    a = P("A", reputation=(4, 4, 3, 3, 3, 2, 2, 2))
    b = P("B", reputation=(4, 4, 3, 3, 3, 3, 2, 2))
    assert [eclipse.score([a, b]).player(n).total for n in "AB"] == [23, 24]


@given(player, st.integers(0, 21))
def test_lines_sum_to_total_and_use_known_codes(p, ancients):
    result = eclipse.score([p, *others(3)], ancient_ships_on_board=ancients)
    me = result.player("A")
    assert me.total == sum(line.points for line in me.lines)
    assert {line.code for line in me.lines} <= eclipse.CODES
    assert set(line.rule for line in me.lines) <= set(result.rules)


@given(player, st.integers(1, 4))
def test_another_hex_never_lowers_the_score(p, vp):
    base = eclipse.score([p, *others(3)]).player("A").total
    more = eclipse.score([P(**{**p.__dict__, "hexes": p.hexes + (vp,)}), *others(3)]).player("A").total
    assert more >= base + vp


@pytest.mark.parametrize(("players", "in_play"), [(2, 24), (3, 29), (4, 33), (5, 35), (6, 37)])
def test_the_hexes_in_play_follow_the_player_count(players, in_play):
    """The Galactic Center, the 6 and 12 spaces of areas I and II around it (starting sectors
    among the 12) and the outer sectors («2 giocatori: 5 … 6 giocatori: 18»)."""
    names = "ABCDEF"[:players]
    counts = [min(14, in_play - 14 * k) for k in range(players)]
    counts = [max(0, c) for c in counts]
    sheet = [P(n, hexes=(1,) * c) for n, c in zip(names, counts)]
    assert sum(counts) == in_play and eclipse.score(sheet).player("A").total > 0
    with pytest.raises(InvalidInput) as err:
        eclipse.score([*sheet[:-1], P(names[-1], hexes=(1,) * (counts[-1] + 1))])
    assert (err.value.code, err.value.params["maximum"], err.value.rule) == (
        "hexes_exceed_components",
        in_play,
        "eclipse/settori-esterni",
    )
