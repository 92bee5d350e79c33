"""Every code the three engines can emit has words, with placeholders the engine provides."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from web.small_combat.text import ERRORS, REASONS, display_params, reason_json
from engine.core.reasons import Reason

ENGINES = [Path("engine") / name for name in ("galaxy/combat.py", "parsec/combat.py", "rftg/conquest.py")]
# Codes appear as the first string argument of InvalidInput(...) / Reason(...), or as the code
# argument of require_int(value, low, high, field, "code", rule).
INVALID = re.compile(r'InvalidInput\(\s*"(\w+)"')
REASON = re.compile(r'Reason\(\s*"(\w+)"')
# The last string literal of the call, which may span lines (getattr(...) inside it included).
BOUNDS = re.compile(r'require_int\((?:[^()]|\([^()]*\))*"(\w+)"[^()]*\)')
# ... or passed on by a helper as ``code="..."`` or as a default ``code: str = "..."``.
CODE_ARG = re.compile(r'\bcode(?::\s*str)?\s*=\s*"(\w+)"')


def engine_codes(pattern):
    return {code for path in ENGINES for code in pattern.findall(path.read_text(encoding="utf-8"))}


def test_the_scan_finds_codes():
    assert {"attacker_not_a_fleet", "unknown_unit", "defense_out_of_range"} <= engine_codes(INVALID) | engine_codes(
        BOUNDS
    ) | engine_codes(CODE_ARG)
    assert {"union", "coordinated", "discard_to_conquer"} <= engine_codes(REASON)


def test_every_refusal_has_a_message():
    codes = engine_codes(INVALID) | engine_codes(BOUNDS) | engine_codes(CODE_ARG)
    assert not codes - set(ERRORS)
    assert not set(ERRORS) - codes, "messages for codes no engine emits"


def test_every_reason_has_a_sentence():
    assert not engine_codes(REASON) - set(REASONS)
    assert not set(REASONS) - engine_codes(REASON)


def test_display_params_numbers_from_one_and_names_worlds():
    assert display_params({"target": 0, "world": "khafarjimmn"}) == {"target": 0, "number": 1, "world": "Kha'Farjimmn"}


@pytest.mark.parametrize("lang", ["it", "en"])
def test_reason_sentences_format(app, lang):
    with app.test_request_context(f"/?lang={lang}"):
        text = reason_json(Reason("union", "galaxy/unione", {"world": "imperial", "value": 6}))["message"]
    assert "Imperial" in text and "6" in text
    # The rulebook's own term comes first in Italian; English names it as its translation does.
    assert text.startswith("UNIONE:" if lang == "it" else "MATCHING (UNIONE):")
