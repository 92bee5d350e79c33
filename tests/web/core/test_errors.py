"""Errors as users meet them: the JSON contract under /api/, pages elsewhere, headers kept."""

from __future__ import annotations

import pytest


def test_405_keeps_its_allow_header(client):
    response = client.get("/api/combat/ti4")
    assert response.status_code == 405
    assert set(response.headers["Allow"].split(", ")) >= {"POST"}
    assert response.get_json()["error"]["code"] == "method_not_allowed"
    page = client.post("/tools")
    assert page.status_code == 405 and "GET" in page.headers["Allow"]


def test_a_rule_refusal_is_a_422_with_the_contract_shape(client):
    body = {
        "factions": [
            {"name": "a", "controller": True, "ships": [{"type": "interceptor", "count": 1}]},
            {"name": "b", "controller": True, "ships": [{"type": "interceptor", "count": 1}]},
        ]
    }
    response = client.post("/api/combat/eclipse/hex?lang=en", json=body)
    assert response.status_code == 422
    error = response.get_json()["error"]
    # The contract's three keys, the rule the refusal rests on with its link (two controllers),
    # and where the message writes the field ("factions: only one faction…").
    assert set(error) == {"code", "message", "field", "rule", "citations", "field_at"}
    assert error["field"] == "factions" and set(error["citations"]) == {error["rule"]}
    assert error["field_at"] == 0 and error["message"].startswith("factions: ")
    assert error["citations"][error["rule"]]["url"].startswith("/rules/eclipse/")


@pytest.mark.parametrize(
    ("path", "body", "field", "field_at"),
    [
        # RftG's own words say "defense" without naming the field: no place to put its label.
        ("/api/conquest/rftg", {"defense": 0}, "defense", None),
        # The API's frame names it: "The field defense must be a whole number."
        ("/api/conquest/rftg", {"defense": "x"}, "defense", len("The field ")),
        # A later word equal to the path does not count: "factions: at most 4 player factions…".
        (
            "/api/combat/eclipse/hex",
            {"factions": [{"name": n, "ships": [{"type": "interceptor", "count": 1}]} for n in "abcde"]},
            "factions",
            0,
        ),
    ],
)
def test_an_error_says_where_its_message_writes_the_field(client, path, body, field, field_at):
    error = client.post(path + "?lang=en", json=body).get_json()["error"]
    assert error["field"] == field and error.get("field_at") == field_at


@pytest.mark.parametrize(
    ("lang", "key", "frame"), [("en", "e", "The field "), ("it", "a", "Il campo "), ("en", "field", "The field ")]
)
def test_a_path_hidden_in_the_frame_is_found_where_the_frame_writes_it(client, lang, key, frame):
    # "e" is in "The", "a" in "campo": the first place the path appears is not where it is written.
    error = client.post(f"/api/conquest/rftg?lang={lang}", json={"defense": 3, key: 1}).get_json()["error"]
    assert (error["code"], error["field"], error["field_at"]) == ("unknown_field", key, len(frame))


def test_a_client_text_like_the_mark_gives_no_place_rather_than_a_wrong_one(client):
    body = {
        "player": "blue",
        "candidates": [{"hex": "\u0000", "influence": "blue"}, {"hex": "\u0000", "influence": "blue"}],
    }
    error = client.post("/api/retreat/eclipse?lang=en", json=body).get_json()["error"]
    assert error["field"] == "candidates[1].hex" and error.get("field_at") in (
        None,
        error["message"].index("candidates[1]"),
    )
