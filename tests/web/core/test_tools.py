"""The tools' shared helpers: the header's search link keeps to the game of the tool page it is on."""

from __future__ import annotations

import re

import pytest


def search_link(client, url: str) -> str:
    return re.search(r'<a href="(/search[^"]*)">', client.get(url).get_data(as_text=True)).group(1)


@pytest.mark.parametrize(
    ("url", "game"),
    [
        ("/tools/combat/ti4", "ti4"),
        ("/tools/combat/eclipse/hex", "eclipse"),
        ("/retreat/parsec", "parsec"),
        ("/scoring/galaxy", "galaxy"),
        ("/tools/conquest/rftg", "rftg"),
    ],
)
def test_a_search_started_on_a_games_tool_keeps_to_that_game(client, url, game):
    assert search_link(client, url) == f"/search?game={game}"


def test_pages_of_no_one_game_search_every_game(client):
    assert search_link(client, "/tools") == search_link(client, "/") == "/search"
