"""The rules reference: reading pages (home, a table of contents per game, one page per section),
their JSON (``/api/sections``: the list of sections and each section whole), and the bilingual
glossary pages (each game's terms in Italian and in the English players use).

The glossary's pairs are the same data that expands search queries
(``rules_db/glossary/<game>.tsv``), so the page and the search can never disagree about a term.
"""

from __future__ import annotations

from flask import Blueprint, abort, current_app, jsonify, redirect, render_template, request, url_for
from flask_babel import gettext as _
from flask_babel import lazy_gettext as _l

from rules_db.loader import GAMES, RulesDB, Section
from web.core.errors import ApiError
from web.core.i18n import current_lang
from web.core.models import read_query
from web.core.openapi import document
from web.core.rules import get_db, markdown_html, section_url
from web.core.urls import query_url
from web.core.tools import tools_applying
from web.reference.models import SectionList, SectionsQuery, SectionWhole
from web.reference.text import GAME_BLURBS, UNKNOWN_SECTION

bp = Blueprint("reference", __name__)

# A chapter is shown whole (with every sub-rule inline) up to this many descendants;
# beyond that its page lists the children, so a page stays readable on a phone.
INLINE_DESCENDANTS = 60


def clarifications(db: RulesDB, shown: list[Section]) -> tuple[list[Section], list[Section]]:
    """The FAQ answers and the errata that clarify the rules on a page, apart: each gets its own
    labelled block. An erratum is a section under the rulebook's errata chapter."""
    found = dict.fromkeys(c for section in shown for c in section.clarified_by)
    entries = [db.sections[c] for c in found]
    is_erratum = [db.ancestors(e)[0].key == "errata" if e.parent else False for e in entries]
    return ([e for e, err in zip(entries, is_erratum) if not err], [e for e, err in zip(entries, is_erratum) if err])


@bp.route("/")
def home():
    db = get_db()
    games = [(db.games[g], GAME_BLURBS[g], len(db.by_game(g))) for g in GAMES if g in db.games]
    return render_template("reference/home.html", games=games)


@bp.route("/rules", strict_slashes=False)
def rules_home():
    """The rules pages' own root (/rules/ti4 up one level): the home page lists the games' rules."""
    return redirect(query_url(url_for("reference.home"), request.args.to_dict(flat=False)), code=301)


def number_order(sections: list[Section], lang: str) -> list[Section]:
    """Sibling chapters in the order of the reader's rulebook: TI4's English Rules Reference sorts
    its chapters by English name, so an English contents list runs 1, 2, 3 ... like the book."""
    numbers = [s.display_number(lang) for s in sections]
    if not all(n.isdigit() for n in numbers):
        return sections
    return sorted(sections, key=lambda s: int(s.display_number(lang)))


def neighbours(db: RulesDB, section: Section, lang: str) -> tuple[Section | None, Section | None]:
    """Previous and next section as the reader's contents list runs: TI4's English chapters in
    their English order (``number_order``), each with its sub-rules; otherwise the rulebook's."""
    roots = db.roots(section.game)
    chapters = [number_order([db.sections[c] for c in root.children], lang) for root in roots]
    if all([c.id for c in listed] == list(root.children) for listed, root in zip(chapters, roots)):
        return db.neighbours(section)
    position = {s.id: i for i, s in enumerate(db.by_game(section.game))}
    order: list[Section] = []
    for root, listed in zip(roots, chapters):
        order.append(root)
        for chapter in listed:
            order += sorted([chapter, *db.descendants(chapter)], key=lambda s: position[s.id])
    index = next(i for i, s in enumerate(order) if s.id == section.id)
    return (order[index - 1] if index else None, order[index + 1] if index + 1 < len(order) else None)


def known_game(game_id: str) -> RulesDB:
    """The rules database, or a 404 when it holds no such game (a page per game)."""
    db = get_db()
    if game_id not in db.games:
        abort(404)
    return db


@bp.route("/rules/<game_id>")
def toc(game_id: str):
    db = known_game(game_id)
    lang = current_lang()
    contents = [(root, number_order([db.sections[c] for c in root.children], lang)) for root in db.roots(game_id)]
    return render_template("reference/toc.html", game=db.games[game_id], contents=contents)


def unknown_english_number(db: RulesDB, game_id: str, number: str):
    """A 404 that says why, for a game with an English numbering: the English Rules Reference
    numbers rules (Prophecy of Kings') that the Italian base-game rulebook does not have."""
    if not (game_id in db.numberings and db.numberings[game_id].chapters):
        abort(404)
    message = _(
        "No rule of this rulebook has the English Rules Reference number %(number)s: the English "
        "numbering also counts rules, such as Prophecy of Kings', that the Italian base-game rulebook does not have.",
        number=number,
    )
    return render_template("errors/error.html", status=404, message=message), 404


