"""POST /api/combat/eclipse and the page: answers, 400s naming field and rule in both languages."""

from __future__ import annotations

import json
import re

import pytest

from tests.sources import ROOT, combat_files
from engine.eclipse.battle import Fleet, Group
from engine.eclipse.blueprints import default_blueprint, stats_from_parts
from web.core.errors import RULE_REFUSAL
from web.eclipse_combat.views import ERRORS, REASONS

ENGINE = combat_files("eclipse")
URL = "/api/combat/eclipse"


def body(att, dfn, **extra):
    return {"attacker": {"ships": att}, "defender": {"ships": dfn}, **extra}


def test_one_interceptor_each(client):
    r = client.post(URL, json=body([{"type": "interceptor", "count": 1}], [{"type": "interceptor", "count": 1}]))
    assert r.status_code == 200
    data = r.get_json()
    # Hand-worked in tests/engine/eclipse/test_battle.py: the defender wins 6/11.
    assert abs(data["defender_win"] - 6 / 11) < 1e-12
    assert abs(data["attacker_win"] + data["defender_win"] - 1) < 1e-12
    assert data["stalemate"] == data["draw"] == 0
    assert abs(sum(r["p"] for r in data["rounds"]) - 1) < 1e-12
    assert data["rules"][0] == "eclipse/fase-combattimento"
    assert all(link["url"] == "/rules/" + rule for rule, link in data["citations"].items())
    assert data["attacker"]["ships"][0]["initiative"] == 3
    assert data["groups"][1]["survivors"][1] == pytest.approx(6 / 11)
    assert all(reason["rule"] in data["rules"] and reason["message"] for reason in data["reasons"])


@pytest.mark.parametrize("lang,words", [("en", "the defender holds the hex"), ("it", "resta al difensore")])
def test_a_stalemate_is_part_of_the_defenders_share(client, lang, words):
    # Worked by hand in tests/engine/eclipse/test_battle.py: one missile-only interceptor each;
    # STALLO with (25/36)^2 = 625/1296, and the defender holds with 1021/1296 in all.
    ship = {"type": "interceptor", "count": 1, "initiative": 2, "missiles": 1}
    r = client.post(f"{URL}?lang={lang}", json=body([ship], [ship]))
    assert r.status_code == 200, r.get_json()
    data = r.get_json()
    assert data["stalemate"] == data["draw"] == pytest.approx(625 / 1296)
    assert data["defender_win"] == pytest.approx(1021 / 1296)
    assert data["attacker_win"] + data["defender_win"] == pytest.approx(1)
    (reason,) = [x for x in data["reasons"] if x["code"] == "stalemate_possible"]
    assert reason["rule"] == "eclipse/stallo" and words in reason["message"]


def test_parts_stats_ancients_and_retreat(client):
    att = [
        {
            "type": "cruiser",
            "count": 2,
            "parts": ["plasma_cannon", "hull", "fusion_source", "nuclear_drive", "electron_computer"],
        },
        {"type": "interceptor", "count": 2, "initiative": 4, "hull": 1, "computer": 1, "cannons": {"ion": 1}},
    ]
    r = client.post(
        URL,
        json={
            "attacker": {"ships": att, "retreat": {"round": 2, "types": ["interceptor"]}},
            "defender": {"ships": [{"type": "ancient", "count": 2}]},
            "targeting": "most_kills",
        },
    )
    assert r.status_code == 200, r.get_json()
    data = r.get_json()
    assert data["attacker"]["targeting"] == "most_kills"
    assert data["defender"]["targeting"] == "largest_first"  # the rulebook's rule for Ancients
    assert data["defender"]["reputation"] is None
    assert "eclipse/combattere-contro-gli-antichi-e-il-sdcg" in data["rules"]
    assert "eclipse/ritirata" in data["rules"]
    assert data["attacker"]["ships"][0]["cannons"]["plasma"] == 1


