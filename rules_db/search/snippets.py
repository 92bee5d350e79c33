"""What a result shows: the passage of the section that best answers the query (a sentence or a
list item) with the matched words in ``<mark>``, and the passage a section page marks and scrolls
to when opened from a result.

Everything but the ``<mark>`` tags is HTML-escaped here, so the extract can be shown as is.
Sections never change while serving, so each text's analysis is computed once and cached.
"""

from __future__ import annotations

import re
from functools import lru_cache
from html import escape

from rules_db.search.analysis import ANALYZERS

SNIPPET_CHARS = 220  # about three lines on a phone
LEAD_CHARS = 60  # context kept before the first marked word
_MARKDOWN_RES = [
    (re.compile(r"!?\[([^\]]*)\]\([^)]*\)"), r"\1"),  # links and images: keep the text
    (re.compile(r"^\s{0,3}(?:#{1,6}\s+|[-*+]\s+|\d+[.)]\s+|>\s?)", re.M), ""),  # block marks
    (re.compile(r"(\*\*|__|\*|`)"), ""),  # emphasis and code marks
    (re.compile(r"^\s*\|?[-:| ]{3,}\|?\s*$", re.M), " "),  # table rules
    (re.compile(r"\s*\|\s*"), " · "),  # table cells
    (re.compile(r"\s+"), " "),
]


@lru_cache(maxsize=4096)
def plain_text(markdown: str) -> str:
    """Section Markdown as one line of text, without its markup."""
    text = markdown
    for pattern, replacement in _MARKDOWN_RES:
        text = pattern.sub(replacement, text)
    return text.strip(" ·")


# Room for every passage of every section in both languages (6,354 with today's rules), so a
# passage is analysed once per process, not again each time a busier query pushed it out.
TOKENS_CACHED = 16384


@lru_cache(maxsize=TOKENS_CACHED)
def tokens(text: str, lang: str) -> tuple[tuple[int, int, str], ...]:
    """(start, end, index term) of every word of ``text`` that is not a stop word."""
    return tuple((t.startchar, t.endchar, t.text) for t in ANALYZERS[lang]()(text, chars=True))


def _window(found: list[tuple[int, int, str]], length: int) -> int:
    """Start of the extract: the window holding the most different matched terms (then the most
    matches, then the earliest)."""
    best = (0, 0, 0)
    for anchor, (start, _end, _term) in enumerate(found):
        begin = max(0, start - LEAD_CHARS)
        inside = [t for s, e, t in found[anchor:] if e <= begin + length]
        rank = (len(set(inside)), len(inside), -begin)
        if rank > best:
            best = rank
    return -best[2]


_EMPTY_CELLS = re.compile(r"·(?:\s*·)+")  # a row's empty cells, left out as the page script leaves them
_BLOCK_START = re.compile(r"^\s{0,3}(?:[-*+]\s+|\d+[.)]\s+|#{1,6}\s+|\|)")
_SENTENCE_END = re.compile(r"(?<=[.!?])\s+(?=[\"«*(\[]?[A-ZÀ-ÖØ-Þ0-9])")


@lru_cache(maxsize=4096)
def headed_passages(markdown: str) -> tuple[tuple[str, str], ...]:
    """(passage, its table's header row or "") of the section's passages in reading order, as
    plain text: each list item, table row and heading on its own, paragraphs cut into sentences.
    A row means what its header says ("Corazzata · 8" is a cost under "COSTI DI COSTRUZIONE")."""
    blocks: list[list[str]] = []
    for line in markdown.splitlines():
        if not line.strip():
            blocks.append([])
        elif _BLOCK_START.match(line) or not blocks:
            blocks.append([line])
        else:
            blocks[-1].append(line)
    found: list[tuple[str, str]] = []
    header: str | None = None  # the current table's first row, None outside a table
    for block in blocks:
        text = plain_text("\n".join(block))
        if block and block[0].lstrip().startswith("|"):
            text = _EMPTY_CELLS.sub("·", text)
            if header is None:
                header, heading = text, ""
            else:
                heading = header
        else:
            header, heading = None, ""
        found.extend((part.strip(), heading) for part in _SENTENCE_END.split(text) if part.strip())
    return tuple(found)


def passages(markdown: str) -> tuple[str, ...]:
    """The section's passages in reading order (headed_passages without the headers)."""
    return tuple(passage for passage, _heading in headed_passages(markdown))


def passage_scores(
    markdown: str, terms: frozenset[str], lang: str, pairs: frozenset[tuple[str, str]] = frozenset()
) -> list[tuple[int, int, int, str]]:
    """(different query terms, query ``pairs`` said in order one after the other, matches,
    passage) of every passage holding a query term, in reading order; a table row counts its
    header's terms too. A pair of words together is the player's own phrase: "4 giocatori" is
    the line "4 giocatori: 7", not "2 giocatori: 4"."""
    scored = []
    for passage, heading in headed_passages(markdown):
        said = [t for _s, _e, t in tokens(passage, lang)]
        found = [t for t in said if t in terms]
        if found:
            together = sum(pair in pairs for pair in zip(said, said[1:]))
            found += [t for _s, _e, t in tokens(heading, lang) if t in terms] if heading else []
            scored.append((len(set(found)), together, len(found), passage))
    return scored


def best_passage(
    markdown: str, terms: frozenset[str], lang: str, pairs: frozenset[tuple[str, str]] = frozenset()
) -> tuple[int, str]:
    """(number of different query terms it holds, passage) for the passage holding the most
    different terms (a table row with its header's), then the most query ``pairs`` in order,
    then the most matches, then the earliest; (0, "") when none matches."""
    best = (0, 0, 0, "")
    for scored in passage_scores(markdown, terms, lang, pairs):
        if scored[:3] > best[:3]:
            best = scored
    return best[0], best[3]


def snippet(text: str, terms: frozenset[str], lang: str) -> str:
    """An escaped extract of ``text`` around the words whose index terms (in ``lang``) are
    ``terms``, those words in ``<mark>``; the opening of the text when none occurs."""
    found = [tok for tok in tokens(text, lang) if tok[2] in terms][:64]
    begin = _window(found, SNIPPET_CHARS) if found else 0
    if begin:
        begin = text.find(" ", begin) + 1 or begin  # start on a word
    end = begin + SNIPPET_CHARS
    if end < len(text):
        end = text.rfind(" ", begin, end) if " " in text[begin:end] else end
    parts, cursor = [], begin
    for start, stop, _term in found:
        if start >= cursor and stop <= end:
            parts.append(escape(text[cursor:start], quote=False))
            parts.append("<mark>" + escape(text[start:stop], quote=False) + "</mark>")
            cursor = stop
    parts.append(escape(text[cursor:end], quote=False))
    return ("… " if begin else "") + "".join(parts).strip() + (" …" if end < len(text) else "")
