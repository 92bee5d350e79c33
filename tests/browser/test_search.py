"""A player on a phone searches the rules: types a question, sees highlighted results, filters by
game, opens a result and finds the answering passage marked and scrolled to on the rule page."""

from __future__ import annotations

import json
import re

from playwright.sync_api import expect


def test_search_filter_and_open_a_result(page, live_url):
    errors = []
    page.on("pageerror", lambda error: errors.append(str(error)))  # our scripts must not throw

    page.goto(live_url + "/rules/ti4")
    page.get_by_role("link", name="Cerca", exact=True).click()
    expect(page).to_have_url(re.compile(r"/search\?game=ti4$"))  # from a game's pages: that game
    # The shortcut lives in a deferred script: wait for it, as a reader's eye is slower than a URL change.
    page.wait_for_load_state("load")

    # "/" puts the cursor in the search box.
    page.locator("body").press("/")
    box = page.get_by_label("Parole o una domanda, in italiano o in inglese")
    expect(box).to_be_focused()
    box.type("posso ritirarmi in un sistema vuoto?")
    box.press("Enter")

    results = page.locator("ol.results > li")
    expect(results.first).to_be_visible()
    expect(page).to_have_url(re.compile(r"game=ti4"))
    assert all(results.nth(i).get_attribute("data-id").startswith("ti4/") for i in range(results.count()))
    expect(page.locator("ol.results mark").first).to_be_visible()
    expect(box).to_have_value("posso ritirarmi in un sistema vuoto?")  # the box keeps the query
    assert "ti4/23.7" in [results.nth(i).get_attribute("data-id") for i in range(3)]
    expect(results.first.locator(".crumbs")).to_contain_text("Twilight Imperium")  # each hit names its game

    page.locator("[data-widen]").click()  # one tap: every game
    expect(page.locator('.facets a[data-game="eclipse"]')).to_be_visible()
    page.locator('.facets a[data-game="eclipse"]').click()
    expect(page.locator('.facets a[data-game="eclipse"]')).to_have_attribute("aria-current", "page")
    ids = [results.nth(i).get_attribute("data-id") for i in range(results.count())]
    assert ids and all(i.startswith("eclipse/") for i in ids)
    assert "eclipse/ritirata" in ids

    results.filter(has=page.locator('a[href^="/rules/eclipse/ritirata?"]')).get_by_role("link").click()
    expect(page).to_have_url(re.compile(r"/rules/eclipse/ritirata\?hl="))
    marks = page.locator("article.section mark.search-passage")
    expect(marks.first).to_be_visible()
    assert "ritir" in " ".join(marks.all_inner_texts()).lower()
    assert page.locator("article.section mark:not(.search-passage)").count() == 0  # no word marked elsewhere

    assert page.evaluate("document.documentElement.scrollWidth") <= 360  # nothing overflows the phone
    assert not errors, errors


def test_search_in_english_with_a_typo(page, live_url):
    page.goto(live_url + "/search?lang=en")
    box = page.get_by_label("Words or a question, in Italian or English")
    box.fill("bombardamneto")
    page.get_by_role("button", name="Search").click()
    suggestion = page.locator("[data-suggestion]")
    expect(suggestion).to_have_text("bombardamento")
    expect(page.locator('ol.results > li[data-id="ti4/12"]')).to_be_visible()


def test_opened_result_scrolls_to_the_answering_passage(page, live_url):
    errors = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    # The example page: 76 words were marked here; now one passage, near its end.
    page.goto(live_url + "/rules/eclipse/movimento?hl=attraversare l'esagono del centro prima di distruggere lo sdcg")
    marks = page.locator("article.section mark.search-passage")
    expect(marks.first).to_be_in_viewport()
    assert "SDCG" in " ".join(marks.all_inner_texts())
    # One passage, inside one block: not every "movimento" on the page.
    blocks = page.evaluate("""() => new Set([...document.querySelectorAll('mark.search-passage')]
        .map(m => m.closest('p, li, td'))).size""")
    assert blocks == 1
    assert page.evaluate("window.scrollY") > 0  # the passage is below the first screen: scrolled to
    assert not errors, errors


def test_an_opened_table_row_is_marked_cell_by_cell(page, live_url):
    # A row's passage reads "Corazzata · 8"; each cell was searched for it, so nothing was marked.
    page.goto(live_url + "/rules/eclipse/costruzione?hl=quanto costa una corazzata")
    marks = page.locator("article.section mark.search-passage")
    expect(marks.first).to_be_in_viewport()
    assert marks.all_inner_texts() == ["Corazzata", "8"]
    assert (
        page.evaluate("new Set([...document.querySelectorAll('mark.search-passage')].map(m => m.closest('tr'))).size")
        == 1
    )


def test_tab_goes_on_from_the_marked_passage(page, live_url):
    # The first Tab went to the skip link and scrolled the reader back to the top.
    page.goto(live_url + "/rules/ti4/77?hl=sostenere danni")
    expect(page.locator("mark.search-passage").first).to_be_in_viewport()
    scrolled = page.evaluate("window.scrollY")
    assert scrolled > 0 and page.evaluate(
        "document.activeElement.contains(document.querySelector('mark.search-passage'))"
    )
    page.keyboard.press("Tab")
    assert page.evaluate("window.scrollY") >= scrolled * 0.8  # still near the passage, not the top
    assert page.evaluate("document.activeElement.className") != "skip-link"


def test_a_page_opened_without_a_search_keeps_the_focus_where_it_was(page, live_url):
    page.goto(live_url + "/rules/ti4/77")
    assert page.evaluate("document.activeElement === document.body")
    assert page.locator("mark.search-passage").count() == 0 and page.evaluate("window.scrollY") == 0


def highlighted(page, live_url, body: str, passage: str) -> list[str]:
    """The texts of the blocks highlight.js marks for ``passage`` on a page of ``body``."""
    data = json.dumps([{"lang": "en", "text": passage}])
    page.goto(live_url + "/search")  # the app's origin: its scripts are served to it alone
    page.set_content(
        f'<article class="section"><div class="rule-body" lang="en">{body}</div></article>'
        f'<script type="application/json" id="search-passage">{data}</script>'
        '<script src="/static/js/highlight.js"></script>'
    )
    return page.evaluate(
        "[...document.querySelectorAll('mark.search-passage')].map(m => m.closest('td, p, li').outerHTML)"
    )


def test_a_passage_that_is_a_block_whole_is_marked_there_not_inside_an_earlier_one(page, live_url):
    marked = highlighted(page, live_url, "<p>All SHIPS move first.</p><table><tr><td>SHIPS</td></tr></table>", "SHIPS")
    assert marked == ['<td><mark class="search-passage">SHIPS</mark></td>']


def test_a_row_with_an_empty_cell_is_marked(page, live_url):
    row = "<table><tr><td>Dreadnought</td><td></td><td>8</td></tr></table>"
    assert len(highlighted(page, live_url, row, "Dreadnought · 8")) == 2


def test_a_long_word_never_widens_the_page(page, live_url):
    for lang in ("it", "en"):
        page.goto(live_url + f"/search?lang={lang}&q=" + "supercalifragilistichespiralidoso" * 4)
        expect(page.locator("#help-title")).to_be_visible()
        assert page.evaluate("document.documentElement.scrollWidth") <= 360
