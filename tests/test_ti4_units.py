from engine.ti4.units import DEFAULT_ORDER, SHIPS, UNIT_KEYS, UPGRADABLE, stats


def test_default_order_is_cheapest_first():
    # The default loss order is "cheapest first": costs never go down along it.
    costs = [stats(k).cost for k in DEFAULT_ORDER]
    assert costs == sorted(costs)


def test_upgrades_never_make_a_unit_worse():
    for key in UPGRADABLE:
        base, up = stats(key), stats(key, True)
        assert up.cost == base.cost
        if base.combat:
            assert up.combat.value <= base.combat.value and up.combat.dice >= base.combat.dice
        assert up.move >= base.move and up.capacity >= base.capacity
        assert up.sustain >= base.sustain
        for ability in ("barrage", "space_cannon", "bombardment"):
            b, u = getattr(base, ability), getattr(up, ability)
            assert (b is None) == (u is None)
            if b:
                assert u.value <= b.value and u.dice >= b.dice


def test_units_without_upgrade_ignore_the_flag():
    assert stats("war_sun", True) == stats("war_sun")


def test_only_ships_and_ground_forces_roll_combat_dice():
    for key in UNIT_KEYS:
        assert (stats(key).combat is not None) == (key in SHIPS or key == "infantry")


def test_barrage_and_space_cannon_belong_to_destroyers_and_pds():
    # Rules 68 and 15 name the abilities; the faction sheet gives them to these units only.
    assert [k for k in UNIT_KEYS if stats(k).barrage] == ["destroyer"]
    assert [k for k in UNIT_KEYS if stats(k).space_cannon] == ["pds"]
    assert {k for k in UNIT_KEYS if stats(k).sustain} == {"dreadnought", "war_sun"}
