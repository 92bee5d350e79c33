"""The rules reference: reading pages, GET /api/sections and /api/sections/<id>, and the glossary
pages (the same Italian/English pairs the search uses, per game, in both orders)."""

from __future__ import annotations

import re

from markupsafe import escape
import pytest

from rules_db.loader import GAMES
from web.core.rules import markdown_html


def test_home_lists_the_games(client, db):
    page = client.get("/").get_data(as_text=True)
    for game in db.games.values():
        assert game.name("it") in page


def test_the_layout_names_an_icon_that_is_served(client):
    page = client.get("/").get_data(as_text=True)
    icon = re.search(r'<link rel="icon" href="([^"]+)"', page).group(1)
    response = client.get(icon)
    assert response.status_code == 200 and response.mimetype == "image/svg+xml"


@pytest.mark.parametrize("game", GAMES)
def test_table_of_contents_links_every_top_section(client, db, game):
    response = client.get(f"/rules/{game}")
    assert response.status_code == 200
    html = response.get_data(as_text=True)
    for root in db.roots(game):
        assert f'href="/rules/{root.id}"' in html


def test_every_section_opens_at_its_permalink(client, db):
    for section_id in db.sections:
        response = client.get(f"/rules/{section_id}")
        assert response.status_code == 200, section_id


def test_sub_rule_page_has_breadcrumbs_neighbours_and_related(client):
    html = client.get("/rules/ti4/23.7").get_data(as_text=True)
    assert 'href="/rules/ti4/23"' in html  # breadcrumb to its rule
    assert 'rel="prev" href="/rules/ti4/23.6"' in html
    assert 'rel="next" href="/rules/ti4/23.8"' in html
    assert "Se un giocatore ha annunciato una ritirata" in html


def test_chapter_reads_whole_with_its_sub_rules_inline(client):
    html = client.get("/rules/ti4/23").get_data(as_text=True)
    assert 'id="23.7"' in html and "deve ritirarsi" in html
    assert 'href="/rules/ti4/faq-generale-2"' in html  # the FAQ that clarifies it


def test_huge_chapter_lists_children_instead_of_inlining(client, db):
    html = client.get("/rules/ti4/glossario").get_data(as_text=True)
    assert 'href="/rules/ti4/89"' in html
    assert db.get("ti4/23.7").body_it[:60] not in html


@pytest.mark.parametrize("lang, words", [("it", "Pagina non trovata"), ("en", "Page not found")])
def test_unknown_section_is_a_friendly_404_in_the_reader_language(client, lang, words):
    response = client.get(f"/rules/ti4/999.9?lang={lang}")
    assert response.status_code == 404
    assert words in response.get_data(as_text=True)
    assert client.get("/rules/nogame").status_code == 404


def test_path_traversal_in_an_id_finds_nothing(client):
    assert client.get("/rules/../../etc/passwd").status_code == 404
    assert client.get("/rules/ti4/..%2f..%2fapp.py").status_code == 404


def test_english_page_reads_english_and_says_the_italian_is_authoritative(client, db):
    html = client.get("/rules/ti4/23.7?lang=en").get_data(as_text=True)
    assert "STEP 5. RETREAT" in html and "authoritative" in html
    assert db.get("ti4/23.7").body_it[:40] not in html


def test_side_by_side_shows_both_languages_with_lang_attributes(client):
    html = client.get("/rules/ti4/23.7?lang=en&compare=1").get_data(as_text=True)
    assert '<div class="rule-body" lang="it">' in html and '<div class="rule-body" lang="en">' in html
    assert "Se un giocatore ha annunciato una ritirata" in html and "STEP 5. RETREAT" in html


