"""The retreat checkers: pages (examples, share links, errors, cited rules that exist) and the JSON
endpoints (shapes, verdicts, 400s that name the field), in both languages."""

from __future__ import annotations

import html as html_module
import re
from urllib.parse import urlencode

from babel.messages.pofile import read_po
import pytest

from engine.eclipse import retreat as eclipse
from engine.parsec import retreat as parsec
from engine.ti4 import retreat as ti4
from tests.page_text import visible_text
from web.core.models import SCHEMA_CODES


# --- pages --------------------------------------------------------------------------------


@pytest.mark.parametrize("game", ["eclipse", "ti4", "parsec"])
@pytest.mark.parametrize("lang", ["it", "en"])
def test_pages_open_with_an_example_and_cite_rules(client, game, lang):
    html = client.get(f"/retreat/{game}?lang={lang}").get_data(as_text=True)
    assert 'id="result"' in html and 'href="/rules/' in html
    assert 'id="share-url"' in html and "<script>" not in html


def test_eclipse_page_share_link_reproduces_the_verdict(client):
    query = urlencode(
        [
            ("player", "red"),
            ("h0", "B"),
            ("d0", "red"),
            ("s0", "ancient"),
            ("h1", "C"),
            ("d1", "red"),
            ("w1", "half"),
            ("wg", "1"),
        ]
    )
    html = client.get(f"/retreat/eclipse?lang=en&{query}").get_data(as_text=True)
    assert 'data-destination="B"' in html and "Ancient ships" in html
    assert "Legal destinations:" in html and "<strong>C</strong>" in html


def _refusal(html: str) -> str:
    return html_module.unescape(html.split('id="form-error">', 1)[1].split("</p>", 1)[0])


def _marked(html: str) -> list[str]:
    """The ids of the inputs marked invalid and described by the refusal."""
    return re.findall(r'<(?:input|select) id="([^"]+)"[^>]* aria-invalid="true" aria-describedby="form-error', html)


@pytest.mark.parametrize(
    "query, lang, message, marked",
    [
        (
            "/retreat/ti4?role=defender&fighters=x",
            "en",
            "The field “Fighters in space” must be a whole number.",
            "u-fighters",
        ),
        (
            "/retreat/ti4?role=defender&pool=99",
            "it",
            "Il campo “Segnalini comando nella mia riserva di flotta (lascia vuoto per saltare la verifica)”"
            " deve essere compreso tra 0 e 16.",
            "pool",
        ),
        # a card the query skips leaves no gap: h2 is shown second, as h1
        (
            "/retreat/eclipse?player=red&h0=B&h2=",
            "it",
            "Il campo “Nome dell'esagono” (n. 2) non può essere vuoto.",
            "h1",
        ),
        ("/retreat/eclipse?player=red&h1=B&d1=pink", "en", "The field “Influence disc” (no. 1) must be one of:", "d0"),
        (
            "/retreat/ti4?role=defender&n0=A&o0=x",
            "en",
            "The field “My ships already there (not fighters)” (no. 1) must be a whole number.",
            "o0",
        ),
        # a gap in the query's cards: n3 is the second card on the page
        ("/retreat/ti4?role=defender&n0=A&n3=B&an3=swamp", "en", "The field “Anomaly” (no. 2) must be one of:", "an1"),
        (
            "/retreat/parsec?vessel=fighter&att=cruiser@2,0+incrocatore@1,0",
            "it",
            "Il campo “Attaccanti” (incrocatore@1,0: tipo) deve essere uno tra:"
            " caccia, incrociatore, trasporto, cargo.",
            "att",
        ),
        ("/retreat/parsec?vessel=boat&att=cruiser@2,0", "en", "The field “Vessel type” must be one of:", "vessel"),
        # one card past the limit is refused, as the API refuses it (it was dropped unseen)
        (
            "/retreat/eclipse?player=red&" + "&".join(f"h{i}=H{i}" for i in range(7)),
            "en",
            "The field “Neighbouring hexes” may hold at most 6 items.",
            None,
        ),
        # a NUL typed in a name does not hide where the message names the field
        ("/retreat/eclipse?player=red&h0=%00&h1=%00", "en", "", "h1"),
        (
            "/retreat/parsec?vessel=fighter&att=cruiser@2,x",
            "it",
            "Il campo “Attaccanti” (cruiser@2,x: r) deve essere un numero intero.",
            "att",
        ),
        (
            "/retreat/parsec?vessel=fighter&att=fighter@1,0+cruiser@2,0^9",
            "en",
            "The field “Attackers” (cruiser@2,0^9: range (^N)) must be between 1 and 6.",
            "att",
        ),
        (
            "/retreat/parsec?vessel=fighter&att=cruiser@2,0&blocked=0,1+1,q",
            "en",
            "The field “Other players' vessels” (1,q: r) must be a whole number.",
            "blocked",
        ),
        (
            "/retreat/parsec?vessel=fighter&att=cruiser@2,0&move=99",
            "it",
            "Il campo “Movimento, se una carta Evento lo modifica”",
            "move",
        ),
    ],
)
def test_a_page_refusal_names_the_field_as_the_form_labels_it_and_marks_it(client, query, lang, message, marked):
    response = client.get(f"{query}&lang={lang}")
    html = response.get_data(as_text=True)
    assert response.status_code == 400
    assert _refusal(html).startswith(message)
    assert "[" not in _refusal(html)  # no API path ("candidates[1].hex")
    assert _marked(html) == ([marked] if marked else [])
    assert "<code>" not in html  # the API's path ("units.fighters") stays in the API


