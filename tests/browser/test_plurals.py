"""Counts in the results read as grammar in both languages: the page scripts pick gettext plural
forms the server translated (Astrolabio.plural), so no "1 rimaste", "3 Incrociatore" or "1 ships"."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

# One dreadnought against one destroyer (tests/test_ti4_space.py): each side ends with 0 or 1 unit.
TI4 = '{"kind":"space","attacker":{"units":{"dreadnought":1}},"defender":{"units":{"destroyer":1}}}'


@pytest.mark.parametrize(
    "lang, one, none, ship",
    [
        ("en", "1 unit left", "0 units left", "1 Dreadnought"),
        ("it", "1 unità rimasta", "0 unità rimaste", "1 Corazzata"),
    ],
)
def test_ti4_survivors_in_both_languages(page, live_url, lang, one, none, ship):
    page.goto(f"{live_url}/tools/combat/ti4?lang={lang}&b={TI4}")
    card = page.locator('#ti4-result .survivors .card[data-side="attacker"]')
    expect(card).to_contain_text(one)
    expect(card).to_contain_text(none)
    expect(card.locator(".compositions").last).to_contain_text(ship)
    assert "1 units" not in card.inner_text()


@pytest.mark.parametrize("lang, one, two", [("en", "1 ship", "2 ships"), ("it", "1 nave", "2 navi")])
def test_eclipse_survivor_counts_in_both_languages(page, live_url, lang, one, two):
    page.goto(f"{live_url}/tools/combat/eclipse?lang={lang}")
    page.locator("#ec-attacker .ec-inc").first.click()  # 2 interceptors against the default
    page.locator("#ec-form button[type=submit]").click()
    survivors = page.locator("#ec-survivors")
    expect(survivors).to_contain_text(two)
    expect(survivors).to_contain_text(one)
    assert "1 ships" not in survivors.inner_text() and "1 navi" not in survivors.inner_text()
