"""The species' boards: the differences the sources give, and what a preset ship brings to a battle."""

from fractions import Fraction

import pytest

from engine.core.reasons import InvalidInput
from engine.eclipse.battle import Fleet, Group, solve_battle
from engine.eclipse.blueprints import default_blueprint, stats_from_parts
from engine.eclipse.parts import PARTS, PLAYER_TYPES
from engine.eclipse.species import BOARDS, SPECIES, SPECIES_RULES, TERRAN_BOARDS, check_peace_with_ancients


def test_seven_species_and_only_three_boards_differ_from_the_terrans():
    # SPECIE: only the Eridani, the Planta and the Orion have "Schemi tecnici delle Navi diversi".
    assert SPECIES == ("terran", "eridani", "hydran", "planta", "draco", "mechanema", "orion")
    differ = {sp for sp in SPECIES if BOARDS[sp] != TERRAN_BOARDS}
    assert differ == {"eridani", "planta", "orion"}
    assert set(SPECIES_RULES) == set(SPECIES)


@pytest.mark.parametrize(
    "species, kind, slots, printed",
    [
        # Each board by hand from the sources: slots; initiative, energy, computer printed outside the grid.
        ("terran", "interceptor", 4, (2, 0, 0)),
        ("terran", "starbase", 5, (4, 3, 0)),
        ("eridani", "cruiser", 6, (1, 0, 0)),
        ("eridani", "dreadnought", 8, (0, 1, 0)),
        ("planta", "interceptor", 3, (0, 2, 1)),
        ("planta", "cruiser", 5, (0, 2, 1)),
        ("planta", "dreadnought", 7, (0, 2, 1)),
        ("planta", "starbase", 4, (2, 5, 1)),
        ("orion", "interceptor", 4, (3, 1, 0)),
        ("orion", "cruiser", 6, (2, 2, 0)),
        ("orion", "dreadnought", 8, (1, 3, 0)),
        ("orion", "starbase", 5, (5, 3, 0)),
    ],
)
def test_boards_as_the_sources_give_them(species, kind, slots, printed):
    b = BOARDS[species][kind]
    assert (b.slots, (b.initiative, b.energy, b.computer)) == (slots, printed)


def test_printed_parts_of_the_different_boards():
    assert sorted(BOARDS["orion"]["interceptor"].parts) == sorted(
        ["ion_cannon", "nuclear_source", "nuclear_drive", "gauss_shield"]
    )
    assert "electron_computer" not in BOARDS["planta"]["cruiser"].parts
    assert sorted(BOARDS["planta"]["dreadnought"].parts) == sorted(
        ["ion_cannon", "ion_cannon", "hull", "hull", "nuclear_source", "nuclear_drive"]
    )
    assert BOARDS["planta"]["starbase"].parts == BOARDS["terran"]["starbase"].parts
    assert BOARDS["eridani"]["dreadnought"].parts == BOARDS["terran"]["dreadnought"].parts


@pytest.mark.parametrize("species", SPECIES)
@pytest.mark.parametrize("kind", PLAYER_TYPES)
def test_a_preset_ship_is_its_board_plus_its_parts_summed(species, kind):
    # Property: every starting blueprint is legal on its board, and its stats are the printed
    # bonuses plus each part's values (all cumulative, SVILUPPO).
    b = BOARDS[species][kind]
    assert len(b.parts) <= b.slots
    s = stats_from_parts(kind, default_blueprint(kind, species), species=species)
    parts = [PARTS[p] for p in b.parts]
    assert s.initiative == b.initiative + sum(p.initiative for p in parts)
    assert s.computer == b.computer + sum(p.computer for p in parts)
    assert s.energy_production == b.energy + sum(p.energy for p in parts if p.energy > 0)
    assert s.shield == sum(p.shield for p in parts) and s.hull == sum(p.hull for p in parts)
    assert s.ion == sum(p.cannon_dice for p in parts if p.cannon_damage == 1)


