"""The small combat API and pages: hand-worked answers, 400s in the reader's language, citations."""

from __future__ import annotations

import json
import re
from fractions import Fraction

import pytest
from babel.messages.pofile import read_po

from tests.page_text import visible_text
from web.core.models import SCHEMA_CODES
from web.core.registry import tool

CITED = {rule for page in ("galaxy_page", "parsec_page", "rftg_page") for rule in tool(f"small_combat.{page}").cites}

# Hand-worked (see tests/engine/galaxy/test_combat.py): X - Y for two 2d6 follows 4d6 - 14.
TEN_VS_EIGHT = Fraction(861, 1296)
EIGHT_COUNTERS_TEN = Fraction(310, 1296)


def post(client, url, body, lang="en"):
    return client.post(f"{url}?lang={lang}", json=body)


def close(value, fraction):
    return abs(value - float(fraction)) < 1e-12


def assert_cites_real_sections(db, answer):
    assert answer["rules"], "every answer cites at least one rule"
    for rule in answer["rules"] + [r["rule"] for r in answer["reasons"]]:
        assert db.get(rule) is not None, rule


# --- Galaxy -------------------------------------------------------------------------------------


def test_galaxy_round_two_figures(client, db):
    # Imperial 10 attacks Ally 8 (rulebook, Round 2), the governor may counterattack.
    answer = post(client, "/api/combat/galaxy", {"attacker": 10, "defender": 8, "target": "ship"}).get_json()
    assert close(answer["attack_succeeds"], TEN_VS_EIGHT)
    assert close(answer["counterattack_destroys_attacker"], (1 - TEN_VS_EIGHT) * EIGHT_COUNTERS_TEN)
    assert close(answer["counterattack_succeeds"], EIGHT_COUNTERS_TEN)
    assert answer["counterattack"] == "may"
    total = answer["attack_succeeds"] + answer["counterattack_destroys_attacker"] + answer["nothing_happens"]
    assert abs(total - 1) < 1e-12
    assert "galaxy/contrattacco" in answer["rules"]
    assert_cites_real_sections(db, answer)


def test_galaxy_phaser_banks_both_sides_cancel(client):
    # 8 + 2 against 10 + 0 and 10 + 2 against 10 + 2 are both "equal values": 575/1296.
    a = post(client, "/api/combat/galaxy", {"attacker": 8, "defender": 10, "attacker_phaser_banks": True}).get_json()
    b = post(
        client,
        "/api/combat/galaxy",
        {"attacker": 10, "defender": 10, "attacker_phaser_banks": True, "defender_phaser_banks": True},
    ).get_json()
    assert close(a["attack_succeeds"], Fraction(575, 1296)) and close(b["attack_succeeds"], Fraction(575, 1296))


def test_galaxy_rows_lost_on_a_base(client, db):
    body = {"attacker": 9, "target": "base", "opportunities": 3, "rows_left": 3}
    answer = post(client, "/api/combat/galaxy", body).get_json()
    # Two rows above the active row, three attacks: the base holds on 10, 11, 12 (6/36), so rows
    # lost ~ Binomial(3, 5/6).
    assert close(answer["base_holds"], Fraction(1, 6))
    expected = [Fraction(1, 216), Fraction(15, 216), Fraction(75, 216), Fraction(125, 216)]
    rows = answer["sequence"]["targets"][0]["rows_lost"]
    assert all(close(p, q) for p, q in zip(rows, expected, strict=True))
    assert "galaxy/combattimento-astronave-contro-base" in answer["rules"]
    assert_cites_real_sections(db, answer)
    # In the active row (the default) it drops one row at most, however many attacks are left.
    in_row = post(client, "/api/combat/galaxy", {**body, "rows_left": 1}).get_json()["sequence"]["targets"][0]
    assert all(close(p, q) for p, q in zip(in_row["rows_lost"], [Fraction(1, 216), Fraction(215, 216)], strict=True))


@pytest.mark.parametrize(("body", "field"), [({"rows_left": 0}, "rows_left"), ({"rows_left": 7}, "rows_left")])
def test_galaxy_a_base_at_its_lowest_row_is_refused_in_the_readers_words(client, body, field):
    answer = post(client, "/api/combat/galaxy", {"attacker": 9, "targets": [{"target": "base", **body}]}, "it")
    error = answer.get_json()["error"]
    assert answer.status_code == 400 and error["field"] == f"targets[0].{field}"
    assert error["code"] == "out_of_range" and "riga attiva" in error["message"]  # the bound in the rule's words


