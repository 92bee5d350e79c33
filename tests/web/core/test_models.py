"""Request models' refusals: pydantic's (type, loc) as the API's 400, in the request's language."""

from __future__ import annotations

import pytest

from rules_db.loader import load
from web.core.models import SCHEMA_CODES, field_path, whole_numbers

RFTG = "/api/conquest/rftg"


def refused(client, url, body=None, raw=None, lang="en"):
    if raw is not None:
        response = client.post(f"{url}?lang={lang}", data=raw, content_type="application/json")
    else:
        response = client.post(f"{url}?lang={lang}", json=body)
    assert response.status_code == 400, response.get_data(as_text=True)[:300]
    error = response.get_json()["error"]
    assert error["code"] in SCHEMA_CODES
    return error


def test_field_paths_are_written_as_the_request_spells_them():
    assert field_path(("attacker", "ships", 2, "count")) == "attacker.ships[2].count"
    assert field_path((3,)) == "[3]"
    assert field_path(()) == ""


def test_whole_numbers_take_json_integers_written_as_floats():
    assert whole_numbers({"a": [3.0, 2.5, True, "4"]}) == {"a": [3, 2.5, True, "4"]}
    assert type(whole_numbers(3.0)) is int


@pytest.mark.parametrize(
    "body, code, field, english",
    [
        ({}, "missing_field", "defense", "The field defense is required."),
        ({"defense": 5, "fog": 1}, "unknown_field", "fog", "The field fog is not recognised."),
        ({"defense": "5"}, "not_an_integer", "defense", "The field defense must be a whole number."),
        ({"defense": True}, "not_an_integer", "defense", "The field defense must be a whole number."),
        ({"defense": 5.5}, "not_an_integer", "defense", "The field defense must be a whole number."),
        ({"defense": 16}, "out_of_range", "defense", "The world's defense must be between 1 and 15 (got 16)."),
        (
            {"defense": 5, "discard_power": 1},
            "not_a_boolean",
            "discard_power",
            "The field discard_power must be true or false.",
        ),
        ({"defense": 5, "military": 3}, "not_a_list", "military", "The field military must be a list."),
        (
            {"defense": 5, "military": [1] * 21},
            "too_many_items",
            "military",
            "The field military may hold at most 20 items.",
        ),
        (
            {"defense": 5, "military": [0, 11]},
            "out_of_range",
            "military[1]",
            "A card's military value must be between -10 and 10 (got 11).",
        ),
    ],
)
def test_each_kind_of_problem_has_its_code_field_and_sentence(client, body, code, field, english):
    error = refused(client, RFTG, body)
    assert (error["code"], error["field"], error["message"]) == (code, field, english)
    italian = refused(client, RFTG, body, lang="it")["message"]
    assert italian != english and (field in italian or not english.startswith("The field"))


def test_a_float_written_whole_number_is_accepted(client):
    assert client.post(RFTG, json={"defense": 5.0, "military": [2.0, 3]}).status_code == 200


def test_choices_text_objects_and_lengths(client):
    error = refused(client, "/api/combat/parsec", {"attackers": [{"unit": "zeppelin"}], "defender": {"unit": "colony"}})
    assert error["code"] == "unknown_choice" and error["field"] == "attackers[0].unit"
    assert "fighter" in error["message"] and "cruiser" in error["message"]
    error = refused(client, "/api/combat/parsec", {"attackers": [3], "defender": {"unit": "colony"}})
    assert (error["code"], error["field"]) == ("not_an_object", "attackers[0]")
    error = refused(client, "/api/combat/parsec", {"attackers": [], "defender": {"unit": "colony"}})
    assert (error["code"], error["message"]) == ("too_few_items", "The field attackers needs at least 1 item.")
    error = refused(client, "/api/score/ti4", {"players": [{"name": ""}, {"name": "B"}, {"name": "C"}]})
    assert (error["code"], error["field"]) == ("empty_text", "players[0].name")
    error = refused(client, "/api/score/ti4", {"players": [{"name": "x" * 41}, {"name": "B"}, {"name": "C"}]})
    assert (error["code"], error["field"]) == ("too_long", "players[0].name")
    error = refused(client, "/api/score/ti4", {"players": [{"name": 4}, {"name": "B"}, {"name": "C"}]})
    assert (error["code"], error["field"]) == ("not_a_string", "players[0].name")


def test_a_key_outside_its_enum_is_an_unknown_field(client):
    error = refused(client, "/api/combat/galaxy/opportunities", {"world": "cylor", "value": 6, "row": {"vulcan": 3}})
    assert (error["code"], error["field"]) == ("unknown_field", "row.vulcan")