@pytest.mark.parametrize(
    "url, link",
    [
        ("/rules/ti4/23.7?lang=en&hl=retreat+empty+system", "/rules/ti4/23.7?compare=1&amp;hl=retreat+empty+system"),
        ("/rules/ti4/23.7?lang=it&compare=1&hl=ritirata", "/rules/ti4/23.7?hl=ritirata"),
        ("/rules/ti4/23.7?lang=en", "/rules/ti4/23.7?compare=1"),
    ],
)
def test_switching_to_and_from_side_by_side_keeps_the_searched_passage(client, url, link):
    # Opened from a search, the page marks the answering passage (hl); the switch once dropped it.
    html = client.get(url).get_data(as_text=True)
    assert re.search(r'<p class="compare-switch">\s*<a href="' + re.escape(link) + '"', html)


def test_rule_pages_link_to_the_tools_that_apply_them(client):
    html = client.get("/rules/ti4/23.7?lang=en").get_data(as_text=True)
    assert 'href="/tools/combat/ti4"' in html and 'href="/retreat/ti4"' in html
    chapter = client.get("/rules/ti4/23?lang=en").get_data(as_text=True)  # through its sub-rules
    assert 'href="/tools/combat/ti4"' in chapter
    assert 'href="/tools/combat' not in client.get("/rules/ti4/13").get_data(as_text=True)  # promissory notes


@pytest.mark.parametrize(
    "url", ["/rules/ti4/77.3", "/rules/eclipse/fase-combattimento", "/rules/galaxy/13-combattimento"]
)
def test_english_toggle_reads_the_rules_in_english(client, url):
    from rules_db.parity import italian_share

    html = client.get(url + "?lang=en").get_data(as_text=True)
    text = re.sub(r"<[^>]+>", " ", html.split("<main", 1)[1].split("</main>", 1)[0])
    assert len(text.split()) > 30
    assert italian_share(text) < 0.03, url


def test_english_pages_and_labels_show_the_english_rules_reference_number(client):
    english = client.get("/rules/ti4/23?lang=en").get_data(as_text=True)
    assert "78.7 " in english and ">23.7 " not in english
    assert "English Rules Reference 78 · Italian Compendio 23" in english
    italian = client.get("/rules/ti4/23.7?lang=it").get_data(as_text=True)
    assert "23.7 " in italian and "78.7" in italian  # the Italian number first, the English beside it


def test_a_link_with_an_english_number_resolves(client):
    response = client.get("/rules/ti4/rr/78.7?lang=en")
    assert response.status_code == 301 and response.headers["Location"].endswith("/rules/ti4/23.7?lang=en")
    assert client.get("/rules/ti4/78.7").headers["Location"].endswith("/rules/ti4/23.7")
    assert client.get("/rules/ti4/rr/17.1").status_code == 404
    assert client.get("/rules/ti4/78.4").status_code == 200  # an Italian id stays itself


def test_faq_and_errata_have_their_own_labelled_blocks_in_both_languages(client):
    english = client.get("/rules/ti4/23.7?lang=en").get_data(as_text=True)
    faq = english.split('class="clarifications clarifications-faq"')[1].split("</section>")[0]
    assert "<h2>FAQ</h2>" in faq and "/rules/ti4/faq-generale-2" in faq and "/rules/ti4/faq-carte-azione-1" in faq
    assert english.count('href="/rules/ti4/faq-generale-2"') == 1  # not mixed into related rules too
    chapter = client.get("/rules/ti4/23?lang=en").get_data(as_text=True)  # sub-rules inline: their FAQ too
    assert chapter.count('href="/rules/ti4/faq-generale-2"') == 1 and "Related rules" in chapter
    italian = client.get("/rules/ti4/30.3?lang=it").get_data(as_text=True)
    errata = italian.split('class="clarifications clarifications-errata"')[1].split("</section>")[0]
    assert "<h2>Errata corrige</h2>" in errata and "/rules/ti4/errata-diplomazia" in errata
    assert "<h2>Domande ricorrenti (FAQ)</h2>" in client.get("/rules/ti4/23.7?lang=it").get_data(as_text=True)
    answer = client.get("/rules/ti4/faq-generale-2?lang=en").get_data(as_text=True)  # and back again
    clarified = answer.split("<h2>Rules it clarifies</h2>")[1].split("</ul>")[0]
    assert 'href="/rules/ti4/23.7">78.7 STEP 5. RETREAT</a>' in clarified and "Related rules" not in answer


