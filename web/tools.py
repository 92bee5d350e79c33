"""The list of calculators and checkers, shown on the tools page and linked from the header."""

from __future__ import annotations

from flask import Blueprint, current_app, render_template

bp = Blueprint("tools", __name__)

# (endpoint, title, what it answers); a tool appears once its blueprint is registered.
TOOLS: list[tuple[str, object, object]] = []


def has_endpoint(endpoint: str) -> bool:
    return endpoint in current_app.view_functions


@bp.app_context_processor
def tool_helpers():
    return {"has_endpoint": has_endpoint}


@bp.route("/tools")
def index():
    tools = [(endpoint, title, blurb) for endpoint, title, blurb in TOOLS if has_endpoint(endpoint)]
    return render_template("tools/index.html", tools=tools)
