"""Request models' refusals: pydantic's (type, loc) as the API's 400, in the request's language."""

from __future__ import annotations

import pytest

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
        ({"defense": 16}, "out_of_range", "defense", "The field defense must be between 1 and 15."),
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
            "The field military[1] must be between -10 and 10.",
        ),
    ],
)
def test_each_kind_of_problem_has_its_code_field_and_sentence(client, body, code, field, english):
    error = refused(client, RFTG, body)
    assert (error["code"], error["field"], error["message"]) == (code, field, english)
    italian = refused(client, RFTG, body, lang="it")["message"]
    assert italian != english and field in italian


def test_a_float_written_whole_number_is_accepted(client):
    assert client.post(RFTG, json={"defense": 5.0, "military": [2.0, 3]}).status_code == 200


def test_choices_text_objects_and_lengths(client):
    error = refused(client, "/api/combat/parsec", {"attackers": [{"unit": "zeppelin"}], "defender": {"unit": "colony"}})
    assert error["code"] == "unknown_choice" and error["field"] == "attackers[0].unit"
    assert "fighter" in error["message"] and "cruiser" in error["message"]
    error = refused(client, "/api/combat/parsec", {"attackers": [3], "defender": {"unit": "colony"}})
    assert (error["code"], error["field"]) == ("not_an_object", "attackers[0]")
    error = refused(client, "/api/combat/parsec", {"attackers": [], "defender": {"unit": "colony"}})
    assert (error["code"], error["message"]) == ("too_few_items", "The field attackers needs at least 1 items.")
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
