"""Does an English section mirror its Italian original? Structure, numbers and language checks.

Translations are written by people (and helpers) section by section; these checks catch the
usual slips: a section left untranslated, a list item dropped, a number changed, a link lost,
or an "English" body that is still Italian.
"""

from __future__ import annotations

import re

from rules_db.loader import Section

_ITEM_RE = re.compile(r"^\s*(?:[-*+]|\d+\.)\s+", re.M)
_NUMBER_RE = re.compile(r"(?<![\w.])\d+(?:[.,]\d+)?")
_LINK_RE = re.compile(r"\]\(([^)\s]+)\)")
_WORD_RE = re.compile(r"[a-zà-ÿ']+")
ITALIAN_MARKERS = frozenset(
    "il lo gli della delle dello degli che non una sono essere questo questa quando deve può "
    "nel nella nei sul sulla dal dalla giocatore giocatori ogni oppure anche".split()
)


def list_items(markdown: str) -> int:
    return len(_ITEM_RE.findall(markdown))


def numbers(markdown: str) -> set[str]:
    return {n.replace(",", ".") for n in _NUMBER_RE.findall(markdown)}


def links(markdown: str) -> list[str]:
    return _LINK_RE.findall(markdown)


def italian_share(text: str) -> float:
    """Share of the words that are common Italian function words (English text: near 0)."""
    words = _WORD_RE.findall(text.lower())
    if not words:
        return 0.0
    return sum(word in ITALIAN_MARKERS for word in words) / len(words)


def problems(section: Section) -> list[str]:
    """What is wrong with the English version of ``section`` (an empty list when nothing)."""
    found = []
    if not section.title_en.strip():
        found.append("no English title")
    if section.body_it.strip() and not section.body_en.strip():
        found.append("no English body")
        return found
    if list_items(section.body_it) != list_items(section.body_en):
        found.append(f"list items {list_items(section.body_it)} != {list_items(section.body_en)}")
    if numbers(section.body_it) != numbers(section.body_en):
        found.append(f"numbers differ: {sorted(numbers(section.body_it) ^ numbers(section.body_en))}")
    if links(section.body_it) != links(section.body_en):
        found.append("links differ")
    words = len(_WORD_RE.findall(section.body_en))
    if words >= 12 and italian_share(section.body_en) > 0.06:
        found.append(f"English body reads Italian ({italian_share(section.body_en):.0%} Italian words)")
    return found
