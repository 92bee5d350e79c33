"""GET /api/sections and /api/sections/<id>."""

from __future__ import annotations


def test_list_has_every_section_with_game_and_title(client, db):
    data = client.get("/api/sections").get_json()
    assert data["count"] == len(db.sections) >= 300
    first = data["sections"][0]
    assert set(first) >= {"id", "game", "title", "url"} and set(first["title"]) == {"it", "en"}


def test_list_filters_by_game(client, db):
    data = client.get("/api/sections?game=ti4").get_json()
    assert data["count"] == len(db.by_game("ti4"))
    assert {s["game"] for s in data["sections"]} == {"ti4"}


def test_unknown_game_filter_is_a_400_in_the_request_language(client):
    response = client.get("/api/sections?game=chess&lang=it")
    assert response.status_code == 400
    error = response.get_json()["error"]
    assert error["code"] == "unknown_choice" and error["field"] == "game"
    assert error["message"] == "Il campo game deve essere uno tra: eclipse, galaxy, ti4, parsec, rftg."


def test_one_section_whole(client):
    data = client.get("/api/sections/ti4/23.7").get_json()
    assert data["id"] == "ti4/23.7" and data["game"] == "ti4" and data["number"] == "23.7"
    assert data["parent"] == "ti4/23" and data["url"] == "/rules/ti4/23.7"
    assert "ritirata" in data["body"]["it"].lower()
    assert set(data) >= {"title", "body", "children", "related"}


def test_every_listed_section_opens(client):
    for item in client.get("/api/sections").get_json()["sections"]:
        assert client.get(f"/api/sections/{item['id']}").status_code == 200, item["id"]


def test_unknown_id_is_a_json_404(client):
    response = client.get("/api/sections/ti4/nope?lang=en")
    assert response.status_code == 404
    assert response.get_json()["error"] == {
        "code": "unknown_section", "message": "No section has this id.", "field": "id"}


def test_unknown_api_path_is_json_too(client):
    response = client.get("/api/nothing-here")
    assert response.status_code == 404 and response.get_json()["error"]["code"] == "not_found"