def test_large_optimal_battle_says_it_fell_back(client, monkeypatch):
    # A battle past the optimal limit takes seconds; lowering the limit shows the same answer shape.
    monkeypatch.setattr("engine.eclipse.battle.MAX_OPTIMAL_STATES", 100)
    big = [{"type": "interceptor", "count": 3, "initiative": 3, "hull": 2, "computer": 1, "cannons": {"ion": 1}}]
    r = client.post(URL, json=body(big + [{"type": "cruiser", "count": 1}], big))
    data = r.get_json()
    assert r.status_code == 200 and data["fallback"] is True
    assert any(reason["code"] == "optimal_fallback" for reason in data["reasons"])


BAD = [
    (
        "energy over budget",
        [{"type": "interceptor", "count": 1, "parts": ["antimatter_cannon", "nuclear_source", "nuclear_drive"]}],
        "energy_over_budget",
        "attacker.ships[0].parts",
        "eclipse/sviluppo",
    ),
    (
        "no drive",
        [{"type": "cruiser", "count": 1, "parts": ["ion_cannon", "nuclear_source"]}],
        "drive_required",
        "attacker.ships[0].parts",
        "eclipse/sviluppo",
    ),
    (
        "5 cruisers",
        [{"type": "cruiser", "count": 5}],
        "count_over_limit",
        "attacker.ships[0].count",
        "eclipse/costruzione",
    ),
    (
        "over-size battle",
        [
            {"type": "interceptor", "count": 8, "initiative": 3, "hull": 6, "cannons": {"ion": 1}},
            {"type": "cruiser", "count": 4, "initiative": 2, "hull": 6, "cannons": {"ion": 1}},
        ],
        "battle_too_large",
        None,
        None,  # the calculator's work limit, not a rule of the game
    ),
]


@pytest.mark.parametrize("name,ships,code,field,rule", BAD, ids=[b[0] for b in BAD])
def test_bad_blueprints_name_field_and_rule_in_both_languages(client, db, name, ships, code, field, rule):
    messages = {}
    for lang in ("it", "en"):
        defender = ships if code == "battle_too_large" else [{"type": "interceptor", "count": 1}]
        r = client.post(f"{URL}?lang={lang}", json=body(ships, defender))
        assert r.status_code == 422  # well formed, refused by the rules
        err = r.get_json()["error"]
        assert (err["code"], err["field"], err.get("rule")) == (code, field, rule)
        if rule:
            # The rule is cited beside the message, by its link and label; the message has no raw id.
            assert rule not in err["message"] and db.get(rule) is not None
            assert err["citations"][rule]["url"].endswith(f"/rules/{rule}")
            assert err["citations"][rule]["label"] != rule
        else:
            assert "citations" not in err
        if field:
            assert field in err["message"]
        messages[lang] = err["message"]
    assert messages["it"] != messages["en"]


@pytest.mark.parametrize("lang, estimate", [("it", r"\d{1,3}(\.\d{3})+ stati"), ("en", r"\d{1,3}(,\d{3})+ states")])
def test_state_counts_have_the_readers_thousands_separator(client, lang, estimate):
    ships = [
        {"type": "interceptor", "count": 8, "initiative": 3, "hull": 6, "cannons": {"ion": 1}},
        {"type": "cruiser", "count": 4, "initiative": 2, "hull": 6, "cannons": {"ion": 1}},
    ]
    err = client.post(f"{URL}?lang={lang}", json=body(ships, ships)).get_json()["error"]
    assert err["code"] == "battle_too_large" and re.search(estimate, err["message"])
    # Past what even the background takes, the limit told is the background's (8,000,000), not
    # the inline one that only sends a battle to the background.
    assert re.search(r"8[.,]000[.,]000", err["message"])


ONE = [{"type": "interceptor", "count": 1}]