def test_galaxy_different_targets(client, db):
    body = {
        "attacker": 7,
        "opportunities": 2,
        "plan": "different",
        "attacker_phaser_banks": True,
        "targets": [
            {"target": "ship", "defender": 9, "defender_has_governor": False},
            {"target": "base", "defender_phaser_banks": True},
        ],
    }
    answer = post(client, "/api/combat/galaxy", body).get_json()
    sequence = answer["sequence"]
    assert [t["target"] for t in sequence["targets"]] == ["ship", "base"]
    assert abs(sum(sequence["ships_destroyed"]) - 1) < 1e-12
    codes = {r["code"] for r in answer["reasons"]}
    assert {"counterattack_forced", "attacker_phaser_banks", "phaser_banks_no_roll_against_base"} <= codes
    forced = next(r for r in answer["reasons"] if r["code"] == "counterattack_forced")
    assert forced["message"] == "Target 1: its world has no governor, so it must counterattack."
    assert_cites_real_sections(db, answer)


def test_galaxy_opportunities_figure_3(client, db):
    body = {"world": "myrmidon", "value": 6, "covers": True, "row": {"imperial": 6, "divergence": 6, "cylor": 7}}
    answer = post(client, "/api/combat/galaxy/opportunities", body).get_json()
    assert answer["opportunities"] == 3
    assert [r["code"] for r in answer["reasons"]] == ["cover", "union", "union"]
    assert close(answer["sensors_reveal"], Fraction(15, 36))  # 2d6 <= 6: 1+2+3+4+5 ways
    assert_cites_real_sections(db, answer)


@pytest.mark.parametrize(
    ("body", "code", "field"),
    [
        ({"attacker": 5, "defender": 7}, "out_of_range", "attacker"),
        ({"attacker": 11, "defender": 7}, "out_of_range", "attacker"),
        ({"attacker": 8, "defender": 0}, "nova_cannot_be_attacked", "defender"),
        ({"attacker": 8, "defender": 7, "defender_screened": True}, "target_screened", "defender_screened"),
        ({"attacker": 8, "defender": 7, "opportunities": 10}, "out_of_range", "opportunities"),
        ({"attacker": 8, "defender": 7, "opportunities": -1}, "out_of_range", "opportunities"),
        (
            {"attacker": 8, "targets": [{"defender": 7}, {"defender": 0}], "opportunities": 2},
            "nova_cannot_be_attacked",
            "targets[1].defender",
        ),
        (
            {"attacker": 8, "targets": [{"defender": 7}], "opportunities": 2, "plan": "different"},
            "targets_must_match_opportunities",
            "targets",
        ),
        ({"attacker": 8}, "missing_field", "defender"),
        ({"attacker": "eight", "defender": 7}, "not_an_integer", "attacker"),
        ({"attacker": 8, "defender": 7, "fleet": 3}, "unknown_field", "fleet"),
        ({"attacker": 8, "target": "planet"}, "unknown_choice", "target"),
    ],
)
def test_galaxy_refusals(client, body, code, field):
    response = post(client, "/api/combat/galaxy", body)
    assert response.status_code == (400 if code in SCHEMA_CODES else 422)
    error = response.get_json()["error"]
    assert (error["code"], error["field"]) == (code, field)


def test_errors_speak_the_request_language(client):
    english = post(client, "/api/combat/galaxy", {"attacker": 5, "defender": 7}, "en").get_json()["error"]
    italian = post(client, "/api/combat/galaxy", {"attacker": 5, "defender": 7}, "it").get_json()["error"]
    assert english["message"] == "Only a Fleet Ship can attack: the attacking value must be between 6 and 10 (got 5)."
    assert (
        italian["message"]
        == "Solo una Flotta può attaccare: il valore dell'attaccante deve essere tra 6 e 10 (indicato: 5)."
    )
    english = post(client, "/api/combat/galaxy", {"attacker": 8, "defender": 0}, "en").get_json()["error"]
    italian = post(client, "/api/combat/galaxy", {"attacker": 8, "defender": 0}, "it").get_json()["error"]
    assert english["message"].startswith("A Nova (0) cannot be attacked")
    assert italian["message"].startswith("Una Nova (0)")


# --- Parsec -------------------------------------------------------------------------------------


