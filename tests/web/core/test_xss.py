"""Markup a user types never comes back as markup: search box, share links, API messages."""

from __future__ import annotations

import re

import pytest

PAYLOAD = '<script>alert("xss")</script><img src=x onerror=alert(1)>'
ESCAPED_FRAGMENT = "&lt;script&gt;"


def page_routes(app):
    for rule in app.url_map.iter_rules():
        if "GET" in rule.methods and not rule.rule.startswith(("/api/", "/static")) and not rule.arguments:
            yield rule.rule


def form_field_names(html: str) -> set[str]:
    return set(re.findall(r'name="([\w.\[\]-]+)"', html))


def test_every_page_escapes_markup_in_any_query_parameter(app, client):
    for path in [*page_routes(app), "/rules/ti4/23.7", "/scoring/eclipse", "/glossary/ti4", "/rules/eclipse"]:
        names = form_field_names(client.get(path).get_data(as_text=True)) | {"q", "s", "b", "sheet", "game", "hl"}
        query = {name: PAYLOAD for name in names}
        response = client.get(path, query_string=query)
        assert response.status_code < 500, path
        body = response.get_data(as_text=True)
        assert "<script>alert" not in body and "<img src=x" not in body, path


def test_search_echoes_the_query_escaped(client):
    html = client.get("/search", query_string={"q": PAYLOAD}).get_data(as_text=True)
    assert "<script>alert" not in html and ESCAPED_FRAGMENT in html
    response = client.get("/api/search", query_string={"q": "<b>ritirata</b>"})
    assert "<b>" not in response.get_data(as_text=True)  # written as \u003c in the JSON text
    data = response.get_json()
    assert data["query"] == "<b>ritirata</b>" and data["total"] > 0
    for result in data["results"]:
        assert re.sub(r"</?mark>", "", result["snippet"]).count("<") == 0


@pytest.mark.parametrize(
    "path", ["/api/retreat/eclipse", "/api/score/eclipse", "/api/combat/ti4", "/api/combat/eclipse"]
)
def test_api_messages_do_not_carry_markup_from_field_names_or_values(client, path):
    response = client.post(path, json={PAYLOAD: 1, "players": [{"name": PAYLOAD}], "attacker": PAYLOAD})
    assert response.status_code == 400
    error = response.get_json()["error"]
    # JSON is not HTML, but pages show these messages: they must go in as text (see the JS's
    # textContent); and the message never executes anything on its own.
    assert response.mimetype == "application/json"
    assert {"code", "message", "field"} <= set(error) <= {"code", "message", "field", "field_at"}
    if "field_at" in error:  # where the message writes the field (a number, never text)
        assert error["message"][error["field_at"] :].startswith(error["field"])


def test_section_ids_cannot_walk_the_file_system(client):
    for path in [
        "/rules/..%2F..%2Fapp.py",
        "/rules/ti4/../../app.py",
        "/api/sections/..%2Fapp.py",
        "/rules/%2e%2e/%2e%2e/etc/passwd",
        "/glossary/..%2F..%2Fapp",
    ]:
        response = client.get(path)
        assert response.status_code == 404, path
        assert "create_app" not in response.get_data(as_text=True)
