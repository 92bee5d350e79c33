"""The bilingual glossary pages: each game's terms in Italian and in the English players use.

The pairs are the same data that expands search queries (``rules_db/glossary/<game>.tsv``), so the
page and the search can never disagree about a term.
"""

from __future__ import annotations

from flask import Blueprint, abort, current_app, render_template

from rules_db.loader import GAMES
from web.core.i18n import current_lang
from web.core.rules import get_db

bp = Blueprint("glossary", __name__)


def game_pairs(game: str, lang: str):
    pairs = current_app.extensions["search"].glossary.for_game(game)
    return sorted(pairs, key=lambda pair: pair.text(lang).casefold())


@bp.route("/glossary")
def index():
    db = get_db()
    lang = current_lang()
    games = [(db.games[g], len(game_pairs(g, lang))) for g in GAMES if g in db.games]
    return render_template("glossary/index.html", games=games, total=sum(n for _, n in games))


@bp.route("/glossary/<game_id>")
def page(game_id: str):
    db = get_db()
    if game_id not in db.games:
        abort(404)
    lang = current_lang()
    return render_template("glossary/page.html", game=db.games[game_id], pairs=game_pairs(game_id, lang))
