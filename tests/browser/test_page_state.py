"""What a tool page holds survives the language toggle and a reload, and a shared link opens in
its recipient's language (static/js/common.js: keepState, stateUrl, the toggle)."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect

# Each tool page, one edit a player makes on it (a field and the value typed), before computing.
EDITS = [
    ("/tools/combat/ti4", "#attacker-dreadnought", "3"),
    ("/tools/combat/eclipse", "#ec-attacker .ec-count >> nth=0", "3"),
    ("/tools/combat/eclipse/hex", "#hx-name-0", "Zeta"),
    ("/tools/combat/galaxy", "#g-attacker", "10"),
    ("/tools/combat/parsec", "#p-defender", "cruiser"),
    ("/tools/conquest/rftg", "#r-military", "2, 3"),
    ("/scoring/eclipse", "#p0-name", "Anna"),
    ("/retreat/ti4", "#n0", "Zeta"),
    ("/retreat/eclipse", "#h0", "Zeta"),
    ("/retreat/parsec", "#att", "fighter@1,0"),
]


def edit(page, selector, value):
    field = page.locator(selector)
    if field.evaluate("node => node.tagName") == "SELECT":
        field.select_option(value)
    else:
        field.fill(value)
        field.dispatch_event("change")


@pytest.mark.parametrize("path, selector, value", EDITS, ids=[e[0] for e in EDITS])
def test_toggle_and_reload_keep_what_was_entered(page, live_url, path, selector, value):
    page.goto(live_url + path + "?lang=it")
    expect(page.locator("html")).to_have_attribute("lang", "it")
    edit(page, selector, value)
    page.locator("a.lang-toggle").click()
    expect(page.locator("html")).to_have_attribute("lang", "en")
    page.wait_for_load_state("load")  # the deferred script that drops ?lang= has run
    expect(page.locator(selector)).to_have_value(value)
    assert "lang=" not in page.url  # the address bar can be copied as it is
    page.reload()
    expect(page.locator("html")).to_have_attribute("lang", "en")  # the choice is in the cookie
    expect(page.locator(selector)).to_have_value(value)


def test_the_retreat_checker_keeps_its_situation_across_the_toggle(page, live_url):
    page.goto(live_url + "/retreat/ti4?lang=en")
    page.get_by_role("button", name="Check the retreat").click()
    checked = page.url
    page.locator("a.lang-toggle").click()
    expect(page.locator("html")).to_have_attribute("lang", "it")
    page.wait_for_load_state("load")  # the deferred script that drops ?lang= has run
    assert page.url.split("?", 1)[1].split("#")[0] == checked.split("?", 1)[1].split("#")[0]
    assert "lang=" not in page.locator("#share-url").input_value()


def test_an_untouched_retreat_example_keeps_a_bare_address(page, live_url):
    page.goto(live_url + "/retreat/eclipse?lang=it")
    page.wait_for_load_state("load")
    assert "?" not in page.url  # a reload still opens the example, announced as one
    page.get_by_label("Il tuo colore").select_option("red")
    assert "player=red" in page.url


def test_a_shared_battle_opens_in_the_recipients_language_and_sets_no_cookie(browser, page, live_url):
    page.goto(live_url + "/tools/combat/ti4?lang=it")
    page.fill("#attacker-dreadnought", "2")
    page.get_by_role("button", name="Calcola").click()
    expect(page.locator("#ti4-result .share")).to_have_attribute("href", re.compile("dreadnought"))
    share = page.locator("#ti4-result .share").get_attribute("href")
    assert "lang" not in share and "b=" in share

    english = browser.new_context(viewport={"width": 360, "height": 740}, locale="en-GB", service_workers="block")
    try:
        friend = english.new_page()
        friend.goto(share if share.startswith("http") else live_url + share)
        expect(friend.locator("html")).to_have_attribute("lang", "en")
        expect(friend.locator("#attacker-dreadnought")).to_have_value("2")
        expect(friend.locator('#ti4-result [data-out="attacker_win"]')).to_contain_text("%")
        assert not [c for c in english.cookies() if c["name"] == "lang"]
    finally:
        english.close()


@pytest.mark.parametrize("path", ["/tools/combat/eclipse", "/tools/combat/galaxy"])
def test_share_links_carry_no_language(page, live_url, path):
    page.goto(live_url + path + "?lang=en")
    page.locator("form button[type=submit]").first.click()
    link = page.locator("#ec-share-link, .share").first
    page.wait_for_function('() => !!document.querySelector(\'#ec-share-link[href*="s="], .share[href*="="]\')')
    assert "lang=" not in link.get_attribute("href")
