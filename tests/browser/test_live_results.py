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
