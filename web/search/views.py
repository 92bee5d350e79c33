"""Search: the page at /search, the JSON API at /api/search, the index at start-up and the
``flask build-index`` command. Every Whoosh detail stays in ``rules_db/search``."""

from __future__ import annotations

import re
import time
from pathlib import Path

import click
from flask.cli import with_appcontext
from flask import Blueprint, Flask, Response, current_app, render_template, request
from jinja2.utils import htmlsafe_json_dumps
from markupsafe import Markup

from rules_db.loader import GAMES, Section
from rules_db.search import index
from rules_db.search.live import LiveSearch
from rules_db.search.glossary import load_glossary
from rules_db.search.query import MAX_QUERY_CHARS, MAX_WORDS
from rules_db.search.searcher import MAX_LIMIT, MAX_PAGE, ResultPage, RulesSearch
from web.core.models import read_query
from web.search.models import DEFAULT_API_LIMIT, SearchQuery
from web.search.text import EXAMPLES, FILTERED_TIP, TIPS
from web.core.i18n import LANGS, current_lang
from web.core.openapi import STRING, array, document, integer, obj
from web.core.rules import get_db, section_url

bp = Blueprint("search", __name__)

PAGE_SIZE = 10
_INTEGER = re.compile(r"-?\d{1,9}")

RESULT = obj(
    {"id": STRING, "game": {"type": "string", "enum": list(GAMES)}, "title": STRING,
     "snippet": {"type": "string", "description": "HTML: the text is escaped, matched words are in <mark>."},
     "url": STRING, "score": {"type": "number"}},
    ("id", "game", "title", "snippet", "url", "score"),
)
document(
    "/api/search", "get",
    summary="Search the rules of every game in Italian and English: ranked sections with highlighted "
    "snippets, counts per game and a spelling suggestion.",
    query=SearchQuery,
    response=obj(
        {"query": STRING, "lang": {"type": "string", "enum": list(LANGS)}, "total": integer(0),
         "results": array(RESULT, MAX_LIMIT), "suggestion": {"type": ["string", "null"]},
         "facets": {"type": "object", "additionalProperties": integer(1)}},
        ("query", "lang", "total", "results", "suggestion", "facets"),
    ),
    limits=f"q at most {MAX_QUERY_CHARS} characters (the first {MAX_WORDS} content words are used); "
    f"limit 1-{MAX_LIMIT} (default {DEFAULT_API_LIMIT}); page 1-{MAX_PAGE}.",
)


def index_root(app: Flask) -> Path:
    return Path(app.instance_path) / "index"


def init_search(app: Flask) -> None:
    """Open the index (building it first when missing or stale) and register ``build-index``."""
    db = app.extensions["rules_db"]
    app.extensions["search"] = LiveSearch(index_root(app), db, load_glossary())
    app.cli.add_command(build_index_command)
    app.jinja_env.globals.update(search_marks=search_marks)


@click.command("build-index")
@with_appcontext
def build_index_command() -> None:
    """Rebuild the search index now; running servers switch to it within a second."""
    app = current_app
    started = time.perf_counter()
    live, _built = index.ensure(index_root(app), app.extensions["rules_db"], load_glossary(), force=True)
    click.echo(f"Index built in {time.perf_counter() - started:.2f} s: {live}")


def get_search() -> RulesSearch:
    return current_app.extensions["search"].current()


def short_name(name: str) -> str:
    """"Eclipse – New Dawn for the Galaxy" -> "Eclipse": game filters must fit a phone's width."""
    return re.split(r" – |: ", name, maxsplit=1)[0]


def breadcrumb(section: Section, lang: str) -> list[str]:
    db = get_db()
    return [db.games[section.game].name(lang)] + [a.title(lang) for a in db.ancestors(section)]


@bp.get("/api/search")
def api():
    """``GET /api/search?q=&lang=it|en&game=&limit=&page=``; limits in docs/search.md."""
    query = read_query(SearchQuery)
    lang = current_lang()  # ?lang= is checked with every /api/ request (web.core.i18n)
    found = get_search().search(query.q, lang, query.game, query.page, query.limit)
    payload = {
        "query": found.plan.text,
        "lang": lang,
        "total": found.total,
        "results": [
            {
                "id": r.section.id,
                "game": r.section.game,
                "title": r.section.title(r.lang),
                "snippet": r.snippet,
                "url": section_url(r.section.id),
                "score": round(r.score, 3),
            }
            for r in found.results
        ],
        "suggestion": found.plan.suggestion,
        "facets": found.facets,
    }
    # The user's text comes back inside JSON: <, > and & are written as \u escapes, so the answer
    # is inert even if some client pastes it into a page.
    return Response(htmlsafe_json_dumps(payload, ensure_ascii=False), mimetype="application/json")


@bp.get("/search")
def page():
    lang = current_lang()
    text = request.args.get("q", "")
    too_long = len(text) > MAX_QUERY_CHARS
    game = request.args.get("game") if request.args.get("game") in GAMES else None
    raw_page = request.args.get("page", "1")
    number = min(int(raw_page), MAX_PAGE) if _INTEGER.fullmatch(raw_page) and int(raw_page) > 0 else 1
    found: ResultPage = get_search().search(text[:MAX_QUERY_CHARS], lang, game, number, PAGE_SIZE)
    db = get_db()
    return render_template(
        "search/page.html",
        q=found.plan.text,
        found=found,
        too_long=too_long,
        max_chars=MAX_QUERY_CHARS,
        games=[(db.games[g], short_name(db.games[g].name(lang))) for g in GAMES if g in db.games],
        results=[(r, breadcrumb(r.section, lang), Markup(r.snippet)) for r in found.results],
        examples=EXAMPLES[lang],
        tips=[*TIPS, FILTERED_TIP] if found.game else TIPS,
    )


def search_marks(sections: list[Section]) -> list[str]:
    """For a section page opened from a result (``?hl=<query>``): the words on it to highlight,
    in the language shown (both when the page shows them side by side)."""
    text = request.args.get("hl", "")
    if not text or "search" not in current_app.extensions:
        return []
    langs = LANGS if request.args.get("compare") == "1" else (current_lang(),)
    found = set()
    for lang in langs:
        found.update(get_search().words_to_mark(text[:MAX_QUERY_CHARS], sections, lang))
    return sorted(found)
