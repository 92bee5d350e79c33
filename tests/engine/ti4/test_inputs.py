import pytest

from engine.core.reasons import InvalidInput
from engine.ti4.assignment import HitPolicy
from engine.ti4.inputs import MAX_COMBATANTS, MAX_ROUND, Battle, Force, validate
from engine.ti4.plans import RoundModifier
from engine.ti4.units import FACTION_FLAGSHIPS

NEKRO = FACTION_FLAGSHIPS["nekro_virus"].sheet
HACAN = FACTION_FLAGSHIPS["emirates_of_hacan"].sheet
OK_SPACE = Battle("space", Force({"cruiser": 1}), Force({"fighter": 1}))


def refused(battle: Battle) -> InvalidInput:
    with pytest.raises(InvalidInput) as info:
        validate(battle)
    return info.value


def test_a_plain_battle_passes():
    validate(OK_SPACE)
    validate(
        Battle(
            "ground",
            Force({"infantry": 2, "war_sun": 1}),
            Force({"infantry": 1, "pds": 2, "space_dock": 1}),
            bombardment=True,
        )
    )


@pytest.mark.parametrize(
    "battle, code, field",
    [
        (Battle("air", Force({}), Force({})), "unknown_kind", "kind"),
        (Battle("space", Force({"mech": 1}), Force({"fighter": 1})), "unknown_unit", "attacker.units.mech"),
        (Battle("space", Force({"cruiser": -1}), Force({"fighter": 1})), "negative_count", "attacker.units.cruiser"),
        (Battle("space", Force({"cruiser": 9}), Force({"fighter": 1})), "too_many_units", "attacker.units.cruiser"),
        (Battle("space", Force({"fighter": 21}), Force({"fighter": 1})), "too_many_units", "attacker.units.fighter"),
        # 71.3 and 50.3: one planet holds at most 2 PDS and one space dock; a system may hold more.
        (
            Battle("ground", Force({"infantry": 1}), Force({"infantry": 1, "pds": 3})),
            "too_many_on_one_planet",
            "defender.units.pds",
        ),
        (
            Battle("ground", Force({"infantry": 1}), Force({"infantry": 1, "space_dock": 2})),
            "too_many_on_one_planet",
            "defender.units.space_dock",
        ),
        # the attacker's PDS take no part in an invasion at all, whatever their number
        (
            Battle("ground", Force({"infantry": 1, "pds": 3}), Force({"infantry": 1})),
            "unit_not_in_ground_combat",
            "attacker.units.pds",
        ),
        (
            Battle("space", Force({"fighter": 20, "cruiser": 5}), Force({"fighter": 1})),
            "too_many_combatants",
            "attacker.units",
        ),
        (Battle("space", Force({"pds": 1}), Force({"fighter": 1})), "empty_side", "attacker.units"),
        (
            Battle("space", Force({"infantry": 2, "cruiser": 1}), Force({"fighter": 1})),
            "unit_not_in_space_combat",
            "attacker.units.infantry",
        ),
        (
            Battle("ground", Force({"infantry": 1}), Force({"infantry": 1, "fighter": 2})),
            "fighters_in_ground_combat",
            "defender.units.fighter",
        ),
        (
            Battle("ground", Force({"infantry": 1, "cruiser": 1}), Force({"infantry": 1})),
            "unit_not_in_ground_combat",
            "attacker.units.cruiser",
        ),
        (
            Battle("ground", Force({"infantry": 1, "pds": 1}), Force({"infantry": 1})),
            "unit_not_in_ground_combat",
            "attacker.units.pds",
        ),
        (
            Battle("space", Force({"cruiser": 1}, upgrades=("war_sun",)), Force({"fighter": 1})),
            "unknown_upgrade",
            "attacker.upgrades[0]",
        ),
        (
            Battle(
                "space", Force({"cruiser": 1}, policy=HitPolicy(order=("cruiser", "cruiser"))), Force({"fighter": 1})
            ),
            "duplicate_in_order",
            "attacker.order[1]",
        ),
        (
            Battle("space", Force({"cruiser": 1}, policy=HitPolicy(order=("pds",))), Force({"fighter": 1})),
            "unknown_unit",
            "attacker.order[0]",
        ),
        (
            Battle("space", Force({"cruiser": 1}), Force({"fighter": 1}, policy=HitPolicy(keep_alive="carrier"))),
            "keep_alive_absent",
            "defender.keep_alive",
        ),
        (
            Battle("space", Force({"cruiser": 1}, retreat_round=MAX_ROUND + 1), Force({"fighter": 1})),
            "round_out_of_range",
            "attacker.retreat_round",
        ),
        (
            Battle("ground", Force({"infantry": 1}, retreat_round=1), Force({"infantry": 1})),
            "no_retreat_in_ground_combat",
            "attacker.retreat_round",
        ),
        (
            Battle("space", Force({"cruiser": 1}), Force({"fighter": 1}), stop_after=0),
            "round_out_of_range",
            "stop_after",
        ),
        (
            Battle("space", Force({"cruiser": 1}, modifiers=(RoundModifier(4),)), Force({"fighter": 1})),
            "modifier_out_of_range",
            "attacker.modifiers[0].value",
        ),
        (
            Battle("space", Force({"cruiser": 1}, modifiers=(RoundModifier(1, 3, 2),)), Force({"fighter": 1})),
            "round_range_reversed",
            "attacker.modifiers[0].last_round",
        ),
        (
            Battle("space", Force({"cruiser": 1}, modifiers=(RoundModifier(1),) * 7), Force({"fighter": 1})),
            "too_many_modifiers",
            "attacker.modifiers",
        ),
        (
            Battle("ground", Force({"infantry": 1}), Force({"infantry": 1}), nebula=True),
            "nebula_in_ground_combat",
            "nebula",
        ),
        (
            Battle("space", Force({"cruiser": 1}), Force({"fighter": 1}), bombardment=True),
            "bombardment_in_space_combat",
            "bombardment",
        ),
        (
            Battle("space", Force({"flagship": 1}, ground_forces=2), Force({"fighter": 1})),
            "ground_forces_without_alastor",
            "attacker.ground_forces",
        ),
        (
            Battle("space", Force({"cruiser": 1}, flagship=NEKRO, ground_forces=2), Force({"fighter": 1})),
            "ground_forces_without_alastor",
            "attacker.ground_forces",
        ),
        (
            Battle("space", Force({"flagship": 1}, flagship=NEKRO, ground_forces=21), Force({"fighter": 1})),
            "ground_forces_out_of_range",
            "attacker.ground_forces",
        ),
        (
            Battle(
                "space",
                Force({"flagship": 1, "fighter": 20}, flagship=NEKRO, ground_forces=MAX_COMBATANTS - 20),
                Force({"fighter": 1}),
            ),
            "too_many_combatants",
            "attacker.units",
        ),
        (
            Battle("space", Force({"flagship": 1}, flagship=NEKRO, trade_goods=1), Force({"fighter": 1})),
            "trade_goods_without_kenara",
            "attacker.trade_goods",
        ),
        (
            Battle("space", Force({"flagship": 1}, flagship=HACAN, trade_goods=7), Force({"fighter": 1})),
            "trade_goods_out_of_range",
            "attacker.trade_goods",
        ),
    ],
)
def test_refusals_name_the_field(battle, code, field):
    error = refused(battle)
    assert (error.code, error.field) == (code, field)


