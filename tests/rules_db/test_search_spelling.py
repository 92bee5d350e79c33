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
    [
        ("bombardamento", 15),
        ("bombardare", 2),
        ("ritirata", 20),
        ("ritirano", 3),
        ("città", 4),
        ("anti", 10),
        ("caccia", 50),
        ("combattimento", 80),
        ("combattimenti", 5),
    ]
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


def test_a_missing_double_letter_beats_a_commoner_word_equally_near():
    # "arende" is one edit from both; Italian typists drop a doubled letter far more often than
    # they mistype the first one, so "arrende" wins although "prende" is commoner.
    speller = Speller.from_words([("prende", 40), ("arrende", 2)])
    assert speller.correct("arende") == "arrende"
    assert Speller.from_words([("prende", 40)]).correct("arende") == "prende"


def test_neighbour_is_one_edit_only():
    speller = Speller.from_words([("command", 10), ("comando", 3)])
    assert speller.neighbour("comand") in {"command", "comando"}
    assert speller.neighbour("command") is None  # a known word has no neighbour to add
    assert speller.neighbour("cmmnad") is None  # two or more edits: no guess


def test_words_far_longer_than_any_known_word_are_not_searched_for_corrections(monkeypatch):
    from rules_db.search import spelling

    # "combattimento" (13 letters) is the longest word; 13 + 2 edits is the most worth trying.
    assert SPELLER.correct("combattimentoo") == "combattimento"  # one extra letter: still corrected

    def no_deletions(word, edits):
        raise AssertionError(f"tried to correct a {len(word)}-letter word")

    monkeypatch.setattr(spelling, "deletes", no_deletions)
    for word in ("a" * 300, "combattimento" * 3, "x" * 16):
        assert SPELLER.correct(word) is None and SPELLER.neighbour(word) is None


def test_a_word_of_either_language_is_never_corrected():
    words = {"outright", "pedine", "rompono"}.__contains__  # a stand-in for dictionary.is_word
    bare = Speller.from_words([("upright", 9), ("ordine", 30), ("compone", 4), ("bombardamento", 15)])
    speller = Speller.from_words(bare.frequencies.items(), is_word=words)
    for word, rulebooks_word in (("outright", "upright"), ("pedine", "ordine"), ("rompono", "compone")):
        assert bare.correct(word) == rulebooks_word  # what the vocabulary alone did
        assert speller.correct(word) is None
    assert speller.correct("bombardamneto") == "bombardamento"  # typos still are
    assert speller.correct("uprigth") == "upright"


def test_a_real_word_still_has_its_one_edit_neighbour():
    # The neighbour is searched, not offered: "ricevo" may be another form of "riceve".
    speller = Speller.from_words([("riceve", 5)], is_word={"ricevo"}.__contains__)
    assert speller.correct("ricevo") is None and speller.neighbour("ricevo") == "riceve"
