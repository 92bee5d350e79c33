"""Security headers on every response.

Scripts come only from our own origin (no inline script, no CDN); the pages may not be framed.
Inline ``style`` attributes stay allowed: bar widths in charts are data, not code. The site uses
no powerful browser feature, opens no window it must talk to and is embedded nowhere, so all of
them are refused. HSTS is sent on every answer: browsers ignore it over plain HTTP, and behind
TLS it keeps them on HTTPS. The front's own error pages send the same headers
(deploy/nginx/security-headers.conf, kept equal by tests/web/core/test_security.py).
"""

from __future__ import annotations

from urllib.parse import urlsplit, urlunsplit

from flask import Flask, request

CSP = "; ".join(
    [
        "default-src 'self'",
        "script-src 'self'",
        "style-src 'self' 'unsafe-inline'",
        "img-src 'self' data:",
        "connect-src 'self'",
        "object-src 'none'",
        "base-uri 'none'",
        "form-action 'self'",
        "frame-ancestors 'none'",
    ]
)
HEADERS = {
    "Content-Security-Policy": CSP,
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "same-origin",
    "X-Frame-Options": "DENY",
    "Strict-Transport-Security": "max-age=31536000; includeSubDomains",
    "Permissions-Policy": ", ".join(
        f"{feature}=()"
        for feature in (
            "accelerometer",
            "camera",
            "geolocation",
            "gyroscope",
            "magnetometer",
            "microphone",
            "payment",
            "usb",
        )
    ),
    "Cross-Origin-Opener-Policy": "same-origin",
    "Cross-Origin-Resource-Policy": "same-origin",
}


def same_site_location(location: str, host: str) -> str:
    """A redirect to our own host as a path: Werkzeug builds the target of its own redirects
    (``/rules//ti4`` -> ``/rules/ti4``) from the Host header, which the client chooses."""
    parts = urlsplit(location)
    if parts.netloc != host:
        return location
    return urlunsplit(("", "", "/" + parts.path.lstrip("/"), parts.query, parts.fragment))


def init_security(app: Flask) -> None:
    @app.after_request
    def add_headers(response):
        for name, value in HEADERS.items():
            response.headers.setdefault(name, value)
        if "Location" in response.headers:
            response.headers["Location"] = same_site_location(response.headers["Location"], request.host)
        return response
