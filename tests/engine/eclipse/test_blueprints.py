"""SVILUPPO validation and the stats a blueprint gives."""

import functools
import math

import pytest

from engine.eclipse.blueprints import (
    STAT_LIMITS,
    check_count,
    check_discoveries,
    default_blueprint,
    explicit_stats,
    npc_stats,
    stats_from_parts,
)
from engine.core.reasons import InvalidInput
from engine.eclipse.parts import PARTS, SHIP_TYPES
from engine.eclipse.species import BOARDS


def refused(fn, *args):
    with pytest.raises(InvalidInput) as info:
        fn(*args)
    return info.value


def test_terran_defaults_are_valid():
    i = stats_from_parts("interceptor", default_blueprint("interceptor"))
    assert (i.initiative, i.hull, i.computer, i.shield, i.ion) == (3, 0, 0, 0, 1)
    c = stats_from_parts("cruiser", default_blueprint("cruiser"))
    assert (c.initiative, c.hull, c.computer, c.ion) == (2, 1, 1, 1)
    d = stats_from_parts("dreadnought", default_blueprint("dreadnought"))
    assert (d.initiative, d.hull, d.computer, d.ion) == (1, 2, 1, 2)
    s = stats_from_parts("starbase", default_blueprint("starbase"))
    assert (s.initiative, s.hull, s.computer, s.ion, s.energy_production) == (4, 2, 1, 1, 3)


def test_two_fusion_drives_are_cumulative():
    # SVILUPPO: two Fusion drives -> movement 4, initiative 4, energy use 4.
    st = stats_from_parts("cruiser", ["fusion_drive", "fusion_drive", "fusion_source"])
    assert (st.movement, st.initiative - 1, st.energy_use) == (4, 4, 4)


def test_energy_over_budget():
    err = refused(stats_from_parts, "interceptor", ["antimatter_cannon", "nuclear_source", "nuclear_drive"])
    assert (err.code, err.rule, err.params["use"], err.params["production"]) == (
        "energy_over_budget",
        "eclipse/sviluppo",
        5,
        3,
    )


def test_movable_ships_need_a_drive_and_starbases_have_none():
    assert refused(stats_from_parts, "cruiser", ["ion_cannon", "nuclear_source"]).code == "drive_required"
    assert refused(stats_from_parts, "starbase", ["nuclear_drive", "ion_cannon"]).code == "starbase_no_drive"


def test_unknown_part_and_too_many_parts():
    err = refused(stats_from_parts, "interceptor", ["ion_cannon", "laser"], "attacker.ships[0].parts")
    assert (err.code, err.field) == ("unknown_part", "attacker.ships[0].parts[1]")
    err = refused(stats_from_parts, "interceptor", ["hull"] * 4 + ["nuclear_drive"])
    assert (err.code, err.params["slots"]) == ("too_many_parts", 4)


def test_counts_follow_the_miniature_limits():
    check_count("interceptor", 8, "x")
    err = refused(check_count, "interceptor", 9, "attacker.ships[0].count")
    assert (err.code, err.field, err.rule) == ("count_over_limit", "attacker.ships[0].count", "eclipse/costruzione")
    assert refused(check_count, "dreadnought", 0, "x").code == "count_too_small"
    # No player owns the Ancients or the GCDS: their limit has its own words.
    err = refused(check_count, "gcds", 2, "defender.ships[0].count")
    assert (err.code, err.rule) == ("npc_count_over_limit", "eclipse/sistema-di-difesa-del-centro-galattico")
    # Three Ancients is the calculator's limit, which no rule sets: none is cited.
    err = refused(check_count, "ancient", 4, "defender.ships[0].count")
    assert (err.code, err.rule, err.params["max"]) == ("npc_count_over_limit", None, 3)


def test_explicit_stats_bounds():
    st = explicit_stats({"initiative": 3, "hull": 2, "ion": 1, "missiles": 1})
    assert st.missile_dice == ((2, 2),) and st.cannon_dice == ((1, 1),)
    err = refused(explicit_stats, {"hull": -1}, {"hull": "defender.ships[0].hull"})
    assert (err.code, err.field) == ("stat_out_of_range", "defender.ships[0].hull")


