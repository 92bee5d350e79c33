"""The speller: edit distance with swaps, corrections from a vocabulary, words run together."""

from __future__ import annotations

from rules_db.search.spelling import Speller, deletes, distance


def test_distance_counts_a_swap_as_one_edit():
    assert distance("bombardamneto", "bombardamento") == 1  # "ne" <-> "en"
    assert distance("kitten", "sitting") == 3  # the textbook Levenshtein example
    assert distance("", "abc") == 3 and distance("abc", "abc") == 0


def test_deletes():
    assert deletes("abc", 1) == {"abc", "bc", "ac", "ab"}


SPELLER = Speller.from_words(
    [("bombardamento", 15), ("bombardare", 2), ("ritirata", 20), ("ritirano", 3), ("città", 4),
     ("anti", 10), ("caccia", 50), ("combattimento", 80), ("combattimenti", 5)]
)


def test_corrects_typos_to_real_words():
    assert SPELLER.correct("bombardamneto") == "bombardamento"
    assert SPELLER.correct("ritiarta") == "ritirata"
    assert SPELLER.correct("combatimento") == "combattimento"  # the commoner of two candidates


def test_known_words_are_not_corrected_even_without_accents():
    assert SPELLER.known("citta") and SPELLER.correct("citta") is None
    assert SPELLER.correct("ritirata") is None


def test_short_and_hopeless_words_are_left_alone():
    assert SPELLER.correct("xyz") is None
    assert SPELLER.correct("zzzzqqqq") is None
    assert SPELLER.correct("ab12") is None


def test_words_run_together_are_split():
    assert SPELLER.correct("anticaccia") == "anti caccia"
