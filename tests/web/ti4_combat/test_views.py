"""POST /api/combat/ti4 and the page /tools/combat/ti4."""

import json
import re

import pytest

from app import create_app
from engine.ti4.result import WINS
from web.core.models import SCHEMA_CODES

URL = "/api/combat/ti4"


def post(client, body, lang="en"):
    return client.post(f"{URL}?lang={lang}", json=body)


def page_json(html):
    """The strings the page hands its script (#i18n)."""
    return json.loads(re.search(r'<script type="application/json" id="i18n">(.*?)</script>', html, re.S).group(1))


def test_one_fighter_each_is_four_ninths(client):
    # Worked by hand in tests/engine/ti4/test_chain.py: 4/9, 4/9, 1/9.
    data = post(client, {"attacker": {"units": {"fighter": 1}}, "defender": {"units": {"fighter": 1}}}).get_json()
    assert data["attacker_win"] == pytest.approx(4 / 9, abs=1e-12)
    assert data["defender_win"] == pytest.approx(4 / 9, abs=1e-12)
    assert data["draw"] == pytest.approx(1 / 9, abs=1e-12)
    assert data["rounds"]["expected"] == pytest.approx(25 / 9, abs=1e-12)


def test_a_full_answer_sums_to_one_and_cites_existing_rules(client, db):
    body = {
        "kind": "space",
        "nebula": True,
        "stop_after": 3,
        "attacker": {
            "units": {"dreadnought": 2, "carrier": 1, "fighter": 4, "destroyer": 1},
            "upgrades": ["fighter"],
            "order": ["destroyer", "fighter"],
            "keep_alive": "carrier",
            "sustain_first": False,
            "modifiers": [{"value": 1, "first_round": 1, "last_round": 1}],
        },
        "defender": {
            "units": {"cruiser": 3, "fighter": 2, "pds": 2, "space_dock": 1},
            "upgrades": ["pds"],
            "retreat_round": 2,
        },
    }
    data = post(client, body).get_json()
    total = data["attacker_win"] + data["defender_win"] + data["draw"] + data["unfinished"]
    assert total == pytest.approx(1, abs=1e-12)
    # The defender's retreat in round 2 ends every battle still on by then: nothing is left
    # for the stop plan of round 3.
    assert data["retreat"]["defender"] > 0
    assert data["unfinished"] == 0
    assert sum(data["rounds"]["distribution"][:3]) == pytest.approx(1, abs=1e-12)
    for side in ("attacker", "defender"):
        assert sum(data[side]["survivor_count"]) == pytest.approx(1, abs=1e-12)
        shown = sum(item["p"] for item in data[side]["survivors"]) + data[side]["survivors_other"]
        assert shown == pytest.approx(1, abs=1e-12)
    rounds = data["rounds"]
    assert sum(rounds["distribution"]) + rounds["later"] == pytest.approx(1, abs=1e-12)
    assert {"ti4/54.3", "ti4/15.2", "ti4/23.4"} <= set(data["rules"])
    assert [rule for rule in data["rules"] if db.get(rule) is None] == []


def test_ground_combat_with_reasons_in_both_languages(client):
    body = {
        "kind": "ground",
        "attacker": {"units": {"infantry": 3, "dreadnought": 1}},
        "defender": {"units": {"infantry": 2, "pds": 1}},
    }
    english = post(client, body, "en").get_json()
    italian = post(client, body, "it").get_json()
    assert english["attacker_win"] == italian["attacker_win"]
    (reason_en,), (reason_it,) = english["reasons"], italian["reasons"]
    assert reason_en["code"] == reason_it["code"] == "shield_blocks_bombardment"
    assert reason_en["rule"] == "ti4/70"
    assert "Planetary Shield" in reason_en["message"] and "Scudo Planetario" in reason_it["message"]


BLIND = [{"value": -3, "first_round": 1}]  # fighters then need 12: they never hit