@pytest.mark.parametrize(
    "raw",
    [
        "",
        "{",
        "[]",
        "null",
        '"x"',
        '{"defense": NaN}',
        '{"defense": 1e999}',
        "[" * 5000 + "]" * 5000,
        '{"a":' * 200 + "1" + "}" * 200,
    ],
)
def test_bodies_that_are_not_a_plain_json_object_are_refused_cleanly(client, raw):
    error = refused(client, RFTG, raw=raw)
    assert error["code"] in {"invalid_json", "not_an_integer", "unknown_field", "missing_field"}


def test_query_models_refuse_like_bodies(client):
    for query, field in (
        ("page=", "page"),
        ("page=0", "page"),
        ("limit=x", "limit"),
        ("game=chess", "game"),
        ("q=" + "x" * 301, "q"),
    ):
        response = client.get(f"/api/search?{query}&lang=en")
        assert response.status_code == 400, query
        assert response.get_json()["error"]["field"] == field


def test_an_unknown_language_is_refused_by_the_api_and_ignored_by_pages(client):
    response = client.get("/api/sections?lang=AAA")
    assert response.status_code == 400
    assert response.get_json()["error"]["field"] == "lang"
    assert client.get("/tools?lang=AAA").status_code == 200


def test_a_bound_without_the_games_words_says_the_field_and_its_limits(client):
    body = {"players": [{"name": "A", "vp": 99}, {"name": "B"}, {"name": "C"}]}
    error = refused(client, "/api/score/ti4", body)
    assert (error["code"], error["field"]) == ("out_of_range", "players[0].vp")
    assert error["message"] == "The field players[0].vp must be between 0 and 14."


def test_a_bound_the_game_sets_is_refused_in_the_games_words(client):
    error = refused(client, "/api/combat/galaxy", {"attacker": 3, "defender": 5})
    assert (error["code"], error["field"]) == ("out_of_range", "attacker")
    assert error["message"] == ("Only a Fleet Ship can attack: the attacking value must be between 6 and 10 (got 3).")
    italian = refused(client, "/api/combat/galaxy", {"attacker": 3, "defender": 5}, lang="it")["message"]
    assert "Flotta" in italian and "3" in italian


def test_the_games_words_name_the_unit_and_cite_the_rule(client):
    battle = {"attacker": {"units": {"dreadnought": 9}}, "defender": {"units": {"cruiser": 1}}}
    assert refused(client, "/api/combat/ti4", battle)["message"].startswith("Dreadnought: at most 5 per side")
    assert refused(client, "/api/combat/ti4", battle, lang="it")["message"].startswith("Corazzata: al massimo 5")
    ships = {"ships": [{"type": "interceptor", "count": 1, "hull": 99}]}
    error = refused(
        client, "/api/combat/eclipse", {"attacker": ships, "defender": {"ships": [{"type": "ancient", "count": 1}]}}
    )
    assert error["message"] == "attacker.ships[0].hull must be between 0 and 16."
    assert error["rule"] == "eclipse/danni" and error["citations"]["eclipse/danni"]["url"].endswith("/eclipse/danni")


def _cited_bounds(node, found):
    if isinstance(node, dict):
        if "x-refusal" in node:
            found.append((node["x-refusal"], node.get("x-rule")))
        for value in node.values():
            _cited_bounds(value, found)
    elif isinstance(node, list):
        for value in node:
            _cited_bounds(value, found)
    return found


def test_every_cited_bound_has_its_message_and_an_existing_rule(app):
    from web.core.openapi import BODIES

    sections = set(load().sections)
    checked = 0
    for model in set(BODIES.values()):
        for code, rule in _cited_bounds(model.model_json_schema(), []):
            assert code in model.refusals, (model.__name__, code)
            assert rule is None or rule in sections, (model.__name__, rule)
            checked += 1
    assert checked >= 15


def test_openapi_shows_the_rule_beside_the_bound(client):
    spec = client.get("/api/openapi.json").get_json()
    cited = _cited_bounds(spec, [])
    assert ("attacker_not_a_fleet", "galaxy/fleet-ship-6-10") in cited


@pytest.mark.parametrize(
    "lang, path, body, message",
    [
        ("it", "/api/combat/parsec", {"attackers": [], "defender": {"unit": "colony"}}, "almeno 1 elemento."),
        ("en", "/api/score/eclipse", {"players": [{"name": "A"}]}, "needs at least 2 items."),
        ("it", "/api/score/eclipse", {"players": [{"name": "A"}]}, "almeno 2 elementi."),
        (
            "en",
            "/api/combat/parsec",
            {"attackers": [{"unit": "fighter"}] * 25, "defender": {"unit": "colony"}},
            "at most 24 items.",
        ),
    ],
)
def test_a_count_in_a_refusal_agrees_with_its_noun(client, lang, path, body, message):
    # "needs at least 1 items" / "almeno 1 elementi": the count chooses the catalogue's plural form.
    answer = client.post(f"{path}?lang={lang}", json=body)
    assert answer.status_code == 400 and answer.get_json()["error"]["message"].endswith(message)
