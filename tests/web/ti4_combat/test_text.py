"""Every code the TI4 engine can emit has words in web/ti4_combat/text.py."""

import re

import pytest

from tests.sources import combat_files
from web.ti4_combat import text as ti4_combat_text
from web.ti4_combat.text import ERRORS, REASONS, UNIT_NAMES, UPGRADE_NAMES


def codes(pattern: str) -> set[str]:
    return {code for path in combat_files("ti4") for code in re.findall(pattern, path.read_text())}


def test_every_refusal_has_a_message():
    emitted = (
        codes(r'InvalidInput\(\s*"(\w+)"')
        | codes(r'code = "(\w+)" if')
        | codes(r'else "(unit_not_in_\w+)"')
        | codes(r'require_int\(.*\bcode="(\w+)"')
        | codes(r'\b(?:range_code|refusal)="(\w+)"')
    )
    assert emitted and emitted <= set(ERRORS), emitted - set(ERRORS)
    assert set(ERRORS) <= emitted  # no message for a code that no longer exists


def test_every_reason_has_a_message():
    from engine.ti4.cards import CARD_COPIES
    from engine.ti4.units import FACTION_COMBAT_ABILITIES, FACTION_UNITS, FLAGSHIP_EFFECTS

    units = [unit for sheet in FACTION_UNITS.values() for unit in sheet.values()]
    built = (
        {f"card_{card}" for card in CARD_COPIES}
        | {f"flagship_{e}" for e in FLAGSHIP_EFFECTS}
        | {f"faction_{ability}" for ability, _value in FACTION_COMBAT_ABILITIES.values()}
        | {f"faction_unit_{unit.code}" for unit in units}
        | {f"faction_unit_{unit.code}_{unit.unmodelled}" for unit in units if unit.unmodelled}
    )
    emitted = codes(r'Reason\(\s*"(\w+)"') | built
    assert emitted == set(REASONS)


def test_every_card_faction_and_technology_has_a_name():
    from engine.ti4.cards import CARD_COPIES
    from engine.ti4.units import FACTION_FLAGSHIPS, TECHNOLOGIES
    from web.ti4_combat.text import CARD_NAMES, FACTION_NAMES, TECHNOLOGY_NAMES

    assert set(CARD_NAMES) == set(CARD_COPIES)
    assert set(FACTION_NAMES) == set(FACTION_FLAGSHIPS)
    assert set(TECHNOLOGY_NAMES) == set(TECHNOLOGIES)


def test_every_unit_and_upgrade_has_a_name():
    from engine.ti4.units import UNIT_KEYS, UPGRADABLE

    assert set(UNIT_NAMES) == set(UNIT_KEYS)
    assert set(UPGRADE_NAMES) == set(UPGRADABLE)


@pytest.mark.parametrize(
    "lang, cruiser, dreadnought, dock",
    [
        (
            "en",
            ("%(n)s Cruiser", "%(n)s Cruisers"),
            ("%(n)s Dreadnought", "%(n)s Dreadnoughts"),
            ("%(n)s Space Dock", "%(n)s Space Docks"),
        ),
        (
            "it",
            ("%(n)s Incrociatore", "%(n)s Incrociatori"),
            ("%(n)s Corazzata", "%(n)s Corazzate"),
            ("%(n)s Molo spaziale", "%(n)s Moli spaziali"),
        ),
    ],
)
def test_unit_counts_have_a_singular_and_a_plural_in_both_languages(app, lang, cruiser, dreadnought, dock):
    # "3 Incrociatore" and "2 Corazzata" were what the results printed before plural forms.
    with app.test_request_context(f"/?lang={lang}"):
        forms = ti4_combat_text.unit_count_forms()
    assert set(forms) == set(ti4_combat_text.UNIT_NAMES)
    for unit, (one, other) in {"cruiser": cruiser, "dreadnought": dreadnought, "space_dock": dock}.items():
        assert forms[unit] == {"one": one, "other": other}
