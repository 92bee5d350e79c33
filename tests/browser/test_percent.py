"""The same chance prints the same on a server-rendered page (web.core.i18n.probability, the
background job's page) and in a page script (Astrolabio.percent, every other page)."""

from __future__ import annotations

import pytest

# Halves at the first decimal (as floats, a hair above or below), the "< 0.1%" and "> 99.9%"
# bounds and their neighbours, and ordinary values.
CHANCES = [0.4545, 0.0625, 0.00125, 0.1235, 0.5, 0.99949, 0.9995, 0.99951, 0.0005, 0.00049, 2 / 3, 1 / 7, 0, 1]


@pytest.mark.browser
@pytest.mark.parametrize("lang", ["it", "en"])
def test_the_server_and_the_browser_print_a_chance_alike(app, page, live_url, lang):
    from web.core.i18n import probability

    page.goto(live_url + f"/tools?lang={lang}")
    shown = page.evaluate("ps => ps.map(p => window.Astrolabio.percent(p))", CHANCES)
    with app.test_request_context(f"/?lang={lang}"):
        assert shown == [probability(p) for p in CHANCES]