@bp.route("/rules/<game_id>/rr/<number>")
def english_number(game_id: str, number: str):
    """A rule cited by its English Rules Reference number (/rules/ti4/rr/78.7 -> ti4/23.7)."""
    db = get_db()
    found = db.by_english_number(game_id, number)
    if found is None:
        return unknown_english_number(db, game_id, number)
    return redirect(query_url(section_url(found.id), request.args.to_dict(flat=False)), code=301)


@bp.route("/rules/<path:section_id>")
def section(section_id: str):
    db = get_db()
    found = db.get(section_id)
    if found is None:
        # Not an id: perhaps an English reader's number (ti4/78.7, no such Italian paragraph).
        game, _sep, number = section_id.partition("/")
        if (english := db.by_english_number(game, number)) is not None:
            return redirect(query_url(section_url(english.id), request.args.to_dict(flat=False)), code=301)
        abort(404)
    lang = current_lang()
    descendants = list(db.descendants(found))
    inline = descendants if len(descendants) <= INLINE_DESCENDANTS else []
    previous, following = neighbours(db, found, lang)
    faqs, errata = clarifications(db, [found, *inline])
    # "Italiano / English original": both texts side by side, the Italian being authoritative.
    compare = request.args.get("compare") == "1"
    languages = ("it", "en") if compare else (lang,)
    updates = db.games[found.game].bold == "updated"
    blocks = [(s, [(code, markdown_html(s.body(code), updates)) for code in languages]) for s in [found, *inline]]
    return render_template(
        "reference/section.html",
        section=found,
        game=db.games[found.game],
        crumbs=db.ancestors(found),
        compare=compare,
        blocks=blocks,
        has_updates=any('<ins class="updated">' in html for _s, bodies in blocks for _c, html in bodies),
        children=[db.sections[c] for c in found.children] if not inline else [],
        related=[db.sections[r] for r in found.related if r not in found.clarified_by + found.clarifies],
        clarifies=[db.sections[r] for r in found.clarifies],
        faqs=faqs,
        errata=errata,
        tools=tools_applying(found, descendants),
        previous=previous,
        following=following,
        db=db,
    )


# --- JSON API ---------------------------------------------------------------------------

api_bp = Blueprint("api_sections", __name__, url_prefix="/api")


def section_summary(section: Section) -> dict:
    return {
        "id": section.id,
        "game": section.game,
        "number": section.number,
        "number_en": section.display_number("en"),
        "title": {"it": section.title_it, "en": section.title_en},
        "url": section_url(section.id),
    }


document(
    "/api/sections",
    "get",
    summary=_l("Every section id with its game, number, title in both languages and page url."),
    query=SectionsQuery,
    response=SectionList,
)
document(
    "/api/sections/{section_id}",
    "get",
    summary=_l("One section whole: title and Markdown body in Italian and English, hierarchy and links."),
    params=[{"name": "section_id", "in": "path", "required": True, "schema": {"type": "string"}}],
    response=SectionWhole,
    example={"path": {"section_id": "ti4/23.7"}},
    errors=(404,),
)


@api_bp.get("/sections")
def list_sections():
    db = get_db()
    game = read_query(SectionsQuery).game
    games = [game] if game else list(GAMES)
    sections = [section_summary(s) for g in games for s in db.by_game(g)]
    return jsonify({"count": len(sections), "sections": sections})


@api_bp.get("/sections/<path:section_id>")
def get_section(section_id: str):
    found = get_db().get(section_id)
    if found is None:
        raise ApiError("unknown_section", str(UNKNOWN_SECTION), "id", status=404)
    return jsonify(
        {
            **section_summary(found),
            "body": {"it": found.body_it, "en": found.body_en},
            "parent": found.parent,
            "children": list(found.children),
            "related": list(found.related),
            "clarified_by": list(found.clarified_by),
            "keywords": list(found.keywords),
        }
    )


# --- Glossary ---------------------------------------------------------------------------

glossary_bp = Blueprint("glossary", __name__)


def game_pairs(game: str, lang: str):
    pairs = current_app.extensions["search"].glossary.for_game(game)
    return sorted(pairs, key=lambda pair: pair.text(lang).casefold())


@glossary_bp.route("/glossary")
def index():
    db = get_db()
    lang = current_lang()
    games = [(db.games[g], len(game_pairs(g, lang))) for g in GAMES if g in db.games]
    return render_template("glossary/index.html", games=games, total=sum(n for _, n in games))


@glossary_bp.route("/glossary/<game_id>")
def page(game_id: str):
    db = known_game(game_id)
    lang = current_lang()
    return render_template("glossary/page.html", game=db.games[game_id], pairs=game_pairs(game_id, lang))
