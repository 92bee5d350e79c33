"""Text analysis shared by the index and the queries: one analyzer per language, one for spelling.

Italian: tokenizer -> lowercase -> accent folding -> Italian stop words -> Snowball Italian stemmer.
Folding comes before stemming: the stemmer reads a final accented vowel differently from the bare
one ("parità" -> parit but "parita" -> par, "-ita" being a verb ending), so folding after it left
players who type without accents (or with an apostrophe, "parita'") on another stem than the
rulebook. The stop lists hold both the accented and the folded forms. English is the same chain
with the English stop list and stemmer. The spelling analyzer keeps whole, accented words: "did you mean"
must show words a reader knows, never stems.
"""

from __future__ import annotations

import unicodedata
from functools import lru_cache

from whoosh.analysis import Analyzer, CharsetFilter, LowercaseFilter, RegexTokenizer, StemFilter, StopFilter
from whoosh.lang import stemmer_for_language, stopwords_for_language
from whoosh.support.charset import accent_map

# Words: runs of letters/digits. Apostrophes and hyphens split ("dell'attaccante" -> dell, attaccante;
# "Anti-Caccia" -> anti, caccia), matching how players type the terms.
WORD_PATTERN = r"\w+"
# Spelling words: letters only, at least three, so numbers and fragments are never suggested.
SPELLING_PATTERN = r"[^\W\d_]{3,}"


def fold(text: str) -> str:
    """Lowercase without accents: the form in which words are compared for "is this a known word"."""
    decomposed = unicodedata.normalize("NFKD", text.lower())
    return "".join(ch for ch in decomposed if not unicodedata.combining(ch))


def _stop_list(lang: str) -> frozenset[str]:
    words = stopwords_for_language(lang)
    return frozenset(words) | frozenset(fold(w) for w in words)


STOP_IT = _stop_list("it")
# "other" is indexed although Whoosh lists it as a stop word: the rules say "other players' ships"
# where players say "enemy ships", and the synonym "enemy" -> "other player" needs both words
# (dropped, it would be just "player", in most sections). Typed in a question it is still
# dropped (QUESTION_WORDS), so it is only ever searched as part of that synonym.
STOP_EN = _stop_list("en") - {"other"}

# Words that make a sentence a question but say nothing about the rule; dropped from queries (in
# both languages, whatever the interface language) so "posso ritirarmi in un sistema vuoto?" and
# "can I retreat into a system with enemy ships?" search for their content words only. The
# apostrophe splits English contractions ("I'm" -> i, m; "don't" -> don, t): their tails, and the
# forms typed on a phone without the apostrophe ("im", "dont"), are not content words either;
# nor are "vs" between two terms or the empty verb "fare" ("quante navi posso fare").
QUESTION_WORDS = frozenset(
    fold(w)
    for w in """
    cosa cos quando dove perché perche quale quali chi quanto quanti quante come succede accade
    avviene funziona funzionano posso puoi può puo possiamo potete possono potrei potrebbe devo
    deve devono dobbiamo bisogna serve servono vale valgono regola regole domanda
    anche ancora qualcosa qualche ogni molto tanto poi allora ecco esattamente davvero
    what whats how when where why who whom which whose does do did can could should would shall
    must may might happens happen happened work works rule rules question
    get gets got there is are was were am be been allowed possible able ok okay please exactly
    also still anything something someone any every really
    m s t d ll re ve im ive id dont doesnt cant isnt arent wont didnt
    vs versus fare fa faccio fanno other
    """.split()
)
QUERY_STOP_WORDS = STOP_IT | STOP_EN | QUESTION_WORDS


_SNOWBALL_IT = stemmer_for_language("it")
# Words Snowball stems like another word of the rules: "corazzata" (the dreadnought of Eclipse and
# TI4) like "corazzato" (Parsec's armoured transport), so "dread" found Parsec first.
ITALIAN_STEMS = {"corazzata": "corazzat", "corazzate": "corazzat"}


def italian_stem(word: str) -> str:
    """Snowball's Italian stem, but for the words in ITALIAN_STEMS."""
    return ITALIAN_STEMS.get(word) or _SNOWBALL_IT(word)


@lru_cache(maxsize=None)
def italian_analyzer() -> Analyzer:
    return (
        RegexTokenizer(WORD_PATTERN)
        | LowercaseFilter()
        | CharsetFilter(accent_map)
        | StopFilter(stoplist=STOP_IT, minsize=1)
        | StemFilter(stemfn=italian_stem, lang=None, cachesize=-1)
    )


@lru_cache(maxsize=None)
def english_analyzer() -> Analyzer:
    return (
        RegexTokenizer(WORD_PATTERN)
        | LowercaseFilter()
        | CharsetFilter(accent_map)
        | StopFilter(stoplist=STOP_EN, minsize=1)
        | StemFilter(stemfn=stemmer_for_language("en"), lang=None, cachesize=-1)
    )


@lru_cache(maxsize=None)
def spelling_analyzer() -> Analyzer:
    return RegexTokenizer(SPELLING_PATTERN) | LowercaseFilter() | StopFilter(stoplist=QUERY_STOP_WORDS, minsize=3)


ANALYZERS = {"it": italian_analyzer, "en": english_analyzer}


def terms(text: str, lang: str) -> list[str]:
    """The index terms of ``text`` in ``lang`` (stop words dropped), in order."""
    return [token.text for token in ANALYZERS[lang]()(text)]


@lru_cache(maxsize=8192)
def term(word: str, lang: str) -> str | None:
    """The index term of one word, or None if it is a stop word. Remembered: planning one
    question asks for the same few words' terms about 40 times (each field, synonyms, glossary)."""
    found = terms(word, lang)
    return found[0] if found else None