@pytest.mark.parametrize(
    "payload,status,field",
    [
        ({"attacker": {"ships": []}, "defender": {"ships": ONE}}, 400, "attacker.ships"),
        (
            {
                "attacker": {"ships": [{"type": "ancient", "count": 1}]},
                "defender": {"ships": [{"type": "cruiser", "count": 1}]},
            },
            422,
            "attacker.ships",
        ),
        (
            {"attacker": {"ships": [{"type": "ancient", "count": 1, "parts": []}]}, "defender": {"ships": ONE}},
            422,
            "attacker.ships[0].parts",
        ),
        (
            {"attacker": {"ships": [{"type": "interceptor", "count": 1, "colour": "red"}]}, "defender": {"ships": []}},
            400,
            "attacker.ships[0].colour",
        ),
        (
            {"attacker": {"ships": ONE, "retreat": {"round": 9}}, "defender": {"ships": ONE}},
            400,
            "attacker.retreat.round",
        ),
        (
            {
                "attacker": {
                    "ships": [{"type": "starbase", "count": 1}],
                    "retreat": {"round": 1, "types": ["starbase"]},
                },
                "defender": {"ships": ONE},
            },
            422,
            "attacker.retreat.types",
        ),
        ({"attacker": {"ships": ONE}, "defender": {"ships": ONE}, "targeting": "random"}, 400, "targeting"),
        (
            {"attacker": {"species": "draco", "ships": ONE}, "defender": {"ships": [{"type": "ancient", "count": 2}]}},
            422,
            "attacker.species",
        ),
        (
            {"attacker": {"ships": [{"type": "interceptor", "count": 9}]}, "defender": {"ships": ONE}},
            400,
            "attacker.ships[0].count",
        ),
        (
            {"attacker": {"ships": [{"type": "cruiser", "count": 1, "hull": -1}]}, "defender": {"ships": ONE}},
            400,
            "attacker.ships[0].hull",
        ),
        (
            {
                "attacker": {"ships": [{"type": "cruiser", "count": 1, "parts": ["ion_cannon", "death_ray"]}]},
                "defender": {"ships": ONE},
            },
            400,
            "attacker.ships[0].parts[1]",
        ),
        (
            {
                "attacker": {"ships": [{"type": "cruiser", "count": 1, "hull": 1, "parts": []}]},
                "defender": {"ships": ONE},
            },
            422,
            "attacker.ships[0]",
        ),
    ],
)
def test_other_refusals_name_the_field(client, payload, status, field):
    # 400: the request does not match its schema; 422: well formed, but the rules refuse it.
    r = client.post(URL, json=payload)
    assert r.status_code == status
    assert r.get_json()["error"]["field"] == field


@pytest.mark.parametrize("lang, words", [("en", "starbases cannot move"), ("it", "Basi Stellari sono immobili")])
def test_a_starbase_on_the_attacking_side_is_refused(client, lang, words):
    r = client.post(
        f"{URL}?lang={lang}", json=body([{"type": "starbase", "count": 1}], [{"type": "interceptor", "count": 1}])
    )
    assert r.status_code == RULE_REFUSAL
    error = r.get_json()["error"]
    assert error["code"] == "starbase_cannot_attack" and error["field"] == "attacker.ships[0].type"
    assert words in error["message"] and error["rule"] == "eclipse/navi"


def test_not_json_is_400(client):
    r = client.post(URL, data="nope", content_type="application/json")
    assert r.status_code == 400


def engine_codes(pattern: str) -> set[str]:
    found = set()
    for path in ENGINE:
        found |= set(re.findall(pattern, path.read_text()))
    return found


def test_every_engine_code_has_a_message():
    errors = engine_codes(r'InvalidInput\(\s*"([a-z_]+)"') | engine_codes(r'\bcode="([a-z_]+)"')
    reasons = engine_codes(r'Reason\(\s*"([a-z_]+)"')
    assert errors and reasons
    assert errors <= set(ERRORS), errors - set(ERRORS)
    assert reasons <= set(REASONS), reasons - set(REASONS)


def test_every_cited_rule_exists(db):
    cited = engine_codes(r'"(eclipse/[a-z0-9.-]+)"') | {
        rid
        for rid in re.findall(r'"(eclipse/[a-z0-9.-]+)"', (ROOT / "web" / "eclipse_combat" / "views.py").read_text())
    }
    assert cited
    assert all(db.get(rid) is not None for rid in cited), [rid for rid in cited if db.get(rid) is None]


@pytest.mark.parametrize(
    "lang,title", [("it", "Probabilità di combattimento di Eclipse"), ("en", "Eclipse combat odds")]
)
def test_page_in_both_languages(client, lang, title):
    r = client.get(f"/tools/combat/eclipse?lang={lang}")
    assert r.status_code == 200
    html = r.get_data(as_text=True)
    assert title in html
    assert 'id="i18n"' in html and "eclipse_combat.js" in html
    assert "onclick" not in html and "<script>" not in html
    tools = client.get(f"/tools?lang={lang}").get_data(as_text=True)
    assert title in tools


