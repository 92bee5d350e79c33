"""Score sheets: each page renders in both languages with its schema and no inline script;
POST /api/score/<game> and /api/score/ti4/claim: shapes, winners, and 400s in the reader's language."""

from __future__ import annotations

import json
import re

import pytest

from web.core.models import SCHEMA_CODES


GAMES = ["eclipse", "ti4", "galaxy", "rftg", "parsec"]


def schema(html):
    return json.loads(
        re.search(r'<script type="application/json" id="sheet-schema">(.*?)</script>', html, re.S).group(1)
    )


@pytest.mark.parametrize("game", GAMES)
def test_sheet_page(client, game):
    html = client.get(f"/scoring/{game}?lang=en").get_data(as_text=True)
    s = schema(html)
    assert s["id"] == game and s["api"] == f"/api/score/{game}"
    assert 1 <= s["min_players"] <= s["max_players"] <= 6
    assert all(
        f["label"] and f["kind"] in {"int", "ints", "bool", "select", "checks", "player"}
        for f in s["rows"] + s["game_fields"]
    )
    # no inline script: only JSON data blocks and the deferred files (shared helpers, offline reading, the sheet)
    for tag in re.findall(r"<script[^>]*>", html):
        assert 'type="application/json"' in tag or (
            re.search(r'src="/static/js/(common|offline|scoring)\.js"', tag) and "defer" in tag
        )
    assert " on" not in " ".join(re.findall(r"<[^>]+>", html)).replace(" one", "")  # no onclick= and friends


@pytest.mark.parametrize("game", GAMES)
def test_sheet_in_italian(client, game):
    html = client.get(f"/scoring/{game}?lang=it").get_data(as_text=True)
    assert "Foglio segnapunti" in html and "Aggiungi un giocatore" in html
    assert all(field["label"] for field in schema(html)["rows"])


@pytest.mark.parametrize(
    "game, lang, says",
    [
        ("ti4", "en", "clockwise, the speaker first"),
        ("ti4", "it", "in senso orario, a partire dal portavoce"),
        ("galaxy", "en", "seating order, clockwise"),
        ("galaxy", "it", "ordine dei posti, in senso orario"),
    ],
)
def test_sheets_whose_tie_break_follows_the_seating_ask_for_it(client, game, lang, says):
    # TI4 61.7 counts from the speaker and Galaxy back from who played last, through the columns.
    html = client.get(f"/scoring/{game}?lang={lang}").get_data(as_text=True)
    assert says in html.split('id="seating">', 1)[1].split("</p>", 1)[0]


@pytest.mark.parametrize("game", ["eclipse", "rftg", "parsec"])
def test_sheets_whose_tie_break_ignores_the_seating_do_not_ask(client, game):
    assert 'id="seating"' not in client.get(f"/scoring/{game}?lang=en").get_data(as_text=True)


def test_index_lists_the_five_sheets_and_tools_page_links_it(client):
    html = client.get("/scoring?lang=en").get_data(as_text=True)
    for game in GAMES:
        assert f'href="/scoring/{game}"' in html
    assert 'href="/scoring"' in client.get("/tools?lang=en").get_data(as_text=True)


def test_unknown_game_is_404(client):
    assert client.get("/scoring/monopoly").status_code == 404


# --- JSON API ----------------------------------------------------------------------------------


ECLIPSE = {
    "ancient_ships_on_board": 2,
    "players": [
        {
            "name": "Anna",
            "species": "draco",
            "reputation": [3, 2],
            "ambassadors": 1,
            "hexes": [2, 3],
            "discoveries": 1,
            "monoliths": 1,
            "tech": {"military": 5, "grid": 4, "nano": 0},
            "traitor": False,
            "resources": {"money": 4, "science": 1, "materials": 2},
        },
        {"name": "Bruno", "hexes": [4, 4, 3], "traitor": True, "tech": {"nano": 7}},
        {"name": "Carla", "ambassadors": 1},  # Anna's ambassador is Carla's, and Carla's Anna's
        {"name": "Dario"},
    ],
}


def post(client, path, body, lang="en"):
    return client.post(f"{path}?lang={lang}", json=body)


