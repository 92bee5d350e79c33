"""BM25F in memory: the index is small (about 900 sections) and never changes while serving, so
every term's score in every section is computed once, from the Whoosh index's postings, and a
query is a few sums and maxima over arrays of one float per section.

Why not Whoosh's own matchers: they took four fifths of a search's time, walking a tree of
matchers document by document. They also scored wrongly in two ways this module does not copy:
DisjunctionMax took the larger of its two sides' current scores even when the sides stood on
different sections (a section matching only the Italian side could get another section's English
score), and a compound query of a single clause dropped its boost (a synonym found in one field
weighed as much as the typed word).
"""

from __future__ import annotations

import math
from typing import Iterable

import numpy as np
from whoosh.query import And, DisjunctionMax, Or, Query, Term
from whoosh.reading import IndexReader

# Whoosh's BM25F defaults, with which the ranking has been tuned since the first round.
B = 0.75
K1 = 1.2


class TermScores:
    """Each indexed (field, term)'s score in every section, as one array per term; a field that is
    not scored (the paragraph number) scores its posting weight."""

    def __init__(self, reader: IndexReader, fields: Iterable[str]):
        self.size = reader.doc_count_all()
        # (field, term) -> (the sections holding it, its score in each of them)
        self._postings: dict[tuple[str, str], tuple[np.ndarray, np.ndarray]] = {}
        for field in fields:
            scorable = reader.schema[field].scorable
            if scorable:
                lengths = np.array([reader.doc_field_length(n, field, 1) for n in range(self.size)], dtype=float)
                average = reader.field_length(field) / (self.size or 1) or 1
                norm = K1 * ((1 - B) + B * lengths / average)
            for text, info in reader.iter_field(field):
                ids, weights = _postings(reader, field, text)
                if scorable:
                    idf = math.log(self.size / (info.doc_frequency() + 1)) + 1
                    weights = idf * weights * (K1 + 1) / (weights + norm[ids])
                self._postings[(field, text.decode("utf-8"))] = (ids, weights)

    def evaluate(self, query: Query) -> np.ndarray:
        """``query``'s score in every section; zero where it does not match (BM25F scores of a
        match are always positive: the rarity is at least log(n / (n + 1)) + 1)."""
        if isinstance(query, Term):
            scores = np.zeros(self.size)
            if (found := self._postings.get((query.fieldname, query.text))) is not None:
                scores[found[0]] = found[1] * query.boost
            return scores
        parts = [self.evaluate(sub) for sub in query.subqueries]
        if not parts:
            return np.zeros(self.size)
        if isinstance(query, DisjunctionMax):
            if query.tiebreak:
                raise ValueError("a DisjunctionMax tiebreak is not scored")
            combined = np.maximum.reduce(parts)
        elif isinstance(query, And):
            combined = np.sum(parts, axis=0) * np.logical_and.reduce([p > 0 for p in parts])
        elif isinstance(query, Or):
            combined = np.sum(parts, axis=0)
        else:
            raise TypeError(f"query type not scored: {type(query).__name__}")
        return combined * query.boost


def _postings(reader: IndexReader, field: str, text: bytes) -> tuple[np.ndarray, np.ndarray]:
    """The sections holding a term and its stored weights there. The matcher's weight is the
    stored one, with the document's own field boost (an inherited heading's 0.34); the reader's
    ``items_as("weight")`` recomputes it from the count and the schema's boost alone."""
    matcher = reader.postings(field, text)
    ids, weights = [], []
    while matcher.is_active():
        ids.append(matcher.id())
        weights.append(matcher.weight())
        matcher.next()
    return np.array(ids, dtype=np.int64), np.array(weights, dtype=float)
