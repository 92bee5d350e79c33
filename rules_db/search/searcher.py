"""Searching the rules: one object per process holding the open index, the rules database, the
glossary and the speller; answers are plain frozen dataclasses for the web layer to render."""

from __future__ import annotations

import queue
from collections import Counter
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Iterable, Iterator, Mapping

from whoosh.index import Index
from whoosh.query import Query
from whoosh.searching import Searcher

from rules_db.loader import GAMES, RulesDB, Section
from rules_db.search import index
from rules_db.search.glossary import Glossary
from rules_db.search.query import QueryPlan, plan
from rules_db.search.schema import TEXT_FIELDS
from rules_db.search.snippets import matched_words, plain_text, snippet
from rules_db.search.spelling import Speller

MAX_LIMIT = 50  # results per page
GAME_MENTION_BOOST = 3.0  # a question that names a game prefers that game's sections
MAX_PAGE = 100  # pages; with MAX_LIMIT, at most 5,000 results deep


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


def coordinate(ranked: list[tuple[float, int]], matched: Mapping[int, Iterable[tuple[str, bytes]]],
               concepts: tuple[Query, ...]) -> list[tuple[float, int]]:
    """Scale each score by the share of the query's words the section matches (Lucene's classic
    "coord" factor): for a question, a section answering three of its words beats one that
    repeats a single word many times. ``matched``: the (field, term) pairs each document matched."""
    if len(concepts) < 2:
        return ranked
    leaves = [{(f, t.encode("utf-8") if isinstance(t, str) else t) for f, t in c.iter_all_terms()} for c in concepts]
    scaled = []
    for score, n in ranked:
        found = set(matched.get(n, ()))
        scaled.append((score * sum(not leaf.isdisjoint(found) for leaf in leaves) / len(leaves), n))
    return sorted(scaled, key=lambda pair: (-pair[0], pair[1]))


def text_lang(section: Section, lang: str) -> str:
    """The language a section is shown in: English when asked for and translated."""
    return "en" if lang == "en" and section.body_en else "it"


class RulesSearch:
    def __init__(self, ix: Index, db: RulesDB, glossary: Glossary):
        self.ix, self.db, self.glossary = ix, db, glossary
        self._idle: queue.SimpleQueue[Searcher] = queue.SimpleQueue()
        with ix.reader() as reader:
            self.speller = Speller.from_words(
                ((word.decode("utf-8"), info.doc_frequency()) for word, info in reader.iter_field("spelling")),
                extra=glossary.words,
            )
            self.indexed = {
                f: frozenset(t.decode("utf-8") for t in reader.lexicon(f)) for fields in TEXT_FIELDS.values() for f in fields
            }
            stored = dict(reader.iter_docs())
            self._docs = [(stored[n]["id"], stored[n]["game"]) for n in range(reader.doc_count_all())]

    @contextmanager
    def _searcher(self) -> Iterator[Searcher]:
        """A searcher from the pool: the index never changes while serving, so searchers are
        opened once and reused (one per concurrent request, never shared at the same time)."""
        try:
            searcher = self._idle.get_nowait()
        except queue.Empty:
            searcher = self.ix.searcher()
        try:
            yield searcher
        finally:
            self._idle.put(searcher)

    @classmethod
    def open(cls, root: Path, db: RulesDB, glossary: Glossary) -> "RulesSearch":
        """Open the index under ``root``, building it first if missing or stale."""
        live, _built = index.ensure(root, db, glossary)
        return cls(index.open_dir(live), db, glossary)

    def plan(self, text: str, game: str | None = None) -> QueryPlan:
        return plan(text, self.glossary, self.speller, self.indexed, game)

    def search(self, text: str, lang: str, game: str | None = None, page: int = 1, limit: int = 10) -> ResultPage:
        if game is not None and game not in GAMES:
            raise ValueError(f"unknown game {game!r}")
        page, limit = max(1, min(page, MAX_PAGE)), max(1, min(limit, MAX_LIMIT))
        planned = self.plan(text, game)
        if planned.query is None:
            return ResultPage(planned, game, page, limit, 0, {}, ())
        with self._searcher() as searcher:
            # One scored pass over every match (a few hundred at most): the counts per game and
            # the page both come from it.
            hits = searcher.search(planned.query, limit=None, terms=True)
            ranked = coordinate(hits.top_n, hits.docterms, planned.concepts)
        if planned.games:
            ranked = sorted(((s * GAME_MENTION_BOOST if self._docs[n][1] in planned.games else s, n) for s, n in ranked),
                            key=lambda pair: (-pair[0], pair[1]))
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
        planned = self.plan(text)
        found: set[str] = set()
        for section in sections:
            shown = text_lang(section, lang)
            terms = planned.marks.get(shown, frozenset())
            found |= matched_words(section.title(shown) + "\n" + section.body(shown), terms, shown)
        return sorted(found)