@pytest.mark.parametrize(
    "lang, word", [("it", "incrociatore"), ("en", "cruiser"), ("it", "CRUISER"), ("en", "Incrociatore")]
)
def test_parsec_page_reads_a_kind_typed_in_either_language(client, lang, word):
    typed = client.get(f"/retreat/parsec?vessel=fighter&lang={lang}&att={word}@2,0+caccia@-1,1&to=-2,0")
    coded = client.get(f"/retreat/parsec?vessel=fighter&lang={lang}&att=cruiser@2,0+fighter@-1,1&to=-2,0")
    assert typed.status_code == coded.status_code == 200
    verdict = lambda r: r.get_data(as_text=True).split('id="result"', 1)[1].split('id="share-url"', 1)[0]  # noqa: E731
    assert verdict(typed) == verdict(coded)
    assert re.search(r'piece-cruiser[^"]*"\s+data-q="2" data-r="0"', typed.get_data(as_text=True))


@pytest.mark.parametrize(
    "lang, hint, words",
    [
        ("it", "Tipi: caccia, incrociatore, trasporto, cargo.", "caccia"),
        ("en", "Kinds: fighter, cruiser, transport, cargo.", "fighter"),
    ],
)
def test_parsec_page_lists_the_kinds_to_type_in_its_language(client, lang, hint, words):
    html = client.get(f"/retreat/parsec?lang={lang}").get_data(as_text=True)
    assert f'<p class="meta" id="att-hint">{hint}</p>' in html
    assert f'value="fighter" data-word="{words}"' in html  # the map writes the same word


def test_tools_page_lists_the_three_checkers(client):
    html = client.get("/tools?lang=en").get_data(as_text=True)
    for game in ("eclipse", "ti4", "parsec"):
        assert f'href="/retreat/{game}"' in html


def test_every_rule_the_checkers_cite_exists(db):
    cited = set()
    for module in (eclipse, ti4, parsec):
        cited |= {value for name, value in vars(module).items() if name.startswith("RULE_")}
    cited |= {"ti4/17.3", "ti4/23.7", "eclipse/esempio-di-ritirata"}  # cited by templates
    missing = sorted(rule for rule in cited if db.get(rule) is None)
    assert not missing


@pytest.mark.parametrize("game", ["eclipse", "ti4", "parsec"])
def test_english_page_has_no_italian_left_and_back(client, game):
    with open("translations/it/LC_MESSAGES/retreat.po", "rb") as handle:
        catalogue = [m for m in read_po(handle, locale="it") if m.id and m.string != m.id]
    english = visible_text(client.get(f"/retreat/{game}?lang=en").get_data(as_text=True))
    italian = visible_text(client.get(f"/retreat/{game}?lang=it").get_data(as_text=True))
    assert not [m.string for m in catalogue if "%(" not in m.string and m.string in english]
    assert not [m.id for m in catalogue if "%(" not in m.id and m.id in italian]


