"""What a result shows: a short extract of the section with the matched words in ``<mark>``.

Everything but the ``<mark>`` tags is HTML-escaped here, so the extract can be shown as is.
"""

from __future__ import annotations

import re
from html import escape

from whoosh.highlight import ContextFragmenter, HtmlFormatter, highlight

from rules_db.search.analysis import ANALYZERS

SNIPPET_CHARS = 220  # about two lines on a phone
SOURCE_CHARS = 4000  # only the opening of a long chapter is scanned for the extract (speed)
_MARKDOWN_RES = [
    (re.compile(r"!?\[([^\]]*)\]\([^)]*\)"), r"\1"),  # links and images: keep the text
    (re.compile(r"^\s{0,3}(?:#{1,6}\s+|[-*+]\s+|\d+[.)]\s+|>\s?)", re.M), ""),  # block marks
    (re.compile(r"(\*\*|__|\*|`)"), ""),  # emphasis and code marks
    (re.compile(r"^\s*\|?[-:| ]{3,}\|?\s*$", re.M), " "),  # table rules
    (re.compile(r"\s*\|\s*"), " · "),  # table cells
    (re.compile(r"\s+"), " "),
]


def plain_text(markdown: str) -> str:
    """Section Markdown as one line of text, without its markup."""
    text = markdown
    for pattern, replacement in _MARKDOWN_RES:
        text = pattern.sub(replacement, text)
    return text.strip(" ·")


class MarkFormatter(HtmlFormatter):
    """``<mark>word</mark>``, everything else escaped (Whoosh's formatter adds classes we do not use)."""

    def __init__(self) -> None:
        super().__init__(tagname="mark", between=" … ")

    def format_token(self, text, token, replace=False):
        return "<mark>" + self._text(text[token.startchar : token.endchar]) + "</mark>"


def snippet(text: str, terms: frozenset[str], lang: str) -> str:
    """An escaped extract of ``text`` around the words whose index terms (in ``lang``) are
    ``terms``; the opening of the text when none occurs."""
    text = text[:SOURCE_CHARS]
    if terms:
        found = highlight(text, terms, ANALYZERS[lang](), ContextFragmenter(maxchars=SNIPPET_CHARS, surround=70),
                          MarkFormatter(), top=2)
        if found:
            return found
    if len(text) <= SNIPPET_CHARS:
        return escape(text, quote=False)
    return escape(text[:SNIPPET_CHARS].rsplit(" ", 1)[0], quote=False) + " …"


def matched_words(text: str, terms: frozenset[str], lang: str) -> set[str]:
    """The words of ``text`` as written (lowercased) whose index terms are ``terms``: what a page
    marks when a result is opened ("ritirarsi" and "ritirata" for a search for "ritira")."""
    if not terms:
        return set()
    return {
        text[token.startchar : token.endchar].lower()
        for token in ANALYZERS[lang]()(text, chars=True)
        if token.text in terms
    }
