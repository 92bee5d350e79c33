"""Search: the page at /search, the JSON API at /api/search, the index at start-up and the
``flask build-index`` command. Every Whoosh detail stays in ``rules_db/search``."""

from __future__ import annotations

import re
import threading
import time
import unicodedata
from pathlib import Path
from typing import Any, Callable, TypeVar

import click
from flask.cli import with_appcontext
from flask import Blueprint, Flask, Response, current_app, redirect, render_template, request, url_for
from flask_babel import gettext as _
from flask_babel import lazy_gettext as _l
from jinja2.utils import htmlsafe_json_dumps
from markupsafe import Markup

from rules_db.loader import GAMES, Section
from rules_db.search import vectors
from rules_db.search.encoder import default_encoder
from rules_db.search.live import LiveSearch, from_disk
from rules_db.search.query import MAX_QUERY_CHARS, MAX_WORDS
from rules_db.search.searcher import MAX_LIMIT, MAX_PAGE, ResultPage, RulesSearch
from web.core.compute import compute
from web.core.errors import ApiError
from web.core.models import read_query
from web.search.models import DEFAULT_API_LIMIT, SearchAnswer, SearchQuery
from web.search.text import EXAMPLES, FILTERED_TIP, GAME_EXAMPLES, TIPS
from web.core.i18n import LANGS, current_lang
from web.core.openapi import document
from web.core.rules import get_db, live_rules, section_url

bp = Blueprint("search", __name__)
T = TypeVar("T")

PAGE_SIZE = 10
MAX_GAME_SHOWN = 40  # characters of an unknown ?game= value echoed in the page's notice


def shown_text(text: str) -> str:
    """``text`` without format characters (a right-to-left override would turn the rest of the
    sentence it is echoed in around)."""
    return "".join(ch for ch in text if unicodedata.category(ch) != "Cf")


_DIGITS = re.compile(r"[0-9]+")

document(
    "/api/search",
    "get",
    summary=_l(
        "Search the rules of every game in Italian and English: ranked sections with highlighted "
        "snippets, counts per game and a spelling suggestion."
    ),
    query=SearchQuery,
    response=SearchAnswer,
    limits=_l(
        "q at most %(chars)s characters (the first %(words)s content words are used); limit 1-%(limit)s "
        "(default %(default)s); page 1-%(page)s.",
        chars=MAX_QUERY_CHARS,
        words=MAX_WORDS,
        limit=MAX_LIMIT,
        default=DEFAULT_API_LIMIT,
        page=MAX_PAGE,
    ),
)


def index_root(app: Flask) -> Path:
    return Path(app.instance_path) / "index"


def init_search(app: Flask) -> None:
    """Load the rules with their index (building it first when missing, stale or damaged) and
    register ``build-index``.

    Missing or stale section vectors are encoded in a background thread started by the first
    request a process serves (SEARCH_VECTORS_BACKGROUND, on unless testing): a command such as
    ``flask routes`` never starts an encode, and a server answers lexically meanwhile.
    SEARCH_ENCODER: a factory of the sentence encoder (default: encoder.default_encoder); None
    turns the rerank off (the tests' app: lexical, and no test encodes the rules)."""
    live = LiveSearch(
        index_root(app), from_disk(Path(app.config["RULES_ROOT"])), app.config.get("SEARCH_ENCODER", default_encoder)
    )
    app.extensions["search"] = live
    app.cli.add_command(build_index_command)
    app.jinja_env.globals.update(search_passages=search_passages)
    if (
        live.encoder is not None
        and app.config.get("SEARCH_VECTORS_BACKGROUND", not app.testing)
        and live.current().semantic is None
    ):
        started = threading.Event()

        @app.before_request
        def build_vectors_once() -> None:
            if not started.is_set():
                started.set()
                live.start_vectors_build()


@click.command("build-index")
@with_appcontext
def build_index_command() -> None:
    """Rebuild the search index from the rules on disk now, and the section vectors if the rules
    changed; running servers switch to the new rules, index and vectors within a second or two."""
    holder = current_app.extensions["search"]
    started = time.perf_counter()
    live = holder.reload(force=True)
    if live is None:
        raise click.ClickException(f"The index folder {index_root(current_app)} cannot be written.")
    click.echo(f"Index built in {time.perf_counter() - started:.2f} s: {live}")
    encoder = holder.encoder
    if encoder is None:
        click.echo("Section vectors: no encoder configured (SEARCH_ENCODER), search stays lexical")
        return
    started = time.perf_counter()
    path = vectors.ensure(index_root(current_app), holder.db, encoder())
    click.echo(f"Section vectors ready in {time.perf_counter() - started:.2f} s: {path}")


