"""One serializer for every tool's reasons: every code an engine can emit has its message.

The codes are read from each engine's sources (``Reason("code", ...)``) and from the code lists
the engines declare (retreat's and scoring's, built from variables); a code with no message in
its tool's table fails here instead of reaching a reader as "See rule …".
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from flask_babel import force_locale

from engine.core.reasons import Reason
from engine.eclipse import retreat as retreat_eclipse
from engine.parsec import retreat as retreat_parsec
from engine.ti4 import retreat as retreat_ti4
from engine.eclipse import scoring as eclipse
from engine.galaxy import scoring as galaxy
from engine.parsec import scoring as parsec
from engine.rftg import scoring as rftg
from engine.ti4 import scoring as ti4
from engine.ti4 import claim as ti4_claim
from web.eclipse_combat import text as eclipse_text
from web.eclipse_combat import views as eclipse_combat
from web.retreat import text as retreat_text
from web.scoring import text as scoring_messages
from web.small_combat import text as small_combat_text
from web.ti4_combat import text as ti4_combat_text
from tests.sources import ENGINE, combat_files
from web.core.verdicts import citations, message, reason_json


def literal_codes(*paths: str | Path) -> set[str]:
    files = [ENGINE / path for path in paths]
    return {code for file in files for code in re.findall(r'Reason\(\s*"(\w+)"', file.read_text())}


TOOLS = {
    "eclipse combat": (literal_codes(*combat_files("eclipse")), eclipse_combat.REASONS),
    "ti4 combat": (literal_codes(*combat_files("ti4")), ti4_combat_text.REASONS),
    "galaxy, parsec, rftg": (
        literal_codes("galaxy/combat.py", "parsec/combat.py", "rftg/conquest.py"),
        small_combat_text.REASONS,
    ),
    "eclipse retreat": (
        literal_codes("eclipse/retreat.py") | set(retreat_eclipse.REASON_CODES + retreat_eclipse.NOTE_CODES),
        retreat_text.MESSAGES["eclipse"],
    ),
    "ti4 retreat": (
        literal_codes("ti4/retreat.py", "ti4/capacity.py")
        | set(retreat_ti4.ANNOUNCE_CODES + retreat_ti4.REASON_CODES + retreat_ti4.NOTE_CODES),
        retreat_text.MESSAGES["ti4"],
    ),
    "parsec retreat": (
        literal_codes("parsec/retreat.py")
        | set(
            retreat_parsec.EVADE_CODES
            + retreat_parsec.EXCHANGE_CODES
            + retreat_parsec.DESTINATION_CODES
            + retreat_parsec.NOTE_CODES
        ),
        retreat_text.MESSAGES["parsec"],
    ),
    "score sheets": (
        literal_codes(
            "core/sheet.py",
            "core/checks.py",
            *(f"{g}/scoring.py" for g in ("eclipse", "galaxy", "parsec", "rftg", "ti4")),
            "ti4/claim.py",
        )
        | set().union(*(m.CODES for m in (eclipse, galaxy, parsec, rftg, ti4)))
        | getattr(ti4_claim, "CODES", set()),
        scoring_messages.LINE_MESSAGES,
    ),
}


@pytest.mark.parametrize("tool", sorted(TOOLS))
def test_every_reason_an_engine_can_emit_has_a_message(tool):
    emitted, messages = TOOLS[tool]
    assert emitted, tool
    assert emitted - set(messages) == set(), f"{tool}: no message for {sorted(emitted - set(messages))}"


@pytest.mark.parametrize("tool", sorted(TOOLS))
def test_every_message_differs_in_italian(app, tool):
    _, messages = TOOLS[tool]
    with app.test_request_context():
        for code in messages:
            with force_locale("en"):
                english = message(code, {}, messages)
            with force_locale("it"):
                italian = message(code, {}, messages)
            assert english and italian and english != italian, (tool, code)


def test_a_reason_reads_with_its_rule_label_and_params(app):
    with app.test_request_context("/?lang=en"):
        answer = reason_json(Reason("stalemate", "ti4/faq-generale-2", {"n": 1}), ti4_combat_text.REASONS)
    assert answer["code"] == "stalemate" and answer["rule"] == "ti4/faq-generale-2"
    assert answer["params"] == {"n": 1} and answer["message"].startswith("Sometimes neither side")
    assert answer["rule_label"] not in ("", "ti4/faq-generale-2")


def test_an_unknown_code_reads_as_its_rule_never_as_a_raw_code(app):
    with app.test_request_context("/?lang=it"):
        answer = reason_json(Reason("brand_new_code", "ti4/23.7"), {})
    assert "brand_new_code" not in answer["message"]
    assert answer["message"].startswith("Vedi la regola 23.7")


def test_citations_link_each_rule_once_in_order(app):
    with app.test_request_context("/?lang=it"):
        cited = citations(["ti4/23.7", "eclipse/ritirata", "ti4/23.7"])
    assert list(cited) == ["ti4/23.7", "eclipse/ritirata"]
    assert cited["ti4/23.7"]["url"] == "/rules/ti4/23.7" and cited["ti4/23.7"]["label"].startswith("23.7")
    with app.test_request_context("/?lang=en"):  # the reader's numbering: the English book's
        assert citations(["ti4/23.7"])["ti4/23.7"]["label"].startswith("78.7")


@pytest.mark.parametrize(
    "lang, one, several",
    [
        ("en", "Anna reached 10 victory points", "Anna, Bruno reached 10 victory points"),
        ("it", "Anna ha raggiunto 10 punti vittoria", "Anna, Bruno hanno raggiunto 10 punti vittoria"),
    ],
)
def test_a_counted_message_agrees_with_how_many_players_it_names(app, lang, one, several):
    # The verb follows the number of players in the list (gettext plural forms), not a fixed form.
    with app.test_request_context(f"/?lang={lang}"):
        alone = reason_json(
            Reason("ti4_target_reached", "ti4/61.7", {"players": ["Anna"], "target": 10}),
            scoring_messages.LINE_MESSAGES,
            scoring_messages.format_params,
        )
        together = reason_json(
            Reason("ti4_target_reached", "ti4/61.7", {"players": ["Anna", "Bruno"], "target": 10}),
            scoring_messages.LINE_MESSAGES,
            scoring_messages.format_params,
        )
    assert alone["message"].startswith(one)
    assert together["message"].startswith(several)


@pytest.mark.parametrize("lang, shown", [("it", "150.000"), ("en", "150,000")])
def test_a_large_number_in_a_reason_reads_in_the_readers_digits(app, lang, shown):
    # "Questa battaglia supera 150000 stati": the Eclipse reason printed the bare integer.
    with app.test_request_context(f"/?lang={lang}"):
        answer = reason_json(
            Reason("rounds_expected_only", "eclipse/round-di-ingaggio", {"limit": 150000}), eclipse_text.REASONS
        )
    assert shown in answer["message"] and "150000" not in answer["message"]
    assert answer["params"] == {"limit": 150000}  # the API's params stay numbers