def test_ti4_citations_carry_the_number_of_the_reader_s_rulebook(client):
    english = client.get("/retreat/ti4?lang=en").get_data(as_text=True)
    assert '<a class="rule-link" href="/rules/ti4/23.4">78.4 STEP 2. ANNOUNCE RETREATS</a>' in english
    italian = client.get("/retreat/ti4?lang=it").get_data(as_text=True)
    assert '<a class="rule-link" href="/rules/ti4/23.4">23.4 PASSO 2. ANNUNCIARE LA RITIRATA</a>' in italian


# --- JSON API ----------------------------------------------------------------------------------


EXAMPLE = [  # ESEMPIO DI RITIRATA as API candidates
    {"hex": "B", "influence": "green", "ships": [], "wormhole": "full"},
    {"hex": "C", "influence": None, "ships": ["green"], "wormhole": "full"},
    {"hex": "D", "influence": None, "ships": [], "wormhole": "full"},
    {"hex": "E", "influence": None, "ships": ["red"], "wormhole": "full"},
]


def post(client, game, body, lang="en"):
    return client.post(f"/api/retreat/{game}?lang={lang}", json=body)


# --- Eclipse ------------------------------------------------------------------------------


def test_eclipse_rulebook_example_through_the_api(client):
    answer = post(client, "eclipse", {"player": "green", "wormhole_generator": False, "candidates": EXAMPLE}).get_json()
    assert answer["legal"] == ["B"]
    verdicts = {v["hex"]: v for v in answer["verdicts"]}
    assert verdicts["B"] == {"hex": "B", "legal": True, "reasons": []}
    assert [r["code"] for r in verdicts["E"]["reasons"]] == ["no_influence_disc", "enemy_ships"]
    reason = verdicts["E"]["reasons"][1]
    assert reason["rule"] == "eclipse/ritirata" and "red" in reason["message"]
    assert answer["rules"][0] == "eclipse/ritirata"
    assert [n["code"] for n in answer["notes"]] == ["next_activation", "reputation_warning"]
    red = post(client, "eclipse", {"player": "red", "candidates": EXAMPLE}).get_json()
    assert red["legal"] == []


def test_eclipse_messages_follow_the_request_language(client):
    body = {"player": "green", "candidates": [EXAMPLE[2]]}
    en = post(client, "eclipse", body, "en").get_json()["verdicts"][0]["reasons"][0]["message"]
    it = post(client, "eclipse", body, "it").get_json()["verdicts"][0]["reasons"][0]["message"]
    assert "influence disc" in en and "Gettone Influenza" in it


@pytest.mark.parametrize(
    "body, field",
    [
        ({"candidates": []}, "player"),
        ({"player": "purple", "candidates": []}, "player"),
        ({"player": "green"}, "candidates"),
        ({"player": "green", "candidates": [{"hex": "B"}] * 7}, "candidates"),
        ({"player": "green", "candidates": ["B"]}, "candidates[0]"),
        ({"player": "green", "candidates": [{"hex": "B", "ships": ["pirates"]}]}, "candidates[0].ships[0]"),
        ({"player": "green", "candidates": [{"hex": "B", "wormhole": "wide"}]}, "candidates[0].wormhole"),
        ({"player": "green", "candidates": [{"hex": "B"}, {"hex": "B"}]}, "candidates[1].hex"),
        ({"player": "green", "candidates": [{"hex": ""}]}, "candidates[0].hex"),
        ({"player": "green", "candidates": [{"hex": "B", "colour": "x"}]}, "candidates[0].colour"),
        ({"player": "green", "ship_type": "battleship", "candidates": []}, "ship_type"),
    ],
)
def test_eclipse_refusals_name_the_field(client, body, field):
    response = post(client, "eclipse", body)
    error = response.get_json()["error"]
    # 400: the request does not match its schema; 422: well formed, but the rules refuse it.
    assert response.status_code == (400 if error["code"] in SCHEMA_CODES else 422)
    assert error["field"] == field and error["message"] and error["code"]