def get_search() -> RulesSearch:
    return live_rules()


def budgeted(namespace: str, payload: list, function: Callable[[RulesSearch], T]) -> T:
    """``function(search)`` under the app's time budget and remembered per process, like the
    calculators' computations (web/core/compute.py). The key holds the live index and whether the
    rerank is on, so a rebuilt index or newly arrived vectors are never answered from the past."""
    live = current_app.extensions["search"]
    search = live_rules()  # the request's pair of rules and index
    key = [str(live.directory), search.semantic is not None, *payload]
    try:
        return compute(namespace, key, lambda: function(search), capped=False)
    except ApiError as error:
        if error.code != "time_budget_exceeded":
            raise
        raise ApiError(
            "time_budget_exceeded", _("This search would take too long: try fewer or shorter words."), "q", status=422
        ) from None


def run_search(text: str, lang: str, game: str | None, page: int, limit: int) -> ResultPage:
    return budgeted("search", [text, lang, game, page, limit], lambda s: s.search(text, lang, game, page, limit))


def short_name(name: str) -> str:
    """ "Eclipse – New Dawn for the Galaxy" -> "Eclipse": game filters must fit a phone's width."""
    return re.split(r" – |: ", name, maxsplit=1)[0]


def breadcrumb(section: Section, lang: str) -> list[str]:
    db = get_db()
    return [db.games[section.game].name(lang)] + [a.title(lang) for a in db.ancestors(section)]


@bp.get("/api/search")
def api():
    """``GET /api/search?q=&lang=it|en&game=&limit=&page=``; limits in docs/search.md."""
    query = read_query(SearchQuery)
    lang = current_lang()  # ?lang= is checked with every /api/ request (web.core.i18n)
    found = run_search(query.q, lang, query.game, query.page, query.limit)
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
    asked_game = request.args.get("game", "")
    typed = asked_game.strip().lower()  # "Eclipse ", as a player may type it
    game = typed if typed in GAMES else None
    raw_page = request.args.get("page", "1")
    # A page number beyond MAX_PAGE (however long) asks for the last page; anything else, the first.
    digits = raw_page.lstrip("0") or "0"  # "0000000002" is page 2, however many zeros lead it
    number = (MAX_PAGE if len(digits) > 9 else max(1, min(int(digits), MAX_PAGE))) if _DIGITS.fullmatch(raw_page) else 1
    found = run_search(text[:MAX_QUERY_CHARS], lang, game, number, PAGE_SIZE)
    asked: dict[str, Any] = {"lang": request.args["lang"]} if "lang" in request.args else {}  # no choice not made
    if not found.results and not found.plan.words and len(found.plan.games) == 1:
        # A game's name alone ("parsec") asks for its rulebook: its name is never searched for.
        (named,) = found.plan.games
        return redirect(url_for("reference.toc", game_id=named, **asked))
    if not found.results and found.total:  # a page past the last one (an old link): the last one
        return redirect(url_for("search.page", q=text, game=game, page=found.pages, **asked))
    db = get_db()
    return render_template(
        "search/page.html",
        q=found.plan.text,
        found=found,
        too_long=too_long,
        max_chars=MAX_QUERY_CHARS,
        games=[(db.games[g], short_name(db.games[g].name(lang))) for g in GAMES if g in db.games],
        game_name=db.games[game].name(lang) if game else None,
        results=[(r, breadcrumb(r.section, lang), Markup(r.snippet)) for r in found.results],
        unknown_game=shown_text(asked_game)[:MAX_GAME_SHOWN] if asked_game and not game and found.plan.text else None,
        examples=GAME_EXAMPLES[game][lang] if game else EXAMPLES[lang],
        tips=[*TIPS, FILTERED_TIP] if found.game else TIPS,
    )


def search_passages(sections: list[Section]) -> list[dict[str, str]]:
    """For a section page opened from a result (``?hl=<query>``): the passage to mark and scroll
    to, per language shown (both when the page shows them side by side); [] when none matches."""
    text = request.args.get("hl", "")[:MAX_QUERY_CHARS]
    if not text or "search" not in current_app.extensions:
        return []
    langs = LANGS if request.args.get("compare") == "1" else (current_lang(),)
    ids = [s.id for s in sections]
    found = []
    for lang in langs:

        def mark(search: RulesSearch, shown: str = lang) -> str:
            return search.passage_to_mark(text, sections, shown)

        try:
            passage = budgeted("search-passage", [text, ids, lang], mark)
        except ApiError:  # over budget: the page is still worth reading, unmarked
            return []
        if passage:
            found.append({"lang": lang, "text": passage})
    return found