def test_preset_stats_match_a_second_calculator():
    # The combat stats nucleartesuji's calculator lists, against our boards (initiative, ion dice,
    # hull, computer, shield).
    def line(species, kind):
        s = stats_from_parts(kind, default_blueprint(kind, species), species=species)
        return (s.initiative, s.ion, s.hull, s.computer, s.shield)

    assert line("orion", "interceptor") == (4, 1, 0, 0, 1)
    assert line("orion", "cruiser") == (3, 1, 1, 1, 1)
    assert line("orion", "dreadnought") == (2, 2, 2, 1, 1)
    assert line("planta", "interceptor") == (1, 1, 0, 1, 0)
    assert line("planta", "cruiser") == (1, 1, 1, 1, 0)


def test_the_board_decides_what_fits():
    # A Planta interceptor has 3 slots: four parts do not fit; a Terran one takes them.
    four = ["ion_cannon", "gauss_shield", "nuclear_source", "nuclear_drive"]
    stats_from_parts("interceptor", four)
    with pytest.raises(InvalidInput) as info:
        stats_from_parts("interceptor", four, "attacker.ships[0].parts", "planta")
    assert (info.value.code, info.value.params["slots"]) == ("too_many_parts", 3)
    # The Eridani dreadnought's printed energy powers what the Terran one cannot: ion cannon, plasma
    # cannon and nuclear drive use 1 + 2 + 1 = 4; a nuclear source gives 3, the Eridani board 1 more.
    parts = ["ion_cannon", "plasma_cannon", "nuclear_source", "nuclear_drive"]
    with pytest.raises(InvalidInput) as info:
        stats_from_parts("dreadnought", parts)
    assert info.value.code == "energy_over_budget"
    assert stats_from_parts("dreadnought", parts, species="eridani").energy_production == 4


def test_unknown_species_is_refused_with_its_rule():
    with pytest.raises(InvalidInput) as info:
        default_blueprint("interceptor", "klingon")
    assert (info.value.code, info.value.rule) == ("unknown_species", "eclipse/specie-aliene")


def test_orion_interceptor_against_a_terran_one_by_hand():
    # Orion: initiative 4 (fires first), shield 1; Terran: initiative 3, computer 0, so against the
    # shield it hits only on a 6 (a 6 always hits). Orion hits on a 6 too (no computer, no shield
    # to beat). Orion fires first each round: P(Orion wins) = (1/6) / (1 - (5/6)(5/6)) = 6/11 as
    # the first shooter, whatever side it is on.
    orion = Group(
        "interceptor", 1, stats_from_parts("interceptor", default_blueprint("interceptor", "orion"), species="orion")
    )
    terran = Group("interceptor", 1, stats_from_parts("interceptor", default_blueprint("interceptor")))
    r = solve_battle(Fleet((orion,)), Fleet((terran,)), exact=True)
    assert r.attacker_win == Fraction(6, 11)
    # A Planta interceptor (initiative 1, computer 1: hits on 5 or 6) defends against the Terran
    # one (initiative 3, fires first, hits on a 6):
    # P(Terran wins) = (1/6) / (1 - (5/6)(4/6)) = (1/6) / (16/36) = 3/8.
    planta = Group(
        "interceptor", 1, stats_from_parts("interceptor", default_blueprint("interceptor", "planta"), species="planta")
    )
    r = solve_battle(Fleet((terran,)), Fleet((planta,)), exact=True)
    assert r.attacker_win == Fraction(3, 8)


def test_the_descendants_of_draco_never_battle_the_ancients():
    # DISCENDENTI DI DRACO: "È proibito ingaggiare battaglia con le Navi degli Antichi".
    with pytest.raises(InvalidInput) as info:
        check_peace_with_ancients(
            [("attacker.species", "draco", ["cruiser"]), ("defender.species", "terran", ["ancient"])]
        )
    assert (info.value.code, info.value.field, info.value.rule) == (
        "draco_never_fights_ancients",
        "attacker.species",
        "eclipse/discendenti-di-draco",
    )
    check_peace_with_ancients([("attacker.species", "draco", ["cruiser"]), ("defender.species", "orion", ["cruiser"])])
    check_peace_with_ancients([("attacker.species", "orion", ["cruiser"]), ("defender.species", "terran", ["ancient"])])
    # A side of Ancients whose species picker still says Draco is the Ancients, not the Draco.
    check_peace_with_ancients([("attacker.species", "terran", ["cruiser"]), ("defender.species", "draco", ["ancient"])])
