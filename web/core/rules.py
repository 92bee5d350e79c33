"""The rules database inside the app: loaded once at start-up, rendered to HTML on demand."""

from __future__ import annotations

import html
import re
from functools import lru_cache

import markdown
from flask import Flask, current_app, url_for
from markupsafe import Markup

from rules_db.loader import RulesDB, Section, load
from web.core.i18n import current_lang


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


_TABLE_RE = re.compile(r"<table>(.*?)</table>", re.S)
_FIRST_HEADER_RE = re.compile(r"<th[^>]*>(.*?)</th>", re.S)
_TAGS_RE = re.compile(r"<[^>]+>")


def _scrolling(match: re.Match) -> str:
    """A table in a focusable region that scrolls sideways on a narrow phone instead of widening
    the page; the region is named after the table's first heading."""
    heading = _FIRST_HEADER_RE.search(match[1])
    name = html.unescape(_TAGS_RE.sub("", heading[1])).strip() if heading else ""
    label = f' aria-label="{html.escape(name)}"' if name else ""
    return f'<div class="table-scroll rule-table" role="region" tabindex="0"{label}><table>{match[1]}</table></div>'


_STRONG_RE = re.compile(r"<strong>(.*?)</strong>", re.S)
UPDATE_MIN_WORDS = 8  # bold this long is a whole updated sentence, not an emphasised word or a label


def _update(match: re.Match) -> str:
    words = len(_TAGS_RE.sub("", match[1]).split())
    return f'<ins class="updated">{match[1]}</ins>' if words >= UPDATE_MIN_WORDS else match[0]


@lru_cache(maxsize=4096)
def markdown_html(text: str, bold_marks_updates: bool = False) -> Markup:
    """Section bodies are our own reviewed source files; Markdown renders them once each.

    ``bold_marks_updates``: in TI4's Compendio, text updated in a later version is printed in
    colour, which the converted text kept as bold. Whole bold sentences are shown for what they
    are, updated text (``<ins>``), instead of a page of bold; short bold (labels such as "D:",
    a stressed word) stays bold."""
    html = markdown.markdown(text, extensions=["sane_lists", "tables"], output_format="html")
    if bold_marks_updates:
        html = _STRONG_RE.sub(_update, html)
    return Markup(_TABLE_RE.sub(_scrolling, html))
