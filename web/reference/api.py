"""JSON access to the rules database: the list of sections and each section whole."""

from __future__ import annotations

from flask import Blueprint, jsonify
from flask_babel import gettext as _

from rules_db.loader import GAMES, Section
from web.core.errors import ApiError
from web.core.models import read_query
from web.reference.models import SectionsQuery
from web.core.openapi import STRING, array, document, integer, obj, ref
from web.core.rules import get_db, section_url

bp = Blueprint("api_sections", __name__, url_prefix="/api")


def section_summary(section: Section) -> dict:
    return {
        "id": section.id,
        "game": section.game,
        "number": section.number,
        "number_en": section.display_number("en"),
        "title": {"it": section.title_it, "en": section.title_en},
        "url": section_url(section.id),
    }


SECTION = {"allOf": [ref("SectionSummary"), obj(
    {
        "body": ref("Localized"),
        "parent": {"type": ["string", "null"]},
        "children": array(STRING),
        "related": array(STRING),
        "clarified_by": array(STRING),
        "keywords": array(STRING),
    },
    ("body", "parent", "children", "related", "clarified_by"),
)]}
document(
    "/api/sections", "get",
    summary="Every section id with its game, number, title in both languages and page url.",
    query=SectionsQuery,
    response=obj({"count": integer(0), "sections": array(ref("SectionSummary"))}, ("count", "sections")),
)
document(
    "/api/sections/{section_id}", "get",
    summary="One section whole: title and Markdown body in Italian and English, hierarchy and links.",
    params=[{"name": "section_id", "in": "path", "required": True, "schema": STRING}],
    response=SECTION,
    example={"path": {"section_id": "ti4/23.7"}},
    errors=(404,),
)


@bp.get("/sections")
def list_sections():
    db = get_db()
    game = read_query(SectionsQuery).game
    games = [game] if game else list(GAMES)
    sections = [section_summary(s) for g in games for s in db.by_game(g)]
    return jsonify({"count": len(sections), "sections": sections})


@bp.get("/sections/<path:section_id>")
def get_section(section_id: str):
    found = get_db().get(section_id)
    if found is None:
        raise ApiError("unknown_section", _("No section has this id."), "id", status=404)
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
