"""Security headers on pages, API answers and errors alike."""

from __future__ import annotations

import pytest


@pytest.mark.parametrize("url", ["/", "/rules/ti4/23.7", "/api/sections/ti4/1", "/no-such-page", "/api/none"])
def test_headers_everywhere(client, url):
    headers = client.get(url).headers
    csp = headers["Content-Security-Policy"]
    assert "script-src 'self'" in csp and "'unsafe-inline'" not in csp.split("script-src")[1].split(";")[0]
    assert "frame-ancestors 'none'" in csp
    assert headers["X-Content-Type-Options"] == "nosniff"
    assert headers["Referrer-Policy"] == "same-origin"


def test_no_inline_scripts_in_pages(client):
    for url in ["/", "/rules/ti4", "/rules/ti4/23.7", "/tools"]:
        html = client.get(url).get_data(as_text=True)
        for tag in html.split("<script")[1:]:
            opening = tag.split(">", 1)[0]
            assert "src=" in opening or 'type="application/json"' in opening, opening


def test_request_size_is_limited(client):
    response = client.post("/api/sections", data="x" * 70_000, content_type="application/json")
    assert response.status_code in (405, 413)
    assert response.get_json()["error"]["code"] in ("method_not_allowed", "request_too_large")