@pytest.mark.parametrize(
    "body, likely",
    [
        # Always the stalemate, and the defender's fighters have no capacity to stay (23.10):
        # the old headline, looking only at sets with units, said "both sides destroyed (0.0%)".
        (
            {
                "attacker": {"units": {"fighter": 2}, "modifiers": BLIND},
                "defender": {"units": {"fighter": 2}, "modifiers": BLIND},
            },
            [{"ending": "stalemate", "units": {}, "p": 1}],
        ),
        # The defender retreats after round 1 (worked by hand in tests/engine/ti4/test_result.py):
        # the attacker stays with one cruiser 13/25; the defender keeping both ships is its
        # retreat (21/25), not the defender's win (6/25), which the old headline named.
        (
            {
                "attacker": {"units": {"cruiser": 2}},
                "defender": {"units": {"dreadnought": 1, "cruiser": 1}, "retreat_round": 1},
            },
            [{"ending": "defender_retreat", "units": {"cruiser": 1}, "p": 13 / 25}],
        ),
        # Whoever wins keeps no fighter: the attacker's win with nothing left (79.8%, the exact
        # engine's fraction), not the 2.1% draw.
        (
            {"attacker": {"units": {"fighter": 3}}, "defender": {"units": {"fighter": 2}}},
            [{"ending": "attacker", "units": {}, "p": 339449641 / 425622681}],
        ),
        # Sustained hits only: after round 1 every battle is still on.
        (
            {"stop_after": 1, "attacker": {"units": {"dreadnought": 1}}, "defender": {"units": {"dreadnought": 1}}},
            [{"ending": "unfinished", "units": {}, "p": 1}],
        ),
        # Equal odds are all named, in a fixed order: one cruiser a side wins with it 3/8 each
        # way (tests/engine/ti4/test_result.py), where the float sums differ in the last bit and
        # the answer named the attacker alone (0.37500000000000006).
        (
            {"attacker": {"units": {"cruiser": 1}}, "defender": {"units": {"cruiser": 1}}},
            [
                {"ending": "attacker", "units": {"cruiser": 1}, "p": 3 / 8},
                {"ending": "defender", "units": {"cruiser": 1}, "p": 3 / 8},
            ],
        ),
        # One fighter a side: each wins 4/9 and keeps nothing (no capacity, 23.10).
        (
            {"attacker": {"units": {"fighter": 1}}, "defender": {"units": {"fighter": 1}}},
            [{"ending": "attacker", "units": {}, "p": 4 / 9}, {"ending": "defender", "units": {}, "p": 4 / 9}],
        ),
    ],
)
def test_the_answer_names_the_likeliest_ending_of_any_kind(client, body, likely):
    data = post(client, body).get_json()
    assert data["likely"] == [{**ending, "p": pytest.approx(ending["p"], abs=1e-12)} for ending in likely]


@pytest.mark.parametrize(
    "lang, one, tied",
    [
        ("en", "Most likely: %(ending)s (%(p)s)", "Equally likely (%(p)s each): %(endings)s"),
        ("it", "Più probabile: %(ending)s (%(p)s)", "Ugualmente probabili (%(p)s ciascuno): %(endings)s"),
    ],
)
def test_the_page_has_a_headline_for_every_ending(client, lang, one, tied):
    strings = page_json(client.get(f"/tools/combat/ti4?lang={lang}").get_data(as_text=True))
    clauses = strings["likely"]
    assert set(clauses) == set(WINS) | {"ground_stalemate"}  # a ground combat's stalemate has its own words
    assert all("%(p)s" not in text and "likely" not in text and "probabil" not in text for text in clauses.values())
    assert all(
        "%(units)s" in clauses[kind] for kind in ("attacker", "defender_retreat", "stalemate", "ground_stalemate")
    )
    assert (strings["likely_one"], strings["likely_tied"]) == (one, tied)