def test_limit_is_exactly_the_maximum():
    validate(Battle("space", Force({"fighter": 20, "cruiser": MAX_COMBATANTS - 20}), Force({"fighter": 1})))
    # The Nekro flagship's ground forces count among the fighting units.
    validate(
        Battle(
            "space",
            Force({"flagship": 1, "fighter": 20}, flagship=NEKRO, ground_forces=MAX_COMBATANTS - 21),
            Force({"fighter": 1}),
        )
    )


def test_a_faction_technology_belongs_to_its_faction_or_the_nekro_virus():
    def battle(faction):
        letnev = Force({"dreadnought": 1}, technologies=("non_euclidean_shielding",), faction=faction)
        return Battle("space", letnev, Force({"cruiser": 1}))

    for faction in (None, "barony_of_letnev", "nekro_virus"):  # 81.16: Valefar Assimilator copies it
        validate(battle(faction))
    with pytest.raises(InvalidInput) as refused:
        validate(battle("sardakk_norr"))
    error = refused.value
    assert (error.code, error.field, error.rule) == (
        "faction_technology_of_another",
        "attacker.technologies[0]",
        "ti4/81.11",
    )
    assert error.params == {"technology": "non_euclidean_shielding", "faction": "barony_of_letnev"}


def test_the_nekro_virus_copies_at_most_two_faction_technologies():
    three = ("non_euclidean_shielding", "dimensional_splicer", "impulse_core")
    validate(
        Battle("space", Force({"cruiser": 1}, technologies=three[:2], faction="nekro_virus"), Force({"cruiser": 1}))
    )
    with pytest.raises(InvalidInput) as refused:
        validate(
            Battle("space", Force({"cruiser": 1}, technologies=three, faction="nekro_virus"), Force({"cruiser": 1}))
        )
    assert (refused.value.code, refused.value.field, refused.value.rule) == (
        "more_than_two_valefar",
        "attacker.technologies[2]",
        "ti4/81.16",
    )
