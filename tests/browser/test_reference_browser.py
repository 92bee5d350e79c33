"""A reader on a phone: open the home page, switch language, open a TI4 sub-rule from the contents."""

from __future__ import annotations

import re

from playwright.sync_api import expect


def test_home_language_toggle_and_ti4_sub_rule(page, live_url):
    console_errors = []  # a missing asset (icon, script) shows here as "Failed to load resource"
    page.on("console", lambda message: console_errors.append(message.text) if message.type == "error" else None)
    page.goto(live_url + "/")
    expect(page.locator("html")).to_have_attribute("lang", "it")
    expect(page.get_by_role("link", name="Regole", exact=True)).to_be_visible()

    page.get_by_role("link", name=re.compile("Switch language|Cambia lingua")).click()
    expect(page.locator("html")).to_have_attribute("lang", "en")
    expect(page.get_by_role("link", name="Rules", exact=True)).to_be_visible()

    page.get_by_role("link", name=re.compile("Twilight Imperium")).click()
    # English readers see the English Rules Reference's numbers: SPACE COMBAT is 78, not 23
    page.get_by_role("link", name=re.compile(r"^78 SPACE COMBAT")).first.click()
    page.locator('a[href="/rules/ti4/23.7"]').first.click()
    expect(page).to_have_url(re.compile(r"/rules/ti4/23\.7$"))
    expect(page.locator("h1")).to_contain_text("78.7")
    expect(page.locator(".breadcrumbs")).to_contain_text("Rules")

    page.get_by_role("link", name=re.compile("Switch language|Cambia lingua")).click()
    expect(page.locator("html")).to_have_attribute("lang", "it")
    expect(page.locator("h1")).to_contain_text("23.7")
    # nothing overflows the 360 px viewport
    assert page.evaluate("document.documentElement.scrollWidth") <= 360
    assert console_errors == []