def test_eclipse_answer_shape_and_numbers(client):
    r = post(client, "/api/score/eclipse", ECLIPSE)
    assert r.status_code == 200
    data = r.get_json()
    assert set(data) >= {"players", "winner", "rules", "tie_break", "co_winners", "verdicts", "game_over"}
    anna = data["players"][0]
    # 5 reputation + 1 ambassador + 5 hexes + 2 discovery + 3 monolith + 2 (5 military) + 1 (4 grid)
    # + 2 Ancients left (Descendants) = 21.
    assert anna["name"] == "Anna" and anna["total"] == 21
    assert sum(line["points"] for line in anna["breakdown"]) == 21
    line = anna["breakdown"][0]
    assert set(line) == {"code", "points", "message", "rule", "rule_label", "params"}
    # Bruno: 11 hexes + 5 (seven nano tiles) - 2 traitor = 14.
    assert data["players"][1]["total"] == 14
    assert data["winner"] == "Anna"
    assert "eclipse/discendenti-di-draco" in data["rules"]


def test_ti4_track_and_game_over(client):
    body = {
        "target": 10,
        "players": [
            {"name": "A", "vp": 10, "initiative": 6},
            {"name": "B", "vp": 10, "initiative": 2},
            {"name": "C", "vp": 3, "initiative": 4},
        ],
    }
    data = post(client, "/api/score/ti4", body).get_json()
    assert data["game_over"] is True and data["winner"] == "B"
    assert data["tie_break"]["rule"] == "ti4/61.7"
    body["players"][1]["vp"] = 9
    body["players"][0]["vp"] = 8
    data = post(client, "/api/score/ti4", body).get_json()
    assert data["game_over"] is False and data["winner"] is None
    assert [p["total"] for p in data["players"]] == [8, 9, 3]


def test_ti4_without_initiative(client):
    body = {"players": [{"name": "S", "vp": 2}, {"name": "B", "vp": 10, "initiative": None}, {"name": "C", "vp": 10}]}
    data = post(client, "/api/score/ti4", body).get_json()
    assert data["winner"] == "B" and data["tie_break"]["code"] == "ti4_speaker_order"


def test_ti4_eliminated_speaker_in_italian(client):
    body = {
        "players": [
            {"name": "Anna", "vp": 6, "eliminated": True},
            {"name": "Bruno", "vp": 10},
            {"name": "Carla", "vp": 10},
        ]
    }
    data = post(client, "/api/score/ti4", body, "it").get_json()
    assert data["winner"] == "Bruno"
    notes = {v["code"]: v for v in data["verdicts"]}
    assert notes["ti4_eliminated"]["message"].startswith("Anna è eliminato")
    assert notes["ti4_speaker_eliminated"]["message"].endswith("alla sua sinistra, Bruno")
    assert notes["ti4_speaker_eliminated"]["rule"] == "ti4/32.8"
    body["players"][0]["initiative"] = 3
    error = post(client, "/api/score/ti4", body, "it").get_json()["error"]
    assert (error["code"], error["field"]) == ("eliminated_holds_card", "players[0].initiative")
    assert "tornano nell'area di gioco comune" in error["message"]


@pytest.mark.parametrize(
    "body, allowed, codes",
    [
        ({"phase": "status", "objective_type": "public"}, True, []),
        (
            {"phase": "status", "objective_type": "public", "claimed_this_phase": {"public": 1}},
            False,
            ["claim_status_public_limit"],
        ),
        (
            {"phase": "status", "objective_type": "public", "controls_home_planets": False},
            False,
            ["claim_home_planets"],
        ),
        ({"phase": "action", "objective_type": "imperial"}, False, ["claim_imperial_needs_mecatol"]),
        ({"phase": "action", "objective_type": "imperial", "controls_mecatol_rex": True}, True, []),
        (
            {"phase": "action", "objective_type": "secret", "in_combat": True, "claimed_this_combat": 1},
            False,
            ["claim_combat_limit"],
        ),
    ],
)
def test_claim_checker(client, body, allowed, codes):
    data = post(client, "/api/score/ti4/claim", body).get_json()
    assert data["allowed"] is allowed
    assert [r["code"] for r in data["reasons"]] == codes
    assert all(set(r) >= {"code", "message", "rule"} and r["message"] for r in data["reasons"])
    assert data["rules"]


