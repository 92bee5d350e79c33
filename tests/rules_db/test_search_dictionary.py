"""The language dictionary: real Italian and English forms are words, players' typos are not."""

from __future__ import annotations

import pytest

from rules_db.search import dictionary
from rules_db.search.dictionary import is_word

# Inflected forms players type: plurals, verb persons, participles, both languages.
ITALIAN = "pedine rompono sposto ricevo muovono distruggo pescato scartato attaccano tiriamo lanciato".split()
ENGLISH = "outright useless loot rolled retreating destroys dreadnought wormhole bombarded upgrades".split()
# Typos from the sets tuned on until the eighth round (git history): none is a word of either language.
TYPOS = (
    "bombardamneto sbaramento comodities dreadnougt afollato missles arende atacco nebulossa "
    "transazzione gravty actoin wormhle botino influensa pianetta surounded supernovva finiscie"
).split()


# Everyday Italian that pyspellchecker's list lacks and the speller made into rulebook words
# ("distruttore" into "distrutte", "perdenti" into "presenti"): simplemma's forms know them.
ITALIAN_BEYOND_PYSPELLCHECKER = (
    "distruttore distruttori perdente perdenti bloccanti propulsore retrocedere stellare astronavi "
    "asteroidi diplomatico orbitali schieramento soldatini"
).split()


@pytest.mark.parametrize("word", ITALIAN + ITALIAN_BEYOND_PYSPELLCHECKER)
def test_italian_forms_are_italian_words(word):
    assert is_word(word, "it") and is_word(word)


@pytest.mark.parametrize("word", ["iperspaziale", "retroattivo", "sovraccarico", "ipercaccia", "multiflotta"])
def test_italian_prefixes_make_words_of_listed_words(word):
    assert is_word(word, "it")


def test_a_prefix_needs_a_listed_word_after_it_and_not_every_prefix_counts():
    assert not is_word("iperspazziale", "it")  # a typo after the prefix
    assert not is_word("iperxx", "it")  # too short to be a word after the prefix
    assert not is_word("anticaccia", "it")  # "anti" is written apart in the rules: the speller splits it
    assert not is_word("iperspaziale", "en")


@pytest.mark.parametrize("word", ENGLISH)
def test_english_forms_are_english_words(word):
    assert is_word(word, "en") and is_word(word)


def test_the_language_asked_is_the_one_looked_in():
    assert not is_word("pedine", "en") and not is_word("rompono", "en") and not is_word("distruttore", "en")
    assert not is_word("outright", "it") and not is_word("useless", "it")


@pytest.mark.parametrize(
    "word",
    [
        "ritirarmi",
        "ritirarsi",
        "attaccarlo",
        "spostandola",
        "scartarle",
        "comporla",
        "produrne",
        "estrarne",
        "pescarne",
    ],
)
def test_italian_verbs_with_joined_pronouns_are_words(word):
    assert word not in dictionary.words("it")  # the list holds only the bare verb
    assert is_word(word, "it") and is_word(word)


def test_joined_pronouns_need_a_verb_long_enough_and_italian():
    # "carti" would be "care" + ti, "barne" "bare" + ne, "colorti" "colore" (a noun) + ti.
    for typo in ("carti", "barne", "colorti", "migliorti"):
        assert not is_word(typo), typo
    assert not is_word("ritirarmi", "en")


@pytest.mark.parametrize("word", TYPOS)
def test_typos_are_not_words(word):
    assert not is_word(word)


def test_words_are_compared_without_accents_and_case():
    for word in ("città", "citta", "parità", "parita", "Perché", "perche", "OUTRIGHT"):
        assert is_word(word), word


def test_the_lists_are_read_once(monkeypatch):
    dictionary.load()

    def no_reading(_package):
        raise AssertionError("the word lists were read again")

    monkeypatch.setattr(dictionary, "files", no_reading)
    assert is_word("pedine") and is_word("outright") and not is_word("bombardamneto")
