"""Is this a word of Italian or English? The speller corrects only words that are neither.

The rulebooks' vocabulary alone made "outright" into "upright" and "useless" into "use less":
a player's real word the rules happen not to use is not a typo. The word lists are
pyspellchecker's (pinned in requirements.txt), read from the gzipped JSON its wheel ships, so
nothing is fetched at run time: about 110,000 Italian and 128,000 English forms, inflections
included ("pedine", "rompono", "sposto"). Against wordfreq's lists (docs/search.md): similar
coverage once thresholded, a wheel eight times smaller, no dependencies, a tenth of the load time.

Italian adds simplemma's lemma dictionary (its lowercase forms and lemmas of 358,000 entries,
read through its public ``DefaultDictionaryFactory``): pyspellchecker's Italian lacks whole families of everyday words
("distruttore", "perdenti", "bloccanti", "stellare", "asteroidi", "orbitali", "schieramento"), which
the speller then turned into rulebook words ("distrutte", "presenti"). With it, and the prefixes
below, 322 of the 683 rulebook words of 5+ letters the list lacked are known, and one-letter typos
of the rulebooks' words that count as words rise from 0.64% to 0.96% (docs/search.md, "Words the lists
lacked"). English would gain 10 of 174, so it keeps one list. Both languages' lists are read once per
process when an index is opened, not by the first request: 1.0 s, and 30 MB more resident memory
than pyspellchecker's alone (0.3 s; 66 MB more at the peak, while simplemma's table is read); a
lookup costs ~2 µs.

No frequency threshold: of one-letter typos of the rulebooks' own words, 1.8% are listed words;
dropping the forms listed at the lowest count brings that only to 1.3% and drops 80,000 real
Italian forms ("imparavamo", "accostandosi"). None of the typos of the sets tuned on until the
eighth round is listed; a held-out set has one that is ("wrap" for "warp", searched as typed).
"""

from __future__ import annotations

import gzip
import json
import re
from functools import cache
from itertools import chain
from typing import Iterable
from importlib.resources import files

from simplemma.strategies import DefaultDictionaryFactory

from rules_db.search.analysis import fold

LANGS = ("it", "en")

# Italian joins unstressed pronouns to infinitives and gerunds ("ritirarmi", "spostandola",
# "comporla"); the lists hold the bare verb forms only.
_PRONOUNS = re.compile(r"(?:(?:me|te|se|ce|ve|glie)(?:lo|la|li|le|ne)|gli|mi|ti|si|ci|vi|lo|la|li|le|ne)$")
MIN_VERB = 6  # shorter bare forms ("bare", "care") let typos through: "carti", "barne"


@cache
def words(lang: str) -> frozenset[str]:
    """Every form of ``lang`` the word list holds, folded (so "citta" is "città")."""
    data = (files("spellchecker") / "resources" / f"{lang}.json.gz").read_bytes()
    # Most forms are plain ASCII and lowercase already: folding only the others makes the load
    # four times faster. Entries with an apostrophe or a bracket ("all'abate", "abbey's") can
    # never be a query word (split on letters), so they are left out.
    listed: Iterable[str] = json.loads(gzip.decompress(data))
    if lang == "it":
        lemmas = DefaultDictionaryFactory().get_dictionary(lang)
        # Its lowercase forms and their lemmas: the capitalised entries are mostly names ("Agnelli").
        listed = chain(listed, (form for form in chain(lemmas, lemmas.values()) if form.islower()))
    return frozenset(word if word.isascii() else fold(word) for word in listed if word.isalpha())


def load() -> None:
    """Read both languages' lists now (at index open), so no request pays for it."""
    for lang in LANGS:
        words(lang)


def with_pronouns(folded: str) -> bool:
    """An Italian infinitive or gerund the list holds, with pronouns joined: "ritirar-mi"
    (ritirare), "compor-la" (comporre), "spostando-la". Measured on the rulebooks' own words the
    list lacks, this accepts 68 of 634, all real; of 121,482 one-letter typos of those words that
    are not listed, 42 pass, most of them real forms ("cambiarle") but not all ("particolarmene")."""
    match = _PRONOUNS.search(folded)
    stem = folded[: match.start()] if match else ""
    forms = [stem + "e"] if stem.endswith(("ar", "er", "ir")) else []  # -are, -ere, -ire
    forms += [stem + "re"] if stem.endswith(("ar", "or", "ur")) else []  # trarre, porre, condurre
    forms += [stem] if stem.endswith(("ando", "endo")) else []  # gerunds
    return any(len(form) >= MIN_VERB and form in words("it") for form in forms)


# Italian prefixes that make a word of any word ("iperspaziale", "retrocedere", "sovraccarico"). Not
# "anti", "contro" or "terra": the rulebooks write those apart ("anti caccia"), and the speller's
# split of "anticaccia" finds the rule that a word taken whole would not.
_PREFIXES = re.compile(r"^(?:iper|retro|sovra|ultra|extra|micro|macro|multi|semi|super|inter)(?=[a-z]{5,}$)")


def with_prefix(folded: str) -> bool:
    """An Italian word the list holds, after a prefix that makes a word of any word."""
    match = _PREFIXES.match(folded)
    return match is not None and folded[match.end() :] in words("it")


def is_word(word: str, lang: str | None = None) -> bool:
    """``word`` is a form of ``lang``'s, or with no language of either (players mix them)."""
    folded = fold(word)
    return any(folded in words(each) for each in ((lang,) if lang else LANGS)) or (
        lang in (None, "it") and (with_pronouns(folded) or with_prefix(folded))
    )