@pytest.mark.parametrize(
    "body, code, field",
    [
        (
            {"attacker": {"units": {"zeppelin": 1}}, "defender": {"units": {"fighter": 1}}},
            "unknown_field",
            "attacker.units.zeppelin",
        ),
        (
            {"attacker": {"units": {"cruiser": -2}}, "defender": {"units": {"fighter": 1}}},
            "out_of_range",
            "attacker.units.cruiser",
        ),
        (
            {"attacker": {"units": {"fighter": 10**9}}, "defender": {"units": {"fighter": 1}}},
            "out_of_range",
            "attacker.units.fighter",
        ),
        (
            {"attacker": {"units": {"fighter": 20, "cruiser": 8}}, "defender": {"units": {"fighter": 1}}},
            "too_many_combatants",
            "attacker.units",
        ),
        (
            {
                "kind": "ground",
                "attacker": {"units": {"infantry": 2}},
                "defender": {"units": {"infantry": 1, "fighter": 2}},
            },
            "fighters_in_ground_combat",
            "defender.units.fighter",
        ),
        (
            {
                "kind": "ground",
                "nebula": True,
                "attacker": {"units": {"infantry": 2}},
                "defender": {"units": {"infantry": 1}},
            },
            "nebula_in_ground_combat",
            "nebula",
        ),
        (
            {"bombardment": True, "attacker": {"units": {"dreadnought": 1}}, "defender": {"units": {"fighter": 1}}},
            "bombardment_in_space_combat",
            "bombardment",
        ),
        (
            {
                "kind": "ground",
                "attacker": {"units": {"infantry": 2}, "retreat_round": 1},
                "defender": {"units": {"infantry": 1}},
            },
            "no_retreat_in_ground_combat",
            "attacker.retreat_round",
        ),
        (
            {"attacker": {"units": {"cruiser": 1}, "keep_alive": "war_sun"}, "defender": {"units": {"fighter": 1}}},
            "keep_alive_absent",
            "attacker.keep_alive",
        ),
        (
            {"attacker": {"units": {"cruiser": 1}, "upgrades": ["war_sun"]}, "defender": {"units": {"fighter": 1}}},
            "unknown_choice",
            "attacker.upgrades[0]",
        ),
        (
            {
                "attacker": {"units": {"cruiser": 1}, "modifiers": [{"value": 1, "first_round": 3, "last_round": 2}]},
                "defender": {"units": {"fighter": 1}},
            },
            "round_range_reversed",
            "attacker.modifiers[0].last_round",
        ),
        (
            {"attacker": {"units": {"cruiser": "two"}}, "defender": {"units": {"fighter": 1}}},
            "not_an_integer",
            "attacker.units.cruiser",
        ),
        (
            {"attacker": {"units": {"cruiser": 1}}, "defender": {"units": {"fighter": 1}}, "fog": 1},
            "unknown_field",
            "fog",
        ),
        ({"attacker": {"units": {"cruiser": 1}}}, "missing_field", "defender"),
        (
            {"attacker": {"units": {"flagship": 1}, "flagship": {"combat": 11}}, "defender": {"units": {"fighter": 1}}},
            "out_of_range",
            "attacker.flagship.combat",
        ),
        (
            {"attacker": {"units": {"flagship": 1}, "flagship": {"speed": 2}}, "defender": {"units": {"fighter": 1}}},
            "unknown_field",
            "attacker.flagship.speed",
        ),
        (
            {"attacker": {"units": {"flagship": 2}}, "defender": {"units": {"fighter": 1}}},
            "out_of_range",
            "attacker.units.flagship",
        ),
        (
            {
                "attacker": {"units": {"cruiser": 1}, "technologies": ["sarween_tools"]},
                "defender": {"units": {"fighter": 1}},
            },
            "unknown_choice",
            "attacker.technologies[0]",
        ),
        (
            {
                "kind": "ground",
                "attacker": {"units": {"infantry": 1}, "cards": {"shields_holding": 1}},
                "defender": {"units": {"infantry": 1}},
            },
            "card_not_in_this_combat",
            "attacker.cards.shields_holding",
        ),
        (
            {"attacker": {"units": {"cruiser": 1}, "damaged": {"cruiser": 1}}, "defender": {"units": {"fighter": 1}}},
            "damaged_without_sustain",
            "attacker.damaged.cruiser",
        ),
        (
            {"attacker": {"units": {"fighter": 1}, "cards": {"direct_hit": 5}}, "defender": {"units": {"fighter": 1}}},
            "out_of_range",
            "attacker.cards.direct_hit",
        ),
        (
            {"attacker": {"units": {"fighter": 1}, "faction": "hacan"}, "defender": {"units": {"fighter": 1}}},
            "unknown_choice",
            "attacker.faction",
        ),
        (
            {
                "attacker": {"units": {"flagship": 1}, "faction": "winnu", "ground_forces": 2},
                "defender": {"units": {"fighter": 1}},
            },
            "ground_forces_without_alastor",
            "attacker.ground_forces",
        ),
        (
            {
                "attacker": {"units": {"flagship": 1}, "faction": "nekro_virus", "ground_forces": 21},
                "defender": {"units": {"fighter": 1}},
            },
            "out_of_range",
            "attacker.ground_forces",
        ),
        (
            {"attacker": {"units": {"flagship": 1}, "trade_goods": 2}, "defender": {"units": {"fighter": 1}}},
            "trade_goods_without_kenara",
            "attacker.trade_goods",
        ),
        (
            {
                "attacker": {"units": {"flagship": 1}, "faction": "emirates_of_hacan", "trade_goods": 7},
                "defender": {"units": {"fighter": 1}},
            },
            "out_of_range",
            "attacker.trade_goods",
        ),
    ],
)
def test_refusals_name_the_field_in_the_request_language(client, body, code, field):
    answers = {lang: post(client, body, lang) for lang in ("en", "it")}
    for response in answers.values():
        # 400: the request does not match its schema; 422: well formed, but the rules refuse it.
        assert response.status_code == (400 if code in SCHEMA_CODES else 422)
        error = response.get_json()["error"]
        assert (error["code"], error["field"]) == (code, field)
    assert answers["en"].get_json()["error"]["message"] != answers["it"].get_json()["error"]["message"]


