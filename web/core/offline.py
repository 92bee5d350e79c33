"""Reading without a connection: the web app manifest, the service worker's version and the lists
of pages it keeps (the app shell, and each game's rules in both languages).

The service worker (``static/js/sw.js``) names its caches after ``offline_version()``: a digest of
the rules database and of the files that make the pages. A new rulebook edit or a new release
changes it, the pages register the worker under the new version, the stored games are fetched
again into the new caches and the old ones are deleted, so no copy is served stale forever.
"""

from __future__ import annotations

import hashlib
from functools import lru_cache
from pathlib import Path

from flask import Blueprint, current_app, jsonify, render_template, request, url_for
from flask_babel import gettext as _
from flask_babel import lazy_gettext as _l

from rules_db.loader import GAMES
from web.reference.views import section_summary
from web.core.errors import ApiError
from web.core.i18n import LANGS, current_lang
from web.core.models import OfflineGame, OfflineShell
from web.core.openapi import document
from web.core.rules import get_db, section_url
from web.core.registry import TOOLS
from web.core.tools import has_endpoint

bp = Blueprint("offline", __name__)

ROOT = Path(__file__).resolve().parents[2]
# What the pages are made of: a change in any of these is a new app version.
SHELL_SOURCES = ("static", "templates", "translations", "web")
SERVICE_WORKER = "js/sw.js"
THEME = "#1a2130"
BACKGROUND = "#10141c"
# The pages every installed copy keeps, besides the tools' pages (from web.core.registry).
SHELL_PAGES = ("reference.home", "tools.index", "glossary.index", "offline.page")
# Score sheets live in the page's own storage and keep working offline; every other tool is a
# calculator whose answers come from the server (offline it shows the last ones kept locally).
SHEET_ENDPOINTS = ("scoring.index", "scoring.sheet")


@lru_cache(maxsize=1)
def shell_digest(root: Path = ROOT) -> str:
    """Digest of every file that makes the pages (read once per process: releases restart it)."""
    digest = hashlib.sha256()
    for folder in SHELL_SOURCES:
        for path in sorted((root / folder).rglob("*")):
            if path.is_file() and "__pycache__" not in path.parts:
                digest.update(str(path.relative_to(root)).encode())
                digest.update(path.read_bytes())
    return digest.hexdigest()


# Computed when the app is built (before gunicorn forks its workers), not at a first request.
@bp.record_once
def _digest_at_registration(_state: object) -> None:
    shell_digest()


def offline_version() -> str:
    """The caches' version: the rules digest and the app's own, shortened."""
    return hashlib.sha256(f"{get_db().digest}:{shell_digest()}".encode()).hexdigest()[:16]


def tool_kind() -> str:
    """'sheet' on score sheets (kept on the device), 'calculator' on other tools, '' elsewhere."""
    if request.endpoint in SHEET_ENDPOINTS:
        return "sheet"
    return "calculator" if request.endpoint in {tool.endpoint for tool in TOOLS} else ""


def shell_urls() -> list[str]:
    """Assets and the pages that work without the rules: home, lists, every tool, in both languages."""
    static = Path(str(current_app.static_folder))
    assets = [
        url_for("static", filename=path.relative_to(static).as_posix())
        for path in sorted(static.rglob("*"))
        if path.is_file() and path.relative_to(static).as_posix() != SERVICE_WORKER
    ]
    pages: list[tuple[str, dict]] = [(endpoint, {}) for endpoint in SHELL_PAGES]
    pages += [(tool.endpoint, tool.args) for tool in TOOLS]
    urls = [url_for(e, **a, lang=lang) for lang in LANGS for e, a in pages if has_endpoint(e)]
    return assets + list(dict.fromkeys(urls))


def game_pages(game: str) -> list[str]:
    """Every page of one game's rules in both languages: contents, glossary, each section."""
    pages = []
    for lang in LANGS:
        pages.append(url_for("reference.toc", game_id=game, lang=lang))
        if has_endpoint("glossary.page"):
            pages.append(url_for("glossary.page", game_id=game, lang=lang))
        pages += [section_url(s.id, lang=lang) for s in get_db().by_game(game)]
    return pages


@bp.after_app_request
def offline_headers(response):
    if request.endpoint == "static" and (request.view_args or {}).get("filename") == SERVICE_WORKER:
        # Served under /static/ but in charge of the whole site; never taken from the HTTP cache.
        response.headers["Service-Worker-Allowed"] = "/"
        response.headers["Cache-Control"] = "no-cache"
    elif response.mimetype == "text/html":
        # The worker files each page under its language (it cannot read the lang cookie).
        response.headers.setdefault("Content-Language", current_lang())
    return response


@bp.app_context_processor
def offline_context():
    return {"offline_version": offline_version, "offline_tool_kind": tool_kind, "offline_theme": THEME}


@bp.get("/manifest.json")
def manifest():
    home = url_for("reference.home")
    response = jsonify(
        {
            "id": home,
            "name": _("Astrolabio: rules and calculators"),
            "short_name": "Astrolabio",
            "description": _("Rules, combat odds and score sheets for space board games, also without a connection."),
            "lang": current_lang(),
            "dir": "ltr",
            "start_url": home,
            "scope": home,
            "display": "standalone",
            "background_color": BACKGROUND,
            "theme_color": THEME,
            "icons": [
                {
                    "src": url_for("static", filename="img/icon.svg"),
                    "sizes": "any",
                    "type": "image/svg+xml",
                    "purpose": "any",
                }
            ],
            "shortcuts": [
                {"name": _("Offline reading"), "url": url_for("offline.page")},
                {"name": _("Tools"), "url": url_for("tools.index")},
            ],
        }
    )
    response.mimetype = "application/manifest+json"
    return response


@bp.get("/offline")
def page():
    db = get_db()
    games = [(db.games[g], len(db.by_game(g))) for g in GAMES if g in db.games]
    # The offline search, opened for /search?game=..., names the game it searched in.
    names = {game.id: game.name(current_lang()) for game, _count in games}
    return render_template("offline/page.html", games=games, game_names=names)


document(
    "/api/offline",
    "get",
    summary=_l("What an installed copy keeps: the caches' version, the app shell's urls and the games."),
    response=OfflineShell,
    example={},
)
document(
    "/api/offline/{game}",
    "get",
    summary=_l(
        "One game for offline reading: every page to keep (both languages) and every section "
        "with its body in Italian and English, for the search over the stored rules."
    ),
    params=[{"name": "game", "in": "path", "required": True, "schema": {"type": "string", "enum": list(GAMES)}}],
    response=OfflineGame,
    example={"path": {"game": "parsec"}},
    errors=(404,),
)


@bp.get("/api/offline")
def shell():
    db = get_db()
    games = [
        {"id": g, "name": {lang: db.games[g].name(lang) for lang in LANGS}, "sections": len(db.by_game(g))}
        for g in GAMES
        if g in db.games
    ]
    return jsonify({"version": offline_version(), "shell": shell_urls(), "games": games})


@bp.get("/api/offline/<game>")
def game_pack(game: str):
    db = get_db()
    if game not in db.games:
        raise ApiError(
            "unknown_game", _("Unknown game: choose one of %(games)s.", games=", ".join(GAMES)), "game", status=404
        )
    sections = [{**section_summary(s), "body": {"it": s.body_it, "en": s.body_en}} for s in db.by_game(game)]
    return jsonify({"version": offline_version(), "game": game, "pages": game_pages(game), "sections": sections})