def test_retreat_plans_offer_only_ships_that_move(client):
    # Starbases never move (eclipse/navi), so a plan naming them was always refused.
    html = client.get("/tools/combat/eclipse?lang=en").get_data(as_text=True)
    for side in ("attacker", "defender"):
        select = re.search(rf'<select id="ec-{side}-retreat-types".*?</select>', html, re.S).group(0)
        assert 'value="cruiser"' in select and 'value="starbase"' not in select


@pytest.mark.parametrize("lang, sep", [("it", "."), ("en", ",")])
def test_the_page_states_the_engines_size_limits(client, lang, sep):
    from engine.eclipse.battle import MAX_BACKGROUND_STATES, MAX_OPTIMAL_STATES, MAX_STATES

    html = client.get(f"/tools/combat/eclipse?lang={lang}").get_data(as_text=True)
    for limit in (MAX_OPTIMAL_STATES, MAX_STATES, MAX_BACKGROUND_STATES, 562_500):
        assert f"{limit:,}".replace(",", sep) in html
    assert "7 ships" not in html and "7 Navi" not in html


def test_the_pages_size_example_is_solved_optimally_and_ships_alone_are_no_limit():
    from engine.eclipse.battle import check_size
    from web.eclipse_combat.views import SIZE_EXAMPLE

    def fleet(groups):
        return Fleet(tuple(Group(k, n, stats_from_parts(k, default_blueprint(k))) for k, n in groups))

    # 4/4/2 a side (562,500 states) and 8 interceptors + 2 cruisers a side: optimal, no fallback.
    assert check_size(fleet(SIZE_EXAMPLE), fleet(SIZE_EXAMPLE)) == (562_500, False)
    assert (
        check_size(fleet([("interceptor", 8), ("cruiser", 2)]), fleet([("interceptor", 8), ("cruiser", 2)]))[1] is False
    )
    # The rulebook's full fleets, 8/4/2 a side: beyond the optimal limit, the heuristic answers.
    full = fleet([("interceptor", 8), ("cruiser", 4), ("dreadnought", 2)])
    assert check_size(full, full) == (1_822_500, True)


HEX = "/api/combat/eclipse/hex"


def test_hex_with_three_players_and_ancients(client):
    r = client.post(
        HEX,
        json={
            "factions": [
                {"name": "red", "entered": 0, "ships": [{"type": "interceptor", "count": 2}]},
                {"name": "green", "entered": 1, "ships": [{"type": "interceptor", "count": 2}]},
                {"name": "blue", "entered": 2, "ships": [{"type": "cruiser", "count": 1}]},
                {"name": "ancients", "ships": [{"type": "ancient", "count": 1}]},
            ]
        },
    )
    assert r.status_code == 200, r.get_json()
    data = r.get_json()
    # FASE COMBATTIMENTO: the last two to enter fight first, the first to arrive last, NPCs after.
    assert data["sequence"] == ["blue", "green", "red", "ancients"]
    assert abs(sum(data["hold"].values()) - 1) < 1e-12
    assert "eclipse/riparare-danni" in data["rules"]


@pytest.mark.parametrize(
    ("lang", "factions", "says", "never"),
    [
        ("en", 2, "With two factions there is one battle", "more than two"),
        ("it", 2, "Con due fazioni c'è una sola battaglia", "più di due"),
        ("en", 3, "With more than two factions", "With two factions"),
    ],
)
def test_hex_explains_the_order_for_its_own_number_of_factions(client, lang, factions, says, never):
    one = [{"type": "interceptor", "count": 1}]
    body = {"factions": [{"name": name, "ships": one} for name in ("red", "green", "blue")[:factions]]}
    messages = [r["message"] for r in client.post(f"{HEX}?lang={lang}", json=body).get_json()["reasons"]]
    assert any(says in m for m in messages) and not any(never in m for m in messages)