def test_400_message_is_in_the_request_language(client):
    body = {"player": "green", "candidates": [{"hex": "B"}, {"hex": "B"}]}
    en = post(client, "eclipse", body, "en").get_json()["error"]["message"]
    it = post(client, "eclipse", body, "it").get_json()["error"]["message"]
    assert "appears twice" in en and "compare due volte" in it


@pytest.mark.parametrize("raw", ["role=defender", "[" * 5000 + "]" * 5000, '{"role": NaN}'])
def test_not_a_json_object_is_a_400(client, raw):
    response = client.post("/api/retreat/ti4", data=raw, content_type="application/json")
    assert response.status_code == 400 and response.get_json()["error"]["code"]


# --- TI4 ----------------------------------------------------------------------------------

TI4_BODY = {
    "player": "Sol",
    "role": "attacker",
    "opponent_announced_retreat": False,
    "candidates": [
        {
            "system": "A",
            "adjacent": None,
            "controls_planet": True,
            "own_units": False,
            "other_players_ships": False,
            "anomaly": None,
        },
        {
            "system": "B",
            "adjacent": "wormhole",
            "controls_planet": False,
            "own_units": True,
            "other_players_ships": False,
            "anomaly": "gravity_rift",
            "command_token": True,
        },
        {
            "system": "C",
            "adjacent": True,
            "controls_planet": False,
            "own_units": True,
            "other_players_ships": False,
            "anomaly": "nebula",
        },
    ],
    "units": {"carriers": 1, "dreadnoughts": 1, "fighters": 4, "infantry": 3},
}


def test_ti4_answer_shape_and_verdicts(client):
    answer = post(client, "ti4", TI4_BODY).get_json()
    assert answer["player"] == "Sol" and answer["role"] == "attacker"
    assert answer["can_announce"] is True and answer["announce_reasons"] == []
    assert answer["legal"] == ["A", "B"]
    verdicts = {v["system"]: v for v in answer["verdicts"]}
    assert verdicts["A"]["command_token"] == "reinforcements"
    assert verdicts["B"]["command_token"] == "already_there"
    assert {n["code"] for n in verdicts["B"]["notes"]} >= {"via_wormhole", "gravity_rift_entry"}
    assert [(r["code"], r["rule"]) for r in verdicts["C"]["reasons"]] == [("nebula", "ti4/54.1")]
    # carrier 4 + dreadnought 1 = 5 places for 7 small units: 2 destroyed, any mix
    cap = answer["destroyed_for_capacity"]
    assert (cap["capacity"], cap["destroyed"]) == (5, 2)
    assert cap["fighters_destroyed"] == {"min": 0, "max": 2}
    assert answer["rules"][:2] == ["ti4/23.4", "ti4/23.7"]


def test_ti4_announcement_order_through_the_api(client):
    after_defender = post(client, "ti4", {**TI4_BODY, "opponent_announced_retreat": True})
    answer = after_defender.get_json()
    assert answer["can_announce"] is False
    assert [r["code"] for r in answer["announce_reasons"]] == ["defender_announced"]
    assert answer["legal"] == [] and answer["destroyed_for_capacity"] is None
    assert not any(v["legal"] for v in answer["verdicts"])
    defender = post(client, "ti4", {**TI4_BODY, "role": "defender"}).get_json()
    assert defender["can_announce"] is True


def test_ti4_combat_in_a_supernova_is_refused_by_the_schema(client):
    response = post(client, "ti4", {**TI4_BODY, "active_anomaly": "supernova"})
    assert response.status_code == 400 and response.get_json()["error"]["field"] == "active_anomaly"
    assert (
        'value="supernova"'
        not in client.get("/retreat/ti4?lang=en").get_data(as_text=True).split('name="in"')[1].split("</select>")[0]
    )


def test_ti4_page_shows_no_legal_system_nor_losses_when_no_retreat_can_be_announced(client):
    html = client.get("/retreat/ti4?lang=en&role=attacker&opp=1&carriers=1&fighters=6&n0=A&a0=edge&p0=1").get_data(
        as_text=True
    )
    assert "You may not announce a retreat." in html
    assert "A: not legal" in html and "A: legal" not in html
    assert 'id="capacity"' not in html and "destroyed for lack of capacity" not in html


