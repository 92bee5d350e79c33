"""Security headers on every response.

Scripts come only from our own origin (no inline script, no CDN); the pages may not be framed.
Inline ``style`` attributes stay allowed: bar widths in charts are data, not code.
"""

from __future__ import annotations

from flask import Flask

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
}


def init_security(app: Flask) -> None:
    @app.after_request
    def add_headers(response):
        for name, value in HEADERS.items():
            response.headers.setdefault(name, value)
        return response
