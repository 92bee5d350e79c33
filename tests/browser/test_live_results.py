"""The answer follows the form live (Astrolabio.live): no button press, no stale answer."""

from __future__ import annotations

import re

from playwright.sync_api import expect


def test_eclipse_result_follows_the_fleets_without_a_button(page, live_url):
    page.goto(live_url + "/tools/combat/eclipse?lang=en")
    results = page.locator("#ec-results")
    expect(results).to_be_hidden()
    attacker = page.locator("#ec-attacker")
    attacker.locator(".ec-inc").first.click()  # 2 interceptors against the default defender
    expect(results).to_be_visible()
    first = page.locator("#ec-att-win").inner_text()
    assert re.fullmatch(r"[<>]? ?\d+\.\d%", first)
    for _ in range(2):
        attacker.locator(".ec-inc").first.click()  # 4 interceptors: the attacker does better
    expect(page.locator("#ec-att-win")).not_to_have_text(first)
    expect(attacker.locator(".ec-inc").first).to_be_focused()  # the update never moved the reader


def test_a_common_eclipse_battle_is_entered_within_two_screens(page, live_url):
    # Two interceptors and a cruiser against the Ancients: the form (both sides, the button) fits
    # in two 740 px screens at 360 px; blueprints and plans are folded behind their toggles.
    page.goto(live_url + "/tools/combat/eclipse?lang=it")
    attacker = page.locator("#ec-attacker")
    attacker.locator(".ec-inc").first.click()
    attacker.locator(".ec-add").click()
    page.locator("#ec-defender .ec-preset[data-preset='ancient']").click()
    form = page.locator("#ec-form").bounding_box()
    assert form["height"] <= 2 * 740, form
    expect(page.locator("#ec-attacker .ec-part").first).to_be_hidden()
    attacker.get_by_text("Parti e statistiche").first.click()
    expect(page.locator("#ec-attacker .ec-part").first).to_be_visible()
    expect(page.locator("#ec-results")).to_be_visible()  # computed live, no button pressed
    assert page.evaluate("document.documentElement.scrollWidth") <= 360
