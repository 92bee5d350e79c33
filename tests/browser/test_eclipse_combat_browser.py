"""A player on a phone: build two fleets, compute the odds, reopen the share link, open a cited rule."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect


@pytest.mark.browser
def test_build_compute_share_and_open_rule(page, live_url):
    page.goto(live_url + "/tools/combat/eclipse?lang=en")
    expect(page.locator("h1")).to_have_text("Eclipse combat odds")

    attacker = page.locator("#ec-attacker")
    attacker.locator(".ec-inc").first.click()  # 2 interceptors
    expect(attacker.locator(".ec-count").first).to_have_value("2")
    attacker.get_by_role("button", name="Add ship group").click()  # + a cruiser
    expect(attacker.locator(".ec-group")).to_have_count(2)
    expect(attacker.locator(".ec-type").nth(1)).to_have_value("cruiser")
    expect(attacker.locator(".ec-live").nth(1)).to_contain_text("Initiative 2")

    defender = page.locator("#ec-defender")
    defender.get_by_role("button", name="Ancients preset").click()
    expect(defender.locator(".ec-type").first).to_have_value("ancient")

    page.get_by_role("button", name="Compute odds").click()
    results = page.locator("#ec-results")
    expect(results).to_be_visible()
    expect(page.locator("#ec-att-win")).to_have_text(re.compile(r"\d+\.\d%"))
    expect(page.locator("#ec-survivors .ec-surv")).to_have_count(3)
    assert page.evaluate("document.documentElement.scrollWidth") <= 360

    # The share link reproduces the battle (and computes it on opening).
    first = page.locator("#ec-att-win").inner_text()
    share = page.locator("#ec-share-link").get_attribute("href")
    page.goto(share)
    expect(page.locator("#ec-att-win")).to_have_text(first)
    expect(page.locator("#ec-attacker .ec-group")).to_have_count(2)

    rule = page.locator("#ec-rules a").first
    href = rule.get_attribute("href")
    assert href.startswith("/rules/eclipse/")
    rule.click()
    expect(page).to_have_url(re.compile(re.escape(href) + "$"))
    expect(page.locator("h1")).to_be_visible()


@pytest.mark.browser
def test_italian_error_names_the_field(page, live_url):
    page.goto(live_url + "/tools/combat/eclipse?lang=it")
    attacker = page.locator("#ec-attacker")
    attacker.locator(".ec-part").nth(1).select_option("")  # remove the nuclear source
    expect(attacker.locator(".ec-live").first).to_contain_text("Energia insufficiente")
    page.get_by_role("button", name="Calcola le probabilità").click()
    expect(page.locator("#ec-error")).to_contain_text("attacker.ships[0].parts")
    expect(page.locator("#ec-error")).to_contain_text("regola eclipse/sviluppo")