def test_parsec_issue_example(client, db):
    body = {
        "attackers": [{"unit": "cruiser"}, {"unit": "fighter"}],
        "defender": {"unit": "colony", "linked_colonies": 1},
        "distance": 1,
        "attack_modifier": 0,
        "defense_modifier": 0,
    }
    answer = post(client, "/api/combat/parsec", body).get_json()
    # +3 against +2: the attacker wins when X - Y >= 0 on two d8: 36/64.
    assert close(answer["attack_succeeds"], Fraction(36, 64))
    assert (answer["defender_response"], answer["counterattack_target"]) == ("counterattack", 1)  # the fighter
    assert (answer["attack_bonus"], answer["defense_bonus"]) == (3, 2)
    assert abs(sum(answer["exchange"].values()) - 1) < 1e-12
    assert abs(sum(answer["ships_lost"]) - 1) < 1e-12
    assert "parsec/attacco-coordinato" in answer["rules"]
    assert_cites_real_sections(db, answer)


def test_parsec_three_linked_colonies_and_long_range(client, db):
    body = {"attackers": [{"unit": "cruiser", "distance": 2}], "defender": {"unit": "colony", "linked_colonies": 3}}
    answer = post(client, "/api/combat/parsec", body).get_json()
    assert answer["defense_bonus"] == 6
    assert close(answer["attack_succeeds"], Fraction(6, 64))  # lead -4
    assert close(answer["exchange"]["combat_ended"], Fraction(58, 64))  # the colony cannot answer at 2 hexes
    assert answer["counterattack_target"] is None and answer["defender_response"] == "none"
    assert {"linked_colonies", "colony_no_long_range_counter"} <= {r["code"] for r in answer["reasons"]}
    assert_cites_real_sections(db, answer)


def test_parsec_fighter_duel(client):
    body = {"attackers": [{"unit": "fighter"}], "defender": {"unit": "fighter", "surrounded": True}}
    answer = post(client, "/api/combat/parsec", body).get_json()
    # p = q = 36/64, fight to the end: p / (1 - (1-p)(1-q)) = 16/23.
    assert close(answer["exchange"]["target_destroyed"], Fraction(16, 23))


@pytest.mark.parametrize(
    ("body", "code", "field"),
    [
        (
            {"attackers": [{"unit": "dreadnought"}], "defender": {"unit": "colony"}},
            "unknown_choice",
            "attackers[0].unit",
        ),
        ({"attackers": [{"unit": "cargo"}], "defender": {"unit": "colony"}}, "unit_cannot_attack", "attackers[0].unit"),
        (
            {"attackers": [{"unit": "fighter"}], "defender": {"unit": "colony", "linked_colonies": -1}},
            "out_of_range",
            "defender.linked_colonies",
        ),
        (
            {"attackers": [{"unit": "fighter"}], "defender": {"unit": "colony"}, "distance": 2},
            "no_attacker_in_range",
            "attackers",
        ),
        (
            {"attackers": [{"unit": "fighter"}], "defender": {"unit": "colony"}, "attack_modifier": 50},
            "out_of_range",
            "attack_modifier",
        ),
        ({"attackers": [{"unit": "fighter"}] * 25, "defender": {"unit": "colony"}}, "too_many_items", "attackers"),
        ({"attackers": [], "defender": {"unit": "colony"}}, "too_few_items", "attackers"),
        (
            {"attackers": [{"unit": "fighter"}], "defender": {"unit": "colony"}, "defender_choice": "flee"},
            "unknown_choice",
            "defender_choice",
        ),
    ],
)
def test_parsec_refusals(client, body, code, field):
    response = post(client, "/api/combat/parsec", body, "it")
    assert response.status_code == (400 if code in SCHEMA_CODES else 422)
    error = response.get_json()["error"]
    assert (error["code"], error["field"]) == (code, field)
    assert error["message"]


def test_parsec_unknown_unit_in_italian(client):
    body = {"attackers": [{"unit": "dreadnought"}], "defender": {"unit": "colony"}}
    error = post(client, "/api/combat/parsec", body, "it").get_json()["error"]
    assert error["message"].startswith("Il campo attackers[0].unit deve essere uno tra: ")


# --- Race for the Galaxy ------------------------------------------------------------------------


def test_rftg_discard_one_card(client, db):
    body = {"defense": 5, "military": [2, 3, -1], "discard_power": True, "hand_size": 3}
    answer = post(client, "/api/conquest/rftg", body).get_json()
    assert answer["conquerable"] is True and answer["discards_needed"] == 1
    assert (answer["force"], answer["max_force"], answer["shortfall"]) == (4, 6, 0)
    assert "rftg/iii-colonizzazione" in answer["rules"]
    assert_cites_real_sections(db, answer)


