"""The analysis chains: what becomes an index term, in Italian, in English and for spelling."""

from __future__ import annotations

import re

from rules_db.search.analysis import QUERY_STOP_WORDS, fold, spelling_analyzer, term, terms


def test_italian_inflections_share_one_term():
    # The Snowball Italian stemmer strips verb endings and attached pronouns alike.
    assert term("ritirarsi", "it") == term("ritirata", "it") == term("ritira", "it") == term("ritirarmi", "it")


def test_the_ship_and_the_adjective_keep_their_own_terms():
    assert term("corazzata", "it") == term("Corazzate", "it") != term("corazzato", "it")
    assert term("ritirata", "it") == term("ritirate", "it")  # only the listed words leave Snowball


_ACCENTED_END = re.compile(r"\b[^\W\d_]*[àèéìíòóùú]\b", re.I)


def test_every_rulebook_word_ending_in_an_accented_vowel_meets_its_bare_and_apostrophe_forms(db):
    # The whole class, not a few examples: "parità" / "parita" / "parita'" once stemmed apart
    # because the stemmer read the bare "-ita" as a verb ending.
    words = {
        w.lower() for s in db.sections.values() for text in (s.title_it, s.body_it) for w in _ACCENTED_END.findall(text)
    }
    assert len(words) > 50 and {"parità", "quantità", "priorità"} <= words
    for lang in ("it", "en"):
        split = {
            w
            for w in words
            if not (term(w, lang) == term(fold(w), lang) == term(fold(w) + "'", lang) == term(w.upper(), lang))
        }
        assert not split, (lang, sorted(split)[:10])


def test_stop_words_are_removed_before_folding():
    # "perché" and "è" are in the Italian list only with their accents.
    assert terms("perché è così", "it") == [term("così", "it")]
    assert term("perché", "it") is None and term("è", "it") is None


def test_apostrophes_and_hyphens_split_words():
    assert terms("dell'attaccante", "it") == [term("attaccante", "it")]
    assert terms("Anti-Caccia", "it") == [term("anti", "it"), term("caccia", "it")]


def test_english_chain():
    assert term("retreating", "en") == term("retreat", "en") == term("retreats", "en")
    assert terms("Can I retreat into the system?", "en") == ["retreat", "system"]


def test_spelling_keeps_whole_accented_words_and_drops_numbers():
    words = [t.text for t in spelling_analyzer()("Bombardamento città 23 è di")]
    assert words == ["bombardamento", "città"]


def test_question_words_of_both_languages_are_query_stop_words():
    for word in ("posso", "cosa", "perche", "what", "how", "can", "does"):
        assert fold(word) in QUERY_STOP_WORDS
    for word in ("ritirata", "retreat", "nave", "ship"):
        assert word not in QUERY_STOP_WORDS


def test_a_remembered_term_is_the_analysers_term():
    for word, lang in (("Ritirata", "it"), ("ritirarsi", "it"), ("ships", "en"), ("the", "en"), ("parità", "it")):
        expected = (terms(word, lang) or [None])[0]
        assert term(word, lang) == expected and term(word, lang) == expected  # asked again: the cache
    assert term.cache_info().hits >= 5
