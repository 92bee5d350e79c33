from engine.ti4.units import DEFAULT_ORDER, SHIPS, UNIT_KEYS, UPGRADABLE, Flagship, Loadout, stats

BASE = Loadout()  # no upgrades, the default flagship


def test_default_order_is_cheapest_first():
    # The default loss order is "cheapest first": costs never go down along it.
    costs = [BASE.stats(k).cost for k in DEFAULT_ORDER]
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
        assert (BASE.stats(key).combat is not None) == (key in SHIPS or key == "infantry")


def test_barrage_and_space_cannon_belong_to_destroyers_and_pds():
    # Rules 68 and 15 name the abilities; the faction sheet gives them to these units only.
    assert [k for k in UNIT_KEYS if BASE.stats(k).barrage] == ["destroyer"]
    assert [k for k in UNIT_KEYS if BASE.stats(k).space_cannon] == ["pds"]
    assert {k for k in UNIT_KEYS if BASE.stats(k).sustain} == {"dreadnought", "flagship", "war_sun"}


def test_a_flagship_takes_its_faction_sheet_numbers_and_ignores_upgrades():
    sheet = Loadout(frozenset(UPGRADABLE), Flagship(combat=5, dice=3, capacity=12)).stats("flagship")
    assert (sheet.combat.value, sheet.combat.dice, sheet.capacity) == (5, 3, 12)
    assert sheet.sustain and sheet.move == 1 and sheet.cost == 8