def test_rftg_out_of_reach(client):
    body = {"defense": 7, "military": [2, 1], "space_mercenaries": True, "hand_size": 5}
    answer = post(client, "/api/conquest/rftg", body, "it").get_json()
    assert answer["conquerable"] is False and answer["shortfall"] == 1
    assert answer["reasons"][-1]["message"] == (
        "Al massimo 6 di Forza militare contro difesa 7: manca 1, anche scartando."
    )


def test_rftg_shortfall_agrees_in_number_and_says_discarding_only_when_possible(client):
    body = {"defense": 8, "military": [2, 1]}
    answer = post(client, "/api/conquest/rftg", body, "it").get_json()
    assert answer["reasons"][-1]["message"] == "Al massimo 3 di Forza militare contro difesa 8: mancano 5."
    answer = post(client, "/api/conquest/rftg", body, "en").get_json()
    assert answer["reasons"][-1]["message"] == "At most 3 military against defense 8: 5 short."


def test_rftg_second_world_in_italian(client):
    # The audit's case: tableau 3, two cards discarded for the first world, defense 4.
    body = {"defense": 4, "military": [3], "discard_power": True, "hand_size": 3}
    first = post(client, "/api/conquest/rftg", body, "it").get_json()
    assert first["discards_needed"] == 1
    body |= {"second_world": True, "discarded_this_phase": 2}
    second = post(client, "/api/conquest/rftg", body, "it").get_json()
    assert (second["discards_needed"], second["force"], second["max_force"]) == (0, 5, 5)
    messages = {r["code"]: r["message"] for r in second["reasons"]}
    assert messages["earlier_discards"].startswith("+2 alla Forza militare per le carte scartate")
    assert "nessun potere del pianeta piazzato per primo" in messages["second_world"]
    error = post(client, "/api/conquest/rftg", body | {"second_world": False}, "it").get_json()["error"]
    assert (error["code"], error["field"]) == ("earlier_discards_need_second_world", "discarded_this_phase")


@pytest.mark.parametrize(
    ("lang", "hand", "expected"),
    [
        ("en", 1, "Only 1 card in hand to discard for temporary military."),
        ("en", 2, "Only 2 cards in hand to discard for temporary military."),
        ("it", 1, "Solo 1 carta in mano da scartare per la Forza militare temporanea."),
        ("it", 2, "Solo 2 carte in mano da scartare per la Forza militare temporanea."),
    ],
)
def test_rftg_hand_size_is_counted_in_words(client, lang, hand, expected):
    # Two powers allow 4 cards, so a hand of 2 is what limits.
    body = {"defense": 12, "military": [2, 2], "discard_power": True, "space_mercenaries": True, "hand_size": hand}
    reasons = post(client, "/api/conquest/rftg", body, lang).get_json()["reasons"]
    assert [r["message"] for r in reasons if r["code"] == "too_few_cards_to_discard"] == [expected]


@pytest.mark.parametrize(
    ("lang", "expected"),
    [
        ("en", "No card in hand to discard for temporary military."),
        ("it", "Nessuna carta in mano da scartare per la Forza militare temporanea."),
    ],
)
def test_rftg_an_empty_hand_is_said_so_not_counted(client, lang, expected):
    body = {"defense": 9, "military": [2, 2], "discard_power": True, "hand_size": 0}
    reasons = post(client, "/api/conquest/rftg", body, lang).get_json()["reasons"]
    assert [r["message"] for r in reasons if r["code"].endswith("cards_to_discard")] == [expected]


@pytest.mark.parametrize(
    ("lang", "defense", "expected"),
    [
        ("en", 5, "Military 4 against defense 5: discard 1 card for temporary military."),
        ("en", 6, "Military 4 against defense 6: discard 2 cards for temporary military."),
        ("it", 5, "Forza militare 4 contro difesa 5: scarta 1 carta per la Forza militare temporanea."),
        ("it", 6, "Forza militare 4 contro difesa 6: scarta 2 carte per la Forza militare temporanea."),
    ],
)
def test_rftg_discards_are_counted_in_words(client, lang, defense, expected):
    body = {"defense": defense, "military": [2, 2], "discard_power": True, "hand_size": 4}
    reasons = post(client, "/api/conquest/rftg", body, lang).get_json()["reasons"]
    assert [r["message"] for r in reasons if r["code"] == "discard_to_conquer"] == [expected]