def test_a_flagship_fights_with_its_faction_sheet_numbers(client):
    def attacker_win(sheet):
        body = {"attacker": {"units": {"flagship": 1}, "flagship": sheet}, "defender": {"units": {"cruiser": 2}}}
        response = post(client, body, "en")
        assert response.status_code == 200, response.get_json()
        return response.get_json()["attacker_win"]

    # More dice and a better combat value can only help; the default sheet is 7 with two dice.
    assert attacker_win({"combat": 9, "dice": 1}) < attacker_win({}) < attacker_win({"combat": 5, "dice": 3})
    assert attacker_win({}) == attacker_win({"combat": 7, "dice": 2, "capacity": 3})


def test_technologies_are_named_with_their_side_in_the_reader_language(client):
    body = {
        "attacker": {"units": {"cruiser": 3}, "technologies": ["assault_cannon", "antimass_deflectors"]},
        "defender": {"units": {"dreadnought": 1, "pds": 1}, "technologies": ["plasma_scoring"]},
    }
    answers = {lang: post(client, body, lang).get_json() for lang in ("en", "it")}
    codes = {r["code"]: r for r in answers["en"]["reasons"]}
    assert {"assault_cannon", "antimass_deflectors", "plasma_scoring"} <= set(codes)
    assert codes["plasma_scoring"]["message"].startswith("Defender, Plasma Scoring")
    assert codes["plasma_scoring"]["rule"] == "ti4/faq-generale-4"
    italian = {r["code"]: r["message"] for r in answers["it"]["reasons"]}
    assert italian["assault_cannon"].startswith("Attaccante")
    # The PDS rolls two dice (Plasma Scoring) hitting on 7 (deflectors): both miss with 9/25, and
    # then the card destroys the lone dreadnought before the combat. A hit leaves 2 cruisers: no card.
    assert abs(answers["en"]["rounds"]["distribution"][0] - 9 / 25) < 1e-12


