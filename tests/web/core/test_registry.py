"""The registry of games and tools: the one list that routes, pages and rule links derive from."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from rules_db.loader import GAMES as GAME_IDS
from tests.sources import ROOT, combat_files
from web.core.registry import GAMES, TOOLS, tool

# The engine sources each tool runs: every section id written there must be among its ``cites``.
ENGINES = {
    ("eclipse_combat.page", ""): combat_files("eclipse"),
    ("eclipse_combat.hex_page", ""): ["engine/eclipse/multi.py"],
    ("ti4_combat.page", ""): combat_files("ti4"),
    ("small_combat.galaxy_page", ""): ["engine/galaxy/combat.py"],
    ("small_combat.parsec_page", ""): ["engine/parsec/combat.py"],
    ("small_combat.rftg_page", ""): ["engine/rftg/conquest.py"],
    ("retreat.eclipse_page", ""): ["engine/eclipse/retreat.py"],
    ("retreat.ti4_page", ""): ["engine/ti4/retreat.py", "engine/ti4/capacity.py"],
    ("retreat.parsec_page", ""): ["engine/parsec/retreat.py"],
    **{("scoring.sheet", game): [f"engine/{game}/scoring.py"] for game in ("eclipse", "galaxy", "parsec", "rftg")},
    ("scoring.sheet", "ti4"): ["engine/ti4/scoring.py", "engine/ti4/claim.py"],
}
SECTION_ID = re.compile(rf"[\"']((?:{'|'.join(GAME_IDS)})/[a-z0-9][a-z0-9.\-]*)[\"']")


def written_ids(paths: list[str] | list[Path]) -> set[str]:
    files = [f for p in paths for f in ((ROOT / p).rglob("*.py") if (ROOT / p).is_dir() else [ROOT / p])]
    return {m for f in files for m in SECTION_ID.findall(f.read_text(encoding="utf-8"))}


@pytest.mark.parametrize("key", sorted(ENGINES), ids=lambda k: "-".join(filter(None, k)))
def test_each_tool_cites_every_rule_its_engine_names_and_nothing_else(key):
    endpoint, game = key
    registered = tool(endpoint, **({"game": game} if game else {}))
    assert set(registered.cites) == written_ids(ENGINES[key])


def test_every_cited_section_exists(db):
    assert [rule for t in TOOLS for rule in t.cites if db.get(rule) is None] == []


def test_one_list_of_games():
    assert tuple(GAMES) == GAME_IDS
    assert {t.args["game"] for t in TOOLS if t.endpoint == "scoring.sheet"} == set(GAME_IDS)


def test_every_tool_is_a_route_and_the_tools_page_lists_them_in_order(app, client):
    assert all(t.endpoint in app.view_functions for t in TOOLS)
    html = client.get("/tools?lang=en").get_data(as_text=True)
    with app.test_request_context("/?lang=en"):
        titles = [str(t.title) for t in TOOLS if t.title]
    positions = [html.find(title.replace("'", "&#39;")) for title in titles]
    assert -1 not in positions and positions == sorted(positions)


def test_a_rule_page_links_back_to_the_tools_that_cite_it(client):
    html = client.get("/rules/ti4/23.7?lang=en").get_data(as_text=True)
    assert 'href="/tools/combat/ti4"' in html and 'href="/retreat/ti4"' in html