@pytest.mark.parametrize(
    ("second", "code", "field"),
    [
        ({"name": "Red ", "entered": 1}, "duplicate_faction", "factions[1].name"),
        ({"name": "green", "entered": 0}, "same_entry", "factions[1].entered"),
    ],
)
def test_hex_refuses_factions_it_could_not_tell_apart_or_order(client, second, code, field):
    one = [{"type": "interceptor", "count": 1}]
    body = {"factions": [{"name": "red", "entered": 0, "ships": one}, {**second, "ships": one}]}
    r = client.post(f"{HEX}?lang=en", json=body)
    err = r.get_json()["error"]
    assert (r.status_code, err["code"], err["field"], err["rule"]) == (422, code, field, "eclipse/fase-combattimento")
    assert "red" in err["message"] and second["name"].strip() in err["message"]


def test_hex_npcs_share_an_entry_with_a_player(client):
    # NPCs never move in, so their entry value does not order anything.
    one = [{"type": "interceptor", "count": 1}]
    body = {
        "factions": [
            {"name": "red", "entered": 0, "ships": one},
            {"name": "ancients", "entered": 0, "ships": [{"type": "ancient", "count": 1}]},
        ]
    }
    assert client.post(HEX, json=body).status_code == 200


def test_hex_the_controller_shares_an_entry_with_a_player(client):
    # The controller defends last whatever its entry value: nothing is left to the list's order.
    one = [{"type": "interceptor", "count": 1}]
    body = {
        "factions": [
            {"name": "red", "entered": 0, "controller": True, "ships": one},
            {"name": "blue", "entered": 0, "ships": one},
        ]
    }
    answer = client.post(HEX, json=body)
    assert answer.status_code == 200 and answer.get_json()["sequence"][-1] == "red"


def test_hex_refuses_the_descendants_of_draco_beside_the_ancients(client):
    # They never battle the Ancients' ships; a hex holding both has no battle this tool could compute.
    one = [{"type": "cruiser", "count": 1}]
    body = {
        "factions": [
            {"name": "green", "species": "draco", "ships": one},
            {"name": "red", "ships": one},
            {"name": "ancients", "ships": [{"type": "ancient", "count": 1}]},
        ]
    }
    err = client.post(f"{HEX}?lang=it", json=body).get_json()["error"]
    assert (err["code"], err["field"], err["rule"]) == (
        "draco_never_fights_ancients",
        "factions[0].species",
        "eclipse/discendenti-di-draco",
    )
    assert "Discendenti di Draco" in err["message"]


def test_a_side_of_ancients_picked_with_draco_is_the_ancients(client):
    # The species picker still said Draco when the Ancients preset replaced the ships.
    body = {"attacker": {"ships": ONE}, "defender": {"species": "draco", "ships": [{"type": "ancient", "count": 1}]}}
    answer = client.post("/api/combat/eclipse", json=body)
    assert answer.status_code == 200 and "eclipse/discendenti-di-draco" not in answer.get_json()["rules"]
    plain = {"attacker": {"ships": ONE}, "defender": {"ships": [{"type": "ancient", "count": 1}]}}
    assert client.post("/api/combat/eclipse", json=plain).get_json() == answer.get_json()


def test_hex_refuses_two_controllers(client):
    r = client.post(
        HEX + "?lang=it",
        json={
            "factions": [
                {"name": "a", "controller": True, "ships": [{"type": "interceptor", "count": 1}]},
                {"name": "b", "controller": True, "ships": [{"type": "interceptor", "count": 1}]},
            ]
        },
    )
    assert r.status_code == 422
    err = r.get_json()["error"]
    assert (err["code"], err["rule"]) == ("one_controller", "eclipse/fase-combattimento")


def test_hex_error_names_the_faction_in_the_request_language(client):
    r = client.post(
        HEX + "?lang=it",
        json={
            "factions": [
                {"name": "a", "ships": [{"type": "interceptor", "count": 1}]},
                {"name": "b", "ships": [{"type": "ancient", "count": 1}, {"type": "cruiser", "count": 1}]},
            ]
        },
    )
    err = r.get_json()["error"]
    assert (r.status_code, err["code"], err["field"]) == (422, "npc_mixed_with_players", "factions[1].ships")
    assert err["rule"] == "eclipse/combattere-contro-gli-antichi-e-il-sdcg"


