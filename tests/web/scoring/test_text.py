"""Every code the scoring engine can emit has words in both languages, and every cited rule exists."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from flask_babel import force_locale

from engine.eclipse import scoring as eclipse
from engine.galaxy import scoring as galaxy
from engine.parsec import scoring as parsec
from engine.rftg import scoring as rftg
from engine.ti4 import scoring as ti4
from engine.ti4 import claim as ti4_claim
from web.scoring.text import ERROR_MESSAGES, LABELS, LINE_MESSAGES, format_params
from web.core.verdicts import message

MODULES = (eclipse, galaxy, parsec, rftg, ti4, ti4_claim)
SHARED_ERRORS = {"out_of_range", "above_maximum", "empty_name", "duplicate_name", "player_count", "unknown_player"}
RULE_ID = re.compile(r'"((?:eclipse|galaxy|ti4|parsec|rftg)/[a-z0-9.\-]+)"')


@pytest.mark.parametrize("module", MODULES, ids=lambda m: m.__name__.rsplit(".", 1)[1])
def test_every_line_and_verdict_code_has_a_message(module):
    assert module.CODES <= set(LINE_MESSAGES), module.CODES - set(LINE_MESSAGES)


@pytest.mark.parametrize("module", MODULES, ids=lambda m: m.__name__.rsplit(".", 1)[1])
def test_every_refusal_code_has_a_message(module):
    assert module.ERROR_CODES | SHARED_ERRORS <= set(ERROR_MESSAGES)


def test_every_code_raised_in_the_engine_is_declared():
    # Codes appear in the sources as the first argument of Line(...), Reason(...), InvalidInput(...),
    # TieBreak(...) or checks.choice(...); each must be in its module's CODES or ERROR_CODES.
    for module in MODULES:
        source = Path(module.__file__).read_text()
        used = set(re.findall(r'(?:Line|Reason|InvalidInput|TieBreak)\(\s*"(\w+)"', source))
        used |= set(re.findall(r'checks\.choice\([^)]*?"(unknown_\w+)"', source))
        assert used <= module.CODES | module.ERROR_CODES | SHARED_ERRORS, used - (module.CODES | module.ERROR_CODES)


@pytest.mark.parametrize("lang", ["it", "en"])
def test_messages_render_with_their_params_in_both_languages(app, lang):
    samples = {
        "eclipse_tech_track": {"track": "nano", "tiles": 6},
        "galaxy_base": {"world": "khafarjimmn", "influence": 4},
        "claim_wrong_phase": {"card_phase": "status", "phase": "action"},
        "eclipse_resources": {"values": {"Anna": 7, "Bruno": 5}},
        "tie_unbroken": {"players": ["Anna", "Bruno"]},
    }
    with app.test_request_context(), force_locale(lang):
        texts = {code: message(code, params, LINE_MESSAGES, display=format_params) for code, params in samples.items()}
    assert "%(" not in "".join(texts.values())
    assert "Kha'Farjimmn" in texts["galaxy_base"] and "4" in texts["galaxy_base"]
    assert "Anna 7, Bruno 5" in texts["eclipse_resources"]
    if lang == "it":
        assert texts["eclipse_tech_track"].startswith("Indicatore di Tecnologia Nanotecnologia")
        assert "Fase di Status" in texts["claim_wrong_phase"]
    else:
        assert texts["eclipse_tech_track"] == "Nano technology track: 6 tiles"


def test_lists_of_numbers_read_as_a_sum():
    assert format_params({"values": [4, 2, 1], "genetic_labs": True})["values"] == "4 + 2 + 1"


def test_labels_cover_the_engine_ids():
    assert set(eclipse.SPECIES) <= set(LABELS["species"])
    assert set(galaxy.CARD_KINDS) <= set(LABELS["world"])
    assert set(rftg.FIRST_GOALS) | set(rftg.MOST_GOALS) <= set(LABELS["goal"])
    assert set(parsec.EVENT_VP) <= set(LABELS["colour"]) and set(parsec.UNIT_VP) <= set(LABELS["unit"])


def test_every_cited_rule_exists_in_the_rules_database(db):
    cited = {rule for module in MODULES for rule in RULE_ID.findall(Path(module.__file__).read_text())}
    assert len(cited) > 30
    assert sorted(rule for rule in cited if db.get(rule) is None) == []
