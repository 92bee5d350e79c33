"""From what a player types to a Whoosh query: no query syntax, just words.

The text is never handed to Whoosh's query parser, so quotes, colons, AND/OR and brackets are
plain characters and nothing a user types can be a syntax error. The plan:

1. split into words; drop stop words and question words of both languages;
2. replace unknown words by their spelling correction (and offer the corrected text);
3. look each word up in every text field, Italian-analysed in the Italian fields and
   English-analysed in the English ones;
4. add the glossary's other-language name for every game term found (one word or several in a row),
   so "sustain damage" also looks for "sostenere danni" and "ritirata" for "retreat";
5. a dotted number ("23.7") also looks up the rulebook paragraph number.
"""

from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass, field
from typing import Container, Mapping

from whoosh.query import And, Or, Query, Term

from rules_db.search.analysis import QUERY_STOP_WORDS, fold, term
from rules_db.search.glossary import Glossary
from rules_db.search.schema import TEXT_FIELDS
from rules_db.search.spelling import Speller

MAX_QUERY_CHARS = 300  # longer text is refused by the API (a question fits in far less)
MAX_WORDS = 16  # content words used; a pasted paragraph is cut here, before any lookup

NUMBER_BOOST = 100.0  # typing "23.7" means that paragraph (an ID match weighs 1 x boost: above any text match)
EXPANSION_BOOST = 1.0  # a glossary translation weighs as much as the word itself

_WORD_RE = re.compile(r"\w+")
_NUMBER_RE = re.compile(r"(?<![\w.])\d+(?:\.\d+)+(?![\w])")


class Union(Or):
    """Or, always evaluated as a tree of union matchers: on an index this small Whoosh's default
    (preloading every match into arrays) is two to three times slower."""

    matcher_type = Or.DEFAULT_MATCHER


@dataclass(frozen=True)
class QueryPlan:
    text: str  # the text searched for, whitespace-normalised
    words: tuple[str, ...]  # content words, after spelling correction
    query: Query | None  # None when nothing is left to search for
    marks: dict[str, frozenset[str]] = field(default_factory=dict)  # lang -> index terms to highlight
    suggestion: str | None = None  # the text with misspelt words corrected
    concepts: tuple[Query, ...] = ()  # one query per content word (with its translations)
    games: frozenset[str] = frozenset()  # games the text names ("... in eclipse")


def normalise(text: str) -> str:
    return " ".join(unicodedata.normalize("NFC", text).split())[:MAX_QUERY_CHARS]


# Names players use for the games: a question naming one ("stalemate in eclipse") prefers that
# game's sections. The name words are not searched for themselves.
GAME_NAMES = {
    "eclipse": "eclipse",
    "galaxy": "galaxy",
    "parsec": "parsec",
    "ti4": "ti4",
    "twilight": "ti4",
    "imperium": "ti4",
    "rftg": "rftg",
    "race": "rftg",
    "gathering": "rftg",
    "storm": "rftg",
}


def mentioned_games(words: list[str]) -> frozenset[str]:
    games = {GAME_NAMES[w] for w in words if w in GAME_NAMES}
    if {"galaxy", "rftg"} <= games:
        games.discard("galaxy")
    return frozenset(games)


def content_words(text: str) -> list[re.Match]:
    return [m for m in _WORD_RE.finditer(text)
            if fold(m.group()) not in QUERY_STOP_WORDS and fold(m.group()) not in GAME_NAMES][:MAX_WORDS]


def _term_query(fields: tuple[str, ...], terms: tuple[str, ...], boost: float,
                indexed: Mapping[str, Container[str]]) -> Query | None:
    """One term in any of ``fields``; several terms: all of them in the same field. Fields that
    lack a term are left out before Whoosh sees them (fewer matchers, faster). Phrase queries
    were measured too: no better on the evaluation set, and 15% slower."""
    fields = tuple(f for f in fields if all(t in indexed[f] for t in terms))
    if not fields:
        return None
    if len(terms) == 1:
        return Union([Term(f, terms[0]) for f in fields], boost=boost)
    return Union([And([Term(f, t) for t in terms]) for f in fields], boost=boost)


def plan(text: str, glossary: Glossary, speller: Speller, indexed: Mapping[str, Container[str]],
         game: str | None = None) -> QueryPlan:
    """The query for ``text``. ``indexed`` holds the terms of each text field: a word whose stem
    is indexed ("ritirarmi" -> ritir) is an inflection, not a typo, and is not corrected."""
    text = normalise(text)
    games = mentioned_games([fold(w) for w in _WORD_RE.findall(text)])
    numbers = _NUMBER_RE.findall(text)
    # The digits of "23.7" are not words of their own (blanked in place: offsets stay valid).
    matches = content_words(_NUMBER_RE.sub(lambda m: " " * len(m.group()), text))
    words, suggestion, cursor = [], [], 0
    for match in matches:
        word = match.group().lower()
        inflection = any(term(word, lang) in indexed[f] for lang, fields in TEXT_FIELDS.items() for f in fields)
        corrected = None if inflection else speller.correct(word)
        if corrected:
            suggestion.append(text[cursor : match.start()] + corrected)
            cursor = match.end()
        words.extend(corrected.split() if corrected else [word])
    suggested = "".join(suggestion) + text[cursor:] if suggestion else None

    sequences = {lang: [term(w, lang) for w in words] for lang in ("it", "en")}
    groups: list[list[Query]] = [[] for _ in words]
    marks: dict[str, set[str]] = {"it": set(), "en": set()}
    for lang, sequence in sequences.items():
        for position, found in enumerate(sequence):
            clause = _term_query(TEXT_FIELDS[lang], (found,), 1.0, indexed) if found else None
            if clause:
                groups[position].append(clause)
                marks[lang].add(found)
    seen: set[tuple[str, tuple[str, ...]]] = set()
    for lang, other in (("it", "en"), ("en", "it")):
        for pair, start, end in glossary.matches(sequences[lang], lang, game):
            target = pair.side(other)
            if (other, target) in seen:
                continue
            seen.add((other, target))
            clause = _term_query(TEXT_FIELDS[other], target, EXPANSION_BOOST, indexed)
            if clause:
                groups[start].append(clause)
                marks[other].update(target)
    concepts = tuple(Union(g) if len(g) > 1 else g[0] for g in groups if g)
    concepts += tuple(Term("number", n, boost=NUMBER_BOOST) for n in numbers)
    query = (Union(concepts) if len(concepts) > 1 else concepts[0]) if concepts else None
    return QueryPlan(text, tuple(words), query, {k: frozenset(v) for k, v in marks.items()}, suggested, concepts,
                     games)