def test_claim_reason_in_italian(client):
    data = post(client, "/api/score/ti4/claim", {"phase": "action", "objective_type": "imperial"}, lang="it").get_json()
    assert "Mecatol Rex" in data["reasons"][0]["message"] and "richiede" in data["reasons"][0]["message"]


GALAXY = {
    "players": ["Verde", "Rosso", "Blu"],
    "surviving_worlds": ["myrmidon", "imperial", "cylor"],
    "bases": [
        {"player": "Verde", "world": "myrmidon", "influence": 5},
        {"player": "Rosso", "world": "imperial", "influence": 3},
    ],
    "secret_bases": [{"player": "Rosso", "world": "cylor"}, {"player": "Blu", "world": "ecup_contract"}],
    "hands": {"Verde": [{"world": "cylor", "value": 4}], "Rosso": [{"world": "ally", "value": 9}]},
    "last_player": "Blu",
}


def test_galaxy(client):
    data = post(client, "/api/score/galaxy", GALAXY).get_json()
    assert [p["total"] for p in data["players"]] == [5, 8, 0]
    assert data["winner"] == "Rosso"
    assert data["players"][2]["breakdown"][0]["code"] == "galaxy_secret_base_lost"


@pytest.mark.parametrize(
    ("lang", "hexes", "expected"),
    [
        ("en", 1, "1 controlled hex cannot hold more"),
        ("en", 2, "2 controlled hexes cannot hold more"),
        ("it", 1, "1 esagono controllato non può ospitarne di più"),
        ("it", 2, "2 esagoni controllati non possono ospitarne di più"),
    ],
)
def test_the_monolith_refusal_counts_hexes_in_words(client, lang, hexes, expected):
    body = {"players": [{"name": "A", "hexes": [1] * hexes, "monoliths": hexes + 1}, {"name": "B"}]}
    assert expected in post(client, "/api/score/eclipse", body, lang).get_json()["error"]["message"]


def test_a_galaxy_tie_asks_who_played_last(client):
    """Galaxy has no shared victory (3-come-vincere): a tie the hands leave asks for the one
    rung that is missing, in the reader's language, naming the field."""
    body = {
        "players": ["A", "B"],
        "surviving_worlds": ["myrmidon", "imperial", "cylor"],
        "bases": [
            {"player": "A", "world": "myrmidon", "influence": 4},
            {"player": "B", "world": "cylor", "influence": 4},
        ],
    }
    answer = client.post("/api/score/galaxy?lang=it", json=body)
    error = answer.get_json()["error"]
    assert answer.status_code == 422 and (error["code"], error["field"]) == ("last_player_needed", "last_player")
    assert error["message"].startswith("A, B sono ancora pari") and error["rule"] == "galaxy/3-come-vincere"
    assert post(client, "/api/score/galaxy", body | {"last_player": "B"}).get_json()["winner"] == "B"
    # Decided by who played last, after the hands left both tied: both rungs are said.
    decided = post(client, "/api/score/galaxy", body | {"last_player": "B"}, "it").get_json()
    assert decided["tie_break"]["code"] == "galaxy_played_last"
    assert [(r["code"], r["params"]["values"]) for r in decided["narrowed_by"]] == [
        ("galaxy_hand_value", {"A": 0, "B": 0})
    ]
    assert decided["narrowed_by"][0]["message"].startswith("Valore della mano")


