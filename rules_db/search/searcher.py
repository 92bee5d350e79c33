"""Searching the rules: one object per process holding the open index, the rules database, the
glossary and the speller; answers are plain frozen dataclasses for the web layer to render."""

from __future__ import annotations

import queue
from collections import Counter
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Iterator

from whoosh import scoring
from whoosh.index import Index
from whoosh.query import And, Query, Term
from whoosh.searching import Searcher

from rules_db.loader import GAMES, RulesDB, Section
from rules_db.search import index
from rules_db.search.glossary import Glossary
from rules_db.search.query import QueryPlan, plan
from rules_db.search.schema import TEXT_FIELDS
from rules_db.search.snippets import matched_words, plain_text, snippet
from rules_db.search.spelling import Speller

MAX_LIMIT = 50  # results per page
MAX_PAGE = 100  # pages; with MAX_LIMIT, at most 5,000 results deep
COMMON_SHARE = 0.15  # a body term in more sections than this share only counts for coverage
COMMON_MIN_SECTIONS = 50  # ... and in at least this many (a small index has no common terms)
COMMON_FIELDS = ("body_it", "body_en", "context_it", "context_en")
GAME_MENTION_BOOST = 3.0  # a question that names a game prefers that game's sections
GAME_VOCABULARY_BOOST = 1.2  # a question in one game's own terms leans towards that game


@dataclass(frozen=True)
class Result:
    section: Section
    lang: str  # language of the title and snippet (Italian when no English text exists)
    snippet: str  # escaped HTML with <mark>
    score: float


