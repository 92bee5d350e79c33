"""The search page and the JSON API: shape, limits, errors, escaping, languages."""

from __future__ import annotations

import json
import re

import pytest

from rules_db.search.query import MAX_QUERY_CHARS
from rules_db.search.searcher import MAX_LIMIT, MAX_PAGE
from web.search.views import build_index_command


def api(client, **params):
    response = client.get("/api/search", query_string=params)
    return response.status_code, response.get_json()


def test_api_answer_shape(client):
    status, body = api(client, q="sostenere danni", lang="it", limit=3)
    assert status == 200
    assert list(body) == ["query", "lang", "total", "results", "suggestion", "facets"]
    assert body["query"] == "sostenere danni" and body["lang"] == "it"
    assert len(body["results"]) == 3 and body["total"] >= 3
    first = body["results"][0]
    assert list(first) == ["id", "game", "title", "snippet", "url", "score"]
    assert first["id"] == "ti4/77" or first["id"].startswith("ti4/77.")
    assert first["url"] == "/rules/" + first["id"] and "<mark>" in first["snippet"]
    assert body["facets"]["ti4"] >= 3 and body["suggestion"] is None
    scores = [r["score"] for r in body["results"]]
    assert scores == sorted(scores, reverse=True)


def test_api_game_filter_and_pages(client):
    _, everything = api(client, q="ritirata")
    _, eclipse = api(client, q="ritirata", game="eclipse", limit=2)
    assert {r["game"] for r in eclipse["results"]} == {"eclipse"}
    assert eclipse["total"] == everything["facets"]["eclipse"] == eclipse["facets"]["eclipse"]
    _, page2 = api(client, q="ritirata", game="eclipse", limit=2, page=2)
    assert not {r["id"] for r in page2["results"]} & {r["id"] for r in eclipse["results"]}


def test_api_results_follow_the_language_and_fall_back_to_italian(client, db):
    _, english = api(client, q="discovery tiles", lang="en", game="eclipse", limit=MAX_LIMIT)
    _, italian = api(client, q="discovery tiles", lang="it", game="eclipse", limit=MAX_LIMIT)
    assert english["results"] and english["total"] == italian["total"]
    for shown, result in zip(english["results"], italian["results"]):
        section = db.sections[shown["id"]]
        assert shown["title"] == (section.title_en if section.body_en else section.title_it)
        assert result["title"] == section.title_it
    assert any(db.sections[r["id"]].body_en for r in english["results"])


def test_api_suggestion(client):
    _, body = api(client, q="bombardamneto")
    assert body["suggestion"] == "bombardamento"
    assert any(r["id"] == "ti4/12" or r["id"].startswith("ti4/12.") for r in body["results"][:3])  # chapter or rule


@pytest.mark.parametrize(
    "q", ['"unclosed', "title:", "AND OR", "🚀 è città", "<script>alert(1)</script>", "\x00", "*?~^"]
)
def test_api_malformed_queries_are_plain_text(client, q):
    response = client.get("/api/search", query_string={"q": q})
    assert response.status_code == 200
    assert "<script>" not in response.get_data(as_text=True)  # echoed with \\u escapes
    assert response.get_json()["query"] == " ".join(q.split())


@pytest.mark.parametrize(
    "params, code, field",
    [
        ({"q": "x" * (MAX_QUERY_CHARS + 1)}, "too_long", "q"),
        ({"q": "x" * 3000}, "too_long", "q"),
        ({"q": "x", "limit": "0"}, "out_of_range", "limit"),
        ({"q": "x", "limit": str(MAX_LIMIT + 1)}, "out_of_range", "limit"),
        ({"q": "x", "limit": "ten"}, "not_an_integer", "limit"),
        ({"q": "x", "page": str(MAX_PAGE + 1)}, "out_of_range", "page"),
        ({"q": "x", "page": "-1"}, "out_of_range", "page"),
        ({"q": "x", "page": "1.5"}, "not_an_integer", "page"),
        ({"q": "x", "limit": "1_0"}, "not_an_integer", "limit"),  # Python's digits, not a client's
        ({"q": "x", "limit": " 5"}, "not_an_integer", "limit"),
        ({"q": "x", "limit": "\u0665"}, "not_an_integer", "limit"),  # an Arabic-Indic 5
        ({"q": "x", "lang": "fr"}, "unknown_choice", "lang"),
        ({"q": "x", "game": "chess"}, "unknown_choice", "game"),
    ],
)
def test_api_refusals_are_400_json(client, params, code, field):
    status, body = api(client, **params)
    assert status == 400
    assert body["error"]["code"] == code and body["error"]["field"] == field and body["error"]["message"]


def test_api_error_messages_follow_the_language(client):
    _, italian = api(client, q="x", limit="0", lang="it")
    _, english = api(client, q="x", limit="0", lang="en")
    assert italian["error"]["message"] != english["error"]["message"]


