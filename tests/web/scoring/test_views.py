"""Score sheet pages: each renders in both languages, with its schema and no inline script."""

from __future__ import annotations

import json
import re

import pytest

GAMES = ["eclipse", "ti4", "galaxy", "rftg", "parsec"]


def schema(html):
    return json.loads(re.search(r'<script type="application/json" id="sheet-schema">(.*?)</script>', html, re.S).group(1))


@pytest.mark.parametrize("game", GAMES)
def test_sheet_page(client, game):
    html = client.get(f"/scoring/{game}?lang=en").get_data(as_text=True)
    s = schema(html)
    assert s["id"] == game and s["api"] == f"/api/score/{game}"
    assert 1 <= s["min_players"] <= s["max_players"] <= 6
    assert all(f["label"] and f["kind"] in {"int", "ints", "bool", "select", "checks", "player"} for f in s["rows"] + s["game_fields"])
    # no inline script: only JSON data blocks and the deferred files (shared helpers, offline reading, the sheet)
    for tag in re.findall(r"<script[^>]*>", html):
        assert 'type="application/json"' in tag or (
            re.search(r'src="/static/js/(common|offline|scoring)\.js"', tag) and "defer" in tag)
    assert " on" not in " ".join(re.findall(r"<[^>]+>", html)).replace(" one", "")  # no onclick= and friends


@pytest.mark.parametrize("game", GAMES)
def test_sheet_in_italian(client, game):
    html = client.get(f"/scoring/{game}?lang=it").get_data(as_text=True)
    assert "Foglio segnapunti" in html and "Aggiungi un giocatore" in html
    assert all(field["label"] for field in schema(html)["rows"])


def test_index_lists_the_five_sheets_and_tools_page_links_it(client):
    html = client.get("/scoring?lang=en").get_data(as_text=True)
    for game in GAMES:
        assert f'href="/scoring/{game}"' in html
    assert 'href="/scoring"' in client.get("/tools?lang=en").get_data(as_text=True)


def test_unknown_game_is_404(client):
    assert client.get("/scoring/monopoly").status_code == 404
