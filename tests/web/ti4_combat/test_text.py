"""Every code the TI4 engine can emit has words in web/ti4_combat/text.py."""

import re

from tests.sources import combat_files
from web.ti4_combat.text import ERRORS, REASONS, UNIT_NAMES, UPGRADE_NAMES



def codes(pattern: str) -> set[str]:
    return {code for path in combat_files("ti4") for code in re.findall(pattern, path.read_text())}


def test_every_refusal_has_a_message():
    emitted = codes(r'InvalidInput\(\s*"(\w+)"') | codes(r'code = "(\w+)" if') | codes(
        r'else "(unit_not_in_\w+)"') | codes(r'require_int\(.*\bcode="(\w+)"')
    assert emitted and emitted <= set(ERRORS), emitted - set(ERRORS)
    assert set(ERRORS) <= emitted  # no message for a code that no longer exists


def test_every_reason_has_a_message():
    emitted = codes(r'Reason\(\s*"(\w+)"')
    assert emitted == set(REASONS)


def test_every_unit_and_upgrade_has_a_name():
    from engine.ti4.units import UNIT_KEYS, UPGRADABLE

    assert set(UNIT_NAMES) == set(UNIT_KEYS)
    assert set(UPGRADE_NAMES) == set(UPGRADABLE)