def test_unit_names_in_refusals_are_translated(client):
    body = {"kind": "ground", "attacker": {"units": {"infantry": 1}}, "defender": {"units": {"carrier": 1}}}
    assert post(client, body, "it").get_json()["error"]["message"].startswith("Cargo:")
    assert post(client, body, "en").get_json()["error"]["message"].startswith("Carrier:")


def test_over_long_work_is_a_clean_422(tmp_path):
    app = create_app(
        {"TESTING": True, "INSTANCE_PATH": str(tmp_path), "COMPUTE_BUDGET_SECONDS": 0.001, "SEARCH_ENCODER": None}
    )
    fleet = {"war_sun": 2, "dreadnought": 5, "carrier": 4, "destroyer": 8, "fighter": 5}
    response = post(app.test_client(), {"attacker": {"units": fleet}, "defender": {"units": fleet}})
    assert response.status_code == 422
    assert response.get_json()["error"]["code"] == "time_budget_exceeded"


@pytest.mark.parametrize("lang, title", [("it", "probabilità di combattimento"), ("en", "combat odds")])
def test_page_in_both_languages(client, lang, title):
    html = client.get(f"/tools/combat/ti4?lang={lang}").get_data(as_text=True)
    assert title in html
    strings = page_json(html)
    assert strings["rules"]["ti4/23.7"]["url"] == "/rules/ti4/23.7"
    # Every form control has a label pointing at it.
    ids = set(re.findall(r'<(?:input|select)[^>]*\sid="([^"]+)"', html))
    labelled = set(re.findall(r'<label for="([^"]+)"', html))
    assert ids and ids <= labelled
    assert "<script>" not in html and " onclick=" not in html


def test_page_is_listed_among_the_tools(client):
    assert "/tools/combat/ti4" in client.get("/tools?lang=en").get_data(as_text=True)


def test_every_upgrade_toggle_belongs_to_a_kind_of_combat():
    from engine.ti4.units import UPGRADABLE
    from web.ti4_combat.views import UPGRADE_KINDS

    assert set(UPGRADE_KINDS) == set(UPGRADABLE)
    assert all(set(kinds.split()) <= {"space", "ground"} for kinds in UPGRADE_KINDS.values())


def test_cards_damaged_units_and_factions_reach_the_engine(client):
    # Shields Holding on a fighter duel: 61/81 (worked by hand in tests/engine/ti4/test_situations.py).
    shields = post(
        client,
        {"attacker": {"units": {"fighter": 1}, "cards": {"shields_holding": 1}}, "defender": {"units": {"fighter": 1}}},
    ).get_json()
    assert shields["attacker_win"] == pytest.approx(61 / 81, abs=1e-12)
    # A damaged dreadnought against a fighter: 12/17.
    damaged = post(
        client,
        {
            "attacker": {"units": {"dreadnought": 1}, "damaged": {"dreadnought": 1}},
            "defender": {"units": {"fighter": 1}},
        },
    ).get_json()
    assert damaged["attacker_win"] == pytest.approx(12 / 17, abs=1e-12)
    # Duranium Armor: 399/409.
    duranium = post(
        client,
        {
            "attacker": {"units": {"dreadnought": 1}, "technologies": ["duranium_armor"]},
            "defender": {"units": {"fighter": 1}},
        },
    ).get_json()
    assert duranium["attacker_win"] == pytest.approx(399 / 409, abs=1e-12)
    # A faction fills the flagship sheet: Xxcha's flagship fires space cannon 5 (x3) first.
    xxcha = post(
        client,
        {"attacker": {"units": {"fighter": 1}}, "defender": {"units": {"flagship": 1}, "faction": "xxcha_kingdom"}},
    ).get_json()
    assert xxcha["defender_win"] >= 1 - 8 / 125
    letnev = post(
        client,
        {"attacker": {"units": {"flagship": 1}, "faction": "barony_of_letnev"}, "defender": {"units": {"fighter": 1}}},
        "it",
    ).get_json()
    reason = {r["code"]: r["message"] for r in letnev["reasons"]}["flagship_repairs_itself"]
    assert reason.startswith("Attaccante") and "riparata" in reason