@dataclass(frozen=True)
class ResultPage:
    plan: QueryPlan
    game: str | None
    page: int
    limit: int
    total: int  # matches in the chosen game (or all games)
    facets: dict[str, int]  # matches per game, whatever the game filter
    results: tuple[Result, ...]

    @property
    def pages(self) -> int:
        return min(MAX_PAGE, -(-self.total // self.limit))


def coordinate(ranked: list[tuple[float, int]], covers: list[frozenset[int]]) -> list[tuple[float, int]]:
    """Scale each score by the share of the query's words the section matches (Lucene's classic
    "coord" factor): for a question, a section answering three of its words beats one that
    repeats a single word many times. ``covers``: the documents matching each word."""
    if len(covers) < 2:
        return ranked
    scaled = [(score * sum(n in cover for cover in covers) / len(covers), n) for score, n in ranked]
    return sorted(scaled, key=lambda pair: (-pair[0], pair[1]))


def prefer_games(ranked: list[tuple[float, int]], game_of: list[str], planned: QueryPlan) -> list[tuple[float, int]]:
    """Boost the games the question names, or failing that, the game whose terms it uses."""
    boosts = dict.fromkeys(planned.vocabulary_games, GAME_VOCABULARY_BOOST)
    boosts.update(dict.fromkeys(planned.games, GAME_MENTION_BOOST))
    if not boosts:
        return ranked
    scaled = [(score * boosts.get(game_of[n], 1.0), n) for score, n in ranked]
    return sorted(scaled, key=lambda pair: (-pair[0], pair[1]))


class CachedLengthBM25F(scoring.BM25F):
    """Whoosh's BM25F, reading field lengths from lists made once at opening instead of asking
    the reader for every (document, field) scored: a quarter of a query's time on this index."""

    def __init__(self, lengths: dict[str, list[int]]):
        super().__init__()
        self.lengths = lengths

    def scorer(self, searcher, fieldname, text, qf=1):
        found = super().scorer(searcher, fieldname, text, qf=qf)
        if isinstance(found, scoring.BM25FScorer) and fieldname in self.lengths:
            found.dfl = self.lengths[fieldname].__getitem__
        return found


def text_lang(section: Section, lang: str) -> str:
    """The language a section is shown in: English when asked for and translated (a chapter with
    no text of its own is translated when its title is)."""
    return "en" if lang == "en" and (section.body_en or (section.title_en and not section.body_it)) else "it"


class RulesSearch:
    """The open index with everything a query needs; thread-safe (a pool of searchers)."""

    def __init__(self, ix: Index, db: RulesDB, glossary: Glossary):
        self.ix, self.db, self.glossary = ix, db, glossary
        self._idle: queue.SimpleQueue[Searcher] = queue.SimpleQueue()
        self._postings: dict[tuple[str, str], frozenset[int]] = {}
        with ix.reader() as reader:
            self.speller = Speller.from_words(
                ((word.decode("utf-8"), info.doc_frequency()) for word, info in reader.iter_field("spelling")),
                extra=glossary.words,
            )
            # Each text field's terms with the number of sections using them (query.plan reads
            # both "is this an inflection" and how rare a glossary translation is).
            self.indexed = {
                f: {t.decode("utf-8"): info.doc_frequency() for t, info in reader.iter_field(f)}
                for fields in TEXT_FIELDS.values() for f in fields
            }
            self._sections = reader.doc_count()
            # Body terms in more than COMMON_SHARE of the sections (see query.plan).
            limit = max(COMMON_SHARE * reader.doc_count(), COMMON_MIN_SECTIONS)
            self.common = frozenset(
                (f, t.decode("utf-8"))
                for f in COMMON_FIELDS
                for t, info in reader.iter_field(f)
                if info.doc_frequency() > limit
            )
            stored = dict(reader.iter_docs())
            self._docs = [(stored[n]["id"], stored[n]["game"]) for n in range(reader.doc_count_all())]
            self._game_of = [game for _id, game in self._docs]
            # One segment (one writer commit), so document numbers are global: cache lengths.
            single = reader.is_atomic()
            self._weighting = CachedLengthBM25F({
                f: [reader.doc_field_length(n, f, 1) for n in range(reader.doc_count_all())]
                for fields in TEXT_FIELDS.values() for f in fields
            }) if single else scoring.BM25F()

    @contextmanager
    def _searcher(self) -> Iterator[Searcher]:
        """A searcher from the pool: the index never changes while serving, so searchers are
        opened once and reused (one per concurrent request, never shared at the same time)."""
        try:
            searcher = self._idle.get_nowait()
        except queue.Empty:
            searcher = self.ix.searcher(weighting=self._weighting)
        try:
            yield searcher
        finally:
            self._idle.put(searcher)

    def _matching(self, query: Query, searcher: Searcher) -> frozenset[int]:
        """Documents matching a word's query (terms, And, Or, DisMax), from cached posting lists:
        the index never changes while serving, so each term's documents are read once."""
        if isinstance(query, Term):
            key = (query.fieldname, query.text)
            if key not in self._postings:
                found = searcher.postings(*key).all_ids() if key in searcher.reader() else ()
                self._postings[key] = frozenset(found)
            return self._postings[key]
        parts = [self._matching(q, searcher) for q in query.subqueries]
        if isinstance(query, And):
            return frozenset.intersection(*parts)
        return frozenset().union(*parts)

    @classmethod
    def open(cls, root: Path, db: RulesDB, glossary: Glossary) -> "RulesSearch":
        """Open the index under ``root``, building it first if missing or stale."""
        live, _built = index.ensure(root, db, glossary)
        return cls(index.open_dir(live), db, glossary)

    def plan(self, text: str, game: str | None = None, lang: str = "it") -> QueryPlan:
        return plan(text, self.glossary, self.speller, self.indexed, game, self.common, self._sections,
                    lang, self._italian_number)

    def _italian_number(self, number: str) -> str | None:
        """An English rulebook's paragraph number in the Italian numbering the index holds."""
        return next((n for numbering in self.db.numberings.values() if (n := numbering.italian(number))), None)

    def search(self, text: str, lang: str, game: str | None = None, page: int = 1, limit: int = 10) -> ResultPage:
        if game is not None and game not in GAMES:
            raise ValueError(f"unknown game {game!r}")
        page, limit = max(1, min(page, MAX_PAGE)), max(1, min(limit, MAX_LIMIT))
        planned = self.plan(text, game, lang)
        if planned.query is None:
            return ResultPage(planned, game, page, limit, 0, {}, ())
        with self._searcher() as searcher:
            # One scored pass over every match (a few hundred at most): the counts per game and
            # the page both come from it.
            ranked = searcher.search(planned.query, limit=None).top_n
            ranked = coordinate(ranked, [self._matching(c, searcher) for c in planned.concepts])
        ranked = prefer_games(ranked, self._game_of, planned)
        matches = [(self._docs[n], score) for score, n in ranked]
        facets = Counter(g for (_i, g), _s in matches)
        chosen = [(i, score) for (i, g), score in matches if game is None or g == game]
        found = chosen[(page - 1) * limit : page * limit]
        results = tuple(self._result(self.db.sections[i], score, lang, planned) for i, score in found)
        total = facets.get(game, 0) if game else sum(facets.values())
        ordered = {g: facets[g] for g in GAMES if facets.get(g)}
        return ResultPage(planned, game, page, limit, total, ordered, results)

    def _result(self, section: Section, score: float, lang: str, planned: QueryPlan) -> Result:
        shown = text_lang(section, lang)
        text = plain_text(section.body(shown)) or section.title(shown)
        return Result(section, shown, snippet(text, planned.marks.get(shown, frozenset()), shown), score)

    def words_to_mark(self, text: str, sections: list[Section], lang: str) -> list[str]:
        """The words, as written on a section page, that a search for ``text`` matched."""
        planned = self.plan(text, lang=lang)
        found: set[str] = set()
        for section in sections:
            shown = text_lang(section, lang)
            terms = planned.marks.get(shown, frozenset())
            found |= matched_words(section.title(shown) + "\n" + section.body(shown), terms, shown)
        return sorted(found)
