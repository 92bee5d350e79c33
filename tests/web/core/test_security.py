"""Security headers on pages, API answers and errors alike."""

from __future__ import annotations

import io
import json
import re
from pathlib import Path

import pytest
from flask import request

from app import create_app
from web.core.security import HEADERS, same_site_location

ROOT = Path(__file__).resolve().parents[3]


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


def test_the_front_sends_the_same_headers_on_its_own_pages():
    lines = (ROOT / "deploy" / "nginx" / "security-headers.conf").read_text().splitlines()
    sent = dict(
        re.fullmatch(r'add_header (\S+) "(.*)" always;', line).groups() for line in lines if line.startswith("add_")
    )
    assert sent == HEADERS


def test_isolation_and_transport_headers(client):
    headers = client.get("/").headers
    assert headers["Strict-Transport-Security"].startswith("max-age=")
    assert "camera=()" in headers["Permissions-Policy"] and "geolocation=()" in headers["Permissions-Policy"]
    assert headers["Cross-Origin-Opener-Policy"] == "same-origin"
    assert headers["Cross-Origin-Resource-Policy"] == "same-origin"


def test_redirects_stay_on_the_site_whatever_the_host_header(client):
    response = client.get("/rules//ti4?x=1", headers={"Host": "evil.example"})
    assert response.status_code == 308 and response.headers["Location"] == "/rules/ti4?x=1"
    assert same_site_location("http://evil.example//x", "evil.example") == "/x"  # never protocol-relative
    assert same_site_location("https://other.example/x", "evil.example") == "https://other.example/x"


def test_only_trusted_hosts_are_answered(tmp_path):
    app = create_app(
        {
            "TESTING": True,
            "SEARCH_ENCODER": None,
            "INSTANCE_PATH": str(tmp_path),
            "TRUSTED_HOSTS": ["astrolabio.example"],
        }
    )
    client = app.test_client()
    refused = client.get("/rules//ti4", headers={"Host": "evil.example"})
    assert refused.status_code == 400 and refused.get_json()["error"]["code"] == "bad_request"
    assert "Location" not in refused.headers
    assert client.get("/health", headers={"Host": "astrolabio.example"}).status_code == 200


def test_behind_one_proxy_the_client_address_and_scheme_come_from_it(tmp_path):
    app = create_app({"TESTING": True, "INSTANCE_PATH": str(tmp_path), "PROXIES": 1, "SEARCH_ENCODER": None})
    seen = {}

    @app.get("/_seen")
    def _seen():
        seen.update(addr=request.remote_addr, secure=request.is_secure)
        return ""

    app.test_client().get("/_seen", headers={"X-Forwarded-For": "203.0.113.9", "X-Forwarded-Proto": "https"})
    assert seen == {"addr": "203.0.113.9", "secure": True}


def test_a_chunked_body_over_the_limit_is_a_413(client):
    def post(padding: int):
        body = json.dumps({"attacker": 8, "defender": 7, "target": "ship"}).encode() + b" " * padding
        return client.post(
            "/api/combat/galaxy",
            input_stream=io.BytesIO(body),
            content_type="application/json",
            headers={"Transfer-Encoding": "chunked"},
            environ_base={"wsgi.input_terminated": True},
        )

    too_large = post(70_000)
    assert too_large.status_code == 413 and too_large.get_json()["error"]["code"] == "request_too_large"
    assert post(0).status_code == 200