def test_pre_combat_steps_in_expected_hits(client):
    # Worked by hand in tests/engine/ti4/test_space.py and test_ground.py: two destroyers' barrage
    # (4 dice at 1/5) against 3 fighters; two dreadnoughts' bombardment (3/5 each) of 1 infantry.
    space = post(client, {"attacker": {"units": {"destroyer": 2}}, "defender": {"units": {"fighter": 3}}}).get_json()
    [barrage] = space["pre_combat"]
    assert (barrage["step"], barrage["side"]) == ("anti_fighter_barrage", "attacker")
    assert barrage["expected_hits"] == pytest.approx(4 / 5, abs=1e-12)
    assert barrage["at_least_one_hit"] == pytest.approx(369 / 625, abs=1e-12)
    assert barrage["expected_destroyed"] == pytest.approx(499 / 625, abs=1e-12)
    ground = post(
        client,
        {
            "kind": "ground",
            "attacker": {"units": {"infantry": 1, "dreadnought": 2}},
            "defender": {"units": {"infantry": 1}},
        },
    ).get_json()
    assert [(s["step"], s["side"]) for s in ground["pre_combat"]] == [("bombardment", "attacker")]
    assert ground["pre_combat"][0]["expected_hits"] == pytest.approx(6 / 5, abs=1e-12)
    assert ground["pre_combat"][0]["expected_destroyed"] == pytest.approx(21 / 25, abs=1e-12)
    quiet = post(client, {"attacker": {"units": {"cruiser": 1}}, "defender": {"units": {"fighter": 1}}}).get_json()
    assert quiet["pre_combat"] == []


@pytest.mark.parametrize(
    "lang, one, other",
    [
        ("en", "(attacker): %(n)s fighter expected destroyed", "(attacker): %(n)s fighters expected destroyed"),
        ("it", "(attaccante): %(n)s caccia distrutto in media", "(attaccante): %(n)s caccia distrutti in media"),
    ],
)
def test_pre_combat_lines_have_plural_forms_for_every_step(client, lang, one, other):
    from engine.ti4.result import PRE_COMBAT_STEPS

    words = page_json(client.get(f"/tools/combat/ti4?lang={lang}").get_data(as_text=True))["pre_combat"]
    assert set(words["lines"]) == set(words["names"]) == set(PRE_COMBAT_STEPS)
    barrage = words["lines"]["anti_fighter_barrage"]
    assert barrage["one"].replace("%(side)s", words["sides"]["attacker"]).endswith(one)
    assert barrage["other"].replace("%(side)s", words["sides"]["attacker"]).endswith(other)


