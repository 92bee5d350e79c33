"""Astrolabio's application factory: configuration, language, rules database, blueprints, CLI."""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any, Mapping

from flask import Flask
from werkzeug.middleware.proxy_fix import ProxyFix

from web import BLUEPRINTS
from web.core.errors import register_error_handlers
from web.core.i18n import init_i18n
from web.core.rules import init_rules
from web.search.views import init_search
from web.core.security import init_security

# Every request body is small JSON or a form: anything bigger is refused before parsing.
MAX_REQUEST_BYTES = 64 * 1024


def create_app(test_config: Mapping[str, Any] | None = None) -> Flask:
    """Build the app; ``test_config`` overrides settings (tests pass a temporary INSTANCE_PATH)."""
    config = dict(test_config or {})
    instance_path = config.pop("INSTANCE_PATH", None) or os.environ.get("ASTROLABIO_INSTANCE")
    app = Flask(__name__, instance_path=str(Path(instance_path).resolve()) if instance_path else None)
    hosts = os.environ.get("ASTROLABIO_TRUSTED_HOSTS", "")
    app.config.from_mapping(
        SECRET_KEY=os.environ.get("ASTROLABIO_SECRET_KEY", "dev-only-not-secret"),
        MAX_CONTENT_LENGTH=MAX_REQUEST_BYTES,
        # Host names the site answers to (e.g. "astrolabio.example,.astrolabio.example"); any
        # other Host header gets a 400. Unset: every host (development, ./run.sh on loopback).
        TRUSTED_HOSTS=[h.strip() for h in hosts.split(",") if h.strip()] or None,
        # Proxies in front that set X-Forwarded-For/-Proto (the nginx front: 1); 0 trusts none.
        PROXIES=int(os.environ.get("ASTROLABIO_PROXIES", "0")),
    )
    app.config.update(config)
    if app.config["PROXIES"]:
        app.wsgi_app = ProxyFix(  # type: ignore[method-assign]
            app.wsgi_app, x_for=app.config["PROXIES"], x_proto=app.config["PROXIES"]
        )
    app.json.sort_keys = False  # type: ignore[attr-defined]  # keep answers in the documented field order
    Path(app.instance_path).mkdir(parents=True, exist_ok=True)

    init_i18n(app)
    init_rules(app)
    init_search(app)  # opens the search index, building it first when missing or stale
    init_security(app)
    register_error_handlers(app)
    for blueprint in BLUEPRINTS:
        app.register_blueprint(blueprint)
    return app