def test_page_keeps_the_query_and_marks_results(client):
    html = client.get("/search", query_string={"q": "ritirata <b>"}).get_data(as_text=True)
    assert 'value="ritirata &lt;b&gt;"' in html
    assert "<b>" not in html.split("<main", 1)[1]
    assert "<mark>" in html and 'href="/rules/ti4/23.7?hl=ritirata+%3Cb%3E"' in html
    assert 'class="chip"' in html and "js/search.js" in html


def test_page_game_filter_and_breadcrumb(client):
    html = client.get("/search?q=ritirata&game=eclipse&lang=en").get_data(as_text=True)
    assert re.search(r'data-game="eclipse"[^>]*aria-current="page"', html)
    assert 'data-id="eclipse/ritirata"' in html and 'data-id="ti4/23.7"' not in html
    assert "Eclipse" in re.search(r'<p class="crumbs">(.*?)</p>', html).group(1)


def test_page_suggests_a_correction(client):
    html = client.get("/search?q=bombardamneto").get_data(as_text=True)
    assert re.search(r'<a href="/search\?q=bombardamento"[^>]*>bombardamento</a>', html)


def test_page_offers_no_correction_of_a_real_word(client):
    # "outright" is in no rulebook; the rulebooks' words alone made it "upright".
    text = client.get("/search", query_string={"q": "destroys a unit outright", "lang": "en"}).get_data(as_text=True)
    assert "data-suggestion" not in text and "upright" not in text
    mixed = client.get("/search", query_string={"q": "pedine bombardamneto outright"}).get_data(as_text=True)
    assert re.search(
        r'<a href="/search\?q=pedine\+bombardamento\+outright"[^>]*>pedine bombardamento outright</a>', mixed
    )


def test_empty_and_hopeless_queries_get_help_not_errors(client):
    empty = client.get("/search?lang=en")
    assert empty.status_code == 200 and "What players ask" in empty.get_data(as_text=True)
    hopeless = client.get("/search", query_string={"q": "zzzzqqqq", "lang": "en"})
    text = hopeless.get_data(as_text=True)
    assert hopeless.status_code == 200 and "No section matches" in text and "/rules/ti4" in text


@pytest.mark.parametrize(
    ("q", "lang", "game"), [("parsec", "it", "parsec"), ("galaxy", "en", "galaxy"), ("TI4", "en", "ti4")]
)
def test_a_game_name_alone_opens_that_rulebook(client, q, lang, game):
    # It used to say "No section matches": a game's name is a filter, never searched for.
    answer = client.get("/search", query_string={"q": q, "lang": lang})
    assert answer.status_code == 302 and answer.location == f"/rules/{game}?lang={lang}"
    assert client.get(answer.location).status_code == 200


def test_a_game_name_redirect_chooses_no_language_for_the_reader(client):
    answer = client.get("/search", query_string={"q": "parsec"}, headers={"Accept-Language": "en"})
    assert answer.location == "/rules/parsec" and "Set-Cookie" not in answer.headers


def test_a_game_name_with_words_still_searches(client):
    answer = client.get("/search", query_string={"q": "parsec combattimento", "lang": "it"})
    assert answer.status_code == 200 and 'data-id="parsec/' in answer.get_data(as_text=True)


def test_a_page_past_the_last_opens_the_last(client):
    # It said "No section matches" beside the counts of the sections found.
    answer = client.get("/search", query_string={"q": "flotta", "page": 99, "lang": "it"})
    assert answer.status_code == 302
    last = client.get(answer.location)
    assert 'class="card result"' in last.get_data(as_text=True) and 'rel="next"' not in last.get_data(as_text=True)


@pytest.mark.parametrize("far", ["99999999999", "9" * 5000])
def test_a_page_number_too_long_opens_the_last_page(client, far):
    # Ten digits and more used to open page 1.
    answer = client.get("/search", query_string={"q": "flotta", "page": far, "lang": "it"})
    assert answer.status_code == 302 and "page=" in answer.location
    assert answer.location == client.get("/search", query_string={"q": "flotta", "page": 99, "lang": "it"}).location


def test_leading_zeros_do_not_make_a_page_number_long(client):
    padded = client.get("/search", query_string={"q": "flotta", "page": "0000000002", "lang": "en"})
    assert padded.status_code == 200 and "page 2 of" in padded.get_data(as_text=True)
    assert "page 1 of" in client.get("/search?q=flotta&lang=en&page=00000000000").get_data(as_text=True)


def test_page_in_both_languages(client):
    assert "Cerca nelle regole" in client.get("/search?lang=it").get_data(as_text=True)
    assert "Search the rules" in client.get("/search?lang=en").get_data(as_text=True)


def test_page_survives_bad_parameters(client):
    for query in ("q=x&page=abc", "q=x&page=99999", "q=x&game=chess", "q=" + "y" * 3000):
        assert client.get("/search?" + query, follow_redirects=True).status_code == 200


