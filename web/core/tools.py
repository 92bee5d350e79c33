"""The calculators and checkers: the tools page, and the links from rule pages to the tools that
apply them (both from the registry, ``web.core.registry``)."""

from __future__ import annotations

from flask import Blueprint, current_app, render_template, request, url_for
from flask_babel import lazy_gettext as _l

from rules_db.loader import Section
from web.core.i18n import current_lang
from web.core.registry import TOOLS
from web.core.rules import get_db

bp = Blueprint("tools", __name__)

SCORE_SHEET = _l("Score sheet")


def has_endpoint(endpoint: str) -> bool:
    return endpoint in current_app.view_functions


def game_name(game: str) -> str:
    return get_db().games[game].name(current_lang())


def tools_applying(section: Section, descendants: list[Section]) -> list[tuple[str, str]]:
    """(url, title) of the tools that may cite this section or one of its sub-rules."""
    ids = {section.id, *(d.id for d in descendants)}
    return [
        (url_for(tool.endpoint, **tool.args), str(tool.title or f"{SCORE_SHEET} – {game_name(tool.args['game'])}"))
        for tool in TOOLS
        if has_endpoint(tool.endpoint) and ids & set(tool.cites)
    ]


def page_game() -> str | None:
    """The one game the tool page being served is about (its cited rules are all that game's), so
    that a search started there keeps to it; None elsewhere or for a tool of several games."""
    args = request.view_args or {}
    games = {
        rule.split("/", 1)[0]
        for tool in TOOLS
        if tool.endpoint == request.endpoint and tool.args == args
        for rule in tool.cites
    }
    return games.pop() if len(games) == 1 else None


@bp.app_context_processor
def tool_helpers():
    return {"has_endpoint": has_endpoint, "page_game": page_game}


@bp.route("/tools")
def index():
    tools = [(tool.endpoint, tool.title, tool.blurb) for tool in TOOLS if tool.title and has_endpoint(tool.endpoint)]
    return render_template("tools/index.html", tools=tools)
