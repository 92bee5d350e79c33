"""The glossary pages: the same Italian/English pairs the search uses, per game, in both orders."""

from __future__ import annotations

import pytest
from markupsafe import escape

from rules_db.loader import GAMES


def test_at_least_150_pairs_across_the_five_games(app):
    glossary = app.extensions["search"].glossary
    counts = {game: len(glossary.for_game(game)) for game in GAMES}
    assert all(counts.values()) and sum(counts.values()) >= 150, counts


@pytest.mark.parametrize("game", GAMES)
def test_each_game_page_lists_its_pairs(client, app, game):
    html = client.get(f"/glossary/{game}?lang=it").get_data(as_text=True)
    for pair in app.extensions["search"].glossary.for_game(game)[:20]:
        assert str(escape(pair.en)) in html


def test_official_english_terms_are_there(client):
    ti4 = client.get("/glossary/ti4?lang=en").get_data(as_text=True)
    assert "Sustain Damage" in ti4 and "Anti-Fighter Barrage" in ti4
    assert "Spoils of War" in client.get("/glossary/galaxy").get_data(as_text=True)


def test_english_page_sorts_by_the_english_term_and_links_to_search(client):
    html = client.get("/glossary/ti4?lang=en").get_data(as_text=True)
    assert html.index('<th scope="col" lang="en">') < html.index('<th scope="col" lang="it">')
    assert "/search?q=" in html


def test_index_and_unknown_game(client):
    assert "Twilight Imperium" in client.get("/glossary").get_data(as_text=True)
    assert client.get("/glossary/chess").status_code == 404