@pytest.mark.parametrize(
    ("body", "code", "field"),
    [
        ({"defense": 5, "military": [1, "x"]}, "not_an_integer", "military[1]"),
        ({"defense": 5, "military": [], "hand_size": -2}, "out_of_range", "hand_size"),
        ({"defense": 0, "military": []}, "out_of_range", "defense"),
        ({"defense": 5, "military": [1] * 21}, "too_many_items", "military"),
    ],
)
def test_rftg_refusals(client, body, code, field):
    response = post(client, "/api/conquest/rftg", body)
    assert response.status_code == 400
    assert (response.get_json()["error"]["code"], response.get_json()["error"]["field"]) == (code, field)


def test_not_json_is_a_400(client):
    response = client.post("/api/conquest/rftg", data="defense=5", content_type="text/plain")
    assert response.status_code == 400
    assert response.get_json()["error"]["code"] == "invalid_json"


# --- Pages and citations ------------------------------------------------------------------------


def test_every_cited_section_exists(db):
    missing = [rule for rule in CITED if db.get(rule) is None]
    assert not missing


@pytest.mark.parametrize(
    "url, endpoint",
    [
        ("/tools/combat/galaxy", "galaxy_page"),
        ("/tools/combat/parsec", "parsec_page"),
        ("/tools/conquest/rftg", "rftg_page"),
    ],
)
@pytest.mark.parametrize("lang", ["it", "en"])
def test_pages_render_in_both_languages(client, url, endpoint, lang):
    response = client.get(f"{url}?lang={lang}")
    assert response.status_code == 200
    html = response.get_data(as_text=True)
    assert f'<html lang="{lang}">' in html
    data = json.loads(re.search(r'<script type="application/json" id="i18n">(.*?)</script>', html, re.S).group(1))
    assert set(data["rules"]) == set(tool(f"small_combat.{endpoint}").cites)
    assert all(link["url"] == "/rules/" + rule for rule, link in data["rules"].items())
    assert "small_combat.js" in html and "<script>" not in html  # no inline script
    # every form control has a label pointing at it
    for control in re.findall(r'<(?:input|select)[^>]*\bid="([^"]+)"', html):
        assert f'for="{control}"' in html, control


def test_pages_speak_italian_by_default(client):
    html = client.get("/tools/combat/galaxy").get_data(as_text=True)
    assert "Valore della Flotta attaccante" in html
    assert "Attacking fleet value" not in html


def test_tools_page_lists_the_three_tools(client):
    html = client.get("/tools?lang=en").get_data(as_text=True)
    for url in ("/tools/combat/galaxy", "/tools/combat/parsec", "/tools/conquest/rftg"):
        assert f'href="{url}"' in html


@pytest.mark.parametrize("url", ["/tools/combat/galaxy", "/tools/combat/parsec", "/tools/conquest/rftg"])
def test_no_string_left_in_the_other_language(client, url):
    with open("translations/it/LC_MESSAGES/small_combat.po", "rb") as handle:
        catalogue = [m for m in read_po(handle, locale="it") if m.id and m.string != m.id and "%(" not in m.id]
    english = visible_text(client.get(url + "?lang=en").get_data(as_text=True))
    italian = visible_text(client.get(url + "?lang=it").get_data(as_text=True))
    assert not [m.string for m in catalogue if m.string in english]
    assert not [m.id for m in catalogue if m.id in italian]


@pytest.mark.parametrize(
    ("lang", "says"),
    [
        ("en", "An event card lets the cargo ships attack (attack bonus +0)."),
        ("it", "Una carta Evento permette ai cargo di attaccare (bonus di attacco +0)."),
    ],
)
def test_parsec_a_cargo_attacks_when_an_event_card_allows_it(client, lang, says):
    body = {"attackers": [{"unit": "cargo"}], "defender": {"unit": "fighter"}}
    refused = post(client, "/api/combat/parsec", body, lang)
    assert refused.status_code == 422 and refused.get_json()["error"]["code"] == "unit_cannot_attack"
    answer = post(client, "/api/combat/parsec", {**body, "cargo_attacks": True}, lang).get_json()
    assert close(answer["attack_succeeds"], Fraction(28, 64))
    assert says in [r["message"] for r in answer["reasons"]]
