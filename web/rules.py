"""The rules database inside the app: loaded once at start-up, rendered to HTML on demand."""

from __future__ import annotations

from functools import lru_cache

import markdown
from flask import Flask, current_app, url_for
from markupsafe import Markup

from rules_db.loader import RulesDB, Section, load
from web.i18n import current_lang


def init_rules(app: Flask) -> None:
    app.extensions["rules_db"] = load()
    app.jinja_env.globals.update(section_url=section_url, section_label=section_label)


def get_db() -> RulesDB:
    return current_app.extensions["rules_db"]


def section_url(section_id: str, **params) -> str:
    return url_for("reference.section", section_id=section_id, **params)


def section_label(section: Section, lang: str) -> str:
    """What a link to a section says: its number (if any) and its title. The number is the one
    the reader's rulebook prints: TI4's English Rules Reference numbers chapters differently."""
    title = section.title(lang)
    number = section.display_number(lang)
    if not number or title.startswith(number):
        return title  # Galaxy's chapter titles already carry their printed number
    return f"{number} {title}"


def rule_label(section_id: str) -> str:
    """A cited rule as its number and title in the reader's language, or its id if unknown."""
    found = get_db().get(section_id)
    return section_label(found, current_lang()) if found else section_id


@lru_cache(maxsize=4096)
def markdown_html(text: str) -> Markup:
    """Section bodies are our own reviewed source files; Markdown renders them once each."""
    return Markup(markdown.markdown(text, extensions=["sane_lists"], output_format="html"))
