"""BM25F in memory: worked by hand on a two-section index, equal to Whoosh's scoring where Whoosh
is right (on the real rules too), and right where Whoosh is not (DisjunctionMax, a one-clause
compound's boost)."""

from __future__ import annotations

import math

import numpy as np
import pytest
from whoosh import scoring
from whoosh.analysis import SimpleAnalyzer
from whoosh.fields import ID, TEXT, Schema
from whoosh.filedb.filestore import RamStorage
from whoosh.query import And, DisjunctionMax, Or, Query, Term

from rules_db.search import index
from rules_db.search.bm25 import TermScores
from rules_db.search.glossary import load_glossary
from rules_db.search.searcher import RulesSearch
from tests.rules_db.test_search_searcher import GLOSSARY, small_db

SCHEMA = Schema(
    id=ID(stored=True), body=TEXT(analyzer=SimpleAnalyzer()), title=TEXT(analyzer=SimpleAnalyzer(), field_boost=3.0)
)
IDF_BOTH = math.log(2 / 3) + 1  # a term in both of two sections
IDF_ONE = math.log(2 / 2) + 1  # in one of two


def bm25(idf: float, weight: float, length: float, average: float) -> float:
    return idf * weight * 2.2 / (weight + 1.2 * (0.25 + 0.75 * length / average))


def whoosh_scores(ix, query: Query) -> np.ndarray:
    found = np.zeros(ix.doc_count_all())
    with ix.searcher(weighting=scoring.BM25F()) as searcher:
        for score, n in searcher.search(query, limit=None).top_n:
            found[n] = score
    return found


@pytest.fixture(scope="module")
def two_index():
    """Section 0: body "a b b", title "c"; section 1: body "b c", no title."""
    ix = RamStorage().create_index(SCHEMA)
    with ix.writer() as writer:
        writer.add_document(id="0", body="a b b", title="c")
        writer.add_document(id="1", body="b c")
    return ix


@pytest.fixture(scope="module")
def two(two_index):
    with two_index.reader() as reader:
        return TermScores(reader, ["body", "title", "id"])


def test_scores_worked_by_hand(two):
    # "b": in both bodies (average body length 5/2; k1 = 1.2, b = 0.75).
    assert two.evaluate(Term("body", "b")) == pytest.approx([bm25(IDF_BOTH, 2, 3, 2.5), bm25(IDF_BOTH, 1, 2, 2.5)])
    # "c" in the title: only section 0 has one (average length 1/2), its weight 3 is the field's boost.
    assert two.evaluate(Term("title", "c")) == pytest.approx([bm25(IDF_ONE, 3, 1, 0.5), 0])
    # An unscored field (an ID) scores its posting weight, times the query's boost.
    assert two.evaluate(Term("id", "1", boost=100)) == pytest.approx([0, 100])
    assert not two.evaluate(Term("body", "missing")).any()


def test_a_documents_own_field_boost_counts():
    # An inherited heading is indexed with a per-document boost (schema.section_document): the
    # stored weight holds it, the field's boost alone does not.
    ix = RamStorage().create_index(SCHEMA)
    with ix.writer() as writer:
        writer.add_document(id="0", title="c")
        writer.add_document(id="1", title="c", _title_boost=0.34)
    with ix.reader() as reader:
        scores = TermScores(reader, ["title"]).evaluate(Term("title", "c"))
    assert scores == pytest.approx([bm25(IDF_BOTH, 3, 1, 1), bm25(IDF_BOTH, 3 * 0.34, 1, 1)])
    assert scores == pytest.approx(whoosh_scores(ix, Term("title", "c")), rel=1e-12)