def test_ti4_fleet_pool_through_the_api(client):
    body = {**TI4_BODY, "fleet_pool": 2, "candidates": [{"system": "A", "controls_planet": True, "own_ships": 1}]}
    (verdict,) = post(client, "ti4", body).get_json()["verdicts"]
    assert verdict["fleet_pool_excess"] == 1  # carrier + dreadnought + 1 there, pool 2
    assert "fleet_pool_excess" in [n["code"] for n in verdict["notes"]]


def test_ti4_without_units_skips_capacity(client):
    body = {key: value for key, value in TI4_BODY.items() if key != "units"}
    assert post(client, "ti4", body).get_json()["destroyed_for_capacity"] is None


@pytest.mark.parametrize(
    "patch, field",
    [
        ({"role": "observer"}, "role"),
        ({"player": "x" * 25}, "player"),
        ({"opponent_announced_retreat": "yes"}, "opponent_announced_retreat"),
        ({"units": {"war_suns": 3}}, "units.war_suns"),
        ({"units": {"tanks": 1}}, "units.tanks"),
        ({"units": {"carriers": 1.5}}, "units.carriers"),
        ({"candidates": [{"system": "A", "adjacent": "near"}]}, "candidates[0].adjacent"),
        ({"candidates": [{"system": "A", "anomaly": "black_hole"}]}, "candidates[0].anomaly"),
        ({"candidates": [{"system": "A"}, {"system": "A"}]}, "candidates[1].system"),
        ({"candidates": [{"system": f"S{i}"} for i in range(13)]}, "candidates"),
        ({"active_anomaly": "storm"}, "active_anomaly"),
        ({"fleet_pool": 17}, "fleet_pool"),
        ({"candidates": [{"system": "A", "own_ships": -1}]}, "candidates[0].own_ships"),
    ],
)
def test_ti4_refusals_name_the_field(client, patch, field):
    response = post(client, "ti4", {**TI4_BODY, **patch}, "it")
    error = response.get_json()["error"]
    assert response.status_code == (400 if error["code"] in SCHEMA_CODES else 422)
    assert error["field"] == field


# --- Parsec -------------------------------------------------------------------------------


def test_parsec_long_range_escape(client):
    body = {
        "vessel": "fighter",
        "escape_card": False,
        "attackers": [{"kind": "cruiser", "q": 2, "r": 0}],
        "blocked": [],
        "destination": {"q": -1, "r": 0},
    }
    answer = post(client, "parsec", body).get_json()
    assert answer["can_evade"] is True and answer["reasons"] == []
    assert answer["ends_exchange"] is True
    assert answer["destination"] == {"q": -1, "r": 0, "ends_exchange": True, "reasons": []}
    assert {"q": -1, "r": 0} in answer["safe_hexes"]
    assert answer["rules"][0] == "parsec/manovra-evasiva"


def test_parsec_surrounded(client):
    ring = [{"kind": "fighter", "q": q, "r": r} for q, r in parsec.DIRECTIONS]
    answer = post(client, "parsec", {"vessel": "cruiser", "attackers": ring}).get_json()
    assert answer["can_evade"] is False and answer["ends_exchange"] is False
    assert [(r["code"], r["rule"]) for r in answer["reasons"]] == [("surrounded", "parsec/manovra-evasiva")]
    assert answer["safe_hexes"] == []


@pytest.mark.parametrize(
    "patch, field",
    [
        ({"vessel": "starbase"}, "vessel"),
        ({"attackers": []}, "attackers"),
        ({"attackers": [{"kind": "fighter", "q": 0, "r": 0}]}, "attackers[0]"),
        ({"attackers": [{"kind": "fighter", "q": 40, "r": 0}]}, "attackers[0].q"),
        ({"attackers": [{"kind": "fighter", "q": 1}]}, "attackers[0].r"),
        ({"attackers": [{"kind": "fighter", "q": 1, "r": 0, "range": 0}]}, "attackers[0].range"),
        ({"movement": 20}, "movement"),
        ({"blocked": [{"q": 1}]}, "blocked[0].r"),
        ({"destination": {"q": "x", "r": 0}}, "destination.q"),
    ],
)
def test_parsec_refusals_name_the_field(client, patch, field):
    body = {"vessel": "fighter", "attackers": [{"kind": "cruiser", "q": 2, "r": 0}], **patch}
    response = post(client, "parsec", body)
    error = response.get_json()["error"]
    assert response.status_code == (400 if error["code"] in SCHEMA_CODES else 422)
    assert error["field"] == field