def test_tables_render_as_tables_in_a_scrolling_region(client, db):
    html = client.get("/rules/eclipse/costruzione?lang=it").get_data(as_text=True)
    assert 'role="region" tabindex="0" aria-label="COSTI DI COSTRUZIONE"><table>' in html
    assert "<th>Materiali</th>" in html and "|---" not in html and "| NAVI" not in html
    for section in db.sections.values():  # no body in either language leaves a pipe table unrendered
        for lang in ("it", "en"):
            rendered = str(markdown_html(section.body(lang)))
            assert not re.search(r"^\s*\|.*\|\s*$", rendered, re.M), (section.id, lang)


def test_flattened_tables_are_rebuilt_with_the_source_s_own_headers(client):
    html = client.get("/rules/eclipse/preparazione-2?lang=en").get_data(as_text=True)
    assert "<th>Players</th>\n<th>2</th>" in html and "<td>Technology Tiles on the Supply Board</td>" in html
    assert "Players Tiles" not in html
    italian = client.get("/rules/eclipse/preparazione-2?lang=it").get_data(as_text=True)
    assert "<td>Pila degli esagoni del Settore Esterno (tessere)</td>\n<td>5</td>" in italian


def test_a_table_row_the_source_lacks_is_marked_as_an_editor_s_note(client):
    for lang, note in (("it", "Nota del curatore:"), ("en", "Editor's note:")):
        html = client.get(f"/rules/eclipse/segnalini-reputazione?lang={lang}").get_data(as_text=True)
        table_end = html.index("</table>")
        assert "<blockquote>" in html[table_end : table_end + 200] and note in html[table_end : table_end + 300]


def test_a_heading_only_section_is_not_called_untranslated(client, db):
    assert db.get("ti4/16.8").has_english() and not db.get("ti4/16.8").body_it
    html = client.get("/rules/ti4/16.8?lang=en").get_data(as_text=True)
    assert "no English translation yet" not in html and "English translation." in html
    assert [s.id for s in db.sections.values() if not s.has_english()] == []


def test_ti4_bold_sentences_show_as_updated_text_with_a_legend(client):
    for lang, legend in (("en", "marks text updated in a later version"), ("it", "segna il testo aggiornato")):
        html = client.get(f"/rules/ti4/23.7?lang={lang}").get_data(as_text=True)
        body = html.split('class="rule-body"')[1].split("</div>")[0]
        assert body.count('<ins class="updated">') == 4 and legend in html
        assert re.findall(r"<strong>(.*?)</strong>", body) == [
            ("STEP 5. RETREAT:" if lang == "en" else "PASSO 5. RITIRATA:")
        ]
    # the sentence that answers "where may I retreat?" was never bold, and is not marked
    english = client.get("/rules/ti4/23.7?lang=en").get_data(as_text=True)
    assert "<p>The system to which that player's units retreat must contain" in english
    # other games: bold is the rulebook's emphasis, kept as it is; no legend
    eclipse = client.get("/rules/eclipse/costruzione?lang=it").get_data(as_text=True)
    assert "<strong>Materiali</strong>" in eclipse and "updated" not in eclipse.split("<main")[1]


def test_english_contents_follow_the_english_rulebook_s_numbers(client):
    english = client.get("/rules/ti4?lang=en").get_data(as_text=True)
    glossary = re.findall(r'href="/rules/ti4/(\d+)">(\d+) ', english)
    assert [int(n) for _id, n in glossary] == sorted(int(n) for _id, n in glossary)
    assert glossary[0] == ("16", "1") and ("23", "78") in glossary  # ABILITIES first; SPACE COMBAT is 78
    italian = client.get("/rules/ti4?lang=it").get_data(as_text=True)
    assert re.findall(r'href="/rules/ti4/(\d+)">', italian)[:3] == ["1", "2", "3"]  # ACCORDO, ADIACENZA, ...