def test_compounds_sum_require_and_take_the_larger(two):
    a, b, c = (two.evaluate(Term("body", t)) for t in "abc")
    assert two.evaluate(Or([Term("body", "a"), Term("body", "c")], boost=2)) == pytest.approx(2 * (a + c))
    assert two.evaluate(And([Term("body", "a"), Term("body", "b")])) == pytest.approx([a[0] + b[0], 0])
    assert two.evaluate(DisjunctionMax([Term("body", "a"), Term("body", "c")])) == pytest.approx([a[0], c[1]])
    assert not two.evaluate(Or([])).any() and two.evaluate(Or([])).shape == (2,)
    with pytest.raises(ValueError):
        two.evaluate(DisjunctionMax([Term("body", "a"), Term("body", "c")], tiebreak=0.1))


def test_a_one_clause_compound_keeps_its_boost(two, two_index):
    b = two.evaluate(Term("body", "b"))
    assert two.evaluate(Or([Term("body", "b")], boost=0.8)) == pytest.approx(0.8 * b)
    # Whoosh hands a one-clause compound's matcher straight through and loses the boost.
    assert whoosh_scores(two_index, Or([Term("body", "b")], boost=0.8)) == pytest.approx(b)


def test_disjunction_max_never_borrows_another_sections_score(two, two_index):
    # Section 0 matches only the low-scoring side, section 1 only the high one.
    query = DisjunctionMax([Term("body", "a"), Term("body", "c", boost=10)])
    low, high = two.evaluate(query.subqueries[0]), two.evaluate(query.subqueries[1])
    assert high[1] > low[0] > 0 and high[0] == low[1] == 0
    assert two.evaluate(query) == pytest.approx([low[0], high[1]])
    # Whoosh's matcher compares the two sides' current scores even when they stand on different
    # sections, and gives section 0 section 1's.
    assert whoosh_scores(two_index, query) == pytest.approx([high[1], high[1]])


def test_equal_to_whoosh_where_whoosh_is_right():
    """Sums, intersections and boosted terms over the five hand-written sections."""
    ix = index.build_in_memory(small_db(), GLOSSARY)
    search = RulesSearch(ix, small_db(), GLOSSARY)
    queries = [
        Term("body_it", "ritir"),
        Or([Term("body_it", "ritir"), Term("title_it", "ritir"), Term("keywords_it", "battagl", boost=0.8)]),
        And([Term("body_it", "sosten"), Term("body_it", "dann")]),
        Or([Term("title_en", "city"), Term("body_en", "money"), Term("number", "23.7", boost=100)], boost=2),
    ]
    for query in queries:
        mine = search.scores.evaluate(query)
        assert mine.any() and mine == pytest.approx(whoosh_scores(ix, query), rel=1e-12)


def sides(query: Query) -> list[Query]:
    """The parts of a plan Whoosh scores rightly: a DisjunctionMax's sides, each clause with its
    boost carried down when it stands alone."""
    if isinstance(query, DisjunctionMax):
        return [part for sub in query.subqueries for part in sides(sub)]
    if not isinstance(query, Term) and len(query.subqueries) == 1:
        only = query.subqueries[0]
        return sides(only.with_boost(only.boost * query.boost))
    return [query]


def test_equal_to_whoosh_on_the_real_rules(db):
    """Every side of the plans of questions on the real rules, inherited headings included (the
    Eclipse "fase azione" chapters repeat their parent's heading)."""
    glossary = load_glossary()
    ix = index.build_in_memory(db, glossary)
    search = RulesSearch(ix, db, glossary)
    questions = [
        ("who goes first in the action phase", "en"),
        ("fase azione: chi inizia?", "it"),
        ("sostenere danni contro il fuoco anticaccia", "it"),
        ("can I retreat into an empty system?", "en"),
        ("23.7", "it"),
    ]
    compared = 0
    for text, lang in questions:
        for concept in search.plan(text, lang=lang).concepts:
            for side in sides(concept):
                mine = search.scores.evaluate(side)
                assert mine == pytest.approx(whoosh_scores(ix, side), rel=1e-12, abs=1e-12), (text, str(side))
                compared += 1
    assert compared >= 20
