"""BM25F in memory: worked by hand on a two-section index, equal to Whoosh's scoring where Whoosh
is right, and right where Whoosh is not (DisjunctionMax, a one-clause compound's boost)."""

from __future__ import annotations

import math

import numpy as np
import pytest
from whoosh import scoring
from whoosh.analysis import SimpleAnalyzer
from whoosh.fields import ID, TEXT, Schema
from whoosh.filedb.filestore import RamStorage
from whoosh.query import And, DisjunctionMax, Or, Term

from rules_db.search import index
from rules_db.search.bm25 import TermScores
from rules_db.search.schema import SCHEMA as RULES
from tests.rules_db.test_search_searcher import GLOSSARY, in_memory, small_db

SCHEMA = Schema(
    id=ID(stored=True), body=TEXT(analyzer=SimpleAnalyzer()), title=TEXT(analyzer=SimpleAnalyzer(), field_boost=3.0)
)


@pytest.fixture(scope="module")
def two():
    """Section 0: body "a b b", title "c"; section 1: body "b c", no title."""
    ix = RamStorage().create_index(SCHEMA)
    with ix.writer() as writer:
        writer.add_document(id="0", body="a b b", title="c")
        writer.add_document(id="1", body="b c")
    with ix.reader() as reader:
        return TermScores(reader, ["body", "title", "id"])


def test_scores_worked_by_hand(two):
    # "b": in both bodies (idf = ln(2/3) + 1); average body length 5/2; k1 = 1.2, b = 0.75.
    idf = math.log(2 / 3) + 1
    assert two.evaluate(Term("body", "b")) == pytest.approx(
        [idf * 2 * 2.2 / (2 + 1.2 * (0.25 + 0.75 * 3 / 2.5)), idf * 1 * 2.2 / (1 + 1.2 * (0.25 + 0.75 * 2 / 2.5))]
    )
    # "c" in the title: only section 0 has one (average length 1/2), its weight 3 is the field's boost.
    idf_c = math.log(2 / 2) + 1
    assert two.evaluate(Term("title", "c")) == pytest.approx([idf_c * 3 * 2.2 / (3 + 1.2 * (0.25 + 0.75 * 1 / 0.5)), 0])
    # An unscored field (an ID) scores its posting weight, times the query's boost.
    assert two.evaluate(Term("id", "1", boost=100)) == pytest.approx([0, 100])
    assert not two.evaluate(Term("body", "missing")).any()


def test_compounds_sum_require_and_take_the_larger(two):
    a, b, c = (two.evaluate(Term("body", t)) for t in "abc")
    assert two.evaluate(Or([Term("body", "a"), Term("body", "c")], boost=2)) == pytest.approx(2 * (a + c))
    assert two.evaluate(And([Term("body", "a"), Term("body", "b")])) == pytest.approx([a[0] + b[0], 0])
    assert two.evaluate(DisjunctionMax([Term("body", "a"), Term("body", "c")])) == pytest.approx([a[0], c[1]])


def test_a_one_clause_compound_keeps_its_boost(two):
    # Whoosh hands a one-clause compound's matcher straight through and loses the boost.
    b = two.evaluate(Term("body", "b"))
    assert two.evaluate(Or([Term("body", "b")], boost=0.8)) == pytest.approx(0.8 * b)


def test_disjunction_max_never_borrows_another_sections_score(two):
    # Section 0 matches only the low-scoring side, section 1 only the high one. Whoosh's matcher
    # compares the two sides' current scores even when they stand on different sections and gives
    # section 0 the larger, section 1's.
    low, high = two.evaluate(Term("body", "a")), two.evaluate(Term("body", "c", boost=10))
    assert high[1] > low[0] > 0 and high[0] == low[1] == 0
    both = two.evaluate(DisjunctionMax([Term("body", "a"), Term("body", "c", boost=10)]))
    assert both[0] == low[0] and both[1] == high[1]


def test_equal_to_whoosh_where_whoosh_is_right():
    """Sums, intersections and boosted terms over the five hand-written sections: every score equal
    to Whoosh's own BM25F."""
    search = in_memory(small_db())
    ix = RamStorage().create_index(RULES)
    index.write_documents(ix, small_db(), GLOSSARY)
    queries = [
        Term("body_it", "ritir"),
        Or([Term("body_it", "ritir"), Term("title_it", "ritir"), Term("keywords_it", "battagl", boost=0.8)]),
        And([Term("body_it", "sosten"), Term("body_it", "dann")]),
        Or([Term("title_en", "city"), Term("body_en", "money"), Term("number", "23.7", boost=100)], boost=2),
    ]
    with ix.searcher(weighting=scoring.BM25F()) as searcher:
        for query in queries:
            mine = search.scores.evaluate(query)
            theirs = np.zeros_like(mine)
            for score, n in searcher.search(query, limit=None).top_n:
                theirs[n] = score
            assert mine == pytest.approx(theirs, rel=1e-12)
            assert mine.any()
