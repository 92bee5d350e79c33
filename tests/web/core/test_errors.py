"""Errors as users meet them: the JSON contract under /api/, pages elsewhere, headers kept."""

from __future__ import annotations


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
    # The contract's three keys, and the rule the refusal rests on with its link (two controllers).
    assert set(error) == {"code", "message", "field", "rule", "citations"}
    assert error["field"] == "factions" and set(error["citations"]) == {error["rule"]}
    assert error["citations"][error["rule"]]["url"].startswith("/rules/eclipse/")