@pytest.mark.parametrize(
    ("lang", "notice"),
    [("en", "There is no game “chess”: every game was searched."), ("it", "Non esiste un gioco “chess”")],
)
def test_an_unknown_game_is_said_and_every_game_searched(client, lang, notice):
    html = client.get("/search", query_string={"q": "ritirata", "game": "chess", "lang": lang}).get_data(as_text=True)
    assert notice in html and 'data-id="ti4/23.7"' in html and 'data-id="eclipse/ritirata"' in html
    shown = client.get("/search", query_string={"q": "ritirata", "game": "<b>" + "x" * 100}).get_data(as_text=True)
    assert "“&lt;b&gt;" + "x" * 37 + "”" in shown  # escaped, and cut to MAX_GAME_SHOWN characters
    assert "Non esiste" not in client.get("/search?q=ritirata&game=ti4").get_data(as_text=True)
    assert "Non esiste" not in client.get("/search?game=chess").get_data(as_text=True)  # nothing searched: nothing said
    turned = client.get("/search", query_string={"q": "ritirata", "game": "ab\u202ecd"}).get_data(as_text=True)
    assert "“abcd”" in turned  # a right-to-left override would turn the sentence around


def test_a_game_typed_with_capitals_is_that_game(client):
    html = client.get("/search?q=ritirata&game=%20Eclipse").get_data(as_text=True)
    assert 'data-id="eclipse/ritirata"' in html and 'data-id="ti4/23.7"' not in html and "Non esiste" not in html


def test_a_games_search_page_offers_that_games_examples_within_it(client):
    html = client.get("/search?game=galaxy&lang=en").get_data(as_text=True)
    examples = re.findall(r'<li><a href="(/search\?[^"]*)">', html)
    assert len(examples) == 3 and all(e.endswith("&amp;game=galaxy") for e in examples), examples
    assert "how+is+the+governor+chosen" in examples[0]
    everywhere = client.get("/search?lang=en").get_data(as_text=True)
    assert "anti-fighter+barrage" in everywhere and "game=" not in "".join(
        re.findall(r'<ul class="examples">(.*?)</ul>', everywhere, re.S)
    )


def test_header_links_to_search(client):
    assert 'href="/search"' in client.get("/").get_data(as_text=True)


def passage_data(client, url):
    html = client.get(url).get_data(as_text=True)
    found = re.search(r'<script type="application/json" id="search-passage">(.*?)</script>', html)
    return (json.loads(found.group(1)) if found else None), html


def test_opened_result_names_the_answering_passage(client, db):
    data, html = passage_data(client, "/rules/ti4/23.7?hl=ritirata sistema adiacente&lang=it")
    assert [d["lang"] for d in data] == ["it"] and "js/highlight.js" in html
    passage = data[0]["text"]
    assert "ritira" in passage.lower() and "adiacente" in passage.lower()
    assert len(passage) < len(db.sections["ti4/23.7"].body_it) / 2  # a passage, not the whole section
    assert passage_data(client, "/rules/ti4/23.7")[0] is None
    assert passage_data(client, "/rules/ti4/23.7?hl=zzzz qqqq")[0] is None  # nothing matches: nothing marked
    both, _html = passage_data(client, "/rules/ti4/23.7?hl=ritirata&compare=1&lang=it")
    assert [d["lang"] for d in both] == ["it", "en"]  # the English side too


def test_build_index_command(app):
    result = app.test_cli_runner().invoke(build_index_command)
    assert result.exit_code == 0 and "Index built" in result.output


def test_search_and_passage_marking_run_under_the_time_budget(app, client, monkeypatch):
    monkeypatch.setitem(app.config, "COMPUTE_BUDGET_SECONDS", 0.0)  # every step is already too late
    status, body = api(client, q="budget bombardamento pianeta", lang="en")
    assert status == 422 and body["error"]["code"] == "time_budget_exceeded" and body["error"]["field"] == "q"
    assert "search" in body["error"]["message"]
    data, html = passage_data(client, "/rules/ti4/12?hl=budget bombardamento pianeta")
    assert data is None and "BOMBARD" in html.upper()  # the page is served, unmarked


def test_searches_and_passages_are_cached_per_process(client, monkeypatch):
    from rules_db.search.searcher import RulesSearch

    calls = []
    for name in ("search", "passage_to_mark"):
        original = getattr(RulesSearch, name)
        monkeypatch.setattr(
            RulesSearch, name, lambda self, *a, _f=original, _n=name, **k: calls.append(_n) or _f(self, *a, **k)
        )
    for _ in range(3):
        assert api(client, q="cache flotta nebulosa", lang="it")[0] == 200
        passage_data(client, "/rules/ti4/54?hl=cache flotta nebulosa&lang=it")
    assert calls == ["search", "passage_to_mark"]
    api(client, q="cache flotta nebulosa", lang="en")  # another language: another answer
    assert calls[-1] == "search" and len(calls) == 3


@pytest.mark.parametrize("text", ["78.7", "rule 78.7", "78.7 retreat"])
def test_an_english_rules_reference_number_opens_its_paragraph(client, text):
    _, body = api(client, q=text, lang="en", limit=1)
    assert body["results"][0]["id"] == "ti4/23.7"


def test_an_italian_number_stays_italian(client):
    _, body = api(client, q="23.4", lang="it", limit=1)
    assert body["results"][0]["id"] == "ti4/23.4"