def test_rftg_and_solitaire(client):
    body = {
        "players": [
            {
                "name": "A",
                "vp_chips": 10,
                "card_vp": 12,
                "first_goals": ["galactic_status"],
                "six_dev_bonus": {"galactic_genome_project": {"gene_worlds": 2, "genetic_labs": True}, "other": 2},
            },
            {"name": "B", "vp_chips": 12, "card_vp": 15},
        ],
        "most_goals": [{"goal": "greatest_infrastructure", "values": {"A": 4, "B": 5}}],
    }
    data = post(client, "/api/score/rftg", body).get_json()
    # A: 10 + 12 + (2*2 + 3) + 2 + 3 = 34; B: 12 + 15 + 5 = 32.
    assert [p["total"] for p in data["players"]] == [34, 32] and data["winner"] == "A"
    solo = {"players": [{"name": "A", "card_vp": 20}], "robot": {"vp_chips": 5, "six_dev_chips": 2, "chip_value": 9}}
    data = post(client, "/api/score/rftg", solo).get_json()
    assert data["players"][1]["total"] == 23 and data["winner"] == "Robot"


def test_parsec(client):
    body = {
        "players": [
            {"name": "A", "resources": {"titanium": 1}, "events": {"red": 2}, "units": {"colony": 3}},
            {"name": "B", "modules_dominated": 3},
        ]
    }
    data = post(client, "/api/score/parsec", body).get_json()
    assert data["players"][0]["total"] == 1 + 6 + 12
    assert data["winner"] == "B" and data["verdicts"][0]["code"] == "parsec_military_victory"
    lines = post(client, "/api/score/parsec", body, "it").get_json()["players"][0]["breakdown"]
    assert "Carte Evento Rosse: 2 × 3" in [line["message"] for line in lines]  # the colour agrees with "Carte"


@pytest.mark.parametrize(
    "path, body, code, field",
    [
        (
            "/api/score/eclipse",
            {"players": [{"name": "A", "discoveries": -1}, {"name": "B"}]},
            "out_of_range",
            "players[0].discoveries",
        ),
        (
            "/api/score/eclipse",
            {"players": [{"name": "A", "species": "klingon"}, {"name": "B"}]},
            "unknown_choice",
            "players[0].species",
        ),
        ("/api/score/eclipse", {"players": [{"name": "Anna"}, {"name": "anna"}]}, "duplicate_name", "players[1].name"),
        ("/api/score/eclipse", {"players": [{"name": "A"}]}, "too_few_items", "players"),
        (
            "/api/score/eclipse",
            {"players": [{"name": "A", "hexes": [2, "x"]}, {"name": "B"}]},
            "not_an_integer",
            "players[0].hexes[1]",
        ),
        (
            "/api/score/eclipse",
            {"players": [{"name": "A", "colour": "red"}, {"name": "B"}]},
            "unknown_field",
            "players[0].colour",
        ),
        (
            "/api/score/galaxy",
            {**GALAXY, "bases": [{"player": "Verde", "world": "vulcan", "influence": 3}]},
            "unknown_choice",
            "bases[0].world",
        ),
        (
            "/api/score/galaxy",
            {**GALAXY, "bases": [{"player": "Verde", "world": "felowi", "influence": 3}]},
            "base_on_surrendered_world",
            "bases[0].world",
        ),
        ("/api/score/galaxy", {**GALAXY, "players": ["Verde", "Verde"]}, "duplicate_name", "players[1]"),
        (
            "/api/score/ti4",
            {"players": [{"name": "A", "vp": 15}, {"name": "B", "vp": 0}, {"name": "C", "vp": 0}]},
            "out_of_range",
            "players[0].vp",
        ),
        ("/api/score/ti4/claim", {"phase": "combat", "objective_type": "public"}, "unknown_choice", "phase"),
        (
            "/api/score/rftg",
            {"players": [{"name": "A", "first_goals": ["nope"]}, {"name": "B"}]},
            "unknown_choice",
            "players[0].first_goals[0]",
        ),
        (
            "/api/score/parsec",
            {"players": [{"name": "A", "units": {"colony": -2}}, {"name": "B"}]},
            "out_of_range",
            "players[0].units.colony",
        ),
    ],
)
@pytest.mark.parametrize("lang", ["en", "it"])
def test_invalid_sheets_are_refused_naming_the_field(client, path, body, code, field, lang):
    r = post(client, path, body, lang=lang)
    # 400: the request does not match its schema; 422: well formed, but the rules refuse it.
    assert r.status_code == (400 if code in SCHEMA_CODES else 422)
    error = r.get_json()["error"]
    assert (error["code"], error["field"]) == (code, field)
    assert field in error["message"]


