"""The rules database inside the app: loaded with its search index (web/search.py keeps the pair
live), rendered to HTML on demand."""

from __future__ import annotations

from functools import lru_cache

import markdown
from flask import Flask, current_app, g, url_for
from markupsafe import Markup

from rules_db.loader import ROOT, RulesDB, Section
from rules_db.search.searcher import RulesSearch
from web.i18n import current_lang


def init_rules(app: Flask) -> None:
    app.config.setdefault("RULES_ROOT", ROOT)  # tests point it at an editable copy
    app.jinja_env.globals.update(section_url=section_url, section_label=section_label)


def live_rules() -> RulesSearch:
    """The rules database and its index, the same pair for the whole request even if a
    rebuild swaps them meanwhile."""
    if "live_rules" not in g:
        g.live_rules = current_app.extensions["search"].current()
    return g.live_rules


def get_db() -> RulesDB:
    return live_rules().db


def section_url(section_id: str, **params) -> str:
    return url_for("reference.section", section_id=section_id, **params)


def section_label(section: Section, lang: str) -> str:
    """What a link to a section says: its number (if any) and its title."""
    title = section.title(lang)
    if not section.number or title.startswith(section.number):
        return title  # Galaxy's chapter titles already carry their printed number
    return f"{section.number} {title}"


def rule_label(section_id: str) -> str:
    """A cited rule as its number and title in the reader's language, or its id if unknown."""
    found = get_db().get(section_id)
    return section_label(found, current_lang()) if found else section_id


@lru_cache(maxsize=4096)
def markdown_html(text: str) -> Markup:
    """Section bodies are our own reviewed source files; Markdown renders them once each."""
    return Markup(markdown.markdown(text, extensions=["sane_lists"], output_format="html"))
