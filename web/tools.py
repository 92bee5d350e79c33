"""The calculators and checkers: the tools page, and the links from rule pages to the tools that
apply them."""

from __future__ import annotations

import importlib.util
import re
from functools import lru_cache
from pathlib import Path

from flask import Blueprint, current_app, render_template, url_for
from flask_babel import lazy_gettext as _l

from rules_db.loader import Section
from web.i18n import current_lang
from web.rules import get_db

bp = Blueprint("tools", __name__)

# (endpoint, title, what it answers); each feature appends its own; a tool appears once its
# blueprint is registered.
TOOLS: list[tuple[str, object, object]] = []

# Which engine modules each tool page runs: (endpoint, url arguments, modules). The section ids
# those modules cite make each rule page link back to the tools that apply it.
APPLIES: list[tuple[str, dict, tuple[str, ...]]] = [
    ("eclipse_combat.page", {}, ("engine.eclipse",)),
    ("eclipse_combat.hex_page", {}, ("engine.eclipse.multi",)),
    ("ti4_combat.page", {}, ("engine.ti4",)),
    ("small_combat.galaxy_page", {}, ("engine.galaxy_combat",)),
    ("small_combat.parsec_page", {}, ("engine.parsec_combat",)),
    ("small_combat.rftg_page", {}, ("engine.rftg_conquest",)),
    ("retreat.eclipse_page", {}, ("engine.retreat.eclipse",)),
    ("retreat.ti4_page", {}, ("engine.retreat.ti4", "engine.retreat.ti4_capacity")),
    ("retreat.parsec_page", {}, ("engine.retreat.parsec",)),
    *[("scoring.sheet", {"game": game}, (f"engine.scoring.{game}",)) for game in ("eclipse", "galaxy", "parsec", "rftg")],
    ("scoring.sheet", {"game": "ti4"}, ("engine.scoring.ti4", "engine.scoring.ti4_claim")),
]
SCORE_SHEET = _l("Score sheet")
_ID_RE = re.compile(r"[\"']((?:eclipse|galaxy|ti4|parsec|rftg)/[a-z0-9][a-z0-9.\-]*)[\"']")


def has_endpoint(endpoint: str) -> bool:
    return endpoint in current_app.view_functions


@lru_cache(maxsize=None)
def cited_rules(module: str) -> frozenset[str]:
    """Every section id written in a module's source (a package: all of its files)."""
    spec = importlib.util.find_spec(module)
    if spec is None or spec.origin is None:
        return frozenset()
    origin = Path(spec.origin)
    files = origin.parent.rglob("*.py") if origin.name == "__init__.py" else [origin]
    return frozenset(match for path in files for match in _ID_RE.findall(path.read_text(encoding="utf-8")))


def game_name(game: str) -> str:
    return get_db().games[game].name(current_lang())


def tools_applying(section: Section, descendants: list[Section]) -> list[tuple[str, str]]:
    """(url, title) of the tools whose engines cite this section or one of its sub-rules."""
    ids = {section.id, *(d.id for d in descendants)}
    titles = {endpoint: title for endpoint, title, _ in TOOLS}
    links = []
    for endpoint, arguments, modules in APPLIES:
        if has_endpoint(endpoint) and any(ids & cited_rules(module) for module in modules):
            title = titles.get(endpoint) or f"{SCORE_SHEET} – {game_name(arguments['game'])}"
            links.append((url_for(endpoint, **arguments), str(title)))
    return links


@bp.app_context_processor
def tool_helpers():
    return {"has_endpoint": has_endpoint}


@bp.route("/tools")
def index():
    tools = [(endpoint, title, blurb) for endpoint, title, blurb in TOOLS if has_endpoint(endpoint)]
    return render_template("tools/index.html", tools=tools)
