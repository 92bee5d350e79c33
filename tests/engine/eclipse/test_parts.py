"""Part and hull data against the facts the Italian rulebook states."""

from engine.eclipse.parts import NPC_PARTS, PARTS, SHIP_TYPES, TERRAN_BLUEPRINTS

DISCOVERY_PARTS = tuple(p.id for p in PARTS.values() if p.discovery)


def test_damage_per_die_matches_danni():
    # DANNI: ion 1, plasma 2, antimatter 4.
    assert PARTS["ion_cannon"].cannon_damage == 1
    assert PARTS["plasma_cannon"].cannon_damage == 2
    assert PARTS["antimatter_cannon"].cannon_damage == 4


def test_missile_rolls_two_dice():
    # MISSILI: two orange dice per Plasma missile part.
    assert PARTS["plasma_missile"].missile_dice == 2


def test_initiative_bonuses_from_the_combat_example():
    # FASE COMBATTIMENTO: red interceptor 2 + 2 (computer) + 2 (drive) = 6 -> gluon computer, fusion drive.
    assert PARTS["gluon_computer"].initiative == 2
    assert PARTS["fusion_drive"].initiative == 2
    # ESEMPIO DI COMBATTIMENTO: nuclear drive +1, positron computer +1.
    assert PARTS["nuclear_drive"].initiative == 1
    assert PARTS["positron_computer"].initiative == 1


def test_base_initiative_and_limits():
    assert [SHIP_TYPES[k].base_initiative for k in ("interceptor", "cruiser", "dreadnought")] == [2, 1, 0]
    # COSTRUZIONE: 8 interceptors, 4 cruisers, 2 dreadnoughts, 4 starbases.
    assert [SHIP_TYPES[k].limit for k in ("interceptor", "cruiser", "dreadnought", "starbase")] == [8, 4, 2, 4]


def test_reputation_values_and_npcs():
    # SEGNALINI REPUTAZIONE: 1 interceptor/starbase/ancient, 2 cruiser, 3 dreadnought, 3 GCDS.
    assert {k: t.reputation for k, t in SHIP_TYPES.items()} == {
        "interceptor": 1,
        "cruiser": 2,
        "dreadnought": 3,
        "starbase": 1,
        "ancient": 1,
        "gcds": 3,
    }
    assert NPC_PARTS["ancient"].count("ion_cannon") == 2
    assert NPC_PARTS["gcds"].count("hull") == 7


def test_default_blueprints_use_known_parts_within_slots():
    for kind, parts in TERRAN_BLUEPRINTS.items():
        assert all(p in PARTS for p in parts)
        assert len(parts) <= SHIP_TYPES[kind].slots


def test_six_discovery_parts_with_their_first_edition_values():
    # SEGNALINI SCOPERTA: 6 of the 21 tiles are Ancient ship parts; the values the sources agree on.
    assert len(DISCOVERY_PARTS) == 6
    values = {
        p: (PARTS[p].computer, PARTS[p].shield, PARTS[p].hull, PARTS[p].energy, PARTS[p].initiative, PARTS[p].movement)
        for p in DISCOVERY_PARTS
    }
    assert values == {
        "axion_computer": (3, 0, 0, 0, 0, 0),
        "flux_shield": (0, 3, 0, -2, 0, 0),
        "shard_hull": (0, 0, 3, 0, 0, 0),
        "ion_turret": (0, 0, 0, -1, 0, 0),
        "conformal_drive": (0, 0, 0, -2, 2, 4),
        "hypergrid_source": (0, 0, 0, 11, 0, 0),
    }
    # The Ion Turret rolls two ion (1 damage) dice; every other cannon one die.
    assert (PARTS["ion_turret"].cannon_damage, PARTS["ion_turret"].cannon_dice) == (1, 2)
    assert {p.cannon_dice for p in PARTS.values() if p.cannon_damage and p.id != "ion_turret"} == {1}