def test_side_by_side_each_text_carries_its_own_book_s_number(client):
    html = client.get("/rules/ti4/23.7?lang=en&compare=1").get_data(as_text=True)
    labels = re.findall(r'<p class="compare-label">([^<]*)</p>', html)
    assert labels == ["Italiano (original) · 23.7", "English · 78.7"]


# --- JSON API ----------------------------------------------------------------------------------


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
        "code": "unknown_section",
        "message": "No section has this id.",
        "field": "id",
    }


def test_unknown_api_path_is_json_too(client):
    response = client.get("/api/nothing-here")
    assert response.status_code == 404 and response.get_json()["error"]["code"] == "not_found"


# --- Glossary ----------------------------------------------------------------------------------


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


@pytest.mark.parametrize("path", ["/rules/ti4/rr/78.7", "/rules/ti4/78.7"])
def test_english_number_redirect_keeps_the_query_as_a_query(client, path):
    """The reader's parameters go along as parameters, never as url_for arguments (a 500 for
    ``section_id``, a redirect to the request's Host for ``_external``)."""
    response = client.get(
        f"{path}?lang=en&hl=ritirata&_external=1&section_id=x&_method=POST", headers={"Host": "evil.example"}
    )
    assert response.status_code == 301
    assert response.headers["Location"] == ("/rules/ti4/23.7?lang=en&hl=ritirata&_external=1&section_id=x&_method=POST")


def test_the_rules_root_leads_to_the_list_of_games(client):
    # /rules/ti4 up one level was a 404; the home page lists every game's rules.
    response = client.get("/rules?lang=en")
    assert response.status_code == 301 and response.headers["Location"] == "/?lang=en"
    assert client.get("/rules/").headers["Location"] == "/"  # the way up from /rules/ti4/


def test_the_heading_does_not_read_the_internal_id_aloud(client):
    html = client.get("/rules/ti4/23.7?lang=en").get_data(as_text=True)
    assert '<span class="section-id" aria-hidden="true">ti4/23.7</span>' in html


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize("lang", ["it", "en"])
def test_previous_and_next_walk_the_contents_as_the_reader_sees_them(db, game, lang):
    from web.reference.views import neighbours, number_order

    walked, current = [], db.roots(game)[0]
    while current is not None:
        walked.append(current)
        current = neighbours(db, current, lang)[1]
    assert len(walked) == len(db.by_game(game)) == len({s.id for s in walked})  # every section once
    for earlier, later in zip(walked, walked[1:]):
        assert neighbours(db, later, lang)[0] == earlier
    chapters = [(root, [db.sections[c] for c in root.children]) for root in db.roots(game)]
    if all(number_order(listed, lang) == listed for _root, listed in chapters):  # the rulebook's reading order
        assert [s.id for s in walked] == [s.id for s in db.by_game(game)]
    else:  # TI4 in English: the chapters as its contents list runs them, 1, 2, 3...
        for root, listed in chapters:
            assert [s for s in walked if s.id in root.children] == number_order(listed, lang)


@pytest.mark.parametrize("lang, words", [("en", "English Rules Reference number 17.1"), ("it", "numero 17.1")])
def test_an_english_number_the_italian_rulebook_lacks_says_why(client, lang, words):
    response = client.get(f"/rules/ti4/rr/17.1?lang={lang}")  # Capture, a Prophecy of Kings rule
    assert response.status_code == 404 and words in response.get_data(as_text=True)
    assert client.get("/rules/eclipse/rr/3").status_code == 404  # a game without an English numbering