def test_ti4_antimass_deflectors_through_the_api(client):
    field = [{"system": "F", "own_units": True, "anomaly": "asteroid_field"}]
    refused = post(client, "ti4", {**TI4_BODY, "candidates": field}).get_json()
    assert refused["legal"] == [] and refused["can_announce"] is False
    allowed = post(client, "ti4", {**TI4_BODY, "candidates": field, "antimass_deflectors": True}).get_json()
    assert allowed["legal"] == ["F"] and allowed["can_announce"] is True
    assert "antimass_deflectors" in [n["code"] for n in allowed["verdicts"][0]["notes"]]
    html = client.get("/retreat/ti4?lang=en&role=attacker&antimass=1&n0=F&u0=1&an0=asteroid_field").get_data(
        as_text=True
    )
    assert "but your Antimass Deflectors let yours" in html


def test_parsec_picture_shades_the_reach_of_every_attacker_on_a_shared_hex():
    """A cruiser and a fighter share hex 2,0 (as typed: the engine refuses it later): the picture
    shows the first typed, and shades what either reaches, so the cruiser's range 2 is not lost;
    a hex to cross shows as one."""
    from web.retreat.views import hex_picture

    data = {
        "attackers": [
            {"kind": "cargo", "q": 1, "r": 0},
            {"kind": "cruiser", "q": 2, "r": 0},
            {"kind": "fighter", "q": 2, "r": 0},
        ],
        "blocked": [],
        "passable": [{"q": -1, "r": 0}],
        "destination": None,
    }
    cells = {(c["q"], c["r"]): c for c in hex_picture(data, None)["cells"]}
    assert cells[(1, 0)]["piece"] == "cargo" and cells[(2, 0)]["piece"] == "cruiser"
    assert cells[(-1, 0)]["piece"] == "pass"
    assert cells[(2, -2)]["in_range"]  # the cruiser's range 2 from 2,0, not the fighter's 1


@pytest.mark.parametrize(
    "query, says",
    [
        ("carriers=1&fighters=5&lang=en", "1 unit is destroyed for lack of capacity (fighters: 1, infantry: 0)."),
        ("carriers=1&fighters=5&lang=it", "1 unità distrutta per mancanza di capienza (caccia: 1, fanterie: 0)."),
        (
            "carriers=1&fighters=4&infantry=2&lang=en",
            "2 units are destroyed for lack of capacity, as you choose (fighters: 0 to 2, infantry: 0 to 2).",
        ),
        ("carriers=1&fighters=20&fighter_ii=1&lang=en", "Fighter II fighters move by themselves."),
        # Sol's Advanced Carrier carries 6: the sixth fighter fits (and the faction is the page's select).
        ("carriers=1&fighters=6&faction=federation_of_sol&lang=en", "Every fighter and infantry fits aboard"),
        ("carriers=1&fighters=6&lang=en", "2 units are destroyed for lack of capacity (fighters: 2, infantry: 0)."),
    ],
)
def test_ti4_capacity_card_counts_in_words_and_offers_a_choice_only_when_there_is_one(client, query, says):
    html = client.get(f"/retreat/ti4?role=attacker&n0=A&p0=1&{query}").get_data(as_text=True)
    card = html_module.unescape(re.sub(r"<[^>]+>", " ", html.split('id="capacity">', 1)[1].split("</div>", 1)[0]))
    assert says in " ".join(card.split())