def test_coupled_flagship_abilities_reach_the_engine(client):
    """The hand-worked tables of tests/engine/ti4/test_situations.py, through the API."""

    def answer(attacker, defender, lang="en"):
        response = post(client, {"attacker": attacker, "defender": defender}, lang)
        assert response.status_code == 200, response.get_json()
        return response.get_json()

    mentak = answer({"units": {"flagship": 1}, "faction": "mentak_coalition"}, {"units": {"dreadnought": 1}})
    assert mentak["attacker_win"] == pytest.approx(9424 / 11449, abs=1e-12)
    winnu = answer({"units": {"cruiser": 2}}, {"units": {"flagship": 1}, "faction": "winnu"})
    assert winnu["defender_win"] == pytest.approx(111 / 256, abs=1e-12)
    yin = answer({"units": {"flagship": 1}, "faction": "yin_brotherhood"}, {"units": {"cruiser": 1}})
    assert (yin["attacker_win"], yin["defender_win"]) == (pytest.approx(4329 / 5929, abs=1e-12), 0)
    l1z1x = answer(
        {"units": {"flagship": 1}, "faction": "l1z1x_mindnet", "damaged": {"flagship": 1}},
        {"units": {"cruiser": 1, "fighter": 1}},
    )
    assert l1z1x["attacker_win"] == pytest.approx(23868 / 62893, abs=1e-12)
    nekro = {
        "units": {"flagship": 1},
        "faction": "nekro_virus",
        "damaged": {"flagship": 1},
        "ground_forces": 1,
        "order": ["flagship", "infantry"],
    }
    for lang, words in (("en", ("1 infantry fights as a ship",)), ("it", ("1 fanteria combatte",))):
        data = answer(nekro, {"units": {"fighter": 1}}, lang)
        assert data["attacker_win"] == pytest.approx(4131 / 4411, abs=1e-12)
        message = {r["code"]: r["message"] for r in data["reasons"]}["flagship_ground_forces_fight"]
        assert all(w in message for w in words), message
    hacan = {"units": {"flagship": 1}, "faction": "emirates_of_hacan", "damaged": {"flagship": 1}, "trade_goods": 1}
    kenara = answer({"units": {"fighter": 1}}, hacan, "it")
    assert kenara["defender_win"] == pytest.approx(3 / 4, abs=1e-12)
    assert "1 merce di scambio" in {r["code"]: r["message"] for r in kenara["reasons"]}["flagship_trade_goods_bonus"]
    two = answer({**nekro, "ground_forces": 2}, {"units": {"fighter": 1}}, "it")
    assert "2 fanterie combattono" in {r["code"]: r["message"] for r in two["reasons"]}["flagship_ground_forces_fight"]


def test_a_battle_repairs_keep_from_ending_is_answered_as_the_stalemate(client):
    """The Letnev flagship of tests/engine/ti4/test_result.py, blind from round 3 against a
    fighter that can never destroy it: an answer (not the time budget's 422), the stalemate cited."""
    blind = [{"value": -3, "first_round": 3}, {"value": -3, "first_round": 3}]
    body = {
        "attacker": {"units": {"flagship": 1}, "faction": "barony_of_letnev", "modifiers": blind},
        "defender": {"units": {"fighter": 1}},
    }
    for lang, words in (("en", "repairs undo every hit"), ("it", "le riparazioni annullano ogni colpo")):
        response = post(client, body, lang)
        assert response.status_code == 200, response.get_json()
        data = response.get_json()
        assert data["attacker_win"] == pytest.approx(609 / 625, abs=1e-12)
        assert data["stalemate"] == data["defender_win"] == pytest.approx(16 / 625, abs=1e-12)
        assert data["rounds"]["expected"] == pytest.approx(29 / 25, abs=1e-12)
        assert "ti4/faq-generale-2" in data["rules"]
        (reason,) = [r for r in data["reasons"] if r["code"] == "stalemate"]
        assert reason["rule"] == "ti4/faq-generale-2" and words in reason["message"], reason


def test_a_cycle_of_repairs_that_leaks_slowly_is_answered_within_a_short_budget(tmp_path):
    """Three blind dreadnoughts with Duranium against a flagship that hits on a 10, worked by
    hand in tests/engine/ti4/test_chain.py: about 1e-4 of the battles end a round (8619 rounds
    on average), which repeated rounds took some 37 s to finish (the budget's 422)."""
    app = create_app(
        {"TESTING": True, "INSTANCE_PATH": str(tmp_path), "COMPUTE_BUDGET_SECONDS": 1.0, "SEARCH_ENCODER": None}
    )
    blind = [{"value": -3}, {"value": -3}]
    body = {
        "attacker": {"units": {"dreadnought": 3}, "technologies": ["duranium_armor"], "modifiers": blind},
        "defender": {"units": {"flagship": 1}, "flagship": {"combat": 10, "dice": 2, "capacity": 3}},
    }
    response = post(app.test_client(), body)
    assert response.status_code == 200, response.get_json()
    data = response.get_json()
    assert data["defender_win"] == pytest.approx(1, abs=1e-12)
    assert data["rounds"]["expected"] == pytest.approx(6550760000 / 760019, rel=1e-13)