@pytest.mark.parametrize(
    "lang, title, colour",
    [
        ("en", "Eclipse: more than two factions in a hex", "Red"),
        ("it", "Eclipse: più di due fazioni in un esagono", "Rossa"),
    ],
)
def test_hex_page_in_both_languages(client, lang, title, colour):
    html = client.get(f"/tools/combat/eclipse/hex?lang={lang}").get_data(as_text=True)
    assert f"<h1>{title}</h1>" in html
    assert "eclipse_fleet.js" in html and "eclipse_hex.js" in html and "<script>" not in html
    assert f'"{colour}"' in html  # the default faction names reach the script in the page's language
    assert title in client.get(f"/tools?lang={lang}").get_data(as_text=True)
    # The two-sided page and the hex page point to each other.
    assert "/tools/combat/eclipse/hex" in client.get(f"/tools/combat/eclipse?lang={lang}").get_data(as_text=True)
    assert 'href="/tools/combat/eclipse"' in html


def test_cannon_out_of_range_names_its_path(client):
    r = client.post(
        URL,
        json=body([{"type": "cruiser", "count": 1, "cannons": {"plasma": 9}}], [{"type": "interceptor", "count": 1}]),
    )
    assert r.status_code == 400
    assert r.get_json()["error"]["field"] == "attacker.ships[0].cannons.plasma"


def test_a_species_fills_the_starting_blueprints(client):
    # Worked by hand in tests/engine/eclipse/test_species.py: the Orion interceptor (initiative 4,
    # shield 1) attacking a Terran one wins 6/11; its parts are the Orion board's.
    r = client.post(
        URL,
        json={
            "attacker": {"species": "orion", "ships": [{"type": "interceptor", "count": 1}]},
            "defender": {"ships": [{"type": "interceptor", "count": 1}]},
        },
    )
    assert r.status_code == 200, r.get_json()
    data = r.get_json()
    assert data["attacker_win"] == pytest.approx(6 / 11, abs=1e-12)
    ship = data["attacker"]["ships"][0]
    assert (ship["initiative"], ship["shield"], ship["energy_production"]) == (4, 1, 4)
    assert data["defender"]["ships"][0]["shield"] == 0
    # The answer cites the species page whose board the attacker flies (the Terrans' is the default).
    assert "eclipse/egemonia-di-origine" in data["rules"] and "eclipse/egemonia-di-origine" in data["citations"]
    assert "eclipse/fazioni-terran" not in data["rules"]


@pytest.mark.parametrize("lang,words", [("en", "slots"), ("it", "caselle")])
def test_a_blueprint_is_checked_on_its_species_board(client, lang, words):
    four = ["ion_cannon", "gauss_shield", "nuclear_source", "nuclear_drive"]
    r = client.post(
        f"{URL}?lang={lang}",
        json={
            "attacker": {"species": "planta", "ships": [{"type": "interceptor", "count": 1, "parts": four}]},
            "defender": {"ships": [{"type": "interceptor", "count": 1, "parts": four}]},
        },
    )
    assert r.status_code == RULE_REFUSAL
    error = r.get_json()["error"]
    assert (error["code"], error["field"]) == ("too_many_parts", "attacker.ships[0].parts")
    assert words in error["message"] and "3" in error["message"]


@pytest.mark.parametrize("lang,words", [("en", "only once"), ("it", "una volta sola")])
def test_a_discovery_part_twice_in_one_fleet_is_refused(client, lang, words):
    ships = [
        {"type": "interceptor", "count": 1, "parts": ["ion_cannon", "shard_hull", "nuclear_source", "nuclear_drive"]},
        {"type": "cruiser", "count": 1, "parts": ["ion_cannon", "shard_hull", "nuclear_source", "nuclear_drive"]},
    ]
    r = client.post(f"{URL}?lang={lang}", json=body(ships, [{"type": "ancient", "count": 1}]))
    assert r.status_code == RULE_REFUSAL
    error = r.get_json()["error"]
    assert (error["code"], error["field"]) == ("discovery_part_twice", "attacker.ships[1].parts[1]")
    assert words in error["message"] and error["rule"] == "eclipse/segnalini-scoperta"