def test_parsec_hexes_to_cross_reach_the_engine_from_the_page_and_the_api(client):
    # The audit's position: every neighbour but -1,0 taken; -1,0 full of the player's own fighters.
    walls = [{"q": q, "r": r} for q, r in ((1, 0), (1, -1), (0, -1), (-1, 1), (0, 1))]
    body = {"vessel": "fighter", "attackers": [{"kind": "cruiser", "q": 2, "r": 0}], "blocked": walls}
    crossed = client.post("/api/retreat/parsec", json={**body, "passable": [{"q": -1, "r": 0}]}).get_json()
    assert crossed["can_evade"] and crossed["ends_exchange"]
    assert {"q": -1, "r": 0} not in crossed["safe_hexes"] and {"q": -2, "r": 0} in crossed["safe_hexes"]
    walled = client.post("/api/retreat/parsec", json={**body, "blocked": [*walls, {"q": -1, "r": 0}]}).get_json()
    assert not walled["can_evade"] and walled["reasons"][0]["code"] == "no_free_hex"
    page = client.get(
        "/retreat/parsec?lang=en&vessel=fighter&att=cruiser@2,0&blocked=1,0+1,-1+0,-1+-1,1+0,1&pass=-1,0"
    ).get_data(as_text=True)
    assert "The exchange ends." in page and re.search(r'piece-pass[^"]*"\s+data-q="-1" data-r="0"', page)


@pytest.mark.parametrize("kind", ["colony", "colonia"])
def test_parsec_a_colony_is_refused_among_the_attackers_with_its_rule(client, kind):
    api = client.post(
        "/api/retreat/parsec?lang=en", json={"vessel": "fighter", "attackers": [{"kind": "colony", "q": 1, "r": 0}]}
    )
    error = api.get_json()["error"]
    assert (error["code"], error["field"]) == ("colony_never_attacks", "attackers[0].kind")
    assert "fires only in defense" in error["message"]
    page = client.get(f"/retreat/parsec?lang=it&vessel=fighter&att={kind}@1,0").get_data(as_text=True)
    assert "Una colonia spara solo per difendersi" in page and "Attaccanti" in page
    assert 'id="att-hint">Tipi: caccia, incrociatore, trasporto, cargo.<' in page  # not offered either


@pytest.mark.parametrize(
    "lang, words", [("en", "Carriers: at most 4 (the pieces"), ("it", "Cargo: al massimo 4 (i pezzi")]
)
def test_ti4_unit_limit_is_refused_in_the_games_words_citing_the_component_limit(client, lang, words):
    response = post(client, "ti4", {**TI4_BODY, "units": {"carriers": 9}}, lang=lang)
    error = response.get_json()["error"]
    assert response.status_code == 400 and error["field"] == "units.carriers"
    assert error["message"].startswith(words) and error["rule"] == "ti4/87.2"


def test_a_negative_unit_count_is_not_told_the_maximum(client):
    error = post(client, "ti4", {**TI4_BODY, "units": {"cruisers": -1}}).get_json()["error"]
    assert error["field"] == "units.cruisers" and "between 0 and 8" in error["message"]


@pytest.mark.parametrize(
    "path, says",
    [
        ("/retreat/ti4?lang=it&role=pippo&n0=A", "deve essere uno tra: Attaccante (giocatore attivo), Difensore."),
        ("/retreat/ti4?lang=it&role=attacker&n0=A&in=pippo", "Campo di asteroidi, Nebulosa, Gorgo gravitazionale."),
        ("/retreat/ti4?lang=en&role=attacker&n0=A&a0=pippo", "Shares an edge, Matching wormhole, Not adjacent."),
        ("/retreat/ti4?lang=it&role=attacker&n0=A&carriers=1&faction=pippo", "Arborec, Baronia Letnev, Clan dei Saar"),
        (
            "/retreat/eclipse?lang=it&player=red&ship=pippo&h0=A",
            "Intercettori, Incrociatori, Corazzate, Basi Stellari.",
        ),
        ("/retreat/eclipse?lang=it&player=red&h0=A&s0=pippo", "bianco, nero, Antichi, SDCG."),
        ("/retreat/eclipse?lang=en&player=red&h0=A&w0=pippo", "Both sides, One side, Neither side."),
        (
            "/retreat/parsec?lang=it&vessel=pippo&att=caccia@1,0",
            "Cargo, Caccia, Trasporto corazzato, Incrociatore, Colonia.",
        ),
    ],
)
def test_a_damaged_link_lists_the_choices_in_the_page_words_not_the_api_codes(client, path, says):
    # Before: "deve essere uno tra: attacker, defender" on an Italian page.
    page = client.get(path)
    message = html_module.unescape(page.get_data(as_text=True).split('id="form-error">', 1)[1].split("<", 1)[0])
    assert page.status_code == 400 and says in message, message