def test_npc_stats_from_the_rulebook():
    a = npc_stats("ancient")
    assert (a.ion, a.computer, a.hull, a.initiative) == (2, 1, 1, 2)
    g = npc_stats("gcds")
    assert (g.ion, g.computer, g.hull, g.initiative) == (4, 1, 7, 0)


def test_discovery_parts_sum_like_the_others():
    # Ion turret (2 ion dice, 1 energy), axion computer (+3), shard hull (3), hypergrid source (11),
    # conformal drive (initiative 2, movement 4, 2 energy) on a dreadnought: initiative 0 + 2,
    # energy use 1 + 2 = 3 of 11.
    st = stats_from_parts(
        "dreadnought", ["ion_turret", "axion_computer", "shard_hull", "hypergrid_source", "conformal_drive"]
    )
    assert (st.ion, st.computer, st.hull, st.initiative, st.movement) == (2, 3, 3, 2, 4)
    assert (st.energy_use, st.energy_production) == (3, 11)
    assert st.cannon_dice == ((1, 2),)


def test_a_discovery_part_fits_once_per_player():
    # One tile of each: twice on one blueprint, or on two blueprints of one player, is refused.
    err = refused(
        stats_from_parts, "cruiser", ["shard_hull", "shard_hull", "nuclear_source", "nuclear_drive"], "x.parts"
    )
    assert (err.code, err.field, err.rule) == ("discovery_part_twice", "x.parts[1]", "eclipse/segnalini-scoperta")
    err = refused(check_discoveries, [["axion_computer"], ["hull", "axion_computer"]], ["a", "b"])
    assert (err.code, err.field) == ("discovery_part_twice", "b[1]")
    check_discoveries([["axion_computer", "hull", "hull"], ["shard_hull"]], ["a", "b"])  # two different tiles


def _most_from_parts(stat: str, species: str, kind: str) -> int:
    """The largest ``stat`` any legal blueprint of ``kind`` on ``species``' board gives, by a search
    over how many of each part (a discovery at most once) within the slots and the energy, with a
    drive exactly when the ship moves: independent of stats_from_parts, which only checks one."""
    printed, movable = BOARDS[species][kind], SHIP_TYPES[kind].movable
    ids = list(PARTS)

    def gives(part: str) -> int:
        p = PARTS[part]
        cannon = {"ion": 1, "plasma": 2, "antimatter": 4}.get(stat)
        if cannon is not None:
            return p.cannon_dice if p.cannon_damage == cannon else 0
        return p.missile_dice // 2 if stat == "missiles" else getattr(p, stat)

    @functools.cache
    def best(i: int, slots: int, energy: int, drive: bool) -> float:
        if i == len(ids):
            return 0 if energy >= 0 and drive == movable else -math.inf
        p = ids[i]
        most = min(slots, 1) if PARTS[p].discovery else slots
        return max(
            n * gives(p)
            + best(i + 1, slots - n, energy + n * PARTS[p].energy, drive or (n > 0 and PARTS[p].kind == "drive"))
            for n in range(most + 1)
        )

    printed_bonus = {"initiative": printed.initiative, "computer": printed.computer}.get(stat, 0)
    return int(best(0, printed.slots, printed.energy, False)) + printed_bonus


def test_every_blueprint_the_parts_allow_fits_the_stat_limits():
    # Switching a ship from parts to stats copies what the parts give: no limit may refuse it.
    for species, boards in BOARDS.items():
        for kind in boards:
            for stat, (_lo, hi) in STAT_LIMITS.items():
                assert _most_from_parts(stat, species, kind) <= hi, (species, kind, stat)
    # The search finds the hull an Eridani dreadnought really builds (its board prints 1 energy):
    # a nuclear drive, the shard hull and six improved hulls.
    assert _most_from_parts("hull", "eridani", "dreadnought") == 15
    built = stats_from_parts("dreadnought", ["nuclear_drive", "shard_hull"] + ["improved_hull"] * 6, species="eridani")
    assert built.hull == 15 and explicit_stats({"hull": built.hull}).hull == 15