def test_discovery_parts_in_a_battle(client):
    # Worked by hand in tests/engine/eclipse/test_battle.py: an ion turret interceptor wins 55/91.
    turret = {"type": "interceptor", "count": 1, "parts": ["ion_turret", "nuclear_source", "nuclear_drive"]}
    r = client.post(URL, json=body([turret], [{"type": "interceptor", "count": 1}]))
    assert r.status_code == 200, r.get_json()
    data = r.get_json()
    assert data["attacker_win"] == pytest.approx(55 / 91, abs=1e-12)
    assert data["attacker"]["ships"][0]["cannons"]["ion"] == 2


def test_an_unknown_species_is_a_400_naming_its_field(client):
    r = client.post(
        URL,
        json={
            "attacker": {"species": "vulcan", "ships": [{"type": "interceptor", "count": 1}]},
            "defender": {"ships": [{"type": "interceptor", "count": 1}]},
        },
    )
    assert r.status_code == 400
    assert r.get_json()["error"]["field"] == "attacker.species"


def test_a_hex_faction_flies_its_species(client):
    # Two lone interceptors: the Orion one (initiative 4) fires first wherever it stands.
    factions = [
        {"name": "red", "controller": True, "ships": [{"type": "interceptor", "count": 1}]},
        {"name": "pink", "species": "orion", "ships": [{"type": "interceptor", "count": 1}]},
    ]
    r = client.post(HEX, json={"factions": factions})
    assert r.status_code == 200, r.get_json()
    assert r.get_json()["hold"]["pink"] == pytest.approx(6 / 11, abs=1e-12)
    # As in a battle of two, the answer cites the Orion page (and no page for the Terran default).
    rules = r.get_json()["rules"]
    assert "eclipse/egemonia-di-origine" in rules and "eclipse/fazioni-terran" not in rules
    assert "eclipse/egemonia-di-origine" in r.get_json()["citations"]


@pytest.mark.parametrize(
    "lang,species,part", [("en", "Orion Hegemony", "Shard hull"), ("it", "Egemonia di Orione", "Scafo a Frammenti")]
)
def test_the_page_offers_species_and_discovery_parts(client, lang, species, part):
    html = client.get(f"/tools/combat/eclipse?lang={lang}").get_data(as_text=True)
    assert 'id="ec-attacker-species"' in html and species in html
    data = json.loads(re.search(r'<script type="application/json" id="ec-data">(.*?)</script>', html, re.S).group(1))
    boards = {s["id"]: s["boards"] for s in data["species"]}
    assert boards["planta"]["interceptor"]["slots"] == 3
    assert boards["orion"]["interceptor"]["parts"][-1] == "gauss_shield"
    assert any(p["name"].startswith(part) and p["discovery"] for p in data["parts"])


def test_words_for_the_ancients_and_a_planned_retreat_in_italian(client):
    gcds = {
        "attacker": {"ships": [{"type": "dreadnought", "count": 1}]},
        "defender": {"ships": [{"type": "gcds", "count": 2}]},
    }
    err = client.post("/api/combat/eclipse?lang=it", json=gcds).get_json()["error"]
    assert err["code"] == "npc_count_over_limit" and "al massimo 1 di queste in una battaglia" in err["message"]
    body = {
        "attacker": {"ships": [{"type": "interceptor", "count": 2}], "retreat": {"round": 1, "types": ["interceptor"]}},
        "defender": {"ships": [{"type": "ancient", "count": 1}]},
    }
    reasons = {
        r["code"]: r["message"] for r in client.post("/api/combat/eclipse?lang=it", json=body).get_json()["reasons"]
    }
    assert reasons["retreat_plan"].startswith("Ritirata prevista (attaccante) dal round 1")
    assert "lascia scegliere al giocatore che tira per loro" in reasons["npc_targeting"].replace("lasciano", "lascia")


def test_expected_reputation_never_passes_the_five_tiles(client):
    # Four unarmed starbases defending: every ending draws the most there is, and a float sum of them
    # landed a hair above 5 (5.000000000000004).
    body = {
        "attacker": {"ships": [{"type": "interceptor", "count": 1}]},
        "defender": {"ships": [{"type": "starbase", "count": 4, "parts": []}]},
    }
    answer = client.post("/api/combat/eclipse?lang=en", json=body).get_json()
    assert answer["attacker"]["reputation"] <= 5