def test_error_language_follows_the_request(client):
    body = {"players": [{"name": "Anna"}, {"name": "Anna"}]}
    assert "Two players" in post(client, "/api/score/eclipse", body, "en").get_json()["error"]["message"]
    assert "Due giocatori" in post(client, "/api/score/eclipse", body, "it").get_json()["error"]["message"]
    surrendered = {**GALAXY, "bases": [{"player": "Verde", "world": "khafarjimmn", "influence": 3}]}
    assert (
        "Kha'Farjimmn si è arreso"
        in post(client, "/api/score/galaxy", surrendered, "it").get_json()["error"]["message"]
    )


@pytest.mark.parametrize("game", ["eclipse", "ti4", "galaxy", "rftg", "parsec", "ti4/claim"])
@pytest.mark.parametrize("body", [None, [], "x", {"players": "x"}, {"players": [1, 2]}, {"players": [{}, {}]}])
def test_junk_never_gives_a_500(client, game, body):
    r = (
        client.post(f"/api/score/{game}", json=body)
        if body is not None
        else client.post(f"/api/score/{game}", data="{")
    )
    assert r.status_code == 400
    assert r.get_json()["error"]["code"]


def test_cited_rules_open(client):
    data = post(client, "/api/score/eclipse", ECLIPSE).get_json()
    for rule in data["rules"]:
        assert client.get(f"/rules/{rule}").status_code == 200
        assert data["citations"][rule]["label"] != rule


@pytest.mark.parametrize(
    ("species", "hexes", "lang", "says"),
    [
        ("terran", 17, "en", "Each controlled hex holds one of the player's 16 influence discs"),
        ("eridani", 15, "it", "Ogni esagono controllato ospita uno dei 14 Gettoni Influenza"),
    ],
)
def test_eclipse_more_hexes_than_influence_discs_is_refused_with_its_rule(client, species, hexes, lang, says):
    body = {"players": [{"name": "A", "species": species, "hexes": [1] * hexes}, {"name": "B"}]}
    answer = post(client, "/api/score/eclipse", body, lang)
    error = answer.get_json()["error"]
    assert answer.status_code == 422 and (error["code"], error["field"]) == ("hexes_exceed_discs", "players[0].hexes")
    assert error["message"].startswith(says)


def test_eclipse_hexes_beyond_the_board_are_refused_for_the_player_count(client):
    body = {"players": [{"name": "A", "hexes": [1] * 16}, {"name": "B", "hexes": [1] * 9}]}
    error = post(client, "/api/score/eclipse", body, "it").get_json()["error"]
    assert error["code"] == "hexes_exceed_components" and "al massimo 24 esagoni" in error["message"]


@pytest.mark.parametrize(
    ("lang", "says"),
    [
        ("en", "Objectives are claimed only in the action phase or the status phase, not in the agenda phase."),
        (
            "it",
            "Gli obiettivi si reclamano solo nella Fase di Azione o nella Fase di Status, non nella Fase di Delibera.",
        ),
    ],
)
def test_ti4_a_claim_in_the_agenda_phase_is_a_no_with_its_rule(client, lang, says):
    answer = post(client, "/api/score/ti4/claim", {"phase": "agenda", "objective_type": "public"}, lang).get_json()
    assert answer["allowed"] is False
    assert [(r["code"], r["rule"], r["message"]) for r in answer["reasons"]] == [
        ("claim_not_a_scoring_phase", "ti4/20.5", says)
    ]


@pytest.mark.parametrize(
    "path, body",
    [
        ("/api/score/eclipse", {"players": [{"name": "A"}, {"name": "B"}]}),
        ("/api/score/parsec", {"players": [{"name": "A"}, {"name": "B"}]}),
        ("/api/score/rftg", {"players": [{"name": "A"}, {"name": "B"}]}),
    ],
)
def test_an_empty_sheet_names_no_shared_victory(client, path, body):
    answer = client.post(path, json=body).get_json()
    assert (answer["winner"], answer["co_winners"], answer["tie_break"]) == (None, [], None)
